"""Learning environments on one action space and one observation encoding (extra ``[rl]``).

- :func:`encode` and :func:`layout`: the fixed-shape encoding of an
  :class:`~zhengshangyou.game.Observation` (numpy);
- :func:`action_mask`: the legal ids of
  :class:`~zhengshangyou.actionspace.ActionSpace` as an array;
- :class:`PolicyBot`: a policy ``(observation_array, mask) -> id`` as a library
  :class:`~zhengshangyou.bots.Bot` (for self-play, tournaments, simulations);
- :func:`check_seed`: the seeds every environment's ``reset`` takes;
- :mod:`zhengshangyou.envs.pettingzoo`, :mod:`zhengshangyou.envs.openspiel` and
  :mod:`zhengshangyou.envs.gymnasium`: the environments, each importing its own
  library only when imported.

Install with ``pip install ".[rl]"`` from a clone (no release is on PyPI yet).

>>> from zhengshangyou import Game
>>> encode(Game(seed=1).observation(0)).shape
(250,)
"""

from zhengshangyou.envs.encoding import (
    action_mask,
    check_seed,
    encode,
    layout,
    observation_bounds,
    observation_size,
    played_hands,
    rules_of,
    suits_encoded,
)
from zhengshangyou.envs.policy import Policy, PolicyBot

__all__ = [
    "Policy",
    "PolicyBot",
    "action_mask",
    "check_seed",
    "encode",
    "layout",
    "observation_bounds",
    "observation_size",
    "played_hands",
    "rules_of",
    "suits_encoded",
]
