"""The game flow of Big Two and Tiến Lên (FAMILY.md B2, B5–B7, T2, T5–T7): deals that
leave cards out or turn the 52nd card face up, the first lead when the start card is
undealt, and whole games under every preset with every card accounted for.

Expected values come from FAMILY.md's text (the deal sizes of B2.1 and T2.1, the
leads of B2.2 and T2.2), never from the engine's own output.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_game_observation import assert_no_leak
from zhengshangyou.actions import PASS
from zhengshangyou.cards import Card, parse_cards
from zhengshangyou.errors import (
    IllegalMoveError,
    InvalidRulesError,
    InvalidSetupError,
    WrongTypeError,
)
from zhengshangyou.game import Game, State
from zhengshangyou.game.deal import Deal, check_deal, deal_cards
from zhengshangyou.game.trickplay import lead_method
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play
from zhengshangyou.record import Record
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult, score_hand
from zhengshangyou.testing import rules_sets

FAMILY_PRESETS = ("big-two", "big-two-taiwan", "pusoy-dos", "tien-len", "tien-len-pagat", "tien-len-north")


def _accounted(deal: Deal) -> list[Card]:
    return sorted([*(card for hand in deal.hands for card in hand), *deal.kitty, *deal.undealt])


# --- B2.1, T2.1: the deals ------------------------------------------------------------


@pytest.mark.parametrize("preset", ["big-two", "big-two-taiwan", "pusoy-dos"])
def test_BE10_three_players_17_each_and_the_52nd_face_up_to_the_start_card_holder(preset: str) -> None:
    rules = Rules.preset(preset, players=3)
    for seed in range(40):
        deal = deal_cards(rules, dealer=seed % 3, rng=random.Random(seed))
        assert _accounted(deal) == sorted(rules.deck())
        assert not deal.undealt
        face_up, seat = deal.trick_card, deal.trick_seat
        assert face_up is not None
        assert seat is not None
        # B2.1: 17 each, and the 52nd to one seat: it holds 18
        assert sorted(len(hand) for hand in deal.hands) == [17, 17, 18]
        assert len(deal.hands[seat]) == 18
        assert face_up in deal.hands[seat]
        if face_up != rules.start_card:
            assert rules.start_card in deal.hands[seat]
        check_deal(rules, deal)


def test_BE10_the_start_card_face_up_goes_to_the_next_lowest_card() -> None:
    # big-two (HK, suits ♦ < ♣ < ♥ < ♠): 3♦ is the start card, 3♣ the next-lowest.
    rules = Rules.preset("big-two", players=3)
    deck = list(rules.deck())
    start = Card.parse("3D")
    rest = [card for card in deck if card != start]
    for holder in range(3):
        # seat `holder` gets 3♣ and 16 others; the rest shared by the other two
        others = [card for card in rest if card != Card.parse("3C")]
        hands: list[list[Card]] = [[], [], []]
        hands[holder].append(Card.parse("3C"))
        for card in others:
            seat = min(range(3), key=lambda s: len(hands[s]))
            hands[seat].append(card)
        good = Deal(0, tuple(Hand([*cards, start] if s == holder else cards) for s, cards in enumerate(hands)),
                    start, holder)
        assert check_deal(rules, good) is good
        wrong = (holder + 1) % 3
        bad_hands = [list(cards) for cards in hands]
        bad_hands[wrong].append(start)
        bad = Deal(0, tuple(Hand(cards) for cards in bad_hands), start, wrong)
        with pytest.raises(InvalidSetupError, match=r"B2\.1"):
            check_deal(rules, bad)
    # and the deals drawn put it there: over many seeds, whenever 3♦ is the 52nd card
    found = 0
    for seed in range(400):
        deal = deal_cards(rules, dealer=0, rng=random.Random(seed))
        if deal.trick_card == start:
            found += 1
            assert deal.trick_seat is not None
            assert Card.parse("3C") in deal.hands[deal.trick_seat]
    assert found  # (1 deal in 52 on average)


@pytest.mark.parametrize("hand_size", [13, 17, 21])
def test_B2_1_two_players_hand_size_the_rest_unused(hand_size: int) -> None:
    rules = Rules.preset("big-two", players=2, hand_size=hand_size)
    deal = deal_cards(rules, dealer=1, rng=random.Random(hand_size))
    assert [len(hand) for hand in deal.hands] == [hand_size, hand_size]
    assert len(deal.undealt) == 52 - 2 * hand_size
    assert _accounted(deal) == sorted(rules.deck())
    assert check_deal(rules, deal) is deal


def test_B2_1_two_players_deal_13_by_default() -> None:
    rules = Rules.preset("big-two", players=2)
    deal = deal_cards(rules, dealer=0, rng=random.Random(3))
    assert [len(hand) for hand in deal.hands] == [13, 13]
    assert len(deal.undealt) == 26


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["tien-len", "tien-len-pagat", "tien-len-north"])
def test_T2_1_thirteen_each_the_rest_unused(preset: str, players: int) -> None:
    rules = Rules.preset(preset, players=players)
    deal = deal_cards(rules, dealer=0, rng=random.Random(players))
    assert [len(hand) for hand in deal.hands] == [13] * players
    assert len(deal.undealt) == 52 - 13 * players
    assert _accounted(deal) == sorted(rules.deck())


def test_T2_1_three_player_deal_17_each() -> None:
    rules = Rules.preset("tien-len", players=3, three_player_deal="17_each")
    deal = deal_cards(rules, dealer=2, rng=random.Random(5))
    assert [len(hand) for hand in deal.hands] == [17, 17, 17]
    assert len(deal.undealt) == 1
    assert deal.trick_card is None  # (the 52nd card is unused, not face up: T2.1)


def test_B9_T9_deal_options_are_refused_by_name() -> None:
    cases: list[tuple[dict[str, Any], str, tuple[str, ...]]] = [
        ({"hand_size": 13}, "big-two", ("hand_size", "players")),            # 4 players
        ({"players": 2, "hand_size": 15}, "big-two", ("hand_size",)),          # not 13/17/21
        ({"three_player_deal": "17_each"}, "tien-len", ("three_player_deal", "players")),
        ({"players": 3, "three_player_deal": "17_each"}, "big-two", ("three_player_deal",)),
        ({"players": 5}, "tien-len", ("hand_size", "players")),             # 65 cards
    ]
    for overrides, preset, names in cases:
        with pytest.raises(InvalidRulesError) as caught:
            Rules.preset(preset, **overrides)
        for name in names:
            assert name in caught.value.options, (overrides, caught.value.options)
    with pytest.raises(InvalidRulesError) as caught:
        Rules.preset("doudizhu", hand_size=17)
    assert "hand_size" in caught.value.options


def test_R2_2a_a_deal_leaving_cards_out_is_checked() -> None:
    rules = Rules.preset("tien-len", players=2)
    deal = deal_cards(rules, dealer=0, rng=random.Random(9))
    # the undealt cards must be there, and only where the rules leave cards out
    with pytest.raises(InvalidSetupError, match=r"R1\.3"):
        check_deal(rules, Deal(0, deal.hands))
    with pytest.raises(InvalidSetupError, match="whole deck"):
        check_deal(Rules(players=2, jokers=False, joker_bomb=False), Deal(0, deal.hands, undealt=deal.undealt))
    # sizes other than 13 each are refused
    cards = [*deal.hands[0], deal.undealt[0]]
    moved = Deal(0, (Hand(cards), deal.hands[1]), undealt=deal.undealt[1:])
    with pytest.raises(InvalidSetupError, match=r"R2\.2"):
        check_deal(rules, moved)
    assert check_deal(rules, moved, arranged=True) is moved


# --- B2.2, T2.2: the first lead when the start card is undealt -------------------------


@pytest.mark.parametrize("preset", ["big-two", "tien-len"])
def test_BE6_TE7_start_card_undealt_the_lowest_dealt_card_leads_and_must_be_played(preset: str) -> None:
    rules = Rules.preset(preset, players=2, **({"instant_wins": "none"} if preset == "tien-len" else {}))
    seen_undealt = 0
    for seed in range(40):
        state = State.new(rules, seed=seed)
        dealt = [card for hand in state.hands for card in hand]
        order = rules.suit_order
        assert order is not None
        lowest = min(dealt, key=lambda card: (card.rank, order.index(card.suit)))
        if rules.start_card in dealt:
            assert state.trick.must_include == rules.start_card
            assert rules.start_card in state.hands[state.to_act]
        else:
            seen_undealt += 1
            assert rules.start_card in state.deal.undealt
            assert lowest in state.hands[state.to_act]
            assert state.trick.must_include == lowest
            # a lead without it is refused; with it, accepted
            legal = list(Game.from_state(state).legal_moves(view="cards"))
            assert legal
            assert all(isinstance(move, Play) and lowest in move.cards for move in legal)
    assert seen_undealt  # (half the deals leave the start card out)


def test_TE7_the_lowest_card_by_tien_len_suits() -> None:
    # Tiến Lên: ♠ < ♣ < ♦ < ♥: with 3♠ undealt, 3♣ leads over 3♦ (by suit order, not R1.2's)
    rules = Rules.preset("tien-len", players=2, instant_wins="none")  # (the hands are dragons)
    deck = list(rules.deck())
    first = [Card.parse(text) for text in ["3D", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2S"]]
    second = [Card.parse(text) for text in ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2C"]]
    undealt = tuple(sorted(card for card in deck if card not in first and card not in second))
    state = State.new(rules, deals=[Deal(0, (Hand(first), Hand(second)), undealt=undealt)])
    assert state.to_act == 1
    assert state.trick.must_include == Card.parse("3C")


# --- acceptance 3: whole games ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", FAMILY_PRESETS)
def test_acceptance_3_random_games_end_with_every_card_accounted_for(preset: str, players: int) -> None:
    rules = Rules.preset(preset, players=players)
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        deal = game.state.deal
        for _ in range(rules.max_moves):
            if game.is_hand_over:
                break
            moves = list(game.legal_moves())
            game.play(rng.choice(moves))
        assert game.is_hand_over
        state = game.state
        held = [card for hand in state.hands for card in hand]
        played = [card for cards in state.played_cards for card in cards]
        assert Counter([*held, *played, *deal.undealt, *deal.kitty]) == Counter(rules.deck())
        result = state.result
        assert result is not None
        assert sorted(result.finishing_order) == list(range(players))
        # the record keeps the deal, undealt cards and face-up card included, and replays
        record = Record.from_game(game)
        again = Record.from_json(record.to_json())
        assert again.hands[0].deal == deal
        assert again.replay().state.hands == state.hands


def _uses_the_flow(rules: Rules) -> bool:
    """Whether a rule set plays some of Big Two's or Tiến Lên's flow (B2, B5–B7, T2, T5–T7)."""
    return (
        rules.poker_hands
        or rules.chops != "none"
        or rules.cards_each is not None
        or rules.instant_wins != "none"
        or rules.scoring in ("last_pays", "placement_payments")
    )


#: Random valid rule sets for 2 to 4 players that use the flow's options (issue 37, acceptance 3).
FLOW_RULES = st.integers(2, 4).flatmap(lambda players: rules_sets(players=players)).filter(_uses_the_flow)


@settings(max_examples=40, deadline=None)
@given(rules=FLOW_RULES, seed=st.integers(0, 2**20), shuffle=st.randoms())
def test_acceptance_3_random_option_sets_end_with_every_card_accounted_for(
    rules: Rules, seed: int, shuffle: random.Random
) -> None:
    """Random whole hands under random option sets: they end within ``max_moves``
    with every card held, played, in the kitty or left out (B2.1, T2.1); the payments
    of B7.1, T7.1 and T7.2 sum to zero (each is paid by one seat to another); no seat's
    observation changes when the cards hidden from it, the undealt ones included,
    are dealt anew (the swap test); the record replays the hand."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    deal = game.state.deal
    for step in range(rules.max_moves + 1):
        if game.is_hand_over:
            break
        if step % 7 == 0:
            assert_no_leak(game.state, shuffle)
        game.play(rng.choice(list(game.legal_moves())))
    assert game.is_hand_over
    state = game.state
    held = [card for hand in state.hands for card in hand]
    played = [card for cards in state.played_cards for card in cards]
    kitty = deal.kitty if state.landlord < 0 else ()  # (the landlord took it, D4.1)
    assert Counter([*held, *played, *deal.undealt, *kitty]) == Counter(rules.deck())
    each = rules.cards_each
    assert len(deal.undealt) == (0 if each is None else rules.deck_size - rules.kitty - each * rules.players)
    result = state.result
    assert result is not None
    assert sorted(result.finishing_order) == list(range(rules.players))
    if rules.teams == "none" and rules.scoring in ("cards_left", "last_pays", "placement_payments"):
        assert sum(result.scores) == 0
    assert_no_leak(state, shuffle)
    again = Record.from_json(Record.from_game(game).to_json())
    assert again.hands[0].deal == deal
    assert again.replay().state.hands == state.hands


def test_T2_1_observations_never_show_undealt_cards() -> None:
    game = Game(Rules.preset("tien-len", players=2), seed=4)
    undealt = set(game.state.deal.undealt)
    for seat in range(2):
        text = repr(game.observation(seat))
        for card in undealt:
            assert f"Card.parse('{card}')" not in text


def test_parse_cards_helper_sanity() -> None:
    # (the notation the tests above rely on)
    assert parse_cards("3S 3C") == (Card.parse("3S"), Card.parse("3C"))


# --- B7, T7: scoring -------------------------------------------------------------------


def test_BE9_big_two_cards_left_tiers() -> None:
    # Others hold 3, 10 and 13 (untouched) cards: -3, -20, -39, the winner +62.
    rules = Rules.preset("big-two")
    scores = score_hand(rules, finishing_order=(0, 1, 2, 3), cards_left=(0, 3, 10, 13),
                        played=(True, True, True, False))
    assert scores == (62, -3, -20, -39)


def test_BE9_thirteen_cards_count_three_times_even_when_played() -> None:
    # B7.1: -3n for 13 cards (a Big Two hand of 17 or 18 with three players)
    rules = Rules.preset("big-two", players=3)
    assert score_hand(rules, finishing_order=(0, 1, 2), cards_left=(0, 13, 12),
                      played=(True, True, True)) == (39 + 24, -39, -24)


def test_BE9_ten_doubles_no_times_three() -> None:
    # penalty_tiers="ten_doubles" of FAMILY.md is spelled penalty_tiers=((10, 2),) and
    # untouched_triple=False: 13 cards -> -26.
    rules = Rules.preset("big-two", penalty_tiers=((10, 2),), untouched_triple=False)
    assert score_hand(rules, finishing_order=(0, 1, 2, 3), cards_left=(0, 13, 9, 12),
                      played=(True, False, True, True)) == (26 + 9 + 24, -26, -9, -24)


def test_BE9_two_doubles() -> None:
    # 3 cards including one 2 -> -6; two 2s among 4 cards -> -16
    rules = Rules.preset("big-two", two_doubles=True)
    twos = ((), parse_cards("2S"), parse_cards("2H 2D"), ())
    assert score_hand(rules, finishing_order=(0, 1, 2, 3), cards_left=(0, 3, 4, 1),
                      played=(True,) * 4, twos=twos) == (6 + 16 + 1, -6, -16, -1)


def test_T7_1_last_pays_one_to_each() -> None:
    rules = Rules.preset("tien-len-pagat")
    assert score_hand(rules, finishing_order=(2, 0, 3, 1), cards_left=(4, 6, 0, 5),
                      played=(True,) * 4) == (1, -3, 1, 1)


def test_TE10_placement_payments_with_thoi_heo() -> None:
    # Order A, B, C, D (seats 0..3), D holding 2♠ and 2♥: D pays A 10 + B 3; C pays B 5.
    rules = Rules.preset("tien-len")
    twos = ((), (), (), parse_cards("2S 2H"))
    assert score_hand(rules, finishing_order=(0, 1, 2, 3), cards_left=(0, 2, 3, 5),
                      played=(True,) * 4, twos=twos) == (10, 3 + 5, -5, -10 - 3)


def test_TE10_cong_pays_the_winner_five() -> None:
    # C (seat 2) had played no card when A went out: he pays A 5 besides.
    rules = Rules.preset("tien-len")
    assert score_hand(rules, finishing_order=(0, 1, 2, 3), cards_left=(0, 2, 13, 5),
                      played=(True, True, False, True)) == (15, 5, -10, -10)


def test_T7_2_three_and_two_players() -> None:
    rules = Rules.preset("tien-len", players=3)
    assert score_hand(rules, finishing_order=(1, 2, 0), cards_left=(5, 0, 2),
                      played=(True,) * 3) == (-10, 10, 0)
    two = Rules.preset("tien-len", players=2)  # thối heo paid to the first (library ruling)
    assert score_hand(two, finishing_order=(1, 0), cards_left=(5, 0), played=(True,) * 2,
                      twos=(parse_cards("2D"), ())) == (-12, 12)


def test_B9_T9_scoring_options_need_their_scoring() -> None:
    cases: tuple[tuple[dict[str, Any], tuple[str, ...]], ...] = (
        ({"scoring": "none", "two_doubles": True}, ("two_doubles", "scoring")),
        ({"scoring": "none", "untouched_triple": False}, ("untouched_triple", "scoring")),
        ({"scoring": "cards_left", "thoi_heo": True}, ("thoi_heo", "scoring")),
        ({"scoring": "last_pays", "cong": True}, ("cong", "scoring")),
    )
    for overrides, names in cases:
        with pytest.raises(InvalidRulesError) as caught:
            Rules(**overrides)
        assert set(names) <= set(caught.value.options)
    with pytest.raises(InvalidRulesError) as caught:
        Rules.preset("doudizhu", scoring="last_pays")
    assert "scoring" in caught.value.options


def test_B8_T8_presets_scoring() -> None:
    assert Rules.preset("big-two").scoring == Rules.preset("big-two-taiwan").scoring == "cards_left"
    assert Rules.preset("pusoy-dos").scoring == "none"
    assert Rules.preset("tien-len-pagat").scoring == "last_pays"
    for name in ("tien-len", "tien-len-north"):
        rules = Rules.preset(name)
        assert (rules.scoring, rules.thoi_heo, rules.cong) == ("placement_payments", True, True)


@pytest.mark.parametrize("preset", ["big-two", "tien-len", "tien-len-pagat"])
def test_B7_T7_whole_hands_score_as_the_spec_computes(preset: str) -> None:
    rules = Rules.preset(preset, **({"two_doubles": True} if preset == "big-two" else {}))
    for seed in range(4):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_hand_over:
            game.play(rng.choice(list(game.legal_moves())))
        state = game.state
        result = state.result
        assert result is not None
        order, hands = result.finishing_order, state.hands
        assert sum(result.scores) == 0
        if preset == "big-two":  # end="first_out": the hands now are those at the first out
            for seat in order[1:]:
                n = len(hands[seat])
                tier = 3 if n >= 13 else 2 if n >= 10 else 1
                twos = sum(1 for card in hands[seat] if card.rank.symbol == "2")
                assert result.scores[seat] == -n * tier * 2**twos
        elif preset == "tien-len-pagat":
            assert result.scores[order[-1]] == 1 - rules.players
        elif not any(result.played):  # an instant win (T6.2): 4 from each
            assert result.scores[order[0]] == 4 * (rules.players - 1)
        else:
            last = order[-1]
            owed = sum(2 if card.is_red else 1 for card in hands[last] if card.rank.symbol == "2")
            assert result.scores[last] <= -10 - owed
            assert result.scores[order[0]] >= 10


# --- T5.2: chops after a pass --------------------------------------------------------------


def _te4_game(preset: str) -> Game:
    """TE4's table: A (seat 0) leads 9♠, B passes, C plays 2♥, D and A pass."""
    hands = [
        parse_cards("9S 6C 7C 8C"),                      # A
        parse_cards("3S 3C 4D 4H 5S 5C 2D KH"),          # B: a 3-pair double sequence and 2♦
        parse_cards("2H 6D 7D 8D"),                      # C
        parse_cards("6H 7H 8H 9H"),                      # D
    ]
    rules = Rules.preset(preset, first_lead="dealer", start_card_must_be_played=False)
    held = {card for hand in hands for card in hand}
    undealt = tuple(sorted(card for card in rules.deck() if card not in held))
    game = Game(rules, deals=[Deal(0, tuple(Hand(cards) for cards in hands), undealt=undealt)], arranged=True)
    for move in ("9S", "pass", "2H", "pass", "pass"):
        game.play(move)
    return game


@pytest.mark.parametrize("preset", ["tien-len", "tien-len-pagat"])
def test_TE4_a_locked_out_player_may_chop_a_two(preset: str) -> None:
    game = _te4_game(preset)
    assert game.to_act == 1
    assert game.state.locked >> 1 & 1
    moves = {str(move) for move in game.legal_moves(view="cards")}
    assert "pass" in moves
    assert any("3S" in move and "5C" in move for move in moves)
    assert not any("2D" in move for move in moves)
    probe = game.copy()
    with pytest.raises(IllegalMoveError, match=r"T5\.2"):
        probe.play("2D")
    game.play("3S 3C 4D 4H 5S 5C")
    assert game.state.top_seat == 1


def test_TE4_north_the_locked_out_player_may_not_play() -> None:
    game = _te4_game("tien-len-north")
    # B is skipped: everyone else passed the 2♥, so C leads a new trick
    assert game.to_act == 2
    assert game.state.trick.top is None


def test_T5_2_a_locked_out_player_gets_no_turn_without_a_two_on_top() -> None:
    game = _te4_game("tien-len")
    game.play("pass")  # B declines the chop: the trick is over, C leads
    assert game.to_act == 2
    assert game.state.trick.top is None


def test_T9_chop_after_pass_needs_pass_locks_out_and_chops() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.preset("tien-len", pass_locks_out=False, chop_after_pass=True)
    assert {"chop_after_pass", "pass_locks_out"} <= set(caught.value.options)
    # (an override under which the preset's own chop_after_pass no longer applies drops it)
    assert not Rules.preset("tien-len", pass_locks_out=False).chop_after_pass
    assert not Rules.preset("tien-len", chops="none").chop_after_pass
    assert not Rules.preset("tien-len", scoring="none").thoi_heo
    with pytest.raises(InvalidRulesError) as caught:
        Rules(chop_after_pass=True, pass_locks_out=True)
    assert {"chop_after_pass", "chops"} <= set(caught.value.options)


@pytest.mark.parametrize("preset", ["big-two", "big-two-taiwan", "tien-len", "tien-len-pagat", "tien-len-north"])
def test_BE8_T5_2_in_whole_games_a_passer_plays_again_only_by_chopping(preset: str) -> None:
    # BE8: big-two-taiwan locks a passer out of the trick; big-two does not. T5.2: under
    # the South presets a locked-out seat plays again in the trick only with a chop.
    rules = Rules.preset(preset)
    replays = 0
    for seed in range(6):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        passers: set[int] = set()  # the seats that passed in this trick (kept here)
        while not game.is_hand_over:
            state = game.state
            seat = state.to_act
            if state.trick.top is None:
                passers = set()
            moves = list(game.legal_moves())
            move = rng.choice(moves)
            if seat in passers and move is not PASS:
                replays += 1
                assert not rules.pass_locks_out or (
                    rules.chop_after_pass and isinstance(move, Play) and move.chop >> 8
                ), (seed, move)
            if state.locked >> seat & 1:
                assert rules.pass_locks_out
                assert rules.chop_after_pass
                assert state.trick.top is not None
                assert state.trick.top.chop
                assert all(m is PASS or (isinstance(m, Play) and m.chop >> 8) for m in moves)
            if move is PASS:
                passers.add(seat)
            game.play(move)
    if preset == "big-two":
        assert replays  # (a pass does not lock out: passers play again)


# --- T5.4, T6.2: what the library does not play yet is refused by name ------------------


@pytest.mark.parametrize(("name", "rule"), [("follow_suit", "T5.4"), ("two_last_forbidden", "T5.4")])
def test_TE11_unplayed_north_options_are_refused_by_name(name: str, rule: str) -> None:
    option: dict[str, Any] = {name: True}
    builds: list[Callable[[], Rules]] = [
        lambda: Rules(**option),
        lambda: Rules.preset("tien-len-north", **option),
    ]
    for build in builds:
        with pytest.raises(InvalidRulesError, match="not implemented") as caught:
            build()
        assert caught.value.options == (name,)
        assert caught.value.rule == rule


def test_R2_2a_undealt_cards_are_a_tuple_of_cards() -> None:
    rules = Rules.preset("tien-len", players=2)
    deal = deal_cards(rules, dealer=0, rng=random.Random(2))
    with pytest.raises(WrongTypeError) as caught:
        check_deal(rules, Deal(0, deal.hands, undealt=list(deal.undealt)))  # type: ignore[arg-type]
    assert caught.value.argument == "undealt"


def test_BE10_the_odd_card_seat_holds_18() -> None:
    rules = Rules.preset("big-two", players=3)
    deal = deal_cards(rules, dealer=0, rng=random.Random(4))
    seat = deal.trick_seat
    assert seat is not None
    other = (seat + 1) % 3
    # a card moved from the 18-card hand to another: 17 and 18 in the wrong seats
    moved = next(card for card in deal.hands[seat] if card not in (deal.trick_card, rules.start_card))
    hands = [list(hand) for hand in deal.hands]
    hands[seat].remove(moved)
    hands[other].append(moved)
    with pytest.raises(InvalidSetupError, match=r"B2\.1"):
        check_deal(rules, Deal(0, tuple(Hand(cards) for cards in hands), deal.trick_card, seat))


def test_T7_2_thoi_heo_without_twos_and_without_cong() -> None:
    rules = Rules.preset("tien-len", cong=False)
    # the last holds no 2: he pays the first 10 only; C never played: no cóng
    assert score_hand(rules, finishing_order=(3, 2, 1, 0), cards_left=(6, 13, 2, 0),
                      played=(True, False, True, True), twos=((), parse_cards("2S"), (), ())) == (-10, -5, 5, 10)


def test_B7_1_two_doubles_counts_the_twos_held_when_the_winner_went_out() -> None:
    # end="one_left": the hand goes on after the first out; the 2s counted are those
    # held at that moment (R7.1's moment), taken from a snapshot made here.
    rules = Rules.preset("big-two", end="one_left", two_doubles=True)
    checked = 0
    for seed in range(8):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        snapshot: tuple[Hand, ...] | None = None
        while not game.is_hand_over:
            game.play(rng.choice(list(game.legal_moves())))
            if snapshot is None and any(not hand for hand in game.hands):
                snapshot = game.hands
        result = game.state.result
        assert result is not None
        assert snapshot is not None
        winner = result.finishing_order[0]
        for seat in range(4):
            if seat == winner:
                continue
            held = snapshot[seat]
            n = len(held)
            tier = 3 if n >= 13 else 2 if n >= 10 else 1
            twos = sum(1 for card in held if card.rank.symbol == "2")
            assert result.scores[seat] == -n * tier * 2**twos
            checked += twos > 0 and len(game.hands[seat]) < n
    assert checked  # (some seat played a 2 after the first out: the snapshot mattered)


# --- T6.2: instant wins ----------------------------------------------------------------


def _deal_with(rules: Rules, first: str, dealer: int = 0) -> Deal:
    """Seat 0 holds ``first``; the other seats 13 cards each of the rest in deck order."""
    mine = parse_cards(first)
    rest = [card for card in rules.deck() if card not in mine]
    hands = [Hand(mine), *(Hand(rest[13 * n : 13 * n + 13]) for n in range(rules.players - 1))]
    undealt = tuple(sorted(rest[13 * (rules.players - 1) :]))
    return Deal(dealer, tuple(hands), undealt=undealt)


def test_TE9_four_twos_win_at_once_and_collect_4_from_each() -> None:
    rules = Rules.preset("tien-len", instant_wins="south")
    deal = _deal_with(rules, "2S 2C 2D 2H 3S 5C 7D 9H JS KC 4D 6H 8S")
    game = Game(rules, deals=[deal], arranged=True)
    assert game.is_hand_over
    result = game.state.result
    assert result is not None
    assert result.finishing_order[0] == 0
    assert result.scores == (12, -4, -4, -4)
    # the next hand starts with the 3♠ rule: its holder leads, and must play it
    game.next_hand()
    assert Card.parse("3S") in game.hands[game.to_act] or game.is_hand_over
    if not game.is_hand_over:
        assert game.state.trick.must_include is not None


def test_T6_2_T2_2_a_hand_won_at_the_deal_says_so_and_the_start_card_leads_after_it() -> None:
    rules = Rules.preset("tien-len")  # later_lead="winner" (T8)
    won = State.new(rules, seed=0, deals=[_deal_with(rules, "2S 2C 2D 2H 3S 5C 7D 9H JS KC 4D 6H 8S")])
    (result,) = won.results
    assert result.won_at_the_deal
    assert lead_method(rules, ()) == lead_method(rules, won.results) == "start_card"  # T2.2, not "winner"
    # A hand played out was not won at the deal: the winner leads the next (later_lead).
    played = State.new(rules.evolve(instant_wins="none"), seed=0, deals=[won.deal])
    while not played.phase.is_over:
        played = played.play(next(iter(played.legal_moves())))
    assert not played.results[-1].won_at_the_deal
    assert lead_method(rules, played.results) == "winner"
    # Nor was a hand thrown in (D3.3), where nobody played either.
    thrown_in = HandResult((), (17, 17, 17), (False, False, False), (0, 0, 0))
    assert not thrown_in.won_at_the_deal
    assert lead_method(Rules.preset("doudizhu"), [thrown_in]) == "landlord"


@pytest.mark.parametrize(
    ("cards", "name", "choice"),
    [
        ("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H", "dragon", "south"),
        ("3S 3C 5S 5C 7S 7C 9S 9C JS JC KS KC 2H", "six_pairs", "south"),
        ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C KS AC 2H", "five_pair_run", "south"),
        ("3S 3C 3D 4S 4C 4D 5S 5C 5D 9C JS AC 2H", "three_triple_run", "all"),
    ],
)
def test_T6_2_instant_wins_by_name(cards: str, name: str, choice: str) -> None:
    from zhengshangyou.game.trickplay import instant_win

    rules = Rules.preset("tien-len", instant_wins=choice)
    assert instant_win(rules, Hand.parse(cards)) == name
    assert instant_win(Rules.preset("tien-len-pagat"), Hand.parse(cards)) is None
    if name == "three_triple_run":  # (not among "south"'s)
        assert instant_win(Rules.preset("tien-len", instant_wins="south"), Hand.parse(cards)) is None


def test_T6_2_T9_instant_wins_needs_placement_payments_or_none() -> None:
    with pytest.raises(InvalidRulesError) as caught:
        Rules.preset("tien-len", scoring="last_pays", instant_wins="south")
    assert {"instant_wins", "scoring"} <= set(caught.value.options)
    assert Rules.preset("tien-len", scoring="last_pays").instant_wins == "none"
    with pytest.raises(InvalidRulesError) as caught:
        Rules(jokers=True, scoring="none", instant_wins="south")
    assert "instant_wins" in caught.value.options
