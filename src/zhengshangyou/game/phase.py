"""The phases of a hand: what the table is doing (:class:`Phase`), what a phase
module provides (:class:`PhaseLogic`), and which phases a rule set's hand goes
through, in order (:data:`HAND_PHASES`, :func:`hand_phases`).

A hand is a sequence of phases that the rule set declares as data: for Zheng
Shangyou, the exchange between hands (R8) when the rules have one, the trick play
(R5), then the end of the hand with its scoring (R6, R7). Each phase is a small
module of :mod:`zhengshangyou.game` that owns its moves, their check, how a move
changes the state and what each seat sees of it; it registers its
:class:`PhaseLogic` with :func:`register`. The machinery
(:class:`~zhengshangyou.game.State`) asks the logic of the phase under way
(``state.phase.logic``) and knows none of the phases by name.

>>> [str(phase) for phase in hand_phases(Rules(exchange="highest_for_any"))]
['exchange', 'play', 'hand_over']
>>> [str(phase) for phase in hand_phases(Rules())]
['play', 'hand_over']
>>> Phase.PLAY.logic.phase is Phase.PLAY     # (registered by zhengshangyou.game)
True
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Literal

from zhengshangyou.errors import IllegalMoveError
from zhengshangyou.rules import Rules

if TYPE_CHECKING:  # (the phase modules import the machinery, never the other way)
    import zhengshangyou.game.state  # (annotations name it in full: the docs hold several State classes)
    from zhengshangyou.actions import Move
    from zhengshangyou.moves import LegalPlays

__all__ = ["HAND_PHASES", "Phase", "PhaseLogic", "hand_phases", "observers", "register"]


class Phase(str, enum.Enum):
    """What the table is doing (:attr:`State.phase <zhengshangyou.game.State.phase>`):
    an exchange (R8), the play of a hand (R5), a finished hand (R6) or a finished
    match (R7.4).

    The value is the text that observations and records show; a phase is a
    ``str`` and compares equal to its value. ``phase.logic`` is the
    :class:`PhaseLogic` its module registered (:func:`register`).

    >>> from zhengshangyou.game import Game
    >>> Game(seed=1).phase
    <Phase.PLAY: 'play'>
    >>> Phase("hand_over").is_over, Phase.PLAY == "play", str(Phase.MATCH_OVER)
    (True, True, 'match_over')
    """

    EXCHANGE = "exchange"
    """The exchange between hands is under way (R8.2, R8.3)."""
    AUCTION = "auction"
    """The landlord is being chosen (D3), in a game with a landlord."""
    PLAY = "play"
    """The hand is being played (R5)."""
    HAND_OVER = "hand_over"
    """The hand has ended (R6.1); :meth:`State.next_hand <zhengshangyou.game.State.next_hand>` deals the next one."""
    MATCH_OVER = "match_over"
    """The hand has ended and a score reached ``target_score`` (R7.4)."""

    #: What the phase's module does (set by :func:`register`; an attribute of the
    #: member, which the machinery reads on every move without a look-up).
    logic: PhaseLogic

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (``HAND_OVER`` or ``MATCH_OVER``).

        >>> Phase.EXCHANGE.is_over, Phase.MATCH_OVER.is_over
        (False, True)
        """
        return self is Phase.HAND_OVER or self is Phase.MATCH_OVER

    def __str__(self) -> str:
        return str.__str__(self)  # the value


class PhaseLogic:
    """What a phase module provides: its start, its moves, their one check, their
    effect and its part of every observation. The machinery asks it for the phase
    under way; the defaults suit a phase without moves (a finished hand).

    A subclass overrides :meth:`check` and :meth:`play` together: ``play`` makes
    the move that ``check`` accepts (and refuses what it refuses), and
    ``move in state.legal_moves()`` asks ``check``; :meth:`moves` lists what
    ``check`` accepts.

    >>> logic = Phase.HAND_OVER.logic
    >>> isinstance(logic, PhaseLogic), logic.phase
    (True, <Phase.HAND_OVER: 'hand_over'>)
    """

    #: The phase this logic is for.
    phase: Phase

    def start(self, state: zhengshangyou.game.state.State) -> zhengshangyou.game.state.State | None:
        """The state with this phase begun, after ``state`` (the deal, or the end of
        the phase before); None when the phase has nothing to do in this hand (an
        exchange on the first hand), and the hand goes on to the next phase.

        >>> from zhengshangyou.game import State
        >>> Phase.EXCHANGE.logic.start(State.new(Rules(), seed=1)) is None    # no exchange
        True
        >>> PhaseLogic().start(State.new(Rules(), seed=1)) is None
        True
        """
        return None

    def moves(self, state: zhengshangyou.game.state.State, view: Literal["classes", "cards"]) -> Iterable[Move]:
        """The moves open to the seat to act, in the given view of the plays.

        >>> from zhengshangyou.game import State
        >>> list(PhaseLogic().moves(State.new(Rules(), seed=1), "classes"))
        []
        """
        return ()

    def plays(self, state: zhengshangyou.game.state.State, view: Literal["classes", "cards"]) -> LegalPlays | None:
        """The move generator's view of the plays open, or None in a phase without plays.

        >>> from zhengshangyou.game import State
        >>> PhaseLogic().plays(State.new(Rules(), seed=1), "classes") is None
        True
        """
        return None

    def check(self, state: zhengshangyou.game.state.State, move: object, seat: object) -> tuple[Move, Any]:
        """Refuse ``move`` with the error that names the rule, or give it as the game
        makes it with what :meth:`play` needs of the check. ``seat``, when not None,
        must be the seat to act. By default, no move: the hand is over (R6.1).

        >>> from zhengshangyou.game import State
        >>> PhaseLogic().check(State.new(Rules(), seed=1), None, None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the hand is over: no move is possible until the next hand is dealt (R6.1)
        """
        raise IllegalMoveError(
            "the hand is over: no move is possible until the next hand is dealt (R6.1)",
            rule="R6.1",
        )

    def play(self, state: zhengshangyou.game.state.State, move: object, seat: object) -> zhengshangyou.game.state.State:
        """The state after the seat to act makes ``move``, checked by :meth:`check`.

        >>> from zhengshangyou.game import State
        >>> PhaseLogic().play(State.new(Rules(), seed=1), None, None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the hand is over: no move is possible until the next hand is dealt (R6.1)
        """
        self.check(state, move, seat)
        raise AssertionError("a phase with moves overrides play")  # pragma: no cover

    def observe(self, state: zhengshangyou.game.state.State, seat: int, fields: dict[str, Any]) -> None:
        """Fill in, or narrow, the fields of ``seat``'s
        :class:`~zhengshangyou.game.Observation` that this phase owns; every phase of
        the hand is asked, the one under way or not. By default, none.

        >>> from zhengshangyou.game import State
        >>> fields: dict[str, Any] = {}
        >>> PhaseLogic().observe(State.new(Rules(), seed=1), 0, fields); fields
        {}
        """

    def next_hand(self, state: zhengshangyou.game.state.State) -> zhengshangyou.game.state.State:
        """The first state of the next hand, when this phase ends the hand; by
        default the hand is not over (R6.1).

        >>> from zhengshangyou.game import State
        >>> PhaseLogic().next_hand(State.new(Rules(), seed=1))
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the current hand is not over (R6.1)
        """
        raise IllegalMoveError("the current hand is not over (R6.1)", rule="R6.1")


def register(logic: PhaseLogic, *phases: Phase) -> PhaseLogic:
    """Make ``logic`` the logic of ``phases`` (its own :attr:`PhaseLogic.phase` when
    none are named): what a phase module does once, on import.

    >>> register(Phase.PLAY.logic) is Phase.PLAY.logic
    True
    """
    for phase in phases or (logic.phase,):
        phase.logic = logic
    return logic


#: The phases of a hand, in order, each with the option of the rules that brings it
#: in: ``(phase, None)`` always, ``(phase, (option, values))`` when the rule set's
#: ``option`` is not one of ``values``. A hand begins with the first that starts
#: (:meth:`PhaseLogic.start`) and goes on to the next as each ends; a new phase is
#: one more entry (and a member of :class:`Phase`, and its module).
HAND_PHASES: tuple[tuple[Phase, tuple[str, tuple[object, ...]] | None], ...] = (
    (Phase.EXCHANGE, ("exchange", ("none",))),  # R8
    (Phase.AUCTION, ("teams", ("none",))),  # D3, D4: the landlord, the kitty
    (Phase.PLAY, None),  # R5
    (Phase.HAND_OVER, None),  # R6, R7: the end of the hand and its scoring
)


@functools.lru_cache(maxsize=256)
def hand_phases(rules: Rules) -> tuple[Phase, ...]:
    """The phases of a hand under ``rules``, in order (:data:`HAND_PHASES`).

    >>> hand_phases(Rules(exchange="highest_for_one_of_two"))[0]
    <Phase.EXCHANGE: 'exchange'>
    """
    return tuple(
        phase
        for phase, needs in HAND_PHASES
        if needs is None or getattr(rules, needs[0]) not in needs[1]
    )


@functools.lru_cache(maxsize=256)
def observers(rules: Rules) -> tuple[Callable[[zhengshangyou.game.state.State, int, dict[str, Any]], None], ...]:
    """The :meth:`~PhaseLogic.observe` of each phase of a hand under ``rules`` that
    has fields to fill (one that keeps the default, which fills none, is left out),
    in the order of the phases: what every observation asks. (After a change of
    :data:`HAND_PHASES` or of a phase's logic, ``observers.cache_clear()`` and
    ``hand_phases.cache_clear()``.)

    >>> [bound.__self__.phase for bound in observers(Rules())]
    [<Phase.PLAY: 'play'>]
    """
    found: list[Callable[[zhengshangyou.game.state.State, int, dict[str, Any]], None]] = []
    for phase in hand_phases(rules):
        logic = phase.logic
        if type(logic).observe is not PhaseLogic.observe:
            found.append(logic.observe)
    return tuple(found)
