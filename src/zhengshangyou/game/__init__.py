"""The game: a whole hand and a whole match under any rules (R2, R5–R8).

A :class:`State` is an immutable position with its whole history, made of
parts by lifetime (:class:`Match`, :class:`HandState`, :class:`Trick`) that
the states of a match share; its :class:`Phase` says what the table is doing.
:meth:`State.play` checks a move and returns the next state, and a rejected
move raises a typed error that names the rule, leaving nothing changed; the
legal-move view (:class:`LegalMoves`) asks the same check for ``move in``.
:class:`Game` is the convenient mutable handle most programs use: it holds the
current state, and :meth:`Game.copy` and :meth:`Game.undo` cost next to
nothing, since states are shared.

>>> game = Game(seed=7)                     # the default preset, 4 players
>>> game.phase, game.to_act in range(4)
(<Phase.PLAY: 'play'>, True)
>>> lead = next(iter(game.legal_moves()))   # the first legal lead, a single
>>> game.play(lead)
>>> game.state.top == lead
True
>>> game.undo()
>>> game.state.top is None
True

The package shows the phases of a hand. :mod:`~zhengshangyou.game.state` is the
machinery (the state and its parts), which
walks the phases that the rule set declares (:mod:`~zhengshangyou.game.phase`)
and knows none of them by name, with what a seat sees
(:mod:`~zhengshangyou.game.observation`) and the legal-move view
(:mod:`~zhengshangyou.game.legal`); :mod:`~zhengshangyou.game.deal` deals a hand; each
phase is a module: :mod:`~zhengshangyou.game.exchange` (R8),
:mod:`~zhengshangyou.game.trickplay` (R5), :mod:`~zhengshangyou.game.scoring`
(R6, R7); :mod:`~zhengshangyou.game.handle` is :class:`Game`. Every name reads
from here as well.
"""

from __future__ import annotations

# The phase modules register their logic with their phase when imported, so the
# package imports every one of them.
from zhengshangyou.game import auction as auction
from zhengshangyou.game import exchange as exchange
from zhengshangyou.game import scoring as scoring
from zhengshangyou.game import trickplay as trickplay
from zhengshangyou.game.deal import SEED_LIMIT as SEED_LIMIT
from zhengshangyou.game.deal import Deal, deal_cards
from zhengshangyou.game.deal import check_deal as check_deal
from zhengshangyou.game.handle import Game
from zhengshangyou.game.legal import LegalMoves
from zhengshangyou.game.observation import Observation
from zhengshangyou.game.phase import Phase
from zhengshangyou.game.state import Action, HandState, Match, State, Trick
from zhengshangyou.game.state import next_active as next_active
from zhengshangyou.game.state import next_to_act as next_to_act

__all__ = [
    "Action",
    "Deal",
    "Game",
    "HandState",
    "LegalMoves",
    "Match",
    "Observation",
    "Phase",
    "State",
    "Trick",
    "deal_cards",
]

