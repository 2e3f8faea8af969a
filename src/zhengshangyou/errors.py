"""The exception family.

Every error the library raises on bad input is a :class:`ZhengShangyouError`,
which is a :class:`ValueError`. Each carries the id of the rule it enforces
(``rule``, for example ``"R3.7"``), so that a referee tool can quote it; ``rule``
is None only for the few errors that enforce no rule of the game (``Game.undo``
with nothing to undo, an unknown name of a view of the legal plays). A
value of the wrong Python type (``None`` where cards are expected, text where a
seat number is) raises :class:`WrongTypeError`, which is both a
:class:`ZhengShangyouError` and a :class:`TypeError`, so that either convention
catches it.

Every class can also be built from a message alone, as ``type(error)(str(error))``
(Gymnasium re-raises an environment's constructor errors that way): the extra
attributes are then empty.

>>> from zhengshangyou import parse_cards, NotationError
>>> try:
...     parse_cards("3D 1H")
... except NotationError as error:
...     print(error.token, error.rule)
1H R1.4
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "AmbiguousPlayError",
    "CardsNotHeldError",
    "IllegalMoveError",
    "ImpossibleCardsError",
    "InvalidCombinationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidSetupError",
    "NotationError",
    "WrongTypeError",
    "ZhengShangyouError",
]


class ZhengShangyouError(ValueError):
    """Root of the library's errors; ``rule`` names the rule id enforced.

    >>> error = ZhengShangyouError("no such thing", rule="R1.4")
    >>> isinstance(error, ValueError), error.rule
    (True, 'R1.4')
    """

    def __init__(self, message: str, *, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class NotationError(ZhengShangyouError):
    """Text that is not a card in the library's notation (R1.4).

    ``token`` is the offending piece of text (empty when the error was built from a
    message alone).

    >>> NotationError("bad card", token="3X").token
    '3X'
    """

    def __init__(self, message: str, *, token: str = "", rule: str = "R1.4") -> None:
        super().__init__(message, rule=rule)
        self.token = token


class InvalidRulesError(ZhengShangyouError):
    """A rule set whose options contradict each other (R10).

    ``options`` names the clashing options (empty when the error was built from a
    message alone).

    >>> InvalidRulesError("clash", options=("revolution", "four_of_a_kind")).options
    ('revolution', 'four_of_a_kind')
    """

    def __init__(
        self, message: str, *, options: Sequence[str] = (), rule: str = "R10"
    ) -> None:
        super().__init__(message, rule=rule)
        self.options = tuple(options)


class ImpossibleCardsError(ZhengShangyouError):
    """Cards that no deck of the rules holds: more copies of a card than there are decks (R1.3a).

    ``card`` is the card held too often (empty when the error was built from a message
    alone).

    >>> error = ImpossibleCardsError("3D twice with one deck", card="3D")
    >>> error.card, error.rule
    ('3D', 'R1.3')
    """

    def __init__(self, message: str, *, card: str = "", rule: str = "R1.3") -> None:
        super().__init__(message, rule=rule)
        self.card = card


class InvalidCombinationError(ZhengShangyouError):
    """Cards that form no combination under the rules in force (R3).

    >>> InvalidCombinationError("a straight needs 5 cards", rule="R3.7").rule
    'R3.7'
    """


class InvalidSetupError(ZhengShangyouError):
    """A game that cannot be set up as asked, or a seat that is not at the table (R2):
    a seed out of range, a dealer or seat outside the table, a given deal that could
    not have been dealt (R2.2a).

    >>> InvalidSetupError("no seat 7 to deal (R2.1)", rule="R2.1").rule
    'R2.1'
    """


class IllegalMoveError(ZhengShangyouError):
    """A move that the game does not allow now (wrong turn, does not beat, ...).

    >>> IllegalMoveError("the leader may not pass", rule="R5.1").rule
    'R5.1'
    """


class CardsNotHeldError(IllegalMoveError):
    """Cards removed from a hand (or played) that the hand does not hold.

    >>> CardsNotHeldError("3D is not held").rule
    'R3'
    """

    def __init__(self, message: str, *, rule: str = "R3") -> None:
        super().__init__(message, rule=rule)


class AmbiguousPlayError(IllegalMoveError):
    """Cards with several legal readings: the player must declare one (R3.16).

    ``readings`` lists the possible plays (empty when the error was built from a message
    alone).

    >>> AmbiguousPlayError("declare a kind", readings=()).rule
    'R3.16'
    """

    def __init__(
        self, message: str, *, readings: Sequence[object] = (), rule: str = "R3.16"
    ) -> None:
        super().__init__(message, rule=rule)
        self.readings = tuple(readings)


class InvalidRecordError(ZhengShangyouError):
    """A game record that cannot be read or replayed.

    ``index`` is the position of the offending action, when there is one.

    >>> InvalidRecordError("bad action", index=3, rule="R4.1").index
    3
    """

    def __init__(
        self, message: str, *, index: int | None = None, rule: str | None = None
    ) -> None:
        super().__init__(message, rule=rule)
        self.index = index


class WrongTypeError(ZhengShangyouError, TypeError):
    """A value of the wrong Python type handed to the library.

    ``argument`` names the parameter (or option) that received it (empty when the
    error was built from a message alone). It is a
    :class:`ZhengShangyouError` (so a :class:`ValueError`) and a
    :class:`TypeError` at once.

    >>> error = WrongTypeError("seat must be an int, not 'str'", argument="seat")
    >>> isinstance(error, ValueError), isinstance(error, TypeError), error.argument
    (True, True, 'seat')
    """

    def __init__(self, message: str, *, argument: str = "", rule: str | None = None) -> None:
        super().__init__(message, rule=rule)
        self.argument = argument


def _type_name(value: object) -> str:
    """The name of ``value``'s type, for messages: ``'NoneType'``, ``'list'``."""
    return type(value).__name__


def check_int(value: object, argument: str, *, rule: str | None = None) -> int:
    """``value`` if it is an ``int`` (not a ``bool``); otherwise a :class:`WrongTypeError`.

    >>> check_int(3, "seat")
    3
    >>> check_int("0", "seat")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.WrongTypeError: seat must be an int, not str ('0')
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise WrongTypeError(
            f"{argument} must be an int, not {_type_name(value)} ({brief_repr(value)})",
            argument=argument,
            rule=rule,
        )
    return value


def brief_repr(value: object, limit: int = 40) -> str:
    """A repr of ``value`` cut to ``limit`` characters, for messages about bad input.

    Huge inputs stay readable, and an int too long for ``repr`` is described.

    >>> brief_repr("[" * 100)
    "'[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[..."
    >>> brief_repr(10**5000)
    'an int of 16610 bits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # nested too deep, an int too long to print, or a __repr__ that raises
        text = f"<a {_type_name(value)}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
