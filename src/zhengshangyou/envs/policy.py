"""A learned policy as a library :class:`~zhengshangyou.bots.Bot` (extra ``[rl]``).

A policy trained on the environments chooses an id from two arrays: the encoded
observation (:func:`~zhengshangyou.envs.encode`) and the action mask
(:func:`~zhengshangyou.envs.action_mask`), the ``"observation"`` and
``"action_mask"`` of an environment's observation. :class:`PolicyBot` turns any such
callable ``policy(observation_array, mask) -> id`` into a bot, so that the policy can
play wherever the library takes a bot: against other bots in
:func:`~zhengshangyou.simulate.simulate` and :func:`~zhengshangyou.tournament.tournament`,
as an opponent in :class:`~zhengshangyou.envs.gymnasium.VsBotsEnv` (self-play: the
opponents are the policy being trained), at the terminal or the web table.

A :class:`PolicyBot` is never copied: ``copy.copy`` and ``copy.deepcopy`` give the
bot itself, so a tournament or a simulation that copies its bots for every seat and
hand shares the one policy (a network is not duplicated, and a policy that goes on
learning is played as it is now). It has no ``reset`` method: it keeps nothing
between moves but what the policy keeps. Pickling it pickles the policy (a process
pool needs a policy that pickles).

>>> from zhengshangyou import Game, Rules
>>> def lowest(observation, mask):          # the lowest legal id
...     return int(mask.nonzero()[0][0])
>>> bot = PolicyBot(lowest)
>>> game = Game(Rules(), seed=4)
>>> bot.choose(game.observation(game.to_act))
Play(single: 5D)
>>> import copy
>>> copy.deepcopy(bot) is bot
True
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from zhengshangyou.actions import Move
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.envs.encoding import encode
from zhengshangyou.errors import IllegalMoveError, WrongTypeError, brief_repr
from zhengshangyou.game import Observation

__all__ = ["Policy", "PolicyBot"]

#: What a policy is: the encoded observation and the ``int8`` action mask to an id.
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], Any]


class PolicyBot:
    """A :class:`~zhengshangyou.bots.Bot` that asks ``policy(observation_array, mask)``
    for an id of :class:`~zhengshangyou.actionspace.ActionSpace` and plays its move
    (see the module docstring).

    The arrays are those an environment gives its agent: ``encode(observation)``
    (``float32``) and the ``int8`` mask of the legal ids (1 legal, 0 not). The id may
    be an ``int``, a numpy integer or a 0-d integer array (what ``model.predict``
    returns). An id that is not legal raises
    :class:`~zhengshangyou.errors.IllegalMoveError`, naming it; a value that is no
    integer, :class:`~zhengshangyou.errors.WrongTypeError`.

    >>> from zhengshangyou import Game, Rules
    >>> bot = PolicyBot(lambda observation, mask: mask.argmax())
    >>> game = Game(Rules(), seed=4)
    >>> bot.choose(game.observation(game.to_act)) in game.legal_moves()
    True
    >>> PolicyBot(lambda observation, mask: 444).choose(game.observation(game.to_act))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: action 444 (BJ RJ) is not a legal move of seat 3 here (R4.1)
    """

    __slots__ = ("policy",)

    def __init__(self, policy: Policy) -> None:
        if not callable(policy):
            raise WrongTypeError(
                f"a policy is a callable (observation_array, mask) -> id, not {brief_repr(policy)}",
                argument="policy",
            )
        self.policy = policy

    def choose(self, observation: Observation) -> Move:
        """The move of the id the policy picks for ``observation`` (the seat must be to act).

        >>> from zhengshangyou import Game, Rules
        >>> game = Game(Rules(), seed=4)
        >>> PolicyBot(lambda observation, mask: 2).choose(game.observation(game.to_act))
        Play(single: 5D)
        """
        space = ActionSpace(observation.rules)
        moves = space.moves(observation)
        if not moves:
            raise IllegalMoveError(
                f"seat {observation.seat} is not to act: it has no move to choose (R4.1)",
                rule="R4.1",
            )
        mask = np.zeros(space.size, dtype=np.int8)
        mask[list(moves)] = 1
        chosen = self.policy(encode(observation), mask)
        index = _index(chosen)
        move = moves.get(index)
        if move is None:
            space.decode(index, observation)  # raises, naming the id
        assert move is not None
        return move

    def __copy__(self) -> PolicyBot:
        return self  # the one policy, shared

    def __deepcopy__(self, memo: dict[int, Any]) -> PolicyBot:
        return self

    def __repr__(self) -> str:
        return f"PolicyBot({brief_repr(self.policy, 60)})"


def _index(chosen: object) -> int:
    """A policy's answer as an int id: an ``int``, a numpy integer or a 0-d integer array."""
    if isinstance(chosen, np.ndarray) and chosen.shape in ((), (1,)):
        chosen = chosen.reshape(())[()]
    if isinstance(chosen, (bool, np.bool_)):
        raise WrongTypeError(f"a policy returns an id, not {brief_repr(chosen)}", argument="policy")
    try:
        return operator.index(chosen)  # type: ignore[arg-type]
    except TypeError:
        raise WrongTypeError(
            f"a policy returns an id (an int), not {brief_repr(chosen)}", argument="policy"
        ) from None
