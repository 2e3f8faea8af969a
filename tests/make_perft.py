"""Build ``tests/perft.json``: legal-play counts of fixed positions, by brute force.

Run it from the repository root (it rewrites the fixture; ``--check`` only
compares)::

    python tests/make_perft.py            # writes tests/perft.json
    python tests/make_perft.py --check    # exits 1 if the fixture is stale

A *position* is a hand in the card notation (R1.4), a rule set (a preset of
RULES.md section 9 plus option overrides), the play to beat (``None`` for a
lead; ``top_kind`` declares its reading when the cards read several ways,
R3.16) and whether the rank order is flipped (``revolution``, R4.8).

The counts are derived **without the code under test**: no ``classify_all``,
no ``beats``, no ``legal_plays``. Only the cards, the rule options and the
independent reference reader of ``tests/reference.py`` (``ref_readings``,
``ref_beats``) are used:

* ``cards`` (the card view): every distinct sub-multiset of the hand (two decks
  hold identical cards, R1.3, so sub-multisets, not subsets) is read with
  ``ref_readings``; each reading counts once when the position is a lead
  (R5.1) or when ``ref_beats`` says it beats the top play (R4).
* ``classes`` (the class view): the readings counted above, grouped into
  classes of plays the rules cannot tell apart, a class being (kind, sorted
  ranks of the cards, comparison strength). The reference keeps its notion of
  strength private (``_strength``), so the strength is taken from its public
  comparator instead: within one (kind, sorted ranks) group every reading has
  the same kind and number of cards, and ``ref_beats`` orders such readings by
  comparing their strengths strictly (R4.2: equal plays never beat each
  other). Two readings of one group therefore have the same strength exactly
  when neither beats the other, and that is how readings are put in one class.
  (For the joker bomb, which the reference never beats with itself, this gives
  one class, as it must.)
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reference import RefReading, ref_beats, ref_readings
from zhengshangyou import Kind
from zhengshangyou.cards import Card, parse_cards
from zhengshangyou.rules import Rules

FIXTURE = Path(__file__).with_name("perft.json")
FORMAT = "zhengshangyou-perft/1"

Z, W, WC, TD = "zhengshangyou", "winner", "winner-classic", "two-deck"


@dataclass(frozen=True)
class Position:
    """One perft position (see the module docstring)."""

    id: str
    preset: str
    hand: str
    top: str | None = None
    top_kind: str | None = None
    revolution: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset, **self.options)

    def spec(self) -> dict[str, Any]:
        """The position as JSON data, without its counts."""
        return {
            "id": self.id,
            "preset": self.preset,
            "options": dict(self.options),
            "hand": self.hand,
            "top": self.top,
            "top_kind": self.top_kind,
            "revolution": self.revolution,
            "note": self.note,
        }


P = Position
SUITED = {"suit_order": "DCHS"}

POSITIONS: list[Position] = [
    # --- zhengshangyou (S003, the default): leads ----------------------------------
    P("z-lead-doc-example", Z, "3D 3S 4H 5C 6D 7S RJ",
      note="R3.1 R3.2 R3.7: the moves.py docstring hand"),
    P("z-lead-five-with-quad", Z, "5D 5C 5H 5S BJ",
      note="R3.10 bomb of four; R3.12 needs both jokers"),
    P("z-lead-14-runs-and-jokers", Z, "3D 3C 3H 4S 4D 5C 6H 7S 8D 9C 10H JS BJ RJ",
      note="R3.7 straights of 5..9 cards, R3.8 3344, R3.12 joker bomb"),
    P("z-lead-full-houses-triple-runs", Z, "5D 5C 5H 6D 6C 6S 7H 7S 9D 9C KH",
      note="R3.4 full houses, R3.8 pair runs, R3.9 triple run 555666"),
    P("z-lead-bombs-and-triple-run", Z, "8D 8C 8H 8S 9D 9C 9H 2S 2D",
      note="R3.10 bomb 8888 next to triples 888 and 999 (R3.9 888999)"),
    P("z-lead-ace-two-windows", Z, "AD 2C 3H 4S 5D 6C 10H JD QS KC",
      note="R3.15 two_low: A2345, 23456, 10JQKA; JQKA2 and KA234 are not straights (E10)"),
    P("z-lead-suited-straight-none", Z, "3H 4H 5H 6H 7H 8H 8S",
      note="R3.17 straight_flush='none': a suited straight is an ordinary straight"),
    P("z-lead-no-jokers", Z, "3D 3C 4D 4C 5D 5C 6H 6S 7H 9D 10C JH QS KD",
      options={"jokers": False, "joker_bomb": False},
      note="S003 variation jokers=False; R3.8 pair runs up to 33..77"),
    P("z-lead-two-high", Z, "10D JC QH KS AD 2C 3H 4S 5D",
      options={"run_order": "two_high", "straight_ranking": "top_card"},
      note="R3.15 two_high: 10JQKA, JQKA2; A2345 is not a straight"),
    P("z-lead-no-two", Z, "10D JC QH KS AD 2C 3H 4S 5D 6C",
      options={"run_order": "no_two"},
      note="R3.15 no_two: 2 in no run; A only high"),
    P("z-lead-min-pair-run-3", Z, "4D 4C 5H 5S 6D 6C 7H 7S 9C 9D",
      options={"min_pair_run": 3},
      note="R3.8 min_pair_run=3 [TL]: 4455 is no pair run"),
    P("z-lead-triple-with-single", Z, "6D 6C 6H 9S 9H 9D QC RJ",
      options={"triple_with_single": True},
      note="R3.5 a triple with any single, jokers included"),
    P("z-lead-triple-bomb", Z, "6D 6C 6H 9S 9H 9D 9C QC QD",
      options={"triple_bomb": True},
      note="R3.14 a triple reads as a triple bomb; it still serves in full houses and 666999"),
    P("z-lead-straights-by-suit", Z, "5D 6C 7H 8S 9D 9C 9H 10S 10D",
      options={**SUITED, "straights_by_suit": True},
      note="R4.5 straights_by_suit: the suit of the top card splits the classes"),
    P("z-lead-distinct-flush", Z, "3H 4H 5H 6H 7H 7S 8H",
      options={"straight_flush": "distinct"},
      note="R3.17 distinct: a suited straight reads both ways (R3.16)"),
    P("z-lead-flush-bomb-with-rank-bombs", Z, "4C 5C 6C 7C 8C 8D 8H 8S 9C",
      options={"straight_flush": "bomb"},
      note="R3.11 straight flushes as bombs beside the bomb 8888"),
    # --- zhengshangyou: answers -------------------------------------------------------
    P("z-single-on-10", Z, "3D 9C 10S JH JD AS 2H BJ RJ", top="10H",
      note="R4.3 singles by rank (suits never matter here); R4.6 the joker bomb"),
    P("z-pair-on-99", Z, "9C 9H 10D 10S QC QH QS 2D 2C KS", top="9D 9S",
      note="R4.3 pairs by rank; 99 does not beat 99 (R4.2)"),
    P("z-triple-on-666", Z, "5D 5C 5H 6S 7D 7C 7H 7S AS AD AH", top="6D 6C 6H",
      note="R4.3 triples; 7777 is a bomb (R4.6)"),
    P("z-full-house-on-777-44", Z, "7S 8D 8C 8H 3S 3D KC KD KH 5S 5H", top="7D 7C 7H 4S 4D",
      note="R4.4 the pair never matters"),
    P("z-straight-on-56789", Z, "AD 2C 3H 4S 5D 6C 10H JD QS KC 9S", top="5D 6C 7H 8S 9D",
      note="R4.5 wheels_high: A2345 > 23456 > 10JQKA > 9..K (E10)"),
    P("z-straight-on-a2345", Z, "2C 3H 4S 5D 6C 10H JD QS KC AS 4D 4H 4C",
      top="AD 2S 3C 4H 5H", note="R4.5 A2345 is the highest straight; only the bomb 4444 beats it"),
    P("z-pair-run-on-5566", Z, "4D 4C 5H 5S 6D 6C 7H 7S 8D 8C", top="5D 5C 6H 6S",
      note="R4.5 pair runs of four cards by top; 6677 7788 beat, 667788 is too long (R4.1)"),
    P("z-triple-run-on-444555", Z, "5H 5S 5D 6D 6C 6H 7S 7C 7H 9D 9C 9H", top="4D 4C 4H 5D 5C 5S",
      note="R3.9 R4.5 triple runs of six cards"),
    P("z-bomb-on-9999", Z, "3D 3C 3H 3S 10D 10C 10H 10S KD BJ RJ", top="9D 9C 9H 9S",
      note="R4.6 bombs by size then rank; the joker bomb beats everything"),
    P("z-joker-bomb-on-top", Z, "3D 3C 3H 3S 10D 10C 10H 10S KD", top="BJ RJ",
      note="R4.6 nothing beats the joker bomb"),
    P("z-flush-bomb-on-bomb", Z, "4C 5C 6C 7C 8C 8D 8H 8S 9C 2D", top="7D 7H 7S 7C",
      options={"straight_flush": "bomb"},
      note="R4.6 a straight-flush bomb beats every bomb of a rank"),
    P("z-distinct-flush-on-flush", Z, "3H 4H 5H 6H 7H 8H 9S 9H 5S", top="4S 5S 6S 7S 8S",
      top_kind="straight_flush", options={"straight_flush": "distinct"},
      note="R4.7 distinct: only straight flushes (and bombs) answer a straight flush"),
    P("z-distinct-straight-on-straight", Z, "3H 4H 5H 6H 7H 8H 9S 9H 5S", top="4S 5S 6S 7S 8D",
      options={"straight_flush": "distinct"},
      note="R4.7 distinct: a suited straight still answers a straight as a straight"),
    P("z-triple-bomb-on-triple-bomb", Z, "4D 4C 4H 8S 8H 8D 8C JC JD JH", top="5D 5C 5H",
      options={"triple_bomb": True},
      note="R4.6 triple bombs by rank, below every four-card bomb"),
    P("z-triple-with-single-on-888", Z, "9D 9C 9H 9S 3C 7D 7C 7H BJ", top="8D 8C 8H 3S",
      options={"triple_with_single": True},
      note="R4.4 by the triple; 9999 also a bomb"),
    P("z-none-flush-on-straight", Z, "4H 5H 6H 7H 8H 9H 3D 10C", top="3C 4D 5S 6C 7D",
      note="R4.7 none: a suited straight answers a straight as an ordinary straight"),
    P("z-straights-by-suit-on-straight", Z, "6C 7H 8S 9D 10C 10H 10S 9H", top="5D 6C 7H 8S 9C",
      options={**SUITED, "straights_by_suit": True},
      note="R4.5 straights_by_suit: equal tops compare by the top card's suit"),
    P("z-revolution-single", Z, "3D 4C 8H 9S 10D 2C BJ RJ", top="9D", revolution=True,
      options={"four_of_a_kind": "plain", "revolution": True},
      note="R4.8 revolution flips 3..2; jokers stay on top"),
    P("z-revolution-straight", Z, "3D 4C 5H 6S 7D 8C 9H AS 2D", top="4D 5C 6H 7S 8D",
      revolution=True, options={"four_of_a_kind": "plain", "revolution": True},
      note="R4.8 runs flip too: lower straights beat (wheels flip as well)"),
    P("z-revolution-off-four", Z, "5D 5C 5H 5S 6D 6C 6H 6S 3C", top="4D 4C 4H 4S",
      options={"four_of_a_kind": "plain", "revolution": True},
      note="R3.6 R4.8 four of a kind is plain; no revolution yet"),
    # --- winner (S000/S001) -----------------------------------------------------------
    P("w-lead-by-suit", W, "3D 3C 3H 3S 4D 5D 6D 7C 2H 2S",
      note="R3.6 plain four; R3.11 suited 3456 is a straight flush only (beats_straights)"),
    P("w-lead-14", W, "3D 4D 5D 6C 7H 8S 9S 10S JS QS KH AH 2H RJ",
      note="R3.7 min_straight=3, two_low windows; R4.3 by suit"),
    P("w-single-on-10h", W, "10D 10S JC 9S 2D BJ RJ 3H", top="10H",
      note="R4.3 singles_by_suit: 10S beats 10H, 10D does not"),
    P("w-pair-on-2h2c", W, "2S 2D 3D 3C AH AS KH", top="2H 2C",
      note="R4.3 pairs_by_suit; E16 2S2D beats 2H2C"),
    P("w-straight-on-567", W, "4D 5D 6D 7D 8C 8H 9S 10S", top="5D 6C 7H",
      note="R4.7 beats_straights: a 3-card straight flush beats any 3-card straight"),
    P("w-flush-on-flush", W, "4C 5C 6C 7C 8C 3D 4D 5D 6H", top="4H 5H 6H",
      note="R4.7 straight flushes beat each other by top; straights never beat them"),
    P("w-four-on-four", W, "6S 7D 7C 7H 7S 9D 9C 9H 9S 3D", top="6D 6C 6H 6S",
      note="R3.6 R4.3 plain fours only beat fours"),
    P("w-revolution-straight", W, "3D 4D 5D 6C 7H 8S AS 2D 2C", top="5S 6S 7C",
      revolution=True, options={"revolution": True},
      note="R4.8 flipped runs; R4.7 flushes stay above straights"),
    # --- winner-classic (S004) ----------------------------------------------------------
    P("wc-lead-kicker-bomb-flush-bomb", WC, "9D 9C 9H 9S 3D 4D 5D 6D 7D KS",
      note="R3.10 bomb with kicker (quad alone is nothing); R3.11 3-7D a straight-flush bomb"),
    P("wc-lead-14", WC, "3D 3C 4H 4S 5D 5C 6H 7S 8D 9C 10H JS QD AC",
      note="R3.15 two_low, R3.8 pair runs, R4.3 by suit"),
    P("wc-kicker-bomb-on-kicker-bomb", WC, "8D 8C 8H 8S 10D 10C 10H 10S 4C 3H 5H 6H 7H",
      top="9D 9C 9H 9S 3C", note="R4.4 kicker never matters; R4.6 rank_only; 3-7H beats every rank bomb"),
    P("wc-flush-bomb-on-flush-bomb", WC, "4H 5H 6H 7H 8H 9H 10H JH 3S", top="5C 6C 7C 8C 9C",
      note="R4.6 straight flushes beat each other only at equal length"),
    P("wc-full-house-on-full-house", WC, "8D 8C 8H 3S 3H JD JC JH 4D 4C", top="9D 9C 9H 5S 5D",
      note="R4.4 full houses by the triple"),
    # --- two-deck (CN-B) ----------------------------------------------------------------
    P("td-lead-duplicates-and-jokers", TD, "3D 3D 3S 3S 4H 4H 5C 6D 7S BJ BJ RJ RJ",
      note="R1.3 identical cards; R3.13 joker pairs; R3.12 four-joker bomb; R3.10 3333"),
    P("td-lead-ace-two-pair-runs", TD, "QD QS KS KS AD AD 2C 2C 3H 3H",
      note="R3.15 either_end: AA2233 and KKAA22 pair runs (E12)"),
    P("td-lead-eight-bomb", TD, "7D 7D 7C 7C 7H 7H 7S 7S 8D",
      note="R3.10 bombs of 4 to 8 cards of one rank"),
    P("td-lead-14", TD, "9D 10C JH QS KD AD 2C 3H 4S 5D 5D 6C 7C 8C",
      note="R3.15 either_end: 910JQKA2 and A2345 are straights; JQKA23 is not"),
    P("td-single-on-rj", TD, "RJ BJ 2S 2S 5D 5C 5H 5S", top="RJ",
      note="E5 the second RJ does not beat the first; R4.6 bombs do"),
    P("td-pair-on-22", TD, "2D 2S BJ BJ RJ RJ AS AS", top="2D 2S",
      note="R3.13 joker pairs above 22, RJRJ above BJBJ; E14"),
    P("td-full-house-on-888-33", TD, "8D 8C 8H KS KS 9D 9C 9H BJ BJ 3S", top="8D 8C 8H 3S 3S",
      note="E6 888+KK does not beat 888+33; a joker pair serves as the pair (R3.13)"),
    P("td-bomb-on-aaaa", TD, "3D 3D 3C 3H 3S 2S 2S 2H 2D KC", top="AD AC AH AS",
      note="E8 size_then_rank: 33333 beats AAAA; 2222 too"),
    P("td-straight-on-10jqka", TD, "JD QC KH AS 2D 3C 4H 5S 9S 10D", top="10D JC QH KS AD",
      note="R4.5 top_card: JQKA2 beats 10JQKA; A2345 is the lowest"),
    P("td-straight-flush-on-straight", TD, "3S 4S 5S 6S 7S 8S 6D 7D", top="9D 10C JH QS KD",
      note="R4.7 beats_straights: any straight flush beats a straight of its length"),
    P("td-pair-run-on-3344", TD, "3D 3D 4C 4C 5H 5H 6S 6S", top="3D 3D 4C 4C",
      note="E5 identical pair runs do not beat each other"),
]


def sub_multisets(cards: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct non-empty sub-multiset of ``cards``, as a sorted tuple."""
    counts = Counter(cards)
    distinct = sorted(counts)
    for choice in itertools.product(*(range(counts[card] + 1) for card in distinct)):
        chosen = tuple(
            card for card, times in zip(distinct, choice, strict=True) for _ in range(times)
        )
        if chosen:
            yield chosen


def top_reading(position: Position, rules: Rules) -> RefReading | None:
    """The reference reading of the position's top play (declared by ``top_kind``)."""
    if position.top is None:
        return None
    readings = ref_readings(parse_cards(position.top), rules)
    if position.top_kind is not None:
        readings = frozenset(r for r in readings if r.kind is Kind(position.top_kind))
    if len(readings) != 1:
        raise ValueError(f"{position.id}: the top {position.top!r} reads {len(readings)} ways")
    (reading,) = readings
    return reading


def legal_readings(position: Position) -> list[RefReading]:
    """Every reading of every sub-multiset of the hand that leads or beats the top."""
    rules = position.rules
    top = top_reading(position, rules)
    found: list[RefReading] = []
    for cards in sub_multisets(parse_cards(position.hand)):
        for reading in ref_readings(cards, rules):
            if top is None or ref_beats(reading, top, rules, revolution=position.revolution):
                found.append(reading)
    return found


def ref_classes(readings: Sequence[RefReading], rules: Rules) -> list[list[RefReading]]:
    """The classes of ``readings`` (see the module docstring): by (kind, sorted ranks),
    then one class per strength (two readings of a group are alike when neither
    beats the other)."""
    groups: dict[tuple[Kind, tuple[int, ...]], list[list[RefReading]]] = {}
    for reading in readings:
        group = groups.setdefault(
            (reading.kind, tuple(sorted(card.rank for card in reading.cards))), []
        )
        for members in group:
            other = members[0]
            if not ref_beats(reading, other, rules) and not ref_beats(other, reading, rules):
                members.append(reading)
                break
        else:
            group.append([reading])
    return [members for group in groups.values() for members in group]


def class_count(readings: Sequence[RefReading], rules: Rules) -> int:
    """The number of classes among ``readings`` (see the module docstring)."""
    return len(ref_classes(readings, rules))


def counts(position: Position) -> tuple[int, int]:
    """(card-view count, class-view count) of one position."""
    readings = legal_readings(position)
    if len(set(readings)) != len(readings):
        raise AssertionError(f"{position.id}: the reference read one card set twice alike")
    return len(readings), class_count(readings, position.rules)


def build() -> dict[str, Any]:
    """The whole fixture as JSON data."""
    ids = [position.id for position in POSITIONS]
    if len(set(ids)) != len(ids):
        raise ValueError("position ids must be unique")
    entries = []
    for position in POSITIONS:
        cards, classes = counts(position)
        entries.append({**position.spec(), "cards": cards, "classes": classes})
    return {
        "format": FORMAT,
        "generator": "tests/make_perft.py",
        "method": (
            "brute force over every distinct sub-multiset of the hand, read and compared "
            "with tests/reference.py (ref_readings, ref_beats), never with the library"
        ),
        "positions": entries,
    }


def dump(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    text = dump(build())
    if args.check:
        if FIXTURE.read_text(encoding="utf-8") != text:
            print(f"{FIXTURE} is stale: run python tests/make_perft.py", file=sys.stderr)
            return 1
        print(f"{FIXTURE} is up to date")
        return 0
    FIXTURE.write_text(text, encoding="utf-8")
    print(f"wrote {len(POSITIONS)} positions to {FIXTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
