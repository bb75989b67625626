"""Practice in the JupyterLite site (``make lite``): lesson 00.02 runs in Pyodide with no error,
a card answered on its practice board is saved in the browser's storage through the progress
store (no lock to take there: one process), with its schedule and the rating, and Next puzzle
brings another card. Uses the site, browser and page fixtures of test_lite_browser."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import answer_choice_card
from tests.browser.test_lite_browser import (  # noqa: F401 - fixtures used by name
    SAVED,
    _errors,
    _open,
    _run_all,
    lite,
    lite_browser,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.lite]


def _shown(area: Any) -> str:
    card = area.locator(".gupai-card").first
    return f"{card.locator('h4').inner_text()}|{card.locator('.gupai-card-prompt').inner_text()}"


def test_practice_runs_and_saves_in_the_browser_build(lite: Any, site: str) -> None:  # noqa: F811
    page = lite.new_page()
    _open(page, site, "00.02-Practice.ipynb")
    _run_all(page)
    assert not [e for e in _errors(page) if "Traceback" in e], _errors(page)
    area = page.locator(".jp-OutputArea-output:has(.gupai-practice)").first
    area.locator(".gupai-practice").wait_for(timeout=120_000)
    board = area.locator(".gupai-practice")
    assert "your rating 1200 after 0 answers" in board.inner_text()
    said = answer_choice_card(page, area.locator(".gupai-card").first)
    assert "incorrect" not in said[-1].lower()
    page.wait_for_function(
        "(el) => el.innerText.includes('Solved')",
        arg=board.locator(".gupai-practice-status").element_handle(),
        timeout=60_000,
    )
    assert board.locator("svg.gupai-rating-chart circle").count() == 1
    saved = json.loads(page.evaluate(SAVED))  # the progress file in the browser's storage
    assert saved["version"] == 2 and saved["rating"]["answers"] == 1
    (pid,) = saved["solved"]
    assert saved["practice"][pid]["tries"] == 1
    first = _shown(area)
    board.locator("button.gupai-practice-next").click()
    page.wait_for_function(
        "([el, before]) => { const c = el.querySelector('.gupai-card');"
        " return c && c.querySelector('h4').innerText + '|'"
        " + c.querySelector('.gupai-card-prompt').innerText !== before; }",
        arg=[area.element_handle(), first],
        timeout=120_000,
    )
    assert not [e for e in _errors(page) if "Traceback" in e], _errors(page)
