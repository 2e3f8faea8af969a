"""A long fuzz run over every public entry point, kept outside CI (issue 13).

Run: python benchmarks/fuzz.py [--inputs N] [--seed S] [--quick] [--workers W]
     python benchmarks/fuzz.py --show INDEX [--seed S]   # replay one input, with its traceback

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

The exit status is 1 when any OTHER exception, VIOLATION or slow input was seen.
"""

from __future__ import annotations

import argparse
import copy
import gc
import itertools
import json
import multiprocessing
import os
import platform
import random
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
        self.rules = [Rules.preset(name, exchange=exchange) for name in Rules.preset_names() for exchange in EXCHANGES]
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
    check(Counter(card for hand in deal.hands for card in hand) == Counter(rules.deck()), "R2.2a: not the deck")
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


def draw(seed: int, index: int, corpus: Corpus) -> tuple[str, Case]:
    rng = random.Random(f"{seed}:{index}")
    name = NAMES[index % len(NAMES)]
    return name, ENTRY_POINTS[name](rng, corpus)


def run(seed: int, start: int, stop: int, hang: float, progress: bool = False) -> dict[str, Any]:
    """Run inputs ``start`` to ``stop``; the tallies, the failures and the slowest inputs."""
    cpu = time.process_time()
    corpus = Corpus()
    tallies: dict[str, Counter[str]] = {name: Counter() for name in NAMES}
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
            name, (value, call) = draw(seed, index, corpus)
        except Exception as drawing:  # drawing the input met an escaping error
            name, value, call = "(drawing an input)", index, partial(_reraise, drawing)
        tally = tallies.setdefault(name, Counter())
        tally["inputs"] += 1
        if index % 1000 == 0:
            gc.collect()  # (the collector runs between inputs, never inside a timing)
        outcome, error, spent = timed(call, hang if can_alarm else 0.0)
        if spent > SLOW and outcome != "hang":  # timed again, freshly drawn: noise only adds
            again = timed(draw(seed, index, corpus)[1][1], hang if can_alarm else 0.0)[2]
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


def _run_chunk(arguments: tuple[int, int, int, float]) -> dict[str, Any]:
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


def show(seed: int, index: int) -> int:
    """Replay one input and print it with its full traceback."""
    corpus = Corpus()
    name, (value, call) = draw(seed, index, corpus)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=1_000_000, help="inputs in all (default 1,000,000)")
    parser.add_argument("--quick", action="store_true", help="10,000 inputs")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--workers", type=int, default=1, help="processes (spawned), default 1")
    parser.add_argument("--hang", type=float, default=10.0, help="stop an input after this much CPU (default 10 s)")
    parser.add_argument("--show", type=int, metavar="INDEX", help="replay one input with its traceback")
    arguments = parser.parse_args(argv)
    if arguments.show is not None:
        return show(arguments.seed, arguments.show)
    inputs = 10_000 if arguments.quick else arguments.inputs
    workers = max(1, arguments.workers)
    print("zhengshangyou fuzz run")
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}; seed {arguments.seed}, {inputs} inputs, {workers} worker(s), {len(NAMES)} entry points")
    began = time.perf_counter()
    try:
        if workers == 1:
            result = merge([run(arguments.seed, 0, inputs, arguments.hang, progress=True)])
        else:
            step = -(-inputs // (workers * 8))
            chunks = [(arguments.seed, start, min(inputs, start + step), arguments.hang) for start in range(0, inputs, step)]
            parts = []
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for part in pool.imap_unordered(_run_chunk, chunks):
                    parts.append(part)
                    done = sum(sum(tally.get("inputs", 0) for tally in piece["tallies"].values()) for piece in parts)
                    print(f"  {done} of {inputs} inputs", file=sys.stderr, flush=True)
            result = merge(parts)
    except KeyboardInterrupt:
        print("Interrupted.")
        return 130
    return report(result, inputs, time.perf_counter() - began)


if __name__ == "__main__":
    sys.exit(main())
