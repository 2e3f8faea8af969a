"""The machinery of the game: a position (:class:`State`) made of parts by
lifetime (:class:`Match`, :class:`HandState`, :class:`Trick`), which gives what
one seat may know of it (:class:`~zhengshangyou.game.Observation`) and the moves
open (:class:`~zhengshangyou.game.LegalMoves`).

The state walks the phases of the hand that the rule set declares
(:func:`~zhengshangyou.game.phase.hand_phases`) and knows none of them by name:
a move, its check and the listing of the moves go to the logic of the phase
under way (``state.phase.logic``, a :class:`~zhengshangyou.game.phase.PhaseLogic`),
and the end of a phase starts the next (:meth:`State.advance`).

>>> state = State.new(Rules(), seed=3, dealer=0)
>>> state.phase, state.phase.logic.phase
(<Phase.PLAY: 'play'>, <Phase.PLAY: 'play'>)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

try:
    import cython
except ImportError:  # (the pure-Python build needs no Cython: see NoCython)
    from zhengshangyou.compiled import NoCython as cython
if cython.compiled:  # pragma: no cover (the compiled build, whose tests CI runs apart)
    from cython.cimports.cpython.object import PyObject_GenericSetAttr

from zhengshangyou.actions import PASS, Move
from zhengshangyou.cards import Card
from zhengshangyou.errors import (
    IllegalMoveError,
    InvalidSetupError,
    WrongTypeError,
    brief_repr,
    check_int,
)
from zhengshangyou.exchange import ExchangeState, exchange_moves
from zhengshangyou.game.deal import (
    SEED_LIMIT,
    Deal,
    check_deal,
    deal_cards,
    marks_a_card,
    seeded_rng,
)
from zhengshangyou.game.legal import MOVE_TYPES, LegalMoves, legal_moves_of
from zhengshangyou.game.observation import Observation
from zhengshangyou.game.phase import Phase, hand_phases, observers
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play
from zhengshangyou.rules import Rules, check_rules, shared
from zhengshangyou.scoring import HandResult

if TYPE_CHECKING:  # (the auction's module is a phase: it imports the machinery)
    from zhengshangyou.game.auction import Bidding

__all__ = [
    "Action",
    "HandState",
    "Match",
    "State",
    "Trick",
    "check_turn",
    "new_action",
    "new_state",
    "next_active",
    "next_to_act",
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
    has played, the exchange and its public transfers (R8), and in a game with a
    landlord the auction under way, the landlord and the base (D3, D4). Most moves
    share it; a new one comes with a seat's first play of the hand, a seat going
    out, a revolution, an exchange or auction decision and a change of phase.

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
    landlord: int = -1  # the landlord, once known (D3, D4); -1 before, or in a game without one
    base: int = 0  # the stake the auction settled (D3.1, D3.4), 1 without an auction (D3.5); 0 before
    auction: Bidding | None = None  # the auction under way (D3); None when none is


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
    return NONE_PLAYED[len(state.hands)]


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
        names; with an auction every deal marks the card that names its first
        bidder (D2.3), and under ``next_dealer="rotate"`` each later deal is dealt
        by the seat after the one before (R2.7). ``arranged=True`` sets up a position by hand (a puzzle, a test):
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
            dealer = seeded_rng(seed, "dealer").randrange(players)
        if not 0 <= check_int(dealer, "dealer", rule="R2.1") < players:
            raise InvalidSetupError(
                f"dealer must be a seat 0..{players - 1}, not {brief_repr(dealer)} (R2.1)", rule="R2.1"
            )
        trick_card = marks_a_card(rules, first_hand=True)
        if deals:
            deal = deals[0]
            if trick_card and deal.trick_card is None:
                raise InvalidSetupError(
                    f"first_lead={rules.first_lead!r}, first_bidder={rules.first_bidder!r} need the"
                    " deal's face-up trick card (R2.4, D2.3)",
                    rule="R2.4",
                )
            for number, later in enumerate(deals[1:], 1):  # an auction marks a card at every deal
                if rules.next_dealer == "rotate" and later.dealer != (deal.dealer + number) % players:
                    raise InvalidSetupError(  # (known now: a redeal comes inside a move, D3.3)
                        f"seat {(deal.dealer + number) % players} deals hand {number} (next_dealer='rotate'),"
                        f" not seat {later.dealer} (R2.7, R2.2a)",
                        rule="R2.7",
                    )
                if marks_a_card(rules, first_hand=False) and later.trick_card is None:
                    raise InvalidSetupError(
                        f"first_bidder={rules.first_bidder!r} needs every deal's marked card (its trick_card);"
                        f" the deal of hand {number} has none (D2.3, R2.2a)",
                        rule="D2.3",
                    )
        else:
            deal = deal_cards(rules, dealer, seeded_rng(seed, "deal", 0), trick_card=trick_card)
        match = Match(
            rules=rules,
            seed=seed,
            hand_number=0,
            scores=(0,) * players,
            results=(),
            past=(),
            deals=deals[1:],
        )
        return cls.begin_hand(match, deal)

    @classmethod
    def begin_hand(cls, match: Match, deal: Deal) -> State:
        """The first state of the hand dealt as ``deal`` in ``match``: the first of the
        rule set's phases of a hand that starts (:meth:`advance`), such as the
        exchange (R8) or the first lead (R2.4–R2.6).

        >>> state = State.new(Rules(), seed=3)
        >>> State.begin_hand(state.match, state.deal) == state
        True
        """
        phase = hand_phases(match.rules)[0]
        state = cls(match, HandState(deal=deal, phase=phase), LEADS[-1], deal.hands, (), NONE_PLAYED[match.rules.players])
        return state.enter(0)

    def advance(self) -> State:
        """The state with the phase under way ended: the next of the hand's phases
        that starts (:func:`~zhengshangyou.game.phase.hand_phases`). A phase module
        calls it when its phase is done (the last exchange decision, the hand's
        last play).

        >>> from zhengshangyou.game import Game
        >>> game = Game(Rules(exchange="highest_for_any"), seed=1)
        >>> while not game.is_hand_over:
        ...     game.play(next(iter(game.legal_moves())))
        >>> game.next_hand()
        >>> game.phase, game.state.advance().phase    # (what the last decision does)
        (<Phase.EXCHANGE: 'exchange'>, <Phase.PLAY: 'play'>)
        """
        phases = hand_phases(self.match.rules)
        return self.enter(phases.index(self.hand_state.phase) + 1)

    def enter(self, place: int) -> State:
        """The state with the hand's phase at ``place`` begun, or the first after it
        that starts (see :meth:`advance`).

        >>> state = State.new(Rules(), seed=3)
        >>> state.enter(0) == state
        True
        """
        for phase in hand_phases(self.match.rules)[place:]:
            started = phase.logic.start(self)
            if started is not None:
                return started
        raise AssertionError("the last phase of a hand always starts")  # pragma: no cover


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
    def landlord(self) -> int:
        """The landlord, once the auction has settled it, or -1 (D3, D4;
        :attr:`HandState.landlord`).

        >>> State.new(Rules(), seed=0).landlord, State.new(Rules.preset("douzero"), seed=0).landlord
        (-1, 0)
        """
        return self.hand_state.landlord

    @property
    def base(self) -> int:
        """The stake the auction settled, 0 before (D3.1, D3.4, D3.5; :attr:`HandState.base`).

        >>> State.new(Rules.preset("douzero"), seed=0).base
        1
        """
        return self.hand_state.base

    @property
    def auction(self) -> Bidding | None:
        """The auction under way (a :class:`~zhengshangyou.game.auction.Bidding`), or None
        (D3; :attr:`HandState.auction`).

        >>> State.new(Rules.preset("doudizhu"), seed=0).auction.turns
        0
        """
        return self.hand_state.auction

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
        return legal_moves_of(self)

    # --- transitions --------------------------------------------------------

    def check(self, move: object, *, seat: int | None = None) -> None:
        """Refuse ``move`` unless the seat to act (``seat``, when given, must be
        it) may make it now: the check of :meth:`play`, without the move. The
        error is the one :meth:`play` raises, naming the rule;
        ``move in state.legal_moves()`` asks the same question. The check is the
        phase's own (:meth:`~zhengshangyou.game.phase.PhaseLogic.check`).

        >>> state = State.new(Rules(), seed=2)
        >>> state.check(next(iter(state.legal_moves())))
        >>> state.check(PASS)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
        """
        self.hand_state.phase.logic.check(self, move, seat)

    def play(self, move: Move, *, seat: int | None = None) -> State:
        """The state after the seat to act makes ``move``; checked.

        ``seat``, when given, must be the seat to act. A rejected move raises
        :class:`~zhengshangyou.errors.IllegalMoveError` (or a subclass) naming
        the rule, and this state is untouched (it is immutable). The check is
        :meth:`check`'s, which ``move in state.legal_moves()`` asks too; the
        move is the phase's own (:meth:`~zhengshangyou.game.phase.PhaseLogic.play`).

        >>> state = State.new(Rules(), seed=2)
        >>> state.play(PASS)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
        """
        return self.hand_state.phase.logic.play(self, move, seat)

    def next_hand(self) -> State:
        """Deal the next hand of the match (R2.6, R2.7, R8): new dealer, exchange, leader.

        >>> state = State.new(Rules(), seed=0)
        >>> state.next_hand()
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the current hand is not over (R6.1)
        """
        return self.hand_state.phase.logic.next_hand(self)


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
        """Everything ``seat`` may know now, and nothing else (see :class:`Observation`):
        the public facts of the match and the hand, and what each phase of the hand
        lets the seat see (:meth:`~zhengshangyou.game.phase.PhaseLogic.observe`).

        >>> state = State.new(Rules(), seed=5)
        >>> view = state.observation(0)
        >>> view.hand == state.hands[0], sum(view.counts)
        (True, 54)
        """
        match, hand_state, trick = self.match, self.hand_state, self.trick
        rules = match.rules
        players = rules.players
        if type(seat) is not int:  # (the common case in one step)
            check_int(seat, "seat", rule="R2.1")
        if not 0 <= seat < players:
            raise InvalidSetupError(f"seat must be 0..{players - 1}, not {brief_repr(seat)}", rule="R2.1")
        deal = hand_state.deal
        fields: dict[str, Any] = {
            "seat": seat,
            "rules": rules,
            "phase": hand_state.phase,
            "hand_number": match.hand_number,
            "dealer": deal.dealer,
            "to_act": trick.to_act,
            "hand": self.hands[seat],
            "counts": tuple([len(hand.cards) for hand in self.hands]),
            "played_cards": self.played_cards,
            "trick_card": deal.trick_card,
            "trick_seat": deal.trick_seat,
            "offered": (),
            "exchanged": hand_state.exchanged,
            "history": self.log,
            "scores": match.scores,
            "results": match.results,
        }
        for observe in observers(rules):
            observe(self, seat, fields)
        fields["legal_moves"] = tuple(self.legal_moves()) if seat == trick.to_act else ()
        return Observation(**fields)


    def __repr__(self) -> str:
        return (
            f"<State hand {self.hand_number} {self.phase}, to act {self.to_act}, "
            f"top {self.top!s}, counts {[len(hand) for hand in self.hands]}>"
        )





def check_turn(state: State, move: object, seat: object) -> None:
    """The checks every move of every phase passes first: ``seat`` (when not None)
    is the seat to act (R5.2), and ``move`` is a move (R5.2).

    >>> state = State.new(Rules(), seed=2, dealer=0)
    >>> state.to_act
    3
    >>> check_turn(state, PASS, 0)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: it is seat 3's turn, not seat 0's (R5.2)
    """
    if seat is not None and check_int(seat, "seat", rule="R5.2") != state.trick.to_act:
        raise IllegalMoveError(
            f"it is seat {state.trick.to_act}'s turn, not seat {brief_repr(seat)}'s (R5.2)", rule="R5.2"
        )
    if not isinstance(move, MOVE_TYPES):
        raise WrongTypeError(
            f"a move is a Play, PASS, Give, Offer, Take, Return, Bid, Call or Rob, not {type(move).__name__}"
            f" ({brief_repr(move)}); Game.play also reads text",
            argument="move",
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


def new_state(
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
    (a trick that goes on: both in one call). The move paths build their states with it.

    >>> state = State.new(Rules(), seed=3)
    >>> new_state(state.match, state.hand_state, state.trick, state.hands, (), state.played_cards) == state
    True
    """
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


def new_action(seat: int, move: Move) -> Action:
    """``Action(seat, move)``, built faster (the move paths' own).

    >>> new_action(2, PASS) == Action(2, PASS)
    True
    """
    action: Action = _NEW(Action)
    if cython.compiled:  # pragma: no cover (one C call a slot: see plays.new_play)
        PyObject_GenericSetAttr(action, "seat", seat)
        PyObject_GenericSetAttr(action, "move", move)
        return action
    _SET_SEAT(action, seat)
    _SET_MOVE(action, move)
    return action



#: A pass of each seat: one shared object a seat.
PASSES = tuple(Action(seat, PASS) for seat in range(8))
#: A new trick led by each seat (nothing on the table yet): one shared object a seat,
#: and at -1 the trick of nobody to act (at index -1, as the seat -1 reads it).
LEADS = (*(Trick(to_act=seat) for seat in range(8)), Trick(to_act=-1))
#: By table size, every seat's played cards before anybody plays: one shared value.
NONE_PLAYED = tuple(((),) * players for players in range(9))
#: By table size and seat, the seats after it in play order, ending with the seat itself.
AFTER = tuple(
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
    for other in AFTER[len(holding)][seat]:
        if holding[other] and not locked >> other & 1:
            return other
    return -1


def next_active(holding: Sequence[object], seat: int) -> int:
    """The next seat after ``seat`` in play order that still holds cards (R5.5);
    ``holding`` as for :func:`next_to_act`.

    >>> next_active([3, 0, 5, 2], seat=0)
    2
    """
    for other in AFTER[len(holding)][seat]:
        if holding[other]:
            return other
    return -1

#: The seats of each bit mask of seats, in order, for up to 8 seats (R2.1): a look-up
#: for the three masks every observation lists.
SEATS = tuple(tuple(seat for seat in range(8) if mask >> seat & 1) for mask in range(1 << 8))
