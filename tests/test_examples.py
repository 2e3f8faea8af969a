"""Every example runs (issue: examples), as a script, to the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# learn.py trains for minutes by default; tests/test_env_gymnasium.py runs its --quick mode.
EXAMPLES = sorted(
    path for path in (Path(__file__).parent.parent / "examples").glob("*.py") if path.name != "learn.py"
)


def test_there_are_examples() -> None:
    names = {path.name for path in EXAMPLES}
    assert {"random_game.py", "own_bot.py", "referee_dispute.py", "ui_loop.py"} <= names
    assert (EXAMPLES[0].parent / "learn.py").exists()


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_example_runs(path: Path) -> None:
    arguments = {"own_bot.py": ["40"], "jax_train.py": ["--short"]}.get(path.name, [])
    done = subprocess.run(
        [sys.executable, str(path), *arguments], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
