"""The syllabus (lessons/syllabus.toml) and what tools/make_nav.py writes from it (design.md §8)."""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from gupai_learn import puzzles
from tests.test_rule_coverage import game_of, lesson_text, ruling_ids

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
PUZZLE_ID = re.compile(r"(?<![\w-])[a-z]{2,5}-[a-z]+-\d\d(?![\w-])")


def _load_make_nav() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_nav", ROOT / "tools" / "make_nav.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_nav"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


make_nav = _load_make_nav()
CHAPTERS = make_nav.load()
LESSON_LIST = make_nav.lessons(CHAPTERS)


def test_make_nav_check_finds_no_difference() -> None:
    assert make_nav.check() == [], "run: python tools/make_nav.py"


def test_every_lesson_file_is_in_the_syllabus_and_back() -> None:
    on_disk = sorted(p.name for p in LESSONS.glob("*.ipynb"))
    listed = [lesson.file for lesson in LESSON_LIST]
    assert sorted(listed) == on_disk
    assert len(set(listed)) == len(listed)


def test_chapters_are_in_order_with_their_games() -> None:
    numbers = [chapter.number for chapter in CHAPTERS]
    assert numbers == [f"{i:02d}" for i in range(len(numbers))]
    games = [chapter.game for chapter in CHAPTERS if chapter.game != "none"]
    assert len(games) == len(set(games)), "one chapter per game"
    for chapter in CHAPTERS:
        assert chapter.summary and chapter.title
        assert (chapter.status == "ready") == bool(chapter.lessons), chapter.heading


def test_reading_order_follows_the_file_names() -> None:
    names = [lesson.file for lesson in LESSON_LIST]
    assert names == sorted(names)
    assert names[0] == make_nav.START


@pytest.mark.parametrize("lesson", LESSON_LIST, ids=lambda lesson: lesson.file)
def test_every_rule_id_of_the_syllabus_is_in_its_ruling(lesson) -> None:
    for rule in lesson.rules:
        assert rule in ruling_ids(game_of(rule)), f"{lesson.file}: {rule} is in no ruling"


@pytest.mark.parametrize("lesson", LESSON_LIST, ids=lambda lesson: lesson.file)
def test_a_lesson_names_the_rule_ids_the_syllabus_gives_it(lesson) -> None:
    text = lesson_text(LESSONS / lesson.file)
    missing = [rule for rule in lesson.rules if not re.search(rf"\b{rule}\b(?!-)", text)]
    assert not missing, f"{lesson.file} never names {missing}"


@pytest.mark.parametrize("lesson", LESSON_LIST, ids=lambda lesson: lesson.file)
def test_puzzle_ids_are_the_ones_the_lesson_uses(lesson) -> None:
    used = set(PUZZLE_ID.findall(lesson_text(LESSONS / lesson.file)))
    assert set(lesson.puzzles) == used
    for pid in lesson.puzzles:
        assert puzzles.get(pid).id == pid


@pytest.mark.parametrize("lesson", LESSON_LIST[1:], ids=lambda lesson: lesson.file)
def test_titles_are_the_lessons_headings(lesson) -> None:
    notebook = json.loads((LESSONS / lesson.file).read_text(encoding="utf-8"))
    first = "".join(notebook["cells"][0]["source"]).splitlines()[0]
    assert first == f"# {lesson.number} {lesson.title}"


def test_nav_lines_at_the_start_the_middle_and_the_end() -> None:
    order = [make_nav.START, "01.01-A.ipynb", "01.02-B.ipynb", "02.00-C.ipynb"]
    assert make_nav.nav_line(order, "01.01-A.ipynb") == (
        "[◀ Start](00.00-Start.ipynb) · [next ▶](01.02-B.ipynb)"
    )
    assert make_nav.nav_line(order, "01.02-B.ipynb") == (
        "[◀ previous](01.01-A.ipynb) · [Start](00.00-Start.ipynb) · [next ▶](02.00-C.ipynb)"
    )
    assert make_nav.nav_line(order, "02.00-C.ipynb") == (
        "[◀ previous](01.02-B.ipynb) · [Start](00.00-Start.ipynb)"
    )


def test_the_map_shows_lessons_or_the_summary_of_a_coming_chapter() -> None:
    table = make_nav.map_table(CHAPTERS, "lessons/").splitlines()
    assert len(table) == 2 + len(CHAPTERS)
    for chapter, row in zip(CHAPTERS, table[2:], strict=True):
        assert row.startswith(f"| {chapter.heading} |") and row.endswith(f"| {chapter.status} |")
        for lesson in chapter.lessons:
            assert f"](lessons/{lesson.file}): {lesson.summary}" in row
        if not chapter.lessons:
            assert chapter.summary in row
    start_map = make_nav.map_table(CHAPTERS, "", page=make_nav.START)
    assert f"({make_nav.START})" not in start_map


def _copy_project(tmp: Path) -> Path:
    shutil.copytree(LESSONS, tmp / "lessons", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copy(ROOT / "README.md", tmp / "README.md")
    return tmp


def _edit_first_markdown(path: Path, edit) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "markdown")
    cell["source"] = edit("".join(cell["source"])).splitlines(keepends=True)
    path.write_text(make_nav._dump(notebook), encoding="utf-8")


def test_check_reports_what_differs_and_writing_repairs_it(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    lesson = root / "lessons" / LESSON_LIST[2].file
    before = lesson.read_text(encoding="utf-8")
    _edit_first_markdown(lesson, lambda text: text.replace("[next ▶]", "[onwards]"))
    readme = root / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("| ready |", "| soon |"))
    assert make_nav.check(root) == [
        f"lessons/{lesson.name}: differs from lessons/syllabus.toml",
        "README.md: differs from lessons/syllabus.toml",
    ]
    assert sorted(make_nav.write(root)) == sorted([lesson, readme])
    assert make_nav.check(root) == []
    assert lesson.read_text(encoding="utf-8") == before
    assert readme.read_text(encoding="utf-8") == (ROOT / "README.md").read_text(encoding="utf-8")


def test_a_lesson_without_markers_gets_its_navigation(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    lesson = root / "lessons" / LESSON_LIST[3].file
    before = lesson.read_text(encoding="utf-8")
    bare = re.compile(r"\n*<!-- nav -->\n.*?\n<!-- /nav -->\n*")
    _edit_first_markdown(lesson, lambda text: bare.sub("\n\n", text, count=1))
    assert "<!-- nav -->" in "".join(json.loads(lesson.read_text())["cells"][-1]["source"])
    assert make_nav.check(root) == [f"lessons/{lesson.name}: differs from lessons/syllabus.toml"]
    make_nav.write(root)
    assert lesson.read_text(encoding="utf-8") == before


def test_problems_are_reported_not_written(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    (root / "lessons" / "09.09-Stray.ipynb").write_text(
        (root / "lessons" / LESSON_LIST[1].file).read_text(encoding="utf-8"), encoding="utf-8"
    )
    readme = root / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("<!-- lesson-map -->", ""))
    assert make_nav.check(root) == ["lessons/09.09-Stray.ipynb: not in lessons/syllabus.toml"]
    (root / "lessons" / "09.09-Stray.ipynb").unlink()
    assert "README.md: no <!-- lesson-map -->" in make_nav.check(root)[0]
    with pytest.raises(make_nav.SyllabusError):
        make_nav.write(root)


def test_a_malformed_syllabus_is_refused(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    syllabus = root / "lessons" / "syllabus.toml"
    text = syllabus.read_text(encoding="utf-8")
    syllabus.write_text(text.replace('status = "ready"', 'status = "soon"', 1), encoding="utf-8")
    with pytest.raises(make_nav.SyllabusError, match="soon"):
        make_nav.load(root)
    syllabus.write_text(text.replace('game = "bergen"', 'game = "chess"'), encoding="utf-8")
    with pytest.raises(make_nav.SyllabusError, match="chess"):
        make_nav.load(root)


def test_the_command_line_checks_then_writes(tmp_path: Path) -> None:
    root = _copy_project(tmp_path)
    (root / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "make_nav.py", root / "tools" / "make_nav.py")
    lesson = root / "lessons" / LESSON_LIST[-1].file
    _edit_first_markdown(lesson, lambda text: text.replace("[Start]", "[Home]"))

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, str(root / "tools" / "make_nav.py"), *args]
        return subprocess.run(command, capture_output=True, text=True, check=False)

    checked = run("--check")
    assert (checked.returncode, checked.stdout) == (
        1,
        f"lessons/{lesson.name}: differs from lessons/syllabus.toml\n",
    )
    assert "[Home]" in lesson.read_text(encoding="utf-8"), "--check writes nothing"
    assert run().returncode == 0
    assert run("--check").returncode == 0
    assert "[Home]" not in lesson.read_text(encoding="utf-8")
