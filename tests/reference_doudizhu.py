"""A reference of Dou Dizhu's game flow, written straight from FAMILY.md part D (issue 36).

Deliberately small, plain and slow, and independent of the library: it imports
nothing from ``zhengshangyou``. Moves are plain strings (``"pass"``, ``"bid 2"``,
``"call"``, ``"rob"``), cards are rank strings (``"3"`` … ``"10"`` … ``"2"``,
``"BJ"``, ``"RJ"``; suits never matter, D1.1). ``tests/test_doudizhu_reference.py``
checks the library against it.

It covers:

* who bids first (D2.3), the auction (D3.1 bids, D3.2 ``once`` /
  ``until_two_passes``, D3.3 nobody bids, D3.4 call and rob with the library's
  rulings, D3.5 a fixed landlord): :class:`RefAuction`;
* the end of a hand and its scores (D8.1, D4.2, D9.1 to D9.4) from the public log
  of a finished hand: :func:`ref_score`;
* what an observation shows of the kitty (D4.1) and the doubling so far (D9):
  :func:`ref_kitty_seen`, :func:`ref_observed_multiplier`.

Three seats is the game of D2.1; the auction and the scores are written for any
number of seats, reading "two consecutive passes" (D3.2) as "every other seat in a
row", which is the same thing at three seats (see :class:`RefAuction`).

DE9, bidding ``once`` from seat 0:

>>> auction = RefAuction("bid", "once", players=3, first=0)
>>> for move in ["pass", "bid 1", "pass"]:
...     auction.play(move)
>>> auction.outcome
RefOutcome(landlord=1, base=1, thrown_in=False)

DE9, ``until_two_passes``: a seat that passed may bid later.

>>> auction = RefAuction("bid", "until_two_passes", players=3, first=0)
>>> for move in ["pass", "bid 1", "pass", "bid 2", "pass"]:
...     auction.play(move)
>>> auction.outcome is None, sorted(auction.legal())
(True, ['bid 3', 'pass'])
>>> auction.play("pass")
>>> auction.outcome
RefOutcome(landlord=0, base=2, thrown_in=False)

DE10, call and rob: the caller robs back.

>>> auction = RefAuction("call_rob", None, players=3, first=0)
>>> for move in ["call", "rob", "pass", "rob"]:
...     auction.play(move)
>>> auction.outcome
RefOutcome(landlord=0, base=4, thrown_in=False)

DE11: bid 3, a bomb and the rocket, a spring.

>>> log = [(0, ("BJ", "RJ")), (1, None), (2, None), (0, ("3", "3", "3", "3")), (1, None), (2, None),
...        (0, ("2", "2", "2"))]
>>> ref_score(log, players=3, landlord=0, base=3, scoring="multiplier", spring_multiplier=2)
RefScore(scores=(48, -24, -24), winners=(0,), multiplier=8, first_out=0, bombs=2, spring=True, anti_spring=False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "RefAuction",
    "RefOutcome",
    "RefScore",
    "ref_first_bidder",
    "ref_is_bomb_or_rocket",
    "ref_kitty_seen",
    "ref_observed_multiplier",
    "ref_score",
]

#: One entry of a hand's public play log: the seat and the cards it played (rank
#: strings), or None for a pass.
LogEntry = tuple[int, "tuple[str, ...] | None"]


def ref_first_bidder(
    first_bidder: str,
    *,
    players: int,
    dealer: int,
    face_up_card: str | None = None,
    hands: Sequence[Sequence[str]] = (),
    drawn: int | None = None,
    previous: int | None = None,
) -> int:
    """Who opens the auction (D2.3): the holder of the face-up card; under
    ``"rotate"`` the seat after the ``previous`` hand's first bidder, and on the first
    hand (no previous one; FAMILY.md does not say) the seat after the dealer, as the
    library rules; or the seat ``drawn`` at random.

    ``face_up_card`` is a card's full name and ``hands`` each seat's cards by name.

    >>> ref_first_bidder("face_up_card", players=3, dealer=0, face_up_card="7H", hands=[["3D"], ["7H"], ["9C"]])
    1
    >>> ref_first_bidder("rotate", players=3, dealer=2)
    0
    >>> ref_first_bidder("rotate", players=3, dealer=0, previous=2)
    0
    >>> ref_first_bidder("random", players=3, dealer=2, drawn=1)
    1
    """
    if first_bidder == "face_up_card":
        holders = [seat for seat, hand in enumerate(hands) if face_up_card in hand]
        if len(holders) != 1:
            raise ValueError(f"the face-up card {face_up_card!r} is not in exactly one hand")
        return holders[0]
    if first_bidder == "rotate":
        return ((dealer if previous is None else previous) + 1) % players
    if first_bidder == "random":
        if drawn is None or not 0 <= drawn < players:
            raise ValueError(f"no drawn seat {drawn!r}")
        return drawn
    raise ValueError(f"unknown first_bidder {first_bidder!r}")


@dataclass(frozen=True)
class RefOutcome:
    """How an auction ended: the landlord and the base, or thrown in (D3.3: nobody
    bid or called; then ``landlord`` is -1 and ``base`` 0).

    >>> RefOutcome(landlord=2, base=3, thrown_in=False).landlord
    2
    """

    landlord: int
    base: int
    thrown_in: bool


class RefAuction:
    """The auction of one deal (D3), replayed move by move.

    ``auction`` is ``"bid"`` (D3.1, with ``bid_rounds`` ``"once"`` or
    ``"until_two_passes"``, D3.2), ``"call_rob"`` (D3.4) or ``"none"`` (D3.5, with
    ``landlord_seat``). ``first`` is the first bidder (:func:`ref_first_bidder`).

    :meth:`legal` is the set of moves open to :attr:`to_act`; :meth:`play` makes
    one; :attr:`outcome` is None while the auction goes on.

    Readings: under ``"until_two_passes"`` the bidding ends once, after a bid,
    every other seat has passed in a row (two at three seats, the only table size
    of D2.1), or when every seat passed without a bid. Under ``"call_rob"`` the
    caller robs back last and only when somebody robbed (the library's ruling of
    D3.4); a seat that declined to call never robs.

    >>> auction = RefAuction("call_rob", None, players=3, first=0)
    >>> auction.play("pass"); auction.play("call")
    >>> auction.to_act, sorted(auction.legal())
    (2, ['pass', 'rob'])
    >>> auction.play("rob"); auction.to_act
    1
    >>> auction.play("pass"); auction.outcome
    RefOutcome(landlord=2, base=2, thrown_in=False)
    >>> RefAuction("none", None, players=3, first=0, landlord_seat=2).outcome
    RefOutcome(landlord=2, base=1, thrown_in=False)
    """

    def __init__(
        self,
        auction: str,
        bid_rounds: str | None,
        *,
        players: int,
        first: int,
        landlord_seat: int | None = None,
    ) -> None:
        self.auction = auction
        self.bid_rounds = bid_rounds or "once"
        self.players = players
        self.first = first
        self.history: list[tuple[int, str]] = []
        self.outcome: RefOutcome | None = None
        self.to_act = first
        # bid
        self.high = 0
        self.high_seat = -1
        self.passes_in_a_row = 0
        # call and rob
        self.caller = -1
        self.declined: set[int] = set()
        self.rob_queue: list[int] = []
        self.robs = 0
        self.last_claim = -1
        self.rob_back_done = False
        if auction == "none":
            self.outcome = RefOutcome(landlord_seat if landlord_seat is not None else 0, 1, False)
            self.to_act = -1
        elif auction not in ("bid", "call_rob"):
            raise ValueError(f"unknown auction {auction!r}")

    # -- the moves -----------------------------------------------------------------------

    def legal(self) -> set[str]:
        """The moves open now (empty once the auction is over).

        >>> sorted(RefAuction("bid", "once", players=3, first=0).legal())
        ['bid 1', 'bid 2', 'bid 3', 'pass']
        """
        if self.outcome is not None:
            return set()
        if self.auction == "bid":
            return {f"bid {value}" for value in range(self.high + 1, 4)} | {"pass"}
        if self.caller < 0:
            return {"call", "pass"}
        return {"rob", "pass"}

    def play(self, move: str) -> None:
        """Make ``move`` for :attr:`to_act`; an illegal move raises ValueError.

        >>> auction = RefAuction("bid", "once", players=3, first=1)
        >>> auction.play("bid 3"); auction.outcome
        RefOutcome(landlord=1, base=3, thrown_in=False)
        """
        if move not in self.legal():
            raise ValueError(f"{move!r} is not legal now ({sorted(self.legal())})")
        seat = self.to_act
        self.history.append((seat, move))
        if self.auction == "bid":
            self._bid(seat, move)
        else:
            self._call_rob(seat, move)

    def _next(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _bid(self, seat: int, move: str) -> None:
        if move == "pass":
            self.passes_in_a_row += 1
        else:
            self.high, self.high_seat = int(move.split()[1]), seat
            self.passes_in_a_row = 0
        if self.high == 3:  # D3.1: a 3 ends the auction at once
            self._win(self.high_seat, 3)
            return
        if self.bid_rounds == "once":
            if len(self.history) == self.players:  # each seat had its one turn
                self._end_bidding()
                return
        else:  # until_two_passes
            if self.high_seat < 0 and self.passes_in_a_row == self.players:
                self._end_bidding()  # everyone passed, nobody bid
                return
            if self.high_seat >= 0 and self.passes_in_a_row == self.players - 1:
                self._end_bidding()
                return
        self.to_act = self._next(seat)

    def _end_bidding(self) -> None:
        if self.high_seat < 0:
            self._thrown_in()
        else:
            self._win(self.high_seat, self.high)

    def _call_rob(self, seat: int, move: str) -> None:
        if self.caller < 0:  # the call round
            if move == "pass":
                self.declined.add(seat)
                if len(self.declined) == self.players:
                    self._thrown_in()
                    return
                self.to_act = self._next(seat)
                return
            self.caller = self.last_claim = seat
            # every seat that did not decline, in turn order after the caller
            self.rob_queue = [
                other
                for step in range(1, self.players)
                if (other := (seat + step) % self.players) not in self.declined
            ]
        else:  # the rob round
            if seat == self.caller:
                self.rob_back_done = True
            else:
                self.rob_queue.pop(0)
            if move == "rob":
                self.robs += 1
                self.last_claim = seat
        if self.rob_queue:
            self.to_act = self.rob_queue[0]
            return
        if self.robs > 0 and not self.rob_back_done:
            self.to_act = self.caller  # the library ruling: the caller robs back last
            return
        self._win(self.last_claim, 1 << self.robs)

    def _win(self, landlord: int, base: int) -> None:
        self.outcome = RefOutcome(landlord, base, False)
        self.to_act = -1

    def _thrown_in(self) -> None:
        self.outcome = RefOutcome(-1, 0, True)
        self.to_act = -1


# -- the end of a hand and its scores ----------------------------------------------------


def ref_is_bomb_or_rocket(cards: Sequence[str]) -> bool:
    """A bomb (four cards of one rank, D5.13) or the rocket (BJ + RJ, D5.14).

    >>> ref_is_bomb_or_rocket(("9", "9", "9", "9")), ref_is_bomb_or_rocket(("RJ", "BJ"))
    (True, True)
    >>> ref_is_bomb_or_rocket(("9", "9", "9", "4")), ref_is_bomb_or_rocket(("2", "2"))
    (False, False)
    """
    if sorted(cards) == ["BJ", "RJ"]:
        return True
    return len(cards) == 4 and len(set(cards)) == 1


def ref_observed_multiplier(log: Sequence[LogEntry]) -> int:
    """2 to the power of the bombs and rockets played so far (D9, ``Observation.multiplier``).

    >>> ref_observed_multiplier([(0, ("5", "5", "5", "5")), (1, None), (2, ("BJ", "RJ"))])
    4
    """
    return 1 << sum(1 for _, cards in log if cards is not None and ref_is_bomb_or_rocket(cards))


def ref_kitty_seen(kitty: Sequence[str], *, kitty_public: bool, seat: int, landlord: int) -> tuple[str, ...]:
    """The kitty a seat's observation shows (D4.1, DE14): nothing before the
    landlord takes it; then all of it to every seat when ``kitty_public``, else to
    the landlord alone.

    >>> ref_kitty_seen(["3D", "9C", "RJ"], kitty_public=False, seat=1, landlord=1)
    ('3D', '9C', 'RJ')
    >>> ref_kitty_seen(["3D", "9C", "RJ"], kitty_public=False, seat=0, landlord=1)
    ()
    """
    if landlord < 0:
        return ()
    return tuple(kitty) if kitty_public or seat == landlord else ()


@dataclass(frozen=True)
class RefScore:
    """What a finished hand decided (D8.1, D4.2, D9): each seat's score, the winning
    side (sorted seats), the multiplier, the first seat out, the bombs and rockets
    played, and whether it was a spring or an anti-spring (D9.2).

    >>> RefScore((2, -1, -1), (0,), 1, 0, 0, False, False).winners
    (0,)
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    multiplier: int
    first_out: int
    bombs: int
    spring: bool
    anti_spring: bool


def ref_score(
    log: Sequence[LogEntry],
    *,
    players: int,
    landlord: int,
    base: int,
    scoring: str,
    spring_multiplier: int | None = None,
    douzero_objective: str | None = None,
) -> RefScore:
    """Score a finished hand from its public play log (the auction's moves left out).

    The hand ended the moment a seat played its last card (D8.1), so the last
    entry is that seat's play; its side wins (D4.2). ``multiplier`` is D9.1's
    ``m`` under ``scoring="multiplier"`` (spring factor included) and
    2^(bombs + rockets) under the other scorings, which have no spring factor;
    ``scoring="none"`` scores 0 for every seat.

    >>> anti = [(0, ("3",)), (1, ("4",)), (2, None), (0, None), (1, ("5", "6", "7", "8", "9"))]
    >>> ref_score(anti, players=3, landlord=0, base=1, scoring="multiplier").scores
    (-4, 2, 2)
    >>> ref_score(anti, players=3, landlord=0, base=1, scoring="win_loss").scores
    (0, 1, 1)
    >>> ref_score(anti, players=3, landlord=0, base=1, scoring="douzero", douzero_objective="logadp").scores
    (-1, 1, 1)
    """
    if not log or log[-1][1] is None:
        raise ValueError("a finished hand ends on a play (D8.1)")
    first_out = log[-1][0]
    peasants = tuple(seat for seat in range(players) if seat != landlord)
    landlord_won = first_out == landlord
    winners = (landlord,) if landlord_won else peasants
    bombs = sum(1 for _, cards in log if cards is not None and ref_is_bomb_or_rocket(cards))
    landlord_plays = sum(1 for seat, cards in log if seat == landlord and cards is not None)
    peasant_plays = sum(1 for seat, cards in log if seat != landlord and cards is not None)
    spring = landlord_won and peasant_plays == 0
    anti_spring = not landlord_won and landlord_plays == 1
    doubling = 1 << bombs
    sign = 1 if landlord_won else -1  # the landlord's side
    scores: tuple[int, ...]
    if scoring == "multiplier":
        factor = (spring_multiplier or 2) if spring or anti_spring else 1
        multiplier = doubling * factor
        stake = base * multiplier
        scores = tuple(sign * stake * len(peasants) if seat == landlord else -sign * stake for seat in range(players))
    elif scoring == "win_loss":
        multiplier = doubling
        scores = tuple(int(seat in winners) for seat in range(players))
    elif scoring == "none":
        multiplier = doubling
        scores = (0,) * players
    elif scoring == "douzero":
        multiplier = doubling
        objective = douzero_objective or "adp"
        reward = {"wp": 1, "adp": doubling, "logadp": bombs + 1}[objective]
        scores = tuple(sign * reward if seat == landlord else -sign * reward for seat in range(players))
    else:
        raise ValueError(f"no Dou Dizhu scoring {scoring!r}")
    return RefScore(scores, winners, multiplier, first_out, bombs, spring, anti_spring)
