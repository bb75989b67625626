"""Chapter 03 (Bagchen) in a real browser: its puzzles lesson and its play lesson run in
JupyterLab with no error output; an endgame card is answered by clicking (wrong, then right),
and one legal move is made by clicking in the deal player.

The two helpers, :func:`answer_by_tiles` and :func:`make_one_move`, serve chapter 06 as well."""

from __future__ import annotations

from typing import Any

import pytest

from gupai_learn import puzzles
from gupai_learn.widgets import DealPlayer
from tests.browser.conftest import Lab
from tests.browser.test_chapter_browser import _indices, _simple_move, error_texts, runs_cleanly

pytestmark = pytest.mark.browser


def wait_for_feedback(page: Any, card_index: int, word: str) -> None:
    """Wait until the feedback of the ``card_index``-th card says ``word`` ("correct" never
    matches an "incorrect" feedback)."""
    page.wait_for_function(
        "([i, w]) => { const f = document.querySelectorAll('.gupai-card-feedback')[i];"
        " if (!f) return false; const t = f.innerText;"
        " return w === 'correct' ? t.includes('correct') && !t.includes('incorrect')"
        " : t.includes(w); }",
        arg=[card_index, word],
        timeout=15_000,
    )


def answer_by_tiles(page: Any, card_index: int, puzzle: Any) -> Any:
    """Answer a tile (or card) puzzle on the ``card_index``-th card: first a single piece the
    engine rejects → "incorrect", then the solution's pieces → "correct". Returns the card."""
    card = page.locator(".gupai-card").nth(card_index)
    card.wait_for(timeout=30_000)
    card.scroll_into_view_if_needed()
    pool = list(puzzle.pool or ())
    wrong = next(i for i, piece in enumerate(pool) if not puzzle.check([piece]).correct)
    pieces = card.locator(".gupai-card-tile")
    pieces.nth(wrong).click()
    card.locator("button.gupai-card-check").click()
    wait_for_feedback(page, card_index, "incorrect")
    pieces.nth(wrong).click()  # unselect
    for index in _indices(pool, list(puzzle.solution.answer)):
        pieces.nth(index).click()
        page.wait_for_timeout(100)
    card.locator("button.gupai-card-check").click()
    wait_for_feedback(page, card_index, "correct")
    return card


def make_one_move(page: Any, mirror: DealPlayer) -> None:
    """Make the first deal player's next move by clicking: lead its first piece, or play the
    first pieces face down; the lesson's deal is replayed in ``mirror`` to know what to click,
    and the hand must shrink by as many pieces."""
    tiles = page.locator(".gupai-hand-tile")
    tiles.first.wait_for(timeout=30_000)
    before = len(mirror.deal.hands[mirror.seat])
    indices, command = _simple_move(mirror)
    for index in indices:
        tiles.nth(index).click()
    player = page.locator(".jp-CodeCell").filter(has=page.locator(".gupai-hand-tile")).first
    player.locator("button.gupai-action", has_text=command).click()
    mirror.picker.selected, mirror.picker.command = indices, command
    after = len(mirror.deal.hands[mirror.seat])
    assert after == before - len(indices)
    page.wait_for_function(
        "([n]) => { const c = [...document.querySelectorAll('.jp-CodeCell')]"
        ".find(c => c.querySelector('.gupai-hand-tile'));"
        " return c.querySelectorAll('.gupai-hand-tile').length === n; }",
        arg=[after],
        timeout=15_000,
    )


def test_an_endgame_is_answered_on_its_card(page: Any, lab: Lab) -> None:
    """03.09 runs with no error output and draws its tiles; then its first card."""
    runs_cleanly(page, lab, "03.09-Puzzles.ipynb")
    card = answer_by_tiles(page, 0, puzzles.get("bg-end-01"))  # the lesson's first card
    for path in lab.screenshot_path("bagchen-endgame-card.png"):
        card.screenshot(path=str(path))


def test_one_move_is_made_by_clicking_in_the_deal_player(page: Any, lab: Lab) -> None:
    """03.10 runs with no error output and draws its tiles; then one move in its deal."""
    runs_cleanly(page, lab, "03.10-Play-a-Deal.ipynb")
    make_one_move(page, DealPlayer(game="bagchen", seed=2026, seat=0))  # the lesson's deal
    for path in lab.screenshot_path("bagchen-one-move.png"):
        page.screenshot(path=str(path))
    assert error_texts(page) == []
