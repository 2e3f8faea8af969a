"""Records from hostile hands: every shape check, the limits, and a referee that never
raises (issue 13; R1.3a, R2.1, R2.2, R2.2a, R2.3, R2.4, R10)."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zhengshangyou import Game, InvalidRecordError, Rules
from zhengshangyou.cards import Card, format_cards, parse_cards
from zhengshangyou.errors import WrongTypeError
from zhengshangyou.game import Deal
from zhengshangyou.hand import Hand
from zhengshangyou.record import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_LENGTH,
    HandRecord,
    Record,
    RefereeReport,
    referee,
)

Data = dict[str, Any]


def finished_hand(rules: Rules, seed: int, hands: int = 1) -> Game:
    """A match of random legal moves, ``hands`` hands long (or until it is over)."""
    chooser = random.Random(seed)
    game = Game(rules, seed=seed)
    played = 0
    while True:
        if game.is_hand_over:
            played += 1
            if game.is_match_over or played >= hands:
                return game
            game.next_hand()
            continue
        game.play(chooser.choice(list(game.legal_moves())))


@functools.cache
def _record_text(players: int, hands: int) -> str:
    rules = Rules() if players == 4 else Rules(players=players)
    return Record.from_game(finished_hand(rules, seed=8, hands=hands)).to_json()


def real_record(players: int = 4, hands: int = 1) -> Data:
    """A fresh copy of the record of a real match (default rules: trick card, 54 cards)."""
    data: Data = json.loads(_record_text(players, hands))
    return data


def first_move(data: Data, test: Callable[[Data], bool]) -> tuple[int, Data]:
    """The index and the data of the first move of the first hand that passes ``test``."""
    return next((index, move) for index, move in enumerate(data["hands"][0]["moves"]) if test(move))


def is_single(move: Data) -> bool:
    return move.get("kind") == "single"


def is_pass(move: Data) -> bool:
    return "pass" in move


def nested(depth: int) -> Any:
    """A JSON value of exactly ``depth`` levels of lists (0: a plain number)."""
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def split(cards: Sequence[Card], sizes: list[int]) -> list[tuple[Card, ...]]:
    """``cards`` cut, in their order, into hands of ``sizes``."""
    assert sum(sizes) == len(cards)
    ends = list(accumulate(sizes))
    return [tuple(cards[end - size : end]) for end, size in zip(ends, sizes, strict=True)]


def redeal(data: Data, sizes: list[int], hand: int = 0) -> None:
    """Split the cards of a hand's deal into hands of ``sizes``, in card order."""
    deal = data["hands"][hand]["deal"]
    cards = sorted(card for text in deal for card in parse_cards(text))
    deal[:] = [format_cards(held) for held in split(cards, sizes)]
    # keep the trick card with whoever now holds it, so only the sizes are wrong
    trick = data["hands"][hand]["trick_card"]
    if trick is not None:
        data["hands"][hand]["trick_seat"] = next(
            seat for seat, text in enumerate(deal) if trick in text.split()
        )


def set_move(test: Callable[[Data], bool], **changes: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        first_move(data, test)[1].update(changes)

    return change


def del_key(*path: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return change


def set_key(value: Any, *path: Any) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def deal_card_thrice(data: Data) -> None:
    deal = data["hands"][0]["deal"]
    card = deal[0].split()[0]
    deal[0] = f"{deal[0]} {card} {card}"


def cycle(data: Data) -> None:
    data["notes"] = data


def assert_refused(
    report: RefereeReport, error: InvalidRecordError, rule: str | None, words: str, index: int | None
) -> None:
    """The error and the referee's report agree, name the rule and the offending field."""
    assert type(error) is InvalidRecordError
    assert isinstance(error, ValueError)
    assert (error.rule, error.index) == (rule, index)
    assert words in str(error)
    assert not report.legal
    assert (report.rule, report.index, report.reason) == (rule, index, str(error))
    assert words in str(report)


# One mutation of a real record per case: the change, the rule refused (None: the
# format itself), words the message must hold (the field or the token), and the index.
READ_CASES: list[Any] = [
    pytest.param(lambda d: d.clear(), None, "not a zhengshangyou record", None, id="empty-object"),
    pytest.param(del_key("format"), None, "not a zhengshangyou record", None, id="no-format"),
    pytest.param(set_key(True, "version"), None, "unsupported record version True", None, id="version-true"),
    pytest.param(set_key(1.0, "version"), None, "unsupported record version 1.0", None, id="version-float"),
    pytest.param(set_key("1", "version"), None, "unsupported record version '1'", None, id="version-str"),
    pytest.param(set_key([], "rules"), None, "rules must be a JSON object", None, id="rules-list"),
    pytest.param(del_key("rules"), None, "rules must be a JSON object, not None", None, id="no-rules"),
    pytest.param(set_key(True, "rules", "jokerz"), "R10", "jokerz", None, id="R10-unknown-option"),
    pytest.param(set_key(10**12, "rules", "min_straight"), "R10", "min_straight", None, id="R10-min_straight-huge"),
    pytest.param(set_key(14, "rules", "min_pair_run"), "R10", "min_pair_run", None, id="R10-min_pair_run-14"),
    pytest.param(set_key("7", "seed"), None, "seed must be an integer or null, not '7'", None, id="seed-str"),
    pytest.param(set_key(False, "seed"), None, "seed must be an integer or null, not False", None, id="seed-bool"),
    pytest.param(set_key(10**25, "seed"), None, f"seed: an integer of 26 digits, more than the {MAX_INT_DIGITS}", None, id="seed-26-digits"),
    pytest.param(del_key("hands"), None, "hands must be a non-empty list", None, id="no-hands"),
    pytest.param(set_key({}, "hands"), None, "hands must be a non-empty list", None, id="hands-object"),
    pytest.param(set_key("x", "hands", 0), None, "hand 1 must be a JSON object, not 'x'", None, id="hand-str"),
    pytest.param(set_key("0", "hands", 0, "dealer"), None, "hand 1: dealer must be a seat number, not '0'", None, id="dealer-str"),
    pytest.param(set_key(True, "hands", 0, "dealer"), None, "hand 1: dealer must be a seat number, not True", None, id="dealer-bool"),
    pytest.param(del_key("hands", 0, "dealer"), None, "hand 1: dealer must be a seat number, not None", None, id="no-dealer"),
    pytest.param(set_key("3D", "hands", 0, "deal"), None, "hand 1: deal must be a list", None, id="deal-str"),
    pytest.param(set_key(["3D"], "hands", 0, "deal", 1), None, "hand 1 deal (seat 1) must be cards in the notation", None, id="deal-seat-list"),
    pytest.param(set_key("3D 3X", "hands", 0, "deal", 2), "R1.4", "3X", None, id="R1_4-deal-bad-card"),
    pytest.param(deal_card_thrice, "R1.3", "hand 1 deal (seat 0)", None, id="R1_3a-deal-card-thrice"),
    pytest.param(set_key("3D 4D", "hands", 0, "trick_card"), "R2.4", "trick_card is one card", None, id="R2_4-trick-card-two"),
    pytest.param(set_key(5, "hands", 0, "trick_card"), None, "hand 1 trick_card must be cards in the notation", None, id="trick-card-int"),
    pytest.param(set_key("1", "hands", 0, "trick_seat"), None, "hand 1: trick_seat must be a seat number or null, not '1'", None, id="trick-seat-str"),
    pytest.param(set_key(True, "hands", 0, "trick_seat"), None, "trick_seat must be a seat number or null, not True", None, id="trick-seat-bool"),
    pytest.param(set_key({}, "hands", 0, "moves"), None, "hand 1: moves must be a list, not {}", None, id="moves-object"),
    pytest.param(set_key(7, "hands", 0, "moves", 3), None, "move 4 must be a JSON object, not 7", 3, id="move-int"),
    pytest.param(set_key("0", "hands", 0, "moves", 2, "seat"), None, "move 3: seat must be a seat number, not '0'", 2, id="seat-str"),
    pytest.param(set_key([1], "hands", 0, "moves", 2, "seat"), None, "move 3: seat must be a seat number, not [1]", 2, id="seat-list"),
    pytest.param(del_key("hands", 0, "moves", 1, "seat"), None, "move 2: seat must be a seat number, not None", 1, id="no-seat"),
    pytest.param(set_move(is_single, **{"pass": True}), None, "exactly one of play, pass", "single", id="two-verbs"),
    pytest.param(set_key({"seat": 0}, "hands", 0, "moves", 0), None, "exactly one of play, pass", 0, id="no-verb"),
    pytest.param(set_move(is_pass, **{"pass": False}), None, "pass must be true, not False", "pass", id="pass-false"),
    pytest.param(set_move(is_pass, **{"pass": 1}), None, "pass must be true, not 1", "pass", id="pass-one"),
    pytest.param(set_move(is_single, play=["3D"]), None, "play must be cards in the notation", "single", id="play-list"),
    pytest.param(set_move(is_single, play="3X"), "R1.4", "3X", "single", id="R1_4-play-bad-card"),
    pytest.param(set_move(is_single, play="3D 3D", kind="pair"), "R1.3", "3D", "single", id="R1_3a-play-card-twice"),
    pytest.param(set_move(is_single, kind="quintuple"), None, "kind must be one of", "single", id="kind-unknown"),
    pytest.param(set_move(is_single, kind=["single"]), None, "kind must be one of", "single", id="kind-list"),
    pytest.param(set_move(is_single, kind="pair"), "R3.16", "cannot be read as a pair here; it reads as single", "single", id="R3_16-kind-mismatch"),
    pytest.param(set_move(is_single, reading=1), None, "no reading 1 of these cards", "single", id="reading-out-of-range"),
    pytest.param(set_move(is_single, reading=True), None, "no reading True", "single", id="reading-bool"),
    pytest.param(set_move(is_single, reading=-1), None, "no reading -1", "single", id="reading-negative"),
    pytest.param(set_key({"seat": 0, "offer": "3D"}, "hands", 0, "moves", 0), "R8.2", "an offer is two cards", 0, id="R8_2-offer-one-card"),
    pytest.param(set_key({"seat": 0, "offer": 3}, "hands", 0, "moves", 0), None, "move 1 offer must be cards", 0, id="offer-int"),
    pytest.param(set_key({"seat": 0, "give": "3D 4D"}, "hands", 0, "moves", 0), "R8.2", "give takes one card", 0, id="R8_2-give-two-cards"),
    pytest.param(set_key({"seat": 0, "take": ""}, "hands", 0, "moves", 0), "R8.2", "take takes one card", 0, id="R8_2-take-no-card"),
    pytest.param(set_key(nested(MAX_DEPTH), "notes"), None, f"nested deeper than {MAX_DEPTH} levels (at notes[0]", None, id="deep-unknown-key"),
    pytest.param(set_key(True, "rules", 10**5000), None, "rules: a key is not a string, but an int of", None, id="int-key"),
    pytest.param(set_key(1, "hands", 0, "moves", 2, None), None, "hands[0].moves[2]: a key is not a string, but None", None, id="none-key"),
    pytest.param(cycle, None, f"nested deeper than {MAX_DEPTH} levels", None, id="cyclic-data"),
    pytest.param(set_key([0, -(10**20)], "notes"), None, "notes[1]: an integer of 21 digits", None, id="huge-int-unknown-key"),
]


def _resolve(data: Data, index: int | str | None) -> int | None:
    """Cases name a move by a test on it ("single", "pass") when its index depends on the game."""
    if isinstance(index, str):
        return first_move(data, is_single if index == "single" else is_pass)[0]
    return index


@pytest.mark.parametrize(("change", "rule", "words", "index"), READ_CASES)
def test_record_shape_mutation_is_refused_naming_the_field(
    change: Callable[[Data], None], rule: str | None, words: str, index: int | str | None
) -> None:
    data = real_record()
    where = _resolve(data, index)
    change(data)
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_data(data)
    assert_refused(referee(data), caught.value, rule, words, where)


def test_an_unknown_key_is_ignored_as_the_format_says() -> None:
    data = real_record()
    data["notes"] = {"by": ["someone", 1, None, 2.5]}
    data["hands"][0]["moves"][0]["comment"] = "a good lead"
    assert referee(data).legal


# Changes the reader lets through and the game refuses (R2.2a): the deal, the trick
# card and the seed, checked by the same code as a live game's.
@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (4, [12, 14, 14, 14]),
        (4, [13, 14, 14, 13]),  # the right sizes, counted from the wrong seat
        (4, [0, 18, 18, 18]),  # a seat dealt no card (R2.1)
        (2, [25, 29]),
        (2, [0, 54]),
    ],
)
def test_R2_2a_record_with_impossible_deal_sizes_is_refused(players: int, sizes: list[int]) -> None:
    data = real_record(players=players)
    assert data["rules"]["players"] == players
    data["hands"][0]["dealer"] = 0  # seat 0 (and seat 1 of four) would hold 14 (R2.2)
    redeal(data, sizes)
    assert_replay_refused(data, "R2.2", str(sizes), None)


def test_R2_2a_a_later_hand_with_impossible_sizes_is_refused_at_its_first_move() -> None:
    data = real_record(hands=2)
    assert len(data["hands"]) == 2
    redeal(data, [14, 13, 14, 13], hand=1)  # no dealer gives this: the 14s are not neighbours
    first = len(data["hands"][0]["moves"])
    assert_replay_refused(data, "R2.2", "hand 2:", first)


def test_R2_1_a_deal_for_the_wrong_number_of_seats_is_refused() -> None:
    data = real_record()
    deal = data["hands"][0]["deal"]
    deal[:] = [f"{deal[0]} {deal[1]}", deal[2], deal[3]]
    assert_replay_refused(data, "R2.1", "3 hands for 4 players", None)


@pytest.mark.parametrize("dealer", [4, -1, 10**19])
def test_R2_1_a_dealer_out_of_range_is_refused(dealer: int) -> None:
    data = real_record()
    data["hands"][0]["dealer"] = dealer
    assert_replay_refused(data, "R2.1", "to deal", None)


@pytest.mark.parametrize("seat", [4, 5, 99, -1, -4, 10**19])
def test_R2_1_trick_seat_out_of_range_is_refused(seat: int) -> None:
    data = real_record()
    data["hands"][0]["trick_seat"] = seat
    assert_replay_refused(data, "R2.4", "trick card", None)


def test_R2_4_a_trick_card_its_seat_does_not_hold_is_refused() -> None:
    data = real_record()
    hand = data["hands"][0]
    hand["trick_seat"] = (hand["trick_seat"] + 1) % 4
    assert_replay_refused(data, "R2.4", "trick card", None)


@pytest.mark.parametrize("missing", ["trick_card", "trick_seat"])
def test_R2_4_half_a_trick_card_is_refused(missing: str) -> None:
    data = real_record()
    data["hands"][0][missing] = None
    assert_replay_refused(data, "R2.4", "trick card", None)


def test_R2_4_no_trick_card_under_first_lead_trick_card_is_refused() -> None:
    data = real_record()
    assert data["rules"]["first_lead"] == "trick_card"
    data["hands"][0].update(trick_card=None, trick_seat=None)
    assert_replay_refused(data, "R2.4", "trick card", None)


def test_R1_3_a_deal_that_is_not_the_deck_is_refused() -> None:
    data = real_record()
    deal = data["hands"][0]["deal"]
    deal[0] = deal[0].replace(deal[0].split()[0], "RJ" if "RJ" not in deal[0] else "BJ", 1)
    assert_replay_refused(data, "R1.3", "not exactly the deck", None)


@pytest.mark.parametrize("seed", [-1, 2**64, 10**19 * 9])
def test_R2_3_a_seed_out_of_range_is_refused(seed: int) -> None:
    data = real_record()
    data["seed"] = seed
    assert_replay_refused(data, "R2.3", "seed", None)


def test_R2_3_the_largest_seed_is_read_and_kept() -> None:
    data = real_record()
    data["seed"] = 2**64 - 1  # 20 digits: the integer limit lets every seed through
    assert len(str(data["seed"])) == MAX_INT_DIGITS
    record = Record.from_json(json.dumps(data))
    assert record.seed == 2**64 - 1
    assert referee(record).legal


def assert_replay_refused(data: Data, rule: str, words: str, index: int | None) -> None:
    record = Record.from_data(data)  # the shape is right ...
    with pytest.raises(InvalidRecordError) as caught:  # ... the game is not
        record.replay()
    assert_refused(referee(data), caught.value, rule, words, index)
    assert not referee(json.dumps(data)).legal


# The text reader's limits, checked before the JSON is decoded.
TEXT_CASES: list[Any] = [
    pytest.param("[" * 100_000, "nested deeper than", id="deep-brackets"),
    pytest.param('{"a":' * 100_000, "nested deeper than", id="deep-objects"),
    pytest.param("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested deeper than", id="one-level-too-deep"),
    pytest.param('{"seed": ' + "9" * 4301 + "}", "an integer of 4,301 digits (99999999999", id="int-4301-digits"),
    pytest.param("-" + "1" * (MAX_INT_DIGITS + 1), "of 21 digits (-11111111111", id="negative-int-21-digits"),
    pytest.param('{"seed": NaN}', "NaN is not a JSON value", id="nan"),
    pytest.param("[Infinity]", "Infinity is not a JSON value", id="infinity"),
    pytest.param("[1, 2", "not JSON", id="not-json"),
    pytest.param("", "not JSON", id="empty"),
    pytest.param("[]", "the record must be a JSON object, not []", id="top-level-list"),
    pytest.param('"record"', "the record must be a JSON object", id="top-level-str"),
    pytest.param("null", "the record must be a JSON object, not None", id="top-level-null"),
    pytest.param(b"\xff\xfe{}", "not UTF-8", id="invalid-utf8"),
    pytest.param(b"{\"format\": \"\xc3\"}", "not UTF-8", id="truncated-utf8"),
    pytest.param(bytearray(b"[" * 50), "nested deeper than", id="bytearray-deep"),
    pytest.param(" " * (MAX_LENGTH + 1), f"more than the {MAX_LENGTH:,}", id="text-too-long"),
    pytest.param(b" " * (MAX_LENGTH + 1), "bytes long", id="bytes-too-long"),
]


@pytest.mark.parametrize(("text", "words"), TEXT_CASES)
def test_R10_record_text_beyond_the_limits_is_refused(text: str | bytes, words: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_json(text)
    assert_refused(referee(text), caught.value, None, words, None)


def test_record_nested_exactly_to_the_limit_is_read() -> None:
    data = real_record()
    data["notes"] = nested(MAX_DEPTH - 1)  # the record is level 1
    text = json.dumps(data)
    assert referee(text).legal
    assert referee(data).legal
    data["notes"] = nested(MAX_DEPTH)
    assert not referee(json.dumps(data)).legal
    assert not referee(data).legal


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    data = real_record()
    data["notes"] = "[" * 1000 + '\\"{' * 100
    assert referee(json.dumps(data)).legal


def test_shared_data_is_walked_once_and_a_wide_cycle_is_refused_at_once() -> None:
    data = real_record()
    shared = {"note": [1, 2]}
    data["notes"] = [shared, shared, [shared]]  # not a tree, but not deep: read
    assert referee(data).legal
    wide: dict[str, Any] = {}
    wide.update({str(key): wide for key in range(1000)})  # 1000**10 paths to depth 10
    data["notes"] = wide
    with pytest.raises(InvalidRecordError, match="nested deeper"):
        Record.from_data(data)


def test_a_record_without_a_seed_replays_with_seed_0() -> None:
    data = real_record()
    data["seed"] = None
    report = referee(data)
    assert report.legal
    assert str(report) == f"legal; scores {list(report.scores)}"
    assert Record.from_data(data).replay().state.seed == 0


def test_record_text_as_utf8_bytes_is_read_like_the_text() -> None:
    text = json.dumps(real_record(), ensure_ascii=False)
    assert Record.from_json(text.encode("utf-8")) == Record.from_json(text)
    assert Record.from_json(bytearray(text.encode("utf-8"))) == Record.from_json(text)
    assert referee(text.encode("utf-8")).legal


def test_a_decoder_recursion_error_is_a_record_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the depth check, the decoder itself would run out of stack.
    monkeypatch.setattr("zhengshangyou.record.MAX_DEPTH", 10**9)
    with pytest.raises(InvalidRecordError, match="nested deeper"):
        Record.from_json("[" * 100_000)


@pytest.mark.parametrize("value", [None, 5, 2.5, True, [], ["{}"], (), object(), memoryview(b"{}"), Game])
def test_referee_answers_any_object_with_a_report(value: object) -> None:
    report = referee(value)
    assert isinstance(report, RefereeReport)
    assert not report.legal
    assert report.reason
    with pytest.raises(InvalidRecordError):
        Record.from_data(value)


@pytest.mark.parametrize("value", [None, 5, ["{}"], {"format": 1}])
def test_from_json_refuses_what_is_not_text(value: object) -> None:
    with pytest.raises(InvalidRecordError, match="JSON text is a str or bytes"):
        Record.from_json(value)  # type: ignore[arg-type]


def test_record_fields_are_typed() -> None:
    game = finished_hand(Rules(), seed=3)
    record = Record.from_game(game)
    deal, actions = record.hands[0].deal, record.hands[0].actions
    with pytest.raises(WrongTypeError, match="rules must be a Rules"):
        Record("winner", 1, record.hands)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="seed must be an int"):
        Record(record.rules, "1", record.hands)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="hands must be a tuple of HandRecord, not list"):
        Record(record.rules, 1, list(record.hands))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="hands must be a tuple of HandRecord, not str"):
        Record(record.rules, 1, ("hand",))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="actions must be a tuple of Action, not NoneType"):
        HandRecord(deal, (*actions, None))  # type: ignore[arg-type]
    assert Record(record.rules, record.seed, record.hands).replay() == game


def test_referee_of_a_hand_built_record_with_a_forged_deal_says_why() -> None:
    record = Record.from_game(finished_hand(Rules(), seed=3))
    deal = record.hands[0].deal
    forged = Deal(deal.dealer, (Hand(()), *deal.hands[1:]), deal.trick_card, deal.trick_seat)
    report = referee(Record(record.rules, 3, (HandRecord(forged, ()),)))
    assert (report.legal, report.index, report.rule) == (False, None, "R1.3")


def test_R5_2_a_record_move_by_a_seat_out_of_range_is_refused() -> None:
    data = real_record()
    data["hands"][0]["moves"][0]["seat"] = 10**19
    report = referee(data)
    assert (report.legal, report.index, report.rule) == (False, 0, "R5.2")


# --- fuzz: the referee never raises, and what it accepts is a sound game ------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in JSON data: a key of an object or an index of a list."""
    found = [path]
    if isinstance(value, dict):
        for key, child in value.items():
            found.extend(_paths(child, (*path, key)))
    elif isinstance(value, list):
        for position, child in enumerate(value):
            found.extend(_paths(child, (*path, position)))
    return found


@st.composite
def mutated_records(draw: st.DrawFn) -> Data:
    """A real record (one or two hands) with one to three places changed or deleted."""
    data = real_record(hands=draw(st.sampled_from([1, 2])))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)[1:]))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        old = parent[path[-1]]
        choice = draw(st.sampled_from(["delete", "value", "nudge", "card"]))
        if choice == "delete":
            del parent[path[-1]]
        elif choice == "nudge" and type(old) is int:
            parent[path[-1]] = old + draw(st.sampled_from([-5, -1, 1, 4, 2**64]))
        elif choice == "card" and isinstance(old, str):
            parent[path[-1]] = draw(st.sampled_from(["", "3D", "RJ", "3D 3D", "BJ RJ", "3X", old * 2]))
        else:
            parent[path[-1]] = draw(JSON_VALUES)
    return data


def assert_sound(report: RefereeReport, data: object) -> None:
    """A legal verdict means a game that replays, has moves and can be played out."""
    assert isinstance(report, RefereeReport)
    if not report.legal:
        assert report.reason
        return
    game = Record.from_data(data).replay() if not isinstance(data, str) else Record.from_json(data).replay()
    chooser = random.Random(0)
    for _ in range(300):
        if game.is_hand_over:
            break
        moves = list(game.legal_moves())
        assert moves  # never stuck
        game.play(chooser.choice(moves))
    assert game.is_hand_over


@given(mutated_records())
def test_referee_never_raises_on_a_mutated_record(data: Data) -> None:
    assert_sound(referee(data), data)
    text = json.dumps(data)
    assert_sound(referee(text), text)


def dealt_singly(dealer: int, players: int, cards: int) -> list[int]:
    """How many of ``cards`` each seat gets, one at a time from ``dealer`` round the table."""
    sizes = [0] * players
    for position in range(cards):
        sizes[(dealer + position) % players] += 1
    return sizes


@st.composite
def given_deals(draw: st.DrawFn) -> tuple[Data, bool]:
    """A record of no moves whose deal is drawn (any split of the deck, any dealer and
    trick seat), and whether R2.2a accepts it: the sizes of dealing singly from a
    dealer of the table, the trick card with the seat it names."""
    players = draw(st.sampled_from([2, 4]))
    data = real_record(players=players)
    hand = data["hands"][0]
    hand["moves"] = []
    cards = draw(st.permutations(sorted(c for text in hand["deal"] for c in parse_cards(text))))
    dealer = draw(st.integers(0, players - 1))
    if not draw(st.integers(0, 5)):
        dealer = draw(st.sampled_from([-1, players]))  # no seat of the table
    if draw(st.integers(0, 2)) and 0 <= dealer < players:
        sizes = dealt_singly(dealer, players, len(cards))
    else:
        cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=players - 1, max_size=players - 1)))
        sizes = [high - low for low, high in zip([0, *cuts], [*cuts, len(cards)], strict=True)]
    hands = split(cards, sizes)
    hand["dealer"] = dealer
    hand["deal"] = [format_cards(held) for held in hands]
    trick = draw(st.sampled_from(cards))
    holder = next(seat for seat, held in enumerate(hands) if trick in held)
    trick_seat = holder if draw(st.integers(0, 2)) else draw(st.integers(-2, players + 1))
    hand["trick_card"], hand["trick_seat"] = str(trick), trick_seat
    real = 0 <= dealer < players and sizes == dealt_singly(dealer, players, len(cards))
    return data, real and trick_seat == holder


@given(given_deals())
def test_R2_2a_the_referee_accepts_exactly_the_deals_that_could_be_dealt(drawn: tuple[Data, bool]) -> None:
    data, dealable = drawn
    report = referee(data)
    assert report.legal == dealable, report
    if not dealable:
        assert report.rule in ("R2.1", "R2.2", "R2.4")
    assert_sound(report, data)


@given(JSON_VALUES)
def test_referee_never_raises_on_json_like_data(value: Any) -> None:
    assert not referee(value).legal
    assert not referee(json.dumps(value)).legal


@given(st.text() | st.binary())
def test_referee_never_raises_on_text_or_bytes(value: str | bytes) -> None:
    assert not referee(value).legal
