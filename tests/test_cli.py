"""The command line: play through a whole game, simulate, referee, rules (issue: CLI)."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zhengshangyou import Game, Rules
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


def test_play_explains_a_play_that_does_not_beat() -> None:
    # Find a position where the human must answer, then type a weaker single.
    screen = io.StringIO()
    answers = iter(["?", "quit"])

    class Typed(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            return next(answers, "quit") + "\n"

    assert main(["play", "--seed", "2", "--players", "2"], stdin=Typed(), stdout=screen) == 0
    assert "your hand:" in screen.getvalue()


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
    out = io.StringIO()
    assert main(["rules", "--revolution", "true"], stdout=out) == 2
    assert "R10" in out.getvalue()


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


@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_prints_a_table(workers: str) -> None:
    out = io.StringIO()
    code = main(
        ["simulate", "--games", "20", "--seed", "3", "--workers", workers, "--bots", "greedy"],
        stdout=out,
    )
    assert code == 0
    text = out.getvalue()
    assert "win rate" in text
    assert "20 hands" in text


def test_rules_flags_override_the_named_preset() -> None:
    out = io.StringIO()
    assert main(["rules", "winner", "--min-straight", "4"], stdout=out) == 0
    assert re.search(r"^\s+min_straight\s+4$", out.getvalue(), re.MULTILINE)
    out = io.StringIO()
    assert main(["rules", "winner", "--suit-order", "none"], stdout=out) == 2
    assert "R10" in out.getvalue()
