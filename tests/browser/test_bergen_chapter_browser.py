"""Chapter 05 (Bergen) in a real browser: lessons run in JupyterLab with no error output and
draw their tiles, a blocked-round card is answered by clicking (rules/bergen.md,
BE-END-BLOCKED), and a round of 05.10's match is played with the mouse and scored (BE-GAME)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from gupai_learn import puzzles
from gupai_learn.render.line import deal_style, layout_svg
from gupai_learn.widgets import DealPlayer
from gupai_learn.widgets.line_view import OTHER_BUTTONS
from tests.browser import test_chapter_browser as chapter
from tests.browser.conftest import Lab, open_and_run
from tests.browser.test_chapter_browser import error_texts

LESSONS = Path(__file__).resolve().parents[2] / "lessons"

pytestmark = pytest.mark.browser


def runs_cleanly(page: object, lab: Lab, name: str) -> None:
    """Chapter 02's check (:func:`~tests.browser.test_chapter_browser.runs_cleanly`: the lesson
    runs, draws tiles, no cell shows an error), then a screenshot of the whole page. 05.07's
    card test starts with it (the lesson runs once for both)."""
    chapter.runs_cleanly(page, lab, name)
    for path in lab.screenshot_path(name.replace(".ipynb", ".png")):
        page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]


def test_the_overview_runs_without_errors(page: object, lab: Lab) -> None:
    runs_cleanly(page, lab, "05.00-Bergen-Overview.ipynb")


def test_a_blocked_round_is_answered_on_its_card(page: object, lab: Lab) -> None:
    runs_cleanly(page, lab, "05.07-Dominoing-and-Blocked-Rounds.ipynb")
    puzzle = puzzles.get("be-block-07")  # the American rule, on the lesson's ninth card
    source = (LESSONS / "05.07-Dominoing-and-Blocked-Rounds.ipynb").read_text(encoding="utf-8")
    order = re.findall(r'PuzzleCard\(ex\[\\"([a-z]+-[a-z]+-\d\d)\\"\]\)', source)
    card = page.locator(".gupai-card").nth(order.index(puzzle.id))  # type: ignore[attr-defined]
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


def _east_click(mirror: DealPlayer) -> tuple[int | None, str | None]:
    """East's next decision by clicks: (hand index of the tile to click or None, then the
    button to press or None): the first tile that fits, at its first fitting end; else Draw,
    else Pass."""
    deal, view = mirror.deal, mirror.picker
    moves = deal.legal_moves()
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        return None, OTHER_BUTTONS[moves[0].kind]
    tile = plays[0].pieces[0]
    ends = [m.end for m in plays if m.pieces[0] == tile]
    index = list(deal.hands[view.seat]).index(tile)
    if deal.layout.ends is None:
        return index, "left"  # the one "start the line" button
    return index, (ends[0] if len(ends) == 2 else None)  # one end fits: the click places it


def _settled(view: object, mirror: DealPlayer) -> None:
    """Wait until the page's line view shows the mirror's position (hand size, line, pile)."""
    view.page.wait_for_function(  # type: ignore[attr-defined]
        "([v, n, line]) => v.querySelectorAll('.gupai-hand-tile').length === n"
        " && (v.querySelector('svg.gupai-line')?.getAttribute('aria-label') ?? '') === line",
        arg=[
            view.element_handle(),  # type: ignore[attr-defined]
            len(mirror.deal.hands[0]),
            _line_label(mirror),
        ],
        timeout=15_000,
    )


def _line_label(mirror: DealPlayer) -> str:
    """The aria-label of the line as the page draws it for the mirror's position ('' while
    the line is empty: no line is drawn then)."""
    if not mirror.deal.layout.placed:
        return ""
    svg = layout_svg(mirror.deal.layout, style=deal_style(mirror.deal))
    return html.unescape(svg.split('aria-label="', 1)[1].split('"', 1)[0])


def _play_a_round_by_clicking(page: object, cell: object, mirror: DealPlayer) -> None:
    """Play East's side of the round in ``cell`` with the mouse, each decision taken from the
    mirror (the same seed, so the same deal and the same computer moves)."""
    view = cell.locator(".gupai-line-view").first  # type: ignore[attr-defined]
    view.wait_for(timeout=30_000)
    _settled(view, mirror)
    while not mirror.deal.is_over:
        index, button = _east_click(mirror)
        if index is not None:
            view.locator(".gupai-hand-tile").nth(index).click()
            mirror.picker.selected = [index]
        if button in ("left", "right"):
            view.locator(f".gupai-line-end-button.gupai-end-{button}").click()
            mirror.picker.command = button
        elif button is not None:
            view.locator("button.gupai-action", has_text=button).click()
            mirror.picker.command = button
        _settled(view, mirror)


def test_a_round_of_a_match_is_played_by_clicking_then_scored(page: object, lab: Lab) -> None:
    """05.10's acceptance path, at each of its tables (2, 3 and 4 players; one run of the
    lesson serves the three): play a whole round with the mouse only, press Next round, and
    read round 1's scores on the scoreboard (BE-GAME)."""
    open_and_run(page, lab, "05.10-Play-a-Match.ipynb")
    cells = page.locator(".jp-CodeCell", has=page.locator(".gupai-line-view"))  # type: ignore[attr-defined]
    cells.nth(2).wait_for(timeout=30_000)
    for players in (2, 3, 4):
        _a_round_is_played_and_scored(page, cells.nth(players - 2), players)
        for path in lab.screenshot_path(f"bergen-match-{players}-round-1.png"):
            cells.nth(players - 2).screenshot(path=str(path))
    assert error_texts(page) == []


def _a_round_is_played_and_scored(page: object, cell: object, players: int) -> None:
    """At the table for ``players`` (cell ``cell``): one round played by clicking, then Next
    round, then round 1's scores on the scoreboard."""
    mirror = DealPlayer(game="bergen", seed=1, seat=0, players=players)  # the lesson's table
    cell.scroll_into_view_if_needed()
    _play_a_round_by_clicking(page, cell, mirror)
    scores = mirror.deal.settle().results
    cell.get_by_text(mirror.outcome(mirror.deal.settle())).first.wait_for(timeout=15_000)
    cell.locator("button", has_text="Next round").click()
    mirror.next_round()
    cell.get_by_text("Round 2.").first.wait_for(timeout=15_000)
    rows = cell.locator("table.gupai-scoreboard").locator("tr")
    assert rows.count() == players + 1, players
    for seat in range(players):
        cells_text = rows.nth(seat + 1).locator("td").all_inner_texts()
        assert cells_text[0] == str(scores[seat]), (players, seat, cells_text, scores)
