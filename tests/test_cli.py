"""The command line: play through a whole game, simulate, referee, rules (issue: CLI)."""

from __future__ import annotations

import io
import json
import re
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from zhengshangyou import Game, Rules, cli
from zhengshangyou.cli import main
from zhengshangyou.record import Record


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
    # The third move (index 2) is move 3 to people, in the where and in the why alike
    # (the reason once said "move 2 play: ..." under "at move 3").
    assert out.getvalue().splitlines() == [
        "The record breaks a rule at move 3 (counting from 1 over the whole match).",
        "  rule: R1.3",
        "  why:  move 3 play: BJ is there 2 times, but decks=1 holds it once (R1.3)",
    ]
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
