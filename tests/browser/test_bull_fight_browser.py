"""Bull Fight (chapter 04) in a real browser: the overview lesson runs in JupyterLab with no
error output, a tile is placed at an end of the line by clicking (tile, then end button), and a
chapter-04 puzzle card is answered by clicking.

The moves clicked are chosen by the engine on a mirror of the lesson's deal, never hard-coded."""

from __future__ import annotations

import pytest

from gupai_learn import puzzles
from gupai_learn.games import ding_niu
from tests.browser.conftest import Lab, drawn_tiles, open_and_run
from tests.browser.test_chapter_browser import error_texts

pytestmark = pytest.mark.browser

LESSON = "04.00-Bull-Fight-Overview.ipynb"


def lesson_deal() -> ding_niu.Deal:
    """The deal the overview's LineView shows: seed 16, four moves of the heuristic player."""
    deal = ding_niu.Deal.random(seed=16)
    bot = ding_niu.HeuristicPlayer(0)
    for _ in range(4):
        deal.apply(bot.choose(deal))
    return deal


#: the tiles drawn on the LineView's line
LINE_TILES = ".gupai-line-view .gupai-line g.gupai-tile"


def _wait_for_count(page: object, selector: str, count: int) -> None:
    """Wait until ``selector`` matches ``count`` elements (the widget redraws its parts one
    synced trait at a time)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        "([s, n]) => document.querySelectorAll(s).length === n",
        arg=[selector, count],
        timeout=15_000,
    )


def test_the_overview_runs_and_a_tile_is_placed_at_an_end_by_clicking(
    page: object, lab: Lab
) -> None:
    open_and_run(page, lab, LESSON)
    assert drawn_tiles(page) > 0
    assert error_texts(page) == []
    mirror = lesson_deal()
    hand, moves = mirror.hands[mirror.turn], mirror.legal_moves()
    view = page.locator(".gupai-line-view").first  # type: ignore[attr-defined]
    view.wait_for(timeout=30_000)
    view.scroll_into_view_if_needed()
    tiles, verdict = view.locator(".gupai-hand-tile"), view.locator("div.gupai-verdict[aria-live]")
    before = len(mirror.layout.tiles)
    _wait_for_count(page, LINE_TILES, before)
    # a tile that fits no end: the live verdict refuses it, naming the rule
    stuck = next(i for i, t in enumerate(hand) if not any(t in m.pieces for m in moves))
    tiles.nth(stuck).click()
    verdict.get_by_text("DN-PLAY-ENDS").first.wait_for(timeout=15_000)
    assert "fits no end" in verdict.inner_text()
    # a tile that fits both ends: select it, then click the end button
    both = next(
        i
        for i, t in enumerate(hand)
        if len({m.end for m in moves if m.kind == "play" and t in m.pieces}) == 2
    )
    tiles.nth(both).click()
    verdict.get_by_text("fits both ends").wait_for(timeout=15_000)
    view.locator("button.gupai-end-left").click()
    _wait_for_count(page, LINE_TILES, before + 1)  # the line grew by the tile clicked
    mirror.play(hand[both], "left")
    _wait_for_count(page, ".gupai-line-view .gupai-hand-tile", len(mirror.hands[0]))
    view.get_by_text(f"You played {mirror.history[-1].words}").wait_for(timeout=15_000)
    verdict.get_by_text(f"{mirror.name(mirror.turn)} to play").wait_for(timeout=15_000)
    for path in lab.screenshot_path("bull-fight-line-view.png"):
        view.screenshot(path=str(path))
    assert error_texts(page) == []


def test_a_chapter_04_puzzle_card_is_answered_by_clicking(page: object, lab: Lab) -> None:
    open_and_run(page, lab, LESSON)
    puzzle = puzzles.get("dn-fit-01")  # the lesson's first card
    card = page.locator(".gupai-card").first  # type: ignore[attr-defined]
    card.wait_for(timeout=30_000)
    card.scroll_into_view_if_needed()
    feedback = card.locator(".gupai-card-feedback")
    wrong, rule = puzzle.wrong[0]
    card.locator(f"input[value='{wrong}']").check()
    card.locator("button.gupai-card-check").click()
    feedback.get_by_text("incorrect").first.wait_for(timeout=15_000)
    assert rule in feedback.inner_text()
    card.locator(f"input[value='{puzzle.solution.answer}']").check()
    card.locator("button.gupai-card-check").click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => { const t = document.querySelector('.gupai-card-feedback').innerText;"
        " return t.includes('correct') && !t.includes('incorrect'); }",
        timeout=15_000,
    )
    for path in lab.screenshot_path("bull-fight-card.png"):
        card.screenshot(path=str(path))
