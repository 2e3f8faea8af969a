"""Issue 19's pathologies: first-play latency, card-view memory, cold costs.

Three parts, each printed as a table (the progress goes to stderr):

1. First play: ``next(iter(legal_plays(hand, rules, view=...)))`` on the largest
   hand a real game deals, for every preset (2 players and the preset's own
   count) and for random rule sets (2 players, two decks where the options allow),
   in both views, warm (the rule set already used) and cold
   (``RulesCache.forget()`` before each timing): median, 90th percentile and max
   over seeded hands, how many take over 10 ms, and the worst hands.
2. Card-view memory: the ``tracemalloc`` peak while reading the first K plays of
   the card view (two-deck preset: the whole 108-card deck as one hand, and a
   dealt 54-card hand), for each K.
3. Cold costs: the first ``rank_plays(rules)`` of a rule set, and its first
   class-view calls, after ``RulesCache.forget()`` (median of a few repetitions).

    python benchmarks/bench_pathologies.py                  # full run: a few minutes
    python benchmarks/bench_pathologies.py --quick          # smoke run: under a minute
    python benchmarks/bench_pathologies.py --json out.json  # also every number as JSON

Timings are wall-clock (``time.perf_counter``) with the cyclic garbage collector
off during each timing: a full collection's pause belongs to the program's heap
(everything it keeps), not to the generator, and would land on whichever call
happens to trip it. A hand of seed S is ``deal(rules, S, size)`` below.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from buildinfo import describe, use_checkout

ROOT = Path(__file__).resolve().parent.parent
use_checkout()

from zhengshangyou import Hand, Rules  # noqa: E402
from zhengshangyou.moves import legal_plays  # noqa: E402
from zhengshangyou.rankplays import rank_plays  # noqa: E402
from zhengshangyou.rules import RulesCache, option_help  # noqa: E402

VIEWS = ("classes", "cards")
STATES = ("warm", "cold")
#: Seed offsets: the warm sample, the cold sample, the warm-up hands and part 3's
#: hands never share a hand.
COLD_SEEDS, WARMUP_SEEDS, PART3_SEEDS = 100_000, 200_000, 300_000
#: The longest run (R10): the ceiling of the "N or more" options when drawn.
LONGEST_RUN = 13
#: Every kind on, at its most plays, two decks: beside the presets in part 1.
ALL_KINDS_OPTIONS: dict[str, Any] = {
    "decks": 2, "suit_order": "DCHS", "singles_by_suit": True, "pairs_by_suit": True,
    "straights_by_suit": True, "full_house": True, "triple_with_single": True,
    "four_of_a_kind": "bomb_with_kicker", "min_straight": 3, "min_pair_run": 2, "min_triple_run": 2,
    "straight_flush": "bomb", "joker_bomb": True, "joker_pairs": True,
    "airplane_wings": "singles_or_pairs", "run_order": "either_end",
}
#: The most hands listed one by one in 1d (the JSON holds them all).
MOST_LISTED = 200
#: Part 2 keeps the K plays in a list (for contrast) only up to this K.
MOST_KEPT = 100_000


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------
# Hands, timings, summaries


def largest_deal(rules: Rules) -> int:
    """The most cards R2.2 deals one seat: ``deck_size // players``, one more when
    the deck does not divide evenly (54 cards to 4 seats: 14, 14, 13, 13)."""
    return -(-rules.deck_size // rules.players)


def deal(rules: Rules, seed: int, size: int) -> Hand:
    """The first ``size`` cards of ``rules.deck()`` shuffled by ``random.Random(seed)``."""
    deck = list(rules.deck())
    random.Random(seed).shuffle(deck)
    return Hand(deck[:size])


def timed(call: Callable[[], object]) -> tuple[float, float]:
    """``call()``'s wall-clock time and this thread's CPU time, in ms, with the
    garbage collector off meanwhile. Wall minus CPU is time the thread was not
    running (another process had the CPU, or a page fault waited)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        cpu = time.thread_time_ns()
        start = time.perf_counter()
        call()
        elapsed = time.perf_counter() - start
        cpu = time.thread_time_ns() - cpu
    finally:
        if enabled:
            gc.enable()
    return elapsed * 1e3, cpu / 1e6


def timed_ms(call: Callable[[], object]) -> float:
    """``call()``'s wall-clock time in ms, with the garbage collector off meanwhile."""
    return timed(call)[0]


def first_play(hand: Hand, rules: Rules, view: str) -> Callable[[], object]:
    return lambda: next(iter(legal_plays(hand, rules, view=view)), None)  # type: ignore[arg-type]


def listing(hand: Hand, rules: Rules) -> Callable[[], object]:
    return lambda: list(legal_plays(hand, rules))


def summary(values: Sequence[float], limit: float) -> dict[str, float]:
    ordered = sorted(values)
    p90 = statistics.quantiles(ordered, n=10, method="inclusive")[8] if len(ordered) > 1 else ordered[0]
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p90": p90,
        "max": ordered[-1],
        "over": sum(value > limit for value in ordered),
    }


def options_text(rules: Rules) -> str:
    """The options that differ from the defaults, as ``name=value`` words."""
    default = Rules().to_dict()
    changed = [f"{name}={value}" for name, value in rules.to_dict().items() if value != default[name]]
    return " ".join(changed) or "(defaults)"


# --------------------------------------------------------------------------------------
# Random rule sets, from each option's documented values (``option_help(name).allowed``)


def choice_of(values: Sequence[Any]) -> Callable[[random.Random], Any]:
    return lambda rng: rng.choice(values)


def suit_order(rng: random.Random) -> str | None:
    return rng.choice((None, "".join(rng.sample("DCHS", 4))))


def at_least(low: int) -> Callable[[random.Random], int]:
    """Half the time ``low`` (the most plays), else any value up to the longest run."""
    return lambda rng: low if rng.random() < 0.5 else rng.randint(low, LONGEST_RUN)


def value_pools() -> tuple[dict[str, Callable[[random.Random], Any]], list[str]]:
    """How to draw each option, read from the words of ``option_help(name).allowed``;
    and the options whose words say nothing drawable (kept at their defaults)."""
    pools: dict[str, Callable[[random.Random], Any]] = {}
    kept: list[str] = []
    for name in Rules.option_names():
        text = option_help(name).allowed
        quoted = re.findall(r'"([^"]+)"', text)
        more = re.match(r"(\d+) or more", text)
        if text.startswith("True, False"):
            pools[name] = choice_of((True, False))
        elif "four suits" in text:  # None, or a permutation of the suits
            pools[name] = suit_order
        elif text.startswith("any card of the deck"):
            pools[name] = choice_of(tuple(str(card) for card in Rules().deck()))
        elif more:
            pools[name] = at_least(int(more.group(1)))
        elif quoted and not text.startswith("None"):
            pools[name] = choice_of(tuple(quoted))
        elif name not in ("players", "decks"):  # those two are fixed anyway
            kept.append(name)
    return pools, kept


def random_rule_sets(count: int, seed: int) -> tuple[list[Rules], int]:
    """``count`` valid rule sets, every drawable option drawn, 2 players, two decks
    (one deck when the draw forbids two, as ``triple_bomb`` does); and how many
    draws were skipped as invalid under both (R10 refuses them with a ValueError)."""
    pools, _ = value_pools()
    rng = random.Random(f"{seed}:rules")
    found: list[Rules] = []
    skipped = 0
    while len(found) < count and skipped < 1000 * count:
        options = {name: draw(rng) for name, draw in pools.items()}
        for decks in (2, 1):
            try:
                found.append(Rules(**{**options, "players": 2, "decks": decks}))
                break
            except ValueError:
                continue
        else:
            skipped += 1
    return found, skipped


# --------------------------------------------------------------------------------------
# Part 1: first play


def first_play_case(
    rules: Rules, view: str, hands: int, cold_hands: int, warmup: int, seed: int
) -> dict[str, list[tuple[int, float, float]]]:
    """(seed, wall ms, CPU ms) of each timed hand, warm and cold. Cold: ``RulesCache.forget()``
    before each timing, on hands of their own. Warm: after ``warmup`` untimed first
    plays in the same view on other hands, each timed hand new to the memo."""
    size = largest_deal(rules)
    cold: list[tuple[int, float, float]] = []
    for index in range(cold_hands):
        hand_seed = seed + COLD_SEEDS + index
        hand = deal(rules, hand_seed, size)
        RulesCache.forget()
        cold.append((hand_seed, *timed(first_play(hand, rules, view))))
    RulesCache.forget()
    for index in range(warmup):
        first_play(deal(rules, seed + WARMUP_SEEDS + index, size), rules, view)()
    warm: list[tuple[int, float, float]] = []
    for index in range(hands):
        hand_seed = seed + index
        hand = deal(rules, hand_seed, size)
        warm.append((hand_seed, *timed(first_play(hand, rules, view))))
    return {"warm": warm, "cold": cold}


def run_first_plays(
    cases: list[tuple[str, Rules]], args: argparse.Namespace, hands: int, cold_hands: int
) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for label, rules in cases:
        started = time.perf_counter()
        for view in VIEWS:
            timings = first_play_case(rules, view, hands, cold_hands, args.warmup, args.seed)
            for state in STATES:
                rows.append({
                    "label": label,
                    "options": options_text(rules),
                    "players": rules.players,
                    "decks": rules.decks,
                    "cards": largest_deal(rules),
                    "view": view,
                    "state": state,
                    "summary": summary([ms for _, ms, _ in timings[state]], args.limit_ms),
                    "cpu_summary": summary([cpu for _, _, cpu in timings[state]], args.limit_ms),
                    "hands": [[hand_seed, round(ms, 4), round(cpu, 4)] for hand_seed, ms, cpu in timings[state]],
                })
        log(f"  first play: {label}, {rules.players} players: {time.perf_counter() - started:.1f} s")
    return rows


def slowest(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every timed hand of ``rows``, slowest first, one record each."""
    every = [
        {key: row[key] for key in ("label", "options", "players", "cards", "view", "state")}
        | {"seed": hand_seed, "ms": ms, "cpu_ms": cpu}
        for row in rows
        for hand_seed, ms, cpu in row["hands"]
    ]
    every.sort(key=lambda record: -record["ms"])
    return every


# --------------------------------------------------------------------------------------
# Part 2: card-view memory


def card_view_memory(rules: Rules, hand: Hand, counts: Sequence[int]) -> list[dict[str, Any]]:
    """For each K: the tracemalloc peak (above what was held before) while reading
    the first K plays of the card view one at a time, each dropped once read; what
    is still held after; and the same peak when the K plays are kept in a list
    (up to ``MOST_KEPT``).
    Before each, ``RulesCache.forget()`` and one untimed first play, so every K
    starts from the same state: the rule set's tables built, nothing more."""
    results: list[dict[str, Any]] = []
    for count in counts:
        measured: dict[str, Any] = {"k": count}
        for keep in (False, True) if count <= MOST_KEPT else (False,):
            RulesCache.forget()
            next(iter(legal_plays(hand, rules, view="cards")))
            gc.collect()
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            kept: list[object] = []
            read, last = 0, None
            started = time.perf_counter()
            for play in itertools.islice(legal_plays(hand, rules, view="cards"), count):
                read += 1
                last = play
                if keep:
                    kept.append(play)
            seconds = time.perf_counter() - started
            current, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            if keep:
                measured["kept_peak_bytes"] = peak - base
            else:
                measured |= {
                    "read": read,
                    "peak_bytes": peak - base,
                    "held_after_bytes": current - base,
                    "kind_at_k": None if last is None else last.kind.name.lower(),
                    "seconds_traced": seconds,
                }
            del kept, last
        results.append(measured)
    return results


# --------------------------------------------------------------------------------------
# Part 3: cold costs


def cold_costs(label: str, rules: Rules, repeat: int, seed: int) -> dict[str, Any]:
    """Median ms of ``repeat`` repetitions, each after ``RulesCache.forget()``: the
    first ``rank_plays(rules)``; the class-view tables alone (an empty hand's
    listing); the first class-view listing and first play of a dealt hand; and, for
    contrast, the listing of another hand right after (the rule set used once)."""
    size = largest_deal(rules)
    measured: dict[str, list[float]] = {
        "rank_plays": [], "tables": [], "first_play": [], "first_listing": [], "second_listing": []
    }
    space = 0
    for index in range(repeat):
        RulesCache.forget()
        gc.collect()
        measured["rank_plays"].append(timed_ms(lambda: rank_plays(rules)))
        space = len(rank_plays(rules))
        RulesCache.forget()
        measured["tables"].append(timed_ms(listing(Hand(()), rules)))
        hand = deal(rules, seed + PART3_SEEDS + 2 * index, size)
        RulesCache.forget()
        measured["first_play"].append(timed_ms(first_play(hand, rules, "classes")))
        RulesCache.forget()
        measured["first_listing"].append(timed_ms(listing(hand, rules)))
        other = deal(rules, seed + PART3_SEEDS + 2 * index + 1, size)
        measured["second_listing"].append(timed_ms(listing(other, rules)))
    log(f"  cold costs: {label}: rank plays {statistics.median(measured['rank_plays']):.1f} ms")
    return {
        "label": label,
        "options": options_text(rules),
        "players": rules.players,
        "cards": size,
        "space": space,
        "median_ms": {key: statistics.median(values) for key, values in measured.items()},
        "ms": measured,
    }


# --------------------------------------------------------------------------------------
# Output


def environment() -> dict[str, Any]:
    affinity = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    commit = dirty = None
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = bool(subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=ROOT,
                                    capture_output=True, text=True, check=True).stdout.strip())
    except (OSError, subprocess.CalledProcessError):
        pass
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "cpus_usable": affinity,
        "commit": commit,
        "src_uncommitted_changes": dirty,
    }


def load() -> list[float] | None:
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except OSError:
        return None


def print_first_plays(rows: list[dict[str, Any]], title: str, limit: float) -> None:
    print(f"\n{title}")
    header = (f"  {'rule set':16} {'pl':>2} {'cards':>5}  {'view':7} {'state':5} {'n':>4}"
              f"  {'median':>8} {'p90':>8} {'max':>8}  >{limit:g}ms  | cpu: {'p90':>7} {'max':>7}  >{limit:g}ms")
    print(header)
    print("  " + "-" * (len(header) - 2))
    for row in rows:
        s, c = row["summary"], row["cpu_summary"]
        print(f"  {row['label']:16} {row['players']:>2} {row['cards']:>5}  {row['view']:7} {row['state']:5}"
              f" {s['n']:>4}  {s['median']:8.3f} {s['p90']:8.3f} {s['max']:8.3f}  {s['over']:>5}"
              f"  |      {c['p90']:7.3f} {c['max']:7.3f}  {c['over']:>5}")


def print_random_sets(rows: list[dict[str, Any]], limit: float) -> None:
    """One line per random rule set: median / max ms of each view and state."""
    print(f"\n1b. First play, random rule sets (2 players): median / max ms; [k] = hands over {limit:g} ms")
    columns = [(view, state) for view in VIEWS for state in STATES]
    print(f"  {'rule set':10} {'dk':>2} {'cards':>5}  "
          + "  ".join(f"{view + ' ' + state:>19}" for view, state in columns))
    by_label: dict[str, dict[tuple[str, str], dict[str, Any]]] = {}
    for row in rows:
        by_label.setdefault(row["label"], {})[(row["view"], row["state"])] = row
    for label, cells in by_label.items():
        first = next(iter(cells.values()))
        texts = []
        for column in columns:
            s = cells[column]["summary"]
            flag = f" [{s['over']}]" if s["over"] else ""
            texts.append(f"{s['median']:7.3f} / {s['max']:7.3f}{flag}".rjust(19))
        print(f"  {label:10} {first['decks']:>2} {first['cards']:>5}  " + "  ".join(texts))
    print("\n  Over all random rule sets:")
    for view, state in columns:
        cell = [hand for row in rows if (row["view"], row["state"]) == (view, state) for hand in row["hands"]]
        s = summary([hand[1] for hand in cell], limit)
        cpu_over = sum(hand[2] > limit for hand in cell)
        sets = sum(1 for cells in by_label.values() if cells[(view, state)]["summary"]["over"])
        print(f"    {view:7} {state:5} {s['n']:>6} hands: median {s['median']:.3f}  p90 {s['p90']:.3f}"
              f"  max {s['max']:.3f} ms;  {s['over']} hands over {limit:g} ms ({cpu_over} by CPU time),"
              f" in {sets} rule sets")


def print_hands(title: str, records: list[dict[str, Any]]) -> None:
    print(f"\n{title}")
    print(f"  {'ms':>8} {'cpu ms':>8}  {'view':7} {'state':5} {'rule set':16} {'pl':>2} {'cards':>5} {'seed':>7}")
    for record in records:
        print(f"  {record['ms']:8.3f} {record['cpu_ms']:8.3f}  {record['view']:7} {record['state']:5}"
              f" {record['label']:16} {record['players']:>2} {record['cards']:>5} {record['seed']:>7}")


def megabytes(value: int) -> str:
    return f"{value / 1e6:8.2f}"


# --------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: fewer hands, rule sets, repetitions")
    parser.add_argument("--json", metavar="PATH", help="also write every number as JSON")
    parser.add_argument("--hands", type=int, help="timed hands per case and state (default 200, quick 30)")
    parser.add_argument("--rule-sets", type=int, help="random rule sets (default 40, quick 8)")
    parser.add_argument("--random-hands", type=int, help="hands per random rule set and state (default --hands)")
    parser.add_argument("--warmup", type=int, default=20, help="untimed first plays before the warm sample (20)")
    parser.add_argument("--repeat", type=int, help="repetitions of each cold cost of part 3 (default 5, quick 3)")
    parser.add_argument("--memory-k", type=int, nargs="+", metavar="K",
                        help="plays read in part 2 (default 10000 100000 1000000, quick 10000 100000)")
    parser.add_argument("--limit-ms", type=float, default=10.0, help="the latency to flag (10 ms)")
    parser.add_argument("--worst", type=int, default=15, help="worst hands to print (15)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # tables between progress lines
    hands = args.hands or (30 if args.quick else 200)
    rule_set_count = args.rule_sets if args.rule_sets is not None else (8 if args.quick else 40)
    random_hands = args.random_hands or hands
    repeat = args.repeat or (3 if args.quick else 5)
    memory_k = args.memory_k or ([10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000])
    limit = args.limit_ms

    env = environment()
    load_start = load()
    started = time.perf_counter()
    print("bench_pathologies: issue 19's pathologies (first play, card-view memory, cold costs)")
    print(f"Python {env['python']} on {env['platform']}; {env['cpus']} CPUs"
          f" ({env['cpus_usable']} usable); load average at start {load_start}")
    print(f"commit {env['commit']}" + (" + uncommitted changes in src/" if env["src_uncommitted_changes"] else ""))
    print(describe())
    print(f"settings: {hands} hands per case and state, {rule_set_count} random rule sets x {random_hands} hands,"
          f" {args.warmup} warm-up hands, {repeat} repetitions in part 3, seed {args.seed}"
          + (" (--quick)" if args.quick else ""))
    print("Wall-clock (perf_counter), garbage collector off during each timing: a full collection's"
          " pause is the program's heap, not the generator.\ncpu = the thread's CPU time of the same"
          " call (thread_time): wall far above it means the process was not running (machine load).")

    # Part 1: presets, then random rule sets.
    log("part 1: first play")
    preset_cases: list[tuple[str, Rules]] = []
    for name in Rules.preset_names():
        own = Rules.preset(name).players
        for players in dict.fromkeys((2, own)):
            preset_cases.append((name, Rules.preset(name, players=players)))
    preset_cases.append(("all-kinds", Rules(players=2, **ALL_KINDS_OPTIONS)))
    preset_rows = run_first_plays(preset_cases, args, hands, hands)
    random_sets, skipped = random_rule_sets(rule_set_count, args.seed)
    random_cases = [(f"random#{index:02}", rules) for index, rules in enumerate(random_sets)]
    random_rows = run_first_plays(random_cases, args, random_hands, random_hands)

    print_first_plays(
        preset_rows,
        "1a. First play, presets and all-kinds (every kind on, two decks):"
        " next(iter(legal_plays(hand, rules, view=...))), ms,\n"
        f"    on the largest deal, {hands} seeded hands per state (warm: after {args.warmup} untimed"
        f" first plays on other hands;\n    cold: RulesCache.forget() before each timing, {hands} other hands)",
        limit,
    )
    print(f"  all-kinds: {options_text(preset_cases[-1][1])}")
    _, kept = value_pools()
    print_random_sets(random_rows, limit)
    print(f"\n  Drawn from option_help(name).allowed ({skipped} invalid draws skipped;"
          f" kept at their defaults: {', '.join(kept) or 'none'}):")
    for label, rules in random_cases:
        print(f"    {label}: {options_text(rules)}")

    every = slowest(preset_rows + random_rows)
    over = [record for record in every if record["ms"] > limit]
    print_hands(f"1c. The {min(args.worst, len(every))} slowest first plays of part 1"
                " (hand = deal(rules, seed, cards))", every[: args.worst])
    if over:
        shown = "" if len(over) <= MOST_LISTED else f", the slowest {MOST_LISTED} shown (the JSON has all)"
        by_cpu = sum(record["cpu_ms"] > limit for record in every)
        print_hands(f"1d. Every first play over {limit:g} ms of wall-clock time ({len(over)}{shown});"
                    f" {by_cpu} over {limit:g} ms of CPU time", over[:MOST_LISTED])
    else:
        print(f"\n1d. No first play over {limit:g} ms (of {len(every)}).")

    # Part 2: card-view memory.
    log("part 2: card-view memory")
    two_deck = Rules.preset("two-deck", players=2)
    memory = {
        "the whole deck (108 cards)": card_view_memory(two_deck, Hand(two_deck.deck()), memory_k),
        f"a dealt 54-card hand (seed {args.seed})": card_view_memory(two_deck, deal(two_deck, args.seed, 54), memory_k),
    }
    print("\n2. Card-view memory, two-deck preset: tracemalloc peak (MB above the start) while reading the"
          " first K plays one at a time;\n   held after = still allocated once K are read (memo, generator);"
          " kept = the peak when the K plays are kept in a list (for contrast)")
    print(f"  {'hand':32} {'K':>9} {'peak MB':>8} {'x prev K':>8} {'held after':>10} {'kept MB':>8}"
          f"  {'kind at K':16} {'s traced':>8}")
    for label, results in memory.items():
        previous = None
        for result in results:
            kept_mb = megabytes(result["kept_peak_bytes"]) if "kept_peak_bytes" in result else f"{'-':>8}"
            growth = f"{result['peak_bytes'] / previous:8.2f}" if previous else f"{'':8}"
            previous = result["peak_bytes"]
            print(f"  {label:32} {result['k']:>9,} {megabytes(result['peak_bytes'])} {growth}"
                  f" {megabytes(result['held_after_bytes']):>10} {kept_mb}"
                  f"  {result['kind_at_k'] or '-':16} {result['seconds_traced']:8.2f}")

    # Part 3: cold costs.
    log("part 3: cold costs")
    cold_sets = [(name, Rules.preset(name)) for name in Rules.preset_names()]
    for decks in (1, 2):
        for wings in ("singles", "pairs"):
            cold_sets.append((f"{decks}d wings={wings}", Rules(decks=decks, airplane_wings=wings)))
    cold_sets.append(("two-deck w=singl", Rules.preset("two-deck", airplane_wings="singles")))
    cold = [cold_costs(label, rules, repeat, args.seed) for label, rules in cold_sets]
    print(f"\n3. Cold costs, ms, median of {repeat} (each after RulesCache.forget()): the first"
          " rank_plays(rules) (space = its rank plays);\n   class view: its tables alone (an empty hand's"
          " listing), the first play and the whole listing of a first dealt hand,\n   and the listing of"
          " another hand right after (the rule set used once)")
    print(f"  {'rule set':16} {'pl':>2} {'cards':>5} {'space':>7} {'rank_plays':>10}  {'tables':>7}"
          f" {'1st play':>8} {'1st list':>8} {'2nd list':>8}")
    for row in cold:
        m = row["median_ms"]
        print(f"  {row['label']:16} {row['players']:>2} {row['cards']:>5} {row['space']:>7,} {m['rank_plays']:10.2f}"
              f"  {m['tables']:7.2f} {m['first_play']:8.2f} {m['first_listing']:8.2f} {m['second_listing']:8.2f}")
    for row in cold:
        print(f"    {row['label']}: {row['options']}")

    load_end = load()
    total = time.perf_counter() - started
    print(f"\nload average at end {load_end}; {total:.0f} s in all")

    if args.json:
        data = {
            "environment": env,
            "load_start": load_start,
            "load_end": load_end,
            "seconds": total,
            "settings": {
                "hands": hands, "rule_sets": rule_set_count, "random_hands": random_hands,
                "warmup": args.warmup, "repeat": repeat, "memory_k": memory_k,
                "limit_ms": limit, "seed": args.seed, "quick": args.quick,
            },
            "first_play": {"presets": preset_rows, "random": random_rows, "random_skipped": skipped,
                           "random_kept_defaults": kept, "over_limit": over},
            "card_view_memory": memory,
            "cold_costs": cold,
        }
        Path(args.json).write_text(json.dumps(data, indent=1) + "\n")
        log(f"wrote {args.json}")


if __name__ == "__main__":
    main()
