"""Records: write, read, replay, referee (issue: the game; records)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zhengshangyou import Deal, Game, Hand, InvalidRecordError, Kind, Play, Rules, classify_all
from zhengshangyou.cards import format_cards, parse_cards
from zhengshangyou.record import FORMAT, VERSION, Record, referee
from zhengshangyou.testing import rules_sets


def random_match(rules: Rules, seed: int, hands: int = 3) -> Game:
    """A match of random legal moves (exchange decisions included), ``hands`` hands long
    or until the match is over."""
    chooser = random.Random(seed)
    game = Game(rules, seed=seed)
    played = 0
    for _ in range(5000):
        if game.is_hand_over:
            played += 1
            if game.is_match_over or played >= hands:
                break
            game.next_hand()
            continue
        game.play(chooser.choice(list(game.legal_moves())))
    return game


@pytest.mark.parametrize(
    ("preset", "exchange"),
    [
        (preset, exchange)
        for preset in Rules.preset_names()
        for exchange in ("none", "highest_for_one_of_two", "highest_for_any")
        if exchange == "none" or Rules.preset(preset).teams == "none"  # (no exchange with a landlord, D4)
    ],
)
def test_record_round_trip_replays_to_an_equal_game(preset: str, exchange: str) -> None:
    game = random_match(Rules.preset(preset, exchange=exchange), seed=11)
    text = Record.from_game(game).to_json()
    replayed = Record.from_json(text).replay()
    assert replayed == game
    assert Record.from_game(replayed).to_json() == text
    report = referee(text)
    assert report.legal
    assert report.scores == game.scores


@settings(max_examples=8, deadline=None)
@given(rules=rules_sets(), seed=st.integers(0, 10**6))
def test_record_round_trip_under_random_rules(rules: Rules, seed: int) -> None:
    game = random_match(rules, seed, hands=2)
    data = json.loads(Record.from_game(game).to_json())
    assert data["format"] == FORMAT
    assert data["version"] == VERSION
    assert Record.from_data(data).replay() == game


def _moves(data: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    found = []
    index = 0
    for number, hand in enumerate(data["hands"]):
        for move in hand["moves"]:
            found.append((index, number, move))
            index += 1
    return found


@pytest.mark.parametrize("seed", range(6))
def test_referee_finds_a_corrupted_play_with_its_index_and_rule(seed: int) -> None:
    game = random_match(Rules(), seed=seed, hands=2)
    data = json.loads(Record.from_game(game).to_json())
    chooser = random.Random(seed)
    plays = [item for item in _moves(data) if "play" in item[2]]
    index, _, move = chooser.choice(plays)
    # A play of a card no single deck holds twice: two red jokers (R1.3a names R1.3).
    move["play"], move["kind"] = "RJ RJ", "pair"
    report = referee(data)
    assert not report.legal
    assert report.index == index
    assert report.rule == "R1.3"


def test_referee_finds_a_move_out_of_turn() -> None:
    game = random_match(Rules(), seed=3, hands=1)
    data = json.loads(Record.from_game(game).to_json())
    moves = data["hands"][0]["moves"]
    moves[4]["seat"] = (moves[4]["seat"] + 1) % 4
    report = referee(data)
    assert (report.legal, report.index, report.rule) == (False, 4, "R5.2")


def test_referee_finds_a_play_that_does_not_beat() -> None:
    game = Game(Rules(), seed=5)
    singles = [move for move in game.legal_moves() if isinstance(move, Play) and len(move) == 1]
    lead = max(singles, key=lambda play: play.key)  # the leader's highest single
    game.play(lead)
    data = json.loads(Record.from_game(game).to_json())
    seat = game.to_act
    lower = [card for card in game.hands[seat] if card.rank < lead.cards[0].rank]
    assert lower  # a 13- or 14-card hand holds a card below the leader's best
    data["hands"][0]["moves"].append({"seat": seat, "play": str(lower[0]), "kind": "single"})
    report = referee(data)
    assert (report.legal, report.index, report.rule) == (False, 1, "R4.2")


def test_replay_raises_the_typed_error() -> None:
    game = random_match(Rules(), seed=4, hands=1)
    data = json.loads(Record.from_game(game).to_json())
    data["hands"][0]["moves"][0]["seat"] = 9
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_data(data).replay()
    assert caught.value.index == 0
    assert caught.value.rule == "R5.2"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(format="other"), "not a zhengshangyou record"),
        (lambda data: data.update(version=99), "unsupported record version"),
        (lambda data: data["rules"].update(jokerz=True), "unknown rule option"),
        (lambda data: data.update(hands=[]), "non-empty list"),
        (lambda data: data["hands"][0].update(deal="3D"), "deal must be a list"),
        (lambda data: data["hands"][0]["moves"][0].update(play="3X"), "3X"),
        (lambda data: data["hands"][0]["moves"][0].update(kind="quintuple"), "kind must be one of"),
        (lambda data: data["hands"][0]["moves"][0].update({"pass": True}), "exactly one of"),
        (lambda data: data.update(seed="seven"), "seed must be an integer"),
    ],
)
def test_malformed_records_are_refused_with_a_reason(change: Any, message: str) -> None:
    game = random_match(Rules(), seed=2, hands=1)
    data = json.loads(Record.from_game(game).to_json())
    broken = copy.deepcopy(data)
    change(broken)
    with pytest.raises(InvalidRecordError, match=message):
        Record.from_data(broken)
    assert not referee(broken).legal


def test_a_deal_that_is_not_the_deck_is_refused() -> None:
    game = random_match(Rules(), seed=2, hands=1)
    data = json.loads(Record.from_game(game).to_json())
    data["hands"][0]["deal"][0] = data["hands"][0]["deal"][1]
    report = referee(data)
    assert not report.legal
    assert report.rule == "R1.3"


def test_R2_7_a_later_deal_by_the_wrong_dealer_is_refused() -> None:
    game = random_match(Rules(), seed=6, hands=2)
    data = json.loads(Record.from_game(game).to_json())
    assert len(data["hands"]) == 2
    wrong = (data["hands"][1]["dealer"] + 1) % 4
    # A deal that could have been dealt from the wrong dealer (R2.2a holds), so that
    # what is refused is only who dealt (R2.7).
    data["hands"][1]["dealer"] = wrong
    data["hands"][1]["deal"] = dealt_from(wrong, data["hands"][1]["deal"])
    report = referee(data)
    assert not report.legal
    assert report.rule == "R2.7"
    assert report.index == len(data["hands"][0]["moves"])


def dealt_from(dealer: int, deal: list[str]) -> list[str]:
    """The cards of ``deal`` dealt again singly from ``dealer`` in play order (R2.2)."""
    cards = sorted(card for text in deal for card in parse_cards(text))
    seats = len(deal)
    return [
        format_cards(cards[(seat - dealer) % seats :: seats]) for seat in range(seats)
    ]


def _thirteen_card_straight_game() -> tuple[Game, list[Play]]:
    """A game whose first leader holds a straight through all thirteen ranks, which
    reads as a straight two ways under ``run_order="two_low"`` (R3.15): with the 2
    low, or with the A low; and those two readings."""
    rules = Rules(first_lead="dealer")
    straight = parse_cards("3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AS 2S")
    rest = sorted(card for card in rules.deck() if card not in straight)
    hands = [[*straight, rest[0]], rest[1:15], rest[15:28], rest[28:]]  # R2.2: 14, 14, 13, 13
    game = Game(rules, deals=[Deal(0, tuple(Hand(cards) for cards in hands))])
    readings = [play for play in classify_all(straight, rules) if play.kind is Kind.STRAIGHT]
    return game, readings


def test_R3_15_R3_16_a_record_keeps_which_reading_of_a_run_was_played() -> None:
    game, readings = _thirteen_card_straight_game()
    assert len(readings) == 2
    game.play(readings[1])
    data = json.loads(Record.from_game(game).to_json())
    (move,) = data["hands"][0]["moves"]
    assert (move["kind"], move["reading"]) == ("straight", 1)
    replayed = Record.from_data(data).replay()
    assert replayed == game
    assert replayed.state.log[-1].move == readings[1]


def test_R3_16_a_record_reads_its_plays_as_typed_cards_are_read() -> None:
    """A recorded play goes through the resolution of typed cards (resolve), with the
    recorded kind declared; without ``"reading"`` the first reading of that kind is
    meant, as the format has always said."""
    game, readings = _thirteen_card_straight_game()
    game.play(readings[0])
    data = json.loads(Record.from_game(game).to_json())
    del data["hands"][0]["moves"][0]["reading"]
    assert Record.from_data(data).replay().state.log[-1].move == readings[0]
    data["hands"][0]["moves"][0]["kind"] = "pair_run"
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_data(data)
    assert caught.value.rule == "R3.16"
    assert caught.value.index == 0
    assert "cannot be read as a pair run here; it reads as straight" in str(caught.value)
