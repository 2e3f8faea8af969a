"""The browser table's server (:mod:`zhengshangyou.web`) through its HTTP API, with
starlette's test client; ``test_web_browser.py`` drives the page in a real browser.

Every response of these tests is checked for hidden cards (:func:`leaked`): no
card that another seat holds at that moment, unknown to the person, may appear
in it.
"""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from zhengshangyou import Card, Game, Kind, NotationError, Play, Rules, ZhengShangyouError
from zhengshangyou.actions import Give, Move, Offer, Return, Take
from zhengshangyou.bots import Bot, GreedyBot
from zhengshangyou.narrate import score_lines, typed_form
from zhengshangyou.web import create_app, serve

#: A card in the notation or with a suit symbol (``10H``, ``10♥``, ``BJ``), as a whole word.
CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(?:(?:10|[2-9JQKA])[DCHS♦♣♥♠]|BJ|RJ)(?![0-9A-Za-z])")


def move_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move shows."""
    if isinstance(move, (Play, Offer)):
        return move.cards
    if isinstance(move, (Give, Take, Return)):
        return (move.card,)
    return ()


def hidden_cards(game: Game, seat: int) -> set[Card]:
    """The cards the other seats hold now, and the kitty of a game with a landlord
    (D4.1: in no hand before the auction ends), that ``seat`` may not know of: not
    its own (with two decks a card may be in two hands), not shown by its
    observation (the moves it saw, an exchange's offer and transfers, the face-up
    trick card, the kitty where the rules show it), not the rules' start card where
    it names the leader (R2.4, R2.6)."""
    seen = game.observation(seat)
    public = {*seen.hand, *seen.offered, *seen.kitty}
    if "start_card" in (game.rules.first_lead, game.rules.later_lead):
        public.add(game.rules.start_card)
    public.update(card for action in (*seen.history, *seen.exchanged) for card in move_cards(action.move))
    if seen.trick_card is not None:
        public.add(seen.trick_card)
    held = {card for other, hand in enumerate(game.hands) if other != seat for card in hand}
    held.update(game.state.deal.kitty)
    return held - public


def notation_help() -> str:
    """The fixed help of the library's refusal of text that is not a card, which shows
    example cards (``as 3D, 10H, QS, or BJ, RJ``), whoever holds them."""
    with pytest.raises(NotationError) as refusal:
        Card.parse("?")
    return str(refusal.value).partition("is not a card:")[2]


NOTATION_HELP = notation_help()


def leaked(text: str, hidden: set[Card], named: str = "") -> set[Card]:
    """The hidden cards that ``text`` shows, but those the request itself ``named``
    (a refusal may repeat what the person typed) and the notation's fixed examples."""
    shown = {Card.parse(token) for token in CARD_TOKEN.findall(text.replace(NOTATION_HELP, ""))}
    return shown & hidden - {Card.parse(token) for token in CARD_TOKEN.findall(named)}


class Table:
    """A test client of the browser table that checks every response for hidden cards."""

    def __init__(self, rules: Rules, **options: Any) -> None:
        self.app = create_app(rules, **options)
        self.client = TestClient(self.app)
        self.responses = 0

    @property
    def game(self) -> Game:
        game: Game = self.app.state.table.game
        return game

    @property
    def seat(self) -> int:
        seat: int = self.app.state.table.seat
        return seat

    def call(self, path: str, body: dict[str, Any] | None = None, status: int = 200) -> Any:
        if body is None and path == "/api/view":
            response = self.client.get(path)
        else:
            response = self.client.post(path, json=body)
        assert leaked(response.text, hidden_cards(self.game, self.seat), named=str(body)) == set()
        self.responses += 1
        assert response.status_code == status, response.text
        return response.json()

    def move(self, text: str, status: int = 200) -> Any:
        return self.call("/api/move", {"move": text}, status)

    def play_hand(self, bot: Bot | None = None) -> Any:
        """The person plays ``bot``'s choices (the hints when None) to the end of the hand."""
        view = self.call("/api/view")
        while view["result"] is None:
            if bot is None:
                view = self.move(self.call("/api/hint")["move"])
            else:
                view = self.move(typed_form(bot.choose(self.game.observation(self.seat)), self.game.rules))
        return view


def test_R6_1_a_whole_hand_is_played_through_the_api_to_the_score() -> None:
    table = Table(Rules(), seed=0)  # two bots go out before the person
    view = table.call("/api/view")
    assert view["your_turn"]
    assert [seat["player"] for seat in view["seats"]] == ["you", "heuristic", "heuristic", "heuristic"]
    assert len(view["hand"]) == view["seats"][0]["held"] == len(table.game.hands[0])
    assert [card["code"] for card in view["hand"]] == [str(card) for card in sorted(table.game.hands[0])]
    statuses: set[str] = set()
    while view["result"] is None:
        statuses.update(seat["status"] for seat in view["seats"])
        view = table.move(table.call("/api/hint")["move"])
    assert table.game.is_hand_over
    result = table.game.state.result
    assert result is not None
    names = [seat["name"] for seat in view["seats"]]
    assert view["result"]["lines"] == list(score_lines(result, table.game.rules, names))
    assert [event["text"] for event in view["events"][-5:]] == view["result"]["lines"]
    assert [seat["score"] for seat in view["seats"]] == list(table.game.scores)
    assert [seat["status"] for seat in view["seats"]].count("Winner") == 1
    assert {"Winner", "Loser", "2nd", "3rd"} == {seat["status"] for seat in view["seats"]}
    assert {"Winner", "out, 2nd", "passed"} <= statuses  # as the hand went on
    assert not view["your_turn"]
    assert table.call("/api/hint", status=400)["rule"] == "R5.2"
    view = table.call("/api/next")
    assert view["hand_number"] == 1
    assert view["result"] is None
    assert table.responses > 20


def test_R5_1_R3_7_an_illegal_move_answers_with_its_message_and_rule_id_once() -> None:
    rules = Rules()
    seed = next(seed for seed in range(100) if Game(rules, seed=seed).to_act == 0)
    table = Table(rules, seed=seed)  # the person leads: the bots have not moved
    before = table.game.state
    refused = table.move("pass", status=400)
    assert refused == {"error": "the leader may not pass (R5.1)", "rule": "R5.1"}
    low, high = table.call("/api/view")["hand"][0]["code"], table.call("/api/view")["hand"][-1]["code"]
    refused = table.move(f"{low} {high}", status=400)
    assert refused["rule"].startswith("R3")
    assert refused["error"].count(refused["rule"]) == 1
    assert refused["error"].endswith(f"({refused['rule']})")
    assert table.game.state is before  # a refused move changes nothing
    assert table.move("3X", status=400)["rule"] == "R1.4"
    assert table.move("offer 3D", status=400)["rule"] == "R8.2"
    assert table.call("/api/next", status=400)["rule"] == "R6.1"  # the hand is not over


def test_a_malformed_request_is_refused_with_400() -> None:
    table = Table(Rules(), seed=1)
    for body in ("not json", "[1, 2]"):
        response = table.client.post("/api/move", content=body)
        assert response.status_code == 400
        assert response.json()["error"] == "the request body must be a JSON object"
    assert table.call("/api/move", {"move": 3}, status=400)["error"].startswith("send the move as")


def ambiguous_lead(rules: Rules) -> tuple[int, int, Play]:
    """A seed, the leader's seat and a three-card straight flush it may lead."""
    for seed in range(200):
        game = Game(rules, seed=seed)
        for move in game.observation(game.to_act).legal_moves:
            if isinstance(move, Play) and move.kind is Kind.STRAIGHT_FLUSH and len(move) == 3:
                return seed, game.to_act, move
    raise AssertionError("no seed gives a three-card straight flush to lead")


def test_R3_16_an_ambiguous_play_gets_its_readings_and_the_declared_one_is_played() -> None:
    rules = Rules(straight_flush="distinct", min_straight=3)
    seed, leader, flush = ambiguous_lead(rules)
    table = Table(rules, seat=leader, seed=seed)
    cards = " ".join(map(str, flush.cards))
    refused = table.move(cards, status=400)
    assert refused["rule"] == "R3.16"
    assert refused["error"].count("R3.16") == 1
    assert refused["choices"] == [
        {"label": "straight", "move": f"{cards} as straight"},
        {"label": "straight flush", "move": f"{cards} as straight_flush"},
    ]
    view = table.move(refused["choices"][1]["move"])
    mine = [action.move for action in table.game.state.log if action.seat == leader]
    assert mine[0] == flush
    assert f"seat {leader} (you) plays" in view["events"][3]["text"]
    assert view["events"][3]["text"].endswith("(straight flush)")
    # The hint's text is what the person would type: declared when it must be.
    for play in (flush, Play.parse(cards, rules, kind=Kind.STRAIGHT)):
        typed = typed_form(play, rules)
        assert typed.endswith(f" as {play.kind.value}")
        assert Play.parse(typed, rules) == play


def exchange_table(role: str) -> Table:
    """A two-player table whose first hand the person finished as ``role``."""
    rules = Rules(players=2, exchange="highest_for_one_of_two")
    for seed in range(20):
        table = Table(rules, seed=seed, bots=["greedy"])  # quick with two hands of 27 cards
        view = table.play_hand(GreedyBot())
        if view["seats"][0]["status"] == role:
            return table
    raise AssertionError(f"no seed makes the person the {role}")


@pytest.mark.parametrize("role", ["Loser", "Winner"])
def test_R8_2_the_exchange_is_made_through_the_api(role: str) -> None:
    table = exchange_table(role)
    view = table.call("/api/next")
    assert view["phase"] == "exchange"
    verbs = []
    while view["phase"] == "exchange":
        assert view["your_turn"]
        legal = [str(move) for move in table.game.legal_moves()]
        assert [choice["move"] for choice in view["exchange"]] == legal
        verbs.append(legal[0].split()[0])
        if verbs[-1] == "take":
            assert len(view["offered"]) == 2  # the Loser sees the offer (R8.2)
        view = table.move(legal[0])
    assert verbs == (["give", "take"] if role == "Loser" else ["offer"])
    assert view["phase"] == "play"
    assert view["exchange"] == []
    told = [event["text"] for event in view["events"] if event["kind"] == "exchange"]
    assert len(told) == 3
    assert "(Loser) gives the highest card" in told[0]
    assert len(table.game.state.exchanged) == 2


def test_R10_a_new_game_with_bad_options_is_refused_with_400() -> None:
    table = Table(Rules(), seat=3, seed=4)
    before = table.game.state
    refused = table.call("/api/new", {"preset": "winner", "options": {"players": 9}}, status=400)
    assert refused == {"error": "players must be a whole number from 2 to 8, not 9 (R10)", "rule": "R10"}
    assert table.call("/api/new", {"preset": "big-two"}, status=400)["error"].startswith("unknown preset")
    assert table.call("/api/new", {"options": {"jokerz": True}}, status=400)["rule"] == "R10"
    assert table.call("/api/new", {"options": [1]}, status=400)["error"].startswith("options must be")
    refused = table.call("/api/new", {"preset": "winner", "options": {"players": 3}}, status=400)
    assert refused == {"error": "seat must be 0..2, not 3 (R2.1)", "rule": "R2.1"}  # the person's seat
    assert table.game.state is before
    view = table.call("/api/new", {"preset": "winner", "options": {"players": 5, "min_straight": 4}})
    assert view["rules"] == {"preset": "winner", "options": {"players": 5, "min_straight": 4}, "players": 5}
    assert len(view["seats"]) == 5
    assert table.game.rules == Rules.preset("winner", players=5, min_straight=4)
    assert table.call("/api/new", {})["rules"]["preset"] == "zhengshangyou"


def test_each_new_game_of_a_seeded_table_is_the_next_seed() -> None:
    table = Table(Rules(), seed=7, bots=["random", "greedy"])
    assert [seat["player"] for seat in table.call("/api/view")["seats"]] == ["you", "random", "greedy", "random"]
    assert table.game.state.seed == 7
    table.call("/api/new", {})
    assert table.game.state.seed == 8
    unseeded = Table(Rules())
    unseeded.call("/api/new", {})
    assert "seed" not in unseeded.client.get("/api/view").text


def test_the_table_refuses_bad_setups() -> None:
    with pytest.raises(ZhengShangyouError, match="unknown bot 'clever'"):
        create_app(Rules(), bots=["clever"])
    with pytest.raises(ZhengShangyouError, match="at least one bot"):
        create_app(Rules(), bots=[])
    with pytest.raises(ZhengShangyouError, match=r"seat must be 0\.\.3, not 4 \(R2\.1\)"):
        create_app(Rules(), seat=4)


def test_serve_runs_the_table_with_uvicorn(monkeypatch: pytest.MonkeyPatch) -> None:
    served: list[tuple[Any, Any]] = []

    def run(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        served.append((server.config.app, sockets[0].getsockname()))

    monkeypatch.setattr(uvicorn.Server, "run", run)
    announced: list[str] = []
    serve(Rules(players=3), seat=2, bots=["greedy"], seed=1, host="127.0.0.1", port=0, announce=announced.append)
    [(app, (host, port))] = served
    assert host == "127.0.0.1"
    assert announced == [f"http://127.0.0.1:{port}/"]
    assert app.state.table.seat == 2
    assert app.state.table.players == ["greedy", "greedy", "you"]
    serve(Rules(), port=0)  # nobody told: the caller prints nothing
    assert len(served) == 2


def test_the_page_is_static_and_holds_no_cards() -> None:
    client = TestClient(create_app(Rules(), seed=1))
    page = client.get("/")
    assert page.status_code == 200
    assert '<script src="/static/table.js"' in page.text
    for name in ("table.js", "table.css"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200
        assert CARD_TOKEN.findall(response.text) == []
    assert CARD_TOKEN.findall(page.text) == []


def test_the_leak_check_sees_another_seats_card_in_either_notation() -> None:
    game = Game(Rules(), seed=1)
    other = sorted(game.hands[1])[0]
    hidden = hidden_cards(game, 0)
    assert other in hidden
    assert hidden.isdisjoint(game.hands[0])
    assert leaked(f'{{"text": "plays {other.unicode()}"}}', hidden) == {other}
    assert leaked(f"[{other}]", hidden) == {other}
    assert leaked(f"[{other}]", hidden, named=str(other)) == set()
    assert leaked("R5.6 rules 2nd x10H", hidden) == set()
    assert leaked(f"'?' is not a card:{NOTATION_HELP}", set(game.rules.deck())) == set()


def test_D4_1_the_leak_check_sees_the_kitty_until_it_is_shown() -> None:
    for preset, shown in (("doudizhu", True), ("openspiel", False)):
        game = Game(Rules.preset(preset), seed=1)
        kitty = set(game.state.deal.kitty)
        assert len(kitty) == 3
        assert all(kitty <= hidden_cards(game, seat) for seat in range(3))  # in no hand: hidden from all
        game.play("bid 3")
        landlord = game.state.landlord
        assert kitty.isdisjoint(hidden_cards(game, landlord))  # his own cards now
        peasant = (landlord + 1) % 3
        assert kitty.isdisjoint(hidden_cards(game, peasant)) == shown  # kitty_public (D4.1)
        assert leaked(" ".join(map(str, kitty)), hidden_cards(game, peasant)) == (set() if shown else kitty)


def test_importing_the_package_does_not_import_the_web_table() -> None:
    script = "import sys, zhengshangyou; print('starlette' in sys.modules, 'zhengshangyou.web' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
