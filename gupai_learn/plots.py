"""Bar charts with 95% intervals for simulation results (design.md §9).

A measured share or average is shown as a bar with its interval, never as a bare number:
:func:`proportion_bars` (Wilson score intervals, for "how often") and :func:`mean_bars`
(Student t intervals, for "how much on average"). Both return a :class:`Chart`, a matplotlib
``Figure`` drawn without pyplot (Agg), which a notebook shows as a PNG picture; ``svg(chart)``
gives its SVG text, byte for byte the same on every run.

    >>> from gupai_learn import plots
    >>> found = plots.proportions({"heuristic": [True, False, False, True]})
    >>> str(found[0])
    'heuristic: 50.0% (95% interval 15.0–85.0%, n=4)'
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev
from typing import Any

from gupai_learn._stats import load_stats, stats_missing

if stats_missing():  # an extra: load it (in the browser) or say in one line what is missing
    load_stats()
import matplotlib  # noqa: E402 - only once the statistics stack is known to be there
from matplotlib import ticker  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from gupai_learn.verdict import describe_input

__all__ = [
    "Chart",
    "Estimate",
    "mean_bars",
    "mean_interval",
    "means",
    "proportion_bars",
    "proportions",
    "svg",
    "t_quantile",
    "wilson",
]

LEVEL = 0.95
#: Fixed salt for the ids in SVG output (matplotlib draws random ones otherwise).
SVG_SALT = "gupai-learn"
#: The widest chart, in inches at 100 dpi (830 px: a lesson's output column is 848 px wide).
MAX_WIDTH = 8.3
BAR_COLOUR = "#8c2d19"
LINE_COLOUR = "#3b6e8f"


# ----- intervals -------------------------------------------------------------------------
def _z(level: float) -> float:
    _check_level(level)
    return NormalDist().inv_cdf(0.5 + level / 2)


def wilson(successes: int, n: int, level: float = LEVEL) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n`` (0 < level < 1)."""
    if type(n) is not int or n < 1 or type(successes) is not int or not 0 <= successes <= n:
        raise ValueError(
            f"successes={describe_input(successes)} of n={describe_input(n)}: "
            "give whole numbers, 0 <= k <= n"
        )
    z = _z(level)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return low, 1.0 if successes == n else min(1.0, centre + half)


def _t_cdf(x: float, df: int) -> float:
    """P(T <= x) for Student's t with ``df`` degrees of freedom, x >= 0 (Simpson's rule)."""
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    steps = 400
    h = x / steps
    total = 0.0
    for i in range(steps + 1):
        weight = 1 if i in (0, steps) else (4 if i % 2 else 2)
        t = i * h
        total += weight * math.exp(log_c - (df + 1) / 2 * math.log1p(t * t / df))
    return 0.5 + total * h / 3


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (0.5 <= p < 1) of Student's t with ``df`` degrees of freedom."""
    if type(df) is not int or df < 1 or not 0.5 <= p < 1:
        raise ValueError(
            f"p={describe_input(p)}, df={describe_input(df)}: give 0.5 <= p < 1 and a whole df >= 1"
        )
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < p:
        low, high = high, high * 2
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if _t_cdf(mid, df) < p else (low, mid)
    return (low + high) / 2


def mean_interval(values: Iterable[float], level: float = LEVEL) -> tuple[float, float, float]:
    """The mean of ``values`` and its Student t interval: (mean, low, high); 2 values at least."""
    data = [float(v) for v in values]
    if len(data) < 2:
        raise ValueError(f"an interval for a mean needs 2 values at least, not {len(data)}")
    _check_level(level)
    mean = fmean(data)
    half = t_quantile(0.5 + level / 2, len(data) - 1) * stdev(data) / math.sqrt(len(data))
    return mean, mean - half, mean + half


def _check_level(level: float) -> None:
    if not 0 < level < 1:
        raise ValueError(
            f"level={describe_input(level)}: give a confidence level between 0 and 1, like 0.95"
        )


@dataclass(frozen=True)
class Estimate:
    """A measured value with its interval: ``value`` in ``[low, high]`` from ``n`` samples."""

    label: str
    value: float
    low: float
    high: float
    n: int
    percent: bool = False
    level: float = LEVEL

    def __str__(self) -> str:
        f = _percent if self.percent else _number
        if self.low < 0:  # a dash before a negative number reads as a minus: say "to"
            span = f"{f(self.low)} to {f(self.high)}"
        else:
            span = f"{f(self.low, False)}–{f(self.high)}"
        return f"{self.label}: {f(self.value)} ({self.level:.0%} interval {span}, n={self.n})"


def _percent(x: float, unit: bool = True) -> str:
    return f"{100 * x:.1f}" + ("%" if unit else "")


def _number(x: float, unit: bool = True) -> str:
    return f"{x:.2f}"


def proportions(groups: Mapping[str, Iterable[Any]], level: float = LEVEL) -> list[Estimate]:
    """The share of true values in each group, with its Wilson interval."""
    found = []
    for label, values in _groups(groups):
        flags = [bool(v) for v in values]
        low, high = wilson(sum(flags), len(flags), level) if flags else (math.nan, math.nan)
        value = sum(flags) / len(flags) if flags else math.nan
        found.append(Estimate(label, value, low, high, len(flags), True, level))
    return found


def means(groups: Mapping[str, Iterable[float]], level: float = LEVEL) -> list[Estimate]:
    """The mean of each group, with its Student t interval."""
    found = []
    for label, values in _groups(groups):
        data = [float(v) for v in values]
        mean, low, high = mean_interval(data, level)
        found.append(Estimate(label, mean, low, high, len(data), False, level))
    return found


def _groups(groups: Mapping[str, Iterable[Any]]) -> list[tuple[str, Iterable[Any]]]:
    if not isinstance(groups, Mapping) or not groups:
        raise ValueError("give the groups as a dict: {label: values, ...}, one bar each")
    return [(str(label), values) for label, values in groups.items()]


# ----- charts ----------------------------------------------------------------------------
class Chart(Figure):
    """A matplotlib Figure that shows itself in a notebook as a PNG picture (whether or not
    pyplot is loaded) and whose ``repr`` is its title (stable text for stored lessons)."""

    title = ""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
        return buffer.getvalue()

    def __repr__(self) -> str:
        return f"<Chart: {self.title}>"


def proportion_bars(
    groups: Mapping[str, Iterable[Any]],
    title: str = "",
    ylabel: str = "share of deals",
    line: float | None = None,
    line_label: str = "",
    level: float = LEVEL,
) -> Chart:
    """One bar per group: the share of true values (``{"random": rows.early_death, ...}``),
    with its Wilson interval; ``line`` draws a claimed value across the chart."""
    return _bars(proportions(groups, level), title, ylabel, line, line_label, percent=True)


def mean_bars(
    groups: Mapping[str, Iterable[float]],
    title: str = "",
    ylabel: str = "average per deal",
    line: float | None = None,
    line_label: str = "",
    level: float = LEVEL,
) -> Chart:
    """One bar per group: the mean of its values, with its Student t interval."""
    return _bars(means(groups, level), title, ylabel, line, line_label, percent=False)


def _bars(
    found: Sequence[Estimate],
    title: str,
    ylabel: str,
    line: float | None,
    line_label: str,
    percent: bool,
) -> Chart:
    width = min(MAX_WIDTH, max(4.2, 1.6 + 1.3 * len(found)))  # inches at 100 dpi: ≤ 830 px
    chart = Chart(figsize=(width, 3.4), layout="constrained")
    chart.title = title or ylabel
    ax = chart.add_subplot()
    _draw_bars(ax, found, _percent if percent else _number)
    if line is not None:
        ax.axhline(line, color=LINE_COLOUR, linestyle="--", linewidth=1.2, label=line_label)
        if line_label:
            ax.legend(loc="upper left", frameon=False, fontsize=9)
    _frame(ax, found, line, percent)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=11)
    ax.set_xlabel(f"error bars: {found[0].level:.0%} intervals", fontsize=8, color="grey")
    return chart


def _draw_bars(ax: Any, found: Sequence[Estimate], text: Any) -> None:
    """The bars, their interval whiskers, the value above each and ``label / n=`` below."""
    xs = list(range(len(found)))
    values = [e.value for e in found]
    errors = [[e.value - e.low for e in found], [e.high - e.value for e in found]]
    ax.bar(xs, values, width=0.6, color=BAR_COLOUR, alpha=0.85)
    ax.errorbar(xs, values, yerr=errors, fmt="none", ecolor="black", capsize=6, linewidth=1.2)
    for x, e in zip(xs, found, strict=True):
        below = e.value < 0  # a negative bar: its value goes under the bar
        ax.annotate(
            text(e.value),
            (x, e.low if below else e.high),
            xytext=(0, -4 if below else 4),
            textcoords="offset points",
            ha="center",
            va="top" if below else "bottom",
            fontsize=9,
        )
    ax.set_xticks(xs, [f"{e.label}\nn={e.n:,}" for e in found])
    if len(found) > 5:  # a wide chart is capped in width: smaller labels keep them apart
        ax.tick_params(axis="x", labelsize=8)


def _frame(ax: Any, found: Sequence[Estimate], line: float | None, percent: bool) -> None:
    """Axis limits that hold every interval and the line, with room for the labels."""
    highs = [e.high for e in found if not math.isnan(e.high)]
    lows = [e.low for e in found if not math.isnan(e.low)]
    top = max([*highs, line or 0.0, 0.0])
    ax.set_ylim(min([0.0, *lows]) * 1.45, top * 1.25 or 1)
    if percent:  # ticks on round percents (2.5% would be shown rounded to 2%)
        ax.yaxis.set_major_locator(ticker.MaxNLocator(nbins=6, steps=[1, 2, 5, 10]))
        decimals = 1 if top * 1.25 < 0.06 else 0
        ax.yaxis.set_major_formatter(ticker.PercentFormatter(1.0, decimals=decimals))
    ax.spines[["top", "right"]].set_visible(False)


def svg(figure: Figure) -> str:
    """The SVG text of ``figure``, identical on every run (fixed ids, no date)."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": SVG_SALT, "svg.fonttype": "path"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    return buffer.getvalue()
