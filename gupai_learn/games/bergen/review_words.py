"""Bergen's words for reviews and hints (:class:`gupai_learn.engine.game.ReviewWords`): the goal
is the most points of the round, which one seat alone must score."""

from typing import Any

from gupai_learn.engine.game import ReviewWords


def place_reason(tile: object) -> str:
    """Why a sensible player places ``tile`` now."""
    return f"{tile} fits, and placing it keeps the hand moving toward domino"


def top_scorer(done: Any) -> int | None:
    """The seat that scored the most points of the finished round, if it is one seat alone."""
    points = list(done.round_points)
    top = max(points)
    return points.index(top) if points.count(top) == 1 else None


WORDS = ReviewWords(
    goal="scores the most points of the round",
    rules=("BE-END-DOMINO", "BE-END-BLOCKED"),
    place_reason=place_reason,
    achiever=top_scorer,
)
