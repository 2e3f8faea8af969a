"""Environment benchmarks (issue 15): a random-agent episode through each learning
environment, against the library's own loop.

Run: python benchmarks/bench_envs.py [--quick] [--episodes N] [--repeat N] [--profile]

One episode is one hand of the default preset with 4 players, dealt from a fixed
seed (the same seeds in every loop, though OpenSpiel deals by its own chance
nodes), every seat choosing uniformly among its legal moves (each loop drawing its
own choices):

- ``library``: ``Game``, ``observation(to_act)``, a random choice from its
  ``legal_moves``, ``play``;
- ``pettingzoo``: ``zhengshangyou.envs.pettingzoo.env()``'s ``agent_iter`` and
  ``last()`` (the encoded observation and the mask), a random choice (``random``,
  as the library loop draws) among the mask's nonzero ids, ``step``;
  ``pettingzoo (space.sample)`` draws with ``action_space(agent).sample(mask)``
  instead, Gymnasium's masked sampler (what ``api_test`` uses: about 13 us a draw,
  ``numpy.random.Generator.choice``), ``pettingzoo (raw_env)`` runs without the
  wrapper;
- ``openspiel``: ``pyspiel.load_game("python_zhengshangyou")``, the deal's chance
  nodes drawn from ``chance_outcomes()``, a random choice from ``legal_actions()``,
  ``apply_action``; ``openspiel + tensor`` also reads the player's
  ``observation_tensor()`` each decision, as a learning agent would;
- ``gymnasium``: ``gymnasium.make("zhengshangyou/VsBots-v0", opponents="random")``,
  the agent's action a random choice among its mask's ids, the other seats played by
  ``RandomBot`` inside the environment.

Each figure is the median over ``--repeat`` rounds of a round's CPU time
(``time.process_time``) per episode (the loops take turns, episode by episode), with the moves of an episode (decisions, not
chance nodes) and the ratio to ``library``. The issue's target: ``pettingzoo`` and
``openspiel`` within 2x ``library``. An environment whose module does not import is
skipped with a note. ``--profile`` prints cProfile's top functions of the
PettingZoo loop.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from zhengshangyou import Game, Rules

TARGET = 2.0
SEED_BASE = 15_000

Loop = Callable[[int], int]  # one episode from a seed; returns its moves


def draws(loop: str, seed: int) -> random.Random:
    """The random choices of ``loop``'s episode of ``seed``: the same deal in every
    loop, but not the same play, so that no loop finds positions another just left
    in the library's memo (the loops take turns)."""
    return random.Random(f"{loop}:{seed}")


def library_loop() -> Loop:
    rules = Rules()

    def episode(seed: int) -> int:
        rng = draws("library", seed)
        game = Game(rules, seed=seed)
        moves = 0
        while not game.phase.is_over:
            seen = game.observation(game.to_act)
            game.play(rng.choice(seen.legal_moves))
            moves += 1
        return moves

    return episode


def pettingzoo_loop(*, sampler: bool = False, wrapped: bool = True) -> Loop:
    from zhengshangyou.envs.pettingzoo import env, raw_env

    table = env() if wrapped else raw_env()

    def episode(seed: int) -> int:
        table.reset(seed=seed)
        rng = draws(f"pettingzoo:{sampler}:{wrapped}", seed)
        for index, agent in enumerate(table.possible_agents):
            table.action_space(agent).seed(seed + index)
        moves = 0
        for agent in table.agent_iter():
            seen, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            mask = seen["action_mask"]
            if sampler:
                table.step(table.action_space(agent).sample(mask))
            else:
                table.step(rng.choice(np.flatnonzero(mask).tolist()))
            moves += 1
        return moves

    return episode


def openspiel_loop(*, tensor: bool) -> Loop:
    import pyspiel  # type: ignore[import-not-found]

    importlib.import_module("zhengshangyou.envs.openspiel")
    game = pyspiel.load_game("python_zhengshangyou")

    def episode(seed: int) -> int:
        rng = draws(f"openspiel:{tensor}", seed)
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            if tensor:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        return moves

    return episode


def gymnasium_loop() -> Loop:
    import gymnasium

    importlib.import_module("zhengshangyou.envs.gymnasium")
    table = gymnasium.make("zhengshangyou/VsBots-v0", opponents="random")

    def episode(seed: int) -> int:
        rng = draws("gymnasium", seed)
        seen, _ = table.reset(seed=seed)
        moves = 0
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(seen["action_mask"]).tolist())
            seen, _, terminated, truncated, _ = table.step(action)
            done = terminated or truncated
            moves += 1
        return moves

    return episode


LOOPS: list[tuple[str, Callable[[], Loop]]] = [
    ("library", library_loop),
    ("pettingzoo", lambda: pettingzoo_loop(sampler=False)),
    ("pettingzoo (space.sample)", lambda: pettingzoo_loop(sampler=True)),
    ("pettingzoo (raw_env)", lambda: pettingzoo_loop(wrapped=False)),
    ("openspiel", lambda: openspiel_loop(tensor=False)),
    ("openspiel + tensor", lambda: openspiel_loop(tensor=True)),
    ("gymnasium (agent moves only)", gymnasium_loop),
]


def measure(loops: dict[str, Loop], episodes: int, repeat: int) -> dict[str, tuple[float, float]]:
    """For each loop, the median CPU ms per episode over ``repeat`` rounds, and the mean
    moves. The loops take turns episode by episode (each seed through every loop), so
    that a busy machine slows them alike."""
    for loop in loops.values():
        loop(SEED_BASE - 1)  # warm the caches of the rules (tables, layouts, spaces)
    rounds: dict[str, list[float]] = {name: [] for name in loops}
    moves = dict.fromkeys(loops, 0)
    for _ in range(repeat):
        spent = dict.fromkeys(loops, 0.0)
        moves = dict.fromkeys(loops, 0)
        for seed in range(SEED_BASE, SEED_BASE + episodes):
            for name, loop in loops.items():
                start = time.process_time()
                moves[name] += loop(seed)
                spent[name] += time.process_time() - start
        for name in loops:
            rounds[name].append(spent[name] / episodes * 1e3)
    return {name: (statistics.median(rounds[name]), moves[name] / episodes) for name in loops}


def profile(episodes: int) -> None:
    loop = pettingzoo_loop(sampler=False)
    loop(SEED_BASE)
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(episodes):
        loop(SEED_BASE + seed)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer episodes (a smoke run)")
    parser.add_argument("--episodes", type=int, default=300, help="episodes per round (300)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds, at least 3 (5)")
    parser.add_argument("--profile", action="store_true", help="profile the PettingZoo loop")
    args = parser.parse_args(argv)
    episodes = 20 if args.quick else args.episodes
    repeat = max(3, args.repeat)
    print(f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}")
    print(f"one hand, default preset, 4 players; {episodes} episodes a round, median of {repeat} rounds")
    print(f"{'loop':<30} {'ms/episode':>11} {'moves':>7} {'us/move':>8} {'x library':>10}")
    loops: dict[str, Loop] = {}
    for name, make in LOOPS:
        try:
            loops[name] = make()
        except ImportError as error:
            print(f"{name:<30} skipped: {error}")
    results = measure(loops, episodes, repeat)
    base = results["library"][0]
    for name, (ms, moves) in results.items():
        print(f"{name:<30} {ms:>11.2f} {moves:>7.1f} {ms / moves * 1e3:>8.1f} {ms / base:>9.2f}x")
    print(f"target: pettingzoo and openspiel within {TARGET:.0f}x library")
    if args.profile:
        profile(episodes)
    return 0


if __name__ == "__main__":
    sys.exit(main())
