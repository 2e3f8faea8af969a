"""Game benchmarks: random self-play hands per second, the cost of a branch, and
the memory of retained branches.

Run: python benchmarks/bench_game.py [--quick] [--json PATH]

* hands/s: whole hands of random self-play (each move drawn uniformly from the
  legal moves, as RandomBot does), per preset; the median of several rounds.
* branch: the cost of one branch for a search bot, as medians in microseconds:
  ``Game.copy()`` (a new handle on the shared, immutable state), ``State.play``
  of a legal move (a new persistent state), and ``Game.play`` then ``undo()``.
* memory: tracemalloc's measure of 1,000 branches retained from one position
  (each one legal move deeper), and of a whole hand with its history, in bytes.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from buildinfo import describe

from zhengshangyou import Game, Rules, State


def self_play(
    rules: Rules, hands: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, int]:
    """Seconds of ``clock`` (wall time unless told) for ``hands`` random hands, and the
    number of moves made: the self-play loop every benchmark of the game's rate runs
    (bench_family.py, bench_jax.py, bench_compiled.py)."""
    chooser = random.Random(seed)
    moves = 0
    start = clock()
    for number in range(hands):
        state = State.new(rules, seed=seed * 100_003 + number)
        while state.phase == "play":
            options = list(state.legal_moves())
            state = state.play(chooser.choice(options))
            moves += 1
    return clock() - start, moves


def positions(rules: Rules, count: int, seed: int) -> list[State]:
    """Positions met in random self-play, with at least one legal move."""
    chooser = random.Random(seed)
    found: list[State] = []
    number = 0
    while len(found) < count:
        state = State.new(rules, seed=seed + number)
        number += 1
        while state.phase == "play" and len(found) < count:
            found.append(state)
            state = state.play(chooser.choice(list(state.legal_moves())))
    return found


def time_branches(rules: Rules, count: int, seed: int) -> dict[str, float]:
    """Median microseconds of the three kinds of branch."""
    states = positions(rules, count, seed)
    moves = [next(iter(state.legal_moves())) for state in states]
    games = [Game.from_state(state) for state in states]
    results: dict[str, list[float]] = {"copy": [], "state.play": [], "play+undo": []}
    clock = time.perf_counter_ns
    gc.disable()
    try:
        for game, state, move in zip(games, states, moves, strict=True):
            best = min(_timed(clock, game.copy) for _ in range(5))
            results["copy"].append(best)

            def branch(state: State = state, move: Any = move) -> None:
                state.play(move)

            results["state.play"].append(min(_timed(clock, branch) for _ in range(3)))

            def play_and_undo(game: Game = game, move: Any = move) -> None:
                game.play(move)
                game.undo()

            results["play+undo"].append(min(_timed(clock, play_and_undo) for _ in range(3)))
    finally:
        gc.enable()
    return {name: statistics.median(values) / 1000 for name, values in results.items()}


def _timed(clock: Any, action: Any) -> float:
    start = clock()
    action()
    return float(clock() - start)


def memory(rules: Rules, seed: int) -> dict[str, float]:
    """Bytes per retained branch (1,000 branches from one position) and per whole hand."""
    state = State.new(rules, seed=seed)
    chooser = random.Random(seed)
    for _ in range(8):  # a position a few moves into the hand
        state = state.play(chooser.choice(list(state.legal_moves())))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    branches = []
    options = list(state.legal_moves())
    for index in range(1000):
        branches.append(state.play(options[index % len(options)]))
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    per_branch = (after - before) / len(branches)
    del branches

    def whole_hands() -> list[State]:
        chooser = random.Random(seed)
        finished = []
        for number in range(20):
            whole = State.new(rules, seed=seed + number)
            while whole.phase == "play":
                whole = whole.play(chooser.choice(list(whole.legal_moves())))
            finished.append(whole)
        return finished

    whole_hands()  # the same hands once, so that the move memo is warm and not counted
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    hands = whole_hands()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del hands
    return {"bytes_per_branch": per_branch, "bytes_per_hand_with_history": (after - before) / 20}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer hands and positions")
    parser.add_argument("--json", help="also write the numbers to this file")
    arguments = parser.parse_args(argv)
    hands, rounds, count = (40, 3, 200) if arguments.quick else (200, 5, 1000)
    print("zhengshangyou game benchmark")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.system()} {platform.machine()}")
    print(describe())
    report: dict[str, Any] = {"python": sys.version, "presets": {}}
    print()
    print(f"{'preset':<16}{'hands/s':>10}{'moves/hand':>12}{'us/move':>10}   branch us: copy / state.play / play+undo")
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        self_play(rules, 10, seed=1)  # warm the memo, as a simulation would be
        rates = []
        moves = 0
        for round_number in range(rounds):
            seconds, moves = self_play(rules, hands, seed=100 + round_number)
            rates.append((hands / seconds, seconds / moves * 1e6, moves / hands))
        rate = statistics.median(item[0] for item in rates)
        per_move = statistics.median(item[1] for item in rates)
        per_hand = statistics.median(item[2] for item in rates)
        branch = time_branches(rules, count, seed=7)
        print(
            f"{name:<16}{rate:>10.0f}{per_hand:>12.1f}{per_move:>10.1f}   "
            f"{branch['copy']:.2f} / {branch['state.play']:.1f} / {branch['play+undo']:.1f}"
        )
        report["presets"][name] = {
            "hands_per_second": rate,
            "moves_per_hand": per_hand,
            "us_per_move": per_move,
            "branch_us": branch,
        }
    sizes = memory(Rules(), seed=3)
    report["memory"] = sizes
    print()
    print(
        f"memory (default preset): {sizes['bytes_per_branch']:.0f} bytes per retained branch "
        f"(1,000 branches from one position); {sizes['bytes_per_hand_with_history']:.0f} bytes "
        "per finished hand with its whole history"
    )
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
