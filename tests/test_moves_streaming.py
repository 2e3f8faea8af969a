"""The generator's listings stream (issue 19): the first play of a hand comes
without the plays of the later kinds being made, whatever the view, and the
class view's memo keeps only a listing read to its end.

These are tests of behaviour, not of speed: they count what the generator made
when the first play came, never how long it took.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_fuzz import CPU_LIMIT, cpu_limit
from zhengshangyou import Hand, Play, Rules, legal_plays
from zhengshangyou.combinations import ALL_KINDS, Kind
from zhengshangyou.moves import Tables, _position, class_view, tables_of
from zhengshangyou.rules import RulesCache
from zhengshangyou.testing import rules_sets

#: Two decks, two players: the biggest hands a game deals (54 cards), with airplanes
#: whose pair wings give thousands of classes.
BIG = Rules.preset("two-deck").evolve(players=2, airplane_wings="pairs")


def _big_hand(seed: int, size: int = 54) -> Hand:
    deck = list(BIG.deck())
    random.Random(seed).shuffle(deck)
    return Hand(deck[:size])


@pytest.fixture
def counted_airplanes(monkeypatch: pytest.MonkeyPatch) -> list[Play]:
    """Every airplane the generator makes, as it makes it."""
    made: list[Play] = []
    original = Tables.winged_of

    def counting(self: Tables, *arguments: object) -> Iterator[Play]:
        for play in original(self, *arguments):  # type: ignore[arg-type]
            made.append(play)
            yield play

    monkeypatch.setattr(Tables, "winged_of", counting)
    return made


@pytest.mark.parametrize("view", ["classes", "cards"])
def test_R3_18_the_first_play_comes_before_any_airplane_is_made(
    view: str, counted_airplanes: list[Play]
) -> None:
    RulesCache.forget(BIG)
    hand = _big_hand(1)
    listing = iter(legal_plays(hand, BIG, view=view))  # type: ignore[arg-type]
    first = next(listing)
    assert first.kind is Kind.SINGLE
    assert counted_airplanes == []  # airplanes are the last kind: none made yet
    if view == "classes":  # (the card view's are far too many to read them all)
        rest = list(listing)
        assert counted_airplanes == [play for play in rest if play.kind is Kind.AIRPLANE_WITH_PAIRS]
        assert len(counted_airplanes) > 1000  # the hand has thousands of them (R3.18)


def test_R3_4_the_card_view_makes_no_full_house_before_it_is_read() -> None:
    # The full houses of a two-deck hand are a quarter of a million choices of
    # cards: the first play may not wait for them (nor hold them in memory).
    RulesCache.forget(BIG)
    hand = Hand(BIG.deck())
    tables = tables_of(BIG, False)
    listing = iter(legal_plays(hand, BIG, view="cards"))
    with cpu_limit(CPU_LIMIT):
        assert next(listing).kind is Kind.SINGLE
        assert not tables.groups[Kind.FULL_HOUSE]  # no entry made yet
        for play in listing:
            if play.kind is Kind.FULL_HOUSE:
                break
        assert len(tables.groups[Kind.FULL_HOUSE]) == 1  # the first pair of ranks only


def test_R3_4_the_class_view_makes_no_full_house_before_it_is_read() -> None:
    # In the class view too, a group with an attached group is made when it is read:
    # on tables never used (a rule set's first listing), the first play makes none.
    RulesCache.forget(BIG)
    hand = _big_hand(2)
    tables = tables_of(BIG, True)
    listing = iter(legal_plays(hand, BIG))
    assert next(listing).kind is Kind.SINGLE
    rows = tables.rows[Kind.FULL_HOUSE]
    assert rows is not None
    assert sum(len(row) for row in rows.values()) == 0  # no full house made yet
    houses = [play for play in listing if play.kind is Kind.FULL_HOUSE]
    assert len(houses) > 100
    assert sum(len(row) for row in rows.values()) == len(houses)  # each made as it was read


@settings(max_examples=30, deadline=None)
@given(rules_sets(), st.integers(0, 2**32 - 1), st.integers(0, 20), st.data())
def test_R4_the_class_view_memo_keeps_only_a_listing_read_to_its_end(
    rules: Rules, seed: int, size: int, data: st.DataObject
) -> None:
    deck = list(rules.deck())
    random.Random(seed).shuffle(deck)
    hand = Hand(deck[:size])
    fresh = list(legal_plays(hand, rules))  # the first visit leaves no listing behind
    key = _position(hand, ALL_KINDS, None, False, None)
    positions = tables_of(rules, True).positions
    positions.pop(key, None)
    # The second visit, read in part, keeps nothing; read to its end, keeps the listing.
    part = data.draw(st.integers(0, max(len(fresh) - 1, 0)))
    if fresh:
        assert list(itertools.islice(class_view(hand, rules, None), part)) == fresh[:part]
        assert key not in positions
    assert list(class_view(hand, rules, None)) == fresh
    assert positions.get(key) == fresh
    assert list(class_view(hand, rules, None)) == fresh  # now from the memo
