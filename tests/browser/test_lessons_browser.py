"""Lessons in a real browser: JupyterLab on 127.0.0.1 and Debian Chromium (Playwright)."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Lab, drawn_tiles, open_and_run, outputs

pytestmark = pytest.mark.browser


def test_chinese_set_lesson_draws_the_tiles(page: object, lab: Lab) -> None:
    open_and_run(page, lab, "01.01-The-Chinese-Domino-Set.ipynb")
    area = outputs(page)
    assert drawn_tiles(page) >= 32 * 2  # the deck, then civil and military groups
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")  # type: ignore[attr-defined]
    texts = [errors.nth(i).text_content() or "" for i in range(errors.count())]  # also off-screen
    assert texts == [], texts  # the deliberate mistake is shown as one line, not raised
    shown = page.locator(".gupai-shown-error")  # type: ignore[attr-defined]
    said = shown.first.text_content() or ""  # the message in words, not the error's class
    assert shown.count() == 1 and "cannot read '[7:1]'" in said and "Error" not in said, said
    cards = page.locator(".gupai-card")  # type: ignore[attr-defined]
    cards.first.wait_for(timeout=30_000)
    assert cards.count() == 4  # every exercise is a card
    area.nth(2).scroll_into_view_if_needed()  # type: ignore[attr-defined]
    for path in lab.screenshot_path("chinese-set.png"):
        page.screenshot(path=str(path))  # type: ignore[attr-defined]
