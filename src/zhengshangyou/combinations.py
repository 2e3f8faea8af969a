"""The catalogue of combinations: every kind of play, stated once, as data (R3, R4).

:func:`catalogue` gives a rule set's :class:`Catalogue`: its options decoded once
into one :class:`Combination` per kind the rules enable, in the order the
generator lists them. Everything that reads cards (``plays``), lists plays
(``moves``, ``rankplays``) or plans a hand (``bots``) iterates the catalogue; none
of them lists kinds itself. A combination is one of three shapes:

* :attr:`Shape.GROUP`: ``width`` to ``most`` cards of one rank, with, when
  ``attached`` is set, ``wings`` groups of ``attached`` cards of other ranks (a
  full house is a group of 3 with one group of 2 attached, a bomb of a rank a
  group of 4 to ``4 * decks``, four with two pairs a group of 4 with two groups of
  2, D5.12);
* :attr:`Shape.RUN`: ``width`` cards of each of at least ``minimum``
  consecutive ranks under ``run_order`` (R3.15), with, when ``attached`` is set,
  one group of ``attached`` cards per rank of the run, of ranks outside it (an
  airplane with wings, R3.18);
* :attr:`Shape.JOKERS`: every joker of the deck (the joker bomb, R3.12);
* :attr:`Shape.FLUSH`: ``most`` cards of one suit that are no straight (Big Two's
  flush, B3.2).

Big Two's five-card hands (``poker_hands``, B4.3) are one family ranked across
kinds: each kind's ``tier`` puts it above the kinds below it (straight 0, flush 1,
full house 2, four+1 3, straight flush 4). Tiến Lên's chops (``chops``, T4.2) are
relations: a combination's ``chop`` lists, by card count, what its plays are as a
target and what they chop (bits of :data:`CHOP_TARGETS`).

A new kind of an existing shape is one entry of :data:`_DEFINITIONS`: its
readings, both generator views, rank plays and the bots' planner follow.

>>> rules = Rules.preset("two-deck")
>>> [combination.kind.value for combination in catalogue(rules)][-3:]
['bomb', 'joker_bomb', 'airplane_with_pairs']
>>> airplane = catalogue(rules)[Kind.AIRPLANE_WITH_PAIRS]
>>> airplane.shape, airplane.width, airplane.attached, airplane.minimum, airplane.is_bomb
(<Shape.RUN: 'run'>, 3, 2, 2, False)
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

import attrs

from zhengshangyou.rules import Rules, RulesCache, check_rules

__all__ = [
    "ALL_KINDS",
    "CHOP_TARGETS",
    "KIND_BITS",
    "Catalogue",
    "Combination",
    "Kind",
    "Shape",
    "catalogue",
    "kinds_mask",
    "rank_runs",
    "wing_choices",
]


class Kind(enum.Enum):
    """The kinds of combination (R3); the value is the name used in records.

    >>> Kind.FULL_HOUSE.rule, Kind("pair_run")
    ('R3.4', <Kind.PAIR_RUN: 'pair_run'>)
    """

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FULL_HOUSE = "full_house"
    TRIPLE_WITH_SINGLE = "triple_with_single"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT = "straight"
    PAIR_RUN = "pair_run"
    TRIPLE_RUN = "triple_run"
    STRAIGHT_FLUSH = "straight_flush"
    TRIPLE_BOMB = "triple_bomb"
    BOMB = "bomb"
    BOMB_WITH_KICKER = "bomb_with_kicker"
    JOKER_BOMB = "joker_bomb"
    AIRPLANE_WITH_SINGLES = "airplane_with_singles"
    AIRPLANE_WITH_PAIRS = "airplane_with_pairs"
    FOUR_WITH_TWO_SINGLES = "four_with_two_singles"
    FOUR_WITH_TWO_PAIRS = "four_with_two_pairs"
    FLUSH = "flush"
    FOUR_PLUS_ONE = "four_plus_one"
    TWO_PAIR = "two_pair"

    # Hashed by identity, as members are compared (an Enum's own __hash__, of the
    # member's name, is a Python function: the generator's tables by kind paid a
    # Python call on every look-up). Hashes were never the same from one process to
    # the next (a str's hash is salted per process), so nothing can depend on them.
    __hash__ = object.__hash__

    @property
    def rule(self) -> str:
        """The id of the rule that defines this kind.

        >>> Kind.JOKER_BOMB.rule
        'R3.12'
        """
        return _DEFINITIONS[self].rule

    @property
    def label(self) -> str:
        """The kind's name in words.

        >>> Kind.BOMB_WITH_KICKER.label
        'bomb with kicker'
        """
        return self.value.replace("_", " ")


class Shape(enum.Enum):
    """How a combination's cards are laid out (see the module documentation).

    >>> catalogue(Rules())[Kind.FULL_HOUSE].shape, catalogue(Rules())[Kind.JOKER_BOMB].shape
    (<Shape.GROUP: 'group'>, <Shape.JOKERS: 'jokers'>)
    """

    GROUP = "group"
    RUN = "run"
    JOKERS = "jokers"
    FLUSH = "flush"


#: Which cards of a run may share one suit: any, not all (a straight that is not a
#: straight flush, R3.17), or all (a straight flush, R3.11).
Suits = Literal["any", "mixed", "flush"]


@attrs.frozen
class Combination:
    """One kind of play under one rule set: its shape, how it compares, and where it
    is listed.

    ``family`` is the kind it competes with (a straight flush competes with
    straights under ``straight_flush="beats_straights"``, R4.7; every bomb is of
    the bomb family), ``tier`` the first part of its comparison key within its
    family (among bombs: triple bombs 0, bombs of a rank 1, straight-flush bombs 2,
    the joker bomb 3), ``suit_in_key`` whether suits break ties (R4.3, R4.5), and
    ``sized`` whether a bomb's size counts and how (R4.6 ``bomb_order``).
    ``jokers``: whether jokers may form the group (a single joker; a joker pair,
    R3.13); ``attached_jokers``: whether attached groups may be jokers (singles
    always; pairs only with ``joker_pairs``). ``flips_order``: playing it flips the
    rank order for the rest of the hand (R4.8). ``listed_with``: the kind it is
    listed with, run by run (straight flushes with straights); ``wheels_high``: runs
    holding a low 2 or a low A rank first (``straight_ranking="wheels_high"``,
    R4.5, straights only); ``chop``: by card count and main rank (-1: any), the bits
    of :data:`CHOP_TARGETS` a play is, and those it chops shifted left by 8 (T4.2);
    ``two_top``: a run with a low 2 and no low A ranks above all others, its 2 its
    top card (Taiwan's 23456, B3.4); ``low_attached``: the attached group is of a
    lower rank than the main group (two pair, whose main is its higher pair, B3.3);
    ``off`` is what to
    say, with its rule id, of cards the kind would read when the rules leave it out
    (``{n}``: how many cards).

    >>> pair = catalogue(Rules())[Kind.PAIR]
    >>> pair.shape, pair.width, pair.most, pair.family, pair.is_bomb
    (<Shape.GROUP: 'group'>, 2, 2, <Kind.PAIR: 'pair'>, False)
    """

    kind: Kind
    rule: str
    shape: Shape
    width: int = 1
    most: int = 0
    attached: int = 0
    minimum: int = 1
    suits: Suits = "any"
    jokers: bool = False
    attached_jokers: bool = True
    family: Kind | None = None
    tier: int = 0
    is_bomb: bool = False
    suit_in_key: bool = False
    sized: Literal["size_then_rank", "rank_only"] | None = None
    flips_order: bool = False
    listed_with: Kind | None = None
    wheels_high: bool = False
    off: tuple[str, str] = ("", "")
    wings: int = 1
    repeat: int = 0
    rocket: bool = True
    trio_beside: bool = True
    chop: tuple[tuple[int, int, int], ...] = ()
    two_top: bool = False
    low_attached: bool = False

    @property
    def suit_blind(self) -> bool:
        """Whether suits never tell two plays of this kind apart: no suit in its key
        and no reading that depends on the cards' suits (a straight that a flush
        would make a straight flush). Then a play's lowest cards stand for its class.

        >>> cat = catalogue(Rules.preset("winner"))
        >>> cat[Kind.FULL_HOUSE].suit_blind, cat[Kind.SINGLE].suit_blind, cat[Kind.STRAIGHT].suit_blind
        (True, False, False)
        """
        return not self.suit_in_key and self.suits == "any"

    @property
    def one_member(self) -> bool:
        """Whether each class of plays of this kind has one member, its cards named by
        its ranks and its key: a single whose suit is in its key (R4.3), a flush
        (B3.2, its suit in its key, B4.3), a straight flush whose top suit is in its
        key (all its cards of that suit).

        >>> cat = catalogue(Rules.preset("big-two"))
        >>> [c.kind.value for c in cat if c.one_member]
        ['single', 'straight_flush', 'flush']
        >>> catalogue(Rules())[Kind.SINGLE].one_member
        False
        """
        if not self.suit_in_key:
            return False
        if self.shape is Shape.GROUP:
            return self.most == 1 and not self.attached
        return self.shape is Shape.FLUSH or (self.shape is Shape.RUN and self.suits == "flush")


def _group(
    kind: Kind, rule: str, width: int, *, attached: int = 0, wings: int = 1,
    off: tuple[str, str] = ("", ""),
) -> Combination:
    return Combination(kind, rule, Shape.GROUP, width, width, attached, off=off, wings=wings)


def _run(
    kind: Kind, rule: str, width: int, *, attached: int = 0, off: tuple[str, str] = ("", "")
) -> Combination:
    return Combination(kind, rule, Shape.RUN, width, width, attached, off=off)


#: Every kind as the rules define it, before options: in listing order (R3). The
#: options (:func:`_decode`) then set what depends on them.
_DEFINITIONS: dict[Kind, Combination] = {
    definition.kind: definition
    for definition in (
        _group(Kind.SINGLE, "R3.1", 1),
        _group(Kind.PAIR, "R3.2", 2),
        _group(Kind.TRIPLE, "R3.3", 3, off=("triples are played as triple bombs (triple_bomb=True)", "R3.14")),
        _group(Kind.TRIPLE_BOMB, "R3.14", 3, off=("triple bombs are off (triple_bomb=False)", "R3.14")),
        _group(Kind.FULL_HOUSE, "R3.4", 3, attached=2, off=("full houses are off (full_house=False)", "R3.4")),
        _group(Kind.TRIPLE_WITH_SINGLE, "R3.5", 3, attached=1,
               off=("a triple with a single is off (triple_with_single=False)", "R3.5")),
        _group(Kind.FOUR_OF_A_KIND, "R3.6", 4, off=(
            "four of a kind alone is nothing under four_of_a_kind='bomb_with_kicker' (add one kicker)",
            "R3.17",
        )),
        _run(Kind.STRAIGHT, "R3.7", 1),
        _run(Kind.STRAIGHT_FLUSH, "R3.11", 1,
             off=("straight flushes are off (straight_flush='none')", "R3.11")),
        _run(Kind.PAIR_RUN, "R3.8", 2, off=("pair runs are off (double_sequences=False)", "T3.1")),
        _run(Kind.TRIPLE_RUN, "R3.9", 3, off=("triple runs are off (triple_runs=False)", "T3.1")),
        _group(Kind.BOMB, "R3.10", 4, off=(
            "{n} cards of one rank are a combination only with four_of_a_kind='bomb'"
            " (up to 8 with two decks)",
            "R3.10",
        )),
        _group(Kind.BOMB_WITH_KICKER, "R3.10", 4, attached=1, off=(
            "four of a kind with a kicker needs four_of_a_kind='bomb_with_kicker'", "R3.10"
        )),
        Combination(Kind.JOKER_BOMB, "R3.12", Shape.JOKERS,
                    off=("the joker bomb is off (joker_bomb=False)", "R3.12")),
        # Kinds added later are listed after the older ones, so that the ids of the
        # older rank plays never move (rankplays).
        _run(Kind.AIRPLANE_WITH_SINGLES, "R3.18", 3, attached=1,
             off=("an airplane with single wings needs airplane_wings='singles' or"
                  " 'singles_or_pairs'", "R3.18")),
        _run(Kind.AIRPLANE_WITH_PAIRS, "R3.18", 3, attached=2,
             off=("an airplane with paired wings needs airplane_wings='pairs' or"
                  " 'singles_or_pairs'", "R3.18")),
        _group(Kind.FOUR_WITH_TWO_SINGLES, "D5.11", 4, attached=1, wings=2,
               off=("four with two singles needs four_with_two=True", "D5.11")),
        _group(Kind.FOUR_WITH_TWO_PAIRS, "D5.12", 4, attached=2, wings=2,
               off=("four with two pairs needs four_with_two=True", "D5.12")),
        Combination(Kind.FLUSH, "B3.2", Shape.FLUSH, 1, 5, suits="flush",
                    off=("a flush is a play only under poker_hands=True", "B3.2")),
        _group(Kind.FOUR_PLUS_ONE, "B3.2", 4, attached=1,
               off=("four of a kind with a fifth card is a play only under poker_hands=True", "B3.2")),
        attrs.evolve(
            _group(Kind.TWO_PAIR, "B3.3", 2, attached=2,
                   off=("two pair needs poker_hands=True and two_pair=True", "B3.3")),
            low_attached=True,
        ),
    )
}

#: The targets of chops (T4.2), one bit each: a single 2, a pair of 2s, three 2s,
#: four of a kind, a pair run of three pairs.
CHOP_TARGETS = {"single_two": 1, "pair_of_twos": 2, "three_twos": 4, "four": 8, "three_pairs": 16}
_T = CHOP_TARGETS
#: By ``chops``: what four of a kind chops, and what pair runs of 3, 4 and 5 pairs chop.
_CHOPS: dict[str, tuple[int, tuple[int, int, int]]] = {
    "pagat": (_T["single_two"], (_T["single_two"], _T["pair_of_twos"], _T["three_twos"])),
    "south": (
        _T["single_two"] | _T["pair_of_twos"] | _T["three_pairs"],
        (
            _T["single_two"],
            _T["single_two"] | _T["pair_of_twos"] | _T["four"] | _T["three_pairs"],
            _T["three_twos"],
        ),
    ),
    "quads_only": (_T["single_two"], (0, 0, 0)),
}


def _enabled(rules: Rules) -> dict[Kind, bool]:
    """Which kinds exist under ``rules`` (R3.17, R3.18, B3, T3.1)."""
    if rules.poker_hands:
        return {
            kind: kind in (Kind.SINGLE, Kind.PAIR, Kind.STRAIGHT, Kind.FLUSH, Kind.FULL_HOUSE,
                           Kind.FOUR_PLUS_ONE, Kind.STRAIGHT_FLUSH)
            or (kind is Kind.TRIPLE and rules.triples)
            or (kind in (Kind.TWO_PAIR, Kind.FOUR_OF_A_KIND) and rules.two_pair)
            for kind in Kind
        }
    four = rules.four_of_a_kind
    wings = rules.airplane_wings
    triple_runs = rules.triple_runs
    return {
        Kind.SINGLE: True,
        Kind.PAIR: True,
        Kind.TRIPLE: not rules.triple_bomb and rules.triples,
        Kind.TRIPLE_BOMB: rules.triple_bomb,
        Kind.FULL_HOUSE: rules.full_house,
        Kind.TRIPLE_WITH_SINGLE: rules.triple_with_single,
        Kind.FOUR_OF_A_KIND: four == "plain",
        Kind.STRAIGHT: True,
        Kind.STRAIGHT_FLUSH: rules.straight_flush != "none",
        Kind.PAIR_RUN: rules.double_sequences,
        Kind.TRIPLE_RUN: triple_runs,
        Kind.BOMB: four == "bomb",
        Kind.BOMB_WITH_KICKER: four == "bomb_with_kicker",
        Kind.JOKER_BOMB: rules.joker_bomb,
        Kind.AIRPLANE_WITH_SINGLES: triple_runs and wings in ("singles", "singles_or_pairs"),
        Kind.AIRPLANE_WITH_PAIRS: triple_runs and wings in ("pairs", "singles_or_pairs"),
        Kind.FOUR_WITH_TWO_SINGLES: rules.four_with_two,
        Kind.FOUR_WITH_TWO_PAIRS: rules.four_with_two,
        Kind.FLUSH: False,
        Kind.FOUR_PLUS_ONE: False,
        Kind.TWO_PAIR: False,
    }


#: How often one rank may stand among solo wings, by ``kicker_repeat`` (0: as often
#: as held).
_REPEAT = {"distinct": 1, "up_to_3": 3, "any": 0}


#: Big Two's five-card hands, low to high (B4.3): each kind's tier in their family.
_POKER_TIERS = {
    Kind.STRAIGHT: 0, Kind.FLUSH: 1, Kind.FULL_HOUSE: 2, Kind.FOUR_PLUS_ONE: 3, Kind.STRAIGHT_FLUSH: 4,
}


def _decode_poker(definition: Combination, rules: Rules) -> Combination:
    """A kind under Big Two's plays (``poker_hands``, B3, B4): the five-card hands one
    family (that of straights) by tier; four+1 and straight flushes bombs under
    ``bombs="quads_sf"`` (B4.4); suits in the key as B4.2 and B4.3 say."""
    kind = definition.kind
    changes: dict[str, object] = {"family": kind}
    if kind is Kind.SINGLE:
        changes["suit_in_key"] = rules.singles_by_suit
    elif kind in (Kind.PAIR, Kind.TWO_PAIR):  # (two pair by its higher pair, as pairs are: B3.3, B4.2)
        changes["suit_in_key"] = rules.pairs_by_suit
    elif kind is Kind.FOUR_OF_A_KIND:  # (B3.3: four-card hands, above two pair)
        changes.update(family=Kind.TWO_PAIR, tier=1)
    elif kind in _POKER_TIERS:
        changes.update(family=Kind.STRAIGHT, tier=_POKER_TIERS[kind])
        if kind in (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH):
            changes.update(
                minimum=5, suit_in_key=True, suits="mixed" if kind is Kind.STRAIGHT else "flush",
                two_top=rules.straights == "taiwan",
            )
        if kind is Kind.STRAIGHT_FLUSH:
            changes["listed_with"] = Kind.STRAIGHT
        if kind is Kind.FLUSH:
            changes["suit_in_key"] = True
        if rules.bombs == "quads_sf" and kind in (Kind.FOUR_PLUS_ONE, Kind.STRAIGHT_FLUSH):
            changes.update(family=Kind.BOMB, is_bomb=True)
    return attrs.evolve(definition, **changes)  # type: ignore[arg-type]


def _chop(kind: Kind, rules: Rules) -> tuple[tuple[int, int, int], ...]:
    """What the plays of ``kind`` are to Tiến Lên's chops, and what they chop (T4.2):
    ``(cards, main rank or -1, bits)`` (see :attr:`Combination.chop`)."""
    if rules.chops == "none":
        return ()
    four, runs = _CHOPS[rules.chops]
    two = 12  # (Rank.TWO)
    if kind is Kind.SINGLE:
        return ((1, two, _T["single_two"]),)
    if kind is Kind.PAIR:
        return ((2, two, _T["pair_of_twos"]),)
    if kind is Kind.TRIPLE:
        return ((3, two, _T["three_twos"]),)
    if kind is Kind.FOUR_OF_A_KIND:
        return ((4, -1, _T["four"] | four << 8),)
    if kind is Kind.PAIR_RUN:
        return tuple(
            (2 * pairs, -1, (_T["three_pairs"] if pairs == 3 else 0) | chops << 8)
            for pairs, chops in zip((3, 4, 5), runs, strict=True)
        )
    return ()


def _decode(definition: Combination, rules: Rules) -> Combination:
    """The definition of a kind with what the options say about it (R3, R4)."""
    if rules.poker_hands:
        return _decode_poker(definition, rules)
    kind = definition.kind
    changes: dict[str, object] = {"family": kind, "chop": _chop(kind, rules)}
    if definition.shape is Shape.RUN:
        changes["minimum"] = {1: rules.min_straight, 2: rules.min_pair_run, 3: rules.min_triple_run}[
            definition.width
        ]
    if definition.attached == 2:
        changes["attached_jokers"] = rules.joker_pairs
    elif definition.attached == 1 and (definition.wings > 1 or definition.shape is Shape.RUN):
        # Solo wings (D5.15): of airplanes and of four with two.
        changes.update(
            repeat=_REPEAT[rules.kicker_repeat],
            rocket=rules.rocket_in_kickers,
            trio_beside=definition.shape is Shape.RUN and rules.adjacent_wing_trios,
        )
    if kind is Kind.SINGLE:
        changes.update(jokers=True, suit_in_key=rules.singles_by_suit)
    elif kind is Kind.PAIR:
        changes.update(jokers=rules.joker_pairs, suit_in_key=rules.pairs_by_suit)
    elif kind is Kind.FOUR_OF_A_KIND:
        changes["flips_order"] = rules.revolution
    elif kind is Kind.PAIR_RUN:
        changes["suit_in_key"] = rules.pair_runs_by_suit
    elif kind in (Kind.TRIPLE_BOMB, Kind.BOMB, Kind.BOMB_WITH_KICKER):
        changes.update(family=Kind.BOMB, is_bomb=True, tier=0 if kind is Kind.TRIPLE_BOMB else 1)
        if kind is not Kind.TRIPLE_BOMB:
            changes["sized"] = rules.bomb_order
        if kind is Kind.BOMB:
            changes["most"] = 4 * rules.decks
    elif kind is Kind.JOKER_BOMB:
        changes.update(family=Kind.BOMB, is_bomb=True, tier=3)
    elif kind is Kind.STRAIGHT:
        flushes_apart = rules.straight_flush in ("beats_straights", "bomb")
        changes.update(
            suits="mixed" if flushes_apart else "any",
            suit_in_key=rules.straights_by_suit,
            wheels_high=rules.straight_ranking == "wheels_high",
        )
    elif kind is Kind.STRAIGHT_FLUSH:
        mode = rules.straight_flush
        changes.update(
            suits="flush",
            suit_in_key=rules.straights_by_suit,
            wheels_high=rules.straight_ranking == "wheels_high",
            listed_with=Kind.STRAIGHT,
        )
        if mode == "beats_straights":
            changes.update(family=Kind.STRAIGHT, tier=1)
        elif mode == "bomb":
            changes.update(family=Kind.BOMB, tier=2, is_bomb=True)
    return attrs.evolve(definition, **changes)  # type: ignore[arg-type]


@attrs.frozen
class Catalogue:
    """A rule set's combinations: the enabled kinds in listing order, each decoded
    from the options once (see :func:`catalogue`).

    Iterating gives the enabled combinations; ``catalogue[kind]`` one of them;
    ``kind in catalogue`` whether the rules enable it. :attr:`left_out` holds
    the kinds the rules leave out, decoded the same way, for explaining why cards
    have no reading.

    >>> rules = Rules()
    >>> Kind.BOMB in catalogue(rules), Kind.FOUR_OF_A_KIND in catalogue(rules)
    (True, False)
    >>> [combination.kind.value for combination in catalogue(rules).bombs]
    ['bomb', 'joker_bomb']
    """

    rules: Rules
    combinations: tuple[Combination, ...]
    left_out: tuple[Combination, ...]
    _by_kind: dict[Kind, Combination] = attrs.field(repr=False)

    def __iter__(self) -> Iterator[Combination]:
        return iter(self.combinations)

    def __len__(self) -> int:
        return len(self.combinations)

    def __contains__(self, kind: object) -> bool:
        return kind in self._by_kind

    def __getitem__(self, kind: Kind) -> Combination:
        return self._by_kind[kind]

    def get(self, kind: Kind) -> Combination | None:
        """The combination of ``kind``, or None if the rules leave it out.

        >>> catalogue(Rules()).get(Kind.STRAIGHT_FLUSH) is None
        True
        """
        return self._by_kind.get(kind)

    @property
    def bombs(self) -> tuple[Combination, ...]:
        """The enabled kinds that are bombs (R4.6).

        >>> [c.kind.value for c in catalogue(Rules.preset("winner-classic")).bombs]
        ['straight_flush', 'bomb_with_kicker']
        """
        return tuple(combination for combination in self if combination.is_bomb)

    def of_shape(self, shape: Shape, width: int | None = None) -> tuple[Combination, ...]:
        """The enabled combinations of one shape (and width).

        >>> [c.kind.value for c in catalogue(Rules()).of_shape(Shape.RUN, 3)]
        ['triple_run']
        """
        return tuple(
            combination
            for combination in self
            if combination.shape is shape and (width is None or combination.width == width)
        )

    def answering(self, kind: Kind) -> tuple[Combination, ...]:
        """The enabled kinds that may beat a play of ``kind``: its family's and the
        bombs (R4.1, R4.6, R4.7).

        >>> [c.kind.value for c in catalogue(Rules.preset("winner")).answering(Kind.STRAIGHT)]
        ['straight', 'straight_flush']
        >>> [c.kind.value for c in catalogue(Rules.preset("tien-len")).answering(Kind.SINGLE)]
        ['single', 'four_of_a_kind', 'pair_run']
        """
        top = self._by_kind.get(kind) or _decode(_DEFINITIONS[kind], self.rules)
        if top.is_bomb:
            return self.bombs
        targets = 0
        for _, _, bits in top.chop:
            targets |= bits & 0xFF
        return tuple(
            combination
            for combination in self
            if combination.is_bomb
            or combination.family is top.family
            or any(bits >> 8 & targets for _, _, bits in combination.chop)
        )


def _build(rules: Rules) -> Catalogue:
    enabled = _enabled(rules)
    decoded = [_decode(definition, rules) for definition in _DEFINITIONS.values()]
    on = tuple(combination for combination in decoded if enabled[combination.kind])
    off = tuple(combination for combination in decoded if not enabled[combination.kind])
    return Catalogue(rules, on, off, {combination.kind: combination for combination in on})


#: The catalogues of the rule sets in use (equal rule sets share one).
_CATALOGUES: RulesCache[Catalogue] = RulesCache(_build)


def catalogue(rules: Rules) -> Catalogue:
    """The :class:`Catalogue` of ``rules``, decoded on first use and kept.

    >>> catalogue(Rules()) is catalogue(Rules())
    True
    >>> len(catalogue(Rules())), len(catalogue(Rules.preset("two-deck")))
    (9, 11)
    """
    return _CATALOGUES[check_rules(rules)]


#: One bit per kind, for sets of kinds as ints (the generator never hashes an enum
#: member in its loops).
KIND_BITS: dict[Kind, int] = {kind: 1 << index for index, kind in enumerate(Kind)}
#: The mask of every kind.
ALL_KINDS = sum(KIND_BITS.values())


def kinds_mask(kinds: Iterable[Kind | Combination]) -> int:
    """The bit mask (:data:`KIND_BITS`) of some kinds or combinations.

    >>> kinds_mask([Kind.SINGLE, Kind.PAIR]) == KIND_BITS[Kind.SINGLE] | KIND_BITS[Kind.PAIR]
    True
    """
    return sum(
        {KIND_BITS[kind.kind if isinstance(kind, Combination) else kind] for kind in kinds}
    )


def wing_choices(
    ranks: tuple[int, ...],
    count: int,
    size: int,
    held: Sequence[int],
    combination: Combination | None = None,
    beside: int = 0,
) -> Iterator[tuple[int, ...]]:
    """The ranks of ``count`` attached groups of ``size`` cards chosen among ``ranks``
    (R3.19), in order: pairs of ``count`` different ranks; singles of any ranks,
    a rank as often as ``held`` (the hand's rank counts) allows, and as the solo
    wings of ``combination`` allow (D5.15: ``repeat``, ``rocket``, and
    ``trio_beside`` for the ranks of the mask ``beside``, next to the run).

    >>> counts = [2, 1] + [0] * 13
    >>> list(wing_choices((0, 1), 2, 1, counts)), list(wing_choices((0, 1), 2, 2, counts))
    ([(0, 0), (0, 1)], [(0, 1)])
    >>> distinct = catalogue(Rules(airplane_wings="singles", kicker_repeat="distinct"))
    >>> list(wing_choices((0, 1), 2, 1, counts, distinct[Kind.AIRPLANE_WITH_SINGLES]))
    [(0, 1)]
    """
    if size > 1:
        yield from itertools.combinations(ranks, count)
        return
    limit = count
    rocket, beside_ok = True, True
    if combination is not None:
        if combination.repeat:
            limit = min(limit, combination.repeat)
        rocket, beside_ok = combination.rocket, combination.trio_beside or not beside
    # Only ranks held fewer than ``limit`` times can be chosen too often.
    short = [rank for rank in ranks if min(held[rank], limit) < count]
    if not rocket and 13 in ranks and 14 in ranks:
        short += [13, 14]
    if not short and beside_ok:
        yield from itertools.combinations_with_replacement(ranks, count)
        return
    limits = [min(held[rank], limit) for rank in short]
    for chosen in itertools.combinations_with_replacement(ranks, count):
        if not all(map(operator.le, map(chosen.count, short), limits)):  # (one loop, in C)
            continue
        if not rocket and 13 in chosen and 14 in chosen:
            continue
        if not beside_ok and any(chosen.count(rank) == 3 for rank in set(chosen) if beside >> rank & 1):
            continue
        yield chosen


def rank_runs(ranks: tuple[int, ...]) -> list[tuple[int, int]]:
    """Each rank of sorted ``ranks`` with how often it stands there.

    >>> rank_runs((3, 3, 5))
    [(3, 2), (5, 1)]
    """
    counted: dict[int, int] = {}
    for rank in ranks:
        counted[rank] = counted.get(rank, 0) + 1
    return list(counted.items())
