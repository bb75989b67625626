"""Chapter 05 (Bergen) in a real browser: lessons run in JupyterLab with no error output and
draw their tiles, and a blocked-round card is answered by clicking (rules/bergen.md,
BE-END-BLOCKED)."""

from __future__ import annotations

import pytest

from gupai_learn import puzzles
from tests.browser.conftest import Lab, drawn_tiles, open_and_run
from tests.browser.test_chapter_browser import error_texts

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    "name", ["05.00-Bergen-Overview.ipynb", "05.07-Dominoing-and-Blocked-Rounds.ipynb"]
)
def test_bergen_lesson_runs_without_errors(page: object, lab: Lab, name: str) -> None:
    open_and_run(page, lab, name)
    assert drawn_tiles(page) > 0
    assert error_texts(page) == []
    for path in lab.screenshot_path(name.replace(".ipynb", ".png")):
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]


def test_a_blocked_round_is_answered_on_its_card(page: object, lab: Lab) -> None:
    open_and_run(page, lab, "05.07-Dominoing-and-Blocked-Rounds.ipynb")
    puzzle = puzzles.get("be-block-07")  # the lesson's fourth card: the American rule
    card = page.locator(".gupai-card").nth(3)  # type: ignore[attr-defined]
    card.wait_for(timeout=30_000)
    card.scroll_into_view_if_needed()
    feedback = card.locator(".gupai-card-feedback")
    wrong = next(c for c in puzzle.choices if not puzzle.check(c).correct)
    card.locator(f"input[value='{wrong}']").check()
    card.locator("button.gupai-card-check").click()
    feedback.get_by_text("incorrect").first.wait_for(timeout=15_000)
    assert "BE-END-BLOCKED" in feedback.inner_text()
    card.locator(f"input[value='{puzzle.solution.answer}']").check()
    card.locator("button.gupai-card-check").click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => [...document.querySelectorAll('.gupai-card-feedback')].some(f =>"
        " f.innerText.includes('correct:') && !f.innerText.includes('incorrect'))",
        timeout=15_000,
    )
    for path in lab.screenshot_path("bergen-blocked-card.png"):
        card.screenshot(path=str(path))
