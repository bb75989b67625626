"""Write the lesson navigation and the lesson maps from ``lessons/syllabus.toml`` (design.md §8).

    python tools/make_nav.py            # rewrite what differs
    python tools/make_nav.py --check    # list what differs, write nothing, exit 1 if anything does

From the syllabus it writes, each time between HTML comment markers so that it can be written
again:

- every lesson's navigation line (``<!-- nav -->`` … ``<!-- /nav -->``) in its first and last
  markdown cells; a lesson without markers gets them under its heading and at its end;
- the map on the start page and the "Lesson map" table of README.md
  (``<!-- lesson-map -->`` … ``<!-- /lesson-map -->``).

Only markdown cells change, and notebooks are written as nbformat writes them (one-space indent,
sorted keys, a final newline), so no lesson needs to be executed again. The games a chapter may
teach are the registered ones (``GAMES``), each in the chapter its ``GameInfo.chapter`` names.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gupai_learn.games import GAMES as REGISTERED  # noqa: E402

START = "00.00-Start.ipynb"
NAV = ("<!-- nav -->", "<!-- /nav -->")
MAP = ("<!-- lesson-map -->", "<!-- /lesson-map -->")
#: What a chapter's ``game`` may be: a registered game, or "none" (a chapter of no one game).
GAMES = (*REGISTERED, "none")
STATUSES = ("ready", "coming")
LESSON_NAME = re.compile(r"(\d\d)\.(\d\d)-[A-Za-z0-9-]+\.ipynb")


@dataclass(frozen=True)
class Lesson:
    """One lesson of the syllabus."""

    file: str
    title: str
    summary: str
    rules: tuple[str, ...]
    puzzles: tuple[str, ...]

    @property
    def number(self) -> str:
        """``"02.01"`` for ``02.01-Ranking-Single-Tiles.ipynb``."""
        return self.file[:5]


@dataclass(frozen=True)
class Chapter:
    """One chapter of the syllabus, with its lessons in order."""

    number: str
    title: str
    chinese: str
    game: str
    status: str
    summary: str
    lessons: tuple[Lesson, ...]

    @property
    def heading(self) -> str:
        """``"02 Tien Gow 天九"``."""
        return " ".join(part for part in (self.number, self.title, self.chinese) if part)


class SyllabusError(ValueError):
    """The syllabus file is malformed or a marker is missing."""


def _lesson(raw: dict, chapter: str) -> Lesson:
    lesson = Lesson(
        file=raw["file"],
        title=raw["title"],
        summary=raw["summary"],
        rules=tuple(raw.get("rules", ())),
        puzzles=tuple(raw.get("puzzles", ())),
    )
    match = LESSON_NAME.fullmatch(lesson.file)
    if not match or match.group(1) != chapter:
        raise SyllabusError(f"{lesson.file}: not a lesson file name of chapter {chapter}")
    return lesson


def _chapter(raw: dict) -> Chapter:
    number = raw["number"]
    chapter = Chapter(
        number=number,
        title=raw["title"],
        chinese=raw.get("chinese", ""),
        game=raw["game"],
        status=raw["status"],
        summary=raw["summary"],
        lessons=tuple(_lesson(item, number) for item in raw.get("lessons", ())),
    )
    if chapter.game not in GAMES:
        raise SyllabusError(f"chapter {number}: game {chapter.game!r} is not one of {GAMES}")
    taught = REGISTERED[chapter.game].chapter if chapter.game != "none" else None
    if chapter.game != "none" and taught != int(number):
        raise SyllabusError(
            f"chapter {number}: {chapter.game} says it is taught in chapter {taught} "
            "(its GameInfo.chapter)"
        )
    if chapter.status not in STATUSES:
        raise SyllabusError(f"chapter {number}: status {chapter.status!r} is not one of {STATUSES}")
    if chapter.status == "ready" and not chapter.lessons:
        raise SyllabusError(f"chapter {number} is ready but lists no lessons")
    return chapter


def load(root: Path = ROOT) -> list[Chapter]:
    """The chapters of ``root/lessons/syllabus.toml``, in order (SyllabusError if malformed)."""
    with (root / "lessons" / "syllabus.toml").open("rb") as handle:
        data = tomllib.load(handle)
    try:
        return [_chapter(raw) for raw in data["chapters"]]
    except KeyError as missing:
        raise SyllabusError(f"syllabus.toml: missing key {missing}") from None


def lessons(chapters: list[Chapter]) -> list[Lesson]:
    """Every lesson of the syllabus, in reading order."""
    return [lesson for chapter in chapters for lesson in chapter.lessons]


def nav_line(order: list[str], file: str) -> str:
    """The navigation line of lesson ``file`` among the lessons ``order`` (reading order)."""
    i = order.index(file)
    prev = order[i - 1] if i > 0 else None
    nxt = order[i + 1] if i + 1 < len(order) else None
    if prev == START:
        parts = [f"[◀ Start]({START})"]
    elif prev:
        parts = [f"[◀ previous]({prev})", f"[Start]({START})"]
    else:
        parts = [f"[Start]({START})"]
    if nxt:
        parts.append(f"[next ▶]({nxt})")
    return " · ".join(parts)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def map_table(chapters: list[Chapter], prefix: str, page: str = "") -> str:
    """The lesson map as a markdown table; links start with ``prefix``; the lessons of ``page``
    (the page the map is written into) are left out, and a chapter with no other lesson too."""
    rows = ["| chapter | lessons | status |", "|---|---|---|"]
    for chapter in chapters:
        shown = [lesson for lesson in chapter.lessons if lesson.file != page]
        if chapter.lessons and not shown:
            continue
        if shown:
            cell = "<br>".join(
                f"[{lesson.number} {lesson.title}]({prefix}{lesson.file}): {lesson.summary}"
                for lesson in shown
            )
        else:
            cell = chapter.summary
        rows.append(f"| {_cell(chapter.heading)} | {_cell(cell)} | {chapter.status} |")
    return "\n".join(rows)


def _block(markers: tuple[str, str], body: str) -> str:
    return f"{markers[0]}\n{body}\n{markers[1]}"


def _block_pattern(markers: tuple[str, str]) -> re.Pattern[str]:
    return re.compile(re.escape(markers[0]) + r"\n.*?\n?" + re.escape(markers[1]), re.S)


def replace_block(text: str, markers: tuple[str, str], body: str) -> str | None:
    """``text`` with every marked block holding ``body``; None if ``text`` has no such block."""
    pattern = _block_pattern(markers)
    if not pattern.search(text):
        return None
    return pattern.sub(lambda _: _block(markers, body), text)


def _with_nav(text: str, line: str, where: str) -> str:
    """A markdown cell's text with its navigation block set to ``line``; a cell without one gets
    it after its first line (``where="top"``) or at its end (``where="bottom"``)."""
    replaced = replace_block(text, NAV, line)
    if replaced is not None:
        return replaced
    block = _block(NAV, line)
    if where == "bottom":
        return text.rstrip("\n") + "\n\n" + block
    head, _, rest = text.partition("\n")
    return "\n\n".join(part for part in (head, block, rest.strip("\n")) if part)


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _set_source(cell: dict, text: str) -> None:
    cell["source"] = text.splitlines(keepends=True)


def _dump(notebook: dict) -> str:
    """The notebook as nbformat writes it."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _lesson_with_nav(text: str, line: str) -> str:
    notebook = json.loads(text)
    cells = [cell for cell in notebook["cells"] if cell["cell_type"] == "markdown"]
    if not cells:
        raise SyllabusError("the lesson has no markdown cell for its navigation")
    ends = [(cells[0], "top")] + ([(cells[-1], "bottom")] if len(cells) > 1 else [])
    for cell, where in ends:
        _set_source(cell, _with_nav(_source(cell), line, where))
    for cell in cells[1:-1]:
        changed = replace_block(_source(cell), NAV, line)
        if changed is not None:
            _set_source(cell, changed)
    return _dump(notebook)


def _start_with_map(text: str, table: str) -> str:
    notebook = json.loads(text)
    found = False
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            changed = replace_block(_source(cell), MAP, table)
            if changed is not None:
                _set_source(cell, changed)
                found = True
    if not found:
        raise SyllabusError(f"{START}: no markdown cell holds {MAP[0]} … {MAP[1]}")
    return _dump(notebook)


def _readme_with_map(text: str, table: str) -> str:
    changed = replace_block(text, MAP, table)
    if changed is None:
        raise SyllabusError(f"README.md: no {MAP[0]} … {MAP[1]} around the lesson map")
    return changed


def listing_problems(chapters: list[Chapter], root: Path = ROOT) -> list[str]:
    """Lessons on disk missing from the syllabus, and syllabus lessons missing on disk."""
    listed = [lesson.file for lesson in lessons(chapters)]
    on_disk = sorted(p.name for p in (root / "lessons").glob("*.ipynb"))
    problems = [
        f"lessons/{name}: not in lessons/syllabus.toml" for name in on_disk if name not in listed
    ]
    problems += [
        f"lessons/syllabus.toml: {name} does not exist" for name in listed if name not in on_disk
    ]
    problems += [
        f"lessons/syllabus.toml: {name} is listed twice"
        for name in sorted(set(listed))
        if listed.count(name) > 1
    ]
    return problems


def planned(root: Path = ROOT) -> dict[Path, str]:
    """The new text of every file whose text make_nav would change (SyllabusError if it cannot)."""
    chapters = load(root)
    problems = listing_problems(chapters, root)
    if problems:
        raise SyllabusError("; ".join(problems))
    order = [lesson.file for lesson in lessons(chapters)]
    wanted: dict[Path, str] = {}
    for name in order:
        path = root / "lessons" / name
        text = path.read_text(encoding="utf-8")
        if name == START:
            wanted[path] = _start_with_map(text, map_table(chapters, "", page=START))
        else:
            wanted[path] = _lesson_with_nav(text, nav_line(order, name))
    readme = root / "README.md"
    wanted[readme] = _readme_with_map(
        readme.read_text(encoding="utf-8"), map_table(chapters, "lessons/")
    )
    return {path: text for path, text in wanted.items() if path.read_text(encoding="utf-8") != text}


def check(root: Path = ROOT) -> list[str]:
    """What make_nav would change, one line per file or problem; empty if all is up to date."""
    try:
        changes = planned(root)
    except SyllabusError as error:
        return [str(error)]
    return [f"{path.relative_to(root)}: differs from lessons/syllabus.toml" for path in changes]


def write(root: Path = ROOT) -> list[Path]:
    """Rewrite every file that differs from the syllabus; the paths written."""
    changes = planned(root)
    for path, text in changes.items():
        path.write_text(text, encoding="utf-8")
    return list(changes)


def main(argv: list[str] | None = None) -> int:
    """Command line: rewrite, or with ``--check`` only report (exit 1 if anything differs)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences, write nothing")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for line in problems:
            print(line)
        return 1 if problems else 0
    try:
        written = write()
    except SyllabusError as error:
        print(error, file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
