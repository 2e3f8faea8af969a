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

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import cast

import attrs

from zhengshangyou.cards import Card, Rank, check_copies, format_cards, parse_cards
from zhengshangyou.errors import (
    AmbiguousPlayError,
    InvalidCombinationError,
    WrongTypeError,
    brief_repr,
)
from zhengshangyou.rules import Rules, check_rules

__all__ = ["Kind", "Play", "beats", "classify", "classify_all", "resolve", "split_declaration"]


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

    @property
    def rule(self) -> str:
        """The id of the rule that defines this kind.

        >>> Kind.JOKER_BOMB.rule
        'R3.12'
        """
        return _KIND_RULES[self]

    @property
    def label(self) -> str:
        """The kind's name in words.

        >>> Kind.BOMB_WITH_KICKER.label
        'bomb with kicker'
        """
        return self.value.replace("_", " ")


_KIND_RULES = {
    Kind.SINGLE: "R3.1",
    Kind.PAIR: "R3.2",
    Kind.TRIPLE: "R3.3",
    Kind.FULL_HOUSE: "R3.4",
    Kind.TRIPLE_WITH_SINGLE: "R3.5",
    Kind.FOUR_OF_A_KIND: "R3.6",
    Kind.STRAIGHT: "R3.7",
    Kind.PAIR_RUN: "R3.8",
    Kind.TRIPLE_RUN: "R3.9",
    Kind.BOMB: "R3.10",
    Kind.BOMB_WITH_KICKER: "R3.10",
    Kind.STRAIGHT_FLUSH: "R3.11",
    Kind.JOKER_BOMB: "R3.12",
    Kind.TRIPLE_BOMB: "R3.14",
    Kind.AIRPLANE_WITH_SINGLES: "R3.18",
    Kind.AIRPLANE_WITH_PAIRS: "R3.18",
}


def _card_tuple(cards: object, decks: int = 2) -> tuple[Card, ...]:
    """``cards`` as a sorted tuple of cards, holding no card more than ``decks`` times (R1.3a).

    >>> _card_tuple([Card.parse("4S"), Card.parse("3D")])
    (Card.parse('3D'), Card.parse('4S'))
    >>> _card_tuple("3D")
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


def _check_field(field: attrs.Attribute[object], value: object, kind: type) -> None:
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

    kind: Kind = attrs.field(validator=lambda play, field, value: _check_field(field, value, Kind))
    cards: tuple[Card, ...] = attrs.field(converter=_card_tuple)
    key: int = attrs.field(validator=lambda play, field, value: _check_field(field, value, int))
    rev_key: int = attrs.field(
        eq=False, validator=lambda play, field, value: _check_field(field, value, int)
    )
    family: Kind = attrs.field(
        eq=False, validator=lambda play, field, value: _check_field(field, value, Kind)
    )
    is_bomb: bool = attrs.field(
        eq=False, validator=lambda play, field, value: _check_field(field, value, bool)
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


# The move generator builds plays by the thousand: _new_play sets a play's slots
# through their own descriptors, which costs about two thirds of the generic
# ``object.__setattr__`` that the ``__init__`` of a frozen attrs class calls per field.
# ``_attrs_cached_hash`` is where attrs keeps the hash (``cache_hash=True``); the tests
# check that both ways build the same play.
_SET_KIND, _SET_CARDS, _SET_KEY, _SET_REV_KEY, _SET_FAMILY, _SET_IS_BOMB, _SET_HASH = map(
    _slot_setter, ("kind", "cards", "key", "rev_key", "family", "is_bomb", "_attrs_cached_hash")
)


def _new_play(
    kind: Kind, cards: tuple[Card, ...], key: int, rev_key: int, family: Kind, is_bomb: bool
) -> Play:
    """``Play(kind, cards, key, rev_key, family, is_bomb)``, built faster."""
    play: Play = object.__new__(Play)
    _SET_KIND(play, kind)
    _SET_CARDS(play, cards)
    _SET_KEY(play, key)
    _SET_REV_KEY(play, rev_key)
    _SET_FAMILY(play, family)
    _SET_IS_BOMB(play, is_bomb)
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


def _flip(rank: int) -> int:
    """The strength of a rank once the order of 3..2 is flipped; jokers stay on top."""
    return rank if rank >= Rank.BLACK_JOKER else 12 - rank


@attrs.frozen
class _Window:
    """One run of consecutive positions in a run line (R3.15)."""

    ranks: tuple[Rank, ...]  # low to high in run order
    top: int  # position of the top card in the line
    low_two: bool
    low_ace: bool


def _run_line(run_order: str) -> list[tuple[Rank, str]]:
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


def _windows(run_order: str) -> dict[int, list[_Window]]:
    """Every valid run of the run order, by the bit mask of its ranks."""
    line = _run_line(run_order)
    found: dict[int, list[_Window]] = {}
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
            found.setdefault(mask, []).append(
                _Window(
                    ranks=ranks,
                    top=stop - 1,
                    low_two=Rank.TWO in low_ranks,
                    low_ace=Rank.ACE in low_ranks,
                )
            )
    return found


class _Reader:
    """The rule-specific tables and key functions, built once per rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        order = rules.suit_order
        self.suit_strength = [0, 0, 0, 0] if order is None else [order.index(s) for s in range(4)]
        self.windows = _windows(rules.run_order)
        self.wheels_high = rules.straight_ranking == "wheels_high"
        self.cache: dict[tuple[Card, ...], tuple[Play, ...]] = {}
        # The (key, rev_key) of a play compared by one rank, with no suit part.
        self.rank_keys = [(_pack(0, rank, 0), _pack(0, _flip(rank), 0)) for rank in range(15)]

    # --- keys -------------------------------------------------------------

    def _suit(self, card: Card, enabled: bool) -> int:
        if not enabled or card.suit is None:
            return 0
        return self.suit_strength[card.suit]

    def make(self, kind: Kind, cards: tuple[Card, ...], family: Kind, tier: int,
             strength: int, rev_strength: int, suit: int, is_bomb: bool) -> Play:
        key, rev_key = _pack(tier, strength, suit), _pack(tier, rev_strength, suit)
        return _new_play(kind, cards, key, rev_key, family, is_bomb)

    def single(self, card: Card) -> Play:
        rank = card.rank
        if self.rules.singles_by_suit:
            return self.make(Kind.SINGLE, (card,), Kind.SINGLE, 0, rank, _flip(rank),
                             self._suit(card, True), False)
        key, rev = self.rank_keys[rank]
        return _new_play(Kind.SINGLE, (card,), key, rev, Kind.SINGLE, False)

    def pair(self, cards: tuple[Card, ...]) -> Play:
        rank = cards[0].rank
        if self.rules.pairs_by_suit:
            suit = max(self._suit(card, True) for card in cards)
            return self.make(Kind.PAIR, cards, Kind.PAIR, 0, rank, _flip(rank), suit, False)
        key, rev = self.rank_keys[rank]
        return _new_play(Kind.PAIR, cards, key, rev, Kind.PAIR, False)

    def grouped(self, kind: Kind, cards: tuple[Card, ...], rank: int) -> Play:
        """Triples, four of a kind, full houses and triples with a single: by the main rank."""
        key, rev = self.rank_keys[rank]
        return _new_play(kind, cards, key, rev, kind, False)

    def rank_bomb(self, kind: Kind, cards: tuple[Card, ...], rank: int, size: int) -> Play:
        """Bombs of a rank (with or without kicker) and triple bombs (R4.6)."""
        if kind is Kind.TRIPLE_BOMB:
            return self.make(kind, cards, Kind.BOMB, 0, rank, _flip(rank), 0, True)
        if self.rules.bomb_order == "size_then_rank":
            strength, rev = size * 16 + rank, size * 16 + _flip(rank)
        else:
            strength, rev = rank * 16 + size, _flip(rank) * 16 + size
        return self.make(kind, cards, Kind.BOMB, 1, strength, rev, 0, True)

    def joker_bomb(self, cards: tuple[Card, ...]) -> Play:
        return self.make(Kind.JOKER_BOMB, cards, Kind.BOMB, 3, 0, 0, 0, True)

    def run(self, kind: Kind, cards: tuple[Card, ...], window: _Window) -> Play:
        """Straights, straight flushes, pair runs and triple runs (R4.5, R4.7)."""
        suit = 0
        if self.rules.straights_by_suit and (kind is Kind.STRAIGHT or kind is Kind.STRAIGHT_FLUSH):
            top_rank = window.ranks[-1]
            suit = max(self._suit(card, True) for card in cards if card.rank == top_rank)
        key, rev_key, family, is_bomb = self.run_strength(kind, window, suit)
        return _new_play(kind, cards, key, rev_key, family, is_bomb)

    def run_strength(
        self, kind: Kind, window: _Window, suit: int = 0
    ) -> tuple[int, int, Kind, bool]:
        """The ``key``, ``rev_key``, ``family`` and ``is_bomb`` of a run of ``kind`` on
        ``window`` whose top card has suit strength ``suit`` (R4.5, R4.7)."""
        strength = window.top
        if self.wheels_high and (kind is Kind.STRAIGHT or kind is Kind.STRAIGHT_FLUSH):
            strength += 64 * (2 * window.low_two + window.low_ace)
        family, tier, is_bomb = kind, 0, False
        if kind is Kind.STRAIGHT_FLUSH:
            mode = self.rules.straight_flush
            if mode == "beats_straights":
                family, tier = Kind.STRAIGHT, 1
            elif mode == "bomb":
                family, tier, is_bomb = Kind.BOMB, 2, True
        return (
            _pack(tier, strength, suit),
            _pack(tier, -strength, suit),
            family,
            is_bomb,
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

    def trusted(self, play: object, what: str = "play", *, held: bool = False) -> Play:
        """The reading of ``play``'s cards under these rules that ``play`` is, in
        every field (kind, strength, family, bomb); an error if it is none (R3.16).

        The engine accepts only plays it could have read itself, so a play built
        by hand with another strength (or read under other rules) is refused.
        ``held``: the cards were taken from a hand of a checked deal, so they hold
        no card more often than the deck does (R1.3a) and that check is skipped.
        """
        if not isinstance(play, Play):
            raise WrongTypeError(
                f"{what} must be a Play, not {type(play).__name__} ({brief_repr(play)})",
                argument=what,
                rule="R3.16",
            )
        cards = play.cards
        if not held and self.rules.decks == 1 and len(set(cards)) != len(cards):
            check_copies(cards, 1)  # R1.3a
        for reading in self.readings(cards):
            if (
                reading.kind is play.kind
                and reading.key == play.key
                and reading.rev_key == play.rev_key
                and reading.family is play.family
                and reading.is_bomb is play.is_bomb
            ):
                return reading
        raise InvalidCombinationError(
            f"{play!r} is not a reading of its cards under these rules (R3.16)", rule="R3.16"
        )

    def read(self, cards: tuple[Card, ...]) -> list[Play]:
        """Every reading of ``cards`` (sorted) under the rules (R3, R3.16, R3.17)."""
        rules = self.rules
        n = len(cards)
        if n == 0:
            return []
        if n == 1:
            return [self.single(cards[0])]
        counts: dict[Rank, int] = {}
        for card in cards:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        jokers = counts.get(Rank.BLACK_JOKER, 0) + counts.get(Rank.RED_JOKER, 0)
        readings: list[Play] = []
        if jokers == n:
            if n == 2 and len(counts) == 1 and rules.joker_pairs:
                readings.append(self.pair(cards))
            if (
                rules.joker_bomb
                and counts.get(Rank.BLACK_JOKER) == rules.decks
                and counts.get(Rank.RED_JOKER) == rules.decks
            ):
                readings.append(self.joker_bomb(cards))
            return readings
        shape = sorted(counts.values(), reverse=True)
        if len(counts) == 1:
            rank = cards[0].rank
            if n == 2:
                readings.append(self.pair(cards))
            elif n == 3:
                if rules.triple_bomb:
                    readings.append(self.rank_bomb(Kind.TRIPLE_BOMB, cards, rank, 3))
                else:
                    readings.append(self.grouped(Kind.TRIPLE, cards, rank))
            elif rules.four_of_a_kind == "bomb":
                readings.append(self.rank_bomb(Kind.BOMB, cards, rank, n))
            elif rules.four_of_a_kind == "plain" and n == 4:
                readings.append(self.grouped(Kind.FOUR_OF_A_KIND, cards, rank))
            return readings
        main = max(counts, key=lambda rank: (counts[rank], rank))
        other = min(counts, key=lambda rank: (counts[rank], rank))
        if not main.is_joker:
            if shape == [3, 2] and rules.full_house and (not other.is_joker or rules.joker_pairs):
                readings.append(self.grouped(Kind.FULL_HOUSE, cards, main))
            elif shape == [3, 1] and rules.triple_with_single:
                readings.append(self.grouped(Kind.TRIPLE_WITH_SINGLE, cards, main))
            elif shape == [4, 1] and rules.four_of_a_kind == "bomb_with_kicker":
                readings.append(self.rank_bomb(Kind.BOMB_WITH_KICKER, cards, main, 4))
        if jokers or shape[0] != shape[-1] or shape[0] > 3:
            return readings
        mask = 0
        for rank in counts:
            mask |= 1 << rank
        width = shape[0]
        for window in self.windows.get(mask, ()):
            if width == 1:
                if n < rules.min_straight:
                    break
                flush = len({card.suit for card in cards}) == 1
                mode = rules.straight_flush
                if not flush or mode in ("none", "distinct"):
                    readings.append(self.run(Kind.STRAIGHT, cards, window))
                if flush and mode != "none":
                    readings.append(self.run(Kind.STRAIGHT_FLUSH, cards, window))
            elif width == 2 and len(counts) >= rules.min_pair_run:
                readings.append(self.run(Kind.PAIR_RUN, cards, window))
            elif width == 3 and len(counts) >= rules.min_triple_run:
                readings.append(self.run(Kind.TRIPLE_RUN, cards, window))
        return readings

    def why_not(self, cards: tuple[Card, ...]) -> InvalidCombinationError:
        """Explain, with the rule id, why ``cards`` have no reading."""
        rules = self.rules
        text = format_cards(cards)

        def error(reason: str, rule: str) -> InvalidCombinationError:
            return InvalidCombinationError(f"{text or 'no cards'}: {reason} ({rule})", rule=rule)

        if not cards:
            return error("a play needs at least one card", "R3.1")
        counts: dict[Rank, int] = {}
        for card in cards:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        n = len(cards)
        joker_count = sum(count for rank, count in counts.items() if rank.is_joker)
        shape = sorted(counts.values(), reverse=True)
        if joker_count == n:
            if n == 2 and len(counts) == 1:
                return error("joker pairs are off (joker_pairs=False)", "R3.13")
            if n == 2 * rules.decks and len(counts) == 2:
                return error("the joker bomb is off (joker_bomb=False)", "R3.12")
            return error(
                "jokers combine only as a joker pair (two decks) or as the joker bomb (every joker)",
                "R3.12",
            )
        if len(counts) == 1:
            if n == 4 and rules.four_of_a_kind == "bomb_with_kicker":
                return error(
                    "four of a kind alone is nothing under four_of_a_kind='bomb_with_kicker'"
                    " (add one kicker)",
                    "R3.17",
                )
            return error(
                f"{n} cards of one rank are a combination only with "
                "four_of_a_kind='bomb' (up to 8 with two decks)",
                "R3.10",
            )
        if shape == [3, 2] and not rules.full_house:
            return error("full houses are off (full_house=False)", "R3.4")
        if shape == [3, 1] and not rules.triple_with_single:
            return error("a triple with a single is off (triple_with_single=False)", "R3.5")
        if shape == [4, 1] and rules.four_of_a_kind != "bomb_with_kicker":
            return error(
                "four of a kind with a kicker needs four_of_a_kind='bomb_with_kicker'", "R3.10"
            )
        if shape == [3, 2] and any(rank.is_joker for rank in counts):
            return error("a joker pair in a full house needs joker_pairs=True", "R3.13")
        if joker_count:
            return error(
                "jokers stand only as singles, joker pairs, the joker bomb and kickers;"
                " never in runs, triples, full houses or bombs of a rank",
                "R3",
            )
        width = shape[0]
        if shape[0] != shape[-1] or width > 3:
            return error("these cards form no combination", "R3")
        name, minimum, rule = {
            1: ("straight", rules.min_straight, "R3.7"),
            2: ("pair run", rules.min_pair_run, "R3.8"),
            3: ("triple run", rules.min_triple_run, "R3.9"),
        }[width]
        if len(counts) < minimum:
            option = {1: "min_straight", 2: "min_pair_run", 3: "min_triple_run"}[width]
            return error(f"a {name} needs at least {option}={minimum} ranks", rule)
        return error(
            f"the ranks are not consecutive under run_order={rules.run_order!r}"
            " (no wrap-around, no rank twice)",
            "R3.15",
        )


def _reader(rules: Rules) -> _Reader:
    """The reader of ``rules``, built on first use and kept on the rules object."""
    memo = rules._memo
    reader = memo.get("reader")
    if reader is None:
        reader = memo["reader"] = _Reader(rules)
    assert isinstance(reader, _Reader)
    return reader


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
    return _reader(check_rules(rules)).read(_card_tuple(cards, rules.decks))


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
    only in where a run stands (a run through all thirteen ranks, with A and 2 at
    either end, R3.15): the strongest is meant, under the flipped order when
    ``revolution`` is on (R4.8). (**Library ruling**; the other reading is in
    :func:`classify_all` and the legal-move views.)

    >>> rules = Rules(straight_flush="distinct")
    >>> resolve(parse_cards("3H 4H 5H 6H 7H"), rules)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.AmbiguousPlayError: 3H 4H 5H 6H 7H has several readings; declare one of: 3H 4H 5H 6H 7H as straight; 3H 4H 5H 6H 7H as straight_flush (R3.16)
    >>> top = Play.parse("4C 5D 6S 7S 8H", rules)
    >>> resolve(parse_cards("5H 6H 7H 8H 9H"), rules, playable=lambda play: beats(play, top))
    Play(straight: 5H 6H 7H 8H 9H)
    """
    ordered = _card_tuple(cards, check_rules(rules).decks)
    if kind is not None and not isinstance(kind, Kind):
        raise WrongTypeError(f"kind must be a Kind or None, not {brief_repr(kind)} (R3.16)", argument="kind", rule="R3.16")
    reader = _reader(rules)
    readings: Sequence[Play] = reader.readings(ordered)
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
        raise reader.why_not(ordered)
    if playable is not None:
        readings = [play for play in readings if playable(play)] or readings
    if any(play.kind is not readings[0].kind for play in readings):
        raise _ambiguous(ordered, readings)
    if revolution:
        return max(readings, key=lambda play: play.rev_key)
    return max(readings, key=lambda play: play.key)


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
    value = "_".join(name.lower().split())
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
        reader = _reader(check_rules(rules))
        candidate, top = reader.trusted(candidate, "candidate"), reader.trusted(top, "top")
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
    )

