"""The terminal game and the record replay of ``zhengshangyou play | replay``, drawn with rich.

Everything shown to the person comes from their own seat's
:class:`~zhengshangyou.game.Observation`: the table of seats, the play to beat,
the trick so far, their hand, and the hand's public events in plain words from
:mod:`~zhengshangyou.narrate`, each said once. The bots choose from their own
observations. Needs the ``cli`` extra (`rich <https://rich.readthedocs.io>`_):
``pip install '.[cli]'`` from a clone.

What the person types is read by :func:`typed_move`: cards in the notation
(``3D 10H BJ``, suit symbols too), ``pass``, the exchange decisions
(``give 2S``, ``offer 3D KS``, ``take KS``, ``return 4C``), a declared reading
(``3C 4C 5C as straight_flush``, R3.16), or ranks alone (``9 9 9``) where the
suits cannot matter.

>>> from zhengshangyou.game import Game
>>> game = Game(seed=3)
>>> seen = game.observation(0)
>>> typed_move("pass", seen), typed_move("k", seen)
('pass', 'KH')
"""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import unicodedata
from collections.abc import Sequence
from typing import TextIO

import attrs
from rich.console import Console
from rich.text import Text

from zhengshangyou.actions import Bid, Call, Give, Move, Offer, Return, Rob, Take
from zhengshangyou.bots import Bot, HeuristicBot
from zhengshangyou.cards import Card, Rank, sort_cards
from zhengshangyou.combinations import Kind
from zhengshangyou.errors import AmbiguousPlayError, NotationError
from zhengshangyou.game import Game, Observation, Phase
from zhengshangyou.narrate import Event, events, ordinal, typed_form
from zhengshangyou.plays import Play, laid_out, rank_count_words
from zhengshangyou.record import Record
from zhengshangyou.rules import Rules

__all__ = ["Screen", "play_session", "replay_session", "typed_move"]

_RED_CARD = re.compile(r"(?<!\w)(?:10|[2-9JQKA])[♥♦HD](?!\w)|(?<!\w)RJ(?!\w)")
_RANK_ONLY = re.compile(r"(?i)^(10|[2-9]|[tjqka])$")
_COMMANDS = "cards ({examples}, or 9 9 9 where suits do not matter), pass, hint or ?, help, quit"
# The auction's moves, as typed (D3.1, D3.4).
_BIDDING = {"bid": "bid 1, bid 2, bid 3 (or the number alone), pass", "call_rob": "call, rob, pass"}
# A kind's label typed after the cards, as a hint shows it: "2D 2H 3C 3H (pair run)".
_LABEL = re.compile(r"\s*\(\s*([a-z_ ]+?)\s*\)\s*$", re.IGNORECASE)
_KINDS = frozenset(kind.value for kind in Kind)
# The words a person types besides cards: a close typo of one is pointed out.
_WORDS = ("pass", "hint", "help", "quit", "give", "offer", "take", "return", "bid", "call", "rob")
_VERBS = ("give", "offer", "take", "return", "bid")
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _number(text: str) -> int | None:
    """``text`` as a whole number typed in ASCII digits, else None (``²`` is a digit
    to ``str.isdigit`` that ``int`` refuses); a number of more than 18 digits, which
    no list or record reaches (and ``int`` may refuse), reads as 10**18.

    >>> _number("12"), _number("²"), _number("1" * 5000) == 10**18
    (12, None, True)
    """
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 18 else 10**18


class Screen:
    """Where the game is drawn: a rich console on ``stdout``, with suit symbols
    where its encoding has them and colour where it is a colour terminal (never
    with ``NO_COLOR`` set or ``TERM=dumb``); ``width`` fixes the width (else the
    terminal's, or ``COLUMNS``), and ``record`` keeps what is printed for
    rich's ``export_svg``.

    >>> import io
    >>> from zhengshangyou.cards import parse_cards
    >>> screen = Screen(io.StringIO())   # no encoding given: letters for suits
    >>> screen.cards(parse_cards("3D 3S 4H")).plain
    '3D 3S  4H'
    """

    def __init__(self, stdout: TextIO, *, width: int | None = None, record: bool = False) -> None:
        encoding = getattr(stdout, "encoding", None) or "ascii"
        try:
            "♠♥♦♣上游".encode(encoding)
            self.unicode = True
        except (UnicodeEncodeError, LookupError):
            self.unicode = False
        plain = "NO_COLOR" in os.environ or os.environ.get("TERM") == "dumb"
        self.console = Console(
            file=stdout,
            width=width,
            no_color=plain,
            color_system=None if plain else "auto",
            markup=False,
            emoji=False,
            highlight=False,
            soft_wrap=False,
            record=record,  # kept for an export (the docs' screenshot)
        )
        self.out = stdout

    def game_name(self, rules: Rules) -> str:
        """The name of the game ``rules`` play (:attr:`Rules.game_name
        <zhengshangyou.rules.Rules.game_name>`), in plain letters where the screen
        writes the suits as letters (Tiến Lên as Tien Len).

        >>> import io
        >>> Screen(io.StringIO()).game_name(Rules.preset("tien-len"))
        'Tien Len'
        """
        name = rules.game_name.name
        if self.unicode:
            return name
        return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()

    def card(self, card: Card) -> Text:
        """One card, red for hearts, diamonds and the red joker (R1.4).

        >>> import io
        >>> Screen(io.StringIO()).card(Card.parse("RJ")).style
        'bold red'
        """
        text = card.unicode() if self.unicode else str(card)
        return Text(text, style="bold red" if card.is_red else "bold")

    def cards(self, cards: Sequence[Card], *, grouped: bool = True) -> Text:
        """Cards in the given order, a rank's cards together (two spaces between ranks).

        >>> import io
        >>> from zhengshangyou.cards import parse_cards
        >>> Screen(io.StringIO()).cards(parse_cards("9C 9H 10S"), grouped=False).plain
        '9C 9H 10S'
        """
        text = Text()
        for index, card in enumerate(cards):
            if index:
                same = grouped and cards[index - 1].rank == card.rank
                text.append(" " if same or not grouped else "  ")
            text.append_text(self.card(card))
        return text if cards else Text("-")

    def say(self, text: str | Text = "") -> None:
        """Print a line, wrapped at word boundaries to the console's width.

        >>> import io
        >>> out = io.StringIO()
        >>> Screen(out, width=20).say("seat 1 wins the trick and leads")
        >>> print(out.getvalue(), end="")
        seat 1 wins the
        trick and leads
        """
        line = text if isinstance(text, Text) else Text(text)
        for part in line.wrap(self.console, self.console.width, overflow="fold"):
            part.rstrip()  # no trailing space where a line breaks
            self.console.print(part)

    def event(self, event: Event) -> None:
        """One public event, in words (leads in cyan, a seat out in green).

        >>> import io
        >>> out = io.StringIO()
        >>> Screen(out).event(Event("seat 2 passes", "pass", seat=2))
        >>> out.getvalue().strip()
        'seat 2 passes'
        """
        style = {"lead": "cyan", "out": "bold green", "score": "bold", "revolution": "magenta"}
        text = Text(event.text, style=style.get(event.kind, ""))
        text.highlight_regex(_RED_CARD, "red")
        self.say(text)


def _names(bots: Sequence[Bot | None]) -> tuple[str, ...]:
    """The seats' names: ``seat 0 (you)``, ``seat 1 (heuristic)``."""
    return tuple(
        f"seat {seat} ({'you' if bot is None else type(bot).__name__.removesuffix('Bot').lower()})"
        for seat, bot in enumerate(bots)
    )


def _auction_moves(seen: Observation) -> list[tuple[int, Move]]:
    """The auction's moves this hand, (seat, move), from the public history: those
    before the first play (the landlord leads and may not pass, D7.1)."""
    if seen.rules.teams != "landlord" or seen.rules.auction == "none":
        return []
    moves: list[tuple[int, Move]] = []
    for action in seen.history:
        if isinstance(action.move, Play):
            break
        moves.append((action.seat, action.move))
    return moves


def _said(move: Move, rules_auction: str, called: bool) -> str:
    """An auction move as the seats' table shows it."""
    if isinstance(move, Bid):
        return f"bid {move.value}"
    if isinstance(move, Call):
        return "called"
    if isinstance(move, Rob):
        return "robbed"
    if rules_auction == "call_rob":
        return "did not rob" if called else "declined"
    return "passed"


def _seat_lines(seen: Observation, names: Sequence[str], screen: Screen, *, scores: bool = False) -> list[Text]:
    """The seats, a line each: the landlord and the peasants (D4.2), cards held, the
    match score so far (``scores``), out (Winner, place), to act, passed; in the
    auction, each seat's last word (D3)."""
    width = max(len(name) for name in names)
    score = "  score" if scores else ""
    landlord_game = seen.rules.teams == "landlord"
    part = f"  {'side':<8}" if landlord_game else ""
    lines = [Text(f"{'seat':<{width}}{part}  cards{score}", style="bold")]
    last: dict[int, str] = {}
    called = False
    for seat, move in _auction_moves(seen):
        last[seat] = _said(move, seen.rules.auction, called)
        called = called or isinstance(move, Call)
    for seat, name in enumerate(names):
        status = []
        if landlord_game:
            side = "-" if seen.landlord < 0 else "landlord" if seat == seen.landlord else "peasant"
            name = f"{name:<{width}}  {side:<8}"
        if seen.phase is Phase.AUCTION and seat in last:
            status.append(last[seat])
        if seat in seen.finished:
            place = seen.finished.index(seat) + 1
            word = seen.rules.game_name.first_out  # (上游 in Zheng Shangyou)
            winner = f" ({word})" if word and screen.unicode else ""
            status.append(f"out: Winner{winner}" if place == 1 else f"out, {ordinal(place)}")
        if seat == seen.to_act:
            status.append("to act")
        elif seat in seen.passed:
            status.append("passed")
        total = f"  {seen.scores[seat]:>+5d}" if scores else ""
        lines.append(Text(f"{name:<{width}}  {seen.counts[seat]:>5}{total}  {', '.join(status)}".rstrip()))
    return lines


def _auction_lines(seen: Observation, names: Sequence[str]) -> list[Text]:
    """Where the auction stands (D3): the high bid and its bidder, or the caller and
    the robs, and what the person may type now."""
    rules = seen.rules
    moves = _auction_moves(seen)
    if rules.auction == "bid":
        bids = [(seat, move.value) for seat, move in moves if isinstance(move, Bid)]
        rounds = "each seat once" if rules.bid_rounds in (None, "once") else "until two pass after a bid"
        if bids:
            seat, high = bids[-1]
            stand = f"high bid {high} by {names[seat]}"
        else:
            stand = "no bid yet"
        line = f"auction (bids of 1 to 3, {rounds}; D3.1, D3.2): {stand}"
    else:
        callers = [seat for seat, move in moves if isinstance(move, Call)]
        robs = sum(1 for _, move in moves if isinstance(move, Rob))
        if callers:
            stand = f"{names[callers[0]]} called; {robs} rob{'s' if robs != 1 else ''}, base {2**robs}"
        else:
            stand = "nobody has called yet"
        line = f"auction (call, then rob once each; D3.4): {stand}"
    allowed = " or ".join(f"'{move}'" for move in seen.legal_moves)
    number = " (the number alone will do)" if rules.auction == "bid" else ""
    return [Text(line, style="bold"), Text(f"your turn: {allowed}{number}")]


def _landlord_lines(seen: Observation, names: Sequence[str], screen: Screen) -> list[Text]:
    """The landlord, the base, the multiplier so far (D3, D9.1), and the kitty where
    this seat may see it, each of its cards marked played once played (D4.1)."""
    rules = seen.rules
    landlord = seen.landlord
    lines = [
        Text(
            f"landlord: {names[landlord]} · base {seen.base} · bombs and rockets so far ×{seen.multiplier}",
            style="bold",
        )
    ]
    if seen.kitty:
        played = set(seen.played_cards[landlord])
        line = Text(f"kitty ({'shown to all' if rules.kitty_shown else 'yours alone'}, D4.1): ")
        for index, card in enumerate(seen.kitty):
            if index:
                line.append(" ")
            line.append_text(screen.card(card))
            if card in played:
                line.append(" (played)", style="dim")
        lines.append(line)
    elif rules.kitty:
        lines.append(Text(f"kitty: {rules.kitty} cards, taken by the landlord and not shown (D4.1)"))
    return lines


def _score_table(seen: Observation, names: Sequence[str], hands: int) -> list[Text]:
    """The scores after a hand of a match: each seat's score this hand and its total.

    >>> import io
    >>> game = Game(seed=1)
    >>> while not game.is_hand_over:
    ...     game.play(next(iter(game.legal_moves())))
    >>> for line in _score_table(game.observation(0), ["seat 0", "seat 1", "seat 2", "seat 3"], 3):
    ...     print(line.plain)  # doctest: +ELLIPSIS
    Scores after hand 1 of 3:
    seat    this hand  total
    seat 0 ...
    """
    width = max(len(name) for name in names)
    last = seen.results[-1].scores
    of = f" of {hands}" if hands > 1 else ""
    lines = [
        Text(f"Scores after hand {seen.hand_number + 1}{of}:", style="bold"),
        Text(f"{'seat':<{width}}  this hand  total", style="bold"),
    ]
    for seat, name in enumerate(names):
        lines.append(Text(f"{name:<{width}}  {last[seat]:>+9d}  {seen.scores[seat]:>+5d}"))
    return lines


def _trick(seen: Observation, told: Sequence[Event], screen: Screen) -> Text:
    """The current trick, short: each move since the last lead, by seat."""
    moves = 0
    for event in told:
        if event.kind == "lead":
            moves = 0
        elif event.kind in ("play", "pass"):
            moves += 1
    text = Text("this trick: ", style="dim")
    for index, action in enumerate(seen.history[len(seen.history) - moves :]):
        if index:
            text.append(", ")
        text.append("you" if action.seat == seen.seat else f"seat {action.seat}")
        text.append(" ")
        if isinstance(action.move, Play):
            text.append_text(screen.cards(laid_out(action.move, seen.rules), grouped=False))
        else:
            text.append("pass", style="dim")
    return text


def _draw_position(
    seen: Observation, names: Sequence[str], screen: Screen, told: Sequence[Event], *, scores: bool = False
) -> None:
    """The position before the person's move: seats (with the match scores, ``scores``),
    the play to beat, the trick, the hand."""
    rules = seen.rules
    screen.say()
    for line in _seat_lines(seen, names, screen, scores=scores):
        screen.say(line)
    if seen.landlord >= 0:
        for line in _landlord_lines(seen, names, screen):
            screen.say(line)
    if seen.phase is Phase.PLAY:
        if seen.top is not None:
            line = Text("to beat: ", style="bold")
            line.append_text(screen.cards(laid_out(seen.top, rules), grouped=False))
            line.append(f" ({seen.top.kind.label}) by {names[seen.top_seat]}")
            screen.say(line)
            screen.say(_trick(seen, told, screen))
        else:
            screen.say(Text("a new trick: you lead, any combination", style="bold"))
        if seen.must_include is not None:
            screen.say(f"your lead must include {seen.must_include.unicode() if screen.unicode else seen.must_include} (R2.5)")
        if seen.revolution:
            screen.say(Text("revolution: the rank order is flipped (R4.8)", style="magenta"))
    if seen.offered:
        line = Text("offered: ")
        line.append_text(screen.cards(seen.offered))
        screen.say(line)
    hand = Text(f"your hand ({len(seen.hand)}): ", style="bold")
    hand.append_text(screen.cards(sort_cards(seen.hand.cards, seen.rules.suit_order)))
    screen.say(hand)
    if seen.phase is Phase.EXCHANGE:
        screen.say(_exchange_prompt(seen))
    if seen.phase is Phase.AUCTION:
        for line in _auction_lines(seen, names):
            screen.say(line)


def _exchange_prompt(seen: Observation) -> str:
    """What the person decides in the exchange (R8.2-R8.4), with the forms to type."""
    moves = seen.legal_moves
    first = moves[0] if moves else None
    if isinstance(first, Give):
        choices = " or ".join(f"'{typed_form(move, seen.rules)}'" for move in moves)
        return f"You are the Loser: give your highest card (R8.2): type {choices} (the card alone will do)"
    if isinstance(first, Offer):
        low = sort_cards(seen.hand.cards, seen.rules.suit_order)[:2]
        example = " ".join(map(str, low))
        return f"You are the Winner: offer two cards of your hand for the Loser to take one (R8.2), e.g. 'offer {example}'"
    if isinstance(first, Take):
        choices = " or ".join(f"'{typed_form(move, seen.rules)}'" for move in moves)
        return f"You are the Loser: take one of the two offered cards (R8.2): type {choices} (the card alone will do)"
    if isinstance(first, Return):
        return f"You are the Winner: return any card of your hand (R8.3), e.g. 'return {min(seen.hand.cards)}'"
    return ""


def typed_move(text: str, seen: Observation) -> str:
    """What the person typed, as the game reads moves: ranks alone (``9 9 9``,
    ``10 J Q K A``) become cards of the hand where the suits cannot matter; at an
    exchange step, cards alone get the step's verb (``RJ`` is ``give RJ`` when the
    Loser gives); a kind's label after the cards, as a hint shows it
    (``2D 2H 3C 3H (pair run)``), declares the kind; the rest is left to
    :meth:`Game.play <zhengshangyou.game.Game.play>`.

    Ranks alone are read when no comparison looks at suits and there are no
    straight flushes (R4.3, R4.5, R3.11), or when the hand holds just the cards
    named; the start card a lead must include is taken first (R2.5). Otherwise a
    :class:`~zhengshangyou.errors.NotationError` names the rule and asks for the
    suits.

    >>> from zhengshangyou.game import Game
    >>> seen = Game(seed=3).observation(0)
    >>> [str(card) for card in seen.hand if card.rank.symbol == "K"]
    ['KH']
    >>> typed_move("k", seen), typed_move("KH (single)", seen)
    ('KH', 'KH as single')
    >>> typed_move("K K", seen)
    Traceback (most recent call last):
    ...
    zhengshangyou.errors.NotationError: you hold one king, not two (R1.4)
    """
    text = _declared(text)
    tokens = text.split()
    if seen.phase is Phase.AUCTION:
        if seen.rules.auction == "bid" and len(tokens) == 1 and tokens[0] in ("1", "2", "3"):
            return f"bid {tokens[0]}"  # the number alone (D3.1)
        return text
    if seen.phase is Phase.EXCHANGE and tokens and seen.legal_moves:
        verb = type(seen.legal_moves[0]).__name__.lower()
        if tokens[0].lower() not in (*_VERBS, "pass"):
            return f"{verb} {text.strip()}"
    if not tokens or not all(_RANK_ONLY.match(token) for token in tokens):
        return text
    wanted: dict[Rank, int] = {}
    for token in tokens:
        rank = Rank.parse(token)
        wanted[rank] = wanted.get(rank, 0) + 1
    chosen: list[Card] = []
    for rank, count in wanted.items():
        chosen.extend(_cards_of_rank(rank, count, seen))
    return " ".join(str(card) for card in chosen)


def _declared(text: str) -> str:
    """``text`` with a kind's label after the cards, as a hint shows it
    (``2D 2H 3C 3H (pair run)``), turned into a declaration (``... as pair_run``)."""
    label = _LABEL.search(text)
    if label is None:
        return text
    kind = label.group(1).strip().lower().replace(" ", "_")
    if kind not in _KINDS:
        return text
    text = text[: label.start()]
    return text if " as " in f" {text.lower()} " else f"{text} as {kind}"


def _cards_of_rank(rank: Rank, count: int, seen: Observation) -> list[Card]:
    """``count`` cards of ``rank`` from the hand, for ranks typed alone: the start card
    a lead must include first (R2.5); refused when the hand holds fewer, or more
    where the suits kept would matter (R3.11, R4.3, R4.5)."""
    rules = seen.rules
    held = [card for card in seen.hand.cards if card.rank is rank]
    if len(held) < count:
        number = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
        raise NotationError(
            f"you hold {rank_count_words(len(held), rank)}, not {number} (R1.4)", token=rank.symbol
        )
    if len(held) > count and (rules.suits_matter or rules.straight_flush != "none"):
        if rules.straight_flush != "none":
            rule, why = "R3.11", "the suits you keep matter for straight flushes"
        elif rules.singles_by_suit or rules.pairs_by_suit:
            rule, why = "R4.3", "plays of one rank are compared by suit"
        else:
            rule, why = "R4.5", "the suits you keep matter for straights, compared by suit"
        examples = " or ".join(" ".join(str(card) for card in held[start : start + count]) for start in (0, 1))
        raise NotationError(
            f"name the cards, such as {examples}: under these rules {why} ({rule})",
            token=rank.symbol,
            rule=rule,
        )
    must = seen.must_include
    if must is not None and must in held:
        held.remove(must)
        held.insert(0, must)
    return held[:count]


def _auction_refusal(text: str, seen: Observation) -> str | None:
    """Why ``text`` is no move of the auction, when its first word is none of the
    auction's (cards, a typo): the moves to type, with the rule (D3.1, D3.4); None
    when the game is to judge it."""
    word = text.split()[0].lower() if text.split() else ""
    if word in ("bid", "call", "rob", "pass") or (seen.rules.auction == "bid" and word in ("1", "2", "3")):
        return None
    allowed = " or ".join(f"'{move}'" for move in seen.legal_moves)
    rule = "D3.1" if seen.rules.auction == "bid" else "D3.4"
    message = f"the auction is under way: {text!r} is no move now; type {allowed} ({rule})"
    guess = _did_you_mean(text)
    return message if guess is None else f"{message}; did you mean '{guess}'?"


def _did_you_mean(text: str) -> str | None:
    """The command ``text`` is a close typo of (``pas``: ``pass``), with the rest of
    the line (``giv RJ``: ``give RJ``), or None."""
    first, _, rest = text.strip().partition(" ")
    if first.lower() in _WORDS:
        return None
    close = difflib.get_close_matches(first.lower(), _WORDS, n=1, cutoff=0.7)
    if not close:
        return None
    return f"{close[0]} {rest.strip()}".strip() if close[0] in _VERBS else close[0]


def _hint(move: Move, seen: Observation) -> str:
    """A hint as it is typed, with its kind (``2D 2H 3C 3H (pair run)``)."""
    typed = typed_form(move, seen.rules)
    if isinstance(move, Play) and " as " not in typed:
        return f"{typed} ({move.kind.label})"
    return typed


@attrs.define
class _Pending:
    """An ambiguous play waiting for its reading to be chosen by number (R3.16)."""

    cards: str
    kinds: tuple[str, ...]


def _read_line(stdin: TextIO, screen: Screen, prompt: str) -> str | None:
    """A line from the person, with line editing and history on a real terminal."""
    if stdin.isatty() and screen.out.isatty():
        with contextlib.suppress(ImportError):  # not on Windows
            import readline  # noqa: F401  (gives input() editing and history)
        try:
            return input(prompt)
        except EOFError:
            return None
    screen.console.print(prompt, end="")
    screen.out.flush()
    line = stdin.readline()
    return None if not line else line.rstrip("\n")


def play_session(
    game: Game,
    you: int,
    bots: Sequence[Bot | None],
    stdin: TextIO,
    screen: Screen,
    *,
    hands: int = 1,
    header: str = "",
) -> bool:
    """Play ``game`` with the person at seat ``you`` and ``bots`` elsewhere, for
    ``hands`` hands or until the match ends; False when the person stopped early
    (``quit``, or the end of input).

    Every line shown is built from the person's observation (and the bots act on
    their own). After each hand of a match comes a table of the scores (this hand
    and the total); when ``stdin`` is a terminal, the next hand waits for Enter.

    >>> import io
    >>> from zhengshangyou.bots import RandomBot
    >>> out = io.StringIO()
    >>> game = Game(seed=1)
    >>> play_session(game, 0, [None, RandomBot(), RandomBot(), RandomBot()], io.StringIO("quit"), Screen(out))
    False
    >>> "your move> " in out.getvalue()
    True
    """
    names = _names(bots)
    match = hands > 1
    if header:
        screen.say(Text(header, style="bold"))
    screen.say(f"Type {_commands(game.observation(you).rules)}.")
    shown_hand, shown = -1, 0
    played = 0
    mover = -1  # the seat that made the last move
    while True:
        seen = game.observation(you)
        if seen.hand_number != shown_hand:
            if mover >= 0:
                # Nobody bid: the last pass dealt the next hand at once (D3.3); it is said here.
                screen.event(Event(f"{names[mover]} passes", "auction", mover, "D3.3"))
            shown_hand, shown = seen.hand_number, 0
            screen.say()
        told = events(seen, names, unicode=screen.unicode)
        for event in told[shown:]:
            screen.event(event)
        shown = len(told)
        if seen.phase.is_over:
            played += 1
            last = seen.phase is Phase.MATCH_OVER or played >= hands
            if match:
                screen.say()
                for line in _score_table(seen, names, hands):
                    screen.say(line)
            if last:
                totals = ", ".join(f"{names[seat]} {score:+d}" for seat, score in enumerate(seen.scores))
                screen.say(Text(f"Match totals: {totals}", style="bold"))
                return True
            if _interactive(stdin) and not _next_hand_wanted(stdin, screen):
                return False
            game.next_hand()
            mover = -1
            continue
        mover = seen.to_act
        bot = bots[mover]
        if bot is not None:
            game.play(bot.choose(game.observation(mover)), seat=mover)
            continue
        _draw_position(seen, names, screen, told, scores=match)
        if not _person_moves(game, seen, stdin, screen):
            return False


def _commands(rules: Rules) -> str:
    """What the person may type under ``rules``: cards of the rules' deck (a joker
    only where it has them, R1.3), and the auction's moves too where there is one
    (D3.1, D3.4).

    >>> _commands(Rules.preset("doudizhu")).startswith("in the auction bid 1")
    True
    >>> _commands(Rules()).startswith("cards (3D 10H BJ, "), _commands(Rules.preset("big-two")).startswith("cards (3D 10H, ")
    (True, True)
    """
    commands = _COMMANDS.format(examples="3D 10H BJ" if rules.jokers else "3D 10H")
    bidding = _BIDDING.get(rules.auction)
    if rules.teams != "landlord" or bidding is None:
        return commands
    return f"in the auction {bidding}; then {commands}"


def _interactive(stdin: TextIO) -> bool:
    """Whether a person types at a terminal (a pause between hands waits for them;
    piped input, a script, never waits)."""
    return stdin.isatty()


def _next_hand_wanted(stdin: TextIO, screen: Screen) -> bool:
    """The pause between two hands: Enter goes on; ``quit`` or the end of input stops."""
    line = _read_line(stdin, screen, "press Enter for the next hand (or type quit)> ")
    if line is None:
        screen.say()
        screen.say("End of input: stopping.")
        return False
    return line.strip().lower() not in ("quit", "exit")


def _only_move(seen: Observation) -> Move | None:
    """The person's only legal move, when there is exactly one: a pass when nothing
    beats, the one highest card to give (R8.2). (A single class of plays may have
    several suit choices: no play is ever the only move here.)"""
    moves = seen.legal_moves
    if len(moves) == 1 and not isinstance(moves[0], Play):
        return moves[0]
    return None


def _person_moves(game: Game, seen: Observation, stdin: TextIO, screen: Screen) -> bool:
    """Read the person's move until one is allowed and play it; False to stop."""
    pending: _Pending | None = None
    only = _only_move(seen)
    if only is not None:
        screen.say(f"Your only legal move is '{typed_form(only, seen.rules)}': press Enter to make it.")
    while True:
        line = _read_line(stdin, screen, "your move> ")
        if line is None:
            screen.say()
            screen.say("End of input: stopping.")
            return False
        text = line.strip()
        word = text.lower()
        if word in ("quit", "exit"):
            return False
        if word in ("help", "h"):
            screen.say(f"Type {_commands(seen.rules)}.")
            screen.say("An ambiguous play is declared: 3C 4C 5C as straight_flush, or by the number offered.")
            screen.say("At the exchange, the card alone will do (RJ for give RJ); quit stops (Q is a queen).")
            continue
        if word in ("?", "hint"):
            screen.say(f"hint: {_hint(HeuristicBot().choose(seen), seen)}")
            continue
        if not text:
            if only is None:
                continue
            text = typed_form(only, seen.rules)
        number = _number(text)
        if pending is not None and number is not None:
            if not 1 <= number <= len(pending.kinds):
                screen.say(
                    Text(
                        f"Not allowed: type a number from 1 to {len(pending.kinds)} for the reading of"
                        f" {pending.cards}, or the play with 'as <kind>' (R3.16)",
                        style="yellow",
                    )
                )
                continue
            text = f"{pending.cards} as {pending.kinds[number - 1]}"
        pending = None
        refusal = _auction_refusal(text, seen) if seen.phase is Phase.AUCTION else None
        if refusal is not None:
            screen.say(Text(f"Not allowed: {refusal}", style="yellow"))
            continue
        try:
            game.play(typed_move(text, seen), seat=seen.seat)
        except AmbiguousPlayError as error:
            readings = [play for play in error.readings if isinstance(play, Play)]
            kinds = tuple(dict.fromkeys(play.kind.value for play in readings))
            cards = " ".join(str(card) for card in readings[0].cards) if readings else text
            pending = _Pending(cards, kinds)
            screen.say(f"{cards} can be played as:")
            for index, kind in enumerate(kinds, 1):
                screen.say(f"  {index}) {kind.replace('_', ' ')}   ({cards} as {kind})")
            screen.say(f"type its number (1 to {len(kinds)}), or the play with 'as <kind>' (R3.16)")
        except ValueError as error:  # the library's errors are ValueErrors naming a rule
            screen.say(Text(f"Not allowed: {_refusal(error, text)}", style="yellow"))
        else:
            return True


def _refusal(error: ValueError, text: str) -> str:
    """Why the library refused what the person typed, once, with its rule id; a close
    typo of a command pointed out.

    >>> _refusal(NotationError("'pas' is not a card (R1.4)", rule="R1.4"), "pas")
    "'pas' is not a card (R1.4); did you mean 'pass'?"
    """
    message = str(error)
    rule = getattr(error, "rule", None)
    if rule and f"({rule})" not in message:
        message += f" ({rule})"
    guess = _did_you_mean(text) if isinstance(error, NotationError) else None
    return message if guess is None else f"{message}; did you mean '{guess}'?"


def replay_session(
    record: Record,
    seat: int,
    stdin: TextIO,
    screen: Screen,
    *,
    pause: bool = True,
    show_hands: bool = False,
) -> None:
    """Step through a record move by move, told as ``seat`` sees it, with that seat's
    hand shown whenever it changes.

    With ``pause``, each step waits for a line: Enter for the next move, a number
    to go to that move (counted from 1 over the whole match), ``end`` to run to the
    end, ``quit`` to stop (a single letter never stops: ``Q`` is a queen); the end
    of input runs to the end. A step the seat cannot see (an offer between the
    Winner and the Loser, R8.2) is said to have happened, without its cards.
    ``show_hands`` shows every seat's hand at each step (a record holds every deal:
    it is open).

    >>> import io
    >>> game = Game(seed=2)
    >>> game.play(next(iter(game.legal_moves())))
    >>> out = io.StringIO()
    >>> replay_session(Record.from_game(game), 1, io.StringIO(), Screen(out), pause=False)
    >>> print(out.getvalue().splitlines()[-1])
    End of the record: scores seat 0 +0, seat 1 +0, seat 2 +0, seat 3 +0
    """
    rules = record.rules
    game = Game(rules, seed=record.seed if record.seed is not None else 0, deals=[hand.deal for hand in record.hands])
    names = tuple(f"seat {other}" for other in range(rules.players))
    total = sum(len(hand.actions) for hand in record.hands)
    screen.say(
        Text(
            f"Replay of a record of {screen.game_name(rules)}: {len(record.hands)} hand(s), {total} moves,"
            f" told as seat {seat} sees it",
            style="bold",
        )
    )
    index, target = 0, 1
    shown = 0
    held: tuple[Card, ...] | None = None
    for number, hand in enumerate(record.hands):
        if number:
            if game.observation(seat).hand_number < number:  # (a redeal deals at once, D3.3)
                game.next_hand()
            shown = 0
        for action in [None, *hand.actions]:
            if action is not None:
                game.play(action.move, seat=action.seat)
                index += 1
            seen = game.observation(seat)
            if seen.hand_number != number:
                # Nobody bid: the last pass dealt the next hand at once (D3.3); it is said here.
                assert action is not None
                screen.event(Event(f"{names[action.seat]} passes", "auction", action.seat, "D3.3"))
            else:
                told = events(seen, names, unicode=screen.unicode)
                for event in told[shown:]:
                    screen.event(event)
                if action is not None and len(told) == shown:
                    screen.say(_unseen(action.move, action.seat, seat, names))
                shown = len(told)
                if seen.hand.cards != held:
                    held = seen.hand.cards
                    line = Text(f"seat {seat}'s hand ({len(held)}): ", style="bold")
                    line.append_text(screen.cards(held))
                    screen.say(line)
            if action is None:
                continue
            if show_hands:
                for other in range(rules.players):
                    line = Text(f"  {names[other]}: ")
                    line.append_text(screen.cards(game.hands[other].cards))
                    screen.say(line)
            if pause and index >= target and index < total:
                answer = _replay_answer(stdin, screen, index, total)
                if answer == "end":
                    pause = False
                elif isinstance(answer, int):
                    target = answer
                else:
                    return  # quit
    totals = ", ".join(f"{names[other]} {score:+d}" for other, score in enumerate(game.scores))
    screen.say(Text(f"End of the record: scores {totals}", style="bold"))


def _unseen(move: Move, mover: int, seat: int, names: Sequence[str]) -> str:
    """A step ``seat`` does not see, said without what it hides (R8.2).

    >>> from zhengshangyou.cards import parse_cards
    >>> _unseen(Offer(parse_cards("3D 4C")), 1, 0, ["seat 0", "seat 1"])
    'seat 1 (Winner) offers two cards to the Loser; seat 0 does not see them (R8.2)'
    >>> _unseen(Take(parse_cards("3D")[0]), 1, 0, ["seat 0", "seat 1"])
    'seat 1 moves; seat 0 does not see the move'
    """
    if isinstance(move, Offer):
        return f"{names[mover]} (Winner) offers two cards to the Loser; seat {seat} does not see them (R8.2)"
    return f"{names[mover]} moves; seat {seat} does not see the move"


def _replay_answer(stdin: TextIO, screen: Screen, index: int, total: int) -> int | str:
    """What to do at a pause of the replay: the move to go to, ``end`` or ``quit``."""
    while True:
        answer = _read_line(stdin, screen, f"move {index}/{total}> ")
        if answer is None:
            return "end"
        word = answer.strip().lower()
        if word in ("end", "quit", "exit"):
            return "quit" if word == "exit" else word
        if not word:
            return index + 1
        number = _number(word)
        if number is not None:
            return number
        screen.say(f"Type Enter for the next move, a move number (1 to {total}), end or quit.")
