"""The narration of a hand (:mod:`zhengshangyou.narrate`) agrees with the engine.

The narrator works out the tricks from one seat's observation alone (R5.4-R5.6);
the engine's own states say where each trick really began, who went out, and who
leads. Random games under random rule sets (with the exchange, ``auto_restart``
and ``pass_locks_out`` drawn) compare the two after every move.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zhengshangyou import PASS, PRESETS, Offer, Phase, Play, Rules, State
from zhengshangyou.actions import Bid, Call, Rob
from zhengshangyou.game import Deal
from zhengshangyou.hand import Hand
from zhengshangyou.narrate import cards_text, events, move_text, score_lines
from zhengshangyou.scoring import HandResult
from zhengshangyou.testing import rules_sets


@st.composite
def table_rules(draw: st.DrawFn) -> Rules:
    base = draw(st.one_of(st.sampled_from(tuple(PRESETS)).map(Rules.preset), rules_sets()))
    if base.teams == "landlord":  # Dou Dizhu (D10): its end (D8.1), no exchange; the auctions drawn
        auction = draw(st.sampled_from(("none", "bid", "call_rob")))
        return base.evolve(
            auction=auction,
            bid_rounds=draw(st.sampled_from(("once", "until_two_passes"))) if auction == "bid" else None,
            first_bidder=draw(st.sampled_from(("face_up_card", "rotate", "random"))) if auction != "none" else None,
            all_pass=draw(st.sampled_from(("redeal", "void"))) if auction != "none" else None,
            landlord_seat=draw(st.integers(0, base.players - 1)) if auction == "none" else None,
            auto_restart=draw(st.booleans()),
            target_score=None,
        )
    locks = draw(st.booleans())
    return base.evolve(
        exchange=draw(st.sampled_from(("none", "highest_for_one_of_two", "highest_for_any"))),
        auto_restart=draw(st.booleans()),
        pass_locks_out=locks,
        chop_after_pass=base.chop_after_pass and locks,  # (T5.2: only with pass_locks_out)
        end=draw(st.sampled_from(("one_left", "first_out"))),
        target_score=None,
    )


def _check(state: State, leads: list[bool], viewer: int) -> None:
    """The narration seen from ``viewer`` against the engine: ``leads[i]`` says whether
    the ``i``-th play of the hand was a lead (the engine's trick had no top play)."""
    told = events(state.observation(viewer))
    plays = [event for event in told if event.kind == "play"]
    assert len(plays) == len(leads)
    # R5.4-R5.6, R2.4, R2.6: a lead is announced before a play exactly when it leads
    # a trick, and it names the seat that then plays.
    pending: int | None = None
    index = 0
    for event in told:
        if event.kind == "lead":
            pending = event.seat
        elif event.kind == "play":
            assert (pending is not None) == leads[index], (index, [e.text for e in told])
            if pending is not None:
                assert event.seat == pending
            pending = None
            index += 1
    if state.phase is Phase.PLAY and state.top is None:
        assert pending == state.to_act  # who leads now is said before they play
    elif state.phase is Phase.PLAY:
        assert pending is None
    # R6.1: the seats that went out, in order.
    out = [event.seat for event in told if event.kind == "out"]
    assert tuple(out) == state.finished[: len(out)]
    if not state.phase.is_over:
        assert tuple(out) == state.finished
    else:
        assert told[-1].kind == "score"
        lines = score_lines(state.results[-1], state.rules, spring=any("spring: " in event.text for event in told))
        assert tuple(event.text for event in told[-len(lines) :]) == lines
    # D3, D4: the auction's moves are told, then the landlord, before the first play.
    if state.rules.teams == "landlord":
        kinds = [event.kind for event in told]
        if state.rules.scoring == "multiplier":  # D9.1: each bomb and rocket doubles the stake, said once
            bombs = sum(1 for action in state.log if isinstance(action.move, Play) and action.move.is_bomb)
            assert kinds.count("double") == bombs
        if state.landlord >= 0:
            settled = kinds.index("landlord")
            assert told[settled].seat == state.landlord
            assert "play" not in kinds[:settled]
            assert kinds.count("auction") == next(
                (index for index, action in enumerate(state.log) if isinstance(action.move, Play)), len(state.log)
            )
            kitty = state.deal.kitty if state.rules.kitty_shown or viewer == state.landlord else ()
            assert any(cards_text(kitty) in event.text for event in told if event.kind == "landlord") is bool(kitty)
        elif state.rules.auction != "none":  # the auction under way, or thrown in
            assert kinds.count("auction") == len(state.log)
    # R8.2: an offer is told only to the Winner and the Loser.
    if state.hand_number and state.rules.exchange == "highest_for_one_of_two":
        last = state.results[state.hand_number - 1]  # the hand before decides the exchange
        offers = [event for event in told if event.kind == "exchange" and "offers" in event.text]
        if viewer not in (last.winner, last.loser):
            assert not offers


@settings(max_examples=25)
@given(rules=table_rules(), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_R5_4_R5_5_R5_6_R6_1_the_narration_follows_the_engine_trick_by_trick(
    rules: Rules, seed: int, choices: random.Random
) -> None:
    state = State.new(rules, seed=seed)
    leads: list[bool] = []
    for _hand in range(2):
        leads = []
        while not state.phase.is_over:
            if choices.random() < 0.25:  # a quarter of the positions: the check reads the whole hand
                _check(state, leads, choices.randrange(rules.players))
            move = choices.choice(list(state.legal_moves()))
            if isinstance(move, Play):
                leads.append(state.top is None)
            state = state.play(move)
        for viewer in range(rules.players):
            _check(state, leads, viewer)
        state = state.next_hand()


@pytest.mark.parametrize("preset", ["doudizhu", "douzero", "rlcard", "openspiel"])
def test_D3_D4_D8_the_narration_of_dou_dizhu_follows_the_engine(preset: str) -> None:
    choices = random.Random(preset)
    for seed in range(4):
        state = State.new(Rules.preset(preset), seed=seed)
        leads: list[bool] = []
        hand = state.hand_number
        while not state.phase.is_over:
            if state.hand_number != hand:  # dealt again: nobody bid (D3.3)
                leads, hand = [], state.hand_number
            for viewer in range(3):
                _check(state, leads, viewer)
            move = choices.choice(list(state.legal_moves()))
            if isinstance(move, Play):
                leads.append(state.top is None)
            state = state.play(move)
        for viewer in range(3):
            _check(state, leads, viewer)


def test_R3_15_a_run_is_told_from_its_low_end() -> None:
    rules = Rules(run_order="either_end")
    assert move_text(Play.parse("2C 3S 4S 5S AD", rules), rules, unicode=False) == "AD 2C 3S 4S 5S (straight)"
    high = Play.parse("10S JS QD KC AH", rules)
    assert move_text(high, rules, unicode=False) == "10S JS QD KC AH (straight)"


def test_R7_1_the_scoring_lines_count_the_cards_and_the_multipliers() -> None:
    # The worked example of R7.1: North (0) wins; East, West, South hold 3, 11, 8.
    result = HandResult((0, 1, 3, 2), (0, 3, 11, 8), (True, True, True, True), (33, -3, -22, -8))
    lines = score_lines(result, Rules(), ("North", "East", "West", "South"))
    assert lines[0] == "Finishing order: North (Winner), East, South, West (Loser)"
    assert lines[3].startswith("West: -22, 11 cards left ×2 (10 cards or more)")
    assert lines[1].startswith("North: +33")
    untouched = HandResult((1, 0), (14, 0), (False, True), (-42, 42))
    assert "×3: played no card" in score_lines(untouched, Rules(players=2))[1]
    three = Rules(players=3)
    tiers = HandResult((0, 1, 2), (0, 12, 17), (True,) * 3, (24 + 51, -24, -51))
    assert "×2 (12 cards or more)" in score_lines(tiers, three)[2]
    assert "×3 (17 cards or more)" in score_lines(tiers, three)[3]
    placement = HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (1, 0, 2))
    assert "1st out (R7.2" in score_lines(placement, Rules(players=3, scoring="placement"))[3]


def test_R8_2_only_the_winner_and_the_loser_hear_of_the_offer() -> None:
    rules = Rules(exchange="highest_for_one_of_two")
    state = State.new(rules, seed=4)
    while not state.phase.is_over:
        state = state.play(next(iter(state.legal_moves())))
    state = state.next_hand()
    state = state.play(next(iter(state.legal_moves())))  # the Loser gives
    offer = next(iter(state.legal_moves()))
    assert isinstance(offer, Offer)
    state = state.play(offer)
    last = state.results[-1]
    for viewer in range(rules.players):
        told = [event.text for event in events(state.observation(viewer)) if event.kind == "exchange"]
        heard = any("offers" in text for text in told)
        assert heard == (viewer in (last.winner, last.loser))


def _texts(state: State, viewer: int) -> list[str]:
    return [event.text for event in events(state.observation(viewer), unicode=False)]


def test_DE9_D4_1_the_auction_the_landlord_and_the_kitty_are_told() -> None:
    state = State.new(Rules.preset("doudizhu"), seed=1)
    first = state.to_act
    p1, p2 = (first + 1) % 3, (first + 2) % 3
    state = state.play(PASS).play(Bid(1)).play(PASS)  # DE9, once: the second seat is landlord, base 1
    told = _texts(state, first)
    kitty = " ".join(map(str, state.deal.kitty))
    assert told[1] == f"face-up card: {state.deal.trick_card}, dealt to seat {first}, who bids first (D2.3)"
    assert told[2:] == [
        f"seat {first} passes",
        f"seat {p1} bids 1 (D3.1)",
        f"seat {p2} passes",
        f"seat {p1} is the landlord (the high bidder), base 1; the peasants are seat {min(first, p2)} and seat {max(first, p2)} (D4.2)",
        f"seat {p1} takes the kitty: {kitty} (D4.1)",
        f"seat {p1} leads: the landlord leads (D7.1)",
    ]
    # openspiel keeps the kitty from the peasants (D4.1, DE14): they hear it was taken, not what.
    state = State.new(Rules.preset("openspiel"), seed=1).play(Bid(3))
    landlord = state.landlord
    peasant = (landlord + 1) % 3
    assert f"seat {landlord} takes the kitty's 3 cards, unseen by the others (D4.1)" in _texts(state, peasant)
    assert f"seat {landlord} takes the kitty: {' '.join(map(str, state.deal.kitty))} (D4.1)" in _texts(state, landlord)


def test_DE10_call_rob_and_rob_back_are_told() -> None:
    state = State.new(Rules.preset("doudizhu", auction="call_rob"), seed=1)
    p0 = state.to_act
    p1, p2 = (p0 + 1) % 3, (p0 + 2) % 3
    state = state.play(Call()).play(Rob()).play(PASS).play(Rob())
    told = _texts(state, p1)
    start = told.index(f"seat {p0} calls for the landlord (D3.4)")
    assert told[start : start + 5] == [
        f"seat {p0} calls for the landlord (D3.4)",
        f"seat {p1} robs: the base doubles to 2 (D3.4)",
        f"seat {p2} does not rob",
        f"seat {p0} robs back: the base doubles to 4 (D3.4)",
        f"seat {p0} is the landlord (the last to call or rob), base 4; the peasants are seat {min(p1, p2)} and seat {max(p1, p2)} (D4.2)",
    ]
    # A seat that declines before anyone calls (DE10's second case).
    state = State.new(Rules.preset("doudizhu", auction="call_rob"), seed=1).play(PASS)
    assert _texts(state, p0)[-1] == f"seat {p0} declines to call"


def test_D3_3_a_hand_nobody_bids_for() -> None:
    state = State.new(Rules.preset("doudizhu"), seed=1).play(PASS).play(PASS).play(PASS)
    assert state.hand_number == 1
    assert state.phase is Phase.AUCTION
    assert _texts(state, 0)[:2] == ["Nobody bid in hand 1: the cards are dealt again (D3.3).", f"Hand 2, dealt by seat {state.dealer}."]
    state = State.new(Rules.preset("openspiel"), seed=1).play(PASS).play(PASS).play(PASS)
    assert state.phase is Phase.HAND_OVER
    assert _texts(state, 0)[-2:] == ["The hand is over.", "Nobody bid: the hand is thrown in, every score 0 (D3.3)"]


def test_D9_DE11_DE12_the_team_result_and_the_stake() -> None:
    rules = Rules.preset("doudizhu")
    # DE11: bid 3, one bomb and the rocket, a spring: m = 2**2 * 2 = 8, the landlord +48, each peasant -24.
    spring = HandResult((0, 1, 2), (0, 17, 17), (True, False, False), (48, -24, -24), landlord=0, multiplier=8)
    assert score_lines(spring, rules, spring=True) == (
        "The landlord seat 0 wins: out first (D8.1)",
        "Cards left: seat 1 17, seat 2 17",
        "A spring: the peasants played no card (D9.2)",
        "seat 0 (landlord): +48, receives the stake from each peasant, 24 = base 3 ×4 (2 bombs or rockets) ×2 (spring) (D9.1)",
        "seat 1 (peasant): -24, pays the landlord the stake, 24 = base 3 ×4 (2 bombs or rockets) ×2 (spring) (D9.1)",
        "seat 2 (peasant): -24, pays the landlord the stake, 24 = base 3 ×4 (2 bombs or rockets) ×2 (spring) (D9.1)",
    )
    # DE12: the landlord's opening lead was his only play and a peasant went out: base 1, ×2.
    anti = HandResult((2, 0, 1), (19, 3, 0), (True, True, True), (-4, 2, 2), landlord=0, multiplier=2)
    lines = score_lines(anti, rules, spring=True)
    assert lines[0] == "The peasants seat 1 and seat 2 win: seat 2 went out first (D4.2, D8.1)"
    assert lines[2] == "An anti-spring: the landlord made one play only (D9.2)"
    assert lines[3] == "seat 0 (landlord): -4, pays each peasant the stake, 2 = base 1 ×1 (no bomb or rocket) ×2 (anti-spring) (D9.1)"
    assert lines[4] == "seat 1 (peasant): +2, receives the stake from the landlord, 2 = base 1 ×1 (no bomb or rocket) ×2 (anti-spring) (D9.1)"
    # DE11 under rlcard (D9.3) and douzero adp (D9.4).
    plain = HandResult((0, 1, 2), (0, 17, 17), (True, False, False), (1, 0, 0), landlord=0, multiplier=4)
    assert score_lines(plain, Rules.preset("rlcard"))[2:] == (
        "seat 0 (landlord): +1, a winner: 1 (D9.3)",
        "seat 1 (peasant): +0, a loser: 0 (D9.3)",
        "seat 2 (peasant): +0, a loser: 0 (D9.3)",
    )
    adp = HandResult((0, 1, 2), (0, 17, 17), (True, False, False), (4, -4, -4), landlord=0, multiplier=4)
    assert score_lines(adp, Rules.preset("douzero"))[2] == (
        "seat 0 (landlord): +4, won: the reward is 2 to the bombs (adp; 2 bombs or rockets) (D9.4)"
    )
    assert score_lines(adp, Rules.preset("douzero", douzero_objective="logadp"))[3].endswith(
        "lost: the reward is the bombs plus 1 (logadp; 2 bombs or rockets) (D9.4)"
    )
    none = Rules.preset("doudizhu", scoring="none", spring_multiplier=None)
    assert score_lines(HandResult((0, 1, 2), (0, 3, 4), (True,) * 3, (0, 0, 0), landlord=0), none)[2].endswith(
        "no points are kept (R7.3)"
    )


def _bomb_lead(rules: Rules) -> State:
    """A hand whose landlord (seat 0, D3.5) holds the four 3s and leads them."""
    deck = sorted(rules.deck())
    threes = [card for card in deck if card.rank.symbol == "3"]
    rest = [card for card in deck if card not in threes]
    kitty = tuple(rest[:3])
    rest = rest[3:]
    hands = (Hand((*threes, *rest[:13])), Hand(rest[13:30]), Hand(rest[30:47]))
    state = State.new(rules, deals=[Deal(0, hands, kitty=kitty)])
    return state.play(Play.parse("3D 3C 3H 3S", rules))


@pytest.mark.parametrize(
    ("preset", "options", "said"),
    [
        ("douzero", {}, "a bomb doubles the reward: 2 so far (D9.4)"),
        ("douzero", {"douzero_objective": "logadp"}, "a bomb adds 1 to the reward: 2 so far (D9.4)"),
        ("douzero", {"douzero_objective": "wp"}, None),
        ("rlcard", {}, None),
        ("douzero", {"scoring": "multiplier", "douzero_objective": None}, "a bomb doubles the stake: ×2 so far (D9.1)"),
    ],
)
def test_D9_1_D9_4_a_bomb_is_told_with_what_it_does_to_the_stake(preset: str, options: dict[str, object], said: str | None) -> None:
    state = _bomb_lead(Rules.preset(preset, **options))
    told = [event for event in events(state.observation(1)) if event.kind == "double"]
    assert [event.text for event in told] == ([said] if said else [])


def test_D4_1_a_landlord_without_a_kitty_takes_none() -> None:
    state = State.new(Rules.preset("douzero", kitty=0), seed=1)
    told = [event.text for event in events(state.observation(1)) if event.kind == "landlord"]
    assert told == ["seat 0 is the landlord (named by the rules), base 1; the peasants are seat 1 and seat 2 (D4.2)"]


# --- Big Two's and Tiến Lên's flow (issue 37): the scores and the first lead ---------


def _reasons(result: HandResult, rules: Rules) -> list[str]:
    """Each seat's score line, without the seat's name."""
    return [line.split(": ", 1)[1] for line in score_lines(result, rules)[1:]]


def test_B7_1_two_doubles_and_the_untouched_triple_are_told() -> None:
    """B7.1 by hand: 3 cards and one 2: 3 ×2 = 6; 10 cards: ×2 = 20; 13 untouched
    cards and two 2s: 13 ×3 ×4 = 156; the winner gets the 182."""
    rules = Rules.preset("big-two", two_doubles=True)
    result = HandResult((0, 1, 2, 3), (0, 3, 10, 13), (True, True, True, False), (182, -6, -20, -156))
    assert _reasons(result, rules) == [
        "+182, the others' losses together (B7.1)",
        "-6, 3 cards left when the Winner went out, ×2 for the 2s it held (B7.1)",
        "-20, 10 cards left ×2 (10 cards or more) (B7.1)",
        "-156, 13 cards left ×3: played no card before the Winner went out, ×4 for the 2s it held (B7.1)",
    ]
    ten_doubles = Rules.preset("big-two", penalty_tiers=((10, 2),), untouched_triple=False)
    result = HandResult((0, 1), (0, 13), (True, False), (26, -26))
    assert _reasons(result, ten_doubles)[1] == "-26, 13 cards left ×2 (10 cards or more) (B7.1)"


def test_T7_2_placement_payments_are_told_payment_by_payment() -> None:
    """T7.2 with three players: seat 1 first, seat 0 second, seat 2 last, holding 2♥
    and having played nothing: it pays the first 10 and 5 (cóng) and the second 2
    (thối heo, a red 2)."""
    rules = Rules.preset("tien-len", players=3)
    result = HandResult((1, 0, 2), (0, 4, 13), (True, True, False), (2, 15, -17))
    assert _reasons(result, rules) == [
        "+2, 2 for the last's 2s (thối heo) (T7.2)",
        "+15, 10 from the last; 5 from each of 1 who played no card (cóng) (T7.2)",
        "-17, the last out: pays the first 10; played no card before the first went out: pays the first 5 (cóng);"
        " 2 for the 2s it still holds (thối heo) (T7.2)",
    ]
    result = HandResult((1, 0, 2), (0, 4, 6), (True,) * 3, (0, 10, -10))
    assert _reasons(result, rules)[0] == "+0, nothing to pay (T7.2)"
    instant = HandResult((0, 1, 2, 3), (13,) * 4, (False,) * 4, (12, -4, -4, -4))
    assert _reasons(instant, Rules.preset("tien-len", instant_wins="south")) == [
        "+12, an instant win: 4 from each other player (T6.2, T7.2)",
        *["-4, pays the instant winner 4 (T6.2, T7.2)"] * 3,
    ]


def test_T7_1_the_last_pays_each_other_player_one() -> None:
    result = HandResult((2, 0, 1), (0, 3, 5), (True,) * 3, (1, -2, 1))
    assert _reasons(result, Rules.preset("tien-len-pagat", players=3)) == [
        "+1, 1 from the last out (T7.1)",
        "-2, the last out: pays 1 to each other player (T7.1)",
        "+1, 1 from the last out (T7.1)",
    ]


def test_T2_2_the_story_of_a_hand_says_an_undealt_start_card() -> None:
    """Two players, 26 cards left out (T2.1): where the 3♠ is among them the first lead
    is the lowest card dealt's holder's, who must play it (T2.2, R2.5); the story of the
    hand, told from its moves, says so."""
    rules = Rules.preset("tien-len", players=2)
    state = next(
        state
        for state in (State.new(rules, seed=seed) for seed in range(50))
        if rules.start_card in state.deal.undealt
    )
    order = rules.suit_order
    assert order is not None
    lowest = min((card for hand in state.hands for card in hand), key=lambda card: (card.rank, order.index(card.suit)))
    assert state.must_include == lowest
    lead = next(move for move in state.legal_moves() if isinstance(move, Play))
    after = state.play(lead)
    told = [event.text for event in events(after.observation(1 - after.log[0].seat), unicode=False)]
    assert f"the start card 3S was not dealt: the holder of the lowest card dealt, {lowest}, leads (T2.2)" in " ".join(told)
    assert f"the first lead must include {lowest} (R2.5)" in told


def test_T2_2_after_an_instant_win_the_start_card_leads_again() -> None:
    """A hand won at once by a dragon (T6.2); the next hand's first lead is the 3♠
    holder's again, as in the first hand (T2.2), not the winner's (later_lead)."""
    rules = Rules.preset("tien-len", instant_wins="south", target_score=None)
    dragon = Hand.parse("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S")
    rest = [card for card in rules.deck() if card not in dragon]
    first = Deal(0, (dragon, Hand(rest[0:13]), Hand(rest[13:26]), Hand(rest[26:39])), undealt=())
    state = State.new(rules, seed=0, deals=[first])
    assert state.result is not None
    assert state.result.winner == 0
    state = state.next_hand()
    told = [event.text for event in events(state.observation(state.to_act), unicode=False)]
    assert any(
        "leads: the holder of the start card 3S leads the hand after an instant win (T2.2)" in text for text in told
    )


def test_T6_2_the_story_of_a_hand_won_at_the_deal_names_its_winner() -> None:
    """Seat 2 is dealt a dragon (T6.2): every seat hears that the hand is over at the
    deal, and who won it; a hand played out is only "over"."""
    rules = Rules.preset("tien-len", target_score=None)
    dragon = Hand.parse("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S")
    rest = [card for card in rules.deck() if card not in dragon]
    first = Deal(0, (Hand(rest[0:13]), Hand(rest[13:26]), dragon, Hand(rest[26:39])), undealt=())
    state = State.new(rules, seed=0, deals=[first])
    for viewer in range(4):
        told = _texts(state, viewer)
        assert "The hand is over: seat 2 wins at the deal, an instant win (T6.2)." in told
    played = State.new(rules.evolve(instant_wins="none"), seed=0, deals=[first])
    while not played.phase.is_over:
        played = played.play(next(iter(played.legal_moves())))
    assert "The hand is over." in _texts(played, 0)


@pytest.mark.parametrize("hand", [0, 1])
def test_R2_4_R2_6_the_story_of_a_hand_told_when_it_is_over_names_how_its_leader_was_chosen(hand: int) -> None:
    """Told from the observation after the hand is over (whose results hold that hand's
    too), the first lead still has the rule of its own hand: the face-up card in the
    first hand (R2.4), the Loser of the hand before after it (R2.6)."""
    rules = Rules(target_score=None)  # (first_lead="trick_card", later_lead="loser")
    state = State.new(rules, seed=7)
    for number in range(hand + 1):
        if number:
            loser = state.results[-1].loser
            state = state.next_hand()
            assert state.to_act == loser
        while not state.phase.is_over:
            state = state.play(next(iter(state.legal_moves())))
    leads = [text for text in _texts(state, 0) if " leads" in text and "(R2." in text]
    assert leads, _texts(state, 0)
    assert all(text.endswith("(R2.4)" if hand == 0 else "(R2.6)") for text in leads), leads


@pytest.mark.parametrize(("preset", "word"), [("zhengshangyou", " (上游)"), ("big-two", ""), ("tien-len-pagat", "")])
def test_R6_1_the_first_out_is_the_winner_and_shangyou_only_in_zheng_shangyou(preset: str, word: str) -> None:
    # RULES.md R6.1 names the Winner 上游, the word in Zheng Shangyou's own name (争上游);
    # FAMILY.md gives Big Two and Tiến Lên no such word.
    state = State.new(Rules.preset(preset, target_score=None), seed=3)
    while not state.phase.is_over:
        state = state.play(next(iter(state.legal_moves())))
    winner = state.results[-1].winner
    told = [event.text for event in events(state.observation(0), unicode=True)]
    assert f"seat {winner} is out: Winner{word} (R6.1)" in told
    assert f"seat {winner} is out: Winner (R6.1)" in _texts(state, 0)  # (no Chinese without Unicode)
