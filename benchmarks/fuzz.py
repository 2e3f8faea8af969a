"""A long fuzz run over every public entry point, kept outside CI (issue 13).

Run: python benchmarks/fuzz.py [--inputs N | --count N] [--seed S] [--quick] [--workers W] [--only WORDS]
     python benchmarks/fuzz.py --show INDEX [--seed S] [--only WORDS]   # replay one input, with its traceback
     python benchmarks/fuzz.py --limits   # time referee on the worst inputs at the record limits (issue 35)

Every input is drawn by its own generator, ``random.Random(f"{seed}:{index}")``, from
structured mutators: real card texts, real rule options and values (every name of
``Rules.option_names()``, the presets' values) mixed with nasty ones (huge and negative
ints, bools, None, NaN, lists 3,000 deep, ``"[" * 3000``, unicode), real records of
real games under every preset (mutated as data, as JSON text and as bytes, or with a
forged play), real positions of real games and the moves one might try there. So a
run is the same on every machine and with any number of workers, and ``--show INDEX``
replays a single input.

The contract checked: every input either is accepted, or raises a library error (a
``ZhengShangyouError``); anything else is an OTHER exception. ``referee`` never raises.
What is accepted must be sound (a VIOLATION otherwise): rules within the bounds of R10,
seeds in 0 <= seed < 2**64, deals of R2.2a, no card set beyond the decks (R1.3a), plays
that are the rules' reading of their cards (R3.16), a refused move leaves the game
unchanged and an accepted one was legal, a refereed-legal record replays to a playable
game. No input may take more than 1 s of CPU (time.process_time, the call and its
checks); one still running after ``--hang`` seconds of CPU is stopped and reported.

Issue 35 added the record (semantic mutations; huge, deep and pathological records and
texts), web (requests to the table's ASGI application, in-process) and hostile option
value families; see benchmarks/README.md. SIGTERM (or Ctrl+C) stops a run with
several workers and reports the chunks it finished.

The exit status is 1 when any OTHER exception, VIOLATION or slow input was seen.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import functools
import gc
import itertools
import json
import multiprocessing
import os
import platform
import random
import re
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from functools import partial
from types import FrameType
from typing import Any

import attrs

from zhengshangyou import (
    PASS,
    Card,
    Deal,
    Game,
    Give,
    Hand,
    InvalidRecordError,
    Kind,
    LegalMoves,
    Offer,
    Pass,
    Play,
    Rank,
    Record,
    Return,
    Rules,
    State,
    Suit,
    Take,
    ZhengShangyouError,
    beats,
    classify,
    classify_all,
    deal_cards,
    format_cards,
    legal_plays,
    make_deck,
    parse_cards,
    referee,
)
from zhengshangyou.narrate import typed_form

SLOW = 1.0  # seconds of CPU one input may take (the contract)
SEEDS_END = 2**64
RUN_MINIMUMS = ("min_straight", "min_pair_run", "min_triple_run")
DECK = make_deck(1)
EXCHANGES = ("none", "highest_for_one_of_two", "highest_for_any")


class Hang(BaseException):
    """An input ran past the hang limit (a BaseException, so no ``except Exception`` eats it)."""


def check(condition: object, label: str, detail: str = "") -> None:
    """A Violation named ``label`` (the failures are grouped by it), with ``detail``."""
    if not condition:
        raise Violation(label, detail)


class Violation(Exception):
    """Something the library accepted that breaks the contract: a label and a detail."""

    def __init__(self, label: str, detail: str = "") -> None:
        super().__init__(f"{label}: {detail}" if detail else label)
        self.label = label


# ---------------------------------------------------------------------------
# Short, safe reprs (inputs hold ints of 20,000 digits and lists 3,000 deep)


def short(value: object, limit: int = 120) -> str:
    text = _short(value, 0)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short(value: object, depth: int) -> str:
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 64:  # (str() refuses ints of more than 4,300 digits)
            return f"{'-' if value < 0 else ''}<int of ~{int(value.bit_length() * 0.30103) + 1} digits>"
        return repr(value)
    if isinstance(value, (bytes, bytearray)) and len(value) > 60:
        return repr(bytes(value[:40])) + f"... ({len(value)} bytes)"
    if isinstance(value, str):
        if len(value) > 60:
            head = value[:20]
            if value == head[0] * len(value):
                return f"{head[0]!r} * {len(value)}"
            return repr(value[:40]) + f"... ({len(value)} chars)"
        return repr(value)
    if isinstance(value, (list, tuple, dict)):
        if depth > 3:
            deep = 0
            node: object = value
            while isinstance(node, list) and len(node) == 1 and deep < 10**6:
                node, deep = node[0], deep + 1
            return f"<{deep} nested lists>" if deep > 3 else "..."
        if isinstance(value, dict):
            items = [f"{_short(k, depth + 1)}: {_short(v, depth + 1)}" for k, v in itertools.islice(value.items(), 8)]
            return "{" + ", ".join(items) + (", ..." if len(value) > 8 else "") + "}"
        inner = ", ".join(_short(item, depth + 1) for item in itertools.islice(value, 8))
        more = ", ..." if len(value) > 8 else ""
        return f"[{inner}{more}]" if isinstance(value, list) else f"({inner}{more})"
    try:
        return repr(value)
    except Exception:
        return f"<{type(value).__name__}>"


# ---------------------------------------------------------------------------
# Nasty values and mutators


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


CARD_WORDS = sorted({str(card) for card in DECK} | {card.unicode() for card in DECK})
ODD_WORDS = ["10", "T", "1H", "3X", "BJX", "bj", "rj", "♦", "3", "D", "11S", "0D", "-", "TT", "３Ｄ", "ⅩH", "🂡", "\u200b", "Ｄ"]
ODD_NAMES = ["jokerz", "rules", "seed", "dealer", "deals", "_memo", "memo", "self", "", "Players", "min straight", "cls", "name", "overrides"]
GAPS = [" ", ",", ", ", "  ", "\t", "\n", ",,", "\u3000", "\xa0", "", ";", " , "]
REAL_TEXTS = ["3D 4S", "10H JH QH KH AH", "BJ RJ", "3D", "2S 2H", "3D 3C 3H 3S", "5H 6H 7H 8H 9H", "TH TS", "9C 9D 9H 4S 4D"]
OBJECTS: list[object] = [
    object(), Ellipsis, type, len, Kind.PAIR, Kind.BOMB, PASS, Card.parse("RJ"), Hand.parse("3D 3D"),
    Rank.THREE, Suit.SPADES, range(3), Rules(), 1j, frozenset({1}), set(), (), b"3D", bytearray(b"3D"),
]


def huge(rng: random.Random) -> int:
    digits = rng.choice([4300, 4301, 5000, 20_000])
    sign = rng.choice([1, -1])
    return int(sign * 10**digits) - rng.randrange(2)


def nasty(rng: random.Random, depth: int = 0) -> Any:
    """A value of any Python type a careless or hostile caller might pass."""
    pick = rng.randrange(16)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.randint(-5, 60)
    if pick == 2:
        return rng.choice([2**63, 2**64, 2**64 - 1, -(2**63), 10**12, 10**7, -1]) + rng.randint(-1, 1)
    if pick == 3:
        return huge(rng)
    if pick == 4:
        return rng.choice([float("nan"), float("inf"), -float("inf"), 1e308, 0.5, -0.0, 3.0])
    if pick == 5:
        return "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000), rng.randrange(0xD800, 0xE000), 0])) for _ in range(rng.randrange(12)))
    if pick == 6:
        return rng.choice(["[" * 3000, "{" * 3000, "[" * 100_000, "3D " * 5000, "9" * 5000, "", " ", "\x00"])
    if pick == 7:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(8)))
    if pick == 8 and depth < 2:
        return [nasty(rng, depth + 1) for _ in range(rng.randrange(4))]
    if pick == 9 and depth < 2:
        return {rng.choice(ODD_NAMES + CARD_WORDS[:4]): nasty(rng, depth + 1) for _ in range(rng.randrange(3))}
    if pick == 10:
        return nested(rng.choice([2, 50, 999, 1000, 3000, 10_000]))
    if pick == 11:
        return rng.choice(OBJECTS)
    if pick == 12:
        return mutate_text(rng, rng.choice(REAL_TEXTS))
    if pick == 13:
        return [rng.choice(DECK) for _ in range(rng.randrange(6))]
    if pick == 14:
        return iter([rng.choice(DECK) for _ in range(rng.randrange(4))])
    return rng.choice(CARD_WORDS)


def mutate_text(rng: random.Random, text: str) -> str:
    """A card text with one to three edits: tokens added, dropped, doubled, cut, re-spaced."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(8)
        words = text.split()
        if op == 0:
            words.insert(rng.randint(0, len(words)), rng.choice(CARD_WORDS + ODD_WORDS))
            text = rng.choice(GAPS).join(words)
        elif op == 1 and words:
            words.pop(rng.randrange(len(words)))
            text = " ".join(words)
        elif op == 2 and words:
            words.extend([rng.choice(words)] * rng.choice([1, 2, 8, 100]))
            text = rng.choice(GAPS).join(words)
        elif op == 3 and text:
            start = rng.randrange(len(text))
            text = text[:start] + text[start + rng.randint(1, 3) :]
        elif op == 4:
            text = rng.choice([text.lower(), text.upper(), text.swapcase(), text.strip()])
        elif op == 5:
            position = rng.randint(0, len(text))
            text = text[:position] + chr(rng.randrange(0x20, 0x2FFF)) + text[position:]
        elif op == 6:
            text = rng.choice(GAPS).join(words) + rng.choice(["", ",", " ,", ",,"])
        else:
            text = " ".join(rng.choice(CARD_WORDS) for _ in range(rng.randrange(1, 12)))
    return text


# ---------------------------------------------------------------------------
# The corpus: real rules, texts, positions and records


class Corpus:
    """Real material to mutate, built once per process (seeded, the same everywhere)."""

    def __init__(self) -> None:
        self.rules = [
            Rules.preset(name, exchange=exchange)
            for name in Rules.preset_names()
            for exchange in EXCHANGES
            if exchange == "none" or Rules.preset(name).teams == "none"  # (no exchange with a landlord, D4)
        ]
        self.option_names = Rules.option_names()
        values: dict[str, list[Any]] = {name: [] for name in self.option_names}
        for rules in self.rules:
            for name, value in rules.to_dict().items():
                if value not in values[name]:
                    values[name].append(value)
        self.option_values = values
        self.all_values = [value for group in values.values() for value in group]
        self.positions: list[State] = []
        self.records: list[dict[str, Any]] = []
        self.texts = list(REAL_TEXTS)
        chooser = random.Random(2024)
        for number, rules in enumerate(self.rules):
            game = Game(rules, seed=number)
            hands = 2 if rules.exchange != "none" else 1
            while not game.is_match_over:
                if game.is_hand_over:
                    self.positions.append(game.state)
                    self.records.append(Record.from_game(game).to_data())
                    if game.state.hand_number + 1 >= hands:
                        break
                    game.next_hand()
                    continue
                self.positions.append(game.state)
                move = chooser.choice(list(game.legal_moves()))
                if isinstance(move, Play) and len(self.texts) < 400:
                    self.texts.append(format_cards(move.cards))
                game.play(move)
                if len(game.state.log) == 20:
                    self.records.append(Record.from_game(game).to_data())
        self.jsons = [json.dumps(data) for data in self.records]
        self.two_deck = Rules.preset("two-deck")


# ---------------------------------------------------------------------------
# Checks on what the library accepted


def genuine(play: Play, rules: Rules) -> bool:
    fields = ("kind", "cards", "key", "rev_key", "family", "is_bomb")
    mine = tuple(getattr(play, name) for name in fields)
    try:
        readings = classify_all(play.cards, rules)
    except ZhengShangyouError:
        return False
    return any(tuple(getattr(reading, name) for name in fields) == mine for reading in readings)


def sound_rules(rules: Rules) -> None:
    for name in RUN_MINIMUMS:
        value = getattr(rules, name)
        check(isinstance(value, int) and value <= 13, "R10: a run minimum above 13 accepted", f"{name}={short(value)}")
    try:
        text = json.dumps(rules.to_dict())
    except (ValueError, TypeError, RecursionError) as error:
        raise Violation("rules that JSON cannot write accepted", type(error).__name__) from None
    check(Rules.from_dict(json.loads(text)) == rules, "rules do not survive to_dict/from_dict")


def sound_seed(seed: object) -> None:
    check(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < SEEDS_END, "a seed outside 0 <= seed < 2**64 accepted", short(seed))


def real_deal(rules: Rules, deal: Deal) -> None:
    check(isinstance(deal.dealer, int) and 0 <= deal.dealer < rules.players, "R2.2a: dealer out of range")
    check(Counter([*(card for hand in deal.hands for card in hand), *deal.kitty]) == Counter(rules.deck()), "R2.2a: not the deck")
    check(len(deal.kitty) == rules.kitty, "D2.2: a kitty of another size accepted", str(len(deal.kitty)))
    sizes = [len(hand) for hand in deal_cards(rules, deal.dealer, random.Random(0)).hands]
    check([len(hand) for hand in deal.hands] == sizes, "R2.2a: hand sizes R2.2 cannot deal accepted", str([len(hand) for hand in deal.hands]))
    check((deal.trick_card is None) == (deal.trick_seat is None), "R2.4: trick card without seat")
    if deal.trick_seat is not None:
        check(0 <= deal.trick_seat < rules.players and deal.trick_card in deal.hands[deal.trick_seat], "R2.4: trick card not held")


def playable(game: Game) -> None:
    if not game.is_hand_over:
        check(0 <= game.to_act < game.rules.players, "no seat to act while the hand is on", str(game.to_act))
        check(bool(game.legal_moves()), "a game with no legal move")
    for seat in range(game.rules.players):
        game.observation(seat)


def sound_record(report: Any, read: Callable[[], Record]) -> None:
    """``referee`` said legal: the record reads, replays to a playable, sound game."""
    if not report.legal:
        return
    record = read()
    if record.seed is not None:
        sound_seed(record.seed)
    sound_rules(record.rules)
    game = record.replay()
    for deal, _ in game.state.history():
        real_deal(game.rules, deal)
    playable(game)
    for hand in record.hands:
        for action in hand.actions:
            if isinstance(action.move, Play):
                check(genuine(action.move, record.rules), "R3.16: a record of a forged play refereed legal", short(action.move))


# ---------------------------------------------------------------------------
# The entry points: each draws an input and returns (input, call)

Case = tuple[object, Callable[[], object]]


def accepted_text(text: object) -> None:
    check(isinstance(text, str), "a non-str accepted as text", type(text).__name__)


def card_text(rng: random.Random, corpus: Corpus) -> Any:
    return mutate_text(rng, rng.choice(corpus.texts)) if rng.random() < 0.8 else nasty(rng)


def parse_cards_case(rng: random.Random, corpus: Corpus) -> Case:
    text = card_text(rng, corpus)

    def call() -> object:
        cards = parse_cards(text)
        accepted_text(text)
        check(parse_cards(format_cards(cards)) == cards, "parse(format(cards)) differs")
        return cards

    return text, call


def text_case(parse: Callable[[str], object], near_cards: bool = False) -> Callable[[random.Random, Corpus], Case]:
    """The entry point ``parse(text)``: accepted only for a str."""

    def case(rng: random.Random, corpus: Corpus) -> Case:
        if near_cards and rng.random() < 0.3:
            text: Any = rng.choice(CARD_WORDS) + rng.choice(["", " ", "X", "H"])
        else:
            text = card_text(rng, corpus)

        def call() -> object:
            result = parse(text)
            accepted_text(text)
            return result

        return text, call

    return case


def play_parse_case(rng: random.Random, corpus: Corpus) -> Case:
    text = card_text(rng, corpus)
    rules = rng.choice(corpus.rules) if rng.random() < 0.95 else nasty(rng)

    def call() -> object:
        play = Play.parse(text, rules)
        accepted_text(text)
        check(genuine(play, rules), "R3.16: a play that is not a reading of its cards", short(play))
        check(max(Counter(play.cards).values()) <= rules.decks, "R1.3a: more copies than the decks")
        return play

    return (text, rules), call


def from_index_case(rng: random.Random, corpus: Corpus) -> Case:
    index = rng.randint(-60, 120) if rng.random() < 0.5 else nasty(rng)

    def call() -> object:
        card = Card.from_index(index)
        check(isinstance(index, int) and not isinstance(index, bool) and 0 <= index <= 53, "a bad card index accepted", short(index))
        check(card.index == index, "from_index(i).index != i")
        return card

    return index, call


def multiset(rng: random.Random) -> list[Card]:
    """Cards that often hold more copies of a card than one or two decks have."""
    if rng.random() < 0.5:
        pool = rng.sample(DECK, rng.randint(1, 3))
        return [rng.choice(pool) for _ in range(rng.randrange(1, 10))]
    return [rng.choice(DECK) for _ in range(rng.randrange(0, 13))]


def stateless_case(rng: random.Random, corpus: Corpus) -> Case:
    rules = rng.choice(corpus.rules)
    cards: Any = multiset(rng)
    rules_given: Any = rules
    top: Any = rng.choice(readings([rng.choice(DECK) for _ in range(rng.randint(1, 5))], rules) or [None])
    roll = rng.random()
    if roll < 0.05:
        cards = nasty(rng)
    elif roll < 0.1:
        rules_given = nasty(rng)
    elif roll < 0.15:
        top = nasty(rng)
    listed = isinstance(cards, list) and all(isinstance(card, Card) for card in cards)
    too_many = listed and rules_given is rules and any(count > rules.decks for count in Counter(cards).values())
    two_deck = readings(cards, corpus.two_deck) if listed else []
    operation = rng.randrange(5)
    include = rng.choice(DECK)
    label = ["classify_all", "classify", "legal_plays", "beats", "legal_plays(cards view)"][operation]

    def call() -> object:
        if operation == 0:
            result: object = classify_all(cards, rules_given)
        elif operation == 1:
            result = classify(cards, rules_given)
        elif operation == 2:
            result = list(itertools.islice(legal_plays(cards, rules_given, top), 5000))
        elif operation == 3:
            candidate = two_deck[0] if two_deck else Play.parse("3D", rules)
            result = beats(candidate, top or candidate, rules_given)
        else:
            plays = legal_plays(cards, rules_given, view="cards", must_include=include)
            result = list(itertools.islice(plays, 5000))
        if too_many and (operation != 3 or two_deck):
            raise Violation(f"R1.3a: {label} of more copies than the decks accepted", f"{format_cards(cards)} under decks={rules.decks}")
        return result

    return (label, cards, rules_given if rules_given is not rules else "rules", top), call


def readings(cards: list[Card], rules: Rules) -> list[Play]:
    try:
        return classify_all(cards, rules)
    except ZhengShangyouError:
        return []


def options(rng: random.Random, corpus: Corpus) -> dict[str, Any]:
    """Keyword options: mostly real names with real values, some unknown names and nasty values."""
    found: dict[str, Any] = {}
    for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
        name = rng.choice(corpus.option_names) if rng.random() < 0.9 else rng.choice(ODD_NAMES)
        roll = rng.random()
        if roll < 0.45 and name in corpus.option_values:
            value = rng.choice(corpus.option_values[name])
        elif roll < 0.6:
            value = rng.choice(corpus.all_values)
        elif roll < 0.75:
            value = rng.choice([14, 15, 10**7, 10**12, 13, 12, 0, -1, 3])
        else:
            value = nasty(rng)
        found[name] = value
    return found


def accepted_rules(rules: Rules, given: dict[str, Any], corpus: Corpus) -> Rules:
    unknown = set(given) - set(corpus.option_names)
    check(not unknown, "R10: an unknown option name accepted", repr(sorted(unknown)))
    sound_rules(rules)
    return rules


def rules_case(rng: random.Random, corpus: Corpus) -> Case:
    given = options(rng, corpus)
    return given, lambda: accepted_rules(Rules(**given), given, corpus)


def preset_case(rng: random.Random, corpus: Corpus) -> Case:
    name = rng.choice(Rules.preset_names()) if rng.random() < 0.85 else nasty(rng)
    given = options(rng, corpus)

    def call() -> object:
        rules = Rules.preset(name, **given)
        check(name in Rules.preset_names(), "an unknown preset accepted", short(name))
        return accepted_rules(rules, given, corpus)

    return (name, given), call


def evolve_case(rng: random.Random, corpus: Corpus) -> Case:
    base = rng.choice(corpus.rules)
    given = options(rng, corpus)
    return given, lambda: accepted_rules(base.evolve(**given), given, corpus)


def from_dict_case(rng: random.Random, corpus: Corpus) -> Case:
    data: Any = rng.choice(corpus.rules).to_dict() if rng.random() < 0.5 else {}
    data.update(options(rng, corpus))
    if rng.random() < 0.1:
        data = nasty(rng)

    def call() -> object:
        rules = Rules.from_dict(data)
        check(isinstance(data, dict), "a non-dict accepted as options", type(data).__name__)
        return accepted_rules(rules, data, corpus)

    return data, call


def game_case(rng: random.Random, corpus: Corpus) -> Case:
    given: dict[str, Any] = options(rng, corpus) if rng.random() < 0.6 else {}
    if rng.random() < 0.4:
        given["rules"] = rng.choice(corpus.rules) if rng.random() < 0.8 else nasty(rng)
    if rng.random() < 0.6:
        roll = rng.random()
        given["seed"] = rng.randrange(SEEDS_END) if roll < 0.4 else rng.choice([0, SEEDS_END - 1, SEEDS_END, -1, True, "abc", 1.0]) if roll < 0.7 else nasty(rng)
    if rng.random() < 0.3:
        given["dealer"] = rng.randint(-2, 9) if rng.random() < 0.7 else nasty(rng)
    if rng.random() < 0.05:
        given["deals"] = nasty(rng)

    def call() -> object:
        game = Game(**given)
        rules = given.get("rules")
        accepted_rules(game.rules, {key: value for key, value in given.items() if key not in ("rules", "seed", "dealer", "deals")}, corpus)
        sound_seed(game.state.seed)
        check(isinstance(rules, Rules) or rules is None, "rules that are not a Rules accepted", short(rules))
        if given.get("seed") is not None:
            check(game.state.seed == given["seed"], "the seed given is not the game's")
        playable(game)
        report = referee(Record.from_game(game).to_json())
        check(report.legal, "the record of a new game is refused", str(report))
        return game

    return given, call


DEAL_MUTATIONS = ("none", "move", "drop", "duplicate", "swap", "rotate", "empty", "dealer", "trick_seat", "trick_card", "extra", "fewer", "nasty")


def deals_case(rng: random.Random, corpus: Corpus) -> Case:
    rules = rng.choice(corpus.rules)
    deal = deal_cards(rules, rng.randrange(rules.players), random.Random(rng.random()), trick_card=rules.first_lead == "trick_card")
    hands = [list(hand) for hand in deal.hands]
    seat, other = rng.randrange(len(hands)), rng.randrange(len(hands))
    mutation = rng.choice(DEAL_MUTATIONS)
    fields: dict[str, Any] = {}
    if mutation == "move" and hands[seat]:
        hands[other].append(hands[seat].pop(rng.randrange(len(hands[seat]))))
    elif mutation == "drop" and hands[seat]:
        hands[seat].pop()
    elif mutation == "duplicate" and hands[seat]:
        hands[other].append(hands[seat][0])
    elif mutation == "swap":
        hands[seat], hands[other] = hands[other], hands[seat]
    elif mutation == "rotate":
        hands = hands[1:] + hands[:1]
    elif mutation == "empty":
        hands[other].extend(hands[seat])
        hands[seat] = []
    elif mutation == "extra":
        hands.append([])
    elif mutation == "fewer":
        hands.pop()
    elif mutation in ("dealer", "trick_seat"):
        fields[mutation] = rng.randint(-9, 9) if rng.random() < 0.8 else nasty(rng)
    elif mutation == "trick_card":
        fields["trick_card"] = rng.choice([None, rng.choice(DECK), nasty(rng)])
    given: Any = nasty(rng) if mutation == "nasty" else None

    def call() -> object:
        deal = given if mutation == "nasty" else attrs.evolve(base, hands=tuple(Hand(cards) for cards in hands), **fields)
        game = Game(rules, seed=1, deals=[deal])
        real_deal(rules, deal)
        playable(game)
        return game

    base = deal
    return (mutation, [len(cards) for cards in hands], fields, given), call


def position(rng: random.Random, corpus: Corpus) -> Game:
    return Game.from_state(rng.choice(corpus.positions))


def forge(rng: random.Random, play: Play) -> Any:
    change: dict[str, Any] = rng.choice(
        [
            {"is_bomb": not play.is_bomb},
            {"is_bomb": True, "family": Kind.BOMB},
            {"family": rng.choice(list(Kind))},
            {"kind": rng.choice(list(Kind))},
            {"key": play.key + rng.choice([1, -1, 10**6])},
            {"rev_key": rng.randint(-(2**40), 2**40)},
            {"cards": play.cards[::-1]},
            {"cards": tuple(rng.choice(DECK) for _ in range(len(play.cards)))},
            {"cards": (*play.cards, None)},
            {"kind": nasty(rng), "key": nasty(rng)},
        ]
    )
    try:
        return attrs.evolve(play, **change)
    except ZhengShangyouError:
        return play


def move_for(rng: random.Random, game: Game, corpus: Corpus) -> Any:
    """A move to try in ``game``: legal, forged, stale, not held, text, exchange, nasty."""
    held = list(game.hands[game.to_act]) if 0 <= game.to_act < len(game.hands) else []
    cards = rng.sample(held, min(len(held), rng.randint(1, 5))) if held and rng.random() < 0.6 else [rng.choice(DECK) for _ in range(rng.randint(0, 5))]
    roll = rng.randrange(12)
    if roll < 2:
        moves = list(itertools.islice(game.legal_moves(view=rng.choice(["classes", "cards"])), 200))
        if moves:
            move = rng.choice(moves)
            return forge(rng, move) if roll == 1 and isinstance(move, Play) else move
    if roll == 2:
        return rng.choice(["pass", "PASS", " pass ", "pass 3D", "give RJ", "offer 3D 4S", "take 4S", "return 3C", "give", "offer", ""])
    if roll == 3:
        return f"{rng.choice(['', 'give', 'offer', 'take', 'return', 'play'])} {format_cards(cards)}".strip()
    if roll == 4:
        return mutate_text(rng, format_cards(cards) or "3D")
    if roll == 5:
        return rng.choice([list(cards), tuple(cards), iter(cards)])
    if roll == 6:
        stale = readings(cards, rng.choice(corpus.rules))
        return rng.choice(stale) if stale else PASS
    if roll == 7:
        card = rng.choice(DECK) if rng.random() < 0.8 else nasty(rng)
        try:
            return rng.choice([Give, Take, Return])(card)
        except ZhengShangyouError:  # (the constructor refuses what is not a card)
            return card
    if roll == 8:
        try:
            return Offer(tuple(rng.choice(held or DECK) for _ in range(2)))
        except ZhengShangyouError:
            return PASS
    if roll == 9:
        return [rng.randint(-3, 60) for _ in range(rng.randint(0, 4))]
    return nasty(rng)


MOVE_TYPES = (Play, Pass, Give, Offer, Take, Return)


def play_case(rng: random.Random, corpus: Corpus) -> Case:
    game = position(rng, corpus)
    move = move_for(rng, game, corpus)
    seat = None if rng.random() < 0.8 else rng.choice([game.to_act, rng.randint(-2, 9), nasty(rng)])

    def call() -> object:
        before = game.state
        try:
            game.play(move, seat=seat)
        except ZhengShangyouError:
            check(game.state is before or game.state == before, "E23: a refused move changed the game")
            raise
        after = game.state
        check(len(after.log) == len(before.log) + 1, "an accepted move is not logged once")
        made = after.log[-1].move
        legal = LegalMoves(before, "cards")  # every choice of cards (the class view: one a class)
        check(made in legal, "a move accepted that is not in legal_moves(view='cards')", short(made))
        if isinstance(made, Play):
            check(genuine(made, before.rules), "R3.16: the game kept a forged play", short(made))
        if isinstance(move, MOVE_TYPES):
            check(move in legal, "a move accepted that `in legal_moves(view='cards')` denies", short(move))
        playable(game)
        return made

    return (move, seat), call


def observation_case(rng: random.Random, corpus: Corpus) -> Case:
    game = position(rng, corpus)
    seat = rng.randint(-3, 10) if rng.random() < 0.6 else nasty(rng)

    def call() -> object:
        seen = game.observation(seat)
        check(isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.rules.players, "a bad seat accepted", short(seat))
        return seen

    return seat, call


def paths(data: object) -> list[tuple[object, ...]]:
    """Every node's path below ``data``, at most ten levels deep."""
    found: list[tuple[object, ...]] = []
    pending: list[tuple[tuple[object, ...], object]] = [((), data)]
    while pending:
        path, node = pending.pop()
        if len(path) >= 10:
            continue
        children: Any = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in children:
            found.append((*path, key))
            pending.append(((*path, key), child))
    return found


def json_value(rng: random.Random, corpus: Corpus) -> Any:
    roll = rng.random()
    if roll < 0.3:
        return rng.choice(corpus.all_values)
    if roll < 0.5:
        return rng.choice([14, 10**12, -1, 0, 1, 2, 8, 9, SEEDS_END, True, None, "", "3D", "3D 3D", "RJ", [], {}, [1], "pair", "bomb", 1.5])
    return nasty(rng)


def mutate_data(rng: random.Random, data: Any, corpus: Corpus) -> Any:
    """A record's data with one to three mutations, half of them in its header."""
    for _ in range(rng.randint(1, 3)):
        every = paths(data)
        if not every or not isinstance(data, dict):
            break
        header = [path for path in every if "moves" not in path[:3] or path[-1] == "moves"]
        path = rng.choice(header if header and rng.random() < 0.5 else every)
        parent: Any = data
        for step in path[:-1]:
            parent = parent[step]
        key: Any = path[-1]
        value = parent[key]
        op = rng.randrange(8)
        if op == 0:
            parent[key] = json_value(rng, corpus)
        elif op == 1:
            del parent[key]
        elif op == 2:
            parent[key] = rng.choice([[value], {"value": value}, nested(3000)])
        elif op == 3 and isinstance(value, list) and value:
            value.insert(rng.randint(0, len(value)), rng.choice(value))
        elif op == 4 and isinstance(value, int) and not isinstance(value, bool):
            parent[key] = value + rng.choice([-100, -5, -1, 1, 2, 4, 10**12, huge(rng)])
        elif op == 5 and isinstance(value, str):
            parent[key] = mutate_text(rng, value)
        elif op == 6 and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        elif op == 7 and isinstance(parent, dict):
            parent[rng.choice(["extra", "reading", "kind", "pass", "play", "seat"])] = json_value(rng, corpus)
    if rng.random() < 0.02:
        data = rng.choice([[data], {"record": data}])
    return data


TEXT_INSERTS = ["[" * 3000, "{" * 3000, "[" * 100_000, "1" * 5000, "-" + "9" * 4301, "NaN", "Infinity", "\\ud800", "\x00", '"', "}", "]", ",", "1e999999", "-0", "null", "true", '"3D 3D"', "0.5"]


def mutate_json(rng: random.Random, text: str) -> str | bytes:
    for _ in range(rng.randint(1, 3)):
        start = rng.randint(0, len(text))
        end = rng.randint(start, min(len(text), start + 40))
        insert = rng.choice(TEXT_INSERTS) if rng.random() < 0.6 else "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(5)))
        text = text[:start] + insert + text[end:]
    if rng.random() < 0.15:
        return rng.choice([text.encode("utf-8", "surrogatepass"), text.encode("utf-16"), b"\xff\xfe" + text.encode("latin-1", "replace")])
    return text


def from_data_case(rng: random.Random, corpus: Corpus) -> Case:
    data = mutate_data(rng, copy.deepcopy(rng.choice(corpus.records)), corpus)

    def call() -> object:
        record = Record.from_data(data)
        report = referee(record)
        sound_record(report, lambda: record)
        return record

    return data, call


def from_json_case(rng: random.Random, corpus: Corpus) -> Case:
    text = mutate_json(rng, rng.choice(corpus.jsons)) if rng.random() < 0.97 else nasty(rng)

    def call() -> object:
        record = Record.from_json(text)
        check(isinstance(text, (str, bytes)), "a non-str accepted as JSON", type(text).__name__)
        return record

    return text, call


def forged_record(rng: random.Random, corpus: Corpus) -> Record:
    record = Record.from_data(rng.choice(corpus.records))
    number = rng.randrange(len(record.hands))
    hand = record.hands[number]
    plays = [index for index, action in enumerate(hand.actions) if isinstance(action.move, Play)]
    if not plays:
        return record
    index = rng.choice(plays)
    action = hand.actions[index]
    assert isinstance(action.move, Play)
    actions = (*hand.actions[:index], attrs.evolve(action, move=forge(rng, action.move)), *hand.actions[index + 1 :])
    hands = list(record.hands)
    hands[number] = attrs.evolve(hand, actions=actions)
    return attrs.evolve(record, hands=tuple(hands))


def referee_case(rng: random.Random, corpus: Corpus) -> Case:
    roll = rng.random()
    value: Any
    if roll < 0.5:
        value = mutate_data(rng, copy.deepcopy(rng.choice(corpus.records)), corpus)
    elif roll < 0.75:
        value = mutate_json(rng, rng.choice(corpus.jsons))
    elif roll < 0.9:
        value = forged_record(rng, corpus)
    else:
        value = nasty(rng)

    def call() -> object:
        try:
            report = referee(value)
        except ZhengShangyouError as error:
            raise Violation(f"referee raised {type(error).__name__}", short(str(error))) from None
        if isinstance(value, (str, bytes)):  # (json.loads reads bytes in UTF-8, -16 or -32)
            sound_record(report, lambda: Record.from_data(json.loads(value)))
        elif isinstance(value, Record):
            sound_record(report, lambda: value)
        else:
            sound_record(report, lambda: Record.from_data(value))
        return report

    return value, call


# ---------------------------------------------------------------------------
# Issue 35: semantic record mutations, web requests, hostile option values


def json_bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


#: Characters a card text may hold (R1.4): ASCII, the suit symbols, and whitespace between cards.
NOTATION = frozenset(chr(code) for code in range(32, 127)) | frozenset("♦♣♥♠")


def in_notation(text: str) -> bool:
    return all(char in NOTATION or char.isspace() for char in text)


def card_texts_of(data: Any) -> list[str]:
    """Every card text of a record's data (deals, trick cards, plays and exchange moves)."""
    found: list[str] = []
    for hand in data.get("hands", []) if isinstance(data, dict) else []:
        if not isinstance(hand, dict):
            continue
        found += [text for text in hand.get("deal", []) or [] if isinstance(text, str)]
        for key in ("trick_card", "kitty"):
            if isinstance(hand.get(key), str):
                found.append(hand[key])
        for move in hand.get("moves", []) or []:
            if isinstance(move, dict):
                found += [move[verb] for verb in ("play", "give", "offer", "take", "return") if isinstance(move.get(verb), str)]
    return found


LOOKALIKES = {"S": ["ſ", "Ｓ", "ѕ", "ꜱ"], "D": ["Ｄ", "ⅾ", "Ɗ"], "C": ["Ｃ", "С", "ⅽ", "Ϲ"], "H": ["Ｈ", "Н", "ℋ"], "J": ["Ј", "Ｊ"], "K": ["K", "Κ"], "A": ["А", "Ａ"], "3": ["３", "𝟑", "Ʒ"], "1": ["١", "𝟏"], "0": ["０", "٠"]}
PATHOLOGICAL_STRINGS = [
    "x" * 10_000, "x" * 10_001, "3D " * 3400, "\x00", "\u2028", "\u202e3D", "3D\u200b", "\ufeff3D", "🂡", "３Ｄ", "3ſ",
    '\\"' * 50, "\\", '"', "[" * 50, "{}" * 40, "\ud800", "é" * 500,
]


def lookalike(rng: random.Random, text: str) -> str:
    """``text`` with one character swapped for a Unicode character that looks like it."""
    spots = [index for index, char in enumerate(text) if char.upper() in LOOKALIKES]
    if not spots:
        return text + rng.choice(["ſ", "\u200b", "Ｄ"])
    index = rng.choice(spots)
    return text[:index] + rng.choice(LOOKALIKES[text[index].upper()]) + text[index + 1 :]


def moves_of(data: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    return [
        (number, index, move)
        for number, hand in enumerate(data["hands"])
        for index, move in enumerate(hand["moves"])
    ]


SEMANTIC = (
    "play-card", "deal-card", "deal-swap", "seat", "seat-range", "play-to-pass", "pass-to-play", "kind", "reading",
    "verb", "drop-move", "duplicate-move", "swap-moves", "drop-key", "wrong-type", "dealer", "trick", "lookalike",
    "rules-option", "seed", "hand-order",
)


def semantic_mutation(rng: random.Random, data: dict[str, Any], corpus: Corpus) -> str:
    """One change of meaning to a real record's data, in place; its name."""
    mutation = rng.choice(SEMANTIC)
    moves = moves_of(data)
    hand = rng.choice(data["hands"])
    plays = [(n, i, move) for n, i, move in moves if "play" in move]
    deck = [str(card) for card in DECK]
    if mutation == "play-card" and plays:
        move = rng.choice(plays)[2]
        words = move["play"].split()
        words[rng.randrange(len(words))] = rng.choice(deck)
        move["play"] = " ".join(words)
    elif mutation == "deal-card":
        seat = rng.randrange(len(hand["deal"]))
        words = hand["deal"][seat].split()
        if words:
            words[rng.randrange(len(words))] = rng.choice(deck)
        hand["deal"][seat] = " ".join(words)
    elif mutation == "deal-swap" and len(hand["deal"]) > 1:
        one, two = rng.sample(range(len(hand["deal"])), 2)
        first, second = hand["deal"][one].split(), hand["deal"][two].split()
        if first and second:
            i, j = rng.randrange(len(first)), rng.randrange(len(second))
            first[i], second[j] = second[j], first[i]
            hand["deal"][one], hand["deal"][two] = " ".join(first), " ".join(second)
    elif mutation == "seat" and moves:
        move = rng.choice(moves)[2]
        move["seat"] = (move["seat"] + rng.choice([1, -1, 2])) % len(hand["deal"])
    elif mutation == "seat-range" and moves:
        rng.choice(moves)[2]["seat"] = rng.choice([-1, 8, 9, 2**63, -(2**63), len(hand["deal"])])
    elif mutation == "play-to-pass" and plays:
        move = rng.choice(plays)[2]
        for key in ("play", "kind", "reading"):
            move.pop(key, None)
        move["pass"] = True
    elif mutation == "pass-to-play":
        passes = [move for _, _, move in moves if "pass" in move]
        if passes:
            move = rng.choice(passes)
            del move["pass"]
            move.update(play=rng.choice(corpus.texts), kind=rng.choice(list(Kind)).value)
    elif mutation == "kind" and plays:
        rng.choice(plays)[2]["kind"] = rng.choice(list(Kind)).value
    elif mutation == "reading" and plays:
        rng.choice(plays)[2]["reading"] = rng.choice([0, 1, 2, 5, -1, True, 1.0, "1", None])
    elif mutation == "verb" and moves:
        move = rng.choice(moves)[2]
        verbs = [verb for verb in ("play", "pass", "give", "offer", "take", "return") if verb in move]
        if verbs:
            value = move.pop(verbs[0])
            move[rng.choice(["play", "pass", "give", "offer", "take", "return"])] = value
    elif mutation == "drop-move" and hand["moves"]:
        hand["moves"].pop(rng.randrange(len(hand["moves"])))
    elif mutation == "duplicate-move" and hand["moves"]:
        index = rng.randrange(len(hand["moves"]))
        hand["moves"].insert(index, copy.deepcopy(hand["moves"][index]))
    elif mutation == "swap-moves" and len(hand["moves"]) > 1:
        i, j = rng.sample(range(len(hand["moves"])), 2)
        hand["moves"][i], hand["moves"][j] = hand["moves"][j], hand["moves"][i]
    elif mutation == "drop-key":
        target = rng.choice([data, hand, rng.choice(moves)[2] if moves else hand, data["rules"]])
        if target:
            del target[rng.choice(list(target))]
    elif mutation == "wrong-type":
        target = rng.choice([data, hand, rng.choice(moves)[2] if moves else hand])
        key = rng.choice(list(target))
        target[key] = rng.choice([str(target[key]), [target[key]], {"value": target[key]}, 1.0, True, None, b"3D".decode()])
    elif mutation == "dealer":
        hand["dealer"] = (hand["dealer"] + rng.choice([1, -1])) % len(hand["deal"])
    elif mutation == "trick":
        hand["trick_card"] = rng.choice([None, rng.choice(deck), "3D 4D", ""])
        hand["trick_seat"] = rng.choice([None, 0, 1, len(hand["deal"]), -1])
    elif mutation == "lookalike":
        texts: list[tuple[Any, str, int | None]] = [(hand, "deal", seat) for seat in range(len(hand["deal"]))]
        texts += [(move, "play", None) for _, _, move in plays]
        holder, key, where = rng.choice(texts)
        if where is None:
            holder[key] = lookalike(rng, holder[key])
        else:
            holder[key][where] = lookalike(rng, holder[key][where])
    elif mutation == "rules-option":
        name = rng.choice(corpus.option_names)
        data["rules"][name] = rng.choice(corpus.option_values[name] + [nasty_json(rng)])
    elif mutation == "seed":
        data["seed"] = rng.choice([None, 0, -1, 2**64 - 1, 2**64, "7", 7.0, True])
    elif mutation == "hand-order" and len(data["hands"]) > 1:
        data["hands"].reverse()
    return mutation


def nasty_json(rng: random.Random) -> Any:
    """A JSON-compatible value a hostile writer might put anywhere."""
    return rng.choice(
        [None, True, False, 0, -1, 1.5, 2**64, -(2**63), "", "3D", "3D 3D", "ſ", [], {}, [[[]]], {"a": {"b": []}}, "x" * 200, nested(12)]
    )


PATHOLOGIES = ("huge-hands", "huge-moves", "huge-deal", "huge-notes", "huge-tiers", "deep", "long-string", "escaped-quotes", "strings", "many-keys", "shared")


def pathological_record(rng: random.Random, data: dict[str, Any]) -> tuple[str, Any]:
    """A real record made huge, deep, or full of pathological strings (as data; the text forms
    are made from it by the caller, except those that exist only as text)."""
    kind = rng.choice(PATHOLOGIES)
    hand = data["hands"][0]
    if kind == "huge-hands":
        data["hands"] = [hand] * rng.choice([999, 1000, 1001, 5000, 100_000])
    elif kind == "huge-moves":
        moves = hand["moves"] or [{"seat": 0, "pass": True}]
        hand["moves"] = (moves * (5000 // len(moves) + 1))[: rng.choice([219, 220, 866, 868, 5000])]
        if rng.random() < 0.5:
            data["hands"] = [hand] * rng.choice([12, 13, 60])
    elif kind == "huge-deal":
        seat = rng.randrange(len(hand["deal"]))
        hand["deal"][seat] = " ".join([hand["deal"][seat]] * rng.choice([2, 8, 100, 1000]))
        if rng.random() < 0.3:
            hand["deal"] = hand["deal"] * rng.choice([2, 100, 10_000])
    elif kind == "huge-notes":
        data["notes"] = [0] * rng.choice([99_000, 100_000, 100_001, 1_000_000])
    elif kind == "huge-tiers":
        data["rules"]["penalty_tiers"] = [[low, 2] for low in range(1, rng.choice([3, 1000, 1001, 100_000]))]
    elif kind == "deep":
        data["notes"] = nested(rng.choice([8, 9, 10, 11, 1000, 5000]))
    elif kind == "long-string":
        data["notes"] = "x" * rng.choice([9_999, 10_000, 10_001, 1_000_000])
    elif kind == "escaped-quotes":
        data["notes"] = '\\"' * rng.choice([10, 4999, 5000, 100_000])
    elif kind == "strings":
        target = rng.choice(["notes", "format", "kind", "play", "deal", "first_lead", "suit_order"])
        value = rng.choice(PATHOLOGICAL_STRINGS)
        if target == "kind" and hand["moves"]:
            hand["moves"][0]["kind"] = value
        elif target == "play" and hand["moves"]:
            hand["moves"][0]["play"] = value
        elif target == "deal":
            hand["deal"][0] = value
        elif target in ("first_lead", "suit_order"):
            data["rules"][target] = value
        else:
            data[target] = value
    elif kind == "many-keys":
        data["rules"].update({f"option{number}": True for number in range(rng.choice([1, 100, 100_000]))})
    else:  # shared: one move object everywhere (a DAG, read as a tree)
        if hand["moves"]:
            hand["moves"] = [hand["moves"][0]] * rng.choice([10, 860, 870])
    return kind, data


PATHOLOGICAL_TEXTS = [
    lambda: '"' + '\\"' * 1_999_999,
    lambda: '{"format": "' + '\\"' * 1_999_990,
    lambda: '["' + '\\"' * 1_999_990 + '"]',
    lambda: '"\\' * 2_000_000,
    lambda: '"' * 4_000_000,
    lambda: "[" * 4_000_000,
    lambda: "[" + "0," * 1_999_998 + "0]",
    lambda: "[" + "[]," * 1_333_332 + "[]]",
    lambda: '{"a": "' + "x" * 3_999_980 + '"}',
    lambda: " " * 4_000_000 + "{}",
    lambda: " " * 4_000_001,
]


def record_semantic_case(rng: random.Random, corpus: Corpus) -> Case:
    """A real record with one to three changes of meaning, given as data, text or bytes."""
    data = copy.deepcopy(rng.choice(corpus.records))
    changes = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        try:
            changes.append(semantic_mutation(rng, data, corpus))
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):  # an earlier change took what this one needs
            break
    form = rng.choice(["data", "text", "bytes", "text-duplicate-key"])
    value: Any = data
    if form != "data":
        text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
        if form == "text-duplicate-key":  # the same key twice in an object: the last one counts in JSON
            key = rng.choice(['"seat": ', '"play": ', '"kind": ', '"dealer": ', '"version": ', '"format": '])
            at = text.find(key)
            if at >= 0:
                text = text[:at] + key + json.dumps(nasty_json(rng)) + ", " + text[at:]
        value = json_bytes(text) if form == "bytes" else text

    def call() -> object:
        report = checked_referee(value)
        if not report.legal:  # (tallied as refused)
            raise InvalidRecordError(report.reason, index=report.index, rule=report.rule)
        shown = json.loads(value) if isinstance(value, (str, bytes)) else value
        for text in card_texts_of(shown):
            check(in_notation(text), "R1.4: a Unicode lookalike read as a card", short(text))
        return report

    return (changes, form, short(value)), call


def nesting(value: object) -> int:
    """How deep the first items of nested lists go."""
    depth = 0
    while isinstance(value, list) and value:
        value, depth = value[0], depth + 1
    return depth


@functools.cache
def pathological_text(number: int) -> str:
    """The ``number``-th of PATHOLOGICAL_TEXTS, made once a process (strings do not change)."""
    return PATHOLOGICAL_TEXTS[number]()


def record_pathology_case(rng: random.Random, corpus: Corpus) -> Case:
    """A record huge, deep or full of pathological strings, as data or text; or a pathological text at the length limit."""
    if rng.random() < 0.05:
        value: Any = pathological_text(rng.randrange(len(PATHOLOGICAL_TEXTS)))
        kind = "text at the limit"
    else:
        kind, data = pathological_record(rng, copy.deepcopy(rng.choice(corpus.records)))
        form = rng.random()
        # (json.dumps recurses: text nested 1,000 deep comes from PATHOLOGICAL_TEXTS, in brackets)
        deep = kind == "deep" and nesting(data["notes"]) > 100
        as_text = form >= 0.6 and len(data["hands"]) <= 1001 and len(data.get("rules", ())) < 1000 and not deep
        value = data if not as_text else json_bytes(json.dumps(data)) if form < 0.7 else json.dumps(data)

    def call() -> object:
        report = checked_referee(value)
        if isinstance(value, dict):
            only_library_errors_of(lambda: Record.from_data(value))
        if not report.legal:  # (tallied as refused)
            raise InvalidRecordError(report.reason, index=report.index, rule=report.rule)
        return report

    return (kind, short(value)), call


def only_library_errors_of(call: Callable[[], object]) -> None:
    with contextlib.suppress(ZhengShangyouError):
        call()


def checked_referee(value: Any) -> Any:
    """``referee(value)``: it must not raise, and a record it calls legal must be sound."""
    try:
        report = referee(value)
    except ZhengShangyouError as error:
        raise Violation(f"referee raised {type(error).__name__}", short(str(error))) from None
    if isinstance(value, (str, bytes)):
        sound_record(report, lambda: Record.from_data(json.loads(value)))
    elif isinstance(value, Record):
        sound_record(report, lambda: value)
    else:
        sound_record(report, lambda: Record.from_data(value))
    return report


# --- the web table, called in-process as an ASGI application


def asgi_call(app: Any, method: str, path: str, body: bytes = b"") -> tuple[int, bytes, dict[str, str]]:
    """One HTTP request to the ASGI ``app``, in this thread (so the CPU alarm reaches it)."""
    import asyncio

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
        "path": path, "raw_path": path.encode("utf-8", "surrogatepass"), "query_string": b"", "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
        "client": ("127.0.0.1", 50000), "server": ("testserver", 80),
    }
    incoming = [{"type": "http.request", "body": body, "more_body": False}]
    status = 0
    chunks: list[bytes] = []
    headers: dict[str, str] = {}

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
            headers.update({key.decode("latin-1").lower(): value.decode("latin-1") for key, value in message.get("headers", [])})
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    asyncio.run(app(scope, receive, send))
    return status, b"".join(chunks), headers


API = {"/api/view": "GET", "/api/move": "POST", "/api/hint": "POST", "/api/next": "POST", "/api/new": "POST"}
STATIC_PATHS = [
    "/", "/static/app.js", "/static/style.css", "/static/index.html", "/static/../web.py", "/static/..%2fweb.py",
    "/static/%2e%2e/web.py", "/static//etc/passwd", "/static/../../pyproject.toml", "/static/\x00", "/static/" + "a" * 5000,
    "/api/unknown", "/api", "//api/view", "/static/",
]
CARD_IN_TEXT = re.compile(r"(10|[2-9JQKA])([♦♣♥♠])|\b(BJ|RJ)\b")
SUIT_LETTER = {"♦": "D", "♣": "C", "♥": "H", "♠": "S"}


def web_table(rng: random.Random, corpus: Corpus) -> Any:
    """A fresh table under real rules, with fast bots, a few moves into a hand."""
    from zhengshangyou.web import create_app

    rules = rng.choice(corpus.rules)
    app = create_app(rules, seat=rng.randrange(rules.players), bots=[rng.choice(["greedy", "random"])], seed=rng.randrange(SEEDS_END))
    table = app.state.table
    for _ in range(rng.choice([0, 0, 1, 3, 10])):
        if table.game.is_hand_over:
            break
        moves = list(itertools.islice(table.game.legal_moves(), 50))
        table.move(typed_form(rng.choice(moves), table.game.rules))
    return app


def web_body(rng: random.Random, path: str, app: Any, corpus: Corpus) -> bytes:
    game = app.state.table.game
    roll = rng.random()
    if path == "/api/new" and roll < 0.6:
        preset: Any = rng.choice(Rules.preset_names()) if rng.random() < 0.9 else nasty_json(rng)
        given = {name: value for name, value in options(rng, corpus).items() if is_json(value)}
        return json_bytes(json.dumps({"preset": preset, "options": given}))
    if roll < 0.45:
        if not game.is_hand_over and game.to_act == app.state.table.seat and rng.random() < 0.6:
            moves = list(itertools.islice(game.legal_moves(view=rng.choice(["classes", "cards"])), 100))
            text: Any = typed_form(rng.choice(moves), game.rules)
        else:
            text = card_text(rng, corpus) if rng.random() < 0.8 else rng.choice(["pass", "give RJ", "offer 3D 4S", "take 4S", "return 3C", ""])
        body: Any = {"move": text if is_json(text) else str(type(text))}
        if rng.random() < 0.1:
            body[rng.choice(["extra", "seat", "preset"])] = nasty_json(rng)
        return json_bytes(json.dumps(body))
    makers: list[Callable[[], bytes]] = [
            lambda: b"",
            lambda: b"not json",
            lambda: b"\xff\xfe{}",
            lambda: json_bytes(json.dumps(nasty_json(rng))),
            lambda: b"[" * 969 + b"]" * 969,
            lambda: b'{"move": ' * 1000 + b"1" + b"}" * 1000,
            lambda: b"[" * 100_000,
            lambda: b'{"move": NaN}',
            lambda: b'{"move": "3D", "move": 3}',
            lambda: b'{"move": "' + b"3D," * rng.choice([1000, 100_000]) + b'3D"}',
            lambda: b'{"options": {"players": 2, "decks": 2, "penalty_tiers": [' + b"[1, 2]," * 10_000 + b"[2, 2]]}}",
            lambda: b'{"move": "' + b'\\"' * 50_000 + b'"}',
            lambda: b'{"move": ' + b"9" * 5000 + b"}",
            lambda: b'{"preset": "two-deck", "options": {"players": 9}}',
    ]
    return rng.choice(makers)()


def is_json(value: object) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError, OverflowError):
        return False
    return True


def public_codes(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` may know of: its hand, the start card, and every card made public in the match."""
    known = {str(card) for card in game.hands[seat]} | {str(game.rules.start_card)}
    rules, state = game.rules, game.state
    landlords = [result.landlord for result in state.results[: state.hand_number]] + [state.landlord]
    for number, (deal, actions) in enumerate(state.history()):
        if deal.trick_card is not None and rules.first_bidder != "random":  # (D2.3: a random one is not shown)
            known.add(str(deal.trick_card))
        landlord = landlords[number] if number < len(landlords) else -1
        if landlord >= 0 and (rules.kitty_shown or seat == landlord):  # the kitty, once taken (D4.1)
            known.update(str(card) for card in deal.kitty)
        for number, action in enumerate(actions):
            move = action.move
            # the offer is seen by the Winner who makes it and the Loser who takes (R8.2)
            taker = actions[number + 1].seat if number + 1 < len(actions) else game.to_act
            if isinstance(move, Play) or (isinstance(move, Offer) and seat in (action.seat, taker)):
                known.update(str(card) for card in move.cards)
            elif isinstance(move, (Give, Take, Return)):
                known.add(str(move.card))
    return known


def codes_in(value: Any) -> set[str]:
    """The cards an answer names: its ``"code"`` fields, and cards written in its texts."""
    found: set[str] = set()
    pending = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            if isinstance(node.get("code"), str):
                found.add(node["code"])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
        elif isinstance(node, str):
            for rank, suit, joker in CARD_IN_TEXT.findall(node):
                found.add(joker or rank + SUIT_LETTER[suit])
            found.update(token for token in re.split(r"[\s,]+", node) if token in DECK_CODES)
    return found


DECK_CODES = frozenset(str(card) for card in DECK)


def numbers_in(value: Any) -> list[int]:
    found: list[int] = []
    pending = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            check("seed" not in node, "web: an answer names the seed")
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
        elif isinstance(node, int) and not isinstance(node, bool):
            found.append(node)
    return found


def web_case(rng: random.Random, corpus: Corpus) -> Case:
    """One to three requests to a fresh table: the API with real and hostile bodies, static paths."""
    app = web_table(rng, corpus)
    requests: list[tuple[str, str, bytes]] = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        roll = rng.random()
        if roll < 0.1:
            requests.append(("GET", rng.choice(STATIC_PATHS), b""))
        elif roll < 0.15:
            path = rng.choice(list(API))
            requests.append(("GET" if API[path] == "POST" else "POST", path, b""))
        else:
            path = rng.choice(["/api/move"] * 5 + ["/api/new"] * 2 + ["/api/view", "/api/hint", "/api/next"])
            requests.append((API[path], path, web_body(rng, path, app, corpus) if API[path] == "POST" else b""))

    def call() -> object:
        table = app.state.table
        for method, path, body in requests:
            game, state = table.game, table.game.state
            status, answer, headers = asgi_call(app, method, path, body)
            check(status < 500, f"web: HTTP {status}", f"{method} {path}")
            if path.startswith("/static") or path == "/":
                check(b"def create_app" not in answer and b"[project]" not in answer, "web: a file outside the page served", path)
                continue
            if API.get(path) != method:
                continue
            check(headers.get("content-type", "").startswith("application/json"), "web: an API answer that is not JSON", path)
            data = json.loads(answer)
            if status >= 400:
                check(isinstance(data, dict) and isinstance(data.get("error"), str), "web: a refusal without an error message", short(data))
                check(table.game is game and table.game.state == state, "web: a refused request changed the game", f"{path} {short(body)}")
                continue
            seat = table.seat
            leaked = codes_in(data) - public_codes(table.game, seat)
            check(not leaked, "web: an answer names a card the person cannot see", f"{path}: {sorted(leaked)}")
            check(table.game.state.seed not in numbers_in(data), "web: an answer holds the seed", path)
        return None

    return [(method, path, short(body)) for method, path, body in requests], call


# --- hostile option values for Rules(...)


class Endless:
    """An endless iterator that stops the run (as a violation) once the library has taken too much of it."""

    def __init__(self, items: Any, limit: int = 100_000) -> None:
        self.items, self.limit, self.taken = itertools.cycle(items), limit, 0

    def __iter__(self) -> Endless:
        return self

    def __next__(self) -> Any:
        self.taken += 1
        if self.taken > self.limit:
            raise Violation("an endless iterator consumed without bound", f"{self.limit:,} items taken")
        return next(self.items)


class AlwaysEqual:
    """Equal to everything (and hashed like a string it claims to be)."""

    def __init__(self, claims: str = "trick_card") -> None:
        self.claims = claims

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return hash(self.claims)

    def __repr__(self) -> str:
        return f"AlwaysEqual({self.claims!r})"


class EqualStr(str):
    """A str that is equal to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = str.__hash__


class BadRepr:
    """Whose repr raises an error that is no ValueError."""

    def __init__(self, error: type[Exception] = KeyError) -> None:
        self.error = error

    def __repr__(self) -> str:
        raise self.error("no repr")


class BadIter:
    def __iter__(self) -> Any:
        raise KeyError("no iteration")

    def __len__(self) -> int:
        raise OverflowError("no length")


class Index:
    """An int-like object (``__index__``), sometimes lying about its value."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __int__(self) -> int:
        return self.value


def hostile_value(rng: random.Random, name: str, corpus: Corpus) -> Any:
    """A value for option ``name`` that no honest caller passes."""
    real = corpus.option_values.get(name, [None])
    base = rng.choice([value for value in real if value is not None] or ["DCHS"])
    pick = rng.randrange(14)
    if pick == 0:
        return iter(base if isinstance(base, (str, list, tuple)) else [base])
    if pick == 1:
        return (item for item in (base if isinstance(base, (str, list, tuple)) else [base]))
    if pick == 2:
        return Endless(rng.choice(["DCHS", [(10, 2)], [1], "x"]))
    if pick == 3:  # real endless C iterators: a memory limit stops a reader that lists them
        return rng.choice([itertools.cycle("DCHS"), itertools.repeat((10, 2)), itertools.count(), itertools.repeat("D")]) if rng.random() < 0.03 else Endless("DCHS")
    if pick == 4:
        return AlwaysEqual(str(base))
    if pick == 5:
        return EqualStr(str(base))
    if pick == 6:
        return BadRepr(rng.choice([KeyError, RuntimeError, TypeError, AttributeError]))
    if pick == 7:
        return BadIter()
    if pick == 8:
        return rng.choice([10**5000, -(10**5000), 2**64, 2**63, -(2**63), 10**19, Index(4), Index(10**30), True, 4.0, float("nan")])
    if pick == 9 and isinstance(base, str):
        return lookalike(rng, base)
    if pick == 10 and isinstance(base, str):
        return rng.choice([base.upper(), base + "\u200b", "\ufeff" + base, base.replace("_", "\u2010"), base + " ", base * 1000])
    if pick == 11:
        return rng.choice([[base] * 10_000, (base,) * 3, [[10, 2]] * 10_000, list(range(100_000)), {"a": base}, {base}, frozenset([1])])
    if pick == 12:
        return rng.choice(["ſ", "3ſ", "３Ｄ", "DCHſ", "ＤＣＨＳ", "dchs", "D C H S", "D,C,H,S", "DCHSD", "3D\x00", "\ud800"])
    return nasty(rng)


def hostile_options_case(rng: random.Random, corpus: Corpus) -> Case:
    """``Rules(...)`` or ``Rules.preset(...)`` with one to three hostile option values."""
    names = rng.sample(corpus.option_names, rng.choice([1, 1, 2, 3]))
    given = {name: hostile_value(rng, name, corpus) for name in names}
    preset = rng.choice([None, *Rules.preset_names()])

    def call() -> object:
        try:
            rules = Rules(**given) if preset is None else Rules.preset(preset, **given)
        except ZhengShangyouError:
            endless_kept(given)
            raise
        endless_kept(given)
        accepted_rules(rules, given, corpus)
        plain_options(rules, given)
        return rules

    return (preset, {name: short(value) for name, value in given.items()}), call


def endless_kept(given: dict[str, Any]) -> None:
    """An endless iterator given was not read past its limit (even if the library swallowed the stop)."""
    for name, value in given.items():
        if isinstance(value, Endless):
            check(value.taken <= value.limit, "an endless iterator consumed without bound", f"{name}: over {value.limit:,} items taken")


def plain_options(rules: Rules, given: dict[str, Any]) -> None:
    """What accepted rules hold is plain data: exact types, no object that claims equality,
    no lookalike text read as its ASCII twin."""
    for name, value in rules.to_dict().items():
        check(type(value) in (bool, int, str, list, type(None)), "R10: an option holds a value of a foreign type", f"{name}={short(value)}")
        if isinstance(value, list):
            check(all(type(item) in (int, list) for item in value), "R10: an option holds a foreign item", f"{name}={short(value)}")
    for name, value in given.items():
        stored = getattr(rules, name)
        check(not isinstance(stored, (AlwaysEqual, EqualStr, Index, BadRepr)), "R10: a hostile object stored as an option", f"{name}={short(value)}")
        if isinstance(value, str):
            check(value.isascii() or in_notation(value), "R10: a Unicode lookalike accepted as an option value", f"{name}={value!r}")


ENTRY_POINTS: dict[str, Callable[[random.Random, Corpus], Case]] = {
    "parse_cards": parse_cards_case,
    "Card.parse": text_case(Card.parse, near_cards=True),
    "Hand.parse": text_case(Hand.parse),
    "Play.parse": play_parse_case,
    "Card.from_index": from_index_case,
    "classify/beats/legal_plays": stateless_case,
    "Rules(**kw)": rules_case,
    "Rules.preset": preset_case,
    "Rules.evolve": evolve_case,
    "Rules.from_dict": from_dict_case,
    "Game(**kw)": game_case,
    "Game(deals=)": deals_case,
    "Game.play": play_case,
    "Game.observation": observation_case,
    "Record.from_data": from_data_case,
    "Record.from_json": from_json_case,
    "referee": referee_case,
    "record: semantic mutations": record_semantic_case,
    "record: huge, deep, strings": record_pathology_case,
    "web: requests (ASGI)": web_case,
    "Rules: hostile values": hostile_options_case,
}
NAMES = tuple(ENTRY_POINTS)


# ---------------------------------------------------------------------------
# Running


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang()


def where(error: BaseException) -> str:
    """The innermost frame of the library in the traceback (or the last frame)."""
    frames = traceback.extract_tb(error.__traceback__)
    inside = [frame for frame in frames if f"zhengshangyou{os.sep}" in frame.filename and "benchmarks" not in frame.filename]
    frame = (inside or frames)[-1] if frames else None
    if frame is None:
        return "?"
    name = frame.filename.split(f"zhengshangyou{os.sep}")[-1] if inside else os.path.basename(frame.filename)
    return f"{name}:{frame.lineno} {frame.name}"


def chosen(only: str | None) -> tuple[str, ...]:
    """The entry points whose names hold one of the comma-separated words of ``only`` (all without)."""
    if not only:
        return NAMES
    words = [word.strip().lower() for word in only.split(",") if word.strip()]
    names = tuple(name for name in NAMES if any(word in name.lower() for word in words))
    if not names:
        raise SystemExit(f"--only {only!r} names no entry point; they are: {', '.join(NAMES)}")
    return names


def draw(seed: int, index: int, corpus: Corpus, names: tuple[str, ...] = NAMES) -> tuple[str, Case]:
    rng = random.Random(f"{seed}:{index}")
    name = names[index % len(names)]
    return name, ENTRY_POINTS[name](rng, corpus)


def limit_memory(megabytes: int) -> None:
    """Let this process grow by at most ``megabytes`` of address space, so that a reader that lists an
    endless iterator (itertools.cycle) ends in a MemoryError instead of taking the machine's memory."""
    try:
        import resource

        with open("/proc/self/status", encoding="ascii") as status:
            size = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize:"))
        resource.setrlimit(resource.RLIMIT_AS, (size + megabytes * 2**20, resource.RLIM_INFINITY))
    except (ImportError, OSError, StopIteration, ValueError):  # not Linux: no limit
        pass


def run(
    seed: int, start: int, stop: int, hang: float, progress: bool = False, only: str | None = None, memory: int = 2048
) -> dict[str, Any]:
    """Run inputs ``start`` to ``stop``; the tallies, the failures and the slowest inputs."""
    cpu = time.process_time()
    corpus = Corpus()
    names = chosen(only)
    limit_memory(memory)
    tallies: dict[str, Counter[str]] = {name: Counter() for name in names}
    failures: dict[str, dict[str, Any]] = {}
    slowest: dict[str, tuple[float, int, str]] = {}
    can_alarm = hasattr(signal, "setitimer")
    if can_alarm:
        signal.signal(signal.SIGPROF, _alarm)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    for index in range(start, stop):
        if progress and index > start and index % 50_000 == 0:
            print(f"  {index - start} of {stop - start} inputs", file=sys.stderr, flush=True)
        try:
            name, (value, call) = draw(seed, index, corpus, names)
        except Exception as drawing:  # drawing the input met an escaping error
            name, value, call = "(drawing an input)", index, partial(_reraise, drawing)
        tally = tallies.setdefault(name, Counter())
        tally["inputs"] += 1
        if index % 1000 == 0:
            gc.collect()  # (the collector runs between inputs, never inside a timing)
        outcome, error, spent = timed(call, hang if can_alarm else 0.0)
        if spent > SLOW and outcome != "hang":  # timed again, freshly drawn: noise only adds
            again = timed(draw(seed, index, corpus, names)[1][1], hang if can_alarm else 0.0)[2]
            spent = min(spent, again)
        tally[outcome] += 1
        if spent > SLOW:
            tally["slow"] += 1
            found = failures.setdefault(f"{name} | slow | over {SLOW:g} s CPU | ", {"count": 0, "examples": []})
            found["count"] += 1
            if len(found["examples"]) < 3:
                found["examples"].append({"index": index, "input": short(value), "message": f"{spent:.3f} s CPU ({outcome})"})
        if spent > slowest.get(name, (-1.0, 0, ""))[0]:
            slowest[name] = (spent, index, short(value))
        if error is not None:
            kind = "Violation" if outcome == "violation" else "Hang" if outcome == "hang" else type(error).__name__
            place = "contract" if outcome == "violation" else f"over {hang:g} s CPU" if outcome == "hang" else where(error)
            label = error.label if isinstance(error, Violation) else ""
            key = f"{name} | {kind} | {place} | {label}"
            found = failures.setdefault(key, {"count": 0, "examples": []})
            found["count"] += 1
            if len(found["examples"]) < 3:
                found["examples"].append({"index": index, "input": short(value), "message": str(error)[:200]})
    return {
        "tallies": {name: dict(tally) for name, tally in tallies.items()},
        "failures": failures,
        "slowest": slowest,
        "cpu": time.process_time() - cpu,
    }


def timed(call: Callable[[], object], hang: float) -> tuple[str, BaseException | None, float]:
    """Run ``call`` with the collector off: its outcome, the error, and its CPU time."""
    outcome = "accepted"
    error: BaseException | None = None
    gc.disable()
    began = time.process_time()
    if hang:
        signal.setitimer(signal.ITIMER_PROF, hang)
    try:
        call()
    except ZhengShangyouError:
        outcome = "library"
    except Violation as violation:
        outcome, error = "violation", violation
    except Hang as stopped:
        outcome, error = "hang", stopped
    except Exception as other:
        outcome, error = "other", other
    finally:
        if hang:
            signal.setitimer(signal.ITIMER_PROF, 0)
        spent = time.process_time() - began
        gc.enable()
    return outcome, error, spent


def _reraise(error: Exception) -> None:
    raise error


def _run_chunk(arguments: tuple[int, int, int, float, bool, str | None, int]) -> dict[str, Any]:
    return run(*arguments)


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    tallies: dict[str, Counter[str]] = {}
    failures: dict[str, dict[str, Any]] = {}
    slowest: dict[str, tuple[float, int, str]] = {}
    cpu = 0.0
    for part in parts:
        cpu += part["cpu"]
        for name, tally in part["tallies"].items():
            tallies.setdefault(name, Counter()).update(tally)
        for key, found in part["failures"].items():
            mine = failures.setdefault(key, {"count": 0, "examples": []})
            mine["count"] += found["count"]
            mine["examples"] = sorted(mine["examples"] + found["examples"], key=lambda example: example["index"])[:3]
        for name, entry in part["slowest"].items():
            if entry[0] > slowest.get(name, (-1.0, 0, ""))[0]:
                slowest[name] = (entry[0], entry[1], entry[2])
    return {"tallies": tallies, "failures": failures, "slowest": slowest, "cpu": cpu}


def report(result: dict[str, Any], inputs: int, seconds: float) -> int:
    tallies, failures, slowest = result["tallies"], result["failures"], result["slowest"]
    columns = ("inputs", "library", "accepted", "other", "violation", "hang", "slow")
    print(f"\n{'entry point':<28}" + "".join(f"{column:>10}" for column in columns) + f"{'max CPU s':>11}")
    total: Counter[str] = Counter()
    for name, tally in tallies.items():
        total.update(tally)
        top = slowest.get(name, (0.0, 0, ""))[0]
        print(f"{name:<28}" + "".join(f"{tally.get(column, 0):>10}" for column in columns) + f"{top:>11.3f}")
    print(f"{'total':<28}" + "".join(f"{total.get(column, 0):>10}" for column in columns))
    rate = inputs / seconds if seconds else 0.0
    cpu = result["cpu"]
    print(f"\n{inputs} inputs in {seconds:.1f} s wall, {cpu:.1f} s CPU in all: {rate:.0f} inputs/s")
    if slowest:
        name, (spent, index, value) = max(slowest.items(), key=lambda item: item[1][0])
        print(f"slowest input: #{index} ({name}), {spent:.3f} s CPU: {value}")
    if failures:
        print(f"\n{len(failures)} distinct failures (OTHER exceptions, VIOLATIONS, hangs):")
        for key, found in sorted(failures.items(), key=lambda item: -item[1]["count"]):
            print(f"\n  [{found['count']}x] {key.rstrip(' |')}")
            for example in found["examples"]:
                print(f"      #{example['index']}: {example['input']}")
                print(f"          -> {example['message']}")
    else:
        print("\nno exception outside the library's family, no violation")
    bad = total.get("other", 0) + total.get("violation", 0) + total.get("hang", 0) + total.get("slow", 0)
    return 1 if bad else 0


def show(seed: int, index: int, only: str | None = None) -> int:
    """Replay one input and print it with its full traceback."""
    corpus = Corpus()
    name, (value, call) = draw(seed, index, corpus, chosen(only))
    print(f"input #{index} ({name}): {short(value, 2000)}")
    began = time.process_time()
    try:
        result = call()
    except ZhengShangyouError as error:
        print(f"library error: {type(error).__name__}: {short(str(error), 500)}")
    except Exception:
        traceback.print_exc()
        return 1
    else:
        print(f"accepted: {short(result, 500)}")
    print(f"{time.process_time() - began:.3f} s CPU")
    return 0


# ---------------------------------------------------------------------------
# --limits: the reader's worst cases at its limits, timed (issue 35, items 2 and 4)


def cpu_median(call: Callable[[], object], rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        gc.collect()
        began = time.process_time()
        call()
        times.append(time.process_time() - began)
    return sorted(times)[len(times) // 2]


def long_match(rules: Rules, seed: int, moves: int) -> Game:
    """Random legal moves until a hand ends with ``moves`` moves or more in the match."""
    chooser = random.Random(seed)
    game = Game(rules, seed=seed)
    while True:
        if game.is_hand_over:
            if game.is_match_over or sum(len(actions) for _, actions in game.state.history()) >= moves:
                return game
            game.next_hand()
            continue
        game.play(chooser.choice(list(game.legal_moves())))


def limits() -> int:
    """Time ``referee`` on the worst inputs at the limits: medians of 3, CPU seconds."""
    from zhengshangyou.record import MAX_LENGTH, MAX_MOVES, MAX_VALUES, json_depth

    print("zhengshangyou record limits: referee's CPU time at the limits (median of 3)")
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}\n")
    print("json_depth on escaped quotes, unterminated, doubling the length (linear: each ratio near 2):")
    previous = 0.0
    length = 12_500
    while length <= MAX_LENGTH:
        text = '"' + '\\"' * (length // 2)
        spent = cpu_median(lambda: json_depth(text))  # noqa: B023
        ratio = f"{spent / previous:5.2f}" if previous else "     "
        print(f"  {len(text):>9,} characters  {spent:8.4f} s  ratio {ratio}")
        previous, length = spent, length * 2
    data = json.loads(Record.from_game(long_match(Rules(), 1, 1)).to_json())
    hand = data["hands"][0]
    legal = {
        (rules.players, rules.decks): Record.from_game(long_match(rules, 2, MAX_MOVES - rules.players * len(rules.deck()) - 3)).to_json()
        for rules in (Rules(), Rules.preset("two-deck", players=8), Rules(players=2))
    }
    padded = json.dumps(dict(data, hands=[hand] * (MAX_MOVES // len(hand["moves"]) + 1)))
    cases: list[tuple[str, Callable[[], object]]] = [
        ("text: escaped quotes, 4,000,000 characters", lambda: '"' + '\\"' * (MAX_LENGTH // 2 - 1)),
        ("text: quotes, 4,000,000", lambda: '"' * MAX_LENGTH),
        ("text: brackets, 4,000,000", lambda: "[" * MAX_LENGTH),
        ("text: [0, 0, ...], 4,000,000", lambda: "[" + "0," * (MAX_LENGTH // 2 - 1) + "0]"),
        ("text: [[], [], ...], 4,000,000", lambda: "[" + "[]," * (MAX_LENGTH // 3 - 1) + "[]]"),
        ("text: a string of 4,000,000", lambda: '{"a": "' + "x" * (MAX_LENGTH - 10) + '"}'),
        ("text: a record of too many moves, padded to 4,000,000", lambda: padded + " " * (MAX_LENGTH - len(padded))),
        ("data: [0] * 5,000,000", lambda: [0] * 5_000_000),
        ("data: hands=[hand] * 100,000", lambda: dict(data, hands=[hand] * 100_000)),
        (f"data: notes=[0] * {MAX_VALUES - 50_000:,} (read)", lambda: dict(data, notes=[0] * (MAX_VALUES - 50_000))),
        ("data: 12 hands of 860 shared moves (refused: moves)", lambda: dict(data, hands=[dict(hand, moves=[hand["moves"][0]] * 860)] * 12)),
    ]
    for (players, decks), text in legal.items():
        cases.append((f"text: a legal record of {MAX_MOVES:,} moves at most, {players} players, {decks} deck(s)", partial(str, text)))
        cases.append((f"data: the same, {players} players, {decks} deck(s)", partial(json.loads, text)))
    print("\nreferee(input), the input made beforehand:")
    worst = 0.0
    for label, make in cases:
        value = make()
        spent = cpu_median(lambda: referee(value))  # noqa: B023
        worst = max(worst, spent)
        print(f"  {spent:7.3f} s  {label}: {short(str(referee(value)), 70)}")
    print(f"\nworst: {worst:.3f} s CPU")
    return 0 if worst <= SLOW else 1


def _stop(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", "--count", type=int, default=1_000_000, help="inputs in all (default 1,000,000)")
    parser.add_argument("--only", metavar="WORDS", help="only the entry points whose names hold one of these comma-separated words (record, web, Rules: hostile, ...)")
    parser.add_argument("--memory", type=int, default=2048, metavar="MB", help="address space a process may add, so runaway readers fail (default 2048)")
    parser.add_argument("--quick", action="store_true", help="10,000 inputs")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (spawned), default 1")
    parser.add_argument("--hang", type=float, default=10.0, help="stop an input after this much CPU (default 10 s)")
    parser.add_argument("--show", type=int, metavar="INDEX", help="replay one input with its traceback")
    parser.add_argument("--limits", action="store_true", help="time referee on the worst inputs at the record limits instead")
    arguments = parser.parse_args(argv)
    if arguments.limits:
        return limits()
    if arguments.show is not None:
        return show(arguments.seed, arguments.show, arguments.only)
    inputs = 10_000 if arguments.quick else arguments.inputs
    signal.signal(signal.SIGTERM, _stop)  # (a background job ignores SIGINT: TERM stops a run, with its report)
    workers = max(1, arguments.workers)
    print("zhengshangyou fuzz run")
    names = chosen(arguments.only)
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}; seed {arguments.seed}, {inputs} inputs, {workers} worker(s), {len(names)} entry points")
    began = time.perf_counter()
    try:
        if workers == 1:
            result = merge([run(arguments.seed, 0, inputs, arguments.hang, True, arguments.only, arguments.memory)])
        else:
            step = -(-inputs // (workers * 20))  # chunks of 1/20 a worker's share: an interrupted run keeps its finished ones
            chunks = [
                (arguments.seed, start, min(inputs, start + step), arguments.hang, False, arguments.only, arguments.memory)
                for start in range(0, inputs, step)
            ]
            parts: list[dict[str, Any]] = []
            try:
                with multiprocessing.get_context("spawn").Pool(workers) as pool:
                    for part in pool.imap_unordered(_run_chunk, chunks):
                        parts.append(part)
                        done = sum(sum(tally.get("inputs", 0) for tally in piece["tallies"].values()) for piece in parts)
                        print(f"  {done} of {inputs} inputs", file=sys.stderr, flush=True)
            except KeyboardInterrupt:
                if not parts:
                    raise
                done = sum(sum(tally.get("inputs", 0) for tally in piece["tallies"].values()) for piece in parts)
                print(f"Interrupted: the report covers the {done} inputs of the {len(parts)} chunks finished.")
                return report(merge(parts), done, time.perf_counter() - began)
            result = merge(parts)
    except KeyboardInterrupt:
        print("Interrupted.")
        return 130
    return report(result, inputs, time.perf_counter() - began)


if __name__ == "__main__":
    sys.exit(main())
