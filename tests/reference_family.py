"""A reference reader and comparator for Big Two and Tiến Lên, written from FAMILY.md
parts B and T alone (B3, B4, T3, T4).

Deliberately simple and slow, like ``tests/reference.py`` for Zheng Shangyou: it
shares nothing with ``zhengshangyou.plays`` or ``zhengshangyou.combinations`` but the
names of the kinds (:class:`~zhengshangyou.Kind`); it reads only the cards and the
rule options. ``tests/test_family_reference.py`` and
``benchmarks/agree_family_reference.py`` check the library against it.

A reading is a :class:`FamilyReading`: its kind, its cards, and its strength, a
tuple compared as a tuple within what B4/T4 allow to meet.

Big Two (``poker_hands=True``), B3 and B4:

>>> from zhengshangyou import Rules, parse_cards
>>> hk = Rules.preset("big-two")
>>> def read(text, rules):
...     return sorted(r.kind.value for r in family_readings(parse_cards(text), rules))
>>> read("3D 5D 7D 9D JD", hk), read("7S 7H 7C 7D 3D", hk), read("7S 7H 7C 7D", hk)
(['flush'], ['four_plus_one'], [])
>>> read("JD QC KH AS 2D", hk), read("JD QC KH AS 2D", Rules.preset("pusoy-dos"))
([], ['straight'])
>>> flush, = family_readings(parse_cards("3D 5D 7D 9D JD"), hk)
>>> straight, = family_readings(parse_cards("10D JC QH KS AS"), hk)
>>> family_beats(flush, straight, hk), family_beats(straight, flush, hk)
(True, False)

Tiến Lên, T3 and T4:

>>> south = Rules.preset("tien-len")
>>> read("QS KH AD 2C", south), read("QS KH AD 2C", Rules.preset("tien-len-pagat"))
([], ['straight'])
>>> chop, = family_readings(parse_cards("3S 3C 4D 4H 5S 5C"), south)
>>> two, = family_readings(parse_cards("2H"), south)
>>> family_beats(chop, two, south), family_beats(chop, two, Rules.preset("tien-len-north"))
(True, False)
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from zhengshangyou import Kind, Rules
from zhengshangyou.cards import Card

#: The ranks 3 … 2 by their place, low to high (B1.1, T1.1): 3 is 0, the 2 is 12.
TWO = 12
ACE = 11

#: Big Two's five-card hands, low to high (B4.3).
FIVE_CARD_ORDER = (Kind.STRAIGHT, Kind.FLUSH, Kind.FULL_HOUSE, Kind.FOUR_PLUS_ONE, Kind.STRAIGHT_FLUSH)


@dataclass(frozen=True)
class FamilyReading:
    """One reading of cards under Big Two's or Tiến Lên's rules."""

    kind: Kind
    cards: tuple[Card, ...]
    strength: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    def ranks(self) -> tuple[int, ...]:
        return tuple(sorted(int(card.rank) for card in self.cards))


def _suit(card: Card, rules: Rules) -> int:
    """A card's suit strength under ``suit_order`` (B1.2, T1.1)."""
    assert rules.suit_order is not None
    assert card.suit is not None
    return rules.suit_order.index(card.suit)


def _top_suit(cards: Iterable[Card], rules: Rules) -> int:
    return max(_suit(card, rules) for card in cards)


# --- Big Two ------------------------------------------------------------------------


def big_two_straights(straights: str) -> list[tuple[tuple[int, ...], int]]:
    """B3.4's straights, low to high: each as its ranks and the rank of the card that
    fixes its place (its top card, whose suit breaks ties, B4.3).

    >>> [top for _, top in big_two_straights("taiwan")][:2], big_two_straights("taiwan")[-1]
    ([2, 4], ((12, 0, 1, 2, 3), 12))
    """
    middle = [(tuple(range(low, low + 5)), low + 4) for low in range(8)]  # 34567 … 10JQKA
    wheel = ((ACE, TWO, 0, 1, 2), 2)  # A2345: its 5 fixes its place
    two_six = ((TWO, 0, 1, 2, 3), 3)  # 23456: its 6 (two_low)
    if straights == "two_low":
        return [wheel, two_six, *middle]
    if straights == "two_high":
        return [*middle, ((8, 9, 10, ACE, TWO), TWO)]  # … JQKA2 highest
    return [wheel, *middle, ((TWO, 0, 1, 2, 3), TWO)]  # taiwan: 23456 highest, by its 2


def _big_two_readings(cards: tuple[Card, ...], rules: Rules) -> list[FamilyReading]:
    n = len(cards)
    ranks = sorted(int(card.rank) for card in cards)
    counts = sorted(Counter(ranks).values())
    if n == 1:
        card = cards[0]
        return [FamilyReading(Kind.SINGLE, cards, (ranks[0], _suit(card, rules) if rules.singles_by_suit else 0))]
    if n == 2 and counts == [2]:
        return [FamilyReading(Kind.PAIR, cards, (ranks[0], _top_suit(cards, rules) if rules.pairs_by_suit else 0))]
    if n == 3 and counts == [3] and rules.triples:
        return [FamilyReading(Kind.TRIPLE, cards, (ranks[0],))]
    if n == 4 and rules.two_pair:  # B3.3: two pair < four of a kind, by the higher pair
        if counts == [4]:
            return [FamilyReading(Kind.FOUR_OF_A_KIND, cards, (1, ranks[0]))]
        if counts == [2, 2]:
            high = ranks[-1]
            suit = _top_suit([card for card in cards if card.rank == high], rules) if rules.pairs_by_suit else 0
            return [FamilyReading(Kind.TWO_PAIR, cards, (0, high, suit))]
    if n != 5:
        return []  # B3.3: otherwise four cards are never a play; none has over five
    one_suit = len({card.suit for card in cards}) == 1
    place = None
    for index, (window, top) in enumerate(big_two_straights(rules.straights)):
        if sorted(window) == ranks:
            place = (index, top)
    if place is not None:
        index, top = place
        suit = max(_suit(card, rules) for card in cards if card.rank == top)
        kind = Kind.STRAIGHT_FLUSH if one_suit else Kind.STRAIGHT
        return [FamilyReading(kind, cards, (FIVE_CARD_ORDER.index(kind), index, suit))]
    if one_suit:
        high_first = tuple(sorted(ranks, reverse=True))
        suit = _suit(cards[0], rules)
        detail = (*high_first, suit) if rules.flush_order == "rank_first" else (suit, *high_first)
        return [FamilyReading(Kind.FLUSH, cards, (1, *detail))]
    by_count = {count: rank for rank, count in Counter(ranks).items()}
    if counts == [2, 3]:
        return [FamilyReading(Kind.FULL_HOUSE, cards, (2, by_count[3]))]
    if counts == [1, 4]:
        return [FamilyReading(Kind.FOUR_PLUS_ONE, cards, (3, by_count[4]))]
    return []


def _big_two_bomb(reading: FamilyReading, rules: Rules) -> bool:
    """B4.4: four+1 and straight flushes under ``bombs="quads_sf"``."""
    return rules.bombs == "quads_sf" and reading.kind in (Kind.FOUR_PLUS_ONE, Kind.STRAIGHT_FLUSH)


def _big_two_beats(candidate: FamilyReading, top: FamilyReading, rules: Rules) -> bool:
    if _big_two_bomb(candidate, rules) and top.size < 5:
        return True  # B4.4: beats any single, pair or triple
    if candidate.size != top.size:
        return False  # B4.1
    if candidate.size >= 4:
        return candidate.strength > top.strength  # B3.3, B4.3: the kind first, then within it
    return candidate.kind is top.kind and candidate.strength > top.strength  # B4.2


# --- Tiến Lên --------------------------------------------------------------------------


def _consecutive(ranks: list[int], rules: Rules) -> bool:
    """Distinct consecutive ranks, no wrap; a 2 only on top, with ``run_order="two_high"``
    (T3.2's ``two_in_sequences``), never with ``"no_two"``."""
    if len(set(ranks)) != len(ranks):
        return False
    if TWO in ranks and rules.run_order != "two_high":
        return False
    ordered = sorted(ranks)
    return ordered == list(range(ordered[0], ordered[0] + len(ordered)))


def _tien_len_readings(cards: tuple[Card, ...], rules: Rules) -> list[FamilyReading]:
    n = len(cards)
    ranks = sorted(int(card.rank) for card in cards)
    counter = Counter(ranks)
    distinct = sorted(counter)
    top = distinct[-1]
    top_cards = [card for card in cards if card.rank == top]
    found = []
    if len(distinct) == 1:
        by_suit = {1: rules.singles_by_suit, 2: rules.pairs_by_suit}.get(n, False)
        kind = {1: Kind.SINGLE, 2: Kind.PAIR, 3: Kind.TRIPLE, 4: Kind.FOUR_OF_A_KIND}.get(n)
        if kind is Kind.TRIPLE and not rules.triples:
            kind = None
        if kind is not None:
            found.append(FamilyReading(kind, cards, (top, _top_suit(top_cards, rules) if by_suit else 0)))
    if set(counter.values()) == {1} and n >= rules.min_straight and _consecutive(distinct, rules):
        suit = _top_suit(top_cards, rules) if rules.straights_by_suit else 0
        found.append(FamilyReading(Kind.STRAIGHT, cards, (top, suit)))
    if (
        rules.double_sequences
        and set(counter.values()) == {2}
        and len(distinct) >= rules.min_pair_run
        and _consecutive(distinct, rules)
    ):
        suit = _top_suit(top_cards, rules) if rules.pair_runs_by_suit else 0
        found.append(FamilyReading(Kind.PAIR_RUN, cards, (top, suit)))
    return found


#: T4.2, as its table says: by ``chops``, (chopping kind, cards) → what it beats:
#: (kind, cards, rank or None for any rank).
_SINGLE_TWO = (Kind.SINGLE, 1, TWO)
_PAIR_TWOS = (Kind.PAIR, 2, TWO)
_THREE_TWOS = (Kind.TRIPLE, 3, TWO)
_ANY_QUAD = (Kind.FOUR_OF_A_KIND, 4, None)
_ANY_THREE_PAIRS = (Kind.PAIR_RUN, 6, None)
CHOP_TABLE: dict[str, dict[tuple[Kind, int], set[tuple[Kind, int, int | None]]]] = {
    "none": {},
    "quads_only": {(Kind.FOUR_OF_A_KIND, 4): {_SINGLE_TWO}},
    "pagat": {
        (Kind.FOUR_OF_A_KIND, 4): {_SINGLE_TWO},
        (Kind.PAIR_RUN, 6): {_SINGLE_TWO},
        (Kind.PAIR_RUN, 8): {_PAIR_TWOS},
        (Kind.PAIR_RUN, 10): {_THREE_TWOS},
    },
    "south": {
        (Kind.FOUR_OF_A_KIND, 4): {_SINGLE_TWO, _PAIR_TWOS, _ANY_THREE_PAIRS},
        (Kind.PAIR_RUN, 6): {_SINGLE_TWO},
        (Kind.PAIR_RUN, 8): {_PAIR_TWOS, _SINGLE_TWO, _ANY_QUAD, _ANY_THREE_PAIRS},
        (Kind.PAIR_RUN, 10): {_THREE_TWOS},
    },
}


def _tien_len_beats(candidate: FamilyReading, top: FamilyReading, rules: Rules) -> bool:
    if candidate.kind is top.kind and candidate.size == top.size and candidate.strength > top.strength:
        return True  # T4.1
    for kind, size, rank in CHOP_TABLE[rules.chops].get((candidate.kind, candidate.size), ()):
        if top.kind is kind and top.size == size and (rank is None or top.ranks()[-1] == rank):
            return True  # T4.2
    return False


# --- both ---------------------------------------------------------------------------


def family_readings(cards: Iterable[Card], rules: Rules) -> list[FamilyReading]:
    """Every reading of ``cards`` under Big Two's rules (``poker_hands``) or Tiến Lên's."""
    ordered = tuple(sorted(cards))
    if not ordered:
        return []
    if rules.poker_hands:
        return _big_two_readings(ordered, rules)
    return _tien_len_readings(ordered, rules)


def family_beats(candidate: FamilyReading, top: FamilyReading, rules: Rules) -> bool:
    """Whether ``candidate`` may be played on ``top`` (B4, T4)."""
    if rules.poker_hands:
        return _big_two_beats(candidate, top, rules)
    return _tien_len_beats(candidate, top, rules)


def family_class(reading: FamilyReading) -> tuple[object, ...]:
    """What tells plays apart under the rules: kind, ranks and strength (a class of
    the class view, moves' docs)."""
    return (reading.kind, reading.ranks(), reading.strength)


def subsets(cards: tuple[Card, ...]) -> Iterable[tuple[Card, ...]]:
    """Every non-empty subset of ``cards``, smallest first."""
    for size in range(1, len(cards) + 1):
        yield from itertools.combinations(cards, size)


# --- agreement with the library, on random positions -------------------------------

#: The family's presets (FAMILY.md B8, T8).
FAMILY_PRESETS = ("big-two", "big-two-taiwan", "pusoy-dos", "tien-len", "tien-len-pagat", "tien-len-north")


def random_rules(rng: random.Random) -> Rules:
    """A random valid rule set of the family: a preset with its combination and
    comparison options (B1-B4, T1-T4) redrawn."""
    suits = list("DCHS")
    rng.shuffle(suits)
    if rng.random() < 0.5:
        return Rules.preset(
            rng.choice(FAMILY_PRESETS[:3]),
            suit_order="".join(suits),
            straights=rng.choice(("two_low", "two_high", "taiwan")),
            flush_order=rng.choice(("rank_first", "suit_first")),
            bombs=rng.choice(("none", "quads_sf")),
            triples=rng.random() < 0.7,
            two_pair=rng.random() < 0.5,
            singles_by_suit=rng.random() < 0.7,
            pairs_by_suit=rng.random() < 0.7,
        )
    chops = rng.choice(("none", "pagat", "south", "quads_only"))
    return Rules.preset(
        rng.choice(FAMILY_PRESETS[3:]),
        suit_order="".join(suits),
        run_order=rng.choice(("no_two", "two_high")),
        chops=chops,
        double_sequences=chops in ("pagat", "south") or rng.random() < 0.7,
        min_straight=rng.choice((3, 3, 4, 5)),
        min_pair_run=rng.choice((2, 3, 3)),
        triples=rng.random() < 0.8,
        singles_by_suit=rng.random() < 0.7,
        pairs_by_suit=rng.random() < 0.7,
        straights_by_suit=rng.random() < 0.7,
        pair_runs_by_suit=rng.random() < 0.7,
    )


def _random_top(
    rest: list[Card], rules: Rules, rng: random.Random, hand: tuple[Card, ...] = ()
) -> tuple[Card, ...] | None:
    """Cards of a play to beat, drawn from ``rest`` (None: a lead): often 2s, quads and
    pair runs (chops, T4.2), five-card hands (B4.3), and plays of ranks the hand holds
    (which only suits may tell apart)."""
    if rng.random() < 0.2:
        return None
    by_rank: dict[int, list[Card]] = {}
    for card in rest:
        by_rank.setdefault(int(card.rank), []).append(card)
    for _ in range(200):
        choice = rng.random()
        if choice < 0.3 and by_rank.get(TWO):
            twos = by_rank[TWO]
            cards: tuple[Card, ...] = tuple(rng.sample(twos, rng.randint(1, len(twos))))
        elif choice < 0.45:
            low = rng.randint(0, 9) if not hand or rng.random() < 0.5 else int(rng.choice(hand).rank)
            pairs = rng.randint(3, 5)
            try:
                cards = tuple(card for rank in range(low, low + pairs) for card in rng.sample(by_rank[rank], 2))
            except (KeyError, ValueError):
                continue
        elif choice < 0.52 and hand:  # (a pair run on ranks where the hand holds one)
            held = Counter(int(card.rank) for card in hand)
            starts = [rank for rank in range(11) if all(held[rank + k] >= 2 for k in range(3))]
            if not starts:
                continue
            low = rng.choice(starts)
            length = 3
            while held[low + length] >= 2 and rng.random() < 0.5:
                length += 1
            try:
                cards = tuple(card for rank in range(low, low + length) for card in rng.sample(by_rank[rank], 2))
            except (KeyError, ValueError):
                continue
        elif choice < 0.6 and hand:  # (the ranks of some of the hand's cards)
            ranks = {int(card.rank) for card in rng.sample(hand, rng.randint(1, min(5, len(hand))))}
            same = [card for card in rest if card.rank in ranks]
            if not same:
                continue
            cards = tuple(rng.sample(same, rng.randint(1, min(len(same), 6))))
        else:
            cards = tuple(rng.sample(rest, rng.choice((1, 2, 3, 4, 5, 5, 5))))
        if family_readings(cards, rules):
            return cards
    return None


def check_position(rules: Rules, rng: random.Random, hand_size: int) -> list[str]:
    """Deal a random hand and a random play to beat, read every subset of the hand by
    the reference and by the library, and compare: readings (``classify_all``), the
    comparator (``beats``), the card view and the class view of ``legal_plays``.
    Returns what disagrees (nothing, when all agree)."""
    from zhengshangyou import beats, classify_all, legal_plays

    deck = list(rules.deck())
    rng.shuffle(deck)
    pool = deck
    if rng.random() < 0.5:  # (often a hand of few suits or few ranks: flushes, pair runs, quads)
        low, suits = rng.randint(0, 8), rng.sample(range(4), 2)
        pool = [card for card in deck if card.suit in suits or low <= card.rank < low + 5]
    hand = tuple(sorted(pool[:hand_size]))
    rest = [card for card in deck if card not in hand]
    problems: list[str] = []
    top_cards = _random_top(rest, rules, rng, hand)
    top = top_ref = None
    if top_cards is not None:
        top_ref = rng.choice(family_readings(top_cards, rules))
        top = next(play for play in classify_all(top_cards, rules) if play.kind is top_ref.kind)
    where = f"{rules!r:.0}{hand} to beat {top}"
    expected_cards: list[tuple[Kind, tuple[Card, ...]]] = []
    classes: dict[tuple[object, ...], FamilyReading] = {}
    for cards in subsets(hand):
        mine = family_readings(cards, rules)
        theirs = classify_all(cards, rules)
        if sorted(r.kind.value for r in mine) != sorted(p.kind.value for p in theirs):
            problems.append(f"readings of {cards}: reference {mine}, library {theirs}")
            continue
        for reading in mine:
            play = next(p for p in theirs if p.kind is reading.kind)
            if top is not None and top_ref is not None:
                expected = family_beats(reading, top_ref, rules)
                if beats(play, top) != expected:
                    problems.append(f"beats({play}, {top}): reference {expected} ({where})")
                if not expected:
                    continue
            expected_cards.append((reading.kind, reading.cards))
            classes.setdefault(family_class(reading), reading)
    cards_view = legal_plays(hand, rules, top, view="cards")
    listed = sorted((play.kind.value, play.cards) for play in cards_view)
    wanted = sorted((kind.value, cards) for kind, cards in expected_cards)
    if listed != wanted:
        problems.append(f"card view: {len(listed)} plays, reference {len(wanted)} ({where})")
    if cards_view.count() != len(wanted):  # (counted without listing: counting.py)
        problems.append(f"card view count: {cards_view.count()}, reference {len(wanted)} ({where})")
    found: dict[tuple[object, ...], object] = {}
    for play in legal_plays(hand, rules, top):
        reading = next(r for r in family_readings(play.cards, rules) if r.kind is play.kind)
        key = family_class(reading)
        if key in found or key not in classes:
            problems.append(f"class view: {play} is a second member or not legal ({where})")
        found[key] = play
    if set(found) != set(classes):
        problems.append(f"class view: {len(found)} classes, reference {len(classes)} ({where})")
    return problems


__all__ = [
    "CHOP_TABLE",
    "FAMILY_PRESETS",
    "FamilyReading",
    "big_two_straights",
    "check_position",
    "family_beats",
    "family_class",
    "family_readings",
    "random_rules",
    "subsets",
]
