"""The library compiled with Cython, measured beside the pure-Python reference.

Run: python benchmarks/bench_compiled.py [--hands N] [--decisions N] [--rounds N] [--tests]

Needs Cython (``pip install cython``, benchmark-only: the library neither ships nor
needs a compiled build) and a C compiler; valgrind for the instruction counts
(skipped with a note when it is missing).

1. A copy of ``src`` in a temporary directory has the modules of the move path
   (``MODULES``) compiled in place with Cython, from the same ``.py`` files,
   unchanged: each compiled module then shadows its source. The directives are
   ``language_level=3`` and ``annotation_typing=False``: Cython otherwise holds
   arguments to their annotations more strictly than Python does (it refuses an
   enum class where ``type`` is annotated), so the compiled code would not be the
   same program.
2. ``--tests`` runs the test suite (``tests/``, without coverage) against that copy,
   but for ``tests/test_docstrings.py``: it reads docstrings through ``inspect``,
   which cannot see through a compiled classmethod (the pure build checks them).
3. Instructions, counted by callgrind as bench_instructions.py counts them: a hand
   of random self-play (default rules, 4 players) and an ISMCTS decision, each for
   both builds, and their ratio.
4. Hands per CPU second of bench_game.py's self-play loop, each build in a fresh
   process, the two taking turns round by round (so that a change in load hits both
   alike): the medians, and the median of the rounds' ratios.

No test ever asserts a timing; these numbers are for people.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_instructions import hand_instructions, search_instructions

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
#: The modules a move goes through, compiled: a hand, its plays, the generator, the game.
MODULES = ("actions", "cards", "combinations", "game", "hand", "moves", "plays", "scoring")
DIRECTIVES = "annotation_typing=False"

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
    """``src`` copied into ``into``, with :data:`MODULES` compiled there; its path."""
    source = into / "src"
    shutil.copytree(ROOT / "src", source, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    package = source / "zhengshangyou"
    subprocess.run(
        [
            sys.executable, "-m", "Cython.Build.Cythonize", "-i", "-3", "-q", "-j", str(os.cpu_count() or 1),
            "-X", DIRECTIVES, *(str(package / f"{name}.py") for name in MODULES),
        ],
        check=True, cwd=source, stdout=subprocess.DEVNULL,
    )
    built = sorted(path.name.split(".")[0] for path in package.glob("*.so"))
    if built != sorted(MODULES):
        raise SystemExit(f"Cython built {built}, not {sorted(MODULES)}")
    return source


def run_tests(source: Path) -> int:
    """The test suite's status against the copy at ``source``."""
    environment = dict(os.environ, PYTHONPATH=str(source))
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
        capture_output=True, text=True, env=environment, check=True,
    )
    return float(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands counted by callgrind (60)")
    parser.add_argument("--decisions", type=int, default=6, help="ISMCTS decisions counted (6)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds of each build (5)")
    parser.add_argument("--round-hands", type=int, default=200, help="hands a timed round (200)")
    parser.add_argument("--tests", action="store_true", help="run the test suite on the compiled copy")
    arguments = parser.parse_args(argv)
    try:
        import Cython
    except ImportError:
        print("Cython is not installed (pip install cython)", file=sys.stderr)
        return 2
    pure = ROOT / "src"
    with tempfile.TemporaryDirectory() as temporary:
        compiled = build(Path(temporary))
        print(f"Cython {Cython.__version__}, Python {sys.version.split()[0]}: compiled {', '.join(MODULES)}")
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
        rates: dict[str, list[float]] = {"pure": [], "compiled": []}
        ratios = []
        for number in range(arguments.rounds):
            order = [("pure", pure), ("compiled", compiled)]
            if number % 2:
                order.reverse()
            found = {name: rate(path, arguments.round_hands, 7 + number) for name, path in order}
            for name, value in found.items():
                rates[name].append(value)
            ratios.append(found["compiled"] / found["pure"])
        for name, values in rates.items():
            print(f"{name}: {statistics.median(values):.0f} hands per CPU second"
                  f" (rounds {min(values):.0f}-{max(values):.0f})")
        print(f"compiled/pure: median {statistics.median(ratios):.2f} (rounds {min(ratios):.2f}-{max(ratios):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
