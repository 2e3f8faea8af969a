"""``zhengshangyou tournament`` (issue 16): the table on standard output, the progress
on standard error, the same table with a process pool, and the refusals."""

from __future__ import annotations

import io
import re
import sys

import pytest

from zhengshangyou import Rules, cli
from zhengshangyou.cli import main
from zhengshangyou.tournament import tournament


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["tournament", *argv], stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_tournament_prints_the_table_of_the_library_and_a_summary() -> None:
    status, out, err = run("--bots", "greedy,random,random", "--players", "2", "--hands", "11", "--seed", "5")
    assert status == 0, err
    expected = tournament(["greedy", "random", "random"], Rules(players=2), hands=11, seed=5)
    table, summary = out.rstrip("\n").rsplit("\n", 1)
    assert table == expected.table()
    assert re.fullmatch(r"12 hands on 6 deals, each played from every seat; \d+\.\d moves a hand, seed 5", summary)
    assert "Traceback" not in err


def test_tournament_with_workers_prints_the_same_table() -> None:
    argv = ("--bots", "greedy,random", "--players", "2", "--hands", "16", "--seed", "2")
    status, alone, _ = run(*argv)
    assert status == 0
    status, pooled, _ = run(*argv, "--workers", "2")
    assert status == 0
    assert pooled == alone


def test_tournament_takes_the_rule_flags_and_has_defaults() -> None:
    status, out, err = run("--preset", "winner", "--players", "3", "--bots", "greedy,random,random,random", "--hands", "3")
    assert status == 0, err
    rules = Rules.preset("winner", players=3)
    expected = tournament(["greedy", "random", "random", "random"], rules, hands=3)
    assert out.startswith(expected.table() + "\n")
    assert out.rstrip().splitlines()[-1].startswith("12 hands on 4 deals")  # 4 bots at 3 seats: a cycle of 4 deals
    arguments = cli._parser().parse_args(["tournament"])
    assert (arguments.bots, arguments.hands, arguments.seed, arguments.workers) == (
        ["heuristic", "greedy", "random", "random"], 1000, 0, 1
    )


def test_tournament_counts_hands_on_standard_error_without_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    _, with_rich, _ = run("--bots", "greedy,random", "--players", "2", "--hands", "40")
    monkeypatch.setitem(sys.modules, "rich.progress", None)
    status, out, err = run("--bots", "greedy,random", "--players", "2", "--hands", "40")
    assert status == 0
    assert out == with_rich
    assert err == "\r16/40 hands\r32/40 hands\r40/40 hands\n"  # jobs of 8 deals of 2 hands


@pytest.mark.parametrize("rich", [True, False])
def test_tournament_refuses_too_few_bots_in_one_line(monkeypatch: pytest.MonkeyPatch, rich: bool) -> None:
    if not rich:
        monkeypatch.setitem(sys.modules, "rich.progress", None)
    status, out, err = run("--bots", "greedy,random", "--hands", "4")
    assert (status, out) == (2, "")
    assert err == "zhengshangyou tournament: error: 2 bots for 4 players: a tournament needs a bot a seat at least (R2.1)\n"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--hands", "0"], "argument --hands: must be at least 1, not 0"),
        (["--hands", "-4"], "argument --hands: must be at least 1, not -4"),
        (["--hands", "many"], "argument --hands: 'many' is not a whole number"),
        (["--workers", "0"], "argument --workers: must be at least 1, not 0"),
        (["--seed", "-1"], "argument --seed: a seed is a whole number from 0 to 2**64 - 1"),
        (
            ["--bots", "greedy,clever"],
            "argument --bots: unknown bot 'clever'; bots are heuristic, greedy, random,"
            " ismcts[:ITERATIONS], montecarlo[:ROLLOUTS]",
        ),
        (["--bots", "ismcts:0,greedy"], "argument --bots: bot 'ismcts:0': ITERATIONS must be a whole number"),
        (["--min-straight", "2"], "min_straight"),
    ],
)
def test_tournament_refuses_bad_arguments_with_status_2(argv: list[str], fragment: str) -> None:
    status, out, err = run(*argv)
    assert (status, out) == (2, "")
    last = err.splitlines()[-1]
    assert last.startswith("zhengshangyou tournament: error: ")
    assert fragment in last


def test_play_and_simulate_take_the_names_of_the_one_registry() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(["simulate", "--bots", " greedy , random", "--players", "2", "--games", "4"], stdout=out, stderr=err) == 0
    assert out.getvalue().splitlines()[1].split()[1] == "GreedyBot()"
    err = io.StringIO()
    assert main(["play", "--bots", "clever"], stdout=io.StringIO(), stderr=err) == 2
    assert "bots are heuristic, greedy, random, ismcts[:ITERATIONS]" in err.getvalue()
