"""Hypothesis strategies for property-testing code built on ``zhengshangyou``.

This module needs `hypothesis <https://hypothesis.readthedocs.io>`_, which is an
optional dependency: the core package never imports it, so import it yourself::

    from zhengshangyou.testing import card_lists, hands, rules_sets

:func:`cards` draws one card, :func:`card_lists` a sub-multiset of a deck (never
more copies of a card than the decks hold, R1.3), :func:`hands` the same as a
:class:`~zhengshangyou.hand.Hand`, and :func:`rules_sets` a valid
:class:`~zhengshangyou.rules.Rules` (every option drawn, the clashes of R10
repaired, so every drawn rule set constructs).

>>> from hypothesis import given, settings
>>> @settings(max_examples=20, database=None)
... @given(rules_sets(), hands(decks=2, max_size=13))
... def test_a_dealt_hand_is_in_the_deck(rules, hand):
...     assert rules.players <= rules.deck_size
...     assert all(hand.count(card) <= 2 for card in hand)
>>> test_a_dealt_hand_is_in_the_deck()
"""

from __future__ import annotations

from typing import Any, Literal, get_args, get_origin, get_type_hints

import attrs
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from zhengshangyou.cards import Card, Suit, make_deck
from zhengshangyou.hand import Hand
from zhengshangyou.rules import PRESETS, Rules

__all__ = ["card_lists", "cards", "hands", "rules_sets"]


def cards(*, jokers: bool = True) -> SearchStrategy[Card]:
    """A card of one deck (R1.3); with ``jokers=False`` never BJ or RJ.

    >>> from hypothesis import find, settings
    >>> find(cards(), lambda card: card.is_joker, settings=settings(database=None))
    Card.parse('BJ')
    >>> isinstance(cards(jokers=False), SearchStrategy)
    True
    """
    return st.sampled_from(make_deck(1, jokers=jokers))


def _deck_bounds(
    decks: int, jokers: bool, min_size: int, max_size: int | None
) -> tuple[tuple[Card, ...], int]:
    if decks not in (1, 2) or isinstance(decks, bool):
        raise ValueError(f"decks must be 1 or 2, not {decks!r}")
    deck = make_deck(decks, jokers=jokers)
    top = len(deck) if max_size is None else max_size
    if not 0 <= min_size <= top <= len(deck):
        raise ValueError(
            f"need 0 <= min_size <= max_size <= {len(deck)} (the deck size), "
            f"not min_size={min_size}, max_size={max_size}"
        )
    return deck, top


def card_lists(
    decks: int = 1, jokers: bool = True, min_size: int = 0, max_size: int | None = None
) -> SearchStrategy[list[Card]]:
    """Cards dealt from ``decks`` decks without replacement, in random order: a sub-multiset.

    No card appears more often than the decks hold it (once with one deck, at most
    twice with two, R1.3). ``max_size`` defaults to the size of the deck.

    >>> from hypothesis import find, settings
    >>> def repeats(cs): return len(cs) > len(set(cs))
    >>> cs = find(card_lists(2), repeats, settings=settings(database=None))
    >>> max(cs.count(card) for card in cs)
    2
    >>> isinstance(card_lists(decks=2, jokers=False, min_size=1, max_size=5), SearchStrategy)
    True
    """
    deck, top = _deck_bounds(decks, jokers, min_size, max_size)
    positions = st.lists(
        st.integers(0, len(deck) - 1), min_size=min_size, max_size=top, unique=True
    )
    return positions.map(lambda chosen: [deck[position] for position in chosen])


def hands(
    decks: int = 1, jokers: bool = True, min_size: int = 0, max_size: int | None = None
) -> SearchStrategy[Hand]:
    """A :class:`~zhengshangyou.hand.Hand` drawn as by :func:`card_lists`.

    >>> from hypothesis import find, settings
    >>> from zhengshangyou import Rank
    >>> def two_twos(hand): return hand.count_rank(Rank.TWO) >= 2
    >>> hand = find(hands(decks=2, min_size=5), two_twos, settings=settings(database=None))
    >>> len(hand) >= 5, hand.count_rank(Rank.TWO) >= 2
    (True, True)
    """
    return card_lists(decks, jokers, min_size, max_size).map(Hand)


_SUIT_ORDERS: SearchStrategy[tuple[Suit, ...] | None] = st.one_of(
    st.none(),
    st.just(tuple(Suit)),
    st.permutations(list(Suit)).map(tuple),
)
_PENALTY_TIERS: SearchStrategy[tuple[tuple[int, int], ...] | None] = st.one_of(
    st.none(),
    st.lists(
        st.tuples(st.integers(1, 30), st.integers(1, 4)),
        min_size=1,
        max_size=3,
        unique_by=lambda tier: tier[0],
    ).map(lambda tiers: tuple(sorted(tiers))),
)

# The options whose type does not say which values are valid. The int options'
# bounds are those their validators check (R10; tests/test_testing_strategies.py
# checks that they agree). The others draw small, realistic values: a joker
# start_card without jokers is repaired (R2.4), tiers and targets stay far below
# the library's limits (R7.1, R7.4).
_INT_BOUNDS: dict[str, tuple[int, int]] = {
    "players": (2, 8),
    "min_straight": (3, 13),
    "min_pair_run": (2, 13),
    "min_triple_run": (2, 13),
    "kitty": (0, 12),
}
_OTHER_VALUES: dict[str, SearchStrategy[Any]] = {
    "suit_order": _SUIT_ORDERS,
    "start_card": cards(),
    "penalty_tiers": _PENALTY_TIERS,
    "target_score": st.one_of(st.none(), st.integers(1, 100)),
    "wing_trio_adjacent": st.one_of(st.none(), st.booleans()),
    "kitty_public": st.one_of(st.none(), st.booleans()),
    "bid_rounds": st.sampled_from((None, "once", "until_two_passes")),
    "first_bidder": st.sampled_from((None, "face_up_card", "rotate", "random")),
    "hand_size": st.sampled_from((None, 13, 17, 21)),
    "three_player_deal": st.sampled_from((None, "17_each")),
    "all_pass": st.sampled_from((None, "redeal", "void")),
    "landlord_seat": st.one_of(st.none(), st.integers(0, 7)),
    "spring_multiplier": st.sampled_from((None, 2, 3)),
    "douzero_objective": st.sampled_from((None, "wp", "adp", "logadp")),
}


def _values_of(name: str, hint: Any) -> SearchStrategy[Any]:
    """The values of one option: from its type if it is ``bool`` or a ``Literal``, else from the tables."""
    if hint is bool:
        return st.booleans()
    if get_origin(hint) is Literal:
        return st.sampled_from(get_args(hint))
    if name in _INT_BOUNDS:
        low, high = _INT_BOUNDS[name]
        return st.integers(low, high)
    if name in _OTHER_VALUES:
        return _OTHER_VALUES[name]
    raise TypeError(
        f"zhengshangyou.testing cannot draw the Rules option {name!r} of type {hint!r}: "
        "only bool and Literal options are derived from their type; add its values "
        "to _INT_BOUNDS or _OTHER_VALUES in zhengshangyou/testing.py"
    )


def _option_values(options_class: type) -> dict[str, SearchStrategy[Any]]:
    """The values of every option (every ``init`` field) of an attrs class, in field order.

    A field whose values cannot be derived, or a table entry that is not a field or
    whose values its type already gives, is a ``TypeError``: no option is silently
    left undrawn.
    """
    hints = get_type_hints(options_class)
    names = [field.name for field in attrs.fields(options_class) if field.init]
    values = {name: _values_of(name, hints[name]) for name in names}
    for name in (*_INT_BOUNDS, *_OTHER_VALUES):
        if name not in names:
            raise TypeError(f"zhengshangyou.testing draws {name!r}, which is not a Rules option")
        if hints[name] is bool or get_origin(hints[name]) is Literal:
            raise TypeError(f"zhengshangyou.testing lists {name!r}, whose values its type gives")
    return values


# Every option of Rules, with the values it allows (R10), derived at import: a new
# bool or Literal option is drawn with no edit here, any other new option fails here.
_OPTION_VALUES: dict[str, SearchStrategy[Any]] = _option_values(Rules)


def _repair(options: dict[str, Any]) -> None:
    """Resolve every clash R10 refuses, in place, by switching the optional side off."""
    _repair_family(options)
    if options["revolution"] and options["four_of_a_kind"] != "plain":
        options["revolution"] = False
    if options["decks"] != 1:
        options["triple_bomb"] = False
    if options["decks"] != 2 or not options["jokers"]:
        options["joker_pairs"] = False
    if not options["jokers"]:
        options["joker_bomb"] = False
        if options["start_card"].is_joker:
            options["start_card"] = make_deck(1, jokers=False)[0]
    if options["suit_order"] is None:
        for option in ("singles_by_suit", "pairs_by_suit", "straights_by_suit"):
            options[option] = False
    if options["wing_trio_adjacent"] and options["kicker_repeat"] == "distinct":
        options["wing_trio_adjacent"] = None
    _repair_landlord(options)
    if options["decks"] == 2 and options["airplane_wings"] in ("singles", "singles_or_pairs"):
        # Not a clash, a cost: with two decks a big hand holds hundreds of thousands of
        # airplanes with single wings, and listing them in every position of every
        # drawn game would make a property test's run last minutes. Two decks keep
        # paired wings; single wings are drawn with one deck.
        options["airplane_wings"] = "pairs"


#: Zheng Shangyou's run, bomb and wing options, which Big Two's plays do not have, and
#: Big Two's own options (B3, B9; the options rules.py refuses away from their defaults).
_RUN_OPTIONS = (
    "full_house", "triple_with_single", "four_of_a_kind", "min_straight", "min_pair_run",
    "min_triple_run", "straight_flush", "airplane_wings", "four_with_two", "triple_bomb",
    "run_order", "straight_ranking", "straights_by_suit", "bomb_order", "revolution",
    "double_sequences", "triple_runs", "pair_runs_by_suit", "chops",
)
_POKER_OPTIONS = ("two_pair", "straights", "flush_order", "bombs")


def _repair_family(options: dict[str, Any]) -> None:
    """Resolve the clashes of Big Two's and Tiến Lên's options (B9, T9), in place:
    Big Two's five-card hands keep one deck without jokers and Zheng Shangyou's run,
    bomb and wing options at their defaults; without them, Big Two's own options
    keep theirs; chops keep a plain four of a kind with no revolution, and
    three-pair double sequences."""
    defaults = {field.name: field.default for field in attrs.fields(Rules) if field.init}
    if options["decks"] != 1:
        options["poker_hands"] = False
    if options["poker_hands"]:
        options["jokers"] = False
        if options["suit_order"] is None:  # (B1.1: Big Two compares cards by suit too)
            options["suit_order"] = tuple(Suit)
        for name in _RUN_OPTIONS:
            options[name] = defaults[name]
    else:
        for name in _POKER_OPTIONS:
            options[name] = defaults[name]
    if not options["triples"]:
        options["triple_bomb"] = False
    if options["suit_order"] is None:
        options["pair_runs_by_suit"] = False
    if options["chops"] != "none" and options["four_of_a_kind"] != "plain":
        options["chops"] = "none"
    if options["chops"] != "none":
        options["revolution"] = False
    if options["chops"] in ("pagat", "south"):
        options["double_sequences"] = True
        options["min_pair_run"] = min(options["min_pair_run"], 3)
    _repair_flow(options)


def _repair_flow(options: dict[str, Any]) -> None:
    """Resolve the clashes of Big Two's and Tiến Lên's game flow options (B9, T9), in
    place: instant wins, a chop after a pass, and deals that leave cards out."""
    # B9, T9: a deal that leaves cards out holds its cards in the deck, Big Two's with
    # two players only; Tiến Lên's 17 each with three players and a hand size.
    deck = options["decks"] * (54 if options["jokers"] else 52)
    # T6.2, T9: instant wins are Tiến Lên's: one deck without jokers, 13 cards each,
    # scored by placement payments or not at all (the jokers, the deal and the scoring
    # give way, so that the draws from a preset keep them too).
    if options["instant_wins"] != "none" and not options["poker_hands"] and options["decks"] == 1 \
            and options["teams"] == "none" and options["players"] * 13 <= 52:
        options.update(jokers=False, joker_bomb=False, joker_pairs=False, hand_size=13)
        if options["scoring"] not in ("placement_payments", "none"):
            options["scoring"] = "none"
    else:
        options["instant_wins"] = "none"
    if not options["pass_locks_out"] or options["chops"] == "none":
        options["chop_after_pass"] = False  # (T5.2, T9)
    if options["three_player_deal"] is not None and options["hand_size"] is None:
        options["hand_size"] = 13  # (Tiến Lên's deal, which 17_each replaces with three players)
    size = options["hand_size"]
    if size is not None and (
        options["teams"] == "landlord"
        or size * options["players"] > deck
        or (options["poker_hands"] and options["players"] != 2)
    ):
        options["hand_size"] = None
    if options["three_player_deal"] is not None and (
        options["players"] != 3 or options["hand_size"] is None or options["poker_hands"]
    ):
        options["three_player_deal"] = None
    if options["hand_size"] != 13:
        options["instant_wins"] = "none"  # (T6.2: judged on hands of 13 cards)


def _repair_landlord(options: dict[str, Any]) -> None:
    """Resolve the clashes of a game with a landlord (D12, R10), in place: its
    options hold together, or are switched off together."""
    landlord = options["teams"] == "landlord"
    if landlord:
        options.update(first_lead="landlord", later_lead="landlord", end="first_out", exchange="none")
        if options["scoring"] in ("cards_left", "placement", "last_pays", "placement_payments"):
            options["scoring"] = "multiplier"
    else:
        options.update(kitty=0, auction="none", landlord_seat=None)
        for option, default in (("first_lead", "trick_card"), ("later_lead", "loser")):
            if options[option] == "landlord":
                options[option] = default
        if options["scoring"] in ("multiplier", "douzero"):
            options["scoring"] = "cards_left"
    deck = options["decks"] * (54 if options["jokers"] else 52)
    if options["players"] > deck - options["kitty"]:
        options["kitty"] = 0
    # B9, T9: the scoring options of Big Two and Tiến Lên hold with their scoring only.
    if options["scoring"] != "cards_left":
        options.update(two_doubles=False, untouched_triple=True)
    if options["scoring"] != "placement_payments":
        options.update(thoi_heo=False, cong=False)
    applies = {
        "kitty_public": options["kitty"] > 0,
        "bid_rounds": options["auction"] == "bid",
        "first_bidder": options["auction"] != "none",
        "all_pass": options["auction"] != "none",
        "landlord_seat": options["auction"] == "none" and (options["landlord_seat"] or 0) < options["players"],
        "spring_multiplier": options["scoring"] == "multiplier",
        "douzero_objective": options["scoring"] == "douzero",
    }
    for option, allowed in applies.items():
        if not allowed:
            options[option] = None


@st.composite
def _rules(draw: st.DrawFn, players: int | None, decks: int | None) -> Rules:
    # Presets come first so that failing examples shrink towards Rules() itself.
    preset = draw(st.sampled_from((*PRESETS, None)))
    if preset is None:  # from scratch: every option is drawn
        base = Rules()
        redraw = set(_OPTION_VALUES)
    else:  # from a preset: some options (often none) are redrawn
        base = Rules.preset(preset)
        redraw = draw(st.sets(st.sampled_from(tuple(_OPTION_VALUES))))
    options = {name: getattr(base, name) for name in Rules.option_names()}
    for name, values in _OPTION_VALUES.items():
        if name in redraw:
            options[name] = draw(values)
    if players is not None:
        options["players"] = players
    if decks is not None:
        options["decks"] = decks
    _repair(options)
    return Rules(**options)


def rules_sets(
    *, players: int | None = None, decks: Literal[1, 2] | None = None
) -> SearchStrategy[Rules]:
    """A valid :class:`~zhengshangyou.rules.Rules`: every option drawn from its documented values.

    The draw starts either from one of the presets (RULES.md section 9), with
    some options (often none) redrawn, or from scratch; clashes that R10 refuses are then
    repaired by switching the optional side off (``revolution`` without
    ``four_of_a_kind="plain"``, ``triple_bomb`` with two decks, ``joker_pairs``
    without two decks of jokers, ``joker_bomb`` without jokers, a ``*_by_suit``
    without a ``suit_order``, a joker ``start_card`` without jokers,
    ``wing_trio_adjacent=True`` with ``kicker_repeat="distinct"``, the options of a
    game with a landlord without ``teams="landlord"`` or the other way round), so every
    drawn rule set is valid. Airplanes with single wings are drawn with one deck
    only: with two, a big hand holds hundreds of thousands of them, too many to list
    in every position of a drawn game (two decks draw paired wings instead). ``players`` (2..8) and ``decks`` (1 or 2) may be
    fixed. Failing examples shrink towards the default ``Rules()``.

    >>> from hypothesis import find, settings
    >>> isinstance(rules_sets(), SearchStrategy)
    True
    >>> find(rules_sets(players=3), lambda rules: rules.joker_pairs, settings=settings(database=None, max_examples=2000)).decks
    2
    """
    if players is not None:
        Rules(players=players)  # raises InvalidRulesError unless 2..8
    if decks is not None:
        Rules(decks=decks)  # raises InvalidRulesError unless 1 or 2
    return _rules(players, decks)
