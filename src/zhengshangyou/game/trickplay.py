"""The trick play of a hand (R5), a phase (:data:`PLAY`): the leads, the plays and
the passes, their check (R2.5, R3, R4, R5.1, R5.2), the tricks they make and end
(R5.3–R5.6), and the hand's end when the last seat that counts goes out (R6.1).

The phase begins with the hand's first lead (R2.4–R2.6). Its moves are the plays
of the move generator (:mod:`zhengshangyou.moves`) and the pass; every one goes
through :func:`check_play` or :func:`check_pass`, which ``move in`` the legal
moves asks as well.

>>> from zhengshangyou.game import State
>>> state = State.new(Rules.preset("winner"), seed=2, dealer=0)
>>> PLAY.phase, state.phase.logic is PLAY
(<Phase.PLAY: 'play'>, True)
>>> start_card_holder(state) == state.to_act    # the 3 of diamonds leads (R2.4)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from zhengshangyou.actions import PASS, Move, Pass
from zhengshangyou.cards import Card
from zhengshangyou.combinations import Kind, kinds_mask
from zhengshangyou.errors import CardsNotHeldError, IllegalMoveError
from zhengshangyou.game.deal import first_lead_card, lowest_card
from zhengshangyou.game.phase import Phase, PhaseLogic, register
from zhengshangyou.game.state import (
    AFTER,
    LEADS,
    PASSES,
    SEATS,
    Action,
    HandState,
    State,
    Trick,
    check_turn,
    new_action,
    new_state,
    next_active,
)
from zhengshangyou.hand import Hand, amounts_of
from zhengshangyou.moves import LegalPlays, class_parts, engine_plays
from zhengshangyou.plays import Play, beats, reader
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult

__all__ = ["PLAY", "PlayLogic", "check_pass", "check_play", "instant_win", "lead_method", "start_card_holder"]

# (Typed to go after the plays' parts in one list: a cast there costs a call at run time.)
_PASS_ONLY: tuple[Any, ...] = (PASS,)
_from_parts = itertools.chain.from_iterable


class PlayLogic(PhaseLogic):
    """The trick play's :class:`~zhengshangyou.game.phase.PhaseLogic` (R5).

    >>> from zhengshangyou.game import State
    >>> state = State.new(Rules(), seed=2)
    >>> PLAY.check(state, PASS, None)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
    """

    phase = Phase.PLAY

    def start(self, state: State) -> State:
        """The hand's first lead (R2.4–R2.6): by ``first_lead`` on the first hand,
        by ``later_lead`` after.

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules(first_lead="dealer"), seed=2)
        >>> PLAY.start(state).to_act == state.dealer
        True
        """
        match = state.match
        rules = match.rules
        previous = match.results[-1] if match.results else None
        method = lead_method(rules, match.results)
        must_include = None
        if method == "start_card":
            leader = start_card_holder(state)
            if rules.start_card_must_be_played:
                must_include = first_lead_card(rules, state.hands[leader])
        elif method == "trick_card":
            assert state.deal.trick_seat is not None
            leader = state.deal.trick_seat
        elif method == "dealer":
            leader = state.dealer
        elif method == "landlord":  # D7.1 (the auction settled who it is)
            leader = state.hand_state.landlord
        elif method == "loser":
            assert previous is not None
            leader = previous.loser
        else:
            assert previous is not None
            leader = previous.winner
        begun = State(
            match=match,
            hand_state=attrs.evolve(state.hand_state, phase=Phase.PLAY, exchange=None),
            trick=Trick(to_act=leader, must_include=must_include),
            hands=state.hands,
            log=state.log,
            played_cards=state.played_cards,
        )
        if rules.instant_wins != "none":
            players = rules.players
            for seat in ((leader + step) % players for step in range(players)):
                if instant_win(rules, state.hands[seat]) is not None:
                    # T6.2: the hand is won at once, before any play; the others tie for last
                    hand_state = attrs.evolve(
                        begun.hand_state, finished=(seat,), first_out=(tuple(map(len, state.hands)), 0)
                    )
                    return attrs.evolve(begun, hand_state=hand_state).advance()
        return begun

    def moves(self, state: State, view: Literal["classes", "cards"]) -> Iterable[Move]:
        """The plays of the view (see :class:`~zhengshangyou.game.LegalMoves`), then
        the pass when it is allowed (never to the leader, R5.1).

        >>> from zhengshangyou.game import State
        >>> PASS in PLAY.moves(State.new(Rules(), seed=2), "classes")
        False
        """
        hand_state, trick = state.hand_state, state.trick
        parts: list[Iterable[Play]]  # (and the pass, typed to fit: see _PASS_ONLY)
        if view == "classes" and not trick.locked >> trick.to_act & 1:  # (the common case, without a LegalPlays)
            parts = class_parts(  # (a new list: the pass may follow)
                state.hands[trick.to_act],
                state.match.rules,
                trick.top,
                hand_state.revolution,
                trick.must_include,
            )
        else:
            parts = [self.plays(state, view)]
        if trick.top is not None:
            rules = state.match.rules
            if not rules.must_beat:
                parts.append(_PASS_ONLY)
            else:
                try:
                    check_pass(state, rules)  # the check of a pass that State.play makes
                except IllegalMoveError:
                    pass  # (a seat holding a beating play that is not a bomb may not pass)
                else:
                    parts.append(_PASS_ONLY)
        # (A leader may not pass, R5.1.)
        return _from_parts(parts)

    def plays(self, state: State, view: Literal["classes", "cards"]) -> LegalPlays:
        """The move generator's view of the plays of the seat to act.

        >>> from zhengshangyou.game import State
        >>> PLAY.plays(State.new(Rules(), seed=2), "cards").count() > 0
        True
        """
        hand_state, trick = state.hand_state, state.trick
        if trick.locked >> trick.to_act & 1:  # (T5.2: locked out, his turn to chop or pass)
            return LegalPlays(
                state.hands[trick.to_act], state.match.rules, trick.top, view, hand_state.revolution,
                _CHOP_KINDS, trick.must_include,
            )
        return engine_plays(
            state.hands[trick.to_act],
            state.match.rules,
            trick.top,
            view=view,
            revolution=hand_state.revolution,
            must_include=trick.must_include,
        )

    def check(self, state: State, move: object, seat: object) -> tuple[Move, Hand | None]:
        """The one check of a move during play: the turn (R5.2), then a play its seat
        holds (R3), one of the rules' own readings of its cards (R3.16), including
        the card the first lead must include (R2.5) and beating the play on the
        table (R4) (:func:`check_play`); or a pass (:func:`check_pass`); an
        exchange decision is refused (R8.4). The move as the game makes it, and the
        hand its seat keeps when it is a play (None otherwise).

        >>> from zhengshangyou.game import State
        >>> from zhengshangyou.actions import Give
        >>> from zhengshangyou.cards import Card
        >>> PLAY.check(State.new(Rules(), seed=2), Give(Card.parse("3D")), None)
        Traceback (most recent call last):
        ...
        zhengshangyou.errors.IllegalMoveError: give 3D is an exchange decision, and no exchange is under way (R8.4)
        """
        if seat is None:  # (the common case in fewer steps)
            if type(move) is Play:
                return check_play(state, state.match.rules, move)
            if move is PASS:
                check_pass(state, state.match.rules)
                return PASS, None
        check_turn(state, move, seat)
        rules = state.match.rules
        if isinstance(move, Play):
            return check_play(state, rules, move)
        if isinstance(move, Pass):
            check_pass(state, rules)
            return PASS, None
        raise IllegalMoveError(
            f"{move} is an exchange decision, and no exchange is under way (R8.4)", rule="R8.4"
        )

    def play(self, state: State, move: object, seat: object) -> State:
        """The state after a play or a pass, checked (:meth:`check`).

        >>> from zhengshangyou.game import State
        >>> state = State.new(Rules(), seed=2)
        >>> PLAY.play(state, next(iter(state.legal_moves())), None).log[0].seat == state.to_act
        True
        """
        if seat is None:  # (the common case in fewer steps)
            if type(move) is Play:
                return _after_play(state, *check_play(state, state.match.rules, move))
            if move is PASS:
                rules = state.match.rules
                if state.trick.top is None or rules.must_beat:  # (else a pass is always allowed)
                    check_pass(state, rules)
                return _after_pass(state)
        made, remaining = self.check(state, move, seat)
        if remaining is not None:
            assert isinstance(made, Play)
            return _after_play(state, made, remaining)
        return _after_pass(state)

    def observe(self, state: State, seat: int, fields: dict[str, Any]) -> None:
        """The trick (the play to beat, who passed, who is locked out, R5), the
        revolution (R4.8), and who is out and who has played: all public. The card the
        lead must include (R2.5) is public where the whole deck is dealt (the start
        card, which its holder leads with, R2.6); where a deal leaves cards out (B2.1,
        T2.1) only the leader sees it, since it tells whether the start card was dealt
        or which card is the lowest dealt (B2.2, T2.2), until the lead shows it.

        >>> from zhengshangyou.game import State
        >>> fields: dict[str, Any] = {}
        >>> PLAY.observe(State.new(Rules(), seed=2), 0, fields); fields["top"], fields["passed"]
        (None, ())
        """
        hand_state, trick = state.hand_state, state.trick
        fields["top"] = trick.top
        fields["top_seat"] = trick.top_seat
        fields["passed"] = SEATS[trick.passed]
        fields["locked"] = SEATS[trick.locked]
        fields["revolution"] = hand_state.revolution
        must_include = trick.must_include
        if must_include is not None and seat != trick.to_act and state.deal.undealt:
            must_include = None
        fields["must_include"] = must_include
        fields["finished"] = hand_state.finished
        fields["played"] = SEATS[hand_state.played]


#: The trick play's logic, registered for :attr:`Phase.PLAY <zhengshangyou.game.phase.Phase.PLAY>`.
PLAY = register(PlayLogic())


#: The kinds that chop (T4.2): all a seat locked out by a pass may play (T5.2).
_CHOP_KINDS = kinds_mask([Kind.FOUR_OF_A_KIND, Kind.PAIR_RUN])

#: T6.2's instant wins by name, and the ``instant_wins`` value that has each.
_INSTANT_WINS = {
    "four_twos": ("south", "all"),
    "dragon": ("south", "all"),
    "six_pairs": ("south", "all"),
    "five_pair_run": ("south", "all"),
    "three_triple_run": ("all",),
}


def instant_win(rules: Rules, hand: Hand) -> str | None:
    """The instant win (tới trắng, T6.2) ``hand`` holds under ``rules.instant_wins``, by
    name, or None: ``"four_twos"``; ``"dragon"``, every rank from 3 to A; ``"six_pairs"``
    (a four of a kind is two pairs, **library ruling**); ``"five_pair_run"``, pairs of
    five consecutive ranks without the 2; ``"three_triple_run"`` (under ``"all"``),
    triples of three consecutive ranks without the 2.

    >>> south = Rules.preset("tien-len", instant_wins="south")
    >>> instant_win(south, Hand.parse("2S 2C 2D 2H 3S 4S 5S 6S 7S 8S 9S TS JS"))
    'four_twos'
    >>> instant_win(south, Hand.parse("3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS AH"))
    'dragon'
    >>> instant_win(Rules.preset("tien-len-pagat"), Hand.parse("2S 2C 2D 2H 3S 4S"))
    """
    choice = rules.instant_wins
    counts = [0] * 13
    for card in hand:
        counts[card.rank] += 1
    two = 12  # (Rank.TWO)

    def run(width: int, length: int) -> bool:
        streak = 0
        for rank in range(two):
            streak = streak + 1 if counts[rank] >= width else 0
            if streak >= length:
                return True
        return False

    found = {
        "four_twos": counts[two] == 4,
        "dragon": all(counts[rank] for rank in range(two)),
        "six_pairs": sum(count // 2 for count in counts) >= 6,
        "five_pair_run": run(2, 5),
        "three_triple_run": run(3, 3),
    }
    return next((name for name, values in _INSTANT_WINS.items() if choice in values and found[name]), None)


def lead_method(rules: Rules, results: Sequence[HandResult]) -> str:
    """How the first leader of a hand is chosen, after the match's ``results`` so far
    (R2.4, R2.6): ``rules.first_lead`` in the first hand, ``rules.later_lead`` after
    it; but after a hand won at the deal (T6.2), where nobody played, the start card's
    holder again where it chose the first leader (T2.2; a face-up trick card is drawn
    for the first hand only).

    >>> from zhengshangyou.scoring import HandResult
    >>> rules = Rules.preset("tien-len")
    >>> lead_method(rules, ()), rules.later_lead
    ('start_card', 'winner')
    >>> lead_method(rules, [HandResult((1, 0, 2, 3), (0, 13, 13, 13), (False,) * 4, (12, -4, -4, -4))])
    'start_card'
    """
    if not results:
        return rules.first_lead
    if results[-1].won_at_the_deal and rules.first_lead == "start_card":
        return "start_card"
    return rules.later_lead


def start_card_holder(state: State) -> int:
    """R2.4: the holder of the start card, the first copy met in play order from
    the dealer; failing that (it is undealt, B2.2, T2.2), the holder of the lowest
    card by rank, then by the rules' suit order (B1.1, T1.1), ties then by play order
    from the dealer (library rulings).

    >>> from zhengshangyou.game import State
    >>> state = State.new(Rules(), seed=2, dealer=0)
    >>> from zhengshangyou.cards import Card
    >>> Card.parse("3D") in state.hands[start_card_holder(state)]
    True
    """
    players, dealer, hands = state.players, state.dealer, state.hands
    seats = [(dealer + step) % players for step in range(players)]
    for seat in seats:
        if state.rules.start_card in hands[seat]:
            return seat
    lowest = lowest_card(state.rules, [card for seat in seats for card in hands[seat]])
    return next(seat for seat in seats if lowest in hands[seat])


def check_play(state: State, rules: Rules, play: Play) -> tuple[Play, Hand]:
    """A play of the seat to act (R2.5, R3, R3.16, R4), as the rules read it, and the
    hand it leaves; or the error that refuses it.

    >>> from zhengshangyou.game import State
    >>> state = State.new(Rules(), seed=2, dealer=0)
    >>> lead = next(iter(state.legal_moves()))
    >>> check_play(state, state.rules, lead)[0] == lead
    True
    """
    trick = state.trick
    seat = trick.to_act
    amounts = amounts_of(play.cards)  # (worked out once per play object)
    try:
        if amounts is None:  # (some card more than twice: no hand holds it, R1.3a)
            raise CardsNotHeldError(str(play))
        remaining = state.hands[seat]._take(amounts, play.cards)
    except CardsNotHeldError:
        raise CardsNotHeldError(f"seat {seat} does not hold {play} (R3)") from None
    # Only a play the engine could have read itself goes on (R3.16): from here on
    # the play is the rules' own reading, whatever object was handed in.
    play = reader(rules).trusted(play, held=True)
    top = trick.top
    if top is None:
        must_include = trick.must_include
        if must_include is not None and must_include not in play.cards:
            raise IllegalMoveError(
                f"the first lead of the hand must include {must_include} (R2.5)", rule="R2.5"
            )
    elif trick.locked >> seat & 1 and not play.chop >> 8:
        raise IllegalMoveError(
            f"seat {seat} passed in this trick and is locked out: only a chop may follow {top} (T5.2)",
            rule="T5.2",
        )
    elif not beats(play, top, revolution=state.hand_state.revolution):
        if top.is_bomb:
            reason, rule = f"after the bomb {top} only a higher bomb may follow", "R4.6"
        elif play.family is not top.family or len(play) != len(top):
            reason = f"{play} ({_describe(play)}) does not match {top} ({_describe(top)})"
            rule = "R4.1"
        else:
            reason, rule = f"{play} is not higher than {top}", "R4.2"
        raise IllegalMoveError(f"{reason} ({rule})", rule=rule)
    return play, remaining


def check_pass(state: State, rules: Rules) -> None:
    """A pass of the seat to act (R5.1, R5.2), or the error that refuses it.

    >>> from zhengshangyou.game import State
    >>> state = State.new(Rules(), seed=2)
    >>> check_pass(state, state.rules)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.IllegalMoveError: the leader may not pass (R5.1)
    """
    trick = state.trick
    top = trick.top
    if top is None:
        raise IllegalMoveError("the leader may not pass (R5.1)", rule="R5.1")
    if rules.must_beat:
        seat = trick.to_act
        beating = engine_plays(
            state.hands[seat], rules, top, view="classes", revolution=state.hand_state.revolution
        )
        forced = next((play for play in beating if not play.is_bomb), None)
        if forced is not None:
            raise IllegalMoveError(
                f"must_beat: seat {seat} holds a play that beats {top} (such as {forced}),"
                " so it may not pass (R5.2)",
                rule="R5.2",
            )


def _after_play(state: State, play: Play, remaining: Hand) -> State:
    """The state after the seat to act makes ``play`` (checked), keeping ``remaining``."""
    hand_state, trick = state.hand_state, state.trick
    rules = state.match.rules
    seat = trick.to_act
    # (A list changed in place and made a tuple: fewer steps than slices.)
    new_hands = [*state.hands]
    new_hands[seat] = remaining
    hands = tuple(new_hands)
    new_played = [*state.played_cards]
    new_played[seat] += play.cards
    played_cards = tuple(new_played)
    revolution = hand_state.revolution
    if rules.revolution and play.kind is Kind.FOUR_OF_A_KIND:
        revolution = not revolution  # judged under the old order, flips for what follows (E20)
    played = hand_state.played | (1 << seat)
    out = not remaining.cards
    if out or played != hand_state.played or revolution != hand_state.revolution:
        # A milestone of the hand: a seat's first play, a seat out, a revolution.
        finished, first_out = hand_state.finished, hand_state.first_out
        if out:
            finished = (*finished, seat)
            if first_out is None:
                first_out = (tuple(map(len, hands)), played)
        hand_state = HandState(
            deal=hand_state.deal,
            phase=hand_state.phase,
            revolution=revolution,
            finished=finished,
            played=played,
            first_out=first_out,
            exchange=hand_state.exchange,
            exchanged=hand_state.exchanged,
            landlord=hand_state.landlord,
            base=hand_state.base,
        )
        if out and _hand_ends(rules, hands, finished):
            log = (*state.log, Action(seat, play))
            return State(state.match, hand_state, trick, hands, log, played_cards).advance()
    # The next seat holding cards and not locked out (next_to_act, read here
    # without a call): this seat when no other is, -1 when none holds cards.
    locked = trick.locked
    # (T5.2: a locked-out seat may chop a 2 or a chop: it gets its turn then)
    shut = locked if not (play.chop and rules.chop_after_pass) else 0
    following = -1
    for other in AFTER[len(hands)][seat]:
        if hands[other].cards and not shut >> other & 1:
            following = other
            break
    if (
        following == seat
        or following < 0
        or (rules.auto_restart and _unbeatable(rules, hands, hand_state.deal.undealt, seat, play, revolution))
    ):
        # Nobody may answer, or nothing can beat the play (R5.6): a new trick.
        trick = LEADS[next_active(hands, seat) if out else seat]
    else:
        return new_state(
            state.match, hand_state, None, hands, state.log + (new_action(seat, play),), played_cards,
            following, play, seat, 0, locked,
        )
    return new_state(state.match, hand_state, trick, hands, state.log + (new_action(seat, play),), played_cards)


def _after_pass(state: State) -> State:
    """The state after the seat to act passes (checked)."""
    trick = state.trick
    hands = state.hands
    seat = trick.to_act
    bit = 1 << seat
    passed = trick.passed | bit
    rules = state.match.rules
    locked = trick.locked | bit if rules.pass_locks_out else trick.locked
    top_seat = trick.top_seat
    # (T5.2: a locked-out seat may chop a 2 or a chop: it is not shut out then)
    top = trick.top
    shut = locked if not (rules.chop_after_pass and top is not None and top.chop) else 0
    # The trick goes on while some other seat holding cards has neither passed
    # since the last play nor been locked out (R5.4, R5.5); the first such seat
    # after this one, or else the first not locked out, acts next (R5.2, R5.3).
    done = passed | shut | 1 << top_seat
    following = -1
    going_on = False
    for other in AFTER[len(hands)][seat]:
        if hands[other].cards:
            if not done >> other & 1:
                going_on = True
                if following < 0:
                    following = other
                break
            if following < 0 and not shut >> other & 1:
                following = other
    log = state.log + (PASSES[seat],)
    if going_on:
        return new_state(
            state.match, state.hand_state, None, hands, log, state.played_cards,
            following, trick.top, top_seat, passed, locked,
        )
    # Every other seat holding cards has passed since the last play (R5.4, R5.5).
    trick = LEADS[top_seat if hands[top_seat].cards else next_active(hands, top_seat)]
    return new_state(state.match, state.hand_state, trick, hands, log, state.played_cards)


def _describe(play: Play) -> str:
    """A play's kind and size in words: "single, 1 card", "pair run, 6 cards"."""
    size = len(play.cards)
    return f"{play.kind.label}, {size} card{'s' if size != 1 else ''}"


def _hand_ends(rules: Rules, hands: tuple[Hand, ...], finished: tuple[int, ...]) -> bool:
    """R6.1, R6.2: the Winner is out (``end="first_out"``) or one seat holds cards."""
    if rules.end == "first_out":
        return bool(finished)
    return len(finished) >= len(hands) - 1  # every seat out is in ``finished``


def _unbeatable(
    rules: Rules, hands: tuple[Hand, ...], undealt: tuple[Card, ...], seat: int, play: Play, revolution: bool
) -> bool:
    """R5.6: no combination beating ``play`` can be formed from the cards that ``seat``
    cannot see. Those are every card neither in its hand nor played: the other hands
    and the cards the deal left out (B2.1, T2.1), taken together, so only public
    information decides (the other hands alone would tell which cards were left out)."""
    unseen = Hand((*(card for other, hand in enumerate(hands) if other != seat for card in hand), *undealt))
    return not engine_plays(unseen, rules, play, view="classes", revolution=revolution)
