"""A lesson as an app: lesson 01.01 served by Voila (code hidden), answered with clicks only."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from tests.browser.conftest import REPO, _free_port

pytestmark = pytest.mark.browser

LESSON = "01.01-The-Chinese-Domino-Set.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila serving a temp copy of one lesson; its URL."""
    base = tmp_path_factory.mktemp("voila")
    shutil.copy(REPO / "lessons" / LESSON, base / LESSON)
    port = _free_port()
    env = dict(os.environ, GUPAI_PROGRESS=str(base / "progress.json"))
    command = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}"]
    # the lesson shows some errors on purpose (raises-exception cells): let Voila print them
    command += ["--Voila.ip=127.0.0.1", "--show_tracebacks=True", str(base / LESSON)]
    proc = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(url, timeout=60).close()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("Voila did not start") from None
                time.sleep(0.5)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def _intended_errors() -> int:
    cells = json.loads((REPO / "lessons" / LESSON).read_text(encoding="utf-8"))["cells"]
    return sum("raises-exception" in c.get("metadata", {}).get("tags", []) for c in cells)


def test_a_lesson_works_as_an_app_under_voila(page: object, voila: str) -> None:
    page.goto(voila, timeout=120_000)  # type: ignore[attr-defined]
    card = page.locator(".gupai-card").first  # type: ignore[attr-defined]
    card.wait_for(timeout=120_000)
    assert page.locator("g.gupai-tile").count() >= 32  # type: ignore[attr-defined]
    code = page.locator(".jp-CodeCell .jp-InputArea, .jp-CodeMirrorEditor")  # type: ignore[attr-defined]
    assert code.count() == 0  # Voila hides the code
    errors = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")  # type: ignore[attr-defined]
    shown = [errors.nth(i).inner_text() for i in range(errors.count())]
    assert len(shown) == _intended_errors(), shown  # only the errors the lesson shows on purpose
    assert all("Error" in text for text in shown)  # the error named, as in JupyterLab
    feedback = card.locator(".gupai-card-feedback")
    options = card.locator("input[type='radio']")
    assert options.count() >= 2
    for i in range(options.count()):  # try the options in turn until the card says correct
        options.nth(i).check()
        before = feedback.inner_text()
        card.locator("button.gupai-card-check").click()
        page.wait_for_function(  # type: ignore[attr-defined]
            "([el, before]) => el.innerText !== before && el.innerText.trim() !== ''",
            arg=[feedback.element_handle(), before],
        )
        text = feedback.inner_text()
        if "incorrect" not in text.lower():
            break
        assert "TG-" in text  # a wrong answer names its rule
    assert "correct" in feedback.inner_text().lower()
    assert "incorrect" not in feedback.inner_text().lower()
    for folder in filter(None, [os.environ.get("GUPAI_SCREENSHOTS")]):
        page.screenshot(path=os.path.join(folder, "voila-01.01.png"), full_page=True)  # type: ignore[attr-defined]
