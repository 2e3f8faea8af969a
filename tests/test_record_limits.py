"""Record reading is linear in its input and bounded at the size limits, for text and
for data (issue 35, items 2 and 4).

Work is bounded by counting (items a container yields, calls of the decoder or of the
card reader), never by timing; the only clock is a generous CPU guard that turns a
hang (the old scan needed hours at the length limit) into a failure.
"""

from __future__ import annotations

import functools
import io
import json
import random
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from zhengshangyou import PASS, Game, InvalidRecordError, Rules, cli
from zhengshangyou import record as record_module
from zhengshangyou.cards import parse_cards
from zhengshangyou.game import Action
from zhengshangyou.plays import resolve
from zhengshangyou.record import (
    FORMAT,
    MAX_HANDS,
    MAX_LENGTH,
    MAX_MOVES,
    MAX_STRING,
    MAX_VALUES,
    HandRecord,
    Record,
    json_depth,
    referee,
)
from zhengshangyou.testing import rules_sets

Data = dict[str, Any]

#: CPU seconds after which a call counts as hung (a guard, not a timing assertion).
HANG = 30.0


class Hung(BaseException):
    """A call used more than ``HANG`` seconds of CPU (a BaseException, so no ``except Exception`` eats it)."""


@contextmanager
def hang_guard(seconds: float = HANG) -> Iterator[None]:
    """Raise :class:`Hung` in the block once it has used ``seconds`` of CPU (where there is a CPU timer)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"over {seconds} s of CPU")

    previous = signal.signal(signal.SIGPROF, alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def random_match(rules: Rules, seed: int, moves: int) -> Game:
    """A match of random legal moves, played until a hand ends with at least ``moves`` moves in all."""
    chooser = random.Random(seed)
    game = Game(rules, seed=seed)
    while True:
        if game.is_hand_over:
            if game.is_match_over or sum(len(actions) for _, actions in game.state.history()) >= moves:
                return game
            game.next_hand()
            continue
        game.play(chooser.choice(list(game.legal_moves())))


@functools.cache
def _record_text(players: int) -> str:
    return Record.from_game(random_match(Rules(players=players), seed=3, moves=1)).to_json()


def real_record(players: int = 4) -> Data:
    """A fresh copy of the data of a real one-hand record."""
    data: Data = json.loads(_record_text(players))
    return data


class CountingList(list[Any]):
    """A list that counts the items it hands out when iterated."""

    handed = 0

    def __iter__(self) -> Iterator[Any]:
        for item in super().__iter__():
            CountingList.handed += 1
            yield item


class CountingDict(dict[str, Any]):
    """A dict that counts the items its ``items()`` hands out."""

    handed = 0

    def items(self) -> Any:
        for item in super().items():
            CountingDict.handed += 1
            yield item


@pytest.fixture
def counted() -> None:
    CountingList.handed = CountingDict.handed = 0


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the reader decodes JSON, reads card text, and reads a play as its kind."""
    counts = {"json.loads": 0, "parse_cards": 0, "resolve": 0}

    def counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            counts[name] += 1
            return function(*args, **kwargs)

        return call

    monkeypatch.setattr(record_module, "json", _JsonSpy(counting("json.loads", json.loads)))
    monkeypatch.setattr(record_module, "parse_cards", counting("parse_cards", parse_cards))
    monkeypatch.setattr(record_module, "resolve", counting("resolve", resolve))
    return counts


class _JsonSpy:
    """The json module, with ``loads`` counted."""

    def __init__(self, loads: Callable[..., Any]) -> None:
        self.loads = loads

    def __getattr__(self, name: str) -> Any:
        return getattr(json, name)


def refused(value: object, *words: str) -> str:
    """The reason ``referee`` gives for refusing ``value``, which holds every one of ``words``."""
    report = referee(value)
    assert not report.legal
    for word in words:
        assert word in report.reason, report.reason
    return report.reason


# ---------------------------------------------------------------------------
# Item 2: every scan before decoding is linear


def depth_by_state_machine(text: str) -> int:
    """The definition json_depth keeps, one character at a time: a backslash escapes the
    next character, a quote opens or closes a string (an unterminated one runs to the
    end), and brackets outside strings nest."""
    depth = deepest = 0
    in_string = False
    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2
            continue
        if char == '"':
            in_string = not in_string
        elif not in_string and char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif not in_string and char in "]}":
            depth -= 1
        index += 1
    return deepest


PATHOLOGICAL = [
    pytest.param('"' + '\\"' * ((MAX_LENGTH - 1) // 2), 0, id="escaped-quotes-unterminated"),
    pytest.param('["' + '\\"' * ((MAX_LENGTH - 4) // 2) + '"]', 1, id="escaped-quotes-in-a-list"),
    pytest.param('"\\' * (MAX_LENGTH // 2), 0, id="quote-backslash"),
    pytest.param('"' * MAX_LENGTH, 0, id="quotes"),
    pytest.param("\\" * MAX_LENGTH, 0, id="backslashes"),
    pytest.param('["' * (MAX_LENGTH // 2), MAX_LENGTH // 4, id="open-string-open"),  # every other [ is outside
    pytest.param('\\"[' * (MAX_LENGTH // 3), MAX_LENGTH // 3, id="escaped-quote-then-bracket"),
    pytest.param("[" * MAX_LENGTH, MAX_LENGTH, id="brackets"),
]


@pytest.mark.parametrize(("text", "depth"), PATHOLOGICAL)
def test_issue35_item2_json_depth_finishes_on_pathological_text_at_the_length_limit(text: str, depth: int) -> None:
    assert len(text) <= MAX_LENGTH
    with hang_guard():
        assert json_depth(text) == depth
        report = referee(text)
    assert not report.legal
    assert report.index is None


def test_issue35_item2_referee_of_a_file_of_escaped_quotes_finishes(tmp_path: Path) -> None:
    path = tmp_path / "quotes.json"
    path.write_text('{"format": "' + '\\"' * (MAX_LENGTH // 2 - 20), encoding="utf-8")
    errors = io.StringIO()
    with hang_guard():
        status = cli.main(["referee", str(path)], stdout=io.StringIO(), stderr=errors)
    assert status != 0
    assert "not a game record" in errors.getvalue()


def test_issue35_item2_an_option_value_of_escaped_quotes_finishes() -> None:
    errors = io.StringIO()
    with hang_guard():
        status = cli.main(["rules", "--suit-order", '["' + '\\"' * 200_000], stdout=io.StringIO(), stderr=errors)
    assert status != 0


@given(st.text(alphabet='[]{}"\\a, :', max_size=60))
def test_issue35_item2_json_depth_is_the_one_pass_state_machine(text: str) -> None:
    assert json_depth(text) == depth_by_state_machine(text)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab"\\[]{}\n\u2028'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(alphabet='k"\\[{'), inner, max_size=3),
    max_leaves=12,
)


def true_depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(true_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(true_depth, value.values()), default=0)
    return 0


@given(JSON_VALUES, st.booleans())
def test_issue35_item2_json_depth_of_json_is_its_nesting(value: object, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert json_depth(text) == true_depth(value)


# ---------------------------------------------------------------------------
# Item 4: reading is bounded by the limits, the shape checked before anything is walked


def test_issue35_item4_data_that_is_not_an_object_is_not_walked(counted: None) -> None:
    data = CountingList([0] * 1_000_000)
    refused(data, "the record must be a JSON object, not [0, 0, 0")
    assert CountingList.handed <= 13  # the message shows a dozen; the old reader walked all


def test_issue35_item4_too_many_hands_are_refused_before_any_is_read(counted: None, calls: dict[str, int]) -> None:
    data = real_record()
    hand = data["hands"][0]
    refused(dict(data, hands=CountingList([hand] * 100_000)), "hands: 100,000 hands, more than the 1,000")
    refused(dict(data, hands=[hand] * (MAX_HANDS + 1)), f"hands: {MAX_HANDS + 1:,} hands")
    assert CountingList.handed == 0
    assert calls["parse_cards"] == 0


def test_issue35_item4_too_many_moves_in_all_are_refused_before_any_is_read(calls: dict[str, int]) -> None:
    data = real_record()
    hand = data["hands"][0]
    moves = hand["moves"]
    per_hand = 800  # under the most a hand can have under any rules (8 players, two decks)
    hands = [dict(hand, moves=(moves * per_hand)[:per_hand]) for _ in range(MAX_MOVES // per_hand + 1)]
    total = per_hand * len(hands)
    refused(dict(data, hands=hands), f"the record holds {total:,} moves, more than the {MAX_MOVES:,} read")
    assert calls["parse_cards"] == 0


def test_issue35_item4_a_hand_of_more_moves_than_any_rules_allow_is_refused_first(calls: dict[str, int]) -> None:
    data = real_record()
    moves = data["hands"][0]["moves"]
    data["hands"][0]["moves"] = CountingList((moves * 1000)[:5000])
    refused(data, "hand 1: 5,000 moves, more than the 867 a hand of any rules can have")
    assert calls["parse_cards"] == 0


def test_issue35_item4_a_hand_of_more_moves_than_its_rules_allow_is_refused() -> None:
    data = real_record()  # four players, 54 cards: at most 4 * 54 + 3
    data["hands"][0]["moves"] = [{"seat": 0, "pass": True}] * 220
    refused(data, "hand 1: 220 moves, more than the 219 a hand of these rules can have")


@given(rules_sets(), st.integers(0, 2**32))
def test_issue35_item4_no_real_hand_has_more_moves_than_the_bound(rules: Rules, seed: int) -> None:
    game = random_match(rules, seed, moves=1)
    for _, actions in game.state.history():
        assert len(actions) <= rules.players * len(rules.deck()) + 3
    assert referee(Record.from_game(game)).legal


@pytest.mark.slow  # (in CI's slow pass: it plays and reads a record of 10,000 moves)
def test_issue35_item4_a_record_of_the_most_moves_is_read() -> None:
    game = random_match(Rules(players=2), seed=11, moves=MAX_MOVES - 2 * 54 - 3)  # (a hand's most moves)
    record = Record.from_game(game)
    moves = sum(len(hand.actions) for hand in record.hands)
    assert MAX_MOVES - 111 <= moves <= MAX_MOVES
    assert referee(record.to_json()).legal


def test_issue35_item4_a_record_of_more_moves_than_read_is_refused_even_as_objects() -> None:
    game = random_match(Rules(players=2), seed=11, moves=200)
    record = Record.from_game(game)
    hands: tuple[HandRecord, ...] = ()
    while sum(len(hand.actions) for hand in hands) <= MAX_MOVES:
        hands += record.hands
    refused(Record(record.rules, record.seed, hands), "moves, more than the 10,000 read")
    many = Record(record.rules, record.seed, (HandRecord(record.hands[0].deal, ()),) * (MAX_HANDS + 1))
    refused(many, f"{MAX_HANDS + 1:,} hands, more than the {MAX_HANDS:,}")
    with pytest.raises(InvalidRecordError, match="more than the 10,000 read"):
        Record(record.rules, record.seed, hands).replay()
    passes = (Action(0, PASS),) * (2 * 54 + 4)  # two players, 54 cards: at most 2 * 54 + 3
    long_hand = Record(record.rules, record.seed, (HandRecord(record.hands[0].deal, passes),))
    refused(long_hand, "hand 1: 112 moves, more than the 111 a hand of these rules can have")


def test_issue35_item4_text_of_too_many_values_is_refused_before_decoding(calls: dict[str, int]) -> None:
    hand = json.dumps(real_record()["hands"][0])
    text = json.dumps(dict(real_record(), hands=[]))[:-2] + ", ".join([hand] * (MAX_LENGTH // len(hand) - 1)) + "]}"
    assert len(text) <= MAX_LENGTH
    refused(text, f"more than the {MAX_VALUES:,} values")
    refused("[" + "0, " * (MAX_LENGTH // 3 - 1) + "0]", f"more than the {MAX_VALUES:,} values")
    assert calls["json.loads"] == 0


def test_issue35_item4_data_of_too_many_values_is_refused_naming_where(counted: None) -> None:
    data = real_record()
    data["notes"] = CountingList([0] * (MAX_VALUES + 1))
    refused(data, f"more than the {MAX_VALUES:,} values read (at notes)")
    assert CountingList.handed == 0


def test_issue35_item4_many_option_names_are_refused_at_the_first_unknown(counted: None) -> None:
    data = real_record()
    data["rules"] = CountingDict({f"option{number}": True for number in range(1_000_000)})
    refused(data, "rules: unknown rule option 'option0' (R10)")
    assert CountingDict.handed == 0


def test_issue35_item4_a_long_string_anywhere_is_refused_naming_where() -> None:
    data = real_record()
    data["notes"] = {"by": "x" * (MAX_STRING + 1)}
    refused(data, f"notes.by: a string of {MAX_STRING + 1:,} characters, more than the {MAX_STRING:,}")
    refused(json.dumps(data), "notes.by: a string of")
    data = real_record()
    data["notes"] = {"k" * (MAX_STRING + 1): 1}
    refused(data, f"notes: a key of {MAX_STRING + 1:,} characters")
    data["notes"] = {"k" * 50: ["x" * (MAX_STRING + 1)]}
    refused(data, f"notes.{'k' * 37}...[0]: a string of")
    data["notes"] = {"x" * MAX_STRING: "y" * MAX_STRING}  # at the limit: read
    assert referee(data).legal


def test_issue35_item4_card_text_longer_than_its_cards_need_is_refused_unread(calls: dict[str, int]) -> None:
    data = real_record()  # 54 cards: a seat's text names at most 54, in at most 8 characters each
    data["hands"][0]["deal"][0] = " ".join(["3D"] * 2000)
    refused(data, "hand 1 deal (seat 0): a text of 5,999 characters, more than the 440 of 54 cards")
    assert calls["parse_cards"] == 0


def test_issue35_item4_a_deal_of_more_cards_than_the_deck_stops_at_the_seat_past_it() -> None:
    data = real_record()
    deal = data["hands"][0]["deal"]
    deal[1] = deal[1] + " " + deal[0]  # seat 1 holds seat 0's cards too: past the deck by seat 3
    refused(data, "hand 1: the deal holds more than the 54 cards of the deck (R1.3, R2.2a)")
    data = real_record()
    data["hands"][0]["deal"] = data["hands"][0]["deal"] * 2
    report = referee(data)
    assert (report.rule, report.index) == ("R2.1", None)
    assert "hand 1: the deal has 8 hands for 4 players (R2.1, R2.2a)" in report.reason


def test_issue35_item4_a_play_of_more_cards_than_a_hand_holds_is_refused_unread(calls: dict[str, int]) -> None:
    data = real_record()  # four players, 54 cards: at most 14 in a hand, 15 during an exchange
    data["hands"][0]["moves"][0] = {"seat": 0, "play": " ".join(["3D"] * 16), "kind": "straight"}
    refused(data, "move 1: a play of 16 cards, more than a hand can hold (15)")
    assert calls["resolve"] == 0


def test_issue35_item4_a_legal_record_at_the_length_limit_is_refused_by_counting(calls: dict[str, int]) -> None:
    data = real_record()
    hand = data["hands"][0]
    text = json.dumps(dict(data, hands=[hand] * (MAX_MOVES // len(hand["moves"]) + 1)))
    text += " " * (MAX_LENGTH - len(text))  # just under the limit, legal in shape
    assert len(text) == MAX_LENGTH
    refused(text, "moves, more than the 10,000 read")
    assert calls["json.loads"] == 1
    assert calls["parse_cards"] == 0


def test_issue35_item4_a_format_that_only_claims_equality_is_not_a_record() -> None:
    class Equal:
        def __eq__(self, other: object) -> bool:
            return True

        def __ne__(self, other: object) -> bool:
            return False

        __hash__ = object.__hash__

    data = real_record()
    data["format"] = Equal()
    refused(data, f"not a zhengshangyou record (format must be {FORMAT!r})")


def test_issue35_item7_referee_survives_values_whose_repr_raises() -> None:
    class Hostile:
        def __repr__(self) -> str:
            raise KeyError("no repr")

    data = real_record()
    data["version"] = Hostile()
    refused(data, "unsupported record version <a Hostile>")
    refused([Hostile()] * 3, "must be a JSON object")
    refused(Hostile(), "must be a JSON object, not <a Hostile>")
