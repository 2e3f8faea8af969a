"""Value benchmarks: copy.copy, copy.deepcopy and pickle round trips of the library's
values (issue 15: OpenSpiel's ``clone()`` deep-copies a state, a process pool pickles
bots and games).

Run: python benchmarks/bench_values.py [--quick] [--repeat N]

Each figure is the median, over ``--repeat`` rounds, of a round's mean time per
operation, in microseconds: ``copy``, ``deepcopy`` and a ``pickle`` round trip
(``pickle.loads(pickle.dumps(value))``, highest protocol), with the pickle's size in
bytes. The values: the default ``Rules``, a mid-game ``State``, ``Game`` (20 random
moves into the default preset, and into ``two-deck`` with 8 players), an
``Observation``, ``LegalMoves`` and ``RankPlays``. The target of the issue:
``deepcopy`` of a mid-game ``Game`` within 5 µs.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import copy
import pickle
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from zhengshangyou import Game, Rules
from zhengshangyou.rankplays import rank_plays

TARGET_US = 5.0


def mid_game(rules: Rules, seed: int, moves: int) -> Game:
    """A game ``moves`` random legal moves into its first hand."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    for _ in range(moves):
        if game.is_hand_over:
            break
        game.play(rng.choice(list(game.legal_moves())))
    return game


def per_call(operation: Callable[[], object], calls: int, repeat: int) -> float:
    """The median over ``repeat`` rounds of the mean microseconds of one call."""
    rounds = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            operation()
        rounds.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(rounds)


def round_trip(value: object) -> object:
    return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def values() -> list[tuple[str, Any]]:
    game = mid_game(Rules(), seed=1, moves=20)
    big = mid_game(Rules.preset("two-deck", players=8), seed=2, moves=20)
    return [
        ("Rules()", Rules()),
        ("State (mid-game)", game.state),
        ("Game (mid-game)", game),
        ("Game (two-deck, 8 players)", big),
        ("Observation", game.observation(game.to_act)),
        ("LegalMoves", game.legal_moves()),
        ("RankPlays", rank_plays(Rules())),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls per round")
    parser.add_argument("--repeat", type=int, default=7, help="rounds per figure (default 7)")
    options = parser.parse_args(argv)
    calls = 200 if options.quick else 2000
    print(f"Python {platform.python_version()} on {platform.machine()}; "
          f"median of {options.repeat} rounds of {calls} calls, µs per call")
    print(f"{'value':<28}{'copy':>9}{'deepcopy':>10}{'pickle':>10}{'bytes':>8}")
    deepcopies: dict[str, float] = {}
    for name, value in values():
        copied = per_call(partial(copy.copy, value), calls, options.repeat)
        deep = per_call(partial(copy.deepcopy, value), calls, options.repeat)
        data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        trip = per_call(partial(round_trip, value), max(1, calls // 10), options.repeat)
        deepcopies[name] = deep
        print(f"{name:<28}{copied:>9.2f}{deep:>10.2f}{trip:>10.1f}{len(data):>8}")
    worst = max(deepcopies["Game (mid-game)"], deepcopies["Game (two-deck, 8 players)"])
    verdict = "within" if worst <= TARGET_US else "OVER"
    print(f"deepcopy(Game) {worst:.2f} µs: {verdict} the {TARGET_US:.0f} µs target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
