"""Moves other than plays: pass and the exchange decisions (R5.2, R8)."""

from __future__ import annotations

import pickle

import pytest

from zhengshangyou import PASS, Card, Give, IllegalMoveError, Offer, Pass, Return, Rules, Take
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


def test_rules_pickle_without_their_memo() -> None:
    from zhengshangyou import Hand, legal_plays

    rules = Rules.preset("winner")
    list(legal_plays(Hand.parse("3D 4D 5D 6S 7S 8S 9H"), rules))
    assert rules._memo
    data = pickle.dumps(rules)
    assert b"Play" not in data
    assert b"_Tables" not in data
    assert len(data) < 4000
    copy = pickle.loads(data)
    assert copy == rules
    # In one process, equal rule sets share one memo (built from the options alone).
    assert copy._memo is rules._memo


def test_equal_rules_share_one_memo_and_unequal_ones_do_not() -> None:
    assert Rules.preset("winner")._memo is Rules.preset("winner")._memo
    assert Rules.preset("winner")._memo is not Rules.preset("winner", players=3)._memo
