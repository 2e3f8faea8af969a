"""The JAX backend's tables, its API and its refusals (issue 38, acceptance 3).

The core package never imports JAX, and works without it; a rule set the backend
cannot run is refused with a typed error naming the option, never run approximately.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from zhengshangyou import Rules
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.errors import InvalidRulesError, ZhengShangyouError


def test_issue38_acceptance3_core_imports_and_plays_without_jax() -> None:
    script = (
        "import sys\n"
        "sys.modules['jax'] = None  # import jax now fails, as where it is not installed\n"
        "import zhengshangyou\n"
        "game = zhengshangyou.Game(seed=3)\n"
        "while not game.is_hand_over:\n"
        "    game.play(next(iter(game.legal_moves())))\n"
        "print(game.scores, 'jax' in sys.modules and sys.modules['jax'] is not None)\n"
        "try:\n"
        "    import zhengshangyou.jax\n"
        "except ImportError:\n"
        "    print('no backend')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    lines = out.stdout.strip().splitlines()
    assert lines[0].endswith("False")
    assert lines[1] == "no backend"


pytest.importorskip("jax")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

from zhengshangyou.jax import Env, compile_rules, greedy_policy, make, random_policy  # noqa: E402
from zhengshangyou.jax.tables import MAX_PLAY_IDS, check_supported, full_beats_table  # noqa: E402
from zhengshangyou.plays import Play  # noqa: E402


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("winner", ("singles_by_suit", "pairs_by_suit", "straight_flush")),
        ("winner-classic", ("singles_by_suit", "pairs_by_suit", "straight_flush")),
        ("two-deck", ("straight_flush",)),
    ],
)
def test_issue38_acceptance3_suited_presets_are_refused_naming_the_options(
    preset: str, options: tuple[str, ...]
) -> None:
    rules = Rules.preset(preset)
    with pytest.raises(InvalidRulesError) as raised:
        Env(rules)
    assert raised.value.options == options
    assert isinstance(raised.value, ZhengShangyouError)
    assert isinstance(raised.value, ValueError)
    assert all(name in str(raised.value) for name in options)
    assert rules == Rules.preset(preset)  # unchanged


@pytest.mark.parametrize("option", ["singles_by_suit", "pairs_by_suit", "straights_by_suit"])
def test_issue38_acceptance3_each_comparison_by_suit_is_refused(option: str) -> None:
    with pytest.raises(InvalidRulesError) as raised:
        make(Rules(suit_order="DCHS", **{option: True}))  # type: ignore[arg-type]
    assert raised.value.options == (option,)


@pytest.mark.parametrize("preset", ["doudizhu", "douzero", "rlcard", "openspiel"])
def test_issue38_acceptance3_a_game_with_a_landlord_is_refused_naming_teams(preset: str) -> None:
    for rules in (Rules.preset(preset), Rules.preset(preset, airplane_wings="none")):
        with pytest.raises(InvalidRulesError, match="teams='landlord'") as raised:
            check_supported(rules)
        assert raised.value.options == ("teams",)


def test_issue38_acceptance3_single_wings_are_refused_naming_airplane_wings() -> None:
    with pytest.raises(InvalidRulesError, match="airplane_wings='singles' makes 72249") as raised:
        check_supported(Rules(airplane_wings="singles"))
    assert raised.value.options == ("airplane_wings",)
    with pytest.raises(InvalidRulesError) as raised:
        compile_rules(Rules(decks=2, joker_pairs=True, airplane_wings="pairs"))
    assert raised.value.options == ("airplane_wings",)
    assert MAX_PLAY_IDS < 11149


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(decks=2, players=3), Rules(four_of_a_kind="plain", revolution=True)]
)
def test_issue38_beats_table_is_the_library_beats_on_every_pair(rules: Rules) -> None:
    tables = compile_rules(rules)
    assert np.array_equal(tables.beats[0], full_beats_table(rules))
    assert np.array_equal(tables.beats[1], full_beats_table(rules, revolution=rules.revolution))


def test_issue38_tables_hold_each_ids_counts_kind_and_strength() -> None:
    tables = compile_rules(Rules())
    space = ActionSpace(Rules())
    full_house = space.parse("55599")
    assert tables.needs[full_house].tolist() == [0, 0, 3, 0, 0, 0, 2] + [0] * 8
    play = space.move(full_house)
    assert isinstance(play, Play)
    assert (tables.key[full_house], tables.rev_key[full_house]) == (play.key, play.rev_key)
    assert tables.is_bomb[space.parse("BJ RJ")]
    assert not tables.is_bomb[full_house]
    assert tables.multiplier[9:11].tolist() == [1, 2]
    assert tables.ranks == 15
    plain = Rules(four_of_a_kind="plain")
    assert compile_rules(plain).is_quad[ActionSpace(plain).parse("3333")]


# --- the API ------------------------------------------------------------------------------


def test_issue38_step_leaves_finished_hands_and_illegal_ids_unchanged() -> None:
    env = make(Rules(players=2))
    state = env.init(jax.random.key(0), 3)
    illegal = jnp.array([env.tables.pass_id, -1, env.num_actions])  # the leader may not pass
    after = env.step(state, illegal)
    for old, new in zip(
        jax.tree_util.tree_leaves(state), jax.tree_util.tree_leaves(after), strict=True
    ):
        assert np.array_equal(old, new)
    key = jax.random.key(1)
    totals = np.zeros((3, 2), dtype=np.float32)
    for _ in range(env.rules.max_moves):
        key, draw = jax.random.split(key)
        state = env.step(state, random_policy(draw, state))
        totals += np.asarray(state.rewards)
    assert state.terminated.all()
    assert not state.legal_action_mask.any()
    assert (state.current_player == -1).all()
    assert np.array_equal(totals, np.asarray(state._scores))  # each hand's reward, given once
    assert (totals.sum(axis=1) == 0).all()  # zero-sum (R7.1)
    assert totals.any()
    again = env.step(state, greedy_policy(env, state))
    assert not again.rewards.any()  # the reward was given on the step that ended the hand
    assert np.array_equal(again._step_count, state._step_count)
    fresh = env.reset_done(state, jax.random.key(2))
    assert not fresh.terminated.any()
    assert (fresh._step_count == 0).all()


def test_issue38_observe_takes_one_seat_or_one_per_entry() -> None:
    env = make(Rules(players=2))
    state = env.init(jax.random.key(4), 2)
    both = env.observe(state, jnp.array([0, 1]))
    assert np.array_equal(both[0], env.observe(state, 0)[0])
    assert np.array_equal(both[1], env.observe(state, 1)[1])
    init, _step, observe = env.functions
    one = init(jax.random.key(9))
    assert observe(one, 1).shape == (env.observation_size,)
