"""The action space (issue 15): one fixed id for every move, with masks, decoding and labels.

Named after the rules they rest on: R4.1 (the legal moves), R3.16 (declared
readings), R4.3/R4.5 (suits in the comparison), R8 (the exchange decisions).
The checks lean on mechanisms other than the action space's own: rank-play ids
(:func:`rank_plays`), the game's legality check (``move in legal_moves``) and
the card view of the move generator.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
from typing import Literal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marks import REPEATED_PRESETS, slow_where
from zhengshangyou import (
    PASS,
    ActionSpace,
    Card,
    Game,
    Give,
    Hand,
    IllegalMoveError,
    Kind,
    NotationError,
    Offer,
    Phase,
    Play,
    Return,
    Rules,
    State,
    Take,
    WrongTypeError,
    ZhengShangyouError,
    legal_plays,
    parse_cards,
    rank_plays,
)
from zhengshangyou.actions import Bid, Call, Rob
from zhengshangyou.actionspace import _LAYOUTS
from zhengshangyou.combinations import catalogue
from zhengshangyou.plays import beats
from zhengshangyou.rules import RulesCache
from zhengshangyou.testing import rules_sets

SEED_BASE = 15_000


def one_deck_rules() -> st.SearchStrategy[Rules]:
    """Random rule sets with one deck (two decks build 12,000 ids: a few cases below)."""
    return rules_sets(decks=1)


def random_states(rules: Rules, seed: int, steps: int) -> list[State]:
    """Every state of a random game of ``steps`` steps (moves, and next hands)."""
    rng = random.Random(seed)
    game = Game(rules, seed=SEED_BASE + seed)
    states = [game.state]
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
        else:
            game.play(rng.choice(list(game.legal_moves())))
        states.append(game.state)
    return states


def play_of(space: ActionSpace, index: int) -> Play:
    """The play that id ``index`` stands for."""
    move = space.move(index)
    assert isinstance(move, Play)
    return move


def check_position(space: ActionSpace, state: State, rng: random.Random | None = None) -> None:
    """R4.1: the mask is exactly the legal moves, and ids and moves map one to one."""
    seat = state.to_act
    if seat < 0:
        assert space.legal_ids(state.observation(0)) == []
        return
    seen = state.observation(seat)
    listed = list(seen.legal_moves)
    assert listed == list(state.legal_moves())
    ids = [space.encode(move) for move in listed]
    # One id for each listed move (the class view lists one play a class), ...
    assert len(set(ids)) == len(ids)
    moves = space.moves(seen)
    assert list(moves) == sorted(ids) == space.legal_ids(seen)
    assert [index for index, legal in enumerate(space.mask(seen)) if legal] == sorted(ids)
    # ... and decoding gives back the listed move, which the game accepts.
    assert [moves[index] for index in ids] == listed
    for index in (rng or random.Random(seat)).sample(ids, min(3, len(ids))):
        decoded = space.decode(index, seen)
        assert decoded in state.legal_moves()
        assert space.encode(decoded) == index
    # Plays keep their rank-play ids; the ids after them are classes told apart by suit.
    rank_space = rank_plays(state.rules)
    for move, index in zip(listed, ids, strict=True):
        if isinstance(move, Play):
            if index < len(rank_space):
                assert rank_space.of(move).id == index
            else:
                assert index < space.pass_id
                assert catalogue(state.rules)[move.kind].suit_in_key
        elif move == PASS:
            assert index == space.pass_id
        else:
            assert index > space.pass_id
    # Another seat sees no legal move.
    other = (seat + 1) % state.players
    assert space.legal_ids(state.observation(other)) == [] or other == seat


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=15)
@given(rules=one_deck_rules(), seed=st.integers(0, 2**16), steps=st.integers(1, 150))
def test_r4_1_mask_is_exactly_the_legal_moves_in_random_games(
    rules: Rules, seed: int, steps: int
) -> None:
    space = ActionSpace(rules)
    for state in random_states(rules, seed, steps)[::3]:
        check_position(space, state)


@settings(max_examples=8)
@given(
    # (no exchange in a game with a landlord: D1)
    rules=one_deck_rules()
    .filter(lambda rules: rules.teams == "none")
    .map(lambda rules: rules.evolve(target_score=None)),
    exchange=st.sampled_from(["highest_for_one_of_two", "highest_for_any"]),
    seed=st.integers(0, 2**16),
)
def test_r8_exchange_decisions_have_ids(rules: Rules, exchange: str, seed: int) -> None:
    """R8.2/R8.3: every decision of an exchange is an id, decoded as the game offers it."""
    rules = rules.evolve(exchange=exchange)
    space = ActionSpace(rules)
    states = random_states(rules, seed, 400)
    exchanging = [state for state in states if state.phase is Phase.EXCHANGE]
    for state in exchanging:
        check_position(space, state)


@pytest.mark.parametrize("name", slow_where(Rules.preset_names(), lambda name: name in REPEATED_PRESETS))
def test_r4_1_presets_labels_are_unique_and_parse_back(name: str) -> None:
    rules = Rules.preset(name)
    space = ActionSpace(rules)
    assert len(set(space.labels)) == space.size == len(space)
    for index, label in enumerate(space.labels):
        assert space.parse(label) == index
        assert space.label(index) == label
    # Every id's move (its lowest cards in the full deck) encodes back to the id.
    for index in range(space.size):
        assert space.encode(space.move(index)) == index
    check_position(space, State.new(rules, seed=3))


@settings(max_examples=10)
@given(rules=one_deck_rules())
def test_r3_16_labels_are_unique_and_parse_back_under_random_rules(rules: Rules) -> None:
    space = ActionSpace(rules)
    assert len({label.lower() for label in space.labels}) == space.size
    for index in range(space.size):
        assert space.parse(space.label(index)) == index
        assert space.encode(space.move(index)) == index


def test_r4_1_ids_and_masks_need_no_members_or_labels_and_they_come_when_asked() -> None:
    """Listing the full deck's member of every id of a space with single wings
    (R3.19, 72,250 ids) costs about as much as numbering the ids, and labelling them
    as much again: ids, masks, encoding and decoding are made without either (shown
    on paired wings, a space of 4,610 ids made afresh)."""
    rules = Rules(airplane_wings="pairs")
    RulesCache.forget(rules)
    space = ActionSpace(rules)
    state = State.new(rules, seed=1)
    seen = state.observation(state.to_act)
    ids = space.legal_ids(seen)
    assert [space.decode(index, seen) for index in ids] == list(state.legal_moves())
    made = vars(_LAYOUTS[rules])
    assert not {"plays", "moves", "labels", "by_label", "by_ranks"} & set(made)
    assert space.encode(space.move(5)) == 5
    assert {"plays", "moves"} <= set(made)
    assert not {"labels", "by_label", "by_ranks"} & set(made)
    assert space.parse(space.label(5)) == 5
    assert {"labels", "by_label"} <= set(made)


@settings(max_examples=12)
@given(rules=one_deck_rules(), data=st.data())
def test_r4_1_every_legal_play_of_the_card_view_has_a_legal_id(rules: Rules, data: st.DataObject) -> None:
    """A play the class view does not list (other cards of its class) has its class's id."""
    deck = sorted(rules.deck())
    cards = data.draw(st.lists(st.sampled_from(deck), min_size=1, max_size=9, unique=True))
    hand = Hand(cards)
    space = ActionSpace(rules)
    class_ids = {space.encode(play) for play in legal_plays(hand, rules)}
    card_ids = {space.encode(play) for play in legal_plays(hand, rules, view="cards")}
    assert card_ids == class_ids


def test_r4_3_suits_in_the_comparison_add_ids_after_the_rank_plays() -> None:
    """R4.3: with singles compared by suit, each suit of a rank is its own id; the
    rank play's id is the lowest suit's."""
    rules = Rules(suit_order="DCHS", singles_by_suit=True)
    space = ActionSpace(rules)
    rank_space = rank_plays(rules)
    three = {suit: space.encode(Play.parse(f"3{suit}", rules)) for suit in "DCHS"}
    assert three["D"] == rank_space.of(Play.parse("3D", rules)).id == 0
    assert len(set(three.values())) == 4
    assert all(len(rank_space) <= three[suit] < space.pass_id for suit in "CHS")
    assert space.label(three["S"]) == "3S"
    assert space.parse("3 ") == 0  # rank notation names the rank play
    # Pairs are not compared by suit here: one id a pair.
    assert space.parse("3C 3S") == space.parse("3D 3H") == rank_space.of(Play.parse("3C 3S", rules)).id


def test_r4_1_ids_of_the_default_rules_counted_by_hand() -> None:
    """The default rules: 15 singles, 13 pairs, 13 triples, 13 x 12 full houses,
    straights of 5..13 ranks, pair and triple runs, 13 bombs, the joker bomb (445
    rank plays, as rank_plays counts), then pass: 446 ids, no exchange."""
    space = ActionSpace(Rules())
    assert len(rank_plays(Rules())) == 445
    assert space.size == 446
    assert space.pass_id == 445
    assert space.move(space.pass_id) == PASS
    assert [space.label(index) for index in (0, 14, 15, 27, 28)] == ["3", "RJ", "3 3", "2 2", "3 3 3"]


def test_r8_exchange_ids_counted_by_hand() -> None:
    """R8.2: give any of 54 cards, offer any two of 54 (1,431), take any of 54; R8.3:
    give or return any of 54. Two decks: an offer may be two equal cards (1,485)."""
    base = ActionSpace(Rules()).size
    assert ActionSpace(Rules(exchange="highest_for_one_of_two")).size == base + 54 + 1431 + 54
    assert ActionSpace(Rules(exchange="highest_for_any")).size == base + 54 + 54
    two = Rules(decks=2, exchange="highest_for_one_of_two")
    space = ActionSpace(two)
    assert space.size == ActionSpace(Rules(decks=2)).size + 54 + 1485 + 54
    twin = Offer(parse_cards("9H 9H"))
    assert space.label(space.encode(twin)) == "offer 9H 9H"
    assert space.parse("offer 9h 9h") == space.encode(twin)
    for move in (Give(Card.parse("RJ")), Take(Card.parse("3D"))):
        assert space.move(space.encode(move)) == move
    with pytest.raises(IllegalMoveError, match="R8"):
        space.encode(Return(Card.parse("3D")))
    with pytest.raises(IllegalMoveError, match="R8"):
        ActionSpace(Rules()).encode(Give(Card.parse("3D")))


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("33344", "3 3 3 4 4"),
        ("44433", "4 4 4 3 3"),
        ("4 4 4 3 3", "4 4 4 3 3"),
        ("3 3 4 4 4", "4 4 4 3 3"),
        ("BR", "BJ RJ"),
        ("br", "BJ RJ"),
        ("BJ RJ", "BJ RJ"),
        ("TJQKA", "10 J Q K A"),
        ("10 j q k a", "10 J Q K A"),
        ("A2345", "A 2 3 4 5"),
        ("3D 4S 5H 6C 7D", "3 4 5 6 7"),
        ("2", "2"),
        ("pass", "pass"),
        ("  PASS ", "pass"),
    ],
)
def test_r3_16_parse_reads_every_notation(text: str, label: str) -> None:
    space = ActionSpace(Rules())
    assert space.label(space.parse(text)) == label


def test_r3_16_parse_asks_for_a_declaration_where_ranks_read_as_several_kinds() -> None:
    rules = Rules(straight_flush="distinct", min_straight=3)
    space = ActionSpace(rules)
    with pytest.raises(NotationError, match="3 4 5 as straight; 3 4 5 as straight_flush") as error:
        space.parse("345")
    assert error.value.rule == "R3.16"
    flush = space.parse("3 4 5 as straight_flush")
    assert play_of(space, flush).kind is Kind.STRAIGHT_FLUSH
    assert space.parse("3C 4C 5C as straight_flush") == flush
    assert space.parse("3C 4D 5C") == space.parse("3 4 5 as straight")


def test_r3_16_runs_placed_at_either_end_have_labels_of_their_own() -> None:
    """R3.15: under run_order="either_end" A-A-2-2 stands low or high: two ids."""
    rules = Rules(run_order="either_end")
    space = ActionSpace(rules)
    low, high = space.parse("A A 2 2 as pair_run low"), space.parse("A A 2 2 as pair_run high")
    assert low != high
    assert play_of(space, high).key > play_of(space, low).key
    with pytest.raises(NotationError, match="several plays"):
        space.parse("AA22")


def test_B4_3_flushes_compared_suit_first_have_a_label_each() -> None:
    """B4.3, BE4: under flush_order="suit_first" a flush's suit decides, so the flushes
    of one set of ranks are four ids, labelled by their cards (the ranks alone named
    four plays, and labelling them failed)."""
    rules = Rules.preset("big-two", flush_order="suit_first")
    space = ActionSpace(rules)
    ids = [space.parse(f"3{suit} 4{suit} 5{suit} 6{suit} 8{suit}") for suit in "DCHS"]
    assert len(set(ids)) == 4
    assert [space.label(index) for index in ids] == [
        f"3{suit} 4{suit} 5{suit} 6{suit} 8{suit}" for suit in "DCHS"
    ]
    assert len({label.lower() for label in space.labels}) == space.size
    # BE4: K♠Q♠J♠9♠7♠ beats A♦J♦9♦5♦3♦ when the suit decides
    spades, diamonds = space.move(space.parse("7S 9S JS QS KS")), space.move(space.parse("3D 5D 9D JD AD"))
    assert isinstance(spades, Play)
    assert isinstance(diamonds, Play)
    assert beats(spades, diamonds, rules)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("3 4", NotationError),
        ("3X", NotationError),
        ("", NotationError),
        ("give", NotationError),
        ("give 3D 4D", NotationError),
        ("offer 3D", ZhengShangyouError),
        ("give 3D", IllegalMoveError),  # no exchange under the default rules
        ("3D 4S", ZhengShangyouError),
    ],
)
def test_r1_4_parse_refuses_bad_text_with_a_typed_error(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        ActionSpace(Rules()).parse(text)


def test_r4_1_bad_ids_and_moves_are_refused_with_typed_errors() -> None:
    space = ActionSpace(Rules())
    game = Game(Rules(), seed=4)
    seen = game.observation(game.to_act)
    for bad in (-1, space.size, 10**30):
        with pytest.raises(IllegalMoveError, match="not an id"):
            space.decode(bad, seen)
    for wrong in ("3", 1.0, True, None):
        with pytest.raises(WrongTypeError):
            space.decode(wrong, seen)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        space.encode("3D")  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        space.parse(3)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        space.moves(Game(Rules(players=3), seed=1).observation(0))
    other_rules_play = Play.parse("3D 4D 5D", Rules(min_straight=3))
    with pytest.raises(ZhengShangyouError, match="R3"):
        space.encode(other_rules_play)
    # An id that is not legal here names itself and its label.
    illegal = space.parse("BJ RJ")
    with pytest.raises(IllegalMoveError, match=f"action {illegal} \\(BJ RJ\\)"):
        space.decode(illegal, seen)


def test_action_space_is_a_value() -> None:
    rules = Rules(exchange="highest_for_any")
    space = ActionSpace(rules)
    assert pickle.loads(pickle.dumps(space)) == space
    assert copy.copy(space) is space
    assert copy.deepcopy(space) is space
    assert ActionSpace(Rules(exchange="highest_for_any")) == space
    assert hash(ActionSpace(rules)) == hash(space)
    assert space != ActionSpace(Rules())
    assert repr(space) == f"<ActionSpace: {space.size} ids>"


def test_r4_1_two_decks_keep_the_rank_play_ids() -> None:
    rules = Rules.preset("two-deck")
    space = ActionSpace(rules)
    rank_space = rank_plays(rules)
    assert space.pass_id >= len(rank_space)
    for index in itertools.islice(range(len(rank_space)), 0, None, 97):
        assert rank_space.of(play_of(space, index)).id == index
    check_position(space, State.new(rules, seed=5))


def test_observation_played_cards_are_the_plays_of_the_log() -> None:
    """The played cards of an observation are the cards of the plays in the move log,
    seat by seat in the order played, through exchanges and hands (derived here from
    the log, independently); a state built from its parts without them has none."""
    for rules in (Rules(exchange="highest_for_one_of_two"), Rules(exchange="highest_for_any", players=3)):
        for state in random_states(rules, 7, 400):
            for seat in range(state.players):
                seen = state.observation(seat)
                expected: list[list[Card]] = [[] for _ in range(state.players)]
                for action in state.log:
                    if isinstance(action.move, Play):
                        expected[action.seat] += action.move.cards
                assert seen.played_cards == tuple(tuple(cards) for cards in expected)
    state = State.new(Rules(), seed=3)
    bare = State(state.match, state.hand_state, state.trick, state.hands)
    assert bare == state
    assert bare.observation(0).played_cards == ((),) * 4


def test_issue34_item12_decode_reads_only_the_ids_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """Decoding an id costs what listing its class costs: no legal move of the position
    is encoded to find it (before, every one was: 4,802 here, for each id). And the
    round trip of every legal move of a two-deck, two-player hand gives the move back."""
    rules = Rules.preset("two-deck", players=2)
    game = Game(rules, seed=3)
    seen = game.observation(game.to_act)
    assert len(seen.legal_moves) > 4_000
    space = ActionSpace(rules)
    ids = [space.encode(move) for move in seen.legal_moves]
    encoded = []
    original = ActionSpace.encode

    def counting(self: ActionSpace, move: Play) -> int:
        encoded.append(move)
        return original(self, move)

    monkeypatch.setattr(ActionSpace, "encode", counting)
    assert space.decode(ids[-1], seen) == seen.legal_moves[-1]
    assert encoded == []
    monkeypatch.undo()
    assert [space.decode(index, seen) for index in ids] == list(seen.legal_moves)


@settings(max_examples=10, deadline=None)
@given(rules=one_deck_rules(), seed=st.integers(0, 2**16), steps=st.integers(0, 60))
def test_issue34_item12_decode_gives_the_listed_move_of_every_id(
    rules: Rules, seed: int, steps: int
) -> None:
    """R4.1: read from the id's class, decoding still gives exactly the move the class
    view lists for the id, and refuses every other id (exchange decisions included)."""
    rules = rules.evolve(target_score=None)
    space = ActionSpace(rules)
    rng = random.Random(seed)
    for state in random_states(rules, seed, steps)[-3:]:
        for seat in {max(state.to_act, 0), (max(state.to_act, 0) + 1) % state.players}:
            seen = state.observation(seat)
            listed = {space.encode(move): move for move in seen.legal_moves}
            others = rng.sample(range(space.size), min(space.size, 300))
            for index in [*listed, *others, space.pass_id, space.size - 1]:
                if index in listed:
                    assert space.decode(index, seen) == listed[index]
                else:
                    with pytest.raises(IllegalMoveError, match=f"action {index} "):
                        space.decode(index, seen)


@pytest.mark.parametrize("exchange", ["highest_for_one_of_two", "highest_for_any"])
@pytest.mark.parametrize("decks", [1, 2])
def test_issue34_item12_exchange_ids_decode_from_the_observation(
    exchange: Literal["highest_for_one_of_two", "highest_for_any"], decks: Literal[1, 2]
) -> None:
    """R8.2/R8.3: every exchange id decodes to its decision exactly where the seat may
    make it (two equal cards offered only when the Winner holds both copies)."""
    rules = Rules(players=2, decks=decks, exchange=exchange)
    space = ActionSpace(rules)
    game = Game(rules, seed=5)
    rng = random.Random(5)
    checked = 0
    while game.state.hand_number == 0 or game.phase is Phase.EXCHANGE:
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        if game.phase is Phase.EXCHANGE:
            for seat in range(rules.players):
                seen = game.observation(seat)
                for index in range(space.pass_id, space.size):
                    move = space.move(index)
                    if move in seen.legal_moves:
                        assert space.decode(index, seen) == move
                        checked += 1
                    else:
                        with pytest.raises(IllegalMoveError):
                            space.decode(index, seen)
        game.play(rng.choice(list(game.legal_moves())))
    assert checked >= 3  # a give, an offer or a return, and so on


# --- the auction's decisions (issue 36: D3.1, D3.4) ---------------------------------------


@pytest.mark.parametrize(
    ("preset", "options", "auction"),
    [
        ("doudizhu", {}, ["bid 1", "bid 2", "bid 3"]),
        ("openspiel", {}, ["bid 1", "bid 2", "bid 3"]),
        ("doudizhu", {"auction": "call_rob"}, ["call", "rob"]),
        ("douzero", {}, []),  # a fixed landlord (D3.5): no auction, no ids for it
        ("rlcard", {}, []),
    ],
)
def test_D3_auction_decisions_have_ids_after_the_pass(
    preset: str, options: dict[str, str], auction: list[str]
) -> None:
    """D3.1/D3.4: a bid of 1 to 3, or the call and the rob, one id each after the pass
    (declining is the pass: one id for both); every play keeps its rank-play id."""
    rules = Rules.preset(preset, **options)
    space = ActionSpace(rules)
    assert space.pass_id == len(rank_plays(rules))  # no suited classes in Dou Dizhu
    assert space.size == space.pass_id + 1 + len(auction)
    assert list(space.labels[space.pass_id :]) == ["pass", *auction]
    moves: dict[str, Bid | Call | Rob] = {
        "bid 1": Bid(1), "bid 2": Bid(2), "bid 3": Bid(3), "call": Call(), "rob": Rob()
    }
    for place, label in enumerate(auction, start=space.pass_id + 1):
        assert space.move(place) == moves[label]
        assert space.encode(moves[label]) == place
        assert space.parse(label) == place
        assert space.parse(label.upper()) == place


def test_D3_zheng_shangyou_ids_do_not_move() -> None:
    """Zheng Shangyou's rule sets have no auction: the same sizes as before the
    auction's ids (the default rules' 446 ids counted by hand above; an exchange adds
    its 54 gives and 54 returns, R8.3)."""
    assert ActionSpace(Rules()).size == 446
    assert ActionSpace(Rules(exchange="highest_for_any")).size == 446 + 54 + 54
    for name in Rules.preset_names():
        rules = Rules.preset(name)
        if rules.auction == "none":
            labels = ActionSpace(rules).labels
            assert not any(label.startswith(("bid", "call", "rob")) for label in labels), name


@pytest.mark.parametrize(
    ("preset", "options"),
    [("doudizhu", {}), ("openspiel", {}), ("doudizhu", {"auction": "call_rob"}),
     ("doudizhu", {"bid_rounds": "until_two_passes"})],
)
def test_D3_auction_positions_mask_encode_and_decode(preset: str, options: dict[str, str]) -> None:
    """In every auction position of random games: the mask is exactly the legal moves,
    and each legal id decodes to the move the game accepts (check_position)."""
    rules = Rules.preset(preset, **options)
    space = ActionSpace(rules)
    seen_auction = 0
    for seed in range(12):
        for state in random_states(rules, seed, 12):
            if state.phase is Phase.AUCTION:
                seen_auction += 1
                check_position(space, state, random.Random(seed))
                # No play is legal in the auction, and no auction move in the play.
                assert not any(index < space.pass_id for index in space.legal_ids(state.observation(state.to_act)))
            elif state.phase is Phase.PLAY and state.to_act >= 0:
                seen = state.observation(state.to_act)
                assert all(index <= space.pass_id for index in space.legal_ids(seen))
                with pytest.raises(IllegalMoveError, match=f"action {space.pass_id + 1} "):
                    space.decode(space.pass_id + 1, seen)
    assert seen_auction >= 12


def test_D3_1_a_bid_not_above_the_high_bid_decodes_to_an_error() -> None:
    rules = Rules.preset("doudizhu")
    game = Game(rules, seed=3)
    space = ActionSpace(rules)
    game.play("bid 2")
    seen = game.observation(game.to_act)
    assert space.legal_ids(seen) == [space.pass_id, space.pass_id + 3]  # bid 3 or pass (D3.1)
    with pytest.raises(IllegalMoveError, match=rf"action {space.pass_id + 1} \(bid 1\)"):
        space.decode(space.pass_id + 1, seen)
    assert space.decode(space.pass_id + 3, seen) == Bid(3)


@pytest.mark.parametrize(
    ("rules", "text", "error", "token"),
    [
        (Rules.preset("doudizhu"), "bid 4", NotationError, "4"),
        (Rules.preset("doudizhu"), "bid 0", NotationError, "0"),
        (Rules.preset("doudizhu"), "bid", NotationError, "bid"),
        (Rules.preset("doudizhu"), "bid two", NotationError, "two"),
        (Rules.preset("doudizhu"), "call 1", NotationError, "1"),
        (Rules.preset("doudizhu"), "call", IllegalMoveError, None),  # a bidding auction
        (Rules.preset("doudizhu", auction="call_rob"), "bid 1", IllegalMoveError, None),
        (Rules(), "bid 1", IllegalMoveError, None),  # no auction at all
        (Rules.preset("douzero"), "rob", IllegalMoveError, None),
    ],
)
def test_D3_parse_refuses_bad_auction_text_naming_the_token(
    rules: Rules, text: str, error: type[ZhengShangyouError], token: str | None
) -> None:
    with pytest.raises(error) as raised:
        ActionSpace(rules).parse(text)
    if token is not None:
        assert getattr(raised.value, "token", None) == token
    else:
        assert "(D3)" in str(raised.value)
