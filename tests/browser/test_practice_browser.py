"""Practice in a real browser (JupyterLab): lesson 00.02 runs, its board shows the rating and
why the card was chosen, a card answered on it is saved and scheduled, **Next puzzle** and the
key **n** bring the next card."""

from __future__ import annotations

import json

import pytest

from tests.browser.conftest import Lab, answer_choice_card, open_and_run

pytestmark = pytest.mark.browser

LESSON = "00.02-Practice.ipynb"


def _wait_new_card(page: object, area: object, before: str) -> str:
    page.wait_for_function(  # type: ignore[attr-defined]
        "([el, before]) => { const h = el.querySelector('.gupai-card h4');"
        " return h && h.innerText + '|' + el.querySelector('.gupai-card-prompt').innerText"
        " !== before; }",
        arg=[area.element_handle(), before],  # type: ignore[attr-defined]
        timeout=60_000,
    )
    return _shown(area)


def _shown(area: object) -> str:
    card = area.locator(".gupai-card").first  # type: ignore[attr-defined]
    return f"{card.locator('h4').inner_text()}|{card.locator('.gupai-card-prompt').inner_text()}"


def test_practice_serves_saves_and_moves_on_in_jupyterlab(page: object, lab: Lab) -> None:
    # a first visit: the session's other tests may have answered cards in the same file
    (lab.root.parent / "progress.json").unlink(missing_ok=True)
    open_and_run(page, lab, LESSON)
    area = page.locator(".jp-OutputArea-output:has(.gupai-practice)").first  # type: ignore[attr-defined]
    area.locator(".gupai-practice").wait_for(timeout=60_000)
    board = area.locator(".gupai-practice")
    assert "Practice · every game" in board.locator(".gupai-practice-title").inner_text()
    assert "your rating 1200 after 0 answers" in board.inner_text()
    assert "New puzzle, near your rating" in board.locator(".gupai-practice-status").inner_text()
    themes = board.locator(".gupai-practice-themes").inner_text()
    assert "★ 0/" in themes and "Practise" in themes  # every theme listed, none earned yet
    card = area.locator(".gupai-card").first
    said = answer_choice_card(page, card)
    assert "incorrect" not in said[-1].lower()
    page.wait_for_function(  # type: ignore[attr-defined]
        "(el) => el.innerText.includes('Solved')",
        arg=board.locator(".gupai-practice-status").element_handle(),
        timeout=30_000,
    )
    status = board.locator(".gupai-practice-status").inner_text()
    assert ("comes back in 1 day" in status) == (len(said) > 1), (status, said)
    assert "after 1 answer" in board.locator(".gupai-practice-summary").inner_text()
    assert board.locator("svg.gupai-rating-chart circle").count() == 1
    saved = json.loads((lab.root.parent / "progress.json").read_text(encoding="utf-8"))
    assert saved["rating"]["answers"] == 1 and len(saved["solved"]) == 1
    for path in lab.screenshot_path("practice.png"):
        area.screenshot(path=str(path))
    first = _shown(area)
    board.locator("button.gupai-practice-next").click()
    second = _wait_new_card(page, area, first)
    assert "New puzzle" in board.locator(".gupai-practice-status").inner_text()
    board.locator(".gupai-practice-next").focus()  # the keyboard: "n" on the board
    page.keyboard.press("n")  # type: ignore[attr-defined]
    third = _wait_new_card(page, area, second)
    assert len({first, second, third}) == 3
