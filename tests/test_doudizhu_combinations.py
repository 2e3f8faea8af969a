"""Dou Dizhu's combinations and kicker policies (FAMILY.md D1, D5, D6, D11, D12; issue 36).

:data:`PRESETS` holds, per preset, the combination options FAMILY.md D10 gives it, on
top of :data:`COMMON` (three players, 54 cards, chains of 3…A), as the specification
states them; the tests play under the library's presets ``doudizhu``, ``douzero``,
``rlcard`` and ``openspiel``, which must have exactly those options. The tests are named
after the rule ids.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import os
import random
from pathlib import Path
from typing import Any

import pytest

from reference import ref_kinds
from zhengshangyou import Kind, Rules
from zhengshangyou.bots import plan_length
from zhengshangyou.cards import Card
from zhengshangyou.combinations import catalogue
from zhengshangyou.counting import count_card_view
from zhengshangyou.errors import InvalidRulesError
from zhengshangyou.hand import Hand
from zhengshangyou.moves import legal_plays
from zhengshangyou.plays import Play, beats, classify_all
from zhengshangyou.rankplays import rank_plays

#: What every Dou Dizhu preset shares (D1, D5, D6): chains 3…A (``no_two``) of at least
#: 5 singles, 3 pairs, 2 trios; trio + single, trio + pair, airplanes with either
#: wings; bombs of four; the rocket.
COMMON: dict[str, Any] = {
    "players": 3,
    "jokers": True,
    "run_order": "no_two",
    "min_straight": 5,
    "min_pair_run": 3,
    "min_triple_run": 2,
    "triple_with_single": True,
    "full_house": True,
    "airplane_wings": "singles_or_pairs",
    "four_of_a_kind": "bomb",
    "joker_bomb": True,
}

#: The combination options of each preset (D10).
PRESETS: dict[str, dict[str, Any]] = {
    "doudizhu": {"four_with_two": True, "kicker_repeat": "distinct", "rocket_in_kickers": False,
                 "wing_trio_adjacent": False},
    "douzero": {"four_with_two": True, "kicker_repeat": "any", "rocket_in_kickers": True,
                "wing_trio_adjacent": False},
    "rlcard": {"four_with_two": True, "kicker_repeat": "up_to_3", "rocket_in_kickers": False,
               "wing_trio_adjacent": False},
    "openspiel": {"four_with_two": False, "kicker_repeat": "up_to_3", "rocket_in_kickers": False,
                  "wing_trio_adjacent": True},
}
ALL = tuple(PRESETS)


def rules_of(name: str) -> Rules:
    """The library's preset ``name``."""
    return Rules.preset(name)


def cards(text: str) -> tuple[Card, ...]:
    """Cards from ranks: ``"333 4 BJ RJ"``; copies of a rank take the suits D, C, H, S
    in turn (suits never matter in Dou Dizhu, D1.1)."""
    found: list[Card] = []
    seen: dict[str, int] = {}
    for word in text.split():
        for token in ([word] if word in ("BJ", "RJ") else list(word)):
            copy = seen.get(token, 0)
            seen[token] = copy + 1
            name = token if token in ("BJ", "RJ") else ("10" if token == "T" else token) + "DCHS"[copy]
            found.append(Card.parse(name))
    return tuple(found)


def kinds(text: str, preset: str) -> list[str]:
    """The kinds of every reading of the cards under a preset's options (R3.16, D5.17)."""
    return sorted(play.kind.value for play in classify_all(cards(text), rules_of(preset)))


def play(text: str, preset: str, kind: Kind | None = None) -> Play:
    readings = classify_all(cards(text), rules_of(preset))
    if kind is not None:
        readings = [reading for reading in readings if reading.kind is kind]
    (found,) = readings
    return found


def test_D10_the_presets_have_the_combination_options_of_the_table() -> None:
    for name in ALL:
        preset = Rules.preset(name)
        for option, value in {**COMMON, **PRESETS[name]}.items():
            assert getattr(preset, option) == value, (name, option)


# --- D12: validation ---------------------------------------------------------------


def test_D12_wing_trio_adjacent_with_distinct_wings_is_refused_naming_both() -> None:
    with pytest.raises(InvalidRulesError, match="wing_trio_adjacent") as caught:
        Rules(kicker_repeat="distinct", wing_trio_adjacent=True)
    assert set(caught.value.options) == {"wing_trio_adjacent", "kicker_repeat"}
    # Unset, it is False under distinct (and up_to_3) wings: no clash (library ruling).
    assert Rules(kicker_repeat="distinct").adjacent_wing_trios is False
    assert Rules(kicker_repeat="up_to_3").adjacent_wing_trios is False


@pytest.mark.parametrize(
    ("option", "value"),
    [("four_with_two", "yes"), ("kicker_repeat", "two"), ("rocket_in_kickers", 1),
     ("wing_trio_adjacent", "no")],
)
def test_D12_a_bad_value_of_a_combination_option_is_refused_naming_it(option: str, value: object) -> None:
    options: dict[str, Any] = {option: value}
    with pytest.raises(InvalidRulesError, match=f"^{option} must be") as caught:
        Rules(**options)
    assert caught.value.options == (option,)


def test_D12_defaults_keep_the_library_rulings_of_R3_19() -> None:
    rules = Rules()
    assert (rules.four_with_two, rules.kicker_repeat, rules.rocket_in_kickers) == (False, "any", True)
    assert rules.wing_trio_adjacent is None
    assert rules.adjacent_wing_trios is True
    assert Rules.from_dict(rules_of("douzero").to_dict()) == rules_of("douzero")


# --- DE: the rulings ---------------------------------------------------------------


@pytest.mark.parametrize("preset", ALL)
def test_DE1_333444_55_is_an_airplane_with_singles_except_under_doudizhu(preset: str) -> None:
    expected = [] if preset == "doudizhu" else ["airplane_with_singles"]
    assert kinds("333444 55", preset) == expected


@pytest.mark.parametrize("preset", ALL)
def test_DE2_the_rocket_as_wings_only_under_douzero_333_RJ_everywhere(preset: str) -> None:
    expected = ["airplane_with_singles"] if preset == "douzero" else []
    assert kinds("333444 BJ RJ", preset) == expected
    assert kinds("333 RJ", preset) == ["triple_with_single"]


@pytest.mark.parametrize("preset", ALL)
def test_DE3_four_with_the_rocket_or_a_pair_as_two_singles(preset: str) -> None:
    four_two = ["four_with_two_singles"]
    assert kinds("4444 BJ RJ", preset) == (four_two if preset == "douzero" else [])
    assert kinds("4444 55", preset) == (four_two if preset in ("douzero", "rlcard") else [])


@pytest.mark.parametrize("preset", ALL)
def test_DE4_four_with_two_pairs_and_two_quads_are_nothing(preset: str) -> None:
    expected = [] if preset == "openspiel" else ["four_with_two_pairs"]
    assert kinds("4444 55 66", preset) == expected
    assert kinds("44445555", preset) == []  # RD-D5: DouZero reads it, never generates it
    assert kinds("33334444", preset) == []


@pytest.mark.parametrize("preset", ALL)
def test_DE5_a_trio_of_wings(preset: str) -> None:
    expected = [] if preset == "doudizhu" else ["airplane_with_singles"]
    assert kinds("333444555 777", preset) == expected
    four = kinds("333444555666", preset)
    if preset == "openspiel":  # 333444555+666 and 444555666+333 too (D5.15, D5.17)
        assert four == ["airplane_with_singles", "airplane_with_singles", "triple_run"]
    else:
        assert four == ["triple_run"]
    assert kinds("QQQKKKAAA 222", "rlcard") == ["airplane_with_singles"]  # 2 is no neighbour


@pytest.mark.parametrize("preset", ALL)
def test_DE6_twos_never_chain_and_3333_4_is_nothing(preset: str) -> None:
    for text in ("JQKA2", "QQKKAA22", "KKKAAA222", "3333 4"):
        assert kinds(text, preset) == [], text
    assert kinds("TJQKA", preset) == ["straight"]


@pytest.mark.parametrize("preset", ["doudizhu", "douzero", "rlcard"])
def test_DE7_four_with_two_loses_to_a_bomb_a_bomb_to_the_rocket(preset: str) -> None:
    rules = rules_of(preset)
    four_two = play("4444 55 66", preset)
    bomb, rocket = play("3333", preset), play("BJ RJ", preset)
    assert not four_two.is_bomb
    assert beats(bomb, four_two, rules)
    assert not beats(four_two, bomb, rules)
    assert beats(rocket, bomb, rules)
    assert not beats(bomb, rocket, rules)
    # After the rocket no play is legal, bombs included (RD-D1).
    hand = Hand(cards("2222 AAAA 3 4 55"))
    assert list(legal_plays(hand, rules, rocket)) == []
    assert list(legal_plays(hand, rules, rocket, view="cards")) == []


@pytest.mark.parametrize("preset", ALL)
def test_DE8_a_chain_may_start_on_a_rank_held_four_times(preset: str) -> None:
    rules = rules_of(preset)
    hand = Hand(cards("TTTT JQKA"))
    top = play("9TJQK", preset)
    answers = {str(answer) for answer in legal_plays(hand, rules, top)}
    assert "10D JD QD KD AD" in answers  # RD-D2: OpenSpiel never offers it
    assert "10D 10C 10H 10S" in answers


# --- D1, D5, D6: one test per rule id ----------------------------------------------


def test_D1_1_ranks_3_to_the_red_joker_54_cards() -> None:
    rules = rules_of("doudizhu")
    assert rules.deck_size == 54
    singles = [play(text, "doudizhu") for text in ("3", "K", "A", "2", "BJ", "RJ")]
    assert all(beats(high, low, rules) for low, high in itertools.pairwise(singles))


@pytest.mark.parametrize("preset", ALL)
def test_D5_1_to_D5_3_single_pair_trio_and_no_joker_pair(preset: str) -> None:
    assert kinds("RJ", preset) == ["single"]
    assert kinds("22", preset) == ["pair"]
    assert kinds("BJ RJ", preset) == ["joker_bomb"]  # D5.2: BJ+RJ is no pair (D5.14)
    assert kinds("KKK", preset) == ["triple"]


@pytest.mark.parametrize("preset", ALL)
def test_D5_4_D5_5_trio_with_a_single_or_a_pair(preset: str) -> None:
    assert kinds("333 RJ", preset) == ["triple_with_single"]
    assert kinds("333 22", preset) == ["full_house"]
    assert kinds("333 45", preset) == []


@pytest.mark.parametrize("preset", ALL)
def test_D5_6_D5_7_D5_8_chains_of_5_pair_chains_of_3_airplanes_of_2(preset: str) -> None:
    assert kinds("34567", preset) == ["straight"]
    assert kinds("3456", preset) == []
    assert kinds("3456789TJQKA", preset) == ["straight"]
    assert kinds("334455", preset) == ["pair_run"]
    assert kinds("3344", preset) == []
    assert kinds("333444", preset) == ["triple_run"]
    assert kinds("A2345", preset) == []  # no wrap, no 2


@pytest.mark.parametrize("preset", ALL)
def test_D5_9_airplane_with_singles_never_of_its_own_ranks(preset: str) -> None:
    assert kinds("333444 6 7", preset) == ["airplane_with_singles"]
    assert kinds("333444 4 7", preset) == []


@pytest.mark.parametrize("preset", ALL)
def test_D5_10_airplane_with_pairs_2s_allowed_no_mix_no_repeat(preset: str) -> None:
    assert kinds("333444 66 22", preset) == ["airplane_with_pairs"]
    assert kinds("333444 6 77", preset) == []  # singles and pairs never mixed
    assert "airplane_with_pairs" not in kinds("333444 6666", preset)  # k different ranks


@pytest.mark.parametrize("preset", ["doudizhu", "douzero", "rlcard"])
def test_D5_11_D5_12_four_with_two(preset: str) -> None:
    assert kinds("2222 3 5", preset) == ["four_with_two_singles"]
    assert kinds("4444 55 22", preset) == ["four_with_two_pairs"]
    assert kinds("4444 5 66", preset) == []
    assert Kind.FOUR_WITH_TWO_SINGLES not in catalogue(rules_of("openspiel"))
    assert Kind.FOUR_WITH_TWO_SINGLES.rule == "D5.11"
    assert Kind.FOUR_WITH_TWO_PAIRS.rule == "D5.12"


@pytest.mark.parametrize("preset", ALL)
def test_D5_13_D5_14_bombs_of_four_and_the_rocket(preset: str) -> None:
    assert kinds("7777", preset) == ["bomb"]
    assert play("7777", preset).is_bomb
    assert play("BJ RJ", preset).is_bomb


@pytest.mark.parametrize(
    ("repeat", "expected"),
    [("distinct", [False, False, False]), ("up_to_3", [True, True, False]), ("any", [True, True, True])],
)
def test_D5_15_kicker_repeat(repeat: str, expected: list[bool]) -> None:
    rules = Rules(**{**COMMON, "kicker_repeat": repeat})
    found = [
        any(p.kind is Kind.AIRPLANE_WITH_SINGLES for p in classify_all(cards(text), rules))
        for text in ("333444 77", "333444555 777", "333444555666 7777")
    ]
    assert found == expected


def test_D5_15_rocket_in_kickers_and_wing_trio_adjacent() -> None:
    on = Rules(**COMMON, rocket_in_kickers=True)
    off = Rules(**COMMON, rocket_in_kickers=False)
    assert [p.kind for p in classify_all(cards("333444 BJ RJ"), on)] == [Kind.AIRPLANE_WITH_SINGLES]
    assert classify_all(cards("333444 BJ RJ"), off) == []
    assert [p.kind for p in classify_all(cards("333444 8 RJ"), off)] == [Kind.AIRPLANE_WITH_SINGLES]
    beside = Rules(**COMMON, kicker_repeat="up_to_3", wing_trio_adjacent=True)
    apart = Rules(**COMMON, kicker_repeat="up_to_3", wing_trio_adjacent=False)
    assert len(classify_all(cards("444555666 333"), beside)) == 3
    assert [p.kind for p in classify_all(cards("444555666 333"), apart)] == [Kind.TRIPLE_RUN]
    # Not beside the run: a trio of wings is still wings.
    assert [p.kind for p in classify_all(cards("444555666 888"), apart)] == [Kind.AIRPLANE_WITH_SINGLES]


def test_D5_16_a_20_card_hand_holds_an_airplane_of_five_trios() -> None:
    rules = rules_of("doudizhu")
    hand = Hand(cards("333444555666777 9 T J Q K"))
    airplanes = [p for p in legal_plays(hand, rules) if p.kind is Kind.AIRPLANE_WITH_SINGLES]
    assert max(len(p.cards) for p in airplanes) == 20


def test_D5_17_every_reading_openspiel_style() -> None:
    readings = classify_all(cards("333444555666"), rules_of("openspiel"))
    assert len(readings) == 3
    assert len({(reading.kind, reading.key) for reading in readings}) == 3


@pytest.mark.parametrize("preset", ALL)
def test_D6_1_same_kind_same_count_higher_main_rank_wings_never_count(preset: str) -> None:
    rules = rules_of(preset)
    low, high = play("333 RJ", preset), play("444 5", preset)
    assert beats(high, low, rules)
    assert not beats(low, high, rules)
    assert beats(play("444555 66 77", preset), play("333444 55 66", preset), rules)
    assert not beats(play("4455667788", preset), play("334455", preset), rules)  # other length
    assert not beats(play("444 55", preset), play("333 6", preset), rules)  # other kind


@pytest.mark.parametrize("preset", ["doudizhu", "douzero", "rlcard"])
def test_D6_1_four_with_two_by_the_quad(preset: str) -> None:
    rules = rules_of(preset)
    assert beats(play("5555 3 4", preset), play("4444 A 2", preset), rules)
    assert not beats(play("5555 33 44", preset), play("4444 6 7", preset), rules)


@pytest.mark.parametrize("preset", ALL)
def test_D6_2_bombs_beat_non_bombs_by_rank_and_the_rocket_beats_all(preset: str) -> None:
    rules = rules_of(preset)
    bomb3, bomb2, rocket = play("3333", preset), play("2222", preset), play("BJ RJ", preset)
    big = play("3456789TJQKA", preset)
    assert beats(bomb3, big, rules)
    assert beats(bomb2, bomb3, rules)
    assert not beats(bomb3, bomb2, rules)
    assert beats(rocket, bomb2, rules)
    assert not beats(bomb2, rocket, rules)


# --- the generators and the rank plays follow the catalogue ---------------------------


def _positions(seed: int, count: int) -> list[tuple[Hand, int]]:
    rng = random.Random(seed)
    deck = list(Rules(**COMMON).deck())
    found = []
    for _ in range(count):
        rng.shuffle(deck)
        size = rng.choice((10, 14, 17, 20))
        found.append((Hand(deck[:size]), rng.randrange(1 << 30)))
    return found


@pytest.mark.parametrize("preset", ALL)
def test_D5_every_generated_play_reads_and_both_views_and_rank_plays_agree(preset: str) -> None:
    """Leads and answers: every play of the card view reads as its kind, the class
    view holds one play of each class, and the rank plays list the same classes."""
    rules = rules_of(preset)
    space = rank_plays(rules)
    for hand, seed in _positions(hash(preset) % 1000, 12):
        leads = list(legal_plays(hand, rules, view="cards"))
        tops: list[Play | None] = [None, *random.Random(seed).sample(leads, min(4, len(leads)))]
        for top in tops:
            card_view = list(legal_plays(hand, rules, top, view="cards"))
            class_view = list(legal_plays(hand, rules, top))
            for candidate in card_view:
                assert candidate in classify_all(candidate.cards, rules)
                assert top is None or beats(candidate, top, rules)
            ids = [space.of(candidate).id for candidate in card_view]
            class_ids = [space.of(candidate).id for candidate in class_view]
            assert sorted(set(ids)) == sorted(class_ids)
            assert [p.id for p in space.legal(hand, top)] == class_ids


@pytest.mark.parametrize("preset", ALL)
def test_D5_generated_rank_multisets_match_the_reference_on_small_hands(preset: str) -> None:
    """Every subset of a small hand that the reference (tests/reference.py, written
    from the spec) reads as a kind is generated, and nothing else."""
    import itertools

    rules = rules_of(preset)
    for hand, _ in _positions(7 + len(preset), 6):
        small = hand.cards[:9]
        expected = set()
        for size in range(1, len(small) + 1):
            for subset in itertools.combinations(small, size):
                for kind in ref_kinds(subset, rules):
                    expected.add((kind, tuple(sorted(card.index for card in subset))))
        found = {
            (p.kind, tuple(sorted(card.index for card in p.cards)))
            for p in legal_plays(Hand(small), rules, view="cards")
        }
        assert found == expected


@pytest.mark.parametrize("preset", ["doudizhu", "rlcard"])
def test_issue36_four_with_two_adds_rank_play_ids_after_every_other(preset: str) -> None:
    """Existing ids never move: enabling four with two only appends its ids."""
    without = rank_plays(Rules(**COMMON, **{**PRESETS[preset], "four_with_two": False}))
    space = rank_plays(rules_of(preset))
    assert [(p.kind, p.ranks) for p in space[: len(without)]] == [(p.kind, p.ranks) for p in without]
    added = {p.kind for p in space[len(without) :]}
    assert added == {Kind.FOUR_WITH_TWO_SINGLES, Kind.FOUR_WITH_TWO_PAIRS}


@pytest.mark.parametrize("preset", ["doudizhu", "rlcard"])
def test_D6_1_four_with_two_pairs_above_their_quad_is_answered_by_the_quad(preset: str) -> None:
    """9999+JJ+KK: its sorted middle card is a wing; the answers still go by the quad."""
    rules = rules_of(preset)
    hand = Hand(cards("TTTT 44 55 3"))
    top = play("9999 JJ KK", preset)
    answers = {str(answer) for answer in legal_plays(hand, rules, top)}
    assert "4D 4C 5D 5C 10D 10C 10H 10S" in answers
    assert [p.id for p in rank_plays(rules).legal(hand, top)] == [
        rank_plays(rules).of(answer).id for answer in legal_plays(hand, rules, top)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["douzero", "rlcard", "openspiel"])
def test_issue36_move_sets_agree_with_the_engines(engine: str) -> None:
    """benchmarks/agree_doudizhu_moves.py on a few random positions: every difference
    from DouZero's, RLCard's or OpenSpiel's move set is a registered disagreement (D11)."""
    module_name = "pyspiel" if engine == "openspiel" else engine
    if os.environ.get("ZHENGSHANGYOU_REQUIRE_ENGINES") == "1":  # set by .ci/run: never skip there
        importlib.import_module(module_name)
    else:
        pytest.importorskip(module_name)
    path = Path(__file__).parent.parent / "benchmarks" / "agree_doudizhu_moves.py"
    spec = importlib.util.spec_from_file_location("agree_doudizhu_moves", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = module.compare(engine, 30, 36)
    assert report["positions"] >= 30
    assert report["unexplained"] == []


def test_D5_15_any_repeat_without_the_rocket() -> None:
    rules = Rules(**{**COMMON, "kicker_repeat": "any", "rocket_in_kickers": False, "four_with_two": True})
    assert [p.kind for p in classify_all(cards("333444555666 7777"), rules)] == [Kind.AIRPLANE_WITH_SINGLES]
    assert classify_all(cards("333444 BJ RJ"), rules) == []
    assert classify_all(cards("4444 BJ RJ"), rules) == []
    hand = Hand(cards("333444 6 BJ RJ"))
    airplanes = {str(p) for p in legal_plays(hand, rules, view="cards") if p.kind is Kind.AIRPLANE_WITH_SINGLES}
    assert airplanes == {"3D 3C 3H 4D 4C 4H 6D BJ", "3D 3C 3H 4D 4C 4H 6D RJ"}


@pytest.mark.parametrize(
    ("text", "plays"),
    [("4444 5 6", 1), ("4444 55 66", 1), ("4444 BJ RJ", 2), ("333444 BJ RJ 7777", 2),
     ("333444 RJ", 2), ("333444 BJ RJ", 2)],
)
def test_D5_the_planner_counts_four_with_two_and_solo_wing_policies(text: str, plays: int) -> None:
    """The bots' planner (plan_length) follows the catalogue: four with two is one
    play, and solo wings follow kicker_repeat and rocket_in_kickers."""
    assert plan_length(cards(text), rules_of("doudizhu")) == plays


@pytest.mark.parametrize("preset", [*ALL, "any-without-rocket"])
def test_D5_15_the_card_view_is_counted_as_listed(preset: str) -> None:
    """count_card_view counts four with two and every solo-wing policy without
    listing: the same numbers as the card view lists (leads, answers, a card to include)."""
    if preset == "any-without-rocket":
        rules = Rules(**{**COMMON, "four_with_two": True, "kicker_repeat": "any", "rocket_in_kickers": False})
    else:
        rules = rules_of(preset)
    for hand, seed in _positions(11, 10):
        small = Hand(hand.cards[:14])
        leads = list(legal_plays(small, rules, view="cards"))
        rng = random.Random(seed)
        for top in [None, *rng.sample(leads, min(4, len(leads)))]:
            listed = legal_plays(small, rules, top, view="cards")
            assert count_card_view(small, rules, top) == sum(1 for _ in listed)
        must = small.cards[0]
        assert count_card_view(small, rules, None, must_include=must) == sum(
            1 for _ in legal_plays(small, rules, view="cards", must_include=must)
        )
    hand = Hand(cards("333444555666 7777 BJ RJ"))
    assert count_card_view(hand, rules, None) == sum(1 for _ in legal_plays(hand, rules, view="cards"))
    hand = Hand(cards("4444 BJ RJ 55 66 7"))
    assert count_card_view(hand, rules, None) == sum(1 for _ in legal_plays(hand, rules, view="cards"))
