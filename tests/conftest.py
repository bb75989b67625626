"""Shared test set-up: progress is written to a temporary file, never to the user's own; the
toy game (``tests/toy``) is registered for the tests that run it (``tests/registry.py``)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from gupai_learn.engine.game import register, unregister
from tests.toy import GAME as TOY

# Property tests draw the same examples on every run (the project's outputs are deterministic,
# and a CI run must not pass or fail by chance); GUPAI_HYPOTHESIS=explore draws fresh ones.
settings.register_profile("fixed", derandomize=True, database=None)
settings.register_profile("explore")
settings.load_profile(os.environ.get("GUPAI_HYPOTHESIS", "fixed"))

# set before any kernel starts: nbval's kernels inherit the environment, and nothing else may
# write this file (tests get their own through fresh_progress; the browser's server its own)
os.environ["GUPAI_PROGRESS"] = str(Path(tempfile.mkdtemp(prefix="gupai-test-")) / "progress.json")


@pytest.fixture(autouse=True)
def fresh_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test starts with no saved progress (a solved puzzle never leaks into another)."""
    file = tmp_path / "progress.json"
    monkeypatch.setenv("GUPAI_PROGRESS", str(file))
    return file


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "toy: runs the toy game of tests/toy, registered for it")


#: Test modules run before the others: the two longest set-ups of a run (the browser site's
#: build, about 1.5 min, in its first test; the wheel's fresh venv, about as long) start at
#: once, one on each worker, and the site is built before the other modules that open it.
#: ``make test`` keeps this order with xdist's ``--no-loadscope-reorder``: by default xdist
#: hands out the modules with the most tests first, which left the few but long browser
#: modules for the end, one worker waiting on the other.
FIRST = ("tests/browser/test_lite_browser.py", "tests/test_wheel.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules of :data:`FIRST` first, in that order; the rest as collected."""

    def rank(item: pytest.Item) -> int:
        module = item.nodeid.split("::")[0]
        return FIRST.index(module) if module in FIRST else len(FIRST)

    items.sort(key=rank)  # a stable sort: the order within each group is kept


@pytest.fixture(autouse=True)
def toy_registered(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test marked ``toy`` (``every_game()``'s toy parameter) sees the toy game in ``GAMES``
    while it runs: registered before, taken out after."""
    if request.node.get_closest_marker("toy") is None:
        yield
        return
    register(TOY)
    try:
        yield
    finally:
        unregister(TOY)
