"""Big Two, Pusoy Dos and Tiến Lên at the browser table (issue 37, acceptance 4),
through its HTTP API as tests/test_web.py drives Zheng Shangyou: a newcomer plays a
whole hand of each preset, following the hints, to the scores, which the table
gives as :func:`~zhengshangyou.narrate.score_lines` counts them (B7.1, T7); no
response ever shows a card another seat holds, nor one the deal left out (B2.1,
T2.1). The expected values come from the game the table built and from FAMILY.md,
never from the page.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from test_web import Table, leaked
from zhengshangyou import Card, Rules
from zhengshangyou.narrate import score_lines

#: Each preset and the rule its score lines give (FAMILY.md B8, T8).
PRESETS = {
    "big-two": "B7.1",
    "big-two-taiwan": "B7.1",
    "pusoy-dos": "R7.3",  # (scoring="none": the finishing order only)
    "tien-len": "T7.2",
    "tien-len-pagat": "T7.1",
    "tien-len-north": "T7.2",
}


class FamilyTable(Table):
    """The test client of tests/test_web.py, which also checks every response for the
    cards the deal left out (but the start card, a rule every seat knows)."""

    def call(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        answer = super().call(path, body, status)
        undealt = set(self.game.state.deal.undealt) - {self.game.rules.start_card}
        assert leaked(json.dumps(answer, ensure_ascii=False), undealt, named=str(body)) == set()
        return answer


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("preset", tuple(PRESETS))
def test_acceptance_4_a_newcomer_plays_a_whole_hand_at_the_browser_table(preset: str, players: int) -> None:
    rules = Rules.preset(preset, players=players)
    table = FamilyTable(rules, seed=3)
    view = table.play_hand()
    game = table.game
    assert game.is_hand_over
    result = game.state.result
    assert result is not None
    assert game.state.deal.undealt or players == 4  # (2 players: 26 cards left out, B2.1, T2.1)
    names = [seat["name"] for seat in view["seats"]]
    assert view["result"]["lines"] == list(score_lines(result, rules, names))
    rule = PRESETS[preset]
    assert all(line.endswith(f"({rule})") for line in view["result"]["lines"][1:])
    assert [seat["score"] for seat in view["seats"]] == list(game.scores)
    assert sum(game.scores) == 0  # (each of B7.1's, T7.1's and T7.2's payments goes from a seat to another)
    assert table.responses > 3


def test_B8_T8_the_page_is_headed_with_the_game_the_rules_play() -> None:
    # FAMILY.md's part headings: "Big Two (大老二 / 鋤大D / Pusoy Dos)", "Tiến Lên";
    # B0: 鋤大D is Hong Kong's name, 大老二 Taiwan's.
    table = FamilyTable(Rules.preset("big-two"), seed=1)
    assert table.call("/api/view")["game"] == {"name": "Big Two", "native": "鋤大D", "lang": "zh-Hant-HK", "first_out": None}
    expected = {
        "big-two-taiwan": {"name": "Big Two", "native": "大老二", "lang": "zh-Hant-TW", "first_out": None},
        "pusoy-dos": {"name": "Pusoy Dos", "native": None, "lang": None, "first_out": None},
        "tien-len": {"name": "Tiến Lên", "native": None, "lang": None, "first_out": None},
        "doudizhu": {"name": "Dou Dizhu", "native": "斗地主", "lang": "zh-Hans", "first_out": None},
        # R6.1: the Winner is 上游 in Zheng Shangyou
        "zhengshangyou": {"name": "Zheng Shangyou", "native": "争上游", "lang": "zh-Hans", "first_out": "上游"},
    }
    for preset, game in expected.items():  # a new game from the form names its own game
        view = table.call("/api/new", {"preset": preset, "options": {"players": 3}})
        assert (view["rules"]["preset"], view["game"]) == (preset, game)


#: Each preset's suits, weakest first, as FAMILY.md gives them (B1.2, T1.1).
SUIT_ORDERS = {"big-two": "♦♣♥♠", "big-two-taiwan": "♣♦♥♠", "pusoy-dos": "♣♠♥♦", "tien-len": "♠♣♦♥"}


@pytest.mark.parametrize("preset", tuple(SUIT_ORDERS))
def test_B1_2_T1_1_the_hand_is_shown_in_the_games_suit_order(preset: str) -> None:
    view = FamilyTable(Rules.preset(preset), seed=2).call("/api/view")
    cards = [Card.parse(card["code"]) for card in view["hand"]]
    assert len(cards) == 13
    assert [card.rank for card in cards] == sorted(card.rank for card in cards)
    order = SUIT_ORDERS[preset]
    same_rank = [(left, right) for left, right in itertools.pairwise(cards) if left.rank == right.rank]
    assert same_rank  # (the seed deals two cards of a rank)
    for left, right in same_rank:
        assert order.index(left.unicode()[-1]) < order.index(right.unicode()[-1]), (left, right)
