"""The terminal game, replay, referee and rules without surprises (issues 34 and 35).

Driven through ``main(argv, stdin, stdout)`` as a person would type: ``Q`` is a
queen and only ``quit`` stops; refusals say one accurate reason with one rule id;
the exchange takes the card alone and the only legal move with Enter; a match
shows its scores between hands and pauses at a terminal; the seed is shown only to
whoever asked for it; the referee counts from 1; no typed digit or file crashes.
"""

from __future__ import annotations

import io
import json
import os
import re
from pathlib import Path

import pytest

from test_cli_play import Typed, play
from zhengshangyou import Game, Record, Rules, cli
from zhengshangyou.actions import Give, Offer, Take
from zhengshangyou.bots import GreedyBot
from zhengshangyou.cli import main
from zhengshangyou.plays import Play

EXCHANGE = ["--seed", "13", "--hands", "2", "--exchange", "highest_for_one_of_two"]  # seat 0 loses hand 1


def last_line(text: str) -> str:
    return text.rstrip("\n").splitlines()[-1]


# --- issue 34 item 4: Q is a queen; quit (and the end of input) stops -----------------------


def test_issue34_item4_Q_plays_a_queen_and_never_quits(kept_games: list[Game]) -> None:
    # Seed 5: seat 3 leads 7S; seat 0 (you) holds 3C and one queen, QS.
    status, text = play(["--seed", "5"], "3C", "Q", "quit")
    assert status == 0
    (game,) = kept_games
    mine = [action.move for action in game.state.log if action.seat == 0]
    assert [str(move) for move in mine] == ["QS"]
    assert "seat 0 (you) plays Q♠ (single)" in text or "seat 0 (you) plays QS (single)" in text
    assert text.endswith("your move> ")  # then quit: no "End of input"
    kept_games.clear()
    status, text = play(["--seed", "5"], "q", "exit")
    assert status == 0
    assert [str(action.move) for action in kept_games[0].state.log if action.seat == 0] == ["QS"]


def test_issue34_item4_the_help_says_that_quit_stops_and_Q_is_a_queen() -> None:
    status, text = play(["--seed", "5"], "help", "quit")
    assert status == 0
    assert "quit stops (Q is a queen)" in text


def test_issue34_item4_replay_reads_Q_as_no_command_and_asks_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play(["--seed", "9", "--record", str(path)], hints=True)[0] == 0
    out = io.StringIO()
    assert main(["replay", str(path)], stdin=io.StringIO("Q\nq\n"), stdout=out) == 0
    text = out.getvalue()
    assert text.count("Type Enter for the next move, a move number (1 to ") == 2
    assert "End of the record: scores" in text  # the end of input ran to the end
    for word in ("quit", "exit"):
        out = io.StringIO()
        assert main(["replay", str(path)], stdin=io.StringIO(f"\n{word}\n"), stdout=out) == 0
        assert re.search(r"\nmove 2/\d+> $", out.getvalue())  # stopped at the second pause
        assert "End of the record" not in out.getvalue()


# --- issue 34 item 5: one accurate reason, one rule id ------------------------------------


def test_issue34_item5_ranks_alone_say_how_many_are_held_in_words() -> None:
    status, text = play(["--seed", "5"], "4 4 4", "quit")  # seat 0 holds 4C 4H
    assert status == 0
    assert "your move> Not allowed: you hold two 4s, not three (R1.4)\n" in text


def test_issue34_item5_cards_of_no_combination_are_told_consistently() -> None:
    status, text = play(["--seed", "5"], "3C 6D", "4C 4H 6D", "3C 4C", "quit")
    assert status == 0
    refusals = [line.removeprefix("your move> ") for line in text.splitlines() if "Not allowed" in line]
    assert refusals == [
        "Not allowed: 3C 6D: these cards form no combination: two cards of different ranks (R3)",
        "Not allowed: 4C 4H 6D: these cards form no combination: two 4s and one 6 (R3)",
        "Not allowed: 3C 4C: these cards form no combination: two cards of different ranks (R3)",
    ]


@pytest.mark.parametrize(("typed", "meant"), [("pas", "pass"), ("PASS!", "pass"), ("hitn", "hint"), ("qiut", "quit")])
def test_issue34_item5_a_close_typo_of_a_command_is_pointed_out(typed: str, meant: str) -> None:
    status, text = play(["--seed", "5"], typed, "quit")
    assert status == 0
    assert last_line(text.removesuffix("your move> ")).endswith(f"(R1.4); did you mean '{meant}'?")


def test_issue34_item5_a_command_word_before_a_bad_card_is_no_typo() -> None:
    status, text = play(["--seed", "5"], "take 3X", "quit")
    assert status == 0
    assert "did you mean" not in text
    assert "'3X' is not a card" in text


def test_issue34_item5_a_typo_of_an_exchange_verb_keeps_the_card() -> None:
    status, text = play(EXCHANGE, "giv 2S", hints=True)
    assert status == 0
    assert "(R1.4); did you mean 'give 2S'?" in text


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--preset", "winner"], "the suits you keep matter for straight flushes (R3.11)"),
        (["--suit-order", "DCHS", "--singles-by-suit", "true"], "plays of one rank are compared by suit (R4.3)"),
        (["--suit-order", "DCHS", "--straights-by-suit", "true"], "the suits you keep matter for straights, compared by suit (R4.5)"),
    ],
)
def test_issue34_item5_ranks_alone_where_suits_matter_name_one_rule(argv: list[str], why: str) -> None:
    status, text = play([*argv, "--seed", "5"], "4", "quit")
    assert status == 0
    (refusal,) = [line for line in text.splitlines() if "Not allowed" in line]
    assert refusal == f"your move> Not allowed: name the cards, such as 4C or 4H: under these rules {why}"
    assert "R1.4" not in refusal


STRAIGHT_FLUSH = ["--seed", "270", "--straight-flush", "distinct"]  # seat 0 leads, holding 5C-9C


def test_issue34_item5_an_out_of_range_reading_number_asks_again(kept_games: list[Game]) -> None:
    status, text = play(STRAIGHT_FLUSH, "5C 6C 7C 8C 9C", "5", "0", "2", "quit")
    assert status == 0
    assert text.count("Not allowed: type a number from 1 to 2 for the reading of 5C 6C 7C 8C 9C,") == 2
    first = kept_games[0].state.log[0].move
    assert isinstance(first, Play)
    assert first.kind.value == "straight_flush"


# --- issue 34 item 6: matches, the exchange, Ctrl-C -------------------------------------------


def test_issue34_item6_a_match_shows_a_score_table_between_hands_and_never_pauses_when_piped(
    kept_games: list[Game],
) -> None:
    status, text = play(EXCHANGE, hints=True)
    assert status == 0
    game = kept_games[0]
    first, second = game.state.results
    table = text[text.index("Scores after hand 1 of 2:") :].splitlines()[1:6]
    assert re.split(r"\s{2,}", table[0]) == ["seat", "this hand", "total"]
    for seat in range(4):
        name, this, total = re.split(r"\s{2,}", table[1 + seat])
        assert name.startswith(f"seat {seat} (")
        assert (int(this), int(total)) == (first.scores[seat], first.scores[seat])
    after = text[text.index("Scores after hand 2 of 2:") :].splitlines()[1 + 1]
    assert re.split(r"\s{2,}", after)[1:] == [f"{second.scores[0]:+d}", f"{first.scores[0] + second.scores[0]:+d}"]
    # The seats' table shows the match score during the second hand.
    assert re.search(rf"^seat +cards +score$\n^seat 0 \(you\) +\d+ +{first.scores[0]:+d}\b", text, re.MULTILINE)
    assert "press Enter for the next hand" not in text  # standard input is no terminal: no pause


class TypedAtATerminal(Typed):
    """Typed lines that look like a terminal's; ``pause`` answers the pause between hands."""

    def __init__(self, screen: io.StringIO, pause: str) -> None:
        super().__init__(screen, hints=True)
        self.pause = pause

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.screen.getvalue().endswith("press Enter for the next hand (or type quit)> "):
            return self.pause
        return super().readline(size)


@pytest.mark.parametrize("answer", ["\n", "quit\n", ""])
def test_issue34_item6_a_match_at_a_terminal_pauses_between_hands(answer: str) -> None:
    screen = io.StringIO()
    os.environ["COLUMNS"] = "1000"
    try:
        assert main(["play", *EXCHANGE], stdin=TypedAtATerminal(screen, answer), stdout=screen) == 0
    finally:
        del os.environ["COLUMNS"]
    text = screen.getvalue()
    pause = text.index("press Enter for the next hand (or type quit)> ")
    assert text.index("Scores after hand 1 of 2:") < pause
    if answer == "\n":
        assert "Hand 2, dealt by" in text[pause:]
        assert "Scores after hand 2 of 2:" in text
    else:
        assert "Hand 2" not in text
        assert text.endswith(("(or type quit)> ", "End of input: stopping.\n"))


class AtTheGive(Typed):
    """Follows the hints, but answers the Loser's give with ``answers`` first
    (``CARD`` stands for the card to give)."""

    def __init__(self, screen: io.StringIO, *answers: str) -> None:
        super().__init__(screen, hints=True)
        self.answers = list(answers)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        screen = self.screen.getvalue()
        if self.answers and "Your only legal move is 'give" in screen[screen.rfind("your hand") :]:
            card = re.findall(r"type 'give (\w+)'", screen)[-1]
            return self.answers.pop(0).replace("CARD", card) + "\n"
        return super().readline(size)


def exchange_text(*answers: str) -> str:
    screen = io.StringIO()
    os.environ["COLUMNS"] = "1000"
    try:
        assert main(["play", *EXCHANGE], stdin=AtTheGive(screen, *answers), stdout=screen) == 0
    finally:
        del os.environ["COLUMNS"]
    return screen.getvalue()


def give_of(game: Game) -> Give:
    (hand,) = [hand for number, hand in enumerate(game.state.history()) if number == 1]
    move = hand[1][0].move
    assert isinstance(move, Give)
    return move


@pytest.mark.parametrize("answer", ["", "CARD"])
def test_issue34_item6_the_only_legal_give_is_made_with_Enter_or_the_card_alone(
    kept_games: list[Game], answer: str
) -> None:
    text = exchange_text("pass", answer)
    game = kept_games[0]
    prompt = text.index("Your only legal move is 'give ")
    after = text[prompt:]
    # pass is refused, saying what is required; then Enter (or the card) gives it.
    assert re.search(r"your move> Not allowed: pass is not allowed now: the Loser must give their highest card:"
                     r" give \w+ \(R8\.2\)\nyour move> \n?seat 0 \(you\) \(Loser\) gives the highest card", after)
    assert after.count("your move> ", 0, after.index("(Loser) gives the highest card")) == 2
    assert str(give_of(game)) == "give " + re.findall(r"type 'give (\w+)'", text)[-1]


def test_issue34_item6_ctrl_c_with_a_record_starts_a_new_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    class CtrlC(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    path = tmp_path / "game.json"
    screen, errors = io.StringIO(), io.StringIO()
    assert main(["play", "--seed", "5", "--record", str(path)], stdin=CtrlC(), stdout=screen, stderr=errors) == 130
    assert screen.getvalue().endswith(f"your move> \nRecord written to {path} (check it: zhengshangyou referee {path})\n")
    assert errors.getvalue() == "Interrupted.\n"
    assert Record.from_json(path.read_text(encoding="utf-8")).seed == 5


# --- issue 34 item 7: counted from 1, scores by seat, the unfinished hand, overrides, replay ---


def referee_of(tmp_path: Path, data: dict[str, object]) -> tuple[int, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    out = io.StringIO()
    return main(["referee", str(path)], stdout=out, stderr=io.StringIO()), out.getvalue()


def test_issue34_item7_the_referee_counts_moves_and_hands_from_1(tmp_path: Path) -> None:
    game = Game(seed=7)
    for move in ["6D 6S", "9C 9H", "pass"]:
        game.play(move)
    data = Record.from_game(game).to_data()
    data["hands"][0]["moves"][1] = {"seat": 2, "play": "5S", "kind": "single"}
    status, text = referee_of(tmp_path, data)
    assert status == 1
    assert text.splitlines() == [
        "The record breaks a rule at move 2 (counting from 1 over the whole match): hand 1, seat 2, 5S.",
        "  rule: R4.1",
        "  why:  5S (single, 1 card) does not match 6D 6S (pair, 2 cards) (R4.1)",
    ]


def two_hands() -> Game:
    game = Game(Rules(exchange="highest_for_one_of_two"), seed=13)
    bot = GreedyBot()
    for _ in range(2):
        while not game.is_hand_over:
            game.play(bot.choose(game.observation(game.to_act)))
        game.next_hand()
    for _ in range(4):  # the third hand is left unfinished
        game.play(bot.choose(game.observation(game.to_act)))
    return game


def test_issue34_item7_the_referee_prints_scores_by_seat_and_says_the_last_hand_is_unfinished(tmp_path: Path) -> None:
    game = two_hands()
    status, text = referee_of(tmp_path, Record.from_game(game).to_data())
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "The record is legal: every move follows the rules."
    for number, result in enumerate(game.state.results, 1):
        order = ", ".join(f"seat {seat}" for seat in result.finishing_order)
        scores = ", ".join(f"seat {seat} {score:+d}" for seat, score in enumerate(result.scores))
        assert lines[number] == f"  hand {number}: finishing order {order}; scores {scores}"
    assert lines[3] == "  hand 3: unfinished (4 moves played), so not scored"
    assert lines[4] == "Scores after 2 finished hands:"
    assert lines[5:] == [f"  seat {seat}  {score:+d}" for seat, score in enumerate(game.scores)]
    assert "[" not in text


@pytest.mark.parametrize("which", ["give", "take"])
def test_issue34_item7_the_referee_says_what_the_exchange_required(tmp_path: Path, which: str) -> None:
    game = two_hands()
    data = Record.from_game(game).to_data()
    hand = game.state.history()[1]
    moves = data["hands"][1]["moves"]
    loser = hand[1][0].seat
    if which == "give":
        highest = hand[1][0].move
        assert isinstance(highest, Give)
        other = min(hand[0].hands[loser])
        moves[0] = {"seat": loser, "give": str(other)}
        expected = (
            f"give {other} is not allowed: {other} is not the Loser's highest card; the Loser must give their"
            f" highest card: give {highest.card} (R8.2)"
        )
    else:
        offer = hand[1][1].move
        assert isinstance(offer, Offer)
        winner_cards = [card for card in hand[0].hands[hand[1][1].seat] if card not in offer.cards]
        moves[2] = {"seat": loser, "take": str(winner_cards[0])}
        low, high = offer.cards
        expected = f"take {winner_cards[0]} is not allowed: {winner_cards[0]} was not offered; the Loser may take {low} or {high} (R8.2)"
    status, text = referee_of(tmp_path, data)
    assert status == 1
    where = text.splitlines()[0]
    first = len(game.state.history()[0][1]) + (1 if which == "give" else 3)
    assert where.startswith(f"The record breaks a rule at move {first} (counting from 1 over the whole match): hand 2, ")
    assert text.splitlines()[2] == f"  why:  {expected}"


def test_issue34_item7_rules_say_which_options_override_the_preset() -> None:
    out = io.StringIO()
    assert main(["rules", "--preset", "winner", "--players", "3"], stdout=out) == 0
    assert out.getvalue().splitlines()[0] == "Rules of the preset 'winner' with 1 override: players 3 (preset: 4)"
    out = io.StringIO()
    assert main(["rules", "winner", "--players", "4"], stdout=out) == 0  # the preset's own value
    assert out.getvalue().splitlines()[0] == "Rules of the preset 'winner':"


def test_issue34_item7_replay_shows_the_seats_hand_and_says_an_offer_it_cannot_see(tmp_path: Path) -> None:
    game = two_hands()
    path = tmp_path / "game.json"
    path.write_text(Record.from_game(game).to_json(), encoding="utf-8")
    last = game.state.results[0]
    bystander = next(seat for seat in range(4) if seat not in (last.winner, last.loser))
    out = io.StringIO()
    assert main(["replay", str(path), "--seat", str(bystander), "--to-end"], stdin=io.StringIO(), stdout=out) == 0
    text = out.getvalue()
    deal = game.state.history()[0][0].hands[bystander]
    assert f"seat {bystander}'s hand ({len(deal)}): " in text
    assert (
        f"seat {last.winner} (Winner) offers two cards to the Loser; seat {bystander} does not see them (R8.2)" in text
    )
    offer = game.state.history()[1][1][1].move
    assert isinstance(offer, Offer)
    # The offer's cards stay hidden: only the card taken is public.
    take = game.state.history()[1][1][2].move
    assert isinstance(take, Take)
    kept = next(card for card in offer.cards if card != take.card)
    kept_shown = [line for line in text.splitlines() if re.search(rf"(?<!\w){kept}(?!\w)", line)]
    assert all(line.startswith(f"seat {bystander}'s hand") or "plays" in line for line in kept_shown)


def test_issue34_item7_the_hint_says_its_kind() -> None:
    status, text = play(["--seed", "5"], "?", "quit")
    assert status == 0
    assert re.search(r"^your move> hint: \S.* \((single|pair|triple|straight|full house|pair run|bomb|[a-z ]+)\)$", text, re.MULTILINE)


def test_issue34_item7_a_hint_typed_back_with_its_kind_is_played(kept_games: list[Game]) -> None:
    status, text = play(["--seed", "5"], "?", lambda screen: re.findall(r"hint: (.*)$", screen, re.MULTILINE)[-1], "quit")
    assert status == 0
    assert "Not allowed" not in text
    assert any(action.seat == 0 for action in kept_games[0].state.log)


# --- issue 35 item 6: digits that int() refuses ----------------------------------------------


def test_issue35_item6_a_unicode_digit_at_the_reading_menu_is_refused_not_a_crash() -> None:
    screen, errors = io.StringIO(), io.StringIO()
    argv = ["play", *STRAIGHT_FLUSH]
    assert main(argv, stdin=Typed(screen, "5C 6C 7C 8C 9C", "²", "quit"), stdout=screen, stderr=errors) == 0
    assert errors.getvalue() == ""
    assert "your move> Not allowed: '²' is not a card" in screen.getvalue()


def test_issue35_item6_a_unicode_digit_in_replay_asks_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play(["--seed", "9", "--record", str(path)], hints=True)[0] == 0
    out, errors = io.StringIO(), io.StringIO()
    assert main(["replay", str(path)], stdin=io.StringIO("²\n٣\n"), stdout=out, stderr=errors) == 0
    assert errors.getvalue() == ""
    assert out.getvalue().count("Type Enter for the next move") == 2


def test_issue35_item6_a_number_of_more_digits_than_int_reads_is_no_crash(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert play(["--seed", "9", "--record", str(path)], hints=True)[0] == 0
    out, errors = io.StringIO(), io.StringIO()
    assert main(["replay", str(path)], stdin=io.StringIO("9" * 5000 + "\n"), stdout=out, stderr=errors) == 0
    assert errors.getvalue() == ""
    assert "End of the record" in out.getvalue()  # a move past the last: to the end
    screen, errors = io.StringIO(), io.StringIO()
    typed = Typed(screen, "5C 6C 7C 8C 9C", "9" * 5000, "quit")
    assert main(["play", *STRAIGHT_FLUSH], stdin=typed, stdout=screen, stderr=errors) == 0
    assert errors.getvalue() == ""
    assert "Not allowed: type a number from 1 to 2 for the reading of 5C 6C 7C 8C 9C" in screen.getvalue()


# --- issue 35 item 10: the seed only where asked for ----------------------------------------


def test_issue35_item10_a_random_seed_is_not_shown_unless_asked(kept_games: list[Game]) -> None:
    status, text = play([], "quit")
    assert status == 0
    seed = kept_games[0].state.seed
    assert str(seed) not in text
    assert "seed" not in text.splitlines()[0]
    kept_games.clear()
    status, text = play(["--show-seed"], "quit")
    assert f" · seed {kept_games[0].state.seed} · " in text.splitlines()[0]
    kept_games.clear()
    status, text = play(["--seed", "12"], "quit")  # given: the person knows it
    assert " · seed 12 · " in text.splitlines()[0]


# --- issue 35 item 11: bounded reading, an unwritable record ---------------------------------


def test_issue35_item11_referee_reads_no_more_than_a_record_may_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "MAX_LENGTH", 1000)  # (the real limit reads 16 MB of zeros)
    for command in ("referee", "replay"):
        out, errors = io.StringIO(), io.StringIO()
        assert main([command, "/dev/zero"], stdout=out, stderr=errors) == 2
        assert errors.getvalue() == (
            f"zhengshangyou {command}: error: /dev/zero is not a game record: it is longer than the 1,000"
            " characters a record may hold\n"
        )


def test_issue35_item11_referee_refuses_a_file_of_more_characters_than_the_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "MAX_LENGTH", 10)
    path = tmp_path / "long.json"
    path.write_text("\u4e0a" * 11, encoding="utf-8")  # 33 bytes, 11 characters
    errors = io.StringIO()
    assert main(["referee", str(path)], stdout=io.StringIO(), stderr=errors) == 2
    assert "it is longer than the 10 characters a record may hold" in errors.getvalue()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_issue35_item11_a_record_that_cannot_be_written_is_status_2() -> None:
    screen, errors = io.StringIO(), io.StringIO()
    assert main(["play", "--seed", "5", "--record", "/dev/full"], stdin=Typed(screen, "quit"), stdout=screen, stderr=errors) == 2
    assert errors.getvalue() == "zhengshangyou play: error: cannot write the record to /dev/full: No space left on device\n"


def test_issue34_item6_ctrl_c_in_play_or_replay_leaves_no_prompt_line_open(tmp_path: Path) -> None:
    class CtrlC(io.StringIO):
        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            raise KeyboardInterrupt

    path = tmp_path / "game.json"
    assert play(["--seed", "9", "--record", str(path)], hints=True)[0] == 0
    for argv in (["play", "--seed", "5"], ["replay", str(path)]):
        screen = io.StringIO()
        assert main(argv, stdin=CtrlC(), stdout=screen, stderr=io.StringIO()) == 130
        assert screen.getvalue().endswith("> \n")


def test_issue34_item7_the_referee_counts_hands_from_1_in_its_reasons(tmp_path: Path) -> None:
    game = two_hands()
    data = Record.from_game(game).to_data()
    deal = data["hands"][1]["deal"]
    first, second = deal[0].split(), deal[1].split()
    second.append(first.pop())  # an uneven deal (R2.2)
    deal[0], deal[1] = " ".join(first), " ".join(second)
    status, text = referee_of(tmp_path, data)
    assert status == 1
    moves = len(game.state.history()[0][1])
    assert text.splitlines()[0] == f"The record breaks a rule at move {moves + 1} (counting from 1 over the whole match)."
    assert text.splitlines()[2].startswith("  why:  hand 2: dealt singly from seat ")
    data = Record.from_game(game).to_data()
    data["hands"][0]["dealer"] = "0"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    errors = io.StringIO()
    assert main(["referee", str(path)], stdout=io.StringIO(), stderr=errors) == 2
    assert errors.getvalue() == (
        f"zhengshangyou referee: error: {path} is not a game record: hand 1: dealer must be a seat number, not '0'\n"
    )
