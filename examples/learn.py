"""A policy that learns to beat random bots, with numpy alone, on the Gymnasium env.

The agent plays one seat of ``zhengshangyou/VsBots-v0`` (default rules, four players)
against three ``RandomBot``s. Its policy is a softmax over the legal actions: each
legal action id gets a score, linear in features of the action (how many cards it
plays, how low or high they are, its kind, whether it passes or bombs, empties the
hand, breaks up a pair or leaves lone cards) crossed with features of the position
(leading or answering, cards left, how close an opponent is to going out). It is
trained by REINFORCE with a baseline: after each hand, every choice the agent made
becomes more likely in proportion to how much better than usual the hand's score
(the env's reward) was; Adam takes a step every 16 hands.

Every ``--eval-every`` training episodes the policy plays ``--eval-hands`` hands
(the same hands each time, dealt from seeds the training never uses), and the table
shows its win rate (the agent is the Winner, first out) with a 95% Wilson interval,
its mean score and the CPU minutes of training so far. Before training, a uniformly
random masked agent plays those hands: the random baseline, 1 in 4 with four
players. At the end the trained policy plays them again taking its best-scored
action each time.

Run:
    python examples/learn.py                     # 8,000 episodes: about 3 minutes of CPU
    python examples/learn.py --episodes 20000 --seed 2 --plot learn.png
    python examples/learn.py --quick             # a few seconds: checks that it runs

Expect the win rate to climb from the baseline's 25% past 60% within the first
1,000 episodes and to level off near 72% from about 4,000 on (the best action near
76%): under a minute of training, three minutes with the evaluations' 20,000 hands.
``--plot FILE`` draws the curve with matplotlib if it is installed (the script itself
needs only numpy and gymnasium, the ``[rl]`` extra).
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import zhengshangyou.envs.gymnasium  # registers "zhengshangyou/VsBots-v0"
from zhengshangyou import Kind, Play
from zhengshangyou.envs import layout, suits_encoded
from zhengshangyou.envs.gymnasium import VsBotsEnv
from zhengshangyou.simulate import wilson_interval

gymnasium.register_envs(zhengshangyou.envs.gymnasium)

Array = npt.NDArray[np.float64]
Policy = Callable[[dict[str, Any]], int]

#: The kinds a play's features tell apart (the default rules' kinds).
KINDS = (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE, Kind.STRAIGHT,
         Kind.PAIR_RUN, Kind.TRIPLE_RUN, Kind.BOMB, Kind.JOKER_BOMB)  # fmt: skip


class Features:
    """The features of every legal action in a position, one row an action (under
    rules whose card blocks count ranks, as the default rules' do)."""

    def __init__(self, env: VsBotsEnv) -> None:
        rules = env.rules
        assert not suits_encoded(rules), "these features read card blocks by rank"
        self.blocks = layout(rules)
        size = env.actions.size
        # For each id: the cards it plays, counted by rank, and what kind of move it is.
        self.counts = np.zeros((size, 15))
        action = np.zeros((size, 5 + len(KINDS)))
        for index in range(size):
            move = env.actions.move(index)
            if not isinstance(move, Play):  # pass (or an exchange decision)
                action[index, 0] = 1
                continue
            ranks = [int(card.rank) for card in move.cards]
            np.add.at(self.counts[index], ranks, 1)
            action[index, 1:5] = (len(ranks) / 8, min(ranks) / 14, max(ranks) / 14, move.is_bomb)
            if move.kind in KINDS:
                action[index, 5 + KINDS.index(move.kind)] = 1
        self.action = action
        self.size = action.shape[1] * 5 + 3

    def __call__(self, seen: dict[str, Any]) -> tuple[npt.NDArray[np.intp], Array]:
        """The legal ids of an observation and their feature rows."""
        legal = np.flatnonzero(seen["action_mask"])
        vector = seen["observation"]
        hand = vector[self.blocks["hand"]].astype(np.float64)
        held = vector[self.blocks["held"]]
        others = held[1:][held[1:] > 0]
        closest = others.min() if others.size else 0.0
        leading = float(not vector[self.blocks["top"]].any())
        # The position: a bias, leading or not, own cards, the closest opponent's.
        position = np.array([1.0, leading, held[0] / 14, closest / 14, float(closest <= 2)])
        crossed = np.einsum("ai,j->aij", self.action[legal], position).reshape(len(legal), -1)
        played = self.counts[legal]
        after = hand - played
        goes_out = played.sum(axis=1) == hand.sum()
        breaks = ((played > 0) & (after > 0)).sum(axis=1) / 2
        lone = ((after == 1).sum(axis=1) - (hand == 1).sum()) / 4
        return legal, np.column_stack([crossed, goes_out, breaks, lone])


class SoftmaxPolicy:
    """A linear softmax policy over the legal actions, trained by REINFORCE with Adam."""

    def __init__(self, features: Features, rng: np.random.Generator, rate: float = 0.05) -> None:
        self.features = features
        self.rng = rng
        self.weights = np.zeros(features.size)
        self.rate = rate
        self.moment = np.zeros(features.size)
        self.square = np.zeros(features.size)
        self.updates = 0

    def probabilities(self, rows: Array) -> Array:
        """The softmax of the actions' scores."""
        logits: Array = rows @ self.weights
        odds = np.exp(logits - logits.max())
        chances: Array = odds / odds.sum()
        return chances

    def sample(self, seen: dict[str, Any]) -> tuple[int, Array]:
        """A sampled legal id and the gradient of its log-probability."""
        legal, rows = self.features(seen)
        chances = self.probabilities(rows)
        pick = int(self.rng.choice(len(legal), p=chances))
        return int(legal[pick]), rows[pick] - chances @ rows

    def choose(self, seen: dict[str, Any]) -> int:
        """A legal id drawn from the policy."""
        return self.sample(seen)[0]

    def best(self, seen: dict[str, Any]) -> int:
        """The legal id the policy scores highest (evaluated at the end)."""
        legal, rows = self.features(seen)
        return int(legal[int(np.argmax(rows @ self.weights))])

    def step(self, gradient: Array) -> None:
        """One Adam step up ``gradient``."""
        self.updates += 1
        self.moment = 0.9 * self.moment + 0.1 * gradient
        self.square = 0.999 * self.square + 0.001 * gradient**2
        corrected = self.moment / (1 - 0.9**self.updates)
        spread = np.sqrt(self.square / (1 - 0.999**self.updates)) + 1e-8
        self.weights += self.rate * corrected / spread


def random_agent(rng: np.random.Generator) -> Policy:
    """The baseline: a uniformly random legal id."""

    def choose(seen: dict[str, Any]) -> int:
        return int(rng.choice(np.flatnonzero(seen["action_mask"])))

    return choose


def evaluate(env: gymnasium.Env[Any, Any], policy: Policy, hands: int, seed: int) -> tuple[int, float]:
    """Wins and mean score of ``policy`` over ``hands`` hands, dealt from fixed seeds."""
    wins, total = 0, 0.0
    for number in range(hands):
        seen, info = env.reset(seed=seed + number)
        terminated = False
        while not terminated:
            seen, reward, terminated, _, info = env.step(policy(seen))
            total += float(reward)
        wins += info["hand_results"][-1].winner == info["seat"]
    return wins, total / hands


def train(env: gymnasium.Env[Any, Any], policy: SoftmaxPolicy, episodes: int, seed: int) -> float:
    """REINFORCE over ``episodes`` hands, 16 to an update; the running mean reward is
    the baseline. The mean reward of these episodes."""
    baseline, total = 0.0, 0.0
    batch = np.zeros_like(policy.weights)
    for number in range(episodes):
        seen, _ = env.reset(seed=seed + number)
        gradients: list[Array] = []
        score, terminated = 0.0, False
        while not terminated:
            action, gradient = policy.sample(seen)
            gradients.append(gradient)
            seen, reward, terminated, _, _ = env.step(action)
            score += float(reward)
        total += score
        scaled = score / 40  # scores run from -42 to 123 a hand
        batch += (scaled - baseline) * np.sum(gradients, axis=0)
        baseline += 0.01 * (scaled - baseline)
        if (number + 1) % 16 == 0:
            policy.step(batch / 16)
            batch[:] = 0
    return total / max(episodes, 1)


def plot(
    path: str,
    rows: list[tuple[int, float, float, float]],
    baseline: tuple[float, float, float],
    best: tuple[float, float, float],
) -> None:
    """The win rate by training episodes, with its intervals, the random baseline and
    the trained policy's best action at the end."""
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        print(f"matplotlib is not installed: no plot written to {path}")
        return
    matplotlib.use("Agg")
    pyplot: Any = importlib.import_module("matplotlib.pyplot")
    episodes = [row[0] for row in rows]
    figure, axes = pyplot.subplots(figsize=(6.4, 3.6))
    axes.fill_between(episodes, [row[2] for row in rows], [row[3] for row in rows], alpha=0.25)
    axes.plot(episodes, [row[1] for row in rows], marker="o", label="trained policy (sampled)")
    axes.errorbar([episodes[-1]], [best[0]], yerr=[[best[0] - best[1]], [best[2] - best[0]]],
                  fmt="s", color="C2", capsize=3, label="trained policy (best action)")  # fmt: skip
    axes.axhspan(baseline[1], baseline[2], color="grey", alpha=0.2)
    axes.axhline(baseline[0], color="grey", linestyle="--", label="uniformly random agent")
    axes.set_xlabel("training episodes (hands)")
    axes.set_ylabel("win rate (first out)")
    axes.set_title("VsBots-v0 against three RandomBots (95% intervals)")
    axes.set_ylim(0, 1)
    axes.legend(loc="upper left", fontsize="small")
    figure.tight_layout()
    figure.savefig(path, dpi=80)
    print(f"plot written to {path}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train a numpy policy on zhengshangyou/VsBots-v0.")
    parser.add_argument("--episodes", type=int, default=8000, help="training episodes (hands)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the policy and every deal")
    parser.add_argument("--eval-every", type=int, default=500, help="episodes between evaluations")
    parser.add_argument("--eval-hands", type=int, default=1000, help="hands per evaluation")
    parser.add_argument("--rate", type=float, default=0.05, help="Adam's learning rate")
    parser.add_argument("--plot", metavar="FILE", help="draw the curve into FILE (needs matplotlib)")
    parser.add_argument("--quick", action="store_true", help="a few seconds: 100 episodes, 50 hands")
    args = parser.parse_args(argv)
    if args.quick:
        args.episodes, args.eval_every, args.eval_hands = 100, 50, 50

    env = gymnasium.make("zhengshangyou/VsBots-v0", opponents="random")
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, VsBotsEnv)
    rng = np.random.default_rng(args.seed)
    policy = SoftmaxPolicy(Features(unwrapped), rng, args.rate)
    # Every evaluation plays the same hands, from seeds the training never deals.
    evaluation_seed, training_seed = 10**9, args.seed * 10**7

    def report(name: str, wins: int, score: float) -> tuple[float, float, float]:
        low, high = wilson_interval(wins, args.eval_hands)
        print(f"{name}: win rate {wins / args.eval_hands:.3f} (95% {low:.3f}-{high:.3f}), "
              f"mean score {score:.1f}, over {args.eval_hands} hands")  # fmt: skip
        return wins / args.eval_hands, low, high

    baseline = report("random baseline", *evaluate(env, random_agent(rng), args.eval_hands, evaluation_seed))
    print(f"{'episodes':>8}  {'minutes':>7}  {'win rate':>8}  {'95% interval':>13}  {'mean score':>10}")
    rows: list[tuple[int, float, float, float]] = []
    training = 0.0  # seconds of CPU spent training, evaluations left out
    done = 0
    while True:
        wins, score = evaluate(env, policy.choose, args.eval_hands, evaluation_seed)
        low, high = wilson_interval(wins, args.eval_hands)
        rows.append((done, wins / args.eval_hands, low, high))
        minutes = training / 60
        print(f"{done:>8}  {minutes:>7.2f}  {wins / args.eval_hands:>8.3f}  "
              f"{f'{low:.3f}-{high:.3f}':>13}  {score:>10.1f}")  # fmt: skip
        if done >= args.episodes:
            break
        chunk = min(args.eval_every, args.episodes - done)
        start = time.process_time()
        train(env, policy, chunk, training_seed + done)
        training += time.process_time() - start
        done += chunk
    best = report("trained policy, best action", *evaluate(env, policy.best, args.eval_hands, evaluation_seed))
    if args.plot:
        plot(args.plot, rows, baseline, best)


if __name__ == "__main__":
    main()
