"""The policy adapter (issue 34, item 10): any callable ``(observation_array, mask) -> id``
as a library bot, never copied, playing wherever the library takes a bot."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest

from zhengshangyou import (
    ActionSpace,
    Game,
    IllegalMoveError,
    Rules,
    WrongTypeError,
)
from zhengshangyou.bots import Bot, RandomBot, ResettableBot
from zhengshangyou.envs import PolicyBot, action_mask, encode
from zhengshangyou.simulate import simulate
from zhengshangyou.tournament import tournament


class Lowest:
    """A picklable policy: the lowest legal id; counts its calls and checks its input."""

    def __init__(self) -> None:
        self.calls = 0
        self.weights = np.zeros(10_000)  # stands for a network that must not be copied

    def __call__(self, observation: np.ndarray, mask: np.ndarray) -> Any:
        assert observation.dtype == np.float32
        assert mask.dtype == np.int8
        self.calls += 1
        return np.int64(np.flatnonzero(mask)[0])


def test_issue34_item10_a_policy_is_a_bot_that_plays_its_ids() -> None:
    policy = Lowest()
    bot = PolicyBot(policy)
    assert isinstance(bot, Bot)
    assert not isinstance(bot, ResettableBot)  # nothing to forget between hands
    game = Game(Rules(), seed=4)
    seen = game.observation(game.to_act)
    move = bot.choose(seen)
    space = ActionSpace(game.rules)
    assert move == space.decode(space.legal_ids(seen)[0], seen)
    assert policy.calls == 1
    # The arrays are those of the environments.
    arrays: list[tuple[np.ndarray, np.ndarray]] = []

    def keep(observation: np.ndarray, mask: np.ndarray) -> int:
        arrays.append((observation, mask))
        return 2

    PolicyBot(keep).choose(seen)
    assert np.array_equal(arrays[0][0], encode(seen))
    assert np.array_equal(arrays[0][1], action_mask(seen))
    assert "PolicyBot(" in repr(bot)


def test_issue34_item10_a_policy_bot_is_never_copied() -> None:
    """A tournament and a simulation copy their bots; a PolicyBot stays the one object,
    so its policy (here a 10,000-float array) is played as it is and never duplicated."""
    policy = Lowest()
    bot = PolicyBot(policy)
    assert copy.copy(bot) is bot
    assert copy.deepcopy(bot) is bot
    assert copy.deepcopy([bot, bot])[0] is bot
    result = simulate([bot, RandomBot(seed=1), bot, RandomBot(seed=2)], Rules(), games=3, seed=1)
    assert len(result.outcomes) == 3
    calls = policy.calls
    assert calls > 0  # the policy given played, not a copy of it
    tournament({"policy": bot, "random": RandomBot(seed=3)}, Rules(players=2), hands=2, seed=0)
    assert policy.calls > calls
    clone = pickle.loads(pickle.dumps(bot))  # pickles with its policy, for process pools
    assert isinstance(clone.policy, Lowest)


@pytest.mark.parametrize("answer", [np.array(2), np.array([2]), np.int32(2), 2])
def test_issue34_item10_numpy_ids_are_read(answer: Any) -> None:
    game = Game(Rules(), seed=4)
    assert str(PolicyBot(lambda observation, mask: answer).choose(game.observation(game.to_act))) == "5D"


@pytest.mark.parametrize(
    ("answer", "error", "message"),
    [
        (444, IllegalMoveError, r"action 444 \(BJ RJ\) is not a legal move"),
        (-1, IllegalMoveError, "not an id"),
        (10**6, IllegalMoveError, "not an id"),
        (2.0, WrongTypeError, "a policy returns an id"),
        (True, WrongTypeError, "a policy returns an id"),
        (np.bool_(True), WrongTypeError, "a policy returns an id"),
        ("5", WrongTypeError, "a policy returns an id"),
        (np.array([1, 2]), WrongTypeError, "a policy returns an id"),
    ],
)
def test_issue34_item10_a_bad_answer_is_refused_with_a_typed_error(
    answer: Any, error: type[Exception], message: str
) -> None:
    game = Game(Rules(), seed=4)
    with pytest.raises(error, match=message):
        PolicyBot(lambda observation, mask: answer).choose(game.observation(game.to_act))


def test_issue34_item10_what_is_no_policy_and_a_seat_not_to_act_are_refused() -> None:
    with pytest.raises(WrongTypeError, match="a policy is a callable"):
        PolicyBot(3)  # type: ignore[arg-type]
    game = Game(Rules(), seed=4)
    with pytest.raises(IllegalMoveError, match="seat 0 is not to act"):
        PolicyBot(Lowest()).choose(game.observation(0))
