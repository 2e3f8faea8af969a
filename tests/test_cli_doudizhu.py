"""Dou Dizhu in the terminal: ``zhengshangyou play --preset doudizhu`` (issue 36).

Driven through ``main(argv, stdin, stdout)`` as tests/test_cli_play.py drives a
Zheng Shangyou hand: a newcomer plays a whole hand as the landlord (a bid of 3)
and another as a peasant (a pass), to the team result; the auction shows the
bids, the high bid and the moves allowed, and refuses a wrong line with one
reason and its rule; the kitty shows where D4.1 lets the seat see it, and the
screen never shows a card the seat may not know; a hand nobody bids for is dealt
again (``doudizhu``) or ends with 0 (``openspiel``, D3.3); records of Dou Dizhu
hands go through ``referee`` and ``replay``.

The opponents are ``--bots random``: RandomBot picks among the legal moves, so it
bids. (HeuristicBot and GreedyBot get an auction policy on another branch; until
then these tests do not rely on them.) RandomBot is seeded by its seat, so its
choices here follow from the seeds; the expected values come from the game the
command built (the engine) and from the rules' text (D3, D4, D9), never from the
screen itself.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_cli_observation import CARD, PROMPT
from test_cli_play import Typed, play
from zhengshangyou import Game, Record, Rules
from zhengshangyou.actions import PASS, Bid, Call, Move, Rob
from zhengshangyou.bots import RandomBot
from zhengshangyou.cards import Card
from zhengshangyou.cli import main
from zhengshangyou.game import Action, Observation, Phase
from zhengshangyou.plays import Play
from zhengshangyou.record import referee

RANDOM = ["--bots", "random"]
MOVE_LINE = re.compile(r"^seat (\d+) \(\w+\) (plays|passes|bids|calls|robs|declines|does not rob)\b")


def lines_of(text: str) -> list[str]:
    """The screen's lines, the prompts taken off."""
    return [PROMPT.sub("", line) for line in text.splitlines()]


def bombs_and_spring(log: tuple[Action, ...], landlord: int, winner: int) -> tuple[int, bool]:
    """D9.1, D9.2 from the hand's moves: the bombs and rockets, and whether the hand
    was a spring (the peasants played nothing) or an anti-spring (the landlord made
    one play only)."""
    plays = [action for action in log if isinstance(action.move, Play)]
    bombs = sum(1 for action in plays if isinstance(action.move, Play) and action.move.is_bomb)
    if winner == landlord:
        spring = all(action.seat == landlord for action in plays)
    else:
        spring = sum(1 for action in plays if action.seat == landlord) == 1
    return bombs, spring


def check_result(game: Game, text: str, you: int, landlord: int) -> None:
    """The end of the hand on the screen: the side that won (D8.1), each seat's score
    as D9.1 counts it with the base of the auction."""
    result = game.state.results[-1]
    assert result.landlord == landlord
    (_deal, log), = game.state.history()
    bombs, spring = bombs_and_spring(log, landlord, result.winner)
    bids = [action.move.value for action in log if isinstance(action.move, Bid)]
    stake = bids[-1] * 2**bombs * (2 if spring else 1)  # D9.1 (doudizhu: spring ×2)
    won = result.winner == landlord
    expected = [(2 * stake if won else -2 * stake) if seat == landlord else (-stake if won else stake) for seat in range(3)]
    assert list(result.scores) == expected
    lines = lines_of(text)
    names = [f"seat {seat} ({'you' if seat == you else 'random'})" for seat in range(3)]
    peasants = " and ".join(names[seat] for seat in range(3) if seat != landlord)
    if won:
        assert f"The landlord {names[landlord]} wins: out first (D8.1)" in lines
    else:
        assert f"The peasants {peasants} win: {names[result.winner]} went out first (D4.2, D8.1)" in lines
    for seat in range(3):
        part = "landlord" if seat == landlord else "peasant"
        assert any(line.startswith(f"{names[seat]} ({part}): {expected[seat]:+d}, ") for line in lines), seat
    assert f"Match totals: {', '.join(f'{names[seat]} {expected[seat]:+d}' for seat in range(3))}" in lines
    assert ("A spring: the peasants played no card (D9.2)" in lines or "An anti-spring: the landlord made one play only (D9.2)" in lines) == spring


def seats_table(lines: list[str], you: int) -> list[list[list[str]]]:
    """Every seats' table drawn: the rows' words (name, side, cards, status)."""
    tables = []
    for index, line in enumerate(lines):
        if re.match(r"^seat\s+side\s+cards", line):
            tables.append([re.split(r"\s{2,}", row.strip()) for row in lines[index + 1 : index + 4]])
    return tables


def test_D3_1_D4_1_a_newcomer_plays_a_whole_hand_as_the_landlord(kept_games: list[Game]) -> None:
    # Seed 1: the face-up card is seat 0's, who bids first (D2.3) and bids 3.
    status, text = play(["--preset", "doudizhu", "--seed", "1", *RANDOM], "bid 3", hints=True)
    assert status == 0
    (game,) = kept_games
    (deal, log), = game.state.history()
    assert deal.trick_seat == 0
    assert log[0] == Action(0, Bid(3))
    lines = lines_of(text)
    assert lines[0] == "Dou Dizhu · preset doudizhu · 3 players · seed 1 · you are seat 0"
    assert f"face-up card: {deal.trick_card}, dealt to seat 0 (you), who bids first (D2.3)" in lines
    assert "your turn: 'bid 1' or 'bid 2' or 'bid 3' or 'pass' (the number alone will do)" in lines
    assert "seat 0 (you) bids 3: the highest bid ends the auction (D3.1)" in lines
    assert "seat 0 (you) is the landlord (the high bidder), base 3; the peasants are seat 1 (random) and seat 2 (random) (D4.2)" in lines
    kitty = " ".join(map(str, deal.kitty))
    assert f"seat 0 (you) takes the kitty: {kitty} (D4.1)" in lines
    assert "seat 0 (you) leads: the landlord leads (D7.1)" in lines
    # The seats' table names the sides once the auction is over; the landlord holds 20 (D4.1).
    during, first = seats_table(lines, 0)[:2]
    assert [row[1] for row in during] == ["-", "-", "-"]  # nobody's side is known in the auction
    assert first[0][:3] == ["seat 0 (you)", "landlord", "20"]
    assert [row[1] for row in first[1:]] == ["peasant", "peasant"]
    # The kitty stays marked until played (D4.1): each of its cards is marked once played.
    kitty_lines = [line for line in lines if line.startswith("kitty (shown to all, D4.1): ")]
    assert kitty_lines[0] == f"kitty (shown to all, D4.1): {kitty}"
    assert all(card in kitty_lines[-1] for card in kitty.split())
    # The last table is drawn before the person's last move: the kitty's cards played by then are marked.
    last = max(index for index, action in enumerate(log) if action.seat == 0)
    played = {card for action in log[:last] if action.seat == 0 and isinstance(action.move, Play) for card in action.move.cards}
    for card in deal.kitty:
        assert (f"{card} (played)" in kitty_lines[-1]) == (card in played), card
    assert "landlord: seat 0 (you) · base 3 · bombs and rockets so far ×1" in lines
    assert game.phase is Phase.HAND_OVER
    check_result(game, text, you=0, landlord=0)
    assert "End of input" not in text


def test_D4_2_a_newcomer_plays_a_whole_hand_as_a_peasant(kept_games: list[Game]) -> None:
    # Seed 3: seat 2 bids first (its face-up card) and bids 1; the person passes; seat 1 bids 2.
    status, text = play(["--preset", "doudizhu", "--seed", "3", *RANDOM], "pass", hints=True)
    assert status == 0
    (game,) = kept_games
    (deal, log), = game.state.history()
    assert [(action.seat, action.move) for action in log[:3]] == [(2, Bid(1)), (0, PASS), (1, Bid(2))]  # once (D3.2)
    assert isinstance(log[3].move, Play)
    lines = lines_of(text)
    # The auction before the person's turn: the bids so far, the high bid, whose turn, the moves (D3.1, D3.2).
    assert "seat 2 (random) bids 1 (D3.1)" in lines
    table = seats_table(lines, 0)[0]
    assert table == [["seat 0 (you)", "-", "17", "to act"], ["seat 1 (random)", "-", "17"], ["seat 2 (random)", "-", "17", "bid 1"]]
    assert "auction (bids of 1 to 3, each seat once; D3.1, D3.2): high bid 1 by seat 2 (random)" in lines
    assert "your turn: 'bid 2' or 'bid 3' or 'pass' (the number alone will do)" in lines
    assert "seat 0 (you) passes" in lines
    assert "seat 1 (random) is the landlord (the high bidder), base 2; the peasants are seat 0 (you) and seat 2 (random) (D4.2)" in lines
    # doudizhu shows the kitty to every seat (D4.1, DE14).
    kitty = " ".join(map(str, deal.kitty))
    assert f"seat 1 (random) takes the kitty: {kitty} (D4.1)" in lines
    assert any(line.startswith(f"kitty (shown to all, D4.1): {deal.kitty[0]}") for line in lines)
    later = seats_table(lines, 0)[1]
    assert [row[:2] for row in later] == [["seat 0 (you)", "peasant"], ["seat 1 (random)", "landlord"], ["seat 2 (random)", "peasant"]]
    check_result(game, text, you=0, landlord=1)


def test_D3_1_the_auction_refuses_a_wrong_line_with_one_reason_and_its_rule(kept_games: list[Game]) -> None:
    typed = ["K", "bid 1", "bid 4", "call", "pas", "2", "quit"]
    status, text = play(["--preset", "doudizhu", "--seed", "3", *RANDOM], *typed)
    assert status == 0
    refusals = [line.removeprefix("your move> ") for line in text.splitlines() if "Not allowed" in line]
    assert refusals == [
        "Not allowed: the auction is under way: 'K' is no move now; type 'bid 2' or 'bid 3' or 'pass' (D3.1)",
        "Not allowed: a bid must be higher than the high bid, 1: bid 2, bid 3, or pass (D3.1)",
        "Not allowed: a bid is 1, 2 or 3, not '4' (D3.1)",
        "Not allowed: the auction is under way: call is no move now; a bid of 1, 2 or 3, or pass (D3)",
        "Not allowed: the auction is under way: 'pas' is no move now; type 'bid 2' or 'bid 3' or 'pass' (D3.1); did you mean 'pass'?",
    ]
    # The number alone is a bid (D3.1).
    (game,) = kept_games
    assert game.state.log[1] == Action(0, Bid(2))
    assert "seat 0 (you) bids 2 (D3.1)" in lines_of(text)


def test_D3_4_call_and_rob_are_typed_and_refused_with_their_rule(kept_games: list[Game]) -> None:
    typed = ["bid 1", "rob", "3", "call", "rob", "quit"]
    status, text = play(["--preset", "doudizhu", "--auction", "call_rob", "--seed", "1", *RANDOM], *typed)
    assert status == 0
    assert text.splitlines()[1].startswith("Type in the auction call, rob, pass; then cards")
    refusals = [line.removeprefix("your move> ") for line in text.splitlines() if "Not allowed" in line]
    assert refusals == [
        "Not allowed: the auction is under way: bid 1 is no move now; call, or pass (nobody has called yet) (D3)",
        "Not allowed: the auction is under way: rob is no move now; call, or pass (nobody has called yet) (D3)",
        "Not allowed: the auction is under way: '3' is no move now; type 'call' or 'pass' (D3.4)",
    ]
    assert "auction (call, then rob once each; D3.4): nobody has called yet" in lines_of(text)
    assert "seat 0 (you) calls for the landlord (D3.4)" in lines_of(text)
    (game,) = kept_games
    log = game.state.log
    assert log[0] == Action(0, Call())
    # What the random bots then did is told with the base doubling at each rob (D3.4).
    # Seed 1: both others rob, then the caller is asked to rob back (D3.4, library ruling) and does.
    assert [action.move for action in log[:4]] == [Call(), Rob(), Rob(), Rob()]
    assert "auction (call, then rob once each; D3.4): seat 0 (you) called; 2 robs, base 4" in lines_of(text)
    assert "your turn: 'rob' or 'pass'" in lines_of(text)
    assert "seat 0 (you) is the landlord (the last to call or rob), base 8; the peasants are seat 1 (random) and seat 2 (random) (D4.2)" in lines_of(text)
    robs = 0
    auction = []
    for action in log[1:]:
        if isinstance(action.move, Play):
            break
        auction.append(action)
    assert auction  # the others are asked to rob
    for action in auction:
        name = "you" if action.seat == 0 else "random"
        if isinstance(action.move, Rob):
            robs += 1
            back = " back" if action.seat == 0 else ""
            assert f"seat {action.seat} ({name}) robs{back}: the base doubles to {2**robs} (D3.4)" in text
        else:
            assert action.move == PASS
            assert f"seat {action.seat} ({name}) does not rob" in text


class PassingBot:
    """Passes in the auction, plays at random after it (a hand nobody bids for, D3.3)."""

    def __init__(self, seed: int) -> None:
        self.random = RandomBot(seed=seed)

    def choose(self, seen: Observation) -> Move:
        return PASS if seen.phase is Phase.AUCTION else self.random.choose(seen)


@pytest.fixture
def passing_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    import zhengshangyou.cli as cli

    monkeypatch.setattr(cli, "bot_from_name", lambda name, seed=None: PassingBot(seed or 0))


def test_D3_3_nobody_bids_under_doudizhu_the_cards_are_dealt_again(kept_games: list[Game], passing_bots: None) -> None:
    status, text = play(["--preset", "doudizhu", "--seed", "1"], "pass", "quit")
    assert status == 0
    (game,) = kept_games
    first, log = game.state.history()[0]
    assert game.state.hand_number == 1
    assert game.state.results[0].thrown_in
    assert [action.move for action in log] == [PASS, PASS, PASS]
    lines = lines_of(text)
    # Every pass is told, the last one too (it dealt the next hand at once); then the
    # next deal, by the next seat (D3.3).
    at = lines.index("Nobody bid in hand 1: the cards are dealt again (D3.3).")
    names = [f"seat {seat} ({'you' if seat == 0 else 'passing'})" for seat in range(3)]
    passes = [line for line in lines[:at] if line.endswith(" passes")]
    assert passes == [f"{names[action.seat]} passes" for action in log]
    assert lines[at - 2 : at] == [f"{names[log[-1].seat]} passes", ""]
    dealer = (first.dealer + 1) % 3
    assert lines[at + 1] == f"Hand 2, dealt by seat {dealer} ({'you' if dealer == 0 else 'passing'})."
    assert "Match totals" not in text  # the hand to play is the next one


def test_D3_3_nobody_bids_under_openspiel_the_hand_ends_with_0(kept_games: list[Game], passing_bots: None) -> None:
    status, text = play(["--preset", "openspiel", "--seed", "1"], "pass")
    assert status == 0
    (game,) = kept_games
    assert game.phase is Phase.HAND_OVER
    assert game.state.results[0].thrown_in
    lines = lines_of(text)
    assert "Nobody bid: the hand is thrown in, every score 0 (D3.3)" in lines
    assert lines[-1] == "Match totals: seat 0 (you) +0, seat 1 (passing) +0, seat 2 (passing) +0"
    assert "Hand 2" not in text


# --- what the screen may show ----------------------------------------------------


def told_moves(lines: list[str]) -> list[tuple[int, list[str]]]:
    found = []
    for line in lines:
        match = MOVE_LINE.match(line)
        if match:
            found.append((int(match.group(1)), sorted(CARD.findall(line))))
    return found


def check_screen(game: Game, text: str, you: int) -> None:
    """Every move of the hand is told, and every card printed is one the seat may
    know at that point: its own, the face-up card (D2.3), the kitty once taken
    where D4.1 shows it (to all under kitty_public, else to the landlord alone),
    or a card a move told so far showed."""
    (deal, log), = game.state.history()
    lines = [line for line in lines_of(text) if not line.startswith("Record written")]
    lines = lines[lines.index(next(line for line in lines if line.startswith("Hand 1, dealt by"))) :]
    assert told_moves(lines) == [
        (action.seat, sorted(map(str, action.move.cards)) if isinstance(action.move, Play) else []) for action in log
    ]
    landlord = game.state.results[-1].landlord
    known = set(deal.hands[you]) | {deal.trick_card} - {None}
    for line in lines:
        if "takes the kitty" in line and (game.rules.kitty_shown or you == landlord):
            known |= set(deal.kitty)
        shown = {Card.parse(token) for token in CARD.findall(line)}
        if MOVE_LINE.match(line):
            known |= shown
        hidden = shown - known
        assert not hidden, f"{line!r} shows {sorted(map(str, hidden))}"


@pytest.mark.parametrize(
    ("preset", "seed", "typed", "landlord"),
    [("doudizhu", 1, "bid 3", True), ("doudizhu", 3, "pass", False), ("openspiel", 1, "bid 3", True), ("openspiel", 3, "pass", False)],
)
def test_D4_1_DE14_the_screen_shows_only_what_the_seat_may_see(
    kept_games: list[Game], preset: str, seed: int, typed: str, landlord: bool
) -> None:
    status, text = play(["--preset", preset, "--seed", str(seed), *RANDOM], typed, hints=True)
    assert status == 0
    (game,) = kept_games
    assert (game.state.results[-1].landlord == 0) is landlord
    check_screen(game, text, you=0)
    (deal, _log), = game.state.history()
    kitty = " ".join(map(str, deal.kitty))
    shown = f"takes the kitty: {kitty} (D4.1)" in text
    assert shown is (preset == "doudizhu" or landlord)  # D4.1: openspiel shows it to the landlord alone
    if not shown:
        assert "takes the kitty's 3 cards, unseen by the others (D4.1)" in text
        assert "kitty: 3 cards, taken by the landlord and not shown (D4.1)" in text
        # The check notices the kitty shown to a peasant before the landlord played its
        # cards (here: before the first seats' table), in a line of its own or as the
        # landlord takes it.
        for leak in (f"kitty: {kitty}", f"seat 1 (random) takes the kitty: {kitty} (D4.1)"):
            at = text.index("\nseat          ")
            with pytest.raises(AssertionError, match="shows"):
                check_screen(game, text[:at] + "\n" + leak + text[at:], you=0)


# --- records: referee and replay -------------------------------------------------


def test_D3_referee_and_replay_a_dou_dizhu_record(tmp_path: Path, kept_games: list[Game]) -> None:
    path = tmp_path / "ddz.json"
    status, _text = play(["--preset", "openspiel", "--seed", "3", *RANDOM, "--record", str(path)], "pass", hints=True)
    assert status == 0
    (game,) = kept_games
    result = game.state.results[-1]
    out = io.StringIO()
    assert main(["referee", str(path)], stdout=out) == 0
    side = "the landlord" if result.winner == result.landlord else "the peasants"
    scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
    assert f"  hand 1: landlord seat {result.landlord}; {side} won, seat {result.winner} out first; scores {scores}" in out.getvalue()
    # The replay as a peasant (seat 1): the auction told, the kitty not shown (openspiel, D4.1).
    out = io.StringIO()
    assert main(["replay", str(path), "--seat", "1", "--to-end"], stdout=out) == 0
    told = out.getvalue()
    assert told.startswith("Replay of a record of Dou Dizhu: 1 hand(s), ")  # (FAMILY.md part D's game)
    assert "seat 2 bids 1 (D3.1)\nseat 0 passes\nseat 1 bids 2 (D3.1)\n" in told
    assert "seat 2 takes the kitty's 3 cards, unseen by the others (D4.1)" in told
    assert told.rstrip().endswith(f"End of the record: scores {scores}")
    # An illegal bid in the record: the referee names the move, counted from 1, and D3.1.
    data = json.loads(path.read_text(encoding="utf-8"))
    moves = data["hands"][0]["moves"]
    assert moves[2] == {"seat": 1, "bid": 2}
    moves[2] = {"seat": 1, "bid": 1}
    path.write_text(json.dumps(data), encoding="utf-8")
    # The library's report: the index from 0 (as documented), the words counting from 1.
    report = referee(data)
    assert (report.index, report.rule) == (2, "D3.1")
    assert report.reason == "move 3 (hand 1, seat 1, bid 1): a bid must be higher than the high bid, 1: bid 2, bid 3, or pass (D3.1)"
    assert str(report).startswith("illegal at move 3 (D3.1): ")
    out = io.StringIO()
    assert main(["referee", str(path)], stdout=out) == 1
    assert out.getvalue().splitlines() == [
        "The record breaks a rule at move 3 (counting from 1 over the whole match): hand 1, seat 1, bid 1.",
        "  rule: D3.1",
        "  why:  a bid must be higher than the high bid, 1: bid 2, bid 3, or pass (D3.1)",
    ]


def test_D3_3_a_record_with_a_redeal_replays_and_referees(tmp_path: Path, kept_games: list[Game], passing_bots: None) -> None:
    path = tmp_path / "redeal.json"
    # Hand 1 nobody bids for; in hand 2 the person bids 3 and plays on with hints.
    status, _ = play(["--preset", "doudizhu", "--seed", "1", "--record", str(path)], "pass", "bid 3", hints=True)
    assert status == 0
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert len(record.hands) == 2
    out = io.StringIO()
    assert main(["referee", str(path)], stdout=out) == 0
    assert "  hand 1: thrown in, nobody bid (D3.3); scores seat 0 +0, seat 1 +0, seat 2 +0" in out.getvalue()
    out = io.StringIO()
    assert main(["replay", str(path), "--to-end"], stdout=out) == 0
    told = lines_of(out.getvalue())
    at = told.index("Nobody bid in hand 1: the cards are dealt again (D3.3).")
    assert told[at - 1] == "seat 2 passes"
    assert told[at + 1].startswith("Hand 2, dealt by seat ")
    assert told.count("seat 0 bids 3: the highest bid ends the auction (D3.1)") == 1


def test_D10_rules_shows_the_dou_dizhu_options() -> None:
    out = io.StringIO()
    assert main(["rules", "openspiel"], stdout=out) == 0
    shown = dict(re.findall(r"^  (\w+)\s+(.+)$", out.getvalue(), re.MULTILINE))
    # FAMILY.md D10, the openspiel column.
    expected = {
        "auction": '"bid"', "bid_rounds": '"until_two_passes"', "first_bidder": '"face_up_card"', "all_pass": '"void"',
        "kitty_public": "false", "four_with_two": "false", "kicker_repeat": '"up_to_3"', "rocket_in_kickers": "false",
        "wing_trio_adjacent": "true", "scoring": '"multiplier"', "spring_multiplier": "2", "teams": '"landlord"', "kitty": "3",
        "players": "3",
    }
    assert {name: shown[name] for name in expected} == expected
    for preset in ("doudizhu", "douzero", "rlcard"):
        out = io.StringIO()
        assert main(["rules", preset], stdout=out) == 0
        assert re.search(r'^  teams\s+"landlord"$', out.getvalue(), re.MULTILINE)


@pytest.mark.parametrize("preset", ["douzero", "rlcard"])
def test_D3_5_a_fixed_landlord_is_named_at_the_deal(kept_games: list[Game], preset: str) -> None:
    status, text = play(["--preset", preset, "--seed", "2", *RANDOM], hints=True)
    assert status == 0
    (game,) = kept_games
    lines = lines_of(text)
    assert "seat 0 (you) is the landlord (named by the rules), base 1; the peasants are seat 1 (random) and seat 2 (random) (D4.2)" in lines
    assert "auction" not in text.split("Type ", 1)[1].split("\n", 1)[0]  # no auction to type
    result = game.state.results[-1]
    won = result.winner == 0
    if preset == "rlcard":  # D9.3: each winner 1, each loser 0
        assert result.scores == tuple(int((seat == 0) == won) for seat in range(3))
        assert any(line.startswith("seat 0 (you) (landlord): ") and line.endswith("(D9.3)") for line in lines)
    else:  # D9.4 adp: the landlord ±2**bombs, each peasant the opposite
        (_deal, log), = game.state.history()
        bombs, _ = bombs_and_spring(log, 0, result.winner)
        r = 2**bombs if won else -(2**bombs)
        assert result.scores == (r, -r, -r)
        assert any(line.startswith(f"seat 0 (you) (landlord): {r:+d}, ") and line.endswith("(D9.4)") for line in lines)


def test_D9_1_a_bomb_doubles_the_stake_on_the_screen(kept_games: list[Game]) -> None:
    # Seed 3 under openspiel: the landlord (seat 2) plays a bomb in the first trick.
    status, text = play(["--preset", "openspiel", "--seed", "3", *RANDOM], "pass", hints=True)
    assert status == 0
    (game,) = kept_games
    (_deal, log), = game.state.history()
    bombs = [action for action in log if isinstance(action.move, Play) and action.move.is_bomb]
    assert bombs
    lines = lines_of(text)
    for count, action in enumerate(bombs, 1):
        what = "the rocket" if len(action.move.cards) == 2 else "a bomb"  # type: ignore[union-attr]
        assert f"{what} doubles the stake: ×{2**count} so far (D9.1)" in lines
    # The first bomb is the landlord's, in the first trick: the person's next table shows ×2.
    assert log[7] == bombs[0]  # (after bids 1, pass, 2, 3 and the singles 10H, AS, 2C)
    assert "landlord: seat 2 (random) · base 3 · bombs and rockets so far ×2" in lines
    result = game.state.results[-1]
    count, spring = bombs_and_spring(log, 2, result.winner)
    assert result.multiplier == 2**count * (2 if spring else 1)  # D9.1, D9.2 (openspiel: spring ×2)


@settings(max_examples=25, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            st.text(max_size=20),
            st.sampled_from(["bid 1", "bid 3", "1", "2", "3", "bid", "bid 0", "call", "rob", "pass", "", "?", "9 9", "BJ RJ"]),
        ),
        max_size=10,
    ),
    seed=st.integers(0, 2**16),
    preset=st.sampled_from(["doudizhu", "openspiel", "douzero"]),
    call_rob=st.booleans(),
)
def test_D3_no_typed_line_crashes_a_dou_dizhu_game(lines: list[str], seed: int, preset: str, call_rob: bool) -> None:
    argv = ["--preset", preset, "--seed", str(seed), *RANDOM, "--hands", "2"]
    if call_rob and preset != "douzero":
        argv += ["--auction", "call_rob", "--bid-rounds", "none"]
    screen = io.StringIO()
    typed = [line.replace("\n", " ").replace("\r", " ") for line in lines]
    errors = io.StringIO()
    status = main(["play", *argv], stdin=Typed(screen, *typed), stdout=screen, stderr=errors)
    assert (status, errors.getvalue()) == (0, "")
    assert screen.getvalue().endswith(("End of input: stopping.\n", "your move> ")) or "Match totals" in screen.getvalue()


def test_D3_4_the_seats_table_says_who_declined_and_who_did_not_rob() -> None:
    from zhengshangyou.game import State
    from zhengshangyou.terminal import Screen, _seat_lines

    start = State.new(Rules.preset("doudizhu", auction="call_rob"), seed=1)
    first, second = start.to_act, (start.to_act + 1) % 3
    names = [f"seat {seat}" for seat in range(3)]

    def rows(state: State) -> dict[int, str]:
        lines = _seat_lines(state.observation(0), names, Screen(io.StringIO()))[1:]
        return {int(line.plain.split()[1]): line.plain for line in lines}

    declined = rows(start.play(PASS).play(Call()))  # the first declines to call, the second calls
    assert declined[first].endswith("declined")
    assert declined[second].endswith("called")
    no_rob = rows(start.play(Call()).play(PASS))  # the first calls, the second does not rob
    assert no_rob[first].endswith("called")
    assert no_rob[second].endswith("did not rob")


def test_D4_1_without_a_kitty_the_table_names_the_landlord_alone(kept_games: list[Game]) -> None:
    status, text = play(["--preset", "douzero", "--kitty", "0", "--seed", "2", *RANDOM], "quit")
    assert status == 0
    lines = lines_of(text)
    assert "landlord: seat 0 (you) · base 1 · bombs and rockets so far ×1" in lines
    assert not any(line.startswith("kitty") for line in lines)
    assert "takes the kitty" not in text


@pytest.mark.parametrize(
    ("move", "rule", "why"),
    [
        ({"seat": 0, "bid": 4}, "D3.1", "move 1: a bid is 1, 2 or 3, not 4"),
        ({"seat": 0, "call": 1}, "D3.4", "move 1: call must be true, not 1"),
    ],
)
def test_D3_the_referee_names_a_bad_auction_move_of_a_record(tmp_path: Path, move: dict[str, object], rule: str, why: str) -> None:
    game = Game(Rules.preset("doudizhu", auction="call_rob" if "call" in move else "bid"), seed=1)
    data = Record.from_game(game).to_data()
    data["hands"][0]["moves"] = [move]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    assert main(["referee", str(path)], stdout=out) == 1
    assert out.getvalue().splitlines() == [
        "The record breaks a rule at move 1 (counting from 1 over the whole match).",
        f"  rule: {rule}",
        f"  why:  {why}",
    ]
