"""The bots' strength: the heuristic bot against three random and three greedy bots.

Not a test (it takes minutes): 2,000 seeded 4-player hands under the default
preset for each line-up, on a process pool. The heuristic bot should win at least
60% of the hands against RandomBots and 35% against GreedyBots (25% is chance);
the script prints the win rates and exits with 1 if either is below its mark.
The test suite runs the same comparison on 300 hands.

    python benchmarks/bench_strength.py [--games 2000] [--workers 2] [--seed 2026]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor

from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot
from zhengshangyou.simulate import simulate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    line_ups: list[tuple[str, list[Bot], float]] = [
        ("random", [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], 0.60),
        ("greedy", [HeuristicBot(), GreedyBot(), GreedyBot(), GreedyBot()], 0.35),
    ]
    failed = False
    context = multiprocessing.get_context("spawn")  # never fork after threads
    with ProcessPoolExecutor(arguments.workers, mp_context=context) as executor:
        for name, bots, mark in line_ups:
            result = simulate(bots, games=arguments.games, seed=arguments.seed, executor=executor)
            rate = result.seats[0].win_rate
            verdict = "ok" if rate >= mark else "BELOW"
            print(f"heuristic against three {name} bots: won {rate:.1%} of {arguments.games} hands"
                  f" (mark {mark:.0%}) {verdict}")
            failed |= rate < mark
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
