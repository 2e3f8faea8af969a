"""The exchange between hands (R8), a phase (:data:`EXCHANGE`): the rules of the
exchange are :mod:`zhengshangyou.exchange`'s (where it stands, the decisions open,
their check and their effect); this module makes them a phase of the hand, with
what each seat sees of it (the offer shows only to the Winner and the Loser, R8.2).

>>> from zhengshangyou.game import Game
>>> game = Game(Rules(exchange="highest_for_any"), seed=1)
>>> while not game.is_hand_over:
...     game.play(next(iter(game.legal_moves())))
>>> game.next_hand()
>>> game.phase, game.state.phase.logic is EXCHANGE
(<Phase.EXCHANGE: 'exchange'>, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

import attrs

from zhengshangyou.actions import Give, Move, Offer, Return, Take
from zhengshangyou.exchange import apply_exchange, check_exchange, start_exchange
from zhengshangyou.game.phase import Phase, PhaseLogic, register
from zhengshangyou.game.state import Action, State, Trick, check_turn
from zhengshangyou.rules import Rules as Rules  # (for the examples)

__all__ = ["EXCHANGE", "ExchangeLogic"]


class ExchangeLogic(PhaseLogic):
    """The exchange's :class:`~zhengshangyou.game.phase.PhaseLogic` (R8).

    >>> EXCHANGE.phase
    <Phase.EXCHANGE: 'exchange'>
    """

    phase = Phase.EXCHANGE

    def start(self, state: State) -> State | None:
        """The exchange under way after the deal of every hand but the first, when
        the rules have one (R8.1); None otherwise.

        >>> from zhengshangyou.game import State
        >>> EXCHANGE.start(State.new(Rules(exchange="highest_for_any"), seed=1)) is None   # the first hand
        True
        """
        match = state.match
        if not match.results:
            return None
        previous = match.results[-1]
        exchange = start_exchange(match.rules, previous.winner, previous.loser)
        if exchange is None:
            return None
        hand_state = attrs.evolve(state.hand_state, phase=Phase.EXCHANGE, exchange=exchange)
        return State(match, hand_state, Trick(to_act=exchange.to_act), state.hands, state.log, state.played_cards)

    def moves(self, state: State, view: Literal["classes", "cards"]) -> Iterable[Move]:
        """The decisions open to the seat to act (R8.4), in card order
        (:meth:`State.exchange_moves <zhengshangyou.game.State.exchange_moves>`).

        >>> from zhengshangyou.game import State
        >>> EXCHANGE.moves(State.new(Rules(), seed=1), "classes")
        ()
        """
        return state.exchange_moves()

    def check(self, state: State, move: object, seat: object) -> tuple[Move, None]:
        """The turn (R5.2), then the decision the exchange waits for (R8.2, R8.3,
        :func:`~zhengshangyou.exchange.check_exchange`).

        >>> from zhengshangyou.game import State
        >>> EXCHANGE.check(State.new(Rules(), seed=1), "give 3D", None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.WrongTypeError: a move is a Play, PASS, Give, Offer, Take, Return, Bid, Call or Rob, not str ('give 3D'); Game.play also reads text
        """
        check_turn(state, move, seat)
        exchange = state.hand_state.exchange
        assert exchange is not None
        check_exchange(exchange, state.hands, state.match.rules, move)
        assert isinstance(move, (Give, Offer, Take, Return))  # (what the check lets through)
        return move, None

    def play(self, state: State, move: object, seat: object) -> State:
        """The state after an exchange decision (checked): the exchange's next step,
        or, once it is over, the next phase (the first lead, R2.6).

        >>> from zhengshangyou.game import State
        >>> EXCHANGE.play(State.new(Rules(), seed=1), None, None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.WrongTypeError: a move is a Play, PASS, Give, Offer, Take, Return, Bid, Call or Rob, not NoneType (None); Game.play also reads text
        """
        made, _ = self.check(state, move, seat)
        assert isinstance(made, (Give, Offer, Take, Return))
        hand_state = state.hand_state
        exchange = hand_state.exchange
        assert exchange is not None
        action = Action(state.trick.to_act, made)
        after, hands = apply_exchange(exchange, state.hands, state.match.rules, made)
        exchanged = hand_state.exchanged if isinstance(made, Offer) else (*hand_state.exchanged, action)
        hand_state = attrs.evolve(hand_state, exchange=after, exchanged=exchanged)
        log = (*state.log, action)
        if after is not None:
            return State(state.match, hand_state, Trick(to_act=after.to_act), hands, log, state.played_cards)
        return State(state.match, hand_state, state.trick, hands, log, state.played_cards).advance()

    def observe(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        """The public transfers (R8.2), and the offer, which only the Winner and the
        Loser see: for anybody else it is left out of the history and ``offered``.

        >>> from zhengshangyou.game import State
        >>> fields: dict[str, Any] = {"history": ()}
        >>> EXCHANGE.observe(State.new(Rules(), seed=1), 0, fields); fields["offered"]
        ()
        """
        hand_state = state.hand_state
        exchange = hand_state.exchange
        log = history = state.log
        involved = False
        if exchange is not None or hand_state.exchanged:
            # The Winner and the Loser of an exchange see the offer; nobody else does
            # (R8.2). The exchange's decisions open the log (give, offer, take), so only
            # its first three actions need a look, and only in a hand with an exchange.
            for place, action in enumerate(log[:3]):
                if isinstance(action.move, Offer):
                    involved = (exchange is not None and seat in (exchange.winner, exchange.loser)) or any(
                        action.seat == seat and isinstance(action.move, (Give, Offer)) for action in log[:3]
                    )
                    if not involved:
                        history = log[:place] + log[place + 1 :]
                    break
            else:
                involved = exchange is not None and seat in (exchange.winner, exchange.loser)
        fields["offered"] = exchange.offered if involved and exchange is not None else ()
        fields["exchanged"] = hand_state.exchanged
        fields["history"] = history


#: The exchange's logic, registered for :attr:`Phase.EXCHANGE <zhengshangyou.game.phase.Phase.EXCHANGE>`.
EXCHANGE = register(ExchangeLogic())
