"""The ``gupai-learn`` command (issue 24): lab's copies, its bad input, progress, a light import."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.sign import NotebookNotary

from gupai_learn import cli
from gupai_learn.puzzles import progress

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[str]]:
    """JupyterLab is never started: the command lines lab would run are collected instead; the
    trust database is a temporary one."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    started: list[list[str]] = []

    def call(command: list[str]) -> int:
        settings = next(a.split("=", 1)[1] for a in command if "app_settings_dir" in a)
        overrides = json.loads((Path(settings) / "overrides.json").read_text(encoding="utf-8"))
        assert overrides == cli.OVERRIDES  # no news pop-up, no update check
        started.append(command)
        return 0

    monkeypatch.setattr(cli.subprocess, "call", call)
    return started


def test_help_names_both_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"])
    assert stop.value.code == 0
    shown = capsys.readouterr().out
    assert "lab" in shown and "progress" in shown


def test_lab_copies_trusts_and_serves_on_localhost(
    tmp_path: Path, no_server: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "mine"
    assert cli.main(["lab", str(folder), "--no-browser"]) == 0
    lessons = sorted(p.name for p in (REPO / "lessons").glob("*.ipynb"))
    assert sorted(p.name for p in folder.glob("*.ipynb")) == lessons
    assert (folder / "syllabus.toml").read_bytes() == (REPO / "lessons/syllabus.toml").read_bytes()
    start = nbformat.read(folder / cli.START, as_version=4)
    assert NotebookNotary().check_signature(start)  # pictures show before any cell runs
    (command,) = no_server
    assert "--ServerApp.ip=127.0.0.1" in command
    assert f"--ServerApp.root_dir={folder.resolve()}" in command
    token = next(a.split("=", 1)[1] for a in command if a.startswith("--IdentityProvider.token"))
    assert len(token) >= 32
    out = capsys.readouterr().out
    assert f"/lab/tree/{cli.START}?token={token}" in out


def test_lab_keeps_a_learners_copies(tmp_path: Path, no_server: list[list[str]]) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    mine = folder / cli.START
    mine.write_text("my own answers", encoding="utf-8")
    (folder / "syllabus.toml").write_text("old map", encoding="utf-8")
    assert cli.main(["lab", str(folder), "--no-browser"]) == 0
    assert mine.read_text(encoding="utf-8") == "my own answers"
    assert (folder / "01.01-The-Chinese-Domino-Set.ipynb").is_file()  # the missing ones added
    assert (folder / "syllabus.toml").read_text(encoding="utf-8") != "old map"  # map refreshed


def _refused(capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert cli.main(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], captured.err
    assert "Traceback" not in captured.err


def test_lab_refuses_a_file(
    tmp_path: Path, no_server: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("keep me", encoding="utf-8")
    _refused(capsys, ["lab", str(file)], "is a file")
    assert file.read_text(encoding="utf-8") == "keep me"
    assert no_server == []


def test_lab_refuses_a_folder_it_cannot_write(
    tmp_path: Path, no_server: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "plain-file"
    blocker.write_text("x", encoding="utf-8")
    _refused(capsys, ["lab", str(blocker / "lessons")], "cannot write")
    assert no_server == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any folder")
def test_lab_refuses_a_read_only_folder(
    tmp_path: Path, no_server: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    _refused(capsys, ["lab", str(folder)], "cannot write")
    assert list(folder.iterdir()) == []


def test_lab_refuses_a_port_in_use(
    tmp_path: Path, no_server: list[list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        _refused(capsys, ["lab", str(tmp_path / "new"), "--port", str(port)], "in use")
    assert not (tmp_path / "new").exists()  # nothing copied
    assert no_server == []


def test_progress_counts_stars_per_chapter(capsys: pytest.CaptureFixture[str]) -> None:
    progress.record("set-suit-01", 3)
    progress.record("set-red-01", 2)
    assert cli.main(["progress"]) == 0
    shown = capsys.readouterr().out
    assert "01 The tiles: 5 of 12" in shown
    assert "02 Tien Gow 天九: 0 of" in shown
    assert str(progress.path()) in shown


def test_progress_refuses_a_missing_syllabus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(capsys, ["progress", "--syllabus", str(tmp_path / "none.toml")], "does not exist")


@pytest.mark.parametrize(
    ("named", "words"),
    [
        ("README.md", "is not a lessons' syllabus.toml (not TOML)"),
        ("pyproject.toml", "is not a lessons' syllabus.toml (no 'chapters' in it)"),
        ("lessons", "is not a file"),
    ],
)
def test_progress_refuses_a_file_that_is_not_a_syllabus_in_one_line(
    named: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _refused(capsys, ["progress", "--syllabus", str(REPO / named)], words)
    _refused(capsys, ["progress", "--syllabus", str(REPO / ("x" * 5000))], "does not exist")


def _progress_named(file: Path | str) -> tuple[int, str, str]:
    """``gupai-learn progress`` run as a command with GUPAI_PROGRESS naming ``file`` (a pipe
    could make a read wait forever: a run that does is stopped after 60 s and fails)."""
    env = dict(os.environ, PYTHONPATH=str(REPO), GUPAI_PROGRESS=str(file))
    done = subprocess.run(
        [sys.executable, "-m", "gupai_learn", "progress"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.returncode, done.stdout, done.stderr


def test_progress_leaves_another_programs_file_byte_for_byte_in_place(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    bashrc = home / ".bashrc"
    text = b"# ~/.bashrc\nalias ll='ls -l'\nexport PATH=$HOME/bin:$PATH\n"
    bashrc.write_bytes(text)
    bashrc.chmod(0o644)
    code, out, err = _progress_named(bashrc)
    assert code == 1 and "Your stars: 0 of" in out
    (line,) = err.strip().splitlines()
    assert str(bashrc) in line and "not a gupai-learn progress file" in line
    assert sorted(p.name for p in home.iterdir()) == [".bashrc"]  # not renamed, no lock
    assert bashrc.read_bytes() == text and oct(bashrc.stat().st_mode & 0o777) == "0o644"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_progress_leaves_a_pipe_a_folder_and_the_root_alone(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    folder = tmp_path / "folder"
    folder.mkdir()
    for named, kind in ((pipe, "a pipe"), (folder, "a folder"), (Path("/"), "a folder")):
        code, out, err = _progress_named(named)
        assert code == 1 and "Your stars: 0 of" in out, err
        (line,) = err.strip().splitlines()
        assert f"({'it is ' + kind}, not a file)" in line and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "pipe"]
    assert list(folder.iterdir()) == []


def test_progress_names_a_path_too_long_in_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GUPAI_PROGRESS", str(tmp_path / ("x" * 5000)))
    assert cli.main(["progress"]) == 1
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert "File name too long" in line and len(line) < 400
    assert all(len(shown) < 400 for shown in captured.out.splitlines())


def test_the_engine_and_widgets_load_without_the_statistics_stack() -> None:
    """`import gupai_learn` and the lessons' widgets never pull in matplotlib or pandas (they
    are an extra, and JupyterLite has no wheels for them); the rule lab loads them on use."""
    script = (
        "import sys, gupai_learn, gupai_learn.puzzles, gupai_learn.render\n"
        "from gupai_learn.widgets import DealPlayer, HandPicker, LineView, PuzzleCard, PuzzleSet\n"
        "heavy = {'matplotlib', 'pandas', 'numpy', 'tqdm', 'jupyterlab'}\n"
        "print(sorted(heavy & {m.split('.')[0] for m in sys.modules}))\n"
        "from gupai_learn.widgets import RuleLab\n"
        "print('matplotlib' in sys.modules)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split("\n")[:2] == ["[]", "True"], done.stdout


def test_chapter_07_says_what_it_needs_when_matplotlib_is_missing() -> None:
    script = (
        "import sys\n"
        "sys.modules['matplotlib'] = None\n"
        "try:\n"
        "    from gupai_learn import plots\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines() == [
        "Chapter 07 needs numpy, pandas and matplotlib: pip install 'gupai-learn[stats]'"
    ]


def test_lab_settings_match_binders() -> None:
    binder = json.loads((REPO / "binder" / "overrides.json").read_text(encoding="utf-8"))
    assert binder == cli.OVERRIDES
