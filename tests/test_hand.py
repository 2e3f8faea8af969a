"""Hand: an immutable multiset of cards (R1.3: identical cards of two decks are indistinguishable)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zhengshangyou import (
    Card,
    CardsNotHeldError,
    Hand,
    IllegalMoveError,
    Rank,
    WrongTypeError,
    make_deck,
    parse_cards,
)
from zhengshangyou.hand import amounts_of, rank_amounts
from zhengshangyou.testing import card_lists, hands

TWO_DECKS = make_deck(2)


def _counter_contains(big: Counter[Card], small: Counter[Card]) -> bool:
    return all(big[card] >= count for card, count in small.items())


# Examples


def test_R1_3_hand_is_a_multiset() -> None:
    hand = Hand.parse("RJ 3D RJ 3D 3S")
    assert len(hand) == 5
    assert hand.count(Card.parse("RJ")) == 2
    assert hand.count(Card.parse("3D")) == 2
    assert hand.count(Card.parse("4D")) == 0
    assert hand == Hand.parse("3D 3S 3D RJ RJ")
    assert hand != Hand.parse("3D 3S RJ RJ")


def test_R1_3_hand_is_sorted_by_rank_then_suit() -> None:
    hand = Hand.parse("RJ 2D 3S AS 3D BJ 10C")
    assert list(hand) == list(parse_cards("3D 3S 10C AS 2D BJ RJ"))
    assert str(hand) == "3D 3S 10C AS 2D BJ RJ"
    assert hand.unicode() == "3♦ 3♠ 10♣ A♠ 2♦ BJ RJ"


def test_R1_3_remove_one_copy_of_two() -> None:
    hand = Hand.parse("3D 3D 4S")
    assert hand.remove(parse_cards("3D")) == Hand.parse("3D 4S")
    assert hand.remove(parse_cards("3D 3D")) == Hand.parse("4S")
    with pytest.raises(CardsNotHeldError):
        hand.remove(parse_cards("3D 3D 3D"))


def test_R1_3_remove_not_held_is_a_value_error_and_changes_nothing() -> None:
    hand = Hand.parse("3D 4S RJ")
    before = str(hand)
    with pytest.raises(CardsNotHeldError) as caught:
        hand.remove(parse_cards("4S 5H"))
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, IllegalMoveError)
    assert "5H" in str(caught.value)
    assert str(hand) == before
    assert hand == Hand.parse("3D 4S RJ")


def test_R1_3_empty_hand() -> None:
    hand = Hand(())
    assert len(hand) == 0
    assert list(hand) == []
    assert hand.rank_counts == (0,) * 15
    assert hand.remove(()) == hand
    assert Hand.parse("") == hand


def test_R1_3_hand_is_hashable_and_immutable() -> None:
    assert hash(Hand.parse("3D 4S")) == hash(Hand.parse("4S 3D"))
    hand = Hand.parse("3D")
    hand.add(parse_cards("4S"))
    assert hand == Hand.parse("3D")


def test_R1_3_rank_counts_indexed_by_rank() -> None:
    hand = Hand.parse("3D 3S 3H 2C RJ RJ")
    counts = hand.rank_counts
    assert len(counts) == 15
    assert counts[Rank.THREE] == 3
    assert counts[Rank.TWO] == 1
    assert counts[Rank.RED_JOKER] == 2
    assert counts[Rank.BLACK_JOKER] == 0
    assert sum(counts) == 6
    assert hand.count_rank(Rank.THREE) == 3


# Properties against a Counter model


@given(card_lists(decks=2), st.data())
def test_R1_3_add_then_remove_gives_the_original(dealt: list[Card], data: st.DataObject) -> None:
    # Both parts come from one two-deck set, so no card is there more than twice (R1.3a).
    split = data.draw(st.integers(0, len(dealt)))
    hand, cs = Hand(dealt[:split]), dealt[split:]
    bigger = hand.add(cs)
    assert len(bigger) == len(hand) + len(cs)
    assert bigger.remove(cs) == hand
    assert bigger.remove(reversed(cs)) == hand


@given(hands(decks=2), st.sampled_from(TWO_DECKS))
def test_R1_3_removing_a_card_not_held_raises(hand: Hand, card: Card) -> None:
    before = list(hand)
    held = hand.count(card)
    # ask for one more copy than the hand holds: never held
    with pytest.raises(CardsNotHeldError):
        hand.remove([card] * (held + 1))
    assert list(hand) == before
    if held:
        assert len(hand.remove([card] * held)) == len(hand) - held
    else:
        assert card not in hand


_TABLES = ("cards", "by_rank", "rank_counts", "rank_codes", "held", "low_suit_bits", "suit_ranks", "doubled")


@given(hands(decks=2), st.data())
def test_R1_3_a_hand_less_some_cards_has_the_tables_of_a_new_hand(hand: Hand, data: st.DataObject) -> None:
    # remove() updates only the ranks it touches: every table must be the one a hand
    # made from scratch of the remaining cards has, also from a hand pinned for R2.5
    # (whose cards of one rank the generator keeps out of order).
    taken = [hand.cards[index] for index in data.draw(st.sets(st.integers(0, len(hand) - 1)))] if hand.cards else []
    fresh = Hand(list((Counter(hand) - Counter(taken)).elements()))
    expected = [(hand, fresh)]
    if hand.cards:
        card = data.draw(st.sampled_from(hand.cards))
        # A pinned rank none of whose cards are taken stays pinned.
        kept = fresh.pinned(card) if all(other.rank != card.rank for other in taken) else fresh
        expected.append((hand.pinned(card), kept))
    for source, wanted in expected:
        left = source.remove(taken)
        for name in _TABLES:
            assert getattr(left, name) == getattr(wanted, name), name


def test_R1_3_removing_what_is_not_a_card_is_a_typed_error() -> None:
    hand = Hand.parse("3D 4S")
    with pytest.raises(WrongTypeError, match="Card objects"):
        hand.remove(["3D"])  # type: ignore[list-item]
    assert hand == Hand.parse("3D 4S")


@given(hands(decks=2), card_lists(decks=2))
def test_R1_3_remove_succeeds_exactly_when_held(hand: Hand, cs: list[Card]) -> None:
    model = Counter(hand)
    wanted = Counter(cs)
    held = _counter_contains(model, wanted)
    assert hand.contains(cs) == held
    if held:
        assert Counter(hand.remove(cs)) == model - wanted
    else:
        before = list(hand)
        with pytest.raises(CardsNotHeldError):
            hand.remove(cs)
        assert list(hand) == before


@given(card_lists(decks=2))
def test_R1_3_hand_agrees_with_counter_model(cs: list[Card]) -> None:
    hand = Hand(cs)
    model = Counter(cs)
    assert len(hand) == sum(model.values())
    assert Counter(hand) == model
    assert list(hand) == sorted(cs)
    for card in set(TWO_DECKS):
        assert (card in hand) == (model[card] > 0)
        assert hand.count(card) == model[card]
    rank_model = Counter(card.rank for card in cs)
    assert hand.rank_counts == tuple(rank_model[rank] for rank in Rank)
    for rank in Rank:
        assert hand.count_rank(rank) == rank_model[rank]


@given(card_lists(decks=2))
def test_R1_3_a_new_hand_has_the_tables_its_cards_give(cs: list[Card]) -> None:
    # Every table of a hand, worked out here from its definition on the cards alone
    # (the hand computes them from per-rank codes): its cards of each rank, their
    # number, the code (rank << 12, three bits per suit counting copies), the ranks
    # 3..2 held at least 1 to 4 times, the suit of each rank's lowest card, the
    # ranks held in each suit, and whether some card is there twice.
    hand = Hand(cs)
    ordered = sorted(cs, key=lambda card: card.index)
    by_rank = tuple(tuple(card for card in ordered if card.rank == rank) for rank in Rank)
    assert hand.cards == tuple(ordered)
    assert hand.by_rank == by_rank
    assert hand.rank_counts == tuple(len(group) for group in by_rank)
    # (A card's place in the deck is 4 * rank + suit; the jokers' are 52 and 53, whose
    # low two bits place the black joker's copies in the first three bits, the red's
    # in the next.)
    assert hand.rank_codes == tuple(
        rank << 12 | sum(group.count(card) << 3 * (card.index & 3) for card in set(group))
        for rank, group in zip(Rank, by_rank, strict=True)
    )
    plain = list(Rank)[:13]
    assert hand.held == (
        0, *(sum(1 << rank for rank in plain if len(by_rank[rank]) >= width) for width in range(1, 5))
    )
    assert hand.low_suit_bits == sum((by_rank[rank][0].index & 3) << 2 * rank for rank in plain if by_rank[rank])
    assert hand.suit_ranks == sum(1 << 13 * (card.index & 3) + card.rank for card in set(cs) if card.rank < 13)
    assert hand.doubled == (len(set(cs)) < len(cs))


def test_R1_3a_no_hand_holds_a_card_three_times() -> None:
    with pytest.raises(ValueError, match="5S is there more than twice"):
        Hand(parse_cards("3D 5S 5S 5S"))
    with pytest.raises(ValueError, match="RJ is there more than twice"):
        Hand(parse_cards("RJ") * 8)  # (eight copies would overflow a suit's three bits)
    with pytest.raises(ValueError, match=r"^3D is there more than twice"):  # the lowest is named
        Hand(parse_cards("4S 4S 4S 3D 3D 3D"))


def test_R1_3_a_hand_of_what_is_not_cards_is_a_typed_error() -> None:
    for cards in (5, None, ["3D"], [Card.parse("3D"), "4S"]):
        with pytest.raises(WrongTypeError, match=r"Card objects.*\(R1\.3\)"):
            Hand(cards)  # type: ignore[arg-type]
    # Removing a card not held, then something that is not a card: the type is refused.
    with pytest.raises(WrongTypeError, match="Card objects"):
        Hand.parse("3D 3D").remove([*parse_cards("3D 3D 3D"), "x"])  # type: ignore[list-item]


def test_R3_the_cards_a_play_takes_are_those_of_its_cards_tuple() -> None:
    # The game keeps what a play's cards take from a hand by the tuple's identity: a
    # new tuple, even of equal cards, is worked out afresh, and gives the same.
    cards = parse_cards("5D 5S 9H")
    again = tuple(card for card in cards)
    assert again is not cards
    assert amounts_of(cards) == amounts_of(again) == rank_amounts(cards) == ((2, 513), (6, 64))
    assert amounts_of(parse_cards("5D 5D 5D")) is None  # (no hand holds a card three times)
    with pytest.raises(WrongTypeError, match="Card objects"):  # (a play whose cards were tampered with)
        amounts_of(("x",))  # type: ignore[arg-type]
    assert Hand.parse("5D 5S 9H 9H")._take(amounts_of(cards), cards) == Hand.parse("9H")  # type: ignore[arg-type]


@given(card_lists(decks=2), st.randoms(use_true_random=False))
def test_R1_3_hand_ignores_card_order(cs: list[Card], rng: random.Random) -> None:
    shuffled = list(cs)
    rng.shuffle(shuffled)
    assert Hand(shuffled) == Hand(cs)
    assert str(Hand(shuffled)) == str(Hand(cs))


@given(hands(decks=2))
def test_R1_3_hand_notation_round_trip(hand: Hand) -> None:
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse(hand.unicode()) == hand
    assert eval(repr(hand), {"Hand": Hand}) == hand


@given(hands(decks=1, jokers=False, min_size=1, max_size=13))
def test_R1_3_hands_strategy_sizes(hand: Hand) -> None:
    assert 1 <= len(hand) <= 13
    assert all(hand.count(card) == 1 and not card.is_joker for card in hand)


def test_R1_3a_a_hand_knows_whether_it_holds_a_card_twice() -> None:
    twice = Hand.parse("3D 3D 4S")
    assert twice.doubled
    assert not Hand.parse("3D 3S 4S").doubled
    assert not twice.remove(parse_cards("3D")).doubled
    assert twice.remove(parse_cards("4S")).doubled
    assert twice.pinned(Card.parse("3D")).doubled
