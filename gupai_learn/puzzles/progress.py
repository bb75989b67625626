"""Progress that lasts: solved puzzles, their stars, when to see them again, and your rating.

Stars work like lichess's Learn: **3** for a puzzle solved at the first try without a hint,
**2** with one hint or one wrong try, **1** otherwise. A puzzle keeps its best result.

**Practice** (design.md §14). Every answer is remembered per puzzle: how often it was answered
(``tries``), the stars of the last answer, and a schedule — the ``interval`` in days and the
``due`` date when it comes back (:func:`due`). A *success* is an answer worth 3 stars; anything
less (a wrong try, a hint, the solution shown) is a *miss*:

- a puzzle answered for the first time with 3 stars is not scheduled at all;
- a miss schedules the puzzle for the next day (interval 1), whatever its interval was;
- a success on a puzzle that is due moves it one step along :data:`INTERVALS` (1, 3, 7, 21
  days): it comes back that many days later; a success at 21 days retires it (learned, not
  due any more). A success before the due day (the same puzzle met again in its lesson)
  leaves the schedule as it is;
- a puzzle kept with :func:`keep` (a slip of your own, from a deal's review) is due from the
  day it was kept until it is answered; then the rules above apply, so even a clean answer
  brings it back the next day once.

**Rating**: an Elo rating, :data:`START_RATING` at first, moved by each answer against the
puzzle's own rating 1–5, which counts as ``900 + 200 × rating`` Elo points (1100 … 1900;
:func:`puzzle_elo`). An answer scores 1 for 3 stars, ½ for 2, 0 for 1; the change is
``K × (score − expected)`` with K = 40 for the first 20 answers and 20 after. :func:`rating`
gives it with its history, one point per day (the rating at the end of that day).

**The file** lives in the user's data directory (``~/.local/share/gupai-learn/progress.json`` on
Linux); the environment variable ``GUPAI_PROGRESS`` names another file (tests point it at a
temporary directory). It is JSON: ``version``, ``solved`` (best stars and lesson per puzzle, as
version 1 wrote it), ``practice`` (per puzzle: tries, last stars, interval, due), ``kept`` (the
kept puzzles' bank entries) and ``rating``. Version-1 files are read as they are.

Only a file that is ours is ever touched (issue 32). Reading never writes, renames or creates
anything. Each write takes a lock shared by every process, reads the file again under it,
applies this process's changes and replaces the file atomically, keeping a symbolic link a link
(its target is written) and the file's permissions (:mod:`gupai_learn.puzzles._file`). A path
that is not a regular file, or a file that is not a gupai-learn progress file (not JSON, or no
``version``/``solved``), is left exactly as it is: a :class:`ProgressWarning` names the path to
fix, its stars count as none, and a write raises :class:`ProgressError`. A file of ours with
bad values is used for what it holds, and copied to ``progress.json.damaged-N`` before it is
first written again. A write that cannot happen (the lock is held for more than
:data:`LOCK_TIMEOUT` seconds, the folder cannot be written) raises :class:`ProgressError` in one
line; what it was to save stays in memory, counts in every read of this process, and is
written with the next write that succeeds.

    >>> from gupai_learn.puzzles import progress
    >>> progress.stars_for(attempts=1, hints=0)
    3
"""

from __future__ import annotations

import atexit
import json
from collections.abc import Iterable
from datetime import date
from typing import Any

from gupai_learn.puzzles.catalogue import item
from gupai_learn.puzzles.progress_file import (
    ENV,
    ID_LIMIT,
    VERSION,
    ProgressError,
    ProgressWarning,
    State,
    current,
    forget_pending,
    path,
    save,
    save_pending,
    unusable,
)
from gupai_learn.puzzles.records import (
    INTERVALS,
    K_NEW,
    K_SETTLED,
    PROVISIONAL,
    START_RATING,
    Rating,
    Result,
    Review,
    next_review,
    puzzle_elo,
    rated,
    rating_chart,
    stars_for,
)
from gupai_learn.puzzles.star_map import (
    LessonMap,
    LessonStars,
    SyllabusProblem,
    lesson_map,
    theme_table,
)
from gupai_learn.verdict import describe_input

__all__ = [
    "ENTRY_LIMIT",
    "ENV",
    "ID_LIMIT",
    "INTERVALS",
    "K_NEW",
    "K_SETTLED",
    "LOCK_TIMEOUT",
    "PROVISIONAL",
    "START_RATING",
    "VERSION",
    "LessonMap",
    "LessonStars",
    "ProgressError",
    "ProgressWarning",
    "Rating",
    "Result",
    "Review",
    "SyllabusProblem",
    "due",
    "keep",
    "kept",
    "lesson_map",
    "load",
    "next_review",
    "path",
    "puzzle_elo",
    "rated",
    "rating",
    "rating_chart",
    "record",
    "reset",
    "reviews",
    "stars",
    "stars_for",
    "theme_table",
    "today",
    "unusable",
]

#: Seconds a write waits for another process's write before giving up (the change is kept).
LOCK_TIMEOUT = 5.0
#: The largest kept entry, as JSON.
ENTRY_LIMIT = 64_000


# ----- the API -----------------------------------------------------------------------------


def load() -> dict[str, Result]:
    """Every solved puzzle by id; an empty dict when there is no file yet (or it is not ours)."""
    return dict(current().solved)


def record(
    pid: str,
    stars: int,
    lesson: str = "",
    *,
    rating: int | None = None,
    day: date | None = None,
) -> Result:
    """Remember that puzzle ``pid`` was answered with ``stars`` (its best result is kept): its
    practice schedule moves on and the learner's rating follows (against the puzzle's
    ``rating`` 1-5: given, else looked up in the banks and kept puzzles; an unknown puzzle
    leaves the rating alone). ``day``: today by default. ProgressError when it cannot be saved
    (it is kept in memory and saved with the next answer)."""
    if not isinstance(pid, str) or not pid or len(pid) > ID_LIMIT:
        raise ValueError(f"a puzzle id is a non-empty string, not {describe_input(pid, 60)}")
    if type(stars) is not int or not 1 <= stars <= 3:
        raise ValueError(f"stars are 1, 2 or 3, not {describe_input(stars, 60)}")
    if not isinstance(lesson, str) or len(lesson) > ID_LIMIT:
        raise ValueError(f"a lesson is a short text, not {describe_input(lesson, 60)}")
    when = _day(day)
    if rating is None:
        rating = _rating_of(pid)
    elif type(rating) is not int or not 1 <= rating <= 5:
        raise ValueError(f"a puzzle's rating is 1 to 5, not {describe_input(rating, 60)}")

    def change(state: State) -> None:
        old = state.solved.get(pid)
        best = max(stars, old.stars if old else 0)
        state.solved[pid] = Result(best, lesson or (old.lesson if old else ""))
        state.practice[pid] = next_review(state.practice.get(pid), stars, when)
        if rating is not None:
            state.rating = rated(state.rating, rating, stars, when)

    return save(change, LOCK_TIMEOUT).solved[pid]


def keep(pid: str, entry: dict[str, Any], *, day: date | None = None) -> None:
    """Remember a puzzle that lives outside the banks (a slip from a deal's review) as its bank
    entry (``entry["bank"]`` names the bank that completes it, see
    :func:`gupai_learn.puzzles.from_entry`): it is due from ``day`` (today) until it is
    answered. Keeping it again replaces the entry and leaves its schedule as it is."""
    if not isinstance(pid, str) or not pid or len(pid) > ID_LIMIT:
        raise ValueError(f"a puzzle id is a non-empty string, not {describe_input(pid, 60)}")
    if not isinstance(entry, dict) or not isinstance(entry.get("bank"), str):
        raise ValueError("a kept puzzle is its bank entry: a dict whose 'bank' names its bank")
    if entry.get("id", pid) != pid:
        raise ValueError(f"the entry's id {describe_input(entry['id'], 60)} is not {pid!r}")
    try:
        text = json.dumps({**entry, "id": pid}, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise ValueError("a kept entry holds only text, numbers, lists and tables") from None
    if len(text) > ENTRY_LIMIT:
        raise ValueError(f"a kept entry is at most {ENTRY_LIMIT:,} characters as JSON")
    stored = json.loads(text)
    when = _day(day)

    def change(state: State) -> None:
        state.kept[pid] = stored
        old = state.practice.get(pid)
        if old is None or (old.due is None and old.tries == 0):
            state.practice[pid] = Review(0, 0, 0, when)

    save(change, LOCK_TIMEOUT)


def kept() -> dict[str, dict[str, Any]]:
    """The kept puzzles' bank entries by id (see :func:`keep`)."""
    return {pid: dict(entry) for pid, entry in current().kept.items()}


def due(day: date | None = None) -> list[str]:
    """The ids of the puzzles to practise on ``day`` (today): due on or before it, the longest
    waiting first (then by id)."""
    when = _day(day)
    waiting = [(r.due, pid) for pid, r in current().practice.items() if r.due and r.due <= when]
    return [pid for _, pid in sorted(waiting)]


def reviews() -> dict[str, Review]:
    """Every puzzle's practice record by id (puzzles answered or kept)."""
    return dict(current().practice)


def rating() -> Rating:
    """The learner's rating, with its history."""
    return current().rating


def stars(pids: Iterable[str]) -> tuple[int, int]:
    """(stars earned, stars possible) over the puzzles ``pids`` (e.g. one lesson's)."""
    solved = load()
    ids = list(pids)
    return sum(solved[p].stars for p in ids if p in solved), 3 * len(ids)


def reset() -> None:
    """Forget all progress: the file is emptied (a link stays a link, the file keeps its mode;
    a file that is not ours is refused like any write). No file: nothing happens."""
    if not forget_pending():
        return

    def forget(state: State) -> None:
        state.solved, state.practice, state.kept = {}, {}, {}
        state.rating = Rating()

    save(forget, LOCK_TIMEOUT, keep=False)


def today() -> date:
    """The day answers are dated with and due puzzles are counted on (the machine's date; tests
    replace this function to live on another day)."""
    return date.today()


def _day(day: date | None) -> date:
    if day is None:
        return today()
    if not isinstance(day, date):
        raise ValueError(f"a day is a datetime.date, not {describe_input(day, 60)}")
    return day


def _rating_of(pid: str) -> int | None:
    """Puzzle ``pid``'s rating from the banks or the kept puzzles; None if it is in neither."""
    found = item(pid, kept())
    return None if found is None else found.rating


@atexit.register
def _save_at_exit() -> None:
    """When the kernel ends: try once more, briefly, to save what could not be saved."""
    global LOCK_TIMEOUT
    LOCK_TIMEOUT = min(LOCK_TIMEOUT, 1.0)
    save_pending(LOCK_TIMEOUT)
