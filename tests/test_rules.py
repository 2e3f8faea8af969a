"""Rule options, presets and validation (RULES.md sections 1-9 options, section 9 presets, R10).

Every expected value below is written by hand from RULES.md, never read from the code.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings

from zhengshangyou import Card, InvalidRulesError, Rules, Suit, ZhengShangyouError
from zhengshangyou.moves import tables_of
from zhengshangyou.plays import _READERS, reader
from zhengshangyou.rules import RulesCache
from zhengshangyou.testing import rules_sets

D, C, H, S = Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES

# Every option of RULES.md with its documented default (the `zhengshangyou` preset, section 9).
DEFAULTS: dict[str, Any] = {
    # R1, R2
    "players": 4,  # R2.1 range 2..8; the S003 four-player game (R2.2's example)
    "decks": 1,  # section 9
    "jokers": True,  # section 9
    "suit_order": None,  # section 9: zhengshangyou has no suit order
    "first_lead": "trick_card",  # section 9
    "start_card": Card.parse("3♦"),  # R2.4: default 3♦ [S000]
    "start_card_must_be_played": False,  # R2.5
    "later_lead": "loser",  # R2.6
    "next_dealer": "loser",  # R2.7
    # R3
    "full_house": True,  # R3.4
    "triple_with_single": False,  # R3.5
    "four_of_a_kind": "bomb",  # section 9
    "min_straight": 5,  # section 9
    "min_pair_run": 2,  # R3.8
    "min_triple_run": 2,  # R3.9
    "straight_flush": "none",  # section 9, R4.7 "S003 default"
    "joker_bomb": True,  # section 9
    "joker_pairs": False,  # section 9
    "airplane_wings": "none",  # R3.18
    "four_with_two": False,  # D5.11, D5.12: Dou Dizhu's, off
    "kicker_repeat": "any",  # R3.19, D5.15: single wings may share a rank
    "rocket_in_kickers": True,  # R3.19, D5.15: jokers among single wings
    "wing_trio_adjacent": None,  # D5.15, D12: unset (True under "any")
    "triple_bomb": False,  # R3.14: an S003 option, off in the preset
    "run_order": "two_low",  # section 9
    # R4
    "straight_ranking": "wheels_high",  # section 9
    "straights_by_suit": False,  # an S003 variation, off
    "singles_by_suit": False,  # section 9 "–"
    "pairs_by_suit": False,  # section 9 "–"
    "bomb_order": "size_then_rank",  # R4.6 default
    "revolution": False,  # an S003 variation, off
    # R5
    "must_beat": False,  # R5.2: passing always allowed unless must_beat
    "pass_locks_out": False,  # R5.3: a pass does not stop later play [S000]
    "auto_restart": False,  # R5.6: a custom, off unless asked for
    # R6, R7, R8
    "end": "one_left",  # R6.1 default
    "scoring": "cards_left",  # R7.1 default
    "penalty_tiers": None,  # R7.1 "default automatic"
    "target_score": None,  # R7.4: the match ends when the caller stops unless one is set
    "exchange": "none",  # R8.1 default
    # FAMILY.md part D: no landlord, so none of its options apply
    "teams": "none",  # D4: nobody plays together in Zheng Shangyou
    "kitty": 0,  # D2.2: no cards set aside
    "kitty_public": None,  # D4.1: no kitty
    "auction": "none",  # D3: no auction
    "bid_rounds": None,  # D3.2: applies to auction="bid" only (D12)
    "first_bidder": None,  # D2.3: applies to an auction only (D12)
    "all_pass": None,  # D3.3: applies to an auction only (D12)
    "landlord_seat": None,  # D3.5: applies to a fixed landlord only (D12)
    "spring_multiplier": None,  # D9.2: applies to scoring="multiplier" only (D12)
    "douzero_objective": None,  # D9.4: applies to scoring="douzero" only (D12)
    # FAMILY.md B and T: Big Two's and Tiến Lên's combinations, off by default
    "poker_hands": False,
    "triples": True,
    "two_pair": False,
    "straights": "two_low",
    "flush_order": "rank_first",
    "bombs": "none",
    "double_sequences": True,
    "triple_runs": True,
    "pair_runs_by_suit": False,
    "chops": "none",
    # FAMILY.md B2, B7, T2, T7: the deal and the scoring of Big Two and Tiến Lên
    "hand_size": None,
    "three_player_deal": None,
    "untouched_triple": True,
    "two_doubles": False,
    "thoi_heo": False,
    "cong": False,
    "chop_after_pass": False,
    "instant_wins": "none",
}

def _only(options: dict[str, Any]) -> Rules:
    return Rules(**options)


# Options and defaults


def test_R9_every_option_of_the_spec_is_a_keyword() -> None:
    assert set(Rules.option_names()) == set(DEFAULTS)


@pytest.mark.parametrize("name", sorted(DEFAULTS))
def test_R9_option_default(name: str) -> None:
    assert getattr(Rules(), name) == DEFAULTS[name]
    # and each option is accepted as a keyword, with its default value
    assert _only({name: DEFAULTS[name]}) == Rules()


def test_R9_default_rules_are_the_zhengshangyou_preset() -> None:
    assert Rules() == Rules.preset("zhengshangyou")
    assert Rules.preset_names()[0] == "zhengshangyou"
    assert set(Rules.preset_names()) == {
        "zhengshangyou", "winner", "winner-classic", "two-deck", "doudizhu", "douzero", "rlcard", "openspiel",
        "big-two", "big-two-taiwan", "pusoy-dos", "tien-len", "tien-len-pagat", "tien-len-north",
    }


def test_R9_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[call-arg]


def test_R9_rules_are_frozen_and_hashable() -> None:
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.players = 3  # type: ignore[misc]
    assert hash(rules) == hash(Rules())
    assert rules.evolve(players=3) == Rules(players=3)
    assert rules.players == 4


# Presets (section 9), one test per preset; options not in the table keep their defaults.


def _check_preset(
    name: str, table: dict[str, Any], unlisted: frozenset[str] = frozenset()
) -> None:
    rules = Rules.preset(name)
    for option, expected in table.items():
        assert getattr(rules, option) == expected, option
    for option, default in DEFAULTS.items():
        if option not in table and option not in unlisted:
            assert getattr(rules, option) == default, option


def test_R9_preset_zhengshangyou() -> None:
    _check_preset(
        "zhengshangyou",
        {
            "decks": 1,
            "jokers": True,
            "first_lead": "trick_card",
            "suit_order": None,
            "singles_by_suit": False,
            "pairs_by_suit": False,
            "min_straight": 5,
            "run_order": "two_low",
            "straight_ranking": "wheels_high",
            "min_pair_run": 2,
            "min_triple_run": 2,
            "full_house": True,
            "triple_with_single": False,
            "four_of_a_kind": "bomb",
            "bomb_order": "size_then_rank",
            "straight_flush": "none",
            "joker_bomb": True,
            "joker_pairs": False,
            "airplane_wings": "none",
            "scoring": "cards_left",
            "exchange": "none",
        },
    )


def test_R9_preset_winner() -> None:
    _check_preset(
        "winner",
        {
            "decks": 1,
            "jokers": True,
            "first_lead": "start_card",
            "start_card": Card.parse("3♦"),
            "suit_order": (D, C, H, S),
            "singles_by_suit": True,
            "pairs_by_suit": True,
            "min_straight": 3,
            "run_order": "two_low",
            "straight_ranking": "top_card",
            "min_pair_run": 2,
            "min_triple_run": 2,
            "full_house": True,
            "triple_with_single": False,
            "four_of_a_kind": "plain",
            "straight_flush": "beats_straights",
            "joker_bomb": False,
            "joker_pairs": False,
            "airplane_wings": "none",
            "scoring": "cards_left",
            "exchange": "none",
        },
        # "–" in the table: no bombs of a rank, so the bomb order does not apply
        unlisted=frozenset({"bomb_order"}),
    )


def test_R9_preset_winner_with_s001_exchange() -> None:
    rules = Rules.preset("winner", exchange="highest_for_one_of_two")
    assert rules.exchange == "highest_for_one_of_two"
    assert rules.min_straight == 3


def test_R9_preset_winner_classic() -> None:
    _check_preset(
        "winner-classic",
        {
            "decks": 1,
            "jokers": True,
            "first_lead": "start_card",
            "start_card": Card.parse("3♠"),
            "suit_order": (D, C, H, S),
            "singles_by_suit": True,
            "pairs_by_suit": True,
            "min_straight": 5,
            "run_order": "two_low",
            "straight_ranking": "top_card",
            "min_pair_run": 2,
            "min_triple_run": 2,
            "full_house": True,
            "triple_with_single": False,
            "four_of_a_kind": "bomb_with_kicker",
            "bomb_order": "rank_only",
            "straight_flush": "bomb",
            "joker_bomb": False,
            "joker_pairs": False,
            "airplane_wings": "none",
            "scoring": "cards_left",
            "exchange": "none",
        },
    )


def test_R9_preset_two_deck() -> None:
    _check_preset(
        "two-deck",
        {
            "decks": 2,
            "jokers": True,
            "first_lead": "start_card",
            "start_card": Card.parse("3♠"),
            "later_lead": "start_card",
            "suit_order": None,
            "singles_by_suit": False,
            "pairs_by_suit": False,
            "min_straight": 5,
            "run_order": "either_end",
            "straight_ranking": "top_card",
            "min_pair_run": 2,
            "min_triple_run": 2,
            "full_house": True,
            "triple_with_single": False,
            "four_of_a_kind": "bomb",
            "bomb_order": "size_then_rank",
            "straight_flush": "beats_straights",
            "joker_bomb": True,
            "joker_pairs": True,
            "airplane_wings": "pairs",
            "scoring": "cards_left",
            "exchange": "none",
        },
    )


def test_R9_preset_overrides_are_validated() -> None:
    assert Rules.preset("two-deck", players=6).players == 6
    with pytest.raises(InvalidRulesError) as caught:
        Rules.preset("two-deck", decks=1)
    assert {"joker_pairs", "decks"} <= set(caught.value.options)


def test_R9_unknown_preset_is_refused() -> None:
    with pytest.raises(InvalidRulesError, match="hearts"):
        Rules.preset("hearts")


@pytest.mark.parametrize(
    "variation",
    [
        {"jokers": False, "joker_bomb": False, "players": 4},
        {"straights_by_suit": True, "suit_order": "DCHS"},
        {"revolution": True, "four_of_a_kind": "plain"},
        {"triple_with_single": True},
        {"triple_bomb": True},
        {"straight_flush": "distinct"},
    ],
)
def test_R9_s003_variations_on_the_default_preset(variation: dict[str, Any]) -> None:
    rules = Rules.preset("zhengshangyou", **variation)
    for option, value in variation.items():
        if option != "suit_order":
            assert getattr(rules, option) == value
    if "jokers" in variation:
        assert rules.deck_size == 52


# R10: each clash is refused, naming the clashing options


def _refused(options: dict[str, Any]) -> InvalidRulesError:
    with pytest.raises(InvalidRulesError) as caught:
        Rules(**options)
    assert isinstance(caught.value, ZhengShangyouError)
    assert isinstance(caught.value, ValueError)
    return caught.value


def test_R10_revolution_with_four_of_a_kind_bomb() -> None:
    error = _refused({"revolution": True, "four_of_a_kind": "bomb"})
    assert {"revolution", "four_of_a_kind"} <= set(error.options)


def test_R10_revolution_with_bomb_with_kicker() -> None:
    error = _refused({"revolution": True, "four_of_a_kind": "bomb_with_kicker"})
    assert {"revolution", "four_of_a_kind"} <= set(error.options)


def test_R10_revolution_with_plain_four_of_a_kind_is_fine() -> None:
    assert Rules(revolution=True, four_of_a_kind="plain").revolution


def test_R10_triple_bomb_with_two_decks() -> None:
    error = _refused({"triple_bomb": True, "decks": 2})
    assert {"triple_bomb", "decks"} <= set(error.options)
    assert Rules(triple_bomb=True, decks=1).triple_bomb


def test_R10_joker_pairs_with_one_deck() -> None:
    error = _refused({"joker_pairs": True, "decks": 1})
    assert {"joker_pairs", "decks"} <= set(error.options)
    assert Rules(joker_pairs=True, decks=2).joker_pairs


def test_R10_joker_bomb_without_jokers() -> None:
    error = _refused({"joker_bomb": True, "jokers": False})
    assert {"joker_bomb", "jokers"} <= set(error.options)


def test_R10_joker_pairs_without_jokers() -> None:
    error = _refused({"joker_pairs": True, "decks": 2, "jokers": False, "joker_bomb": False})
    assert {"joker_pairs", "jokers"} <= set(error.options)


@pytest.mark.parametrize("option", ["singles_by_suit", "pairs_by_suit", "straights_by_suit"])
def test_R10_by_suit_without_suit_order(option: str) -> None:
    error = _refused({option: True, "suit_order": None})
    assert {option, "suit_order"} <= set(error.options)
    assert getattr(_only({option: True, "suit_order": "DCHS"}), option)


@pytest.mark.parametrize("value", [2, 1, 0, -5])
def test_R10_min_straight_below_3(value: int) -> None:
    error = _refused({"min_straight": value})
    assert "min_straight" in error.options
    assert Rules(min_straight=3).min_straight == 3


@pytest.mark.parametrize("joker", ["BJ", "RJ"])
def test_R10_start_card_not_in_the_deck(joker: str) -> None:
    error = _refused({"start_card": joker, "jokers": False, "joker_bomb": False})
    assert {"start_card", "jokers"} <= set(error.options)
    assert Rules(start_card=joker).start_card == Card.parse(joker)


@pytest.mark.parametrize("players", [-1, 0, 1, 9, 55, 109])
def test_R10_players_outside_2_to_8_or_more_than_cards(players: int) -> None:
    error = _refused({"players": players})
    assert "players" in error.options


@pytest.mark.parametrize("players", range(2, 9))
def test_R10_players_2_to_8_are_fine_even_with_52_cards(players: int) -> None:
    rules = Rules(players=players, jokers=False, joker_bomb=False)
    assert rules.players <= rules.deck_size


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("players", "4"),
        ("players", 4.0),
        ("players", True),
        ("decks", 0),
        ("decks", 3),
        ("decks", True),
        ("jokers", "yes"),
        ("jokers", 1),
        ("suit_order", "DCH"),
        ("suit_order", "DDCH"),
        ("suit_order", "DCHSS"),
        ("suit_order", "WXYZ"),
        ("suit_order", 5),
        ("first_lead", "loser"),
        ("first_lead", None),
        ("start_card", "1H"),
        ("start_card", "JOKER"),
        ("start_card_must_be_played", None),
        ("later_lead", "dealer"),
        ("next_dealer", "random"),
        ("full_house", "true"),
        ("triple_with_single", 0),
        ("four_of_a_kind", "bombs"),
        ("four_of_a_kind", True),
        ("min_straight", 5.0),
        ("min_straight", "5"),
        ("min_pair_run", 1),
        ("min_triple_run", 1),
        ("straight_flush", "flush"),
        ("joker_bomb", "no"),
        ("joker_pairs", 1),
        ("triple_bomb", None),
        ("run_order", "wrap_around"),
        ("straight_ranking", "wheels_low"),
        ("straights_by_suit", 1),
        ("singles_by_suit", "yes"),
        ("pairs_by_suit", 0),
        ("bomb_order", "size"),
        ("revolution", "on"),
        ("must_beat", 1),
        ("pass_locks_out", None),
        ("auto_restart", "no"),
        ("end", "last_out"),
        ("scoring", "points"),
        ("penalty_tiers", []),
        ("penalty_tiers", [(0, 2)]),
        ("penalty_tiers", [(10, 0)]),
        ("penalty_tiers", [(10, 2), (5, 3)]),
        ("penalty_tiers", [(10, 2), (10, 3)]),
        ("penalty_tiers", "x"),
        ("target_score", 0),
        ("target_score", -11),
        ("target_score", True),
        ("target_score", 1.5),
        ("exchange", "all"),
    ],
)
def test_R10_bad_option_value(option: str, value: object) -> None:
    error = _refused({option: value})
    assert option in error.options


def test_R10_suit_order_spellings() -> None:
    assert Rules(suit_order="DCHS").suit_order == (D, C, H, S)
    assert Rules(suit_order="♦♣♥♠").suit_order == (D, C, H, S)
    assert Rules(suit_order="dchs").suit_order == (D, C, H, S)
    assert Rules(suit_order=(D, C, H, S)).suit_order == (D, C, H, S)


def test_R10_start_card_spellings() -> None:
    assert Rules(start_card="3s").start_card == Card.parse("3S")
    assert Rules(start_card="3♥").start_card == Card.parse("3H")
    assert Rules(start_card=Card.parse("10H")).start_card == Card.parse("TH")


def test_R10_evolve_is_validated() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules().evolve(revolution=True)
    assert "revolution" in caught.value.options


# to_dict / from_dict


@pytest.mark.parametrize("name", Rules.preset_names())
def test_R9_preset_to_dict_round_trip(name: str) -> None:
    rules = Rules.preset(name)
    data = rules.to_dict()
    assert set(data) == set(DEFAULTS)
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


def test_R9_to_dict_spelling() -> None:
    data = Rules.preset("winner").to_dict()
    assert data["suit_order"] == "DCHS"
    assert data["start_card"] == "3D"
    assert Rules().to_dict()["suit_order"] is None


def test_R9_from_dict_missing_options_take_defaults() -> None:
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"players": 3}) == Rules(players=3)


@pytest.mark.parametrize("name", ["jokerz", "preset", "_memo", "memo", ""])
def test_R10_from_dict_unknown_option_refused(name: str) -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict({name: True})
    assert caught.value.options == (name,)


def test_R10_from_dict_validates_values() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.from_dict({**Rules().to_dict(), "revolution": True})
    assert "revolution" in caught.value.options


@given(rules_sets())
def test_R9_to_dict_round_trip_on_random_rules(rules: Rules) -> None:
    data = rules.to_dict()
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules


@given(rules_sets())
def test_R10_random_rules_are_valid(rules: Rules) -> None:
    # rebuilding from the options gives the same object: nothing was left half-checked
    assert Rules(**{name: getattr(rules, name) for name in Rules.option_names()}) == rules
    assert 2 <= rules.players <= 8
    assert rules.decks in (1, 2)
    assert not (rules.revolution and rules.four_of_a_kind != "plain")
    assert rules.start_card in rules.deck()
    assert rules.players <= rules.deck_size


@given(rules_sets(players=3, decks=2))
def test_R10_random_rules_with_fixed_table(rules: Rules) -> None:
    assert rules.players == 3
    assert rules.decks == 2
    assert not rules.triple_bomb


def test_R10_rules_sets_refuses_bad_fixed_values() -> None:
    with pytest.raises(InvalidRulesError):
        rules_sets(players=9)
    with pytest.raises(InvalidRulesError):
        rules_sets(decks=3)  # type: ignore[arg-type]


def test_R10_rules_sets_cover_every_option_value() -> None:
    seen: dict[str, Counter[object]] = {name: Counter() for name in DEFAULTS}
    presets = {name: Rules.preset(name) for name in Rules.preset_names()}
    presets_seen: set[str] = set()

    # (1200: with the family's presets, fewer draws start from scratch; the flow's
    # options take a share of the draws too)
    @settings(max_examples=1200, derandomize=True, database=None)
    @given(rules_sets())
    def draw(rules: Rules) -> None:
        for name in DEFAULTS:
            value = getattr(rules, name)
            seen[name][value if name != "penalty_tiers" else value is None] += 1
        presets_seen.update(name for name, preset in presets.items() if preset == rules)

    draw()
    expected: dict[str, set[object]] = {
        "players": set(range(2, 9)),
        "decks": {1, 2},
        "first_lead": {"start_card", "trick_card", "dealer"},
        "later_lead": {"loser", "winner", "start_card"},
        "next_dealer": {"loser", "winner", "rotate"},
        "four_of_a_kind": {"plain", "bomb", "bomb_with_kicker"},
        "run_order": {"no_two", "two_low", "two_high", "either_end"},
        "straight_ranking": {"top_card", "wheels_high"},
        "straight_flush": {"none", "distinct", "beats_straights", "bomb"},
        "bomb_order": {"size_then_rank", "rank_only"},
        "end": {"one_left", "first_out"},
        "scoring": {"cards_left", "placement", "none"},
        "exchange": {"none", "highest_for_one_of_two", "highest_for_any"},
        "min_straight": {3, 4, 5},
        "min_pair_run": {2, 3},
        "min_triple_run": {2, 3},
        "penalty_tiers": {True, False},
        "suit_order": {None, (D, C, H, S)},
    }
    flags = [name for name, default in DEFAULTS.items() if isinstance(default, bool)]
    for name in flags:
        expected[name] = {True, False}
    for name, values in expected.items():
        assert values <= set(seen[name]), (name, values - set(seen[name]))
    assert len(seen["start_card"]) > 20
    assert presets_seen == set(presets)


# R7.1 penalty multiplier tiers


@pytest.mark.parametrize(
    ("cards_left", "multiplier"),
    [(1, 1), (11, 1), (12, 2), (16, 2), (17, 3), (18, 3)],
)
def test_R7_1_three_player_tiers(cards_left: int, multiplier: int) -> None:
    assert Rules(players=3).penalty_multiplier(cards_left) == multiplier


@pytest.mark.parametrize("players", [2, 4, 5, 6, 7, 8])
@pytest.mark.parametrize(("cards_left", "multiplier"), [(1, 1), (9, 1), (10, 2), (13, 2), (27, 2)])
def test_R7_1_other_tables_double_from_10(players: int, cards_left: int, multiplier: int) -> None:
    assert Rules(players=players).penalty_multiplier(cards_left) == multiplier


def test_R7_1_explicit_tiers() -> None:
    rules = Rules(penalty_tiers=[(5, 2), (8, 4)])
    assert rules.penalty_tiers == ((5, 2), (8, 4))
    assert [rules.penalty_multiplier(k) for k in (1, 4, 5, 7, 8, 20)] == [1, 1, 2, 2, 4, 4]


def test_R7_1_worked_example() -> None:
    # North wins while East, West, South hold 3, 11, 8 cards: -3, -22, -8, North +33.
    rules = Rules(players=4)
    losses = [-k * rules.penalty_multiplier(k) for k in (3, 11, 8)]
    assert losses == [-3, -22, -8]
    assert -sum(losses) == 33


# --- Library ruling: overrides win over a preset's own contradicting choices ---------


def test_R10_preset_override_jokers_off_drops_the_presets_joker_combinations() -> None:
    rules = Rules.preset("zhengshangyou", jokers=False, players=4)
    assert rules.jokers is False
    assert rules.joker_bomb is False
    assert rules.deck_size == 52
    two = Rules.preset("two-deck", jokers=False)
    assert (two.joker_bomb, two.joker_pairs) == (False, False)


def test_R10_contradicting_overrides_are_still_refused() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.preset("zhengshangyou", jokers=False, joker_bomb=True)
    assert set(caught.value.options) == {"joker_bomb", "jokers"}
    with pytest.raises(InvalidRulesError):
        Rules(jokers=False)  # no preset involved: the default joker_bomb=True clashes


def test_R1_2_by_suit_override_on_a_preset_without_suit_order_uses_the_standard_order() -> None:
    rules = Rules.preset("zhengshangyou", straights_by_suit=True)
    assert rules.suit_order == (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
    custom = Rules.preset("zhengshangyou", singles_by_suit=True, suit_order="SHCD")
    assert custom.suit_order == (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    with pytest.raises(InvalidRulesError):
        Rules.preset("zhengshangyou", pairs_by_suit=True, suit_order=None)


def test_R7_1_penalty_tiers_must_be_whole_numbers() -> None:
    with pytest.raises(InvalidRulesError):
        Rules(penalty_tiers=[(10.7, 2)])


def test_R10_a_rules_cache_finds_the_last_rule_set_by_identity_and_refuses_what_is_none() -> None:
    # The reader and the tables of the rules asked for last are found by identity;
    # before anything is asked (and after forget), None is refused as no rule set,
    # never taken for the empty last entry.
    rules = Rules()
    first = reader(rules)
    assert reader(rules) is first
    assert tables_of(rules, True) is tables_of(rules, True)
    assert _READERS.last[0] is rules
    for _ in range(2):
        RulesCache.forget()
        for lookup in (reader, lambda value: tables_of(value, True)):
            with pytest.raises(ZhengShangyouError, match="must be a Rules object"):
                lookup(None)  # type: ignore[arg-type]
    again = reader(rules)
    assert again is not first  # (forgotten: built afresh)
    assert reader(Rules()) is again  # (an equal rule set finds it too)


# The game a rule set plays (its heading's name)

#: Each preset's game, from the specification's headings: RULES.md's title (争上游),
#: FAMILY.md's parts D (斗地主), B (大老二 / 鋤大D / Pusoy Dos; B0: 鋤大D is Hong
#: Kong's name, 大老二 Taiwan's) and T (Tiến Lên).
GAMES = {
    "zhengshangyou": ("Zheng Shangyou", "争上游"),
    "winner": ("Zheng Shangyou", "争上游"),
    "winner-classic": ("Zheng Shangyou", "争上游"),
    "two-deck": ("Zheng Shangyou", "争上游"),
    "big-two": ("Big Two", "鋤大D"),
    "big-two-taiwan": ("Big Two", "大老二"),
    "pusoy-dos": ("Pusoy Dos", None),
    "tien-len": ("Tiến Lên", None),
    "tien-len-pagat": ("Tiến Lên", None),
    "tien-len-north": ("Tiến Lên", None),
    "doudizhu": ("Dou Dizhu", "斗地主"),
    "douzero": ("Dou Dizhu", "斗地主"),
    "rlcard": ("Dou Dizhu", "斗地主"),
    "openspiel": ("Dou Dizhu", "斗地主"),
}


def test_R9_B8_T8_D10_every_preset_names_its_game() -> None:
    assert set(GAMES) == set(Rules.preset_names())
    for name, (game, native) in GAMES.items():
        rules = Rules.preset(name)
        assert rules.nearest_preset() == name
        assert (rules.game_name.name, rules.game_name.native) == (game, native), name
        # a name in Chinese characters is tagged Chinese (zh-Hans, zh-Hant-HK...), no other
        assert (rules.game_name.lang or "").startswith("zh-") == (native is not None), name


@pytest.mark.parametrize(
    ("rules", "preset"),
    [
        (Rules(players=3), "zhengshangyou"),
        (Rules.preset("big-two-taiwan", players=3, end="one_left"), "big-two-taiwan"),
        (Rules.preset("tien-len", players=2, chops="none"), "tien-len"),
        (Rules.preset("doudizhu", auction="call_rob"), "doudizhu"),
        # the winner preset but for its suit order: still nearer the winner than the default
        (Rules.preset("winner", suit_order="SHCD"), "winner"),
    ],
)
def test_R9_a_changed_preset_is_still_nearest_to_its_preset(rules: Rules, preset: str) -> None:
    assert rules.nearest_preset() == preset
    assert rules.game_name == Rules.preset(preset).game_name
