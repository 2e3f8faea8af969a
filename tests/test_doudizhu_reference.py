"""The library's Dou Dizhu game flow against the reference of ``tests/reference_doudizhu.py``
(issue 36), written from FAMILY.md part D alone.

1. Random auctions under random option sets (D2.3, D3.1 to D3.5): at every step the
   seat to act and the legal moves equal the reference's, and so does the outcome:
   the landlord and the base, or a hand thrown in (void, or redealt at once).
2. Random whole hands under the four presets (D10) and random scoring options: the
   hand's result equals the reference's, computed from the hand's public log alone
   (D8.1, D4.2, D9.1 to D9.4).
3. Observations (D4.1, DE14, D9): the kitty shown per ``kitty_public`` and the
   doubling so far, at every step of a hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from reference_doudizhu import (
    LogEntry,
    RefAuction,
    RefOutcome,
    ref_first_bidder,
    ref_kitty_seen,
    ref_observed_multiplier,
    ref_score,
)
from zhengshangyou import PASS, Deal, Game, Phase, Rules
from zhengshangyou.actions import Bid, Call, Rob
from zhengshangyou.errors import InvalidRulesError, InvalidSetupError
from zhengshangyou.game.deal import deal_cards
from zhengshangyou.game.state import Action

PRESETS = ("doudizhu", "douzero", "rlcard", "openspiel")


def library_move(text: str) -> Any:
    """The library's move for a reference auction move."""
    if text == "pass":
        return PASS
    if text == "call":
        return Call()
    if text == "rob":
        return Rob()
    return Bid(int(text.split()[1]))


def rank(card: Any) -> str:
    """A card's rank as the reference writes it (its name without the suit)."""
    name = str(card)
    return name if name in ("BJ", "RJ") else name[:-1]


def first_of(rules: Rules, deal: Deal, previous: int | None = None) -> int:
    """The first bidder of ``deal`` by the reference (D2.3), after a hand that
    ``previous`` opened, if any."""
    return ref_first_bidder(
        rules.first_bidder or "face_up_card",
        players=rules.players,
        dealer=deal.dealer,
        face_up_card=None if deal.trick_card is None else str(deal.trick_card),
        hands=[[str(card) for card in hand] for hand in deal.hands],
        drawn=deal.trick_seat,
        previous=previous,
    )


def new_auction(rules: Rules, deal: Deal, previous: int | None = None) -> RefAuction:
    """The reference's auction of ``deal`` under ``rules``."""
    first = 0 if rules.auction == "none" else first_of(rules, deal, previous)
    return RefAuction(
        rules.auction,
        rules.bid_rounds,
        players=rules.players,
        first=first,
        landlord_seat=rules.landlord_seat,
    )


def split_log(rules: Rules, deal: Deal, log: tuple[Action, ...]) -> tuple[RefOutcome, list[LogEntry]]:
    """Replay a hand's log through the reference's auction; the rest is the play log."""
    auction = new_auction(rules, deal)
    moves = list(log)
    while auction.outcome is None:
        action = moves.pop(0)
        assert action.seat == auction.to_act
        auction.play(str(action.move))
    play_log: list[LogEntry] = [
        (action.seat, None if action.move is PASS else tuple(rank(card) for card in action.move.cards))  # type: ignore[union-attr]
        for action in moves
    ]
    return auction.outcome, play_log


# --- 1. the auction --------------------------------------------------------------------------


@st.composite
def auction_rules(draw: st.DrawFn) -> Rules:
    """A random Dou Dizhu option set for the auction (D2.3, D3)."""
    players = draw(st.sampled_from([3, 3, 3, 2, 4]))
    auction = draw(st.sampled_from(["bid", "call_rob", "none"]))
    options: dict[str, Any] = {"players": players, "auction": auction}
    if auction == "bid":
        options["bid_rounds"] = draw(st.sampled_from([None, "once", "until_two_passes"]))
    if auction != "none":
        options["first_bidder"] = draw(st.sampled_from([None, "face_up_card", "rotate", "random"]))
        options["all_pass"] = draw(st.sampled_from([None, "redeal", "void"]))
    else:
        options["landlord_seat"] = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    return Rules.preset("doudizhu", **options)


@given(rules=auction_rules(), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_D3_auction_moves_and_outcome_agree_with_the_reference(
    rules: Rules, seed: int, data: st.DataObject
) -> None:
    game = Game(rules, seed=seed)
    kitty = rules.kitty
    previous: int | None = None
    for hand_number in range(4):  # at most three redeals in a row, then stop
        state = game.state
        assert state.hand_number == hand_number
        deal = state.deal
        auction = new_auction(rules, deal, previous)
        previous = auction.first
        dealt = [len(hand) for hand in deal.hands]
        if auction.outcome is None:  # D2.3: the first bidder opens
            assert game.phase is Phase.AUCTION
            assert (state.landlord, state.base) == (-1, 0)
        while auction.outcome is None:
            assert game.phase is Phase.AUCTION
            assert game.to_act == auction.to_act
            assert set(game.legal_moves()) == {library_move(move) for move in auction.legal()}
            # pass half the time, so that hands are thrown in often enough (D3.3)
            move = "pass" if data.draw(st.booleans()) else data.draw(st.sampled_from(sorted(auction.legal())))
            game.play(library_move(move))
            auction.play(move)
        outcome = auction.outcome
        state = game.state
        event(f"{rules.players} seats, {rules.auction}/{rules.bid_rounds}: {'thrown in' if outcome.thrown_in else f'base {outcome.base}'}")
        if not outcome.thrown_in:  # D3.1, D3.4, D3.5, D4.1, D7.1
            assert game.phase is Phase.PLAY
            assert (state.hand_number, state.landlord, state.base) == (hand_number, outcome.landlord, outcome.base)
            assert game.to_act == outcome.landlord
            assert len(state.hands[outcome.landlord]) == dealt[outcome.landlord] + kitty
            assert all(card in state.hands[outcome.landlord] for card in deal.kitty)
            for seat in range(rules.players):
                seen = game.observation(seat)
                assert (seen.landlord, seen.base) == (outcome.landlord, outcome.base)
            return
        result = state.results[hand_number]  # D3.3: thrown in, every score 0
        assert result.thrown_in
        assert result.scores == (0,) * rules.players
        assert (result.winner, result.loser, result.winners, result.landlord) == (-1, -1, (), -1)
        if rules.all_pass == "void":
            assert game.phase is Phase.HAND_OVER
            assert state.hand_number == hand_number
            return
        # redeal: the next deal at once, by the next dealer (library ruling of D3.3)
        assert game.phase is Phase.AUCTION
        assert state.hand_number == hand_number + 1
        assert state.deal.dealer == (deal.dealer + 1) % rules.players


def test_DE9_DE10_reference_examples_on_the_library() -> None:
    """The rulings' examples, played on the library from the reference's first bidder."""
    for options, moves, expected in [
        ({}, ["pass", "bid 1", "pass"], (1, 1)),
        ({"bid_rounds": "until_two_passes"}, ["pass", "bid 1", "pass", "bid 2", "pass", "pass"], (0, 2)),
        ({"auction": "call_rob"}, ["call", "rob", "pass", "rob"], (0, 4)),
    ]:
        rules = Rules.preset("doudizhu", first_bidder="rotate", **options)
        game = Game(rules, seed=5)
        first = first_of(rules, game.state.deal)
        auction = RefAuction(rules.auction, rules.bid_rounds, players=3, first=first)
        for move in moves:
            auction.play(move)
            game.play(move)
        assert auction.outcome == RefOutcome((first + expected[0]) % 3, expected[1], False)
        assert (game.state.landlord, game.state.base) == ((first + expected[0]) % 3, expected[1])


# --- 2. whole hands --------------------------------------------------------------------------


@st.composite
def hand_rules(draw: st.DrawFn) -> Rules:
    """A preset (D10) with random scoring options (D9); three seats mostly (D2.1), two
    or four at times (the library allows them)."""
    preset = draw(st.sampled_from(PRESETS))
    options: dict[str, Any] = {"players": draw(st.sampled_from([3, 3, 3, 2, 4]))}
    scoring = draw(st.sampled_from([None, "multiplier", "win_loss", "douzero", "none"]))
    if scoring is not None:
        options["scoring"] = scoring
    effective = scoring or Rules.preset(preset).scoring
    if effective == "multiplier":
        options["spring_multiplier"] = draw(st.sampled_from([None, 2, 3]))
    if effective == "douzero":
        options["douzero_objective"] = draw(st.sampled_from([None, "wp", "adp", "logadp"]))
    return Rules.preset(preset, **options)


#: How a seat chooses: at random, or passing whenever it may (which makes springs and
#: anti-springs, D9.2, come up).
STYLES = st.lists(st.sampled_from(["random", "random", "passer"]), min_size=4, max_size=4)


def choose(game: Game, rng: random.Random, styles: list[str]) -> Any:
    """A random legal move for the seat to act, in its style."""
    moves = list(game.legal_moves())
    if game.phase is Phase.PLAY and styles[game.to_act] == "passer" and PASS in moves:
        return PASS
    return rng.choice(moves)


def check_observations(game: Game) -> None:
    """Every seat's observation against the reference (D4.1, DE14, D9)."""
    state = game.state
    rules = game.rules
    _, play_log = split_log(rules, state.deal, state.log) if state.landlord >= 0 else (None, [])
    kitty = [str(card) for card in state.deal.kitty]
    for seat in range(rules.players):
        seen = game.observation(seat)
        expected = ref_kitty_seen(kitty, kitty_public=bool(rules.kitty_public), seat=seat, landlord=state.landlord)
        assert tuple(str(card) for card in seen.kitty) == expected
        assert seen.multiplier == ref_observed_multiplier(play_log)
        assert seen.landlord == state.landlord


def play_first_hand(game: Game, rng: random.Random, styles: list[str], *, observe: bool = False) -> None:
    """Play random moves until the first hand is decided (played out or thrown in)."""
    while not game.state.results:
        assert max(map(len, game.state.hands)) <= game.rules.max_hand_size
        if observe:
            check_observations(game)
        game.play(choose(game, rng, styles))
    if observe and game.state.hand_number == 0:
        check_observations(game)


@given(rules=hand_rules(), seed=st.integers(0, 2**32 - 1), styles=STYLES)
def test_D8_1_D4_2_D9_whole_hands_score_as_the_reference(rules: Rules, seed: int, styles: list[str]) -> None:
    game = Game(rules, seed=seed)
    play_first_hand(game, random.Random(seed), styles)
    state = game.state
    result = state.results[0]
    deal, log = (state.deal, state.log) if state.hand_number == 0 else state.past[0]
    outcome, play_log = split_log(rules, deal, log)
    assert len(log) <= rules.max_moves
    low, high = rules.score_bounds
    assert all(low <= score <= high for score in result.scores)
    if outcome.thrown_in:  # D3.3
        assert result.thrown_in
        assert result.scores == (0,) * rules.players
        assert (result.landlord, result.winners) == (-1, ())
        return
    assert not result.thrown_in
    assert (result.landlord, state.base) == (outcome.landlord, outcome.base)
    expected = ref_score(
        play_log,
        players=rules.players,
        landlord=outcome.landlord,
        base=outcome.base,
        scoring=rules.scoring,
        spring_multiplier=rules.spring_multiplier,
        douzero_objective=rules.douzero_objective,
    )
    event(f"spring {expected.spring}, anti-spring {expected.anti_spring}, bombs {expected.bombs}")
    assert len(state.hands[expected.first_out]) == 0  # D8.1: the last play was his last card
    assert result.finishing_order[0] == expected.first_out
    assert result.scores == expected.scores
    assert result.winners == expected.winners
    assert result.multiplier == expected.multiplier
    assert result.landlord == outcome.landlord


# --- 3. observations -------------------------------------------------------------------------


@given(
    preset=st.sampled_from(PRESETS),
    kitty_public=st.sampled_from([None, True, False]),
    seed=st.integers(0, 2**32 - 1),
    styles=STYLES,
)
def test_D4_1_DE14_kitty_and_multiplier_in_every_observation(
    preset: str, kitty_public: bool | None, seed: int, styles: list[str]
) -> None:
    rules = Rules.preset(preset, **({} if kitty_public is None else {"kitty_public": kitty_public}))
    game = Game(rules, seed=seed)
    play_first_hand(game, random.Random(seed), styles, observe=True)


def test_D3_2_until_two_passes_at_two_and_four_seats_every_other_seat_passes() -> None:
    """D3.2 says "two consecutive players pass" for three seats (D2.1); at two and four
    seats the reference reads it as every other seat passing in a row after a bid, and
    the library agrees (one pass ends it at two seats; three at four)."""
    for players, moves in [(2, ["bid 1", "pass"]), (4, ["bid 1", "pass", "pass", "pass"])]:
        rules = Rules.preset("doudizhu", players=players, bid_rounds="until_two_passes", first_bidder="rotate")
        game = Game(rules, seed=3)
        first = first_of(rules, game.state.deal)
        auction = RefAuction("bid", "until_two_passes", players=players, first=first)
        for move in moves:
            assert game.phase is Phase.AUCTION
            assert auction.outcome is None
            game.play(move)
            auction.play(move)
        assert auction.outcome == RefOutcome(first, 1, False)
        assert (game.phase, game.state.landlord, game.state.base) == (Phase.PLAY, first, 1)


def test_D2_3_a_later_given_deal_without_its_face_up_card_is_refused() -> None:
    """Under ``first_bidder="face_up_card"`` every deal names its first bidder by a
    face-up card (D2.3, "D2.3 applies again" after a redeal, D3.3); a given deal of a
    later hand without one is refused when the match begins (R2.2a), as the first
    hand's is, not met later with a bare AssertionError when that hand begins."""
    rules = Rules.preset("doudizhu")
    first = Game(rules, seed=1).state.deal
    later = deal_cards(rules, (first.dealer + 1) % 3, random.Random(5))
    assert later.trick_card is None
    with pytest.raises(InvalidSetupError, match="trick_card") as caught:
        Game(rules, seed=1, deals=[first, later])
    assert "D2.3" in str(caught.value)


@pytest.mark.parametrize("seat", [0, 1])
def test_D12_landlord_seat_without_a_landlord_is_refused_seat_0_included(seat: int) -> None:
    """``landlord_seat`` names the landlord (D3.5): a game without one (teams="none")
    refuses it, seat 0 as well as seat 1 (R10)."""
    with pytest.raises(InvalidRulesError) as caught:
        Rules(landlord_seat=seat)
    assert "landlord_seat" in caught.value.options


def test_D2_3_rotate_the_first_bidder_moves_one_seat_a_hand_whoever_deals() -> None:
    """D2.3 ``"rotate"``: the seat after the previous first bidder, hand after hand."""
    for next_dealer in ("winner", "loser"):
        rules = Rules.preset("doudizhu", first_bidder="rotate", next_dealer=next_dealer)
        for seed in range(5):
            game = Game(rules, seed=seed)
            rng = random.Random(seed)
            firsts = [game.to_act]
            while len(firsts) < 4:
                if game.is_hand_over:
                    game.next_hand()
                    firsts.append(game.to_act)
                    continue
                game.play(rng.choice(list(game.legal_moves())))
                if game.phase is Phase.AUCTION and game.state.hand_number == len(firsts):
                    firsts.append(game.to_act)  # (a redeal: the next auction at once)
            assert firsts == [(firsts[0] + step) % 3 for step in range(4)], (next_dealer, seed, firsts)


def test_D3_3_R2_7_a_later_given_deal_by_the_wrong_dealer_is_refused_when_the_match_begins() -> None:
    """A redeal follows at once, inside the move that throws the hand in (D3.3), from
    the next seat in play order (the library's ruling); a given deal of a later hand
    dealt by another seat is refused when the match begins (R2.2a, R2.7), so that no
    move that ``legal_moves`` lists (the third pass) is ever refused."""
    rules = Rules.preset("doudizhu")
    first = Game(rules, seed=1).state.deal
    later = deal_cards(rules, first.dealer, random.Random(5), trick_card=True)  # not the next seat
    with pytest.raises(InvalidSetupError, match=r"R2\.7"):
        Game(rules, seed=1, deals=[first, later])
    right = deal_cards(rules, (first.dealer + 1) % 3, random.Random(5), trick_card=True)
    game = Game(rules, seed=1, deals=[first, right])
    for _ in range(3):
        game.play(PASS)
    assert game.state.deal == right
