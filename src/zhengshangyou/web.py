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
  ``_view``: the other seats' hands show only as counts, and the seed never
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

A refusal is HTTP 400 with ``{"error": message, "rule": rule id}`` (and
``"choices"`` for an ambiguous play).

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
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from zhengshangyou.actions import Pass
from zhengshangyou.bots import Bot, HeuristicBot
from zhengshangyou.cards import Card
from zhengshangyou.errors import AmbiguousPlayError, InvalidSetupError, WrongTypeError, check_int
from zhengshangyou.game import Game, Observation, Phase
from zhengshangyou.narrate import events, move_text, ordinal, score_lines, typed_form
from zhengshangyou.plays import Play, laid_out
from zhengshangyou.rules import Rules, check_rules
from zhengshangyou.tournament import bot_from_name, check_bot_name

__all__ = ["create_app", "serve"]

#: The page's files: static, with no game data in them.
_PAGE = Path(__file__).with_name("webtable")


class _Table:
    """The server's side of the table: the game, the person's seat and the bots."""

    def __init__(self, rules: Rules, seat: int, bots: Sequence[str], seed: int | None) -> None:
        self.bot_names = tuple(check_bot_name(name) for name in bots)
        if not self.bot_names:
            raise InvalidSetupError("name at least one bot to play the other seats (R2.1)", rule="R2.1")
        self.seat = check_int(seat, "seat", rule="R2.1")
        self.seed = seed  # the first game's; never shown
        self.games = 0
        self.start(check_rules(rules))

    def start(self, rules: Rules) -> None:
        """A new game under ``rules``, played by the bots up to the person's turn."""
        if not 0 <= self.seat < rules.players:
            raise InvalidSetupError(
                f"seat must be 0..{rules.players - 1}, not {self.seat} (R2.1)", rule="R2.1"
            )
        seed = None if self.seed is None else (self.seed + self.games) % 2**64
        self.game = Game(rules, seed=seed)
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

    def run_bots(self) -> None:
        """Let the bots move, each from its own observation, until it is the person's
        turn or the hand is over."""
        game = self.game
        while not game.is_hand_over and game.to_act != self.seat:
            seat = game.to_act
            game.play(self.bots[seat].choose(game.observation(seat)), seat=seat)

    def move(self, text: str) -> None:
        """The person's move, read and checked by the game (all or nothing), then the bots'."""
        self.game.play(text, seat=self.seat)
        self.run_bots()

    def next_hand(self) -> None:
        """Deal the next hand (refused unless the hand is over, R6.1, R7.4)."""
        self.game.next_hand()
        self.run_bots()


def _card(card: Card) -> dict[str, Any]:
    """A card for the page: its code (what a move is typed with), rank, suit symbol, colour."""
    return {
        "code": str(card),
        "rank": card.rank.symbol,
        "suit": card.suit.symbol if card.suit is not None else "",
        "red": card.is_red,
    }


def _status(seen: Observation, seat: int) -> str:
    """A seat's place in the hand: Winner, out (2nd, 3rd...), Loser at the end; passed."""
    order = seen.finished
    if seat in order:
        place = order.index(seat) + 1
        if place == 1:
            return "Winner"
        if seen.phase.is_over:
            return "Loser" if place == len(order) else ordinal(place)
        return f"out, {ordinal(place)}"
    return "passed" if seat in seen.passed else ""


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
        "hand": [_card(card) for card in sorted(seen.hand)],
        "seats": [
            {
                "name": names[seat],
                "player": table.players[seat],
                "held": seen.counts[seat],  # the other hands: their sizes alone
                "status": _status(seen, seat),
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
        "exchange": [{"move": str(move), "text": move_text(move, rules)} for move in exchange],
        "offered": [_card(card) for card in seen.offered],
        "events": [{"text": event.text, "kind": event.kind, "rule": event.rule} for event in events(seen, names)],
        "result": None
        if result is None
        else {"lines": list(score_lines(result, rules, names)), "match_over": seen.phase is Phase.MATCH_OVER},
        "rules": _rules_summary(rules),
        "presets": list(Rules.preset_names()),
    }


def _rules_summary(rules: Rules) -> dict[str, Any]:
    """The rules as the new-game form shows them: the nearest preset and the options that
    differ from it (JSON values)."""
    mine = rules.to_dict()

    def changes(name: str) -> dict[str, Any]:
        preset = Rules.preset(name).to_dict()
        return {option: value for option, value in mine.items() if preset[option] != value}

    preset = min(Rules.preset_names(), key=lambda name: len(changes(name)))
    return {"preset": preset, "options": changes(preset), "players": rules.players}


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


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty one for no body)."""
    raw = await request.body()
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        data = None
    if not isinstance(data, dict):
        raise WrongTypeError("the request body must be a JSON object", argument="body")
    return data


def create_app(
    rules: Rules, *, seat: int = 0, bots: Sequence[str] = ("heuristic",), seed: int | None = None
) -> Starlette:
    """The browser table's application: a game under ``rules`` with the person at
    ``seat`` and bots (names of :data:`~zhengshangyou.tournament.BOT_NAMES`, used in
    turn) at the others; ``seed`` fixes the first game's deals (each new game takes
    the next number), which are random when it is None.

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
    """
    table = _Table(rules, seat, bots, seed)

    def answer(change: Callable[..., None] | None = None, *args: Any) -> JSONResponse:
        """The view after ``change(*args)``; or its refusal, which changes nothing."""
        try:
            if change is not None:
                change(*args)
        except ValueError as error:  # the library's errors, and a malformed move
            return _refusal(error)
        return JSONResponse(_view(table))

    async def page(request: Request) -> FileResponse:
        return FileResponse(_PAGE / "index.html")

    async def view(request: Request) -> JSONResponse:
        return answer()

    async def move(request: Request) -> JSONResponse:
        try:
            text = (await _body(request)).get("move")
            if not isinstance(text, str):
                raise WrongTypeError('send the move as text: {"move": "..."}', argument="move")
        except ValueError as error:
            return _refusal(error)
        return answer(table.move, text)

    async def hint(request: Request) -> JSONResponse:
        seen = table.game.observation(table.seat)
        if seen.to_act != table.seat:
            return _refusal(InvalidSetupError("no hint: it is not your turn (R5.2)", rule="R5.2"))
        choice = HeuristicBot().choose(seen)
        return JSONResponse({"move": typed_form(choice, seen.rules), "text": move_text(choice, seen.rules)})

    async def next_hand(request: Request) -> JSONResponse:
        return answer(table.next_hand)

    async def new_game(request: Request) -> JSONResponse:
        try:
            data = await _body(request)
            options = data.get("options") or {}
            if not isinstance(options, dict):
                raise WrongTypeError("options must be a JSON object of rule options", argument="options")
            rules = Rules.preset(data.get("preset", Rules.preset_names()[0]), **options)
        except ValueError as error:
            return _refusal(error)
        return answer(table.start, rules)

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


def serve(
    rules: Rules,
    *,
    seat: int = 0,
    bots: Sequence[str] = ("heuristic",),
    seed: int | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
) -> None:
    """Serve the browser table (:func:`create_app`) at ``http://host:port/`` with
    uvicorn until interrupted (Ctrl+C); uvicorn says only warnings and errors (the
    caller tells the person the address). The arguments are checked before the
    server starts:

    >>> serve(Rules(players=3), seat=5)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidSetupError: seat must be 0..2, not 5 (R2.1)
    """
    app = create_app(rules, seat=seat, bots=bots, seed=seed)
    uvicorn.run(app, host=host, port=port, log_level="warning")
