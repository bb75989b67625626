"""Notebook 7 (the classic one-notebook page): lesson 01.01 runs and a card is answered."""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.conftest import (
    _free_port,
    answer_choice_card,
    jupyter_env,
    lesson_copies,
    overrides_folder,
    run_all,
    serve,
)

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
    root = lesson_copies(base, [LESSON])
    settings = overrides_folder(base)
    env = jupyter_env(base, JUPYTERLAB_SETTINGS_DIR=str(base / "user-settings"))
    port, token = _free_port(), secrets.token_hex(16)
    command = ["notebook", "--no-browser", "--ip=127.0.0.1", f"--port={port}"]
    command += [f"--IdentityProvider.token={token}", "--allow-root"]
    command += [f"--ServerApp.root_dir={root}", f"--JupyterNotebookApp.app_settings_dir={settings}"]
    command += ["--JupyterNotebookApp.expose_app_in_browser=True"]
    url = f"http://127.0.0.1:{port}"
    with serve(command, env, f"{url}/api/status?token={token}", "Notebook 7"):
        yield Served(f"{url}/notebooks/{LESSON}?token={token}", base / "progress.json")


def test_a_card_is_answered_in_notebook_7(page: object, notebook7: Served) -> None:
    run_all(page, notebook7.url)
    assert "/notebooks/" in page.url  # type: ignore[attr-defined]  # Notebook 7, not JupyterLab
    card = page.locator(".jp-OutputArea-output .gupai-card").first  # type: ignore[attr-defined]
    card.scroll_into_view_if_needed(timeout=60_000)
    verdicts = answer_choice_card(page, card)
    assert "correct" in verdicts[-1].lower() and "incorrect" not in verdicts[-1].lower()
    assert all("TG-" in text for text in verdicts[:-1])  # each wrong answer names its rule
    solved = json.loads(notebook7.progress.read_text(encoding="utf-8"))["solved"]
    assert len(solved) == 1, solved  # the kernel kept the solved card
    for folder in filter(None, [os.environ.get("GUPAI_SCREENSHOTS")]):
        page.screenshot(path=os.path.join(folder, "notebook7-01.01.png"), full_page=True)  # type: ignore[attr-defined]
