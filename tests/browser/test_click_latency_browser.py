"""Click → reply in JupyterLab, per widget (issue 36): a benchmark that prints its figures.

One notebook holds a hand picker, a puzzle card, a Bull Fight line view and two deal players
(Tien Gow, Bergen). Each is clicked many times in the page and each round trip is timed there:
from the click to the first change Python's reply makes in the part only Python redraws
(``tests/browser/clicks.py``). A deal player's moves are chosen by a mirror of it kept in this
process (the same seed, the same moves), so every click is a legal move. Run with ``-s`` to see
the rows; the test fails only when a reply never comes.
"""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

from gupai_learn.games import ding_niu
from gupai_learn.widgets import DealPlayer
from gupai_learn.widgets.bench import indices
from gupai_learn.widgets.hand_picker import BUTTONS, CALLED, ENDS
from gupai_learn.widgets.line_view import OTHER_BUTTONS
from tests.browser.clicks import round_trip, summary
from tests.browser.conftest import Lab, open_and_run, wait_idle

pytestmark = pytest.mark.browser

LINE_SEED = 5
CELLS = [
    "from gupai_learn import puzzles\n"
    "from gupai_learn.games import ding_niu\n"
    "from gupai_learn.widgets import DealPlayer, HandPicker, LineView, PuzzleCard",
    'HandPicker("[6:6] [6:3] [5:5] [4:2] [2:1] [3:1] [5:1] [6:1]")',
    'PuzzleCard(puzzles.get("set-suit-01"))',
    f"deal = ding_niu.Deal.random(seed={LINE_SEED})\n"
    "for _ in range(4):\n"
    "    deal.apply(deal.legal_moves()[0])\n"
    "LineView(deal, deal.turn)",
    'DealPlayer("tien_gow", seed=3)',
    'DealPlayer("bergen", seed=1)',
]
CLICKS = 20
MOVES = 10
TIMES: dict[str, list[float]] = {}


def _cell(page: Any, index: int) -> Any:
    cell = page.locator(".jp-CodeCell").nth(index)
    cell.scroll_into_view_if_needed()
    return cell


def _note(name: str, ms: float) -> None:
    TIMES.setdefault(name, []).append(ms)


def _hand_picker(page: Any) -> None:
    picker = _cell(page, 1).locator(".gupai-picker")
    for k in range(CLICKS):
        tile = picker.locator(".gupai-hand-tile").nth(k // 2 % 8)  # on, then off again
        _note("hand picker, select", round_trip(tile, picker.locator(".gupai-hand")))


def _card(page: Any) -> None:
    card = _cell(page, 2).locator(".gupai-card")
    for k in range(CLICKS):
        card.locator("input[type='radio']").nth(k % 2).check()
        check = card.locator("button.gupai-card-check")
        _note("card Check", round_trip(check, card.locator(".gupai-card-buttons")))


def _line_view(page: Any) -> None:
    deal = ding_niu.Deal.random(seed=LINE_SEED)
    for _ in range(4):
        deal.apply(deal.legal_moves()[0])
    hand = deal.hands[deal.turn]
    plays = deal.legal_moves()
    stays = [i for i, t in enumerate(hand) if len({m.end for m in plays if t in m.pieces}) != 1]
    assert stays, "no tile that a click only selects"
    view = _cell(page, 3).locator(".gupai-line-view")
    for k in range(CLICKS):
        tile = view.locator(".gupai-hand-tile").nth(stays[k // 2 % len(stays)])
        _note("line view, select", round_trip(tile, view.locator(".gupai-hand")))


def _present(control: Any, what: str) -> bool:
    """Whether ``control`` shows within 30 s. A benchmark, not a test of the game: when the page
    no longer offers what the mirror plays next (a busy machine can leave the two apart), the
    rows of that deal player stop there, and the run says so."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        control.wait_for(timeout=30_000)
    except PlaywrightTimeout:
        print(f"\n  the page offers no {what} where the mirror plays it: that player's rows stop")
        return False
    return True


def _trick_moves(page: Any, index: int, mirror: DealPlayer, title: str) -> None:
    """Moves in a trick game's deal player: select the pieces, then the move's button."""
    cell = _cell(page, index)
    picker = cell.locator(".gupai-picker")
    table = cell.locator(".widget-html-content:has(.gupai-table)")
    for _ in range(MOVES):
        if mirror.deal.is_over:
            break
        move = next((m for m in mirror.deal.legal_moves() if m.kind == "play"), None)
        move = move or mirror.deal.legal_moves()[0]
        picked = indices(mirror.deal.hands[mirror.seat], move.pieces)
        for i in picked:
            tile = picker.locator(".gupai-hand-tile").nth(i)
            _note(f"{title}, select", round_trip(tile, picker.locator(".gupai-hand")))
        name = (
            ENDS[move.end] if move.end else CALLED[move.call] if move.call else BUTTONS[move.kind]
        )
        button = picker.locator("button.gupai-action", has_text=name).first
        if not _present(button, name):
            break
        _note(f"{title}, move + computer replies", round_trip(button, table))
        mirror.picker.selected = picked
        mirror.picker.run_command(name)
        wait_idle(page)


def _line_moves(page: Any, index: int, mirror: DealPlayer, title: str) -> None:
    """Moves in a line game's deal player: a tile (placed at once when it fits one end
    only), then its end; or a Draw or Pass button."""
    view = _cell(page, index).locator(".gupai-line-view")
    for _ in range(MOVES):
        deal = mirror.deal
        if deal.is_over:
            break
        move = deal.legal_moves()[0]
        picker = mirror.picker
        if move.kind == "play":
            i = list(deal.hands[mirror.seat]).index(move.pieces[0])
            ends = {
                m.end for m in deal.legal_moves() if m.kind == "play" and m.pieces == move.pieces
            }
            kind = "move + computer replies" if len(ends) == 1 else "select"
            tile = view.locator(".gupai-hand-tile").nth(i)
            _note(f"{title}, {kind}", round_trip(tile, view))
            picker.selected = [i]
            if len(ends) > 1:
                end = view.locator(f".gupai-line-end-button.gupai-end-{move.end}")
                if not _present(end, f"{move.end} end"):
                    break
                _note(f"{title}, move + computer replies", round_trip(end, view))
                picker.run_command(str(move.end))
        else:
            name = OTHER_BUTTONS[move.kind]
            button = view.locator("button.gupai-action", has_text=name).first
            if not _present(button, name):
                break
            _note(f"{title}, move + computer replies", round_trip(button, view))
            picker.run_command(name)
        wait_idle(page)


def test_click_to_reply_per_widget(page: Any, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "clicks.ipynb")
    open_and_run(page, lab, "clicks.ipynb")
    page.locator(".gupai-picker").first.wait_for(timeout=60_000)
    _hand_picker(page)
    _card(page)
    _line_view(page)
    _trick_moves(page, 4, DealPlayer("tien_gow", seed=3), "deal player Tien Gow")
    _line_moves(page, 5, DealPlayer("bergen", seed=1), "deal player Bergen")
    print("\nJupyterLab, click -> Python's reply drawn (ms):")
    for name, times in TIMES.items():
        print(summary(name, times))
    for name in ("hand picker, select", "card Check", "line view, select"):
        assert len(TIMES[name]) == CLICKS, name
    assert TIMES["deal player Tien Gow, move + computer replies"]
    assert TIMES["deal player Bergen, move + computer replies"]
