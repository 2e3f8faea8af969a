"""What one seat may know of a position (:class:`Observation`): the state's
public facts and that seat's own hand, with each phase's own fields as the phase
lets the seat see them (:meth:`State.observation <zhengshangyou.game.State.observation>`
builds it; :meth:`~zhengshangyou.game.phase.PhaseLogic.observe`). Every surface
(the terminal, the web table, the environments, the bots) reads from it.

>>> from zhengshangyou.game import Game
>>> Game(seed=1).observation(0).seat
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from zhengshangyou.actions import Move
from zhengshangyou.cards import Card
from zhengshangyou.game.phase import Phase
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Play
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult

if TYPE_CHECKING:  # (the machinery builds observations: it imports this module)
    from zhengshangyou.game.state import Action

__all__ = ["Observation"]


@attrs.frozen
class Observation:
    """What one seat may know (R2.4, R8.2): its own hand and every public fact.

    Hidden: the other seats' hands (only their sizes show) and the seed; an
    exchange offer shows only to the Winner and the Loser. ``legal_moves`` is
    filled for the seat to act (in the class view). ``played_cards`` holds the
    cards each seat has played this hand (by seat, in the order played; cards
    moved by the exchange are not played), ``played`` whether it has played any
    yet.

    >>> from zhengshangyou.game import Game
    >>> game = Game(seed=11)
    >>> seen = game.observation(game.to_act)
    >>> len(seen.legal_moves) > 0, seen.top is None
    (True, True)
    >>> seat, play = game.to_act, seen.legal_moves[0]
    >>> game.play(play)
    >>> game.observation((seat + 1) % 4).played_cards[seat] == play.cards
    True
    """

    seat: int
    rules: Rules
    phase: Phase
    hand_number: int
    dealer: int
    to_act: int
    hand: Hand
    counts: tuple[int, ...]
    top: Play | None
    top_seat: int
    passed: tuple[int, ...]
    locked: tuple[int, ...]
    revolution: bool
    must_include: Card | None
    finished: tuple[int, ...]
    played: tuple[int, ...]
    played_cards: tuple[tuple[Card, ...], ...]
    trick_card: Card | None
    trick_seat: int | None
    offered: tuple[Card, ...]
    exchanged: tuple[Action, ...]
    history: tuple[Action, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    legal_moves: tuple[Move, ...]
    #: The landlord, once known, or -1 (D3, D4; a game with a landlord only).
    landlord: int = -1
    #: The stake the auction settled, 0 before (D3.1, D3.4, D3.5).
    base: int = 0
    #: The kitty, once the landlord has taken it, when this seat may see it (D4.1).
    kitty: tuple[Card, ...] = ()
    #: 2 to the number of bombs and rockets played so far this hand (D9.1).
    multiplier: int = 1

    def __copy__(self) -> Observation:
        return self  # immutable: a copy is the observation itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Observation:
        return self
