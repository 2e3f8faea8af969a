"""Fixed action ids for a learning agent: a hand played through rank plays and masks.

Each seat's choice is made the way a reinforcement-learning policy makes it: from a
mask over a fixed action space, one id per rank play of the rule set plus one for
passing. The chosen id is turned back into the play the game accepts.

Run: python examples/action_ids.py [SEED]
"""

from __future__ import annotations

import random
import sys

from zhengshangyou import PASS, Game, Move, Rules, rank_plays


def main(seed: int = 1) -> None:
    rules = Rules()
    space = rank_plays(rules)
    pass_id = len(space)  # passing is not a play: it takes the id after the last one
    print(f"{len(space)} rank plays under the default rules, ids 0-{pass_id - 1}; pass is {pass_id}")
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while not game.is_hand_over:
        legal = game.legal_moves()
        mask = [False] * (len(space) + 1)
        plays = legal.plays
        for play in space.legal_from(plays) if plays is not None else []:
            mask[play.id] = True
        mask[pass_id] = legal.pass_allowed()
        # A policy would weigh the ids; this one picks a legal id at random.
        chosen = rng.choice([action for action, allowed in enumerate(mask) if allowed])
        state = game.state
        move: Move
        if chosen == pass_id:
            move = PASS
        else:
            move = space.member(
                space[chosen],
                state.hands[state.to_act],
                state.top,
                revolution=state.revolution,
                must_include=state.must_include,
            )
        print(f"seat {state.to_act}: {sum(mask)} legal ids, chose {chosen}: {move}")
        game.play(move)
        moves += 1
    result = game.state.result
    assert result is not None
    print(f"{moves} moves; finishing order {list(result.finishing_order)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
