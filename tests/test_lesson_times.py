"""Run All timing (issue 36: what a learner waits for): ``gupai_learn.lesson_times`` runs a
lesson in a fresh kernel, writes nothing, names the slow cells and the lessons over 10 s; the
benchmark's ``--lessons DIR`` prints those rows."""

from __future__ import annotations

import os
from pathlib import Path

import nbformat
import pytest

from gupai_learn import bench, lesson_times

SLOW = "import time\nt = time.process_time()\nwhile time.process_time() - t < 2.3:\n    pass"


def _lesson(folder: Path, name: str, *sources: str) -> Path:
    path = folder / name
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata["kernelspec"] = {"name": "python3", "language": "python", "display_name": "P"}
    nbformat.write(nb, path)
    return path


def test_a_lesson_is_timed_cell_by_cell_and_left_unwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _lesson(tmp_path, "01.01-Quick.ipynb", "x = 1", SLOW)
    stored = path.read_bytes()
    mine = str(tmp_path / "mine.json")
    monkeypatch.setenv("GUPAI_PROGRESS", mine)
    rows = lesson_times.report([path])
    assert os.environ["GUPAI_PROGRESS"] == mine  # the learner's setting comes back
    assert path.read_bytes() == stored and not (tmp_path / "mine.json").exists()
    out = capsys.readouterr().out
    assert [name for _, name in rows] == ["01.01-Quick.ipynb"]
    assert "slowest cell 1" in out and "cells over 2 s cpu: 1 (" in out
    assert "0 of 1 lessons over 10 s wall: none" in out


def test_the_benchmark_times_the_lessons_it_is_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _lesson(tmp_path, "00.00-Start.ipynb", "print('hello')")
    _lesson(tmp_path, "notes.ipynb", "print('not a lesson')")
    bench.lesson_rows(tmp_path)
    out = capsys.readouterr().out
    assert "Run All of 1 lessons" in out and "00.00-Start.ipynb" in out
    assert "notes.ipynb" not in out
