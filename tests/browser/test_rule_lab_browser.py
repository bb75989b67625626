"""The rule lab in a real browser: lesson 07.07 runs in JupyterLab, a click on the lab's Run
button plays both variants and the chart appears inside the lab, with no error output."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Lab, open_and_run
from tests.browser.test_chapter_browser import error_texts

pytestmark = pytest.mark.browser


def test_the_rule_lab_runs_and_draws_its_chart(page: object, lab: Lab) -> None:
    open_and_run(page, lab, "07.07-Rule-Lab.ipynb")
    box = page.locator(".gupai-rule-lab").first  # type: ignore[attr-defined]
    box.wait_for(timeout=30_000)
    box.scroll_into_view_if_needed()
    chart = box.locator(".gupai-rule-lab-output img")
    assert chart.count() == 0  # nothing is drawn before Run
    box.locator("button.gupai-rule-lab-run").click()
    chart.first.wait_for(timeout=120_000)
    assert chart.first.get_attribute("src", timeout=5_000).startswith("data:image/png")  # type: ignore[union-attr]
    text = box.locator(".gupai-rule-lab-output").inner_text()
    assert "95% interval" in text and "n=200" in text
    for path in lab.screenshot_path("rule-lab.png"):
        box.screenshot(path=str(path))
    assert error_texts(page) == []
