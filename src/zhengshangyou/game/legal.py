"""The moves open to the seat to act (:class:`LegalMoves`): a lazy view whose
listing and membership are the phase's own (its
:meth:`~zhengshangyou.game.phase.PhaseLogic.moves` and
:meth:`~zhengshangyou.game.phase.PhaseLogic.check`, the check that
:meth:`State.play <zhengshangyou.game.State.play>` makes).

>>> from zhengshangyou.game import State
>>> from zhengshangyou.rules import Rules
>>> PASS in State.new(Rules(), seed=2).legal_moves()      # the leader may not pass (R5.1)
False
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

import attrs

from zhengshangyou.actions import PASS, Bid, Call, Give, Move, Offer, Pass, Return, Rob, Take
from zhengshangyou.errors import ZhengShangyouError, brief_repr
from zhengshangyou.moves import LegalPlays
from zhengshangyou.plays import Play

if TYPE_CHECKING:  # (the machinery builds the view: it imports this module)
    from zhengshangyou.game.state import State

__all__ = ["MOVE_TYPES", "LegalMoves", "legal_moves_of"]

#: The types of a move (:data:`~zhengshangyou.actions.Move`).
MOVE_TYPES = (Play, Pass, Give, Offer, Take, Return, Bid, Call, Rob)


def _check_view(moves: object, field: object, view: object) -> None:
    """The two views of the legal plays (see :mod:`zhengshangyou.moves`): an attrs validator."""
    if view != "classes" and view != "cards":
        raise ZhengShangyouError(f"view must be 'classes' or 'cards', not {brief_repr(view)}")


@attrs.frozen(repr=False)
class LegalMoves:
    """A lazy view of the moves open to the seat to act: plays (from the move
    generator, class view by default), then :data:`~zhengshangyou.actions.PASS`
    when passing is allowed; or the exchange decisions during an exchange.

    Listing and membership differ. Iterating lists the moves of the view: in the
    class view one play for each class of plays the rules cannot tell apart (the
    representative, which takes the lowest cards of each rank), in the card view
    every choice of cards. ``move in moves`` asks whether the move is legal, with
    the check :meth:`State.play` makes (:meth:`State.check`), whatever the view:
    a legal play that another play represents in the listing is still ``in``.

    >>> from zhengshangyou.game import State
    >>> from zhengshangyou.rules import Rules
    >>> state = State.new(Rules(), seed=4)
    >>> moves = state.legal_moves()
    >>> moves.count() == len(list(moves)), PASS in moves
    (True, False)
    >>> leader = State.new(Rules(), seed=2)      # seat 0 holds QC QH QS
    >>> [str(move) for move in leader.legal_moves() if len(move) == 2]   # a pair a rank
    ['9D 9H', 'QC QH', '2D 2H']
    >>> Play.parse("QH QS", leader.rules) in leader.legal_moves()       # legal, not listed
    True
    """

    state: State
    view: Literal["classes", "cards"] = attrs.field(default="classes", validator=_check_view)

    @property
    def plays(self) -> LegalPlays | None:
        """The move generator's view of the plays, or None when no play is possible.

        >>> from zhengshangyou.game import State
        >>> from zhengshangyou.rules import Rules
        >>> State.new(Rules(), seed=4).legal_moves().plays.count() > 0
        True
        """
        state = self.state
        return state.hand_state.phase.logic.plays(state, self.view)

    def pass_allowed(self) -> bool:
        """Whether the seat to act may pass (R5.1, R5.2): ``PASS in self``.

        >>> from zhengshangyou.game import State
        >>> from zhengshangyou.rules import Rules
        >>> State.new(Rules(), seed=4).legal_moves().pass_allowed()
        False
        """
        return PASS in self

    def __iter__(self) -> Iterator[Move]:
        state = self.state
        return iter(state.hand_state.phase.logic.moves(state, self.view))

    def count(self) -> int:
        """The number of legal moves listed (see the class's note on listing).

        >>> from zhengshangyou.game import State
        >>> from zhengshangyou.rules import Rules
        >>> State.new(Rules(), seed=4).legal_moves().count() > 0
        True
        """
        plays = self.plays if self.view == "cards" else None
        if plays is not None:  # (the card view counted without listing it: LegalPlays.count)
            return plays.count() + (PASS in self)
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, MOVE_TYPES):
            return False
        state = self.state
        try:
            state.hand_state.phase.logic.check(state, move, None)
        except ZhengShangyouError:
            return False
        return True

    def __repr__(self) -> str:
        return f"<LegalMoves of seat {self.state.to_act} in {self.state.phase}>"

    def __copy__(self) -> LegalMoves:
        return self  # a view of an immutable state: a copy is the view itself

    def __deepcopy__(self, memo: dict[int, Any]) -> LegalMoves:
        return self


# (legal_moves_of builds its view through the slots' setters.)
_NEW = object.__new__
_SET_MOVES_STATE, _SET_MOVES_VIEW = (vars(LegalMoves)[field.name].__set__ for field in attrs.fields(LegalMoves))


def legal_moves_of(state: State) -> LegalMoves:
    """``LegalMoves(state)``, built faster (:meth:`State.legal_moves
    <zhengshangyou.game.State.legal_moves>`'s own).

    >>> from zhengshangyou.game import State
    >>> from zhengshangyou.rules import Rules
    >>> state = State.new(Rules(), seed=2)
    >>> legal_moves_of(state) == LegalMoves(state)
    True
    """
    moves: LegalMoves = _NEW(LegalMoves)  # (the default view: nothing to check)
    _SET_MOVES_STATE(moves, state)
    _SET_MOVES_VIEW(moves, "classes")
    return moves
