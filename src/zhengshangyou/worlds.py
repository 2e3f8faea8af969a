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
  in the others, R2.4, R2.6): the first leader of the hand held the start card when
  play began and, with two decks, no seat before it in play order from the dealer
  held a copy.

The distribution: every assignment of the cards the seat has not seen to the
places it cannot see that keeps all of the above is equally likely. It is the deal
of a well-shuffled deck, conditioned on these facts. The cards these facts pin to
a seat go there first; the other unseen cards are shuffled and dealt into the
places left. Where a fact restricts whole seats (the Loser's places take no card
above the one it gave; the start card's copies keep away from the seats before the
leader), those places are filled first, with the exact weights that keep the
whole assignment uniform. With two decks a card seen to move, or face up, is one
particular copy of its two: the other copy is dealt like any unseen card.

What it does not use: what a real player might infer from the way the others
chose to play (a seat that passed probably lacks a higher card; a Winner who
offered two low cards kept its high ones). The rules reveal none of it, so every
consistent world is equally likely whatever the play. Nor does it use what the
rule options ``must_beat`` (a pass shows that the seat held no beating play but a
bomb, R5.2) and ``auto_restart`` (a trick that ended at once shows that the other
seats together could not beat the play, R5.6) reveal about the hands: a sampled
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
from zhengshangyou.game.deal import lowest_card
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
    (R2.4, R2.6, R8.2, R8.3). The sampled state's own deal is consistent with its
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
        place
        for place, action in enumerate(history)
        if action.seat == winner and isinstance(action.move, Play)
    )
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
    """The first leader of the hand when the start card chose it (R2.4, R2.6), else -1."""
    rules = observation.rules
    method = rules.first_lead if observation.hand_number == 0 else rules.later_lead
    if method != "start_card" or rules.cards_each is not None:
        # (B2.1, T2.1: with cards left out the start card may be undealt and the lowest
        # dealt card chose the leader; worlds do not weigh that: not conditioned on)
        return -1
    return _first_leader(observation)


#: How many times a world whose deal would have chosen another first leader is drawn
#: again before the observation is taken as inconsistent (B2.2, T2.2).
_REDRAWS = 10_000


def _lowest_card_leader(observation: Observation) -> int:
    """The first leader of the hand when the start card chose it in a deal that leaves
    cards out (B2.1, T2.1: the start card may be undealt, B2.2, T2.2), else -1."""
    rules = observation.rules
    if rules.cards_each is None:
        return -1
    method = rules.first_lead if observation.hand_number == 0 else rules.later_lead
    results = observation.results
    if results and rules.instant_wins != "none" and not any(results[-1].played) and rules.first_lead == "start_card":
        method = "start_card"  # (the hand after an instant win, T2.2)
    return _first_leader(observation) if method == "start_card" else -1


def _start_card_holder_of(deal: Deal, rules: Rules) -> int:
    """The seat the start card rule chooses in ``deal`` (R2.4, B2.2, T2.2): the start
    card's holder, first in play order from the dealer; with it undealt, the holder of
    the lowest dealt card.

    >>> from zhengshangyou.game.deal import deal_cards
    >>> rules = Rules.preset("tien-len", players=2)
    >>> deal = deal_cards(rules, dealer=0, rng=random.Random(1))
    >>> holder = _start_card_holder_of(deal, rules)
    >>> rules.start_card in deal.hands[holder] or rules.start_card in deal.undealt
    True
    """
    players, dealer, hands = rules.players, deal.dealer, deal.hands
    seats = [(dealer + step) % players for step in range(players)]
    for seat in seats:
        if rules.start_card in hands[seat]:
            return seat
    lowest = lowest_card(rules, [card for seat in seats for card in hands[seat]])
    return next(seat for seat in seats if lowest in hands[seat])


# --- what the worlds of one observation share ------------------------------------


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
        self.lowest_leader = _lowest_card_leader(observation)

    def _pins(self, observation: Observation) -> tuple[list[Counter[int]], Counter[int]]:
        """The cards (by index) each seat must hold besides those it has played (R2.4,
        R8.2, R8.3), and the pool of the cards nobody is known to hold; the number of
        places left unknown in each hand (``free``)."""
        rules, seat, counts = observation.rules, observation.seat, observation.counts
        players = rules.players
        if len(counts) != players or len(observation.played_cards) != players:
            raise _inconsistent(f"{len(counts)} counts of cards for {players} seats")
        if len(observation.hand) != counts[seat]:
            raise _inconsistent(f"seat {seat} holds {len(observation.hand)} cards, not {counts[seat]}")
        required = self.exchange.required(players)
        if observation.trick_card is not None and observation.trick_seat is not None:
            required[observation.trick_seat][observation.trick_card.index] += 1
        # The kitty (D2.2, D4.1): face down until the landlord takes it (``hidden``
        # places of their own), then in his hand: pinned there when the seat saw it.
        self.kitty_free = rules.kitty if observation.landlord < 0 else 0
        if rules.cards_each is not None:  # the cards left out of the deal, unseen (B2.1, T2.1)
            self.kitty_free += rules.deck_size - rules.kitty - rules.cards_each * rules.players
        if observation.kitty:
            required[observation.landlord].update(card.index for card in observation.kitty)
        pool: Counter[int] = Counter(card.index for card in rules.deck())
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
        self.free = [0 if other == seat else counts[other] - pins[other].total() for other in range(players)]
        if min(self.free) < 0 or sum(self.free) + self.kitty_free != pool.total():
            raise _inconsistent("the counts of cards and the cards seen do not make up the deck")
        return pins, pool

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
        """The unseen cards as the facts restrict them: the start card's copies, when
        the start card chose the leader (placed first, by weight, R2.4, R2.6); the
        cards the Loser may have kept (``low``: none above the card it gave, R8.2); the
        others (``high``)."""
        exchange = self.exchange
        loser = exchange.loser
        restricted = exchange.given is not None and loser != observation.seat and self.free[loser] > 0
        self.loser = loser if restricted else -1
        self.start_card = observation.rules.start_card
        start = self.start_card.index
        leader = _start_card_leader(observation)
        self.low: list[Card] = []
        self.high: list[Card] = []
        for card, copies in sorted(pool.items()):
            if card != start or leader < 0:
                side = self.high if restricted and exchange.above_given(card, observation) else self.low
                side += [_CARDS[card]] * copies
        self.order = [other for other, free in enumerate(self.free) if free]
        self.placements: list[tuple[int, ...]] = []
        self.weights: list[int] = []  # cumulative
        if leader >= 0:
            self._start_card_placements(observation, pins, leader, pool[start])

    def _start_card_placements(
        self, observation: Observation, pins: list[Counter[int]], leader: int, copies: int
    ) -> None:
        """Every way to place the unseen copies of the start card (R2.4, R2.6), with its
        number of consistent worlds: the leader held a copy once play began, the seats
        before it in play order from the dealer none."""
        start = self.start_card
        has = pins[leader][start.index] + observation.played_cards[leader].count(start)
        if leader == observation.seat:
            has += observation.hand.count(start)
        players, dealer = observation.rules.players, observation.dealer
        before = {(dealer + step) % players for step in range((leader - dealer) % players)}
        loser_refuses = self.loser >= 0 and self.exchange.above_given(start.index, observation)
        order, free = self.order, [self.free[other] for other in self.order]
        allowed = [
            place
            for place, other in enumerate(order)
            if other not in before and not (other == self.loser and loser_refuses)
        ]
        rest = sum(free) - copies  # the places of the other unseen cards
        weights: list[int] = []
        for chosen in itertools.combinations_with_replacement(allowed, copies):
            placed = tuple(chosen.count(place) for place in range(len(order)))
            if not has and (leader not in order or not placed[order.index(leader)]):
                continue
            weight = math.prod(math.comb(room, number) for room, number in zip(free, placed, strict=True))
            if weight and self.loser >= 0:
                # The Loser's places left take low cards only, then the rest go anywhere
                # (a placement that fits, each seat's copies within its places, leaves
                # no count negative: one that does not has no world, weight 0).
                left = self.free[self.loser] - placed[order.index(self.loser)]
                weight *= math.perm(len(self.low), left) * math.factorial(rest - left)
            if weight:
                self.placements.append(placed)
                weights.append(weight)
        if not weights:
            raise _inconsistent(f"no seat may hold the start card {start} as the first lead shows")
        self.weights = list(itertools.accumulate(weights))

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

    def _unseen(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """The unseen cards of each seat with places left (in ``order``), drawn: the
        start card's copies first, the Loser's places next, then the others; and the
        face-down kitty's cards (the cards left, D2.2)."""
        order = self.order
        drawn: list[list[Card]] = [[] for _ in order]
        if self.weights:
            placed = self.placements[0]
            if len(self.weights) > 1:
                placed = self.placements[bisect.bisect_right(self.weights, rng.randrange(self.weights[-1]))]
            for place, number in enumerate(placed):
                drawn[place] += [self.start_card] * number
        rest = list(self.low)
        rng.shuffle(rest)
        if self.loser >= 0:
            place = order.index(self.loser)
            left = self.free[self.loser] - len(drawn[place])
            drawn[place] += rest[:left]
            rest = rest[left:] + self.high
            if self.high:
                rng.shuffle(rest)
        start = 0
        for place, other in enumerate(order):
            if other != self.loser:
                end = start + self.free[other] - len(drawn[place])
                drawn[place] += rest[start:end]
                start = end
        return drawn, rest[start:]

    def sample(self, rng: random.Random) -> State:
        """One world, drawn with ``rng``. With cards left out of the deal (B2.1, T2.1)
        and the start card choosing the first leader, the worlds whose deal would have
        chosen another leader (the start card's holder, or, with it undealt, the lowest
        dealt card's: B2.2, T2.2) are drawn again: what remains is drawn as the facts
        weigh it."""
        leader = self.lowest_leader
        if leader < 0:
            return self._sample(rng)
        for _ in range(_REDRAWS):
            world = self._sample(rng)
            if _start_card_holder_of(world.deal, world.match.rules) == leader:
                return world
        raise _inconsistent(f"no world in {_REDRAWS} draws has seat {leader} lead as the start card rule says")

    def _sample(self, rng: random.Random) -> State:
        """One world, drawn with ``rng``, before the check of :meth:`sample`."""
        hands, dealt = list(self.hands), list(self.dealt)
        unseen, kitty = self._unseen(rng)
        for other, cards in zip(self.order, unseen, strict=True):
            hand = hands[other] = Hand((*self.pinned[other], *cards))
            known = self.dealt_known[other]
            dealt[other] = hand if known is None else Hand((*known, *cards))
        held = tuple(hand for hand in hands if hand is not None)
        observation = self.observation
        dealt_hands = [hand for hand in dealt if hand is not None]
        trick_card = observation.trick_card
        if self.observation.rules.kitty:
            kitty, trick_card = self._kitty(rng, dealt_hands, kitty)
        left_out = tuple(sorted(kitty)) if self.observation.rules.cards_each is not None else ()
        if left_out:  # (B2.1, T2.1: the cards nobody holds are the undealt ones)
            kitty = []
        deal = Deal(
            observation.dealer, tuple(dealt_hands), trick_card, observation.trick_seat, tuple(sorted(kitty)), left_out
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
        return State(
            match=match,
            hand_state=hand_state,
            trick=self.trick,
            hands=held,
            log=log,
            played_cards=observation.played_cards,
        )

    def _kitty(self, rng: random.Random, dealt: list[Hand], kitty: list[Card]) -> tuple[list[Card], Card | None]:
        """The world's kitty and its face-up card (D2.2, D2.3, D4.1), with ``dealt``
        made the hands as dealt (the landlord's without the kitty): the kitty drawn face
        down (``kitty``) before the landlord takes it; the kitty the seat saw; or, not
        shown to the seat, as many of the landlord's cards as dealt, drawn, never the
        face-up card (which was dealt to a hand, D2.3). A first bidder's card that is
        not shown (``first_bidder="random"``) is one of its seat's dealt cards, drawn."""
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
        if trick_card is None and trick_seat is not None:
            trick_card = rng.choice(dealt[trick_seat].cards)
        return kitty, trick_card

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
