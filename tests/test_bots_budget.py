"""Every bot answers in bounded work on every valid rule set (issue 35, items 1, 9, 13).

These are tests of behaviour, not of speed: they count the work a bot did (the
planner's sub-hands, the search's moves listed), never how long it took. A CPU
alarm of ``HANG_LIMIT`` seconds (far above any bounded run) only turns a hang of
the old code into a failure instead of a stalled run.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import zhengshangyou.bots as bots_module
import zhengshangyou.search as search_module
from test_fuzz import cpu_limit
from zhengshangyou import PASS, Game, Observation, Rules
from zhengshangyou.bots import Bot, GreedyBot, HeuristicBot, RandomBot, greedy_move, plan_length
from zhengshangyou.errors import IllegalMoveError, WrongTypeError, ZhengShangyouError
from zhengshangyou.game import LegalMoves, State
from zhengshangyou.moves import legal_plays
from zhengshangyou.rules import _SHARED, RulesCache
from zhengshangyou.search import ISMCTSBot, MonteCarloBot

#: Seconds of CPU after which a call counts as hung (only ever reached by a hang).
HANG_LIMIT = 20.0

#: The default budgets (read so that these tests run, and fail, on code without them).
PLAN_BUDGET: int = getattr(bots_module, "PLAN_BUDGET", 10_000)
SEARCH_WORK: int = getattr(search_module, "SEARCH_WORK", 200_000)

#: The rule sets of the issue's report: two decks, two players (54 cards a hand),
#: and every kind switched on (airplanes with single or paired wings, bombs with a
#: kicker, straights from 3 cards, suits in every key).
TWO_DECK_TWO = Rules.preset("two-deck", players=2)
EVERY_KIND = Rules(
    players=2,
    decks=2,
    triple_with_single=True,
    four_of_a_kind="bomb_with_kicker",
    min_straight=3,
    straight_flush="bomb",
    airplane_wings="singles_or_pairs",
    joker_pairs=True,
    suit_order="DCHS",
    singles_by_suit=True,
    pairs_by_suit=True,
    straights_by_suit=True,
)


def _first(rules: Rules, seed: int = 1) -> tuple[Game, Observation]:
    game = Game(rules, seed=seed)
    return game, game.observation(game.to_act)


@pytest.fixture
def searched(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sub-hands the heuristic bot's planner searches (every memo miss), counted as
    it searches them; past ``PLAN_BUDGET`` the count stops the search (a hang of the
    old code becomes a failure at once)."""
    found = [0]
    original = bots_module._Plan._search

    def counting(self: bots_module._Plan, counts: tuple[int, ...]) -> int:
        found[0] += 1
        assert found[0] <= PLAN_BUDGET, f"the planner searched more than {PLAN_BUDGET} sub-hands"
        return original(self, counts)

    monkeypatch.setattr(bots_module._Plan, "_search", counting)
    RulesCache.forget()  # a cold memo: the most work a move can take
    return found


# --- item 1: the heuristic bot's planner works within its budget -------------


@pytest.mark.parametrize(
    "rules", [TWO_DECK_TWO, Rules(players=2, decks=2), EVERY_KIND], ids=["two-deck", "decks-2", "every-kind"]
)
def test_issue35_item1_heuristic_bot_plans_within_its_budget_on_two_deck_two_player_hands(
    rules: Rules, searched: list[int]
) -> None:
    game, seen = _first(rules)
    bot = HeuristicBot()
    with cpu_limit(HANG_LIMIT):
        move = bot.choose(seen)
    assert move in game.legal_moves()
    assert 0 < searched[0] <= PLAN_BUDGET
    assert bot.spent <= bot.budget == PLAN_BUDGET


def test_issue35_item1_heuristic_bot_falls_back_to_the_greedy_choice_past_its_budget() -> None:
    _, seen = _first(TWO_DECK_TWO)
    bot = HeuristicBot(budget=50)
    move = bot.choose(seen)
    greedy = greedy_move(seen.legal_moves, leading=True, revolution=False, threat=lambda: 99)
    assert move == greedy == GreedyBot().choose(seen)
    assert bot.spent == 50
    assert repr(bot) == "HeuristicBot(budget=50)"
    # The same budget and position give the same move, whatever the memo holds.
    plan_length(seen.hand.cards[:20], TWO_DECK_TWO)
    assert HeuristicBot(budget=50).choose(seen) == move


def test_issue35_item1_heuristic_bot_plans_exactly_below_its_budget() -> None:
    """A hand of the default rules has at most 2**13 sub-hands: it is planned exactly
    (shared memo), so the budget never changes a choice there."""
    game = Game(Rules(), seed=11)
    budgeted, unbounded = HeuristicBot(), HeuristicBot(budget=10**9)
    for _ in range(400):
        if game.is_hand_over:
            break
        seen = game.observation(game.to_act)
        move = budgeted.choose(seen)
        assert budgeted.spent <= PLAN_BUDGET
        assert unbounded.choose(seen) == move
        game.play(move)
    assert game.is_hand_over


def test_issue35_item1_a_big_hand_is_planned_exactly_when_the_budget_allows() -> None:
    """A 27-card hand (two decks, four players): past 10,000 sub-hands, so searched with
    a memo of the move's own, and within the budget: the planned move, never the
    greedy fallback's count."""
    _, seen = _first(Rules.preset("two-deck"), seed=0)
    bot = HeuristicBot()
    first = bot.choose(seen)
    assert 0 < bot.spent < PLAN_BUDGET
    bot.reset(3)
    assert bot.choose(seen) == first  # a memo of its own: the same work, the same move


@pytest.mark.parametrize("budget", [0, -1, "5", 2.5])
def test_issue35_item1_heuristic_bot_refuses_a_bad_budget(budget: object) -> None:
    with pytest.raises(ZhengShangyouError, match="budget"):
        HeuristicBot(budget=budget)  # type: ignore[arg-type]


@pytest.fixture
def listed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The moves listed by the positions a search reaches (tree walks and rollouts)."""
    found = [0]
    original = State.legal_moves

    def counting(self: State) -> LegalMoves:
        moves = original(self)
        found[0] += moves.count()
        return moves

    monkeypatch.setattr(State, "legal_moves", counting)
    return found


@pytest.mark.parametrize("make", [ISMCTSBot, MonteCarloBot], ids=lambda make: make.__name__)
def test_issue35_item1_search_bots_list_moves_within_their_work_budget(
    make: type[ISMCTSBot] | type[MonteCarloBot], listed: list[int]
) -> None:
    game, seen = _first(TWO_DECK_TWO)
    work = 20_000
    bot = make(seed=1, work=work)
    with cpu_limit(HANG_LIMIT):
        move = bot.choose(seen)
    assert move in game.legal_moves()
    # The work is charged once a position is listed: one listing may overrun it.
    assert 0 < listed[0] <= work + len(seen.legal_moves)
    assert bot.spent <= work
    assert repr(bot).endswith("work=20000)")


def test_issue35_item1_the_default_work_budget_leaves_ismcts_under_the_default_rules_as_it_was() -> None:
    _, seen = _first(Rules(), seed=3)
    bot = ISMCTSBot(seed=1)
    move = bot.choose(seen)
    assert 0 < bot.spent < SEARCH_WORK
    assert ISMCTSBot(seed=1, work=10**9).choose(seen) == move


def test_issue35_item1_search_bots_fall_back_to_the_greedy_choice_without_a_result() -> None:
    _, seen = _first(TWO_DECK_TWO)
    greedy = GreedyBot().choose(seen)
    # 3,660 legal moves: 100 units do not even deal one world a move.
    assert MonteCarloBot(seed=1, work=100).choose(seen) == greedy
    assert ISMCTSBot(seed=1, work=100).choose(seen) == greedy
    # Enough for a world, not for a rollout to the end.
    assert ISMCTSBot(seed=1, work=200).choose(seen) == greedy


def test_issue35_item1_monte_carlo_bot_compares_mean_scores_of_unequal_rounds() -> None:
    """A budget that runs out mid-round leaves some moves one rollout short: the best
    mean over the rollouts finished decides."""
    game, seen = _first(Rules(), seed=5)
    move = MonteCarloBot(rollouts=20, seed=1, work=3_000).choose(seen)
    assert move in game.legal_moves()
    assert MonteCarloBot(rollouts=20, seed=1, work=3_000).choose(seen) == move


@pytest.mark.parametrize("bad", [0, -5])
def test_issue35_item1_search_bots_refuse_a_bad_work_budget(bad: int) -> None:
    with pytest.raises(ZhengShangyouError, match="work"):
        ISMCTSBot(work=bad)
    with pytest.raises(ZhengShangyouError, match="work"):
        MonteCarloBot(work=bad)


# --- item 9: a bot asked for a seat not to act --------------------------------


def _every_bot() -> list[Bot]:
    return [RandomBot(seed=1), GreedyBot(), HeuristicBot(), MonteCarloBot(rollouts=2, seed=1), ISMCTSBot(iterations=5, seed=1)]


@pytest.mark.parametrize("bot", _every_bot(), ids=repr)
def test_issue35_item9_R5_2_a_bot_refuses_a_seat_not_to_act(bot: Bot) -> None:
    game = Game(Rules(), seed=2)
    other = (game.to_act + 1) % 4
    with pytest.raises(IllegalMoveError, match=f"seat {other} is not to act") as raised:
        bot.choose(game.observation(other))
    assert raised.value.rule == "R5.2"


@pytest.mark.parametrize("bot", _every_bot(), ids=repr)
def test_issue35_item9_R6_1_a_bot_refuses_a_hand_that_is_over(bot: Bot) -> None:
    game = Game(Rules(), seed=2)
    while not game.is_hand_over:
        game.play(GreedyBot().choose(game.observation(game.to_act)))
    with pytest.raises(IllegalMoveError, match="the hand is over") as raised:
        bot.choose(game.observation(0))
    assert raised.value.rule == "R6.1"


@pytest.mark.parametrize("bot", _every_bot(), ids=repr)
def test_issue35_item9_a_bot_refuses_what_is_not_an_observation(bot: Bot) -> None:
    with pytest.raises(WrongTypeError, match="Observation"):
        bot.choose(Game(seed=1).state)  # type: ignore[arg-type]


# --- item 13: counting the card view; bounded caches ---------------------------


@pytest.fixture
def no_listing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listing the moves of a game's card view fails: count() must not list them."""
    original = LegalMoves.__iter__

    def refuse(self: LegalMoves) -> Iterator[object]:
        if self.view == "cards":
            raise AssertionError("the card view was listed")
        return original(self)

    monkeypatch.setattr(LegalMoves, "__iter__", refuse)


def test_issue35_item13_the_card_view_of_a_two_deck_two_player_game_is_counted_without_listing(
    no_listing: None,
) -> None:
    game, seen = _first(TWO_DECK_TWO)
    with cpu_limit(HANG_LIMIT):
        found = game.legal_moves(view="cards").count()
    # The leader may not pass (R5.1): the plays alone, counted per class of plays.
    assert found == legal_plays(seen.hand, TWO_DECK_TWO, view="cards").count() > 10**6


def test_issue35_item13_the_card_view_count_includes_the_pass(no_listing: None) -> None:
    game = Game(Rules(), seed=2)
    game.play(next(iter(game.legal_moves())))
    seen = game.observation(game.to_act)
    plays = legal_plays(seen.hand, Rules(), seen.top, view="cards").count()
    assert PASS in game.legal_moves()
    assert game.legal_moves(view="cards").count() == plays + 1


def test_issue35_item13_the_card_view_count_equals_the_listing() -> None:
    for seed in range(4):
        game = Game(Rules.preset("winner", exchange="highest_for_any", target_score=30), seed=seed)
        for _ in range(40):
            if game.is_match_over:
                break
            if game.is_hand_over:
                game.next_hand()
                continue
            moves = game.legal_moves(view="cards")
            assert moves.count() == len(list(moves))
            game.play(GreedyBot().choose(game.observation(game.to_act)))


def test_issue35_item13_the_caches_hold_a_few_rule_sets() -> None:
    """After many rule sets, every cache derived from rule sets holds at most its
    bound (16 rule sets; the heuristic bot's planners 8), whatever was used."""
    RulesCache.forget()
    for players in range(2, 9):
        for min_straight in range(3, 10):
            rules = Rules(players=players, min_straight=min_straight)
            game = Game(rules, seed=players)
            seen = game.observation(game.to_act)
            HeuristicBot().choose(seen)
            game.legal_moves(view="cards").count()
    held = {id(cache): len(cache) for cache in RulesCache.caches}
    assert len(bots_module._PLANNERS) <= 8
    assert all(len(cache) <= 16 for cache in RulesCache.caches if cache is not _SHARED), held
    assert max(held.values()) > 8  # (the rule sets did fill the caches)


def test_issue35_item13_the_planner_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic bot's memo of plan lengths for one rule set holds at most
    ``_MEMO_LIMIT`` sub-hands (here made small), and a move that plans on it starts
    with room for every sub-hand of its hand."""
    monkeypatch.setattr(bots_module, "_MEMO_LIMIT", 200)
    RulesCache.forget()
    rules = Rules()
    planner = bots_module._planner(rules)
    for seed in range(20):
        plan_length(State.new(rules, seed=seed).hands[0], rules)
        assert len(planner.cache) <= 200
    game = Game(rules, seed=3)
    while len(game.observation(game.to_act).hand) > 4:
        game.play(GreedyBot().choose(game.observation(game.to_act)))
    seen = game.observation(game.to_act)
    seed = 0
    while len(planner.cache) <= 100:  # fuller than half: the move clears it first
        plan_length(State.new(rules, seed=seed).hands[1], rules)
        seed += 1
    bot = HeuristicBot()
    assert bot.choose(seen) in game.legal_moves()
    assert len(planner.cache) == bot.spent <= 2**4


# --- the tree search keys its moves by class, with no action space to build ----


SINGLE_WINGS = Rules(players=3, airplane_wings="singles", min_triple_run=2)
#: Pairs compared by their higher suit in the order C H D S: a hand's listing of
#: the pairs of one rank need not follow the ids of their classes.
SUITED_PAIRS = Rules(players=2, suit_order="CHDS", singles_by_suit=True, pairs_by_suit=True)


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules.preset("winner"), Rules.preset("two-deck"), SINGLE_WINGS, SUITED_PAIRS],
    ids=["default", "winner", "two-deck", "single-wings", "suited-pairs"],
)
def test_issue35_item1_the_tree_keys_moves_as_the_action_space_ids_do(rules: Rules) -> None:
    """Two legal moves share the tree's key exactly when they share an action-space
    id, and a tie goes to the lowest id, found without the action space."""
    from zhengshangyou import ActionSpace
    from zhengshangyou.search import _class_key, _lowest_id

    space, key = ActionSpace(rules), _class_key(rules)
    suited = rules.suit_order is not None
    game, bot = Game(rules, seed=4), RandomBot(seed=4)
    for _ in range(30):
        if game.is_hand_over:
            break
        seen = game.observation(game.to_act)
        moves = list(seen.legal_moves)
        ids = [space.encode(move) for move in moves]
        keys = [key(move) for move in moves]
        assert len(set(ids)) == len(set(keys)) == len(moves)
        if not suited:
            assert ids == sorted(ids)
        for start in range(0, len(moves), 3):  # ties of a few moves, as the search meets them
            tied = moves[start : start + 4]
            assert _lowest_id(seen, tied) == min(tied, key=space.encode)
        game.play(bot.choose(seen))
