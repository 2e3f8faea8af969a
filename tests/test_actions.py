"""Moves other than plays: pass and the exchange decisions (R5.2, R8)."""

from __future__ import annotations

import pytest

from zhengshangyou import PASS, Card, Give, IllegalMoveError, Offer, Pass, Return, Take
from zhengshangyou.cards import parse_cards


def test_R8_2_an_offer_is_two_cards() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        Offer(parse_cards("3D"))
    assert caught.value.rule == "R8.2"
    assert isinstance(caught.value, ValueError)
    assert Offer(parse_cards("9S 3D")) == Offer(parse_cards("3D 9S"))


def test_R5_2_pass_is_one_value() -> None:
    assert Pass() == PASS
    assert str(PASS) == "pass"


def test_R8_exchange_moves_print_as_typed() -> None:
    card = Card.parse("RJ")
    assert [str(move) for move in (Give(card), Take(card), Return(card))] == [
        "give RJ",
        "take RJ",
        "return RJ",
    ]


