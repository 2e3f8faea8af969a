"""Train a small policy on the batched JAX game, then measure it with the library's tournament.

The learner sits at seat 0 of a batch of hands (``zhengshangyou.jax``, default rules,
four players); the other seats play uniformly random legal moves. Its policy is a
softmax over the legal action ids, linear in the observation of its seat
(``env.observe``: the same array as ``zhengshangyou.envs.encode``). It is trained by
REINFORCE with a running baseline, in plain JAX (a hand-written Adam): a whole batch
of hands is played in one ``jax.lax.scan``, then one gradient step is taken on the
learner's decisions, weighted by how much better than usual its hand's score was.

Then the trained policy becomes a bot of the reference engine (its ``choose`` encodes
the observation, takes the best legal id and decodes it with ``ActionSpace``), and
:func:`zhengshangyou.tournament.tournament` seats it against three ``RandomBot``s and
against three ``HeuristicBot``s on duplicate deals: its win rate (first out) and mean
score, with 95% intervals, against the 1 in 4 a random seat wins.

Run:
    python examples/jax_train.py                 # 300 steps of 256 hands, then 400-hand tournaments
    python examples/jax_train.py --short         # seconds of training: checks that it runs (CI)
    python examples/jax_train.py --csv curve.csv # the training curve as CSV (step, mean score)

Needs the ``[jax]`` extra (CPU JAX is enough). No plotting library is needed: the
curve is printed as a table, and written as CSV with ``--csv``.
"""

from __future__ import annotations

import argparse
import csv
import time
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from zhengshangyou import ActionSpace, Rules
from zhengshangyou.envs import encode
from zhengshangyou.game import Observation
from zhengshangyou.jax import Env, make, random_policy
from zhengshangyou.tournament import tournament

Params = dict[str, jax.Array]


def init_params(env: Env) -> Params:
    return {
        "weights": jnp.zeros((env.observation_size, env.num_actions), dtype=jnp.float32),
        "bias": jnp.zeros(env.num_actions, dtype=jnp.float32),
    }


def logits(params: Params, seen: jax.Array, mask: jax.Array) -> jax.Array:
    scores = seen @ params["weights"] + params["bias"]
    return jnp.where(mask, scores, -1e9)


def make_train_step(env: Env, batch: int, learning_rate: float) -> Any:
    """One jitted step: play ``batch`` hands, then one Adam step of REINFORCE."""
    init, step, observe = env.functions
    v_init, v_step, v_observe = jax.vmap(init), jax.vmap(step), jax.vmap(observe)
    length = env.rules.max_moves

    def play(params: Params, key: jax.Array) -> tuple[dict[str, jax.Array], jax.Array]:
        key, deal = jax.random.split(key)
        state = v_init(jax.random.split(deal, batch))

        def one(carry: Any, _: Any) -> Any:
            state, key = carry
            key, mine, theirs = jax.random.split(key, 3)
            seen = v_observe(state, jnp.zeros(batch, dtype=jnp.int32))
            learner = (state.current_player == 0) & ~state.terminated
            chosen = jax.random.categorical(mine, logits(params, seen, state.legal_action_mask))
            action = jnp.where(learner, chosen, random_policy(theirs, state))
            after = v_step(state, action)
            record = {"seen": seen, "mask": state.legal_action_mask, "action": action, "learner": learner}
            return (after, key), (record, after.rewards[:, 0])

        (_, _), (records, rewards) = jax.lax.scan(one, (state, key), None, length=length)
        return records, rewards.sum(axis=0)  # the learner's score of each hand

    def loss(params: Params, records: dict[str, jax.Array], advantage: jax.Array) -> jax.Array:
        chosen = jax.nn.log_softmax(logits(params, records["seen"], records["mask"]))
        picked = jnp.take_along_axis(chosen, records["action"][..., None], axis=-1)[..., 0]
        return -jnp.sum(jnp.where(records["learner"], picked, 0.0) * advantage[None, :]) / batch

    def train(state: dict[str, Any], key: jax.Array) -> tuple[dict[str, Any], jax.Array]:
        params, baseline = state["params"], state["baseline"]
        records, scores = play(params, key)
        advantage = (scores - baseline) / 20.0
        grads = jax.grad(loss)(params, records, advantage)
        count = state["count"] + 1
        first = jax.tree_util.tree_map(lambda m, g: 0.9 * m + 0.1 * g, state["first"], grads)
        second = jax.tree_util.tree_map(lambda v, g: 0.999 * v + 0.001 * g * g, state["second"], grads)

        def update(p: jax.Array, m: jax.Array, v: jax.Array) -> jax.Array:
            m_hat, v_hat = m / (1 - 0.9**count), v / (1 - 0.999**count)
            moved: jax.Array = p - learning_rate * m_hat / (jnp.sqrt(v_hat) + 1e-8)
            return moved

        params = jax.tree_util.tree_map(update, params, first, second)
        baseline = 0.9 * baseline + 0.1 * scores.mean()
        new = {"params": params, "baseline": baseline, "first": first, "second": second, "count": count}
        return new, scores.mean()

    return jax.jit(train)


class PolicyBot:
    """The trained policy as a bot of the reference engine: the best legal id, decoded."""

    def __init__(self, params: Params, rules: Rules) -> None:
        self.weights = np.asarray(params["weights"])
        self.bias = np.asarray(params["bias"])
        self.space = ActionSpace(rules)

    def choose(self, observation: Observation) -> Any:
        scores = encode(observation) @ self.weights + self.bias
        mask = np.array(self.space.mask(observation), dtype=bool)
        return self.space.decode(int(np.argmax(np.where(mask, scores, -np.inf))), observation)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--short", action="store_true", help="a few steps and hands: checks that it runs")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--hands", type=int, default=400, help="hands of each tournament")
    parser.add_argument("--learning-rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--csv", default=None, help="write the training curve to this CSV file")
    args = parser.parse_args()
    if args.short:
        args.steps, args.batch, args.hands = 3, 16, 4
    rules = Rules()
    env = make(rules)
    train = make_train_step(env, args.batch, args.learning_rate)
    params = init_params(env)
    state: dict[str, Any] = {
        "params": params,
        "baseline": jnp.float32(0.0),
        "first": jax.tree_util.tree_map(jnp.zeros_like, params),
        "second": jax.tree_util.tree_map(jnp.zeros_like, params),
        "count": jnp.int32(0),
    }
    key = jax.random.key(args.seed)
    curve: list[tuple[int, float]] = []
    start = time.perf_counter()
    report = max(1, args.steps // 10)
    print(f"training at seat 0 against 3 random seats: {args.steps} steps of {args.batch} hands")
    print(f"{'step':>6} {'hands':>9} {'mean score':>11} {'seconds':>8}")
    for number in range(1, args.steps + 1):
        key, draw = jax.random.split(key)
        state, score = train(state, draw)
        curve.append((number, float(score)))
        if number % report == 0 or number == args.steps:
            recent = np.mean([value for _, value in curve[-report:]])
            print(f"{number:>6} {number * args.batch:>9,} {recent:>11.2f} {time.perf_counter() - start:>8.1f}")
    if args.csv:
        with open(args.csv, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            writer.writerow(["step", "mean_score"])
            writer.writerows(curve)
    trained = state["params"]

    def factory(seed: int) -> PolicyBot:
        return PolicyBot(trained, rules)

    print(f"\nthe trained policy (its best legal id) in the library's tournament, {args.hands} hands each:")
    print(f"{'opponents':<12} {'win rate':>9} {'95% interval':>16} {'mean score':>11}")
    for name in ("random", "heuristic"):
        bots: dict[str, Any] = {"trained": factory}
        bots.update({f"{name}#{seat}": name for seat in range(1, rules.players)})
        result = tournament(bots, rules, hands=args.hands, seed=args.seed)
        mine = result.standing("trained")
        low, high = mine.win_interval
        print(f"{name:<12} {mine.win_rate:>9.1%} {f'{low:.1%}-{high:.1%}':>16} {mine.mean_score:>11.2f}")
    print("(a random seat wins 1 in 4)")


if __name__ == "__main__":
    main()
