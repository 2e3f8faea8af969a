"""Counting the card view without listing it (``zhengshangyou.counting``, issue 19).

``count_card_view`` must give exactly the number of plays the card view lists
(``legal_plays(..., view="cards")``), kind by kind, for leads and answers, under a
revolution and with a card to include; it may say None only for a slot of the
catalogue it does not know, which no rule set of today's catalogue has, so every
test here asserts that it is not None (a silent fall-back cannot pass).

The properties compare with the listing on hands small enough to list (up to 14
cards, one and two decks); the examples are counted by hand, each with its reason,
on hands too big to list where that is the point.

No test here measures time.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from test_moves_properties import any_hand, kind_first, plays_of, readings
from test_moves_properties import positions as generator_positions
from zhengshangyou import Card, Hand, Kind, Play, Rules, make_deck
from zhengshangyou.combinations import ALL_KINDS, KIND_BITS, catalogue
from zhengshangyou.counting import count_card_view
from zhengshangyou.moves import legal_plays
from zhengshangyou.rules import StraightFlush
from zhengshangyou.testing import rules_sets

# ---------------------------------------------------------------------------
# Positions: random rules, a hand, a play to beat (from the rest of the deck, from
# other cards, or from the hand's own cards), a revolution, a card to include.


@st.composite
def rest_of_deck_top(draw: st.DrawFn, rules: Rules, hand: Hand) -> Play | None:
    """A reading of some cards the hand does not hold (the other hands' cards), often
    of the hand's own ranks, so that equal and slightly stronger plays are common."""
    rest = list((Counter(make_deck(rules.decks, jokers=rules.jokers)) - Counter(hand.cards)).elements())
    near = [card for card in rest if any(card.rank == held.rank for held in hand.cards)]
    pool: list[Card] = near if draw(st.booleans()) and near else rest
    if not pool:
        return None
    # Places in the pool, each once: a sub-multiset of the cards the hand does not hold.
    places = draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=8, unique=True))
    cards = [pool[place] for place in places]
    found = readings(cards, rules)
    return draw(kind_first(found)) if found else None


@st.composite
def positions(
    draw: st.DrawFn, decks: Literal[1, 2], max_size: int = 12
) -> tuple[Rules, Hand, Play | None, bool, Card | None]:
    # The generator's own positions (a lead, a play of other cards, one of the hand's
    # own), or a top from the rest of the deck; and sometimes a card to include.
    position = draw(generator_positions(rules_sets(decks=decks), 0, max_size))
    rules, hand, top = position.rules, position.hand, position.top
    if draw(st.integers(0, 3)) == 0:
        top = draw(rest_of_deck_top(rules, hand))
    must: Card | None = None
    if draw(st.integers(0, 3)) == 0:
        deck = make_deck(rules.decks, jokers=rules.jokers)
        held = bool(hand.cards) and draw(st.booleans())  # else perhaps a card not held
        must = draw(st.sampled_from(hand.cards if held else deck))
    return rules, hand, top, position.revolution, must


def assert_counts(
    rules: Rules, hand: Hand, top: Play | None = None, revolution: bool = False, must: Card | None = None
) -> Counter[Kind]:
    """The count of the whole card view and of each kind alone equal the listing's
    (none of them None); the listing's plays by kind."""
    listed = list(legal_plays(hand, rules, top, view="cards", revolution=revolution, must_include=must))
    by_kind = Counter(play.kind for play in listed)
    total = count_card_view(hand, rules, top, revolution=revolution, must_include=must)
    assert total is not None
    assert total == len(listed)
    for kind, bit in KIND_BITS.items():
        alone = count_card_view(hand, rules, top, revolution=revolution, kinds=bit, must_include=must)
        assert alone == by_kind[kind], kind
    return by_kind


# ---------------------------------------------------------------------------
# Properties: the count is the listing's, kind by kind


@given(positions(decks=1, max_size=14))
def test_R3_R4_count_is_the_card_views_with_one_deck(
    position: tuple[Rules, Hand, Play | None, bool, Card | None],
) -> None:
    assert_counts(*position)


@given(positions(decks=2, max_size=14))
def test_R3_R4_count_is_the_card_views_with_two_decks(
    position: tuple[Rules, Hand, Play | None, bool, Card | None],
) -> None:
    assert_counts(*position)


@given(st.data())
def test_R4_8_count_under_a_revolution_is_the_card_views(data: st.DataObject) -> None:
    rules = Rules(four_of_a_kind="plain", revolution=True, straight_flush="bomb", airplane_wings="singles")
    hand = data.draw(any_hand(rules, 0, 12))
    top = data.draw(st.one_of(rest_of_deck_top(rules, hand), plays_of(rules)))
    assert_counts(rules, hand, top, revolution=True)


@given(st.data())
def test_R2_5_count_of_the_plays_holding_a_card_is_the_card_views(data: st.DataObject) -> None:
    # Airplanes with single wings and full houses: the card may be in the main group,
    # the attached group, the run or a wing.
    rules = data.draw(st.sampled_from([
        Rules(airplane_wings="singles", triple_with_single=True),
        Rules.preset("two-deck"),
        Rules.preset("winner", straights_by_suit=True),
    ]))
    hand = data.draw(any_hand(rules, 1, 12))
    must = data.draw(st.sampled_from(hand.cards))
    top = data.draw(st.one_of(st.none(), rest_of_deck_top(rules, hand)))
    assert_counts(rules, hand, top, must=must)


# ---------------------------------------------------------------------------
# Coverage: every kind of every shape is counted, not None, and not zero, on hands
# that hold it, under each option that changes what the card view lists


#: Rule sets that between them enable every kind and every straight_flush option,
#: run order, wing kind, four_of_a_kind option, bomb order and suit comparison.
COVERAGE_RULES = {
    "default": Rules(),
    "winner": Rules.preset("winner"),
    "winner-classic": Rules.preset("winner-classic"),
    "two-deck": Rules.preset("two-deck"),
    "distinct+singles+triple-bomb": Rules(
        straight_flush="distinct", airplane_wings="singles", triple_bomb=True, triple_with_single=True,
        run_order="no_two",
    ),
    "none+by-suit": Rules(
        suit_order="SHCD", singles_by_suit=True, pairs_by_suit=True, straights_by_suit=True,
        run_order="two_high", airplane_wings="singles_or_pairs",
    ),
    "bomb+by-suit+either-end": Rules(
        suit_order="DCHS", straights_by_suit=True, straight_flush="bomb", run_order="either_end",
        four_of_a_kind="plain", min_straight=3,
    ),
    "winner+revolution": Rules.preset("winner", revolution=True, airplane_wings="pairs"),
    "two-deck+rank-only+distinct": Rules.preset(
        "two-deck", bomb_order="rank_only", straight_flush="distinct", min_straight=3
    ),
}

#: Hands that hold every kind those rules enable (with either ends of the run line).
COVERAGE_HANDS = {
    1: [
        "3H 4H 5H 6H 7H 3S 3C 3D 4S 4C 4D 5S 6S BJ RJ",
        "QH KH AH 2H 3H 4H QS QC QD KS KC KD AS",
    ],
    2: [
        "3H 3H 4H 5H 6H 7H 3S 3C 3D 4S 4C 4D 5S 5C BJ BJ RJ RJ",
        "QH KH AH 2H 3H 4H 5H QS QS QC KS KC KD 2S 2S",
    ],
}


@pytest.mark.parametrize("name", list(COVERAGE_RULES))
def test_R3_every_kind_is_counted_for_a_lead(name: str) -> None:
    rules = COVERAGE_RULES[name]
    seen: Counter[Kind] = Counter()
    for text in COVERAGE_HANDS[rules.decks]:
        seen += assert_counts(rules, Hand.parse(text))
    assert set(seen) == {combination.kind for combination in catalogue(rules)}


@pytest.mark.parametrize("name", list(COVERAGE_RULES))
def test_R4_every_kind_is_counted_for_an_answer(name: str) -> None:
    # The weakest play of each kind the hand holds, as the play to beat (a play of
    # the hand's own is as strong as some of its other plays: equal ones never beat).
    rules = COVERAGE_RULES[name]
    for text in COVERAGE_HANDS[rules.decks]:
        hand = Hand.parse(text)
        weakest: dict[Kind, Play] = {}
        for play in legal_plays(hand, rules, view="classes"):
            if play.kind not in weakest or play.key < weakest[play.kind].key:
                weakest[play.kind] = play
        for top in weakest.values():
            assert_counts(rules, hand, top)
            if rules.revolution:
                assert_counts(rules, hand, top, revolution=True)


@pytest.mark.parametrize("name", list(COVERAGE_RULES))
def test_R2_5_every_card_of_a_hand_is_counted_as_the_card_to_include(name: str) -> None:
    rules = COVERAGE_RULES[name]
    hand = Hand.parse(COVERAGE_HANDS[rules.decks][0])
    for card in dict.fromkeys(hand.cards):
        assert_counts(rules, hand, must=card)
    missing = Card.parse("10D")  # not in the hand: no play holds it
    assert count_card_view(hand, rules, must_include=missing) == 0


# ---------------------------------------------------------------------------
# Examples counted by hand


def test_R3_2_R3_3_R3_10_eight_threes_of_two_decks() -> None:
    # Four distinct cards, each twice: the choices of k of them are the multisets of
    # size k of 4 kinds with at most 2 of each, the coefficients of (1 + x + x**2)**4:
    # 1, 4, 10, 16, 19, 16, 10, 4, 1. Pairs: C(4 + 1, 2) = 10 (with repetition, none
    # over 2); triples: C(6, 3) = 20 less the 4 that would take one card 3 times;
    # bombs of 4 to 8 cards: 19 + 16 + 10 + 4 + 1.
    rules = Rules(decks=2)
    threes = Hand.parse("3D 3D 3C 3C 3H 3H 3S 3S")
    assert count_card_view(threes, rules, kinds=KIND_BITS[Kind.SINGLE]) == 4
    assert count_card_view(threes, rules, kinds=KIND_BITS[Kind.PAIR]) == comb(5, 2) == 10
    assert count_card_view(threes, rules, kinds=KIND_BITS[Kind.TRIPLE]) == comb(6, 3) - 4 == 16
    assert count_card_view(threes, rules, kinds=KIND_BITS[Kind.BOMB]) == 19 + 16 + 10 + 4 + 1
    assert count_card_view(threes, rules) == 4 + 10 + 16 + 50
    # An answer to a bomb of five 3s: bombs of 6, 7 and 8 (size_then_rank).
    assert count_card_view(threes, rules, Play.parse("3D 3C 3H 3S 3S", rules)) == 10 + 4 + 1
    # Holding 3S: one 3S taken, k - 1 more chosen among 3D 3D 3C 3C 3H 3H 3S, the
    # coefficients of (1 + x + x**2)**3 (1 + x): 1, 4, 9, 13, 13, 9, 4, 1. A single, 4
    # pairs, 9 triples, bombs of 4 to 8 cards 13 + 13 + 9 + 4 + 1.
    held = count_card_view(threes, rules, must_include=Card.parse("3S"))
    assert held == 1 + 4 + 9 + (13 + 13 + 9 + 4 + 1)
    assert held == sum(1 for _ in legal_plays(threes, rules, view="cards", must_include=Card.parse("3S")))


def _run_windows(positions: int, length: int) -> int:
    """The windows of ``length`` consecutive positions of a run line of ``positions``."""
    return positions - length + 1


def test_R3_7_straights_of_a_whole_deck() -> None:
    # Every card of one deck; the default run order (two_low) has 14 positions, A 2 3 ...
    # K A, and a window of L of them holds 4**L straights (a suit a rank). Under
    # straight_flush="none" a straight of one suit is a straight; "distinct" lists it
    # twice (straight and straight flush); "beats_straights" and "bomb" only as a flush.
    deck = Hand(make_deck())
    windows = {length: _run_windows(14, length) for length in range(5, 14)}
    straights = sum(count * 4**length for length, count in windows.items())
    flushes = sum(count * 4 for count in windows.values())
    straight, flush = KIND_BITS[Kind.STRAIGHT], KIND_BITS[Kind.STRAIGHT_FLUSH]
    assert count_card_view(deck, Rules(), kinds=straight) == straights
    modes: tuple[tuple[StraightFlush, int], ...] = (
        ("distinct", straights), ("beats_straights", straights - flushes), ("bomb", straights - flushes)
    )
    for mode, plain in modes:
        rules = Rules(straight_flush=mode)
        assert count_card_view(deck, rules, kinds=straight) == plain, mode
        assert count_card_view(deck, rules, kinds=flush) == flushes, mode


def test_R3_15_a_run_of_thirteen_ranks_stands_at_either_end() -> None:
    # either_end: the line A 2 3 ... K A 2 has 15 positions, but no window holds both
    # ends, so of the three windows of 13 positions two remain (A..K and 3..2): a hand
    # of one card of each rank has 2 straights of 13 cards, each listed on its window.
    hand = Hand.parse("3D 4D 5C 6D 7D 8D 9D 10D JD QD KD AD 2D")
    rules = Rules(run_order="either_end", min_straight=13)
    assert count_card_view(hand, rules, kinds=KIND_BITS[Kind.STRAIGHT]) == 2
    assert len(list(legal_plays(hand, rules, view="cards", kinds=[Kind.STRAIGHT]))) == 2
    # no_two: the line 3 ... A has only 12 positions.
    assert count_card_view(hand, Rules(run_order="no_two", min_straight=12), kinds=KIND_BITS[Kind.STRAIGHT]) == 1


def test_R3_4_R3_5_full_houses_and_triples_with_a_single() -> None:
    # Full houses: the 4 triples of 3s (C(4, 3)) times the pairs of the other ranks, one
    # of 4s and one of 5s (no other rank has three cards). Triples with a single: the 4
    # triples times the 5 singles of other ranks, 4D 4C 5D 5C and BJ (a single joker
    # may be attached).
    rules = Rules(triple_with_single=True)
    hand = Hand.parse("3D 3C 3H 3S 4D 4C 5D 5C BJ")
    assert count_card_view(hand, rules, kinds=KIND_BITS[Kind.FULL_HOUSE]) == 4 * 2
    assert count_card_view(hand, rules, kinds=KIND_BITS[Kind.TRIPLE_WITH_SINGLE]) == 4 * 5


def test_R3_18_airplanes_with_paired_and_single_wings() -> None:
    # Triples 333 444 (one choice each) with two paired wings of 55, 66, 77: C(3, 2) = 3.
    rules = Rules(airplane_wings="pairs")
    hand = Hand.parse("3D 3C 3H 4D 4C 4H 5D 5C 6D 6C 7D 7C")
    assert count_card_view(hand, rules, kinds=KIND_BITS[Kind.AIRPLANE_WITH_PAIRS]) == comb(3, 2)
    # Single wings: two cards of the six of 5, 6, 7 (each distinct): C(6, 2) = 15.
    rules = Rules(airplane_wings="singles")
    assert count_card_view(hand, rules, kinds=KIND_BITS[Kind.AIRPLANE_WITH_SINGLES]) == comb(6, 2)


def test_R3_12_the_joker_bomb_needs_every_joker() -> None:
    rules = Rules.preset("two-deck")
    bomb = KIND_BITS[Kind.JOKER_BOMB]
    assert count_card_view(Hand.parse("BJ BJ RJ RJ"), rules, kinds=bomb) == 1
    assert count_card_view(Hand.parse("BJ BJ RJ"), rules, kinds=bomb) == 0
    assert count_card_view(Hand.parse("BJ RJ"), Rules(), kinds=bomb) == 1


def test_R3_R4_a_whole_hand_of_two_decks() -> None:
    # 54 cards under the two-deck preset, each card of one deck once (too many plays to
    # list). The straights alone: the line of either_end, A 2 3 ... K A 2, has 15
    # positions; a window of L <= 12 of them never holds a rank twice nor both ends
    # (16 - L windows); of the three of 13, the one from the low 2 to the high A holds
    # both ends. A window of L ranks holds 4**L choices of suits, less the 4 of one
    # suit, which are straight flushes there (beats_straights).
    rules = Rules.preset("two-deck").evolve(players=2)
    hand = Hand(make_deck())
    windows = {length: _run_windows(15, length) - (length == 13) for length in range(5, 14)}
    straights = sum(count * (4**length - 4) for length, count in windows.items())
    assert count_card_view(hand, rules, kinds=KIND_BITS[Kind.STRAIGHT]) == straights
    total = count_card_view(hand, rules)
    assert total is not None
    assert total > straights
    assert count_card_view(hand, rules, kinds=ALL_KINDS) == total
