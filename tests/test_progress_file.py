"""Progress that cannot be lost and a file that is not ours left alone (issue 32, items 1-2).

Two real processes record at once and every record is kept; a file of another program, a
folder, a pipe, a newer version's file are read as no stars and never written, renamed or
moved; a damaged file of ours is copied aside before it is written; a symbolic link stays a
link, a file keeps its mode; a busy lock keeps the star in memory for the next write; a version-1
file reads as it is, byte for byte untouched.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
import warnings
from datetime import date, timedelta
from pathlib import Path

import pytest

from gupai_learn.puzzles import progress

REPO = Path(__file__).resolve().parents[1]
BASHRC = b"# ~/.bashrc: executed by bash(1) for non-login shells.\nexport PATH=$HOME/bin:$PATH\n"
V1 = (
    b'{\n "solved": {\n  "tg-beat-01": {\n   "lesson": "02.04",\n   "stars": 2\n  }\n },\n'
    b' "version": 1\n}'
)


@pytest.fixture
def own_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    file = tmp_path / "data" / "progress.json"
    monkeypatch.setenv(progress.ENV, str(file))
    return file


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


# ----- two kernels at once -------------------------------------------------------------------

RECORDER = """
import sys, time
from pathlib import Path
from gupai_learn.puzzles import progress
name, go = sys.argv[1], Path(sys.argv[2])
Path(str(go) + "." + name).touch()  # ready
while not go.exists():
    time.sleep(0.01)
for i in range(200):
    progress.record(f"{name}-{i:03}", 1 + i % 3, rating=2)
"""


def test_two_processes_recording_at_once_keep_every_record(own_file: Path, tmp_path: Path) -> None:
    go = tmp_path / "go"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    runs = [
        subprocess.Popen([sys.executable, "-c", RECORDER, name, str(go)], env=env)
        for name in ("east", "west")
    ]
    deadline = time.monotonic() + 120
    while not all(Path(f"{go}.{n}").exists() for n in ("east", "west")):
        assert time.monotonic() < deadline, "the recorders did not start"
        time.sleep(0.05)
    go.touch()  # both start together
    assert [run.wait(timeout=300) for run in runs] == [0, 0]
    saved = json.loads(own_file.read_text(encoding="utf-8"))
    solved = saved["solved"]
    assert len([p for p in solved if p.startswith(("east-", "west-"))]) == 400
    assert len(saved["practice"]) == 400
    assert saved["rating"]["answers"] == 400  # read, changed and written 400 times: none lost


# ----- a lock that cannot be taken -----------------------------------------------------------


def test_a_busy_lock_keeps_the_star_for_the_next_write(
    own_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fcntl = pytest.importorskip("fcntl")
    progress.record("tg-beat-01", 3, rating=1)
    monkeypatch.setattr(progress, "LOCK_TIMEOUT", 0.2)
    with open(f"{own_file}.lock", "a+b") as holder:  # another kernel holds the lock
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
        started = time.monotonic()
        with pytest.raises(progress.ProgressError) as refused:
            progress.record("tg-class-01", 2, rating=1)
        assert time.monotonic() - started < 5
        fcntl.flock(holder.fileno(), fcntl.LOCK_UN)
    said = str(refused.value)
    assert "\n" not in said and "locked" in said and "keeps it" in said
    assert "tg-class-01" not in own_file.read_text(encoding="utf-8")
    assert progress.load()["tg-class-01"].stars == 2  # kept in memory, counted in reads
    assert progress.due(date.today() + timedelta(days=1)) == ["tg-class-01"]
    progress.record("tg-red-01", 3, rating=1)  # the next write saves both
    saved = json.loads(own_file.read_text(encoding="utf-8"))
    assert set(saved["solved"]) == {"tg-beat-01", "tg-class-01", "tg-red-01"}
    assert saved["rating"]["answers"] == 3  # the kept answer counted once


# ----- files that are not ours -----------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [BASHRC, b"", b"[1, 2, 3]", b'{"solved": {}}', b'{"version": 1}', b"\xff\xfe\x00x"],
    ids=["bashrc", "empty", "json-list", "no-version", "no-solved", "not-text"],
)
def test_a_file_that_is_not_ours_is_never_touched(
    own_file: Path, content: bytes, tmp_path: Path
) -> None:
    own_file.parent.mkdir(parents=True)
    own_file.write_bytes(content)
    own_file.chmod(0o644)
    before = _listing(own_file.parent)
    with pytest.warns(progress.ProgressWarning) as said:
        assert progress.load() == {}
    line = str(said[0].message)
    assert "\n" not in line and str(own_file) in line and progress.ENV in line
    assert progress.due() == [] and progress.rating().answers == 0
    with pytest.raises(progress.ProgressError) as refused:
        progress.record("tg-beat-01", 3)
    assert "\n" not in str(refused.value) and str(own_file) in str(refused.value)
    with pytest.raises(progress.ProgressError):
        progress.reset()
    assert _listing(own_file.parent) == before  # byte for byte, no lock, no copy, no rename
    assert stat.S_IMODE(own_file.stat().st_mode) == 0o644


def test_a_folder_or_a_pipe_is_never_opened_or_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "progress.json"
    folder.mkdir()
    (folder / "inside").write_text("mine")
    monkeypatch.setenv(progress.ENV, str(folder))
    with pytest.warns(progress.ProgressWarning, match="a folder, not a file"):
        assert progress.load() == {}
    with pytest.raises(progress.ProgressError):
        progress.record("tg-beat-01", 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]
    assert (folder / "inside").read_text() == "mine"
    if not hasattr(os, "mkfifo"):
        return
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    monkeypatch.setenv(progress.ENV, str(pipe))
    with pytest.warns(progress.ProgressWarning, match="a pipe, not a file"):
        assert progress.load() == {}  # returns at once: a pipe is never opened
    with pytest.raises(progress.ProgressError):
        progress.record("tg-beat-01", 3)
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe", "progress.json"]


def test_a_newer_versions_file_is_read_but_never_written(own_file: Path) -> None:
    own_file.parent.mkdir(parents=True)
    newer = b'{"version": 99, "solved": {"tg-beat-01": {"stars": 3}}, "future": [1]}'
    own_file.write_bytes(newer)
    with pytest.warns(progress.ProgressWarning, match="newer gupai-learn"):
        assert progress.load()["tg-beat-01"].stars == 3
    with pytest.raises(progress.ProgressError, match="newer"):
        progress.record("tg-class-01", 3)
    assert own_file.read_bytes() == newer


# ----- a damaged file of ours -------------------------------------------------------------------


def test_a_damaged_file_of_ours_is_copied_aside_before_it_is_written(own_file: Path) -> None:
    own_file.parent.mkdir(parents=True)
    damaged = json.dumps(
        {
            "version": 2,
            "solved": {"tg-beat-01": {"stars": 3}, "tg-class-01": {"stars": 9}},
            "practice": {"tg-red-01": {"tries": "x", "interval": 1, "due": None}},
            "rating": {"value": "high"},
        }
    ).encode()
    own_file.write_bytes(damaged)
    with pytest.warns(progress.ProgressWarning, match="could not be read") as said:
        assert {p: r.stars for p, r in progress.load().items()} == {"tg-beat-01": 3}
    assert "entries of 'solved'" in str(said[0].message)
    assert _listing(own_file.parent) == {"progress.json": damaged}  # reading changed nothing
    progress.record("tg-pair-01", 2, rating=1)
    assert (own_file.parent / "progress.json.damaged-1").read_bytes() == damaged
    saved = json.loads(own_file.read_text(encoding="utf-8"))
    assert set(saved["solved"]) == {"tg-beat-01", "tg-pair-01"}
    progress.record("tg-pair-02", 2, rating=1)  # repaired: no second copy
    assert not (own_file.parent / "progress.json.damaged-2").exists()


# ----- links and modes ---------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_symlink_stays_a_link_and_its_target_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = tmp_path / "synced"
    synced.mkdir()
    target = synced / "gupai.json"
    link = tmp_path / "progress.json"
    link.symlink_to(target)  # a link to a file not made yet
    monkeypatch.setenv(progress.ENV, str(link))
    progress.record("tg-beat-01", 3, rating=1)
    progress.record("tg-class-01", 2, rating=1)
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert set(json.loads(target.read_text(encoding="utf-8"))["solved"]) == {
        "tg-beat-01",
        "tg-class-01",
    }
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json", "synced"]


@pytest.mark.skipif(os.name == "nt", reason="POSIX permission bits")
@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600])
def test_an_existing_file_keeps_its_mode(own_file: Path, mode: int) -> None:
    progress.record("tg-beat-01", 3, rating=1)
    own_file.chmod(mode)
    progress.record("tg-class-01", 3, rating=1)
    assert stat.S_IMODE(own_file.stat().st_mode) == mode


# ----- old files --------------------------------------------------------------------------------


def test_a_version_1_file_reads_as_it_is_and_reading_touches_nothing(
    own_file: Path, tmp_path: Path
) -> None:
    own_file.parent.mkdir(parents=True)
    own_file.write_bytes(V1)
    os.utime(own_file, (1_000_000, 1_000_000))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an old file is ours: no warning
        assert progress.load() == {"tg-beat-01": progress.Result(2, "02.04")}
        assert progress.due() == [] and progress.kept() == {} and progress.reviews() == {}
        assert progress.rating() == progress.Rating()
        assert progress.stars(["tg-beat-01", "tg-beat-02"]) == (2, 6)
        progress.lesson_map()
    assert _listing(own_file.parent) == {"progress.json": V1}
    assert own_file.stat().st_mtime == 1_000_000
    progress.record("tg-class-01", 1, rating=1)
    saved = json.loads(own_file.read_text(encoding="utf-8"))
    assert saved["version"] == progress.VERSION
    assert saved["solved"]["tg-beat-01"] == {"stars": 2, "lesson": "02.04"}


# ----- the path itself --------------------------------------------------------------------------


def _odd_paths(tmp_path: Path) -> dict[str, Path]:
    plain = tmp_path / "plain-file"
    plain.write_text("not a folder")
    return {
        "the root folder": Path("/"),
        "5,000 characters": tmp_path / ("x" * 5000),
        "under a file": plain / "progress.json",
    }


@pytest.mark.parametrize("case", ["the root folder", "5,000 characters", "under a file"])
def test_a_path_that_cannot_be_a_file_gives_one_line(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    named = _odd_paths(tmp_path)[case]
    monkeypatch.setenv(progress.ENV, str(named))
    before = sorted(p.name for p in tmp_path.iterdir())
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        assert progress.load() == {}
    for warning in said:
        assert "\n" not in str(warning.message) and len(str(warning.message)) < 400
    with pytest.raises(progress.ProgressError) as refused:
        progress.record("tg-beat-01", 3, rating=1)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 400
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_refused_reset_is_forgotten_not_kept_for_later(
    own_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fcntl = pytest.importorskip("fcntl")
    progress.record("tg-beat-01", 3, rating=1)
    monkeypatch.setattr(progress, "LOCK_TIMEOUT", 0.1)
    with open(f"{own_file}.lock", "a+b") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
        with pytest.raises(progress.ProgressError):
            progress.reset()
        fcntl.flock(holder.fileno(), fcntl.LOCK_UN)
    progress.record("tg-class-01", 3, rating=1)
    assert set(progress.load()) == {"tg-beat-01", "tg-class-01"}
    progress.reset()
    assert progress.load() == {} and own_file.is_file()


KERNEL_THAT_ENDS = """
import sys, time
from pathlib import Path
from gupai_learn.puzzles import progress
progress.LOCK_TIMEOUT = 0.2
try:
    progress.record("tg-beat-01", 3, rating=1)
except progress.ProgressError as error:
    Path(sys.argv[1]).write_text(str(error))
while not Path(sys.argv[2]).exists():
    time.sleep(0.01)
"""


def test_a_star_not_saved_is_saved_when_the_kernel_ends(own_file: Path, tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    own_file.parent.mkdir(parents=True)
    said, go = tmp_path / "said", tmp_path / "go"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    with open(f"{own_file}.lock", "a+b") as holder:
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX)
        kernel = subprocess.Popen(
            [sys.executable, "-c", KERNEL_THAT_ENDS, str(said), str(go)], env=env
        )
        deadline = time.monotonic() + 120
        while not said.exists():
            assert time.monotonic() < deadline and kernel.poll() is None
            time.sleep(0.05)
        fcntl.flock(holder.fileno(), fcntl.LOCK_UN)
    assert not own_file.exists()
    go.touch()
    assert kernel.wait(timeout=60) == 0
    assert json.loads(own_file.read_text(encoding="utf-8"))["solved"]["tg-beat-01"]["stars"] == 3
