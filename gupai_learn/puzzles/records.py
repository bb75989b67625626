"""What progress keeps, and how one answer moves it: a solved puzzle's :class:`Result`, a
puzzle's practice :class:`Review` (its schedule, :func:`next_review`), the learner's Elo
:class:`Rating` (:func:`rated`, drawn by :func:`rating_chart`) and the stars an answer earns
(:func:`stars_for`). Plain values and rules, no file: :mod:`gupai_learn.puzzles.progress_file`
keeps them on disk, and :mod:`gupai_learn.puzzles.progress` (whose docstring states the rules)
is the API a lesson uses."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import date, timedelta
from html import escape

#: The days between showings of a missed puzzle, one step further after each success.
INTERVALS = (1, 3, 7, 21)
#: A new learner's rating (between the puzzles rated 1 and 2).
START_RATING = 1200.0
#: The Elo K factor: larger while the rating is new (the first ``PROVISIONAL`` answers).
K_NEW, K_SETTLED, PROVISIONAL = 40.0, 20.0, 20


def stars_for(attempts: int, hints: int) -> int:
    """Stars for a solve after ``attempts`` checks (the right one included) and ``hints`` shown."""
    slips = max(0, attempts - 1) + max(0, hints)
    return 3 if slips == 0 else 2 if slips == 1 else 1


def puzzle_elo(rating: int) -> float:
    """A puzzle's rating 1-5 on the learner's Elo scale: ``900 + 200 × rating``."""
    return 900.0 + 200.0 * rating


@dataclass(frozen=True)
class Result:
    """One solved puzzle: its stars (1-3) and the lesson it was solved in (may be empty)."""

    stars: int
    lesson: str = ""


@dataclass(frozen=True)
class Review:
    """One puzzle's practice record: answers so far (``tries``), the stars of the last one
    (``last``, 0 before any), the days between showings (``interval``, 0 when not scheduled)
    and the day it is due again (``due``, None when it is not: never missed, or learned)."""

    tries: int = 0
    last: int = 0
    interval: int = 0
    due: date | None = None


@dataclass(frozen=True)
class Rating:
    """The learner's rating: its value, how many answers made it, and its history (the rating
    at the end of each day an answer was given, oldest first). Drawn as a small chart."""

    value: float = START_RATING
    answers: int = 0
    history: tuple[tuple[date, float], ...] = ()

    def __int__(self) -> int:
        return round(self.value)

    def __str__(self) -> str:
        answers = f"{self.answers} answer{'s' * (self.answers != 1)}"
        return f"Your rating: {round(self.value)} after {answers}"

    def __repr__(self) -> str:
        return f"Rating({round(self.value)}, answers={self.answers})"

    def _repr_html_(self) -> str:
        return f"<p><b>{escape(str(self))}</b></p>{rating_chart(self)}"


def next_review(old: Review | None, stars: int, day: date) -> Review:
    """The practice record after an answer worth ``stars`` on ``day`` (the rules are in
    :mod:`gupai_learn.puzzles.progress`'s docstring)."""
    old = old or Review()
    tries = old.tries + 1
    if stars < 3:  # a miss: back tomorrow
        return Review(tries, stars, INTERVALS[0], day + timedelta(days=INTERVALS[0]))
    if old.due is None or day < old.due:  # never missed, learned, or answered early
        return replace(old, tries=tries, last=stars)
    steps = [i for i in INTERVALS if i > old.interval]
    if not steps:  # a success after the longest interval: learned
        return Review(tries, stars, old.interval, None)
    return Review(tries, stars, steps[0], day + timedelta(days=steps[0]))


def rated(old: Rating, puzzle_rating: int, stars: int, day: date) -> Rating:
    """The rating after an answer worth ``stars`` on ``day`` to a puzzle rated
    ``puzzle_rating`` (Elo; see
    :mod:`gupai_learn.puzzles.progress`'s docstring)."""
    expected = 1.0 / (1.0 + 10 ** ((puzzle_elo(puzzle_rating) - old.value) / 400.0))
    score = {3: 1.0, 2: 0.5, 1: 0.0}[stars]
    k = K_NEW if old.answers < PROVISIONAL else K_SETTLED
    value = old.value + k * (score - expected)
    history = [*old.history]
    if history and history[-1][0] == day:
        history[-1] = (day, value)
    else:
        history.append((day, value))
    return Rating(value, old.answers + 1, tuple(history))


def rating_chart(shown: Rating, width: int = 360, height: int = 120) -> str:
    """The rating's history as a small SVG line chart (plain markup: it needs no plotting
    library, so it draws in the browser-only build too): a point per day, the starting rating
    as a dashed line, the scale in steps of 50; a sentence when there is no answer yet."""
    points = list(shown.history)
    if not points:
        return "<p class='gupai-rating-none'>No answers yet: your rating starts at " + (
            f"{round(START_RATING)}.</p>"
        )
    values = [v for _, v in points] + [START_RATING]
    low = math.floor((min(values) - 10) / 50) * 50
    high = math.ceil((max(values) + 10) / 50) * 50
    left, right, top, bottom = 44, width - 8, 8, height - 22
    step = (right - left) / max(1, len(points) - 1)

    def y(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    xs = [left + i * step for i in range(len(points))] if len(points) > 1 else [(left + right) / 2]
    xy = [(x, y(v)) for x, (_, v) in zip(xs, points, strict=True)]
    line = " ".join(f"{x:.1f},{yy:.1f}" for x, yy in xy)
    dots = "".join(f"<circle cx='{x:.1f}' cy='{yy:.1f}' r='3'/>" for x, yy in xy)
    first, last = points[0], points[-1]
    days = f"{len(points)} day{'s' * (len(points) != 1)}"
    label = (
        f"Your rating from {first[0].isoformat()} ({round(first[1])}) to "
        f"{last[0].isoformat()} ({round(last[1])}), {days}"
    )
    dates = (
        f"<text x='{left}' y='{height - 6}'>{first[0].isoformat()}</text>"
        f"<text x='{right}' y='{height - 6}' text-anchor='end'>{last[0].isoformat()}</text>"
        if len(points) > 1
        else f"<text x='{xs[0]:.1f}' y='{height - 6}' text-anchor='middle'>"
        f"{first[0].isoformat()}</text>"
    )
    scale = "".join(
        f"<text x='{left - 4}' y='{y(v) + 4:.1f}' text-anchor='end'>{v}</text>" for v in (low, high)
    )
    start = (
        f"<line x1='{left}' y1='{y(START_RATING):.1f}' x2='{right}' y2='{y(START_RATING):.1f}' "
        "stroke='#ccc' stroke-dasharray='4 3'/>"
    )
    return (
        f"<svg class='gupai-rating-chart' role='img' aria-label='{escape(label)}' "
        f"width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
        "xmlns='http://www.w3.org/2000/svg' font-family='sans-serif' font-size='11' "
        "fill='#3d3a33'>"
        f"<title>{escape(label)}</title>"
        f"<line x1='{left}' y1='{top}' x2='{left}' y2='{bottom}' stroke='#bbb'/>"
        f"<line x1='{left}' y1='{bottom}' x2='{right}' y2='{bottom}' stroke='#bbb'/>"
        f"{scale}{dates}{start}"
        f"<polyline points='{line}' fill='none' stroke='#b7791f' stroke-width='2'/>"
        f"<g fill='#b7791f'>{dots}</g></svg>"
    )


# ----- the map of stars ----------------------------------------------------------------------
