"""The bots in Dou Dizhu (issue 36; FAMILY.md D3, D4, D7, D8, D9): every bot plays
whole hands of the four presets, auction included, with legal moves only; the
auction policy bids by hand strength; a heuristic peasant leaves its partner's
winning play alone and feeds a partner close to going out; the search scores a
hand by the seat's side (D9).

The positions are dealt by hand (``arranged``) under ``douzero`` (seat 0 is the
landlord, D3.5, and takes the public kitty, D4.1), so that the expected move
follows from the rules and the bot's documented policy alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

from marks import slow_where
from zhengshangyou import PASS, Card, Deal, Game, Hand, Play, Rules, State, parse_cards
from zhengshangyou.actions import Bid, Call, Rob
from zhengshangyou.bots import (
    AUCTION_THRESHOLDS,
    Bot,
    GreedyBot,
    HeuristicBot,
    RandomBot,
    auction_move,
    hand_strength,
    teammates,
)
from zhengshangyou.search import ISMCTSBot, MonteCarloBot, rollout

PRESETS = ("doudizhu", "douzero", "rlcard", "openspiel")

PLAIN: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "greedy": lambda seed: GreedyBot(),
    "heuristic": lambda seed: HeuristicBot(),
}
SEARCH: dict[str, Callable[[int], Bot]] = {
    "ismcts": lambda seed: ISMCTSBot(iterations=2, seed=seed),
    "montecarlo": lambda seed: MonteCarloBot(rollouts=1, work=3_000, seed=seed),
}


def play_hands(preset: str, make: Callable[[int], Bot], hands: int) -> list[Game]:
    """``hands`` seeded hands of ``preset``, every seat played by a bot of ``make``;
    every move is checked to be one of the seat's legal moves (and the game checks
    it again). A hand nobody bids for is dealt again at once (D3.3, "redeal") and
    played on, or ends thrown in ("void")."""
    games = []
    for seed in range(hands):
        game = Game(Rules.preset(preset), seed=seed)
        bots = [make(seed * 3 + seat) for seat in range(3)]
        for _ in range(2_000):
            if game.is_hand_over:
                break
            seat = game.to_act
            seen = game.observation(seat)
            move = bots[seat].choose(seen)
            assert move in seen.legal_moves, (preset, seed, seat, move)
            game.play(move, seat=seat)
        assert game.is_hand_over
        games.append(game)
    return games


@pytest.mark.parametrize("preset", slow_where(PRESETS, lambda name: name != "doudizhu"))
@pytest.mark.parametrize("bot", list(PLAIN))
def test_D3_D7_every_bot_finishes_50_hands_of_each_preset_with_legal_moves(preset: str, bot: str) -> None:
    games = play_hands(preset, PLAIN[bot], 50)
    for game in games:
        result = game.state.result
        assert result is not None
        if result.thrown_in:  # (all_pass="void", D3.3)
            assert Rules.preset(preset).all_pass == "void"
            assert result.scores == (0, 0, 0)
        else:  # the landlord's side or the peasants' won (D8.1)
            assert result.landlord in range(3)
            assert len(result.winners) in (1, 2)


@pytest.mark.slow  # a soak run: 50 hands of every preset with each search bot
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("bot", list(SEARCH))
def test_D3_D7_search_bots_finish_50_hands_of_each_preset_with_legal_moves(preset: str, bot: str) -> None:
    assert len(play_hands(preset, SEARCH[bot], 50)) == 50


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("bot", list(SEARCH))
def test_D3_D7_search_bots_finish_hands_of_each_preset_with_legal_moves(preset: str, bot: str) -> None:
    assert len(play_hands(preset, SEARCH[bot], 2)) == 2


def test_D3_3_every_bot_plays_on_through_a_redeal() -> None:
    """Under ``all_pass="redeal"`` a hand nobody bids for is recorded and the next is
    dealt at once (D3.3): the bots bid in it like in any other."""
    redealt = [game for game in play_hands("doudizhu", PLAIN["heuristic"], 30) if game.state.hand_number > 0]
    assert redealt
    for game in redealt:
        result = game.state.result
        assert result is not None
        assert game.state.results[0].thrown_in
        assert not result.thrown_in


# --- the auction (D3) -------------------------------------------------------------


def test_D3_hand_strength_counts_the_high_cards_and_the_plan() -> None:
    rules = Rules.preset("doudizhu")
    # 4 (red joker) + 3 (black joker) + 2 (rocket) + 2 * 2 (2s) + 1 (ace) + 4 (the 9s' bomb) = 18.
    strong = parse_cards("BJ RJ 2D 2S AH 3D 4D 5D 6D 7D 9C 9D 9H 9S JC QC KC")
    assert hand_strength(strong, rules, plan=False) == 18
    # Its plan: the rocket, 22, 34567, 9999 with J and Q, K, A: 6 plays, 2 fewer than 8.
    assert hand_strength(strong, rules) == 20
    # No high card and a plan of 10 plays (singles 3 5 7 9 J K and pairs 4 6 8 10... ) scores below 0.
    weak = parse_cards("3D 4D 4S 5C 6D 6S 7H 8D 8S 9C 10D 10S JH QC QD KH")
    assert hand_strength(weak, rules) < AUCTION_THRESHOLDS[0]


def auction_game(rules: Rules, first: str) -> Game:
    """A game whose first bidder (seat 1, by the face-up card) holds ``first`` and
    low cards (two of each rank from 3 up: no bomb) to 17, the other seats the rest
    of the deck."""
    cards = parse_cards(first)
    rest = [card for card in rules.deck() if card not in cards]
    low: list[Card] = []
    for card in rest:
        if len(low) < 17 - len(cards) and card.rank < 11 and sum(other.rank == card.rank for other in low) < 2:
            low.append(card)
    rest = [card for card in rest if card not in low]
    hands = (Hand(rest[:17]), Hand([*cards, *low]), Hand(rest[17:34]))
    deal = Deal(0, hands, trick_card=cards[0], trick_seat=1, kitty=tuple(sorted(rest[34:])))
    return Game.from_state(State.new(rules, deals=[deal]))


@pytest.mark.parametrize(
    ("first", "bid"),
    [
        ("3C", None),  # no high card, a plan of several plays: pass
        ("RJ BJ 2C 2D 2H AC", 3),  # 4 + 3 + 2 (rocket) + 6 + 1 = 16 points
    ],
)
def test_D3_1_the_bots_bid_by_hand_strength(first: str, bid: int | None) -> None:
    game = auction_game(Rules.preset("doudizhu"), first)
    seen = game.observation(1)
    assert seen.to_act == 1
    for bot in (GreedyBot(), HeuristicBot()):
        assert bot.choose(seen) == (PASS if bid is None else Bid(bid))


@pytest.mark.parametrize(
    ("high", "value"),
    [("3C", 0), ("RJ 2C AC", 1), ("RJ 2C 2D AC", 2), ("RJ BJ 2C 2D", 3)],  # 0, 7, 9, 15 points
)
def test_D3_1_the_bid_is_the_thresholds_reached_if_it_beats_the_high_bid(high: str, value: int) -> None:
    seen = auction_game(Rules.preset("doudizhu"), "3C").observation(1)
    hand = Hand([*parse_cards(high), *parse_cards("4C 5C 6C 7C 8C 9C 10C")])
    for moves in ((Bid(1), Bid(2), Bid(3), PASS), (Bid(2), Bid(3), PASS), (Bid(3), PASS)):
        asked = attrs.evolve(seen, hand=hand, legal_moves=moves)
        expected = Bid(value) if value and Bid(value) in moves else PASS  # a bid above the high bid only (D3.1)
        assert auction_move(asked, plan=False) == expected


def test_D3_4_the_bots_call_and_rob_by_hand_strength() -> None:
    rules = Rules.preset("doudizhu", auction="call_rob")
    strong = auction_game(rules, "RJ BJ 2C 2D 2H AC")
    assert HeuristicBot().choose(strong.observation(1)) == Call()
    weak = auction_game(rules, "3C")
    assert GreedyBot().choose(weak.observation(1)) == PASS
    seen = strong.observation(1)
    for high, move in (("RJ 2C AC", PASS), ("RJ 2C 2D AC", Rob())):  # 7 and 9 points: rob from the second
        asked = attrs.evolve(seen, hand=Hand([*parse_cards(high), *parse_cards("4C 5C 6C")]), legal_moves=(Rob(), PASS))
        assert auction_move(asked, plan=False) == move
    assert auction_move(game_in_play := position("KH", "AS", "5C 5D 5H").observation(0)) is None
    assert game_in_play.legal_moves


# --- the peasants' play (D4.2) ------------------------------------------------------


def position(
    seat1: str, seat2: str, kitty: str, landlord: str = "", moves: tuple[str, ...] = (), preset: str = "douzero"
) -> Game:
    """A ``douzero`` game (seat 0 the landlord, D3.5) with seats 1 and 2 dealt
    ``seat1`` and ``seat2``, the kitty ``kitty``, the landlord ``landlord`` (seat 1
    then gets the rest of the deck) or else the rest of the deck; ``moves`` made
    from the landlord's lead."""
    rules = Rules.preset(preset)
    named = [list(parse_cards(text)) for text in (seat1, seat2, kitty, landlord)]
    taken = {card for cards in named for card in cards}
    rest = [card for card in rules.deck() if card not in taken]
    one, two, pot, lord = named
    if not lord:
        lord = rest
    else:
        one += rest
    deal = Deal(0, (Hand(lord), Hand(one), Hand(two)), kitty=tuple(sorted(pot)))
    game = Game.from_state(State.new(rules, deals=[deal], arranged=True))
    for move in moves:
        game.play(move)
    return game


def test_D4_2_heuristic_peasant_does_not_beat_its_partner() -> None:
    # The landlord leads 3D, seat 1 plays KH; seat 2 holds a lone ace that would shorten
    # its plan, but the partner's king is winning the trick: it passes.
    game = position("KH 4C 4D 6S 6H", "AS 7C 7D 9S 9H", "5C 5D 5H", moves=("3D", "KH"))
    seen = game.observation(2)
    assert Play.parse("AS", seen.rules) in seen.legal_moves
    assert teammates(seen, 1)
    assert not teammates(seen, 0)
    assert HeuristicBot().choose(seen) == PASS
    assert GreedyBot().choose(seen) == PASS
    # The same from seat 1, after the landlord passed on seat 2's king.
    game = position("AH 4C 4D 6S 6H", "KH 7C 7D 9S 9H", "5C 5D 5H", moves=("3D", "pass", "KH", "pass"))
    assert HeuristicBot().choose(game.observation(1)) == PASS


def test_D4_2_heuristic_peasant_beats_the_landlord_as_before() -> None:
    # The landlord's 3D on top: seat 1 beats it (its lone king shortens its plan).
    game = position("KH 4C 4D 6S 6H", "AS 7C 7D 9S 9H", "5C 5D 5H", moves=("3D",))
    assert HeuristicBot().choose(game.observation(1)) == Play.parse("KH", game.rules)


def test_D4_2_heuristic_peasant_tops_a_low_play_of_its_partner_when_the_landlord_is_nearly_out() -> None:
    # The landlord holds 4 cards (3D and the kitty) and leads 3D: 3 left, at most the
    # bot's urgency, and he answers after seat 2. Seat 1's 9D is below an ace: seat 2
    # tops it with its weakest card of an ace or higher (AS, not 10C nor 2S).
    game = position("9D", "AS 2S 10C 7C 7D", "8C 8D JD", landlord="3D", moves=("3D", "9D"))
    assert len(game.state.hands[0]) == 3
    assert HeuristicBot().choose(game.observation(2)) == Play.parse("AS", game.rules)
    # A partner's ace is left alone, nearly out or not.
    game = position("AD", "2S 2H 10C 7C 7D", "8C 8D JD", landlord="3D", moves=("3D", "AD"))
    assert HeuristicBot().choose(game.observation(2)) == PASS


def test_D4_2_heuristic_peasant_feeds_a_partner_close_to_going_out() -> None:
    # Seat 1 wins the trick with its 2 and leads; seat 2, next, holds one card: seat 1
    # leads its lowest single (not its straight), which the partner can go out over.
    game = position("2H 4C 5D 6S 7H 8D 9S 9D", "KS", "JC JD JH", moves=("3D", "2H", "pass", "pass"))
    seen = game.observation(1)
    assert seen.top is None
    assert seen.counts[2] == 1
    assert HeuristicBot().choose(seen) == Play.parse("4C", seen.rules)


def test_D4_2_the_landlord_plays_alone() -> None:
    """The landlord has no partner: a peasant's play on top is an opponent's."""
    game = position("KH 4C 4D 6S 6H", "AS 7C 7D 9S 9H", "5C 5D 5H", moves=("3D", "KH", "pass"))
    seen = game.observation(0)
    assert not teammates(seen, 1)
    assert not teammates(seen, 2)
    move = HeuristicBot().choose(seen)
    assert move in seen.legal_moves


# --- the search's value (D9) --------------------------------------------------------


@pytest.mark.parametrize(("preset", "landlord", "peasant"), [("douzero", -1, 1), ("rlcard", 0, 1)])
def test_D9_a_rollout_scores_the_side_a_peasant_gains_when_its_partner_goes_out(
    preset: str, landlord: int, peasant: int
) -> None:
    # Seat 1 holds one card, the 2H, over the landlord's 3D: the rollout's greedy move
    # takes it out, and both peasants win (D4.2, D8.1), seat 2 too, which never
    # played: D9.4 gives the landlord -1 (r = 2**0 bombs) and each peasant +1; D9.3
    # gives each winner 1, the landlord 0.
    game = position("2H", "KS 7C", "JC JD JH", moves=("3D",), preset=preset)
    scores = rollout(game.state, random.Random(0), epsilon=0.0)
    assert scores == (landlord, peasant, peasant)


def test_D3_3_a_rollout_of_a_hand_nobody_bids_for_scores_nothing() -> None:
    """Three hands below the bidding threshold by their high cards: the rollouts'
    auction passes, the hand is thrown in and the next dealt at once (D3.3); the
    rollout stops there, every score 0."""
    rules = Rules.preset("doudizhu")
    high = ["RJ 2C", "BJ 2D AC", "2H 2S AD AH"]  # 6, 6 and 6 points (D3: no bid below 7)
    hands = [list(parse_cards(text)) for text in high]
    named = {card for hand in hands for card in hand}
    kitty: list[Card] = []
    seat = 0
    for card in sorted(card for card in rules.deck() if card not in named):  # round the seats: no bomb
        while len(hands[seat]) == 17 and any(len(hand) < 17 for hand in hands):
            seat = (seat + 1) % 3
        if len(hands[seat]) < 17:
            hands[seat].append(card)
            seat = (seat + 1) % 3
        else:
            kitty.append(card)
    for hand in hands:
        assert hand_strength(hand, rules, plan=False) < AUCTION_THRESHOLDS[0]
    deal = Deal(0, tuple(Hand(hand) for hand in hands), trick_card=hands[1][0], trick_seat=1, kitty=tuple(kitty))
    state = State.new(rules, deals=[deal])
    assert rollout(state, random.Random(0), epsilon=0.0) == (0, 0, 0)
