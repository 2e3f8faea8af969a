"""Rulings on legal plays (RULES.md R3, R4), one test per rule.

Every expected list here is worked out by hand from RULES.md for a small hand,
never read from the code. These tests were written to kill the mutants of
``moves.py`` that the other tests let live (see docs/development.rst, "Mutation
testing").
"""

from __future__ import annotations

from math import prod

import pytest

from zhengshangyou import (
    Card,
    Hand,
    Kind,
    Play,
    Rules,
    WrongTypeError,
    ZhengShangyouError,
    legal_plays,
)
from zhengshangyou.moves import LegalPlays, View

SF, BWK = Kind.STRAIGHT_FLUSH, Kind.BOMB_WITH_KICKER


def answers(hand: str, rules: Rules, top: str, view: View = "classes") -> set[tuple[Kind, str]]:
    """The (kind, cards) of the legal answers of ``hand`` to ``top``."""
    found = legal_plays(Hand.parse(hand), rules, Play.parse(top, rules), view=view)
    plays = list(found)
    assert len(plays) == len(set(plays)) == found.count()
    assert bool(found) == bool(plays)
    assert all(play in found for play in plays)
    return {(play.kind, str(play)) for play in plays}


# Four 5s (lower than the 7s led), four 8s, spades 8 to K, the black joker.
CLASSIC_HAND = "5D 5C 5H 5S 8D 8C 8H 8S 9S 10S JS QS KS BJ"
# The straight flushes of CLASSIC_HAND (R3.11; min_straight=5): spades 8-Q, 9-K, 8-K.
CLASSIC_FLUSHES = {(SF, "8S 9S 10S JS QS"), (SF, "9S 10S JS QS KS"), (SF, "8S 9S 10S JS QS KS")}


def test_R3_10_winner_classic_answers_to_a_bomb_with_kicker() -> None:
    # winner-classic (S004): four_of_a_kind="bomb_with_kicker", bomb_order="rank_only",
    # straight_flush="bomb". On 7-7-7-7+3 only a higher bomb may follow (R4.6): the four
    # 8s with any one card of another rank as kicker (R3.10, jokers included; the 5s
    # are lower), and every straight flush (above every bomb of a rank).
    rules = Rules.preset("winner-classic")
    top = "7D 7C 7H 7S 3D"
    others = ["9S", "10S", "JS", "QS", "KS", "BJ"]
    by_cards = {eights_with(kicker) for kicker in ["5D", "5C", "5H", "5S", *others]}
    assert answers(CLASSIC_HAND, rules, top, view="cards") == by_cards | CLASSIC_FLUSHES
    # The class view: one bomb per kicker rank, the kicker of the lowest suit (5D).
    by_class = {eights_with(kicker) for kicker in ["5D", *others]}
    assert answers(CLASSIC_HAND, rules, top) == by_class | CLASSIC_FLUSHES


def test_R4_6_winner_classic_a_straight_flush_is_answered_by_higher_ones_of_its_length() -> None:
    # Straight flushes beat each other only at equal length, by their top (R4.6, R4.5);
    # no bomb of a rank beats one.
    rules = Rules.preset("winner-classic")
    top = "3H 4H 5H 6H 7H"
    expected = {(SF, "8S 9S 10S JS QS"), (SF, "9S 10S JS QS KS")}
    assert answers(CLASSIC_HAND, rules, top) == expected
    assert answers(CLASSIC_HAND, rules, top, view="cards") == expected


def test_R4_6_rank_only_a_bomb_of_a_higher_rank_with_kicker_beats_any_lower() -> None:
    # On 9-9-9-9+4 the four 8s are too low; only the straight flushes remain.
    rules = Rules.preset("winner-classic")
    assert answers(CLASSIC_HAND, rules, "9D 9C 9H 9S 4D") == CLASSIC_FLUSHES


def eights_with(kicker: str) -> tuple[Kind, str]:
    """The bomb with kicker of the four 8s and ``kicker``, cards in canonical order."""
    eights = "8D 8C 8H 8S"
    return BWK, f"{kicker} {eights}" if kicker[0] == "5" else f"{eights} {kicker}"


def test_R3_17_a_reading_made_under_other_rules_is_not_legal_here() -> None:
    # 5H-9H read under winner (straight_flush="beats_straights") is a straight flush;
    # under the zhengshangyou preset (straight_flush="none") the same cards are only a
    # straight (R3.17), so the straight flush is no play there (R3.16).
    hand = Hand.parse("5H 6H 7H 8H 9H 3D")
    here = Rules()
    flush = Play.parse("5H 6H 7H 8H 9H", Rules.preset("winner"))
    assert flush.kind is SF
    views: tuple[View, ...] = ("classes", "cards")
    for view in views:
        plays = legal_plays(hand, here, view=view)
        assert not plays.is_legal(flush)
        assert flush not in plays
        assert plays.is_legal(Play.parse("5H 6H 7H 8H 9H", here))


def test_R2_5_R3_is_legal_checks_the_kinds_filter_and_the_card_that_must_be_included() -> None:
    rules = Rules()
    hand = Hand.parse("3D 3S 4H 5C 6D 7S")
    pair, single = Play.parse("3D 3S", rules), Play.parse("4H", rules)
    only_pairs = legal_plays(hand, rules, kinds=[Kind.PAIR])
    assert only_pairs.is_legal(pair)
    assert not only_pairs.is_legal(single)
    with_3s = legal_plays(hand, rules, must_include=Card.parse("3S"), view="cards")
    assert with_3s.is_legal(pair)
    assert not with_3s.is_legal(single)
    assert not with_3s.is_legal(Play.parse("3D", rules))


def test_R3_the_move_tables_list_every_memo_that_grows_with_the_hands_seen() -> None:
    # memos() is what tools read to inspect or trim the memo: every table keyed by the
    # hands seen (each kind's table, the rows of attached cards, the windows held, the
    # positions), and none of the fixed tables of the rule set.
    from zhengshangyou import moves

    rules = Rules.preset("winner-classic")
    tables = moves.tables_of(rules, True)
    hand = Hand.parse(CLASSIC_HAND)
    list(legal_plays(hand, rules))
    list(legal_plays(hand, rules, Play.parse("7D 7C 7H 7S 3D", rules)))
    listed = {id(table) for table in tables.memos()}
    growing = [
        "straights", "lowest_straight", "flushes", "plans", "answering", "positions", "visited",
    ]
    for name in growing:
        assert id(getattr(tables, name)) in listed, name
    # Each kind's table, by the codes of its ranks or windows (R3.10: bombs with a kicker).
    kinds = [Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FULL_HOUSE, Kind.BOMB_WITH_KICKER]
    for kind in kinds:
        assert id(tables.groups[kind]) in listed, kind
    for kind in (Kind.PAIR_RUN, Kind.TRIPLE_RUN):
        assert id(tables.runs[kind]) in listed, kind
    for kind in (Kind.FULL_HOUSE, Kind.BOMB_WITH_KICKER):
        rows = tables.rows[kind]
        assert rows is not None
        assert id(rows) in listed
        assert all(id(row) in listed for row in rows.values())
    for width in (1, 2, 3):
        assert id(tables.spans[width]) in listed
        assert id(tables.stretches[width]) in listed
    fixed = (tables.span_index, tables.run_keys, tables.run_strengths, tables.minimum, tables.groups, tables.rows)
    assert not {id(table) for table in fixed} & listed
    assert tables.rows[Kind.BOMB_WITH_KICKER]
    for name in ("spans", "stretches", "span_index", "run_keys", "run_strengths", "minimum"):
        assert id(getattr(tables, name)) not in listed, name


def kinds_and_cards(plays: object) -> set[tuple[Kind, str]]:
    assert isinstance(plays, LegalPlays)
    return {(play.kind, str(play)) for play in plays}


def test_R4_5_straights_by_suit_the_class_view_has_one_straight_per_top_suit() -> None:
    # With straights_by_suit, equal straights compare by the suit of the top card, so
    # 3-7 topped by 7D and 3-7 topped by 7S are different classes; on 3C-7H only the one
    # topped by 7S (above hearts in D C H S) is higher.
    rules = Rules(suit_order="DCHS", straights_by_suit=True)
    hand = Hand.parse("3D 4C 5H 6S 7D 7S")
    straights = legal_plays(hand, rules, kinds=[Kind.STRAIGHT])
    assert kinds_and_cards(straights) == {
        (Kind.STRAIGHT, "3D 4C 5H 6S 7D"), (Kind.STRAIGHT, "3D 4C 5H 6S 7S")
    }
    top = Play.parse("3C 4D 5S 6H 7H", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == {(Kind.STRAIGHT, "3D 4C 5H 6S 7S")}
    # Three top suits, three classes (the lowest 7 is 7C here).
    hand = Hand.parse("3D 4C 5H 6S 7C 7H 7S")
    assert kinds_and_cards(legal_plays(hand, rules, kinds=[Kind.STRAIGHT])) == {
        (Kind.STRAIGHT, f"3D 4C 5H 6S 7{suit}") for suit in "CHS"
    }


def test_R4_1_a_hand_with_no_answer_has_an_empty_view() -> None:
    rules = Rules()
    hand = Hand.parse("3D 4C 9S")
    for top in ("2S", "5D 5C", "BJ RJ"):
        views: tuple[View, ...] = ("classes", "cards")
        for view in views:
            found = legal_plays(hand, rules, Play.parse(top, rules), view=view)
            assert not found
            assert found.count() == 0
            assert list(found) == []
    # Asked twice (the second time from the memo of positions), still empty.
    assert not legal_plays(hand, rules, Play.parse("2S", rules))


def test_R2_5_must_include_keeps_one_member_of_each_class_holding_the_card() -> None:
    # Suits do not matter under the zhengshangyou preset: the single 3, the pair of 3s
    # and the straight 3-7 are classes; their members holding 3S are those below.
    rules = Rules()
    hand = Hand.parse("3D 3S 4H 5C 6D 7S")
    found = legal_plays(hand, rules, must_include=Card.parse("3S"))
    assert kinds_and_cards(found) == {
        (Kind.SINGLE, "3S"), (Kind.PAIR, "3D 3S"), (Kind.STRAIGHT, "3S 4H 5C 6D 7S")
    }


def test_R2_5_R3_17_must_include_drops_a_class_with_no_member_holding_the_card() -> None:
    # Under winner-classic a suited straight reads only as a straight flush (R3.17), so
    # the only straight 3-7 this hand holds is 3H-6H with 7S: no straight holds 7H.
    rules = Rules.preset("winner-classic")
    hand = Hand.parse("3H 4H 5H 6H 7H 7S")
    expected = {(Kind.SINGLE, "7H"), (Kind.PAIR, "7H 7S"), (SF, "3H 4H 5H 6H 7H")}
    views: tuple[View, ...] = ("classes", "cards")
    for view in views:
        found = legal_plays(hand, rules, must_include=Card.parse("7H"), view=view)
        assert kinds_and_cards(found) == expected
    assert (Kind.STRAIGHT, "3H 4H 5H 6H 7S") in kinds_and_cards(legal_plays(hand, rules))


def test_R3_17_with_straights_by_suit_a_suited_straight_is_never_offered_as_a_straight() -> None:
    # Where suited straights read only as straight flushes (R3.17), 3H-6H with 7H is a
    # straight flush and no straight; 3H-6H with 7D is the one straight, whose class is
    # set by its top card's suit (straights_by_suit, R4.5).
    for preset in ("winner-classic", "winner"):
        rules = Rules.preset(preset, straights_by_suit=True, min_straight=5)
        hand = Hand.parse("3H 4H 5H 6H 7D 7H")
        views: tuple[View, ...] = ("classes", "cards")
        for view in views:
            runs = legal_plays(hand, rules, view=view, kinds=[Kind.STRAIGHT, SF])
            assert kinds_and_cards(runs) == {
                (Kind.STRAIGHT, "3H 4H 5H 6H 7D"), (SF, "3H 4H 5H 6H 7H")
            }, (preset, view)


def test_R3_8_R3_9_pair_runs_and_triple_runs_of_a_hand() -> None:
    # Ranks 3 and 4 held twice, 5 and 6 three times. Pair runs (min_pair_run=2): every
    # window of consecutive ranks among 3-6 of two ranks or more; the class member takes
    # each rank's two lowest cards (suits D C H S). Triple runs (min_triple_run=2): 5-6.
    rules = Rules()
    hand = Hand.parse("3D 3C 4D 4C 5D 5H 5S 6C 6H 6S")
    pairs = {"3": "3D 3C", "4": "4D 4C", "5": "5D 5H", "6": "6C 6H"}
    windows = [["3", "4"], ["4", "5"], ["5", "6"], ["3", "4", "5"], ["4", "5", "6"],
               ["3", "4", "5", "6"]]
    expected = {(Kind.PAIR_RUN, " ".join(pairs[rank] for rank in window)) for window in windows}
    expected.add((Kind.TRIPLE_RUN, "5D 5H 5S 6C 6H 6S"))
    runs = legal_plays(hand, rules, kinds=[Kind.PAIR_RUN, Kind.TRIPLE_RUN])
    assert kinds_and_cards(runs) == expected
    # The card view: every choice of two of each rank's cards (1, 1, 3 and 3 choices).
    choices = {"3": 1, "4": 1, "5": 3, "6": 3}
    by_cards = legal_plays(hand, rules, kinds=[Kind.PAIR_RUN], view="cards")
    assert by_cards.count() == sum(prod(choices[rank] for rank in window) for window in windows)
    # Answers to 3-3-4-4: the two-pair runs above it (R4.5, by the top), and no longer run.
    top = Play.parse("3H 3S 4H 4S", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == {
        (Kind.PAIR_RUN, "4D 4C 5D 5H"), (Kind.PAIR_RUN, "5D 5H 6C 6H")
    }


def test_R3_7_the_straights_of_a_hand_are_every_window_of_five_ranks_or_more() -> None:
    # 3 to 9 held once each: windows of 5, 6 and 7 ranks (3-7, 4-8, 5-9, 3-8, 4-9, 3-9).
    rules = Rules()
    hand = Hand.parse("3D 4C 5H 6S 7D 8C 9H")
    ranks = ["3D", "4C", "5H", "6S", "7D", "8C", "9H"]
    expected = {
        (Kind.STRAIGHT, " ".join(ranks[start:start + size]))
        for size in (5, 6, 7) for start in range(len(ranks) - size + 1)
    }
    views: tuple[View, ...] = ("classes", "cards")
    for view in views:
        assert kinds_and_cards(legal_plays(hand, rules, view=view, kinds=[Kind.STRAIGHT])) == expected
    # Answers to 4-8: the straights of five cards topped above 8 (R4.1, R4.5).
    top = Play.parse("4H 5S 6D 7C 8H", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == {(Kind.STRAIGHT, "5H 6S 7D 8C 9H")}


def test_R3_plays_do_not_depend_on_the_memo_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    # The memo tables drop their older half when full; with tables of four entries the
    # plays of a hand, generated again and again, stay the same.
    from zhengshangyou import moves

    hands = ["3D 4C 5H 6S 7D 8C 9H 9S", "3D 3C 4D 4C 5D 5H 5S 6C 6H 6S", CLASSIC_HAND]
    rule_sets = [Rules(), Rules.preset("winner"), Rules.preset("winner-classic"),
                 Rules.preset("winner", straights_by_suit=True)]

    def plays() -> list[list[str]]:
        return [
            [str(play) for play in legal_plays(Hand.parse(hand), rules)]
            for rules in rule_sets for hand in hands
        ]

    expected = plays()
    monkeypatch.setattr(moves, "_MEMO_LIMIT", 4)
    monkeypatch.setattr(moves, "_POSITIONS_LIMIT", 2)
    for _ in range(3):
        assert plays() == expected


def test_R3_a_full_memo_drops_its_older_half_even_when_another_thread_took_a_key() -> None:
    # moves._trim makes room in a full memo (one holding `limit` entries): it keeps the
    # newer half. A memo shared by threads may lose a key between the listing of its
    # keys and their removal; that key is skipped.
    from zhengshangyou import moves

    full = {key: str(key) for key in range(8)}
    moves._trim(full, 8)
    assert list(full) == [4, 5, 6, 7]
    not_full = {key: str(key) for key in range(7)}
    moves._trim(not_full, 8)
    assert list(not_full) == list(range(7))

    class Shared(dict[int, str]):
        """A memo from which "another thread" drops key 0 while its keys are listed."""

        def __iter__(self):  # type: ignore[no-untyped-def]
            keys = list(super().__iter__())
            super().pop(0, None)
            return iter(keys)

    shared = Shared((key, str(key)) for key in range(8))
    moves._trim(shared, 8)  # no KeyError for key 0
    assert 0 not in shared
    assert {4, 5, 6, 7} <= set(shared) <= set(range(1, 8))
    assert len(shared) < 8


def test_R3_14_R4_6_triple_bombs_among_the_legal_plays() -> None:
    # triple_bomb (one deck): every triple is a bomb below every four-card bomb (R4.6).
    rules = Rules(triple_bomb=True)
    hand = Hand.parse("5D 5C 5H 9D 9C 9H 9S")
    bombs = {
        (Kind.TRIPLE_BOMB, "5D 5C 5H"), (Kind.TRIPLE_BOMB, "9D 9C 9H"), (Kind.BOMB, "9D 9C 9H 9S")
    }
    assert kinds_and_cards(legal_plays(hand, rules, bombs_only=True)) == bombs
    # The card view: the one triple of 5s, the four triples of 9s.
    assert legal_plays(hand, rules, bombs_only=True, view="cards").count() == 1 + 4 + 1
    # On a pair of 4s: the higher pairs, and every bomb.
    pairs = {(Kind.PAIR, "5D 5C"), (Kind.PAIR, "9D 9C")}
    assert kinds_and_cards(legal_plays(hand, rules, Play.parse("4D 4C", rules))) == pairs | bombs
    # On the triple bomb of 5s: the higher triple bomb and the four 9s; on 9-9-9, the four.
    top = Play.parse("5D 5C 5S", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == bombs - {(Kind.TRIPLE_BOMB, "5D 5C 5H")}
    top = Play.parse("9D 9C 9S", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == {(Kind.BOMB, "9D 9C 9H 9S")}


def test_R3_6_fours_of_a_kind_are_plain_plays_under_winner() -> None:
    # four_of_a_kind="plain": four of a kind is an ordinary combination (no bombs under
    # winner), answered only by a higher four of a kind (R4.1, R4.3).
    rules = Rules.preset("winner")
    hand = Hand.parse("5D 5C 5H 5S 9D 9C 9H 9S")
    fours = {(Kind.FOUR_OF_A_KIND, "5D 5C 5H 5S"), (Kind.FOUR_OF_A_KIND, "9D 9C 9H 9S")}
    assert kinds_and_cards(legal_plays(hand, rules, kinds=[Kind.FOUR_OF_A_KIND])) == fours
    assert not legal_plays(hand, rules, bombs_only=True)
    top = Play.parse("7D 7C 7H 7S", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == {(Kind.FOUR_OF_A_KIND, "9D 9C 9H 9S")}
    pair = Play.parse("8D 8C", rules)
    assert all(play.kind is Kind.PAIR for play in legal_plays(hand, rules, pair))


def test_R3_7_a_straight_offered_to_a_hand_is_made_of_its_own_cards() -> None:
    # Hands with the same ranks in other suits: each is offered its own lowest cards.
    rules = Rules()
    for cards in ("3D 4C 5H 6S 7D", "3D 4H 5C 6D 7C", "3D 4S 5D 6H 7H", "3D 4D 5S 6C 7S"):
        straights = list(legal_plays(Hand.parse(cards), rules, kinds=[Kind.STRAIGHT]))
        assert [str(play) for play in straights] == [cards]


def test_R3_16_to_beat_must_be_a_play() -> None:
    with pytest.raises(WrongTypeError) as raised:
        legal_plays(Hand.parse("3D"), Rules(), to_beat="3D")  # type: ignore[arg-type]
    assert isinstance(raised.value, TypeError)
    assert raised.value.argument == "to_beat"
    assert raised.value.rule == "R3.16"
    assert str(raised.value).startswith("to_beat must be a Play, not str")


def test_E14_with_two_decks_the_joker_bomb_needs_all_four_jokers() -> None:
    rules = Rules.preset("two-deck")
    joker_bomb = (Kind.JOKER_BOMB, "BJ BJ RJ RJ")
    for cards in ("BJ RJ RJ", "BJ BJ RJ", "BJ RJ 3D"):
        assert joker_bomb not in kinds_and_cards(legal_plays(Hand.parse(cards), rules))
        assert not legal_plays(Hand.parse(cards), rules, bombs_only=True)
    assert kinds_and_cards(legal_plays(Hand.parse("BJ BJ RJ RJ 3D"), rules, bombs_only=True)) == {
        joker_bomb
    }


def test_R2_5_must_include_finds_a_member_holding_the_card_when_the_first_one_does_not() -> None:
    # winner-classic reads suited straights only as straight flushes (R3.17). Of the
    # straights 3-7 this hand holds, 3S-4H-5H-6H-7H is the first (in card order) that
    # holds 6H; the class's usual member, lowest cards first, avoids the flush at its
    # highest rank but the top, the 6, and so holds 6S.
    rules = Rules.preset("winner-classic")
    hand = Hand.parse("3H 3S 4H 5H 6H 6S 7H")
    views: tuple[View, ...] = ("classes", "cards")
    for view in views:
        found = legal_plays(
            hand, rules, must_include=Card.parse("6H"), view=view, kinds=[Kind.STRAIGHT]
        )
        assert kinds_and_cards(found) == {(Kind.STRAIGHT, "3S 4H 5H 6H 7H")}, view
    assert kinds_and_cards(legal_plays(hand, rules, kinds=[Kind.STRAIGHT])) == {
        (Kind.STRAIGHT, "3H 4H 5H 6S 7H")
    }


def test_R4_8_is_legal_compares_under_the_flipped_order_of_the_revolution() -> None:
    rules = Rules(four_of_a_kind="plain", revolution=True)
    hand = Hand.parse("4D 9S")
    seven = Play.parse("7D", rules)
    four, nine = Play.parse("4D", rules), Play.parse("9S", rules)
    flipped = legal_plays(hand, rules, seven, revolution=True)
    assert flipped.is_legal(four)
    assert not flipped.is_legal(nine)
    normal = legal_plays(hand, rules, seven)
    assert normal.is_legal(nine)
    assert not normal.is_legal(four)


def test_R3_17_R4_5_straight_classes_by_top_suit_next_to_a_straight_flush() -> None:
    # winner-classic with straights_by_suit: the class of a straight is its window and
    # its top card's suit (R4.5); a suited straight is only a straight flush (R3.17).
    rules = Rules.preset("winner-classic", straights_by_suit=True)
    flush = (SF, "3H 4H 5H 6H 7H")
    # The lowest 7 is 7C: with 7H on top, 3H-6H make a flush; with 7C, a straight.
    hand = Hand.parse("3H 4H 5H 6H 7C 7H")
    runs = legal_plays(hand, rules, kinds=[Kind.STRAIGHT, SF])
    assert kinds_and_cards(runs) == {(Kind.STRAIGHT, "3H 4H 5H 6H 7C"), flush}
    # With a second 6, the straight topped by 7H exists: the member changes its 6, the
    # highest card that may change (the top card's suit is the class's own).
    hand = Hand.parse("3H 4H 5H 6H 6S 7D 7H")
    runs = legal_plays(hand, rules, kinds=[Kind.STRAIGHT, SF])
    assert kinds_and_cards(runs) == {
        (Kind.STRAIGHT, "3H 4H 5H 6H 7D"), (Kind.STRAIGHT, "3H 4H 5H 6S 7H"), flush
    }
    runs = legal_plays(hand, rules, kinds=[Kind.STRAIGHT, SF], view="cards")
    assert kinds_and_cards(runs) == {
        (Kind.STRAIGHT, "3H 4H 5H 6H 7D"), (Kind.STRAIGHT, "3H 4H 5H 6S 7D"),
        (Kind.STRAIGHT, "3H 4H 5H 6S 7H"), flush,
    }


def test_R4_7_straight_flushes_of_two_suits_are_one_class_unless_suits_count() -> None:
    hand = Hand.parse("3D 4D 5D 6D 7D 3S 4S 5S 6S 7S")
    spades, diamonds = (SF, "3S 4S 5S 6S 7S"), (SF, "3D 4D 5D 6D 7D")
    rules = Rules.preset("winner", min_straight=5)  # beats_straights; suits do not count
    assert kinds_and_cards(legal_plays(hand, rules, kinds=[SF])) == {diamonds}
    assert kinds_and_cards(legal_plays(hand, rules, kinds=[SF], view="cards")) == {
        diamonds, spades
    }
    by_suit = Rules.preset("winner", min_straight=5, straights_by_suit=True)
    assert kinds_and_cards(legal_plays(hand, by_suit, kinds=[SF])) == {diamonds, spades}


def test_R3_4_R3_5_full_houses_and_triples_with_a_single_of_a_hand() -> None:
    # Three 5s, two 8s, a 9: the full house 5-5-5+8-8 (R3.4); with triple_with_single,
    # 5-5-5 with an 8 or with the 9 (R3.5), the class taking the lowest 8 (8D).
    hand = Hand.parse("5D 5C 5H 8D 8C 9S")
    rules = Rules(triple_with_single=True)
    full_house = (Kind.FULL_HOUSE, "5D 5C 5H 8D 8C")
    with_single = {(Kind.TRIPLE_WITH_SINGLE, "5D 5C 5H 8D"), (Kind.TRIPLE_WITH_SINGLE, "5D 5C 5H 9S")}
    kinds = [Kind.FULL_HOUSE, Kind.TRIPLE_WITH_SINGLE]
    assert kinds_and_cards(legal_plays(hand, rules, kinds=kinds)) == {full_house, *with_single}
    by_cards = kinds_and_cards(legal_plays(hand, rules, kinds=kinds, view="cards"))
    assert by_cards == {full_house, *with_single, (Kind.TRIPLE_WITH_SINGLE, "5D 5C 5H 8C")}
    # Answers by the triple's rank (R4.4): 5-5-5+8-8 on 4-4-4+K-K, nothing on 6-6-6+3-3.
    assert kinds_and_cards(legal_plays(hand, rules, Play.parse("4D 4C 4H KD KC", rules))) == {
        full_house
    }
    assert not legal_plays(hand, rules, Play.parse("6D 6C 6H 3D 3C", rules))


def test_R3_every_play_offered_is_made_of_the_hands_own_cards() -> None:
    # Hands met one after the other under one rule set (whose tables are shared) are
    # each offered plays of their own cards only.
    hands = ["3D 4C 5H 6S 7D 7S", "3D 4H 5H 6S 7D 7S", "3D 4D 5H 6S 7C 7S", "3S 4C 5D 6H 7H 8S"]
    for rules in (Rules(suit_order="DCHS", straights_by_suit=True), Rules()):
        for cards in hands:
            hand = Hand.parse(cards)
            plays = list(legal_plays(hand, rules))
            assert plays
            for play in plays:
                assert hand.contains(play.cards), (cards, play)


def test_R2_5_R3_9_must_include_takes_three_cards_of_each_rank_of_a_triple_run() -> None:
    # Four 5s: the member of 5-5-5+6-6-6 holding 5S takes 5S and the two lowest others.
    rules = Rules()
    hand = Hand.parse("5D 5C 5H 5S 6D 6C 6H")
    found = legal_plays(hand, rules, must_include=Card.parse("5S"), kinds=[Kind.TRIPLE_RUN])
    assert kinds_and_cards(found) == {(Kind.TRIPLE_RUN, "5D 5C 5S 6D 6C 6H")}
    found = legal_plays(hand, rules, must_include=Card.parse("6H"), kinds=[Kind.PAIR_RUN])
    assert kinds_and_cards(found) == {(Kind.PAIR_RUN, "5D 5C 6D 6H")}


def test_R4_6_a_straight_flush_bomb_of_any_length_answers_a_straight() -> None:
    # winner-classic: straight flushes are bombs (R4.6), so the six-card one beats a
    # five-card straight too; the plain straights of the hand would have to be of five.
    rules = Rules.preset("winner-classic")
    hand = Hand.parse("8S 9S 10S JS QS KS")
    top = Play.parse("3D 4C 5H 6S 7D", rules)
    assert kinds_and_cards(legal_plays(hand, rules, top)) == {
        (SF, "8S 9S 10S JS QS"), (SF, "9S 10S JS QS KS"), (SF, "8S 9S 10S JS QS KS")
    }


def test_legal_plays_names_the_views_it_knows() -> None:
    with pytest.raises(ZhengShangyouError) as raised:
        legal_plays(Hand.parse("3D"), Rules(), view="all")  # type: ignore[arg-type]
    assert str(raised.value) == "view must be 'classes' or 'cards', not 'all'"


def test_R2_5_R4_5_must_include_on_a_full_hand_with_straights_compared_by_suit_ends() -> None:
    # A 50-card hand, straights compared by their top card's suit, A-2 at either end:
    # classes such as the 13-rank straight topped by the K of diamonds have no member
    # holding KS, and the search for one once listed millions of straights (seconds to
    # minutes). The listing must end (under the fuzz tests' CPU limit) with plays that
    # all hold the card, each a legal lead.
    from test_fuzz import cpu_limit

    rules = Rules(
        straight_flush="bomb", straights_by_suit=True, suit_order="DCHS", run_order="either_end"
    )
    hand = Hand.parse(
        "3D 3C 3H 3S 4D 4C 4H 4S 5D 5C 5H 5S 6D 6C 6H 6S 7D 7C 7H 8D 8C 8H 8S 9D 9C 9H 9S"
        " 10D 10H 10S JD JC JH QD QC QH QS KD KC KH KS AD AC 2C 2H 2S BJ RJ"
    )
    card = Card.parse("KS")
    with cpu_limit(5.0):
        plays = list(legal_plays(hand, rules, must_include=card))
    assert plays
    assert all(card in play.cards for play in plays)
    everything = legal_plays(hand, rules)
    assert all(everything.is_legal(play) for play in plays)


def test_R2_5_R3_18_must_include_lists_airplanes_whose_wings_hold_the_card() -> None:
    # two-deck: JJJ+QQQ with the pairs 33 and 66 as wings is an airplane (R3.18); a lead
    # that must include 6S (R2.5) may play it, though 6 is not a rank of its run.
    rules = Rules.preset("two-deck")
    hand = Hand.parse("3H 3S 6H 6S JD JC JS QD QC QS")
    for card in ("6S", "3S", "QS"):
        found = legal_plays(hand, rules, must_include=Card.parse(card), kinds=[Kind.AIRPLANE_WITH_PAIRS])
        assert kinds_and_cards(found) == {(Kind.AIRPLANE_WITH_PAIRS, "3H 3S 6H 6S JD JC JS QD QC QS")}


def test_R2_5_B3_2_must_include_lists_the_flushes_holding_the_card_only() -> None:
    # big-two: the first lead must include 3D (R2.5). Of the hand's flushes (five cards
    # of one suit, no straight, B3.2) those of diamonds through 3D hold it; the club
    # flush and the diamond flush without 3D do not, nor do groups of other ranks.
    rules = Rules.preset("big-two")
    hand = Hand.parse("3D 5D 7D 9D JD KD 4C 6C 8C 10C QC")
    found = legal_plays(hand, rules, must_include=Card.parse("3D"), kinds=[Kind.FLUSH, Kind.SINGLE, Kind.PAIR])
    expected = {(Kind.SINGLE, "3D")} | {
        (Kind.FLUSH, "3D " + " ".join(others))
        for others in (
            ("5D", "7D", "9D", "JD"), ("5D", "7D", "9D", "KD"), ("5D", "7D", "JD", "KD"),
            ("5D", "9D", "JD", "KD"), ("7D", "9D", "JD", "KD"),
        )
    }
    assert kinds_and_cards(found) == expected


def test_R4_3_R4_8_an_answer_by_suit_under_revolution_keeps_the_rank_order() -> None:
    # winner: singles compare by suit on equal ranks (D < C < H < S, R4.3). Flipped
    # (R4.8), 4 beats 5 and 9 does not; of the 5s only 5S beats 5H; a joker beats all.
    # In the rank order of the listing: 4C, 5S, BJ.
    rules = Rules.preset("winner", revolution=True)
    hand = Hand.parse("4C 5D 5S 9H BJ")
    top = Play.parse("5H", rules)
    found = legal_plays(hand, rules, top, revolution=True)
    assert [str(play) for play in found] == ["4C", "5S", "BJ"]
    assert [str(play) for play in legal_plays(hand, rules, top)] == ["5S", "9H", "BJ"]


def test_R2_5_R3_11_must_include_finds_the_straight_flush_of_the_cards_suit() -> None:
    # winner: straight flushes compare without suits (R4.7), so 3D-4D-5D and 3H-4H-5H
    # are one class; a lead that must include 4H (R2.5) lists the member holding it.
    rules = Rules.preset("winner")
    hand = Hand.parse("3D 4D 5D 3H 4H 5H")
    found = legal_plays(hand, rules, must_include=Card.parse("4H"), kinds=[SF])
    assert kinds_and_cards(found) == {(SF, "3H 4H 5H")}
