"""Tournaments: bots compared on duplicate deals, rated, on one core or on any executor.

:func:`tournament` plays every deal several times with the bots rotated through
the seats, so that each bot of a table plays every seat of that deal, with the
same cards as every other bot had there: the luck of the deal cancels out of
the comparisons, which is what makes short tournaments between bots of close
strength meaningful (*duplicate* play, as in duplicate bridge).

The schedule
    With ``N`` seats and ``B`` bots (``B >= N``), deal ``d`` gets a *table*: ``N``
    of the bots in a cyclic order, and is played ``N`` times, rotation ``r``
    seating the table's bot ``i`` at seat ``(i + r) % N``. With ``B == N`` the
    table is every bot, in an order shuffled for each deal from the seed (so
    who sits after whom varies). With ``B > N`` the deals come in *cycles* of
    ``B`` deals: a cycle shuffles the bots into a circle from the seed, and its
    deal ``j`` seats the ``N`` consecutive bots of the circle from position
    ``j``; so in every cycle each bot plays ``N`` of the ``B`` deals, each of
    them at every seat once, and over many cycles every two bots share deals
    equally often on average. ``hands`` is rounded up to whole cycles (``N``
    hands a cycle when ``B == N``, ``N * B`` otherwise): then every bot plays
    every seat equally often, and every seat of each of its deals.

Dou Dizhu
    In a game with a landlord every standing also counts the hands each bot was
    the landlord and a peasant, and how many of those its side won; a deal
    that nobody bids for is thrown in (D3.3): under ``all_pass="void"`` it is
    recorded as a thrown-in hand (no finishing order, every score 0), under
    ``"redeal"`` the game deals the next hand at once and the tournament plays
    it as part of the same deal (``redeals`` counts the deals thrown in first;
    after :data:`REDEAL_LIMIT` of them running the hand is recorded as thrown in).

Fresh bots
    Every hand builds its bots anew (a factory called with a seed, see
    :func:`tournament`), seeded from ``(seed, deal, seat)``: the same seat of the
    same deal gets the same seed, whichever bot sits there. So the results
    depend on ``seed`` alone, never on the executor or on the order of the work,
    and two copies of one deterministic bot replay a deal identically from every
    seat.

The statistics
    A bot's *mean score per hand* has a 95% interval by the normal
    approximation, taking the bot's deals as the independent units (the hands
    of one deal share its cards, so they are not independent): mean ± 1.96 ·
    s / √D over its ``D`` deals, ``s`` the sample standard deviation of its
    mean score per hand in each deal. Its *win rate* is the share of its hands
    it won, with the Wilson interval
    (:func:`~zhengshangyou.simulate.wilson_interval`): it went out first, or, in
    a game with a landlord, its side did (D4.2, D8.1); a hand thrown in because
    nobody bid (D3.3) counts in the mean score (0) but not in the win rate or
    the places. Two bots' *difference*
    is paired: over the deals both played, the mean over those deals of (the
    first's mean score per hand in the deal − the second's), with the same
    normal interval.

The ratings
    Bradley–Terry strengths from the finishing orders: in every hand, each bot
    finished ahead of each bot that went out after it, one comparison a pair
    of seats. The strengths ``p`` maximise the likelihood of those comparisons
    under ``P(a ahead of b) = p_a / (p_a + p_b)``, fitted by Hunter's MM
    iteration (2004), with a prior of one drawn comparison (half a win each
    way) between every two bots (in a game with a landlord, the comparisons are
    between the sides only: each bot of the winning side is ahead of each bot
    of the other, D8.1), which keeps a bot that never won (or never
    lost) finite and ties together bots that never met. They are reported on
    the Elo scale: ``1500 + 400 log10 p``, with mean 1500, so that a lead of
    400 points means the odds of finishing ahead are 10 to 1.

>>> result = tournament(["greedy", "random", "random", "random"], hands=8, seed=1)
>>> result.hands, result.deals, [standing.name for standing in result.standings][0]
(8, 2, 'greedy')
"""

from __future__ import annotations

import copy
import functools
import hashlib
import inspect
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from typing import Any, TypeAlias

import attrs

from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot, ResettableBot
from zhengshangyou.errors import WrongTypeError, ZhengShangyouError, brief_repr, check_int
from zhengshangyou.game import SEED_LIMIT, State
from zhengshangyou.rules import Rules, check_rules
from zhengshangyou.scoring import HandResult
from zhengshangyou.simulate import wilson_interval

__all__ = [
    "BOT_NAMES",
    "REDEAL_LIMIT",
    "Pairing",
    "Standing",
    "TournamentHand",
    "TournamentResult",
    "bot_from_name",
    "bradley_terry",
    "check_bot_name",
    "normal_interval",
    "schedule",
    "tournament",
]

#: A bot for a tournament: a name :func:`bot_from_name` knows, a bot (copied for
#: every hand), a bot class, or a factory called with a seed.
BotEntry: TypeAlias = "str | Bot | type[Bot] | Callable[[int], Bot]"

_PLAIN: dict[str, Callable[[int | None], Bot]] = {
    "heuristic": lambda seed: HeuristicBot(),
    "greedy": lambda seed: GreedyBot(),
    "random": lambda seed: RandomBot(seed=seed),
}
#: The most deals in a row a tournament hand may throw in under ``all_pass="redeal"``
#: (D3.3) before it is recorded as thrown in: bots that never bid end too.
REDEAL_LIMIT = 100

#: The search bots of :mod:`zhengshangyou.search`, with the name of their budget.
_SEARCH = {"ismcts": "ITERATIONS", "montecarlo": "ROLLOUTS"}

BOT_NAMES: tuple[str, ...] = (*_PLAIN, *(f"{name}[:{budget}]" for name, budget in _SEARCH.items()))
"""The bots :func:`bot_from_name` builds, as they are typed (``ismcts:200``, ``ismcts``)."""


def check_bot_name(spec: str) -> str:
    """``spec`` without surrounding blanks, if :func:`bot_from_name` knows it;
    otherwise a :class:`~zhengshangyou.errors.ZhengShangyouError` listing the names.

    >>> check_bot_name(" ismcts:200 ")
    'ismcts:200'
    >>> check_bot_name("clever")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.ZhengShangyouError: unknown bot 'clever'; bots are heuristic, greedy, random, ismcts[:ITERATIONS], montecarlo[:ROLLOUTS]
    """
    if not isinstance(spec, str):
        raise WrongTypeError(f"a bot name must be a str, not {brief_repr(spec)}", argument="bots")
    spec = spec.strip()
    name, colon, budget = spec.partition(":")
    if name in _PLAIN and not colon:
        return spec
    if name not in _SEARCH:
        raise ZhengShangyouError(f"unknown bot {brief_repr(spec)}; bots are {', '.join(BOT_NAMES)}")
    if colon and not (budget.isascii() and budget.isdigit() and len(budget) < 10 and int(budget) > 0):
        raise ZhengShangyouError(
            f"bot {brief_repr(spec)}: {_SEARCH[name]} must be a whole number from 1 to 999999999"
        )
    return spec


def bot_from_name(spec: str, seed: int | None = None) -> Bot:
    """A new bot from its name (one of :data:`BOT_NAMES`), seeded with ``seed``
    when it uses randomness; ``ismcts:N`` and ``montecarlo:N`` give the search
    bots of :mod:`zhengshangyou.search` a budget of ``N`` iterations or rollouts
    a move (their default without ``:N``).

    >>> from zhengshangyou import Game
    >>> game = Game(seed=1)
    >>> bot_from_name("random", seed=3).choose(game.observation(game.to_act)) in game.legal_moves()
    True
    >>> bot_from_name("heuristic")
    HeuristicBot()
    """
    spec = check_bot_name(spec)
    name, _, budget = spec.partition(":")
    if name in _PLAIN:
        return _PLAIN[name](seed)
    from zhengshangyou.search import ISMCTSBot, MonteCarloBot  # only when asked for

    factory = {"ismcts": ISMCTSBot, "montecarlo": MonteCarloBot}[name]
    bot: Bot = factory(int(budget), seed=seed) if budget else factory(seed=seed)
    return bot


# --- what is recorded ---------------------------------------------------------


@attrs.frozen
class TournamentHand:
    """One hand of a tournament: the deal, the bot at each seat, how it ended.

    ``game_seed`` deals it again (``Game(rules, seed=game_seed)``) and
    ``bot_seeds[s]`` is the seed the bot at seat ``s`` was built with. In a game
    with a landlord, ``landlord`` is his seat (-1 when the hand was thrown in,
    and in other games) and ``redeals`` the deals thrown in before this hand's
    (D3.3: the game dealt the next at once, the moves of all of them counted in
    ``moves``); a hand thrown in has no finishing order.

    >>> hand = TournamentHand(deal=0, seats=("a", "b"), finishing_order=(1, 0), scores=(-5, 5),
    ...                       moves=12, game_seed=9, bot_seeds=(1, 2))
    >>> hand.place("b"), hand.score("a")
    (1, -5)
    """

    deal: int
    seats: tuple[str, ...]
    finishing_order: tuple[int, ...]
    scores: tuple[int, ...]
    moves: int
    game_seed: int
    bot_seeds: tuple[int, ...]
    landlord: int = -1
    redeals: int = 0

    @property
    def thrown_in(self) -> bool:
        """Whether nobody bid for the hand (D3.3): no finishing order, every score 0.

        >>> TournamentHand(0, ("a", "b", "c"), (), (0, 0, 0), 3, 9, (1, 2, 3)).thrown_in
        True
        """
        return not self.finishing_order

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won: the first out, with his side in a game with a landlord
        (D4.2, D8.1); none when the hand was thrown in.

        >>> TournamentHand(0, ("a", "b", "c"), (2, 1, 0), (-2, 1, 1), 40, 9, (1, 2, 3), landlord=0).winners
        (1, 2)
        """
        if self.thrown_in:
            return ()
        first = self.finishing_order[0]
        if self.landlord < 0 or first == self.landlord:
            return (first,)
        return tuple(seat for seat in range(len(self.seats)) if seat != self.landlord)

    def place(self, name: str) -> int:
        """Where the bot ``name`` finished: 1 for the first out; 0 when the hand
        was thrown in (D3.3).

        >>> TournamentHand(0, ("a", "b"), (1, 0), (-5, 5), 12, 9, (1, 2)).place("a")
        2
        """
        if self.thrown_in:
            return 0
        return self.finishing_order.index(self.seats.index(name)) + 1

    def score(self, name: str) -> int:
        """The score of the bot ``name`` in this hand.

        >>> TournamentHand(0, ("a", "b"), (1, 0), (-5, 5), 12, 9, (1, 2)).score("b")
        5
        """
        return self.scores[self.seats.index(name)]


Interval: TypeAlias = "tuple[float, float]"


@attrs.frozen
class Standing:
    """One bot's results over a tournament (see the module docstring for the intervals).

    ``wins`` counts the hands it won (its side, in a game with a landlord);
    ``thrown_in`` the hands nobody bid for (D3.3), which count in ``hands`` and
    the mean score only; in a game with a landlord, ``landlord_hands`` and
    ``peasant_hands`` the hands it played as the landlord and as a peasant, and
    ``landlord_wins`` and ``peasant_wins`` how many of those its side won.

    >>> standing = Standing(name="greedy", rating=1550.0, hands=8, deals=2, total_score=12,
    ...                     score_interval=(-1.0, 4.0), wins=4, mean_place=1.75)
    >>> standing.mean_score, standing.win_rate
    (1.5, 0.5)
    """

    name: str
    rating: float
    hands: int
    deals: int
    total_score: int
    score_interval: Interval
    wins: int
    mean_place: float
    thrown_in: int = 0
    landlord_hands: int = 0
    landlord_wins: int = 0
    peasant_hands: int = 0
    peasant_wins: int = 0

    @property
    def mean_score(self) -> float:
        """The mean score per hand.

        >>> Standing("a", 1500.0, 4, 1, -6, (0.0, 0.0), 1, 2.5).mean_score
        -1.5
        """
        return self.total_score / self.hands if self.hands else 0.0

    @property
    def played(self) -> int:
        """The hands played out: all but those thrown in (D3.3).

        >>> Standing("a", 1500.0, 4, 1, -6, (0.0, 0.0), 1, 2.5, thrown_in=1).played
        3
        """
        return self.hands - self.thrown_in

    @property
    def win_rate(self) -> float:
        """The share of its hands played out that the bot won (went out first, or
        its side did in a game with a landlord).

        >>> Standing("a", 1500.0, 4, 1, -6, (0.0, 0.0), 1, 2.5).win_rate
        0.25
        """
        return self.wins / self.played if self.played else 0.0

    @property
    def win_interval(self) -> Interval:
        """The 95% Wilson interval of :attr:`win_rate`.

        >>> low, high = Standing("a", 1500.0, 100, 25, 0, (0.0, 0.0), 50, 2.5).win_interval
        >>> round(low, 3), round(high, 3)
        (0.404, 0.596)
        """
        return wilson_interval(self.wins, self.played)

    @property
    def landlord_win_rate(self) -> float:
        """The share of its hands as the landlord that it won (D8.1); 0 without any.

        >>> Standing("a", 1500.0, 9, 3, 6, (0.0, 0.0), 5, 1.8, landlord_hands=3, landlord_wins=2).landlord_win_rate
        0.6666666666666666
        """
        return self.landlord_wins / self.landlord_hands if self.landlord_hands else 0.0

    @property
    def peasant_win_rate(self) -> float:
        """The share of its hands as a peasant that its side won (D4.2); 0 without any.

        >>> Standing("a", 1500.0, 9, 3, 6, (0.0, 0.0), 5, 1.8, peasant_hands=6, peasant_wins=3).peasant_win_rate
        0.5
        """
        return self.peasant_wins / self.peasant_hands if self.peasant_hands else 0.0


@attrs.frozen
class Pairing:
    """Two bots compared on the deals both played: ``mean_difference`` is the
    first's mean score per hand less the second's (None when they never shared a
    deal), with its 95% interval; ``ahead`` and ``behind`` count the hands at one
    table in which the first finished ahead of the second, or behind.

    >>> Pairing("a", "b", deals=3, mean_difference=2.0, interval=(-1.0, 5.0), ahead=7, behind=5).flipped()
    Pairing(first='b', second='a', deals=3, mean_difference=-2.0, interval=(-5.0, 1.0), ahead=5, behind=7)
    """

    first: str
    second: str
    deals: int
    mean_difference: float | None
    interval: Interval
    ahead: int
    behind: int

    def flipped(self) -> Pairing:
        """The same comparison seen from the second bot.

        >>> Pairing("a", "b", 0, None, (-math.inf, math.inf), 0, 0).flipped().first
        'b'
        """
        difference = None if self.mean_difference is None else -self.mean_difference
        low, high = self.interval
        return Pairing(self.second, self.first, self.deals, difference, (-high, -low), self.behind, self.ahead)


@attrs.frozen
class TournamentResult:
    """Every hand of a tournament and what they say about the bots.

    ``names`` are the bots in the order given, ``standings`` the same bots by
    rating (highest first), ``pairings`` every two bots (in the order of
    ``names``), ``records`` every hand (by deal, then rotation).

    >>> result = tournament({"g": "greedy", "r": "random"}, Rules(players=2), hands=4, seed=2)
    >>> result.names, result.hands, result.pairing("r", "g").first
    (('g', 'r'), 4, 'r')
    """

    rules: Rules
    seed: int
    names: tuple[str, ...]
    records: tuple[TournamentHand, ...]
    standings: tuple[Standing, ...]
    pairings: tuple[Pairing, ...]

    @classmethod
    def from_records(
        cls, rules: Rules, seed: int, names: Sequence[str], records: Sequence[TournamentHand]
    ) -> TournamentResult:
        """The standings, ratings and pairings of the hands ``records`` between the
        bots ``names`` (how :func:`tournament` makes its result; the records of two
        tournaments with other seeds may be pooled so, when their deals are numbered
        apart).

        >>> hands = [TournamentHand(0, ("a", "b"), (0, 1), (4, -4), 20, 7, (1, 2)),
        ...          TournamentHand(0, ("b", "a"), (0, 1), (6, -6), 22, 7, (1, 2))]
        >>> result = TournamentResult.from_records(Rules(players=2), 0, ["a", "b"], hands)
        >>> result.standing("a").mean_score, result.pairing("a", "b").mean_difference
        (-1.0, -2.0)
        """
        names = tuple(names)
        records = tuple(records)
        tally = _Tally.of(names, records)
        ratings = bradley_terry(tally.ahead)
        standings = [tally.standing(bot, name, ratings[bot]) for bot, name in enumerate(names)]
        ranked = sorted(standings, key=lambda standing: -standing.rating)
        pairings = tuple(
            tally.pairing(first, second, names)
            for first in range(len(names))
            for second in range(first + 1, len(names))
        )
        return cls(rules, seed, names, records, tuple(ranked), pairings)

    @property
    def hands(self) -> int:
        """The number of hands played.

        >>> tournament(["greedy", "random"], Rules(players=2), hands=3).hands
        4
        """
        return len(self.records)

    @property
    def deals(self) -> int:
        """The number of deals played (each by one table, once from every seat).

        >>> tournament(["greedy", "random"], Rules(players=2), hands=3).deals
        2
        """
        return len({record.deal for record in self.records})

    @property
    def ratings(self) -> dict[str, float]:
        """Each bot's rating (Bradley–Terry on the Elo scale), highest first.

        >>> ratings = tournament(["greedy", "random"], Rules(players=2), hands=2).ratings
        >>> round(sum(ratings.values()) / len(ratings))
        1500
        """
        return {standing.name: standing.rating for standing in self.standings}

    def standing(self, name: str) -> Standing:
        """The standing of the bot ``name``.

        >>> tournament(["greedy", "random"], Rules(players=2), hands=2).standing("random").hands
        2
        """
        for standing in self.standings:
            if standing.name == name:
                return standing
        raise ZhengShangyouError(f"no bot {brief_repr(name)} in this tournament; bots are {', '.join(self.names)}")

    def pairing(self, first: str, second: str) -> Pairing:
        """The comparison of ``first`` with ``second`` (first less second).

        >>> result = tournament(["greedy", "random"], Rules(players=2), hands=2)
        >>> result.pairing("greedy", "random").mean_difference == -result.pairing("random", "greedy").mean_difference
        True
        """
        for pairing in self.pairings:
            if (pairing.first, pairing.second) == (first, second):
                return pairing
            if (pairing.second, pairing.first) == (first, second):
                return pairing.flipped()
        self.standing(first), self.standing(second)  # an unknown name is named
        raise ZhengShangyouError(f"a bot is not compared with itself: {brief_repr(first)}")

    def table(self) -> str:
        """The standings by rating, then the paired differences, as plain text.

        >>> print(tournament(["greedy", "random"], Rules(players=2), hands=2).table().splitlines()[0])
        rank  bot     rating  hands  mean score  95% interval     win rate  95% interval  place
        """
        width = max(len("bot"), *(len(name) for name in self.names)) + 2
        lines = [
            f"{'rank':<6}{'bot':<{width}}{'rating':>6}  {'hands':>5}  {'mean score':>10}  "
            f"{'95% interval':<17}{'win rate':<10}{'95% interval':<14}place"
        ]
        for rank, standing in enumerate(self.standings, 1):
            low, high = standing.win_interval
            lines.append(
                f"{rank:<6}{standing.name:<{width}}{standing.rating:>6.0f}  {standing.hands:>5}  "
                f"{standing.mean_score:>10.2f}  {_span(standing.score_interval):<17}"
                f"{standing.win_rate:<10.3f}{f'{low:.3f}-{high:.3f}':<14}{standing.mean_place:.2f}"
            )
        if self.rules.teams == "landlord":
            lines += ["", f"{'':<6}{'bot':<{width}}{'as landlord':<20}as peasant (hands its side won)"]
            for standing in self.standings:
                landlord = f"{standing.landlord_wins}/{standing.landlord_hands} ({standing.landlord_win_rate:.3f})"
                peasant = f"{standing.peasant_wins}/{standing.peasant_hands} ({standing.peasant_win_rate:.3f})"
                lines.append(f"{'':<6}{standing.name:<{width}}{landlord:<20}{peasant}")
            thrown = sum(1 for record in self.records if record.thrown_in)
            redeals = sum(record.redeals for record in self.records)
            lines.append(f"{thrown} hands thrown in, {redeals} deals thrown in and dealt again (nobody bid, D3.3)")
        lines += ["", "score difference per hand on the deals both played (95% interval):"]
        order = [standing.name for standing in self.standings]
        for at, first in enumerate(order):
            for second in order[at + 1 :]:
                lines.append(_pair_line(self.pairing(first, second), 2 * width + 3))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _span(interval: Interval) -> str:
    low, high = interval
    return f"{low:.2f} to {high:.2f}" if math.isfinite(high - low) else "-"


def _pair_line(pairing: Pairing, width: int) -> str:
    names = f"{pairing.first} - {pairing.second}"
    if pairing.mean_difference is None:
        return f"  {names:<{width}}never at one table"
    shared = pairing.ahead + pairing.behind
    return (
        f"  {names:<{width}}{pairing.mean_difference:>+8.2f}  {_span(pairing.interval):<17}"
        f"{pairing.deals} deals, ahead in {pairing.ahead} of {shared} hands"
    )


# --- the schedule -------------------------------------------------------------


def _derive(*parts: object) -> int:
    """A seed from 0 to 2**64 - 1 mixed from ``parts``, the same on every machine."""
    text = "/".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def _check_table(bots: int, players: int) -> None:
    if not 2 <= players <= bots:
        raise ZhengShangyouError(
            f"{bots} bots for {players} players: a tournament needs a bot a seat at least (R2.1)",
            rule="R2.1",
        )


def _cycle_deals(bots: int, players: int) -> int:
    return 1 if bots == players else bots


def schedule(bots: int, players: int, deals: int, seed: int = 0) -> tuple[tuple[int, ...], ...]:
    """The table of each deal: the indexes of its ``players`` bots among ``bots``, in
    the cyclic order of the rotations (rotation ``r`` seats ``table[i]`` at seat
    ``(i + r) % players``); see the module docstring.

    >>> schedule(3, 2, 3, seed=0)
    ((1, 0), (0, 2), (2, 1))
    >>> sorted(schedule(4, 4, 1, seed=5)[0])
    [0, 1, 2, 3]
    """
    _check_table(bots, players)
    cycle = _cycle_deals(bots, players)
    tables: list[tuple[int, ...]] = []
    circle: list[int] = []
    for deal in range(deals):
        number, position = divmod(deal, cycle)
        if position == 0:
            circle = list(range(bots))
            random.Random(_derive(seed, "circle", number)).shuffle(circle)
        tables.append(tuple(circle[(position + i) % bots] for i in range(players)))
    return tuple(tables)


def _seating(table: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """The bot at each seat in the rotation ``rotation`` of ``table``."""
    players = len(table)
    return tuple(table[(seat - rotation) % players] for seat in range(players))


# --- playing ------------------------------------------------------------------


def _construct(cls: type, takes_seed: bool, seed: int) -> Bot:
    bot: Bot = cls(seed=seed) if takes_seed else cls()
    return bot


class _Template:
    """The factory of a bot given as a bot: one working copy, reset before every
    hand, when the bot has ``reset(seed)`` (by that method's contract, see
    :class:`~zhengshangyou.bots.ResettableBot`, as good as a fresh copy); a deep
    copy for every hand when it has not. The bot given is never changed."""

    __slots__ = ("bot", "working")

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.working: Any = None

    def __call__(self, seed: int) -> Bot:
        if not isinstance(self.bot, ResettableBot):
            return copy.deepcopy(self.bot)
        if self.working is None:
            self.working = copy.deepcopy(self.bot)
        self.working.reset(seed)
        working: Bot = self.working
        return working

    def __getstate__(self) -> Bot:  # the working copy stays where it was made
        return self.bot

    def __setstate__(self, bot: Bot) -> None:
        self.bot, self.working = bot, None


def _factory(entry: object) -> Callable[[int], Bot]:
    """A picklable factory ``seed -> Bot`` for one entry of :func:`tournament`'s ``bots``."""
    if isinstance(entry, str):
        return functools.partial(bot_from_name, check_bot_name(entry))
    if isinstance(entry, type):
        try:
            takes_seed = "seed" in inspect.signature(entry).parameters
        except (TypeError, ValueError):  # no signature to read: built without a seed
            takes_seed = False
        return functools.partial(_construct, entry, takes_seed)
    if isinstance(entry, Bot):
        return _Template(entry)
    if callable(entry):
        factory: Callable[[int], Bot] = entry
        return factory
    raise WrongTypeError(
        f"a bot must be a bot name, a bot, a bot class or a factory of bots, not {brief_repr(entry)}",
        argument="bots",
    )


def _name(entry: object) -> str:
    if isinstance(entry, str):
        return check_bot_name(entry)
    if isinstance(entry, type) or (callable(entry) and not isinstance(entry, Bot)):
        return str(getattr(entry, "__name__", type(entry).__name__))
    return type(entry).__name__


def _entries(bots: object) -> dict[str, Callable[[int], Bot]]:
    """The bots by name, each as a factory (a sequence's repeated names numbered ``#2``...)."""
    if isinstance(bots, str):
        bots = bots.split(",")
    if isinstance(bots, Mapping):
        for name in bots:
            if not isinstance(name, str) or not name:
                raise WrongTypeError(f"a bot's name must be a non-empty str, not {brief_repr(name)}", argument="bots")
        return {name: _factory(entry) for name, entry in bots.items()}
    if not isinstance(bots, Sequence):
        raise WrongTypeError(f"bots must be a mapping or a sequence of bots, not {brief_repr(bots)}", argument="bots")
    entries: dict[str, Callable[[int], Bot]] = {}
    for entry in bots:
        base = name = _name(entry)
        number = 1
        while name in entries:
            number += 1
            name = f"{base}#{number}"
        entries[name] = _factory(entry)
    return entries


def _play_out(bots: Sequence[Bot], state: State) -> tuple[State, HandResult]:
    """The end of ``state``'s hand, each seat's moves chosen by its bot, and its
    result: played on through the deals that a hand thrown in deals at once (D3.3),
    up to :data:`REDEAL_LIMIT` of them."""
    start = state.match.hand_number
    while not state.hand_state.phase.is_over:
        if state.match.hand_number - start >= REDEAL_LIMIT:
            return state, state.match.results[-1]
        seat = state.trick.to_act
        state = state.play(bots[seat].choose(state.observation(seat)))
    result = state.result
    assert result is not None
    return state, result


_Job: TypeAlias = "tuple[tuple[Callable[[int], Bot], ...], tuple[str, ...], Rules, int, tuple[tuple[int, tuple[int, ...]], ...]]"


def _play_deals(job: _Job) -> list[TournamentHand]:
    """Play the deals of one job, each from every rotation of its table."""
    factories, names, rules, seed, deals = job
    players = rules.players
    hands: list[TournamentHand] = []
    for deal, table in deals:
        game_seed = _derive(seed, "deal", deal)
        bot_seeds = tuple(_derive(seed, "bot", deal, seat) for seat in range(players))
        for rotation in range(players):
            seating = _seating(table, rotation)
            bots = [factories[bot](bot_seeds[seat]) for seat, bot in enumerate(seating)]
            for seat, bot in enumerate(bots):
                if not isinstance(bot, Bot):
                    raise WrongTypeError(
                        f"the factory of {names[seating[seat]]!r} made {brief_repr(bot)}, not a bot",
                        argument="bots",
                    )
            end, result = _play_out(bots, State.new(rules, seed=game_seed))
            hands.append(
                TournamentHand(
                    deal=deal,
                    seats=tuple(names[bot] for bot in seating),
                    finishing_order=result.finishing_order,
                    scores=result.scores,
                    moves=sum(len(moves) for _, moves in end.history()),
                    game_seed=game_seed,
                    bot_seeds=bot_seeds,
                    landlord=result.landlord,
                    redeals=len(end.match.results) - 1,
                )
            )
    return hands


def tournament(
    bots: Mapping[str, BotEntry] | Sequence[BotEntry] | str,
    rules: Rules | None = None,
    *,
    hands: int,
    seed: int = 0,
    executor: Executor | None = None,
    batch: int = 8,
    progress: Callable[[int, int], object] | None = None,
) -> TournamentResult:
    """Play about ``hands`` hands of duplicate deals between ``bots`` and compare them.

    ``bots`` maps names to bots, or lists bots (named by their bot name, class
    or type name, a repeated name numbered ``random#2``), or is a comma-separated
    text of bot names; at least one bot a seat. A bot is given as:

    * a name :func:`bot_from_name` knows (``"heuristic"``, ``"ismcts:200"``);
    * a factory, called with a seed for every hand: ``lambda seed: MyBot(seed)``;
    * a bot class, built as ``cls(seed=...)`` when its constructor takes a
      ``seed``, else ``cls()``;
    * a bot, deep-copied for every hand and ``reset(seed)`` when it has that
      method.

    ``hands`` (at least 1) is rounded up to whole cycles of the schedule (see
    the module docstring). The same ``seed`` gives the same result, with or
    without ``executor`` (any :class:`concurrent.futures.Executor`; the bots and
    rules must then be picklable: names, classes and module-level functions
    are). The work goes out in jobs of ``batch`` deals; ``progress`` is called
    with the hands finished and the hands in all: with 0 once the arguments are
    checked, then after each job.

    >>> result = tournament({"greedy": "greedy", "random": "random"}, Rules(players=2), hands=20, seed=4)
    >>> result == tournament({"greedy": "greedy", "random": "random"}, Rules(players=2), hands=20, seed=4)
    True
    >>> result.standing("greedy").hands, result.pairing("greedy", "random").deals
    (20, 10)
    """
    rules = Rules() if rules is None else check_rules(rules)
    entries = _entries(bots)
    players = rules.players
    _check_table(len(entries), players)
    if not 0 <= check_int(seed, "seed", rule="R2.3") < SEED_LIMIT:
        raise ZhengShangyouError(f"seed must be a whole number from 0 to 2**64 - 1, not {brief_repr(seed)} (R2.3)", rule="R2.3")
    if check_int(hands, "hands") < 1 or check_int(batch, "batch") < 1:
        raise ZhengShangyouError(f"hands and batch must be at least 1, not {hands} and {batch}")
    names = tuple(entries)
    factories = tuple(entries.values())
    cycle = _cycle_deals(len(names), players)
    deals = -(-hands // (players * cycle)) * cycle
    tables = schedule(len(names), players, deals, seed)
    jobs: list[_Job] = [
        (factories, names, rules, seed, tuple((deal, tables[deal]) for deal in range(start, min(start + batch, deals))))
        for start in range(0, deals, batch)
    ]
    if progress is not None:
        progress(0, deals * players)
    results: Iterator[list[TournamentHand]] = (
        map(_play_deals, jobs) if executor is None else executor.map(_play_deals, jobs)
    )
    records: list[TournamentHand] = []
    for finished in results:
        records.extend(finished)
        if progress is not None:
            progress(len(records), deals * players)
    return TournamentResult.from_records(rules, seed, names, records)


# --- the statistics -----------------------------------------------------------


def normal_interval(values: Sequence[float], z: float = 1.96) -> Interval:
    """The normal-approximation interval of the mean of ``values`` (95% by
    default): mean ± z · s / √n, ``s`` the sample standard deviation; unbounded
    with fewer than two values.

    >>> low, high = normal_interval([1.0, 2.0, 3.0])
    >>> round(low, 4), round(high, 4)
    (0.8684, 3.1316)
    >>> normal_interval([4.0])
    (-inf, inf)
    """
    count = len(values)
    if count < 2:
        return (-math.inf, math.inf)
    mean = sum(values) / count
    spread = math.sqrt(sum((value - mean) ** 2 for value in values) / (count - 1))
    margin = z * spread / math.sqrt(count)
    return (mean - margin, mean + margin)


def bradley_terry(
    wins: Sequence[Sequence[float]], *, prior: float = 0.5, tolerance: float = 1e-12, iterations: int = 100_000
) -> list[float]:
    """Bradley–Terry ratings on the Elo scale (mean 1500) from ``wins[i][j]``, the
    times ``i`` finished ahead of ``j``, with ``prior`` (above 0) wins added each
    way between every two; fitted by Hunter's MM iteration, until no strength
    changes by more than ``tolerance`` (relative) or after ``iterations`` rounds.

    Two players with 3 wins to 1 and the prior of 0.5: strengths 3.5 to 1.5,
    so 400 · log10(3.5 / 1.5) = 147 points apart:

    >>> [round(rating, 1) for rating in bradley_terry([[0, 3], [1, 0]])]
    [1573.6, 1426.4]
    """
    count = len(wins)
    if not prior > 0:
        raise ZhengShangyouError(f"the prior must be above 0, not {brief_repr(prior)}")
    won = [[wins[i][j] + prior if i != j else 0.0 for j in range(count)] for i in range(count)]
    totals = [sum(row) for row in won]
    met = [[won[i][j] + won[j][i] for j in range(count)] for i in range(count)]
    strength = [1.0] * count
    for _ in range(iterations if count > 1 else 0):
        updated = [
            totals[i] / sum(met[i][j] / (strength[i] + strength[j]) for j in range(count) if j != i)
            for i in range(count)
        ]
        centre = math.exp(sum(math.log(value) for value in updated) / count)
        updated = [value / centre for value in updated]
        change = max(abs(new / old - 1) for new, old in zip(updated, strength, strict=True))
        strength = updated
        if change < tolerance:
            break
    return [1500 + 400 * math.log10(value) for value in strength]


@attrs.define
class _Tally:
    """What the hands say about each bot, by bot index: per deal, its score and
    hands there; its wins, places and hands thrown in; ``ahead[a][b]``, the hands
    ``a`` finished ahead of ``b`` (its side won and ``b``'s lost, in a game with a
    landlord); ``roles[bot]``, its hands and wins as the landlord and as a peasant."""

    deals: list[dict[int, list[int]]]
    wins: list[int]
    places: list[int]
    ahead: list[list[int]]
    thrown: list[int]
    roles: list[list[int]]

    @classmethod
    def of(cls, names: Sequence[str], records: Sequence[TournamentHand]) -> _Tally:
        index = {name: number for number, name in enumerate(names)}
        count = len(names)
        tally = cls(
            [{} for _ in names], [0] * count, [0] * count, [[0] * count for _ in names], [0] * count,
            [[0] * 4 for _ in names],
        )
        for record in records:
            unknown = [name for name in record.seats if name not in index]
            if unknown:
                raise ZhengShangyouError(f"a hand of deal {record.deal} seats {brief_repr(unknown[0])}, not one of the bots")
            seated = [index[name] for name in record.seats]
            for seat, bot in enumerate(seated):
                score_hands = tally.deals[bot].setdefault(record.deal, [0, 0])
                score_hands[0] += record.scores[seat]
                score_hands[1] += 1
            if record.thrown_in:
                for bot in seated:
                    tally.thrown[bot] += 1
                continue
            tally.count(record, seated)
        return tally

    def count(self, record: TournamentHand, seated: list[int]) -> None:
        """The wins, places, comparisons and roles of one hand played out."""
        order = [seated[seat] for seat in record.finishing_order]
        winners = record.winners
        for seat in winners:
            self.wins[seated[seat]] += 1
        for place, bot in enumerate(order):
            self.places[bot] += place + 1
        if record.landlord < 0:
            for place, bot in enumerate(order):
                for later in order[place + 1 :]:
                    self.ahead[bot][later] += 1
            return
        losers = [seat for seat in range(len(seated)) if seat not in winners]
        for winner in winners:
            for loser in losers:
                self.ahead[seated[winner]][seated[loser]] += 1
        for seat, bot in enumerate(seated):
            role = 0 if seat == record.landlord else 2
            self.roles[bot][role] += 1
            self.roles[bot][role + 1] += seat in winners

    def means(self, bot: int) -> dict[int, float]:
        """The bot's mean score per hand in each of its deals."""
        return {deal: score / hands for deal, (score, hands) in self.deals[bot].items()}

    def standing(self, bot: int, name: str, rating: float) -> Standing:
        hands = sum(hands for _, hands in self.deals[bot].values())
        return Standing(
            name=name,
            rating=rating,
            hands=hands,
            deals=len(self.deals[bot]),
            total_score=sum(score for score, _ in self.deals[bot].values()),
            score_interval=normal_interval(list(self.means(bot).values())),
            wins=self.wins[bot],
            mean_place=self.places[bot] / (hands - self.thrown[bot]) if hands > self.thrown[bot] else 0.0,
            thrown_in=self.thrown[bot],
            landlord_hands=self.roles[bot][0],
            landlord_wins=self.roles[bot][1],
            peasant_hands=self.roles[bot][2],
            peasant_wins=self.roles[bot][3],
        )

    def pairing(self, first: int, second: int, names: Sequence[str]) -> Pairing:
        ones, others = self.means(first), self.means(second)
        differences = [mean - others[deal] for deal, mean in ones.items() if deal in others]
        return Pairing(
            first=names[first],
            second=names[second],
            deals=len(differences),
            mean_difference=sum(differences) / len(differences) if differences else None,
            interval=normal_interval(differences),
            ahead=self.ahead[first][second],
            behind=self.ahead[second][first],
        )

