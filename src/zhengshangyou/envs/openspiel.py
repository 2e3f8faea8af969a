"""The game as an OpenSpiel game, ``python_zhengshangyou`` (extra ``[openspiel]``).

Importing this module registers the game with :mod:`pyspiel`, so that
``pyspiel.load_game("python_zhengshangyou", {...})`` makes it, and every
OpenSpiel algorithm written against the C++ API can use it.

>>> import pyspiel
>>> game = pyspiel.load_game("python_zhengshangyou", {"players": 3, "preset": "winner"})
>>> game.num_players(), game.num_distinct_actions() == ActionSpace(game.rules).size
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())     # the first dealer (R2.3)
(True, 3)

Parameters
----------

Every rule option of :class:`~zhengshangyou.rules.Rules` is a parameter of its own
name and type (``int``, ``bool`` or ``str``; ``players`` is OpenSpiel's own player
count), except the options whose values are not simple, which take a text form:

======================  ===================================================
``suit_order``          ``"none"`` (None) or the four suits low to high, ``"DCHS"``
``start_card``          a card in the library's notation, ``"3S"``
``penalty_tiers``       ``"auto"`` (None) or ``min_cards:multiplier`` pairs joined
                        by ``/``, low to high: ``"12:2/17:3"``
``target_score``        an ``int``; ``0`` stands for None (no target)
``wing_trio_adjacent``  ``"auto"`` (None), ``"yes"`` or ``"no"`` (D5.15; also
                        ``"true"`` or ``"false"``)
``kitty_public``        ``"auto"`` (None), ``"yes"`` or ``"no"`` (D4.1; the same)
``bid_rounds``,         ``"auto"`` (None) or the option's word, ``"once"``
``first_bidder``,
``all_pass``,
``douzero_objective``,
``three_player_deal``
``spring_multiplier``   an ``int``; ``0`` stands for None (D9.2)
``landlord_seat``       an ``int``; ``-1`` stands for None (D3.5)
``hand_size``           an ``int``; ``0`` stands for None (B2.1, T2.1)
======================  ===================================================

and three parameters are not rule options:

- ``preset`` (``""``: none, the default rules): the named rule set the options
  override (RULES.md section 9);
- ``hands`` (default 1): the hands of one episode. From the second hand on, the
  rules' exchange (R8) is played, as decisions of the Winner and the Loser; an
  episode ends early when a score reaches ``target_score`` (R7.4);
- ``dealer`` (default -1: drawn at random, R2.3): the first dealer's seat.

Every parameter's default is the default rules' value, and a parameter counts only
where it differs from its default: OpenSpiel hands the game every parameter, given
or not, so a value equal to the default cannot be told from an absent one. Under a
preset, an option therefore moves only away from the default rules' value (with
``preset="winner"``, ``joker_bomb=True`` leaves the preset's False); every rule set
is still reached with ``preset=""`` and its options named, which :func:`parameters`
lists for any :class:`~zhengshangyou.rules.Rules`. The game's string (what
``SerializeGameAndState`` writes) lists the parameters that count.

Chance and decisions
--------------------

Every random choice of the engine is an explicit chance node, in its order: the
first dealer when ``dealer`` is -1 (R2.3: uniform over the seats, ids 0..players-1);
each card of the deal in turn (R2.2: the k-th card goes to the seat k places after
the dealer; the outcomes are the cards still undealt, by ``Card.index``, each as
likely as its copies left, so with two decks two equal cards are one outcome of
double probability); under ``first_lead="trick_card"``, after the first hand's deal,
the face-up trick card (R2.4: every dealt card alike; the outcome is the card's
index, or 54 + index for the copy dealt second when the two copies went to two
seats). Then the hand is the library's own :class:`~zhengshangyou.game.State`,
and each decision is an id of :class:`~zhengshangyou.actionspace.ActionSpace`
(a play, pass, an exchange decision, or a bid, call or rob); action strings are its
unique labels.

Dou Dizhu (rules with a landlord, FAMILY.md part D): the seats' cards are dealt
first, then the kitty's (D2.2: ``"deal 5S to the kitty"``), and at every deal of a
game with an auction the card that names the first bidder (D2.3: any card dealt to a
seat alike, as the trick card; not shown under ``first_bidder="random"``). A hand
nobody bids for under ``all_pass="redeal"`` (D3.3) is over with every score 0 and
the next is dealt by chance nodes at once; it does not count among the episode's
``hands``, and :data:`REDEAL_LIMIT` deals thrown in a row end the episode (a library
ruling: a game needs a longest history). Under ``all_pass="void"`` such a hand ends
with every score 0 and counts as a hand.

Game type and bounds
--------------------

The registered type is ``GENERAL_SUM``, since ``scoring="placement"`` hands out 3
points a hand to no one's loss; a loaded game's own type says what its scoring is:
``ZERO_SUM`` under ``"cards_left"`` (R7.1) and ``"none"``, ``CONSTANT_SUM`` (3 a
hand) under ``"placement"`` unless ``target_score`` can end the episode early;
under rules with a landlord, ``ZERO_SUM`` with ``"multiplier"`` (D9.1: the
landlord's two stakes against the peasants' one each), ``GENERAL_SUM`` with
``"win_loss"`` and ``"douzero"`` (D9.3, D9.4).
Rewards are ``TERMINAL``: ``returns()`` are 0 until the episode ends, then each
seat's total over its hands (the library's match scores). The
:class:`~pyspiel.GameInfo` bounds are true ones: ``min_utility`` and
``max_utility`` are :attr:`Rules.score_bounds <zhengshangyou.rules.Rules.score_bounds>`
times the hands an episode can have (under ``scoring="none"``, where every return
is 0, they are -1 and 1: OpenSpiel needs a range); ``max_game_length`` counts
decisions, as OpenSpiel defines it, :attr:`Rules.max_moves
<zhengshangyou.rules.Rules.max_moves>` a hand (the first hand has no exchange;
under ``all_pass="redeal"`` with the declines of the hands thrown in, ``players``
each); ``max_chance_nodes_in_history`` counts the chance nodes, exactly unless a
target ends the episode early or hands are thrown in and dealt again.

Observations
------------

The observation tensor is :func:`zhengshangyou.envs.encode` of the seat's
:class:`~zhengshangyou.game.Observation`, one flat array (the observer's ``dict``
holds it as ``"observation"``; :func:`zhengshangyou.envs.layout` names its blocks);
while a hand is being dealt it holds only the cards the seat has been dealt so far,
in the ``hand`` block. The observation string is a line of the same facts.

The information state string (perfect recall) holds, for each hand so far, the
seat's cards as dealt, the dealer, the trick card and its seat, and every move the
seat saw, with its cards. The information state tensor (what Deep CFR and other
information-state algorithms read) is the observation tensor followed by the
``"history"`` block: every action the seat saw in the hand being played, in order,
two entries an action (the acting seat counted from the observer's, 1 for the
observer itself, over the number of players; the move's id plus 1 over the action
space's size), zeros after the last; ``2 * Rules.max_moves`` entries, since a hand
has at most :attr:`Rules.max_moves <zhengshangyou.rules.Rules.max_moves>` decisions.
With the observation (the seat's hand, the cards each seat played, the scores and the
results of the hands before), the hand's own course is recalled in full; earlier
hands enter through the observation's scores and results only (their full record is
in the string). Both read nothing but the seat's observation and the cards dealt to
it.

>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player() == state.engine.to_act, state.legal_actions()[:3]
(True, [0, 3, 6])
>>> [state.action_to_string(action) for action in state.legal_actions()[:3]]  # suits matter
['3D', '6D', '9D']
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from zhengshangyou.actions import Move
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.cards import Card
from zhengshangyou.envs.encoding import (
    encode,
    layout,
    observation_size,
    played_hands,
    rules_of,
    suits_encoded,
)
from zhengshangyou.errors import InvalidRulesError, InvalidSetupError, WrongTypeError, brief_repr
from zhengshangyou.game import Action, Deal, Observation, Phase, State, check_deal
from zhengshangyou.game.deal import marks_a_card, odd_card_seat
from zhengshangyou.hand import Hand
from zhengshangyou.rules import Rules, check_rules

__all__ = [
    "GAME_TYPE",
    "NAME",
    "PARAMETERS",
    "REDEAL_LIMIT",
    "ZhengShangyouGame",
    "ZhengShangyouState",
    "parameters",
]

#: The short name the game is registered under.
NAME = "python_zhengshangyou"

#: Card ids per deck: ``Card.index`` runs 0..53 (the jokers last); the trick card's
#: copy dealt second takes ``54 + index`` (R2.4).
_CARD_IDS = 54
#: OpenSpiel's players of chance and of the end, as ints.
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: Library ruling: the most hands one episode may hold.
_HANDS_LIMIT = 10_000
#: Library ruling: under ``all_pass="redeal"`` (D3.3) an episode ends once this many
#: deals in a row were thrown in (an OpenSpiel game must have a longest history).
REDEAL_LIMIT = 20


#: Options that are True, False or None (unset): the text ``"auto"``, ``"yes"`` or ``"no"``
#: (``"true"``, ``"false"`` and bools are read too; OpenSpiel reads ``true`` and ``false``
#: in a game's string back as bools, which a text parameter refuses).
_AUTO_BOOLS = ("wing_trio_adjacent", "kitty_public")
_YES_NO = {"true": "yes", "yes": "yes", "false": "no", "no": "no"}
#: Options that are a word or None (unset, the rules' default): ``"auto"`` stands for None.
_AUTO_WORDS = ("bid_rounds", "first_bidder", "all_pass", "douzero_objective", "three_player_deal")
#: Options that are an int or None: the int that stands for None.
_NONE_INTS = {"target_score": 0, "spring_multiplier": 0, "landlord_seat": -1, "hand_size": 0}


def _parameter(name: str, value: Any) -> int | bool | str:
    """A rule option's value (as :meth:`Rules.to_dict` gives it) as a parameter."""
    if name == "suit_order":
        return "none" if value is None else str(value)
    if name == "penalty_tiers":
        return "auto" if value is None else "/".join(f"{low}:{times}" for low, times in value)
    if name in _NONE_INTS:
        return _NONE_INTS[name] if value is None else int(value)
    if name in _AUTO_BOOLS:
        return "auto" if value is None else "yes" if value else "no"
    if name in _AUTO_WORDS:
        return "auto" if value is None else str(value)
    assert isinstance(value, (int, str))
    return value


#: Every parameter and its default: the rule options (the default rules' values, in
#: their text forms), then ``preset``, ``hands`` and ``dealer``.
PARAMETERS: dict[str, int | bool | str] = {
    **{name: _parameter(name, value) for name, value in Rules().to_dict().items()},
    "preset": "",
    "hands": 1,
    "dealer": -1,
}


def parameters(rules: Rules, *, hands: int = 1, dealer: int = -1) -> dict[str, int | bool | str]:
    """The parameters of the game of ``rules`` (with ``hands`` and ``dealer``): those
    that differ from their defaults, with no preset, so any rule set is reached.

    >>> rules = Rules.preset("winner", joker_bomb=True)
    >>> parameters(rules)["min_straight"], "joker_bomb" in parameters(rules)   # the default's
    (3, False)
    >>> pyspiel.load_game(NAME, parameters(rules)).rules == rules
    True
    """
    values = {name: _parameter(name, value) for name, value in check_rules(rules).to_dict().items()}
    values.update(hands=hands, dealer=dealer)
    return {name: value for name, value in values.items() if value != PARAMETERS[name]}


def _tiers(text: str) -> list[tuple[int, int]] | None:
    """``penalty_tiers`` from its text form: ``"auto"``, or ``"12:2/17:3"``."""
    if text.strip().lower() == "auto":
        return None
    try:
        return [
            (int(low), int(times)) for low, times in (pair.split(":") for pair in text.split("/"))
        ]
    except ValueError:
        raise InvalidRulesError(
            f"penalty_tiers must be 'auto' or min_cards:multiplier pairs joined by '/', as"
            f" '12:2/17:3', not {text!r}",
            options=("penalty_tiers",),
            rule="R7.1",
        ) from None


def _option(name: str, value: int | bool | str) -> Any:
    """A parameter's value as the rule option :meth:`Rules.preset` takes."""
    if name == "suit_order":
        return None if str(value).strip().lower() == "none" else value
    if name == "penalty_tiers":
        return _tiers(str(value))
    if name in _NONE_INTS:
        return None if value == _NONE_INTS[name] else value
    if name in _AUTO_BOOLS:
        return {"auto": None, "yes": True, "no": False}.get(str(value).strip().lower(), value)
    if name in _AUTO_WORDS:
        return None if str(value).strip().lower() == "auto" else value
    return value


def _yes_no(value: object) -> object:
    """A tri-state parameter's value in its canonical text (``"auto"``, ``"yes"``,
    ``"no"``), from a bool or any of its texts; anything else as it is."""
    if type(value) is bool:
        return "yes" if value else "no"
    if isinstance(value, str):
        return _YES_NO.get(value.strip().lower(), value)
    return value


def _checked(params: Mapping[str, Any]) -> dict[str, int | bool | str]:
    """Every parameter, the given ones checked for name and type (as OpenSpiel does)."""
    if not isinstance(params, Mapping):
        raise WrongTypeError(
            f"parameters must be a mapping, not {brief_repr(params)}", argument="params"
        )
    values = dict(PARAMETERS)
    for name, value in params.items():
        if name not in PARAMETERS:
            raise InvalidRulesError(
                f"unknown parameter {name!r} of {NAME}; parameters are: {', '.join(PARAMETERS)}",
                options=(str(name),),
            )
        kind = type(PARAMETERS[name])
        if name in _AUTO_BOOLS:
            value = _yes_no(value)
        if type(value) is not kind:
            article = "an" if kind is int else "a"
            raise WrongTypeError(
                f"parameter {name} must be {article} {kind.__name__}, not {brief_repr(value)}",
                argument=name,
            )
        values[name] = value
    return values


def _utility(rules: Rules, hands: int) -> tuple[Any, float | None, float, float]:
    """The game's utility type, its sum, and the lowest and highest return (R7)."""
    low, high = rules.score_bounds
    shortest = hands  # the fewest hands an episode can have: a target may end it (R7.4)
    if rules.target_score is not None and high > 0:
        shortest = min(hands, max(1, math.ceil(rules.target_score / high)))
    lowest = low * (hands if low < 0 else shortest)
    highest = high * (hands if high > 0 else shortest)
    if lowest == highest:  # scoring="none": OpenSpiel needs a range
        lowest, highest = lowest - 1, highest + 1
    kinds = pyspiel.GameType.Utility
    if rules.scoring in ("win_loss", "douzero"):  # 1 a winner, 0 a loser; ±r, ∓r each (D9.3, D9.4)
        return kinds.GENERAL_SUM, None, float(lowest), float(highest)
    if rules.scoring != "placement":
        return kinds.ZERO_SUM, 0.0, float(lowest), float(highest)
    if shortest == hands:  # 2 + 1 points a hand (R7.2)
        return kinds.CONSTANT_SUM, 3.0 * hands, float(lowest), float(highest)
    return kinds.GENERAL_SUM, None, float(lowest), float(highest)


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=NAME,
        long_name="Zheng Shangyou (zhengshangyou)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=PARAMETERS,
    )


#: The type the game is registered with: general-sum, since ``scoring="placement"``
#: is not zero-sum (a loaded game's own type is as its scoring is).
GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)


class _Setup:
    """What one set of parameters fixes: the rules, the action space, the bounds.
    Shared by every position of a game; pickled as its parameters."""

    def __init__(self, values: Mapping[str, int | bool | str]) -> None:
        self.values = dict(values)
        self.given = {name: value for name, value in values.items() if value != PARAMETERS[name]}
        options = {
            name: _option(name, value)
            for name, value in self.given.items()
            if name not in ("preset", "hands", "dealer")
        }
        preset = str(values["preset"])
        self.rules = rules = rules_of(preset or None, **options)
        self.hands = hands = int(values["hands"])
        self.dealer = dealer = int(values["dealer"])
        if not 1 <= hands <= _HANDS_LIMIT:
            raise InvalidSetupError(f"hands must be 1 to {_HANDS_LIMIT}, not {hands}", rule="R7.4")
        if not -1 <= dealer < rules.players:
            raise InvalidSetupError(
                f"dealer must be -1 (drawn, R2.3) or a seat 0..{rules.players - 1}, not {dealer}",
                rule="R2.3",
            )
        self.space = ActionSpace(rules)
        self.players = rules.players
        self.deck_size = rules.deck_size
        # The cards dealt to the seats, then the kitty (D2.2).
        # (B2.1, T2.1: a deal that leaves cards out deals them last, unused; Big Two's
        # three-player 52nd card is dealt last, face up, to the seat B2.1 names)
        if rules.cards_each is not None:
            self.seat_cards = rules.players * rules.cards_each
        else:
            self.seat_cards = rules.deck_size - rules.kitty - rules.odd_card_face_up
        # A marked card (R2.4's face-up trick card; D2.3's card that names the first
        # bidder) is drawn after the deal of the first hand, and of every hand.
        self.trick = marks_a_card(rules, first_hand=True)
        self.trick_later = marks_a_card(rules, first_hand=False)
        # Deals thrown in a row before the episode ends (D3.3 redeal; 0: none thrown in again).
        self.redeals = REDEAL_LIMIT if rules.auction != "none" and rules.all_pass != "void" else 0
        self.card_ids = _CARD_IDS if rules.jokers else _CARD_IDS - 2
        counts = [0] * self.card_ids
        for card in rules.deck():
            counts[card.index] += 1
        self.counts = tuple(counts)
        self.hand_block = layout(rules)["hand"]
        self.suits = suits_encoded(rules)
        self.utility, self.utility_sum, self.min_utility, self.max_utility = _utility(rules, hands)
        # Decisions (R5, R8): the first hand has no exchange; chance: the first
        # dealer, every card of every deal, the trick card.
        first = rules.evolve(exchange="none").max_moves
        self.max_game_length = first + (hands - 1) * rules.max_moves
        deals = hands
        if self.redeals:  # at most REDEAL_LIMIT - 1 deals thrown in before each hand
            # played, of ``players`` declines each (D3.2, D3.4), or the episode ends
            thrown = hands * (self.redeals - 1) + 1
            deals += thrown
            self.max_game_length += thrown * rules.players
        self.max_chance_nodes = (
            (dealer < 0) + deals * self.deck_size + self.trick + (deals - 1) * self.trick_later
        )
        self.max_chance_outcomes = max(
            self.players,
            _CARD_IDS + self.card_ids if self.trick and rules.decks == 2 else self.card_ids,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return _Setup, (self.values,)


class _Position:
    """One position of an episode, immutable and shared by the states that clone it:
    the hand being dealt or played, its deal so far, and the engine's state (the hand
    in play, or the hand just over while the next is dealt). ``player`` is OpenSpiel's
    player to act; ``views`` holds each finished hand's information-state text by seat.
    """

    __slots__ = (
        "dealer",
        "dealt",
        "engine",
        "hand",
        "left",
        "moves",
        "player",
        "setup",
        "trick",
        "views",
    )

    def __init__(
        self,
        setup: _Setup,
        hand: int = 0,
        dealer: int = -1,
        dealt: tuple[Card, ...] = (),
        left: tuple[int, ...] = (),
        trick: tuple[Card, int] | None = None,
        engine: State | None = None,
        views: tuple[tuple[str, ...], ...] = (),
    ) -> None:
        self.setup, self.hand, self.dealer, self.dealt = setup, hand, dealer, dealt
        self.left, self.trick, self.engine, self.views = left, trick, engine, views
        self.moves: dict[int, Move] | None = None  # the legal moves by id, once asked
        if engine is None or engine.hand_number < hand:
            self.player = _CHANCE
        elif engine.phase.is_over:
            self.player = _TERMINAL
        else:
            self.player = engine.to_act

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self  # immutable: a clone shares it

    def __reduce__(self) -> tuple[Any, ...]:
        fields = (
            self.hand,
            self.dealer,
            self.dealt,
            self.left,
            self.trick,
            self.engine,
            self.views,
        )
        return _Position, (self.setup, *fields)  # the legal moves are found again

    @property
    def dealing(self) -> bool:
        return self.player == _CHANCE

    def seat_of(self, place: int) -> int:
        """The seat that the card dealt ``place``-th goes to (R2.2)."""
        return (self.dealer + place) % self.setup.players

    def dealt_to(self, seat: int) -> tuple[Card, ...]:
        """The cards dealt to ``seat`` so far (not the kitty's, D2.2)."""
        setup = self.setup
        return self.dealt[: setup.seat_cards][(seat - self.dealer) % setup.players :: setup.players]

    def marks(self) -> bool:
        """Whether this hand's deal draws a marked card (R2.4, D2.3)."""
        return self.setup.trick_later or (self.setup.trick and self.hand == 0)

    def legal(self) -> dict[int, Move]:
        """The legal moves of the seat to act, by id, ascending: what
        :meth:`ActionSpace.moves` gives for the seat's observation, read from the legal
        moves the observation would list, without the rest of the observation."""
        moves = self.moves
        if moves is None:
            assert self.engine is not None
            encode = self.setup.space.encode
            moves = self.moves = dict(
                sorted((encode(move), move) for move in self.engine.legal_moves())
            )
        return moves


def _start(setup: _Setup) -> _Position:
    """The first position: the first dealer to draw (R2.3), or the first card to deal."""
    return _Position(setup, dealer=setup.dealer, left=setup.counts)


def _copies(position: _Position) -> dict[int, list[int]]:
    """Each dealt card's seats, by card index, in deal order."""
    seats: dict[int, list[int]] = {}
    for place, card in enumerate(position.dealt[: position.setup.seat_cards]):  # (not the kitty)
        seats.setdefault(card.index, []).append(position.seat_of(place))
    return seats


def _trick_outcomes(position: _Position) -> list[tuple[int, float]]:
    """R2.4, D2.3: every card dealt to a seat alike; two copies in one seat are one outcome."""
    share = 1.0 / position.setup.seat_cards
    outcomes: list[tuple[int, float]] = []
    for index, seats in _copies(position).items():
        if len(seats) == 1 or seats[0] == seats[1]:
            outcomes.append((index, share * len(seats)))
        else:
            outcomes += [(index, share), (_CARD_IDS + index, share)]
    return sorted(outcomes)


def _chance_outcomes(position: _Position) -> list[tuple[int, float]]:
    setup = position.setup
    if position.dealer < 0:
        return [(seat, 1.0 / setup.players) for seat in range(setup.players)]
    if len(position.dealt) < setup.deck_size:
        undealt = setup.deck_size - len(position.dealt)
        return [(index, count / undealt) for index, count in enumerate(position.left) if count]
    return _trick_outcomes(position)


def _after_chance(position: _Position, action: int) -> _Position:
    setup = position.setup
    if position.dealer < 0:
        if not 0 <= action < setup.players:
            raise InvalidSetupError(
                f"chance outcome {action} is no seat to deal (R2.3)", rule="R2.3"
            )
        return _Position(setup, dealer=action, left=position.left)
    if len(position.dealt) < setup.deck_size:
        if not 0 <= action < setup.card_ids or not position.left[action]:
            raise InvalidSetupError(
                f"chance outcome {action} is no card left to deal (R2.2)", rule="R2.2"
            )
        left = list(position.left)
        left[action] -= 1
        after = _Position(
            setup,
            hand=position.hand,
            dealer=position.dealer,
            dealt=(*position.dealt, Card.from_index(action)),
            left=tuple(left),
            engine=position.engine,
            views=position.views,
        )
        if len(after.dealt) < setup.deck_size or after.marks():
            return after
        return _dealt(after)
    # The trick card (R2.4): an outcome of _trick_outcomes, nothing else (no negative
    # id read modulo 54, no copy that was not dealt to a seat of its own).
    if action not in dict(_trick_outcomes(position)):
        raise InvalidSetupError(
            f"chance outcome {action} is no dealt card to turn up (R2.4)", rule="R2.4"
        )
    seats = _copies(position)[action % _CARD_IDS]
    return _dealt(position, (Card.from_index(action % _CARD_IDS), seats[action // _CARD_IDS]))


def _dealt(position: _Position, trick: tuple[Card, int] | None = None) -> _Position:
    """The hand as dealt, with its face-up ``trick`` card and seat, handed to the engine
    (R2.2a): the first state of the match, or the previous hand's next (R2.6-R2.8)."""
    setup = position.setup
    rules = setup.rules
    dealt = [list(position.dealt_to(seat)) for seat in range(setup.players)]
    card, seat = trick if trick is not None else (None, None)
    rest = tuple(sorted(position.dealt[setup.seat_cards :]))
    kitty, undealt = (rest, ()) if rules.cards_each is None else ((), rest)
    if rules.odd_card_face_up:  # B2.1: the 52nd card, face up
        card = position.dealt[setup.seat_cards]
        seat = odd_card_seat(rules, dealt, card)
        dealt[seat].append(card)
        kitty = ()
    hands = tuple(Hand(cards) for cards in dealt)
    deal = Deal(position.dealer, hands, card, seat, kitty, undealt)
    previous = position.engine
    if previous is None:
        engine = State.new(rules, seed=0, deals=[deal])
    else:
        check_deal(rules, deal)
        given = attrs.evolve(previous.match, deals=(deal,))
        engine = attrs.evolve(previous, match=given).next_hand()
    return _Position(
        setup,
        hand=position.hand,
        dealer=position.dealer,
        trick=trick,
        engine=engine,
        views=position.views,
    )


def _next_dealer(engine: State) -> int:
    """Who deals the hand after ``engine``'s (R2.7; after a hand thrown in, the next
    seat, D3.3)."""
    rules, previous = engine.rules, engine.results[-1]
    if previous.thrown_in:
        return (engine.dealer + 1) % rules.players
    if rules.next_dealer == "loser":
        return previous.loser
    if rules.next_dealer == "winner":
        return previous.winner
    return (engine.dealer + 1) % rules.players


def _thrown_in(engine: State, move: Move) -> State:
    """``engine`` after ``move``, the last decline of an auction nobody bid in, under
    ``all_pass="redeal"``: the hand thrown in (D3.3), over, its next deal not yet made
    (the engine would deal it at once from its seed; here chance deals it). Played
    under ``all_pass="void"``, which ends the hand the same way and stops there."""
    rules = engine.rules
    void = attrs.evolve(engine.match, rules=rules.evolve(all_pass="void"))
    over = attrs.evolve(engine, match=void).play(move)
    return attrs.evolve(over, match=attrs.evolve(over.match, rules=rules))


def _thrown_in_a_row(engine: State) -> int:
    """The hands thrown in at the end of ``engine``'s results (D3.3)."""
    count = 0
    for result in reversed(engine.results):
        if not result.thrown_in:
            break
        count += 1
    return count


def _after_move(position: _Position, action: int) -> _Position:
    setup = position.setup
    before = position.engine
    assert before is not None
    move = position.legal().get(action)
    if move is None:  # the space's own error, naming the id
        setup.space.decode(action, before.observation(position.player))
    assert move is not None
    engine = before.play(move)
    if engine.hand_number > before.hand_number:  # nobody bid: chance deals the hand again
        engine = _thrown_in(before, move)
    if (
        not engine.phase.is_over
        or engine.phase is Phase.MATCH_OVER
        or played_hands(engine.results, setup.rules) >= setup.hands
        or (setup.redeals and _thrown_in_a_row(engine) >= setup.redeals)
    ):
        return _Position(
            setup,
            hand=position.hand,
            dealer=position.dealer,
            trick=position.trick,
            engine=engine,
            views=position.views,
        )
    views = tuple(_hand_view(engine, seat) for seat in range(setup.players))
    return _Position(
        setup,
        hand=position.hand + 1,
        dealer=_next_dealer(engine),
        left=setup.counts,
        engine=engine,
        views=(*position.views, views),
    )


# --- text -------------------------------------------------------------------------


def _actions(history: tuple[Action, ...]) -> str:
    return "; ".join(f"{action.seat}:{action.move}" for action in history)


def _hand_view(engine: State, seat: int) -> str:
    """What ``seat`` saw of the hand of ``engine``: its cards as dealt, the dealer, the
    trick card, and every move it saw (its observation's history)."""
    deal = engine.deal
    seen = engine.observation(seat)  # (no marked card under first_bidder="random", D2.3)
    trick = f" trick {seen.trick_card}@{seen.trick_seat}" if seen.trick_card is not None else ""
    kitty = f" kitty {' '.join(map(str, seen.kitty))}" if seen.kitty else ""
    return (
        f"hand {engine.hand_number} dealer {deal.dealer} dealt {deal.hands[seat]}{trick}{kitty}"
        f" | {_actions(seen.history)}"
    )


def _dealing_view(position: _Position, seat: int) -> str:
    dealer = "?" if position.dealer < 0 else str(position.dealer)
    dealt = Hand(position.dealt_to(seat)) if position.dealer >= 0 else Hand(())
    return f"hand {position.hand} dealer {dealer} dealing {dealt}"


def _seats(seats: tuple[int, ...]) -> str:
    return " ".join(map(str, seats)) or "-"


def _observation_text(seen: Observation) -> str:
    """A line of what the observation holds."""
    top = f"{seen.top} by {seen.top_seat}" if seen.top is not None else "-"
    trick = f" | trick {seen.trick_card}@{seen.trick_seat}" if seen.trick_card is not None else ""
    offered = f" | offered {' '.join(map(str, seen.offered))}" if seen.offered else ""
    exchanged = f" | exchanged {_actions(seen.exchanged)}" if seen.exchanged else ""
    if seen.rules.teams == "landlord":  # (D3, D4, D9.1)
        kitty = " ".join(map(str, seen.kitty)) or "-"
        exchanged += f" | landlord {seen.landlord} base {seen.base} x{seen.multiplier} kitty {kitty}"
    return (
        f"seat {seen.seat} hand {seen.hand_number} {seen.phase} | {seen.hand} | held"
        f" {' '.join(map(str, seen.counts))} | top {top} | passed {_seats(seen.passed)}"
        f" | out {_seats(seen.finished)} | to act {seen.to_act}{trick}{offered}{exchanged}"
        f" | scores {' '.join(map(str, seen.scores))}"
    )


class ZhengShangyouGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game (see the module docstring); ``rules`` are its rules.

    >>> game = ZhengShangyouGame({"players": 2, "hands": 2, "exchange": "highest_for_any"})
    >>> str(game)
    'python_zhengshangyou(exchange=highest_for_any,hands=2,players=2)'
    >>> game.get_type().utility, game.utility_sum()
    (<Utility.ZERO_SUM: 0>, 0.0)
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        setup = _Setup(_checked(params or {}))
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.space.size,
            max_chance_outcomes=setup.max_chance_outcomes,
            num_players=setup.players,
            min_utility=setup.min_utility,
            max_utility=setup.max_utility,
            utility_sum=setup.utility_sum,
            max_game_length=setup.max_game_length,
        )
        super().__init__(_game_type(setup.utility), info, setup.given)
        self._setup = setup
        self._start = _start(setup)

    @property
    def rules(self) -> Rules:
        """The rules of the game's hands.

        >>> pyspiel.load_game(NAME, {"preset": "two-deck"}).rules.decks
        2
        """
        return self._setup.rules

    @property
    def hands(self) -> int:
        """The hands of one episode (the ``hands`` parameter).

        >>> pyspiel.load_game(NAME, {"hands": 3}).hands
        3
        """
        return self._setup.hands

    def new_initial_state(self) -> ZhengShangyouState:
        """The start of an episode: a chance node (the first dealer or the first card).

        >>> pyspiel.load_game(NAME, {"dealer": 2}).new_initial_state().chance_outcomes()[0]
        (0, 0.018518518518518517)
        """
        return ZhengShangyouState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The chance nodes of an episode: the first dealer (unless given), every card
        of every deal, and the trick card (R2.2–R2.4); fewer only when a target ends
        the episode early (R7.4). Under ``all_pass="redeal"`` (D3.3) a bound: the
        deals of the hands thrown in, up to :data:`REDEAL_LIMIT` in a row, with
        their first bidders' cards (D2.3).

        >>> pyspiel.load_game(NAME).max_chance_nodes_in_history()   # 1 + 54 + 1
        56
        """
        return int(self._setup.max_chance_nodes)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _Observer:
        """The observer of ``iig_obs_type``: OpenSpiel's default observation (the
        encoding), or the perfect-recall information state (a string).

        >>> game = pyspiel.load_game(NAME)
        >>> list(game.make_py_observer().dict), game.make_py_observer().tensor.shape
        (['observation'], (250,))
        >>> recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        >>> list(recall.dict), recall.tensor.shape     # 250 + 2 * Rules().max_moves
        (['observation', 'history'], (668,))
        """
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return _Observer(self._setup, iig_obs_type, params)


class ZhengShangyouState(pyspiel.State):  # type: ignore[misc]
    """A state of the OpenSpiel game; :attr:`engine` is the library's state of it.

    >>> state = pyspiel.load_game(NAME, {"players": 2, "dealer": 0}).new_initial_state()
    >>> state.action_to_string(pyspiel.PlayerId.CHANCE, 53)
    'deal RJ to seat 0'
    >>> state.apply_action(53)
    >>> state.information_state_string(0), state.observation_string(1)
    ('seat 0 || hand 0 dealer 0 dealing RJ', 'seat 1 hand 0 dealer 0 dealing ')
    """

    def __init__(self, game: ZhengShangyouGame) -> None:
        super().__init__(game)
        self._position = game._start

    @property
    def engine(self) -> State | None:
        """The library's state: the hand in play (or the last one, while the next is
        dealt); None while the first hand is dealt.

        >>> state = pyspiel.load_game(NAME).new_initial_state()
        >>> state.engine is None
        True
        """
        return self._position.engine

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        return self._position.player

    def is_terminal(self) -> bool:
        """Whether the episode is over: its last hand, or a target reached (R7.4)."""
        return self._position.player == _TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the seat's legal moves, ascending (:meth:`ActionSpace.legal_ids`)."""
        return list(self._position.legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes here and their probabilities (R2.2–R2.4)."""
        return _chance_outcomes(self._position)

    def _apply_action(self, action: int) -> None:
        """Deal, or play the move of id ``action`` (an error naming it when illegal)."""
        position = self._position
        if position.dealing:
            self._position = _after_chance(position, action)
        else:
            self._position = _after_move(position, action)

    def _action_to_string(self, player: int, action: int) -> str:
        """The label of a move's id (:meth:`ActionSpace.label`), or what a chance
        outcome deals."""
        if player >= 0:
            return self._position.setup.space.label(action)
        position = self._position
        if not position.dealing:
            return f"chance outcome {action}"
        if position.dealer < 0:
            return f"dealer {action}"
        card = Card.from_index(action % _CARD_IDS)
        if len(position.dealt) < position.setup.seat_cards:
            return f"deal {card} to seat {position.seat_of(len(position.dealt))}"
        if len(position.dealt) < position.setup.deck_size:
            return f"deal {card} to the kitty"
        seats = _copies(position).get(card.index, [0])
        return f"trick card {card} at seat {seats[min(action // _CARD_IDS, len(seats) - 1)]}"

    def returns(self) -> list[float]:
        """Each seat's total over the episode's hands once it is over, else zeros (R7)."""
        position = self._position
        if position.player != _TERMINAL:
            return [0.0] * position.setup.players
        assert position.engine is not None
        return [float(score) for score in position.engine.scores]

    def __str__(self) -> str:
        position = self._position
        engine = position.engine
        if position.dealing:
            dealer = "?" if position.dealer < 0 else position.dealer
            dealt = " | ".join(
                f"{seat}: {Hand(position.dealt_to(seat))}" for seat in range(position.setup.players)
            )
            return f"hand {position.hand} dealer {dealer} dealing | {dealt}"
        assert engine is not None
        hands = " | ".join(f"{seat}: {hand}" for seat, hand in enumerate(engine.hands))
        scores = " ".join(map(str, engine.scores))
        return f"{engine!r} | scores {scores} | {hands} | {_actions(engine.log)}"


class _Observer:
    """OpenSpiel's observer of one seat (the PyObserver interface): the encoding of
    its observation as ``tensor`` (``dict["observation"]``); with perfect recall, the
    information state: the encoding and the actions the seat saw this hand
    (``dict["history"]``, see the module docstring), and the perfect-recall string."""

    def __init__(self, setup: _Setup, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise WrongTypeError(
                f"the observer takes no parameters, not {dict(params)!r}", argument="params"
            )
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise WrongTypeError(
                "the observer shows one seat's view: public_info=True,"
                " private_info=PrivateInfoType.SINGLE_PLAYER",
                argument="iig_obs_type",
            )
        self.setup = setup
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        size = observation_size(setup.rules)
        history = 2 * setup.rules.max_moves if self.perfect_recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(size + history, dtype=np.float32)
        self.observation = self.tensor[:size] if history else self.tensor
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.observation}
        self.history: npt.NDArray[np.float32] | None = None
        if self.perfect_recall:
            self.history = self.tensor[size:]
            self.dict["history"] = self.history

    def set_from(self, state: ZhengShangyouState, player: int) -> None:
        """Write ``player``'s observation of ``state`` into ``tensor`` (and, with
        perfect recall, the actions it saw this hand)."""
        position = state._position
        setup = self.setup
        self.tensor.fill(0)
        if not position.dealing:
            assert position.engine is not None
            seen = position.engine.observation(player)
            self.observation[:] = encode(seen)
            if self.history is not None:
                # Each action the seat saw this hand (its observation's history, R8.2:
                # an offer only where it may see it), in order: the acting seat counted
                # from the observer's (1 the observer), and the move's id, both over
                # their ranges, (0, 0) for none yet.
                players, size, encode_move = setup.players, setup.space.size, setup.space.encode
                for place, action in enumerate(seen.history):
                    self.history[2 * place] = ((action.seat - player) % players + 1) / players
                    self.history[2 * place + 1] = (encode_move(action.move) + 1) / size
            return
        if position.dealer >= 0:
            hand, suits = self.observation[setup.hand_block], setup.suits
            for card in position.dealt_to(player):
                hand[card.index if suits else card.rank] += 1

    def string_from(self, state: ZhengShangyouState, player: int) -> str:
        """``player``'s observation string, or its information state."""
        position = state._position
        if not self.perfect_recall:
            if position.dealing:
                return f"seat {player} {_dealing_view(position, player)}"
            assert position.engine is not None
            return _observation_text(position.engine.observation(player))
        past = [views[player] for views in position.views]
        if position.dealing:
            past.append(_dealing_view(position, player))
        else:
            assert position.engine is not None
            past.append(_hand_view(position.engine, player))
        return f"seat {player} || " + " || ".join(past)


pyspiel.register_game(GAME_TYPE, ZhengShangyouGame)
