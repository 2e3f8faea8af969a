"""The terminal game shows the person's seat what its observation holds, and nothing
more (R2.4, R8.2; issues 13 and 17).

A whole match with an exchange is played through ``zhengshangyou play`` with a
typist who follows the hints. The game the command built is kept, so that the
test knows every hidden card; then the screen is checked hand by hand:

* the moves told are exactly the moves of the person's observation history, in
  order, with their cards: an exchange offer shows only when the person is the
  Winner or the Loser of that exchange;
* every card printed is one the person may know at that point of the screen:
  one they were dealt or received, the face-up card, or one that a move told
  earlier on the same hand (or on the same line) showed.
"""

from __future__ import annotations

import io
import re

import pytest

from test_cli_play import Typed  # the typist who follows the hints
from zhengshangyou import Game
from zhengshangyou.actions import Give, Offer, Return, Take
from zhengshangyou.cards import Card
from zhengshangyou.cli import main
from zhengshangyou.game import Action
from zhengshangyou.plays import Play

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9JQKA])[DCHS](?![A-Za-z0-9])|(?<![A-Za-z0-9])[BR]J(?![A-Za-z0-9])")
MOVE_LINE = re.compile(
    r"^seat (\d+) \(\w+\) (plays|passes|\(Loser\) gives|\(Winner\) offers|\(Loser\) takes|\(Winner\) returns)\b"
)
PROMPT = re.compile(r"^(your move> )+")


def play_match(monkeypatch: pytest.MonkeyPatch, games: list[Game], argv: list[str]) -> tuple[Game, str]:
    """Run ``zhengshangyou play`` with the hint typist; the game it played and the screen."""
    monkeypatch.setenv("COLUMNS", "1000")  # every line whole, however long
    screen = io.StringIO()
    assert main(["play", *argv], stdin=Typed(screen, hints=True), stdout=screen) == 0
    (game,) = games
    return game, screen.getvalue()


def screen_hands(text: str) -> list[list[str]]:
    """The screen's lines after the greeting, one list per hand, prompts removed."""
    hands: list[list[str]] = []
    for line in text.splitlines():
        line = PROMPT.sub("", line)
        if re.match(r"^Hand \d+, dealt by ", line):
            hands.append([])
        if hands:
            hands[-1].append(line)
    return hands


def role(game: Game, hand: int, seat: int) -> str:
    """The seat's part in the exchange before ``hand``: winner, loser, neither, or none."""
    if hand == 0:
        return "none"
    previous = game.state.results[hand - 1]
    return {previous.winner: "winner", previous.loser: "loser"}.get(seat, "neither")


def _cards(move: object) -> list[str]:
    if isinstance(move, (Play, Offer)):
        return sorted(map(str, move.cards))
    if isinstance(move, (Give, Take, Return)):
        return [str(move.card)]
    return []


def observed_moves(game: Game, hand: int, you: int, log: tuple[Action, ...]) -> list[tuple[int, list[str]]]:
    """The moves the person may be told of for one hand, as (seat, cards): every
    action but an offer they are not part of (R8.2)."""
    involved = role(game, hand, you) in ("winner", "loser")
    return [
        (action.seat, _cards(action.move))
        for action in log
        if involved or not isinstance(action.move, Offer)
    ]


def told_moves(lines: list[str]) -> list[tuple[int, list[str]]]:
    found = []
    for line in lines:
        match = MOVE_LINE.match(line)
        if match:
            found.append((int(match.group(1)), sorted(CARD.findall(line))))
    return found


def check_screen(game: Game, text: str, you: int) -> list[str]:
    """Check every hand of the screen against what the person may know; their roles."""
    history = game.state.history()
    hands = screen_hands(text)
    assert len(hands) == len(history)
    roles = []
    for number, (lines, (deal, log)) in enumerate(zip(hands, history, strict=True)):
        roles.append(role(game, number, you))
        assert told_moves(lines) == observed_moves(game, number, you, log), f"hand {number}"
        known = set(deal.hands[you]) | {deal.trick_card} - {None}
        for line in lines:
            shown = {Card.parse(token) for token in CARD.findall(line)}
            if MOVE_LINE.match(line):  # checked above: a move of the observation history
                known |= shown
            hidden = shown - known
            assert not hidden, f"hand {number}: {line!r} shows {sorted(map(str, hidden))}"
    return roles


def offered_but_kept(log: tuple[Action, ...]) -> set[Card]:
    """The offered card the Loser did not take: it stays in the Winner's hidden hand."""
    offers = [action.move for action in log if isinstance(action.move, Offer)]
    takes = [action.move for action in log if isinstance(action.move, Take)]
    assert len(offers) == len(takes) == 1
    return set(offers[0].cards) - {takes[0].card}


@pytest.mark.parametrize(("seed", "involved"), [(0, "winner"), (1, "loser")])
def test_R8_2_cli_shows_an_offer_only_to_the_winner_and_loser(
    monkeypatch: pytest.MonkeyPatch, kept_games: list[Game], seed: int, involved: str
) -> None:
    game, text = play_match(
        monkeypatch, kept_games, ["--seed", str(seed), "--hands", "3", "--exchange", "highest_for_one_of_two"]
    )
    roles = check_screen(game, text, you=0)
    # The seeds give both cases: a hand where the person is neither the Winner nor the
    # Loser, and one where they are part of the exchange and see the offer.
    assert roles == ["none", "neither", involved]
    hands = screen_hands(text)
    offers = [[line for line in lines if MOVE_LINE.match(line) and " offers " in line] for lines in hands]
    assert offers[0] == offers[1] == []
    assert len(offers[2]) == 1
    if involved == "loser":
        assert sum(line.startswith("offered: ") for line in hands[2]) == 1
    # In the hand where the person is neither, the card offered and not taken stays
    # hidden in the Winner's hand; the checks would notice it on the screen, told
    # as an offer or in any other line.
    deal, log = game.state.history()[1]
    (kept,) = offered_but_kept(log)
    assert kept not in deal.hands[0]
    (offer,) = [action for action in log if isinstance(action.move, Offer)]
    (take,) = [line for line in hands[1] if MOVE_LINE.match(line) and " takes " in line]
    assert isinstance(offer.move, Offer)
    cards = " ".join(map(str, offer.move.cards))
    for leak in (
        f"seat {offer.seat} (heuristic) (Winner) offers {cards} to seat 0, who takes one",
        f"offered: {cards}",
    ):
        with pytest.raises(AssertionError):
            check_screen(game, text.replace(take, f"{leak}\n{take}"), you=0)


def test_R8_3_cli_shows_the_returned_card_to_everyone(monkeypatch: pytest.MonkeyPatch, kept_games: list[Game]) -> None:
    game, text = play_match(monkeypatch, kept_games, ["--seed", "1", "--hands", "2", "--exchange", "highest_for_any"])
    roles = check_screen(game, text, you=0)
    assert roles == ["none", "neither"]
    (_, log) = game.state.history()[1]
    give, back = log[0].move, log[1].move
    assert isinstance(give, Give)
    assert isinstance(back, Return)
    assert f"seat {log[0].seat} (heuristic) (Loser) gives the highest card {give.card} to seat {log[1].seat}" in text
    assert f"seat {log[1].seat} (heuristic) (Winner) returns {back.card} to seat {log[0].seat}" in text


def test_R2_4_cli_shows_the_face_up_card_and_only_its_holder(monkeypatch: pytest.MonkeyPatch, kept_games: list[Game]) -> None:
    game, text = play_match(monkeypatch, kept_games, ["--seed", "5", "--players", "3", "--seat", "1"])
    check_screen(game, text, you=1)
    deal = game.state.history()[0][0]
    assert deal.trick_card is not None
    assert f"face-up card: {deal.trick_card}, dealt to seat {deal.trick_seat} " in text
