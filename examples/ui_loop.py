"""Drive a game from a UI loop with observations.

A user interface shows each seat only what that seat may know: its own
observation. Here a "UI" for seat 0 prints what it would draw and answers with
the first legal move; the other seats are bots. Illegal input is reported with
its rule id and nothing changes.

Run: python examples/ui_loop.py
"""

from __future__ import annotations

from zhengshangyou import Game, Observation, Rules, ZhengShangyouError
from zhengshangyou.bots import HeuristicBot


def draw(seen: Observation) -> None:
    top = "nothing (you lead)" if seen.top is None else f"{seen.top.unicode()} by seat {seen.top_seat}"
    print(f"[seat {seen.seat}] to beat: {top}; cards held: {list(seen.counts)}")
    print(f"[seat {seen.seat}] your hand: {seen.hand.unicode()}")


def main() -> None:
    game = Game(Rules.preset("winner"), seed=3)
    bot = HeuristicBot()
    shown_error = False
    while not game.is_hand_over:
        seat = game.to_act
        seen = game.observation(seat)
        if seat != 0:
            game.play(bot.choose(seen))
            continue
        draw(seen)
        if not shown_error:
            before = game.copy()
            try:
                game.play("pass" if seen.top is None else "RJ RJ")
            except ZhengShangyouError as error:
                print(f"[seat 0] the UI reports: {error} (rule {error.rule})")
            assert game == before  # a rejected move changes nothing
            shown_error = True
        move = seen.legal_moves[0]
        print(f"[seat 0] plays {move}")
        game.play(move)
    result = game.state.result
    assert result is not None
    print("finishing order:", list(result.finishing_order), "scores:", list(result.scores))


if __name__ == "__main__":
    main()
