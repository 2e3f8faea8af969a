"""The end of a hand and its scoring (R6, R7), the last phase of a hand
(:data:`HAND_OVER`, for :attr:`Phase.HAND_OVER <zhengshangyou.game.phase.Phase.HAND_OVER>`
and :attr:`Phase.MATCH_OVER <zhengshangyou.game.phase.Phase.MATCH_OVER>`): the
finishing order and the Loser (R6.2), the scores and the totals (R7, by
:mod:`zhengshangyou.scoring`), whether the match is over (R7.4), and the deal of
the next hand (R2.6, R2.7). No move is made in it (R6.1).

>>> from zhengshangyou.game import Game
>>> game = Game(seed=1)
>>> while not game.is_hand_over:
...     game.play(next(iter(game.legal_moves())))
>>> game.state.phase.logic is HAND_OVER, sum(game.state.result.scores) >= 0
(True, True)
"""

from __future__ import annotations

import attrs

from zhengshangyou.cards import Card, Rank
from zhengshangyou.errors import IllegalMoveError, InvalidSetupError
from zhengshangyou.game.auction import bombs_played
from zhengshangyou.game.deal import deal_cards, marks_a_card, seeded_rng
from zhengshangyou.game.phase import Phase, PhaseLogic, register
from zhengshangyou.game.state import LEADS, HandState, Match, State, new_state
from zhengshangyou.plays import Play
from zhengshangyou.scoring import HandResult, landlord_scores, match_over, score_hand

__all__ = ["HAND_OVER", "HandOverLogic"]


class HandOverLogic(PhaseLogic):
    """The end of the hand's :class:`~zhengshangyou.game.phase.PhaseLogic` (R6, R7):
    it starts by scoring the hand; its only step is :meth:`next_hand`.

    >>> HAND_OVER.phase
    <Phase.HAND_OVER: 'hand_over'>
    """

    phase = Phase.HAND_OVER

    def start(self, state: State) -> State:
        """Close the hand: the finishing order, the Loser, the scores (R6, R7).

        >>> from zhengshangyou.game import Game
        >>> game = Game(seed=1)
        >>> while not game.is_hand_over:    # the last play starts this phase
        ...     game.play(next(iter(game.legal_moves())))
        >>> game.state.result is game.state.results[-1], len(game.state.finished)
        (True, 4)
        """
        match, hand_state = state.match, state.hand_state
        rules = match.rules
        players = rules.players
        hands = state.hands
        if not hand_state.finished:  # thrown in: nobody bid (D3.3)
            result = HandResult((), tuple(map(len, hands)), (False,) * players, (0,) * players)
            order: list[int] = []
        else:
            winner = hand_state.finished[0]
            order = list(hand_state.finished)
            rest = [seat for seat in range(players) if seat not in order]
            # Fewer cards first; ties in play order from the Winner, so that the last
            # seat (the Loser) holds the most cards and is the latest of those tied (R6.2).
            rest.sort(key=lambda seat: (len(hands[seat]), (seat - winner) % players))
            order.extend(rest)
            assert hand_state.first_out is not None
            cards_left, played_mask = hand_state.first_out
            played = tuple(bool(played_mask >> seat & 1) for seat in range(players))
            if rules.teams == "landlord":
                result = _landlord_result(state, tuple(order), cards_left, played)
            else:
                # (T6.2: a Winner while nobody has played won at the deal, an instant win;
                # HandResult.won_at_the_deal reads the same from the result)
                instant = not played_mask
                scores = score_hand(
                    rules, finishing_order=order, cards_left=cards_left, played=played,
                    twos=None if instant else _twos(state, winner), instant=instant,
                )
                result = HandResult(tuple(order), cards_left, played, scores)
        scores = result.scores
        totals = tuple(total + score for total, score in zip(match.scores, scores, strict=True))
        phase = Phase.MATCH_OVER if match_over(rules, totals) else Phase.HAND_OVER
        # (The parts built whole: attrs.evolve would read every field's definition.)
        match = Match(
            match.rules, match.seed, match.hand_number, totals, (*match.results, result), match.past,
            match.deals,
        )
        hand_state = HandState(
            hand_state.deal, phase, hand_state.revolution, tuple(order), hand_state.played,
            hand_state.first_out, hand_state.exchange, hand_state.exchanged, hand_state.landlord,
            hand_state.base,
        )
        return new_state(match, hand_state, LEADS[-1], hands, state.log, state.played_cards)

    def next_hand(self, state: State) -> State:
        """Deal the next hand of the match (R2.6, R2.7): the new dealer, the deal
        (the match's given deals first), then the hand's first phase.

        >>> from zhengshangyou.game import Game
        >>> game = Game(seed=1, target_score=1)
        >>> while not game.is_hand_over:
        ...     game.play(next(iter(game.legal_moves())))
        >>> HAND_OVER.next_hand(game.state)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: the match is over: a score reached target_score=1 (R7.4)
        """
        match = state.match
        rules = match.rules
        if state.hand_state.phase is Phase.MATCH_OVER:
            raise IllegalMoveError(
                f"the match is over: a score reached target_score={rules.target_score} (R7.4)",
                rule="R7.4",
            )
        previous = match.results[-1]
        if previous.thrown_in:  # nobody won or lost it: the deal passes on (library ruling, D3.3)
            dealer = (state.dealer + 1) % rules.players
        elif rules.next_dealer == "loser":
            dealer = previous.loser
        elif rules.next_dealer == "winner":
            dealer = previous.winner
        else:
            dealer = (state.dealer + 1) % rules.players
        number = match.hand_number + 1
        if match.deals:
            deal = match.deals[0]  # checked when the match began (R2.2a)
            if deal.dealer != dealer:
                raise InvalidSetupError(
                    f"seat {dealer} deals hand {number} (next_dealer={rules.next_dealer!r}),"
                    f" not seat {deal.dealer} (R2.7)",
                    rule="R2.7",
                )
        else:
            deal = deal_cards(
                rules, dealer, seeded_rng(match.seed, "deal", number), trick_card=marks_a_card(rules, first_hand=False)
            )
        match = attrs.evolve(
            match,
            hand_number=number,
            past=(*match.past, (state.hand_state.deal, state.log)),
            deals=match.deals[1:],
        )
        return State.begin_hand(match, deal)


def _twos(state: State, winner: int) -> tuple[tuple[Card, ...], ...] | None:
    """The 2s each seat held when it is scored (B7.1, T7.2), or None when the rules
    never look at them: when the Winner went out under ``two_doubles`` (its hand now
    and what it played after the Winner's last play), at the end under ``thoi_heo``."""
    rules = state.match.rules
    if not (rules.two_doubles or rules.thoi_heo):
        return None
    held = [list(hand) for hand in state.hands]
    if rules.two_doubles:  # (the log after the Winner went out: his last play is the going out)
        last = max(number for number, action in enumerate(state.log) if action.seat == winner and isinstance(action.move, Play))
        for action in state.log[last + 1 :]:
            if isinstance(action.move, Play):
                held[action.seat].extend(action.move.cards)
    return tuple(tuple(card for card in cards if card.rank is Rank.TWO) for cards in held)


def _landlord_result(
    state: State, order: tuple[int, ...], cards_left: tuple[int, ...], played: tuple[bool, ...]
) -> HandResult:
    """The result of a hand of a game with a landlord (D8, D9): the side of the first
    out wins; a spring (the peasants never played) or an anti-spring (the landlord
    made one play only) multiplies the stake (D9.2); every bomb and rocket doubles it."""
    hand_state = state.hand_state
    rules = state.match.rules
    landlord, winner = hand_state.landlord, order[0]
    bombs = bombs_played(state.log)
    if winner == landlord:
        spring = not hand_state.played & ~(1 << landlord)
    else:
        spring = sum(1 for action in state.log if action.seat == landlord and isinstance(action.move, Play)) == 1
    scores = landlord_scores(rules, landlord=landlord, winner=winner, base=hand_state.base, bombs=bombs, spring=spring)
    multiplier = 2**bombs * ((rules.spring_multiplier or 2) if spring and rules.scoring == "multiplier" else 1)
    return HandResult(order, cards_left, played, scores, landlord, multiplier)


#: The end of the hand's logic, registered for both phases of a finished hand.
HAND_OVER = register(HandOverLogic(), Phase.HAND_OVER, Phase.MATCH_OVER)
