"""How fast the browser site (``make lite``) starts and answers (issue 36): a benchmark that
prints its figures, run with ``-s``.

Two first visits (each a fresh browser profile, every request outside 127.0.0.1 aborted) open
lesson 01.01 and time the kernel ready (from the address typed to the kernel idle) and the
first card answering (its Check clicked: from the address typed to the reply drawn), reached
the two ways lesson 00.00 teaches:

- *Run All*: Run ▸ Run All Cells as soon as the kernel is ready. JupyterLab sends every cell
  at once and the kernel runs them in turn while the page draws, so the card's Check waits
  behind the whole lesson's cells. This is the one wait a learner who wants the widgets sees.
- *one cell at a time* (Shift+Enter on each cell above the card, with no pause to read):
  each cell's run waits for the one before and for the page to draw it, so the sum is a
  learner's reading steps put back to back, not a wait anyone sees in one go.

Then Check's round trip on that card, many times, timed in the page
(``tests/browser/clicks.py``). It also counts the wheels and megabytes the page loaded. The test
fails only when something never comes. ``GUPAI_SITE`` names another built site to measure (an
older build, to compare in the same session); by default ``_site/``, built when missing.
"""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.browser.clicks import round_trip, summary
from tests.browser.conftest import REPO, built_site

pytestmark = [pytest.mark.browser, pytest.mark.lite]

SITE = Path(os.environ.get("GUPAI_SITE", REPO / "_site"))
LESSON = "01.01-The-Chinese-Domino-Set.ipynb"
CLICKS = 15
KERNEL_IDLE = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const c = w && w.sessionContext;
    const k = c && c.session && c.session.kernel;
    return !!k && k.status === 'idle' && c.isReady;
}"""
#: Run ▸ Run All Cells (not awaited: the card is clicked while the cells below it still run)
RUN_ALL = "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
#: run the code cells above the first one that shows a card, and that one, one by one
RUN_TO_FIRST_CARD = """async () => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const last = nb.widgets.findIndex(c => c.model.type === 'code'
        && c.model.sharedModel.getSource().includes('PuzzleCard('));
    for (let i = 0; i <= last; i++) {
        if (nb.widgets[i].model.type !== 'code') continue;
        nb.activeCellIndex = i;
        await window.jupyterapp.commands.execute('notebook:run-cell');
    }
    return last;
}"""


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The site served on 127.0.0.1 (built first when ``_site/`` is missing); its address."""
    built_site(SITE)
    spec = importlib.util.spec_from_file_location("gupai_lite_serve", REPO / "tools/lite/serve.py")
    assert spec is not None and spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.start(SITE)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _wait(page: Any, test: str, what: str, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(test):
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(50)


@dataclass
class Visit:
    """One first visit: seconds after opening to the kernel ready and to the first card's reply,
    the timed Check clicks (ms), what the page loaded and what it asked for outside."""

    ready: float
    answered: float
    times: list[float]
    loaded: list[str]
    outside: list[str]

    def said(self, how: str) -> str:
        """The visit's printed row."""
        return (
            f"  {how}: kernel ready {self.ready:.1f} s; first card answered "
            f"{self.answered:.1f} s after opening"
        )


def _first_visit(site: str, browser: Any, run: str, clicks: int = 0) -> Visit:
    """Open lesson 01.01 in a fresh profile, wait for the kernel, ``run`` its cells (a script
    for the page), click the first card's Check; then ``clicks`` more Checks, once the kernel is
    idle again. The times (s after opening, ms per click) and what the page loaded."""
    loaded: list[str] = []
    outside: list[str] = []
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:

        def local_only(route: Any) -> None:
            url = route.request.url
            if url.startswith((site + "/", "data:", "blob:")):
                loaded.append(url[len(site) + 1 :].split("?")[0])
                route.continue_()
            else:
                outside.append(url)
                route.abort()

        context.route("**/*", local_only)
        page = context.new_page()
        start = time.monotonic()
        page.goto(f"{site}/lab/index.html?path={LESSON}", timeout=300_000)
        _wait(page, KERNEL_IDLE, "the kernel did not become ready")
        ready = time.monotonic() - start
        page.evaluate(run)
        card = page.locator(".jp-OutputArea-output .gupai-card").first
        card.wait_for(timeout=120_000)
        card.scroll_into_view_if_needed()
        card.locator("input[type='radio']").nth(1).check()
        check = card.locator("button.gupai-card-check")
        round_trip(check, card.locator(".gupai-card-buttons"), 120_000)
        answered = time.monotonic() - start
        times = []
        if clicks:
            _wait(page, KERNEL_IDLE, "the lesson's cells did not finish")
        for k in range(clicks):
            card.locator("input[type='radio']").nth(k % 2).check()
            check = card.locator("button.gupai-card-check")
            times.append(round_trip(check, card.locator(".gupai-card-buttons"), 120_000))
    finally:
        context.close()
    return Visit(ready, answered, times, loaded, outside)


def test_the_site_starts_and_answers(site: str, browser: Any) -> None:
    """In fresh profiles of the session's Chromium (one Playwright per process: a second one
    started beside it refuses to run)."""
    run_all = _first_visit(site, browser, RUN_ALL, CLICKS)
    one_by_one = _first_visit(site, browser, RUN_TO_FIRST_CARD)
    wheels = sorted({Path(u).name for u in run_all.loaded if u.endswith(".whl")})
    size = sum((SITE / u).stat().st_size for u in set(run_all.loaded) if (SITE / u).is_file())
    print(f"\nJupyterLite site {SITE.name}/, lesson {LESSON}, first visits:")
    print(run_all.said("Run All"))
    print(one_by_one.said("one cell at a time"))
    print(summary("card Check in the browser site", run_all.times))
    print(f"  {len(wheels)} wheels, {size / 1e6:.1f} MB loaded: {', '.join(wheels)}")
    assert run_all.outside == one_by_one.outside == [], run_all.outside[:5]
    assert len(run_all.times) == CLICKS
