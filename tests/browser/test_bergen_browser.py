"""Bergen's line view in a real browser: place a tile by clicking, then draw when stuck."""

from __future__ import annotations

import nbformat
import pytest

from tests.browser.conftest import Lab, open_and_run

pytestmark = pytest.mark.browser

#: East opens [6:6]; West (answering through on_move) plays [6:5]; East holds no 5 or 6, so
#: must draw: [4:4] does not fit, [6:1] does.
SOURCE = """\
from gupai_learn.games import bergen
from gupai_learn.widgets import LineView
deal = bergen.Deal(["[6:6] [1:0] [2:0]", "[6:5] [4:3]"],
                   boneyard=["[4:4]", "[6:1]", "[1:1]", "[2:1]", "[3:3]"])
def west():
    if not deal.is_over and deal.turn == 1:
        deal.apply(deal.legal_moves()[0])
LineView(deal, 0, on_move=west)"""


def _wait_text(page: object, text: str) -> None:
    page.wait_for_function(  # type: ignore[attr-defined]
        "(t) => document.querySelector('.gupai-line-view').innerText.includes(t)", arg=text
    )


def _wait_count(page: object, selector: str, n: int) -> None:
    """Wait until ``n`` elements match (the traits of one redraw reach the page one by one)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "([s, n]) => document.querySelector('.gupai-line-view').querySelectorAll(s).length === n",
        arg=[selector, n],
    )


def test_place_a_tile_then_draw_when_stuck(page: object, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "bergen.ipynb")
    open_and_run(page, lab, "bergen.ipynb")
    view = page.locator(".gupai-line-view").first  # type: ignore[attr-defined]
    view.wait_for(timeout=30_000)
    view.locator(".gupai-hand-tile").first.click()  # [6:6], the opening double
    _wait_text(page, "BE-OPEN")
    view.locator(".gupai-line-end-button").first.click()  # start the line
    _wait_text(page, "No tile of yours fits")  # West answered [6:5]; East holds no 5 or 6
    _wait_count(page, ".gupai-hand-tile", 2)
    _wait_count(page, "button.gupai-action", 1)
    assert "BE-DRAW" in view.inner_text()
    view.locator("button.gupai-action", has_text="Draw").click()
    _wait_text(page, "You drew [4:4]")
    _wait_count(page, ".gupai-hand-tile", 3)
    _wait_count(page, "button.gupai-action", 1)  # [4:4] does not fit: draw again
    view.locator("button.gupai-action", has_text="Draw").click()
    _wait_text(page, "You drew [6:1]")
    _wait_count(page, ".gupai-hand-tile", 4)
    _wait_count(page, "button.gupai-action", 0)  # [6:1] fits: no more drawing
    pile = view.locator("svg.gupai-boneyard").first.get_attribute("aria-label")
    assert pile == "Boneyard: 3 tiles (1 to draw, 2 reserved, never drawn)"
    for path in lab.screenshot_path("bergen-line-view.png"):
        view.screenshot(path=str(path))


PLAYER = "from gupai_learn.widgets import DealPlayer\nDealPlayer('bergen', seed=1)"


def test_the_deal_player_shows_the_match_scoreboard(page: object, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PLAYER)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "bergen-match.ipynb")
    open_and_run(page, lab, "bergen-match.ipynb")
    board = page.locator("table.gupai-scoreboard").first  # type: ignore[attr-defined]
    board.wait_for(timeout=30_000)
    assert "Game to 15 points (BE-GAME)" in board.inner_text()
    assert page.locator("button", has_text="Next round").count() == 1  # type: ignore[attr-defined]
    page.locator("button", has_text="Next round").click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.body.innerText.includes('Finish this round first')"
    )
    for path in lab.screenshot_path("bergen-deal-player.png"):
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
