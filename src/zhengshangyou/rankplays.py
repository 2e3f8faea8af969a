"""Rank plays: the plays of a rule set without their suits, each with a fixed id.

A :class:`RankPlay` is a play seen at the level of ranks: its kind, its ranks
(with repeats) and its strength with any suit part cleared. It is what a
reinforcement-learning agent chooses among and what Dou Dizhu engines such as
DouZero list as moves: a fixed set per rule set, so each has a fixed integer
:attr:`~RankPlay.id`. Where suits cannot matter under the rules, a rank play is
exactly one class of the class view of :func:`~zhengshangyou.moves.legal_plays`.

:func:`rank_plays` gives a rule set's :class:`RankPlays`: every rank play that
exists under the rules, numbered in the class view's order (by kind, then by
rank; runs shortest first, then low to high), and for any hand the rank plays
it may lead or answer with, generated from its rank counts.

>>> rules = Rules(min_pair_run=3)
>>> space = rank_plays(rules)
>>> hand = Hand.parse("3D 3S 4H 5C 6D 7S RJ")
>>> [str(play) for play in space.legal(hand)]
['3', '4', '5', '6', '7', 'RJ', '3 3', '3 4 5 6 7']
>>> straight = space.legal(hand)[-1]
>>> space[straight.id] is straight, space.member(straight, hand)
(True, Play(straight: 3D 4H 5C 6D 7S))
>>> space.of(Play.parse("9C 10C JD QH KS", rules)).ranks == (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, cast, overload

import attrs

from zhengshangyou.cards import Card, Rank
from zhengshangyou.combinations import (
    ALL_KINDS,
    Combination,
    Kind,
    Shape,
    catalogue,
    kinds_mask,
    wing_choices,
)
from zhengshangyou.errors import IllegalMoveError, InvalidCombinationError
from zhengshangyou.hand import ALL_RANKS, Hand, rank_bits
from zhengshangyou.moves import (
    JOKER_MASKS,
    LegalPlays,
    Tables,
    checked_position,
    class_view,
    joker_masks,
    legal_plays,
    tables_of,
    where,
)
from zhengshangyou.plays import Play, beats, new_play
from zhengshangyou.rules import Rules, RulesCache, check_rules

__all__ = ["RankPlay", "RankPlays", "rank_plays"]

#: The suit part of a key (see ``plays._pack``): the two lowest bits.
_SUIT_PART = 3
#: Each rank by its int, read in C (``Rank(n)`` goes through the enum's call).
_RANKS = tuple(Rank)


@attrs.frozen(repr=False, cache_hash=True)
class RankPlay:
    """A play without its suits: its kind, its ranks and its strength.

    ``ranks`` are sorted, with repeats (a full house of 5s and 9s is
    ``(5, 5, 5, 9, 9)``); ``key`` and ``rev_key`` are the strength of the plays it
    stands for (as :attr:`Play.key <zhengshangyou.plays.Play.key>`) with any
    suit part cleared, which also tells apart the two readings of the same
    ranks as runs placed differently (A-A-2-2 low or high under
    ``run_order="either_end"``). ``id`` is its place in its rule set's
    :class:`RankPlays`. Two rank plays are equal when their kind, ranks and key
    are equal. Get rank plays from :func:`rank_plays`, never by hand.

    >>> space = rank_plays(Rules())
    >>> play = space.of(Play.parse("5D 5C 5S 9H 9S", Rules()))
    >>> play, play.kind, play.family, play.is_bomb, len(play)
    (RankPlay(full_house: 5 5 5 9 9), <Kind.FULL_HOUSE: 'full_house'>, <Kind.FULL_HOUSE: 'full_house'>, False, 5)
    """

    kind: Kind
    ranks: tuple[Rank, ...]
    key: int
    rev_key: int = attrs.field(eq=False)
    family: Kind = attrs.field(eq=False)
    is_bomb: bool = attrs.field(eq=False)
    id: int = attrs.field(eq=False)

    def __len__(self) -> int:
        return len(self.ranks)

    def __str__(self) -> str:
        return " ".join(rank.symbol for rank in self.ranks)

    def __repr__(self) -> str:
        return f"RankPlay({self.kind.value}: {self})"


#: What a rank play is known by: its kind's value (an enum member hashes slowly), its
#: ranks and its key.
_Identity = tuple[str, tuple[Rank, ...], int]


def _identity(play: Play) -> _Identity:
    """The identity of a play's rank play: kind, ranks and key without its suit part."""
    ranks = [card.rank for card in play.cards]
    ranks.sort()
    return play.kind._value_, tuple(ranks), play.key & ~_SUIT_PART


class RankPlays(Sequence[RankPlay]):
    """Every rank play of a rule set, by id, and the rank plays a hand may make.

    Build it with :func:`rank_plays`, which keeps one per rule set. The ids run
    from 0 to ``len(space) - 1`` in the order of the class view of
    :func:`~zhengshangyou.moves.legal_plays` (by kind; then by rank, main rank
    then attached rank; runs shortest first, then low to high), so they stay
    fixed for a rule set and :meth:`legal` lists come in id order. The order is
    part of the API (agents are trained on these ids): a change to it would be a
    breaking change, called out in the changelog.

    >>> space = rank_plays(Rules())  # 15 singles first, then 13 pairs, ...
    >>> len(space), space[0], space[14], space[15]
    (445, RankPlay(single: 3), RankPlay(single: RJ), RankPlay(pair: 3 3))
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._tables: Tables = tables_of(rules, True)
        # Every class a full deck holds has a member in it, so the deck's class view
        # lists every class there is; its rank plays, in that order, are the space.
        # Airplanes, the last kinds and by far the most (tens of thousands with single
        # wings), are read from the ranks alone, in the order the class view lists
        # them (Tables.winged_of): no play is made for them.
        deck = Hand(rules.deck())
        slots = self._tables.reader.slots
        winged = [slot[0] for slot in slots if slot[0].shape is Shape.RUN and slot[0].attached]
        if any(combination.suit_in_key or combination.is_bomb for combination in winged):
            winged = []  # (not the catalogue's shape: every kind from the class view, with members)
        entries: dict[_Identity, tuple[Kind, int, Kind, bool, Play | None]] = {}
        # Slot by slot, in the class view's order: the stretches of other kinds from
        # the class view, the airplanes from their ranks.
        stretch = 0
        for slot in (*slots, None):
            if slot is not None and slot[0] not in winged:
                stretch |= kinds_mask(slot)
                continue
            if stretch:
                for play in class_view(deck, rules, None, kinds=stretch):
                    entries.setdefault(
                        _identity(play),
                        (play.kind, play.rev_key & ~_SUIT_PART, play.family, play.is_bomb, play),
                    )
                stretch = 0
            if slot is not None:
                self._winged_space(entries, slot[0], deck)
        self._plays = tuple(
            RankPlay(kind, ranks, key, rev_key, family, is_bomb, index)
            for index, ((_, ranks, key), (kind, rev_key, family, is_bomb, _)) in enumerate(entries.items())
        )
        self._by_identity: dict[_Identity, RankPlay] = dict(zip(entries, self._plays, strict=True))
        # One member per rank play but the airplanes (never bombs, E24): where suits
        # cannot matter, every member of a class compares as this one does. Bombs are
        # compared through it.
        self._members = tuple(entry[4] for entry in entries.values())
        # Straights that may be flushes, and comparisons that look at suits, make a
        # hand's rank plays depend on its suits: those come from the class view.
        # (So do Big Two's flushes, B3.2, and chops, T4.2, whose rank plays' members
        # would not carry what they chop.)
        self._fast = (
            not rules.suits_matter
            and rules.straight_flush == "none"
            and not rules.poker_hands
            and rules.chops == "none"
        )
        # The kinds whose class-view member is a rank play's lowest cards whatever the
        # rules do with suits elsewhere.
        # (Not chops, T4.2: a member made from a rank play would not carry what it chops.)
        self._blind = frozenset(c.kind for c in catalogue(rules) if c.suit_blind and not c.chop)
        if self._fast:
            self._build_fast()

    def _winged_space(
        self,
        entries: dict[_Identity, tuple[Kind, int, Kind, bool, Play | None]],
        combination: Combination,
        deck: Hand,
    ) -> None:
        """Add the rank plays of the airplanes of ``combination`` a full ``deck`` holds
        to ``entries``, in the class view's order: by window as the generator lists
        them, then by the ranks of the wings (:func:`wing_choices`)."""
        tables = self._tables
        width, jokers, _, extra, extra_jokers = where(combination)
        counts = deck.rank_counts
        masks = joker_masks(counts)
        held = deck.held
        indexes = tables.run_windows(combination, held[width] | masks[jokers], None, False, 0, True)
        attached = held[extra] | masks[extra_jokers]
        kind, value = combination.kind, combination.kind._value_
        for index in indexes:
            window, ranks, run = tables.windows[index]
            key, rev_key, family, is_bomb = tables.reader.run_strength(combination, window)
            body = tuple(rank for rank in ranks for _ in range(width))
            entry = (kind, rev_key, family, is_bomb, None)
            for wing_ranks in wing_choices(
                rank_bits(attached & ~run), len(ranks), extra, counts, combination, window.beside
            ):
                wings = wing_ranks if extra == 1 else tuple(rank for rank in wing_ranks for _ in range(extra))
                played = sorted(body + wings)
                entries.setdefault((value, tuple(map(_RANKS.__getitem__, played)), key), entry)

    # --- the space -------------------------------------------------------------

    def __len__(self) -> int:
        return len(self._plays)

    @overload
    def __getitem__(self, index: int) -> RankPlay: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[RankPlay, ...]: ...

    def __getitem__(self, index: int | slice) -> RankPlay | tuple[RankPlay, ...]:
        return self._plays[index]

    def __iter__(self) -> Iterator[RankPlay]:
        return iter(self._plays)

    def __contains__(self, play: object) -> bool:
        return isinstance(play, RankPlay) and self._find(play) is not None

    def index(self, play: Any, start: int = 0, stop: int | None = None) -> int:
        """The id of the rank play equal to ``play`` (within ``start:stop``), in one look-up.

        >>> space = rank_plays(Rules())
        >>> space.index(space[17])
        17
        """
        found = self._find(play) if isinstance(play, RankPlay) else None
        if found is None or not start <= found.id < (len(self) if stop is None else stop):
            raise ValueError(f"{play!r} is not in {self!r}")
        return found.id

    def _find(self, play: RankPlay) -> RankPlay | None:
        """This space's rank play equal to ``play``, if any."""
        return self._by_identity.get((play.kind._value_, play.ranks, play.key))

    def __repr__(self) -> str:
        return f"<RankPlays: {len(self)} rank plays>"

    # --- a value: copied as itself, pickled as its rules ------------------------

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its rules: unpickling gives :func:`rank_plays` of them, the
        space kept for those rules (built once per process), never a copy of its
        tables.

        >>> import pickle
        >>> space = rank_plays(Rules())
        >>> pickle.loads(pickle.dumps(space)) is space
        True
        """
        return (rank_plays, (self.rules,))

    def __copy__(self) -> RankPlays:
        return self  # immutable: a copy is the space itself

    def __deepcopy__(self, memo: dict[int, Any]) -> RankPlays:
        return self

    def of(self, play: Play) -> RankPlay:
        """The rank play of ``play``, a play read under these rules.

        >>> rules = Rules.preset("winner")
        >>> space = rank_plays(rules)
        >>> space.of(Play.parse("7C", rules)) == space.of(Play.parse("7S", rules))
        True
        """
        found = self._by_identity.get(_identity(play))
        if found is None:
            raise InvalidCombinationError(
                f"{play!r} is not a play under these rules (R3): it has no rank play",
                rule="R3",
            )
        return found

    # --- the rank plays of a hand ----------------------------------------------

    def legal(
        self,
        hand: Hand | Iterable[Card],
        to_beat: Play | None = None,
        *,
        revolution: bool = False,
        must_include: Card | None = None,
    ) -> list[RankPlay]:
        """The rank plays ``hand`` may lead or, given ``to_beat``, answer with, in id order.

        The rank plays of the plays of :func:`~zhengshangyou.moves.legal_plays`
        with the same arguments, each once. Where suits cannot matter under the
        rules (no comparison by suit, ``straight_flush="none"``) and no card
        must be included, they are generated from the hand's rank counts.

        >>> rules = Rules()
        >>> space = rank_plays(rules)
        >>> hand = Hand.parse("4D 4S 9C 9H 9S 2D BJ RJ")
        >>> [str(play) for play in space.legal(hand, Play.parse("8D 8C", rules))]
        ['9 9', 'BJ RJ']
        >>> [play.id for play in space.legal(hand, Play.parse("8D 8C", rules))]  # pairs from 15
        [21, 444]
        """
        hand, to_beat = checked_position(hand, self.rules, to_beat, must_include, self._tables.reader)
        if self._fast and must_include is None:
            return self._legal_fast(hand, to_beat, revolution)
        return self._of_plays(
            legal_plays(hand, self.rules, to_beat, revolution=revolution, must_include=must_include)
        )

    def legal_from(self, view: LegalPlays) -> list[RankPlay]:
        """The rank plays of the plays ``view`` lists (in either of its views), in id
        order: what a game's :meth:`LegalMoves.plays
        <zhengshangyou.game.LegalMoves.plays>` allows, with its top play, start card
        and rank order, as rank plays.

        >>> from zhengshangyou import Game
        >>> game = Game(Rules(), seed=4)
        >>> plays = game.legal_moves().plays
        >>> space = rank_plays(game.rules)
        >>> [space.of(play) for play in plays] == space.legal_from(plays)
        True
        """
        if view.kinds == ALL_KINDS:
            return self.legal(
                view.hand, view.to_beat, revolution=view.revolution, must_include=view.must_include
            )
        return self._of_plays(attrs.evolve(view, view="classes"))

    def _of_plays(self, plays: Iterable[Play]) -> list[RankPlay]:
        """The rank plays of ``plays``, each once, in the order they first come."""
        found: dict[int, RankPlay] = {}
        for play in plays:
            rank_play = self.of(play)
            found.setdefault(rank_play.id, rank_play)
        return list(found.values())

    def member(
        self,
        play: RankPlay,
        hand: Hand | Iterable[Card],
        to_beat: Play | None = None,
        *,
        revolution: bool = False,
        must_include: Card | None = None,
    ) -> Play:
        """The play of the class view of :func:`~zhengshangyou.moves.legal_plays` that
        ``play`` stands for in ``hand`` (the first such under rules where suits
        matter); an :class:`~zhengshangyou.errors.IllegalMoveError` when there is none.

        >>> rules = Rules()
        >>> space = rank_plays(rules)
        >>> hand = Hand.parse("4D 4S 9C 9H 9S 2D")
        >>> space.member(space.legal(hand)[-1], hand)
        Play(full_house: 4D 4S 9C 9H 9S)
        >>> space.member(space[0], hand)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: RankPlay(single: 3) is not a legal play of 4D 4S 9C 9H 9S 2D here
        """
        if not isinstance(hand, Hand):
            hand = Hand(hand)
        found = self._find(play)
        if found is not None and must_include is None and (self._fast or found.kind in self._blind):
            member = self._lowest_member(found, hand)
            if member is not None and (
                to_beat is None or beats(member, to_beat, revolution=revolution)
            ):
                return member
        elif found is not None:
            ranks = set(play.ranks)
            narrowed = Hand(card for card in hand.cards if card.rank in ranks)
            for member in legal_plays(narrowed, self.rules, to_beat, revolution=revolution,
                                      kinds=(play.kind,), must_include=must_include):
                if self.of(member) is found:
                    return member
        raise IllegalMoveError(f"{play!r} is not a legal play of {hand} here", rule="R4.1")

    def _lowest_member(self, play: RankPlay, hand: Hand) -> Play | None:
        """Where suits cannot matter: the play of ``play`` taking the lowest cards of each
        of its ranks in ``hand`` (the class view's member), or None if the hand lacks
        some."""
        by_rank = hand.by_rank
        cards: list[Card] = []
        for rank, group in itertools.groupby(play.ranks):
            size = len(list(group))
            held = by_rank[rank]
            if len(held) < size:
                return None
            cards += held[:size]
        return new_play(play.kind, tuple(cards), play.key, play.rev_key, play.family, play.is_bomb)

    # --- generation from rank counts -----------------------------------------------

    def _build_fast(self) -> None:
        """The look-up tables of generation from rank counts, one lister per slot of the
        rule set's catalogue: rank plays by rank (by size for bombs, by main and
        attached rank for groups with an attached group) and by window for runs."""
        # (Ranks are ints, so plain ints look them up.)
        # Only groups are looked up by their ranks: airplanes (tens of thousands with
        # single wings) have a lister. (The test reads a kind's value, a str, whose
        # hash costs no Python call.)
        groups = {c.kind._value_ for c in catalogue(self.rules) if c.shape is Shape.GROUP}
        by_kind: dict[tuple[Kind, tuple[int, ...]], RankPlay] = {}
        for play in self._plays:
            if play.kind._value_ in groups:
                by_kind.setdefault((play.kind, play.ranks), play)
        self._steps: list[tuple[int, int, int, int, int, Any, tuple[Any, ...]]] = []
        #: The steps of each set of kinds wanted (a bit mask), as _legal_fast meets them.
        self._steps_for: dict[int, tuple[tuple[int, int, int, int, int, Any, tuple[Any, ...]], ...]] = {}
        for slot in self._tables.reader.slots:
            combination = slot[0]
            kind, width = combination.kind, combination.width
            # (The lister is read only for the steps that are not read inline.)
            lister: _RankLister = self._sized_rank_plays
            how, table = _CALL, cast(Any, None)
            if combination.shape is Shape.JOKERS:
                how, table = _JOKERS, [p for p in self._plays if p.kind is kind]
            elif combination.shape is Shape.GROUP and combination.wings > 1:
                lister, table = self._group_wings_rank_plays, by_kind
            elif combination.shape is Shape.GROUP and combination.attached:
                extra = combination.attached
                how, table = _ATTACHED, tuple(
                    tuple(
                        by_kind.get((kind, (rank,) * width + (other,) * extra if rank < other
                                     else (other,) * extra + (rank,) * width))
                        for other in range(15)
                    )
                    for rank in range(15)
                )
            elif combination.shape is Shape.GROUP and combination.most > width:
                table = tuple(
                    tuple(
                        by_kind.get((kind, (rank,) * size))
                        for size in range(width, combination.most + 1)
                    )
                    for rank in range(15)
                )
            elif combination.shape is Shape.GROUP:
                how, table = _GROUP, _by_mask(tuple(by_kind.get((kind, (rank,) * width)) for rank in range(15)))
            elif combination.attached:
                lister, table = self._winged_rank_plays, None
            else:
                how, table = _RUN, self._runs_by_window(combination)
            width, jokers, free, extra, extra_jokers = where(combination)
            call = (lister, combination, extra, extra_jokers)
            self._steps.append((kinds_mask(slot), width, jokers, free, how, table, call))

    def _runs_by_window(self, combination: Combination) -> tuple[RankPlay | None, ...]:
        """The rank plays of the runs of ``combination``, by the class tables' windows."""
        reader, width, identity = self._tables.reader, combination.width, self._by_identity
        return tuple(
            identity.get(
                (
                    combination.kind._value_,
                    tuple(Rank(rank) for rank in sorted(ranks * width)),
                    reader.run_strength(combination, window)[0] & ~_SUIT_PART,
                )
            )
            for window, ranks, _ in self._tables.windows
        )

    def _legal_fast(self, hand: Hand, top: Play | None, revolution: bool) -> list[RankPlay]:
        """:meth:`legal` from the hand's rank counts (see :meth:`_build_fast`), in the
        order of :meth:`Tables.plays`."""
        tables = self._tables
        by_rank = hand.by_rank
        masks = JOKER_MASKS[len(by_rank[13])][len(by_rank[14])]  # (the jokers held)
        if top is None:
            want, above, length, exact = tables.enabled, ALL_RANKS, 0, True
        else:
            want, above, length, exact, _ = tables.plan(top, revolution, ALL_KINDS)
        found: list[RankPlay | None] = []
        held, spans = hand.held, tables.spans
        family = None if top is None else top.family
        steps = self._steps_for.get(want)
        if steps is None:  # (the steps of the kinds wanted, kept by the kinds: few sets)
            steps = self._steps_for[want] = tuple(step for step in self._steps if want & step[0])
        lead = top is None
        for _, width, jokers, free, how, table, call in steps:
            # The mask as Tables.plays makes it: (held[width] | masks[jokers]) & (above |
            # free); for a lead, which takes every rank, with no new int where a step
            # takes no joker (most).
            if lead:
                mask = held[width]
                if jokers:
                    mask |= masks[jokers]
            else:
                mask = (held[width] | masks[jokers]) & (above | free)
            if not mask:
                continue
            if not how:  # _GROUP
                low, high = table
                found += low[mask & 0xFF]
                found += high[mask >> 8]
            elif how == 1:  # _RUN
                indexes: Sequence[int] = spans[width][mask]
                if indexes:  # (most hands hold no run of a width)
                    if family is call[1].family:
                        indexes = tables._beating_windows(indexes, call[1], length, exact, top, revolution)
                    found += map(table.__getitem__, indexes)
            elif how == 2:  # _ATTACHED: by main rank, then attached rank
                _put_attached(found, table, mask, rank_bits(held[call[2]] | masks[call[3]]))
            elif how == 4:  # _JOKERS: the joker bomb (R3.12) when every joker is held
                decks = self.rules.decks
                if len(by_rank[13]) >= decks and len(by_rank[14]) >= decks:
                    found += table
            else:
                lister, combination, extra, extra_jokers = call
                attached = held[extra] | masks[extra_jokers]
                lister(found, table, combination, hand, mask, attached, top, revolution, length, exact)
        if top is not None and top.is_bomb:
            # Only bombs answer a bomb (R4.6), compared as their members are.
            members = self._members
            return [
                play for play in found
                if play is not None
                and (member := members[play.id]) is not None  # (airplanes are never bombs)
                and beats(member, top, revolution=revolution)
            ]
        return found  # type: ignore[return-value]  # no None: every entry read exists

    def _sized_rank_plays(
        self, found: list[RankPlay | None], table: Any, combination: Combination, hand: Hand,
        mask: int, attached: int, top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> None:
        """Groups of any size from ``width`` up (bombs of a rank), by rank then size."""
        width, by_rank = combination.width, hand.by_rank
        for rank in rank_bits(mask):
            found += table[rank][: len(by_rank[rank]) - width + 1]

    def _winged_rank_plays(
        self, found: list[RankPlay | None], table: Any, combination: Combination, hand: Hand,
        mask: int, attached: int, top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> None:
        """Runs with wings (airplanes, R3.18), by window, then by the wings' ranks."""
        tables, width, extra = self._tables, combination.width, combination.attached
        indexes = tables.run_windows(combination, mask, top, revolution, length, exact)
        keys, identity = tables.run_keys[combination.kind][0], self._by_identity
        value, counts = combination.kind._value_, hand.rank_counts
        for index in indexes:
            window, ranks, run = tables.windows[index]
            body = tuple(rank for rank in ranks for _ in range(width))
            for wing_ranks in wing_choices(
                rank_bits(attached & ~run), len(ranks), extra, counts, combination, window.beside
            ):
                played = sorted(body + tuple(rank for rank in wing_ranks for _ in range(extra)))
                found.append(identity[(value, tuple(map(_RANKS.__getitem__, played)), keys[index] & ~_SUIT_PART)])


    def _group_wings_rank_plays(
        self, found: list[RankPlay | None], table: Any, combination: Combination, hand: Hand,
        mask: int, attached: int, top: Play | None, revolution: bool, length: int, exact: bool,
    ) -> None:
        """Groups with several attached groups (four with two, D5.11, D5.12), by main
        rank, then by the wings' ranks (:func:`wing_choices`)."""
        kind, width, extra, counts = combination.kind, combination.width, combination.attached, hand.rank_counts
        for main in rank_bits(mask):
            for wing_ranks in wing_choices(
                rank_bits(attached & ~(1 << main)), combination.wings, extra, counts, combination
            ):
                played = sorted((main,) * width + tuple(rank for rank in wing_ranks for _ in range(extra)))
                found.append(table[(kind, tuple(played))])


_RankLister = Callable[..., None]

#: How :meth:`RankPlays._legal_fast` lists a step: groups of one size, plain runs,
#: groups with an attached group and the joker bomb inline (they are most of the
#: steps), the other shapes by their lister.
_GROUP, _RUN, _ATTACHED, _CALL, _JOKERS = 0, 1, 2, 3, 4


_ByMask = tuple[tuple[tuple[RankPlay | None, ...], ...], tuple[tuple[RankPlay | None, ...], ...]]


def _by_mask(table: tuple[RankPlay | None, ...]) -> _ByMask:
    """The rank plays of ``table`` (by rank) of the ranks of a rank mask, as two tables:
    by the mask's low byte (ranks 3..10) and by the rest (J..RJ), low to high."""
    return (
        tuple(tuple([table[rank] for rank in rank_bits(low)]) for low in range(1 << 8)),
        tuple(tuple([table[rank] for rank in rank_bits(high << 8)]) for high in range(1 << 7)),
    )


def _put_attached(
    found: list[RankPlay | None],
    rows: tuple[tuple[RankPlay | None, ...], ...],
    mains: int,
    attached: tuple[int, ...],
) -> None:
    """Add the rank plays of each rank of the mask ``mains`` with each other rank of
    ``attached`` (which holds every main rank: a triple is a pair and a single too)."""
    for rank in rank_bits(mains):
        get, place = rows[rank].__getitem__, attached.index(rank)
        found += map(get, attached[:place])
        found += map(get, attached[place + 1 :])


#: The rank plays of each rule set in use.
_SPACES: RulesCache[RankPlays] = RulesCache(RankPlays)


def rank_plays(rules: Rules) -> RankPlays:
    """The :class:`RankPlays` of ``rules``, built on first use and kept.

    >>> rank_plays(Rules()) is rank_plays(Rules())
    True
    """
    return _SPACES[check_rules(rules)]
