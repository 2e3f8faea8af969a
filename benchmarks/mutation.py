"""Mutation testing of ``plays.py`` and ``moves.py`` with mutmut, reproducibly.

Usage (from the repository, with the test extra and ``mutmut`` installed)::

    python benchmarks/mutation.py [--copy /tmp/zsy-mutation] [--sample 320] [--seed 13]
                                  [--max-children 2] [--ref HEAD] [--rerun]

What it does, in order (docs/development.rst explains why):

1. Exports the committed tree at ``--ref`` into ``--copy`` (``git archive``; the
   working tree and its ``pyproject.toml`` are never touched), adds the
   ``[tool.mutmut]`` table below to the copy's ``pyproject.toml``, and installs
   ``benchmarks/mutation_memo.py`` as a plugin of the copy's ``tests/conftest.py``.
2. Generates every mutant of the two files and draws a sample of ``--sample`` of
   them with ``random.Random(--seed)`` (all of them if there are fewer).
3. Runs ``mutmut run <the sampled names>`` with ``HYPOTHESIS_PROFILE=ci``, then
   prints the counts and the score: killed / (killed + survived + timeout), over the
   mutants that some test covers.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

#: The tests mutmut runs (each mutant runs those of them that reach its function).
TESTS = [
    "tests/test_plays_rulings.py",
    "tests/test_moves_rulings.py",
    "tests/test_plays_cases.py",
    "tests/test_moves_perft.py",
    "tests/test_hand.py",
    "tests/test_hardening.py",
]

#: The modules the fork server imports before it forks (none of them the library's).
PRELOAD = ["attrs", "hypothesis", "hypothesis.strategies", "_pytest.python", "_pytest.doctest"]

CONFIG = f"""
[tool.mutmut]
source_paths = ["src"]
only_mutate = ["src/zhengshangyou/plays.py", "src/zhengshangyou/moves.py"]
pytest_add_cli_args_test_selection = {TESTS!r}
pytest_add_cli_args = ["-p", "no:cacheprovider"]
process_isolation = "forkserver"
forkserver_warmup = "import"
preload_modules_file = "preload.txt"
""".replace("'", '"')

PLUGIN_IMPORT = (
    "\nfrom _mutation_memo import pytest_runtest_setup, pytest_sessionstart  # noqa: E402, F401\n"
)


def export(ref: str, into: Path, *paths: str) -> None:
    """Extract the tree of ``ref`` (or only ``paths`` of it) into ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", ref, *paths], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def install_plugin(tests: Path) -> None:
    """Make the copy's ``tests/conftest.py`` load the cold-memo plugin."""
    shutil.copy(HERE / "mutation_memo.py", tests / "_mutation_memo.py")
    with (tests / "conftest.py").open("a", encoding="utf-8") as out:
        out.write(PLUGIN_IMPORT)


def prepare(copy: Path, ref: str) -> None:
    """Export ``ref`` into ``copy`` and configure mutmut there."""
    if copy.exists():
        shutil.rmtree(copy)
    copy.mkdir(parents=True)
    export(ref, copy)
    with (copy / "pyproject.toml").open("a", encoding="utf-8") as out:
        out.write(CONFIG)
    # What the fork server imports once for all mutants: test tools only, never the
    # library (whose memos must start cold in each mutant's process).
    (copy / "preload.txt").write_text("\n".join(PRELOAD) + "\n", encoding="utf-8")
    install_plugin(copy / "tests")


def refresh(copy: Path, ref: str) -> None:
    """Replace the copy's code and tests (and mutmut's copy of the tests) by those of
    ``ref``. mutmut mutates again the files that changed, and tests again the mutants
    of the functions that changed; the other verdicts stand."""
    export(ref, copy, "src")
    for tests in (copy / "tests", copy / "mutants" / "tests"):
        shutil.rmtree(tests)
        tests.parent.mkdir(exist_ok=True)
        export(ref, tests.parent, "tests")
        install_plugin(tests)


def mutant_names(copy: Path) -> list[str]:
    """Generate the mutants in ``copy`` (mutmut's own generation step) and name them."""
    script = (
        "from mutmut.__main__ import copy_src_dir, copy_also_copy_files, create_mutants\n"
        "from mutmut.__main__ import walk_mutatable_files, SourceFileMutationData\n"
        "from pathlib import Path\n"
        "Path('mutants').mkdir(exist_ok=True)\n"
        "copy_src_dir(); copy_also_copy_files(); create_mutants(2)\n"
        "for path in walk_mutatable_files():\n"
        "    data = SourceFileMutationData(path=path); data.load()\n"
        "    print('\\n'.join(data.exit_code_by_key))\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", script], cwd=copy, check=True, capture_output=True, text=True
    ).stdout
    return sorted(name for name in found.split() if "__mutmut_" in name)


def results(copy: Path, mutmut: str) -> dict[str, str]:
    """The status of every mutant tried, by name (``mutmut results --all``)."""
    found = subprocess.run(
        [mutmut, "results", "--all", "true"], cwd=copy, check=True, capture_output=True, text=True
    ).stdout
    statuses = {}
    for line in found.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name:
            statuses[name] = status
    return statuses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copy", type=Path, default=Path("/tmp/zsy-mutation"))
    parser.add_argument("--sample", type=int, default=320)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--max-children", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--ref", default="HEAD")
    parser.add_argument(
        "--rerun",
        action="store_true",
        help="keep the copy's results; take the code and tests of --ref and run again the"
        " sampled mutants that were not killed (or whose function changed)",
    )
    args = parser.parse_args()
    mutmut = shutil.which("mutmut") or "mutmut"

    if args.rerun:
        sample = (args.copy / "sample.txt").read_text(encoding="utf-8").split()
        statuses = results(args.copy, mutmut)
        refresh(args.copy, args.ref)
        sample = [name for name in sample if statuses.get(name) not in ("killed", "timeout")]
        print(f"running again the {len(sample)} sampled mutants that were not killed")
    else:
        prepare(args.copy, args.ref)
        names = mutant_names(args.copy)
        sample = sorted(random.Random(args.seed).sample(names, min(args.sample, len(names))))
        print(f"{len(names)} mutants of plays.py and moves.py; running a sample of {len(sample)}")
        (args.copy / "sample.txt").write_text("\n".join(sample) + "\n", encoding="utf-8")
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci")
    command = [mutmut, "run", "--max-children", str(args.max_children), *sample]
    subprocess.run(command, cwd=args.copy, env=env, check=False)

    statuses = results(args.copy, mutmut)
    sample = (args.copy / "sample.txt").read_text(encoding="utf-8").split()
    tried = {name: statuses.get(name, "not checked") for name in sample}
    counts: dict[str, int] = {}
    for status in tried.values():
        counts[status] = counts.get(status, 0) + 1
    print("counts:", ", ".join(f"{status} {count}" for status, count in sorted(counts.items())))
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    tested = killed + counts.get("survived", 0) + counts.get("suspicious", 0)
    if tested:
        print(f"score: {killed}/{tested} = {100 * killed / tested:.1f}% of mutants with covering tests")
    for name, status in sorted(tried.items()):
        if status not in ("killed", "timeout"):
            print(f"  {status}: {name}")


if __name__ == "__main__":
    main()
