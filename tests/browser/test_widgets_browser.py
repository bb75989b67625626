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
    shown, confirmed = [], []
    for _ in range(20):
        page.wait_for_timeout(150)  # type: ignore[attr-defined]  # let the last answer land
        first, round_trip = page.evaluate(TIME_A_CLICK, 2)  # type: ignore[attr-defined]
        shown.append(first)
        confirmed.append(round_trip)
    report = (
        f"click -> verdict painted: median {statistics.median(shown):.1f} ms; "
        f"click -> Python's redraw: median {statistics.median(confirmed):.1f} ms "
        f"({len(shown)} clicks, timed in the page)"
    )
    print(report)
    for folder in lab.shots:
        (folder / "click-to-verdict.txt").write_text(report + "\n")


#: Timed inside the page (no Playwright overhead): click piece i, then the time until the verdict
#: is painted (the next animation frame after it changes) and until Python's answer has redrawn
#: the hand (its buttons are replaced).
TIME_A_CLICK = """async (i) => {
  const button = document.querySelectorAll('.gupai-hand-tile')[i];
  const verdict = document.querySelector('.gupai-verdict');
  const before = verdict.innerHTML;
  const start = performance.now();
  button.click();
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  while (verdict.innerHTML === before) await frame();
  await frame();
  const painted = performance.now() - start;
  while (document.querySelectorAll('.gupai-hand-tile')[i] === button) await frame();
  return [painted, performance.now() - start];
}"""


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


def _expected_labels(moves: int) -> list[list[str]]:
    """East's hand as a screen reader should name it after each of East's first ``moves`` leads
    in DealPlayer(seed=3), replayed here in Python (the computer players are seeded)."""
    from gupai_learn.render.pieces import piece_view
    from gupai_learn.widgets import DealPlayer

    player, labels = DealPlayer(seed=3), []
    for _ in range(moves):
        player.picker.selected = [0]
        player.picker.command = player.picker.buttons[0]  # "Play": a lone tile may always lead
        labels.append([piece_view(t)[1] for t in player.picker.hand])
    return labels


def _labels(page: object) -> list[str]:
    tiles = page.locator(".gupai-hand-tile")  # type: ignore[attr-defined]
    return [tiles.nth(i).get_attribute("aria-label") for i in range(tiles.count())]


def test_keyboard_play_and_aria_labels_follow_the_hand(page: object, lab: Lab) -> None:
    """Lead three tricks with the keyboard only; after each, every tile's aria-label names the
    tile the hand really holds (labels and pictures arrive together)."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(PLAYER)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(nb, lab.root / "keys.ipynb")
    open_and_run(page, lab, "keys.ipynb")
    page.locator(".gupai-hand-tile").first.wait_for(timeout=30_000)  # type: ignore[attr-defined]
    expected = _expected_labels(3)
    for n, labels in enumerate(expected, start=1):
        first = page.locator(".gupai-hand-tile").first  # type: ignore[attr-defined]
        first.focus()
        page.keyboard.press("Space")  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            "() => document.querySelector('.gupai-hand-tile').getAttribute('aria-pressed')"
            " === 'true'"
        )
        page.locator("button.gupai-action", has_text="Play").focus()  # type: ignore[attr-defined]
        page.keyboard.press("Enter")  # type: ignore[attr-defined]
        page.wait_for_function(  # type: ignore[attr-defined]
            f"() => document.querySelectorAll('.gupai-hand-tile').length === {8 - n}"
        )
        assert _labels(page) == labels
