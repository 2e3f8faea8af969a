"""The batched game's state: a pgx-like dataclass of arrays (a JAX pytree).

The public fields follow pgx's ``State``: ``current_player`` (the seat to act, -1
once the hand is over, as :attr:`Game.to_act <zhengshangyou.game.Game.to_act>`),
``legal_action_mask`` (over the ids of
:class:`~zhengshangyou.actionspace.ActionSpace`, pass included; all false once the
hand is over), ``rewards`` (each seat's R7 score of the hand on the step that ends
it, zero on every other step), ``terminated``, ``truncated`` (always false: a hand
always ends, R6) and ``_step_count``. The fields with a leading underscore are the
game's internals; :func:`~zhengshangyou.jax.env.observe` reads them as
:func:`~zhengshangyou.envs.encode` reads an observation.

Every array has the batch as its first axis when made by
:meth:`~zhengshangyou.jax.env.Env.init` (``[batch, ...]``).

>>> import jax
>>> from zhengshangyou import Rules
>>> from zhengshangyou.jax import Env
>>> state = Env(Rules()).init(jax.random.key(0), 2)
>>> isinstance(state, State), state.legal_action_mask.shape, state.rewards.shape
(True, (2, 446), (2, 4))
"""

from __future__ import annotations

import dataclasses

import jax

__all__ = ["State"]


@dataclasses.dataclass(frozen=True)
class State:
    """One hand of Zheng Shangyou per batch entry (see the module docstring).

    Internals, by field: ``_hands`` [players, 15] rank counts held (where suits
    matter, [players, 54] card counts); ``_played`` [players, 15] (or 54) counts played
    this hand; ``_top`` the play id to beat (-1 when leading) and ``_top_seat``, and
    ``_top_cards`` the cards of the play to beat where suits matter ([54]; empty, [0],
    where they do not: the id tells the ranks); ``_passed`` and ``_locked`` the seats that passed
    since the last play and that are locked out (R5.3); ``_out`` the seats out and
    ``_out_place`` their place; ``_played_any`` the seats that played a card (R7.1);
    ``_revolution`` the flipped order (R4.8); ``_must_include`` whether the lead must
    include the start card (R2.5); ``_first_counts`` and ``_first_played`` the counts
    and played flags when the Winner went out (R7.1); ``_scores`` the hand's scores
    once over; ``_match_over`` (R7.4); ``_dealer``, ``_deal`` [players, 54] the cards
    dealt, ``_trick_card`` and ``_trick_seat`` (-1 when none, R2.4).

    >>> sorted(field.name for field in dataclasses.fields(State))[:3]
    ['_deal', '_dealer', '_first_counts']
    """

    current_player: jax.Array
    legal_action_mask: jax.Array
    rewards: jax.Array
    terminated: jax.Array
    truncated: jax.Array
    _step_count: jax.Array
    _hands: jax.Array
    _played: jax.Array
    _top: jax.Array
    _top_seat: jax.Array
    _top_cards: jax.Array
    _passed: jax.Array
    _locked: jax.Array
    _out: jax.Array
    _out_place: jax.Array
    _played_any: jax.Array
    _revolution: jax.Array
    _must_include: jax.Array
    _first_counts: jax.Array
    _first_played: jax.Array
    _scores: jax.Array
    _match_over: jax.Array
    _dealer: jax.Array
    _deal: jax.Array
    _trick_card: jax.Array
    _trick_seat: jax.Array

    def replace(self, **changes: jax.Array) -> State:
        """This state with ``changes`` to its fields.

        >>> import jax.numpy as jnp
        >>> from zhengshangyou import Rules
        >>> from zhengshangyou.jax import Env
        >>> state = Env(Rules()).init(jax.random.key(0), 1)
        >>> state.replace(terminated=jnp.ones(1, bool)).terminated.tolist()
        [True]
        """
        return dataclasses.replace(self, **changes)


_FIELDS = [field.name for field in dataclasses.fields(State)]
jax.tree_util.register_dataclass(State, data_fields=_FIELDS, meta_fields=[])
