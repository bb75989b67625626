"""A lesson as an app: lesson 01.01 served by Voila (code hidden), answered with clicks only."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest

from tests.browser.conftest import REPO, _free_port, answer_choice_card, lesson_copies, serve

pytestmark = pytest.mark.browser

LESSON = "01.01-The-Chinese-Domino-Set.ipynb"


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila serving a temp copy of one lesson; its URL."""
    base = tmp_path_factory.mktemp("voila")
    lesson = lesson_copies(base, [LESSON]) / LESSON
    port = _free_port()
    env = dict(os.environ, GUPAI_PROGRESS=str(base / "progress.json"))
    command = ["voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    # the lesson shows some errors on purpose (raises-exception cells): let Voila print them
    command += ["--show_tracebacks=True", str(lesson)]
    url = f"http://127.0.0.1:{port}/"
    with serve(command, env, url, "Voila"):
        yield url


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
    verdicts = answer_choice_card(page, card)
    assert all("TG-" in text for text in verdicts[:-1])  # each wrong answer names its rule
    assert "correct" in verdicts[-1].lower() and "incorrect" not in verdicts[-1].lower()
    for folder in filter(None, [os.environ.get("GUPAI_SCREENSHOTS")]):
        page.screenshot(path=os.path.join(folder, "voila-01.01.png"), full_page=True)  # type: ignore[attr-defined]
