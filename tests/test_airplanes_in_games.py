"""Airplanes with wings (R3.18) in whole games: the bots play them, the game accepts
them, records keep them, the referee replays them, and the terminal's hint offers
them, under the two-deck preset (paired wings) and single wings.
"""

from __future__ import annotations

import random

import pytest

from zhengshangyou import Game, Kind, Play, Rules
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot
from zhengshangyou.record import Record, referee

AIRPLANES = {Kind.AIRPLANE_WITH_SINGLES, Kind.AIRPLANE_WITH_PAIRS}
RULE_SETS = {
    "two-deck": Rules.preset("two-deck"),
    "singles": Rules(airplane_wings="singles", players=3),
}


def _airplanes(game: Game) -> list[Play]:
    return [
        action.move
        for action in game.state.log
        if isinstance(action.move, Play) and action.move.kind in AIRPLANES
    ]


def _games(rules: Rules, most: int) -> list[Game]:
    """Seeded hands between the three bots, until one of them plays an airplane
    (at most ``most`` hands)."""
    games: list[Game] = []
    for seed in range(most):
        game = Game(rules, seed=seed)
        bots: list[Bot] = [HeuristicBot(), GreedyBot(), RandomBot(seed=seed)] * 3
        while not game.is_hand_over:
            seat = game.to_act
            game.play(bots[seat].choose(game.observation(seat)))
        games.append(game)
        if _airplanes(game):
            break
    return games


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_R3_18_bots_play_airplanes_and_records_keep_them(name: str) -> None:
    rules = RULE_SETS[name]
    games = _games(rules, 60)
    assert _airplanes(games[-1]), "no airplane in 60 hands"
    for game in games:
        record = Record.from_game(game)
        again = Record.from_json(record.to_json())
        assert again == record
        assert referee(again.to_json()).legal
        replayed = again.replay()
        assert [action.move for action in replayed.state.log] == [
            action.move for action in game.state.log
        ]


def test_R3_18_an_airplane_is_typed_as_cards_and_beaten_only_by_a_higher_one() -> None:
    rules = Rules(airplane_wings="pairs", players=2, first_lead="dealer")
    rng = random.Random(3)
    for _ in range(200):
        game = Game(rules, seed=rng.randrange(2**32), dealer=0)
        moves = [move for move in game.legal_moves() if isinstance(move, Play)]
        airplanes = [move for move in moves if move.kind is Kind.AIRPLANE_WITH_PAIRS]
        if airplanes:
            break
    else:
        pytest.fail("no airplane to lead in 200 deals")
    lead = airplanes[0]
    game.play(" ".join(str(card) for card in lead.cards))  # typed: one reading here
    assert game.state.top == lead
    answers = [move for move in game.legal_moves() if isinstance(move, Play)]
    assert all(
        move.is_bomb or (move.kind is lead.kind and len(move) == len(lead) and move.key > lead.key)
        for move in answers
    )
