"""Perft-style counts of the legal-move generator (R3, R4, R5.1, R5.2).

``tests/perft.json`` holds fixed positions (a hand, a rule set, the play to
beat, the revolution flag) with their number of legal plays in the card view
and in the class view. The counts were derived by ``tests/make_perft.py`` by
brute force over every sub-multiset of the hand with the independent reference
reader of ``tests/reference.py``, never with the code under test; here
``legal_plays(...).count()`` must reproduce them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from zhengshangyou import Hand, Kind, Play, Rules, parse_cards
from zhengshangyou.moves import legal_plays

FIXTURE = Path(__file__).with_name("perft.json")
DATA: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
POSITIONS: list[dict[str, Any]] = DATA["positions"]


def _rules(position: dict[str, Any]) -> Rules:
    return Rules.preset(position["preset"], **position["options"])


def _top(position: dict[str, Any], rules: Rules) -> Play | None:
    if position["top"] is None:
        return None
    kind = Kind(position["top_kind"]) if position["top_kind"] else None
    return Play.parse(position["top"], rules, kind=kind)


@pytest.mark.parametrize("view", ["cards", "classes"])
@pytest.mark.parametrize("position", POSITIONS, ids=[position["id"] for position in POSITIONS])
def test_R3_R4_perft_counts(position: dict[str, Any], view: str) -> None:
    rules = _rules(position)
    plays = legal_plays(
        Hand.parse(position["hand"]),
        rules,
        _top(position, rules),
        view="cards" if view == "cards" else "classes",
        revolution=position["revolution"],
    )
    assert plays.count() == position[view], position["note"]


def test_perft_fixture_is_what_make_perft_describes() -> None:
    """The stored positions are those of ``make_perft.POSITIONS`` (regenerate after editing)."""
    # Imported here: make_perft needs tests/reference.py, the counts above do not.
    from make_perft import FORMAT
    from make_perft import POSITIONS as SPECS

    assert DATA["format"] == FORMAT
    stored = [{k: v for k, v in p.items() if k not in ("cards", "classes")} for p in POSITIONS]
    assert stored == [spec.spec() for spec in SPECS]


def test_perft_fixture_covers_what_the_issue_asks() -> None:
    """At least 40 positions, every preset, one and two decks, hands of 5 to 14 cards,
    leads and answers, revolution, and a top play of each of the main kinds."""
    assert len(POSITIONS) >= 40
    # (every preset of Zheng Shangyou, RULES.md section 9: the fixture predates the family's)
    assert {position["preset"] for position in POSITIONS} == {"zhengshangyou", "winner", "winner-classic", "two-deck"}
    assert {_rules(position).decks for position in POSITIONS} == {1, 2}
    sizes = Counter(len(parse_cards(position["hand"])) for position in POSITIONS)
    assert min(sizes) == 5
    assert max(sizes) == 14
    assert any(position["top"] is None for position in POSITIONS)
    assert any(position["revolution"] for position in POSITIONS)
    tops = {
        play.kind
        for position in POSITIONS
        if (play := _top(position, _rules(position))) is not None
    }
    assert tops >= {
        Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE, Kind.TRIPLE_WITH_SINGLE,
        Kind.FOUR_OF_A_KIND, Kind.STRAIGHT, Kind.PAIR_RUN, Kind.TRIPLE_RUN,
        Kind.STRAIGHT_FLUSH, Kind.TRIPLE_BOMB, Kind.BOMB, Kind.BOMB_WITH_KICKER,
        Kind.JOKER_BOMB,
    }
    modes = {_rules(position).straight_flush for position in POSITIONS}
    assert modes == {"none", "distinct", "beats_straights", "bomb"}
