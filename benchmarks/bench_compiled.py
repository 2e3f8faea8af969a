"""The optional compiled build, measured beside the pure-Python reference.

Run: python benchmarks/bench_compiled.py [--hands N] [--decisions N] [--rounds N] [--tests]
     [--baseline OLD/src]

Needs ``build`` (``pip install build``), a C compiler, and PyPI or a wheel cache
for the build's own requirements (hatchling, Cython, setuptools); valgrind for the
instruction counts (skipped with a note when it is missing).

1. The compiled wheel is built as a user builds it, ``ZHENGSHANGYOU_COMPILE=1
   python -m build --wheel`` (see ``hatch_build.py``: the modules of the move path,
   compiled with Cython from the same ``.py`` files), and unpacked in a temporary
   directory, where each compiled module shadows its source.
2. ``--tests`` runs the test suite (``tests/``, without coverage) against it with
   ``ZHENGSHANGYOU_REQUIRE_COMPILED=1``, as ``.ci/run`` does, but for
   ``tests/test_docstrings.py``: it reads docstrings through ``inspect``, which
   cannot see into a compiled classmethod (the pure build checks them).
3. Instructions, counted by callgrind as bench_instructions.py counts them: a hand
   of random self-play (default rules, 4 players) and an ISMCTS decision, each for
   both builds, and their ratio.
4. Hands per CPU second of bench_game.py's self-play loop, each build in a fresh
   process, the two taking turns round by round (so that a change in load hits both
   alike): the medians, and the median of the rounds' ratios. ``--baseline`` times a
   third copy in the same rounds (the pure code of an older commit, say), so that
   both builds are compared with it where the machine's load cannot tell them apart.

No test ever asserts a timing; these numbers are for people.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from bench_instructions import hand_instructions, search_instructions

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

# Hands of bench_game's self_play loop, timed in CPU seconds: prints hands per second.
RATE = """
import sys, time
from bench_game import self_play
from zhengshangyou import Rules
rules = Rules()
self_play(rules, 10, 1)
start = time.process_time()
self_play(rules, int(sys.argv[1]), int(sys.argv[2]))
print(int(sys.argv[1]) / (time.process_time() - start))
"""


def build(into: Path) -> Path:
    """The compiled wheel (``ZHENGSHANGYOU_COMPILE=1``) built and unpacked in ``into``;
    the directory to put on ``sys.path``."""
    environment = dict(os.environ, ZHENGSHANGYOU_COMPILE="1")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(into / "dist"), str(ROOT)],
        env=environment, capture_output=True, text=True, check=False,
    )
    if done.returncode:
        raise SystemExit(f"the compiled wheel did not build:\n{done.stdout}\n{done.stderr}")
    (wheel,) = (into / "dist").glob("*.whl")
    unpacked = into / "unpacked"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(unpacked)
    return unpacked


def run_tests(source: Path) -> int:
    """The test suite's status against the copy at ``source``."""
    environment = dict(os.environ, PYTHONPATH=str(source), ZHENGSHANGYOU_REQUIRE_COMPILED="1")
    return subprocess.run(
        [
            sys.executable, "-m", "pytest", "tests", "-q", "-n", "auto", "-p", "no:cacheprovider",
            "--no-cov", "--ignore=tests/test_docstrings.py",
        ],
        cwd=ROOT, env=environment, check=False,
    ).returncode


def rate(source: Path, hands: int, seed: int) -> float:
    """Hands per CPU second of random self-play with the library at ``source``."""
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join((str(source), str(HERE))))
    done = subprocess.run(
        [sys.executable, "-c", RATE, str(hands), str(seed)],
        # (In a folder without the package: "-c" puts the working folder first on sys.path.)
        capture_output=True, text=True, env=environment, check=True, cwd=HERE,
    )
    return float(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands counted by callgrind (60)")
    parser.add_argument("--decisions", type=int, default=6, help="ISMCTS decisions counted (6)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each build (5)")
    parser.add_argument("--round-hands", type=int, default=200, help="hands a timed round (200)")
    parser.add_argument("--tests", action="store_true", help="run the test suite on the compiled copy")
    parser.add_argument(
        "--baseline", metavar="OLD/src",
        help="time this copy of the library too, pure (say, of an older commit: git archive REV src)",
    )
    arguments = parser.parse_args(argv)
    if importlib.util.find_spec("build") is None:  # (the compiled wheel is built with it)
        print("build is not installed (pip install build)", file=sys.stderr)
        return 2
    pure = ROOT / "src"
    with tempfile.TemporaryDirectory() as temporary:
        compiled = build(Path(temporary))
        modules = subprocess.run(
            [sys.executable, "-c", "import zhengshangyou; print(' '.join(zhengshangyou.compiled_modules()))"],
            capture_output=True, text=True, check=True, env=dict(os.environ, PYTHONPATH=str(compiled)), cwd=HERE,
        ).stdout.split()
        if not modules:
            raise SystemExit("the compiled wheel runs no compiled module")
        print(f"Python {sys.version.split()[0]}: compiled {', '.join(modules)}")
        if arguments.tests:
            status = run_tests(compiled)
            print(f"the test suite on the compiled copy: {'passed' if status == 0 else f'FAILED ({status})'}")
            if status:
                return 1
        if shutil.which("valgrind") is None:
            print("valgrind is not installed: no instruction counts")
        else:
            for what, count, over in (
                ("a hand of random self-play", lambda path: hand_instructions(arguments.hands, path),
                 f"{arguments.hands} hands"),
                ("an ISMCTS decision", lambda path: search_instructions(arguments.decisions, path),
                 f"{arguments.decisions} decisions, 60 iterations each"),
            ):
                before, after = count(str(pure)), count(str(compiled))
                print(f"instructions of {what} ({over}): pure {before / 1e6:.2f} M,"
                      f" compiled {after / 1e6:.2f} M, pure/compiled {before / after:.3f}")
        builds = {"pure": pure, "compiled": compiled}
        if arguments.baseline:
            builds["baseline"] = Path(arguments.baseline)
        rates: dict[str, list[float]] = {name: [] for name in builds}
        for number in range(arguments.rounds):
            order = list(builds.items())
            order = order[number % len(order) :] + order[: number % len(order)]  # (who goes first rotates)
            for name, path in order:
                rates[name].append(rate(path, arguments.round_hands, 7 + number))
        for name, values in rates.items():
            print(f"{name}: {statistics.median(values):.0f} hands per CPU second"
                  f" (rounds {min(values):.0f}-{max(values):.0f})")
        pairs = [("compiled", "pure")]
        if arguments.baseline:
            pairs += [("compiled", "baseline"), ("pure", "baseline")]
        for first, second in pairs:
            ratios = [a / b for a, b in zip(rates[first], rates[second], strict=True)]
            print(f"{first}/{second}: median {statistics.median(ratios):.2f}"
                  f" (rounds {min(ratios):.2f}-{max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
