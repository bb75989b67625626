"""Real-browser fixtures: one JupyterLab on 127.0.0.1 and one Debian Chromium (Playwright) per
test session, working on a temporary copy of ``lessons/`` so autosave never touches the repo.

Helpers: :func:`open_and_run` opens a notebook and runs all its cells; :func:`outputs` gives
the output areas. Screenshots go to the session's temp dir, and also to ``$GUPAI_SCREENSHOTS``
when that is set.
"""

from __future__ import annotations

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
from contextlib import contextmanager
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


def _wait_ready(url: str, proc: subprocess.Popen[bytes], what: str) -> None:
    """Wait until ``url`` answers (the server ``what`` is up), at most 120 s."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited during start-up")
        try:
            with urllib.request.urlopen(url, timeout=60):
                return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"{what} did not start within 120 s")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """End a server started in a session of its own: SIGTERM, then SIGKILL after 15 s."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


@contextmanager
def serve(
    command: list[str], env: dict[str, str], ready: str, what: str
) -> Iterator[subprocess.Popen[bytes]]:
    """Run the server ``command`` (``sys.executable -m ...`` arguments) with ``env`` until the
    block ends; it is ready when the address ``ready`` answers. Its output is dropped."""
    proc = subprocess.Popen(
        [sys.executable, "-m", *command],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_ready(ready, proc, what)
        yield proc
    finally:
        _stop(proc)


def jupyter_env(base: Path, **more: str) -> dict[str, str]:
    """The environment of a Jupyter server whose settings, workspaces, runtime files and solved
    puzzles all stay under ``base`` (never the user's, never the lessons' progress file)."""
    return dict(
        os.environ,
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(base / "rt"),
        GUPAI_PROGRESS=str(base / "progress.json"),
        **more,
    )


def lesson_copies(base: Path, names: list[str] | None = None) -> Path:
    """``base/lessons``: a copy of the lessons ``names`` (all of ``lessons/`` when None)."""
    root = base / "lessons"
    if names is None:
        shutil.copytree(REPO / "lessons", root)
    else:
        root.mkdir(parents=True)
        for name in names:
            shutil.copy(REPO / "lessons" / name, root / name)
    return root


def overrides_folder(base: Path) -> Path:
    """``base/settings`` holding the binder's JupyterLab setting overrides."""
    settings = base / "settings"
    settings.mkdir(parents=True)
    shutil.copy(REPO / "binder" / "overrides.json", settings / "overrides.json")
    return settings


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """JupyterLab serving a temp copy of the lessons."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian chromium is missing: run tools/ensure_browser.sh (make test does)")
    base = tmp_path_factory.mktemp("lab")
    root = lesson_copies(base)
    settings = overrides_folder(base)
    env = jupyter_env(base, JUPYTERLAB_SETTINGS_DIR=str(settings))
    port, token = _free_port(), secrets.token_hex(16)
    command = ["jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}"]
    command += [f"--IdentityProvider.token={token}", "--allow-root"]
    command += [f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True"]
    command += [f"--LabApp.app_settings_dir={settings}"]
    url = f"http://127.0.0.1:{port}"
    shots = [base / "screenshots"]
    if os.environ.get("GUPAI_SCREENSHOTS"):
        shots.append(Path(os.environ["GUPAI_SCREENSHOTS"]))
    for folder in shots:
        folder.mkdir(parents=True, exist_ok=True)
    with serve(command, env, f"{url}/api/status?token={token}", "JupyterLab"):
        yield Lab(url, token, root, shots)


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


def run_all(page: object, url: str) -> None:
    """Open the notebook at ``url`` (JupyterLab or Notebook 7), run all its cells, and wait
    for the kernel."""
    page.goto(url, timeout=120_000)  # type: ignore[attr-defined]
    page.wait_for_selector(".jp-Notebook", timeout=60_000)  # type: ignore[attr-defined]
    wait_idle(page)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")  # type: ignore[attr-defined]
    page.wait_for_timeout(1000)  # type: ignore[attr-defined]
    wait_idle(page)


def open_and_run(page: object, lab: Lab, name: str) -> None:
    """Open ``name`` in JupyterLab, run all its cells, and wait for the kernel."""
    run_all(page, lab.notebook_url(name))


def answer_choice_card(page: object, card: object) -> list[str]:
    """Check the options of the choice card ``card`` in turn until it says correct; the
    feedback of every check, in order."""
    feedback = card.locator(".gupai-card-feedback")  # type: ignore[attr-defined]
    options = card.locator("input[type='radio']")  # type: ignore[attr-defined]
    assert options.count() >= 2
    verdicts: list[str] = []
    for i in range(options.count()):
        options.nth(i).check()
        before = feedback.inner_text()
        card.locator("button.gupai-card-check").click()  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            "([el, before]) => el.innerText !== before && el.innerText.trim() !== ''",
            arg=[feedback.element_handle(), before],
        )
        verdicts.append(feedback.inner_text())
        if "incorrect" not in verdicts[-1].lower():
            break
    return verdicts


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


def built_site(site: Path) -> Path:
    """``site`` (the browser site, ``make lite``), built first when it has no ``index.html``.
    The build holds a lock: the test modules that use the site may run at once in two pytest
    workers, and the second waits for the first's build instead of building over it."""
    import fcntl

    site.parent.mkdir(parents=True, exist_ok=True)
    with open(site.parent / f".{site.name}.build-lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (site / "index.html").is_file():
            build = [sys.executable, str(REPO / "tools/lite/build.py"), "--output", str(site)]
            subprocess.run(build, check=True)
    return site
