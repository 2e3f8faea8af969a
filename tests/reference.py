"""A reference reader and comparator, written straight from RULES.md sections 3 and 4.

This module is deliberately simple and slow. It shares nothing with
``zhengshangyou.plays`` but the names of the kinds (:class:`~zhengshangyou.Kind`):
it uses only the cards (R1) and the rule options (:class:`~zhengshangyou.Rules`).
``tests/test_plays_reference.py`` checks the library against it.

A reading is a :class:`RefReading`: the kind, the cards, and a canonical
description of its strength: the main rank for groups (the rank of the pair,
triple, quad or bomb, R4.3, R4.4) and, for runs, the position of every rank in
the run (R3.15, R4.5; for an airplane, of its triple run, R4.4). Positions: a low
A is -2, a low 2 is -1, 3 … K are 0 … 10, a high A is 11, a high 2 is 12.
``tests/test_airplanes.py`` checks the library's airplanes against it.

>>> from zhengshangyou import Rules, parse_cards
>>> rules = Rules()
>>> sorted(reading.describe() for reading in ref_readings(parse_cards("AD 2C 3H 4S 5D"), rules))
['straight A(low) 2(low) 3 4 5']
>>> [reading.describe() for reading in ref_readings(parse_cards("BJ RJ"), rules)]
['joker_bomb BJ RJ']
>>> a2345, = ref_readings(parse_cards("AD 2C 3H 4S 5D"), rules)
>>> tja, = ref_readings(parse_cards("10D JC QH KS AD"), rules)
>>> ref_beats(a2345, tja, rules), ref_beats(tja, a2345, rules)
(True, False)

Airplanes with wings (R3.18, R3.19) are read like runs: ``positions`` are those
of the triple run, and ``describe`` adds the attached cards (the wings) after a
``+``. The examples of ruling E24 (``airplane_wings="pairs"``, two decks):

>>> pairs = Rules.preset("two-deck")
>>> def readings(text, rules):
...     return sorted(r.describe() for r in ref_readings(parse_cards(text), rules))
>>> readings("3D 3C 3H 4D 4C 4H 5D 5C 6D 6C", pairs)
['airplane_with_pairs 3 4 + 5D 5C 6D 6C']
>>> readings("3D 3C 3H 4D 4C 4H 5D 5C 5H 5S", pairs)  # two pairs of one rank
[]
>>> readings("3D 3C 3H 4D 4C 4H 5D 5C", pairs)  # one pair for two triples
[]
>>> high, = ref_readings(parse_cards("4D 4C 4H 5D 5C 5H 3S 3S 7D 7D"), pairs)
>>> low, = ref_readings(parse_cards("3D 3C 3H 4D 4C 4H KS KS AD AD"), pairs)
>>> ref_beats(high, low, pairs), ref_beats(low, high, pairs)
(True, False)

Under ``"singles"`` any cards outside the run are wings, jokers included, and
every reading is kept (R3.16):

>>> singles = Rules.preset("two-deck", airplane_wings="singles")
>>> readings("3D 3C 3H 4D 4C 4H BJ RJ", singles)
['airplane_with_singles 3 4 + BJ RJ']
>>> for line in readings("3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H", singles):
...     print(line)
airplane_with_singles 3 4 5 + 6D 6C 6H
airplane_with_singles 4 5 6 + 3D 3C 3H
triple_run 3 4 5 6
>>> readings("3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H 8D 8C 8H 8S", Rules(airplane_wings="singles"))
['airplane_with_singles 3 4 5 6 + 8D 8C 8H 8S']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from zhengshangyou import Kind
from zhengshangyou.cards import Card, Rank, Suit
from zhengshangyou.rules import Rules

__all__ = [
    "AIRPLANE_KINDS",
    "RUN_KINDS",
    "RefReading",
    "bomb_class",
    "is_bomb",
    "ref_beats",
    "ref_kinds",
    "ref_readings",
]

RUN_KINDS = frozenset({Kind.STRAIGHT, Kind.STRAIGHT_FLUSH, Kind.PAIR_RUN, Kind.TRIPLE_RUN})
# R3.18: a triple run with wings; ``positions`` are those of the triple run.
AIRPLANE_KINDS = frozenset({Kind.AIRPLANE_WITH_SINGLES, Kind.AIRPLANE_WITH_PAIRS})

# R1.1: the thirteen ranks that are not jokers, low to high.
_PLAIN_RANKS = [rank for rank in Rank if not rank.is_joker]
_LOW_ACE, _LOW_TWO, _HIGH_ACE, _HIGH_TWO = -2, -1, 11, 12
_POSITION_NAMES = {_LOW_ACE: "A(low)", _LOW_TWO: "2(low)", _HIGH_ACE: "A", _HIGH_TWO: "2"}


@dataclass(frozen=True)
class RefReading:
    """One reading: ``kind``, the sorted ``cards``, and the strength description.

    ``main`` is the rank that decides groups (None for runs, airplanes and the
    joker bomb); ``positions`` lists, low to high, where each rank of a run (of an
    airplane: of its triple run) stands (empty for groups).
    """

    kind: Kind
    cards: tuple[Card, ...]
    main: Rank | None = None
    positions: tuple[int, ...] = ()

    def describe(self) -> str:
        """The kind and the strength, as words (used in failure messages)."""
        if self.kind in AIRPLANE_KINDS:
            wings = " ".join(str(card) for card in self.wings)
            return f"{self.kind.value} {_positions_text(self.positions)} + {wings}"
        if self.positions:
            return f"{self.kind.value} {_positions_text(self.positions)}"
        if self.main is not None:
            return f"{self.kind.value} {self.main.symbol}x{self.main_count}"
        return f"{self.kind.value} " + " ".join(str(card) for card in self.cards)

    @property
    def main_count(self) -> int:
        """How many cards of the main rank the play holds (the size of a bomb)."""
        return sum(card.rank == self.main for card in self.cards)

    @property
    def wings(self) -> tuple[Card, ...]:
        """An airplane's attached cards: those outside its triple run (R3.19); else ()."""
        if self.kind not in AIRPLANE_KINDS:
            return ()
        run = {_rank_at(position) for position in self.positions}
        return tuple(card for card in self.cards if card.rank not in run)


def _positions_text(positions: tuple[int, ...]) -> str:
    return " ".join(_position_name(p) for p in positions)


def _position_name(position: int) -> str:
    return _POSITION_NAMES.get(position) or _rank_at(position).symbol


# ---------------------------------------------------------------------------
# Reading (R3)


def _places(rank: Rank, rules: Rules) -> tuple[int, ...]:
    """Where ``rank`` may stand in a run under ``rules.run_order`` (R3.15)."""
    if rank.is_joker:
        return ()  # jokers are never in runs (R3)
    order = rules.run_order
    if rank == Rank.ACE:
        # A is high everywhere; also low (A-2-3...) under two_low and either_end.
        return (_LOW_ACE, _HIGH_ACE) if order in ("two_low", "either_end") else (_HIGH_ACE,)
    if rank == Rank.TWO:
        return {
            "no_two": (),
            "two_low": (_LOW_TWO,),
            "two_high": (_HIGH_TWO,),
            "either_end": (_LOW_TWO, _HIGH_TWO),
        }[order]
    return (int(rank) - int(Rank.THREE),)


def _run_placements(ranks: list[Rank], rules: Rules) -> set[tuple[int, ...]]:
    """Every way the distinct ``ranks`` stand as one run: consecutive positions (R3.15)."""
    found: set[tuple[int, ...]] = set()
    for choice in itertools.product(*(_places(rank, rules) for rank in ranks)):
        positions = tuple(sorted(choice))
        if positions != tuple(range(positions[0], positions[0] + len(positions))):
            continue  # not consecutive (this also forbids wrapping around)
        both_ends = positions[0] < 0 and positions[-1] > 10
        if rules.run_order == "either_end" and both_ends:
            continue  # either_end: never A/2 at both ends at once
        found.add(positions)
    return found


def _is_pair(cards: list[Card], rules: Rules) -> bool:
    """Two cards of one rank (R3.2); two jokers only as a joker pair (R3.13)."""
    if len(cards) != 2 or cards[0].rank != cards[1].rank:
        return False
    return not cards[0].is_joker or rules.joker_pairs


def ref_readings(cards: Iterable[Card], rules: Rules) -> frozenset[RefReading]:
    """Every reading of ``cards`` under ``rules`` (R3.1–R3.19)."""
    hand = tuple(sorted(cards, key=lambda card: card.index))  # by rank, then suit
    n = len(hand)
    counts = Counter(card.rank for card in hand)
    jokers = [card for card in hand if card.is_joker]
    found: set[RefReading] = set()

    def add(kind: Kind, main: Rank | None = None, positions: tuple[int, ...] = ()) -> None:
        found.add(RefReading(kind, hand, main, positions))

    if n == 0:
        return frozenset()
    # R3.1: any one card.
    if n == 1:
        add(Kind.SINGLE, hand[0].rank)
    # R3.2, R3.13: a pair (two jokers of one colour only with joker_pairs).
    if _is_pair(list(hand), rules):
        add(Kind.PAIR, hand[0].rank)
    # R3.12: every joker in the game together.
    if (
        rules.joker_bomb
        and len(jokers) == n
        and counts[Rank.BLACK_JOKER] == rules.decks
        and counts[Rank.RED_JOKER] == rules.decks
    ):
        add(Kind.JOKER_BOMB)
    one_plain_rank = len(counts) == 1 and not jokers
    if one_plain_rank:
        rank = hand[0].rank
        # R3.3, R3.14, R3.17: a triple reads only as a triple bomb when triple_bomb is on.
        if n == 3:
            add(Kind.TRIPLE_BOMB if rules.triple_bomb else Kind.TRIPLE, rank)
        # R3.6, R3.10, R3.17: four (or more, as a bomb) of one rank.
        if n == 4 and rules.four_of_a_kind == "plain":
            add(Kind.FOUR_OF_A_KIND, rank)
        if n >= 4 and rules.four_of_a_kind == "bomb":
            add(Kind.BOMB, rank)
    # Groups with attached cards: the main part is of a rank that is not a joker,
    # the attached cards of another rank (kickers may be jokers; R3.4, R3.5, R3.10).
    for rank, count in counts.items():
        if rank.is_joker:
            continue
        rest = [card for card in hand if card.rank != rank]
        if count == 3 and n == 5 and rules.full_house and _is_pair(rest, rules):
            add(Kind.FULL_HOUSE, rank)
        if count == 3 and n == 4 and rules.triple_with_single:
            add(Kind.TRIPLE_WITH_SINGLE, rank)
        if count == 4 and n == 5 and rules.four_of_a_kind == "bomb_with_kicker":
            add(Kind.BOMB_WITH_KICKER, rank)
        # D5.11, D5.12: four with two solo wings (D5.15), or with two pairs of two
        # different ranks; never of the quad's rank.
        if count == 4 and rules.four_with_two:
            if n == 6 and _solo_wings_allowed(rest, rules):
                add(Kind.FOUR_WITH_TWO_SINGLES, rank)
            by_rank: dict[Rank, list[Card]] = {}
            for card in rest:
                by_rank.setdefault(card.rank, []).append(card)
            if n == 8 and len(by_rank) == 2 and all(_is_pair(p, rules) for p in by_rank.values()):
                add(Kind.FOUR_WITH_TWO_PAIRS, rank)
    # Runs: every rank once, twice or three times, ranks consecutive (R3.7–R3.9, R3.15).
    widths = set(counts.values())
    if not jokers and len(widths) == 1:
        width = widths.pop()
        length = len(counts)
        for positions in _run_placements(list(counts), rules):
            if width == 1 and length >= rules.min_straight:
                flush = len({card.suit for card in hand}) == 1
                # R3.17: which reading(s) a suited straight has.
                if not flush or rules.straight_flush in ("none", "distinct"):
                    add(Kind.STRAIGHT, positions=positions)
                if flush and rules.straight_flush != "none":
                    add(Kind.STRAIGHT_FLUSH, positions=positions)
            if width == 2 and length >= rules.min_pair_run:
                add(Kind.PAIR_RUN, positions=positions)
            if width == 3 and length >= rules.min_triple_run:
                add(Kind.TRIPLE_RUN, positions=positions)
    # R3.18, R3.19: airplanes with wings.
    for kind, positions in _airplanes(hand, rules):
        add(kind, positions=positions)
    return frozenset(found)


def _solo_wings_allowed(wings: list[Card], rules: Rules) -> bool:
    """D5.15: solo wings may repeat a rank once (``"distinct"``), up to three times
    (``"up_to_3"``) or as often as held (``"any"``); both jokers only with
    ``rocket_in_kickers``."""
    counted = Counter(card.rank for card in wings)
    most = {"distinct": 1, "up_to_3": 3, "any": len(wings)}[rules.kicker_repeat]
    if any(count > most for count in counted.values()):
        return False
    return rules.rocket_in_kickers or not (counted[Rank.BLACK_JOKER] and counted[Rank.RED_JOKER])


def _trio_beside_allowed(run: tuple[Rank, ...], wings: list[Card], rules: Rules) -> bool:
    """D5.15 ``wing_trio_adjacent`` (unset: True under ``kicker_repeat="any"``, the
    library's R3.19 ruling; False otherwise, D12): three wings of one rank that would
    make the triple run one longer are wings only when it is True."""
    allowed = rules.wing_trio_adjacent
    if allowed is None:
        allowed = rules.kicker_repeat == "any"
    if allowed:
        return True
    counted = Counter(card.rank for card in wings)
    return not any(
        count == 3 and _run_placements([*run, rank], rules) for rank, count in counted.items()
    )


def _wing_kinds(rules: Rules) -> list[Kind]:
    """The airplane kinds ``airplane_wings`` allows (R3.18)."""
    wings = rules.airplane_wings
    found: list[Kind] = []
    if wings in ("singles", "singles_or_pairs"):
        found.append(Kind.AIRPLANE_WITH_SINGLES)
    if wings in ("pairs", "singles_or_pairs"):
        found.append(Kind.AIRPLANE_WITH_PAIRS)
    return found


def _airplanes(hand: tuple[Card, ...], rules: Rules) -> list[tuple[Kind, tuple[int, ...]]]:
    """Every airplane reading of ``hand``: (kind, positions of its triple run) (R3.18, R3.19).

    A triple run of k triples (R3.9: k at least ``min_triple_run``, placed under
    ``run_order``, R3.15) plus k wings: k single cards, or k pairs. No wing has a
    rank of the run, so each rank of the run is held exactly three times.
    Singles: any k cards, jokers included, one rank or many. Pairs: k pairs
    (R3.2, joker pairs only with ``joker_pairs``, R3.13; BJ+RJ never) of k
    different ranks.
    """
    counts = Counter(card.rank for card in hand)
    triples = [rank for rank, count in counts.items() if count == 3 and not rank.is_joker]
    found: list[tuple[Kind, tuple[int, ...]]] = []
    for kind in _wing_kinds(rules):
        per_triple = 4 if kind is Kind.AIRPLANE_WITH_SINGLES else 5  # 3 cards + 1 or 2 wings
        if len(hand) % per_triple:
            continue
        k = len(hand) // per_triple
        if k < rules.min_triple_run:
            continue
        for run in itertools.combinations(triples, k):
            wings = [card for card in hand if card.rank not in run]
            if kind is Kind.AIRPLANE_WITH_PAIRS:
                by_rank: dict[Rank, list[Card]] = {}
                for card in wings:
                    by_rank.setdefault(card.rank, []).append(card)
                if len(by_rank) != k or not all(_is_pair(p, rules) for p in by_rank.values()):
                    continue
            elif not _solo_wings_allowed(wings, rules) or not _trio_beside_allowed(run, wings, rules):
                continue
            for positions in _run_placements(list(run), rules):
                found.append((kind, positions))
    return found


def ref_kinds(cards: Iterable[Card], rules: Rules) -> list[Kind]:
    """The kinds of every reading, sorted by name (a kind may repeat)."""
    return sorted((reading.kind for reading in ref_readings(cards, rules)), key=lambda k: k.value)


# ---------------------------------------------------------------------------
# Comparing (R4)


def is_bomb(reading: RefReading, rules: Rules) -> bool:
    """Whether the reading beats every non-bomb (R4.6)."""
    if reading.kind is Kind.STRAIGHT_FLUSH:
        return rules.straight_flush == "bomb"
    return reading.kind in (Kind.BOMB, Kind.BOMB_WITH_KICKER, Kind.TRIPLE_BOMB, Kind.JOKER_BOMB)


def bomb_class(reading: RefReading) -> int:
    """R4.6: triple bombs < bombs of four or more of a rank < straight flushes < the joker bomb."""
    return {
        Kind.TRIPLE_BOMB: 0,
        Kind.BOMB: 1,
        Kind.BOMB_WITH_KICKER: 1,
        Kind.STRAIGHT_FLUSH: 2,
        Kind.JOKER_BOMB: 3,
    }[reading.kind]


def _rank_value(rank: Rank, revolution: bool) -> int:
    """R1.1 order, with 3…2 flipped under revolution (R4.8); jokers stay on top."""
    if rank.is_joker or not revolution:
        return int(rank)
    return int(Rank.TWO) - int(rank)


def _suit_value(card: Card, rules: Rules) -> int:
    """R1.2: the place of the card's suit in ``suit_order``; jokers have none (R4.3)."""
    if card.suit is None or rules.suit_order is None:
        return 0
    return rules.suit_order.index(Suit(card.suit))


def _strength(reading: RefReading, rules: Rules, revolution: bool) -> tuple[int, ...]:
    """What decides between two readings of one kind and size (R4.3–R4.5)."""
    kind = reading.kind
    if kind is Kind.SINGLE:
        card = reading.cards[0]
        suit = _suit_value(card, rules) if rules.singles_by_suit else 0
        return (_rank_value(card.rank, revolution), suit)
    if kind is Kind.PAIR:
        assert reading.main is not None
        suit = max(_suit_value(card, rules) for card in reading.cards) if rules.pairs_by_suit else 0
        return (_rank_value(reading.main, revolution), suit)
    if kind in RUN_KINDS or kind in AIRPLANE_KINDS:
        # Airplanes compare as their triple runs do; the wings never matter (R4.4).
        top = reading.positions[-1]
        order: tuple[int, ...] = (top,)
        is_straight = kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH)
        if is_straight and rules.straight_ranking == "wheels_high":
            # A low 2 beats all others; among those a low A is highest.
            order = (_LOW_TWO in reading.positions, _LOW_ACE in reading.positions, top)
        if revolution:
            order = tuple(-value for value in order)  # runs flip too (R4.8)
        suit = 0
        if is_straight and rules.straights_by_suit:
            (top_card,) = [card for card in reading.cards if card.rank == _rank_at(top)]
            suit = _suit_value(top_card, rules)  # suits are not flipped (R4.8)
        return (*order, suit)
    assert reading.main is not None
    return (_rank_value(reading.main, revolution),)


def _rank_at(position: int) -> Rank:
    """The rank standing at a run position."""
    if position in (_LOW_ACE, _HIGH_ACE):
        return Rank.ACE
    if position in (_LOW_TWO, _HIGH_TWO):
        return Rank.TWO
    return _PLAIN_RANKS[position]


def _bomb_beats(candidate: RefReading, top: RefReading, rules: Rules, revolution: bool) -> bool:
    """R4.6 between two bombs."""
    if bomb_class(candidate) != bomb_class(top):
        return bomb_class(candidate) > bomb_class(top)
    kind = candidate.kind
    if kind is Kind.JOKER_BOMB:
        return False  # there is only one: equal plays never beat each other
    if kind is Kind.STRAIGHT_FLUSH:
        # Straight flushes beat each other only at equal length, by R4.5.
        return len(candidate.cards) == len(top.cards) and _strength(
            candidate, rules, revolution
        ) > _strength(top, rules, revolution)
    assert candidate.main is not None
    assert top.main is not None
    if kind is Kind.TRIPLE_BOMB:
        return _rank_value(candidate.main, revolution) > _rank_value(top.main, revolution)
    size_c, size_t = candidate.main_count, top.main_count
    rank_c = _rank_value(candidate.main, revolution)
    rank_t = _rank_value(top.main, revolution)
    if rules.bomb_order == "size_then_rank":
        return (size_c, rank_c) > (size_t, rank_t)
    return (rank_c, size_c) > (rank_t, size_t)


def ref_beats(
    candidate: RefReading, top: RefReading, rules: Rules, *, revolution: bool = False
) -> bool:
    """Whether ``candidate`` may be played on ``top`` (R4.1–R4.8; airplanes by R4.4)."""
    if is_bomb(top, rules):
        return is_bomb(candidate, rules) and _bomb_beats(candidate, top, rules, revolution)
    if is_bomb(candidate, rules):
        return True
    if len(candidate.cards) != len(top.cards):
        return False
    kinds = {candidate.kind, top.kind}
    if kinds == {Kind.STRAIGHT, Kind.STRAIGHT_FLUSH}:
        # Only beats_straights lets the two meet: the flush wins whatever the ranks.
        return rules.straight_flush == "beats_straights" and candidate.kind is Kind.STRAIGHT_FLUSH
    if len(kinds) != 1:
        return False
    if candidate.kind in AIRPLANE_KINDS and len(candidate.positions) != len(top.positions):
        return False  # R4.4: the same number of triples (implied by the same size, R4.1)
    return _strength(candidate, rules, revolution) > _strength(top, rules, revolution)
