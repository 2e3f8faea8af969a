"""Cards, decks and the notation (RULES.md section 1: R1.1-R1.4)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given

from zhengshangyou import (
    Card,
    NotationError,
    Rank,
    Rules,
    Suit,
    ZhengShangyouError,
    format_cards,
    make_deck,
    parse_cards,
)
from zhengshangyou.testing import card_lists, cards

# R1.1 written from the spec: 3 4 5 6 7 8 9 10 J Q K A 2, then BJ, then RJ.
RANKS_LOW_TO_HIGH = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ"]
# R1.2 written from the spec: ♦ ♣ ♥ ♠, with their letters D C H S.
SUITS_LOW_TO_HIGH = [("D", "♦"), ("C", "♣"), ("H", "♥"), ("S", "♠")]
PLAIN_RANKS = RANKS_LOW_TO_HIGH[:13]
JOKERS = ["BJ", "RJ"]


def _all_tokens() -> list[str]:
    """The 54 cards of one deck in ASCII notation, built from the spec's lists."""
    return [rank + letter for rank in PLAIN_RANKS for letter, _ in SUITS_LOW_TO_HIGH] + JOKERS


# R1.1 rank order


def test_R1_1_ranks_low_to_high() -> None:
    ranks = [Rank.parse(symbol) for symbol in RANKS_LOW_TO_HIGH]
    assert ranks == sorted(ranks)
    assert len(set(ranks)) == 15
    assert list(Rank) == ranks
    assert [rank.symbol for rank in ranks] == RANKS_LOW_TO_HIGH


def test_R1_1_cards_of_higher_rank_are_higher_whatever_the_suit() -> None:
    assert Card.parse("4D") > Card.parse("3S")
    assert Card.parse("2D") > Card.parse("AS")
    assert Card.parse("AD") > Card.parse("KS")
    assert Card.parse("BJ") > Card.parse("2S")
    assert Card.parse("RJ") > Card.parse("BJ")


def test_R1_1_jokers_are_the_two_highest_ranks() -> None:
    assert [rank for rank in Rank if rank.is_joker] == [Rank.BLACK_JOKER, Rank.RED_JOKER]
    assert Card.parse("BJ").is_joker
    assert Card.parse("RJ").is_joker
    assert not any(Card.parse(token).is_joker for token in _all_tokens()[:52])


# R1.2 suit order


def test_R1_2_suits_low_to_high() -> None:
    suits = [Suit.parse(letter) for letter, _ in SUITS_LOW_TO_HIGH]
    assert suits == sorted(suits)
    assert list(Suit) == suits
    assert [suit.letter for suit in suits] == [letter for letter, _ in SUITS_LOW_TO_HIGH]
    assert [suit.symbol for suit in suits] == [symbol for _, symbol in SUITS_LOW_TO_HIGH]
    assert [Suit.parse(symbol) for _, symbol in SUITS_LOW_TO_HIGH] == suits


def test_R1_2_cards_of_one_rank_sort_by_suit() -> None:
    assert sorted(parse_cards("7S 7H 7C 7D")) == list(parse_cards("7D 7C 7H 7S"))


# R1.3 decks


@pytest.mark.parametrize(
    ("decks", "jokers", "size"), [(1, True, 54), (1, False, 52), (2, True, 108), (2, False, 104)]
)
def test_R1_3_deck_sizes(decks: int, jokers: bool, size: int) -> None:
    deck = make_deck(decks, jokers=jokers)
    assert len(deck) == size
    counts = Counter(deck)
    # every card of the 52 appears once per deck; each joker once per deck when jokers are in
    assert len(counts) == (54 if jokers else 52)
    for token in _all_tokens():
        expected = 0 if token in JOKERS and not jokers else decks
        assert counts[Card.parse(token)] == expected, token


@pytest.mark.parametrize(
    ("options", "size"),
    [
        ({}, 54),
        ({"jokers": False, "joker_bomb": False}, 52),
        ({"decks": 2}, 108),
        ({"decks": 2, "jokers": False, "joker_bomb": False}, 104),
    ],
)
def test_R1_3_rules_deck_size(options: dict[str, object], size: int) -> None:
    rules = Rules(**options)  # type: ignore[arg-type]
    assert rules.deck_size == size
    assert len(rules.deck()) == size


def test_R1_3_identical_cards_of_two_decks_are_equal() -> None:
    deck = make_deck(2)
    assert deck.count(Card.parse("RJ")) == 2
    first, second = (card for card in deck if card == Card.parse("10H"))
    assert first == second
    assert hash(first) == hash(second)


def test_R1_3_bad_deck_count() -> None:
    with pytest.raises(ValueError, match="decks"):
        make_deck(0)


# R1.4 notation: every card round-trips


@pytest.mark.parametrize("unicode", [False, True])
def test_R1_4_every_card_of_two_decks_round_trips(unicode: bool) -> None:
    deck = make_deck(2)
    assert len(deck) == 108
    for card in deck:
        text = format_cards([card], unicode=unicode)
        assert parse_cards(text) == (card,)
        assert Card.parse(text) == card
    assert parse_cards(format_cards(deck, unicode=unicode)) == deck


def test_R1_4_ascii_and_unicode_spellings() -> None:
    for rank in PLAIN_RANKS:
        for letter, symbol in SUITS_LOW_TO_HIGH:
            card = Card.parse(rank + letter)
            assert str(card) == rank + letter
            assert card.unicode() == rank + symbol
            assert Card.parse(rank + symbol) == card
    for joker in JOKERS:
        assert str(Card.parse(joker)) == joker
        assert Card.parse(joker).unicode() == joker


@pytest.mark.parametrize("token", ["10H", "TH", "th", "10♥", "10h", "t♥", "T♥", " 10H "])
def test_R1_4_ten_of_hearts_spellings(token: str) -> None:
    assert Card.parse(token) == Card(Rank.TEN, Suit.HEARTS)
    assert parse_cards(token) == (Card(Rank.TEN, Suit.HEARTS),)


@pytest.mark.parametrize("token", ["3d", "Qs", "qS", "aC", "2h", "bj", "rJ", "Bj"])
def test_R1_4_case_insensitive(token: str) -> None:
    assert Card.parse(token) == Card.parse(token.upper())


def test_R1_4_separators_spaces_and_commas() -> None:
    expected = (Card.parse("3D"), Card.parse("4C"), Card.parse("RJ"))
    for text in ["3D 4C RJ", "3D,4C,RJ", "3D, 4C, RJ", "  3D   4C , RJ  ", "3D 4C,RJ"]:
        assert parse_cards(text) == expected, text


def test_R1_4_order_and_repeats_are_kept() -> None:
    assert parse_cards("RJ 3D RJ") == (Card.parse("RJ"), Card.parse("3D"), Card.parse("RJ"))


def test_R1_4_blank_text_is_no_cards() -> None:
    assert parse_cards("") == ()
    assert parse_cards("   ") == ()
    assert format_cards([]) == ""


@pytest.mark.parametrize(
    "token", ["1H", "3X", "RJX", "11H", "0S", "BJS", "RJH", "JOKER", "3DD", "H3", "♥10", "10", "D"]
)
def test_R1_4_bad_token_names_itself(token: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(token)
    assert caught.value.token == token
    assert caught.value.rule == "R1.4"
    with pytest.raises(NotationError) as caught_in_list:
        parse_cards(f"3D, {token} 4D")
    assert caught_in_list.value.token == token


def test_R1_4_empty_token_is_an_error() -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse("")
    assert caught.value.token == ""
    with pytest.raises(NotationError) as caught_in_list:
        parse_cards("3D,,4D")
    assert caught_in_list.value.token == ""


def test_R1_4_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="1H"):
        parse_cards("3D 1H")
    assert issubclass(NotationError, ZhengShangyouError)


def test_R1_4_jokers_have_no_suit_and_others_need_one() -> None:
    with pytest.raises(NotationError):
        Card(Rank.RED_JOKER, Suit.HEARTS)
    with pytest.raises(NotationError):
        Card(Rank.THREE)


# Card.index / from_index


def test_R1_card_index_is_a_bijection_onto_0_to_53() -> None:
    deck = make_deck()
    indexes = [card.index for card in deck]
    assert sorted(indexes) == list(range(54))
    for card in deck:
        assert Card.from_index(card.index) == card
    # the index follows the card order: rank, then suit, jokers last
    assert indexes == sorted(indexes)
    assert Card.parse("3D").index == 0
    assert Card.parse("RJ").index == 53


@pytest.mark.parametrize("index", [-1, 54, 100])
def test_R1_card_from_bad_index(index: int) -> None:
    with pytest.raises(NotationError):
        Card.from_index(index)


# Hypothesis: notation round-trip on random card lists


@given(card_lists(decks=2))
def test_R1_4_random_lists_round_trip_ascii(cs: list[Card]) -> None:
    assert parse_cards(format_cards(cs)) == tuple(cs)


@given(card_lists(decks=2))
def test_R1_4_random_lists_round_trip_unicode(cs: list[Card]) -> None:
    assert parse_cards(format_cards(cs, unicode=True)) == tuple(cs)


@given(card_lists(decks=2))
def test_R1_4_random_lists_round_trip_with_commas(cs: list[Card]) -> None:
    assert parse_cards(", ".join(card.unicode() for card in cs)) == tuple(cs)


@given(cards())
def test_R1_4_random_card_parses_lowercase(card: Card) -> None:
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(card.unicode().lower()) == card


# The public strategies respect the deck (R1.3)


@given(card_lists(decks=1))
def test_R1_3_card_lists_one_deck_has_no_repeats(cs: list[Card]) -> None:
    assert len(cs) == len(set(cs)) <= 54


@given(card_lists(decks=2, min_size=3, max_size=40))
def test_R1_3_card_lists_two_decks_at_most_two_copies(cs: list[Card]) -> None:
    assert 3 <= len(cs) <= 40
    assert max(Counter(cs).values()) <= 2


@given(card_lists(decks=2, jokers=False))
def test_R1_3_card_lists_without_jokers(cs: list[Card]) -> None:
    assert not any(card.is_joker for card in cs)


@given(cards(jokers=False))
def test_R1_3_cards_without_jokers(card: Card) -> None:
    assert not card.is_joker


def test_R1_3_card_lists_refuses_impossible_sizes() -> None:
    with pytest.raises(ValueError, match="max_size"):
        card_lists(decks=1, max_size=55)
    with pytest.raises(ValueError, match="min_size"):
        card_lists(min_size=5, max_size=4)
    with pytest.raises(ValueError, match="decks"):
        card_lists(decks=3)


def test_core_package_imports_without_hypothesis() -> None:
    """hypothesis is optional: only zhengshangyou.testing needs it."""
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "import zhengshangyou\n"
        "assert 'zhengshangyou.testing' not in sys.modules\n"
        "try:\n"
        "    import zhengshangyou.testing\n"
        "except ImportError:\n"
        "    pass\n"
        "else:\n"
        "    raise AssertionError('testing imported without hypothesis')\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
