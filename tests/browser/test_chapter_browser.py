"""The Tien Gow chapter in a real browser: the start page and two chapter lessons run in
JupyterLab with no error output, and exercises are answered by clicking the widgets."""

from __future__ import annotations

import re

import pytest

from gupai_learn import puzzles
from gupai_learn.tiles import Tiles
from gupai_learn.widgets import DealPlayer
from gupai_learn.widgets.puzzle_set import ladder_order
from tests.browser.conftest import Lab, drawn_tiles, open_and_run

pytestmark = pytest.mark.browser

ERRORS = (
    ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'],"
    " .jp-OutputArea-output[data-mime-type='application/vnd.jupyter.error']"
)


def error_texts(page: object) -> list[str]:
    errors = page.locator(ERRORS)  # type: ignore[attr-defined]
    return [errors.nth(i).inner_text() for i in range(errors.count())]


def runs_cleanly(page: object, lab: Lab, name: str) -> None:
    """Open lesson ``name`` and run it: it draws tiles and no cell shows an error. The tests
    that then answer a lesson's card or play its deal start with it, so the lesson is run once
    for both."""
    open_and_run(page, lab, name)
    assert drawn_tiles(page) > 0
    assert error_texts(page) == []


def test_the_start_page_runs_without_errors(page: object, lab: Lab) -> None:
    """00.00 here; 02.08 and 02.09 in the tests that answer their card and play their deal."""
    runs_cleanly(page, lab, "00.00-Start.ipynb")


def test_an_endgame_is_answered_on_its_card(page: object, lab: Lab) -> None:
    runs_cleanly(page, lab, "02.08-Puzzles.ipynb")
    puzzle = puzzles.get("tg-end-02")  # the lesson's first card
    card = page.locator(".gupai-card").first  # type: ignore[attr-defined]
    card.wait_for(timeout=30_000)
    card.scroll_into_view_if_needed()
    feedback = card.locator(".gupai-card-feedback")
    pool = list(puzzle.pool or ())
    # a single tile that the solver rejects (the engine, not this test, knows which)
    wrong = next(i for i, t in enumerate(pool) if not puzzle.check(Tiles((t,))).correct)
    card.locator(".gupai-card-tile").nth(wrong).click()
    card.locator("button.gupai-card-check").click()
    feedback.get_by_text("incorrect").first.wait_for(timeout=15_000)
    card.locator(".gupai-card-tile").nth(wrong).click()  # unselect
    for index in _indices(pool, list(puzzle.solution.answer)):
        card.locator(".gupai-card-tile").nth(index).click()
        page.wait_for_timeout(100)  # type: ignore[attr-defined]
    card.locator("button.gupai-card-check").click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => { const t = document.querySelector('.gupai-card-feedback').innerText;"
        " return t.includes('correct') && !t.includes('incorrect'); }",
        timeout=15_000,
    )
    for path in lab.screenshot_path("endgame-card.png"):
        card.screenshot(path=str(path))


def _indices(pool: list[object], wanted: list[object]) -> list[int]:
    """Positions in ``pool`` of the tiles ``wanted`` (a tile named twice takes two copies)."""
    taken: list[int] = []
    for tile in wanted:
        taken.append(next(i for i, t in enumerate(pool) if t == tile and i not in taken))
    return taken


def test_the_puzzle_shelf_counts_a_solved_puzzle(page: object, lab: Lab) -> None:
    open_and_run(page, lab, "02.08-Puzzles.ipynb")
    # the shelf's card comes after the lesson's three endgame cards
    shelf_card = page.locator(".gupai-card").nth(3)  # type: ignore[attr-defined]
    shelf_card.scroll_into_view_if_needed()
    # puzzles solved by earlier tests of this session are in the server's progress file
    ladder = ladder_order(puzzles.bank("tien_gow"))
    total = len(ladder)
    counter = page.get_by_text(re.compile(rf"\d+ of {total} solved"))  # type: ignore[attr-defined]
    counter.first.wait_for(timeout=15_000)
    before = int(counter.first.inner_text().split()[0])
    # the ladder opens on its first unsolved rung, an easy one: a choice puzzle
    rung = page.get_by_text(re.compile(rf"Rung \d+ of {total}"))  # type: ignore[attr-defined]
    rung.first.wait_for(timeout=15_000)
    found = re.search(r"Rung (\d+)", rung.first.inner_text())
    assert found is not None
    first = ladder[int(found.group(1)) - 1]
    assert first.answer_kind == "choice", first.id
    shelf_card.locator(f"input[value='{first.solution.answer}']").check()
    shelf_card.locator("button.gupai-card-check").click()
    page.get_by_text(f"{before + 1} of {total} solved").wait_for(timeout=15_000)  # type: ignore[attr-defined]


def test_a_whole_deal_is_played_by_clicking_then_settled_and_questioned(
    page: object, lab: Lab
) -> None:
    """The acceptance path of 02.09: play East to the end with the mouse, read the settlement,
    then answer a question about the deal just played: the questions appear by themselves, no
    cell is run again (as under Voila)."""
    runs_cleanly(page, lab, "02.09-Play-a-Deal.ipynb")
    mirror = DealPlayer(seed=2026, seat=0)  # the lesson's deal, replayed here to choose moves
    tiles = page.locator(".gupai-hand-tile")  # type: ignore[attr-defined]
    tiles.first.wait_for(timeout=30_000)
    while not mirror.deal.is_over:
        indices, command = _simple_move(mirror)
        for index in indices:
            tiles.nth(index).click()
        page.locator("button.gupai-action", has_text=command).click()  # type: ignore[attr-defined]
        mirror.picker.selected, mirror.picker.command = indices, command
        page.wait_for_function(  # type: ignore[attr-defined]
            f"() => document.querySelectorAll('.gupai-hand-tile').length"
            f" === {len(mirror.deal.hands[0])}",
            timeout=15_000,
        )
    outcome = mirror.deal.settle().outcome
    page.get_by_text(outcome).first.wait_for(timeout=15_000)  # type: ignore[attr-defined]
    for path in lab.screenshot_path("deal-settled.png"):
        page.screenshot(path=str(path))  # type: ignore[attr-defined]
    # the questions' cell shows collapsed: find it by its shelf, not its source
    cell = page.locator(".jp-CodeCell", has_text=re.compile(r"\d of 3 solved"))  # type: ignore[attr-defined]
    card = cell.locator(".gupai-card").first
    card.wait_for(timeout=30_000)
    winner = mirror.deal.name(mirror.deal.winner)
    card.locator(f"input[value='{winner}']").check()
    card.locator("button.gupai-card-check").click()
    cell.get_by_text("1 of 3 solved").wait_for(timeout=15_000)
    assert error_texts(page) == []


def _simple_move(player: DealPlayer) -> tuple[list[int], str]:
    """Lead the first tile (a single is always a valid lead), or discard the first tiles."""
    trick = player.deal.trick
    if not trick:
        return [0], "Play"
    return list(range(len(trick[0].pieces))), "Face down"
