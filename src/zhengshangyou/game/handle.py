"""The handle most programs use: :class:`Game`, a mutable match that holds the
current :class:`~zhengshangyou.game.State`, reads moves from text, and undoes and
copies for next to nothing (states are shared).

>>> game = Game(seed=7)
>>> game.play(next(iter(game.legal_moves())))
>>> len(game.state.log)
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from zhengshangyou.actions import PASS, Give, Move, Offer, Return, Take, auction_move
from zhengshangyou.cards import Card, ascii_lower, format_cards, parse_cards
from zhengshangyou.errors import AmbiguousPlayError, CardsNotHeldError, IllegalMoveError
from zhengshangyou.game.deal import Deal
from zhengshangyou.game.legal import MOVE_TYPES, LegalMoves
from zhengshangyou.game.observation import Observation
from zhengshangyou.game.phase import Phase
from zhengshangyou.game.state import State
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play, beats, resolve, split_declaration
from zhengshangyou.rules import Rules

__all__ = ["Game"]


class Game:
    """A match of Zheng Shangyou: a mutable handle on the current :class:`State`.

    ``rules`` (default ``Rules()``) can be combined with keyword options, which
    are validated exactly as :class:`~zhengshangyou.rules.Rules` validates them:
    ``Game(players=3, min_straight=3)`` or ``Game(Rules.preset("winner"),
    exchange="highest_for_any")``. ``seed``, ``dealer``, ``deals`` and
    ``arranged`` are those of :meth:`State.new`.

    >>> game = Game(Rules.preset("winner"), seed=1, dealer=0)
    >>> game.rules.min_straight, game.phase
    (3, <Phase.PLAY: 'play'>)
    >>> from zhengshangyou.game.trickplay import start_card_holder
    >>> game.to_act == start_card_holder(game.state)   # the 3♦ leads
    True
    >>> clone = game.copy()
    >>> game.play(next(iter(game.legal_moves())))
    >>> clone == game
    False
    """

    __slots__ = ("_earlier", "_state")

    def __init__(
        self,
        /,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deals: Sequence[Deal] = (),
        arranged: bool = False,
        **options: Any,
    ) -> None:
        if rules is None:
            rules = Rules(**options)
        elif options and isinstance(rules, Rules):
            rules = rules.evolve(**options)
        self._state = State.new(rules, seed=seed, dealer=dealer, deals=deals, arranged=arranged)
        # The states before this one, newest first, as a shared linked list
        # (state, rest): copying a game shares it, undoing steps back along it.
        self._earlier: tuple[State, Any] | None = None

    @classmethod
    def from_state(cls, state: State) -> Game:
        """A game handle on ``state``.

        >>> state = State.new(Rules(), seed=0)
        >>> Game.from_state(state).state is state
        True
        """
        game = cls.__new__(cls)
        game._state = state
        game._earlier = None
        return game

    @property
    def state(self) -> State:
        """The current position.

        >>> Game(seed=1).state.hand_number
        0
        """
        return self._state

    @property
    def rules(self) -> Rules:
        """The rules of this match.

        >>> Game(players=3, seed=1).rules.players
        3
        """
        return self._state.rules

    @property
    def phase(self) -> Phase:
        """What the table is doing: a :class:`Phase` (``EXCHANGE``, ``PLAY``,
        ``HAND_OVER`` or ``MATCH_OVER``).

        >>> Game(seed=1).phase
        <Phase.PLAY: 'play'>
        """
        return self._state.phase

    @property
    def to_act(self) -> int:
        """The seat to act, or -1 when nobody is.

        >>> Game(seed=1).to_act in range(4)
        True
        """
        return self._state.to_act

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Every seat's hand (all of them: this is the referee's view).

        >>> [len(hand) for hand in Game(seed=1, dealer=0).hands]
        [14, 14, 13, 13]
        """
        return self._state.hands

    @property
    def scores(self) -> tuple[int, ...]:
        """The match totals.

        >>> Game(seed=1).scores
        (0, 0, 0, 0)
        """
        return self._state.scores

    @property
    def is_hand_over(self) -> bool:
        """Whether the current hand has ended.

        >>> Game(seed=1).is_hand_over
        False
        """
        return self._state.hand_state.phase.is_over

    @property
    def is_match_over(self) -> bool:
        """Whether the match has ended (a score reached ``target_score``, R7.4).

        >>> Game(seed=1).is_match_over
        False
        """
        return self._state.hand_state.phase is Phase.MATCH_OVER

    def legal_moves(self, *, view: Literal["classes", "cards"] = "classes") -> LegalMoves:
        """The moves the seat to act may make (see :class:`LegalMoves`).

        >>> moves = Game(seed=1).legal_moves()
        >>> moves.count() > 0, moves.count() <= Game(seed=1).legal_moves(view="cards").count()
        (True, True)
        """
        return LegalMoves(self._state, view)

    def play(self, move: Move | str | Iterable[Card], *, seat: int | None = None) -> None:
        """Make ``move`` for the seat to act; checked, and all or nothing.

        ``move`` is a move object, or text: ``"pass"``, cards in the notation,
        ``"give RJ"``, ``"offer 3D 4S"``, ``"take 4S"``, ``"return 3C"``; or an
        iterable of cards. Cards are read as a play (R3.16) like this: of their
        readings, those that beat the play on the table if any do (otherwise all
        of them, and the move is then refused as not beating); readings of
        several kinds must be declared (an :class:`~zhengshangyou.errors.AmbiguousPlayError`
        lists them); among readings of one kind (a run that can be read with a
        low or a high A, R3.15) the strongest is taken, under the flipped order
        when a revolution is on (R4.8).

        >>> game = Game(seed=2)
        >>> game.play("pass")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
        """
        after = self._state.play(self.parse_move(move), seat=seat)
        self._earlier = (self._state, self._earlier)
        self._state = after

    def parse_move(self, move: Move | str | Iterable[Card]) -> Move:
        """Turn text or cards into a move for the current position (not yet checked
        for legality, except that cards must have a legal reading here).

        >>> game = Game(seed=2)
        >>> game.parse_move("pass")
        Pass()
        """
        if isinstance(move, MOVE_TYPES):
            return move
        if isinstance(move, str):
            words = move.strip().split(None, 1)
            verb = ascii_lower(words[0]) if words else ""
            rest = words[1] if len(words) > 1 else ""
            if verb == "pass" and not rest:
                return PASS
            if verb == "give":
                return Give(Card.parse(rest))
            if verb == "take":
                return Take(Card.parse(rest))
            if verb == "return":
                return Return(Card.parse(rest))
            if verb == "offer":
                return Offer(parse_cards(rest))
            if verb in ("bid", "call", "rob"):
                return auction_move(verb, rest)
            return self._reading(move)
        return self._reading(move)

    def _reading(self, cards: Iterable[Card] | str) -> Play:
        """The reading of typed ``cards`` to play here (:func:`~zhengshangyou.plays.resolve`):
        of the readings that beat the top play (all readings when none does, or on a
        lead), the only one, or the strongest of several of one kind; readings of
        several kinds must be declared (``"3C 4C 5C as straight_flush"``)."""
        state = self._state
        kind = None
        if isinstance(cards, str):
            text, kind = split_declaration(cards)
            cards = parse_cards(text)
        top, revolution = state.trick.top, state.hand_state.revolution
        playable = None
        if state.hand_state.phase is Phase.PLAY and top is not None:
            def playable(play: Play) -> bool:
                return beats(play, top, revolution=revolution)
        try:
            return resolve(cards, state.rules, kind=kind, playable=playable, revolution=revolution)
        except AmbiguousPlayError as error:
            # Asking which reading is meant makes sense only for cards the seat holds.
            seat, read = state.trick.to_act, error.readings[0]
            assert isinstance(read, Play)
            if state.hand_state.phase is Phase.PLAY and not state.hands[seat].contains(read.cards):
                raise CardsNotHeldError(f"seat {seat} does not hold {format_cards(read.cards)} (R3)") from None
            raise

    def next_hand(self) -> None:
        """Deal the next hand of the match (see :meth:`State.next_hand`).

        >>> game = Game(seed=1)
        >>> while not game.is_hand_over:
        ...     game.play(next(iter(game.legal_moves())))
        >>> game.next_hand()
        >>> game.state.hand_number, game.phase
        (1, <Phase.PLAY: 'play'>)
        """
        after = self._state.next_hand()
        self._earlier = (self._state, self._earlier)
        self._state = after

    def undo(self) -> None:
        """Take back the last move (or deal).

        >>> game = Game(seed=3)
        >>> game.undo()
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: nothing to undo: this is the first position
        """
        if self._earlier is None:
            raise IllegalMoveError("nothing to undo: this is the first position")
        self._state, self._earlier = self._earlier

    def copy(self) -> Game:
        """An independent handle on the same position (states are shared: O(1)).

        >>> game = Game(seed=3)
        >>> game.copy() == game
        True
        """
        game = Game.from_state(self._state)
        game._earlier = self._earlier
        return game

    def __copy__(self) -> Game:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # A new handle on the same immutable states, as copy() gives (O(1)): a move
        # on either leaves the other where it was.
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        """A game pickles as its position: the state, which holds the match's whole
        history; the undo steps are the handle's own and stay behind (a long chain of
        them would also be too deep to pickle). The unpickled game plays on as this
        one does.

        >>> import pickle
        >>> game = Game(seed=3)
        >>> game.play(next(iter(game.legal_moves())))
        >>> again = pickle.loads(pickle.dumps(game))
        >>> again == game, list(again.legal_moves()) == list(game.legal_moves())
        (True, True)
        """
        return (Game.from_state, (self._state,))

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know (see :meth:`State.observation`).

        >>> game = Game(seed=1)
        >>> game.observation(2).hand == game.hands[2]
        True
        """
        return self._state.observation(seat)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state == other._state

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<Game {self._state!r}>"

