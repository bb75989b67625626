"""The deal player's levels in a real browser (issue 27): switch to strong, then play."""

from __future__ import annotations

import re
from typing import Any

import nbformat
import pytest

from tests.browser.conftest import Lab, open_and_run, wait_idle

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


#: A Tet-Gow game: a short deal (eight pieces a seat), the learner East.
WHOLE = "from gupai_learn.widgets import DealPlayer\nDealPlayer('tet_gow', seed=17)"

#: What the table shows: 0 when the learner leads (no round in play), else how many pieces the
#: round's lead holds (the first play drawn on the table).
LEAD_SIZE = """() => {
    const t = document.querySelector('.gupai-table');
    const said = t.innerText;
    if (said.includes('is over:') || said.includes('No round yet')) return 0;
    const lead = t.querySelector('.gupai-group');
    return lead.querySelectorAll('g.gupai-card, g.gupai-tile').length;
}"""

#: The learner's hand shrank below n, or the game is over (the result is stated).
MOVED = """([n]) => document.querySelectorAll('.gupai-hand-tile').length < n
    || document.body.innerText.includes('You (East):')"""


def _select(page: Any, count: int) -> None:
    """Select the first ``count`` pieces of the hand, waiting until the page shows each."""
    tiles = page.locator(".gupai-hand-tile")
    for index in range(count):
        tiles.nth(index).click()
        page.wait_for_function(
            "([k]) => document.querySelectorAll('.gupai-hand-tile[aria-pressed=true]').length"
            " === k",
            arg=[index + 1],
            timeout=15_000,
        )


def test_a_whole_game_at_strong_then_review_and_the_replay_names_the_level(
    page: Any, lab: Lab
) -> None:
    """Switch to Strong and play a whole Tet-Gow game by clicks, read off the page: lead the
    first piece (a single is always a lead), or answer a lead of n pieces with the first n face
    down (always allowed); then Review marks the first slip on the list of rounds (or says
    honestly that there is none), and the replay names the strong players."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(WHOLE)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab.root / "whole.ipynb")
    open_and_run(page, lab, "whole.ipynb")
    tiles = page.locator(".gupai-hand-tile")
    tiles.first.wait_for(timeout=30_000)
    page.get_by_role("button", name="Strong").click()
    page.wait_for_function(
        "() => document.body.innerText.includes('The computer players are now strong.')"
    )
    for _ in range(8):  # eight pieces: at most eight decisions
        if "You (East):" in page.inner_text("body"):
            break
        before, lead = tiles.count(), page.evaluate(LEAD_SIZE)
        _select(page, max(lead, 1))
        page.locator("button.gupai-action", has_text="Face down" if lead else "Play").click()
        page.wait_for_function(MOVED, arg=[before], timeout=60_000)
        wait_idle(page)  # the hand is redrawn before the table: let every part catch up
    page.wait_for_function("() => document.body.innerText.includes('You (East):')", timeout=60_000)
    page.get_by_role("button", name="Review", exact=True).first.click()
    page.locator(".gupai-review").first.wait_for(timeout=60_000)
    said = page.locator(".gupai-review").first.inner_text()
    if page.locator(".gupai-review-slip").count():
        mark = page.locator("div.gupai-slip")
        assert mark.count() == 1 and "\u2717 slip" in mark.inner_text()
        title = mark.get_attribute("title") or ""
        assert re.match(r"slip: (round|move) \d+, ", title) and "better: " in title, title
        where = title.split(",")[0].removeprefix("slip: ")  # the seat's own turn, as the review
        assert where.lower() in said.lower(), (where, said)
    else:
        assert "No slip" in said and page.locator("div.gupai-slip").count() == 0
    page.get_by_role("button", name="Replay", exact=True).click()
    level = page.locator(".gupai-level")
    level.first.wait_for(timeout=30_000)
    told = level.first.inner_text()
    assert "East: you" in told and told.count("strong computer player") == 3
    # the replay's own Review: it jumps to the slip, marked in the caption and on the table
    page.get_by_role("button", name="Review", exact=True).nth(1).click()
    page.locator(".gupai-review").nth(1).wait_for(timeout=60_000)
    slipped = page.locator(".gupai-review-slip").count() == 2
    page.wait_for_function(
        "([n, m]) => document.querySelectorAll('div.gupai-slip').length === n"
        " && document.querySelectorAll('.gupai-slip-mark').length === m",
        arg=[2, 1] if slipped else [0, 0],  # the list's mark and the caption's; the table's
        timeout=30_000,
    )
    for path in lab.screenshot_path("whole-game-at-strong.png"):
        page.locator(".jp-OutputArea-output").first.screenshot(path=str(path))
