"""The test configuration's own lists name tests that exist (tests/conftest.py)."""

from __future__ import annotations

from pathlib import Path

from conftest import UNTRACED


def test_every_untraced_test_exists() -> None:
    # a renamed test would quietly go back under the tracer: each name is a test here
    sources = "\n".join(path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_*.py"))
    missing = [name for name in sorted(UNTRACED) if f"def {name}(" not in sources]
    assert missing == []
