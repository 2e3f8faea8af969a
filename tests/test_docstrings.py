"""Every public name has a docstring with a runnable example (the doctests run them).

Type aliases (``Literal`` and union types such as ``Move`` and ``Phase``) are
not objects that can carry a docstring; the API reference describes them.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import types
import typing

import pytest

import zhengshangyou


def _public_objects() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    for info in pkgutil.iter_modules(zhengshangyou.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"zhengshangyou.{info.name}")
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if isinstance(value, (str, int, dict, tuple, types.UnionType)):
                continue
            if typing.get_origin(value) is not None:  # a Literal or Union alias
                continue
            found.append((f"{info.name}.{name}", value))
            if inspect.isclass(value):
                for attribute, member in vars(value).items():
                    if attribute.startswith("_"):
                        continue
                    if isinstance(member, (property, classmethod, staticmethod)) or callable(member):
                        found.append((f"{info.name}.{name}.{attribute}", member))
    return found


OBJECTS = _public_objects()


@pytest.mark.parametrize(("name", "value"), OBJECTS, ids=[name for name, _ in OBJECTS])
def test_public_name_has_an_example(name: str, value: object) -> None:
    doc = value.__doc__ if isinstance(value, property) else inspect.getdoc(value)
    assert doc, f"{name} has no docstring"
    assert ">>>" in doc, f"{name} has no runnable example"


def test_there_are_many_public_names() -> None:
    assert len(OBJECTS) > 100
