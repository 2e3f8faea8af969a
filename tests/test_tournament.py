"""Tournaments on duplicate deals (issue 16): the schedule's fairness, the duplicate
property, reproducibility on any executor, the intervals and ratings against their
formulas, and the refusals."""

from __future__ import annotations

import functools
import importlib.util
import math
import multiprocessing
import pickle
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from zhengshangyou import PASS, Observation, Rules
from zhengshangyou.actions import Move
from zhengshangyou.bots import Bot, GreedyBot, RandomBot
from zhengshangyou.errors import WrongTypeError, ZhengShangyouError
from zhengshangyou.tournament import (
    BOT_NAMES,
    REDEAL_LIMIT,
    Pairing,
    TournamentHand,
    TournamentResult,
    bot_from_name,
    bradley_terry,
    check_bot_name,
    normal_interval,
    schedule,
    tournament,
)

TWO = Rules(players=2)
THREE = Rules(players=3)


def stream(offset: int, seed: int) -> RandomBot:
    """A random bot drawing from a stream of its own (the same bot, other luck)."""
    return RandomBot(seed=seed ^ offset)


# --- the schedule ---------------------------------------------------------------


def seat_counts(result: TournamentResult) -> Counter[tuple[str, int]]:
    return Counter((name, seat) for record in result.records for seat, name in enumerate(record.seats))


def test_with_a_bot_a_seat_every_deal_is_played_by_every_bot_from_every_seat() -> None:
    result = tournament(["greedy", "random", "random", "random"], hands=12, seed=3)
    assert (result.hands, result.deals) == (12, 3)
    for deal in range(3):
        hands = [record for record in result.records if record.deal == deal]
        assert len(hands) == 4
        assert len({(record.game_seed, record.bot_seeds) for record in hands}) == 1  # one deal, one seed a seat
        seats = Counter((name, seat) for record in hands for seat, name in enumerate(record.seats))
        assert seats == Counter({(name, seat): 1 for name in result.names for seat in range(4)})
    # the order around the table is shuffled per deal: not always the same neighbours
    assert len({record.seats for record in result.records}) > 4


def test_with_more_bots_than_seats_whole_cycles_give_every_bot_every_seat_equally() -> None:
    names = ["greedy", "random", "random", "random", "random"]
    result = tournament(names, THREE, hands=16, seed=5)  # rounded up to whole cycles: 2 of 5 deals x 3 hands
    assert (result.hands, result.deals) == (30, 10)
    assert seat_counts(result) == Counter({(name, seat): 6 for name in result.names for seat in range(3)})
    for deal in range(10):
        hands = [record for record in result.records if record.deal == deal]
        table = set(hands[0].seats)
        assert len(table) == 3
        seats = Counter((name, seat) for record in hands for seat, name in enumerate(record.seats))
        assert seats == Counter({(name, seat): 1 for name in table for seat in range(3)})
    assert {standing.hands for standing in result.standings} == {18}
    assert {standing.deals for standing in result.standings} == {6}


def test_the_schedule_balances_bots_and_pairs_over_many_cycles() -> None:
    bots, players, cycles = 7, 3, 300
    tables = schedule(bots, players, bots * cycles, seed=11)
    assert all(len(set(table)) == players for table in tables)
    for cycle in range(cycles):
        counts = Counter(bot for table in tables[cycle * bots : (cycle + 1) * bots] for bot in table)
        assert counts == Counter(dict.fromkeys(range(bots), players))
    pairs = Counter(frozenset(pair) for table in tables for pair in zip(table, table[1:] + table[:1], strict=True))
    expected = len(tables) * players / (bots * (bots - 1) / 2)  # each table holds `players` pairs
    assert len(pairs) == bots * (bots - 1) // 2
    assert all(abs(count - expected) < 0.25 * expected for count in pairs.values())
    assert schedule(bots, players, 14, seed=11) == tables[:14]
    assert schedule(bots, players, 14, seed=12) != tables[:14]


# --- the duplicate property -----------------------------------------------------


@pytest.mark.parametrize(("rules", "bots"), [(TWO, ["greedy"] * 2), (THREE, ["random"] * 3), (TWO, ["greedy"] * 3)])
def test_copies_of_one_bot_replay_each_deal_from_every_seat_and_differ_by_zero(rules: Rules, bots: list[str]) -> None:
    result = tournament(bots, rules, hands=24, seed=2)
    for pairing in result.pairings:
        assert pairing.mean_difference == 0
        assert pairing.interval == (0.0, 0.0)
    assert {standing.mean_score for standing in result.standings} == {0.0}  # cards_left is zero-sum
    assert {standing.rating for standing in result.standings} == {1500.0}
    for deal in {record.deal for record in result.records}:
        hands = [record for record in result.records if record.deal == deal]
        assert len({(record.finishing_order, record.scores, record.moves) for record in hands}) == 1


def test_copies_of_a_random_bot_with_streams_of_their_own_rate_within_noise() -> None:
    bots = {f"r{offset}": functools.partial(stream, offset) for offset in range(4)}
    result = tournament(bots, hands=200, seed=0)
    # each bot makes 3 comparisons a hand; the standard error of a Bradley-Terry
    # rating about the mean is near (400 / ln 10) * 2 / sqrt(comparisons)
    error = 400 / math.log(10) * 2 / math.sqrt(200 * 3)
    assert all(abs(standing.rating - 1500) < 3 * error for standing in result.standings)
    assert len({standing.rating for standing in result.standings}) == 4  # really other luck


def test_a_better_bot_is_rated_higher_and_its_difference_is_above_zero() -> None:
    result = tournament(["random", "greedy"], TWO, hands=80, seed=1)
    assert [standing.name for standing in result.standings] == ["greedy", "random"]
    difference = result.pairing("greedy", "random")
    assert difference.interval[0] > 0
    assert difference.ahead > difference.behind
    assert result.pairing("random", "greedy") == difference.flipped()


# --- reproducibility ------------------------------------------------------------


def test_the_seed_alone_decides_the_result() -> None:
    bots = ["greedy", "random", "random"]
    first = tournament(bots, TWO, hands=12, seed=7)
    assert tournament(bots, TWO, hands=12, seed=7, batch=1) == first
    assert tournament(bots, TWO, hands=12, seed=7, batch=100) == first
    with ThreadPoolExecutor(3) as executor:
        assert tournament(bots, TWO, hands=12, seed=7, executor=executor) == first
    assert tournament(bots, TWO, hands=12, seed=8) != first
    assert pickle.loads(pickle.dumps(first)) == first


def test_a_process_pool_gives_the_same_result() -> None:
    """Acceptance 3 of issue 16."""
    bots: dict[str, Any] = {"greedy": "greedy", "random": RandomBot(seed=99), "class": RandomBot, "other": GreedyBot}
    alone = tournament(bots, THREE, hands=24, seed=4, batch=2)
    # "spawn": forking a process that runs threads (coverage, xdist) can deadlock.
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as executor:
        pooled = tournament(bots, THREE, hands=24, seed=4, batch=2, executor=executor)
    assert pooled == alone


class PicklingExecutor(Executor):
    """Runs every job here, after a round trip through pickle, as a process pool would
    send it (and its answer back)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        fn, args = pickle.loads(pickle.dumps((fn, args)))
        future.set_result(pickle.loads(pickle.dumps(fn(*args, **kwargs))))
        return future


def test_every_kind_of_bot_crosses_to_a_worker_and_back() -> None:
    template = RandomBot(seed=5)
    bots: dict[str, Any] = {"t": template, "c": RandomBot, "n": "greedy", "f": functools.partial(stream, 3)}
    alone = tournament(bots, THREE, hands=8, seed=1, batch=1)  # the template's working copy is made here
    assert tournament(bots, THREE, hands=8, seed=1, batch=1, executor=PicklingExecutor()) == alone


def test_progress_reports_the_total_first_then_after_each_job() -> None:
    calls: list[tuple[int, int]] = []
    tournament(["greedy", "random"], TWO, hands=9, seed=1, batch=2, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 10), (4, 10), (8, 10), (10, 10)]


# --- bots given as names, bots, classes, factories --------------------------------


class Counting:
    """A bot without reset: copied for every hand, never changed itself."""

    def __init__(self) -> None:
        self.moves = 0

    def choose(self, observation: Observation) -> Move:
        self.moves += 1
        return GreedyBot().choose(observation)


def test_bots_may_be_names_bots_classes_or_factories() -> None:
    template = RandomBot(seed=1)
    state = template.random.getstate()
    counting = Counting()
    bots: list[Any] = ["greedy", template, RandomBot, GreedyBot, functools.partial(stream, 5), counting, "greedy"]
    result = tournament(bots, hands=7, seed=3)
    assert result.names == ("greedy", "RandomBot", "RandomBot#2", "GreedyBot", "partial", "Counting", "greedy#2")
    assert template.random.getstate() == state
    assert counting.moves == 0
    # A bot given as a bot plays as a copy reset with the hand's seed, a class that
    # takes a seed is built with it, a name too: the same bot each way, the same result.
    randoms: list[Any] = [template, RandomBot, "random", functools.partial(stream, 0)]
    greedies: list[Any] = [GreedyBot(), GreedyBot, "greedy", counting]
    results = [tournament({"r": r, "g": g}, TWO, hands=10, seed=3) for r, g in zip(randoms, greedies, strict=True)]
    assert all(other == results[0] for other in results[1:])
    assert tournament("greedy, random", TWO, hands=2).names == ("greedy", "random")


def test_bot_names_build_the_bots_they_name() -> None:
    assert BOT_NAMES == ("heuristic", "greedy", "random", "ismcts[:ITERATIONS]", "montecarlo[:ROLLOUTS]")
    assert repr(bot_from_name("heuristic")) == "HeuristicBot()"
    assert isinstance(bot_from_name(" greedy"), GreedyBot)
    first, second = bot_from_name("random", seed=4), bot_from_name("random", seed=4)
    assert isinstance(first, RandomBot)
    assert isinstance(second, RandomBot)
    assert first.random.random() == second.random.random()
    assert check_bot_name("montecarlo:50 ") == "montecarlo:50"


@pytest.mark.skipif(importlib.util.find_spec("zhengshangyou.search") is None, reason="no zhengshangyou.search yet")
def test_search_bots_by_name() -> None:
    search = pytest.importorskip("zhengshangyou.search")
    ismcts, montecarlo = bot_from_name("ismcts:7", seed=1), bot_from_name("montecarlo:3", seed=1)
    assert isinstance(ismcts, search.ISMCTSBot)
    assert isinstance(montecarlo, search.MonteCarloBot)
    assert (ismcts.iterations, montecarlo.rollouts) == (7, 3)
    assert isinstance(bot_from_name("ismcts"), search.ISMCTSBot)
    result = tournament(["ismcts:4", "greedy"], TWO, hands=2, seed=1)
    assert result.hands == 2


# --- the statistics against their formulas --------------------------------------


def hand(deal: int, seats: tuple[str, str], order: tuple[int, int], scores: tuple[int, int]) -> TournamentHand:
    return TournamentHand(deal, seats, order, scores, moves=30, game_seed=deal, bot_seeds=(0, 1))


def test_intervals_ratings_and_counts_by_their_formulas() -> None:
    # Deal 0: a wins from both seats (+5, then +3); deal 1: b wins from seat 1 (a -2),
    # a from seat 1 (+1). So a's mean per deal: 4 and -0.5; b's: -4 and 0.5.
    records = [
        hand(0, ("a", "b"), (0, 1), (5, -5)),
        hand(0, ("b", "a"), (1, 0), (-3, 3)),
        hand(1, ("a", "b"), (1, 0), (-2, 2)),
        hand(1, ("b", "a"), (1, 0), (-1, 1)),
    ]
    result = TournamentResult.from_records(TWO, 0, ["a", "b"], records)
    assert [(record.place("a"), record.score("a")) for record in records] == [(1, 5), (1, 3), (2, -2), (1, 1)]
    a, b = result.standing("a"), result.standing("b")
    assert (a.hands, a.deals, a.total_score, a.wins, a.mean_place) == (4, 2, 7, 3, 1.25)
    assert (b.total_score, b.wins, b.mean_place) == (-7, 1, 1.75)
    assert a.mean_score == 1.75
    # mean 1.75 over the deal means 4 and -0.5: s = sqrt(2 * 2.25**2), s / sqrt(2) = 2.25
    assert a.score_interval == pytest.approx((1.75 - 1.96 * 2.25, 1.75 + 1.96 * 2.25))
    assert b.score_interval == pytest.approx((-1.75 - 1.96 * 2.25, -1.75 + 1.96 * 2.25))
    assert a.score_interval == pytest.approx((-2.66, 6.16))
    # paired: differences 8 and -1, mean 3.5, s / sqrt(2) = 4.5
    pair = result.pairing("a", "b")
    assert (pair.deals, pair.ahead, pair.behind) == (2, 3, 1)
    assert pair.mean_difference == 3.5
    assert pair.interval == pytest.approx((3.5 - 1.96 * 4.5, 3.5 + 1.96 * 4.5))
    # Wilson, 3 wins in 4: (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)
    z, n, p = 1.96, 4, 0.75
    centre, margin = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    assert a.win_interval == pytest.approx(((centre - margin) / (1 + z * z / n), (centre + margin) / (1 + z * z / n)))
    assert a.win_interval == pytest.approx((0.3006, 0.9544), abs=1e-4)
    # Bradley-Terry with two players is closed-form: strengths 3.5 : 1.5 with the prior
    gap = 400 * math.log10(3.5 / 1.5)
    assert a.rating == pytest.approx(1500 + gap / 2)
    assert b.rating == pytest.approx(1500 - gap / 2)
    assert [standing.name for standing in result.standings] == ["a", "b"]


def test_normal_interval_by_hand() -> None:
    # mean 2, s = 1: 2 -+ 1.96 / sqrt(3)
    assert normal_interval([1.0, 2.0, 3.0]) == pytest.approx((2 - 1.96 / math.sqrt(3), 2 + 1.96 / math.sqrt(3)))
    assert normal_interval([1.0, 2.0, 3.0]) == pytest.approx((0.8684, 3.1316), abs=1e-4)
    assert normal_interval([5.0, 5.0], z=3.0) == (5.0, 5.0)
    assert normal_interval([]) == normal_interval([7.0]) == (-math.inf, math.inf)


def test_bradley_terry_recovers_strengths_and_satisfies_its_likelihood_equations() -> None:
    # Counts drawn from strengths 4 : 2 : 1 (expected counts, 700 comparisons a pair).
    strengths = [4.0, 2.0, 1.0]
    wins = [[700 * si / (si + sj) if i != j else 0.0 for j, sj in enumerate(strengths)] for i, si in enumerate(strengths)]
    ratings = bradley_terry(wins, prior=1e-9)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(2), abs=1e-3)
    assert ratings[1] - ratings[2] == pytest.approx(400 * math.log10(2), abs=1e-3)
    assert sum(ratings) / 3 == pytest.approx(1500)
    # a fit cut short still has mean 1500, and moves from equal ratings the right way
    short = bradley_terry(wins, prior=1e-9, iterations=1)
    assert sum(short) / 3 == pytest.approx(1500)
    assert short[0] > short[1] > short[2]
    # with the prior, the fitted p solves: wins_i + prior (n-1) = sum_j n_ij p_i / (p_i + p_j)
    wins = [[0, 9, 2], [1, 0, 4], [0, 3, 0]]
    ratings = bradley_terry(wins)
    p = [10 ** ((rating - 1500) / 400) for rating in ratings]
    for i in range(3):
        won = sum(wins[i]) + 0.5 * 2
        expected = sum((wins[i][j] + wins[j][i] + 1) * p[i] / (p[i] + p[j]) for j in range(3) if j != i)
        assert won == pytest.approx(expected, rel=1e-9)


def test_pairs_that_never_shared_a_deal_and_a_single_deal() -> None:
    result = tournament(["greedy", "random", "random", "random", "random"], TWO, hands=1, seed=0)
    assert (result.hands, result.deals) == (10, 5)  # one cycle: each bot at 2 of the 5 deals
    never = [pairing for pairing in result.pairings if pairing.deals == 0]
    assert len(never) == 5  # on a circle of five, only neighbours meet
    assert all(pairing.mean_difference is None and pairing.interval == (-math.inf, math.inf) for pairing in never)
    text = result.table()
    assert text.count("never at one table") == 5
    once = [pairing for pairing in result.pairings if pairing.deals == 1]
    assert once
    assert all(pairing.interval == (-math.inf, math.inf) and pairing.mean_difference is not None for pairing in once)
    only = tournament(["greedy", "random"], TWO, hands=2, seed=0)
    assert only.standing("greedy").score_interval == (-math.inf, math.inf)
    assert "-     " in only.table().splitlines()[1]  # an unbounded interval shows as "-"


def test_the_table_lists_the_bots_by_rating_then_every_pair() -> None:
    result = tournament(["random", "greedy", "random"], THREE, hands=9, seed=6)
    lines = str(result).splitlines()
    assert lines[0].split() == [
        "rank", "bot", "rating", "hands", "mean", "score", "95%", "interval", "win", "rate", "95%", "interval", "place"
    ]
    ranked = [line.split()[1] for line in lines[1:4]]
    assert ranked == [standing.name for standing in result.standings]
    assert [float(line.split()[2]) for line in lines[1:4]] == sorted((float(line.split()[2]) for line in lines[1:4]), reverse=True)
    assert lines[5] == "score difference per hand on the deals both played (95% interval):"
    assert len(lines) == 9
    top, second = ranked[:2]
    assert lines[6].split()[:3] == [top, "-", second]
    assert result.ratings == {standing.name: standing.rating for standing in result.standings}


# --- refusals -------------------------------------------------------------------


class NotABot:
    pass


def not_a_bot(seed: int) -> Any:
    return NotABot()


untyped: Any = tournament  # the refusals of values of the wrong type are tested too
unchecked: Any = check_bot_name


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: untyped(["greedy"] * 3, hands=4), ZhengShangyouError, "3 bots for 4 players"),
        (lambda: untyped(["greedy"] * 2, TWO, hands=0), ZhengShangyouError, "hands and batch must be at least 1, not 0"),
        (lambda: untyped(["greedy"] * 2, TWO, hands=-3), ZhengShangyouError, "at least 1"),
        (lambda: untyped(["greedy"] * 2, TWO, hands=2, batch=0), ZhengShangyouError, "batch"),
        (lambda: untyped(["greedy"] * 2, TWO, hands="4"), WrongTypeError, "hands must be an int"),
        (lambda: untyped(["greedy"] * 2, TWO, hands=2, seed=-1), ZhengShangyouError, "R2.3"),
        (lambda: untyped(["greedy"] * 2, TWO, hands=2, seed=2**64), ZhengShangyouError, "R2.3"),
        (lambda: untyped(["greedy"] * 2, TWO, hands=2, seed=1.5), WrongTypeError, "seed must be an int"),
        (lambda: untyped(["greedy", "clever"], TWO, hands=2), ZhengShangyouError, "unknown bot 'clever'; bots are heuristic"),
        (lambda: untyped(["greedy", 3], TWO, hands=2), WrongTypeError, "a bot must be a bot name"),
        (lambda: untyped({"": "greedy", "b": "greedy"}, TWO, hands=2), WrongTypeError, "non-empty str"),
        (lambda: untyped(42, TWO, hands=2), WrongTypeError, "bots must be a mapping or a sequence"),
        (lambda: untyped(["greedy", not_a_bot], TWO, hands=2), WrongTypeError, "the factory of 'not_a_bot' made"),
        (lambda: untyped(["greedy", int], TWO, hands=2), WrongTypeError, "the factory of 'int' made 0, not a bot"),
        (lambda: untyped(["greedy"] * 2, "winner", hands=2), WrongTypeError, ""),
        (lambda: check_bot_name("ismcts:0"), ZhengShangyouError, "ITERATIONS must be a whole number from 1"),
        (lambda: check_bot_name("montecarlo:x"), ZhengShangyouError, "ROLLOUTS must be"),
        (lambda: check_bot_name("greedy:3"), ZhengShangyouError, "unknown bot 'greedy:3'"),
        (lambda: unchecked(None), WrongTypeError, "a bot name must be a str"),
        (lambda: schedule(1, 2, 3), ZhengShangyouError, "R2.1"),
        (lambda: bradley_terry([[0, 1], [1, 0]], prior=0), ZhengShangyouError, "prior must be above 0"),
    ],
)
def test_bad_arguments_raise_the_librarys_errors(call: Any, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, ValueError)
    assert fragment in str(raised.value)


def test_unknown_names_in_a_result_are_refused() -> None:
    result = tournament(["greedy", "random"], TWO, hands=2)
    with pytest.raises(ZhengShangyouError, match="no bot 'clever' in this tournament; bots are greedy, random"):
        result.standing("clever")
    with pytest.raises(ZhengShangyouError, match="not compared with itself"):
        result.pairing("greedy", "greedy")
    with pytest.raises(ZhengShangyouError, match="seats 'c'"):
        TournamentResult.from_records(TWO, 0, ["a", "b"], [hand(0, ("a", "c"), (0, 1), (1, -1))])


def test_a_pairing_flips_its_sides() -> None:
    pairing = Pairing("a", "b", deals=2, mean_difference=1.5, interval=(-0.5, 3.5), ahead=3, behind=1)
    assert pairing.flipped() == Pairing("b", "a", 2, -1.5, (-3.5, 0.5), 1, 3)
    assert pairing.flipped().flipped() == pairing


def test_the_bot_protocol_holds_for_every_plain_name() -> None:
    for name in ("heuristic", "greedy", "random"):
        assert isinstance(bot_from_name(name, seed=1), Bot)


# --- Dou Dizhu (D3.3, D4.2, D8.1) -------------------------------------------------


def ddz(deal: int, seats: tuple[str, str, str], order: tuple[int, ...], scores: tuple[int, int, int], landlord: int) -> TournamentHand:
    return TournamentHand(deal, seats, order, scores, 40, deal, (0, 1, 2), landlord=landlord)


def test_D8_1_D3_3_a_landlord_game_counts_sides_roles_and_thrown_in_hands() -> None:
    # Deal 0: a is the landlord and goes out (+4; b, c -2); then b is the landlord and c,
    # a peasant, goes out first: a and c win (+1 each, b -2). Deal 1: thrown in (D3.3).
    records = [
        ddz(0, ("a", "b", "c"), (0, 1, 2), (4, -2, -2), landlord=0),
        ddz(0, ("c", "a", "b"), (0, 2, 1), (1, 1, -2), landlord=2),
        ddz(1, ("a", "b", "c"), (), (0, 0, 0), landlord=-1),
    ]
    assert records[1].winners == (0, 1)
    assert records[2].thrown_in
    assert records[2].winners == ()
    assert records[2].place("a") == 0
    result = TournamentResult.from_records(Rules.preset("douzero"), 0, ["a", "b", "c"], records)
    a, b, c = (result.standing(name) for name in "abc")
    assert (a.hands, a.played, a.thrown_in, a.wins, a.win_rate) == (3, 2, 1, 2, 1.0)
    assert (a.landlord_hands, a.landlord_wins, a.peasant_hands, a.peasant_wins) == (1, 1, 1, 1)
    assert (b.landlord_hands, b.landlord_wins, b.peasant_hands, b.peasant_wins) == (1, 0, 1, 0)
    assert (c.landlord_hands, c.peasant_hands, c.peasant_wins) == (0, 2, 1)
    assert (b.wins, b.win_rate, c.wins, c.win_rate) == (0, 0.0, 1, 0.5)
    assert (a.landlord_win_rate, b.landlord_win_rate, c.landlord_win_rate, c.peasant_win_rate) == (1.0, 0.0, 0.0, 0.5)
    assert a.mean_place == 2.0  # places 1 and 3 (the hand thrown in has none)
    assert a.mean_score == pytest.approx(5 / 3)  # the hand thrown in counts, at 0
    # Comparisons between the sides only: a over b and c (hand 1), a and c over b (hand 2).
    assert (result.pairing("a", "b").ahead, result.pairing("a", "b").behind) == (2, 0)
    assert (result.pairing("a", "c").ahead, result.pairing("a", "c").behind) == (1, 0)
    assert (result.pairing("c", "b").ahead, result.pairing("c", "b").behind) == (1, 0)
    table = result.table()
    assert "as landlord" in table
    assert "1 hands thrown in, 0 deals thrown in" in table


class Shy(GreedyBot):
    """Never bids (D3): every deal is thrown in."""

    def choose(self, observation: Observation) -> Move:
        return PASS if PASS in observation.legal_moves and observation.phase.value == "auction" else super().choose(observation)


@pytest.mark.parametrize(("preset", "redeals"), [("doudizhu", REDEAL_LIMIT - 1), ("openspiel", 0)])
def test_D3_3_hands_nobody_bids_for_are_thrown_in_or_dealt_again(preset: str, redeals: int) -> None:
    """``all_pass="void"``: the hand is recorded thrown in; ``"redeal"``: the next deal
    follows at once and is played as part of the same tournament hand, until
    REDEAL_LIMIT deals were thrown in."""
    result = tournament({"s1": Shy, "s2": Shy(), "s3": lambda seed: Shy()}, Rules.preset(preset), hands=3, seed=1)
    assert result.hands == 3
    for record in result.records:
        assert record.thrown_in
        assert record.scores == (0, 0, 0)
        assert record.redeals == redeals
        assert record.moves == 3 * (redeals + 1)
    assert all(standing.played == 0 and standing.win_rate == 0.0 for standing in result.standings)
    assert result.standing("s1").mean_place == 0.0


def test_D3_3_a_redealt_hand_is_played_to_its_end() -> None:
    result = tournament(["heuristic", "greedy", "random"], Rules.preset("doudizhu"), hands=24, seed=5)
    redealt = [record for record in result.records if record.redeals]
    assert redealt  # (seed 5 deals hands that nobody bids for)
    for record in redealt:
        assert not record.thrown_in
        assert record.landlord in range(3)
    assert sum(standing.landlord_hands for standing in result.standings) == result.hands


def test_D4_2_heuristic_wins_clearly_more_than_random_as_landlord_and_as_peasant() -> None:
    """Duplicate deals under ``douzero`` (seat 0 the landlord, D3.5): every bot is the
    landlord once a deal. The bound is generous (the benchmark measures the figures)."""
    result = tournament(["heuristic", "random", "random"], Rules.preset("douzero"), hands=36, seed=2)
    heuristic, random_bot = result.standing("heuristic"), result.standing("random")
    assert heuristic.landlord_hands == random_bot.landlord_hands == 12
    assert heuristic.landlord_win_rate >= random_bot.landlord_win_rate + 0.3
    assert heuristic.peasant_win_rate >= random_bot.peasant_win_rate + 0.1
    assert result.ratings["heuristic"] > result.ratings["random"]
