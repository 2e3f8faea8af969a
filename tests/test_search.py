"""The search bots (issue 16): legal, seeded, deciding exchanges, and searching.

R4.1 (a bot plays a legal move), R8 (exchange decisions are theirs too), R7.1
(rollouts stop once the Winner is out: the scores are settled then).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from zhengshangyou import Deal, Game, Hand, Phase, Rules, State, WrongTypeError, ZhengShangyouError
from zhengshangyou.bots import Bot, GreedyBot
from zhengshangyou.search import ISMCTSBot, MonteCarloBot, rollout


def play_hand(game: Game, bots: Sequence[Bot], limit: int = 400) -> None:
    for _ in range(limit):
        if game.phase.is_over:
            return
        seat = game.to_act
        move = bots[seat].choose(game.observation(seat))
        assert move in game.legal_moves()
        game.play(move)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("name", Rules.preset_names())
def test_R4_1_search_bots_play_legal_moves_under_every_preset(name: str) -> None:
    rules = Rules.preset(name, players=3)
    game = Game(rules, seed=11)
    bots: list[Bot] = [ISMCTSBot(iterations=8, seed=1), MonteCarloBot(rollouts=1, seed=2), GreedyBot()]
    play_hand(game, bots)
    assert game.phase.is_over


@pytest.mark.parametrize("exchange", ["highest_for_one_of_two", "highest_for_any"])
def test_R8_search_bots_make_the_exchange_decisions(exchange: str) -> None:
    rules = Rules(players=3).evolve(exchange=exchange)
    game = Game(rules, seed=5)
    bots = [ISMCTSBot(iterations=6, seed=seat) for seat in range(3)]
    play_hand(game, bots)
    game.next_hand()
    assert game.phase is Phase.EXCHANGE
    decided = 0
    while game.phase is Phase.EXCHANGE:
        seat = game.to_act
        move = bots[seat].choose(game.observation(seat))
        assert move in game.legal_moves()
        game.play(move)
        decided += 1
    assert decided >= 2


def test_search_bots_are_seeded() -> None:
    game = Game(Rules(), seed=21)
    seen = game.observation(game.to_act)
    for make in (lambda: ISMCTSBot(iterations=25, seed=3), lambda: MonteCarloBot(rollouts=2, seed=3)):
        assert make().choose(seen) == make().choose(seen)
        bot = make()
        first = bot.choose(seen)
        bot.reset(3)
        assert bot.choose(seen) == first


def test_R7_1_a_search_goes_out_when_it_can() -> None:
    """Seat 0 holds the two 2s of a jokerless deck and leads (it holds the start card,
    R2.5): leading the pair empties its hand at once; anything else lets seat 1, which
    holds every other card, play on (bombs of four included)."""
    rules = Rules(players=2, jokers=False, joker_bomb=False, first_lead="start_card", start_card="2S")
    cards = sorted(rules.deck())
    mine = [card for card in cards if card.rank == 12 and card.suit in (2, 3)]  # 2H 2S
    rest = [card for card in cards if card not in mine]
    hands = (Hand(mine), Hand(rest))
    game = Game(rules, seed=1, deals=[Deal(dealer=1, hands=hands)], arranged=True)
    assert game.to_act == 0
    seen = game.observation(0)
    move = ISMCTSBot(iterations=30, seed=1).choose(seen)
    assert len(move) == 2  # type: ignore[arg-type]  # the pair of 2s: out at once
    assert MonteCarloBot(rollouts=3, seed=1).choose(seen) == move


def test_R7_1_rollouts_are_zero_sum_and_stop_with_the_winner() -> None:
    rng = random.Random(4)
    for seed in range(5):
        state = State.new(Rules(players=4), seed=seed)
        scores = rollout(state, rng)
        assert sum(scores) == 0
        assert max(scores) > 0
    placement = State.new(Rules(scoring="placement"), seed=1)
    assert sorted(rollout(placement, rng)) == [0, 0, 1, 2]


def test_search_bots_refuse_bad_arguments() -> None:
    for bad in (0, -3):
        with pytest.raises(ZhengShangyouError):
            ISMCTSBot(iterations=bad)
        with pytest.raises(ZhengShangyouError):
            MonteCarloBot(rollouts=bad)
    with pytest.raises(WrongTypeError):
        ISMCTSBot(iterations="5")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        ISMCTSBot(time_limit=-1.0)
    game = Game(Rules(), seed=2)
    with pytest.raises(WrongTypeError):
        ISMCTSBot().choose(game.state)  # type: ignore[arg-type]
    with pytest.raises(ZhengShangyouError, match="not to act"):
        ISMCTSBot().choose(game.observation((game.to_act + 1) % 4))


def test_a_time_limit_bounds_the_search() -> None:
    game = Game(Rules(), seed=9)
    seen = game.observation(game.to_act)
    bot = ISMCTSBot(iterations=10**6, time_limit=0.05, seed=1)
    assert bot.choose(seen) in game.legal_moves()
    assert MonteCarloBot(rollouts=10**6, time_limit=0.05, seed=1).choose(seen) in game.legal_moves()
