"""The engine suite's hooks. The shared helpers of tests/kit/engine.py assert too: their
asserts are rewritten like a test's, so a failure shows the values.

Under mutmut only (bench/mutation.py): a mutant's tests run fastest first.

mutmut hands a mutant's covering tests to pytest in no particular order and stops
at the first failure, so a killed mutant that met the slow tests first (the
random games, the rules sheets) took half a minute instead of a second. The
durations are mutmut's own, from its first pass (mutants/mutmut-stats.json).
Outside a mutant run this hook does nothing.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.register_assert_rewrite("tests.kit")


def pytest_collection_modifyitems(config, items):
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    found = [p / "mutmut-stats.json" for p in (Path.cwd(), Path(config.rootpath))]
    stats = next((p for p in found if p.exists()), None)  # mutmut runs from mutants/
    if stats is None:
        return
    duration = json.loads(stats.read_text())["duration_by_test"]
    items.sort(key=lambda item: duration.get(item.nodeid, 0.0))
