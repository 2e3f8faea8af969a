"""The optional compiled build of zhengshangyou: a hatchling build hook.

By default a wheel is the pure-Python reference, which runs everywhere. Built with
the environment variable ``ZHENGSHANGYOU_COMPILE=1``, the wheel also holds the
modules a move goes through (:data:`MODULES`) compiled by Cython from the same
``.py`` files, unchanged; Python imports a compiled module in place of its source::

    ZHENGSHANGYOU_COMPILE=1 pip install --no-binary zhengshangyou zhengshangyou
    ZHENGSHANGYOU_COMPILE=1 python -m build --wheel      # from a clone

The build then needs Cython and setuptools (the hook asks for them) and a C
compiler. The wheel is tagged for the Python and the platform it was built on.
``zhengshangyou.compiled_modules()`` says which modules run compiled.

The directives are ``language_level=3`` and ``annotation_typing=False``: Cython
otherwise holds arguments to their annotations more strictly than Python does (it
refuses an enum class where ``type`` is annotated), and the compiled code would
not be the same program. ``rules.py`` is left out: Cython cannot compile it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.config import BuilderConfig
from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _listed() -> tuple[str, ...]:
    """The package's own list of its compiled modules (``zhengshangyou.compiled.COMPILED``),
    read from its source file: the build environment need not hold the package's
    dependencies."""
    path = Path(__file__).resolve().parent / "src" / "zhengshangyou" / "compiled.py"
    spec = importlib.util.spec_from_file_location("_zhengshangyou_compiled", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot read {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(str(name).removeprefix("zhengshangyou.") for name in module.COMPILED)


#: The modules a move goes through, compiled: a hand, its plays, the generator, the game.
MODULES = _listed()
#: Cython's directives for them (see the module's docstring).
DIRECTIVES = "annotation_typing=False"
#: The environment variable that asks for the compiled build, and the value that does.
SWITCH, ON = "ZHENGSHANGYOU_COMPILE", "1"


def wanted() -> bool:
    """Whether this build is to compile (``ZHENGSHANGYOU_COMPILE=1``); any other
    value but empty or ``0`` is refused, so that a typo never builds the pure wheel
    silently."""
    value = os.environ.get(SWITCH, "")
    if value not in ("", "0", ON):
        raise ValueError(f"{SWITCH} must be 1 (compile) or 0 (the pure build), not {value!r}")
    return value == ON


def _cflags() -> str:
    """The C compiler's flags: the caller's ``CFLAGS``, else Python's own (its ``-O3``),
    then ``-g0``, no debugging information (the modules a sixth of the size, the
    same code). setuptools compiles with ``CFLAGS`` in place of Python's flags, not
    after them, so the variable must carry them whole."""
    base = os.environ.get("CFLAGS", sysconfig.get_config_var("CFLAGS") or "")
    return f"{base} -g0".strip()


def source(package: Path, name: str) -> Path:
    """The source file of the module ``name`` (dotted below the package, as
    ``game.state``) of the package directory ``package``."""
    return package.joinpath(*name.split(".")).with_suffix(".py")


def compile_modules(package: Path, modules: tuple[str, ...] = MODULES) -> list[Path]:
    """Compile ``modules`` of the package directory ``package`` in place with Cython
    (C files and extension modules beside the sources); the extension modules."""
    done = subprocess.run(
        [
            sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-q", "-j", str(os.cpu_count() or 1),
            "-X", DIRECTIVES, *(str(source(package, name)) for name in modules),
        ],
        cwd=package.parent, capture_output=True, text=True, check=False,
        env=dict(os.environ, CFLAGS=_cflags()),
    )
    if done.returncode:
        raise RuntimeError(f"Cython failed to compile the modules:\n{done.stdout}\n{done.stderr}")
    built = {
        ".".join((*path.relative_to(package).parent.parts, path.name.split(".")[0])): path
        for path in package.rglob("*")
        if path.suffix in (".so", ".pyd")
    }
    if sorted(built) != sorted(modules):
        raise RuntimeError(f"Cython built {sorted(built)}, not {sorted(modules)}")
    return [built[name] for name in modules]


class CompiledBuildHook(BuildHookInterface[BuilderConfig]):
    """Adds the compiled modules to a wheel when :func:`wanted`; else does nothing."""

    PLUGIN_NAME = "custom"
    _work: Path | None = None  # where the modules are compiled, until the wheel is written

    def dependencies(self) -> list[str]:
        return ["cython>=3.3.1", "setuptools>=84"] if wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if not wanted():
            return
        if version == "editable":
            # (A compiled module beside an edited source would hide the edit.)
            self.app.display_warning(f"{SWITCH}: an editable install stays pure Python")
            return
        work = self._work = Path(tempfile.mkdtemp(prefix="zhengshangyou-compile-"))
        package = work / "zhengshangyou"
        shutil.copytree(Path(self.root) / "src" / "zhengshangyou", package)
        for path in compile_modules(package):
            build_data["force_include"][str(path)] = f"zhengshangyou/{path.relative_to(package).as_posix()}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"{SWITCH}: compiled {', '.join(MODULES)}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work, self._work = self._work, None
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
