"""A JAX backend: batched, jit-compiled hands, move for move the reference engine (extra ``[jax]``).

Install with ``pip install ".[jax]"``. The core package never imports JAX; this
package does. :class:`Env` compiles a rule set from the reference engine
(:func:`compile_rules`: hands of rank counts where suits never matter, of card
counts where they do, :mod:`~zhengshangyou.jax.suits`) and plays a batch of hands
with pure functions
(``init``, ``step``, ``observe``); :mod:`~zhengshangyou.jax.policies` has a random
and a greedy policy, and :func:`check_hands` replays JAX hands through the
reference :class:`~zhengshangyou.game.Game` and reports every disagreement.

>>> import jax
>>> from zhengshangyou import Rules
>>> env = make(Rules())
>>> state = env.init(jax.random.key(0), 8)
>>> state.legal_action_mask.shape
(8, 446)
"""

from zhengshangyou.jax.check import CheckReport, check_hands
from zhengshangyou.jax.env import Env, make
from zhengshangyou.jax.policies import greedy_policy, random_policy
from zhengshangyou.jax.state import State
from zhengshangyou.jax.tables import Tables, check_supported, compile_rules

__all__ = [
    "CheckReport",
    "Env",
    "State",
    "Tables",
    "check_hands",
    "check_supported",
    "compile_rules",
    "greedy_policy",
    "make",
    "random_policy",
]
