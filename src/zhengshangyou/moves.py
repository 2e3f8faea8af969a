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
holds. By kind: singles, pairs, triples (or triple bombs), full houses, triples
with a single, fours of a kind, straights and straight flushes together (run by
run, each straight before its straight flush), pair runs, triple runs, bombs,
bombs with a kicker, the joker bomb. Within a kind: by rank from 3 up to the red
joker for one-rank kinds; by the main rank, then the attached rank for full
houses, triples with a single and bombs with a kicker; runs shortest first, then
from the lowest position of the run order up; then by the cards.

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
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Literal

import attrs

from zhengshangyou.cards import Card, Rank
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Kind, Play, _flip, _Reader, _reader, _run_line, _Window, beats
from zhengshangyou.rules import Rules

__all__ = ["LegalPlays", "View", "legal_plays"]

View = Literal["classes", "cards"]



_MEMO_LIMIT = 200_000
_POSITIONS_LIMIT = 50_000


@lru_cache(maxsize=4096)
def _subsets(cards: tuple[Card, ...], size: int) -> tuple[tuple[Card, ...], ...]:
    """The distinct sub-multisets of ``size`` cards of sorted ``cards``, in order."""
    return tuple(dict.fromkeys(itertools.combinations(cards, size)))


class _Generator:
    """Generates the plays of one hand, kind by kind, as lists, for one view.

    What a group of cards yields is interned in a memo kept with the rules, so
    that the same groups in later hands cost one dictionary look-up.
    """

    def __init__(
        self,
        reader: _Reader,
        hand: Hand,
        classes: bool,
        memo: dict[object, object] | None = None,
    ) -> None:
        self.reader = reader
        self.rules = reader.rules
        self.hand = hand
        self.by_rank = hand.by_rank
        self.codes = hand.rank_codes
        self.counts = hand.rank_counts
        self.classes = classes
        if memo is None:
            name = "classes" if classes else "cards"
            table = reader.rules._memo.get(name)
            if not isinstance(table, dict) or len(table) > _MEMO_LIMIT:
                table = reader.rules._memo[name] = {}
            memo = table
        self.memo: dict[object, object] = memo

    # --- groups of one rank -------------------------------------------------

    def choices(self, cards: tuple[Card, ...], size: int) -> Sequence[tuple[Card, ...]]:
        """Choices of ``size`` of ``cards`` (one rank): all (card view) or the lowest."""
        if len(cards) < size:
            return ()
        if self.classes:
            return (cards[:size],)
        return _subsets(cards, size)

    def grouped(self, kind: Kind, size: int, ranks: Sequence[int]) -> list[Play]:
        """Singles, pairs, triples, fours and bombs: plays of one rank's cards, for the
        ``ranks`` listed (all ranks for a lead, those that could beat for an answer)."""
        memo, codes, counts = self.memo, self.codes, self.counts
        tag = _TAGS[kind] << 20
        found: list[Play] = []
        for rank in ranks:
            if counts[rank] >= size:
                plays = memo.get(tag | codes[rank])
                if plays is None:
                    plays = memo[tag | codes[rank]] = self._grouped(kind, Rank(rank))
                found += plays  # type: ignore[arg-type]
        return found

    def _grouped(self, kind: Kind, rank: Rank) -> tuple[Play, ...]:
        reader, rules = self.reader, self.rules
        cards = self.by_rank[rank]
        if kind is Kind.SINGLE:
            if self.classes and not rules.singles_by_suit:
                return (reader.single(cards[0]),)
            return tuple(reader.single(card) for card in dict.fromkeys(cards))
        if kind is Kind.PAIR:
            if rank.is_joker and not rules.joker_pairs:
                return ()
            if self.classes and rules.pairs_by_suit:
                by_key: dict[int, Play] = {}
                for pair in _subsets(cards, 2):
                    play = reader.pair(pair)
                    by_key.setdefault(play.key, play)
                return tuple(by_key.values())
            return tuple(reader.pair(pair) for pair in self.choices(cards, 2))
        if rank.is_joker:
            return ()
        if kind is Kind.TRIPLE:
            return tuple(reader.grouped(kind, group, rank) for group in self.choices(cards, 3))
        if kind is Kind.TRIPLE_BOMB:
            return tuple(reader.rank_bomb(kind, group, rank, 3) for group in self.choices(cards, 3))
        if kind is Kind.FOUR_OF_A_KIND:
            return tuple(reader.grouped(kind, group, rank) for group in self.choices(cards, 4))
        return tuple(
            reader.rank_bomb(Kind.BOMB, group, rank, size)
            for size in range(4, len(cards) + 1)
            for group in self.choices(cards, size)
        )

    def joker_bombs(self) -> list[Play]:
        decks = self.rules.decks
        black, red = self.by_rank[Rank.BLACK_JOKER], self.by_rank[Rank.RED_JOKER]
        if len(black) >= decks and len(red) >= decks:
            return [self.reader.joker_bomb(black[:decks] + red[:decks])]
        return []

    # --- a group with attached cards ---------------------------------------

    def attached(self, kind: Kind, main_size: int, extra: int) -> list[Play]:
        """Full houses (3+2), triples with a single (3+1), bombs with kicker (4+1)."""
        counts = self.counts
        mains = [rank for rank in range(13) if counts[rank] >= main_size]
        if not mains:
            return []
        last = 15 if extra == 1 or self.rules.joker_pairs else 13
        others = [rank for rank in range(last) if counts[rank] >= extra]
        by_rank, memo, codes = self.by_rank, self.memo, self.codes
        tag = _TAGS[kind] << 40
        found: list[Play] = []
        for main in mains:
            head = tag | codes[main] << 20
            for other in others:
                if other == main:
                    continue
                plays = memo.get(head | codes[other])
                if plays is None:
                    plays = memo[head | codes[other]] = self._attached(
                        kind, Rank(main), main_size, by_rank[main], by_rank[other], extra
                    )
                found.extend(plays)  # type: ignore[arg-type]
        return found

    def _attached(
        self,
        kind: Kind,
        main: Rank,
        main_size: int,
        group: tuple[Card, ...],
        attached: tuple[Card, ...],
        extra: int,
    ) -> tuple[Play, ...]:
        reader = self.reader
        low = main < attached[0].rank
        plays = []
        for cards in self.choices(group, main_size):
            for more in self.choices(attached, extra):
                both = cards + more if low else more + cards
                if kind is Kind.BOMB_WITH_KICKER:
                    plays.append(reader.rank_bomb(kind, both, main, 4))
                else:
                    plays.append(reader.grouped(kind, both, main))
        return tuple(plays)

    # --- runs ----------------------------------------------------------------

    def _windows(
        self, width: int, minimum: int
    ) -> tuple[tuple[int, tuple[_Window, tuple[int, ...]]], ...]:
        """Windows of at least ``minimum`` ranks where the hand holds ``width`` of each."""
        held = self.hand.held_mask(width)
        key = ("windows", held, minimum)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = _windows_within(self.reader, held, minimum)
        return found  # type: ignore[return-value]

    def runs(self, kind: Kind, width: int, minimum: int) -> Iterable[Play]:
        """Pair runs and triple runs (R3.8, R3.9)."""
        if not self.classes:
            return self._card_runs(kind, width, minimum)
        found: list[Play] = []
        by_rank, memo, reader = self.by_rank, self.memo, self.reader
        codes, tag = self.codes, _TAGS[kind]
        for index, (window, ranks) in self._windows(width, minimum):
            key = (tag, index, *map(codes.__getitem__, ranks))
            plays = memo.get(key)
            if plays is None:
                cards = tuple(card for rank in ranks for card in by_rank[rank][:width])
                plays = memo[key] = reader.run(kind, cards, window)
            found.append(plays)  # type: ignore[arg-type]
        return found

    def _card_runs(self, kind: Kind, width: int, minimum: int) -> Iterator[Play]:
        """The card view of runs, generated lazily: the choices multiply quickly."""
        by_rank, reader = self.by_rank, self.reader
        for _, (window, ranks) in self._windows(width, minimum):
            parts = itertools.product(*(_subsets(by_rank[rank], width) for rank in ranks))
            for part in parts:
                yield reader.run(kind, tuple(itertools.chain.from_iterable(part)), window)

    def straights(self, want: int) -> Iterable[Play]:
        """Straights and straight flushes (R3.7, R3.11, R3.17) of the kinds in ``want``."""
        mode = self.rules.straight_flush
        straight_ok = bool(want & _STRAIGHT)
        flush_ok = bool(want & _STRAIGHT_FLUSH) and mode != "none"
        if not self.classes:
            return self._card_straights(straight_ok, flush_ok)
        found: list[Play] = []
        by_rank, memo, codes = self.by_rank, self.memo, self.codes
        tag = _STRAIGHT_TAG + 2 * straight_ok + flush_ok
        if not flush_ok and mode in ("none", "distinct") and not self.rules.straights_by_suit:
            # The class of a straight is all there is; its member takes each rank's lowest card.
            lows = self.hand.low_suits.__getitem__
            strengths = _straight_strengths(self.reader)
            straight = Kind.STRAIGHT
            for index, (_, ranks) in self._windows(1, self.rules.min_straight):
                key = (tag, index, *map(lows, ranks))
                play = memo.get(key)
                if play is None:
                    lowest = tuple(by_rank[rank][0] for rank in ranks)
                    strength, flipped = strengths[index]
                    play = memo[key] = Play(straight, lowest, strength, flipped, straight, False)
                found.append(play)  # type: ignore[arg-type]
            return found
        for index, (window, ranks) in self._windows(1, self.rules.min_straight):
            key = (tag, index, *[codes[rank] for rank in ranks])
            plays = memo.get(key)
            if plays is None:
                groups = tuple(by_rank[rank] for rank in ranks)
                plays = memo[key] = tuple(self._straight_classes_and_flushes(window, groups, straight_ok, flush_ok))
            found.extend(plays)  # type: ignore[arg-type]
        return found

    def _card_straights(self, straight_ok: bool, flush_ok: bool) -> Iterator[Play]:
        """The card view of straights and straight flushes, generated lazily."""
        reader = self.reader
        flush_is_straight = self.rules.straight_flush in ("none", "distinct")
        for _, (window, ranks) in self._windows(1, self.rules.min_straight):
            options = [tuple(dict.fromkeys(self.by_rank[rank])) for rank in ranks]
            for cards in itertools.product(*options):
                flush = len({card.suit for card in cards}) == 1
                if straight_ok and (flush_is_straight or not flush):
                    yield reader.run(Kind.STRAIGHT, cards, window)
                if flush_ok and flush:
                    yield reader.run(Kind.STRAIGHT_FLUSH, cards, window)

    def _straight_classes_and_flushes(
        self,
        window: _Window,
        groups: tuple[tuple[Card, ...], ...],
        straight_ok: bool,
        flush_ok: bool,
    ) -> Iterator[Play]:
        # Whether a one-suit choice reads as a straight too.
        flush_is_straight = self.rules.straight_flush in ("none", "distinct")
        options = [tuple(dict.fromkeys(group)) for group in groups]
        if straight_ok:
            yield from self._straight_classes(window, options, flush_is_straight)
        if flush_ok:
            yield from self._flush_classes(window, options)

    def _straight_classes(
        self, window: _Window, options: list[tuple[Card, ...]], flush_is_straight: bool
    ) -> Iterator[Play]:
        by_suit = self.rules.straights_by_suit
        top_index = sorted(window.ranks).index(window.ranks[-1])
        top_cards = options[top_index] if by_suit else options[top_index][:1]
        seen: set[int] = set()
        for top_card in top_cards:
            cards = [option[0] for option in options]
            cards[top_index] = top_card
            if not flush_is_straight and len({card.suit for card in cards}) == 1:
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
            play = self.reader.run(Kind.STRAIGHT, tuple(cards), window)
            if play.key not in seen:
                seen.add(play.key)
                yield play

    def _flush_classes(self, window: _Window, options: list[tuple[Card, ...]]) -> Iterator[Play]:
        seen: set[int] = set()
        for suit in range(4):
            cards = []
            for option in options:
                match = [card for card in option if card.suit == suit]
                if not match:
                    break
                cards.append(match[0])
            else:
                play = self.reader.run(Kind.STRAIGHT_FLUSH, tuple(cards), window)
                if play.key not in seen:
                    seen.add(play.key)
                    yield play

    # --- everything -----------------------------------------------------------

    def kinds(
        self, want: int, top: Play | None = None, revolution: bool = False
    ) -> Iterator[Iterable[Play]]:
        """Lists of the plays of the kinds in the bit mask ``want``, kind by kind, in order;
        when answering ``top``, the one-rank kinds skip the ranks too low to beat it."""
        rules = self.rules
        want &= _enabled(rules)
        ranks = _ALL_RANKS if top is None else _ranks_from(top, revolution)
        if want & _SINGLE:
            yield self.grouped(Kind.SINGLE, 1, ranks)
        if want & _PAIR:
            yield self.grouped(Kind.PAIR, 2, ranks)
        if want & _TRIPLE:
            yield self.grouped(Kind.TRIPLE, 3, ranks)
        if want & _TRIPLE_BOMB:
            yield self.grouped(Kind.TRIPLE_BOMB, 3, _ALL_RANKS)
        if want & _FULL_HOUSE:
            yield self.attached(Kind.FULL_HOUSE, 3, 2)
        if want & _TRIPLE_WITH_SINGLE:
            yield self.attached(Kind.TRIPLE_WITH_SINGLE, 3, 1)
        if want & _FOUR_OF_A_KIND:
            yield self.grouped(Kind.FOUR_OF_A_KIND, 4, ranks)
        if want & _STRAIGHTS:
            yield self.straights(want)
        if want & _PAIR_RUN:
            yield self.runs(Kind.PAIR_RUN, 2, rules.min_pair_run)
        if want & _TRIPLE_RUN:
            yield self.runs(Kind.TRIPLE_RUN, 3, rules.min_triple_run)
        if want & _BOMB:
            yield self.grouped(Kind.BOMB, 4, _ALL_RANKS)
        if want & _BOMB_WITH_KICKER:
            yield self.attached(Kind.BOMB_WITH_KICKER, 4, 1)
        if want & _JOKER_BOMB:
            yield self.joker_bombs()


_TAGS = {kind: 8 * index for index, kind in enumerate(Kind)}
_BIT = {kind: 1 << index for index, kind in enumerate(Kind)}
# The same bits as plain names, so that the generator never hashes an enum member.
_SINGLE = _BIT[Kind.SINGLE]
_PAIR = _BIT[Kind.PAIR]
_TRIPLE = _BIT[Kind.TRIPLE]
_FULL_HOUSE = _BIT[Kind.FULL_HOUSE]
_TRIPLE_WITH_SINGLE = _BIT[Kind.TRIPLE_WITH_SINGLE]
_FOUR_OF_A_KIND = _BIT[Kind.FOUR_OF_A_KIND]
_STRAIGHT = _BIT[Kind.STRAIGHT]
_PAIR_RUN = _BIT[Kind.PAIR_RUN]
_TRIPLE_RUN = _BIT[Kind.TRIPLE_RUN]
_STRAIGHT_FLUSH = _BIT[Kind.STRAIGHT_FLUSH]
_TRIPLE_BOMB = _BIT[Kind.TRIPLE_BOMB]
_BOMB = _BIT[Kind.BOMB]
_BOMB_WITH_KICKER = _BIT[Kind.BOMB_WITH_KICKER]
_JOKER_BOMB = _BIT[Kind.JOKER_BOMB]
_ALL = sum(_BIT.values())
_ALL_RANKS = tuple(range(15))
# The ranks whose cards are at least as strong as a rank, in the normal order and
# with the order of 3..2 flipped (R4.8; jokers stay on top).
_AT_LEAST = {
    (flipped, rank): tuple(
        other
        for other in range(15)
        if (_flip(other) if flipped else other) >= (_flip(rank) if flipped else rank)
    )
    for flipped in (False, True)
    for rank in range(15)
}


def _ranks_from(top: Play, revolution: bool) -> tuple[int, ...]:
    """The ranks that may hold a one-rank play beating ``top`` of the same kind."""
    if top.family in _ONE_RANK:
        return _AT_LEAST[revolution, top.cards[0].rank]
    return _ALL_RANKS
_STRAIGHTS = _STRAIGHT | _STRAIGHT_FLUSH
_STRAIGHT_TAG = _TAGS[Kind.STRAIGHT]
_ONE_RANK = frozenset({Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FOUR_OF_A_KIND})


def _mask(kinds: Iterable[Kind]) -> int:
    return sum(_BIT[kind] for kind in set(kinds))


def _positions(rules: Rules) -> dict[object, tuple[Play, ...]]:
    """The memo of whole positions of the class view (bounded: cleared when full)."""
    table = rules._memo.get("positions")
    if not isinstance(table, dict) or len(table) > _POSITIONS_LIMIT:
        table = rules._memo["positions"] = {}
    return table


def _windows_by_length(reader: _Reader) -> tuple[tuple[_Window, tuple[int, ...], int], ...]:
    """The reader's run windows, shortest first, then from low to high, with their
    ranks sorted and the bit mask of their ranks."""
    memo = reader.rules._memo
    windows = memo.get("windows")
    if windows is None:
        every = [
            (window, tuple(sorted(window.ranks)), mask)
            for mask, group in reader.windows.items()
            for window in group
        ]
        every.sort(key=lambda item: (len(item[0].ranks), item[0].top))
        windows = memo["windows"] = tuple(every)
    assert isinstance(windows, tuple)
    return windows


def _windows_within(
    reader: _Reader, held: int, minimum: int
) -> tuple[tuple[int, tuple[_Window, tuple[int, ...]]], ...]:
    """The windows of at least ``minimum`` ranks, all in the bit mask ``held``, with
    their index in :func:`_windows_by_length` (and in that order). Found by walking
    the run line: only stretches of held positions can hold a window."""
    windows = _windows_by_length(reader)
    spans = _spans(reader)
    line = _line(reader)
    found: list[int] = []
    length = len(line)
    start = 0
    while start < length:
        if not held >> line[start] & 1:
            start += 1
            continue
        stop = start
        while stop < length and held >> line[stop] & 1:
            stop += 1
        for first in range(start, stop - minimum + 1):
            for last in range(first + minimum - 1, stop):
                index = spans.get((first, last))
                if index is not None:
                    found.append(index)
        start = stop
    found.sort()
    return tuple((index, windows[index][:2]) for index in found)


def _line(reader: _Reader) -> tuple[int, ...]:
    """The ranks of the run line of the rules' ``run_order``, low to high."""
    memo = reader.rules._memo
    found = memo.get("line")
    if found is None:
        found = memo["line"] = tuple(int(rank) for rank, _ in _run_line(reader.rules.run_order))
    assert isinstance(found, tuple)
    return found


def _spans(reader: _Reader) -> dict[tuple[int, int], int]:
    """Each window's (first, last) positions on the run line, to its index in
    :func:`_windows_by_length`."""
    memo = reader.rules._memo
    found = memo.get("spans")
    if found is None:
        found = memo["spans"] = {
            (window.top - len(window.ranks) + 1, window.top): index
            for index, (window, _, _) in enumerate(_windows_by_length(reader))
        }
    assert isinstance(found, dict)
    return found


def _straight_strengths(reader: _Reader) -> list[tuple[int, int]]:
    """The ``(key, rev_key)`` of a straight (no suit part) on each window of
    :func:`_windows_by_length`, by its index there."""
    memo = reader.rules._memo
    found = memo.get("straight strengths")
    if found is None:
        found = memo["straight strengths"] = [
            reader.run_strength(Kind.STRAIGHT, window)[:2]
            for window, _, _ in _windows_by_length(reader)
        ]
    assert isinstance(found, list)
    return found


def _bomb_kinds(rules: Rules) -> int:
    """The bit mask of the kinds that are bombs under ``rules`` (R4.6)."""
    kinds = [Kind.JOKER_BOMB] if rules.joker_bomb else []
    if rules.triple_bomb:
        kinds.append(Kind.TRIPLE_BOMB)
    if rules.four_of_a_kind == "bomb":
        kinds.append(Kind.BOMB)
    if rules.four_of_a_kind == "bomb_with_kicker":
        kinds.append(Kind.BOMB_WITH_KICKER)
    if rules.straight_flush == "bomb":
        kinds.append(Kind.STRAIGHT_FLUSH)
    return _mask(kinds)


def _enabled(rules: Rules) -> int:
    """The bit mask of the kinds that exist under ``rules`` (R3.17)."""
    found = rules._memo.get("enabled")
    if found is None:
        kinds = [Kind.SINGLE, Kind.PAIR, Kind.STRAIGHT, Kind.PAIR_RUN, Kind.TRIPLE_RUN]
        kinds.append(Kind.TRIPLE_BOMB if rules.triple_bomb else Kind.TRIPLE)
        if rules.full_house:
            kinds.append(Kind.FULL_HOUSE)
        if rules.triple_with_single:
            kinds.append(Kind.TRIPLE_WITH_SINGLE)
        kinds.append(
            {
                "plain": Kind.FOUR_OF_A_KIND,
                "bomb": Kind.BOMB,
                "bomb_with_kicker": Kind.BOMB_WITH_KICKER,
            }[rules.four_of_a_kind]
        )
        if rules.straight_flush != "none":
            kinds.append(Kind.STRAIGHT_FLUSH)
        if rules.joker_bomb:
            kinds.append(Kind.JOKER_BOMB)
        found = rules._memo["enabled"] = _mask(kinds)
    assert isinstance(found, int)
    return found


def _wanted(rules: Rules, top: Play | None, kinds: int) -> int:
    """The bit mask of the kinds to generate: all for a lead; the top's family and
    the bombs for an answer; within the ``kinds`` filter."""
    if top is None:
        return kinds
    key = ("wanted", top.kind._value_, top.family._value_, kinds)
    memo = rules._memo
    found = memo.get(key)
    if found is None:
        bombs = _bomb_kinds(rules)
        if top.is_bomb:
            wanted = bombs
        elif top.family is Kind.STRAIGHT and rules.straight_flush == "beats_straights":
            wanted = bombs | _STRAIGHTS
        else:
            wanted = bombs | _BIT[top.kind]
        found = memo[key] = wanted & kinds
    assert isinstance(found, int)
    return found


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
    kinds: int = _ALL
    must_include: Card | None = None

    def _position(self) -> tuple[object, ...] | None:
        """The memo key of this view's position, for the class view without filters
        on cards; None when the view is not memoised."""
        if self.view != "classes" or self.must_include is not None:
            return None
        top = self.to_beat
        return (
            self.hand.rank_codes,
            None
            if top is None
            else (top.kind._value_, len(top.cards), top.rev_key if self.revolution else top.key),
            self.revolution,
            self.kinds,
        )

    def __iter__(self) -> Iterator[Play]:
        position = self._position()
        if position is None:
            return self._generate()
        # A position seen before (search bots revisit many) is answered from a memo.
        positions = _positions(self.rules)
        found = positions.get(position)
        if found is None:
            found = positions[position] = tuple(self._generate())
        return iter(found)

    def _generate(self) -> Iterator[Play]:
        """Generate the plays, kind by kind (lazily between kinds)."""
        if self.must_include is not None and self.view == "classes":
            return self._with_card(self.must_include)
        plays = self._plays(_Generator(_reader(self.rules), self.hand, self.view == "classes"))
        if self.must_include is not None:
            card = self.must_include
            return (play for play in plays if card in play.cards)
        return plays

    def _plays(self, generator: _Generator) -> Iterator[Play]:
        """The generator's plays of the wanted kinds, that beat the top play if any."""
        top = self.to_beat
        lists = generator.kinds(_wanted(self.rules, top, self.kinds), top, self.revolution)
        if top is not None:
            lists = (self._beating(plays, top) for plays in lists)
        return itertools.chain.from_iterable(lists)

    def _beating(self, plays: Iterable[Play], top: Play) -> Iterable[Play]:
        """The plays of one kind's list that beat ``top`` (R4)."""
        revolution = self.revolution
        if not isinstance(plays, list):
            return (play for play in plays if beats(play, top, revolution=revolution))
        if top.is_bomb:
            return [play for play in plays if beats(play, top, revolution=revolution)]
        family, size = top.family, len(top.cards)
        bar = top.rev_key if revolution else top.key
        if revolution:
            return [
                p
                for p in plays
                if p.is_bomb or (p.rev_key > bar and p.family is family and len(p.cards) == size)
            ]
        return [
            p
            for p in plays
            if p.is_bomb or (p.key > bar and p.family is family and len(p.cards) == size)
        ]

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
        generator = _Generator(_reader(self.rules), self.hand._pinned(card), True, memo={})
        for play in self._plays(generator):
            if card in play.cards:
                ordered = tuple(sorted(play.cards))  # the pinned card may stand out of order
                yield play if ordered == play.cards else attrs.evolve(play, cards=ordered)
            elif any(held.rank == card.rank for held in play.cards):
                member = self._member_holding(play, card)
                if member is not None:
                    yield member

    def _member_holding(self, play: Play, card: Card) -> Play | None:
        """The first member of ``play``'s class, in card-view order, that holds ``card``."""
        ranks = sorted(held.rank for held in play.cards)
        narrowed = attrs.evolve(
            self,
            hand=Hand(held for held in self.hand.cards if held.rank in ranks),
            view="cards",
            kinds=_BIT[play.kind],
            must_include=None,
        )
        for member in narrowed:
            if (
                member.key == play.key
                and card in member.cards
                and sorted(held.rank for held in member.cards) == ranks
            ):
                return member
        return None

    def count(self) -> int:
        """The number of plays, generated one at a time without keeping them.

        >>> legal_plays(Hand.parse("3D 3S"), Rules()).count()
        2
        """
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        position = self._position()
        if position is not None:
            found = _positions(self.rules).get(position)
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
        if play not in _reader(self.rules).readings(play.cards):
            return False
        if not _wanted(self.rules, self.to_beat, self.kinds) & _BIT[play.kind]:
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
    if not isinstance(hand, Hand):
        hand = Hand(hand)
    if view not in ("classes", "cards"):
        raise ValueError(f"view must be 'classes' or 'cards', not {view!r}")
    wanted = _ALL if kinds is None else _mask(kinds)
    if bombs_only:
        wanted &= _bomb_kinds(rules)
    return LegalPlays(
        hand=hand,
        rules=rules,
        to_beat=to_beat,
        view=view,
        revolution=revolution,
        kinds=wanted,
        must_include=must_include,
    )
