"""Acceptance cases of the combination parser and comparator (RULES.md R3, R4, E5–E16, E20).

The table below is data: one record per case, naming the rule it checks. Every
expected value was worked out by hand from RULES.md, never read from the code.

A record gives the rule set (a preset of section 9 plus overrides), the cards in
the library's notation (R1.4), the expected readings of ``classify_all`` (kind
names, a kind repeated when it reads two ways) or the error ``classify`` must
raise, and optionally a top play with the expected verdict of ``beats`` both
ways. ``kind`` and ``top_kind`` declare a reading when the cards have several
(R3.16). E20 is modelled as the brief of the rule says: the four of a kind is
judged with ``revolution=False``, the next play with ``revolution=True``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import pytest

from zhengshangyou import (
    AmbiguousPlayError,
    Card,
    InvalidCombinationError,
    Kind,
    NotationError,
    Play,
    Rank,
    Rules,
    Suit,
    ZhengShangyouError,
    beats,
    classify,
    classify_all,
    make_deck,
    parse_cards,
)
from zhengshangyou.plays import resolve

Z, W, WC, TD = "zhengshangyou", "winner", "winner-classic", "two-deck"
Invalid, Ambiguous = InvalidCombinationError, AmbiguousPlayError

SINGLE, PAIR, TRIPLE = Kind.SINGLE, Kind.PAIR, Kind.TRIPLE
FULL_HOUSE, TWS, FOUR = Kind.FULL_HOUSE, Kind.TRIPLE_WITH_SINGLE, Kind.FOUR_OF_A_KIND
STRAIGHT, PAIR_RUN, TRIPLE_RUN = Kind.STRAIGHT, Kind.PAIR_RUN, Kind.TRIPLE_RUN
SF, TRIPLE_BOMB, BOMB = Kind.STRAIGHT_FLUSH, Kind.TRIPLE_BOMB, Kind.BOMB
BWK, JOKER_BOMB = Kind.BOMB_WITH_KICKER, Kind.JOKER_BOMB

RULE_ID = re.compile(r"R\d+(\.\d+)*")


@dataclass(frozen=True, eq=False)
class Case:
    """One acceptance case (see the module docstring)."""

    rule: str
    cards: str
    reads: tuple[Kind, ...] = ()
    error: type[ZhengShangyouError] | None = None
    preset: str = Z
    options: Mapping[str, Any] = field(default_factory=dict)
    kind: Kind | None = None
    top: str | None = None
    top_kind: Kind | None = None
    beats: bool | None = None
    reverse: bool | None = None
    revolution: bool = False
    error_rule: str | None = None
    note: str = ""

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset, **self.options)

    @property
    def test_id(self) -> str:
        text = f"{self.rule}-{self.preset}-{self.cards or 'nothing'}"
        if self.top is not None:
            text += f"-on-{self.top}"
        if self.revolution:
            text += "-revolution"
        return text.replace(" ", "_")


def case(rule: str, cards: str, *reads: Kind, **details: Any) -> Case:
    """A case: ``reads`` are the expected kinds; no kinds means InvalidCombinationError."""
    if not reads and "error" not in details:
        details["error"] = Invalid
    # Readings of several kinds must be declared; of one kind, the strongest is meant
    # (R3.16, library ruling).
    if len(set(reads)) > 1 and "error" not in details and details.get("kind") is None:
        details["error"] = Ambiguous
    return Case(rule, cards, tuple(reads), **details)


def verdict(rule: str, cards: str, top: str, beats: bool, reverse: bool | None = None,
            **details: Any) -> Case:
    """A comparison case: does ``cards`` beat ``top`` (and, if given, ``top`` beat ``cards``)?"""
    return Case(rule, cards, top=top, beats=beats, reverse=reverse, **details)


THIRTEEN = "AD 2C 3H 4S 5D 6C 7H 8S 9D 10C JH QS KD"

CASES: list[Case] = [
    # --- R3.1 single -----------------------------------------------------------------
    case("R3.1", "7H", SINGLE, top="6S", beats=True, reverse=False),
    case("R3.1", "RJ", SINGLE, top="BJ", beats=True, reverse=False),
    case("R3.1", "BJ", SINGLE, preset=W),
    case("R3.1", "", note="a play needs at least one card"),
    # --- R3.2 pair -------------------------------------------------------------------
    case("R3.2", "7H 7S", PAIR, top="6D 6C", beats=True, reverse=False),
    case("R3.2", "7H 8H"),
    case("R3.2", "2D 2S", PAIR, preset=WC),
    # --- R3.3 triple -----------------------------------------------------------------
    case("R3.3", "9D 9C 9S", TRIPLE, top="8D 8C 8S", beats=True, reverse=False),
    case("R3.3", "9D 9C 9S", TRIPLE, preset=TD, top="9D 9H 9S", beats=False, reverse=False),
    case("R3.3", "9D 9C 8S"),
    # --- R3.4 full house -------------------------------------------------------------
    case("R3.4", "9D 9C 9S 4H 4S", FULL_HOUSE),
    case("R3.4", "9D 9C 9S 4H 4S", options={"full_house": False}, error_rule="R3.4"),
    case("R3.4", "9D 9C 9S BJ BJ", FULL_HOUSE, preset=TD, note="a joker pair as the pair"),
    case("R3.4", "9D 9C 9S RJ RJ", preset=TD, options={"joker_pairs": False},
         error_rule="R3.13"),
    case("R3.4", "9D 9C 9S BJ RJ", note="BJ RJ is no pair"),
    case("R3.4", "9D 9C 9S 4H 5S"),
    # --- R3.5 triple with single -----------------------------------------------------
    case("R3.5", "9D 9C 9S 4H", TWS, options={"triple_with_single": True},
         top="8D 8C 8S AS", beats=True, reverse=False),
    case("R3.5", "9D 9C 9S RJ", TWS, options={"triple_with_single": True},
         note="a joker kicker"),
    case("R3.5", "9D 9C 9S 4H", error_rule="R3.5"),
    # --- R3.6 four of a kind (plain) -------------------------------------------------
    case("R3.6", "5D 5C 5H 5S", FOUR, preset=W, top="4D 4C 4H 4S", beats=True, reverse=False),
    case("R3.6", "5D 5C 5H 5S", FOUR, preset=W, top="KD KC KH", beats=False, reverse=False,
         note="a plain four of a kind is no bomb"),
    case("R3.6", "5D 5C 5H 5S", FOUR, preset=W, top="3D", beats=False, reverse=False),
    case("R3.6", "5D 5C 5H 5S 3D", preset=W, error_rule="R3.10"),
    case("R3.6", "5D 5C 5H 5S 5D", preset=W, options={"decks": 2}, error_rule="R3.10",
         note="five of a rank are only a bomb"),
    # --- R3.7 straight ---------------------------------------------------------------
    case("R3.7", "3D 4C 5H 6S 7D", STRAIGHT),
    case("R3.7", "3D 4C 5H 6S", error_rule="R3.7"),
    case("R3.7", "3D 4C 5H", STRAIGHT, preset=W, note="min_straight 3"),
    case("R3.7", "3D 4C", preset=W),
    case("R3.7", "3D 4C 5H 6S 7D", options={"min_straight": 6}, error_rule="R3.7"),
    case("R3.7", "3D 4C 5H 6S 7D 8C", STRAIGHT, options={"min_straight": 6}),
    case("R3.7", "3D 4C 5H 6S 8D", error_rule="R3.15"),
    case("R3.7", "3D 4C 5H 6S 7D 7C"),
    # --- R3.8 pair run ---------------------------------------------------------------
    case("R3.8", "5D 5C 6H 6S", PAIR_RUN),
    case("R3.8", "5D 5C 6H 6S", options={"min_pair_run": 3}, error_rule="R3.8"),
    case("R3.8", "5D 5C 6H 6S 7D 7C", PAIR_RUN, options={"min_pair_run": 3}),
    case("R3.8", "5D 5C 7H 7S", error_rule="R3.15"),
    case("R3.8", "5D 5C 6H 6S 7D"),
    # --- R3.9 triple run -------------------------------------------------------------
    case("R3.9", "5D 5C 5H 6D 6C 6H", TRIPLE_RUN),
    case("R3.9", "5D 5C 5H 6D 6C 6H", options={"min_triple_run": 3}, error_rule="R3.9"),
    case("R3.9", "5D 5C 5H 6D 6C 6H 7D 7C 7H", TRIPLE_RUN, options={"min_triple_run": 3}),
    case("R3.9", "5D 5C 5H 7D 7C 7H", error_rule="R3.15"),
    # --- R3.10 bomb, bomb with kicker ------------------------------------------------
    case("R3.10", "5D 5C 5H 5S", BOMB, top="AS", beats=True, reverse=False),
    case("R3.10", "5D 5C 5H 5S 5D", BOMB, preset=TD),
    case("R3.10", "5D 5C 5H 5S 5D 5C 5H 5S", BOMB, preset=TD, top="5D 5C 5H 5S 5D 5C 5H",
         beats=True, reverse=False, note="up to 8 with two decks"),
    case("R3.10", "5D 5C 5H 5S 3D", BWK, preset=WC),
    case("R3.10", "5D 5C 5H 5S RJ", BWK, preset=WC, note="a joker kicker"),
    case("R3.10", "5D 5C 5H 5S 3D 4D", preset=WC),
    case("R3.10", "5D 5C 5H 5S 3D", error_rule="R3.10"),
    # --- R3.11 straight flush --------------------------------------------------------
    case("R3.11", "3H 4H 5H", SF, preset=W),
    case("R3.11", "3H 4H 5S", STRAIGHT, preset=W),
    case("R3.11", "3H 4H 5H 6H 7H", SF, preset=WC, top="2D 2C 2H 2S 3D", beats=True,
         reverse=False),
    case("R3.11", "10S JS QS KS AS", SF, options={"straight_flush": "beats_straights"}),
    case("R3.11", "3H 4H 6H 7H 8H", preset=WC, note="a flush is no combination"),
    # --- R3.12 joker bomb ------------------------------------------------------------
    case("R3.12", "BJ RJ", JOKER_BOMB),
    case("R3.12", "BJ BJ RJ RJ", JOKER_BOMB, preset=TD),
    case("R3.12", "BJ RJ", preset=TD, note="with two decks every joker is needed"),
    case("R3.12", "BJ RJ", options={"joker_bomb": False}, error_rule="R3.12"),
    case("R3.12", "BJ RJ 3D"),
    # --- R3.13 joker pair ------------------------------------------------------------
    case("R3.13", "RJ RJ", PAIR, preset=TD, top="2S 2H", beats=True, reverse=False),
    case("R3.13", "RJ RJ", PAIR, preset=TD, top="BJ BJ", beats=True, reverse=False),
    case("R3.13", "BJ BJ", PAIR, preset=TD, top="2S 2S", beats=True, reverse=False),
    case("R3.13", "RJ RJ", preset=TD, options={"joker_pairs": False}, error_rule="R3.13"),
    case("R3.13", "BJ BJ RJ RJ", preset=TD, options={"joker_bomb": False},
         note="never in pair runs"),
    case("R3.13", "2D 2S BJ BJ", preset=TD, note="never in pair runs"),
    # --- R3.14 triple bomb -----------------------------------------------------------
    case("R3.14", "9D 9C 9S", TRIPLE_BOMB, options={"triple_bomb": True}, top="2S",
         beats=True, reverse=False),
    case("R3.14", "9D 9C 9S", TRIPLE_BOMB, options={"triple_bomb": True}, top="3D 3C 3H",
         beats=True, reverse=False),
    case("R3.14", "9D 9C 9S", TRIPLE_BOMB, options={"triple_bomb": True},
         top="AD AC AH KD KC", beats=True, reverse=False),
    case("R3.14", "9D 9C 9S 4H 4S", FULL_HOUSE, options={"triple_bomb": True}),
    case("R3.14", "9D 9C 9S 10D 10C 10S", TRIPLE_RUN, options={"triple_bomb": True}),
    # --- R3.15 runs and run_order ----------------------------------------------------
    case("R3.15", "AD 2C 3H 4S 5D", STRAIGHT),
    case("R3.15", "2D 3C 4H 5S 6D", STRAIGHT),
    case("R3.15", "10D JC QH KS AD", STRAIGHT),
    case("R3.15", "JD QC KH AS 2D", error_rule="R3.15"),
    case("R3.15", "KD AC 2H 3S 4D", error_rule="R3.15"),
    case("R3.15", "QD KC AH 2S 3D", error_rule="R3.15", note="no wrap-around"),
    case("R3.15", "KD AC 2H", preset=W, note="two_low: K-A-2 is not a run"),
    case("R3.15", "2D 3C 4H", STRAIGHT, preset=W),
    case("R3.15", "AD 2C 3H", preset=W, options={"run_order": "no_two"}),
    case("R3.15", "2D 3C 4H", preset=W, options={"run_order": "no_two"}),
    case("R3.15", "QD KC AH", STRAIGHT, preset=W, options={"run_order": "no_two"}),
    case("R3.15", "KD AC 2H", preset=W, options={"run_order": "no_two"}),
    case("R3.15", "KD AC 2H", STRAIGHT, preset=W, options={"run_order": "two_high"}),
    case("R3.15", "AD 2C 3H", preset=W, options={"run_order": "two_high"}),
    case("R3.15", "2D 3C 4H", preset=W, options={"run_order": "two_high"}),
    case("R3.15", "AD 2C 3H 4S 5D", STRAIGHT, preset=TD),
    case("R3.15", "JD QC KH AS 2D", STRAIGHT, preset=TD),
    case("R3.15", "KD AC 2H 3S 4D", preset=TD),
    case("R3.15", "KD KC AD AC", PAIR_RUN),
    case("R3.15", "AD AC 2D 2C", PAIR_RUN),
    case("R3.15", "KD KC AD AC 2D 2C"),
    case("R3.15", "KD KC KH AD AC AH 2D 2C 2H"),
    case("R3.15", "KD KC KH AD AC AH 2D 2C 2H", TRIPLE_RUN, options={"run_order": "two_high"}),
    case("R3.15", THIRTEEN, STRAIGHT, STRAIGHT,
         note="two_low: A-2-3-...-K and 2-3-...-K-A"),
    case("R3.15", THIRTEEN, STRAIGHT, STRAIGHT, preset=TD,
         note="either_end: A-2-...-K and 3-...-K-A-2, not 2-...-K-A"),
    case("R3.15", THIRTEEN, STRAIGHT, preset=W, options={"run_order": "two_high"}),
    case("R3.15", THIRTEEN, preset=W, options={"run_order": "no_two"}),
    case("R3.15", "3D 4C 5H 6S 7D 8C 9H 10S JD QC KH AS", STRAIGHT,
         options={"run_order": "no_two"}),
    # --- R3.16 several readings ------------------------------------------------------
    case("R3.16", "3H 4H 5H 6H 7H", STRAIGHT, SF, options={"straight_flush": "distinct"}),
    case("R3.16", "4H 5H 6H 7H 8H", STRAIGHT, SF, options={"straight_flush": "distinct"},
         kind=SF, top="3S 4S 5S 6S 7S", top_kind=SF, beats=True, reverse=False),
    case("R3.16", "4H 5H 6H 7H 8H", STRAIGHT, SF, options={"straight_flush": "distinct"},
         kind=STRAIGHT, top="3S 4S 5S 6S 7S", top_kind=STRAIGHT, beats=True, reverse=False),
    case("R3.16", "7H 7S", PAIR, kind=STRAIGHT, error=Invalid, error_rule="R3.16",
         note="a declared kind the cards do not have"),
    case("R3.16", THIRTEEN, STRAIGHT, STRAIGHT, preset=TD),
    case("R3.16", "AD AC 2D 2C", PAIR_RUN, PAIR_RUN, preset=TD,
         note="either_end: A-2 stands low (A-2-3) or high (K-A-2); the stronger is meant"),
    case("R3.16", "AD AC AH 2D 2C 2H", TRIPLE_RUN, TRIPLE_RUN,
         options={"run_order": "either_end"}),
    # --- R3.17 which readings exist --------------------------------------------------
    case("R3.17", "3H 4H 5H 6H 7H", STRAIGHT, options={"straight_flush": "none"}),
    case("R3.17", "3H 4H 5H 6H 7H", SF, options={"straight_flush": "beats_straights"}),
    case("R3.17", "3H 4H 5H 6H 7H", SF, options={"straight_flush": "bomb"}),
    case("R3.17", "3H 4H 5H 6H 7H", STRAIGHT, SF, options={"straight_flush": "distinct"}),
    case("R3.17", "3H 4H 5H", SF, preset=W),
    case("R3.17", "9D 9C 9S", TRIPLE_BOMB, options={"triple_bomb": True}),
    case("R3.17", "5D 5C 5H 5S", FOUR, options={"four_of_a_kind": "plain"}),
    case("R3.17", "5D 5C 5H 5S", BOMB, options={"four_of_a_kind": "bomb"}),
    case("R3.17", "5D 5C 5H 5S", preset=WC, error_rule="R3.17"),
    # --- R4.1 the lead sets kind and size ----------------------------------------------
    verdict("R4.1", "3D 4C 5H 6S 7D 8C", "3C 4D 5S 6H 7C", False, False),
    verdict("R4.1", "8D 8C", "7H", False, False),
    verdict("R4.1", "3D 4C 5H", "4D 5C 6H 7S", False, False, preset=W),
    verdict("R4.1", "9D 9C 9S", "8D 8C 8S 4H 4S", False, False),
    verdict("R4.1", "5D 5C 6H 6S 7D 7C", "5H 5S 6D 6C", False, False),
    # --- R4.2 equal plays ------------------------------------------------------------
    verdict("R4.2", "7D", "7D", False, False, preset=TD),
    verdict("R4.2", "7D", "7H", False, False),
    verdict("R4.2", "3D 4C 5H 6S 7D", "3D 4C 5H 6S 7D", False, False, preset=TD),
    verdict("R4.2", "5D 5C 5H 5S", "5D 5C 5H 5S", False, False, preset=TD),
    verdict("R4.2", "BJ BJ", "BJ BJ", False, False, preset=TD),
    # --- R4.3 singles, pairs, triples, four of a kind; by suit ---------------------------
    verdict("R4.3", "8D", "7S", True, False, preset=W, note="rank before suit"),
    verdict("R4.3", "7S", "7H", True, False, preset=W, note="singles_by_suit"),
    verdict("R4.3", "7S", "7H", False, False, note="no singles_by_suit"),
    verdict("R4.3", "7S", "7H", False, False, preset=W, options={"singles_by_suit": False}),
    verdict("R4.3", "RJ", "BJ", True, False, preset=W),
    verdict("R4.3", "BJ", "BJ", False, False, preset=W, options={"decks": 2},
            note="jokers are never compared by suit"),
    verdict("R4.3", "8D 8C", "7S 7H", True, False, preset=W),
    verdict("R4.3", "7S 7D", "7H 7C", True, False, preset=W, note="pairs_by_suit"),
    verdict("R4.3", "7S 7D", "7H 7C", False, False, preset=W,
            options={"pairs_by_suit": False}),
    verdict("R4.3", "7S 7D", "7S 7H", False, False, preset=W, options={"decks": 2},
            note="equal higher suits: equal pairs"),
    verdict("R4.3", "6D 6C 6H", "5D 5C 5S", True, False, preset=W),
    verdict("R4.3", "6D 6C 6H 6S", "5D 5C 5H 5S", True, False, preset=W),
    # --- R4.4 attached cards never matter ----------------------------------------------
    verdict("R4.4", "9D 9C 9H 3D 3C", "8D 8C 8H AD AC", True, False),
    verdict("R4.4", "9D 9C 9H 3D", "8D 8C 8H 2S", True, False,
            options={"triple_with_single": True}),
    verdict("R4.4", "9D 9C 9H 3D", "9D 9C 9S 2S", False, False, preset=TD,
            options={"triple_with_single": True}),
    verdict("R4.4", "6D 6C 6H 6S 3D", "5D 5C 5H 5S 2S", True, False, preset=WC),
    verdict("R4.4", "6D 6C 6H 6S 3D", "6D 6C 6H 6S KD", False, False, preset=WC,
            options={"decks": 2}),
    # --- R4.5 runs: top card, wheels_high, straights_by_suit -----------------------------
    verdict("R4.5", "QD KC AH", "AD 2C 3H", True, False, preset=W, note="top_card"),
    verdict("R4.5", "2D 3C 4H", "AD 2C 3H", True, False, preset=W, note="top_card"),
    verdict("R4.5", "4D 5C 6H", "3D 4C 5H", True, False, preset=W, note="top_card"),
    verdict("R4.5", "AD 2C 3H 4S 5D 6C", "9D 10C JH QS KD AC", True, False,
            note="wheels_high at six cards"),
    verdict("R4.5", "2D 3C 4H 5S 6D 7C", "9D 10C JH QS KD AC", True, False),
    verdict("R4.5", "KD KC AS AH", "AD AC 2D 2C", True, False,
            note="wheels_high is for straights: pair runs by their top"),
    verdict("R4.5", "3D 3C 4D 4C", "AD AC 2D 2C", True, False),
    verdict("R4.5", "7D 7C 7H 8D 8C 8H", "5D 5C 5H 6D 6C 6H", True, False),
    verdict("R4.5", "3D 4C 5H 6S 7S", "3C 4D 5S 6H 7H", True, False,
            options={"suit_order": "DCHS", "straights_by_suit": True},
            note="straights_by_suit: 7S over 7H"),
    verdict("R4.5", "AD 2C 3H 4S 5S", "AC 2D 3S 4H 5H", True, False,
            options={"suit_order": "DCHS", "straights_by_suit": True},
            note="the top card of A2345 is the 5"),
    verdict("R4.5", "3D 4C 5H 6S 7S", "3C 4D 5S 6H 7H", False, False,
            options={"suit_order": "DCHS"}, note="without straights_by_suit: equal"),
    verdict("R4.5", "3D 4C 5H 6S 7D", "9D 10C JH QS KD", False, True,
            options={"suit_order": "DCHS", "straights_by_suit": True},
            note="the suit decides only at an equal top"),
    # --- R4.6 bombs ------------------------------------------------------------------
    verdict("R4.6", "3D 3C 3H 3S", "2S", True, False),
    verdict("R4.6", "3D 3C 3H 3S", "AD AC AH KS KD", True, False),
    verdict("R4.6", "3D 3C 3H 3S", "3D 4C 5H 6S 7D 8C 9H 10S", True, False),
    verdict("R4.6", "4D 4C 4H 4S", "3D 3C 3H 3S", True, False, note="size_then_rank: by rank"),
    verdict("R4.6", "3D 3C 3H 3S 3D", "AD AC AH AS", True, False, preset=TD,
            note="size_then_rank: size first"),
    verdict("R4.6", "3D 3C 3H 3S 3D", "AD AC AH AS", False, True, preset=TD,
            options={"bomb_order": "rank_only"}, note="rank_only"),
    verdict("R4.6", "AD AC AH AS AD", "AC AH AS AD", True, False, preset=TD,
            options={"bomb_order": "rank_only"}, note="rank_only: equal rank, larger wins"),
    verdict("R4.6", "2D 2C 2H 2S 3D", "AD AC AH AS 2D", True, False, preset=WC,
            note="rank_only with kickers"),
    verdict("R4.6", "3D 3C 3H 3S", "AD AC AH", True, False, options={"triple_bomb": True},
            note="a triple bomb is below every four-card bomb"),
    verdict("R4.6", "3D 3C 3H 3S", "AD AC AH", True, False,
            options={"triple_bomb": True, "bomb_order": "rank_only"}),
    verdict("R4.6", "3D 3C 3H 3S 4D", "2D 2C 2H", True, False, preset=WC,
            options={"triple_bomb": True}),
    verdict("R4.6", "BJ RJ", "2D 2C 2H 2S", True, False, note="the joker bomb beats everything"),
    verdict("R4.6", "BJ RJ", "3D", True, False),
    verdict("R4.6", "BJ BJ RJ RJ", "2D 2C 2H 2S 2D 2C 2H 2S", True, False, preset=TD),
    verdict("R4.6", "BJ BJ RJ RJ", "10H JH QH KH AH", True, False, preset=TD),
    verdict("R4.6", "BJ RJ", "10S JS QS KS AS", True, False, preset=WC,
            options={"joker_bomb": True}),
    verdict("R4.6", "BJ RJ", "2D 2C 2H", True, False, options={"triple_bomb": True}),
    verdict("R4.6", "3H 4H 5H 6H 7H", "2D 2C 2H 2S 3D", True, False, preset=WC,
            note="a straight flush bomb beats every bomb of a rank"),
    verdict("R4.6", "3H 4H 5H 6H 7H", "2D 2C 2H 2S", True, False,
            options={"straight_flush": "bomb"}),
    verdict("R4.6", "3H 4H 5H 6H 7H", "2D 2C 2S", True, False,
            options={"straight_flush": "bomb", "triple_bomb": True}),
    verdict("R4.6", "3H 4H 5H 6H 7H 8H", "4S 5S 6S 7S 8S", False, False, preset=WC,
            note="straight flush bombs meet only at equal length"),
    verdict("R4.6", "4S 5S 6S 7S 8S", "3H 4H 5H 6H 7H", True, False, preset=WC),
    verdict("R4.6", "3H 4H 5H 6H 7H", "10D JC QH KS AD", True, False, preset=WC),
    verdict("R4.6", "3H 4H 5H 6H 7H", "2S", True, False, preset=WC),
    # --- R4.7 straight_flush modes ---------------------------------------------------
    verdict("R4.7", "5D 6C 7H 8S 9D", "3S 4S 5S 6S 7S", True, False, note="none"),
    verdict("R4.7", "3S 4S 5S 6S 7S", "5D 6C 7H 8S 9D", False, False, kind=SF,
            options={"straight_flush": "distinct"}),
    verdict("R4.7", "3S 4S 5S 6S 7S", "5D 6C 7H 8S 9D", True, False,
            options={"straight_flush": "beats_straights"}),
    verdict("R4.7", "3H 4H 5H", "QD KC AS", True, False, preset=W),
    verdict("R4.7", "4H 5H 6H", "3S 4S 5S", True, False, preset=W),
    verdict("R4.7", "3H 4H 5H", "3D 4C 5S 6H", False, False, preset=W),
    verdict("R4.7", "3H 4H 5H", "2S", False, False, preset=W,
            note="beats_straights: no bomb"),
    verdict("R4.7", "3H 4H 5H 6H 7H", "KS", True, False, preset=WC, note="bomb"),
    # --- R4.8 revolution -------------------------------------------------------------
    verdict("R4.8", "3D", "2S", True, False, preset=W, options={"revolution": True},
            revolution=True),
    verdict("R4.8", "3D", "2S", False, True, preset=W, options={"revolution": True}),
    verdict("R4.8", "BJ", "2S", True, False, preset=W, options={"revolution": True},
            revolution=True, note="jokers are not flipped"),
    verdict("R4.8", "BJ", "3D", True, False, preset=W, options={"revolution": True},
            revolution=True),
    verdict("R4.8", "7S", "7H", True, False, preset=W, options={"revolution": True},
            revolution=True, note="suits are not flipped"),
    verdict("R4.8", "3D 3S", "3C 3H", True, False, preset=W, options={"revolution": True},
            revolution=True),
    verdict("R4.8", "3D 3C", "2S 2H", True, False, preset=W, options={"revolution": True},
            revolution=True),
    verdict("R4.8", "3D 4C 5H", "4D 5C 6H", True, False, preset=W,
            options={"revolution": True}, revolution=True, note="runs flip too"),
    verdict("R4.8", "3D 3C 3H 4D 4C 4H", "KD KC KH AD AC AH", True, False, preset=W, options={"revolution": True}, revolution=True),
    # --- E5 identical plays ----------------------------------------------------------
    verdict("E5", "RJ", "RJ", False, False, preset=TD),
    verdict("E5", "8D 8C", "8D 8C", False, False, preset=TD),
    # --- E6 ---------------------------------------------------------------------------
    verdict("E6", "8D 8C 8H 3D 3C", "8D 8S 8H KD KC", False, False, preset=TD),
    # --- E7 ---------------------------------------------------------------------------
    verdict("E7", "9D 9C 9S 4H 4S", "3D 4C 5H 6S 7D", False, False),
    verdict("E7", "5D 5C 6D 6C 7D 7C", "8D 8C 8H 9D 9C 9H", False, False),
    # --- E8 ---------------------------------------------------------------------------
    verdict("E8", "3D 3C 3H 3S 3D", "AD AC AH AS", True, False, preset=TD),
    verdict("E8", "3D 3C 3H 3S 3D", "AD AC AH AS", False, True, preset=TD,
            options={"bomb_order": "rank_only"}),
    # --- E9 after a bomb only a higher bomb ---------------------------------------------
    verdict("E9", "2S", "5D 5C 5H 5S", False),
    verdict("E9", "AD AC", "5D 5C 5H 5S", False),
    verdict("E9", "10D JC QH KS AD", "5D 5C 5H 5S", False),
    verdict("E9", "4D 4C 4H 4S", "5D 5C 5H 5S", False),
    verdict("E9", "6D 6C 6H 6S", "5D 5C 5H 5S", True),
    # --- E10 zhengshangyou straights ---------------------------------------------------
    case("E10", "JD QC KH AS 2D"),
    case("E10", "KD AC 2H 3S 4D"),
    case("E10", "AD 2C 3H 4S 5D", STRAIGHT, top="2D 3C 4H 5S 6D", beats=True, reverse=False),
    verdict("E10", "2D 3C 4H 5S 6D", "10D JC QH KS AD", True, False),
    verdict("E10", "10D JC QH KS AD", "9D 10C JH QS KD", True, False),
    verdict("E10", "9D 10C JH QS KD", "8D 9C 10H JS QD", True, False),
    verdict("E10", "4D 5C 6H 7S 8D", "3D 4C 5H 6S 7D", True, False),
    verdict("E10", "AD 2C 3H 4S 5D", "3D 4C 5H 6S 7D", True, False),
    verdict("E10", "AD 2C 3H 4S 5D", "10D JC QH KS AD", True, False),
    # --- E11 winner-classic straights -----------------------------------------------------
    case("E11", "AD 2C 3H 4S 5D", STRAIGHT, preset=WC),
    case("E11", "2D 3C 4H 5S 6D", STRAIGHT, preset=WC),
    case("E11", "KD AC 2H 3S 4D", preset=WC),
    verdict("E11", "2D 3C 4H 5S 6D", "AD 2C 3H 4S 5D", True, False, preset=WC),
    verdict("E11", "3D 4C 5H 6S 7D", "AD 2C 3H 4S 5D", True, False, preset=WC),
    verdict("E11", "10D JC QH KS AD", "AD 2C 3H 4S 5D", True, False, preset=WC),
    # --- E12 two-deck runs ---------------------------------------------------------------
    case("E12", "AD 2C 3H 4S 5D", STRAIGHT, preset=TD),
    case("E12", "9D 10C JH QS KD AC 2H", STRAIGHT, preset=TD),
    case("E12", "JD QC KH AS 2D 3C", preset=TD),
    case("E12", "AD AC 2D 2C 3D 3C", PAIR_RUN, preset=TD),
    case("E12", "KD KC AD AC 2D 2C", PAIR_RUN, preset=TD),
    verdict("E12", "KD KC AD AC 2D 2C", "AD AC 2D 2C 3D 3C", True, False, preset=TD),
    verdict("E12", "10D JC QH KS AD", "AD 2C 3H 4S 5D", True, False, preset=TD),
    verdict("E12", "JD QC KH AS 2D", "10D JC QH KS AD", True, False, preset=TD),
    # --- E13 BJ+RJ -----------------------------------------------------------------------
    case("E13", "BJ RJ", JOKER_BOMB),
    case("E13", "BJ RJ", preset=W),
    case("E13", "BJ RJ", preset=WC),
    case("E13", "BJ RJ", preset=TD),
    case("E13", "BJ RJ", options={"joker_bomb": False}),
    # --- E14 two decks of jokers ---------------------------------------------------------
    case("E14", "RJ RJ", PAIR, preset=TD, top="2D 2S", beats=True, reverse=False),
    case("E14", "BJ RJ", preset=TD),
    case("E14", "BJ BJ RJ", preset=TD),
    case("E14", "BJ RJ RJ", preset=TD),
    case("E14", "BJ BJ RJ RJ", JOKER_BOMB, preset=TD, top="2D 2D 2C 2C 2H 2H 2S 2S",
         beats=True, reverse=False),
    # --- E15 straight flush against straight -------------------------------------------
    verdict("E15", "3S 4S 5S 6S 7S", "5D 6C 7H 8S 9D", True, False,
            options={"straight_flush": "beats_straights"}),
    verdict("E15", "3S 4S 5S 6S 7S", "5D 6C 7H 8S 9D", False, False, kind=SF,
            options={"straight_flush": "distinct"}),
    verdict("E15", "5D 6C 7H 8S 9D", "3S 4S 5S 6S 7S", True, False,
            options={"straight_flush": "none"}),
    # --- E16 pairs of 2s -----------------------------------------------------------------
    verdict("E16", "2S 2D", "2H 2C", True, False, preset=W),
    verdict("E16", "2H 2C", "2S 2D", False, True, preset=W),
    verdict("E16", "2H 2D", "2S 2C", False, True, preset=W),
    verdict("E16", "2S 2D", "2H 2C", False, False),
    # --- E20 revolution: the quad is judged before its own flip ---------------------------
    verdict("E20", "7D 7C 7H 7S", "6D 6C 6H 6S", True, False, preset=W,
            options={"revolution": True}, note="the quad itself: revolution=False"),
    verdict("E20", "5D 5C 5H 5S", "6D 6C 6H 6S", False, True, preset=W,
            options={"revolution": True}, note="not judged under its own flip"),
    verdict("E20", "6D 6C 6H 6S", "7D 7C 7H 7S", True, False, preset=W,
            options={"revolution": True}, revolution=True, note="the next play: flipped"),
    verdict("E20", "8D 8C 8H 8S", "7D 7C 7H 7S", False, True, preset=W,
            options={"revolution": True}, revolution=True),
    verdict("E20", "3D", "2S", True, False, preset=W, options={"revolution": True},
            revolution=True),
    verdict("E20", "3D 4C 5H", "QD KC AH", True, False, preset=W,
            options={"revolution": True}, revolution=True),
]


def _classify(text: str, rules: Rules, kind: Kind | None) -> Play:
    return classify(parse_cards(text), rules, kind=kind)


def _kinds(plays: list[Play]) -> list[Kind]:
    return sorted((play.kind for play in plays), key=lambda kind: kind.value)


@pytest.mark.parametrize("case", CASES, ids=[c.test_id for c in CASES])
def test_case(case: Case) -> None:
    rules = case.rules
    cards = parse_cards(case.cards)
    if case.top is None or case.reads or case.error is not None:
        # The readings (R3, R3.16, R3.17).
        got = classify_all(cards, rules)
        assert _kinds(got) == sorted(case.reads, key=lambda kind: kind.value), case.note
        assert all(play.kind in case.reads for play in got)
    if case.error is not None:
        with pytest.raises(case.error) as caught:
            classify(cards, rules, kind=case.kind)
        error = caught.value
        assert error.rule is not None
        assert RULE_ID.fullmatch(error.rule), error.rule
        assert error.rule in str(error)
        if case.error_rule is not None:
            assert error.rule == case.error_rule, str(error)
        if isinstance(error, AmbiguousPlayError):
            assert len(error.readings) == len(case.reads) >= 2
        return
    play = classify(cards, rules, kind=case.kind)
    assert play is not None
    if case.top is None:
        assert play.kind in case.reads
        return
    top = _classify(case.top, rules, case.top_kind)
    assert beats(play, top, rules, revolution=case.revolution) is case.beats, case.note
    if case.reverse is not None:
        assert beats(top, play, rules, revolution=case.revolution) is case.reverse, case.note


# --- the table covers every rule, every option of R3.15 and R4 ---------------------------

REQUIRED_RULES = (
    [f"R3.{n}" for n in range(1, 18)]
    + [f"R4.{n}" for n in range(1, 9)]
    + [f"E{n}" for n in range(5, 17)]
    + ["E20"]
)


def _size(text: str | None) -> int:
    return len(parse_cards(text or ""))


_Check = Callable[[Case, Rules], bool]
REQUIRED_OPTIONS: dict[str, tuple[str, _Check]] = {
    "bomb_order size_then_rank": (
        "R4.6", lambda c, r: r.bomb_order == "size_then_rank" and r.decks == 2),
    "bomb_order rank_only": ("R4.6", lambda c, r: r.bomb_order == "rank_only"),
    "triple bomb below four": ("R4.6", lambda c, r: r.triple_bomb),
    "joker bomb beats everything": ("R4.6", lambda c, r: c.cards.startswith("BJ")),
    "straight flush none": ("R4.7", lambda c, r: r.straight_flush == "none"),
    "straight flush distinct": ("R4.7", lambda c, r: r.straight_flush == "distinct"),
    "straight flush beats_straights": (
        "R4.7", lambda c, r: r.straight_flush == "beats_straights"),
    "straight flush bomb": ("R4.7", lambda c, r: r.straight_flush == "bomb"),
    "singles_by_suit": ("R4.3", lambda c, r: r.singles_by_suit and _size(c.top) == 1),
    "pairs_by_suit": ("R4.3", lambda c, r: r.pairs_by_suit and _size(c.top) == 2),
    "straights_by_suit": ("R4.5", lambda c, r: r.straights_by_suit),
    "run_order no_two": ("R3.15", lambda c, r: r.run_order == "no_two"),
    "run_order two_low": ("R3.15", lambda c, r: r.run_order == "two_low"),
    "run_order two_high": ("R3.15", lambda c, r: r.run_order == "two_high"),
    "run_order either_end": ("R3.15", lambda c, r: r.run_order == "either_end"),
    "straight_ranking top_card": ("R4.5", lambda c, r: r.straight_ranking == "top_card"),
    "straight_ranking wheels_high": (
        "R4.5", lambda c, r: r.straight_ranking == "wheels_high"),
    "revolution": ("R4.8", lambda c, r: c.revolution),
}


def test_every_rule_has_a_case() -> None:
    covered = {c.rule for c in CASES}
    assert [rule for rule in REQUIRED_RULES if rule not in covered] == []


@pytest.mark.parametrize("topic", list(REQUIRED_OPTIONS))
def test_every_option_has_a_case(topic: str) -> None:
    rule, check = REQUIRED_OPTIONS[topic]
    assert any(c.rule == rule and c.beats is not None and check(c, c.rules) for c in CASES) or (
        rule == "R3.15" and any(c.rule == rule and check(c, c.rules) for c in CASES)
    )


def test_cases_are_well_formed() -> None:
    for c in CASES:
        assert RULE_ID.fullmatch(c.rule) or re.fullmatch(r"E\d+", c.rule), c.rule
        if c.error is Invalid and c.kind is None:
            assert c.reads == (), c.test_id
        if c.error is Ambiguous:
            assert len(set(c.reads)) >= 2, c.test_id
        assert c.reverse is None or c.beats is not None


# --- cases that need more than one record ----------------------------------------------


@pytest.mark.parametrize(
    ("preset", "options"),
    [(Z, {}), (W, {}), (TD, {}), (Z, {"straight_ranking": "top_card"})],
    ids=["two_low-wheels_high", "two_low-top_card", "either_end", "two_low-top_card-5"],
)
@pytest.mark.parametrize("cards", [THIRTEEN, "AD AC 2D 2C"], ids=["A-to-K", "AA22"])
def test_R3_15_runs_that_read_two_ways(preset: str, options: dict[str, Any], cards: str) -> None:
    """R3.15, R3.16: A..K under two_low and either_end is two different straights.

    Each reading is a 13-card straight with its own top, so one beats the other
    and not the reverse (R4.5). Readings of one kind are no ambiguity (R3.16,
    library ruling): classify takes the stronger, and under a revolution the
    one that is stronger then (R4.8).
    AA22 reads two ways only under either_end (low A-2 and high A-2).
    """
    rules = Rules.preset(preset, **options)
    plays = classify_all(parse_cards(cards), rules)
    kind = STRAIGHT if cards == THIRTEEN else PAIR_RUN
    if rules.run_order != "either_end" and kind is PAIR_RUN:
        assert [play.kind for play in plays] == [PAIR_RUN]
        return
    assert [play.kind for play in plays] == [kind, kind]
    first, second = plays
    assert beats(first, second) is not beats(second, first)
    for revolution in (False, True):
        assert not beats(first, first, revolution=revolution)
    stronger = first if beats(first, second) else second
    assert classify(parse_cards(cards), rules, kind=kind) == stronger
    assert classify(parse_cards(cards), rules) == stronger
    flipped = first if beats(first, second, revolution=True) else second
    assert resolve(parse_cards(cards), rules, revolution=True) == flipped
    assert flipped != stronger  # a run's order flips under a revolution (R4.8)


def test_E16_a_pair_of_2s_with_the_spade_is_unbeatable_under_winner() -> None:
    """E16: under winner nothing beats 2♠ with another 2: no pair is higher, and there are no bombs."""
    rules = Rules.preset("winner")
    deck = make_deck()
    # Only a pair or a bomb could beat a pair (R4.1, R4.6): try every set of up to
    # three cards, every four of a kind and every five cards of one suit.
    plain = [rank for rank in Rank if not rank.is_joker]
    sets: list[tuple[Card, ...]] = [cards for size in (1, 2, 3) for cards in combinations(deck, size)]
    sets += [tuple(Card(rank, suit) for suit in Suit) for rank in plain]
    sets += [
        tuple(Card(rank, suit) for rank in ranks) for suit in Suit for ranks in combinations(plain, 5)
    ]
    candidates = [play for cards in sets for play in classify_all(cards, rules)]
    assert any(play.kind is Kind.FOUR_OF_A_KIND for play in candidates)
    assert any(play.kind is Kind.STRAIGHT_FLUSH for play in candidates)
    for other in ("2D", "2C", "2H"):
        top = Play.parse(f"2S {other}", rules)
        assert not [play for play in candidates if beats(play, top, rules)]


@pytest.mark.parametrize("text", ["3X", "1D", "BJS", "3D,,4D"])
def test_bad_notation_names_rule_R1_4(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Play.parse(text, Rules())
    assert caught.value.rule == "R1.4"


def test_beats_refuses_a_play_read_under_other_rules() -> None:
    """R3.16: a play passed with ``rules`` must be a reading under those rules."""
    suited = Play.parse("3H 4H 5H 6H 7H", Rules(straight_flush="bomb"))
    top = Play.parse("2S", Rules())
    with pytest.raises(InvalidCombinationError) as caught:
        beats(suited, top, Rules())
    assert caught.value.rule is not None
