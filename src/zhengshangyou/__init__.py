"""zhengshangyou: the rules of Zheng Shangyou (争上游, "Winner"), typed and tested.

>>> from zhengshangyou import Rules, Play, beats
>>> rules = Rules()
>>> beats(Play.parse("2D 2C", rules), Play.parse("AD AS", rules))
True
"""

from zhengshangyou.cards import Card, Rank, Suit, format_cards, make_deck, parse_cards
from zhengshangyou.errors import (
    AmbiguousPlayError,
    CardsNotHeldError,
    IllegalMoveError,
    InvalidCombinationError,
    InvalidRecordError,
    InvalidRulesError,
    NotationError,
    ZhengShangyouError,
)
from zhengshangyou.hand import Hand
from zhengshangyou.plays import Kind, Play, beats, classify, classify_all
from zhengshangyou.rules import PRESETS, Rules

__version__ = "0.1.0.dev0"

__all__ = [
    "PRESETS",
    "AmbiguousPlayError",
    "Card",
    "CardsNotHeldError",
    "Hand",
    "IllegalMoveError",
    "InvalidCombinationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "Kind",
    "NotationError",
    "Play",
    "Rank",
    "Rules",
    "Suit",
    "ZhengShangyouError",
    "__version__",
    "beats",
    "classify",
    "classify_all",
    "format_cards",
    "make_deck",
    "parse_cards",
]
