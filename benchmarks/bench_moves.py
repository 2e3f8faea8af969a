#!/usr/bin/env python
"""Benchmark of the legal-move generator, and a side-by-side run against DouZero.

Run from the repository root::

    python benchmarks/bench_moves.py            # the full run (about 2 minutes)
    python benchmarks/bench_moves.py --quick    # a smaller run (well under 20 s)
    python benchmarks/bench_moves.py --json results.json

Part 1 times ``list(legal_plays(hand, rules))`` (every legal lead) and
``list(legal_plays(hand, rules, to_beat=top))`` (every answer to a random top
play) under each preset, in both views, on seeded random hands, in two memo
states: "cold" (a fresh Rules object) and "warm" (after ``--preset-warmup`` other
hands).

Part 2 (only when ``douzero`` is importable) times our generator against
DouZero's on the same Dou Dizhu-sized hands, for the kinds both games share, and
checks that both list the same moves. Its memo states are "cold", "warm" (after
``--warmup`` other hands), "long-run" (after ``--long-warmup`` other hands in all,
the state a simulation of many hands reaches) and "seen" (the hand itself already
listed twice: positions are memoised from their second visit on).

Part 3 (also only with ``douzero``) is a simulation's view: a stream of new hands
(``--stream-hands`` per size), each led once and timed once with the garbage
collector on, ours from a fresh Rules object kept for the whole stream, each
library in a pass of its own over the same hands.

Equal Rules objects share the tables the library derives from them (each module
keeps its own in a ``zhengshangyou.rules.RulesCache``), so every Rules object this
script times or samples with is DETACHED (see ``_detached_rules``): an object equal
only to itself, whose derived tables are its own.

Every time is per position, in microseconds: each position is timed a few times
(``--repeat``) and its MINIMUM is kept; the tables show the MEDIAN of those
minimums over the positions, with the 10th and 90th percentiles. See
``benchmarks/README.md`` for how to read them. No test ever asserts a timing.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import itertools
import json
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from buildinfo import describe

from zhengshangyou import Card, Hand, Kind, Play, Rank, Rules, classify_all, make_deck
from zhengshangyou import hand as _hand
from zhengshangyou import moves as _moves
from zhengshangyou.moves import legal_plays
from zhengshangyou.rankplays import RankPlay, rank_plays
from zhengshangyou.rules import RulesCache

try:  # DouZero is optional: without it part 2 is skipped.
    from douzero.env import move_detector as _md
    from douzero.env import move_selector as _ms
    from douzero.env.move_generator import MovesGener
except ImportError as error:  # numpy missing counts as DouZero missing too
    MovesGener = None
    _DOUZERO_ERROR: str | None = f"{type(error).__name__}: {error}"
else:
    _DOUZERO_ERROR = None

perf_counter_ns = time.perf_counter_ns

#: The rule set restricted to the kinds Zheng Shangyou and Dou Dizhu share.
SHARED_OPTIONS: dict[str, Any] = {
    "players": 3,
    "triple_with_single": True,
    "full_house": True,
    "run_order": "no_two",
    "min_straight": 5,
    "min_pair_run": 3,
    "min_triple_run": 2,
    "four_of_a_kind": "bomb",
    "joker_bomb": True,
    "straight_ranking": "top_card",
    "straight_flush": "none",
}

VIEWS = ("classes", "cards")
OPS = ("lead", "answer")
STATES = ("cold", "warm")
#: The rows of part 2, in table order ("seen" is timed right after "warm").
DZ_STATES = ("cold", "warm", "long-run", "seen")

#: A position whose calls take longer than this is timed once, not ``--repeat`` times.
LONG_NS = 1_000_000

# --------------------------------------------------------------------------------------
# Statistics and timing helpers


@dataclass(frozen=True)
class Summary:
    """Median and 10th/90th percentiles of per-position times, in microseconds."""

    p10: float
    p50: float
    p90: float
    n: int

    @classmethod
    def of(cls, values_ns: Sequence[int]) -> Summary:
        values = sorted(v / 1000 for v in values_ns)
        if len(values) == 1:
            return cls(values[0], values[0], values[0], 1)
        deciles = statistics.quantiles(values, n=10, method="inclusive")
        return cls(deciles[0], statistics.median(values), deciles[8], len(values))

    def cell(self) -> str:
        return f"{_num(self.p50)} [{_num(self.p10)}-{_num(self.p90)}]"

    def as_dict(self) -> dict[str, float]:
        return {"p10_us": round(self.p10, 3), "median_us": round(self.p50, 3),
                "p90_us": round(self.p90, 3), "positions": self.n}


def _num(value: float) -> str:
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:.0f}"
    return f"{value:.1f}"


def _timed(fn: Callable[[], Any]) -> tuple[int, Any]:
    start = perf_counter_ns()
    result = fn()
    return perf_counter_ns() - start, result


class _Quiet:
    """Collect garbage, then keep the cyclic collector off while timing (as timeit does)."""

    def __enter__(self) -> None:
        gc.collect()
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        if self.was_enabled:
            gc.enable()


# --------------------------------------------------------------------------------------
# Memo states: "cold", "warm", "long-run" and "seen"
#
# The generator memoises, in its tables for the rule set, what it builds from each
# rank's cards (and from pairs of ranks, and from run windows, and whole positions).
# Equal Rules objects share those tables (kept by rule set in ``RulesCache``s), so every
# Rules object made here is detached at once (``_detached_rules``): else a "fresh"
# object would find everything that other equal objects memoised, and warming or
# sampling with one object would warm the timed one.
#
# "Cold" means a fresh Rules object: its rule-set tables (the reader, the run windows;
# a per-Rules one-off cost reported separately) are built by listing the plays of an
# EMPTY hand, so the memo holds nothing built from any cards. "Warm" means a Rules
# object warmed on ``--warmup`` other seeded hands, "long-run" the same object warmed
# further, to ``--long-warmup`` other hands in all; every timed call still sees its
# position for the first time, because the entries a timed call adds are removed
# again before the next call. "Seen" means the warm object after one untimed call on
# the very same position.


class _Detached(Rules):
    """Rules equal only to themselves: the library's caches, keyed by rule set, keep
    tables of their own for each such object."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return self is other

    # By identity, in C: a hash written in Python would add its call to every look-up
    # of the library's caches, which a real Rules object (hashed once) never pays.
    __hash__ = object.__hash__


def _detached_rules(options: dict[str, Any]) -> Rules:
    """``Rules(**options)`` with derived tables of its own instead of those equal rule
    sets share."""
    return _Detached(**options)


def _fresh_rules(options: dict[str, Any], views: Sequence[str]) -> Rules:
    """A fresh Rules object with its rule-set tables built and nothing from any cards."""
    rules = _detached_rules(options)
    for view in views:
        list(legal_plays(Hand(()), rules, view=view))  # type: ignore[arg-type]
    return rules


@contextlib.contextmanager
def _cold_module_tables() -> Iterator[None]:
    """Inside: the module-level caches empty (per-rank card subsets for the card view,
    and the memos of :func:`_module_tables`), as in a new process. After: the memos
    as they were, so that the warm timings that follow find their state unchanged
    (the subset cache stays empty; it is the card view's and refills quickly)."""
    subsets = getattr(_moves, "_subsets", None)
    if subsets is not None and hasattr(subsets, "cache_clear"):
        subsets.cache_clear()
    saved = [(table, dict(table)) for table in _module_tables()]
    for table, _ in saved:
        table.clear()
    try:
        yield
    finally:
        for table, content in saved:
            table.clear()
            table.update(content)


def _module_tables() -> list[dict[object, object]]:
    """The module-level memos a call may add to (the lowest cards of a rank code, the
    cards of a rank code): undone like the rest."""
    found: list[dict[object, object]] = []
    for table in (getattr(_hand, "_DECODED", None), *getattr(_moves, "_LOWEST", ())):
        if isinstance(table, dict):
            found.append(table)
    return found


def _memo_tables(rules: Rules) -> list[dict[object, object]]:
    """Every table a call on ``rules`` may add to: the generator's tables (through
    ``memos()``) for both views, and the module-level memos. (The reader's cache of
    readings is not undone: it holds the top plays' readings, which a warm rule set
    keeps, as it always did here.)"""
    found: list[dict[object, object]] = _module_tables()
    for cache in RulesCache.caches:
        value = cache.get(rules)
        if callable(getattr(value, "memos", None)):
            found.extend(value.memos())  # type: ignore[union-attr]
    return found


def _memo_mark(rules: Rules) -> list[tuple[dict[object, object], int]]:
    """The size of every table in the memo, to undo what a call adds."""
    return [(table, len(table)) for table in _memo_tables(rules)]


def _memo_undo(marks: list[tuple[dict[object, object], int]], rules: Rules) -> None:
    """Remove the entries added since ``marks`` (dicts keep insertion order). Tables
    created since then are emptied too; a table emptied because it was full stays so."""
    marked = {id(table) for table, _ in marks}
    for table, size in marks:
        extra = len(table) - size
        if extra > 0:
            for added in list(itertools.islice(reversed(table), extra)):
                del table[added]
    for table in _memo_tables(rules):
        if id(table) not in marked:
            table.clear()


# --------------------------------------------------------------------------------------
# Seeded positions: hands and random top plays


def _rng(seed: int, *labels: object) -> random.Random:
    return random.Random("/".join(map(str, (seed, *labels))))


def _rest_by_rank(deck: Sequence[Card], hand: Sequence[Card]) -> list[list[Card]]:
    left = Counter(deck)
    left.subtract(hand)
    groups: list[list[Card]] = [[] for _ in range(15)]
    for card, count in sorted(left.items()):
        groups[card.rank].extend([card] * count)
    return groups


# Run positions from a low A-2 to a high A-2: the rules decide which windows are runs.
_LINE = (Rank.ACE, Rank.TWO, *(Rank(rank) for rank in range(Rank.THREE, Rank.KING + 1)),
         Rank.ACE, Rank.TWO)


def _pick_group(rng: random.Random, rest: list[list[Card]], size: int,
                avoid: int = -1, plain: bool = False) -> list[Card] | None:
    ranks = [r for r in range(13 if plain else 15) if len(rest[r]) >= size and r != avoid]
    if not ranks:
        return None
    rank = rng.choice(ranks)
    return rng.sample(rest[rank], size)


def _shape_group(size: int, kind: Kind) -> Callable[..., tuple[list[Card] | None, set[Kind]]]:
    def make(rng: random.Random, rest: list[list[Card]], rules: Rules):
        kinds = {kind, Kind.TRIPLE_BOMB, Kind.FOUR_OF_A_KIND} if size in (3, 4) else {kind}
        return _pick_group(rng, rest, size, plain=size >= 3), kinds
    return make


def _shape_attached(main: int, extra: int, kind: Kind) -> Callable[..., tuple[list[Card] | None, set[Kind]]]:
    def make(rng: random.Random, rest: list[list[Card]], rules: Rules):
        group = _pick_group(rng, rest, main, plain=True)
        if group is None:
            return None, {kind}
        more = _pick_group(rng, rest, extra, avoid=group[0].rank)
        return (None if more is None else group + more), {kind}
    return make


def _shape_run(width: int, kind: Kind, flush: bool = False) -> Callable[..., tuple[list[Card] | None, set[Kind]]]:
    def make(rng: random.Random, rest: list[list[Card]], rules: Rules):
        low = {1: rules.min_straight, 2: rules.min_pair_run, 3: rules.min_triple_run}[width]
        length = rng.randint(low, low + 3)
        start = rng.randrange(len(_LINE) - length + 1)
        ranks = _LINE[start:start + length]
        if len(set(ranks)) != length:
            return None, {kind}
        suit = rng.randrange(4)
        cards: list[Card] = []
        for rank in ranks:
            pool = [c for c in rest[rank] if c.suit == suit] if flush else rest[rank]
            if len(pool) < width:
                return None, {kind}
            cards.extend(rng.sample(pool, width))
        return cards, {kind}
    return make


def _shape_jokers(rng: random.Random, rest: list[list[Card]], rules: Rules):
    jokers = rest[Rank.BLACK_JOKER] + rest[Rank.RED_JOKER]
    return (jokers if len(jokers) == 2 * rules.decks else None), {Kind.JOKER_BOMB}


_SHAPES = (
    _shape_group(1, Kind.SINGLE),
    _shape_group(2, Kind.PAIR),
    _shape_group(3, Kind.TRIPLE),
    _shape_group(4, Kind.BOMB),
    _shape_attached(3, 2, Kind.FULL_HOUSE),
    _shape_attached(3, 1, Kind.TRIPLE_WITH_SINGLE),
    _shape_attached(4, 1, Kind.BOMB_WITH_KICKER),
    _shape_run(1, Kind.STRAIGHT),
    _shape_run(1, Kind.STRAIGHT_FLUSH, flush=True),
    _shape_run(2, Kind.PAIR_RUN),
    _shape_run(3, Kind.TRIPLE_RUN),
    _shape_jokers,
)
_BIG_BOMBS = tuple(_shape_group(size, Kind.BOMB) for size in (5, 6, 7, 8))


def draw_top(rng: random.Random, rest: list[list[Card]], rules: Rules) -> Play:
    """A random play made of the rest of the deck, of a kind these rules have.

    A shape (a kind's pattern of ranks) is chosen uniformly, filled with random
    cards of the rest of the deck, and CLASSIFIED under ``rules``; it is kept when it
    reads as exactly one play, of the kind the shape aimed at (else the shape is
    filled again, up to ``_TRIES`` times, then another shape is chosen). So the tops
    spread roughly evenly over the kinds the rules have and the rest of the deck can
    form.
    """
    shapes = _SHAPES + (_BIG_BOMBS if rules.decks == 2 else ())
    for _ in range(1000):
        shape = rng.choice(shapes)
        for _ in range(_TRIES):  # stay with a shape a while, so that hard kinds come up too
            cards, kinds = shape(rng, rest, rules)
            if cards is None:
                continue
            readings = classify_all(cards, rules)
            if len(readings) == 1 and readings[0].kind in kinds:
                return readings[0]
    raise RuntimeError("no top play could be drawn")  # pragma: no cover


#: Attempts at one shape before another is chosen.
_TRIES = 50


@dataclass
class Position:
    hand: Hand
    top: Play


def make_positions(seed: int, label: str, rules: Rules, deal_from: Sequence[Card],
                   size: int, count: int) -> list[Position]:
    """``count`` seeded hands of ``size`` cards dealt from ``deal_from``, each with a top
    play drawn from the rest of the rules' deck."""
    hands, tops = _rng(seed, label, size, "hands"), _rng(seed, label, size, "tops")
    deck = rules.deck()
    found = []
    for _ in range(count):
        cards = hands.sample(list(deal_from), size)
        found.append(Position(Hand(cards), draw_top(tops, _rest_by_rank(deck, cards), rules)))
    return found


# --------------------------------------------------------------------------------------
# Part 1: every preset, both views


@dataclass
class Cell:
    """One (preset, size, view, op) line of part 1."""

    preset: str
    size: int
    view: str
    op: str
    times: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in STATES})
    counts: list[int] = field(default_factory=list)
    top_kinds: Counter[str] = field(default_factory=Counter)


def _sizes(rules: Rules) -> list[tuple[int, int]]:
    """(hand size, decks dealt from): 13/14/18 from one deck; 27 from two, two-deck rules only."""
    sizes = [(13, 1), (14, 1), (18, 1)]
    if rules.decks == 2:
        sizes.append((27, 2))
    return sizes


def _call(hand: Hand, rules: Rules, view: str, top: Play | None) -> Callable[[], list[Play]]:
    return lambda: list(legal_plays(hand, rules, top, view=view))  # type: ignore[arg-type]


def _time_preset(pos: Position, view: str, op: str, options: dict[str, Any], warm: Rules,
                 repeat: int, cell: Cell) -> None:
    """Time one position, cold and warm alternately; keep the minimum of each."""
    top = pos.top if op == "answer" else None
    best: dict[str, int] = {}
    for _ in range(repeat):
        cold = _fresh_rules(options, (view,))
        with _cold_module_tables():
            elapsed, plays = _timed(_call(pos.hand, cold, view, top))
        RulesCache.forget(cold)  # (bounded caches: cold objects must not push out the warm one)
        best["cold"] = min(best.get("cold", elapsed), elapsed)
        marks = _memo_mark(warm)
        elapsed, again = _timed(_call(pos.hand, warm, view, top))
        _memo_undo(marks, warm)
        best["warm"] = min(best.get("warm", elapsed), elapsed)
        if plays != again:
            raise AssertionError(f"cold and warm lists differ on {pos.hand} ({view}, {op})")
        if min(best.values()) > LONG_NS:
            break  # a long call: one timing is precise enough
    for state in STATES:
        cell.times[state].append(best[state])
    cell.counts.append(len(plays))
    if top is not None:
        cell.top_kinds[top.kind.value] += 1


def run_presets(seed: int, positions: int, repeat: int, warmup: int,
                log: Callable[[str], None]) -> tuple[list[Cell], dict[str, float]]:
    cells: list[Cell] = []
    setup_us: dict[str, float] = {}
    for preset in Rules.preset_names():
        options = {**Rules.preset(preset).to_dict()}
        sampler = _detached_rules(options)  # draws the tops: its memo is not the timed one's
        started = time.perf_counter()
        # One-off cost of a fresh Rules object's rule-set tables (median of 21 builds).
        builds = []
        for _ in range(21):
            fresh = _detached_rules(options)
            builds.append(_timed(lambda fresh=fresh: [list(legal_plays(Hand(()), fresh, view=v))  # type: ignore[arg-type]
                                                      for v in VIEWS])[0])
            RulesCache.forget(fresh)
        setup_us[preset] = statistics.median(builds) / 1000

        # Warm state: one Rules object warmed on `warmup` other hands of the same sizes.
        warm = _detached_rules(options)
        sizes = _sizes(warm)
        wrng = _rng(seed, "warmup", preset)
        for index in range(warmup):
            size, decks = sizes[index % len(sizes)]
            cards = wrng.sample(make_deck(decks), size)
            hand = Hand(cards)
            top = draw_top(wrng, _rest_by_rank(warm.deck(), cards), sampler)
            for view in VIEWS:
                list(legal_plays(hand, warm, view=view))  # type: ignore[arg-type]
                list(legal_plays(hand, warm, top, view=view))  # type: ignore[arg-type]

        for size, decks in sizes:
            group = make_positions(seed, preset, sampler, make_deck(decks), size, positions)
            line = {(v, o): Cell(preset, size, v, o) for v in VIEWS for o in OPS}
            with _Quiet():
                for pos in group:
                    for (view, op), cell in line.items():
                        _time_preset(pos, view, op, options, warm, repeat, cell)
            cells.extend(line.values())
        log(f"  {preset}: done in {time.perf_counter() - started:.1f} s")
    return cells, setup_us


# --------------------------------------------------------------------------------------
# Part 2: DouZero, on the kinds both games share

#: Our ranks 3..A, 2, BJ, RJ as DouZero's card ints.
DOUZERO_INT = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)


def to_douzero(cards: Sequence[Card]) -> list[int]:
    return sorted(DOUZERO_INT[card.rank] for card in cards)


def douzero_leads(cards: list[int]) -> list[list[int]]:
    """DouZero's ``MovesGener.gen_moves`` without the kinds Zheng Shangyou lacks
    (airplanes with wings, 4+2): the same calls, in the same order."""
    mg = MovesGener(cards)
    moves: list[list[int]] = []
    moves.extend(mg.gen_type_1_single())
    moves.extend(mg.gen_type_2_pair())
    moves.extend(mg.gen_type_3_triple())
    moves.extend(mg.gen_type_4_bomb())
    moves.extend(mg.gen_type_5_king_bomb())
    moves.extend(mg.gen_type_6_3_1())
    moves.extend(mg.gen_type_7_3_2())
    moves.extend(mg.gen_type_8_serial_single())
    moves.extend(mg.gen_type_9_serial_pair())
    moves.extend(mg.gen_type_10_serial_triple())
    return moves


def douzero_answers(cards: list[int], rival_move: list[int], rival_type: int,
                    rival_len: int) -> list[list[int]]:
    """DouZero's ``GameEnv.get_legal_card_play_actions`` for a rival move of a shared kind.

    The rival's type comes from ``move_detector.get_move_type``, computed before
    timing (our side too gets an already classified play). Left out, as our API has
    no counterpart: the pass entry and the final in-place sort of every move.
    """
    mg = MovesGener(cards)
    if rival_type == _md.TYPE_1_SINGLE:
        moves = _ms.filter_type_1_single(mg.gen_type_1_single(), rival_move)
    elif rival_type == _md.TYPE_2_PAIR:
        moves = _ms.filter_type_2_pair(mg.gen_type_2_pair(), rival_move)
    elif rival_type == _md.TYPE_3_TRIPLE:
        moves = _ms.filter_type_3_triple(mg.gen_type_3_triple(), rival_move)
    elif rival_type == _md.TYPE_4_BOMB:
        all_moves = mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()
        moves = _ms.filter_type_4_bomb(all_moves, rival_move)
    elif rival_type == _md.TYPE_5_KING_BOMB:
        moves = []
    elif rival_type == _md.TYPE_6_3_1:
        moves = _ms.filter_type_6_3_1(mg.gen_type_6_3_1(), rival_move)
    elif rival_type == _md.TYPE_7_3_2:
        moves = _ms.filter_type_7_3_2(mg.gen_type_7_3_2(), rival_move)
    elif rival_type == _md.TYPE_8_SERIAL_SINGLE:
        all_moves = mg.gen_type_8_serial_single(repeat_num=rival_len)
        moves = _ms.filter_type_8_serial_single(all_moves, rival_move)
    elif rival_type == _md.TYPE_9_SERIAL_PAIR:
        all_moves = mg.gen_type_9_serial_pair(repeat_num=rival_len)
        moves = _ms.filter_type_9_serial_pair(all_moves, rival_move)
    elif rival_type == _md.TYPE_10_SERIAL_TRIPLE:
        all_moves = mg.gen_type_10_serial_triple(repeat_num=rival_len)
        moves = _ms.filter_type_10_serial_triple(all_moves, rival_move)
    else:
        raise ValueError(f"not a shared kind: DouZero type {rival_type}")
    if rival_type not in (_md.TYPE_4_BOMB, _md.TYPE_5_KING_BOMB):
        moves = moves + mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()
    return moves


_EXPECTED_TYPE = {
    Kind.SINGLE: "TYPE_1_SINGLE",
    Kind.PAIR: "TYPE_2_PAIR",
    Kind.TRIPLE: "TYPE_3_TRIPLE",
    Kind.BOMB: "TYPE_4_BOMB",
    Kind.JOKER_BOMB: "TYPE_5_KING_BOMB",
    Kind.TRIPLE_WITH_SINGLE: "TYPE_6_3_1",
    Kind.FULL_HOUSE: "TYPE_7_3_2",
    Kind.STRAIGHT: "TYPE_8_SERIAL_SINGLE",
    Kind.PAIR_RUN: "TYPE_9_SERIAL_PAIR",
    Kind.TRIPLE_RUN: "TYPE_10_SERIAL_TRIPLE",
}


@dataclass
class DzPosition:
    hand: Hand
    ints: list[int]
    top: Play
    rival: list[int]
    rival_type: int
    rival_len: int


def _douzero_positions(seed: int, label: str, rules: Rules, size: int, count: int) -> list[DzPosition]:
    found = []
    for pos in make_positions(seed, label, rules, rules.deck(), size, count):
        rival = to_douzero(pos.top.cards)
        detected = _md.get_move_type(rival)
        expected = getattr(_md, _EXPECTED_TYPE[pos.top.kind])
        if detected["type"] != expected:
            raise AssertionError(f"DouZero reads {pos.top} as type {detected}, not {expected}")
        found.append(DzPosition(pos.hand, to_douzero(pos.hand.cards), pos.top, rival,
                                detected["type"], detected.get("len", 1)))
    return found


@dataclass
class DzCell:
    size: int
    op: str
    state: str
    ours: list[int] = field(default_factory=list)
    theirs: list[int] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    #: Each position's first timing on each side (before repeats find the caches warm).
    ours_first: list[int] = field(default_factory=list)
    theirs_first: list[int] = field(default_factory=list)


def _as_douzero_moves(plays: Sequence[Play] | Sequence[RankPlay]) -> Counter[tuple[int, ...]]:
    return Counter(
        tuple(sorted(DOUZERO_INT[rank] for rank in play.ranks)) if isinstance(play, RankPlay)
        else tuple(to_douzero(play.cards))
        for play in plays
    )


def _race(pos: DzPosition, op: str, state: str, warm: Rules, repeat: int,
          cell: DzCell) -> tuple[list[Play], list[list[int]], list[RankPlay]]:
    """Time one position on both sides, alternately, ``repeat`` times, then our rank
    plays ``repeat`` times; keep the minimums.

    ``warm`` is the warmed Rules object ("warm", "long-run" and "seen"); whatever the
    timed calls add to its memo is removed again, so that it stays as it was."""
    top = pos.top if op == "answer" else None
    ints, rival, rival_type, rival_len = pos.ints, pos.rival, pos.rival_type, pos.rival_len

    theirs: Callable[[], list[list[int]]]
    if top is None:
        theirs = functools.partial(douzero_leads, ints)
    else:
        theirs = functools.partial(douzero_answers, ints, rival, rival_type, rival_len)

    best: dict[str, int] = {}
    first: dict[str, int] = {}
    marks = _memo_mark(warm)
    if state == "seen":
        # Positions are kept from their second visit on: after these two, the memo
        # holds this one.
        for _ in range(2):
            list(legal_plays(pos.hand, warm, top, view="classes"))
    results: dict[str, Any] = {}
    # The class view and DouZero, alternately; then the rank plays on their own (in
    # the cold state, building the space of rank plays would leave the CPU caches
    # cold for whatever came next, and fill the memo the class view reads).
    groups: list[list[tuple[str, Callable[[Rules], Callable[[], Any]]]]] = [
        [("ours", lambda rules: _call(pos.hand, rules, "classes", top)),
         ("theirs", lambda rules: theirs)],
        [("ranks", lambda rules: _call_ranks(pos.hand, rules, top))],
    ]
    for group in groups:
        for rep in range(repeat):
            rules = _fresh_rules(SHARED_OPTIONS, ("classes",)) if state == "cold" else warm
            with _cold_module_tables() if state == "cold" else contextlib.nullcontext():
                for name, make in group if rep % 2 == 0 else group[::-1]:
                    elapsed, results[name] = _timed(make(rules))
                    best[name] = min(best.get(name, elapsed), elapsed)
                    first.setdefault(name, elapsed)
            if state in ("warm", "long-run"):
                _memo_undo(marks, warm)  # so that the next timing sees this hand afresh too
            elif state == "cold":
                # Dropped at once: the caches keep a bounded number of rule sets, and
                # cold objects piling up would push the warm one's tables out.
                RulesCache.forget(rules)
    _memo_undo(marks, warm)
    cell.ours.append(best["ours"])
    cell.theirs.append(best["theirs"])
    cell.ranks.append(best["ranks"])
    cell.counts.append(len(results["ours"]))
    cell.ours_first.append(first["ours"])
    cell.theirs_first.append(first["theirs"])
    return results["ours"], results["theirs"], results["ranks"]


def _call_ranks(hand: Hand, rules: Rules, top: Play | None) -> Callable[[], list[RankPlay]]:
    """Our rank plays (the rule set's space is built on the first call, as a cold call shows)."""
    return lambda: rank_plays(rules).legal(hand, top)


def _compare(pos: DzPosition, op: str, plays: list[Play] | list[RankPlay],
             found: list[list[int]]) -> str | None:
    """None when both sides list the same moves, else a report naming the hand."""
    mine = _as_douzero_moves(plays)
    their = Counter(tuple(sorted(move)) for move in found)
    if len(plays) == len(found) and mine == their:
        return None
    return (
        f"{op} of {len(pos.hand)}-card hand {pos.hand} (DouZero {pos.ints})"
        + (f" to {pos.top!r} (DouZero {pos.rival})" if op == "answer" else "")
        + f": ours ({'rank plays' if plays and isinstance(plays[0], RankPlay) else 'class view'})"
        + f" {len(plays)}, DouZero {len(found)};"
        + f" only ours {sorted((mine - their).elements())},"
        + f" only DouZero {sorted((their - mine).elements())}"
    )


#: The hand sizes of part 2 (Dou Dizhu's: a farmer's 17 cards, the landlord's 20).
DZ_SIZES = (17, 20)


def _warm_up_shared(rules: Rules, sampler: Rules, wrng: random.Random, start: int,
                    stop: int) -> None:
    """Warm ``rules`` on the seeded hands ``start`` to ``stop - 1`` of ``wrng``'s stream:
    17 and 20 cards alternately, each led and answering a random top (drawn with
    ``sampler``, so that drawing never touches the memo of ``rules``)."""
    deck = rules.deck()
    for index in range(start, stop):
        cards = wrng.sample(deck, DZ_SIZES[index % 2])
        hand = Hand(cards)
        list(legal_plays(hand, rules, view="classes"))
        rank_plays(rules).legal(hand)
        top = draw_top(wrng, _rest_by_rank(deck, cards), sampler)
        list(legal_plays(hand, rules, top, view="classes"))
        rank_plays(rules).legal(hand, top)


def run_douzero(seed: int, positions: int, repeat: int, warmup: int, long_warmup: int,
                log: Callable[[str], None]) -> tuple[list[DzCell], list[str], dict[int, dict[str, int]]]:
    """Race both libraries on every size, op and state; the cells come in table order.

    The warm object is warmed on ``warmup`` hands and timed ("warm", "seen"; "cold"
    alongside), then warmed further on the same stream to ``long_warmup`` hands in
    all and timed again ("long-run")."""
    sampler = _detached_rules(SHARED_OPTIONS)
    warm = _detached_rules(SHARED_OPTIONS)
    wrng = _rng(seed, "douzero-warmup")
    started = time.perf_counter()
    _warm_up_shared(warm, sampler, wrng, 0, warmup)
    log(f"  warm-up of {warmup} hands: {time.perf_counter() - started:.1f} s")

    groups = {size: _douzero_positions(seed, "douzero", sampler, size, positions)
              for size in DZ_SIZES}
    top_kinds = {size: dict(sorted(Counter(pos.top.kind.value for pos in group).items()))
                 for size, group in groups.items()}
    cells: dict[tuple[int, str, str], DzCell] = {}
    mismatches: list[str] = []

    def race(size: int, op: str, state: str) -> None:
        cell = cells[size, op, state] = DzCell(size, op, state)
        with _Quiet():
            for pos in groups[size]:
                plays, found, ranked = _race(pos, op, state, warm, repeat, cell)
                if state == "cold":  # the same lists in every state: check once
                    for ours in (plays, ranked):
                        mismatch = _compare(pos, op, ours, found)
                        if mismatch:
                            mismatches.append(mismatch)

    for size in DZ_SIZES:
        for op in OPS:
            for state in ("cold", "warm", "seen"):
                race(size, op, state)
        log(f"  {size}-card hands: done ({time.perf_counter() - started:.1f} s so far)")

    more = time.perf_counter()
    _warm_up_shared(warm, sampler, wrng, warmup, long_warmup)
    log(f"  long-run warm-up, {warmup} to {long_warmup} hands: {time.perf_counter() - more:.1f} s")
    for size in DZ_SIZES:
        for op in OPS:
            race(size, op, "long-run")
        log(f"  {size}-card hands, long-run: done ({time.perf_counter() - started:.1f} s so far)")
    ordered = [cells[size, op, state] for size in DZ_SIZES for op in OPS for state in DZ_STATES]
    return ordered, mismatches, top_kinds


# --------------------------------------------------------------------------------------
# Part 3: a simulation's stream of new hands


@dataclass
class StreamCell:
    size: int
    ours: list[int]
    theirs: list[int]
    ranks: list[int]


def _stream_pass(seed: int, size: int, count: int, who: str) -> list[int]:
    """One pass over ``count`` seeded new hands of ``size`` cards, each led once and
    timed once, with the garbage collector ON, as a simulation meets them: by DouZero
    (``who="douzero"``), our class view (``"classes"``) or our rank plays
    (``"ranks"``). Ours starts from a fresh Rules object with empty module memos (as a
    new process would) and keeps it for the whole pass, so its first call builds the
    rule set's tables (and the rank plays' space); dealing a hand is not timed."""
    ours = who != "douzero"
    rng = _rng(seed, "stream", size)
    rules = _detached_rules(SHARED_OPTIONS)
    deck = rules.deck()
    times: list[int] = []
    gc.collect()
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        with _cold_module_tables() if ours else contextlib.nullcontext():
            for _ in range(count):
                cards = rng.sample(deck, size)
                if who == "ranks":
                    hand = Hand(cards)
                    start = perf_counter_ns()
                    rank_plays(rules).legal(hand)
                elif ours:
                    hand = Hand(cards)
                    start = perf_counter_ns()
                    list(legal_plays(hand, rules, view="classes"))
                else:
                    ints = to_douzero(cards)
                    start = perf_counter_ns()
                    douzero_leads(ints)
                times.append(perf_counter_ns() - start)
    finally:
        if not was_enabled:
            gc.disable()
    return times


def run_stream(seed: int, count: int, log: Callable[[str], None]) -> list[StreamCell]:
    """Both libraries' passes (DouZero's first) over the same hands, per size."""
    cells = []
    for size in DZ_SIZES:
        started = time.perf_counter()
        theirs = _stream_pass(seed, size, count, "douzero")
        ours = _stream_pass(seed, size, count, "classes")
        ranks = _stream_pass(seed, size, count, "ranks")
        cells.append(StreamCell(size, ours, theirs, ranks))
        log(f"  {size}-card stream: {time.perf_counter() - started:.1f} s")
    return cells


def _stream_rows(cell: StreamCell) -> tuple[list[list[str]], dict[str, Any]]:
    """The table rows (our class view, our rank plays) and the JSON entry of one stream."""
    n = len(cell.ours)
    tail = n // 2

    def mean_us(values: Sequence[int]) -> float:
        return statistics.fmean(values) / 1000

    theirs = Summary.of(cell.theirs)
    rows, entry = [], {"cards": cell.size, "hands": n,
                       "douzero": {**theirs.as_dict(), "mean_us": round(mean_us(cell.theirs), 3)}}
    for label, times in (("class view", cell.ours), ("rank plays", cell.ranks)):
        ours = Summary.of(times)
        total = sum(times) / sum(cell.theirs)
        rows.append([str(cell.size), f"{n:,}", label, f"{_num(mean_us(times))} / {ours.cell()}",
                     f"{_num(mean_us(cell.theirs))} / {theirs.cell()}", f"{total:.2f}",
                     f"{ours.p50 / theirs.p50:.2f}",
                     f"{_num(mean_us(times[: n // 10]))} / {_num(mean_us(times[-tail:]))}"])
        entry["ours" if label == "class view" else "rank_plays"] = {
            **ours.as_dict(), "mean_us": round(mean_us(times), 3),
            "first_tenth_mean_us": round(mean_us(times[: n // 10]), 3),
            "second_half_mean_us": round(mean_us(times[-tail:]), 3),
            "ratio_of_totals": round(total, 4),
            "ratio_of_medians": round(ours.p50 / theirs.p50, 4),
        }
    return rows, entry


# --------------------------------------------------------------------------------------
# Reporting


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows, strict=False)]

    def fmt(row: Sequence[str]) -> str:
        return "  ".join(
            str(v).rjust(w) if r else str(v).ljust(w)
            for v, w, r in zip(row, widths, right, strict=False)
        ).rstrip()

    lines = [fmt(headers), "  ".join("-" * w for w in widths)]
    lines.extend(fmt(row) for row in rows)
    return "\n".join(lines)


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="fewer positions, repetitions and warm-up hands (a smoke run, well under 20 s)")
    parser.add_argument("--positions", type=int, help="positions per preset and hand size (default 500; 30 with --quick)")
    parser.add_argument("--dz-positions", type=int, help="positions per hand size against DouZero (default 500; 100 with --quick)")
    parser.add_argument("--repeat", type=int, help="timings per position against DouZero, the minimum is kept (default 3; 2 with --quick)")
    parser.add_argument("--preset-repeat", type=int, help="timings per position in part 1 (default 2)")
    parser.add_argument("--warmup", type=int, default=2000, help="warm-up hands before the warm state against DouZero (default 2000)")
    parser.add_argument("--long-warmup", type=int, help="warm-up hands in all before the long-run state against DouZero, "
                        "at least --warmup (default 50000; 10000 with --quick)")
    parser.add_argument("--preset-warmup", type=int, help="warm-up hands per preset in part 1 (default 2000; 200 with --quick)")
    parser.add_argument("--stream-hands", type=int, help="new hands per size in the stream of part 3 "
                        "(default 50000; 5000 with --quick; 0 skips it)")
    parser.add_argument("--seed", type=int, default=20240601, help="the seed of every hand and top play")
    parser.add_argument("--json", metavar="PATH", help="also write every number to PATH as JSON")
    parser.add_argument("--no-douzero", action="store_true", help="skip the DouZero comparison")
    args = parser.parse_args(argv)
    quick = args.quick
    positions = args.positions or (30 if quick else 500)
    dz_positions = args.dz_positions or (100 if quick else 500)
    repeat = args.repeat or (2 if quick else 3)
    preset_repeat = args.preset_repeat or 2
    preset_warmup = args.preset_warmup if args.preset_warmup is not None else (200 if quick else 2000)
    warmup = args.warmup
    long_warmup = args.long_warmup if args.long_warmup is not None else (10_000 if quick else 50_000)
    stream_hands = args.stream_hands if args.stream_hands is not None else (5_000 if quick else 50_000)
    if warmup < 0 or long_warmup < warmup:
        parser.error(f"need 0 <= --warmup <= --long-warmup, got {warmup} and {long_warmup}")

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    run_started = time.perf_counter()
    print("zhengshangyou legal-move benchmark")
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.system()} {platform.machine()}; {platform.platform()}")
    print(f"{os.cpu_count()} CPUs; load average at start {_load()}")
    print(describe())
    print(f"seed {args.seed}; per position: the MINIMUM of {preset_repeat} timings in part 1, of {repeat} in "
          "part 2 (in part 1 once for a call over 1 ms);")
    print("time.perf_counter_ns with the garbage collector off; tables show median [p10-p90] over "
          "positions, in microseconds")
    print()

    log("part 1: presets")
    cells, setup_us = run_presets(args.seed, positions, preset_repeat, preset_warmup, log)
    print(f"1. Every preset: {positions} seeded positions per hand size (13/14/18 dealt from one "
          "deck, 27 from two)")
    print("   lead = list(legal_plays(hand, rules)); answer = ... to_beat=<random top play from the rest of the deck>")
    print("   cold = fresh Rules object (rule-set tables built, nothing memoised from any cards);")
    print(f"   warm = Rules object after {preset_warmup} other hands, each call still seeing its hand for the first time")
    print()
    rows = []
    for cell in cells:
        cold, warm = Summary.of(cell.times["cold"]), Summary.of(cell.times["warm"])
        rows.append([cell.preset, str(cell.size), cell.view, cell.op,
                     f"{statistics.fmean(cell.counts):.1f}", cold.cell(), warm.cell()])
    print(_table(["preset", "cards", "view", "op", "mean plays", "cold us", "warm us"], rows,
                 [False, True, False, False, True, True, True]))
    print()
    print("   one-off per Rules object (not in the times above): building the rule-set tables, "
          + ", ".join(f"{p} {_num(us)} us" for p, us in setup_us.items()))
    print()

    report: dict[str, Any] = {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "seed": args.seed,
        "repeat": repeat,
        "preset_repeat": preset_repeat,
        "per_position": "minimum over repeats (one timing for a call over 1 ms)",
        "load_average_start": _load(),
        "quick": quick,
        "presets": [
            {
                "preset": c.preset, "cards": c.size, "view": c.view, "op": c.op,
                "mean_plays": round(statistics.fmean(c.counts), 3),
                "cold": Summary.of(c.times["cold"]).as_dict(),
                "warm": Summary.of(c.times["warm"]).as_dict(),
                "top_kinds": dict(sorted(c.top_kinds.items())),
            }
            for c in cells
        ],
        "preset_warmup_hands": preset_warmup,
        "rules_setup_us": {p: round(us, 3) for p, us in setup_us.items()},
    }

    status = 0
    if args.no_douzero or MovesGener is None:
        why = "--no-douzero" if args.no_douzero else f"douzero is not importable ({_DOUZERO_ERROR})"
        print(f"2. DouZero comparison skipped: {why}.")
        print("   Install it with: pip install --no-deps douzero==1.1.0 numpy")
        report["douzero"] = None
    else:
        import importlib.metadata

        try:
            dz_version = importlib.metadata.version("douzero")
        except importlib.metadata.PackageNotFoundError:
            dz_version = "unknown"
        log("part 2: DouZero")
        dz_cells, mismatches, dz_top_kinds = run_douzero(args.seed, dz_positions, repeat, warmup,
                                                         long_warmup, log)
        print(f"2. Against DouZero {dz_version} on the kinds both games share: {dz_positions} "
              "hands of 17 and of 20 cards from a 54-card deck")
        print("   ours = list(legal_plays(hand, Rules(<shared kinds>), [to_beat], view='classes')): Plays with cards;")
        print("   DouZero = MovesGener + gen_type_1..10 (lead) / + move_selector.filter_type_* + bombs + king bomb (answer)")
        print("   cold = fresh Rules object per timing (rule-set tables built, nothing memoised from any cards);")
        print(f"   warm = one Rules object after a warm-up of {warmup:,} other hands; long-run = the same object after "
              f"{long_warmup:,} other hands in all")
        print("   (each warm and long-run call still seeing its hand for the first time); seen = warm, after two "
              "untimed calls on this very hand;")
        print("   the two libraries are timed alternately, position by position")
        print()
        rows = []
        dz_report = []
        for c in dz_cells:
            ours, theirs, ranks = Summary.of(c.ours), Summary.of(c.theirs), Summary.of(c.ranks)
            per_position = statistics.median(a / b for a, b in zip(c.ours, c.theirs, strict=True))
            per_position_ranks = statistics.median(
                a / b for a, b in zip(c.ranks, c.theirs, strict=True)
            )
            first_ratio = statistics.median(c.ours_first) / statistics.median(c.theirs_first)
            rows.append([str(c.size), c.op, c.state, f"{statistics.fmean(c.counts):.1f}",
                         ours.cell(), theirs.cell(), f"{ours.p50 / theirs.p50:.2f}",
                         f"{per_position:.2f}", f"{first_ratio:.2f}", ranks.cell(),
                         f"{ranks.p50 / theirs.p50:.2f}", f"{per_position_ranks:.2f}"])
            dz_report.append({
                "cards": c.size, "op": c.op, "state": c.state,
                "mean_moves": round(statistics.fmean(c.counts), 3),
                "ours": ours.as_dict(), "douzero": theirs.as_dict(),
                "ratio_of_medians": round(ours.p50 / theirs.p50, 4),
                "median_of_ratios": round(per_position, 4),
                "first_call_ratio_of_medians": round(first_ratio, 4),
                "rank_plays": ranks.as_dict(),
                "rank_plays_ratio_of_medians": round(ranks.p50 / theirs.p50, 4),
                "rank_plays_median_of_ratios": round(per_position_ranks, 4),
            })
        print(_table(["cards", "op", "state", "mean moves", "ours us", "DouZero us",
                      "ours/DZ", "median ratio", "1st ours/DZ", "rank plays us", "ranks/DZ",
                      "median ratio"], rows,
                     [True, False, False, True, True, True, True, True, True, True, True, True]))
        print()
        print("   ours/DZ = median(ours) / median(DouZero); median ratio = median over positions of ours/DouZero;")
        print("   1st ours/DZ = the same ratio of each position's FIRST timing instead of its minimum: the call that")
        print("   meets the hand first, before the repeats find the CPU's caches warm (our memo's entries, the plays")
        print("   it returns), as a simulation's call finds them after other work; DouZero builds its moves anew")
        print("   rank plays = rank_plays(rules).legal(hand[, to_beat]): the same moves as RankPlay objects,")
        print("   what DouZero lists (ranks, no suits); cold includes building the rule set's space of rank plays")
        checked = 2 * 2 * 2 * dz_positions
        if mismatches:
            status = 1
            print(f"   MOVE LISTS DIFFER on {len(mismatches)} of {checked} lists:")
            for line in mismatches:
                print("   - " + line)
        else:
            print(f"   checked: both list the same moves (same count, same rank multisets) "
                  f"on all {checked} lists (leads and answers; class view and rank plays)")
        report["douzero"] = {
            "version": dz_version,
            "positions": dz_positions,
            "warmup_hands": warmup,
            "long_warmup_hands": long_warmup,
            "results": dz_report,
            "top_kinds": dz_top_kinds,
            "mismatches": mismatches,
        }

    if stream_hands > 0 and report["douzero"] is not None:
        log("part 3: a stream of new hands")
        stream = run_stream(args.seed, stream_hands, log)
        print()
        print(f"3. A simulation's stream: {stream_hands:,} new hands per size, each led once and "
              "timed ONCE, the garbage collector ON;")
        print("   each library in a pass of its own over the same hands (DouZero's first); ours from a "
              "fresh Rules object and empty module memos,")
        print("   kept for the whole pass (its first calls build the tables); dealing is not timed")
        print()
        rows, entries = [], []
        for line in stream:
            both, entry = _stream_rows(line)
            rows.extend(both)
            entries.append(entry)
        print(_table(["cards", "hands", "ours", "ours us: mean / median [p10-p90]",
                      "DouZero us: mean / median [p10-p90]", "ours/DZ total", "ours/DZ median",
                      "ours mean: first tenth / second half"], rows,
                     [True, True, False, True, True, True, True, True]))
        print()
        print("   ours/DZ total = our time for the whole stream / DouZero's (the ratio of the means)")
        report["stream"] = {"hands": stream_hands, "op": "lead", "results": entries}

    elapsed = time.perf_counter() - run_started
    report["elapsed_s"] = round(elapsed, 1)
    report["load_average_end"] = _load()
    print()
    print(f"total run time {elapsed:.0f} s; load average at end {_load()}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
            out.write("\n")
        print(f"numbers written to {args.json}")
    return status


if __name__ == "__main__":
    sys.exit(main())
