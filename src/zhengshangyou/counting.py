"""Counting the card view without listing it (issue 19).

The card view of :func:`~zhengshangyou.moves.legal_plays` (``view="cards"``) lists
every distinct choice of cards with each of its readings. A big hand has
astronomically many (a 54-card two-deck hand holds millions of straights, one per
choice of suits), so counting them one by one never ends. :func:`count_card_view`
gives the same number by counting the card choices of each class of plays, kind by
kind, from the hand's cards of each rank:

* a group of ``k`` cards of one rank (singles, pairs, triples, fours, bombs of
  every size): the distinct sub-multisets of ``k`` of that rank's cards (with two
  decks a card may be there twice, and its two copies are one choice), the
  coefficient of x**k in the product over the rank's cards of (1 + x + ... +
  x**copies); where suits are in the key (R4.3), per strongest suit;
* a group with an attached group (full houses, triples with a single, bombs with
  a kicker): the sum over the main rank and another attached rank of the
  products of their choices;
* a straight: the product over the window's ranks of the suits held there (a
  straight takes one card a rank, and two copies of a card are one card); less,
  where a straight of one suit reads only as a straight flush (R3.17, under
  ``straight_flush="beats_straights"`` or ``"bomb"``), the suits held on every
  rank, which are the straight flushes (under ``"distinct"`` a suited straight is
  both a straight and a straight flush, under ``"none"`` a straight); per top suit
  where the top card's suit is in the key (R4.5). Each window counts on its own:
  a run of all thirteen ranks where A and 2 may stand at either end (R3.15) stands
  on two windows, and the card view lists it twice;
* pair runs and triple runs: the product over the window's ranks of the choices
  of 2 or 3 cards;
* an airplane (R3.18, R3.19): the product of its triples' choices, times the
  coefficient of y**k (``k`` triples) in the product over the ranks outside the run
  of the generating function of that rank's wings (1 + pairs * y for paired wings,
  one pair a rank; for single wings the sum over ``c`` of the choices of ``c``
  cards times y**c, a rank as often as it is held);
* the joker bomb: one play when every joker is held (R3.12).

An answer (``to_beat``) keeps the classes whose plays beat it: every play of a
class has the same kind, size and key, so one play standing for the class is
compared with :func:`~zhengshangyou.plays.beats` (under ``revolution`` too, R4.8).
``must_include`` (R2.5) keeps the plays holding that card: since the groups of a
play (its main group, attached groups, the ranks of a run, the wings) are of
different ranks, they are those whose group of the card's rank holds it, and the
choices there are the choices of one card fewer among that rank's cards less one
copy of the card.

>>> rules = Rules()
>>> hand = Hand.parse("3D 3S 4H 5C 6D 7S RJ")
>>> count_card_view(hand, rules)  # 7 singles, the pair 3D 3S, two straights 3-7
10
>>> big = Hand(make_deck(2)[::2])  # 54 cards of two decks: each card of one deck
>>> count_card_view(big, Rules.preset("two-deck").evolve(players=2)) > 10 ** 6
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from math import prod

from zhengshangyou.cards import Card, Rank, make_deck
from zhengshangyou.combinations import ALL_KINDS, KIND_BITS, Combination, Kind, Shape
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play, Reader, Window, beats, new_play, reader
from zhengshangyou.rules import Rules, check_rules

__all__ = ["count_card_view"]


def count_card_view(
    hand: Hand,
    rules: Rules,
    to_beat: Play | None = None,
    *,
    revolution: bool = False,
    kinds: int = ALL_KINDS,
    must_include: Card | None = None,
) -> int | None:
    """The number of plays the card view lists, counted without listing them: the
    plays of ``legal_plays(hand, rules, to_beat, view="cards", revolution=revolution,
    must_include=must_include)`` of the kinds in the bit mask ``kinds``
    (:data:`~zhengshangyou.combinations.KIND_BITS`, as :class:`LegalPlays
    <zhengshangyou.moves.LegalPlays>` carries it). See the module documentation for
    how each kind is counted.

    Every kind of the catalogue's three shapes is counted, for a lead and for an
    answer (whatever decides the answer: ranks, suits, run windows, bomb sizes, a
    revolution), with or without ``must_include``. The result is None only for a
    slot of the catalogue of a form this module does not know (a kind listed with
    another that is not a straight flush with straights, a run of single cards with
    attached cards, a group with attached cards whose key holds a suit, four with
    two, D5.11, D5.12, and solo wings under every policy, D5.15, are counted): a kind
    added to the catalogue later, which the caller then counts by listing. No rule
    set of today's catalogue gives None.

    The arguments are taken as checked (a hand the rules' deck can hold, a play to
    beat read under ``rules``), as :func:`~zhengshangyou.moves.legal_plays` checks
    them.

    >>> rules = Rules(decks=2)
    >>> threes = Hand.parse("3D 3D 3C 3C 3H 3H 3S 3S")  # 4 distinct cards, each twice
    >>> count_card_view(threes, rules, kinds=KIND_BITS[Kind.PAIR])  # 4 kinds, with repetition: C(5, 2)
    10
    >>> count_card_view(threes, rules, Play.parse("3D 3C 3H 3S 3S", rules))  # bombs of 6, 7, 8: 10 + 4 + 1
    15
    >>> rules = Rules(straight_flush="beats_straights")
    >>> count_card_view(Hand.parse("3D 4D 5D 6D 7D 7S"), rules)  # 6 singles, a pair, a straight, a flush
    9
    """
    rules = check_rules(rules)
    counter = _Counter(hand, rules, to_beat, revolution, must_include)
    if must_include is not None and not counter.held(must_include):
        return 0
    total = 0
    for slot in counter.reader.slots:
        found = counter.slot(slot, kinds)
        if found is None:
            return None
        total += found
    return total


@lru_cache(maxsize=4096)
def _choices(copies: tuple[int, ...]) -> tuple[int, ...]:
    """By size, the distinct sub-multisets of a multiset holding ``copies[i]`` copies of
    its i-th card: the coefficients of the product of (1 + x + ... + x**copies[i]),
    x**size's the number of ``size`` cards.

    >>> _choices((2, 2, 2, 2))[2], _choices((1, 1, 1)), _choices((2,))
    (10, (1, 3, 3, 1), (1, 1, 1))
    """
    poly = [1]
    for count in copies:
        if count:
            poly = _times(poly, (1,) * (count + 1), len(poly) + count)
    return tuple(poly)


def _times(poly: list[int], factor: Sequence[int], most: int) -> list[int]:
    """The product of two polynomials (coefficients, lowest power first), cut past x**most.

    >>> _times([1, 1], [1, 2], 5), _times([1, 1], [1, 2], 1)
    ([1, 3, 2], [1, 3])
    """
    found = [0] * min(len(poly) + len(factor) - 1, most + 1)
    for power, ways in enumerate(poly):
        if ways:
            for extra, more in enumerate(factor[: most + 1 - power]):
                found[power + extra] += ways * more
    return found


#: The ranks 3..2, and those with the jokers.
_PLAIN = tuple(range(13))
_EVERY = tuple(range(15))
#: The choices of wings of a rank that makes none (single wings, paired wings).
_NOTHING = ((1,), (1, 0))


class _Counter:
    """The counts of one position's card view, slot by slot of the catalogue."""

    def __init__(
        self, hand: Hand, rules: Rules, top: Play | None, revolution: bool, must: Card | None
    ) -> None:
        self.rules = rules
        self.reader: Reader = reader(rules)
        self.top, self.revolution, self.must = top, revolution, must
        # The copies of each card of each rank, by suit (a joker's in the first place).
        copies = [[0, 0, 0, 0] for _ in _EVERY]
        for card in hand.cards:
            copies[card.rank][0 if card.suit is None else card.suit] += 1
        self.copies = [tuple(row) for row in copies]
        #: By rank, by size: the choices of that many of its cards (see choices).
        self.sizes = [self.choices(rank, self.copies[rank]) for rank in _EVERY]
        self.strength = self.reader.suit_strength

    def held(self, card: Card) -> bool:
        """Whether the hand holds ``card``."""
        return self.copies[card.rank][0 if card.suit is None else card.suit] > 0

    def slot(self, slot: Sequence[Combination], kinds: int) -> int | None:
        """The plays of one slot of the catalogue (kinds listed together); None for
        a slot of a form this module does not know."""
        first = slot[0]
        if len(slot) > 1 and not (
            len(slot) == 2 and first.kind is Kind.STRAIGHT and slot[1].kind is Kind.STRAIGHT_FLUSH
        ):
            return None
        if first.shape is Shape.RUN and first.width == 1:
            if first.attached:
                return None
            flush = slot[1] if len(slot) > 1 and kinds & KIND_BITS[slot[1].kind] else None
            return self.straights(first, bool(kinds & KIND_BITS[first.kind]), flush)
        if not kinds & KIND_BITS[first.kind]:
            return 0
        if first.shape is Shape.JOKERS:
            return self.joker_bomb(first)
        if first.shape is Shape.FLUSH:
            return self.flushes(first)
        if first.shape is Shape.GROUP:
            return self.attached(first) if first.attached else self.groups(first)
        return self.winged(first) if first.attached else self.runs(first)

    # --- what the classes share ----------------------------------------------------

    def keep(self, count: int, play: Play | None) -> int:
        """``count`` plays of a class, all as strong as ``play`` (None: not built, a
        lead), if they may be played here: for an answer, if ``play`` beats the top."""
        if not count or self.top is None:
            return count
        assert play is not None
        return count if beats(play, self.top, revolution=self.revolution) else 0

    def group(self, rank: int, size: int) -> int:
        """The distinct choices of ``size`` cards of ``rank``, holding ``must_include``
        when it is of that rank."""
        sizes = self.sizes[rank]
        return sizes[size] if 0 <= size < len(sizes) else 0

    def of_suits(self, rank: int, size: int, suits: Sequence[int]) -> int:
        """:meth:`group`, of the cards of ``suits`` alone."""
        held = self.copies[rank]
        sizes = self.choices(rank, tuple(held[suit] if suit in suits else 0 for suit in range(4)))
        return sizes[size] if 0 <= size < len(sizes) else 0

    def choices(self, rank: int, copies: tuple[int, ...]) -> tuple[int, ...]:
        """By size, the choices of cards of ``rank`` of which the hand holds ``copies``
        (by suit; a joker's in the first place), holding ``must_include`` when it is of
        that rank: then the choices of one card fewer, among the others."""
        must = self.must
        if must is None or must.rank != rank:
            return _choices(copies)
        place = 0 if must.suit is None else must.suit
        if not copies[place]:
            return ()
        less = list(copies)
        less[place] -= 1
        return (0, *_choices(tuple(less)))

    def suits_at(self, rank: int) -> set[int]:
        """The suits of the cards of ``rank`` a straight may take there."""
        must = self.must
        if must is not None and must.rank == rank:
            return {int(must.suit)} if must.suit is not None and self.held(must) else set()
        return {suit for suit in range(4) if self.copies[rank][suit]}

    def wanted(self, ranks: Sequence[int]) -> bool:
        """Whether a play of these ranks may hold ``must_include``."""
        return self.must is None or self.must.rank in ranks

    def stand_in(self, combination: Combination, window: Window, size: int, suit: int = 0) -> Play | None:
        """A play of ``size`` cards on ``window``, as strong as every run of
        ``combination`` there whose top card has suit strength ``suit`` (None for a
        lead): only its kind, key, family, bomb and size are compared, not its cards."""
        if self.top is None:
            return None
        key, rev_key, family, is_bomb = self.reader.run_strength(combination, window, suit)
        chop = self.reader.chop_of(combination, size)
        return new_play(combination.kind, _ANY * size, key, rev_key, family, is_bomb, chop)

    def windows(self, combination: Combination, holding: bool = True) -> list[Window]:
        """The windows of runs of ``combination`` (at least its minimum length) whose
        every rank has ``width`` cards to choose; when ``holding``,
        only those of the rank of ``must_include`` if any."""
        width, must = combination.width, self.must if holding else None
        held = sum(1 << rank for rank in _PLAIN if self.group(rank, width))
        return [
            window
            for length, windows in self.reader.by_length.items()
            if length >= combination.minimum
            for mask, window in windows
            if not mask & ~held and (must is None or mask >> must.rank & 1)
        ]

    # --- the shapes ------------------------------------------------------------------

    def groups(self, combination: Combination) -> int:
        """Groups of one rank (R3.1-R3.3, R3.6, R3.10, R3.14): every size from the
        kind's width to its most (bombs of 4 to 8 cards with two decks)."""
        total = 0
        read, by_suit, answering = self.reader, combination.suit_in_key, self.top is not None
        for rank in _EVERY if combination.jokers else _PLAIN:
            if not self.wanted((rank,)):
                continue
            for size in range(combination.width, min(sum(self.copies[rank]), combination.most) + 1):
                if not by_suit or rank >= Rank.BLACK_JOKER:
                    play = read.group(combination, _cards(rank, 0, size), rank, size) if answering else None
                    total += self.keep(self.group(rank, size), play)
                    continue
                for suit in range(4):  # by its strongest suit (R4.3)
                    if not self.copies[rank][suit]:
                        continue
                    weaker = [other for other in range(4) if self.strength[other] < self.strength[suit]]
                    count = self.of_suits(rank, size, [*weaker, suit]) - self.of_suits(rank, size, weaker)
                    play = read.group(combination, _cards(rank, suit, size), rank, size) if answering else None
                    total += self.keep(count, play)
        return total

    def by_strongest_suit(self, rank: int, size: int) -> list[tuple[int, int]]:
        """The choices of ``size`` cards of ``rank`` by their strongest suit (R4.3): for
        each suit held, the suit and how many choices have it as their strongest."""
        found = []
        for suit in range(4):
            if not self.copies[rank][suit]:
                continue
            weaker = [other for other in range(4) if self.strength[other] < self.strength[suit]]
            count = self.of_suits(rank, size, [*weaker, suit]) - self.of_suits(rank, size, weaker)
            found.append((suit, count))
        return found

    def flushes(self, combination: Combination) -> int:
        """Flushes (B3.2): each one, five cards of one suit that are no straight (one
        deck: a flush is its cards), kept if it may be played here."""
        total, must, size = 0, self.must, combination.most
        for suit in range(4):
            if must is not None and must.suit != suit:
                continue
            ranks = [rank for rank in _PLAIN if self.copies[rank][suit]]
            for chosen in itertools.combinations(ranks, size):
                if (must is not None and must.rank not in chosen) or sum(1 << rank for rank in chosen) in self.reader.windows:
                    continue
                play = None
                if self.top is not None:
                    play = self.reader.flush(combination, tuple(_cards(rank, suit, 1)[0] for rank in chosen))
                total += self.keep(1, play)
        return total

    def lower_attached(self, combination: Combination) -> int:
        """A group with an attached group of a lower rank (two pair, B3.3): by main rank
        (and, where suits count, its strongest suit), the sum over the lower ranks of
        the products of their choices."""
        width, extra, total = combination.width, combination.attached, 0
        for main in _PLAIN:
            count = sum(self.group(other, extra) for other in range(main) if self.wanted((main, other)))
            if not count:
                continue
            suited = self.by_strongest_suit(main, width) if combination.suit_in_key else [(0, self.group(main, width))]
            for suit, mains in suited:
                play = None
                if self.top is not None and mains:
                    cards = _cards(0, 0, extra) + _cards(main, suit, width)
                    play = self.reader.group(combination, cards, main, width)
                total += self.keep(mains * count, play)
        return total

    def attached(self, combination: Combination) -> int | None:
        """A group with an attached group of another rank (R3.4, R3.5, R3.10): by main
        rank, the sum over the attached ranks of the products of their choices."""
        if combination.low_attached:
            return self.lower_attached(combination)
        if combination.suit_in_key:
            return None
        width, extra = combination.width, combination.attached
        others = _EVERY if combination.attached_jokers else _PLAIN
        total = 0
        if combination.wings > 1:
            # Four with two (D5.11, D5.12): the choices of the quad times those of its
            # wings, of other ranks (as an airplane's on one rank, D5.15).
            for main in _PLAIN:
                mains = self.group(main, width)
                if not mains:
                    continue
                count = self.wings((main,), extra, combination.attached_jokers, combination)
                play = None
                if self.top is not None and count:
                    size = width + extra * combination.wings
                    play = self.reader.group(combination, _cards(main, 0, size), main, width)
                total += self.keep(mains * count, play)
            return total
        for main in _EVERY if combination.jokers else _PLAIN:
            mains = self.group(main, width)
            if not mains:
                continue
            count = sum(
                self.group(other, extra)
                for other in others
                if other != main and self.wanted((main, other))
            )
            play = None
            if self.top is not None and count:
                play = self.reader.group(combination, _cards(main, 0, width + extra), main, width)
            total += self.keep(mains * count, play)
        return total

    def straights(self, straight: Combination, plain: bool, flush: Combination | None) -> int:
        """Straights (when ``plain``) and the straight flushes listed with them
        (R3.7, R3.11, R3.17), window by window: one card a rank, of any suit held."""
        if not plain and flush is None:
            return 0
        total = 0
        apart = straight.suits != "any"  # a straight of one suit is no straight (R3.17)
        by_suit = straight.suit_in_key
        for window in self.windows(straight):
            ranks = window.ranks
            options = [self.suits_at(rank) for rank in ranks]  # none empty (see windows)
            common = set.intersection(*options)
            if plain and by_suit:
                rest = prod(len(option) for option in options[:-1])
                for suit in options[-1]:  # the top card's suit (R4.5)
                    count = rest - int(apart and suit in common)
                    strength = self.strength[suit]
                    total += self.keep(count, self.stand_in(straight, window, len(ranks), strength))
            elif plain:
                count = prod(len(option) for option in options) - (len(common) if apart else 0)
                total += self.keep(count, self.stand_in(straight, window, len(ranks)))
            if flush is not None and flush.suit_in_key:
                for suit in common:
                    play = self.stand_in(flush, window, len(ranks), self.strength[suit])
                    total += self.keep(1, play)
            elif flush is not None:
                total += self.keep(len(common), self.stand_in(flush, window, len(ranks)))
        return total

    def runs(self, combination: Combination) -> int | None:
        """Pair runs and triple runs (R3.8, R3.9): on each window, the product of the
        choices of ``width`` cards of each of its ranks."""
        total, width = 0, combination.width
        for window in self.windows(combination):
            size = width * len(window.ranks)
            if combination.suit_in_key:  # (by the strongest suit of the top rank's cards, T4.1)
                rest = prod(self.group(rank, width) for rank in window.ranks[:-1])
                for suit, count in self.by_strongest_suit(window.ranks[-1], width) if rest else ():
                    play = self.stand_in(combination, window, size, self.strength[suit])
                    total += self.keep(rest * count, play)
                continue
            count = prod(self.group(rank, width) for rank in window.ranks)
            total += self.keep(count, self.stand_in(combination, window, size))
        return total

    def winged(self, combination: Combination) -> int | None:
        """Airplanes (R3.18, R3.19): on each window, the choices of its triples times
        the choices of its wings, of ranks outside the run (paired wings of as many
        ranks as the run has; single wings of any ranks, a rank as often as held)."""
        if combination.suit_in_key:
            return None
        width, extra = combination.width, combination.attached
        total = 0
        for window in self.windows(combination, holding=False):  # (or in a wing)
            ranks = window.ranks
            body = prod(self.group(rank, width) for rank in ranks)
            if not body:
                continue
            wings = self.wings(ranks, extra, combination.attached_jokers, combination, window.beside)
            size = (width + extra) * len(ranks)
            total += self.keep(body * wings, self.stand_in(combination, window, size))
        return total

    def wings(
        self, ranks: Sequence[int], extra: int, jokers: bool, combination: Combination,
        beside: int = 0,
    ) -> int:
        """The choices of the wings of a run on ``ranks`` (of a group: its one rank):
        ``combination.wings`` groups of ``extra`` cards per rank of ``ranks``, of the
        other ranks (jokers when ``jokers``); solo wings as ``combination`` allows
        (D5.15: a rank at most ``repeat`` times, never exactly three times for the
        ranks of the mask ``beside`` unless ``trio_beside``, both jokers only with
        ``rocket``)."""
        length = len(ranks) * combination.wings
        others = [rank for rank in (_EVERY if jokers else _PLAIN) if rank not in ranks]
        if not self.wanted([*ranks, *others]):
            return 0  # must_include is of a rank no wing nor triple may have

        def choices(both_jokers: bool) -> int:
            poly: list[int] = [1]
            for rank in others:
                # (With must_include of this rank, group(rank, 0) is 0: it must be a wing.)
                if extra > 1:  # paired wings, of different ranks
                    factor: Sequence[int] = (self.group(rank, 0), self.group(rank, extra))
                else:  # single wings, a rank as often as held and allowed
                    factor = self.sizes[rank]
                    if combination.repeat:
                        factor = factor[: combination.repeat + 1]
                    if not combination.trio_beside and beside >> rank & 1 and len(factor) > 3:
                        factor = (*factor[:3], 0, *factor[4:])
                    if both_jokers and rank >= Rank.BLACK_JOKER:
                        factor = (0, *factor[1:])  # (this joker among the wings)
                if factor not in _NOTHING:
                    poly = _times(poly, factor, length)
            return poly[length] if length < len(poly) else 0

        total = choices(False)
        if extra == 1 and not combination.rocket and Rank.BLACK_JOKER in others and Rank.RED_JOKER in others:
            total -= choices(True)  # (both jokers: the rocket is no pair of wings, D5.15)
        return total

    def joker_bomb(self, combination: Combination) -> int:
        """The joker bomb (R3.12): one play when every joker of the deck is held."""
        decks = self.rules.decks
        if self.copies[Rank.BLACK_JOKER][0] < decks or self.copies[Rank.RED_JOKER][0] < decks:
            return 0
        if self.must is not None and not self.must.is_joker:
            return 0
        jokers = _cards(Rank.BLACK_JOKER, 0, decks) + _cards(Rank.RED_JOKER, 0, decks)
        return self.keep(1, self.reader.joker_bomb(combination, jokers))


def _cards(rank: int, suit: int, size: int) -> tuple[Card, ...]:
    """``size`` copies of the card of ``rank`` and ``suit`` (a joker: its rank alone)."""
    return (Card.from_index(4 * rank + suit if rank < Rank.BLACK_JOKER else 39 + rank),) * size


#: The cards of a stand-in play (see :meth:`_Counter.stand_in`): only their number counts.
_ANY = (make_deck()[0],)
