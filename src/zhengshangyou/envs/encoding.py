"""The fixed-shape encoding of an observation, for learning agents (extra ``[rl]``).

:func:`encode` turns an :class:`~zhengshangyou.game.Observation` (what one seat
may know, and nothing else) into a flat ``float32`` array whose shape depends
only on the rules; :func:`layout` names its blocks. Seats are relative: block
entry 0 is the observing seat, entry 1 the next seat in play order, and so on.

A *card block* counts cards. Where suits matter under the rules (a comparison by
suit, R4.3/R4.5, or straight flushes, R3.10) it has 54 entries, one a card
(``Card.index``: ``4 * rank + suit``, then BJ, RJ); otherwise 15, one a rank
(3 … 2, BJ, RJ). An entry holds how many such cards (up to 2 with two decks, or
``4 * decks`` for a rank).

==================  =========================  ==============================================
block               size                       what it holds
==================  =========================  ==============================================
``hand``            card block                 the seat's own hand
``played``          players × card block       cards each seat played this hand
``held``            players                    cards each seat holds
``top``             card block                 the play to beat (zero when leading)
``top_kind``        kinds of the rules         its kind, one-hot (the catalogue's order)
``top_seat``        players                    who made it, one-hot
``to_act``          players                    who is to act, one-hot
``passed``          players                    who passed since the last play
``locked``          players                    who is locked out of the trick (R5.3)
``out``             players                    who is out of the hand
``winner``          players                    the Winner of the hand, one-hot (R6.1)
``played_any``      players                    who has played a card this hand (R7.1)
``must_include``    card block                 the card the lead must include (R2.5)
``revolution``      1                          whether the rank order is flipped (R4.8)
``phase``           4                          exchange, play, hand over, match over
``offered``         card block                 the two cards offered (R8.2; seen by two seats)
``received``        players × card block       cards each seat received in the exchange
``trick_card``      card block                 the face-up trick card (R2.4)
``trick_seat``      players                    who was dealt it, one-hot
``scores``          players                    the match scores so far
``hand_number``     1                          the hand's number in the match, from 0
==================  =========================  ==============================================

(Under ``all_pass="redeal"`` the hands nobody bid for, dealt again at once, are not
counted in ``hand_number``: see :func:`played_hands`.)

The ``phase`` block has one entry a phase of :class:`~zhengshangyou.game.Phase` the
rules' hands go through: exchange, play, hand over and match over, and under rules
with a landlord (``teams="landlord"``, Dou Dizhu, FAMILY.md part D) the auction too,
in :data:`~zhengshangyou.game.Phase`'s order (exchange, auction, play, hand over,
match over; see :func:`phases`). Under those rules five blocks follow the others
(:data:`LANDLORD_BLOCKS`); under any other rules there are none, and the encoding
is Zheng Shangyou's as it always was:

==================  =========================  ==============================================
block               size                       what it holds
==================  =========================  ==============================================
``landlord``        players                    the landlord, one-hot, once known (D3, D4)
``base``            1                          the stake the auction settled, 0 before (D3)
``multiplier``      1                          log2 of the multiplier so far: the bombs and
                                               rockets played this hand (D9.1), at most
                                               :data:`MULTIPLIER_CAP`
``kitty``           card block                 the kitty, once the landlord has taken it and
                                               where the seat may see it (D4.1)
``auction``         players × auction moves    each seat's last auction move this hand,
                                               one-hot: bid 1, bid 2, bid 3, pass
                                               (``auction="bid"``) or call, rob, pass
                                               (``"call_rob"``); none with ``"none"``
==================  =========================  ==============================================

Everything comes from the observation, so two positions that differ only in
cards the seat cannot see encode alike.

>>> from zhengshangyou import Game, Rules
>>> game = Game(Rules(), seed=4)
>>> vector = encode(game.observation(0))
>>> vector.shape == (observation_size(Rules()),), vector.dtype
(True, dtype('float32'))
>>> blocks = layout(Rules())
>>> int(vector[blocks["held"]].sum()), vector[blocks["to_act"]].tolist()  # seat 3 is to act
(54, [0.0, 0.0, 0.0, 1.0])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from zhengshangyou.actions import Bid, Call, Give, Move, Pass, Return, Rob, Take
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.cards import Card
from zhengshangyou.combinations import catalogue
from zhengshangyou.errors import (
    InvalidSetupError,
    WrongTypeError,
    ZhengShangyouError,
    brief_repr,
    check_int,
)
from zhengshangyou.game import SEED_LIMIT, Observation, Phase
from zhengshangyou.plays import Play
from zhengshangyou.rules import Rules, RulesCache
from zhengshangyou.scoring import HandResult

__all__ = [
    "LANDLORD_BLOCKS",
    "MULTIPLIER_CAP",
    "action_mask",
    "check_seed",
    "encode",
    "layout",
    "observation_bounds",
    "observation_size",
    "phases",
    "played_hands",
    "rules_of",
    "suits_encoded",
]

#: The blocks that follow the others under rules with a landlord (Dou Dizhu).
LANDLORD_BLOCKS = ("landlord", "base", "multiplier", "kitty", "auction")

#: The most the ``multiplier`` block holds: log2 of the multiplier (the bombs and
#: rockets of the hand, D9.1), capped (one deck holds at most 13 bombs and a rocket).
MULTIPLIER_CAP = 15

#: The auction's moves in the ``auction`` block, by ``rules.auction`` (D3.1, D3.4).
_AUCTION_MOVES: dict[str, tuple[Move, ...]] = {
    "none": (),
    "bid": (Bid(1), Bid(2), Bid(3), Pass()),
    "call_rob": (Call(), Rob(), Pass()),
}


def phases(rules: Rules) -> tuple[Phase, ...]:
    """The phases of the ``phase`` block under ``rules``, in its order: the auction
    only under rules with a landlord (so Zheng Shangyou's block is as it was).

    >>> [str(phase) for phase in phases(Rules())]
    ['exchange', 'play', 'hand_over', 'match_over']
    >>> [str(phase) for phase in phases(Rules.preset("doudizhu"))][:3]
    ['exchange', 'auction', 'play']
    """
    if rules.teams == "landlord":
        return tuple(Phase)
    return tuple(phase for phase in Phase if phase is not Phase.AUCTION)


def rules_of(preset: str | None = None, **options: Any) -> Rules:
    """The rules an environment is made with: a named preset (RULES.md section 9)
    with ``options`` overriding it, or the options alone (the defaults for the rest).

    >>> rules_of("winner", players=3).players, rules_of(min_straight=3).min_straight
    (3, 3)
    """
    if preset is None:
        return Rules(**options)
    return Rules.preset(preset, **options)


def suits_encoded(rules: Rules) -> bool:
    """Whether card blocks tell suits apart under ``rules``: where a comparison looks
    at suits (R4.3, R4.5) or suits make a straight flush (R3.10).

    >>> suits_encoded(Rules()), suits_encoded(Rules.preset("winner"))
    (False, True)
    """
    return rules.suits_matter or rules.straight_flush != "none"


class _Layout:
    """The blocks of one rule set's encoding, built once per rule set."""

    def __init__(self, rules: Rules) -> None:
        players = rules.players
        self.suits = suits_encoded(rules)
        card = 54 if self.suits else 15
        self.card = card
        self.kinds = {combination.kind: place for place, combination in enumerate(catalogue(rules))}
        self.phases = {phase: place for place, phase in enumerate(phases(rules))}
        self.landlord = rules.teams == "landlord"
        self.auction = {move: place for place, move in enumerate(_AUCTION_MOVES[rules.auction])}
        sizes = [
            ("hand", card),
            ("played", players * card),
            ("held", players),
            ("top", card),
            ("top_kind", len(self.kinds)),
            ("top_seat", players),
            ("to_act", players),
            ("passed", players),
            ("locked", players),
            ("out", players),
            ("winner", players),
            ("played_any", players),
            ("must_include", card),
            ("revolution", 1),
            ("phase", len(self.phases)),
            ("offered", card),
            ("received", players * card),
            ("trick_card", card),
            ("trick_seat", players),
            ("scores", players),
            ("hand_number", 1),
        ]
        if self.landlord:
            sizes += [
                ("landlord", players),
                ("base", 1),
                ("multiplier", 1),
                ("kitty", card),
                ("auction", players * len(self.auction)),
            ]
        self.blocks: dict[str, slice] = {}
        start = 0
        for name, size in sizes:
            self.blocks[name] = slice(start, start + size)
            start += size
        self.size = start
        self.starts = {name: block.start for name, block in self.blocks.items()}


_LAYOUTS: RulesCache[_Layout] = RulesCache(_Layout)


def layout(rules: Rules) -> dict[str, slice]:
    """The blocks of the encoding under ``rules``, by name, in order (see the module
    docstring).

    >>> blocks = layout(Rules())
    >>> list(blocks)[:3], blocks["hand"], blocks["played"]
    (['hand', 'played', 'held'], slice(0, 15, None), slice(15, 75, None))
    """
    return dict(_LAYOUTS[rules].blocks)


def observation_size(rules: Rules) -> int:
    """The length of :func:`encode`'s array under ``rules``.

    >>> observation_size(Rules()), observation_size(Rules.preset("winner"))
    (250, 757)
    """
    return _LAYOUTS[rules].size


def encode(observation: Observation) -> npt.NDArray[np.float32]:
    """The observation as a flat ``float32`` array (see the module docstring).

    >>> from zhengshangyou import Game, Rules
    >>> seen = Game(Rules(players=2), seed=1).observation(1)
    >>> vector = encode(seen)
    >>> int(vector[layout(seen.rules)["hand"]].sum()) == len(seen.hand)
    True
    """
    if not isinstance(observation, Observation):
        raise WrongTypeError(f"expected an Observation, not {brief_repr(observation)}", argument="observation")
    rules = observation.rules
    shape = _LAYOUTS[rules]
    starts, card, suits = shape.starts, shape.card, shape.suits
    players, seat = rules.players, observation.seat
    # The entries that count one each (cards, one-hot seats and kinds), then the rest.
    ones: list[int] = []

    def cards(name: str, held: Iterable[Card], row: int = 0) -> None:
        base = starts[name] + row * card
        ones.extend([base + one.index for one in held] if suits else [base + one.rank for one in held])

    def seats(name: str, which: Iterable[int]) -> None:
        base = starts[name]
        ones.extend([base + (other - seat) % players for other in which])

    cards("hand", observation.hand.cards)
    for other, played in enumerate(observation.played_cards):
        if played:
            cards("played", played, (other - seat) % players)
    top = observation.top
    if top is not None:
        cards("top", top.cards)
        ones.append(starts["top_kind"] + shape.kinds[top.kind])
        seats("top_seat", (observation.top_seat,))
    if observation.to_act >= 0:
        seats("to_act", (observation.to_act,))
    seats("passed", observation.passed)
    seats("locked", observation.locked)
    seats("out", observation.finished)
    seats("winner", observation.finished[:1])
    seats("played_any", observation.played)
    if observation.must_include is not None:
        cards("must_include", (observation.must_include,))
    ones.append(starts["phase"] + shape.phases[observation.phase])
    cards("offered", observation.offered)
    if observation.exchanged:
        parties = _parties(observation)
        for action in observation.exchanged:
            move = action.move
            assert isinstance(move, (Give, Take, Return))
            # The Loser gives to the Winner; takes, or is returned, one of theirs (R8).
            cards("received", (move.card,), (parties[isinstance(move, Give)] - seat) % players)
    if observation.trick_card is not None:
        cards("trick_card", (observation.trick_card,))
    if observation.trick_seat is not None:
        seats("trick_seat", (observation.trick_seat,))
    if shape.landlord:
        _landlord_ones(observation, shape, ones, cards, seats)
    out = np.bincount(ones, minlength=shape.size).astype(np.float32)
    counts, scores = observation.counts, observation.scores
    held, total = starts["held"], starts["scores"]
    out[held : held + players] = counts[seat:] + counts[:seat]
    out[total : total + players] = scores[seat:] + scores[:seat]
    out[starts["revolution"]] = observation.revolution
    out[starts["hand_number"]] = observation.hand_number
    if shape.landlord:
        # The hands dealt again at once after nobody bid (D3.3) are not counted: the
        # number is the hand's among those played, bounded by an episode's hands.
        results = observation.results
        out[starts["hand_number"]] -= len(results) - played_hands(results, rules)
        out[starts["base"]] = observation.base
        bombs = observation.multiplier.bit_length() - 1  # (a power of 2, D9.1)
        out[starts["multiplier"]] = min(bombs, MULTIPLIER_CAP)
    return out


def _landlord_ones(
    observation: Observation,
    shape: _Layout,
    ones: list[int],
    cards: Callable[[str, Iterable[Card]], None],
    seats: Callable[[str, Iterable[int]], None],
) -> None:
    """The one-hot entries of a game with a landlord (D3, D4): the landlord, the kitty
    where the observation shows it, each seat's last auction move this hand."""
    if observation.landlord >= 0:
        seats("landlord", (observation.landlord,))
    cards("kitty", observation.kitty)
    auction = shape.auction
    if not auction:
        return
    last: dict[int, Move] = {}
    for action in observation.history:  # the auction's moves come before the first play
        if isinstance(action.move, Play):
            break
        last[action.seat] = action.move
    base, width, players, seat = shape.starts["auction"], len(auction), observation.rules.players, observation.seat
    ones.extend([base + (other - seat) % players * width + auction[move] for other, move in last.items()])


def observation_bounds(
    rules: Rules, hands: int = 1
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """The lowest and the highest value of every entry of :func:`~zhengshangyou.envs.encode`
    under ``rules``, in a match of at most ``hands`` hands (the ``Box`` of
    :class:`VsBotsEnv`).

    Card blocks count at most the deck's copies of a card or rank (R1), and no more
    than a seat can hold (``rules.max_hand_size``) for a hand, a seat's played cards
    and the top play; a seat's cards held are at most ``max_hand_size``; the offer is
    two cards (R8.2), each seat receives at most one card in an exchange, the start
    card and the trick card are one card each; a match score after ``k`` hands lies
    within ``k`` times ``rules.score_bounds`` (R7); the hand number is below ``hands``;
    every other entry is 0 or 1. An entry that is always 0 under the rules (a joker
    with ``jokers=False``, the scores with ``scoring="none"``, the hand number of a
    one-hand match) gets the range 0 to 1 all the same, so that no range is empty
    (Gymnasium's checker warns of those).

    >>> low, high = observation_bounds(Rules())
    >>> blocks = layout(Rules())
    >>> high[blocks["hand"]].tolist()          # 4 of each rank, one of each joker
    [4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 1.0, 1.0]
    >>> low[blocks["scores"]].tolist(), high[blocks["scores"]].tolist()   # one hand: -42 to 123
    ([-42.0, -42.0, -42.0, -42.0], [123.0, 123.0, 123.0, 123.0])
    >>> high[blocks["held"]].tolist(), float(high[blocks["hand_number"]][0])
    ([14.0, 14.0, 14.0, 14.0], 1.0)
    """
    hands = check_int(hands, "hands")
    if hands < 1:
        raise ZhengShangyouError(f"hands must be at least 1, not {hands}")
    blocks = layout(rules)
    size = observation_size(rules)
    low = np.zeros(size, dtype=np.float32)
    high = np.ones(size, dtype=np.float32)
    suits = suits_encoded(rules)
    copies = Counter(card.index if suits else int(card.rank) for card in rules.deck())
    deck = np.array([copies[entry] for entry in range(54 if suits else 15)], dtype=np.float32)
    held = np.minimum(deck, rules.max_hand_size)
    cards_at_most = {
        "hand": held,
        "played": held,
        "top": held,
        "must_include": np.minimum(deck, 1),
        "offered": np.minimum(deck, 2),
        "received": np.minimum(deck, 1),
        "trick_card": np.minimum(deck, 1),
    }
    if rules.teams == "landlord":
        cards_at_most["kitty"] = np.minimum(deck, rules.kitty)
        high[blocks["base"]] = _highest_base(rules)
        high[blocks["multiplier"]] = MULTIPLIER_CAP
    for name, bound in cards_at_most.items():
        block = blocks[name]
        high[block] = np.tile(bound, (block.stop - block.start) // len(bound))
    high[blocks["held"]] = rules.max_hand_size
    lowest, highest = rules.score_bounds
    low[blocks["scores"]] = min(0, hands * lowest)
    high[blocks["scores"]] = max(0, hands * highest)
    high[blocks["hand_number"]] = hands - 1
    empty = high <= low
    high[empty] = low[empty] + 1
    return low, high


def _highest_base(rules: Rules) -> int:
    """The highest base of an auction (D3): a bid of 3; 2 to the robs, at most one a
    seat after the caller and the caller's rob back (D3.4); 1 for a fixed landlord."""
    if rules.auction == "bid":
        return 3
    if rules.auction == "call_rob":
        return 1 << rules.players
    return 1


def _parties(observation: Observation) -> tuple[int, int]:
    """(Loser, Winner) of the exchange of the observation's hand: the previous hand's."""
    previous = observation.results[observation.hand_number - 1]
    return previous.loser, previous.winner


def action_mask(observation: Observation) -> npt.NDArray[np.int8]:
    """:meth:`ActionSpace.mask <zhengshangyou.actionspace.ActionSpace.mask>` as an
    ``int8`` array (what PettingZoo and Gymnasium agents read).

    >>> from zhengshangyou import Game, Rules
    >>> game = Game(Rules(), seed=4)
    >>> int(action_mask(game.observation(game.to_act)).sum()) == game.legal_moves().count()
    True
    """
    space = ActionSpace(observation.rules)
    mask = np.zeros(space.size, dtype=np.int8)
    mask[list(space.moves(observation))] = 1
    return mask


def played_hands(results: Sequence[HandResult], rules: Rules) -> int:
    """How many of the hands of ``results`` count among an episode's hands: all but
    those nobody bid for under ``all_pass="redeal"``, which are dealt again at once
    (D3.3; their scores are 0).

    >>> from zhengshangyou import Game
    >>> game = Game(Rules.preset("doudizhu"), seed=3)
    >>> for _ in range(3):
    ...     game.play("pass")
    >>> len(game.state.results), played_hands(game.state.results, game.rules)
    (1, 0)
    """
    if rules.all_pass == "void":
        return len(results)
    return sum(1 for result in results if not result.thrown_in)


def check_seed(seed: object) -> int | None:
    """``seed`` if it is None or a seed the library's games take (an ``int`` from 0 to
    2**64 - 1, R2.3): what every environment's ``reset(seed=...)`` accepts, checked
    before anything changes. A :class:`~zhengshangyou.errors.WrongTypeError` for
    another type (a ``bool``, a ``float``, text), an
    :class:`~zhengshangyou.errors.InvalidSetupError` for an int out of range.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidSetupError: seed must be None or a whole number from 0 to 2**64 - 1, not -1 (R2.3)
    """
    if seed is None:
        return None
    check_int(seed, "seed", rule="R2.3")
    assert isinstance(seed, int)
    if not 0 <= seed < SEED_LIMIT:
        raise InvalidSetupError(
            f"seed must be None or a whole number from 0 to 2**64 - 1, not {brief_repr(seed)} (R2.3)",
            rule="R2.3",
        )
    return seed
