"""The exchange module (R8.1-R8.4): the decisions open, their check and their effect,
on positions built by hand; and the game's exchange is that module's."""

from __future__ import annotations

import pytest

from zhengshangyou import Card, Give, Hand, IllegalMoveError, Offer, Return, Rules, Take
from zhengshangyou.exchange import (
    ExchangeState,
    ExchangeStep,
    apply_exchange,
    check_exchange,
    exchange_moves,
    highest_cards,
    start_exchange,
)

FOR_TWO = Rules(players=3, exchange="highest_for_one_of_two")
FOR_ANY = Rules(players=3, exchange="highest_for_any")
HANDS = (Hand.parse("3D 4C 9S"), Hand.parse("5H"), Hand.parse("6D 2C 2S BJ"))


def card(text: str) -> Card:
    return Card.parse(text)


def test_R8_1_no_exchange_starts_under_none() -> None:
    assert start_exchange(Rules(players=3), winner=0, loser=2) is None
    exchange = start_exchange(FOR_TWO, winner=0, loser=2)
    assert exchange == ExchangeState(ExchangeStep.GIVE, winner=0, loser=2)
    assert exchange.to_act == 2


def test_R8_2_the_loser_gives_a_highest_card_jokers_included() -> None:
    exchange = ExchangeState(ExchangeStep.GIVE, winner=0, loser=2)
    assert exchange_moves(exchange, HANDS, FOR_TWO) == (Give(card("BJ")),)
    with pytest.raises(IllegalMoveError) as caught:
        check_exchange(exchange, HANDS, FOR_TWO, Give(card("2S")))
    assert caught.value.rule == "R8.2"
    check_exchange(exchange, HANDS, FOR_TWO, Give(card("BJ")))  # no error: the move may be made


def test_R8_2_among_equal_ranks_the_suit_order_decides_or_the_loser() -> None:
    hand = Hand.parse("6D 2C 2S")
    assert highest_cards(hand, Rules(players=3)) == (card("2C"), card("2S"))
    assert highest_cards(hand, Rules(players=3, suit_order="DCHS")) == (card("2S"),)


def test_R8_2_give_offer_take() -> None:
    exchange: ExchangeState | None = ExchangeState(ExchangeStep.GIVE, winner=0, loser=2)
    assert exchange is not None
    exchange, hands = apply_exchange(exchange, HANDS, FOR_TWO, Give(card("BJ")))
    assert exchange == ExchangeState(ExchangeStep.OFFER, winner=0, loser=2)
    assert exchange.to_act == 0
    assert [str(hand) for hand in hands] == ["3D 4C 9S BJ", "5H", "6D 2C 2S"]
    offers = exchange_moves(exchange, hands, FOR_TWO)
    assert len(offers) == 6  # any two of the Winner's four cards
    with pytest.raises(IllegalMoveError) as caught:
        check_exchange(exchange, hands, FOR_TWO, Offer.parse("3D 5H"))  # 5H is not the Winner's
    assert caught.value.rule == "R8.2"
    offer = Offer.parse("3D BJ")
    check_exchange(exchange, hands, FOR_TWO, offer)
    exchange, same = apply_exchange(exchange, hands, FOR_TWO, offer)
    assert same is hands  # an offer moves no card
    assert exchange == ExchangeState(ExchangeStep.TAKE, winner=0, loser=2, offered=offer.cards)
    assert exchange.to_act == 2
    assert set(exchange_moves(exchange, hands, FOR_TWO)) == {Take(card("3D")), Take(card("BJ"))}
    with pytest.raises(IllegalMoveError):
        check_exchange(exchange, hands, FOR_TWO, Take(card("4C")))
    over, hands = apply_exchange(exchange, hands, FOR_TWO, Take(card("BJ")))
    assert over is None
    assert [str(hand) for hand in hands] == ["3D 4C 9S", "5H", "6D 2C 2S BJ"]


def test_R8_3_the_winner_returns_any_card() -> None:
    exchange: ExchangeState | None = ExchangeState(ExchangeStep.GIVE, winner=0, loser=2)
    assert exchange is not None
    exchange, hands = apply_exchange(exchange, HANDS, FOR_ANY, Give(card("BJ")))
    assert exchange is not None
    assert exchange.step is ExchangeStep.RETURN
    assert set(exchange_moves(exchange, hands, FOR_ANY)) == {Return(c) for c in hands[0]}
    with pytest.raises(IllegalMoveError) as caught:
        check_exchange(exchange, hands, FOR_ANY, Return(card("6D")))
    assert caught.value.rule == "R8.3"
    with pytest.raises(IllegalMoveError) as caught:
        check_exchange(exchange, hands, FOR_ANY, Offer.parse("3D 4C"))
    assert caught.value.rule == "R8.3"
    over, hands = apply_exchange(exchange, hands, FOR_ANY, Return(card("3D")))
    assert over is None
    assert card("3D") in hands[2]


def test_R8_4_each_decision_listed_passes_the_check_and_others_do_not() -> None:
    rules = Rules(players=3, exchange="highest_for_one_of_two", decks=2, jokers=False, joker_bomb=False)
    hands = (Hand.parse("3D 3D 4C"), Hand.parse("5H"), Hand.parse("2S 2S"))
    offer = ExchangeState(ExchangeStep.OFFER, winner=0, loser=2)
    listed = exchange_moves(offer, hands, rules)
    assert Offer.parse("3D 3D") in listed  # two copies held (R1.3): both may be offered
    for move in listed:
        check_exchange(offer, hands, rules, move)
    with pytest.raises(IllegalMoveError):
        check_exchange(offer, hands, rules, Offer.parse("4C 4C"))  # one copy held
    give = ExchangeState(ExchangeStep.GIVE, winner=0, loser=2)
    assert exchange_moves(give, hands, rules) == (Give(card("2S")),)  # one move for two copies
