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

from typing import Any, Literal, get_args

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from zhengshangyou.cards import Card, Suit, make_deck
from zhengshangyou.hand import Hand
from zhengshangyou.rules import (
    PRESETS,
    BombOrder,
    End,
    Exchange,
    FirstLead,
    FourOfAKind,
    LaterLead,
    NextDealer,
    Rules,
    RunOrder,
    Scoring,
    StraightFlush,
    StraightRanking,
)

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


def _choices(literal: Any) -> SearchStrategy[Any]:
    return st.sampled_from(get_args(literal))


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

# Every option of Rules except start_card (drawn from the deck once decks and
# jokers are known) with the values its documentation allows.
_OPTION_VALUES: dict[str, SearchStrategy[Any]] = {
    "players": st.integers(2, 8),
    "decks": st.sampled_from((1, 2)),
    "jokers": st.booleans(),
    "suit_order": _SUIT_ORDERS,
    "first_lead": _choices(FirstLead),
    "start_card_must_be_played": st.booleans(),
    "later_lead": _choices(LaterLead),
    "next_dealer": _choices(NextDealer),
    "full_house": st.booleans(),
    "triple_with_single": st.booleans(),
    "four_of_a_kind": _choices(FourOfAKind),
    "min_straight": st.integers(3, 13),
    "min_pair_run": st.integers(2, 13),
    "min_triple_run": st.integers(2, 13),
    "straight_flush": _choices(StraightFlush),
    "joker_bomb": st.booleans(),
    "joker_pairs": st.booleans(),
    "triple_bomb": st.booleans(),
    "run_order": _choices(RunOrder),
    "straight_ranking": _choices(StraightRanking),
    "straights_by_suit": st.booleans(),
    "singles_by_suit": st.booleans(),
    "pairs_by_suit": st.booleans(),
    "bomb_order": _choices(BombOrder),
    "revolution": st.booleans(),
    "must_beat": st.booleans(),
    "pass_locks_out": st.booleans(),
    "auto_restart": st.booleans(),
    "end": _choices(End),
    "scoring": _choices(Scoring),
    "penalty_tiers": _PENALTY_TIERS,
    "target_score": st.one_of(st.none(), st.integers(1, 100)),
    "exchange": _choices(Exchange),
}


def _repair(options: dict[str, Any]) -> None:
    """Resolve every clash R10 refuses, in place, by switching the optional side off."""
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


@st.composite
def _rules(draw: st.DrawFn, players: int | None, decks: int | None) -> Rules:
    # Presets come first so that failing examples shrink towards Rules() itself.
    preset = draw(st.sampled_from((*PRESETS, None)))
    if preset is None:  # from scratch: every option is drawn
        base = Rules()
        redraw = {*_OPTION_VALUES, "start_card"}
    else:  # from a preset: some options (often none) are redrawn
        base = Rules.preset(preset)
        redraw = draw(st.sets(st.sampled_from((*_OPTION_VALUES, "start_card"))))
    options = {name: getattr(base, name) for name in Rules.option_names()}
    for name, values in _OPTION_VALUES.items():
        if name in redraw:
            options[name] = draw(values)
    if players is not None:
        options["players"] = players
    if decks is not None:
        options["decks"] = decks
    if "start_card" in redraw:
        options["start_card"] = draw(cards(jokers=options["jokers"]))
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
    without a ``suit_order``, a joker ``start_card`` without jokers), so every
    drawn rule set is valid. ``players`` (2..8) and ``decks`` (1 or 2) may be
    fixed. Failing examples shrink towards the default ``Rules()``.

    >>> from hypothesis import find, settings
    >>> isinstance(rules_sets(), SearchStrategy)
    True
    >>> find(rules_sets(players=3), lambda rules: rules.joker_pairs, settings=settings(database=None)).decks
    2
    """
    if players is not None:
        Rules(players=players)  # raises InvalidRulesError unless 2..8
    if decks is not None:
        Rules(decks=decks)  # raises InvalidRulesError unless 1 or 2
    return _rules(players, decks)
