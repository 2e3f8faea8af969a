"""Decoding action ids (issue 34, item 12): one id against listing its class, and the
round trip of every legal move of a two-deck, two-player hand.

Run: python benchmarks/bench_decode.py [--quick] [--repeat N] [--seeds N]

:meth:`ActionSpace.decode <zhengshangyou.actionspace.ActionSpace.decode>` reads the
id's own class: for a play, the class view of the cards of its ranks, of its kind
(the lowest cards of each rank where suits cannot tell plays apart). Before issue 34
it encoded every legal move of the position to find the one asked for.

Three tables:

- **one id against its class**: for every legal play of each position, the CPU time of
  ``decode(id, seen)`` against listing that id's class (``legal_plays`` of the hand's
  cards of the class's ranks, of its kind, with the position's play to beat, revolution
  and start card: the class view of that one class), each the median of ``--repeat``
  rounds of a loop; the ratio's median and worst over the ids. The issue's target: at
  most 10;
- **the pass and the exchange decisions**: ``decode`` of the pass and of an exchange
  decision, µs a call;
- **the round trip**: ``decode(encode(move), seen) == move`` for every legal move of the
  two-deck, two-player first position with the most legal moves among ``--seeds``
  deals (of ``Rules(players=2, decks=2)`` and of the ``two-deck`` preset for two
  players), in CPU seconds (target: under 1 s); beside it the old way (the
  position's moves listed and encoded for each id), timed on a sample of ids and
  scaled to all of them.

No timing is ever asserted in the test suite; these numbers are for people.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from zhengshangyou import ActionSpace, Game, Kind, Phase, Play, Rules, legal_plays
from zhengshangyou.actions import Move
from zhengshangyou.game import Observation
from zhengshangyou.hand import Hand
from zhengshangyou.moves import tables_of

TARGET_RATIO = 10.0
TARGET_ROUND_TRIP = 1.0


def cpu(call: Callable[[], object], loops: int, repeat: int) -> float:
    """The median over ``repeat`` rounds of the CPU seconds of one call (``loops`` calls
    a round)."""
    rounds = []
    for _ in range(repeat):
        start = time.process_time()
        for _ in range(loops):
            call()
        rounds.append((time.process_time() - start) / loops)
    return statistics.median(rounds)


def forget(rules: Rules) -> None:
    """Empty the class view's memo of leads seen before (see ``moves.class_parts``), so
    that a listing repeated in a timing loop costs what a first listing costs: a
    listing read to its end is kept from its second visit on, and a decode, which
    stops at its class's member, never is."""
    tables = tables_of(rules, True)
    tables.visited.clear()
    tables.positions.clear()


def class_listing(space: ActionSpace, seen: Observation, play: Play) -> Callable[[], object]:
    """Listing the class of ``play`` in ``seen``: the class view of the hand's cards of
    its ranks, of its kind, in the position."""
    ranks = {card.rank for card in play.cards}
    kind: Kind = play.kind
    rules = space.rules

    def listing() -> object:
        forget(rules)
        narrowed = Hand(card for card in seen.hand.cards if card.rank in ranks)
        return list(
            legal_plays(
                narrowed,
                rules,
                seen.top,
                revolution=seen.revolution,
                kinds=(kind,),
                must_include=seen.must_include,
            )
        )

    return listing


def positions(quick: bool) -> list[tuple[str, Observation]]:
    """Positions to decode in: leads and answers of several rule sets."""
    found: list[tuple[str, Observation]] = []
    sets = [
        ("default, lead", Rules()),
        ("singles_by_suit", Rules(singles_by_suit=True, suit_order="DCHS")),
        ("straight_flush=distinct", Rules(straight_flush="distinct", min_straight=3)),
        ("start card must be played", Rules.preset("winner", start_card_must_be_played=True)),
        ("2 decks, 2 players", Rules(players=2, decks=2)),
    ]
    if not quick:
        sets.append(("two-deck preset, 2 players", Rules.preset("two-deck", players=2)))
    for name, rules in sets:
        game = Game(rules, seed=3)
        found.append((name, game.observation(game.to_act)))
        rng = random.Random(3)
        game.play(rng.choice(list(game.legal_moves())))  # an answer, where the rules allow one
        if game.to_act >= 0 and game.state.top is not None:
            found.append((name + ", answer", game.observation(game.to_act)))
    return found


def one_id_table(quick: bool, repeat: int) -> bool:
    print("one id against its class (CPU µs a call, medians of rounds)")
    print(f"{'position':42} {'ids':>5} {'decode':>8} {'class':>8} {'ratio med':>9} {'worst':>6}")
    ok = True
    loops = 20 if quick else 50
    for name, seen in positions(quick):
        space = ActionSpace(seen.rules)
        plays = [move for move in seen.legal_moves if isinstance(move, Play)]
        if quick and len(plays) > 60:
            plays = random.Random(0).sample(plays, 60)
        elif len(plays) > 400:
            plays = random.Random(0).sample(plays, 400)
        ratios, decodes, listings = [], [], []
        for play in plays:
            index = space.encode(play)
            def decode_cold(
                index: int = index, space: ActionSpace = space, seen: Observation = seen
            ) -> object:
                forget(space.rules)
                return space.decode(index, seen)

            decode = cpu(decode_cold, loops, repeat)
            listing = cpu(class_listing(space, seen, play), loops, repeat)
            decodes.append(decode)
            listings.append(listing)
            ratios.append(decode / listing)
        if not ratios:  # (no play here: the pass only)
            continue
        worst = max(ratios)
        ok &= worst <= TARGET_RATIO
        print(
            f"{name:42} {len(plays):>5} {statistics.median(decodes) * 1e6:>8.1f}"
            f" {statistics.median(listings) * 1e6:>8.1f} {statistics.median(ratios):>9.2f} {worst:>6.2f}"
        )
    return ok


def other_ids(repeat: int) -> None:
    print("\nthe pass and the exchange decisions (CPU µs a call)")
    rules = Rules(players=2, decks=2, exchange="highest_for_one_of_two")
    game = Game(rules, seed=1)
    rng = random.Random(1)
    while game.state.top is None:  # to a position where the seat to act may pass
        game.play(rng.choice(list(game.legal_moves())))
    seen = game.observation(game.to_act)
    space = ActionSpace(rules)
    if space.pass_id in space.moves(seen):
        print(f"  pass, answering ({len(seen.legal_moves)} legal moves): "
              f"{cpu(lambda: space.decode(space.pass_id, seen), 200, repeat) * 1e6:.1f}")
    while not game.is_hand_over:
        game.play(rng.choice(list(game.legal_moves())))
    game.next_hand()
    while game.to_act >= 0 and game.phase is Phase.EXCHANGE:
        seen = game.observation(game.to_act)
        move = seen.legal_moves[-1]
        index = space.encode(move)
        def decode(index: int = index, seen: Observation = seen) -> object:
            return space.decode(index, seen)

        micro = cpu(decode, 200, repeat) * 1e6
        print(f"  {type(move).__name__.lower()} ({len(seen.legal_moves)} decisions open): {micro:.1f}")
        game.play(move)


def largest_first_position(seeds: int) -> tuple[str, Observation]:
    best: tuple[str, Observation] | None = None
    for name, rules in (
        ("Rules(players=2, decks=2)", Rules(players=2, decks=2)),
        ('Rules.preset("two-deck", players=2)', Rules.preset("two-deck", players=2)),
    ):
        for seed in range(seeds):
            game = Game(rules, seed=seed)
            seen = game.observation(game.to_act)
            if best is None or len(seen.legal_moves) > len(best[1].legal_moves):
                best = (f"{name}, seed {seed}", seen)
    assert best is not None
    return best


def round_trip(seeds: int, repeat: int) -> bool:
    name, seen = largest_first_position(seeds)
    space = ActionSpace(seen.rules)
    moves: tuple[Move, ...] = seen.legal_moves
    space.moves(seen)  # (the tables built before timing)

    def new() -> None:
        for move in moves:
            assert space.decode(space.encode(move), seen) == move

    took = cpu(new, 1, repeat)

    def old_decode(index: int) -> Move:
        return {space.encode(move): move for move in seen.legal_moves}[index]

    sample = random.Random(0).sample(list(moves), min(5, len(moves)))
    per_id = cpu(lambda: [old_decode(space.encode(move)) for move in sample], 1, 1) / len(sample)
    print(f"\nthe round trip of every legal move: {name}, {len(moves)} legal moves")
    print(f"  now: {took:.3f} CPU s ({took / len(moves) * 1e6:.1f} µs a move); target under {TARGET_ROUND_TRIP} s")
    print(f"  before (every move encoded for each id, {len(sample)} ids timed, scaled): {per_id * len(moves):.1f} CPU s")
    return took < TARGET_ROUND_TRIP


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer ids and seeds")
    parser.add_argument("--repeat", type=int, default=None, help="rounds a figure (default 5; 3 quick)")
    parser.add_argument("--seeds", type=int, default=None, help="deals searched for the round trip (default 40; 8 quick)")
    args = parser.parse_args(argv)
    repeat = args.repeat or (3 if args.quick else 5)
    seeds = args.seeds or (8 if args.quick else 40)
    print(f"Python {platform.python_version()} on {platform.machine()}; CPU time")
    ok = one_id_table(args.quick, repeat)
    other_ids(repeat)
    ok &= round_trip(seeds, repeat)
    print("\ntargets met" if ok else "\ntarget missed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
