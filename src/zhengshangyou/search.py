"""Search bots: determinized Monte Carlo and information-set Monte Carlo tree search.

A seat does not see the other hands, so a search cannot play on from the real
position. Both bots here search over *determinizations*: positions consistent
with what the seat knows, drawn by :func:`~zhengshangyou.worlds.sample_world`
(uniform over the deals of the unseen cards). From each they play the hand out
with a quick *rollout policy* (the greedy player's rule, with some randomness)
and score it (R7). Under ``scoring="cards_left"`` (and ``"none"``) a hand's scores
are fixed the moment the Winner goes out (R7.1), so rollouts stop there. In a
game with a landlord a seat's score is its side's (D9: a peasant gains when the
other peasant goes out first); a rollout stops when the hand ends (D8.1) or is
thrown in because nobody bid (D3.3: every score 0, whatever the next deal).

- :class:`MonteCarloBot`: for every legal move, ``rollouts`` determinized
  playouts; the move with the best mean score.
- :class:`ISMCTSBot`: single-observer information-set MCTS (Cowling, Powley and
  Whitehouse, 2012): each iteration draws a determinization and walks one tree
  of moves (classes of plays, shared by every determinization: the partition of
  the action-space ids), choosing by UCB
  among the moves available in that world, expands one untried move, plays out,
  and backs the mover's score up every node. The move chosen is the root's most
  visited.

Both are seeded (the same seed, position and budget give the same move), follow
the :class:`~zhengshangyou.bots.Bot` protocol (exchange decisions included) and
take a ``time_limit`` in seconds per move besides their count budget (a time
limit makes the choice depend on the machine's speed).

Both also work within a ``work`` budget a move (default :data:`SEARCH_WORK`;
:data:`MONTE_CARLO_WORK` for :class:`MonteCarloBot`, whose rollouts cost more),
which bounds their cost on every rule set, however many legal moves a position
has or however long its hands: every position the search's tree walks and
rollouts reach costs :data:`STEP_WORK` units (the making of the move; more where
the engine checks each move against the other hands: :data:`CHECK_WORK` under
``must_beat`` and under ``auto_restart``) plus :data:`MOVE_WORK` a legal move
listed there, and every determinization one unit a card dealt; the search stops when the count would pass the budget, dropping the iteration or
rollout under way (``spent`` says what the last move spent). If that leaves no
result (no iteration finished, or a legal move without a rollout) the bot makes
the greedy choice (:class:`~zhengshangyou.bots.GreedyBot`'s). A work budget is a
count, not a time: the choice still depends only on the seed, the position and
the budgets.

>>> from zhengshangyou import Game
>>> game = Game(seed=3)
>>> seen = game.observation(game.to_act)
>>> ISMCTSBot(iterations=30, seed=1).choose(seen) in game.legal_moves()
True
>>> MonteCarloBot(rollouts=2, seed=1).choose(seen) in game.legal_moves()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction

from zhengshangyou.actions import PASS, Bid, Call, Give, Move, Offer, Return, Rob, Take
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.bots import GreedyBot, auction_decision, check_turn, greedy_move
from zhengshangyou.combinations import KIND_BITS, catalogue, kinds_mask
from zhengshangyou.errors import WrongTypeError, ZhengShangyouError, brief_repr, check_int
from zhengshangyou.game import Observation, State
from zhengshangyou.moves import legal_plays
from zhengshangyou.plays import Play
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import landlord_scores, score_hand
from zhengshangyou.worlds import sample_world

__all__ = [
    "CHECK_WORK",
    "MONTE_CARLO_WORK",
    "MOVE_WORK",
    "SEARCH_WORK",
    "STEP_WORK",
    "ISMCTSBot",
    "MonteCarloBot",
    "rollout",
]

#: The default work budget of :class:`ISMCTSBot`, a move (see the module
#: documentation): under the default rules, 200 iterations spend 130,000 to 205,000
#: on the first moves of a hand (a few of those are cut short), less later.
SEARCH_WORK = 200_000

#: The default work budget of :class:`MonteCarloBot`, a move: its rollouts, each on a
#: determinization of its own, cost more a unit than the tree search's.
MONTE_CARLO_WORK = 150_000

#: What each position a search reaches costs of the work budget (the making of the
#: move), besides ``MOVE_WORK`` a legal move listed there.
STEP_WORK = 8

#: What each legal move listed at a position a search reaches costs of the work budget.
MOVE_WORK = 2

#: What each position costs more where the rules make the engine check each move
#: against the other hands: under ``must_beat`` (may the seat pass? R5.2) and under
#: ``auto_restart`` (can anyone beat the play?).
CHECK_WORK = {"must_beat": 6, "auto_restart": 8}


def _greedy(state: State, moves: Sequence[Move]) -> Move:
    """The greedy player's move (see :class:`~zhengshangyou.bots.GreedyBot`), read
    from the state: lead the weakest play (most cards at the lowest rank), answer
    with the smallest plain play, bomb only when passing is not allowed or an
    opponent is close to going out; exchange: the first decision, or the lowest card."""
    first = moves[0]
    if not isinstance(first, Play) and first is not PASS:
        if isinstance(first, (Bid, Call, Rob)):  # the auction (D3), by the high cards alone
            decision = auction_decision(state.hands[state.trick.to_act], state.rules, moves, plan=False)
            assert decision is not None
            return decision
        if isinstance(first, Take):
            return max(moves, key=lambda move: move.card)  # type: ignore[union-attr]
        if isinstance(first, (Give, Return)):
            return first
        assert isinstance(first, Offer)
        return first  # offers come lowest first
    seat, top_seat, landlord = state.trick.to_act, state.trick.top_seat, state.hand_state.landlord
    return greedy_move(
        moves,
        leading=state.trick.top is None,
        revolution=state.hand_state.revolution,
        threat=lambda: _threat(state),
        partner_on_top=landlord >= 0 and top_seat >= 0 and landlord not in (seat, top_seat),
    )


def _threat(state: State) -> int:
    """The fewest cards an opponent of the seat to act holds (in a game with a
    landlord, the other side's: D4.2)."""
    seat, landlord = state.trick.to_act, state.hand_state.landlord
    return min(
        (
            len(hand)
            for other, hand in enumerate(state.hands)
            if other != seat and hand and (landlord < 0 or landlord in (seat, other))
        ),
        default=99,
    )


def _settled(state: State, number: int) -> bool:
    """Whether the scores of the hand numbered ``number`` are known: it is over, or
    (under scorings that look only at the moment the Winner goes out, R7.1) the
    Winner is out, or it was thrown in and the next hand dealt at once (D3.3)."""
    return state.phase.is_over or state.match.hand_number != number or (
        state.hand_state.first_out is not None and state.rules.scoring != "placement"
    )


def _scores(state: State, number: int) -> tuple[int, ...]:
    """The scores of the hand numbered ``number``, settled (see :func:`_settled`):
    each seat's own, which in a game with a landlord is its side's (D9)."""
    if state.phase.is_over or state.match.hand_number != number:
        return state.match.results[number].scores
    hand_state = state.hand_state
    assert hand_state.first_out is not None
    cards_left, mask = hand_state.first_out
    winner = hand_state.finished[0]
    players = state.players
    order = [winner, *(seat for seat in range(players) if seat != winner)]
    played = tuple(bool(mask >> seat & 1) for seat in range(players))
    return score_hand(state.rules, finishing_order=order, cards_left=cards_left, played=played)


def rollout(state: State, rng: random.Random, *, epsilon: float = 0.2) -> tuple[int, ...]:
    """Play the hand of ``state`` out with the rollout policy (the greedy move, or with
    probability ``epsilon`` a uniformly random one) and give each seat's score (R7);
    the hand stops once its scores are settled (R7.1).

    >>> from zhengshangyou import Rules
    >>> scores = rollout(State.new(Rules(), seed=2), random.Random(0))
    >>> len(scores), sum(scores)
    (4, 0)
    """
    scores = _playout(state, rng, epsilon, None, state.match.hand_number)
    assert scores is not None  # (no budget: never cut short)
    return scores


class _Work:
    """A work budget being spent: :meth:`spend` says whether ``units`` more fit."""

    __slots__ = ("left", "step")

    def __init__(self, budget: int, rules: Rules) -> None:
        self.left = budget
        #: What a position costs under ``rules``, besides its legal moves.
        self.step = STEP_WORK + sum(cost for option, cost in CHECK_WORK.items() if getattr(rules, option))

    def spend(self, units: int) -> bool:
        self.left -= units
        return self.left >= 0


def _playout(
    state: State, rng: random.Random, epsilon: float, work: _Work | None, number: int
) -> tuple[int, ...] | None:
    """:func:`rollout` of the hand numbered ``number``, charging every position's
    legal moves to ``work``: None when the budget runs out before the scores are
    settled."""
    while not _settled(state, number):
        moves = tuple(state.legal_moves())
        if work is not None and not work.spend(work.step + MOVE_WORK * len(moves)):
            return None
        if len(moves) == 1:
            move = moves[0]
        elif rng.random() < epsilon:
            move = rng.choice(moves)
        else:
            move = _greedy(state, moves)
        state = state.play(move)
    return _scores(state, number)


def _budget(value: object, name: str) -> int:
    count = check_int(value, name)
    if count < 1:
        raise ZhengShangyouError(f"{name} must be at least 1, not {count}")
    return count


def _limit(value: object) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise WrongTypeError(f"time_limit must be a positive number of seconds or None, not {brief_repr(value)}", argument="time_limit")
    return float(value)


def _world_cost(observation: Observation) -> int:
    """What one determinization costs of the work budget: the cards it deals (the
    face-down kitty's included, D2.2)."""
    kitty = observation.rules.kitty if observation.landlord < 0 else 0
    return max(1, sum(observation.counts) + kitty)


def _fallback(observation: Observation) -> Move:
    """The greedy choice, when the work budget left no search result."""
    return GreedyBot().choose(observation)


class _Scale:
    """Scores mapped to 0..1 by the rules' bounds of one hand (R7), so that UCB's
    exploration constant means the same under every scoring.

    In a game with a landlord scored by a stake (D9.1, D9.4) the rules' bounds allow
    every bomb of the deck (2**14 times the stake), which would squeeze the scores of
    real hands into a sliver of 0..1: there the bounds are those of a hand at the
    auction's base (the highest base while it is under way) with one bomb and no
    spring (a rarer score falls outside 0..1, which UCB takes as it is)."""

    def __init__(self, observation: Observation) -> None:
        rules = observation.rules
        low, high = rules.score_bounds
        if rules.teams == "landlord" and rules.scoring in ("multiplier", "douzero"):
            base = observation.base or (2**rules.players if rules.auction == "call_rob" else 3)
            high = max(landlord_scores(rules, landlord=0, winner=0, base=base, bombs=1, spring=False))
            low = -high
        self.low, self.span = low, max(high - low, 1)

    def __call__(self, score: int) -> float:
        return (score - self.low) / self.span


class _Searcher:
    """What both search bots share: a seeded generator, a time limit, the rollouts'
    share of random moves."""

    def __init__(self, seed: int | None, time_limit: float | None, epsilon: float, work: int) -> None:
        self.random = random.Random(seed)
        self.time_limit = _limit(time_limit)
        self.epsilon = epsilon
        self.work = _budget(work, "work")
        #: The work the last move spent (see the module documentation).
        self.spent = 0

    def reset(self, seed: int | None) -> None:
        """Reseed the bot's generator (before each hand of a simulation).

        >>> bot = ISMCTSBot(seed=1)
        >>> bot.reset(7); bot.random.random() == random.Random(7).random()
        True
        """
        self.random.seed(seed)

    def _deadline(self) -> float | None:
        """When the search of this move must stop, by the time limit."""
        return None if self.time_limit is None else time.perf_counter() + self.time_limit


class MonteCarloBot(_Searcher):
    """Determinized rollouts for each legal move; plays the best mean score.

    Each round draws one world per legal move (:func:`~zhengshangyou.worlds.sample_world`),
    makes the move there and plays the hand out (:func:`rollout`); after
    ``rollouts`` rounds (or ``time_limit`` seconds, or ``work`` units of work,
    whichever comes first: see the module documentation) it plays the move with
    the best mean score for its seat over the rollouts finished, or the greedy
    move when a legal move has none.

    >>> from zhengshangyou import Game
    >>> game = Game(seed=5)
    >>> bot = MonteCarloBot(rollouts=3, seed=2)
    >>> bot.choose(game.observation(game.to_act)) in game.legal_moves()
    True
    """

    def __init__(
        self, rollouts: int = 20, *, seed: int | None = None, time_limit: float | None = None,
        epsilon: float = 0.2, work: int = MONTE_CARLO_WORK,
    ) -> None:
        super().__init__(seed, time_limit, epsilon, work)
        self.rollouts = _budget(rollouts, "rollouts")

    def choose(self, observation: Observation) -> Move:
        """The legal move with the best mean score over the rollouts.

        >>> from zhengshangyou import Game
        >>> game = Game(seed=7)
        >>> MonteCarloBot(rollouts=2, seed=1).choose(game.observation(game.to_act)) in game.legal_moves()
        True
        """
        self.spent = 0
        moves = check_turn(observation).legal_moves
        if len(moves) == 1:
            return moves[0]
        rng, seat = self.random, observation.seat
        totals = [0] * len(moves)
        done = [0] * len(moves)
        deadline = self._deadline()
        work, world_cost = _Work(self.work, observation.rules), _world_cost(observation)
        rounds, stop = 0, False
        while rounds < self.rollouts and not stop:
            for index, move in enumerate(moves):
                if not work.spend(world_cost):
                    stop = True
                    break
                world = sample_world(observation, rng).play(move)
                scores = _playout(world, rng, self.epsilon, work, observation.hand_number)
                if scores is None:
                    stop = True
                    break
                totals[index] += scores[seat]
                done[index] += 1
                if deadline is not None and time.perf_counter() >= deadline:
                    stop = True
                    break
            rounds += 1
        self.spent = min(self.work - work.left, self.work)
        if not all(done):
            return _fallback(observation)
        best = max(range(len(moves)), key=lambda index: Fraction(totals[index], done[index]))
        return moves[best]

    def __repr__(self) -> str:
        work = "" if self.work == MONTE_CARLO_WORK else f", work={self.work}"
        return f"MonteCarloBot(rollouts={self.rollouts}{work})"


#: The bits of a play's key that hold a suit (R4.3, R4.5), as rank plays read them.
_SUIT_PART = 3


def _class_key(rules: Rules) -> Callable[[Move], Hashable]:
    """The tree's key of a move under ``rules``: for a play, its class (kind, ranks,
    and its comparison key, less the suit part where the kind's key holds no suit):
    two plays have the same key exactly when
    :meth:`ActionSpace.encode <zhengshangyou.actionspace.ActionSpace.encode>` gives
    them the same id, with no action space to build (tens of thousands of ids
    under single wings, R3.19, built in about a second); any other move is its own
    key."""
    suited = kinds_mask([combination.kind for combination in catalogue(rules) if combination.suit_in_key])

    def key(move: Move) -> Hashable:
        if isinstance(move, Play):
            ranks = [card.rank for card in move.cards]
            ranks.sort()
            strength = move.key if KIND_BITS[move.kind] & suited else move.key & ~_SUIT_PART
            return move.kind._value_, tuple(ranks), strength
        return move

    return key


def _lowest_id(observation: Observation, moves: list[Move]) -> Move:
    """The move of the lowest action-space id among ``moves`` (legal moves of
    ``observation``, in its listing order), without building the action space
    during play.

    The ids number the rank plays in the order of the full deck's class view, whose
    order between rank plays every hand's listing follows, then come the classes of
    a kind whose key holds a suit (R4.3, R4.5) that are not the first of their rank
    play in that view, in the view's order, then the pass. So the lowest is the first
    listed of the moves with a rank play's id, else the first in the deck's order of
    the others; an exchange decision's id comes from the action space."""
    if any(isinstance(move, (Bid, Call, Rob)) for move in moves):
        return moves[0]  # the auction's moves: the first listed (no action-space ids, D3)
    if not all(isinstance(move, Play) or move is PASS for move in moves):
        space = ActionSpace(observation.rules)
        return min(moves, key=space.encode)
    rules = observation.rules
    suited = kinds_mask([combination.kind for combination in catalogue(rules) if combination.suit_in_key])
    deck = rules.deck()
    later: list[tuple[int, int, Move]] = []  # (the rank play's place, the place in the deck's view)
    places: dict[tuple[str, tuple[int, ...], int], int] = {}
    for move in moves:
        if not isinstance(move, Play):
            continue  # the pass: after every play
        if not KIND_BITS[move.kind] & suited:
            return move  # a rank play's id
        ranks = sorted(card.rank for card in move.cards)
        strength = move.key & ~_SUIT_PART
        classes = [
            play.key
            for play in legal_plays([card for card in deck if card.rank in ranks], rules, kinds=[move.kind])
            if sorted(card.rank for card in play.cards) == ranks and play.key & ~_SUIT_PART == strength
        ]
        if classes[0] == move.key:
            return move  # the first class of its rank play: the rank play's id
        identity = places.setdefault((move.kind._value_, tuple(ranks), strength), len(places))
        later.append((identity, classes.index(move.key), move))
    return min(later, key=lambda item: item[:2])[2] if later else moves[0]


class _Node:
    """A node of the information-set tree: the move into it (by id), who made it,
    its visits, the total of the mover's scaled scores, and how often it was
    available (its parent visited in a world where the move was legal)."""

    __slots__ = ("available", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Hashable, _Node] = {}


class ISMCTSBot(_Searcher):
    """Single-observer information-set Monte Carlo tree search (see the module docstring).

    ``iterations`` determinizations (or ``time_limit`` seconds, or ``work`` units of
    work, whichever comes first: see the module documentation) each walk the tree with UCB (``exploration`` is its constant, scores
    scaled to 0..1 by the rules' bounds of one hand; a hand's scores spread over
    about a fifth of that range, hence 0.2), expand one move, play out with
    :func:`rollout` and back up; the root's most visited move is played.

    >>> from zhengshangyou import Game, Rules
    >>> game = Game(Rules(players=3), seed=8)
    >>> ISMCTSBot(iterations=20, seed=4).choose(game.observation(game.to_act)) in game.legal_moves()
    True
    """

    def __init__(
        self,
        iterations: int = 200,
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.2,
        epsilon: float = 0.2,
        work: int = SEARCH_WORK,
    ) -> None:
        super().__init__(seed, time_limit, epsilon, work)
        self.iterations = _budget(iterations, "iterations")
        self.exploration = exploration

    def choose(self, observation: Observation) -> Move:
        """The root's most visited move after the search.

        >>> from zhengshangyou import Game
        >>> game = Game(seed=7)
        >>> seen = game.observation(game.to_act)
        >>> ISMCTSBot(iterations=20, seed=2).choose(seen) == ISMCTSBot(iterations=20, seed=2).choose(seen)
        True
        """
        self.spent = 0
        moves = check_turn(observation).legal_moves
        if len(moves) == 1:
            return moves[0]
        key = _class_key(observation.rules)
        scale = _Scale(observation)
        rng = self.random
        root = _Node(-1)
        deadline = self._deadline()
        work, world_cost = _Work(self.work, observation.rules), _world_cost(observation)
        for _ in range(self.iterations):
            if not work.spend(world_cost):
                break
            if not self._iterate(root, sample_world(observation, rng), key, scale, rng, work):
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.spent = min(self.work - work.left, self.work)
        if not any(child.visits for child in root.children.values()):
            return _fallback(observation)
        by_key = {key(move): move for move in moves}

        def visits(action: Hashable) -> int:
            child = root.children.get(action)
            return -1 if child is None else child.visits

        most = max(visits(action) for action in by_key)
        tied = [by_key[action] for action in by_key if visits(action) == most]
        return tied[0] if len(tied) == 1 else _lowest_id(observation, tied)

    def _iterate(
        self,
        root: _Node,
        state: State,
        key: Callable[[Move], Hashable],
        scale: _Scale,
        rng: random.Random,
        work: _Work,
    ) -> bool:
        """One iteration from the determinization ``state``; False, with nothing backed
        up, when the work budget runs out first."""
        node, path = root, []
        number = state.match.hand_number
        while not _settled(state, number):
            moves = tuple(state.legal_moves())
            if not work.spend(work.step + MOVE_WORK * len(moves)):
                return False
            legal = {key(move): move for move in moves}
            children = node.children
            untried = [action for action in legal if action not in children]
            for action in legal:
                if action in children:
                    children[action].available += 1
            if untried:
                action = rng.choice(untried)
                child = children[action] = _Node(state.trick.to_act)
                child.available = 1
                state = state.play(legal[action])
                path.append(child)
                break
            action = self._select(node, legal)
            node = children[action]
            path.append(node)
            state = state.play(legal[action])
        scores = _playout(state, rng, self.epsilon, work, number)
        if scores is None:
            return False
        for visited in path:
            visited.visits += 1
            visited.total += scale(scores[visited.mover])
        return True

    def _select(self, node: _Node, legal: dict[Hashable, Move]) -> Hashable:
        """The available child with the best upper confidence bound."""
        exploration, children = self.exploration, node.children
        best: Hashable = None
        best_value = -math.inf
        for action in legal:
            child = children[action]
            value = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if value > best_value:
                best, best_value = action, value
        return best

    def __repr__(self) -> str:
        work = "" if self.work == SEARCH_WORK else f", work={self.work}"
        return f"ISMCTSBot(iterations={self.iterations}{work})"
