"""The bounds of a rule set: ``Rules.max_hand_size``, ``Rules.max_moves`` and
``Rules.score_bounds`` (R2.2, R5, R6, R7, R8).

First the bounds of a few rule sets, worked out by hand from the rules' text (the
arithmetic is in the test); then random play under random rule sets and under every
preset with 2 to 8 players and each exchange, for two hands (the exchange opens every
hand but the first, R8.2): no seat ever holds more than ``max_hand_size`` cards (mid-
exchange included), no hand logs more than ``max_moves`` actions, and every score is
within ``score_bounds``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zhengshangyou import Phase, Rules, State
from zhengshangyou.errors import InvalidRulesError
from zhengshangyou.rules import Exchange
from zhengshangyou.testing import rules_sets

EXCHANGES: tuple[Exchange, ...] = ("none", "highest_for_one_of_two", "highest_for_any")
FIFTY_TWO = {"jokers": False, "joker_bomb": False}

# ---------------------------------------------------------------------------
# worked out by hand


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # R2.2: 54 = 4 * 13 + 2, so the dealer and the next seat get 13 + 1.
        ({}, 13 + 1),
        # R8.2: the Loser deals (R2.7) and the seat after it also gets 14; a Winner
        # there holds the Loser's highest card until the Loser takes one back.
        ({"exchange": "highest_for_one_of_two"}, 14 + 1),
        ({"exchange": "highest_for_any"}, 14 + 1),  # R8.3: until the Winner returns one
        # E19: 54 = 3 * 18, everyone gets 18; the Winner of an exchange holds 19.
        ({"players": 3}, 18),
        ({"players": 3, "exchange": "highest_for_any"}, 18 + 1),
        # 52 = 3 * 17 + 1: only the dealer gets 18; under next_dealer="loser" that is
        # the Loser, who gives first, and the Winner, dealt 17, peaks at 17 + 1.
        ({"players": 3, **FIFTY_TWO}, 17 + 1),
        ({"players": 3, **FIFTY_TWO, "exchange": "highest_for_any"}, 17 + 1),
        # ... but a Winner who deals (or may be the next dealer) holds 18 + 1.
        ({"players": 3, **FIFTY_TWO, "exchange": "highest_for_any", "next_dealer": "winner"}, 18 + 1),
        ({"players": 3, **FIFTY_TWO, "exchange": "highest_for_any", "next_dealer": "rotate"}, 18 + 1),
        # 54 = 2 * 27; the Winner receives one before offering two.
        ({"players": 2, "exchange": "highest_for_one_of_two"}, 27 + 1),
        ({"players": 2, **FIFTY_TWO}, 52 // 2),
        # R1.3: two decks, 108 = 8 * 13 + 4: four seats get 14, a Winner among them 15.
        ({"decks": 2, "players": 8}, 13 + 1),
        ({"decks": 2, "players": 8, "exchange": "highest_for_one_of_two"}, 14 + 1),
        # 52 = 8 * 6 + 4.
        ({"players": 8, **FIFTY_TWO}, 6 + 1),
    ],
)
def test_R2_2_R8_max_hand_size_by_hand(options: dict[str, Any], expected: int) -> None:
    assert Rules(**options).max_hand_size == expected


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # R6.1: the last seat holding cards keeps one, so at most 54 - 1 plays of a
        # card or more; between two plays each of the 3 other seats passes at most
        # once (R5.2-R5.4), and nobody passes after the hand's last play.
        ({}, (54 - 1) + (54 - 2) * 3),
        # R8.2: Give, Offer, Take; R8.3: Give, Return.
        ({"exchange": "highest_for_one_of_two"}, 3 + (54 - 1) + (54 - 2) * 3),
        ({"exchange": "highest_for_any"}, 2 + (54 - 1) + (54 - 2) * 3),
        # R6.2: when the Winner goes out the 3 others each still hold a card.
        ({"end": "first_out"}, (54 - 3) + (54 - 4) * 3),
        # R5.3, R5.2, R5.6 log no moves of their own: the same bound.
        ({"pass_locks_out": True, "must_beat": True, "auto_restart": True}, (54 - 1) + (54 - 2) * 3),
        # Two players: one pass at most between plays.
        ({"players": 2, **FIFTY_TWO, "end": "first_out"}, (52 - 1) + (52 - 2) * 1),
        # R1.3: two decks, 8 players, an exchange: 3 + 107 plays + 106 gaps of 7 passes.
        ({"decks": 2, "players": 8, "exchange": "highest_for_one_of_two"}, 3 + 107 + 106 * 7),
    ],
)
def test_R5_R6_R8_max_moves_by_hand(options: dict[str, Any], expected: int) -> None:
    assert Rules(**options).max_moves == expected


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        # R7.1, E17: an untouched 14-card hand loses 3 * 14 = 42 (the doubling at 10
        # cards is only x2); the Winner, dealt 13, takes at most the others' 14, 14, 13
        # cards three times over.
        ({}, (-3 * 14, 3 * (14 + 14 + 13))),
        # R7.1, 3 players: 18 each; x3 from 17 cards, so a seat that played loses at
        # most 17 * 3 = 51 and an untouched one 18 * 3 = 54.
        ({"players": 3}, (-18 * 3, 2 * 18 * 3)),
        # 52 cards: 18, 17, 17. The Winner is dealt 17 at least; the others 18 and 17
        # (an untouched 17 loses 51, more than 16 played cards at x2, 32).
        ({"players": 3, **FIFTY_TWO}, (-18 * 3, 18 * 3 + 17 * 3)),
        # Tiers of x10 from 5 cards: a seat that played, down to 13 of its 14 cards,
        # loses 130, more than an untouched 14 (42); the others' 14, 14, 13 lose at
        # most 13 * 10, 13 * 10 and 12 * 10.
        ({"penalty_tiers": ((5, 10),)}, (-13 * 10, 13 * 10 + 13 * 10 + 12 * 10)),
        # 27 each, x2 below 20 cards and x1 from 20: untouched 27 * 3 beats every
        # played count (at most 19 * 2 or 26 * 1).
        ({"players": 2, "penalty_tiers": ((1, 2), (20, 1))}, (-27 * 3, 27 * 3)),
        # Two decks, 8 players: 14, 14, 14, 14, 13, 13, 13, 13 (x2 from 10 only).
        ({"decks": 2, "players": 8}, (-14 * 3, 3 * (4 * 14 + 3 * 13))),
        # R7.2: 2, 1, then 0; with two players nobody gets 0.
        ({"scoring": "placement"}, (0, 2)),
        ({"scoring": "placement", "players": 2}, (1, 2)),
        ({"scoring": "none"}, (0, 0)),  # R7.3
    ],
)
def test_R7_score_bounds_by_hand(options: dict[str, Any], expected: tuple[int, int]) -> None:
    assert Rules(**options).score_bounds == expected


def test_R7_1_worked_example_within_score_bounds() -> None:
    """The R7.1 example (East -3, West -22, South -8, North +33) fits the bounds."""
    low, high = Rules().score_bounds
    assert low <= -22
    assert high >= 33


# ---------------------------------------------------------------------------
# random play never exceeds the bounds


def play_hands(rules: Rules, seed: int, hands: int = 2) -> int:
    """Play ``hands`` hands of uniformly random legal moves (fewer if the match ends),
    checking the bounds after every move; return the most cards a seat ever held."""
    rng = random.Random(seed)
    state = State.new(rules, seed=seed)
    most_cards, most_moves = rules.max_hand_size, rules.max_moves
    low, high = rules.score_bounds
    peak = 0
    for number in range(hands):
        begun = state.hand_number
        while True:
            held = max(map(len, state.hands))
            assert held <= most_cards, (rules, state)
            assert len(state.log) <= most_moves, (rules, state)
            peak = max(peak, held)
            # (a hand nobody bids for under all_pass="redeal" is followed by the next deal at once, D3.3)
            if state.phase.is_over or state.hand_number != begun:
                break
            state = state.play(rng.choice(list(state.legal_moves())))
        result = state.results[begun] if len(state.results) > begun else None
        assert result is not None
        assert all(low <= score <= high for score in result.scores), (rules, result)
        assert len(state.past[begun][1] if state.hand_number != begun else state.log) <= most_moves
        if state.phase is Phase.MATCH_OVER or number == hands - 1:
            break
        if state.phase.is_over:
            state = state.next_hand()
    return peak


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=150)
@given(
    rules=rules_sets(),
    exchange=st.sampled_from(EXCHANGES),
    seed=st.integers(0, 2**32),
)
def test_R2_R5_R7_R8_random_rule_sets_stay_within_bounds(
    rules: Rules, exchange: Exchange, seed: int
) -> None:
    play_hands(rules.evolve(exchange=exchange if rules.teams == "none" else "none"), seed)  # (D4)


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("preset", Rules.preset_names())
def test_R2_R5_R7_R8_presets_stay_within_bounds(preset: str, players: int) -> None:
    if Rules.preset(preset).hand_size == 13 and players > 4:  # (T2.1: Tiến Lên is for 2 to 4)
        with pytest.raises(InvalidRulesError, match="hand_size"):
            Rules.preset(preset, players=players)
        return
    landlord = Rules.preset(preset).teams == "landlord"  # (no exchange with a landlord, D4)
    for number, exchange in enumerate(EXCHANGES[:1] if landlord else EXCHANGES):
        play_hands(Rules.preset(preset, players=players, exchange=exchange), seed=players * 10 + number)


@pytest.mark.parametrize("exchange", EXCHANGES[1:])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R8_max_hand_size_is_reached_mid_exchange(players: int, exchange: Exchange) -> None:
    """The bound is tight: some exchange of a few random matches hands a Winner dealt
    the largest deal its extra card (with two players, every exchange does)."""
    rules = Rules(players=players, exchange=exchange)
    assert max(play_hands(rules, seed, hands=4) for seed in range(4)) == rules.max_hand_size
