"""Every speed figure of issue 19, with one command: each benchmark beside its peer.

Run: python benchmarks/bench_speed.py [--quick] [--json DIR] [--compiled]

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
into DIR where the benchmark writes JSON. ``--compiled`` runs each benchmark twice,
on the pure-Python build and then on the optional compiled build (the wheel that
``ZHENGSHANGYOU_COMPILE=1`` builds, see bench_compiled.py, first on ``PYTHONPATH``;
its JSON files end in ``-compiled``). The exit status is the first non-zero
status of a benchmark, or 0. No timing is asserted anywhere: these are for people.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
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


def run(name: str, takes_json: bool, suffix: str, environment: dict[str, str], arguments: argparse.Namespace) -> int:
    """One benchmark's exit status, run in a process of its own."""
    command = [sys.executable, str(HERE / name)]
    if arguments.quick:
        command.append("--quick")
    if arguments.json and takes_json:
        folder = Path(arguments.json)
        folder.mkdir(parents=True, exist_ok=True)
        command += ["--json", str(folder / f"{Path(name).stem}{suffix}.json")]
    build = "compiled build" if suffix else "pure build"
    print(f"=== {' '.join(command[1:])} ({build})", flush=True)
    start = time.perf_counter()
    done = subprocess.run(command, check=False, env=environment)
    print(f"=== {name} ({build}): exit {done.returncode} in {time.perf_counter() - start:.0f} s\n", flush=True)
    return done.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of each benchmark")
    parser.add_argument("--json", metavar="DIR", help="write each benchmark's JSON into DIR")
    parser.add_argument("--compiled", action="store_true", help="also run each on the compiled build")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temporary:
        builds: list[tuple[str, dict[str, str]]] = [("", dict(os.environ))]
        if arguments.compiled:
            from bench_compiled import build

            compiled = build(Path(temporary))
            path = os.pathsep.join(filter(None, (str(compiled), os.environ.get("PYTHONPATH"))))
            builds.append(("-compiled", dict(os.environ, PYTHONPATH=path)))
        status = 0
        for name, takes_json in BENCHMARKS:
            for suffix, environment in builds:
                code = run(name, takes_json, suffix, environment, arguments)
                status = status or code
    return status


if __name__ == "__main__":
    raise SystemExit(main())
