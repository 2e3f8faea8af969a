"""Simulations: many seeded hands between bots, on one core or on any executor.

:func:`simulate` plays ``games`` independent hands; hand ``i`` is dealt from
a seed derived from ``(seed, i)``, and before it every seat's bot is reset
with a seed derived from the hand and the seat (``reset(seed)``, see
:class:`~zhengshangyou.bots.Bot`; a bot without ``reset`` is a fresh deep copy
of the one passed in, every hand), so the results depend only on ``seed`` and
never on how the hands were spread over workers and batches. Any
:class:`concurrent.futures.Executor` runs them: a process pool on one machine,
or a cluster's executor, unchanged.

>>> from zhengshangyou.bots import GreedyBot, RandomBot
>>> result = simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], games=20, seed=1)
>>> result.games, sum(seat.wins for seat in result.seats)
(20, 20)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor

import attrs

from zhengshangyou.bots import Bot, ResettableBot
from zhengshangyou.errors import ZhengShangyouError, check_int
from zhengshangyou.game import SEED_LIMIT, State
from zhengshangyou.rules import Rules, check_rules

__all__ = ["GameOutcome", "SeatResult", "SimulationResult", "simulate", "wilson_interval"]


@attrs.frozen
class GameOutcome:
    """One simulated hand: the finishing order, the scores and each seat's moves.

    >>> GameOutcome(finishing_order=(2, 0, 1), scores=(-1, -5, 6), moves=(9, 7, 8)).winner
    2
    """

    finishing_order: tuple[int, ...]
    scores: tuple[int, ...]
    moves: tuple[int, ...]

    @property
    def winner(self) -> int:
        """The first seat out.

        >>> GameOutcome((1, 0), (2, -2), (5, 4)).winner
        1
        """
        return self.finishing_order[0]


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    margin = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@attrs.frozen
class SeatResult:
    """One seat's results over a simulation.

    >>> SeatResult(seat=0, bot="GreedyBot()", games=10, wins=4, total_score=12, total_moves=150).win_rate
    0.4
    """

    seat: int
    bot: str
    games: int
    wins: int
    total_score: int
    total_moves: int

    @property
    def win_rate(self) -> float:
        """The share of hands this seat went out first.

        >>> SeatResult(seat=1, bot="x", games=4, wins=1, total_score=0, total_moves=0).win_rate
        0.25
        """
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`win_rate`.

        >>> low, high = SeatResult(seat=1, bot="x", games=100, wins=50, total_score=0, total_moves=0).interval
        >>> low < 0.5 < high
        True
        """
        return wilson_interval(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        """The mean score per hand.

        >>> SeatResult(seat=1, bot="x", games=4, wins=1, total_score=-6, total_moves=0).mean_score
        -1.5
        """
        return self.total_score / self.games if self.games else 0.0

    @property
    def mean_moves(self) -> float:
        """The mean number of moves (plays and passes) this seat made per hand.

        >>> SeatResult(seat=1, bot="x", games=4, wins=1, total_score=0, total_moves=30).mean_moves
        7.5
        """
        return self.total_moves / self.games if self.games else 0.0


@attrs.frozen
class SimulationResult:
    """Every seat's results and every hand's outcome.

    >>> from zhengshangyou.bots import RandomBot
    >>> result = simulate([RandomBot()] * 3, Rules(players=3), games=4, seed=2)
    >>> len(result.outcomes), [seat.seat for seat in result.seats]
    (4, [0, 1, 2])
    """

    rules: Rules
    seed: int
    outcomes: tuple[GameOutcome, ...]
    seats: tuple[SeatResult, ...]

    @property
    def games(self) -> int:
        """The number of hands played.

        >>> from zhengshangyou.bots import GreedyBot
        >>> simulate([GreedyBot()] * 4, games=3, seed=1).games
        3
        """
        return len(self.outcomes)

    @property
    def mean_hand_length(self) -> float:
        """The mean number of moves in a hand, every seat together.

        >>> from zhengshangyou.bots import GreedyBot
        >>> simulate([GreedyBot()] * 4, games=3, seed=1).mean_hand_length > 13
        True
        """
        if not self.outcomes:
            return 0.0
        return sum(sum(outcome.moves) for outcome in self.outcomes) / len(self.outcomes)

    def table(self) -> str:
        """A plain-text table of the results, one row per seat.

        >>> from zhengshangyou.bots import RandomBot
        >>> print(simulate([RandomBot()] * 2, Rules(players=2), games=2, seed=0).table().splitlines()[0])
        seat  bot                    win rate   95% interval     mean score  moves/hand
        """
        lines = [
            f"{'seat':<6}{'bot':<23}{'win rate':<11}{'95% interval':<17}{'mean score':>10}  moves/hand"
        ]
        for seat in self.seats:
            low, high = seat.interval
            lines.append(
                f"{seat.seat:<6}{seat.bot[:22]:<23}{seat.win_rate:<11.3f}"
                f"{f'{low:.3f}-{high:.3f}':<17}{seat.mean_score:>10.2f}  {seat.mean_moves:.1f}"
            )
        return "\n".join(lines)


def _game_seed(seed: int, number: int) -> int:
    """The seed that deals hand ``number`` of the simulation ``seed``: one the game
    accepts (R2.3).

    >>> _game_seed(0, 5), _game_seed(1, 0)
    (5, 1000003)
    """
    return (seed * 1_000_003 + number) % SEED_LIMIT


def _bot_seed(game_seed: int, seat: int) -> int:
    """The seed ``seat``'s bot is reset with before the hand dealt from ``game_seed``.

    >>> _bot_seed(5, 2)
    157
    """
    return game_seed * 31 + seat


class _Seat:
    """One seat's bot for a run of hands: the bot passed in (never changed), and,
    when it has ``reset``, one working copy of it, made once and reset before every
    hand; without ``reset``, every hand gets a fresh deep copy instead."""

    __slots__ = ("bot", "template")

    def __init__(self, template: Bot) -> None:
        self.template = template
        self.bot = copy.deepcopy(template) if isinstance(template, ResettableBot) else None

    def ready(self, seed: int) -> Bot:
        """The bot to play the next hand, reset with ``seed``."""
        if self.bot is None:
            return copy.deepcopy(self.template)
        self.bot.reset(seed)
        return self.bot


class _Table:
    """The hands of one simulation ``seed`` played with one set of seats: the
    bots are copied once for the whole run of hands, not once a hand."""

    __slots__ = ("rules", "seats", "seed")

    def __init__(self, bots: Sequence[Bot], rules: Rules, seed: int) -> None:
        self.rules, self.seed = rules, seed
        self.seats = [_Seat(bot) for bot in bots]  # a copy per seat, also for one bot in two seats

    def play(self, number: int) -> GameOutcome:
        """Hand ``number`` of the simulation, played to its end."""
        game_seed = _game_seed(self.seed, number)
        players = [seat.ready(_bot_seed(game_seed, place)) for place, seat in enumerate(self.seats)]
        state = State.new(self.rules, seed=game_seed)
        # The bot asked is the seat to act's, so State.play's seat check is not needed.
        while not state.hand_state.phase.is_over:
            seat = state.trick.to_act
            state = state.play(players[seat].choose(state.observation(seat)))
        moves = [0] * len(players)
        for action in state.log:
            moves[action.seat] += 1
        result = state.result
        assert result is not None
        return GameOutcome(result.finishing_order, result.scores, tuple(moves))

    def play_batch(self, numbers: Iterable[int]) -> list[GameOutcome]:
        """Hands ``numbers`` of the simulation, in order."""
        return [self.play(number) for number in numbers]


def play_hand(bots: Sequence[Bot], rules: Rules, seed: int, number: int) -> GameOutcome:
    """Play hand ``number`` of the simulation ``seed`` to its end, as :func:`simulate`
    plays it (``bots`` are copied, never changed).

    >>> from zhengshangyou.bots import GreedyBot
    >>> outcome = play_hand([GreedyBot()] * 4, Rules(), seed=0, number=0)
    >>> sorted(outcome.finishing_order)
    [0, 1, 2, 3]
    """
    return _Table(bots, rules, seed).play(number)


def _play_batch(job: tuple[Sequence[Bot], Rules, int, range]) -> list[GameOutcome]:
    """A batch of hands on a worker: the bots copied once for the batch."""
    bots, rules, seed, numbers = job
    return _Table(bots, rules, seed).play_batch(numbers)


def simulate(
    bots: Sequence[Bot],
    rules: Rules | None = None,
    games: int = 100,
    seed: int = 0,
    executor: Executor | None = None,
    *,
    batch: int = 50,
    progress: Callable[[int], object] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded hands with ``bots[i]`` at seat ``i`` and gather the results.

    The same ``seed`` gives the same results, with or without ``executor`` (any
    :class:`concurrent.futures.Executor`; the bots and rules must then be
    picklable), whatever ``batch``. ``progress`` is called with the number of
    hands finished after each batch of ``batch`` hands. The bots passed in are
    never changed: each seat gets a copy once per batch (once in all without
    ``executor``), reset before every hand with a seed of its own
    (:class:`~zhengshangyou.bots.ResettableBot`); a bot without ``reset`` is
    deep-copied for every hand instead.

    >>> from zhengshangyou.bots import RandomBot
    >>> first = simulate([RandomBot()] * 4, games=10, seed=3)
    >>> first == simulate([RandomBot()] * 4, games=10, seed=3)
    True
    """
    rules = Rules() if rules is None else check_rules(rules)
    if len(bots) != rules.players:
        raise ZhengShangyouError(f"{len(bots)} bots for {rules.players} players (R2.1)", rule="R2.1")
    check_int(seed, "seed", rule="R2.3")
    if check_int(games, "games") < 0 or check_int(batch, "batch") < 1:
        raise ZhengShangyouError(f"games must be at least 0 and batch at least 1, not {games} and {batch}")
    batches = [range(start, min(start + batch, games)) for start in range(0, games, batch)]
    results: Iterator[list[GameOutcome]]
    if executor is None:
        results = map(_Table(bots, rules, seed).play_batch, batches)  # one set of copies for all
    else:
        jobs = [(tuple(bots), rules, seed, numbers) for numbers in batches]
        results = executor.map(_play_batch, jobs)
    outcomes: list[GameOutcome] = []
    for finished in results:
        outcomes.extend(finished)
        if progress is not None:
            progress(len(outcomes))
    players = rules.players
    wins, scores, moves = [0] * players, [0] * players, [0] * players
    for outcome in outcomes:
        wins[outcome.finishing_order[0]] += 1
        for seat in range(players):
            scores[seat] += outcome.scores[seat]
            moves[seat] += outcome.moves[seat]
    seats = tuple(
        SeatResult(
            seat=seat,
            bot=repr(bot),
            games=len(outcomes),
            wins=wins[seat],
            total_score=scores[seat],
            total_moves=moves[seat],
        )
        for seat, bot in enumerate(bots)
    )
    return SimulationResult(rules, seed, tuple(outcomes), seats)
