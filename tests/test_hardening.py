"""Bad input is refused with a library error naming the rule, and changes nothing.

One test per failure found by the hostile-user review (issue 13): cards no deck
holds (R1.3a, E25), deals that could not have been dealt (R2.1, R2.2, R2.2a,
R2.4), seeds (R2.3), rule sets out of bounds or with unknown options (R10),
forged plays (R3.16) and values of the wrong Python type. Every expected verdict
comes from RULES.md; the messages are only checked for naming the rule or token.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import attrs
import pytest

from zhengshangyou import (
    PASS,
    Card,
    Deal,
    Game,
    Hand,
    IllegalMoveError,
    ImpossibleCardsError,
    InvalidCombinationError,
    InvalidRulesError,
    InvalidSetupError,
    Kind,
    Play,
    Rules,
    State,
    WrongTypeError,
    ZhengShangyouError,
    beats,
    classify,
    classify_all,
    deal_cards,
    legal_plays,
    parse_cards,
    rank_plays,
)


def refused(call: Callable[[], object], error: type[ZhengShangyouError], rule: str) -> ZhengShangyouError:
    """Run ``call``, which must raise ``error`` naming ``rule`` (in ``rule`` or the message)."""
    with pytest.raises(error) as caught:
        call()
    assert caught.value.rule == rule or rule in str(caught.value), (caught.value.rule, str(caught.value))
    return caught.value


# --- R1.3a, E25: cards no deck can hold --------------------------------------------


ONE, TWO = Rules(), Rules.preset("two-deck")


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (ONE, "3D 3D"),  # no pair: one deck has one 3♦
        (ONE, "3D 3C 3H 3S 3D"),  # no five-card bomb beating AAAA
        (ONE, "AS AS AS AS AS AS AS AS AS"),  # nine A♠
        (ONE, "BJ BJ"),  # one deck has one black joker
        (TWO, "AD AD AC AC AH AH AS AS AS"),  # nine aces: a third A♠
        (TWO, "RJ RJ RJ"),
    ],
)
def test_E25_R1_3a_classify_refuses_cards_no_deck_holds(rules: Rules, text: str) -> None:
    cards = parse_cards(text)
    for call in (lambda: classify(cards, rules), lambda: classify_all(cards, rules)):
        error = refused(call, ImpossibleCardsError, "R1.3")
        assert isinstance(error, ImpossibleCardsError)
        assert error.card in text.split()
    refused(lambda: Play.parse(text, rules), ImpossibleCardsError, "R1.3")


def test_E25_eight_aces_are_a_bomb_with_two_decks() -> None:
    play = Play.parse("AD AD AC AC AH AH AS AS", TWO)
    assert play.kind is Kind.BOMB
    assert play.is_bomb


def test_R1_3a_legal_plays_and_beats_refuse_cards_no_deck_holds() -> None:
    refused(lambda: legal_plays(Hand.parse("3D 3D 4S"), ONE), ImpossibleCardsError, "R1.3")
    # The same hand is fine with two decks: the pair of 3♦ is a play there.
    assert any(str(play) == "3D 3D" for play in legal_plays(Hand.parse("3D 3D 4S"), TWO))
    # A play read under two decks is no play under one (beats checks both plays).
    five = Play.parse("3D 3C 3H 3S 3D", Rules(decks=2))
    aces = Play.parse("AD AC AH AS", ONE)
    assert beats(five, aces)  # without rules, the plays' own strengths decide
    refused(lambda: beats(five, aces, ONE), ImpossibleCardsError, "R1.3")
    refused(lambda: beats(aces, five, ONE), ImpossibleCardsError, "R1.3")


def test_R1_3a_no_hand_holds_a_card_three_times() -> None:
    refused(lambda: Hand.parse("3D 3D 3D"), ImpossibleCardsError, "R1.3")
    assert len(Hand.parse("3D 3D")) == 2  # two decks can hold this


# --- R2.1, R2.2, R2.2a, R2.4: given deals ------------------------------------------


def real_deal(rules: Rules, dealer: int = 0, seed: int = 0) -> Deal:
    import random

    return deal_cards(rules, dealer, random.Random(seed), trick_card=rules.first_lead == "trick_card")


def moved(deal: Deal, source: int, target: int, count: int) -> Deal:
    """``deal`` with ``count`` cards moved from seat ``source`` to seat ``target``."""
    hands = list(deal.hands)
    taken = hands[source].cards[:count]
    hands[source] = hands[source].remove(taken)
    hands[target] = hands[target].add(taken)
    return attrs.evolve(deal, hands=tuple(hands))


def test_R2_2a_a_real_deal_is_accepted() -> None:
    rules = Rules(first_lead="dealer")
    for dealer in range(4):
        deal = real_deal(rules, dealer)
        assert Game(rules, deals=[deal]).state.deal == deal


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(2, [25, 29]), (4, [12, 14, 14, 14]), (4, [13, 14, 14, 13])],
)
def test_R2_2a_deal_sizes_R2_2_cannot_produce_are_refused(players: int, sizes: list[int]) -> None:
    rules = Rules(players=players, first_lead="dealer")
    deck = list(rules.deck())
    hands, start = [], 0
    for size in sizes:
        hands.append(Hand(deck[start : start + size]))
        start += size
    deal = Deal(0, tuple(hands))
    refused(lambda: Game(rules, deals=[deal]), InvalidSetupError, "R2.2")
    # Set up by hand, the same position is allowed (every seat has a card).
    assert [len(hand) for hand in Game(rules, deals=[deal], arranged=True).hands] == sizes


def test_R2_1_a_seat_dealt_no_card_is_refused_even_when_arranged() -> None:
    rules = Rules(first_lead="dealer")
    deal = moved(real_deal(rules), 0, 1, 14)  # seat 0 keeps nothing
    assert len(deal.hands[0]) == 0
    refused(lambda: Game(rules, deals=[deal]), InvalidSetupError, "R2.2")
    refused(lambda: Game(rules, deals=[deal], arranged=True), InvalidSetupError, "R2.1")


@pytest.mark.parametrize("seat", [4, 5, -1, 99])
def test_R2_4_a_trick_seat_outside_the_table_is_refused(seat: int) -> None:
    rules = Rules()  # first_lead="trick_card"
    deal = real_deal(rules)
    forged = attrs.evolve(deal, trick_seat=seat)
    refused(lambda: Game(rules, deals=[forged]), InvalidSetupError, "R2.4")


def test_R2_4_a_trick_card_not_held_by_its_seat_is_refused() -> None:
    rules = Rules()
    deal = real_deal(rules)
    assert deal.trick_seat is not None
    other = (deal.trick_seat + 1) % 4
    forged = attrs.evolve(deal, trick_card=deal.hands[other].cards[0])
    refused(lambda: Game(rules, deals=[forged]), InvalidSetupError, "R2.4")


def test_R2_2a_later_deals_are_checked_when_the_match_begins() -> None:
    rules = Rules(first_lead="dealer")
    bad = moved(real_deal(rules, seed=1), 0, 1, 3)
    refused(lambda: Game(rules, deals=[real_deal(rules), bad]), InvalidSetupError, "R2.2")


def test_R2_2a_a_deal_of_the_wrong_type_is_refused() -> None:
    rules = Rules(first_lead="dealer")
    refused(lambda: Game(rules, deals=["3D"]), WrongTypeError, "R2.2a")  # type: ignore[list-item]
    refused(lambda: Game(rules, deals="3D"), WrongTypeError, "R2.2a")  # type: ignore[arg-type]


# --- R2.3: seeds -----------------------------------------------------------------


@pytest.mark.parametrize("seed", [10**5000, 2**64, -1], ids=["10**5000", "2**64", "-1"])
def test_R2_3_seeds_outside_the_documented_range_are_refused(seed: int) -> None:
    refused(lambda: Game(seed=seed), InvalidSetupError, "R2.3")


@pytest.mark.parametrize("seed", ["abc", 1.5, True, None.__class__])
def test_R2_3_seeds_that_are_not_whole_numbers_are_refused(seed: Any) -> None:
    error = refused(lambda: Game(seed=seed), WrongTypeError, "R2.3")
    assert isinstance(error, TypeError)


def test_R2_3_the_largest_seed_plays() -> None:
    game = Game(seed=2**64 - 1)
    game.play(next(iter(game.legal_moves())))
    assert len(game.state.log) == 1


# --- R10: bounds and unknown options ---------------------------------------------


@pytest.mark.parametrize("option", ["min_straight", "min_pair_run", "min_triple_run"])
def test_R10_run_minimums_above_13_are_refused(option: str) -> None:
    for value in (14, 10**12):
        options: dict[str, Any] = {option: value}
        error = refused(partial(Rules, **options), InvalidRulesError, "R10")
        assert isinstance(error, InvalidRulesError)
        assert error.options == (option,)
    largest: dict[str, Any] = {option: 13}
    rules = Rules(**largest)  # a 13-rank run exists (A to K, or 3 to 2)
    assert getattr(rules, option) == 13
    assert legal_plays(Hand(rules.deck()[:20]), rules).count() > 0


@pytest.mark.parametrize(
    "call",
    [
        lambda: Rules(jokerz=True),  # type: ignore[call-arg]
        lambda: Rules.preset("winner", jokerz=True),
        lambda: Rules().evolve(jokerz=True),
        lambda: Game(jokerz=True),
        lambda: Game(Rules(), jokerz=True),
        lambda: Rules.from_dict({"jokerz": True}),
    ],
    ids=["Rules", "preset", "evolve", "Game", "Game-with-rules", "from_dict"],
)
def test_R10_unknown_option_names_are_refused_by_every_constructor(call: Callable[[], object]) -> None:
    error = refused(call, InvalidRulesError, "R10")
    assert isinstance(error, InvalidRulesError)
    assert error.options == ("jokerz",)
    assert "jokerz" in str(error)


@pytest.mark.parametrize("name", [["winner"], None, 3, "hearts"])
def test_R10_a_preset_name_that_is_no_preset_is_refused(name: Any) -> None:
    refused(lambda: Rules.preset(name), InvalidRulesError, "R10")


def test_R10_rules_refuse_values_too_large_to_print() -> None:
    # The message describes the value instead of printing 5,000 digits.
    error = refused(lambda: Rules(players=10**5000), InvalidRulesError, "R10")
    assert len(str(error)) < 200
    refused(lambda: Rules(target_score=10**5000), InvalidRulesError, "R7.4")
    refused(lambda: Rules(penalty_tiers=[[10, 10**5000]]), InvalidRulesError, "R7.1")


# --- R3.16: the engine trusts only the readings it makes itself --------------------


def lead_position() -> Game:
    """Seat 0 leads holding 4D 4S and 9C 9H 9S (an arranged deal)."""
    rules = Rules(first_lead="dealer")
    rest = [card for card in rules.deck() if card not in parse_cards("4D 4S 9C 9H 9S")]
    hands = (Hand.parse("4D 4S 9C 9H 9S"), Hand(rest[:17]), Hand(rest[17:33]), Hand(rest[33:]))
    return Game(rules, deals=[Deal(0, hands)], arranged=True)


@pytest.mark.parametrize(
    "forge",
    [
        lambda play: attrs.evolve(play, is_bomb=True, family=Kind.BOMB),
        lambda play: attrs.evolve(play, key=play.key + 10_000),
        lambda play: attrs.evolve(play, kind=Kind.BOMB),
        lambda play: attrs.evolve(play, family=Kind.PAIR),
        lambda play: attrs.evolve(play, rev_key=play.key),
    ],
    ids=["bomb", "key", "kind", "family", "rev_key"],
)
def test_R3_16_a_forged_play_is_refused_and_changes_nothing(forge: Callable[[Play], Play]) -> None:
    game = lead_position()
    rules = game.rules
    game.play("4D 4S", seat=0)  # a pair leads; seat 1 answers
    answerer = game.to_act
    single = classify([game.hands[answerer].cards[-1]], rules)
    forged = forge(single)
    before = game.state
    refused(lambda: game.play(forged), InvalidCombinationError, "R3.16")
    refused(lambda: before.play(forged), InvalidCombinationError, "R3.16")
    refused(lambda: beats(forged, Play.parse("4D 4S", rules), rules), InvalidCombinationError, "R3.16")
    assert game.state is before


def test_R3_16_a_forged_twin_of_a_play_already_checked_is_still_refused() -> None:
    # A reader remembers the plays it has checked by identity (Reader.trusted_plays):
    # a forged copy of one, equal in cards but not in strength, is another object and is
    # checked again, by the game and by the rank plays alike.
    game = lead_position()
    rules = game.rules
    pair = Play.parse("4D 4S", rules)
    space = rank_plays(rules)
    answerer = Hand.parse("5C 5H 9D")
    for _ in range(2):  # the second time from the reader's memory of the play
        assert [str(play) for play in space.legal(answerer, pair)] == ["5 5"]
        assert legal_plays(answerer, rules, pair).count() == 1
    forged = attrs.evolve(pair, key=pair.key + 10_000)
    refused(lambda: space.legal(answerer, forged), InvalidCombinationError, "R3.16")
    refused(lambda: legal_plays(answerer, rules, forged), InvalidCombinationError, "R3.16")
    before = game.state
    refused(lambda: game.play(forged), InvalidCombinationError, "R3.16")
    game.play(pair)  # the genuine play still goes on
    assert game.state is not before


def test_R3_16_a_play_read_under_other_rules_is_refused() -> None:
    game = lead_position()
    # Under "winner" singles compare by suit, so the key differs from the game's reading.
    foreign = Play.parse("9S", Rules.preset("winner"))
    before = game.state
    refused(lambda: game.play(foreign), InvalidCombinationError, "R3.16")
    assert game.state is before


def test_R3_16_a_plays_cards_are_kept_in_canonical_order() -> None:
    rules = Rules(first_lead="dealer")
    pair = classify(parse_cards("4S 4D"), rules)
    shuffled = Play(pair.kind, (Card.parse("4S"), Card.parse("4D")), pair.key, pair.rev_key, pair.family, pair.is_bomb)
    assert shuffled.cards == parse_cards("4D 4S")
    assert shuffled == pair
    game = lead_position()
    game.play(shuffled, seat=0)
    assert game.state.log[-1].move.cards == parse_cards("4D 4S")  # type: ignore[union-attr]


# --- values of the wrong Python type ---------------------------------------------

#: Values of the wrong type, typed Any so that the calls below type-check.
NOTHING: Any = None
INTS: Any = [1, 2]
THREE: Any = 3
TEXT: Any = "4D 4S"


@pytest.mark.parametrize(
    "call",
    [
        lambda game: game.play(NOTHING),
        lambda game: game.play(INTS),
        lambda game: game.play(THREE),
        lambda game: game.state.play(NOTHING),
        lambda game: game.state.play(TEXT),
        lambda game: game.observation(TEXT),
        lambda game: game.observation(NOTHING),
        lambda game: parse_cards(NOTHING),
        lambda game: Card.from_index(TEXT),
        lambda game: Game(rules=THREE),
        lambda game: Hand(INTS),
        lambda game: classify(TEXT, game.rules),
        lambda game: legal_plays(Hand.parse("4D"), game.rules, kinds=INTS),
        lambda game: legal_plays(Hand.parse("4D"), game.rules, to_beat=TEXT),
    ],
    ids=[
        "play-None", "play-ints", "play-int", "State.play-None", "State.play-text",
        "observation-text", "observation-None", "parse_cards-None", "from_index-text",
        "Game-rules-int", "Hand-ints", "classify-text", "legal_plays-kinds", "legal_plays-to_beat",
    ],
)
def test_wrong_python_types_raise_a_library_type_error(call: Callable[[Game], object]) -> None:
    game = lead_position()
    before = game.state
    with pytest.raises(WrongTypeError) as caught:
        call(game)
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, ZhengShangyouError)
    assert caught.value.argument
    assert game.state is before


def test_R8_4_pass_is_still_refused_as_an_exchange_decision_only_when_it_is_a_move() -> None:
    # A real move type outside its phase keeps its rule error (not a type error).
    game = lead_position()
    refused(lambda: game.play(PASS), IllegalMoveError, "R5.1")
    state = State.new(Rules(first_lead="dealer"), seed=0)
    from zhengshangyou import Give

    refused(lambda: state.play(Give(Card.parse("RJ"))), IllegalMoveError, "R8.4")


@pytest.mark.parametrize("name", ["cls", "self", "name", "rules"])
def test_R10_a_keyword_named_like_a_parameter_is_an_unknown_option(name: str) -> None:
    options: dict[str, Any] = {name: 1}
    for call in (
        partial(Rules, **options),
        partial(Rules().evolve, **options),
        partial(Rules.preset, "winner", **options),
    ):
        refused(call, InvalidRulesError, "R10")
    if name != "rules":  # Game's own first parameter is rules
        refused(partial(Game, **options), InvalidRulesError, "R10")


def test_R3_cards_nested_too_deep_to_compare_are_a_type_error() -> None:
    nested: Any = []
    for _ in range(1500):
        nested = [nested]
    game = Game(seed=1)
    before = game.state
    refused(lambda: game.play([nested, nested]), WrongTypeError, "R3")
    assert game.state is before
