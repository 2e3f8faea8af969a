"""The PettingZoo AEC environment (extra ``[rl]``): every seat an agent, one at a time.

:func:`env` is the environment wrapped as PettingZoo's own are (order enforced:
nothing before :meth:`~ZhengShangyouEnv.reset`); :func:`raw_env` is the bare
:class:`ZhengShangyouEnv`. Both take ``preset`` (a name of
:meth:`Rules.preset_names <zhengshangyou.rules.Rules.preset_names>`), ``hands``
(the hands of an episode), ``render_mode`` (``"ansi"`` or ``"human"``) and any rule
option (``players=3``, ``exchange="highest_for_any"``), as
:func:`~zhengshangyou.envs.rules_of` reads them.

- Agents are ``"seat_0"`` … ``"seat_{n-1}"``. The seat to act is the one selected;
  seats out of the hand are never selected until the next hand.
- An observation is ``{"observation": encode(seen), "action_mask": mask}``, both from
  the one :class:`~zhengshangyou.game.Observation` of that seat (what the seat may
  know, and nothing else); the mask is zero except for the seat to act.
- Actions are the ids of :class:`~zhengshangyou.actionspace.ActionSpace`
  (``Discrete(size)``): every play, pass, and exchange decision (R8). An id that is
  not legal raises :class:`~zhengshangyou.errors.IllegalMoveError` (a
  ``ValueError``) and changes nothing.
- When a hand ends, each agent's reward is its score of the hand
  (:attr:`HandResult.scores <zhengshangyou.scoring.HandResult.scores>`); if hands
  remain, the next one is dealt (with the exchange of R8 where the rules have
  one). The episode ends after ``hands`` hands, or when the match ends
  (``target_score``, R7.4): then every agent terminates, and :meth:`agent_iter
  <pettingzoo.AECEnv.agent_iter>` gives each its last observation and reward, to
  be stepped with ``None``. Nothing truncates: a hand ends within
  :attr:`Rules.max_moves <zhengshangyou.rules.Rules.max_moves>` moves.
- Dou Dizhu (rules with a landlord, the presets ``doudizhu``, ``douzero``,
  ``rlcard``, ``openspiel``): the auction's bids, calls and robs are actions like
  any other (D3); the rewards are the hand's scores, the landlord's side against
  the peasants' (D9). A hand nobody bids for under ``all_pass="redeal"`` is dealt
  again at once: the episode goes on, and that hand does not count among its
  ``hands`` (its scores are 0); under ``"void"`` it is a hand that ends with every
  reward 0 (D3.3), the episode's last when ``hands`` is 1.
- A hand won at the deal (Tiến Lên's instant wins, T6.2) ends before any seat
  acts: its rewards are paid and the next hand dealt at once, within the same step
  (or, at :meth:`~ZhengShangyouEnv.reset`, before the first one). A deal whose whole
  episode would end so, before any agent's first move, gives no agent anything to
  do: :meth:`~ZhengShangyouEnv.reset` deals again from the environment's generator,
  as ``VsBotsEnv`` does.
- An agent's name that is not one of ``possible_agents`` raises
  :class:`~zhengshangyou.errors.InvalidSetupError` (a ``ValueError``; a
  :class:`~zhengshangyou.errors.WrongTypeError` for a name that is no text).
- ``infos[agent]`` holds ``hand_number`` and ``legal_moves`` (the seat's own legal
  moves by id, empty unless it is to act).

>>> game = env(players=3, hands=2)
>>> game.reset(seed=7)
>>> for agent in game.agent_iter():
...     seen, reward, terminated, truncated, info = game.last()
...     action = None if terminated else int(seen["action_mask"].argmax())
...     game.step(action)
>>> len(game.unwrapped.game.state.results)     # two hands were played
2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from zhengshangyou.actions import Move
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.envs.encoding import (
    check_seed,
    encode,
    observation_bounds,
    played_hands,
    rules_of,
)
from zhengshangyou.errors import IllegalMoveError, InvalidSetupError, WrongTypeError, brief_repr
from zhengshangyou.game import Game, Observation

__all__ = ["ZhengShangyouEnv", "env", "raw_env", "table_text"]

ObsType = dict[str, npt.NDArray[Any]]


def _action_id(action: object) -> int:
    """``action`` as an int id: an ``int`` or a numpy integer (a 0-d array too)."""
    if type(action) is int:
        return action
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_)):
        return int(action)
    raise WrongTypeError(f"an action is an id (an int), not {brief_repr(action)}", argument="action")


class ZhengShangyouEnv(AECEnv):  # type: ignore[misc]
    """Zheng Shangyou as a PettingZoo AEC environment (see the module docstring).

    >>> table = ZhengShangyouEnv(preset="winner", players=2)
    >>> table.reset(seed=3)
    >>> table.agents, table.agent_selection in table.agents
    (['seat_0', 'seat_1'], True)
    >>> seen = table.observe(table.agent_selection)
    >>> seen["observation"].shape == table.observation_space("seat_0")["observation"].shape
    True
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's class attribute)
        "name": "zhengshangyou_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    possible_agents: list[str]
    agents: list[str]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: str

    def __init__(
        self,
        preset: str | None = None,
        hands: int = 1,
        render_mode: str | None = None,
        **rule_options: Any,
    ) -> None:
        super().__init__()
        if isinstance(hands, bool) or not isinstance(hands, int):
            raise WrongTypeError(f"hands must be an int, not {brief_repr(hands)}", argument="hands")
        if hands < 1:
            raise InvalidSetupError(f"hands must be at least 1, not {hands}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidSetupError(
                f"render_mode must be None, 'ansi' or 'human', not {brief_repr(render_mode)}"
            )
        self.rules = rules_of(preset, **rule_options)
        self.hands = hands
        self.render_mode = render_mode
        self._space = ActionSpace(self.rules)
        self.possible_agents = [f"seat_{seat}" for seat in range(self.rules.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = observation_bounds(self.rules, hands)
        size = self._space.size
        # One space object per agent, built once (api_test wants the same object back).
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self._game: Game | None = None
        # The seat to act's observation and its legal moves by id: made once a move.
        self._seen: Observation | None = None
        self._moves: dict[int, Move] = {}
        self._ids: list[int] = []
        self._rewarded = False
        self._hand_number = 0

    # --- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The space of ``agent``'s observations: a ``Dict`` of ``observation`` (a
        ``Box`` of :func:`~zhengshangyou.envs.encode`'s shape, bounded by
        :func:`observation_bounds`) and ``action_mask`` (``int8``, 0 or 1 an id).

        >>> ZhengShangyouEnv().observation_space("seat_1")["action_mask"].shape
        (446,)
        """
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The space of ``agent``'s actions: ``Discrete(ActionSpace(rules).size)``.

        >>> ZhengShangyouEnv().action_space("seat_0")
        Discrete(446)
        """
        return self._action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        """``agent`` if it is one of :attr:`possible_agents`; a typed error otherwise."""
        if not isinstance(agent, str):
            raise WrongTypeError(
                f"an agent is a name such as 'seat_0', not {brief_repr(agent)}", argument="agent"
            )
        if agent not in self._seats:
            raise InvalidSetupError(
                f"no agent is named {brief_repr(agent)}: the agents are"
                f" seat_0 to seat_{len(self._seats) - 1} (R2.1)",
                rule="R2.1",
            )
        return agent

    # --- the episode -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        """A copy of the episode's game (every seat's cards: the referee's view, not
        an agent's).

        >>> table = ZhengShangyouEnv()
        >>> table.reset(seed=5)
        >>> table.game.state.seed
        5
        """
        return self._started().copy()

    def _started(self) -> Game:
        """The episode's game; an error before the first reset."""
        if self._game is None:
            raise IllegalMoveError("the environment has not been reset: call reset() first")
        return self._game

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start an episode: a new match dealt from ``seed`` (drawn from the
        environment's generator, seeded by the last seed given, when None). A seed is
        None or an ``int`` from 0 to 2**64 - 1 (:func:`~zhengshangyou.envs.check_seed`):
        another raises the library's typed error and changes nothing.

        >>> table = ZhengShangyouEnv()
        >>> table.reset(seed=1)
        >>> first = table.observe(table.agent_selection)["observation"]
        >>> table.reset(seed=1)
        >>> bool((table.observe(table.agent_selection)["observation"] == first).all())
        True
        """
        seed = check_seed(seed)  # (first: a refused seed changes nothing)
        if seed is None:
            seed = int(self._rng.integers(2**63))
        else:
            self._rng = np.random.default_rng(seed)
        while True:
            self._game = game = Game(self.rules, seed=seed)
            self.agents = self.possible_agents[:]
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self._rewarded = False  # whether ``rewards`` holds the scores of hands ended this step
            self._new_infos()
            self._settle(game)  # (hands won at the deal, T6.2)
            if not all(self.terminations.values()):
                break
            # the whole episode ended before any agent acted: nothing to do, deal again
            seed = int(self._rng.integers(2**63))
        self._look()
        if self.render_mode == "human":
            self.render()

    def _new_infos(self) -> None:
        """Every agent's infos for a new hand: its number, no legal moves yet."""
        self._hand_number = self._started().state.hand_number
        self.infos = {agent: self._info({}) for agent in self.agents}

    def _info(self, moves: dict[int, Move]) -> dict[str, Any]:
        return {"hand_number": self._hand_number, "legal_moves": moves}

    def _look(self) -> None:
        """The seat to act, its observation, legal moves and infos, once a move."""
        game = self._started()
        seat = game.to_act
        if seat < 0:  # the episode is over
            self._seen, self._moves, self._ids = None, {}, []
            return
        self._seen = game.observation(seat)
        self._moves = self._space.moves(self._seen)
        self._ids = list(self._moves)
        agent = self.agent_selection = self.possible_agents[seat]
        self.infos[agent] = self._info(dict(self._moves))

    def observe(self, agent: str) -> ObsType:
        """What ``agent`` sees now: its encoded observation and its action mask, both
        from the one observation of its seat.

        >>> table = ZhengShangyouEnv()
        >>> table.reset(seed=2)
        >>> seen = table.observe(table.agent_selection)
        >>> int(seen["action_mask"].sum()) == len(table.infos[table.agent_selection]["legal_moves"])
        True
        """
        game = self._started()
        seat = self._seats[self._agent(agent)]
        seen = self._seen
        if seen is not None and seen.seat == seat:
            ids = self._ids
        else:
            seen = game.observation(seat)
            ids = list(self._space.moves(seen))
        mask = np.zeros(self._space.size, dtype=np.int8)
        mask[ids] = 1
        return {"observation": encode(seen), "action_mask": mask}

    def seat_observation(self, agent: str) -> Observation:
        """The library's :class:`~zhengshangyou.game.Observation` of ``agent``'s seat,
        for a library bot to choose from (then step with ``ActionSpace.encode``).

        >>> from zhengshangyou.bots import GreedyBot
        >>> table = ZhengShangyouEnv()
        >>> table.reset(seed=2)
        >>> move = GreedyBot().choose(table.seat_observation(table.agent_selection))
        >>> table.step(ActionSpace(table.rules).encode(move))
        """
        game = self._started()
        seat = self._seats[self._agent(agent)]
        seen = self._seen
        return seen if seen is not None and seen.seat == seat else game.observation(seat)

    def step(self, action: Any) -> None:
        """Play ``action`` (an id of the action space) for the selected agent; ``None``
        for an agent that has terminated. An id that is not legal raises
        :class:`~zhengshangyou.errors.IllegalMoveError` and changes nothing.

        >>> table = ZhengShangyouEnv()
        >>> table.reset(seed=4)
        >>> table.step(ActionSpace(table.rules).pass_id)   # the leader may not pass
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: action 445 (pass) is not a legal move of seat 3 here (R4.1)
        """
        game = self._game
        if game is None or not self.agents:
            raise IllegalMoveError("no episode is under way: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seen = self._seen
        assert seen is not None
        index = _action_id(action)
        move = self._moves.get(index)
        if move is None:
            move = self._space.decode(index, seen)  # raises: the id is not legal here
        game.play(move)
        if game.state.hand_number != self._hand_number and not game.phase.is_over:
            self._new_infos()  # nobody bid: the next hand is dealt at once (D3.3)
        self.infos[agent] = self._info({})
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the last step ended a hand: its rewards are spent
            self._clear_rewards()
            self._rewarded = False
        self._settle(game)
        self._look()
        if self.render_mode == "human":
            self.render()

    def _settle(self, game: Game) -> None:
        """End the hands that are over: the one a move ended, and any next hand won
        at the deal (T6.2), until a seat is to act or the episode ends."""
        while game.phase.is_over and not all(self.terminations.values()):
            self._end_hand(game)

    def _end_hand(self, game: Game) -> None:
        """Reward the hand's scores (on top of those of a hand ended earlier in the
        same step); deal the next hand, or end the episode."""
        state = game.state
        result = state.result
        assert result is not None
        for agent, score in zip(self.possible_agents, result.scores, strict=True):
            self.rewards[agent] = (self.rewards[agent] if self._rewarded else 0.0) + score
            self._cumulative_rewards[agent] += score
        self._rewarded = True
        if played_hands(state.results, state.rules) < self.hands and not game.is_match_over:
            game.next_hand()
        else:
            self.terminations = dict.fromkeys(self.agents, True)
        self._new_infos()

    # --- rendering -------------------------------------------------------------------

    def render(self) -> str | None:
        """A short text of the table as the seat to act sees it (its own hand, the
        public facts; nobody's hand once the episode is over): returned under
        ``render_mode="ansi"``, printed under ``"human"``.

        >>> table = ZhengShangyouEnv(render_mode="ansi", players=2)
        >>> table.reset(seed=1)
        >>> print(table.render())
        hand 0 · play · seat_1 to act
        held: seat_0 27, seat_1 27
        top: none
        seat_1 holds: 3D 3H 3S 4D 4H 5D 5H 5S 6D 6C 8D 8C 9H 10D 10C 10H JH QD QC QH QS KD AC 2C 2S BJ RJ
        scores: seat_0 0, seat_1 0
        """
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render_mode: make the environment with "
                "render_mode='ansi' or 'human'"
            )
            return None
        game = self._started()
        seen = self._seen
        text = table_text(seen if seen is not None else game.observation(0), own=seen is not None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (no window, no process).

        >>> ZhengShangyouEnv().close()
        """


def table_text(seen: Observation, *, own: bool = True) -> str:
    """A short text of the table from ``seen``: the hand, the phase, who is to act,
    the cards each seat holds, the play to beat, the scores, and with ``own`` the
    seat's own cards (never another seat's).

    >>> from zhengshangyou import Game
    >>> print(table_text(Game(seed=3).observation(0), own=False))
    hand 0 · play · seat_0 to act
    held: seat_0 14, seat_1 14, seat_2 13, seat_3 13
    top: none
    scores: seat_0 0, seat_1 0, seat_2 0, seat_3 0
    """
    players = range(seen.rules.players)
    acting = f"seat_{seen.to_act} to act" if seen.to_act >= 0 else "nobody to act"
    top = "none" if seen.top is None else f"{seen.top} ({seen.top.kind.value}) by seat_{seen.top_seat}"
    lines = [
        f"hand {seen.hand_number} · {seen.phase} · {acting}",
        "held: " + ", ".join(f"seat_{seat} {seen.counts[seat]}" for seat in players),
        f"top: {top}",
    ]
    if seen.landlord >= 0:  # (a game with a landlord, once the auction settled him: D3)
        kitty = f", kitty {' '.join(map(str, seen.kitty))}" if seen.kitty else ""
        lines.append(f"landlord: seat_{seen.landlord}, base {seen.base}, multiplier {seen.multiplier}{kitty}")
    if seen.passed:
        lines.append("passed: " + ", ".join(f"seat_{seat}" for seat in seen.passed))
    if seen.finished:
        lines.append("out: " + ", ".join(f"seat_{seat}" for seat in seen.finished))
    if own:
        lines.append(f"seat_{seen.seat} holds: {seen.hand}")
    lines.append("scores: " + ", ".join(f"seat_{seat} {seen.scores[seat]}" for seat in players))
    return "\n".join(lines)


def raw_env(
    preset: str | None = None, hands: int = 1, render_mode: str | None = None, **rule_options: Any
) -> ZhengShangyouEnv:
    """The environment without wrappers (see :class:`ZhengShangyouEnv`).

    >>> raw_env(players=3).possible_agents
    ['seat_0', 'seat_1', 'seat_2']
    """
    return ZhengShangyouEnv(preset, hands, render_mode, **rule_options)


class _Ordered(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, with :meth:`last` asked of the
    environment itself (and :meth:`step` looking up the agents once): the same
    answers, without the wrapper's forwarded look-up of each field."""

    def last(self, observe: bool = True) -> tuple[ObsType | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        result: tuple[ObsType | None, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:  # what the wrapper checks, looked up once
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)


def env(
    preset: str | None = None, hands: int = 1, render_mode: str | None = None, **rule_options: Any
) -> Any:
    """The environment in PettingZoo's ``OrderEnforcingWrapper`` (an error for a step,
    observation or render before :meth:`~ZhengShangyouEnv.reset`, a warning for a
    step after the episode). No ``AssertOutOfBoundsWrapper``: the environment itself
    refuses an id outside the space, with an
    :class:`~zhengshangyou.errors.IllegalMoveError` that names it; nor
    ``TerminateIllegalWrapper``, which would end the game on an illegal id instead.

    >>> table = env(preset="two-deck")
    >>> table.reset(seed=0)
    >>> table.unwrapped.rules.decks, table.num_agents
    (2, 4)
    """
    return _Ordered(raw_env(preset, hands, render_mode, **rule_options))
