"""The observation encoding of the learning environments (issue 15).

R2.4 and R8.2 say what a seat may know; the encoding must carry that and nothing
else: the swap test changes only cards hidden from the seat and asks for the same
arrays. The block sizes are counted by hand from the layout in the module docstring.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_game_observation import EXCHANGE_RULES, RULES, permuted, random_position
from zhengshangyou import ActionSpace, Card, Game, Phase, Play, Rules, State, WrongTypeError
from zhengshangyou.actions import PASS, Bid, Call, Rob
from zhengshangyou.envs import (
    action_mask,
    encode,
    layout,
    observation_bounds,
    observation_size,
    rules_of,
    suits_encoded,
)
from zhengshangyou.envs.encoding import LANDLORD_BLOCKS, MULTIPLIER_CAP, phases


def check_swaps(state_seed: int, rules: Rules, steps: int, shuffle: random.Random) -> None:
    state = random_position(rules, state_seed, steps)
    for seat in range(state.players):
        other = permuted(state, seat, shuffle)
        seen, seen_other = state.observation(seat), other.observation(seat)
        assert np.array_equal(encode(seen), encode(seen_other))
        assert np.array_equal(action_mask(seen), action_mask(seen_other))


@settings(max_examples=25)
@given(rules=RULES, seed=st.integers(0, 2**16), steps=st.integers(0, 300), shuffle=st.randoms())
def test_r2_4_hidden_cards_change_no_encoding_and_no_mask(
    rules: Rules, seed: int, steps: int, shuffle: random.Random
) -> None:
    """Acceptance 3 of issue 15: two states that differ only in the cards other seats
    hide from a seat give that seat identical encodings and masks."""
    check_swaps(seed, rules, steps, shuffle)


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=20)
@given(rules=EXCHANGE_RULES, seed=st.integers(0, 2**16), steps=st.integers(0, 200), shuffle=st.randoms())
def test_r8_2_the_exchange_shows_in_the_encoding_only_to_those_who_see_it(
    rules: Rules, seed: int, steps: int, shuffle: random.Random
) -> None:
    check_swaps(seed, rules, steps, shuffle)


def test_layout_sizes_counted_by_hand() -> None:
    """Default rules, 4 players, rank blocks of 15 and the 9 kinds of the default
    catalogue (single, pair, triple, full house, straight, pair run, triple run,
    bomb, joker bomb): 15 hand + 60 played + 4 held + 15 top + 9 top kind + 7 x 4
    seat blocks + 15 must include + 1 revolution + 4 phases + 15 offered + 60
    received + 15 trick card + 4 trick seat + 4 scores + 1 hand number = 250."""
    assert observation_size(Rules()) == 250
    blocks = layout(Rules())
    assert sum(block.stop - block.start for block in blocks.values()) == 250
    # Suits matter under "winner" (singles and pairs by suit, straight flushes): 13
    # card blocks of 54 (hand, 4 played, top, must include, offered, 4 received, trick
    # card); 9 kinds (single, pair, triple, full house, straight, straight flush, pair
    # run, triple run, plain four of a kind; no joker bomb); 8 + 2 seat blocks of 4.
    winner = Rules.preset("winner")
    assert suits_encoded(winner)
    assert not suits_encoded(Rules())
    assert layout(winner)["top_kind"].stop - layout(winner)["top_kind"].start == 9
    assert observation_size(winner) == 54 * 13 + 9 + 10 * 4 + 1 + 4 + 1
    assert layout(Rules(players=8))["played"] == slice(15, 15 + 8 * 15)


def test_blocks_say_what_the_observation_says() -> None:
    """Seat-relative blocks: entry 0 is the observing seat."""
    rules = Rules(players=3)
    rng = random.Random(3)
    game = Game(rules, seed=9)
    while not game.phase.is_over:
        for seat in range(3):
            seen = game.observation(seat)
            vector = encode(seen)
            blocks = layout(rules)
            assert vector.dtype == np.float32
            assert vector.shape == (observation_size(rules),)
            assert vector[blocks["hand"]].sum() == len(seen.hand)
            for card in seen.hand:
                assert vector[blocks["hand"]][card.rank] >= 1
            relative = [(seat + step) % 3 for step in range(3)]
            assert vector[blocks["held"]].tolist() == [seen.counts[other] for other in relative]
            played = vector[blocks["played"]].reshape(3, 15)
            assert played.sum(axis=1).tolist() == [len(seen.played_cards[other]) for other in relative]
            if seen.top is not None:
                assert vector[blocks["top"]].sum() == len(seen.top)
                assert vector[blocks["top_seat"]].tolist().index(1) == (seen.top_seat - seat) % 3
            else:
                assert vector[blocks["top"]].sum() == 0
            assert vector[blocks["to_act"]].tolist().index(1) == (seen.to_act - seat) % 3
            # Zheng Shangyou's four phases (no auction): exchange, play, hand over, match over.
            order = (Phase.EXCHANGE, Phase.PLAY, Phase.HAND_OVER, Phase.MATCH_OVER)
            assert vector[blocks["phase"]].tolist() == [float(phase is seen.phase) for phase in order]
        move = rng.choice(game.observation(game.to_act).legal_moves)
        game.play(move)
    final = encode(game.observation(0))
    assert final[layout(rules)["out"]].sum() >= 1
    assert final[layout(rules)["winner"]].sum() == 1


def test_r8_received_cards_are_placed_with_their_receiver() -> None:
    rules = Rules(players=3, exchange="highest_for_any")
    game = Game(rules, seed=2)
    rng = random.Random(1)
    while game.phase is not Phase.EXCHANGE:
        if game.phase.is_over:
            game.next_hand()
        else:
            game.play(rng.choice(list(game.legal_moves())))
    winner, loser = game.state.results[-1].winner, game.state.results[-1].loser
    give = game.legal_moves().__iter__().__next__()
    game.play(give)
    for seat in range(3):
        received = encode(game.observation(seat))[layout(rules)["received"]].reshape(3, 15)
        assert received.sum() == 1
        assert received[(winner - seat) % 3].sum() == 1
    game.play(next(iter(game.legal_moves())))
    received = encode(game.observation(loser))[layout(rules)["received"]].reshape(3, 15)
    assert received[0].sum() == 1
    assert received.sum() == 2


def test_action_mask_is_the_action_space_mask() -> None:
    game = Game(Rules(), seed=4)
    for seat in range(4):
        seen = game.observation(seat)
        assert action_mask(seen).tolist() == [int(legal) for legal in ActionSpace(game.rules).mask(seen)]


def test_encode_refuses_what_is_not_an_observation() -> None:
    with pytest.raises(WrongTypeError):
        encode(Game(seed=1).state)  # type: ignore[arg-type]


def test_rules_of_takes_a_preset_and_options() -> None:
    assert rules_of() == Rules()
    assert rules_of("two-deck", players=5) == Rules.preset("two-deck", players=5)
    assert rules_of(min_straight=3) == Rules(min_straight=3)


def test_played_block_counts_cards_of_plays() -> None:
    rules = Rules(players=2)
    game = Game(rules, seed=5)
    mover = game.to_act
    play = next(move for move in game.legal_moves() if isinstance(move, Play))
    game.play(play)
    vector = encode(game.observation(1 - mover))
    played = vector[layout(rules)["played"]].reshape(2, 15)
    assert played[1].sum() == len(play)  # the mover is the next seat of the observer
    assert played[0].sum() == 0


# --- Dou Dizhu (issue 36): what a seat of a game with a landlord sees ------------------

DDZ_PRESETS = ("doudizhu", "douzero", "rlcard", "openspiel")
#: The card block's entry of each rank (3 … 2, BJ, RJ): rank blocks of 15 (D1.1).
RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ"]


def test_D_zheng_shangyou_encoding_is_unchanged_by_the_landlord_blocks() -> None:
    """The 250 entries counted by hand above hold under every rule set without a
    landlord: no landlord block, and a phase block of four (the auction is no phase
    of Zheng Shangyou)."""
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        if rules.teams == "none":
            assert not set(LANDLORD_BLOCKS) & set(layout(rules)), name
            assert layout(rules)["phase"].stop - layout(rules)["phase"].start == 4, name
    assert list(layout(Rules()))[-1] == "hand_number"


@pytest.mark.parametrize("preset", DDZ_PRESETS)
def test_D_layout_of_the_landlord_blocks_counted_by_hand(preset: str) -> None:
    """Three seats, rank blocks of 15: the Zheng Shangyou blocks with a phase block of
    five (the auction), then landlord 3 + base 1 + multiplier 1 + kitty 15 + auction
    3 seats x (4 for bid 1/2/3/pass, or 0 with a fixed landlord, D3.5)."""
    rules = Rules.preset(preset)
    blocks = layout(rules)
    auction = 3 * 4 if rules.auction == "bid" else 0
    assert list(blocks)[-5:] == ["landlord", "base", "multiplier", "kitty", "auction"]
    assert blocks["phase"].stop - blocks["phase"].start == 5
    tail = 3 + 1 + 1 + 15 + auction
    assert observation_size(rules) == blocks["hand_number"].stop + tail
    assert sum(block.stop - block.start for block in blocks.values()) == observation_size(rules)
    if rules.auction != "none":
        call_rob = Rules.preset(preset, auction="call_rob", bid_rounds=None)
        assert layout(call_rob)["auction"].stop - layout(call_rob)["auction"].start == 3 * 3


def _kitty_counts(kitty: tuple[Card, ...]) -> list[float]:
    counts = [0.0] * 15
    for card in kitty:
        counts[RANKS.index(card.rank.symbol)] += 1
    return counts


@pytest.mark.parametrize(
    ("preset", "public"),
    [("doudizhu", True), ("douzero", True), ("rlcard", True), ("openspiel", False)],
)
def test_DE14_encoding_shows_the_kitty_per_preset(preset: str, public: bool) -> None:
    """DE14: the kitty's cards are in every seat's encoding under doudizhu, douzero
    and rlcard, in none but the landlord's under openspiel; before the landlord takes
    it, in nobody's (D4.1)."""
    rules = Rules.preset(preset)
    game = Game(rules, seed=21)
    blocks = layout(rules)
    kitty = game.state.deal.kitty
    assert len(kitty) == 3
    if game.phase is Phase.AUCTION:
        for seat in range(3):
            assert encode(game.observation(seat))[blocks["kitty"]].sum() == 0
        game.play(Bid(3))  # the first bidder takes it at once (D3.1)
    landlord = game.state.landlord
    assert landlord >= 0
    for seat in range(3):
        shown = encode(game.observation(seat))[blocks["kitty"]].tolist()
        if public or seat == landlord:
            assert shown == _kitty_counts(kitty)
        else:
            assert shown == [0.0] * 15


def test_D3_the_auction_block_holds_each_seats_last_auction_move() -> None:
    """DE9 (until_two_passes): P0 pass, P1 1, P2 pass, P0 2, P1 pass, P2 pass: P0 is
    landlord, base 2. Each seat's row (counted from the observer) holds its last
    auction move: P0 bid 2, P1 pass, P2 pass; the landlord block is P0."""
    rules = Rules.preset("doudizhu", bid_rounds="until_two_passes", first_bidder="rotate")
    game = Game(rules, seed=5)
    first = game.to_act
    blocks = layout(rules)
    for move in (PASS, Bid(1), PASS):
        game.play(move)
    seen = encode(game.observation(first))
    rows = seen[blocks["auction"]].reshape(3, 4).tolist()  # bid 1, bid 2, bid 3, pass
    assert rows == [[0, 0, 0, 1], [1, 0, 0, 0], [0, 0, 0, 1]]
    assert seen[blocks["phase"]].tolist() == [0, 1, 0, 0, 0]  # exchange, auction, play, ...
    assert seen[blocks["landlord"]].sum() == 0
    assert seen[blocks["base"]].tolist() == [0]
    for move in (Bid(2), PASS, PASS):
        game.play(move)
    assert game.state.landlord == first
    assert game.state.base == 2
    expected = {first: [0, 1, 0, 0], (first + 1) % 3: [0, 0, 0, 1], (first + 2) % 3: [0, 0, 0, 1]}
    for observer in range(3):
        seen = encode(game.observation(observer))
        rows = seen[blocks["auction"]].reshape(3, 4).tolist()
        assert rows == [expected[(observer + step) % 3] for step in range(3)]
        assert seen[blocks["landlord"]].tolist().index(1) == (first - observer) % 3
        assert seen[blocks["base"]].tolist() == [2]
        assert seen[blocks["phase"]].tolist() == [0, 0, 1, 0, 0]
    # Plays and the passes of the play never enter the auction block.
    game.play(next(iter(game.legal_moves())))
    game.play(PASS)
    assert encode(game.observation(0))[blocks["auction"]].sum() == 3


def test_D3_4_call_and_rob_in_the_auction_block() -> None:
    """DE10: P0 calls, P1 robs, P2 declines, P0 robs back: P0 landlord, base 4."""
    rules = Rules.preset("doudizhu", auction="call_rob", first_bidder="rotate")
    game = Game(rules, seed=2)
    first = game.to_act
    for move in (Call(), Rob(), PASS, Rob()):
        game.play(move)
    assert game.state.landlord == first
    assert game.state.base == 4
    seen = encode(game.observation(first))
    blocks = layout(rules)
    rows = seen[blocks["auction"]].reshape(3, 3).tolist()  # call, rob, pass
    assert rows == [[0, 1, 0], [0, 1, 0], [0, 0, 1]]
    assert seen[blocks["base"]].tolist() == [4]
    assert observation_bounds(rules)[1][blocks["base"]].tolist() == [8]  # 2**3 robs at most


def test_D9_1_the_multiplier_block_counts_bombs_as_log2() -> None:
    """D9.1: each bomb or rocket doubles the multiplier; the block holds log2 of it
    (the bombs and rockets so far), at most MULTIPLIER_CAP."""
    rules = Rules.preset("douzero")
    game = Game(rules, seed=1)
    blocks = layout(rules)
    bombs = 0
    while not game.phase.is_over:
        moves = list(game.legal_moves())
        bomb = next((move for move in moves if isinstance(move, Play) and move.is_bomb), None)
        game.play(bomb if bomb is not None else moves[0])
        bombs += bomb is not None
        assert encode(game.observation(0))[blocks["multiplier"]].tolist() == [min(bombs, MULTIPLIER_CAP)]
    assert bombs >= 1
    assert observation_bounds(rules)[1][blocks["multiplier"]].tolist() == [MULTIPLIER_CAP]


def test_D_phases_lists_the_auction_only_with_a_landlord() -> None:
    assert Phase.AUCTION not in phases(Rules())
    assert phases(Rules.preset("doudizhu")) == tuple(Phase)


DDZ_RULES = st.sampled_from(
    [
        Rules.preset("doudizhu"),
        Rules.preset("douzero"),
        Rules.preset("rlcard"),
        Rules.preset("openspiel"),
        Rules.preset("doudizhu", auction="call_rob"),
        Rules.preset("doudizhu", kitty_public=False),
    ]
)


@settings(max_examples=25, deadline=None)
@given(rules=DDZ_RULES, seed=st.integers(0, 2**16), steps=st.integers(0, 60), shuffle=st.randoms())
def test_D4_1_hidden_cards_change_no_dou_dizhu_encoding(
    rules: Rules, seed: int, steps: int, shuffle: random.Random
) -> None:
    """The swap test under the Dou Dizhu presets: the kitty is among the hidden cards
    while face down (before the landlord takes it), and stays hidden from the peasants
    under kitty_public=False (openspiel): permuting it with the other seats' cards
    changes no encoding and no mask."""
    check_swaps(seed, rules, steps, shuffle)


def test_D4_1_the_swap_moves_the_face_down_kitty() -> None:
    """The swap test is no empty check: in the auction the permuted state's kitty
    differs and the encodings stay equal; under kitty_public=False a peasant's
    permuted state moves the landlord's hidden cards (the kitty among them)."""
    shuffle = random.Random(4)
    state = State.new(Rules.preset("doudizhu"), seed=8)
    assert state.phase is Phase.AUCTION
    for seat in range(3):
        other = permuted(state, seat, shuffle)
        assert other.deal.kitty != state.deal.kitty
        assert np.array_equal(encode(state.observation(seat)), encode(other.observation(seat)))
        assert np.array_equal(action_mask(state.observation(seat)), action_mask(other.observation(seat)))
    hidden = State.new(Rules.preset("openspiel"), seed=8).play(Bid(3))
    peasant = (hidden.landlord + 1) % 3
    other = permuted(hidden, peasant, shuffle)
    assert other.hands[hidden.landlord] != hidden.hands[hidden.landlord]
    assert np.array_equal(encode(other.observation(peasant)), encode(hidden.observation(peasant)))
    shown = State.new(Rules.preset("doudizhu"), seed=8).play(Bid(3))
    moved = permuted(shown, (shown.landlord + 1) % 3, shuffle)
    assert all(card in moved.hands[shown.landlord] for card in shown.deal.kitty)  # shown: pinned
