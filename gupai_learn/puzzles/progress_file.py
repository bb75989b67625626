"""The progress file on disk: where it is (:func:`path`), reading it into a :class:`State`
without ever writing (a file that is not ours is refused, a damaged one used for what it
holds), and saving changes to it (:func:`save`): under a lock shared by every process, read
again, changed, replaced atomically; a change that cannot be written waits in memory for the
next save. The rules of what is safe to touch are in :mod:`gupai_learn.puzzles.progress`'s
docstring; the locking and atomic writing themselves are in :mod:`gupai_learn.puzzles._file`."""

from __future__ import annotations

import json
import math
import os
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from gupai_learn.puzzles import _file
from gupai_learn.puzzles.records import INTERVALS, Rating, Result, Review

ENV = "GUPAI_PROGRESS"
VERSION = 2
#: The longest puzzle id kept (ids look like ``tg-beat-01``).
ID_LIMIT = 200


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


@dataclass
class State:
    """The whole file's contents as progress works on them."""

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

    state: State
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
        return _Loaded(State(), found=found)
    if found.raw is None:
        return _Loaded(State(), refused=found.problem, found=found)
    try:
        data = json.loads(found.raw.decode("utf-8"))
        if not isinstance(data, dict) or "version" not in data or "solved" not in data:
            raise _NotOurs("no version and solved")
    except (ValueError, RecursionError) as error:  # not UTF-8 text, not JSON
        return _Loaded(State(), refused=_not_ours(error), found=found)
    except _NotOurs as error:
        return _Loaded(State(), refused=str(error), found=found)
    problems: list[str] = []
    state = _parse(data, problems)
    version = data["version"]
    if type(version) is int and version > VERSION:
        return _Loaded(state, refused=f"newer:{version}", found=found)
    return _Loaded(state, damaged=", ".join(dict.fromkeys(problems)), found=found)


def _not_ours(error: Exception) -> str:
    return "not JSON text" if isinstance(error, (ValueError, RecursionError)) else str(error)


def _parse(data: dict[str, Any], problems: list[str]) -> State:
    """Our file's contents; each value that cannot be read is left out and named in
    ``problems``."""
    if type(data["version"]) is not int or data["version"] < 1:
        problems.append("its version")
    state = State(other={k: v for k, v in data.items() if k not in _KEYS})
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


def _entry(entry: object) -> dict[str, Any]:
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
_PENDING: dict[str, list[Callable[[State], None]]] = {}
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


def current() -> State:
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


def save(change: Callable[[State], None], timeout: float, keep: bool = True) -> State:
    """Apply ``change`` (and every change still unsaved) to the file under the lock, waiting
    at most ``timeout`` seconds for it; the state written. ProgressError when it cannot be
    written: ``change`` is then kept for the next save (unless ``keep`` is False: a reset that
    was refused is forgotten)."""
    file = path()
    with _LOCK:
        try:
            real = _file.target(file)
        except (OSError, ValueError) as error:
            raise ProgressError(_unsaved(file, _file._reason(error))) from None
        queue = _PENDING.setdefault(str(real), [])
        queue.append(change)
        try:
            state = _write_all(file, real, queue, timeout)
        except ProgressError:
            if not keep:
                queue.remove(change)
            raise
        queue.clear()
        return state


def save_pending(timeout: float) -> None:
    """Try once more to save what could not be saved (when the kernel ends)."""
    with _LOCK:
        for key, queue in list(_PENDING.items()):
            if not queue:
                continue
            try:
                _write_all(Path(key), Path(key), queue, timeout)
            except ProgressError:
                continue
            queue.clear()


def forget_pending() -> bool:
    """Drop this process's unsaved changes to the progress file (a reset); whether there is a
    file to empty."""
    file = path()
    with _LOCK:
        try:
            real = _file.target(file)
        except (OSError, ValueError):
            real = file
        _PENDING.pop(str(real), None)
        return not _file.read(real).missing


def _write_all(
    file: Path, real: Path, changes: list[Callable[[State], None]], timeout: float
) -> State:
    before = _read(real)  # a file that is not ours is refused before any lock is made for it
    if before.refused:
        _warn(file, before)
        raise ProgressError(_unsaved(file, _refusal(before)))
    try:
        real.parent.mkdir(parents=True, exist_ok=True)
        with _file.locked(real, timeout):
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
            _unsaved(file, f"another program kept it locked for {timeout:g} s")
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


def _dump(state: State) -> str:
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

    def text(value: object) -> str:
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
