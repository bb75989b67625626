"""``gupai-learn lab`` checks every path before it copies anything (issue 32.4): a lesson map
or a lesson whose place is taken by a folder, a broken link or a read-only map, an empty DIR,
a DIR far too long — each refused in one short line, exit code 2, nothing copied."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gupai_learn import cli
from tests.test_cli import _refused, no_server  # noqa: F401 - the fixture, used by name

#: JupyterLab is never started (the collected command lines are not needed: lab stops first).
pytestmark = pytest.mark.usefixtures("no_server")


def _lessons(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.ipynb"))


def test_a_folder_named_like_the_lesson_map_stops_lab_before_any_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    (folder / cli.SYLLABUS).mkdir(parents=True)
    _refused(capsys, ["lab", str(folder)], "syllabus.toml is a folder")
    assert _lessons(folder) == []


def test_a_folder_named_like_a_lesson_stops_lab_before_any_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    last = sorted(p.name for p in cli.lessons_source().glob("*.ipynb"))[-1]
    (folder / last).mkdir(parents=True)  # checked after every other lesson's place
    _refused(capsys, ["lab", str(folder)], "is a folder")
    assert [p.name for p in folder.iterdir()] == [last]


def test_a_broken_link_in_place_of_a_lesson_is_not_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    outside = tmp_path / "elsewhere.ipynb"
    (folder / cli.START).symlink_to(outside)
    _refused(capsys, ["lab", str(folder)], "broken link")
    assert not outside.exists() and not (folder / cli.SYLLABUS).exists()


def test_a_linked_lesson_map_is_not_written_through(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    other = tmp_path / "other.toml"
    other.write_text("not ours", encoding="utf-8")
    (folder / cli.SYLLABUS).symlink_to(other)
    _refused(capsys, ["lab", str(folder)], "is a link")
    assert other.read_text(encoding="utf-8") == "not ours" and _lessons(folder) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_lesson_map_stops_lab_before_any_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / cli.SYLLABUS).write_text("old map", encoding="utf-8")
    (folder / cli.SYLLABUS).chmod(0o400)
    _refused(capsys, ["lab", str(folder)], "read-only")
    assert _lessons(folder) == []


def test_an_empty_dir_is_refused_not_taken_for_here(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    for empty in ("", "  "):
        _refused(capsys, ["lab", empty], "DIR is empty")
    assert not any(p.suffix in (".ipynb", ".toml") for p in tmp_path.iterdir())


def test_a_path_far_too_long_is_quoted_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["lab", str(tmp_path / ("a" * 5000))]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and len(err) < 400 and "Traceback" not in err
