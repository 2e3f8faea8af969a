"""The moves a player makes in a game, besides plays: passing, the exchange and the auction.

A move is a :class:`~zhengshangyou.plays.Play`, :data:`PASS`, one of the
exchange decisions of R8: the Loser's :class:`Give`, the Winner's
:class:`Offer` (``exchange="highest_for_one_of_two"``) or :class:`Return`
(``exchange="highest_for_any"``), and the Loser's :class:`Take`; or a move of
Dou Dizhu's auction (D3): a :class:`Bid`, a :class:`Call` or a :class:`Rob`.

>>> PASS, Give(Card.parse("RJ")), Offer(parse_cards("3D 4S"))
(Pass(), Give(RJ), Offer(3D 4S))
"""

from __future__ import annotations

import attrs

from zhengshangyou.cards import Card, format_cards, parse_cards
from zhengshangyou.errors import IllegalMoveError, WrongTypeError, brief_repr
from zhengshangyou.plays import Play, card_tuple

__all__ = ["PASS", "Bid", "Call", "Give", "Move", "Offer", "Pass", "Return", "Rob", "Take", "auction_move"]


def _is_card(instance: object, attribute: attrs.Attribute[Card], value: object) -> None:
    """An exchange decision names one card (R8.4)."""
    if not isinstance(value, Card):
        raise WrongTypeError(
            f"{type(instance).__name__} takes a Card, not {brief_repr(value)} (R8.4)",
            argument=attribute.name,
            rule="R8.4",
        )


def _sorted_pair(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return card_tuple(cards)


@attrs.frozen
class Pass:
    """Passing: not playing to this trick (R5.2). Use the constant :data:`PASS`.

    >>> Pass() == PASS
    True
    """

    def __repr__(self) -> str:
        return "Pass()"

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
"""The pass move."""


@attrs.frozen(repr=False)
class Give:
    """The Loser gives the Winner their highest card (R8.2, R8.3).

    >>> str(Give(Card.parse("2S")))
    'give 2S'
    """

    card: Card = attrs.field(validator=_is_card)

    def __repr__(self) -> str:
        return f"Give({self.card})"

    def __str__(self) -> str:
        return f"give {self.card}"


@attrs.frozen(repr=False)
class Offer:
    """The Winner offers two cards of their hand; the Loser will take one (R8.2).

    >>> Offer(parse_cards("9S 3D")).cards == parse_cards("3D 9S")
    True
    """

    cards: tuple[Card, ...] = attrs.field(converter=_sorted_pair)

    @cards.validator
    def _two(self, attribute: attrs.Attribute[tuple[Card, ...]], value: tuple[Card, ...]) -> None:
        if len(value) != 2:
            raise IllegalMoveError(
                f"an offer is two cards, not {format_cards(value) or 'none'} (R8.2)", rule="R8.2"
            )

    @classmethod
    def parse(cls, text: str) -> Offer:
        """Read an offer in the card notation.

        >>> Offer.parse("3D 4S")
        Offer(3D 4S)
        """
        return cls(parse_cards(text))

    def __repr__(self) -> str:
        return f"Offer({format_cards(self.cards)})"

    def __str__(self) -> str:
        return f"offer {format_cards(self.cards)}"


@attrs.frozen(repr=False)
class Take:
    """The Loser takes one of the two offered cards (R8.2).

    >>> str(Take(Card.parse("4S")))
    'take 4S'
    """

    card: Card = attrs.field(validator=_is_card)

    def __repr__(self) -> str:
        return f"Take({self.card})"

    def __str__(self) -> str:
        return f"take {self.card}"


@attrs.frozen(repr=False)
class Return:
    """The Winner returns any one card of their choice to the Loser (R8.3).

    >>> str(Return(Card.parse("3C")))
    'return 3C'
    """

    card: Card = attrs.field(validator=_is_card)

    def __repr__(self) -> str:
        return f"Return({self.card})"

    def __str__(self) -> str:
        return f"return {self.card}"


def _is_bid(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    """A bid is 1, 2 or 3 (D3.1)."""
    if type(value) is not int or not 1 <= value <= 3:
        raise IllegalMoveError(f"a bid is 1, 2 or 3, not {brief_repr(value)} (D3.1)", rule="D3.1")


@attrs.frozen(repr=False)
class Bid:
    """A bid of 1, 2 or 3 for the landlord's seat (D3.1, ``auction="bid"``); declining
    to bid is :data:`PASS`.

    >>> str(Bid(2)), Bid(3) == Bid(3)
    ('bid 2', True)
    """

    value: int = attrs.field(validator=_is_bid)

    def __repr__(self) -> str:
        return f"Bid({self.value})"

    def __str__(self) -> str:
        return f"bid {self.value}"


@attrs.frozen
class Call:
    """Calling for the landlord's seat (叫地主, D3.4, ``auction="call_rob"``); declining
    is :data:`PASS`.

    >>> str(Call()), Call() == Call()
    ('call', True)
    """

    def __repr__(self) -> str:
        return "Call()"

    def __str__(self) -> str:
        return "call"


@attrs.frozen
class Rob:
    """Robbing the landlord's seat from the caller, which doubles the base (抢地主, D3.4);
    declining is :data:`PASS`.

    >>> str(Rob()), Rob() == Rob()
    ('rob', True)
    """

    def __repr__(self) -> str:
        return "Rob()"

    def __str__(self) -> str:
        return "rob"


Move = Play | Pass | Give | Offer | Take | Return | Bid | Call | Rob
"""Anything a player may do on their turn."""


def auction_move(verb: str, rest: str = "") -> Bid | Call | Rob:
    """The auction's move named by ``verb`` ("bid", "call" or "rob") and the text after
    it (a bid's value, "1" to "3"; nothing for the others), as the game and the records
    read them (D3).

    >>> auction_move("bid", "2"), auction_move("call"), auction_move("rob")
    (Bid(2), Call(), Rob())
    >>> auction_move("bid", "²")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: a bid is 1, 2 or 3, not '²' (D3.1)
    """
    rest = rest.strip()
    if verb == "bid":
        if rest not in ("1", "2", "3"):
            raise IllegalMoveError(f"a bid is 1, 2 or 3, not {brief_repr(rest)} (D3.1)", rule="D3.1")
        return Bid(int(rest))
    if verb in ("call", "rob") and not rest:
        return Call() if verb == "call" else Rob()
    raise IllegalMoveError(
        f"an auction move is 'bid N', 'call' or 'rob', not {brief_repr(f'{verb} {rest}'.strip())} (D3)", rule="D3"
    )
