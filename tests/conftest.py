"""Test configuration: hypothesis profiles (``HYPOTHESIS_PROFILE=ci`` in CI)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=200, deadline=None)
# CI draws the same examples on every run (derandomize), so its time and its verdict
# depend on the code alone: a rare, costly draw cannot push one run past its time
# budget and pass the next. The dev and thorough profiles draw afresh each run.
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
