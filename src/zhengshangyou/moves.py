"""Legal plays: generation from rank counts, as a lazy view.

:func:`legal_plays` answers "what may this hand play here?" with a
:class:`LegalPlays` view in the style of python-chess's ``board.legal_moves``:
iterate it, ``count()`` it, test it for truth, or ask ``play in view`` without
generating everything.

Two views of the same plays:

* ``view="cards"``: every distinct choice of cards with each of its readings
  (what a UI that offers concrete cards wants);
* ``view="classes"``: one representative per class of plays the rules cannot
  tell apart, that is with the same kind, the same ranks and the same
  comparison key (what a bot wants). The representative takes the lowest suits
  available, except where a suit is part of the class (a by-suit single or
  pair, the top card of a straight under ``straights_by_suit``) or where the
  lowest suits would turn a straight into a straight flush that the rules read
  only as a straight flush; then the fewest cards change, as high in the run as
  possible.

The class view is the default. It is the right one for bots whatever the rules:
when a comparison looks at suits (``singles_by_suit``, say), plays that differ in
suit compare differently and so are different classes. The card view can be
very long for big hands (every choice of suits of every run), which is why it
is never the default.

Order, in both views, fixed and independent of hashing and of what the memo
holds: the catalogue's (:mod:`~zhengshangyou.combinations`). By kind: singles,
pairs, triples (or triple bombs), full houses, triples with a single, fours of a
kind, straights and straight flushes together (run by run, each straight before
its straight flush), pair runs, triple runs, bombs, bombs with a kicker, the joker
bomb, airplanes with single wings, airplanes with paired wings. Within a kind: by
rank from 3 up to the red joker for one-rank kinds; by the main rank, then the
attached rank for full houses, triples with a single and bombs with a kicker; runs
and airplanes shortest first, then from the lowest position of the run order up,
an airplane's wings by their ranks after its run; then by the cards.

>>> rules = Rules()
>>> hand = Hand.parse("3D 3S 4H 5C 6D 7S RJ")
>>> view = legal_plays(hand, rules)
>>> view.count(), bool(view)  # six singles, the pair of 3s, one straight 3-7
(8, True)
>>> legal_plays(hand, rules, view="cards").count()  # 3D and 3S singles; 3-7 with 3D or 3S
10
>>> [str(play) for play in legal_plays(hand, rules, to_beat=Play.parse("3C 3H", rules))]
[]
>>> Play.parse("3D 4H 5C 6D 7S", rules) in view
True
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import lru_cache, partial
from typing import Any, Literal, TypeVar

import attrs

try:
    import cython
except ImportError:  # (the pure-Python build needs no Cython: see NoCython)
    from zhengshangyou.compiled import NoCython as cython
if cython.compiled:  # pragma: no cover (the compiled build, whose tests CI runs apart)
    from cython.cimports.cpython.object import PyObject_GenericSetAttr

from zhengshangyou.cards import Card, Rank, Suit, check_copies
from zhengshangyou.combinations import (
    ALL_KINDS,
    KIND_BITS,
    Catalogue,
    Combination,
    Kind,
    Shape,
    catalogue,
    kinds_mask,
    rank_runs,
    wing_choices,
)
from zhengshangyou.counting import count_card_view
from zhengshangyou.errors import WrongTypeError, ZhengShangyouError, brief_repr
from zhengshangyou.hand import (
    ALL_RANKS,
    CARD_INDEX,
    HIGH_RANK_BITS,
    LOW_RANK_BITS,
    Hand,
    cards_of_code,
    rank_bits,
)
from zhengshangyou.plays import (
    Play,
    Reader,
    Window,
    beats,
    flip,
    new_play,
    run_line,
    run_order_of,
)
from zhengshangyou.plays import reader as plays_reader
from zhengshangyou.rules import Rules, RulesCache, check_rules

__all__ = ["LegalPlays", "View", "legal_plays"]

View = Literal["classes", "cards"]

#: The bounds of the memo tables that grow with the hands seen: per table of groups
#: of cards, and of whole positions.
_MEMO_LIMIT = 100_000
_POSITIONS_LIMIT = 50_000

#: The longest straights kept in the memo, which holds one per window and suit of each
#: card (4 ** 5 on a window of five ranks): longer ones come again too rarely to pay
#: for a memo that would churn (which costs most in the garbage collector's time),
#: and are built from a slice of the hand's lowest cards (see _lowest_straights).
_KEPT_STRAIGHT = 5

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


#: How a listing lists one slot of the catalogue (see :meth:`Tables.plays`).
_Step = tuple[
    int, int, int, int, int, int, Callable[..., Iterable[Play]] | None, Combination, bool,
    "_Memo[int, Play] | None", Any,
]


def where(combination: Combination) -> tuple[int, int, int, int, int]:
    """Where a hand may hold a play of ``combination``, as indexes into its rank masks
    (:attr:`Hand.held`, by width) and joker masks (``masks`` of :meth:`Tables.plays`:
    0 none, 1 the jokers held, 2 the jokers held twice): ``(width, jokers, free,
    extra, extra_jokers)``. The main group (or run) is on ranks ``held[width] |
    masks[jokers]``, narrowed to the ranks an answer may reach unless ``free`` (all
    ranks: bombs, runs and the joker bomb); attached groups on ``held[extra] |
    masks[extra_jokers]``. The generator and the rank plays both read it.

    >>> where(catalogue(Rules())[Kind.SINGLE]), where(catalogue(Rules())[Kind.FULL_HOUSE])
    ((1, 1, 0, 0, 0), (3, 0, 0, 2, 0))
    >>> where(catalogue(Rules())[Kind.JOKER_BOMB])  # only when jokers are held
    (0, 1, 32767, 0, 1)
    """
    if combination.shape is Shape.JOKERS:
        return 0, 1, ALL_RANKS, 0, 1  # (held[0] is empty: only the jokers held count)
    if combination.shape is Shape.FLUSH:
        return 1, 0, ALL_RANKS, 0, 0  # (every flush is compared: B4.3)
    width, extra = combination.width, combination.attached
    jokers = width if combination.jokers else 0
    # (A kind above others of its family, Big Two's hands ranked across kinds, B4.3,
    # answers with plays of any rank.)
    free = (
        ALL_RANKS
        if combination.is_bomb or combination.shape is Shape.RUN or _chops(combination) or combination.tier
        else 0
    )
    return width, jokers, free, extra, extra if extra and combination.attached_jokers else 0


def _chops(combination: Combination) -> bool:
    """Whether some plays of ``combination`` chop (T4.2): they may beat plays of
    other kinds, and plays of their own kind of any rank or length."""
    return any(bits >> 8 for _, _, bits in combination.chop)


def joker_masks(counts: Sequence[int]) -> tuple[int, int, int]:
    """The jokers a hand of rank counts ``counts`` holds, as rank masks by the width of
    a group (the ``masks`` :func:`where` indexes): none, the jokers held (as singles,
    attached singles), the jokers held twice (pairs, with two decks).

    >>> [bin(mask) for mask in joker_masks([0] * 13 + [1, 2])]
    ['0b0', '0b110000000000000', '0b100000000000000']
    """
    return (
        0,
        (counts[13] > 0) << 13 | (counts[14] > 0) << 14,
        (counts[13] > 1) << 13 | (counts[14] > 1) << 14,
    )


def _trim(table: dict[_K, _V], limit: int) -> None:
    """Make room in a full memo: drop its older half (dicts keep insertion order).
    Safe when threads share the memo: the keys are copied in one step, and a key
    another thread dropped first is skipped."""
    if len(table) >= limit:
        for key in list(table)[: len(table) - limit // 2]:
            table.pop(key, None)


class _Memo(dict[_K, _V]):
    """A memo that builds a missing entry with ``build``; bounded (see :func:`_trim`)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[_K], _V]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: _K) -> _V:
        if len(self) >= _MEMO_LIMIT:
            _trim(self, _MEMO_LIMIT)
        value = self[key] = self.build(key)
        return value


def _lowest_code(size: int, code: int) -> int:
    """The rank code (:attr:`Hand.rank_codes`) of the lowest ``size`` cards of ``code``."""
    found = code >> 12 << 12
    for suit in range(4):
        copies = min(code >> 3 * suit & 7, size)
        found += copies << 3 * suit
        size -= copies
    return found


#: By size, the code of the lowest cards of each rank code (what a member of the
#: class view takes from that rank).
_LOWEST: tuple[_Memo[int, int], ...] = tuple(_Memo(partial(_lowest_code, size)) for size in range(5))


#: The cards of one rank that a group of ``size`` lowest cards takes (three bits per
#: suit, counting copies), in a fixed order: by size (1 and 2), every such pattern.
_PATTERNS = {
    size: tuple(
        sorted(
            sum(count << 3 * suit for suit, count in enumerate(counts))
            for counts in itertools.product(range(3), repeat=4)
            if sum(counts) == size
        )
    )
    for size in (1, 2)
}


def _slot(size: int, code: int) -> int:
    """Where a row of attached plays keeps the group of the lowest ``size`` cards of a
    rank code: the rank << 4, and the place of its pattern in :data:`_PATTERNS`."""
    return code >> 12 << 4 | _PATTERNS[size].index(_lowest_code(size, code) & 0xFFF)


#: By size (1, 2), the slot of each rank code (see :func:`_slot`).
_SLOTS = {size: _Memo(partial(_slot, size)) for size in (1, 2)}


@lru_cache(maxsize=4096)
def _subsets(cards: tuple[Card, ...], size: int) -> tuple[tuple[Card, ...], ...]:
    """The distinct sub-multisets of ``size`` cards of sorted ``cards``, in order."""
    return tuple(dict.fromkeys(itertools.combinations(cards, size)))


class Tables:
    """What groups of cards yield as plays under one rule set, in one view.

    The tables are keyed by :attr:`Hand.rank_codes` (straights by the suit of the
    lowest card of each rank, straight flushes by window and suit), so an entry
    serves every hand that holds the same cards of those ranks: after a few hands,
    generating the plays of a new hand is mostly look-ups. An entry is built on
    first use from the cards the codes stand for (``cards_of``) or from the hand.
    """

    def __init__(
        self,
        rules: Rules,
        classes: bool,
        cards_of: Callable[[int], tuple[Card, ...]] = cards_of_code,
    ) -> None:
        reader = self.reader = plays_reader(rules)
        self.rules = rules
        self.catalogue = found = catalogue(rules)
        self.classes = classes
        self.cards_of = cards_of
        # A member of the class view takes the lowest cards of each rank it uses, so
        # keys with the same lowest cards share one entry (see _with_attached);
        # not so for a hand with a card pinned first (R2.5), whose entries are its own.
        self.lowest = _LOWEST if classes and cards_of is cards_of_code else None
        #: The kinds whose classes have one member each (see Combination.one_member).
        self.one_member = frozenset(combination.kind for combination in filter(_ONE_MEMBER, found))
        self.enabled = kinds_mask(found)
        self._add_relations(found)
        self.bomb_kinds = kinds_mask(found.bombs)
        self.windows = _windows_by_length(reader)
        self.lengths = [len(ranks) for _, ranks, _ in self.windows]
        # Per kind: its plays by the code of a rank (groups), by the codes of two ranks
        # (a group with an attached group, main << 16 | attached) or by a window and the
        # codes of its ranks (runs); and, where each key yields one play (one class),
        # the same with the play itself as the entry, which the loops below read.
        self.groups: dict[Kind, _Memo[int, tuple[Play, ...]]] = {}
        self.ones: dict[Kind, _Memo[int, Play] | None] = {}
        self.rows: dict[Kind, _Memo[int, _Memo[int, Play]] | None] = {}
        self.runs: dict[Kind, _Memo[tuple[int, ...], Play]] = {}
        for combination in found:
            self._add_tables(combination)
        # The steps of a listing, one per slot of the catalogue (straight flushes are
        # listed with straights): the kinds' bits, how to list them, and whether they
        # are bombs (compared only with a bomb on top).
        self.steps = tuple(self._step(slot) for slot in reader.slots)
        #: The steps of each bit mask of kinds wanted (built on first use; at most one
        #: per kind to answer and filter, so a small table).
        self.steps_for: dict[int, tuple[Any, ...]] = {}
        self._add_windows(found, run_order_of(rules))
        straight = self.straight = found[Kind.STRAIGHT]
        self.flush = found.get(Kind.STRAIGHT_FLUSH)
        # Whether a straight's class is all there is to it (no flush to tell apart, no
        # suit in its key): then its member takes each rank's lowest card.
        self.flush_is_straight = straight.suits == "any"
        self.plain_straights = self.flush_is_straight and not straight.suit_in_key
        self.flush_bombs = self.flush is not None and self.flush.is_bomb
        self.straight_bit = _BIT[straight.kind]
        # Per family, what bounds an answer (see bounds): whether it is a group, whether
        # suits are in its key, its cards per rank of a run (of a group with several
        # attached groups: its width, 0 for other groups), whether it is listed on its
        # own (a kind listed with another, straight flushes of their own family, is
        # always compared), and whether a run's window alone decides (pair and triple
        # runs, with or without wings, and straights that are only straights).
        self.answer_shapes = {c.kind: self._answer_shape(c) for c in found}
        self.flush_bit = 0 if self.flush is None else _BIT[self.flush.kind]
        self.straight_keys = tuple(
            (index << 26, sum(3 << 2 * rank for rank in ranks))
            for index, (_, ranks, _) in enumerate(self.windows)
        )
        # By run kind, each run's strength by window (with no suit part: key, rev_key,
        # family, is_bomb), and its keys for the normal and the flipped order.
        self.run_strengths: dict[Kind, tuple[tuple[int, int, Kind, bool], ...]] = {}
        self.run_keys: dict[Kind, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        for combination in found.of_shape(Shape.RUN):
            strengths = tuple(reader.run_strength(combination, window) for window, _, _ in self.windows)
            self.run_strengths[combination.kind] = strengths
            self.run_keys[combination.kind] = (
                tuple(key for key, _, _, _ in strengths), tuple(rev for _, rev, _, _ in strengths)
            )
        # Straights by window and the suits of their cards (see _lowest_straights), on
        # the windows where they are kept.
        self.kept_straight = tuple(len(ranks) <= _KEPT_STRAIGHT for _, ranks, _ in self.windows)
        # Per window, what takes a hand's groups of its ranks out of ``by_rank`` in one
        # C call, as a tuple (a one-rank window as a slice, so a tuple too); and where
        # its ranks are consecutive ranks (all but the runs through the ace and the two
        # at the low end), the slice of them in a tuple by rank.
        self.window_groups = tuple(
            operator.itemgetter(*ranks) if len(ranks) > 1 else operator.itemgetter(slice(ranks[0], ranks[0] + 1))
            for _, ranks, _ in self.windows
        )
        self.window_slices = tuple(
            slice(ranks[0], ranks[-1] + 1) if ranks == tuple(range(ranks[0], ranks[-1] + 1)) else None
            for _, ranks, _ in self.windows
        )
        self.lowest_straight: dict[int, Play] = {}
        #: The top rank of each window (whose card's suit counts under straights_by_suit).
        self.window_tops = tuple(int(window.ranks[-1]) for window, _, _ in self.windows)
        # Per window, what _suited_straights reads: its top rank, the shift of the top's
        # suit bits, the window's part of a straight's memo key, the mask of the suit
        # bits of its other ranks, and whether its straights are kept.
        self.suited_windows = tuple(map(_suited_window, self.window_tops, self.straight_keys, self.kept_straight))
        # Per window, 1 in the two bits of each of its ranks (times a suit: all that suit).
        self.one_suit = [sum(1 << 2 * rank for rank in ranks) for _, ranks, _ in self.windows]
        # A straight flush by window and suit.
        self.flushes: dict[tuple[int, int], Play] = {}
        # A straight's strength (key, rev_key, family, is_bomb, chop) by window and the
        # suit of its top card (see _straight_with_top_suit).
        self.suited_strengths: dict[tuple[int, int], tuple[int, int, Kind, bool, int]] = {}
        # The flushes (B3.2) of one suit's ranks, by the suit << 13 | the rank mask
        # (see flushes_of): every hand holding those cards of that suit shares them.
        self.suit_flushes: _Memo[int, list[Play]] = _Memo(self._suit_flushes)
        # Each flush by its suit << 13 | its rank mask (at most 4 * 1,287 of them).
        self.one_flush: _Memo[int, Play] = _Memo(self._one_flush)
        self.straights: _Memo[tuple[int, ...], tuple[Play, ...]] = _Memo(self._straights)
        self.joker_bomb: list[Play] | None = None
        self.answering: dict[tuple[str, int], int] = {}
        self.plans: dict[tuple[object, ...], tuple[int, int, int, bool, int]] = {}
        #: The families of plain groups with suits in their keys (R4.3): answered by the
        #: ranks above the top's, and by the top's rank where a stronger suit beats it.
        self.tie_families = _tie_families(found)
        # Whole positions of the class view (leads, and answers that must include a
        # card: see class_parts), (codes, kinds, revolution[, top][, card]) to plays,
        # kept from their second visit on; and the hashes of positions visited once
        # (ints, which the garbage collector never has to scan).
        self.positions: dict[tuple[object, ...], Iterable[Play]] = {}
        self.visited: dict[int, None] = {}

    def _answer_shape(self, c: Combination) -> tuple[bool, bool, int, bool, bool]:
        """What :meth:`bounds` reads of a family (see :meth:`__init__`)."""
        return (
            c.shape is Shape.GROUP,
            c.suit_in_key,
            _per_rank(c),
            c.listed_with is None,
            # (where a run's top suit counts, T4.1, its window alone does not decide)
            (c.width > 1 or self.plain_straights) and not c.suit_in_key,
        )

    def _add_relations(self, found: Catalogue) -> None:
        """What makes answers of other kinds or ranks possible: chops (T4.2) and
        families ranked across kinds (B4.3: a kind of a higher tier beats any play of
        a lower one)."""
        chops = [combination for combination in found if _chops(combination)]
        #: The kinds that chop, as a mask; and by family, the mask of its kinds that chop.
        self.chop_kinds = kinds_mask(chops)
        self.chopping: dict[Kind | None, int] = {}
        for combination in chops:
            self.chopping[combination.family] = self.chopping.get(combination.family, 0) | _BIT[combination.kind]
        #: The families ranked across kinds.
        self.tiered = {
            combination.family for combination in found if combination.tier and not combination.is_bomb
        }
        #: By kind of such a family, the mask of its kinds of lower tiers, which never
        #: answer it (B4.3: the tier is the first part of the key).
        self.below = {
            combination.kind: kinds_mask(
                other for other in found
                if other.family is combination.family and other.tier < combination.tier
            )
            for combination in found
            if combination.family in self.tiered and not combination.is_bomb
        }

    def _add_tables(self, combination: Combination) -> None:
        """The tables of one kind's plays (see :meth:`__init__`)."""
        kind, one = combination.kind, self.lowest is not None
        if combination.shape is Shape.GROUP and not combination.attached:
            table = self.groups[kind] = _Memo(partial(self._grouped, combination))
            single_class = not combination.suit_in_key and combination.most == combination.width
            self.ones[kind] = _first(table) if one and single_class else None
        elif combination.shape is Shape.GROUP and combination.wings == 1:
            table = self.groups[kind] = _Memo(partial(self._attached, combination))
            self.rows[kind] = _rows(table, combination.attached) if one else None
        elif combination.shape is Shape.RUN and not combination.attached and combination.width > 1:
            self.runs[kind] = _Memo(partial(self._run, combination))

    def _add_windows(self, found: Catalogue, run_order: str) -> None:
        """The tables of runs: the windows a hand's rank masks hold, by width."""
        minimum = {
            combination.width: combination.minimum
            for combination in found.of_shape(Shape.RUN)
            if not combination.attached
        }
        line = [int(rank) for rank, _ in run_line(run_order)]

        def positions(ranks: int) -> int:
            return sum(1 << place for place, rank in enumerate(line) if ranks >> rank & 1)

        # The positions of the run line that the ranks 3..9 and 10..2 of a rank mask hold
        # (its low 7 bits, and the rest); each window by its first and last position.
        self.line_low = tuple(positions(bits) for bits in range(1 << 7))
        self.line_high = tuple(positions(bits << 7) for bits in range(1 << 6))
        self.span_index = {
            (window.top - len(window.ranks) + 1, window.top): index
            for index, (window, _, _) in enumerate(self.windows)
        }
        # The windows by the rank mask held; found (when missing) by the positions of the
        # run line in stretches long enough to hold one, far fewer keys (see _spans).
        self.minimum = minimum
        self.spans: dict[int, _Memo[int, tuple[int, ...]]] = {
            width: _Memo(partial(self._spans, width)) for width in minimum
        }
        self.stretches: dict[int, _Memo[int, tuple[int, ...]]] = {
            width: _Memo(partial(self._windows_within, least)) for width, least in minimum.items()
        }

    def _step(self, slot: Sequence[Combination]) -> _Step:
        """How a listing lists the kinds of one slot of the catalogue (see :meth:`plays`):
        the kinds' bits, where to look (:func:`where`), the lister (None for a group of
        one size, which the loop reads inline from its two tables), the slot's first
        combination and whether it is a bomb."""
        first = slot[0]
        lister: Callable[..., Iterable[Play]] | None = None
        if first.shape is Shape.JOKERS:
            lister = self._list_jokers
        elif first.shape is Shape.FLUSH:
            lister = self._list_flushes
        elif first.shape is Shape.GROUP and first.wings > 1:
            lister = self._list_group_wings
        elif first.shape is Shape.GROUP and first.low_attached:
            lister = self._list_low_attached
        elif first.shape is Shape.GROUP and first.attached:
            lister = self._list_attached
        elif first.shape is Shape.RUN and first.attached:
            lister = self._list_winged
        elif first.shape is Shape.RUN:
            lister = self._list_straights if first.width == 1 else self._list_runs
        one, table = self.ones.get(first.kind), self.groups.get(first.kind)
        return (kinds_mask(slot), *where(first), lister, first, first.is_bomb, one, table)

    # --- a value: shared, never copied; pickled as its rules and view -------------

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its rules and view: unpickling gives :func:`tables_of` of them,
        the tables kept for those rules in this process (the memos are a cache, never
        worth sending). The tables of a listing with a pinned card (R2.5) are that
        listing's own and do not pickle.

        >>> import pickle
        >>> tables = tables_of(Rules(), True)
        >>> pickle.loads(pickle.dumps(tables)) is tables
        True
        """
        if self.cards_of is not cards_of_code:
            raise TypeError(
                "the tables of a listing with a pinned card (R2.5) are its own: they do not pickle"
            )
        return (tables_of, (self.rules, self.classes))

    def __copy__(self) -> Tables:
        return self  # what the tables hold follows from the rules: a copy is the same

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        return self

    def bounds(self, top: Play, revolution: bool) -> tuple[int, int, bool]:
        """What an answer to ``top`` in its own family (not a bomb) must reach: the mask
        of the ranks that may hold its main rank (groups, compared by one rank, R4.3,
        R4.4; every rank otherwise), the length of its run (runs, R4.1; 0 otherwise),
        and whether that mask (for runs: the windows of that length whose key beats
        ``top``'s) alone decides: then every play of the family there beats ``top``."""
        if top.is_bomb:
            return ALL_RANKS, 0, False
        group, by_suit, per_rank, listed_alone, exact = self.answer_shapes[top.family]
        if group:
            # The cards are sorted, so the middle one is always of the main group, but
            # with two attached groups (four with two pairs, D5.12: 9999+JJ+KK) it
            # may be a wing: then the main rank is the one held ``width`` times.
            cards = top.cards
            rank = cards[len(cards) // 2].rank
            if per_rank and sum(card.rank is rank for card in cards) != per_rank:
                rank = cards[len(cards) // 2 - 1].rank
            if by_suit:
                return _AT_LEAST[revolution][rank], 0, False
            return _ABOVE[revolution][rank], 0, True
        if not listed_alone:
            return ALL_RANKS, 0, False
        return ALL_RANKS, len(top.cards) // per_rank, exact

    def plan(self, top: Play, revolution: bool, kinds: int) -> tuple[int, int, int, bool, int]:
        """For an answer to ``top``: the kinds to generate (:meth:`wanted`, of those the
        rules enable), its :meth:`bounds`, and where they are not exact, the rank whose
        plays alone need comparing (-1: every play does; a group whose suits break ties,
        R4.3, whose ranks above beat it as they are), memoised by what decides them."""
        key = (top.kind._value_, top.rev_key if revolution else top.key, len(top.cards), revolution, kinds)
        found = self.plans.get(key)
        if found is None:
            _trim(self.plans, _POSITIONS_LIMIT)
            above, length, exact = self.bounds(top, revolution)
            # (a group whose suits break ties: every rank above beats, its own only by suit)
            tie = -1 if exact or top.is_bomb or top.family not in self.tie_families else int(top.cards[0].rank)
            want = self.wanted(top, kinds) & self.enabled
            if self.chopping:
                # Chops (T4.2) answer only the plays they chop: kinds of other families are
                # wanted for those alone; and where chops may answer (any rank, any length
                # of a pair run), every answer is compared.
                chopping = self.chopping.get(top.family, 0)
                if top.chop & 0xFF or chopping:
                    exact, tie = False, -1
                if not top.chop & 0xFF:
                    want &= ~(self.chop_kinds & ~chopping)
            if top.family in self.tiered:
                exact, tie = False, -1  # (B4.3: a kind above answers with any rank; every answer is compared)
                want &= ~self.below.get(top.kind, 0)
            found = self.plans[key] = (want, above, length, exact, tie)
        return found

    def wanted(self, top: Play | None, kinds: int) -> int:
        """The bit mask of the kinds to generate: all for a lead; the top's family and
        the bombs for an answer; within the ``kinds`` filter."""
        if top is None:
            return kinds
        key = (top.kind._value_, kinds)
        found = self.answering.get(key)
        if found is None:
            found = self.answering[key] = kinds_mask(self.catalogue.answering(top.kind)) & kinds
        return found

    def memos(self) -> tuple[dict[object, object], ...]:
        """Every table that grows with the hands seen (for tools that inspect or trim
        the memo)."""
        fixed = (
            self.spans, self.stretches, self.span_index, self.run_keys, self.run_strengths, self.minimum,
            self.groups, self.ones, self.rows, self.runs,
        )
        tables = [table for table in vars(self).values() if all(table is not f for f in fixed)]
        return tuple(
            table
            for table in (
                *tables,
                *self.spans.values(),
                *self.stretches.values(),
                *self.groups.values(),
                *self.ones.values(),
                *self.runs.values(),
                *self.rows.values(),
                *(row for table in self.rows.values() if table is not None for row in table.values()),
            )
            if isinstance(table, dict)
        )

    # --- building entries -----------------------------------------------------

    def choices(self, cards: tuple[Card, ...], size: int) -> Sequence[tuple[Card, ...]]:
        """Choices of ``size`` of ``cards`` (one rank): all (card view) or the lowest."""
        if len(cards) < size:
            return ()
        if self.classes:
            return (cards[:size],)
        return _subsets(cards, size)

    def _grouped(self, combination: Combination, code: int) -> tuple[Play, ...]:
        """The plays of a group of one rank's cards (singles, pairs, triples, fours,
        bombs): in the class view one per class, the lowest cards (or one per suit
        part of the key, R4.3); in the card view every choice of cards."""
        reader = self.reader
        cards = self.cards_of(code)
        rank = code >> 12
        if rank >= Rank.BLACK_JOKER and not combination.jokers:
            return ()
        sizes = range(combination.width, min(len(cards), combination.most) + 1)
        if self.classes and combination.suit_in_key:
            by_key: dict[int, Play] = {}
            for size in sizes:
                for group in _subsets(cards, size):
                    play = reader.group(combination, group, rank, size)
                    by_key.setdefault(play.key, play)
            return tuple(by_key.values())
        return tuple(
            reader.group(combination, group, rank, size)
            for size in sizes
            for group in self.choices(cards, size)
        )

    def _attached(self, combination: Combination, key: int) -> tuple[Play, ...]:
        """A group with an attached group of another rank (full houses, triples with a
        single, bombs with a kicker): ``key`` is the code of the main rank << 16 and
        the code of the attached rank."""
        reader = self.reader
        group, attached = self.cards_of(key >> 16), self.cards_of(key & 0xFFFF)
        main = key >> 28
        low = main < key >> 12 & 0xF
        width = combination.width
        plays = []
        for cards in self.choices(group, width):
            for more in self.choices(attached, combination.attached):
                both = cards + more if low else more + cards
                plays.append(reader.group(combination, both, main, width))
        return tuple(plays)

    def _run(self, combination: Combination, key: tuple[int, ...]) -> Play:
        """The class of a pair run or triple run: ``key`` is the window's index and the
        codes of its ranks, low to high (see :meth:`runs_of`); the member takes each
        rank's lowest cards."""
        window, _, _ = self.windows[key[0]]
        cards_of, width = self.cards_of, combination.width
        cards = tuple(card for code in key[1:] for card in cards_of(code)[:width])
        return self.reader.run(combination, cards, window)

    def _spans(self, width: int, held: int) -> tuple[int, ...]:
        """The indexes in :attr:`windows` (in that order) of the windows of runs of
        ``width`` (at least their minimum length) whose ranks are all in the rank
        mask ``held``. Found on the run line: only stretches of held positions of that
        minimum length or more can hold a window, and hands with the same such
        stretches share an entry."""
        held_at = self.line_low[held & 0x7F] | self.line_high[held >> 7]
        least = self.minimum[width]
        starts = held_at  # the first positions of ``least`` held positions in a row
        for shift in range(1, least):
            starts &= held_at >> shift
        stretches = 0
        for shift in range(least):
            stretches |= starts << shift
        return self.stretches[width][stretches]

    def _windows_within(self, minimum: int, held_at: int) -> tuple[int, ...]:
        """The indexes in :attr:`windows` (in that order) of the windows of at least
        ``minimum`` ranks all at the positions ``held_at`` of the run line."""
        spans = self.span_index
        found: list[int] = []
        while held_at:
            start = (held_at & -held_at).bit_length() - 1
            stretch = held_at >> start
            size = (~stretch & (stretch + 1)).bit_length() - 1  # consecutive held positions
            held_at &= ~(((1 << size) - 1) << start)
            stop = start + size
            for first in range(start, stop - minimum + 1):
                for last in range(first + minimum - 1, stop):
                    index = spans.get((first, last))
                    if index is not None:
                        found.append(index)
        found.sort()
        return tuple(found)

    def _lowest_straights(self, hand: Hand, indexes: Sequence[int]) -> list[Play]:
        """The class of straight on each window of ``indexes`` whose member takes each
        rank's lowest card (under ``straights_by_suit``, see :meth:`_suited_straights`).
        Kept by the window and the suits of those cards on windows of up
        to :data:`_KEPT_STRAIGHT` ranks; built each time on longer ones, whose suits
        rarely come again (there are 4 ** 6 ways to choose them for six ranks)."""
        table, keys, kept = self.lowest_straight, self.straight_keys, self.kept_straight
        if len(table) >= _MEMO_LIMIT:
            _trim(table, _MEMO_LIMIT)
        lows, by_rank = hand.low_suit_bits, hand.by_rank
        kind = self.straight.kind
        slices, strengths = self.window_slices, self.run_strengths[kind]
        lowest: tuple[Card | None, ...] | None = None  # each rank's lowest card, once needed
        found = []
        for index in indexes:
            key = None
            if kept[index]:
                key, mask = keys[index]
                key |= lows & mask
                play = table.get(key)
                if play is not None:
                    found.append(play)
                    continue
            # Built here (no call) in the common case: a long stretch builds many, so
            # each rank's lowest card is found once, and a window's cards are a slice.
            part = slices[index]
            if part is None:
                cards = tuple(map(_FIRST, self.window_groups[index](by_rank)))
            else:
                if lowest is None:
                    lowest = tuple([group[0] if group else None for group in by_rank])
                cards = lowest[part]  # (the ranks of a window are held: no None)
            strength, flipped, family, is_bomb = strengths[index]
            play = new_play(kind, cards, strength, flipped, family, is_bomb)
            if key is not None:
                table[key] = play
            found.append(play)
        return found

    def _suited_straights(self, hand: Hand, indexes: Sequence[int]) -> list[Play]:
        """The classes of straights on the windows ``indexes`` whose top card's suit
        counts (R4.5, ``straights_by_suit``), window by window: one for each suit the
        hand holds at the top, the other ranks taking their lowest card. Kept by the
        window and the suits of those cards as :meth:`_lowest_straights` keeps them."""
        table = self.lowest_straight
        if len(table) >= _MEMO_LIMIT:
            _trim(table, _MEMO_LIMIT)
        low_bits, codes, windows = hand.low_suit_bits, hand.rank_codes, self.suited_windows
        found = []
        for index in indexes:
            top, shift, key, mask, kept = windows[index]
            if kept:
                key |= low_bits & mask
                for suit in _SUITS[codes[top] & 0xFFF]:
                    code = key | suit << shift
                    play = table.get(code)
                    if play is None:
                        play = table[code] = self._straight_with_top_suit(hand, index, suit)
                    found.append(play)
            else:
                for suit in _SUITS[codes[top] & 0xFFF]:
                    found.append(self._straight_with_top_suit(hand, index, suit))
        return found

    def _straight_with_top_suit(self, hand: Hand, index: int, top_suit: int) -> Play:
        """The straight on a window of each rank's lowest card but the top rank's card
        of ``top_suit`` (``straights_by_suit``; see :meth:`_lowest_straights`): the
        reader's :meth:`~zhengshangyou.plays.Reader.run` of those cards, its strength
        worked out once per window and top suit."""
        window, ranks, _ = self.windows[index]
        by_rank = hand.by_rank
        top = window.ranks[-1]
        cards = tuple([_card(top, top_suit) if rank == top else by_rank[rank][0] for rank in ranks])
        strength = self.suited_strengths.get((index, top_suit))
        if strength is None:
            play = self.reader.run(self.straight, cards, window)
            strength = self.suited_strengths[(index, top_suit)] = (
                play.key, play.rev_key, play.family, play.is_bomb, play.chop
            )
            return play
        return new_play(self.straight.kind, cards, *strength)

    def _straights(self, key: tuple[int, ...]) -> tuple[Play, ...]:
        """The classes of straights on a window whose lowest cards may all share a suit
        (see :meth:`_straight_classes_on`): ``key`` is the window's index and the codes
        of its ranks, low to high."""
        index, *codes = key
        window, _, _ = self.windows[index]
        options = [tuple(dict.fromkeys(self.cards_of(code))) for code in codes]
        return tuple(self._straight_classes(window, options))

    def _straight_classes(self, window: Window, options: list[tuple[Card, ...]]) -> Iterator[Play]:
        by_suit = self.straight.suit_in_key
        top_index = sorted(window.ranks).index(window.ranks[-1])
        top_cards = options[top_index] if by_suit else options[top_index][:1]
        seen: set[int] = set()
        for top_card in top_cards:
            cards = [option[0] for option in options]
            cards[top_index] = top_card
            if not self.flush_is_straight and len({card.suit for card in cards}) == 1:
                # Change the highest card, other than a top card whose suit counts, that has
                # another suit; when there is none, this class has no member.
                movable = [
                    index
                    for index in range(len(cards))
                    if len(options[index]) > 1 and not (by_suit and index == top_index)
                ]
                if not movable:
                    continue
                index = max(movable, key=lambda i: (i != top_index, i))
                cards[index] = options[index][1]
            play = self.reader.run(self.straight, tuple(cards), window)
            if play.key not in seen:
                seen.add(play.key)
                yield play

    # --- the plays of a hand -----------------------------------------------------

    def plays(
        self, hand: Hand, kinds: int, top: Play | None = None, revolution: bool = False
    ) -> list[Iterable[Play]]:
        """The plays of ``hand`` of the kinds in the bit mask ``kinds`` that may lead or,
        given ``top``, beat it (R4), in order: one list or lazy iterable per kind (the
        kinds with many plays, runs, airplanes, attached groups, are generated as they
        are read, so that the first play comes at once on any hand).
        The lists may be the tables' own: read them, never change them.

        When answering ``top``, the kinds compared by one rank (R4.3, R4.4) skip the
        ranks too low to beat it, and runs the windows of another length; what is
        left is compared with ``top`` only where the ranks do not decide.
        """
        by_rank = hand.by_rank
        masks = JOKER_MASKS[len(by_rank[13])][len(by_rank[14])]  # (the jokers held)
        parts: list[Iterable[Play]] = []
        put: Callable[[Iterable[Play]], None] = parts.append
        # How each kind's plays are kept: as they are, or compared with the top play
        # first. For a lead, and for an answer whose ranks decide, all as they are (bombs
        # beat any other play); otherwise the plays of its family, and bombs if it is a
        # bomb.
        same = bomb = put
        if top is None:
            want, above, length, exact, tie = kinds & self.enabled, ALL_RANKS, 0, True, -1
        else:
            # (The plan's memo read here, by the key plan() keeps it under; ``tie``: the
            # rank whose plays of the top's family alone are compared, see plan.)
            key = (top.kind._value_, top.rev_key if revolution else top.key, len(top.cards), revolution, kinds)
            want, above, length, exact, tie = self.plans.get(key) or self.plan(top, revolution, kinds)
            if not exact and tie < 0:

                def compared(part: Iterable[Play], top: Play = top) -> None:
                    put(_beating(part, top, revolution))

                same = compared
                if top.is_bomb:
                    bomb = compared
        # Slot by slot of the catalogue; each lister looks only where the hand's rank
        # masks allow a play (see where()).
        held, codes = hand.held, hand.rank_codes
        steps = self.steps_for.get(want)
        if steps is None:
            steps = self.steps_for[want] = tuple(step for step in self.steps if want & step[0])
        lead = top is None
        for step in steps:
            # (Most steps find nothing in the hand: they are read whole only when they do.)
            # The mask is (held[width] | masks[jokers]) & (above | free); for a lead, which
            # takes every rank, with no new int where a step takes no joker (most).
            if lead:
                mask = held[step[1]]
                if step[2]:
                    mask |= masks[step[2]]
            else:
                mask = (held[step[1]] | masks[step[2]]) & (above | step[3])
            if not mask:
                continue
            _, _, _, _, extra, extra_jokers, lister, combination, is_bomb, one, table = step
            part: Iterable[Play]
            if lister is None:  # a group of one rank (R3.1-R3.3, R3.6, R3.10, R3.14)
                if one is not None:
                    # (A loop, not a comprehension: most hands have few such ranks,
                    # and a comprehension's own frame costs more than its steps.)
                    part = []
                    for rank in LOW_RANK_BITS[mask & 0xFF] + HIGH_RANK_BITS[mask >> 8]:  # rank_bits(mask)
                        part.append(one[codes[rank]])
                elif tie >= 0 and mask >> tie & 1 and not is_bomb and top is not None:
                    part = _tied(table, codes, mask, tie, top, revolution)
                else:
                    part = [play for rank in rank_bits(mask) for play in table[codes[rank]]]
            else:
                attached = held[extra] | masks[extra_jokers]
                part = lister(combination, hand, mask, attached, want, top, revolution, length, exact)
            if part:
                (bomb if is_bomb else same)(part)
        return parts

    def run_windows(
        self, combination: Combination, held: int, top: Play | None, revolution: bool,
        length: int, exact: bool, alone: bool = False,
    ) -> Sequence[int]:
        """The indexes in :attr:`windows` of the runs of ``combination`` on the ranks of
        the mask ``held`` (held ``width`` times), that may answer ``top`` when it is of
        the same family (``alone``: see :meth:`_beating_windows`)."""
        indexes: Sequence[int] = self.spans[combination.width][held]
        if indexes and top is not None and top.family is combination.family and not (
            top.chop & 0xFF and _chops(combination)
        ):
            return self._beating_windows(indexes, combination, length, exact, top, revolution, alone)
        return indexes

    # --- listers, one per shape (see plays): ``mask`` holds the ranks of the main group
    # (of the run: held ``width`` times), ``attached`` those of the attached groups.

    def _list_attached(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """A group with an attached group of another rank (R3.4, R3.5, R3.10): by main
        rank, then attached rank."""
        kind = combination.kind
        return _with_attached(
            self.rows[kind], self.groups[kind], hand.rank_codes, rank_bits(mask),
            combination.width, rank_bits(attached), combination.attached,
        )

    def _list_low_attached(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """A group with an attached group of a lower rank (two pair, B3.3): by main rank,
        then attached rank. In the class view each rank's lowest cards, but for the main
        group one choice for each suit its strongest card may have where suits count."""
        cards_of, codes, reader = self.cards_of, hand.rank_codes, self.reader
        width, extra = combination.width, combination.attached
        found: list[Play] = []
        for main in rank_bits(mask):
            mains: Sequence[tuple[Card, ...]] = _subsets(cards_of(codes[main]), width)
            if self.classes:
                first: dict[int, tuple[Card, ...]] = {}
                for group in mains:
                    key = reader.group(combination, group, Rank(main), width).key
                    first.setdefault(key, group)
                mains = tuple(first.values()) if combination.suit_in_key else mains[:1]
            for other in rank_bits(attached & ((1 << main) - 1)):
                others = self.choices(cards_of(codes[other]), extra)
                for group in mains:
                    for more in others:
                        found.append(reader.group(combination, more + group, Rank(main), width))
        return found

    def _list_group_wings(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """A group with several attached groups of other ranks (four with two, D5.11,
        D5.12): by main rank, then by the ranks of the wings."""
        return self.group_wings_of(hand, combination, rank_bits(mask), attached)

    def _list_straights(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """Straights and the straight flushes listed with them, run by run (R3.7, R3.11).
        (Straight flushes that are bombs answer straights of any length.)"""
        flushes = want & self.flush_bit
        if top is None or (flushes and self.flush_bombs):
            indexes: Sequence[int] = self.spans[1][mask]
        else:
            # (straight flushes listed with straights, not bombs, may beat on other windows)
            indexes = self.run_windows(combination, mask, top, revolution, length, exact, not flushes)
        if not indexes:
            return ()
        if self.plain_straights and self.classes and not flushes:
            return self._lowest_straights(hand, indexes)  # (the common case, directly)
        return self.straights_of(hand, want, indexes)

    def _list_runs(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """Pair runs and triple runs (R3.8, R3.9)."""
        if top is None:
            indexes: Sequence[int] = self.spans[combination.width][mask]  # (run_windows' case)
        else:
            indexes = self.run_windows(combination, mask, top, revolution, length, exact, True)
        return self.runs_of(hand, combination, indexes) if indexes else ()

    def _list_winged(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """Runs with wings: airplanes (R3.18, R3.19), by window (shortest first, low to
        high), then by the ranks of the wings."""
        indexes = self.run_windows(combination, mask, top, revolution, length, exact, True)
        return self.winged_of(hand, combination, indexes, attached) if indexes else ()

    def _list_flushes(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """Flushes (B3.2): in both views every one, each its own class (its suit is in
        its key, B4.3), by strength: five cards of one suit that are no straight."""
        return self.flushes_of(hand, combination)

    def flushes_of(self, hand: Hand, combination: Combination) -> list[Play]:
        """The flushes of ``hand`` (B3.2), weakest first: those of each suit from
        :attr:`suit_flushes` (a hand of thirteen cards or fewer has at most two suits
        of five cards, whose lists are merged).
        The list may be the tables' own: read it, never change it."""
        suit_ranks, size, table = hand.suit_ranks, combination.most, self.suit_flushes
        if len(hand.cards) < size:
            return []
        found: list[Play] | None = None
        for suit in range(4):
            ranks = suit_ranks >> 13 * suit & 0x1FFF
            if ranks.bit_count() < size:
                continue
            plays = table[suit << 13 | ranks]
            # (sorted again, stably, as one list: the order of equal keys stays by suit)
            found = plays if found is None else sorted(found + plays, key=_KEY)
        return [] if found is None else found

    def _suit_flushes(self, key: int) -> list[Play]:
        """The flushes of the ranks ``key & 0x1FFF`` of the suit ``key >> 13``, weakest
        first (an entry of :attr:`suit_flushes`)."""
        straights, size, suit = self.reader.windows, self.catalogue[Kind.FLUSH].most, key >> 13
        plays, shift = self.one_flush, suit << 13
        found = []
        for chosen in itertools.combinations([1 << rank for rank in rank_bits(key & 0x1FFF)], size):
            ranks = sum(chosen)
            if ranks not in straights:
                found.append(plays[shift | ranks])
        found.sort(key=_KEY)
        return found

    def _one_flush(self, key: int) -> Play:
        """The flush of the ranks ``key & 0x1FFF`` of the suit ``key >> 13`` (an entry
        of :attr:`one_flush`)."""
        suit = key >> 13
        cards = tuple([_card(rank, suit) for rank in rank_bits(key & 0x1FFF)])
        return self.reader.flush(self.catalogue[Kind.FLUSH], cards)

    def _list_jokers(
        self, combination: Combination, hand: Hand, mask: int, attached: int, want: int,
        top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> Iterable[Play]:
        """The joker bomb (R3.12): ``attached`` holds the jokers held."""
        return self.joker_bombs(hand, combination) if attached == _BOTH_JOKERS else ()

    def _beating_windows(
        self,
        indexes: Sequence[int],
        combination: Combination,
        length: int,
        exact: bool,
        top: Play | None,
        revolution: bool,
        alone: bool = False,
    ) -> Sequence[int]:
        """The windows of ``indexes`` where a run of ``combination`` may answer ``top``:
        those of ``length`` ranks and, when the window decides (``exact``), whose run's
        key beats ``top``'s. When it does not (a suit in the key, T4.1, R4.5; a family
        ranked across kinds, B4.3), and the runs of ``combination`` are ``alone`` to be
        listed on these windows, those whose run's strongest key (its top suit the
        strongest, at most 3 in a key's suit part) beats ``top``'s: a run on another
        window answers only as a chop (T4.2), which :meth:`run_windows` leaves whole."""
        lengths = self.lengths
        if top is None or not (exact or alone):
            return [index for index in indexes if lengths[index] == length]
        keys = self.run_keys[combination.kind][revolution]
        bar = top.rev_key if revolution else top.key
        if not exact:
            bar -= 3
        return [index for index in indexes if lengths[index] == length and keys[index] > bar]

    def straights_of(self, hand: Hand, want: int, indexes: Sequence[int]) -> Iterable[Play]:
        """Straights and straight flushes (R3.7, R3.11, R3.17) of the kinds in ``want``
        on the windows ``indexes`` (not empty), in the card view, or in the class view
        when suits can tell straights apart (plain straights, whose class is their
        window, :meth:`_list_straights` lists itself with :meth:`_lowest_straights`)."""
        straight_ok = bool(want & self.straight_bit)
        flush_ok = bool(want & self.flush_bit)
        if not self.classes:
            return self._card_straights(hand, indexes, straight_ok, flush_ok)
        if straight_ok and not flush_ok and self.flush_is_straight and self.straight.suit_in_key:
            # (no straight flush to tell apart or to list: every window in one step)
            return self._suited_straights(hand, indexes)
        found: list[Play] = []
        for index in indexes:
            if straight_ok:
                found += self._straight_classes_on(hand, index)
            if flush_ok:
                found += self._flushes_on(hand, index)
        return found

    def _straight_classes_on(self, hand: Hand, index: int) -> list[Play]:
        """The classes of straights on one window (when suits may matter): one member
        each, taking each rank's lowest card but the top card (any of the top rank's
        under ``straights_by_suit``), unless those cards are all of one suit and read
        only as a straight flush; such windows go to the general table."""
        if not self.straight.suit_in_key:
            if self.flush_is_straight or not self._one_suit(hand.low_suit_bits, index):
                return self._lowest_straights(hand, (index,))
        else:
            top = self.window_tops[index]
            shift = 2 * top
            lows = hand.low_suit_bits & ~(3 << shift)
            if self.flush_is_straight or not any(
                self._one_suit(lows | suit << shift, index) for suit in _SUITS[hand.rank_codes[top] & 0xFFF]
            ):
                return self._suited_straights(hand, (index,))
        codes = hand.rank_codes
        return list(self.straights[(index, *[codes[rank] for rank in self.windows[index][1]])])

    def _one_suit(self, lows: int, index: int) -> bool:
        """Whether the lowest cards of the window's ranks (as in ``lows``) share one suit."""
        _, mask = self.straight_keys[index]
        lows &= mask
        first = self.windows[index][1][0]
        return lows == self.one_suit[index] * (lows >> 2 * first & 3)

    def _flushes_on(self, hand: Hand, index: int) -> list[Play]:
        """The classes of straight flushes on one window: one per suit in which the hand
        holds every rank of the window, the lowest suit only unless suits count."""
        mask = self.windows[index][2]
        held = hand.suit_ranks
        flush = self.flush
        found: list[Play] = []
        if flush is None:
            return found
        for suit in range(4):
            if held >> 13 * suit & mask == mask:
                play = self.flushes.get((index, suit))
                if play is None:
                    window = self.windows[index]
                    cards = tuple([_card(rank, suit) for rank in window[1]])
                    play = self.flushes[(index, suit)] = self.reader.run(flush, cards, window[0])
                found.append(play)
                if not flush.suit_in_key:
                    break
        return found

    def runs_of(
        self, hand: Hand, combination: Combination, indexes: Sequence[int]
    ) -> Iterable[Play]:
        """Pair runs and triple runs (R3.8, R3.9) on the windows ``indexes``."""
        if not self.classes:
            return self._card_runs(hand, combination, indexes)
        width = combination.width
        if self.lowest is not None and not combination.suit_in_key and not combination.chop:
            # The member takes each rank's lowest cards, and the window alone gives the
            # strength: built from the hand, which costs less than a memo's key and its
            # misses (after 25,000 random hands of the shared kinds, one pair run in six
            # was still new to the memo).
            kind, strengths = combination.kind, self.run_strengths[combination.kind]
            by_rank, groups_of = hand.by_rank, self.window_groups
            found = []
            for index in indexes:
                cards = tuple([card for group in groups_of[index](by_rank) for card in group[:width]])
                key, rev_key, family, is_bomb = strengths[index]
                found.append(new_play(kind, cards, key, rev_key, family, is_bomb))
            return found
        if combination.suit_in_key:
            return self._suited_runs(hand, combination, indexes)
        # A hand with a card pinned first (R2.5), whose tables are its own: by the codes
        # of the window's ranks.
        codes, windows, table = hand.rank_codes, self.windows, self.runs[combination.kind]
        return [table[(index, *[codes[rank] for rank in windows[index][1]])] for index in indexes]

    def _suited_runs(
        self, hand: Hand, combination: Combination, indexes: Sequence[int]
    ) -> list[Play]:
        """The classes of pair runs whose top card's suit counts (``pair_runs_by_suit``,
        T4.1), window by window: each rank's lowest cards but the top rank's, one
        choice for each suit its strongest card may have (the first such, as groups
        by suit are, R4.3)."""
        cards_of, codes, width = self.cards_of, hand.rank_codes, combination.width
        found: list[Play] = []
        for index in indexes:
            window = self.windows[index][0]
            top = window.ranks[-1]
            body = [card for rank in window.ranks[:-1] for card in cards_of(codes[rank])[:width]]
            keys: set[int] = set()
            for group in _subsets(cards_of(codes[top]), width):
                play = self.reader.run(combination, tuple(sorted(body + list(group))), window)
                if play.key not in keys:
                    keys.add(play.key)
                    found.append(play)
        return found

    def winged_of(
        self, hand: Hand, combination: Combination, indexes: Sequence[int], wings: int
    ) -> Iterable[Play]:
        """Runs with wings (R3.18, R3.19) on the windows ``indexes``, with wings of the
        ranks of the mask ``wings`` outside each window: in the class view the lowest
        cards of each rank, in the card view every choice (generated lazily)."""
        cards_of, codes, reader = self.cards_of, hand.rank_codes, self.reader
        width, extra, counts = combination.width, combination.attached, hand.rank_counts
        if not self.classes:
            for index in indexes:
                window, ranks, mask = self.windows[index]
                bodies = [_subsets(cards_of(codes[rank]), width) for rank in ranks]
                for wing_ranks in wing_choices(
                    rank_bits(wings & ~mask), len(ranks), extra, counts, combination, window.beside
                ):
                    parts = [*bodies]
                    for rank, copies in rank_runs(wing_ranks):
                        parts.append(_subsets(cards_of(codes[rank]), copies * extra))
                    for choice in itertools.product(*parts):
                        cards = sorted(itertools.chain.from_iterable(choice), key=CARD_INDEX)
                        yield reader.run(combination, tuple(cards), window)
            return
        # The class view: one member a class, the lowest cards of each rank, and the
        # strength of the window's runs (where no suit counts) worked out once.
        kind = combination.kind
        for index in indexes:
            window, ranks, mask = self.windows[index]
            body: list[Card] = []
            for rank in ranks:
                body += cards_of(codes[rank])[:width]
            strength = None if combination.suit_in_key else reader.run_strength(combination, window)
            for wing_ranks in wing_choices(
                rank_bits(wings & ~mask), len(ranks), extra, counts, combination, window.beside
            ):
                cards = body[:]
                previous, taken = -1, 0
                for rank in wing_ranks:  # sorted: a rank's repeats come together
                    taken = taken + extra if rank == previous else 0
                    previous = rank
                    cards += cards_of(codes[rank])[taken : taken + extra]
                cards.sort(key=CARD_INDEX)
                if strength is None:
                    yield reader.run(combination, tuple(cards), window)
                else:
                    yield new_play(kind, tuple(cards), *strength)

    def group_wings_of(
        self, hand: Hand, combination: Combination, mains: Iterable[int], wings: int
    ) -> Iterator[Play]:
        """Groups of the ranks ``mains`` with ``combination.wings`` attached groups of
        the ranks of the mask ``wings``, other than the main rank (four with two,
        D5.11, D5.12, D5.15): in the class view the lowest cards of each rank, in the
        card view every choice (generated lazily)."""
        cards_of, codes, reader = self.cards_of, hand.rank_codes, self.reader
        width, extra, counts = combination.width, combination.attached, hand.rank_counts
        for main in mains:
            group = cards_of(codes[main])
            for wing_ranks in wing_choices(
                rank_bits(wings & ~(1 << main)), combination.wings, extra, counts, combination
            ):
                if self.classes:
                    cards = list(group[:width])
                    previous, taken = -1, 0
                    for rank in wing_ranks:  # sorted: a rank's repeats come together
                        taken = taken + extra if rank == previous else 0
                        previous = rank
                        cards += cards_of(codes[rank])[taken : taken + extra]
                    cards.sort(key=CARD_INDEX)
                    yield reader.group(combination, tuple(cards), Rank(main), width)
                    continue
                parts = [_subsets(group, width)]
                for rank, copies in rank_runs(wing_ranks):
                    parts.append(_subsets(cards_of(codes[rank]), copies * extra))
                for choice in itertools.product(*parts):
                    chosen = sorted(itertools.chain.from_iterable(choice), key=CARD_INDEX)
                    yield reader.group(combination, tuple(chosen), Rank(main), width)

    def joker_bombs(self, hand: Hand, combination: Combination) -> list[Play]:
        """The joker bomb (R3.12), if the hand holds every joker: one list kept for all
        hands (never changed)."""
        decks = self.rules.decks
        by_rank = hand.by_rank
        if len(by_rank[13]) < decks or len(by_rank[14]) < decks:  # the black and the red joker
            return []
        if self.joker_bomb is None:
            black = self.cards_of(hand.rank_codes[13])[:decks]
            red = self.cards_of(hand.rank_codes[14])[:decks]
            self.joker_bomb = [self.reader.joker_bomb(combination, black + red)]
        return self.joker_bomb

    def _card_runs(
        self, hand: Hand, combination: Combination, indexes: Sequence[int]
    ) -> Iterator[Play]:
        """The card view of runs, generated lazily: the choices multiply quickly."""
        cards_of, codes, reader = self.cards_of, hand.rank_codes, self.reader
        width = combination.width
        for index in indexes:
            window, ranks, _ = self.windows[index]
            parts = itertools.product(*(_subsets(cards_of(codes[rank]), width) for rank in ranks))
            for part in parts:
                yield reader.run(combination, tuple(itertools.chain.from_iterable(part)), window)

    def _card_straights(
        self, hand: Hand, indexes: Sequence[int], straight_ok: bool, flush_ok: bool
    ) -> Iterator[Play]:
        """The card view of straights and straight flushes, generated lazily."""
        cards_of, codes, reader = self.cards_of, hand.rank_codes, self.reader
        for index in indexes:
            window, ranks, _ = self.windows[index]
            options = [tuple(dict.fromkeys(cards_of(codes[rank]))) for rank in ranks]
            for cards in itertools.product(*options):
                suited = len({card.suit for card in cards}) == 1
                if straight_ok and (self.flush_is_straight or not suited):
                    yield reader.run(self.straight, cards, window)
                if flush_ok and suited and self.flush is not None:
                    yield reader.run(self.flush, cards, window)


def _tie_families(found: Catalogue) -> frozenset[Kind | None]:
    """The families of ``found`` made of plain groups whose suits break ties (R4.3):
    each kind one rank's cards, one size, not a bomb, of no tier, listed alone (see
    :meth:`Tables.plan`)."""
    return frozenset(
        combination.family
        for combination in found
        if all(
            other.shape is Shape.GROUP and not other.attached and other.suit_in_key
            and other.width == other.most and not other.is_bomb and not other.tier
            and other.listed_with is None
            for other in found
            if other.family is combination.family
        )
    )


def _suited_window(top: int, keys: tuple[int, int], kept: bool) -> tuple[int, int, int, int, bool]:
    """What :meth:`Tables._suited_straights` reads of a window (see :meth:`Tables.__init__`)."""
    key, mask = keys
    return top, 2 * top, key, mask & ~(3 << 2 * top), kept


def _per_rank(combination: Combination) -> int:
    """What :meth:`Tables.bounds` reads of a family: a run's cards per rank of the
    run; a group's width when it carries several attached groups (four with two,
    D5.11, D5.12), else 0."""
    if combination.shape is Shape.GROUP:
        return combination.width if combination.wings > 1 else 0
    return combination.width + combination.attached


def _card(rank: int, suit: int) -> Card:
    """The card of a rank 3..2 and a suit."""
    return _DECK[4 * rank + suit]


#: By the suit fields of a rank code (its low 12 bits), the suits held, low to high.
#: (A memo of the fields met, few: a hand holds a card at most twice, so a table of
#: all 4,096 would mostly sit out of the CPU's caches.)
_SUITS: _Memo[int, tuple[int, ...]] = _Memo(
    lambda fields: tuple(suit for suit in range(4) if fields >> 3 * suit & 7)
)
#: The cards of the ranks 3..2, by :attr:`Card.index`.
_DECK = tuple(Card.from_index(index) for index in range(52))


def _first(table: _Memo[_K, tuple[Play, ...]]) -> _Memo[_K, Play]:
    """A memo of the first (only) play of each entry of ``table``."""
    return _Memo(lambda key: table[key][0])


def _rows(table: _Memo[int, tuple[Play, ...]], extra: int) -> _Memo[int, _Memo[int, Play]]:
    """For the class view: by the code of a main group's lowest cards, a row of plays by
    the slot (:func:`_slot`) of an attached group of ``extra`` lowest cards; the plays
    come from ``table`` (keyed by both codes, main << 16 | attached)."""
    patterns = _PATTERNS[extra]

    def row(main: int) -> _Memo[int, Play]:
        return _Memo(lambda slot: table[main << 16 | slot >> 4 << 12 | patterns[slot & 15]][0])

    return _Memo(row)


def _with_attached(
    rows: _Memo[int, _Memo[int, Play]] | None,
    table: _Memo[int, tuple[Play, ...]],
    codes: tuple[int, ...],
    mains: tuple[int, ...],
    main_size: int,
    attached: tuple[int, ...],
    extra: int,
) -> Iterable[Play]:
    """The plays of the hand's cards of each of the ``mains`` ranks with the cards of
    each of the ``attached`` ranks (another rank): by main rank, then attached rank.

    ``table`` is keyed by the codes of the two groups (main << 16 | attached); without
    ``rows`` (the card view) its plays are generated as they are read. In the class
    view, whose member takes the lowest ``main_size`` and ``extra`` cards of its
    ranks, the plays are read from ``rows`` (see :func:`_rows`) as they are wanted:
    the main group's row, then the attached groups' slots, small keys in small tables.
    """
    if rows is None:
        # Every choice of cards (the card view): many, generated as they are read.
        return itertools.chain.from_iterable(
            table[codes[rank] << 16 | codes[other]]
            for rank in mains
            for other in attached
            if other != rank
        )
    # Read as they are wanted: a row's plays are made the first time they are read,
    # so a listing read in part (a first play) makes only those.
    found: list[Iterable[Play]] = []
    low_main, slot_of = _LOWEST[main_size], _SLOTS[extra]
    slots = [slot_of[codes[rank]] for rank in attached]
    for rank in mains:
        # Every main rank is among the attached ranks (a triple is a pair and a
        # single too): all the slots but its own.
        place = attached.index(rank)
        found.append(map(rows[low_main[codes[rank]]].__getitem__, slots[:place] + slots[place + 1 :]))
    return itertools.chain.from_iterable(found)


def _tied(
    table: _Memo[int, tuple[Play, ...]], codes: tuple[int, ...], mask: int, tie: int, top: Play,
    revolution: bool,
) -> list[Play]:
    """The plays of a group of the top's family whose suits break ties (R4.3), of the
    ranks of ``mask`` (from ``table``, by the hand's rank ``codes``), that beat
    ``top``: those of the ranks above as they are, those of the top's rank ``tie``
    compared (as :func:`~zhengshangyou.plays.beats` does, in short: the same family,
    no chop among them, see :meth:`Tables.plan`)."""
    found: list[Play] = []
    size = len(top.cards)
    for rank in rank_bits(mask):
        if rank != tie:
            found += table[codes[rank]]
        elif revolution:
            bar = top.rev_key
            found += [play for play in table[codes[rank]] if play.rev_key > bar and len(play.cards) == size]
        else:
            bar = top.key
            found += [play for play in table[codes[rank]] if play.key > bar and len(play.cards) == size]
    return found


def _beating(plays: Iterable[Play], top: Play, revolution: bool) -> Iterable[Play]:
    """The plays of one kind's list (or lazy iterable) that beat ``top`` (R4)."""
    if not isinstance(plays, list):
        return (play for play in plays if beats(play, top, revolution=revolution))
    if top.is_bomb:
        return [play for play in plays if play.is_bomb and beats(play, top, revolution=revolution)]
    if top.chop:  # (chops, T4.2: beats says)
        return [play for play in plays if beats(play, top, revolution=revolution)]
    family, size = top.family, len(top.cards)
    if revolution:
        bar = top.rev_key
        return [
            p
            for p in plays
            if p.is_bomb or (p.rev_key > bar and p.family is family and len(p.cards) == size)
        ]
    bar = top.key
    return [
        p for p in plays if p.is_bomb or (p.key > bar and p.family is family and len(p.cards) == size)
    ]


#: The tables of each rule set in use, for the class view and for the card view.
_CLASS_TABLES: RulesCache[Tables] = RulesCache(partial(Tables, classes=True))
_CARD_TABLES: RulesCache[Tables] = RulesCache(partial(Tables, classes=False))


def tables_of(rules: Rules, classes: bool) -> Tables:
    """The generator's tables of ``rules`` for one view, built on first use and kept."""
    cache = _CLASS_TABLES if classes else _CARD_TABLES
    last = cache.last  # (the rules asked for last, found by identity: see RulesCache.last)
    return last[1] if last[0] is rules else cache.of(rules)


def pinned_cards(card: Card, code: int) -> tuple[Card, ...]:
    """The cards a rank code stands for (:func:`~zhengshangyou.hand.cards_of_code`),
    with ``card`` first when they hold it: what :meth:`Hand.pinned
    <zhengshangyou.hand.Hand.pinned>` makes of the cards of its rank (R2.5).

    >>> from zhengshangyou.hand import Hand
    >>> hand = Hand.parse("3D 3H 3S")
    >>> pinned_cards(Card.parse("3S"), hand.rank_codes[0]) == hand.pinned(Card.parse("3S")).by_rank[0]
    True
    """
    key = (card.index, code)
    found = _PINNED_CARDS.get(key)
    if found is None:
        cards = list(cards_of_code(code))
        if card in cards:
            cards.remove(card)
            cards.insert(0, card)
        found = _PINNED_CARDS[key] = tuple(cards)
    return found


def pinned_tables(rules: Rules, card: Card) -> Tables:
    """The class view's tables for hands with ``card`` pinned first among its rank
    (R2.5), built on first use and kept per rule set and card.

    An entry is built from the cards of rank codes, with ``card`` first at its rank
    (:func:`pinned_cards`), and from a pinned hand's first card of each rank and its
    suit (``by_rank[rank][0]``, ``low_suit_bits``), which are those same cards; so
    an entry depends on its key and ``card`` alone, and serves every hand with
    ``card`` pinned.

    >>> pinned_tables(Rules(), Card.parse("3D")) is pinned_tables(Rules(), Card.parse("3D"))
    True
    """
    last = _PINNED_TABLES.last  # (the rules asked for last, found by identity: see RulesCache.last)
    kept = last[1] if last[0] is rules else _PINNED_TABLES.of(rules)
    tables = kept.get(card)
    if tables is None:
        tables = kept[card] = Tables(rules, True, cards_of=partial(pinned_cards, card))
        _share(tables, tables_of(rules, True), card)
    return tables


def _share(pinned: Tables, tables: Tables, card: Card) -> None:
    """Fit the tables of a listing with ``card`` pinned first (R2.5), which keeps only
    the plays holding ``card`` (:meth:`LegalPlays._with_card`): a group's entries by
    the codes of other ranks are empty (no play of them holds ``card``), so are the
    windows of runs without its rank (but runs with wings), and the flushes of other suits (a flush is its
    own class: none of another suit has a member holding ``card``); the entries built from the hand's first card of each
    rank or from no hand's cards (straights by the suits of those cards, flushes,
    straight flushes) are read from the class view's own ``tables``. A hand's first
    lead is met once, so its own tables would mostly miss."""
    rank = card.rank
    for kind, table in pinned.groups.items():
        table.build = partial(_pinned_entry, table.build, rank, bool(pinned.catalogue[kind].attached))
    # (and the runs only on the windows through the card's rank, but where runs of
    # that width carry wings, which may hold it: airplanes, R3.18)
    through = frozenset(index for index, (_, _, ranks) in enumerate(pinned.windows) if ranks >> rank & 1)
    winged = {combination.width for combination in pinned.catalogue.of_shape(Shape.RUN) if combination.attached}
    for width, spans in pinned.spans.items():
        if width not in winged:
            spans.build = partial(_pinned_spans, spans.build, through)
    pinned.lowest_straight = tables.lowest_straight
    pinned.suited_strengths = tables.suited_strengths
    pinned.flushes = tables.flushes
    pinned.one_flush = tables.one_flush
    pinned.suit_flushes = _Memo(partial(_pinned_flushes, tables.suit_flushes, card))


def _pinned_entry(
    own: Callable[[int], tuple[Play, ...]], rank: int, attached: bool, key: int
) -> tuple[Play, ...]:
    """An entry of a group's table for a listing with a card of ``rank`` pinned (see
    :func:`_share`): its own where the key's codes are of ``rank`` (a key is a code,
    or with an attached group the main code << 16 | the attached code), otherwise
    none."""
    if key >> 12 & 0xF == rank or (attached and key >> 28 == rank):
        return own(key)
    return ()


def _pinned_spans(own: Callable[[int], tuple[int, ...]], through: frozenset[int], held: int) -> tuple[int, ...]:
    """An entry of :attr:`Tables.spans` for a listing with a card pinned (see
    :func:`_share`): the windows of ``own``'s that are ``through`` the card's rank."""
    return tuple(index for index in own(held) if index in through)


def _pinned_flushes(shared: _Memo[int, list[Play]], card: Card, key: int) -> list[Play]:
    """An entry of :attr:`Tables.suit_flushes` for a listing with ``card`` pinned (see
    :func:`_share`): the flushes holding ``card``, of the class view's entry."""
    if key >> 13 != card.suit or not key >> card.rank & 1:
        return []
    return [play for play in shared[key] if card in play.cards]


#: The cards of a rank code with a card first (:func:`pinned_cards`): at most 108 x 15
#: x 3**4 keys, few of them ever met.
_PINNED_CARDS: dict[tuple[int, int], tuple[Card, ...]] = {}
_PINNED_TABLES: RulesCache[dict[Card, Tables]] = RulesCache(lambda rules: {})


_BIT = KIND_BITS
_STRAIGHTS = (Kind.STRAIGHT, Kind.STRAIGHT_FLUSH)
_BOTH_JOKERS = 1 << 13 | 1 << 14
#: The first item (of a rank's cards: its lowest).
_FIRST = operator.itemgetter(0)
#: A play's key.
_KEY = operator.attrgetter("key")
#: Whether a combination's classes have one member each.
_ONE_MEMBER = operator.attrgetter("one_member")
#: The joker masks (see :meth:`Tables.plays`) of a hand without jokers.
#: :func:`joker_masks` by the black and the red joker's counts (none, one or two).
JOKER_MASKS = tuple(
    tuple(joker_masks([0] * 13 + [black, red]) for red in range(3)) for black in range(3)
)
# The mask of the ranks whose cards are at least as strong as a rank, in the normal
# order and with the order of 3..2 flipped (R4.8; jokers stay on top).
_AT_LEAST = tuple(
    tuple(
        sum(
            1 << other
            for other in range(15)
            if (flip(other) if flipped else other) >= (flip(rank) if flipped else rank)
        )
        for rank in range(15)
    )
    for flipped in (False, True)
)
# The same, strictly stronger.
_ABOVE = tuple(
    tuple(mask & ~(1 << rank) for rank, mask in enumerate(masks)) for masks in _AT_LEAST
)


def _mask(kinds: Iterable[Kind]) -> int:
    try:
        return sum(_BIT[kind] for kind in set(kinds))
    except (KeyError, TypeError):
        raise WrongTypeError(
            f"kinds must be Kind values, as [Kind.PAIR], not {brief_repr(kinds)} (R3)",
            argument="kinds",
            rule="R3",
        ) from None


def _may_take(card: Card, ranks: list[Rank], fixed: dict[int, Card], suits: dict[int, Suit | None]) -> bool:
    """Whether a member of a class of ``ranks`` may hold ``card`` (see
    :meth:`LegalPlays._member_holding`): of one of the ranks, the card ``fixed`` for
    its rank if any, of the suit ``suits`` gives its rank if any."""
    return (
        card.rank in ranks
        and fixed.get(card.rank, card) == card
        and suits.get(card.rank, card.suit) == card.suit
    )


def _windows_by_length(reader: Reader) -> tuple[tuple[Window, tuple[int, ...], int], ...]:
    """The reader's run windows, shortest first, then from low to high, with their
    ranks sorted and the bit mask of their ranks."""
    every = [
        (window, tuple(sorted(window.ranks)), mask)
        for mask, group in reader.windows.items()
        for window in group
    ]
    every.sort(key=lambda item: (len(item[0].ranks), item[0].top))
    return tuple(every)


def _position(
    hand: Hand, kinds: int, top: Play | None, revolution: bool, card: Card | None
) -> tuple[object, ...]:
    """The memo key of a class-view position: the hand's rank codes, the kinds, the
    order, and the play to beat as its comparison decides (with the card a play
    must include, R2.5, whose listing is as pure in the position as the others:
    see :func:`pinned_tables`)."""
    if top is None:
        if card is None:
            return (hand.rank_codes, kinds, revolution)
        return (hand.rank_codes, kinds, revolution, card.index)
    key = top.rev_key if revolution else top.key
    position = (hand.rank_codes, kinds, revolution, top.kind._value_, len(top.cards), key)
    return position if card is None else (*position, card.index)


def class_view(
    hand: Hand,
    rules: Rules,
    to_beat: Play | None,
    revolution: bool = False,
    must_include: Card | None = None,
    kinds: int = ALL_KINDS,
) -> Iterator[Play]:
    """The class view of a checked position (as :func:`engine_plays` takes it), as an
    iterator: over the memo's own list, or over the plays as they are generated,
    kind by kind. What iterating a class-view :class:`LegalPlays` lists, without
    making one.

    >>> [str(play) for play in class_view(Hand.parse("5D 5C 9S"), Rules(), None)]
    ['5D', '9S', '5D 5C']
    """
    return _from_parts(class_parts(hand, rules, to_beat, revolution, must_include, kinds))


_from_parts = itertools.chain.from_iterable


def class_parts(
    hand: Hand,
    rules: Rules,
    to_beat: Play | None,
    revolution: bool = False,
    must_include: Card | None = None,
    kinds: int = ALL_KINDS,
) -> list[Iterable[Play]]:
    """:func:`class_view` in parts, to be read in order: a new list, which the caller
    may extend (the game puts the pass after the plays), of the memo's own list or of
    the plays of each kind as they are generated (read them, never change them).

    >>> parts = class_parts(Hand.parse("5D 5C 9S"), Rules(), None)
    >>> [str(play) for part in parts for play in part]
    ['5D', '9S', '5D 5C']
    """
    last = _CLASS_TABLES.last  # (the rules asked for last, found by identity: see RulesCache.last)
    tables = last[1] if last[0] is rules else _CLASS_TABLES.of(rules)
    if to_beat is not None and must_include is None:
        # An answer is generated afresh every time: it looks only at the ranks and
        # kinds that may beat the play on the table, and costs less than the memo's
        # key, look-ups and keeping (random games, callgrind: 8.00 million instructions
        # a hand with answers kept, 7.68 without; an ISMCTS decision 2.5% fewer).
        return tables.plays(hand, kinds, to_beat, revolution)
    position = _position(hand, kinds, to_beat, revolution, must_include)
    # A lead seen before (search bots revisit many) is answered from a memo.
    # It is kept from its second visit on: a stream of new hands (a simulation)
    # would fill the memo with plays never asked for again, which the garbage
    # collector would then scan over and over. The first visit only leaves the
    # position's hash behind; when the hashes fill their table, it starts afresh
    # (a hint lost costs one more visit before a listing is kept).
    visited, seen = tables.visited, hash(position)
    again = seen in visited
    if again:
        found = tables.positions.get(position)
        if found is not None:
            return [found]
    else:
        if len(visited) >= _POSITIONS_LIMIT:
            visited.clear()
        visited[seen] = None
    parts: list[Iterable[Play]]
    if must_include is None:
        parts = tables.plays(hand, kinds, to_beat, revolution)
    else:
        parts = [LegalPlays(hand, rules, to_beat, "classes", revolution, kinds, must_include)._generate()]
    return [_kept(parts, tables.positions, position)] if again else parts


def _kept(
    parts: Iterable[Iterable[Play]],
    positions: dict[tuple[object, ...], Iterable[Play]],
    position: tuple[object, ...],
) -> Iterator[Play]:
    """The plays of ``parts``, as they are read; once all are read, kept in
    ``positions`` (a listing read only in part is not kept)."""
    found: list[Play] = []
    for part in parts:
        for play in part:
            found.append(play)
            yield play
    if len(positions) >= _POSITIONS_LIMIT:
        _trim(positions, _POSITIONS_LIMIT)
    positions[position] = found


@attrs.frozen(repr=False)
class LegalPlays:
    """A lazy view of the plays a hand may make (see :func:`legal_plays`).

    Iterating generates the plays one at a time; :meth:`count` counts them;
    ``bool(view)`` stops at the first; ``play in view`` checks one play
    directly.

    >>> view = legal_plays(Hand.parse("5D 5C 9S"), Rules())
    >>> list(view)
    [Play(single: 5D), Play(single: 9S), Play(pair: 5D 5C)]
    >>> view.count(), len(list(legal_plays(Hand.parse("5D 5C 9S"), Rules(), view="cards")))
    (3, 4)
    """

    hand: Hand
    rules: Rules
    to_beat: Play | None = None
    view: Literal["cards", "classes"] = "classes"
    revolution: bool = False
    kinds: int = ALL_KINDS
    must_include: Card | None = None

    def __copy__(self) -> LegalPlays:
        return self  # immutable (a position, never the plays listed): a copy is itself

    def __deepcopy__(self, memo: dict[int, Any]) -> LegalPlays:
        return self

    def _position(self) -> tuple[object, ...] | None:
        """The memo key of this view's position, for the class view (see
        :func:`class_view`); None when the view is not memoised: the card view, and
        an answer that need not include a card (which :func:`class_parts` never keeps)."""
        if self.view != "classes" or (self.to_beat is not None and self.must_include is None):
            return None
        return _position(self.hand, self.kinds, self.to_beat, self.revolution, self.must_include)

    def __iter__(self) -> Iterator[Play]:
        if self.view != "classes":
            return self._generate()
        # (class_view's own steps, without its call)
        return _from_parts(
            class_parts(self.hand, self.rules, self.to_beat, self.revolution, self.must_include, self.kinds)
        )

    def _generate(self) -> Iterator[Play]:
        """Generate the plays, kind by kind (lazily between kinds)."""
        if self.must_include is not None and self.view == "classes":
            return self._with_card(self.must_include)
        plays = self._plays(tables_of(self.rules, self.view == "classes"), self.hand)
        if self.must_include is not None:
            card = self.must_include
            return (play for play in plays if card in play.cards)
        return plays

    def _plays(self, tables: Tables, hand: Hand) -> Iterator[Play]:
        """The plays of the wanted kinds, that beat the top play if any."""
        top, revolution = self.to_beat, self.revolution
        return itertools.chain.from_iterable(tables.plays(hand, self.kinds, top, revolution))

    def _with_card(self, card: Card) -> Iterator[Play]:
        """The class view restricted to plays holding ``card`` (R2.5): one member of
        each class that has a member holding it.

        The classes are generated from the hand with ``card`` first among its rank, so
        that each representative holds it where it can; a representative that still
        does not (a straight that had to change that card to stay out of a straight
        flush) is replaced by the class's first member holding the card, if any.
        """
        if card not in self.hand:
            return
        pinned = self.hand.pinned(card)
        index, rank = card.index, card.rank
        tables = pinned_tables(self.rules, card)
        # The kinds whose classes have one member each: a play of them holding another
        # card of the rank has no member holding ``card``.
        alone = tables.one_member
        for play in self._plays(tables, pinned):
            # One pass over the cards, by their ints (a Card's == is a Python call): 2
            # when the play holds ``card``, 1 when it holds only others of its rank.
            holds = 0
            for held in play.cards:
                if held.index == index:
                    holds = 2
                    break
                if held.rank == rank:
                    holds = 1
            if holds == 2:
                ordered = tuple(sorted(play.cards, key=CARD_INDEX))  # the pinned card may stand out of order
                if ordered == play.cards:
                    yield play
                else:  # (the same play with its cards in order: new_play, which attrs.evolve is slower to reach)
                    yield new_play(play.kind, ordered, play.key, play.rev_key, play.family, play.is_bomb, play.chop)
            elif holds and play.kind not in alone:
                member = self._member_holding(play, card)
                if member is not None:
                    yield member

    def _member_holding(self, play: Play, card: Card) -> Play | None:
        """The first member of ``play``'s class, in card-view order, that holds ``card``.

        The card view is searched on the cards of the play's ranks only and, where
        the play has one card of ``card``'s rank (a straight), with ``card`` alone of
        that rank; for a straight flush, with the cards of ``card``'s suit alone;
        where straights compare their top card's suit, with that suit alone at the
        top rank; and only on the windows where a straight is as strong as the play
        (a run of all thirteen ranks has two). The card view lists the same members in the same order, less
        plays that cannot be members holding ``card``, which would otherwise come in
        a number that grows with the product of the cards of every rank (millions
        for a long straight, all searched when no member holds ``card``)."""
        ranks = sorted(held.rank for held in play.cards)
        # Which card each rank may take: card at its rank when it is the play's only
        # card of that rank; for a straight flush, card's suit alone; where straights
        # compare the suit of their top card (R4.5), that suit at the top rank.
        fixed: dict[int, Card] = {card.rank: card} if ranks.count(card.rank) == 1 else {}
        suits: dict[int, Suit | None] = {}
        candidates: Iterable[Play]
        if play.kind in _STRAIGHTS:
            tables = tables_of(self.rules, False)
            combination = tables.straight if play.kind is Kind.STRAIGHT else tables.flush
            assert combination is not None
            # Only the windows of the play's ranks where a run is as strong as the play
            # (the card view would list every shorter straight too, each in all its
            # choices of cards, and A-2 at the other end of a 13-rank run).
            strength = play.key & ~3  # without the suit part
            indexes = [
                index for index, (window, window_ranks, _) in enumerate(tables.windows)
                if list(window_ranks) == ranks
                and tables.reader.run_strength(combination, window)[0] & ~3 == strength
            ]
            if play.kind is Kind.STRAIGHT_FLUSH:
                suits = dict.fromkeys(ranks, card.suit)
            straight = play.kind is Kind.STRAIGHT
            found: list[Iterable[Play]] = []
            for index in indexes:
                if straight and self.rules.straights_by_suit:
                    top = tables.windows[index][0].ranks[-1]
                    suits = {top: next(held.suit for held in play.cards if held.rank == top)}
                hand = Hand(held for held in self.hand.cards if _may_take(held, ranks, fixed, suits))
                found.append(tables._card_straights(hand, [index], straight, not straight))
            candidates = itertools.chain.from_iterable(found)
        else:
            candidates = attrs.evolve(
                self,
                hand=Hand(held for held in self.hand.cards if _may_take(held, ranks, fixed, suits)),
                view="cards",
                kinds=_BIT[play.kind],
                must_include=None,
            )
        for member in candidates:
            if (
                member.key == play.key
                and card in member.cards
                and sorted(held.rank for held in member.cards) == ranks
            ):
                return member
        return None

    def count(self) -> int:
        """The number of plays: in the card view counted without listing them
        (:func:`~zhengshangyou.counting.count_card_view`), in the class view
        generated one at a time without keeping them.

        >>> legal_plays(Hand.parse("3D 3S"), Rules()).count()
        2
        >>> # 3 singles, 3 pairs (any two of the three) and the triple:
        >>> legal_plays(Hand.parse("3D 3H 3S"), Rules(), view="cards").count()
        7
        """
        if self.view == "cards":
            found = count_card_view(
                self.hand, self.rules, self.to_beat, revolution=self.revolution,
                kinds=self.kinds, must_include=self.must_include,
            )
            if found is not None:
                return found
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        position = self._position()
        if position is not None:
            found = tables_of(self.rules, True).positions.get(position)
            if found is not None:
                return bool(found)
        return next(self._generate(), None) is not None

    def is_legal(self, play: Play) -> bool:
        """Whether ``play`` may be made, whatever the view: held, a reading here, beating, filtered.

        >>> rules = Rules()
        >>> view = legal_plays(Hand.parse("5D 5C 5S"), rules)
        >>> view.is_legal(Play.parse("5C 5S", rules)), Play.parse("5C 5S", rules) in view
        (True, False)
        """
        if not self.hand.contains(play.cards):
            return False
        if play not in plays_reader(self.rules).readings(play.cards):
            return False
        wanted = tables_of(self.rules, self.view == "classes").wanted(self.to_beat, self.kinds)
        if not wanted & _BIT[play.kind]:
            return False
        if self.must_include is not None and self.must_include not in play.cards:
            return False
        return self.to_beat is None or beats(play, self.to_beat, revolution=self.revolution)

    def __contains__(self, play: object) -> bool:
        if not isinstance(play, Play) or not self.is_legal(play):
            return False
        if self.view == "cards":
            return True
        # In the class view only the representative of its class is a member.
        ranks = sorted(card.rank for card in play.cards)
        narrowed = attrs.evolve(
            self, hand=Hand(card for card in self.hand.cards if card.rank in ranks),
            kinds=_BIT[play.kind],
        )
        for member in narrowed:
            if (
                member.key == play.key
                and sorted(card.rank for card in member.cards) == ranks
            ):
                return member == play
        return False

    def __repr__(self) -> str:
        return f"<LegalPlays {self.view} of {self.hand}{' to beat ' + str(self.to_beat) if self.to_beat else ''}>"


def engine_plays(
    hand: Hand,
    rules: Rules,
    to_beat: Play | None,
    *,
    view: View = "classes",
    revolution: bool = False,
    must_include: Card | None = None,
) -> LegalPlays:
    """:func:`legal_plays` for the game's own positions, whose hand, top play and
    start card the engine made itself and checked when they came in: the checks of
    :func:`checked_position` are not repeated on every listing."""
    return LegalPlays(hand, rules, to_beat, view, revolution, ALL_KINDS, must_include)


def checked_position(
    hand: Hand | Iterable[Card],
    rules: Rules,
    to_beat: Play | None,
    must_include: Card | None,
    reader: Reader | None = None,
) -> tuple[Hand, Play | None]:
    """The arguments of a question about a hand's plays, checked: the hand as a
    :class:`Hand` of cards the rules' deck holds (R1.3a), the play to beat as the
    rules' own reading (R3.16), and the card to include a card. ``reader``, when
    given, is the rules' reader (:func:`~zhengshangyou.plays.reader`), which a
    caller that keeps it passes to save the look-up.

    >>> from zhengshangyou.cards import parse_cards
    >>> checked_position(parse_cards("3D 4S"), Rules(), None, None)
    (Hand.parse('3D 4S'), None)
    """
    if not isinstance(hand, Hand):
        hand = Hand(hand)
    if not isinstance(rules, Rules):
        check_rules(rules)  # (the error that names R10)
    if hand.doubled and rules.decks == 1:
        check_copies(hand.cards, 1)  # R1.3a: a card twice, with one deck
    if to_beat is not None:
        to_beat = (reader or plays_reader(rules)).trusted(to_beat, "to_beat")
    if must_include is not None and not isinstance(must_include, Card):
        raise WrongTypeError(
            f"must_include must be a Card or None, not {brief_repr(must_include)} (R2.5)",
            argument="must_include",
            rule="R2.5",
        )
    return hand, to_beat


def legal_plays(
    hand: Hand | Iterable[Card],
    rules: Rules,
    to_beat: Play | None = None,
    *,
    view: View = "classes",
    revolution: bool = False,
    kinds: Iterable[Kind] | None = None,
    bombs_only: bool = False,
    must_include: Card | None = None,
) -> LegalPlays:
    """The plays ``hand`` may make: a lead when ``to_beat`` is None, else the plays that beat it.

    ``view`` chooses the card view or the class view (see the module
    documentation); ``revolution`` compares under the flipped rank order of
    R4.8; ``kinds`` keeps only plays of those kinds; ``bombs_only`` keeps only
    bombs (R4.6); ``must_include`` keeps only plays holding that card (R2.5).

    >>> rules = Rules()
    >>> hand = Hand.parse("4D 4S 9C 9H 9S 2D BJ RJ")
    >>> [str(play) for play in legal_plays(hand, rules, bombs_only=True)]
    ['BJ RJ']
    >>> [str(play) for play in legal_plays(hand, rules, Play.parse("8D 8C", rules))]
    ['9C 9H', 'BJ RJ']
    >>> [str(play) for play in legal_plays(hand, rules, kinds=[Kind.FULL_HOUSE])]
    ['4D 4S 9C 9H 9S']
    """
    hand, to_beat = checked_position(hand, rules, to_beat, must_include)
    if view not in ("classes", "cards"):
        raise ZhengShangyouError(
            f"view must be 'classes' or 'cards', not {brief_repr(view)}", rule=None
        )
    wanted = ALL_KINDS if kinds is None else _mask(kinds)
    if bombs_only:
        wanted &= kinds_mask(catalogue(rules).bombs)
    # Built through the slots' setters: every field is checked above, so the generic
    # ``__init__`` (a frozen class's setattr per field) would only repeat work.
    plays: LegalPlays = _NEW(LegalPlays)
    if cython.compiled:  # pragma: no cover (see above)
        PyObject_GenericSetAttr(plays, "hand", hand)
        PyObject_GenericSetAttr(plays, "rules", rules)
        PyObject_GenericSetAttr(plays, "to_beat", to_beat)
        PyObject_GenericSetAttr(plays, "view", view)
        PyObject_GenericSetAttr(plays, "revolution", revolution)
        PyObject_GenericSetAttr(plays, "kinds", wanted)
        PyObject_GenericSetAttr(plays, "must_include", must_include)
        return plays
    set_hand, set_rules, set_to_beat, set_view, set_revolution, set_kinds, set_must_include = _PLAYS_SLOTS
    set_hand(plays, hand)
    set_rules(plays, rules)
    set_to_beat(plays, to_beat)
    set_view(plays, view)
    set_revolution(plays, revolution)
    set_kinds(plays, wanted)
    set_must_include(plays, must_include)
    return plays


_NEW = object.__new__
_PLAYS_SLOTS = tuple(vars(LegalPlays)[field.name].__set__ for field in attrs.fields(LegalPlays))
