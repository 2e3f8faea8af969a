"""The moves a player makes in a game, besides plays: passing and the exchange.

A move is a :class:`~zhengshangyou.plays.Play`, :data:`PASS`, or one of the
exchange decisions of R8: the Loser's :class:`Give`, the Winner's
:class:`Offer` (``exchange="highest_for_one_of_two"``) or :class:`Return`
(``exchange="highest_for_any"``), and the Loser's :class:`Take`.

>>> PASS, Give(Card.parse("RJ")), Offer(parse_cards("3D 4S"))
(Pass(), Give(RJ), Offer(3D 4S))
"""

from __future__ import annotations

import attrs

from zhengshangyou.cards import Card, format_cards, parse_cards
from zhengshangyou.errors import IllegalMoveError, WrongTypeError, brief_repr
from zhengshangyou.plays import Play, card_tuple

__all__ = ["PASS", "Give", "Move", "Offer", "Pass", "Return", "Take"]


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


Move = Play | Pass | Give | Offer | Take | Return
"""Anything a player may do on their turn."""
