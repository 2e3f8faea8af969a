"""The catalogue of combinations (R3, R4.6, R3.17, R3.18): which kinds a rule set has,
which are bombs, and that derived tables are kept per rule set, not on it.

The expected kinds are read off RULES.md: the table of section 3 (which option
enables each kind), R3.17 (which reading a triple, a quad and a suited straight
get) and R4.6 (which kinds are bombs).
"""

from __future__ import annotations

import pickle

import attrs
import pytest

from zhengshangyou import Hand, Kind, Rules, legal_plays
from zhengshangyou.combinations import Shape, catalogue
from zhengshangyou.moves import tables_of
from zhengshangyou.plays import reader
from zhengshangyou.rankplays import rank_plays

K = Kind
# (preset, kinds that exist, bombs), from RULES.md sections 3, 4 and 9.
PRESET_KINDS = [
    ("zhengshangyou",
     {K.SINGLE, K.PAIR, K.TRIPLE, K.FULL_HOUSE, K.STRAIGHT, K.PAIR_RUN, K.TRIPLE_RUN, K.BOMB,
      K.JOKER_BOMB},
     {K.BOMB, K.JOKER_BOMB}),
    ("winner",
     {K.SINGLE, K.PAIR, K.TRIPLE, K.FULL_HOUSE, K.FOUR_OF_A_KIND, K.STRAIGHT, K.STRAIGHT_FLUSH,
      K.PAIR_RUN, K.TRIPLE_RUN},
     set()),
    ("winner-classic",
     {K.SINGLE, K.PAIR, K.TRIPLE, K.FULL_HOUSE, K.STRAIGHT, K.STRAIGHT_FLUSH, K.PAIR_RUN,
      K.TRIPLE_RUN, K.BOMB_WITH_KICKER},
     {K.BOMB_WITH_KICKER, K.STRAIGHT_FLUSH}),
    ("two-deck",
     {K.SINGLE, K.PAIR, K.TRIPLE, K.FULL_HOUSE, K.STRAIGHT, K.STRAIGHT_FLUSH, K.PAIR_RUN,
      K.TRIPLE_RUN, K.BOMB, K.JOKER_BOMB, K.AIRPLANE_WITH_PAIRS},
     {K.BOMB, K.JOKER_BOMB}),
]


@pytest.mark.parametrize(("preset", "kinds", "bombs"), PRESET_KINDS, ids=[p for p, _, _ in PRESET_KINDS])
def test_R3_R4_6_each_preset_has_the_kinds_and_bombs_of_the_spec(
    preset: str, kinds: set[Kind], bombs: set[Kind]
) -> None:
    found = catalogue(Rules.preset(preset))
    assert {combination.kind for combination in found} == kinds
    assert {combination.kind for combination in found.bombs} == bombs
    assert {combination.kind for combination in found.left_out} == set(Kind) - kinds


@pytest.mark.parametrize(
    ("options", "present", "absent"),
    [
        ({"triple_bomb": True, "jokers": False, "joker_bomb": False}, K.TRIPLE_BOMB, K.TRIPLE),
        ({"triple_with_single": True}, K.TRIPLE_WITH_SINGLE, None),
        ({"full_house": False}, None, K.FULL_HOUSE),
        ({"straight_flush": "distinct"}, K.STRAIGHT_FLUSH, None),
        ({"airplane_wings": "singles"}, K.AIRPLANE_WITH_SINGLES, K.AIRPLANE_WITH_PAIRS),
        ({"airplane_wings": "singles_or_pairs"}, K.AIRPLANE_WITH_PAIRS, None),
        ({"four_of_a_kind": "plain"}, K.FOUR_OF_A_KIND, K.BOMB),
    ],
)
def test_R3_17_R3_18_an_option_enables_its_kind(
    options: dict[str, object], present: Kind | None, absent: Kind | None
) -> None:
    found = catalogue(Rules(**options))  # type: ignore[arg-type]
    assert present is None or present in found
    assert absent is None or absent not in found


def test_R3_18_airplanes_are_runs_of_triples_with_wings_and_never_bombs() -> None:
    found = catalogue(Rules(airplane_wings="singles_or_pairs", min_triple_run=3))
    singles, pairs = found[K.AIRPLANE_WITH_SINGLES], found[K.AIRPLANE_WITH_PAIRS]
    assert (singles.shape, singles.width, singles.attached, singles.minimum) == (Shape.RUN, 3, 1, 3)
    assert (pairs.shape, pairs.width, pairs.attached, pairs.minimum) == (Shape.RUN, 3, 2, 3)
    assert not singles.is_bomb
    assert not pairs.is_bomb
    assert singles.family is K.AIRPLANE_WITH_SINGLES
    assert pairs.family is K.AIRPLANE_WITH_PAIRS
    # R4.1, R4.4: an airplane is answered by its own kind and by bombs only.
    assert {c.kind for c in found.answering(K.AIRPLANE_WITH_PAIRS)} == {
        K.AIRPLANE_WITH_PAIRS, K.BOMB, K.JOKER_BOMB
    }


def test_R4_8_only_four_of_a_kind_flips_the_order_under_revolution() -> None:
    found = catalogue(Rules(four_of_a_kind="plain", revolution=True))
    assert [c.kind for c in found if c.flips_order] == [K.FOUR_OF_A_KIND]
    assert not any(c.flips_order for c in catalogue(Rules(four_of_a_kind="plain")))


def test_equal_rule_sets_share_their_derived_tables_and_unequal_ones_do_not() -> None:
    for derive in (catalogue, reader, rank_plays, lambda rules: tables_of(rules, True)):
        assert derive(Rules.preset("winner")) is derive(Rules.preset("winner"))
        assert derive(Rules.preset("winner")) is not derive(Rules.preset("winner", players=3))


def test_rules_hold_no_derived_tables_and_pickle_small() -> None:
    rules = Rules.preset("winner")
    list(legal_plays(Hand.parse("3D 4D 5D 6S 7S 8S 9H"), rules))
    # Every field of Rules is an option: no memo rides on the rule set.
    assert [field.name for field in attrs.fields(Rules)] == list(Rules.option_names())
    data = pickle.dumps(rules)
    assert b"Play" not in data
    assert b"Tables" not in data
    assert len(data) < 4000
    copy = pickle.loads(data)
    assert copy == rules
    assert tables_of(copy, True) is tables_of(rules, True)


ALWAYS = {K.SINGLE, K.PAIR, K.STRAIGHT, K.PAIR_RUN, K.TRIPLE_RUN}  # RULES.md section 3: "always"


def test_R3_17_every_kind_an_option_can_leave_out_says_which_option_it_needs() -> None:
    rule_sets = [Rules(), Rules(triple_bomb=True, jokers=False, joker_bomb=False),
                 Rules(four_of_a_kind="plain", full_house=False), Rules(four_of_a_kind="bomb_with_kicker")]
    left_out = {c.kind: c for rules in rule_sets for c in catalogue(rules).left_out}
    assert set(left_out) == set(Kind) - ALWAYS
    for kind, combination in left_out.items():
        reason, rule = combination.off
        assert reason, kind
        assert rule.startswith(("R3.", "D5.", "B3.")), kind
