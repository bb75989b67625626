"""The deal player's Review in a real browser: after a finished Bull Fight deal with a known
slip (tests/test_review.py), pressing Review marks that move (in the review, in the list of
moves and on the line) and draws a better one; and a deal played badly in the browser, then
reviewed, offers "Try it again" on its slip: the slip opens as a puzzle card, and solving it
saves its stars to the learner's progress file."""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

from gupai_learn.review import review
from tests.browser.conftest import Lab, open_and_run
from tests.test_review import position_before, scripted

pytestmark = pytest.mark.browser

SOURCE = """from gupai_learn.widgets import DealPlayer
from tests.test_review import scripted
deal, seat, slip = scripted("ding_niu")
player = DealPlayer("ding_niu", seed=0, seat=seat)
player._use(deal, "The deal is over.")
player"""


def _notebook(lab: Lab, name: str, source: str) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab.root / name)


def test_review_marks_the_first_slip(page: Any, lab: Lab) -> None:
    _notebook(lab, "review.ipynb", SOURCE)
    open_and_run(page, lab, "review.ipynb")
    button = page.locator("button", has_text="Review")
    button.first.wait_for(timeout=30_000)
    button.first.click()
    marked = page.locator(".gupai-review-slip")
    marked.first.wait_for(timeout=60_000)
    deal, seat, slip = scripted("ding_niu")
    text = marked.first.inner_text()
    assert f"Your 3rd tile: {deal.history[slip].words}" in text and "the first slip" in text
    assert marked.first.locator("svg").count() == 1
    assert page.locator(".gupai-review li").count() > 1
    # marked where it happened: its line in the list of moves, its tile on the line
    # (the moves' list is redrawn just after the review: a message of its own, so wait for it)
    story = page.locator("div.gupai-slip")
    story.first.wait_for(timeout=15_000)
    assert story.count() == 1 and f"{slip + 1}. {deal.name(seat)}" in story.inner_text()
    assert (story.get_attribute("title") or "").startswith("slip: your 3rd tile, North:")
    assert page.locator(".gupai-story-line .gupai-slip-mark").count() == 1


# ----- a deal played badly, reviewed, and its slip tried again ---------------------------------
SLIP_SOURCE = """from gupai_learn.widgets import DealPlayer
from tests.test_review import scripted, position_before
deal, seat, slip = scripted("ding_niu")
player = DealPlayer("ding_niu", seed=0, seat=seat)
player._use(position_before(deal, slip), "Your turn.")
player"""


def _play(page: Any, twin: Any, move: Any) -> None:
    """Make the learner's ``move`` by clicking, as a learner does (a tile, then its end when
    it fits both, or the face-down button), wait until the hand has one tile less, and make
    the same move on ``twin``, the same player run here (its computer players answer alike)."""
    from gupai_learn.widgets.line_view import OTHER_BUTTONS

    deal = twin.deal
    hand = page.locator(".gupai-hand-tile")
    held = hand.count()
    assert held == len(deal.hands[twin.seat])
    hand.nth(list(deal.hands[twin.seat]).index(move.pieces[0])).click()
    if move.kind == "discard":
        page.locator("button.gupai-action", has_text=OTHER_BUTTONS["discard"]).click()
    elif sum(m.kind == "play" and m.pieces == move.pieces for m in deal.legal_moves()) > 1:
        page.locator(f"button.gupai-end-{move.end}").click()  # it fits both ends: say which
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gupai-hand-tile').length === n",
        arg=held - 1,
        timeout=30_000,
    )
    deal.apply(move)
    twin._moved()


def test_a_slip_played_in_the_browser_is_tried_again_and_its_stars_saved(
    page: Any, lab: Lab, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gupai_learn.puzzles import progress
    from gupai_learn.widgets.deal_player import DealPlayer

    _notebook(lab, "slips.ipynb", SLIP_SOURCE)
    open_and_run(page, lab, "slips.ipynb")
    page.locator(".gupai-hand-tile").first.wait_for(timeout=30_000)
    deal, seat, slip = scripted("ding_niu")
    twin = DealPlayer("ding_niu", seed=0, seat=seat)
    twin._use(position_before(deal, slip), "Your turn.")
    # play it badly: the known slip, then the first legal move at every later turn
    _play(page, twin, deal.history[slip])
    while not twin.deal.is_over:
        moves = twin.deal.legal_moves()
        _play(page, twin, next((m for m in moves if m.kind == "play"), moves[0]))
    page.locator("button", has_text="Review").first.click()
    page.locator(".gupai-review-slip").first.wait_for(timeout=60_000)
    notes = twin.review()
    assert notes is not None
    (note,) = [n for n in notes if n.verdict == "slipped"]
    assert note.index == slip and note.better is not None
    puzzle = note.puzzle()
    tries = page.locator("button.gupai-try-again")
    tries.first.wait_for(timeout=30_000)
    assert tries.count() == 1 and tries.inner_text() == f"Try it again: {note.when}"
    tries.click()
    card = page.locator(".gupai-card")
    card.wait_for(timeout=30_000)
    assert puzzle.title in card.inner_text()
    feedback = card.locator(".gupai-card-feedback")
    pool = list(puzzle.pool or ())

    def answer(move: Any) -> str:
        """Pick the move's tile and end on the card, Check, and return the feedback."""
        pressed = ".gupai-card .gupai-card-tile[aria-pressed='true']"
        while held := page.locator(pressed).count():  # the form keeps the last pick: clear it
            page.locator(pressed).first.click()
            page.wait_for_function(
                "([sel, n]) => document.querySelectorAll(sel).length < n", arg=[pressed, held]
            )
        card.locator(".gupai-card-tile").nth(pool.index(move.pieces[0])).click()
        card.locator(f"input[type='radio'][value='{move.end}']").check()
        before = feedback.inner_text()
        card.locator("button.gupai-card-check").click()
        page.wait_for_function(
            "([el, before]) => el.innerText !== before && el.innerText.trim() !== ''",
            arg=[feedback.element_handle(), before],
            timeout=30_000,
        )
        return str(feedback.inner_text())

    assert "incorrect" in answer(note.played)  # the slip again: refuted
    said = answer(note.better)
    assert "correct" in said and "incorrect" not in said and "★★☆" in said
    for path in lab.screenshot_path("slip-review.png"):
        page.locator(".gupai-review").first.scroll_into_view_if_needed()
        page.screenshot(path=str(path))
    for path in lab.screenshot_path("slip-tried-again.png"):
        card.screenshot(path=str(path))
    # kept when it was opened, solved with its stars: in the progress file of the lab's kernels
    monkeypatch.setenv(progress.ENV, str(lab.root.parent / "progress.json"))
    assert progress.load()[puzzle.id].stars == 2
    assert progress.kept()[puzzle.id] == note.entry()


# ----- a review shows how far it has come ------------------------------------------------------
#: every value the coach line takes, kept by the page as it draws them (a Bull Fight review is
#: quick: the bar may be drawn and replaced between two looks)
WATCH_COACH = """() => {
    window.gupaiCoach = [];
    const watch = new MutationObserver(() => {
        for (const bar of document.querySelectorAll('.gupai-looking-back'))
            window.gupaiCoach.push(bar.innerHTML);
    });
    watch.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def test_a_review_shows_its_progress_while_it_works(page: Any, lab: Lab) -> None:
    """While the kernel works, the coach line shows the bar and how many decisions are done,
    each step drawn as it comes; then the review replaces it."""
    _notebook(lab, "progress-review.ipynb", SOURCE)
    open_and_run(page, lab, "progress-review.ipynb")
    button = page.locator("button", has_text="Review")
    button.first.wait_for(timeout=30_000)
    page.evaluate(WATCH_COACH)
    button.first.click()
    page.locator(".gupai-review").first.wait_for(timeout=60_000)
    deal, seat, _ = scripted("ding_niu")
    count = len(review(deal, seat))
    drawn = list(dict.fromkeys(page.evaluate("window.gupaiCoach")))
    assert len(drawn) == count + 1 and all("<progress" in bar for bar in drawn)
    steps = zip(drawn, range(count + 1), strict=True)
    assert all(f"{done} of {count} done" in bar for bar, done in steps), drawn
    assert drawn[0].startswith(f"Looking back at your {count} decisions, from the last: 0 of")
    assert page.locator(".gupai-looking-back").count() == 0
