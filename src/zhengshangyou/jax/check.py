"""The checker: batched JAX hands replayed move for move through the reference engine.

:func:`check_hands` plays hands with the batched game (a random or the greedy
policy), then replays each through :class:`~zhengshangyou.game.Game` (built from
the JAX deal, ``Game(rules, deals=[...])``) and
:class:`~zhengshangyou.actionspace.ActionSpace`, and at every decision compares:
the legal mask with the reference's legal ids, the seat to act, the top play's id,
every seat's card count, the terminal flag, the rewards (the R7 scores on the step
that ends the hand, zero before), and :meth:`Env.observe
<zhengshangyou.jax.env.Env.observe>` with :func:`zhengshangyou.envs.encode` of
``game.observation(seat)`` for the seat to act and for one more seat (turn about).
Every disagreement is reported, none raised.

>>> from zhengshangyou import Rules
>>> report = check_hands(Rules(players=2), hands=2, batch=2, seed=0)
>>> report.hands, report.disagreements, report.decisions > 0
(2, [], True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Literal

import jax
import jax.numpy as jnp
import numpy as np

from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.cards import Card
from zhengshangyou.envs.encoding import encode, suits_encoded
from zhengshangyou.errors import InvalidRulesError
from zhengshangyou.game import Deal, Game
from zhengshangyou.hand import Hand
from zhengshangyou.jax.env import Env, make
from zhengshangyou.jax.policies import greedy_policy, random_policy
from zhengshangyou.jax.state import State
from zhengshangyou.jax.tables import MAX_CARD_PLAY_IDS, MAX_PLAY_IDS
from zhengshangyou.rules import Rules

__all__ = [
    "CheckReport",
    "check_hands",
    "rank_only",
    "rollout",
    "runnable",
    "supported_rule_sets",
]

Policy = Literal["random", "greedy"]


@dataclasses.dataclass
class CheckReport:
    """What :func:`check_hands` compared: the hands and decisions, and every
    disagreement as text (empty when the JAX game is the reference game).

    >>> CheckReport(rules=Rules(), hands=0, decisions=0).ok
    True
    """

    rules: Rules
    hands: int
    decisions: int
    disagreements: list[str] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether nothing disagreed.

        >>> CheckReport(Rules(), 1, 1, ["hand 0 step 0: mask"]).ok
        False
        """
        return not self.disagreements


_ROLLOUTS: dict[tuple[Rules, int, str, int], Callable[..., Any]] = {}


def rollout(env: Env, key: jax.Array, batch: int, policy: Policy = "random") -> dict[str, Any]:
    """``batch`` hands played to their end with ``policy``, every step recorded
    (numpy arrays with the step first: each :class:`State` field, ``action``,
    ``observation`` of the seat to act and ``other`` of seat ``step % players``).

    >>> from zhengshangyou import Rules
    >>> steps = rollout(make(Rules(players=2)), jax.random.key(0), 2)
    >>> steps["legal_action_mask"].shape[1:], bool(steps["terminated"][-1].all())
    ((2, 446), True)
    """
    rules = env.rules
    length = rules.max_moves + 1
    cache_key = (rules, batch, policy, length)
    run = _ROLLOUTS.get(cache_key)
    if run is None:
        init, step, observe = env.functions
        v_step, v_observe = jax.vmap(step), jax.vmap(observe)
        players = env.num_players

        def play(key: jax.Array) -> dict[str, Any]:
            first, key = jax.random.split(key)
            state = jax.vmap(init)(jax.random.split(first, batch))

            def one(carry: tuple[State, jax.Array], index: jax.Array) -> Any:
                state, key = carry
                key, draw = jax.random.split(key)
                if policy == "greedy":
                    action = greedy_policy(env, state)
                else:
                    action = random_policy(draw, state)
                seen = v_observe(state, jnp.maximum(state.current_player, 0))
                other = v_observe(state, jnp.full(batch, index % players, dtype=jnp.int32))
                record = {
                    **dataclasses.asdict(state),
                    "action": action,
                    "observation": seen,
                    "other": other,
                }
                return (v_step(state, action), key), record

            _, records = jax.lax.scan(one, (state, key), jnp.arange(length))
            return records  # type: ignore[no-any-return]

        run = _ROLLOUTS[cache_key] = jax.jit(play)
    return {name: np.asarray(value) for name, value in run(key).items()}


def _deal(rules: Rules, steps: dict[str, Any], entry: int) -> Deal:
    """The reference :class:`Deal` of the JAX hand ``entry`` (R2.2, R2.4)."""
    dealt = steps["_deal"][0, entry]
    hands = tuple(
        Hand(
            [Card.from_index(index) for index in range(54) for _ in range(int(dealt[seat, index]))]
        )
        for seat in range(rules.players)
    )
    trick = int(steps["_trick_card"][0, entry])
    if trick < 0:
        return Deal(int(steps["_dealer"][0, entry]), hands)
    return Deal(
        int(steps["_dealer"][0, entry]),
        hands,
        Card.from_index(trick),
        int(steps["_trick_seat"][0, entry]),
    )


def _differ(found: list[str], where: str, name: str, mine: object, theirs: Any) -> None:
    if isinstance(mine, np.ndarray):
        same = mine.shape == np.shape(theirs) and bool(np.array_equal(mine, theirs))
    else:
        same = mine == theirs
    if not same:
        found.append(f"{where}: {name}: JAX {_show(mine)} != reference {_show(theirs)}")


def _show(value: object) -> str:
    if isinstance(value, np.ndarray):
        return (
            str(np.flatnonzero(value).tolist()) if value.dtype == np.bool_ else str(value.tolist())
        )
    return repr(value)


def _replay(
    rules: Rules, space: ActionSpace, steps: dict[str, Any], entry: int, found: list[str]
) -> int:
    """Replay hand ``entry`` through the reference game; the decisions compared."""
    game = Game(rules, deals=[_deal(rules, steps, entry)])
    players = rules.players
    length = int(steps["terminated"].shape[0])
    for index in range(length):
        where = f"hand {entry} step {index}"
        over = game.is_hand_over
        before = len(found)
        _differ(found, where, "terminated", bool(steps["terminated"][index, entry]), over)
        _differ(
            found, where, "seat to act", int(steps["current_player"][index, entry]), game.to_act
        )
        top = game.state.top
        _differ(
            found,
            where,
            "top",
            int(steps["_top"][index, entry]),
            -1 if top is None else space.encode(top),
        )
        _differ(
            found,
            where,
            "counts",
            steps["_hands"][index, entry].sum(axis=1).astype(int).tolist(),
            [len(hand) for hand in game.hands],
        )
        rewards = steps["rewards"][index, entry]
        expected = np.array(game.scores if over else (0,) * players, dtype=np.float32)
        _differ(found, where, "rewards", rewards, expected)
        mask = steps["legal_action_mask"][index, entry]
        if over:
            _differ(found, where, "mask", mask, np.zeros(space.size, dtype=np.bool_))
        else:
            seen = game.observation(game.to_act)
            _differ(found, where, "mask", mask, np.array(space.mask(seen), dtype=np.bool_))
            _differ(
                found,
                where,
                "observe (seat to act)",
                steps["observation"][index, entry],
                encode(seen),
            )
        other = index % players
        _differ(
            found,
            where,
            f"observe (seat {other})",
            steps["other"][index, entry],
            encode(game.observation(other)),
        )
        if over or len(found) > before:
            return index + int(not over)
        action = int(steps["action"][index, entry])
        game.play(space.decode(action, game.observation(game.to_act)))
    found.append(f"hand {entry}: not over after {length} steps")
    return length


def check_hands(
    rules: Rules,
    hands: int,
    *,
    batch: int = 64,
    seed: int = 0,
    policy: Policy = "random",
    limit: int = 20,
) -> CheckReport:
    """Play ``hands`` hands (in batches of ``batch``) with ``policy`` and replay them
    through the reference engine (see the module docstring). A hand stops being
    replayed at its first disagreement; at most ``limit`` disagreements are kept
    (the count of hands checked goes on).

    >>> report = check_hands(Rules(players=3, must_beat=True), hands=2, batch=2, policy="greedy")
    >>> report.ok, report.hands
    (True, 2)
    """
    env = make(rules)
    space = ActionSpace(env.rules)
    report = CheckReport(rules=env.rules, hands=0, decisions=0)
    key = jax.random.key(seed)
    while report.hands < hands:
        key, draw = jax.random.split(key)
        steps = rollout(env, draw, batch, policy)
        for entry in range(min(batch, hands - report.hands)):
            found: list[str] = []
            report.decisions += _replay(env.rules, space, steps, entry, found)
            report.hands += 1
            room = max(0, limit - len(report.disagreements))
            report.disagreements += found[:room]
    return report


def rank_only(rules: Rules) -> Rules:
    """``rules`` made a rule set whose comparisons never look at suits, that the JAX
    backend runs on its rank-count path: no comparison by suit (nor Big Two's
    five-card hands), no straight flushes, no chops, and no airplanes where their ids
    would be too many
    (:func:`~zhengshangyou.jax.tables.check_supported`); every other option kept.

    >>> rank_only(Rules.preset("winner")).suits_matter
    False
    """
    rules = _without_family_options(rules).evolve(
        singles_by_suit=False, pairs_by_suit=False, straight_flush="none"
    )
    return _few_ids(rules, MAX_PLAY_IDS)


def runnable(rules: Rules) -> Rules:
    """``rules`` made a rule set the JAX backend runs, suits kept where they matter:
    no comparison of straights by suit (``straights_by_suit``), and no airplanes where
    their ids would be too many; every other option kept.

    >>> runnable(Rules.preset("winner")) == Rules.preset("winner")
    True
    >>> runnable(Rules(suit_order="DCHS", straights_by_suit=True)).straights_by_suit
    False
    """
    rules = _without_family_options(rules)
    return _few_ids(rules, MAX_CARD_PLAY_IDS if suits_encoded(rules) else MAX_PLAY_IDS)


def _without_family_options(rules: Rules) -> Rules:
    """``rules`` without the options the JAX backend does not compile yet (see
    :func:`~zhengshangyou.jax.tables.check_supported`): straights by suit, Big Two's
    five-card hands, pair runs by suit, chops; Big Two's and Tiến Lên's flow (a deal
    that leaves cards out, instant wins, their scorings: B2, B7, T2, T6, T7).

    >>> rules = runnable(Rules.preset("tien-len"))
    >>> rules.cards_each, rules.chops, rules.scoring, rules.chop_after_pass
    (None, 'none', 'cards_left', False)
    """
    if rules.poker_hands:  # (Big Two's five-card hands, B4.3)
        rules = rules.evolve(
            poker_hands=False, two_pair=False, straights="two_low", flush_order="rank_first", bombs="none"
        )
    scoring = "cards_left" if rules.scoring in ("last_pays", "placement_payments") else rules.scoring
    return rules.evolve(
        straights_by_suit=False,
        pair_runs_by_suit=False,
        chops="none",
        chop_after_pass=False,
        hand_size=None,
        three_player_deal=None,
        instant_wins="none",
        scoring=scoring,
        thoi_heo=False,
        cong=False,
        two_doubles=False,
        untouched_triple=True,
    )


def _few_ids(rules: Rules, limit: int) -> Rules:
    if rules.airplane_wings in ("singles", "singles_or_pairs") or (
        rules.airplane_wings == "pairs" and ActionSpace(rules).pass_id > limit
    ):
        rules = rules.evolve(airplane_wings="none")  # (single wings: tens of thousands of ids)
    return rules


def _one_hand(rules: Rules) -> Rules:
    """``rules`` with the options that act only between hands at their defaults (the
    exchange, R8; the target score, R7.4; who deals and leads the next hand, R2.3,
    R2.6), and the start card's where the first lead is not the start card's
    holder's (R2.4, R2.5): the game of the one hand the checker plays from each deal,
    where the options do not clash with the others (else ``rules`` itself)."""
    defaults = Rules()
    start = {}
    if rules.first_lead != "start_card":
        start = {"start_card": defaults.start_card, "start_card_must_be_played": defaults.start_card_must_be_played}
    try:
        return rules.evolve(
            exchange="none",
            target_score=None,
            next_dealer=defaults.next_dealer,
            later_lead=defaults.later_lead,
            **start,
        )
    except InvalidRulesError:
        return rules


def supported_rule_sets(count: int, *, seed: int = 0, suited: bool = False) -> list[Rules]:
    """``count`` rule sets drawn with :func:`zhengshangyou.testing.rules_sets` (needs
    Hypothesis), those without a landlord, made rank-only (:func:`rank_only`), or with
    ``suited`` only those where suits matter, made runnable (:func:`runnable`); each a
    different game of one hand (two that differ only in options that act between
    hands, such as the exchange, are one); the same for the same ``seed``.

    >>> rules = supported_rule_sets(3)
    >>> from zhengshangyou.jax import compile_rules
    >>> len(rules), len(set(rules)), all(compile_rules(one) for one in rules)
    (3, 3, True)
    >>> all(suits_encoded(one) for one in supported_rule_sets(2, suited=True))
    True
    >>> supported_rule_sets(0)
    []
    """
    if count <= 0:
        return []
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as fixed_seed

    from zhengshangyou.testing import rules_sets

    found: list[Rules] = []

    @fixed_seed(seed)
    @settings(
        max_examples=count * (12 if suited else 4),
        database=None,
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(rules_sets())
    def draw(rules: Rules) -> None:
        if rules.teams != "none":  # (games with a landlord are not compiled: check_supported)
            return
        if suited:
            rules = runnable(rules)
            if not suits_encoded(rules):
                return
        else:
            rules = rank_only(rules)
        if all(_one_hand(rules) != _one_hand(other) for other in found):
            found.append(rules)

    draw()
    # (Hypothesis draws neighbours in a row: every other one spreads the options more.)
    spread = found[::2] + found[1::2]
    return spread[:count]
