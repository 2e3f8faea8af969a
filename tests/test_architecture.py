"""The seams between modules are public names (issue 14): no module of the package
imports another module's private name, or reaches into another module for one.

A module's own private names (a leading underscore) are its business; what other
modules use is named without one, with a docstring, and a module's ``__all__`` says
which of those names are for users. This keeps the interfaces between modules
visible: an edit to a private name can break only its own module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "zhengshangyou"
MODULES = sorted(path for path in PACKAGE.rglob("*.py"))


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def private_uses(source: str) -> list[str]:
    """The private names of other package modules that ``source`` imports or reads
    through a module it imported."""
    tree = ast.parse(source)
    found: list[str] = []
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("zhengshangyou"):
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.module}.{alias.name}")
                elif node.module == "zhengshangyou":
                    modules.add(alias.asname or alias.name)  # from zhengshangyou import moves
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("zhengshangyou."):
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=[path.stem for path in MODULES])
def test_no_module_uses_another_modules_private_names(path: Path) -> None:
    assert private_uses(path.read_text(encoding="utf-8")) == []


def test_the_check_sees_private_imports_and_module_attributes() -> None:
    assert private_uses("from zhengshangyou.plays import _reader, Play") == [
        "zhengshangyou.plays._reader"
    ]
    assert private_uses("from zhengshangyou import moves\nmoves._tables(x)") == ["moves._tables"]
    assert private_uses("import zhengshangyou.moves as m\nm._bits(1)") == ["m._bits"]
    assert private_uses("from zhengshangyou.plays import reader\nreader(x)._cache") == []


#: The most complex a function of the package may be (radon's cyclomatic complexity):
#: a function past it is split (issue 14: the reader's was 43 before the catalogue).
MOST_COMPLEX = 25


@pytest.mark.parametrize("path", MODULES, ids=[path.stem for path in MODULES])
def test_no_function_is_more_complex_than_the_limit(path: Path) -> None:
    from radon.visitors import ComplexityVisitor  # type: ignore[import-untyped]

    # The blocks are every function, class and method of the module.
    blocks = ComplexityVisitor.from_code(path.read_text(encoding="utf-8")).blocks
    too_complex = [
        f"{block.name} ({block.complexity})" for block in blocks if block.complexity > MOST_COMPLEX
    ]
    assert too_complex == []


def test_the_complexity_check_sees_methods() -> None:
    from radon.visitors import ComplexityVisitor

    blocks = ComplexityVisitor.from_code((PACKAGE / "moves.py").read_text(encoding="utf-8")).blocks
    assert "plays" in {block.name for block in blocks}  # Tables.plays, a method


def test_the_core_imports_only_attrs() -> None:
    """The runtime dependency is attrs alone: importing the package (and playing a
    hand) loads none of the extras' libraries (numpy, rich, the environments')."""
    import subprocess
    import sys

    script = (
        "import sys, zhengshangyou\n"
        "game = zhengshangyou.Game(seed=1)\n"
        "game.play(next(iter(game.legal_moves())))\n"
        "zhengshangyou.ActionSpace(game.rules).mask(game.observation(game.to_act))\n"
        "print(sorted(m for m in ('numpy', 'rich', 'gymnasium', 'pettingzoo', 'pyspiel', 'jax') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
