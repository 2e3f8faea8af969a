"""Bots and simulations (issue: bots, simulation and the command line)."""

from __future__ import annotations

import copy
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from zhengshangyou import Game, Hand, Move, Observation, Rules
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot, ResettableBot, plan_length
from zhengshangyou.simulate import GameOutcome, simulate, wilson_interval


def test_bots_follow_the_protocol() -> None:
    for bot in (RandomBot(seed=1), GreedyBot(), HeuristicBot()):
        assert isinstance(bot, Bot)


@pytest.mark.parametrize("preset", Rules.preset_names())
@pytest.mark.parametrize("exchange", ["none", "highest_for_one_of_two", "highest_for_any"])
def test_bots_play_legal_moves_through_matches(preset: str, exchange: str) -> None:
    if Rules.preset(preset).teams == "landlord" and exchange != "none":
        pytest.skip("a game with a landlord has no exchange (D4)")
    # (T7.1: the last pays 1 to each other seat, so a hand wins at most 1)
    target = 3 if Rules.preset(preset).scoring == "last_pays" else 40
    rules = Rules.preset(preset, exchange=exchange, target_score=target)
    game = Game(rules, seed=5)
    bots: list[Bot] = [HeuristicBot(), GreedyBot(), RandomBot(seed=2), HeuristicBot()]
    hands = 0
    for _ in range(3000):
        if game.is_match_over:
            break
        if game.is_hand_over:
            hands += 1
            if rules.scoring == "none" and hands == 3:
                break  # (no score reaches the target: three hands)
            game.next_hand()
            continue
        seat = game.to_act
        seen = game.observation(seat)
        move = bots[seat % len(bots)].choose(seen)
        assert move in seen.legal_moves
        game.play(move, seat=seat)
    assert game.is_match_over or (rules.scoring == "none" and hands == 3)


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
    alone = simulate(bots, games=60, seed=7, batch=15)
    # "spawn": forking a process that runs threads (coverage, hypothesis) can deadlock.
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as executor:
        pooled = simulate(bots, games=60, seed=7, executor=executor, batch=15)
    assert pooled == alone
    assert simulate(bots, games=60, seed=8, batch=15) != alone


def test_simulate_checks_the_number_of_bots() -> None:
    with pytest.raises(ValueError, match="3 bots for 4 players"):
        simulate([RandomBot()] * 3, Rules(), games=1)


class MemoryBot:
    """No ``reset``: remembers every observation it was given and lets the count
    steer its choices, so anything carried over from an earlier hand would show."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def __repr__(self) -> str:
        return type(self).__name__ + "()"

    def choose(self, observation: Observation) -> Move:
        self.seen.append(observation)
        return observation.legal_moves[len(self.seen) * 7 % len(observation.legal_moves)]


class ForgetfulBot(MemoryBot):
    """The same with a ``reset`` that forgets and reseeds, as the contract asks."""

    def __init__(self) -> None:
        super().__init__()
        self.random = random.Random()

    def choose(self, observation: Observation) -> Move:
        self.seen.append(observation)
        moves = observation.legal_moves
        return moves[(len(self.seen) + self.random.randrange(5)) % len(moves)]

    def reset(self, seed: int | None) -> None:
        self.seen.clear()
        self.random.seed(seed)


def _fresh_copy_outcomes(bots: list[Bot], rules: Rules, games: int, seed: int) -> list[GameOutcome]:
    """Each hand as simulate played it before it reused its bots: a fresh deep copy
    of every bot for every hand, reset (when it can be) with the same seed."""
    outcomes = []
    for number in range(games):
        game_seed = (seed * 1_000_003 + number) % 2**64
        players = [copy.deepcopy(bot) for bot in bots]
        for seat, player in enumerate(players):
            if isinstance(player, ResettableBot):
                player.reset(game_seed * 31 + seat)
        game = Game(rules, seed=game_seed)
        moves = [0] * rules.players
        while not game.is_hand_over:
            seat = game.to_act
            game.play(players[seat].choose(game.observation(seat)), seat=seat)
            moves[seat] += 1
        result = game.state.result
        assert result is not None
        outcomes.append(GameOutcome(result.finishing_order, result.scores, tuple(moves)))
    return outcomes


@pytest.mark.parametrize("bot", [RandomBot(seed=3), GreedyBot(), HeuristicBot(), ForgetfulBot()], ids=repr)
def test_reset_makes_a_bots_choices_reproducible(bot: ResettableBot) -> None:
    """After reset(seed), a bot chooses as a fresh copy reset with that seed,
    whatever it played or drew before."""
    sights = []
    game = Game(Rules(), seed=12)
    while not game.is_hand_over:
        sights.append(game.observation(game.to_act))
        game.play(sights[-1].legal_moves[len(sights) % len(sights[-1].legal_moves)])
    fresh = copy.deepcopy(bot)
    fresh.reset(41)
    expected = [fresh.choose(seen) for seen in sights]
    for seen in sights[:20]:  # play and draw first: reset must forget all of it
        bot.choose(seen)
    bot.reset(41)
    assert [bot.choose(seen) for seen in sights] == expected
    bot.reset(None)  # fresh entropy: still a legal choice
    assert bot.choose(sights[0]) in sights[0].legal_moves


def test_simulate_plays_as_fresh_copies_would_and_never_changes_the_bots() -> None:
    """simulate keeps one copy of each seat's bot and resets it before every hand;
    bots reset with the same seeds make the same choices, so the outcomes equal
    those of a fresh deep copy for every hand (how simulate played before), for
    any batch size and executor. A bot without reset (MemoryBot) is still deep-copied for every
    hand: had its memory leaked from hand to hand, its choices would differ."""
    template = RandomBot(seed=5)
    state = template.random.getstate()
    bots: list[Bot] = [template, ForgetfulBot(), MemoryBot(), template]
    rules = Rules(players=4)
    expected = _fresh_copy_outcomes(bots, rules, 24, seed=9)
    for batch in (1, 7, 50):
        assert list(simulate(bots, rules, games=24, seed=9, batch=batch).outcomes) == expected
    with ThreadPoolExecutor(2) as threads:  # any executor: the batches' own copies, in this process
        assert list(simulate(bots, rules, games=24, seed=9, executor=threads, batch=5).outcomes) == expected
    assert template.random.getstate() == state
    assert all(not bot.seen for bot in bots if isinstance(bot, MemoryBot))


def test_simulate_outcomes_of_random_bots_stay_as_before() -> None:
    """The first hands of two simulations, as simulate gave them when it deep-copied
    every bot for every hand (before it reused reset copies): RandomBots reseeded
    from the same seeds make the same choices, so these must not change."""
    outcomes = simulate([RandomBot()] * 4, games=3, seed=1).outcomes
    assert [(o.finishing_order, o.scores, o.moves) for o in outcomes] == [
        ((3, 0, 1, 2), (-3, -1, -5, 9), (21, 23, 22, 19)),
        ((0, 1, 2, 3), (5, -2, -2, -1), (25, 27, 29, 28)),
        ((0, 2, 1, 3), (64, -22, -20, -22), (9, 29, 21, 29)),
    ]
    winner = Rules.preset("winner", players=3)
    three = simulate([RandomBot(), GreedyBot(), RandomBot()], winner, games=3, seed=11).outcomes
    assert [(o.finishing_order, o.scores) for o in three] == [
        ((1, 0, 2), (-7, 14, -7)),
        ((1, 2, 0), (-5, 6, -1)),
        ((0, 1, 2), (6, -1, -5)),
    ]


@pytest.mark.slow
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
