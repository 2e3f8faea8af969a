"""zhengshangyou: the rules of Zheng Shangyou (争上游, "Winner"), typed and tested.

>>> from zhengshangyou import Rules, Play, beats
>>> rules = Rules()
>>> beats(Play.parse("2D 2C", rules), Play.parse("AD AS", rules))
True
"""

from zhengshangyou.actions import PASS, Give, Move, Offer, Pass, Return, Take
from zhengshangyou.actionspace import ActionSpace
from zhengshangyou.cards import Card, Rank, Suit, format_cards, make_deck, parse_cards
from zhengshangyou.compiled import compiled_modules
from zhengshangyou.errors import (
    AmbiguousPlayError,
    CardsNotHeldError,
    IllegalMoveError,
    ImpossibleCardsError,
    InvalidCombinationError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidSetupError,
    NotationError,
    WrongTypeError,
    ZhengShangyouError,
)
from zhengshangyou.exchange import ExchangeState, ExchangeStep
from zhengshangyou.game import (
    Action,
    Deal,
    Game,
    HandState,
    LegalMoves,
    Match,
    Observation,
    Phase,
    State,
    Trick,
    deal_cards,
)
from zhengshangyou.hand import Hand
from zhengshangyou.moves import LegalPlays, legal_plays
from zhengshangyou.plays import Kind, Play, beats, classify, classify_all
from zhengshangyou.rankplays import RankPlay, RankPlays, rank_plays
from zhengshangyou.record import Record, RefereeReport, referee
from zhengshangyou.rules import PRESETS, Rules
from zhengshangyou.scoring import HandResult, score_hand
from zhengshangyou.search import ISMCTSBot, MonteCarloBot
from zhengshangyou.tournament import TournamentResult, tournament
from zhengshangyou.worlds import sample_world

__version__ = "0.1.0"

__all__ = [
    "PASS",
    "PRESETS",
    "Action",
    "ActionSpace",
    "AmbiguousPlayError",
    "Card",
    "CardsNotHeldError",
    "Deal",
    "ExchangeState",
    "ExchangeStep",
    "Game",
    "Give",
    "Hand",
    "HandResult",
    "HandState",
    "ISMCTSBot",
    "IllegalMoveError",
    "ImpossibleCardsError",
    "InvalidCombinationError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidSetupError",
    "Kind",
    "LegalMoves",
    "LegalPlays",
    "Match",
    "MonteCarloBot",
    "Move",
    "NotationError",
    "Observation",
    "Offer",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "RankPlay",
    "RankPlays",
    "Record",
    "RefereeReport",
    "Return",
    "Rules",
    "State",
    "Suit",
    "Take",
    "TournamentResult",
    "Trick",
    "WrongTypeError",
    "ZhengShangyouError",
    "__version__",
    "beats",
    "classify",
    "classify_all",
    "compiled_modules",
    "deal_cards",
    "format_cards",
    "legal_plays",
    "make_deck",
    "parse_cards",
    "rank_plays",
    "referee",
    "sample_world",
    "score_hand",
    "tournament",
]
