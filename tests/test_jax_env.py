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
from zhengshangyou.jax.check import runnable  # noqa: E402
from zhengshangyou.jax.tables import (  # noqa: E402
    MAX_CARD_PLAY_IDS,
    MAX_PLAY_IDS,
    check_supported,
    full_beats_table,
)
from zhengshangyou.plays import Play, beats  # noqa: E402


@pytest.mark.parametrize(
    ("preset", "size", "observation"),
    # ActionSpace's ids (R4.3 gives 39 more singles and 26 more pairs of one deck); card
    # blocks of 54 entries where suits matter (zhengshangyou.envs.encoding): 4 players'
    # 6 card blocks and 2 x 4 played/received, 39 seat entries, the kinds, 6 more.
    # (winner in the README's command; the other two in the slow set)
    [
        ("winner", 610, 757),
        pytest.param("winner-classic", 733, 757, marks=pytest.mark.slow),
        pytest.param("two-deck", 12214, 759, marks=pytest.mark.slow),
    ],
)
def test_issue38_suited_presets_run_on_card_level_hands(
    preset: str, size: int, observation: int
) -> None:
    env = make(Rules.preset(preset))
    assert env.rules == Rules.preset(preset)
    assert (env.num_actions, env.observation_size) == (size, observation)
    assert env.tables.width == 54
    state = env.init(jax.random.key(0), 2)
    assert state._hands.shape == (2, 4, 54)
    assert state._hands.sum(axis=(1, 2)).tolist() == [env.rules.deck_size] * 2
    assert state.legal_action_mask.shape == (2, size)


def test_issue38_acceptance3_straights_by_suit_is_refused_naming_it() -> None:
    rules = Rules.preset("winner", straights_by_suit=True)
    with pytest.raises(InvalidRulesError) as raised:
        Env(rules)
    assert raised.value.options == ("straights_by_suit",)
    assert "straights_by_suit" in str(raised.value)
    assert isinstance(raised.value, ZhengShangyouError)
    assert isinstance(raised.value, ValueError)
    assert rules == Rules.preset("winner", straights_by_suit=True)  # unchanged


@pytest.mark.slow  # (two compilations)
@pytest.mark.parametrize("option", ["singles_by_suit", "pairs_by_suit"])
def test_issue38_R4_3_each_comparison_of_singles_or_pairs_by_suit_runs(option: str) -> None:
    rules = Rules(suit_order="DCHS", **{option: True})  # type: ignore[arg-type]
    env = make(rules)
    assert env.tables.cards is not None
    assert env.observation_size == 757  # card blocks of 54 (zhengshangyou.envs.encoding)
    state = env.init(jax.random.key(3), 2)
    after = env.step(state, greedy_policy(env, state))  # the leader sheds cards (R5.1)
    assert (after._hands.sum(axis=(1, 2)) < state._hands.sum(axis=(1, 2))).all()


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
    assert 12213 <= MAX_CARD_PLAY_IDS < 72413  # the two-deck preset runs


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(decks=2, players=3), Rules(four_of_a_kind="plain", revolution=True)]
)
def test_issue38_beats_table_is_the_library_beats_on_every_pair(rules: Rules) -> None:
    tables = compile_rules(rules)
    assert np.array_equal(tables.beats[0], full_beats_table(rules))
    assert np.array_equal(tables.beats[1], full_beats_table(rules, revolution=rules.revolution))


@pytest.mark.parametrize(
    "rules",
    [Rules.preset("winner"), Rules.preset("winner-classic"), Rules.preset("winner", revolution=True)],
    ids=["winner", "winner-classic", "winner-R4.8"],
)
def test_issue38_R4_suited_plays_compare_by_keys_as_beats_on_every_pair(rules: Rules) -> None:
    # The card-level game compares plays by each id's keys (zhengshangyou.jax.suits):
    # its rows must be the library's beats on the ids' members, every pair, both orders.
    game = make(rules)._game
    rows = jax.jit(jax.vmap(game.beats_row, in_axes=(None, 0)))  # type: ignore[attr-defined]
    tops = jnp.arange(game.t.pass_id)
    assert np.array_equal(np.asarray(rows(jnp.bool_(False), tops)), full_beats_table(rules))
    if rules.revolution:  # (the order flips only under R4.8)
        flipped = np.asarray(rows(jnp.bool_(True), tops))
        assert np.array_equal(flipped, full_beats_table(rules, revolution=True))


def test_issue38_R4_two_deck_plays_compare_by_keys_as_beats() -> None:
    # 12,213 ids: every candidate against a spread of tops (each kind's first, last and
    # a few between: straight flushes beat straights of their length, R4.7; bombs R4.6).
    rules = Rules.preset("two-deck")
    game = make(rules)._game
    space = ActionSpace(rules)
    plays = [space.move(index) for index in range(space.pass_id)]
    tops = sorted(set(range(0, space.pass_id, 401)) | {space.parse("BJ BJ RJ RJ")})
    row = jax.jit(game.beats_row)  # type: ignore[attr-defined]
    for top in tops:
        found = np.asarray(row(jnp.bool_(False), top))
        expected = [beats(candidate, plays[top]) for candidate in plays]  # type: ignore[arg-type]
        assert found.tolist() == expected, space.label(top)


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


@pytest.mark.slow  # (a compilation of each form)
def test_issue38_observe_takes_one_seat_or_one_per_entry() -> None:
    env = make(Rules(players=2))
    state = env.init(jax.random.key(4), 2)
    both = env.observe(state, jnp.array([0, 1]))
    assert np.array_equal(both[0], env.observe(state, 0)[0])
    assert np.array_equal(both[1], env.observe(state, 1)[1])
    init, _step, observe = env.functions
    one = init(jax.random.key(9))
    assert observe(one, 1).shape == (env.observation_size,)


@pytest.mark.parametrize(
    ("overrides", "option"),
    [
        ({"hand_size": 13}, "hand_size"),
        ({"hand_size": 13, "three_player_deal": "17_each", "players": 3}, "three_player_deal"),
        ({"jokers": False, "joker_bomb": False, "scoring": "none", "hand_size": 13, "instant_wins": "south"}, "instant_wins"),
        ({"scoring": "last_pays"}, "scoring"),
        ({"two_doubles": True}, "two_doubles"),
        ({"untouched_triple": False}, "untouched_triple"),
    ],
)
def test_B2_B7_T2_T6_T7_the_flow_options_are_refused_naming_them(overrides: dict[str, object], option: str) -> None:
    """The batched game deals the whole deck, has no instant wins and scores R7.1 and
    R7.2 only: Big Two's and Tiến Lên's deals, instant wins and scorings are refused by
    name (never run approximately), and the checker's runnable rule sets drop them."""
    rules = Rules(**overrides)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError) as raised:
        check_supported(rules)
    assert option in raised.value.options
    assert check_supported(runnable(rules)) == runnable(rules)
