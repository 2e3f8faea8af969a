"""The public events of a hand in plain words, read from one seat's observation.

A table shown to a person says what happened: who leads and why, who played
what, who passed, who won a trick or leads again after a play nobody can beat,
who went out, and how the score came about. :func:`events` tells all of that
from a single :class:`~zhengshangyou.game.Observation`, so that it cannot say
anything the seat may not know; the terminal game and the browser table both
show its lines.

The trick structure is worked out from the public moves alone, by the rules of
R5: a trick ends when every other seat holding cards has passed since the last
play (R5.4, R5.5), when nobody is left to answer, or, with ``auto_restart``, when
the seat that played moves again at once, which only a restart allows (R5.6).

>>> from zhengshangyou.game import Game
>>> game = Game(seed=3)
>>> for _ in range(6):
...     game.play(next(iter(game.legal_moves())))
>>> for event in events(game.observation(0))[:5]:
...     print(event.text)
Hand 1, dealt by seat 0.
face-up card: 4♥, dealt to seat 0 (R2.4)
seat 0 leads: dealt the face-up card 4♥ (R2.4)
seat 0 plays 4♥ (single)
seat 1 plays 5♣ (single)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from zhengshangyou.actions import Bid, Call, Give, Move, Offer, Pass, Return, Rob, Take
from zhengshangyou.cards import Card, format_cards
from zhengshangyou.combinations import Kind
from zhengshangyou.game import Action, Observation, Phase, next_active, next_to_act
from zhengshangyou.game.deal import lowest_card
from zhengshangyou.game.trickplay import lead_method
from zhengshangyou.hand import Hand
from zhengshangyou.moves import engine_plays
from zhengshangyou.plays import Play, classify_all, laid_out
from zhengshangyou.rules import Rules
from zhengshangyou.scoring import HandResult

__all__ = ["Event", "EventKind", "cards_text", "events", "move_text", "ordinal", "score_lines", "seat_names", "typed_form"]


#: What an event is: the deal (and a face-up card), an exchange decision, a move of
#: the auction (a bid, a call, a rob, a pass there) and its outcome (the landlord,
#: the kitty, D3, D4), a lead (the first of the hand, or the next after a trick
#: ends, with why), a play, a pass, a bomb doubling the stake (D9.1), a seat going
#: out, a revolution, the end of the hand and its scoring.
EventKind = Literal[
    "deal", "exchange", "auction", "landlord", "lead", "play", "pass", "double", "out", "revolution", "score"
]


@attrs.frozen
class Event:
    """One public event of a hand: its words, what kind of event it is, the seat it
    is about (None for the table as a whole) and the rule that made it happen, if
    one is worth naming.

    >>> Event("seat 2 passes", "pass", seat=2)
    Event(text='seat 2 passes', kind='pass', seat=2, rule=None)
    """

    text: str
    kind: EventKind
    seat: int | None = None
    rule: str | None = None


def seat_names(players: int, *, you: int | None = None) -> tuple[str, ...]:
    """Names for the seats in messages: ``"seat 2"``, and ``"you"`` for ``you``.

    >>> seat_names(3, you=1)
    ('seat 0', 'you', 'seat 2')
    """
    return tuple("you" if seat == you else f"seat {seat}" for seat in range(players))


def cards_text(cards: Sequence[Card], *, unicode: bool = True) -> str:
    """Cards as they are shown: with suit symbols (``unicode``) or letters; ``-`` for none.

    >>> from zhengshangyou.cards import parse_cards
    >>> cards_text(parse_cards("10H BJ")), cards_text(parse_cards("10H"), unicode=False), cards_text(())
    ('10♥ BJ', '10H', '-')
    """
    return format_cards(cards, unicode=unicode) or "-"


def move_text(move: Move, rules: Rules, *, unicode: bool = True) -> str:
    """A move in words, a play's cards in the order they are laid down (a run from
    its low end, :func:`~zhengshangyou.plays.laid_out`) with its kind.

    >>> from zhengshangyou.actions import PASS
    >>> rules = Rules(run_order="either_end")
    >>> move_text(Play.parse("3S 4S 5S 6C AD 2C", rules), rules)
    'A♦ 2♣ 3♠ 4♠ 5♠ 6♣ (straight)'
    >>> move_text(PASS, rules)
    'pass'
    """
    if isinstance(move, Play):
        return f"{cards_text(laid_out(move, rules), unicode=unicode)} ({move.kind.label})"
    if isinstance(move, Pass):
        return "pass"
    if isinstance(move, Offer):
        return f"offer {cards_text(move.cards, unicode=unicode)}"
    assert isinstance(move, (Give, Take, Return))
    return f"{type(move).__name__.lower()} {cards_text((move.card,), unicode=unicode)}"


def typed_form(move: Move, rules: Rules) -> str:
    """A move as a person types it (what ``Game.play`` reads back): a play's cards in
    the order they are laid down, with its kind declared where the cards have
    readings of several kinds (R3.16); other moves as they print.

    >>> rules = Rules(straight_flush="distinct")
    >>> typed_form(Play.parse("3H 4H 5H 6H 7H as straight_flush", rules), rules)
    '3H 4H 5H 6H 7H as straight_flush'
    >>> typed_form(Play.parse("9C 9S", rules), rules)
    '9C 9S'
    """
    if isinstance(move, Play):
        text = " ".join(str(card) for card in laid_out(move, rules))
        kinds = {play.kind for play in classify_all(move.cards, rules)}
        return f"{text} as {move.kind.value}" if len(kinds) > 1 else text
    return str(move)


def ordinal(number: int) -> str:
    """A place in words: ``1st``, ``2nd``, ``3rd``, ``4th`` ... (up to 8 seats).

    >>> ordinal(2), ordinal(4)
    ('2nd', '4th')
    """
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th')}"


class _Table:
    """The public course of one hand, move by move (R5): what every seat may know."""

    def __init__(self, seen: Observation, names: Sequence[str], unicode: bool) -> None:
        self.seen, self.names, self.unicode = seen, names, unicode
        self.rules = seen.rules
        # What each seat held when play began: the exchange moves one card each way.
        self.held = [count + len(cards) for count, cards in zip(seen.counts, seen.played_cards, strict=True)]
        self.top: Play | None = None
        self.top_seat = -1
        self.passed = self.locked = 0
        self.finished: list[int] = []
        self.revolution = False
        self.led = False
        self.played: list[Card] = []
        self.out: list[Event] = []
        # The auction so far (D3): the high bid, the caller and the robs.
        self.high = self.robs = self.bombs = 0
        self.caller = -1
        self.settled = False

    def say(self, kind: EventKind, text: str, seat: int | None = None, rule: str | None = None) -> None:
        self.out.append(Event(text, kind, seat, rule))

    def cards(self, cards: Sequence[Card]) -> str:
        return cards_text(cards, unicode=self.unicode)

    def new_trick(self) -> None:
        self.top, self.top_seat, self.passed, self.locked = None, -1, 0, 0

    def first_lead(self, seat: int, play: Play | None = None) -> None:
        """Why ``seat`` leads the hand's first trick (R2.4, R2.6)."""
        seen, rules, name = self.seen, self.rules, self.names[seat]
        before = seen.results[: seen.hand_number]  # (the hands before this one, even once it is over)
        method = lead_method(rules, before)
        which, rule = ("the first hand", "R2.4") if not before else ("every hand", "R2.6")
        if before and before[-1].won_at_the_deal and rules.first_lead == "start_card":
            # T2.2: after an instant win the start card leads again, where it led the first hand
            which, rule = "the hand after an instant win", "T2.2"
        lowest: Card | None = None  # the lowest card dealt, when the start card was not (B2.2, T2.2)
        if method == "start_card":
            rule, reason, lowest = self._start_card_lead(play, which, rule)
        elif method == "trick_card":
            rule = "R2.4"
            reason = f"dealt the face-up card {self.cards((seen.trick_card,)) if seen.trick_card else ''} (R2.4)"
        elif method == "dealer":
            rule, reason = "R2.4", "the dealer leads the first hand (R2.4)"
        elif method == "landlord":
            rule, reason = "D7.1", "the landlord leads (D7.1)"
        else:
            rule, reason = "R2.6", f"last hand's {'Loser' if method == 'loser' else 'Winner'} leads (R2.6)"
        self.say("lead", f"{name} leads: {reason}", seat, rule)
        must = seen.must_include if play is None else lowest or rules.start_card
        if must is not None and method == "start_card" and rules.start_card_must_be_played and (
            play is None or must in play.cards
        ):
            card = self.cards((must,))
            self.say("lead", f"the first lead must include {card} (R2.5)", seat, "R2.5")

    def _start_card_lead(self, play: Play | None, which: str, rule: str) -> tuple[str, str, Card | None]:
        """The rule, the reason and the lowest card dealt, where the start card leads."""
        seen, rules = self.seen, self.rules
        lowest: Card | None = None  # the lowest card dealt, when the start card was not (B2.2, T2.2)
        start, undealt = self.cards((rules.start_card,)), "B2.2" if rules.poker_hands else "T2.2"
        if rules.start_card_must_be_played:  # (the first lead shows which)
            if play is None:
                lowest = seen.must_include if seen.must_include != rules.start_card else None
            elif rules.start_card not in play.cards:
                lowest = lowest_card(rules, play.cards)
        if lowest is not None:
            rule = undealt
            reason = (
                f"the start card {start} was not dealt: the holder of the lowest card dealt,"
                f" {self.cards((lowest,))}, leads ({undealt})"
            )
        elif rules.cards_each is not None and not (
            rules.start_card_must_be_played and (play is not None or seen.must_include is not None)
        ):  # (the lead does not show, or not yet, whether the start card was dealt)
            reason = (
                f"the holder of the start card {start}, or, if it was not dealt, of the lowest card"
                f" dealt, leads {which} ({rule}, {undealt})"
            )
        else:
            reason = f"the holder of the start card {start} leads {which} ({rule})"
        return rule, reason, lowest

    def exchange(self, seat: int, move: Give | Offer | Take | Return) -> None:
        """An exchange decision as this seat may see it (R8.2, R8.3)."""
        last = self.seen.results[self.seen.hand_number - 1]  # the hand before this one
        name, winner, loser = self.names[seat], self.names[last.winner], self.names[last.loser]
        if isinstance(move, Give):
            self.say("exchange", f"{name} (Loser) gives the highest card {self.cards((move.card,))} to {winner} (Winner)", seat, "R8.2")
        elif isinstance(move, Offer):
            self.say("exchange", f"{name} (Winner) offers {self.cards(move.cards)} to {loser}, who takes one", seat, "R8.2")
        elif isinstance(move, Take):
            self.say("exchange", f"{name} (Loser) takes {self.cards((move.card,))} from {winner}'s offer", seat, "R8.2")
        else:
            self.say("exchange", f"{name} (Winner) returns {self.cards((move.card,))} to {loser}", seat, "R8.3")

    def first_bidder(self) -> None:
        """Who bids first and why (D2.3); in a game whose landlord the rules fix, who
        he is (D3.5)."""
        seen, rules, names = self.seen, self.rules, self.names
        if rules.auction == "none":
            self.settle()
            return
        first = seen.trick_seat
        if first is None:  # (rotate: no card is marked; the auction's first move is his)
            first = seen.history[0].seat if seen.history else seen.to_act
        if seen.trick_card is not None:
            card = self.cards((seen.trick_card,))
            self.say("deal", f"face-up card: {card}, dealt to {names[first]}, who bids first (D2.3)", first, "D2.3")
        else:
            why = "the turn to bid first rotates" if rules.first_bidder == "rotate" else "drawn at random"
            self.say("deal", f"{names[first]} bids first: {why} (D2.3)", first, "D2.3")

    def auction(self, seat: int, move: Move) -> None:
        """A move of the auction: a bid (D3.1), a call or a rob (D3.4), a pass."""
        name = self.names[seat]
        if isinstance(move, Bid):
            self.high = move.value
            end = ": the highest bid ends the auction" if move.value == 3 else ""
            self.say("auction", f"{name} bids {move.value}{end} (D3.1)", seat, "D3.1")
        elif isinstance(move, Call):
            self.caller = seat
            self.say("auction", f"{name} calls for the landlord (D3.4)", seat, "D3.4")
        elif isinstance(move, Rob):
            self.robs += 1
            back = " back" if seat == self.caller else ""
            self.say("auction", f"{name} robs{back}: the base doubles to {2**self.robs} (D3.4)", seat, "D3.4")
        elif self.rules.auction == "bid":
            self.say("auction", f"{name} passes", seat, "D3.1")
        elif self.caller < 0:
            self.say("auction", f"{name} declines to call", seat, "D3.4")
        else:
            self.say("auction", f"{name} does not rob", seat, "D3.4")

    def settle(self) -> None:
        """The landlord, the peasants and the base (D3, D4.2); the kitty taken, its
        cards only where this seat may see them (D4.1)."""
        seen, rules, names = self.seen, self.rules, self.names
        landlord = seen.landlord
        self.settled = True
        peasants = " and ".join(names[seat] for seat in range(rules.players) if seat != landlord)
        if rules.auction == "none":
            how, rule = "named by the rules", "D3.5"
        elif rules.auction == "bid":
            how, rule = "the high bidder", "D3.1"
        else:
            how, rule = "the last to call or rob", "D3.4"
        self.say(
            "landlord",
            f"{names[landlord]} is the landlord ({how}), base {seen.base}; the peasants are {peasants} (D4.2)",
            landlord,
            rule,
        )
        if rules.kitty:
            if seen.kitty:
                what = f"the kitty: {self.cards(seen.kitty)}"
            else:
                what = f"the kitty's {rules.kitty} cards, unseen by the others"
            self.say("landlord", f"{names[landlord]} takes {what} (D4.1)", landlord, "D4.1")

    def play(self, seat: int, play: Play, then: int | None) -> bool:
        """``seat`` made ``play``; ``then`` is the seat that moves next (None if the
        history ends here). False once the hand is over."""
        rules, name = self.rules, self.names[seat]
        if self.top is None and not self.led:
            self.first_lead(seat, play)
        self.led = True
        self.say("play", f"{name} plays {move_text(play, rules, unicode=self.unicode)}", seat)
        self.held[seat] -= len(play.cards)
        self.played.extend(play.cards)
        if play.is_bomb and rules.teams == "landlord":
            self.bomb(seat, play)
        if rules.revolution and play.kind is Kind.FOUR_OF_A_KIND:
            self.revolution = not self.revolution
            state = "flipped: 2 lowest, 3 highest" if self.revolution else "back to normal"
            self.say("revolution", f"revolution: the rank order is {state} (R4.8)", seat, "R4.8")
        if not self.held[seat] and self._goes_out(seat):
            return False
        # (T5.2: a seat locked out by a pass may chop a 2 or a chop: it is not shut out then)
        shut = 0 if rules.chop_after_pass and play.chop else self.locked
        following = next_to_act(self.held, shut, seat)
        if following in (seat, -1):
            self.new_trick()
            leader = seat if self.held[seat] else next_active(self.held, seat)
            self.say("lead", f"nobody is left to answer: {self.names[leader]} leads (R5.4)", leader, "R5.4")
            return True
        if rules.auto_restart and self.restarts(seat, play, then):
            self.new_trick()
            what = self.cards(laid_out(play, rules))
            if self.held[seat]:
                self.say("lead", f"nobody can beat {what}: {name} leads again (R5.6)", seat, "R5.6")
            else:
                heir = next_active(self.held, seat)
                self.say(
                    "lead",
                    f"nobody can beat {what}: {self.names[heir]}, the next seat holding cards,"
                    " leads (R5.5, R5.6)",
                    heir,
                    "R5.6",
                )
            return True
        self.top, self.top_seat, self.passed = play, seat, 0  # passes count since the last play
        return True

    def _goes_out(self, seat: int) -> bool:
        """``seat`` played its last card (R6.1, D8.1): True if the hand is over."""
        rules, name = self.rules, self.names[seat]
        self.finished.append(seat)
        place = len(self.finished)
        if place == 1 and rules.teams == "landlord":
            side = "the landlord's side" if seat == self.seen.landlord else "the peasants' side"
            self.say("out", f"{name} is out first: {side} wins (D8.1)", seat, "D8.1")
        elif place == 1:
            word = rules.game_name.first_out  # (上游 in Zheng Shangyou)
            self.say("out", f"{name} is out: Winner{f' ({word})' if word and self.unicode else ''} (R6.1)", seat, "R6.1")
        else:
            self.say("out", f"{name} is out, {ordinal(place)}", seat, "R6.1")
        left = [other for other in range(len(self.held)) if self.held[other]]
        return (rules.end == "first_out" and place == 1) or len(left) <= 1

    def bomb(self, seat: int, play: Play) -> None:
        """A bomb or the rocket in a game with a landlord: what it does to the stake
        (D9.1, D9.4; nothing under ``win_loss`` or ``douzero_objective="wp"``)."""
        rules = self.rules
        self.bombs += 1
        what = "the rocket" if play.kind is Kind.JOKER_BOMB else "a bomb"
        objective = rules.douzero_objective or "adp"
        if rules.scoring == "multiplier":
            self.say("double", f"{what} doubles the stake: ×{2**self.bombs} so far (D9.1)", seat, "D9.1")
        elif rules.scoring == "douzero" and objective == "adp":
            self.say("double", f"{what} doubles the reward: {2**self.bombs} so far (D9.4)", seat, "D9.4")
        elif rules.scoring == "douzero" and objective == "logadp":
            self.say("double", f"{what} adds 1 to the reward: {self.bombs + 1} so far (D9.4)", seat, "D9.4")

    def restarts(self, seat: int, play: Play, then: int | None) -> bool:
        """Whether ``play`` ended its trick at once, nothing being able to beat it (R5.6).

        While the seat holds cards, only a restart lets it move again next (others
        could answer: an ordinary trick goes on to them). A seat that went out could
        not see only the cards not yet played, which are public: they decide.
        """
        if self.held[seat]:
            if then is not None:
                return then == seat
            return self.seen.top is None and self.seen.to_act == seat
        unseen = Hand(self.rules.deck()).remove(self.played)
        return not engine_plays(unseen, self.rules, play, revolution=self.revolution)

    def pass_(self, seat: int) -> None:
        """``seat`` passed: the trick may end (R5.3-R5.5)."""
        self.say("pass", f"{self.names[seat]} passes", seat)
        bit = 1 << seat
        self.passed |= bit
        if self.rules.pass_locks_out:
            self.locked |= bit
        top = self.top
        chopping = self.rules.chop_after_pass and top is not None and top.chop  # (T5.2)
        done = self.passed | (0 if chopping else self.locked)
        top_seat = self.top_seat
        if all(
            other == top_seat or not self.held[other] or done >> other & 1
            for other in range(len(self.held))
        ):
            top = self.top
            assert top is not None
            what = self.cards(laid_out(top, self.rules))
            winner = self.names[top_seat]
            if self.held[top_seat]:
                self.say("lead", f"everyone passed: {winner} wins the trick with {what} and leads (R5.4)", top_seat, "R5.4")
            else:
                leader = next_active(self.held, top_seat)
                self.say(
                    "lead",
                    f"everyone passed: {winner}'s {what} stands; {self.names[leader]},"
                    " the next seat holding cards, leads (R5.5)",
                    leader,
                    "R5.5",
                )
            self.new_trick()


def events(seen: Observation, names: Sequence[str] | None = None, *, unicode: bool = True) -> tuple[Event, ...]:
    """Every public event of the current hand so far, in order, as ``seen`` knows it.

    ``names`` names the seats (``"seat 0"``... by default, :func:`seat_names`);
    ``unicode`` shows suits as symbols. At the end of a hand the last events are
    :func:`score_lines`. Nothing hidden from the seat is used: only the
    observation's public moves (an exchange offer shows only to the Winner and
    the Loser, R8.2), its counts and the rules.

    >>> from zhengshangyou.game import Game
    >>> game = Game(seed=1)
    >>> while not game.is_hand_over:
    ...     game.play(next(iter(game.legal_moves())))
    >>> told = events(game.observation(2))
    >>> told[-1].text.startswith("seat ")
    True
    >>> any(event.rule == "R6.1" for event in told)
    True
    """
    rules = seen.rules
    names = tuple(names) if names is not None else seat_names(rules.players)
    table = _Table(seen, names, unicode)
    number = seen.hand_number
    if number and len(seen.results) >= number and seen.results[number - 1].thrown_in and rules.all_pass != "void":
        table.say("deal", f"Nobody bid in hand {number}: the cards are dealt again (D3.3).", None, "D3.3")
    table.say("deal", f"Hand {number + 1}, dealt by {names[seen.dealer]}.")
    landlord_game = rules.teams == "landlord"
    if landlord_game:
        table.first_bidder()
    elif seen.trick_card is not None and seen.trick_seat is not None:
        card = table.cards((seen.trick_card,))
        table.say("deal", f"face-up card: {card}, dealt to {names[seen.trick_seat]} (R2.4)", seen.trick_seat, "R2.4")
    _tell_moves(table, seen.history)
    if seen.phase is Phase.PLAY and not table.led:
        if landlord_game and not table.settled:
            table.settle()
        table.first_lead(seen.to_act)
        table.led = True
    if seen.phase.is_over:
        result = seen.results[-1]
        if result.won_at_the_deal:
            winner = result.finishing_order[0]
            table.say("score", f"The hand is over: {names[winner]} wins at the deal, an instant win (T6.2).", winner, "T6.2")
        else:
            table.say("score", "The hand is over.")
        table.out.extend(
            Event(line, "score") for line in score_lines(result, rules, names, spring=_spring(seen, result))
        )
    return tuple(table.out)


def _tell_moves(table: _Table, history: Sequence[Action]) -> None:
    """Tell the hand's public moves, in order, to ``table``: the auction's moves,
    which are those before the first play (the landlord leads, and the leader may
    not pass, D7.1), then the landlord, then the exchange and the play."""
    rules = table.rules
    landlord_game = rules.teams == "landlord"
    bidding = landlord_game and rules.auction != "none"
    for index, action in enumerate(history):
        move = action.move
        then = history[index + 1].seat if index + 1 < len(history) else None
        if bidding:
            if not isinstance(move, Play):
                table.auction(action.seat, move)
                continue
            bidding = False
        if landlord_game and not table.settled:
            table.settle()
        if isinstance(move, Play):
            if not table.play(action.seat, move, then):
                return
        elif isinstance(move, Pass):
            table.pass_(action.seat)
        else:
            assert isinstance(move, (Give, Offer, Take, Return))
            table.exchange(action.seat, move)


def _spring(seen: Observation, result: HandResult) -> bool:
    """Whether a hand with a landlord ended in a spring or an anti-spring (D9.2),
    from the public moves: the landlord won and neither peasant played a card, or
    the peasants won and the landlord made one play only."""
    if result.landlord < 0 or result.thrown_in:
        return False
    plays = [action.seat for action in seen.history if isinstance(action.move, Play)]
    if result.winner == result.landlord:
        return all(seat == result.landlord for seat in plays)
    return plays.count(result.landlord) == 1


def score_lines(
    result: HandResult, rules: Rules, names: Sequence[str] | None = None, *, spring: bool = False
) -> tuple[str, ...]:
    """How a hand's scores came about (R7), a line a seat: the finishing order, then
    each seat's cards counted and multipliers. In a game with a landlord (D8, D9):
    which side won, the stake (the base, the bombs and rockets, a spring or an
    anti-spring, which ``spring`` says: :func:`events` works it out from the public
    moves), then each seat's score; a hand nobody bid for was thrown in (D3.3).

    >>> result = HandResult((0, 1, 3, 2), cards_left=(0, 3, 11, 8), played=(True,) * 4, scores=(33, -3, -22, -8))
    >>> for line in score_lines(result, Rules()):
    ...     print(line)
    Finishing order: seat 0 (Winner), seat 1, seat 3, seat 2 (Loser)
    seat 0: +33, the others' losses together (R7.1)
    seat 1: -3, 3 cards left when the Winner went out (R7.1)
    seat 2: -22, 11 cards left ×2 (10 cards or more) (R7.1)
    seat 3: -8, 8 cards left when the Winner went out (R7.1)
    """
    players = len(result.scores)
    names = tuple(names) if names is not None else seat_names(players)
    if result.thrown_in:
        return ("Nobody bid: the hand is thrown in, every score 0 (D3.3)",)
    if result.landlord >= 0:
        return _landlord_lines(result, rules, names, spring)
    order = [names[seat] for seat in result.finishing_order]
    order[0] += " (Winner)"
    order[-1] += " (Loser)"
    lines = ["Finishing order: " + ", ".join(order)]
    for seat in range(players):
        score = result.scores[seat]
        lines.append(f"{names[seat]}: {score:+d}, {_reason(result, rules, seat)}")
    return tuple(lines)


def _reason(result: HandResult, rules: Rules, seat: int) -> str:
    """Why ``seat`` scored what it did (R7.1-R7.3; Big Two's B7.1, Tiến Lên's T7).

    >>> result = HandResult((2, 0, 1, 3), (1, 5, 0, 7), (True,) * 4, (15, -5, 10, -20))
    >>> south = Rules.preset("tien-len")
    >>> for seat in (2, 0, 1, 3):
    ...     print(_reason(result, south, seat))
    10 from the last (T7.2)
    5 from the third; 10 for the last's 2s (thối heo) (T7.2)
    the third out: pays the second 5 (T7.2)
    the last out: pays the first 10; 10 for the 2s it still holds (thối heo) (T7.2)
    >>> _reason(HandResult((2, 0, 1, 3), (1, 5, 0, 7), (True,) * 4, (1, 1, 1, -3)), Rules(scoring="last_pays"), 3)
    'the last out: pays 1 to each other player (T7.1)'
    """
    if rules.scoring == "none":
        return "no points are kept: the finishing order only (R7.3)"
    if rules.scoring == "placement":
        place = result.finishing_order.index(seat) + 1
        return f"{ordinal(place)} out (R7.2: first +2, second +1)"
    if rules.scoring == "last_pays":
        if seat == result.finishing_order[-1]:
            return "the last out: pays 1 to each other player (T7.1)"
        return "1 from the last out (T7.1)"
    if rules.scoring == "placement_payments":
        return _payments_reason(result, rules, seat)
    rule = "B7.1" if rules.poker_hands else "R7.1"  # (Big Two's, which R7.1 copies)
    if seat == result.winner:
        return f"the others' losses together ({rule})"
    left = result.cards_left[seat]
    if not left:
        return f"no cards left when the Winner went out ({rule})"
    text = f"{left} card{'s' if left != 1 else ''} left when the Winner went out"
    if not result.played[seat] and rules.untouched_triple:
        text = f"{left} cards left ×3: played no card before the Winner went out"
    elif rules.penalty_multiplier(left) > 1:
        multiplier = rules.penalty_multiplier(left)
        low = max(low for low, times in rules.tiers_in_force if left >= low and times == multiplier)
        text = f"{left} cards left ×{multiplier} ({low} cards or more)"
    if rules.two_doubles:
        base = left * (3 if not result.played[seat] and rules.untouched_triple else rules.penalty_multiplier(left))
        doubled = -result.scores[seat] // base
        if doubled > 1:
            return f"{text}, ×{doubled} for the 2s it held (B7.1)"
    return f"{text} ({rule})"


def _payments_reason(result: HandResult, rules: Rules, seat: int) -> str:
    """Why ``seat`` scored what it did under Tiến Lên's placement payments (T7.2): the
    last pays the first 10, with four players the third the second 5; thối heo, cóng
    and an instant win (T6.2) besides."""
    order, players = result.finishing_order, len(result.finishing_order)
    first, last = order[0], order[-1]
    if not any(result.played):  # an instant win (T6.2): 4 from each other player
        if seat == first:
            return "an instant win: 4 from each other player (T6.2, T7.2)"
        return "pays the instant winner 4 (T6.2, T7.2)"
    parts: list[str] = []
    counted = 0
    if seat == first:
        parts.append("10 from the last")
        counted += 10
    if seat == last:
        parts.append("the last out: pays the first 10")
        counted -= 10
    if players == 4 and seat == order[1]:
        parts.append("5 from the third")
        counted += 5
    if players == 4 and seat == order[2]:
        parts.append("the third out: pays the second 5")
        counted -= 5
    if rules.cong:
        late = [other for other in order[1:] if not result.played[other]]
        if seat == first and late:
            parts.append(f"5 from each of {len(late)} who played no card (cóng)")
            counted += 5 * len(late)
        if seat in late:
            parts.append("played no card before the first went out: pays the first 5 (cóng)")
            counted -= 5
    heo = result.scores[seat] - counted  # (what is left: thối heo, the last's 2s)
    if heo < 0:
        parts.append(f"{-heo} for the 2s it still holds (thối heo)")
    elif heo > 0:
        parts.append(f"{heo} for the last's 2s (thối heo)")
    return "; ".join(parts or ["nothing to pay"]) + " (T7.2)"


def _landlord_lines(result: HandResult, rules: Rules, names: Sequence[str], spring: bool) -> tuple[str, ...]:
    """The scoring lines of a hand with a landlord (D8.1, D9): the side that won,
    the cards left, a spring, and each seat's score with its reason."""
    landlord, winner = result.landlord, result.winner
    players = len(result.scores)
    if winner == landlord:
        lines = [f"The landlord {names[landlord]} wins: out first (D8.1)"]
    else:
        both = " and ".join(names[seat] for seat in range(players) if seat != landlord)
        lines = [f"The peasants {both} win: {names[winner]} went out first (D4.2, D8.1)"]
    left = ", ".join(f"{names[seat]} {result.cards_left[seat]}" for seat in range(players) if seat != winner)
    lines.append(f"Cards left: {left}")
    factor = (rules.spring_multiplier or 2) if spring and rules.scoring == "multiplier" else 1
    bombs = (result.multiplier // factor).bit_length() - 1
    if spring:
        what = "A spring: the peasants played no card" if winner == landlord else "An anti-spring: the landlord made one play only"
        lines.append(f"{what} (D9.2)")
    for seat in range(players):
        part = "landlord" if seat == landlord else "peasant"
        reason = _landlord_reason(result, rules, seat, bombs, factor)
        lines.append(f"{names[seat]} ({part}): {result.scores[seat]:+d}, {reason}")
    return tuple(lines)


def _landlord_reason(result: HandResult, rules: Rules, seat: int, bombs: int, factor: int) -> str:
    """Why ``seat`` scored what it did in a hand with a landlord (D9): ``bombs`` bombs
    and rockets were played, a spring multiplied the stake by ``factor``."""
    won = seat in result.winners
    if rules.scoring == "win_loss":
        return f"{'a winner: 1' if won else 'a loser: 0'} (D9.3)"
    counted = {0: "no bomb or rocket", 1: "1 bomb or rocket"}.get(bombs, f"{bombs} bombs or rockets")
    if rules.scoring == "douzero":
        objective = rules.douzero_objective or "adp"
        reward = {"wp": "1", "adp": "2 to the bombs", "logadp": "the bombs plus 1"}[objective]
        return f"{'won' if won else 'lost'}: the reward is {reward} ({objective}; {counted}) (D9.4)"
    if rules.scoring != "multiplier":
        return "no points are kept (R7.3)"
    stake = abs(result.scores[(result.landlord + 1) % len(result.scores)])
    how = f"base {stake // result.multiplier} ×{2**bombs} ({counted})"
    if factor > 1:
        how += f" ×{factor} ({'spring' if result.winner == result.landlord else 'anti-spring'})"
    if seat == result.landlord:
        verb = "receives the stake from each peasant" if won else "pays each peasant the stake"
    else:
        verb = "receives the stake from the landlord" if won else "pays the landlord the stake"
    return f"{verb}, {stake} = {how} (D9.1)"
