"""A pytest plugin for mutation runs: every test starts with cold memos.

``benchmarks/mutation.py`` copies this file into the ``tests/`` folder of the
throw-away copy it measures, and imports its hooks from that copy's
``conftest.py``. It does nothing unless ``MUTANT_UNDER_TEST`` is set (mutmut sets
it in every process that runs tests for it).

The library keeps what it derives from a rule set (the catalogue, readers, move
tables, positions, rank-play spaces) in ``RulesCache``s and a few module-level
memos in ``moves``. A table
built before a mutant was switched on would hide that mutant; a table built by the
first test would hide from mutmut's coverage map every later test that reads it.
So the memos are emptied at the start of every session, and before every test of
mutmut's instrumented first run (``MUTANT_UNDER_TEST=stats``, where it maps tests
to the functions they reach): every ``RulesCache`` (``RulesCache.forget()``), and
``moves``' module-level memos.
"""

from __future__ import annotations

import gc
import os
from typing import Any

from hypothesis import settings

from zhengshangyou import moves, rules


def _active() -> bool:
    return bool(os.environ.get("MUTANT_UNDER_TEST"))


def clear_memos() -> None:
    """Empty every memo of the library (see the module documentation)."""
    rules.RulesCache.forget()
    for table in moves._LOWEST:
        table.clear()
    for table in moves._SLOTS.values():
        table.clear()
    moves._subsets.cache_clear()


def pytest_sessionstart(session: Any) -> None:
    if not _active():
        return
    # The ci profile, without the example database (a failure found under one mutant
    # would otherwise be replayed under the next) and with fixed examples.
    settings.register_profile(
        "mutation", parent=settings.get_profile("ci"), database=None, derandomize=True
    )
    settings.load_profile("mutation")
    gc.unfreeze()  # (a forking parent may have frozen its objects out of gc's sight)
    log = os.environ.get("ZSY_MUTATION_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            sizes = sum(len(cache) for cache in rules.RulesCache.caches)
            out.write(f"{os.environ['MUTANT_UNDER_TEST']} pid={os.getpid()} "
                      f"memo_entries_at_start={sizes}\n")
    clear_memos()


def pytest_runtest_setup(item: Any) -> None:
    # Only in the instrumented first run, where mutmut maps tests to functions.
    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        clear_memos()
