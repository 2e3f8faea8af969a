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
from zhengshangyou import ActionSpace, Game, Phase, Play, Rules, WrongTypeError
from zhengshangyou.envs import (
    action_mask,
    encode,
    layout,
    observation_size,
    rules_of,
    suits_encoded,
)


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
            assert vector[blocks["phase"]].tolist() == [float(phase is seen.phase) for phase in Phase]
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
