"""Notebook 7 (the classic one-notebook page): lesson 01.01 runs and a card is answered."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.conftest import REPO, _free_port, _wait_ready

pytestmark = pytest.mark.browser

LESSON = "01.01-The-Chinese-Domino-Set.ipynb"


@dataclass
class Served:
    """The lesson's address (token included) and the file its solved cards go to."""

    url: str
    progress: Path


@pytest.fixture(scope="module")
def notebook7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Notebook 7 serving a temp copy of one lesson."""
    base = tmp_path_factory.mktemp("notebook7")
    root = base / "lessons"
    root.mkdir()
    shutil.copy(REPO / "lessons" / LESSON, root / LESSON)
    settings = base / "settings"
    settings.mkdir()
    shutil.copy(REPO / "binder" / "overrides.json", settings / "overrides.json")
    env = dict(
        os.environ,
        GUPAI_PROGRESS=str(base / "progress.json"),
        JUPYTERLAB_SETTINGS_DIR=str(base / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(base / "rt"),
    )
    port, token = _free_port(), secrets.token_hex(16)
    command = [sys.executable, "-m", "notebook", "--no-browser", "--ip=127.0.0.1"]
    command += [f"--port={port}", f"--IdentityProvider.token={token}", "--allow-root"]
    command += [f"--ServerApp.root_dir={root}", f"--JupyterNotebookApp.app_settings_dir={settings}"]
    command += ["--JupyterNotebookApp.expose_app_in_browser=True"]
    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(url, token, proc)
        yield Served(f"{url}/notebooks/{LESSON}?token={token}", base / "progress.json")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def _idle(page: object) -> bool:
    return bool(
        page.evaluate(  # type: ignore[attr-defined]
            """() => {
            const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
            const c = w && w.sessionContext;
            const k = c && c.session && c.session.kernel;
            return !!k && k.status === 'idle' && c.isReady;
        }"""
        )
    )


def _wait_idle(page: object, timeout_ms: int = 120_000) -> None:
    calm, waited = 0, 0
    while calm < 3:
        assert waited < timeout_ms, "the kernel did not become idle"
        calm = calm + 1 if _idle(page) else 0
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
        waited += 300


def test_a_card_is_answered_in_notebook_7(page: object, notebook7: Served) -> None:
    page.goto(notebook7.url, timeout=120_000)  # type: ignore[attr-defined]
    page.wait_for_selector(".jp-Notebook", timeout=60_000)  # type: ignore[attr-defined]
    _wait_idle(page)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")  # type: ignore[attr-defined]
    page.wait_for_timeout(1000)  # type: ignore[attr-defined]
    _wait_idle(page)
    assert "/notebooks/" in page.url  # type: ignore[attr-defined]  # Notebook 7, not JupyterLab
    card = page.locator(".jp-OutputArea-output .gupai-card").first  # type: ignore[attr-defined]
    card.scroll_into_view_if_needed(timeout=60_000)
    feedback = card.locator(".gupai-card-feedback")
    options = card.locator("input[type='radio']")
    assert options.count() >= 2
    verdicts = []
    for i in range(options.count()):  # try the options in turn until the card says correct
        options.nth(i).check()
        before = feedback.inner_text()
        card.locator("button.gupai-card-check").click()
        page.wait_for_function(  # type: ignore[attr-defined]
            "([el, before]) => el.innerText !== before && el.innerText.trim() !== ''",
            arg=[feedback.element_handle(), before],
        )
        verdicts.append(feedback.inner_text())
        if "incorrect" not in verdicts[-1].lower():
            break
    assert "correct" in verdicts[-1].lower() and "incorrect" not in verdicts[-1].lower()
    assert all("TG-" in text for text in verdicts[:-1])  # each wrong answer names its rule
    solved = json.loads(notebook7.progress.read_text(encoding="utf-8"))["solved"]
    assert len(solved) == 1, solved  # the kernel kept the solved card
    for folder in filter(None, [os.environ.get("GUPAI_SCREENSHOTS")]):
        page.screenshot(path=os.path.join(folder, "notebook7-01.01.png"), full_page=True)  # type: ignore[attr-defined]
