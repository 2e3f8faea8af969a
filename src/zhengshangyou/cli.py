"""The command line: ``zhengshangyou play | replay | serve | simulate | tournament | referee | rules``.

``python -m zhengshangyou`` runs the same. The core package needs nothing but
attrs; with the ``cli`` extra (``pip install '.[cli]'`` from a clone) a
simulation or a tournament shows a progress bar from `rich <https://rich.readthedocs.io>`_.

The command never prints a traceback: bad input gives a one-line message
naming the bad value, and the exit status says what happened (0 done, 1 the
referee found an illegal record, 2 bad input, 70 an unexpected error, 130
interrupted, 141 the output was closed early).

>>> import io
>>> out = io.StringIO()
>>> main(["rules", "winner"], stdout=out)
0
>>> "min_straight" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import re
import secrets
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from zhengshangyou import __version__
from zhengshangyou.bots import Bot
from zhengshangyou.cards import ascii_lower
from zhengshangyou.errors import ZhengShangyouError
from zhengshangyou.game import SEED_LIMIT, Game
from zhengshangyou.record import MAX_DEPTH, MAX_LENGTH, Record, RefereeReport, json_depth, referee
from zhengshangyou.rules import Rules, option_help
from zhengshangyou.scoring import HandResult
from zhengshangyou.simulate import simulate
from zhengshangyou.tournament import BOT_NAMES, bot_from_name, check_bot_name, tournament

__all__ = ["main"]

#: Exit statuses (documented in docs/cli.rst).
EXIT_OK, EXIT_ILLEGAL, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 70
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a process stopped by Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a writer whose reader went away

_INTEGER = re.compile(r"[+-]?[0-9]+")


class _UsageError(Exception):
    """An argument refused by the command itself (not by argparse or the library)."""


def _brief(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut when long (an option value may be huge)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[: limit - 20]!r}... ({len(text)} characters)"


def _whole(text: str) -> int:
    """A whole number typed on the command line, or an argparse error naming it."""
    try:
        return int(text)
    except ValueError:
        if _INTEGER.fullmatch(text.strip()):  # Python refuses ints of more than 4300 digits
            raise argparse.ArgumentTypeError(f"{_brief(text)} has too many digits") from None
        raise argparse.ArgumentTypeError(f"{_brief(text)} is not a whole number") from None


def _at_least(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low``."""

    def read(text: str) -> int:
        number = _whole(text)
        if number < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {number}")
        return number

    return read


def _seed(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**64 - 1."""
    number = _whole(text)
    if not 0 <= number < SEED_LIMIT:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to 2**64 - 1, not {_brief(text)}")
    return number


def _bot_names(text: str) -> list[str]:
    """An argparse type: comma-separated bot names (those of :func:`~zhengshangyou.tournament.bot_from_name`)."""
    try:
        return [check_bot_name(name) for name in text.split(",")]
    except ZhengShangyouError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _option_value(text: str) -> Any:
    """Read an option value from the command line: true/false, none, a number, a list or text."""
    stripped = text.strip()
    lowered = ascii_lower(stripped)
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    if _INTEGER.fullmatch(stripped):
        return _whole(stripped)
    if stripped.startswith(("[", "{")):
        # (Checked before decoding: how deep a decoder gets first depends on the Python.)
        if json_depth(stripped) > MAX_DEPTH:
            raise argparse.ArgumentTypeError(f"{_brief(text)} is nested too deeply")
        try:
            return json.loads(stripped)
        except json.JSONDecodeError as error:
            raise argparse.ArgumentTypeError(f"{_brief(text)} is not valid JSON: {error}") from None
        except ValueError:  # Python refuses ints of more than 4300 digits
            raise argparse.ArgumentTypeError(f"{_brief(text)} holds a number of too many digits") from None
    return stripped


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--preset", default="zhengshangyou", choices=Rules.preset_names(),
        help="the named rule set the options below change (default: zhengshangyou)",
    )
    group = parser.add_argument_group(
        "rule options",
        "Each changes one option of the preset (docs: the rules reference's options table)."
        " Values: true/false, a number, none, text, or JSON for a list.",
    )
    defaults = Rules().to_dict()
    for name in Rules.option_names():
        about = option_help(name)
        text = (
            f"{about.summary}: {about.allowed} (zhengshangyou preset:"
            f" {json.dumps(defaults[name], ensure_ascii=False)}; {', '.join(about.rules)})"
        )
        group.add_argument(
            "--" + name.replace("_", "-"),
            dest="rule_" + name,
            metavar="VALUE",
            type=_option_value,
            default=argparse.SUPPRESS,
            help=text.replace("%", "%%"),
        )


def _rules_from(arguments: argparse.Namespace) -> Rules:
    overrides = {
        name: getattr(arguments, "rule_" + name)
        for name in Rules.option_names()
        if hasattr(arguments, "rule_" + name)
    }
    preset = getattr(arguments, "name", None) or arguments.preset
    return Rules.preset(preset, **overrides)


# --- play and replay -------------------------------------------------------------
#
# The terminal screen is zhengshangyou.terminal's, drawn with rich (the ``cli``
# extra): everything the person sees comes from their own seat's Observation.


def _terminal() -> Any:
    """The terminal module, or a usage error saying which extra it needs."""
    try:
        from zhengshangyou import terminal
    except ImportError as error:  # rich is missing
        raise _UsageError(
            f"the terminal game needs rich ({error}): pip install 'zhengshangyou[cli]'"
            " (from a clone: pip install '.[cli]')"
        ) from None
    return terminal


def _seat_bots(rules: Rules, you: int, bot_names: Sequence[str]) -> list[Bot | None]:
    """The bot at each seat, None at the person's; the names are used in turn."""
    bots: list[Bot | None] = []
    for seat in range(rules.players):
        if seat == you:
            bots.append(None)
        else:
            bots.append(bot_from_name(bot_names[(seat - (seat > you)) % len(bot_names)], seed=seat))
    return bots


def _play(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rules = _rules_from(arguments)
    you = arguments.seat
    if not 0 <= you < rules.players:
        raise _UsageError(f"--seat must be a seat from 0 to {rules.players - 1}, not {you}")
    terminal = _terminal()
    record_file = _open_for_writing(arguments.record) if arguments.record else None
    seed = arguments.seed if arguments.seed is not None else secrets.randbelow(10**9)
    game = Game(rules, seed=seed)
    screen = terminal.Screen(stdout)
    preset = getattr(arguments, "name", None) or arguments.preset
    # The seed deals every hand: shown only to a person who asked for it (--show-seed)
    # or gave it (--seed), never by default on a screen that shows a hand.
    shown = f" · seed {seed}" if arguments.show_seed or arguments.seed is not None else ""
    header = f"{screen.game_name(rules)} · preset {preset} · {rules.players} players{shown} · you are seat {you}"
    try:
        terminal.play_session(
            game, you, _seat_bots(rules, you, arguments.bots), stdin, screen, hands=arguments.hands, header=header
        )
    except KeyboardInterrupt:
        screen.say()  # Ctrl-C at the prompt leaves its line open: what follows starts a new one
        raise
    finally:
        if record_file is not None:
            _write_record(record_file, arguments.record, Record.from_game(game))
            screen.say(f"Record written to {arguments.record} (check it: zhengshangyou referee {arguments.record})")
    return EXIT_OK


def _write_record(file: TextIO, path: str, record: Record) -> None:
    """Write ``record`` to ``file`` and close it; a usage error when the system refuses
    (a full disk, /dev/full)."""
    try:
        with file:
            file.write(record.to_json(indent=1) + "\n")
    except OSError as error:
        raise _UsageError(f"cannot write the record to {path}: {error.strerror or error}") from None


def _open_for_writing(path: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise _UsageError(f"cannot write {path}: {error.strerror or error}") from None


def _read_text(path: str) -> str:
    """A record file's text, or a usage error naming what is wrong with it.

    No more is read than a record may hold (``record.MAX_LENGTH`` characters, at
    most four bytes each in UTF-8): an endless stream (/dev/zero) is refused, not
    read to the end.
    """
    limit = 4 * MAX_LENGTH  # bytes: more of them are more characters than a record holds
    try:
        with open(path, "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise _UsageError(f"cannot read {path}: {error.strerror or error}") from None
    too_long = _UsageError(f"{path} is not a game record: it is longer than the {MAX_LENGTH:,} characters a record may hold")
    if len(data) > limit:
        raise too_long
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        bad = error.object[error.start]
        raise _UsageError(f"cannot read {path}: not UTF-8 text (byte {bad:#04x} at offset {error.start})") from None
    if len(text) > MAX_LENGTH:
        raise too_long
    return text


def _replay(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    path = arguments.record
    terminal = _terminal()
    try:
        record = Record.from_json(_read_text(path))
        record.replay()  # every move checked first: an illegal record is the referee's
    except ZhengShangyouError as error:
        raise _UsageError(f"{path} is not a legal game record: {error} (zhengshangyou referee {path} explains)") from None
    if not 0 <= arguments.seat < record.rules.players:
        raise _UsageError(f"--seat must be a seat from 0 to {record.rules.players - 1}, not {arguments.seat}")
    screen = terminal.Screen(stdout)
    try:
        terminal.replay_session(
            record, arguments.seat, stdin, screen, pause=not arguments.to_end, show_hands=arguments.hands
        )
    except KeyboardInterrupt:
        screen.say()  # Ctrl-C at the prompt leaves its line open
        raise
    return EXIT_OK


def _serve(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rules = _rules_from(arguments)
    if not 0 <= arguments.seat < rules.players:
        raise _UsageError(f"--seat must be a seat from 0 to {rules.players - 1}, not {arguments.seat}")
    try:
        from zhengshangyou import web
    except ImportError as error:
        raise _UsageError(
            f"the browser table needs starlette and uvicorn ({error}): pip install 'zhengshangyou[web]'"
            " (from a clone: pip install '.[web]')"
        ) from None

    def announce(url: str) -> None:  # once the port is ours: a busy one is refused before
        print(f"Serving the table on {url} (Ctrl-C stops)", file=stdout, flush=True)

    web.serve(
        rules, seat=arguments.seat, bots=arguments.bots, seed=arguments.seed, host=arguments.host,
        port=arguments.port, record=arguments.record, open_browser=arguments.open, announce=announce,
    )
    return EXIT_OK


# --- simulate -------------------------------------------------------------------


def _ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C reaches every process of the terminal's group; only
    the parent handles it (and stops the pool), so workers print no traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool(workers: int) -> ProcessPoolExecutor:
    """A process pool that starts its workers safely, and started.

    Forking a process that runs threads (a coverage tracer, a test runner, a
    progress bar) can deadlock the child, so workers are spawned (a fresh
    interpreter, as on macOS and Windows), never forked. They are started here
    with Ctrl-C blocked, a mask they inherit, so that not even an early Ctrl-C
    interrupts one while it imports.
    """
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_ignore_interrupts,
    )
    previous = _sigmask(_SIG_BLOCK, {signal.SIGINT})
    try:
        for _ in range(workers):  # each submission starts a worker while none is idle
            pool.submit(int)
    finally:
        _sigmask(_SIG_SETMASK, previous)
    return pool


# Signal masks are POSIX; elsewhere (Windows) the workers' initializer is the guard.
_sigmask: Callable[[int, set[int]], set[int]] = getattr(signal, "pthread_sigmask", lambda how, mask: set())
_SIG_BLOCK, _SIG_SETMASK = getattr(signal, "SIG_BLOCK", 0), getattr(signal, "SIG_SETMASK", 2)


def _simulate(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rules = _rules_from(arguments)
    names = arguments.bots
    if len(names) > rules.players:
        raise _UsageError(f"--bots names at most {rules.players} bots (one a seat), not {len(names)}")
    bots: list[Bot] = [bot_from_name(names[seat % len(names)]) for seat in range(rules.players)]
    with _workers(arguments.workers) as executor, _progress(stderr, "simulating", arguments.games) as report:
        report(0, arguments.games)
        result = simulate(
            bots, rules, arguments.games, arguments.seed, executor,
            progress=lambda done: report(done, arguments.games),
        )
    print(result.table(), file=stdout)
    print(f"{result.games} hands, {result.mean_hand_length:.1f} moves a hand, seed {arguments.seed}", file=stdout)
    return EXIT_OK


@contextlib.contextmanager
def _workers(workers: int) -> Iterator[ProcessPoolExecutor | None]:
    """A process pool of ``workers`` (none for one), stopped on the way out, pending work cancelled."""
    executor = _pool(workers) if workers > 1 else None
    try:
        yield executor
    finally:
        if executor is not None:
            executor.shutdown(cancel_futures=True)


@contextlib.contextmanager
def _progress(stderr: TextIO, description: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A progress report ``(done, total)`` on ``stderr``, shown from the first report
    on (so that a refusal before any work leaves nothing there): rich's bar, or
    without rich a plain count of the hands done (from the first done)."""
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:

        def count(done: int, total: int) -> None:
            if done:
                print(f"\r{done}/{total} hands", end="", file=stderr, flush=True)

        yield count  # a refusal raises here, before any count
        print(file=stderr)
        return
    progress = Progress(console=Console(file=stderr), transient=True)
    task = progress.add_task(description, total=total)
    shown = False

    def show(done: int, total: int) -> None:
        nonlocal shown
        if not shown:
            shown = True
            progress.start()
        progress.update(task, completed=done, total=total)

    try:
        yield show
    finally:
        if shown:
            progress.stop()


# --- tournament -----------------------------------------------------------------


def _tournament(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rules = _rules_from(arguments)
    with _workers(arguments.workers) as executor, _progress(stderr, "tournament", arguments.hands) as report:
        result = tournament(
            arguments.bots, rules, hands=arguments.hands, seed=arguments.seed, executor=executor, progress=report
        )
    print(result.table(), file=stdout)
    moves = sum(record.moves for record in result.records) / result.hands
    print(
        f"{result.hands} hands on {result.deals} deals, each played from every seat;"
        f" {moves:.1f} moves a hand, seed {arguments.seed}",
        file=stdout,
    )
    return EXIT_OK


# --- referee and rules --------------------------------------------------------


def _located(report: RefereeReport) -> tuple[str, str]:
    """Where the record breaks a rule and why. The referee's reasons count moves and
    hands from 1; a move's own place (``move 3 (hand 1, seat 1, bid 1): ...``) goes
    with the where."""
    reason = report.reason
    if report.index is None:
        return "the record itself", reason
    where = f"move {report.index + 1} (counting from 1 over the whole match)"
    head = f"move {report.index + 1} ("
    if reason.startswith(head) and "): " in reason:
        place, _, why = reason[len(head) :].partition("): ")
        return f"{where}: {place}", why
    return where, reason


def _outcome(result: HandResult) -> str:
    """What decided a hand, for the referee: the finishing order (R6), or the
    landlord and the side that won (D4.2, D8.1), or a hand nobody bid for (D3.3)."""
    if result.thrown_in:
        return "thrown in, nobody bid (D3.3)"
    if result.landlord >= 0:
        side = "the landlord" if result.winner == result.landlord else "the peasants"
        return f"landlord seat {result.landlord}; {side} won, seat {result.winner} out first"
    return "finishing order " + ", ".join(f"seat {seat}" for seat in result.finishing_order)


def _plural(count: int, noun: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _referee(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    path = arguments.record
    text = _read_text(path)
    try:
        record: Record | None = Record.from_json(text)  # kept: how many hands it holds
    except Exception:  # the referee says why
        record = None
    try:
        report = referee(text if record is None else record)
    except ZhengShangyouError as error:
        raise _UsageError(f"{path} is not a game record: {error}") from None
    except RecursionError:
        raise _UsageError(f"{path} is not a game record: nested too deeply") from None
    except Exception as error:  # referee() promises not to raise; still, no traceback
        raise _UsageError(f"{path} is not a game record: {_message(error)}") from None
    if report.legal:
        assert record is not None
        print("The record is legal: every move follows the rules.", file=stdout)
        for number, result in enumerate(report.results, 1):
            scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
            print(f"  hand {number}: {_outcome(result)}; scores {scores}", file=stdout)
        if len(record.hands) > len(report.results):
            moves = len(record.hands[-1].actions)
            print(f"  hand {len(record.hands)}: unfinished ({_plural(moves, 'move')} played), so not scored", file=stdout)
        print(f"Scores after {_plural(len(report.results), 'finished hand')}:", file=stdout)
        width = len(f"seat {len(report.scores) - 1}")
        for seat, score in enumerate(report.scores):
            print(f"  {f'seat {seat}':<{width}}  {score:+d}", file=stdout)
        return EXIT_OK
    where, reason = _located(report)
    if report.index is None and report.rule is None:
        raise _UsageError(f"{path} is not a game record: {reason}")
    print(f"The record breaks a rule at {where}.", file=stdout)
    print(f"  rule: {report.rule}", file=stdout)
    print(f"  why:  {reason}", file=stdout)
    return EXIT_ILLEGAL


def _rules(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rules = _rules_from(arguments)
    title = arguments.name or arguments.preset
    preset = Rules.preset(title).to_dict()
    values = rules.to_dict()
    changed = [name for name, value in values.items() if preset[name] != value]
    if changed:
        overrides = ", ".join(
            f"{name} {json.dumps(values[name], ensure_ascii=False)}"
            f" (preset: {json.dumps(preset[name], ensure_ascii=False)})"
            for name in changed
        )
        print(f"Rules of the preset {title!r} with {_plural(len(changed), 'override')}: {overrides}", file=stdout)
    else:
        print(f"Rules of the preset {title!r}:", file=stdout)
    for name, value in values.items():
        print(f"  {name:<26} {json.dumps(value, ensure_ascii=False)}", file=stdout)
    return EXIT_OK


_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]] = {
    "play": _play,
    "simulate": _simulate,
    "tournament": _tournament,
    "referee": _referee,
    "replay": _replay,
    "rules": _rules,
    "serve": _serve,
}


_BOT_HELP = "comma-separated among " + ", ".join(BOT_NAMES)


def _port(text: str) -> int:
    """An argparse type: a TCP port, 0 to 65535 (0: any free port)."""
    number = _whole(text)
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a whole number from 0 to 65535, not {_brief(text)}")
    return number


def _add_table_options(parser: argparse.ArgumentParser) -> None:
    """The options of a game a person plays against bots: ``--seed``, ``--seat``, ``--bots``."""
    parser.add_argument("--seed", type=_seed, default=None, help="0 to 2**64 - 1 (random by default)")
    parser.add_argument("--seat", type=_whole, default=0, help="your seat (0 by default)")
    parser.add_argument("--bots", type=_bot_names, default=["heuristic"], help=f"opponents, used in turn: {_BOT_HELP}")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zhengshangyou",
        description="Zheng Shangyou (争上游): play, replay, serve, simulate, tournament, referee, rules.",
    )
    parser.add_argument("--version", action="version", version=f"zhengshangyou {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game in the terminal against bots")
    _add_table_options(play)
    play.add_argument("--hands", type=_at_least(1), default=1, help="how many hands to play (1 by default)")
    play.add_argument("--record", metavar="FILE", default=None, help="write the game's record to FILE (JSON) at the end")
    play.add_argument(
        "--show-seed", action="store_true",
        help="show a random seed in the header (it deals every hand: hidden by default; --seed N shows N)",
    )
    _add_rule_options(play)
    replay = commands.add_parser("replay", help="step through a game record move by move")
    replay.add_argument("record", help="a record in the JSON format (zhengshangyou play --record writes one)")
    replay.add_argument("--seat", type=_whole, default=0, help="tell the game as this seat sees it (0 by default)")
    replay.add_argument("--to-end", action="store_true", help="run to the end without pausing")
    replay.add_argument("--hands", action="store_true", help="show every seat's hand after each move")
    serve = commands.add_parser("serve", help="play in the browser: a local web table against bots (extra [web])")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1 by default)")
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on (8000 by default; 0 any free one)")
    serve.add_argument("--open", action="store_true", help="open the table in the system's web browser")
    serve.add_argument(
        "--record", metavar="FILE", default=None, help="keep the game's record in FILE (JSON), written after every move"
    )
    _add_table_options(serve)
    _add_rule_options(serve)
    sim = commands.add_parser("simulate", help="pit bots against each other")
    sim.add_argument(
        "--bots", type=_bot_names, default=_bot_names("heuristic,random,random,random"),
        help=f"one a seat, used in turn when fewer: {_BOT_HELP}",
    )
    sim.add_argument("--games", type=_at_least(1), default=1000, help="hands to play (1000 by default)")
    sim.add_argument("--seed", type=_seed, default=0, help="0 to 2**64 - 1 (0 by default)")
    sim.add_argument("--workers", type=_at_least(1), default=1, help="processes to use (1 by default)")
    _add_rule_options(sim)
    tour = commands.add_parser("tournament", help="rate bots on duplicate deals (each deal played from every seat)")
    tour.add_argument(
        "--bots", type=_bot_names, default=_bot_names("heuristic,greedy,random,random"),
        help=f"as many as the seats or more, {_BOT_HELP}",
    )
    tour.add_argument("--hands", type=_at_least(1), default=1000, help="rounded up to whole rotations of the seats")
    tour.add_argument("--seed", type=_seed, default=0, help="0 to 2**64 - 1 (0 by default)")
    tour.add_argument("--workers", type=_at_least(1), default=1, help="processes to use (1 by default)")
    _add_rule_options(tour)
    ref = commands.add_parser("referee", help="check a game record and explain the first illegal move")
    ref.add_argument("record", help="a record in the JSON format (see the docs)")
    rules = commands.add_parser("rules", help="show every rule option of a preset")
    rules.add_argument("name", nargs="?", choices=Rules.preset_names(), default=None)
    _add_rule_options(rules)
    return parser


def _message(error: BaseException) -> str:
    """An exception as one line of text: its message, or its type when it has none."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _run(argv: Sequence[str] | None, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            arguments = _parser().parse_args(argv)
    except SystemExit as done:  # --help, or argparse refused an argument
        stdout.flush()
        return int(done.code or 0)
    prefix = f"zhengshangyou {arguments.command}: error:"
    try:
        status = _COMMANDS[arguments.command](arguments, stdin, stdout, stderr)
    except (ZhengShangyouError, _UsageError) as error:
        print(prefix, error, file=stderr)
        status = EXIT_USAGE
    except BrokenPipeError:
        raise
    except Exception as error:  # the last resort: a message, not a traceback
        print(prefix, "unexpected error (please report it):", _message(error), file=stderr)
        status = EXIT_INTERNAL
    stdout.flush()
    return status


def _silence(stream: TextIO) -> None:
    """Point ``stream``'s file descriptor at the null device, so that Python's own
    flush at exit does not fail again on a closed pipe."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the command line with ``argv`` (the process arguments by default) and
    return the exit status; output goes to ``stdout``, messages to ``stderr``.

    >>> import io
    >>> errors = io.StringIO()
    >>> main(["referee", "/nonexistent.json"], stdout=io.StringIO(), stderr=errors)
    2
    >>> print(errors.getvalue().strip())
    zhengshangyou referee: error: cannot read /nonexistent.json: No such file or directory
    """
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        return _run(argv, stdin, stdout, stderr)
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            print("Interrupted.", file=stderr, flush=True)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``zhengshangyou rules | head -2``)
        _silence(stdout)
        return EXIT_BROKEN_PIPE


def run() -> None:
    """The console-script entry point: undecodable input and unencodable output are
    replaced rather than fatal."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    raise SystemExit(main())
