"""``classify_all`` and ``beats`` against the reference reader of ``tests/reference.py``.

Exhaustive part, and how it is reduced
--------------------------------------
One 54-card deck has about 29 million multisets of up to 6 cards: far too many
for CI. They are reduced without losing a case, using what RULES.md says a
reading can depend on:

* The kinds a card set reads as (R3) depend only on its rank multiset and on
  whether all its cards share one suit (a straight flush, R3.11). Which suit,
  and which cards share suits otherwise, changes no kind.
* Comparisons (R4) look at suits in exactly three places: the suit of a single
  (``singles_by_suit``), the higher suit of a pair (``pairs_by_suit``) and the
  suit of a straight's top card (``straights_by_suit``).

So the enumeration visits every card set of 1 or 2 cards with its real suits
(every single and pair: 1,485 sets, 1,539 with two decks, which also hold two
identical cards), and every *rank* multiset of 3 to 6 cards (each rank at most
4 times and each joker once: about 46,000 multisets; with two decks 8 times and
twice: about 52,600) with these suit assignments:

* mixed suits (consecutive distinct ranks never share a suit, so never a flush);
* when no rank repeats: every card of one suit, once all ♦ (the lowest suit
  of ``DCHS``) and once all ♠ (the highest);
* when no rank repeats, there is no joker (jokers are never in runs, R3) and
  the rules use ``straights_by_suit``: for each card in turn, that card ♦ and
  then ♠ while the others alternate ♣ ♥, so that whichever card is the top of
  the run carries the lowest and the highest suit.

That is every (rank multiset, flush or not) pair, and every suit a comparison
can look at, up to renaming suits the rules never compare. It runs for each of
the four presets (``two-deck`` with its two decks, which includes every
one-deck set) and for rule sets that switch on what the presets leave off.
Runs longer than 6 cards (up to the thirteen-rank runs, which may read two
ways, R3.15) get their own exhaustive pass: every set of plain ranks, each
rank once (mixed suits, all ♠, all ♦), twice or three times, under each ``run_order``
and both ``straight_ranking`` values.

Comparisons: pairs of plays drawn with a fixed seed from those enumerations
(mostly plays that may meet: one kind and size, straights with straight
flushes, bombs together; then bombs against anything and uniform pairs), each
compared both ways, with and without revolution.

Random part
-----------
Hypothesis draws card sets of up to 8 cards of one deck under the one-deck
presets, up to 12 cards of two decks under ``two-deck``, and up to 12 cards
under random valid rule sets (built here by :func:`random_rules`, sets that
``Rules`` refuses filtered out). A set is either a plain random draw or shaped
like a combination (a group, a group with attached cards, a run, jokers),
sometimes with one card added or removed; pairs of sets mostly share a shape.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from functools import cache, cmp_to_key
from itertools import combinations, combinations_with_replacement
from typing import Any

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from reference import RefReading, is_bomb, ref_beats, ref_readings
from zhengshangyou import (
    Card,
    InvalidRulesError,
    Kind,
    Play,
    Rank,
    Rules,
    Suit,
    beats,
    classify_all,
    make_deck,
)
from zhengshangyou.rules import RunOrder

D, C, H, S = Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES
PLAIN_RANKS = [rank for rank in Rank if not rank.is_joker]
JOKERS = (Rank.BLACK_JOKER, Rank.RED_JOKER)

# The presets, and rule sets that switch on what the presets leave off.
RULE_SETS: dict[str, Rules] = {  # (Zheng Shangyou's presets: the family has tests/reference_family.py)
    name: Rules.preset(name) for name in ("zhengshangyou", "winner", "winner-classic", "two-deck")
}
RULE_SETS |= {
    "zhengshangyou+variations": Rules.preset(
        "zhengshangyou",
        suit_order="DCHS",
        straights_by_suit=True,
        triple_with_single=True,
        triple_bomb=True,
        straight_flush="distinct",
        bomb_order="rank_only",
        min_straight=3,
    ),
    "winner+two_high+revolution": Rules.preset(
        "winner",
        run_order="two_high",
        revolution=True,
        triple_bomb=True,
        straight_flush="bomb",
        straight_ranking="wheels_high",
        jokers=False,
    ),
    "winner-classic+no_two": Rules.preset(
        "winner-classic",
        run_order="no_two",
        triple_with_single=True,
        triple_bomb=True,
        full_house=False,
        min_pair_run=3,
        joker_bomb=True,
        bomb_order="size_then_rank",
    ),
    "two-deck+variations": Rules.preset(
        "two-deck",
        suit_order="SHCD",
        singles_by_suit=True,
        pairs_by_suit=True,
        straights_by_suit=True,
        joker_pairs=False,
        bomb_order="rank_only",
        straight_flush="bomb",
        triple_with_single=True,
        run_order="two_low",
        straight_ranking="wheels_high",
        min_triple_run=3,
    ),
}


# ---------------------------------------------------------------------------
# Library readings paired with reference readings


def _kinds(plays: Sequence[Play]) -> list[Kind]:
    return sorted((play.kind for play in plays), key=lambda kind: kind.value)


def paired(cards: Sequence[Card], rules: Rules) -> list[tuple[Play, RefReading]]:
    """The library's readings of ``cards`` matched with the reference's.

    Fails unless both give the same kinds, as often each. Readings of one kind
    (a run that can stand two ways, R3.15) are matched in order of strength, and
    their order must agree too.
    """
    plays = classify_all(cards, rules)
    refs = ref_readings(cards, rules)
    expected = sorted((ref.kind for ref in refs), key=lambda kind: kind.value)
    assert _kinds(plays) == expected, (
        f"{' '.join(map(str, sorted(cards)))}: library {plays} reference "
        f"{sorted(r.describe() for r in refs)}"
    )
    result: list[tuple[Play, RefReading]] = []
    for kind in sorted(set(expected), key=lambda k: k.value):
        mine = [play for play in plays if play.kind is kind]
        theirs = [ref for ref in refs if ref.kind is kind]
        if len(mine) > 1:

            def mine_order(a: Play, b: Play) -> int:
                return int(beats(a, b)) - int(beats(b, a))

            def their_order(a: RefReading, b: RefReading) -> int:
                return int(ref_beats(a, b, rules)) - int(ref_beats(b, a, rules))

            mine.sort(key=cmp_to_key(mine_order))
            theirs.sort(key=cmp_to_key(their_order))
        result.extend(zip(mine, theirs, strict=True))
    for (a, ra), (b, rb) in combinations(result, 2):
        for revolution in (False, True):
            assert beats(a, b, revolution=revolution) == ref_beats(
                ra, rb, rules, revolution=revolution
            ), (a, b, revolution)
    return result


def check_pair(
    first: tuple[Play, RefReading], second: tuple[Play, RefReading], rules: Rules
) -> None:
    """``beats`` agrees with ``ref_beats`` on two plays, both ways, with and without revolution."""
    (a, ra), (b, rb) = first, second
    for revolution in (False, True):
        for (x, rx), (y, ry) in (((a, ra), (b, rb)), ((b, rb), (a, ra))):
            expected = ref_beats(rx, ry, rules, revolution=revolution)
            assert beats(x, y, rules, revolution=revolution) == expected, (
                f"beats({x!r}, {y!r}, revolution={revolution}) should be {expected}: "
                f"{rx.describe()} against {ry.describe()}"
            )


# ---------------------------------------------------------------------------
# The reduced exhaustive enumeration, up to 6 cards


def rank_multisets(low: int, high: int, decks: int = 1) -> Iterator[tuple[Rank, ...]]:
    """Every multiset of ``low`` to ``high`` ranks that ``decks`` decks hold.

    A plain rank at most ``4 * decks`` times, each joker at most ``decks`` times.
    """
    ranks = list(Rank)
    caps = [decks if rank.is_joker else 4 * decks for rank in ranks]

    def extend(index: int, chosen: tuple[Rank, ...]) -> Iterator[tuple[Rank, ...]]:
        if index == len(ranks):
            if len(chosen) >= low:
                yield chosen
            return
        for count in range(min(caps[index], high - len(chosen)) + 1):
            yield from extend(index + 1, chosen + (ranks[index],) * count)

    yield from extend(0, ())


_CARDS = {(card.rank, card.suit): card for card in make_deck()}


def _assign(ranks: Sequence[Rank], suits: Sequence[Suit]) -> tuple[Card, ...]:
    """Cards of ``ranks`` (grouped by rank); plain cards take ``suits`` in order."""
    plain = iter(suits)
    return tuple(_CARDS[rank, None if rank.is_joker else next(plain)] for rank in ranks)


def suit_assignments(ranks: tuple[Rank, ...], rules: Rules) -> list[tuple[Card, ...]]:
    """The representative suit assignments of a rank multiset (see the module docstring)."""
    plain = [rank for rank in ranks if not rank.is_joker]
    distinct = sorted(set(plain))
    # Mixed: the j-th copy of the i-th distinct rank is suit i + j (mod 4); with two
    # decks a fifth copy repeats the first.
    mixed: list[Suit] = []
    for index, rank in enumerate(distinct):
        mixed += [Suit((index + copy) % 4) for copy in range(plain.count(rank))]
    result = [_assign(ranks, mixed)]
    if len(distinct) == len(plain) >= 2:
        result += [_assign(ranks, [D] * len(plain)), _assign(ranks, [S] * len(plain))]
        if rules.straights_by_suit and len(plain) == len(ranks):
            for position in range(len(plain)):
                for suit in (D, S):
                    others = [(C, H)[i % 2] for i in range(len(plain))]
                    others[position] = suit
                    result.append(_assign(ranks, others))
    return result


def small_card_sets(rules: Rules) -> Iterator[tuple[Card, ...]]:
    """The reduced enumeration of every card set of up to 6 cards of the rules' deck."""
    deck = make_deck(1, jokers=rules.jokers)
    yield from combinations(deck, 1)
    # Every pair of cards with its suits; two decks also hold two identical cards.
    yield from (combinations(deck, 2) if rules.decks == 1 else combinations_with_replacement(deck, 2))
    for ranks in rank_multisets(3, 6, rules.decks):
        if rules.jokers or not any(rank.is_joker for rank in ranks):
            yield from suit_assignments(ranks, rules)


@cache
def enumeration(name: str) -> tuple[tuple[Play, RefReading], ...]:
    """Every reading of the enumeration under ``RULE_SETS[name]``, checked against the reference."""
    rules = RULE_SETS[name]
    result: list[tuple[Play, RefReading]] = []
    for cards in small_card_sets(rules):
        result += paired(cards, rules)
    return tuple(result)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_small_card_set_reads_as_the_reference(name: str) -> None:
    readings = enumeration(name)
    kinds = Counter(play.kind for play, _ in readings)
    # Sanity: the enumeration reached the kinds every rule set here has.
    assert {Kind.SINGLE, Kind.PAIR, Kind.STRAIGHT, Kind.PAIR_RUN} <= set(kinds)
    assert kinds[Kind.TRIPLE] or kinds[Kind.TRIPLE_BOMB]


def _comparison_group(play: Play, ref: RefReading, rules: Rules) -> tuple[object, ...]:
    """Plays that may meet: bombs together, straights with straight flushes, else kind and size."""
    if is_bomb(ref, rules):
        return ("bomb",)
    if ref.kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
        return ("straight", len(play.cards))
    return (ref.kind, len(play.cards))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(RULE_SETS))
def test_beats_agrees_on_pairs_from_the_enumeration(name: str) -> None:
    rules = RULE_SETS[name]
    readings = enumeration(name)
    groups: dict[tuple[object, ...], list[tuple[Play, RefReading]]] = defaultdict(list)
    for item in readings:
        groups[_comparison_group(*item, rules)].append(item)
    names = sorted(groups, key=repr)
    bombs = groups.get(("bomb",), [])
    rng = random.Random(f"pairs {name}")
    for _ in range(3000):
        group = groups[rng.choice(names)]
        check_pair(rng.choice(group), rng.choice(group), rules)
    for _ in range(800):
        if bombs:
            check_pair(rng.choice(bombs), rng.choice(readings), rules)
        check_pair(rng.choice(readings), rng.choice(readings), rules)


# ---------------------------------------------------------------------------
# Every run, up to thirteen ranks, under every run order


@pytest.mark.slow
@pytest.mark.parametrize("run_order", ["no_two", "two_low", "two_high", "either_end"])
def test_every_run_shape_reads_and_compares_as_the_reference(run_order: RunOrder) -> None:
    """Each set of plain ranks, each rank once (mixed, all ♠, all ♦), twice or three times."""
    rules_by_ranking = {
        ranking: Rules(
            run_order=run_order,
            straight_ranking=ranking,
            min_straight=3,
            straight_flush="distinct",
            suit_order="DCHS",
            straights_by_suit=True,
        )
        for ranking in ("wheels_high", "top_card")
    }
    for ranking, rules in rules_by_ranking.items():
        groups: dict[tuple[object, ...], list[tuple[Play, RefReading]]] = defaultdict(list)
        for size in range(2, 14):
            for ranks in combinations(PLAIN_RANKS, size):
                mixed = _assign(ranks, [Suit(i % 4) for i in range(size)])
                sets = [mixed, _assign(ranks, [S] * size)]
                if ranking == "wheels_high":  # pair and triple runs ignore straight_ranking
                    sets.append(_assign(ranks, [D] * size))
                    sets += [
                        _assign(
                            sorted(ranks * width),
                            [Suit((i + j) % 4) for i in range(size) for j in range(width)],
                        )
                        for width in (2, 3)
                    ]
                for cards in sets:
                    for item in paired(cards, rules):
                        groups[_comparison_group(*item, rules)].append(item)
        for group in groups.values():
            rng = random.Random(f"{run_order} {ranking} {len(group)}")
            sample = group if len(group) <= 40 else rng.sample(group, 40)
            for first, second in combinations(sample, 2):
                check_pair(first, second, rules)


# ---------------------------------------------------------------------------
# Random card sets and random rule sets (hypothesis)


_RARELY = st.sampled_from([False] * 7 + [True])


@st.composite
def random_rules(draw: st.DrawFn, decks: int | None = None) -> Rules:
    """A random rule set of the R3/R4 options; sets that ``Rules`` refuses are filtered out.

    Options that would clash are drawn so that clashes are rare but happen.
    """
    deck_count = draw(st.sampled_from([1, 2])) if decks is None else decks
    jokers = draw(st.booleans())
    suit_order = draw(st.sampled_from([None, "DCHS", "SHCD", "CSDH"]))
    four = draw(st.sampled_from(["plain", "bomb", "bomb_with_kicker"]))

    def maybe(fits: bool) -> bool:
        return draw(st.booleans()) if fits else draw(_RARELY)

    options: dict[str, Any] = {
        "decks": deck_count,
        "jokers": jokers,
        "suit_order": suit_order,
        "singles_by_suit": maybe(suit_order is not None),
        "pairs_by_suit": maybe(suit_order is not None),
        "straights_by_suit": maybe(suit_order is not None),
        "min_straight": draw(st.integers(3, 6)),
        "min_pair_run": draw(st.integers(2, 4)),
        "min_triple_run": draw(st.integers(2, 3)),
        "full_house": draw(st.booleans()),
        "triple_with_single": draw(st.booleans()),
        "four_of_a_kind": four,
        "straight_flush": draw(st.sampled_from(["none", "distinct", "beats_straights", "bomb"])),
        "joker_bomb": maybe(jokers),
        "joker_pairs": maybe(jokers and deck_count == 2),
        "triple_bomb": maybe(deck_count == 1),
        "run_order": draw(st.sampled_from(["no_two", "two_low", "two_high", "either_end"])),
        "straight_ranking": draw(st.sampled_from(["top_card", "wheels_high"])),
        "bomb_order": draw(st.sampled_from(["size_then_rank", "rank_only"])),
        "revolution": maybe(four == "plain"),
    }
    try:
        return Rules(**options)
    except InvalidRulesError:
        reject()


class _Pool:
    """The cards still available from the rules' deck while a card set is drawn."""

    def __init__(self, rules: Rules) -> None:
        self.left = Counter(rules.deck())

    def take(self, draw: st.DrawFn, rank: Rank, suit: Suit | None = None) -> Card | None:
        choices = sorted(
            card
            for card, count in self.left.items()
            if count and card.rank == rank and (suit is None or card.suit == suit)
        )
        if not choices:
            return None
        card = draw(st.sampled_from(choices))
        self.left[card] -= 1
        return card

    def take_any(self, draw: st.DrawFn) -> Card | None:
        choices = sorted(card for card, count in self.left.items() if count)
        if not choices:
            return None
        card = draw(st.sampled_from(choices))
        self.left[card] -= 1
        return card


# The widest run line (either_end), so that runs illegal under a run order are drawn too.
_LINE = [Rank.ACE, Rank.TWO, *PLAIN_RANKS[:-2], Rank.ACE, Rank.TWO]


Shape = tuple[Any, ...]


@st.composite
def shapes(draw: st.DrawFn, max_size: int = 12) -> Shape:
    """The shape of a card set: random, or like a combination (its ranks are drawn later).

    ``("random", size)``, ``("group", count)``, ``("attached", count, sizes)``,
    ``("run", width, length, flush)`` or ``("jokers", black, red, extra)``.
    """
    name = draw(st.sampled_from(["random", "group", "attached", "run", "run", "jokers"]))
    if name == "random":
        return (name, draw(st.integers(0, max_size)))
    if name == "group":
        return (name, draw(st.integers(1, min(8, max_size))))
    if name == "attached":
        sizes = draw(st.lists(st.integers(1, 2), min_size=1, max_size=2))
        return (name, draw(st.integers(3, 4)), tuple(sizes))
    if name == "run":
        width = draw(st.integers(1, 3))
        flush = width == 1 and draw(st.booleans())
        return (name, width, draw(st.integers(2, min(13, max_size // width))), flush)
    return (name, draw(st.integers(0, 2)), draw(st.integers(0, 2)), draw(st.integers(0, 1)))


@st.composite
def similar_shapes(draw: st.DrawFn, shape: Shape, max_size: int = 12) -> Shape:
    """Mostly the same shape (so that the two sets meet), a group of another size, or any."""
    choice = draw(st.sampled_from(["same", "same", "resized", "any"]))
    if choice == "any":
        return draw(shapes(max_size))
    if choice == "resized" and shape[0] == "group":
        return ("group", draw(st.integers(1, min(8, max_size))))
    if choice == "resized" and shape[0] == "run":
        _, width, _, flush = shape
        return ("run", width, draw(st.integers(2, min(13, max_size // width))), flush)
    return shape


@st.composite
def card_sets(
    draw: st.DrawFn,
    rules: Rules,
    max_size: int = 12,
    shape: Shape | None = None,
    mutate: bool = True,
) -> tuple[Card, ...]:
    """A card set of the rules' deck of the given (or a random) shape, maybe mutated.

    Cards the deck does not hold any more are left out, so the set may fall short
    of its shape.
    """
    pool = _Pool(rules)
    if shape is None:
        shape = draw(shapes(max_size))
    name = shape[0]
    cards: list[Card | None] = []
    if name == "random":
        cards = [pool.take_any(draw) for _ in range(shape[1])]
    elif name == "group":
        rank = draw(st.sampled_from(PLAIN_RANKS))
        cards = [pool.take(draw, rank) for _ in range(shape[1])]
    elif name == "attached":
        main = draw(st.sampled_from(PLAIN_RANKS))
        others = draw(
            st.lists(
                st.sampled_from([*JOKERS, *PLAIN_RANKS]).filter(lambda rank: rank != main),
                min_size=len(shape[2]),
                max_size=len(shape[2]),
                unique=True,
            )
        )
        cards = [pool.take(draw, main) for _ in range(shape[1])]
        for other, size in zip(others, shape[2], strict=True):
            cards += [pool.take(draw, other) for _ in range(size)]
    elif name == "run":
        _, width, length, flush = shape
        start = draw(st.integers(0, len(_LINE) - 1))
        suit = draw(st.sampled_from(list(Suit))) if flush else None
        ranks = _LINE[start : start + length]
        cards = [pool.take(draw, rank, suit) for rank in ranks for _ in range(width)]
    else:
        _, black, red, extra = shape
        cards = [pool.take(draw, Rank.BLACK_JOKER) for _ in range(black)]
        cards += [pool.take(draw, Rank.RED_JOKER) for _ in range(red)]
        cards += [pool.take_any(draw) for _ in range(extra)]
    found = [card for card in cards if card is not None]
    mutation = draw(st.sampled_from(["none", "none", "none", "add", "remove"])) if mutate else "none"
    if mutation == "add" and len(found) < max_size:
        extra_card = pool.take_any(draw)
        found += [extra_card] if extra_card is not None else []
    elif mutation == "remove" and found:
        found.pop(draw(st.integers(0, len(found) - 1)))
    return tuple(found[:max_size])


# Cheap examples: five times the profile's number (350 under HYPOTHESIS_PROFILE=ci).
EXAMPLES = settings(max_examples=5 * settings().max_examples)
# (Zheng Shangyou's presets, RULES.md section 9: the family's have tests/reference_family.py.)
PRESET_RULES = [Rules.preset(name) for name in Rules.preset_names()[:4]]
ONE_DECK_PRESETS = [rules for rules in PRESET_RULES if rules.decks == 1]


@EXAMPLES
@given(st.data())
def test_random_one_deck_sets_read_as_the_reference(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from(ONE_DECK_PRESETS), label="rules")
    paired(data.draw(card_sets(rules, max_size=8), label="cards"), rules)


@EXAMPLES
@given(st.data())
def test_random_two_deck_sets_read_as_the_reference(data: st.DataObject) -> None:
    rules = Rules.preset("two-deck")
    paired(data.draw(card_sets(rules), label="cards"), rules)


@EXAMPLES
@given(st.data())
def test_random_rules_read_as_the_reference(data: st.DataObject) -> None:
    rules = data.draw(random_rules(), label="rules")
    paired(data.draw(card_sets(rules), label="cards"), rules)


@EXAMPLES
@given(st.data())
def test_random_pairs_compare_as_the_reference(data: st.DataObject) -> None:
    rules = data.draw(st.one_of(st.sampled_from(PRESET_RULES), random_rules()), label="rules")
    shape = data.draw(shapes(), label="shape")
    first = paired(data.draw(card_sets(rules, shape=shape), label="first"), rules)
    other_shape = data.draw(similar_shapes(shape), label="second shape")
    second = paired(data.draw(card_sets(rules, shape=other_shape), label="second"), rules)
    for one in first:
        for other in second:
            check_pair(one, other, rules)
