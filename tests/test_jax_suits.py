"""The card-level game where suits matter (issue 38): each id's member, as the reference's.

Where suits matter (R3.11 straight flushes, R4.3 singles and pairs by suit), a hand is
54 card counts and the JAX game must offer exactly the classes the reference's class
view lists (``legal_plays``, numbered by ``ActionSpace``), and take from the hand the
very cards of the class view's member: the hands here are drawn at random (from one,
two or all four suits, so that straights often fall on one suit) and compared with the
reference engine on every id, with and without the start card that must be played
(R2.5); a few members are worked out by hand from the class view's documented choice.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("jax")

import jax
import jax.numpy as jnp
import numpy as np

from zhengshangyou import Rules
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.cards import Card, parse_cards
from zhengshangyou.hand import Hand
from zhengshangyou.jax import make
from zhengshangyou.moves import legal_plays


def _vector(cards: list[Card]) -> np.ndarray:
    vector = np.zeros(54, dtype=np.int8)
    for card in cards:
        vector[card.index] += 1
    return vector


def _names(vector: np.ndarray) -> list[str]:
    return [
        str(Card.from_index(int(index)))
        for index in np.flatnonzero(vector)
        for _ in range(int(vector[index]))
    ]


def _agree(rules: Rules, hands: int, seed: int, must: bool) -> int:
    """Random hands (at most 20 cards, of 1, 2 or 4 suits) compared with the reference:
    the ids held, and each one's cards. Returns the hands compared."""
    env = make(rules)
    game = env._game
    space = ActionSpace(env.rules)
    held = jax.jit(game.held)  # type: ignore[attr-defined]
    taken = jax.jit(jax.vmap(game.taken, in_axes=(0, None, None)))
    ids = jnp.arange(space.pass_id)
    draw = random.Random(seed)
    deck = rules.deck()
    for number in range(hands):
        suits = draw.sample(range(4), (1, 2, 4)[number % 3])
        pool = [card for card in deck if card.index >= 52 or card.index % 4 in suits]
        cards = draw.sample(pool, draw.randint(1, min(20, len(pool))))
        if must and rules.start_card not in cards:
            cards[0] = rules.start_card
        must_include = rules.start_card if must else None
        expected = {
            space.encode(play): play
            for play in legal_plays(Hand(cards), rules, must_include=must_include)
        }
        vector = jnp.asarray(_vector(cards))
        found = np.flatnonzero(np.asarray(held(vector, jnp.bool_(must)))).tolist()
        assert found == sorted(expected), Hand(cards)
        took = np.asarray(taken(ids, vector, jnp.bool_(must)))
        for index, play in expected.items():
            assert _names(took[index]) == _names(_vector(list(play.cards))), (Hand(cards), play)
    return hands


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("winner"),
        Rules.preset("winner-classic"),
        Rules.preset("two-deck"),
        Rules.preset("winner", decks=2, straight_flush="distinct"),
    ],
    ids=["winner", "winner-classic", "two-deck", "two-decks-by-suit-distinct"],
)
def test_issue38_R3_11_R4_3_every_class_and_its_member_as_the_reference(rules: Rules) -> None:
    assert _agree(rules, 45, seed=38, must=False) == 45


@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("winner", start_card_must_be_played=True),
        Rules.preset(
            "winner-classic", suit_order="SHCD", start_card="5H", start_card_must_be_played=True
        ),
        # (two decks' compilations in the slow set)
        pytest.param(Rules.preset("two-deck", start_card_must_be_played=True), marks=pytest.mark.slow),
        pytest.param(
            Rules.preset("two-deck", start_card="BJ", start_card_must_be_played=True), marks=pytest.mark.slow
        ),
    ],
    ids=["winner", "winner-classic-5H-SHCD", "two-deck", "two-deck-BJ"],
)
def test_issue38_R2_5_the_lead_holding_the_start_card_as_the_reference(rules: Rules) -> None:
    assert _agree(rules, 45, seed=25, must=True) == 45


def _member(rules: Rules, label: str, cards: str, must: bool = False) -> list[str]:
    game = make(rules)._game
    play = ActionSpace(rules).parse(label)
    vector = jnp.asarray(_vector(list(parse_cards(cards))))
    assert bool(jax.jit(game.held)(vector, jnp.bool_(must))[play])  # type: ignore[attr-defined]
    return _names(np.asarray(jax.jit(game.taken)(play, vector, jnp.bool_(must))))


def test_issue38_R3_17_a_straight_whose_lowest_cards_share_a_suit_changes_one() -> None:
    # Under "beats_straights" 3H-7H reads only as a straight flush: the straight's member
    # changes the highest rank but the top that has another card (moves.py): the 6.
    rules = Rules.preset("winner")
    hand = "3H 4H 5H 6H 6S 7H 7S"
    assert _member(rules, "3 4 5 6 7 as straight", hand) == ["3H", "4H", "5H", "6S", "7H"]
    # Only the top has another card: it is changed.
    assert _member(rules, "3 4 5 6 7 as straight", "3H 4H 5H 6H 7H 7S") == [
        "3H",
        "4H",
        "5H",
        "6H",
        "7S",
    ]
    # The straight flush takes the window in the lowest suit holding it all.
    flush = "3C 4C 5C 3H 4H 5H"
    assert _member(rules, "3C 4C 5C", flush) == ["3C", "4C", "5C"]


def test_issue38_R4_3_a_pair_by_suit_takes_its_top_card_and_the_lowest_other() -> None:
    # Pairs compare by their higher suit (R4.3): the class of 5C 5H is every pair whose
    # higher card is 5H; the member takes 5H and the lowest other card, 5D.
    rules = Rules.preset("winner")
    assert _member(rules, "5C 5H", "5D 5C 5H 5S") == ["5D", "5H"]
    assert _member(rules, "5H", "5D 5C 5H 5S") == ["5H"]
