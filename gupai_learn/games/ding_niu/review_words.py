"""Bull Fight's words for reviews and hints (:class:`gupai_learn.engine.game.ReviewWords`): the
seat with the lowest points finishes first, so a heavy tile is the one to shed."""

from typing import Any

from gupai_learn.engine.game import ReviewWords


def place_reason(tile: Any) -> str:
    """Why a sensible player places ``tile`` now."""
    return f"the lowest points finish first, so the heavy {tile} ({tile.pips} pips) goes now"


WORDS = ReviewWords(goal="finishes first", rules=("DN-SCORE-PLACES",), place_reason=place_reason)
