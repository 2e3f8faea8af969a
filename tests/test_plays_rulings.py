"""Rulings on reading and comparing plays (RULES.md R3, R4, E10), one test per rule.

Every expected value here comes from the text of RULES.md, worked out by hand:
orders are written out rank by rank, never read from the code. These tests were
written to kill the mutants of ``plays.py`` that the other tests let live (see
docs/development.rst, "Mutation testing").
"""

from __future__ import annotations

import pytest

from zhengshangyou import (
    AmbiguousPlayError,
    ImpossibleCardsError,
    InvalidCombinationError,
    Kind,
    Play,
    Rules,
    WrongTypeError,
    beats,
    classify,
    classify_all,
    parse_cards,
)

# Suits cycle so that no straight below is suited (a straight flush is another kind
# under some rule sets, R3.17).
SUITS = "DCHS"


def mixed(ranks: str) -> str:
    """Cards of ``ranks`` (space separated) with the suits D C H S D ... in turn."""
    return " ".join(rank + SUITS[index % 4] for index, rank in enumerate(ranks.split()))


def straight(ranks: str, rules: Rules) -> Play:
    play = classify(parse_cards(mixed(ranks)), rules)
    assert play.kind is Kind.STRAIGHT, (ranks, play)
    return play


def assert_strictly_increasing(plays: list[Play], revolution: bool = False) -> None:
    """Each play beats every earlier one and no earlier one beats it (R4.1, R4.2)."""
    for high_index, high in enumerate(plays):
        assert not beats(high, high, revolution=revolution), high
        for low in plays[:high_index]:
            assert beats(high, low, revolution=revolution), (high, low)
            assert not beats(low, high, revolution=revolution), (low, high)


# --- E10 / R4.5 wheels_high ------------------------------------------------------------

# Five-card straights under run_order="two_low" (R3.15: A high or low, 2 only low),
# lowest first: by the top card from 3-4-5-6-7 up to 10-J-Q-K-A, then (wheels_high,
# R4.5) the straights holding a low 2, the one also holding a low A highest.
FIVE_CARD_STRAIGHTS_LOW_TO_HIGH = [
    "3 4 5 6 7",
    "4 5 6 7 8",
    "5 6 7 8 9",
    "6 7 8 9 10",
    "7 8 9 10 J",
    "8 9 10 J Q",
    "9 10 J Q K",
    "10 J Q K A",
    "2 3 4 5 6",
    "A 2 3 4 5",
]


def test_E10_wheels_high_orders_A2345_over_23456_over_10JQKA_down_to_34567() -> None:
    rules = Rules()
    assert rules == Rules.preset("zhengshangyou")
    plays = [straight(ranks, rules) for ranks in FIVE_CARD_STRAIGHTS_LOW_TO_HIGH]
    assert_strictly_increasing(plays)
    # The same cards in another order are the same play.
    assert classify(reversed(parse_cards(mixed("A 2 3 4 5"))), rules) == plays[-1]


@pytest.mark.parametrize("ranks", ["J Q K A 2", "K A 2 3 4", "Q K A 2 3"])
def test_E10_runs_through_K_A_2_are_not_straights(ranks: str) -> None:
    rules = Rules()
    cards = parse_cards(mixed(ranks))
    assert classify_all(cards, rules) == []
    with pytest.raises(InvalidCombinationError) as raised:
        classify(cards, rules)
    assert raised.value.rule == "R3.15"


def test_R4_5_wheels_high_holds_at_every_length_of_straight() -> None:
    # Six cards: the low-2 straights 2-7 and A-7 beat every other, A-2-3-4-5-6 highest.
    rules = Rules()
    low_to_high = ["3 4 5 6 7 8", "8 9 10 J Q K", "9 10 J Q K A", "2 3 4 5 6 7", "A 2 3 4 5 6"]
    assert_strictly_increasing([straight(ranks, rules) for ranks in low_to_high])


def test_R4_5_wheels_high_flips_with_the_revolution_apart_from_the_wheels() -> None:
    # Under the flipped order of R4.8 the runs of 3..A compare the other way round.
    rules = Rules(four_of_a_kind="plain", revolution=True)
    low, high = straight("3 4 5 6 7", rules), straight("10 J Q K A", rules)
    assert beats(low, high, revolution=True)
    assert not beats(high, low, revolution=True)


def test_R4_5_top_card_ranking_puts_the_low_runs_lowest() -> None:
    # straight_ranking="top_card": a low A or 2 counts below 3 (A2345 lowest).
    rules = Rules(straight_ranking="top_card")
    low_to_high = ["A 2 3 4 5", "2 3 4 5 6", "3 4 5 6 7", "9 10 J Q K", "10 J Q K A"]
    assert_strictly_increasing([straight(ranks, rules) for ranks in low_to_high])


def test_R4_5_wheels_high_is_for_straights_only_pair_runs_go_by_their_top() -> None:
    rules = Rules()
    low_to_high = ["A A 2 2", "2 2 3 3", "3 3 4 4", "K K A A"]
    plays = [classify(parse_cards(mixed(ranks)), rules) for ranks in low_to_high]
    assert [play.kind for play in plays] == [Kind.PAIR_RUN] * 4
    assert_strictly_increasing(plays)


# --- R3: why cards are no combination (the error names the rule and the option) ------

# (preset, options, cards, rule, reason): the rule is the one RULES.md gives for the
# cards; the reason names the option that would make them a combination, or says
# what the rule says they lack. The message is "<cards>: <reason> (<rule>)".
WHY_NOT = [
    ("zhengshangyou", {}, "", "R3.1", "a play needs at least one card"),
    ("two-deck", {"joker_pairs": False}, "BJ BJ", "R3.13",
     "joker pairs are off (joker_pairs=False)"),
    ("winner", {}, "BJ RJ", "R3.12", "the joker bomb is off (joker_bomb=False)"),
    ("two-deck", {"joker_bomb": False}, "BJ BJ RJ RJ", "R3.12",
     "the joker bomb is off (joker_bomb=False)"),
    ("two-deck", {}, "BJ BJ RJ", "R3.12",
     "jokers combine only as a joker pair (two decks) or as the joker bomb (every joker)"),
    ("two-deck", {}, "BJ RJ RJ", "R3.12",
     "jokers combine only as a joker pair (two decks) or as the joker bomb (every joker)"),
    ("winner-classic", {}, "5D 5C 5H 5S", "R3.17",
     "four of a kind alone is nothing under four_of_a_kind='bomb_with_kicker' (add one kicker)"),
    ("winner", {"decks": 2}, "5D 5D 5C 5H 5S", "R3.10",
     "5 cards of one rank are a combination only with four_of_a_kind='bomb'"
     " (up to 8 with two decks)"),
    ("winner-classic", {"decks": 2}, "5D 5D 5C 5H 5S", "R3.10",
     "5 cards of one rank are a combination only with four_of_a_kind='bomb'"
     " (up to 8 with two decks)"),
    ("zhengshangyou", {"full_house": False}, "5D 5C 5H 6D 6C", "R3.4",
     "full houses are off (full_house=False)"),
    ("zhengshangyou", {}, "5D 5C 5H 6D", "R3.5",
     "a triple with a single is off (triple_with_single=False)"),
    ("zhengshangyou", {}, "5D 5C 5H 5S 6D", "R3.10",
     "four of a kind with a kicker needs four_of_a_kind='bomb_with_kicker'"),
    ("two-deck", {"joker_pairs": False}, "5D 5C 5H BJ BJ", "R3.13",
     "a joker pair in a full house needs joker_pairs=True"),
    ("zhengshangyou", {}, "5D 6C 7H 8S BJ", "R3",
     "jokers stand only as singles, joker pairs, the joker bomb and kickers;"
     " never in runs, triples, full houses or bombs of a rank"),
    ("zhengshangyou", {}, "3D 3C 4D", "R3", "these cards form no combination: two 3s and one 4"),
    ("zhengshangyou", {}, "3D 3C 4D 5D", "R3", "these cards form no combination: two 3s, one 4 and one 5"),
    ("zhengshangyou", {"decks": 2}, "3D 3C 3H 3S 4D 4C 4H 4S", "R3",
     "these cards form no combination: four 3s and four 4s"),
    ("zhengshangyou", {}, "3D 4C 5H 6S", "R3.7", "a straight needs at least min_straight=5 ranks"),
    ("zhengshangyou", {"min_pair_run": 3}, "3D 3C 4D 4C", "R3.8",
     "a pair run needs at least min_pair_run=3 ranks"),
    ("zhengshangyou", {"min_triple_run": 3}, "3D 3C 3H 4D 4C 4H", "R3.9",
     "a triple run needs at least min_triple_run=3 ranks"),
    ("zhengshangyou", {}, "3D 4C 5H 6S 8D", "R3.15",
     "the ranks are not consecutive under run_order='two_low' (no wrap-around, no rank twice)"),
    ("winner", {}, "3D 3C 5D 5C", "R3.15",
     "the ranks are not consecutive under run_order='two_low' (no wrap-around, no rank twice)"),
]


@pytest.mark.parametrize(("preset", "options", "cards", "rule", "reason"), WHY_NOT)
def test_R3_cards_that_are_no_combination_say_why_naming_the_option_and_the_rule(
    preset: str, options: dict[str, object], cards: str, rule: str, reason: str
) -> None:
    rules = Rules.preset(preset, **options)
    assert classify_all(parse_cards(cards), rules) == []
    with pytest.raises(InvalidCombinationError) as raised:
        classify(parse_cards(cards), rules)
    assert raised.value.rule == rule
    assert str(raised.value) == f"{cards or 'no cards'}: {reason} ({rule})"


# --- R3 kinds and R1.4 notation of plays ----------------------------------------------

# The rule that defines each kind, from the table of RULES.md section 3.
KIND_RULES = {
    Kind.SINGLE: "R3.1", Kind.PAIR: "R3.2", Kind.TRIPLE: "R3.3", Kind.FULL_HOUSE: "R3.4",
    Kind.TRIPLE_WITH_SINGLE: "R3.5", Kind.FOUR_OF_A_KIND: "R3.6", Kind.STRAIGHT: "R3.7",
    Kind.PAIR_RUN: "R3.8", Kind.TRIPLE_RUN: "R3.9", Kind.BOMB: "R3.10",
    Kind.BOMB_WITH_KICKER: "R3.10", Kind.STRAIGHT_FLUSH: "R3.11", Kind.JOKER_BOMB: "R3.12",
    Kind.TRIPLE_BOMB: "R3.14",
    Kind.AIRPLANE_WITH_SINGLES: "R3.18",
    Kind.AIRPLANE_WITH_PAIRS: "R3.18",
    Kind.FOUR_WITH_TWO_SINGLES: "D5.11",
    Kind.FOUR_WITH_TWO_PAIRS: "D5.12",
    # FAMILY.md B3.2, B3.3: Big Two's flush, four+1 and two pair
    Kind.FLUSH: "B3.2",
    Kind.FOUR_PLUS_ONE: "B3.2",
    Kind.TWO_PAIR: "B3.3",
}


@pytest.mark.parametrize("kind", list(Kind))
def test_R3_every_kind_names_the_rule_that_defines_it(kind: Kind) -> None:
    assert kind.rule == KIND_RULES[kind]
    assert kind.label == kind.value.replace("_", " ")
    assert " " not in kind.value


def test_R1_4_a_play_shows_its_cards_in_the_notation_and_has_their_number() -> None:
    play = Play.parse("10S 10H JD JC", Rules())
    assert len(play) == 4
    assert str(play) == "10H 10S JD JC"
    assert play.unicode() == "10♥ 10♠ J♦ J♣"
    assert repr(play) == "Play(pair_run: 10H 10S JD JC)"


# --- R4.6 which plays are bombs; R3.16 plays the rules did not read -------------------

# (preset, options, cards, is a bomb): the bombs of R4.6 (R3.10, R3.12, R3.14 and the
# straight flushes of straight_flush="bomb"); every other play is none.
BOMBS = [
    ("zhengshangyou", {}, "5D", False),
    ("winner", {}, "5D", False),
    ("zhengshangyou", {}, "5D 5C", False),
    ("winner", {}, "5D 5C", False),
    ("zhengshangyou", {}, "5D 5C 5H", False),
    ("zhengshangyou", {"triple_bomb": True}, "5D 5C 5H", True),
    ("zhengshangyou", {}, "5D 5C 5H 6D 6C", False),
    ("winner", {}, "5D 5C 5H 5S", False),
    ("zhengshangyou", {}, "5D 5C 5H 5S", True),
    ("winner-classic", {}, "5D 5C 5H 5S 6D", True),
    ("zhengshangyou", {}, "3D 4C 5H 6S 7D", False),
    ("winner", {}, "3D 4D 5D", False),
    ("winner-classic", {}, "3D 4D 5D 6D 7D", True),
    ("zhengshangyou", {}, "3D 3C 4D 4C", False),
    ("zhengshangyou", {}, "BJ RJ", True),
    ("two-deck", {}, "RJ RJ", False),
]


@pytest.mark.parametrize(("preset", "options", "cards", "bomb"), BOMBS)
def test_R4_6_a_play_is_a_bomb_exactly_when_the_rules_say_so(
    preset: str, options: dict[str, object], cards: str, bomb: bool
) -> None:
    rules = Rules.preset(preset, **options)
    play = Play.parse(cards, rules)
    assert play.is_bomb is bomb
    assert (play.family is Kind.BOMB) is bomb


def test_R3_16_beats_under_rules_refuses_what_is_not_a_play_or_not_their_reading() -> None:
    rules = Rules()
    pair = Play.parse("5D 5C", rules)
    with pytest.raises(WrongTypeError) as wrong:
        beats("6D 6C", pair, rules)  # type: ignore[arg-type]
    assert (wrong.value.rule, wrong.value.argument) == ("R3.16", "candidate")
    with pytest.raises(WrongTypeError) as wrong:
        beats(pair, None, rules)  # type: ignore[arg-type]
    assert (wrong.value.rule, wrong.value.argument) == ("R3.16", "top")
    # Read under winner, 5H-9H is a straight flush; the zhengshangyou preset reads those
    # cards only as a straight (R3.17).
    flush = Play.parse("5H 6H 7H 8H 9H", Rules.preset("winner"))
    with pytest.raises(InvalidCombinationError) as invalid:
        beats(flush, Play.parse("3D 4C 5H 6S 7D", rules), rules)
    assert invalid.value.rule == "R3.16"
    assert str(invalid.value) == (
        "Play(straight_flush: 5H 6H 7H 8H 9H) is not a reading of its cards"
        " under these rules (R3.16)"
    )


def test_R1_3a_no_play_holds_a_card_more_than_twice_whatever_the_rules() -> None:
    # The most decks a rule set has is two (R1.3), so a play built with three copies of
    # one card describes cards no deck holds; two copies may be a two-deck play.
    with pytest.raises(ImpossibleCardsError) as raised:
        Play(Kind.TRIPLE, tuple(parse_cards("3D 3D 3D")), 0, 0, Kind.TRIPLE, False)
    assert raised.value.rule == "R1.3"
    pair = Play(Kind.PAIR, tuple(parse_cards("3D 3D")), 0, 0, Kind.PAIR, False)
    assert str(pair) == "3D 3D"


@pytest.mark.parametrize("cards", ["3D 4D", 5, None, ["3D"]])
def test_R3_cards_that_are_not_cards_are_refused_as_the_wrong_type(cards: object) -> None:
    for read in (classify, classify_all):
        with pytest.raises(WrongTypeError) as raised:
            read(cards, Rules())  # type: ignore[arg-type]
        assert isinstance(raised.value, TypeError)
        assert (raised.value.rule, raised.value.argument) == ("R3", "cards")
        assert str(raised.value).startswith("cards must be Card objects")


def test_R3_one_reader_is_built_per_rule_set_and_kept_for_equal_ones() -> None:
    # The reader of a rule set (its tables of windows, keys and readings) is built on
    # first use and kept by the plays module for every equal rule set.
    from zhengshangyou.plays import reader as reader_of

    rules = Rules.preset("winner")
    reader = reader_of(rules)
    assert reader_of(rules) is reader
    assert reader_of(Rules.preset("winner")) is reader
    assert reader_of(Rules()) is not reader


def test_R3_16_an_ambiguous_play_lists_its_readings() -> None:
    rules = Rules(straight_flush="distinct")
    cards = parse_cards("3H 4H 5H 6H 7H")
    with pytest.raises(AmbiguousPlayError) as raised:
        classify(cards, rules)
    assert raised.value.rule == "R3.16"
    assert str(raised.value) == (
        "3H 4H 5H 6H 7H has several readings; declare one of: "
        "3H 4H 5H 6H 7H as straight; 3H 4H 5H 6H 7H as straight_flush (R3.16)"
    )
    assert [play.kind for play in raised.value.readings] == [  # type: ignore[attr-defined]
        Kind.STRAIGHT, Kind.STRAIGHT_FLUSH
    ]


@pytest.mark.parametrize(
    ("field", "value"),
    [("kind", "pair"), ("key", 1.5), ("key", True), ("rev_key", None), ("family", 3),
     ("is_bomb", 0)],
)
def test_R3_16_a_play_built_by_hand_holds_values_of_its_fields_types(
    field: str, value: object
) -> None:
    fields: dict[str, object] = {
        "kind": Kind.PAIR, "cards": tuple(parse_cards("3D 3C")), "key": 0, "rev_key": 0,
        "family": Kind.PAIR, "is_bomb": False,
    }
    fields[field] = value
    with pytest.raises(WrongTypeError) as raised:
        Play(**fields)  # type: ignore[arg-type]
    assert (raised.value.rule, raised.value.argument) == ("R3.16", field)
    assert str(raised.value).startswith(f"a play's {field} must be a ")


def test_R4_beats_without_rules_names_the_argument_that_is_not_a_play() -> None:
    pair = Play.parse("5D 5C", Rules())
    for candidate, top, argument in ((None, pair, "candidate"), (pair, "5S 5H", "top")):
        with pytest.raises(WrongTypeError) as raised:
            beats(candidate, top)  # type: ignore[arg-type]
        assert (raised.value.rule, raised.value.argument) == ("R4", argument)
