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
import math
import os
import threading
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from html import escape
from pathlib import Path
from typing import Any

from gupai_learn.puzzles import _file
from gupai_learn.puzzles.catalogue import ThemeStars, item, theme_stars
from gupai_learn.puzzles.catalogue import syllabus_file as _syllabus_file
from gupai_learn.verdict import describe_input

ENV = "GUPAI_PROGRESS"
VERSION = 2
#: Seconds a write waits for another process's write before giving up (the change is kept).
LOCK_TIMEOUT = 5.0
#: The days between showings of a missed puzzle, one step further after each success.
INTERVALS = (1, 3, 7, 21)
#: A new learner's rating (between the puzzles rated 1 and 2).
START_RATING = 1200.0
#: The Elo K factor: larger while the rating is new (the first ``PROVISIONAL`` answers).
K_NEW, K_SETTLED, PROVISIONAL = 40.0, 20.0, 20
#: The longest puzzle id kept (ids look like ``tg-beat-01``).
ID_LIMIT = 200
#: The largest kept entry, as JSON.
ENTRY_LIMIT = 64_000


class ProgressWarning(UserWarning):
    """The progress file cannot be used as it is; the message names the path to fix."""


class ProgressError(OSError):
    """Progress could not be saved; the message says why, in one line. What was to be saved
    is kept in memory and written with the next save that succeeds."""


def path() -> Path:
    """Where progress is kept: ``$GUPAI_PROGRESS`` or the user's data directory."""
    named = os.environ.get(ENV)
    if named:
        return Path(named).expanduser()
    try:
        from platformdirs import user_data_dir

        base = Path(user_data_dir("gupai-learn"))
    except ImportError:  # platformdirs comes with Jupyter; a bare install falls back
        base = Path.home() / ".local" / "share" / "gupai-learn"
    return base / "progress.json"


def stars_for(attempts: int, hints: int) -> int:
    """Stars for a solve after ``attempts`` checks (the right one included) and ``hints`` shown."""
    slips = max(0, attempts - 1) + max(0, hints)
    return 3 if slips == 0 else 2 if slips == 1 else 1


def puzzle_elo(rating: int) -> float:
    """A puzzle's rating 1-5 on the learner's Elo scale: ``900 + 200 × rating``."""
    return 900.0 + 200.0 * rating


# ----- what is kept ------------------------------------------------------------------------


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


@dataclass
class _State:
    """The whole file's contents as this module works on them."""

    solved: dict[str, Result] = field(default_factory=dict)
    practice: dict[str, Review] = field(default_factory=dict)
    kept: dict[str, dict[str, Any]] = field(default_factory=dict)
    rating: Rating = field(default_factory=Rating)
    #: top-level keys of the file this version does not know: written back as they were
    other: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Loaded:
    """A read of the file: its state (empty when there is none), the problem that forbids
    writing it (``refused``), what of it was damaged, and what was found on disk."""

    state: _State
    refused: str = ""
    damaged: str = ""
    found: _file.Found = field(default_factory=_file.Found)


# ----- reading -----------------------------------------------------------------------------


class _NotOurs(Exception):
    """The file is not a gupai-learn progress file; the message says why in a few words."""


def _read(file: Path) -> _Loaded:
    """The file at ``file`` as state; never writes anything."""
    found = _file.read(file)
    if found.missing:
        return _Loaded(_State(), found=found)
    if found.raw is None:
        return _Loaded(_State(), refused=found.problem, found=found)
    try:
        data = json.loads(found.raw.decode("utf-8"))
        if not isinstance(data, dict) or "version" not in data or "solved" not in data:
            raise _NotOurs("no version and solved")
    except (ValueError, RecursionError) as error:  # not UTF-8 text, not JSON
        return _Loaded(_State(), refused=_not_ours(error), found=found)
    except _NotOurs as error:
        return _Loaded(_State(), refused=str(error), found=found)
    problems: list[str] = []
    state = _parse(data, problems)
    version = data["version"]
    if type(version) is int and version > VERSION:
        return _Loaded(state, refused=f"newer:{version}", found=found)
    return _Loaded(state, damaged=", ".join(dict.fromkeys(problems)), found=found)


def _not_ours(error: Exception) -> str:
    return "not JSON text" if isinstance(error, (ValueError, RecursionError)) else str(error)


def _parse(data: dict[str, Any], problems: list[str]) -> _State:
    """Our file's contents; each value that cannot be read is left out and named in
    ``problems``."""
    if type(data["version"]) is not int or data["version"] < 1:
        problems.append("its version")
    state = _State(other={k: v for k, v in data.items() if k not in _KEYS})
    state.solved = _section(data, "solved", _result, problems)
    state.practice = _section(data, "practice", _review, problems)
    state.kept = _section(data, "kept", _entry, problems)
    raw = data.get("rating")
    if raw is not None:
        try:
            state.rating = _rating(raw)
        except (KeyError, TypeError, ValueError):
            problems.append("the rating")
    return state


_KEYS = ("version", "solved", "practice", "kept", "rating")


def _section(
    data: dict[str, Any], key: str, read: Callable[[Any], Any], problems: list[str]
) -> dict[str, Any]:
    raw = data.get(key, {})
    if not isinstance(raw, dict):
        problems.append(f"'{key}'")
        return {}
    out = {}
    for pid, entry in raw.items():
        try:
            if not pid or len(pid) > ID_LIMIT:
                raise ValueError("bad id")
            out[pid] = read(entry)
        except (KeyError, TypeError, ValueError, AttributeError):
            problems.append(f"entries of '{key}'")
    return out


def _result(entry: Any) -> Result:
    stars = entry["stars"]
    if type(stars) is not int or not 1 <= stars <= 3:
        raise ValueError(f"bad stars {stars!r}")
    lesson = entry.get("lesson", "")
    if not isinstance(lesson, str):
        raise ValueError("bad lesson")
    return Result(stars, lesson)


def _review(entry: Any) -> Review:
    tries, last, interval = entry["tries"], entry.get("last", 0), entry["interval"]
    due = entry["due"]
    if type(tries) is not int or tries < 0 or type(last) is not int or not 0 <= last <= 3:
        raise ValueError("bad tries")
    if type(interval) is not int or interval not in (0, *INTERVALS):
        raise ValueError("bad interval")
    return Review(tries, last, interval, None if due is None else date.fromisoformat(due))


def _entry(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict) or not isinstance(entry.get("bank"), str):
        raise ValueError("bad entry")
    return entry


def _rating(raw: Any) -> Rating:
    value, answers = raw["value"], raw["answers"]
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        raise ValueError("bad value")
    if type(answers) is not int or answers < 0:
        raise ValueError("bad answers")
    history = []
    for day, then in raw.get("history", []):
        if not isinstance(then, (int, float)) or isinstance(then, bool):
            raise ValueError("bad history")
        history.append((date.fromisoformat(day), float(then)))
    return Rating(float(value), answers, tuple(history))


# ----- warnings, and what this process still has to save -----------------------------------

_LOCK = threading.RLock()
#: Changes not written yet (the lock was busy, the folder read-only…), by the file's path.
_PENDING: dict[str, list[Callable[[_State], None]]] = {}
_WARNED: set[tuple[str, str]] = set()


def _problem_line(file: Path, loaded: _Loaded) -> str:
    """The one line that names the path to fix (or what was damaged); "" when all is well."""
    where = _file.shown(file)
    if loaded.refused.startswith("newer:"):
        version = loaded.refused.split(":", 1)[1]
        return (
            f"Your progress file {where} was written by a newer gupai-learn (version "
            f"{version}): its stars are read but nothing is saved to it; update gupai-learn."
        )
    if loaded.refused:
        return (
            f"{where} is not a gupai-learn progress file ({loaded.refused}): it is left as it "
            f"is, no stars are read from it or saved to it; move it, or set {ENV} to another "
            "file."
        )
    if loaded.damaged:
        return (
            f"Part of your progress file {where} could not be read ({loaded.damaged}); the "
            f"rest is used, and a copy of the file is kept as {Path(where).name}.damaged-N "
            "before it is saved again."
        )
    return ""


def _warn(file: Path, loaded: _Loaded) -> None:
    """Say once per process and problem which path to fix."""
    line = _problem_line(file, loaded)
    key = (str(file), line)
    if line and key not in _WARNED:
        _WARNED.add(key)
        warnings.warn(line, ProgressWarning, stacklevel=4)


def unusable() -> str:
    """The one line naming the progress file when it cannot be used at all (not a file, not a
    gupai-learn progress file, a newer version's), or "" when it can (a damaged file of ours
    can: what it holds is used)."""
    file = path()
    try:
        loaded = _read(_file.target(file))
    except (OSError, ValueError):
        loaded = _read(file)
    return _problem_line(file, loaded) if loaded.refused else ""


def _current() -> _State:
    """What the file holds with this process's unsaved changes applied (a read only)."""
    file = path()
    try:
        real = _file.target(file)
    except (OSError, ValueError):
        real = file
    loaded = _read(real)
    _warn(file, loaded)
    state = loaded.state
    with _LOCK:
        for change in _PENDING.get(str(real), ()):
            change(state)
    return state


def _save(change: Callable[[_State], None], keep: bool = True) -> _State:
    """Apply ``change`` (and every change still unsaved) to the file under the lock; the state
    written. ProgressError when it cannot be written: ``change`` is then kept for the next save
    (unless ``keep`` is False: a reset that was refused is forgotten)."""
    file = path()
    with _LOCK:
        try:
            real = _file.target(file)
        except (OSError, ValueError) as error:
            raise ProgressError(_unsaved(file, _file._reason(error))) from None
        queue = _PENDING.setdefault(str(real), [])
        queue.append(change)
        try:
            state = _write_all(file, real, queue)
        except ProgressError:
            if not keep:
                queue.remove(change)
            raise
        queue.clear()
        return state


@atexit.register
def _save_at_exit() -> None:
    """When the kernel ends: try once more, briefly, to save what could not be saved."""
    global LOCK_TIMEOUT
    LOCK_TIMEOUT = min(LOCK_TIMEOUT, 1.0)
    with _LOCK:
        for key, queue in list(_PENDING.items()):
            if not queue:
                continue
            try:
                _write_all(Path(key), Path(key), queue)
            except ProgressError:
                continue
            queue.clear()


def _write_all(file: Path, real: Path, changes: list[Callable[[_State], None]]) -> _State:
    before = _read(real)  # a file that is not ours is refused before any lock is made for it
    if before.refused:
        _warn(file, before)
        raise ProgressError(_unsaved(file, _refusal(before)))
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        with _file.locked(real, LOCK_TIMEOUT):
            loaded = _read(real)  # again, under the lock: another kernel may have written
            if loaded.refused:
                raise ProgressError(_unsaved(file, _refusal(loaded)))
            state = loaded.state
            for change in changes:
                change(state)
            if loaded.damaged and loaded.found.raw is not None:
                _file.copy_aside(real, loaded.found.raw, loaded.found.mode)
            _file.write(real, _dump(state), loaded.found.mode)
            return state
    except _file.LockTimeout:
        raise ProgressError(
            _unsaved(file, f"another program kept it locked for {LOCK_TIMEOUT:g} s")
        ) from None
    except ProgressError:
        raise
    except OSError as error:
        raise ProgressError(_unsaved(file, _file._reason(error))) from None


def _refusal(loaded: _Loaded) -> str:
    if loaded.refused.startswith("newer:"):
        return "a newer gupai-learn wrote it"
    return f"it is not a gupai-learn progress file ({loaded.refused})"


def _unsaved(file: Path, why: str) -> str:
    return (
        f"Not saved to {_file.shown(file)}: {why}. This session keeps it and saves it with the "
        "next answer that can be saved."
    )


def _dump(state: _State) -> str:
    data: dict[str, Any] = {
        **state.other,
        "version": VERSION,
        "solved": {p: {"stars": r.stars, "lesson": r.lesson} for p, r in state.solved.items()},
        "practice": {p: _review_data(r) for p, r in state.practice.items()},
        "kept": state.kept,
        "rating": {
            "value": round(state.rating.value, 2),
            "answers": state.rating.answers,
            "history": [[d.isoformat(), round(v, 2)] for d, v in state.rating.history],
        },
    }
    return _layout(data)


def _layout(data: dict[str, Any]) -> str:
    """``data`` as JSON with one line per top-level key, and per puzzle inside a table of
    puzzles: readable, and made by the fast encoder (an indented dump is many times slower)."""

    def text(value: Any) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)

    parts = []
    for key in sorted(data):
        value = data[key]
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            inner = ",\n".join(f"  {text(k)}: {text(v)}" for k, v in sorted(value.items()))
            parts.append(f" {text(key)}: {{\n{inner}\n }}")
        else:
            parts.append(f" {text(key)}: {text(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _review_data(review: Review) -> dict[str, Any]:
    due = review.due.isoformat() if review.due else None
    return {"tries": review.tries, "last": review.last, "interval": review.interval, "due": due}


# ----- the API -----------------------------------------------------------------------------


def load() -> dict[str, Result]:
    """Every solved puzzle by id; an empty dict when there is no file yet (or it is not ours)."""
    return dict(_current().solved)


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

    def change(state: _State) -> None:
        old = state.solved.get(pid)
        best = max(stars, old.stars if old else 0)
        state.solved[pid] = Result(best, lesson or (old.lesson if old else ""))
        state.practice[pid] = next_review(state.practice.get(pid), stars, when)
        if rating is not None:
            state.rating = rated(state.rating, rating, stars, when)

    return _save(change).solved[pid]


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

    def change(state: _State) -> None:
        state.kept[pid] = stored
        old = state.practice.get(pid)
        if old is None or (old.due is None and old.tries == 0):
            state.practice[pid] = Review(0, 0, 0, when)

    _save(change)


def kept() -> dict[str, dict[str, Any]]:
    """The kept puzzles' bank entries by id (see :func:`keep`)."""
    return {pid: dict(entry) for pid, entry in _current().kept.items()}


def due(day: date | None = None) -> list[str]:
    """The ids of the puzzles to practise on ``day`` (today): due on or before it, the longest
    waiting first (then by id)."""
    when = _day(day)
    waiting = [(r.due, pid) for pid, r in _current().practice.items() if r.due and r.due <= when]
    return [pid for _, pid in sorted(waiting)]


def reviews() -> dict[str, Review]:
    """Every puzzle's practice record by id (puzzles answered or kept)."""
    return dict(_current().practice)


def rating() -> Rating:
    """The learner's rating, with its history."""
    return _current().rating


def stars(pids: Iterable[str]) -> tuple[int, int]:
    """(stars earned, stars possible) over the puzzles ``pids`` (e.g. one lesson's)."""
    solved = load()
    ids = list(pids)
    return sum(solved[p].stars for p in ids if p in solved), 3 * len(ids)


def reset() -> None:
    """Forget all progress: the file is emptied (a link stays a link, the file keeps its mode;
    a file that is not ours is refused like any write). No file: nothing happens."""
    file = path()
    with _LOCK:
        try:
            real = _file.target(file)
        except (OSError, ValueError):
            real = file
        _PENDING.pop(str(real), None)
        if _file.read(real).missing:
            return

    def forget(state: _State) -> None:
        state.solved, state.practice, state.kept = {}, {}, {}
        state.rating = Rating()

    _save(forget, keep=False)


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


# ----- the schedule and the rating -----------------------------------------------------------


def next_review(old: Review | None, stars: int, day: date) -> Review:
    """The practice record after an answer worth ``stars`` on ``day`` (the rules are in the
    module's docstring)."""
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
    ``puzzle_rating`` (Elo; see the module's docstring)."""
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


@dataclass(frozen=True)
class LessonStars:
    """One lesson's line on the map: its number and title and the stars earned of those possible."""

    number: str
    title: str
    file: str
    earned: int
    possible: int


@dataclass(frozen=True)
class LessonMap:
    """Stars per lesson, chapter by chapter, as the start page shows them (HTML in a notebook),
    then per theme of each game (only where puzzles carry themes)."""

    chapters: tuple[tuple[str, tuple[LessonStars, ...]], ...]
    themes: tuple[ThemeStars, ...] = ()

    @property
    def earned(self) -> tuple[int, int]:
        """(stars earned, stars possible) over every lesson."""
        rows = [row for _, rows in self.chapters for row in rows]
        return sum(r.earned for r in rows), sum(r.possible for r in rows)

    def __str__(self) -> str:
        got, best = self.earned
        lines = [f"Your stars: {got} of {best}"]
        for chapter, rows in self.chapters:
            lines.append(chapter)
            lines += [f"  {r.number} {r.title}: {r.earned}/{r.possible}" for r in rows]
        if self.themes:
            lines.append("By theme")
            lines += [f"  {t.title}, {t.theme}: {t.earned}/{t.possible}" for t in self.themes]
        return "\n".join(lines)

    def __repr__(self) -> str:
        got, best = self.earned
        return f"LessonMap(stars={got}, possible={best})"

    def _repr_html_(self) -> str:
        got, best = self.earned
        body = [f"<p><b>Your stars: {got} of {best}</b></p>", "<table class='gupai-progress'>"]
        left = "<td style='text-align:left'>"
        for chapter, rows in self.chapters:
            body.append(f"<tr><th colspan='2' style='text-align:left'>{escape(chapter)}</th></tr>")
            for r in rows:
                bar = _bar(r.earned, r.possible)
                link = f"<a href='{escape(r.file)}'>{escape(r.number)} {escape(r.title)}</a>"
                body.append(f"<tr>{left}{link}</td>{left}{bar}</td></tr>")
        body.append("</table>")
        if self.themes:
            body.append(theme_table(self.themes))
        return "".join(body)


def theme_table(rows: Iterable[ThemeStars]) -> str:
    """Stars per theme as an HTML table, game by game; empty when no puzzle has a theme."""
    body, game = [], None
    left = "<td style='text-align:left'>"
    for row in rows:
        if row.game != game:
            game = row.game
            head = f"<th colspan='2' style='text-align:left'>{escape(row.title)}</th>"
            body.append(f"<tr>{head}</tr>")
        bar = _bar(row.earned, row.possible)
        body.append(f"<tr>{left}{escape(row.theme)}</td>{left}{bar}</td></tr>")
    if not body:
        return ""
    return (
        "<p><b>By theme</b></p><table class='gupai-progress gupai-themes'>"
        + "".join(body)
        + ("</table>")
    )


def _bar(earned: int, possible: int) -> str:
    """A short gold bar filled in proportion to the stars earned, with the count spelled out
    (``★ 4/9``); a lesson with many puzzles still fits one line."""
    if not possible:
        return "<span style='color:#777'>no puzzles</span>"
    filled = round(100 * earned / possible)
    label = f"{earned} of {possible} stars"
    track = (
        "display:inline-block;width:8em;height:0.7em;background:#eee;border-radius:4px;"
        "vertical-align:middle;overflow:hidden"
    )
    fill = f"display:block;width:{filled}%;height:100%;background:#d69e2e"
    picture = (
        f"<span role='img' aria-label='{label}' style='{track}'><span style='{fill}'></span></span>"
    )
    return f"{picture} <span style='color:#b7791f'>★</span> {earned}/{possible}"


class SyllabusProblem(ValueError):
    """The file named as the lessons' syllabus is not one; the message says which and why."""


def lesson_map(syllabus: str | Path | None = None, *, themes: bool = True) -> LessonMap:
    """The stars earned in every ready lesson that has puzzles, read against ``syllabus`` (the
    lessons' ``syllabus.toml``: by default the one beside the running notebook, else the one in
    the repository), then per theme of each game (``themes=False`` leaves that out).
    A SyllabusProblem names a file that is not a syllabus."""
    file = _syllabus_file(syllabus)
    chapters = _chapters(file)
    solved = load()
    shown = []
    for chapter in chapters:
        if chapter.get("status") != "ready" or not chapter.get("lessons"):
            continue
        rows = tuple(_lesson_stars(lesson, solved) for lesson in chapter["lessons"])
        if not any(r.possible for r in rows):
            continue  # a chapter without puzzles (the start page)
        name = f"{chapter['number']} {chapter['title']} {chapter.get('chinese', '')}".strip()
        shown.append((name, rows))
    by_theme: tuple[ThemeStars, ...] = ()
    if themes:
        by_theme = tuple(theme_stars(solved))
    return LessonMap(tuple(shown), by_theme)


def _chapters(file: Path) -> list[dict[str, Any]]:
    """The chapters of the syllabus ``file``; SyllabusProblem in one line if it is not one."""
    import tomllib

    where = _file.shown(file)
    try:
        with file.open("rb") as handle:
            chapters = tomllib.load(handle)["chapters"]
        for chapter in chapters:
            for lesson in chapter.get("lessons", ()) if chapter.get("status") == "ready" else ():
                lesson["file"], lesson["title"]  # noqa: B018 - what every shown lesson needs
        return list(chapters)
    except OSError as error:
        raise SyllabusProblem(f"cannot read {where}: {_file._reason(error)}") from None
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        why = "not TOML" if isinstance(error, ValueError) else f"no {error} in it"
        if isinstance(error, (TypeError, AttributeError)):
            why = "its chapters are not tables"
        raise SyllabusProblem(f"{where} is not a lessons' syllabus.toml ({why})") from None


def _lesson_stars(lesson: dict[str, Any], solved: dict[str, Result]) -> LessonStars:
    pids = list(lesson.get("puzzles", ()))
    earned = sum(solved[p].stars for p in pids if p in solved)
    return LessonStars(lesson["file"][:5], lesson["title"], lesson["file"], earned, 3 * len(pids))
