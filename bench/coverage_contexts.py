"""A pytest plugin for bench/mutation_lines.py: under `coverage run`, each test's lines are
recorded under its node id (parametrized cases apart, which coverage.py's own
`dynamic_context = test_function` merges into one function name)."""

from __future__ import annotations

import coverage


def pytest_runtest_setup(item):
    running = coverage.Coverage.current()
    if running is not None:
        running.switch_context(item.nodeid)


def pytest_runtest_teardown(item, nextitem):
    running = coverage.Coverage.current()
    if running is not None:
        running.switch_context("")
