"""Simulations: many seeded hands between bots, on one core or on any executor.

:func:`simulate` plays ``games`` independent hands; game ``i`` is dealt from
the seed ``(seed, i)`` and every bot is a fresh copy of its template, reset
with its own seed, so the results depend only on ``seed`` and never on how the
games were spread over workers. Any :class:`concurrent.futures.Executor` runs
them: a process pool on one machine, or a cluster's executor, unchanged.

>>> from zhengshangyou.bots import GreedyBot, RandomBot
>>> result = simulate([GreedyBot(), RandomBot(), RandomBot(), RandomBot()], games=20, seed=1)
>>> result.games, sum(seat.wins for seat in result.seats)
(20, 20)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor

import attrs

from zhengshangyou.bots import Bot
from zhengshangyou.errors import ZhengShangyouError, check_int
from zhengshangyou.game import SEED_LIMIT, Game
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


def _reset(bot: Bot, seed: int) -> Bot:
    """A fresh copy of ``bot``, reset with ``seed`` when it takes one."""
    fresh = copy.deepcopy(bot)
    reset: Callable[[int], object] | None = getattr(fresh, "reset", None)
    if reset is not None:
        reset(seed)
    return fresh


def play_hand(bots: Sequence[Bot], rules: Rules, seed: int, number: int) -> GameOutcome:
    """Play hand ``number`` of the simulation ``seed`` to its end.

    >>> from zhengshangyou.bots import GreedyBot
    >>> outcome = play_hand([GreedyBot()] * 4, Rules(), seed=0, number=0)
    >>> sorted(outcome.finishing_order)
    [0, 1, 2, 3]
    """
    game_seed = (seed * 1_000_003 + number) % SEED_LIMIT  # a seed the game accepts (R2.3)
    players = [_reset(bot, game_seed * 31 + seat) for seat, bot in enumerate(bots)]
    game = Game(rules, seed=game_seed)
    moves = [0] * rules.players
    while not game.is_hand_over:
        seat = game.to_act
        game.play(players[seat].choose(game.observation(seat)), seat=seat)
        moves[seat] += 1
    result = game.state.result
    assert result is not None
    return GameOutcome(result.finishing_order, result.scores, tuple(moves))


def _play_batch(job: tuple[Sequence[Bot], Rules, int, range]) -> list[GameOutcome]:
    bots, rules, seed, numbers = job
    return [play_hand(bots, rules, seed, number) for number in numbers]


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
    picklable). ``progress`` is called with the number of hands finished after
    each batch of ``batch`` hands.

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
    jobs = [
        (tuple(bots), rules, seed, range(start, min(start + batch, games)))
        for start in range(0, games, batch)
    ]
    outcomes: list[GameOutcome] = []
    results: Iterator[list[GameOutcome]] = (
        map(_play_batch, jobs) if executor is None else executor.map(_play_batch, jobs)
    )
    for finished in results:
        outcomes.extend(finished)
        if progress is not None:
            progress(len(outcomes))
    seats = tuple(
        SeatResult(
            seat=seat,
            bot=repr(bot),
            games=len(outcomes),
            wins=sum(1 for outcome in outcomes if outcome.winner == seat),
            total_score=sum(outcome.scores[seat] for outcome in outcomes),
            total_moves=sum(outcome.moves[seat] for outcome in outcomes),
        )
        for seat, bot in enumerate(bots)
    )
    return SimulationResult(rules, seed, tuple(outcomes), seats)
