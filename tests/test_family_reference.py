"""The library against the brute-force reference of ``tests/reference_family.py``
(FAMILY.md B3, B4, T3, T4): on random positions under every preset of the family and
under random valid option sets, every subset of the hand is read by both
(``classify_all``), every reading compared with the play to beat by both (``beats``),
and both views of ``legal_plays`` checked against the reference's plays and classes.
``benchmarks/agree_family_reference.py`` runs the same check at scale.
"""

from __future__ import annotations

import random

import pytest

from reference_family import FAMILY_PRESETS, check_position, random_rules
from zhengshangyou import Rules

#: Positions per preset, and of random option sets, in the normal run.
POSITIONS = 40
RANDOM_SETS = 120


@pytest.mark.parametrize("preset", FAMILY_PRESETS)
def test_B3_B4_T3_T4_library_agrees_with_the_reference_under_each_preset(preset: str) -> None:
    rng = random.Random(f"family-{preset}")
    rules = Rules.preset(preset)
    problems = [problem for _ in range(POSITIONS) for problem in check_position(rules, rng, 9)]
    assert problems == []


def test_B3_B4_T3_T4_library_agrees_with_the_reference_under_random_options() -> None:
    rng = random.Random("family-random")
    problems: list[str] = []
    for _ in range(RANDOM_SETS):
        problems += check_position(random_rules(rng), rng, 9)
    assert problems == []
