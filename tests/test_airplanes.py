"""Airplanes with wings (R3.18, R3.19, R4.4, ruling E24) against RULES.md and the reference.

Every expectation here comes from RULES.md: the rulings of E24, R3.18, R3.19 and
R4.4 written out as cases, and, for everything else, the reference reader of
``tests/reference.py`` (``ref_readings``, ``ref_beats``), which reads airplanes
straight from the spec and shares no code with ``zhengshangyou.plays``.

* The ruling tests are parametrized over two readers, ``library``
  (``classify_all``, ``beats``) and ``reference`` (``ref_readings``,
  ``ref_beats``): the spec's cases must hold for both.
* ``classify_all`` equals the reference on every card set of 8, 10, 12, 15, 16
  or 20 cards (the sizes an airplane can have: 4k with singles, 5k with pairs)
  whose ranks lie in a window of a few neighbouring ranks plus the jokers, and
  on random airplane-shaped sets (any run, any wings, broken in the ways R3.19
  forbids), under rule sets with every ``airplane_wings`` value, one and two
  decks, every ``run_order``, ``min_triple_run`` 2 and 3, ``joker_pairs`` on and
  off and revolution (``RULE_SETS``). Pairs of those plays compare as the
  reference says, with and without revolution.
* Brute force on hands: for seeded random hands of 9 to 14 cards, built around
  a run of triples, every distinct sub-multiset is read by the reference; the
  card view of ``legal_plays`` must be exactly the readings that lead or beat
  the top play (a lead, airplanes of each kind, a triple run, a bomb, another
  play), the class view exactly one member of each class (kind, sorted ranks,
  strength equivalence under ``ref_beats``, as ``tests/make_perft.py`` defines
  classes), and ``rank_plays(rules).legal`` the rank plays of those plays (on the
  rule sets of ``RANK_PLAYS_CHECKED``).

The tests named ``..._reference...`` without a library call (the ``[reference]``
cases, the built airplanes, the windows' reach) check the reference alone.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Any, Protocol

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from make_perft import ref_classes, sub_multisets
from reference import (
    AIRPLANE_KINDS,
    RefReading,
    is_bomb,
    ref_beats,
    ref_readings,
)
from test_plays_reference import (
    _LINE,
    JOKERS,
    PLAIN_RANKS,
    _Pool,
    check_pair,
    paired,
    suit_assignments,
)
from zhengshangyou import (
    AmbiguousPlayError,
    Card,
    InvalidCombinationError,
    Kind,
    Play,
    Rank,
    Rules,
    beats,
    classify_all,
    legal_plays,
    parse_cards,
    rank_plays,
)

SINGLES, PAIRS = Kind.AIRPLANE_WITH_SINGLES, Kind.AIRPLANE_WITH_PAIRS
R = Rank

#: The rule sets with wings: every ``airplane_wings`` value, one and two decks,
#: every run order, min_triple_run 2 and 3, joker pairs on and off, revolution.
RULE_SETS: dict[str, Rules] = {
    "singles": Rules(airplane_wings="singles"),
    "pairs+no_two": Rules(airplane_wings="pairs", run_order="no_two", triple_with_single=True),
    "either+two_high+min3+triple_bomb": Rules(
        airplane_wings="singles_or_pairs", run_order="two_high", min_triple_run=3, triple_bomb=True
    ),
    "winner+either+revolution": Rules.preset(
        "winner", airplane_wings="singles_or_pairs", revolution=True
    ),
    "winner-classic+pairs": Rules.preset("winner-classic", airplane_wings="pairs"),
    "two-deck": Rules.preset("two-deck"),
    "two-deck+singles": Rules.preset("two-deck", airplane_wings="singles"),
    "two-deck+either+two_low+min3": Rules.preset(
        "two-deck",
        airplane_wings="singles_or_pairs",
        joker_pairs=False,
        run_order="two_low",
        min_triple_run=3,
        straight_flush="bomb",
        bomb_order="rank_only",
    ),
    "two-deck+either+revolution": Rules.preset(
        "two-deck", airplane_wings="singles_or_pairs", four_of_a_kind="plain", revolution=True
    ),
}

TWO_DECK = Rules.preset("two-deck")  # E24: airplane_wings="pairs", two decks
TWO_DECK_SINGLES = Rules.preset("two-deck", airplane_wings="singles")


def test_the_rule_sets_cover_what_the_task_asks() -> None:
    values = [rules.airplane_wings for rules in RULE_SETS.values()]
    assert set(values) == {"singles", "pairs", "singles_or_pairs"}
    assert TWO_DECK.airplane_wings == "pairs"  # R9: the two-deck preset
    assert {rules.decks for rules in RULE_SETS.values()} == {1, 2}
    assert {rules.run_order for rules in RULE_SETS.values()} == {
        "no_two", "two_low", "two_high", "either_end"
    }
    assert {rules.min_triple_run for rules in RULE_SETS.values()} == {2, 3}
    two_decks = [rules for rules in RULE_SETS.values() if rules.decks == 2]
    assert {rules.joker_pairs for rules in two_decks} == {True, False}
    assert any(rules.revolution for rules in RULE_SETS.values())


# ---------------------------------------------------------------------------
# The two readers of the ruling tests


class Reader(Protocol):
    @property
    def name(self) -> str: ...

    def readings(self, text: str, rules: Rules) -> list[Any]: ...

    def beats(self, a: Any, b: Any, rules: Rules, revolution: bool = False) -> bool: ...

    def is_bomb(self, a: Any, rules: Rules) -> bool: ...


@dataclass(frozen=True)
class LibraryReader:
    name: str = "library"

    def readings(self, text: str, rules: Rules) -> list[Any]:
        return list(classify_all(parse_cards(text), rules))

    def beats(self, a: Any, b: Any, rules: Rules, revolution: bool = False) -> bool:
        return beats(a, b, rules, revolution=revolution)

    def is_bomb(self, a: Any, rules: Rules) -> bool:
        return bool(a.is_bomb)


@dataclass(frozen=True)
class ReferenceReader:
    name: str = "reference"

    def readings(self, text: str, rules: Rules) -> list[Any]:
        return sorted(ref_readings(parse_cards(text), rules), key=RefReading.describe)

    def beats(self, a: Any, b: Any, rules: Rules, revolution: bool = False) -> bool:
        return ref_beats(a, b, rules, revolution=revolution)

    def is_bomb(self, a: Any, rules: Rules) -> bool:
        return is_bomb(a, rules)


READERS: list[Reader] = [LibraryReader(), ReferenceReader()]
both = pytest.mark.parametrize("reader", READERS, ids=[reader.name for reader in READERS])


def kinds(reader: Reader, text: str, rules: Rules) -> list[Kind]:
    return sorted((reading.kind for reading in reader.readings(text, rules)), key=lambda k: k.value)


def one(reader: Reader, text: str, rules: Rules, kind: Kind | None = None) -> Any:
    """The one reading of ``text`` (of ``kind``, when given)."""
    found = [r for r in reader.readings(text, rules) if kind is None or r.kind is kind]
    assert len(found) == 1, (text, found)
    return found[0]


def strictly_above(reader: Reader, a: Any, b: Any, rules: Rules, revolution: bool = False) -> bool:
    """``a`` beats ``b`` and ``b`` does not beat ``a``."""
    return reader.beats(a, b, rules, revolution) and not reader.beats(b, a, rules, revolution)


def tied(reader: Reader, a: Any, b: Any, rules: Rules, revolution: bool = False) -> bool:
    """Neither beats the other."""
    return not reader.beats(a, b, rules, revolution) and not reader.beats(b, a, rules, revolution)


# ---------------------------------------------------------------------------
# E24, exactly as RULES.md states it


@both
def test_E24_333444_5566_is_an_airplane_with_pairs(reader: Reader) -> None:
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 6D 6C", TWO_DECK) == [PAIRS]


@both
def test_E24_333444_5555_is_not_an_airplane(reader: Reader) -> None:
    # Two pairs of one rank are not two pairs of two ranks (R3.19); nothing else
    # reads ten cards of three ranks held 3, 3 and 4 times.
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 5S", TWO_DECK) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5D 5C 5C", TWO_DECK) == []


@both
def test_E24_444555_3377_beats_333444_KKAA(reader: Reader) -> None:
    high = one(reader, "4D 4C 4H 5D 5C 5H 3S 3S 7D 7D", TWO_DECK)
    low = one(reader, "3D 3C 3H 4D 4C 4H KS KS AD AD", TWO_DECK)
    assert high.kind is low.kind is PAIRS
    assert strictly_above(reader, high, low, TWO_DECK)


@both
def test_E24_333444_55_is_not_an_airplane_with_pairs(reader: Reader) -> None:
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C", TWO_DECK) == []


@both
def test_E24_333444_BJ_RJ_is_an_airplane_with_singles(reader: Reader) -> None:
    assert kinds(reader, "3D 3C 3H 4D 4C 4H BJ RJ", TWO_DECK_SINGLES) == [SINGLES]
    assert kinds(reader, "3D 3C 3H 4D 4C 4H BJ RJ", Rules(airplane_wings="singles")) == [SINGLES]


@both
def test_E24_333444555666_has_three_readings(reader: Reader) -> None:
    rules = TWO_DECK_SINGLES
    readings = reader.readings("3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H", rules)
    assert sorted(r.kind.value for r in readings) == [
        "airplane_with_singles", "airplane_with_singles", "triple_run"
    ]
    (run,) = [r for r in readings if r.kind is Kind.TRIPLE_RUN]
    planes = [r for r in readings if r.kind is SINGLES]
    # Which is which, from comparisons only (R4.4: by the triple run, wings never
    # matter): 444555666 with 3-3-3 ties with 444555666+8-9-10 and beats
    # 333444555 with 6-6-6, which ties with 333444555+8-9-10.
    top_6 = one(reader, "4S 4S 4H 5S 5S 5H 6S 6S 6H 8D 9D 10D", rules)
    top_5 = one(reader, "3S 3S 3H 4S 4S 4H 5S 5S 5H 8D 9D 10D", rules)
    (high,) = [p for p in planes if tied(reader, p, top_6, rules)]
    (low,) = [p for p in planes if tied(reader, p, top_5, rules)]
    assert strictly_above(reader, high, low, rules)
    assert strictly_above(reader, top_6, low, rules)
    assert strictly_above(reader, high, top_5, rules)
    # The four-triple run meets neither airplane (R4.1: another kind).
    assert tied(reader, run, high, rules)
    assert tied(reader, run, low, rules)


def test_E24_play_parse_reads_the_examples() -> None:
    """The same rulings through ``Play.parse`` (R3.16: an ambiguous lead is declared)."""
    assert Play.parse("3D 3C 3H 4D 4C 4H 5D 5C 6D 6C", TWO_DECK).kind is PAIRS
    with pytest.raises(InvalidCombinationError):
        Play.parse("3D 3C 3H 4D 4C 4H 5D 5C 5H 5S", TWO_DECK)
    with pytest.raises(InvalidCombinationError):
        Play.parse("3D 3C 3H 4D 4C 4H 5D 5C", TWO_DECK)
    high = Play.parse("4D 4C 4H 5D 5C 5H 3S 3S 7D 7D", TWO_DECK)
    low = Play.parse("3D 3C 3H 4D 4C 4H KS KS AD AD", TWO_DECK)
    assert beats(high, low, TWO_DECK)
    assert not beats(low, high, TWO_DECK)
    assert Play.parse("3D 3C 3H 4D 4C 4H BJ RJ", TWO_DECK_SINGLES).kind is SINGLES
    text = "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H"
    with pytest.raises(AmbiguousPlayError):  # a triple run and airplanes (R3.16)
        Play.parse(text, TWO_DECK_SINGLES)
    assert Play.parse(text, TWO_DECK_SINGLES, kind=Kind.TRIPLE_RUN).kind is Kind.TRIPLE_RUN


# ---------------------------------------------------------------------------
# R3.18: the option and the triple run


_SINGLES_SET = "3D 3C 3H 4D 4C 4H 8S 9S"
_PAIRS_SET = "3D 3C 3H 4D 4C 4H 8S 8H 9S 9H"


@both
@pytest.mark.parametrize(
    ("wings", "singles_kinds", "pairs_kinds"),
    [
        ("none", [], []),
        ("singles", [SINGLES], []),
        ("pairs", [], [PAIRS]),
        ("singles_or_pairs", [SINGLES], [PAIRS]),
    ],
)
def test_R3_18_airplane_wings_chooses_the_kinds(
    reader: Reader, wings: Any, singles_kinds: list[Kind], pairs_kinds: list[Kind]
) -> None:
    rules = Rules(airplane_wings=wings)
    assert kinds(reader, _SINGLES_SET, rules) == singles_kinds
    assert kinds(reader, _PAIRS_SET, rules) == pairs_kinds
    # The triple run itself stays a triple run whatever the wings (R3.9).
    assert kinds(reader, "3D 3C 3H 4D 4C 4H", rules) == [Kind.TRIPLE_RUN]


@both
@pytest.mark.parametrize(
    ("run_order", "kka222", "aaa222333", "qqqkkkaaa", "aaa222"),
    [
        # K-A-2, A-2-3, Q-K-A as triple runs (R3.15); AAA222 standing low and/or high.
        ("no_two", 0, 0, 1, 0),
        ("two_low", 0, 1, 1, 1),
        ("two_high", 1, 0, 1, 1),
        ("either_end", 1, 1, 1, 2),
    ],
)
def test_R3_18_the_triple_run_follows_run_order(
    reader: Reader, run_order: Any, kka222: int, aaa222333: int, qqqkkkaaa: int, aaa222: int
) -> None:
    rules = Rules(airplane_wings="singles", run_order=run_order)
    wings = "5S 6S 7S"
    assert kinds(reader, f"KD KC KH AD AC AH 2D 2C 2H {wings}", rules) == [SINGLES] * kka222
    assert kinds(reader, f"AD AC AH 2D 2C 2H 3D 3C 3H {wings}", rules) == [SINGLES] * aaa222333
    assert kinds(reader, f"QD QC QH KD KC KH AD AC AH {wings}", rules) == [SINGLES] * qqqkkkaaa
    assert kinds(reader, "AD AC AH 2D 2C 2H 5S 6S", rules) == [SINGLES] * aaa222
    # Never a run of ranks that are not consecutive.
    assert kinds(reader, "3D 3C 3H 5D 5C 5H 7S 8S", rules) == []


@both
def test_R3_18_the_triple_run_has_min_triple_run_triples(reader: Reader) -> None:
    rules = Rules(airplane_wings="singles_or_pairs", min_triple_run=3)
    assert kinds(reader, _SINGLES_SET, rules) == []
    assert kinds(reader, _PAIRS_SET, rules) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 8S 9S 10S", rules) == [SINGLES]
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 8S 8H 9S 9H 10S 10H", rules) == [PAIRS]


# ---------------------------------------------------------------------------
# R3.19: the wings


@both
def test_R3_19_no_wing_has_a_rank_of_the_run(reader: Reader) -> None:
    singles = Rules(airplane_wings="singles")
    assert kinds(reader, "3D 3C 3H 3S 4D 4C 4H 8S", singles) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 4S 8S", singles) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 5S 8S 9S", singles) == []
    # Two decks: a fourth or fifth card of a run rank is no wing, single or pair.
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 4S 4S 5D 5C", TWO_DECK) == []
    assert kinds(reader, "3D 3D 3C 3C 3H 4D 4C 4H 8S 9S", TWO_DECK_SINGLES) == []


@both
def test_R3_19_singles_may_share_a_rank_even_all_of_them(reader: Reader) -> None:
    # The library ruling of R3.19: 333444555666+8888 is an airplane with singles.
    assert kinds(
        reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H 8D 8C 8H 8S", Rules(airplane_wings="singles")
    ) == [SINGLES]
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 7D 7C", Rules(airplane_wings="singles")) == [SINGLES]
    # Three wings of one rank: 999 attached to 333444555 (not a run with it).
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 9D 9C 9H", TWO_DECK_SINGLES) == [SINGLES]


@both
def test_R3_19_singles_may_be_jokers(reader: Reader) -> None:
    assert kinds(reader, "3D 3C 3H 4D 4C 4H BJ BJ", TWO_DECK_SINGLES) == [SINGLES]
    assert kinds(
        reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H BJ BJ RJ RJ", TWO_DECK_SINGLES
    ) == [SINGLES]
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 9S RJ", Rules(airplane_wings="singles")) == [SINGLES]


@both
def test_R3_19_pairs_are_pairs_of_different_ranks(reader: Reader) -> None:
    jokers = "3D 3C 3H 4D 4C 4H BJ BJ RJ RJ"
    assert kinds(reader, jokers, TWO_DECK) == [PAIRS]  # joker pairs count with joker_pairs
    without = Rules.preset("two-deck", joker_pairs=False)
    assert kinds(reader, jokers, without) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H BJ BJ 9S 9S", without) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H BJ BJ 9S 9S", TWO_DECK) == [PAIRS]
    # BJ+RJ is never a pair.
    assert kinds(reader, "3D 3C 3H 4D 4C 4H BJ RJ 9S 9S", TWO_DECK) == []
    # k pairs of k different ranks, none of them three or four of a rank.
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6S 6S 7S 7S 8S 8S", TWO_DECK) == [PAIRS]
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6S 6S 7S 7S 7H 7H", TWO_DECK) == []
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6S 6S 6H 7S 7S", TWO_DECK) == []
    # With one deck, pairs of plain ranks only (no joker pairs, R3.13).
    one_deck = Rules(airplane_wings="pairs")
    assert kinds(reader, "3D 3C 3H 4D 4C 4H 5D 5C 2S 2H", one_deck) == [PAIRS]


@both
def test_R3_19_singles_and_pairs_are_different_kinds_at_twenty_cards(reader: Reader) -> None:
    rules = Rules(airplane_wings="singles_or_pairs")
    five = one(
        reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6D 6C 6H 7D 7C 7H 9S 10S JS QS KS", rules
    )
    four = one(
        reader, "8D 8C 8H 9D 9C 9H 10D 10C 10H JD JC JH 3S 3H 4S 4H 5S 5H 6S 6H", rules
    )
    assert (five.kind, four.kind) == (SINGLES, PAIRS)
    assert tied(reader, five, four, rules)


@both
def test_R3_19_airplanes_are_never_bombs(reader: Reader) -> None:
    rules = Rules(airplane_wings="singles_or_pairs")  # four of a kind is a bomb here
    plane = one(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 8S 9S 10S", rules)
    pairs = one(reader, "3D 3C 3H 4D 4C 4H 5D 5C 6D 6C", rules)
    bomb = one(reader, "7D 7C 7H 7S", rules)
    jokers = one(reader, "BJ RJ", rules)
    for airplane in (plane, pairs):
        assert not reader.is_bomb(airplane, rules)
        assert strictly_above(reader, bomb, airplane, rules)
        assert strictly_above(reader, jokers, airplane, rules)
    # Nor do they meet a triple run of their size (R4.1: another kind).
    # (777888999+10-10-10 is also read as two airplanes, R3.19; take the triple run.)
    run = one(reader, "7D 7C 7H 8D 8C 8H 9D 9C 9H 10D 10C 10H", rules, Kind.TRIPLE_RUN)
    assert tied(reader, run, plane, rules)


# ---------------------------------------------------------------------------
# R4.4: comparing airplanes


@both
def test_R4_4_airplanes_compare_by_their_triple_runs_never_by_wings(reader: Reader) -> None:
    rules = TWO_DECK_SINGLES
    shared = one(reader, "4D 4C 4H 5D 5C 5H 3S 3S", rules)  # two wings of one rank
    low = one(reader, "3D 3C 3H 4S 4S 4H 2S RJ", rules)
    assert strictly_above(reader, shared, low, rules)
    plain = one(reader, "4D 4C 4H 5D 5C 5H 6S 7S", rules)
    strong = one(reader, "4S 4S 4C 5S 5S 5C 2S RJ", rules)
    assert tied(reader, plain, strong, rules)
    # Pairs: the wings' ranks never matter either.
    a = one(reader, "9D 9C 9H 10D 10C 10H 3S 3S 4S 4S", TWO_DECK)
    b = one(reader, "9S 9S 9C 10S 10S 10C 2S 2S RJ RJ", TWO_DECK)
    assert tied(reader, a, b, TWO_DECK)


@both
def test_R4_4_only_the_same_number_of_triples_meets(reader: Reader) -> None:
    rules = Rules(airplane_wings="singles_or_pairs")
    three = one(reader, "3D 3C 3H 4D 4C 4H 5D 5C 5H 6S 7S 8S", rules)
    two = one(reader, "JD JC JH QD QC QH 3S 4S", rules)
    assert tied(reader, three, two, rules)
    two_pairs = one(reader, "JD JC JH QD QC QH 3S 3H 4S 4H", rules)
    assert tied(reader, two, two_pairs, rules)  # another kind (R3.19)


@both
def test_R4_4_ace_and_two_stand_where_the_run_order_puts_them(reader: Reader) -> None:
    rules = TWO_DECK  # either_end: AAA222 stands low or high (A-2 after K)
    planes = reader.readings("AD AC AH 2D 2C 2H 5S 5S 6S 6S", rules)
    assert [p.kind for p in planes] == [PAIRS, PAIRS]
    above_3 = one(reader, "3D 3C 3H 4D 4C 4H 7S 7S 8S 8S", rules)
    below_k = one(reader, "KD KC KH AS AS AH 7S 7S 8S 8S", rules)
    (low,) = [p for p in planes if strictly_above(reader, above_3, p, rules)]
    (high,) = [p for p in planes if strictly_above(reader, p, below_k, rules)]
    assert strictly_above(reader, high, low, rules)
    # wheels_high ranks straights only (R4.5): A-A-A-2-2-2 low is the lowest triple run.
    default = Rules(airplane_wings="singles")  # two_low, wheels_high
    wheel = one(reader, "AD AC AH 2D 2C 2H 5S 6S", default)
    assert strictly_above(reader, one(reader, "3D 3C 3H 4D 4C 4H 7S 8S", default), wheel, default)


@both
def test_R4_4_revolution_flips_airplanes_as_runs(reader: Reader) -> None:
    rules = RULE_SETS["winner+either+revolution"]
    for low_text, high_text in [
        ("3D 3C 3H 4D 4C 4H 9S 10S", "4S 5D 5C 5H 4C 4H 9H 10H"),
        ("3D 3C 3H 4D 4C 4H 9S 9H 10S 10H", "4S 5D 5C 5H 4C 4H 9C 9D 10C 10D"),
    ]:
        low, high = one(reader, low_text, rules), one(reader, high_text, rules)
        assert low.kind is high.kind
        assert strictly_above(reader, high, low, rules, revolution=False)
        assert strictly_above(reader, low, high, rules, revolution=True)


# ---------------------------------------------------------------------------
# The reference's airplanes against the definition (reference only)


@dataclass(frozen=True)
class Built:
    """An airplane built as R3.18/R3.19 describe it: its run ranks and its wings."""

    kind: Kind
    run: tuple[Rank, ...]
    cards: tuple[Card, ...]


def _run_windows(k: int) -> list[tuple[Rank, ...]]:
    """Windows of k ranks on the widest line (some are no run under a run order)."""
    return [tuple(_LINE[i : i + k]) for i in range(len(_LINE) - k + 1)]


def _reads_as(built: Built, rules: Rules) -> bool:
    """Whether the reference has an airplane reading of ``built`` whose run has its ranks."""
    for reading in ref_readings(built.cards, rules):
        if reading.kind is built.kind:
            run = {card.rank for card in reading.cards} - {card.rank for card in reading.wings}
            if run == set(built.run):
                return True
    return False


def _is_run(ranks: Sequence[Rank], rules: Rules) -> bool:
    """Whether ``ranks`` read as a triple run under ``rules`` (by the reference's R3.9)."""
    cards = [card for rank in ranks for card in _three(rank)]
    return any(r.kind is Kind.TRIPLE_RUN for r in ref_readings(cards, rules))


def _three(rank: Rank) -> list[Card]:
    return [Card.parse(f"{rank.symbol}{suit}") for suit in "DCH"]


def test_R3_19_reference_reads_every_built_airplane_and_no_broken_one() -> None:
    """Reference only: every airplane built from R3.18/R3.19 is read, with its run; every
    one broken in a way R3.19 forbids is not (as an airplane of that run)."""
    rng = random.Random("built airplanes")
    for name, rules in RULE_SETS.items():
        wing_kinds = [
            kind
            for kind, on in (
                (SINGLES, rules.airplane_wings in ("singles", "singles_or_pairs")),
                (PAIRS, rules.airplane_wings in ("pairs", "singles_or_pairs")),
            )
            if on
        ]
        for _ in range(150):
            kind = rng.choice(wing_kinds)
            k = rng.choice([2, 2, 3, 3, 4, 5])
            run = rng.choice(_run_windows(k))
            others = [r for r in (*PLAIN_RANKS, *JOKERS) if r not in run]
            left = Counter(rules.deck())
            cards = [c for rank in run for c in _three(rank)]
            left.subtract(cards)

            def take(rank: Rank, n: int, left: Counter[Card] = left) -> list[Card] | None:
                held = sorted(c for c, count in left.items() if c.rank == rank for _ in range(count))
                if len(held) < n:
                    return None
                chosen = rng.sample(held, n)
                left.subtract(chosen)
                return chosen

            wings: list[Card] = []
            if kind is SINGLES:
                for _ in range(k):
                    got = take(rng.choice(others), 1)
                    wings += got or []
            else:
                choices = [r for r in others if not r.is_joker or rules.joker_pairs]
                for rank in rng.sample(choices, min(k, len(choices))):
                    wings += take(rank, 2) or []
            size = 4 * k if kind is SINGLES else 5 * k
            built = Built(kind, run, tuple(cards + wings))
            if len(built.cards) != size or k < rules.min_triple_run:
                assert not _reads_as(built, rules), (name, built)
                continue
            assert _reads_as(built, rules) == _is_run(run, rules), (name, built)
            if not _is_run(run, rules):
                continue
            # Broken: a wing replaced by a card of a run rank.
            spare = [c for c in left.elements() if c.rank in run]
            if spare:
                broken = [*cards, *wings[1:], rng.choice(sorted(spare))]
                assert not _reads_as(Built(kind, run, tuple(broken)), rules), (name, broken)
            if kind is PAIRS:
                # Broken: a pair turned into another copy of a pair of the same rank,
                # or into BJ+RJ.
                doubled = [*cards, *wings[2:], *wings[2:4]]
                if max(Counter(doubled).values()) <= rules.decks:
                    assert not _reads_as(Built(kind, run, tuple(doubled)), rules), (name, doubled)
                if rules.jokers:
                    rest = [w for w in wings if not w.is_joker][: 2 * (k - 1)]
                    if len(rest) == 2 * (k - 1):
                        mixed = [*cards, *rest, Card.parse("BJ"), Card.parse("RJ")]
                        assert not _reads_as(Built(kind, run, tuple(mixed)), rules), (name, mixed)


# ---------------------------------------------------------------------------
# classify_all and beats on every card set of a window of ranks


def _multisets(alphabet: Sequence[Rank], caps: Sequence[int], size: int) -> Iterator[list[Rank]]:
    """Every multiset of ``size`` ranks of ``alphabet``, each at most its cap, sorted."""

    def extend(index: int, left: int, chosen: list[Rank]) -> Iterator[list[Rank]]:
        if index == len(alphabet):
            if left == 0:
                yield sorted(chosen)
            return
        for count in range(min(caps[index], left) + 1):
            yield from extend(index + 1, left - count, chosen + [alphabet[index]] * count)

    yield from extend(0, size, [])


#: The windows: neighbouring plain ranks (in the middle, and with A and 2 at both ends),
#: the sizes an airplane can have, the most copies of a plain rank (None: as many as
#: the decks hold) and whether the jokers are in. The last window has the six ranks
#: that three triples with three pairs need.
Window = tuple[tuple[Rank, ...], tuple[int, ...], int | None, bool]
ONE_DECK_WINDOWS: list[Window] = [
    ((R.THREE, R.FOUR, R.FIVE, R.SIX, R.SEVEN), (8, 10, 12, 15, 16, 20), None, True),
    ((R.KING, R.ACE, R.TWO, R.THREE, R.FOUR), (8, 10, 12, 15, 16, 20), None, True),
    ((R.TEN, R.JACK, R.QUEEN, R.KING, R.ACE, R.TWO), (15,), None, False),
]
TWO_DECK_WINDOWS: list[Window] = [
    ((R.KING, R.ACE, R.TWO, R.THREE), (8, 10, 12, 15, 16), None, True),
    ((R.FIVE, R.SIX, R.SEVEN, R.EIGHT), (8, 10, 12, 16), None, True),
    ((R.ACE, R.TWO, R.THREE, R.FOUR, R.FIVE, R.SIX), (15,), 4, False),
]


def window_sets(rules: Rules) -> Iterator[tuple[Card, ...]]:
    """Every card set of the windows' ranks and sizes (mixed suits: no flush can have
    8 or more cards of so few ranks, and no comparison of these kinds looks at suits)."""
    for plain, sizes, most, with_jokers in ONE_DECK_WINDOWS if rules.decks == 1 else TWO_DECK_WINDOWS:
        alphabet = list(plain) + (list(JOKERS) if rules.jokers and with_jokers else [])
        cap = 4 * rules.decks if most is None else most
        caps = [rules.decks if rank.is_joker else cap for rank in alphabet]
        for size in sizes:
            for ranks in _multisets(alphabet, caps, size):
                yield from suit_assignments(tuple(ranks), rules)


@cache
def window_reference(name: str) -> tuple[tuple[tuple[Card, ...], frozenset[RefReading]], ...]:
    """Reference only: every window set with its readings."""
    rules = RULE_SETS[name]
    return tuple((cards, ref_readings(cards, rules)) for cards in window_sets(rules))


def window_readings(name: str) -> list[RefReading]:
    return [reading for _, readings in window_reference(name) for reading in readings]


@pytest.mark.parametrize("name", list(RULE_SETS))
@pytest.mark.slow
def test_R3_18_reference_window_sets_reach_every_wing_kind(name: str) -> None:
    """Reference only: the windows hold airplanes of each kind the rules allow, with
    two readings somewhere (R3.16) and wings that share a rank (R3.19)."""
    rules = RULE_SETS[name]
    found = Counter(r.kind for r in window_readings(name) if r.kind in AIRPLANE_KINDS)
    wanted = {
        "singles": {SINGLES}, "pairs": {PAIRS}, "singles_or_pairs": {SINGLES, PAIRS}
    }[rules.airplane_wings]
    assert set(found) == wanted
    by_cards = Counter(r.cards for r in window_readings(name) if r.kind in AIRPLANE_KINDS)
    if SINGLES in wanted or rules.run_order == "either_end":  # 333444555666; AAA222 low, high
        assert max(by_cards.values()) >= 2
    if SINGLES in wanted:
        assert any(
            len({c.rank for c in r.wings}) == 1
            for r in window_readings(name)
            if r.kind is SINGLES
        )


def window_pairs(name: str) -> list[tuple[Play, RefReading]]:
    """Every reading of the window sets, the library's paired with the reference's."""
    rules = RULE_SETS[name]
    found: list[tuple[Play, RefReading]] = []
    for cards, readings in window_reference(name):
        if readings:
            found += paired(cards, rules)
        else:
            assert classify_all(cards, rules) == [], " ".join(map(str, cards))
    return found


@pytest.mark.parametrize("name", list(RULE_SETS))
@pytest.mark.slow
def test_R3_18_R3_19_R4_4_window_sets_read_and_compare_as_the_reference(name: str) -> None:
    rules = RULE_SETS[name]
    items = window_pairs(name)  # paired() checks classify_all against ref_readings
    assert any(ref.kind in AIRPLANE_KINDS for _, ref in items)
    by_size: dict[int, list[tuple[Play, RefReading]]] = defaultdict(list)
    planes: dict[tuple[Kind, int], list[tuple[Play, RefReading]]] = defaultdict(list)
    bombs = [item for item in items if is_bomb(item[1], rules)]
    for item in items:
        by_size[len(item[0].cards)].append(item)
        if item[1].kind in AIRPLANE_KINDS:
            planes[item[1].kind, len(item[0].cards)].append(item)
    rng = random.Random(f"window pairs {name}")
    for group in planes.values():
        for _ in range(300):
            check_pair(rng.choice(group), rng.choice(group), rules)
    all_planes = [item for group in planes.values() for item in group]
    for _ in range(300):
        plane = rng.choice(all_planes)
        check_pair(plane, rng.choice(by_size[len(plane[0].cards)]), rules)
        if bombs:
            check_pair(plane, rng.choice(bombs), rules)


# ---------------------------------------------------------------------------
# Random airplane shapes (hypothesis)


@st.composite
def airplane_sets(draw: st.DrawFn, rules: Rules) -> tuple[Card, ...]:
    """A triple run of 2 to 5 triples on the widest line with wings of some shape, maybe
    broken the ways R3.19 forbids (a wing of a run rank, a fourth card of a rank, pairs
    of one rank, BJ+RJ as a pair, a card too many or too few)."""
    pool = _Pool(rules)
    k = draw(st.integers(2, 5), label="k")
    start = draw(st.integers(0, len(_LINE) - k), label="start")
    run = _LINE[start : start + k]
    others = [rank for rank in (*PLAIN_RANKS, *JOKERS) if rank not in run]
    cards = [pool.take(draw, rank) for rank in run for _ in range(3)]
    wings = draw(st.sampled_from(["singles", "one rank", "pairs", "jokers"]), label="wings")
    if wings == "singles":
        cards += [pool.take(draw, draw(st.sampled_from(others))) for _ in range(k)]
    elif wings == "one rank":
        rank = draw(st.sampled_from(others))
        cards += [pool.take(draw, rank) for _ in range(k)]
    elif wings == "pairs":
        ranks = draw(st.lists(st.sampled_from(others), min_size=k, max_size=k, unique=True))
        cards += [pool.take(draw, rank) for rank in ranks for _ in range(2)]
    else:
        cards += [pool.take(draw, rank) for rank in JOKERS for _ in range(rules.decks)]
        extra = draw(st.integers(0, 2 * k))
        cards += [pool.take(draw, draw(st.sampled_from(others))) for _ in range(extra)]
    mutation = draw(
        st.sampled_from(["none", "none", "none", "run rank", "add", "remove", "double"]),
        label="mutation",
    )
    found = [card for card in cards if card is not None]
    if mutation == "run rank":
        found.append(pool.take(draw, draw(st.sampled_from(run))) or found[0])
        if draw(st.booleans()):
            found.pop(-2)
    elif mutation == "add":
        extra_card = pool.take_any(draw)
        found += [extra_card] if extra_card is not None else []
    elif mutation == "remove":
        found.pop(draw(st.integers(0, len(found) - 1)))
    elif mutation == "double" and len(found) > 3 * k + 1:
        # Two pairs of one rank: the last wing pair becomes a copy of the one before.
        rank = found[-3].rank
        found = found[:-2] + [c for c in (pool.take(draw, rank), pool.take(draw, rank)) if c]
    return tuple(found)


RULE_NAMES = list(RULE_SETS)


@settings(max_examples=3 * settings().max_examples)
@given(st.data())
def test_R3_18_R3_19_R4_4_random_airplane_shapes_read_and_compare_as_the_reference(
    data: st.DataObject,
) -> None:
    rules = RULE_SETS[data.draw(st.sampled_from(RULE_NAMES), label="rules")]
    first = paired(data.draw(airplane_sets(rules), label="first"), rules)
    second = paired(data.draw(airplane_sets(rules), label="second"), rules)
    for one_item in first:
        for other in second:
            check_pair(one_item, other, rules)


# ---------------------------------------------------------------------------
# Brute force on hands: legal_plays and rank_plays against the reference


def _take(left: Counter[Card], rng: random.Random, rank: Rank, n: int) -> list[Card]:
    """Up to ``n`` random cards of ``rank`` from ``left`` (removed from it)."""
    held = sorted(card for card, count in left.items() if card.rank == rank for _ in range(count))
    chosen = rng.sample(held, min(n, len(held)))
    left.subtract(chosen)
    return chosen


def random_hand(rng: random.Random, rules: Rules, left: Counter[Card]) -> list[Card]:
    """A hand of 9 to 14 cards around a run of 2 or 3 triples (maybe broken), with pairs,
    jokers and loose cards; the cards are taken from ``left``."""
    k = rng.choice([2, 2, 3])
    start = rng.randrange(len(_LINE) - k + 1)
    hand: list[Card] = []
    for rank in _LINE[start : start + k]:
        hand += _take(left, rng, rank, rng.choice([3, 3, 3, 3, 4, 2]))
    size = rng.randint(9, 14 if rules.decks == 2 else 13)
    while len(hand) < size:
        what = rng.random()
        if what < 0.4:
            hand += _take(left, rng, rng.choice(PLAIN_RANKS), 2)
        elif what < 0.5 and rules.jokers:
            hand += _take(left, rng, rng.choice(JOKERS), 1)
        else:
            hand += _take(left, rng, rng.choice(PLAIN_RANKS), 1)
    return sorted(hand[:size])


def _top_candidates(rng: random.Random, rules: Rules, left: Counter[Card]) -> list[list[Card]]:
    """Card sets that may be tops: airplanes of each shape, a triple run, bombs, others."""
    candidates: list[list[Card]] = []
    for k in (2, 2, 3):
        start = rng.randrange(len(_LINE) - k + 1)
        run = _LINE[start : start + k]
        others = [r for r in PLAIN_RANKS if r not in run]
        pool = left.copy()
        triples = [c for rank in run for c in _take(pool, rng, rank, 3)]
        candidates.append(triples)
        wings = pool.copy()
        singles = [c for rank in rng.choices(others, k=k) for c in _take(wings, rng, rank, 1)]
        candidates.append(triples + singles)
        wings = pool.copy()
        pairs = [c for rank in rng.sample(others, k) for c in _take(wings, rng, rank, 2)]
        candidates.append(triples + pairs)
    rank = rng.choice(PLAIN_RANKS)
    pool = left.copy()
    four = _take(pool, rng, rank, 4)
    candidates += [four, four[:3], four + _take(pool, rng, rng.choice(PLAIN_RANKS), 1)]
    candidates.append([c for joker in JOKERS for c in _take(left.copy(), rng, joker, rules.decks)])
    candidates.append(_take(left.copy(), rng, rng.choice(PLAIN_RANKS), rng.choice([1, 2])))
    return candidates


def _tops(rng: random.Random, rules: Rules, left: Counter[Card]) -> list[RefReading]:
    """The tops of a hand: one reading of each candidate that reads, airplanes of each
    kind, a triple run and a bomb among them when the candidates hold them."""
    readings: list[RefReading] = []
    for cards in _top_candidates(rng, rules, left):
        found = sorted(ref_readings(cards, rules), key=RefReading.describe)
        if found:
            readings.append(rng.choice(found))
    return list(dict.fromkeys(readings))




def _library_top(reading: RefReading, rules: Rules) -> Play:
    """The library's play for a reference reading (paired by kind and strength)."""
    (play,) = [play for play, ref in paired(reading.cards, rules) if ref == reading]
    return play


def check_position(
    hand: Sequence[Card],
    rules: Rules,
    readings: dict[Play, RefReading],
    top: RefReading | None,
    revolution: bool,
    check_rank_plays: bool = True,
) -> None:
    """The card view, the class view and the rank plays of one position against the
    reference (``readings``: every reading of every sub-multiset of the hand)."""
    where = f"hand {' '.join(map(str, hand))}, top {top and top.describe()}, rev {revolution}"
    legal = {
        play: ref
        for play, ref in readings.items()
        if top is None or ref_beats(ref, top, rules, revolution=revolution)
    }
    to_beat = None if top is None else _library_top(top, rules)
    cards_view = list(legal_plays(hand, rules, to_beat, view="cards", revolution=revolution))
    assert len(cards_view) == len(set(cards_view)), where
    missing = sorted(legal[p].describe() for p in set(legal) - set(cards_view))
    extra = sorted(map(repr, set(cards_view) - set(legal)))
    assert (missing, extra) == ([], []), f"{where}: missing {missing[:8]}, extra {extra[:8]}"
    # The class view: one member of each class.
    classes = ref_classes(list(legal.values()), rules)
    class_of = {id(ref): index for index, members in enumerate(classes) for ref in members}
    class_view = list(legal_plays(hand, rules, to_beat, view="classes", revolution=revolution))
    assert all(play in legal for play in class_view), where
    hits = Counter(class_of[id(legal[play])] for play in class_view)
    assert hits == Counter(range(len(classes))), (
        f"{where}: classes hit {sorted(hits.items())} of {len(classes)}"
    )
    if not check_rank_plays:
        return
    # The rank plays: those of the legal plays, each once, in id order.
    space = rank_plays(rules)
    got = space.legal(hand, to_beat, revolution=revolution)
    assert [p.id for p in got] == sorted({space.of(play).id for play in legal}), where
    if not rules.suits_matter:  # then a rank play is exactly one class
        assert Counter((p.kind, p.ranks) for p in got) == Counter(
            (m[0].kind, tuple(sorted(c.rank for c in m[0].cards))) for m in classes
        ), where


HANDS_PER_RULE_SET = 5

#: The rule sets whose rank plays are checked. A rule set's rank-play space lists every
#: play the full deck holds, and with singles as wings that is some 66,000 to 130,000
#: airplanes (any k cards outside the run), and building one may cost seconds, so only
#: two rule sets with singles are here. These cover singles, pairs and both, one and
#: two decks, and both ways rank plays are made (from rank counts; from the class view
#: when suits matter or straight flushes exist).
RANK_PLAYS_CHECKED = frozenset(
    {"singles", "pairs+no_two", "winner-classic+pairs", "two-deck", "either+two_high+min3+triple_bomb"}
)


@pytest.mark.parametrize("name", list(RULE_SETS))
@pytest.mark.slow
def test_R3_18_R4_4_legal_plays_and_rank_plays_match_the_reference_brute_force(
    name: str,
) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"hands {name}")
    airplane_tops = 0
    for _ in range(HANDS_PER_RULE_SET):
        left = Counter(rules.deck())
        hand = random_hand(rng, rules, left)
        readings: dict[Play, RefReading] = {}
        for cards in sub_multisets(hand):
            if ref_readings(cards, rules):
                readings.update(paired(cards, rules))
        tops: list[RefReading | None] = [None, *_tops(rng, rules, left)]
        airplane_tops += sum(top is not None and top.kind in AIRPLANE_KINDS for top in tops)
        for top in tops:
            revolution = rules.revolution and rng.random() < 0.5
            check_position(hand, rules, readings, top, revolution, name in RANK_PLAYS_CHECKED)
    assert airplane_tops  # the tops held airplanes


@cache
def _count_multisets(caps: tuple[int, ...], size: int) -> int:
    """How many multisets of ``size`` items there are, item i at most ``caps[i]`` times."""
    if not caps:
        return int(size == 0)
    return sum(_count_multisets(caps[1:], size - n) for n in range(min(caps[0], size) + 1))


def _airplane_count(rules: Rules, kind: Kind) -> int:
    """How many airplanes of ``kind`` the rules' deck holds, told apart by kind, ranks and
    strength: a triple run (each placement the reference gives k triples, R3.15) times
    the wings outside its ranks: multisets of k ranks for singles (each plain rank up to
    ``4 * decks`` times, each joker up to ``decks``), sets of k ranks for pairs (jokers
    only with ``joker_pairs``) (R3.19)."""
    total = 0
    for k in range(rules.min_triple_run, len(PLAIN_RANKS) + 1):
        # Every run's ranks are a window of the widest line (A 2 3 ... K A 2).
        windows = {frozenset(_LINE[i : i + k]) for i in range(len(_LINE) - k + 1)}
        for run in sorted(sorted(window) for window in windows if len(window) == k):
            triples = [card for rank in run for card in _three(rank)]
            placements = sum(r.kind is Kind.TRIPLE_RUN for r in ref_readings(triples, rules))
            if not placements:
                continue
            plain = len(PLAIN_RANKS) - k
            if kind is SINGLES:
                caps = [4 * rules.decks] * plain + [rules.decks] * (2 if rules.jokers else 0)
                wings = _count_multisets(tuple(caps), k)
            else:
                wings = comb(plain + (2 if rules.joker_pairs else 0), k)
            total += placements * wings
    return total


@pytest.mark.parametrize("name", sorted(RANK_PLAYS_CHECKED))
def test_R3_18_R3_19_the_rank_play_space_holds_every_airplane_once(name: str) -> None:
    rules = RULE_SETS[name]
    space = Counter(play.kind for play in rank_plays(rules))
    for kind in (SINGLES, PAIRS):
        enabled = rules.airplane_wings in (
            ("singles", "singles_or_pairs") if kind is SINGLES else ("pairs", "singles_or_pairs")
        )
        assert space[kind] == (_airplane_count(rules, kind) if enabled else 0), kind
