"""A rule set compiled into arrays, from the reference engine itself (numpy only).

:func:`compile_rules` reads everything the batched game needs from the library's
own pieces, never from a second reading of the rules:

- the ids are :class:`~zhengshangyou.actionspace.ActionSpace`'s (plays, then pass,
  then the exchange decisions, which a one-hand episode never offers);
- each play id's rank counts (``needs``: what it needs and what it removes; where
  suits never matter the class view's member takes the lowest suits of each rank,
  and the start card where R2.5 applies, so removing rank counts is exact), its
  kind (the catalogue's order, as :func:`~zhengshangyou.envs.encode` numbers it),
  its strength under both rank orders (``key``, ``rev_key``, R4.8), whether it is a
  bomb and whether it is a four of a kind (which flips the order under
  ``revolution``);
- ``beats[r, top, a]``: whether id ``a`` may be played on id ``top`` under the
  rank order ``r`` (0 normal, 1 flipped), computed with
  :func:`~zhengshangyou.plays.beats` itself on the ids' members;
- the deal, first-lead, trick, end and scoring options as plain values, and the
  R7.1 multiplier of every card count (:meth:`Rules.penalty_multiplier`).

Where suits matter (a comparison by suit, R4.3; straight flushes, R3.11) a hand is
54 card counts and the tables carry :class:`~zhengshangyou.jax.suits.CardTables`
(``cards``): what each id takes from a hand of cards, and the keys plays compare by
(the ``beats`` table is then left empty: ``[2, 0, 0]``). A rule set
:func:`check_supported` refuses is refused naming the option.

>>> tables = compile_rules(Rules())
>>> tables.n_actions, tables.pass_id, tables.needs.shape
(446, 445, (445, 15))
>>> bool(tables.beats[0, 0, 1]), bool(tables.beats[0, 1, 0])   # a 4 beats a 3, not back
(True, False)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.cards import Card
from zhengshangyou.combinations import Kind, catalogue
from zhengshangyou.envs.encoding import layout, suits_encoded
from zhengshangyou.envs.encoding import phases as encoding_phases
from zhengshangyou.errors import InvalidRulesError
from zhengshangyou.jax.suits import CardTables, compile_cards
from zhengshangyou.plays import Play, beats
from zhengshangyou.rules import Rules, RulesCache, check_rules

__all__ = [
    "MAX_CARD_PLAY_IDS",
    "MAX_PLAY_IDS",
    "RANKS",
    "Tables",
    "check_supported",
    "compile_rules",
    "full_beats_table",
    "rank_of_card",
]

#: Ranks 3 … 2, BJ, RJ: a hand is 15 rank counts.
RANKS = 15
#: The most play ids a compiled rule set may have: its beats relation is a dense
#: ``[2, ids, ids]`` table (single wings, R3.18, make tens of thousands of ids).
MAX_PLAY_IDS = 5000
#: The most play ids a rule set where suits matter may have: its plays compare by
#: keys, one row of ids at a time (the ``two-deck`` preset has 12,213).
MAX_CARD_PLAY_IDS = 16384
#: The options the batched game does not compile yet, refused by name: straights by
#: the suit of their top card (R4.5), Big Two's five-card hands (B3.2, B4.3), pair runs
#: compared by suit (T4.1) and chops (T4.2).
_REFUSED_OPTIONS = ("straights_by_suit", "poker_hands", "pair_runs_by_suit")


def rank_of_card(index: int) -> int:
    """The rank (0 for 3 … 12 for 2, 13 BJ, 14 RJ) of the card whose ``Card.index`` is ``index``.

    >>> rank_of_card(0), rank_of_card(51), rank_of_card(52), rank_of_card(53)
    (0, 12, 13, 14)
    """
    return int(Card.from_index(index).rank)


def check_supported(rules: Rules) -> Rules:
    """``rules``, or an :class:`~zhengshangyou.errors.InvalidRulesError` naming the
    option that the batched game cannot honour: straights compared by the suit of
    their top card (``straights_by_suit``, R4.5), Big Two's five-card hands
    (``poker_hands``, B4.3), pair runs compared by suit (``pair_runs_by_suit``, T4.1),
    chops (``chops``, T4.2), Big Two's and Tiến Lên's deals that leave cards out
    (``hand_size``, ``three_player_deal``, B2.1, T2.1), instant wins (``instant_wins``,
    T6.2) and scorings (``scoring`` "last_pays" or "placement_payments", ``two_doubles``,
    ``untouched_triple=False``: B7, T7), more play ids than :data:`MAX_PLAY_IDS`
    (:data:`MAX_CARD_PLAY_IDS` where suits matter): airplanes with single wings
    (``airplane_wings``, R3.18), or a game with a landlord (``teams``, D4). A refused
    rule set is never run approximately.

    >>> check_supported(Rules()) == Rules()
    True
    >>> check_supported(Rules.preset("winner")) == Rules.preset("winner")
    True
    >>> check_supported(Rules(suit_order="DCHS", straights_by_suit=True))
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidRulesError: the JAX backend does not run these options yet; refused: straights_by_suit (R10)
    """
    rules = check_rules(rules)
    if rules.teams != "none":  # (the auction, the kitty and the teams are not compiled yet)
        raise InvalidRulesError(
            f"the JAX backend runs only games without a landlord; refused: teams={rules.teams!r} (D4, R10)",
            options=("teams",),
        )
    refused = [name for name in _REFUSED_OPTIONS if getattr(rules, name)]
    if rules.chops != "none":  # (chops are relations the tables do not hold, T4.2)
        refused.append("chops")
    # Big Two's and Tiến Lên's flow (B2, B7, T2, T6, T7): the batched game deals the
    # whole deck, has no instant wins and scores R7.1 and R7.2 only.
    refused += [
        name
        for name, differs in (
            ("hand_size", rules.hand_size is not None),
            ("three_player_deal", rules.three_player_deal is not None),
            ("instant_wins", rules.instant_wins != "none"),
            ("scoring", rules.scoring in ("last_pays", "placement_payments")),
            ("two_doubles", rules.two_doubles),
            ("untouched_triple", not rules.untouched_triple),
        )
        if differs
    ]
    if refused:
        raise InvalidRulesError(
            "the JAX backend does not run these options yet; refused: " + ", ".join(refused) + " (R10)",
            options=tuple(refused),
        )
    size = ActionSpace(rules).pass_id
    limit = MAX_CARD_PLAY_IDS if suits_encoded(rules) else MAX_PLAY_IDS
    if size > limit:  # (only airplanes make so many ids, R3.18)
        raise InvalidRulesError(
            f"the JAX backend runs at most {limit} play ids here; airplane_wings="
            f"{rules.airplane_wings!r} makes {size} (R10)",
            options=("airplane_wings",),
        )
    return rules


@dataclasses.dataclass(frozen=True, eq=False)
class Tables:
    """A rule set compiled into arrays (see the module docstring). Build it with
    :func:`compile_rules`.

    >>> tables = compile_rules(Rules(players=3))
    >>> tables.players, tables.deck.shape, int(tables.needs[tables.pass_id - 1].sum())
    (3, (54,), 2)
    """

    rules: Rules
    players: int
    n_actions: int  # ActionSpace(rules).size: plays, pass, exchange decisions
    pass_id: int  # also the number of play ids
    needs: npt.NDArray[np.int8]  # [plays, 15] rank counts each play id takes
    kind: npt.NDArray[np.int32]  # [plays] the catalogue index of its kind
    is_bomb: npt.NDArray[np.bool_]  # [plays]
    is_quad: npt.NDArray[np.bool_]  # [plays] four of a kind (flips the order under R4.8)
    key: npt.NDArray[np.int64]  # [plays] strength, normal order
    rev_key: npt.NDArray[np.int64]  # [plays] strength, flipped order (R4.8)
    beats: npt.NDArray[np.bool_]  # [2, plays, plays]: beats[order, top, candidate] ([2, 0, 0]: cards)
    deck: npt.NDArray[np.int32]  # [deck size] card indices (R1.3)
    card_rank: npt.NDArray[np.int8]  # [54, 15] one-hot rank of each card index
    multiplier: npt.NDArray[np.int32]  # [most cards + 1] R7.1 multiplier of k cards
    start_card: int  # Card.index of rules.start_card
    start_rank: int
    kinds: int  # number of kinds in the catalogue
    blocks: Mapping[str, slice]  # the encoding's blocks (zhengshangyou.envs.layout)
    observation_size: int
    phases: Mapping[str, int]  # Phase value -> its place in the encoding's phase block
    cards: CardTables | None  # where suits matter: the card-level tables, else None

    @property
    def ranks(self) -> int:
        """The number of rank counts of a hand (15).

        >>> compile_rules(Rules()).ranks
        15
        """
        return RANKS

    @property
    def width(self) -> int:
        """The entries of a hand: 54 cards where suits matter, else 15 ranks.

        >>> compile_rules(Rules()).width, compile_rules(Rules.preset("winner")).width
        (15, 54)
        """
        return RANKS if self.cards is None else 54


def _member_table(rules: Rules, space: ActionSpace) -> list[Play]:
    plays: list[Play] = []
    for action in range(space.pass_id):
        move = space.move(action)
        assert isinstance(move, Play)
        plays.append(move)
    return plays


def _beats_table(plays: list[Play], revolution: bool) -> npt.NDArray[np.bool_]:
    """``table[top, candidate]`` by :func:`beats` on every pair whose answer may be
    True: the same kind and size (R4.1), or a bomb candidate (R4.6); every other pair
    is False by R4.1 (tests/test_jax_tables.py checks the whole table on presets)."""
    size = len(plays)
    table = np.zeros((size, size), dtype=np.bool_)
    groups: dict[tuple[Kind, int], list[int]] = {}
    for index, play in enumerate(plays):
        groups.setdefault((play.kind, len(play.cards)), []).append(index)
    bombs = [index for index, play in enumerate(plays) if play.is_bomb]
    for top_index, top in enumerate(plays):
        candidates = set(groups[(top.kind, len(top.cards))]) | set(bombs)
        for index in candidates:
            if beats(plays[index], top, revolution=revolution):
                table[top_index, index] = True
    return table


def full_beats_table(rules: Rules, revolution: bool = False) -> npt.NDArray[np.bool_]:
    """``beats`` on every pair of play ids, no pair skipped (what :func:`compile_rules`'s
    shortcut must reproduce; slow for large spaces).

    >>> bool((full_beats_table(Rules(players=2)) == compile_rules(Rules(players=2)).beats[0]).all())
    True
    """
    plays = _member_table(rules, ActionSpace(rules))
    return np.array(
        [[beats(candidate, top, revolution=revolution) for candidate in plays] for top in plays],
        dtype=np.bool_,
    ).reshape(len(plays), len(plays))


def _compile(rules: Rules) -> Tables:
    space = ActionSpace(rules)
    plays = _member_table(rules, space)
    kinds = {combination.kind: place for place, combination in enumerate(catalogue(rules))}
    needs = np.zeros((len(plays), RANKS), dtype=np.int8)
    for index, play in enumerate(plays):
        for card in play.cards:
            needs[index, int(card.rank)] += 1
    cards = compile_cards(rules) if suits_encoded(rules) else None
    if cards is None:
        normal = _beats_table(plays, revolution=False)
        flipped = _beats_table(plays, revolution=True) if rules.revolution else normal
    else:  # (plays compare by their keys: see zhengshangyou.jax.suits)
        normal = flipped = np.zeros((0, 0), dtype=np.bool_)
    card_rank = np.zeros((54, RANKS), dtype=np.int8)
    for index in range(54):
        card_rank[index, rank_of_card(index)] = 1
    most = max(rules.max_hand_size, rules.deck_size)
    blocks = layout(rules)
    return Tables(
        rules=rules,
        players=rules.players,
        n_actions=space.size,
        pass_id=space.pass_id,
        needs=needs,
        kind=np.array([kinds[play.kind] for play in plays], dtype=np.int32),
        is_bomb=np.array([play.is_bomb for play in plays], dtype=np.bool_),
        is_quad=np.array([play.kind is Kind.FOUR_OF_A_KIND for play in plays], dtype=np.bool_),
        key=np.array([play.key for play in plays], dtype=np.int64),
        rev_key=np.array([play.rev_key for play in plays], dtype=np.int64),
        beats=np.stack([normal, flipped]),
        deck=np.array([card.index for card in rules.deck()], dtype=np.int32),
        card_rank=card_rank,
        multiplier=np.array(
            [rules.penalty_multiplier(count) for count in range(most + 1)], dtype=np.int32
        ),
        start_card=rules.start_card.index,
        start_rank=int(rules.start_card.rank),
        kinds=len(kinds),
        blocks=blocks,
        observation_size=max(block.stop for block in blocks.values()),
        phases={phase.value: place for place, phase in enumerate(encoding_phases(rules))},
        cards=cards,
    )


_TABLES: RulesCache[Tables] = RulesCache(_compile)


def compile_rules(rules: Rules) -> Tables:
    """The :class:`Tables` of ``rules``, built once per rule set and kept; an
    :class:`~zhengshangyou.errors.InvalidRulesError` naming the option for a rule set
    :func:`check_supported` refuses.

    >>> compile_rules(Rules()) is compile_rules(Rules())
    True
    >>> compile_rules(Rules(airplane_wings="singles")).rules
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidRulesError: the JAX backend runs at most 5000 play ids here; airplane_wings='singles' makes 72249 (R10)
    """
    return _TABLES[check_supported(rules)]
