"""The exchange between hands (R8.1–R8.4): where it stands, the decisions open,
their check and their effect.

After the deal of every hand but the first, under ``exchange="highest_for_one_of_two"``
(R8.2) the previous Loser gives the Winner their highest card, the Winner offers
two cards and the Loser takes one; under ``"highest_for_any"`` (R8.3) the Winner
returns any card instead. Every choice is a move of a player (R8.4). As with a
play, a decision is first checked against the position (:func:`check_exchange`
raises the error, naming the rule, that says why it may not be made), then
applied (:func:`apply_exchange`); the game (:class:`~zhengshangyou.game.State`)
does both, and its legal-move view asks the same check.

>>> rules = Rules(exchange="highest_for_any")
>>> hands = (Hand.parse("3D 9S"), Hand.parse("4C"), Hand.parse("5D 2S RJ"))
>>> exchange = start_exchange(rules, winner=0, loser=2)
>>> exchange.step, exchange.to_act, exchange_moves(exchange, hands, rules)
(<ExchangeStep.GIVE: 'give'>, 2, (Give(RJ),))
>>> check_exchange(exchange, hands, rules, Give(Card.parse("2S")))
Traceback (most recent call last):
...
zhengshangyou.errors.IllegalMoveError: give 2S is not allowed: 2S is not the Loser's highest card; the Loser must give their highest card: give RJ (R8.2)
>>> exchange, hands = apply_exchange(exchange, hands, rules, Give(Card.parse("RJ")))
>>> exchange.step, [str(hand) for hand in hands]
(<ExchangeStep.RETURN: 'return'>, ['3D 9S RJ', '4C', '5D 2S'])
"""

from __future__ import annotations

import enum

import attrs

from zhengshangyou.actions import Give, Move, Offer, Return, Take
from zhengshangyou.cards import Card
from zhengshangyou.errors import IllegalMoveError
from zhengshangyou.hand import Hand
from zhengshangyou.rules import Rules

__all__ = [
    "ExchangeState",
    "ExchangeStep",
    "apply_exchange",
    "check_exchange",
    "exchange_moves",
    "highest_cards",
    "start_exchange",
]


class ExchangeStep(str, enum.Enum):
    """The decision an exchange waits for (R8.2, R8.3); the value is its move's verb.

    >>> ExchangeStep("offer"), ExchangeStep.TAKE == "take"
    (<ExchangeStep.OFFER: 'offer'>, True)
    """

    GIVE = "give"
    """The Loser gives their highest card (R8.2, R8.3)."""
    OFFER = "offer"
    """The Winner offers two cards of their hand (R8.2)."""
    TAKE = "take"
    """The Loser takes one of the two offered cards (R8.2)."""
    RETURN = "return"
    """The Winner returns any card of their hand (R8.3)."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class ExchangeState:
    """Where an exchange stands: the step it waits for, the previous hand's Winner
    and Loser, and the two cards offered once the Winner has offered them (seen
    only by those two, R8.2).

    >>> ExchangeState(ExchangeStep.TAKE, winner=0, loser=2, offered=Hand.parse("3D 4C").cards).to_act
    2
    """

    step: ExchangeStep
    winner: int
    loser: int
    offered: tuple[Card, ...] = ()

    @property
    def to_act(self) -> int:
        """The seat whose decision it is: the Loser gives and takes, the Winner
        offers and returns.

        >>> ExchangeState(ExchangeStep.OFFER, winner=1, loser=3).to_act
        1
        """
        return self.loser if self.step in (ExchangeStep.GIVE, ExchangeStep.TAKE) else self.winner


def start_exchange(rules: Rules, winner: int, loser: int) -> ExchangeState | None:
    """The exchange that opens a hand after the previous one's ``winner`` and
    ``loser`` are known, or None under ``exchange="none"`` (R8.1).

    >>> start_exchange(Rules(), winner=0, loser=1) is None
    True
    >>> start_exchange(Rules(exchange="highest_for_one_of_two"), winner=0, loser=1).step
    <ExchangeStep.GIVE: 'give'>
    """
    if rules.exchange == "none":
        return None
    return ExchangeState(ExchangeStep.GIVE, winner=winner, loser=loser)


def highest_cards(hand: Hand, rules: Rules) -> tuple[Card, ...]:
    """The cards of ``hand`` that its holder may give (R8.2): of the highest rank
    (jokers included) and, when suits are ordered, of the highest suit; the Loser
    chooses among what is left.

    >>> [str(card) for card in highest_cards(Hand.parse("5D 2C 2H"), Rules())]
    ['2C', '2H']
    >>> [str(card) for card in highest_cards(Hand.parse("5D 2C 2H"), Rules(suit_order="DCHS"))]
    ['2H']
    """
    top_rank = max(card.rank for card in hand)
    cards = [card for card in dict.fromkeys(hand) if card.rank == top_rank]
    order = rules.suit_order
    if order is not None and not top_rank.is_joker:
        best = max(order.index(card.suit) for card in cards if card.suit is not None)
        cards = [card for card in cards if card.suit is not None and order.index(card.suit) == best]
    return tuple(cards)


def exchange_moves(exchange: ExchangeState, hands: tuple[Hand, ...], rules: Rules) -> tuple[Move, ...]:
    """The decisions open at this step (R8.4), in card order: every highest card
    to give, every two cards of the Winner's hand to offer, each offered card to
    take, every card of the Winner's hand to return.

    >>> hands = (Hand.parse("3D 4S 9H"), Hand.parse("KS"))
    >>> exchange_moves(ExchangeState(ExchangeStep.OFFER, winner=0, loser=1), hands, Rules(players=2))
    (Offer(3D 4S), Offer(3D 9H), Offer(4S 9H))
    """
    step = exchange.step
    if step is ExchangeStep.GIVE:
        return tuple(Give(card) for card in highest_cards(hands[exchange.loser], rules))
    if step is ExchangeStep.TAKE:
        return tuple(Take(card) for card in dict.fromkeys(exchange.offered))
    hand = hands[exchange.winner]
    if step is ExchangeStep.RETURN:
        return tuple(Return(card) for card in dict.fromkeys(hand))
    pairs: dict[tuple[Card, ...], None] = {}
    cards = hand.cards
    for first in range(len(cards)):
        for second in range(first + 1, len(cards)):
            pairs[(cards[first], cards[second])] = None
    return tuple(Offer(pair) for pair in pairs)


def _either(verb: str, cards: tuple[Card, ...]) -> str:
    """``give 2C or give 2H``: the moves of one verb on each of ``cards``."""
    return " or ".join(f"{verb} {card}" for card in cards)


def _refusal(exchange: ExchangeState, hands: tuple[Hand, ...], rules: Rules, move: object) -> str:
    """Why ``move`` may not be made at this step, and what may: the cards the Loser must
    give or may take are named (the seat to act sees them: its own hand, the offer)."""
    step = exchange.step
    if step is ExchangeStep.GIVE:
        highest = highest_cards(hands[exchange.loser], rules)
        required = f"the Loser must give their highest card: {_either('give', highest)}"
        if isinstance(move, Give):
            held = move.card in hands[exchange.loser]
            why = f"{move.card} is not the Loser's highest card" if held else f"the Loser does not hold {move.card}"
            return f"{move} is not allowed: {why}; {required}"
    elif step is ExchangeStep.OFFER:
        required = "the Winner must offer two cards of their hand ('offer CARD CARD')"
        if isinstance(move, Offer):
            missing = [card for card in dict.fromkeys(move.cards) if card not in hands[exchange.winner]]
            named = " ".join(map(str, missing)) if missing else "those two cards"
            return f"{move} is not allowed: the Winner does not hold {named}; {required}"
    elif step is ExchangeStep.TAKE:
        offered = tuple(dict.fromkeys(exchange.offered))
        required = f"the Loser must take one of the offered cards: {_either('take', offered)}"
        if isinstance(move, Take):
            choices = " or ".join(map(str, offered))
            return f"{move} is not allowed: {move.card} was not offered; the Loser may take {choices}"
    else:
        required = "the Winner must return a card of their hand ('return CARD')"
        if isinstance(move, Return):
            return f"{move} is not allowed: the Winner does not hold {move.card}; {required}"
    return f"{move} is not allowed now: {required}"


def check_exchange(exchange: ExchangeState, hands: tuple[Hand, ...], rules: Rules, move: object) -> None:
    """Refuse ``move`` unless it may be made at this step of ``exchange``: the
    decision the step waits for (R8.2, R8.3), of a card its maker may part with:
    one of the Loser's highest cards, two cards the Winner holds, one of the
    offered cards, a card the Winner holds. The
    :class:`~zhengshangyou.errors.IllegalMoveError` names the rule (R8.3 once the
    Winner is to return a card, ``"highest_for_any"``; R8.2 otherwise) and says what
    may be done instead: the card or cards the Loser must give, the cards offered.

    >>> hands = (Hand.parse("3D 4S 9H"), Hand.parse("KS"))
    >>> offer = ExchangeState(ExchangeStep.OFFER, winner=0, loser=1)
    >>> check_exchange(offer, hands, Rules(players=2), Offer.parse("3D 9H"))
    >>> check_exchange(offer, hands, Rules(players=2), Offer.parse("3D KS"))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: offer 3D KS is not allowed: the Winner does not hold KS; the Winner must offer two cards of their hand ('offer CARD CARD') (R8.2)
    >>> take = ExchangeState(ExchangeStep.TAKE, winner=0, loser=1, offered=Hand.parse("3D 9H").cards)
    >>> check_exchange(take, hands, Rules(players=2), Take(Card.parse("4S")))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: take 4S is not allowed: 4S was not offered; the Loser may take 3D or 9H (R8.2)
    """
    step = exchange.step
    if step is ExchangeStep.GIVE:
        allowed = isinstance(move, Give) and move.card in highest_cards(hands[exchange.loser], rules)
    elif step is ExchangeStep.OFFER:
        allowed = isinstance(move, Offer) and hands[exchange.winner].contains(move.cards)
    elif step is ExchangeStep.TAKE:
        allowed = isinstance(move, Take) and move.card in exchange.offered
    else:
        allowed = isinstance(move, Return) and move.card in hands[exchange.winner]
    if not allowed:
        rule = "R8.3" if step is ExchangeStep.RETURN else "R8.2"
        raise IllegalMoveError(f"{_refusal(exchange, hands, rules, move)} ({rule})", rule=rule)


def apply_exchange(
    exchange: ExchangeState, hands: tuple[Hand, ...], rules: Rules, move: Give | Offer | Take | Return
) -> tuple[ExchangeState | None, tuple[Hand, ...]]:
    """The exchange and the hands after ``move``, a decision :func:`check_exchange`
    accepted (it is not checked again): the card given, taken or returned changes
    hands; the exchange is None once it is over (after a Take or a Return).

    >>> hands = (Hand.parse("3D 9H"), Hand.parse("KS"))
    >>> take = ExchangeState(ExchangeStep.TAKE, winner=0, loser=1, offered=Hand.parse("3D 9H").cards)
    >>> after, hands = apply_exchange(take, hands, Rules(players=2), Take(Card.parse("9H")))
    >>> after is None, [str(hand) for hand in hands]
    (True, ['3D', '9H KS'])
    """
    if isinstance(move, Offer):
        return attrs.evolve(exchange, step=ExchangeStep.TAKE, offered=move.cards), hands
    winner, loser = exchange.winner, exchange.loser
    giver, receiver = (loser, winner) if isinstance(move, Give) else (winner, loser)
    changed = list(hands)
    changed[giver] = changed[giver].remove((move.card,))
    changed[receiver] = changed[receiver].add((move.card,))
    after: ExchangeState | None = None
    if isinstance(move, Give):
        step = ExchangeStep.OFFER if rules.exchange == "highest_for_one_of_two" else ExchangeStep.RETURN
        after = attrs.evolve(exchange, step=step)
    return after, tuple(changed)
