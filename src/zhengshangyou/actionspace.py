"""One fixed integer id for every move a rule set's game can offer.

A learning agent chooses among a fixed, numbered set of actions.
:class:`ActionSpace` numbers every move the game may offer under a rule set:

- ``0 … len(rank_plays) - 1``: the rank plays of
  :func:`~zhengshangyou.rankplays.rank_plays`, with the same ids;
- then, where suits tell plays of the same ranks apart (singles, pairs or
  straights compared by suit, R4.3, R4.5), one id for each further class of
  those plays (the class view's classes of the full deck);
- then :data:`~zhengshangyou.actions.PASS` (:attr:`ActionSpace.pass_id`);
- then the exchange decisions the rules use (R8.2, R8.3): ``give`` each card,
  ``offer`` each two cards, ``take`` each card, ``return`` each card;
- then, under rules with an auction (D3), its decisions: ``bid 1``, ``bid 2``,
  ``bid 3`` (``auction="bid"``) or ``call``, ``rob`` (``auction="call_rob"``);
  declining is the pass, whose id is shared. Zheng Shangyou's ids never move.

An id stands for one class of plays of the class view of
:func:`~zhengshangyou.moves.legal_plays` (plays the rules cannot tell apart), so
:meth:`~ActionSpace.encode` of any legal move is an id of
:meth:`~ActionSpace.moves`, and :meth:`~ActionSpace.decode` gives the play the
class view lists for it (the lowest cards of each rank, the start card when it
must be played): the move the game accepts. Every id has a unique label, which
:meth:`~ActionSpace.parse` reads back, as it reads the library's card notation,
rank notation (``"3 3 3 4 4"``) and the compact rank strings of other engines
(``"33344"``, ``"BR"`` for the two jokers, ``T`` for 10).

>>> rules = Rules()
>>> space = ActionSpace(rules)
>>> space.size, space.pass_id, space.label(15), space.parse("33344")
(446, 445, '3 3', 41)
>>> from zhengshangyou import Game
>>> game = Game(rules, seed=4)
>>> seen = game.observation(game.to_act)
>>> ids = space.legal_ids(seen)
>>> space.decode(ids[0], seen) in game.legal_moves()
True
>>> all(space.decode(space.encode(move), seen) == move for move in seen.legal_moves)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any

from zhengshangyou.actions import PASS, Bid, Call, Give, Move, Offer, Pass, Return, Rob, Take
from zhengshangyou.cards import Card, Rank, ascii_lower, ascii_upper, parse_cards
from zhengshangyou.combinations import KIND_BITS, Kind, Shape, catalogue, kinds_mask
from zhengshangyou.errors import (
    IllegalMoveError,
    InvalidCombinationError,
    NotationError,
    WrongTypeError,
    ZhengShangyouError,
    brief_repr,
)
from zhengshangyou.hand import Hand
from zhengshangyou.moves import legal_plays
from zhengshangyou.plays import Play, Window, classify_all, reader, split_declaration
from zhengshangyou.rankplays import RankPlay, RankPlays, rank_plays
from zhengshangyou.rules import Rules, RulesCache, check_rules

if TYPE_CHECKING:
    from zhengshangyou.game import Observation

__all__ = ["ActionSpace", "run_window"]

#: The suit part of a key (see ``plays._pack``): the two lowest bits.
_SUIT_PART = 3

#: By a card's index, its text and its rank's (read in C, for tens of thousands of labels).
_CARD_TEXTS = tuple(str(Card.from_index(index)) for index in range(54))
_RANK_TEXTS = tuple(Card.from_index(index).rank.symbol for index in range(54))

#: What an id of a play stands for: its kind's value, its sorted ranks and its key.
_Identity = tuple[str, tuple[Rank, ...], int]

#: Compact rank strings (RLCard's and DouZero's style): one character a rank.
_COMPACT = {
    "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE, "6": Rank.SIX, "7": Rank.SEVEN,
    "8": Rank.EIGHT, "9": Rank.NINE, "T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN,
    "K": Rank.KING, "A": Rank.ACE, "2": Rank.TWO, "B": Rank.BLACK_JOKER, "R": Rank.RED_JOKER,
}  # fmt: skip


def _identity(play: Play) -> _Identity:
    ranks = [card.rank for card in play.cards]
    ranks.sort()
    return play.kind._value_, tuple(ranks), play.key


class _Layout:
    """The ids of one rule set, built once per rule set (see :class:`ActionSpace`)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.rank_plays = space = rank_plays(rules)
        # Only kinds whose key holds a suit (R4.3, R4.5) have more than one class a
        # rank play: their classes are listed here, and every other play's id is its
        # rank play's.
        suited = [combination.kind for combination in catalogue(rules) if combination.suit_in_key]
        self.suited = kinds_mask(suited)
        self.suited_ids, self.pass_id = _suited_ids(rules, space, suited)
        decisions = _decisions(rules) + _auction_decisions(rules)
        self.decisions: dict[Move, int] = {
            move: self.pass_id + 1 + place for place, move in enumerate(decisions)
        }
        self.decision_moves = decisions
        self.size = self.pass_id + 1 + len(decisions)
        #: The identity of each id of a class told apart by suits (R4.3, R4.5).
        self.suited_by_id: dict[int, _Identity] = {
            index: identity for identity, index in self.suited_ids.items()
        }

    def id_of(self, play: Play) -> int | None:
        """The id of ``play``'s class, or None when it is no play of these rules."""
        if KIND_BITS[play.kind] & self.suited:
            return self.suited_ids.get(_identity(play))
        try:
            return self.rank_plays.of(play).id
        except InvalidCombinationError:
            return None

    # What each id stands for, and the labels and the tables that read them, are
    # made when first asked for: the ids and masks never need them, and a space of
    # tens of thousands of ids (single wings, R3.19) takes about as long to list as
    # to number, and as long again to label.

    @cached_property
    def plays(self) -> tuple[Play, ...]:
        """The play each id of a play stands for: the first of its class that the full
        deck's class view lists (its lowest cards). Every class of that view is a
        class some hand can play, and every id has one."""
        members: list[Play | None] = [None] * self.pass_id
        for play in legal_plays(Hand(self.rules.deck()), self.rules):
            index = self.id_of(play)
            assert index is not None, "every play of the full deck has an id"
            if members[index] is None:
                members[index] = play
        plays = tuple(member for member in members if member is not None)
        assert len(plays) == self.pass_id, "every id has a class in the full deck"
        return plays

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """The move each id stands for."""
        return (*self.plays, PASS, *self.decision_moves)

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Every id's label (see :meth:`ActionSpace.label`), unique."""
        space, rules = self.rank_plays, self.rules
        # Labels name ranks, or cards where suits tell classes of the same ranks apart.
        suited = {space.of(play).id for play in self.plays[len(space) :]}
        labels = [
            _label(play, rules, cards=index in suited or index >= len(space))
            for index, play in enumerate(self.plays)
        ]
        return (*_distinct(labels, self.plays, rules), "pass", *map(str, self.decision_moves))

    @cached_property
    def by_label(self) -> dict[str, int]:
        """The id of each label, in lower case."""
        by_label = {label.lower(): index for index, label in enumerate(self.labels)}
        assert len(by_label) == self.size, "labels must be unique"
        return by_label

    @cached_property
    def by_ranks(self) -> dict[tuple[Rank, ...], list[RankPlay]]:
        """Rank notation names a rank play by its ranks (with the kind when several
        share them): the rank plays of each sorted tuple of ranks."""
        by_ranks: dict[tuple[Rank, ...], list[RankPlay]] = {}
        for rank_play in self.rank_plays:
            by_ranks.setdefault(rank_play.ranks, []).append(rank_play)
        return by_ranks


def _suited_ids(rules: Rules, space: RankPlays, kinds: list[Kind]) -> tuple[dict[_Identity, int], int]:
    """The id of each class of ``kinds`` (those whose key holds a suit) that the
    full deck's class view lists, and the first id after every play's. The first
    class of a rank play takes its id; the others (told apart by suits) come after
    every rank play, in the class view's order."""
    ids: dict[_Identity, int] = {}
    taken: set[int] = set()
    after = len(space)
    if kinds:
        for play in legal_plays(Hand(rules.deck()), rules, kinds=kinds):
            identity = _identity(play)
            if identity in ids:
                continue
            rank_id = space.of(play).id
            if rank_id in taken:
                ids[identity] = after
                after += 1
            else:
                taken.add(rank_id)
                ids[identity] = rank_id
    return ids, after


def _decisions(rules: Rules) -> list[Move]:
    """The exchange decisions the rules use (R8.2, R8.3), in card order: an offer is
    two cards, equal ones too with two decks."""
    cards = tuple(dict.fromkeys(sorted(rules.deck())))
    decisions: list[Move] = []
    if rules.exchange != "none":
        decisions += [Give(card) for card in cards]
    if rules.exchange == "highest_for_one_of_two":
        decisions += [
            Offer((first, second))
            for place, first in enumerate(cards)
            for second in cards[place + (rules.decks == 1) :]
        ]
        decisions += [Take(card) for card in cards]
    if rules.exchange == "highest_for_any":
        decisions += [Return(card) for card in cards]
    return decisions


# --- the auction's decisions (D3) ------------------------------------------------------

#: The moves of an auction of each kind (D3.1, D3.4); declining is the pass.
_AUCTION_MOVES: dict[str, tuple[Move, ...]] = {
    "none": (),
    "bid": (Bid(1), Bid(2), Bid(3)),
    "call_rob": (Call(), Rob()),
}
_AUCTION_TYPES = (Bid, Call, Rob)


def _auction_decisions(rules: Rules) -> list[Move]:
    """The auction's decisions under ``rules`` (D3), after the exchange's: none
    without an auction, so that no other id moves."""
    return list(_AUCTION_MOVES[rules.auction])


def _auction_text(verb: str, rest: str, text: str) -> Move | None:
    """The auction move ``verb rest`` names (``bid 2``, ``call``, ``rob``), None
    when ``verb`` is no auction verb; a :class:`NotationError` naming the token
    that is wrong (a bid other than 1, 2 or 3, D3.1)."""
    verb = ascii_lower(verb)
    if verb == "bid":
        if rest not in ("1", "2", "3"):
            token = rest or text
            raise NotationError(
                f"{text!r}: a bid is 1, 2 or 3, not {token!r} (D3.1)", token=token, rule="D3.1"
            )
        return Bid(int(rest))
    if verb in ("call", "rob"):
        if rest:
            raise NotationError(
                f"{text!r}: {verb} takes nothing after it, not {rest!r} (D3.4)", token=rest, rule="D3.4"
            )
        return Call() if verb == "call" else Rob()
    return None


def _label(play: Play, rules: Rules, *, cards: bool) -> str:
    """A play's ranks (or cards) in the order a player reads them: a group before what
    is attached to it, a run in run order (A-2-3 as ``A 2 3``) before its wings; with
    the kind where its cards read as several kinds."""
    combination = catalogue(rules)[play.kind]
    if combination.shape is Shape.RUN:
        place = {rank: index for index, rank in enumerate(run_window(play, rules).ranks)}
        # (Wings are of other ranks than the run's, R3.18.)
        body = sorted(
            [card for card in play.cards if card.rank in place],
            key=lambda card: (place[card.rank], card.index),
        )
        ordered = body + [card for card in play.cards if card.rank not in place]
    else:
        counts: dict[Rank, int] = {}
        for card in play.cards:
            counts[card.rank] = counts.get(card.rank, 0) + 1
        ordered = sorted(play.cards, key=lambda card: (-counts[card.rank], card.index))
    names = _CARD_TEXTS if cards else _RANK_TEXTS
    text = " ".join([names[card.index] for card in ordered])
    if cards and len({reading.kind for reading in classify_all(play.cards, rules)}) > 1:
        return f"{text} as {play.kind.value}"
    return text


def run_window(play: Play, rules: Rules) -> Window:
    """The window of the run ``play`` (by its key: runs of the same ranks placed
    differently have different keys): the ranks it stands on, in run order.

    >>> rules = Rules()
    >>> [rank.symbol for rank in run_window(Play.parse("3D 4C 5H 6S 7D", rules), rules).ranks]
    ['3', '4', '5', '6', '7']
    """
    combination = catalogue(rules)[play.kind]
    ranks = [card.rank for card in play.cards]
    length = len(ranks) // (combination.width + combination.attached)
    candidates = _RUN_WINDOWS[rules][(play.kind, length, play.key & ~_SUIT_PART)]
    if len(candidates) == 1:
        return candidates[0]
    for window in candidates:  # (the same strength on other ranks)
        if all(ranks.count(rank) >= combination.width for rank in window.ranks):
            return window
    raise AssertionError(f"{play!r} has no window")  # pragma: no cover - every run has one


def _run_windows(rules: Rules) -> dict[tuple[Kind, int, int], list[Window]]:
    """The windows of each kind of run, by the run's length and its key without a
    suit part (see :func:`run_window`)."""
    read = reader(rules)
    found: dict[tuple[Kind, int, int], list[Window]] = {}
    for combination in catalogue(rules):
        if combination.shape is Shape.RUN:
            for length, windows in read.by_length.items():
                for _, window in windows:
                    key = read.run_strength(combination, window)[0] & ~_SUIT_PART
                    found.setdefault((combination.kind, length, key), []).append(window)
    return found


#: The run windows of each rule set in use, by kind, length and key.
_RUN_WINDOWS: RulesCache[dict[tuple[Kind, int, int], list[Window]]] = RulesCache(_run_windows)


def _distinct(labels: list[str], plays: Sequence[Play], rules: Rules) -> list[str]:
    """``labels`` made unique: the cards named where classes of one kind share their
    ranks (flushes compared suit first, B4.4), the kind added where plays of several
    kinds share one, then the end a run stands at (``low``/``high``) where runs of one
    kind do (A-A-2-2 under ``run_order="either_end"``)."""

    def kind(index: int) -> str:
        return f" as {plays[index].kind.value}"

    def placement(index: int) -> str:
        window = run_window(plays[index], rules)
        return " low" if window.low_ace or window.low_two else " high"

    return _declare(_declare(_with_cards(labels, plays, rules), kind), placement)


def _with_cards(labels: list[str], plays: Sequence[Play], rules: Rules) -> list[str]:
    """``labels`` with the cards named instead of the ranks where plays of one kind
    share a label and their cards tell them apart."""
    seen: dict[tuple[str, Kind], list[int]] = {}
    for index, label in enumerate(labels):
        seen.setdefault((label.lower(), plays[index].kind), []).append(index)
    out = list(labels)
    for indexes in seen.values():
        if len(indexes) > 1:
            texts = [_label(plays[index], rules, cards=True) for index in indexes]
            if len({text.lower() for text in texts}) == len(texts):
                for index, text in zip(indexes, texts, strict=True):
                    out[index] = text
    return out


def _declare(labels: list[str], suffix: Callable[[int], str]) -> list[str]:
    """``labels`` with ``suffix`` added to each label that several share."""
    seen: dict[str, list[int]] = {}
    for index, label in enumerate(labels):
        seen.setdefault(label.lower(), []).append(index)
    out = list(labels)
    for indexes in seen.values():
        if len(indexes) > 1:
            for index in indexes:
                out[index] = labels[index] + suffix(index)
    return out


#: The layouts of each rule set in use.
_LAYOUTS: RulesCache[_Layout] = RulesCache(_Layout)


class ActionSpace:
    """The fixed ids of every move of a rule set (see the module docstring).

    Cheap to make: the tables are built once per rule set and shared (the full
    deck's member of each id, which :meth:`move` gives, and the labels, when one is
    first asked for). Pickles and copies as its rule set.

    >>> space = ActionSpace(Rules(exchange="highest_for_any"))
    >>> space.label(space.pass_id + 1), space.encode(Give(Card.parse("3D"))) == space.pass_id + 1
    ('give 3D', True)
    >>> space.parse("BR"), space.label(space.parse("BJ RJ"))
    (444, 'BJ RJ')
    """

    __slots__ = ("_layout", "rules")

    def __init__(self, rules: Rules) -> None:
        self.rules = check_rules(rules)
        self._layout = _LAYOUTS[self.rules]

    @property
    def size(self) -> int:
        """The number of ids: every id is ``0 <= id < size``.

        >>> ActionSpace(Rules()).size
        446
        """
        return self._layout.size

    def __len__(self) -> int:
        return self._layout.size

    @property
    def pass_id(self) -> int:
        """The id of :data:`~zhengshangyou.actions.PASS`, after every play's.

        >>> ActionSpace(Rules()).pass_id
        445
        """
        return self._layout.pass_id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ActionSpace) and self.rules == other.rules

    def __hash__(self) -> int:
        return hash((ActionSpace, self.rules))

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[Rules]]:
        return ActionSpace, (self.rules,)

    def __copy__(self) -> ActionSpace:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> ActionSpace:
        return self

    def __repr__(self) -> str:
        return f"<ActionSpace: {self.size} ids>"

    # --- moves and ids -------------------------------------------------------------

    def encode(self, move: Move) -> int:
        """The id of ``move``: for a play, the id of its class.

        >>> space = ActionSpace(Rules())
        >>> space.encode(Play.parse("3C 3S", Rules())), space.encode(PASS)
        (15, 445)
        """
        if isinstance(move, Play):
            found = self._layout.id_of(move)
            if found is None:
                raise InvalidCombinationError(
                    f"{move!r} is not a play under these rules (R3): it has no id", rule="R3"
                )
            return found
        if isinstance(move, Pass):
            return self._layout.pass_id
        if isinstance(move, (Give, Offer, Take, Return)):
            found = self._layout.decisions.get(move)
            if found is None:
                raise IllegalMoveError(
                    f"{move} is not a decision of exchange={self.rules.exchange!r} (R8)", rule="R8"
                )
            return found
        if isinstance(move, _AUCTION_TYPES):
            found = self._layout.decisions.get(move)
            if found is None:
                raise IllegalMoveError(
                    f"{move} is not a decision of auction={self.rules.auction!r} (D3)", rule="D3"
                )
            return found
        raise WrongTypeError(f"expected a move, not {brief_repr(move)}", argument="move")

    def moves(self, observation: Observation) -> dict[int, Move]:
        """The legal moves of ``observation`` (empty unless its seat is to act), by id,
        in id order: each id with the move the class view lists for it.

        >>> from zhengshangyou import Game
        >>> game = Game(Rules(), seed=4)
        >>> moves = ActionSpace(game.rules).moves(game.observation(game.to_act))
        >>> list(moves)[:3], moves[2]        # seat 3 holds no 3 or 4
        ([2, 4, 6], Play(single: 5D))
        """
        self._check_observation(observation)
        found = {self.encode(move): move for move in observation.legal_moves}
        return dict(sorted(found.items()))

    def legal_ids(self, observation: Observation) -> list[int]:
        """The ids of the legal moves of ``observation``, ascending.

        >>> from zhengshangyou import Game
        >>> game = Game(Rules(), seed=4)
        >>> ActionSpace(game.rules).legal_ids(game.observation((game.to_act + 1) % 4))
        []
        """
        return list(self.moves(observation))

    def mask(self, observation: Observation) -> list[bool]:
        """For each id, whether it is a legal move of ``observation``.

        >>> from zhengshangyou import Game
        >>> game = Game(Rules(), seed=4)
        >>> mask = ActionSpace(game.rules).mask(game.observation(game.to_act))
        >>> len(mask), sum(mask) == game.legal_moves().count()
        (446, True)
        """
        mask = [False] * self._layout.size
        for index in self.moves(observation):
            mask[index] = True
        return mask

    def decode(self, action: int, observation: Observation) -> Move:
        """The move of id ``action`` for the seat of ``observation``, as the class view
        lists it (the move :meth:`Game.play <zhengshangyou.game.Game.play>` accepts); an
        :class:`~zhengshangyou.errors.IllegalMoveError` naming the id when it is not
        legal there.

        Decoding reads the id's own class, never the whole list of legal moves: a
        play's class is looked for among the cards of its ranks (the lowest of each
        rank where suits cannot tell plays apart), the pass and the exchange
        decisions are read from the observation. So it costs about as much as
        listing that one class, however many moves the position has.

        >>> from zhengshangyou import Game
        >>> game = Game(Rules(), seed=4)
        >>> space = ActionSpace(game.rules)
        >>> space.decode(space.parse("5"), game.observation(game.to_act))
        Play(single: 5D)
        >>> space.decode(space.pass_id, game.observation(game.to_act))
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: action 445 (pass) is not a legal move of seat 3 here (R4.1)
        """
        self._check_id(action)
        self._check_observation(observation)
        move = self._member(action, observation)
        if move is None:
            raise IllegalMoveError(
                f"action {action} ({self.label(action)}) is not a legal move of seat "
                f"{observation.seat} here (R4.1)",
                rule="R4.1",
            )
        return move

    def _member(self, action: int, observation: Observation) -> Move | None:
        """The legal move of id ``action`` in ``observation``, or None."""
        legal = observation.legal_moves
        if not legal:  # (not the seat to act, or the hand is over)
            return None
        layout = self._layout
        playing = isinstance(legal[0], (Play, Pass))  # (else: an exchange's or an auction's decisions)
        if action < layout.pass_id:
            return self._play(action, observation) if playing else None
        if action == layout.pass_id:
            last = legal[-1]  # (the pass comes after every play, R5.1)
            return last if isinstance(last, Pass) else None
        if playing:
            return None
        decision = layout.decision_moves[action - layout.pass_id - 1]
        if isinstance(decision, Offer):
            # Any two cards of the Winner's hand (R8.2): the hand is the observer's.
            if not isinstance(legal[0], Offer):
                return None
            first, second = decision.cards
            held = observation.hand.cards
            wanted = 2 if first == second else 1
            return decision if held.count(first) >= wanted and second in held else None
        # (A give, take or return: a few dozen decisions at most.)
        return decision if decision in legal else None

    def _play(self, action: int, seen: Observation) -> Play | None:
        """The class view's play of id ``action`` (an id of a play) in ``seen``, a
        position of the play, or None when the seat has none."""
        layout = self._layout
        identity = layout.suited_by_id.get(action)
        try:
            if identity is None:  # (an id of a rank play whose suits do not matter)
                return layout.rank_plays.member(
                    layout.rank_plays[action],
                    seen.hand,
                    seen.top,
                    revolution=seen.revolution,
                    must_include=seen.must_include,
                )
            # A class told apart by suits (R4.3, R4.5): its kind's plays on its ranks.
            # (A start card of another rank is not among them: nothing is listed.)
            ranks = set(identity[1])
            kind = Kind(identity[0])
            narrowed = Hand(card for card in seen.hand.cards if card.rank in ranks)
            for play in legal_plays(
                narrowed,
                self.rules,
                seen.top,
                revolution=seen.revolution,
                kinds=(kind,),
                must_include=seen.must_include,
            ):
                if _identity(play) == identity:
                    return play
        except IllegalMoveError:
            pass
        return None

    def _check_observation(self, observation: object) -> None:
        rules = getattr(observation, "rules", None)
        if rules is not self.rules and rules != self.rules:
            raise WrongTypeError(
                f"expected an observation of {self!r}'s rules, not {brief_repr(observation)}",
                argument="observation",
            )

    def move(self, action: int) -> Move:
        """What id ``action`` stands for, without a position: for a play, the class
        view's play of the full deck (its lowest cards); :meth:`decode` gives the
        play a hand makes.

        >>> ActionSpace(Rules()).move(15)
        Play(pair: 3D 3C)
        """
        self._check_id(action)
        return self._layout.moves[action]

    def _check_id(self, action: object) -> None:
        if isinstance(action, bool) or not isinstance(action, int):
            raise WrongTypeError(f"an action id is an int, not {brief_repr(action)}", argument="action")
        if not 0 <= action < self._layout.size:
            raise IllegalMoveError(f"action {action} is not an id: ids are 0..{self.size - 1}", rule="R4.1")

    # --- text ------------------------------------------------------------------------

    def label(self, action: int) -> str:
        """The unique label of id ``action``, which :meth:`parse` reads back.

        >>> space = ActionSpace(Rules())
        >>> [space.label(action) for action in (0, 15, 41, 444, 445)]
        ['3', '3 3', '3 3 3 4 4', 'BJ RJ', 'pass']
        """
        self._check_id(action)
        return self._layout.labels[action]

    @property
    def labels(self) -> tuple[str, ...]:
        """Every id's label, by id.

        >>> ActionSpace(Rules()).labels[:3]
        ('3', '4', '5')
        """
        return self._layout.labels

    def parse(self, text: str) -> int:
        """The id that ``text`` names: a label; ``pass``; an exchange decision
        (``give 2S``, ``offer 3D 4S``); an auction decision (``bid 2``, ``call``,
        ``rob``, D3); a play in the card notation (``"9D 9H"``, with
        ``as <kind>`` where the cards read as several kinds); ranks (``"9 9 9 4 4"``)
        or a compact rank string (``"99944"``, ``"BR"``, ``T`` for 10), which name a
        rank play (with ``as <kind>`` where ranks read as several kinds).

        >>> space = ActionSpace(Rules())
        >>> space.parse("pass"), space.parse("3D 3S"), space.parse("4 4 4 3 3"), space.parse("TJQKA")
        (445, 15, 53, 206)
        >>> space.parse("3 4")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.NotationError: '3 4' names no play under these rules (R3)
        >>> auction = ActionSpace(Rules.preset("doudizhu"))
        >>> auction.parse("bid 2") - auction.pass_id, auction.label(auction.pass_id + 3)
        (2, 'bid 3')
        >>> auction.parse("bid 4")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.NotationError: 'bid 4': a bid is 1, 2 or 3, not '4' (D3.1)
        """
        if not isinstance(text, str):
            raise WrongTypeError(f"expected text, not {brief_repr(text)}", argument="text")
        layout = self._layout
        stripped = " ".join(text.split())
        found = layout.by_label.get(ascii_lower(stripped))
        if found is not None:
            return found
        verb, _, rest = stripped.partition(" ")
        bidding = _auction_text(verb, rest, text)
        if bidding is not None:
            return self.encode(bidding)
        decision = _DECISIONS.get(ascii_lower(verb))
        if decision is not None:
            cards = parse_cards(rest)
            move: Move = Offer(cards) if decision is Offer else decision(_one(cards, text))
            return self.encode(move)
        body, kind = split_declaration(stripped)
        ranks = _ranks(body)
        if ranks is not None:
            return self._by_ranks(text, tuple(sorted(ranks)), kind)
        try:
            cards = parse_cards(body)
        except NotationError as error:
            raise NotationError(
                f"{text!r} is neither a move's label, cards nor ranks: {error}", token=error.token
            ) from None
        readings = [play for play in classify_all(cards, self.rules) if kind in (None, play.kind)]
        ids = dict.fromkeys(self.encode(play) for play in readings)
        return self._one_of(text, list(ids))

    def _by_ranks(self, text: str, ranks: tuple[Rank, ...], kind: Kind | None) -> int:
        plays = self._layout.by_ranks.get(ranks, [])
        return self._one_of(text, [play.id for play in plays if kind in (None, play.kind)])

    def _one_of(self, text: str, ids: list[int]) -> int:
        if len(ids) == 1:
            return ids[0]
        if not ids:
            raise NotationError(f"{text!r} names no play under these rules (R3)", token=text, rule="R3")
        raise NotationError(
            f"{text!r} names several plays; write one of: "
            + "; ".join(self.label(index) for index in ids)
            + " (R3.16)",
            token=text,
            rule="R3.16",
        )


_DECISIONS: dict[str, Any] = {"give": Give, "offer": Offer, "take": Take, "return": Return}


def _one(cards: tuple[Card, ...], text: str) -> Card:
    if len(cards) != 1:
        raise NotationError(f"{text!r}: the decision names one card (R8.4)", token=text, rule="R8.4")
    return cards[0]


def _ranks(text: str) -> list[Rank] | None:
    """The ranks of ``text`` in the rank notation or as a compact rank string, or None
    when it is neither (cards, say)."""
    tokens = text.split()
    if not tokens:
        return None
    try:
        return [Rank.parse(token) for token in tokens]
    except ZhengShangyouError:
        pass
    if len(tokens) == 1 and all(char in _COMPACT for char in ascii_upper(tokens[0])):
        return [_COMPACT[char] for char in ascii_upper(tokens[0])]
    return None
