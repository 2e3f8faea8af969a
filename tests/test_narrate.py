"""The narration of a hand (:mod:`zhengshangyou.narrate`) agrees with the engine.

The narrator works out the tricks from one seat's observation alone (R5.4-R5.6);
the engine's own states say where each trick really began, who went out, and who
leads. Random games under random rule sets (with the exchange, ``auto_restart``
and ``pass_locks_out`` drawn) compare the two after every move.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from zhengshangyou import PRESETS, Offer, Phase, Play, Rules, State
from zhengshangyou.narrate import events, move_text, score_lines
from zhengshangyou.scoring import HandResult
from zhengshangyou.testing import rules_sets


@st.composite
def table_rules(draw: st.DrawFn) -> Rules:
    base = draw(st.one_of(st.sampled_from(tuple(PRESETS)).map(Rules.preset), rules_sets()))
    return base.evolve(
        exchange=draw(st.sampled_from(("none", "highest_for_one_of_two", "highest_for_any"))),
        auto_restart=draw(st.booleans()),
        pass_locks_out=draw(st.booleans()),
        end=draw(st.sampled_from(("one_left", "first_out"))),
        target_score=None,
    )


def _check(state: State, leads: list[bool], viewer: int) -> None:
    """The narration seen from ``viewer`` against the engine: ``leads[i]`` says whether
    the ``i``-th play of the hand was a lead (the engine's trick had no top play)."""
    told = events(state.observation(viewer))
    plays = [event for event in told if event.kind == "play"]
    assert len(plays) == len(leads)
    # R5.4-R5.6, R2.4, R2.6: a lead is announced before a play exactly when it leads
    # a trick, and it names the seat that then plays.
    pending: int | None = None
    index = 0
    for event in told:
        if event.kind == "lead":
            pending = event.seat
        elif event.kind == "play":
            assert (pending is not None) == leads[index], (index, [e.text for e in told])
            if pending is not None:
                assert event.seat == pending
            pending = None
            index += 1
    if state.phase is Phase.PLAY and state.top is None:
        assert pending == state.to_act  # who leads now is said before they play
    elif state.phase is Phase.PLAY:
        assert pending is None
    # R6.1: the seats that went out, in order.
    out = [event.seat for event in told if event.kind == "out"]
    assert tuple(out) == state.finished[: len(out)]
    if not state.phase.is_over:
        assert tuple(out) == state.finished
    else:
        assert told[-1].kind == "score"
        lines = score_lines(state.results[-1], state.rules)
        assert tuple(event.text for event in told[-len(lines) :]) == lines
    # R8.2: an offer is told only to the Winner and the Loser.
    if state.hand_number and state.rules.exchange == "highest_for_one_of_two":
        last = state.results[state.hand_number - 1]  # the hand before decides the exchange
        offers = [event for event in told if event.kind == "exchange" and "offers" in event.text]
        if viewer not in (last.winner, last.loser):
            assert not offers


@settings(max_examples=25)
@given(rules=table_rules(), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_R5_4_R5_5_R5_6_R6_1_the_narration_follows_the_engine_trick_by_trick(
    rules: Rules, seed: int, choices: random.Random
) -> None:
    state = State.new(rules, seed=seed)
    leads: list[bool] = []
    for _hand in range(2):
        leads = []
        while not state.phase.is_over:
            if choices.random() < 0.25:  # a quarter of the positions: the check reads the whole hand
                _check(state, leads, choices.randrange(rules.players))
            move = choices.choice(list(state.legal_moves()))
            if isinstance(move, Play):
                leads.append(state.top is None)
            state = state.play(move)
        for viewer in range(rules.players):
            _check(state, leads, viewer)
        state = state.next_hand()


def test_R3_15_a_run_is_told_from_its_low_end() -> None:
    rules = Rules(run_order="either_end")
    assert move_text(Play.parse("2C 3S 4S 5S AD", rules), rules, unicode=False) == "AD 2C 3S 4S 5S (straight)"
    high = Play.parse("10S JS QD KC AH", rules)
    assert move_text(high, rules, unicode=False) == "10S JS QD KC AH (straight)"


def test_R7_1_the_scoring_lines_count_the_cards_and_the_multipliers() -> None:
    # The worked example of R7.1: North (0) wins; East, West, South hold 3, 11, 8.
    result = HandResult((0, 1, 3, 2), (0, 3, 11, 8), (True, True, True, True), (33, -3, -22, -8))
    lines = score_lines(result, Rules(), ("North", "East", "West", "South"))
    assert lines[0] == "Finishing order: North (Winner), East, South, West (Loser)"
    assert lines[3].startswith("West: -22, 11 cards left ×2 (10 cards or more)")
    assert lines[1].startswith("North: +33")
    untouched = HandResult((1, 0), (14, 0), (False, True), (-42, 42))
    assert "×3: played no card" in score_lines(untouched, Rules(players=2))[1]
    three = Rules(players=3)
    tiers = HandResult((0, 1, 2), (0, 12, 17), (True,) * 3, (24 + 51, -24, -51))
    assert "×2 (12 cards or more)" in score_lines(tiers, three)[2]
    assert "×3 (17 cards or more)" in score_lines(tiers, three)[3]
    placement = HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (1, 0, 2))
    assert "1st out (R7.2" in score_lines(placement, Rules(players=3, scoring="placement"))[3]


def test_R8_2_only_the_winner_and_the_loser_hear_of_the_offer() -> None:
    rules = Rules(exchange="highest_for_one_of_two")
    state = State.new(rules, seed=4)
    while not state.phase.is_over:
        state = state.play(next(iter(state.legal_moves())))
    state = state.next_hand()
    state = state.play(next(iter(state.legal_moves())))  # the Loser gives
    offer = next(iter(state.legal_moves()))
    assert isinstance(offer, Offer)
    state = state.play(offer)
    last = state.results[-1]
    for viewer in range(rules.players):
        told = [event.text for event in events(state.observation(viewer)) if event.kind == "exchange"]
        heard = any("offers" in text for text in told)
        assert heard == (viewer in (last.winner, last.loser))
