"""Full-game drivers for the three reference Dou Dizhu engines (issue 36, agreement harness).

Each driver plays one whole hand inside one engine -- DouZero 1.1.0
(``douzero.env.game.GameEnv``), RLCard 1.2.0 (``rlcard.games.doudizhu.game.DoudizhuGame``)
or OpenSpiel (``pyspiel.load_game("dou_dizhu")``, auction included) -- from a deal given
in an engine-neutral form, so that a harness can feed the same moves to our engine and
to each of them and compare, at every decision, the legal move sets, and at the end the
outcome. The legal moves, the end of the hand and the rewards always come from the
engine's own code (its move generator, its end detection, its scoring); a driver only
translates.

The neutral forms:

- a rank is an int 0..14 for 3, 4, ..., K, A, 2, black joker, red joker (the library's
  ``Rank`` values); ``RANK_TEXT`` writes them ``3456789TJQKA2BR``; suits never matter
  (FAMILY.md D1.1);
- a play is a sorted tuple of ranks (a multiset), the pass in the play phase ``()``;
- in OpenSpiel's auction a bid is ``("bid", n)`` with n in 1..3 and declining is
  ``("pass",)``;
- a :class:`Deal` holds three 17-card hands, indexed by seat in play order, and the
  3 kitty cards.

Seats: every driver speaks in the deal's seat numbers (0, 1, 2 in play order).
DouZero and RLCard have no auction: their landlord is their own position ``landlord``
/ player 0, who gets the kitty (20 cards) and leads; the driver's ``landlord``
argument (default 0) says which seat of the deal that is, and the two engines' other
positions follow in play order (DouZero's ``landlord_down`` is seat ``landlord + 1``,
``landlord_up`` seat ``landlord + 2``; RLCard's player ``i`` is seat ``landlord + i``,
all mod 3). With ``landlord=0`` the seats are the engines' own. OpenSpiel's seats are its
player ids. OpenSpiel's chance outcomes deal one chosen card at a time (card ``k`` of
the deal to player ``k mod 3``) after choosing the position of the face-up card, whose
holder bids first: so any deal, any first bidder and any face-up rank of that bidder's
hand can be given; the 3 undealt cards are the kitty, which the engine gives the
landlord when the auction ends.

Registered engine defects (FAMILY.md D11) the drivers pass through unchanged: RD-D1,
RD-D2 (OpenSpiel), RD-D3 (DouZero's duplicate moves: ``legal()`` is a set), RD-D4 to RD-D6
(DouZero), RD-D7 (RLCard's public ``seen_cards``, which no driver reads), RD-D8 (RLCard's
move order: ``legal()`` is a set).

The interface common to the drivers (``Driver``)::

    driver = DouZeroDriver(deal, landlord=0)          # or RLCardDriver(deal, landlord=0)
    driver = OpenSpielDriver(deal, first_bidder=0, face_up=None)
    driver.phase()         # "auction" (OpenSpiel only), "play" or "over"
    driver.to_act()        # the seat to act (None once over)
    driver.legal()         # frozenset of moves, in the neutral form
    driver.readings(move)  # the engine's readings of one play (OpenSpiel airplanes)
    driver.legal_readings()  # frozenset of (move, body) pairs
    driver.apply(move, body=None)
    driver.is_over()
    driver.outcome()       # an Outcome: the engine's own rewards per seat
    driver.hands()         # each seat's cards as the engine holds them now
    driver.landlord        # the landlord's seat (None during OpenSpiel's auction)
    driver.history         # [(seat, move), ...] as applied
    driver.repeats()       # how many listed actions repeat another (RD-D3, DouZero)
    rlcard.seen_cards()    # RLCard's public seen_cards, as ranks (RD-D7)

Run ``python benchmarks/agree_doudizhu_selfplay.py`` to check the drivers on random
games.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Ranks = tuple[int, ...]  # a rank multiset, sorted (the library's Rank ints 0..14)
Move = tuple[Any, ...]  # Ranks for a play, () the pass; ("bid", n) / ("pass",) in an auction
Phase = Literal["auction", "play", "over"]

#: Ranks 0..14 as one letter each: 3 … 9, T(en), J, Q, K, A, 2, B(lack joker), R(ed joker).
RANK_TEXT = "3456789TJQKA2BR"
#: Our ranks as RLCard's letters (the same letters).
RLCARD_STR = RANK_TEXT
#: Our ranks as DouZero's card ints.
DOUZERO_INT = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)
#: DouZero's card ints as our ranks.
DOUZERO_BACK = {value: rank for rank, value in enumerate(DOUZERO_INT)}
#: The 54-card deck as rank counts: four of each of 3..2, one of each joker.
DECK: Counter[int] = Counter({**dict.fromkeys(range(13), 4), 13: 1, 14: 1})
BLACK_JOKER, RED_JOKER = 13, 14
PASS: Move = ()
AUCTION_PASS: Move = ("pass",)
ENGINES = ("douzero", "rlcard", "openspiel")


def text(ranks: Iterable[int]) -> str:
    """Ranks as letters: ``text((0, 0, 7, 13)) == "33TB"``."""
    return "".join(RANK_TEXT[rank] for rank in ranks)


def parse(letters: str) -> Ranks:
    """Letters as a sorted rank tuple: ``parse("B3T3") == (0, 0, 7, 13)``."""
    return tuple(sorted(RANK_TEXT.index(letter) for letter in letters.upper()))


def is_bomb(move: Move) -> bool:
    """A bomb (four of a rank, alone) or the rocket, by the cards only (D5, D6.2)."""
    return (len(move) == 4 and len(set(move)) == 1) or move == (BLACK_JOKER, RED_JOKER)


def openspiel_ranks(action_text: str) -> tuple[Ranks, Ranks]:
    """An OpenSpiel play action's text as (all ranks, the ranks before the wings).

    OpenSpiel writes an airplane with wings as ``"333444-5T"`` (the trio run, then the
    wings); every other play has no ``-`` and its body is ``()``.
    """
    letters = action_text.replace("(BWJ)", "B").replace("(CJ)", "R")
    body, _, wings = letters.partition("-")
    return parse(body + wings), (parse(body) if wings else ())


def openspiel_card_rank(card: int) -> int:
    """The rank of OpenSpiel's card ``card`` (0..53: C3..C2, D3..D2, H3..H2, S3..S2, BJ, RJ;
    its deal action is ``card + 51``)."""
    return card % 13 if card < 52 else card - 39


@dataclass(frozen=True)
class Deal:
    """A Dou Dizhu deal in the neutral form: three 17-card hands (by seat, in play order)
    and the 3 kitty cards, each a sorted rank tuple; together exactly the 54-card deck."""

    hands: tuple[Ranks, Ranks, Ranks]
    kitty: Ranks

    def __post_init__(self) -> None:
        hands = tuple(tuple(sorted(hand)) for hand in self.hands)
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "kitty", tuple(sorted(self.kitty)))
        if len(hands) != 3 or any(len(hand) != 17 for hand in hands) or len(self.kitty) != 3:
            raise ValueError(f"a deal is three 17-card hands and a 3-card kitty, not {self}")
        total = Counter(self.kitty)
        for hand in hands:
            total.update(hand)
        if total != DECK:
            raise ValueError(f"the deal is not the 54-card deck: {dict(total - DECK)} too many, "
                             f"{dict(DECK - total)} missing")

    @classmethod
    def random(cls, rng: random.Random) -> Deal:
        """A uniformly shuffled deal."""
        deck = sorted(DECK.elements())
        rng.shuffle(deck)
        return cls((tuple(deck[0:17]), tuple(deck[17:34]), tuple(deck[34:51])), tuple(deck[51:]))

    @classmethod
    def parse(cls, hands: Sequence[str], kitty: str) -> Deal:
        """A deal from letters: ``Deal.parse(["33..", "..", ".."], "BR2")``."""
        a, b, c = (parse(hand) for hand in hands)
        return cls((a, b, c), parse(kitty))

    def holding(self, landlord: int | None) -> tuple[Ranks, Ranks, Ranks]:
        """Each seat's cards before play: the landlord's with the kitty (D4.1)."""
        held = [
            tuple(sorted(hand + self.kitty)) if seat == landlord else hand
            for seat, hand in enumerate(self.hands)
        ]
        return held[0], held[1], held[2]

    def __str__(self) -> str:
        return " / ".join(text(hand) for hand in self.hands) + f" | kitty {text(self.kitty)}"


@dataclass(frozen=True)
class Outcome:
    """A hand's end as the engine reports it, per seat of the deal.

    ``rewards`` maps a name of the engine's scheme to the three seats' values:
    DouZero ``"adp"``, ``"wp"``, ``"logadp"`` (``Env._get_reward``: the landlord +r on a
    win, each peasant the opposite, D9.4) and ``"num_scores"`` (``GameEnv``'s
    evaluation table: the landlord ±2·2^b, each peasant ∓2^b); RLCard ``"payoffs"``
    (``Judger.judge_payoffs``: each winner 1, each loser 0); OpenSpiel ``"returns"``
    (``state.returns()``). ``bombs`` is the engine's own count of bombs and rockets
    (DouZero ``bomb_num``; OpenSpiel's plays with an action id in its bomb/rocket range;
    None for RLCard, which counts none). ``landlord_won`` is read from the engine's
    result (None when OpenSpiel's auction ended with three passes: no landlord, every
    return 0). ``detail`` holds the rest of what the engine reports.
    """

    engine: str
    landlord: int | None
    first_out: int | None
    landlord_won: bool | None
    rewards: dict[str, tuple[float, float, float]]
    bombs: int | None
    detail: dict[str, Any] = field(default_factory=dict)


def _per_seat(values: dict[int, float]) -> tuple[float, float, float]:
    return float(values[0]), float(values[1]), float(values[2])


class Driver(ABC):
    """One engine's hand, driven move by move in the neutral forms (see the module)."""

    name: str = ""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.landlord: int | None = None
        self.history: list[tuple[int, Move]] = []

    @abstractmethod
    def phase(self) -> Phase:
        """``"auction"``, ``"play"`` or ``"over"``."""

    @abstractmethod
    def to_act(self) -> int | None:
        """The seat to act, or None when the hand is over."""

    @abstractmethod
    def _legal(self) -> dict[Move, list[Any]]:
        """Each legal move with the engine's actions that make it (one unless the engine
        has several readings of the same cards)."""

    @abstractmethod
    def _apply(self, action: Any) -> None:
        """Apply one engine action."""

    @abstractmethod
    def hands(self) -> tuple[Ranks, Ranks, Ranks]:
        """Each seat's cards as the engine holds them now."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """The engine's result; only when the hand is over."""

    def is_over(self) -> bool:
        """Whether the hand has ended (by the engine's own end detection)."""
        return self.phase() == "over"

    def legal(self) -> frozenset[Move]:
        """The legal moves now, in the neutral form (empty once the hand is over)."""
        return frozenset(self._legal())

    def readings(self, move: Move) -> list[Ranks]:
        """The engine's distinct readings of a legal play, each given by its body: the
        ranks of an airplane's trio run when OpenSpiel writes the play with its wings
        apart (``"333444-5T"``), else ``()``. Always ``[()]`` for DouZero and RLCard."""
        return [self._body(action) for action in self._legal()[move]]

    def legal_readings(self) -> frozenset[tuple[Move, Ranks]]:
        """The legal moves with each of the engine's readings: ``(move, body)`` pairs
        (see ``readings``), to compare readings one by one (D5.17)."""
        return frozenset((move, self._body(action))
                         for move, actions in self._legal().items() for action in actions)

    def _body(self, action: Any) -> Ranks:
        return ()

    def repeats(self) -> int:
        """How many of the engine's listed legal actions repeat an earlier one now
        (RD-D3, DouZero; always 0 for the others)."""
        return 0

    def apply(self, move: Move, body: Ranks | None = None) -> None:
        """Play ``move`` (a legal move, neutral form). ``body`` picks one of the engine's
        readings (see ``readings``) and is needed only when there are several. A play's
        ranks may come in any order (and as a list)."""
        move = tuple(move)
        if all(isinstance(rank, int) for rank in move):
            move = tuple(sorted(move))
        legal = self._legal()
        if move not in legal:
            raise ValueError(f"{self.name}: {move!r} is not legal for seat {self.to_act()}; "
                             f"legal: {sorted(legal, key=repr)[:12]}")
        actions = legal[move]
        if body is not None:
            actions = [action for action in actions if self._body(action) == tuple(body)]
            if not actions:
                raise ValueError(f"{self.name}: {move!r} has no reading with body {body!r}; "
                                 f"readings: {self.readings(move)}")
        elif len(actions) > 1:
            raise ValueError(f"{self.name}: {move!r} has several readings "
                             f"{self.readings(move)}; give body=")
        seat = self.to_act()
        assert seat is not None
        self._apply(actions[0])
        self.history.append((seat, move))


# --- DouZero ----------------------------------------------------------------------------

_DZ_POSITIONS = ("landlord", "landlord_down", "landlord_up")  # in play order


class DouZeroDriver(Driver):
    """DouZero 1.1.0's ``GameEnv``, driven through the ``DummyAgent`` players of its own
    ``douzero.env.env.Env`` wrapper (the agent is told the move; ``GameEnv.step`` asks
    it). The legal moves are ``GameEnv.get_legal_card_play_actions`` (the infoset's
    ``legal_actions``); the end and the winner are ``GameEnv.game_done``; the rewards are
    ``Env._get_reward`` under each objective, and ``GameEnv``'s ``num_scores``.
    ``Env.step`` itself is not called: it only adds the network's observation encoding.
    """

    name = "douzero"

    def __init__(self, deal: Deal, landlord: int = 0) -> None:
        from douzero.env.env import Env

        super().__init__(deal)
        if landlord not in (0, 1, 2):
            raise ValueError(f"landlord must be a seat 0..2, not {landlord!r}")
        self.landlord = landlord
        self._env = Env("adp")  # (the objective is chosen again for each reward)
        self._game = self._env._env
        held = deal.holding(landlord)
        data: dict[str, list[int]] = {
            position: sorted(DOUZERO_INT[rank] for rank in held[(landlord + i) % 3])
            for i, position in enumerate(_DZ_POSITIONS)
        }
        data["three_landlord_cards"] = sorted(DOUZERO_INT[rank] for rank in deal.kitty)
        self._game.card_play_init(data)

    def _seat(self, position: str) -> int:
        assert self.landlord is not None
        return (self.landlord + _DZ_POSITIONS.index(position)) % 3

    def phase(self) -> Phase:
        return "over" if self._game.game_over else "play"

    def to_act(self) -> int | None:
        return None if self._game.game_over else self._seat(self._game.acting_player_position)

    def _legal(self) -> dict[Move, list[Any]]:
        if self._game.game_over:
            return {}
        legal: dict[Move, list[Any]] = {}
        for action in self._game.game_infoset.legal_actions:
            move = tuple(sorted(DOUZERO_BACK[value] for value in action))
            legal.setdefault(move, [action])  # RD-D3: repeats are one move
        return legal

    def repeats(self) -> int:
        if self._game.game_over:
            return 0
        listed = self._game.game_infoset.legal_actions
        return len(listed) - len({tuple(action) for action in listed})

    def _apply(self, action: Any) -> None:
        self._env.players[self._game.acting_player_position].set_action(list(action))
        self._game.step()

    def hands(self) -> tuple[Ranks, Ranks, Ranks]:
        held: dict[int, Ranks] = {}
        for position in _DZ_POSITIONS:
            cards = self._game.info_sets[position].player_hand_cards
            held[self._seat(position)] = tuple(sorted(DOUZERO_BACK[value] for value in cards))
        return held[0], held[1], held[2]

    def outcome(self) -> Outcome:
        if not self._game.game_over:
            raise ValueError("douzero: the hand is not over")
        assert self.landlord is not None
        winner = self._game.get_winner()  # "landlord" or "farmer"
        rewards: dict[str, tuple[float, float, float]] = {}
        for objective in ("adp", "wp", "logadp"):
            self._env.objective = objective
            reward = float(self._env._get_reward())  # the landlord's; farmers -reward (D9.4)
            rewards[objective] = _per_seat(
                {seat: reward if seat == self.landlord else -reward for seat in range(3)})
        self._env.objective = "adp"
        scores = self._game.num_scores
        rewards["num_scores"] = _per_seat(
            {seat: scores["landlord" if seat == self.landlord else "farmer"] for seat in range(3)})
        empty = [seat for seat, hand in enumerate(self.hands()) if not hand]
        return Outcome(
            engine=self.name, landlord=self.landlord, first_out=empty[0] if empty else None,
            landlord_won=winner == "landlord", rewards=rewards, bombs=self._game.get_bomb_num(),
            detail={"winner": winner, "num_wins": dict(self._game.num_wins),
                    "num_scores": dict(scores),
                    "player_utility_dict": dict(self._game.player_utility_dict)},
        )


# --- RLCard -----------------------------------------------------------------------------


class RLCardDriver(Driver):
    """RLCard 1.2.0's ``DoudizhuGame``. ``init_game`` deals at random and makes player 0
    landlord (``Dealer.determine_role``; there is no auction); the driver then gives the
    players the deal's cards (RLCard ``Card`` objects of its own deck), puts the kitty
    in the round's ``seen_cards`` and in the dealer's deck, and builds a new ``Judger``,
    which computes every player's playable cards from his hand. The legal moves are the
    state's ``actions`` (``Player.available_actions``: the judger's playable cards for a
    lead, ``utils.get_gt_cards`` with ``"pass"`` for an answer); the end is the game's
    ``winner_id`` (``Judger.judge_game``); the rewards ``Judger.judge_payoffs``, as the
    env's ``get_payoffs`` computes them.
    """

    name = "rlcard"

    def __init__(self, deal: Deal, landlord: int = 0) -> None:
        import functools

        from rlcard.games.doudizhu.game import DoudizhuGame
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.games.doudizhu.utils import cards2str, doudizhu_sort_card
        from rlcard.utils import init_54_deck

        super().__init__(deal)
        if landlord not in (0, 1, 2):
            raise ValueError(f"landlord must be a seat 0..2, not {landlord!r}")
        self.landlord = landlord
        game = DoudizhuGame()
        game.np_random.seed(0)  # (its own deal is replaced below)
        game.init_game()
        assert game.round.landlord_id == 0
        pool: dict[str, list[Any]] = {}
        for card in init_54_deck():
            pool.setdefault(card.rank or card.suit[0], []).append(card)
        order = functools.cmp_to_key(doudizhu_sort_card)

        def take(ranks: Ranks) -> list[Any]:
            return [pool[RLCARD_STR[rank]].pop() for rank in ranks]

        # Player i is seat landlord + i; the dealer's deck is as dealt (17 cards per
        # player, then the kitty, which determine_role adds to player 0's hand).
        dealt = [take(deal.hands[(landlord + index) % 3]) for index in range(3)]
        kitty = sorted(take(deal.kitty), key=order)
        game.round.dealer.deck = [card for cards in dealt for card in cards] + kitty
        dealt[0] += kitty
        for player, cards in zip(game.players, dealt, strict=True):
            cards.sort(key=order)
            player.set_current_hand(cards)
            player.initial_hand = cards2str(cards)
            player.role = "landlord" if player.player_id == 0 else "peasant"
        game.round.seen_cards = cards2str(kitty)
        game.round.public["seen_cards"] = game.round.seen_cards
        game.judger = DoudizhuJudger(game.players, game.np_random)
        game.state = game.get_state(game.round.current_player)
        self._game = game

    def _seat(self, player_id: int) -> int:
        assert self.landlord is not None
        return (self.landlord + player_id) % 3

    def phase(self) -> Phase:
        return "over" if self._game.is_over() else "play"

    def to_act(self) -> int | None:
        return None if self._game.is_over() else self._seat(self._game.round.current_player)

    def _legal(self) -> dict[Move, list[Any]]:
        if self._game.is_over():
            return {}
        legal: dict[Move, list[Any]] = {}
        for action in self._game.state["actions"]:
            move = PASS if action == "pass" else parse(action)
            legal.setdefault(move, [action])
        return legal

    def _apply(self, action: Any) -> None:
        self._game.step(action)

    def seen_cards(self) -> Ranks:
        """The kitty cards RLCard still shows as public (``round.public["seen_cards"]``,
        which RD-D7 shortens by every copy of a rank the landlord plays)."""
        return parse(self._game.round.public["seen_cards"])

    def hands(self) -> tuple[Ranks, Ranks, Ranks]:
        held: dict[int, Ranks] = {}
        for player in self._game.players:
            held[self._seat(player.player_id)] = parse(
                "".join(card.rank or card.suit[0] for card in player.current_hand))
        return held[0], held[1], held[2]

    def outcome(self) -> Outcome:
        if not self._game.is_over():
            raise ValueError("rlcard: the hand is not over")
        payoffs = self._game.judger.judge_payoffs(self._game.round.landlord_id, self._game.winner_id)
        empty = [seat for seat, hand in enumerate(self.hands()) if not hand]
        return Outcome(
            engine=self.name, landlord=self.landlord, first_out=empty[0] if empty else None,
            landlord_won=bool(payoffs[self._game.round.landlord_id] > 0),
            rewards={"payoffs": _per_seat({self._seat(i): payoffs[i] for i in range(3)})},
            bombs=None,
            detail={"winner_id": self._game.winner_id, "landlord_id": self._game.round.landlord_id},
        )


# --- OpenSpiel ----------------------------------------------------------------------------

#: OpenSpiel's action ids (dou_dizhu_utils.h): 0 pass, 1..3 the bids, plays from 4; the
#: bombs from kBombActionBase, the rocket last (kRocketActionBase); deal actions are a
#: card's id + kDealingActionBase.
OS_PASS, OS_PLAY_BASE, OS_BOMB_BASE, OS_ROCKET, OS_DEAL_BASE = 0, 4, 26043, 26056, 51


class OpenSpielDriver(Driver):
    """OpenSpiel's ``dou_dizhu``: the whole hand, auction included, from a given deal.

    Its chance nodes are played by the driver: first the face-up card's position ``p``
    (``first_bidder``: the deal's ``p``-th card goes to seat ``p mod 3``, who bids first;
    the driver takes ``p = first_bidder``), then the 51 dealt cards one by one, card
    ``k`` to seat ``k mod 3``, chosen from the deal (the card dealt at position ``p`` has
    rank ``face_up``, default that seat's lowest). The 3 cards left are the kitty, which
    the engine adds to the landlord's hand when the auction ends. Moves: ``("bid", n)``
    / ``("pass",)`` in the auction, plays and ``()`` after. The auction follows the
    engine (D3.2 ``until_two_passes``; a bid of 3 ends it; three passes end the hand
    with every return 0, D3.3 ``void``). The legal moves are ``state.legal_actions()``;
    one card set can be several actions (airplane readings, D5.17): ``readings`` lists
    them and ``apply`` takes ``body`` to pick one. The end is ``state.is_terminal()``,
    the rewards ``state.returns()``.
    """

    name = "openspiel"

    def __init__(self, deal: Deal, first_bidder: int = 0, face_up: int | None = None) -> None:
        import pyspiel

        super().__init__(deal)
        if first_bidder not in (0, 1, 2):
            raise ValueError(f"first_bidder must be a seat 0..2, not {first_bidder!r}")
        if face_up is None:
            face_up = deal.hands[first_bidder][0]
        if face_up not in deal.hands[first_bidder]:
            raise ValueError(f"face_up {face_up!r} is not in seat {first_bidder}'s hand")
        self.first_bidder = first_bidder
        self.face_up = face_up
        self._state = pyspiel.load_game("dou_dizhu").new_initial_state()
        if self._state.action_to_string(0, OS_BOMB_BASE) != "3333" or \
                self._state.action_to_string(0, OS_ROCKET) != "(BWJ)(CJ)":
            raise RuntimeError("this OpenSpiel numbers its bomb actions differently")
        # Card ids of each rank (suits are identity only, D1.1).
        free = {rank: [suit * 13 + rank for suit in range(4)] for rank in range(13)}
        free[BLACK_JOKER], free[RED_JOKER] = [52], [53]
        queues = []
        for seat, hand in enumerate(deal.hands):
            ranks = list(hand)
            if seat == first_bidder:  # its first card, dealt at position first_bidder
                ranks.remove(face_up)
                ranks.insert(0, face_up)
            queues.append([free[rank].pop() for rank in ranks])
        self._state.apply_action(first_bidder)  # "Decide first card up position p"
        for position in range(51):
            self._state.apply_action(OS_DEAL_BASE + queues[position % 3][position // 3])
        assert not self._state.is_chance_node()
        seen = re.search(r"face up card rank: (\d+)start player: (\d+)", self._state.observation_string(0))
        if seen is None or (int(seen[1]), int(seen[2])) != (face_up, first_bidder):
            raise RuntimeError(f"openspiel: the face-up card and first bidder are not as dealt: {seen}")
        self._bid, self._bidder = 0, first_bidder  # the high bid and its bidder so far

    def phase(self) -> Phase:
        if self._state.is_terminal():
            return "over"
        return "auction" if self.landlord is None else "play"

    def to_act(self) -> int | None:
        return None if self._state.is_terminal() else int(self._state.current_player())

    def _legal(self) -> dict[Move, list[Any]]:
        if self._state.is_terminal():
            return {}
        auction = self.landlord is None
        legal: dict[Move, list[Any]] = {}
        for action in self._state.legal_actions():
            if action == OS_PASS:
                move: Move = AUCTION_PASS if auction else PASS
            elif auction:
                assert action < OS_PLAY_BASE
                move = ("bid", action)
            else:
                move = openspiel_ranks(self._state.action_to_string(action))[0]
            legal.setdefault(move, []).append(action)
        return legal

    def _body(self, action: Any) -> Ranks:
        if self.landlord is None or action == OS_PASS:
            return ()
        return openspiel_ranks(self._state.action_to_string(action))[1]

    def _apply(self, action: Any) -> None:
        auction = self.landlord is None
        bidder = self._state.current_player()
        self._state.apply_action(action)
        if auction and action != OS_PASS:
            self._bid, self._bidder = action, int(bidder)
        # The auction is over when the engine has given the high bidder the kitty.
        if auction and not self._state.is_terminal() and self._bid and \
                len(self.hands()[self._bidder]) == 20:
            self.landlord = self._bidder

    def hands(self) -> tuple[Ranks, Ranks, Ranks]:
        held = []
        for seat in range(3):
            line = self._state.observation_string(seat).split("\n")[0]
            assert line.startswith("My hand ")
            held.append(openspiel_ranks(line[len("My hand "):])[0])
        return held[0], held[1], held[2]

    def outcome(self) -> Outcome:
        if not self._state.is_terminal():
            raise ValueError("openspiel: the hand is not over")
        returns = self._state.returns()
        # After the face-up position and the 51 dealt cards: bids, then plays.
        bombs = sum(1 for action in self._state.history()[52:] if action >= OS_BOMB_BASE)
        empty = [seat for seat, hand in enumerate(self.hands()) if not hand]
        won = None if self.landlord is None else returns[self.landlord] > 0
        return Outcome(
            engine=self.name, landlord=self.landlord, first_out=empty[0] if empty else None,
            landlord_won=won, rewards={"returns": _per_seat(dict(enumerate(returns)))},
            bombs=bombs, detail={"bid": self._bid, "first_bidder": self.first_bidder,
                                 "face_up": self.face_up},
        )


def make(engine: str, deal: Deal, seat: int = 0, face_up: int | None = None) -> Driver:
    """The driver of ``engine`` (one of ``ENGINES``) on ``deal``: ``seat`` is the landlord
    for DouZero and RLCard, the first bidder for OpenSpiel (with ``face_up``)."""
    if engine == "douzero":
        return DouZeroDriver(deal, landlord=seat)
    if engine == "rlcard":
        return RLCardDriver(deal, landlord=seat)
    if engine == "openspiel":
        return OpenSpielDriver(deal, first_bidder=seat, face_up=face_up)
    raise ValueError(f"unknown engine {engine!r}; one of {ENGINES}")
