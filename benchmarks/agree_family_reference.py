"""The library against the brute-force reference of ``tests/reference_family.py``, at
scale (issue 37, acceptance 2): random positions under each preset of Big Two and
Tiến Lên (FAMILY.md B8, T8) and under random valid option sets; in each, every subset
of the hand read by both, every reading compared with the play to beat, and both views
of ``legal_plays`` checked against the reference.

    python benchmarks/agree_family_reference.py              # 10,000 positions a preset
    python benchmarks/agree_family_reference.py --positions 500 --hand 8   # quicker

Prints, per preset, the positions checked, the disagreements and the seconds taken.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from reference_family import FAMILY_PRESETS, check_position, random_rules
from zhengshangyou import Rules


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000, help="positions per preset (and of random sets)")
    parser.add_argument("--hand", type=int, default=8, help="cards in each hand (2 ** hand subsets each)")
    parser.add_argument("--seed", type=int, default=37)
    options = parser.parse_args(argv)
    failed = 0
    for name in (*FAMILY_PRESETS, "random option sets"):
        rng = random.Random(f"{options.seed}-{name}")
        start = time.process_time()
        problems: list[str] = []
        for _ in range(options.positions):
            rules = random_rules(rng) if name == "random option sets" else Rules.preset(name)
            problems += check_position(rules, rng, options.hand)
        seconds = time.process_time() - start
        print(f"{name:20} {options.positions:6} positions, {len(problems)} disagreements, {seconds:.1f} s CPU")
        for problem in problems[:5]:
            print("   ", problem)
        failed += len(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
