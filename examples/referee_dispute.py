"""Settle a rule dispute with the referee.

Two players argue: after a pair of 9s, may 2-2-3-3 (a pair run) be played? And
under the 'winner' preset, does the pair 2♠2♦ beat 2♥2♣? The library answers
with the rule ids, and the referee checks a whole recorded game.

Run: python examples/referee_dispute.py
"""

from __future__ import annotations

import json

from zhengshangyou import Game, Play, Rules, beats, referee
from zhengshangyou.record import Record


def main() -> None:
    rules = Rules()
    pair, run = Play.parse("9C 9D", rules), Play.parse("2D 2S 3C 3H", rules)
    print(f"{run} ({run.kind.label}) on {pair} ({pair.kind.label}):", beats(run, pair),
          "- different kinds never beat each other (R4.1)")

    winner = Rules.preset("winner")
    high, low = Play.parse("2S 2D", winner), Play.parse("2H 2C", winner)
    print(f"Under 'winner', {high} beats {low}:", beats(high, low), "- pairs by their higher suit (R4.3, E16)")

    # A recorded game in which one move was tampered with.
    game = Game(seed=12)
    for _ in range(8):
        game.play(next(iter(game.legal_moves())))
    data = json.loads(Record.from_game(game).to_json())
    data["hands"][0]["moves"][5]["seat"] = (data["hands"][0]["moves"][5]["seat"] + 1) % 4
    report = referee(data)
    print("Tampered record:", report)
    print("Original record:", referee(Record.from_game(game)))


if __name__ == "__main__":
    main()
