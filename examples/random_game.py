"""A full game between random players, printed trick by trick.

Run: python examples/random_game.py [SEED]
"""

from __future__ import annotations

import sys

from zhengshangyou import PASS, Game, Play
from zhengshangyou.bots import RandomBot


def main(seed: int = 1) -> None:
    game = Game(seed=seed)
    bots = [RandomBot(seed=seed * 10 + seat) for seat in range(game.rules.players)]
    print(f"Seed {seed}; dealer seat {game.state.dealer}; seat {game.to_act} leads.")
    trick = 1
    print(f"Trick {trick}:")
    while not game.is_hand_over:
        seat = game.to_act
        move = bots[seat].choose(game.observation(seat))
        game.play(move)
        if isinstance(move, Play):
            print(f"  seat {seat} plays {move.unicode()} ({move.kind.label})")
            if not game.hands[seat]:
                print(f"  seat {seat} is out!")
        else:
            assert move == PASS
            print(f"  seat {seat} passes")
        if game.state.top is None and not game.is_hand_over:
            trick += 1
            print(f"Trick {trick}: seat {game.to_act} leads")
    result = game.state.result
    assert result is not None
    print("Finishing order:", list(result.finishing_order))
    print("Scores:", list(result.scores))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
