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
                "moves": [{"seat": 2, "play": "9H 9S", "kind": "pair"},
                          {"seat": 3, "pass": true},
                          {"seat": 1, "give": "RJ"},
                          {"seat": 0, "offer": "3D 4C"},
                          {"seat": 1, "take": "4C"},
                          {"seat": 0, "return": "3D"}]}]}

A play may carry ``"reading": i`` when its cards form the same kind in more than
one way (a run through all thirteen ranks): the i-th such reading in
:func:`~zhengshangyou.plays.classify_all` order.

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
from collections.abc import Mapping
from typing import Any

import attrs

from zhengshangyou.actions import PASS, Give, Move, Offer, Pass, Return, Take
from zhengshangyou.cards import Card, format_cards, parse_cards
from zhengshangyou.errors import InvalidRecordError, ZhengShangyouError
from zhengshangyou.game import Action, Deal, Game, State
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Kind, Play, classify_all
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult

__all__ = ["FORMAT", "VERSION", "HandRecord", "Record", "RefereeReport", "referee"]

FORMAT = "zhengshangyou-record"
"""The value of a record's ``"format"`` field."""

VERSION = 1
"""The record format version this library writes and reads."""


@attrs.frozen
class HandRecord:
    """One hand of a record: its deal and its moves.

    >>> HandRecord(deal=Deal(0, (Hand.parse("3D"), Hand.parse("4D"))), actions=()).deal.dealer
    0
    """

    deal: Deal
    actions: tuple[Action, ...]


@attrs.frozen
class Record:
    """A whole match as data: rules, seed, and each hand's deal and moves.

    >>> record = Record.from_game(Game(seed=1))
    >>> len(record.hands), record.hands[0].actions
    (1, ())
    """

    rules: Rules
    seed: int | None
    hands: tuple[HandRecord, ...]

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

        Raises :class:`~zhengshangyou.errors.InvalidRecordError` naming what is wrong.

        >>> Record.from_data({"format": "zhengshangyou-record", "version": 2})
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: unsupported record version 2 (this library reads version 1)
        """
        root = _mapping(data, "the record")
        if root.get("format") != FORMAT:
            raise InvalidRecordError(f"not a zhengshangyou record (format must be {FORMAT!r})")
        if root.get("version") != VERSION:
            raise InvalidRecordError(
                f"unsupported record version {root.get('version')!r} (this library reads version {VERSION})"
            )
        try:
            rules = Rules.from_dict(_mapping(root.get("rules"), "rules"))
        except InvalidRecordError:
            raise
        except ZhengShangyouError as error:
            raise InvalidRecordError(f"rules: {error}", rule=error.rule) from None
        seed = root.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise InvalidRecordError(f"seed must be an integer or null, not {seed!r}")
        hands_data = root.get("hands")
        if not isinstance(hands_data, list) or not hands_data:
            raise InvalidRecordError("hands must be a non-empty list")
        hands = []
        index = 0
        for number, hand_data in enumerate(hands_data):
            hand = _read_hand(rules, hand_data, number, index)
            index += len(hand.actions)
            hands.append(hand)
        return cls(rules, seed, tuple(hands))

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record from JSON text (see :meth:`from_data`).

        >>> Record.from_json("[1, 2")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRecordError: not JSON: Expecting ',' delimiter: line 1 column 6 (char 5)
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise InvalidRecordError(f"not JSON: {error}") from None
        return cls.from_data(data)

    def replay(self) -> Game:
        """Replay every move through the checked transitions and return the game.

        An illegal move raises :class:`~zhengshangyou.errors.InvalidRecordError`
        with the move's index (counted over the whole match, from 0), the rule
        id and the reason.

        >>> Record.from_game(Game(seed=3)).replay().phase
        'play'
        """
        deals = [hand.deal for hand in self.hands]
        try:
            game = Game(self.rules, seed=self.seed if self.seed is not None else 0, deals=deals)
        except ZhengShangyouError as error:
            raise InvalidRecordError(f"hand 0: {error}", index=None, rule=error.rule) from None
        index = 0
        for number, hand in enumerate(self.hands):
            if number:
                try:
                    game.next_hand()
                except ZhengShangyouError as error:
                    raise InvalidRecordError(
                        f"hand {number}: {error}", index=index, rule=error.rule
                    ) from None
            for action in hand.actions:
                try:
                    game.play(action.move, seat=action.seat)
                except ZhengShangyouError as error:
                    raise InvalidRecordError(
                        f"move {index} (hand {number}, seat {action.seat}, {action.move}): {error}",
                        index=index,
                        rule=error.rule,
                    ) from None
                index += 1
        return game


def _hand_data(rules: Rules, hand: HandRecord) -> dict[str, Any]:
    deal = hand.deal
    data: dict[str, Any] = {
        "dealer": deal.dealer,
        "deal": [str(cards) for cards in deal.hands],
        "trick_card": None if deal.trick_card is None else str(deal.trick_card),
        "trick_seat": deal.trick_seat,
        "moves": [_move_data(rules, action) for action in hand.actions],
    }
    return data


def _move_data(rules: Rules, action: Action) -> dict[str, Any]:
    move = action.move
    data: dict[str, Any] = {"seat": action.seat}
    if isinstance(move, Play):
        data["play"] = format_cards(move.cards)
        data["kind"] = move.kind.value
        same = [play for play in classify_all(move.cards, rules) if play.kind is move.kind]
        if len(same) > 1:
            data["reading"] = same.index(move)
    elif isinstance(move, Pass):
        data["pass"] = True
    elif isinstance(move, Offer):
        data["offer"] = format_cards(move.cards)
    else:
        name = {Give: "give", Take: "take", Return: "return"}[type(move)]
        data[name] = str(move.card)
    return data


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidRecordError(f"{what} must be a JSON object")
    return value


def _cards(text: object, what: str, index: int | None) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise InvalidRecordError(f"{what} must be cards in the notation, as a string", index=index)
    try:
        return parse_cards(text)
    except ZhengShangyouError as error:
        raise InvalidRecordError(f"{what}: {error}", index=index, rule=error.rule) from None


def _read_hand(rules: Rules, data: object, number: int, first: int) -> HandRecord:
    hand = _mapping(data, f"hand {number}")
    dealer = hand.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise InvalidRecordError(f"hand {number}: dealer must be a seat number", index=first)
    dealt = hand.get("deal")
    if not isinstance(dealt, list):
        raise InvalidRecordError(f"hand {number}: deal must be a list of hands", index=first)
    hands = tuple(Hand(_cards(cards, f"hand {number} deal", first)) for cards in dealt)
    trick_text, trick_seat = hand.get("trick_card"), hand.get("trick_seat")
    trick_card: Card | None = None
    if trick_text is not None:
        trick = _cards(trick_text, f"hand {number} trick_card", first)
        if len(trick) != 1:
            raise InvalidRecordError(f"hand {number}: trick_card is one card", index=first)
        trick_card = trick[0]
    if trick_seat is not None and (not isinstance(trick_seat, int) or isinstance(trick_seat, bool)):
        raise InvalidRecordError(f"hand {number}: trick_seat must be a seat number", index=first)
    moves = hand.get("moves")
    if not isinstance(moves, list):
        raise InvalidRecordError(f"hand {number}: moves must be a list", index=first)
    actions = tuple(
        _read_move(rules, move, first + offset) for offset, move in enumerate(moves)
    )
    return HandRecord(Deal(dealer, hands, trick_card, trick_seat), actions)


def _read_move(rules: Rules, data: object, index: int) -> Action:
    move_data = _mapping(data, f"move {index}")
    seat = move_data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise InvalidRecordError(f"move {index}: seat must be a seat number", index=index)
    verbs = [verb for verb in ("play", "pass", "give", "offer", "take", "return") if verb in move_data]
    if len(verbs) != 1:
        raise InvalidRecordError(
            f"move {index}: exactly one of play, pass, give, offer, take, return is needed",
            index=index,
        )
    verb = verbs[0]
    value = move_data[verb]
    move: Move
    if verb == "pass":
        if value is not True:
            raise InvalidRecordError(f"move {index}: pass must be true", index=index)
        move = PASS
    elif verb == "play":
        move = _read_play(rules, move_data, index)
    elif verb == "offer":
        cards = _cards(value, f"move {index} offer", index)
        if len(cards) != 2:
            raise InvalidRecordError(f"move {index}: an offer is two cards", index=index, rule="R8.2")
        move = Offer(cards)
    else:
        cards = _cards(value, f"move {index} {verb}", index)
        if len(cards) != 1:
            raise InvalidRecordError(f"move {index}: {verb} takes one card", index=index, rule="R8.2")
        move = Give(cards[0]) if verb == "give" else Take(cards[0]) if verb == "take" else Return(cards[0])
    return Action(seat, move)


def _read_play(rules: Rules, data: Mapping[str, Any], index: int) -> Play:
    cards = _cards(data["play"], f"move {index} play", index)
    try:
        kind = Kind(data.get("kind"))
    except ValueError:
        raise InvalidRecordError(
            f"move {index}: kind must be one of {', '.join(kind.value for kind in Kind)}",
            index=index,
        ) from None
    same = [play for play in classify_all(cards, rules) if play.kind is kind]
    if not same:
        raise InvalidRecordError(
            f"move {index}: {format_cards(cards)} cannot be read as a {kind.label} under these rules",
            index=index,
            rule=kind.rule,
        )
    reading = data.get("reading", 0)
    if not isinstance(reading, int) or isinstance(reading, bool) or not 0 <= reading < len(same):
        raise InvalidRecordError(f"move {index}: no reading {reading!r} of these cards", index=index)
    return same[reading]


@attrs.frozen
class RefereeReport:
    """The referee's verdict on a record.

    ``legal`` is True when every move is legal; otherwise ``index`` is the first
    illegal move's index over the whole match, ``rule`` the rule it breaks and
    ``reason`` why. ``results`` are the finished hands' results as replayed.

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
        where = "the record" if self.index is None else f"move {self.index}"
        return f"illegal at {where} ({self.rule or 'format'}): {self.reason}"


def referee(record: Record | str | Mapping[str, Any]) -> RefereeReport:
    """Check a record: the first illegal move with its index, rule and reason, or
    that the whole record is legal, with the results.

    >>> report = referee('{"format": "zhengshangyou-record", "version": 1, "rules": {"players": 9}}')
    >>> report.legal, report.rule
    (False, 'R10')
    """
    try:
        if isinstance(record, str):
            record = Record.from_json(record)
        elif not isinstance(record, Record):
            record = Record.from_data(record)
        game = record.replay()
    except InvalidRecordError as error:
        return RefereeReport(False, error.index, error.rule, str(error), (), ())
    state = game.state
    return RefereeReport(True, None, None, "every move is legal", state.results, state.scores)
