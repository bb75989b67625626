"""The games a generic suite runs over: every game of ``GAMES`` and the toy game of
``tests/toy`` (a sixth game that lives in the tests; the ``toy_registered`` fixture of
``conftest.py`` registers it for each test that runs it, and takes it out again after).

    @pytest.mark.parametrize("name", every_game())
    @pytest.mark.parametrize("name", every_game(lambda info: info.family == "trick"))

A suite about the course's content (rule books, lessons, puzzle banks) runs over ``GAMES``
alone: the toy brings no content."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gupai_learn.engine.game import GameInfo
from gupai_learn.games import GAMES
from tests.toy import GAME as TOY

__all__ = ["TOY", "every_game"]


def every_game(where: Callable[[GameInfo], bool] | None = None) -> list[Any]:
    """The names of the registered games ``where`` keeps (all by default), then the toy's
    (as a parameter marked ``toy``) when ``where`` keeps it too."""
    found: list[Any] = [name for name, info in GAMES.items() if where is None or where(info)]
    if where is None or where(TOY):
        found.append(pytest.param(TOY.name, marks=pytest.mark.toy, id=TOY.name))
    return found
