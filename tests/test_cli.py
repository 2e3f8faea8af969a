"""The command line: play through a whole game, simulate, referee, rules (issue: CLI)."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from zhengshangyou import Game, Rules, cli
from zhengshangyou.cli import main
from zhengshangyou.record import Record


class HintFollower(io.StringIO):
    """Standard input typed by a player who first makes an illegal entry, then asks
    for a hint before every move and types the hinted move."""

    def __init__(self, screen: io.StringIO) -> None:
        super().__init__()
        self.screen = screen
        self.illegal_sent = False
        self.asked = False
        self.lines_sent = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.lines_sent += 1
        if self.lines_sent > 2000:
            return ""
        if not self.illegal_sent:
            self.illegal_sent = True
            return "3X\n"
        if self.asked:
            self.asked = False
            hints = re.findall(r"hint: (.*)$", self.screen.getvalue(), re.MULTILINE)
            return str(hints[-1]) + "\n"
        self.asked = True
        return "?\n"


def test_play_whole_game_with_illegal_entry_and_hints() -> None:
    screen = io.StringIO()
    code = main(["play", "--seed", "4", "--players", "3"], stdin=HintFollower(screen), stdout=screen)
    text = screen.getvalue()
    assert code == 0
    assert "Not allowed: '3X' is not a card" in text
    assert "rule R1.4" in text
    assert "hint: " in text
    assert "The hand is over. Finishing order:" in text
    assert "Scores this hand:" in text
    assert "End of input" not in text


class Typed(io.StringIO):
    """Standard input typed line by line; ``line`` may read the screen so far."""

    def __init__(self, screen: io.StringIO, *lines: str | Callable[[str], str]) -> None:
        super().__init__()
        self.screen = screen
        self.lines = list(lines)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        return (line if isinstance(line, str) else line(self.screen.getvalue())) + "\n"


def lowest_card(screen: str) -> str:
    """The first (lowest) card of the last hand shown."""
    return str(re.findall(r"your hand: (\S+)", screen)[-1])


def test_R4_2_play_explains_a_single_that_does_not_beat_and_asks_again() -> None:
    screen = io.StringIO()
    code = main(["play", "--seed", "0"], stdin=Typed(screen, lowest_card, "quit"), stdout=screen)
    assert code == 0
    text = screen.getvalue()
    assert "  to beat: 8C (single) by seat 3 (HeuristicBot)\n  your hand: 4S " in text
    assert text.endswith(
        "your move> Not allowed: 4S is not higher than 8C (R4.2)\n"
        "  (rule R4.2; type ? for a hint)\n"
        "your move> "
    )


def test_play_asks_again_after_a_blank_line_and_stops_at_the_end_of_input() -> None:
    screen = io.StringIO()
    assert main(["play", "--seed", "0"], stdin=Typed(screen, "", "  "), stdout=screen) == 0
    text = screen.getvalue()
    assert text.count("your move> ") == 3
    assert text.endswith("your move> \nEnd of input: stopping.\n")


def test_play_reports_any_refusal_of_the_library_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    parse_move = Game.parse_move

    def odd(self: Game, move: Any) -> Any:
        if isinstance(move, str):  # what the person types; the bots' moves go through
            raise ValueError("an odd refusal")
        return parse_move(self, move)

    monkeypatch.setattr(Game, "parse_move", odd)
    screen = io.StringIO()
    assert main(["play", "--seed", "0"], stdin=Typed(screen, "4S", "quit"), stdout=screen) == 0
    assert screen.getvalue().endswith("your move> Not allowed: an odd refusal\nyour move> ")


def test_R4_8_play_shows_a_revolution() -> None:
    screen = io.StringIO()
    argv = ["play", "--seed", "18", "--players", "3", "--revolution", "true", "--four-of-a-kind", "plain"]
    assert main(argv, stdin=HintFollower(screen), stdout=screen) == 0
    text = screen.getvalue()
    four = re.search(r"^seat \d \(HeuristicBot\): (\S+ ){4}\(four of a kind\)$|^(?:your move> )*you: (\S+ ){4}\(four", text, re.MULTILINE)
    assert four is not None
    assert "  revolution: the rank order is flipped" in text[four.end():]
    assert "  revolution: the rank order is flipped" not in text[: four.start()]


class Terminal(io.StringIO):
    """A colour terminal that shows UTF-8."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("no_color", [False, True])
def test_R1_4_play_shows_suit_symbols_and_red_suits_in_a_colour_terminal(
    monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    screen = Terminal()
    assert main(["play", "--seed", "0"], stdin=Typed(screen, "quit"), stdout=screen) == 0
    text = screen.getvalue()
    hand = re.findall(r"your hand: (.*)$", text, re.MULTILINE)[-1]
    assert "♠" in hand
    red = "\033[31m8♣\033[0m" in text or "\033[31m" in hand
    assert red is not no_color
    assert "8♣ (single)" in text


def test_play_in_a_real_terminal() -> None:
    """Drive ``python -m zhengshangyou play`` through a pseudo-terminal to the end."""
    controller, worker = pty.openpty()
    env = dict(os.environ, PYTHONIOENCODING="utf-8", TERM="xterm", COLUMNS="120")
    process = subprocess.Popen(
        [sys.executable, "-m", "zhengshangyou", "play", "--seed", "7", "--players", "2"],
        stdin=worker,
        stdout=worker,
        stderr=worker,
        env=env,
        close_fds=True,
    )
    os.close(worker)
    output = b""
    deadline = time.monotonic() + 120
    sent_illegal = asked = False
    answered_at = 0
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([controller], [], [], 5)
            if not ready:
                if process.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(controller, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            text = output.decode("utf-8", "replace")
            if text.rstrip().endswith("your move>") and len(text) > answered_at:
                answered_at = len(text)
                if not sent_illegal:
                    answer, sent_illegal = "2X", True
                elif asked:
                    answer, asked = re.findall(r"hint: (.*?)\r?$", text, re.MULTILINE)[-1], False
                else:
                    answer, asked = "?", True
                os.write(controller, (answer + "\n").encode())
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
        os.close(controller)
    text = output.decode("utf-8", "replace")
    assert process.returncode == 0, text[-2000:]
    assert "Not allowed" in text
    assert "\x1b[31m" in text  # red suits in a colour terminal
    assert "The hand is over" in text


def test_rules_lists_every_option() -> None:
    out = io.StringIO()
    assert main(["rules", "two-deck"], stdout=out) == 0
    text = out.getvalue()
    for name in Rules.option_names():
        assert re.search(rf"^\s+{name}\s", text, re.MULTILINE), name
    assert '"either_end"' in text


def test_rules_with_options_validates_them() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["rules", "--revolution", "true"], stdout=out, stderr=err) == 2
    assert out.getvalue() == ""
    assert err.getvalue() == (
        "zhengshangyou rules: error: revolution requires four_of_a_kind='plain', not 'bomb' (R4.8, R10)\n"
    )


def test_referee_explains_first_illegal_move(tmp_path: Path) -> None:
    game = Game(seed=9)
    for _ in range(6):
        game.play(next(iter(game.legal_moves())))
    data = json.loads(Record.from_game(game).to_json())
    moves = data["hands"][0]["moves"]
    moves[2] = {"seat": moves[2]["seat"], "play": "BJ RJ BJ", "kind": "single"}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert main(["referee", str(path)], stdout=out) == 1
    assert "move 2" in out.getvalue()
    good = tmp_path / "good.json"
    good.write_text(Record.from_game(game).to_json(), encoding="utf-8")
    out = io.StringIO()
    assert main(["referee", str(good)], stdout=out) == 0
    assert "legal" in out.getvalue()


def simulated(*argv: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate", "--games", "60", "--seed", "3", "--players", "2", *argv], stdout=out, stderr=err) == 0
    return out.getvalue(), err.getvalue()


def test_simulate_prints_the_same_table_with_a_spawned_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    methods: list[str] = []
    pool = cli._pool

    def kept(workers: int) -> ProcessPoolExecutor:
        executor = pool(workers)
        context = executor._mp_context
        assert context is not None
        methods.append(context.get_start_method())
        return executor

    monkeypatch.setattr(cli, "_pool", kept)
    alone, _ = simulated("--bots", "greedy,random")
    pooled, _ = simulated("--bots", "greedy,random", "--workers", "2")
    assert methods == ["spawn"]  # never fork: forking after threads can deadlock
    assert pooled == alone
    lines = alone.splitlines()
    assert lines[0].split() == ["seat", "bot", "win", "rate", "95%", "interval", "mean", "score", "moves/hand"]
    assert lines[1].split()[:2] == ["0", "GreedyBot()"]
    assert lines[2].split()[:2] == ["1", "RandomBot()"]
    assert re.fullmatch(r"60 hands, \d+\.\d moves a hand, seed 3", lines[3])


def test_simulate_counts_hands_on_standard_error_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    with_rich, _ = simulated("--bots", "greedy")
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    out, err = simulated("--bots", "greedy")
    assert out == with_rich
    assert err == "\r50/60 hands\r60/60 hands\n"


def test_simulate_workers_ignore_ctrl_c() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        cli._ignore_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_rules_reads_option_values_as_flags_numbers_json_none_or_text() -> None:
    out = io.StringIO()
    argv = [
        "rules", "--jokers", "OFF", "--revolution", "yes", "--four-of-a-kind", "plain",
        "--players", " 3", "--penalty-tiers", " [[8, 2]]", "--target-score", "none", "--start-card", " 3S ",
    ]
    assert main(argv, stdout=out) == 0
    values = dict(line.split(None, 1) for line in out.getvalue().splitlines()[1:])
    assert values["jokers"] == "false"
    assert values["revolution"] == "true"
    assert values["four_of_a_kind"] == '"plain"'
    assert values["players"] == "3"
    assert values["penalty_tiers"] == "[[8, 2]]"
    assert values["target_score"] == "null"
    assert values["start_card"] == '"3S"'


def test_rules_flags_override_the_named_preset() -> None:
    out = io.StringIO()
    assert main(["rules", "winner", "--min-straight", "4"], stdout=out) == 0
    assert re.search(r"^\s+min_straight\s+4$", out.getvalue(), re.MULTILINE)
    err = io.StringIO()
    assert main(["rules", "winner", "--suit-order", "none"], stdout=io.StringIO(), stderr=err) == 2
    assert err.getvalue().startswith("zhengshangyou rules: error: ")
    assert "R10" in err.getvalue()
