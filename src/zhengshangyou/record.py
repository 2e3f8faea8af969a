"""Game records: a versioned JSON format, reading, replaying and refereeing.

A record holds the full rules, the seed (for information), and for every hand
of the match its deal (dealer, each seat's cards, the face-up trick card) and
every move in order. Reading a record replays it through the same checked
transitions as a live game, so a record is accepted only if every move in it
is legal; :func:`referee` reports the first illegal move instead of raising.

The format, version 1::

    {"format": "zhengshangyou-record", "version": 1,
     "rules": {...every option, as Rules.to_dict()...},
     "seed": 7,
     "hands": [{"dealer": 0,
                "deal": ["3D 5S ...", "...", "...", "..."],
                "trick_card": "9H", "trick_seat": 2,
                "kitty": "4D 8H RJ",
                "moves": [{"seat": 2, "play": "9H 9S", "kind": "pair"},
                          {"seat": 3, "pass": true},
                          {"seat": 1, "give": "RJ"},
                          {"seat": 0, "offer": "3D 4C"},
                          {"seat": 1, "take": "4C"},
                          {"seat": 0, "return": "3D"},
                          {"seat": 1, "bid": 2},
                          {"seat": 2, "call": true},
                          {"seat": 0, "rob": true}]}]}

A hand of a game with a landlord (FAMILY.md part D) adds its ``"kitty"`` (D2.2), and
its auction's moves (D3): bids of 1 to 3, calls and robs; other hands never hold them.
A deal that leaves cards out (Big Two with two players, Tiến Lên: B2.1, T2.1) adds its
``"undealt"`` cards, sorted, so that every card of the deck is in the record; Big Two's
three-player deal records its face-up 52nd card as the ``"trick_card"`` of the seat
that received it (B2.1).

A play's cards are read as its recorded kind by the resolution of typed cards
(:func:`~zhengshangyou.plays.resolve`, as ``"9H 9S as pair"`` typed in a game).
A play may carry ``"reading": i`` when its cards form the same kind in more than
one way (a run through all thirteen ranks): the i-th such reading in
:func:`~zhengshangyou.plays.classify_all` order (the first without it).

Reading is bounded, so that no input can exhaust the reader and reading takes
time in proportion to the input: JSON text of at most :data:`MAX_LENGTH`
characters (bytes, for bytes), nested at most :data:`MAX_DEPTH` levels, with
integers of at most :data:`MAX_INT_DIGITS` digits, at most :data:`MAX_VALUES`
values and strings of at most :data:`MAX_STRING` characters; at most
:data:`MAX_HANDS` hands and :data:`MAX_MOVES` moves, no hand with more moves than
its rules allow, no card text longer than its cards can need. Every problem is
an :class:`~zhengshangyou.errors.InvalidRecordError`, and :func:`referee` never
raises: anything that is not a legal record, of any type, gets a report saying why.

>>> game = Game(seed=5)
>>> while not game.is_hand_over:
...     game.play(next(iter(game.legal_moves())))
>>> record = Record.from_game(game)
>>> Record.from_json(record.to_json()).replay() == game
True
>>> referee(record).legal
True
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from itertools import accumulate, islice
from typing import Any

import attrs

from zhengshangyou.actions import (
    PASS,
    Bid,
    Call,
    Give,
    Move,
    Offer,
    Pass,
    Return,
    Rob,
    Take,
    auction_move,
)
from zhengshangyou.cards import Card, format_cards, parse_cards
from zhengshangyou.errors import InvalidRecordError, WrongTypeError, ZhengShangyouError, brief_repr
from zhengshangyou.game import Action, Deal, Game, State, check_deal
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Kind, Play, classify_all, resolve
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_HANDS",
    "MAX_INT_DIGITS",
    "MAX_LENGTH",
    "MAX_MOVES",
    "MAX_STRING",
    "MAX_VALUES",
    "VERSION",
    "HandRecord",
    "Record",
    "RefereeReport",
    "json_depth",
    "referee",
]

FORMAT = "zhengshangyou-record"
"""The value of a record's ``"format"`` field."""

VERSION = 1
"""The record format version this library writes and reads."""

MAX_DEPTH = 10
"""The deepest nesting of objects and lists a record may have (a record has 5:
the record, its hands, a hand, its moves, a move); the record itself is level 1."""

MAX_INT_DIGITS = 20
"""The most digits an integer in a record may have (a seed is below 2**64, which has 20)."""

MAX_LENGTH = 4_000_000
"""The longest JSON text read, in characters (bytes, for bytes)."""

MAX_HANDS = 1_000
"""The most hands a record may hold."""

MAX_MOVES = 10_000
"""The most moves a record may hold, over all its hands (exchange decisions
included): about 100 hands of four players, 25 of eight players with two decks,
250 of two. Reading and replaying take time in proportion to the moves, so this
bounds the time any record can take (about half a second), from text or from data."""

MAX_VALUES = 100_000
"""The most JSON values (objects, lists, strings, numbers, booleans and nulls; not
the keys) a record may hold, wherever they are: a record of :data:`MAX_MOVES`
moves has about 45,000."""

MAX_STRING = 10_000
"""The longest string (a value or a key) a record may hold, in characters."""


def _check_type(kind: type, *, each: bool = False) -> Any:
    """An attrs validator: the value (or, with ``each``, every item of a tuple) is a ``kind``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if each and isinstance(value, tuple):
            bad = [item for item in value if not isinstance(item, kind)]
            if not bad:
                return
            value = bad[0]
        elif not each and isinstance(value, kind):
            return
        name = kind.__name__
        shape = f"a tuple of {name}" if each else f"an {name}" if name[0] in "AEIOUaeiou" else f"a {name}"
        raise WrongTypeError(
            f"{attribute.name} must be {shape}, not {type(value).__name__} ({_brief(value)})",
            argument=attribute.name,
        )

    return check


@attrs.frozen
class HandRecord:
    """One hand of a record: its deal and its moves.

    The types are checked (a :class:`~zhengshangyou.errors.WrongTypeError`
    otherwise); whether the deal and the moves are legal is the replay's
    question.

    >>> HandRecord(deal=Deal(0, (Hand.parse("3D"), Hand.parse("4D"))), actions=()).deal.dealer
    0
    >>> HandRecord(deal=None, actions=())
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.WrongTypeError: deal must be a Deal, not NoneType (None)
    """

    deal: Deal = attrs.field(validator=_check_type(Deal))
    actions: tuple[Action, ...] = attrs.field(validator=_check_type(Action, each=True))


@attrs.frozen
class Record:
    """A whole match as data: rules, seed, and each hand's deal and moves.

    >>> record = Record.from_game(Game(seed=1))
    >>> len(record.hands), record.hands[0].actions
    (1, ())
    """

    rules: Rules = attrs.field(validator=_check_type(Rules))
    seed: int | None = attrs.field(validator=attrs.validators.optional(_check_type(int)))
    hands: tuple[HandRecord, ...] = attrs.field(validator=_check_type(HandRecord, each=True))

    @classmethod
    def from_game(cls, game: Game | State) -> Record:
        """The record of everything played so far in ``game``.

        >>> Record.from_game(Game(seed=2)).seed
        2
        """
        state = game.state if isinstance(game, Game) else game
        hands = tuple(HandRecord(deal, actions) for deal, actions in state.history())
        return cls(state.rules, state.seed, hands)

    def to_data(self) -> dict[str, Any]:
        """The record as JSON-compatible data (format version 1).

        >>> Record.from_game(Game(seed=2)).to_data()["version"]
        1
        """
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [_hand_data(self.rules, hand) for hand in self.hands],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The record as JSON text.

        >>> Record.from_game(Game(seed=2)).to_json().startswith('{"format": "zhengshangyou-record"')
        True
        """
        return json.dumps(self.to_data(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_data(cls, data: object) -> Record:
        """Read a record from JSON-compatible data, checking its shape (not yet its moves).

        Raises :class:`~zhengshangyou.errors.InvalidRecordError` naming what is
        wrong, and nothing else. Data beyond the limits is refused too, wherever
        it is (keys the format ignores included): nested deeper than
        :data:`MAX_DEPTH`, holding an integer of more than :data:`MAX_INT_DIGITS`
        digits, more than :data:`MAX_VALUES` values or a string of more than
        :data:`MAX_STRING` characters. The sizes are checked before anything is
        walked: the record must be an object, with at most :data:`MAX_HANDS`
        hands and :data:`MAX_MOVES` moves in all (and rules with more keys than
        there are options are refused at their first unknown one); so the time
        taken is bounded whatever the data.

        >>> Record.from_data({"format": "zhengshangyou-record", "version": 2})
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: unsupported record version 2 (this library reads version 1)
        >>> Record.from_data(None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: the record must be a JSON object, not None
        >>> Record.from_data({"hands": [{}] * 5000})
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: hands: 5,000 hands, more than the 1,000 a record may hold
        """
        root = _mapping(data, "the record")  # the shape first: nothing else is walked
        _check_sizes(root)
        _check_limits(root)
        record_format = root.get("format")
        if type(record_format) is not str or record_format != FORMAT:
            raise InvalidRecordError(f"not a zhengshangyou record (format must be {FORMAT!r})")
        version = root.get("version")
        if type(version) is not int or version != VERSION:  # true and 1.0 are no version
            raise InvalidRecordError(
                f"unsupported record version {_brief(version)} (this library reads version {VERSION})"
            )
        with _reading("rules"):
            rules = Rules.from_dict(_mapping(root.get("rules"), "rules"))
        seed = root.get("seed")
        if seed is not None:
            _integer(seed, "seed", "an integer or null", None)
        hands_data = root.get("hands")
        if not isinstance(hands_data, list) or not hands_data:
            raise InvalidRecordError(f"hands must be a non-empty list, not {_brief(hands_data)}")
        hands = []
        index = 0
        for number, hand_data in enumerate(hands_data):
            hand = _read_hand(rules, hand_data, number, index)
            index += len(hand.actions)
            hands.append(hand)
        return cls(rules, seed, tuple(hands))

    @classmethod
    def from_json(cls, text: str | bytes | bytearray) -> Record:
        """Read a record from JSON text, or from bytes holding it in UTF-8 (see :meth:`from_data`).

        Raises :class:`~zhengshangyou.errors.InvalidRecordError`, and nothing
        else, for text that is not JSON, bytes that are not UTF-8, text longer
        than :data:`MAX_LENGTH`, nested deeper than :data:`MAX_DEPTH`, with more
        than :data:`MAX_VALUES` values (all refused before the JSON is decoded, in
        one pass over the text) or with an integer of more than
        :data:`MAX_INT_DIGITS` digits (refused as it is decoded).

        >>> Record.from_json("[1, 2")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: not JSON: Expecting ',' delimiter: line 1 column 6 (char 5)
        >>> Record.from_json("[" * 100_000)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: the record is nested deeper than 10 levels
        >>> Record.from_json(b"\\xff")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: not a record: the bytes are not UTF-8 text (invalid start byte at byte 0)
        """
        if isinstance(text, (bytes, bytearray)):
            _check_length(text)
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as error:
                raise InvalidRecordError(
                    f"not a record: the bytes are not UTF-8 text ({error.reason} at byte {error.start})"
                ) from None
        elif not isinstance(text, str):
            raise InvalidRecordError(
                f"not a record: JSON text is a str or bytes, not {type(text).__name__}"
            )
        _check_length(text)
        outside = _outside_strings(text)
        if outside.count(",") >= MAX_VALUES:  # JSON text holds at least one value more than its commas
            raise _too_many_values()
        if _depth(outside) > MAX_DEPTH:
            raise _too_deep()
        try:
            data = json.loads(text, parse_int=_json_int, parse_constant=_json_constant)
        except json.JSONDecodeError as error:
            raise InvalidRecordError(f"not JSON: {error}") from None
        except RecursionError:  # the depth check stops this first; belt and braces
            raise _too_deep() from None
        return cls.from_data(data)

    def replay(self) -> Game:
        """Replay every move through the checked transitions and return the game.

        An illegal move raises :class:`~zhengshangyou.errors.InvalidRecordError`
        with the move's index (counted over the whole match, from 0), the rule
        id and the reason; the reason, written for people, counts moves and
        hands from 1 (``move 3 (hand 1, seat 1, bid 1): ...`` for index 2).

        >>> Record.from_game(Game(seed=3)).replay().phase
        <Phase.PLAY: 'play'>
        """
        self._check_size()
        deals = [hand.deal for hand in self.hands]
        try:
            game = Game(self.rules, seed=self.seed if self.seed is not None else 0, deals=deals)
        except ZhengShangyouError as error:
            raise self._refused_deal() or _converted(error, "the record", None) from None
        index = 0
        for number, hand in enumerate(self.hands):
            if number and game.state.hand_number < number:  # (a redeal deals at once, D3.3)
                with _reading(f"hand {number + 1}", index):
                    game.next_hand()
            for action in hand.actions:
                try:
                    game.play(action.move, seat=action.seat)
                except ZhengShangyouError as error:  # the message is built only on error
                    where = f"move {index + 1} (hand {number + 1}, seat {action.seat}, {action.move})"
                    raise _converted(error, where, index) from None
                index += 1
        return game

    def _check_size(self) -> None:
        """Refuse a record of more than :data:`MAX_HANDS` hands, :data:`MAX_MOVES` moves, or
        a hand of more moves than its rules allow, before anything is replayed."""
        if len(self.hands) > MAX_HANDS:
            raise _too_many_hands(len(self.hands))
        most = _most_moves(self.rules)
        total = 0
        for number, hand in enumerate(self.hands):
            total += len(hand.actions)
            if len(hand.actions) > most:
                raise _too_many_moves_in_hand(number, len(hand.actions), most)
        if total > MAX_MOVES:
            raise _too_many_moves(total)

    def _refused_deal(self) -> InvalidRecordError | None:
        """The error of the first deal the game refuses (R2.2a), at its hand's first move."""
        index = 0
        for number, hand in enumerate(self.hands):
            try:
                check_deal(self.rules, hand.deal)
            except ZhengShangyouError as error:
                return _converted(error, f"hand {number + 1}", index if number else None)
            index += len(hand.actions)
        return None


def _hand_data(rules: Rules, hand: HandRecord) -> dict[str, Any]:
    deal = hand.deal
    data: dict[str, Any] = {
        "dealer": deal.dealer,
        "deal": [str(cards) for cards in deal.hands],
        "trick_card": None if deal.trick_card is None else str(deal.trick_card),
        "trick_seat": deal.trick_seat,
        "moves": [_move_data(rules, action) for action in hand.actions],
    }
    if deal.kitty:  # (a game with a landlord only: other records read as they always have)
        data["kitty"] = format_cards(deal.kitty)
    if deal.undealt:  # (a deal that leaves cards out only, B2.1, T2.1)
        data["undealt"] = format_cards(deal.undealt)
    return data


def _move_data(rules: Rules, action: Action) -> dict[str, Any]:
    move = action.move
    data: dict[str, Any] = {"seat": action.seat}
    if isinstance(move, Play):
        data["play"] = format_cards(move.cards)
        data["kind"] = move.kind.value
        same = _same_kind(move, rules)
        if len(same) > 1:
            data["reading"] = same.index(move)
    elif isinstance(move, Pass):
        data["pass"] = True
    elif isinstance(move, Offer):
        data["offer"] = format_cards(move.cards)
    elif isinstance(move, Bid):
        data["bid"] = move.value
    elif isinstance(move, (Call, Rob)):
        data[str(move)] = True
    else:
        name = {Give: "give", Take: "take", Return: "return"}[type(move)]
        data[name] = str(move.card)
    return data


def _converted(error: ZhengShangyouError, where: str, index: int | None) -> InvalidRecordError:
    """``error`` as a record error, its message prefixed with where it happened."""
    if isinstance(error, InvalidRecordError):
        return error
    return InvalidRecordError(f"{where}: {error}", index=index, rule=error.rule)


@contextmanager
def _reading(where: str, index: int | None = None) -> Iterator[None]:
    """Turn any library error raised inside into an :class:`InvalidRecordError`."""
    try:
        yield
    except ZhengShangyouError as error:
        raise _converted(error, where, index) from None


def _too_deep(where: str | None = None) -> InvalidRecordError:
    at = "" if where is None else f" (at {where})"
    return InvalidRecordError(f"the record is nested deeper than {MAX_DEPTH} levels{at}")


def _check_length(text: str | bytes | bytearray) -> None:
    if len(text) > MAX_LENGTH:
        unit = "characters" if isinstance(text, str) else "bytes"
        raise InvalidRecordError(
            f"the record is {len(text):,} {unit} long, more than the {MAX_LENGTH:,} read"
        )


_ESCAPE = re.compile(r"\\.", re.DOTALL)  # a backslash and the character it escapes
_STRING = re.compile(r'"[^"]*"?')  # a string without escapes; an unterminated one runs to the end
_NOT_BRACKET = re.compile(r"[^][{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _outside_strings(text: str) -> str:
    """``text`` without its JSON strings, in time linear in its length, whatever it holds.

    The escapes go first (a backslash and the character after it, left to right,
    as a decoder reads them inside strings); then each string is one match that
    always succeeds, from its opening quote through its closing one (or the end of
    the text), so no character is looked at twice. Outside strings a backslash is
    not JSON, and the decoder stops there, so what follows it cannot reach it.
    """
    return _STRING.sub("", _ESCAPE.sub("", text))


def json_depth(text: str) -> int:
    """How deep the arrays and objects of JSON ``text`` nest, without decoding it:
    what the readers of untrusted JSON (records, the command line's option values)
    check before decoding, so that text nested too deep is refused alike on every
    Python version, whose decoders reach their recursion limits at different depths.

    Brackets inside strings do not count; in text that is not JSON the figure is
    only an estimate, and the decoder reports the real problem.

    >>> json_depth('{"a": [1, {"b": "]]"}], "c": []}'), json_depth("[" * 50), json_depth("7")
    (3, 50, 0)
    >>> json_depth(r'["a\\\\", "[[", "\\"[["]')  # an escaped backslash, then an escaped quote
    1

    It takes time in proportion to the text's length, whatever the text (escaped
    quotes, unterminated strings, brackets).
    """
    return _depth(_outside_strings(text))


def _depth(outside: str) -> int:
    """How deep the brackets of ``outside`` (JSON text without its strings) nest."""
    brackets = _NOT_BRACKET.sub("", outside)
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def _json_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _too_long(f"an integer of {digits:,} digits ({text[:12]}...)")
    return int(text)


def _too_long(what: str) -> InvalidRecordError:
    return InvalidRecordError(f"{what}, more than the {MAX_INT_DIGITS} a record's integers may have")


def _json_constant(text: str) -> object:
    raise InvalidRecordError(f"not JSON: {text} is not a JSON value")


_INT_BOUND = 10**MAX_INT_DIGITS


def _check_limits(data: object) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` (a cycle is infinitely deep),
    holding an integer of more than :data:`MAX_INT_DIGITS` digits, a string of more
    than :data:`MAX_STRING` characters, or more than :data:`MAX_VALUES` values, naming where.

    A container reached by several paths is walked again only when reached
    deeper, so shared data costs at most ``MAX_DEPTH`` walks of each container;
    every walk counts its items, so the work is bounded by :data:`MAX_VALUES`
    whatever the data.
    """
    deepest: dict[int, int] = {}
    # (value, its depth, where it is: (key, where its container is) or None)
    stack: list[tuple[object, int, Any]] = [(data, 1, None)]
    values = 1
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_STRING:
                raise _too_long_string(where, len(value))
        elif isinstance(value, (Mapping, list, tuple)):
            if depth > MAX_DEPTH:
                raise _too_deep(_path(where))
            if deepest.get(id(value), 0) >= depth:
                continue
            deepest[id(value)] = depth
            values += len(value)
            if values > MAX_VALUES:  # (counted before a single item is looked at)
                raise _too_many_values(_path(where))
            if isinstance(value, Mapping):
                for key in value:
                    if not isinstance(key, str):  # as in JSON, whose objects have only strings for keys
                        raise InvalidRecordError(f"{_path(where)}: a key is not a string, but {_brief(key)}")
                    if len(key) > MAX_STRING:
                        raise _too_long_string(where, len(key), "a key")
            items = value.items() if isinstance(value, Mapping) else enumerate(value)
            stack.extend((child, depth + 1, (key, where)) for key, child in items)
        elif isinstance(value, int) and not -_INT_BOUND < value < _INT_BOUND:
            # (str() of an int of more than 4,300 digits raises: count those by bits)
            digits = f"{len(str(abs(value))):,}" if value.bit_length() < 10_000 else "over 3,000"
            raise _too_long(f"{_path(where)}: an integer of {digits} digits")


def _too_many_values(where: str | None = None) -> InvalidRecordError:
    at = "" if where is None else f" (at {where})"
    return InvalidRecordError(f"the record holds more than the {MAX_VALUES:,} values read{at}")


def _too_long_string(where: Any, length: int, what: str = "a string") -> InvalidRecordError:
    return InvalidRecordError(
        f"{_path(where)}: {what} of {length:,} characters, more than the {MAX_STRING:,} a record's strings may have"
    )


def _too_many_hands(count: int) -> InvalidRecordError:
    return InvalidRecordError(f"hands: {count:,} hands, more than the {MAX_HANDS:,} a record may hold")


def _too_many_moves(count: int) -> InvalidRecordError:
    return InvalidRecordError(f"the record holds {count:,} moves, more than the {MAX_MOVES:,} read")


def _too_many_moves_in_hand(number: int, count: int, most: int, under: str = "these rules") -> InvalidRecordError:
    return InvalidRecordError(f"hand {number + 1}: {count:,} moves, more than the {most:,} a hand of {under} can have")


def _most_moves(rules: Rules) -> int:
    """The most moves a hand can have under ``rules``: each play holds a card at least
    (so at most one play per card of the deck), after a play at most the other
    players pass before the trick ends (R5.4) and the next lead must play (R5.1),
    and the exchange makes at most three decisions (give, offer and take, R8.2)."""
    return rules.players * len(rules.deck()) + 3


_MOST_PLAYERS, _MOST_CARDS = 8, 108  # (R2.1, R1.3: 2 to 8 players, one or two decks of 54)
_MOST_MOVES_ANY = _MOST_PLAYERS * _MOST_CARDS + 3  # _most_moves of the largest rules
_OPTIONS = frozenset(Rules.option_names())


def _check_sizes(root: Mapping[str, Any]) -> None:
    """The cheap checks before anything is walked: the options (more names than there
    are options hold an unknown one among the first), the number of hands and of moves
    (in each hand, under any rules, and in all), in time bounded by :data:`MAX_HANDS`.
    The types are the reader's question, later."""
    options = root.get("rules")
    if isinstance(options, Mapping) and len(options) > len(_OPTIONS):
        # of more names than there are options, one of the first is unknown (or not a name)
        unknown = next((name for name in options if not isinstance(name, str) or name not in _OPTIONS), None)
        if isinstance(unknown, str):  # (a key that is not a string is the walk's to name)
            raise InvalidRecordError(f"rules: unknown rule option {_brief(unknown)} (R10)", rule="R10")
    hands = root.get("hands")
    if not isinstance(hands, list):
        return
    if len(hands) > MAX_HANDS:
        raise _too_many_hands(len(hands))
    total = 0
    for number, hand in enumerate(hands):
        moves = hand.get("moves") if isinstance(hand, Mapping) else None
        if isinstance(moves, list):
            if len(moves) > _MOST_MOVES_ANY:
                raise _too_many_moves_in_hand(number, len(moves), _MOST_MOVES_ANY, "any rules")
            total += len(moves)
    if total > MAX_MOVES:
        raise _too_many_moves(total)


def _path(where: Any) -> str:
    """``hands[0].moves[3]`` for the place ``where`` names (see :func:`_check_limits`)."""
    parts: list[str] = []
    while where is not None:
        key, where = where
        if isinstance(key, str) and len(key) > 40:
            key = key[:37] + "..."
        parts.append(f".{key}" if isinstance(key, str) else f"[{key}]")
    return "".join(reversed(parts)).lstrip(".") or "the record"


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, 44, 44
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = 12


def _brief(value: object, limit: int = 40) -> str:
    """:func:`~zhengshangyou.errors.brief_repr`, in time bounded whatever the value (a
    list of millions of items, a string of megabytes), and never raising."""
    try:
        if isinstance(value, str):
            return brief_repr(value[: 2 * limit], limit)
        if isinstance(value, (list, tuple, Mapping)):  # a dozen items shown, one more read
            items = islice(value.items() if isinstance(value, Mapping) else value, _SHORT.maxlist + 1)
            shown = dict(items) if isinstance(value, Mapping) else tuple(items) if isinstance(value, tuple) else list(items)
            text = _SHORT.repr(shown)
            return text if len(text) <= limit else text[: limit - 3] + "..."
        return brief_repr(value, limit)
    except Exception:  # a __repr__ that raises, an int too long to print inside a list
        return f"<a {type(value).__name__}>"


def _mapping(value: object, what: str, index: int | None = None) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRecordError(f"{what} must be a JSON object, not {_brief(value)}", index=index)
    return value


def _integer(value: object, what: str, expected: str, index: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRecordError(f"{what} must be {expected}, not {_brief(value)}", index=index)
    return value


_CHARS_PER_CARD = 8  # "10H" and a separator or two, with room to spare


def _cards(text: object, what: str, index: int | None, most: int) -> tuple[Card, ...]:
    """The cards of ``text``, which may name at most ``most`` cards: a longer text is
    refused before it is read (at most :data:`_CHARS_PER_CARD` characters a card)."""
    if not isinstance(text, str):
        raise InvalidRecordError(
            f"{what} must be cards in the notation, as a string, not {_brief(text)}", index=index
        )
    longest = _CHARS_PER_CARD * (most + 1)
    if len(text) > longest:
        raise InvalidRecordError(
            f"{what}: a text of {len(text):,} characters, more than the {longest:,} of {most} cards",
            index=index,
        )
    with _reading(what, index):
        return parse_cards(text)


def _read_hand(rules: Rules, data: object, number: int, first: int) -> HandRecord:
    where = f"hand {number + 1}"  # (counted from 1 where people read it; ``number`` from 0)
    at = first if number else None  # the first hand's problems are the record's (no index)
    hand = _mapping(data, where, at)
    dealer = _integer(hand.get("dealer"), f"{where}: dealer", "a seat number", at)
    dealt = hand.get("deal")
    if not isinstance(dealt, list):
        raise InvalidRecordError(
            f"{where}: deal must be a list of hands, one string per seat, not {_brief(dealt)}",
            index=at,
        )
    if len(dealt) > rules.players:  # (fewer is the game's to refuse, as it refuses any deal)
        raise InvalidRecordError(
            f"{where}: the deal has {len(dealt):,} hands for {rules.players} players (R2.1, R2.2a)",
            index=at,
            rule="R2.1",
        )
    deck = len(rules.deck())
    hands = []
    dealt_cards = 0
    for seat, cards in enumerate(dealt):
        what = f"{where} deal (seat {seat})"
        held = _cards(cards, what, at, deck)
        with _reading(what, at):
            hands.append(Hand(held))
        dealt_cards += len(held)
        if dealt_cards > deck:
            raise InvalidRecordError(
                f"{where}: the deal holds more than the {deck} cards of the deck (R1.3, R2.2a)",
                index=at,
                rule="R1.3",
            )
    trick_text, trick_seat = hand.get("trick_card"), hand.get("trick_seat")
    trick_card: Card | None = None
    if trick_text is not None:
        trick = _cards(trick_text, f"{where} trick_card", at, 1)
        if len(trick) != 1:
            raise InvalidRecordError(f"{where}: trick_card is one card", index=at, rule="R2.4")
        trick_card = trick[0]
    if trick_seat is not None:
        _integer(trick_seat, f"{where}: trick_seat", "a seat number or null", at)
    kitty: tuple[Card, ...] = ()
    if "kitty" in hand:
        kitty = tuple(sorted(_cards(hand["kitty"], f"{where} kitty", at, deck)))
    undealt: tuple[Card, ...] = ()
    if "undealt" in hand:
        undealt = tuple(sorted(_cards(hand["undealt"], f"{where} undealt", at, deck)))
    moves = hand.get("moves")
    if not isinstance(moves, list):
        raise InvalidRecordError(f"{where}: moves must be a list, not {_brief(moves)}", index=at)
    most = _most_moves(rules)
    if len(moves) > most:
        raise _too_many_moves_in_hand(number, len(moves), most)
    actions = tuple(
        _read_move(rules, move, first + offset) for offset, move in enumerate(moves)
    )
    return HandRecord(Deal(dealer, tuple(hands), trick_card, trick_seat, kitty, undealt), actions)


_VERBS = ("play", "pass", "give", "offer", "take", "return", "bid", "call", "rob")


def _read_move(rules: Rules, data: object, index: int) -> Action:
    move_data = _mapping(data, f"move {index + 1}", index)
    seat = _integer(move_data.get("seat"), f"move {index + 1}: seat", "a seat number", index)
    verbs = [verb for verb in _VERBS if verb in move_data]
    if len(verbs) != 1:
        raise InvalidRecordError(
            f"move {index + 1}: exactly one of {', '.join(_VERBS)} is needed, not {len(verbs)}",
            index=index,
        )
    verb = verbs[0]
    value = move_data[verb]
    move: Move
    if verb == "pass":
        if value is not True:
            raise InvalidRecordError(f"move {index + 1}: pass must be true, not {_brief(value)}", index=index)
        move = PASS
    elif verb == "play":
        move = _read_play(rules, move_data, index)
    elif verb in ("bid", "call", "rob"):
        if verb == "bid" and (type(value) is not int or not 1 <= value <= 3):
            raise InvalidRecordError(f"move {index + 1}: a bid is 1, 2 or 3, not {_brief(value)}", index=index, rule="D3.1")
        if verb != "bid" and value is not True:
            raise InvalidRecordError(f"move {index + 1}: {verb} must be true, not {_brief(value)}", index=index, rule="D3.4")
        move = auction_move(verb, str(value) if verb == "bid" else "")
    elif verb == "offer":
        cards = _cards(value, f"move {index + 1} offer", index, 2)
        if len(cards) != 2:
            raise InvalidRecordError(f"move {index + 1}: an offer is two cards", index=index, rule="R8.2")
        move = Offer(cards)
    else:
        cards = _cards(value, f"move {index + 1} {verb}", index, 1)
        if len(cards) != 1:
            raise InvalidRecordError(f"move {index + 1}: {verb} takes one card", index=index, rule="R8.2")
        move = Give(cards[0]) if verb == "give" else Take(cards[0]) if verb == "take" else Return(cards[0])
    return Action(seat, move)


_KINDS = {kind.value: kind for kind in Kind}


def _most_held(rules: Rules) -> int:
    """The most cards a hand can hold, so the most a play can have: the largest hand of
    the deal (R2.2), and one more for the card a Winner holds during the exchange (R8.2),
    or the kitty the landlord takes (D4.1)."""
    return -(-len(rules.deck()) // rules.players) + 1 + rules.kitty


def _read_play(rules: Rules, data: Mapping[str, Any], index: int) -> Play:
    """A recorded play: its cards read as their recorded kind by the one resolution
    of typed cards (:func:`~zhengshangyou.plays.resolve`, R3.16), then, when they
    form that kind in several ways, the ``"reading"``-th of them (the first without it)."""
    most = _most_held(rules)
    cards = _cards(data["play"], f"move {index + 1} play", index, most)
    if len(cards) > most:
        raise InvalidRecordError(
            f"move {index + 1}: a play of {len(cards)} cards, more than a hand can hold ({most})", index=index
        )
    kind_value = data.get("kind")
    kind = _KINDS.get(kind_value) if isinstance(kind_value, str) else None
    if kind is None:
        raise InvalidRecordError(
            f"move {index + 1}: kind must be one of {', '.join(_KINDS)}, not {_brief(kind_value)}",
            index=index,
        )
    with _reading(f"move {index + 1} play", index):
        play = resolve(cards, rules, kind=kind)
    reading = data.get("reading", 0)
    same = _same_kind(play, rules)
    if isinstance(reading, bool) or not isinstance(reading, int) or not 0 <= reading < len(same):
        raise InvalidRecordError(
            f"move {index + 1}: no reading {_brief(reading)} of these cards", index=index
        )
    return same[reading]


def _same_kind(play: Play, rules: Rules) -> list[Play]:
    """The readings of ``play``'s cards of its kind, in :func:`~zhengshangyou.plays.classify_all`
    order: ``play`` alone, unless a run can stand in several places (R3.15)."""
    return [other for other in classify_all(play.cards, rules) if other.kind is play.kind]


@attrs.frozen
class RefereeReport:
    """The referee's verdict on a record.

    ``legal`` is True when every move is legal; otherwise ``index`` is the first
    illegal move's index over the whole match (from 0), ``rule`` the rule it
    breaks and ``reason`` why (in words that count moves and hands from 1, as
    people do). ``results`` are the finished hands' results as replayed.

    >>> RefereeReport(legal=False, index=4, rule="R4.1", reason="...", results=(), scores=()).legal
    False
    """

    legal: bool
    index: int | None
    rule: str | None
    reason: str
    results: tuple[HandResult, ...]
    scores: tuple[int, ...]

    def __str__(self) -> str:
        if self.legal:
            return f"legal; scores {list(self.scores)}"
        where = "the record" if self.index is None else f"move {self.index + 1}"
        return f"illegal at {where} ({self.rule or 'format'}): {self.reason}"


def referee(record: Record | str | bytes | bytearray | Mapping[str, Any] | object) -> RefereeReport:
    """Check a record: the first illegal move with its index, rule and reason, or
    that the whole record is legal, with the results.

    ``record`` is a :class:`Record`, JSON text (a ``str``, or ``bytes`` in
    UTF-8) or JSON-compatible data. The referee never raises: anything else,
    and anything :meth:`Record.from_json`, :meth:`Record.from_data` or
    :meth:`Record.replay` refuses, is reported as not legal, with the reason.

    >>> report = referee('{"format": "zhengshangyou-record", "version": 1, "rules": {"players": 9}}')
    >>> report.legal, report.rule
    (False, 'R10')
    >>> print(referee(None))
    illegal at the record (format): the record must be a JSON object, not None
    >>> print(referee(b"\\xfe{}"))
    illegal at the record (format): not a record: the bytes are not UTF-8 text (invalid start byte at byte 0)
    """
    try:
        if isinstance(record, (str, bytes, bytearray)):
            record = Record.from_json(record)
        elif not isinstance(record, Record):
            record = Record.from_data(record)
        game = record.replay()
    except InvalidRecordError as error:
        return RefereeReport(False, error.index, error.rule, str(error), (), ())
    state = game.state
    return RefereeReport(True, None, None, "every move is legal", state.results, state.scores)
