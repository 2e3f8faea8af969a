"""The shape of a state: parts by lifetime that moves share, and the Phase enum.

A move makes a new :class:`~zhengshangyou.game.Trick` and shares the
:class:`~zhengshangyou.game.Match`; it makes a new
:class:`~zhengshangyou.game.HandState` only at a milestone of the hand (a seat's
first play, a seat out, a revolution, an exchange decision, a new phase). Every
field of the parts reads as an attribute of the state, and the earlier state is
never changed (E23).
"""

from __future__ import annotations

import json
import random

import attrs

from zhengshangyou import (
    PASS,
    Game,
    HandState,
    Match,
    Phase,
    Play,
    Rules,
    State,
    Trick,
    deal_cards,
)


def answered() -> State:
    """A state a few moves into a hand, with a play to beat and a pass allowed."""
    state = State.new(Rules(), seed=8)
    chooser = random.Random(8)
    while state.top is None or PASS not in list(state.legal_moves()):
        state = state.play(chooser.choice(list(state.legal_moves())))
    return state


def test_R5_2_a_pass_makes_a_trick_and_shares_the_match_the_hand_state_and_the_hands() -> None:
    state = answered()
    after = state.play(PASS)
    assert after.match is state.match
    assert after.hand_state is state.hand_state
    assert after.hands is state.hands
    assert after.trick != state.trick
    assert after.log[:-1] == state.log
    assert after.passed == state.passed | 1 << state.to_act or after.top is None


def test_R5_1_a_play_shares_the_match_and_the_other_seats_hands() -> None:
    state = answered()
    seat = state.to_act
    play = next(move for move in state.legal_moves() if isinstance(move, Play))
    after = state.play(play)
    assert after.match is state.match
    assert all(after.hands[other] is state.hands[other] for other in range(4) if other != seat)
    if state.played >> seat & 1 and after.hands[seat] and after.revolution == state.revolution:
        assert after.hand_state is state.hand_state  # no milestone: nothing of the hand changed


def test_R6_1_R7_4_the_end_of_a_hand_changes_only_the_scores_results_phase_and_order() -> None:
    # The hand's last play ends it: of the match, only the totals and the results
    # change; of the hand state, the phase and the finishing order besides what the
    # play itself changes (who is out and has played, a revolution). Every other
    # field is the one before, under rules that set them (an exchange, a target).
    rules = Rules.preset("winner").evolve(revolution=True, target_score=30)
    chooser = random.Random(3)
    # (Deals given for later hands too, so that the match's ``deals`` is not empty.)
    deals = [deal_cards(rules, 0, random.Random(number), trick_card=True) for number in range(8)]
    state = State.new(rules, seed=4, deals=deals)
    assert state.match.deals
    ended = 0
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.HAND_OVER:
            state = state.next_hand()
            continue
        before, state = state, state.play(chooser.choice(list(state.legal_moves())))
        if state.phase.is_over:
            ended += 1
            assert state.match.results == (*before.match.results, state.result)
            for field in attrs.fields(Match):
                if field.name not in {"scores", "results"}:
                    assert getattr(state.match, field.name) == getattr(before.match, field.name), field.name
            for field in attrs.fields(HandState):
                if field.name not in {"phase", "finished", "revolution", "played", "first_out"}:
                    assert getattr(state.hand_state, field.name) == getattr(before.hand_state, field.name), field.name
            assert state.result is not None
            assert state.hand_state.finished == state.result.finishing_order
            assert state.trick.to_act == -1
    assert ended >= 2


def test_E23_every_field_of_the_parts_reads_through_the_state() -> None:
    state = answered()
    for part in (state.match, state.hand_state, state.trick):
        for field in attrs.fields(type(part)):
            assert getattr(state, field.name) == getattr(part, field.name), field.name
    assert isinstance(state.match, Match)
    assert isinstance(state.hand_state, HandState)
    assert isinstance(state.trick, Trick)


def test_R6_1_R7_4_phases_are_an_enum_whose_values_are_the_old_text() -> None:
    assert [phase.value for phase in Phase] == ["exchange", "auction", "play", "hand_over", "match_over"]
    game = Game(seed=1, scoring="placement", target_score=2)
    assert game.phase is Phase.PLAY
    text: str = game.phase  # a phase is a str, equal to its value
    assert text == "play"
    assert json.dumps(game.phase) == '"play"'
    assert f"{game.phase}" == "play"
    while not game.is_hand_over:
        game.play(next(iter(game.legal_moves())))
    assert game.phase.is_over
    assert game.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    assert game.observation(0).phase is game.phase
    assert not Phase.PLAY.is_over
    assert not Phase.EXCHANGE.is_over


def test_R8_2_an_exchange_is_its_own_phase_and_its_decisions_make_new_hand_states() -> None:
    game = Game(seed=3, exchange="highest_for_one_of_two")
    while not game.is_hand_over:
        game.play(next(iter(game.legal_moves())))
    game.next_hand()
    assert game.phase is Phase.EXCHANGE
    before = game.state
    game.play(next(iter(game.legal_moves())))  # the Loser gives
    assert game.state.match is before.match
    assert game.state.hand_state is not before.hand_state
    assert game.state.exchanged != before.exchanged
