"""Whole matches of random legal moves under every preset and random rule sets.

A hypothesis state machine plays moves drawn from ``legal_moves()`` (exchange
decisions included), deals the next hand when one ends, and checks after every
step the invariants of RULES.md sections 2 and 5-8: one seat to act while a hand is
on, every card in exactly one place, a finishing order that lists every seat, the
running totals, zero-sum scores under ``scoring="cards_left"``, the first leader
never scored as untouched (E18); ``undo`` restores an equal state and a ``copy``
is independent. A ``@given`` loop plays whole matches to their end with a bound on
the number of moves.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from zhengshangyou import (
    PRESETS,
    Card,
    Game,
    Give,
    IllegalMoveError,
    Offer,
    Pass,
    Phase,
    Play,
    Return,
    Rules,
    State,
    Take,
)
from zhengshangyou.testing import rules_sets

# ---------------------------------------------------------------------------
# rule sets


@st.composite
def match_rules(draw: st.DrawFn) -> Rules:
    """Every preset (with its options sometimes varied) or a random valid rule set, with
    the exchange and the end mode drawn, and a small ``target_score`` or none."""
    base = draw(
        st.one_of(
            st.sampled_from(tuple(PRESETS)).map(Rules.preset),
            rules_sets(),
            rules_sets(decks=2),
        )
    )
    changes: dict[str, Any] = {}
    if base.teams == "none" and draw(st.booleans()):  # D4: no exchange with a landlord
        changes["exchange"] = draw(
            st.sampled_from(("none", "highest_for_one_of_two", "highest_for_any"))
        )
    if base.teams == "none" and draw(st.booleans()):  # D8.1: the first out ends a landlord's hand
        changes["end"] = draw(st.sampled_from(("one_left", "first_out")))
    changes["target_score"] = draw(st.one_of(st.none(), st.integers(1, 200)))
    return base.evolve(**changes)


# ---------------------------------------------------------------------------
# invariants

#: The phases in which a hand is on and a seat is to act (D3's auction, R8's exchange).
ON_PHASES = (Phase.AUCTION, Phase.PLAY, Phase.EXCHANGE)


def _leader_method(state: State) -> str:
    rules = state.rules
    if state.hand_number == 0:
        return rules.first_lead
    previous = state.results[state.hand_number - 1]
    if rules.instant_wins != "none" and not any(previous.played) and rules.first_lead == "start_card":
        return "start_card"  # T2.2: after a hand won at the deal, the start card leads again
    return rules.later_lead


def _start_card_seat(state: State) -> int | None:
    players = state.players
    for step in range(players):
        seat = (state.dealer + step) % players
        if state.rules.start_card in state.hands[seat]:
            return seat
    return None


def _plays(state: State) -> list[tuple[int, Play]]:
    return [(a.seat, a.move) for a in state.log if isinstance(a.move, Play)]


def check_state(state: State) -> None:
    rules = state.rules
    players = rules.players
    phase = state.phase
    hands = state.hands
    assert len(hands) == players
    assert state.hand_number == len(state.past)

    # every card is in exactly one place: the hands, the cards played this hand and
    # the kitty until the landlord takes it (D2.2, D4.1)
    landlord = state.landlord
    kitty = state.deal.kitty
    played_cards: Counter[Card] = Counter()
    for _, play in _plays(state):
        played_cards.update(play.cards)
    held: Counter[Card] = Counter()
    for hand in hands:
        held.update(hand)
    aside = Counter(kitty) if landlord < 0 else Counter()
    aside.update(state.deal.undealt)  # B2.1, T2.1: the cards a deal leaves out
    assert held + played_cards + aside == Counter(rules.deck())
    assert len(kitty) == rules.kitty
    if rules.teams == "none":
        assert landlord == -1
        assert phase is not Phase.AUCTION
    elif phase in (Phase.PLAY, Phase.HAND_OVER, Phase.MATCH_OVER) and not (
        state.result is not None and state.result.thrown_in
    ):
        assert 0 <= landlord < players, "a hand played with teams has its landlord (D4)"

    # per seat: the deal, less what it played, plus and minus the exchange transfers
    winner = loser = -1
    if state.hand_number > 0:
        previous = state.results[state.hand_number - 1]
        winner, loser = previous.winner, previous.loser
    expected = [Counter(hand) for hand in state.deal.hands]
    if landlord >= 0:
        expected[landlord].update(kitty)  # D4.1: the landlord takes the kitty
    for seat, play in _plays(state):
        expected[seat].subtract(play.cards)
    for action in state.exchanged:
        move = action.move
        assert state.hand_number > 0
        if isinstance(move, Give):
            assert action.seat == loser
            expected[loser][move.card] -= 1
            expected[winner][move.card] += 1
        elif isinstance(move, (Take, Return)):
            assert action.seat == (loser if isinstance(move, Take) else winner)
            expected[winner][move.card] -= 1
            expected[loser][move.card] += 1
        else:
            raise AssertionError(f"not a transfer: {move}")
    for seat in range(players):
        assert +expected[seat] == Counter(hands[seat]), seat
    assert all(isinstance(a.move, (Give, Take, Return)) for a in state.exchanged)

    finished = state.finished
    if phase is Phase.AUCTION:
        # D3: a seat bids, before anyone plays; nobody holds the kitty yet
        assert landlord == -1
        assert 0 <= state.to_act < players
        assert not _plays(state)
        assert state.legal_moves(), "the seat to bid always has a move"
        assert all(len(hand) == len(state.deal.hands[seat]) for seat, hand in enumerate(hands))
    elif phase in (Phase.PLAY, Phase.EXCHANGE):
        # exactly one seat to act
        assert 0 <= state.to_act < players
        assert state.legal_moves(), "the seat to act always has a move"
        for seat in range(players):
            assert bool(hands[seat]) == (seat not in finished)
        if phase is Phase.PLAY:
            assert hands[state.to_act]
            assert state.exchange is None
            assert len(set(finished)) == len(finished)
            assert state.top is None or 0 <= state.top_seat < players
            if not _plays(state):  # the first lead of the hand (R2.4, R2.6)
                method = _leader_method(state)
                if method in ("dealer",):
                    assert state.to_act == state.dealer
                elif method == "trick_card":
                    assert state.to_act == state.deal.trick_seat
                elif method == "start_card":
                    holder = _start_card_seat(state)
                    assert holder is None or state.to_act == holder
                    if holder is not None and rules.start_card_must_be_played:
                        assert all(
                            isinstance(m, Play) and rules.start_card in m.cards
                            for m in state.legal_moves()
                        )
                elif method == "loser":
                    assert state.to_act == loser
                elif method == "landlord":  # D7.1
                    assert state.to_act == landlord
                else:
                    assert state.to_act == winner
        else:
            assert state.hand_number > 0
            assert rules.exchange != "none"
            assert state.to_act in (winner, loser)
            assert all(isinstance(m, (Give, Offer, Take, Return)) for m in state.legal_moves())
    elif state.result is not None and state.result.thrown_in:
        # D3.3: nobody bid and the hand was voided: no play, every score 0
        assert phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
        assert rules.teams == "landlord"
        assert rules.all_pass == "void"
        assert state.to_act == -1
        assert not state.legal_moves()
        assert not _plays(state)
        thrown = state.result
        assert thrown.winner == thrown.loser == -1
        assert thrown.scores == (0,) * players
    else:
        assert phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
        assert state.to_act == -1
        assert not state.legal_moves()
        # the finishing order is a permutation of the seats (R6.1)
        assert sorted(finished) == list(range(players))
        result = state.result
        assert result is not None
        assert len(state.results) == state.hand_number + 1
        assert result.finishing_order == finished
        if not any(result.played) and rules.instant_wins != "none":
            # T6.2: won at the deal: nobody played, every seat holds its whole hand
            assert not _plays(state)
            assert list(result.cards_left) == [len(hand) for hand in hands] == [rules.cards_each] * players
        else:
            assert result.cards_left[result.winner] == 0
            assert all(
                count > 0 for seat, count in enumerate(result.cards_left) if seat != result.winner
            )
        if not any(result.played):
            pass  # (won at the deal: no seat went out)
        elif rules.end == "one_left":
            # everyone but the Loser went out; the Loser still holds cards
            assert [seat for seat in range(players) if hands[seat]] == [result.loser]
        else:
            assert not hands[result.winner]
            # R6.2: the Loser holds the most cards, ties going to the tied seat latest
            # in play order after the Winner
            most = max(len(hand) for hand in hands)
            tied = [seat for seat in range(players) if len(hands[seat]) == most]
            first_out = result.winner
            latest = max(tied, key=lambda seat: (seat - first_out) % players)
            assert result.loser == latest
        # E18: whoever made the first play of the hand played a card (a hand won
        # before any play, T6.2's instant win, has none)
        if _plays(state):
            first = _plays(state)[0][0]
            assert result.played[first]
        if rules.scoring in ("cards_left", "last_pays", "placement_payments"):  # R7.1, T7.1, T7.2
            assert sum(result.scores) == 0
        elif landlord >= 0:
            # D8, D9: the first seat out decides the hand for its side; the landlord
            # stands against each peasant (the stake's sign is the landlord's side's)
            assert result.landlord == landlord
            assert (landlord in result.winners) == (result.winner == landlord)
            if rules.scoring in ("multiplier", "douzero", "win_loss"):
                assert all(
                    (score > 0) == (seat in result.winners)
                    for seat, score in enumerate(result.scores)
                )
        elif rules.scoring == "placement":
            assert result.scores[finished[0]] == 2
            assert result.scores[finished[1]] == 1
            assert sum(result.scores) == 3
        elif rules.scoring == "win_loss":  # D9.3 without a landlord: the Winner alone wins 1
            assert result.scores == tuple(int(seat == result.winner) for seat in range(players))
        else:
            assert result.scores == (0,) * players
        assert (
            phase is Phase.MATCH_OVER
            if (rules.target_score is not None and max(state.scores) >= rules.target_score)
            else phase is Phase.HAND_OVER
        )
    # running totals (R7.4)
    totals = [0] * players
    for result in state.results:
        for seat, score in enumerate(result.scores):
            totals[seat] += score
    assert tuple(totals) == state.scores
    if rules.scoring in ("cards_left", "last_pays", "placement_payments"):
        assert sum(state.scores) == 0
    # each seat's observation shows its own hand and every count
    for seat in range(players):
        seen = state.observation(seat)
        assert seen.hand == hands[seat]
        assert seen.counts == tuple(map(len, hands))
        assert seen.exchanged == state.exchanged
        assert bool(seen.legal_moves) == (seat == state.to_act)


def move_bound(rules: Rules) -> int:
    """Moves one hand can take: the rules' own bound (:attr:`Rules.max_moves`, derived
    there), checked here against a looser one counted from the rules text: every
    play takes a card, at most players - 1 passes separate two plays, and the
    exchange is at most three decisions, the auction four a seat."""
    # an auction takes at most four turns a seat (D3.2: three rising bids, each
    # answered by at most a round of passes, then the passes that end it)
    assert rules.max_moves <= rules.deck_size * rules.players + 3 + 4 * rules.players
    return rules.max_moves


def play_checked(game: Game, move: Any) -> None:
    """Play ``move``, then check undo and redo, and that an earlier copy is untouched."""
    before = game.copy()
    state = game.state
    game.play(move)
    after = game.state
    assert before.state is state  # the copy did not move
    game.undo()
    assert game == before
    assert game.state is state
    game.play(move)
    assert game.state == after, "redo gives an equal state"


# ---------------------------------------------------------------------------
# the state machine


class MatchMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.game = Game()
        self.moves_this_hand = 0
        self.hands_played = 0

    @initialize(rules=match_rules(), seed=st.integers(0, 2**32), dealer=st.integers(0, 7))
    def start(self, rules: Rules, seed: int, dealer: int) -> None:
        self.game = Game(rules, seed=seed, dealer=dealer % rules.players)
        assert self.game.state.dealer == dealer % rules.players

    def on(self) -> bool:
        return self.game.phase in ON_PHASES

    def advance(self, choose: random.Random | int, passes: bool = False) -> None:
        """One step: a legal move while a hand is on, else the next hand, else (the
        match being over) a check that nothing more is dealt."""
        game = self.game
        if game.phase is Phase.HAND_OVER:
            self.next_hand()
            return
        if game.phase is Phase.MATCH_OVER:
            event("a match ended")
            before = game.copy()
            with pytest.raises(IllegalMoveError) as caught:
                game.next_hand()  # a finished match deals no more hands
            assert caught.value.rule == "R7.4"
            assert game == before
            return
        moves = list(game.legal_moves())
        if isinstance(choose, int):
            move = moves[choose % len(moves)]
        elif passes and any(isinstance(m, Pass) for m in moves) and choose.random() < 0.7:
            move = next(m for m in moves if isinstance(m, Pass))
        else:
            move = choose.choice(moves)
        if isinstance(move, (Give, Offer, Take, Return)):
            event("an exchange decision")
        play_checked(game, move)
        self.moves_this_hand += 1
        assert self.moves_this_hand <= move_bound(game.rules)

    def next_hand(self) -> None:
        result = self.game.state.result
        assert result is not None
        before = self.game.copy()
        self.game.next_hand()
        rules = self.game.rules
        state = self.game.state
        if result.thrown_in:  # nobody won: the deal passes on (library ruling, D3.3)
            assert state.dealer == (before.state.dealer + 1) % rules.players
        elif rules.next_dealer == "loser":
            assert state.dealer == result.loser
        elif rules.next_dealer == "winner":
            assert state.dealer == result.winner
        else:
            assert state.dealer == (before.state.dealer + 1) % rules.players
        if rules.teams == "landlord":  # D3: the auction, unless the landlord is fixed (D3.5)
            assert state.phase is (Phase.PLAY if rules.auction == "none" else Phase.AUCTION)
        elif rules.exchange == "none":
            assert state.phase is Phase.PLAY
        else:
            assert state.phase is Phase.EXCHANGE
            assert state.to_act == result.loser
        self.game.undo()
        assert self.game == before
        self.game.next_hand()
        self.moves_this_hand = 0
        self.hands_played += 1
        event("a later hand dealt")

    @rule(rules=match_rules(), seed=st.integers(0, 2**32))
    def new_match(self, rules: Rules, seed: int) -> None:
        """Once a match is over, start another."""
        if self.game.phase is Phase.MATCH_OVER:
            self.game = Game(rules, seed=seed)
            self.moves_this_hand = 0

    @rule(choice=st.integers(0, 2**16))
    def play_one(self, choice: int) -> None:
        self.advance(choice)

    @rule(seed=st.integers(0, 2**32), count=st.integers(1, 150), passes=st.booleans())
    def play_many(self, seed: int, count: int, passes: bool) -> None:
        """``count`` random steps, checked after each; with ``passes`` the players pass
        as often as they may (long tricks, lock-outs, must_beat)."""
        rng = random.Random(seed)
        for _ in range(count):
            self.advance(rng, passes)
            check_state(self.game.state)

    @rule(choice=st.integers(0, 2**16))
    def copy_is_independent(self, choice: int) -> None:
        original = self.game.state
        clone = self.game.copy()
        assert clone == self.game
        if not self.on():
            return
        moves = list(clone.legal_moves())
        clone.play(moves[choice % len(moves)])
        assert self.game.state is original
        assert clone != self.game
        clone.undo()
        assert clone == self.game

    @invariant()
    def consistent(self) -> None:
        check_state(self.game.state)


MatchMachine.TestCase.settings = settings(max_examples=15, stateful_step_count=30)
# A soak run: many random games (see pyproject's markers).
TestMatchMachine = pytest.mark.slow(MatchMachine.TestCase)


# ---------------------------------------------------------------------------
# whole matches


def play_match(game: Game, rng: random.Random, max_hands: int) -> int:
    """Play random legal moves until the match ends or ``max_hands`` hands are done;
    check every state; return the number of hands finished."""
    hands = 0
    while True:
        check_state(game.state)
        bound = move_bound(game.rules)
        moves = 0
        while game.phase in ON_PHASES:
            legal = list(game.legal_moves())
            game.play(rng.choice(legal))
            moves += 1
            assert moves <= bound, "a hand must end"
            check_state(game.state)
        hands += 1
        if game.phase is Phase.MATCH_OVER or hands >= max_hands:
            return hands
        game.next_hand()


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=15)
@given(rules=match_rules(), seed=st.integers(0, 2**32))
def test_matches_end(rules: Rules, seed: int) -> None:
    game = Game(rules, seed=seed)
    hands = play_match(game, random.Random(seed), max_hands=4)
    target = rules.target_score
    # a Winner gains at least one point from each other seat under cards_left (R7.1),
    # and 2 under placement (R7.2): a target that small ends the match in one hand
    if rules.scoring == "cards_left" and target is not None and target <= rules.players - 1:
        assert hands == 1
        assert game.is_match_over
    if rules.scoring == "placement" and target is not None and target <= 2:
        assert hands == 1
        assert game.is_match_over
    if rules.scoring == "none" or target is None:
        assert not game.is_match_over


@pytest.mark.slow  # a soak run: many random games (see pyproject's markers)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**32))
def test_every_preset_with_exchange(seed: int) -> None:
    """Each preset, under both exchange modes, for three hands of random play."""
    for name in PRESETS:
        if Rules.preset(name).teams != "none":
            continue  # D4: a game with a landlord has no exchange
        for exchange in ("highest_for_one_of_two", "highest_for_any"):
            game = Game(Rules.preset(name, exchange=exchange), seed=seed)
            assert play_match(game, random.Random(seed), max_hands=3) == 3
            assert len(game.state.results) == 3
