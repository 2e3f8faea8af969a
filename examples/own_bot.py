"""Write your own bot and pit it against the built-in ones.

A bot is any object with ``choose(observation) -> move``; the move must be one
of ``observation.legal_moves``. This one leads its lowest single and answers
with the highest play it can, passing when it cannot.

Run: python examples/own_bot.py [GAMES]
"""

from __future__ import annotations

import sys

from zhengshangyou import PASS, Move, Observation, Play, Rules
from zhengshangyou.bots import GreedyBot, HeuristicBot, RandomBot
from zhengshangyou.simulate import simulate


class HighCardBot:
    """Answers with its strongest play; leads its weakest single."""

    def choose(self, observation: Observation) -> Move:
        plays = [move for move in observation.legal_moves if isinstance(move, Play)]
        if not plays:
            return observation.legal_moves[0]  # a pass, or an exchange decision
        if observation.top is None:
            singles = [play for play in plays if len(play) == 1] or plays
            return min(singles, key=lambda play: play.key)
        if PASS in observation.legal_moves and all(play.is_bomb for play in plays):
            return PASS  # keep bombs
        return max(plays, key=lambda play: play.key)

    def __repr__(self) -> str:
        return "HighCardBot()"


def main(games: int = 200) -> None:
    rules = Rules()
    result = simulate([HighCardBot(), HeuristicBot(), GreedyBot(), RandomBot()], rules, games, seed=1)
    print(result.table())


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
