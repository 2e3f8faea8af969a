"""Combinations: reading cards as plays (R3) and comparing plays (R4).

:func:`classify_all` gives every reading of a multiset of cards under a rule
set; :func:`classify` gives the one reading or says why there is none;
:func:`beats` decides whether one play beats another.

>>> rules = Rules()
>>> pair = classify(parse_cards("3D 3S"), rules)
>>> pair.kind, str(pair)
(<Kind.PAIR: 'pair'>, '3D 3S')
>>> beats(classify(parse_cards("4H 4C"), rules), pair)
True
>>> beats(pair, classify(parse_cards("4H 4C"), rules))
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import attrs

try:
    import cython
except ImportError:  # (the pure-Python build needs no Cython: see NoCython)
    from zhengshangyou.compiled import NoCython as cython
if cython.compiled:  # pragma: no cover (the compiled build, whose tests CI runs apart)
    from cython.cimports.cpython.object import PyObject_GenericSetAttr

from zhengshangyou.cards import (
    Card,
    Rank,
    ascii_lower,
    check_copies,
    format_cards,
    parse_cards,
    sort_cards,
)
from zhengshangyou.combinations import Combination, Shape, catalogue, wing_choices
from zhengshangyou.combinations import Kind as Kind  # re-exported: its old home
from zhengshangyou.errors import (
    AmbiguousPlayError,
    InvalidCombinationError,
    WrongTypeError,
    brief_repr,
)
from zhengshangyou.rules import Rules, RulesCache, check_rules

__all__ = ["Play", "beats", "classify", "classify_all", "laid_out", "resolve", "split_declaration"]


def card_tuple(cards: object, decks: int = 2) -> tuple[Card, ...]:
    """``cards`` as a sorted tuple of cards, holding no card more than ``decks`` times (R1.3a).

    >>> card_tuple([Card.parse("4S"), Card.parse("3D")])
    (Card.parse('3D'), Card.parse('4S'))
    >>> card_tuple("3D")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.WrongTypeError: cards must be Card objects (use parse_cards for text), not '3D' (R3)
    """
    try:
        found = sorted(cast(Iterable[Card], cards)) if not isinstance(cards, str) else None
    except (TypeError, RecursionError):  # not cards; or lists nested too deep to compare
        found = None
    if found is None or not all(isinstance(card, Card) for card in found):
        raise WrongTypeError(
            f"cards must be Card objects (use parse_cards for text), not {brief_repr(cards)} (R3)",
            argument="cards",
            rule="R3",
        )
    ordered = tuple(found)
    if len(ordered) > 1 and len(set(ordered)) != len(ordered):
        check_copies(ordered, decks)
    return ordered


def _check_field(field: attrs.Attribute[Any], value: object, kind: type) -> None:
    """A play's field holds a value of its type (plays built by hand, R3.16)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise WrongTypeError(
            f"a play's {field.name} must be a {kind.__name__}, not {brief_repr(value)} (R3.16)",
            argument=field.name,
            rule="R3.16",
        )


@attrs.frozen(repr=False, cache_hash=True)
class Play:
    """One reading of some cards as a combination, with what comparing it needs.

    Build plays with :func:`classify`, :func:`classify_all`, :meth:`Play.parse`
    or the legal-move generator rather than by hand: ``key`` and ``rev_key`` are
    the play's strength under the rules it was read with (and under a flipped
    rank order, R4.8), ``family`` the kind it competes in (a straight flush
    competes with straights under ``straight_flush="beats_straights"``), and
    ``is_bomb`` whether it beats every non-bomb (R4.6).

    Two plays are equal when their kind, cards and strength are equal. A play's
    cards are kept sorted (the canonical order), however they were given; the
    game and ``beats(..., rules)`` accept only a play that is exactly one of the
    readings the rules give its cards (R3.16), so a play built by hand with
    another strength is refused.

    >>> play = Play.parse("5H 6H 7H 8H 9H", Rules.preset("winner"))
    >>> play.kind, play.family, play.is_bomb
    (<Kind.STRAIGHT_FLUSH: 'straight_flush'>, <Kind.STRAIGHT: 'straight'>, False)
    >>> play
    Play(straight_flush: 5H 6H 7H 8H 9H)
    """

    #: The combination the cards are read as (R3).
    kind: Kind = attrs.field(validator=lambda play, field, value: _check_field(field, value, Kind))
    #: The cards, sorted.
    cards: tuple[Card, ...] = attrs.field(converter=card_tuple)
    #: The play's strength, an int: of two plays of one family and size (R4.1), or two
    #: bombs (R4.6), the one with the larger ``key`` is higher (R4.2). It packs, from
    #: the most significant part down, the tier within the family (a straight flush
    #: above every plain straight under ``"beats_straights"``; among bombs, the order
    #: of the bomb kinds of R4.6), the strength within the tier (the main rank, a
    #: run's top card as ``straight_ranking`` places it, a bomb's size first where
    #: ``bomb_order`` says so), and in its two lowest bits the suit where the rules
    #: compare suits (R4.3, R4.5; else 0). Only comparisons of keys mean anything:
    #: the values themselves are not part of the API.
    key: int = attrs.field(validator=lambda play, field, value: _check_field(field, value, int))
    #: The strength under a revolution (R4.8): as ``key``, with the order of the ranks
    #: 3..2 flipped. Not part of equality.
    rev_key: int = attrs.field(
        eq=False, validator=lambda play, field, value: _check_field(field, value, int)
    )
    #: The kind the play competes in: its own kind, ``STRAIGHT`` for a straight flush
    #: that beats straights, ``BOMB`` for every bomb. Not part of equality.
    family: Kind = attrs.field(
        eq=False, validator=lambda play, field, value: _check_field(field, value, Kind)
    )
    #: Whether the play beats every play that is not a bomb (R4.6). Not part of equality.
    is_bomb: bool = attrs.field(
        eq=False, validator=lambda play, field, value: _check_field(field, value, bool)
    )
    #: What the play is to Tiến Lên's chops (T4.2): in its low 8 bits the targets it
    #: is (a single 2, a pair of 2s, ...), above them the targets it chops (bits of
    #: :data:`~zhengshangyou.combinations.CHOP_TARGETS`); 0 where the rules have no
    #: chops. Not part of equality.
    chop: int = attrs.field(
        default=0, eq=False, validator=lambda play, field, value: _check_field(field, value, int)
    )

    @classmethod
    def parse(cls, text: str, rules: Rules, *, kind: Kind | None = None) -> Play:
        """Read cards in the notation and classify them (see :func:`classify`).

        The text may declare the kind after the cards, as an ambiguity error
        lists the readings: ``"3C 4C 5C as straight_flush"`` (R3.16).

        >>> Play.parse("BJ RJ", Rules()).kind
        <Kind.JOKER_BOMB: 'joker_bomb'>
        >>> Play.parse("3C 4C 5C 6C 7C as straight flush", Rules(straight_flush="distinct"))
        Play(straight_flush: 3C 4C 5C 6C 7C)
        """
        cards, declared = split_declaration(text)
        if declared is not None and kind is not None and declared is not kind:
            raise InvalidCombinationError(
                f"{text!r} declares a {declared.label}, but kind={kind.value} was asked for (R3.16)",
                rule="R3.16",
            )
        return classify(parse_cards(cards), rules, kind=kind or declared)

    def __len__(self) -> int:
        return len(self.cards)

    def unicode(self) -> str:
        """The play's cards with suit symbols.

        >>> Play.parse("10H 10S", Rules()).unicode()
        '10♥ 10♠'
        """
        return format_cards(self.cards, unicode=True)

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Play({self.kind.value}: {self})"


def _slot_setter(name: str) -> Callable[[Play, object], None]:
    """The ``__set__`` of the descriptor of one of a play's slots."""
    setter: Callable[[Play, object], None] = vars(Play)[name].__set__
    return setter


# The move generator builds plays by the thousand: new_play sets a play's slots
# through their own descriptors, which costs about two thirds of the generic
# ``object.__setattr__`` that the ``__init__`` of a frozen attrs class calls per field.
# Compiled, it sets each by one C call (PyObject_GenericSetAttr, which finds the same
# descriptor; see compiled.NoCython): a Python call of a descriptor's setter makes a
# tuple of its arguments, and the seven of them cost 60% of a new play there.
# ``_attrs_cached_hash`` is where attrs keeps the hash (``cache_hash=True``); the tests
# check that both ways build the same play, on either build.
_SET_KIND, _SET_CARDS, _SET_KEY, _SET_REV_KEY, _SET_FAMILY, _SET_IS_BOMB, _SET_CHOP, _SET_HASH = map(
    _slot_setter,
    ("kind", "cards", "key", "rev_key", "family", "is_bomb", "chop", "_attrs_cached_hash"),
)


def new_play(
    kind: Kind, cards: tuple[Card, ...], key: int, rev_key: int, family: Kind, is_bomb: bool,
    chop: int = 0,
) -> Play:
    """``Play(kind, cards, key, rev_key, family, is_bomb, chop)``, built faster."""
    play: Play = object.__new__(Play)
    if cython.compiled:  # pragma: no cover (see above)
        PyObject_GenericSetAttr(play, "kind", kind)
        PyObject_GenericSetAttr(play, "cards", cards)
        PyObject_GenericSetAttr(play, "key", key)
        PyObject_GenericSetAttr(play, "rev_key", rev_key)
        PyObject_GenericSetAttr(play, "family", family)
        PyObject_GenericSetAttr(play, "is_bomb", is_bomb)
        PyObject_GenericSetAttr(play, "chop", chop)
        PyObject_GenericSetAttr(play, "_attrs_cached_hash", None)
        return play
    _SET_KIND(play, kind)
    _SET_CARDS(play, cards)
    _SET_KEY(play, key)
    _SET_REV_KEY(play, rev_key)
    _SET_FAMILY(play, family)
    _SET_IS_BOMB(play, is_bomb)
    _SET_CHOP(play, chop)
    _SET_HASH(play, None)
    return play


# ---------------------------------------------------------------------------
# Strength keys. A key packs (tier, strength, suit) into one int so that the
# comparator is a single integer comparison. ``rev_key`` is the same with the
# rank order of 3..2 flipped (R4.8); tiers, jokers and suits never flip.

_TIER = 1 << 20
_OFFSET = 1 << 10


def _pack(tier: int, strength: int, suit: int = 0) -> int:
    return tier * _TIER + (strength + _OFFSET) * 4 + suit


def flip(rank: int) -> int:
    """The strength of a rank once the order of 3..2 is flipped; jokers stay on top."""
    return rank if rank >= Rank.BLACK_JOKER else 12 - rank


@attrs.frozen
class Window:
    """One run of consecutive positions in a run line (R3.15)."""

    ranks: tuple[Rank, ...]  # low to high in run order
    top: int  # position of the top card in the line
    low_two: bool
    low_ace: bool
    beside: int = 0  # mask of the ranks next to it in the line (D5.15)


def run_line(run_order: str) -> list[tuple[Rank, str]]:
    """The positions a run may use, low to high, each tagged low/mid/high."""
    middle = [(Rank(rank), "mid") for rank in range(Rank.THREE, Rank.KING + 1)]
    if run_order == "no_two":
        return middle + [(Rank.ACE, "mid")]
    if run_order == "two_high":
        return middle + [(Rank.ACE, "mid"), (Rank.TWO, "mid")]
    low = [(Rank.ACE, "low"), (Rank.TWO, "low")]
    if run_order == "two_low":
        return low + middle + [(Rank.ACE, "high")]
    return low + middle + [(Rank.ACE, "high"), (Rank.TWO, "high")]


def _windows(run_order: str) -> dict[int, list[Window]]:
    """Every valid run of the run order, by the bit mask of its ranks."""
    line = run_line(run_order)
    found: dict[int, list[Window]] = {}
    for start in range(len(line)):
        for stop in range(start + 1, len(line) + 1):
            part = line[start:stop]
            ranks = tuple(rank for rank, _ in part)
            if len(set(ranks)) != len(ranks):
                break
            tags = {tag for _, tag in part}
            if run_order == "either_end" and "low" in tags and "high" in tags:
                continue  # never both ends at once (either_end; two_low allows 2-...-K-A)
            mask = 0
            for rank in ranks:
                mask |= 1 << rank
            low_ranks = {rank for rank, tag in part if tag == "low"}
            beside = 0
            for place in (start - 1, stop):
                if 0 <= place < len(line) and line[place][0] not in ranks:
                    beside |= 1 << line[place][0]
            found.setdefault(mask, []).append(
                Window(
                    ranks=ranks,
                    top=stop - 1,
                    low_two=Rank.TWO in low_ranks,
                    low_ace=Rank.ACE in low_ranks,
                    beside=beside,
                )
            )
    return found


def poker_windows(straights: str) -> dict[int, list[Window]]:
    """Big Two's five-card straights under ``straights`` (B3.4), by the bit mask of
    their ranks: the five-rank runs of the run line of ``two_low`` or ``two_high``;
    under ``"taiwan"`` those of ``two_low``, with 23456 placed above 10JQKA and its 2
    as its top card (the card whose suit breaks ties, B4.3).

    >>> sorted(len(group) for group in poker_windows("two_low").values()) == [1] * 10
    True
    >>> [rank.symbol for rank in poker_windows("taiwan")[0b1000000001111][0].ranks]
    ['3', '4', '5', '6', '2']
    """
    found = {
        mask: [window for window in group if len(window.ranks) == 5]
        for mask, group in _windows(line_order(straights)).items()
    }
    found = {mask: group for mask, group in found.items() if group}
    if straights == "taiwan":
        # (Its place above 10JQKA is in its strength: see Reader.run_strength.)
        for mask, group in found.items():
            window = group[0]
            if window.low_two and not window.low_ace:
                ranks = tuple(rank for rank in window.ranks if rank != Rank.TWO) + (Rank.TWO,)
                found[mask] = [attrs.evolve(window, ranks=ranks)]
    return found


def line_order(straights: str) -> str:
    """The run order whose run line holds Big Two's straights under ``straights``
    (B3.4): ``two_high``'s for ``"two_high"``, ``two_low``'s otherwise.

    >>> line_order("taiwan"), line_order("two_high")
    ('two_low', 'two_high')
    """
    return "two_high" if straights == "two_high" else "two_low"


def run_order_of(rules: Rules) -> str:
    """The run order whose run line holds the rules' runs: ``run_order``, or under
    ``poker_hands`` the one of Big Two's straights (:func:`line_order`).

    >>> run_order_of(Rules()), run_order_of(Rules.preset("pusoy-dos"))
    ('two_low', 'two_high')
    """
    return line_order(rules.straights) if rules.poker_hands else rules.run_order


class Reader:
    """The keys and readings of one rule set, built once per rule set from its
    catalogue (:mod:`~zhengshangyou.combinations`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.catalogue = found = catalogue(rules)
        order = rules.suit_order
        self.suit_strength = [0, 0, 0, 0] if order is None else [order.index(s) for s in range(4)]
        self.windows = poker_windows(rules.straights) if rules.poker_hands else _windows(rules.run_order)
        # The windows of each length, low to high (for runs with wings).
        self.by_length: dict[int, list[tuple[int, Window]]] = {}
        for mask, group in sorted(self.windows.items(), key=lambda item: item[1][0].top):
            for window in group:
                self.by_length.setdefault(len(window.ranks), []).append((mask, window))
        self.cache: dict[tuple[Card, ...], tuple[Play, ...]] = {}
        self.kind_cache: dict[tuple[tuple[Card, ...], Kind], tuple[Play, ...]] = {}
        # By a play object's identity, the play and the reading :meth:`trusted` found it
        # to be: the engine's own plays come back again and again (a game checks every
        # move, a rank-play answer its play to beat). The play is kept in the entry, so
        # its id is not reused while the entry lives.
        self.trusted_plays: dict[int, tuple[Play, Play]] = {}
        # The (key, rev_key) of a play compared by one rank, with no suit part.
        self.rank_keys = [(_pack(0, rank, 0), _pack(0, flip(rank), 0)) for rank in range(15)]
        self.single_combination = found[Kind.SINGLE]
        # The kinds listed together (straight flushes with straights), in listing order.
        slots: dict[Kind, list[Combination]] = {}
        for combination in found:
            slots.setdefault(combination.listed_with or combination.kind, []).append(combination)
        self.slots = tuple(tuple(slot) for slot in slots.values())
        #: The slot of each kind of the catalogue.
        self.slot_of = {combination.kind: slot for slot in self.slots for combination in slot}

    # --- keys -------------------------------------------------------------

    def _suit(self, cards: Iterable[Card]) -> int:
        """The strongest suit of ``cards`` under ``suit_order`` (jokers have none)."""
        strength = self.suit_strength
        return max(0 if card.suit is None else strength[card.suit] for card in cards)

    def single(self, card: Card) -> Play:
        """A single (R3.1), built fast: the generator makes many."""
        if self.single_combination.suit_in_key or self.single_combination.chop:
            return self.group(self.single_combination, (card,), card.rank)
        key, rev = self.rank_keys[card.rank]
        return new_play(Kind.SINGLE, (card,), key, rev, Kind.SINGLE, False)

    def group(self, combination: Combination, cards: tuple[Card, ...], rank: int, size: int = 0) -> Play:
        """A play of a group of ``rank`` (with any attached cards): ``size`` cards of
        that rank in a bomb whose size counts (R4.3, R4.4, R4.6)."""
        kind, family, tier = combination.kind, combination.family or combination.kind, combination.tier
        sized = combination.sized
        if sized is None:
            strength, flipped = rank, flip(rank)
        elif sized == "size_then_rank":
            strength, flipped = size * 16 + rank, size * 16 + flip(rank)
        else:
            strength, flipped = rank * 16 + size, flip(rank) * 16 + size
        suit = self._suit(cards) if combination.suit_in_key else 0
        if combination.low_attached and suit:  # (two pair: the suit of its higher pair, B3.3)
            suit = self._suit(card for card in cards if card.rank == rank)
        chop = _chop_bits(combination, len(cards), rank) if combination.chop else 0
        if not tier and not suit and sized is None:
            key, rev = self.rank_keys[rank]
            return new_play(kind, cards, key, rev, family, combination.is_bomb, chop)
        return new_play(
            kind, cards, _pack(tier, strength, suit), _pack(tier, flipped, suit), family,
            combination.is_bomb, chop,
        )

    def chop_of(self, combination: Combination, size: int, rank: int = -1) -> int:
        """What a play of ``size`` cards (of main rank ``rank``) of ``combination`` is to
        chops, and what it chops (T4.2; see :attr:`Play.chop`)."""
        return _chop_bits(combination, size, rank) if combination.chop else 0

    def flush(self, combination: Combination, cards: tuple[Card, ...]) -> Play:
        """A flush (B3.2, B4.3): under ``flush_order="rank_first"`` by its ranks from the
        highest card down (the bit mask of its ranks, as a number), then its suit;
        under ``"suit_first"`` by its suit, then its ranks."""
        ranks = 0
        for card in cards:
            ranks |= 1 << card.rank
        first = cards[0].suit  # (a flush's cards are of one suit: the first's is the strongest)
        suit = 0 if first is None else self.suit_strength[first]
        if self.rules.flush_order == "suit_first":
            strength, suit = suit << 13 | ranks, 0
        else:
            strength = ranks
        return new_play(
            combination.kind, cards, _pack(combination.tier, strength, suit),
            _pack(combination.tier, -strength, suit), combination.family or combination.kind,
            combination.is_bomb,
        )

    def joker_bomb(self, combination: Combination, cards: tuple[Card, ...]) -> Play:
        """The joker bomb (R3.12): above every other bomb."""
        key = _pack(combination.tier, 0, 0)
        return new_play(combination.kind, cards, key, key, Kind.BOMB, True)

    def run(self, combination: Combination, cards: tuple[Card, ...], window: Window) -> Play:
        """A run on ``window`` (with any wings): straights, straight flushes, pair runs,
        triple runs and airplanes (R4.4, R4.5, R4.7)."""
        suit = 0
        if combination.suit_in_key:
            top_rank = window.ranks[-1]
            suit = self._suit(card for card in cards if card.rank == top_rank)
        key, rev_key, family, is_bomb = self.run_strength(combination, window, suit)
        chop = _chop_bits(combination, len(cards), -1) if combination.chop else 0
        return new_play(combination.kind, cards, key, rev_key, family, is_bomb, chop)

    def run_strength(
        self, combination: Combination, window: Window, suit: int = 0
    ) -> tuple[int, int, Kind, bool]:
        """The ``key``, ``rev_key``, ``family`` and ``is_bomb`` of a run of
        ``combination`` on ``window`` whose top card has suit strength ``suit``
        (R4.5, R4.7): by the top's position in the run order."""
        strength = window.top
        if combination.wheels_high:
            strength += 64 * (2 * window.low_two + window.low_ace)
        elif combination.two_top and window.low_two and not window.low_ace:
            strength += 64  # (Taiwan's 23456, above 10JQKA: B3.4)
        tier = combination.tier
        return (
            _pack(tier, strength, suit),
            _pack(tier, -strength, suit),
            combination.family or combination.kind,
            combination.is_bomb,
        )

    # --- reading ----------------------------------------------------------

    def readings(self, cards: tuple[Card, ...]) -> tuple[Play, ...]:
        """:meth:`read`, memoised: the same cards are read once per rule set."""
        found = self.cache.get(cards)
        if found is None:
            if len(self.cache) > 100_000:
                self.cache.clear()
            found = self.cache[cards] = tuple(self.read(cards))
        return found

    def kind_readings(self, cards: tuple[Card, ...], kind: Kind) -> Sequence[Play]:
        """The readings of ``cards`` (sorted) among the kinds of ``kind``'s slot of the
        catalogue (none when the rules do not have it), memoised as :meth:`readings` is."""
        key = (cards, kind)
        found = self.kind_cache.get(key)
        if found is None:
            if len(self.kind_cache) > 100_000:
                self.kind_cache.clear()
            slot = self.slot_of.get(kind)
            found = self.kind_cache[key] = () if slot is None else tuple(self.fit(slot, _Counts(cards)))
        return found

    def trusted(self, play: object, what: str = "play", *, held: bool = False) -> Play:
        """The reading of ``play``'s cards under these rules that ``play`` is, in
        every field (kind, strength, family, bomb); an error if it is none (R3.16).

        The engine accepts only plays it could have read itself, so a play built
        by hand with another strength (or read under other rules) is refused.
        ``held``: the cards were taken from a hand of a checked deal, so they hold
        no card more often than the deck does (R1.3a) and that check is skipped.
        """
        known = self.trusted_plays.get(id(play))
        if known is not None and known[0] is play:  # (found before: every check passed)
            return known[1]
        if not isinstance(play, Play):
            raise WrongTypeError(
                f"{what} must be a Play, not {type(play).__name__} ({brief_repr(play)})",
                argument=what,
                rule="R3.16",
            )
        cards = play.cards
        if not held and self.rules.decks == 1 and len(set(cards)) != len(cards):
            check_copies(cards, 1)  # R1.3a
        readings: Iterable[Play] | None = self.cache.get(cards)
        if readings is None:
            if len(cards) < 3:
                readings = self.readings(cards)
            else:
                # Read as the play's own kind only (a reading that is the play is of
                # its kind), not as every kind of the catalogue: a game checks many
                # plays of three or more cards it meets once.
                readings = self.kind_readings(cards, play.kind)
        for reading in readings:
            if (
                reading.kind is play.kind
                and reading.key == play.key
                and reading.rev_key == play.rev_key
                and reading.family is play.family
                and reading.is_bomb is play.is_bomb
            ):
                if len(self.trusted_plays) >= _TRUSTED_LIMIT:
                    self.trusted_plays.clear()
                self.trusted_plays[id(play)] = (play, reading)
                return reading
        raise InvalidCombinationError(
            f"{play!r} is not a reading of its cards under these rules (R3.16)", rule="R3.16"
        )

    def read(self, cards: tuple[Card, ...]) -> list[Play]:
        """Every reading of ``cards`` (sorted) under the rules, kind by kind in the
        catalogue's order (R3, R3.16, R3.17)."""
        if len(cards) < 2:
            return [self.single(cards[0])] if cards else []
        counts = _Counts(cards)
        readings: list[Play] = []
        for slot in self.slots:
            readings += self.fit(slot, counts)
        return readings

    def fit(self, slot: Sequence[Combination], counts: _Counts) -> list[Play]:
        """The readings of the counted cards as the kinds of one slot of the catalogue."""
        first = slot[0]
        if first.shape is Shape.GROUP:
            return self._fit_group(first, counts)
        if first.shape is Shape.JOKERS:
            return self._fit_jokers(first, counts)
        if first.shape is Shape.FLUSH:
            return self._fit_flush(first, counts)
        if first.attached:
            return self._fit_winged(first, counts)
        return self._fit_run(slot, counts)

    def _fit_group(self, combination: Combination, counts: _Counts) -> list[Play]:
        """A group of one rank, with one attached group of another (R3.1-R3.6, R3.10,
        R3.14), or with two (four with two, D5.11, D5.12)."""
        by_rank, cards = counts.by_rank, counts.cards
        width, attached = combination.width, combination.attached
        if not attached:
            rank = cards[0].rank
            if len(by_rank) != 1 or not width <= len(cards) <= combination.most:
                return []
            if rank.is_joker and not combination.jokers:
                return []
            return [self.group(combination, cards, rank, len(cards))]
        if combination.wings > 1:
            return self._fit_group_wings(combination, counts)
        if len(by_rank) != 2 or len(cards) != width + attached:
            return []
        (low, low_count), (high, _) = sorted(by_rank.items())
        main, other = (low, high) if low_count == width and not combination.low_attached else (high, low)
        if by_rank[main] != width or by_rank[other] != attached or main.is_joker:
            return []
        if other.is_joker and not combination.attached_jokers:
            return []
        return [self.group(combination, cards, main, width)]

    def _fit_group_wings(self, combination: Combination, counts: _Counts) -> list[Play]:
        """A group of one rank with ``wings`` attached groups of other ranks (four with
        two, D5.11, D5.12, D5.15): every main rank that reads them."""
        by_rank, cards = counts.by_rank, counts.cards
        width, attached, wings = combination.width, combination.attached, combination.wings
        if len(cards) != width + attached * wings:
            return []
        readings = []
        for main, count in sorted(by_rank.items()):
            if count != width or main.is_joker:
                continue  # (wings never share the main rank)
            rest = [(int(rank), n) for rank, n in by_rank.items() if rank != main]
            if any(n % attached for _, n in rest) or (
                not combination.attached_jokers and any(rank >= Rank.BLACK_JOKER for rank, _ in rest)
            ):
                continue
            held = [0] * 15
            for rank, n in rest:
                held[rank] = n // attached
            chosen = tuple(sorted(rank for rank, n in rest for _ in range(n // attached)))
            ranks = tuple(sorted(rank for rank, _ in rest))
            if chosen in wing_choices(ranks, wings, attached, held, combination):
                readings.append(self.group(combination, cards, main, width))
        return readings

    def _fit_flush(self, combination: Combination, counts: _Counts) -> list[Play]:
        """``most`` cards of one suit, of different ranks, that are no straight (B3.2)."""
        cards = counts.cards
        if (
            len(cards) != combination.most
            or counts.jokers
            or len(counts.by_rank) != len(cards)
            or len({card.suit for card in cards}) != 1
            or counts.mask in self.windows
        ):
            return []
        return [self.flush(combination, cards)]

    def _fit_jokers(self, combination: Combination, counts: _Counts) -> list[Play]:
        """Every joker of the deck (R3.12)."""
        decks, by_rank = self.rules.decks, counts.by_rank
        if counts.jokers == len(counts.cards) == 2 * decks and all(
            by_rank.get(rank) == decks for rank in (Rank.BLACK_JOKER, Rank.RED_JOKER)
        ):
            return [self.joker_bomb(combination, counts.cards)]
        return []

    def _fit_run(self, slot: Sequence[Combination], counts: _Counts) -> list[Play]:
        """Runs of ``width`` cards a rank (R3.7-R3.9, R3.11, R3.15, R3.17), window by
        window; on each, the kinds of the slot in order (a straight, then its flush)."""
        width, by_rank, cards = slot[0].width, counts.by_rank, counts.cards
        if counts.jokers or len(by_rank) < slot[0].minimum:
            return []
        if any(count != width for count in by_rank.values()):
            return []
        readings = []
        flush = width == 1 and len({card.suit for card in cards}) == 1
        for window in self.windows.get(counts.mask, ()):
            for combination in slot:
                suits = combination.suits
                if suits == "any" or (suits == "flush") is flush:
                    readings.append(self.run(combination, cards, window))
        return readings

    def _fit_winged(self, combination: Combination, counts: _Counts) -> list[Play]:
        """A triple run of k ranks with k attached groups of ``attached`` cards, of
        ranks outside the run (R3.18, R3.19, D5.15): every way of seeing one in the
        cards."""
        width, attached, by_rank = combination.width, combination.attached, counts.by_rank
        triples, spare = divmod(len(counts.cards), width + attached)
        if spare or triples < combination.minimum:
            return []
        readings = []
        for mask, window in self.by_length.get(triples, ()):
            if mask & ~counts.mask or any(by_rank[rank] != width for rank in window.ranks):
                continue
            wings = [(rank, count) for rank, count in by_rank.items() if not mask >> rank & 1]
            if attached > 1 and (
                len(wings) != triples
                or any(count != attached for _, count in wings)
                or (not combination.attached_jokers and any(rank.is_joker for rank, _ in wings))
            ):
                continue
            if attached == 1 and not self._solo_wings(combination, wings, window):
                continue
            readings.append(self.run(combination, counts.cards, window))
        return readings

    @staticmethod
    def _solo_wings(
        combination: Combination, wings: list[tuple[Rank, int]], window: Window
    ) -> bool:
        """Whether solo wings of these ranks and counts are allowed (D5.15)."""
        if combination.repeat and any(count > combination.repeat for _, count in wings):
            return False
        ranks = {rank for rank, _ in wings}
        if not combination.rocket and Rank.BLACK_JOKER in ranks and Rank.RED_JOKER in ranks:
            return False
        return combination.trio_beside or not any(
            count == 3 and window.beside >> rank & 1 for rank, count in wings
        )

    def why_not(self, cards: tuple[Card, ...]) -> InvalidCombinationError:
        """Explain, with the rule id, why ``cards`` have no reading: a kind the rules
        leave out that would read them, or what the cards lack."""
        text = format_cards(cards)

        def error(reason: str, rule: str) -> InvalidCombinationError:
            return InvalidCombinationError(f"{text or 'no cards'}: {reason} ({rule})", rule=rule)

        if not cards:
            return error("a play needs at least one card", "R3.1")
        if self.rules.poker_hands:
            return error(*self._poker_lacking(cards))
        counts = _Counts(cards)
        for combination in self.catalogue.left_out:
            # (Dou Dizhu's own kinds, D5, are never named to a rule set that leaves
            # them out: its errors stay what they were before they existed.)
            if combination.rule[0] == "R" and self.fit((combination,), counts):
                reason, rule = combination.off
                return error(reason.format(n=len(cards)), rule)
        return error(*self._lacking(counts))

    def _poker_lacking(self, cards: tuple[Card, ...]) -> tuple[str, str]:
        """What cards of no Big Two play lack (B3): the reason and the rule id."""
        if len(cards) > 5:
            return "no play has more than five cards under poker_hands", "B3.3"
        if len(cards) == 4 and not self.rules.two_pair:
            if len({card.rank for card in cards}) == 1:
                return "four of a kind is played only with a fifth card (four+1)", "B3.3"
            return "four cards are never a play (two pair and four of a kind need two_pair=True)", "B3.3"
        if len(cards) == 3 and len({card.rank for card in cards}) == 1:
            return "triples are off (triples=False)", "B3.1"
        return "these cards form no Big Two play", "B3"

    def _lacking(self, counts: _Counts) -> tuple[str, str]:
        """What cards of no kind the rules have lack: the reason and the rule id."""
        by_rank, n = counts.by_rank, len(counts.cards)
        if counts.jokers == n:
            if n == 2 and len(by_rank) == 1:
                return "joker pairs are off (joker_pairs=False)", "R3.13"
            return (
                "jokers combine only as a joker pair (two decks) or as the joker bomb (every joker)",
                "R3.12",
            )
        if counts.jokers:
            if len(by_rank) == 2 and sorted(by_rank.values()) == [2, 3]:
                return "a joker pair in a full house needs joker_pairs=True", "R3.13"
            return (
                "jokers stand only as singles, joker pairs, the joker bomb and kickers;"
                " never in runs, triples, full houses or bombs of a rank",
                "R3",
            )
        widths = set(by_rank.values())
        width = max(widths)
        if len(widths) > 1 or width > 3:  # no kind has these counts: say what the cards are
            counted = [rank_count_words(count, rank) for rank, count in sorted(by_rank.items())]
            listed = " and ".join([", ".join(counted[:-1]), counted[-1]] if len(counted) > 1 else counted)
            return f"these cards form no combination: {listed}", "R3"
        if width == 1 and len(by_rank) == 2:  # (never a straight, which has 3 ranks or more)
            return "these cards form no combination: two cards of different ranks", "R3"
        run = next(c for c in self.catalogue.of_shape(Shape.RUN, width) if not c.attached)
        if len(by_rank) < run.minimum:
            option = {1: "min_straight", 2: "min_pair_run", 3: "min_triple_run"}[width]
            return f"a {run.kind.label} needs at least {option}={run.minimum} ranks", run.rule
        return (
            f"the ranks are not consecutive under run_order={self.rules.run_order!r}"
            " (no wrap-around, no rank twice)",
            "R3.15",
        )


def _chop_bits(combination: Combination, size: int, rank: int) -> int:
    """What a play of ``size`` cards (of main rank ``rank``) of ``combination`` is to
    chops, and what it chops (T4.2; see :attr:`Play.chop`)."""
    for cards, main, bits in combination.chop:
        if cards == size and (main < 0 or main == rank):
            return bits
    return 0


_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")
_RANK_NAMES = {
    Rank.JACK: "jack", Rank.QUEEN: "queen", Rank.KING: "king", Rank.ACE: "ace",
    Rank.BLACK_JOKER: "black joker", Rank.RED_JOKER: "red joker",
}


def rank_count_words(count: int, rank: Rank) -> str:
    """``count`` cards of ``rank`` in words, for messages: ``two 3s``, ``one queen``.

    >>> rank_count_words(2, Rank.THREE), rank_count_words(1, Rank.QUEEN), rank_count_words(0, Rank.ACE)
    ('two 3s', 'one queen', 'no aces')
    """
    number = _WORDS[count] if 0 <= count < len(_WORDS) else str(count)
    name = _RANK_NAMES.get(rank, rank.symbol)
    return f"{number} {name}" if count == 1 else f"{number} {name}s"


class _Counts:
    """Sorted cards, counted by rank: what reading them needs."""

    __slots__ = ("by_rank", "cards", "jokers", "mask")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        by_rank: dict[Rank, int] = {}
        for card in cards:
            by_rank[card.rank] = by_rank.get(card.rank, 0) + 1
        self.by_rank = by_rank
        self.jokers = by_rank.get(Rank.BLACK_JOKER, 0) + by_rank.get(Rank.RED_JOKER, 0)
        self.mask = sum(1 << rank for rank in by_rank)


#: The reader of each rule set in use.
_READERS: RulesCache[Reader] = RulesCache(Reader)
# The most plays a reader keeps by identity (Reader.trusted_plays), then starts afresh:
# a small table, since every entry is a tuple for the garbage collector to scan.
_TRUSTED_LIMIT = 10_000


def reader(rules: Rules) -> Reader:
    """The reader of ``rules`` (its keys and readings), built on first use and kept."""
    last = _READERS.last  # (the rules asked for last, found by identity: see RulesCache.last)
    return last[1] if last[0] is rules else _READERS.of(rules)




def classify_all(cards: Iterable[Card], rules: Rules) -> list[Play]:
    """Every reading of ``cards`` as a combination under ``rules`` (R3.16, R3.17).

    The list is empty when the cards form no combination. Most card sets have at
    most one reading; a suited straight under ``straight_flush="distinct"`` has
    two, as does a run through all thirteen ranks where A and 2 may stand at
    either end.

    >>> rules = Rules(straight_flush="distinct")
    >>> [play.kind.value for play in classify_all(parse_cards("3H 4H 5H 6H 7H"), rules)]
    ['straight', 'straight_flush']
    >>> classify_all(parse_cards("3H 4H"), rules)
    []
    """
    return reader(check_rules(rules)).read(card_tuple(cards, rules.decks))


def classify(cards: Iterable[Card], rules: Rules, *, kind: Kind | None = None) -> Play:
    """The one reading of ``cards`` (of ``kind``, when given) under ``rules``.

    Raises :class:`~zhengshangyou.errors.InvalidCombinationError` saying why the
    cards form no combination, or :class:`~zhengshangyou.errors.AmbiguousPlayError`
    listing the readings when they are of several kinds and ``kind`` does not
    choose. This is :func:`resolve` with nothing to beat.

    >>> classify(parse_cards("3D 4S 5H"), Rules())
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidCombinationError: 3D 4S 5H: a straight needs at least min_straight=5 ranks (R3.7)
    >>> classify(parse_cards("3D 4D 5D 6D 7D"), Rules(straight_flush="distinct"), kind=Kind.STRAIGHT_FLUSH)
    Play(straight_flush: 3D 4D 5D 6D 7D)
    """
    return resolve(cards, rules, kind=kind)


def resolve(
    cards: Iterable[Card],
    rules: Rules,
    *,
    kind: Kind | None = None,
    playable: Callable[[Play], bool] | None = None,
    revolution: bool = False,
) -> Play:
    """The one play that typed ``cards`` stand for (R3.16): the resolution shared by
    :func:`classify`, the game's typed moves and records.

    Of the cards' readings (of ``kind``, when it is declared), those for which
    ``playable`` says yes, when any does (the readings that may be played here);
    otherwise all of them, so that the caller's own check says why the play is
    refused. Readings of several kinds must be declared: the
    :class:`~zhengshangyou.errors.AmbiguousPlayError` lists them as a player
    types them (``"3H 4H 5H 6H 7H as straight_flush"``). Readings of one kind differ
    only in their strength: where a run stands (a run through all thirteen ranks,
    with A and 2 at either end, R3.15) or which triples of an airplane are its run
    (333444555666 with single wings, R3.19). The strongest is meant, under the
    flipped order when ``revolution`` is on (R4.8). (**Library ruling**; the other
    readings are in :func:`classify_all` and the legal-move views.)

    >>> rules = Rules(straight_flush="distinct")
    >>> resolve(parse_cards("3H 4H 5H 6H 7H"), rules)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.AmbiguousPlayError: 3H 4H 5H 6H 7H has several readings; declare one of: 3H 4H 5H 6H 7H as straight; 3H 4H 5H 6H 7H as straight_flush (R3.16)
    >>> top = Play.parse("4C 5D 6S 7S 8H", rules)
    >>> resolve(parse_cards("5H 6H 7H 8H 9H"), rules, playable=lambda play: beats(play, top))
    Play(straight: 5H 6H 7H 8H 9H)
    """
    ordered = card_tuple(cards, check_rules(rules).decks)
    if kind is not None and not isinstance(kind, Kind):
        raise WrongTypeError(f"kind must be a Kind or None, not {brief_repr(kind)} (R3.16)", argument="kind", rule="R3.16")
    read = reader(rules)
    readings: Sequence[Play] = read.readings(ordered)
    if kind is not None:
        matching = [play for play in readings if play.kind is kind]
        if not matching and readings:
            raise InvalidCombinationError(
                f"{format_cards(ordered)} cannot be read as a {kind.label} here; it reads as "
                + ", ".join(play.kind.label for play in readings)
                + " (R3.16)",
                rule="R3.16",
            )
        readings = matching
    if not readings:
        raise read.why_not(ordered)
    if playable is not None:
        readings = [play for play in readings if playable(play)] or readings
    if any(play.kind is not readings[0].kind for play in readings):
        raise _ambiguous(ordered, readings)
    if revolution:
        return max(readings, key=lambda play: play.rev_key)
    return max(readings, key=lambda play: play.key)


def laid_out(play: Play, rules: Rules) -> tuple[Card, ...]:
    """The play's cards in the order a player lays them down: a run from its low end
    in the rules' run order (``A 2 3 4 5 6`` where A and 2 are low, R3.15), an
    airplane's triples before its wings; any other play sorted by rank; the cards of
    a rank in the rules' suit order (:func:`~zhengshangyou.cards.sort_cards`). For
    showing a play: its ``cards`` stay sorted by rank and R1.2's suits.

    >>> rules = Rules(run_order="either_end")
    >>> play = Play.parse("3S 4S 5S 6C AD 2C", rules)
    >>> format_cards(play.cards), format_cards(laid_out(play, rules))
    ('3S 4S 5S 6C AD 2C', 'AD 2C 3S 4S 5S 6C')
    >>> rules = Rules(airplane_wings="singles")
    >>> format_cards(laid_out(Play.parse("3C 4C 5D 5H 5S 6D 6H 6S", rules), rules))
    '5D 5H 5S 6D 6H 6S 3C 4C'
    >>> rules = Rules.preset("tien-len")   # suits ♠ ♣ ♦ ♥ (T1.1)
    >>> format_cards(laid_out(Play.parse("3H 3S", rules), rules))
    '3S 3H'
    """
    read = reader(rules)
    if play.kind not in read.catalogue:  # a play of other rules: shown as it is
        return play.cards
    combination = read.catalogue[play.kind]
    cards = sort_cards(play.cards, rules.suit_order)
    if combination.shape is not Shape.RUN:
        return cards
    width = combination.width
    length = len(play.cards) // (width + combination.attached)
    counts: dict[Rank, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    for _, window in read.by_length.get(length, ()):
        if all(counts.get(rank, 0) >= width for rank in window.ranks):
            key = read.run_strength(combination, window)[0]
            if key >> 2 == play.key >> 2:
                place = {rank: position for position, rank in enumerate(window.ranks)}
                # (a stable sort: a rank's cards keep the suit order)
                run = sorted((card for card in cards if card.rank in place), key=lambda card: place[card.rank])
                wings = tuple(card for card in cards if card.rank not in place)
                return (*run, *wings)  # no wing shares a rank with the run (R3.19)
    return play.cards  # pragma: no cover - a run's cards always sit on a window of its strength


def split_declaration(text: str) -> tuple[str, Kind | None]:
    """Typed cards and the kind they declare, if any: ``"3C 4C 5C as straight_flush"``
    (R3.16). The kind is its name, with spaces or underscores.

    >>> split_declaration("3C 4C 5C as straight flush")
    ('3C 4C 5C', <Kind.STRAIGHT_FLUSH: 'straight_flush'>)
    >>> split_declaration("9S 9H")
    ('9S 9H', None)
    >>> split_declaration("kd as qs")  # the ace of spades, in lower case
    ('kd as qs', None)
    """
    if not isinstance(text, str):
        return text, None
    cards, separator, name = text.rpartition(" as ")
    if not separator:
        return text, None
    value = "_".join(ascii_lower(name).split())
    for kind in Kind:
        if kind.value == value:
            return cards, kind
    return text, None  # not a kind: "kd as qs" is three cards (the ace of spades)


def _ambiguous(cards: Sequence[Card], readings: Sequence[Play]) -> AmbiguousPlayError:
    """The error for cards with readings of several kinds where they are played (R3.16),
    listing them as a player declares them.

    >>> rules = Rules(straight_flush="distinct")
    >>> cards = parse_cards("3H 4H 5H 6H 7H")
    >>> _ambiguous(cards, classify_all(cards, rules)).rule
    'R3.16'
    """
    text = format_cards(cards)
    return AmbiguousPlayError(
        f"{text} has several readings; declare one of: "
        + "; ".join(dict.fromkeys(f"{text} as {play.kind.value}" for play in readings))
        + " (R3.16)",
        readings=readings,
    )


def beats(
    candidate: Play, top: Play, rules: Rules | None = None, *, revolution: bool = False
) -> bool:
    """Whether ``candidate`` may be played on ``top`` (R4).

    Both plays carry their strength under the rules they were read with; pass
    ``rules`` to check that both are readings under them (R3.16), of cards the
    rules' deck can hold (R1.3a).
    ``revolution=True`` compares under the flipped rank order of R4.8 (an odd
    number of fours of a kind played this hand).

    >>> rules = Rules()
    >>> seven, eight = Play.parse("7D", rules), Play.parse("8C", rules)
    >>> beats(eight, seven), beats(seven, eight), beats(seven, eight, revolution=True)
    (True, False, True)
    >>> beats(Play.parse("3D 3C 3H 3S 3D", Rules(decks=2)), Play.parse("AD AC AH AS", Rules(decks=2)))
    True
    """
    if rules is not None:
        read = reader(check_rules(rules))
        candidate, top = read.trusted(candidate, "candidate"), read.trusted(top, "top")
    elif not isinstance(candidate, Play) or not isinstance(top, Play):
        raise WrongTypeError(
            f"beats compares two plays, not {brief_repr(candidate)} and {brief_repr(top)} (R4)",
            argument="candidate" if not isinstance(candidate, Play) else "top",
            rule="R4",
        )
    if revolution:
        mine, theirs = candidate.rev_key, top.rev_key
    else:
        mine, theirs = candidate.key, top.key
    if top.is_bomb:
        if not candidate.is_bomb:
            return False
        if (
            candidate.kind is Kind.STRAIGHT_FLUSH
            and top.kind is Kind.STRAIGHT_FLUSH
            and len(candidate.cards) != len(top.cards)
        ):
            return False
        return mine > theirs
    if candidate.is_bomb:
        return True
    return (
        candidate.family is top.family
        and len(candidate.cards) == len(top.cards)
        and mine > theirs
    ) or bool(candidate.chop >> 8 & top.chop)
