"""Every speed figure of issue 19, with one command: each benchmark beside its peer.

Run: python benchmarks/bench_speed.py [--quick] [--json DIR]

It runs, one after the other, each in a process of its own (so that no benchmark
warms another's tables):

* ``bench_peers.py``: whole random games against DouZero's, RLCard's and
  OpenSpiel's game loops in the same run, and ``State.play`` beside OpenSpiel's
  ``clone()`` + ``apply_action``;
* ``bench_moves.py``: the class view and the rank plays against DouZero's move
  generator on the same hands (cold, warm, long-run, seen, and a stream);
* ``bench_game.py``: whole games per preset, the cost of a branch and the memory
  of retained branches;
* ``bench_must_include.py``: the R2.5 listing beside the ordinary one;
* ``bench_pathologies.py``: first-play latency in both views, card-view memory,
  cold costs of a rule set.

``--quick`` is passed to each (a smoke run); ``--json DIR`` writes each one's JSON
into DIR where the benchmark writes JSON. The exit status is the first non-zero
status of a benchmark, or 0. No timing is asserted anywhere: these are for people.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: The benchmarks, in order, and whether each takes ``--json PATH``.
BENCHMARKS = (
    ("bench_peers.py", True),
    ("bench_moves.py", True),
    ("bench_game.py", True),
    ("bench_must_include.py", False),
    ("bench_pathologies.py", True),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of each benchmark")
    parser.add_argument("--json", metavar="DIR", help="write each benchmark's JSON into DIR")
    arguments = parser.parse_args(argv)
    status = 0
    for name, takes_json in BENCHMARKS:
        command = [sys.executable, str(HERE / name)]
        if arguments.quick:
            command.append("--quick")
        if arguments.json and takes_json:
            folder = Path(arguments.json)
            folder.mkdir(parents=True, exist_ok=True)
            command += ["--json", str(folder / f"{Path(name).stem}.json")]
        print(f"=== {' '.join(command[1:])}", flush=True)
        start = time.perf_counter()
        done = subprocess.run(command, check=False)
        print(f"=== {name}: exit {done.returncode} in {time.perf_counter() - start:.0f} s\n", flush=True)
        status = status or done.returncode
    return status


if __name__ == "__main__":
    raise SystemExit(main())
