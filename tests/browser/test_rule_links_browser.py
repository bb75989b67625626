"""Rule ids open their rules in a real browser: in a verdict of lesson 00.01 and in a puzzle
card's feedback, a click on the id shows the rule's text in place (no page change), the id
carries the rule's title as tooltip and spoken label, and the keyboard opens it too."""

from __future__ import annotations

import nbformat
import pytest

import gupai_learn as gl
from tests.browser.conftest import Lab, open_and_run
from tests.browser.test_chapter_browser import error_texts

pytestmark = pytest.mark.browser

LESSON = "00.01-Rule-Books-Glossary-and-Reference-Cards.ipynb"
CARD = (
    "from gupai_learn import puzzles\n"
    "from gupai_learn.widgets import PuzzleCard\n"
    "PuzzleCard(puzzles.bank('chinese_set')[0])"
)


def _opens(page: object, box: object, rule_id: str, key: str = "") -> None:
    """``box`` is a drawn rule id: its label names the rule; a click (or ``key`` on the focused
    id) shows the rule's text, and the page stays where it was."""
    rule = gl.rule(rule_id)
    summary = box.locator("summary")  # type: ignore[attr-defined]
    label = f"rule {rule_id}: {rule.title}"
    assert summary.get_attribute("title") == label
    assert summary.get_attribute("aria-label") == label
    text = box.locator(".gupai-rule-text")  # type: ignore[attr-defined]
    assert not text.is_visible()
    url = page.url  # type: ignore[attr-defined]
    if key:
        summary.focus()
        page.keyboard.press(key)  # type: ignore[attr-defined]
    else:
        summary.click()
    text.wait_for(state="visible", timeout=5_000)
    first_words = " ".join(rule.text.replace("`", "").split()[:5])
    assert first_words in " ".join(text.inner_text().split())
    assert page.url == url  # type: ignore[attr-defined]


def test_a_rule_id_in_a_verdict_opens_its_rule(page: object, lab: Lab) -> None:
    open_and_run(page, lab, LESSON)
    verdict = page.locator(".gupai-verdict").first  # type: ignore[attr-defined]
    verdict.wait_for(timeout=30_000)
    verdict.scroll_into_view_if_needed()
    _opens(page, verdict.locator(".gupai-rule-box").first, "TG-BEAT-STRICT")
    for path in lab.screenshot_path("rule-in-verdict.png"):
        verdict.screenshot(path=str(path))
    listed = page.locator(".gupai-rule-list .gupai-rule-box").nth(2)  # type: ignore[attr-defined]
    listed.scroll_into_view_if_needed()
    _opens(page, listed, gl.rules("bergen")[2].id, key="Enter")
    for path in lab.screenshot_path("rule-list.png"):
        page.locator(".gupai-rule-list").first.screenshot(path=str(path))  # type: ignore[attr-defined]
    assert error_texts(page) == []


def test_a_rule_id_in_a_cards_feedback_opens_its_rule(page: object, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CARD)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "rule-card.ipynb")
    open_and_run(page, lab, "rule-card.ipynb")
    card = page.locator(".gupai-card").first  # type: ignore[attr-defined]
    card.wait_for(timeout=30_000)
    card.locator("input[value='civil']").check()
    card.locator("button.gupai-card-check").click()
    box = card.locator(".gupai-card-feedback .gupai-rule-box").first
    box.wait_for(timeout=30_000)
    _opens(page, box, "TG-SET")
    for path in lab.screenshot_path("rule-in-feedback.png"):
        card.screenshot(path=str(path))
