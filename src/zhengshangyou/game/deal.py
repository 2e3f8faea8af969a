"""The deal of a hand (R2.2–R2.4): how the cards are shuffled and dealt, the
:class:`Deal` that a state and a record keep, and the check of a given deal
(R2.2a). Every hand begins with it, before its first phase.

>>> deal = deal_cards(Rules(), dealer=0, rng=seeded_rng(1, "deal", 0))
>>> check_deal(Rules(), deal) is deal, [len(hand) for hand in deal.hands]
(True, [14, 14, 13, 13])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import cast

import attrs

from zhengshangyou.cards import Card, sort_cards
from zhengshangyou.errors import InvalidSetupError, WrongTypeError, brief_repr, check_int
from zhengshangyou.hand import Hand
from zhengshangyou.rules import Rules, check_rules

__all__ = [
    "SEED_LIMIT",
    "Deal",
    "check_deal",
    "deal_cards",
    "first_lead_card",
    "lowest_card",
    "marks_a_card",
    "odd_card_seat",
    "seeded_rng",
]

#: Seeds are whole numbers from 0 to 2**64 - 1 (R2.3): every record can hold one.
SEED_LIMIT = 2**64

@attrs.frozen
class Deal:
    """The cards of one hand as dealt (R2.2): the dealer, each seat's hand and, with
    ``first_lead="trick_card"`` on the first hand, the face-up trick card and the seat
    it was dealt to (R2.4); under Big Two with three players, the 52nd card, dealt face
    up to its seat (B2.1). A deal that leaves cards out (B2.1, T2.1) keeps them, sorted,
    as ``undealt``: nobody sees them, and the record keeps them so that every card of
    the deck is accounted for.

    >>> deal = deal_cards(Rules(players=3, jokers=False, joker_bomb=False), dealer=1, rng=random.Random(0))
    >>> [len(hand) for hand in deal.hands]   # 52 cards, 3 players: the dealer gets 18 (E19)
    [17, 18, 17]
    >>> deal = deal_cards(Rules.preset("tien-len", players=2), dealer=0, rng=random.Random(0))
    >>> [len(hand) for hand in deal.hands], len(deal.undealt)   # T2.1: 13 each, 26 unused
    ([13, 13], 26)
    """

    dealer: int
    hands: tuple[Hand, ...]
    trick_card: Card | None = None
    trick_seat: int | None = None
    #: The cards set aside face down for the landlord (D2.2, D4.1), sorted; none without a kitty.
    kitty: tuple[Card, ...] = ()
    #: The cards left out of the deal, unused and unseen (B2.1, T2.1), sorted.
    undealt: tuple[Card, ...] = ()


def lowest_card(rules: Rules, cards: object) -> Card:
    """The lowest of ``cards`` by rank, then by ``rules.suit_order`` (B1.1, T1.1;
    R1.2's ♦ ♣ ♥ ♠ without one): the card whose holder leads when the start card is
    undealt (B2.2, T2.2).

    >>> from zhengshangyou.cards import parse_cards
    >>> str(lowest_card(Rules.preset("tien-len"), parse_cards("4H 4S 9C")))
    '4S'
    """
    return sort_cards(cast("Iterable[Card]", cards), rules.suit_order)[0]


def first_lead_card(rules: Rules, hand: Hand) -> Card:
    """The card the first lead must include where the start card's holder leads and
    must play it (R2.5): the start card, or, where the deal left it out, the lowest
    card of the leader's ``hand`` (B2.2, T2.2).

    >>> from zhengshangyou.cards import parse_cards
    >>> rules = Rules.preset("big-two", players=2)
    >>> str(first_lead_card(rules, Hand(parse_cards("3D 9S"))))
    '3D'
    >>> str(first_lead_card(rules, Hand(parse_cards("4H 4C 9S"))))   # 3D undealt (B2.2)
    '4C'
    """
    return rules.start_card if rules.start_card in hand else lowest_card(rules, hand)


def deal_cards(rules: Rules, dealer: int, rng: random.Random, *, trick_card: bool = False) -> Deal:
    """Shuffle the deck with ``rng`` and deal it singly from ``dealer`` in play order (R2.2),
    but for the last ``rules.kitty`` cards, which are the kitty (D2.2).

    With ``trick_card``, one dealt card, chosen uniformly with ``rng``, is turned
    face up, and its seat is recorded (R2.4, D2.3); under ``first_bidder="random"``
    with hands of unequal sizes, a seat is chosen uniformly first, then one of its
    cards (the seat, not the card, is what "random" draws).

    With ``rules.cards_each`` (B2.1, T2.1), each seat gets that many cards, singly from
    the dealer, and the rest of the deck is left out (``undealt``). Big Two with three
    players (``rules.odd_card_face_up``, B2.1, BE10) deals 17 each and turns the 52nd
    card face up: it goes to the start card's holder, or, if it is the start card, to
    the holder of the next-lowest card; it is the deal's face-up card (and so the trick
    card, under ``first_lead="trick_card"``).

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
    kitty: tuple[Card, ...] = ()
    if rules.kitty:
        kitty = tuple(sorted(deck[-rules.kitty :]))
        del deck[-rules.kitty :]
    undealt: tuple[Card, ...] = ()
    each = rules.cards_each
    if each is not None:  # B2.1, T2.1: the rest of the deck is not used
        undealt = tuple(sorted(deck[each * players :]))
        del deck[each * players :]
    last = deck.pop() if rules.odd_card_face_up else None
    # Singly from the dealer: the seat ``step`` places after the dealer gets every
    # ``players``-th card from the ``step``-th.
    dealt = [deck[(seat - dealer) % players :: players] for seat in range(players)]
    face_up: Card | None = None
    seat: int | None = None
    if last is not None:  # B2.1: the 52nd card, face up, to the start card's holder
        seat = odd_card_seat(rules, dealt, last)
        dealt[seat].append(last)
        face_up = last
    elif trick_card and rules.first_bidder == "random" and len({len(cards) for cards in dealt}) > 1:
        # D2.3 "random": a seat drawn uniformly, whose marked card is never shown (a
        # card drawn uniformly would favour the longer hands of a deal without a kitty)
        seat = rng.randrange(players)
        face_up = dealt[seat][rng.randrange(len(dealt[seat]))]
    elif trick_card:
        position = rng.randrange(len(deck))
        face_up, seat = deck[position], (dealer + position) % players
    return Deal(dealer, tuple(Hand(cards) for cards in dealt), face_up, seat, kitty, undealt)


def odd_card_seat(rules: Rules, hands: Sequence[Iterable[Card]], card: Card) -> int:
    """B2.1, BE10: the seat that receives Big Two's 52nd card with three players: the
    start card's holder, or, if the card is the start card, the holder of the lowest of
    the other cards (the next-lowest card).

    >>> from zhengshangyou.cards import parse_cards
    >>> rules = Rules.preset("big-two", players=3)
    >>> hands = [parse_cards("4D 5D"), parse_cards("3D 6D"), parse_cards("3C 7D")]
    >>> odd_card_seat(rules, hands, Card.parse("2S")), odd_card_seat(rules, [parse_cards("4D"), parse_cards("3C")], rules.start_card)
    (1, 1)
    """
    held = [list(hand) for hand in hands]
    target = rules.start_card if card != rules.start_card else lowest_card(rules, [c for h in held for c in h])
    return next(seat for seat, cards in enumerate(held) if target in cards)


def marks_a_card(rules: Rules, *, first_hand: bool) -> bool:
    """Whether the deal of a hand draws one dealt card whose holder begins: the face-up
    trick card of the first hand (R2.4, ``first_lead="trick_card"``), or, at every deal
    of a game with an auction, the card that names the first bidder (D2.3): face up
    under ``first_bidder="face_up_card"``, unseen under ``"random"`` (its holder is a
    seat drawn uniformly, see :func:`deal_cards`).

    >>> marks_a_card(Rules(), first_hand=True), marks_a_card(Rules(), first_hand=False)
    (True, False)
    >>> marks_a_card(Rules.preset("doudizhu"), first_hand=False)
    True
    """
    if rules.auction != "none":
        return rules.first_bidder != "rotate"
    return first_hand and rules.first_lead == "trick_card"


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


def seeded_rng(seed: int, *purpose: object) -> random.Random:
    """A generator for one purpose of one game, the same on every platform and run.

    >>> seeded_rng(1, "deal", 0).random() == seeded_rng(1, "deal", 0).random()
    True
    """
    return random.Random(":".join(["zhengshangyou", str(seed), *map(str, purpose)]))


def _deal_sizes(rules: Rules, dealer: int) -> list[int]:
    """How many cards each seat is dealt (R2.2): singly from the dealer, so the dealer
    and the seats after it get the odd cards.

    >>> _deal_sizes(Rules(), dealer=3), _deal_sizes(Rules(players=3, jokers=False, joker_bomb=False), dealer=1)
    ([14, 13, 13, 14], [17, 18, 17])
    """
    players = rules.players
    if rules.cards_each is not None:  # B2.1, T2.1
        return [rules.cards_each] * players
    each, odd = divmod(rules.deck_size - rules.kitty, players)
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
    kitty = deal.kitty
    if not isinstance(kitty, tuple) or not all(isinstance(card, Card) for card in kitty):
        raise WrongTypeError("a deal's kitty must be a tuple of Card objects (R2.2a)", argument="kitty", rule="D2.2")
    if len(kitty) != rules.kitty:
        raise InvalidSetupError(
            f"the kitty holds {len(kitty)} cards, not the {rules.kitty} of these rules (D2.2, R2.2a)", rule="D2.2"
        )
    undealt = deal.undealt
    if not isinstance(undealt, tuple) or not all(isinstance(card, Card) for card in undealt):
        raise WrongTypeError(
            "a deal's undealt cards must be a tuple of Card objects (R2.2a)", argument="undealt", rule="T2.1"
        )
    if undealt and rules.cards_each is None and not arranged:
        raise InvalidSetupError(
            f"these rules deal the whole deck, but the deal leaves {len(undealt)} cards out (R2.2, B2.1, T2.1)",
            rule="R2.2",
        )
    dealt = sorted([*(card for hand in hands for card in hand), *kitty, *undealt])
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
    if rules.odd_card_face_up:
        return _check_odd_card(rules, deal)
    expected = _deal_sizes(rules, deal.dealer)
    if sizes != expected:
        raise InvalidSetupError(
            f"dealt singly from seat {deal.dealer}, the hands hold {expected} cards, not {sizes}"
            " (R2.2, R2.2a)",
            rule="R2.2",
        )
    return _check_trick_card(deal, players)


def _check_odd_card(rules: Rules, deal: Deal) -> Deal:
    """B2.1, BE10, R2.2a: Big Two's three-player deal: 17 cards each and the 52nd, the
    deal's face-up card, in the hand of the seat that receives it."""
    card, seat, hands = deal.trick_card, deal.trick_seat, deal.hands
    sizes = [len(hand) for hand in hands]
    if (
        not isinstance(card, Card)
        or isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < len(hands)
        or card not in hands[seat]
        or sizes != [17 + (other == seat) for other in range(len(hands))]
    ):
        raise InvalidSetupError(
            f"Big Two with three players deals 17 cards each and the 52nd face up (the deal's"
            f" trick_card) to a seat that then holds 18, not {sizes} (B2.1, R2.2a)",
            rule="B2.1",
        )
    others = [list(hand) if number != seat else [c for c in hand if c != card] for number, hand in enumerate(hands)]
    if odd_card_seat(rules, others, card) != seat:
        raise InvalidSetupError(
            f"the face-up 52nd card {card} goes to the holder of {rules.start_card} (or, if it is"
            f" {rules.start_card}, of the next-lowest card), not to seat {seat} (B2.1, BE10, R2.2a)",
            rule="B2.1",
        )
    return deal


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

