"""pip install is enough (issue 24): the built wheel, in a fresh venv, carries the course.

The wheel is built from this checkout, installed with its ``[lab]`` extra into a new venv (pip
uses this shell's configuration, the user's pip.conf included: the registry, or a local mirror
of it), and then, with nothing from this checkout on the path: ``gupai-learn --help``;
``gupai-learn lab`` copies the lessons and serves 00.00 on 127.0.0.1; one copied lesson runs
top to bottom (nbclient) in the venv's kernel. About 40–60 s; ``make test`` runs it.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gupai_learn.cli import START, port_free

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
LESSON = "01.01-The-Chinese-Domino-Set.ipynb"

RUN_LESSON = """
import sys, nbformat
from nbclient import NotebookClient
path = sys.argv[1]
nb = nbformat.read(path, as_version=4)
nb.cells.append(nbformat.v4.new_code_cell("import gupai_learn; print(gupai_learn.__file__)"))
NotebookClient(nb, kernel_name="python3", timeout=300,
               resources={"metadata": {"path": sys.argv[2]}}).execute()
print(nb.cells[-1].outputs[0]["text"].strip())
"""


@dataclass
class Installed:
    """A fresh venv holding the built wheel with its [lab] extra."""

    bin: Path
    env: dict[str, str]
    home: Path


def _env(home: Path) -> dict[str, str]:
    """The environment of a learner's shell: nothing of this checkout on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "JUPYTER"))}
    env.update(HOME=str(home), GUPAI_PROGRESS=str(home / "progress.json"))
    env["JUPYTER_DATA_DIR"] = str(home / "jupyter-data")
    env["JUPYTER_RUNTIME_DIR"] = str(home / "jupyter-runtime")
    return env


def _pip_config() -> dict[str, str]:
    """The user's pip.conf, which the fresh home would hide: pip then gets the venv's packages
    from where this shell's pip gets them (a local mirror, say) instead of downloading them
    all again (on this machine: 37 s instead of 59 s for the install)."""
    if "PIP_CONFIG_FILE" in os.environ:
        return {}
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    for conf in (config / "pip" / "pip.conf", Path.home() / ".pip" / "pip.conf"):
        if conf.is_file():
            return {"PIP_CONFIG_FILE": str(conf)}
    return {}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("wheel")
    home = base / "home"
    home.mkdir()
    env = _env(home)
    env.update(_pip_config())
    wheels = base / "dist"
    pip = [sys.executable, "-m", "pip"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)], check=True, env=env
    )
    (wheel,) = wheels.glob("gupai_learn-*.whl")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env)
    subprocess.run(
        [str(venv / "bin/python"), "-m", "pip", "install", "-q", f"{wheel}[lab]"],
        check=True,
        env=env,
    )
    yield Installed(venv / "bin", env, home)
    shutil.rmtree(venv, ignore_errors=True)


def test_the_engine_needs_no_statistics_stack(installed: Installed) -> None:
    probe = "import importlib.util as u\n"
    probe += "print([m for m in ('matplotlib', 'pandas') if u.find_spec(m)])"
    done = subprocess.run(
        [str(installed.bin / "python"), "-c", probe],
        env=installed.env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "[]"


def test_help(installed: Installed) -> None:
    done = subprocess.run(
        [str(installed.bin / "gupai-learn"), "--help"],
        env=installed.env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "lab" in done.stdout and "progress" in done.stdout


def _wait_for(url: str, proc: subprocess.Popen[str]) -> bytes:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("gupai-learn lab stopped during start-up")
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return bytes(reply.read())
        except OSError:
            time.sleep(0.5)
    raise RuntimeError("JupyterLab did not answer within 90 s")


def _free_port() -> int:
    port = 18_600 + os.getpid() % 1000
    while not port_free(port):
        port += 1
    return port


def test_lab_copies_the_lessons_and_serves_the_start_page(
    installed: Installed, tmp_path: Path
) -> None:
    folder = tmp_path / "gupai-lessons"
    port = _free_port()
    command = [str(installed.bin / "gupai-learn"), "lab", str(folder), "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--no-browser"],
        env=installed.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        line = ""
        while "Open the lessons" not in line:
            line = proc.stdout.readline()
            assert line, "gupai-learn lab printed no address"
        found = re.search(r"http://127\.0\.0\.1:(\d+)/lab/tree/(\S+)\?token=(\w+)", line)
        assert found and found.group(1) == str(port) and found.group(2) == START
        token = found.group(3)
        body = _wait_for(
            f"http://127.0.0.1:{port}/api/contents/{START}?content=0&token={token}", proc
        )
        assert json.loads(body)["name"] == START
        shipped = sorted(p.name for p in (REPO / "lessons").glob("*.ipynb"))
        assert sorted(p.name for p in folder.glob("*.ipynb")) == shipped
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
    done = subprocess.run(
        [str(installed.bin / "python"), "-c", RUN_LESSON, str(folder / LESSON), str(folder)],
        env=installed.env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    where = Path(done.stdout.strip().splitlines()[-1])
    assert where.is_relative_to(installed.bin.parent), where  # the wheel's copy, not the repo's
