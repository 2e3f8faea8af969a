"""Pure-JAX policies for the batched game: random and greedy, over the legal mask.

Both take a :class:`~zhengshangyou.jax.state.State` batch and give one action id per
entry; an entry that is over gets id 0 from :func:`random_policy` and the lowest
id from :func:`greedy_policy` (:meth:`Env.step <zhengshangyou.jax.env.Env.step>`
ignores both there).

>>> import jax
>>> from zhengshangyou import Rules
>>> from zhengshangyou.jax import make
>>> env = make(Rules())
>>> state = env.init(jax.random.key(0), 4)
>>> bool(state.legal_action_mask[jnp.arange(4), random_policy(jax.random.key(1), state)].all())
True
"""

from __future__ import annotations

import jax
import jax.numpy as jnp

from zhengshangyou.jax.env import Env
from zhengshangyou.jax.state import State

__all__ = ["greedy_policy", "random_policy"]


def random_policy(key: jax.Array, state: State) -> jax.Array:
    """A legal id drawn uniformly for each entry (0 where the hand is over).

    >>> import jax
    >>> from zhengshangyou import Rules
    >>> from zhengshangyou.jax import make
    >>> state = make(Rules()).init(jax.random.key(0), 2)
    >>> random_policy(jax.random.key(3), state).shape
    (2,)
    """
    mask = state.legal_action_mask
    # The k-th legal id, k uniform below their count: one draw an entry.
    count = mask.sum(axis=-1)
    place = jnp.floor(jax.random.uniform(key, count.shape) * count).astype(jnp.int32)
    place = jnp.minimum(place, count - 1)
    drawn = jnp.argmax(jnp.cumsum(mask, axis=-1, dtype=jnp.int32) > place[..., None], axis=-1)
    return jnp.where(count > 0, drawn, 0).astype(jnp.int32)


def greedy_policy(env: Env, state: State) -> jax.Array:
    """For each entry, the legal play that sheds the most cards, the lowest id among
    those (the weakest in the class view's order); pass only when no play is legal.

    >>> import jax
    >>> from zhengshangyou import Rules
    >>> from zhengshangyou.jax import make
    >>> env = make(Rules())
    >>> state = env.init(jax.random.key(0), 2)
    >>> action = greedy_policy(env, state)
    >>> bool(state.legal_action_mask[jnp.arange(2), action].all())
    True
    """
    tables = env.tables
    sizes = jnp.asarray(tables.needs.sum(axis=1), dtype=jnp.int32)
    ids = jnp.arange(tables.pass_id, dtype=jnp.int32)
    score = sizes * (tables.n_actions + 1) + (tables.n_actions - ids)
    score = jnp.concatenate([score, jnp.zeros(tables.n_actions - tables.pass_id, dtype=jnp.int32)])
    return jnp.argmax(jnp.where(state.legal_action_mask, score, -1), axis=-1).astype(jnp.int32)
