"""Which build of the library runs: the pure-Python reference, or the optional
compiled build, whose wheel (built with ``ZHENGSHANGYOU_COMPILE=1``, see
``hatch_build.py`` and :ref:`compiled-build`) holds the modules a move goes through
compiled by Cython from the same sources. Both builds are the same program and
pass the same tests; the compiled one plays whole games about 1.3 times as fast.

>>> compiled_modules() in ((), COMPILED)
True
"""

from __future__ import annotations

import importlib.machinery
import sys

__all__ = ["COMPILED", "compiled_modules"]

#: The modules the compiled build compiles (hatch_build.py's ``MODULES``), sorted.
COMPILED = (
    "zhengshangyou.actions",
    "zhengshangyou.cards",
    "zhengshangyou.combinations",
    "zhengshangyou.game",
    "zhengshangyou.hand",
    "zhengshangyou.moves",
    "zhengshangyou.plays",
    "zhengshangyou.scoring",
)


def compiled_modules() -> tuple[str, ...]:
    """The names of the library's modules that run compiled, sorted: :data:`COMPILED`
    under the compiled build, none under the pure-Python reference. Every one of
    them is imported with the package, so the answer is whole from the first import.

    >>> "zhengshangyou.rules" in compiled_modules()    # never compiled (Cython cannot)
    False
    """
    return tuple(
        sorted(
            name
            for name, module in list(sys.modules.items())
            if name.startswith("zhengshangyou.")
            and isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)
        )
    )
