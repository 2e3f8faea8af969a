"""Simulation benchmark (issue 16): ``simulate`` with four RandomBots against the
bare engine loop, per hand.

Run: python benchmarks/bench_simulate.py [--quick] [--hands N] [--rounds N] [--profile]

Every round plays the same ``--hands`` deals (the default preset, four players)
in each of three loops, which take turns (the order rotates from round to round):

- ``engine``: the bare engine loop, ``Game``, ``list(game.legal_moves())``, a
  choice of a seeded ``random.Random``, ``game.play``, until the hand ends;
- ``engine + observation``: the same, choosing from
  ``game.observation(game.to_act).legal_moves``, which is what any bot is given;
- ``simulate``: ``simulate([RandomBot()] * 4, games=hands, seed=...)`` on one
  process (no executor): the bots, the seeds, the checks and the bookkeeping.

The engine loops deal from the seeds ``simulate`` deals from in that round
(``zhengshangyou.simulate._game_seed``), each round from other seeds, but choose
with generators of their own, so no loop finds positions that another just left
in the rules' memo. A round's figure is its CPU time (``time.process_time``, the
garbage collector on, as in a real run) divided by the number of hands; the table
gives the median over ``--rounds`` rounds (at least 5), after one untimed round
that warms the memo; the ratios are the medians of the rounds' own ratios. The
issue's target: ``simulate`` within 1.5x the engine loop.

Then, per move, on the positions of one round of the engine loop (medians of the
rounds, microseconds per call, ``time.perf_counter``, the collector off): ``list(state.legal_moves())``,
``state.observation(state.to_act)``, ``state.play`` of a legal move and
``RandomBot.choose``, which is where the difference between the loops goes.

``--profile`` prints cProfile's top functions (by cumulative time) of a
``simulate`` of ``--hands`` hands.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable

from zhengshangyou import Game, Move, Rules, State
from zhengshangyou.bots import RandomBot
from zhengshangyou.simulate import _game_seed, simulate

TARGET = 1.5
SEED_BASE = 16_000


def engine_round(rules: Rules, seed: int, hands: int, *, observe: bool) -> tuple[float, int]:
    """CPU seconds for the bare engine loop over the deals of ``simulate(seed=seed)``,
    and the moves made."""
    rng = random.Random(f"engine:{observe}:{seed}")
    moves = 0
    start = time.process_time()
    for number in range(hands):
        game = Game(rules, seed=_game_seed(seed, number))
        while not game.is_hand_over:
            if observe:
                game.play(rng.choice(game.observation(game.to_act).legal_moves))
            else:
                game.play(rng.choice(list(game.legal_moves())))
            moves += 1
    return time.process_time() - start, moves


def simulate_round(rules: Rules, seed: int, hands: int) -> tuple[float, int]:
    """CPU seconds for ``simulate`` with four RandomBots, and the moves made."""
    start = time.process_time()
    result = simulate([RandomBot()] * rules.players, rules, games=hands, seed=seed)
    elapsed = time.process_time() - start
    return elapsed, sum(sum(outcome.moves) for outcome in result.outcomes)


def positions(rules: Rules, seed: int, hands: int) -> list[State]:
    """The positions of the engine loop's hands (each with a move to make)."""
    rng = random.Random(f"positions:{seed}")
    found: list[State] = []
    for number in range(hands):
        state = State.new(rules, seed=_game_seed(seed, number))
        while not state.phase.is_over:
            found.append(state)
            state = state.play(rng.choice(list(state.legal_moves())))
    return found


def per_call(states: list[State], rounds: int) -> dict[str, float]:
    """Median microseconds per call of each step of a move, over ``states`` (the
    garbage collector off, as ``timeit`` has it; nothing kept between calls)."""
    chosen: list[Move] = [state.observation(state.to_act).legal_moves[0] for state in states]
    views = [state.observation(state.to_act) for state in states]
    bot = RandomBot(seed=1)

    def legal_moves() -> None:
        for state in states:
            list(state.legal_moves())

    def observation() -> None:
        for state in states:
            state.observation(state.to_act)

    def other_observation() -> None:
        for state in states:
            state.observation((state.to_act + 1) % state.players)

    def play() -> None:
        for state, move in zip(states, chosen, strict=True):
            state.play(move)

    def choose() -> None:
        for view in views:
            bot.choose(view)

    steps: dict[str, Callable[[], None]] = {
        "list(state.legal_moves())": legal_moves,
        "state.observation(to_act)": observation,
        "state.observation(other seat)": other_observation,
        "state.play(move)": play,
        "RandomBot.choose": choose,
    }
    results: dict[str, list[float]] = {name: [] for name in steps}
    gc.disable()
    try:
        for _ in range(rounds):
            for name, step in steps.items():
                start = time.perf_counter()
                step()
                results[name].append((time.perf_counter() - start) / len(states) * 1e6)
    finally:
        gc.enable()
    return {name: statistics.median(values) for name, values in results.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300, help="hands per round (default 300)")
    parser.add_argument("--rounds", type=int, default=7, help="timed rounds, at least 5 (default 7)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 60 hands, 5 rounds")
    parser.add_argument("--profile", action="store_true", help="profile a simulate of --hands hands")
    arguments = parser.parse_args(argv)
    hands = 60 if arguments.quick else arguments.hands
    rounds = 5 if arguments.quick else max(5, arguments.rounds)
    rules = Rules()
    print(f"Python {platform.python_version()} on {platform.machine()}; {hands} hands a round, {rounds} rounds")

    loops: dict[str, Callable[[int], tuple[float, int]]] = {
        "engine": lambda seed: engine_round(rules, seed, hands, observe=False),
        "engine + observation": lambda seed: engine_round(rules, seed, hands, observe=True),
        "simulate": lambda seed: simulate_round(rules, seed, hands),
    }
    names = list(loops)
    for name in names:  # warm the memo
        loops[name](SEED_BASE - 1)
    times: dict[str, list[float]] = {name: [] for name in names}
    moves: dict[str, list[int]] = {name: [] for name in names}
    for number in range(rounds):
        seed = SEED_BASE + number
        for name in names[number % 3 :] + names[: number % 3]:
            elapsed, made = loops[name](seed)
            times[name].append(elapsed / hands * 1e6)
            moves[name].append(made)
    engine = statistics.median(times["engine"])
    print()
    print(f"{'loop':<24}{'us/hand':>10}{'moves/hand':>12}{'us/move':>9}{'x engine':>10}")
    for name in names:
        per_hand = statistics.median(times[name])
        per_move = sum(moves[name]) / (rounds * hands)
        print(f"{name:<24}{per_hand:>10.0f}{per_move:>12.1f}{per_hand / per_move:>9.1f}{per_hand / engine:>10.2f}")
    # Each round's own ratio (its loops ran one after the other), then the median:
    # a change of the machine's load between rounds moves all of a round's loops.
    ratio = statistics.median(s / e for s, e in zip(times["simulate"], times["engine"], strict=True))
    observed = statistics.median(
        s / e for s, e in zip(times["simulate"], times["engine + observation"], strict=True)
    )
    print()
    print(f"simulate / engine: {ratio:.2f} (target {TARGET}: {'met' if ratio <= TARGET else 'NOT met'});"
          f" simulate / engine + observation: {observed:.2f} (medians of the rounds' ratios)")

    states = positions(rules, SEED_BASE, hands)
    print()
    print(f"per move, over {len(states)} positions of the engine loop (us per call, medians of {rounds}):")
    for name, value in per_call(states, rounds).items():
        print(f"  {name:<32}{value:>7.2f}")

    if arguments.profile:
        profile = cProfile.Profile()
        profile.enable()
        simulate([RandomBot()] * rules.players, rules, games=hands, seed=SEED_BASE)
        profile.disable()
        print()
        pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
