"""The game: a whole hand and a whole match under any rules (R2, R5–R8).

A :class:`State` is an immutable position with its whole history, made of
parts by lifetime (:class:`Match`, :class:`HandState`, :class:`Trick`) that
the states of a match share; its :class:`Phase` says what the table is doing.
:meth:`State.play` checks a move and returns the next state, and a rejected
move raises a typed error that names the rule, leaving nothing changed; the
legal-move view (:class:`LegalMoves`) asks the same check for ``move in``.
:class:`Game` is the convenient mutable handle most programs use: it holds the
current state, and :meth:`Game.copy` and :meth:`Game.undo` cost next to
nothing, since states are shared. The exchange between hands (R8) is
:mod:`zhengshangyou.exchange`'s.

>>> game = Game(seed=7)                     # the default preset, 4 players
>>> game.phase, game.to_act in range(4)
(<Phase.PLAY: 'play'>, True)
>>> lead = next(iter(game.legal_moves()))   # the first legal lead, a single
>>> game.play(lead)
>>> game.state.top == lead
True
>>> game.undo()
>>> game.state.top is None
True
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal

import attrs

try:
    import cython
except ImportError:  # (the pure-Python build needs no Cython: see NoCython)
    from zhengshangyou.compiled import NoCython as cython
if cython.compiled:  # pragma: no cover (the compiled build, whose tests CI runs apart)
    from cython.cimports.cpython.object import PyObject_GenericSetAttr

from zhengshangyou.actions import PASS, Give, Move, Offer, Pass, Return, Take
from zhengshangyou.cards import Card, ascii_lower, format_cards, parse_cards
from zhengshangyou.combinations import Kind
from zhengshangyou.errors import (
    AmbiguousPlayError,
    CardsNotHeldError,
    IllegalMoveError,
    InvalidSetupError,
    WrongTypeError,
    ZhengShangyouError,
    brief_repr,
    check_int,
)
from zhengshangyou.exchange import (
    ExchangeState,
    apply_exchange,
    check_exchange,
    exchange_moves,
    start_exchange,
)
from zhengshangyou.hand import Hand, amounts_of
from zhengshangyou.moves import LegalPlays, class_parts, engine_plays
from zhengshangyou.plays import Play, beats, reader, resolve, split_declaration
from zhengshangyou.rules import Rules, check_rules, shared
from zhengshangyou.scoring import HandResult, match_over, score_hand

__all__ = [
    "Action",
    "Deal",
    "Game",
    "HandState",
    "LegalMoves",
    "Match",
    "Observation",
    "Phase",
    "State",
    "Trick",
    "deal_cards",
]


@attrs.frozen
class Action:
    """One move in the history: who made it and what it was.

    >>> Action(2, PASS)
    Action(seat=2, move=Pass())
    """

    seat: int
    move: Move


@attrs.frozen
class Deal:
    """The cards of one hand as dealt (R2.2): the dealer, each seat's hand and, with
    ``first_lead="trick_card"`` on the first hand, the face-up trick card and the seat
    it was dealt to (R2.4).

    >>> deal = deal_cards(Rules(players=3, jokers=False, joker_bomb=False), dealer=1, rng=random.Random(0))
    >>> [len(hand) for hand in deal.hands]   # 52 cards, 3 players: the dealer gets 18 (E19)
    [17, 18, 17]
    """

    dealer: int
    hands: tuple[Hand, ...]
    trick_card: Card | None = None
    trick_seat: int | None = None


def deal_cards(rules: Rules, dealer: int, rng: random.Random, *, trick_card: bool = False) -> Deal:
    """Shuffle the deck with ``rng`` and deal it singly from ``dealer`` in play order (R2.2).

    With ``trick_card``, one dealt card, chosen uniformly with ``rng``, is turned
    face up, and its seat is recorded (R2.4).

    >>> deal = deal_cards(Rules(), dealer=0, rng=random.Random(1), trick_card=True)
    >>> [len(hand) for hand in deal.hands], deal.trick_card in deal.hands[deal.trick_seat]
    ([14, 14, 13, 13], True)
    """
    if not isinstance(rng, random.Random):
        raise WrongTypeError(f"rng must be a random.Random, not {brief_repr(rng)} (R2.2)", argument="rng", rule="R2.2")
    deck = list(check_rules(rules).deck())
    if not 0 <= check_int(dealer, "dealer", rule="R2.1") < rules.players:
        raise InvalidSetupError(f"no seat {brief_repr(dealer)} to deal (R2.1)", rule="R2.1")
    _shuffle(rng, deck)
    players = rules.players
    # Singly from the dealer: the seat ``step`` places after the dealer gets every
    # ``players``-th card from the ``step``-th.
    dealt = [deck[(seat - dealer) % players :: players] for seat in range(players)]
    face_up: Card | None = None
    seat: int | None = None
    if trick_card:
        position = rng.randrange(len(deck))
        face_up, seat = deck[position], (dealer + position) % players
    return Deal(dealer, tuple(Hand(cards) for cards in dealt), face_up, seat)


def _shuffle(rng: random.Random, cards: list[Card]) -> None:
    """``rng.shuffle(cards)``: the same draws and the same order, in fewer steps for a
    :class:`random.Random` itself (Python 3.10 to 3.13 shuffle alike: from the last
    place down, each swapped with a place below it drawn by rejection from
    ``getrandbits``). Any other generator shuffles as it does.

    >>> cards, same = list(Rules().deck()), list(Rules().deck())
    >>> _shuffle(random.Random(7), cards); random.Random(7).shuffle(same); cards == same
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for last in range(len(cards) - 1, 0, -1):
        size = last + 1
        bits = size.bit_length()
        other = getrandbits(bits)
        while other >= size:
            other = getrandbits(bits)
        cards[last], cards[other] = cards[other], cards[last]


def _rng(seed: int, *purpose: object) -> random.Random:
    """A generator for one purpose of one game, the same on every platform and run."""
    return random.Random(":".join(["zhengshangyou", str(seed), *map(str, purpose)]))


class Phase(str, enum.Enum):
    """What the table is doing (:attr:`State.phase`): an exchange (R8), the play
    of a hand (R5), a finished hand (R6) or a finished match (R7.4).

    The value is the text that observations and records show; a phase is a
    ``str`` and compares equal to its value.

    >>> Game(seed=1).phase
    <Phase.PLAY: 'play'>
    >>> Phase("hand_over").is_over, Phase.PLAY == "play", str(Phase.MATCH_OVER)
    (True, True, 'match_over')
    """

    EXCHANGE = "exchange"
    """The exchange between hands is under way (R8.2, R8.3)."""
    PLAY = "play"
    """The hand is being played (R5)."""
    HAND_OVER = "hand_over"
    """The hand has ended (R6.1); :meth:`State.next_hand` deals the next one."""
    MATCH_OVER = "match_over"
    """The hand has ended and a score reached ``target_score`` (R7.4)."""

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (``HAND_OVER`` or ``MATCH_OVER``).

        >>> Phase.EXCHANGE.is_over, Phase.MATCH_OVER.is_over
        (False, True)
        """
        return self is Phase.HAND_OVER or self is Phase.MATCH_OVER

    def __str__(self) -> str:
        return self.value


# The phases the hot paths test, as module globals: a global is found faster than
# an enum member (a class attribute), and every move and every listing asks.
_PLAY, _EXCHANGE = Phase.PLAY, Phase.EXCHANGE


@attrs.frozen
class Match:
    """The part of a :class:`State` that lasts the whole match: the rules, the
    seed, the hand number, the totals and the finished hands (their results, and
    their deals and moves), and the deals given for later hands. It changes only
    between hands, so every move of a hand shares it.

    >>> match = State.new(Rules(), seed=3).match
    >>> match.hand_number, match.scores, match.past
    (0, (0, 0, 0, 0), ())
    """

    rules: Rules
    seed: int
    hand_number: int
    scores: tuple[int, ...]  # match totals
    results: tuple[HandResult, ...]  # the hands finished in this match
    past: tuple[tuple[Deal, tuple[Action, ...]], ...]  # earlier hands: deal and moves
    deals: tuple[Deal, ...] = attrs.field(default=(), repr=False)  # deals given for later hands


@attrs.frozen
class HandState:
    """The part of a :class:`State` that lasts one hand and changes only at its
    milestones: its deal and phase, the revolution (R4.8), who is out and who
    has played, the exchange and its public transfers (R8). Most moves share it;
    a new one comes with a seat's first play of the hand, a seat going out, a
    revolution, an exchange decision and a change of phase.

    >>> hand = State.new(Rules(), seed=3).hand_state
    >>> hand.phase, hand.finished, hand.played
    (<Phase.PLAY: 'play'>, (), 0)
    """

    deal: Deal
    phase: Phase
    revolution: bool = False  # whether the rank order is flipped now (R4.8)
    finished: tuple[int, ...] = ()  # seats out, in order
    played: int = 0  # bit mask: seats that played a card this hand
    first_out: tuple[tuple[int, ...], int] | None = None  # cards held and played mask when the Winner went out
    exchange: ExchangeState | None = None
    exchanged: tuple[Action, ...] = ()  # public transfers of this hand (R8.2)


@attrs.frozen
class Trick:
    """The part of a :class:`State` that lasts one trick: the seat to act, the
    play to beat and who made it, the seats that passed or are locked out since
    (R5.2, R5.3), and a card the lead must include (R2.5). Every move makes a
    new one (or, for a new trick's lead, takes the one object kept for its seat).

    >>> trick = State.new(Rules(), seed=3).trick
    >>> trick.top is None, trick.top_seat, trick.passed
    (True, -1, 0)
    """

    to_act: int  # -1 when nobody is to act
    top: Play | None = None  # the play to beat; None when the player to act leads
    top_seat: int = -1  # who made it, or -1
    passed: int = 0  # bit mask: seats that passed since the last play
    locked: int = 0  # bit mask: seats locked out of this trick (pass_locks_out)
    must_include: Card | None = None  # a card the next lead must include (R2.5)


def _nobody_played(state: State) -> tuple[tuple[Card, ...], ...]:
    """No cards played for any seat of ``state`` (a state's default ``played_cards``)."""
    return _NONE_PLAYED[len(state.hands)]


@attrs.frozen(repr=False)
class State:
    """An immutable position of a match; :meth:`play` gives the next one.

    Build the first state with :meth:`State.new` (or use :class:`Game`). A state
    is its parts by lifetime: the :class:`Match` (rules, seed, totals, finished
    hands), the :class:`HandState` (deal, phase, who is out, exchange), the
    :class:`Trick` (seat to act, play to beat, passes), and what nearly every
    move changes: ``hands``, the seats' hands, ``log``, the moves of this
    hand, and ``played_cards``, the cards each seat has played this hand (in
    the order played). A move makes a new trick and shares the match and, but
    at a milestone of the hand, the hand state. Every field of the parts reads as an
    attribute of the state too (``state.top``, ``state.phase``,
    ``state.scores``...).

    This is the referee's view: besides public facts it holds what no seat may
    see, the other seats' ``hands``, the ``seed`` (which would tell the deals),
    the ``deal`` and ``past`` hands' deals (every hand as dealt), the ``deals``
    given for later hands, and the cards offered in an exchange
    (``exchange.offered``, seen only by the Winner and the Loser, R8.2).
    :meth:`observation` gives what one seat may know, and nothing else.

    >>> state = State.new(Rules(), seed=3, dealer=0)
    >>> state.phase, state.dealer, sum(map(len, state.hands))
    (<Phase.PLAY: 'play'>, 0, 54)
    >>> after = state.play(next(iter(state.legal_moves())))
    >>> len(after.log), len(state.log)    # the earlier state is unchanged
    (1, 0)
    >>> after.match is state.match        # a move shares what it does not change
    True
    """

    match: Match
    hand_state: HandState
    trick: Trick
    hands: tuple[Hand, ...]  # every seat's hand
    log: tuple[Action, ...] = ()  # every move of this hand
    #: The cards each seat has played this hand, by seat, in the order played (public);
    #: nobody's cards when not given.
    played_cards: tuple[tuple[Card, ...], ...] = attrs.field(
        default=attrs.Factory(_nobody_played, takes_self=True)
    )

    def __copy__(self) -> State:
        return self  # immutable: a copy is the state itself

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self

    # --- construction -----------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        *,
        seed: int | None = None,
        dealer: int | None = None,
        deals: Sequence[Deal] = (),
        arranged: bool = False,
    ) -> State:
        """The first state of a match: the deal of its first hand, ready to play.

        ``seed`` fixes every random choice (drawn at random when None, and kept so
        the match can be replayed; a whole number from 0 to 2**64 - 1); ``dealer``
        names the first dealer (random otherwise, R2.3); ``deals`` gives the deals
        of the first hands instead of shuffling (as a record does). A given deal
        must look like a real one (R2.2a): exactly the rules' deck, in the R2.2
        sizes counted from its dealer, and a trick card in the hand of the seat it
        names. ``arranged=True`` sets up a position by hand (a puzzle, a test):
        the hands may then have any sizes, but every seat still gets at least one
        card and the deck must still be exact; a record never carries such a game
        (the referee refuses it, R2.2a).

        >>> State.new(Rules(), seed=1).seed
        1
        """
        # The game holds the rule set the library shares, so that every look-up of
        # what is derived from it finds it by identity (see rules.shared).
        rules = shared(check_rules(rules))
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not 0 <= check_int(seed, "seed", rule="R2.3") < SEED_LIMIT:
            raise InvalidSetupError(
                f"seed must be a whole number from 0 to 2**64 - 1, not {brief_repr(seed)} (R2.3)",
                rule="R2.3",
            )
        players = rules.players
        if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence):
            raise WrongTypeError(
                f"deals must be a sequence of Deal objects, not {type(deals).__name__}",
                argument="deals",
                rule="R2.2a",
            )
        deals = tuple(check_deal(rules, deal, arranged=arranged) for deal in deals)
        if deals:
            dealer = deals[0].dealer
        elif dealer is None:
            dealer = _rng(seed, "dealer").randrange(players)
        if not 0 <= check_int(dealer, "dealer", rule="R2.1") < players:
            raise InvalidSetupError(
                f"dealer must be a seat 0..{players - 1}, not {brief_repr(dealer)} (R2.1)", rule="R2.1"
            )
        trick_card = rules.first_lead == "trick_card"
        if deals:
            deal = deals[0]
            if trick_card and deal.trick_card is None:
                raise InvalidSetupError(
                    "first_lead='trick_card' needs the deal's face-up trick card (R2.4)", rule="R2.4"
                )
        else:
            deal = deal_cards(rules, dealer, _rng(seed, "deal", 0), trick_card=trick_card)
        match = Match(
            rules=rules,
            seed=seed,
            hand_number=0,
            scores=(0,) * players,
            results=(),
            past=(),
            deals=deals[1:],
        )
        return cls._dealt(match, deal, previous=None)

    @classmethod
    def _dealt(cls, match: Match, deal: Deal, previous: HandResult | None) -> State:
        """The first state of the hand dealt as ``deal``: its exchange under way
        (R8), or its first lead (R2.4–R2.6)."""
        hand_state = HandState(deal=deal, phase=Phase.PLAY)
        if previous is not None:
            exchange = start_exchange(match.rules, previous.winner, previous.loser)
            if exchange is not None:
                hand_state = attrs.evolve(hand_state, phase=Phase.EXCHANGE, exchange=exchange)
                trick = Trick(to_act=exchange.to_act)
                return cls(match, hand_state, trick, deal.hands, (), _NONE_PLAYED[match.rules.players])
        state = cls(match, hand_state, Trick(to_act=-1), deal.hands, (), _NONE_PLAYED[match.rules.players])
        return state._start_play(previous)

    # --- the parts' fields, read through the state -----------------------------

    @property
    def rules(self) -> Rules:
        """The rules of the match (:attr:`Match.rules`).

        >>> State.new(Rules(players=3), seed=0).rules.players
        3
        """
        return self.match.rules

    @property
    def seed(self) -> int:
        """The seed of the match, which fixes every deal (:attr:`Match.seed`).

        >>> State.new(Rules(), seed=9).seed
        9
        """
        return self.match.seed

    @property
    def hand_number(self) -> int:
        """The number of the current hand in the match, from 0 (:attr:`Match.hand_number`).

        >>> State.new(Rules(), seed=0).hand_number
        0
        """
        return self.match.hand_number

    @property
    def scores(self) -> tuple[int, ...]:
        """The match totals, one a seat (:attr:`Match.scores`).

        >>> State.new(Rules(), seed=0).scores
        (0, 0, 0, 0)
        """
        return self.match.scores

    @property
    def results(self) -> tuple[HandResult, ...]:
        """The results of the hands finished in this match (:attr:`Match.results`).

        >>> State.new(Rules(), seed=0).results
        ()
        """
        return self.match.results

    @property
    def past(self) -> tuple[tuple[Deal, tuple[Action, ...]], ...]:
        """The earlier hands of the match: each one's deal and moves (:attr:`Match.past`).

        >>> State.new(Rules(), seed=0).past
        ()
        """
        return self.match.past

    @property
    def deals(self) -> tuple[Deal, ...]:
        """The deals given for the later hands, not yet dealt (:attr:`Match.deals`).

        >>> State.new(Rules(), seed=0).deals
        ()
        """
        return self.match.deals

    @property
    def deal(self) -> Deal:
        """The current hand as dealt (:attr:`HandState.deal`).

        >>> State.new(Rules(), seed=0, dealer=2).deal.dealer
        2
        """
        return self.hand_state.deal

    @property
    def phase(self) -> Phase:
        """What the table is doing: a :class:`Phase` (:attr:`HandState.phase`).

        >>> State.new(Rules(), seed=0).phase
        <Phase.PLAY: 'play'>
        """
        return self.hand_state.phase

    @property
    def revolution(self) -> bool:
        """Whether the rank order is flipped now (R4.8, :attr:`HandState.revolution`).

        >>> State.new(Rules(), seed=0).revolution
        False
        """
        return self.hand_state.revolution

    @property
    def finished(self) -> tuple[int, ...]:
        """The seats out, in order; once the hand is over, its whole finishing
        order (R6.1, R6.2; :attr:`HandState.finished`).

        >>> State.new(Rules(), seed=0).finished
        ()
        """
        return self.hand_state.finished

    @property
    def played(self) -> int:
        """The seats that played a card this hand, as a bit mask (:attr:`HandState.played`).

        >>> State.new(Rules(), seed=0).played
        0
        """
        return self.hand_state.played

    @property
    def first_out(self) -> tuple[tuple[int, ...], int] | None:
        """When the Winner went out: every seat's number of cards, and the seats
        that had played, as a bit mask (R7.1; :attr:`HandState.first_out`).

        >>> State.new(Rules(), seed=0).first_out is None
        True
        """
        return self.hand_state.first_out

    @property
    def exchange(self) -> ExchangeState | None:
        """Where the exchange stands, while one is under way (R8; :attr:`HandState.exchange`).

        >>> State.new(Rules(), seed=0).exchange is None
        True
        """
        return self.hand_state.exchange

    @property
    def exchanged(self) -> tuple[Action, ...]:
        """The cards that changed hands in this hand's exchange, public (R8.2;
        :attr:`HandState.exchanged`).

        >>> State.new(Rules(), seed=0).exchanged
        ()
        """
        return self.hand_state.exchanged

    @property
    def to_act(self) -> int:
        """The seat to act, or -1 when nobody is (:attr:`Trick.to_act`).

        >>> State.new(Rules(), seed=0).to_act in range(4)
        True
        """
        return self.trick.to_act

    @property
    def top(self) -> Play | None:
        """The play to beat, or None when the seat to act leads (:attr:`Trick.top`).

        >>> State.new(Rules(), seed=0).top is None
        True
        """
        return self.trick.top

    @property
    def top_seat(self) -> int:
        """The seat that made the play to beat, or -1 (:attr:`Trick.top_seat`).

        >>> State.new(Rules(), seed=0).top_seat
        -1
        """
        return self.trick.top_seat

    @property
    def passed(self) -> int:
        """The seats that passed since the last play, as a bit mask (:attr:`Trick.passed`).

        >>> State.new(Rules(), seed=0).passed
        0
        """
        return self.trick.passed

    @property
    def locked(self) -> int:
        """The seats locked out of this trick (``pass_locks_out``, R5.3), as a bit
        mask (:attr:`Trick.locked`).

        >>> State.new(Rules(), seed=0).locked
        0
        """
        return self.trick.locked

    @property
    def must_include(self) -> Card | None:
        """A card the next lead must include (R2.5; :attr:`Trick.must_include`).

        >>> str(State.new(Rules.preset("winner", start_card_must_be_played=True), seed=0).must_include)
        '3D'
        """
        return self.trick.must_include

    # --- public views -----------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats.

        >>> State.new(Rules(players=3), seed=0).players
        3
        """
        return self.match.rules.players

    @property
    def dealer(self) -> int:
        """The dealer of the current hand.

        >>> State.new(Rules(), seed=1, dealer=3).dealer
        3
        """
        return self.hand_state.deal.dealer

    @property
    def winner(self) -> int | None:
        """The first seat out this hand (上游), once there is one (R6.1).

        >>> State.new(Rules(), seed=1).winner is None
        True
        """
        finished = self.hand_state.finished
        return finished[0] if finished else None

    @property
    def result(self) -> HandResult | None:
        """The result of the current hand once it is over.

        >>> State.new(Rules(), seed=0).result is None
        True
        """
        if self.hand_state.phase.is_over:
            return self.match.results[-1]
        return None

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` still holds cards.

        >>> State.new(Rules(), seed=0).is_active(2)
        True
        """
        return bool(self.hands[seat])

    def history(self) -> tuple[tuple[Deal, tuple[Action, ...]], ...]:
        """Every hand of the match so far: its deal and its moves, the current one last.

        >>> len(State.new(Rules(), seed=0).history())
        1
        """
        return (*self.match.past, (self.hand_state.deal, self.log))

    def legal_moves(self) -> LegalMoves:
        """The moves the seat to act may make now, as a lazy view (see :class:`LegalMoves`).

        >>> state = State.new(Rules(), seed=2)
        >>> moves = state.legal_moves()
        >>> bool(moves), PASS in moves       # the leader may not pass (R5.1)
        (True, False)
        """
        moves: LegalMoves = _NEW(LegalMoves)  # (the default view: nothing to check)
        _SET_MOVES_STATE(moves, self)
        _SET_MOVES_VIEW(moves, "classes")
        return moves

    # --- transitions --------------------------------------------------------

    def check(self, move: object, *, seat: int | None = None) -> None:
        """Refuse ``move`` unless the seat to act (``seat``, when given, must be
        it) may make it now: the check of :meth:`play`, without the move. The
        error is the one :meth:`play` raises, naming the rule;
        ``move in state.legal_moves()`` asks the same question.

        >>> state = State.new(Rules(), seed=2)
        >>> state.check(next(iter(state.legal_moves())))
        >>> state.check(PASS)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
        """
        _check_move(self, move, seat)

    def play(self, move: Move, *, seat: int | None = None) -> State:
        """The state after the seat to act makes ``move``; checked.

        ``seat``, when given, must be the seat to act. A rejected move raises
        :class:`~zhengshangyou.errors.IllegalMoveError` (or a subclass) naming
        the rule, and this state is untouched (it is immutable). The check is
        :meth:`check`'s, which ``move in state.legal_moves()`` asks too.

        >>> state = State.new(Rules(), seed=2)
        >>> state.play(PASS)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
        """
        if seat is None and self.hand_state.phase is _PLAY:  # (the common case in fewer steps)
            if type(move) is Play:
                return self._after_play(*_check_play(self, self.match.rules, move))
            if move is PASS:
                rules = self.match.rules
                if self.trick.top is None or rules.must_beat:  # (else a pass is always allowed)
                    _check_pass(self, rules)
                return self._after_pass()
        made, remaining = _check_move(self, move, seat)
        if remaining is not None:
            assert isinstance(made, Play)
            return self._after_play(made, remaining)
        if made is PASS:
            return self._after_pass()
        assert isinstance(made, (Give, Offer, Take, Return))
        return self._after_exchange(made)

    def _after_play(self, play: Play, remaining: Hand) -> State:
        """The state after the seat to act makes ``play`` (checked), keeping ``remaining``."""
        hand_state, trick = self.hand_state, self.trick
        rules = self.match.rules
        seat = trick.to_act
        # (A list changed in place and made a tuple: fewer steps than slices.)
        new_hands = [*self.hands]
        new_hands[seat] = remaining
        hands = tuple(new_hands)
        new_played = [*self.played_cards]
        new_played[seat] += play.cards
        played_cards = tuple(new_played)
        revolution = hand_state.revolution
        if rules.revolution and play.kind is Kind.FOUR_OF_A_KIND:
            revolution = not revolution  # judged under the old order, flips for what follows (E20)
        played = hand_state.played | (1 << seat)
        out = not remaining.cards
        if out or played != hand_state.played or revolution != hand_state.revolution:
            # A milestone of the hand: a seat's first play, a seat out, a revolution.
            finished, first_out = hand_state.finished, hand_state.first_out
            if out:
                finished = (*finished, seat)
                if first_out is None:
                    first_out = (tuple(map(len, hands)), played)
            hand_state = HandState(
                deal=hand_state.deal,
                phase=hand_state.phase,
                revolution=revolution,
                finished=finished,
                played=played,
                first_out=first_out,
                exchange=hand_state.exchange,
                exchanged=hand_state.exchanged,
            )
            if out and _hand_ends(rules, hands, finished):
                log = (*self.log, Action(seat, play))
                return State(self.match, hand_state, trick, hands, log, played_cards)._end_hand()
        # The next seat holding cards and not locked out (next_to_act, read here
        # without a call): this seat when no other is, -1 when none holds cards.
        locked = trick.locked
        following = -1
        for other in _AFTER[len(hands)][seat]:
            if hands[other].cards and not locked >> other & 1:
                following = other
                break
        if (
            following == seat
            or following < 0
            or (rules.auto_restart and _unbeatable(rules, hands, seat, play, revolution))
        ):
            # Nobody may answer, or nothing can beat the play (R5.6): a new trick.
            trick = _LEADS[next_active(hands, seat) if out else seat]
        else:
            return _state(
                self.match, hand_state, None, hands, self.log + (_action(seat, play),), played_cards,
                following, play, seat, 0, locked,
            )
        return _state(self.match, hand_state, trick, hands, self.log + (_action(seat, play),), played_cards)

    def _after_pass(self) -> State:
        """The state after the seat to act passes (checked)."""
        trick = self.trick
        hands = self.hands
        seat = trick.to_act
        bit = 1 << seat
        passed = trick.passed | bit
        locked = trick.locked | bit if self.match.rules.pass_locks_out else trick.locked
        top_seat = trick.top_seat
        # The trick goes on while some other seat holding cards has neither passed
        # since the last play nor been locked out (R5.4, R5.5); the first such seat
        # after this one, or else the first not locked out, acts next (R5.2, R5.3).
        done = passed | locked | 1 << top_seat
        following = -1
        going_on = False
        for other in _AFTER[len(hands)][seat]:
            if hands[other].cards:
                if not done >> other & 1:
                    going_on = True
                    if following < 0:
                        following = other
                    break
                if following < 0 and not locked >> other & 1:
                    following = other
        log = self.log + (_PASSES[seat],)
        if going_on:
            return _state(
                self.match, self.hand_state, None, hands, log, self.played_cards,
                following, trick.top, top_seat, passed, locked,
            )
        # Every other seat holding cards has passed since the last play (R5.4, R5.5).
        trick = _LEADS[top_seat if hands[top_seat].cards else next_active(hands, top_seat)]
        return _state(self.match, self.hand_state, trick, hands, log, self.played_cards)

    def _after_exchange(self, move: Give | Offer | Take | Return) -> State:
        """The state after an exchange decision (checked): the exchange's next step,
        or the first lead once it is over (R8, R2.6)."""
        hand_state = self.hand_state
        exchange = hand_state.exchange
        assert exchange is not None
        action = Action(self.trick.to_act, move)
        after, hands = apply_exchange(exchange, self.hands, self.match.rules, move)
        exchanged = hand_state.exchanged if isinstance(move, Offer) else (*hand_state.exchanged, action)
        hand_state = attrs.evolve(hand_state, exchange=after, exchanged=exchanged)
        log = (*self.log, action)
        if after is not None:
            trick = Trick(to_act=after.to_act)
            return State(self.match, hand_state, trick, hands, log, self.played_cards)
        state = State(self.match, hand_state, self.trick, hands, log, self.played_cards)
        return state._start_play(self.match.results[-1])

    def _end_hand(self) -> State:
        """Close the hand: the finishing order, the Loser, the scores (R6, R7)."""
        match, hand_state = self.match, self.hand_state
        rules = match.rules
        players = rules.players
        hands = self.hands
        winner = hand_state.finished[0]
        order = list(hand_state.finished)
        rest = [seat for seat in range(players) if seat not in order]
        # Fewer cards first; ties in play order from the Winner, so that the last
        # seat (the Loser) holds the most cards and is the latest of those tied (R6.2).
        rest.sort(key=lambda seat: (len(hands[seat]), (seat - winner) % players))
        order.extend(rest)
        assert hand_state.first_out is not None
        cards_left, played_mask = hand_state.first_out
        played = tuple(bool(played_mask >> seat & 1) for seat in range(players))
        scores = score_hand(rules, finishing_order=order, cards_left=cards_left, played=played)
        result = HandResult(tuple(order), cards_left, played, scores)
        totals = tuple(total + score for total, score in zip(match.scores, scores, strict=True))
        phase = Phase.MATCH_OVER if match_over(rules, totals) else Phase.HAND_OVER
        # (The parts built whole: attrs.evolve would read every field's definition.)
        match = Match(
            match.rules, match.seed, match.hand_number, totals, (*match.results, result), match.past,
            match.deals,
        )
        hand_state = HandState(
            hand_state.deal, phase, hand_state.revolution, tuple(order), hand_state.played,
            hand_state.first_out, hand_state.exchange, hand_state.exchanged,
        )
        return _state(match, hand_state, _LEADS[-1], hands, self.log, self.played_cards)

    def next_hand(self) -> State:
        """Deal the next hand of the match (R2.6, R2.7, R8): new dealer, exchange, leader.

        >>> state = State.new(Rules(), seed=0)
        >>> state.next_hand()
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the current hand is not over (R6.1)
        """
        match = self.match
        rules = match.rules
        if self.hand_state.phase is Phase.MATCH_OVER:
            raise IllegalMoveError(
                f"the match is over: a score reached target_score={rules.target_score} (R7.4)",
                rule="R7.4",
            )
        if self.hand_state.phase is not Phase.HAND_OVER:
            raise IllegalMoveError("the current hand is not over (R6.1)", rule="R6.1")
        previous = match.results[-1]
        if rules.next_dealer == "loser":
            dealer = previous.loser
        elif rules.next_dealer == "winner":
            dealer = previous.winner
        else:
            dealer = (self.dealer + 1) % rules.players
        number = match.hand_number + 1
        if match.deals:
            deal = match.deals[0]  # checked when the match began (R2.2a)
            if deal.dealer != dealer:
                raise InvalidSetupError(
                    f"seat {dealer} deals hand {number} (next_dealer={rules.next_dealer!r}),"
                    f" not seat {deal.dealer} (R2.7)",
                    rule="R2.7",
                )
        else:
            deal = deal_cards(rules, dealer, _rng(match.seed, "deal", number))
        match = attrs.evolve(
            match,
            hand_number=number,
            past=(*match.past, (self.hand_state.deal, self.log)),
            deals=match.deals[1:],
        )
        return State._dealt(match, deal, previous)

    def _start_play(self, previous: HandResult | None) -> State:
        """The first lead of a hand (R2.4–R2.6)."""
        rules = self.match.rules
        method: str = rules.first_lead if previous is None else rules.later_lead
        must_include = None
        if method == "start_card":
            leader = self._start_card_holder()
            if rules.start_card_must_be_played and rules.start_card in self.hands[leader]:
                must_include = rules.start_card
        elif method == "trick_card":
            assert self.deal.trick_seat is not None
            leader = self.deal.trick_seat
        elif method == "dealer":
            leader = self.dealer
        elif method == "loser":
            assert previous is not None
            leader = previous.loser
        else:
            assert previous is not None
            leader = previous.winner
        return State(
            match=self.match,
            hand_state=attrs.evolve(self.hand_state, phase=Phase.PLAY, exchange=None),
            trick=Trick(to_act=leader, must_include=must_include),
            hands=self.hands,
            log=self.log,
            played_cards=self.played_cards,
        )

    def _start_card_holder(self) -> int:
        """R2.4: the holder of the start card, the first copy met in play order from
        the dealer; failing that, the holder of the lowest card, ties by suit then play
        order from the dealer (library rulings)."""
        players, dealer, hands = self.players, self.dealer, self.hands
        seats = [(dealer + step) % players for step in range(players)]
        for seat in seats:
            if self.rules.start_card in hands[seat]:
                return seat
        lowest = min((min(hands[seat]), step) for step, seat in enumerate(seats) if hands[seat])
        return seats[lowest[1]]

    # --- the exchange (R8) ------------------------------------------------------

    def exchange_moves(self) -> tuple[Move, ...]:
        """The exchange decisions open to the seat to act (R8.4), in card order
        (see :func:`~zhengshangyou.exchange.exchange_moves`).

        >>> State.new(Rules(), seed=0).exchange_moves()
        ()
        """
        hand_state = self.hand_state
        exchange = hand_state.exchange
        if hand_state.phase is not Phase.EXCHANGE or exchange is None:
            return ()
        return exchange_moves(exchange, self.hands, self.match.rules)

    # --- observation ----------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Everything ``seat`` may know now, and nothing else (see :class:`Observation`).

        >>> state = State.new(Rules(), seed=5)
        >>> view = state.observation(0)
        >>> view.hand == state.hands[0], sum(view.counts)
        (True, 54)
        """
        match, hand_state, trick = self.match, self.hand_state, self.trick
        players = match.rules.players
        if type(seat) is not int:  # (the common case in one step)
            check_int(seat, "seat", rule="R2.1")
        if not 0 <= seat < players:
            raise InvalidSetupError(f"seat must be 0..{players - 1}, not {brief_repr(seat)}", rule="R2.1")
        exchange = hand_state.exchange
        log = history = self.log
        involved = False
        if exchange is not None or hand_state.exchanged:
            # The Winner and the Loser of an exchange see the offer; nobody else does
            # (R8.2). The exchange's decisions open the log (give, offer, take), so only
            # its first three actions need a look, and only in a hand with an exchange.
            for place, action in enumerate(log[:3]):
                if isinstance(action.move, Offer):
                    involved = (exchange is not None and seat in (exchange.winner, exchange.loser)) or any(
                        action.seat == seat and isinstance(action.move, (Give, Offer)) for action in log[:3]
                    )
                    if not involved:
                        history = log[:place] + log[place + 1 :]
                    break
            else:
                involved = exchange is not None and seat in (exchange.winner, exchange.loser)
        deal = hand_state.deal
        return Observation(
            seat=seat,
            rules=match.rules,
            phase=hand_state.phase,
            hand_number=match.hand_number,
            dealer=deal.dealer,
            to_act=trick.to_act,
            hand=self.hands[seat],
            counts=tuple([len(hand.cards) for hand in self.hands]),
            top=trick.top,
            top_seat=trick.top_seat,
            passed=_SEATS[trick.passed],
            locked=_SEATS[trick.locked],
            revolution=hand_state.revolution,
            must_include=trick.must_include,
            finished=hand_state.finished,
            played=_SEATS[hand_state.played],
            played_cards=self.played_cards,
            trick_card=deal.trick_card,
            trick_seat=deal.trick_seat,
            offered=exchange.offered if involved and exchange is not None else (),
            exchanged=hand_state.exchanged,
            history=history,
            scores=match.scores,
            results=match.results,
            legal_moves=tuple(self.legal_moves()) if seat == trick.to_act else (),
        )

    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_number} {self.phase}, to act {self.to_act}, "
            f"top {self.top!s}, counts {[len(hand) for hand in self.hands]}>"
        )


def _check_move(state: State, move: object, seat: object) -> tuple[Move, Hand | None]:
    """The one legality check of a move in ``state``, asked by :meth:`State.play`,
    :meth:`State.check` and ``move in`` :class:`LegalMoves`: refuse ``move`` with
    the error that names the rule (E23), or give it as the game makes it, with
    the hand its seat keeps when it is a play (None otherwise).

    In order: the hand is on (R6.1), ``seat`` (when not None) is the seat to act
    (R5.2), ``move`` is a move (R5.2); during an exchange, the decision the
    exchange waits for (R8.2, R8.3, :func:`~zhengshangyou.exchange.check_exchange`);
    during play, a play its seat holds (R3), one of the rules' own readings of its
    cards (R3.16), including the card the first lead must include (R2.5) and
    beating the play on the table (R4); or a pass, never by the leader (R5.1) nor,
    under ``must_beat``, by a seat holding a beating play that is not a bomb
    (R5.2); an exchange decision outside an exchange is refused (R8.4).
    """
    hand_state, trick = state.hand_state, state.trick
    phase = hand_state.phase
    if seat is None and phase is _PLAY:  # (the common case in fewer steps)
        if type(move) is Play:
            return _check_play(state, state.match.rules, move)
        if move is PASS:
            _check_pass(state, state.match.rules)
            return PASS, None
    if phase is not _PLAY and phase is not _EXCHANGE:
        raise IllegalMoveError(
            "the hand is over: no move is possible until the next hand is dealt (R6.1)",
            rule="R6.1",
        )
    if seat is not None and check_int(seat, "seat", rule="R5.2") != trick.to_act:
        raise IllegalMoveError(
            f"it is seat {trick.to_act}'s turn, not seat {brief_repr(seat)}'s (R5.2)", rule="R5.2"
        )
    if not isinstance(move, _MOVE_TYPES):
        raise WrongTypeError(
            f"a move is a Play, PASS, Give, Offer, Take or Return, not {type(move).__name__}"
            f" ({brief_repr(move)}); Game.play also reads text",
            argument="move",
            rule="R5.2",
        )
    rules = state.match.rules
    if phase is _EXCHANGE:
        exchange = hand_state.exchange
        assert exchange is not None
        check_exchange(exchange, state.hands, rules, move)
        return move, None
    if isinstance(move, Play):
        return _check_play(state, rules, move)
    if isinstance(move, Pass):
        _check_pass(state, rules)
        return PASS, None
    raise IllegalMoveError(
        f"{move} is an exchange decision, and no exchange is under way (R8.4)", rule="R8.4"
    )


def _check_play(state: State, rules: Rules, play: Play) -> tuple[Play, Hand]:
    """A play of the seat to act (R2.5, R3, R3.16, R4), as the rules read it, and the
    hand it leaves; or the error that refuses it."""
    trick = state.trick
    seat = trick.to_act
    amounts = amounts_of(play.cards)  # (worked out once per play object)
    try:
        if amounts is None:  # (some card more than twice: no hand holds it, R1.3a)
            raise CardsNotHeldError(str(play))
        remaining = state.hands[seat]._take(amounts, play.cards)
    except CardsNotHeldError:
        raise CardsNotHeldError(f"seat {seat} does not hold {play} (R3)") from None
    # Only a play the engine could have read itself goes on (R3.16): from here on
    # the play is the rules' own reading, whatever object was handed in.
    play = reader(rules).trusted(play, held=True)
    top = trick.top
    if top is None:
        must_include = trick.must_include
        if must_include is not None and must_include not in play.cards:
            raise IllegalMoveError(
                f"the first lead of the hand must include {must_include} (R2.5)", rule="R2.5"
            )
    elif not beats(play, top, revolution=state.hand_state.revolution):
        if top.is_bomb:
            reason, rule = f"after the bomb {top} only a higher bomb may follow", "R4.6"
        elif play.family is not top.family or len(play) != len(top):
            reason = f"{play} ({_describe(play)}) does not match {top} ({_describe(top)})"
            rule = "R4.1"
        else:
            reason, rule = f"{play} is not higher than {top}", "R4.2"
        raise IllegalMoveError(f"{reason} ({rule})", rule=rule)
    return play, remaining


def _check_pass(state: State, rules: Rules) -> None:
    """A pass of the seat to act (R5.1, R5.2), or the error that refuses it."""
    trick = state.trick
    top = trick.top
    if top is None:
        raise IllegalMoveError("the leader may not pass (R5.1)", rule="R5.1")
    if rules.must_beat:
        seat = trick.to_act
        beating = engine_plays(
            state.hands[seat], rules, top, view="classes", revolution=state.hand_state.revolution
        )
        forced = next((play for play in beating if not play.is_bomb), None)
        if forced is not None:
            raise IllegalMoveError(
                f"must_beat: seat {seat} holds a play that beats {top} (such as {forced}),"
                " so it may not pass (R5.2)",
                rule="R5.2",
            )


# The move paths build their states, tricks and actions through the slots' own
# setters (compiled, by one C call a slot: see plays.new_play): every value comes
# checked from the move's check, so the generic ``__init__`` (a frozen class's
# setattr per field) would only repeat work.
_NEW = object.__new__
_STATE_SLOTS = tuple(vars(State)[field.name].__set__ for field in attrs.fields(State))
_TRICK_SLOTS = tuple(vars(Trick)[field.name].__set__ for field in attrs.fields(Trick))
_SET_SEAT, _SET_MOVE = (vars(Action)[field.name].__set__ for field in attrs.fields(Action))


def _state(
    match: Match,
    hand_state: HandState,
    trick: Trick | None,
    hands: tuple[Hand, ...],
    log: tuple[Action, ...],
    played_cards: tuple[tuple[Card, ...], ...],
    to_act: int = -1,
    top: Play | None = None,
    top_seat: int = -1,
    passed: int = 0,
    locked: int = 0,
) -> State:
    """``State(match, hand_state, trick, hands, log, played_cards)``, built faster;
    with ``trick`` None, of a new ``Trick(to_act, top, top_seat, passed, locked)``
    (a trick that goes on: both in one call)."""
    if cython.compiled:  # pragma: no cover (one C call a slot: see plays.new_play)
        if trick is None:
            trick = _NEW(Trick)
            PyObject_GenericSetAttr(trick, "to_act", to_act)
            PyObject_GenericSetAttr(trick, "top", top)
            PyObject_GenericSetAttr(trick, "top_seat", top_seat)
            PyObject_GenericSetAttr(trick, "passed", passed)
            PyObject_GenericSetAttr(trick, "locked", locked)
            PyObject_GenericSetAttr(trick, "must_include", None)
        made = _NEW(State)
        PyObject_GenericSetAttr(made, "match", match)
        PyObject_GenericSetAttr(made, "hand_state", hand_state)
        PyObject_GenericSetAttr(made, "trick", trick)
        PyObject_GenericSetAttr(made, "hands", hands)
        PyObject_GenericSetAttr(made, "log", log)
        PyObject_GenericSetAttr(made, "played_cards", played_cards)
        return made
    if trick is None:
        trick = _NEW(Trick)
        set_to_act, set_top, set_top_seat, set_passed, set_locked, set_must_include = _TRICK_SLOTS
        set_to_act(trick, to_act)
        set_top(trick, top)
        set_top_seat(trick, top_seat)
        set_passed(trick, passed)
        set_locked(trick, locked)
        set_must_include(trick, None)
    state: State = _NEW(State)
    set_match, set_hand_state, set_trick, set_hands, set_log, set_played = _STATE_SLOTS
    set_match(state, match)
    set_hand_state(state, hand_state)
    set_trick(state, trick)
    set_hands(state, hands)
    set_log(state, log)
    set_played(state, played_cards)
    return state


def _action(seat: int, move: Move) -> Action:
    """``Action(seat, move)``, built faster."""
    action: Action = _NEW(Action)
    if cython.compiled:  # pragma: no cover (one C call a slot: see plays.new_play)
        PyObject_GenericSetAttr(action, "seat", seat)
        PyObject_GenericSetAttr(action, "move", move)
        return action
    _SET_SEAT(action, seat)
    _SET_MOVE(action, move)
    return action


# (Typed to go after the plays' parts in one list: a cast there costs a call at run time.)
_PASS_ONLY: tuple[Any, ...] = (PASS,)
_from_parts = itertools.chain.from_iterable
_MOVE_TYPES = (Play, Pass, Give, Offer, Take, Return)
#: Seeds are whole numbers from 0 to 2**64 - 1 (R2.3): every record can hold one.
SEED_LIMIT = 2**64
_PASSES = tuple(Action(seat, PASS) for seat in range(8))  # one shared object a seat
#: A new trick led by each seat (nothing on the table yet): one shared object a seat,
#: and at -1 the trick of nobody to act (at index -1, as the seat -1 reads it).
_LEADS = (*(Trick(to_act=seat) for seat in range(8)), Trick(to_act=-1))
#: By table size, every seat's played cards before anybody plays: one shared value.
_NONE_PLAYED = tuple(((),) * players for players in range(9))


def _describe(play: Play) -> str:
    """A play's kind and size in words: "single, 1 card", "pair run, 6 cards"."""
    size = len(play.cards)
    return f"{play.kind.label}, {size} card{'s' if size != 1 else ''}"


#: By table size and seat, the seats after it in play order, ending with the seat itself.
_AFTER = tuple(
    tuple(tuple((seat + step) % players for step in range(1, players + 1)) for seat in range(players))
    for players in range(9)
)


def next_to_act(holding: Sequence[object], locked: int, seat: int) -> int:
    """The next seat after ``seat`` in play order that holds cards and is not locked
    out of the trick; ``seat`` itself when no other is; -1 when none holds cards
    (R5.2, R5.3). ``holding[s]`` is seat s's hand, or anything true while it holds
    cards (its count, for what a seat may see).

    >>> next_to_act([3, 0, 5, 2], locked=0b1000, seat=0)
    2
    """
    for other in _AFTER[len(holding)][seat]:
        if holding[other] and not locked >> other & 1:
            return other
    return -1


def next_active(holding: Sequence[object], seat: int) -> int:
    """The next seat after ``seat`` in play order that still holds cards (R5.5);
    ``holding`` as for :func:`next_to_act`.

    >>> next_active([3, 0, 5, 2], seat=0)
    2
    """
    for other in _AFTER[len(holding)][seat]:
        if holding[other]:
            return other
    return -1


def _hand_ends(rules: Rules, hands: tuple[Hand, ...], finished: tuple[int, ...]) -> bool:
    """R6.1, R6.2: the Winner is out (``end="first_out"``) or one seat holds cards."""
    if rules.end == "first_out":
        return bool(finished)
    return len(finished) >= len(hands) - 1  # every seat out is in ``finished``


def _unbeatable(
    rules: Rules, hands: tuple[Hand, ...], seat: int, play: Play, revolution: bool
) -> bool:
    """R5.6: no combination beating ``play`` can be formed from the cards that ``seat``
    cannot see. Those are every card neither in its hand nor played, which is exactly
    the other hands taken together, so only public information decides."""
    unseen = Hand(card for other, hand in enumerate(hands) if other != seat for card in hand)
    return not engine_plays(unseen, rules, play, view="classes", revolution=revolution)


#: The seats of each bit mask of seats, in order, for up to 8 seats (R2.1): a look-up
#: for the three masks every observation lists.
_SEATS = tuple(tuple(seat for seat in range(8) if mask >> seat & 1) for mask in range(1 << 8))


def _deal_sizes(rules: Rules, dealer: int) -> list[int]:
    """How many cards each seat is dealt (R2.2): singly from the dealer, so the dealer
    and the seats after it get the odd cards.

    >>> _deal_sizes(Rules(), dealer=3), _deal_sizes(Rules(players=3, jokers=False, joker_bomb=False), dealer=1)
    ([14, 13, 13, 14], [17, 18, 17])
    """
    players = rules.players
    each, odd = divmod(rules.deck_size, players)
    return [each + ((seat - dealer) % players < odd) for seat in range(players)]


def check_deal(rules: Rules, deal: object, *, arranged: bool = False) -> Deal:
    """Refuse a given deal that could not have been dealt (R2.2a): exactly the rules'
    deck (R1.3), split into the R2.2 sizes counted from its dealer (every seat gets a
    card, R2.1), with a face-up trick card, if any, in the hand of the seat it names (R2.4).
    An ``arranged`` deal may have any sizes, as long as every seat gets a card.
    :meth:`State.new` checks its deals with it, and records theirs.

    >>> deal = deal_cards(Rules(), dealer=0, rng=random.Random(1))
    >>> check_deal(Rules(), deal) is deal
    True
    >>> check_deal(Rules(), Deal(0, deal.hands[::-1]))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidSetupError: dealt singly from seat 0, the hands hold [14, 14, 13, 13] cards, not [13, 13, 14, 14] (R2.2, R2.2a)
    """
    if not isinstance(deal, Deal):
        raise WrongTypeError(
            f"a deal must be a Deal, not {type(deal).__name__} ({brief_repr(deal)}) (R2.2a)",
            argument="deals",
            rule="R2.2a",
        )
    players = rules.players
    hands = deal.hands
    if not isinstance(hands, tuple) or not all(isinstance(hand, Hand) for hand in hands):
        raise WrongTypeError("a deal's hands must be a tuple of Hand objects (R2.2a)", argument="hands", rule="R2.2a")
    if len(hands) != players:
        raise InvalidSetupError(
            f"the deal has {len(hands)} hands for {players} players (R2.1, R2.2a)", rule="R2.1"
        )
    if not 0 <= check_int(deal.dealer, "dealer", rule="R2.1") < players:
        raise InvalidSetupError(f"no seat {brief_repr(deal.dealer)} to deal (R2.1, R2.2a)", rule="R2.1")
    dealt = sorted(card for hand in hands for card in hand)
    if dealt != sorted(rules.deck()):
        raise InvalidSetupError(
            "the deal is not exactly the deck of these rules (R1.3, R2.2a)", rule="R1.3"
        )
    sizes = [len(hand) for hand in hands]
    if arranged:
        if not all(sizes):
            raise InvalidSetupError(
                f"every seat must receive at least one card, not {sizes} (R2.1)", rule="R2.1"
            )
        return _check_trick_card(deal, players)
    expected = _deal_sizes(rules, deal.dealer)
    if sizes != expected:
        raise InvalidSetupError(
            f"dealt singly from seat {deal.dealer}, the hands hold {expected} cards, not {sizes}"
            " (R2.2, R2.2a)",
            rule="R2.2",
        )
    return _check_trick_card(deal, players)


def _check_trick_card(deal: Deal, players: int) -> Deal:
    """R2.4, R2.2a: a face-up trick card, if any, is in the hand of the seat it names."""
    card, seat, hands = deal.trick_card, deal.trick_seat, deal.hands
    if card is None and seat is None:
        return deal
    if (
        not isinstance(card, Card)
        or isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < players
        or card not in hands[seat]
    ):
        raise InvalidSetupError(
            "the trick card must be a card of the hand of its seat, a seat of the table (R2.4, R2.2a)",
            rule="R2.4",
        )
    return deal


@attrs.frozen
class Observation:
    """What one seat may know (R2.4, R8.2): its own hand and every public fact.

    Hidden: the other seats' hands (only their sizes show) and the seed; an
    exchange offer shows only to the Winner and the Loser. ``legal_moves`` is
    filled for the seat to act (in the class view). ``played_cards`` holds the
    cards each seat has played this hand (by seat, in the order played; cards
    moved by the exchange are not played), ``played`` whether it has played any
    yet.

    >>> game = Game(seed=11)
    >>> seen = game.observation(game.to_act)
    >>> len(seen.legal_moves) > 0, seen.top is None
    (True, True)
    >>> seat, play = game.to_act, seen.legal_moves[0]
    >>> game.play(play)
    >>> game.observation((seat + 1) % 4).played_cards[seat] == play.cards
    True
    """

    seat: int
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: int
    to_act: int
    hand: Hand
    counts: tuple[int, ...]
    top: Play | None
    top_seat: int
    passed: tuple[int, ...]
    locked: tuple[int, ...]
    revolution: bool
    must_include: Card | None
    finished: tuple[int, ...]
    played: tuple[int, ...]
    played_cards: tuple[tuple[Card, ...], ...]
    trick_card: Card | None
    trick_seat: int | None
    offered: tuple[Card, ...]
    exchanged: tuple[Action, ...]
    history: tuple[Action, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    legal_moves: tuple[Move, ...]

    def __copy__(self) -> Observation:
        return self  # immutable: a copy is the observation itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Observation:
        return self


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

        >>> State.new(Rules(), seed=4).legal_moves().plays.count() > 0
        True
        """
        state = self.state
        hand_state, trick = state.hand_state, state.trick
        if hand_state.phase is not _PLAY:
            return None
        return engine_plays(
            state.hands[trick.to_act],
            state.match.rules,
            trick.top,
            view=self.view,
            revolution=hand_state.revolution,
            must_include=trick.must_include,
        )

    def pass_allowed(self) -> bool:
        """Whether the seat to act may pass (R5.1, R5.2): ``PASS in self``.

        >>> State.new(Rules(), seed=4).legal_moves().pass_allowed()
        False
        """
        return PASS in self

    def __iter__(self) -> Iterator[Move]:
        state = self.state
        hand_state, trick = state.hand_state, state.trick
        phase = hand_state.phase
        if phase is not _PLAY:
            return iter(state.exchange_moves() if phase is _EXCHANGE else ())
        parts: list[Iterable[Play]]  # (and the pass, typed to fit: see _PASS_ONLY)
        if self.view == "classes":  # (the common case, without a LegalPlays)
            parts = class_parts(  # (a new list: the pass may follow)
                state.hands[trick.to_act],
                state.match.rules,
                trick.top,
                hand_state.revolution,
                trick.must_include,
            )
        else:
            listing = self.plays
            assert listing is not None  # (during play)
            parts = [listing]
        if trick.top is not None:
            rules = state.match.rules
            if not rules.must_beat:
                parts.append(_PASS_ONLY)
            else:
                try:
                    _check_pass(state, rules)  # the check of a pass that State.play makes
                except IllegalMoveError:
                    pass  # (a seat holding a beating play that is not a bomb may not pass)
                else:
                    parts.append(_PASS_ONLY)
        # (A leader may not pass, R5.1.)
        return _from_parts(parts)

    def count(self) -> int:
        """The number of legal moves listed (see the class's note on listing).

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
        if not isinstance(move, _MOVE_TYPES):
            return False
        try:
            _check_move(self.state, move, None)
        except ZhengShangyouError:
            return False
        return True

    def __repr__(self) -> str:
        return f"<LegalMoves of seat {self.state.to_act} in {self.state.phase}>"

    def __copy__(self) -> LegalMoves:
        return self  # a view of an immutable state: a copy is the view itself

    def __deepcopy__(self, memo: dict[int, Any]) -> LegalMoves:
        return self


# (State.legal_moves builds its view through the slots' setters.)
_SET_MOVES_STATE, _SET_MOVES_VIEW = (vars(LegalMoves)[field.name].__set__ for field in attrs.fields(LegalMoves))


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
    >>> game.to_act == game.state._start_card_holder()   # the 3♦ leads
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
        if isinstance(move, (Play, Pass, Give, Offer, Take, Return)):
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

