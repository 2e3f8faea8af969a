"""Agreement of the Dou Dizhu move sets with DouZero and RLCard (issue 36, FAMILY.md D5, D11).

On random 17- and 20-card hands, the lead and the answers to random plays of every
kind (drawn from another random hand's plays), each engine's move set is mapped to
rank multisets and compared with ours under that engine's preset options (the
combination options of FAMILY.md D10; the presets themselves come with the
auction): DouZero (``MovesGener`` and ``GameEnv.get_legal_card_play_actions``'s
dispatch) under the ``douzero`` options, RLCard (``Judger.playable_cards_from_hand``
for leads, ``utils.get_gt_cards`` for answers) under the ``rlcard`` options. Every
difference is counted as a registered disagreement (RD-D…, FAMILY.md D11) by its
classifier, or as unexplained (a bug of ours or an engine's, to report).

Run::

    pip install --no-deps douzero==1.1.0 rlcard==1.2.0 numpy termcolor
    python benchmarks/agree_doudizhu_moves.py --quick      # a few seconds
    python benchmarks/agree_doudizhu_moves.py --positions 2000

OpenSpiel's ``dou_dizhu`` is compared under the ``openspiel`` options on its own
deals: seat 0 bids 3 and leads (20 cards), and the next seat answers its random
plays (17 cards); each action's text (``333444-5T``) is read back to ranks. A
position's set of OpenSpiel actions and ours are compared as sets of (rank multiset,
run ranks) so that its readings of one card set (D5.17) count one by one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

if str(Path(__file__).resolve().parent) not in sys.path:  # (run from another folder or loaded by path)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from ddz_engines import (
    DECK,
    DOUZERO_BACK,
    DOUZERO_INT,
    Ranks,
    openspiel_card_rank,
    openspiel_ranks,
    parse,
    text,
)

from zhengshangyou import Kind, Rules
from zhengshangyou.cards import Card
from zhengshangyou.hand import Hand
from zhengshangyou.moves import legal_plays
from zhengshangyou.plays import Play
from zhengshangyou.rankplays import rank_plays

# Our ranks 3..A, 2, BJ, RJ (Rank ints 0..14) as DouZero's ints and RLCard's letters,
# the rank multisets and OpenSpiel's action texts: ddz_engines.py (shared with the
# full-game drivers).


def rules_of(name: str) -> Rules:
    """The engine's preset (D10); its combination options are all the move sets use."""
    return Rules.preset(name)


def ranks_of(cards: Iterable[Card]) -> Ranks:
    return tuple(sorted(int(card.rank) for card in cards))


# --- the engines ---------------------------------------------------------------------


def douzero_moves(hand: Ranks, top: Ranks | None) -> tuple[list[Ranks], int]:
    """DouZero's legal moves as rank multisets (with repeats, RD-D3), and the type its
    detector gives ``top`` (0 for a lead)."""
    from douzero.env import move_detector as md
    from douzero.env import move_selector as ms
    from douzero.env.move_generator import MovesGener

    mg = MovesGener([DOUZERO_INT[rank] for rank in hand])
    rival = [DOUZERO_INT[rank] for rank in top or ()]
    found = md.get_move_type(rival)
    kind, length = found["type"], found.get("len", 1)
    gen: dict[int, tuple[Callable[[], list[list[int]]], Callable[..., list[list[int]]]]] = {
        md.TYPE_1_SINGLE: (mg.gen_type_1_single, ms.filter_type_1_single),
        md.TYPE_2_PAIR: (mg.gen_type_2_pair, ms.filter_type_2_pair),
        md.TYPE_3_TRIPLE: (mg.gen_type_3_triple, ms.filter_type_3_triple),
        md.TYPE_6_3_1: (mg.gen_type_6_3_1, ms.filter_type_6_3_1),
        md.TYPE_7_3_2: (mg.gen_type_7_3_2, ms.filter_type_7_3_2),
        md.TYPE_8_SERIAL_SINGLE: (lambda: mg.gen_type_8_serial_single(repeat_num=length),
                                  ms.filter_type_8_serial_single),
        md.TYPE_9_SERIAL_PAIR: (lambda: mg.gen_type_9_serial_pair(repeat_num=length),
                                ms.filter_type_9_serial_pair),
        md.TYPE_10_SERIAL_TRIPLE: (lambda: mg.gen_type_10_serial_triple(repeat_num=length),
                                   ms.filter_type_10_serial_triple),
        md.TYPE_11_SERIAL_3_1: (lambda: mg.gen_type_11_serial_3_1(repeat_num=length),
                                ms.filter_type_11_serial_3_1),
        md.TYPE_12_SERIAL_3_2: (lambda: mg.gen_type_12_serial_3_2(repeat_num=length),
                                ms.filter_type_12_serial_3_2),
        md.TYPE_13_4_2: (mg.gen_type_13_4_2, ms.filter_type_13_4_2),
        md.TYPE_14_4_22: (mg.gen_type_14_4_22, ms.filter_type_14_4_22),
    }
    if kind == md.TYPE_0_PASS:
        moves = mg.gen_moves()
    elif kind == md.TYPE_4_BOMB:
        moves = ms.filter_type_4_bomb(mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb(), rival)
    elif kind in gen:
        make, keep = gen[kind]
        moves = keep(make(), rival)
    else:  # the rocket, or a move it reads as no type (15)
        moves = []
    if kind not in (md.TYPE_0_PASS, md.TYPE_4_BOMB, md.TYPE_5_KING_BOMB):
        moves = moves + mg.gen_type_4_bomb() + mg.gen_type_5_king_bomb()
    return [tuple(sorted(DOUZERO_BACK[value] for value in move)) for move in moves], kind


def rlcard_moves(hand: Ranks, top: Ranks | None) -> list[Ranks]:
    """RLCard's legal moves (no pass) as rank multisets."""
    from rlcard.games.doudizhu.judger import DoudizhuJudger
    from rlcard.games.doudizhu.utils import CARD_TYPE, TYPE_CARD, contains_cards

    letters = text(hand)
    if top is None:
        moves = list(DoudizhuJudger.playable_cards_from_hand(letters))
    else:
        # utils.get_gt_cards, from the strings (its player objects only give them).
        target = text(top)
        types: dict[str, int] = {}
        for card_type, weight in CARD_TYPE[0].get(target, []):
            types.setdefault(card_type, weight)
        moves = []
        if "rocket" not in types:
            types["rocket"] = -1
            types.setdefault("bomb", -1)
            for card_type, weight in types.items():
                for can_weight, cards_list in TYPE_CARD[card_type].items():
                    if int(can_weight) > int(weight):
                        moves += [c for c in cards_list if c not in moves and contains_cards(letters, c)]
    return [parse(move) for move in moves]


# --- the registered disagreements (FAMILY.md D11) ---------------------------------------


def _counts(ranks: Ranks) -> Counter[int]:
    return Counter(ranks)


def classify_douzero(top: Play | None, top_type: int, missing: set[Ranks], extra: set[Ranks]) -> str | None:
    """The RD-D id that explains DouZero's differences at one position, or None."""
    if extra and not missing and all(_adjacent_wing_trio(move) for move in extra):
        return "RD-D9"
    if top is None or top.kind not in (Kind.AIRPLANE_WITH_SINGLES, Kind.AIRPLANE_WITH_PAIRS):
        return None
    counts = Counter(ranks_of(top.cards))
    if top_type == 15 and 4 in counts.values():
        return "RD-D4"  # its detector reads an airplane with four-of-a-kind wings as no type
    # RD-D6: filter_type_11/12 rank an airplane by its highest rank held three times,
    # wings included: it withholds answers that beat the run but not such a wing trio.
    length = len(top.cards) // (4 if top.kind is Kind.AIRPLANE_WITH_SINGLES else 5)
    trios = [rank for rank, count in counts.items() if count == 3]
    if missing and not extra and len(trios) > length:
        return "RD-D6"
    return None


def _adjacent_wing_trio(move: Ranks) -> bool:
    """RD-D9 (proposed; found by agree_doudizhu_games.py): DouZero's generator offers a
    k-trio airplane with solo wings (k = 4, 5) whose wings hold a trio next to the run,
    so that the cards hold k + 1 consecutive trios (444555666777+888+2); no reading of
    the ``douzero`` preset (``wing_trio_adjacent=False``, D5.15) has such cards, and
    DouZero's own ``get_move_type`` reads them as type 15 (no type), as in RD-D4."""
    from douzero.env.move_detector import get_move_type

    if len(move) % 4 or len(move) // 4 < 4:
        return False
    run = len(move) // 4 + 1
    counts = Counter(move)
    trios = [rank for rank in range(12) if counts[rank] >= 3]
    adjacent = any(all(rank + step in trios for step in range(run)) for rank in trios)
    return adjacent and get_move_type([DOUZERO_INT[rank] for rank in move])["type"] == 15


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=300, help="hands per engine (default 300)")
    parser.add_argument("--quick", action="store_true", help="40 hands per engine")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--engines", default="douzero,rlcard,openspiel")
    arguments = parser.parse_args(argv)
    count = 40 if arguments.quick else arguments.positions
    status = 0
    for engine in arguments.engines.split(","):
        try:
            __import__("pyspiel" if engine == "openspiel" else engine)
        except ImportError as error:
            print(f"{engine}: skipped ({error}); pip install --no-deps douzero==1.1.0 rlcard==1.2.0 numpy termcolor")
            continue
        started = time.perf_counter()
        report = compare(engine, count, arguments.seed)
        seconds = time.perf_counter() - started
        print(f"{engine}: {report['positions']} positions ({report['leads']} leads,"
              f" {report['answers']} answers) in {seconds:.1f} s")
        print(f"  equal move sets: {report['equal']}")
        for key, value in sorted(report["explained"].items()):
            print(f"  differences explained by {key}: {value} positions")
        print(f"  engine lists a move twice (RD-D3): {report['duplicates']} positions")
        print(f"  unexplained: {len(report['unexplained'])} positions")
        for line in report["unexplained"][:10]:
            print("    " + line)
        if report["unexplained"]:
            status = 1
    return status


def _our_reading(play: Play) -> tuple[Ranks, Ranks]:
    """A play as (all ranks, the ranks of its triple run when it is an airplane, else
    ())."""
    every = ranks_of(play.cards)
    if play.kind in (Kind.AIRPLANE_WITH_SINGLES, Kind.AIRPLANE_WITH_PAIRS):
        return every, _body(play)  # (OpenSpiel writes only airplanes' wings apart)
    return every, ()


def _body(play: Play) -> Ranks:
    """The ranks of an airplane's triple run."""
    counts = Counter(ranks_of(play.cards))
    length = len(play.cards) // (4 if play.kind is Kind.AIRPLANE_WITH_SINGLES else 5)
    trios = sorted(rank for rank, count in counts.items() if count >= 3 and rank < 12)
    # The run of ``length`` consecutive trios whose key is the play's: of two runs in
    # the same cards (333444555+666), the higher key is the higher run.
    runs = [trios[i : i + length] for i in range(len(trios) - length + 1)
            if trios[i + length - 1] - trios[i] == length - 1]
    if len(runs) > 1:
        from zhengshangyou.plays import classify_all

        keys = sorted({r.key for r in classify_all(play.cards, OPENSPIEL_RULES) if r.kind is play.kind})
        runs = [runs[keys.index(play.key)]] if len(keys) == len(runs) else runs[:1]
    return tuple(sorted(rank for rank in runs[0] for _ in range(3)))


OPENSPIEL_RULES = rules_of("openspiel")


def compare_openspiel(count: int, seed: int) -> dict[str, Any]:
    """OpenSpiel's legal actions at play-phase positions against ours (see the module
    documentation)."""
    import pyspiel

    from zhengshangyou.plays import classify_all

    rules = OPENSPIEL_RULES
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(f"openspiel:{seed}")
    report: dict[str, Any] = {"positions": 0, "leads": 0, "answers": 0, "equal": 0,
                              "explained": Counter(), "duplicates": 0, "unexplained": []}
    for _ in range(count):
        state = game.new_initial_state()
        state.apply_action(0)  # the face-up card's position: seat 0 bids first
        held: list[Counter[int]] = [Counter(), Counter(), Counter()]
        dealt = 0
        while state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
            held[dealt % 3][openspiel_card_rank(action - 51)] += 1
            dealt += 1
            state.apply_action(action)
        left = DECK - held[0] - held[1] - held[2]
        held[0] += left  # the kitty (D4.1)
        state.apply_action(3)  # seat 0 bids 3: landlord, leads with 20 cards
        top: Play | None = None
        for _step in range(rng.randrange(1, 4)):
            seat = state.current_player()
            actions = [a for a in state.legal_actions() if state.action_to_string(a) != "Pass"]
            hand = _hand_of(held[seat])
            theirs = {openspiel_ranks(state.action_to_string(a)) for a in actions}
            ours = {_our_reading(p) for p in legal_plays(hand, rules, top)}
            report["positions"] += 1
            report["leads" if top is None else "answers"] += 1
            if ours == theirs:
                report["equal"] += 1
            else:
                missing, extra = ours - theirs, theirs - ours
                reason = _classify_openspiel(hand, top, missing, extra)
                if reason is not None:
                    report["explained"][reason] += 1
                else:
                    what = "lead" if top is None else f"on {top.kind.value} {text(ranks_of(top.cards))}"
                    report["unexplained"].append(
                        f"hand {text(ranks_of(hand.cards))} {what}: only ours"
                        f" {sorted(text(m[0]) for m in missing)[:4]} ({len(missing)}),"
                        f" only theirs {sorted(text(e[0]) for e in extra)[:4]} ({len(extra)})"
                    )
            if not actions:
                break
            action = rng.choice(actions)
            every, body = openspiel_ranks(state.action_to_string(action))
            readings = [p for p in classify_all(_hand_of(Counter(every)).cards, rules)
                        if _our_reading(p) == (every, body)]
            held[seat] -= Counter(every)
            state.apply_action(action)
            if not readings or state.is_terminal():
                break
            top = readings[0]
    return report


def _hand_of(ranks: Counter[int]) -> Hand:
    """A hand of these rank counts (suits never matter, D1.1)."""
    by_rank: dict[int, list[Card]] = {}
    for card in Rules.preset("doudizhu").deck():
        by_rank.setdefault(int(card.rank), []).append(card)
    return Hand([card for rank, count in ranks.items() for card in by_rank[rank][:count]])


def _classify_openspiel(hand: Hand, top: Play | None, missing: set[Any], extra: set[Any]) -> str | None:
    """The RD-D id that explains OpenSpiel's differences at one position, or None."""
    if top is not None and top.kind is Kind.JOKER_BOMB and not missing and all(
        len(e[0]) == 4 and len(set(e[0])) == 1 for e in extra
    ):
        return "RD-D1"  # bombs offered after the rocket
    counts = Counter(ranks_of(hand.cards))

    def chain_on_a_quad(ranks: Ranks) -> bool:  # a chain, pair chain or triple run (D5.6-D5.8)
        widths = set(Counter(ranks).values())
        return len(widths) == 1 and len(set(ranks)) >= 2 and counts[ranks[0]] == 4

    if not extra and missing and all(not body and chain_on_a_quad(every) for every, body in missing):
        return "RD-D2"  # no chain (of singles, pairs or trios) starts on a rank held four times
    return None


def compare(engine: str, count: int, seed: int) -> dict[str, Any]:
    if engine == "openspiel":
        return compare_openspiel(count, seed)
    rules = rules_of(engine)
    space = rank_plays(rules)
    deck = list(rules.deck())
    rng = random.Random(f"{engine}:{seed}")
    report: dict[str, Any] = {"positions": 0, "leads": 0, "answers": 0, "equal": 0,
                              "explained": Counter(), "duplicates": 0, "unexplained": []}
    for _ in range(count):
        rng.shuffle(deck)
        size = rng.choice((17, 20))
        hand = Hand(deck[:size])
        other = Hand(deck[size : size + 20])
        by_kind: dict[Kind, list[Play]] = {}
        for candidate in legal_plays(other, rules):
            by_kind.setdefault(candidate.kind, []).append(candidate)
        tops: list[Play | None] = [None]
        kinds = sorted(by_kind, key=lambda kind: kind.value)
        tops += [rng.choice(by_kind[kind]) for kind in rng.sample(kinds, min(4, len(kinds)))]
        mine_hand = ranks_of(hand.cards)
        for top in tops:
            ours = {tuple(int(rank) for rank in play.ranks) for play in space.legal(hand, top)}
            top_ranks = None if top is None else ranks_of(top.cards)
            top_type = 0
            if engine == "douzero":
                listed, top_type = douzero_moves(mine_hand, top_ranks)
            else:
                listed = rlcard_moves(mine_hand, top_ranks)
            theirs = set(listed)
            report["positions"] += 1
            report["leads" if top is None else "answers"] += 1
            if len(listed) != len(theirs):
                report["duplicates"] += 1
            if ours == theirs:
                report["equal"] += 1
                continue
            missing, extra = ours - theirs, theirs - ours
            reason = classify_douzero(top, top_type, missing, extra) if engine == "douzero" else None
            if reason is not None:
                report["explained"][reason] += 1
                continue
            what = "lead" if top is None else f"on {top.kind.value} {text(top_ranks or ())}"
            report["unexplained"].append(
                f"hand {text(mine_hand)} {what}: only ours {sorted(map(text, missing))[:4]}"
                f" ({len(missing)}), only theirs {sorted(map(text, extra))[:4]} ({len(extra)})"
            )
    return report


if __name__ == "__main__":
    sys.exit(main())
