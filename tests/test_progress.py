"""Progress that lasts: stars, best result kept, atomic writes, a corrupt file set aside."""

from __future__ import annotations

import json
import os
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


def test_a_corrupt_file_is_set_aside_not_lost(own_file: Path) -> None:
    own_file.parent.mkdir(parents=True)
    own_file.write_text("{not json")
    with pytest.warns(UserWarning, match="corrupt-1"):
        assert progress.load() == {}
    assert (own_file.parent / "progress.json.corrupt-1").read_text() == "{not json"
    progress.record("tg-beat-01", 3)
    assert progress.load()["tg-beat-01"].stars == 3


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
    assert [p.name for p in own_file.parent.iterdir()] == ["progress.json"]  # no temp left


@pytest.mark.parametrize(("pid", "stars"), [("", 3), (None, 3), ("x", 0), ("x", 4), ("x", 2.0)])
def test_bad_records_are_refused(pid: object, stars: object) -> None:
    with pytest.raises(ValueError):
        progress.record(pid, stars)  # type: ignore[arg-type]
