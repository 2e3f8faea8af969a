"""Issue 36 (part 1): the game as phases. A hand is the sequence of phases that the
rule set declares (zhengshangyou.game.phase.HAND_PHASES, by option values); each
phase is a module with its own moves, check, effect and observation fields, and the
machinery (State, LegalMoves, Observation) walks them without naming any.

Zheng Shangyou plays exactly as before: the traces below were taken from the game
before the change (commit 7eaeb07, game.py), moves chosen at random from the
listing, with what two seats see at every move.
"""

from __future__ import annotations

import ast
import hashlib
import random
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

import attrs
import pytest

import zhengshangyou
from zhengshangyou import PASS, Game, Rules
from zhengshangyou.actions import Move
from zhengshangyou.errors import IllegalMoveError
from zhengshangyou.game import Action, Phase, State, Trick, phase
from zhengshangyou.game.phase import HAND_PHASES, PhaseLogic, hand_phases, observers, register
from zhengshangyou.game.state import check_turn

GAME = Path(zhengshangyou.__file__).resolve().parent / "game"


def _trace(preset: str, options: dict[str, Any], seed: int, hands: int = 3) -> str:
    game = Game(Rules.preset(preset, **options), seed=seed)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for _ in range(hands):
        while not game.is_hand_over:
            seat = game.to_act
            seen = game.observation(seat)
            digest.update(
                repr(
                    (seen.phase, seen.top, seen.passed, seen.locked, seen.offered, seen.history[-1:], seen.counts)
                ).encode()
            )
            other = game.observation((seat + 1) % game.rules.players)
            digest.update(repr((other.offered, len(other.history), other.exchanged)).encode())
            moves = list(game.legal_moves())
            game.play(moves[rng.randrange(len(moves))])
        digest.update(repr((game.phase, game.scores, game.state.result)).encode())
        if game.is_match_over:
            break
        game.next_hand()
    return digest.hexdigest()[:16]


#: (preset, options): the traces of seeds 0, 1 and 2, from the game before issue 36.
TRACES = [
    ("zhengshangyou", {}, ["d52f532801905a4a", "7e21a0fc71b64e81", "a8eecfc4b6275924"]),
    (
        "zhengshangyou",
        {"exchange": "highest_for_one_of_two"},
        ["780d0b5567bc314e", "89783ca4839f9cd6", "b98c27f0b6907850"],
    ),
    ("winner", {"exchange": "highest_for_any"}, ["08836d9e569fa21c", "3e986719f7de6c70", "6634a15668bc49d8"]),
    ("winner-classic", {}, ["ce57e1a4e766a4c9", "2c09be1393c024bc", "5585d3fe684449a3"]),
]


@pytest.mark.parametrize(("preset", "options", "expected"), TRACES)
def test_issue36_seeded_games_play_move_for_move_as_before(
    preset: str, options: dict[str, Any], expected: list[str]
) -> None:
    assert [_trace(preset, options, seed) for seed in range(3)] == expected


def test_issue36_the_rule_set_declares_its_phases_by_option() -> None:
    assert hand_phases(Rules()) == (Phase.PLAY, Phase.HAND_OVER)
    for exchange in ("highest_for_one_of_two", "highest_for_any"):
        assert hand_phases(Rules(exchange=exchange)) == (Phase.EXCHANGE, Phase.PLAY, Phase.HAND_OVER)
    # Declared as data: every entry names a phase and, at most, the option that brings it in.
    for entry, needs in HAND_PHASES:
        assert isinstance(entry, Phase)
        assert needs is None or hasattr(Rules(), needs[0])


def test_issue36_every_phase_has_its_module_logic() -> None:
    for member in Phase:
        assert isinstance(member.logic, PhaseLogic)
    assert Phase.MATCH_OVER.logic is Phase.HAND_OVER.logic
    assert {member.logic.phase for member in Phase} == {Phase.EXCHANGE, Phase.AUCTION, Phase.PLAY, Phase.HAND_OVER}
    # The values that records and observations show are unchanged (and Dou Dizhu's auction, D3).
    assert [member.value for member in Phase] == ["exchange", "auction", "play", "hand_over", "match_over"]
    assert str(Phase.PLAY) == "play"
    assert Phase("match_over") is Phase.MATCH_OVER


def _phase_names(node: ast.AST) -> list[str]:
    return [
        f"Phase.{found.attr}"
        for found in ast.walk(node)
        if isinstance(found, ast.Attribute)
        and isinstance(found.value, ast.Name)
        and found.value.id == "Phase"
        and found.attr.isupper()
    ]


def test_issue36_the_machinery_names_no_phase() -> None:
    for name in ("legal.py", "observation.py"):
        assert _phase_names(ast.parse((GAME / name).read_text(encoding="utf-8"))) == [], name
    tree = ast.parse((GAME / "state.py").read_text(encoding="utf-8"))
    state = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "State")
    named = {
        method.name: _phase_names(method)
        for method in state.body
        if isinstance(method, ast.FunctionDef) and method.name != "exchange_moves"  # (kept as it was)
    }
    assert {method: names for method, names in named.items() if names} == {}


def test_issue36_the_move_path_is_one_dispatch_to_the_phase() -> None:
    source = (GAME / "state.py").read_text(encoding="utf-8")
    state = next(node for node in ast.parse(source).body if isinstance(node, ast.ClassDef) and node.name == "State")
    methods = {node.name: node for node in state.body if isinstance(node, ast.FunctionDef)}
    (play,) = methods["play"].body[1:]  # (after the docstring: one statement)
    assert ast.unparse(play) == "return self.hand_state.phase.logic.play(self, move, seat)"
    (check,) = methods["check"].body[1:]
    assert ast.unparse(check) == "self.hand_state.phase.logic.check(self, move, seat)"


class _Announce(PhaseLogic):
    """A made-up phase for the test: before the play, every seat in turn from the
    dealer says PASS once (it reuses the EXCHANGE member, as a new phase would add
    its own)."""

    phase = Phase.EXCHANGE

    def start(self, state: State) -> State | None:
        hand_state = attrs.evolve(state.hand_state, phase=Phase.EXCHANGE)
        return State(state.match, hand_state, Trick(to_act=state.dealer), state.hands, state.log, state.played_cards)

    def moves(self, state: State, view: Literal["classes", "cards"]) -> Iterable[Move]:
        return (PASS,)

    def check(self, state: State, move: object, seat: object) -> tuple[Move, None]:
        check_turn(state, move, seat)
        if move is not PASS:
            raise IllegalMoveError(f"{move}: only a pass is said now (T1)", rule="T1")
        return PASS, None

    def play(self, state: State, move: object, seat: object) -> State:
        self.check(state, move, seat)
        log = (*state.log, Action(state.to_act, PASS))
        following = (state.to_act + 1) % state.players
        if following == state.dealer:
            return State(state.match, state.hand_state, state.trick, state.hands, log, state.played_cards).advance()
        return State(state.match, state.hand_state, Trick(to_act=following), state.hands, log, state.played_cards)

    def observe(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        fields["history"] = ()  # (what this phase hides, for the test)


@pytest.fixture
def announce(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The made-up phase first in every hand, plugged in without touching the machinery."""
    monkeypatch.setattr(phase, "HAND_PHASES", ((Phase.EXCHANGE, None), *HAND_PHASES[1:]))
    monkeypatch.setattr(Phase.EXCHANGE, "logic", _Announce())
    hand_phases.cache_clear()
    observers.cache_clear()
    yield
    monkeypatch.undo()
    hand_phases.cache_clear()
    observers.cache_clear()


#: The game the made-up phase comes before, as it begins without it.
PLAIN = State.new(Rules(), seed=5, dealer=1)


@pytest.mark.usefixtures("announce")
def test_issue36_a_new_phase_plugs_in_without_touching_the_machinery() -> None:
    plain = PLAIN
    state = State.new(Rules(), seed=5, dealer=1)
    assert state.phase is Phase.EXCHANGE
    assert state.to_act == 1
    assert list(state.legal_moves()) == [PASS]
    assert state.legal_moves().plays is None
    assert next(iter(plain.legal_moves())) not in state.legal_moves()  # its check, not the play's
    with pytest.raises(IllegalMoveError, match=r"\(T1\)"):
        state.play(next(iter(plain.legal_moves())))
    with pytest.raises(IllegalMoveError, match=r"\(R5\.2\)"):
        state.play(PASS, seat=2)
    for _ in range(4):
        assert state.observation(0).history == ()  # its observation fields
        state = state.play(PASS, seat=state.to_act)
    # The announcement over, the hand goes on to its trick play as it would have begun.
    assert state.phase is Phase.PLAY
    assert (state.to_act, state.trick) == (plain.to_act, plain.trick)
    assert [action.move for action in state.log] == [PASS] * 4


def test_issue36_register_names_the_phases_of_a_logic(monkeypatch: pytest.MonkeyPatch) -> None:
    logic = _Announce()
    monkeypatch.setattr(Phase.EXCHANGE, "logic", Phase.EXCHANGE.logic)
    assert register(logic) is logic
    assert Phase.EXCHANGE.logic is logic


def test_issue36_a_finished_hand_refuses_moves_and_deals_the_next() -> None:
    game = Game(seed=3)
    while not game.is_hand_over:
        game.play(next(iter(game.legal_moves())))
    assert list(game.legal_moves()) == []
    assert game.legal_moves().plays is None
    with pytest.raises(IllegalMoveError, match=r"\(R6\.1\)"):
        game.state.play(PASS)
    assert game.state.next_hand().hand_number == 1


def test_issue36_the_exchange_starts_only_after_a_hand_and_under_its_option() -> None:
    game = Game(seed=3)
    while not game.is_hand_over:
        game.play(next(iter(game.legal_moves())))
    later = game.state.next_hand()  # (a second hand, without the exchange option)
    assert Phase.EXCHANGE.logic.start(later) is None
    assert Phase.EXCHANGE.logic.start(State.new(Rules(exchange="highest_for_any"), seed=3)) is None
