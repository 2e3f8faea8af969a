"""The batched, jit-compiled game: ``init``, ``step`` and ``observe``, pure functions.

:class:`Env` compiles a rule set (:func:`~zhengshangyou.jax.tables.compile_rules`)
and gives three pure functions over a batch of hands, each ``jax.jit``-compiled
once per rule set and batch shape:

- :meth:`Env.init` ``(key, batch)``: deal ``batch`` hands (R2.2: a random dealer,
  singly from the dealer; the trick card, R2.4) and set up the first lead (R2.4,
  R2.5);
- :meth:`Env.step` ``(state, action)``: every entry's seat to act makes the move of
  id ``action[i]`` (a play's id: the class view's member, its lowest cards; or
  pass); an entry that is over, or given an id that is not legal there, is left
  unchanged;
- :meth:`Env.observe` ``(state, seat)``: the array
  :func:`zhengshangyou.envs.encode` gives for ``seat``'s observation, seats
  relative to ``seat`` (``seat`` an int or one seat per entry).

One episode is one hand: the first hand of a match under the rules. Auto-reset is
the caller's choice (:meth:`Env.reset_done`). The legal mask is "every needed rank
count held, and a lead or ``beats[top, id]``" over all ids at once.

>>> import jax
>>> from zhengshangyou import Rules
>>> env = Env(Rules())
>>> state = env.init(jax.random.key(0), 4)
>>> state.current_player.shape, state.legal_action_mask.shape
((4,), (4, 446))
>>> bool(state.legal_action_mask[:, env.tables.pass_id].any())   # the leader may not pass
False
>>> action = state.legal_action_mask.argmax(axis=1)           # each lowest legal id
>>> after = env.step(state, action)
>>> after.legal_action_mask[:, env.tables.pass_id].tolist()
[True, True, True, True]
>>> env.observe(after, 0).shape
(4, 250)
"""

from __future__ import annotations

from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from zhengshangyou.jax.state import State
from zhengshangyou.jax.tables import Tables, compile_rules
from zhengshangyou.rules import Rules, RulesCache

__all__ = ["Env", "make"]


def _pack(flags: Any, words: int) -> Any:
    """Boolean ``flags [..., ids]`` as bit sets ``[..., words]`` of uint32, id ``i`` at
    bit ``i % 32`` of word ``i // 32``."""
    flags = np.asarray(flags, dtype=np.bool_)
    padded = np.zeros((*flags.shape[:-1], words * 32), dtype=np.uint64)
    padded[..., : flags.shape[-1]] = flags
    weights = np.uint64(1) << np.arange(32, dtype=np.uint64)
    packed = (padded.reshape(*flags.shape[:-1], words, 32) * weights).sum(axis=-1)
    return packed.astype(np.uint32)


def _first_after(seat: jax.Array, condition: jax.Array, players: int) -> jax.Array:
    """The first seat after ``seat`` in play order (``seat`` itself last) where
    ``condition`` holds; -1 when none does."""
    order = (seat + jnp.arange(1, players + 1)) % players
    hits = condition[order]
    return jnp.where(hits.any(), order[jnp.argmax(hits)], -1)


class _Game:
    """The single-hand functions of one rule set (vmapped by :class:`Env`)."""

    def __init__(self, tables: Tables) -> None:
        self.t = tables
        rules = tables.rules
        self.rules = rules
        self.players = tables.players
        self.needs = jnp.asarray(tables.needs)
        self.is_bomb = jnp.asarray(tables.is_bomb)
        self.is_quad = jnp.asarray(tables.is_quad)
        self.kind = jnp.asarray(tables.kind)
        self.deck = jnp.asarray(tables.deck)
        self.card_rank = jnp.asarray(tables.card_rank, dtype=jnp.int32)
        self.multiplier = jnp.asarray(tables.multiplier)
        self.extra = tables.n_actions - tables.pass_id - 1  # exchange decisions, never legal here
        # The mask works on bit sets of play ids, 32 a word: ``held_bits[r, c]`` holds the
        # ids needing at most c cards of rank r, so the ids a hand holds are the AND over
        # the ranks of one word row each; ``beats_bits[order, top]`` is a row of ``beats``.
        plays = tables.pass_id
        self.words = words = (plays + 31) // 32
        copies = np.bincount(tables.card_rank.argmax(axis=1)[tables.deck], minlength=tables.ranks)
        self.most = int(copies.max())
        fits = tables.needs[None, :, :] <= np.arange(self.most + 1)[:, None, None]  # [c, id, r]
        self.held_bits = jnp.asarray(_pack(fits.transpose(2, 0, 1), words))  # [r, c, words]
        self.beats_bits = jnp.asarray(_pack(tables.beats, words))  # [order, top, words]
        self.bomb_bits = jnp.asarray(_pack(tables.is_bomb, words))
        self.start_bits = jnp.asarray(_pack(tables.needs[:, tables.start_rank] > 0, words))
        self.every_bit = jnp.asarray(_pack(np.ones(plays, dtype=np.bool_), words))

    # --- what a hand is, and what a play takes from it (rank counts here) ---------

    top_width = 0  # the top play's cards are not kept: its id tells its ranks

    def hands_of(self, deal: jax.Array) -> jax.Array:
        """Each seat's hand from the cards dealt ``[players, 54]``: rank counts."""
        return (deal @ self.card_rank).astype(jnp.int8)

    def taken(self, play: jax.Array, hand: jax.Array, must_include: jax.Array) -> jax.Array:
        """What the play of id ``play`` takes from ``hand``: its rank counts (the class
        view's member takes the lowest suits, the start card under R2.5)."""
        return self.needs[play]

    def top_cards(self, cards: jax.Array, clear: jax.Array) -> jax.Array:
        """The kept cards of the play to beat (nothing kept here)."""
        return jnp.zeros(0, dtype=jnp.int8)

    def beatable(self, cards: jax.Array, revolution: jax.Array, play: jax.Array) -> jax.Array:
        """Whether a play of ``cards`` (rank counts) beats the play of id ``play`` (R5.6)."""
        can = self.held_words(cards) & self.beats_bits[revolution.astype(jnp.int32), play]
        return jnp.any(can != 0)

    @property
    def start_entry(self) -> int:
        """The start card's entry in a card block (R2.5): its rank here."""
        return self.t.start_rank

    def card_entry(self, card: jax.Array) -> jax.Array:
        """The entry in a card block of the card of index ``card`` (-1: none): its rank."""
        return jnp.where(card >= 0, self.card_rank[jnp.maximum(card, 0)].argmax(), -1)

    def top_block(self, state: State, has_top: jax.Array) -> jax.Array:
        """The ``top`` block of the encoding: the rank counts of the play to beat."""
        return jnp.where(has_top, self.needs[jnp.maximum(state._top, 0)], 0).astype(jnp.float32)

    # --- the legal mask ---------------------------------------------------------

    def held_words(self, hand: jax.Array) -> jax.Array:
        """The bit set of the play ids whose every needed card ``hand`` (15 rank counts) holds."""
        count = jnp.minimum(hand.astype(jnp.int32), self.most)
        rows = self.held_bits[jnp.arange(hand.shape[0]), count]  # [ranks, words]
        return jnp.bitwise_and.reduce(rows, axis=0)

    def unpack(self, words: jax.Array) -> jax.Array:
        """A bit set of play ids as one bool a play id."""
        bits = (words[:, None] >> jnp.arange(32, dtype=jnp.uint32)[None, :]) & 1
        return bits.reshape(-1)[: self.t.pass_id].astype(jnp.bool_)

    def mask(self, state: State) -> jax.Array:
        rules = self.rules
        seat = jnp.maximum(state.current_player, 0)
        have = self.held_words(state._hands[seat])
        lead = state._top < 0
        row = self.beats_bits[state._revolution.astype(jnp.int32), jnp.maximum(state._top, 0)]
        plays = have & jnp.where(lead, self.every_bit, row)
        if rules.start_card_must_be_played:
            plays = plays & jnp.where(state._must_include, self.start_bits, self.every_bit)
        pass_ok = ~lead
        if rules.must_beat:  # R5.2: a beating non-bomb play held forbids the pass
            pass_ok = pass_ok & ~jnp.any((have & row & ~self.bomb_bits) != 0)
        mask = jnp.concatenate(
            [self.unpack(plays), pass_ok[None], jnp.zeros(self.extra, dtype=jnp.bool_)]
        )
        return mask & ~state.terminated

    # --- init ------------------------------------------------------------------------

    def init(self, key: jax.Array) -> State:
        rules, players = self.rules, self.players
        size = self.deck.shape[0]
        dealer_key, shuffle_key, trick_key = jax.random.split(key, 3)
        dealer = jax.random.randint(dealer_key, (), 0, players)
        cards = jax.random.permutation(shuffle_key, self.deck)
        seats = (dealer + jnp.arange(size)) % players  # singly from the dealer (R2.2)
        deal = jnp.zeros((players, 54), dtype=jnp.int32).at[seats, cards].add(1)
        hands = self.hands_of(deal)
        place = jax.random.randint(trick_key, (), 0, size)
        none = jnp.int32(-1)
        trick_card, trick_seat = none, none
        must_include = jnp.bool_(False)
        if rules.first_lead == "trick_card":  # R2.4
            trick_card, trick_seat = cards[place], seats[place]
            leader = trick_seat
        elif rules.first_lead == "dealer":
            leader = dealer
        else:  # start_card: the first copy met in play order from the dealer
            order = (dealer + jnp.arange(players)) % players
            holds = deal[order, self.t.start_card] > 0
            leader = order[jnp.argmax(holds)]
            must_include = jnp.bool_(rules.start_card_must_be_played)
        zeros = jnp.zeros(players, dtype=jnp.bool_)
        state = State(
            current_player=leader.astype(jnp.int32),
            legal_action_mask=jnp.zeros(self.t.n_actions, dtype=jnp.bool_),
            rewards=jnp.zeros(players, dtype=jnp.float32),
            terminated=jnp.bool_(False),
            truncated=jnp.bool_(False),
            _step_count=jnp.int32(0),
            _hands=hands,
            _played=jnp.zeros_like(hands),
            _top=none,
            _top_seat=none,
            _top_cards=jnp.zeros(self.top_width, dtype=jnp.int8),
            _passed=zeros,
            _locked=zeros,
            _out=zeros,
            _out_place=jnp.full(players, players, dtype=jnp.int32),
            _played_any=zeros,
            _revolution=jnp.bool_(False),
            _must_include=must_include,
            _first_counts=jnp.zeros(players, dtype=jnp.int32),
            _first_played=zeros,
            _scores=jnp.zeros(players, dtype=jnp.int32),
            _match_over=jnp.bool_(False),
            _dealer=dealer.astype(jnp.int32),
            _deal=deal.astype(jnp.int8),
            _trick_card=trick_card.astype(jnp.int32),
            _trick_seat=trick_seat.astype(jnp.int32),
        )
        return state.replace(legal_action_mask=self.mask(state))

    # --- step ---------------------------------------------------------------------

    def step(self, state: State, action: jax.Array) -> State:
        action = jnp.asarray(action, dtype=jnp.int32)
        legal = state.legal_action_mask[jnp.clip(action, 0, self.t.n_actions - 1)] & (
            (action >= 0) & (action < self.t.n_actions)
        )
        played = self._after_play(state, jnp.minimum(action, self.t.pass_id - 1))
        passed = self._after_pass(state)
        after = jax.tree_util.tree_map(
            lambda a, b: jnp.where(action == self.t.pass_id, b, a), played, passed
        )
        after = after.replace(_step_count=state._step_count + 1)
        after = after.replace(legal_action_mask=self.mask(after))
        kept: State = jax.tree_util.tree_map(
            lambda new, old: jnp.where(legal, new, old), after, state
        )
        # A hand already over stays as it is, but its reward was given once (as pgx).
        return kept.replace(rewards=jnp.where(state.terminated, 0.0, kept.rewards))

    def _after_play(self, state: State, play: jax.Array) -> State:
        rules, players = self.rules, self.players
        seat = state.current_player
        need = self.taken(play, state._hands[seat], state._must_include)
        hands = state._hands.at[seat].add(-need)
        counts = hands.astype(jnp.int32).sum(axis=1)
        revolution = state._revolution
        if rules.revolution:  # R4.8: a four of a kind flips the order for what follows
            revolution = revolution ^ self.is_quad[play]
        played_any = state._played_any.at[seat].set(True)
        out_now = counts[seat] == 0
        out_count = state._out.sum()
        out = state._out.at[seat].set(state._out[seat] | out_now)
        out_place = jnp.where(out_now, state._out_place.at[seat].set(out_count), state._out_place)
        first = out_now & (out_count == 0)
        first_counts = jnp.where(first, counts, state._first_counts)
        first_played = jnp.where(first, played_any, state._first_played)
        finished = out_count + out_now
        ends = out_now & (finished >= (1 if rules.end == "first_out" else players - 1))  # R6
        holds = counts > 0
        following = _first_after(seat, holds & ~state._locked, players)
        new_trick = (following == seat) | (following < 0)
        if rules.auto_restart:  # R5.6: nothing the unseen cards make beats the play
            unseen = hands.astype(jnp.int32).sum(axis=0) - hands[seat].astype(jnp.int32)
            new_trick = new_trick | ~self.beatable(unseen, revolution, play)
        leader = jnp.where(holds[seat], seat, _first_after(seat, holds, players))
        none = jnp.int32(-1)
        nobody = jnp.zeros(players, dtype=jnp.bool_)
        to_act = jnp.where(new_trick, leader, following)
        after = state.replace(
            current_player=jnp.where(ends, none, to_act).astype(jnp.int32),
            rewards=jnp.zeros(players, dtype=jnp.float32),
            _hands=hands,
            _played=state._played.at[seat].add(need),
            _top=jnp.where(new_trick | ends, none, play),
            _top_seat=jnp.where(new_trick | ends, none, seat),
            _top_cards=self.top_cards(need, new_trick | ends),
            _passed=nobody,
            _locked=jnp.where(new_trick | ends, nobody, state._locked),
            _out=out,
            _out_place=out_place,
            _played_any=played_any,
            _revolution=revolution,
            _must_include=jnp.bool_(False),
            _first_counts=first_counts,
            _first_played=first_played,
        )
        return self._maybe_end(after, ends, counts)

    def _maybe_end(self, state: State, ends: jax.Array, counts: jax.Array) -> State:
        """The hand's end (R6, R7) where ``ends``: the finishing order, the scores."""
        rules, players = self.rules, self.players
        seats = jnp.arange(players)
        winner = jnp.argmin(state._out_place)
        # Seats still in: fewer cards first, ties in play order from the Winner (R6.2).
        order_key = jnp.where(
            state._out, state._out_place, players + counts * players + (seats - winner) % players
        )
        second = jnp.argsort(order_key)[1]
        scores = jnp.zeros(players, dtype=jnp.int32)
        if rules.scoring == "cards_left":  # R7.1
            left = state._first_counts
            times = jnp.where(state._first_played, self.multiplier[left], 3)
            loss = jnp.where(seats == winner, 0, left * times)
            scores = -loss + jnp.where(seats == winner, loss.sum(), 0)
        elif rules.scoring == "placement":  # R7.2
            scores = scores.at[winner].add(2).at[second].add(1)
        elif rules.scoring == "win_loss":  # D9.3 without a landlord: the Winner alone wins
            scores = scores.at[winner].set(1)
        match_over = jnp.bool_(False)
        if rules.target_score is not None:  # R7.4 (one hand: its scores are the totals)
            match_over = scores.max() >= rules.target_score
        return state.replace(
            rewards=jnp.where(ends, scores.astype(jnp.float32), state.rewards),
            terminated=state.terminated | ends,
            _out=jnp.where(ends, jnp.ones(players, dtype=jnp.bool_), state._out),
            _scores=jnp.where(ends, scores, state._scores),
            _match_over=ends & match_over,
        )

    def _after_pass(self, state: State) -> State:
        rules, players = self.rules, self.players
        seat = jnp.maximum(state.current_player, 0)
        passed = state._passed.at[seat].set(True)
        locked = state._locked.at[seat].set(True) if rules.pass_locks_out else state._locked
        holds = state._hands.astype(jnp.int32).sum(axis=1) > 0
        top_seat = jnp.maximum(state._top_seat, 0)
        done = passed | locked | (jnp.arange(players) == top_seat)
        going_on = jnp.any(holds & ~done)  # R5.4
        following = _first_after(seat, holds & ~locked, players)
        leader = jnp.where(holds[top_seat], top_seat, _first_after(top_seat, holds, players))
        nobody = jnp.zeros(players, dtype=jnp.bool_)
        return state.replace(
            current_player=jnp.where(going_on, following, leader).astype(jnp.int32),
            rewards=jnp.zeros(players, dtype=jnp.float32),
            _top=jnp.where(going_on, state._top, -1),
            _top_seat=jnp.where(going_on, state._top_seat, -1),
            _top_cards=self.top_cards(state._top_cards, ~going_on),
            _passed=jnp.where(going_on, passed, nobody),
            _locked=jnp.where(going_on, locked, nobody),
            _must_include=jnp.bool_(False),
        )

    # --- observe -------------------------------------------------------------------------

    def observe(self, state: State, seat: jax.Array) -> jax.Array:
        """The encoding of :func:`zhengshangyou.envs.encode` for ``seat``."""
        t, players, width = self.t, self.players, self.t.width
        seat = jnp.asarray(seat, dtype=jnp.int32)
        relative = (seat + jnp.arange(players)) % players  # entry r: seat r places on

        def one_hot(index: jax.Array, size: int) -> jax.Array:
            return ((jnp.arange(size) == index) & (index >= 0)).astype(jnp.float32)

        def seats(which: jax.Array) -> jax.Array:  # a seat, or -1, as a relative one-hot
            return one_hot(jnp.where(which >= 0, (which - seat) % players, -1), players)

        has_top = state._top >= 0
        over = state.terminated
        phase = jnp.where(
            over,
            jnp.where(state._match_over, t.phases["match_over"], t.phases["hand_over"]),
            t.phases["play"],
        )
        counts = state._hands.astype(jnp.float32).sum(axis=1)
        zeros = jnp.zeros
        blocks: dict[str, Any] = {
            "hand": state._hands[seat].astype(jnp.float32),
            "played": state._played[relative].astype(jnp.float32).reshape(-1),
            "held": counts[relative],
            "top": self.top_block(state, has_top),
            "top_kind": one_hot(
                jnp.where(has_top, self.kind[jnp.maximum(state._top, 0)], -1), t.kinds
            ),
            "top_seat": seats(jnp.where(has_top, state._top_seat, -1)),
            "to_act": seats(state.current_player),
            "passed": state._passed[relative].astype(jnp.float32),
            "locked": state._locked[relative].astype(jnp.float32),
            "out": state._out[relative].astype(jnp.float32),
            "winner": seats(jnp.where(state._out.any(), jnp.argmin(state._out_place), -1)),
            "played_any": state._played_any[relative].astype(jnp.float32),
            "must_include": one_hot(jnp.where(state._must_include, self.start_entry, -1), width),
            "revolution": state._revolution.astype(jnp.float32)[None],
            "phase": one_hot(phase, len(t.phases)),
            "offered": zeros(width, dtype=jnp.float32),
            "received": zeros(players * width, dtype=jnp.float32),
            "trick_card": one_hot(self.card_entry(state._trick_card), width),
            "trick_seat": seats(state._trick_seat),
            "scores": state._scores[relative].astype(jnp.float32),
            "hand_number": zeros(1, dtype=jnp.float32),
        }
        assert list(blocks) == list(t.blocks), "the encoding's blocks, in its order"
        for name, block in blocks.items():
            assert block.shape == (t.blocks[name].stop - t.blocks[name].start,), name
        return jnp.concatenate(list(blocks.values()))


class _CardGame(_Game):
    """The single-hand functions where suits matter (R3.11, R4.3): a hand is 54 card
    counts, and each play id takes the cards :mod:`zhengshangyou.jax.suits` compiled
    for it; plays compare by the engine's keys (see :meth:`beats_row`)."""

    top_width = 54

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables)
        cards = tables.cards
        assert cards is not None
        plays = tables.pass_id
        self.family = jnp.asarray(cards.family)
        self.size = jnp.asarray(cards.size)
        self.is_flush = jnp.asarray(cards.is_flush)
        self.key_rank = jnp.asarray(cards.key_rank)
        self.rev_rank = jnp.asarray(cards.rev_rank)
        self.flips = self.rules.revolution  # R4.8
        self.flush_bombs = bool((cards.is_flush & tables.is_bomb).any())  # R4.6
        self.start_rank = tables.start_rank
        self.start_suit = tables.start_card % 4 if tables.start_card < 52 else -1
        self.pinning = self.rules.start_card_must_be_played  # R2.5
        # Under R2.5 an id of the lowest cards of each rank holds the start card (taken
        # first of its rank) where it uses its rank; the other sorts say for themselves.
        self.start_ok = jnp.asarray(~cards.generic | (tables.needs[:, tables.start_rank] > 0))
        # Each play id's sort (0 the lowest cards, 1 by suit, 2 straight flush,
        # 3 straight kept apart from flushes) and its row in its sort's table.
        sort = np.zeros(plays, dtype=np.int32)
        row = np.zeros(plays, dtype=np.int32)
        for number, ids in ((1, cards.by_suit_ids), (2, cards.flush_ids), (3, cards.straight_ids)):
            sort[ids] = number
            row[ids] = np.arange(len(ids))
        self.sort = jnp.asarray(sort)
        self.row = jnp.asarray(row)
        self.by_suit_ids = jnp.asarray(cards.by_suit_ids)
        self.members = jnp.asarray(cards.by_suit_members)
        self.flush_ids = jnp.asarray(cards.flush_ids)
        self.flush_windows = jnp.asarray(cards.flush_windows)
        self.straight_ids = jnp.asarray(cards.straight_ids)
        self.straight_windows = jnp.asarray(cards.straight_windows)
        self.straight_tops = jnp.asarray(cards.straight_tops)

    # --- a hand of cards ---------------------------------------------------------------

    def hands_of(self, deal: jax.Array) -> jax.Array:
        return deal.astype(jnp.int8)

    def top_cards(self, cards: jax.Array, clear: jax.Array) -> jax.Array:
        return jnp.where(clear, 0, cards).astype(jnp.int8)

    @property
    def start_entry(self) -> int:
        return self.t.start_card

    def card_entry(self, card: jax.Array) -> jax.Array:
        return card

    def top_block(self, state: State, has_top: jax.Array) -> jax.Array:
        return state._top_cards.astype(jnp.float32)

    def _must(self, must_include: jax.Array) -> jax.Array | bool:
        return must_include if self.pinning else False

    def _by_suit(self, members: jax.Array, hand: jax.Array, must: jax.Array | bool) -> jax.Array:
        """Which card sets ``members [..., 2]`` (-1: no card) the hand holds (holding the
        start card under R2.5)."""
        first, second = members[..., 0], members[..., 1]
        held = (
            (first >= 0)
            & (hand[jnp.maximum(first, 0)] >= 1 + (first == second))
            & ((second < 0) | (hand[jnp.maximum(second, 0)] >= 1))
        )
        if self.pinning:
            holds = (first == self.t.start_card) | (second == self.t.start_card)
            held = held & (~must | holds)
        return held

    def held(self, cards: jax.Array, must: jax.Array | bool) -> jax.Array:
        """For each play id, whether the hand ``cards`` (54 counts) has a member of its
        class (one holding the start card where ``must``, R2.5)."""
        hand = cards.astype(jnp.int32)
        have = self.unpack(self.held_words(hand @ self.card_rank))
        held = hand[:52].reshape(13, 4) > 0  # [rank, suit]
        special = jnp.ones(self.t.pass_id, dtype=jnp.bool_)
        pinned = self.pinning and self.start_suit >= 0
        if self.by_suit_ids.shape[0]:
            ok = self._by_suit(self.members, hand, must).any(axis=1)
            special = special.at[self.by_suit_ids].set(ok)
        if self.flush_ids.shape[0]:
            windows = self.flush_windows
            full = jnp.all(~windows[:, :, None] | held[None], axis=1)  # [ids, suit]
            ok = full.any(axis=1)
            if pinned:  # a flush in the start card's suit, through its rank
                ok = jnp.where(must, full[:, self.start_suit] & windows[:, self.start_rank], ok)
            elif self.pinning:
                ok = ok & ~must
            special = special.at[self.flush_ids].set(ok)
        if self.straight_ids.shape[0]:
            windows = self.straight_windows
            touched = jnp.any(windows[:, :, None] & held[None], axis=1)  # [ids, suit]
            ok = touched.sum(axis=1) >= 2  # not all one suit (R3.17)
            if pinned:  # through the start card, and another suit at another rank
                others = held.at[self.start_rank, :].set(False).at[:, self.start_suit].set(False)
                through = windows[:, self.start_rank] & jnp.any(
                    windows[:, :, None] & others[None], axis=(1, 2)
                )
                ok = jnp.where(must, through, ok)
            elif self.pinning:
                ok = ok & ~must
            special = special.at[self.straight_ids].set(ok)
        found = have & special
        if self.pinning:
            found = found & (~must | self.start_ok)
        return found

    def beats_row(self, revolution: jax.Array, top: jax.Array) -> jax.Array:
        """For each play id, whether it beats the play of id ``top``: what
        :func:`~zhengshangyou.plays.beats` reads, from each id's keys (R4)."""
        # (Without R4.8 the order never flips; without straight flushes among the bombs,
        # R4.6's rule for two of them never applies: both left out where they cannot.)
        keys = jnp.where(revolution, self.rev_rank, self.key_rank) if self.flips else self.key_rank
        higher = keys > keys[top]
        on_bomb = self.is_bomb & higher
        if self.flush_bombs:
            on_bomb = on_bomb & ~(
                self.is_flush & self.is_flush[top] & (self.size != self.size[top])
            )
        plain = self.is_bomb | (
            (self.family == self.family[top]) & (self.size == self.size[top]) & higher
        )
        return jnp.where(self.is_bomb[top], on_bomb, plain)

    def beatable(self, cards: jax.Array, revolution: jax.Array, play: jax.Array) -> jax.Array:
        return jnp.any(self.held(cards, False) & self.beats_row(revolution, play))

    def mask(self, state: State) -> jax.Array:
        seat = jnp.maximum(state.current_player, 0)
        have = self.held(state._hands[seat], self._must(state._must_include))
        lead = state._top < 0
        row = self.beats_row(state._revolution, jnp.maximum(state._top, 0))
        plays = have & (lead | row)
        pass_ok = ~lead
        if self.rules.must_beat:  # R5.2: a beating non-bomb play held forbids the pass
            pass_ok = pass_ok & ~jnp.any(have & row & ~self.is_bomb)
        mask = jnp.concatenate([plays, pass_ok[None], jnp.zeros(self.extra, dtype=jnp.bool_)])
        return mask & ~state.terminated

    # --- the cards a play takes --------------------------------------------------------

    def _lowest(self, need: jax.Array, hand: jax.Array, must: jax.Array | bool) -> jax.Array:
        """The lowest cards of each rank (the start card first of its rank where
        ``must``, R2.5) for the rank counts ``need``."""
        first = jnp.zeros(54, dtype=jnp.int32)
        need = need.astype(jnp.int32)
        if self.pinning:
            pin = must & (need[self.start_rank] > 0)
            first = first.at[self.t.start_card].set(pin.astype(jnp.int32))
            need = need.at[self.start_rank].add(-pin.astype(jnp.int32))
        rest = (hand - first)[:52].reshape(13, 4)
        before = jnp.cumsum(rest, axis=1) - rest
        take = jnp.clip(need[:13, None] - before, 0, rest).reshape(52)
        return jnp.concatenate([take, need[13:]]) + first

    def taken(self, play: jax.Array, hand: jax.Array, must_include: jax.Array) -> jax.Array:
        must = self._must(must_include)
        hand = hand.astype(jnp.int32)
        sort, row = self.sort[play], self.row[play]
        taken = self._lowest(self.needs[play], hand, must)
        held = hand[:52].reshape(13, 4) > 0
        suits, ranks = jnp.arange(4), jnp.arange(13)
        pinned = self.pinning and self.start_suit >= 0

        def window_cards(window: jax.Array, suit: jax.Array) -> jax.Array:
            chosen = window[:, None] & (suits[None, :] == suit[..., None])
            return jnp.concatenate([chosen.reshape(52), jnp.zeros(2, dtype=jnp.bool_)]).astype(
                jnp.int32
            )

        if self.by_suit_ids.shape[0]:  # the first card set of the class the hand holds
            members = self.members[row]
            first, second = members[jnp.argmax(self._by_suit(members, hand, must))]
            cards = jnp.zeros(54, dtype=jnp.int32).at[first].add(1)
            cards = cards.at[jnp.maximum(second, 0)].add((second >= 0).astype(jnp.int32))
            taken = jnp.where(sort == 1, cards, taken)
        if self.flush_ids.shape[0]:  # the lowest suit holding the window (or the start card's)
            window = self.flush_windows[row]
            suit = jnp.argmax(jnp.all(~window[:, None] | held, axis=0))
            if pinned:
                suit = jnp.where(must, self.start_suit, suit)
            taken = jnp.where(sort == 2, window_cards(window, jnp.full(13, suit)), taken)
        if self.straight_ids.shape[0]:
            window, top = self.straight_windows[row], self.straight_tops[row]
            low = jnp.argmax(held, axis=1)  # each rank's lowest card's suit
            if pinned:
                low = jnp.where(must & (ranks == self.start_rank), self.start_suit, low)
            others = held & (suits[None, :] != low[:, None])
            second = jnp.argmax(others, axis=1)  # the next card of the rank
            one_suit = jnp.all(~window | (low == low[jnp.argmax(window)]))
            movable = window & others.any(axis=1)
            # The class view changes the highest movable rank but the top (moves.py); a
            # start card changed so is kept, and the card view's first member taken:
            # the highest other movable rank (R2.5).
            change = jnp.argmax(jnp.where(movable, (ranks != top) * 16 + ranks, -1))
            if pinned:
                other = jnp.argmax(jnp.where(movable & (ranks != self.start_rank), ranks, -1))
                change = jnp.where(must & (change == self.start_rank), other, change)
            suit = jnp.where(one_suit & (ranks == change), second, low)
            taken = jnp.where(sort == 3, window_cards(window, suit), taken)
        return taken.astype(jnp.int8)


class Env:
    """The batched game of one rule set (see the module docstring); an
    :class:`~zhengshangyou.errors.InvalidRulesError` naming the option for a rule set
    it cannot run (:func:`~zhengshangyou.jax.tables.check_supported`).

    >>> import jax
    >>> from zhengshangyou import Rules
    >>> env = Env(Rules(players=3))
    >>> env.num_players, env.num_actions, env.observation_size
    (3, 446, 210)
    """

    def __init__(self, rules: Rules) -> None:
        self.tables = compile_rules(rules)
        self.rules = self.tables.rules
        self._game = game = (_Game if self.tables.cards is None else _CardGame)(self.tables)
        self._init = jax.jit(jax.vmap(game.init), static_argnums=())
        self._step = jax.jit(jax.vmap(game.step))
        self._observe = jax.jit(jax.vmap(game.observe))

    @property
    def num_players(self) -> int:
        """The number of seats (R2.1).

        >>> Env(Rules()).num_players
        4
        """
        return self.tables.players

    @property
    def num_actions(self) -> int:
        """The size of the action space (``ActionSpace(rules).size``).

        >>> Env(Rules()).num_actions
        446
        """
        return self.tables.n_actions

    @property
    def observation_size(self) -> int:
        """The length of :meth:`observe`'s array (``observation_size(rules)``).

        >>> Env(Rules()).observation_size
        250
        """
        return self.tables.observation_size

    def init(self, key: jax.Array, batch: int) -> State:
        """``batch`` new hands, dealt with ``key`` (see the module docstring).

        >>> import jax
        >>> state = Env(Rules()).init(jax.random.key(1), 3)
        >>> state._hands.sum(axis=(1, 2)).tolist()
        [54, 54, 54]
        """
        state: State = self._init(jax.random.split(key, batch))
        return state

    def step(self, state: State, action: jax.Array) -> State:
        """Each entry's seat to act makes the move of id ``action[i]``; entries given
        an illegal id stay as they are, and entries that are over too, but for their
        rewards (zero after the step that ended the hand, as in pgx).

        >>> import jax
        >>> env = Env(Rules())
        >>> state = env.init(jax.random.key(1), 2)
        >>> int(env.step(state, state.legal_action_mask.argmax(axis=1))._step_count[0])
        1
        """
        after: State = self._step(state, jnp.asarray(action, dtype=jnp.int32))
        return after

    def observe(self, state: State, seat: int | jax.Array) -> jax.Array:
        """``[batch, observation_size]``: each entry's :func:`zhengshangyou.envs.encode`
        array for ``seat`` (one seat for all, or one per entry).

        >>> import jax
        >>> env = Env(Rules())
        >>> state = env.init(jax.random.key(1), 2)
        >>> env.observe(state, state.current_player).shape
        (2, 250)
        """
        seats = jnp.broadcast_to(jnp.asarray(seat, dtype=jnp.int32), state.terminated.shape)
        seen: jax.Array = self._observe(state, seats)
        return seen

    def reset_done(self, state: State, key: jax.Array) -> State:
        """``state`` with every finished entry replaced by a new hand (auto-reset,
        when the caller wants it).

        >>> import jax, jax.numpy as jnp
        >>> env = Env(Rules())
        >>> state = env.init(jax.random.key(1), 2)
        >>> over = state.replace(terminated=jnp.array([True, False]))
        >>> env.reset_done(over, jax.random.key(2)).terminated.tolist()
        [False, False]
        """
        fresh = self.init(key, int(state.terminated.shape[0]))
        renewed: State = _where_done(state, fresh)
        return renewed

    # --- the unbatched functions, to vmap or scan yourself ---------------------------

    @property
    def functions(self) -> tuple[Any, Any, Any]:
        """``(init, step, observe)`` for one hand (unbatched, not jitted), to compose
        into your own ``jax.vmap``/``jax.lax.scan``.

        >>> import jax
        >>> init, step, observe = Env(Rules()).functions
        >>> observe(init(jax.random.key(0)), 0).shape
        (250,)
        """
        game = self._game
        return game.init, game.step, game.observe


@partial(jax.jit)
def _where_done(state: State, fresh: State) -> State:
    done = state.terminated

    def pick(old: jax.Array, new: jax.Array) -> jax.Array:
        shape = (done.shape[0],) + (1,) * (old.ndim - 1)
        return jnp.where(done.reshape(shape), new, old)

    picked: State = jax.tree_util.tree_map(pick, state, fresh)
    return picked


_ENVS: RulesCache[Env] = RulesCache(Env, limit=16)


def make(rules: Rules) -> Env:
    """The :class:`Env` of ``rules``, made once per rule set and kept (its compiled
    functions with it).

    >>> make(Rules()) is make(Rules())
    True
    """
    return _ENVS[compile_rules(rules).rules]
