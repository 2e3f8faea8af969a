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

__all__ = ["COMPILED", "NoCython", "compiled_modules"]

#: The modules the compiled build compiles (hatch_build.py's ``MODULES``), sorted.
COMPILED = (
    "zhengshangyou.actions",
    "zhengshangyou.cards",
    "zhengshangyou.combinations",
    "zhengshangyou.game.deal",
    "zhengshangyou.game.exchange",
    "zhengshangyou.game.handle",
    "zhengshangyou.game.legal",
    "zhengshangyou.game.observation",
    "zhengshangyou.game.phase",
    "zhengshangyou.game.scoring",
    "zhengshangyou.game.state",
    "zhengshangyou.game.trickplay",
    "zhengshangyou.hand",
    "zhengshangyou.moves",
    "zhengshangyou.plays",
    "zhengshangyou.scoring",
)


class NoCython:
    """Stands in for Cython's ``cython`` module where Cython is not installed, which
    the pure-Python build never needs.

    The modules that build objects on every move (:mod:`~zhengshangyou.plays`,
    :mod:`~zhengshangyou.hand`, :mod:`~zhengshangyou.moves`,
    :mod:`~zhengshangyou.game.state`) ask ``cython.compiled``.
    Cython makes it True when it compiles them, and they then set a new object's
    slots by one C call each (``PyObject_GenericSetAttr``): a Python call of a slot's
    setter makes a tuple of its arguments, which is most of the cost of a new play
    there. Run as Python, by Cython's own ``cython`` module or by this class, it is
    False, and they call the slots' own setters.

    >>> NoCython.compiled
    False
    """

    #: Whether the module asking runs compiled: never, where this class stands in.
    compiled = False


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
