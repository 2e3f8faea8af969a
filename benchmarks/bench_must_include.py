"""The R2.5 listing against the ordinary one (issue 19's must_include pathology).

With ``start_card_must_be_played=True`` a hand's first lead must hold the start
card, and the class view lists the plays holding it. This script times that
listing beside the ordinary listing of the same hands, in the same run, in CPU
time: on hands never seen (a stream of new deals) and on hands seen before (a
search revisiting positions, which the generator's memo serves). It reports the
median of several rounds and the ratio of the two.

    python benchmarks/bench_must_include.py            # 400 deals, 5 rounds
    python benchmarks/bench_must_include.py --quick    # 100 deals, 3 rounds

Before the kept tables of a pinned card (``moves.pinned_tables``), each such
listing built its tables afresh: 1.1-1.4 ms against 17-58 us for an ordinary one.
"""

from __future__ import annotations

import argparse
import statistics
import time

from buildinfo import describe, use_checkout

use_checkout()

from zhengshangyou import Rules, State  # noqa: E402
from zhengshangyou.moves import legal_plays  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    deals, rounds = (100, 3) if arguments.quick else (400, 5)
    print(describe())
    rules = Rules(first_lead="start_card", start_card_must_be_played=True)
    results: dict[str, list[float]] = {"fresh": [], "fresh ordinary": [], "seen": [], "seen ordinary": []}
    for round_number in range(rounds):
        # New deals each round: the first pass meets every hand for the first time.
        states = [State.new(rules, seed=round_number * deals + seed) for seed in range(deals)]
        positions = [(state.hands[state.to_act], state.must_include) for state in states]
        for label, with_card in (("fresh", True), ("fresh ordinary", False), ("seen", True), ("seen ordinary", False)):
            if label.startswith("seen"):
                for hand, card in positions:  # visit once more: the memo keeps a position from its second visit
                    list(legal_plays(hand, rules, must_include=card if with_card else None))
            start = time.process_time()
            for hand, card in positions:
                list(legal_plays(hand, rules, must_include=card if with_card else None))
            results[label].append((time.process_time() - start) / deals * 1e6)
    medians = {label: statistics.median(times) for label, times in results.items()}
    print(f"{deals} deals, {rounds} rounds, median CPU time per listing of a first lead (start card 3D must be played)")
    for kind in ("fresh", "seen"):
        card, plain = medians[kind], medians[f"{kind} ordinary"]
        print(f"  {kind:5} hands: must include {card:8.1f} us   ordinary {plain:8.1f} us   ratio {card / plain:.2f}")


if __name__ == "__main__":
    main()
