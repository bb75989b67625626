"""The deal player's Review button in a real browser: after a finished Bull Fight deal with a
known slip (tests/test_review.py), pressing Review marks that move (in the review, in the list
of moves and on the line) and draws a better one."""

from __future__ import annotations

import nbformat
import pytest

from tests.browser.conftest import Lab, open_and_run
from tests.test_review import scripted

pytestmark = pytest.mark.browser

SOURCE = """from gupai_learn.widgets import DealPlayer
from tests.test_review import scripted
deal, seat, slip = scripted("ding_niu")
player = DealPlayer("ding_niu", seed=0, seat=seat)
player._use(deal, "The deal is over.")
player"""


def test_review_marks_the_first_slip(page: object, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab.root / "review.ipynb")
    open_and_run(page, lab, "review.ipynb")
    button = page.locator("button", has_text="Review")  # type: ignore[attr-defined]
    button.first.wait_for(timeout=30_000)
    button.first.click()
    marked = page.locator(".gupai-review-slip")  # type: ignore[attr-defined]
    marked.first.wait_for(timeout=60_000)
    deal, seat, slip = scripted("ding_niu")
    text = marked.first.inner_text()
    assert f"Move {slip + 1}: {deal.history[slip]}" in text and "the first slip" in text
    assert marked.first.locator("svg").count() == 1
    assert page.locator(".gupai-review li").count() > 1  # type: ignore[attr-defined]
    # marked where it happened: its line in the list of moves, its tile on the line
    # (the moves' list is redrawn just after the review: a message of its own, so wait for it)
    story = page.locator("div.gupai-slip")  # type: ignore[attr-defined]
    story.first.wait_for(timeout=15_000)
    assert story.count() == 1 and f"{slip + 1}. {deal.name(seat)}" in story.inner_text()
    assert (story.get_attribute("title") or "").startswith(f"slip: move {slip + 1},")
    assert page.locator(".gupai-story-line .gupai-slip-mark").count() == 1  # type: ignore[attr-defined]
