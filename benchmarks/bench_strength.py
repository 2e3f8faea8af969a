"""The bots' strength: the heuristic bot against three random and three greedy bots.

Not a test (it takes minutes): 2,000 seeded 4-player hands under the default
preset for each line-up, on a process pool. The heuristic bot should win at least
60% of the hands against RandomBots and 35% against GreedyBots (25% is chance);
the script prints the win rates and exits with 1 if either is below its mark.
The test suite runs the same comparison on 300 hands.

With ``--doudizhu`` it compares the bots in Dou Dizhu instead (issue 36): a
tournament on duplicate deals (every deal played from every seat, so every bot
is the landlord as often as the others under ``douzero``, whose landlord is seat
0; under ``doudizhu`` the auction decides) of the heuristic bot with two random
bots, then with two greedy bots, under the ``douzero`` and ``doudizhu`` presets.
It prints how often each bot's side won as the landlord and as a peasant; the
heuristic bot should win at least 30 points more often than the random bots as
the landlord and 10 more as a peasant (and more often than the greedy bots as
both). ``--quick`` plays 90 hands a tournament.

    python benchmarks/bench_strength.py [--games 2000] [--workers 2] [--seed 2026]
    python benchmarks/bench_strength.py --doudizhu [--games 600] [--quick]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from concurrent.futures import Executor, ProcessPoolExecutor

from zhengshangyou import Rules
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot
from zhengshangyou.simulate import simulate
from zhengshangyou.tournament import tournament


def doudizhu(executor: Executor, hands: int, seed: int) -> bool:
    """The Dou Dizhu comparisons; True when one is below its mark."""
    failed = False
    for preset in ("douzero", "doudizhu"):
        for other, landlord_gap, peasant_gap in (("random", 0.30, 0.10), ("greedy", 0.0, 0.0)):
            result = tournament(
                ["heuristic", other, other], Rules.preset(preset), hands=hands, seed=seed, executor=executor
            )
            heuristic, rival = result.standing("heuristic"), result.standing(other)
            ok = (
                heuristic.landlord_win_rate >= rival.landlord_win_rate + landlord_gap
                and heuristic.peasant_win_rate >= rival.peasant_win_rate + peasant_gap
            )
            print(f"{preset}: heuristic with two {other} bots, {result.hands} hands on {result.deals} deals"
                  f" {'ok' if ok else 'BELOW'}")
            for standing in result.standings:
                print(f"  {standing.name:<10} as landlord {standing.landlord_wins:>4}/{standing.landlord_hands:<4}"
                      f" ({standing.landlord_win_rate:.1%})  as peasant {standing.peasant_wins:>4}/"
                      f"{standing.peasant_hands:<4} ({standing.peasant_win_rate:.1%})"
                      f"  mean score {standing.mean_score:+.2f}")
            failed |= not ok
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="hands (2,000; 600 with --doudizhu)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--doudizhu", action="store_true", help="compare the bots in Dou Dizhu (issue 36)")
    parser.add_argument("--quick", action="store_true", help="90 hands a Dou Dizhu tournament")
    arguments = parser.parse_args()
    context = multiprocessing.get_context("spawn")  # never fork after threads
    if arguments.doudizhu:
        hands = 90 if arguments.quick else arguments.games or 600
        with ProcessPoolExecutor(arguments.workers, mp_context=context) as pool:
            return 1 if doudizhu(pool, hands, arguments.seed) else 0
    games = arguments.games or 2000
    line_ups: list[tuple[str, list[Bot], float]] = [
        ("random", [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], 0.60),
        ("greedy", [HeuristicBot(), GreedyBot(), GreedyBot(), GreedyBot()], 0.35),
    ]
    failed = False
    with ProcessPoolExecutor(arguments.workers, mp_context=context) as executor:
        for name, bots, mark in line_ups:
            result = simulate(bots, games=games, seed=arguments.seed, executor=executor)
            rate = result.seats[0].win_rate
            verdict = "ok" if rate >= mark else "BELOW"
            print(f"heuristic against three {name} bots: won {rate:.1%} of {games} hands"
                  f" (mark {mark:.0%}) {verdict}")
            failed |= rate < mark
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
