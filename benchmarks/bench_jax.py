"""The JAX backend (issue 38): decisions and hands per second, and the checker at scale.

Run: python benchmarks/bench_jax.py [--quick] [--preset NAME] [--batches 64,1024,...] [--json PATH]
     python benchmarks/bench_jax.py --check N [--presets A,B] [--rule-sets M --rule-set-hands K]
                                    [--suited-rule-sets M]

* speed: random self-play of a preset (``--preset``, the default preset unless
  named; ``winner``, ``winner-classic`` and ``two-deck`` run on card-level hands)
  with the batched game
  (``zhengshangyou.jax``) on whatever device JAX finds, at several batch sizes,
  with and without the observation of the seat to act built every step (the mask is
  computed every step in both), finished hands replaced by new deals every
  ``RESET_EVERY`` moves (auto-reset); decisions/s (moves made) and hands/s, the median of several rounds,
  beside the pure-Python engine's random self-play (``State`` moves drawn uniformly,
  as ``bench_game.py``) in the same run.
* ``--check N``: the checker (``zhengshangyou.jax.check_hands``) over N hands of
  every supported preset, or of those ``--presets`` names (half random, half greedy)
  and, with ``--rule-sets M``, over ``--rule-set-hands`` hands of each of M random
  supported rank-only rule sets (``--suited-rule-sets M``: M random rule sets where
  suits matter; ``--from-rule-set K`` resumes a long run at the K-th); prints the
  hands, decisions and disagreements (the acceptance: 0).

No timing is asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

import jax
import jax.numpy as jnp
from bench_game import self_play

from zhengshangyou import Rules
from zhengshangyou.errors import InvalidRulesError
from zhengshangyou.jax import Env, check_hands, make, random_policy
from zhengshangyou.jax.check import supported_rule_sets
from zhengshangyou.rules import PRESETS

#: How often (in moves) the finished hands of a batch are dealt again.
RESET_EVERY = 16


def runner(env: Env, batch: int, steps: int, observe: bool) -> Any:
    """A jitted function: ``steps`` batched random moves with auto-reset; returns the
    decisions made, the hands finished and a checksum of the observations."""
    init, step, observe_one = env.functions
    v_init, v_step, v_observe = jax.vmap(init), jax.vmap(step), jax.vmap(observe_one)

    def run(key: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        key, first = jax.random.split(key)
        state = v_init(jax.random.split(first, batch))

        def body(carry: Any, index: jax.Array) -> Any:
            state, key, decisions, hands, checksum = carry
            key, draw, deal = jax.random.split(key, 3)
            if observe:
                seen = v_observe(state, jnp.maximum(state.current_player, 0))
                checksum = checksum + seen.sum()
            live = ~state.terminated
            state = v_step(state, random_policy(draw, state))
            decisions = decisions + live.sum()
            hands = hands + (state.terminated & live).sum()

            def reset(state: Any) -> Any:
                fresh = v_init(jax.random.split(deal, batch))
                done = state.terminated

                def pick(old: jax.Array, new: jax.Array) -> jax.Array:
                    return jnp.where(done.reshape((batch,) + (1,) * (old.ndim - 1)), new, old)

                return jax.tree_util.tree_map(pick, state, fresh)

            # Finished hands are dealt again every RESET_EVERY moves (a deal costs a
            # shuffle, several moves' worth): a finished entry idles a few moves.
            state = jax.lax.cond(index % RESET_EVERY == 0, reset, lambda state: state, state)
            return (state, key, decisions, hands, checksum), None

        zero = jnp.int32(0)
        carry = (state, key, zero, zero, jnp.float32(0))
        (_, _, decisions, hands, checksum), _ = jax.lax.scan(body, carry, jnp.arange(steps))
        return decisions, hands, checksum

    return jax.jit(run)


def jax_rates(rules: Rules, batch: int, steps: int, rounds: int, observe: bool) -> dict[str, float]:
    run = runner(make(rules), batch, steps, observe)
    start = time.perf_counter()
    jax.block_until_ready(run(jax.random.key(0)))
    compile_s = time.perf_counter() - start
    decisions_s, hands_s = [], []
    for round_ in range(rounds):
        start = time.perf_counter()
        decisions, hands, _ = jax.block_until_ready(run(jax.random.key(round_ + 1)))
        elapsed = time.perf_counter() - start
        decisions_s.append(int(decisions) / elapsed)
        hands_s.append(int(hands) / elapsed)
    return {
        "batch": batch,
        "observe": observe,
        "decisions_per_s": statistics.median(decisions_s),
        "hands_per_s": statistics.median(hands_s),
        "compile_s": compile_s,
    }


def speed(args: argparse.Namespace) -> dict[str, Any]:
    rules = Rules.preset(args.preset)
    python_hands = 20 if args.quick else 200
    seconds, moves = self_play(rules, python_hands, seed=1)
    result: dict[str, Any] = {
        "device": str(jax.devices()[0]),
        "platform": platform.platform(),
        "python": sys.version.split()[0],
        "jax": jax.__version__,
        "preset": args.preset,
        "python_engine": {"decisions_per_s": moves / seconds, "hands_per_s": python_hands / seconds},
        "jax_engine": [],
    }
    print(f"device: {result['device']}, jax {jax.__version__}, {platform.platform()}")
    print(f"preset: {args.preset}")
    print(
        f"pure-Python engine (one core): {moves / seconds:,.0f} decisions/s, "
        f"{python_hands / seconds:,.1f} hands/s ({python_hands} hands)"
    )
    batches = [int(size) for size in args.batches.split(",")]
    for batch in batches:
        for observe in (False, True):
            row = jax_rates(rules, batch, args.steps, args.rounds, observe)
            result["jax_engine"].append(row)
            print(
                f"JAX batch {batch:>7,} {'with' if observe else 'without'} observe: "
                f"{row['decisions_per_s']:>13,.0f} decisions/s, {row['hands_per_s']:>11,.1f} hands/s "
                f"(compiled in {row['compile_s']:.1f} s)"
            )
    return result


def check(args: argparse.Namespace) -> dict[str, Any]:
    reports: list[dict[str, Any]] = []

    def run(name: str, rules: Rules, hands: int) -> None:
        start = time.perf_counter()
        found = decisions = checked = 0
        for policy, count in (("random", hands - hands // 2), ("greedy", hands // 2)):
            if count:
                report = check_hands(rules, count, batch=args.check_batch, seed=args.seed, policy=policy)
                found += len(report.disagreements)
                decisions += report.decisions
                checked += report.hands
                for line in report.disagreements[:5]:
                    print("   ", line)
        row = {"rules": name, "hands": checked, "decisions": decisions, "disagreements": found,
               "seconds": time.perf_counter() - start}
        reports.append(row)
        print(f"{name}: {checked:,} hands, {decisions:,} decisions, {found} disagreements "
              f"({row['seconds']:.0f} s)", flush=True)

    for preset in args.presets.split(",") if args.presets else PRESETS:
        try:
            rules = Rules.preset(preset)
            make(rules)
        except InvalidRulesError as error:
            print(f"{preset}: refused ({', '.join(error.options)})")
            continue
        run(preset, rules, args.check)
    for index, rules in enumerate(supported_rule_sets(args.rule_sets, seed=args.seed)):
        if index >= args.from_rule_set:
            run(f"random rule set {index}: {rules!r}", rules, args.rule_set_hands)
    suited = supported_rule_sets(args.suited_rule_sets, seed=args.seed, suited=True)
    for index, rules in enumerate(suited):
        if index >= args.from_rule_set:
            run(f"random suited rule set {index}: {rules!r}", rules, args.rule_set_hands)
    return {"check": reports}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small batches, few steps and rounds")
    parser.add_argument("--batches", default=None, help="batch sizes, comma-separated")
    parser.add_argument("--steps", type=int, default=None, help="moves a round (each entry)")
    parser.add_argument("--rounds", type=int, default=None)
    parser.add_argument("--preset", default="zhengshangyou", help="the preset the speed run plays")
    parser.add_argument("--check", type=int, default=0, help="check N hands of every supported preset")
    parser.add_argument("--presets", default=None, help="the presets --check checks, comma-separated")
    parser.add_argument("--rule-sets", type=int, default=0, help="and of M random supported rule sets")
    parser.add_argument("--suited-rule-sets", type=int, default=0, help="and of M where suits matter")
    parser.add_argument("--rule-set-hands", type=int, default=1000)
    parser.add_argument("--from-rule-set", type=int, default=0,
                        help="skip the random rule sets before this index (to resume a long run)")
    parser.add_argument("--check-batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args()
    if args.batches is None:
        args.batches = "64,1024" if args.quick else "1,64,1024,4096,16384"
    if args.steps is None:
        args.steps = 100 if args.quick else 400
    if args.rounds is None:
        args.rounds = 3 if args.quick else 5
    checking = args.check or args.rule_sets or args.suited_rule_sets
    result = check(args) if checking else speed(args)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
