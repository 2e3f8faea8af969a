"""The generator's lists are what they were before the catalogue (issue 14).

``tests/class_views.json`` was recorded by ``tests/make_class_views.py`` with the
code as it stood before the combinations were moved into one catalogue: 11,000
seeded positions over ten rule sets (the four presets and variations), each with
a digest of its class view, of its card view (small hands) and of its rank plays'
ids, and each rule set with its whole rank-play space. A rule set is rebuilt from
its stored options, so ``two-deck`` is rebuilt as it was then, without the
airplanes (R3.18) that the preset has gained since. The lists must be identical,
in order (R3, R4, R5.1, R5.2, R2.5, R4.8): the rewrite may not change a play,
its order, or a rank play's id.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from make_class_views import FIXTURE, FORMAT, positions
from zhengshangyou.rankplays import rank_plays
from zhengshangyou.rules import Rules

DATA: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
RULE_SETS: dict[str, Any] = DATA["rule_sets"]


def test_the_fixture_is_the_recorded_format() -> None:
    assert DATA["format"] == FORMAT
    assert sum(len(rule_set["positions"]) for rule_set in RULE_SETS.values()) >= 10_000


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_R3_R4_class_and_card_views_are_unchanged(name: str) -> None:
    recorded = RULE_SETS[name]
    rules = Rules.from_dict(recorded["options"])
    for number, (now, then) in enumerate(
        zip(positions(rules, recorded["seed"]), recorded["positions"], strict=True)
    ):
        assert now == then, f"{name}: position {number} changed"


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_R3_rank_play_ids_are_unchanged(name: str) -> None:
    recorded = RULE_SETS[name]
    space = rank_plays(Rules.from_dict(recorded["options"]))
    assert [[play.kind.value, str(play), play.key] for play in space] == recorded["rank_plays"]


@pytest.mark.parametrize(
    ("name", "wings"),
    [("two-deck", "pairs"), ("two-deck-flush-bombs", "pairs"), ("two-deck-by-suit", "pairs"),
     ("zhengshangyou", "singles_or_pairs")],
)
def test_R3_18_airplanes_keep_the_ids_of_the_older_rank_plays(name: str, wings: str) -> None:
    # The same rule sets with airplanes on: the recorded rank plays keep their ids,
    # and the airplanes come after them (kinds added later are listed last).
    recorded = RULE_SETS[name]
    rules = Rules.from_dict({**recorded["options"], "airplane_wings": wings})
    space = rank_plays(rules)
    old = len(recorded["rank_plays"])
    assert [[play.kind.value, str(play), play.key] for play in space[:old]] == recorded["rank_plays"]
    expected = {"airplane_with_pairs"} | ({"airplane_with_singles"} if wings != "pairs" else set())
    assert {play.kind.value for play in space[old:]} == expected
