"""Which build of zhengshangyou a benchmark runs on: the pure-Python reference, or
the optional compiled build (``ZHENGSHANGYOU_COMPILE=1``, see ``hatch_build.py``),
whose modules shadow their sources when put first on ``PYTHONPATH`` (as
``bench_speed.py --compiled`` and ``bench_compiled.py`` do)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "src"


def use_checkout() -> None:
    """Put this checkout's ``src`` on ``sys.path`` after the entries of ``PYTHONPATH``
    (so that a compiled build put there still shadows it) and before any installed
    copy of the package. Call it before importing zhengshangyou."""
    given = [path for path in os.environ.get("PYTHONPATH", "").split(os.pathsep) if path]
    sys.path.insert(1 + len(given), str(SOURCES))  # (sys.path[0] is the script's folder)


def describe() -> str:
    """``build: pure Python`` or ``build: compiled (N modules: ...)``."""
    from zhengshangyou import compiled_modules

    names = compiled_modules()
    if not names:
        return "build: pure Python"
    short = ", ".join(name.removeprefix("zhengshangyou.") for name in names)
    return f"build: compiled ({len(names)} modules: {short})"
