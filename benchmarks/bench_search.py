"""Search bots against the heuristic bot, on duplicate deals (issue 16).

Not a test: it plays thousands of hands. Two parts, each with the tournament
runner (:func:`zhengshangyou.tournament.tournament`, every deal played from every
seat):

1. the strength claim: ``ISMCTSBot`` searching at most ``--time-limit`` seconds a
   move (default 0.05; or ``--iterations`` a move) against three ``HeuristicBot``
   copies under the default rules, ``--hands`` hands (default 2,000), with the
   paired score difference per hand and its 95% interval;
2. strength against budget: the same table at several budgets, fewer hands each,
   with an optional plot (matplotlib, if installed).

The time per move of a budget is measured apart, on decision points of seeded
games (CPU time, mean, median, 95th percentile and maximum), since the tournament
runs its bots in worker processes.

    python benchmarks/bench_search.py --workers 2                      # part 1 and 2
    python benchmarks/bench_search.py --hands 400 --budgets 25,50 --quick
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from zhengshangyou import Game, Rules
from zhengshangyou.bots import HeuristicBot
from zhengshangyou.search import ISMCTSBot
from zhengshangyou.tournament import BotEntry, TournamentResult, normal_interval, tournament


def ms_per_move(iterations: int, positions: int, seed: int, limit: float | None = None) -> dict[str, float]:
    """CPU milliseconds of ``ISMCTSBot(iterations).choose`` over ``positions`` decision
    points of seeded games between heuristic bots (every decision of each game)."""
    times: list[float] = []
    rng = random.Random(seed)
    bot = ISMCTSBot(iterations, seed=seed) if limit is None else TimedISMCTS(limit)(seed)
    others = HeuristicBot()
    while len(times) < positions:
        game = Game(Rules(), seed=rng.randrange(2**32))
        while not game.phase.is_over and len(times) < positions:
            seen = game.observation(game.to_act)
            if game.to_act == 0 and len(seen.legal_moves) > 1:
                start = time.process_time()
                move = bot.choose(seen)
                times.append((time.process_time() - start) * 1000)
            else:
                move = others.choose(seen)
            game.play(move)
    times.sort()
    return {
        "mean": statistics.fmean(times),
        "median": statistics.median(times),
        "p95": times[int(0.95 * (len(times) - 1))],
        "max": times[-1],
    }


class TimedISMCTS:
    """A factory of ISMCTS bots searching ``limit`` seconds a move (a module-level
    class, so that worker processes can unpickle it)."""

    def __init__(self, limit: float) -> None:
        self.limit = limit

    def __call__(self, seed: int) -> ISMCTSBot:
        return ISMCTSBot(10**9, seed=seed, time_limit=self.limit)


def table(iterations: int, hands: int, seed: int, workers: int, limit: float | None = None) -> TournamentResult:
    """ISMCTS (``iterations`` a move, or ``limit`` seconds) and three heuristic bots."""
    search: BotEntry = f"ismcts:{iterations}" if limit is None else TimedISMCTS(limit)
    bots: dict[str, BotEntry] = {search_name(iterations, limit): search, "heuristic": "heuristic",
            "heuristic#2": "heuristic", "heuristic#3": "heuristic"}
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return tournament(bots, Rules(), hands=hands, seed=seed, executor=pool, batch=4)
    return tournament(bots, Rules(), hands=hands, seed=seed)


def search_name(iterations: int, limit: float | None) -> str:
    return f"ismcts:{iterations}" if limit is None else f"ismcts:{limit * 1000:.0f}ms"


def difference(result: TournamentResult, name: str) -> tuple[float, tuple[float, float], int]:
    """The search bot's mean score per hand less the heuristic copies' mean, paired by
    deal (every bot plays every seat of every deal): the mean over deals of (its mean
    score per hand in the deal - the copies' mean score per hand in it), with the
    normal 95% interval over deals, and the number of deals."""
    by_deal: dict[int, tuple[list[int], list[int]]] = {}
    for hand in result.records:
        mine, theirs = by_deal.setdefault(hand.deal, ([], []))
        for seat, bot in enumerate(hand.seats):
            (mine if bot == name else theirs).append(hand.scores[seat])
    values = [statistics.fmean(mine) - statistics.fmean(theirs) for mine, theirs in by_deal.values()]
    return statistics.fmean(values), normal_interval(values), len(values)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=120, help="budget of part 1 without --time-limit")
    parser.add_argument("--time-limit", type=float, default=0.05, help="seconds a move in part 1 (0.05; 0: use --iterations)")
    parser.add_argument("--hands", type=int, default=2000, help="hands of part 1 (2000)")
    parser.add_argument("--budgets", default="10,30,60,120,240", help="budgets of part 2")
    parser.add_argument("--budget-hands", type=int, default=200, help="hands a budget in part 2 (200)")
    parser.add_argument("--positions", type=int, default=200, help="decision points timed a budget")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--plot", help="write part 2 as a PNG (needs matplotlib)")
    parser.add_argument("--skip-claim", action="store_true", help="part 2 only")
    arguments = parser.parse_args(argv)
    limit = arguments.time_limit or None
    name = search_name(arguments.iterations, limit)
    if not arguments.skip_claim:
        timing = ms_per_move(arguments.iterations, arguments.positions, arguments.seed, limit)
        print(f"{name}: CPU ms a move over {arguments.positions} decisions: "
              + ", ".join(f"{key} {value:.1f}" for key, value in timing.items()), flush=True)
        start = time.time()
        result = table(arguments.iterations, arguments.hands, arguments.seed, arguments.workers, limit)
        print(result.table())
        mean, (low, high), deals = difference(result, name)
        standing = result.standing(name)
        print(f"\n{name} minus HeuristicBot: {mean:+.2f} points a hand, 95% interval {low:+.2f} to "
              f"{high:+.2f} over {deals} deals; its own mean {standing.mean_score:+.2f} "
              f"({standing.score_interval[0]:+.2f} to {standing.score_interval[1]:+.2f}) over {standing.hands} hands;"
              f" {time.time() - start:.0f} s wall", flush=True)
    rows: list[tuple[int, float, float, float, float]] = []
    for budget in [int(text) for text in arguments.budgets.split(",") if text]:
        timing = ms_per_move(budget, max(arguments.positions // 4, 20), arguments.seed)
        result = table(budget, arguments.budget_hands, arguments.seed + budget, arguments.workers)
        standing = result.standing(f"ismcts:{budget}")
        rows.append((budget, timing["mean"], standing.mean_score, *standing.score_interval))
        print(f"budget {budget:4d}: {timing['mean']:6.1f} ms a move, mean score {standing.mean_score:+6.2f} "
              f"({standing.score_interval[0]:+.2f} to {standing.score_interval[1]:+.2f}) over {standing.hands} hands",
              flush=True)
    if arguments.plot and rows:
        plot(rows, arguments.plot, arguments.budget_hands)


def plot(rows: list[tuple[int, float, float, float, float]], path: str, hands: int) -> None:
    try:
        pyplot: Any = importlib.import_module("matplotlib.pyplot")
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    figure, axes = pyplot.subplots(figsize=(6, 3.2), dpi=80)
    budgets = [row[0] for row in rows]
    means = [row[2] for row in rows]
    errors = [[row[2] - row[3] for row in rows], [row[4] - row[2] for row in rows]]
    axes.errorbar(budgets, means, yerr=errors, marker="o", capsize=3)
    axes.axhline(0, color="grey", linestyle="--", linewidth=1)
    axes.set_xscale("log")
    axes.set_xticks(budgets, [f"{row[0]}\n{row[1]:.0f} ms" for row in rows])
    axes.set_xlabel("ISMCTS iterations a move (mean CPU time a move)")
    axes.set_ylabel("mean score a hand")
    axes.set_title(f"ISMCTS against three HeuristicBots: {hands} hands a budget, 95% intervals",
                   fontsize=9)
    figure.tight_layout()
    figure.savefig(path)
    print(f"plot written to {path}")


if __name__ == "__main__":
    main()
