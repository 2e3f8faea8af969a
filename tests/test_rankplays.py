"""Rank plays (``zhengshangyou.rankplays``): the space of a rule set and a hand's rank plays.

The expected values come from the rules, not from the code: the size of a space
is counted kind by kind from R3 (runs by the windows of the run order, R3.15);
where suits cannot matter, a hand may lead exactly the rank plays whose ranks it
holds (R5.1); and in every case a hand's rank plays are those of its class view
(itself checked against brute force in ``test_moves_properties``), which is a
second, independent generator where the rank plays come from rank counts.

No test here measures time.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marks import ENGINE_PRESETS, slow_where
from zhengshangyou import (
    PASS,
    Card,
    Game,
    Hand,
    IllegalMoveError,
    InvalidCombinationError,
    Kind,
    Phase,
    Play,
    Rank,
    RankPlay,
    Rules,
    legal_plays,
    rank_plays,
)
from zhengshangyou.testing import card_lists, rules_sets

#: The rule set the DouZero comparison uses (benchmarks/bench_moves.py).
SHARED = Rules(
    players=3,
    triple_with_single=True,
    run_order="no_two",
    min_pair_run=3,
    straight_ranking="top_card",
)


def _windows(line: int, least: int, *, both_ends: bool = True) -> int:
    """The runs of ``least`` or more positions on a run line of ``line`` positions
    (R3.15): ``line - k + 1`` of each length k; with ``both_ends=False`` the run of
    the whole line, which would hold one rank at both ends, is left out."""
    return sum(line - k + 1 for k in range(least, line + 1)) - (0 if both_ends else 1)


def test_R3_the_default_space_counted_kind_by_kind() -> None:
    # Default rules: one deck with jokers; run_order "two_low" puts A and 2 low or A
    # high: the line A,2,3..K,A has 14 positions and a run never holds A twice.
    runs = _windows(14, 2, both_ends=False)
    expected = {
        Kind.SINGLE: 15,  # 3..2 and both jokers (R3.1)
        Kind.PAIR: 13,  # no joker pairs with one deck (R3.13)
        Kind.TRIPLE: 13,
        Kind.FULL_HOUSE: 13 * 12,  # a triple and a pair of another rank (R3.4)
        Kind.STRAIGHT: _windows(14, 5, both_ends=False),  # min_straight 5
        Kind.PAIR_RUN: runs,  # min_pair_run 2
        Kind.TRIPLE_RUN: runs,  # min_triple_run 2
        Kind.BOMB: 13,  # four of a kind is a bomb; one deck holds four of a rank
        Kind.JOKER_BOMB: 1,
    }
    space = rank_plays(Rules())
    assert Counter(play.kind for play in space) == expected
    assert len(space) == sum(expected.values()) == 445


def test_R3_the_shared_space_counted_kind_by_kind() -> None:
    # "no_two": the line 3..A has 12 positions; triples with a single (R3.5) take any
    # other card, jokers included.
    expected = {
        Kind.SINGLE: 15,
        Kind.PAIR: 13,
        Kind.TRIPLE: 13,
        Kind.FULL_HOUSE: 13 * 12,
        Kind.TRIPLE_WITH_SINGLE: 13 * 14,
        Kind.STRAIGHT: _windows(12, 5),
        Kind.PAIR_RUN: _windows(12, 3),
        Kind.TRIPLE_RUN: _windows(12, 2),
        Kind.BOMB: 13,
        Kind.JOKER_BOMB: 1,
    }
    assert Counter(play.kind for play in rank_plays(SHARED)) == expected


def test_R3_ids_follow_the_documented_order_under_the_shared_rules() -> None:
    # By kind: 15 singles (ids 0-14), 13 pairs (15-27), 13 triples (28-40), 156 full
    # houses (41-196), 182 triples with a single (197-378), 36 straights (379-414),
    # 55 pair runs (415-469), 66 triple runs (470-535), 13 bombs (536-548), the joker
    # bomb (549); within a kind by rank, main rank first (3s with 4s..2s, then 4s with
    # 3s, ...); runs shortest first, low first (eight straights of five ranks).
    space = rank_plays(SHARED)
    expected = {
        0: "single: 3", 14: "single: RJ", 15: "pair: 3 3", 28: "triple: 3 3 3",
        41: "full_house: 3 3 3 4 4", 52: "full_house: 3 3 3 2 2", 53: "full_house: 3 3 4 4 4",
        197: "triple_with_single: 3 3 3 4", 210: "triple_with_single: 3 3 3 RJ",
        379: "straight: 3 4 5 6 7", 386: "straight: 10 J Q K A", 387: "straight: 3 4 5 6 7 8",
        414: "straight: 3 4 5 6 7 8 9 10 J Q K A",
        415: "pair_run: 3 3 4 4 5 5", 470: "triple_run: 3 3 3 4 4 4",
        536: "bomb: 3 3 3 3", 548: "bomb: 2 2 2 2", 549: "joker_bomb: BJ RJ",
    }  # fmt: skip
    assert {index: f"{space[index].kind.value}: {space[index]}" for index in expected} == expected
    assert len(space) == 550


def test_R3_10_two_decks_count_bombs_of_four_to_eight_cards_and_joker_pairs() -> None:
    space = rank_plays(Rules.preset("two-deck"))
    bombs = [play for play in space if play.kind is Kind.BOMB]
    assert Counter(len(play) for play in bombs) == dict.fromkeys(range(4, 9), 13)
    pairs = {play.ranks for play in space if play.kind is Kind.PAIR}
    assert (Rank.BLACK_JOKER, Rank.BLACK_JOKER) in pairs
    assert len(pairs) == 15
    (joker_bomb,) = [play for play in space if play.kind is Kind.JOKER_BOMB]
    assert joker_bomb.ranks == (Rank.BLACK_JOKER,) * 2 + (Rank.RED_JOKER,) * 2


@pytest.mark.parametrize("preset", slow_where(Rules.preset_names(), lambda name: name in ENGINE_PRESETS))
def test_R3_every_rank_play_has_its_id_and_a_member_in_a_full_deck(preset: str) -> None:
    rules = Rules.preset(preset)
    space = rank_plays(rules)
    deck = Hand(rules.deck())
    assert [play.id for play in space] == list(range(len(space)))
    assert space.legal(deck) == list(space)
    for play in space:
        member = space.member(play, deck)
        assert space.of(member) is play
        assert space.index(play) == play.id
        assert play in space
        assert member.kind is play.kind
        assert sorted(card.rank for card in member.cards) == list(play.ranks)


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"airplane_wings": "singles"},
        {"airplane_wings": "singles_or_pairs", "triple_with_single": True},
        {"decks": 2, "airplane_wings": "pairs", "joker_pairs": True},
    ],
)
def test_R3_18_airplane_rank_plays_are_the_class_view_of_a_full_deck_in_its_order(
    options: dict[str, object],
) -> None:
    # The space reads the airplanes from the ranks alone; the class view of the whole
    # deck makes them as plays. Both must give the same rank plays in the same order
    # (the ids are the order), and every play of the listing must have its rank play.
    rules = Rules(**options)  # type: ignore[arg-type]
    space = rank_plays(rules)
    listed: dict[tuple[object, ...], None] = {}
    for play in legal_plays(Hand(rules.deck()), rules):
        ranks = tuple(sorted(card.rank for card in play.cards))
        listed.setdefault((play.kind, ranks, play.key & ~3, play.rev_key & ~3), None)
    assert [(p.kind, p.ranks, p.key, p.rev_key) for p in space] == list(listed)
    assert any(play.kind in (Kind.AIRPLANE_WITH_SINGLES, Kind.AIRPLANE_WITH_PAIRS) for play in space)


def test_R3_ranks_kind_and_key_make_a_rank_play_and_the_id_does_not() -> None:
    space = rank_plays(Rules())
    play = space[20]
    twin = RankPlay(play.kind, play.ranks, play.key, play.rev_key, play.family, play.is_bomb, 0)
    assert twin == play
    assert hash(twin) == hash(play)
    assert twin in space
    assert space.index(twin) == 20
    other = attrs.evolve(play, key=play.key + 4)
    assert other != play
    assert other not in space
    with pytest.raises(ValueError, match="not in"):
        space.index(other)


def test_R3_15_the_two_readings_of_aa22_are_two_rank_plays() -> None:
    # Under "either_end", A-A-2-2 is a pair run with A and 2 both low or both high.
    rules = Rules(run_order="either_end")
    space = rank_plays(rules)
    hand = Hand.parse("AD AS 2C 2H")
    runs = [play for play in space.legal(hand) if play.kind is Kind.PAIR_RUN]
    assert len(runs) == 2
    assert runs[0].ranks == runs[1].ranks == (Rank.ACE,) * 2 + (Rank.TWO,) * 2
    assert runs[0].key < runs[1].key  # low first (runs from the low end of the line up)
    assert {space.member(play, hand).key for play in runs} == {play.key for play in runs}


def test_R5_1_a_worked_lead_under_the_shared_rules() -> None:
    hand = Hand.parse("3D 3S 3H 4C 4D 5S 6H 7C BJ RJ")
    expected = [
        "3", "4", "5", "6", "7", "BJ", "RJ",  # singles (R3.1)
        "3 3", "4 4",  # pairs
        "3 3 3",  # the triple
        "3 3 3 4 4",  # full house (R3.4)
        "3 3 3 4", "3 3 3 5", "3 3 3 6", "3 3 3 7", "3 3 3 BJ", "3 3 3 RJ",  # R3.5
        "3 4 5 6 7",  # the straight (five ranks at least; no pair run of three pairs)
        "BJ RJ",  # the joker bomb (R3.12)
    ]  # fmt: skip
    assert [str(play) for play in rank_plays(SHARED).legal(hand)] == expected


def test_R4_1_a_worked_answer_under_the_shared_rules() -> None:
    hand = Hand.parse("3D 3S 3H 4C 4D 5S 6H 7C 8D 9S 9H 9C 9D BJ")
    top = Play.parse("4H 5D 6C 7S 8H", SHARED)
    # 5-9 beats 4-8 (same length, higher top, R4.1, R4.5); the bomb of 9s beats it too.
    assert [str(play) for play in rank_plays(SHARED).legal(hand, top)] == ["5 6 7 8 9", "9 9 9 9"]


# ---------------------------------------------------------------------------
# Properties


@st.composite
def _positions(
    draw: st.DrawFn, plain: bool
) -> tuple[Rules, Hand, Play | None, bool]:
    """A rule set (one where suits cannot matter if ``plain``), a hand of up to 20
    cards, and a top play (a play of another hand drawn from the rest of the deck)
    or None; whether the rank order is flipped (R4.8)."""
    rules = draw(rules_sets())
    if plain:
        rules = attrs.evolve(
            rules,
            singles_by_suit=False,
            pairs_by_suit=False,
            straights_by_suit=False,
            straight_flush="none",
            pair_runs_by_suit=False,
            # (Big Two's flushes make suits matter: its five-card hands are off here)
            poker_hands=False,
            two_pair=False,
            straights="two_low",
            flush_order="rank_first",
            bombs="none",
        )
    cards = draw(card_lists(rules.decks, rules.jokers, max_size=20))
    top = None
    if draw(st.booleans()):
        rest = list(Counter(rules.deck()) - Counter(cards))
        other = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=12, unique=True)) if rest else []
        plays = list(legal_plays(Hand(other), rules)) if other else []
        top = draw(st.sampled_from(plays)) if plays else None
    revolution = rules.revolution and draw(st.booleans())
    return rules, Hand(cards), top, revolution


def _class_view_rank_plays(
    rules: Rules, hand: Hand, top: Play | None, revolution: bool
) -> list[RankPlay]:
    space = rank_plays(rules)
    found = legal_plays(hand, rules, top, revolution=revolution)
    return list(dict.fromkeys(space.of(play) for play in found))


@settings(max_examples=20)
@given(_positions(plain=True))
def test_R5_1_where_suits_cannot_matter_a_hand_leads_every_rank_play_it_holds(
    position: tuple[Rules, Hand, Play | None, bool],
) -> None:
    rules, hand, _, _ = position
    held = Counter(card.rank for card in hand)
    expected = [play for play in rank_plays(rules) if not Counter(play.ranks) - held]
    assert rank_plays(rules).legal(hand) == expected


@settings(max_examples=15)
@given(_positions(plain=True))
def test_R4_rank_plays_from_rank_counts_equal_those_of_the_class_view(
    position: tuple[Rules, Hand, Play | None, bool],
) -> None:
    rules, hand, top, revolution = position
    found = rank_plays(rules).legal(hand, top, revolution=revolution)
    assert found == _class_view_rank_plays(rules, hand, top, revolution)


@settings(max_examples=25)
@given(_positions(plain=True), st.randoms(use_true_random=False))
def test_R4_where_suits_cannot_matter_the_members_of_the_rank_plays_are_the_class_view(
    position: tuple[Rules, Hand, Play | None, bool], rng: random.Random
) -> None:
    rules, hand, top, revolution = position
    space = rank_plays(rules)
    found = space.legal(hand, top, revolution=revolution)
    members = [space.member(play, hand, top, revolution=revolution) for play in found]
    assert members == list(legal_plays(hand, rules, top, revolution=revolution))
    for play in rng.sample(list(space), 5):
        if play not in found:
            with pytest.raises(IllegalMoveError):
                space.member(play, hand, top, revolution=revolution)


@settings(max_examples=35)
@given(_positions(plain=False))
def test_R4_rank_plays_come_in_id_order_and_stand_for_a_legal_play(
    position: tuple[Rules, Hand, Play | None, bool],
) -> None:
    rules, hand, top, revolution = position
    space = rank_plays(rules)
    found = space.legal(hand, top, revolution=revolution)
    assert found == _class_view_rank_plays(rules, hand, top, revolution)
    assert [play.id for play in found] == sorted({play.id for play in found})
    class_view = list(legal_plays(hand, rules, top, revolution=revolution))
    for play in found:
        member = space.member(play, hand, top, revolution=revolution)
        assert member in class_view
        assert space.of(member) is play


@settings(max_examples=30)
@given(rules_sets(), st.data())
def test_R2_5_rank_plays_holding_a_card_stand_for_plays_holding_it(
    rules: Rules, data: st.DataObject
) -> None:
    cards = data.draw(card_lists(rules.decks, rules.jokers, min_size=1, max_size=14))
    card: Card = data.draw(st.sampled_from(cards))
    hand = Hand(cards)
    space = rank_plays(rules)
    found = space.legal(hand, must_include=card)
    assert found == list(dict.fromkeys(space.of(play) for play in legal_plays(hand, rules, must_include=card)))
    for play in found:
        assert card in space.member(play, hand, must_include=card).cards


# ---------------------------------------------------------------------------
# Errors


def test_R3_5_a_play_of_other_rules_has_no_rank_play_here() -> None:
    play = Play.parse("5D 5C 5S 9H", SHARED)  # a triple with a single (R3.5)
    with pytest.raises(InvalidCombinationError, match=r"Play\(triple_with_single: 5D 5C 5S 9H\)"):
        rank_plays(Rules()).of(play)


def test_R4_1_a_rank_play_the_hand_cannot_make_here_has_no_member() -> None:
    space = rank_plays(Rules())
    hand = Hand.parse("4D 4S 9C")
    pair = space.of(Play.parse("4D 4S", Rules()))
    assert space.member(pair, hand) == Play.parse("4D 4S", Rules())
    with pytest.raises(IllegalMoveError, match=r"RankPlay\(pair: 4 4\) is not a legal play") as error:
        space.member(pair, hand, Play.parse("5D 5S", Rules()))
    assert error.value.rule == "R4.1"
    with pytest.raises(IllegalMoveError, match=r"RankPlay\(single: 3\)"):
        space.member(space[0], hand)


# ---------------------------------------------------------------------------
# In a game


@pytest.mark.parametrize("preset", Rules.preset_names())
def test_R5_a_games_legal_plays_as_rank_plays(preset: str) -> None:
    # Every position of a few seeded games of random moves: the rank plays of the
    # game's legal plays (top play, start card R2.5, flipped order R4.8 included),
    # each standing for a play the game accepts.
    rules = Rules.preset(preset, revolution=preset == "winner")
    space = rank_plays(rules)
    positions = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_hand_over:
            if game.phase is Phase.AUCTION:  # (Dou Dizhu's auction has no plays, D3)
                game.play(rng.choice(list(game.legal_moves())))
                continue
            plays = game.legal_moves().plays
            assert plays is not None
            found = space.legal_from(plays)
            assert found == list(dict.fromkeys(space.of(play) for play in plays))
            options: list[RankPlay | None] = [*found, None]  # None: pass, where allowed
            chosen = rng.choice(options if game.legal_moves().pass_allowed() else found)
            if chosen is not None:
                state = game.state
                member = space.member(
                    chosen,
                    state.hands[state.to_act],
                    state.top,
                    revolution=state.revolution,
                    must_include=state.must_include,
                )
                assert member in game.legal_moves()
                game.play(member)
            else:
                game.play(PASS)
            positions += 1
    assert positions > 30


def test_R4_legal_from_a_filtered_view() -> None:
    rules = Rules()
    hand = Hand.parse("4D 4S 4C 4H 9C 9H 9S BJ RJ")
    view = legal_plays(hand, rules, bombs_only=True)
    assert [str(play) for play in rank_plays(rules).legal_from(view)] == ["4 4 4 4", "BJ RJ"]
