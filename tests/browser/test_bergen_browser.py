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
    assert view.locator(".gupai-hand-tile").count() == 2
    assert "BE-DRAW" in view.inner_text()
    draw = view.locator("button.gupai-action", has_text="Draw")
    assert view.locator("button.gupai-action").count() == 1
    draw.click()
    _wait_text(page, "You drew [4:4]")
    assert view.locator(".gupai-hand-tile").count() == 3
    view.locator("button.gupai-action", has_text="Draw").click()
    _wait_text(page, "You drew [6:1]")
    assert view.locator("button.gupai-action").count() == 0  # [6:1] fits: no more drawing
    assert view.locator(".gupai-hand-tile").count() == 4
    pile = view.locator("svg.gupai-boneyard").first.get_attribute("aria-label")
    assert pile == "Boneyard: 3 tiles (1 to draw, 2 reserved, never drawn)"
    for path in lab.screenshot_path("bergen-line-view.png"):
        view.screenshot(path=str(path))
