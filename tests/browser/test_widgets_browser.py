"""The hand picker in a real browser: click tiles, read the verdict, time click → verdict."""

from __future__ import annotations

import statistics
import time

import nbformat
import pytest

from tests.browser.conftest import Lab, open_and_run

pytestmark = pytest.mark.browser

SOURCE = 'from gupai_learn.widgets import HandPicker\nHandPicker("[6:6] [6:3] [5:5] [4:2] [2:1]")'


def _write_notebook(lab: Lab, name: str) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / name)


def _verdict_after_click(page: object, index: int, previous: str) -> tuple[str, float]:
    tile = page.locator(".gupai-hand-tile").nth(index)  # type: ignore[attr-defined]
    verdict = page.locator(".gupai-verdict").first  # type: ignore[attr-defined]
    start = time.perf_counter()
    tile.click()
    deadline = start + 10
    while time.perf_counter() < deadline:
        text = verdict.inner_text()
        if text != previous:
            return text, time.perf_counter() - start
        page.wait_for_timeout(5)  # type: ignore[attr-defined]
    raise TimeoutError("the verdict did not change")


def test_hand_picker_gives_verdicts_in_the_browser(page: object, lab: Lab) -> None:
    _write_notebook(lab, "picker.ipynb")
    open_and_run(page, lab, "picker.ipynb")
    page.locator(".gupai-hand-tile").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]
    verdict = page.locator(".gupai-verdict").first  # type: ignore[attr-defined]
    assert "Select tiles" in verdict.inner_text()
    text, _ = _verdict_after_click(page, 0, verdict.inner_text())
    text, _ = _verdict_after_click(page, 1, text)
    assert "Legal" in text and "Heaven-nine" in text
    assert page.locator(".gupai-hand-tile").nth(1).get_attribute("aria-pressed") == "true"  # type: ignore[attr-defined]
    for path in lab.screenshot_path("hand-picker.png"):
        page.locator(".gupai-picker").first.screenshot(path=str(path))  # type: ignore[attr-defined]
    text, _ = _verdict_after_click(page, 2, text)
    assert "Not legal" in text and "TG-LEAD-CLASS" in text
    times = []
    for _ in range(20):
        text, seconds = _verdict_after_click(page, 2, text)
        times.append(seconds)
    median_ms = statistics.median(times) * 1000
    print(f"click -> verdict shown: median {median_ms:.0f} ms over {len(times)} clicks")
    for folder in lab.shots:
        (folder / "click-to-verdict.txt").write_text(f"{median_ms:.1f} ms median of {len(times)}\n")


CARD = (
    "from gupai_learn import puzzles\n"
    "from gupai_learn.widgets import PuzzleCard\n"
    "PuzzleCard(puzzles.bank('chinese_set')[0])"
)


def test_puzzle_card_feedback_in_the_browser(page: object, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CARD)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "card.ipynb")
    open_and_run(page, lab, "card.ipynb")
    card = page.locator(".gupai-card").first  # type: ignore[attr-defined]
    card.wait_for(timeout=30_000)
    feedback = card.locator(".gupai-card-feedback")
    card.locator("input[value='civil']").check()
    card.locator("button.gupai-card-check").click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('.gupai-card-feedback').innerText.includes('incorrect')"
    )
    assert "TG-SET" in feedback.inner_text()
    card.locator("input[value='military']").check()
    card.locator("button.gupai-card-check").click()
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('.gupai-card-feedback').innerText.includes('correct:')"
        " && !document.querySelector('.gupai-card-feedback').innerText.includes('incorrect')"
    )
    card.locator("button.gupai-card-hint").click()
    card.locator(".gupai-card-hints li").first.wait_for()
    for path in lab.screenshot_path("puzzle-card.png"):
        card.screenshot(path=str(path))


PLAYER = "from gupai_learn.widgets import DealPlayer\nDealPlayer(seed=3)"


def test_deal_player_plays_a_trick_in_the_browser(page: object, lab: Lab) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PLAYER)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / "player.ipynb")
    open_and_run(page, lab, "player.ipynb")
    first = page.locator(".gupai-hand-tile").first  # type: ignore[attr-defined]
    first.wait_for(timeout=30_000)
    first.click()  # East leads its first tile, a single: always a valid lead
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('.gupai-verdict').innerText.includes('Legal')"
    )
    page.locator("button.gupai-action", has_text="Play").click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "() => document.body.innerText.includes('1. East led')"
    )
    assert page.locator(".gupai-hand-tile").count() == 7  # type: ignore[attr-defined]
    for path in lab.screenshot_path("deal-player.png"):
        page.screenshot(path=str(path))  # type: ignore[attr-defined]
