"""Progress that lasts: solved puzzles and their stars, kept in a small JSON file (design.md §7).

Stars work like lichess's Learn: **3** for a puzzle solved at the first try without a hint,
**2** with one hint or one wrong try, **1** otherwise. A puzzle keeps its best result.

The file lives in the user's data directory (``~/.local/share/gupai-learn/progress.json`` on
Linux); the environment variable ``GUPAI_PROGRESS`` names another file (tests point it at a
temporary directory). Writes are atomic — the new content goes to a temporary file that then
replaces the old one — so a kernel that dies mid-write leaves the previous file intact. A file
that cannot be read is set aside as ``progress.json.corrupt-N`` with a message, never a crash.

    >>> from gupai_learn.puzzles import progress
    >>> progress.stars_for(attempts=1, hints=0)
    3
"""

from __future__ import annotations

import json
import os
import tempfile
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

ENV = "GUPAI_PROGRESS"
VERSION = 1


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


@dataclass(frozen=True)
class Result:
    """One solved puzzle: its stars (1-3) and the lesson it was solved in (may be empty)."""

    stars: int
    lesson: str = ""


def load() -> dict[str, Result]:
    """Every solved puzzle by id; an empty dict when there is no file yet."""
    file = path()
    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
        return {pid: _result(entry) for pid, entry in raw["solved"].items()}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        _set_aside(file)
        return {}


def record(pid: str, stars: int, lesson: str = "") -> Result:
    """Remember that puzzle ``pid`` was solved with ``stars`` (its best result is kept)."""
    if not isinstance(pid, str) or not pid:
        raise ValueError(f"a puzzle id is a non-empty string, not {pid!r}")
    if type(stars) is not int or not 1 <= stars <= 3:
        raise ValueError(f"stars are 1, 2 or 3, not {stars!r}")
    solved = load()
    old = solved.get(pid)
    best = Result(max(stars, old.stars if old else 0), lesson or (old.lesson if old else ""))
    solved[pid] = best
    _write(solved)
    return best


def stars(pids: Iterable[str]) -> tuple[int, int]:
    """(stars earned, stars possible) over the puzzles ``pids`` (e.g. one lesson's)."""
    solved = load()
    ids = list(pids)
    return sum(solved[p].stars for p in ids if p in solved), 3 * len(ids)


def reset() -> None:
    """Forget all progress (the file is removed)."""
    path().unlink(missing_ok=True)


def _result(entry: Any) -> Result:
    stars = entry["stars"]
    if type(stars) is not int or not 1 <= stars <= 3:
        raise ValueError(f"bad stars {stars!r}")
    return Result(stars, str(entry.get("lesson", "")))


def _write(solved: dict[str, Result]) -> None:
    file = path()
    file.parent.mkdir(parents=True, exist_ok=True)
    data = {
        "version": VERSION,
        "solved": {p: {"stars": r.stars, "lesson": r.lesson} for p, r in sorted(solved.items())},
    }
    handle, temp = tempfile.mkstemp(dir=file.parent, prefix=".progress-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, file)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _set_aside(file: Path) -> None:
    """Move an unreadable file out of the way (never delete a learner's data) and say so."""
    n = 1
    while file.with_name(f"{file.name}.corrupt-{n}").exists():
        n += 1
    aside = file.with_name(f"{file.name}.corrupt-{n}")
    try:
        file.replace(aside)
    except OSError:
        return
    warnings.warn(
        f"Your progress file could not be read; it was kept as {aside.name} and a new one "
        "is started.",
        stacklevel=3,
    )


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
    """Stars per lesson, chapter by chapter, as the start page shows them (HTML in a notebook)."""

    chapters: tuple[tuple[str, tuple[LessonStars, ...]], ...]

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
        return "\n".join(lines)

    def __repr__(self) -> str:
        got, best = self.earned
        return f"LessonMap(stars={got}, possible={best})"

    def _repr_html_(self) -> str:
        got, best = self.earned
        body = [f"<p><b>Your stars: {got} of {best}</b></p>", "<table class='gupai-progress'>"]
        for chapter, rows in self.chapters:
            body.append(f"<tr><th colspan='2' style='text-align:left'>{escape(chapter)}</th></tr>")
            for r in rows:
                bar = _bar(r.earned, r.possible)
                link = f"<a href='{escape(r.file)}'>{escape(r.number)} {escape(r.title)}</a>"
                left = "<td style='text-align:left'>"
                body.append(f"<tr>{left}{link}</td>{left}{bar}</td></tr>")
        return "".join(body) + "</table>"


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


def lesson_map(syllabus: str | Path | None = None) -> LessonMap:
    """The stars earned in every ready lesson that has puzzles, read against ``syllabus`` (the
    lessons' ``syllabus.toml``: by default the one beside the running notebook, else the one in
    the repository)."""
    import tomllib

    file = _syllabus_file(syllabus)
    with file.open("rb") as handle:
        chapters = tomllib.load(handle)["chapters"]
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
    return LessonMap(tuple(shown))


def _lesson_stars(lesson: dict[str, Any], solved: dict[str, Result]) -> LessonStars:
    pids = list(lesson.get("puzzles", ()))
    earned = sum(solved[p].stars for p in pids if p in solved)
    return LessonStars(lesson["file"][:5], lesson["title"], lesson["file"], earned, 3 * len(pids))


def _syllabus_file(syllabus: str | Path | None) -> Path:
    if syllabus is not None:
        return Path(syllabus)
    here = Path("syllabus.toml")
    if here.is_file():
        return here
    return Path(__file__).resolve().parents[2] / "lessons" / "syllabus.toml"


# ----- puzzles kept outside the banks (a learner's own slips) ---------------------------------
# A minimal stand-in until the progress store keeps them in the progress file itself (issue 34,
# the `progress` branch): the entries live in a file beside it, written the same atomic way.


def _kept_path() -> Path:
    file = path()
    return file.with_name(file.stem + "-kept.json")


def kept() -> dict[str, dict[str, Any]]:
    """Every puzzle kept outside the banks, by id: its bank entry (``puzzles.from_entry``
    rebuilds it); an empty dict when none is kept or the file cannot be read."""
    try:
        raw = json.loads(_kept_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = raw.get("kept", {}) if isinstance(raw, dict) else {}
    return {str(pid): dict(e) for pid, e in found.items() if isinstance(e, dict)}


def keep(pid: str, entry: dict[str, Any]) -> None:
    """Keep puzzle ``pid``'s bank entry (a slip of the learner's own deal) so that it can be
    made again later; keeping it again replaces the entry."""
    if not isinstance(pid, str) or not pid:
        raise ValueError(f"a puzzle id is a non-empty string, not {pid!r}")
    if not isinstance(entry, dict):
        raise ValueError(f"an entry is a dict of a bank's fields, not {type(entry).__name__}")
    found = kept()
    found[pid] = json.loads(json.dumps(entry))  # plain JSON data, or a TypeError now
    file = _kept_path()
    file.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=file.parent, prefix=".progress-", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"version": VERSION, "kept": found}, out, indent=1, sort_keys=True)
        os.replace(temp, file)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
