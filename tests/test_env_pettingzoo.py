"""The PettingZoo AEC environment (issue 15): PettingZoo's own checks under every
preset, 2, 3, 4 and 8 players and each exchange (R2.1, R8), the rewards of a hand
against the game's scores (R7), illegal ids (R4.1), the end of an episode (R6.1,
R7.4) and rendering (R2.4: no other seat's cards).

The rewards and the end of a hand are checked against a plain :class:`Game`
replaying the same seed and moves, not against the environment's own bookkeeping.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, render_test, seed_test  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from marks import ENGINE_PRESETS, FAMILY_REPEATS, slow_where
from zhengshangyou import (
    ActionSpace,
    Game,
    IllegalMoveError,
    InvalidSetupError,
    Phase,
    Rules,
    WrongTypeError,
)
from zhengshangyou.envs import encode, layout, observation_bounds, observation_size
from zhengshangyou.envs.pettingzoo import ZhengShangyouEnv, env, raw_env, table_text

PRESETS = Rules.preset_names()
PLAYERS = (2, 3, 4, 8)
EXCHANGES = ("none", "highest_for_one_of_two", "highest_for_any")


class Watched(ZhengShangyouEnv):
    """The environment, noting the phases of the observations it hands out."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.phases: set[Phase] = set()

    def observe(self, agent: str) -> dict[str, Any]:
        self.phases.add(self.seat_observation(agent).phase)
        return super().observe(agent)


def watched(**kwargs: Any) -> Any:
    return wrappers.OrderEnforcingWrapper(Watched(**kwargs))


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """PettingZoo's checks print and warn about what a masked Dict observation is."""
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        yield


def options(preset: str, players: int, exchange: str) -> dict[str, Any]:
    # Two hands or three so that the exchange happens (R8: between hands).
    return {"preset": preset, "players": players, "exchange": exchange, "hands": 1 if exchange == "none" else 3}


#: Every preset at every table size, and every preset with each exchange at four
#: seats (the whole product took twice as long for no other path of the code).
ZSY_PRESETS = tuple(name for name in PRESETS if Rules.preset(name).teams == "none")
CASES = [
    *itertools.product(PRESETS, PLAYERS, EXCHANGES[:1]),
    # (no exchange in a game with a landlord, D1)
    *itertools.product(ZSY_PRESETS, (4,), EXCHANGES[1:]),
]


@pytest.mark.parametrize(
    ("preset", "players", "exchange"),
    # (the Dou Dizhu presets but doudizhu and douzero at their own table in the slow set)
    slow_where(
        CASES,
        # (and Big Two's and Tiến Lên's regional presets: big-two and tien-len stay)
        lambda case: case[0] in FAMILY_REPEATS
        or (Rules.preset(case[0]).teams != "none" and (case[0] in ENGINE_PRESETS or case[1] != 3)),
    ),
    ids=["-".join(map(str, case)) for case in CASES],
)
def test_issue15_api_and_seed_tests_pass_R2_1_R8(preset: str, players: int, exchange: str) -> None:
    if Rules.preset(preset).hand_size == 13 and players > 4:
        pytest.skip("Tiến Lên deals 13 each to 2 to 4 players (T2.1)")
    kwargs = options(preset, players, exchange)
    table = watched(**kwargs)
    with quiet():
        api_test(table, num_cycles=1000)
        seed_test(lambda: env(**kwargs))
    if exchange != "none":
        assert Phase.EXCHANGE in table.unwrapped.phases  # the exchange was played (R8)
    assert Phase.PLAY in table.unwrapped.phases


# --- one episode, played by mask-sampled random actions ------------------------------


def random_episode(table: Any, seed: int) -> tuple[list[int], list[tuple[float, ...]], dict[str, float], dict[str, int]]:
    """Play an episode: the actions, the rewards of each step that ended a hand, each
    agent's reward at its final (terminated) step, and the last hand it acted in."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    agents = list(table.possible_agents)
    actions: list[int] = []
    hand_rewards: list[tuple[float, ...]] = []
    final: dict[str, float] = {}
    acted: dict[str, int] = {}
    for agent in table.agent_iter():
        seen, reward, terminated, truncated, info = table.last()
        assert not truncated
        if terminated:
            final[agent] = reward
            table.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        hand = acted[agent] = info["hand_number"]
        actions.append(action)
        table.step(action)
        if all(table.terminations.values()) or table.infos[table.agent_selection]["hand_number"] != hand:
            hand_rewards.append(tuple(table.rewards[one] for one in agents))
    return actions, hand_rewards, final, acted


def replay(rules: Rules, seed: int, actions: list[int]) -> Game:
    """The same seed and ids through a plain game (next hand whenever one ends)."""
    game = Game(rules, seed=seed)
    space = ActionSpace(rules)
    for action in actions:
        if game.phase.is_over:
            game.next_hand()
        game.play(space.decode(action, game.observation(game.to_act)))
    return game


@pytest.mark.parametrize(
    ("preset", "players", "exchange"),
    [("zhengshangyou", 4, "highest_for_one_of_two"), ("winner", 3, "highest_for_any"), ("two-deck", 2, "none")],
)
def test_issue15_rewards_are_the_hands_scores_R7(preset: str, players: int, exchange: str) -> None:
    hands = 3
    table = env(preset=preset, players=players, exchange=exchange, hands=hands)
    for seed in (1, 2):
        actions, hand_rewards, final, acted = random_episode(table, seed)
        game = replay(table.unwrapped.rules, seed, actions)
        results = game.state.results
        assert len(results) == hands
        assert game.phase.is_over
        assert hand_rewards == [tuple(map(float, result.scores)) for result in results]
        # An agent's last reward is what it got since it last acted: the scores of the
        # hands from the last one it acted in.
        for seat, agent in enumerate(table.possible_agents):
            since = results[acted.get(agent, 0) :]
            assert final[agent] == sum(result.scores[seat] for result in since)


def test_issue15_the_episode_replays_the_game_R7() -> None:
    # Every agent's rewards add up to its match total.
    table = env(hands=2)
    actions, hand_rewards, _, _ = random_episode(table, 11)
    game = replay(table.unwrapped.rules, 11, actions)
    totals = [sum(rewards[seat] for rewards in hand_rewards) for seat in range(4)]
    assert totals == list(map(float, game.scores))
    assert table.unwrapped.game.state == game.state


def test_issue15_out_seats_wait_then_play_the_next_hand_R6_1() -> None:
    table = raw_env(hands=2)
    table.reset(seed=5)
    rng = np.random.default_rng(5)
    acted: list[set[str]] = [set(), set()]
    while not all(table.terminations.values()):
        agent = table.agent_selection
        seen = table.seat_observation(agent)
        assert seen.seat not in seen.finished  # a seat out of the hand is never selected
        acted[seen.hand_number].add(agent)
        table.step(int(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]))))
    first_out = table.game.state.results[0].winner
    assert f"seat_{first_out}" in acted[1]  # the Winner of hand 0 acts again in hand 1


def test_issue15_the_episode_ends_with_the_match_R7_4() -> None:
    # Placement scoring gives the Winner 2: a target of 2 ends the match after one hand.
    table = raw_env(scoring="placement", target_score=2, hands=5)
    _, hand_rewards, final, _ = random_episode(table, 3)
    assert len(hand_rewards) == 1
    assert len(final) == 4
    assert table.agents == []


def test_issue15_every_agent_terminates_once_with_its_reward_R6_1() -> None:
    table = raw_env(players=3)
    table.reset(seed=9)
    rng = np.random.default_rng(9)
    while not any(table.terminations.values()):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
    scores = table.game.state.results[0].scores
    assert all(table.terminations.values())
    assert not any(table.truncations.values())
    assert [table.rewards[agent] for agent in table.possible_agents] == list(map(float, scores))
    seen: list[str] = []
    while table.agents:
        agent = table.agent_selection
        assert table.observe(agent)["action_mask"].sum() == 0  # nothing left to do
        seen.append(agent)
        with pytest.raises(ValueError, match="only valid action is None"):
            table.step(0)
        table.step(None)
    assert sorted(seen) == table.possible_agents
    with pytest.raises(IllegalMoveError, match="reset"):
        table.step(None)


# --- illegal actions: an error, and nothing changes (R4.1) ----------------------------


def snapshot(table: ZhengShangyouEnv) -> tuple[Any, ...]:
    agent = table.agent_selection
    seen = table.observe(agent)
    return (
        table.game.state,
        agent,
        seen["observation"].tobytes(),
        seen["action_mask"].tobytes(),
        dict(table.rewards),
        dict(table._cumulative_rewards),
        dict(table.terminations),
    )


def test_issue15_an_illegal_id_raises_and_changes_nothing_R4_1() -> None:
    table = raw_env(exchange="highest_for_any", hands=2)
    table.reset(seed=21)
    space = ActionSpace(table.rules)
    before = snapshot(table)
    mask = table.observe(table.agent_selection)["action_mask"]
    illegal = [int(index) for index in np.flatnonzero(mask == 0)[:5]] + [space.pass_id]  # a lead
    for action in illegal:
        with pytest.raises(IllegalMoveError, match=rf"action {action} \(.*\) is not a legal move") as caught:
            table.step(action)
        assert isinstance(caught.value, ValueError)
        assert caught.value.rule == "R4.1"
        assert snapshot(table) == before
    out_of_range: list[object] = [-1, space.size, np.int64(space.size)]
    for wrong in out_of_range:
        with pytest.raises(IllegalMoveError, match="is not an id"):
            table.step(wrong)
        assert snapshot(table) == before
    not_ids: list[object] = ["pass", 1.0, True, None, [3]]
    for wrong in not_ids:
        with pytest.raises(WrongTypeError, match="an action is an id"):
            table.step(wrong)
        assert snapshot(table) == before


def test_issue15_numpy_ids_are_actions_R4_1() -> None:
    for kind in (np.int8, np.int32, np.int64, np.uint16):
        table = raw_env()
        table.reset(seed=2)
        legal = int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0])
        table.step(kind(legal))
        table.reset(seed=2)
        table.step(np.array(legal))
        assert len(table.game.state.log) == 1


def test_issue15_order_is_enforced_before_reset(caplog: pytest.LogCaptureFixture) -> None:
    table = env()
    with pytest.raises(AttributeError, match="reset"):
        _ = table.agents
    with pytest.raises(AssertionError, match="before step"):
        table.step(0)
    with pytest.raises(AssertionError, match="before observe"):
        table.last()
    assert str(table) == "zhengshangyou_v0"
    table.reset(seed=1)
    random_episode(table, 1)
    assert table.agents == []
    table.step(None)  # PettingZoo logs a warning for a step after the episode
    assert "after all agents are terminated" in caplog.text
    raw = raw_env(render_mode="ansi")
    calls = (
        lambda: raw.step(0),
        lambda: raw.observe("seat_0"),
        lambda: raw.seat_observation("seat_0"),
        lambda: raw.render(),
        lambda: raw.game,
    )
    for call in calls:
        with pytest.raises(IllegalMoveError, match="reset"):
            call()


def test_issue15_bad_arguments_are_refused() -> None:
    with pytest.raises(WrongTypeError, match="hands"):
        raw_env(hands=1.5)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="hands"):
        raw_env(hands=True)
    with pytest.raises(ValueError, match="hands must be at least 1"):
        raw_env(hands=0)
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="rgb_array")
    with pytest.raises(ValueError, match=r"unknown|option"):
        raw_env(no_such_option=1)


# --- spaces and observations --------------------------------------------------------


@pytest.mark.parametrize("preset", slow_where(PRESETS, lambda name: name in ENGINE_PRESETS))
def test_issue15_spaces_fit_the_rules_R2_2_R7(preset: str) -> None:
    table = raw_env(preset=preset, hands=2)
    rules = table.rules
    space = table.observation_space("seat_0")
    assert space["observation"].shape == (observation_size(rules),)
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].dtype == np.int8
    assert table.action_space(f"seat_{rules.players - 1}").n == ActionSpace(rules).size
    assert table.observation_space("seat_0") is not table.observation_space("seat_1")
    low, high = observation_bounds(rules, 2)
    blocks = layout(rules)
    assert high[blocks["held"]].max() == rules.max_hand_size
    assert low[blocks["scores"]].min() == 2 * rules.score_bounds[0]
    # (scores that are always 0, scoring="none", get 0 to 1: R7.3)
    assert high[blocks["scores"]].max() == (2 * rules.score_bounds[1] or 1.0)
    assert high[blocks["hand_number"]].tolist() == [1.0]
    assert (low < high).all()


def test_issue15_bounds_hold_for_placement_and_no_scoring_R7_2_R7_3() -> None:
    for scoring in ("placement", "none"):
        low, high = observation_bounds(Rules(scoring=scoring), 4)
        assert low.min() == 0.0
        # No range is empty: scores that are always 0 get 0 to 1 (R7.3).
        assert high[layout(Rules())["scores"]].max() == (8.0 if scoring == "placement" else 1.0)
    no_jokers = Rules(jokers=False, joker_bomb=False)
    low, high = observation_bounds(no_jokers)
    blocks = layout(no_jokers)
    assert high[blocks["hand"]].tolist() == [4.0] * 13 + [1.0] * 2  # no joker: 0 to 1
    assert high[blocks["hand_number"]].tolist() == [1.0]


def test_issue15_every_seat_sees_only_its_observation_R2_4() -> None:
    table = raw_env(exchange="highest_for_one_of_two", hands=2)
    table.reset(seed=8)
    game = table.game
    for agent in table.possible_agents:
        seat = int(agent.removeprefix("seat_"))
        seen = table.observe(agent)
        assert (seen["observation"] == encode(game.observation(seat))).all()
        assert seen["action_mask"].sum() == (seat == game.to_act) * len(game.observation(seat).legal_moves)
        assert table.seat_observation(agent) == game.observation(seat)
    assert table.infos[table.agent_selection]["legal_moves"] == ActionSpace(table.rules).moves(
        game.observation(game.to_act)
    )
    assert all(
        info == {"hand_number": 0, "legal_moves": {}}
        for agent, info in table.infos.items()
        if agent != table.agent_selection
    )


def test_issue15_reset_without_a_seed_follows_the_last_seed() -> None:
    first, second = raw_env(), raw_env()
    first.reset(seed=4)
    second.reset(seed=4)
    first.reset()
    second.reset()
    assert first.game.state == second.game.state
    assert first.game.state.seed != 4


# --- rendering (R2.4: the seat to act's view only) ---------------------------------


def test_issue15_render_shows_no_other_seats_cards_R2_4() -> None:
    table = raw_env(render_mode="ansi")
    table.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(30):
        text = table.render()
        assert isinstance(text, str)
        game = table.game
        seat = game.to_act
        tokens = set(text.split())
        assert f"seat_{seat} holds: {game.hands[seat]}" in text
        for other, hand in enumerate(game.hands):
            if other != seat:
                assert not tokens & {str(card) for card in hand}
        table.step(int(rng.choice(np.flatnonzero(table.observe(table.agent_selection)["action_mask"]))))


def test_issue15_render_after_the_episode_shows_no_hand() -> None:
    table = raw_env(render_mode="ansi", players=2)
    random_episode(table, 4)
    text = table.render()
    assert text is not None
    assert "nobody to act" in text
    assert "holds" not in text
    assert "out: " in text


def test_issue15_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    table = raw_env(render_mode="human")
    table.reset(seed=1)
    assert table.render() is None
    assert "to act" in capsys.readouterr().out
    table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
    assert "top: " in capsys.readouterr().out


def test_issue15_render_without_a_mode_warns() -> None:
    table = raw_env()
    table.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert table.render() is None


def test_issue15_the_table_text_shows_the_trick_R5() -> None:
    game = Game(Rules(), seed=12)
    while not game.observation(0).passed:
        seen = game.observation(game.to_act)
        game.play(seen.legal_moves[-1] if seen.top is None else next(iter(game.legal_moves())))
    seen = game.observation(game.to_act)
    assert seen.top is not None
    text = table_text(seen)
    assert f"top: {seen.top} ({seen.top.kind.value}) by seat_{seen.top_seat}" in text
    assert "passed: " + ", ".join(f"seat_{seat}" for seat in seen.passed) in text


# --- issue 35, item 8: seeds and agents are checked first ----------------------------------------


@pytest.mark.parametrize(
    ("seed", "error"),
    [(-1, InvalidSetupError), (2**64, InvalidSetupError), (1.5, WrongTypeError),
     ("abc", WrongTypeError), (False, WrongTypeError), (np.int64(3), WrongTypeError)],
)
def test_issue35_item8_reset_refuses_bad_seeds_and_changes_nothing_R2_3(
    seed: Any, error: type[Exception]
) -> None:
    table = raw_env(players=3)
    table.reset(seed=5)
    generator, game = table._rng, table._game
    state = generator.bit_generator.state
    seen = table.observe(table.agent_selection)
    with pytest.raises(error, match="seed"):
        table.reset(seed=seed)
    assert table._rng is generator
    assert generator.bit_generator.state == state
    assert table._game is game
    after = table.observe(table.agent_selection)
    assert np.array_equal(after["observation"], seen["observation"])
    # Unseeded resets still follow the last seed given: the refused one left no trace.
    table.reset()
    again = raw_env(players=3)
    again.reset(seed=5)
    again.reset()
    assert table.game.state.seed == again.game.state.seed
    table.reset(seed=2**64 - 1)  # the largest seed a game takes
    assert table.game.state.seed == 2**64 - 1


@pytest.mark.parametrize(
    ("agent", "error"),
    [("seat_9", InvalidSetupError), ("player_0", InvalidSetupError), (0, WrongTypeError),
     (None, WrongTypeError)],
)
def test_issue35_item8_unknown_agents_are_refused_with_typed_errors_R2_1(
    agent: Any, error: type[Exception]
) -> None:
    table = raw_env()
    table.reset(seed=1)
    for ask in (table.observe, table.seat_observation, table.observation_space, table.action_space):
        with pytest.raises(error, match="agent"):
            ask(agent)
    assert table.observe("seat_3")["action_mask"].shape == (ActionSpace(table.rules).size,)


@pytest.mark.parametrize("players", [2, 4])
def test_issue34_pettingzoo_render_test_passes(players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own render_test (every render mode the metadata lists), which the
    issue's filer ran; "human" prints the seat to act's view."""
    render_test(lambda render_mode=None: env(players=players, render_mode=render_mode))
    assert "to act" in capsys.readouterr().out


# --- Dou Dizhu (issue 36): the auction, the landlord's side, the redeal and the void ------

DDZ_PRESETS = ("doudizhu", "douzero", "rlcard", "openspiel")


def test_D3_pettingzoo_doudizhu_api_test() -> None:
    """PettingZoo's own checks under doudizhu: the auction's bids are actions, and
    both the auction and the play are seen."""
    table = watched(preset="doudizhu", hands=2)
    with quiet():
        api_test(table, num_cycles=1000)
        seed_test(lambda: env(preset="doudizhu", hands=2))
    assert {Phase.AUCTION, Phase.PLAY} <= table.unwrapped.phases


@pytest.mark.parametrize("preset", DDZ_PRESETS[1:])
def test_D3_pettingzoo_api_test_under_the_other_dou_dizhu_presets(preset: str) -> None:
    table = watched(preset=preset)
    with quiet():
        api_test(table, num_cycles=300)
    assert Phase.PLAY in table.unwrapped.phases
    assert (Phase.AUCTION in table.unwrapped.phases) == (Rules.preset(preset).auction != "none")


def played(results: Any) -> list[Any]:
    return [result for result in results if not result.thrown_in]


@pytest.mark.parametrize("preset", DDZ_PRESETS)
def test_D9_pettingzoo_rewards_are_the_landlord_sides_scores(preset: str) -> None:
    """D4.2, D9: each hand's rewards are the game's scores of that hand, replayed
    through a plain game; the two peasants score alike, one side against the other."""
    hands = 2
    table = env(preset=preset, hands=hands)
    for seed in (1, 2):
        actions, hand_rewards, _, _ = random_episode(table, seed)
        game = replay(table.unwrapped.rules, seed, actions)
        results = played(game.state.results)
        assert len(results) == hands
        assert game.phase.is_over
        assert hand_rewards == [tuple(map(float, result.scores)) for result in results]
        for result in results:
            peasants = [result.scores[seat] for seat in range(3) if seat != result.landlord]
            assert peasants[0] == peasants[1]
            landlord = result.scores[result.landlord]
            assert landlord != peasants[0]
            if game.rules.scoring == "multiplier":  # D9.1: the landlord pays or gets 2 stakes
                assert landlord == -2 * peasants[0]


def pass_id(table: Any) -> int:
    return ActionSpace(table.unwrapped.rules).pass_id


def test_D3_3_pettingzoo_redeal_the_episode_goes_on() -> None:
    """doudizhu: three passes deal the next hand at once; the one-hand episode goes
    on, with no reward, and ends when a hand is played out."""
    table = env(preset="doudizhu", hands=1)
    table.reset(seed=5)
    first = table.agent_selection
    for _ in range(3):
        table.step(pass_id(table))
    game = table.unwrapped.game
    assert game.state.hand_number == 1
    assert game.phase is Phase.AUCTION
    assert not any(table.terminations.values())
    assert all(reward == 0 for reward in table.rewards.values())
    assert table.infos[table.agent_selection]["hand_number"] == 1
    assert table.agent_selection != first or game.state.to_act == int(first[-1])
    table.step(pass_id(table) + 3)  # bid 3: a hand played out
    rng = np.random.default_rng(0)
    for _agent in table.agent_iter():
        seen, _reward, terminated, _, _ = table.last()
        table.step(None if terminated else int(rng.choice(np.flatnonzero(seen["action_mask"]))))
    result = table.unwrapped.game.state.results[-1]
    assert not result.thrown_in
    assert len(table.unwrapped.game.state.results) == 2


def test_D3_3_pettingzoo_void_ends_the_episode_with_zero_rewards() -> None:
    """openspiel: three passes end the hand with every score 0, and a one-hand
    episode with it."""
    table = env(preset="openspiel", hands=1)
    table.reset(seed=5)
    for _ in range(3):
        table.step(pass_id(table))
    assert all(table.terminations.values())
    assert table.rewards == dict.fromkeys(table.possible_agents, 0.0)
    assert table.unwrapped.game.state.results[-1].thrown_in
    for _agent in table.agent_iter():
        _, reward, terminated, _, _ = table.last()
        assert terminated
        assert reward == 0
        table.step(None)


def won_at_the_deal(results: Any) -> list[int]:
    """The numbers of the hands nobody played a card in: won at the deal (T6.2)."""
    return [number for number, result in enumerate(results) if not any(result.played)]


def test_T6_2_pettingzoo_a_one_hand_episode_won_at_the_deal_is_dealt_again() -> None:
    """tien-len, 4 players: seed 0 deals an instant win (T6.2), so a one-hand episode
    would end before any agent acts; reset deals again, and an agent is to act."""
    rules = Rules.preset("tien-len")
    assert rules.instant_wins == "south"
    assert Game(rules, seed=0).phase is Phase.HAND_OVER  # won at the deal
    table = env(preset="tien-len", hands=1)
    table.reset(seed=0)
    game = table.unwrapped.game
    assert game.phase is Phase.PLAY
    assert game.state.hand_number == 0
    assert table.rewards == dict.fromkeys(table.possible_agents, 0.0)
    assert not any(table.terminations.values())
    assert game.to_act == int(table.agent_selection.removeprefix("seat_"))


@pytest.mark.parametrize(("seed", "hand"), [(0, 0), (56, 1), (83, 2)])  # (the last hand: 2)
def test_T6_2_pettingzoo_a_hand_won_at_the_deal_is_rewarded_and_the_episode_goes_on(seed: int, hand: int) -> None:
    """A hand won at the deal pays its rewards at once and the next hand is dealt in
    the same step (at reset, for the first hand): every agent's rewards add up to its
    match score, and the episode has its three hands."""
    table = env(preset="tien-len", hands=3)
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        seen, reward, terminated, _, _ = table.last()
        totals[agent] += reward
        table.step(None if terminated else int(rng.choice(np.flatnonzero(seen["action_mask"]))))
    state = table.unwrapped.game.state
    assert len(state.results) == 3
    assert won_at_the_deal(state.results) == [hand]
    assert list(totals.values()) == list(map(float, state.scores))
    assert sorted(state.results[hand].scores) == [-4, -4, -4, 12]  # 4 from each other player (T7.2)


def test_D3_pettingzoo_the_table_text_shows_the_landlord() -> None:
    table = raw_env(preset="openspiel", render_mode="ansi")
    table.reset(seed=3)
    before = table.render()
    assert before is not None
    assert "landlord" not in before
    table.step(pass_id(table) + 3)  # bid 3 (D3.1)
    landlord = table.unwrapped.game.state.landlord
    text = table.render()
    assert text is not None
    assert f"landlord: seat_{landlord}, base 3, multiplier 1" in text
    assert ("kitty" in text) == (table.agent_selection == f"seat_{landlord}")  # D4.1 (openspiel)
