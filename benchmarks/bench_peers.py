"""Peer benchmarks: whole random games against the Dou Dizhu engines of DouZero,
RLCard and OpenSpiel, and the cost of a branch beside OpenSpiel's.

Run: python benchmarks/bench_peers.py [--quick] [--rounds N] [--json PATH]

1. Whole random games, engine only, hands per CPU second (``time.process_time``,
   the garbage collector on). Every seat draws uniformly from the legal moves its
   engine lists; dealing is part of every hand.

   * ``zhengshangyou``: ``Rules()`` (the default preset, 4 players),
     ``State.new(rules, seed=...)`` and ``state.play(choice(list(state.legal_moves())))``
     while ``state.phase == "play"``: the loop of ``self_play`` in bench_game.py.
   * ``douzero``: ``douzero.env.game.GameEnv`` with three random agents
     (``act(infoset)`` returns ``choice(infoset.legal_actions)``), a shuffled
     54-card deck dealt as ``douzero.env.env.Env.reset`` deals it (20 cards to the
     landlord, whose last 3 are the three landlord cards, 17 to each farmer),
     ``card_play_init``, ``step()`` until ``game_over``, ``reset()``. Each
     ``step`` lists the next player's legal moves (``get_infoset`` calls
     ``get_legal_card_play_actions``) and deep-copies that player's infoset.
   * ``rlcard``: ``rlcard.games.doudizhu.game.DoudizhuGame`` driven directly (not
     the env): ``init_game()``, then ``step(choice(state["actions"]))`` until
     ``is_over()``; ``get_state``, which ``init_game`` and ``step`` call, lists the
     actions (the judger's playable cards for a lead, ``get_gt_cards`` for an
     answer). Its deal draws from ``game.np_random``, a seeded
     ``numpy.random.RandomState``.
   * ``openspiel`` (when ``pyspiel`` has ``dou_dizhu``): ``new_initial_state()``,
     chance nodes (the deal) drawn from ``chance_outcomes()``, decisions (the
     auction, then the play) from ``legal_actions()``, ``apply_action`` until
     ``is_terminal()``.

   The libraries take turns, round by round (which one goes first rotates), so that
   a change in machine load hits all alike. Per library: the median hands per CPU
   second over the rounds and its range; per peer, ``ours/peer``, our hands per CPU
   second over the peer's in the same round, its median and range (above 1: we are
   faster).

2. The cost of a branch, microseconds: our ``State.play(move)`` on 1,000
   positions of random self-play under ``Rules()`` (as ``positions`` in
   bench_game.py), a random legal move each; beside it OpenSpiel's
   ``state.clone()`` and ``state.clone()`` then ``apply_action(a)`` on 1,000
   play-phase Dou Dizhu positions of random games, a random legal action each. Each
   position is timed three times (``perf_counter_ns``, the collector off) and its
   minimum kept; the table gives the median and the 10th and 90th percentiles.

Everything is seeded (``--seed``). RLCard lists a lead's actions from a set of
strings, whose order follows Python's string hashing: its random games repeat
exactly only under a fixed ``PYTHONHASHSEED``. The peers are benchmark-only:
``pip install --no-deps douzero==1.1.0 rlcard==1.2.0 numpy termcolor open_spiel``.
A peer that does not import is skipped with a note.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import gc
import importlib.metadata
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench_game import positions, self_play  # (this folder is the script's: on the path)
from buildinfo import describe

from zhengshangyou import Rules

SEED = 2_600
OURS = "zhengshangyou"
# hands per round: ours, and each peer's scaled so that a round of each takes a
# comparable CPU time (about half a second apiece on the development machine)
HANDS = {OURS: 200, "douzero": 60, "rlcard": 80, "openspiel": 900}
QUICK_DIVISOR = 2
WARMUP_HANDS = 20
BRANCH_REPEAT = 3

# one round of a library: (hands, seed) -> (moves, extra counts)
Runner = Callable[[int, int], tuple[int, dict[str, int]]]


@dataclass
class Library:
    name: str
    version: str
    players: int
    hands: int
    run: Runner
    rounds: list[dict[str, float]] = field(default_factory=list)


# --- the engines' loops ---------------------------------------------------------------


def ours_runner(rules: Rules) -> Runner:
    def run(hands: int, seed: int) -> tuple[int, dict[str, int]]:
        _, moves = self_play(rules, hands, seed)  # bench_game's loop, timed here in CPU
        return moves, {}

    return run


class RandomAgent:
    """A DouZero agent that plays a uniformly random legal action."""

    def __init__(self, chooser: random.Random) -> None:
        self.chooser = chooser

    def act(self, infoset: Any) -> list[int]:
        return self.chooser.choice(infoset.legal_actions)


def douzero_runner() -> Runner:
    from douzero.env.env import deck
    from douzero.env.game import GameEnv

    positions = ("landlord", "landlord_up", "landlord_down")

    def run(hands: int, seed: int) -> tuple[int, dict[str, int]]:
        dealer = random.Random(f"douzero-deal:{seed}")
        chooser = random.Random(f"douzero:{seed}")
        env = GameEnv({position: RandomAgent(chooser) for position in positions})
        moves = 0
        for _ in range(hands):
            cards = list(deck)
            dealer.shuffle(cards)
            deal = {
                "landlord": cards[:20],
                "landlord_up": cards[20:37],
                "landlord_down": cards[37:54],
                "three_landlord_cards": cards[17:20],
            }
            for held in deal.values():
                held.sort()
            env.card_play_init(deal)
            while not env.game_over:
                env.step()
                moves += 1
            env.reset()
        return moves, {}

    return run


def rlcard_runner() -> Runner:
    import numpy as np
    from rlcard.games.doudizhu.game import DoudizhuGame

    game = DoudizhuGame()

    def run(hands: int, seed: int) -> tuple[int, dict[str, int]]:
        game.np_random = np.random.RandomState(seed)  # what the env's seed() sets
        chooser = random.Random(f"rlcard:{seed}")
        moves = 0
        for _ in range(hands):
            state, _player = game.init_game()
            while not game.is_over():
                state, _player = game.step(chooser.choice(state["actions"]))
                moves += 1
        return moves, {}

    return run


def openspiel_game() -> Any:
    import pyspiel

    if "dou_dizhu" not in pyspiel.registered_names():
        raise ImportError("this pyspiel has no dou_dizhu game")
    return pyspiel.load_game("dou_dizhu")


def openspiel_runner(game: Any) -> Runner:
    def run(hands: int, seed: int) -> tuple[int, dict[str, int]]:
        chooser = random.Random(f"openspiel:{seed}")
        decisions = chance_nodes = passed_out = 0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(chooser.choices(actions, weights)[0])
                    chance_nodes += 1
                else:
                    state.apply_action(chooser.choice(state.legal_actions()))
                    decisions += 1
            if not any(state.returns()):  # everyone passed in the auction: no play
                passed_out += 1
        return decisions, {"chance_nodes": chance_nodes, "passed_out": passed_out}

    return run


def libraries(rules: Rules, divisor: int) -> tuple[list[Library], dict[str, str]]:
    """Our engine and the peers that import, and why the others are skipped."""
    found = [Library(OURS, version("zhengshangyou"), rules.players, HANDS[OURS] // divisor,
                     ours_runner(rules))]
    skipped: dict[str, str] = {}
    makers: list[tuple[str, str, int, Callable[[], Runner]]] = [
        ("douzero", "douzero", 3, douzero_runner),
        ("rlcard", "rlcard", 3, rlcard_runner),
        ("openspiel", "open_spiel", 3, lambda: openspiel_runner(openspiel_game())),
    ]
    for name, distribution, players, make in makers:
        try:
            run = make()
        except ImportError as error:
            skipped[name] = f"{type(error).__name__}: {error}"
            continue
        found.append(Library(name, version(distribution), players,
                             max(1, HANDS[name] // divisor), run))
    return found, skipped


def version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


# --- part 1: whole games --------------------------------------------------------------


def play_rounds(found: list[Library], rounds: int, seed: int) -> None:
    """Each library's rounds, taking turns; each round's figures go to its ``rounds``."""
    for library in found:  # untimed warm-up: imports, first calls, our memo
        library.run(WARMUP_HANDS, seed - 1)
    for number in range(rounds):
        shift = number % len(found)
        for library in found[shift:] + found[:shift]:
            gc.collect()
            start = time.process_time()
            moves, extra = library.run(library.hands, seed + number)
            seconds = time.process_time() - start
            library.rounds.append({
                "hands": library.hands,
                "moves": moves,
                "cpu_s": seconds,
                "hands_per_cpu_s": library.hands / seconds,
                "moves_per_cpu_s": moves / seconds,
                **extra,
            })
            print(f"  round {number + 1}: {library.name} {library.hands / seconds:.0f} hands/CPU s",
                  file=sys.stderr)


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarise(found: list[Library]) -> dict[str, Any]:
    ours = found[0]
    report: dict[str, Any] = {}
    for library in found:
        rates = [item["hands_per_cpu_s"] for item in library.rounds]
        entry: dict[str, Any] = {
            "version": library.version,
            "players": library.players,
            "hands_per_round": library.hands,
            "hands_per_cpu_s": spread(rates),
            "moves_per_hand": statistics.median(
                item["moves"] / item["hands"] for item in library.rounds),
            "us_per_move": statistics.median(
                item["cpu_s"] / item["moves"] * 1e6 for item in library.rounds),
            "rounds": library.rounds,
        }
        if library is not ours:
            pairs = list(zip(ours.rounds, library.rounds, strict=True))
            entry["ours_over_peer_hands"] = spread(
                [mine["hands_per_cpu_s"] / theirs["hands_per_cpu_s"] for mine, theirs in pairs])
            entry["ours_over_peer_moves"] = spread(
                [mine["moves_per_cpu_s"] / theirs["moves_per_cpu_s"] for mine, theirs in pairs])
        report[library.name] = entry
    return report


def print_games(report: dict[str, Any], rounds: int) -> None:
    print(f"Whole random games, engine only: CPU time, {rounds} rounds, the libraries taking turns")
    print("(ours/peer: our rate over the peer's in the same round, median [range]; above 1: we are faster)")
    print()
    print(f"{'library':<15}{'players':>8}{'hands/round':>12}{'moves/hand':>11}"
          f"{'hands/CPU s [range]':>22}{'us/move':>9}{'ours/peer hands':>20}{'ours/peer moves':>20}")
    for name, entry in report.items():
        rate = entry["hands_per_cpu_s"]
        ratios = ["-", "-"]
        if "ours_over_peer_hands" in entry:
            ratios = [_spread_text(entry[key], 2)
                      for key in ("ours_over_peer_hands", "ours_over_peer_moves")]
        print(f"{name:<15}{entry['players']:>8}{entry['hands_per_round']:>12}"
              f"{entry['moves_per_hand']:>11.1f}{_spread_text(rate, 0):>22}"
              f"{entry['us_per_move']:>9.1f}{ratios[0]:>20}{ratios[1]:>20}")
    if "openspiel" in report:
        rounds_data = report["openspiel"]["rounds"]
        chance = sum(item["chance_nodes"] for item in rounds_data)
        hands = sum(item["hands"] for item in rounds_data)
        passed = sum(item["passed_out"] for item in rounds_data)
        print(f"openspiel: moves are decisions (auction and play); {chance / hands:.0f} chance "
              f"nodes a hand besides; {passed} of {hands} hands passed out in the auction")


def _spread_text(values: dict[str, float], digits: int) -> str:
    return (f"{values['median']:.{digits}f} "
            f"[{values['min']:.{digits}f}-{values['max']:.{digits}f}]")


# --- part 2: the cost of a branch -----------------------------------------------------


def openspiel_positions(game: Any, count: int, seed: int) -> list[Any]:
    """Play-phase decision nodes of random Dou Dizhu games (clones, kept apart)."""
    chooser = random.Random(f"openspiel-positions:{seed}")
    found: list[Any] = []
    while len(found) < count:
        state = game.new_initial_state()
        playing = False
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chooser.choices(actions, weights)[0])
                continue
            playing = playing or "Playing phase begin" in str(state)
            if playing:
                found.append(state.clone())
            state.apply_action(chooser.choice(state.legal_actions()))
    return found


def fastest(action: Callable[[], object], repeat: int) -> float:
    """The least of ``repeat`` timings of ``action``, in nanoseconds."""
    clock = time.perf_counter_ns
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        action()
        best = min(best, clock() - start)
    return best


def distribution(nanoseconds: list[float]) -> dict[str, float]:
    micro = [value / 1000 for value in nanoseconds]
    deciles = statistics.quantiles(micro, n=10)
    return {"median": statistics.median(micro), "p10": deciles[0], "p90": deciles[-1],
            "mean": statistics.fmean(micro), "positions": len(micro)}


def time_branches(rules: Rules, game: Any | None, count: int, seed: int) -> dict[str, Any]:
    ours = positions(rules, count, seed)
    chooser = random.Random(f"branch:{seed}")
    our_moves = [chooser.choice(list(state.legal_moves())) for state in ours]
    theirs = openspiel_positions(game, count, seed) if game is not None else []
    their_actions = [chooser.choice(state.legal_actions()) for state in theirs]
    times: dict[str, list[float]] = {"state.play": []}
    if theirs:
        times["clone"] = []
        times["clone+apply_action"] = []
    gc.disable()
    try:
        for state, move in zip(ours, our_moves, strict=True):
            times["state.play"].append(
                fastest(lambda state=state, move=move: state.play(move), BRANCH_REPEAT))
        for state, action in zip(theirs, their_actions, strict=True):
            times["clone"].append(fastest(state.clone, BRANCH_REPEAT))
            times["clone+apply_action"].append(
                fastest(lambda state=state, action=action: state.clone().apply_action(action),
                        BRANCH_REPEAT))
    finally:
        gc.enable()
    return {name: distribution(values) for name, values in times.items()}


def print_branches(branches: dict[str, Any], skipped: str | None) -> None:
    print()
    print(f"The cost of a branch, us: the median [10th-90th percentile] over positions, "
          f"each the least of {BRANCH_REPEAT} timings, the collector off")
    print()
    rows = [(OURS, "State.play(move)", "state.play"),
            ("openspiel", "state.clone()", "clone"),
            ("openspiel", "state.clone().apply_action(a)", "clone+apply_action")]
    for library, label, key in rows:
        if key in branches:
            value = branches[key]
            print(f"{library:<15}{label:<32}{value['median']:>8.2f} "
                  f"[{value['p10']:.2f}-{value['p90']:.2f}]  ({value['positions']} positions)")
    if skipped:
        print(f"openspiel skipped: {skipped}")


# --- the run --------------------------------------------------------------------------


def load() -> list[float] | None:
    getloadavg = getattr(os, "getloadavg", None)
    return list(getloadavg()) if getloadavg else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help=f"3 rounds, 1/{QUICK_DIVISOR} of the hands, 200 branch positions")
    parser.add_argument("--rounds", type=int, help="rounds of whole games (default 5, 3 with --quick)")
    parser.add_argument("--positions", type=int,
                        help="positions for the branch timings (default 1000, 200 with --quick)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--json", help="also write every number to this file")
    arguments = parser.parse_args(argv)
    divisor = QUICK_DIVISOR if arguments.quick else 1
    rounds = arguments.rounds or (3 if arguments.quick else 5)
    count = arguments.positions or (200 if arguments.quick else 1000)

    started = time.perf_counter()
    load_start = load()
    print("zhengshangyou against Dou Dizhu engines (DouZero, RLCard, OpenSpiel)")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on "
          f"{platform.system()} {platform.machine()}; {os.cpu_count()} CPUs; load average "
          f"at start {_load_text(load_start)}; PYTHONHASHSEED={os.environ.get('PYTHONHASHSEED', 'unset')}")

    rules = Rules()
    found, skipped = libraries(rules, divisor)
    print("versions: " + ", ".join(f"{library.name} {library.version}" for library in found))
    print(describe())
    for name, reason in skipped.items():
        print(f"skipped {name}: {reason}")
    print()
    play_rounds(found, rounds, arguments.seed)
    games = summarise(found)
    print_games(games, rounds)

    game = None
    skipped_branch = None
    try:
        game = openspiel_game()
    except ImportError as error:
        skipped_branch = f"{type(error).__name__}: {error}"
    branches = time_branches(rules, game, count, arguments.seed)
    print_branches(branches, skipped_branch)

    load_end = load()
    wall = time.perf_counter() - started
    print()
    print(f"load average at end {_load_text(load_end)}; {wall:.0f} s wall time")

    if arguments.json:
        report = {
            "python": sys.version,
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average_start": load_start,
            "load_average_end": load_end,
            "pythonhashseed": os.environ.get("PYTHONHASHSEED"),
            "quick": arguments.quick,
            "rounds": rounds,
            "seed": arguments.seed,
            "warmup_hands": WARMUP_HANDS,
            "wall_s": wall,
            "skipped": skipped,
            "games": games,
            "branch_us": branches,
            "branch_repeat": BRANCH_REPEAT,
        }
        with open(arguments.json, "w", encoding="utf-8") as file:
            json.dump(report, file, indent=2)
    return 0


def _load_text(values: list[float] | None) -> str:
    return " ".join(f"{value:.2f}" for value in values) if values else "n/a"


if __name__ == "__main__":
    raise SystemExit(main())
