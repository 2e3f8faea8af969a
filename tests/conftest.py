"""Test configuration: hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` in CI)."""

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from zhengshangyou import Game, cli

settings.register_profile("dev", max_examples=200, deadline=None)
# CI draws 70 examples a test (fresh ones each run) to keep the whole of .ci/run
# within 10 minutes on 2 cores; "thorough" is for long runs by hand.
settings.register_profile(
    "ci", max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def kept_games(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """The games the command line builds, kept for the test to look at."""
    games: list[Game] = []

    class KeptGame(Game):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            games.append(self)

    monkeypatch.setattr(cli, "Game", KeptGame)
    return games
