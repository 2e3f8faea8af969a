"""Scores of a finished hand and of a match (R7).

:func:`score_hand` turns what happened in a hand (who went out in which order,
how many cards each player held when the Winner went out, who never played a
card) into each seat's score under ``rules.scoring``.

>>> rules = Rules()
>>> # R7.1's worked example: North (seat 0) wins; East, West and South hold 3, 11 and 8.
>>> score_hand(rules, finishing_order=(0, 1, 3, 2), cards_left=(0, 3, 11, 8),
...            played=(True, True, True, True))
(33, -3, -22, -8)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from zhengshangyou.cards import Card, Rank
from zhengshangyou.errors import WrongTypeError
from zhengshangyou.rules import Rules, check_rules

__all__ = ["HandResult", "landlord_scores", "match_over", "penalty", "score_hand"]


def penalty(rules: Rules, cards_left: int, *, played: bool, twos: int = 0) -> int:
    """What a player left with ``cards_left`` cards loses under ``scoring="cards_left"`` (R7.1).

    One point a card; twice that from the doubling threshold on (or the
    3-player tiers); three times when the player had played no card to a trick
    this hand by the moment the Winner went out.

    >>> rules = Rules()
    >>> penalty(rules, 3, played=True), penalty(rules, 11, played=True), penalty(rules, 14, played=False)
    (3, 22, 42)

    Big Two (B7.1): without ``untouched_triple`` the tiers alone count; with
    ``two_doubles`` the loss doubles once for each of the ``twos`` 2s held.

    >>> big_two = Rules.preset("big-two")     # BE9: 3, 10 and 13 (untouched) cards
    >>> [penalty(big_two, n, played=n < 13) for n in (3, 10, 13)]
    [3, 20, 39]
    >>> ten_doubles = big_two.evolve(penalty_tiers=((10, 2),), untouched_triple=False)
    >>> penalty(ten_doubles, 13, played=False)
    26
    >>> penalty(big_two.evolve(two_doubles=True), 3, played=True, twos=1)
    6
    """
    if cards_left <= 0:
        return 0
    multiplier = 3 if not played and rules.untouched_triple else rules.penalty_multiplier(cards_left)
    return cards_left * multiplier * (2**twos if rules.two_doubles else 1)


def score_hand(
    rules: Rules,
    *,
    finishing_order: Sequence[int],
    cards_left: Sequence[int],
    played: Sequence[bool],
    twos: Sequence[Sequence[Card]] | None = None,
    instant: bool = False,
) -> tuple[int, ...]:
    """Each seat's score for one hand (R7.1–R7.3); zero-sum under ``cards_left``.

    ``finishing_order`` lists every seat, the Winner first; ``cards_left[s]`` is
    what seat ``s`` held when the Winner went out; ``played[s]`` whether seat
    ``s`` had played any card to a trick this hand by that moment (what it plays
    later does not count, R7.1). ``twos[s]`` are the 2s seat ``s`` held when its
    score is counted (none when not given): when the Winner went out under
    ``"cards_left"`` (``two_doubles``, B7.1), at the end of the hand under
    ``"placement_payments"`` (``thoi_heo``, T7.2). ``instant``: the Winner won at
    once, dealt an instant win (T6.2): under ``"placement_payments"`` he collects 4
    from each other player, and nothing else is paid (T7.2).

    >>> score_hand(Rules(scoring="last_pays"), finishing_order=(2, 0, 1, 3),
    ...            cards_left=(1, 5, 0, 7), played=(True,) * 4)
    (1, 1, 1, -3)

    >>> score_hand(Rules(scoring="placement"), finishing_order=(2, 0, 1, 3),
    ...            cards_left=(1, 5, 0, 7), played=(True,) * 4)
    (1, 0, 2, 0)
    >>> score_hand(Rules(scoring="win_loss"), finishing_order=(2, 0, 1, 3),
    ...            cards_left=(1, 5, 0, 7), played=(True,) * 4)
    (0, 0, 1, 0)
    >>> score_hand(Rules(scoring="none"), finishing_order=(2, 0, 1, 3),
    ...            cards_left=(1, 5, 0, 7), played=(True,) * 4)
    (0, 0, 0, 0)
    """
    _check_hand(check_rules(rules), finishing_order, cards_left, played)
    seats = len(cards_left)
    scores = [0] * seats
    held = [tuple(cards) for cards in twos] if twos is not None else [()] * seats
    if rules.scoring == "cards_left":
        winner = finishing_order[0]
        for seat in range(seats):
            if seat != winner:
                loss = penalty(rules, cards_left[seat], played=played[seat], twos=len(held[seat]))
                scores[seat] -= loss
                scores[winner] += loss
    elif rules.scoring == "last_pays":  # T7.1: the last pays 1 to each other seat
        for seat in range(seats):
            scores[seat] = 1
        scores[finishing_order[-1]] = 1 - seats
    elif rules.scoring == "placement_payments" and instant:  # T7.2: 4 from each
        for seat in range(seats):
            scores[seat] = -4
        scores[finishing_order[0]] = 4 * (seats - 1)
    elif rules.scoring == "placement_payments":
        _placement_payments(rules, scores, finishing_order, played, held)
    elif rules.scoring == "placement":
        scores[finishing_order[0]] += 2
        if seats > 1:
            scores[finishing_order[1]] += 1
    elif rules.scoring == "win_loss":  # D9.3 without a landlord: the Winner alone wins
        scores[finishing_order[0]] = 1
    return tuple(scores)


def _placement_payments(
    rules: Rules, scores: list[int], order: Sequence[int], played: Sequence[bool], twos: Sequence[tuple[Card, ...]]
) -> None:
    """T7.2 (TL-SOUTH's units), into ``scores``: the last pays the first 10; with four
    players the third pays the second 5; ``thoi_heo``: the last pays the second 1 for
    each black 2 and 2 for each red 2 he still holds (with two players, the first:
    **library ruling**); ``cong``: each player who had played no card when the winner
    went out pays the winner 5."""

    def pay(payer: int, payee: int, amount: int) -> None:
        scores[payer] -= amount
        scores[payee] += amount

    first, last = order[0], order[-1]
    pay(last, first, 10)
    if len(order) == 4:
        pay(order[2], order[1], 5)
    if rules.thoi_heo:
        owed = sum(2 if card.is_red else 1 for card in twos[last] if card.rank is Rank.TWO)
        if owed:
            pay(last, order[1] if len(order) > 2 else first, owed)
    if rules.cong:
        for seat in order[1:]:
            if not played[seat]:
                pay(seat, first, 5)


def landlord_scores(
    rules: Rules, *, landlord: int, winner: int, base: int, bombs: int, spring: bool
) -> tuple[int, ...]:
    """Each seat's score for a hand of a game with a landlord (D9): ``winner`` went out
    first; ``base`` is the auction's stake, ``bombs`` the bombs and rockets played by
    anyone, ``spring`` whether the hand was a spring or an anti-spring (D9.2).

    ``"multiplier"`` (D9.1): the stake is ``base * 2**bombs``, times
    ``spring_multiplier`` for a spring; each other seat pays the landlord the stake
    when he wins, and he pays each of them when he loses. ``"win_loss"`` (D9.3): 1 to
    each winner, 0 to each loser. ``"douzero"`` (D9.4): the landlord gets ``r`` on a
    win and ``-r`` on a loss, each other seat the opposite, with ``r`` 1, ``2**bombs``
    or ``bombs + 1`` (``douzero_objective`` "wp", "adp", "logadp"). ``"none"``: 0.

    >>> rules = Rules.preset("doudizhu")        # DE11: bid 3, a bomb and the rocket, a spring
    >>> landlord_scores(rules, landlord=0, winner=0, base=3, bombs=2, spring=True)
    (48, -24, -24)
    >>> landlord_scores(Rules.preset("douzero"), landlord=0, winner=0, base=1, bombs=2, spring=True)
    (4, -4, -4)
    >>> landlord_scores(Rules.preset("rlcard"), landlord=0, winner=0, base=1, bombs=2, spring=True)
    (1, 0, 0)
    """
    seats = rules.players
    won = winner == landlord
    if rules.scoring == "win_loss":
        return tuple(int((seat == landlord) == won) for seat in range(seats))
    if rules.scoring == "multiplier":
        stake = base * 2**bombs * ((rules.spring_multiplier or 2) if spring else 1)
    elif rules.scoring == "douzero":  # (not zero-sum: the landlord gets r, each other -r)
        objective = rules.douzero_objective or "adp"
        r = 1 if objective == "wp" else 2**bombs if objective == "adp" else bombs + 1
        return tuple((r if won else -r) * (1 if seat == landlord else -1) for seat in range(seats))
    else:
        return (0,) * seats
    each = stake if won else -stake
    return tuple(each * (seats - 1) if seat == landlord else -each for seat in range(seats))


def _check_hand(
    rules: Rules, finishing_order: object, cards_left: object, played: object
) -> None:
    """R7: a hand's facts fit the table: every seat once in the order, a card count
    (at most the deck) and a played flag for each seat."""
    players, deck = rules.players, rules.deck_size
    try:
        order, left, flags = list(finishing_order), list(cards_left), list(played)  # type: ignore[call-overload]
    except TypeError:
        order = left = flags = []
    if (
        sorted(order) != list(range(players))
        or len(left) != players
        or len(flags) != players
        or not all(type(count) is int and 0 <= count <= deck for count in left)
        or not all(isinstance(flag, bool) for flag in flags)
    ):
        raise WrongTypeError(
            f"score_hand needs every seat 0..{players - 1} once in finishing_order, and a card"
            " count (0 to the deck's size) and a played flag for each seat (R7)",
            argument="finishing_order",
            rule="R7",
        )


def match_over(rules: Rules, totals: Sequence[int]) -> bool:
    """Whether a match with running ``totals`` has ended (R7.4): some total reached
    ``target_score``. Without a target the caller decides when to stop.

    >>> match_over(Rules(scoring="placement", target_score=11), (11, 4, 3, 0))
    True
    >>> match_over(Rules(), (300, -100, -100, -100))
    False
    """
    target = rules.target_score
    return target is not None and max(totals) >= target


@attrs.frozen(repr=False)
class HandResult:
    """What a finished hand decided (R6, R7): the finishing order, the Winner and
    the Loser, the cards each seat held when the Winner went out, whether each
    seat had played a card to a trick by that moment (``played``, R7.1: later
    plays do not count), and the scores.

    >>> result = HandResult(finishing_order=(1, 0, 2), cards_left=(4, 0, 9),
    ...                     played=(True, True, False), scores=(-4, 31, -27))
    >>> result.winner, result.loser
    (1, 2)
    """

    finishing_order: tuple[int, ...]
    cards_left: tuple[int, ...]
    played: tuple[bool, ...]
    scores: tuple[int, ...]
    #: The landlord of a game with one (D4), -1 otherwise or when the hand was thrown in.
    landlord: int = -1
    #: What the stake was multiplied by: 2 a bomb or rocket, and the spring's (D9.1, D9.2).
    multiplier: int = 1

    def __repr__(self) -> str:
        # The fields of a game with a landlord show only there (a Zheng Shangyou
        # hand's result reads as it always has).
        landlord = f", landlord={self.landlord}, multiplier={self.multiplier}" if self.landlord >= 0 else ""
        return (
            f"HandResult(finishing_order={self.finishing_order!r}, cards_left={self.cards_left!r},"
            f" played={self.played!r}, scores={self.scores!r}{landlord})"
        )

    @property
    def thrown_in(self) -> bool:
        """Whether the hand was thrown in because nobody bid (D3.3): nobody went out,
        every score is 0, and the Winner and the Loser are -1.

        >>> HandResult((), (17, 17, 17), (False,) * 3, (0, 0, 0)).thrown_in
        True
        """
        return not self.finishing_order

    @property
    def won_at_the_deal(self) -> bool:
        """Whether the hand was won before any play, an instant win (T6.2): it has a
        Winner, and nobody played a card (any other Winner went out by playing).

        >>> HandResult((1, 0, 2, 3), (0, 13, 13, 13), (False,) * 4, (12, -4, -4, -4)).won_at_the_deal
        True
        >>> HandResult((), (17, 17, 17), (False,) * 3, (0, 0, 0)).won_at_the_deal   # thrown in
        False
        """
        return bool(self.finishing_order) and not any(self.played)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the hand: the Winner, with his side in a game with a
        landlord (D4.2, D8.1); none when the hand was thrown in.

        >>> HandResult((1, 0, 2), (0, 3, 5), (True,) * 3, (-1, 2, -1), landlord=1).winners
        (1,)
        >>> HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (1, -2, 1), landlord=1).winners
        (0, 2)
        """
        if self.thrown_in:
            return ()
        winner = self.finishing_order[0]
        if self.landlord < 0 or winner == self.landlord:
            return (winner,)
        return tuple(seat for seat in range(len(self.scores)) if seat != self.landlord)

    @property
    def winner(self) -> int:
        """The first seat out, 上游 (R6.1); -1 when the hand was thrown in (D3.3).

        >>> HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (-3, -5, 8)).winner
        2
        """
        return self.finishing_order[0] if self.finishing_order else -1

    @property
    def loser(self) -> int:
        """The last seat in the finishing order, 下游 (R6.1, R6.2); -1 when the hand was
        thrown in (D3.3).

        >>> HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (-3, -5, 8)).loser
        1
        """
        return self.finishing_order[-1] if self.finishing_order else -1
