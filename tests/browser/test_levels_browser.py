"""The deal player's levels in a real browser (issue 27): switch to strong, then play."""

from __future__ import annotations

import nbformat
import pytest

from tests.browser.conftest import Lab, open_and_run

pytestmark = pytest.mark.browser

PLAYER = "from gupai_learn.widgets import DealPlayer\nDealPlayer(seed=3)"


def test_switch_to_strong_and_play_a_trick(page: object, lab: Lab) -> None:
    """Click Strong above the table, then lead a tile: the strong players answer it."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PLAYER)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab.root / "levels.ipynb")
    open_and_run(page, lab, "levels.ipynb")
    page.locator(".gupai-hand-tile").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]
    page.get_by_role("button", name="Strong").click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.body.innerText.includes('The computer players are now strong.')"
    )
    page.locator(".gupai-hand-tile").first.click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('.gupai-verdict').innerText.includes('Legal')"
    )
    page.locator("button.gupai-action", has_text="Play").click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.body.innerText.includes('1. East led')", timeout=60_000
    )
    assert page.locator(".gupai-hand-tile").count() == 7  # type: ignore[attr-defined]
