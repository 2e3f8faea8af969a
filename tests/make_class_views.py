"""Build ``tests/class_views.json``: the generator's lists of seeded positions, as digests.

This fixture pins the *order* and content of what the generator lists, so that a
rewrite of its insides (the catalogue of combinations, issue 14) can be shown to
change nothing for existing rules. It was written with the code as it stood
before that rewrite (main at c5d0857) and is compared, list by list, by
``tests/test_class_views.py``. Run it from the repository root::

    python tests/make_class_views.py            # rewrites tests/class_views.json
    python tests/make_class_views.py --check    # exits 1 if the fixture is stale

Unlike ``perft.json`` (counts derived by brute force, without the code under
test), this fixture is a recording of the code's own output: it cannot say the
lists are right, only that they did not change. Rightness is the brute-force
tests' business.

A position is a rule set (stored as its full option dict, so a preset that later
gains an option still rebuilds the old rules), a hand dealt from a seeded
shuffle, a play to beat (``None`` for a lead, else a play of the class view of
another seeded hand), the revolution flag and sometimes a card that must be
included (R2.5). Each position records a digest of its class view (kind, cards
and key of every play, in order), of its card view when the hand is small, and
of its rank plays' ids; each rule set records every rank play of its space.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from zhengshangyou.cards import Card
from zhengshangyou.hand import Hand
from zhengshangyou.moves import legal_plays
from zhengshangyou.plays import Play
from zhengshangyou.rankplays import rank_plays
from zhengshangyou.rules import Rules

FIXTURE = Path(__file__).with_name("class_views.json")
FORMAT = "zhengshangyou-class-views/1"

#: The rule sets: the four presets and the S003 variations on the default.
RULE_SETS: dict[str, Rules] = {
    "zhengshangyou": Rules.preset("zhengshangyou"),
    "winner": Rules.preset("winner"),
    "winner-classic": Rules.preset("winner-classic"),
    "two-deck": Rules.preset("two-deck"),
    "s003-variations": Rules(
        triple_with_single=True, straight_flush="distinct", straights_by_suit=True,
        suit_order="DCHS", min_straight=3,
    ),
    "s003-revolution": Rules(four_of_a_kind="plain", revolution=True, triple_bomb=False),
    "s003-triple-bomb": Rules(triple_bomb=True, jokers=False, joker_bomb=False, players=4),
    "two-deck-flush-bombs": Rules.preset(
        "two-deck", straight_flush="bomb", bomb_order="rank_only", triple_with_single=True,
        min_pair_run=3, run_order="two_high",
    ),
    "one-deck-kickers": Rules.preset("winner-classic", min_straight=3, run_order="no_two"),
    "two-deck-by-suit": Rules.preset(
        "two-deck", suit_order="DCHS", singles_by_suit=True, pairs_by_suit=True,
        straights_by_suit=True, straight_flush="distinct", straight_ranking="wheels_high",
        run_order="two_low",
    ),
}

POSITIONS_PER_RULE_SET = 1_100
CARD_VIEW_LIMIT = 9  # the card view is recorded for hands of at most this many cards


def _digest(plays: Iterable[Play]) -> str:
    text = "|".join(f"{play.kind.value}:{play}:{play.key}:{play.rev_key}" for play in plays)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def positions(rules: Rules, seed: int) -> Iterator[dict[str, Any]]:
    """The seeded positions of one rule set, with the digests of their lists."""
    rng = random.Random(seed)
    deck = list(rules.deck())
    space = rank_plays(rules)
    for number in range(POSITIONS_PER_RULE_SET):
        rng.shuffle(deck)
        size = rng.choice([1, 2, 3, 5, 8, 10, 13, 14, 17, 20, 27][: 11 if rules.decks == 2 else 10])
        hand = Hand(deck[:size])
        top: Play | None = None
        if number % 3:
            other = Hand(deck[size : size + rng.choice([5, 10, 15])])
            choices = list(legal_plays(other, rules))
            top = rng.choice(choices) if choices else None
        revolution = rules.revolution and rng.random() < 0.5
        must: Card | None = None
        if top is None and number % 7 == 0:
            must = rng.choice(hand.cards)
        classes = list(legal_plays(hand, rules, top, revolution=revolution, must_include=must))
        record: dict[str, Any] = {
            "size": size,
            "top": None if top is None else [top.kind.value, str(top)],
            "revolution": revolution,
            "must_include": None if must is None else str(must),
            "count": len(classes),
            "classes": _digest(classes),
            "rank_play_ids": hashlib.sha256(
                str([
                    play.id
                    for play in space.legal(hand, top, revolution=revolution, must_include=must)
                ]).encode()
            ).hexdigest()[:20],
        }
        if size <= CARD_VIEW_LIMIT:
            record["cards"] = _digest(
                legal_plays(hand, rules, top, view="cards", revolution=revolution, must_include=must)
            )
        yield record


def build() -> dict[str, Any]:
    rule_sets = {}
    for seed, (name, rules) in enumerate(RULE_SETS.items()):
        rule_sets[name] = {
            "options": rules.to_dict(),
            "seed": seed,
            "rank_plays": [[play.kind.value, str(play), play.key] for play in rank_plays(rules)],
            "positions": list(positions(rules, seed)),
        }
    return {"format": FORMAT, "rule_sets": rule_sets}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the fixture instead")
    args = parser.parse_args()
    data = build()
    if args.check:
        stale = json.loads(FIXTURE.read_text()) != data
        print("stale" if stale else "up to date")
        return int(stale)
    FIXTURE.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    count = sum(len(rule_set["positions"]) for rule_set in data["rule_sets"].values())
    print(f"wrote {FIXTURE} ({count} positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
