"""``zhengshangyou serve`` (issue 34, item 3): the address is bound before it is
announced (a busy port is refused with status 2), ``--open`` opens a browser,
``--record FILE`` keeps the game's record. No test opens a real browser or serves
for real: uvicorn's ``Server.run`` and ``webbrowser.open`` are stood in for.
"""

from __future__ import annotations

import io
import socket
import webbrowser
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient

from zhengshangyou import Rules
from zhengshangyou.cli import main
from zhengshangyou.record import Record
from zhengshangyou.web import MAX_LEADS, _url, create_app


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


class Stand:
    """What the stand-ins saw: the apps served with their bound addresses, the
    addresses opened in a browser."""

    def __init__(self) -> None:
        self.served: list[tuple[Any, tuple[str, int]]] = []
        self.opened: list[str] = []


@pytest.fixture
def stand(monkeypatch: pytest.MonkeyPatch) -> Stand:
    seen = Stand()

    def serve(server: uvicorn.Server, sockets: list[socket.socket]) -> None:
        seen.served.append((server.config.app, sockets[0].getsockname()[:2]))

    monkeypatch.setattr(uvicorn.Server, "run", serve)
    monkeypatch.setattr(webbrowser, "open", lambda url, *args, **options: seen.opened.append(url))
    return seen


def test_issue34_item3_serve_on_a_busy_port_is_refused_before_it_is_announced() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        status, out, err = run(["serve", "--port", str(port)])
    assert (status, out) == (2, "")
    assert err == f"zhengshangyou serve: error: cannot serve on 127.0.0.1:{port}: Address already in use\n"


def test_issue34_item3_serve_announces_the_bound_address_and_opens_it_with_open(stand: Stand) -> None:
    status, out, err = run(["serve", "--port", "0", "--open", "--seed", "3"])
    [(app, (_, port))] = stand.served
    opened = stand.opened
    assert (status, err) == (0, "")
    assert out == f"Serving the table on http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
    assert opened == [f"http://127.0.0.1:{port}/"]
    assert app.state.table.game.state.seed == 3
    status, out, _ = run(["serve", "--port", "0", "--host", "0.0.0.0"])  # a wildcard: opened on the loopback
    assert status == 0
    assert out.startswith("Serving the table on http://127.0.0.1:")
    assert opened == [f"http://127.0.0.1:{port}/"]  # no --open: nothing opened


def test_issue34_item3_serve_keeps_the_record_with_record(stand: Stand, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, _, err = run(["serve", "--port", "0", "--record", str(path), "--seed", "5", "--bots", "greedy"])
    assert (status, err) == (0, "")
    [(app, _)] = stand.served
    client = TestClient(app)
    client.post("/api/move", json={"move": client.post("/api/hint").json()["move"]})
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert record == Record.from_game(app.state.table.game)
    assert any(action.seat == 0 for action in record.hands[0].actions)
    status, out, err = run(["serve", "--port", "0", "--record", str(tmp_path / "missing" / "game.json")])
    assert (status, out) == (2, "")
    assert "cannot write" in err
    assert "No such file or directory" in err


def test_the_address_of_an_ipv6_listener_is_bracketed() -> None:
    class Listener:
        def __init__(self, host: str) -> None:
            self.host = host

        def getsockname(self) -> tuple[str, int, int, int]:
            return self.host, 8000, 0, 0

    assert _url(Listener("::")) == "http://[::1]:8000/"  # type: ignore[arg-type]
    assert _url(Listener("::1")) == "http://[::1]:8000/"  # type: ignore[arg-type]


def test_issue35_item1_a_new_game_too_costly_for_the_bots_is_refused() -> None:
    client = TestClient(create_app(Rules(), seed=1, bots=["greedy"]))
    before = client.get("/api/view").json()
    costly = {
        "preset": "two-deck",
        "options": {"players": 2, "min_straight": 3, "airplane_wings": "singles_or_pairs", "triple_with_single": True},
    }
    refused = client.post("/api/new", json=costly)
    assert refused.status_code == 400
    assert refused.json()["error"].startswith(f"these rules give a hand more than {MAX_LEADS:,} plays to choose from")
    assert client.get("/api/view").json() == before
    assert client.post("/api/new", json={"preset": "two-deck", "options": {"players": 2}}).status_code == 200
