"""One legality check: ``State.play``, ``State.check`` and ``move in legal_moves()`` agree.

The game checks a move with one function: ``State.play`` raises its error,
``State.check`` raises the same one without making the move, and
:class:`~zhengshangyou.game.LegalMoves` answers ``in`` with whether it passes,
in either view. So for any move of any position, a move is ``in`` the legal
moves exactly when ``play`` accepts it (E23 for the refusals, R2.5, R4, R5.1,
R5.2, R8.4 for the rules that decide), and every legal play is ``in`` whether
or not the class view lists it (the listing keeps one play a class).
"""

from __future__ import annotations

import itertools
import random
from typing import Any, Literal

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from zhengshangyou import (
    PASS,
    Card,
    Game,
    Give,
    Hand,
    IllegalMoveError,
    LegalMoves,
    Move,
    Offer,
    Phase,
    Play,
    Return,
    Rules,
    State,
    Take,
    ZhengShangyouError,
    classify_all,
)
from zhengshangyou.testing import rules_sets

VIEWS: tuple[Literal["classes", "cards"], ...] = ("classes", "cards")
EXCHANGES = ("none", "highest_for_one_of_two", "highest_for_any")


# ---------------------------------------------------------------------------
# positions and moves


def walk(rules: Rules, seed: int, steps: int) -> State:
    """The state after ``steps`` random steps from a new match: a listed legal move
    while a hand is on, the next deal when it is over (until the match is)."""
    state = State.new(rules, seed=seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if state.phase is Phase.MATCH_OVER:
            break
        if state.phase is Phase.HAND_OVER:
            state = state.next_hand()
            continue
        state = state.play(chooser.choice(list(state.legal_moves())))
    return state


@st.composite
def positions(draw: st.DrawFn, *, exchange: bool = False) -> State:
    """A state met in random play under random rules (with an exchange when asked,
    and then always in a later hand)."""
    rules = draw(rules_sets())
    if rules.teams != "none":  # (no exchange with a landlord, D4)
        rules = rules.evolve(target_score=None) if not exchange else Rules(target_score=None)
    if rules.teams == "none":
        rules = rules.evolve(
            exchange=draw(st.sampled_from(EXCHANGES[1:] if exchange else EXCHANGES)), target_score=None
        )
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 220))
    state = walk(rules, seed, steps)
    if exchange:  # on to the first exchange of the match
        while state.phase is not Phase.EXCHANGE:
            state = state.next_hand() if state.phase.is_over else state.play(next(iter(state.legal_moves())))
    return state


def readings(cards: list[Card], rules: Rules) -> list[Play]:
    """Every reading of ``cards`` (none when they are no combination)."""
    try:
        return list(classify_all(cards, rules))
    except ZhengShangyouError:
        return []


@st.composite
def candidate_moves(draw: st.DrawFn, state: State) -> Any:
    """A move to ask about in ``state``: any reading of cards the seat to act holds
    (listed or not, beating or not), cards of another seat, a pass, an exchange
    decision of any card, or a move the listing offers."""
    rules = state.rules
    seat = state.to_act
    deck = sorted(set(rules.deck()))
    own = list(state.hands[seat]) if 0 <= seat < state.players else []
    pool = own or deck
    kind = draw(st.sampled_from(["held", "held", "held", "any", "pass", "exchange", "listed"]))
    if kind in ("held", "any"):
        source = pool if kind == "held" else deck
        size = draw(st.integers(1, min(len(source), 8)))
        cards = draw(st.lists(st.sampled_from(source), min_size=size, max_size=size, unique=True))
        found = readings(cards, rules)
        return draw(st.sampled_from(found)) if found else PASS
    if kind == "pass":
        return PASS
    if kind == "exchange":
        card = draw(st.sampled_from(pool))
        other = draw(st.sampled_from(deck))
        return draw(st.sampled_from([Give(card), Take(card), Return(card), Offer((card, other))]))
    listed = list(itertools.islice(LegalMoves(state, draw(st.sampled_from(VIEWS))), 300))
    return draw(st.sampled_from(listed)) if listed else PASS


def error_of(action: Any) -> ZhengShangyouError | None:
    """The library error ``action()`` raises, or None."""
    try:
        action()
    except ZhengShangyouError as error:
        return error
    return None


def rule_of(error: ZhengShangyouError | None) -> str | None:
    return None if error is None else error.rule


def refusal(state: State, move: Move) -> ZhengShangyouError | None:
    """The error ``state.play(move)`` raises, or None when it makes the move; checked
    against ``state.check`` and the state left unchanged (E23)."""
    before = state
    error = error_of(lambda: state.play(move))
    assert state == before
    again = error_of(lambda: state.check(move))
    if error is None:
        assert again is None, again
    else:
        assert again is not None, f"check accepted {move!r}, which play refused"
        assert (type(again), str(again), again.rule) == (type(error), str(error), error.rule)
    return error


def assert_in_agrees_with_play(state: State, move: Move) -> ZhengShangyouError | None:
    error = refusal(state, move)
    for view in VIEWS:
        member = move in LegalMoves(state, view)
        assert member == (error is None), (view, move, error)
    if error is not None:
        assert isinstance(error, IllegalMoveError) or error.rule is not None, error
    return error


# ---------------------------------------------------------------------------
# random moves of random games


@settings(max_examples=100)
@given(st.data())
def test_E23_state_play_and_in_agree_on_random_moves_of_random_games(data: st.DataObject) -> None:
    state = data.draw(positions(), label="state")
    for _ in range(4):
        move = data.draw(candidate_moves(state), label="move")
        assert_in_agrees_with_play(state, move)


@settings(max_examples=60)
@given(st.data())
def test_R4_a_held_play_is_in_the_moves_exactly_when_play_accepts_it(data: st.DataObject) -> None:
    """Answering a play (R4.1, R4.2, R4.6): every reading of cards the seat holds,
    beating or not, is ``in`` exactly when ``play`` takes it."""
    state = data.draw(positions(), label="state")
    if state.phase is not Phase.PLAY or state.top is None:
        return
    held = list(state.hands[state.to_act])
    size = min(len(state.top), len(held))
    cards = data.draw(st.lists(st.sampled_from(held), min_size=size, max_size=size, unique=True))
    for play in readings(cards, state.rules):
        error = assert_in_agrees_with_play(state, play)
        if error is not None and error.rule in ("R4.1", "R4.2", "R4.6"):
            assert not any(play == listed for listed in LegalMoves(state, "classes"))


@settings(max_examples=40)
@given(st.data())
def test_R3_16_every_legal_play_is_in_both_views_listed_or_not(data: st.DataObject) -> None:
    """The card view lists every choice of cards: each one is accepted by ``play`` and
    is ``in`` the class view too, though the class view lists one play a class."""
    state = data.draw(positions(), label="state")
    card_view = [move for move in itertools.islice(LegalMoves(state, "cards"), 300) if isinstance(move, Play)]
    listed = set(LegalMoves(state, "classes"))
    for play in card_view:
        assert refusal(state, play) is None
        assert play in LegalMoves(state, "classes")
        assert play in LegalMoves(state, "cards")
    if state.phase is Phase.PLAY:
        assert set(LegalMoves(state, "classes")) == listed  # membership did not change the listing


def test_R3_16_a_legal_play_the_class_view_does_not_list_is_in() -> None:
    state = State.new(Rules(), seed=2)  # seat 0 leads, holding QC QH QS
    moves = state.legal_moves()
    pairs = [str(move) for move in moves if isinstance(move, Play) and len(move) == 2]
    assert "QC QH" in pairs
    assert "QH QS" not in pairs
    other = Play.parse("QH QS", state.rules)
    assert other in moves
    assert other in state.legal_moves()
    assert state.play(other).top == other


# ---------------------------------------------------------------------------
# the rules that decide


def test_R5_1_the_leader_may_not_pass() -> None:
    state = State.new(Rules(), seed=5)
    assert state.top is None
    error = assert_in_agrees_with_play(state, PASS)
    assert rule_of(error) == "R5.1"
    assert not state.legal_moves().pass_allowed()


@settings(max_examples=60)
@given(st.data())
def test_R5_2_a_pass_is_in_exactly_when_play_accepts_it(data: st.DataObject) -> None:
    """Passing is allowed when answering a play, unless ``must_beat`` and the seat
    holds a beating play that is not a bomb (R5.2)."""
    state = data.draw(positions(), label="state")
    must_beat = data.draw(st.booleans(), label="must_beat")
    if state.phase is not Phase.PLAY or state.top is None:
        return
    if must_beat != state.rules.must_beat:  # the same position under the other ruling
        rules = state.rules.evolve(must_beat=must_beat)
        state = _under(state, rules)
    error = assert_in_agrees_with_play(state, PASS)
    assert state.legal_moves().pass_allowed() == (error is None)
    assert (PASS in list(state.legal_moves())) == (error is None)
    if error is not None:
        assert error.rule == "R5.2"
        assert must_beat


def _under(state: State, rules: Rules) -> State:
    """``state`` with other rules of the same deck (a position to ask about, not played to)."""
    return attrs.evolve(state, match=attrs.evolve(state.match, rules=rules))


def test_R2_5_the_first_lead_must_include_the_start_card() -> None:
    rules = Rules.preset("winner", start_card_must_be_played=True)
    state = State.new(rules, seed=0)
    assert state.must_include == rules.start_card
    held = state.hands[state.to_act]
    without = next(card for card in held if card != rules.start_card)
    error = assert_in_agrees_with_play(state, Play.parse(str(without), rules))
    assert rule_of(error) == "R2.5"
    assert assert_in_agrees_with_play(state, Play.parse(str(rules.start_card), rules)) is None
    for move in state.legal_moves():
        assert isinstance(move, Play)
        assert rules.start_card in move.cards


@settings(max_examples=40)
@given(st.data())
def test_R8_4_exchange_decisions_are_in_exactly_when_play_accepts_them(data: st.DataObject) -> None:
    """During an exchange every decision of every card is ``in`` exactly when ``play``
    takes it (R8.2, R8.3); plays and passes are not; outside an exchange no decision is."""
    state = data.draw(positions(exchange=True), label="state")
    assert state.phase is Phase.EXCHANGE
    cards = sorted(set(state.rules.deck()))
    accepted: list[Move] = []
    for card in cards:
        for move in (Give(card), Take(card), Return(card)):
            if assert_in_agrees_with_play(state, move) is None:
                accepted.append(move)
    first, second = data.draw(st.lists(st.sampled_from(cards), min_size=2, max_size=2))
    if assert_in_agrees_with_play(state, Offer((first, second))) is None:
        accepted.append(Offer((first, second)))
    assert set(accepted) <= set(state.legal_moves())
    assert assert_in_agrees_with_play(state, PASS) is not None
    # (a first hand in play: under T6.2's instant wins a deal may end the hand at once)
    started = next(
        fresh for fresh in (State.new(state.rules, seed=seed) for seed in range(100)) if fresh.phase is Phase.PLAY
    )
    for card in cards[:5]:
        error = assert_in_agrees_with_play(started, Give(card))
        assert rule_of(error) == "R8.4"


def test_E23_refused_moves_are_not_in_and_name_their_rule() -> None:
    game = Game(Rules(first_lead="dealer"), seed=4, dealer=0)
    state = game.state
    seat = state.to_act
    other = next(card for card in state.hands[(seat + 1) % state.players])
    cases: list[tuple[Any, str]] = [
        (PASS, "R5.1"),
        (Play.parse(str(other), state.rules), "R3"),
        (Give(other), "R8.4"),
    ]
    for move, rule in cases:
        error = assert_in_agrees_with_play(state, move)
        assert rule_of(error) == rule, (move, error)
    for junk in ("3D", None, 3, Hand.parse("3D"), (other,)):
        assert junk not in state.legal_moves()
    done = State.new(Rules(), seed=3)
    while not done.phase.is_over:
        done = done.play(next(iter(done.legal_moves())))
    error = assert_in_agrees_with_play(done, PASS)
    assert rule_of(error) == "R6.1"
    assert all(move not in done.legal_moves() for move in (PASS, Play.parse("3D", done.rules)))
