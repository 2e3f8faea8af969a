"""Hand: an immutable multiset of cards.

With two decks a hand may hold two identical cards (R1.3), so a hand is a
multiset, kept sorted. Adding and removing give new hands.

>>> hand = Hand.parse("3D 3S 4H 5C 6D 7S RJ")
>>> len(hand), str(hand)
(7, '3D 3S 4H 5C 6D 7S RJ')
>>> str(hand.remove(parse_cards("3S RJ")))
'3D 4H 5C 6D 7S'
"""

from __future__ import annotations

import itertools
from bisect import bisect_left as _first_at
from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter, itemgetter
from typing import Any

import attrs

try:
    import cython
except ImportError:  # (the pure-Python build needs no Cython: see NoCython)
    from zhengshangyou.compiled import NoCython as cython
if cython.compiled:  # pragma: no cover (the compiled build, whose tests CI runs apart)
    from cython.cimports.cpython.object import PyObject_GenericSetAttr

from zhengshangyou.cards import Card, Rank, format_cards, parse_cards
from zhengshangyou.errors import CardsNotHeldError, ImpossibleCardsError, WrongTypeError, brief_repr

__all__ = ["Hand", "amounts_of", "rank_amounts"]


# A card's index, read through the slot itself: anything but a Card (even one with an
# ``index`` of its own, as a list has) is a TypeError.
_ORDER: Callable[[Card], int] = vars(Card)["index"].__get__
#: A card's index, its place in the sorted deck, for cards known to be cards: a C
#: callable (cheaper to call than reading the slot as _ORDER does), a sort key.
CARD_INDEX: Callable[[Card], int] = attrgetter("index")
#: No rule set has more than two decks, so no hand holds a card three times (R1.3a).
_MOST_COPIES = 2


_CODE_BASE = tuple(rank << 12 for rank in range(15))
# In a rank code, the bits that are set when some suit's card is there twice.
_TWICE = sum(0b110 << 3 * suit for suit in range(4))

#: Every rank, 3 to the red joker, as a rank mask (bit ``rank`` for each :class:`Rank`).
ALL_RANKS = (1 << 15) - 1

# The set bits of each byte, low to high, and of each 7-bit value above the low byte.
#: The set bits of each byte, low to high: the ranks 3 to 10 of a rank mask's low byte.
#: With :data:`HIGH_RANK_BITS`, :func:`rank_bits` without the call, for a hot loop.
LOW_RANK_BITS = tuple(tuple(bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
#: The set bits of each 7-bit value, as the ranks J to the red joker above the low byte.
HIGH_RANK_BITS = tuple(tuple(bit + 8 for bit in range(7) if bits >> bit & 1) for bits in range(128))


def rank_bits(mask: int) -> tuple[int, ...]:
    """The ranks of a rank mask (15 bits, as :attr:`Hand.held`), low to high. (Two
    small tables stay in the CPU's caches; a memo of every mask would not.)

    >>> rank_bits(Hand.parse("3D 5S RJ").held[1] | 1 << Rank.RED_JOKER)
    (0, 2, 14)
    """
    return LOW_RANK_BITS[mask & 0xFF] + HIGH_RANK_BITS[mask >> 8]
_DECODED: dict[int, tuple[Card, ...]] = {}
# Bit 2 of each suit's three bits in a rank code: never set in a hand's code (a
# hand holds a card at most twice), so a subtraction that keeps all four tells
# that every suit held at least what was taken.
_GUARD = sum(4 << 3 * suit for suit in range(4))
# By a rank code's suit bits (its low 12), the lowest suit held (0 when none) and
# the suits held, one bit per suit spread 13 bits apart (as in ``Hand.suit_ranks``).
_LOW_SUIT = tuple(
    next((suit for suit in range(4) if fields >> 3 * suit & 7), 0) for fields in range(1 << 12)
)
_SUITS_HELD = tuple(
    sum(1 << 13 * suit for suit in range(4) if fields >> 3 * suit & 7) for fields in range(1 << 12)
)
# A rank's bit in each suit's 13 bits of ``Hand.suit_ranks``.
_RANK_IN_EVERY_SUIT = tuple(sum(1 << 13 * suit + rank for suit in range(4)) for rank in range(13))


def cards_of_code(code: int) -> tuple[Card, ...]:
    """The cards, sorted, that a rank code of :attr:`Hand.rank_codes` stands for."""
    found = _DECODED.get(code)
    if found is None:
        rank = code >> 12
        cards: list[Card] = []
        for suit in range(4):
            copies = code >> 3 * suit & 7
            if copies:
                cards += [Card.from_index(4 * rank + suit if rank < 13 else 39 + rank)] * copies
        found = _DECODED[code] = tuple(cards)
    return found


def _code_parts(code: int) -> tuple[Any, ...]:
    """What the cards of a rank code set in a hand's tables, for :class:`Hand` and
    :meth:`Hand.remove` to read in one look-up: the cards, their number; the rank's
    suit bits of ``low_suit_bits`` and the mask that keeps the other ranks' bits;
    the same for ``suit_ranks``; the mask that keeps the other ranks' bits of a
    ``held`` mask, and the rank's bit in ``held[1]`` to ``held[4]`` (0 where the hand
    holds fewer cards of it); and all of those bits packed in one int (:func:`_packed`).
    A joker's rank has no bits in these tables. A code with
    some card more than twice (which no hand holds, R1.3a) has a negative number of
    cards, so that no count of a hand's cards adds up with it."""
    cards = cards_of_code(code)
    rank, size, fields = code >> 12, len(cards), code & 0xFFF
    if any(fields >> 3 * suit & 7 > _MOST_COPIES for suit in range(4)):
        size = -(1 << 20)
    if rank >= 13:
        return (cards, size, 0, -1, 0, -1, -1, 0, 0, 0, 0, _packed([0] * 4, 0, 0, code))
    bit = 1 << rank
    held = [bit if size >= width else 0 for width in range(1, 5)]
    low, suits = _LOW_SUIT[fields] << 2 * rank, _SUITS_HELD[fields] << rank
    return (
        cards, size, low, ~(3 << 2 * rank), suits, ~_RANK_IN_EVERY_SUIT[rank], ~bit, *held,
        _packed(held, low, suits, code),
    )


def _packed(held: list[int], low: int, suits: int, code: int) -> int:
    """A rank's bits in a hand's bit tables, packed in one int, so that a hand's
    tables are the sum of its ranks' (their bits never overlap): ``held[1]`` to
    ``held[4]`` in bits 0 to 59 (15 each), ``low_suit_bits`` in 60 to 85,
    ``suit_ranks`` in 86 to 137, and above, whether some card is there twice."""
    # (bool(...), not ``1 if ... else 0``: Cython 3.3, which benchmarks/bench_compiled.py
    # builds this module with, shifts a conditional of two literals as a C long, to 0.)
    return (
        held[0] | held[1] << 15 | held[2] << 30 | held[3] << 45
        | low << 60 | suits << 86 | bool(code & _TWICE) << 138
    )


class _Parts(dict[int, tuple[Any, ...]]):
    """:func:`_code_parts` by rank code, each worked out once (there are at most
    15 * 3 ** 4 codes a hand can hold)."""

    __slots__ = ()

    def __missing__(self, code: int) -> tuple[Any, ...]:
        parts = self[code] = _code_parts(code)
        return parts


_PARTS = _Parts()
_PARTS_OF = _PARTS.__getitem__
_GROUP, _SIZE, _PACKED = (itemgetter(place) for place in (0, 1, 11))
_LOW_BITS_MASK, _SUIT_RANKS_MASK = (1 << 26) - 1, (1 << 52) - 1
_chain = itertools.chain


def _too_many(cards: tuple[Card, ...]) -> ImpossibleCardsError:
    """The error for cards with some card in them more than twice (R1.3a)."""
    ordered = sorted(cards, key=_ORDER)  # (the lowest such card is named)
    orders = [_ORDER(card) for card in ordered]
    card = next(card for card, order in zip(ordered, orders, strict=True) if orders.count(order) > _MOST_COPIES)
    return ImpossibleCardsError(
        f"{card} is there more than twice, and no rule set has more than two decks (R1.3)",
        card=str(card),
    )


def rank_amounts(cards: Iterable[Card]) -> tuple[tuple[int, int], ...] | None:
    """What ``cards`` take from each rank code of a hand (:attr:`Hand.rank_codes`), by
    rank from low to high: pairs of the rank and the amount (three bits a suit,
    counting copies). None when some card is there more than twice, which no hand
    holds (R1.3a). Something that is not a card is a :class:`WrongTypeError` (R1.3).

    >>> rank_amounts(parse_cards("3D 3S 5C"))   # two suits of 3s, one of 5s
    ((0, 513), (2, 8))
    """
    amounts: dict[int, int] = {}
    last, ascending, too_many = 0, True, False  # (a play's cards come sorted: ranks ascend)
    try:
        for card in cards:
            order = _ORDER(card)
            rank = order >> 2 if order < 52 else order - 39
            shift = 3 * (order & 3)
            took = amounts.get(rank, 0)
            if took >> shift & 7 == _MOST_COPIES:
                too_many = True  # (the other cards are still checked to be cards)
                continue
            amounts[rank] = took + (1 << shift)
            ascending = ascending and rank >= last
            last = rank
    except TypeError:  # (from _ORDER: not a Card)
        raise WrongTypeError(
            f"cards to remove are Card objects, not {brief_repr(cards)} (R1.3)",
            argument="cards",
            rule="R1.3",
        ) from None
    if too_many:
        return None
    return tuple(amounts.items()) if ascending else tuple(sorted(amounts.items()))


# By the identity of a tuple of cards (a play's), the tuple and its rank amounts: the
# move generator's plays are shared by many positions, so the game works out what a
# play takes once. The tuple is kept with its amounts, so its id is not reused while
# the entry lives, and an entry whose tuple is not the one asked for is not its own.
_AMOUNTS: dict[int, tuple[tuple[Card, ...], tuple[tuple[int, int], ...] | None]] = {}
# (A small table: cards are cheap to read again, and a large one would hold many
# tuples for the garbage collector to scan.)
_AMOUNTS_LIMIT = 10_000


def amounts_of(cards: tuple[Card, ...]) -> tuple[tuple[int, int], ...] | None:
    """:func:`rank_amounts` of a tuple of cards, kept for that tuple object.

    >>> cards = parse_cards("5D 5S")
    >>> amounts_of(cards), amounts_of(cards) is amounts_of(cards)
    (((2, 513),), True)
    """
    found = _AMOUNTS.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    amounts = rank_amounts(cards)
    if len(_AMOUNTS) >= _AMOUNTS_LIMIT:
        _AMOUNTS.clear()
    _AMOUNTS[id(cards)] = (cards, amounts)
    return amounts


def _without(held: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...] | None:
    """``held`` (sorted) less ``cards``, counting repeats; None if some card is not held."""
    need: dict[int, int] = {}
    for card in cards:
        need[card.index] = need.get(card.index, 0) + 1
    if not need:
        return held
    kept = []
    for card in held:
        order = card.index
        if need.get(order):
            need[order] -= 1
        else:
            kept.append(card)
    if any(need.values()):
        return None
    return tuple(kept)


@attrs.frozen(repr=False, init=False)
class Hand:
    """An immutable, sorted multiset of cards.

    A hand holds a card at most twice (two decks, R1.3a); whether the rules in
    force allow a second copy is checked where the rules are known (the move
    generator, the game).

    >>> hand = Hand(parse_cards("5C 3D 3D"))
    >>> list(hand) == list(parse_cards("3D 3D 5C"))
    True
    >>> Card.parse("3D") in hand, hand.count(Card.parse("3D"))
    (True, 2)
    >>> hand == Hand.parse("3D 5C 3D")
    True

    Besides its cards, a hand keeps what the move generator reads, computed once:
    ``by_rank``, ``rank_codes``, ``held`` (rank masks by how many cards of a rank
    are held), ``low_suit_bits`` and ``suit_ranks``; ``rank_counts`` is worked out
    from ``by_rank`` when asked.

    >>> hand.rank_counts[Rank.THREE], hand.by_rank[Rank.FIVE], bin(hand.held[2])
    (2, (Card.parse('5C'),), '0b1')
    """

    cards: tuple[Card, ...]
    #: The hand's cards of each rank, sorted, indexed by :class:`Rank` (15 entries).
    by_rank: tuple[tuple[Card, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    #: One int per rank that identifies the hand's cards of that rank (15 entries):
    #: the rank << 12, then three bits per suit counting copies. Two hands hold the
    #: same cards of a rank exactly when their codes for it are equal; the move
    #: generator keys its tables on these.
    rank_codes: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: By width 0 to 4, the bit mask of the ranks 3…2 held at least that many times
    #: (see :meth:`held_mask`).
    held: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: The suit of the lowest card of each rank 3…2, two bits per rank (see :attr:`low_suits`).
    low_suit_bits: int = attrs.field(init=False, eq=False, repr=False)
    #: The ranks 3…2 held in each suit: 13 bits per suit, diamonds lowest.
    suit_ranks: int = attrs.field(init=False, eq=False, repr=False)
    #: Whether the hand holds some card twice (which only two decks allow, R1.3a).
    doubled: bool = attrs.field(init=False, eq=False, repr=False)

    def __init__(self, cards: Iterable[Card]) -> None:
        # Every table follows from the hand's rank codes: one int per rank naming
        # exactly which cards of that rank the hand holds (the rank << 12, then three
        # bits per suit counting copies). A card's ``index`` is its place in the
        # sorted deck: 4 * rank + suit, then 52 and 53 for the jokers.
        codes = list(_CODE_BASE)
        try:
            taken = cards if type(cards) is tuple else tuple(cards)
            for card in taken:
                order = _ORDER(card)
                codes[order >> 2 if order < 52 else order - 39] += 1 << 3 * (order & 3)
        except (TypeError, AttributeError):  # (from _ORDER: not a Card)
            raise WrongTypeError(
                f"a hand is made of Card objects, not {brief_repr(cards)} (R1.3)",
                argument="cards",
                rule="R1.3",
            ) from None
        # What each rank's cards set in each table (see _code_parts): the tables are
        # the parts' sums (the ranks' bits never overlap) and their cards in order.
        parts = list(map(_PARTS_OF, codes))
        by_rank = tuple(map(_GROUP, parts))
        if sum(map(_SIZE, parts)) != len(taken):  # (a card there more than twice, R1.3a)
            raise _too_many(taken)
        # The bit tables summed in one: see _packed.
        packed = sum(map(_PACKED, parts))
        _set_cards(self, tuple(_chain(*by_rank)))
        _set_by_rank(self, by_rank)
        _set_rank_codes(self, tuple(codes))
        _set_held(self, (0, packed & 0x7FFF, packed >> 15 & 0x7FFF, packed >> 30 & 0x7FFF, packed >> 45 & 0x7FFF))
        _set_low_suit_bits(self, packed >> 60 & _LOW_BITS_MASK)
        _set_suit_ranks(self, packed >> 86 & _SUIT_RANKS_MASK)
        _set_doubled(self, packed >> 138 != 0)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand in the card notation (R1.4).

        >>> Hand.parse("2s, 2h 10♦")
        Hand.parse('10D 2H 2S')
        """
        return cls(parse_cards(text))

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the hand holds.

        >>> Hand.parse("RJ RJ 3D").count(Card.parse("RJ"))
        2
        """
        return self.cards.count(card)

    def count_rank(self, rank: Rank) -> int:
        """How many cards of ``rank`` the hand holds.

        >>> Hand.parse("3D 3S 4H").count_rank(Rank.THREE)
        2
        """
        return len(self.by_rank[rank])

    @property
    def rank_counts(self) -> tuple[int, ...]:
        """The number of cards of each rank, indexed by :class:`Rank` (15 entries): the
        sizes of :attr:`by_rank` (worked out when asked, not kept with the hand).

        >>> Hand.parse("3D 3S 4H RJ").rank_counts
        (2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)
        """
        return tuple(map(len, self.by_rank))

    @property
    def low_suits(self) -> tuple[int, ...]:
        """The suit (as an int; 0 for a joker, -1 when absent) of the lowest card of each rank.

        >>> Hand.parse("3S 3H 4D").low_suits[:3]
        (2, 0, -1)
        """
        lows, by_rank = self.low_suit_bits, self.by_rank
        return tuple(
            (lows >> 2 * rank & 3 if rank < 13 else 0) if by_rank[rank] else -1 for rank in range(15)
        )

    def held_mask(self, width: int) -> int:
        """Bit mask of the ranks 3…2 of which the hand holds at least ``width`` (1 to 4) cards.

        >>> bin(Hand.parse("3D 3S 5H RJ").held_mask(1)), bin(Hand.parse("3D 3S 5H").held_mask(2))
        ('0b101', '0b1')
        """
        return self.held[width]

    def contains(self, cards: Iterable[Card]) -> bool:
        """Whether the hand holds all of ``cards``, counting repeats (multiset inclusion).

        >>> hand = Hand.parse("3D 3D 4S")
        >>> hand.contains(parse_cards("3D 3D")), hand.contains(parse_cards("4S 4S"))
        (True, False)
        """
        return _without(self.cards, cards) is not None

    def add(self, cards: Iterable[Card]) -> Hand:
        """A new hand with ``cards`` added.

        >>> Hand.parse("3D").add(parse_cards("3D RJ"))
        Hand.parse('3D 3D RJ')
        """
        return Hand(self.cards + tuple(cards))

    def remove(self, cards: Iterable[Card]) -> Hand:
        """A new hand without ``cards``; raises :class:`CardsNotHeldError` if any is not held.

        The hand itself never changes, so a failed removal leaves nothing half done.

        >>> hand = Hand.parse("3D 4S")
        >>> hand.remove(parse_cards("4S"))
        Hand.parse('3D')
        >>> hand.remove(parse_cards("4S 4S"))
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.CardsNotHeldError: the hand 3D 4S does not hold 4S 4S (R3)
        """
        taken = cards if type(cards) is tuple else tuple(cards)
        amounts = rank_amounts(taken)
        if not amounts:
            if amounts is None:  # (a card asked for more than twice)
                raise self._not_held(taken)
            return self
        return self._take(amounts, taken)

    def _not_held(self, cards: Iterable[Card]) -> CardsNotHeldError:
        return CardsNotHeldError(f"the hand {self} does not hold {format_cards(sorted(cards))} (R3)")

    def _take(self, amounts: tuple[tuple[int, int], ...], cards: Iterable[Card]) -> Hand:
        """:meth:`remove` of ``cards``, given what they take from each rank code
        (:func:`rank_amounts` of them, not empty): for the game, which works that out
        once per play (:func:`amounts_of`). Raises
        :class:`CardsNotHeldError` if some card is not held."""
        codes = self.rank_codes
        new_codes = list(codes)
        old_groups = self.by_rank
        groups = list(old_groups)
        lows, suit_ranks = self.low_suit_bits, self.suit_ranks
        _, one, two, three, four = self.held
        held = self.cards
        remaining: tuple[Card, ...] = ()
        done = 0  # how much of ``held`` (sorted by rank) is in ``remaining``
        for rank, amount in amounts:
            code = codes[rank]
            # Held when no suit of the code (guarded) goes below 0.
            if (code | _GUARD) - amount & _GUARD != _GUARD:
                raise self._not_held(cards)
            code = new_codes[rank] = code - amount
            # What the rank's new cards set in each table (see _code_parts).
            group, size, low, keep_low, suits, keep_suits, keep, _, _, _, _, _ = _PARTS[code]
            had = len(old_groups[rank])
            # Where the rank's cards start in ``held``, sorted by index (4 * rank + suit,
            # then 52 and 53 for the jokers: the rank's first index is 4 * rank or 39 + rank).
            start = _first_at(held, 4 * rank if rank < 13 else 39 + rank, key=CARD_INDEX)
            remaining += held[done:start] + group
            done = start + had
            groups[rank] = group
            lows = lows & keep_low | low
            suit_ranks = suit_ranks & keep_suits | suits
            # The rank leaves the held masks of the widths it no longer reaches; the
            # others stay the same objects (no new int to allocate). A joker's rank
            # has no bits there: its ``keep`` clears nothing.
            if size < 4 <= had:
                four &= keep
            if size < 3 <= had:
                three &= keep
            if size < 2 <= had:
                two &= keep
            if size < 1:
                one &= keep
        remaining += held[done:]
        doubled = self.doubled and any(code & _TWICE for code in new_codes)
        hand = _new_hand(Hand)
        if cython.compiled:  # pragma: no cover (one C call a slot: see plays.new_play)
            PyObject_GenericSetAttr(hand, "doubled", doubled)
            PyObject_GenericSetAttr(hand, "cards", remaining)
            PyObject_GenericSetAttr(hand, "by_rank", tuple(groups))
            PyObject_GenericSetAttr(hand, "rank_codes", tuple(new_codes))
            PyObject_GenericSetAttr(hand, "held", (0, one, two, three, four))
            PyObject_GenericSetAttr(hand, "low_suit_bits", lows)
            PyObject_GenericSetAttr(hand, "suit_ranks", suit_ranks)
            return hand
        _set_doubled(hand, doubled)
        _set_cards(hand, remaining)
        _set_by_rank(hand, tuple(groups))
        _set_rank_codes(hand, tuple(new_codes))
        _set_held(hand, (0, one, two, three, four))
        _set_low_suit_bits(hand, lows)
        _set_suit_ranks(hand, suit_ranks)
        return hand

    def pinned(self, card: Card) -> Hand:
        """This hand with ``card`` moved first among the cards of its rank (it must be
        held). For the move generator: its representatives take the first cards of
        each rank, so that they hold ``card`` where they can (R2.5). The hand's cards
        stay as they are; only ``by_rank`` (and ``low_suit_bits``) change.

        >>> hand = Hand.parse("3D 3S 4H")
        >>> hand.pinned(Card.parse("3S")).by_rank[Rank.THREE], hand.pinned(Card.parse("3S")) == hand
        ((Card.parse('3S'), Card.parse('3D')), True)
        """
        rank = card.rank
        group = list(self.by_rank[rank])
        group.remove(card)
        groups = list(self.by_rank)
        groups[rank] = (card, *group)
        lows = self.low_suit_bits
        if rank < 13:
            lows = lows & ~(3 << 2 * rank) | (card.index & 3) << 2 * rank
        hand = object.__new__(Hand)
        put = object.__setattr__
        put(hand, "doubled", self.doubled)
        put(hand, "cards", self.cards)
        put(hand, "by_rank", tuple(groups))
        put(hand, "rank_codes", self.rank_codes)
        put(hand, "held", self.held)
        put(hand, "low_suit_bits", lows)
        put(hand, "suit_ranks", self.suit_ranks)
        return hand

    def unicode(self) -> str:
        """The hand with suit symbols.

        >>> Hand.parse("10H 3D BJ").unicode()
        '3♦ 10♥ BJ'
        """
        return format_cards(self.cards, unicode=True)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


# The slots' own setters: a new hand made by :meth:`Hand.remove` skips the checks of
# ``__init__`` (its cards come from a checked hand) and sets its fields directly
# (compiled, by one C call a slot: see plays.new_play).
_new_hand = object.__new__
_set_doubled = vars(Hand)["doubled"].__set__
_set_cards = vars(Hand)["cards"].__set__
_set_by_rank = vars(Hand)["by_rank"].__set__
_set_rank_codes = vars(Hand)["rank_codes"].__set__
_set_held = vars(Hand)["held"].__set__
_set_low_suit_bits = vars(Hand)["low_suit_bits"].__set__
_set_suit_ranks = vars(Hand)["suit_ranks"].__set__
