"""The map of stars: per lesson, chapter by chapter, read against the lessons'
``syllabus.toml`` (:func:`lesson_map`, a :class:`LessonMap` that draws itself as the start
page shows it), and per theme of each game (:func:`theme_table`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from gupai_learn.puzzles import _file
from gupai_learn.puzzles.catalogue import ThemeStars, theme_stars
from gupai_learn.puzzles.catalogue import syllabus_file as _syllabus_file
from gupai_learn.puzzles.progress_file import current
from gupai_learn.puzzles.records import Result


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
    solved = current().solved
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
