"""Real-browser fixtures: one JupyterLab on 127.0.0.1 and one Debian Chromium (Playwright) per
test session, working on a temporary copy of ``lessons/`` so autosave never touches the repo.

Helpers: :func:`open_and_run` opens a notebook and runs all its cells; :func:`outputs` gives
the output areas. Screenshots go to the session's temp dir, and also to ``$GUPAI_SCREENSHOTS``
when that is set.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@dataclass
class Lab:
    """A running JupyterLab."""

    url: str
    token: str
    root: Path
    shots: list[Path]

    def notebook_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}?token={self.token}&reset"

    def screenshot_path(self, name: str) -> list[Path]:
        return [folder / name for folder in self.shots]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_ready(url: str, token: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("JupyterLab exited during start-up")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError("JupyterLab did not start within 120 s")


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab serving a temp copy of the lessons."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian chromium is missing: run tools/ensure_browser.sh (make test does)")
    base = tmp_path_factory.mktemp("lab")
    root = base / "lessons"
    shutil.copytree(REPO / "lessons", root)
    settings = base / "settings"
    settings.mkdir(parents=True)
    overrides = json.loads((REPO / "binder" / "overrides.json").read_text())
    (settings / "overrides.json").write_text(json.dumps(overrides))
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(base / "rt"),
        # the browser's solved puzzles go to a file of their own, never the lessons' one
        GUPAI_PROGRESS=str(base / "progress.json"),
    )
    port, token = _free_port(), secrets.token_hex(16)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--IdentityProvider.token={token}",
            "--allow-root",
            f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True",
            f"--LabApp.app_settings_dir={settings}",
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    shots = [base / "screenshots"]
    if os.environ.get("GUPAI_SCREENSHOTS"):
        shots.append(Path(os.environ["GUPAI_SCREENSHOTS"]))
    for folder in shots:
        folder.mkdir(parents=True, exist_ok=True)
    try:
        _wait_ready(url, token, proc)
        yield Lab(url, token, root, shots)
    finally:
        try:
            request = urllib.request.Request(
                f"{url}/api/shutdown", method="POST", headers={"Authorization": f"token {token}"}
            )
            urllib.request.urlopen(request, timeout=5)
            proc.wait(timeout=15)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Debian Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page, 1400 × 1000."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # type: ignore[attr-defined]
    yield context.new_page()
    context.close()


def _kernel_idle(page: object) -> bool:
    return bool(
        page.evaluate(  # type: ignore[attr-defined]
            """() => {
            const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const s = w && w.sessionContext && w.sessionContext.session;
            const k = s && s.kernel;
            return !!k && k.status === 'idle' && w.sessionContext.isReady;
        }"""
        )
    )


def wait_idle(page: object, timeout: float = 120) -> None:
    """Wait until the current notebook's kernel is idle (twice in a row, to let queues drain)."""
    deadline = time.monotonic() + timeout
    calm = 0
    while time.monotonic() < deadline:
        calm = calm + 1 if _kernel_idle(page) else 0
        if calm >= 3:
            return
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
    raise TimeoutError("the kernel did not become idle")


def open_and_run(page: object, lab: Lab, name: str) -> None:
    """Open ``name`` in JupyterLab, run all its cells, and wait for the kernel."""
    page.goto(lab.notebook_url(name))  # type: ignore[attr-defined]
    page.wait_for_selector(".jp-Notebook", timeout=60_000)  # type: ignore[attr-defined]
    wait_idle(page)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")  # type: ignore[attr-defined]
    page.wait_for_timeout(1000)  # type: ignore[attr-defined]
    wait_idle(page)


def drawn_tiles(page: object) -> int:
    """How many tiles the output areas draw, inline SVG or SVG images (JupyterLab shows
    ``image/svg+xml`` outputs as ``<img>`` with a data URL)."""
    return int(
        page.evaluate(  # type: ignore[attr-defined]
            """() => {
            const areas = [...document.querySelectorAll('.jp-OutputArea-output')];
            let n = 0;
            for (const a of areas) {
                n += a.querySelectorAll('g.gupai-tile').length;
                for (const img of a.querySelectorAll('img')) {
                    const src = img.getAttribute('src') || '';
                    if (!src.startsWith('data:image/svg+xml')) continue;
                    const body = src.includes(';base64,') ? atob(src.split(',')[1])
                                                          : decodeURIComponent(src.split(',')[1]);
                    n += (body.match(/class="gupai-tile /g) || []).length;
                }
            }
            return n;
        }"""
        )
    )


def outputs(page: object) -> object:
    """Locator of every output area (source code never matches)."""
    return page.locator(".jp-OutputArea-output")  # type: ignore[attr-defined]
