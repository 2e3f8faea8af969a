"""Instructions per hand of random self-play, counted by callgrind: a figure that does
not move with the machine's load.

Run: python benchmarks/bench_instructions.py [--hands N] [--pythonpath DIR]

Needs valgrind (Debian's package ``valgrind``). The workload is the engine-only loop
of ``bench_game.py`` and ``bench_peers.py`` (default rules, four players, each move
drawn uniformly from the legal moves), after 5 warm-up hands; it runs twice under
``valgrind --tool=callgrind``, once with no timed hand and once with ``--hands``
hands, and the difference over the hands is the figure, so the interpreter's start
and the imports do not count. ``--pythonpath`` puts another copy of the library
first (an older commit's ``src``, to compare two versions); ``PYTHONHASHSEED`` is
fixed, so the same code gives the same count. Instructions are not seconds (a cache
miss costs more than an add), but a change that halves them roughly halves the time
too, and the count repeats to a few parts in a thousand where timings here drift by
tens of percent.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

WORKLOAD = """
import random, sys
from zhengshangyou import Rules, State
rules = Rules()
def run(hands, seed):
    chooser = random.Random(seed)
    for number in range(hands):
        state = State.new(rules, seed=seed * 1000 + number)
        while state.phase == "play":
            state = state.play(chooser.choice(list(state.legal_moves())))
run(5, 1)
run(int(sys.argv[1]), 2)
"""


def instructions(hands: int, pythonpath: str | None) -> int:
    """The instructions callgrind counts for the workload with ``hands`` timed hands."""
    environment = dict(os.environ, PYTHONHASHSEED="0")
    if pythonpath:
        environment["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            sys.executable, "-c", WORKLOAD, str(hands),
        ],
        capture_output=True, text=True, env=environment, check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20, help="timed hands (default 20)")
    parser.add_argument("--pythonpath", help="a copy of the library to put first on the path")
    arguments = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    base = instructions(0, arguments.pythonpath)
    total = instructions(arguments.hands, arguments.pythonpath)
    print(f"{(total - base) / arguments.hands / 1e6:.2f} million instructions a hand "
          f"({arguments.hands} hands of random self-play, default rules, callgrind)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
