"""Every example runs (issue: examples), as a script, to the end."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from marks import slow_where

# learn.py trains for minutes by default; tests/test_env_gymnasium.py runs its --quick mode.
# maskable_ppo.py needs torch and sb3-contrib, which the tests do not install.
NOT_RUN = {"learn.py", "maskable_ppo.py"}
EXAMPLES = sorted(
    path for path in (Path(__file__).parent.parent / "examples").glob("*.py") if path.name not in NOT_RUN
)
#: The arguments an example runs with here: a short mode where it has one.
ARGUMENTS = {"own_bot.py": ["40"], "self_play.py": ["--quick"], "jax_train.py": ["--short"]}


def test_there_are_examples() -> None:
    names = {path.name for path in EXAMPLES}
    assert {"random_game.py", "own_bot.py", "referee_dispute.py", "ui_loop.py", "self_play.py"} <= names
    assert (EXAMPLES[0].parent / "learn.py").exists()
    assert (EXAMPLES[0].parent / "maskable_ppo.py").exists()


@pytest.mark.parametrize(
    "path",
    # (the JAX example compiles its game: the slow set runs its short mode, issue 38)
    slow_where(EXAMPLES, lambda path: path.name == "jax_train.py"),
    ids=[path.stem for path in EXAMPLES],
)
def test_example_runs(path: Path) -> None:
    arguments = ARGUMENTS.get(path.name, [])
    done = subprocess.run(
        [sys.executable, str(path), *arguments], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_issue34_the_maskable_ppo_example_reads_its_options_without_torch() -> None:
    """maskable_ppo.py imports sb3-contrib only to train: its help needs neither it nor
    torch, and without them it says what to install (status 2) instead of a traceback."""
    script = EXAMPLES[0].parent / "maskable_ppo.py"
    done = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert "--self-play" in done.stdout
    if importlib.util.find_spec("sb3_contrib") is None:
        done = subprocess.run(
            [sys.executable, str(script), "--steps", "1"], capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 2
        assert "pip install sb3-contrib" in done.stdout
