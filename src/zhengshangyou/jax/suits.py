"""Card-level tables of a rule set where suits matter (numpy only).

Where suits matter (a comparison by suit, R4.3; straight flushes, R3.11), a hand is
54 card counts, and an action id of
:class:`~zhengshangyou.actionspace.ActionSpace` stands for a class of plays whose
member the hand makes depends on its suits. :func:`compile_cards` reads, from the
reference engine, what each play id needs and which cards it takes, in four sorts:

- most ids (``generic``): the class view's member takes the lowest cards of each
  rank it uses (the start card first where R2.5 applies); the compiler checks that
  the full deck's member of every such id is so;
- the classes told apart by suits (a single or a pair compared by suit, R4.3): the
  id names its cards: ``by_suit_members`` lists every card set of the class (read
  with :func:`~zhengshangyou.plays.classify_all` and
  :meth:`ActionSpace.encode <zhengshangyou.actionspace.ActionSpace.encode>` on every
  card set of its rank), in the order the class view meets them, and a hand takes
  the first it holds;
- straight flushes (R3.11): the window's ranks, taken in the lowest suit that holds
  them all (the start card's suit where R2.5 applies);
- straights where a suited straight reads only as a straight flush (R3.17,
  ``straight_flush`` ``"beats_straights"`` or ``"bomb"``): the window and its top
  rank; the hand takes the lowest card of each rank unless those share one suit,
  then the class view's next card at one rank (see :mod:`zhengshangyou.moves`).

Plays compare by the engine's own keys: :func:`~zhengshangyou.plays.beats` is a
function of each play's ``key`` (or ``rev_key``, R4.8), ``family``, size, bomb flag
and straight-flush kind, all the same for every member of a class; ``key_rank`` and
``rev_rank`` are those keys numbered in order (tests/test_jax_env.py checks the
relation the keys give against ``beats`` on every pair of ids of the presets).

>>> from zhengshangyou import Rules
>>> cards = compile_cards(Rules.preset("winner"))
>>> len(cards.by_suit_ids), cards.by_suit_members.shape[1:], len(cards.flush_ids), len(cards.straight_ids)
(91, (3, 2), 77, 77)
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
import numpy.typing as npt

from zhengshangyou.actionspace import ActionSpace, run_window
from zhengshangyou.cards import Card
from zhengshangyou.combinations import Kind, catalogue
from zhengshangyou.plays import Play, classify_all
from zhengshangyou.rules import Rules

__all__ = ["CardTables", "compile_cards"]

#: The ranks that have suits (3 … 2); a card's index is ``4 * rank + suit`` below 52.
SUITED_RANKS = 13


@dataclasses.dataclass(frozen=True, eq=False)
class CardTables:
    """What the card-level game needs beyond :class:`~zhengshangyou.jax.tables.Tables`
    (see the module docstring); build it with :func:`compile_cards`.

    >>> from zhengshangyou import Rules
    >>> cards = compile_cards(Rules.preset("two-deck"))
    >>> len(cards.by_suit_ids), len(cards.flush_ids), len(cards.straight_ids)
    (0, 62, 62)
    """

    family: npt.NDArray[np.int32]  # [plays] the kind a play competes in (R4.1)
    size: npt.NDArray[np.int32]  # [plays] its number of cards
    is_flush: npt.NDArray[np.bool_]  # [plays] a straight flush (R4.6: by length only)
    key_rank: npt.NDArray[np.int32]  # [plays] Play.key, numbered in order
    rev_rank: npt.NDArray[np.int32]  # [plays] Play.rev_key, numbered in order (R4.8)
    generic: npt.NDArray[np.bool_]  # [plays] takes the lowest cards of each rank
    by_suit_ids: npt.NDArray[np.int32]  # [n] the ids of classes told apart by suits
    by_suit_members: npt.NDArray[np.int32]  # [n, members, 2] card indices, -1: none
    flush_ids: npt.NDArray[np.int32]  # [n] straight flush ids
    flush_windows: npt.NDArray[np.bool_]  # [n, 13] their ranks
    straight_ids: npt.NDArray[np.int32]  # [n] straights kept apart from flushes (R3.17)
    straight_windows: npt.NDArray[np.bool_]  # [n, 13]
    straight_tops: npt.NDArray[np.int32]  # [n] the top rank of the window (R4.5)


def _window_mask(play: Play) -> npt.NDArray[np.bool_]:
    window = np.zeros(SUITED_RANKS, dtype=np.bool_)
    for card in play.cards:
        window[int(card.rank)] = True
    return window


def _lowest(rules: Rules, play: Play) -> tuple[Card, ...]:
    """The lowest cards of each rank of ``play`` in the rules' deck (index order)."""
    deck = sorted(rules.deck(), key=lambda card: card.index)
    taken: list[Card] = []
    for rank in sorted({card.rank for card in play.cards}):
        wanted = sum(card.rank == rank for card in play.cards)
        taken += [card for card in deck if card.rank == rank][:wanted]
    return tuple(sorted(taken, key=lambda card: card.index))


def _by_suit_members(
    rules: Rules, space: ActionSpace, plays: list[Play], ids: list[int]
) -> npt.NDArray[np.int32]:
    """Every card set of each class of ``ids`` (one rank, one or two cards), found by
    reading every card set of its rank, in the order the class view meets them
    (sorted card sets in lexicographic order)."""
    deck = sorted(rules.deck(), key=lambda card: card.index)
    found: dict[int, list[tuple[int, ...]]] = {index: [] for index in ids}
    seen: set[tuple[int, int]] = set()
    for index in ids:
        play = plays[index]
        rank, size = play.cards[0].rank, len(play.cards)
        if (int(rank), size) in seen:
            continue
        seen.add((int(rank), size))
        cards = [card for card in deck if card.rank == rank]
        for choice in sorted(
            set(itertools.combinations(cards, size)), key=lambda c: [x.index for x in c]
        ):
            # (Cards of one rank read as one single or one pair, a class told apart by suit.)
            [reading] = [one for one in classify_all(choice, rules) if one.kind is play.kind]
            found[space.encode(reading)].append(tuple(card.index for card in choice))
    most = max(len(members) for members in found.values())
    table = np.full((len(ids), most, 2), -1, dtype=np.int32)
    for row, index in enumerate(ids):
        members = found[index]
        assert members, "every class has a card set"
        assert members[0] == tuple(card.index for card in plays[index].cards), "met first"
        for place, cards_set in enumerate(members):
            table[row, place, : len(cards_set)] = cards_set
    return table


def compile_cards(rules: Rules) -> CardTables:
    """The :class:`CardTables` of ``rules`` (see the module docstring); the rule set
    must be one :func:`~zhengshangyou.jax.tables.check_supported` accepts with suits
    that matter.

    >>> from zhengshangyou import Rules
    >>> cards = compile_cards(Rules.preset("winner-classic"))
    >>> space = ActionSpace(Rules.preset("winner-classic"))
    >>> row = list(cards.by_suit_ids).index(space.parse("5C 5H"))   # pairs whose higher card is 5H
    >>> [" ".join(str(Card.from_index(int(i))) for i in pair) for pair in cards.by_suit_members[row] if pair[0] >= 0]
    ['5D 5H', '5C 5H']
    """
    space = ActionSpace(rules)
    plays: list[Play] = []
    for action in range(space.pass_id):
        move = space.move(action)
        assert isinstance(move, Play)
        plays.append(move)
    combos = catalogue(rules)
    straight = combos.get(Kind.STRAIGHT)
    flush_apart = straight is not None and straight.suits == "mixed"
    by_suit, flushes, straights = [], [], []
    generic = np.zeros(len(plays), dtype=np.bool_)
    for index, play in enumerate(plays):
        jokers = any(card.rank >= SUITED_RANKS for card in play.cards)
        if combos[play.kind].suit_in_key and not jokers:
            assert play.kind in (Kind.SINGLE, Kind.PAIR), "only singles and pairs by suit (R4.3)"
            by_suit.append(index)
        elif play.kind is Kind.STRAIGHT_FLUSH:
            flushes.append(index)
        elif play.kind is Kind.STRAIGHT and flush_apart:
            straights.append(index)
        else:
            assert play.cards == _lowest(rules, play), f"{play} takes the lowest cards"
            generic[index] = True
    families = {kind: place for place, kind in enumerate(Kind)}
    return CardTables(
        family=np.array([families[play.family] for play in plays], dtype=np.int32),
        size=np.array([len(play.cards) for play in plays], dtype=np.int32),
        is_flush=np.array([play.kind is Kind.STRAIGHT_FLUSH for play in plays], dtype=np.bool_),
        key_rank=np.unique([play.key for play in plays], return_inverse=True)[1].astype(np.int32),
        rev_rank=np.unique([play.rev_key for play in plays], return_inverse=True)[1].astype(
            np.int32
        ),
        generic=generic,
        by_suit_ids=np.array(by_suit, dtype=np.int32),
        by_suit_members=(
            _by_suit_members(rules, space, plays, by_suit)
            if by_suit
            else np.zeros((0, 1, 2), dtype=np.int32)
        ),
        flush_ids=np.array(flushes, dtype=np.int32),
        flush_windows=np.array(
            [_window_mask(plays[index]) for index in flushes], dtype=np.bool_
        ).reshape(-1, SUITED_RANKS),
        straight_ids=np.array(straights, dtype=np.int32),
        straight_windows=np.array(
            [_window_mask(plays[index]) for index in straights], dtype=np.bool_
        ).reshape(-1, SUITED_RANKS),
        straight_tops=np.array(
            [int(run_window(plays[index], rules).ranks[-1]) for index in straights], dtype=np.int32
        ),
    )
