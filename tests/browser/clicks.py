"""Timing a click in the page: from the click to the first change Python's reply makes.

The click and the clock are both in the page (``performance.now()``), so Playwright's own round
trips do not count. A ``MutationObserver`` on the part that only Python's reply changes (the
hand redrawn, the attempts counter, the table) stops the clock; what the page draws at once on
its own (a piece marked pressed, the verdict computed ahead) is not watched.
"""

from __future__ import annotations

import statistics
from typing import Any

#: click ``target``; resolve with the milliseconds until ``watch`` (or a node inside it) has
#: its children or text changed; reject after ``limit`` ms
ROUND_TRIP = """async ([target, watch, limit]) => new Promise((resolve, reject) => {
    const start = performance.now();
    const seen = new MutationObserver(() => {
        seen.disconnect();
        clearTimeout(timer);
        resolve(performance.now() - start);
    });
    const timer = setTimeout(() => { seen.disconnect(); reject(new Error("no reply")); }, limit);
    seen.observe(watch, { childList: true, subtree: true, characterData: true });
    target.click();
})"""


def round_trip(target: Any, watch: Any, limit_ms: int = 30_000) -> float:
    """Milliseconds from a click on ``target`` (a Playwright locator) to the first change in
    ``watch`` (a locator)."""
    page = target.page
    handles = [target.element_handle(), watch.element_handle(), limit_ms]
    return float(page.evaluate(ROUND_TRIP, handles))


def summary(name: str, times: list[float]) -> str:
    """One printed row: median and 90th percentile of ``times`` (ms), and how many."""
    ordered = sorted(times)
    p90 = statistics.quantiles(ordered, n=10)[8] if len(ordered) > 1 else ordered[0]
    median = statistics.median(ordered)
    return f"  {name}: click -> reply {median:.0f} ms median, {p90:.0f} ms p90 ({len(times)})"
