"""The single-agent Gymnasium environment (issue 15): ``zhengshangyou/VsBots-v0``.

Gymnasium's own checker (``check_env``) runs under every preset, with 2, 3, 4 and 8
players, and at an exchange (R8.2, R8.3). Then what the checker cannot know: the
rewards are the library's scores of the agent's seat (R7), the observations stay
inside the declared bounds in random masked play under random rule sets, the same
seed gives the same episode, illegal ids end the episode as documented (R4.1), and
``examples/learn.py`` runs in its short mode.
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any, Literal

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st

from marks import ENGINE_PRESETS, FAMILY_REPEATS, slow_where
from zhengshangyou import (
    ActionSpace,
    Give,
    IllegalMoveError,
    InvalidSetupError,
    Offer,
    Phase,
    Return,
    Rules,
    Take,
    WrongTypeError,
    ZhengShangyouError,
)
from zhengshangyou.bots import GreedyBot, RandomBot
from zhengshangyou.envs import PolicyBot, action_mask, layout, observation_bounds
from zhengshangyou.envs.gymnasium import ENV_ID, ObsType, VsBotsEnv
from zhengshangyou.testing import rules_sets

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "learn.py"
EXCHANGES = ("highest_for_one_of_two", "highest_for_any")


def checked(env: gymnasium.Env[Any, Any]) -> None:
    """Gymnasium's checker, with every warning it gives turned into a failure (an
    environment made without ``gymnasium.make`` has no spec to check its render modes by)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, skip_render_check=env.spec is None)


def play_out(env: VsBotsEnv, seed: int, agent: np.random.Generator) -> list[tuple[ObsType, float]]:
    """One episode of a uniformly random masked agent: each observation (all inside
    the observation space) and the reward that came with it."""
    seen, info = env.reset(seed=seed)
    steps: list[tuple[ObsType, float]] = [(seen, 0.0)]
    terminated = False
    while not terminated:
        assert seen in env.observation_space
        assert np.array_equal(info["action_mask"], seen["action_mask"])
        assert np.array_equal(seen["action_mask"], action_mask(env.game.observation(env.seat)))
        legal = np.flatnonzero(seen["action_mask"])
        seen, reward, terminated, truncated, info = env.step(agent.choice(legal))
        assert not truncated
        assert not info["illegal_action"]
        steps.append((seen, float(reward)))
    assert seen in env.observation_space
    # The episode is over: the mask marks the pass id alone, a placeholder (issue 34).
    assert np.flatnonzero(seen["action_mask"]).tolist() == [env.actions.pass_id]
    assert np.array_equal(info["action_mask"], seen["action_mask"])
    assert env.game.observation(env.seat).legal_moves == ()
    return steps


# --- Gymnasium's checker (acceptance 1) ---------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players"),
    slow_where(
        itertools.product(Rules.preset_names(), [2, 3, 4, 8]),
        # (the Dou Dizhu presets at their own table in the README's command, D2.1)
        # (and Big Two's and Tiến Lên's regional presets: big-two and tien-len stay)
        lambda case: case[0] in FAMILY_REPEATS
        or (Rules.preset(case[0]).teams != "none" and (case[0] in ENGINE_PRESETS or case[1] != 3)),
    ),
)
def test_issue15_check_env_under_every_preset_and_table_size(preset: str, players: int) -> None:
    if Rules.preset(preset).hand_size == 13 and players > 4:
        pytest.skip("Tiến Lên deals 13 each to 2 to 4 players (T2.1)")
    env = gymnasium.make(ENV_ID, preset=preset, players=players)
    checked(env.unwrapped)  # through make: the spec is there, so the "ansi" mode is checked too
    env.close()


def test_issue15_check_env_of_the_class_itself() -> None:
    checked(VsBotsEnv(opponents="heuristic", seat="random"))


class AtTheExchange(VsBotsEnv):
    """Each reset plays the agent's lowest legal id until the agent is to make an
    exchange decision of hand 2: the checker then steps from there."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        seen, info = super().reset(seed=seed, options=options)
        while self.game.phase is not Phase.EXCHANGE:
            seen, _, terminated, _, info = self.step(np.flatnonzero(seen["action_mask"])[0])
            assert not terminated
        return seen, info


#: The presets without a landlord: an exchange is theirs alone (D1).
ZSY_PRESETS = tuple(name for name in Rules.preset_names() if Rules.preset(name).teams == "none")
DDZ_PRESETS = ("doudizhu", "douzero", "rlcard", "openspiel")


@pytest.mark.parametrize("exchange", EXCHANGES)
@pytest.mark.parametrize("preset", slow_where(ZSY_PRESETS, lambda name: name not in ("zhengshangyou", "big-two")))
def test_r8_issue15_check_env_with_an_exchange(preset: str, exchange: str) -> None:
    """Two players: the agent is the Winner or the Loser of hand 1, so it takes part in
    the exchange before hand 2 (R8.2, R8.3), where the checker steps."""
    env = AtTheExchange(preset=preset, players=2, hands=2, exchange=exchange)
    checked(env)
    env.reset(seed=9)
    assert env.game.phase is Phase.EXCHANGE
    assert env.game.to_act == env.seat
    checked(gymnasium.make(ENV_ID, preset=preset, players=4, hands=2, exchange=exchange).unwrapped)


@pytest.mark.parametrize("exchange", EXCHANGES)
@pytest.mark.parametrize("players", [2, 4])
def test_r8_issue15_masked_play_reaches_the_exchange(players: int, exchange: str) -> None:
    """The agent makes its own exchange decisions: one observation in the exchange
    phase for each decision of its seat in hand 2's log (R8.2, R8.3)."""
    env = VsBotsEnv(players=players, hands=2, exchange=exchange, seat="random")
    agent = np.random.default_rng(0)
    in_exchange = layout(env.rules)["phase"].start
    decided = 0
    for seed in range(4):
        steps = play_out(env, seed, agent)
        seen_there = sum(int(seen["observation"][in_exchange]) for seen, _ in steps)
        second = env.game.state.history()[1][1]
        assert any(isinstance(action.move, Give) for action in second)
        own = [action for action in second if action.seat == env.seat]
        assert seen_there == sum(isinstance(action.move, (Give, Offer, Take, Return)) for action in own)
        decided += seen_there
    assert decided > 0 or players > 2


# --- registration ---------------------------------------------------------------------------


def test_issue15_make_passes_the_options_on() -> None:
    env = gymnasium.make(ENV_ID, opponents=["greedy", "heuristic"], preset="winner", players=3)
    assert isinstance(env.unwrapped, VsBotsEnv)
    assert env.unwrapped.rules == Rules.preset("winner", players=3)
    assert env.spec is not None
    assert env.spec.id == ENV_ID
    env.reset(seed=1)
    assert [type(bot).__name__ for _, bot in sorted(env.unwrapped.opponents.items())] == [
        "GreedyBot",
        "HeuristicBot",
    ]


def test_issue15_make_finds_the_environment_by_the_module_in_its_id() -> None:
    """Gymnasium 1.x has no plugin entry points: without an import of the module, the
    bare id is unknown, and the id naming the module imports it."""
    script = (
        "import gymnasium, sys\n"
        "try:\n"
        "    gymnasium.make('zhengshangyou/VsBots-v0')\n"
        "except gymnasium.error.Error:\n"
        "    pass\n"
        "else:\n"
        "    sys.exit('found without an import')\n"
        "assert 'zhengshangyou.envs.gymnasium' not in sys.modules\n"
        "env = gymnasium.make('zhengshangyou.envs.gymnasium:zhengshangyou/VsBots-v0', players=3)\n"
        "print(type(env.unwrapped).__name__, env.unwrapped.rules.players)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["VsBotsEnv", "3"]


# --- the bounds -------------------------------------------------------------------------------


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=15)
@given(rules=rules_sets(decks=1), seed=st.integers(0, 2**32), hands=st.integers(1, 3))
def test_r1_r7_issue15_random_masked_play_stays_inside_the_observation_space(
    rules: Rules, seed: int, hands: int
) -> None:
    env = VsBotsEnv(seat="random", hands=hands, **rules.evolve(target_score=None).to_dict())
    play_out(env, seed, np.random.default_rng(seed))


@pytest.mark.parametrize("players", [2, 8])
def test_r1_issue15_two_decks_stay_inside_the_observation_space(players: int) -> None:
    env = VsBotsEnv(preset="two-deck", players=players, exchange="highest_for_any", hands=2)
    play_out(env, 3, np.random.default_rng(3))


def test_r1_r7_issue15_bounds_counted_by_hand() -> None:
    """Two decks, 8 players, ranks only: 8 of a rank, 2 of a joker; 15 cards at most
    in a hand (108 / 8: the four seats from the dealer get 14, and the Winner one more
    mid-exchange); one card received; with two hands the scores lie within twice
    (-42, 285) and the hand number is 0 or 1. With suits, each card has 2 copies."""
    rules = Rules(decks=2, players=8, exchange="highest_for_any")
    low, high = observation_bounds(rules, hands=2)
    blocks = layout(rules)
    assert high[blocks["hand"]].tolist() == [8.0] * 13 + [2.0, 2.0]
    assert high[blocks["held"]].tolist() == [rules.max_hand_size] * 8 == [15.0] * 8
    assert high[blocks["offered"]].tolist() == [2.0] * 15
    assert high[blocks["received"]].tolist() == [1.0] * 15 * 8
    assert rules.score_bounds == (-42, 285)
    assert low[blocks["scores"]].tolist() == [-84.0] * 8
    assert high[blocks["scores"]].tolist() == [570.0] * 8
    assert high[blocks["hand_number"]].tolist() == [1.0]
    suited = Rules.preset("two-deck")
    assert observation_bounds(suited)[1][layout(suited)["hand"]].tolist() == [2.0] * 54
    # Placement with two players scores 1 or 2 a hand: 0 before the first hand ends.
    low, high = observation_bounds(Rules(players=2, scoring="placement"), hands=3)
    assert low[layout(Rules(players=2))["scores"]].tolist() == [0.0, 0.0]
    assert high[layout(Rules(players=2))["scores"]].tolist() == [6.0, 6.0]
    # No jokers: the joker entries are always 0, and get 0 to 1 all the same.
    low, high = observation_bounds(Rules(jokers=False, joker_bomb=False))
    assert high[layout(Rules())["hand"]].tolist()[-2:] == [1.0, 1.0]
    assert (low < high).all()
    with pytest.raises(ZhengShangyouError, match="hands must be at least 1"):
        observation_bounds(Rules(), hands=0)


# --- rewards, seeds, the episode ---------------------------------------------------------------


@pytest.mark.parametrize("hands", [1, 3])
@pytest.mark.parametrize("opponents", ["random", "greedy", "heuristic"])
def test_r7_issue15_rewards_are_the_hand_scores_of_the_agents_seat(opponents: str, hands: int) -> None:
    env = VsBotsEnv(opponents=opponents, hands=hands, seat="random", exchange="highest_for_one_of_two")
    agent = np.random.default_rng(1)
    for seed in range(3):
        seen, info = env.reset(seed=seed)
        rewards: list[float] = []
        reported: list[int] = []
        terminated = False
        while not terminated:
            legal = np.flatnonzero(seen["action_mask"])
            seen, reward, terminated, _, info = env.step(agent.choice(legal))
            rewards.append(float(reward))
            reported += [result.scores[env.seat] for result in info["hand_results"]]
            assert float(reward) == sum(result.scores[env.seat] for result in info["hand_results"])
        results = env.game.state.results
        assert len(results) == hands == info["hand_number"] + 1
        assert reported == [result.scores[env.seat] for result in results]
        assert sum(rewards) == info["scores"][env.seat] == env.game.scores[env.seat]


def test_r7_4_issue15_the_episode_ends_with_the_match() -> None:
    env = VsBotsEnv(hands=50, target_score=30)
    play_out(env, 0, np.random.default_rng(0))
    assert env.game.phase is Phase.MATCH_OVER
    assert len(env.game.state.results) < 50


@pytest.mark.parametrize("seat", [0, "random"])
def test_issue15_the_same_seed_gives_the_same_episode(seat: int | Literal["random"]) -> None:
    def episode(seed: int) -> list[tuple[ObsType, float]]:
        env = VsBotsEnv(opponents=["random", "greedy", RandomBot()], seat=seat, hands=2,
                        exchange="highest_for_any")  # fmt: skip
        return play_out(env, seed, np.random.default_rng(5))

    def same(one: list[tuple[ObsType, float]], other: list[tuple[ObsType, float]]) -> bool:
        return len(one) == len(other) and all(
            a_reward == b_reward
            and all(np.array_equal(a_seen[key], b_seen[key]) for key in a_seen)
            for (a_seen, a_reward), (b_seen, b_reward) in zip(one, other, strict=True)
        )

    assert same(episode(11), episode(11))
    assert not same(episode(11), episode(12))


def test_issue15_random_bots_are_seeded_from_the_environment() -> None:
    env = VsBotsEnv(opponents="random")
    env.reset(seed=4)
    first = [bot.random.random() for bot in env.opponents.values() if isinstance(bot, RandomBot)]
    env.reset(seed=4)
    again = [bot.random.random() for bot in env.opponents.values() if isinstance(bot, RandomBot)]
    assert first == again
    assert len(set(first)) == 3


def test_issue15_a_deal_whose_episode_ends_before_the_agent_moves_is_dealt_again() -> None:
    """Eight players, end="first_out": on seed 6642 a bot leads its whole hand as one
    play before the agent's first turn. A one-hand episode is dealt again; in a
    two-hand episode that hand's score comes with the first step's reward."""
    short = VsBotsEnv(players=8, end="first_out", seat="random")
    seen, info = short.reset(seed=6642)
    assert short.game.to_act == short.seat
    assert seen["action_mask"].any()
    assert info["hand_results"] == ()
    assert short.game.state.hand_number == 0
    longer = VsBotsEnv(players=8, end="first_out", seat="random", hands=2)
    seen, info = longer.reset(seed=6642)
    (first,) = info["hand_results"]
    assert longer.game.state.hand_number == 1
    assert first.winner != longer.seat
    assert seen["observation"][layout(longer.rules)["hand_number"]][0] == 1
    legal = np.flatnonzero(seen["action_mask"])
    _, reward, _, _, info = longer.step(legal[0])
    later = sum(result.scores[longer.seat] for result in info["hand_results"])
    assert float(reward) == first.scores[longer.seat] + later


# --- illegal actions (R4.1) ---------------------------------------------------------------------


def test_r4_1_issue15_an_illegal_id_ends_the_episode_and_changes_nothing() -> None:
    env = VsBotsEnv(players=3)
    seen, _ = env.reset(seed=2)
    before = env.game.state
    illegal = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(np.int64(illegal))
    assert (terminated, truncated, info["illegal_action"]) == (True, False, True)
    assert reward == env.rules.score_bounds[0] == -54
    assert env.game.state is before
    assert np.array_equal(after["observation"], seen["observation"])
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(illegal)


def test_r4_1_issue15_illegal_action_raise() -> None:
    env = VsBotsEnv(illegal_action="raise")
    seen, _ = env.reset(seed=2)
    before = env.game.state
    with pytest.raises(IllegalMoveError, match=r"is not a legal move of seat \d here \(R4.1\)"):
        env.step(env.actions.pass_id)  # the leader may not pass
    assert env.game.state is before
    env.step(np.flatnonzero(seen["action_mask"])[0])  # the episode goes on


@pytest.mark.parametrize("illegal_action", ["end", "raise"])
def test_issue15_what_is_no_id_always_raises(illegal_action: str) -> None:
    env = VsBotsEnv(illegal_action=illegal_action)  # type: ignore[arg-type]
    env.reset(seed=1)
    before = env.game.state
    with pytest.raises(IllegalMoveError, match="is not an id"):
        env.step(446)
    with pytest.raises(IllegalMoveError, match="is not an id"):
        env.step(-1)
    for wrong in (True, 1.0, "3"):
        with pytest.raises(WrongTypeError):
            env.step(wrong)  # type: ignore[arg-type]
    assert env.game.state is before


def test_issue15_step_before_reset() -> None:
    env = VsBotsEnv()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.game  # noqa: B018
    assert env.render() is None


# --- options ------------------------------------------------------------------------------------


def test_issue15_opponents_by_name_by_list_and_by_instance() -> None:
    env = VsBotsEnv(opponents=["heuristic", GreedyBot(), "random"], seat=2)
    env.reset(seed=0)
    kinds = {seat: type(bot).__name__ for seat, bot in env.opponents.items()}
    assert kinds == {3: "HeuristicBot", 0: "GreedyBot", 1: "RandomBot"}  # in play order from the agent
    # A bot given is used, not copied (issue 34): the one object at every seat.
    shared = RandomBot(seed=1)
    env = VsBotsEnv(opponents=shared)
    env.reset(seed=0)
    assert all(bot is shared for bot in env.opponents.values())


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"opponents": ["random"]}, ZhengShangyouError, "lists 1 bots; there are 3 other seats"),
        ({"opponents": "clever"}, ZhengShangyouError, "no bot is named 'clever'"),
        ({"opponents": 3}, WrongTypeError, "opponents must be"),
        ({"opponents": ["random", "random", 3]}, WrongTypeError, "an opponent is"),
        ({"seat": 4}, ZhengShangyouError, "seat must be 'random' or 0 to 3"),
        ({"seat": "0"}, WrongTypeError, "seat must be an int"),
        ({"render_mode": "rgb_array"}, ZhengShangyouError, "render_mode must be one of"),
        ({"illegal_action": "ignore"}, ZhengShangyouError, "illegal_action must be one of"),
        ({"hands": 0}, ZhengShangyouError, "hands must be at least 1"),
        ({"players": 9}, ZhengShangyouError, "players"),
    ],
)
def test_issue15_options_are_checked(options: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        VsBotsEnv(**options)


def test_r2_4_issue15_ansi_shows_the_agents_view_only() -> None:
    env = VsBotsEnv(render_mode="ansi", players=3, seat=1)
    env.reset(seed=3)
    text = env.render()
    assert text is not None
    assert f"your hand: {env.game.hands[1]}" in text
    for other in (0, 2):
        assert str(env.game.hands[other]) not in text
        assert f"seat {other} {len(env.game.hands[other])}" in text
    assert "legal (" in text
    assert VsBotsEnv().render() is None


def test_issue15_info_holds_public_facts_only() -> None:
    env = VsBotsEnv(players=2, seat=1)
    _, info = env.reset(seed=0)
    assert set(info) == {"action_mask", "seat", "hand_number", "scores", "hand_results", "illegal_action"}
    assert info["seat"] == 1
    assert info["scores"] == (0, 0)
    assert info["hand_number"] == 0


# --- the example ------------------------------------------------------------------------------


def test_issue15_examples_learn_runs_in_its_quick_mode(tmp_path: Path) -> None:
    """Acceptance 5: the learning example runs in CI in a short mode and prints its table."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--quick", "--plot", str(tmp_path / "learn.png")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "episodes" in done.stdout
    assert "win rate" in done.stdout
    assert "random baseline" in done.stdout


# --- issue 34: masks, the policy adapter, self-play, rendering, seeds ----------------------------


def get_action_masks(env: Any) -> np.ndarray:
    """A stand-in for sb3-contrib's ``sb3_contrib.common.maskable.utils.get_action_masks``
    (no torch in CI): a vectorised environment is asked through ``env_method``, any
    other through ``get_wrapper_attr``, which looks through Gymnasium's wrappers."""
    if hasattr(env, "env_method"):
        return np.stack(env.env_method("action_masks"))
    return np.asarray(env.get_wrapper_attr("action_masks")())


def is_masking_supported(env: Any) -> bool:
    """A stand-in for sb3-contrib's ``is_masking_supported``: whether ``MaskablePPO``
    accepts the environment (else: "Environment does not support action masking")."""
    if hasattr(env, "env_method"):
        return bool(env.has_attr("action_masks"))
    try:
        env.get_wrapper_attr("action_masks")
    except AttributeError:
        return False
    return True


class StandInVecEnv:
    """What of SB3's ``DummyVecEnv`` the mask look-up uses: ``env_method`` (through each
    environment's wrappers) and ``has_attr``."""

    def __init__(self, envs: list[gymnasium.Env[Any, Any]]) -> None:
        self.envs = envs

    def env_method(self, name: str, *args: Any) -> list[Any]:
        return [env.get_wrapper_attr(name)(*args) for env in self.envs]

    def has_attr(self, name: str) -> bool:
        try:
            for env in self.envs:
                env.get_wrapper_attr(name)
        except AttributeError:
            return False
        return True


def test_issue34_item9_action_masks_for_maskable_ppo() -> None:
    """MaskablePPO finds ``action_masks()`` through ``gymnasium.make``'s wrappers and
    through a vectorised environment; the mask is the observation's, as booleans."""
    env = gymnasium.make(ENV_ID, opponents="greedy", players=3)
    assert is_masking_supported(env)
    seen, info = env.reset(seed=3)
    masks = get_action_masks(env)
    assert masks.dtype == np.bool_
    assert masks.shape == (env.unwrapped.actions.size,)  # type: ignore[attr-defined]
    assert np.array_equal(masks, seen["action_mask"].astype(bool))
    assert np.array_equal(masks, info["action_mask"].astype(bool))
    seen, *_ = env.step(int(np.flatnonzero(masks)[0]))
    assert np.array_equal(get_action_masks(env), seen["action_mask"].astype(bool))
    vectorised = StandInVecEnv([gymnasium.make(ENV_ID, players=2) for _ in range(3)])
    assert is_masking_supported(vectorised)
    for seed, one in enumerate(vectorised.envs):
        one.reset(seed=seed)
    stacked = get_action_masks(vectorised)
    assert stacked.shape == (3, ActionSpace(Rules(players=2)).size)
    assert stacked.any(axis=1).all()
    with pytest.raises(gymnasium.error.ResetNeeded):
        VsBotsEnv().action_masks()


def test_issue34_item10_policies_and_bots_are_used_not_copied() -> None:
    """A plain callable ``(observation_array, mask) -> id`` is an opponent (a
    :class:`PolicyBot`); a bot given is the one object at every seat; self-play: the
    opponents call the very policy the agent is trained with."""
    calls: list[int] = []

    def lowest(observation: np.ndarray, mask: np.ndarray) -> int:
        assert observation.dtype == np.float32
        assert mask.dtype == np.int8
        calls.append(int(mask.sum()))
        return int(np.flatnonzero(mask)[0])

    env = VsBotsEnv(opponents=lowest, players=3)
    seen, _ = env.reset(seed=1)
    bots = list(env.opponents.values())
    assert all(isinstance(bot, PolicyBot) and bot.policy is lowest for bot in bots)
    assert bots[0] is bots[1]  # one adapter for the one policy
    terminated = False
    while not terminated:
        seen, _, terminated, _, _ = env.step(lowest(seen["observation"], seen["action_mask"]))
    assert len(calls) > 10  # the agent's own calls and its opponents'
    heavy = GreedyBot()
    env = VsBotsEnv(opponents=[heavy, "random", lowest])
    env.reset(seed=2)
    assert env.opponents[1] is heavy
    mixed = VsBotsEnv(opponents=[PolicyBot(lowest), lowest, lowest])
    mixed.reset(seed=0)
    assert mixed.opponents[2] is mixed.opponents[3]


@pytest.mark.parametrize(
    ("opponents", "message"),
    [
        (RandomBot, "not the class RandomBot: pass RandomBot()"),
        ([RandomBot, "random", "random"], "not the class RandomBot"),
        (3.5, "opponents must be a bot name, a bot, a policy"),
        (["random", "random", object()], "an opponent is a bot name, a bot or a policy"),
    ],
)
def test_issue34_item10_opponents_that_are_neither_are_refused(opponents: Any, message: str) -> None:
    with pytest.raises(WrongTypeError, match=message):
        VsBotsEnv(opponents=opponents)


def test_issue34_item11_render_mode_human_prints_the_agents_view(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = gymnasium.make(ENV_ID, render_mode="human", players=3, seat=1)
    assert "human" in env.metadata["render_modes"]
    env.reset(seed=3)
    shown = capsys.readouterr().out
    assert shown.startswith("hand 1 of 1, play:")
    game = env.unwrapped.game  # type: ignore[attr-defined]
    assert f"your hand: {game.hands[1]}" in shown
    assert str(game.hands[0]) not in shown
    assert env.render() is None
    assert capsys.readouterr().out == shown  # render() prints the same view again
    mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
    env.step(int(np.flatnonzero(mask)[0]))
    assert capsys.readouterr().out.startswith("hand 1 of 1")
    checked(VsBotsEnv(render_mode="human"))


def test_issue34_item11_autoreset_never_gives_an_empty_mask() -> None:
    """Under Gymnasium 1.x's default autoreset (next step), the observation at an
    episode's end carries the pass id alone (a placeholder: never an empty mask); the
    next step's action is ignored and a new episode starts with its legal ids."""
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make(ENV_ID, players=2) for _ in range(2)]
    )
    seen, info = envs.reset(seed=11)
    pass_id = ActionSpace(Rules(players=2)).pass_id
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        assert seen["action_mask"].any(axis=1).all()
        assert info["action_mask"].any(axis=1).all()
        masks = np.stack(envs.call("action_masks"))
        assert np.array_equal(masks, seen["action_mask"].astype(bool))
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        seen, _, terminated, _, info = envs.step(actions)
        for row in np.flatnonzero(terminated):
            assert np.flatnonzero(seen["action_mask"][row]).tolist() == [pass_id]
            ended += 1
        if ended >= 3:
            break
    assert ended >= 3
    envs.close()


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, InvalidSetupError), (2**64, InvalidSetupError), (1.5, WrongTypeError),
     ("abc", WrongTypeError), (True, WrongTypeError)],
)
def test_issue35_item8_gymnasium_reset_refuses_bad_seeds_and_changes_nothing(
    seed: Any, error: type[Exception]
) -> None:
    env = VsBotsEnv()
    first, _ = env.reset(seed=4)
    game, generator = env.game, env.np_random
    state = generator.bit_generator.state
    with pytest.raises(error, match="seed"):
        env.reset(seed=seed)
    assert env.game is game
    assert env.np_random is generator
    assert env.np_random.bit_generator.state == state
    assert np.array_equal(env.action_masks(), first["action_mask"].astype(bool))
    env.reset(seed=2**64 - 1)  # the largest seed a game takes


@pytest.mark.parametrize("render_mode", ["ansi", "human"])
def test_issue34_check_env_with_each_render_mode(
    render_mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Gymnasium's checker with its render check, through ``gymnasium.make`` (whose
    spec it reads the render modes from)."""
    checked(gymnasium.make(ENV_ID, render_mode=render_mode, players=3).unwrapped)
    if render_mode == "human":
        assert "hand 1 of 1" in capsys.readouterr().out


# --- Dou Dizhu (issue 36): the auction, the landlord's side, the redeal and the void ---------


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_D3_gymnasium_check_env_doudizhu(opponents: str) -> None:
    checked(VsBotsEnv(preset="doudizhu", opponents=opponents, seat="random", hands=2))
    env = gymnasium.make(ENV_ID, preset="doudizhu")
    checked(env.unwrapped)


@pytest.mark.parametrize("preset", DDZ_PRESETS[1:])
def test_D3_gymnasium_check_env_under_the_other_dou_dizhu_presets(preset: str) -> None:
    checked(VsBotsEnv(preset=preset, seat="random"))


@pytest.mark.parametrize("preset", DDZ_PRESETS)
def test_D9_gymnasium_rewards_are_the_agents_side_scores(preset: str) -> None:
    """D9: an episode's rewards add up to the agent's scores of the hands played (its
    side's: the landlord's, or a peasant's); random masked play stays inside the
    observation space (the auction's blocks and the hand number included)."""
    env = VsBotsEnv(preset=preset, seat="random", hands=2)
    for seed in range(3):
        steps = play_out(env, seed, np.random.default_rng(seed))
        results = [result for result in env.game.state.results if not result.thrown_in]
        assert len(results) == 2
        assert sum(reward for _, reward in steps) == sum(result.scores[env.seat] for result in results)


def test_D3_3_gymnasium_redeal_the_episode_goes_on() -> None:
    """doudizhu: the bots decline, the agent declines: the next hand is dealt at once,
    the episode goes on (reward 0); the agent's bid of 3 then settles it."""
    space = ActionSpace(Rules.preset("doudizhu"))
    env = VsBotsEnv(preset="doudizhu", opponents=PolicyBot(lambda _, mask: space.pass_id), seat=0, hands=2)
    env.reset(seed=1)
    assert env.game.phase is Phase.AUCTION
    hand = env.game.state.hand_number
    seen, reward, terminated, _, _ = env.step(space.pass_id)
    assert not terminated
    assert reward == 0
    assert env.game.state.hand_number > hand
    assert env.game.state.results[-1].thrown_in
    assert seen in env.observation_space  # the hand number counts hands played: 0
    assert seen["observation"][layout(env.rules)["hand_number"]].tolist() == [0.0]
    seen, reward, terminated, _, _ = env.step(space.pass_id + 3)  # bid 3 (D3.1)
    assert env.game.state.landlord == 0
    assert env.game.state.base == 3
    # Two hands played, the thrown-in one not counted: the pass-bots' every auction
    # is the agent's to take, as landlord.
    while not terminated:
        legal = np.flatnonzero(seen["action_mask"])
        bid = legal[legal > space.pass_id]
        seen, reward, terminated, _, _ = env.step(int(bid[-1]) if len(bid) else int(legal[0]))
    results = env.game.state.results
    assert [result.thrown_in for result in results] == [True, False, False]


def test_D3_3_gymnasium_void_ends_the_episode_with_reward_zero() -> None:
    space = ActionSpace(Rules.preset("openspiel"))
    env = VsBotsEnv(preset="openspiel", opponents=PolicyBot(lambda _, mask: space.pass_id), seat=1)
    env.reset(seed=1)
    while True:  # the agent declines (the others bid before it may not: they pass)
        _, reward, terminated, _, info = env.step(space.pass_id)
        if terminated:
            break
    assert reward == 0
    assert env.game.state.results[-1].thrown_in
    assert info["hand_results"][-1].scores == (0, 0, 0)
