"""The auction of a game with a landlord (D3) and the kitty (D4), a phase
(:data:`AUCTION`): who bids first (D2.3), the bids of 1 to 3 (D3.1, D3.2) or the
call and the robs (D3.4), a hand nobody bids for (D3.3), or a landlord fixed by
the rules (D3.5); then the landlord takes the kitty (D4.1) and leads (D7.1). Its
observation gives every seat the landlord, the base, the kitty as the rules show
it, and the multiplier so far (D9.1).

>>> from zhengshangyou.game import Game
>>> game = Game(Rules.preset("doudizhu"), seed=3)
>>> game.phase, game.state.phase.logic is AUCTION
(<Phase.AUCTION: 'auction'>, True)
>>> [str(move) for move in game.legal_moves()]
['bid 1', 'bid 2', 'bid 3', 'pass']
>>> game.play("bid 3")                      # a 3 ends the auction at once (D3.1)
>>> game.phase, game.state.landlord == game.state.log[0].seat, game.state.base
(<Phase.PLAY: 'play'>, True, 3)
>>> len(game.state.hands[game.state.landlord])    # 17 and the kitty (D4.1)
20
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

import attrs

from zhengshangyou.actions import PASS, Bid, Call, Move, Pass, Rob
from zhengshangyou.errors import IllegalMoveError
from zhengshangyou.game.phase import Phase, PhaseLogic, hand_phases, register
from zhengshangyou.game.state import AFTER, Action, State, Trick, check_turn
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play
from zhengshangyou.rules import Rules as Rules  # (for the examples)

__all__ = ["AUCTION", "AuctionLogic", "Bidding", "bombs_played"]


@attrs.frozen
class Bidding:
    """Where an auction stands (D3): its first bidder, the turns taken, the high bid
    and its bidder, the passes since the last bid; under ``auction="call_rob"`` the
    seats that declined to call, the caller, the robs so far, the seats still to be
    asked to rob, and whether the caller's rob-back has been asked (D3.4).

    >>> Bidding(first=1).high, Bidding(first=1).high_seat
    (0, -1)
    """

    first: int  # the first bidder (D2.3)
    turns: int = 0  # turns taken
    high: int = 0  # the highest bid so far (auction="bid"), 0 before any
    high_seat: int = -1  # its bidder; under call_rob the last to call or rob
    passes: int = 0  # consecutive passes since the last bid (or since the start)
    declined: int = 0  # bit mask: seats that declined to call (call_rob)
    caller: int = -1  # the caller, once one called (call_rob)
    robs: int = 0  # the robs so far (call_rob): the base is 2**robs
    queue: tuple[int, ...] = ()  # the seats still to be asked to rob, in order
    rob_back: bool = False  # whether the caller has been asked to rob back


def bombs_played(log: Iterable[Action]) -> int:
    """The bombs and rockets played in a hand's ``log`` (D9.1: each doubles the stake).

    >>> from zhengshangyou.game import Game
    >>> bombs_played(Game(seed=1).state.log)
    0
    """
    return sum(1 for action in log if isinstance(action.move, Play) and action.move.is_bomb)


class AuctionLogic(PhaseLogic):
    """The auction's :class:`~zhengshangyou.game.phase.PhaseLogic` (D3, D4).

    >>> AUCTION.phase
    <Phase.AUCTION: 'auction'>
    """

    phase = Phase.AUCTION

    def start(self, state: State) -> State:
        """The auction under way from its first bidder (D2.3): the holder of the
        deal's marked card (``first_bidder`` "face_up_card" or "random") or the seat
        after the last hand's first bidder ("rotate"; on the first hand, the seat after
        the dealer); with ``auction="none"``, the landlord the rules
        name, at once (D3.5).

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules.preset("douzero"), seed=1)
        >>> state.phase, state.landlord, state.base, state.to_act     # (started by State.new)
        (<Phase.PLAY: 'play'>, 0, 1, 0)
        """
        rules = state.match.rules
        hand_state = attrs.evolve(state.hand_state, phase=Phase.AUCTION)
        if rules.auction == "none":
            begun = State(state.match, hand_state, state.trick, state.hands, state.log, state.played_cards)
            return _settle(begun, rules.landlord_seat or 0, 1)
        deal = state.deal
        if rules.first_bidder == "rotate":  # the seat after the last hand's first bidder
            past = state.match.past
            opener = past[-1][1][0].seat if past and past[-1][1] else deal.dealer
            first = (opener + 1) % rules.players
        else:
            assert deal.trick_seat is not None  # (dealt with every hand: deal.marks_a_card)
            first = deal.trick_seat
        hand_state = attrs.evolve(hand_state, auction=Bidding(first=first))
        return State(state.match, hand_state, Trick(to_act=first), state.hands, state.log, state.played_cards)

    def moves(self, state: State, view: Literal["classes", "cards"]) -> Iterable[Move]:
        """The auction moves open to the seat to act: the bids above the high bid, or
        the call, or the rob, then the pass (declining).

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules.preset("doudizhu", auction="call_rob"), seed=1)
        >>> list(AUCTION.moves(state, "classes"))
        [Call(), Pass()]
        """
        bidding = _bidding(state)
        if state.match.rules.auction == "bid":
            return (*(Bid(value) for value in range(bidding.high + 1, 4)), PASS)
        return (Call() if bidding.caller < 0 else Rob(), PASS)

    def check(self, state: State, move: object, seat: object) -> tuple[Move, None]:
        """The turn (R5.2), then the move the auction waits for: a pass, or a bid
        higher than the high bid (D3.1), or a call before anyone called and a rob
        after (D3.4).

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules.preset("doudizhu"), seed=1).play(Bid(2))
        >>> AUCTION.check(state, Bid(1), None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: a bid must be higher than the high bid, 2: bid 3, or pass (D3.1)
        """
        check_turn(state, move, seat)
        bidding = _bidding(state)
        if isinstance(move, Pass):
            return move, None
        if state.match.rules.auction == "bid":
            if isinstance(move, Bid) and move.value > bidding.high:
                return move, None
            if isinstance(move, Bid):
                higher = ", ".join(f"bid {value}" for value in range(bidding.high + 1, 4))
                raise IllegalMoveError(
                    f"a bid must be higher than the high bid, {bidding.high}: {higher}, or pass (D3.1)",
                    rule="D3.1",
                )
            wanted = "a bid of 1, 2 or 3, or pass"
        elif bidding.caller < 0:
            if isinstance(move, Call):
                return move, None
            wanted = "call, or pass (nobody has called yet)"
        else:
            if isinstance(move, Rob):
                return move, None
            wanted = "rob, or pass"
        raise IllegalMoveError(
            f"the auction is under way: {move} is no move now; {wanted} (D3)", rule="D3"
        )

    def play(self, state: State, move: object, seat: object) -> State:
        """The state after an auction move (checked): the auction's next turn, or the
        landlord settled (D4.1: the kitty taken, the first lead), or a hand nobody
        bid for thrown in (D3.3).

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules.preset("doudizhu"), seed=1)
        >>> state = state.play(PASS).play(Bid(1)).play(PASS)      # DE9, once
        >>> state.phase, state.base, state.landlord == state.log[1].seat
        (<Phase.PLAY: 'play'>, 1, True)
        """
        made, _ = self.check(state, move, seat)
        rules = state.match.rules
        bidding = _bidding(state)
        to_act = state.trick.to_act
        log = (*state.log, Action(to_act, made))
        players = rules.players
        turns = bidding.turns + 1
        if rules.auction == "bid":
            if isinstance(made, Bid):
                bidding = attrs.evolve(bidding, turns=turns, high=made.value, high_seat=to_act, passes=0)
                if made.value == 3:
                    return _settle(_logged(state, log, bidding), to_act, 3)
            else:
                bidding = attrs.evolve(bidding, turns=turns, passes=bidding.passes + 1)
            if rules.bid_rounds in (None, "once"):
                over = turns == players
            else:  # until_two_passes: the others all pass after a bid, or all pass without one
                over = bidding.passes >= (players - 1 if bidding.high else players)
            if over:
                after = _logged(state, log, bidding)
                return _settle(after, bidding.high_seat, bidding.high) if bidding.high else _thrown_in(after)
            return _next_turn(state, log, bidding, (to_act + 1) % players)
        if bidding.caller < 0:  # the call (D3.4)
            if isinstance(made, Pass):
                bidding = attrs.evolve(bidding, turns=turns, declined=bidding.declined | 1 << to_act)
                if turns == players:
                    return _thrown_in(_logged(state, log, bidding))
                return _next_turn(state, log, bidding, (to_act + 1) % players)
            queue = tuple(other for other in AFTER[players][to_act][:-1] if not bidding.declined >> other & 1)
            bidding = attrs.evolve(bidding, turns=turns, caller=to_act, high_seat=to_act, queue=queue)
        else:  # a rob or a decline, then the next to be asked
            queue = bidding.queue[1:]
            robs, high_seat = bidding.robs, bidding.high_seat
            if isinstance(made, Rob):
                robs, high_seat = robs + 1, to_act
            rob_back = bidding.rob_back
            if not queue and not rob_back and robs:  # the caller robs back last (library ruling)
                queue, rob_back = (bidding.caller,), True
            bidding = attrs.evolve(
                bidding, turns=turns, robs=robs, high_seat=high_seat, queue=queue, rob_back=rob_back
            )
        if not bidding.queue:
            return _settle(_logged(state, log, bidding), bidding.high_seat, 2**bidding.robs)
        return _next_turn(state, log, bidding, bidding.queue[0])

    def observe(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        """The landlord, the base, the kitty (to every seat under ``kitty_public``, to
        the landlord alone otherwise, once he has taken it: D4.1), the multiplier so
        far (D9.1); and no marked card under ``first_bidder="random"``, whose card is
        not shown (D2.3), unless it is Big Two's 52nd card, dealt face up (B2.1).

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules.preset("openspiel"), seed=1).play(Bid(3))
        >>> landlord = state.landlord
        >>> len(state.observation(landlord).kitty), state.observation((landlord + 1) % 3).kitty
        (3, ())
        """
        hand_state = state.hand_state
        rules = state.match.rules
        landlord = hand_state.landlord
        fields["landlord"] = landlord
        fields["base"] = hand_state.base
        if landlord >= 0 and (rules.kitty_shown or seat == landlord):
            fields["kitty"] = hand_state.deal.kitty
        fields["multiplier"] = 2 ** bombs_played(state.log)
        if rules.first_bidder == "random" and not rules.odd_card_face_up:
            fields["trick_card"] = None


def _bidding(state: State) -> Bidding:
    """The auction under way in ``state``."""
    bidding = state.hand_state.auction
    assert bidding is not None
    return bidding


def _logged(state: State, log: tuple[Action, ...], bidding: Bidding) -> State:
    """``state`` with ``log`` and ``bidding``, nobody to act (the auction is over)."""
    hand_state = attrs.evolve(state.hand_state, auction=bidding)
    return State(state.match, hand_state, Trick(to_act=-1), state.hands, log, state.played_cards)


def _next_turn(state: State, log: tuple[Action, ...], bidding: Bidding, seat: int) -> State:
    """The auction going on, with ``seat`` to act."""
    hand_state = attrs.evolve(state.hand_state, auction=bidding)
    return State(state.match, hand_state, Trick(to_act=seat), state.hands, log, state.played_cards)


def _settle(state: State, landlord: int, base: int) -> State:
    """The landlord takes the kitty (D4.1) and the hand goes on to the play, which he
    leads (D7.1)."""
    hands = list(state.hands)
    kitty = state.hand_state.deal.kitty
    if kitty:
        hands[landlord] = Hand((*hands[landlord].cards, *kitty))
    hand_state = attrs.evolve(state.hand_state, landlord=landlord, base=base, auction=None)
    return State(state.match, hand_state, state.trick, tuple(hands), state.log, state.played_cards).advance()


def _thrown_in(state: State) -> State:
    """Nobody bid (D3.3): the hand ends with every score 0, and under
    ``all_pass="redeal"`` the next deal follows at once (**library ruling**: it is
    recorded as a hand of its own)."""
    hand_state = attrs.evolve(state.hand_state, auction=None)
    state = State(state.match, hand_state, state.trick, state.hands, state.log, state.played_cards)
    phases = hand_phases(state.match.rules)
    over = state.enter(phases.index(Phase.HAND_OVER))
    if state.match.rules.all_pass in (None, "redeal") and over.hand_state.phase is Phase.HAND_OVER:
        return over.next_hand()
    return over


#: The auction's logic, registered for :attr:`Phase.AUCTION <zhengshangyou.game.phase.Phase.AUCTION>`.
AUCTION = register(AuctionLogic())
