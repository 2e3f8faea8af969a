"""Properties of reading and comparing plays, under every preset and random valid rules.

* ``beats`` is a strict partial order on plays (R4.1, R4.2): irreflexive,
  asymmetric and transitive, with and without revolution (R4.8).
* A bomb beats every non-bomb (R4.6); nothing beats the joker bomb (R3.12, R4.6).
* ``classify`` on any card set returns a reading or raises
  InvalidCombinationError / AmbiguousPlayError with a message and a rule id (R3.16).

Which kinds are bombs is taken from RULES.md (R3.10, R3.12, R3.14, R4.6), not from
the library. The card-set and rule-set strategies are those of
``tests/test_plays_reference.py``.
"""

from __future__ import annotations

import re
from itertools import product

import attrs
from hypothesis import event, given, settings
from hypothesis import strategies as st

from test_plays_reference import (
    EXAMPLES,
    PRESET_RULES,
    Shape,
    card_sets,
    random_rules,
    shapes,
    similar_shapes,
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
    classify,
    classify_all,
)
from zhengshangyou.plays import new_play

RULE_ID = re.compile(r"R\d+(\.\d+)*")
# The presets, two rule sets where plays often read two ways (R3.16), and random rules.
SOME_RULES = [
    *PRESET_RULES,
    Rules.preset("two-deck", straight_flush="distinct"),
    Rules.preset("winner", straight_flush="distinct", triple_bomb=True),
]
ANY_RULES = st.one_of(st.sampled_from(SOME_RULES), random_rules())
JOKER_BOMB_RULES = st.one_of(
    st.sampled_from([rules for rules in SOME_RULES if rules.joker_bomb]),
    random_rules().filter(lambda rules: rules.joker_bomb),
)


def is_bomb(play: Play, rules: Rules) -> bool:
    """R4.6: bombs of a rank, triple bombs, the joker bomb, and straight flushes under "bomb"."""
    if play.kind is Kind.STRAIGHT_FLUSH:
        return rules.straight_flush == "bomb"
    return play.kind in (Kind.BOMB, Kind.BOMB_WITH_KICKER, Kind.TRIPLE_BOMB, Kind.JOKER_BOMB)


def bomb_shapes(rules: Rules) -> list[Shape]:
    """Shapes of card sets that are bombs under ``rules`` (see ``shapes``)."""
    found: list[Shape] = []
    if rules.four_of_a_kind == "bomb":
        found += [("group", count) for count in range(4, 4 * rules.decks + 1)]
    if rules.four_of_a_kind == "bomb_with_kicker":
        found.append(("attached", 4, (1,)))
    if rules.triple_bomb:
        found.append(("group", 3))
    if rules.straight_flush == "bomb":
        found += [("run", 1, length, True) for length in range(rules.min_straight, 13)]
    if rules.joker_bomb:
        found.append(("jokers", rules.decks, rules.decks, 0))
    return found


@st.composite
def play_pools(draw: st.DrawFn, rules: Rules) -> list[Play]:
    """Readings of a few card sets, mostly of one shape so that they meet, plus maybe a bomb."""
    shape = draw(shapes())
    sets = [draw(card_sets(rules, shape=shape))]
    sets += [
        draw(card_sets(rules, shape=draw(similar_shapes(shape))))
        for _ in range(draw(st.integers(2, 5)))
    ]
    bombs = bomb_shapes(rules)
    add_bomb = draw(st.booleans())
    if bombs and add_bomb:
        sets.append(draw(card_sets(rules, shape=draw(st.sampled_from(bombs)), mutate=False)))
    return [play for cards in sets for play in classify_all(cards, rules)]


# Pools of plays under a random rule set each: twice the profile's number (a rule
# set is read cold in every example, which makes these the slowest of the file).
POOLS = settings(max_examples=2 * settings().max_examples)


@POOLS
@given(ANY_RULES, st.data(), st.booleans())
def test_beats_is_a_strict_order(rules: Rules, data: st.DataObject, revolution: bool) -> None:
    plays = data.draw(play_pools(rules), label="plays")
    beaten = {
        (i, j): beats(a, b, revolution=revolution)
        for (i, a), (j, b) in product(enumerate(plays), repeat=2)
    }
    chains = 0
    for i, a in enumerate(plays):
        assert not beaten[i, i], f"{a!r} beats itself"
        for j, b in enumerate(plays):
            if beaten[i, j]:
                assert not beaten[j, i], f"{a!r} and {b!r} beat each other"
                for k, c in enumerate(plays):
                    if beaten[j, k]:
                        chains += 1
                        assert beaten[i, k], f"{a!r} > {b!r} > {c!r} but not {a!r} > {c!r}"
    event("a chain of three plays" if chains else "no chain")


@POOLS
@given(ANY_RULES, st.data(), st.booleans())
def test_a_bomb_beats_every_non_bomb(rules: Rules, data: st.DataObject, revolution: bool) -> None:
    bombs = bomb_shapes(rules)
    plays = data.draw(play_pools(rules), label="plays")
    if bombs:
        bomb_set = data.draw(card_sets(rules, shape=data.draw(st.sampled_from(bombs))))
        plays += classify_all(bomb_set, rules)
    for bomb in plays:
        assert bomb.is_bomb == is_bomb(bomb, rules), bomb
        if not is_bomb(bomb, rules):
            continue
        event(f"bomb: {bomb.kind.value}")
        for other in plays:
            if not is_bomb(other, rules):
                assert beats(bomb, other, revolution=revolution), (bomb, other)
                assert not beats(other, bomb, revolution=revolution), (other, bomb)


@POOLS
@given(JOKER_BOMB_RULES, st.data(), st.booleans())
def test_nothing_beats_the_joker_bomb(rules: Rules, data: st.DataObject, revolution: bool) -> None:
    jokers = [Card(Rank.BLACK_JOKER), Card(Rank.RED_JOKER)] * rules.decks
    joker_bomb = classify(jokers, rules)
    assert joker_bomb.kind is Kind.JOKER_BOMB
    plays = data.draw(play_pools(rules), label="plays")
    bombs = bomb_shapes(rules)
    plays += classify_all(data.draw(card_sets(rules, shape=data.draw(st.sampled_from(bombs)))), rules)
    for play in [*plays, joker_bomb]:
        assert not beats(play, joker_bomb, revolution=revolution), play
        if play.kind is not Kind.JOKER_BOMB:
            assert beats(joker_bomb, play, revolution=revolution), play


@EXAMPLES
@given(ANY_RULES, st.data(), st.one_of(st.none(), st.sampled_from(list(Kind))))
def test_classify_raises_only_typed_errors_with_a_rule(
    rules: Rules, data: st.DataObject, kind: Kind | None
) -> None:
    cards = data.draw(card_sets(rules), label="cards")
    readings = classify_all(cards, rules)
    assert isinstance(readings, list)
    assert all(isinstance(play, Play) for play in readings)
    matching = [play for play in readings if kind is None or play.kind is kind]
    outcome: Play | InvalidCombinationError | AmbiguousPlayError
    try:
        outcome = classify(cards, rules, kind=kind)
    except (InvalidCombinationError, AmbiguousPlayError) as caught:
        outcome = caught
    if isinstance(outcome, Play):
        # One reading, or readings of one kind (runs placed two ways, R3.15): the
        # strongest is meant (R3.16, library ruling).
        assert outcome in matching
        assert {play.kind for play in matching} == {outcome.kind}
        assert all(play.key <= outcome.key for play in matching)
        return
    message = str(outcome)
    event(f"{type(outcome).__name__} {outcome.rule}")
    assert message.strip()
    assert outcome.rule is not None
    assert RULE_ID.fullmatch(outcome.rule), outcome.rule
    assert outcome.rule in message
    if isinstance(outcome, AmbiguousPlayError):
        assert len({play.kind for play in matching}) >= 2
        assert sorted(map(repr, outcome.readings)) == sorted(map(repr, matching))
    else:
        assert matching == []



@EXAMPLES
@given(ANY_RULES, st.data())
def test_R3_plays_built_fast_equal_plays_built_by_their_constructor(
    rules: Rules, data: st.DataObject
) -> None:
    # The reader and the move generator build plays through new_play, which sets the
    # slots directly: every slot of a Play must be set, and the play must be the one
    # its attrs constructor builds, in every field, in equality and in its hash.
    slots = [slot for slot in vars(Play)["__slots__"] if slot != "__weakref__"]
    assert set(slots) == {field.name for field in attrs.fields(Play)} | {"_attrs_cached_hash"}
    cards = data.draw(card_sets(rules), label="cards")
    for play in classify_all(cards, rules):
        fields = (play.kind, play.cards, play.key, play.rev_key, play.family, play.is_bomb)
        built, fast = Play(*fields), new_play(*fields)
        assert [getattr(fast, slot) for slot in slots] == [getattr(built, slot) for slot in slots]
        assert fast == built
        assert hash(fast) == hash(built)
        assert repr(fast) == repr(built)
