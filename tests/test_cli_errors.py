"""The command line never prints a traceback: bad input gives one line that names the
bad value, and the exit status says what happened (issue 13; docs/cli.rst lists the
statuses: 0 done, 1 illegal record, 2 bad input, 70 unexpected error, 130
interrupted, 141 output closed)."""

from __future__ import annotations

import contextlib
import io
import json
import os
import runpy
import select
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

import zhengshangyou
from zhengshangyou import Game, Record, Rules, cli
from zhengshangyou.bots import GreedyBot
from zhengshangyou.cli import main
from zhengshangyou.errors import InvalidRecordError
from zhengshangyou.simulate import simulate

PREFIX = "zhengshangyou {}: error: "


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run the command in this process: status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def assert_refused(argv: list[str], *fragments: str) -> str:
    """The command exits with status 2 and one short error line naming the value."""
    status, out, err = run(argv)
    assert status == 2, err
    assert out == ""
    last = err.splitlines()[-1]
    assert last.startswith((PREFIX.format(argv[0]), "zhengshangyou: error: ")), err
    assert len(last) < 320, last  # (one line: the fourteen presets named at most)
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in last
    return last


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["simulate", "--games", "-5"], ["argument --games: must be at least 1, not -5"]),
        (["simulate", "--games", "0"], ["argument --games: must be at least 1, not 0"]),
        (["simulate", "--workers", "0"], ["argument --workers: must be at least 1, not 0"]),
        (["play", "--hands", "0"], ["argument --hands: must be at least 1, not 0"]),
        (["play", "--hands", "two"], ["argument --hands: 'two' is not a whole number"]),
        (["play", "--seed", "abc"], ["argument --seed: 'abc' is not a whole number"]),
        (["simulate", "--seed", "1.5"], ["argument --seed: '1.5' is not a whole number"]),
        (["play", "--seed", "9" * 5000], ["argument --seed: '99999", "(5000 characters) has too many digits"]),
        (["play", "--seat", "1" * 5000], ["argument --seat: ", "has too many digits"]),
        (["play", "--preset", "hearts"], ["argument --preset: invalid choice: 'hearts'"]),
        (["rules", "hearts"], ["argument name: invalid choice: 'hearts'"]),
        (["play", "--bots", "heuristic,clever"], ["argument --bots: unknown bot 'clever'; bots are heuristic, greedy, random"]),
        (["simulate", "--bots", ""], ["argument --bots: unknown bot ''"]),
        (["play", "--jokerz", "true"], ["unrecognized arguments: --jokerz true"]),
        (["rules", "--min-straight", "[" * 3000], ["argument --min-straight: '[[[[", "(3000 characters) is nested too deeply"]),
        # Well-formed, one level deeper than a record may nest (record.MAX_DEPTH): refused
        # by counting brackets before decoding (any Python's decoder would read it).
        (["rules", "--penalty-tiers", "[" * 11 + "5" + "]" * 11], ["argument --penalty-tiers: '[[[[", "is nested too deeply"]),
        (["rules", "--min-straight", "1" * 5000], ["argument --min-straight: ", "has too many digits"]),
        (["rules", "--penalty-tiers", "[[8, 2]"], ["argument --penalty-tiers: '[[8, 2]' is not valid JSON: "]),
        (["rules", "--penalty-tiers", "[" + "7" * 5000 + "]"], ["argument --penalty-tiers: '[777", "(5002 characters) holds a number of too many digits"]),
    ],
)
def test_cli_refuses_a_bad_argument_naming_it(argv: list[str], fragments: list[str]) -> None:
    assert_refused(argv, *fragments)


def test_cli_refuses_no_command() -> None:
    status, out, err = run([])
    assert status == 2
    assert out == ""
    assert err.splitlines()[-1] == "zhengshangyou: error: the following arguments are required: command"


@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_cli_refuses_a_seed_out_of_range(seed: str) -> None:
    assert_refused(["play", "--seed", seed], f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
    assert_refused(["simulate", "--seed", seed], "from 0 to 2**64 - 1")


@pytest.mark.parametrize("seed", ["0", str(2**64 - 1)])
def test_cli_plays_with_a_seed_at_either_end_of_the_range(seed: str) -> None:
    status, out, err = run(["play", "--seed", seed], stdin="quit\n")
    assert (status, err) == (0, "")
    assert f" · seed {seed} · " in " ".join(out.splitlines()[:2])
    assert "your hand (" in out


def test_R10_cli_refuses_rules_out_of_bounds_with_the_library_message() -> None:
    assert_refused(["rules", "--players", "99"], "players", "99")
    assert_refused(["play", "--players", "99"], "players", "99")
    assert_refused(["rules", "--min-straight", "[[[1]]]"], "min_straight")
    assert_refused(["simulate", "--start-card", "3X"], "'3X' is not a card", "R1.4")


def test_cli_refuses_a_seat_or_bots_that_do_not_fit_the_table() -> None:
    assert_refused(["play", "--seat", "4"], "--seat must be a seat from 0 to 3, not 4")
    assert_refused(["play", "--seat", "-1", "--players", "3"], "--seat must be a seat from 0 to 2, not -1")
    assert_refused(["simulate", "--bots", "greedy,random,random,random,random"], "--bots names at most 4 bots (one a seat), not 5")


def test_cli_library_errors_end_the_command_with_status_2(monkeypatch: pytest.MonkeyPatch) -> None:
    from zhengshangyou.errors import WrongTypeError

    def refuse(*args: Any, **kwargs: Any) -> Game:
        raise WrongTypeError("seed must be an int, not str ('x')", argument="seed")

    monkeypatch.setattr(cli, "Game", refuse)
    assert_refused(["play"], "seed must be an int, not str ('x')")


# --- referee ------------------------------------------------------------------


def bad_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """Files that are no record, with a fragment of the message each must give."""
    files = {
        "not UTF-8": (b'{"format": "\xff\xfe"}', "not UTF-8 text (byte 0xff at offset 12)"),
        "deep JSON": (b"[" * 100_000, "is not a game record: "),
        "huge integer": (b'{"version": ' + b"9" * 5000 + b"}", "is not a game record: "),
        "not JSON": (b"hello", "is not a game record: "),
        "empty": (b"", "is not a game record: "),
        "JSON list": (b"[]", "is not a game record: "),
    }
    paths = {}
    for number, (name, (content, fragment)) in enumerate(files.items()):
        path = folder / f"file{number}.json"
        path.write_bytes(content)
        paths[name] = (path, fragment)
    paths["missing"] = (folder / "missing.json", "cannot read {}: No such file or directory")
    paths["directory"] = (folder, "cannot read {}: Is a directory")
    return paths


@pytest.mark.parametrize("case", ["not UTF-8", "deep JSON", "huge integer", "not JSON", "empty", "JSON list", "missing", "directory"])
def test_cli_referee_answers_a_file_that_is_no_record_in_one_line(tmp_path: Path, case: str) -> None:
    path, fragment = bad_files(tmp_path)[case]
    status, out, err = run(["referee", str(path)])
    assert status == 2
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith(PREFIX.format("referee"))
    assert str(path) in err
    assert fragment.format(path) in err
    assert len(err) < 300
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("raised", "expected"),
    [
        (RecursionError("maximum recursion depth exceeded"), "nested too deeply"),
        (AttributeError("boom"), "AttributeError: boom"),
        (InvalidRecordError("no hands (R2.2)", rule="R2.2"), "no hands (R2.2)"),
    ],
)
def test_cli_referee_never_traces_back_whatever_the_library_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raised: Exception, expected: str
) -> None:
    def broken(text: str) -> Any:
        raise raised

    monkeypatch.setattr(cli, "referee", broken)
    path = tmp_path / "record.json"
    path.write_text("{}", encoding="utf-8")
    status, _, err = run(["referee", str(path)])
    assert status == 2
    assert err == f"zhengshangyou referee: error: {path} is not a game record: {expected}\n"


def test_R10_cli_referee_gives_status_1_for_a_record_with_illegal_rules(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"format": "zhengshangyou-record", "version": 1, "rules": {"players": 9}}))
    status, out, err = run(["referee", str(path)])
    assert (status, err) == (1, "")
    assert out.splitlines()[:2] == ["The record breaks a rule at the record itself.", "  rule: R10"]


def test_cli_referee_reports_a_legal_record_with_status_0(tmp_path: Path) -> None:
    game = Game(Rules(players=2), seed=3)
    bot = GreedyBot()
    while not game.is_hand_over:
        game.play(bot.choose(game.observation(game.to_act)))
    game.next_hand()
    path = tmp_path / "record.json"
    path.write_text(Record.from_game(game).to_json(), encoding="utf-8")
    status, out, err = run(["referee", str(path)])
    assert (status, err) == (0, "")
    (result,) = game.state.results
    order = ", ".join(f"seat {seat}" for seat in result.finishing_order)
    assert out.splitlines() == [
        "The record is legal: every move follows the rules.",
        f"  hand 1: finishing order {order}; scores seat 0 {result.scores[0]:+d}, seat 1 {result.scores[1]:+d}",
        "  hand 2: unfinished (0 moves played), so not scored",
        "Scores after 1 finished hand:",
        f"  seat 0  {result.scores[0]:+d}",
        f"  seat 1  {result.scores[1]:+d}",
    ]


# --- the last resort, Ctrl-C and a closed pipe ---------------------------------


def test_cli_reports_an_unexpected_error_in_one_line_with_status_70(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(arguments: Any) -> Any:
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr(cli, "_rules_from", broken)
    status, out, err = run(["rules"])
    assert (status, out) == (70, "")
    assert err == "zhengshangyou rules: error: unexpected error (please report it): RuntimeError: something broke\n"


class InterruptedInput(io.StringIO):
    """Standard input on which the person presses Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise KeyboardInterrupt


def test_cli_play_interrupted_says_so_with_status_130() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["play", "--seed", "1"], stdin=InterruptedInput(), stdout=out, stderr=err) == 130
    assert err.getvalue() == "Interrupted.\n"
    assert out.getvalue().endswith("your move> \n")  # "Interrupted." starts a line of its own


def test_cli_simulate_interrupted_stops_its_pool_with_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    class Pool(ThreadPoolExecutor):
        """Stands for the process pool (the real one is interrupted in a subprocess below)."""

        stopped: ClassVar[list[dict[str, Any]]] = []

        def shutdown(self, wait: bool = True, **options: Any) -> None:
            self.stopped.append(options)
            super().shutdown(wait, **options)


    def interrupted(*args: Any, progress: Callable[[int], object], **kwargs: Any) -> Any:
        def stop(done: int) -> None:
            raise KeyboardInterrupt

        return simulate(*args, progress=stop, **kwargs)

    monkeypatch.setattr(cli, "_pool", Pool)
    monkeypatch.setattr(cli, "simulate", interrupted)
    status, out, err = run(["simulate", "--games", "100", "--workers", "2", "--players", "2", "--bots", "greedy"])
    assert (status, out) == (130, "")
    assert err.endswith("Interrupted.\n")
    assert Pool.stopped == [{"cancel_futures": True}]


def test_cli_output_closed_in_process_gives_status_141() -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    err = io.StringIO()
    assert main(["rules", "winner"], stdout=Closed(), stderr=err) == 141
    assert err.getvalue() == ""


def test_cli_output_closed_leaves_nothing_to_fail_at_exit() -> None:
    """After a broken pipe the output's descriptor points at the null device, so that
    Python's last flush at exit succeeds."""
    reader, writer = os.pipe()
    os.close(reader)
    with open(writer, "w", encoding="utf-8") as closed:
        assert main(["rules", "winner"], stdout=closed, stderr=io.StringIO()) == 141
        closed.write("more\n" * 10_000)
        closed.flush()


def read_until(stream: Any, text: bytes, process: subprocess.Popen[bytes]) -> bytes:
    """Read a child's stream until ``text`` shows (or the child ends)."""
    seen = b""
    while text not in seen:
        ready, _, _ = select.select([stream], [], [], 60)
        chunk = os.read(stream.fileno(), 65536) if ready else b""
        if not chunk:
            pytest.fail(f"no {text!r} from the command: {seen[-500:]!r}, status {process.poll()}")
        seen += chunk
    return seen


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "zhengshangyou", *argv]


@contextlib.contextmanager
def interruptible_children() -> Iterator[None]:
    """Children started inside take Ctrl-C as a terminal's foreground command does,
    even when this test run was itself started as a background job (``pytest &``),
    which ignores SIGINT: a disposition that children inherit, and that a Python
    program started so keeps (it then never sees KeyboardInterrupt)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def test_cli_ctrl_c_in_play_prints_interrupted_and_exits_130() -> None:
    with interruptible_children():
        process = subprocess.Popen(
            command("play", "--seed", "1"), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
    try:
        read_until(process.stdout, b"your move> ", process)
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err == b"Interrupted.\n"


def test_cli_ctrl_c_in_simulate_with_workers_prints_no_traceback() -> None:
    """Ctrl-C reaches the whole process group: the workers ignore it, the parent stops."""
    code = "import sys; sys.modules['rich'] = None; from zhengshangyou.cli import run; run()"
    with interruptible_children():
        process = subprocess.Popen(
            [sys.executable, "-c", code, "simulate", "--games", "100000", "--workers", "2", "--players", "2", "--bots", "greedy"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    try:
        read_until(process.stderr, b"/100000 hands", process)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130
    assert out == b""
    assert b"Traceback" not in err
    assert err.endswith(b"Interrupted.\n")


def test_cli_broken_pipe_exits_quietly_with_status_141() -> None:
    """``zhengshangyou rules winner | head -2``, with the reader gone before any write."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        result = subprocess.run(command("rules", "winner"), stdout=writer, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.close(writer)
    assert result.returncode == 141
    assert result.stderr == b""


def test_cli_undecodable_input_is_refused_as_a_move_rather_than_fatal() -> None:
    result = subprocess.run(
        command("play", "--seed", "1"), input=b"\xff\xfe\nquit\n", capture_output=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    assert "Not allowed: '\ufffd\ufffd' is not a card".encode() in result.stdout


def test_python_m_zhengshangyou_runs_the_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["zhengshangyou", "rules", "winner"])
    with pytest.raises(SystemExit) as done:
        runpy.run_module("zhengshangyou", run_name="__main__")
    assert done.value.code == 0
    printed = capsys.readouterr().out
    assert printed.startswith("Rules of the preset 'winner':\n  players ")
    result = subprocess.run(command("rules", "winner"), capture_output=True, timeout=60, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (0, printed, "")


def test_cli_play_and_replay_without_rich_say_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zhengshangyou.terminal", None)  # import fails as without rich
    monkeypatch.delattr(zhengshangyou, "terminal", raising=False)
    for argv in (["play", "--seed", "1"], ["replay", "game.json"]):
        assert_refused(argv, "needs rich", "pip install 'zhengshangyou[cli]'")


def test_cli_serve_without_starlette_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zhengshangyou.web", None)
    monkeypatch.delattr(zhengshangyou, "web", raising=False)
    assert_refused(["serve"], "needs starlette and uvicorn", "pip install 'zhengshangyou[web]'")


def test_cli_refuses_a_record_file_it_cannot_write_a_replay_seat_or_a_port(tmp_path: Path) -> None:
    assert_refused(["play", "--record", str(tmp_path / "missing" / "game.json")], "cannot write", "No such file or directory")
    path = tmp_path / "game.json"
    path.write_text(Record.from_game(Game(seed=1)).to_json(), encoding="utf-8")
    assert_refused(["replay", str(path), "--seat", "4"], "--seat must be a seat from 0 to 3, not 4")
    assert_refused(["serve", "--port", "70000"], "a port is a whole number from 0 to 65535, not '70000'")
    assert_refused(["serve", "--seat", "5"], "--seat must be a seat from 0 to 3, not 5")


def test_cli_serve_runs_the_browser_table_with_the_rules_and_options(monkeypatch: pytest.MonkeyPatch) -> None:
    from zhengshangyou import web

    calls: list[tuple[Rules, dict[str, Any]]] = []

    def serve(rules: Rules, **options: Any) -> None:
        calls.append((rules, options))
        options.pop("announce")("http://127.0.0.1:8123/")  # once the port is bound

    monkeypatch.setattr(web, "serve", serve)
    status, out, err = run(["serve", "--preset", "winner", "--players", "3", "--port", "8123", "--seed", "4", "--bots", "greedy"])
    assert (status, err) == (0, "")
    assert out == "Serving the table on http://127.0.0.1:8123/ (Ctrl-C stops)\n"
    ((rules, options),) = calls
    assert rules == Rules.preset("winner", players=3)
    assert options == {
        "seat": 0, "bots": ["greedy"], "seed": 4, "host": "127.0.0.1", "port": 8123, "record": None, "open_browser": False
    }
