"""Progress that lasts: stars, best result kept, atomic writes (the file's safety is tested in
test_progress_file.py, the practice schedule and the rating in test_practice.py)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from gupai_learn.puzzles import progress


@pytest.fixture(autouse=True)
def own_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    file = tmp_path / "sub" / "progress.json"
    monkeypatch.setenv(progress.ENV, str(file))
    return file


def test_stars_like_lichess() -> None:
    assert progress.stars_for(attempts=1, hints=0) == 3
    assert progress.stars_for(attempts=2, hints=0) == progress.stars_for(1, 1) == 2
    assert progress.stars_for(attempts=3, hints=1) == 1


def test_progress_survives_a_new_process(own_file: Path) -> None:
    progress.record("tg-beat-01", 2, lesson="02.04")
    progress.record("tg-beat-01", 1)  # a worse result later keeps the best
    progress.record("tg-class-01", 3)
    saved = json.loads(own_file.read_text())  # what a restarted kernel reads
    assert saved["solved"]["tg-beat-01"] == {"stars": 2, "lesson": "02.04"}
    assert progress.load()["tg-class-01"].stars == 3
    assert progress.stars(["tg-beat-01", "tg-class-01", "tg-end-01"]) == (5, 9)


def test_a_failed_write_leaves_the_old_file(
    own_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    progress.record("tg-beat-01", 3)
    before = own_file.read_text()

    def crash(*args: object) -> None:
        raise KeyboardInterrupt  # the kernel is interrupted mid-write

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(KeyboardInterrupt):
        progress.record("tg-class-01", 3)
    assert own_file.read_text() == before
    left = sorted(p.name for p in own_file.parent.iterdir())
    assert left == ["progress.json", "progress.json.lock"]  # no temporary file left


@pytest.mark.parametrize(("pid", "stars"), [("", 3), (None, 3), ("x", 0), ("x", 4), ("x", 2.0)])
def test_bad_records_are_refused(pid: object, stars: object) -> None:
    with pytest.raises(ValueError):
        progress.record(pid, stars)  # type: ignore[arg-type]


def test_the_lesson_map_counts_stars_per_lesson_from_the_syllabus(tmp_path) -> None:
    syllabus = tmp_path / "syllabus.toml"
    syllabus.write_text(
        """
[[chapters]]
number = "00"
title = "Start"
game = "none"
status = "ready"
[[chapters.lessons]]
file = "00.00-Start.ipynb"
title = "Start here"
puzzles = []

[[chapters]]
number = "02"
title = "Tien Gow"
chinese = "天九"
game = "tien_gow"
status = "ready"
[[chapters.lessons]]
file = "02.01-Ranking.ipynb"
title = "Ranking"
puzzles = ["a", "b"]
[[chapters.lessons]]
file = "02.02-Pairs.ipynb"
title = "Pairs <&>"
puzzles = ["c"]

[[chapters]]
number = "03"
title = "Bagchen"
game = "bagchen"
status = "coming"
""",
        encoding="utf-8",
    )
    progress.record("a", 3)
    progress.record("c", 1)
    progress.record("elsewhere", 2)
    shown = progress.lesson_map(syllabus, themes=False)  # the themes' rows: tested below
    assert shown.earned == (4, 9)
    assert [name for name, _ in shown.chapters] == ["02 Tien Gow 天九"]  # no puzzles, not ready
    assert str(shown).splitlines() == [
        "Your stars: 4 of 9",
        "02 Tien Gow 天九",
        "  02.01 Ranking: 3/6",
        "  02.02 Pairs <&>: 1/3",
    ]
    html = shown._repr_html_()
    assert "aria-label='3 of 6 stars'" in html and "width:50%" in html and "★</span> 3/6" in html
    assert "Pairs &lt;&amp;&gt;" in html
    assert "href='02.01-Ranking.ipynb'" in html
    assert repr(shown) == "LessonMap(stars=4, possible=9)"
    themed = str(progress.lesson_map(syllabus)).splitlines()
    assert themed[:4] == str(shown).splitlines() and themed[4] == "By theme"
    rows = [line for line in themed[5:] if line.startswith("  Tien Gow, ")]
    assert rows and all(re.fullmatch(r"  Tien Gow, [a-z ,-]+: \d+/\d+", r) for r in rows)


def test_the_lesson_map_reads_the_repository_syllabus_by_default(monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)  # no syllabus.toml here: the repository's is used
    shown = progress.lesson_map()
    assert shown.earned[0] == 0 and shown.earned[1] > 0
    assert any(name.startswith("02 Tien Gow") for name, _ in shown.chapters)
