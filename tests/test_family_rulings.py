"""Big Two's and Tiến Lên's rulings about combinations and comparing (FAMILY.md BE1-BE7,
TE1-TE3, TE5, TE6), the options of B3/B4/T3/T4 (refused when they clash, B9, T9), and
the presets of B8/T8. Expected values come from FAMILY.md's text, never from the code.

The rulings about the game's flow (BE8 passes, BE9 scoring, BE10 the three-player deal,
TE4 chops after a pass, TE7-TE11 leads, instant wins, placement payments, the North's
follow-suit rule) are part 2 of issue 37.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from zhengshangyou import Game, Kind, Play, Rules, beats, classify_all, legal_plays, parse_cards
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.errors import InvalidCombinationError, InvalidRulesError
from zhengshangyou.hand import Hand

BIG_TWO = ("big-two", "big-two-taiwan", "pusoy-dos")
TIEN_LEN = ("tien-len", "tien-len-pagat", "tien-len-north")


def play(text: str, preset: str | Rules, kind: Kind | None = None) -> Play:
    rules = Rules.preset(preset) if isinstance(preset, str) else preset
    return Play.parse(text, rules, kind=kind)


def kinds(text: str, preset: str) -> list[str]:
    return sorted(p.kind.value for p in classify_all(parse_cards(text), Rules.preset(preset)))


# --- Big Two ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", BIG_TWO)
def test_BE1_flush_beats_any_straight_and_quad_needs_a_fifth_card(preset: str) -> None:
    rules = Rules.preset(preset)
    flush = play("3D 5D 7D 9D JD", rules)  # the lowest flush there can be, nearly
    for straight in ("10D JC QH KS AS", "9D 10C JH QS KS", "3C 4D 5H 6S 7C"):
        assert beats(flush, play(straight, rules))
        assert not beats(play(straight, rules), flush)
    quad = play("7S 7H 7C 7D 3D", rules)
    assert quad.kind is Kind.FOUR_PLUS_ONE
    for full_house in ("AS AH AC KD KS", "2S 2H 2C 3H 3S"):
        assert beats(quad, play(full_house, rules))
        assert not beats(play(full_house, rules), quad)
    assert classify_all(parse_cards("7S 7H 7C 7D"), rules) == []
    with pytest.raises(InvalidCombinationError, match="fifth card"):
        play("7S 7H 7C 7D", rules)


def test_B4_3_the_five_card_kinds_rank_across_kinds() -> None:
    rules = Rules.preset("big-two")
    ladder = ["10D JC QH KS AS", "3C 5C 7C 9C JC", "3D 3C 3H 4D 4S", "3D 3C 3H 3S 4D", "3H 4H 5H 6H 7H"]
    plays = [play(text, rules) for text in ladder]
    assert [p.kind for p in plays] == [
        Kind.STRAIGHT, Kind.FLUSH, Kind.FULL_HOUSE, Kind.FOUR_PLUS_ONE, Kind.STRAIGHT_FLUSH,
    ]
    for low, high in itertools.pairwise(plays):
        assert beats(high, low)
        assert not beats(low, high)
    # B4.1: only plays of the same number of cards (a straight flush never beats a pair)
    assert not beats(plays[-1], play("2S 2H", rules))


def test_BE2_straight_orders() -> None:
    hk = Rules.preset("big-two")
    assert beats(play("10D JC QH KS AS", hk), play("9D 10C JH QS KS", hk))
    assert beats(play("3D 4C 5H 6S 7D", hk), play("AD 2C 3H 4S 5D", hk))
    assert beats(play("2D 3C 4H 5S 6D", hk), play("AD 2C 3H 4S 5S", hk))
    assert beats(play("10D JC QH KS AS", hk), play("2D 3C 4H 5S 6D", hk))  # A2345 < 23456 < … < 10JQKA
    assert kinds("JD QC KH AS 2D", "big-two") == []
    tw = Rules.preset("big-two-taiwan")
    order = ["AD 2C 3H 4S 5D", "3D 4C 5H 6S 7D", "10D JC QH KS AS", "2D 3C 4H 5S 6D"]
    for low, high in itertools.pairwise(order):
        assert beats(play(high, tw), play(low, tw))
        assert not beats(play(low, tw), play(high, tw))
    assert kinds("JD QC KH AS 2D", "big-two-taiwan") == []
    pd = Rules.preset("pusoy-dos")
    assert beats(play("JS QS KS AS 2S", pd), play("10S JS QS KS AS", pd))
    assert kinds("AD 2C 3H 4S 5D", "pusoy-dos") == []
    assert kinds("2D 3C 4H 5S 6D", "pusoy-dos") == []
    assert kinds("AS 2S 3S 4S 5S", "pusoy-dos") == ["flush"]  # (no straight: a flush)


def test_BE3_suits() -> None:
    hk = Rules.preset("big-two")
    assert beats(play("3C", hk), play("3D", hk))
    assert not beats(play("3D", hk), play("3C", hk))
    assert beats(play("9S 9D", hk), play("9H 9C", hk))
    tw = Rules.preset("big-two-taiwan")
    assert beats(play("3D", tw), play("3C", tw))
    assert not beats(play("3C", tw), play("3D", tw))
    pd = Rules.preset("pusoy-dos")
    two_of_diamonds = play("2D", pd)
    others = [play(text, pd) for text in ("2S", "2H", "2C", "AD")]
    assert all(beats(two_of_diamonds, other) and not beats(other, two_of_diamonds) for other in others)


def test_BE4_flush_order() -> None:
    rank_first = Rules.preset("big-two")
    high_ace, high_king = "AD JD 9D 5D 3D", "KS QS JS 9S 7S"
    assert beats(play(high_ace, rank_first), play(high_king, rank_first))
    assert not beats(play(high_king, rank_first), play(high_ace, rank_first))
    suit_first = Rules.preset("big-two", flush_order="suit_first")
    assert beats(play(high_king, suit_first), play(high_ace, suit_first))
    assert not beats(play(high_ace, suit_first), play(high_king, suit_first))


def test_B4_3_flush_ties_go_by_the_next_rank_then_the_suit() -> None:
    rules = Rules.preset("big-two")
    assert beats(play("AD JD 9D 6D 3D", rules), play("AS JS 9S 5S 3S", rules))  # the fourth card
    assert beats(play("AS JS 9S 5S 3S", rules), play("AH JH 9H 5H 3H", rules))  # ♠ over ♥


def test_BE5_straights_tie_on_top_rank_by_its_suit() -> None:
    hk = Rules.preset("big-two")
    assert beats(play("3D 4D 5D 6C 7S", hk), play("3S 4S 5S 6H 7H", hk))
    assert not beats(play("3S 4S 5S 6H 7H", hk), play("3D 4D 5D 6C 7S", hk))


def test_B4_3_wheels_tie_on_the_card_that_fixes_their_place() -> None:
    hk = Rules.preset("big-two")  # A2345's 5 (library ruling)
    assert beats(play("AD 2D 3D 4D 5S", hk), play("AS 2S 3S 4S 5H", hk))
    tw = Rules.preset("big-two-taiwan")  # 23456's 2 under taiwan
    assert beats(play("2S 3C 4C 5C 6D", tw), play("2H 3S 4S 5S 6S", tw))
    assert not beats(play("2H 3S 4S 5S 6S", tw), play("2S 3C 4C 5C 6D", tw))


def test_BE6_the_first_play_holds_the_start_card() -> None:
    for preset, start in (("big-two", "3D"), ("big-two-taiwan", "3C"), ("pusoy-dos", "3C")):
        rules = Rules.preset(preset)
        assert str(rules.start_card) == start
        assert rules.start_card_must_be_played
        game = Game(rules, seed=5)
        plays = game.legal_moves().plays
        assert plays is not None
        moves = list(plays)
        assert moves
        assert all(rules.start_card in move.cards for move in moves)


def test_BE6_plays_holding_the_start_card_are_listed_and_counted() -> None:
    rules = Rules.preset("big-two")
    hand = Hand.parse("3D 5D 7D 9D JD KD 3C 5C 7C 9C JC 4H 6S")
    start = parse_cards("3D")[0]
    view = legal_plays(hand, rules, view="cards", must_include=start)
    listed = list(view)
    assert all(start in p.cards for p in listed)
    flushes = [p for p in listed if p.kind is Kind.FLUSH]
    assert len(flushes) == 5  # 3D with 4 of the other 5 diamonds: C(5, 4)
    assert view.count() == len(listed)  # (counted without listing)
    assert {p.kind for p in legal_plays(hand, rules, must_include=start)} == {
        Kind.SINGLE, Kind.PAIR, Kind.FLUSH, Kind.STRAIGHT,
    }


def test_BE7_quads_and_straight_flushes_beat_a_two_under_taiwan_only() -> None:
    tw = Rules.preset("big-two-taiwan")
    two = play("2S", tw)
    for text in ("3D 3C 3H 3S 4D", "5H 6H 7H 8H 9H"):
        assert beats(play(text, tw), two)
    assert beats(play("5H 6H 7H 8H 9H", tw), play("3D 3C 3H 3S 4D", tw))  # B4.4
    assert not beats(play("3D 3C 3H 3S 4D", tw), play("5H 6H 7H 8H 9H", tw))
    assert not beats(play("AD AC AH AS KD", tw), play("2D 2C 2H 2S 3S", tw))
    # after such a play only a higher five-card hand may follow (library ruling)
    assert not beats(play("2D", tw), play("3D 3C 3H 3S 4D", tw))
    assert not beats(play("3H 4C 5D 6S 7S", tw), play("3D 3C 3H 3S 4D", tw))
    hk = Rules.preset("big-two")
    for text in ("3D 3C 3H 3S 4D", "5H 6H 7H 8H 9H"):
        assert not beats(play(text, hk), play("2S", hk))
    hand = Hand.parse("3D 3C 3H 3S 4D 5H 6H 7H 8H 9H")
    assert {p.kind for p in legal_plays(hand, tw, two)} == {Kind.FOUR_PLUS_ONE, Kind.STRAIGHT_FLUSH}
    assert list(legal_plays(hand, hk, play("2S", hk))) == []


def test_B3_1_triples_optional() -> None:
    assert kinds("5D 5C 5H", "big-two") == ["triple"]
    no_triples = Rules.preset("pusoy-dos", triples=False)
    with pytest.raises(InvalidCombinationError, match=r"triples=False.*B3\.1"):
        play("5D 5C 5H", no_triples)
    assert play("5D 5C 5H 6D 6C", no_triples).kind is Kind.FULL_HOUSE


def test_B3_3_no_play_has_more_than_five_cards() -> None:
    with pytest.raises(InvalidCombinationError, match=r"B3\.3"):
        play("3D 4C 5H 6S 7D 8D", "big-two")
    with pytest.raises(InvalidCombinationError, match=r"\(B3\)"):
        play("3D 3C 4H 4S 7D", "big-two")


def test_B3_3_two_pair_and_four_of_a_kind_as_four_card_hands() -> None:
    assert kinds("KD KS 3C 3H", "big-two") == []
    assert kinds("7S 7H 7C 7D", "big-two") == []
    rules = Rules.preset("big-two", two_pair=True)
    two_pair, quad = play("KD KS 3C 3H", rules), play("7S 7H 7C 7D", rules)
    assert (two_pair.kind, quad.kind) == (Kind.TWO_PAIR, Kind.FOUR_OF_A_KIND)
    assert beats(quad, two_pair)
    assert not beats(two_pair, quad)
    assert beats(play("AD AS 3D 3S", rules), play("KH KC QD QS", rules))  # by the higher pair
    assert beats(play("KH KS 4D 4C", rules), play("KD KC QD QS", rules))  # its higher suit (B4.2)
    assert not beats(play("KD KC QD QS", rules), play("KH KS 4D 4C", rules))
    assert not beats(quad, play("3D 4D 5D 6D 8D", rules))  # B4.1: four cards never beat five
    with pytest.raises(InvalidCombinationError, match="two_pair=True"):
        play("KD KS 3C 3H", "big-two")
    with pytest.raises(InvalidRulesError, match="two_pair"):
        Rules(two_pair=True)
    hand = Hand.parse("3D 3C 3S 5D 5H KD KS 9C 9H 9S 9D")
    answers = list(legal_plays(hand, rules, play("QD QS 4C 4H", rules)))
    assert [p.kind for p in answers].count(Kind.FOUR_OF_A_KIND) == 1
    assert sorted(str(p) for p in answers if p.kind is Kind.TWO_PAIR) == ["3D 3C KD KS", "5D 5H KD KS", "9D 9C KD KS"]
    assert legal_plays(hand, rules, play("QD QS 4C 4H", rules), view="cards").count() == 3 + 1 + 6 + 1


# --- Tiến Lên -------------------------------------------------------------------------


def test_TE1_three_pairs_chop_a_single_two() -> None:
    run = "3S 3C 4D 4H 5S 5C"
    for preset in ("tien-len", "tien-len-pagat"):
        assert beats(play(run, preset), play("2H", preset))
        assert not beats(play(run, preset), play("AH", preset))
        assert not beats(play(run, preset), play("2H 2D", preset))
    assert kinds(run, "tien-len-north") == []  # (no double sequences there)
    north = Rules.preset("tien-len-north", double_sequences=True)
    assert not beats(play(run, north), play("2H", north))


def test_TE2_four_of_a_kind_chops() -> None:
    quad = "9S 9C 9D 9H"
    for preset in TIEN_LEN:
        assert beats(play(quad, preset), play("2S", preset))
        assert not beats(play(quad, preset), play("AH", preset))
        assert not beats(play(quad, preset), play("AH AD", preset))
    assert beats(play(quad, "tien-len"), play("2C 2D", "tien-len"))
    assert not beats(play(quad, "tien-len-pagat"), play("2C 2D", "tien-len-pagat"))
    assert not beats(play(quad, "tien-len-north"), play("2C 2D", "tien-len-north"))


def test_TE3_longer_double_sequences_chop() -> None:
    four_pairs = "5S 5C 6D 6H 7S 7C 8D 8H"
    for preset in ("tien-len", "tien-len-pagat"):
        assert beats(play(four_pairs, preset), play("2H 2D", preset))
        assert beats(play("3S 3C 4D 4H 5S 5C 6D 6H 7S 7C", preset), play("2S 2C 2D", preset))
    assert beats(play(four_pairs, "tien-len"), play("9S 9C 9D 9H", "tien-len"))
    assert not beats(play(four_pairs, "tien-len-pagat"), play("9S 9C 9D 9H", "tien-len-pagat"))


def test_T4_2_chops_of_the_south_table() -> None:
    south = Rules.preset("tien-len")
    three_pairs = play("3S 3C 4D 4H 5S 5C", south)
    assert beats(play("9S 9C 9D 9H", south), three_pairs)  # a quad, any 3-pair run
    assert beats(play("5S 5C 6D 6H 7S 7C 8D 8H", south), three_pairs)
    assert beats(play("5S 5C 6D 6H 7S 7C 8D 8H", south), play("2H", south))
    # each chop is beaten by a higher one of its own kind; never by a lower one
    assert beats(play("10S 10C 10D 10H", south), play("9S 9C 9D 9H", south))
    assert not beats(play("8S 8C 8D 8H", south), play("9S 9C 9D 9H", south))
    pagat = Rules.preset("tien-len-pagat")
    assert not beats(play("9S 9C 9D 9H", pagat), play("3S 3C 4D 4H 5S 5C", pagat))
    assert not beats(play("3S 3C 4D 4H 5S 5C 6D 6H 7S 7C 8D 8H", pagat), play("2H", pagat))


def test_TE4_chops_are_listed_as_answers_to_twos() -> None:
    # (the comparison half of TE4; who may chop after passing is part 2's)
    south = Rules.preset("tien-len")
    hand = Hand.parse("3S 3C 4D 4H 5S 5C 2D 9S")
    answers = [p.cards for p in legal_plays(hand, south, play("2H", south))]
    assert answers == [tuple(sorted(parse_cards("3S 3C 4D 4H 5S 5C")))]  # 2D is below 2H (T1.1: ♠♣♦♥)
    north = Rules.preset("tien-len-north")
    assert [str(p) for p in legal_plays(hand, north, play("2H", north))] == []


def test_TE1_chops_whatever_the_suits_of_pair_runs() -> None:
    # (pair runs compared by rank alone still chop: the class view lists them with it)
    rules = Rules.preset("tien-len", pair_runs_by_suit=False)
    hand = Hand.parse("3S 3C 4D 4H 5S 5C 5D 9S")
    answers = list(legal_plays(hand, rules, play("2H", rules)))
    assert [p.kind for p in answers] == [Kind.PAIR_RUN]
    assert beats(answers[0], play("2H", rules))


def test_TE6_pair_runs_of_one_window_are_told_apart_by_their_top_suit() -> None:
    # (found by benchmarks/agree_family_reference.py: the generator had taken a pair
    # run's window as deciding alone, its top card's suit aside)
    rules = Rules.preset("tien-len", chops="none", suit_order="DSCH")
    hand = Hand.parse("7H 7S 8D 8H 9D 9H 10D 10H 2S")
    top = play("8C 8S 9C 9S 10C 10S", rules)
    expected = [tuple(sorted(parse_cards("8D 8H 9D 9H 10D 10H")))]
    assert [p.cards for p in legal_plays(hand, rules, top)] == expected
    assert [p.cards for p in legal_plays(hand, rules, top, view="cards")] == expected


def test_TE5_twos_in_sequences() -> None:
    assert kinds("QS KH AD 2C", "tien-len-pagat") == ["straight"]
    assert kinds("QS KH AD 2C", "tien-len") == []
    assert kinds("QS KH AD 2C", "tien-len-north") == []
    for preset in TIEN_LEN:
        assert kinds("AS 2C 3D", preset) == []
        assert kinds("KS AC 2D 3D", preset) == []
    assert kinds("KS KC AD AH 2S 2C", "tien-len-pagat") == ["pair_run"]  # (library ruling)
    assert kinds("KS KC AD AH 2S 2C", "tien-len") == []


def test_TE6_highest_card_by_rank_then_suit() -> None:
    rules = Rules.preset("tien-len")
    assert beats(play("7H 7S", rules), play("7D 7C", rules))
    assert beats(play("8S 9S 10D", rules), play("8H 9H 10C", rules))
    assert not beats(play("3S 4S 5S", rules), play("3C 4C 5C 6C", rules))
    assert not beats(play("4S 5S 6S 7S", rules), play("3C 4C 5C", rules))
    assert beats(play("4S 4C 5S 5H 6S 6H", rules), play("4D 4H 5D 5C 6D 6C", rules))  # (T4.1)


def test_TE7_the_first_lead_holds_the_three_of_spades() -> None:
    # (the first half of TE7; the two-player deal of 13 cards each, T2.1, is part 2's)
    for preset in TIEN_LEN:
        rules = Rules.preset(preset)
        assert str(rules.start_card) == "3S"
        assert rules.start_card_must_be_played
        game = Game(rules, seed=11)
        plays = game.legal_moves().plays
        assert plays is not None
        moves = list(plays)
        assert moves
        assert all(rules.start_card in move.cards for move in moves)


def test_T3_1_tien_len_combinations() -> None:
    assert kinds("5D 5C 5H 6D 6C", "tien-len") == []  # no full house
    assert kinds("5D 5C 5H 6D 6C 6H", "tien-len") == []  # no triple runs
    assert kinds("9S 9C 9D 9H", "tien-len") == ["four_of_a_kind"]
    assert kinds("3S 4S 5S", "tien-len") == ["straight"]  # (a suited sequence is one)
    assert kinds("3S 3C 4D 4H", "tien-len") == []  # double sequences of 3 pairs or more


# --- the options and the presets ----------------------------------------------------


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"poker_hands": True}, ("poker_hands", "jokers")),
        ({"poker_hands": True, "jokers": False, "joker_bomb": False, "decks": 2}, ("poker_hands", "decks")),
        ({"straights": "taiwan"}, ("straights", "poker_hands")),
        ({"flush_order": "suit_first"}, ("flush_order", "poker_hands")),
        ({"bombs": "quads_sf"}, ("bombs", "poker_hands")),
        ({"triples": False, "triple_bomb": True}, ("triple_bomb", "triples")),
        ({"pair_runs_by_suit": True}, ("pair_runs_by_suit", "suit_order")),
        ({"chops": "pagat"}, ("chops", "four_of_a_kind")),
        ({"chops": "quads_only", "four_of_a_kind": "plain", "revolution": True}, ("chops", "revolution")),
        ({"chops": "south", "four_of_a_kind": "plain", "double_sequences": False}, ("chops", "double_sequences")),
        ({"chops": "pagat", "four_of_a_kind": "plain", "min_pair_run": 4}, ("chops", "min_pair_run")),
        ({"chops": "chop"}, ("chops",)),
        ({"straights": "two_middle"}, ("straights",)),
        ({"triples": "yes"}, ("triples",)),
    ],
)
def test_B9_T9_clashing_options_are_refused_by_name(options: dict[str, Any], named: tuple[str, ...]) -> None:
    with pytest.raises(InvalidRulesError) as error:
        Rules(**options)
    assert error.value.options == named


def test_B9_zheng_shangyou_options_do_not_apply_to_big_two() -> None:
    with pytest.raises(InvalidRulesError, match="min_straight does not apply") as error:
        Rules.preset("big-two", min_straight=3)
    assert error.value.options == ("min_straight", "poker_hands")


def test_B8_T8_presets() -> None:
    hk, tw, pd = (Rules.preset(name) for name in BIG_TWO)
    assert [r.suit_order and "".join(s.letter for s in r.suit_order) for r in (hk, tw, pd)] == ["DCHS", "CDHS", "CSHD"]
    assert [str(r.start_card) for r in (hk, tw, pd)] == ["3D", "3C", "3C"]
    assert [r.straights for r in (hk, tw, pd)] == ["two_low", "taiwan", "two_high"]
    assert [r.bombs for r in (hk, tw, pd)] == ["none", "quads_sf", "none"]
    assert [r.pass_locks_out for r in (hk, tw, pd)] == [False, True, False]
    assert [r.end for r in (hk, tw, pd)] == ["first_out", "first_out", "one_left"]
    south, pagat, north = (Rules.preset(name) for name in TIEN_LEN)
    assert [r.run_order for r in (south, pagat, north)] == ["no_two", "two_high", "no_two"]
    assert [r.chops for r in (south, pagat, north)] == ["south", "pagat", "quads_only"]
    assert [r.double_sequences for r in (south, pagat, north)] == [True, True, False]
    assert all("".join(s.letter for s in r.suit_order or ()) == "SCDH" for r in (south, pagat, north))
    assert all(str(r.start_card) == "3S" and r.pass_locks_out for r in (south, pagat, north))


@pytest.mark.parametrize("preset", BIG_TWO + TIEN_LEN)
def test_B8_T8_action_space_round_trips(preset: str) -> None:
    rules = Rules.preset(preset)
    space = ActionSpace(rules)
    checked = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        for turn in range(40):
            if game.is_hand_over:
                break
            seen = game.observation(game.to_act)
            moves = list(seen.legal_moves)
            for move in moves:
                assert space.decode(space.encode(move), seen) == move
                checked += 1
            game.play(moves[(seed + turn) % len(moves)])
    assert checked > 100
