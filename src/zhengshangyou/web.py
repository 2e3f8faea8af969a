"""A browser table: a person plays against bots in a web page (extra ``[web]``).

``zhengshangyou serve`` runs :func:`serve`; :func:`create_app` gives the
`Starlette <https://www.starlette.io>`_ application itself, for any ASGI server
or test client. The server keeps the :class:`~zhengshangyou.game.Game` and the
bots; the page (plain HTML, one small script and a style sheet in
``zhengshangyou/webtable``, none of which holds game data) asks for the
person's view and sends the person's moves as text.

This module is also the worked example of :doc:`ui`. It keeps to three rules:

* Every JSON answer is made from the person's observation alone
  (:meth:`Game.observation(seat) <zhengshangyou.game.Game.observation>`) and its
  narration (:func:`zhengshangyou.narrate.events`), in one function,
  ``_view``: the other seats' hands show only as counts, the kitty of a game
  with a landlord only when the observation shows it (D4.1), and the seed never
  leaves the server.
* Moves go through the checked API, :meth:`Game.play(text, seat=seat)
  <zhengshangyou.game.Game.play>`: a refused move answers with the library's
  message and its rule id, and changes nothing; cards with several readings
  (R3.16) answer with the readings to choose from, each as its declared form
  (``"3C 4C 5C as straight_flush"``).
* The bots choose from their own observations, and play until it is the
  person's turn or the hand is over.

The routes (the page uses nothing else):

====================  ================================================================
``GET /``             the page (``webtable/index.html``, its script and style sheet)
``GET /api/view``     the view: what the person may see now
``POST /api/move``    ``{"move": "3C 4C 5C"}``: the person's move, then the bots' moves
``POST /api/hint``    the heuristic bot's choice on the person's observation
``POST /api/next``    deal the next hand (R2.6, R8)
``POST /api/new``     ``{"preset": "winner", "options": {"players": 3}}``: a new game
====================  ================================================================

The view's ``"game"`` names the game the rules play (:attr:`Rules.game_name
<zhengshangyou.rules.Rules.game_name>`: ``{"name": "Big Two", "native": "鋤大D",
"lang": "zh-Hant-HK", "first_out": null}``), which the page's heading and tab show.

A refusal is HTTP 400 with ``{"error": message, "rule": rule id}`` (and
``"choices"`` for an ambiguous play).

A game with a landlord (Dou Dizhu, ``teams="landlord"``: the presets
``doudizhu``, ``douzero``, ``rlcard``, ``openspiel``) is played at the same
table. The view then has ``"auction"`` while the landlord is being chosen (D3:
the moves open to the person, the bids so far, the high bid, the first bidder
and the face-up card that named him), ``"teams"`` once he is known (the
landlord and the peasants, the base, the multiplier, the kitty when the
observation shows it, D4.1), each seat's ``"role"``, and ``"redealt"`` when
the hand before was thrown in and dealt again at once (D3.3); the auction moves
are sent as text like any other (``"bid 3"``, ``"call"``, ``"rob"``, ``"pass"``).
The end of such a hand tells the side that won, a spring or an anti-spring and
the scores (D8.1, D9).

No visitor can stall the server for another. The game's work (the bots' moves,
a hint, a new deal, the view) runs in a worker thread, never in the event loop,
one request at a time per table (a lock; more than :data:`MAX_WAITING` requests
waiting for it are answered 503 at once). The bots of one request think for
:data:`THINK_SECONDS` seconds in all (the ``think`` argument of
:func:`create_app`); a bot still thinking then is left to finish in the
background, its answer unused, and that move, and every bot move until it has
finished, is :class:`~zhengshangyou.bots.GreedyBot`'s (in an auction, a pass,
which is always open: D3); so is a hint. The rules of a new game from the page
are bounded in cost: a deal where a hand (with the kitty, which any seat may
take, D4.1) has more than :data:`MAX_LEADS` plays to lead from is refused (400). A request body
longer than :data:`MAX_BODY` bytes (:data:`MAX_NEW_BODY` for ``/api/new``) is
refused with HTTP 413 before it is read, and one nested deeper than
:data:`MAX_JSON_DEPTH` with HTTP 400 before it is decoded. ``GET /api/view``
answers at once with the view the last change made.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app(Rules(), seed=1))   # the person at seat 0
>>> view = client.get("/api/view").json()
>>> view["your_turn"], view["top"]["kind"], view["top"]["by"], view["can_pass"]
(True, 'single', 'seat 3', True)
>>> [seat["held"] for seat in view["seats"]]   # the other hands: counts only
[13, 14, 13, 12]
>>> refused = client.post("/api/move", json={"move": "3H 3S"})
>>> refused.status_code, refused.json()
(400, {'error': '3H 3S (pair, 2 cards) does not match 6S (single, 1 card) (R4.1)', 'rule': 'R4.1'})
>>> view = client.post("/api/move", json={"move": "pass"}).json()
>>> [event["text"] for event in view["events"][-4:]]   # then the bots played
['seat 0 (you) passes', 'seat 1 plays A♠ (single)', 'seat 2 plays RJ (single)', 'seat 3 passes']
>>> deep = client.post("/api/move", content="[" * 1000)
>>> deep.status_code, deep.json()["error"]
(400, 'the request body is nested deeper than 4 levels')
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
import time
import webbrowser
from collections.abc import Callable, Sequence
from itertools import islice
from pathlib import Path
from typing import Any

import anyio
import attrs
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from zhengshangyou.actions import PASS, Bid, Call, Move, Pass, Rob
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot
from zhengshangyou.cards import Card, sort_cards
from zhengshangyou.errors import (
    AmbiguousPlayError,
    InvalidSetupError,
    WrongTypeError,
    ZhengShangyouError,
    check_int,
)
from zhengshangyou.game import Action, Game, Observation, Phase
from zhengshangyou.hand import Hand
from zhengshangyou.moves import legal_plays
from zhengshangyou.narrate import cards_text, events, move_text, ordinal, score_lines, typed_form
from zhengshangyou.plays import Play, laid_out
from zhengshangyou.record import Record, json_depth
from zhengshangyou.rules import Rules, check_rules
from zhengshangyou.tournament import bot_from_name, check_bot_name

__all__ = [
    "MAX_BODY", "MAX_JSON_DEPTH", "MAX_LEADS", "MAX_NEW_BODY", "MAX_WAITING", "THINK_SECONDS", "create_app", "serve",
]

#: The page's files: static, with no game data in them.
_PAGE = Path(__file__).with_name("webtable")

MAX_BODY = 1024
"""The longest request body read, in bytes, but for ``/api/new``'s: a move of a
whole two-deck hand, declared, is under 300."""

MAX_NEW_BODY = 4096
"""The longest body of ``POST /api/new``, in bytes: every rule option, spelt out, fits."""

MAX_JSON_DEPTH = 4
"""How deep a request body may nest (``{"options": {"penalty_tiers": [[10, 2]]}}`` is 3)."""

MAX_LEADS = 20_000
"""The most plays a hand of a new game's deal may have to lead from, for ``POST
/api/new`` (the cost of the bots' every move grows with it): rules past it are
refused (the two-deck preset with two players had at most 12,128 in 150 deals)."""

MAX_WAITING = 8
"""How many requests may wait for a table while another is at work on it; more are
answered 503 (try again) at once."""

THINK_SECONDS = 1
"""How long, in seconds, the bots of one request (or a hint) may think, all told,
before the server plays :class:`~zhengshangyou.bots.GreedyBot`'s move for them (a
pass in an auction)."""

_log = logging.getLogger(__name__)


class _Thinker:
    """Runs a bot's choice in a thread of its own and waits for it at most a given
    time; a choice still running then is left to finish, and until it has, no other
    starts (so one table never has more than one bot thinking)."""

    def __init__(self) -> None:
        self.running: threading.Thread | None = None

    def choose(self, bot: Bot, seen: Observation, seconds: float) -> Move | None:
        """``bot``'s choice on ``seen``, or None when it is not made within ``seconds``
        (or a choice left running before has not finished yet)."""
        if seconds <= 0 or (self.running is not None and self.running.is_alive()):
            return None
        answer: list[Move] = []
        failure: list[BaseException] = []

        def think() -> None:
            try:
                answer.append(bot.choose(seen))
            except BaseException as error:  # handed to the waiting request
                failure.append(error)

        thread = threading.Thread(target=think, name="zhengshangyou-bot", daemon=True)
        thread.start()
        thread.join(seconds)
        if thread.is_alive():
            self.running = thread
            return None
        if failure:
            raise failure[0]
        return answer[0]


class _Table:
    """The server's side of the table: the game, the person's seat and the bots."""

    def __init__(
        self,
        rules: Rules,
        seat: int,
        bots: Sequence[str],
        seed: int | None,
        *,
        think: float = THINK_SECONDS,
        record: str | os.PathLike[str] | None = None,
    ) -> None:
        self.bot_names = tuple(check_bot_name(name) for name in bots)
        if not self.bot_names:
            raise InvalidSetupError("name at least one bot to play the other seats (R2.1)", rule="R2.1")
        self.seat = check_int(seat, "seat", rule="R2.1")
        self.seed = seed  # the first game's; never shown
        self.think = think
        self.thinker = _Thinker()
        self.hurried = 0  # bot moves (and hints) made by the fallback, for tests
        self.games = 0
        self.record: str | os.PathLike[str] | None = None
        self.start(check_rules(rules))
        self.record = record
        if record is not None:
            self.write_record()  # an OSError now, when the file cannot be written

    def start(self, rules: Rules, *, bounded: bool = False) -> None:
        """A new game under ``rules``, played by the bots up to the person's turn;
        ``bounded``, refused when a hand of its deal has more than :data:`MAX_LEADS`
        plays to lead (the table's game stays as it was)."""
        if not 0 <= self.seat < rules.players:
            raise InvalidSetupError(
                f"seat must be 0..{rules.players - 1}, not {self.seat} (R2.1)", rule="R2.1"
            )
        seed = None if self.seed is None else (self.seed + self.games) % 2**64
        game = Game(rules, seed=seed)
        if bounded:
            # The kitty still to be taken may go to any seat (D4.1): counted in each hand.
            kitty = game.state.deal.kitty if game.state.landlord < 0 else ()
            for hand in game.hands:  # counted, up to the bound, never listed
                hand = Hand((*hand.cards, *kitty)) if kitty else hand
                if sum(1 for _ in islice(legal_plays(hand, rules), MAX_LEADS + 1)) > MAX_LEADS:
                    raise ZhengShangyouError(
                        f"these rules give a hand more than {MAX_LEADS:,} plays to choose from, more than this"
                        " table's bots consider: choose fewer kinds of combination, or more players"
                    )
        self.game = game
        self.games += 1
        # The bots' names are used in turn for the other seats, as on the command line.
        self.players = [
            "you" if seat == self.seat else self.bot_names[(seat - (seat > self.seat)) % len(self.bot_names)]
            for seat in range(rules.players)
        ]
        self.bots: dict[int, Bot] = {
            seat: bot_from_name(name, seed=seat) for seat, name in enumerate(self.players) if seat != self.seat
        }
        self.run_bots()

    def choose(self, bot: Bot, seen: Observation, deadline: float) -> Move:
        """``bot``'s move if it makes it before ``deadline`` (``time.monotonic``), else
        :class:`~zhengshangyou.bots.GreedyBot`'s, or in an auction a pass (always
        open, D3: the greedy bot knows no bidding)."""
        move = self.thinker.choose(bot, seen, deadline - time.monotonic())
        if move is None:
            self.hurried += 1
            move = PASS if seen.phase is Phase.AUCTION else GreedyBot().choose(seen)
        return move

    def run_bots(self) -> None:
        """Let the bots move, each from its own observation, until it is the person's
        turn or the hand is over; they think for ``think`` seconds in all."""
        game = self.game
        deadline = time.monotonic() + self.think
        while not game.is_hand_over and game.to_act != self.seat:
            seat = game.to_act
            game.play(self.choose(self.bots[seat], game.observation(seat), deadline), seat=seat)
        self.view = _view(self)
        self.save()

    def save(self) -> None:
        """Write the game's record to the record file, if there is one; a failure is
        logged and the game goes on."""
        if self.record is None:
            return
        try:
            self.write_record()
        except OSError as error:
            _log.warning("cannot write the record to %s: %s", self.record, error.strerror or error)

    def write_record(self) -> None:
        """Write the game's record (the format of :class:`~zhengshangyou.record.Record`)."""
        assert self.record is not None
        with open(self.record, "w", encoding="utf-8") as file:
            file.write(Record.from_game(self.game).to_json(indent=1) + "\n")

    def move(self, text: str) -> None:
        """The person's move, read and checked by the game (all or nothing), then the bots'."""
        self.game.play(text, seat=self.seat)
        self.run_bots()

    def next_hand(self) -> None:
        """Deal the next hand (refused unless the hand is over, R6.1, R7.4)."""
        self.game.next_hand()
        self.run_bots()

    def hint(self) -> dict[str, str]:
        """The heuristic bot's choice on the person's observation (the greedy bot's when
        it takes longer than ``think``)."""
        seen = self.game.observation(self.seat)
        if seen.to_act != self.seat:
            raise InvalidSetupError("no hint: it is not your turn (R5.2)", rule="R5.2")
        choice = self.choose(HeuristicBot(), seen, time.monotonic() + self.think)
        return {"move": typed_form(choice, seen.rules), "text": _move_text(choice, seen.rules)}


def _card(card: Card) -> dict[str, Any]:
    """A card for the page: its code (what a move is typed with), rank, suit symbol, colour."""
    return {
        "code": str(card),
        "rank": card.rank.symbol,
        "suit": card.suit.symbol if card.suit is not None else "",
        "red": card.is_red,
    }


def _status(seen: Observation, seat: int) -> str:
    """A seat's place in the hand: Winner, out (2nd, 3rd...), Loser at the end; passed.
    In a game with a landlord: its last word in the auction (``bid 2``, ``passed``,
    ``called``, ``robbed``), ``passed`` in a trick, ``won`` or ``lost`` at the end."""
    if seen.rules.teams == "landlord":
        return _side_status(seen, seat)
    order = seen.finished
    if seat in order:
        place = order.index(seat) + 1
        if place == 1:
            return "Winner"
        if seen.phase.is_over:
            return "Loser" if place == len(order) else ordinal(place)
        return f"out, {ordinal(place)}"
    return "passed" if seat in seen.passed else ""


#: A seat's status after its call or rob (D3.4).
_SAID = {"call": "called", "rob": "robbed"}


def _side_status(seen: Observation, seat: int) -> str:
    """:func:`_status` in a game with a landlord (D3, D8.1)."""
    if seen.phase.is_over:
        result = seen.results[-1]
        return "" if result.thrown_in else "won" if seat in result.winners else "lost"
    if seen.phase is Phase.AUCTION:
        said = [action.move for action in seen.history if action.seat == seat]
        if not said:
            return ""
        last = said[-1]
        return "passed" if isinstance(last, Pass) else str(last) if isinstance(last, Bid) else _SAID[str(last)]
    return "passed" if seat in seen.passed else ""


def _move_text(move: Move, rules: Rules) -> str:
    """A move in words: an auction move as it is typed (``bid 2``, ``call``, ``rob``),
    any other as :func:`~zhengshangyou.narrate.move_text` says it."""
    return str(move) if isinstance(move, (Bid, Call, Rob)) else move_text(move, rules)


def _view(table: _Table) -> dict[str, Any]:
    """Everything the page shows, from the person's observation only (and the names of
    the bots and of the presets, which are no game data)."""
    you = table.seat
    seen = table.game.observation(you)
    rules, top = seen.rules, seen.top
    names = [f"seat {seat} (you)" if seat == you else f"seat {seat}" for seat in range(rules.players)]
    exchange = seen.legal_moves if seen.phase is Phase.EXCHANGE else ()
    result = seen.results[-1] if seen.phase.is_over else None
    return {
        "seat": you,
        "phase": seen.phase.value,
        "hand_number": seen.hand_number,
        "your_turn": seen.to_act == you,
        "hand": [_card(card) for card in sort_cards(seen.hand, rules.suit_order)],  # (the game's suit order)
        "seats": [
            {
                "name": names[seat],
                "player": table.players[seat],
                "held": seen.counts[seat],  # the other hands: their sizes alone
                "status": _status(seen, seat),
                "role": "" if seen.landlord < 0 else "landlord" if seat == seen.landlord else "peasant",
                "to_act": seen.to_act == seat,
                "score": seen.scores[seat],
            }
            for seat in range(rules.players)
        ],
        "top": None
        if top is None
        else {
            "cards": [_card(card) for card in laid_out(top, rules)],  # a run from its low end
            "kind": top.kind.label,
            "by": names[seen.top_seat],
        },
        "leader": names[seen.to_act] if top is None and seen.phase is Phase.PLAY else None,
        "must_include": None if seen.must_include is None else _card(seen.must_include),
        "revolution": seen.revolution,
        "can_pass": any(isinstance(move, Pass) for move in seen.legal_moves),
        "exchange": [{"move": str(move), "text": _move_text(move, rules)} for move in exchange],
        "offered": [_card(card) for card in seen.offered],
        "auction": _auction(seen, names) if seen.phase is Phase.AUCTION else None,
        "teams": _teams(seen, names) if seen.landlord >= 0 else None,
        "redealt": _redealt(seen),
        "events": _events(seen, names),
        "result": None
        if result is None
        else {"lines": list(_result_lines(seen, names)), "match_over": seen.phase is Phase.MATCH_OVER},
        "rules": _rules_summary(rules),
        "game": attrs.asdict(rules.game_name),  # (the heading: "Big Two 鋤大D")
        "presets": list(Rules.preset_names()),
    }


#: The auction's buttons: a move's label.
_AUCTION_LABELS = {"call": "Call", "rob": "Rob", "pass": "Pass"}


def _auction(seen: Observation, names: Sequence[str]) -> dict[str, Any]:
    """The auction under way (D3) as ``seen`` knows it: its heading, the first bidder
    and the face-up card that named him (D2.3), every auction move so far, the high
    bid (under ``call_rob`` the base so far, 2 to the robs) and who holds it, said in
    words (``standing``), and the moves open to the seat when it is its turn."""
    rules, history = seen.rules, seen.history
    first = history[0].seat if history else seen.to_act
    holders = [action for action in history if isinstance(action.move, (Bid, Call, Rob))]
    holder = names[holders[-1].seat] if holders else None
    if rules.auction == "bid":
        title = "The auction: bid 1, 2 or 3 for the landlord's seat, or pass (D3.1)"
        high = max((action.move.value for action in history if isinstance(action.move, Bid)), default=0)
        standing = f"High bid: {high}, by {holder}" if holder else "No bid yet"
    else:
        title = "The auction: call for the landlord's seat, or rob it from the caller (D3.4)"
        robs = sum(isinstance(action.move, Rob) for action in history)
        high = 2**robs if holders else 0
        standing = (
            f"{holder} would be the landlord, at base {high} ({robs} rob{'' if robs == 1 else 's'})"
            if holder
            else "Nobody has called yet"
        )
    moves = seen.legal_moves if seen.to_act == seen.seat else ()
    return {
        "title": title,
        "first": names[first],
        "face_up": None if seen.trick_card is None else _card(seen.trick_card),
        "bids": [{"seat": names[action.seat], "move": str(action.move)} for action in history],
        "high": high,
        "high_by": holder,
        "standing": standing,
        "moves": [
            {"move": str(move), "text": _AUCTION_LABELS.get(str(move), str(move).capitalize())} for move in moves
        ],
    }


def _teams(seen: Observation, names: Sequence[str]) -> dict[str, Any]:
    """The sides once the landlord is known (D4.2): the landlord, the peasants, the base,
    the multiplier so far (D9.1), the kitty as the observation shows it (D4.1: empty
    when this seat may not see it) and its size."""
    landlord = seen.landlord
    return {
        "landlord": names[landlord],
        "peasants": [name for seat, name in enumerate(names) if seat != landlord],
        "base": seen.base,
        "multiplier": seen.multiplier,
        "kitty": [_card(card) for card in seen.kitty],
        "kitty_size": seen.rules.kitty,
    }


def _redealt(seen: Observation) -> str | None:
    """What the table says when the hand before this one was thrown in and the cards
    dealt again at once (D3.3, ``all_pass="redeal"``); None otherwise."""
    number = seen.hand_number
    if seen.rules.all_pass not in (None, "redeal") or seen.rules.auction == "none" or not number:
        return None
    if len(seen.results) < number or not seen.results[number - 1].thrown_in:
        return None
    return f"Hand {number} was thrown in: nobody bid, every score is 0, and the cards are dealt again at once (D3.3)"


def _events(seen: Observation, names: Sequence[str]) -> list[dict[str, Any]]:
    """The hand's public events for the page: :func:`~zhengshangyou.narrate.events`,
    or in a game with a landlord :func:`_side_events`."""
    told = _side_events(seen, names) if seen.rules.teams == "landlord" else events(seen, names)
    return [{"text": event.text, "kind": event.kind, "rule": event.rule} for event in told]


@attrs.frozen
class _Said:
    """An event of a game with a landlord (the narration's :class:`~zhengshangyou.narrate.Event`
    with the auction's kind, ``"bid"``)."""

    text: str
    kind: str
    rule: str | None = None


def _side_events(seen: Observation, names: Sequence[str]) -> list[_Said]:
    """The public events of a hand with a landlord: the deal (and a hand thrown in
    before it, D3.3), the first bidder (D2.3), the auction (D3), the landlord, the
    peasants and the kitty (D4), then the play as :func:`~zhengshangyou.narrate.events`
    tells it (the landlord's first lead, D7.1, and the end, D8.1, in this game's
    words) and the result (:func:`_side_lines`)."""
    rules, history = seen.rules, seen.history
    told: list[_Said] = []
    redealt = _redealt(seen)
    if redealt is not None:
        told.append(_Said(redealt, "deal", "D3.3"))
    told.append(_Said(f"Hand {seen.hand_number + 1}, dealt by {names[seen.dealer]}.", "deal"))
    split = next((index for index, action in enumerate(history) if isinstance(action.move, Play)), len(history))
    if rules.auction != "none":
        first = history[0].seat if history else seen.to_act
        if seen.trick_card is not None:
            card = cards_text((seen.trick_card,))
            told.append(_Said(f"face-up card: {card}, dealt to {names[first]}, who bids first (D2.3)", "deal", "D2.3"))
        else:
            told.append(_Said(f"{names[first]} bids first (D2.3)", "deal", "D2.3"))
    for index, action in enumerate(history[:split]):
        told.append(_auction_said(action.move, names[action.seat], rules, history[:index]))
    if seen.landlord >= 0:
        told.extend(_landlord_said(seen, names))
        told.extend(_play_said(seen, names, history[split:]))
    if seen.phase.is_over:
        told.append(_Said("The hand is over.", "score"))
        told.extend(_Said(line, "score") for line in _side_lines(seen, names))
    return told


def _landlord_said(seen: Observation, names: Sequence[str]) -> list[_Said]:
    """The landlord, the base and the peasants once the auction is over (D3.1, D3.4,
    D3.5), and the kitty he takes, its cards when ``seen`` shows them (D4.1)."""
    rules, landlord = seen.rules, seen.landlord
    rule = "D3.5" if rules.auction == "none" else "D3.1" if rules.auction == "bid" else "D3.4"
    how = ", as the rules name," if rules.auction == "none" else ""
    peasants = " and ".join(name for seat, name in enumerate(names) if seat != landlord)
    said = [
        _Said(f"{names[landlord]} is the landlord{how} at base {seen.base}; the peasants are {peasants} ({rule})",
              "deal", rule)
    ]
    if seen.kitty:
        said.append(_Said(f"{names[landlord]} takes the kitty: {cards_text(seen.kitty)} (D4.1)", "deal", "D4.1"))
    elif rules.kitty:
        said.append(_Said(f"{names[landlord]} takes the kitty of {rules.kitty} cards, unseen (D4.1)", "deal", "D4.1"))
    return said


def _play_said(seen: Observation, names: Sequence[str], plays: tuple[Action, ...]) -> list[_Said]:
    """The play of a hand with a landlord, ``plays``, as :func:`~zhengshangyou.narrate.events`
    tells it from the play's moves alone, with the landlord's first lead (D7.1), a trick
    won (D7.3) and the end (D8.1) in this game's words."""
    rules, landlord = seen.rules, seen.landlord
    method = rules.first_lead if seen.hand_number == 0 else rules.later_lead
    playing = attrs.evolve(seen, history=plays, trick_card=None, trick_seat=None, phase=Phase.PLAY)
    said: list[_Said] = []
    first_lead = True
    for event in events(playing, names):
        if event.kind in ("deal", "landlord"):  # (the deal, the first bidder, the landlord: said above)
            continue
        if event.kind == "lead" and first_lead and method == "landlord":
            said.append(_Said(f"the landlord, {names[landlord]}, leads (D7.1)", "lead", "D7.1"))
        elif event.kind == "out" and event.seat is not None:
            side = "the landlord wins" if event.seat == landlord else "the peasants win"
            said.append(_Said(f"{names[event.seat]} has played every card: {side} (D8.1)", "out", "D8.1"))
        elif event.rule == "R5.4":  # a trick won: Dou Dizhu's rule (D7.3)
            said.append(_Said(event.text.replace("(R5.4)", "(D7.3)"), event.kind, "D7.3"))
        else:
            said.append(_Said(event.text, event.kind, event.rule))
        first_lead = first_lead and event.kind != "lead"
    return said


def _auction_said(move: Move, name: str, rules: Rules, before: Sequence[Action]) -> _Said:
    """An auction move in words (D3.1, D3.4); ``before``, the auction's moves before it."""
    if isinstance(move, Bid):
        return _Said(f"{name} bids {move.value}", "bid", "D3.1")
    if rules.auction == "bid":
        return _Said(f"{name} passes", "pass", "D3.1")
    called = any(isinstance(action.move, Call) for action in before)
    if isinstance(move, Pass):
        return _Said(f"{name} does not {'rob' if called else 'call'}", "pass", "D3.4")
    verb = "calls for" if isinstance(move, Call) else "robs"
    return _Said(f"{name} {verb} the landlord's seat", "bid", "D3.4")


def _result_lines(seen: Observation, names: Sequence[str]) -> tuple[str, ...]:
    """How the last hand came out: :func:`~zhengshangyou.narrate.score_lines`, or in a
    game with a landlord :func:`_side_lines`."""
    if seen.rules.teams == "landlord":
        return _side_lines(seen, names)
    return score_lines(seen.results[-1], seen.rules, names)


def _side_lines(seen: Observation, names: Sequence[str]) -> tuple[str, ...]:
    """The end of a hand with a landlord (D8, D9), from the public moves: the hand thrown
    in (D3.3), or the side that won, a spring or an anti-spring (D9.2), how the stake
    came about under the rules' scoring, and each seat's score with its side."""
    rules, result = seen.rules, seen.results[-1]
    if result.thrown_in:
        return ("Nobody bid: the hand is thrown in, and every score is 0 (D3.3)",)
    landlord, winner = result.landlord, result.winner
    peasants = [seat for seat in range(rules.players) if seat != landlord]
    plays = [action.seat for action in seen.history if isinstance(action.move, Play)]
    if winner == landlord:
        lines = [f"The landlord, {names[landlord]}, wins: out first (D8.1)"]
        spring = not any(seat in peasants for seat in plays)
        if spring:
            lines.append("Spring: the peasants played no card (D9.2)")
    else:
        together = " and ".join(names[seat] for seat in peasants)
        lines = [f"The peasants, {together}, win: {names[winner]} went out first (D4.2, D8.1)"]
        spring = plays.count(landlord) == 1
        if spring:
            lines.append("Anti-spring: the landlord made one play only (D9.2)")
    lines.append(_stake_line(seen, won=winner == landlord, spring=spring))
    for seat in range(rules.players):
        side = "landlord" if seat == landlord else "peasant"
        lines.append(f"{names[seat]}, {side}: {result.scores[seat]:+d}")
    return tuple(lines)


def _stake_line(seen: Observation, *, won: bool, spring: bool) -> str:
    """How the scores of a hand with a landlord came about under the rules' scoring:
    the stake (D9.1, with the spring's factor, D9.2), 1 a winner (D9.3), DouZero's
    ``r`` (D9.4), or none; ``won``, whether the landlord won."""
    rules = seen.rules
    bombs = seen.multiplier.bit_length() - 1  # the multiplier is 2 to the bombs and rockets
    if rules.scoring == "multiplier":
        stake, why = seen.base, f"base {seen.base}"
        if bombs:
            plural = "s" if bombs > 1 else ""
            stake, why = stake * 2**bombs, f"{why} × {2**bombs} ({bombs} bomb{plural} or rocket{plural})"
        if spring:
            times = rules.spring_multiplier or 2
            stake, why = stake * times, f"{why} × {times} (the {'spring' if won else 'anti-spring'})"
        pays = "each peasant pays the landlord" if won else "the landlord pays each peasant"
        why = f"{why} = {stake}" if stake != seen.base else why
        return f"Stake: {why}; {pays} {stake} (D9.1)"
    if rules.scoring == "win_loss":
        return "Each winner scores 1, each loser 0 (D9.3)"
    if rules.scoring == "douzero":
        objective = rules.douzero_objective or "adp"
        r = 1 if objective == "wp" else 2**bombs if objective == "adp" else bombs + 1
        sign = "+" if won else "-"
        return f"The landlord scores {sign}{r}, each peasant the opposite ({objective}, {bombs} bombs and rockets) (D9.4)"
    return "No points are kept"


def _rules_summary(rules: Rules) -> dict[str, Any]:
    """The rules as the new-game form shows them: the nearest preset and the options that
    differ from it (JSON values)."""
    preset = rules.nearest_preset()
    theirs = Rules.preset(preset).to_dict()
    options = {option: value for option, value in rules.to_dict().items() if theirs[option] != value}
    return {"preset": preset, "options": options, "players": rules.players}


def _refusal(error: ValueError, status: int = 400) -> JSONResponse:
    """A refused request: the library's message, which ends with its rule id (added when
    it does not), and the id; for an ambiguous play, its readings to choose from."""
    message = str(error)
    rule = getattr(error, "rule", None)
    if rule is not None and rule not in message:
        message = f"{message} ({rule})"
    body: dict[str, Any] = {"error": message, "rule": rule}
    if isinstance(error, AmbiguousPlayError):
        readings = [play for play in error.readings if isinstance(play, Play)]
        body["choices"] = [
            {"label": play.kind.label, "move": f"{' '.join(map(str, play.cards))} as {play.kind.value}"}
            for play in readings
        ]
    return JSONResponse(body, status_code=status)


class _TooLarge(ZhengShangyouError):
    """A request body over its limit (HTTP 413)."""


async def _body(request: Request, limit: int = MAX_BODY) -> dict[str, Any]:
    """The request's JSON object (an empty one for no body), read only up to ``limit``
    bytes (refused, :class:`_TooLarge`, past it: by its declared length before any of
    it is read) and checked for depth before it is decoded."""
    declared = request.headers.get("content-length", "")
    if declared.isascii() and declared.isdigit() and int(declared) > limit:
        raise _TooLarge(f"the request body is {int(declared):,} bytes long, more than the {limit:,} read")
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise _TooLarge(f"the request body is more than the {limit:,} bytes read")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and json_depth(text) > MAX_JSON_DEPTH:
        raise ZhengShangyouError(f"the request body is nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        data = None if text is None else json.loads(text) if text else {}
    except (ValueError, RecursionError):  # the depth check leaves no recursion to fear; belt and braces
        data = None
    if not isinstance(data, dict):
        raise WrongTypeError("the request body must be a JSON object", argument="body")
    return data


def create_app(
    rules: Rules,
    *,
    seat: int = 0,
    bots: Sequence[str] = ("heuristic",),
    seed: int | None = None,
    think: float = THINK_SECONDS,
    record: str | os.PathLike[str] | None = None,
) -> Starlette:
    """The browser table's application: a game under ``rules`` with the person at
    ``seat`` and bots (names of :data:`~zhengshangyou.tournament.BOT_NAMES`, used in
    turn) at the others; ``seed`` fixes the first game's deals (each new game takes
    the next number), which are random when it is None.

    The bots of one request think for ``think`` seconds in all, then play
    :class:`~zhengshangyou.bots.GreedyBot`'s moves. With ``record``, a file name,
    the game's record (:class:`~zhengshangyou.record.Record`, the format of ``play
    --record``) is written to it now (an :class:`OSError` when it cannot be) and
    after every change; a new game started from the page takes its place.

    ``app.state.table.game`` is the server's game, the referee's view (for tests).

    >>> from starlette.testclient import TestClient
    >>> app = create_app(Rules.preset("winner", players=3), seat=1, bots=["greedy"], seed=5)
    >>> client = TestClient(app)
    >>> view = client.get("/api/view").json()
    >>> [seat["player"] for seat in view["seats"]], view["rules"]["preset"]
    (['greedy', 'you', 'greedy'], 'winner')
    >>> hint = client.post("/api/hint").json()["move"]
    >>> client.post("/api/move", json={"move": hint}).status_code
    200
    >>> client.post("/api/new", json={"preset": "winner", "options": {"players": 9}}).json()["error"]
    'players must be a whole number from 2 to 8, not 9 (R10)'
    >>> client.post("/api/move", json={"move": "3D " * 400}).status_code   # over MAX_BODY
    413
    """
    table = _Table(rules, seat, bots, seed, think=think, record=record)
    lock = anyio.Lock()
    waiting = 0

    async def at_table(change: Callable[[], Any]) -> JSONResponse:
        """``change()`` in a worker thread, one request at a time; its answer (the view
        after it when it answers None), or its refusal, which changes nothing."""
        nonlocal waiting
        if waiting >= MAX_WAITING:
            return JSONResponse(
                {"error": "the table is busy: try again in a moment", "rule": None},
                status_code=503,
                headers={"Retry-After": "1"},
            )
        waiting += 1
        try:
            await lock.acquire()
        finally:
            waiting -= 1
        try:
            answer = await run_in_threadpool(change)
        except ValueError as error:  # the library's errors, and a malformed move
            return _refusal(error)
        finally:
            lock.release()
        return JSONResponse(table.view if answer is None else answer)

    async def page(request: Request) -> FileResponse:
        return FileResponse(_PAGE / "index.html")

    async def view(request: Request) -> JSONResponse:
        return JSONResponse(table.view)

    async def move(request: Request) -> JSONResponse:
        try:
            text = (await _body(request)).get("move")
            if not isinstance(text, str):
                raise WrongTypeError('send the move as text: {"move": "..."}', argument="move")
        except _TooLarge as error:
            return _refusal(error, 413)
        except ValueError as error:
            return _refusal(error)
        return await at_table(lambda: table.move(text))

    async def hint(request: Request) -> JSONResponse:
        return await at_table(table.hint)

    async def next_hand(request: Request) -> JSONResponse:
        return await at_table(table.next_hand)

    async def new_game(request: Request) -> JSONResponse:
        try:
            data = await _body(request, MAX_NEW_BODY)
            options = data.get("options") or {}
            if not isinstance(options, dict):
                raise WrongTypeError("options must be a JSON object of rule options", argument="options")
            rules = Rules.preset(data.get("preset", Rules.preset_names()[0]), **options)
        except _TooLarge as error:
            return _refusal(error, 413)
        except ValueError as error:
            return _refusal(error)
        return await at_table(lambda: table.start(rules, bounded=True))

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/view", view),
            Route("/api/move", move, methods=["POST"]),
            Route("/api/hint", hint, methods=["POST"]),
            Route("/api/next", next_hand, methods=["POST"]),
            Route("/api/new", new_game, methods=["POST"]),
            Mount("/static", StaticFiles(directory=_PAGE), name="static"),
        ]
    )
    app.state.table = table
    return app


def _listening(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` and listening, or an :class:`OSError`."""
    family, kind, protocol, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    listener = socket.socket(family, kind, protocol)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        listener.bind(address)
        listener.listen(128)
    except OSError:
        listener.close()
        raise
    return listener


def _url(listener: socket.socket) -> str:
    """The address a browser on this machine opens for ``listener``: a wildcard
    address (``0.0.0.0``, ``::``) is reached through the loopback one."""
    host, port = listener.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = "127.0.0.1" if host == "0.0.0.0" else "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(
    rules: Rules,
    *,
    seat: int = 0,
    bots: Sequence[str] = ("heuristic",),
    seed: int | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    record: str | os.PathLike[str] | None = None,
    open_browser: bool = False,
    announce: Callable[[str], object] | None = None,
) -> None:
    """Serve the browser table (:func:`create_app`) at ``http://host:port/`` with
    uvicorn until interrupted (Ctrl+C); uvicorn says only warnings and errors.

    Everything is checked before the table is announced: the arguments, the
    ``record`` file (written at once) and the address, which is bound then (port
    0 takes a free one). Then ``announce(url)`` is called with the address to open
    (the caller tells the person), and with ``open_browser`` the system's browser
    opens it (:mod:`webbrowser`).

    >>> serve(Rules(players=3), seat=5)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidSetupError: seat must be 0..2, not 5 (R2.1)
    >>> serve(Rules(), record="/nonexistent/game.json")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.ZhengShangyouError: cannot write /nonexistent/game.json: No such file or directory
    """
    try:
        app = create_app(rules, seat=seat, bots=bots, seed=seed, record=record)
    except OSError as error:
        raise ZhengShangyouError(f"cannot write {record}: {error.strerror or error}") from None
    try:
        listener = _listening(host, port)
    except OSError as error:
        raise ZhengShangyouError(f"cannot serve on {host}:{port}: {error.strerror or error}") from None
    with contextlib.closing(listener):
        url = _url(listener)
        if announce is not None:
            announce(url)
        if open_browser:
            webbrowser.open(url)
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])
