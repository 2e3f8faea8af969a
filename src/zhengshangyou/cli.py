"""The command line: ``zhengshangyou play | simulate | referee | rules``.

``python -m zhengshangyou`` runs the same. The core package needs nothing but
attrs; with the ``cli`` extra (``pip install 'zhengshangyou[cli]'``) the
simulation shows a progress bar from `rich <https://rich.readthedocs.io>`_.

>>> import io
>>> out = io.StringIO()
>>> main(["rules", "winner"], stdout=out)
0
>>> "min_straight" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from zhengshangyou.actions import Give, Move, Offer, Pass, Return, Take
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot
from zhengshangyou.cards import Card, Suit
from zhengshangyou.errors import ZhengShangyouError
from zhengshangyou.game import Game, Observation
from zhengshangyou.plays import Play
from zhengshangyou.record import referee
from zhengshangyou.rules import Rules
from zhengshangyou.simulate import simulate

__all__ = ["main"]

_BOTS: dict[str, Callable[[], Bot]] = {
    "heuristic": HeuristicBot,
    "greedy": GreedyBot,
    "random": RandomBot,
}


def _option_value(text: str) -> Any:
    """Read an option value from the command line: true/false, none, a number, a list or text."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        pass
    if text.strip().startswith(("[", "{")):
        return json.loads(text)
    return text.strip()


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


def _show_table(screen: _Screen, seen: Observation, names: Sequence[str]) -> None:
    counts = ", ".join(
        f"{names[seat]}: {count}" for seat, count in enumerate(seen.counts)
    )
    screen.say(f"  cards held: {counts}")
    if seen.top is not None:
        screen.say(f"  to beat: {screen.move(seen.top)} by {names[seen.top_seat]}")
    elif seen.phase == "play":
        screen.say("  a new trick: lead anything")
    if seen.revolution:
        screen.say("  revolution: the rank order is flipped")


def _play(arguments: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    rules = _rules_from(arguments)
    screen = _Screen(stdout)
    you = arguments.seat
    if not 0 <= you < rules.players:
        screen.say(f"--seat must be 0..{rules.players - 1}")
        return 2
    bot_names = arguments.bots.split(",")
    if any(name not in _BOTS for name in bot_names):
        screen.say(f"--bots takes names among {', '.join(_BOTS)}")
        return 2
    bots: list[Bot | None] = []
    for seat in range(rules.players):
        if seat == you:
            bots.append(None)
        else:
            name = bot_names[(seat - (seat > you)) % len(bot_names)]
            bots.append(RandomBot(seed=seat) if name == "random" else _BOTS[name]())
    names = [
        "you" if bot is None else f"seat {seat} ({type(bot).__name__})" for seat, bot in enumerate(bots)
    ]
    advisor = HeuristicBot()
    game = Game(rules, seed=arguments.seed)
    screen.say(f"Zheng Shangyou, preset {arguments.preset!r}, {rules.players} players; you are seat {you}.")
    screen.say("Type cards as 3D 10H QS BJ (or with suit symbols), 'pass', '?' for a hint, 'quit' to stop.")
    hands_played = 0
    while True:
        if game.is_hand_over:
            result = game.state.result
            assert result is not None
            hands_played += 1
            screen.say("")
            screen.say("The hand is over. Finishing order: " + ", ".join(names[s] for s in result.finishing_order))
            screen.say("Scores this hand: " + ", ".join(f"{names[s]} {result.scores[s]:+d}" for s in range(rules.players)))
            screen.say("Match totals:     " + ", ".join(f"{names[s]} {game.scores[s]:+d}" for s in range(rules.players)))
            if game.is_match_over or hands_played >= arguments.hands:
                return 0
            game.next_hand()
            screen.say("")
            screen.say(f"Hand {game.state.hand_number + 1}.")
            continue
        seat = game.to_act
        seen = game.observation(seat)
        bot = bots[seat]
        if bot is not None:
            move = bot.choose(seen)
            game.play(move, seat=seat)
            screen.say(f"{names[seat]}: {screen.move(move)}")
            continue
        screen.say("")
        _show_table(screen, seen, names)
        screen.say(f"  your hand: {screen.cards(seen.hand.cards)}")
        if seen.phase == "exchange":
            options = ", ".join(_plain_move(move) for move in seen.legal_moves[:12])
            more = " ..." if len(seen.legal_moves) > 12 else ""
            screen.say(f"  exchange: choose one of {options}{more}")
        while True:
            print("your move> ", end="", file=stdout, flush=True)
            line = stdin.readline()
            if not line:
                screen.say("")
                screen.say("End of input: stopping.")
                return 0
            text = line.strip()
            if text.lower() in ("quit", "exit"):
                return 0
            if text == "?":
                hint = advisor.choose(seen)
                screen.say(f"hint: {_plain_move(hint)}")
                continue
            if not text:
                continue
            try:
                move = game.parse_move(text)
                game.play(move, seat=seat)
            except ZhengShangyouError as error:
                screen.say(f"Not allowed: {error}")
                if error.rule:
                    screen.say(f"  (rule {error.rule}; type ? for a hint)")
                continue
            except ValueError as error:
                screen.say(f"Not understood: {error}")
                continue
            screen.say(f"you: {screen.move(move)}")
            break


def _simulate(arguments: argparse.Namespace, stdout: TextIO) -> int:
    rules = _rules_from(arguments)
    names = arguments.bots.split(",")
    if len(names) == 1:
        names = names * rules.players
    if len(names) != rules.players or any(name not in _BOTS for name in names):
        print(
            f"--bots needs one name or {rules.players} names among {', '.join(_BOTS)}",
            file=stdout,
        )
        return 2
    bots: list[Bot] = [_BOTS[name]() for name in names]
    executor = None
    if arguments.workers > 1:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(arguments.workers)
    try:
        result = _run_with_progress(bots, rules, arguments, executor, stdout)
    finally:
        if executor is not None:
            executor.shutdown()
    print(result.table(), file=stdout)
    print(f"{result.games} hands, {result.mean_hand_length:.1f} moves a hand, seed {arguments.seed}", file=stdout)
    return 0


def _run_with_progress(
    bots: list[Bot], rules: Rules, arguments: argparse.Namespace, executor: Any, stdout: TextIO
) -> Any:
    try:
        from rich.progress import Progress
    except ImportError:
        def report(done: int) -> None:
            print(f"\r{done}/{arguments.games} hands", end="", file=sys.stderr, flush=True)

        result = simulate(bots, rules, arguments.games, arguments.seed, executor, progress=report)
        print(file=sys.stderr)
        return result
    with Progress(transient=True) as progress:
        task = progress.add_task("simulating", total=arguments.games)
        return simulate(
            bots,
            rules,
            arguments.games,
            arguments.seed,
            executor,
            progress=lambda done: progress.update(task, completed=done),
        )


def _referee(arguments: argparse.Namespace, stdout: TextIO) -> int:
    try:
        with open(arguments.record, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        print(f"cannot read {arguments.record}: {error}", file=stdout)
        return 2
    report = referee(text)
    if report.legal:
        print(f"The record is legal: every move follows the rules. Scores: {list(report.scores)}", file=stdout)
        for number, result in enumerate(report.results):
            print(f"  hand {number}: finishing order {list(result.finishing_order)}, scores {list(result.scores)}", file=stdout)
        return 0
    where = "the record itself" if report.index is None else f"move {report.index} (counting from 0)"
    print(f"The record breaks a rule at {where}.", file=stdout)
    print(f"  rule: {report.rule or 'record format'}", file=stdout)
    print(f"  why:  {report.reason}", file=stdout)
    return 1


def _rules(arguments: argparse.Namespace, stdout: TextIO) -> int:
    rules = _rules_from(arguments)
    title = arguments.name or arguments.preset
    print(f"Rules of the preset {title!r}:", file=stdout)
    for name, value in rules.to_dict().items():
        print(f"  {name:<26} {json.dumps(value, ensure_ascii=False)}", file=stdout)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zhengshangyou", description="Zheng Shangyou (争上游): play, simulate, referee, rules."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--seat", type=int, default=0, help="your seat (0 by default)")
    play.add_argument("--bots", default="heuristic", help="opponents: heuristic, greedy, random (comma-separated)")
    play.add_argument("--hands", type=int, default=1, help="how many hands to play")
    _add_rule_options(play)
    sim = commands.add_parser("simulate", help="pit bots against each other")
    sim.add_argument("--bots", default="heuristic,random,random,random")
    sim.add_argument("--games", type=int, default=1000)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--workers", type=int, default=1, help="processes to use")
    _add_rule_options(sim)
    ref = commands.add_parser("referee", help="check a game record and explain the first illegal move")
    ref.add_argument("record", help="a record in the JSON format (see the docs)")
    rules = commands.add_parser("rules", help="show every rule option of a preset")
    rules.add_argument("name", nargs="?", choices=Rules.preset_names(), default=None)
    _add_rule_options(rules)
    return parser


def main(
    argv: Sequence[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None
) -> int:
    """Run the command line with ``argv`` (the process arguments by default).

    >>> import io
    >>> main(["referee", "/nonexistent.json"], stdout=io.StringIO())
    2
    """
    arguments = _parser().parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        if arguments.command == "play":
            return _play(arguments, stdin, stdout)
        if arguments.command == "simulate":
            return _simulate(arguments, stdout)
        if arguments.command == "referee":
            return _referee(arguments, stdout)
        return _rules(arguments, stdout)
    except ZhengShangyouError as error:
        print(f"error: {error}", file=stdout)
        return 2


def run() -> None:
    """The console-script entry point."""
    raise SystemExit(main())

