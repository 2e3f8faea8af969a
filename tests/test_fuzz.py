"""Fuzz tests (issue 13): every public entry point answers any input with a library
error or with a sound result, in bounded time.

The contract stated here: bad input raises a :class:`ZhengShangyouError` subclass
(a ``ValueError``; a value of the wrong Python type raises :class:`WrongTypeError`,
which is also a ``TypeError``). Nothing else escapes: no ``IndexError``,
``RecursionError``, ``AttributeError``, ``KeyError``, plain ``TypeError`` or
``ValueError``, ``OverflowError``. :func:`referee` never raises at all. A refused
move leaves the game unchanged, an accepted one was among the legal moves, and what
the library accepts is sound: rules within the bounds of R10, seeds in range, deals
of R2.2a, plays that are the rules' reading of their cards (R3.16), card sets no
larger than the decks (R1.3a), records that replay to a playable game.

No single call may take more than about a second of CPU; each call runs under a
CPU alarm of ``CPU_LIMIT`` seconds (a margin for slow machines and coverage), so a
hang fails the test instead of stalling the run. The number of examples is the
hypothesis profile's (tests/conftest.py; ``HYPOTHESIS_PROFILE=ci`` in CI); the long
run is ``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import signal
import threading
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache, partial
from types import FrameType
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zhengshangyou import (
    PASS,
    Card,
    Deal,
    Game,
    Give,
    Hand,
    Kind,
    LegalMoves,
    Move,
    Offer,
    Pass,
    Play,
    Rank,
    Record,
    RefereeReport,
    Return,
    Rules,
    State,
    Suit,
    Take,
    WrongTypeError,
    ZhengShangyouError,
    beats,
    classify,
    classify_all,
    deal_cards,
    format_cards,
    legal_plays,
    make_deck,
    parse_cards,
    rank_plays,
    referee,
    score_hand,
)
from zhengshangyou import record as rec
from zhengshangyou.game.deal import marks_a_card
from zhengshangyou.testing import rules_sets

T = TypeVar("T")

#: Seconds of CPU one call may take before the test fails (the contract says about 1).
CPU_LIMIT = 5.0

#: The bounds of R10 on the run minimums, and the range of seeds.
RUN_MINIMUMS = ("min_straight", "min_pair_run", "min_triple_run")
MAX_RUN_MINIMUM = 13
SEEDS_END = 2**64


# ---------------------------------------------------------------------------
# The helpers that state the contract


class TooSlowError(Exception):
    """A call ran over ``CPU_LIMIT`` seconds of CPU (not a library error)."""


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`TooSlowError` in the block once it has used ``seconds`` of CPU.

    A no-op where there is no ``ITIMER_PROF`` (Windows) or off the main thread.
    """
    global _limited
    if (
        _limited
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise TooSlowError(f"one call took over {seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    _limited = True
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        _limited = False


_limited = False  # whether a cpu_limit is in force (an inner one adds nothing)


def only_library_errors(call: Callable[[], T]) -> T | ZhengShangyouError:
    """``call()``'s result, or the library error it raised. Any other exception, or
    a call over ``CPU_LIMIT``, escapes and fails the test."""
    with cpu_limit(CPU_LIMIT):
        try:
            return call()
        except ZhengShangyouError as error:
            return error


def never_raises(call: Callable[[], T]) -> T:
    """``call()``'s result; any exception at all (a library error too) fails the test."""
    with cpu_limit(CPU_LIMIT):
        return call()


def wrong_type(result: object) -> None:
    """Assert that a value of the wrong Python type was refused with a WrongTypeError."""
    assert isinstance(result, WrongTypeError), f"expected a WrongTypeError, got {result!r}"
    assert isinstance(result, TypeError)


def is_int(value: object) -> bool:
    """Whether ``value`` is an ``int`` and not a ``bool``."""
    return isinstance(value, int) and not isinstance(value, bool)


def assert_sound_rules(rules: Rules) -> None:
    """Accepted rules are within the bounds of R10 and survive a trip through JSON."""
    for name in RUN_MINIMUMS:
        value = getattr(rules, name)
        assert is_int(value), f"R10: {name}={value!r} was accepted"
        assert value <= MAX_RUN_MINIMUM, f"R10: {name}={value!r} was accepted"
    data = rules.to_dict()
    try:
        text = json.dumps(data)
    except (ValueError, TypeError, RecursionError) as error:
        raise AssertionError(f"rules that cannot be written as JSON were accepted: {error}") from None
    assert Rules.from_dict(json.loads(text)) == rules


def is_genuine(play: Play, rules: Rules) -> bool:
    """Whether ``play`` is one of the rules' readings of its cards, every field alike."""
    fields = ("kind", "cards", "key", "rev_key", "family", "is_bomb")
    mine = tuple(getattr(play, name) for name in fields)
    return any(
        tuple(getattr(reading, name) for name in fields) == mine
        for reading in readings_or_none(play.cards, rules)
    )


def readings_or_none(cards: Any, rules: Rules) -> list[Play]:
    """``classify_all(cards, rules)``, or no readings where the library refuses the cards."""
    readings = only_library_errors(lambda: classify_all(cards, rules))
    return [] if isinstance(readings, ZhengShangyouError) else readings


def deal_sizes(rules: Rules, dealer: int) -> list[int]:
    """The hand sizes that R2.2 deals from ``dealer``."""
    return [len(hand) for hand in deal_cards(rules, dealer, random.Random(0)).hands]


def assert_real_deal(rules: Rules, deal: Deal) -> None:
    """R2.2a: an accepted deal is the rules' deck in the R2.2 sizes, its trick card held."""
    assert is_int(deal.dealer)
    assert 0 <= deal.dealer < rules.players
    dealt = [*(card for hand in deal.hands for card in hand), *deal.kitty, *deal.undealt]  # (B2.1, T2.1)
    assert Counter(dealt) == Counter(rules.deck())
    assert len(deal.kitty) == rules.kitty  # (the landlord's kitty, D2.2)
    sizes = [len(hand) for hand in deal.hands]
    # (B2.1: Big Two's 52nd card with three players goes face up to the start card's
    # holder, whichever seat that is)
    assert sorted(sizes) == sorted(deal_sizes(rules, deal.dealer)), "R2.2a"
    if sizes != deal_sizes(rules, deal.dealer):
        assert deal.trick_seat is not None, "R2.2a"
        assert sizes[deal.trick_seat] == max(sizes), "B2.1"
    assert (deal.trick_card is None) == (deal.trick_seat is None)
    if deal.trick_seat is not None:
        assert is_int(deal.trick_seat)
        assert 0 <= deal.trick_seat < rules.players
        assert deal.trick_card in deal.hands[deal.trick_seat]


def assert_playable(game: Game) -> None:
    """A game the library accepted can go on: a seat to act with a legal move, and an
    observation for every seat."""
    if not game.is_hand_over:
        assert 0 <= game.to_act < game.rules.players
        assert never_raises(lambda: bool(game.legal_moves())), "nobody can move"
    for seat in range(game.rules.players):
        never_raises(partial(game.observation, seat))


# ---------------------------------------------------------------------------
# Strategies: nasty values, texts, options


def nested_list(depth: int) -> list[Any]:
    """``[[[...]]]``, ``depth`` lists deep."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


HUGE = 10**5000  # 5,001 digits: past the 4,300 that int() and str() convert


def huge_ints() -> st.SearchStrategy[int]:
    """Integers of thousands of digits (built by the strategy: their repr cannot be printed)."""
    return st.builds(
        lambda digits, sign, offset: sign * 10**digits + offset,
        st.sampled_from([4300, 4301, 5000, 20_000]),
        st.sampled_from([1, -1]),
        st.sampled_from([0, -1]),
    )


DECK = make_deck(1)
NASTY_CONSTANTS: list[object] = [
    None, True, False, 0, -1, 1, 2**63, 2**64, -(2**64),
    float("nan"), float("inf"), -0.0, 1.5, 1j, "", " ", "[" * 3000, "{" * 3000, "\ud800",
    "\x00", "3D " * 2000, b"3D", b"\xff\xfe", bytearray(b"3D"), [], {}, (), set(),
    [None], ["3D"], [3, 4], {"3D": 1}, object(), Ellipsis, type, len, Kind.PAIR, PASS,
    Card.parse("RJ"), Hand.parse("3D 3D"), Rank.THREE, Suit.SPADES, range(3),
]


def pick(values: list[T]) -> st.SearchStrategy[T]:
    """``st.sampled_from(values)``, without the values in the strategy's repr (some are
    3,000 characters long, and hypothesis prints the strategy with a failure)."""
    return st.integers(0, len(values) - 1).map(values.__getitem__)


def built(factory: Callable[..., Any], *args: Any) -> Any:
    """``factory(*args)``, or the first argument (None without one) where the library
    refuses to build the object: strategies then pass the raw value on."""
    result = only_library_errors(lambda: factory(*args))
    if isinstance(result, ZhengShangyouError):
        return args[0] if args else None
    return result


def nasty() -> st.SearchStrategy[Any]:
    """Values of every Python type a careless or hostile caller might pass."""
    return st.one_of(
        pick(NASTY_CONSTANTS),
        huge_ints(),
        st.integers(),
        st.floats(),
        st.text(max_size=20),
        st.binary(max_size=8),
        st.integers(2, 5000).map(nested_list),
        st.lists(st.integers(-3, 60), max_size=5),
        st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
    )


CARD_WORDS = sorted({str(card) for card in DECK} | {card.unicode() for card in DECK})
ODD_WORDS = ["10", "T", "1H", "3X", "BJX", "bj", "rj", "♦", "3", "D", "11S", "0D", "-", "TT", "３Ｄ", "ⅩH"]


def card_texts() -> st.SearchStrategy[str]:
    """Texts near the card notation: real and broken tokens, odd separators, noise."""
    word = st.one_of(st.sampled_from(CARD_WORDS), st.sampled_from(ODD_WORDS), st.text(max_size=3))
    gap = st.sampled_from([" ", ",", ", ", "  ", "\t", "\n", ",,", "\u3000", "\xa0", ""])
    joined = st.lists(st.tuples(word, gap), max_size=12).map(
        lambda parts: "".join(token + space for token, space in parts)
    )
    return st.one_of(joined, st.text(max_size=40))


def literal_choices() -> list[object]:
    """Every value a Literal option of :class:`Rules` names (robust to new options)."""
    found: list[object] = []
    for hint in typing.get_type_hints(Rules).values():
        pending = [hint]
        while pending:
            part = pending.pop()
            if typing.get_origin(part) is typing.Literal:
                found.extend(typing.get_args(part))
            else:
                pending.extend(typing.get_args(part))
    return found


def real_option_values() -> list[object]:
    """The values the presets use, and the choices the options allow."""
    values: dict[str, object] = {}
    for name in Rules.preset_names():
        for value in Rules.preset(name).to_dict().values():
            values.setdefault(repr(value), value)
    for value in literal_choices():
        values.setdefault(repr(value), value)
    return list(values.values())


OPTION_NAMES = Rules.option_names()
ODD_NAMES = ["jokerz", "rules", "seed", "dealer", "deals", "_memo", "memo", "self", "cls", "name", "", "Players"]


def option_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        pick(real_option_values()), st.integers(-3, 20), st.integers(14, 10**13), nasty()
    )


def options() -> st.SearchStrategy[dict[str, Any]]:
    """Keyword options: mostly real names, some unknown ones; real and nasty values."""
    names = st.one_of(
        st.sampled_from(OPTION_NAMES), st.sampled_from(ODD_NAMES), st.text(max_size=10)
    )
    return st.dictionaries(names, option_values(), max_size=5)


def seeds() -> st.SearchStrategy[Any]:
    edges = [0, 1, SEEDS_END - 1, SEEDS_END, -1, 2**63, True, False, "abc", "7", 1.0]
    return st.one_of(st.integers(), st.integers(0, SEEDS_END - 1), pick(edges), nasty())


def game_rules() -> st.SearchStrategy[Rules]:
    """The presets (with each exchange) and random valid rule sets."""
    presets = st.builds(
        # (no exchange with a landlord, D4)
        lambda name, exchange: Rules.preset(name, exchange=exchange if Rules.preset(name).teams == "none" else "none"),
        st.sampled_from(Rules.preset_names()),
        st.sampled_from(["none", "highest_for_one_of_two", "highest_for_any"]),
    )
    return st.one_of(presets, rules_sets())


# ---------------------------------------------------------------------------
# R10: rule sets


@given(options())
def test_R10_rules_refuse_any_options_with_a_library_error(kwargs: dict[str, Any]) -> None:
    rules = only_library_errors(lambda: Rules(**kwargs))
    if isinstance(rules, Rules):
        assert set(kwargs) <= set(OPTION_NAMES), "R10: an unknown option name was accepted"
        assert_sound_rules(rules)


@given(st.one_of(st.sampled_from(Rules.preset_names()), nasty()), options())
def test_R10_presets_refuse_any_name_and_options_with_a_library_error(
    name: Any, kwargs: dict[str, Any]
) -> None:
    rules = only_library_errors(lambda: Rules.preset(name, **kwargs))
    if isinstance(rules, Rules):
        assert name in Rules.preset_names()
        assert set(kwargs) <= set(OPTION_NAMES), "R10: an unknown option name was accepted"
        assert_sound_rules(rules)


@given(st.sampled_from(Rules.preset_names()), options())
def test_R10_evolve_refuses_any_options_with_a_library_error(
    name: str, kwargs: dict[str, Any]
) -> None:
    rules = only_library_errors(lambda: Rules.preset(name).evolve(**kwargs))
    if isinstance(rules, Rules):
        assert set(kwargs) <= set(OPTION_NAMES), "R10: an unknown option name was accepted"
        assert_sound_rules(rules)


@given(st.one_of(options(), nasty()))
def test_R10_rules_from_dict_refuses_any_data_with_a_library_error(data: Any) -> None:
    rules = only_library_errors(lambda: Rules.from_dict(data))
    if isinstance(rules, Rules):
        assert isinstance(data, Mapping)
        assert set(data) <= set(OPTION_NAMES)
        assert_sound_rules(rules)


def test_R10_run_minimums_above_13_are_refused() -> None:
    for name in RUN_MINIMUMS:
        for value in (13, 14, 10**7, 10**12, HUGE):
            kwargs: dict[str, Any] = {name: value}
            result = only_library_errors(lambda: Rules(**kwargs))  # noqa: B023
            assert isinstance(result, Rules) == (value <= MAX_RUN_MINIMUM), (name, value)


def test_R10_unknown_option_names_are_refused_by_every_constructor() -> None:
    for call in (
        lambda: Rules(jokerz=True),  # type: ignore[call-arg]
        lambda: Rules.preset("winner", jokerz=True),
        lambda: Rules().evolve(jokerz=True),
        lambda: Rules.from_dict({"jokerz": True}),
        lambda: Game(jokerz=True),
        lambda: Game(Rules(), jokerz=True),
        lambda: Rules.preset(["winner"]),  # type: ignore[arg-type]
    ):
        assert isinstance(only_library_errors(call), ZhengShangyouError)


# ---------------------------------------------------------------------------
# Games: options, seeds, dealers, deals (R2.2a)


def game_arguments() -> st.SearchStrategy[dict[str, Any]]:
    special = st.fixed_dictionaries(
        {},
        optional={
            "rules": st.one_of(game_rules(), nasty()),
            "seed": seeds(),
            "dealer": st.one_of(st.integers(-2, 9), nasty()),
            "deals": st.one_of(st.just(()), nasty()),
        },
    )
    return st.builds(lambda extra, given: {**extra, **given}, options(), special)


@given(game_arguments())
def test_R10_game_refuses_any_arguments_with_a_library_error(kwargs: dict[str, Any]) -> None:
    game = only_library_errors(lambda: Game(**kwargs))
    if isinstance(game, Game):
        assert_sound_rules(game.rules)
        state = game.state
        assert is_int(state.seed)
        assert 0 <= state.seed < SEEDS_END
        if "seed" in kwargs and kwargs["seed"] is not None:
            assert state.seed == kwargs["seed"]
        if "dealer" in kwargs and kwargs["dealer"] is not None:
            assert state.dealer == kwargs["dealer"]
        assert_playable(game)
        report = never_raises(lambda: referee(Record.from_game(game).to_json()))
        assert report.legal, f"the record of a new game is refused: {report}"


@given(seeds())
def test_seeds_are_whole_numbers_from_0_below_2_64(seed: Any) -> None:
    in_range = is_int(seed) and 0 <= seed < SEEDS_END
    for call in (
        lambda: Game(seed=seed),
        lambda: Game(Rules.preset("winner"), seed=seed, dealer=1),
        lambda: State.new(Rules(), seed=seed),
    ):
        result = only_library_errors(call)
        if seed is None:  # None draws a seed
            assert not isinstance(result, ZhengShangyouError)
            continue
        assert isinstance(result, ZhengShangyouError) != in_range, (seed, result)
        if not is_int(seed):
            wrong_type(result)


@st.composite
def mutated_deals(draw: st.DrawFn) -> tuple[Rules, Any, bool]:
    """A real deal (any rules, any dealer) with card moves, a reshaped table or changed
    fields drawn on top, and whether it is still the deal as dealt."""
    rules = draw(game_rules())
    seats = st.integers(0, rules.players - 1)
    deal = deal_cards(
        rules, draw(seats), random.Random(draw(st.integers(0, 99))),
        trick_card=marks_a_card(rules, first_hand=True),
    )
    if draw(st.integers(0, 19)) == 0:
        return rules, draw(nasty()), False
    hands = [list(hand) for hand in deal.hands]
    for source, target, keep in draw(st.lists(st.tuples(seats, seats, st.booleans()), max_size=3)):
        if hands[source]:  # a card moved to another seat, or copied there when keep
            card = hands[source][draw(st.integers(0, len(hands[source]) - 1))]
            if not keep:
                hands[source].remove(card)
            hands[target].append(card)
    table = draw(st.sampled_from(["as dealt", "swap", "rotate", "one more seat", "one seat less", "empty"]))
    first, second = draw(seats), draw(seats)
    if table == "swap":
        hands[first], hands[second] = hands[second], hands[first]
    elif table == "rotate":
        hands = hands[1:] + hands[:1]
    elif table == "one more seat":
        hands.append([])
    elif table == "one seat less":
        hands.pop()
    elif table == "empty":
        hands[second] += hands[first]
        hands[first] = []
    seat_values = st.one_of(st.integers(-9, 9), nasty())
    fields: dict[str, Any] = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "dealer": seat_values,
                "trick_seat": st.none() | seat_values,
                "trick_card": st.none() | st.sampled_from(DECK) | nasty(),
                "kitty": st.just(()) | st.lists(st.sampled_from(DECK), max_size=4).map(tuple) | nasty(),
            },
        )
    )
    dealt = only_library_errors(lambda: tuple(Hand(cards) for cards in hands))
    if isinstance(dealt, ZhengShangyouError):  # Hand itself refuses the cards
        return rules, deal, True
    mutated = attrs.evolve(deal, hands=dealt, **fields)
    # As dealt only if equal with the same types: True == 1, but a seat is no bool.
    same_types = all(
        type(getattr(mutated, name)) is type(getattr(deal, name))
        for name in ("dealer", "trick_seat", "trick_card", "kitty")
    )
    return rules, mutated, mutated == deal and same_types


@given(mutated_deals())
def test_R2_2a_game_refuses_deals_no_shuffle_gives(case: tuple[Rules, Any, bool]) -> None:
    rules, deal, as_dealt = case
    game = only_library_errors(lambda: Game(rules, seed=1, deals=[deal]))
    if isinstance(game, Game):
        assert_real_deal(rules, deal)
        assert_playable(game)
    elif as_dealt:
        raise AssertionError(f"a real deal was refused: {game}")
    if isinstance(deal, Deal):
        alone = only_library_errors(lambda: Game(rules, seed=1, deals=deal))  # type: ignore[arg-type]
        assert isinstance(alone, ZhengShangyouError), "a deal is not a list of deals"


# ---------------------------------------------------------------------------
# R1.4: the card notation; R1.3a: cards no deck holds


@given(st.one_of(card_texts(), nasty()))
def test_R1_4_parse_cards_refuses_any_text_with_a_library_error(text: Any) -> None:
    cards = only_library_errors(lambda: parse_cards(text))
    if not isinstance(text, str):
        wrong_type(cards)
    elif not isinstance(cards, ZhengShangyouError):
        assert all(isinstance(card, Card) for card in cards)
        assert parse_cards(format_cards(cards)) == cards
    hand = only_library_errors(lambda: Hand.parse(text))
    if not isinstance(text, str):
        wrong_type(hand)
    elif not isinstance(hand, ZhengShangyouError):
        assert hand == Hand(parse_cards(text))


@given(st.one_of(st.sampled_from(CARD_WORDS), card_texts(), nasty()))
def test_R1_4_card_parse_refuses_any_text_with_a_library_error(text: Any) -> None:
    card = only_library_errors(lambda: Card.parse(text))
    if not isinstance(text, str):
        wrong_type(card)
    elif isinstance(card, Card):
        assert Card.parse(str(card)) == card


@given(st.one_of(st.integers(-60, 120), st.integers(), nasty()))
def test_R1_4_card_from_index_refuses_any_index_with_a_library_error(index: Any) -> None:
    card = only_library_errors(lambda: Card.from_index(index))
    if not is_int(index):
        wrong_type(card)
    else:
        assert isinstance(card, Card) == (0 <= index <= 53)
        if isinstance(card, Card):
            assert card.index == index


@given(st.one_of(st.sampled_from(list(Rank)), nasty()), st.one_of(st.sampled_from(list(Suit)), nasty()))
def test_R1_4_card_constructor_refuses_any_rank_and_suit_with_a_library_error(
    rank: Any, suit: Any
) -> None:
    card = only_library_errors(lambda: Card(rank, suit))
    if isinstance(card, Card):
        assert card in DECK


@given(st.one_of(st.lists(st.sampled_from(DECK), max_size=8), nasty()))
def test_hand_and_card_functions_refuse_any_cards_with_a_library_error(cards: Any) -> None:
    only_library_errors(lambda: Hand(cards))
    only_library_errors(lambda: format_cards(cards))
    only_library_errors(lambda: Offer(cards))


@given(game_rules(), nasty(), nasty(), nasty())
def test_public_helpers_refuse_any_arguments_with_a_library_error(
    rules: Rules, first: Any, second: Any, third: Any
) -> None:
    only_library_errors(lambda: deal_cards(rules, first, random.Random(0), trick_card=second))
    only_library_errors(lambda: deal_cards(rules, 0, first))
    only_library_errors(
        lambda: score_hand(rules, finishing_order=first, cards_left=second, played=third)
    )
    only_library_errors(lambda: Offer.parse(first))
    # The arguments are what is fuzzed here: the rule set's rank-play space is built
    # (once per rule set, up to 80,000 plays with single wings) outside the CPU limit.
    space = rank_plays(rules)
    only_library_errors(lambda: space.legal(first, second))
    only_library_errors(lambda: Game(rules, seed=1).legal_moves(view=first).count())
    only_library_errors(lambda: Game(rules, seed=1).parse_move(first))


@given(st.one_of(st.integers(-3, 4), nasty().filter(lambda value: not is_int(value))))
def test_make_deck_refuses_any_count_with_a_library_error(decks: Any) -> None:
    cards = only_library_errors(lambda: make_deck(decks))
    if not is_int(decks):
        wrong_type(cards)
    elif not isinstance(cards, ZhengShangyouError):
        assert decks >= 1
        assert len(cards) == 54 * decks


def card_multisets() -> st.SearchStrategy[list[Card]]:
    """Card lists that often hold more copies of a card than one or two decks have."""
    few = st.lists(st.sampled_from(DECK[:3] + DECK[-2:]), min_size=1, max_size=3).flatmap(
        lambda pool: st.lists(st.sampled_from(pool), max_size=10)
    )
    return st.one_of(st.lists(st.sampled_from(DECK), max_size=12), few)


def too_many(cards: list[Card], rules: Rules) -> bool:
    """R1.3a: ``cards`` hold more copies of some card than ``rules``' deck has."""
    return any(count > rules.decks for count in Counter(cards).values())


def names_R1_3(result: object) -> bool:
    return isinstance(result, ZhengShangyouError) and (result.rule or "").startswith("R1.3")


@given(card_multisets(), game_rules())
def test_R1_3a_stateless_functions_refuse_cards_no_deck_holds(
    cards: list[Card], rules: Rules
) -> None:
    readings = only_library_errors(lambda: classify_all(cards, rules))
    play = only_library_errors(lambda: classify(cards, rules))
    parsed = only_library_errors(lambda: Play.parse(format_cards(cards), rules))
    plays = only_library_errors(lambda: list(itertools.islice(legal_plays(cards, rules), 3000)))
    if too_many(cards, rules):
        for result in (readings, play, parsed, plays):
            assert names_R1_3(result), f"R1.3a: {format_cards(cards)} under decks={rules.decks}: {result!r}"
        return
    if isinstance(readings, list):
        assert all(is_genuine(reading, rules) for reading in readings)
        assert all(reading.cards == tuple(sorted(cards)) for reading in readings)
    if isinstance(play, Play):
        assert play == parsed
        assert is_genuine(play, rules)
    if isinstance(plays, list):
        assert all(is_genuine(legal, rules) for legal in plays)


TWO_DECK_ONLY = (
    "3D 3D", "3D 3D 3C", "3D 3D 4S 4S", "3D 3D 3C 4D 4D", "3D 3D 3C 3C 3H",
    "AS AS AS AS AS AS AS AS", "RJ RJ", "BJ BJ RJ RJ", "3D 3D 3D 3D 4S 4S 4S 4S",
)


def two_deck_plays() -> st.SearchStrategy[Play]:
    """Plays that only two decks can hold (3D 3D, 3D 3D 3C ...), read under two decks."""
    rules = Rules.preset("two-deck")
    return st.sampled_from(
        [play for text in TWO_DECK_ONLY for play in readings_or_none(parse_cards(text), rules)]
    )


@given(two_deck_plays(), st.sampled_from(["3D", "4D 4C", "AD AC AH AS", "BJ RJ"]))
def test_R1_3a_beats_refuses_plays_no_deck_holds(candidate: Play, top_text: str) -> None:
    rules = Rules()
    top = Play.parse(top_text, rules)
    assert names_R1_3(only_library_errors(lambda: beats(candidate, top, rules)))
    assert names_R1_3(only_library_errors(lambda: list(legal_plays(candidate.cards, rules, top))))


def test_R1_3a_E25_examples() -> None:
    one, two = Rules(), Rules.preset("two-deck")
    for text, rules in (
        ("3D 3D", one),
        ("3D 3C 3H 3S 3D", one),
        (" ".join(["AS"] * 9), one),
        (" ".join(["AD", "AC", "AH", "AS"] * 2 + ["AS"]), two),
    ):
        assert names_R1_3(only_library_errors(lambda: Play.parse(text, rules))), text  # noqa: B023
    assert Play.parse(" ".join(["AD", "AC", "AH", "AS"] * 2), two).is_bomb


def stateless_arguments() -> st.SearchStrategy[Any]:
    plays = st.builds(
        readings_or_none, st.lists(st.sampled_from(DECK), max_size=5), game_rules()
    ).flatmap(lambda readings: st.sampled_from(readings) if readings else nasty())
    return st.one_of(nasty(), plays, st.lists(st.sampled_from(DECK), max_size=6), game_rules())


@given(stateless_arguments(), stateless_arguments(), stateless_arguments(), stateless_arguments())
def test_stateless_functions_refuse_any_arguments_with_a_library_error(
    first: Any, second: Any, third: Any, fourth: Any
) -> None:
    only_library_errors(lambda: classify_all(first, second))
    only_library_errors(lambda: classify(first, second, kind=third))
    only_library_errors(lambda: beats(first, second, third, revolution=fourth))
    only_library_errors(
        lambda: list(itertools.islice(legal_plays(first, second, third, view=fourth), 3000))
    )
    only_library_errors(
        lambda: list(itertools.islice(legal_plays(first, second, kinds=third, must_include=fourth), 3000))
    )
    only_library_errors(lambda: Play.parse(first, second, kind=third))
    if isinstance(first, Rules):
        rank_plays(first)  # a rule set's space, built once (seconds with single wings), is not fuzzed here
    only_library_errors(lambda: rank_plays(first).legal(second, third))


# ---------------------------------------------------------------------------
# Game.play and Game.observation in random positions


def random_game(rules: Rules, seed: int, moves: int) -> Game:
    """A game after ``moves`` random legal moves (dealing on when a hand ends)."""
    game = Game(rules, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if game.is_match_over:
            break
        if game.is_hand_over:
            game.next_hand()
        else:
            game.play(chooser.choice(list(game.legal_moves())))
    return game


def positions() -> st.SearchStrategy[Game]:
    return st.builds(random_game, game_rules(), st.integers(0, 2**32), st.integers(0, 160))


def forgeries(play: Play) -> st.SearchStrategy[Play]:
    """``play`` with some of its fields changed, as a caller could build with attrs.evolve."""
    changes = st.one_of(
        st.fixed_dictionaries({"is_bomb": st.just(not play.is_bomb)}),
        st.fixed_dictionaries({"is_bomb": st.just(True), "family": st.just(Kind.BOMB)}),
        st.fixed_dictionaries({"family": st.sampled_from(Kind)}),
        st.fixed_dictionaries({"kind": st.sampled_from(Kind)}),
        st.fixed_dictionaries({"key": st.integers(-(2**40), 2**40) | st.just(play.key + 1)}),
        st.fixed_dictionaries({"rev_key": st.integers(-(2**40), 2**40)}),
        st.fixed_dictionaries({"cards": st.just(play.cards[::-1])}),
        st.fixed_dictionaries({"cards": st.lists(st.sampled_from(DECK), max_size=5).map(tuple)}),
        st.fixed_dictionaries({"cards": st.just((*play.cards, None))}),
        st.fixed_dictionaries({"kind": nasty(), "key": nasty()}),
    )
    return changes.map(lambda change: forged(play, change))


def forged(play: Play, change: dict[str, Any]) -> Play:
    """``attrs.evolve(play, **change)``, or ``play`` itself where Play refuses the change."""
    result = only_library_errors(lambda: attrs.evolve(play, **change))
    return play if isinstance(result, ZhengShangyouError) else result


def stale_plays(cards: list[Card]) -> st.SearchStrategy[Any]:
    """Readings of ``cards`` under other rule sets than the game's."""
    return st.sampled_from(Rules.preset_names()).map(
        lambda name: readings_or_none(cards, Rules.preset(name))
    ).flatmap(lambda readings: st.sampled_from(readings) if readings else st.just(PASS))


def fuzzed_moves(game: Game) -> st.SearchStrategy[Any]:
    """Moves for ``game``: legal ones, forged and stale plays, cards held or not, text,
    exchange decisions of any card, and nasty values."""
    legal = list(itertools.islice(game.legal_moves(view="cards"), 300))
    held = list(game.hands[game.to_act]) if 0 <= game.to_act < len(game.hands) else []
    pool = st.sampled_from(held) if held else st.sampled_from(DECK)
    card_lists = st.one_of(
        st.lists(pool, max_size=6), st.lists(st.sampled_from(DECK), max_size=6)
    )
    verbs = st.sampled_from(["", "pass", "PASS", " pass ", "give", "offer", "take", "return", "pass 3D"])
    texts = st.builds(lambda verb, cards: f"{verb} {format_cards(cards)}".strip(), verbs, card_lists)
    any_card = st.one_of(st.sampled_from(DECK), nasty())
    choices: list[st.SearchStrategy[Any]] = [
        nasty(),
        card_texts(),
        texts,
        card_lists,
        card_lists.map(tuple),
        card_lists.map(lambda cards: built(Hand, cards)),
        card_lists.flatmap(stale_plays),
        st.just(PASS),
        st.builds(built, st.sampled_from([Give, Take, Return]), any_card),
        st.lists(st.sampled_from(DECK), min_size=2, max_size=2).map(lambda cards: built(Offer, tuple(cards))),
        st.lists(st.integers(-3, 60), max_size=4),
        st.lists(nasty(), max_size=3),
    ]
    if legal:
        choices.append(st.sampled_from(legal))
        plays = [move for move in legal if isinstance(move, Play)]
        if plays:
            choices.append(st.sampled_from(plays).flatmap(forgeries))
    return st.one_of(choices)


MOVE_TYPES = (Play, Pass, Give, Offer, Take, Return)


def check_move(game: Game, move: Any, seat: Any) -> None:
    """E23: ``game.play(move)`` is refused with a library error and changes nothing, or
    it was a legal move and the game took the rules' own reading of it (R3.16)."""
    before = game.state
    # The card view lists every choice of cards (the class view one play per class).
    legal = LegalMoves(before, "cards")
    listed = isinstance(move, MOVE_TYPES) and never_raises(lambda: move in legal)
    result = only_library_errors(lambda: game.play(move, seat=seat))
    if isinstance(result, ZhengShangyouError):
        assert game.state is before or game.state == before, "a refused move changed the game"
        return
    after = game.state
    assert seat is None or seat == before.to_act
    assert len(after.log) == len(before.log) + 1
    assert after.hand_number == before.hand_number
    made: Move = after.log[-1].move
    assert made in legal, f"{made!r} was accepted but is not a legal move"
    if isinstance(move, MOVE_TYPES):
        assert listed, f"{move!r} was accepted, but `in legal_moves()` said no"
    if isinstance(made, Play):
        assert is_genuine(made, before.rules), f"R3.16: the game kept a forged play {made!r}"
    assert_playable(game)


@given(positions(), st.data())
def test_E23_game_refuses_any_move_and_stays_unchanged(game: Game, data: st.DataObject) -> None:
    move = data.draw(fuzzed_moves(game), label="move")
    seat = data.draw(
        st.one_of(st.none(), st.just(game.to_act), st.integers(-2, 9), nasty()), label="seat"
    )
    check_move(game, move, seat)


@given(positions(), st.data())
def test_R3_16_game_refuses_forged_plays(game: Game, data: st.DataObject) -> None:
    # The first plays of the card view only: a big hand's whole card view runs to
    # millions of plays (issue 19), and listing them all can exhaust the memory.
    moves = itertools.islice(game.legal_moves(view="cards"), 300)
    plays = [move for move in moves if isinstance(move, Play)]
    if not plays:
        return
    genuine = data.draw(st.sampled_from(plays), label="genuine")
    forged = data.draw(forgeries(genuine), label="forged")
    before = game.state
    result = only_library_errors(lambda: game.play(forged))
    if not is_genuine(forged, game.rules):
        assert isinstance(result, ZhengShangyouError), f"R3.16: the forged {forged!r} was accepted"
        assert game.state is before or game.state == before


def test_R3_16_a_forged_bomb_does_not_top_a_pair() -> None:
    rules = Rules()
    game = random_game(rules, seed=3, moves=0)
    for _ in range(200):
        if game.state.top is not None and game.state.top.kind is Kind.PAIR:
            break
        game.play(random.Random(len(game.state.log)).choice(list(game.legal_moves())))
    top = game.state.top
    assert top is not None
    assert top.kind is Kind.PAIR, "no pair on the table in 200 moves"
    single = classify([next(iter(game.hands[game.to_act]))], rules)
    forged = attrs.evolve(single, is_bomb=True, family=Kind.BOMB)
    before = game.state
    result = only_library_errors(lambda: game.play(forged))
    assert isinstance(result, ZhengShangyouError)
    assert result.rule == "R3.16"
    assert game.state is before


@given(positions(), st.one_of(st.integers(-3, 10), st.integers(), nasty()))
def test_observation_refuses_bad_seats_with_a_library_error(game: Game, seat: Any) -> None:
    seen = only_library_errors(lambda: game.observation(seat))
    if not is_int(seat):
        wrong_type(seen)
    else:
        assert isinstance(seen, ZhengShangyouError) != (0 <= seat < game.rules.players)


def test_wrong_python_types_raise_wrong_type_errors() -> None:
    game = Game(seed=1)
    for call in (
        lambda: game.play(None),  # type: ignore[arg-type]
        lambda: game.play([1, 2]),  # type: ignore[list-item]
        lambda: parse_cards(None),  # type: ignore[arg-type]
        lambda: game.observation("0"),  # type: ignore[arg-type]
        lambda: Game(rules=3),  # type: ignore[arg-type]
        lambda: Card.from_index("x"),  # type: ignore[arg-type]
        lambda: game.state.play(None),  # type: ignore[arg-type]
        lambda: game.play([nested_list(1000), nested_list(1000)]),  # type: ignore[list-item]
    ):
        wrong_type(only_library_errors(call))
    assert game.state == Game(seed=1).state


# ---------------------------------------------------------------------------
# Records: the reader fed mutations of real records, and referee


@cache
def finished_records() -> tuple[dict[str, Any], ...]:
    """The data of finished hands (and one two-hand match with an exchange) of every preset."""
    found = []
    for number, name in enumerate(Rules.preset_names()):
        for exchange, moves in (("none", 10_000), ("highest_for_one_of_two", 10_000), ("none", 25)):
            if exchange != "none" and Rules.preset(name).teams != "none":
                continue  # (no exchange with a landlord, D4)
            rules = Rules.preset(name, exchange=exchange)
            game = Game(rules, seed=number)
            chooser = random.Random(number)
            hands = 2 if exchange != "none" else 1
            count = 0
            while count < moves and not game.is_match_over:
                if game.is_hand_over:
                    if game.state.hand_number + 1 >= hands:
                        break
                    game.next_hand()
                else:
                    game.play(chooser.choice(list(game.legal_moves())))
                count += 1
            found.append(Record.from_game(game).to_data())
    return tuple(found)


def json_values() -> st.SearchStrategy[Any]:
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8),
        pick([-1, SEEDS_END, 10**12, 14, "3D", "RJ", "3D 3D", "", "[" * 3000]),
        huge_ints(),
        st.sampled_from(CARD_WORDS),
    )
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=6,
    )


Path = tuple[object, ...]


def node_paths(value: object) -> Iterator[Path]:
    """The path of every node below ``value`` (dict keys and list indexes), at most
    ten levels deep (a mutation may have nested lists 3,000 deep)."""
    pending: list[tuple[Path, object]] = [((), value)]
    while pending:
        path, node = pending.pop()
        if len(path) >= 10:
            continue
        children: Any = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in children:
            yield (*path, key)
            pending.append(((*path, key), child))


def header_paths(data: dict[str, Any]) -> list[Path]:
    """The paths outside the lists of moves: rules, seed, deals, dealers, trick cards."""
    return [path for path in node_paths(data) if "moves" not in path[:3] or path[-1] == "moves"]


def parent_of(data: Any, path: Path) -> Any:
    node = data
    for key in path[:-1]:
        node = node[key]
    return node


MUTATIONS = ("replace", "delete", "wrap", "duplicate", "shift_int", "cards", "swap")


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    """The data of a real record with one to three mutations anywhere, often in its header."""
    data: Any = copy.deepcopy(draw(st.sampled_from(finished_records())))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(node_paths(data))
        if not paths or not isinstance(data, dict):
            return draw(st.one_of(json_values(), st.just([data])))
        focus = header_paths(data) or paths
        path = draw(st.sampled_from(focus) | st.sampled_from(paths))
        parent: Any = parent_of(data, path)
        key: Any = path[-1]
        value = parent[key]
        mutation = draw(st.sampled_from(MUTATIONS))
        if mutation == "replace":
            parent[key] = draw(json_values() | option_values())
        elif mutation == "delete":
            del parent[key]
        elif mutation == "wrap":
            parent[key] = draw(pick([[value], {"value": value}, nested_list(3000)]))
        elif mutation == "duplicate" and isinstance(value, list) and value:
            value.insert(draw(st.integers(0, len(value))), draw(st.sampled_from(value)))
        elif mutation == "shift_int" and is_int(value):
            parent[key] = value + draw(st.sampled_from([-100, -5, -1, 1, 2, 4, 10**12]))
        elif mutation == "cards" and isinstance(value, str):
            words = value.split()
            words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(CARD_WORDS + ODD_WORDS)))
            if len(words) > 1 and draw(st.booleans()):
                words.pop(draw(st.integers(0, len(words) - 1)))
            parent[key] = " ".join(words)
        elif mutation == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
    return data


def to_json_or_none(data: object) -> str | None:
    """``data`` as JSON text, or None where ``json`` cannot write it (deep, huge ints)."""
    try:
        return json.dumps(data)
    except (ValueError, TypeError, RecursionError):
        return None


def assert_sound_record(data: object) -> None:
    """A record that ``referee`` calls legal reads, replays to a playable game of sound
    rules, seed and deals, and its own record is legal again."""
    record = Record.from_data(data)
    assert record.seed is None or (is_int(record.seed) and 0 <= record.seed < SEEDS_END)
    assert_sound_rules(record.rules)
    game = never_raises(record.replay)
    for deal, _ in game.state.history():
        assert_real_deal(game.rules, deal)
    assert_playable(game)
    assert never_raises(lambda: referee(Record.from_game(game))).legal


@given(mutated_records())
def test_R2_2a_R10_record_reader_refuses_mutated_records_with_a_library_error(data: Any) -> None:
    report = never_raises(lambda: referee(data))
    assert isinstance(report, RefereeReport)
    record = only_library_errors(lambda: Record.from_data(data))
    text = to_json_or_none(data)
    if text is not None and json.loads(text) == data:  # the JSON says the same
        assert never_raises(lambda: referee(text)).legal == report.legal
        from_text = only_library_errors(lambda: Record.from_json(text))
        assert isinstance(from_text, Record) == isinstance(record, Record)
    if report.legal:
        assert_sound_record(data)
    if isinstance(record, Record):
        assert never_raises(lambda: referee(record)).legal == report.legal


TEXT_INSERTS = [
    "[" * 3000, "{" * 3000, "[" * 100_000, "1" * 5000, "-" + "9" * 4301, "NaN", "Infinity",
    "\\ud800", "\x00", '"', "}", "]", ",", "1e999999", "-0", "null", "true", '"3D 3D"',
]


@st.composite
def mutated_texts(draw: st.DrawFn) -> str | bytes:
    """Real record JSON with text spliced in, cut out or cut short; sometimes as bytes."""
    text = json.dumps(draw(st.sampled_from(finished_records())))
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 40)))
        insert = draw(pick(TEXT_INSERTS) | st.text(max_size=6) | st.just(""))
        text = text[:start] + insert + text[end:]
    if draw(st.booleans()):
        return text
    return draw(
        pick(
            [
                text.encode("utf-8", "surrogatepass"),
                text.encode("utf-16"),
                b"\xff\xfe" + text.encode("latin-1", "replace"),
            ]
        )
    )


@given(mutated_texts())
def test_record_reader_refuses_any_json_text_with_a_library_error(text: Any) -> None:
    report = never_raises(lambda: referee(text))
    record = only_library_errors(lambda: Record.from_json(text))
    if report.legal and isinstance(text, str):
        assert isinstance(record, Record)
        assert_sound_record(json.loads(text))


@given(st.one_of(nasty(), json_values(), st.sampled_from(NASTY_CONSTANTS)))
def test_referee_never_raises(value: Any) -> None:
    report = never_raises(lambda: referee(value))
    assert isinstance(report, RefereeReport)
    only_library_errors(lambda: Record.from_data(value))
    only_library_errors(lambda: Record.from_json(value))


#: What a record may hold (issue 35): drawn at, just under and past each limit.
SIZES = {
    "hands": (rec.MAX_HANDS, rec.MAX_HANDS + 1, 20 * rec.MAX_HANDS),
    "moves in a hand": (219, 220, 867, 868, 5000),
    "values": (rec.MAX_VALUES // 2, rec.MAX_VALUES + 1, 20 * rec.MAX_VALUES),
    "string": (rec.MAX_STRING, rec.MAX_STRING + 1, 100 * rec.MAX_STRING),
    "option names": (1, 40, 10_000),
    "depth": (rec.MAX_DEPTH - 2, rec.MAX_DEPTH - 1, rec.MAX_DEPTH, 3000),
    "card text": (1, 2, 100, 2000),
    "shared moves": (10, 860, 870),
}


@st.composite
def oversized_records(draw: st.DrawFn) -> tuple[str, int, Any]:
    """A real record grown at, under or past one of the reader's limits (issue 35, item 4),
    as data or, when json can write it in reasonable time, as text."""
    data: Any = copy.deepcopy(draw(st.sampled_from(finished_records())))
    hand = data["hands"][0]
    moves = hand["moves"] or [{"seat": 0, "pass": True}]
    kind = draw(st.sampled_from(sorted(SIZES)))
    size = draw(st.sampled_from(SIZES[kind]))
    if kind == "hands":
        data["hands"] = [hand] * size
    elif kind == "moves in a hand":
        hand["moves"] = (moves * (size // len(moves) + 1))[:size]
        data["hands"] = [hand] * draw(st.sampled_from([1, 12]))
    elif kind == "values":
        data["notes"] = [0] * size
    elif kind == "string":
        data[draw(st.sampled_from(["notes", "format"]))] = "x" * size
    elif kind == "option names":
        data["rules"].update({f"option{number}": True for number in range(size)})
    elif kind == "depth":
        data["notes"] = nested_list(size)
    elif kind == "card text":
        hand["deal"][0] = " ".join([hand["deal"][0]] * size)
    else:
        hand["moves"] = [moves[0]] * size
    textable = kind != "depth" or size < 100
    textable = textable and not (kind == "hands" and size > rec.MAX_HANDS + 1)
    as_text = textable and draw(st.booleans())
    return kind, size, json.dumps(data) if as_text else data


@pytest.mark.slow  # (in CI's slow pass: records at the limits, each read whole)
@given(oversized_records())
def test_issue35_item4_referee_answers_records_at_and_past_the_limits_in_bounded_time(
    case: tuple[str, int, Any],
) -> None:
    kind, size, value = case
    report = never_raises(lambda: referee(value))
    assert isinstance(report, RefereeReport)
    if report.legal:
        assert_sound_record(json.loads(value) if isinstance(value, str) else value)
    past = {
        "hands": rec.MAX_HANDS, "values": rec.MAX_VALUES, "string": rec.MAX_STRING,
        "depth": rec.MAX_DEPTH - 1, "moves in a hand": 867, "shared moves": 867,
    }
    if kind in past and size > past[kind]:
        assert not report.legal, f"{kind} {size} read"
        assert report.index is None, report  # a limit: no move to blame
    only_library_errors(lambda: Record.from_json(value) if isinstance(value, str) else Record.from_data(value))


@st.composite
def forged_moves(draw: st.DrawFn) -> tuple[int, int, int, Play]:
    """Where to put a forged play in a real record (record, hand, action) and the forgery."""
    number = draw(st.integers(0, len(finished_records()) - 1))
    record = Record.from_data(finished_records()[number])
    hand = draw(st.integers(0, len(record.hands) - 1))
    actions = record.hands[hand].actions
    plays = [index for index, action in enumerate(actions) if isinstance(action.move, Play)]
    index = draw(st.sampled_from(plays or [-1]))
    genuine = actions[index].move if plays else Play.parse("3D", record.rules)
    assert isinstance(genuine, Play)
    return number, hand, index, draw(forgeries(genuine))


@given(forged_moves())
def test_R3_16_referee_refuses_records_of_forged_plays(where: tuple[int, int, int, Play]) -> None:
    number, hand_number, index, forgery = where
    record = Record.from_data(finished_records()[number])
    if index >= 0:
        hand = record.hands[hand_number]
        actions = list(hand.actions)
        actions[index] = attrs.evolve(actions[index], move=forgery)
        hands = list(record.hands)
        hands[hand_number] = attrs.evolve(hand, actions=tuple(actions))
        record = attrs.evolve(record, hands=tuple(hands))
    report = never_raises(lambda: referee(record))
    if report.legal:
        for hand in record.hands:
            for action in hand.actions:
                if isinstance(action.move, Play):
                    assert is_genuine(action.move, record.rules), f"R3.16: {action.move!r}"
        text = only_library_errors(record.to_json)
        assert isinstance(text, str)
        assert never_raises(lambda: referee(text)).legal


def test_referee_examples_of_issue_13() -> None:
    data = copy.deepcopy(finished_records()[0])
    players = len(data["hands"][0]["deal"])
    for trick_seat in (players, players + 5, -1, -players):
        data["hands"][0]["trick_seat"] = trick_seat
        assert not never_raises(lambda: referee(data)).legal, trick_seat
    for text in ("[" * 100_000, '{"format": ' + "9" * 4301 + "}"):
        assert not never_raises(lambda: referee(text)).legal  # noqa: B023
    data = copy.deepcopy(finished_records()[0])
    data["rules"]["min_straight"] = 10**12
    assert not never_raises(lambda: referee(data)).legal
    data = copy.deepcopy(finished_records()[0])
    hands = data["hands"][0]["deal"]
    hands[1] = " ".join([hands[1], hands[0]])
    hands[0] = ""
    assert not never_raises(lambda: referee(data)).legal
