"""A single-agent Gymnasium environment: one seat against the library's bots (extra ``[rl]``).

:class:`VsBotsEnv` seats the agent at one seat of a match and plays every other
seat with a bot of :mod:`zhengshangyou.bots`. An observation is a ``Dict`` of the
agent's :func:`~zhengshangyou.envs.encode` array (``"observation"``) and its
:func:`~zhengshangyou.envs.action_mask` (``"action_mask"``); an action is an id of
:class:`~zhengshangyou.actionspace.ActionSpace` (``Discrete(size)``): plays, pass and
the exchange decisions (R8), so an agent that is the Winner or the Loser of a hand
makes its own exchange.

Importing this module registers ``"zhengshangyou/VsBots-v0"``. Gymnasium 1.x finds
environments only in its registry (it has no plugin entry points any more), so
either import the module first or name it in the id, which imports it:

>>> import gymnasium
>>> env = gymnasium.make("zhengshangyou.envs.gymnasium:zhengshangyou/VsBots-v0",
...                      opponents="greedy", players=3)
>>> seen, info = env.reset(seed=1)
>>> seen["observation"].shape == env.observation_space["observation"].shape
True
>>> action = int(seen["action_mask"].nonzero()[0][0])   # the lowest legal id
>>> seen, reward, terminated, truncated, info = env.step(action)
>>> truncated, info["illegal_action"]
(False, False)

The options: ``opponents`` (a bot name, ``"random"``, ``"greedy"`` or
``"heuristic"``; a bot; a policy, any callable ``policy(observation_array, mask) -> id``
as :class:`~zhengshangyou.envs.policy.PolicyBot` takes it; or a list of these, one for
each other seat in play order from the agent's), ``seat`` (the agent's, or
``"random"`` for a seat drawn per episode), ``preset`` and the rule options
(:func:`~zhengshangyou.envs.rules_of`), ``hands`` (hands per episode; the exchange, if
the rules have one, comes before hand 2, R8), ``render_mode`` (``None``, ``"ansi"``:
:meth:`~VsBotsEnv.render` returns the agent's view as text, or ``"human"``: printed to
standard output after every reset and step) and ``illegal_action``.

Opponents are used, not copied. A name makes a new bot for each seat it is given
for. A bot or a policy given is played as it is, the same object at every seat it is
given for (a bot with ``reset(seed)``, such as :class:`~zhengshangyou.bots.RandomBot`,
is reseeded from the environment's generator at each reset, once): so the opponents
of self-play are the very policy being trained, as it is now, at no cost of copying
(pass a list of separate bots for seats that must not share one). A policy sees what
the agent sees: the ``"observation"`` and ``"action_mask"`` arrays of its own seat.

Rewards and the episode. :meth:`VsBotsEnv.reset` deals and plays the bots until the
agent is to act; :meth:`VsBotsEnv.step` makes the agent's move, then the bots' moves
until the agent is to act again or the episode ends. The reward of a step is the
agent's score (R7) in each hand that ended during it, so an episode's rewards add up
to the agent's match score. The episode terminates when its last hand ends, or the
match does (``target_score``, R7.4); it is never truncated.

Dou Dizhu (rules with a landlord: the presets ``doudizhu``, ``douzero``, ``rlcard``,
``openspiel``). The agent bids, calls or robs in the auction as it plays (D3); its
reward is its side's score (D9: the landlord's, or each peasant's). A hand nobody
bids for is dealt again at once under ``all_pass="redeal"`` (the episode goes on; the
hand does not count among ``hands``) and ends with every reward 0 under ``"void"``
(D3.3). The bots must play the auction: ``"random"`` and ``"heuristic"`` do.

Illegal actions. An id of the action space that is not a legal move (what an agent
sampling ``action_space`` unmasked mostly picks) ends the episode: ``terminated`` is
true, the reward is the rules' lowest one-hand score (``rules.score_bounds[0]``),
``info["illegal_action"]`` is true, and the game is left as it was. With
``illegal_action="raise"`` the step raises the library's
:class:`~zhengshangyou.errors.IllegalMoveError` instead. A value that is no id of
the space (below 0, at least ``size``, not an integer) always raises.

Masks. ``observation["action_mask"]``, ``info["action_mask"]`` and
:meth:`VsBotsEnv.action_masks` (booleans, what sb3-contrib's ``MaskablePPO`` asks
for) mark the agent's legal ids. Once the episode is over no move is left, and the
mask marks the pass id alone instead of nothing: a placeholder, so that a masked
sampler or a masked softmax that reads the last observation (Gymnasium 1.x's vector
environments return it, then reset on the next ``step``, whose action they ignore)
stays well defined. It is no legal move: a step after the end needs a reset. After an
illegal action the mask is the legal ids of the position left as it was.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from zhengshangyou.actions import Move
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot
from zhengshangyou.envs.encoding import (
    check_seed,
    encode,
    observation_bounds,
    played_hands,
    rules_of,
)
from zhengshangyou.envs.policy import Policy, PolicyBot
from zhengshangyou.errors import (
    WrongTypeError,
    ZhengShangyouError,
    brief_repr,
    check_int,
)
from zhengshangyou.game import Game, Observation, Phase
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult

__all__ = ["BOTS", "ENV_ID", "VsBotsEnv"]

#: The id :func:`gymnasium.make` knows the environment by.
ENV_ID = "zhengshangyou/VsBots-v0"

#: The bots an opponent can be named by.
BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "heuristic": HeuristicBot,
}

#: What an observation of the environment is: the encoding and the action mask.
ObsType = dict[str, npt.NDArray[Any]]

#: Seeds drawn for the game and the bots: below 2**62, within what both accept (R2.3).
_SEED_RANGE = 2**62


def _bots(opponents: object, count: int) -> list[Bot]:
    """One bot for each of ``count`` other seats, from the ``opponents`` option: a name
    makes a new bot for each seat it is given for; a bot, or a policy callable (in a
    :class:`~zhengshangyou.envs.policy.PolicyBot`), is used as it is, never copied,
    at every seat it is given for."""
    items: list[object]
    _no_class(opponents)
    if isinstance(opponents, (str, Bot)) or _is_policy(opponents):
        items = [opponents] * count
    elif isinstance(opponents, Sequence):
        items = list(opponents)
        if len(items) != count:
            raise ZhengShangyouError(
                f"opponents lists {len(items)} bots; there are {count} other seats"
            )
    else:
        raise WrongTypeError(
            "opponents must be a bot name, a bot, a policy (observation_array, mask) -> id,"
            f" or a list of them, not {brief_repr(opponents)}",
            argument="opponents",
        )
    bots: list[Bot] = []
    wrapped: dict[int, Bot] = {}  # (one PolicyBot for a policy given for several seats)
    for item in items:
        _no_class(item)
        if isinstance(item, str):
            make = BOTS.get(item)
            if make is None:
                raise ZhengShangyouError(
                    f"no bot is named {item!r}: the names are {', '.join(BOTS)}"
                )
            bots.append(make())
        elif isinstance(item, Bot):
            bots.append(item)  # used, not copied: self-play plays the policy as it is now
        elif _is_policy(item):
            bots.append(wrapped.setdefault(id(item), PolicyBot(item)))  # type: ignore[arg-type]
        else:
            raise WrongTypeError(
                "an opponent is a bot name, a bot or a policy (observation_array, mask) -> id,"
                f" not {brief_repr(item)}",
                argument="opponents",
            )
    return bots


def _is_policy(item: object) -> bool:
    """Whether ``item`` is a policy callable: callable, and neither a bot nor a class."""
    return callable(item) and not isinstance(item, (str, Bot, type))


def _no_class(item: object) -> None:
    """Refuse a class (``RandomBot`` itself is callable, and has a ``choose``): an
    instance is wanted."""
    if isinstance(item, type):
        raise WrongTypeError(
            f"an opponent is a bot, not the class {item.__name__}: pass {item.__name__}()",
            argument="opponents",
        )


def _one_of(value: object, argument: str, choices: tuple[object, ...]) -> None:
    if value not in choices:
        raise ZhengShangyouError(
            f"{argument} must be one of {', '.join(map(repr, choices))}, not {brief_repr(value)}"
        )


class VsBotsEnv(gymnasium.Env[ObsType, np.int64]):
    """One seat of a match against library bots, as a Gymnasium environment (see the
    module docstring for the options, the rewards and illegal actions).

    >>> env = VsBotsEnv(opponents=["random", "greedy", "heuristic"], hands=2,
    ...                 exchange="highest_for_any")
    >>> env.action_space, env.observation_space["observation"].shape
    (Discrete(554), (250,))
    >>> seen, info = env.reset(seed=7)
    >>> total = 0.0
    >>> terminated = False
    >>> while not terminated:
    ...     legal = seen["action_mask"].nonzero()[0]
    ...     seen, reward, terminated, truncated, info = env.step(int(legal[-1]))
    ...     total += float(reward)
    >>> total == info["scores"][env.seat], info["hand_number"]
    (True, 1)
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        opponents: str | Bot | Policy | Sequence[str | Bot | Policy] = "random",
        seat: int | Literal["random"] = 0,
        preset: str | None = None,
        hands: int = 1,
        render_mode: Literal["ansi", "human"] | None = None,
        illegal_action: Literal["end", "raise"] = "end",
        **rule_options: Any,
    ) -> None:
        rules = rules_of(preset, **rule_options)
        if seat != "random":
            seat = check_int(seat, "seat")
            if not 0 <= seat < rules.players:
                raise ZhengShangyouError(
                    f"seat must be 'random' or 0 to {rules.players - 1}, not {seat}"
                )
        _one_of(render_mode, "render_mode", (None, "ansi", "human"))
        _one_of(illegal_action, "illegal_action", ("end", "raise"))
        low, high = observation_bounds(rules, hands)
        self._rules = rules
        self._seat_option = seat
        self._seat = 0 if seat == "random" else seat
        self.hands = hands
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self._templates = _bots(opponents, rules.players - 1)
        self._bots: dict[int, Bot] = {}
        self._actions = ActionSpace(rules)
        size = self._actions.size
        # A Dict space is a Space of dict[str, Any]: its entries are the arrays of ObsType.
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(low, high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(size)
        self._game: Game | None = None
        self._seen: Observation | None = None
        self._moves: dict[int, Move] = {}
        self._over = True
        self._pending = 0

    # --- what the environment is -------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules of every episode.

        >>> VsBotsEnv(preset="winner", players=3).rules.players
        3
        """
        return self._rules

    @property
    def actions(self) -> ActionSpace:
        """The ids of the action space: :meth:`ActionSpace.label
        <zhengshangyou.actionspace.ActionSpace.label>` names one.

        >>> VsBotsEnv().actions.label(445)
        'pass'
        """
        return self._actions

    @property
    def seat(self) -> int:
        """The agent's seat in the current episode (drawn at each reset with
        ``seat="random"``).

        >>> env = VsBotsEnv(seat="random", players=8)
        >>> _ = env.reset(seed=3)
        >>> 0 <= env.seat < 8
        True
        """
        return self._seat

    @property
    def game(self) -> Game:
        """The game of the current episode, every seat's cards included: for tests and
        analysis, not for the agent, whose view is its observation.

        >>> env = VsBotsEnv()
        >>> _ = env.reset(seed=2)
        >>> env.game.to_act == env.seat
        True
        """
        if self._game is None:
            raise gymnasium.error.ResetNeeded("no episode yet: call reset() first")
        return self._game

    @property
    def opponents(self) -> dict[int, Bot]:
        """The bot at each other seat in the current episode.

        >>> env = VsBotsEnv(opponents="greedy", players=3, seat=1)
        >>> _ = env.reset(seed=0)
        >>> sorted(env.opponents)
        [0, 2]
        """
        return dict(self._bots)

    # --- the Gymnasium API ---------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsType, dict[str, Any]]:
        """Deal a new match (from the environment's generator, seeded by ``seed``) and
        play the bots until the agent is to act; the observation and the info.

        >>> env = VsBotsEnv()
        >>> first, _ = env.reset(seed=5)
        >>> again, _ = env.reset(seed=5)
        >>> bool((first["observation"] == again["observation"]).all())
        True
        """
        super().reset(seed=check_seed(seed))  # (checked first: a refused seed changes nothing)
        while True:
            self._deal()
            self._pending, ended = self._advance()
            # A deal whose whole episode ends before the agent's first move (a leader
            # going out in one play under end="first_out") gives the agent nothing
            # to do: deal again. Hands that end before it, in a longer episode,
            # count in the first step's reward.
            if not self._over:
                break
        self._show()
        return self._observe(), self._info(ended)

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObsType, SupportsFloat, bool, bool, dict[str, Any]]:
        """Make the agent's move ``action`` (an id), then the bots' until the agent is
        to act again or the episode ends: observation, reward, terminated, truncated
        (never) and info.

        >>> env = VsBotsEnv()
        >>> seen, _ = env.reset(seed=5)
        >>> illegal = int(seen["action_mask"].argmin())
        >>> _, reward, terminated, _, info = env.step(illegal)
        >>> reward, terminated, info["illegal_action"]
        (-42.0, True, True)
        """
        if self._game is None or self._over:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset() first")
        if isinstance(action, bool):
            raise WrongTypeError(f"an action id is an int, not {brief_repr(action)}", argument="action")
        try:
            index = operator.index(action)
        except TypeError:
            raise WrongTypeError(
                f"an action id is an int, not {brief_repr(action)}", argument="action"
            ) from None
        move = self._moves.get(index)
        if move is None:
            if self.illegal_action == "raise" or not 0 <= index < self._actions.size:
                assert self._seen is not None
                self._actions.decode(index, self._seen)  # raises, naming the id
            self._over = True
            info = self._info(())
            info["illegal_action"] = True
            return self._observe(), float(self._rules.score_bounds[0]), True, False, info
        self._game.play(move)
        reward, ended = self._advance()
        reward += self._pending
        self._pending = 0
        self._show()
        return self._observe(), float(reward), self._over, False, self._info(ended)

    def render(self) -> str | None:
        """The agent's observation as text (its own hand and the public facts only):
        returned with ``render_mode="ansi"``, printed to standard output with
        ``"human"`` (which also prints it after every reset and step, as Gymnasium's
        ``"human"`` mode does), ``None`` without a render mode.

        >>> env = VsBotsEnv(render_mode="ansi", players=2)
        >>> _ = env.reset(seed=1)
        >>> print(env.render().splitlines()[0])
        hand 1 of 1, play: seat 0 (you) to act
        """
        if self.render_mode is None or self._seen is None:
            return None
        text = _text(self._seen, self.hands, [self._actions.label(i) for i in self._moves])
        if self.render_mode == "ansi":
            return text
        print(text, end="\n\n")
        return None

    def _show(self) -> None:
        """Under ``render_mode="human"``, print the agent's view (after a reset or a step)."""
        if self.render_mode == "human":
            self.render()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """For each id of the action space, whether the agent may choose it now: the
        ``"action_mask"`` of the last observation as booleans, the method that
        sb3-contrib's ``MaskablePPO`` looks for (``get_action_masks(env)``). Once the
        episode is over, the pass id alone (see the module docstring: a mask is
        never empty).

        >>> env = VsBotsEnv()
        >>> seen, _ = env.reset(seed=5)
        >>> bool((env.action_masks() == seen["action_mask"].astype(bool)).all())
        True
        >>> env.action_masks().dtype, env.action_masks().shape
        (dtype('bool'), (446,))
        """
        if self._game is None:
            raise gymnasium.error.ResetNeeded("no episode yet: call reset() first")
        return self._mask().astype(np.bool_)

    # --- the match -----------------------------------------------------------------------

    def _deal(self) -> None:
        rng = self.np_random
        players = self._rules.players
        if self._seat_option == "random":
            self._seat = int(rng.integers(players))
        self._game = Game(self._rules, seed=int(rng.integers(_SEED_RANGE)))
        self._bots = {}
        reset: set[int] = set()
        for place, bot in enumerate(self._templates):
            reseed: Callable[[int], object] | None = getattr(bot, "reset", None)
            if reseed is not None and id(bot) not in reset:
                # A RandomBot: seeded from the environment's generator, once an episode
                # (a bot given for several seats is one bot).
                reseed(int(rng.integers(_SEED_RANGE)))
                reset.add(id(bot))
            self._bots[(self._seat + 1 + place) % players] = bot
        self._over = False

    def _advance(self) -> tuple[int, list[HandResult]]:
        """Play the bots (and deal the episode's next hands) until the agent is to act
        or the episode ends: the agent's score in the hands that ended, and their results."""
        game = self.game
        reward = 0
        ended: list[HandResult] = []
        while True:
            state = game.state
            if state.phase.is_over:
                result = state.result
                assert result is not None
                ended.append(result)
                reward += result.scores[self._seat]
                if state.phase is Phase.MATCH_OVER or played_hands(state.results, self._rules) >= self.hands:
                    self._over = True
                    break
                game.next_hand()
                continue
            seat = state.to_act
            if seat == self._seat:
                break
            game.play(self._bots[seat].choose(game.observation(seat)))
        self._seen = game.observation(self._seat)
        self._moves = self._actions.moves(self._seen)
        return reward, ended

    def _mask(self) -> npt.NDArray[np.int8]:
        """:func:`~zhengshangyou.envs.action_mask` of the agent's observation, from the
        legal moves already listed; the pass id alone once no move is left (the
        episode is over: see the module docstring)."""
        mask = np.zeros(self._actions.size, dtype=np.int8)
        mask[list(self._moves) or self._actions.pass_id] = 1
        return mask

    def _observe(self) -> ObsType:
        assert self._seen is not None
        return {"observation": encode(self._seen), "action_mask": self._mask()}

    def _info(self, ended: Sequence[HandResult]) -> dict[str, Any]:
        """What the agent may know besides its observation: its seat, the hand's number,
        the match scores by seat, the results of the hands that ended, and the mask."""
        seen = self._seen
        assert seen is not None
        return {
            "action_mask": self._mask(),
            "seat": self._seat,
            "hand_number": seen.hand_number,
            "scores": seen.scores,
            "hand_results": tuple(ended),
            "illegal_action": False,
        }


def _text(seen: Observation, hands: int, legal: list[str]) -> str:
    """The ``"ansi"`` rendering of an observation."""
    players = seen.rules.players

    def name(seat: int) -> str:
        return f"seat {seat} (you)" if seat == seen.seat else f"seat {seat}"

    doing = f"{name(seen.to_act)} to act" if seen.to_act >= 0 else "over"
    lines = [
        f"hand {seen.hand_number + 1} of {hands}, {seen.phase.value}: {doing}",
        f"your hand: {seen.hand or '-'}",
        "cards held: " + ", ".join(f"{name(seat)} {seen.counts[seat]}" for seat in range(players)),
    ]
    if seen.top is not None:
        lines.append(f"to beat: {seen.top} by {name(seen.top_seat)}")
    if seen.history:
        recent = seen.history[-players:]
        lines.append("last moves: " + "; ".join(f"{name(a.seat)} {a.move}" for a in recent))
    lines.append("scores: " + ", ".join(f"{name(seat)} {seen.scores[seat]}" for seat in range(players)))
    if legal:
        lines.append(f"legal ({len(legal)}): " + ", ".join(legal))
    return "\n".join(lines)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="zhengshangyou.envs.gymnasium:VsBotsEnv")
