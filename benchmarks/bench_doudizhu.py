"""Whole Dou Dizhu games per CPU second: our engine against DouZero, RLCard and
OpenSpiel, like with like, in the same run (issue 36, acceptance 4).

Run: python benchmarks/bench_doudizhu.py [--quick] [--rounds N] [--json PATH]
     python benchmarks/bench_doudizhu.py --profile doudizhu   # where our time goes

Every seat of every library draws uniformly from the legal moves its engine lists;
dealing is part of every hand; the time is CPU time (``time.process_time``, the
collector on). The pairs compared:

* ours under ``Rules.preset("douzero")`` (no auction: seat 0 is the landlord, D3.5)
  against DouZero 1.1.0's ``GameEnv`` with random agents, dealt as ``Env.reset``
  deals (``bench_peers.douzero_runner``);
* ours under ``Rules.preset("rlcard")`` (no auction) against RLCard 1.2.0's
  ``DoudizhuGame`` (``init_game`` deals, without bidding; ``bench_peers.rlcard_runner``);
* ours under ``Rules.preset("openspiel")`` (bid until two passes, a hand nobody bids
  for void) against OpenSpiel's ``dou_dizhu``, its auction included
  (``bench_peers.openspiel_runner``; a passed-out hand counts as a hand in both);
* ours under ``Rules.preset("doudizhu")``, the auction included (bid once; a hand
  nobody bids for is dealt again at once, and the redeal is part of the hand
  timed), against DouZero's and RLCard's rates of the same rounds: acceptance 4 of
  issue 36 asks for at least 4× DouZero's ``GameEnv`` and 3× RLCard's game.

Our loop is ``State.new(rules, seed=...)`` then ``state.play(choice(list(
state.legal_moves())))`` while the phase is the auction or the play (the class view
of the legal moves: one move per rank multiset and reading, which is what the
engines list, suits never mattering, D1.1). The libraries take turns round by round
(which goes first rotates), so that a change in machine load hits all alike. Per
library the median hands per CPU second over the rounds and its range; per pair
``ours/peer``, our rate over the peer's in the same round: median [range].

``--profile PRESET`` instead runs cProfile over our loop under that preset and
prints the functions with the most cumulative and internal time.

The peers are benchmark-only: ``pip install --no-deps douzero==1.1.0 rlcard==1.2.0
numpy termcolor open_spiel``; one that does not import is skipped with a note. No
timing is asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if str(Path(__file__).resolve().parent) not in sys.path:  # (run from another folder or loaded by path)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_peers import (
    WARMUP_HANDS,
    Library,
    Runner,
    douzero_runner,
    openspiel_game,
    openspiel_runner,
    play_rounds,
    rlcard_runner,
    spread,
    version,
)
from buildinfo import describe

from zhengshangyou import Rules
from zhengshangyou.game import Phase, State

SEED = 3_600
PRESETS = ("doudizhu", "douzero", "rlcard", "openspiel")
#: Hands per round (about half a CPU second each on the development machine).
HANDS = {"doudizhu": 400, "douzero": 400, "rlcard": 400, "openspiel": 400,
         "peer:douzero": 80, "peer:rlcard": 100, "peer:openspiel": 1600}
#: (ours, peer): the ratios reported; the first two are acceptance 4's.
PAIRS = (("doudizhu", "douzero"), ("doudizhu", "rlcard"), ("douzero", "douzero"),
         ("rlcard", "rlcard"), ("openspiel", "openspiel"))
TARGETS = {("doudizhu", "douzero"): 4.0, ("doudizhu", "rlcard"): 3.0,
           ("douzero", "douzero"): 4.0, ("rlcard", "rlcard"): 3.0}
QUICK_DIVISOR = 4
_LIVE = (Phase.AUCTION, Phase.PLAY)


def our_hands(rules: Rules, hands: int, seed: int) -> tuple[int, dict[str, int]]:
    """``hands`` whole random hands under ``rules``: the moves made, and the hands
    nobody bid for (thrown in: void, or dealt again)."""
    chooser = random.Random(f"ours:{seed}")
    choice = chooser.choice
    moves = thrown_in = 0
    for number in range(hands):
        state = State.new(rules, seed=seed * 100_003 + number)
        while state.phase in _LIVE:
            state = state.play(choice(list(state.legal_moves())))
            moves += 1
        thrown_in += sum(1 for result in state.results if result.thrown_in)
    return moves, {"thrown_in": thrown_in}


def ours_runner(preset: str) -> Runner:
    rules = Rules.preset(preset)

    def run(hands: int, seed: int) -> tuple[int, dict[str, int]]:
        return our_hands(rules, hands, seed)

    return run


def libraries(divisor: int) -> tuple[list[Library], dict[str, str]]:
    """Ours under each preset, and the peers that import (and why the others are skipped)."""
    mine = version("zhengshangyou")
    found = [Library(f"ours:{preset}", mine, 3, HANDS[preset] // divisor, ours_runner(preset))
             for preset in PRESETS]
    skipped: dict[str, str] = {}
    makers = (("douzero", "douzero", douzero_runner),
              ("rlcard", "rlcard", rlcard_runner),
              ("openspiel", "open_spiel", lambda: openspiel_runner(openspiel_game())))
    for name, distribution, make in makers:
        try:
            run = make()
        except ImportError as error:
            skipped[name] = f"{type(error).__name__}: {error}"
            continue
        found.append(Library(f"peer:{name}", version(distribution), 3,
                             max(1, HANDS[f"peer:{name}"] // divisor), run))
    return found, skipped


def summarise(found: list[Library]) -> dict[str, Any]:
    """Every library's rates, and each pair's ratios round by round."""
    by_name = {library.name: library for library in found}
    report: dict[str, Any] = {"libraries": {}, "pairs": {}}
    for library in found:
        report["libraries"][library.name] = {
            "version": library.version,
            "hands_per_round": library.hands,
            "hands_per_cpu_s": spread([item["hands_per_cpu_s"] for item in library.rounds]),
            "moves_per_hand": statistics.median(item["moves"] / item["hands"] for item in library.rounds),
            "us_per_move": statistics.median(item["cpu_s"] / item["moves"] * 1e6 for item in library.rounds),
            "rounds": library.rounds,
        }
    for ours, peer in PAIRS:
        mine, theirs = by_name.get(f"ours:{ours}"), by_name.get(f"peer:{peer}")
        if mine is None or theirs is None:
            continue
        pairs = list(zip(mine.rounds, theirs.rounds, strict=True))
        entry: dict[str, Any] = {"hands": spread([a["hands_per_cpu_s"] / b["hands_per_cpu_s"] for a, b in pairs]),
                 "moves": spread([a["moves_per_cpu_s"] / b["moves_per_cpu_s"] for a, b in pairs])}
        target = TARGETS.get((ours, peer))
        if target is not None:
            entry["target"] = target
            entry["met"] = entry["hands"]["median"] >= target
        report["pairs"][f"{ours}/{peer}"] = entry
    return report


def _text(values: dict[str, float], digits: int) -> str:
    return f"{values['median']:.{digits}f} [{values['min']:.{digits}f}-{values['max']:.{digits}f}]"


def print_report(report: dict[str, Any], rounds: int) -> None:
    print(f"Whole random Dou Dizhu hands: CPU time, {rounds} rounds, the libraries taking turns")
    print()
    print(f"{'library':<17}{'version':>10}{'hands/round':>12}{'moves/hand':>11}"
          f"{'hands/CPU s [range]':>24}{'us/move':>9}")
    for name, entry in report["libraries"].items():
        print(f"{name:<17}{entry['version']:>10}{entry['hands_per_round']:>12}"
              f"{entry['moves_per_hand']:>11.1f}{_text(entry['hands_per_cpu_s'], 0):>24}"
              f"{entry['us_per_move']:>9.1f}")
    print()
    print("ours/peer: our hands per CPU second over the peer's, the same round, median [range]")
    for name, entry in report["pairs"].items():
        target = f"  (target {entry['target']:.0f}x: {'met' if entry['met'] else 'NOT met'})" \
            if "target" in entry else ""
        print(f"  {name:<22}{_text(entry['hands'], 2):>20} hands, {_text(entry['moves'], 2):>20} moves{target}")


def profile(preset: str, hands: int, seed: int, top: int) -> None:
    """cProfile over our loop under ``preset``."""
    rules = Rules.preset(preset)
    our_hands(rules, WARMUP_HANDS, seed - 1)
    profiler = cProfile.Profile()
    profiler.enable()
    our_hands(rules, hands, seed)
    profiler.disable()
    stats = pstats.Stats(profiler)
    print(f"cProfile: {hands} hands under Rules.preset({preset!r}); {describe()}")
    stats.sort_stats("cumulative").print_stats(top)
    stats.sort_stats("tottime").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=f"3 rounds, 1/{QUICK_DIVISOR} of the hands")
    parser.add_argument("--rounds", type=int, help="rounds (default 5, 3 with --quick)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--json", help="also write every number to this file")
    parser.add_argument("--profile", choices=PRESETS, help="profile our loop under this preset instead")
    parser.add_argument("--hands", type=int, default=300, help="hands to profile (default 300)")
    arguments = parser.parse_args(argv)
    if arguments.profile:
        profile(arguments.profile, arguments.hands, arguments.seed, 30)
        return 0
    divisor = QUICK_DIVISOR if arguments.quick else 1
    rounds = arguments.rounds or (3 if arguments.quick else 5)
    started = time.perf_counter()
    print("zhengshangyou's Dou Dizhu against DouZero, RLCard and OpenSpiel")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on "
          f"{platform.system()} {platform.machine()}; {os.cpu_count()} CPUs; load average at start "
          f"{_load()}; PYTHONHASHSEED={os.environ.get('PYTHONHASHSEED', 'unset')}")
    found, skipped = libraries(divisor)
    print("versions: " + ", ".join(f"{library.name} {library.version}" for library in found))
    print(describe())
    for name, reason in skipped.items():
        print(f"skipped {name}: {reason}")
    print()
    play_rounds(found, rounds, arguments.seed)
    report = summarise(found)
    print_report(report, rounds)
    wall = time.perf_counter() - started
    print()
    print(f"load average at end {_load()}; {wall:.0f} s wall time")
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump({"python": sys.version, "platform": platform.platform(), "build": describe(),
                       "rounds": rounds, "seed": arguments.seed, "quick": arguments.quick,
                       "skipped": skipped, "wall_s": wall, **report}, file, indent=2)
    return 0


def _load() -> str:
    getloadavg = getattr(os, "getloadavg", None)
    return " ".join(f"{value:.2f}" for value in getloadavg()) if getloadavg else "n/a"


if __name__ == "__main__":
    raise SystemExit(main())
