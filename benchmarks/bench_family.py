"""Game speed of Big Two and Tien Len against the default preset (issue 37, acceptance 5).

Run: python benchmarks/bench_family.py [--quick] [--hands N] [--rounds N] [--json PATH]

Whole hands of random self-play (each move drawn uniformly from the legal moves
through ``State``, as ``bench_game.py`` and RandomBot play them) under the default
preset ``zhengshangyou`` and the six presets of the family, in interleaved rounds
in one process: round 1 plays every preset in turn, then round 2, and so on, so
that a burst of load on a shared machine falls on every preset alike. Each preset
first plays 10 hands that are not counted (its tables warm, as in a simulation).
Reported per preset: the median over the rounds of hands per CPU second
(``time.process_time``), its ratio to the default preset's median, moves per hand
and CPU microseconds per move. The ratio is the figure to read on a busy machine.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

from buildinfo import describe, use_checkout

use_checkout()

from bench_game import self_play  # noqa: E402  (after use_checkout)

from zhengshangyou import Rules  # noqa: E402

#: The default preset first (the ratios' base), then the family's presets.
PRESETS = (
    "zhengshangyou", "big-two", "big-two-taiwan", "pusoy-dos", "tien-len", "tien-len-pagat", "tien-len-north",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds of 20 hands (a smoke run)")
    parser.add_argument("--hands", type=int, default=40, help="hands a preset in each round (40)")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (7)")
    parser.add_argument("--json", help="also write the numbers to this file")
    arguments = parser.parse_args(argv)
    hands, rounds = (20, 3) if arguments.quick else (arguments.hands, arguments.rounds)
    print("zhengshangyou: the family's game speed against the default preset")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.system()} {platform.machine()}")
    print(describe())
    print(f"{rounds} interleaved rounds of {hands} hands a preset; medians of the rounds; CPU time")
    rules = {name: Rules.preset(name) for name in PRESETS}
    for name in PRESETS:
        self_play(rules[name], 10, seed=1, clock=time.process_time)  # (warm the tables, as a simulation would)
    samples: dict[str, list[tuple[float, float, float]]] = {name: [] for name in PRESETS}
    for round_number in range(rounds):
        for name in PRESETS:
            seconds, moves = self_play(rules[name], hands, seed=100 + round_number, clock=time.process_time)
            samples[name].append((hands / seconds, moves / hands, seconds / moves * 1e6))
    base = statistics.median(rate for rate, _, _ in samples[PRESETS[0]])
    report: dict[str, Any] = {"python": sys.version, "hands": hands, "rounds": rounds, "presets": {}}
    print()
    print(f"{'preset':<16}{'hands/CPU s':>12}{'vs default':>12}{'moves/hand':>12}{'us/move':>10}")
    for name in PRESETS:
        rate = statistics.median(item[0] for item in samples[name])
        per_hand = statistics.median(item[1] for item in samples[name])
        per_move = statistics.median(item[2] for item in samples[name])
        print(f"{name:<16}{rate:>12.0f}{rate / base:>12.2f}{per_hand:>12.1f}{per_move:>10.1f}")
        report["presets"][name] = {
            "hands_per_cpu_second": rate,
            "ratio_to_default": rate / base,
            "moves_per_hand": per_hand,
            "cpu_us_per_move": per_move,
            "rounds": [item[0] for item in samples[name]],
        }
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
