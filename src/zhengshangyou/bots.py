"""Bots: programs that choose a move from what their seat may know.

A bot is anything with a ``choose(observation)`` method returning one of
``observation.legal_moves`` (see :class:`Bot`); a bot may also have a
``reset(seed)`` method (see :class:`ResettableBot`), which
:func:`~zhengshangyou.simulate.simulate` calls before every hand instead of
copying the bot. Three come with the library, all resettable:

* :class:`RandomBot` picks uniformly at random (seeded);
* :class:`GreedyBot` plays the smallest play that beats, leads its weakest
  play, and keeps its bombs until an opponent is about to go out;
* :class:`HeuristicBot` plans how to empty its hand in as few plays as
  possible and plays along the plan, using what the observation shows.

In a game with a landlord (Dou Dizhu, D3, D4) the greedy and heuristic bots bid
by :func:`hand_strength` (:func:`auction_move`), and a peasant plays with its
partner (:func:`teammates`): it leaves the partner's winning play alone.

>>> from zhengshangyou import Game
>>> game = Game(seed=3)
>>> bots = [GreedyBot(), RandomBot(seed=1), GreedyBot(), HeuristicBot()]
>>> while not game.is_hand_over:
...     seat = game.to_act
...     game.play(bots[seat].choose(game.observation(seat)))
>>> len(game.state.result.finishing_order)
4
"""

from __future__ import annotations

import contextlib
import copy
import random
from collections.abc import Callable, Iterable, Sequence
from math import prod
from typing import Protocol, runtime_checkable

from zhengshangyou.actions import PASS, Bid, Call, Give, Move, Offer, Return, Rob, Take
from zhengshangyou.cards import Card
from zhengshangyou.combinations import Combination, Kind, Shape, catalogue
from zhengshangyou.errors import (
    IllegalMoveError,
    WrongTypeError,
    ZhengShangyouError,
    brief_repr,
    check_int,
)
from zhengshangyou.game import Observation
from zhengshangyou.plays import Play
from zhengshangyou.plays import reader as plays_reader
from zhengshangyou.rules import Rules, RulesCache

__all__ = [
    "AUCTION_THRESHOLDS",
    "PLAN_BUDGET",
    "Bot",
    "GreedyBot",
    "HeuristicBot",
    "RandomBot",
    "ResettableBot",
    "auction_decision",
    "auction_move",
    "check_turn",
    "hand_strength",
    "plan_length",
    "teammates",
]

#: The default work budget of :class:`HeuristicBot`'s planner: the sub-hands it may
#: search for one move (each searched once, its plan length kept for the move).
PLAN_BUDGET = 10_000

#: The most plan lengths the memo shared by equal rule sets keeps (about 12 MB); past
#: it the memo starts afresh (the lengths never change, only the time to find them).
_MEMO_LIMIT = 50_000


def check_turn(observation: object) -> Observation:
    """``observation``, checked to be an :class:`~zhengshangyou.game.Observation` of a
    seat with a move to choose: every bot of the library asks this first. A seat that
    is not to act has no legal move (R5.2), and none is to act once the hand is over
    (R6.1): both raise :class:`~zhengshangyou.errors.IllegalMoveError` naming that
    rule; anything else than an observation raises
    :class:`~zhengshangyou.errors.WrongTypeError`.

    >>> from zhengshangyou import Game
    >>> game = Game(seed=2)
    >>> check_turn(game.observation(game.to_act)).seat == game.to_act == 0
    True
    >>> GreedyBot().choose(game.observation(1))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: seat 1 is not to act (it is seat 0's turn): a bot chooses only for the seat to act (R5.2)
    """
    if not isinstance(observation, Observation):
        raise WrongTypeError(
            f"a bot chooses from an Observation, not {brief_repr(observation)}", argument="observation"
        )
    if not observation.legal_moves:
        if observation.to_act < 0 or observation.phase.is_over:
            raise IllegalMoveError(
                f"the hand is over: seat {observation.seat} has no move to choose (R6.1)", rule="R6.1"
            )
        raise IllegalMoveError(
            f"seat {observation.seat} is not to act (it is seat {observation.to_act}'s turn):"
            " a bot chooses only for the seat to act (R5.2)",
            rule="R5.2",
        )
    return observation


@runtime_checkable
class Bot(Protocol):
    """What the game needs of a player program: given what its seat may know,
    return one of ``observation.legal_moves`` (exchange decisions included).

    ``choose`` is the whole protocol. A bot may also have the optional
    ``reset(seed)`` method that :class:`ResettableBot` describes:
    :func:`~zhengshangyou.simulate.simulate` calls it before every hand, and
    deep-copies a bot that has none for every hand instead.

    >>> isinstance(RandomBot(seed=0), Bot)
    True
    """

    def choose(self, observation: Observation) -> Move:
        """The move to make; must be one of ``observation.legal_moves``.

        >>> from zhengshangyou import Game
        >>> game = Game(seed=0)
        >>> GreedyBot().choose(game.observation(game.to_act)) in game.legal_moves()
        True
        """
        ...


@runtime_checkable
class ResettableBot(Bot, Protocol):
    """A :class:`Bot` with the optional ``reset(seed)`` method, called before a hand.

    The contract of ``reset(seed: int | None) -> None``:

    * after ``reset(seed)`` with a whole number ``seed``, everything the bot
      chooses depends only on ``seed``, on how the bot was built (its class and
      constructor arguments, which ``reset`` leaves as they are) and on the
      observations it is given from then on; never on the hands, observations
      or random draws before the call, nor on whether the bot is new or has
      played before. So it reseeds every generator it draws from (from
      ``seed``: the seed given to the constructor no longer matters), and
      forgets everything it kept about a hand (memories of the play, search
      trees, sampled worlds). A memo whose content never changes a choice (a
      cache of a pure function) may stay;
    * ``seed`` may be any whole number, 0 or more (not limited to 2**64; two
      seats of one hand get different seeds);
    * ``reset(None)`` forgets the same things and seeds from fresh entropy
      (not reproducible), as a bot built with ``seed=None`` does;
    * it returns None, and the bot's ``repr`` stays as it was.

    :func:`~zhengshangyou.simulate.simulate` copies each seat's bot once per batch
    of hands (never the bot passed in, which it does not change) and calls
    ``reset`` with a seed derived from the simulation's seed, the hand and the
    seat before every hand, the first included: that gives the results of a
    fresh copy reset with the same seed, on any executor and with any batch size.
    A bot without ``reset`` (any :class:`Bot`) still works: it is deep-copied
    for every hand and seat, which costs what a deep copy of the bot costs
    (about 200 µs for a bot holding a ``random.Random``). A bot whose choices
    depend on the clock (a time budget) cannot be reproduced, reset or not.

    >>> bot = RandomBot()
    >>> isinstance(bot, ResettableBot), isinstance(object(), ResettableBot)
    (True, False)
    """

    def reset(self, seed: int | None) -> None:
        """Forget the hands played and reseed from ``seed`` (None: fresh entropy).

        >>> from zhengshangyou import Game
        >>> seen = Game(seed=2).observation(Game(seed=2).to_act)
        >>> bot = RandomBot()
        >>> bot.reset(3)
        >>> first = [bot.choose(seen) for _ in range(5)]
        >>> bot.reset(3)
        >>> [bot.choose(seen) for _ in range(5)] == first
        True
        """
        ...


class RandomBot:
    """Chooses uniformly among the legal moves, with its own seeded generator.

    >>> from zhengshangyou import Game
    >>> game = Game(seed=1)
    >>> move = RandomBot(seed=5).choose(game.observation(game.to_act))
    >>> move in game.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, observation: Observation) -> Move:
        """A uniformly random legal move.

        >>> from zhengshangyou import Game
        >>> game = Game(seed=2)
        >>> seen = game.observation(game.to_act)
        >>> RandomBot(seed=1).choose(seen) == RandomBot(seed=1).choose(seen)
        True
        """
        return self.random.choice(check_turn(observation).legal_moves)

    def reset(self, seed: int | None) -> None:
        """Reseed the generator from ``seed`` (None: fresh entropy), as
        :class:`ResettableBot` asks; :func:`~zhengshangyou.simulate.simulate` does
        so before each hand. The bot then draws as ``RandomBot(seed=seed)`` does.

        >>> bot = RandomBot(seed=1)
        >>> bot.reset(4)
        >>> bot.random.random() == RandomBot(seed=4).random.random()
        True
        """
        self.random.seed(seed)

    def __repr__(self) -> str:
        return "RandomBot()"


def _strength(observation: Observation, play: Play) -> int:
    return play.rev_key if observation.revolution else play.key


def _exchange_choice(observation: Observation, keep: Sequence[Card] = ()) -> Move | None:
    """A sensible exchange decision: give what must be given, offer and return the
    lowest cards (sparing ``keep``), take the higher offered card."""
    moves = observation.legal_moves
    gives = [move for move in moves if isinstance(move, Give)]
    if gives:
        return gives[0]
    takes = [move for move in moves if isinstance(move, Take)]
    if takes:
        return max(takes, key=lambda move: move.card)
    returns = [move for move in moves if isinstance(move, Return)]
    if returns:
        spare = [move for move in returns if move.card not in keep] or returns
        return min(spare, key=lambda move: move.card)
    offers = [move for move in moves if isinstance(move, Offer)]
    if offers:
        spare_offers = [
            move for move in offers if not any(card in keep for card in move.cards)
        ] or offers
        return min(spare_offers, key=lambda move: move.cards)
    return None


def teammates(observation: Observation, seat: int) -> bool:
    """Whether ``seat`` is on the side of ``observation``'s seat (itself included): in
    a game with a landlord once he is known, the peasants are one side and the
    landlord the other (D4.2); otherwise every seat plays for itself.

    >>> from zhengshangyou import Game
    >>> game = Game(Rules.preset("douzero"), seed=1)          # seat 0 is the landlord (D3.5)
    >>> [teammates(game.observation(1), seat) for seat in range(3)]
    [False, True, True]
    >>> teammates(Game(seed=1).observation(1), 2)
    False
    """
    own = observation.seat
    landlord = observation.landlord
    if seat == own:
        return True
    if observation.rules.teams != "landlord" or landlord < 0:
        return False
    return landlord not in (seat, own)


def _threat(observation: Observation) -> int:
    """The fewest cards any opponent still holds (a large number when none do); in a
    game with a landlord the partner is no opponent (D4.2)."""
    others = [
        count
        for seat, count in enumerate(observation.counts)
        if count and not teammates(observation, seat)
    ]
    return min(others, default=99)


# --- the auction (D3) -----------------------------------------------------------

#: The strengths (:func:`hand_strength`) from which the library's bots bid 1, 2 and 3
#: (D3.1); they call (D3.4) from the first and rob from the second.
AUCTION_THRESHOLDS = (7, 9, 11)

#: The plan length :func:`hand_strength` assumes when it does not plan (the median
#: plan of a 17-card Dou Dizhu hand is 7 to 8 plays).
_TYPICAL_PLAN = 8


def hand_strength(cards: Iterable[Card], rules: Rules, *, plan: bool = True) -> int:
    """How strong a hand is for the auction (D3), a simple count: its high cards'
    points, less the plays its plan needs beyond :data:`_TYPICAL_PLAN` (8).

    The points: 4 for the red (big) joker, 3 for the black (small) joker, 2 for each
    2, 1 for each ace, 4 for each bomb (four of a rank) and 2 more for the rocket
    (both jokers). The plan is :func:`plan_length`'s fewest plays to empty the hand,
    searched within :data:`PLAN_BUDGET` sub-hands (8 assumed when that is not
    enough, or with ``plan=False``, which the search bots' rollouts use).

    >>> rules = Rules.preset("doudizhu")
    >>> from zhengshangyou import Hand
    >>> strong = Hand.parse("BJ RJ 2D 2S AH 3D 4D 5D 6D 7D 9C 9D 9H 9S JC QC KC")
    >>> hand_strength(strong, rules, plan=False)   # 4 + 3 + 2 (rocket) + 2 * 2 + 1 + 4 (bomb)
    18
    >>> hand_strength(strong, rules)               # ... and a plan of 6 plays: 2 fewer than 8
    20
    """
    counts = [0] * 15
    for card in cards:
        counts[card.rank] += 1
    points = 4 * counts[14] + 3 * counts[13] + 2 * counts[12] + counts[11]
    points += 4 * sum(1 for count in counts[:13] if count >= 4)
    if counts[13] and counts[14]:
        points += 2
    moves = _TYPICAL_PLAN
    if plan:
        planner = _planner(rules).budgeted(PLAN_BUDGET)
        with contextlib.suppress(_OutOfBudget):
            moves = planner(tuple(counts))
    return points + _TYPICAL_PLAN - moves


def auction_move(observation: Observation, *, plan: bool = True) -> Move | None:
    """The library bots' auction decision (D3), or None when the seat is not bidding.

    With ``auction="bid"`` the seat bids the number of :data:`AUCTION_THRESHOLDS`
    its :func:`hand_strength` reaches, when that beats the high bid (D3.1), and
    passes otherwise; with ``"call_rob"`` it calls when the strength reaches the
    first threshold and robs when it reaches the second (D3.4). ``plan`` is
    :func:`hand_strength`'s.

    >>> from zhengshangyou import Game
    >>> game = Game(Rules.preset("doudizhu"), seed=3)
    >>> seen = game.observation(game.to_act)
    >>> hand_strength(seen.hand, seen.rules), AUCTION_THRESHOLDS, auction_move(seen)
    (12, (7, 9, 11), Bid(3))
    >>> auction_move(Game(seed=3).observation(Game(seed=3).to_act)) is None
    True
    """
    return auction_decision(observation.hand, observation.rules, observation.legal_moves, plan=plan)


def auction_decision(cards: Iterable[Card], rules: Rules, moves: Sequence[Move], *, plan: bool) -> Move | None:
    """:func:`auction_move`'s decision for a hand of ``cards`` among the legal ``moves``
    (the search's rollouts read them from the state); None when no auction move is among them.

    >>> from zhengshangyou import Game
    >>> state = Game(Rules.preset("doudizhu"), seed=3).state
    >>> auction_decision(state.hands[state.to_act], state.rules, list(state.legal_moves()), plan=False)
    Bid(3)
    """
    if not any(isinstance(move, (Bid, Call, Rob)) for move in moves):
        return None
    strength = hand_strength(cards, rules, plan=plan)
    reached = sum(1 for threshold in AUCTION_THRESHOLDS if strength >= threshold)
    for move in moves:
        if isinstance(move, Bid) and move.value == reached:
            return move
        if isinstance(move, Call) and reached >= 1:
            return move
        if isinstance(move, Rob) and reached >= 2:
            return move
    return PASS


def _partner_on_top(observation: Observation) -> bool:
    """Whether the play to beat is a partner's (D4.2)."""
    top_seat = observation.top_seat
    return top_seat not in (-1, observation.seat) and teammates(observation, top_seat)


class GreedyBot:
    """Plays the smallest play that beats; leads its weakest play (the most cards
    at the lowest rank); keeps its bombs until an opponent holds ``bomb_at`` cards
    or fewer. In a game with a landlord it bids by :func:`auction_move` (D3), and a
    peasant passes rather than beat its partner's play (D4.2).

    >>> from zhengshangyou import Game
    >>> game = Game(seed=1)
    >>> GreedyBot().choose(game.observation(game.to_act)) in game.legal_moves()
    True
    """

    def __init__(self, *, bomb_at: int = 3) -> None:
        self.bomb_at = bomb_at

    def choose(self, observation: Observation) -> Move:
        """The greedy move: on a lead, the weakest play (the most cards at the lowest rank).

        >>> from zhengshangyou import Game, Kind
        >>> game = Game(seed=6)
        >>> move = GreedyBot().choose(game.observation(game.to_act))
        >>> move in game.legal_moves()
        True
        """
        decision = _exchange_choice(check_turn(observation))
        if decision is None:
            decision = auction_move(observation)
        if decision is not None:
            return decision
        return greedy_move(
            observation.legal_moves,
            leading=observation.top is None,
            revolution=observation.revolution,
            threat=lambda: _threat(observation),
            bomb_at=self.bomb_at,
            partner_on_top=_partner_on_top(observation),
        )

    def reset(self, seed: int | None) -> None:
        """Nothing to do (:class:`ResettableBot`): the bot draws no random numbers
        and keeps nothing between moves, so every choice follows from the
        observation alone.

        >>> from zhengshangyou import Game
        >>> seen = Game(seed=6).observation(Game(seed=6).to_act)
        >>> bot = GreedyBot()
        >>> before = bot.choose(seen)
        >>> bot.reset(7)
        >>> bot.choose(seen) == before
        True
        """

    def __repr__(self) -> str:
        return "GreedyBot()"


def greedy_move(
    moves: Sequence[Move],
    *,
    leading: bool,
    revolution: bool,
    threat: Callable[[], int],
    bomb_at: int = 3,
    partner_on_top: bool = False,
) -> Move:
    """The greedy rule (:class:`GreedyBot`'s, and the search bots' rollouts') among
    ``moves``, the legal plays and pass of a seat in play: ``leading``, the weakest
    play (the lowest strength within its kind, then the most cards), a bomb only if
    nothing else is held; answering, the smallest play that is not a bomb, else the
    smallest bomb when passing is not allowed or ``threat()`` (the fewest cards an
    opponent holds, asked only then) is at most ``bomb_at``, else a pass; but a
    pass, when allowed, if ``partner_on_top`` (the play to beat is a partner's,
    D4.2). Strength is under the revolution when ``revolution`` (R4.8).

    >>> rules = Rules()
    >>> plays = [Play.parse(text, rules) for text in ("9D", "5C 5S", "4D 4C 4H 4S")]
    >>> greedy_move(plays, leading=True, revolution=False, threat=lambda: 10)
    Play(pair: 5C 5S)
    >>> greedy_move([plays[2], PASS], leading=False, revolution=False, threat=lambda: 2)
    Play(bomb: 4D 4C 4H 4S)
    """
    plays = [move for move in moves if isinstance(move, Play)]
    plain = [play for play in plays if not play.is_bomb]

    def strength(play: Play) -> int:
        return play.rev_key if revolution else play.key

    if leading:
        return min(plain or plays, key=lambda play: ((strength(play) >> 2) & 0x3FF, -len(play)))
    if partner_on_top and PASS in moves:
        return PASS
    if plain:
        return min(plain, key=strength)
    can_pass = PASS in moves
    if plays and (not can_pass or threat() <= bomb_at):
        return min(plays, key=strength)
    return PASS if can_pass else moves[0]


#: The rank index of the ace (R1.1): a peasant tops its partner's play below it (D4.2).
_ACE = 11


def _main_rank(observation: Observation, play: Play) -> int:
    """How strong a play's cards are to give up: its strength within its kind."""
    return (_strength(observation, play) >> 2) & 0x3FF


# --- planning -----------------------------------------------------------------


def plan_length(cards: Iterable[Card], rules: Rules) -> int:
    """The fewest plays that empty a hand of ``cards`` under ``rules``, counting at the
    rank level (suits ignored, so straight flushes are not used).

    >>> from zhengshangyou import Hand
    >>> plan_length(Hand.parse("3D 3S 4H 5C 6D 7S 9C 9D 9H KS KH"), Rules())
    3
    """
    counts = [0] * 15
    for card in cards:
        counts[card.rank] += 1
    return _planner(rules)(tuple(counts))


class _OutOfBudget(Exception):
    """The planner's budget of sub-hands for one move is spent (see :class:`HeuristicBot`)."""


class _Plan:
    """A memoised search for the fewest plays that empty a hand, at the rank level.

    Whatever covers the lowest rank held must be one of the combinations that
    contain it, so the search only branches on those. ``expanded`` counts the
    sub-hands searched (memo misses); a planner made by :meth:`budgeted` has a memo
    of its own and raises :class:`_OutOfBudget` rather than search more than
    ``budget`` sub-hands.
    """

    budget: int | None = None

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.catalogue = catalogue(rules)
        # By rank, the rank sets of the runs whose lowest rank it is (the search
        # covers the lowest rank held, so no run holding a lower one can be held),
        # per run kind: (width, rank mask, ranks, combination); once per width and
        # wings (a straight flush is a straight here).
        self.windows: list[list[tuple[int, int, tuple[int, ...], Combination]]] = [
            [] for _ in range(15)
        ]
        masks = plays_reader(rules).windows
        seen: set[tuple[int, int, int]] = set()
        for combination in self.catalogue.of_shape(Shape.RUN):
            for mask in masks:
                ranks = tuple(rank for rank in range(13) if mask >> rank & 1)
                shape = (mask, combination.width, combination.attached)
                if len(ranks) >= combination.minimum and shape not in seen:
                    seen.add(shape)
                    bits = sum(1 << rank for rank in ranks)
                    self.windows[ranks[0]].append((combination.width, bits, ranks, combination))
        self.widest = max((width for runs in self.windows for width, _, _, _ in runs), default=0)
        self.groups = [c for c in self.catalogue if c.shape is Shape.GROUP]
        self.jokers = Kind.JOKER_BOMB in self.catalogue
        self.cache: dict[tuple[int, ...], int] = {}
        self.expanded = 0

    def budgeted(self, budget: int) -> _Plan:
        """A planner on the same tables with an empty memo of its own, which searches
        at most ``budget`` sub-hands."""
        plan = copy.copy(self)
        plan.cache, plan.budget, plan.expanded = {}, budget, 0
        return plan

    def __call__(self, counts: tuple[int, ...]) -> int:
        found = self.cache.get(counts)
        if found is None:
            self.expanded += 1
            if self.budget is not None and self.expanded > self.budget:
                raise _OutOfBudget
            found = self._search(counts)
            if len(self.cache) >= _MEMO_LIMIT:
                self.cache.clear()  # (plan_length's searches; a move clears before it starts)
            self.cache[counts] = found
        return found

    def _search(self, counts: tuple[int, ...]) -> int:
        low = next((rank for rank in range(15) if counts[rank]), None)
        if low is None:
            return 0
        best = 99
        for rest in self._covers(counts, low):
            best = min(best, 1 + self(rest))
            if best == 1:
                break
        return best

    def _covers(self, counts: tuple[int, ...], low: int) -> list[tuple[int, ...]]:
        """The hands left after each play that contains a card of rank ``low``, kind by
        kind of the catalogue (at the level of ranks)."""
        left: list[tuple[int, ...]] = []
        for combination in self.groups:
            left += self._group_covers(combination, counts, low)
        decks = self.rules.decks
        if self.jokers and low >= 13 and counts[13] >= decks and counts[14] >= decks:
            left.append(_minus(counts, (13, decks), (14, decks)))
        runs = self.windows[low]
        if runs:
            # held[width]: the mask of the ranks held at least ``width`` times, so that
            # a run's test is one mask test (two-deck hands have hundreds of windows).
            widest = self.widest
            held = [0] * (widest + 1)
            for rank in range(13):
                for width in range(1, min(counts[rank], widest) + 1):
                    held[width] |= 1 << rank
            for width, bits, ranks, combination in runs:
                if held[width] & bits == bits:
                    left += self._run_covers(combination, counts, ranks)
        return left

    def _group_covers(
        self, combination: Combination, counts: tuple[int, ...], low: int
    ) -> list[tuple[int, ...]]:
        """A group holding rank ``low``: as the group (each size it may have), or, for a
        group with two or more attached cards, as the attached group of the lowest
        rank that can be the main group. (A single kicker is searched from its main
        group only, which keeps the search small.)"""
        have, width, extra = counts[low], combination.width, combination.attached
        if low >= 13 and not (combination.jokers or (extra and combination.attached_jokers)):
            return []
        found = []
        if not extra:
            if low < 13 or combination.jokers:
                found += [_minus(counts, (low, size)) for size in range(width, min(have, combination.most) + 1)]
            return found
        if combination.wings > 1:
            return self._quad_covers(combination, counts, low)
        if low < 13 and have >= width:
            other = next(
                (rank for rank in range(15) if rank != low and counts[rank] >= extra
                 and (rank < 13 or combination.attached_jokers)),
                None,
            )
            if other is not None:
                found.append(_minus(counts, (low, width), (other, extra)))
        if extra > 1 and have >= extra and low < 13:
            main = next(
                (rank for rank in range(13) if rank != low and counts[rank] >= width), None
            )
            if main is not None:
                found.append(_minus(counts, (low, extra), (main, width)))
        return found

    @staticmethod
    def _quad_covers(
        combination: Combination, counts: tuple[int, ...], low: int
    ) -> list[tuple[int, ...]]:
        """Four with two (D5.11, D5.12): the quad of ``low`` with the lowest other ranks
        as wings, one group of each (every kicker policy allows that)."""
        width, extra = combination.width, combination.attached
        if low >= 13 or counts[low] < width:
            return []
        others = [
            rank for rank in range(15) if rank != low and counts[rank] >= extra
            and (rank < 13 or combination.attached_jokers)
        ][: combination.wings]
        if len(others) < combination.wings or not (combination.rocket or others[0] < 13):
            return []
        return [_minus(counts, (low, width), *[(rank, extra) for rank in others])]

    def _run_covers(
        self, combination: Combination, counts: tuple[int, ...], ranks: tuple[int, ...]
    ) -> list[tuple[int, ...]]:
        """A run on ``ranks`` (held ``width`` times each): alone, or with wings of the
        lowest ranks outside it (R3.18)."""
        width, extra = combination.width, combination.attached
        rest = _minus(counts, *[(rank, width) for rank in ranks])
        if not extra:
            return [rest]
        need = len(ranks)
        wings: list[tuple[int, int]] = []
        for rank in range(15):
            if rank in ranks or (rank >= 13 and not combination.attached_jokers):
                continue
            # k pairs of k ranks, or k singles of any ranks (R3.19).
            take = (extra if rest[rank] >= extra else 0) if extra > 1 else min(
                rest[rank], need, combination.repeat or need
            )
            if rank >= 13 and not combination.rocket and wings and wings[-1][0] == 13:
                take = 0  # (both jokers as solo wings, D5.15)
            if take:
                wings.append((rank, take))
                need -= 1 if extra > 1 else take
            if not need:
                return [_minus(rest, *wings)]
        return []


#: The planners of the rule sets used last (each with its memo of plan lengths):
#: a few, since each memo may hold thousands of sub-hands.
_PLANNERS: RulesCache[_Plan] = RulesCache(_Plan, limit=8)


def _planner(rules: Rules) -> _Plan:
    return _PLANNERS.of(rules)


def _sub_hands(counts: Sequence[int]) -> int:
    """How many sub-hands (at the rank level) a hand of these rank counts has: a bound
    on the sub-hands any plan search from it can reach."""
    return prod(count + 1 for count in counts)


def _minus(counts: tuple[int, ...], *parts: tuple[int, int]) -> tuple[int, ...]:
    """The rank counts ``counts`` without ``parts`` (rank, number)."""
    rest = list(counts)
    for rank, number in parts:
        rest[rank] -= number
    return tuple(rest)


class HeuristicBot:
    """Plans how to empty its hand in few plays and plays along the plan.

    On a lead it plays the combination whose removal leaves the shortest plan
    (among those, the weakest); on an answer it plays a beating combination that
    does not lengthen its plan, or breaks a combination only when an opponent is
    close to going out; it bombs when that wins the hand or an opponent is about
    to go out, and passes rather than overtake a partner-less trick cheaply won.

    In a game with a landlord it bids by :func:`auction_move` (D3); as a peasant
    it passes on its partner's winning play unless the landlord is about to take
    the lead from it, and feeds a partner close to going out (the guide for bot
    authors, "Bots in Dou Dizhu", says exactly when); as the landlord it plays alone against all (D4.2). An
    opponent close to going out is always one of the other side.

    The plan lengths come from a search over sub-hands (at the rank level) that
    works within ``budget`` sub-hands a move (default :data:`PLAN_BUDGET`): a count
    of work, not of time, so that a choice never depends on the machine. A hand
    with at most ``budget`` sub-hands (the product over ranks of the cards held
    plus one: every hand of 13 cards or fewer under the default budget) is planned
    exactly, with the memo of plan lengths shared by equal rule sets; a bigger
    hand is planned with a memo of its own for the move, counting every sub-hand it
    searches, and when the count would pass ``budget`` the bot gives up planning
    for this move and makes the greedy choice (:func:`greedy_move`, as
    :class:`GreedyBot` with ``bomb_at=urgency``). Either way a move searches at
    most ``budget`` sub-hands, and ``spent`` says how many the last move did.

    >>> from zhengshangyou import Game
    >>> game = Game(seed=1)
    >>> HeuristicBot().choose(game.observation(game.to_act)) in game.legal_moves()
    True
    >>> big = Game(Rules.preset("two-deck", players=2), seed=1)   # 54 cards a hand
    >>> bot = HeuristicBot()
    >>> bot.choose(big.observation(big.to_act)) in big.legal_moves(), bot.spent <= PLAN_BUDGET
    (True, True)
    """

    def __init__(self, *, urgency: int = 3, budget: int = PLAN_BUDGET) -> None:
        self.urgency = urgency
        self.budget = check_int(budget, "budget")
        if self.budget < 1:
            raise ZhengShangyouError(f"budget must be at least 1, not {self.budget}")
        #: The sub-hands the planner searched for the last move (at most ``budget``).
        self.spent = 0

    def choose(self, observation: Observation) -> Move:
        """The planned move, or the greedy one when the plan would cost more than the budget.

        >>> from zhengshangyou import Game
        >>> game = Game(seed=6)
        >>> HeuristicBot().choose(game.observation(game.to_act)) in game.legal_moves()
        True
        """
        self.spent = 0
        rules = check_turn(observation).rules
        hand = observation.hand
        decision = _exchange_choice(observation, keep=self._keep(observation))
        if decision is None:
            decision = auction_move(observation)
        if decision is not None:
            return decision
        plays = [move for move in observation.legal_moves if isinstance(move, Play)]
        if not plays:
            return PASS
        # Going out always wins.
        for play in plays:
            if len(play) == len(hand):
                return play
        partner = self._partner_answer(observation, plays)
        if partner is not None:
            return partner
        counts = hand.rank_counts
        planner = _planner(rules)
        if _sub_hands(counts) <= min(self.budget, _MEMO_LIMIT // 2):
            if len(planner.cache) > _MEMO_LIMIT // 2:
                planner.cache.clear()  # (room for every sub-hand: never cleared mid-move)
        else:
            planner = planner.budgeted(self.budget)
        before = planner.expanded
        try:
            scored = self._score(planner, counts, plays)
        except _OutOfBudget:
            scored = None
        self.spent = min(planner.expanded - before, self.budget)
        if scored is None:
            return greedy_move(
                observation.legal_moves,
                leading=observation.top is None,
                revolution=observation.revolution,
                threat=lambda: _threat(observation),
                bomb_at=self.urgency,
            )
        now, scored_plays = scored
        threat = _threat(observation)
        if observation.top is None:
            return self._lead(observation, scored_plays, threat)
        return self._answer(observation, scored_plays, threat, now, PASS in observation.legal_moves)

    def _partner_answer(self, observation: Observation, plays: list[Play]) -> Move | None:
        """A peasant's answer to its partner's play on top (D4.2), or None when the
        play on top is not the partner's (or the seat must play).

        The partner's play is winning the trick: pass, rather than beat it. The one
        exception, when the partner is about to lose the lead to the landlord: the
        landlord has still to answer this play (he acts before the trick comes back),
        holds ``urgency`` cards or fewer, and the partner's play is below an ace; then
        the weakest play of an ace or higher that is not a bomb tops it, if there is
        one (a pass otherwise)."""
        seat, top_seat, landlord = observation.seat, observation.top_seat, observation.landlord
        if top_seat in (seat, -1) or not teammates(observation, top_seat) or PASS not in observation.legal_moves:
            return None
        top = observation.top
        assert top is not None
        players = observation.rules.players
        between = [(seat + step) % players for step in range(1, (top_seat - seat) % players)]
        landlord_next = landlord in between and landlord not in observation.passed and observation.counts[landlord] > 0
        if landlord_next and observation.counts[landlord] <= self.urgency and not top.is_bomb and (
            _main_rank(observation, top) < _ACE
        ):
            high = [play for play in plays if not play.is_bomb and _main_rank(observation, play) >= _ACE]
            if high:
                return min(high, key=lambda play: _strength(observation, play))
        return PASS

    def _feed(self, observation: Observation, plays: list[Play]) -> Play | None:
        """A peasant's lead to a partner close to going out (D4.2), or None: when the
        partner holds 1 or 2 cards and either plays next or the landlord holds more
        than ``urgency`` cards, the lowest play of that many cards (the lowest single
        when it holds 2 and no pair is held), so that the partner can go out over it."""
        seat, landlord, counts = observation.seat, observation.landlord, observation.counts
        players = observation.rules.players
        if observation.rules.teams != "landlord" or landlord < 0 or seat == landlord:
            return None
        partners = [other for other in range(players) if other not in (seat, landlord) and 0 < counts[other] <= 2]
        if not partners:
            return None
        partner = partners[0]
        if counts[landlord] <= self.urgency and partner != (seat + 1) % players:
            return None
        plain = [play for play in plays if not play.is_bomb]
        fitting = [play for play in plain if len(play) == counts[partner]] or [play for play in plain if len(play) == 1]
        return min(fitting, key=lambda play: _strength(observation, play), default=None)

    @staticmethod
    def _score(
        planner: _Plan, counts: tuple[int, ...], plays: list[Play]
    ) -> tuple[int, list[tuple[int, Play]]]:
        """The plan length of the hand now, and of what each play leaves."""
        now = planner(counts)
        scored = []
        for play in plays:
            rest = list(counts)
            for card in play.cards:
                rest[card.rank] -= 1
            scored.append((planner(tuple(rest)), play))
        return now, scored

    def _lead(self, observation: Observation, scored: list[tuple[int, Play]], threat: int) -> Play:
        """A lead: the play that shortens the plan most; among those the weakest, and
        the longer one when equal (more cards away), keeping bombs back; a peasant
        feeds a partner close to going out (``_feed``)."""
        fed = self._feed(observation, [play for _, play in scored])
        if fed is not None:
            return fed

        def lead_key(item: tuple[int, Play]) -> tuple[int, int, int, int]:
            remaining, play = item
            return (remaining, play.is_bomb, _main_rank(observation, play), -len(play))

        best = min(scored, key=lead_key)
        if threat <= self.urgency:
            # An opponent is nearly out: lead what they can least follow.
            safe = [item for item in scored if item[0] <= best[0] + 1 and len(item[1]) > 1]
            if safe:
                best = min(safe, key=lead_key)
        return best[1]

    def _answer(
        self, observation: Observation, scored: list[tuple[int, Play]], threat: int, now: int,
        can_pass: bool,
    ) -> Move:
        """An answer: a beating play that does not lengthen the plan; one that does, or
        a bomb, only when an opponent is close to going out or the plan is short."""

        def weakest(items: list[tuple[int, Play]]) -> Play:
            return min(items, key=lambda item: (item[0], _strength(observation, item[1])))[1]

        plain = [(remaining, play) for remaining, play in scored if not play.is_bomb]
        bombs = [(remaining, play) for remaining, play in scored if play.is_bomb]
        cheap = [(remaining, play) for remaining, play in plain if remaining < now]
        pressed = threat <= self.urgency or now <= 2 or not can_pass
        if cheap:
            return weakest(cheap)
        if plain and pressed:
            return weakest(plain)
        if bombs and pressed:
            return weakest(bombs)
        if plain and all(remaining <= now for remaining, _ in plain):
            return min(plain, key=lambda item: _strength(observation, item[1]))[1]
        return PASS if can_pass else scored[0][1]

    def _keep(self, observation: Observation) -> tuple[Card, ...]:
        """Cards worth keeping in an exchange: the highest ranks."""
        hand = sorted(observation.hand)
        return tuple(hand[-3:])

    def reset(self, seed: int | None) -> None:
        """Nothing to do, as for :meth:`GreedyBot.reset`: no random numbers, nothing
        kept between moves that changes a choice (the planner's memo, shared by equal
        rules, holds plan lengths, which never change, and whether a move stays
        within the budget does not depend on it); the settings stay.

        >>> bot = HeuristicBot(urgency=2)
        >>> bot.reset(None), bot.urgency
        (None, 2)
        """

    def __repr__(self) -> str:
        if self.budget != PLAN_BUDGET:
            return f"HeuristicBot(budget={self.budget})"
        return "HeuristicBot()"

