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

from zhengshangyou.errors import WrongTypeError
from zhengshangyou.rules import Rules, check_rules

__all__ = ["HandResult", "match_over", "penalty", "score_hand"]


def penalty(rules: Rules, cards_left: int, *, played: bool) -> int:
    """What a player left with ``cards_left`` cards loses under ``scoring="cards_left"`` (R7.1).

    One point a card; twice that from the doubling threshold on (or the
    3-player tiers); three times when the player had played no card to a trick
    this hand by the moment the Winner went out.

    >>> rules = Rules()
    >>> penalty(rules, 3, played=True), penalty(rules, 11, played=True), penalty(rules, 14, played=False)
    (3, 22, 42)
    """
    if cards_left <= 0:
        return 0
    multiplier = 3 if not played else rules.penalty_multiplier(cards_left)
    return cards_left * multiplier


def score_hand(
    rules: Rules,
    *,
    finishing_order: Sequence[int],
    cards_left: Sequence[int],
    played: Sequence[bool],
) -> tuple[int, ...]:
    """Each seat's score for one hand (R7.1–R7.3); zero-sum under ``cards_left``.

    ``finishing_order`` lists every seat, the Winner first; ``cards_left[s]`` is
    what seat ``s`` held when the Winner went out; ``played[s]`` whether seat
    ``s`` had played any card to a trick this hand by that moment (what it plays
    later does not count, R7.1).

    >>> score_hand(Rules(scoring="placement"), finishing_order=(2, 0, 1, 3),
    ...            cards_left=(1, 5, 0, 7), played=(True,) * 4)
    (1, 0, 2, 0)
    >>> score_hand(Rules(scoring="none"), finishing_order=(2, 0, 1, 3),
    ...            cards_left=(1, 5, 0, 7), played=(True,) * 4)
    (0, 0, 0, 0)
    """
    _check_hand(check_rules(rules), finishing_order, cards_left, played)
    seats = len(cards_left)
    scores = [0] * seats
    if rules.scoring == "cards_left":
        winner = finishing_order[0]
        for seat in range(seats):
            if seat != winner:
                loss = penalty(rules, cards_left[seat], played=played[seat])
                scores[seat] -= loss
                scores[winner] += loss
    elif rules.scoring == "placement":
        scores[finishing_order[0]] += 2
        if seats > 1:
            scores[finishing_order[1]] += 1
    return tuple(scores)


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


@attrs.frozen
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

    @property
    def winner(self) -> int:
        """The first seat out, 上游 (R6.1).

        >>> HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (-3, -5, 8)).winner
        2
        """
        return self.finishing_order[0]

    @property
    def loser(self) -> int:
        """The last seat in the finishing order, 下游 (R6.1, R6.2).

        >>> HandResult((2, 0, 1), (3, 5, 0), (True,) * 3, (-3, -5, 8)).loser
        1
        """
        return self.finishing_order[-1]
