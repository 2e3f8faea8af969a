"""Bots and simulations (issue: bots, simulation and the command line)."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from zhengshangyou import Game, Hand, Rules
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot, plan_length
from zhengshangyou.simulate import simulate, wilson_interval


def test_bots_follow_the_protocol() -> None:
    for bot in (RandomBot(seed=1), GreedyBot(), HeuristicBot()):
        assert isinstance(bot, Bot)


@pytest.mark.parametrize("preset", Rules.preset_names())
@pytest.mark.parametrize("exchange", ["none", "highest_for_one_of_two", "highest_for_any"])
def test_bots_play_legal_moves_through_matches(preset: str, exchange: str) -> None:
    rules = Rules.preset(preset, exchange=exchange, target_score=40)
    game = Game(rules, seed=5)
    bots: list[Bot] = [HeuristicBot(), GreedyBot(), RandomBot(seed=2), HeuristicBot()]
    for _ in range(3000):
        if game.is_match_over:
            break
        if game.is_hand_over:
            game.next_hand()
            continue
        seat = game.to_act
        seen = game.observation(seat)
        move = bots[seat % len(bots)].choose(seen)
        assert move in seen.legal_moves
        game.play(move, seat=seat)
    assert game.is_match_over


def test_plan_length_counts_the_fewest_plays() -> None:
    rules = Rules()
    # 3-4-5-6-7 straight, 9-9-9 with K-K as a full house: two plays.
    assert plan_length(Hand.parse("3D 4S 5H 6C 7D 9C 9D 9H KS KH"), rules) == 2
    # Without full houses, the triple and the pair go separately.
    assert plan_length(Hand.parse("3D 4S 5H 6C 7D 9C 9D 9H KS KH"), Rules(full_house=False)) == 3
    # A single card, and the joker bomb as one play.
    assert plan_length(Hand.parse("BJ RJ"), rules) == 1
    assert plan_length(Hand.parse("BJ RJ"), Rules.preset("winner")) == 2
    assert plan_length(Hand.parse(""), rules) == 0


def test_wilson_interval_contains_the_rate() -> None:
    low, high = wilson_interval(35, 100)
    assert low < 0.35 < high
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_simulate_is_reproducible_and_executor_independent() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(), GreedyBot(), RandomBot()]
    alone = simulate(bots, games=120, seed=7, batch=25)
    # "spawn": forking a process that runs threads (coverage, hypothesis) can deadlock.
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as executor:
        pooled = simulate(bots, games=120, seed=7, executor=executor, batch=25)
    assert pooled == alone
    assert simulate(bots, games=120, seed=8, batch=25) != alone


def test_simulate_checks_the_number_of_bots() -> None:
    with pytest.raises(ValueError, match="3 bots for 4 players"):
        simulate([RandomBot()] * 3, Rules(), games=1)


def test_heuristic_bot_beats_random_and_greedy_bots() -> None:
    """Over 300 seeded 4-player hands under the default preset, the heuristic bot
    wins at least 60% against three RandomBots and at least 30% against three
    GreedyBots (a player at random would win 25%). The issue's full measurement,
    2,000 hands each with thresholds 60% and 35%, is ``benchmarks/bench_strength.py``
    (it took three minutes of the test run)."""
    against_random = simulate([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], games=300, seed=2026)
    against_greedy = simulate([HeuristicBot(), GreedyBot(), GreedyBot(), GreedyBot()], games=300, seed=2026)
    assert against_random.seats[0].win_rate >= 0.60
    assert against_greedy.seats[0].win_rate >= 0.30
