"""Full-game agreement of our Dou Dizhu with DouZero, RLCard and OpenSpiel (issue 36).

For each engine, random whole hands are played in our engine and in the engine side
by side (``ddz_engines.py`` drives the engine from our deal):

- our game is ``Game(Rules.preset(engine), seed=...)``: the ``douzero`` preset
  against DouZero 1.1.0's ``GameEnv``, ``rlcard`` against RLCard 1.2.0's
  ``DoudizhuGame``, ``openspiel`` against OpenSpiel's ``dou_dizhu`` (its auction
  included). Its deal is handed to the driver: under ``douzero`` and ``rlcard`` the
  landlord is our ``landlord_seat`` (the preset's 0 for every third game, seats 1 and
  2 for the others, so that the drivers' seat mapping is exercised too); under
  ``openspiel`` the first bidder is our deal's ``trick_seat`` and the face-up rank our
  ``trick_card``'s;
- at every decision the seat to act and the phase must agree, and the engine's legal
  set must equal ours, both mapped to neutral form: a play is its rank multiset
  (suits never matter, D1.1), the pass ``()``, a bid ``("bid", n)``, the auction's
  pass ``("pass",)``; against OpenSpiel every reading counts apart, as
  ``(ranks, the ranks of an airplane's trio run)`` from ``Driver.legal_readings()``
  (D5.17);
- a random policy (seeded per game) picks one of our legal moves that the engine also
  offers (where the sets differ only by a registered disagreement, a move only one
  side has is never picked, so the games stay in step), and the same move is played in
  both;
- at the end the outcome must agree: the landlord, the first seat out, the count of
  bombs and rockets (DouZero, OpenSpiel), and the scores: DouZero's ``Env`` rewards
  under the ``adp``, ``wp`` and ``logadp`` objectives against our ``douzero`` preset's
  scores under the same ``douzero_objective`` (the objective cycles with the game
  number), RLCard's ``judge_payoffs`` against our ``rlcard`` (``win_loss``) scores,
  OpenSpiel's ``returns()`` against our ``openspiel`` (``multiplier``) scores,
  including the hands everybody passed in the auction (``all_pass="void"``: all 0).

Every difference of legal sets is classified by the classifiers of
``agree_doudizhu_moves.py`` as a registered disagreement (FAMILY.md D11, counted by
id), or is unexplained and printed with a reproduction (the preset, the game's
seed, the move index, both sets); any unexplained difference makes the exit status 1.
Registered defects that leave the legal sets equal are counted where they show:
RD-D3 (DouZero lists a move twice), RD-D7 (RLCard's public ``seen_cards`` loses more
copies of a rank than the landlord played). RD-D5 cannot arise (it concerns cards no
generator offers) and RD-D8 is invisible to set comparison.

Run::

    pip install --no-deps douzero==1.1.0 rlcard==1.2.0 numpy termcolor open_spiel
    python benchmarks/agree_doudizhu_games.py --games 200             # about a minute
    nice python benchmarks/agree_doudizhu_games.py                    # 10,000 games per engine
    python benchmarks/agree_doudizhu_games.py --engines openspiel --first 17 --games 1 -v
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if str(Path(__file__).resolve().parent) not in sys.path:  # (run from another folder or loaded by path)
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from agree_doudizhu_moves import _classify_openspiel, _our_reading, classify_douzero, ranks_of
from ddz_engines import (
    AUCTION_PASS,
    DOUZERO_INT,
    ENGINES,
    PASS,
    Deal,
    Driver,
    Move,
    Outcome,
    RLCardDriver,
    make,
    text,
)

from zhengshangyou import Rules
from zhengshangyou.actions import Bid, Pass
from zhengshangyou.actions import Move as OurMove
from zhengshangyou.game import Game, Phase
from zhengshangyou.game.auction import bombs_played
from zhengshangyou.plays import Play

#: The objectives of DouZero's reward (D9.4), one per game in turn.
OBJECTIVES = ("adp", "wp", "logadp")
#: A key of a legal set: a neutral move, or against OpenSpiel (move, body).
Key = Any


@dataclass
class Report:
    """What the games of one engine showed."""

    engine: str
    games: int = 0
    decisions: int = 0
    equal: int = 0  # decisions whose legal sets are equal
    explained: Counter[str] = field(default_factory=Counter)  # decisions, by RD id
    shown: Counter[str] = field(default_factory=Counter)  # RD-D3, RD-D7: positions/plays where seen
    outcomes_equal: int = 0
    voids: int = 0  # OpenSpiel: three passes in the auction
    landlord_wins: int = 0
    bombs: int = 0
    springs: int = 0  # springs and anti-springs (D9.2), by our result
    by_objective: Counter[str] = field(default_factory=Counter)
    unexplained: list[str] = field(default_factory=list)
    seconds: float = 0.0


def neutral_deal(game: Game) -> Deal:
    """Our hand's deal as the drivers take it."""
    deal = game.state.deal
    hands = [ranks_of(hand.cards) for hand in deal.hands]
    return Deal((hands[0], hands[1], hands[2]), ranks_of(deal.kitty))


def neutral(move: OurMove, auction: bool) -> Move:
    """Our move in the neutral form."""
    if isinstance(move, Pass):
        return AUCTION_PASS if auction else PASS
    if isinstance(move, Bid):
        return ("bid", move.value)
    assert isinstance(move, Play)
    return ranks_of(move.cards)


def key_of(engine: str, move: OurMove, auction: bool) -> Key:
    """Our move as the legal sets compare it: against OpenSpiel with its reading's body."""
    if engine != "openspiel":
        return neutral(move, auction)
    if isinstance(move, Play):
        return _our_reading(move)
    return neutral(move, auction), ()


def _phase(game: Game) -> str:
    phase = game.phase
    if phase is Phase.AUCTION:
        return "auction"
    if phase is Phase.PLAY:
        return "play"
    return "over"


def _show(key: Key) -> str:
    move = key[0] if isinstance(key, tuple) and key and isinstance(key[0], tuple) else key
    body = key[1] if move is not key else ()
    if move and isinstance(move[0], str):
        return " ".join(map(str, move))
    shown = text(move) if move else "pass"
    return f"{shown}[{text(body)}]" if body else shown


def _listing(keys: Iterable[Key], limit: int = 40) -> str:
    shown = sorted(_show(key) for key in keys)
    more = f" ... ({len(shown)} in all)" if len(shown) > limit else ""
    return "{" + ", ".join(shown[:limit]) + more + "}"


def rules_for(engine: str, number: int) -> Rules:
    """Our rules for game ``number`` against ``engine`` (see the module documentation)."""
    if engine == "douzero":
        return Rules.preset("douzero", landlord_seat=number % 3,
                            douzero_objective=OBJECTIVES[number // 3 % 3])
    if engine == "rlcard":
        return Rules.preset("rlcard", landlord_seat=number % 3)
    return Rules.preset(engine)


def game_seed(seed: int, number: int) -> int:
    """Our game's seed for game ``number``."""
    return seed * 1_000_000 + number


def _options(rules: Rules, engine: str) -> str:
    if engine == "douzero":
        return f"Rules.preset('douzero', landlord_seat={rules.landlord_seat}, " \
               f"douzero_objective={rules.douzero_objective!r})"
    if engine == "rlcard":
        return f"Rules.preset('rlcard', landlord_seat={rules.landlord_seat})"
    return f"Rules.preset({engine!r})"


def classify(engine: str, game: Game, missing: set[Key], extra: set[Key]) -> str | None:
    """The RD-D id that explains the differences at this decision, or None."""
    if game.phase is not Phase.PLAY:
        return None
    state = game.state
    top = state.top
    if engine == "douzero":
        from douzero.env.move_detector import get_move_type

        top_type = 0 if top is None else get_move_type([DOUZERO_INT[r] for r in ranks_of(top.cards)])["type"]
        return classify_douzero(top, top_type, missing, extra)
    if engine == "openspiel":
        return _classify_openspiel(state.hands[state.to_act], top, missing, extra)
    return None


def _seen(driver: Driver) -> Counter[int] | None:
    return Counter(driver.seen_cards()) if isinstance(driver, RLCardDriver) else None


def play_game(engine: str, number: int, seed: int, report: Report, verbose: bool = False) -> None:
    """Game ``number`` against ``engine``, side by side; findings go to ``report``."""
    rules = rules_for(engine, number)
    game = Game(rules, seed=game_seed(seed, number))
    deal = neutral_deal(game)
    if engine == "openspiel":
        marked = game.state.deal
        assert marked.trick_seat is not None
        assert marked.trick_card is not None
        driver = make(engine, deal, marked.trick_seat, int(marked.trick_card.rank))
    else:
        assert game.state.landlord == rules.landlord_seat
        driver = make(engine, deal, game.state.landlord)
    chooser = random.Random(f"policy:{engine}:{seed}:{number}")
    where = f"{engine} game {number}: Game({_options(rules, engine)}, seed={game_seed(seed, number)})"
    report.games += 1

    def fail(index: int, message: str) -> None:
        report.unexplained.append(f"{where}, move {index}: {message}")

    index = 0
    while True:
        ours_phase, theirs_phase = _phase(game), driver.phase()
        if ours_phase != theirs_phase or (ours_phase != "over" and game.to_act != driver.to_act()):
            fail(index, f"ours: {ours_phase}, seat {game.to_act}; theirs: {theirs_phase}, seat {driver.to_act()}")
            return
        if ours_phase == "over":
            break
        auction = ours_phase == "auction"
        moves = list(game.legal_moves())
        ours: dict[Key, OurMove] = {}
        for move in moves:
            ours.setdefault(key_of(engine, move, auction), move)
        theirs: set[Key] = set(driver.legal_readings() if engine == "openspiel" else driver.legal())
        report.decisions += 1
        if engine == "douzero" and driver.repeats():
            report.shown["RD-D3"] += 1
        if set(ours) == theirs:
            report.equal += 1
        else:
            missing, extra = set(ours) - theirs, theirs - set(ours)
            reason = classify(engine, game, missing, extra)
            if reason is not None:
                report.explained[reason] += 1
            else:
                state = game.state
                top = "lead" if state.top is None else f"on {text(ranks_of(state.top.cards))}"
                fail(index, f"seat {game.to_act} holding {text(ranks_of(game.hands[game.to_act].cards))}, "
                            f"{ours_phase} {top}: only ours {_listing(missing)}, only theirs "
                            f"{_listing(extra)}; ours {_listing(ours)}; theirs {_listing(theirs)}")
        common = [key for key in ours if key in theirs]
        if not common:
            fail(index, "no move both engines allow")
            return
        chosen = chooser.choice(common)
        if verbose:
            print(f"  move {index}: seat {game.to_act} {_show(chosen)}")
        seen = _seen(driver)
        seat = game.to_act
        game.play(ours[chosen])
        if engine == "openspiel":
            driver.apply(chosen[0], chosen[1])
        else:
            driver.apply(chosen)
        if seen is not None and not auction and chosen and seat == driver.landlord:
            lost = seen - _seen(driver)  # type: ignore[operator]
            played = Counter(chosen)
            if any(count > played[rank] for rank, count in lost.items()):
                report.shown["RD-D7"] += 1
        index += 1
    check_outcome(engine, game, driver, driver.outcome(), report, fail, index)


def check_outcome(engine: str, game: Game, driver: Driver, outcome: Outcome, report: Report,
                  fail: Any, index: int) -> None:
    """The end of the hand: ours against the engine's."""
    result = game.state.result
    assert result is not None
    rules = game.rules
    landlord = None if result.thrown_in else result.landlord
    first_out = None if result.thrown_in else result.finishing_order[0]
    bombs = bombs_played(game.state.log)
    if engine == "douzero":
        objective = rules.douzero_objective or "adp"
        report.by_objective[objective] += 1
        theirs = outcome.rewards[objective]
    elif engine == "rlcard":
        theirs = outcome.rewards["payoffs"]
    else:
        theirs = outcome.rewards["returns"]
    ours = tuple(float(score) for score in result.scores)
    differences = []
    if outcome.landlord != landlord:
        differences.append(f"landlord ours {landlord}, theirs {outcome.landlord}")
    if outcome.first_out != first_out:
        differences.append(f"first out ours {first_out}, theirs {outcome.first_out}")
    if outcome.bombs is not None and outcome.bombs != bombs:
        differences.append(f"bombs ours {bombs}, theirs {outcome.bombs}")
    if ours != theirs:
        differences.append(f"scores ours {ours}, theirs {theirs}")
    if differences:
        fail(index, "outcome: " + "; ".join(differences) + f" (ours {result!r}; theirs {outcome})")
        return
    report.outcomes_equal += 1
    report.voids += result.thrown_in
    report.landlord_wins += landlord is not None and first_out == landlord
    report.bombs += bombs
    report.springs += not result.thrown_in and _spring(game, result.landlord, result.finishing_order[0])


def _spring(game: Game, landlord: int, first_out: int) -> bool:
    """Whether the hand was a spring or an anti-spring (D9.2), from its log."""
    plays = Counter(action.seat for action in game.state.log if isinstance(action.move, Play))
    if first_out == landlord:
        return sum(plays.values()) == plays[landlord]
    return plays[landlord] == 1


def run(engine: str, games: int, seed: int, first: int = 0, verbose: bool = False) -> Report:
    """``games`` games against ``engine`` from game number ``first``."""
    report = Report(engine)
    started = time.perf_counter()
    for number in range(first, first + games):
        if verbose:
            print(f"{engine} game {number}")
        play_game(engine, number, seed, report, verbose)
    report.seconds = time.perf_counter() - started
    return report


def print_report(report: Report) -> None:
    """The report's lines."""
    print(f"{report.engine}: {report.games} games, {report.decisions} decisions in {report.seconds:.1f} s "
          f"({report.games / max(report.seconds, 1e-9):.1f} games/s)")
    print(f"  equal legal sets: {report.equal}/{report.decisions} decisions")
    for name, count in sorted(report.explained.items()):
        print(f"  legal sets differ, explained by {name}: {count} decisions")
    for name, count in sorted(report.shown.items()):
        what = "decisions where the engine lists a move twice" if name == "RD-D3" else \
            "landlord plays after which seen_cards lost more copies than played"
        print(f"  {name} shown: {count} {what}")
    objectives = ", ".join(f"{name} {count}" for name, count in sorted(report.by_objective.items()))
    print(f"  equal outcomes: {report.outcomes_equal}/{report.games} games"
          + (f" (objectives: {objectives})" if objectives else ""))
    print(f"  landlord won {report.landlord_wins}, all passed (void) {report.voids}, "
          f"bombs and rockets {report.bombs}, springs and anti-springs {report.springs}")
    print(f"  unexplained: {len(report.unexplained)}")
    for line in report.unexplained[:10]:
        print("    " + line)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per engine (default 10,000)")
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--first", type=int, default=0, help="the first game's number (to reproduce one)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every move")
    arguments = parser.parse_args(argv)
    status = 0
    for engine in arguments.engines.split(","):
        try:
            __import__("pyspiel" if engine == "openspiel" else engine)
        except ImportError as error:
            print(f"{engine}: skipped ({error}); pip install --no-deps douzero==1.1.0 rlcard==1.2.0 numpy termcolor")
            continue
        report = run(engine, arguments.games, arguments.seed, arguments.first, arguments.verbose)
        print_report(report)
        sys.stdout.flush()
        if report.unexplained:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
