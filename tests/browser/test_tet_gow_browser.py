"""Chapter 06 (Tet-Gow) in a real browser: its overview, two rule lessons, its puzzles lesson
and its play lesson run in JupyterLab with no error output; a choice card is answered by clicking
(wrong, then right), and one legal move is made by clicking in the first deal player."""

from __future__ import annotations

from typing import Any

import pytest

from gupai_learn import puzzles
from gupai_learn.widgets import DealPlayer
from tests.browser.conftest import Lab, open_and_run
from tests.browser.test_bagchen_browser import make_one_move, wait_for_feedback
from tests.browser.test_chapter_browser import error_texts

pytestmark = pytest.mark.browser


LESSONS = [
    "06.00-Tet-Gow-Overview.ipynb",
    "06.04-Following-and-Beating.ipynb",
    "06.05-The-Last-Round.ipynb",
]  # 06.08 and 06.09: in the tests that answer a card and make a move there


def runs_cleanly(page: Any, lab: Lab, name: str) -> None:
    """Open lesson ``name`` and run it: a card or a hand is drawn and no cell shows an error.
    The tests that then answer a lesson's card or play in it start with it (one run each)."""
    open_and_run(page, lab, name)
    page.locator(".gupai-card, .gupai-hand-tile").first.wait_for(timeout=30_000)
    for path in lab.screenshot_path(name.replace(".ipynb", ".png")):
        page.screenshot(path=str(path))
    assert error_texts(page) == []


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_without_errors(page: Any, lab: Lab, name: str) -> None:
    runs_cleanly(page, lab, name)


def test_a_choice_card_is_answered_wrong_then_right(page: Any, lab: Lab) -> None:
    runs_cleanly(page, lab, "06.08-Puzzles.ipynb")
    puzzle = puzzles.get("tt-set-05")  # the lesson's first card
    wrong = next(c for c in puzzle.choices if not puzzle.check(c).correct)
    card = page.locator(".gupai-card").first
    card.wait_for(timeout=30_000)
    card.scroll_into_view_if_needed()
    card.locator(f"input[value='{wrong}']").check()
    card.locator("button.gupai-card-check").click()
    wait_for_feedback(page, 0, "incorrect")
    card.locator(f"input[value='{puzzle.solution.answer}']").check()
    card.locator("button.gupai-card-check").click()
    wait_for_feedback(page, 0, "correct")
    for path in lab.screenshot_path("tet-gow-choice-card.png"):
        card.screenshot(path=str(path))


def test_one_move_is_made_by_clicking_in_the_deal_player(page: Any, lab: Lab) -> None:
    runs_cleanly(page, lab, "06.09-Play-a-Game.ipynb")
    make_one_move(page, DealPlayer(game="tet_gow", seed=1, seat=0))  # the lesson's first game
    for path in lab.screenshot_path("tet-gow-one-move.png"):
        page.screenshot(path=str(path))
    assert error_texts(page) == []
