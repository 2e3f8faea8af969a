"""Properties of the legal-move generator (``zhengshangyou.moves``), checked by brute force.

Definitions (the module documentation of ``moves``): the *card view* lists every
distinct sub-multiset of the hand with each of its readings that is legal here
(a lead: every reading, R5.1; an answer: the readings that beat the top play,
R4, with ``revolution`` applied, R4.8); the *class view* lists exactly one
representative per class, a class being (kind, sorted ranks of the cards,
``play.key``). Neither view ever repeats a play, and the order is fixed.

The expected plays are computed here by brute force over every distinct
sub-multiset of the hand with ``classify_all`` and ``beats`` (the reader and
comparator have their own acceptance tests; the counts in ``perft.json`` are
derived without them). Hands are kept to 10 cards where every sub-multiset is
read (at most 1024 of them); hands of 11 to 14 cards run fewer examples.

No test here measures time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from make_perft import sub_multisets  # the perft script's enumeration of sub-multisets
from marks import REPEATED_PRESETS, slow_where
from zhengshangyou import (
    Card,
    Hand,
    Kind,
    Play,
    Rank,
    Rules,
    Suit,
    beats,
    classify_all,
    make_deck,
    moves,
)
from zhengshangyou.moves import LegalPlays, View, legal_plays
from zhengshangyou.rules import PRESETS, RulesCache
from zhengshangyou.testing import card_lists, hands, rules_sets

# ---------------------------------------------------------------------------
# Rule sets: every preset (RULES.md section 9) and the S003 variations on top of
# them, so that revolution, triple bombs, straight-flush modes and by-suit
# straights are reached on every run, not only when rules_sets() draws them.

RULE_SETS: dict[str, tuple[str, dict[str, Any]]] = {
    **{name: (name, {}) for name in PRESETS},
    "zhengshangyou+revolution": ("zhengshangyou", {"four_of_a_kind": "plain", "revolution": True}),
    "winner+revolution": ("winner", {"revolution": True}),
    "zhengshangyou+triple-bomb+distinct+single": (
        "zhengshangyou",
        {"triple_bomb": True, "straight_flush": "distinct", "triple_with_single": True},
    ),
    "zhengshangyou+straights-by-suit+flush-bomb": (
        "zhengshangyou",
        {"suit_order": "DCHS", "straights_by_suit": True, "straight_flush": "bomb"},
    ),
    "two-deck+rank-only+min-straight-3": (
        "two-deck",
        {"bomb_order": "rank_only", "min_straight": 3, "straight_flush": "distinct"},
    ),
}


VIEWS: tuple[View, ...] = ("cards", "classes")


def _rules(name: str) -> Rules:
    preset, options = RULE_SETS[name]
    return Rules.preset(preset, **options)


# One Rules object per rule set for the whole session: its memo grows warm over the
# examples, as in a game (the determinism test builds fresh ones to compare with).
_RULES = {name: _rules(name) for name in RULE_SETS}


def _examples(fraction: float) -> int:
    """A share of the active profile's ``max_examples`` (tests/conftest.py), at least 5."""
    return max(5, int((settings().max_examples or 100) * fraction))


# ---------------------------------------------------------------------------
# Positions


@dataclass(frozen=True)
class Position:
    """A hand, the rules, the play to beat (None: a lead) and the revolution flag."""

    rules: Rules
    hand: Hand
    top: Play | None
    revolution: bool

    def view(self, view: View, **filters: Any) -> LegalPlays:
        return legal_plays(
            self.hand, self.rules, self.top, view=view, revolution=self.revolution, **filters
        )


@st.composite
def clustered_cards(
    draw: st.DrawFn, rules: Rules, min_size: int = 0, max_size: int = 10
) -> list[Card]:
    """Cards of a few ranks (often a window of consecutive ranks, perhaps wrapping past 2)
    and perhaps of a few suits: hands where pairs, runs, bombs and flushes are common."""
    deck = make_deck(rules.decks, jokers=rules.jokers)
    if draw(st.booleans()):
        start, length = draw(st.integers(0, 12)), draw(st.integers(2, 8))
        ranks = {Rank((start + step) % 13) for step in range(length)}
        if draw(st.booleans()):
            ranks |= {Rank.BLACK_JOKER, Rank.RED_JOKER}
    else:
        ranks = draw(st.sets(st.sampled_from(list(Rank)), min_size=1, max_size=6))
    suits = draw(st.sets(st.sampled_from(list(Suit)), min_size=1, max_size=4))
    pool = [card for card in deck if card.rank in ranks and (card.suit is None or card.suit in suits)]
    if len(pool) < max(min_size, 1):  # jokers only, without jokers in the deck
        pool = list(deck)
    if len(pool) <= max_size and draw(st.booleans()):
        return pool  # every card of those ranks and suits
    chosen = draw(
        st.lists(
            st.integers(0, len(pool) - 1),
            min_size=min_size,
            max_size=min(max_size, len(pool)),
            unique=True,
        )
    )
    return [pool[index] for index in chosen]


def any_hand(rules: Rules, min_size: int = 0, max_size: int = 10) -> st.SearchStrategy[Hand]:
    """A dealt hand, a clustered one, or a combination shape with clustered cards around it."""

    def merge(parts: tuple[list[Card], list[Card]]) -> Hand:
        shape, around = parts
        cards: list[Card] = []
        held: Counter[Card] = Counter()
        for card in [*shape, *around]:
            if len(cards) < max_size and held[card] < rules.decks:  # R1.3: copies in the decks
                held[card] += 1
                cards.append(card)
        return Hand(cards)

    return st.one_of(
        hands(rules.decks, rules.jokers, min_size=min_size, max_size=max_size),
        clustered_cards(rules, min_size, max_size).map(Hand),
        st.tuples(shaped_cards(rules), clustered_cards(rules, min_size, max_size)).map(merge),
    )


def readings(cards: Iterable[Card], rules: Rules) -> list[Play]:
    """Every reading of every sub-multiset of ``cards``."""
    return [play for sub in sub_multisets(cards) for play in classify_all(sub, rules)]


# (ranks in a row, cards of each rank, extra singles of other ranks, extra pairs of other
# ranks): the shapes of R3 (single, pair, triple, full house, triple with single, four,
# bomb with kicker, bombs of 5 and 8, straights, pair runs, triple runs).
_SHAPES = (
    (1, 1, 0, 0), (1, 2, 0, 0), (1, 3, 0, 0), (1, 3, 0, 1), (1, 3, 1, 0), (1, 4, 0, 0),
    (1, 4, 1, 0), (1, 5, 0, 0), (1, 8, 0, 0), (3, 1, 0, 0), (5, 1, 0, 0), (6, 1, 0, 0),
    (13, 1, 0, 0), (2, 2, 0, 0), (3, 2, 0, 0), (2, 3, 0, 0), (3, 3, 0, 0),
)


@st.composite
def shaped_cards(draw: st.DrawFn, rules: Rules) -> list[Card]:
    """Cards in one of the shapes of R3, from consecutive ranks (perhaps wrapping past 2),
    perhaps all of one suit, or jokers only; whether they read as a play is for the
    reader to say."""
    deck = make_deck(rules.decks, jokers=rules.jokers)
    jokers = [card for card in deck if card.is_joker]
    if jokers and draw(st.integers(0, 7)) == 0:
        black, red = jokers[: rules.decks], jokers[rules.decks :]
        return draw(st.sampled_from([jokers, black + red[:1], jokers[:2], jokers[-2:]]))
    length, width, singles, pairs = draw(st.sampled_from(_SHAPES))
    start = draw(st.integers(0, 12))
    suit = draw(st.one_of(st.none(), st.sampled_from(list(Suit))))
    cards: list[Card] = []
    for step in range(length):
        rank = Rank((start + step) % 13)
        copies = draw(st.permutations([card for card in deck if card.rank == rank]))
        if suit is not None:  # that suit first: one-suit straights are straight flushes
            copies = sorted(copies, key=lambda card: card.suit != suit)
        cards.extend(copies[:width])
    used = {card.rank for card in cards}
    for times, count in ((1, singles), (2, pairs)):
        for _ in range(count):
            others = sorted({card.rank for card in deck} - used)
            rank = draw(st.sampled_from(others))
            used.add(rank)
            cards.extend(draw(st.permutations([c for c in deck if c.rank == rank]))[:times])
    return cards


@st.composite
def plays_of(draw: st.DrawFn, rules: Rules, max_size: int = 8) -> Play:
    """A play drawn by reading a random card set, or a random sub-multiset of one (every
    card is a single, so some sub-multiset always has a reading). The kind is drawn
    first among the kinds found, so that singles do not crowd out the other kinds."""
    source = draw(st.integers(0, 3))
    if source == 3:
        cards = draw(card_lists(rules.decks, rules.jokers, min_size=1, max_size=max_size))
    elif source == 2:
        cards = draw(clustered_cards(rules, 1, max_size))
    else:
        cards = draw(shaped_cards(rules))
    found = classify_all(cards, rules)
    if not found or draw(st.integers(0, 3)) == 3:
        found = readings(cards[:max_size], rules)
    return draw(kind_first(found))


def kind_first(plays: Sequence[Play]) -> st.SearchStrategy[Play]:
    """One of ``plays`` (not empty), the kind drawn first: singles do not crowd out the rest."""
    by_kind: dict[Kind, list[Play]] = {}
    for play in sorted(plays, key=lambda play: play.key):  # the weakest first
        by_kind.setdefault(play.kind, []).append(play)
    # Singles last: hypothesis favours the first choices, and every card set has singles.
    kinds = sorted(by_kind, key=lambda kind: (kind is Kind.SINGLE, list(Kind).index(kind)))
    return st.sampled_from(kinds).flatmap(lambda kind: st.sampled_from(by_kind[kind]))


@st.composite
def positions(
    draw: st.DrawFn, rules: st.SearchStrategy[Rules], min_size: int = 0, max_size: int = 10
) -> Position:
    chosen = draw(rules)
    hand = draw(any_hand(chosen, min_size, max_size))
    # A lead, a play read from other cards, or a play the hand could make itself (so that
    # equal and slightly stronger plays of the same kind are often in the hand).
    top: Play | None = None
    source = draw(st.integers(0, 2))
    if source == 1:
        top = draw(plays_of(chosen))
    elif source == 0 and hand.cards:
        own = draw(st.permutations(hand.cards))[:8]
        top = draw(kind_first(readings(own, chosen)))
    revolution = draw(st.booleans()) if chosen.revolution else False
    return Position(chosen, hand, top, revolution)


def preset_positions(name: str, min_size: int = 0, max_size: int = 10) -> st.SearchStrategy[Position]:
    return positions(st.just(_RULES[name]), min_size, max_size)


random_positions = positions(rules_sets())

# ---------------------------------------------------------------------------
# Brute force and class identity


def brute_force(position: Position) -> set[Play]:
    """Every reading of every sub-multiset of the hand that leads, or beats the top."""
    top = position.top
    return {
        play
        for play in readings(position.hand, position.rules)
        if top is None or beats(play, top, revolution=position.revolution)
    }


def play_class(play: Play) -> tuple[Kind, tuple[Rank, ...], int]:
    """(kind, sorted ranks of the cards, key): plays the rules cannot tell apart."""
    return play.kind, tuple(sorted(card.rank for card in play.cards)), play.key


def assert_no_duplicates(plays: Sequence[Play]) -> None:
    repeated = [play for play, times in Counter(plays).items() if times > 1]
    assert not repeated, f"listed more than once: {repeated}"


def assert_one_per_class(members: Sequence[Play], plays: Iterable[Play]) -> None:
    """``members`` hold exactly one play of each class of ``plays``, each one of them."""
    plays = set(plays)
    assert_no_duplicates(members)
    per_class = Counter(play_class(member) for member in members)
    assert [c for c, times in per_class.items() if times > 1] == [], "two members of one class"
    assert set(per_class) == {play_class(play) for play in plays}
    assert set(members) <= plays, f"not legal here: {set(members) - plays}"


def check_views(position: Position) -> None:
    """The card view is exactly the brute-force set, without repeats; the class view has
    exactly one member of each of its classes, each member a play of the card view."""
    expected = brute_force(position)
    listed = list(position.view("cards"))
    assert_no_duplicates(listed)
    got = set(listed)
    assert got == expected, f"missing {expected - got}; not legal {got - expected}"
    assert_one_per_class(list(position.view("classes")), expected)


# ---------------------------------------------------------------------------
# R3, R4: the card view is exactly the legal sub-multisets; the class view is one per class


@pytest.mark.parametrize("name", slow_where(RULE_SETS, lambda name: name in REPEATED_PRESETS))
@given(data=st.data())
def test_R3_R4_card_view_is_complete_and_class_view_one_per_class_under_each_preset(
    name: str, data: st.DataObject
) -> None:
    check_views(data.draw(preset_positions(name)))


@given(random_positions)
def test_R3_R4_card_view_is_complete_and_class_view_one_per_class_under_random_rules(
    position: Position,
) -> None:
    check_views(position)


@settings(max_examples=_examples(0.1))
@given(
    st.one_of(
        *(preset_positions(name, 11, 14) for name in PRESETS),
        positions(rules_sets(), 11, 14),
    )
)
def test_R3_R4_card_view_is_complete_and_class_view_one_per_class_for_11_to_14_cards(
    position: Position,
) -> None:
    check_views(position)


@pytest.mark.parametrize("name", ["zhengshangyou+revolution", "winner+revolution"])
@given(data=st.data())
def test_R4_8_card_and_class_views_under_revolution(name: str, data: st.DataObject) -> None:
    position = data.draw(preset_positions(name))
    check_views(Position(position.rules, position.hand, position.top, revolution=True))


# ---------------------------------------------------------------------------
# R3.16, R4: membership agrees with the generated lists


def probes(position: Position, foreign: Sequence[Play]) -> list[Play]:
    """Plays to ask about: every reading in the hand (beating or not, representatives or
    not) and plays from other card sets."""
    return [*readings(position.hand, position.rules), *foreign]


@given(data=st.data())
def test_R3_16_R4_membership_agrees_with_the_generated_lists(data: st.DataObject) -> None:
    position = data.draw(st.one_of(random_positions, *map(preset_positions, RULE_SETS)))
    foreign = data.draw(st.lists(plays_of(position.rules), max_size=4))
    card_view, class_view = position.view("cards"), position.view("classes")
    cards, classes = set(card_view), set(class_view)
    for play in probes(position, foreign):
        assert (play in card_view) == (play in cards), play
        assert (play in class_view) == (play in classes), play
        assert card_view.is_legal(play) == (play in cards), play
        assert class_view.is_legal(play) == (play in cards), play
    assert "3D" not in card_view
    assert None not in class_view


# ---------------------------------------------------------------------------
# count(), truth, determinism


@given(data=st.data())
def test_R3_count_and_truth_agree_with_iteration(data: st.DataObject) -> None:
    position = data.draw(st.one_of(random_positions, *map(preset_positions, RULE_SETS)))
    for name in VIEWS:
        view = position.view(name)
        count = view.count()
        assert count == len(list(view))
        assert bool(view) == (count > 0)


def _detached(rules: Rules) -> Rules:
    """``rules``, with everything derived from it forgotten: the next listing builds
    its tables afresh (equal rule sets otherwise share them)."""
    RulesCache.forget(rules)
    return rules


@given(data=st.data())
def test_R3_order_is_deterministic_with_a_warm_or_a_fresh_memo(data: st.DataObject) -> None:
    position = data.draw(st.one_of(random_positions, *map(preset_positions, RULE_SETS)))
    others = data.draw(st.lists(any_hand(position.rules), max_size=3))
    # A rule set equal to the drawn one with a memo of its own: nothing memoised yet
    # (equal rule sets otherwise share one memo).
    cold = _detached(Rules.from_dict(position.rules.to_dict()))
    assert cold == position.rules
    for name in VIEWS:
        first = list(legal_plays(position.hand, cold, position.top, view=name,
                                 revolution=position.revolution))
        # Warm the memo with other hands, other views and filtered views of this one.
        for hand in [*others, position.hand]:
            for warm_view in VIEWS:
                list(legal_plays(hand, cold, view=warm_view))
                list(legal_plays(hand, cold, position.top, view=warm_view,
                                 revolution=position.revolution))
                list(legal_plays(hand, cold, view=warm_view, bombs_only=True))
        warm = list(legal_plays(position.hand, cold, position.top, view=name,
                                revolution=position.revolution))
        again = list(legal_plays(position.hand, cold, position.top, view=name,
                                 revolution=position.revolution))
        fresh = list(legal_plays(position.hand, _detached(Rules.from_dict(cold.to_dict())),
                                 position.top, view=name, revolution=position.revolution))
        drawn = list(position.view(name))  # the drawn rules, warm from earlier examples
        assert first == warm == again == fresh == drawn


def test_R3_a_lead_is_kept_from_its_second_visit_and_an_answer_never() -> None:
    # A simulation asks for the plays of one new hand after another: keeping each
    # position would fill the memo with plays never asked for again. A lead asked
    # for a second time (a search revisiting it) is kept, and answered from the memo;
    # an answer, cheaper to make again than to keep, is never kept.
    rules = _detached(Rules())
    hand = Hand.parse("3D 4C 5H 6S 7D 8C 9H 9S 10D JD QC KH BJ RJ")
    top = Play.parse("6D 6C", rules)
    tables = moves.tables_of(rules, True)
    first_lead, first_answer = list(legal_plays(hand, rules)), list(legal_plays(hand, rules, top))
    assert tables.positions == {}
    second_lead, second_answer = list(legal_plays(hand, rules)), list(legal_plays(hand, rules, top))
    assert list(tables.positions.values()) == [second_lead]
    kept = {id(plays) for plays in tables.positions.values()}
    third_lead, third_answer = list(legal_plays(hand, rules)), list(legal_plays(hand, rules, top))
    assert {id(plays) for plays in tables.positions.values()} == kept
    assert first_lead == second_lead == third_lead
    assert first_answer == second_answer == third_answer
    # Eleven ranks in a row, 3 to K: one straight on each run of 5 to 11 of them
    # (7 + 6 + ... + 1), those of more than six ranks built afresh every time.
    assert sum(play.kind is Kind.STRAIGHT for play in first_lead) == 28


@settings(max_examples=_examples(0.2))
@given(data=st.data())
def test_R3_R4_plays_do_not_depend_on_the_memo_bounds(data: st.DataObject) -> None:
    # With tables bounded to a handful of entries, every table keeps dropping its older
    # half while a hand is generated: the plays and their order must not change.
    name = data.draw(st.sampled_from(list(RULE_SETS)), label="rules")
    rules = _RULES[name]
    tops = data.draw(st.lists(st.none() | plays_of(rules), min_size=1, max_size=4), label="tops")
    hands = data.draw(st.lists(any_hand(rules, max_size=14), min_size=1, max_size=4), label="hands")
    expected = [
        list(legal_plays(hand, rules, top, view=view)) for hand in hands for top in tops for view in VIEWS
    ]
    tight = _detached(Rules.from_dict(rules.to_dict()))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(moves, "_MEMO_LIMIT", 4)
        patch.setattr(moves, "_POSITIONS_LIMIT", 2)
        # Three times: the second time finds some entries and rebuilds the others, and
        # keeps positions met twice; the third finds those.
        for _ in range(3):
            found = [
                list(legal_plays(hand, tight, top, view=view))
                for hand in hands for top in tops for view in VIEWS
            ]
            assert found == expected
    bounded = [table for view in (True, False) for table in moves.tables_of(tight, view).memos()
               if isinstance(table, moves._Memo)]
    # (An entry found under another key, as the class view's lowest cards, may add one
    # more entry inside the look-up that made room.)
    assert bounded
    assert all(len(table) <= 2 * 4 for table in bounded)


# ---------------------------------------------------------------------------
# Filters: kinds=, bombs_only=True (R4.6), must_include= (R2.5)


@given(data=st.data())
def test_R3_kinds_filter_equals_filtering_the_views(data: st.DataObject) -> None:
    position = data.draw(st.one_of(random_positions, *map(preset_positions, RULE_SETS)))
    kinds = data.draw(st.sets(st.sampled_from(list(Kind))))
    for name in VIEWS:
        full = list(position.view(name))
        filtered = position.view(name, kinds=kinds)
        listed = list(filtered)
        assert listed == [play for play in full if play.kind in kinds]
        assert filtered.count() == len(listed)
        for play in full:
            assert (play in filtered) == (play.kind in kinds)


@given(data=st.data())
def test_R4_6_bombs_only_equals_filtering_the_views(data: st.DataObject) -> None:
    position = data.draw(st.one_of(random_positions, *map(preset_positions, RULE_SETS)))
    for name in VIEWS:
        full = list(position.view(name))
        filtered = position.view(name, bombs_only=True)
        listed = list(filtered)
        assert listed == [play for play in full if play.is_bomb]
        assert filtered.count() == len(listed)
        for play in full:
            assert (play in filtered) == play.is_bomb


@given(data=st.data())
def test_R2_5_must_include_equals_filtering_the_card_view(data: st.DataObject) -> None:
    position = data.draw(st.one_of(random_positions, *map(preset_positions, RULE_SETS)))
    deck = make_deck(position.rules.decks, jokers=position.rules.jokers)
    if position.hand.cards and data.draw(st.booleans()):
        card = data.draw(st.sampled_from(position.hand.cards))
    else:
        card = data.draw(st.sampled_from(deck))  # perhaps a card the hand does not hold
    full = list(position.view("cards"))
    holding = [play for play in full if card in play.cards]
    card_view = position.view("cards", must_include=card)
    assert list(card_view) == holding
    class_view = position.view("classes", must_include=card)
    members = list(class_view)
    # The class view: one member per class among the plays holding the card.
    assert_one_per_class(members, holding)
    assert card_view.count() == len(holding)
    assert class_view.count() == len(members)
    assert bool(class_view) == bool(holding)
    for play in full:
        assert (play in card_view) == (card in play.cards)
        assert (play in class_view) == (play in members)
        assert class_view.is_legal(play) == (card in play.cards)


def test_R3_several_threads_share_one_memo_safely() -> None:
    # Equal rule sets share one memo, and simulations may run on threads: with tables
    # bounded to a few entries (so that they are trimmed all the time) and frequent
    # thread switches, four threads must get the plays a private memo gives.
    import random
    import sys
    import threading

    shared = Rules.preset("winner-classic")
    failures: list[str] = []
    seen: list[tuple[Hand, Play | None, list[Play]]] = []

    def work(seed: int) -> None:
        rng = random.Random(seed)
        deck = shared.deck()
        try:
            for index in range(600):
                hand = Hand(rng.sample(deck, rng.randint(5, 17)))
                leads = list(legal_plays(hand, shared))
                top = rng.choice(leads) if leads and index % 3 else None
                found = list(legal_plays(hand, shared, top))
                if index % 10 == 0:
                    seen.append((hand, top, found))
        except Exception as error:  # reported by the main thread
            failures.append(repr(error))

    interval = sys.getswitchinterval()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(moves, "_MEMO_LIMIT", 50)
        patch.setattr(moves, "_POSITIONS_LIMIT", 20)
        sys.setswitchinterval(1e-6)
        try:
            threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            sys.setswitchinterval(interval)
    assert failures == []
    # What the threads got is what one thread gets from tables built afresh.
    RulesCache.forget(shared)
    assert len(seen) == 4 * 60
    for hand, top, found in seen:
        assert found == list(legal_plays(hand, shared, top))


@settings(max_examples=40)
@given(
    rules=st.sampled_from([Rules.preset(name) for name in Rules.preset_names()]),
    card=st.sampled_from(make_deck(1)),
    others=st.lists(hands(max_size=18), min_size=1, max_size=6),
    hand=hands(min_size=1, max_size=20),
)
def test_R2_5_the_kept_tables_of_a_pinned_card_list_what_fresh_ones_list(
    rules: Rules, card: Card, others: list[Hand], hand: Hand
) -> None:
    # The tables of hands with `card` pinned first (R2.5) are kept per rule set and
    # card: entries built for other hands must give every later hand the listing
    # that tables built afresh for it give, in the same order.
    hand = hand if card in hand else Hand((*hand.cards, card))
    moves._PINNED_TABLES.clear()
    fresh = list(legal_plays(hand, rules, must_include=card))
    moves._PINNED_TABLES.clear()
    for other in others:
        if card not in other:
            other = Hand((*other.cards, card))
        list(legal_plays(other, rules, must_include=card))  # fills the kept tables
    assert list(legal_plays(hand, rules, must_include=card)) == fresh
