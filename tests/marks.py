"""Which cases of a parametrized test run in the README's command and which only in
the slow set (``-m slow``, which ``.ci/run`` runs too).

The environments and the JAX backend walk the same code under many presets; the
README's command keeps one case of each path (a preset with an auction, one without,
every Zheng Shangyou preset) and leaves the rest to the slow set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

#: Dou Dizhu presets whose environment paths ``doudizhu`` (an auction) and ``douzero``
#: (a fixed landlord) already walk in the README's command: RLCard's and OpenSpiel's
#: readings differ from them in kickers, scoring and the kitty's visibility, which
#: the game's own tests check.
ENGINE_PRESETS = frozenset({"rlcard", "openspiel"})

#: Big Two's and Tiến Lên's regional presets, whose paths ``big-two`` and ``tien-len``
#: (issue 37's two named presets) already walk in the README's command; what sets them
#: apart (suit orders, straights, chops, scorings) the family's own tests check.
FAMILY_REPEATS = frozenset({"big-two-taiwan", "pusoy-dos", "tien-len-pagat", "tien-len-north"})

#: The repeated presets of both families.
REPEATED_PRESETS = ENGINE_PRESETS | FAMILY_REPEATS


def slow_where(cases: Iterable[Any], slow: Callable[[Any], bool]) -> list[Any]:
    """``cases`` for ``pytest.mark.parametrize``, those where ``slow(case)`` marked slow.

    >>> [getattr(case, "marks", ()) != () for case in slow_where([1, 2], lambda case: case > 1)]
    [False, True]
    """
    marked: list[Any] = []
    for case in cases:
        if slow(case):
            values = case if isinstance(case, tuple) else (case,)
            marked.append(pytest.param(*values, marks=pytest.mark.slow))
        else:
            marked.append(case)
    return marked
