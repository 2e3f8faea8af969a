"""The terminal game, ``zhengshangyou play``, and ``replay`` (issue 17).

Driven through ``main(argv, stdin)`` with a typist that reads the screen, and once
through a real pseudo-terminal: whole hands to the score, the public events in
words, declared and rank-only plays, refusals with their rule id once, 60 columns
and 8 players, the seed in the header, ``--record`` then ``referee`` and ``replay``.
"""

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zhengshangyou import Game, Record, Rules
from zhengshangyou.cli import main
from zhengshangyou.plays import Play


class Typed(io.StringIO):
    """Standard input typed line by line; a line may be worked out from the screen so
    far; after the given lines, the typist follows the hints (``?`` then the hint)."""

    def __init__(self, screen: io.StringIO, *lines: str | Callable[[str], str], hints: bool = False) -> None:
        super().__init__()
        self.screen = screen
        self.lines = list(lines)
        self.hints = hints
        self.asked = False
        self.sent = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.sent += 1
        if self.sent > 3000:
            return ""
        if self.lines:
            line = self.lines.pop(0)
            return (line if isinstance(line, str) else line(self.screen.getvalue())) + "\n"
        if not self.hints:
            return ""
        if self.asked:
            self.asked = False
            hints: list[str] = re.findall(r"hint: (.*)$", self.screen.getvalue(), re.MULTILINE)
            return hints[-1] + "\n"
        self.asked = True
        return "?\n"


def play(argv: list[str], *lines: str | Callable[[str], str], hints: bool = False, columns: int = 1000) -> tuple[int, str]:
    """Run ``zhengshangyou play`` in this process: its status and its screen."""
    screen = io.StringIO()
    os.environ["COLUMNS"] = str(columns)
    try:
        status = main(["play", *argv], stdin=Typed(screen, *lines, hints=hints), stdout=screen)
    finally:
        del os.environ["COLUMNS"]
    return status, screen.getvalue()


def test_R7_1_a_whole_hand_to_the_score_says_every_public_event(kept_games: list[Game]) -> None:
    games = kept_games
    status, text = play(["--seed", "4", "--players", "3"], "3X", hints=True)
    assert status == 0
    (game,) = games
    result = game.state.results[-1]
    # The seed is in the header, so the game can be played again.
    assert text.splitlines()[0].startswith("Zheng Shangyou · preset zhengshangyou · 3 players · seed 4 ")
    # A refusal names the token and its rule once (R1.4).
    (refusal,) = [line for line in text.splitlines() if "Not allowed" in line]
    assert refusal == "your move> Not allowed: '3X' is not a card: write rank then suit, as 3D, 10H, QS, or BJ, RJ (R1.4)"
    # The trick card, why its holder leads, every trick's end, the Winner (R2.4, R5.4, R6.1).
    deal = game.state.history()[0][0]
    assert f"face-up card: {deal.trick_card}, dealt to seat {deal.trick_seat} " in text
    assert re.search(rf"^seat {deal.trick_seat} \(\w+\) leads: dealt the face-up card {deal.trick_card} \(R2\.4\)$", text, re.MULTILINE)
    assert re.search(r"^everyone passed: seat \d \(\w+\) wins the trick with .* and leads \(R5\.4\)$", text, re.MULTILINE)
    assert re.search(rf"^seat {result.winner} \(\w+\) is out: Winner \(R6\.1\)$", text, re.MULTILINE)
    # The scoring, line by line with the cards counted (R7.1).
    for seat in range(3):
        score = re.escape(f"{result.scores[seat]:+d}")
        assert re.search(rf"^seat {seat} \(\w+\): {score}, ", text, re.MULTILINE), seat
    left = [seat for seat in range(3) if result.cards_left[seat]]
    assert any(f"{result.cards_left[seat]} cards left" in text or f"{result.cards_left[seat]} card left" in text for seat in left)
    assert "End of input" not in text


def test_R3_16_an_ambiguous_lead_is_declared_by_number_or_in_words(kept_games: list[Game]) -> None:
    argv = ["--seed", "5", "--straight-flush", "distinct", "--min-straight", "3", "--first-lead", "dealer"]
    games = kept_games
    status, text = play(argv, "6D 7D 8D", "2", "quit")
    assert status == 0
    lead = games[0].state.log[0]
    # The seed deals seat 0 the lead and 6D 7D 8D, which read as a straight or a
    # straight flush (R3.11 with straight_flush="distinct").
    assert lead.seat == 0
    assert isinstance(lead.move, Play)
    assert lead.move.kind.value == "straight_flush"
    assert "6D 7D 8D can be played as:\n  1) straight   (6D 7D 8D as straight)\n  2) straight flush   (6D 7D 8D as straight_flush)" in text
    assert "seat 0 (you) plays 6D 7D 8D (straight flush)" in text
    games.clear()
    status, text = play(argv, "6d 7d 8d as straight", "quit")
    assert status == 0
    assert isinstance(games[0].state.log[0].move, Play)
    assert games[0].state.log[0].move.kind.value == "straight"
    assert "seat 0 (you) plays 6D 7D 8D (straight)" in text


def test_R1_4_ranks_alone_where_suits_cannot_matter(kept_games: list[Game]) -> None:
    games = kept_games
    # Seed 5, the dealer (seat 0) leads: a rank it holds exactly twice.
    hand = Game(Rules(first_lead="dealer"), seed=5).hands[0]
    pair = next(card.rank.symbol for card in hand if sum(other.rank == card.rank for other in hand) == 2)
    status, text = play(["--seed", "5", "--first-lead", "dealer"], f"{pair} {pair.lower()}", "quit")
    assert status == 0
    first = games[0].state.log[0].move
    assert isinstance(first, Play)
    assert first.kind.value == "pair"
    assert {card.rank.symbol for card in first.cards} == {pair}
    # Where suits matter (R4.3: pairs compared by suit), the suits must be named.
    games.clear()
    argv = ["--seed", "5", "--first-lead", "dealer", "--suit-order", "DCHS", "--pairs-by-suit", "true"]
    status, text = play(argv, pair, "quit")  # one of two: which suit is a choice
    assert re.search(
        rf"Not allowed: name the cards, such as {pair}[CDHS] or {pair}[CDHS]: under these rules plays of one rank"
        r" are compared by suit \(R4\.3\)\n",
        text,
    )
    status, text = play(argv, "5 5 5 5 5", "quit")
    assert re.search(r"Not allowed: you hold (no 5s|one 5|\w+ 5s), not five \(R1\.4\)\n", text)


def test_R2_4_the_trick_card_and_the_first_lead_are_said_at_60_columns_with_8_players() -> None:
    status, text = play(["--seed", "2", "--players", "8", "--decks", "2"], hints=True, columns=60)
    assert status == 0
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 60, max(lines, key=len)
    # Lines break between words: no card (such as 10♣) is cut in two.
    assert not [line for line in lines if re.match(r"^0[♣♦♥♠CDHS]", line)]
    assert "Finishing order:" in text
    table = [line for line in lines if re.match(r"^seat \d \(\w+\) +\d+", line)]
    assert {line.split()[1] for line in table} == {str(seat) for seat in range(8)}


def test_R5_6_auto_restart_says_why_a_seat_leads_again() -> None:
    status, text = play(["--seed", "3", "--auto-restart", "true"], hints=True)
    assert status == 0
    assert re.search(r"^nobody can beat .*: seat \d \(\w+\) leads again \(R5\.6\)$", text, re.MULTILINE)


def test_play_help_hint_and_quit() -> None:
    status, text = play(["--seed", "0"], "help", "hint", "quit")
    assert status == 0
    assert "An ambiguous play is declared: 3C 4C 5C as straight_flush" in text
    assert re.search(r"^your move> hint: \S", text, re.MULTILINE)
    assert "not a card" not in text


def test_R4_2_a_single_that_does_not_beat_is_refused_with_its_rule_once() -> None:
    status, text = play(["--seed", "0"], lambda screen: re.findall(r"your hand \(\d+\): (\S+)", screen)[-1], "quit")
    assert status == 0
    assert "to beat: 8C (single) by seat 3 (heuristic)" in text
    assert text.endswith("your move> Not allowed: 4S is not higher than 8C (R4.2)\nyour move> ")


def test_play_asks_again_after_a_blank_line_and_stops_at_the_end_of_input() -> None:
    status, text = play(["--seed", "0"], "", "  ")
    assert status == 0
    assert text.count("your move> ") == 3
    assert text.endswith("your move> \nEnd of input: stopping.\n")


def test_play_reports_any_refusal_of_the_library_and_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    parse_move = Game.parse_move

    def odd(self: Game, move: Any) -> Any:
        if isinstance(move, str):  # what the person types; the bots' moves go through
            raise ValueError("an odd refusal")
        return parse_move(self, move)

    monkeypatch.setattr(Game, "parse_move", odd)
    status, text = play(["--seed", "0"], "4S", "quit")
    assert status == 0
    assert text.endswith("your move> Not allowed: an odd refusal\nyour move> ")


@pytest.mark.parametrize(("seed", "role"), [(2, "winner"), (13, "loser")])
def test_R8_2_the_exchange_prompt_says_what_to_type(kept_games: list[Game], seed: int, role: str) -> None:
    games = kept_games
    status, text = play(["--seed", str(seed), "--hands", "2", "--exchange", "highest_for_one_of_two"], hints=True)
    assert status == 0
    first = games[0].state.results[0]
    assert (first.winner if role == "winner" else first.loser) == 0  # the seed's first hand
    if role == "winner":
        assert "You are the Winner: offer two cards of your hand for the Loser to take one (R8.2), e.g. 'offer " in text
    else:
        assert re.search(r"You are the Loser: give your highest card \(R8\.2\): type 'give \w+'", text)
        assert re.search(r"You are the Loser: take one of the two offered cards \(R8\.2\): type 'take \w+' or 'take \w+'", text)
    assert "…" not in text
    assert "..." not in text


def test_R4_8_a_revolution_is_said_when_it_happens() -> None:
    argv = ["--seed", "18", "--players", "3", "--revolution", "true", "--four-of-a-kind", "plain"]
    status, text = play(argv, hints=True)
    assert status == 0
    four = re.search(r"^seat \d \(\w+\) plays (\S+ ){4}\(four of a kind\)$", text, re.MULTILINE)
    assert four is not None
    assert text[four.end() :].lstrip().startswith("revolution: the rank order is flipped: 2 lowest, 3 highest (R4.8)")


class Terminal(io.StringIO):
    """A colour terminal that shows UTF-8."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("no_color", [False, True])
def test_R1_4_suit_symbols_and_red_suits_in_a_colour_terminal_and_NO_COLOR(
    monkeypatch: pytest.MonkeyPatch, no_color: bool
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    screen = Terminal()
    assert main(["play", "--seed", "0"], stdin=Typed(screen, "quit"), stdout=screen) == 0
    text = screen.getvalue()
    assert "♠" in text
    assert "♥" in text
    assert ("\x1b[" in text) is not no_color
    if not no_color:
        assert re.search(r"\x1b\[[0-9;]*31m8♥|\x1b\[[0-9;]*31m[0-9JQKA]+[♥♦]", text)


def test_play_record_then_referee_and_replay(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    status, text = play(["--seed", "9", "--record", str(path)], hints=True)
    assert status == 0
    assert f"Record written to {path}" in text
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert record.seed == 9
    assert record.replay().state.results  # a whole hand
    out = io.StringIO()
    assert main(["referee", str(path)], stdout=out) == 0
    assert out.getvalue().startswith("The record is legal")
    # The replay tells the hand as the play did, move by move: Enter, a move number, end.
    out = io.StringIO()
    moves = sum(len(hand.actions) for hand in record.hands)
    assert main(["replay", str(path), "--hands"], stdin=io.StringIO("\n\n5\nend\n"), stdout=out) == 0
    told = out.getvalue()
    assert told.count("move ") >= 3
    assert f"/{moves}> " in told
    lines = [re.sub(r"^(your move> )+", "", line) for line in text.splitlines()]
    played = [line for line in lines if re.match(r"^seat \d \(\w+\) (plays|passes)", line)]
    replayed = [line for line in told.splitlines() if re.match(r"^(move \d+/\d+> )?seat \d (plays|passes)", line)]
    strip = re.compile(r"^(move \d+/\d+> )?(seat \d)( \(\w+\))?")
    assert [strip.sub(r"\2", line) for line in replayed] == [strip.sub(r"\2", line) for line in played]
    scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(record.replay().scores))
    assert "End of the record: scores " + scores in told
    # An illegal record is the referee's: replay refuses it, naming the command.
    data = json.loads(path.read_text(encoding="utf-8"))
    data["hands"][0]["moves"][1] = data["hands"][0]["moves"][0]
    path.write_text(json.dumps(data), encoding="utf-8")
    err = io.StringIO()
    assert main(["replay", str(path)], stdout=io.StringIO(), stderr=err) == 2
    assert "is not a legal game record" in err.getvalue()
    assert "zhengshangyou referee" in err.getvalue()


def test_version_and_rule_flag_help() -> None:
    out = io.StringIO()
    assert main(["--version"], stdout=out) == 0
    assert re.fullmatch(r"zhengshangyou \d+\.\d+\.\d+\S*\n", out.getvalue())
    out = io.StringIO()
    os.environ["COLUMNS"] = "200"
    try:
        assert main(["play", "--help"], stdout=out) == 0
    finally:
        del os.environ["COLUMNS"]
    text = out.getvalue()
    line = next(line for line in text.splitlines() if "--min-straight VALUE" in line and "fewest" in line)
    assert "the fewest cards of a straight: 3 or more (zhengshangyou preset: 5; R3.7, R3.11, R10)" in line
    for name in Rules.option_names():
        assert re.search(rf"--{name.replace('_', '-')} VALUE\s+\w", text), name


def test_simulate_uses_fewer_bot_names_in_turn_as_play_does() -> None:
    out = io.StringIO()
    assert main(["simulate", "--bots", "greedy,random", "--games", "4", "--players", "4"], stdout=out, stderr=io.StringIO()) == 0
    table = out.getvalue()
    assert table.count("GreedyBot") == 2
    assert table.count("RandomBot") == 2
    err = io.StringIO()
    assert main(["simulate", "--bots", "random,random,random", "--players", "2"], stdout=io.StringIO(), stderr=err) == 2
    assert "--bots names at most 2 bots (one a seat), not 3" in err.getvalue()


def test_play_in_a_real_terminal() -> None:
    """Drive ``python -m zhengshangyou play`` through a pseudo-terminal to the score:
    input() with line editing, colour, a refusal, hints."""
    controller, worker = pty.openpty()
    env = dict(os.environ, PYTHONIOENCODING="utf-8", TERM="xterm", COLUMNS="100")
    env.pop("NO_COLOR", None)
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
    answered = 0  # prompts answered (a prompt may arrive in pieces)
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
            if text.rstrip().endswith("your move>") and text.count("your move>") > answered:
                answered = text.count("your move>")
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
    assert "Not allowed: '2X' is not a card" in text
    assert "\x1b[" in text
    assert "31m" in text
    assert "The hand is over." in text
    assert "Finishing order:" in text


class WrongAtTheExchange(Typed):
    """Follows the hints, but first answers the Loser's prompt with a take."""

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        screen = self.screen.getvalue()
        if "You are the Loser: give" in screen and not self.lines and "take 3D" not in screen:
            self.lines.append("take 3D")
            self.screen.write("take 3D")  # the test finds it was sent
        return super().readline(size)


def test_R8_2_a_refused_exchange_decision_names_the_form_to_type() -> None:
    screen = io.StringIO()
    os.environ["COLUMNS"] = "1000"
    try:
        argv = ["play", "--seed", "13", "--hands", "2", "--exchange", "highest_for_one_of_two"]
        assert main(argv, stdin=WrongAtTheExchange(screen, hints=True), stdout=screen) == 0
    finally:
        del os.environ["COLUMNS"]
    text = screen.getvalue()
    assert re.search(r"Not allowed: take 3D is not allowed now: the Loser must give their highest card: give \w+ \(R8\.2\)\n", text)
    assert "Give(" not in text
    assert "Play(" not in text


@settings(max_examples=30, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            st.text(max_size=30),
            st.sampled_from(["9 9", "10 J Q K A", "3C 4C 5C as straight_flush", "1", "2", "as", "give 2S", "?"]),
        ),
        max_size=12,
    ),
    seed=st.integers(0, 2**16),
)
def test_R1_4_no_typed_line_crashes_the_terminal_game(lines: list[str], seed: int) -> None:
    argv = ["--seed", str(seed), "--straight-flush", "distinct", "--min-straight", "3", "--exchange", "highest_for_any"]
    screen = io.StringIO()
    typed = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    errors = io.StringIO()
    status = main(["play", *argv, "--hands", "2"], stdin=Typed(screen, *typed), stdout=screen, stderr=errors)
    assert (status, errors.getvalue()) == (0, "")
    assert screen.getvalue().endswith(("End of input: stopping.\n", "your move> "))
