"""Big Two, Pusoy Dos and Tiến Lên in the terminal (issue 37, acceptance 4): a
newcomer plays a whole hand of each preset with ``zhengshangyou play --preset``,
following the hints (``?``), against random bots, to the scores; each score line
gives the rule that counts it (B7.1, T7.1, T7.2), and no card the deal left out
(B2.1, T2.1) ever shows on the screen. Driven as tests/test_cli_play.py drives a
Zheng Shangyou hand; the expected values come from the game the command built and
from FAMILY.md's text (B7.1, T7), never from the screen itself.
"""

from __future__ import annotations

import itertools
import re

import pytest

from test_cli_play import play
from zhengshangyou import Game, Play, Rules
from zhengshangyou.cards import parse_cards
from zhengshangyou.narrate import move_text

#: Each preset and the rule its score lines give (FAMILY.md B8, T8).
PRESETS = {
    "big-two": "B7.1",
    "big-two-taiwan": "B7.1",
    "pusoy-dos": "R7.3",  # (scoring="none": the finishing order only)
    "tien-len": "T7.2",
    "tien-len-pagat": "T7.1",
    "tien-len-north": "T7.2",
}
#: The game each preset plays, as the header names it (FAMILY.md parts B and T), in
#: ASCII letters as the test's screen (no encoding) writes it.
GAMES = {
    "big-two": "Big Two",
    "big-two-taiwan": "Big Two",
    "pusoy-dos": "Pusoy Dos",
    "tien-len": "Tien Len",
    "tien-len-pagat": "Tien Len",
    "tien-len-north": "Tien Len",
}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("preset", tuple(PRESETS))
def test_acceptance_4_a_newcomer_plays_a_whole_hand_in_the_terminal(
    kept_games: list[Game], preset: str, players: int
) -> None:
    status, text = play(
        ["--preset", preset, "--players", str(players), "--seed", "3", "--bots", "random"], hints=True
    )
    assert status == 0
    (game,) = kept_games
    assert game.rules == Rules.preset(preset, players=players)
    assert game.is_hand_over
    result = game.state.results[-1]
    lines = text.splitlines()
    assert lines[0].startswith(f"{GAMES[preset]} · preset {preset} · {players} players · seed 3 ")
    assert "End of input" not in text
    # the newcomer played: its own plays are on the screen
    assert re.search(r"^(your move> )?seat 0 \(you\) plays ", text, re.MULTILINE)
    rule = PRESETS[preset]
    for seat in range(players):
        score = re.escape(f"{result.scores[seat]:+d}")
        assert re.search(rf"^seat {seat} \((you|random)\): {score}, .*\({rule}\)$", text, re.MULTILINE), seat
    if rule == "T7.1":  # the last pays 1 to each other player
        assert "the last out: pays 1 to each other player (T7.1)" in text
    if rule == "T7.2":  # the last pays the first 10 (T7.2)
        assert "10 from the last" in text
        assert "the last out: pays the first 10" in text
    # the cards the deal left out are never shown (B2.1, T2.1)
    play_text = text[text.index("Hand 1,") :]  # (after the help line's example cards)
    shown = set(re.findall(r"\b(?:10|[2-9JQKA])[SHDC]\b", play_text))
    assert not shown & ({str(card) for card in game.state.history()[0][0].undealt} - {str(game.rules.start_card)})
    deal = game.state.history()[0][0]
    if players == 2:
        assert len(deal.undealt) == 26
    start = game.rules.start_card
    leader = next(action.seat for action in game.state.history()[0][1] if isinstance(action.move, Play))
    either = f"leads: the holder of the start card {start}, or, if it was not dealt, of the lowest card dealt, leads"
    if leader != 0 and deal.undealt:
        # another seat leads, and the deal left cards out: whether the start card was
        # dealt shows only with its lead (R2.5, B2.2, T2.2), so the screen says both cases
        assert text.index(either) < text.index(f"seat {leader} (random) plays ")
    if start in deal.undealt:  # B2.2, T2.2: the lead says so, with the lowest card dealt
        order = game.rules.suit_order  # (B1.1, T1.1: by rank, then by suit)
        assert order is not None
        low = min((card for hand in deal.hands for card in hand), key=lambda card: (card.rank, order.index(card.suit)))
        if leader == 0:  # the newcomer leads: it sees the card its lead must include
            said = f"the start card {start} was not dealt: the holder of the lowest card dealt, {low}, leads"
            assert f"{said} ({'B2.2' if game.rules.poker_hands else 'T2.2'})" in text
        assert f"the first lead must include {low} (R2.5)" in text
    elif leader == 0 or not deal.undealt:
        assert f"leads: the holder of the start card {start} leads the first hand (R2.4)" in text


def test_B2_2_T2_2_a_lead_that_need_not_show_the_start_card_says_both_cases(kept_games: list[Game]) -> None:
    """Without R2.5 the first lead does not show whether the start card was dealt: the
    screen says the rule with both of its cases (T2.2), and the lead is not bound."""
    argv = ["--preset", "tien-len", "--players", "2", "--start-card-must-be-played", "false", "--seed", "1"]
    status, text = play([*argv, "--bots", "random"], hints=True)
    assert status == 0
    assert "leads: the holder of the start card 3S, or, if it was not dealt, of the lowest card dealt, leads the first hand (R2.4, T2.2)" in text
    assert "must include" not in text
    assert kept_games[0].is_hand_over


def test_B1_2_T1_1_the_terminal_shows_hands_and_plays_in_the_games_suit_order(kept_games: list[Game]) -> None:
    # Tiến Lên's suits are ♠ ♣ ♦ ♥, weakest first (T1.1); the test's screen writes letters.
    status, text = play(["--preset", "tien-len", "--seed", "3", "--bots", "random"], "quit")
    assert status == 0
    (line,) = [line for line in text.splitlines() if line.startswith("your hand (13): ")]
    cards = parse_cards(line.removeprefix("your hand (13): "))
    order = "SCDH"
    pairs = [(a, b) for a, b in itertools.pairwise(cards) if a.rank == b.rank]
    assert pairs  # (the seed deals two cards of a rank)
    assert all(order.index(str(a)[-1]) < order.index(str(b)[-1]) for a, b in pairs), line
    # a play is laid down in that order too
    rules = Rules.preset("tien-len")
    assert move_text(Play.parse("3H 3S", rules), rules, unicode=False) == "3S 3H (pair)"
    assert move_text(Play.parse("5D 5S 6H 6C 7D 7S", rules), rules, unicode=False) == "5S 5D 6C 6H 7S 7D (pair run)"


@pytest.mark.parametrize("preset", ["big-two", "tien-len"])
def test_B1_1_T1_1_the_typing_help_shows_no_joker_where_the_deck_has_none(kept_games: list[Game], preset: str) -> None:
    # 52 cards, no jokers (B1.1, T1.1): the example cards are of the deck
    status, text = play(["--preset", preset, "--seed", "3"], "quit")
    assert status == 0
    (line,) = [line for line in text.splitlines() if line.startswith("Type cards (")]
    assert line.startswith("Type cards (3D 10H, or 9 9 9 where suits do not matter), pass")
    status, text = play(["--seed", "3"], "quit")  # (R1.3: the default deck has its jokers)
    assert "Type cards (3D 10H BJ, or 9 9 9" in text
