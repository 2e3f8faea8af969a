"""The game's rulings (RULES.md sections 2, 5-8 and the rulings E1-E4, E17-E23).

Positions are set up with arranged deals (``Game(rules, deals=[Deal(...)],
arranged=True)``): an arranged deal need not be even (R2.2a holds for real deals
only), so a seat can be given one card and another the rest of the deck. Every expected value below is worked out by hand from RULES.md, never read
from the code.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from zhengshangyou import (
    PASS,
    Action,
    AmbiguousPlayError,
    Card,
    CardsNotHeldError,
    Deal,
    Game,
    Give,
    Hand,
    IllegalMoveError,
    InvalidCombinationError,
    InvalidSetupError,
    Offer,
    Phase,
    Play,
    Return,
    Rules,
    Take,
    ZhengShangyouError,
    deal_cards,
    parse_cards,
    score_hand,
)
from zhengshangyou.actions import Move
from zhengshangyou.scoring import penalty

# ---------------------------------------------------------------------------
# helpers

HandSpec = str | int | None


def make_deal(
    rules: Rules,
    dealer: int,
    hands: Sequence[HandSpec],
    *,
    trick: tuple[str, int] | None = None,
) -> Deal:
    """A deal of the whole deck of ``rules``: each seat's hand is given as cards
    (text), as a number of cards (taken lowest first from what the text hands leave),
    or as None: every card left (at most one seat)."""
    assert len(hands) == rules.players
    assert sum(spec is None for spec in hands) <= 1
    left = Counter(rules.deck())
    dealt: list[Hand | None] = [None] * rules.players
    for seat, spec in enumerate(hands):
        if isinstance(spec, str):
            cards = parse_cards(spec)
            left.subtract(cards)
            assert min(left.values()) >= 0, f"{spec} is not in the deck twice"
            dealt[seat] = Hand(cards)
    for seat, spec in enumerate(hands):
        if isinstance(spec, int):
            pool = sorted(left.elements())
            taken = pool[:spec]
            assert len(taken) == spec
            left.subtract(taken)
            dealt[seat] = Hand(taken)
    for seat, spec in enumerate(hands):
        if spec is None:
            dealt[seat] = Hand(left.elements())
            left = Counter()
    assert not +left, "the deal must use the whole deck"
    final = tuple(hand if hand is not None else Hand(()) for hand in dealt)
    assert all(final), "every seat receives at least one card (R2.1)"
    if trick is None:
        return Deal(dealer, final)
    return Deal(dealer, final, Card.parse(trick[0]), trick[1])


def new_game(
    rules: Rules, hands: Sequence[HandSpec], *, dealer: int = 0, later: Sequence[Deal] = ()
) -> Game:
    return Game(rules, seed=1, deals=[make_deal(rules, dealer, hands), *later], arranged=True)


def run(game: Game, moves: Sequence[tuple[int, str | Move]]) -> None:
    """Play ``moves`` as (seat, move) pairs, each checked to be that seat's turn."""
    for seat, move in moves:
        game.play(move, seat=seat)


def phase_of(game: Game) -> Phase:
    """The phase, through a call (so that mypy does not narrow it between moves)."""
    return game.phase


def finished(game: Game) -> tuple[int, ...]:
    return game.state.finished


def card(text: str) -> Card:
    return Card.parse(text)


def hand(text: str) -> Hand:
    return Hand.parse(text)


def views(game: Game) -> list[Any]:
    return [game.observation(seat) for seat in range(game.rules.players)]


def rejected(
    game: Game, move: str | Move, *, seat: int | None, error: type[ZhengShangyouError], rule: str
) -> None:
    """E23: ``move`` is refused with exactly ``error`` naming ``rule``, and nothing changes."""
    before = game.copy()
    seen = views(game)
    with pytest.raises(error) as caught:
        game.play(move, seat=seat)
    assert type(caught.value) is error
    assert isinstance(caught.value, ValueError)
    assert caught.value.rule == rule
    assert game == before
    assert game.state is before.state
    assert views(game) == seen


DEALER = {"first_lead": "dealer"}

# ---------------------------------------------------------------------------
# R2.2, E19: deal sizes


@pytest.mark.parametrize(
    ("options", "dealer", "sizes"),
    [
        # 54 cards, 4 players: the dealer and the next seat get 14 (R2.2)
        ({}, 0, [14, 14, 13, 13]),
        ({}, 2, [13, 13, 14, 14]),
        ({}, 3, [14, 13, 13, 14]),
        # 52 cards, 3 players: the dealer gets 18 (R2.2, E19)
        ({"players": 3, "jokers": False, "joker_bomb": False}, 0, [18, 17, 17]),
        ({"players": 3, "jokers": False, "joker_bomb": False}, 1, [17, 18, 17]),
        ({"players": 3, "jokers": False, "joker_bomb": False}, 2, [17, 17, 18]),
        # 54 cards, 3 players: 18 each, no odd card (E19)
        ({"players": 3}, 1, [18, 18, 18]),
        # 54 cards, 5 players: 10 each and 4 over, to the dealer and the next three
        ({"players": 5}, 4, [11, 11, 11, 10, 11]),
        # 108 cards, 8 players: 13 each and 4 over
        ({"players": 8, "decks": 2}, 5, [14, 13, 13, 13, 13, 14, 14, 14]),
        ({"players": 2, "jokers": False, "joker_bomb": False}, 1, [26, 26]),
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_R2_2_deal_sizes(options: dict[str, Any], dealer: int, sizes: list[int], seed: int) -> None:
    game = Game(seed=seed, dealer=dealer, **options)
    assert game.state.dealer == dealer
    assert [len(held) for held in game.hands] == sizes
    dealt = sorted(c for held in game.hands for c in held)
    assert dealt == sorted(game.rules.deck())  # the whole deck, nothing left over


def test_E19_three_players() -> None:
    for seed in range(5):
        full = Game(seed=seed, players=3)
        assert [len(held) for held in full.hands] == [18, 18, 18]
        for dealer in range(3):
            short = Game(seed=seed, dealer=dealer, players=3, jokers=False, joker_bomb=False)
            assert len(short.hands[dealer]) == 18
            assert sorted(len(held) for held in short.hands) == [17, 17, 18]


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(players=3, jokers=False, joker_bomb=False), Rules.preset("two-deck").evolve(players=5)],
    ids=["4 players", "3 players, 52 cards", "5 players, two decks"],
)
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_R2_2_deals_singly_from_the_dealer(rules: Rules, dealer: int) -> None:
    """The deck shuffled by the generator's own ``shuffle`` goes out one card at a
    time, the dealer first, in play order (the library shuffles in fewer steps, and
    must draw exactly what ``random.Random.shuffle`` draws)."""
    for seed in range(12):
        deal = deal_cards(rules, dealer, random.Random(seed))
        deck = list(rules.deck())
        random.Random(seed).shuffle(deck)
        expected: list[list[Card]] = [[] for _ in range(rules.players)]
        for position, dealt in enumerate(deck):
            expected[(dealer + position) % rules.players].append(dealt)
        assert [list(held) for held in deal.hands] == [sorted(cards) for cards in expected]
        assert deal.dealer == dealer


# ---------------------------------------------------------------------------
# R2.3: who deals


def test_R2_3_named_dealer() -> None:
    for seed in range(10):
        for dealer in range(4):
            assert Game(seed=seed, dealer=dealer).state.dealer == dealer


def test_R2_3_random_dealer_is_seeded() -> None:
    dealers = {seed: Game(seed=seed).state.dealer for seed in range(60)}
    assert all(Game(seed=seed).state.dealer == dealer for seed, dealer in dealers.items())
    assert set(dealers.values()) == {0, 1, 2, 3}  # every seat can be drawn


def test_R2_3_dealer_out_of_range() -> None:
    with pytest.raises(InvalidSetupError) as caught:
        Game(seed=0, dealer=4)
    assert caught.value.rule == "R2.1"


# ---------------------------------------------------------------------------
# R2.4: who leads the first hand


def test_R2_4_start_card_holder_leads() -> None:
    rules = Rules.preset("winner", end="first_out")
    game = new_game(rules, [13, 13, "3D 4H", None], dealer=1)
    assert game.to_act == 2
    for seed in range(10):
        seeded = Game(rules, seed=seed)
        assert card("3D") in seeded.hands[seeded.to_act]


def test_R2_4_start_card_3S_under_winner_classic() -> None:
    rules = Rules.preset("winner-classic")
    game = new_game(rules, ["3D", 13, None, "3S"], dealer=0)
    assert game.to_act == 3


@pytest.mark.parametrize(
    ("dealer", "holders", "leader"),
    [
        (2, (1, 3), 3),  # play order from the dealer: 2, 3, 0, 1
        (2, (0, 1), 0),
        (2, (2, 0), 2),  # the dealer holds a copy
        (0, (3, 1), 1),
        (1, (0, 0), 0),  # one seat holds both copies
    ],
)
def test_R2_4_start_card_with_two_decks(dealer: int, holders: tuple[int, int], leader: int) -> None:
    rules = Rules.preset("two-deck")  # start card 3♠, library ruling: first copy from the dealer
    specs: list[HandSpec] = [27, 27, 27, 27]
    for seat in set(holders):
        specs[seat] = " ".join(["3S"] * holders.count(seat))
    # the first seat without a copy takes the rest of the deck, the others 27 cards each
    rest = next(seat for seat in range(4) if seat not in holders)
    specs[rest] = None
    game = new_game(rules, specs, dealer=dealer)
    assert game.to_act == leader


def test_R2_4_trick_card_leads_and_is_public() -> None:
    rules = Rules()  # zhengshangyou: first_lead="trick_card"
    deal = make_deal(rules, 1, [13, 14, "7H 8H 9H 10H JH QH KH AH 2H", None], trick=("7H", 2))
    assert card("7H") in deal.hands[2]
    game = Game(rules, deals=[deal], arranged=True)
    assert game.to_act == 2
    for seen in views(game):
        assert seen.trick_card == card("7H")
        assert seen.trick_seat == 2
    for seed in range(10):
        seeded = Game(rules, seed=seed)
        state = seeded.state
        assert state.deal.trick_seat is not None
        assert state.deal.trick_card is not None
        assert seeded.to_act == state.deal.trick_seat
        assert state.deal.trick_card in state.hands[state.deal.trick_seat]
    # the face-up card is a seeded choice, not always the same card
    assert len({Game(rules, seed=seed).state.deal.trick_card for seed in range(20)}) > 1


def test_R2_4_dealer_leads() -> None:
    for seed in range(8):
        game = Game(seed=seed, first_lead="dealer")
        assert game.to_act == game.state.dealer


# ---------------------------------------------------------------------------
# R2.5: start_card_must_be_played


def test_R2_5_start_card_must_be_played() -> None:
    rules = Rules.preset("winner", start_card_must_be_played=True)
    game = new_game(rules, [13, "3D 4S 5H 9C 9D", None, 13], dealer=0)
    assert game.to_act == 1
    moves = list(game.legal_moves())
    assert moves
    assert all(isinstance(m, Play) and card("3D") in m.cards for m in moves)
    rejected(game, "9C 9D", seat=1, error=IllegalMoveError, rule="R2.5")
    rejected(game, "4S", seat=1, error=IllegalMoveError, rule="R2.5")
    game.play("3D 4S 5H", seat=1)  # a straight holding the start card
    run(game, [(2, PASS), (3, PASS), (0, PASS)])
    assert game.to_act == 1
    assert game.state.top is None
    game.play("9C 9D", seat=1)  # later leads are free


def test_R2_5_start_card_need_not_be_played() -> None:
    rules = Rules.preset("winner")
    game = new_game(rules, [13, "3D 4S 5H 9C 9D", None, 13], dealer=0)
    game.play("9C 9D", seat=1)
    assert game.state.top == Play.parse("9C 9D", rules)


# ---------------------------------------------------------------------------
# R2.6, R2.7: later hands


def _first_hand_won_by_1(**options: Any) -> Game:
    """Hand 1 under end="first_out": seat 1 (dealer, leader) goes out at once; seat 3
    holds the most cards, so it is the Loser."""
    rules = Rules(first_lead="dealer", end="first_out", **options)
    game = new_game(rules, [1, "3D", 1, None], dealer=1)
    game.play("3D", seat=1)
    assert phase_of(game) is Phase.HAND_OVER
    result = game.state.result
    assert result is not None
    assert (result.winner, result.loser) == (1, 3)
    return game


@pytest.mark.parametrize(("later_lead", "leader"), [("loser", 3), ("winner", 1)])
def test_R2_6_later_lead(later_lead: str, leader: int) -> None:
    game = _first_hand_won_by_1(later_lead=later_lead)
    game.next_hand()
    assert phase_of(game) is Phase.PLAY
    assert game.state.hand_number == 1
    assert game.to_act == leader


def test_R2_6_later_lead_start_card() -> None:
    for seed in range(6):
        rules = Rules(
            first_lead="dealer", end="first_out", later_lead="start_card", start_card="5S"
        )
        game = Game(rules, seed=seed, deals=[make_deal(rules, 1, [1, "3D", 1, None])], arranged=True)
        game.play("3D", seat=1)
        game.next_hand()
        assert card("5S") in game.hands[game.to_act]


def test_R2_6_two_deck_start_card_every_hand() -> None:
    rules = Rules.preset("two-deck", end="first_out", first_lead="dealer")
    later = make_deal(rules, 3, [27, "3S", "3S", None])  # from dealer 3: 3, 0, 1, 2
    game = new_game(rules, ["3D", 27, 27, None], dealer=0, later=[later])
    game.play("3D", seat=0)
    game.next_hand()
    assert game.state.dealer == 3
    assert game.to_act == 1


@pytest.mark.parametrize(("next_dealer", "dealer"), [("loser", 3), ("winner", 1), ("rotate", 2)])
def test_R2_7_next_dealer(next_dealer: str, dealer: int) -> None:
    game = _first_hand_won_by_1(next_dealer=next_dealer)
    game.next_hand()
    assert game.state.dealer == dealer
    sizes = [len(held) for held in game.hands]
    # the new dealer deals first: dealer and next seat hold 14 of the 54 cards
    assert sizes[dealer] == sizes[(dealer + 1) % 4] == 14


def test_R2_7_a_given_deal_must_come_from_the_right_dealer() -> None:
    rules = Rules(first_lead="dealer", end="first_out")  # next_dealer="loser"
    wrong = make_deal(rules, 0, [13, 13, None, 13])
    game = new_game(rules, ["3D", 13, None, 13], later=[wrong])
    game.play("3D", seat=0)
    before = game.copy()
    with pytest.raises(InvalidSetupError) as caught:
        game.next_hand()  # seat 2, the Loser, deals, not seat 0
    assert caught.value.rule == "R2.7"
    assert game == before


def test_R2_4_a_given_first_deal_needs_its_trick_card() -> None:
    rules = Rules()  # first_lead="trick_card"
    with pytest.raises(InvalidSetupError) as caught:
        Game(rules, deals=[make_deal(rules, 0, [13, 13, 14, None])], arranged=True)
    assert caught.value.rule == "R2.4"


# ---------------------------------------------------------------------------
# R5.1-R5.6 and E1-E4


def test_R5_1_leader_plays_any_combination() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 3C 4D 4C 5D 6D 7D 8D 9C 9H 9S 9D", 14, None, 13])
    kinds = {m.kind.value for m in game.legal_moves() if isinstance(m, Play)}
    assert {"single", "pair", "pair_run", "straight", "triple", "bomb", "full_house"} <= kinds
    assert PASS not in game.legal_moves()
    rejected(game, PASS, seat=0, error=IllegalMoveError, rule="R5.1")
    game.play("3D 3C 4D 4C", seat=0)  # a pair run leads
    assert game.to_act == 1


def test_E4_leader_cannot_pass_and_a_player_may_pass_holding_a_beating_play() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["5D 6D", "9C 10C", None, 13])
    rejected(game, PASS, seat=0, error=IllegalMoveError, rule="R5.1")
    game.play("5D", seat=0)
    assert PASS in game.legal_moves()
    assert Play.parse("9C", rules) in game.legal_moves()
    game.play(PASS, seat=1)  # holds 9C, which beats 5D, and passes anyway
    assert game.to_act == 2
    # under must_beat the same pass is refused
    strict = new_game(rules.evolve(must_beat=True), ["5D 6D", "9C 10C", None, 13])
    strict.play("5D", seat=0)
    assert PASS not in strict.legal_moves()
    rejected(strict, PASS, seat=1, error=IllegalMoveError, rule="R5.2")


def test_R5_2_must_beat_never_forces_a_bomb() -> None:
    rules = Rules(first_lead="dealer", must_beat=True)
    game = new_game(rules, ["9D 10D", "3C 3H 3S 3D 4C", None, 13])
    game.play("9D", seat=0)
    moves = list(game.legal_moves())
    assert Play.parse("3C 3H 3S 3D", rules) in moves  # the bomb is legal
    assert PASS in moves  # but not compulsory
    game.play(PASS, seat=1)
    assert game.to_act == 2


def test_E3_a_passer_plays_later_in_the_trick() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 6D 8S", "7D 9S", "5D 10S", None])
    run(game, [(0, "3D"), (1, PASS), (2, "5D"), (3, PASS), (0, "6D")])
    assert game.to_act == 1
    game.play("7D", seat=1)  # R5.3: the earlier pass does not stop it
    assert game.state.top == Play.parse("7D", rules)
    assert game.to_act == 2


def test_E3_pass_locks_out() -> None:
    rules = Rules(first_lead="dealer", pass_locks_out=True)
    game = new_game(rules, ["3D 6D 8S", "7D 9S", "5D 10S", None])
    run(game, [(0, "3D"), (1, PASS), (2, "5D"), (3, PASS), (0, "6D")])
    assert game.to_act == 2  # seats 1 and 3 are skipped
    assert game.observation(0).locked == (1, 3)
    rejected(game, "7D", seat=1, error=IllegalMoveError, rule="R5.2")
    game.play(PASS, seat=2)  # every seat not locked has passed: the trick ends
    assert game.to_act == 0
    assert game.state.top is None
    assert game.observation(0).locked == ()
    game.play("8S", seat=0)
    assert game.to_act == 1  # a new trick: seat 1 plays again
    game.play("9S", seat=1)


def test_R5_4_trick_ends_when_everyone_else_has_passed() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 8S", "4D 9S", "5D 10S", None])
    run(game, [(0, "3D"), (1, "4D"), (2, PASS), (3, PASS)])
    assert game.to_act == 0
    assert game.state.top == Play.parse("4D", rules)
    game.play(PASS, seat=0)
    assert game.to_act == 1
    assert game.state.top is None
    # passes made before the last play do not count
    again = new_game(rules, ["3D 8S", "4D 9S", "5D 10S", None])
    run(again, [(0, "3D"), (1, PASS), (2, "5D"), (3, PASS), (0, PASS)])
    assert again.to_act == 1
    assert again.state.top == Play.parse("5D", rules)
    again.play(PASS, seat=1)
    assert again.to_act == 2
    assert again.state.top is None


def test_E1_out_on_an_unbeaten_play_next_holder_leads() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 8C 9C", "4D 7D", "5D", None])
    run(game, [(0, "3D"), (1, "4D"), (2, "5D")])
    assert finished(game) == (2,)
    run(game, [(3, PASS), (0, PASS), (1, PASS)])
    # seat 2's play stands and seat 2 is out: the next seat holding cards leads
    assert game.to_act == 3
    assert game.state.top is None
    run(game, [(3, "6C"), (0, PASS), (1, "7D")])
    assert finished(game) == (2, 1)
    assert game.to_act == 3  # seat 2 is out, so seat 3 answers
    run(game, [(3, PASS), (0, PASS)])
    # seat 1 is out, and so is seat 2: seat 3 leads
    assert game.to_act == 3
    assert game.state.top is None
    assert phase_of(game) is Phase.PLAY


def test_E2_after_going_out_the_trick_ends_when_every_holder_passed_once() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 8C 9C", "4D", "9D 10D", None])
    run(game, [(0, "3D"), (1, "4D")])
    assert finished(game) == (1,)
    run(game, [(2, PASS), (3, PASS)])
    assert game.to_act == 0
    assert game.state.top == Play.parse("4D", rules)
    game.play(PASS, seat=0)
    assert game.to_act == 2
    assert game.state.top is None
    # R5.5: the others may still beat the going-out play
    other = new_game(rules, ["3D 8C 9C", "4D", "9D 10D", None])
    run(other, [(0, "3D"), (1, "4D"), (2, "9D"), (3, PASS)])
    assert other.to_act == 0
    assert other.state.top == Play.parse("9D", rules)
    other.play(PASS, seat=0)  # seat 1 is out and is not asked
    assert other.to_act == 2
    assert other.state.top is None


def test_R5_6_auto_restart_fires_when_nothing_can_beat() -> None:
    """E21: a red joker led by a seat holding a card of every rank: no unseen four of a
    kind and no joker bomb (the RJ is out) can exist, so the player leads again."""
    rules = Rules(first_lead="dealer", auto_restart=True)
    lead = "RJ 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D"
    for seed in range(4):
        rest = [c for c in rules.deck() if c not in parse_cards(lead)]
        random.Random(seed).shuffle(rest)
        deal = Deal(0, (hand(lead), Hand(rest[:13]), Hand(rest[13:27]), Hand(rest[27:])))
        game = Game(rules, deals=[deal], arranged=True)
        game.play("RJ", seat=0)
        assert game.to_act == 0
        assert game.state.top is None
        assert game.state.log == (Action(0, Play.parse("RJ", rules)),)


def test_E21_auto_restart_uses_only_public_information() -> None:
    rules = Rules(first_lead="dealer", auto_restart=True)
    lead = "RJ 3D 4D 5D 6D 8D 9D 10D JD QD KD AD 2D"  # no 7: four 7s are unseen
    # nobody actually holds a bomb of 7s, yet one could exist as far as seat 0 knows
    split = new_game(rules, [lead, "7D 7C 3C 4C 5C", "7H 3H 4H 5H 6H", None])
    # here seat 3 does hold the four 7s
    bomb = new_game(rules, [lead, "3C 4C 5C 6C 8C", "3H 4H 5H 6H 8H", None])
    assert bomb.hands[3].count_rank(card("7S").rank) == 4
    assert split.observation(0) == bomb.observation(0)
    for game in (split, bomb):
        game.play("RJ", seat=0)
        assert game.to_act == 1
        assert game.state.top == Play.parse("RJ", rules)
    assert split.observation(0) == bomb.observation(0)  # nothing about the hidden hands leaks
    # without auto_restart the same lead leaves the trick open too
    plain = new_game(Rules(first_lead="dealer"), [lead, "7D 7C 3C 4C 5C", "7H 3H 4H 5H 6H", None])
    plain.play("RJ", seat=0)
    assert plain.to_act == 1


def test_R5_6_B2_1_T2_1_the_cards_a_deal_left_out_are_unseen_too() -> None:
    """R5.6: "every card not in their hand and not yet played" includes the cards the
    deal left out (T2.1). Seat 1's hand cannot beat A♠, but the 2s and jokers nobody
    was dealt could, as far as seat 0 knows: no restart, seat 1 answers. Before, the
    engine looked at the other hands alone, and a restart told seat 0 that every card
    able to beat its play had been left out."""
    rules = Rules(players=2, hand_size=5, first_lead="dealer", auto_restart=True)
    mine, theirs = parse_cards("AS 3C 4D 6H 8S"), parse_cards("3D 4H 5S 7C 9D")
    undealt = tuple(sorted(card for card in rules.deck() if card not in (*mine, *theirs)))
    game = Game(rules, deals=[Deal(0, (Hand(mine), Hand(theirs)), undealt=undealt)], arranged=True)
    game.play("AS", seat=0)
    assert game.to_act == 1
    assert game.state.top == Play.parse("AS", rules)


def test_R5_6_auto_restart_off_by_default() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["RJ 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D", 13, 14, None])
    game.play("RJ", seat=0)
    assert game.to_act == 1
    assert game.state.top == Play.parse("RJ", rules)


# ---------------------------------------------------------------------------
# R6: end of hand


def test_R6_1_one_left() -> None:
    rules = Rules(players=3, first_lead="dealer")
    game = new_game(rules, ["3D", "4D 5D", None])
    game.play("3D", seat=0)
    assert phase_of(game) is Phase.PLAY  # two seats still hold cards
    assert game.state.winner == 0
    run(game, [(1, "4D"), (2, PASS)])
    assert game.to_act == 1
    game.play("5D", seat=1)
    assert phase_of(game) is Phase.HAND_OVER
    assert game.to_act == -1
    result = game.state.result
    assert result is not None
    assert result.finishing_order == (0, 1, 2)
    assert (result.winner, result.loser) == (0, 2)


def test_R6_1_one_left_four_players_finishing_order() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 9C", "4D 7D", "5D", None])
    run(game, [(0, "3D"), (1, "4D"), (2, "5D"), (3, PASS), (0, PASS), (1, PASS)])
    run(game, [(3, "6C"), (0, "9C")])  # seat 0 goes out second
    assert phase_of(game) is Phase.PLAY
    run(game, [(1, PASS), (3, PASS)])
    assert game.to_act == 1  # seat 0 is out: the next holder leads
    game.play("7D", seat=1)
    assert phase_of(game) is Phase.HAND_OVER
    result = game.state.result
    assert result is not None
    assert result.finishing_order == (2, 0, 1, 3)
    assert result.loser == 3


@pytest.mark.parametrize(
    ("winner", "hands", "order"),
    [
        # seats 0 and 3 tie on 20 cards; in play order after the Winner (seat 1):
        # 2, 3, 0, so seat 0 is the latest and the Loser (not the higher seat 3)
        (1, [20, "3D", 13, None], (1, 2, 3, 0)),
        # seats 1 and 3 tie; after the Winner (seat 0): 1, 2, 3: seat 3 is the Loser
        (0, ["3D", 20, 13, None], (0, 2, 1, 3)),
        # no tie: seat 2 holds the most
        (3, [12, 13, None, "3D"], (3, 0, 1, 2)),
    ],
)
def test_R6_2_first_out_and_the_loser_tie(
    winner: int, hands: list[HandSpec], order: tuple[int, ...]
) -> None:
    rules = Rules(first_lead="dealer", end="first_out")
    game = new_game(rules, hands, dealer=winner)
    game.play("3D", seat=winner)
    assert phase_of(game) is Phase.HAND_OVER  # the hand ends when the Winner goes out
    result = game.state.result
    assert result is not None
    assert result.finishing_order == order
    assert result.winner == winner
    assert result.loser == order[-1]


# ---------------------------------------------------------------------------
# R7: scoring


def test_E17_worked_example_by_score_hand() -> None:
    # North (seat 0) wins; East 3, West 11, South 8 cards (R7.1)
    scores = score_hand(
        Rules(), finishing_order=(0, 1, 3, 2), cards_left=(0, 3, 11, 8), played=(True,) * 4
    )
    assert scores == (33, -3, -22, -8)


def test_E17_worked_example_in_a_game() -> None:
    rules = Rules(first_lead="dealer", end="first_out")
    north = (
        "3D RJ 4C 4H 5C 5H 6C 6H 7C 7H 8C 8H 9C 9H 10C 10H JC JH QC QH KC KH AC AH 2D 2C 2H 3C 3H"
    )
    game = new_game(rules, [north, "4D 7D 8D 9D", "5D 10D JD QD KD AD 3S 4S 5S 6S 7S 8S", None])
    assert [len(held) for held in game.hands] == [29, 4, 12, 9]
    run(game, [(0, "3D"), (1, "4D"), (2, "5D"), (3, "6D"), (0, "RJ")])
    run(game, [(1, PASS), (2, PASS), (3, PASS)])
    game.play("4C 4H 5C 5H 6C 6H 7C 7H 8C 8H 9C 9H 10C 10H JC JH QC QH KC KH AC AH", seat=0)
    run(game, [(1, PASS), (2, PASS), (3, PASS)])
    game.play("2D 2C 2H 3C 3H", seat=0)
    result = game.state.result
    assert result is not None
    assert result.cards_left == (0, 3, 11, 8)
    assert result.scores == (33, -3, -22, -8)
    assert game.scores == (33, -3, -22, -8)


def test_E17_three_player_tiers_by_penalty() -> None:
    three = Rules(players=3)
    assert [penalty(three, k, played=True) for k in (11, 12, 16, 17)] == [11, 24, 32, 51]
    four = Rules()
    assert [penalty(four, k, played=True) for k in (9, 10)] == [9, 20]
    assert penalty(four, 14, played=False) == 42
    assert penalty(three, 17, played=False) == 51  # ×3, not ×3×3


# seat 0 leads 3D, seats 1 and 2 answer, seat 0 tops with RJ and then plays out
_TRIPLE_RUN = "4C 4H 4S 5C 5H 5S 6C 6H 6S 7C 7H 7S 8C 8H 8S 9C 9H 9S 10C 10H 10S"


@pytest.mark.parametrize(
    ("north", "east", "finish", "expected"),
    [
        # 12 left ×2, 17 left ×3
        ("3D RJ " + _TRIPLE_RUN, 13, [_TRIPLE_RUN], (75, -24, -51)),
        # 11 left ×1, 16 left ×2
        ("3D RJ JC JH " + _TRIPLE_RUN, 12, [_TRIPLE_RUN, "JC JH"], (43, -11, -32)),
    ],
)
def test_E17_three_player_tiers_in_a_game(
    north: str, east: int, finish: list[str], expected: tuple[int, int, int]
) -> None:
    rules = Rules(players=3, first_lead="dealer", end="first_out")
    rest = [c for c in rules.deck() if c not in parse_cards(north)]
    rest.remove(card("4D"))
    rest.remove(card("5D"))
    deal = Deal(
        0,
        (hand(north), Hand([card("4D"), *rest[: east - 1]]), Hand([card("5D"), *rest[east - 1 :]])),
    )
    game = Game(rules, deals=[deal], arranged=True)
    run(game, [(0, "3D"), (1, "4D"), (2, "5D"), (0, "RJ"), (1, PASS), (2, PASS)])
    for number, cards in enumerate(finish):
        game.play(cards, seat=0)
        if number < len(finish) - 1:
            run(game, [(1, PASS), (2, PASS)])
    result = game.state.result
    assert result is not None
    assert result.scores == expected
    assert sum(result.scores) == 0


def test_E17_untouched_hand_scores_triple() -> None:
    rules = Rules(first_lead="dealer", end="first_out")
    game = new_game(rules, ["3D", 14, 14, None])
    game.play("3D", seat=0)
    result = game.state.result
    assert result is not None
    assert result.cards_left == (0, 14, 14, 25)
    assert result.played == (True, False, False, False)
    assert result.scores == (159, -42, -42, -75)


def test_R7_1_cards_counted_when_the_winner_goes_out() -> None:
    rules = Rules(players=3, first_lead="dealer")  # end="one_left": play goes on
    game = new_game(rules, ["3D 6D", "4D 5D 7D", None])
    run(game, [(0, "3D"), (1, "4D"), (2, PASS), (0, "6D")])
    assert phase_of(game) is Phase.PLAY
    assert game.state.winner == 0
    run(game, [(1, "7D"), (2, PASS), (1, "5D")])
    result = game.state.result
    assert result is not None
    assert result.finishing_order == (0, 1, 2)
    # seat 1 held 2 cards when seat 0 went out (not the 0 it ended with); seat 2 only
    # passed, which is playing no card: 49 × 3
    assert result.cards_left == (0, 2, 49)
    assert result.played == (True, True, False)
    assert result.scores == (149, -2, -147)


def test_R7_1_played_no_card_is_judged_when_the_winner_goes_out() -> None:
    """Spec decision: the whole count is taken at the moment the Winner goes out, so a
    seat that had not played by then scores ×3 even if it plays later (one_left)."""
    rules = Rules(players=3, first_lead="dealer")
    game = new_game(rules, ["3D", "4D 5D", None])
    run(game, [(0, "3D"), (1, "4D"), (2, PASS), (1, "5D")])
    result = game.state.result
    assert result is not None
    assert result.cards_left == (0, 2, 51)
    assert result.scores == (159, -6, -153)


def test_E18_first_leader_never_scores_as_untouched() -> None:
    rules = Rules(first_lead="dealer", end="first_out")
    game = new_game(rules, ["3D 4D 5D 6D 7C", "2S", 24, None])
    run(game, [(0, "3D"), (1, "2S")])
    result = game.state.result
    assert result is not None
    assert result.played == (True, True, False, False)
    assert result.scores == (-4, 148, -72, -72)  # the leader's 4 cards count once
    for seed in range(6):  # and whoever leads first, whatever the preset
        for name in Rules.preset_names():
            seeded = Game(Rules.preset(name), seed=seed)
            while seeded.phase is not Phase.PLAY and not seeded.phase.is_over:  # (Dou Dizhu's auction first)
                seeded.play(next(iter(seeded.legal_moves())))
            if seeded.phase.is_over:  # (won at the deal, T6.2: nobody led)
                continue
            leader = seeded.to_act
            seeded.play(next(iter(seeded.legal_moves())))
            assert leader in seeded.observation(leader).played


def test_R7_2_placement() -> None:
    rules = Rules(players=3, first_lead="dealer", scoring="placement")
    game = new_game(rules, ["3D", "4D", None])
    run(game, [(0, "3D"), (1, "4D")])
    result = game.state.result
    assert result is not None
    assert result.finishing_order == (0, 1, 2)
    assert result.scores == (2, 1, 0)
    assert phase_of(game) is Phase.HAND_OVER


@pytest.mark.parametrize(("target", "phase"), [(2, Phase.MATCH_OVER), (3, Phase.HAND_OVER)])
def test_R7_2_placement_target(target: int, phase: Phase) -> None:
    rules = Rules(players=3, first_lead="dealer", scoring="placement", target_score=target)
    game = new_game(rules, ["3D", "4D", None])
    run(game, [(0, "3D"), (1, "4D")])
    assert phase_of(game) is phase


def test_R7_3_no_scoring() -> None:
    rules = Rules(players=3, first_lead="dealer", scoring="none")
    game = new_game(rules, ["3D", "4D", None])
    run(game, [(0, "3D"), (1, "4D")])
    result = game.state.result
    assert result is not None
    assert result.finishing_order == (0, 1, 2)
    assert result.scores == (0, 0, 0)
    assert game.scores == (0, 0, 0)


def _two_short_hands(target: int | None) -> Game:
    rules = Rules(players=3, first_lead="dealer", end="first_out", target_score=target)
    # hand 1: seat 0 goes out at once; seats 1 and 2 hold 26 and 27 untouched cards
    # hand 2 (dealt by the Loser, seat 2, who leads): seat 2 goes out at once
    second = make_deal(rules, 2, [26, None, "3D"])
    return new_game(rules, ["3D", 26, None], dealer=0, later=[second])


def test_R7_4_running_totals() -> None:
    game = _two_short_hands(None)
    game.play("3D", seat=0)
    assert game.scores == (159, -78, -81)
    assert phase_of(game) is Phase.HAND_OVER  # no target: the caller decides
    game.next_hand()
    assert game.to_act == 2
    game.play("3D", seat=2)
    assert game.state.results[-1].scores == (-78, -81, 159)
    assert game.scores == (81, -159, 78)
    assert phase_of(game) is Phase.HAND_OVER


@pytest.mark.parametrize(("target", "phase"), [(159, Phase.MATCH_OVER), (160, Phase.HAND_OVER)])
def test_R7_4_target_score(target: int, phase: Phase) -> None:
    game = _two_short_hands(target)
    game.play("3D", seat=0)
    assert phase_of(game) is phase
    assert game.is_match_over == (phase is Phase.MATCH_OVER)


def test_R7_4_nothing_after_the_match() -> None:
    game = _two_short_hands(100)
    game.play("3D", seat=0)
    assert game.is_match_over
    before = game.copy()
    with pytest.raises(IllegalMoveError) as caught:
        game.next_hand()
    assert caught.value.rule == "R7.4"
    assert game == before
    rejected(game, "4D", seat=None, error=IllegalMoveError, rule="R6.1")


# ---------------------------------------------------------------------------
# R8: the exchange


def _exchange_game(
    exchange: str, second: Sequence[HandSpec], *, preset: str = "zhengshangyou", **options: Any
) -> Game:
    """Hand 1: seat 0 goes out at once, seat 2 holds the most (the Loser). Hand 2 is
    dealt by the Loser with ``second``."""
    rules = Rules.preset(preset, first_lead="dealer", end="first_out", exchange=exchange, **options)
    later = make_deal(rules, 2, second)
    game = new_game(rules, ["3D", 13, None, 13], dealer=0, later=[later])
    assert phase_of(game) is Phase.PLAY  # R8.2: no exchange before the first hand
    game.play("3D", seat=0)
    result = game.state.result
    assert result is not None
    assert (result.winner, result.loser) == (0, 2)
    game.next_hand()
    return game


_SUITED = [
    "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2C",
    "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2D",
    "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S RJ",
    None,
]


def test_R8_1_no_exchange_by_default() -> None:
    rules = Rules(first_lead="dealer", end="first_out")
    game = new_game(rules, ["3D", 13, None, 13])
    game.play("3D", seat=0)
    game.next_hand()
    assert phase_of(game) is Phase.PLAY
    assert game.state.exchanged == ()
    assert game.to_act == 2  # the Loser leads


def test_E22_the_losers_highest_card_and_public_transfers() -> None:
    game = _exchange_game("highest_for_one_of_two", _SUITED)
    assert phase_of(game) is Phase.EXCHANGE
    assert game.to_act == 2  # the Loser acts first
    assert list(game.legal_moves()) == [Give(card("RJ"))]  # a joker is the highest card
    game.play(Give(card("RJ")), seat=2)
    assert card("RJ") in game.hands[0]
    assert card("RJ") not in game.hands[2]
    for seen in views(game):
        assert seen.exchanged == (Action(2, Give(card("RJ"))),)
    assert game.to_act == 0  # the Winner offers two cards
    game.play(Offer(parse_cards("3C 4C")), seat=0)
    assert game.to_act == 2
    assert set(game.legal_moves()) == {Take(card("3C")), Take(card("4C"))}
    game.play(Take(card("4C")), seat=2)
    assert card("4C") in game.hands[2]
    assert card("4C") not in game.hands[0]
    assert card("3C") in game.hands[0]
    for seen in views(game):
        assert seen.exchanged == (Action(2, Give(card("RJ"))), Action(2, Take(card("4C"))))
    assert [len(held) for held in game.hands] == [13, 13, 14, 14]
    assert phase_of(game) is Phase.PLAY
    assert game.to_act == 2  # R2.6: the Loser leads, after the exchange


def test_E22_black_joker_when_the_red_is_elsewhere() -> None:
    second: list[HandSpec] = [13, 13, "BJ 2S 2H 5D", None]
    game = _exchange_game("highest_for_any", second)
    assert list(game.legal_moves()) == [Give(card("BJ"))]


def test_R8_2_suit_order_decides_among_equal_ranks() -> None:
    second: list[HandSpec] = ["3C 4C", "6D", "2C 2H 3D 4D 5D", None]
    ordered = _exchange_game("highest_for_one_of_two", second, suit_order="DCHS")
    assert list(ordered.legal_moves()) == [Give(card("2H"))]
    rejected(ordered, Give(card("2C")), seat=2, error=IllegalMoveError, rule="R8.2")
    # without a suit order the Loser chooses among the 2s
    free = _exchange_game("highest_for_one_of_two", second)
    assert set(free.legal_moves()) == {Give(card("2C")), Give(card("2H"))}
    free.play(Give(card("2C")), seat=2)
    assert card("2C") in free.hands[0]
    winner = _exchange_game("highest_for_one_of_two", second, preset="winner")
    assert list(winner.legal_moves()) == [Give(card("2H"))]


def test_R8_2_offer_is_seen_only_by_the_two_players() -> None:
    game = _exchange_game("highest_for_one_of_two", _SUITED)
    game.play(Give(card("RJ")), seat=2)
    offers = [m for m in game.legal_moves() if isinstance(m, Offer)]
    assert len(offers) == len(list(game.legal_moves())) == 14 * 13 // 2  # any two of 14 cards
    rejected(game, Offer(parse_cards("3C 3D")), seat=0, error=IllegalMoveError, rule="R8.2")
    rejected(game, Take(card("3C")), seat=0, error=IllegalMoveError, rule="R8.2")
    game.play(Offer(parse_cards("3C 4C")), seat=0)
    offer = Action(0, Offer(parse_cards("3C 4C")))
    for seat in (0, 2):
        seen = game.observation(seat)
        assert seen.offered == parse_cards("3C 4C")
        assert offer in seen.history
    for seat in (1, 3):
        seen = game.observation(seat)
        assert seen.offered == ()
        assert offer not in seen.history
    rejected(game, Take(card("5C")), seat=2, error=IllegalMoveError, rule="R8.2")
    rejected(game, "3S", seat=2, error=IllegalMoveError, rule="R8.2")
    game.play(Take(card("3C")), seat=2)
    for seat in (1, 3):
        assert offer not in game.observation(seat).history
    for seat in (0, 2):  # the two players concerned remember it
        assert offer in game.observation(seat).history


def test_R8_3_highest_for_any() -> None:
    game = _exchange_game("highest_for_any", _SUITED)
    game.play(Give(card("RJ")), seat=2)
    assert game.to_act == 0
    moves = list(game.legal_moves())
    assert all(isinstance(m, Return) for m in moves)
    assert {m.card for m in moves if isinstance(m, Return)} == set(game.hands[0])
    rejected(game, Offer(parse_cards("3C 4C")), seat=0, error=IllegalMoveError, rule="R8.3")
    rejected(game, Return(card("3D")), seat=0, error=IllegalMoveError, rule="R8.3")
    game.play(Return(card("2C")), seat=0)
    assert card("2C") in game.hands[2]
    assert card("RJ") in game.hands[0]
    for seen in views(game):
        assert seen.exchanged == (Action(2, Give(card("RJ"))), Action(0, Return(card("2C"))))
    assert phase_of(game) is Phase.PLAY
    assert game.to_act == 2


def test_R8_later_lead_winner_after_exchange() -> None:
    game = _exchange_game("highest_for_any", _SUITED, later_lead="winner")
    run(game, [(2, Give(card("RJ"))), (0, Return(card("3C")))])
    assert phase_of(game) is Phase.PLAY
    assert game.to_act == 0


def test_R8_4_exchange_moves_are_moves_of_the_game() -> None:
    game = _exchange_game("highest_for_one_of_two", _SUITED)
    assert set(game.legal_moves()) == set(game.state.exchange_moves())
    assert game.observation(2).legal_moves == (Give(card("RJ")),)
    assert game.observation(0).legal_moves == ()
    # and an exchange decision during play is refused
    played = _exchange_game("none", _SUITED)
    assert played.phase is Phase.PLAY
    rejected(played, Give(card("RJ")), seat=2, error=IllegalMoveError, rule="R8.4")


def test_R8_two_decks_red_joker() -> None:
    rules = Rules.preset(
        "two-deck",
        first_lead="dealer",
        end="first_out",
        later_lead="loser",
        exchange="highest_for_one_of_two",
    )
    later = make_deal(rules, 2, [27, 27, "RJ RJ 2S 2S 5D", None])
    game = new_game(rules, ["3D", 27, None, 27], later=[later])
    game.play("3D", seat=0)
    game.next_hand()
    assert list(game.legal_moves()) == [Give(card("RJ"))]
    game.play(Give(card("RJ")), seat=2)
    assert game.hands[2].count(card("RJ")) == 1


# ---------------------------------------------------------------------------
# E20: revolution

_REVOLUTION = Rules(first_lead="dealer", four_of_a_kind="plain", revolution=True)
_REV_HANDS: list[HandSpec] = ["5D 5C 5H 5S KD 9C", "4D 4C 4H 4S 6D 6C 6H 6S 3C AD", "BJ 10C", None]


def test_E20_a_quad_is_judged_under_the_order_before_it() -> None:
    game = new_game(_REVOLUTION, _REV_HANDS)
    game.play("5D 5C 5H 5S", seat=0)
    assert game.state.revolution
    assert game.observation(1).revolution
    # the order is flipped by 5555: 6666 is now lower, 4444 higher
    rejected(game, "6D 6C 6H 6S", seat=1, error=IllegalMoveError, rule="R4.2")
    game.play("4D 4C 4H 4S", seat=1)  # judged under the flipped order, not its own flip
    assert not game.state.revolution  # and flips it back


def test_E20_a_quad_flips_the_order_for_the_next_play() -> None:
    game = new_game(_REVOLUTION, _REV_HANDS)
    run(game, [(0, "5D 5C 5H 5S"), (1, PASS), (2, PASS), (3, PASS)])
    assert game.to_act == 0
    assert game.state.revolution
    game.play("KD", seat=0)
    rejected(game, "AD", seat=1, error=IllegalMoveError, rule="R4.2")
    game.play("3C", seat=1)  # 3 is the highest rank now
    game.play("BJ", seat=2)  # jokers are not flipped


def test_E20_the_order_resets_each_hand() -> None:
    rules = _REVOLUTION.evolve(end="first_out")
    game = new_game(rules, ["5D 5C 5H 5S", 13, None, 13])
    game.play("5D 5C 5H 5S", seat=0)
    assert phase_of(game) is Phase.HAND_OVER
    game.next_hand()
    assert not game.state.revolution
    assert not game.observation(0).revolution


def test_E20_no_flip_without_revolution() -> None:
    rules = Rules(first_lead="dealer", four_of_a_kind="plain")
    game = new_game(rules, _REV_HANDS)
    game.play("5D 5C 5H 5S", seat=0)
    assert not game.state.revolution
    rejected(game, "4D 4C 4H 4S", seat=1, error=IllegalMoveError, rule="R4.2")
    game.play("6D 6C 6H 6S", seat=1)


# ---------------------------------------------------------------------------
# E23: rejected moves


def _fresh() -> Game:
    return new_game(Rules(first_lead="dealer"), ["3D 3S 4H 5D 9C 9H", "4D 6C 8S 8D", None, 13])


def test_E23_wrong_seat() -> None:
    game = _fresh()
    rejected(game, "3D", seat=1, error=IllegalMoveError, rule="R5.2")
    rejected(game, "4D", seat=1, error=IllegalMoveError, rule="R5.2")
    game.play("3D", seat=0)
    rejected(game, "4D", seat=0, error=IllegalMoveError, rule="R5.2")
    rejected(game, PASS, seat=2, error=IllegalMoveError, rule="R5.2")


def test_E23_state_play_wrong_seat() -> None:
    state = _fresh().state
    with pytest.raises(IllegalMoveError) as caught:
        state.play(Play.parse("4D", state.rules), seat=1)
    assert caught.value.rule == "R5.2"


def test_E23_cards_not_held() -> None:
    game = _fresh()
    rejected(game, "4D", seat=0, error=CardsNotHeldError, rule="R3")
    rejected(game, "9C 9D", seat=0, error=CardsNotHeldError, rule="R3")


def test_E23_not_a_combination() -> None:
    game = _fresh()
    rejected(game, "3D 3S 4H", seat=0, error=InvalidCombinationError, rule="R3")
    rejected(game, "3D 4H 5D", seat=0, error=InvalidCombinationError, rule="R3.7")
    # a play read under other rules (a 3-card straight) is no reading here
    foreign = Play.parse("3D 4H 5D", Rules(min_straight=3))
    rejected(game, foreign, seat=0, error=InvalidCombinationError, rule="R3.16")


def test_E23_does_not_beat() -> None:
    game = _fresh()
    game.play("5D", seat=0)
    rejected(game, "4D", seat=1, error=IllegalMoveError, rule="R4.2")  # lower
    rejected(game, "8S 8D", seat=1, error=IllegalMoveError, rule="R4.1")  # another kind
    game.play("8S", seat=1)
    run(game, [(2, PASS), (3, PASS)])
    rejected(game, "3D 3S", seat=0, error=IllegalMoveError, rule="R4.1")


def test_E23_after_a_bomb() -> None:
    rules = Rules(first_lead="dealer")
    game = new_game(rules, ["3D 8C 8H 8S 8D", "2S 2D", None, 13])
    game.play("3D", seat=0)
    game.play("2S", seat=1)
    run(game, [(2, PASS), (3, PASS)])
    game.play("8C 8H 8S 8D", seat=0)
    rejected(game, "2D", seat=1, error=IllegalMoveError, rule="R4.6")


def test_E23_leader_passes() -> None:
    rejected(_fresh(), PASS, seat=0, error=IllegalMoveError, rule="R5.1")


def test_E23_pass_under_must_beat() -> None:
    game = new_game(
        Rules(first_lead="dealer", must_beat=True), ["3D 3S 4H 5D 9C 9H", "4D 6C 8S 8D", None, 13]
    )
    game.play("5D", seat=0)
    rejected(game, PASS, seat=1, error=IllegalMoveError, rule="R5.2")


def test_E23_exchange_move_at_the_wrong_time() -> None:
    game = _fresh()
    rejected(game, Give(card("9C")), seat=0, error=IllegalMoveError, rule="R8.4")
    rejected(game, Offer(parse_cards("3D 3S")), seat=0, error=IllegalMoveError, rule="R8.4")
    rejected(game, Take(card("3D")), seat=0, error=IllegalMoveError, rule="R8.4")
    rejected(game, Return(card("3D")), seat=0, error=IllegalMoveError, rule="R8.4")
    exchanging = _exchange_game("highest_for_one_of_two", _SUITED)
    rejected(
        exchanging, Offer(parse_cards("3C 4C")), seat=None, error=IllegalMoveError, rule="R8.2"
    )
    rejected(exchanging, PASS, seat=2, error=IllegalMoveError, rule="R8.2")
    rejected(exchanging, Give(card("RJ")), seat=0, error=IllegalMoveError, rule="R5.2")


def test_E23_move_after_the_hand_is_over() -> None:
    rules = Rules(first_lead="dealer", end="first_out")
    game = new_game(rules, ["3D", 13, None, 13])
    before = game.copy()
    with pytest.raises(IllegalMoveError) as caught:
        game.next_hand()  # the hand is not over yet
    assert caught.value.rule == "R6.1"
    assert game == before
    game.play("3D", seat=0)
    assert phase_of(game) is Phase.HAND_OVER
    rejected(game, "4D", seat=None, error=IllegalMoveError, rule="R6.1")
    rejected(game, PASS, seat=None, error=IllegalMoveError, rule="R6.1")
    rejected(game, Give(card("RJ")), seat=None, error=IllegalMoveError, rule="R6.1")


def test_E23_the_game_goes_on_after_a_rejection() -> None:
    game = _fresh()
    rejected(game, "4D", seat=0, error=CardsNotHeldError, rule="R3")
    game.play("9C 9H", seat=0)
    assert game.to_act == 1
    assert game.state.top == Play.parse("9C 9H", game.rules)


def test_R7_1_seats_that_play_only_after_the_winner_is_out_score_as_untouched() -> None:
    """R7.1: "played no card" is judged at the moment the Winner goes out, when the
    cards are counted. The dealer leads three quads and the joker bomb, each passed
    round, and goes out before anyone else has played; the others play on to the end
    of the hand, but each still scores x3: 14 cards -42, 13 cards -39, the Winner +120."""
    rules = Rules(first_lead="dealer")
    strong = "KD KC KH KS AD AC AH AS 2D 2C 2H 2S BJ RJ"
    rest = [c for c in rules.deck() if c not in parse_cards(strong)]
    random.Random(1).shuffle(rest)
    deal = Deal(0, (hand(strong), Hand(rest[:14]), Hand(rest[14:27]), Hand(rest[27:])))
    game = Game(rules, deals=[deal])  # a real 14/14/13/13 deal from seat 0 (R2.2a)
    for quad in ("KD KC KH KS", "AD AC AH AS", "2D 2C 2H 2S"):
        run(game, [(0, quad), (1, PASS), (2, PASS), (3, PASS)])
    game.play("BJ RJ", seat=0)
    assert game.state.finished == (0,)
    while not game.is_hand_over:
        game.play(next(iter(game.legal_moves())))
    later = {action.seat for action in game.state.log[13:] if isinstance(action.move, Play)}
    assert later & {1, 2, 3}  # they played after the Winner went out: that does not count
    result = game.state.result
    assert result is not None
    assert result.played == (True, False, False, False)
    assert result.scores == (14 * 3 + 13 * 3 + 13 * 3, -42, -39, -39)


def test_R3_16_R3_cards_not_held_are_refused_as_not_held_before_any_reading_is_asked() -> None:
    # 3C 4C 5C reads as a straight or a straight flush (R3.11, straight_flush="distinct");
    # seat 0, to lead, holds 3C and 4C but not 5C: which reading is meant is moot.
    game = Game(Rules(straight_flush="distinct", min_straight=3, first_lead="dealer"), seed=5)
    assert game.to_act == 0
    assert Card.parse("5C") not in game.hands[0]
    with pytest.raises(CardsNotHeldError, match=r"^seat 0 does not hold 3C 4C 5C \(R3\)$"):
        game.play("3C 4C 5C")
    # Cards it holds still ask for the reading (R3.16).
    assert {"6D", "7D", "8D"} <= {str(card) for card in game.hands[0]}
    with pytest.raises(AmbiguousPlayError):
        game.play("6D 7D 8D")
    assert game.state.log == ()


# Issue 34 item 5: a refused move says one accurate reason, with one rule id, and what
# may be done instead.


def test_issue34_item5_R3_two_cards_of_different_ranks_are_no_straight_attempt() -> None:
    game = new_game(Rules(first_lead="dealer"), ["3C 5H 4D 4C 5D 6S", 16, 15, None])  # (held or not: read first)
    for typed, message, rule in [
        ("3C 5H", "3C 5H: these cards form no combination: two cards of different ranks (R3)", "R3"),
        ("4D 4C 5D", "4D 4C 5D: these cards form no combination: two 4s and one 5 (R3)", "R3"),
        ("3C 4D", "3C 4D: these cards form no combination: two cards of different ranks (R3)", "R3"),
        ("3C 4D 6S", "3C 4D 6S: a straight needs at least min_straight=5 ranks (R3.7)", "R3.7"),
        ("3C 4D 5H 6S 5D", "3C 4D 5D 5H 6S: these cards form no combination: one 3, one 4, two 5s and one 6 (R3)", "R3"),
    ]:
        rejected(game, typed, seat=0, error=InvalidCombinationError, rule=rule)
        with pytest.raises(InvalidCombinationError, match=f"^{re.escape(message)}$"):
            game.play(typed, seat=0)


def test_issue34_item5_R8_2_a_refused_give_names_the_card_the_loser_must_give() -> None:
    second: list[HandSpec] = [13, 13, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2S BJ RJ", None]
    game = _exchange_game("highest_for_one_of_two", second)
    moves: list[tuple[Move, str]] = [
        (Give(card("BJ")), "give BJ is not allowed: BJ is not the Loser's highest card; the Loser must give their highest card: give RJ (R8.2)"),
        (Give(card("AS")), "give AS is not allowed: the Loser does not hold AS; the Loser must give their highest card: give RJ (R8.2)"),
        (PASS, "pass is not allowed now: the Loser must give their highest card: give RJ (R8.2)"),
        (Take(card("3S")), "take 3S is not allowed now: the Loser must give their highest card: give RJ (R8.2)"),
    ]
    for move, message in moves:
        rejected(game, move, seat=2, error=IllegalMoveError, rule="R8.2")
        with pytest.raises(IllegalMoveError) as caught:
            game.play(move, seat=2)
        assert str(caught.value) == message


def test_issue34_item5_R8_2_a_refused_take_names_the_cards_offered() -> None:
    game = _exchange_game("highest_for_one_of_two", _SUITED)
    game.play(Give(card("RJ")), seat=2)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Offer(parse_cards("3C 3S")), seat=0)
    assert str(caught.value) == (
        "offer 3C 3S is not allowed: the Winner does not hold 3S;"
        " the Winner must offer two cards of their hand ('offer CARD CARD') (R8.2)"
    )
    game.play(Offer(parse_cards("3C 4C")), seat=0)
    rejected(game, Take(card("4D")), seat=2, error=IllegalMoveError, rule="R8.2")
    with pytest.raises(IllegalMoveError) as caught:
        game.play(Take(card("4D")), seat=2)
    assert str(caught.value) == "take 4D is not allowed: 4D was not offered; the Loser may take 3C or 4C (R8.2)"
    with pytest.raises(IllegalMoveError) as caught:
        game.play("give 3C", seat=2)
    assert str(caught.value) == (
        "give 3C is not allowed now: the Loser must take one of the offered cards: take 3C or take 4C (R8.2)"
    )


def test_issue34_item5_R8_3_a_refused_return_names_the_card_not_held() -> None:
    game = _exchange_game("highest_for_any", _SUITED)
    game.play(Give(card("RJ")), seat=2)
    rejected(game, "return 3D", seat=0, error=IllegalMoveError, rule="R8.3")
    with pytest.raises(IllegalMoveError) as caught:
        game.play("return 3D", seat=0)
    assert str(caught.value) == (
        "return 3D is not allowed: the Winner does not hold 3D; the Winner must return a card of their hand"
        " ('return CARD') (R8.3)"
    )
