"""Rules: every rule variant as a keyword option of one frozen object, and the presets.

``Rules()`` is the default preset, ``"zhengshangyou"`` (RULES.md section 9).
Options are keyword-only, checked on construction, and a contradictory set is
refused with an :class:`~zhengshangyou.errors.InvalidRulesError` naming the
clashing options (R10).

>>> rules = Rules.preset("winner", exchange="highest_for_one_of_two")
>>> rules.min_straight, rules.exchange
(3, 'highest_for_one_of_two')
>>> Rules() == Rules.preset("zhengshangyou")
True
>>> Rules(revolution=True)
Traceback (most recent call last):
...
zhengshangyou.errors.InvalidRulesError: revolution requires four_of_a_kind='plain', not 'bomb' (R4.8, R10)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Literal, TypeVar, cast, get_args

import attrs

from zhengshangyou.cards import Card, Rank, Suit, make_deck
from zhengshangyou.errors import InvalidRulesError, NotationError, WrongTypeError, brief_repr

__all__ = [
    "PRESETS",
    "PRESET_GAMES",
    "AirplaneWings",
    "BombOrder",
    "Chops",
    "End",
    "Exchange",
    "FirstLead",
    "FlushOrder",
    "FourOfAKind",
    "GameName",
    "InstantWins",
    "KickerRepeat",
    "LaterLead",
    "NextDealer",
    "OptionHelp",
    "PokerBombs",
    "Rules",
    "RulesCache",
    "RunOrder",
    "Scoring",
    "StraightFlush",
    "StraightRanking",
    "Straights",
    "ThreePlayerDeal",
    "option_help",
]

FirstLead = Literal["start_card", "trick_card", "dealer", "landlord"]
LaterLead = Literal["loser", "winner", "start_card", "landlord"]
NextDealer = Literal["loser", "winner", "rotate"]
FourOfAKind = Literal["plain", "bomb", "bomb_with_kicker"]
RunOrder = Literal["no_two", "two_low", "two_high", "either_end"]
StraightRanking = Literal["top_card", "wheels_high"]
StraightFlush = Literal["none", "distinct", "beats_straights", "bomb"]
AirplaneWings = Literal["none", "singles", "pairs", "singles_or_pairs"]
KickerRepeat = Literal["distinct", "up_to_3", "any"]
BombOrder = Literal["size_then_rank", "rank_only"]
End = Literal["one_left", "first_out"]
Scoring = Literal[
    "cards_left", "placement", "none", "multiplier", "win_loss", "douzero", "last_pays", "placement_payments"
]
Exchange = Literal["none", "highest_for_one_of_two", "highest_for_any"]
Teams = Literal["none", "landlord"]
Auction = Literal["none", "bid", "call_rob"]
BidRounds = Literal["once", "until_two_passes"]
FirstBidder = Literal["face_up_card", "rotate", "random"]
AllPass = Literal["redeal", "void"]
DouzeroObjective = Literal["wp", "adp", "logadp"]
ThreePlayerDeal = Literal["17_each"]
InstantWins = Literal["none", "south", "all"]

_Validator = Any

#: A run holds each rank at most once, so no run has more than 13 ranks (R3.15, R10).
_RANKS_IN_A_RUN = 13
#: Library ruling: the largest card count and multiplier of a penalty tier (R7.1), and
#: the largest target score (R7.4). Scores stay small numbers that every record can hold.
_TIER_LIMIT = 1000
_TARGET_LIMIT = 1_000_000


def _choice(choices: Any) -> _Validator:
    allowed = get_args(choices)

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        # Compared as text (str.__eq__), never by the value's own ``__eq__``: an object
        # that claims to equal everything is no option value (and is not stored).
        if type(value) is not str or value not in allowed:
            raise InvalidRulesError(
                f"{attribute.name} must be one of {', '.join(map(repr, allowed))}, not {brief_repr(value)}",
                options=(attribute.name,),
            )

    return check


def _choice_or_none(choices: Any) -> _Validator:
    check = _choice(choices)

    def check_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            check(instance, attribute, value)

    return check_or_none


def _flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise InvalidRulesError(
            f"{attribute.name} must be True or False, not {brief_repr(value)}", options=(attribute.name,)
        )


def _flag_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _flag(instance, attribute, value)


def _at_least(low: int, high: int | None = None) -> _Validator:
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if (
            type(value) is not int  # an int, not a bool or another int subclass (an IntEnum)
            or value < low
            or (high is not None and value > high)
        ):
            span = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise InvalidRulesError(
                f"{attribute.name} must be a whole number {span}, not {brief_repr(value)}",
                options=(attribute.name,),
            )

    return check


def _at_least_or_none(low: int, high: int) -> _Validator:
    check = _at_least(low, high)

    def check_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None:
            check(instance, attribute, value)

    return check_or_none


def _to_suit_order(value: object) -> tuple[Suit, ...] | None:
    if value is None:
        return None
    items = [letter for letter in value if not letter.isspace()] if isinstance(value, str) else value
    try:
        # Four suits are wanted: a fifth item is enough to refuse, and an endless
        # iterator is never drained.
        listed = list(itertools.islice(cast(Iterable[object], items), len(Suit) + 1))
        suits = tuple(item if isinstance(item, Suit) else Suit.parse(cast(str, item)) for item in listed)
    except Exception:  # a non-suit, not a list at all, or a value whose iteration raises
        suits = ()
    if sorted(suits) != list(Suit):
        raise InvalidRulesError(
            f"suit_order must list the four suits once each, low to high (as 'DCHS'), not {brief_repr(value)}",
            options=("suit_order",),
        )
    return suits


def _to_card(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if not isinstance(value, str):
        raise InvalidRulesError(
            f"start_card must be a card such as '3D', not {brief_repr(value)}", options=("start_card",)
        )
    try:
        return Card.parse(value)
    except NotationError as error:
        raise InvalidRulesError(f"start_card: {error}", options=("start_card",)) from None


def _to_tiers(value: object) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    try:
        # Rising card counts from 1 to _TIER_LIMIT: more tiers than that are refused
        # without draining the rest (an endless iterator included).
        tiers = tuple(
            (low, times)
            for low, times in itertools.islice(cast(Iterable[Any], value), _TIER_LIMIT + 1)
        )
    except Exception:  # not pairs, or a value whose iteration raises
        tiers = ()
    if not all(type(part) is int for tier in tiers for part in tier):
        tiers = ()
    lows = [low for low, _ in tiers]
    if (
        not tiers
        or lows != sorted(set(lows))
        or any(not 1 <= low <= _TIER_LIMIT or not 1 <= times <= _TIER_LIMIT for low, times in tiers)
    ):
        raise InvalidRulesError(
            "penalty_tiers must be None or (min_cards, multiplier) pairs with rising "
            f"min_cards, both from 1 to {_TIER_LIMIT}, as ((10, 2),), not {brief_repr(value)}",
            options=("penalty_tiers",),
            rule="R7.1",
        )
    return tiers


def _to_target(value: object) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 1 <= value <= _TARGET_LIMIT:
        raise InvalidRulesError(
            f"target_score must be None or a whole number from 1 to {_TARGET_LIMIT}, not {brief_repr(value)}",
            options=("target_score",),
            rule="R7.4",
        )
    return value


#: Big Two's straights: their windows and their order (B3.4).
Straights = Literal["two_low", "two_high", "taiwan"]
#: How Big Two compares two flushes (B4.3).
FlushOrder = Literal["rank_first", "suit_first"]
#: Which of Big Two's five-card hands beat singles, pairs and triples (B4.4).
PokerBombs = Literal["none", "quads_sf"]
#: Which plays of Tiến Lên chop 2s (T4.2).
Chops = Literal["none", "pagat", "south", "quads_only"]


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """Every rule option of RULES.md, with its documented default (the ``zhengshangyou`` preset).

    The options are grouped as in RULES.md: table and deal (R1, R2), combinations
    (R3), comparison (R4), turns (R5), the end of a hand (R6), scoring (R7) and the
    exchange (R8). See the rules reference for each option's rule ids and sources.

    >>> rules = Rules(players=3, min_straight=3)
    >>> rules.players, rules.min_straight, rules.four_of_a_kind
    (3, 3, 'bomb')
    >>> Rules(min_straight=2)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidRulesError: min_straight must be a whole number from 3 to 13, not 2
    """

    # R1, R2: cards, table, deal and leads
    players: int = attrs.field(default=4, validator=_at_least(2, 8))
    decks: Literal[1, 2] = attrs.field(default=1, validator=_at_least(1, 2))
    jokers: bool = attrs.field(default=True, validator=_flag)
    suit_order: tuple[Suit, ...] | None = attrs.field(default=None, converter=_to_suit_order)
    first_lead: FirstLead = attrs.field(default="trick_card", validator=_choice(FirstLead))
    start_card: Card = attrs.field(default=Card(Rank.THREE, Suit.DIAMONDS), converter=_to_card)
    start_card_must_be_played: bool = attrs.field(default=False, validator=_flag)
    later_lead: LaterLead = attrs.field(default="loser", validator=_choice(LaterLead))
    next_dealer: NextDealer = attrs.field(default="loser", validator=_choice(NextDealer))
    # R3: combinations
    full_house: bool = attrs.field(default=True, validator=_flag)
    triple_with_single: bool = attrs.field(default=False, validator=_flag)
    four_of_a_kind: FourOfAKind = attrs.field(default="bomb", validator=_choice(FourOfAKind))
    min_straight: int = attrs.field(default=5, validator=_at_least(3, _RANKS_IN_A_RUN))
    min_pair_run: int = attrs.field(default=2, validator=_at_least(2, _RANKS_IN_A_RUN))
    min_triple_run: int = attrs.field(default=2, validator=_at_least(2, _RANKS_IN_A_RUN))
    straight_flush: StraightFlush = attrs.field(default="none", validator=_choice(StraightFlush))
    joker_bomb: bool = attrs.field(default=True, validator=_flag)
    joker_pairs: bool = attrs.field(default=False, validator=_flag)
    airplane_wings: AirplaneWings = attrs.field(default="none", validator=_choice(AirplaneWings))
    four_with_two: bool = attrs.field(default=False, validator=_flag)
    kicker_repeat: KickerRepeat = attrs.field(default="any", validator=_choice(KickerRepeat))
    rocket_in_kickers: bool = attrs.field(default=True, validator=_flag)
    wing_trio_adjacent: bool | None = attrs.field(default=None, validator=_flag_or_none)
    triple_bomb: bool = attrs.field(default=False, validator=_flag)
    run_order: RunOrder = attrs.field(default="two_low", validator=_choice(RunOrder))
    # R4: comparison
    straight_ranking: StraightRanking = attrs.field(
        default="wheels_high", validator=_choice(StraightRanking)
    )
    straights_by_suit: bool = attrs.field(default=False, validator=_flag)
    singles_by_suit: bool = attrs.field(default=False, validator=_flag)
    pairs_by_suit: bool = attrs.field(default=False, validator=_flag)
    bomb_order: BombOrder = attrs.field(default="size_then_rank", validator=_choice(BombOrder))
    revolution: bool = attrs.field(default=False, validator=_flag)
    # R5: turns
    must_beat: bool = attrs.field(default=False, validator=_flag)
    pass_locks_out: bool = attrs.field(default=False, validator=_flag)
    auto_restart: bool = attrs.field(default=False, validator=_flag)
    # R6, R7, R8: end of hand, scoring, exchange
    end: End = attrs.field(default="one_left", validator=_choice(End))
    scoring: Scoring = attrs.field(default="cards_left", validator=_choice(Scoring))
    penalty_tiers: tuple[tuple[int, int], ...] | None = attrs.field(
        default=None, converter=_to_tiers
    )
    target_score: int | None = attrs.field(default=None, converter=_to_target)
    exchange: Exchange = attrs.field(default="none", validator=_choice(Exchange))

    # Dou Dizhu (FAMILY.md part D): the landlord and his side, the kitty, the auction,
    # and the options of its scoring (D2-D4, D9)
    teams: Teams = attrs.field(default="none", validator=_choice(Teams))
    kitty: int = attrs.field(default=0, validator=_at_least(0, 12))
    kitty_public: bool | None = attrs.field(default=None, validator=_flag_or_none)
    auction: Auction = attrs.field(default="none", validator=_choice(Auction))
    bid_rounds: BidRounds | None = attrs.field(default=None, validator=_choice_or_none(BidRounds))
    first_bidder: FirstBidder | None = attrs.field(default=None, validator=_choice_or_none(FirstBidder))
    all_pass: AllPass | None = attrs.field(default=None, validator=_choice_or_none(AllPass))
    landlord_seat: int | None = attrs.field(default=None, validator=_at_least_or_none(0, 7))
    spring_multiplier: int | None = attrs.field(default=None, validator=_at_least_or_none(2, 3))
    douzero_objective: DouzeroObjective | None = attrs.field(
        default=None, validator=_choice_or_none(DouzeroObjective)
    )
    # FAMILY.md parts B and T: Big Two's and Tiến Lên's combinations and comparisons
    poker_hands: bool = attrs.field(default=False, validator=_flag)
    triples: bool = attrs.field(default=True, validator=_flag)
    two_pair: bool = attrs.field(default=False, validator=_flag)
    straights: Straights = attrs.field(default="two_low", validator=_choice(Straights))
    flush_order: FlushOrder = attrs.field(default="rank_first", validator=_choice(FlushOrder))
    bombs: PokerBombs = attrs.field(default="none", validator=_choice(PokerBombs))
    double_sequences: bool = attrs.field(default=True, validator=_flag)
    triple_runs: bool = attrs.field(default=True, validator=_flag)
    pair_runs_by_suit: bool = attrs.field(default=False, validator=_flag)
    chops: Chops = attrs.field(default="none", validator=_choice(Chops))
    # FAMILY.md B2, T2: deals that leave cards out (the game's flow, after the combinations).
    hand_size: int | None = attrs.field(default=None, validator=_at_least_or_none(1, 54))
    three_player_deal: ThreePlayerDeal | None = attrs.field(
        default=None, validator=_choice_or_none(ThreePlayerDeal)
    )
    # FAMILY.md B7, T7: Big Two's and Tiến Lên's scoring.
    untouched_triple: bool = attrs.field(default=True, validator=_flag)
    two_doubles: bool = attrs.field(default=False, validator=_flag)
    thoi_heo: bool = attrs.field(default=False, validator=_flag)
    cong: bool = attrs.field(default=False, validator=_flag)
    # FAMILY.md T5.2: a locked-out player may still chop.
    chop_after_pass: bool = attrs.field(default=False, validator=_flag)
    # FAMILY.md T6.2: hands that win at once (tới trắng).
    instant_wins: InstantWins = attrs.field(default="none", validator=_choice(InstantWins))

    def __new__(cls, /, **options: Any) -> Rules:
        # R10: an option name the library does not know is refused by name (the
        # generated ``__init__`` would raise a bare TypeError). ``__init__`` keeps
        # the typed signature that type checkers read.
        _check_names(options)
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        self._check_clashes()
        self._check_family_clashes()
        self._check_flow_clashes()

    def _check_clashes(self) -> None:
        """R10: refuse contradictory option sets, naming the options."""

        def clash(message: str, *options: str, rule: str) -> InvalidRulesError:
            return InvalidRulesError(f"{message} ({rule}, R10)", options=options)

        if self.revolution and self.four_of_a_kind != "plain":
            raise clash(
                f"revolution requires four_of_a_kind='plain', not {self.four_of_a_kind!r}",
                "revolution",
                "four_of_a_kind",
                rule="R4.8",
            )
        if self.wing_trio_adjacent and self.kicker_repeat == "distinct":
            raise clash(
                "wing_trio_adjacent=True needs solo wings that may repeat a rank three times"
                " (kicker_repeat='up_to_3' or 'any'), not kicker_repeat='distinct'",
                "wing_trio_adjacent",
                "kicker_repeat",
                rule="D5.15, D12",
            )
        if self.triple_bomb and self.decks != 1:
            raise clash("triple_bomb is a one-deck option", "triple_bomb", "decks", rule="R3.14")
        if self.joker_pairs and self.decks != 2:
            raise clash("joker_pairs needs decks=2", "joker_pairs", "decks", rule="R3.13")
        for option in ("joker_bomb", "joker_pairs"):
            if getattr(self, option) and not self.jokers:
                raise clash(f"{option} needs jokers=True", option, "jokers", rule="R3.12")
        if self.suit_order is None:
            for option in ("singles_by_suit", "pairs_by_suit", "straights_by_suit"):
                if getattr(self, option):
                    raise clash(
                        f"{option} needs a suit_order (suits never decide anything without one)",
                        option,
                        "suit_order",
                        rule="R1.2",
                    )
        if self.start_card.is_joker and not self.jokers:
            raise clash(
                f"start_card {self.start_card} is not in a deck without jokers",
                "start_card",
                "jokers",
                rule="R2.4",
            )
        if self.players > self.deck_size - self.kitty:
            raise clash(
                f"{self.players} players cannot each receive a card from {self.deck_size - self.kitty} cards",
                "players",
                "decks",
                "jokers",
                *(("kitty",) if self.kitty else ()),
                rule="R2.1",
            )
        self._check_landlord_clashes(clash)

    def _check_landlord_clashes(self, clash: Callable[..., InvalidRulesError]) -> None:
        """D12, R10: the options of a game with a landlord (teams, kitty, auction,
        scoring) hold only together."""
        landlord = self.teams == "landlord"
        for option in ("first_lead", "later_lead"):
            if (getattr(self, option) == "landlord") != landlord:
                raise clash(
                    f"{option}={getattr(self, option)!r} with teams={self.teams!r}: the landlord leads"
                    " every hand of a game with a landlord, and only there",
                    option,
                    "teams",
                    rule="D7.1",
                )
        if landlord:
            for option, wanted, rule in (("end", "first_out", "D8.1"), ("exchange", "none", "D4")):
                if getattr(self, option) != wanted:
                    raise clash(
                        f"teams='landlord' needs {option}={wanted!r}, not {getattr(self, option)!r}",
                        "teams",
                        option,
                        rule=rule,
                    )
            if self.scoring in ("cards_left", "placement"):
                raise clash(
                    f"scoring={self.scoring!r} scores seats one by one; with teams='landlord' use"
                    " 'multiplier', 'win_loss', 'douzero' or 'none'",
                    "scoring",
                    "teams",
                    rule="D9",
                )
        else:
            # (each option against its own unset value: landlord_seat=0 names a landlord too)
            for option, rule, unset in (("kitty", "D4.1", 0), ("auction", "D3", "none"), ("landlord_seat", "D3.5", None)):
                if getattr(self, option) != unset:
                    raise clash(f"{option} needs teams='landlord'", option, "teams", rule=rule)
            if self.scoring in ("multiplier", "douzero"):
                raise clash(
                    f"scoring={self.scoring!r} needs teams='landlord'", "scoring", "teams", rule="D9"
                )
        for dependent in _DEPENDENT:
            option, other = dependent.option, dependent.other
            if getattr(self, option) is not None and not dependent.applies(getattr(self, other)):
                raise clash(
                    f"{option} does not apply with {other}={getattr(self, other)!r}", option, other,
                    rule=dependent.rule + ", D12",
                )
        if self.landlord_seat is not None and self.landlord_seat >= self.players:
            raise clash(
                f"landlord_seat must be a seat 0..{self.players - 1}, not {self.landlord_seat}",
                "landlord_seat",
                "players",
                rule="D3.5, D12",
            )

    def _check_family_clashes(self) -> None:
        """R10, B9, T9: refuse contradictory options of Big Two's and Tiến Lên's
        combinations, naming them."""

        def clash(message: str, *options: str, rule: str) -> InvalidRulesError:
            return InvalidRulesError(f"{message} ({rule}, R10)", options=options)

        if self.poker_hands:
            if self.jokers or self.decks != 1:
                raise clash(
                    "poker_hands (Big Two's five-card hands) needs one deck without jokers"
                    " (decks=1, jokers=False)",
                    "poker_hands", "decks" if self.decks != 1 else "jokers",
                    rule="B1.1",
                )
            if self.suit_order is None:  # (a card compares by rank, then by suit, B1.1)
                raise clash(
                    "poker_hands (Big Two's five-card hands) needs a suit_order, such as 'DCHS'",
                    "poker_hands", "suit_order",
                    rule="B1.1, B1.2",
                )
            for option in _RUN_OPTIONS:
                if getattr(self, option) != _DEFAULTS[option]:
                    raise clash(
                        f"{option} does not apply under poker_hands=True (Big Two's plays are"
                        " B3's: singles, pairs, triples and the five-card hands), so it must"
                        f" keep its default {_DEFAULTS[option]!r}",
                        option, "poker_hands",
                        rule="B3",
                    )
        else:
            for option in _POKER_OPTIONS:
                if getattr(self, option) != _DEFAULTS[option]:
                    raise clash(
                        f"{option}={getattr(self, option)!r} needs poker_hands=True"
                        " (Big Two's five-card hands)",
                        option, "poker_hands",
                        rule="B3",
                    )
        if not self.triples and self.triple_bomb:
            raise clash(
                "triple_bomb needs triples=True (a triple bomb is a triple)",
                "triple_bomb", "triples", rule="B3.1",
            )
        if self.pair_runs_by_suit and self.suit_order is None:
            raise clash(
                "pair_runs_by_suit needs a suit_order (suits never decide anything without one)",
                "pair_runs_by_suit", "suit_order", rule="R1.2",
            )
        if self.chops != "none":
            if self.four_of_a_kind != "plain" or self.revolution:
                option = "revolution" if self.revolution else "four_of_a_kind"
                raise clash(
                    f"chops={self.chops!r} needs four_of_a_kind='plain' and no revolution"
                    " (a chop is a plain four of a kind or pair run that beats 2s)",
                    "chops", option, rule="T4.2",
                )
            if self.chops in ("pagat", "south") and (
                not self.double_sequences or self.min_pair_run > 3
            ):
                option = "double_sequences" if not self.double_sequences else "min_pair_run"
                raise clash(
                    f"chops={self.chops!r} chops with double sequences of 3 pairs, which need"
                    " double_sequences=True and min_pair_run of at most 3",
                    "chops", option, rule="T4.2, T9",
                )

    def _check_flow_clashes(self) -> None:
        """B9, T9, R10: refuse contradictory deal options of Big Two and Tiến Lên,
        naming them."""

        def clash(message: str, *options: str, rule: str) -> InvalidRulesError:
            return InvalidRulesError(f"{message} ({rule}, R10)", options=options)

        self._check_deal_clashes(clash)
        for option, scoring, rule in (
            ("two_doubles", "cards_left", "B7.1, B9"),
            ("thoi_heo", "placement_payments", "T7.2, T9"),
            ("cong", "placement_payments", "T7.2, T9"),
        ):
            if getattr(self, option) and self.scoring != scoring:
                raise clash(f"{option} needs scoring={scoring!r}, not {self.scoring!r}", option, "scoring", rule=rule)
        if not self.untouched_triple and self.scoring != "cards_left":
            raise clash(
                f"untouched_triple=False needs scoring='cards_left', not {self.scoring!r}",
                "untouched_triple", "scoring", rule="B7.1, B9",
            )
        if self.teams == "landlord" and self.scoring in ("last_pays", "placement_payments"):
            raise clash(
                f"scoring={self.scoring!r} scores seats one by one; with teams='landlord' use"
                " 'multiplier', 'win_loss', 'douzero' or 'none'",
                "scoring", "teams", rule="D9, T7",
            )
        if self.chop_after_pass and (not self.pass_locks_out or self.chops == "none"):
            option = "pass_locks_out" if not self.pass_locks_out else "chops"
            raise clash(
                "chop_after_pass lets a player locked out by a pass chop: it needs pass_locks_out=True"
                " and chops other than 'none'",
                "chop_after_pass", option, rule="T5.2, T9",
            )
        self._check_instant_wins_clashes(clash)

    def _check_deal_clashes(self, clash: Callable[..., InvalidRulesError]) -> None:
        """B2.1, T2.1: the deal options of Big Two and Tiến Lên hold together."""
        if self.hand_size is not None:
            if self.teams == "landlord":
                raise clash("hand_size does not apply with teams='landlord' (D2.2 deals 17 and a kitty)",
                            "hand_size", "teams", rule="D2.2, B9")
            if self.poker_hands and (self.players != 2 or self.hand_size not in (13, 17, 21)):
                option = "players" if self.players != 2 else "hand_size"
                raise clash(
                    f"under poker_hands (Big Two) hand_size is 13, 17 or 21 with 2 players, not"
                    f" {self.hand_size} with {self.players}",
                    "hand_size", option, rule="B2.1, B9",
                )
            if self.hand_size * self.players > self.deck_size:
                raise clash(
                    f"hand_size={self.hand_size} for {self.players} players needs more than the {self.deck_size} cards",
                    "hand_size", "players", rule="T2.1, R2.1",
                )
        if self.three_player_deal is not None:
            if self.players != 3:
                raise clash(f"three_player_deal needs players=3, not {self.players}",
                            "three_player_deal", "players", rule="T2.1, T9")
            if self.hand_size is None or self.poker_hands:
                raise clash(
                    "three_player_deal needs a deal of hand_size cards each, leaving cards out (Tiến Lên's"
                    " deal, not poker_hands)",
                    "three_player_deal", "poker_hands" if self.poker_hands else "hand_size",
                    rule="T2.1, T9",
                )

    def _check_instant_wins_clashes(self, clash: Callable[..., InvalidRulesError]) -> None:
        """T6.2: instant wins are Tiến Lên's, scored by its payments or not at all."""
        if self.instant_wins != "none":
            if self.hand_size != 13:  # (library ruling: longer hands would hold one almost always)
                raise clash(
                    f"instant_wins are judged on Tiến Lên's hands of 13 cards: they need hand_size=13,"
                    f" not {self.hand_size!r}",
                    "instant_wins", "hand_size", rule="T6.2, T2.1, T9",
                )
            if self.scoring not in ("placement_payments", "none"):
                raise clash(
                    f"instant_wins needs scoring 'placement_payments' (4 from each other player) or"
                    f" 'none', not {self.scoring!r}",
                    "instant_wins", "scoring", rule="T6.2, T7.2, T9",
                )
            if self.poker_hands or self.jokers or self.decks != 1 or self.teams != "none":
                option = next(
                    name for name, bad in (
                        ("poker_hands", self.poker_hands), ("jokers", self.jokers), ("decks", self.decks != 1),
                        ("teams", self.teams != "none"),
                    ) if bad
                )
                raise clash(
                    "instant_wins are Tiến Lên's hands: one deck without jokers, no poker_hands, no landlord",
                    "instant_wins", option, rule="T6.2, T9",
                )

    @property
    def cards_each(self) -> int | None:
        """How many cards each seat is dealt when the deal leaves cards out (B2.1, T2.1),
        or None when the whole deck is dealt (R2.2): ``three_player_deal="17_each"`` 17;
        ``hand_size``; Big Two (``poker_hands``) with two players 13 (**library ruling**).

        >>> Rules().cards_each, Rules.preset("tien-len").cards_each, Rules.preset("big-two", players=2).cards_each
        (None, 13, 13)
        >>> Rules.preset("tien-len", players=3, three_player_deal="17_each").cards_each
        17
        """
        if self.three_player_deal == "17_each":
            return 17
        if self.hand_size is not None:
            return self.hand_size
        if self.poker_hands and self.players == 2:
            return 13
        return None

    @property
    def odd_card_face_up(self) -> bool:
        """Whether the deal gives 17 cards each and the 52nd face up to the start card's
        holder (or, if it is the start card, to the holder of the next-lowest card): Big
        Two with three players (B2.1, BE10).

        >>> Rules.preset("big-two", players=3).odd_card_face_up, Rules.preset("big-two").odd_card_face_up
        (True, False)
        """
        return self.poker_hands and self.players == 3 and self.cards_each is None and not self.kitty

    @property
    def deck_size(self) -> int:
        """The number of cards dealt: 52 or 54 per deck (R1.3).

        >>> Rules().deck_size, Rules(jokers=False, joker_bomb=False).deck_size, Rules.preset("two-deck").deck_size
        (54, 52, 108)
        """
        return self.decks * (54 if self.jokers else 52)

    def deck(self) -> tuple[Card, ...]:
        """Every card in play under these rules, sorted (R1.3).

        >>> len(Rules.preset("two-deck").deck())
        108
        """
        return make_deck(self.decks, jokers=self.jokers)

    @property
    def kitty_shown(self) -> bool:
        """Whether the kitty's cards show to every seat once the landlord takes them
        (D4.1): ``kitty_public``, True when unset.

        >>> Rules.preset("doudizhu").kitty_shown, Rules.preset("openspiel").kitty_shown
        (True, False)
        """
        return self.kitty_public is not False

    @property
    def first_card_shown(self) -> bool:
        """Whether a dealt card is turned face up at every deal to choose the first
        bidder (D2.3: ``first_bidder="face_up_card"``, the default of an auction).

        >>> Rules.preset("doudizhu").first_card_shown, Rules().first_card_shown
        (True, False)
        """
        return self.auction != "none" and self.first_bidder in (None, "face_up_card")

    @property
    def adjacent_wing_trios(self) -> bool:
        """Whether three solo wings of the rank next to an airplane's run are a wing
        reading (D5.15): ``wing_trio_adjacent``, or when it is None (unset), True under
        ``kicker_repeat="any"`` (the library's R3.19 ruling: 333444555 with 6-6-6 as
        wings) and False otherwise (D12, **library ruling**).

        >>> Rules().adjacent_wing_trios, Rules(kicker_repeat="up_to_3").adjacent_wing_trios
        (True, False)
        >>> Rules(kicker_repeat="any", wing_trio_adjacent=False).adjacent_wing_trios
        False
        """
        if self.wing_trio_adjacent is None:
            return self.kicker_repeat == "any"
        return self.wing_trio_adjacent

    @property
    def suits_matter(self) -> bool:
        """Whether any comparison looks at suits (R1.2, R4.3, R4.5; Big Two's five-card
        hands, B4.3; pair runs by suit, T4.1).

        Straight flushes make suits matter for reading plays, not for comparing
        cards of one rank; this property is about the comparison.

        >>> Rules().suits_matter, Rules.preset("winner").suits_matter
        (False, True)
        >>> Rules.preset("big-two", singles_by_suit=False, pairs_by_suit=False).suits_matter
        True
        """
        return (
            self.singles_by_suit
            or self.pairs_by_suit
            or self.straights_by_suit
            or self.pair_runs_by_suit
            or self.poker_hands
        )

    @property
    def tiers_in_force(self) -> tuple[tuple[int, int], ...]:
        """The R7.1 tiers that apply, ``(min_cards, multiplier)`` pairs: ``penalty_tiers``,
        or the automatic ones when it is None (3 players: ×2 from 12 cards, ×3 from 17;
        otherwise ×2 from 10).

        >>> Rules().tiers_in_force, Rules(players=3).tiers_in_force
        (((10, 2),), ((12, 2), (17, 3)))
        """
        if self.penalty_tiers is not None:
            return self.penalty_tiers
        return ((12, 2), (17, 3)) if self.players == 3 else ((10, 2),)

    def penalty_multiplier(self, cards_left: int) -> int:
        """The R7.1 multiplier for a player left with ``cards_left`` cards (not counting ×3 for untouched).

        With ``penalty_tiers=None`` the tiers are automatic: with 3 players ×2
        from 12 cards and ×3 from 17; otherwise ×2 from 10.

        >>> [Rules(players=3).penalty_multiplier(k) for k in (11, 12, 16, 17)]
        [1, 2, 2, 3]
        >>> [Rules().penalty_multiplier(k) for k in (9, 10)]
        [1, 2]
        """
        multiplier = 1
        for low, times in self.tiers_in_force:
            if cards_left >= low:
                multiplier = times
        return multiplier

    # --- bounds of a hand, for fixed-size arrays (OpenSpiel's GameInfo) -------------

    def _deal_sizes(self) -> list[int]:
        """Every seat's deal under R2.2, largest first: ``deck_size // players`` each,
        and one more for the ``deck_size % players`` seats from the dealer on (B2.1,
        T2.1: ``cards_each`` each when the deal leaves cards out)."""
        if self.cards_each is not None:
            return [self.cards_each] * self.players
        each, odd = divmod(self.deck_size - self.kitty, self.players)
        return [each + 1] * odd + [each] * (self.players - odd)

    @property
    def max_hand_size(self) -> int:
        """The most cards one seat can hold at any moment of a match, mid-exchange included
        (R2.2, R8.2, R8.3).

        The deal (R2.2) gives each seat ``deck_size // players`` cards and one more to
        the ``deck_size % players`` seats from the dealer on; play only takes cards
        away. An exchange (``exchange`` other than ``"none"``) hands the Winner the
        Loser's highest card before the Winner parts with one (the Take of R8.2, the
        Return of R8.3), so the Winner holds one card over their deal meanwhile, and the
        Loser never more than theirs. The bound is one over the largest deal, unless the
        Winner can never be dealt it: with a single odd card, which the dealer gets, and
        ``next_dealer="loser"``, the Loser deals and holds it, and the Winner peaks at the
        largest deal. A position built with ``arranged=True`` may hand out any sizes and
        is not bounded by this.

        >>> Rules().max_hand_size                      # 54 cards, 4 seats: 14, 14, 13, 13
        14
        >>> Rules(exchange="highest_for_any").max_hand_size   # a Winner of 14 receives one
        15
        >>> three = Rules(players=3, jokers=False, joker_bomb=False, exchange="highest_for_any")
        >>> three.max_hand_size, three.evolve(next_dealer="winner").max_hand_size   # 18, 17, 17
        (18, 19)
        """
        sizes = self._deal_sizes()
        odd = (self.deck_size - self.kitty) % self.players
        if self.cards_each is not None or self.odd_card_face_up:  # (B2.1, T2.1: no dealer's odd card)
            odd = 0
        extra = self.exchange != "none" and not (odd == 1 and self.next_dealer == "loser")
        return sizes[0] + extra + self.kitty  # (the landlord takes the kitty, D4.1)

    @property
    def max_moves(self) -> int:
        """An upper bound on the moves one hand can take: every action of its log
        (plays, passes and exchange decisions; R5, R6, R8).

        The derivation. An exchange logs a fixed number of decisions, ``E``: 3 under
        ``"highest_for_one_of_two"`` (Give, Offer, Take, R8.2), 2 under
        ``"highest_for_any"`` (Give, Return, R8.3), none otherwise. Every play takes at
        least one card, and the hand ends on a play, with a card left in the last seat
        holding any (``end="one_left"``, R6.1) or in each of the ``players - 1`` seats
        still in when the Winner goes out (``"first_out"``, R6.2): at most
        ``P = deck_size - 1`` plays, or ``deck_size - players + 1``. A lead is a play
        (R5.1); after each play the turn goes round the other seats holding cards once,
        each passing at most once, until one of them plays or the trick ends (R5.2–R5.5;
        a pass counts only since the last play, and a seat locked out, R5.3, is
        skipped): at most ``players - 1`` passes between two plays, and none after the
        last. No option logs moves of its own: ``must_beat`` only refuses passes,
        ``auto_restart`` ends a trick with no pass (R5.6), ``pass_locks_out`` skips
        seats, and the engine never passes for a seat. So a hand takes at most
        ``E + P + (P - 1) * (players - 1)`` moves. Single plays that nobody beats
        come close: they miss the bound only by the tricks where the lead changes hands
        and the passes that seats already out no longer make, a few moves a seat.

        >>> Rules().max_moves                          # 53 plays, 3 passes after each but the last
        209
        >>> Rules(exchange="highest_for_one_of_two").max_moves, Rules(end="first_out").max_moves
        (212, 201)
        """
        decisions = {"none": 0, "highest_for_one_of_two": 3, "highest_for_any": 2}[self.exchange]
        # An auction (D3): one turn a seat when bidding once; at most three rising bids,
        # each after fewer than ``players`` passes, then the passes that end it, when
        # bidding until two pass; a call and a rob (or a decline) a seat under call_rob.
        players = self.players
        if self.auction == "bid":
            decisions += players if self.bid_rounds in (None, "once") else 4 * players
        elif self.auction == "call_rob":
            decisions += 2 * players
        plays = self.deck_size - (1 if self.end == "one_left" else self.players - 1)
        return decisions + plays + (plays - 1) * (self.players - 1)

    @property
    def score_bounds(self) -> tuple[int, int]:
        """The lowest and the highest score one seat can get in one hand (R7).

        ``scoring="none"``: always 0 (R7.3). ``"placement"``: 2 for the first out, 1 for
        the second, 0 for the others, so at least 1 with two players (R7.2).
        ``"cards_left"`` (R7.1): a seat that had played no card when the Winner went out
        still holds its whole deal (the exchange leaves every hand at its deal's size),
        at most the largest deal ``L`` (R2.2), and loses three times its cards; a seat
        that had played holds at most ``L - 1`` and loses ``k`` times the tier
        multiplier of its ``k`` cards, which ``penalty_tiers`` may make larger than 3. So
        a seat dealt ``s`` loses at most ``loss(s)``, the larger of ``3 * s`` and every
        ``k * multiplier(k)`` for ``k < s``; the lowest score is ``-loss(L)``. The Winner
        scores what the others lose (the hand is zero-sum): at most the sum of ``loss``
        over the other seats' deals, which are at most the ``players - 1`` largest. Under
        the default tiers both are reached: a seat of the largest deal left untouched,
        and a first leader of the smallest deal playing out while everyone passes. Where
        the rules never let such a seat lead, they are true bounds that no hand reaches.
        A position built with ``arranged=True`` is not bounded by this.

        >>> Rules().score_bounds          # untouched 14 cards: -42; 3 * (14 + 14 + 13) = 123
        (-42, 123)
        >>> Rules(scoring="placement").score_bounds, Rules(scoring="placement", players=2).score_bounds
        ((0, 2), (1, 2))
        >>> Rules(penalty_tiers=((5, 10),)).score_bounds   # 13 cards played down to: -130
        (-130, 380)
        """
        if self.scoring == "none":
            return (0, 0)
        if self.teams == "landlord":
            return self._landlord_score_bounds()
        if self.scoring == "win_loss":
            return (0, 1)
        if self.scoring == "placement":
            return (1 if self.players == 2 else 0, 2)
        if self.scoring == "last_pays":  # T7.1: the last pays 1 to each other seat
            return (1 - self.players, 1)
        if self.scoring == "placement_payments":  # T7.2: 10, thối heo at most 6, cóng 5
            low = 10 + 6 * self.thoi_heo + 5 * self.cong
            high = 10 + 5 * self.cong * (self.players - 1) + (6 * self.thoi_heo if self.players == 2 else 0)
            if self.instant_wins != "none":  # (4 from each other player, T7.2)
                high = max(high, 4 * (self.players - 1))
            return (-low, high)
        sizes = self._deal_sizes()

        def loss(size: int) -> int:
            played = (held * self.penalty_multiplier(held) for held in range(1, size + (not self.untouched_triple)))
            most = max([3 * size if self.untouched_triple else 0, *played])
            return most * 2 ** min(4 * self.decks, size) if self.two_doubles else most

        return (-loss(sizes[0]), sum(map(loss, sizes[:-1])))

    def _landlord_score_bounds(self) -> tuple[int, int]:
        """The score bounds of a game with a landlord (D9): the landlord wins or loses
        the stake from each other seat; the stake is the base (at most 3 bids, or 2 to
        the number of robs, at most one a seat) times 2 for each bomb and rocket (at
        most one bomb a rank and deck, and the rocket) and the spring's multiplier.

        >>> Rules.preset("doudizhu").score_bounds   # 3 * 2**14 * 2 = 98,304 from each of 2
        (-196608, 196608)
        >>> Rules.preset("rlcard").score_bounds, Rules.preset("douzero").score_bounds
        ((0, 1), (-16384, 16384))
        """
        bombs = 13 * self.decks + (1 if self.joker_bomb else 0)
        if self.scoring == "win_loss":
            return (0, 1)
        if self.scoring == "douzero":
            r = {"wp": 1, "adp": 2**bombs, "logadp": bombs + 1}[self.douzero_objective or "adp"]
            return (-r, r)
        base = 3 if self.auction != "call_rob" else 2**self.players
        stake = base * 2**bombs * (self.spring_multiplier or 2)
        others = self.players - 1
        return (-others * stake, others * stake)

    # --- values: copied as themselves, pickled as their options ----------------

    def __copy__(self) -> Rules:
        return self  # immutable: a copy is the rule set itself

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle the options only: unpickling validates them and gives an equal rule
        # set, with the same hash, which finds the same cached tables.
        return (_from_options, (self.to_dict(),))

    def evolve(self, /, **changes: Any) -> Rules:
        """A copy with some options changed, validated like a new rule set.

        >>> Rules().evolve(min_straight=3).min_straight
        3
        """
        return attrs.evolve(self, **changes)

    @classmethod
    def preset(cls, name: str, /, **overrides: Any) -> Rules:
        """The named rule set of RULES.md section 9, with optional overrides.

        >>> Rules.preset("winner-classic").straight_flush
        'bomb'
        >>> Rules.preset("zhengshangyou", jokers=False).joker_bomb   # S003's 52-card variation
        False
        >>> "".join(suit.letter for suit in Rules.preset("zhengshangyou", straights_by_suit=True).suit_order)
        'DCHS'
        >>> Rules.preset("big-two").straights, Rules.preset("tien-len").chops
        ('two_low', 'south')
        >>> Rules.preset("hearts")
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRulesError: unknown preset 'hearts'; presets are: zhengshangyou, winner, winner-classic, two-deck, big-two, big-two-taiwan, pusoy-dos, tien-len, tien-len-pagat, tien-len-north, doudizhu, douzero, rlcard, openspiel
        >>> Rules.preset("doudizhu", auction="call_rob").bid_rounds is None   # (D12: no longer applies)
        True
        """
        try:
            options = PRESETS[name] if isinstance(name, str) else None
            if options is None:
                raise KeyError(name)
        except KeyError:
            raise InvalidRulesError(
                f"unknown preset {brief_repr(name)}; presets are: {', '.join(PRESETS)}",
                options=("preset",),
                rule="R10",
            ) from None
        merged = {**options, **overrides}
        # Library ruling: an override that a preset's own choice would contradict wins
        # over that choice (not over another override): turning the jokers off drops
        # the preset's joker combinations, and a by-suit option without a suit order
        # uses the standard one, ♦ ♣ ♥ ♠ (R1.2). Contradictory overrides still fail (R10).
        if overrides.get("jokers") is False:
            for option in ("joker_bomb", "joker_pairs"):
                if option not in overrides:
                    merged[option] = False
        if (
            "suit_order" not in overrides
            and merged.get("suit_order") is None
            # `is True`: a value that is no bool is refused by the option's own check,
            # never asked for its truth (which may raise).
            and any(overrides.get(option) is True for option in _BY_SUIT)
        ):
            merged["suit_order"] = "DCHS"
        # Likewise, an override under which an option of the preset's auction or
        # scoring no longer applies drops that option (D12): the Dou Dizhu preset with
        # auction="call_rob" has no bid_rounds, with scoring="win_loss" no spring multiplier.
        for dependent in _DEPENDENT:
            option, other = dependent.option, dependent.other
            if (
                option not in overrides
                and merged.get(option) is not None
                and not dependent.applies(merged.get(other, _DEFAULTS[other]))
            ):
                merged[option] = None
        # And the flow options of Big Two and Tiến Lên (B9, T9): tien-len with
        # chops="none" has no chop after a pass, with scoring="none" no thối heo.
        for option, (unset, applies) in _FLOW_APPLIES.items():
            if option not in overrides and merged.get(option, unset) != unset and not applies(merged):
                merged[option] = unset
        return cls(**merged)

    def nearest_preset(self) -> str:
        """The preset this rule set differs from in the fewest options (the earlier
        preset of :meth:`preset_names` on a tie): the one a form or a heading names.

        >>> Rules.preset("big-two-taiwan", players=3).nearest_preset()
        'big-two-taiwan'
        >>> Rules(players=3).nearest_preset()
        'zhengshangyou'
        """
        return _nearest_preset(self)

    @property
    def game_name(self) -> GameName:
        """The name of the game this rule set plays: that of its nearest preset
        (:data:`PRESET_GAMES`), for the headings of the terminal and the web table.

        >>> Rules.preset("doudizhu").game_name
        GameName(name='Dou Dizhu', native='斗地主', lang='zh-Hans', first_out=None)
        >>> Rules.preset("tien-len", players=3).game_name.name
        'Tiến Lên'
        """
        return PRESET_GAMES[_nearest_preset(self)]

    @staticmethod
    def preset_names() -> tuple[str, ...]:
        """The names of the presets, the default first.

        >>> Rules.preset_names()
        ('zhengshangyou', 'winner', 'winner-classic', 'two-deck', 'big-two', 'big-two-taiwan', 'pusoy-dos', 'tien-len', 'tien-len-pagat', 'tien-len-north', 'doudizhu', 'douzero', 'rlcard', 'openspiel')
        """
        return tuple(PRESETS)

    @staticmethod
    def option_names() -> tuple[str, ...]:
        """Every option, in the documented order.

        >>> Rules.option_names()[:3]
        ('players', 'decks', 'jokers')
        """
        return tuple(field.name for field in attrs.fields(Rules) if field.init)

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-compatible data; :meth:`from_dict` reads it back.

        >>> data = Rules.preset("winner").to_dict()
        >>> data["suit_order"], data["start_card"]
        ('DCHS', '3D')
        >>> Rules.from_dict(data) == Rules.preset("winner")
        True
        """
        data: dict[str, Any] = {}
        for name in self.option_names():
            value = getattr(self, name)
            if name == "suit_order":
                value = None if value is None else "".join(suit.letter for suit in value)
            elif name == "start_card":
                value = str(value)
            elif name == "penalty_tiers":
                value = None if value is None else [list(tier) for tier in value]
            data[name] = value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Build rules from :meth:`to_dict` output, refusing unknown options.

        Missing options take their defaults.

        >>> Rules.from_dict({"min_straight": 3}).min_straight
        3
        >>> Rules.from_dict({"jokerz": True})
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.InvalidRulesError: unknown rule option 'jokerz' (R10)
        """
        if not isinstance(data, Mapping):
            raise WrongTypeError(
                f"rule options must be a mapping of option names to values, not {type(data).__name__}",
                argument="data",
                rule="R10",
            )
        options = dict(data)
        _check_names(options)
        return cls(**options)


_BY_SUIT = ("singles_by_suit", "pairs_by_suit", "straights_by_suit")


def check_rules(value: object) -> Rules:
    """``value`` if it is a :class:`Rules`; otherwise a :class:`~zhengshangyou.errors.WrongTypeError`.

    >>> check_rules(Rules()) == Rules()
    True
    >>> check_rules("winner")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.WrongTypeError: rules must be a Rules object (as Rules.preset('winner')), not str (R10)
    """
    if not isinstance(value, Rules):
        raise WrongTypeError(
            f"rules must be a Rules object (as Rules.preset('winner')), not {type(value).__name__} (R10)",
            argument="rules",
            rule="R10",
        )
    return value


#: The options of FAMILY.md that the library does not play yet, refused by name (T8:
#: the North preset is partial).
_NOT_IMPLEMENTED: dict[str, str] = {
    "follow_suit": "T5.4, TE11",
    "two_last_forbidden": "T5.4, TE11",
}


def _check_names(options: Mapping[Any, object]) -> None:
    """R10: refuse an option name the library does not know, naming it.

    >>> _check_names({"jokerz": True})
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidRulesError: unknown rule option 'jokerz' (R10)
    >>> _check_names({"follow_suit": True})
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidRulesError: follow_suit (T5.4, TE11) is not implemented: the library refuses it rather than play an approximation (tien-len-north is partial, as FAMILY.md T8 marks it)
    """
    known = _OPTION_NAMES
    for name in options:
        if name not in known:
            if isinstance(name, str) and name in _NOT_IMPLEMENTED:
                raise InvalidRulesError(
                    f"{name} ({_NOT_IMPLEMENTED[name]}) is not implemented: the library refuses it"
                    " rather than play an approximation (tien-len-north is partial, as FAMILY.md T8 marks it)",
                    options=(name,),
                    rule=_NOT_IMPLEMENTED[name].split(",")[0],
                )
            raise InvalidRulesError(
                f"unknown rule option {brief_repr(name)} (R10)", options=(str(name)[:40],)
            )


_T = TypeVar("_T")


# What a RulesCache's ``last`` holds before anything is asked of it: an object that is
# no rule set, and nothing else is (None, which is no rule set either, must still be
# refused as one by the cache).
_NOTHING_YET: Any = (object(), None)


class RulesCache(dict[Rules, _T]):
    """What a module derives from a rule set, built on first use and kept per rule
    set (equal rule sets share one): the owner of each derived object (the
    catalogue, a reader, the generator's tables) keeps its own cache. Bounded: past
    :attr:`limit` rule sets, the longest-held are dropped.

    >>> sizes = RulesCache(lambda rules: rules.deck_size)
    >>> sizes[Rules()], sizes[Rules(decks=2)], len(sizes)
    (54, 108, 2)
    """

    __slots__ = ("build", "last", "limit")

    #: Every cache made, so that :meth:`forget` reaches them all.
    caches: ClassVar[list[RulesCache[Any]]] = []

    def __init__(self, build: Callable[[Rules], _T], limit: int = 16) -> None:
        super().__init__()
        self.build = build
        self.limit = limit
        #: The rule set last asked for through :meth:`of`, and what was derived from it
        #: (one tuple, replaced whole: threads never see half of it). A hot path checks
        #: ``cache.last[0] is rules`` before it calls :meth:`of`: a look-up in the dict
        #: hashes the rules through a Python call.
        self.last: tuple[object, _T] = _NOTHING_YET
        RulesCache.caches.append(self)

    def of(self, rules: Rules) -> _T:
        """``self[rules]``, kept as :attr:`last`.

        >>> sizes = RulesCache(lambda rules: rules.deck_size)
        >>> rules = Rules()
        >>> sizes.of(rules), sizes.last == (rules, 54)
        (54, True)
        """
        value = self[rules]
        self.last = (rules, value)
        return value

    @staticmethod
    def forget(rules: Rules | None = None) -> None:
        """Drop what every cache derived from ``rules`` (from every rule set, when
        None): the next use builds it afresh. For tools that measure a cold start or
        free memory; the results never change.

        >>> sizes = RulesCache(lambda rules: rules.deck_size)
        >>> sizes[Rules()]
        54
        >>> RulesCache.forget(Rules()); Rules() in sizes
        False
        """
        for cache in RulesCache.caches:
            if rules is None:
                cache.clear()
            else:
                cache.pop(rules, None)
            cache.last = _NOTHING_YET

    def __missing__(self, rules: Rules) -> _T:
        if len(self) >= self.limit:
            # (The keys copied in one step, and popped, are safe from other threads.)
            for older in list(self)[: len(self) - self.limit + 1]:
                self.pop(older, None)
        value = self[rules] = self.build(check_rules(rules))
        return value


def shared(rules: Rules) -> Rules:
    """The one rule set equal to ``rules`` that the library keeps: ``rules`` itself
    the first time, the first equal one after. A game holds this one, so the
    caches derived from its rules (:class:`RulesCache`) find them by identity, in
    one step, and never compare two equal but distinct rule sets option by option
    on each look-up. At most 256 are kept (a :class:`RulesCache` of the rule sets
    themselves); the result always equals ``rules``.

    >>> first = shared(Rules(players=5))
    >>> shared(Rules(players=5)) is first, shared(first) is first
    (True, True)
    """
    return _SHARED[rules]


#: The rule sets :func:`shared` gives out, each the value of itself.
_SHARED: RulesCache[Rules] = RulesCache(lambda rules: rules, limit=256)


def _from_options(options: dict[str, Any]) -> Rules:
    """Rebuild rules from their options (the pickle form of :class:`Rules`): the
    rule set this process shares (:func:`shared`).

    >>> import pickle
    >>> rules = shared(Rules.preset("two-deck"))
    >>> pickle.loads(pickle.dumps(rules)) is rules
    True
    """
    return shared(Rules.from_dict(options))

#: The options Big Two's presets share (FAMILY.md B8: the Hong Kong game).
_BIG_TWO: dict[str, Any] = {
    "jokers": False,
    "joker_bomb": False,
    "poker_hands": True,
    "suit_order": "DCHS",
    "first_lead": "start_card",
    "start_card": "3D",
    "start_card_must_be_played": True,
    "later_lead": "start_card",
    "singles_by_suit": True,
    "pairs_by_suit": True,
    "end": "first_out",
    # B7.1: -n up to 9 cards, -2n from 10, -3n at 13 (and R7.1's x3 when untouched)
    "penalty_tiers": ((10, 2), (13, 3)),
}
#: The options Tiến Lên's presets share (FAMILY.md T8: the South game), with its
#: placement payments (T7.2); ``tien-len-pagat`` has the last pay (T7.1).
_TIEN_LEN: dict[str, Any] = {
    "jokers": False,
    "joker_bomb": False,
    "suit_order": "SCDH",
    "first_lead": "start_card",
    "start_card": "3S",
    "start_card_must_be_played": True,
    "later_lead": "winner",
    "singles_by_suit": True,
    "pairs_by_suit": True,
    "straights_by_suit": True,
    "pair_runs_by_suit": True,
    "min_straight": 3,
    "min_pair_run": 3,
    "run_order": "no_two",
    "straight_ranking": "top_card",
    "full_house": False,
    "four_of_a_kind": "plain",
    "triple_runs": False,
    "chops": "south",
    "pass_locks_out": True,
    "scoring": "placement_payments",
    "thoi_heo": True,
    "cong": True,
    "hand_size": 13,
    "chop_after_pass": True,
}

PRESETS: dict[str, dict[str, Any]] = {
    "zhengshangyou": {},
    "winner": {
        "first_lead": "start_card",
        "start_card": "3D",
        "suit_order": "DCHS",
        "singles_by_suit": True,
        "pairs_by_suit": True,
        "min_straight": 3,
        "straight_ranking": "top_card",
        "four_of_a_kind": "plain",
        "straight_flush": "beats_straights",
        "joker_bomb": False,
    },
    "winner-classic": {
        "first_lead": "start_card",
        "start_card": "3S",
        "suit_order": "DCHS",
        "singles_by_suit": True,
        "pairs_by_suit": True,
        "straight_ranking": "top_card",
        "four_of_a_kind": "bomb_with_kicker",
        "bomb_order": "rank_only",
        "straight_flush": "bomb",
        "joker_bomb": False,
    },
    "two-deck": {
        "decks": 2,
        "first_lead": "start_card",
        "start_card": "3S",
        "later_lead": "start_card",
        "run_order": "either_end",
        "straight_ranking": "top_card",
        "straight_flush": "beats_straights",
        "joker_pairs": True,
        "airplane_wings": "pairs",
    },
    # FAMILY.md B8: Big Two (Hong Kong, Taiwan) and Pusoy Dos.
    "big-two": {**_BIG_TWO},
    "big-two-taiwan": {
        **_BIG_TWO,
        "suit_order": "CDHS",
        "start_card": "3C",
        "straights": "taiwan",
        "bombs": "quads_sf",
        "pass_locks_out": True,
    },
    "pusoy-dos": {
        **_BIG_TWO,
        "suit_order": "CSHD",
        "start_card": "3C",
        "straights": "two_high",
        "end": "one_left",
        "scoring": "none",
        "penalty_tiers": None,
    },
    # FAMILY.md T8: Tiến Lên (South, pagat.com's reading, North in part).
    "tien-len": {**_TIEN_LEN, "instant_wins": "south"},
    "tien-len-pagat": {
        **_TIEN_LEN, "run_order": "two_high", "chops": "pagat",
        "scoring": "last_pays", "thoi_heo": False, "cong": False,
    },
    "tien-len-north": {**_TIEN_LEN, "chops": "quads_only", "double_sequences": False, "chop_after_pass": False},
}
"""The option overrides of each preset (RULES.md section 9, FAMILY.md D10), on top of
the defaults."""

@attrs.frozen
class _Dependent:
    """An option of a game with a landlord that applies only while option ``other`` is
    ``value`` (``when``) or is not (D12): ``Rules`` refuses it set where it does not
    apply, and :meth:`Rules.preset` drops a preset's value that an override leaves
    without its ground."""

    option: str
    other: str
    value: str | int
    when: bool
    rule: str

    def applies(self, given: object) -> bool:
        """Whether :attr:`option` applies with ``given`` as :attr:`other`'s value. The
        value is compared only when it is of the exact type of :attr:`value`, so that
        an untrusted override is never asked for its truth or its equality (each
        option checks its own value when the rule set is built, R10)."""
        return _same(given, self.value) == self.when


#: The options of a game with a landlord that apply only with another option's value
#: (D12); one table for the clash check and for the presets' overrides.
_DEPENDENT: tuple[_Dependent, ...] = (
    _Dependent("kitty_public", "kitty", 0, when=False, rule="D4.1"),
    _Dependent("bid_rounds", "auction", "bid", when=True, rule="D3.2"),
    _Dependent("first_bidder", "auction", "none", when=False, rule="D2.3"),
    _Dependent("all_pass", "auction", "none", when=False, rule="D3.3"),
    _Dependent("landlord_seat", "auction", "none", when=True, rule="D3.5"),
    _Dependent("spring_multiplier", "scoring", "multiplier", when=True, rule="D9.2"),
    _Dependent("douzero_objective", "scoring", "douzero", when=True, rule="D9.4"),
)


def _is(options: Mapping[str, Any], name: str, value: str | int | bool) -> bool:
    """Whether option ``name`` of ``options`` (its default when absent) is ``value``:
    compared only when it is a value of the same exact type, so that an untrusted
    override is never asked for its truth or its equality (each option checks its own
    value when the rule set is built, R10)."""
    return _same(options.get(name, _DEFAULTS[name]), value)


def _same(given: object, value: str | int | bool) -> bool:
    """Whether ``given`` is ``value``, compared only when it is of the exact type of
    ``value`` (an untrusted option value is never asked for its truth or equality)."""
    return type(given) is type(value) and given == value


#: The flow options of Big Two and Tiến Lên that hold only with another option's value
#: (B9, T9): each with its unset value and the test of the options that says whether it applies.
_FLOW_APPLIES: dict[str, tuple[object, Callable[[Mapping[str, Any]], bool]]] = {
    "chop_after_pass": (
        False, lambda options: _is(options, "pass_locks_out", True) and not _is(options, "chops", "none")
    ),
    "thoi_heo": (False, lambda options: _is(options, "scoring", "placement_payments")),
    "cong": (False, lambda options: _is(options, "scoring", "placement_payments")),
    "two_doubles": (False, lambda options: _is(options, "scoring", "cards_left")),
    "untouched_triple": (True, lambda options: _is(options, "scoring", "cards_left")),
    "instant_wins": (
        "none",
        lambda options: _is(options, "hand_size", 13)
        and (_is(options, "scoring", "placement_payments") or _is(options, "scoring", "none")),
    ),
}

#: Dou Dizhu's table, deal, combinations and play, shared by its four presets (D1-D8).
_DOUDIZHU: dict[str, Any] = {
    "players": 3,
    "kitty": 3,
    "teams": "landlord",
    "first_lead": "landlord",
    "later_lead": "landlord",
    "next_dealer": "rotate",
    "end": "first_out",
    "run_order": "no_two",
    "min_straight": 5,
    "min_pair_run": 3,
    "min_triple_run": 2,
    "triple_with_single": True,
    "full_house": True,
    "airplane_wings": "singles_or_pairs",
    "four_of_a_kind": "bomb",
    "joker_bomb": True,
}
PRESETS.update(
    {
        "doudizhu": {  # DDZ-PAGAT, DDZ-WIKI
            **_DOUDIZHU,
            "auction": "bid",
            "bid_rounds": "once",
            "first_bidder": "face_up_card",
            "all_pass": "redeal",
            "kitty_public": True,
            "four_with_two": True,
            "kicker_repeat": "distinct",
            "rocket_in_kickers": False,
            "wing_trio_adjacent": False,
            "scoring": "multiplier",
            "spring_multiplier": 2,
        },
        "douzero": {  # DDZ-DOUZERO
            **_DOUDIZHU,
            "auction": "none",
            "landlord_seat": 0,
            "kitty_public": True,
            "four_with_two": True,
            "kicker_repeat": "any",
            "rocket_in_kickers": True,
            "wing_trio_adjacent": False,
            "scoring": "douzero",
            "douzero_objective": "adp",
        },
        "rlcard": {  # DDZ-RLCARD
            **_DOUDIZHU,
            "auction": "none",
            "landlord_seat": 0,
            "kitty_public": True,
            "four_with_two": True,
            "kicker_repeat": "up_to_3",
            "rocket_in_kickers": False,
            "wing_trio_adjacent": False,
            "scoring": "win_loss",
        },
        "openspiel": {  # DDZ-OPENSPIEL
            **_DOUDIZHU,
            "auction": "bid",
            "bid_rounds": "until_two_passes",
            "first_bidder": "face_up_card",
            "all_pass": "void",
            "kitty_public": False,
            "four_with_two": False,
            "kicker_repeat": "up_to_3",
            "rocket_in_kickers": False,
            "wing_trio_adjacent": True,
            "scoring": "multiplier",
            "spring_multiplier": 2,
        },
    }
)


@attrs.frozen
class GameName:
    """A game's name as a heading gives it: ``name`` as players write it in the Latin
    script, and ``native``, the name in the game's own script, with its language tag
    ``lang``, where that is another script (None where it is not); and ``first_out``,
    the game's own word for the first seat out, which the story of a hand gives beside
    "Winner" (R6.1: 上游 in Zheng Shangyou, whose name it is part of), where it has one.

    >>> GameName("Big Two", "大老二", "zh-Hant-TW")
    GameName(name='Big Two', native='大老二', lang='zh-Hant-TW', first_out=None)
    """

    name: str
    native: str | None = None
    lang: str | None = None
    first_out: str | None = None


#: The game each preset plays, for headings (:attr:`Rules.game_name`): data, so that a
#: new game adds rows here, never a branch on its name. Big Two goes by its Hong Kong
#: name (鋤大D) under the Hong Kong rules, by its Taiwan one (大老二) under Taiwan's
#: (FAMILY.md part B).
PRESET_GAMES: dict[str, GameName] = {
    preset: game
    for game, presets in (
        (GameName("Zheng Shangyou", "争上游", "zh-Hans", "上游"), ("zhengshangyou", "winner", "winner-classic", "two-deck")),
        (GameName("Big Two", "鋤大D", "zh-Hant-HK"), ("big-two",)),
        (GameName("Big Two", "大老二", "zh-Hant-TW"), ("big-two-taiwan",)),
        (GameName("Pusoy Dos"), ("pusoy-dos",)),
        (GameName("Tiến Lên"), ("tien-len", "tien-len-pagat", "tien-len-north")),
        (GameName("Dou Dizhu", "斗地主", "zh-Hans"), ("doudizhu", "douzero", "rlcard", "openspiel")),
    )
    for preset in presets
}


@functools.lru_cache(maxsize=64)
def _nearest_preset(rules: Rules) -> str:
    """:meth:`Rules.nearest_preset` (kept for the rule sets in use: a heading asks often)."""
    mine = rules.to_dict()

    def differences(name: str) -> int:
        preset = Rules.preset(name).to_dict()
        return sum(preset[option] != value for option, value in mine.items())

    return min(PRESETS, key=differences)


_OPTION_NAMES = frozenset(Rules.option_names())
#: Each option's default (what an option that does not apply must keep, B3).
_DEFAULTS: dict[str, Any] = {
    field.name: field.default for field in attrs.fields(Rules) if field.init
}
#: Zheng Shangyou's run, bomb and wing options, which Big Two's plays do not have (B3).
_RUN_OPTIONS = (
    "full_house", "triple_with_single", "four_of_a_kind", "min_straight", "min_pair_run",
    "min_triple_run", "straight_flush", "airplane_wings", "four_with_two", "triple_bomb",
    "run_order", "straight_ranking", "straights_by_suit", "bomb_order", "revolution",
    "double_sequences", "triple_runs", "pair_runs_by_suit", "chops",
)
#: Big Two's options, which only its five-card hands have (B3, B4).
_POKER_OPTIONS = ("two_pair", "straights", "flush_order", "bombs")


@attrs.frozen
class OptionHelp:
    """What one option of :class:`Rules` is for, in a line; its allowed values in
    words; and the rules it bears on. The rules reference's options table says the
    same (a test compares them), and ``zhengshangyou play --help`` shows it.

    >>> help = option_help("min_straight")
    >>> help.summary, help.allowed, help.rules
    ('the fewest cards of a straight', '3 or more', ('R3.7', 'R3.11', 'R10'))
    """

    summary: str
    allowed: str
    rules: tuple[str, ...]


_OPTION_HELP = {
    "players": OptionHelp('the number of players', '2 to 8, and no more than the cards in the deck', ('R2.1', 'R2.2', 'R7.1', 'R10')),
    "decks": OptionHelp('how many 54- or 52-card decks are shuffled together', '1 or 2', ('R1.3', 'R3.10', 'R3.12', 'R3.13', 'R3.14', 'R10')),
    "jokers": OptionHelp('whether the two jokers are in each deck', 'True, False', ('R1.3', 'R3.12', 'R3.13', 'R10')),
    "suit_order": OptionHelp('the suits from weakest to strongest, where suits are compared', 'None, or the four suits once each, weakest first (given as a string such as "DCHS" or a sequence of suits)', ('R1.2', 'R4.3', 'R4.5', 'R8.2', 'R10')),
    "first_lead": OptionHelp('who leads the first hand', '"start_card", "trick_card", "dealer", "landlord"', ('R2.4', 'D7.1')),
    "start_card": OptionHelp('the card whose holder leads (first_lead or later_lead "start_card")', 'any card of the deck, as a Card or in the notation', ('R2.4', 'R2.5', 'R2.6', 'R10')),
    "start_card_must_be_played": OptionHelp('whether the first lead must include the start card', 'True, False', ('R2.5',)),
    "later_lead": OptionHelp('who leads the hands after the first', '"loser", "winner", "start_card", "landlord"', ('R2.6', 'D7.1')),
    "next_dealer": OptionHelp('who deals the next hand', '"loser", "winner", "rotate"', ('R2.7',)),
    "full_house": OptionHelp('whether a triple with a pair is a combination', 'True, False', ('R3.4',)),
    "triple_with_single": OptionHelp('whether a triple with a single is a combination', 'True, False', ('R3.5',)),
    "four_of_a_kind": OptionHelp('what four cards of one rank are', '"plain", "bomb", "bomb_with_kicker"', ('R3.6', 'R3.10', 'R3.17', 'R4.6', 'R4.8', 'R10')),
    "min_straight": OptionHelp('the fewest cards of a straight', '3 or more', ('R3.7', 'R3.11', 'R10')),
    "min_pair_run": OptionHelp('the fewest pairs of a pair run', '2 or more', ('R3.8',)),
    "min_triple_run": OptionHelp('the fewest triples of a triple run or an airplane', '2 or more', ('R3.9', 'R3.18')),
    "straight_flush": OptionHelp('what a straight of one suit is', '"none", "distinct", "beats_straights", "bomb"', ('R3.11', 'R3.17', 'R4.6', 'R4.7')),
    "joker_bomb": OptionHelp('whether the two jokers together are a bomb', 'True, False (True needs jokers)', ('R3.12', 'R4.6', 'R10')),
    "joker_pairs": OptionHelp('whether two black or two red jokers are a pair', 'True, False (True needs two decks and jokers)', ('R3.13', 'R3.19', 'R10')),
    "airplane_wings": OptionHelp('what a triple run may carry as wings', '"none", "singles", "pairs", "singles_or_pairs"', ('R3.18', 'R3.19', 'R4.4')),
    "four_with_two": OptionHelp('whether four of a kind with two solo wings, or with two pairs of two different ranks, is a combination (never a bomb)', 'True, False', ('D5.11', 'D5.12', 'D6.2')),
    "kicker_repeat": OptionHelp('how often one rank may stand among the solo wings of an airplane or of four with two', '"distinct" (all different ranks), "up_to_3", "any"', ('R3.19', 'D5.15', 'D12')),
    "rocket_in_kickers": OptionHelp('whether both jokers may stand together among solo wings', 'True, False', ('R3.19', 'D5.15')),
    "wing_trio_adjacent": OptionHelp('whether three solo wings of the rank next to the airplane are wings (333444555+666); None: True under kicker_repeat="any", False otherwise', 'None, True, False (True needs kicker_repeat "up_to_3" or "any")', ('R3.19', 'D5.15', 'D12')),
    "triple_bomb": OptionHelp('whether three cards of one rank are a bomb', 'True, False (True needs one deck)', ('R3.14', 'R3.17', 'R4.6', 'R10')),
    "run_order": OptionHelp('where A and 2 may stand in a run', '"no_two", "two_low", "two_high", "either_end"', ('R3.7', 'R3.8', 'R3.9', 'R3.15', 'R3.18')),
    "straight_ranking": OptionHelp('how straights rank: by their top card, or A-2-3-4-5 high', '"top_card", "wheels_high"', ('R4.5',)),
    "straights_by_suit": OptionHelp("whether equal straights are told apart by the top card's suit", 'True, False (True needs a suit_order)', ('R4.5', 'R10')),
    "singles_by_suit": OptionHelp('whether equal singles are told apart by suit', 'True, False (True needs a suit_order)', ('R4.3', 'R10')),
    "pairs_by_suit": OptionHelp('whether equal pairs are told apart by their highest suit', 'True, False (True needs a suit_order)', ('R4.3', 'R10')),
    "bomb_order": OptionHelp('how bombs of different sizes rank', '"size_then_rank", "rank_only"', ('R4.6',)),
    "revolution": OptionHelp('whether four of a kind flips the rank order', 'True, False (True needs four_of_a_kind="plain")', ('R4.8', 'R10')),
    "must_beat": OptionHelp('whether a player who can beat the play (without a bomb) must', 'True, False', ('R5.2',)),
    "pass_locks_out": OptionHelp('whether a pass keeps the player out of the rest of the trick', 'True, False', ('R5.3',)),
    "auto_restart": OptionHelp('whether a play nobody can beat ends the trick at once', 'True, False', ('R5.6',)),
    "end": OptionHelp('when a hand ends: one player left, or the first out', '"one_left", "first_out"', ('R6.1', 'R6.2')),
    "scoring": OptionHelp('how a hand is scored', '"cards_left", "placement", "none", "multiplier", "win_loss", "douzero", "last_pays", "placement_payments" ("multiplier" and "douzero" need teams "landlord", which needs "none", "multiplier", "win_loss" or "douzero")', ('R7.1', 'R7.2', 'R7.3', 'D9.1', 'D9.3', 'D9.4', 'T7.1', 'T7.2')),
    "penalty_tiers": OptionHelp('the card counts from which a loss is doubled or tripled (None: automatic)', 'None, or (min_cards, multiplier) pairs with rising min_cards of at least 1 and multipliers of at least 1, such as ((10, 2),)', ('R7.1',)),
    "target_score": OptionHelp('the score that ends a match (None: no end)', 'None or a positive whole number', ('R7.2', 'R7.4')),
    "exchange": OptionHelp('the card exchange between the Loser and the Winner before each later hand', '"none", "highest_for_one_of_two", "highest_for_any"', ('R8.1', 'R8.2', 'R8.3', 'R8.4')),
    "teams": OptionHelp('who plays together: nobody, or the landlord alone against the others', '"none", "landlord" (needs first_lead and later_lead "landlord", end "first_out")', ('D4.2', 'D8.1', 'D12')),
    "kitty": OptionHelp('how many cards are set aside at the deal for the landlord', '0 to 12 (more than 0 needs teams "landlord")', ('D2.2', 'D4.1')),
    "kitty_public": OptionHelp('whether the kitty shows to every seat once the landlord takes it (None: True)', 'None, True, False (needs a kitty)', ('D4.1', 'D12')),
    "auction": OptionHelp('how the landlord is chosen: a fixed seat, bids of 1 to 3, or call and rob', '"none", "bid", "call_rob" (the last two need teams "landlord")', ('D3.1', 'D3.4', 'D3.5')),
    "bid_rounds": OptionHelp('how long the bidding goes on (None: "once")', 'None, "once", "until_two_passes" (needs auction "bid")', ('D3.2', 'D12')),
    "first_bidder": OptionHelp('who bids first (None: "face_up_card")', 'None, "face_up_card", "rotate", "random" (needs an auction)', ('D2.3', 'D12')),
    "all_pass": OptionHelp('what happens when nobody bids (None: "redeal")', 'None, "redeal", "void" (needs an auction)', ('D3.3', 'D12')),
    "landlord_seat": OptionHelp('the landlord without an auction (None: seat 0)', 'None or a seat (needs teams "landlord" and auction "none")', ('D3.5', 'D12')),
    "spring_multiplier": OptionHelp('what a spring or an anti-spring multiplies the stake by (None: 2)', 'None, 2, 3 (needs scoring "multiplier")', ('D9.2', 'D12')),
    "douzero_objective": OptionHelp("DouZero's reward (None: \"adp\")", 'None, "wp", "adp", "logadp" (needs scoring "douzero")', ('D9.4', 'D12')),
    "poker_hands": OptionHelp("whether plays are Big Two's: singles, pairs, triples and five-card hands ranked across kinds (straight < flush < full house < four+1 < straight flush), no play over five cards", 'True, False (True needs decks=1, jokers=False and the run, bomb and wing options at their defaults)', ('B3.1', 'B3.2', 'B3.3', 'B4.1', 'B4.3', 'B9')),
    "triples": OptionHelp('whether three cards of one rank are a play', 'True, False (False: no triple_bomb)', ('B3.1',)),
    "two_pair": OptionHelp('whether two pairs of two ranks, and four of a kind alone, are four-card plays (two pair below four of a kind; two pair compared by its higher pair), under poker_hands', 'True, False (True needs poker_hands)', ('B3.3',)),
    "straights": OptionHelp("which five-card straights exist and how they rank, under poker_hands", '"two_low" (A2345 lowest, 10JQKA highest), "two_high" (34567 lowest, JQKA2 highest), "taiwan" (A2345 lowest, 23456 highest)', ('B3.4', 'B4.3')),
    "flush_order": OptionHelp('how two flushes compare, under poker_hands', '"rank_first" (ranks from the highest card down, then suit), "suit_first"', ('B4.3',)),
    "bombs": OptionHelp('whether four+1 and straight flushes also beat singles, pairs and triples, under poker_hands', '"none", "quads_sf"', ('B4.4',)),
    "double_sequences": OptionHelp('whether pair runs (double sequences) are combinations', 'True, False', ('R3.8', 'T3.1', 'T9')),
    "triple_runs": OptionHelp('whether triple runs (and so airplanes) are combinations', 'True, False', ('R3.9', 'T3.1')),
    "pair_runs_by_suit": OptionHelp("whether equal pair runs are told apart by the suit of their top card", 'True, False (True needs a suit_order)', ('T4.1', 'R10')),
    "chops": OptionHelp('which plays chop (beat) 2s: four of a kind and pair runs of 3, 4 or 5 pairs', '"none", "pagat", "south", "quads_only" (not "none": needs four_of_a_kind="plain"; "pagat" and "south" need double_sequences)', ('T4.2', 'T9')),
    "hand_size": OptionHelp('how many cards each seat is dealt, the rest unused (None: the whole deck; Big Two with 2 players: 13)', 'None or a whole number of cards each, at most the deck (under poker_hands: 13, 17 or 21, with 2 players only)', ('B2.1', 'T2.1', 'B9')),
    "three_player_deal": OptionHelp("Tiến Lên's deal with three players (None: hand_size each)", 'None, "17_each" (needs players=3 and hand_size, without poker_hands)', ('T2.1', 'T9')),
    "untouched_triple": OptionHelp('whether a player who played no card before the Winner went out loses three times his cards (R7.1; False: only the tiers count, Big Two\'s "ten_doubles" with penalty_tiers=((10, 2),))', 'True, False (False needs scoring "cards_left")', ('R7.1', 'B7.1', 'B9')),
    "two_doubles": OptionHelp('whether a loss under cards_left doubles once for each 2 the player holds', 'True, False (True needs scoring "cards_left")', ('B7.1', 'B9')),
    "thoi_heo": OptionHelp('whether the last player pays second place 1 for each black 2 and 2 for each red 2 he still holds (thối heo)', 'True, False (True needs scoring "placement_payments")', ('T7.2', 'T9')),
    "cong": OptionHelp('whether a player who played no card before the winner went out pays the winner 5 (cóng)', 'True, False (True needs scoring "placement_payments")', ('T7.2', 'T9')),
    "chop_after_pass": OptionHelp('whether a player locked out by a pass may still chop a 2 or a chop on top (he gets his turn only then, and may only chop or pass)', 'True, False (True needs pass_locks_out and chops other than "none")', ('T5.2', 'T9')),
    "instant_wins": OptionHelp('which dealt hands win at once, before any play (tới trắng): "south" four 2s, a dragon (3 to A), six pairs, five consecutive pairs; "all" also three consecutive triples', '"none", "south", "all" (not "none": needs scoring "placement_payments" or "none", one deck without jokers, no poker_hands, no landlord)', ('T6.2', 'T7.2', 'T9')),
}


def option_help(name: str) -> OptionHelp:
    """The :class:`OptionHelp` of the option ``name`` (one of :meth:`Rules.option_names`).

    >>> option_help("exchange").rules
    ('R8.1', 'R8.2', 'R8.3', 'R8.4')
    >>> option_help("colour")
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.InvalidRulesError: unknown rule option 'colour' (R10)
    """
    _check_names({name: None})
    return _OPTION_HELP[name]
