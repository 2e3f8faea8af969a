"""Sampled worlds: a full position consistent with everything one seat knows, for
determinization and information-set search (issue 16).

:func:`sample_world` turns what a seat sees (an
:class:`~zhengshangyou.game.Observation`) into a whole
:class:`~zhengshangyou.game.State`, with a hand for every seat, that plays on as a
real game would: ``legal_moves()``, ``play(move)`` and ``observation(seat)`` work
on it, and its observation for that seat equals the one it came from, field by
field.

What the seat knows, and every sampled world keeps:

* its own hand, and so its hand as dealt (R2.2);
* how many cards each seat holds, and every card played this hand, by seat;
* every public fact of the position: the phase, the trick, the moves of the hand,
  the scores and the results of the hands before;
* the face-up trick card (R2.4): the seat it was dealt to still holds it, unless
  that seat has played it;
* the exchange (R8.2, R8.3): the Winner holds the card the Loser gave, unless it
  played it or gave it back; the Loser holds the card it took or was returned,
  unless it played it; and the Loser was dealt no card higher than the one it gave,
  since it had to give its highest;
* an offer the seat saw, being the Winner or the Loser (R8.2): the Winner still
  holds both offered cards while the Loser chooses, and afterwards the one the
  Loser did not take, unless it played it;
* under a start-card lead (``first_lead`` in a match's first hand, ``later_lead``
  in the others, and the start card again after an instant win, R2.4, R2.6, T2.2):
  the first leader of the hand held the start card when play began and, with two
  decks, no seat before it in play order from the dealer held a copy; or, in a deal
  that leaves cards out (B2.1, T2.1), the start card was left out and the leader held
  the lowest card dealt (B2.2, T2.2): every card below it was left out too. Where the
  first lead must include that card (R2.5), the lead shows which of the two it was;
  otherwise both are weighed;
* the cards a deal leaves out (``Deal.undealt``, B2.1, T2.1): nobody sees them, so
  they are as many of the unseen cards as the deal leaves out;
* Big Two's face-up 52nd card with three players (B2.1, BE10): its seat holds it,
  unless it has played it or given it in the exchange, and that seat was dealt the
  start card (or, the face-up card being the start card, the next-lowest card);
* under instant wins (T6.2), once play went on, that no seat held one when it began.

The distribution: every assignment of the cards the seat has not seen to the
places it cannot see that keeps all of the above is equally likely. It is the deal
of a well-shuffled deck, conditioned on these facts. The cards these facts pin to
a seat go there first; the other unseen cards are shuffled and dealt into the
places left. Where a fact restricts whole seats (the Loser's places take no card
above the one it gave; the start card's copies keep away from the seats before the
leader), those places are filled first, with the exact weights that keep the
whole assignment uniform; each way the start card rule may have chosen the leader
(the start card dealt, or left out with this or that lowest card) is drawn with its
exact number of worlds. A world in which a seat held an instant win although the
hand went on is drawn again (rejection keeps the rest uniform). With two decks a
card seen to move, or face up, is one particular copy of its two: the other copy is
dealt like any unseen card.

What it does not use: what a real player might infer from the way the others
chose to play (a seat that passed probably lacks a higher card; a Winner who
offered two low cards kept its high ones). The rules reveal none of it, so every
consistent world is equally likely whatever the play. After a hand won by an
instant win (T6.2) the winner's hand is not made one: the hand is over, and the next
deal is unknown. Nor does it use what the rule options ``must_beat`` (a pass shows that the seat held no beating play but a
bomb, R5.2) and ``auto_restart`` (a trick that ended at once shows that the other
seats and the cards left out together could not beat the play, R5.6) reveal about the hands: a sampled
world may contradict those. The cards of an offer the seat did not see are two
cards of the Winner's hand chosen uniformly (one of them the card taken).

What is not sampled, since no seat plays from it: the earlier hands. The sampled
state's ``past`` holds one placeholder (an empty deal, no moves) per hand before
this one, and its ``seed`` is drawn from ``rng``, so that the deals of the hands
after this one are unknown too; it is a position to play on, not one to record.

>>> import random
>>> from zhengshangyou import Game
>>> game = Game(seed=3)
>>> seen = game.observation(0)
>>> world = sample_world(seen, random.Random(1))
>>> world.observation(0) == seen, world.hands[0] == game.hands[0]
(True, True)
>>> [len(hand) for hand in world.hands] == [len(hand) for hand in game.hands]
True
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import attrs

from zhengshangyou.actions import Give, Offer, Return, Take
from zhengshangyou.cards import Card
from zhengshangyou.errors import InvalidSetupError, WrongTypeError, brief_repr
from zhengshangyou.exchange import ExchangeState, ExchangeStep
from zhengshangyou.game import Action, Deal, HandState, Match, Observation, Phase, State, Trick
from zhengshangyou.game.deal import first_lead_card, lowest_card
from zhengshangyou.game.trickplay import instant_win, lead_method
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play
from zhengshangyou.rules import Rules, shared

__all__ = ["sample_world"]

#: Every card by its index (R1.4): what a pool of card indexes is turned into.
_CARDS = tuple(Card.from_index(index) for index in range(54))
_EMPTY_DEAL = Deal(dealer=-1, hands=())
#: What an earlier hand of a sampled match holds: nothing is known of it.
_UNKNOWN_HAND: tuple[Deal, tuple[Action, ...]] = (_EMPTY_DEAL, ())


def sample_world(observation: Observation, rng: random.Random) -> State:
    """A full position consistent with everything ``observation``'s seat knows,
    drawn with ``rng``: uniform over the consistent deals (see the module's notes on
    the distribution, and on what it leaves out).

    The seat keeps its hand; every other seat gets as many cards as it holds, and
    only cards the seat has not seen played, nor holds; the trick card, the
    exchange's cards and the start card stay where the seat knows them to be
    (R2.4, R2.6, R8.2, R8.3, B2.2, T2.2), and the cards a deal leaves out are drawn
    among the unseen ones (B2.1, T2.1). The sampled state's own deal is consistent with its
    hands, so its ``observation(seat)`` equals ``observation`` in every field, and
    it plays on as a real game would. Nothing is changed but ``rng``'s state. A
    repeated call with the same observation object reuses what it worked out the
    first time (a search draws many worlds from one observation).

    >>> from zhengshangyou import Game, Rules
    >>> game = Game(Rules.preset("winner", players=3), seed=5)
    >>> seat = (game.to_act + 1) % 3
    >>> world = sample_world(game.observation(seat), random.Random(0))
    >>> world.observation(seat) == game.observation(seat)
    True
    >>> world.play(next(iter(world.legal_moves()))).to_act in range(3)
    True
    >>> sample_world(game.state, random.Random(0))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.WrongTypeError: sample_world needs an Observation, not State
    """
    if not isinstance(observation, Observation):
        raise WrongTypeError(
            f"sample_world needs an Observation, not {type(observation).__name__}",
            argument="observation",
        )
    if not isinstance(rng, random.Random):
        raise WrongTypeError(
            f"rng must be a random.Random, not {brief_repr(rng)} (R2.2)", argument="rng", rule="R2.2"
        )
    for seen, template in tuple(_RECENT):
        if seen is observation:
            return template.sample(rng)
    template = _Template(observation)
    _RECENT.insert(0, (observation, template))
    del _RECENT[_KEEP:]
    return template.sample(rng)


# --- the facts of an observation ------------------------------------------------


def _inconsistent(reason: str) -> InvalidSetupError:
    return InvalidSetupError(
        f"the observation is not one a game can give: {reason} (R2.2a)", rule="R2.2a"
    )


def _mask(seats: Sequence[int]) -> int:
    bits = 0
    for seat in seats:
        bits |= 1 << seat
    return bits


def _first_out(observation: Observation) -> tuple[tuple[int, ...], int] | None:
    """When the Winner went out: every seat's number of cards, and the seats that
    had played, as a mask (R7.1): the counts now, with the cards played since."""
    if not observation.finished:
        return None
    winner, history = observation.finished[0], observation.history
    out = max(
        (place for place, action in enumerate(history) if action.seat == winner and isinstance(action.move, Play)),
        default=-1,
    )
    if out < 0:  # an instant win (T6.2): the hand was won before any play
        return observation.counts, 0
    counts = list(observation.counts)
    for action in history[out + 1 :]:
        if isinstance(action.move, Play):
            counts[action.seat] += len(action.move.cards)
    played = _mask([action.seat for action in history[: out + 1] if isinstance(action.move, Play)])
    return tuple(counts), played


class _Exchange:
    """The exchange of this hand as the seat saw it (R8.2, R8.3): the Winner and the
    Loser, the card given, the card taken or returned, the offer if the seat saw it,
    and where it stands."""

    def __init__(self, observation: Observation) -> None:
        self.winner = self.loser = -1
        self.given: Card | None = None
        self.back: Card | None = None
        self.offer: tuple[Card, ...] = observation.offered
        self.offer_seen = bool(observation.offered)
        self.offer_made = bool(observation.offered)
        number = observation.hand_number
        if number == 0 or observation.rules.exchange == "none":
            return
        previous = observation.results[number - 1]
        self.winner, self.loser = previous.winner, previous.loser
        for action in observation.exchanged:
            move = action.move
            if isinstance(move, Give):
                self.given = move.card
            elif isinstance(move, (Take, Return)):
                self.back = move.card
                self.offer_made = isinstance(move, Take)
        for action in observation.history[:3]:
            if isinstance(action.move, Offer):
                self.offer, self.offer_seen = action.move.cards, True
        if observation.phase is Phase.EXCHANGE and self.given is not None and not self.offer_made:
            # the Winner to offer or return; the Loser to take: an offer unseen
            self.offer_made = observation.to_act == self.loser

    def state(self, observation: Observation) -> ExchangeState | None:
        """Where the exchange stands, while it is under way (the offer as seen)."""
        if observation.phase is not Phase.EXCHANGE:
            return None
        if self.given is None:
            step = ExchangeStep.GIVE
        elif self.offer_made:
            step = ExchangeStep.TAKE
        elif observation.rules.exchange == "highest_for_any":
            step = ExchangeStep.RETURN
        else:
            step = ExchangeStep.OFFER
        return ExchangeState(step, self.winner, self.loser, self.offer)

    def required(self, players: int) -> list[Counter[int]]:
        """The cards (by index) each seat must hold or have played since the exchange."""
        needs: list[Counter[int]] = [Counter() for _ in range(players)]
        if self.given is None:
            return needs
        winner = Counter([self.given.index])
        if self.offer_seen:
            winner |= Counter(card.index for card in self.offer)
        if self.back is not None:
            winner -= Counter([self.back.index])
            needs[self.loser][self.back.index] += 1
        needs[self.winner] = winner
        return needs

    def undone(self, players: int) -> list[Counter[int]]:
        """What turns each seat's cards since the exchange back into its cards as dealt."""
        change: list[Counter[int]] = [Counter() for _ in range(players)]
        for card, sign in ((self.given, 1), (self.back, -1)):
            if card is not None:
                change[self.loser][card.index] += sign
                change[self.winner][card.index] -= sign
        return change

    def above_given(self, card: int, observation: Observation) -> bool:
        """Whether the Loser could not have held ``card`` (an index) when it gave its
        highest card (R8.2): a higher rank, or a higher suit where suits count."""
        given = self.given
        assert given is not None
        other = _CARDS[card]
        if other.rank != given.rank:
            return other.rank > given.rank
        order = observation.rules.suit_order
        if order is None or given.suit is None or other.suit is None:
            return False
        return order.index(other.suit) > order.index(given.suit)


def _first_leader(observation: Observation) -> int:
    """Who led the first trick of the hand, or -1 before play began."""
    for action in observation.history:
        if isinstance(action.move, Play):
            return action.seat
    return observation.to_act if observation.phase is Phase.PLAY else -1


def _start_card_leader(observation: Observation) -> int:
    """The first leader of the hand when the start card chose it (R2.4, R2.6, T2.2),
    else -1."""
    method = lead_method(observation.rules, observation.results[: observation.hand_number])
    return _first_leader(observation) if method == "start_card" else -1


def _low_key(rules: Rules, card: int) -> tuple[int, int]:
    """The order of :func:`~zhengshangyou.game.deal.lowest_card` on card indexes: by
    rank, then by ``rules.suit_order`` (by index without one; B1.1, T1.1, R1.2).

    >>> _low_key(Rules(), Card.parse("3S").index), _low_key(Rules.preset("tien-len"), Card.parse("3S").index)
    ((3, 0), (0, 0))
    """
    order, found = rules.suit_order, _CARDS[card]
    if order is None:
        return card, 0
    return int(found.rank), order.index(found.suit) if found.suit is not None else 0


#: How many times a world in which a seat held an instant win at the start of play is
#: drawn again, when the hand went on (T6.2), before the observation is taken as
#: inconsistent.
_REDRAWS = 10_000


# --- what the worlds of one observation share ------------------------------------


@attrs.frozen
class _Case:
    """One way the first leader may have been chosen (R2.4, B2.2, T2.2): the card it
    held (an index; -1 when no start card rule applies), how many unseen copies of it
    each place gets (the seats of ``order``, then the undealt cards), and the cards
    that must be among the undealt."""

    card: int
    placed: tuple[int, ...]
    forced: tuple[int, ...]


class _Template:
    """What every world sampled from one observation shares, worked out once: the
    match, the trick, the moves and the hand state; each seat's pinned cards and
    the known part of its hand as dealt; the pool of unseen cards, split as the
    facts restrict it; the ways to place the start card's copies, weighed."""

    def __init__(self, observation: Observation) -> None:
        self.observation = observation
        self.exchange = _Exchange(observation)
        pins, pool = self._pins(observation)
        self._known_hands(observation, pins)
        self._split_pool(observation, pins, pool)
        self._shared_parts(observation)
        self.sides: dict[tuple[int, tuple[int, ...]], tuple[list[Card], list[Card]]] = {}
        # T6.2: a hand that went on began with no seat holding an instant win
        self.no_instant_win = observation.rules.instant_wins != "none" and _first_leader(observation) >= 0

    def _pins(self, observation: Observation) -> tuple[list[Counter[int]], Counter[int]]:
        """The cards (by index) each seat must hold besides those it has played (R2.4,
        R8.2, R8.3), and the pool of the cards nobody is known to hold; the number of
        places left unknown in each hand (``free``)."""
        rules, seat, counts = observation.rules, observation.seat, observation.counts
        players = rules.players
        self._check_counts(observation)
        required = self.exchange.required(players)
        self._pin_face_up(observation, required)
        # The kitty (D2.2, D4.1): face down until the landlord takes it (``hidden``
        # places of their own), then in his hand: pinned there when the seat saw it.
        self.kitty_free = rules.kitty if observation.landlord < 0 else 0
        # The cards left out of the deal (B2.1, T2.1), unseen by every seat: places of their own.
        each = rules.cards_each
        self.undealt_free = 0 if each is None else rules.deck_size - rules.kitty - each * rules.players
        if observation.kitty:
            required[observation.landlord].update(card.index for card in observation.kitty)
        pins, pool = self._pins_and_pool(observation, required)
        self.free = [0 if other == seat else counts[other] - pins[other].total() for other in range(players)]
        if min(self.free) < 0 or sum(self.free) + self.kitty_free + self.undealt_free != pool.total():
            raise _inconsistent("the counts of cards and the cards seen do not make up the deck")
        return pins, pool

    @staticmethod
    def _check_counts(observation: Observation) -> None:
        """Checks that the counts of cards fit the seats and the seat's own hand."""
        seat, counts, players = observation.seat, observation.counts, observation.rules.players
        if len(counts) != players or len(observation.played_cards) != players:
            raise _inconsistent(f"{len(counts)} counts of cards for {players} seats")
        if len(observation.hand) != counts[seat]:
            raise _inconsistent(f"seat {seat} holds {len(observation.hand)} cards, not {counts[seat]}")

    def _pin_face_up(self, observation: Observation, required: list[Counter[int]]) -> None:
        """Pins the face-up trick card (B2.1) and, for Big Two, the odd card's seat's card."""
        undone = self.exchange.undone(observation.rules.players)
        face_up, face_up_seat = observation.trick_card, observation.trick_seat
        if face_up is not None and face_up_seat is not None and undone[face_up_seat][face_up.index] <= 0:
            # (unless its seat parted with it in the exchange: Big Two's face-up 52nd card
            # is dealt in every hand, B2.1; the exchange's cards are pinned where they went)
            required[face_up_seat][face_up.index] += 1
        if face_up is not None and face_up_seat is not None and observation.rules.odd_card_face_up:
            self._pin_odd_card_seat(observation, required[face_up_seat], undone[face_up_seat], face_up)

    @staticmethod
    def _pins_and_pool(
        observation: Observation, required: list[Counter[int]]
    ) -> tuple[list[Counter[int]], Counter[int]]:
        """Each seat's pinned cards beyond those it is known to hold, and the unseen pool."""
        seat = observation.seat
        pool: Counter[int] = Counter(card.index for card in observation.rules.deck())
        pool.subtract(card.index for card in observation.hand)
        pins: list[Counter[int]] = []
        for other, played in enumerate(observation.played_cards):
            known = Counter(card.index for card in played)
            pool.subtract(known)
            if other == seat:
                known.update(card.index for card in observation.hand)
            pinned = required[other] - known
            if other == seat and pinned:
                raise _inconsistent(f"seat {seat} should hold {_names(pinned)}")
            pool.subtract(pinned)
            pins.append(pinned)
        if min(pool.values(), default=0) < 0:
            raise _inconsistent(f"more cards than the deck holds: {_names(-pool)}")
        return pins, pool

    @staticmethod
    def _pin_odd_card_seat(
        observation: Observation, required: Counter[int], undone: Counter[int], face_up: Card
    ) -> None:
        """B2.1, BE10: Big Two's face-up 52nd card went to the seat dealt the start card
        (or, being the start card, the next-lowest card): that card was in the seat's
        hand as dealt. When nothing the seat knows shows it there (played, pinned, its
        own hand, or given away in the exchange, R8.2, R8.3), the seat still holds it."""
        rules, seat = observation.rules, observation.seat
        start = rules.start_card
        target = start if face_up != start else lowest_card(rules, [card for card in rules.deck() if card != start])
        holder = observation.trick_seat
        assert holder is not None
        known = Counter(card.index for card in observation.played_cards[holder]) | required
        if holder == seat:
            known.update(card.index for card in observation.hand)
        known.update(undone)  # (what it parted with in the exchange was dealt to it)
        if not known[target.index]:
            required[target.index] += 1

    def _known_hands(self, observation: Observation, pins: list[Counter[int]]) -> None:
        """Each seat's pinned cards and the known part of its hand as dealt (R2.2): its
        pinned and played cards, with the exchange undone; the hands of the seats with
        no unknown card, built once."""
        players = len(pins)
        undone = self.exchange.undone(players)
        self.pinned: list[tuple[Card, ...]] = []
        self.dealt_known: list[tuple[Card, ...] | None] = []  # None: as dealt, as held
        self.hands: list[Hand | None] = []
        self.dealt: list[Hand | None] = []
        for other in range(players):
            played = observation.played_cards[other]
            dealt = Counter(card.index for card in played)
            dealt.update(pins[other])
            if other == observation.seat:
                dealt.update(card.index for card in observation.hand)
            dealt.update(undone[other])
            assert min(dealt.values(), default=0) >= 0  # what it parted with is pinned or played
            pinned = tuple(_CARDS[card] for card in pins[other].elements())
            same = not played and not any(undone[other].values())
            self.pinned.append(pinned)
            self.dealt_known.append(None if same else tuple(_CARDS[card] for card in dealt.elements()))
            if other == observation.seat or not self.free[other]:
                hand = observation.hand if other == observation.seat else Hand(pinned)
                self.hands.append(hand)
                self.dealt.append(hand if same else Hand(_CARDS[card] for card in dealt.elements()))
            else:
                self.hands.append(None)
                self.dealt.append(None)

    def _split_pool(self, observation: Observation, pins: list[Counter[int]], pool: Counter[int]) -> None:
        """The unseen cards as the facts restrict them, and where they may go: the
        places are the seats with unknown cards (``order``), then the cards left out
        of the deal (B2.1, T2.1); the Loser's places take no card above the one it gave
        (R8.2). When the start card chose the first leader (R2.4, R2.6, B2.2, T2.2),
        every way it may have done so is a case, weighed by its number of worlds."""
        exchange = self.exchange
        loser = exchange.loser
        restricted = exchange.given is not None and loser != observation.seat and self.free[loser] > 0
        self.loser = loser if restricted else -1
        self.pool = +pool
        self.is_high = {
            card: restricted and exchange.above_given(card, observation) for card in self.pool
        }
        self.order = [other for other, free in enumerate(self.free) if free]
        rules = observation.rules
        self.caps = [self.free[other] for other in self.order] + [self.undealt_free]
        self.cases: list[_Case] = []
        self.weights: list[int] = []  # cumulative
        leader = _start_card_leader(observation)
        if leader < 0:
            self.cases.append(_Case(-1, (), ()))
            self.weights.append(1)
            return
        known = [
            Counter(card.index for card in played) + pins[other]
            for other, played in enumerate(observation.played_cards)
        ]
        known[observation.seat].update(card.index for card in observation.hand)
        players, dealer = rules.players, observation.dealer
        before = {(dealer + step) % players for step in range((leader - dealer) % players)}
        start = rules.start_card.index
        dealt_start, lowest = self._what_the_lead_shows(observation, leader)
        weights: list[int] = []
        if dealt_start is not False:  # the leader held the start card (R2.4)
            self._cases_of(start, (), leader, before, known, weights)
        if dealt_start is not True and self.undealt_free:
            self._undealt_start_cases(observation, lowest, leader, before, known, weights)
        if not weights:
            raise _inconsistent(f"no seat may hold the start card {rules.start_card} as the first lead shows")
        self.weights = list(itertools.accumulate(weights))

    def _undealt_start_cases(
        self,
        observation: Observation,
        lowest: Card | None,
        leader: int,
        before: set[int],
        known: list[Counter[int]],
        weights: list[int],
    ) -> None:
        """The cases in which the start card was left out of the deal (B2.2, T2.2)."""
        rules = observation.rules
        start = rules.start_card.index
        # it was left out: the leader held the lowest card dealt (B2.2, T2.2), so the
        # start card's copies and every card below that one are among the undealt
        for card in sorted({card.index for card in rules.deck()}):
            if card == start or (lowest is not None and card != lowest.index):
                continue
            key = _low_key(rules, card)
            below = {other for other in self.pool if other == start or _low_key(rules, other) < key}
            if any(
                other == start or _low_key(rules, other) < key for seen in known for other in seen
            ):
                continue  # a card below it, or the start card, was dealt
            forced = tuple(other for other in sorted(below) for _ in range(self.pool[other]))
            self._cases_of(card, forced, leader, before, known, weights)

    @staticmethod
    def _what_the_lead_shows(observation: Observation, leader: int) -> tuple[bool | None, Card | None]:
        """What the first lead shows of the start card (R2.5, B2.2, T2.2), when it must
        be played: whether it was dealt (None: not shown), and, if not, the lowest card
        dealt, which the leader had to play."""
        rules = observation.rules
        if not rules.start_card_must_be_played:
            return None, None
        first = next(
            (action.move for action in observation.history if isinstance(action.move, Play)), None
        )
        if first is None:  # (the leader to play: the card it must include shows, R2.5)
            must = observation.must_include
            if must is None:  # (shown to the leader alone where cards are left out)
                return None, None
            return (True, None) if must == rules.start_card else (False, must)
        if rules.start_card in first.cards:
            return True, None
        return False, lowest_card(rules, first.cards)

    def _cases_of(
        self,
        card: int,
        forced: tuple[int, ...],
        leader: int,
        before: set[int],
        known: list[Counter[int]],
        weights: list[int],
    ) -> None:
        """The cases in which the leader held ``card`` (an index) when play began and
        no seat before it in play order from the dealer did (R2.4, B2.2, T2.2), with
        ``forced`` among the undealt cards: every way to place the unseen copies of
        ``card``, each with its number of worlds."""
        if any(known[other][card] for other in before):
            return
        copies, order = self.pool[card], self.order
        places = [*order, -1]  # (-1: undealt)
        refuses = self.loser >= 0 and self.is_high[card] if copies else False
        allowed = [
            place
            for place, other in enumerate(places)
            if other not in before and not (other == self.loser and refuses)
        ]
        for chosen in itertools.combinations_with_replacement(allowed, copies):
            placed = tuple(chosen.count(place) for place in range(len(places)))
            if not known[leader][card] and (leader not in order or not placed[order.index(leader)]):
                continue
            weight = self._weight(card, placed, forced)
            if weight:
                self.cases.append(_Case(card, placed, forced))
                weights.append(weight)

    def _weight(self, card: int, placed: tuple[int, ...], forced: tuple[int, ...]) -> int:
        """The number of worlds of a case: ways to put the copies of ``card`` in the
        places ``placed`` says, ``forced`` among the undealt cards, and every other
        unseen card anywhere, the Loser's places taking low cards only (each copy a
        card of its own: the deal of a shuffled deck)."""
        copies = self.pool[card] if card >= 0 else 0
        weight = math.factorial(copies) * math.prod(
            math.comb(room, number) for room, number in zip(self.caps, placed, strict=True)
        )
        if not weight:  # (more copies than a place has room for)
            return 0
        weight *= math.perm(self.caps[-1] - placed[-1], len(forced))
        rest = self.pool.total() - copies - len(forced)
        if self.loser < 0:
            return weight * math.factorial(rest)
        left = self.free[self.loser] - placed[self.order.index(self.loser)]
        low = sum(number for other, number in self.pool.items() if not self.is_high[other])
        low -= (copies if copies and not self.is_high[card] else 0) + sum(not self.is_high[other] for other in forced)
        # (a placement that does not fit, more copies than places, has weight 0 above;
        # one that fits leaves rest >= left)
        return weight * math.perm(low, left) * math.factorial(rest - left)

    def _shared_parts(self, observation: Observation) -> None:
        """The match, the trick, the moves and the hand state every world shares."""
        self.match = Match(
            rules=shared(observation.rules),
            seed=0,
            hand_number=observation.hand_number,
            scores=observation.scores,
            results=observation.results,
            past=(_UNKNOWN_HAND,) * observation.hand_number,
        )
        self.trick = Trick(
            to_act=observation.to_act,
            top=observation.top,
            top_seat=observation.top_seat,
            passed=_mask(observation.passed),
            locked=_mask(observation.locked),
            must_include=observation.must_include,
        )
        # The card the first lead must include, shown to the leader alone where the deal
        # leaves cards out (R2.5, B2.2, T2.2): each world's is its leader's, worked out
        # from the hand the world deals it.
        rules = observation.rules
        self.leader_must_include = (
            observation.phase is Phase.PLAY
            and observation.must_include is None
            and rules.start_card_must_be_played
            and _start_card_leader(observation) == observation.to_act >= 0
            and not any(isinstance(action.move, Play) for action in observation.history)
        )
        exchange = self.exchange
        # an offer the seat did not see is drawn for every world (R8.2)
        self.draw_offer = exchange.offer_made and not exchange.offer_seen
        self.hand_state = HandState(
            deal=_EMPTY_DEAL,
            phase=observation.phase,
            revolution=observation.revolution,
            finished=observation.finished,
            played=_mask(observation.played),
            first_out=_first_out(observation),
            exchange=exchange.state(observation),
            exchanged=observation.exchanged,
            landlord=observation.landlord,
            base=observation.base,
        )

    # --- one world ---------------------------------------------------------

    def _unseen(self, rng: random.Random) -> tuple[list[list[Card]], list[Card], list[Card]]:
        """The unseen cards of each seat with places left (in ``order``), drawn: a case
        first, by weight (the start card's or the lowest card's copies, and the cards
        left out below it), the Loser's places next, then the others; and the cards of
        no seat: the face-down kitty's (D2.2), and the undealt ones (B2.1, T2.1)."""
        order = self.order
        case = self.cases[0]
        if len(self.weights) > 1:
            case = self.cases[bisect.bisect_right(self.weights, rng.randrange(self.weights[-1]))]
        drawn: list[list[Card]] = [[] for _ in order]
        undealt = [_CARDS[card] for card in case.forced]
        for place, number in enumerate(case.placed):
            (drawn[place] if place < len(order) else undealt).extend([_CARDS[case.card]] * number)
        low, high = self._sides(case)
        rest = list(low)
        rng.shuffle(rest)
        if self.loser >= 0:
            place = order.index(self.loser)
            left = self.free[self.loser] - len(drawn[place])
            drawn[place] += rest[:left]
            rest = rest[left:] + high
            if high:
                rng.shuffle(rest)
        start = 0
        for place, other in enumerate(order):
            if other != self.loser:
                end = start + self.free[other] - len(drawn[place])
                drawn[place] += rest[start:end]
                start = end
        kitty = rest[start : start + self.kitty_free]
        return drawn, kitty, undealt + rest[start + self.kitty_free :]

    def _sides(self, case: _Case) -> tuple[list[Card], list[Card]]:
        """The unseen cards a case leaves to draw: those the Loser may hold (``low``)
        and the others (``high``), worked out once per case."""
        sides = self.sides.get((case.card, case.forced))
        if sides is None:
            left = self.pool.copy()
            left.subtract(case.forced)
            if case.card >= 0:
                left[case.card] = 0
            low = [_CARDS[card] for card in sorted(left.elements()) if not self.is_high[card]]
            high = [_CARDS[card] for card in sorted(left.elements()) if self.is_high[card]]
            sides = self.sides[case.card, case.forced] = (low, high)
        return sides

    def sample(self, rng: random.Random) -> State:
        """One world, drawn with ``rng``. Under instant wins (T6.2), when the hand went
        on, a world in which some seat held one when play began is drawn again: what
        remains is drawn as the facts weigh it."""
        if not self.no_instant_win:
            return self._sample(rng)
        rules, played = self.observation.rules, self.observation.played_cards
        for _ in range(_REDRAWS):
            world = self._sample(rng)
            if all(instant_win(rules, Hand((*hand, *cards))) is None for hand, cards in zip(world.hands, played, strict=True)):
                return world
        raise _inconsistent(f"no world in {_REDRAWS} draws has every seat begin play without an instant win (T6.2)")

    def _sample(self, rng: random.Random) -> State:
        """One world, drawn with ``rng``, before the check of :meth:`sample`."""
        hands, dealt = list(self.hands), list(self.dealt)
        unseen, kitty, undealt = self._unseen(rng)
        for other, cards in zip(self.order, unseen, strict=True):
            hand = hands[other] = Hand((*self.pinned[other], *cards))
            known = self.dealt_known[other]
            dealt[other] = hand if known is None else Hand((*known, *cards))
        held = tuple(hand for hand in hands if hand is not None)
        observation = self.observation
        dealt_hands = [hand for hand in dealt if hand is not None]
        if observation.rules.kitty:
            kitty = self._kitty(rng, dealt_hands, kitty)
        trick_card, trick_seat = observation.trick_card, observation.trick_seat
        if trick_card is None and trick_seat is not None:
            # a first bidder's card that is not shown (first_bidder="random", D2.3) is
            # one of its seat's dealt cards, drawn (with a kitty or without one)
            trick_card = rng.choice(dealt_hands[trick_seat].cards)
        deal = Deal(
            observation.dealer,
            tuple(dealt_hands),
            trick_card,
            trick_seat,
            tuple(sorted(kitty)),
            tuple(sorted(undealt)),
        )
        match = attrs.evolve(self.match, seed=rng.getrandbits(64))
        if observation.phase is Phase.AUCTION:
            return self._auction(match, deal)
        hand_state, log = self.hand_state, observation.history
        if self.draw_offer:
            exchange, offer = self._offer(rng, held)
            log = (log[0], Action(self.exchange.winner, offer), *log[1:])
            hand_state = attrs.evolve(hand_state, deal=deal, exchange=exchange)
        else:
            hand_state = attrs.evolve(hand_state, deal=deal)
        trick = self.trick
        if self.leader_must_include:
            trick = attrs.evolve(trick, must_include=first_lead_card(observation.rules, held[trick.to_act]))
        return State(
            match=match,
            hand_state=hand_state,
            trick=trick,
            hands=held,
            log=log,
            played_cards=observation.played_cards,
        )

    def _kitty(self, rng: random.Random, dealt: list[Hand], kitty: list[Card]) -> list[Card]:
        """The world's kitty (D2.2, D4.1), with ``dealt`` made the hands as dealt (the
        landlord's without the kitty): the kitty drawn face down (``kitty``) before the
        landlord takes it; the kitty the seat saw; or, not shown to the seat, as many of
        the landlord's cards as dealt, drawn, never the face-up card (which was dealt to
        a hand, D2.3)."""
        observation = self.observation
        landlord, trick_card, trick_seat = observation.landlord, observation.trick_card, observation.trick_seat
        if landlord >= 0:
            if observation.kitty:
                kitty = list(observation.kitty)
            else:
                cards = list(dealt[landlord].cards)
                if trick_card is not None and trick_seat == landlord:
                    cards.remove(trick_card)
                kitty = rng.sample(cards, observation.rules.kitty)
            left = list(dealt[landlord].cards)
            for card in kitty:
                left.remove(card)
            dealt[landlord] = Hand(left)
        return kitty

    def _auction(self, match: Match, deal: Deal) -> State:
        """The world of an observation in the auction (D3): the hand begun from ``deal``
        and the auction's moves made again (they are public)."""
        state = State.begin_hand(match, deal)
        for action in self.observation.history:
            state = state.play(action.move)
        return state

    def _offer(self, rng: random.Random, hands: tuple[Hand, ...]) -> tuple[ExchangeState | None, Offer]:
        """An offer the seat did not see (R8.2): two cards of the Winner's hand, one of
        them the card taken once the Loser has taken one; and the exchange, while the
        Loser is still to choose."""
        exchange = self.exchange
        winner = exchange.winner
        cards = hands[winner].cards
        if exchange.back is None:
            first, second = rng.sample(range(len(cards)), 2)
            offer = Offer((cards[first], cards[second]))
            return ExchangeState(ExchangeStep.TAKE, winner, exchange.loser, offer.cards), offer
        had = cards + self.observation.played_cards[winner]  # its cards at the offer, less the one taken
        return None, Offer((exchange.back, had[rng.randrange(len(had))]))


def _names(cards: Counter[int]) -> str:
    return " ".join(str(_CARDS[card]) for card in sorted(cards.elements()))


#: The templates of the last observations sampled from, newest first (by identity:
#: comparing observations would cost more than a template).
_RECENT: list[tuple[Observation, _Template]] = []
_KEEP = 4
