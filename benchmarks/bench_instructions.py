"""Instructions per hand of random self-play, counted by callgrind: a figure that does
not move with the machine's load.

Run: python benchmarks/bench_instructions.py [--hands N] [--pythonpath DIR] [--workload W]

Needs valgrind (Debian's package ``valgrind``). The workload is the engine-only loop
of ``bench_game.py`` and ``bench_peers.py`` (default rules, four players, each move
drawn uniformly from the legal moves), after 5 warm-up hands; it runs twice under
``valgrind --tool=callgrind``, once with no timed hand and once with ``--hands``
hands, and the difference over the hands is the figure, so the interpreter's start
and the imports do not count. ``--pythonpath`` puts another copy of the library
first (an older commit's ``src``, to compare two versions); ``PYTHONHASHSEED`` is
fixed, so the same copy gives the same count. Instructions are not seconds (a cache
miss costs more than an add), but a change that halves them roughly halves the time
too, and the count repeats to a few parts in a thousand where timings here drift by
tens of percent. Two copies whose code differs only off the measured path can still
differ by a few percent, though (two compiled wheels, class-view leads: 4%), probably
because their objects sit at other addresses and ``Kind`` hashes by identity: read
differences of that size between copies as noise.

``--workload rank-plays`` counts instead the instructions of one
``rank_plays(rules).legal(hand, to_beat)`` (default rules), leads and answers apart,
on every position of ``--hands`` seeded random games (60 unless given), each
position asked once to warm the memos, then counted once more.

``--workload search`` counts the instructions of one ``ISMCTSBot(60).choose`` (default
rules), over the decisions of seat 0 in seeded games against three ``HeuristicBot``
copies (``--hands`` decisions, 20 unless given; 3 first to warm up), as
``bench_search.py`` times them; the figure a decision includes its share of the
games' other moves, a small part of it.
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

# The positions of seeded random games; then, when asked (argv[2] == "1"), every
# position's rank plays once more, leads or answers (argv[1]) only.
RANK_PLAYS = """
import random, sys
from zhengshangyou import Rules, State, rank_plays
rules = Rules()
space = rank_plays(rules)
chooser = random.Random(5)
positions = []
for number in range(int(sys.argv[3])):
    state = State.new(rules, seed=number)
    while state.phase == "play":
        if (state.top is None) == (sys.argv[1] == "leads"):
            positions.append((state.hands[state.to_act], state.top))
        state = state.play(chooser.choice(list(state.legal_moves())))
for hand, top in positions:
    space.legal(hand, top)
if sys.argv[2] == "1":
    for hand, top in positions:
        space.legal(hand, top)
print(len(positions), file=sys.stderr)
"""


# ISMCTS decisions of seat 0 in games against heuristic bots, bench_search's own loop
# (ms_per_move, 60 iterations a move): 3 to warm up, then argv[1] (at least 1: the
# loop summarises its timings).
SEARCH = """
import sys
sys.path.insert(0, sys.argv[2])
from bench_search import ms_per_move
ms_per_move(60, 3, 1)
ms_per_move(60, int(sys.argv[1]), 2)
"""


def instructions(hands: int, pythonpath: str | None) -> int:
    """The instructions callgrind counts for the workload with ``hands`` timed hands."""
    return counted(WORKLOAD, [str(hands)], pythonpath)[0]


def hand_instructions(hands: int, pythonpath: str | None) -> float:
    """The instructions of one hand of random self-play, over ``hands`` hands."""
    return (instructions(hands, pythonpath) - instructions(0, pythonpath)) / hands


def search_instructions(decisions: int, pythonpath: str | None) -> float:
    """The instructions of one ISMCTS decision, over ``decisions`` decisions."""
    here = os.path.dirname(os.path.abspath(__file__))
    base = counted(SEARCH, ["1", here], pythonpath)[0]
    total = counted(SEARCH, [str(decisions + 1), here], pythonpath)[0]
    return (total - base) / decisions


def counted(code: str, arguments: list[str], pythonpath: str | None) -> tuple[int, str]:
    """The instructions callgrind counts for ``code`` run with ``arguments``, and the
    last line the code printed to stderr."""
    environment = dict(os.environ, PYTHONHASHSEED="0")
    if pythonpath:
        environment["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            sys.executable, "-c", code, *arguments,
        ],
        capture_output=True, text=True, env=environment, check=True,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    printed = [line for line in done.stderr.splitlines() if not line.startswith("==")]
    return int(found.group(1)), printed[-1] if printed else ""


def rank_play_instructions(games: int, pythonpath: str | None) -> None:
    """Print the instructions of one rank-play lead and of one answer."""
    for which in ("leads", "answers"):
        base, _ = counted(RANK_PLAYS, [which, "0", str(games)], pythonpath)
        total, printed = counted(RANK_PLAYS, [which, "1", str(games)], pythonpath)
        positions = int(printed)
        print(f"{(total - base) / positions / 1e3:.1f} thousand instructions a rank-play "
              f"{which[:-1]} ({positions:,} {which} of {games} random games, default rules, callgrind)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int,
                        help="timed hands (default 20; games for rank-plays, 60; decisions for search, 20)")
    parser.add_argument("--pythonpath", help="a copy of the library to put first on the path")
    parser.add_argument("--workload", choices=("games", "rank-plays", "search"), default="games",
                        help="whole random games (default), the rank plays of their positions,"
                        " or ISMCTS decisions")
    arguments = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)", file=sys.stderr)
        return 2
    if arguments.workload == "rank-plays":
        rank_play_instructions(arguments.hands or 60, arguments.pythonpath)
        return 0
    arguments.hands = arguments.hands or 20
    if arguments.workload == "search":
        per_decision = search_instructions(arguments.hands, arguments.pythonpath)
        print(f"{per_decision / 1e6:.1f} million instructions an ISMCTS decision "
              f"({arguments.hands} decisions, 60 iterations each, default rules, callgrind)")
        return 0
    per_hand = hand_instructions(arguments.hands, arguments.pythonpath)
    print(f"{per_hand / 1e6:.2f} million instructions a hand "
          f"({arguments.hands} hands of random self-play, default rules, callgrind)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
