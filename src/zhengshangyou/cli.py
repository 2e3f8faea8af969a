"""The command line: ``zhengshangyou play | simulate | tournament | referee | rules``.

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
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO

from zhengshangyou.actions import Give, Move, Offer, Pass, Return, Take
from zhengshangyou.bots import Bot, HeuristicBot
from zhengshangyou.cards import Card, Suit
from zhengshangyou.errors import ZhengShangyouError
from zhengshangyou.game import SEED_LIMIT, Game, Observation, Phase
from zhengshangyou.plays import Play
from zhengshangyou.record import referee
from zhengshangyou.rules import Rules
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
    lowered = stripped.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    if _INTEGER.fullmatch(stripped):
        return _whole(stripped)
    if stripped.startswith(("[", "{")):
        try:
            return json.loads(stripped)
        except RecursionError:
            raise argparse.ArgumentTypeError(f"{_brief(text)} is nested too deeply") from None
        except json.JSONDecodeError as error:
            raise argparse.ArgumentTypeError(f"{_brief(text)} is not valid JSON: {error}") from None
        except ValueError:  # Python refuses ints of more than 4300 digits
            raise argparse.ArgumentTypeError(f"{_brief(text)} holds a number of too many digits") from None
    return stripped


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--preset", default="zhengshangyou", choices=Rules.preset_names())
    group = parser.add_argument_group("rule options (any option of Rules, e.g. --min-straight 3)")
    for name in Rules.option_names():
        group.add_argument(
            "--" + name.replace("_", "-"),
            dest="rule_" + name,
            metavar="VALUE",
            type=_option_value,
            default=argparse.SUPPRESS,
        )


def _rules_from(arguments: argparse.Namespace) -> Rules:
    overrides = {
        name: getattr(arguments, "rule_" + name)
        for name in Rules.option_names()
        if hasattr(arguments, "rule_" + name)
    }
    preset = getattr(arguments, "name", None) or arguments.preset
    return Rules.preset(preset, **overrides)


class _Screen:
    """Output with suit symbols and colours where the terminal can show them."""

    def __init__(self, stdout: TextIO) -> None:
        self.out = stdout
        encoding = getattr(stdout, "encoding", None) or "ascii"
        try:
            "♠♥♦♣".encode(encoding)
            self.unicode = True
        except (UnicodeEncodeError, LookupError):
            self.unicode = False
        self.colour = (
            hasattr(stdout, "isatty")
            and stdout.isatty()
            and "NO_COLOR" not in os.environ
            and os.environ.get("TERM") != "dumb"
        )

    def card(self, card: Card) -> str:
        text = card.unicode() if self.unicode else str(card)
        if self.colour and (card.suit in (Suit.HEARTS, Suit.DIAMONDS) or str(card) == "RJ"):
            return f"\033[31m{text}\033[0m"
        return text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "-"

    def move(self, move: Move) -> str:
        if isinstance(move, Play):
            return f"{self.cards(move.cards)} ({move.kind.label})"
        if isinstance(move, Pass):
            return "pass"
        if isinstance(move, Offer):
            return f"offer {self.cards(move.cards)}"
        assert isinstance(move, (Give, Take, Return))
        return f"{type(move).__name__.lower()} {self.card(move.card)}"

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)


def _plain_move(move: Move) -> str:
    """A move as the player would type it."""
    if isinstance(move, Play):
        return " ".join(str(card) for card in move.cards)
    return str(move)


# --- play -----------------------------------------------------------------------
#
# Everything the person sees comes from their own seat's Observation: the moves of
# the other seats are the new entries of ``observation.history`` (which leaves out an
# exchange offer to a seat that is neither the Winner nor the Loser, R8.2), never the
# bots' decisions or the game's state.


def _show_hand_start(screen: _Screen, seen: Observation, names: Sequence[str]) -> None:
    screen.say("")
    screen.say(f"Hand {seen.hand_number + 1}, dealt by {names[seen.dealer]}.")
    if seen.trick_card is not None and seen.trick_seat is not None:
        screen.say(f"  face-up card: {screen.card(seen.trick_card)}, dealt to {names[seen.trick_seat]}")
    if seen.phase is Phase.EXCHANGE:
        last = seen.results[-1]
        then = "offers two cards, of which the Loser takes one"
        if seen.rules.exchange != "highest_for_one_of_two":
            then = "returns any card"
        screen.say(
            f"Exchange (R8): the Loser ({names[last.loser]}) gives the highest card to"
            f" the Winner ({names[last.winner]}), who then {then}."
        )


def _show_table(screen: _Screen, seen: Observation, names: Sequence[str]) -> None:
    counts = ", ".join(f"{names[seat]}: {count}" for seat, count in enumerate(seen.counts))
    screen.say(f"  cards held: {counts}")
    if seen.offered:
        screen.say(f"  offered: {screen.cards(seen.offered)}")
    if seen.top is not None:
        screen.say(f"  to beat: {screen.move(seen.top)} by {names[seen.top_seat]}")
    elif seen.phase is Phase.PLAY:
        screen.say("  a new trick: lead anything")
    if seen.revolution:
        screen.say("  revolution: the rank order is flipped")
    screen.say(f"  your hand: {screen.cards(seen.hand.cards)}")
    if seen.phase is Phase.EXCHANGE:
        options = ", ".join(_plain_move(move) for move in seen.legal_moves[:12])
        more = " ..." if len(seen.legal_moves) > 12 else ""
        screen.say(f"  exchange: choose one of {options}{more}")


def _show_result(screen: _Screen, seen: Observation, names: Sequence[str]) -> None:
    result = seen.results[-1]
    seats = range(len(names))
    screen.say("")
    screen.say("The hand is over. Finishing order: " + ", ".join(names[s] for s in result.finishing_order))
    screen.say("Scores this hand: " + ", ".join(f"{names[s]} {result.scores[s]:+d}" for s in seats))
    screen.say("Match totals:     " + ", ".join(f"{names[s]} {seen.scores[s]:+d}" for s in seats))


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
    bots = _seat_bots(rules, you, arguments.bots)
    names = ["you" if bot is None else f"seat {seat} ({type(bot).__name__})" for seat, bot in enumerate(bots)]
    game = Game(rules, seed=arguments.seed)
    screen = _Screen(stdout)
    screen.say(f"Zheng Shangyou, preset {arguments.preset}, {rules.players} players; you are seat {you}.")
    screen.say("Type cards as 3D 10H QS BJ (or with suit symbols), 'pass', '?' for a hint, 'quit' to stop.")
    hand_shown, moves_shown, hands_played = -1, 0, 0
    while True:
        seen = game.observation(you)
        if seen.hand_number != hand_shown:
            hand_shown, moves_shown = seen.hand_number, 0
            _show_hand_start(screen, seen, names)
        for action in seen.history[moves_shown:]:
            screen.say(f"{names[action.seat]}: {screen.move(action.move)}")
        moves_shown = len(seen.history)
        if seen.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            _show_result(screen, seen, names)
            hands_played += 1
            if seen.phase is Phase.MATCH_OVER or hands_played >= arguments.hands:
                return EXIT_OK
            game.next_hand()
            continue
        bot = bots[seen.to_act]
        if bot is not None:
            game.play(bot.choose(game.observation(seen.to_act)), seat=seen.to_act)
        elif not _human_move(game, seen, stdin, screen, names):
            return EXIT_OK


def _human_move(game: Game, seen: Observation, stdin: TextIO, screen: _Screen, names: Sequence[str]) -> bool:
    """Read the person's move until one is allowed and play it; False to stop."""
    screen.say("")
    _show_table(screen, seen, names)
    while True:
        print("your move> ", end="", file=screen.out, flush=True)
        line = stdin.readline()
        if not line:
            screen.say("")
            screen.say("End of input: stopping.")
            return False
        text = line.strip()
        if text.lower() in ("quit", "exit"):
            return False
        if text == "?":
            screen.say(f"hint: {_plain_move(HeuristicBot().choose(seen))}")
            continue
        if not text:
            continue
        try:
            game.play(game.parse_move(text), seat=seen.seat)
        except ValueError as error:  # the library's errors are ValueErrors naming a rule
            screen.say(f"Not allowed: {error}")
            rule = getattr(error, "rule", None)
            if rule:
                screen.say(f"  (rule {rule}; type ? for a hint)")
            continue
        return True


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
    names = arguments.bots * rules.players if len(arguments.bots) == 1 else arguments.bots
    if len(names) != rules.players:
        raise _UsageError(f"--bots needs one name or {rules.players} names, not {len(names)}")
    bots: list[Bot] = [bot_from_name(name) for name in names]
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


def _referee(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    path = arguments.record
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except UnicodeDecodeError as error:
        bad = error.object[error.start]
        raise _UsageError(f"cannot read {path}: not UTF-8 text (byte {bad:#04x} at offset {error.start})") from None
    except OSError as error:
        raise _UsageError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        report = referee(text)
    except ZhengShangyouError as error:
        raise _UsageError(f"{path} is not a game record: {error}") from None
    except RecursionError:
        raise _UsageError(f"{path} is not a game record: nested too deeply") from None
    except Exception as error:  # referee() promises not to raise; still, no traceback
        raise _UsageError(f"{path} is not a game record: {_message(error)}") from None
    if report.legal:
        print(f"The record is legal: every move follows the rules. Scores: {list(report.scores)}", file=stdout)
        for number, result in enumerate(report.results):
            print(f"  hand {number}: finishing order {list(result.finishing_order)}, scores {list(result.scores)}", file=stdout)
        return EXIT_OK
    if report.index is None and report.rule is None:
        raise _UsageError(f"{path} is not a game record: {report.reason}")
    where = "the record itself" if report.index is None else f"move {report.index} (counting from 0)"
    print(f"The record breaks a rule at {where}.", file=stdout)
    print(f"  rule: {report.rule}", file=stdout)
    print(f"  why:  {report.reason}", file=stdout)
    return EXIT_ILLEGAL


def _rules(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    rules = _rules_from(arguments)
    title = arguments.name or arguments.preset
    print(f"Rules of the preset {title!r}:", file=stdout)
    for name, value in rules.to_dict().items():
        print(f"  {name:<26} {json.dumps(value, ensure_ascii=False)}", file=stdout)
    return EXIT_OK


_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO, TextIO, TextIO], int]] = {
    "play": _play,
    "simulate": _simulate,
    "tournament": _tournament,
    "referee": _referee,
    "rules": _rules,
}


_BOT_HELP = "comma-separated among " + ", ".join(BOT_NAMES)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zhengshangyou", description="Zheng Shangyou (争上游): play, simulate, tournament, referee, rules."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("--seed", type=_seed, default=None, help="0 to 2**64 - 1 (random by default)")
    play.add_argument("--seat", type=_whole, default=0, help="your seat (0 by default)")
    play.add_argument("--bots", type=_bot_names, default=["heuristic"], help=f"opponents: {_BOT_HELP}")
    play.add_argument("--hands", type=_at_least(1), default=1, help="how many hands to play")
    _add_rule_options(play)
    sim = commands.add_parser("simulate", help="pit bots against each other")
    sim.add_argument("--bots", type=_bot_names, default=_bot_names("heuristic,random,random,random"), help=_BOT_HELP)
    sim.add_argument("--games", type=_at_least(1), default=1000)
    sim.add_argument("--seed", type=_seed, default=0)
    sim.add_argument("--workers", type=_at_least(1), default=1, help="processes to use")
    _add_rule_options(sim)
    tour = commands.add_parser("tournament", help="rate bots on duplicate deals (each deal played from every seat)")
    tour.add_argument(
        "--bots", type=_bot_names, default=_bot_names("heuristic,greedy,random,random"),
        help=f"as many as the seats or more, {_BOT_HELP}",
    )
    tour.add_argument("--hands", type=_at_least(1), default=1000, help="rounded up to whole rotations of the seats")
    tour.add_argument("--seed", type=_seed, default=0)
    tour.add_argument("--workers", type=_at_least(1), default=1, help="processes to use")
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
