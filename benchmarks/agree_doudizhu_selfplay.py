"""Self-play checks of the Dou Dizhu engine drivers (issue 36, ``ddz_engines.py``).

Each driver plays random hands alone -- every move drawn uniformly from the driver's
own legal moves (and one of the engine's readings when a play has several) -- and
every step is checked against invariants that do not come from the engine:

- every card is accounted for: each seat's cards as the engine holds them are the
  deal's (the landlord's with the kitty once he is known) less what the seat played,
  and a play leaves the other hands unchanged;
- seats take turns in order: the first bidder (OpenSpiel), then the landlord leads,
  then always the next seat (D7.3: the trick's winner is the seat after two passes);
- in the auction (OpenSpiel) the moves are the pass and every bid above the high bid
  (D3.1); in play every offered play is in the actor's hand, and the pass is offered
  exactly when the actor does not lead (D7.1: after two passes, or at the start, the
  leader may not pass);
- the hand ends exactly when a seat has no cards left (D8.1), and that seat made the
  last move; three passes in OpenSpiel's auction end it with no landlord (D3.3 void);
- the outcome: the landlord side wins iff the first seat out is on it; the engine's
  count of bombs and rockets is the number of bomb/rocket plays (four of a rank alone,
  or both jokers); the rewards follow the engine's documented formula from those
  numbers: DouZero ``adp`` ±2^b, ``wp`` ±1, ``logadp`` ±(b+1) for the landlord and the
  opposite for each peasant (D9.4), ``num_scores`` ±2·2^b / ∓2^b; RLCard 1 to each
  winner, 0 to each loser (D9.3); OpenSpiel the landlord ±2·bid·2^(b+spring), each
  peasant ∓bid·2^(b+spring) (D9.1, D9.2: spring when the landlord wins and neither
  peasant played, or the peasants win and the landlord played once);
- an illegal move is refused with ValueError and changes nothing.

Two scripted hands with results computed by hand come first (a spring with a bomb and
the rocket; an anti-spring); then the random games.

Run::

    python benchmarks/agree_doudizhu_selfplay.py --quick          # 30 games per engine
    python benchmarks/agree_doudizhu_selfplay.py --games 300
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:  # (run from another folder or loaded by path)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from ddz_engines import (
    AUCTION_PASS,
    DECK,
    ENGINES,
    PASS,
    Deal,
    Driver,
    Move,
    Outcome,
    is_bomb,
    make,
    parse,
    text,
)

MAX_MOVES = 54 * 3 + 12  # each play is followed by at most two passes; the auction is short


class Broken(AssertionError):
    """An invariant that failed, with the game's moves so far."""


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise Broken(message)


def _minus(hand: Sequence[int], move: Move) -> tuple[int, ...]:
    left = Counter(hand)
    left.subtract(move)
    return tuple(sorted(left.elements()))


def check_outcome(driver: Driver, result: Outcome, last: int | None, bid: int) -> None:
    """The outcome invariants (see the module documentation)."""
    engine, landlord = driver.name, driver.landlord
    _check(result.landlord == landlord, f"outcome landlord {result.landlord} != {landlord}")
    if landlord is None:  # OpenSpiel: three passes, no hand played
        _check(result.first_out is None and result.landlord_won is None, "void hand with a winner")
        _check(result.rewards["returns"] == (0.0, 0.0, 0.0), f"void hand returns {result.rewards}")
        _check(driver.hands() == driver.deal.hands, "void hand: the cards moved")
        return
    _check(result.first_out == last, f"first out {result.first_out}, last mover {last}")
    won = result.first_out == landlord
    _check(result.landlord_won is won, f"landlord_won {result.landlord_won}, first out {last}")
    plays = [move for _, move in driver.history if not _is_auction(move)]
    bombs = sum(1 for move in plays if is_bomb(move))
    if result.bombs is not None:
        _check(result.bombs == bombs, f"engine counts {result.bombs} bombs, the plays hold {bombs}")
    sign = 1 if won else -1

    def per_seat(landlord_value: float, peasant_value: float) -> tuple[float, float, float]:
        values = [landlord_value if seat == landlord else peasant_value for seat in range(3)]
        return values[0], values[1], values[2]

    if engine == "douzero":
        expected = {
            "adp": per_seat(sign * 2.0**bombs, -sign * 2.0**bombs),
            "wp": per_seat(sign, -sign),
            "logadp": per_seat(sign * (bombs + 1), -sign * (bombs + 1)),
            "num_scores": per_seat(sign * 2 * 2**bombs, -sign * 2**bombs),
        }
        _check(result.rewards == expected, f"douzero rewards {result.rewards} != {expected}")
    elif engine == "rlcard":
        expected = {"payoffs": per_seat(1.0 if won else 0.0, 0.0 if won else 1.0)}
        _check(result.rewards == expected, f"rlcard payoffs {result.rewards} != {expected}")
    else:
        landlord_plays = sum(1 for seat, move in driver.history
                             if seat == landlord and move and not _is_auction(move))
        peasant_plays = sum(1 for seat, move in driver.history
                            if seat != landlord and move and not _is_auction(move))
        spring = (won and peasant_plays == 0) or (not won and landlord_plays == 1)
        stake = bid * 2 ** (bombs + spring)
        expected = {"returns": per_seat(sign * 2.0 * stake, -sign * 1.0 * stake)}
        _check(result.rewards == expected, f"openspiel returns {result.rewards} != {expected}")


def _is_auction(move: Move) -> bool:
    return move == AUCTION_PASS or move[:1] == ("bid",)


def play_out(driver: Driver, choose: Sequence[Move] | random.Random) -> Outcome:
    """Play ``driver`` to the end, checking every invariant: the moves are ``choose``'s
    in order (a script), or drawn by ``choose`` (a Random) from the legal moves."""
    deal = driver.deal
    _check(driver.hands() == deal.holding(driver.landlord),
           f"the engine's hands {driver.hands()} are not the deal's")
    expected_seat = getattr(driver, "first_bidder", driver.landlord)
    bid, bidder, auction_passes = 0, None, 0
    trick: list[Move] = []  # the current trick's moves, from its lead
    last: int | None = None
    script = None if isinstance(choose, random.Random) else list(choose)
    for step in range(MAX_MOVES + 1):
        if driver.is_over():
            break
        _check(step < MAX_MOVES, f"no end after {MAX_MOVES} moves")
        seat = driver.to_act()
        _check(seat == expected_seat, f"seat {seat} acts, {expected_seat} expected")
        assert seat is not None
        legal = driver.legal()
        before = driver.hands()
        if driver.phase() == "auction":
            bids = {("bid", n) for n in range(bid + 1, 4)}
            _check(legal == bids | {AUCTION_PASS}, f"auction moves {sorted(legal)} at high bid {bid}")
        else:
            _check(driver.landlord is not None, "play without a landlord")
            _check(bool(legal), "no legal move")
            _check((PASS in legal) is bool(trick), f"pass {'refused' if trick else 'offered'}"
                   f" ({'answer' if trick else 'lead'})")
            held = Counter(before[seat])
            for move in legal:
                _check(not _is_auction(move) and not (Counter(move) - held),
                       f"{move} is not a play from the hand {text(before[seat])}")
        # An illegal move is refused and changes nothing.
        wrong: Move = (*before[seat], 14) if 14 not in before[seat] else (0, 0, 0, 0, 0)
        if wrong not in legal:
            try:
                driver.apply(wrong)
            except ValueError:
                pass
            else:
                raise Broken(f"illegal move {wrong} accepted")
            _check(driver.hands() == before and driver.to_act() == seat and len(driver.history) == step,
                   "a refused move changed the game")
        body = None
        if script is not None:
            _check(bool(script), "the script ended before the hand")
            move = script.pop(0)
        else:
            assert isinstance(choose, random.Random)
            move = choose.choice(sorted(legal, key=repr))
            readings = driver.readings(move)
            if len(readings) > 1:
                body = choose.choice(readings)
        driver.apply(move, body)
        after = driver.hands()
        if _is_auction(move):
            if move == AUCTION_PASS:
                auction_passes += 1
            else:
                bid, bidder, auction_passes = move[1], seat, 0
            if driver.phase() == "play":  # the auction is over: the high bidder has the kitty, leads
                _check(driver.landlord == bidder, f"landlord {driver.landlord}, high bidder {bidder}")
                _check(after == deal.holding(driver.landlord), "the kitty is not the landlord's")
                expected_seat = driver.landlord
            else:
                _check(after == before, "a bid moved cards")
                _check(driver.is_over() == (auction_passes == 3), "the auction's end")
                expected_seat = (seat + 1) % 3
            continue
        expected = tuple(_minus(hand, move) if s == seat else hand for s, hand in enumerate(before))
        _check(after == expected, f"after seat {seat} plays {text(move)}: {after}, expected {expected}")
        trick.append(move)
        if len(trick) >= 3 and trick[-2:] == [PASS, PASS]:
            trick = []  # two passes: the trick is over, its winner (the next seat) leads
        last = seat
        expected_seat = (seat + 1) % 3
        _check(driver.is_over() == (not all(after)), "the end is not a seat out of cards")
    _check(not script, f"the hand ended with {script} left in the script")
    result = driver.outcome()
    check_outcome(driver, result, last, bid)
    total = Counter[int]()
    for hand in driver.hands():
        total.update(hand)
    for _, move in driver.history:
        if not _is_auction(move):
            total.update(move)
    want = DECK if driver.landlord is not None else DECK - Counter(deal.kitty)
    _check(total == want, "cards lost or made: hands + plays is not the deck")
    return result


# --- scripted hands, results by hand -----------------------------------------------------


def _deal(fixed: dict[int, str], kitty: str) -> Deal:
    """A deal with the given seats' hands and kitty, the rest of the deck shared out."""
    rest = DECK - Counter(parse(kitty))
    for letters in fixed.values():
        rest -= Counter(parse(letters))
    pool = sorted(rest.elements())
    hands = []
    for seat in range(3):
        if seat in fixed:
            hands.append(parse(fixed[seat]))
        else:
            hands.append(tuple(pool[:17]))
            pool = pool[17:]
    return Deal((hands[0], hands[1], hands[2]), parse(kitty))


SPRING = _deal({0: "3333456789TJQKA22"}, "2BR")
#: Seat 0 (landlord, 20 cards) plays a bomb, the rocket, an 11-card straight and 222;
#: nobody else plays: spring, b = 2.
SPRING_PLAYS = [parse("3333"), (), (), parse("BR"), (), (), parse("456789TJQKA"), (), (),
                parse("222")]
ANTI = _deal({1: "455566689JJQQKKAA"}, "3BR")
#: The landlord leads a 3 and then passes; seat 1 plays 4, 555666+8+9, JJQQKK, AA: the
#: peasants win, the landlord made one play (anti-spring), b = 0.
ANTI_PLAYS = [(0,), (1,), (), (), parse("55566689"), (), (), parse("JJQQKK"), (), (), parse("AA")]

EXPECTED: dict[str, dict[str, dict[str, tuple[float, float, float]]]] = {
    # DouZero: adp ±2^b, wp ±1, logadp ±(b+1), num_scores 2·2^b / 2^b (D9.4).
    "douzero": {"spring": {"adp": (4, -4, -4), "wp": (1, -1, -1), "logadp": (3, -3, -3),
                           "num_scores": (8, -4, -4)},
                "anti": {"adp": (-1, 1, 1), "wp": (-1, 1, 1), "logadp": (-1, 1, 1),
                         "num_scores": (-2, 1, 1)}},
    # RLCard: 1 to each winner (D9.3).
    "rlcard": {"spring": {"payoffs": (1, 0, 0)}, "anti": {"payoffs": (0, 1, 1)}},
    # OpenSpiel: bid 3, spring, 2 bombs: 3·2^3 = 24 a peasant, 48 the landlord;
    # bid 1, anti-spring: 1·2 = 2 a peasant, 4 the landlord.
    "openspiel": {"spring": {"returns": (48, -24, -24)}, "anti": {"returns": (-4, 2, 2)}},
}


def scripted(engine: str) -> list[str]:
    """The two scripted hands on ``engine``; the failures, as lines."""
    failures = []
    for name, deal, plays, bids in (("spring", SPRING, SPRING_PLAYS, [("bid", 3)]),
                                    ("anti", ANTI, ANTI_PLAYS, [("bid", 1), AUCTION_PASS, AUCTION_PASS])):
        try:
            driver = make(engine, deal, 0)
            moves = ([*bids] if engine == "openspiel" else []) + plays
            result = play_out(driver, moves)
            want = {key: tuple(float(v) for v in values)
                    for key, values in EXPECTED[engine][name].items()}
            _check(result.rewards == want, f"rewards {result.rewards}, by hand {want}")
        except (Broken, ValueError) as error:
            failures.append(f"{engine} {name}: {error}")
    return failures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random games per engine (default 300)")
    parser.add_argument("--quick", action="store_true", help="30 games per engine")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--engines", default=",".join(ENGINES))
    arguments = parser.parse_args(argv)
    count = 30 if arguments.quick else arguments.games
    status = 0
    for engine in arguments.engines.split(","):
        try:
            __import__("pyspiel" if engine == "openspiel" else engine)
        except ImportError as error:
            print(f"{engine}: skipped ({error})")
            continue
        failures = scripted(engine)
        rng = random.Random(f"{engine}:{arguments.seed}")
        moves, landlord_wins, voids, bombs = 0, 0, 0, 0
        started = time.perf_counter()
        for game in range(count):
            deal = Deal.random(rng)
            seat = rng.randrange(3)
            face_up = rng.choice(deal.hands[seat])
            driver = make(engine, deal, seat, face_up)
            try:
                result = play_out(driver, rng)
            except (Broken, ValueError) as error:
                failures.append(f"{engine} game {game} ({deal}, seat {seat}): {error}; "
                                f"moves {[(s, m if _is_auction(m) else text(m)) for s, m in driver.history]}")
                continue
            moves += len(driver.history)
            voids += result.landlord is None
            landlord_wins += bool(result.landlord_won)
            bombs += sum(1 for _, move in driver.history if not _is_auction(move) and is_bomb(move))
        seconds = time.perf_counter() - started
        print(f"{engine}: 2 scripted hands, {count} random games, {moves} moves in {seconds:.1f} s"
              f" ({count / seconds:.0f} games/s); landlord won {landlord_wins}, void auctions {voids},"
              f" bombs and rockets {bombs}")
        print(f"  games with every invariant held: {count - sum(1 for f in failures if ' game ' in f)}"
              f"/{count}; scripted failures: {sum(1 for f in failures if ' game ' not in f)}")
        for line in failures[:10]:
            print("    " + line)
        if failures:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
