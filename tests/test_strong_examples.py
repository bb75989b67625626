"""Lesson 07.08's positions where the strong player and the normal one disagree: the stored
findings (gupai_learn/strong_examples.json) are what the search finds again, outside the lesson.
After a change to the computer players, search again: python -m gupai_learn.strong_examples."""

from __future__ import annotations

import pytest

from gupai_learn import strong_examples
from gupai_learn.games import GAMES


@pytest.mark.parametrize("game", list(GAMES))
def test_the_stored_finding_is_what_the_search_finds(game: str) -> None:
    found = strong_examples.disagreement(game)
    again = "search again: python -m gupai_learn.strong_examples"
    assert strong_examples.as_stored(found) == strong_examples.as_stored(
        strong_examples.stored(game)
    ), again
    if found is not None:
        kept = strong_examples.stored(game)
        assert kept is not None and repr(kept.deal) == repr(found.deal)
        assert kept.deal.turn == found.deal.turn and str(kept.other) == str(found.other)
        assert kept.values[str(kept.other)] > kept.values[str(kept.choice)] + strong_examples.MARGIN
