"""Values copy and pickle as values (issue 15).

``Rules`` (the default and every preset), ``State``, ``Game`` (mid-game, after some
moves, during an exchange), ``Observation``, ``LegalMoves``, ``RankPlays`` and the
move generator's ``LegalPlays`` and tables: a pickle round trip gives an equal
object (the very object, for what is kept per rule set), ``copy.copy`` and
``copy.deepcopy`` give the immutable values themselves, and a ``Game`` copies as a
new handle on the same states: a move on the copy leaves the original where it
was. An unpickled game plays on as the original does; a bot holding a
``RankPlays`` pickles, and plays in a process pool. No timing is asserted here:
``benchmarks/bench_values.py`` measures.
"""

from __future__ import annotations

import copy
import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_fuzz import random_game  # a game after some random legal moves
from zhengshangyou import Game, Hand, Move, Observation, Phase, Play, Rules, State
from zhengshangyou.moves import Tables, legal_plays, tables_of
from zhengshangyou.rankplays import RankPlays, rank_plays
from zhengshangyou.rules import Exchange
from zhengshangyou.simulate import simulate
from zhengshangyou.testing import rules_sets

PRESETS = Rules.preset_names()


def round_trip(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


def in_exchange(rules: Rules, seed: int, decisions: int) -> Game:
    """A game in the exchange of its second hand, after ``decisions`` of its decisions."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_hand_over:
        game.play(rng.choice(list(game.legal_moves())))
    game.next_hand()
    for _ in range(decisions):
        game.play(next(iter(game.legal_moves())))
    assert game.phase is Phase.EXCHANGE
    return game


def play_on(game: Game, seed: int, moves: int = 400) -> list[list[Move]]:
    """Play random moves from ``game`` to the end of its hand (or ``moves`` moves);
    return the legal moves met at each step."""
    rng = random.Random(seed)
    met: list[list[Move]] = []
    for _ in range(moves):
        if game.is_hand_over:
            break
        legal = list(game.legal_moves())
        met.append(legal)
        game.play(rng.choice(legal))
    return met


def positions() -> list[tuple[str, Game]]:
    """Games to copy and pickle: fresh, mid-game under every preset, after a hand,
    and in each step of both exchanges."""
    found = [("fresh", Game(seed=1))]
    found += [(f"{name} mid-game", random_game(Rules.preset(name), 2, 12)) for name in PRESETS]
    found.append(("second hand", random_game(Rules(players=3), 3, 200)))
    exchanges: tuple[tuple[Exchange, int], ...] = (("highest_for_one_of_two", 3), ("highest_for_any", 2))
    for exchange, steps in exchanges:
        rules = Rules(exchange=exchange)
        found += [(f"{exchange} after {step}", in_exchange(rules, 4, step)) for step in range(steps)]
    return found


POSITIONS = positions()
IDS = [name for name, _ in POSITIONS]
GAMES = [game for _, game in POSITIONS]

# ---------------------------------------------------------------------------
# Rules


@pytest.mark.parametrize("name", PRESETS)
def test_rules_pickle_equal_with_the_same_hash_and_copy_as_themselves(name: str) -> None:
    exchange = "highest_for_any" if Rules.preset(name).teams == "none" else "none"  # (D4)
    for rules in (Rules.preset(name), Rules.preset(name, exchange=exchange, players=3)):
        again = round_trip(rules)
        assert again == rules
        assert hash(again) == hash(rules)
        assert copy.copy(rules) is rules
        assert copy.deepcopy(rules) is rules


def test_the_default_rules_pickle_as_rules() -> None:
    assert round_trip(Rules()) == Rules() == Rules.preset("zhengshangyou")


@settings(max_examples=40)
@given(rules_sets())
def test_any_rule_set_pickles_equal(rules: Rules) -> None:
    again = round_trip(rules)
    assert again == rules
    assert hash(again) == hash(rules)
    assert again.to_dict() == rules.to_dict()


def test_games_under_equal_rule_sets_hold_one_shared_rule_set() -> None:
    # Equal but distinct Rules objects: every game (and every unpickled rule set)
    # holds the first of them, so the caches derived from the rules find them by
    # identity (rules.shared); the rules are still equal to the ones passed in.
    first, second = Rules(players=7, min_straight=4), Rules(players=7, min_straight=4)
    assert first is not second
    games = [Game(first, seed=1), Game(second, seed=2), Game(Rules.from_dict(first.to_dict()))]
    held = {id(game.rules) for game in games}
    assert len(held) == 1
    assert games[1].rules == second
    assert round_trip(second) is games[0].rules
    assert Game(Rules(players=6), seed=1).rules is not games[0].rules


# ---------------------------------------------------------------------------
# State, Observation, LegalMoves


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_state_pickles_equal_and_copies_as_itself(game: Game) -> None:
    state = game.state
    again = round_trip(state)
    assert again == state
    assert again.history() == state.history()
    assert list(again.legal_moves()) == list(state.legal_moves())
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_observation_pickles_equal_and_copies_as_itself(game: Game) -> None:
    for seat in range(game.rules.players):
        seen = game.observation(seat)
        assert isinstance(seen, Observation)
        assert round_trip(seen) == seen
        assert copy.copy(seen) is seen
        assert copy.deepcopy(seen) is seen


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_moves_pickle_equal_and_copy_as_themselves(game: Game) -> None:
    for view in ("classes", "cards"):
        moves = game.legal_moves(view=view)
        again = round_trip(moves)
        assert again == moves
        assert list(again) == list(moves)
        assert copy.copy(moves) is moves
        assert copy.deepcopy(moves) is moves


# ---------------------------------------------------------------------------
# Game


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_unpickled_game_is_equal_and_plays_on_identically(game: Game) -> None:
    again = round_trip(game)
    assert again == game
    assert again.state == game.state
    original = game.copy()
    assert play_on(again, seed=5) == play_on(original, seed=5)
    assert again.state == original.state
    assert again.state.result == original.state.result


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_copied_game_is_equal_shares_the_state_and_is_independent(game: Game) -> None:
    for copied in (copy.copy(game), copy.deepcopy(game)):
        assert copied is not game
        assert copied == game
        assert copied.state is game.state
        state, legal = game.state, list(game.legal_moves())
        copied.play(legal[-1])
        assert game.state is state
        assert list(game.legal_moves()) == legal
        assert copied != game
        copied.undo()  # the copy shares the undo steps, never changes the original's
        assert copied == game


def test_a_deepcopied_game_undoes_as_the_original_does() -> None:
    game = random_game(Rules(), 6, 10)
    copied = copy.deepcopy(game)
    game.undo()
    copied.undo()
    assert copied == game


def test_a_game_with_a_long_history_pickles() -> None:
    """Its undo steps stay behind (pickled, thousands of nested steps were too deep)."""
    game = random_game(Rules(players=2), 7, 3000)
    again = round_trip(game)
    assert again == game
    assert play_on(again, seed=1) == play_on(game.copy(), seed=1)


def test_deepcopy_keeps_sharing_inside_a_structure() -> None:
    game = random_game(Rules(), 8, 5)
    space = rank_plays(game.rules)
    held = {"game": game, "state": game.state, "space": space, "rules": game.rules}
    copied = copy.deepcopy(held)
    assert copied["game"] == game
    assert copied["game"] is not game
    assert copied["state"] is game.state
    assert copied["space"] is space
    assert copied["rules"] is game.rules


# ---------------------------------------------------------------------------
# RankPlays and the move generator


@pytest.mark.parametrize("name", PRESETS)
def test_rank_plays_pickle_as_the_space_of_their_rules(name: str) -> None:
    space = rank_plays(Rules.preset(name))
    data = pickle.dumps(space)
    assert len(data) < 4000  # the rules, not the tables
    assert pickle.loads(data) is space
    assert copy.copy(space) is space
    assert copy.deepcopy(space) is space


def test_unpickled_rank_plays_are_the_space_of_equal_rules() -> None:
    space = rank_plays(Rules.preset("two-deck"))
    again = round_trip(space)
    assert isinstance(again, RankPlays)
    assert again.rules == space.rules
    assert list(again) == list(space)
    assert round_trip(space[17]) == space[17]
    assert again.index(round_trip(space[17])) == 17


def test_the_generators_tables_pickle_as_the_tables_of_their_rules() -> None:
    rules = Rules.preset("winner")
    for classes in (True, False):
        tables = tables_of(rules, classes)
        assert round_trip(tables) is tables
        assert copy.copy(tables) is tables
        assert copy.deepcopy(tables) is tables


def test_the_tables_of_a_listing_with_a_pinned_card_do_not_pickle() -> None:
    tables = Tables(Rules(), True, cards_of=lambda code: ())
    with pytest.raises(TypeError, match="pinned card"):
        pickle.dumps(tables)


@pytest.mark.parametrize("name", PRESETS)
def test_legal_plays_pickle_equal_and_copy_as_themselves(name: str) -> None:
    rules = Rules.preset(name)
    hand = Hand(rules.deck()[::4])
    for view in ("classes", "cards"):
        plays = legal_plays(hand, rules, view=view)
        again = round_trip(plays)
        assert again == plays
        assert list(again) == list(plays)
        assert copy.deepcopy(plays) is plays


# ---------------------------------------------------------------------------
# a bot holding a RankPlays


class RankPlaysBot:
    """A bot that keeps its rules' rank plays, as a learning agent keeps its action
    space: it plays the legal play of the lowest rank-play id, else the first move."""

    def __init__(self, rules: Rules) -> None:
        self.space = rank_plays(rules)

    def choose(self, observation: Observation) -> Move:
        plays = [move for move in observation.legal_moves if isinstance(move, Play)]
        if not plays:
            return observation.legal_moves[0]
        return min(plays, key=lambda play: self.space.of(play).id)

    def __repr__(self) -> str:
        return "RankPlaysBot()"


def test_a_bot_holding_rank_plays_pickles_and_copies() -> None:
    rules = Rules.preset("winner")
    bot = RankPlaysBot(rules)
    again = round_trip(bot)
    assert again.space is bot.space
    assert copy.deepcopy(bot).space is bot.space
    game = random_game(rules, 9, 7)
    seen = game.observation(game.to_act)
    assert again.choose(seen) == bot.choose(seen)


def test_a_bot_holding_rank_plays_plays_in_a_process_pool() -> None:
    rules = Rules(players=2)
    bots = [RankPlaysBot(rules), RankPlaysBot(rules)]
    alone = simulate(bots, rules, games=4, seed=3, batch=2)
    # "spawn": forking a process that runs threads (coverage, hypothesis) can deadlock.
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as executor:
        pooled = simulate(bots, rules, games=4, seed=3, executor=executor, batch=2)
    assert pooled == alone


@settings(max_examples=15)
@given(rules=rules_sets(), seed=st.integers(0, 2**32), moves=st.integers(0, 40))
def test_random_games_round_trip(rules: Rules, seed: int, moves: int) -> None:
    game = random_game(rules, seed, moves)
    again = round_trip(game)
    assert again == game
    assert round_trip(game.state) == game.state
    assert copy.deepcopy(game).state is game.state
    assert play_on(again, seed, moves=30) == play_on(game.copy(), seed, moves=30)
    assert isinstance(again.state, State)
