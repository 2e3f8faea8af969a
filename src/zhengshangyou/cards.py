"""Ranks, suits, cards, decks and the card notation (R1).

A card is written as its rank followed by its suit: ``3D``, ``10H`` (or
``TH``), ``QS``, ``2C``; the suit may also be a symbol (``10♥``); case does not
matter. The jokers are ``BJ`` (black) and ``RJ`` (red). Lists of cards are
separated by spaces or commas.

>>> card = Card.parse("th")
>>> card, str(card), card.unicode()
(Card.parse('10H'), '10H', '10♥')
>>> format_cards(parse_cards("3d, 10♥ rj"))
'3D 10H RJ'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence

import attrs

from zhengshangyou.errors import (
    ImpossibleCardsError,
    NotationError,
    WrongTypeError,
    ZhengShangyouError,
    brief_repr,
    check_int,
)

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "check_copies",
    "format_cards",
    "make_deck",
    "parse_cards",
    "sort_cards",
]


class Rank(enum.IntEnum):
    """Card ranks from low to high (R1.1): 3 … 10, J, Q, K, A, 2, black and red joker.

    >>> Rank.TWO > Rank.ACE > Rank.THREE
    True
    >>> Rank.parse("t"), Rank.TEN.symbol, Rank.RED_JOKER.is_joker
    (<Rank.TEN: 7>, '10', True)
    """

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12
    BLACK_JOKER = 13
    RED_JOKER = 14

    @property
    def symbol(self) -> str:
        """The rank in the notation: ``"3"`` … ``"10"``, ``"J"`` … ``"2"``, ``"BJ"``, ``"RJ"``.

        >>> [rank.symbol for rank in (Rank.THREE, Rank.TEN, Rank.ACE, Rank.BLACK_JOKER)]
        ['3', '10', 'A', 'BJ']
        """
        return _RANK_SYMBOLS[self]

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two joker ranks.

        >>> Rank.TWO.is_joker, Rank.BLACK_JOKER.is_joker
        (False, True)
        """
        return self >= Rank.BLACK_JOKER

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank symbol (``"10"`` or ``"T"``, case-insensitive).

        >>> Rank.parse("q"), Rank.parse("10"), Rank.parse("RJ")
        (<Rank.QUEEN: 9>, <Rank.TEN: 7>, <Rank.RED_JOKER: 14>)
        >>> Rank.parse("1")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.NotationError: '1' is not a rank: ranks are 3-10 (or T), J, Q, K, A, 2, BJ, RJ (R1.4)
        """
        try:
            return _RANKS_BY_TEXT[ascii_upper(_text(text, "rank"))]
        except KeyError:
            raise NotationError(
                f"{brief_repr(text)} is not a rank: ranks are 3-10 (or T), J, Q, K, A, 2, BJ, RJ (R1.4)",
                token=text,
            ) from None


class Suit(enum.IntEnum):
    """The four suits, in the order used when suits matter (R1.2): ♦ < ♣ < ♥ < ♠.

    >>> Suit.parse("h"), Suit.HEARTS.letter, Suit.HEARTS.symbol
    (<Suit.HEARTS: 2>, 'H', '♥')
    """

    DIAMONDS = 0
    CLUBS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The ASCII letter: ``D``, ``C``, ``H`` or ``S``.

        >>> Suit.CLUBS.letter
        'C'
        """
        return "DCHS"[self]

    @property
    def symbol(self) -> str:
        """The Unicode symbol: ``♦``, ``♣``, ``♥`` or ``♠``.

        >>> Suit.SPADES.symbol
        '♠'
        """
        return "♦♣♥♠"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter or symbol, case-insensitive.

        >>> Suit.parse("♦"), Suit.parse("s")
        (<Suit.DIAMONDS: 0>, <Suit.SPADES: 3>)
        """
        try:
            return _SUITS_BY_TEXT[ascii_upper(_text(text, "suit"))]
        except KeyError:
            raise NotationError(
                f"{brief_repr(text)} is not a suit: suits are D C H S or ♦ ♣ ♥ ♠ (R1.4)",
                token=text,
            ) from None


_RANK_SYMBOLS = {
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.BLACK_JOKER: "BJ",
    Rank.RED_JOKER: "RJ",
}
_RANKS_BY_TEXT = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}
_RANK_VALUES = frozenset(int(rank) for rank in Rank)
_RANKS_BY_TEXT["T"] = Rank.TEN
_SUITS_BY_TEXT = {suit.letter: suit for suit in Suit} | {suit.symbol: suit for suit in Suit}


_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def ascii_upper(text: str) -> str:
    """``text`` with its ASCII letters upper-cased and nothing else changed.

    The notation is case-insensitive in ASCII only: ``str.upper`` would also read
    look-alike letters as the notation's (the long s ``ſ`` upper-cases to ``S``).

    >>> ascii_upper("10h"), ascii_upper("3ſ")
    ('10H', '3ſ')
    """
    return text.translate(_ASCII_UPPER)


def ascii_lower(text: str) -> str:
    """``text`` with its ASCII letters lower-cased and nothing else changed.

    Command words and kind names are read case-insensitively in ASCII only: ``str.lower``
    would read the Kelvin sign ``K`` (U+212A) as ``k``.

    >>> ascii_lower("PASS"), ascii_lower("ta\u212ae") == "take"
    ('pass', False)
    """
    return text.translate(_ASCII_LOWER)


def _text(value: object, argument: str) -> str:
    """``value`` if it is text; otherwise a :class:`~zhengshangyou.errors.WrongTypeError`."""
    if not isinstance(value, str):
        raise WrongTypeError(
            f"{argument} must be text in the notation, not {type(value).__name__} (R1.4)",
            argument=argument,
            rule="R1.4",
        )
    return value


def _to_rank(value: object) -> Rank:
    """A card's rank: a :class:`Rank` or its number (0 for 3 … 14 for RJ)."""
    if isinstance(value, Rank):
        return value
    number = check_int(value, "rank", rule="R1.1")
    if number not in _RANK_VALUES:
        raise NotationError(
            f"{brief_repr(value)} is not a rank number (0-14) (R1.1)",
            token=brief_repr(value),
            rule="R1.1",
        )
    return Rank(number)


def _check_suit(instance: Card, attribute: attrs.Attribute[Suit | None], suit: Suit | None) -> None:
    if suit is not None and not isinstance(suit, Suit):
        raise WrongTypeError(
            f"a card's suit must be a Suit or None, not {type(suit).__name__} (R1.2)",
            argument="suit",
            rule="R1.2",
        )
    name = instance.rank.name.lower().replace("_", " ")
    token = instance.rank.symbol + ("" if suit is None else suit.letter)
    if suit is None and not instance.rank.is_joker:
        raise NotationError(f"a card of rank {name} needs a suit (R1.4)", token=token)
    if suit is not None and instance.rank.is_joker:
        raise NotationError(f"a {name} has no suit (R1.4)", token=token)


@attrs.frozen(repr=False, cache_hash=True)
class Card:
    """One playing card: a rank and, except for the jokers, a suit.

    Cards are immutable, hashable and ordered by rank, then suit (♦ ♣ ♥ ♠).
    Two cards of two decks with the same rank and suit are equal (R1.3).

    >>> Card(Rank.TEN, Suit.HEARTS) == Card.parse("10♥")
    True
    >>> sorted(parse_cards("2S 3H 3D RJ"))
    [Card.parse('3D'), Card.parse('3H'), Card.parse('2S'), Card.parse('RJ')]
    >>> Card.parse("3D").index, Card.parse("2S").index, Card.parse("RJ").index
    (0, 51, 53)
    >>> all(Card.from_index(card.index) == card for card in make_deck())
    True
    >>> Card(Rank.RED_JOKER, Suit.HEARTS)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.NotationError: a red joker has no suit (R1.4)
    """

    rank: Rank = attrs.field(converter=_to_rank)
    suit: Suit | None = attrs.field(default=None, validator=_check_suit)
    #: A fixed integer id 0…53, the card's place in the sorted deck: ``4 * rank +
    #: suit``, then 52 for BJ, 53 for RJ (see :meth:`from_index`). Cards order by it.
    index: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.suit is None:
            order = 52 + self.rank - Rank.BLACK_JOKER
        else:
            order = 4 * self.rank + self.suit
        object.__setattr__(self, "index", int(order))

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in the notation of R1.4.

        >>> Card.parse("TH") == Card.parse("10h") == Card.parse("10♥")
        True
        >>> Card.parse("3X")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.NotationError: '3X' is not a card: write rank then suit, as 3D, 10H, QS, or BJ, RJ (R1.4)
        """
        card = _CARDS_BY_TEXT.get(ascii_upper(_text(text, "card").strip()))
        if card is None:
            raise NotationError(
                f"{brief_repr(text)} is not a card: write rank then suit, as 3D, 10H, QS, or BJ, RJ (R1.4)",
                token=text,
            )
        return card

    @property
    def is_joker(self) -> bool:
        """Whether the card is a joker.

        >>> Card.parse("BJ").is_joker, Card.parse("2S").is_joker
        (True, False)
        """
        return self.suit is None

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        """A card pickles as its index, and unpickles as the one card of that index."""
        return Card.from_index, (self.index,)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index``.

        >>> Card.from_index(7)
        Card.parse('4S')
        """
        if not 0 <= check_int(index, "index", rule="R1.4") <= 53:
            raise NotationError(f"{brief_repr(index)} is not a card index (0-53)", token=brief_repr(index))
        return _CARDS_BY_INDEX[index]

    @property
    def is_red(self) -> bool:
        """Whether the card is printed red: hearts, diamonds and the red joker.

        >>> Card.parse("9H").is_red, Card.parse("9S").is_red, Card.parse("RJ").is_red
        (True, False, True)
        """
        return self.suit in (Suit.HEARTS, Suit.DIAMONDS) or self.rank is Rank.RED_JOKER

    def unicode(self) -> str:
        """The card with a suit symbol: ``10♥``; jokers stay ``BJ`` and ``RJ``.

        >>> Card.parse("10h").unicode()
        '10♥'
        """
        if self.suit is None:
            return self.rank.symbol
        return self.rank.symbol + self.suit.symbol

    def __str__(self) -> str:
        if self.suit is None:
            return self.rank.symbol
        return self.rank.symbol + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_CARDS_BY_INDEX = tuple(
    [Card(rank, suit) for rank in list(Rank)[:13] for suit in Suit]
    + [Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)]
)
_CARDS_BY_TEXT: dict[str, Card] = {}
for _card in _CARDS_BY_INDEX:
    _CARDS_BY_TEXT[str(_card)] = _card
    _CARDS_BY_TEXT[_card.unicode()] = _card
    if _card.rank == Rank.TEN and _card.suit is not None:
        _CARDS_BY_TEXT["T" + _card.suit.letter] = _card
        _CARDS_BY_TEXT["T" + _card.suit.symbol] = _card
del _card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas (R1.4), keeping their order.

    An empty or blank text gives no cards; an empty item between two commas is
    an error, as is any token that is not a card.

    >>> parse_cards("3D, 10♥ th rj")
    (Card.parse('3D'), Card.parse('10H'), Card.parse('10H'), Card.parse('RJ'))
    >>> parse_cards("")
    ()
    >>> parse_cards("3D RJX")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.NotationError: 'RJX' is not a card: write rank then suit, as 3D, 10H, QS, or BJ, RJ (R1.4)
    """
    if not _text(text, "text").strip():
        return ()
    cards: list[Card] = []
    for item in text.split(","):
        tokens = item.split()
        if not tokens:
            raise NotationError(
                f"empty card between commas in {brief_repr(text)} (R1.4)", token=""
            )
        cards.extend(Card.parse(token) for token in tokens)
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, unicode: bool = False) -> str:
    """Write cards in the notation, separated by spaces; the inverse of :func:`parse_cards`.

    >>> cards = parse_cards("3d 10h bj")
    >>> format_cards(cards), format_cards(cards, unicode=True)
    ('3D 10H BJ', '3♦ 10♥ BJ')
    >>> parse_cards(format_cards(cards, unicode=True)) == cards
    True
    """
    try:
        if unicode:
            return " ".join(card.unicode() for card in cards)
        return " ".join(map(Card.__str__, cards))
    except (TypeError, AttributeError):
        raise WrongTypeError(
            f"format_cards takes Card objects, not {brief_repr(cards)} (R1.4)",
            argument="cards",
            rule="R1.4",
        ) from None


def sort_cards(cards: Iterable[Card], suit_order: Sequence[Suit] | None = None) -> tuple[Card, ...]:
    """``cards`` as a player of the game sorts them: by rank, then by the game's
    ``suit_order`` (weakest first, as :attr:`Rules.suit_order
    <zhengshangyou.rules.Rules.suit_order>` gives it), or by R1.2's ♦ ♣ ♥ ♠ without
    one; the jokers last.

    >>> format_cards(sort_cards(parse_cards("7D 3S RJ 7C 3H")))
    '3H 3S 7D 7C RJ'
    >>> tien_len = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)   # ♠ ♣ ♦ ♥ (T1.1)
    >>> format_cards(sort_cards(parse_cards("7D 3S 7C 3H"), tien_len))
    '3S 3H 7C 7D'
    """
    if suit_order is None:
        return tuple(sorted(cards))
    place: dict[Suit | None, int] = {suit: index for index, suit in enumerate(suit_order)}
    return tuple(sorted(cards, key=lambda card: (card.rank, place.get(card.suit, 0))))  # (a joker: no suit)


def make_deck(decks: int = 1, *, jokers: bool = True) -> tuple[Card, ...]:
    """Every card of ``decks`` (1 or 2) standard decks, sorted; with ``jokers`` each deck adds BJ and RJ (R1.3).

    >>> len(make_deck()), len(make_deck(jokers=False)), len(make_deck(2))
    (54, 52, 108)
    """
    if check_int(decks, "decks", rule="R1.3") not in (1, 2):
        raise ZhengShangyouError(f"decks must be 1 or 2, not {brief_repr(decks)} (R1.3)", rule="R1.3")
    one = _CARDS_BY_INDEX if jokers else _CARDS_BY_INDEX[:52]  # sorted
    return one if decks == 1 else tuple(card for card in one for _ in range(2))


def check_copies(cards: Iterable[Card], decks: int) -> None:
    """Refuse a card set holding more copies of a card than ``decks`` decks provide (R1.3a).

    >>> check_copies(parse_cards("3D 3D"), decks=2)
    >>> check_copies(parse_cards("3D 3D"), decks=1)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.ImpossibleCardsError: 3D is there 2 times, but decks=1 holds it once (R1.3)
    """
    seen: dict[Card, int] = {}
    for card in cards:
        copies = seen[card] = seen.get(card, 0) + 1
        if copies > decks:
            raise _too_many(card, copies, decks)


def _too_many(card: Card, copies: int, decks: int) -> ImpossibleCardsError:
    held = "once" if decks == 1 else f"{decks} times"
    return ImpossibleCardsError(
        f"{card} is there {copies} times, but decks={decks} holds it {held} (R1.3)", card=str(card)
    )
