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
