"""The optional compiled build (hatch_build.py): which modules it compiles, how it
is asked for, and that the build under test is the one CI says it is.

The compiled build's correctness is the rest of the suite: `.ci/run` runs the tests
of tests/ again on the compiled wheel, with ZHENGSHANGYOU_REQUIRE_COMPILED=1.
"""

from __future__ import annotations

import os
import sys
import sysconfig
from pathlib import Path

import pytest

import zhengshangyou
from zhengshangyou.compiled import COMPILED

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
try:
    import hatch_build
finally:
    sys.path.remove(str(ROOT))


def test_the_build_compiles_the_modules_the_package_lists() -> None:
    assert tuple(sorted(f"zhengshangyou.{name}" for name in hatch_build.MODULES)) == COMPILED
    package = ROOT / "src" / "zhengshangyou"
    assert hatch_build.MODULES
    for name in hatch_build.MODULES:
        assert hatch_build.source(package, name).is_file(), name
    assert "rules" not in hatch_build.MODULES  # (Cython cannot compile it)


def test_compiled_modules_names_either_none_or_every_compiled_module() -> None:
    assert zhengshangyou.compiled_modules() in ((), COMPILED)


def test_the_build_under_test_is_the_one_asked_for() -> None:
    # ZHENGSHANGYOU_REQUIRE_COMPILED=1 asks for the compiled build, 0 for the pure
    # one (.ci/run sets each for its run); unset, either build may be under test.
    asked = os.environ.get("ZHENGSHANGYOU_REQUIRE_COMPILED", "")
    assert asked in ("", "0", "1"), asked
    found = zhengshangyou.compiled_modules()
    if asked:
        assert found == (COMPILED if asked == "1" else ())
    compiled = found == COMPILED
    for name in COMPILED:
        origin = sys.modules[name].__file__
        assert origin is not None
        assert origin.endswith(".py") is not compiled, origin


@pytest.mark.parametrize(("value", "compile_"), [("", False), ("0", False), ("1", True)])
def test_the_switch_asks_for_the_compiled_build(
    monkeypatch: pytest.MonkeyPatch, value: str, compile_: bool
) -> None:
    monkeypatch.setenv(hatch_build.SWITCH, value)
    assert hatch_build.wanted() is compile_


@pytest.mark.parametrize("value", ["yes", "true", "2", " 1"])
def test_a_mistyped_switch_is_refused_not_read_as_the_pure_build(
    monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    monkeypatch.setenv(hatch_build.SWITCH, value)
    with pytest.raises(ValueError, match=hatch_build.SWITCH):
        hatch_build.wanted()


def test_the_compiler_keeps_pythons_own_flags(monkeypatch: pytest.MonkeyPatch) -> None:
    # setuptools compiles with CFLAGS in place of Python's flags: a CFLAGS of "-g0"
    # alone would drop -O3 (a compiled build that measured slower than the pure one).
    monkeypatch.delenv("CFLAGS", raising=False)
    own = sysconfig.get_config_var("CFLAGS") or ""
    flags = hatch_build._cflags()
    assert flags.startswith(own)
    assert flags.endswith("-g0")
    monkeypatch.setenv("CFLAGS", "-O2 -march=native")
    assert hatch_build._cflags() == "-O2 -march=native -g0"
