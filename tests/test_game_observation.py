"""Observations leak nothing (RULES.md R2.4, R5.6, R8.2; the ``Observation`` contract).

For random positions (random legal play under the presets and random rule sets,
exchanges included), the hidden cards are permuted among the other seats, each
seat keeping its number of cards; what the observing seat knows stays in place: its
own hand, the face-up trick card with the seat it was dealt to, the exchanged cards
with the seats that received them, and an offer with the Winner. The observing
seat's ``observation`` must not change, nor, when that seat is to act, what it sees
after any of its moves (a move that ends an exchange under
``later_lead="start_card"`` starts the play, and the first leader shows who holds
the start card: those copies stay in place for that check). And an observation
never holds another seat's hand or the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from zhengshangyou import (
    PRESETS,
    Card,
    Deal,
    Game,
    Give,
    Hand,
    Observation,
    Offer,
    Phase,
    Play,
    Rank,
    Return,
    Rules,
    State,
    Take,
)
from zhengshangyou.testing import rules_sets

SEED_BASE = 2**50  # seeds this large cannot be mistaken for a count or a score


BASE_RULES = st.one_of(
    st.sampled_from(tuple(PRESETS)).map(Rules.preset),
    rules_sets(),
)
EXCHANGES = ("highest_for_one_of_two", "highest_for_any")
RULES = BASE_RULES.flatmap(
    lambda rules: st.sampled_from(("none", *EXCHANGES) if rules.teams == "none" else ("none",)).map(
        lambda exchange: rules.evolve(exchange=exchange, target_score=None)
    )
)
EXCHANGE_RULES = BASE_RULES.filter(lambda rules: rules.teams == "none").flatmap(
    lambda rules: st.sampled_from(EXCHANGES).map(
        lambda exchange: rules.evolve(exchange=exchange, target_score=None)
    )
)


def random_position(rules: Rules, seed: int, steps: int) -> State:
    """The state after ``steps`` random steps (moves, and next hands when one ends)."""
    rng = random.Random(seed)
    game = Game(rules, seed=SEED_BASE + seed)
    for _ in range(steps):
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        if game.phase is Phase.MATCH_OVER:
            break
        game.play(rng.choice(list(game.legal_moves())))
    return game.state


def known_cards(state: State, seat: int, *, start_card: bool = False, twos: bool = False) -> list[Counter[Card]]:
    """For each other seat, the cards ``seat`` knows it still holds (as far as that
    seat holds them now): the face-up trick card, exchanged and offered cards; with
    ``start_card``, also every copy of the start card, whose holder the first lead of a
    hand makes public under ``later_lead="start_card"`` (R2.6); with ``twos``, the 2s,
    which the end of a hand shows where they count (``two_doubles``, B7.1; thối heo, T7.2)."""
    pinned: list[Counter[Card]] = [Counter() for _ in range(state.players)]

    def pin(holder: int, card: Card) -> None:
        if holder != seat and state.hands[holder].count(card) > pinned[holder][card]:
            pinned[holder][card] += 1

    deal = state.deal
    if deal.trick_card is not None and deal.trick_seat is not None:
        pin(deal.trick_seat, deal.trick_card)
    if state.hand_number > 0:
        previous = state.results[state.hand_number - 1]
        for action in state.exchanged:
            move = action.move
            if isinstance(move, Give):
                pin(previous.winner, move.card)
            elif isinstance(move, (Take, Return)):
                pin(previous.loser, move.card)
        if state.exchange is not None:
            for card in state.exchange.offered:
                pin(previous.winner, card)
        for action in state.log:  # after the exchange, the card not taken stays known
            if isinstance(action.move, Offer):
                for card in action.move.cards:
                    pin(previous.winner, card)
    if state.landlord >= 0 and state.rules.kitty_shown:  # the kitty, shown (D4.1)
        for card in deal.kitty:
            pin(state.landlord, card)
    if start_card:
        for holder, hand in enumerate(state.hands):
            for _ in range(hand.count(state.rules.start_card)):
                pin(holder, state.rules.start_card)
    if twos:
        for holder, hand in enumerate(state.hands):
            for card in hand:
                if card.rank is Rank.TWO:
                    pin(holder, card)
    return pinned


def permuted(
    state: State,
    seat: int,
    rng: random.Random,
    *,
    start_card: bool = False,
    kitty_kept: bool = False,
    undealt: bool = False,
    twos: bool = False,
) -> State:
    """``state`` with the cards hidden from ``seat`` dealt anew among the other seats
    (and the kitty, while face down, unless ``kitty_kept``; with ``undealt``, the cards
    the deal left out too, which no seat sees: B2.1, T2.1)."""
    pinned = known_cards(state, seat, start_card=start_card, twos=twos)
    # (with ``twos`` the undealt 2s stay undealt: which seats hold 2s is what shows)
    kept = [card for card in state.deal.undealt if twos and card.rank is Rank.TWO] if undealt else []
    pool: list[Card] = [card for card in state.deal.undealt if card not in kept] if undealt else []
    kitty = state.deal.kitty
    face_down = bool(kitty) and state.landlord < 0 and not kitty_kept  # before the landlord takes it (D4.1)
    if face_down:
        pool.extend(kitty)
    for other, hand in enumerate(state.hands):
        if other != seat:
            free = Counter(hand)
            free.subtract(pinned[other])
            pool.extend(free.elements())
    rng.shuffle(pool)
    hands: list[Hand] = []
    dealt: list[Hand] = []
    for other, hand in enumerate(state.hands):
        if other == seat:
            hands.append(hand)
            dealt.append(state.deal.hands[other])
            continue
        hidden = len(hand) - sum(pinned[other].values())
        hands.append(Hand([*pinned[other].elements(), *pool[:hidden]]))
        # The deal changes with the hand, so that the position stays one a game can
        # reach: the hidden cards the seat held were dealt to it (the public
        # transfers of the exchange are pinned).
        deal = Counter(state.deal.hands[other])
        landlord = other == state.landlord and kitty  # (his hand holds the kitty: D4.1)
        if landlord:
            deal.update(kitty)
        deal.subtract(Counter(hand) - pinned[other])
        deal.update(pool[:hidden])
        assert min(deal.values(), default=0) >= 0
        if landlord:  # the kitty out of what he held: the old one where it still can be
            new_kitty = Counter(card for card in kitty if deal[card] > 0)
            spare = deal - new_kitty
            new_kitty.update(list(spare.elements())[: len(kitty) - sum(new_kitty.values())])
            deal.subtract(new_kitty)
            kitty = tuple(sorted(new_kitty.elements()))
        dealt.append(Hand(deal.elements()))
        del pool[:hidden]
    left_out = state.deal.undealt
    if undealt:
        room = len(left_out) - len(kept)
        left_out, pool = tuple(sorted([*kept, *pool[:room]])), pool[room:]
    if face_down:
        kitty, pool = tuple(sorted(pool)), []
    assert not pool
    return attrs.evolve(
        state,
        hands=tuple(hands),
        hand_state=attrs.evolve(
            state.hand_state, deal=attrs.evolve(state.deal, hands=tuple(dealt), kitty=kitty, undealt=left_out)
        ),
    )


def differences(first: Observation, second: Observation) -> list[str]:
    """The fields in which two observations differ (a short failure message: pytest's
    own diff of two large observations takes very long)."""
    return [
        field.name
        for field in attrs.fields(Observation)
        if getattr(first, field.name) != getattr(second, field.name)
    ]


def assert_no_leak(state: State, shuffle: random.Random) -> None:
    for seat in range(state.players):
        # the cards a deal leaves out (B2.1, T2.1) are hidden from every seat: swapped too
        other = permuted(state, seat, shuffle, undealt=True)
        assert other.hands[seat] == state.hands[seat]
        assert [len(hand) for hand in other.hands] == [len(hand) for hand in state.hands]
        assert len(other.deal.undealt) == len(state.deal.undealt)
        assert not differences(other.observation(seat), state.observation(seat))
        if seat != state.to_act:
            continue
        # (the moves' checks below keep the undealt cards where a move shows something of
        # the dealt ones: the start of play, after an exchange, shows who held the start
        # card or the lowest card dealt, B2.2, T2.2; a trick that ends at once, that the
        # other seats together could not beat the play, R5.6; and they keep the 2s where
        # the scores count them, which the end of the hand shows: B7.1, T7.2)
        shows_twos = state.rules.two_doubles or state.rules.thoi_heo
        undealt = state.phase is Phase.PLAY and not state.rules.auto_restart
        other = permuted(state, seat, shuffle, undealt=undealt, twos=shows_twos)
        # what the seat sees after each of its moves does not depend on the hidden
        # cards either (must_beat, auto_restart, the end of a hand, the exchange...);
        # a move that ends the exchange starts the play, whose first leader may be the
        # start card's holder: that much becomes public
        if state.phase is Phase.EXCHANGE and state.rules.instant_wins != "none":
            continue  # (a move that ends the exchange shows whether a seat held an instant win, T6.2)
        if state.phase is Phase.EXCHANGE and state.rules.later_lead == "start_card":
            other = permuted(state, seat, shuffle, start_card=True)
        # a move that ends the auction shows the landlord the kitty, and every seat
        # under kitty_public (D4.1): that much becomes known
        if state.phase is Phase.AUCTION:
            other = permuted(state, seat, shuffle, kitty_kept=True)
        moves = list(state.legal_moves())
        for move in shuffle.sample(moves, min(len(moves), 6)):
            after = state.play(move).observation(seat)
            assert not differences(other.play(move).observation(seat), after), move


@settings(max_examples=60)
@given(rules=RULES, seed=st.integers(0, 2**20), steps=st.integers(0, 400), shuffle=st.randoms())
def test_permuting_hidden_cards_changes_no_observation(
    rules: Rules, seed: int, steps: int, shuffle: random.Random
) -> None:
    state = random_position(rules, seed, steps)
    event(f"phase {state.phase}")
    if state.exchanged:
        event("cards exchanged this hand")
    assert_no_leak(state, shuffle)


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=50)
@given(
    rules=EXCHANGE_RULES,
    seed=st.integers(0, 2**20),
    shuffle=st.randoms(),
)
def test_exchange_positions_leak_nothing(rules: Rules, seed: int, shuffle: random.Random) -> None:
    """Every step of an exchange (R8.2, R8.3) and the first moves after it."""
    rng = random.Random(seed)
    game = Game(rules.evolve(end="first_out"), seed=SEED_BASE + seed)
    while game.phase is Phase.PLAY:
        game.play(rng.choice(list(game.legal_moves())))
    game.next_hand()
    assert game.phase is Phase.EXCHANGE
    for _ in range(6):
        assert_no_leak(game.state, shuffle)
        game.play(rng.choice(list(game.legal_moves())))
        if game.phase is not Phase.EXCHANGE and game.phase is not Phase.PLAY:
            break


def _walk(value: object) -> Iterator[object]:
    """Every value reachable from an observation through public attrs fields and
    containers (private memos on the rules are not part of the observation)."""
    yield value
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    if isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(key)
            yield from _walk(item)
    elif attrs.has(type(value)):
        kind: Any = type(value)
        for field in attrs.fields(kind):
            if field.init:
                yield from _walk(getattr(value, field.name))


@settings(max_examples=60)
@given(rules=RULES, seed=st.integers(0, 2**20), steps=st.integers(0, 400))
def test_an_observation_holds_no_other_hand_and_no_seed(
    rules: Rules, seed: int, steps: int
) -> None:
    state = random_position(rules, seed, steps)
    assert state.seed == SEED_BASE + seed
    for seat in range(state.players):
        seen = state.observation(seat)
        assert isinstance(seen, Observation)
        assert seen.seat == seat
        assert seen.hand == state.hands[seat]
        assert str(state.seed) not in repr(seen)
        for value in _walk(seen):
            assert not isinstance(value, (State, Deal, Game, random.Random))
            if isinstance(value, Hand):
                assert value == state.hands[seat]
            if isinstance(value, int) and not isinstance(value, bool):
                assert value != state.seed
        # another seat's cards show only once played, or when public (R2.4, R8.2)
        public: Counter[Card] = Counter(state.hands[seat])
        for action in seen.history:
            move = action.move
            if isinstance(move, Offer):
                public.update(move.cards)
            elif isinstance(move, (Give, Take, Return)):
                public[move.card] += 1
            elif isinstance(move, Play):
                public.update(move.cards)
        if seen.trick_card is not None:
            public[seen.trick_card] += 1
        public.update(seen.offered)
        if seen.landlord >= 0 and (rules.kitty_shown or seat == seen.landlord):
            public.update(state.deal.kitty)  # shown to all, or to the landlord only (D4.1)
        public[rules.start_card] += 1  # a rule option, known to all
        shown = {value for value in _walk(seen) if isinstance(value, Card)}
        # every card in the observation is the seat's own, played, exchanged or face up
        assert all(card in public for card in shown)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**20))
def test_an_offer_is_seen_only_by_the_winner_and_the_loser(seed: int) -> None:
    """R8.2: while the Loser chooses, only the Winner and the Loser see the offer."""
    rng = random.Random(seed)
    rules = Rules(exchange="highest_for_one_of_two", end="first_out")
    game = Game(rules, seed=SEED_BASE + seed)
    while game.phase is Phase.PLAY:
        game.play(rng.choice(list(game.legal_moves())))
    result = game.state.result
    assert result is not None
    game.next_hand()
    game.play(next(iter(game.legal_moves())))  # the Loser gives
    offer = rng.choice(list(game.legal_moves()))
    assert isinstance(offer, Offer)
    game.play(offer)
    involved = {result.winner, result.loser}
    for seat in range(rules.players):
        seen = game.observation(seat)
        has_offer = any(isinstance(action.move, Offer) for action in seen.history)
        assert has_offer == (seat in involved)
        assert seen.offered == (offer.cards if seat in involved else ())
        assert len(seen.exchanged) == 1  # the Give is public
