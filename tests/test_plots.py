"""plots: intervals against known values, charts drawn the same on every run (design.md §9)."""

from __future__ import annotations

import random

import pytest

from gupai_learn import plots


@pytest.mark.parametrize(
    ("p", "df", "expected"),
    [
        (0.975, 1, 12.7062),
        (0.975, 2, 4.3027),
        (0.975, 9, 2.2622),
        (0.975, 30, 2.0423),
        (0.995, 5, 4.0321),
        (0.95, 20, 1.7247),
    ],
)
def test_t_quantiles_match_the_tables(p: float, df: int, expected: float) -> None:
    assert plots.t_quantile(p, df) == pytest.approx(expected, abs=1e-4)


def test_wilson_interval_known_values_and_edges() -> None:
    low, high = plots.wilson(2, 4)
    assert (low, high) == pytest.approx((0.1500, 0.8500), abs=1e-4)
    assert plots.wilson(0, 10)[0] == 0.0 and plots.wilson(10, 10)[1] == 1.0
    low, high = plots.wilson(30, 100)  # textbook: 0.2189 to 0.3958
    assert (low, high) == pytest.approx((0.2189, 0.3958), abs=1e-4)
    assert plots.wilson(30, 100, level=0.99)[0] < low


def test_mean_interval_contains_the_mean_and_narrows_with_more_data() -> None:
    rng = random.Random(3)
    small = [rng.gauss(5, 2) for _ in range(20)]
    big = small + [rng.gauss(5, 2) for _ in range(500)]
    mean, low, high = plots.mean_interval(small)
    assert low < mean < high
    _, big_low, big_high = plots.mean_interval(big)
    assert big_high - big_low < high - low
    # two values 0 and 2: mean 1, sd sqrt(2), t(0.975, 1) = 12.706
    assert plots.mean_interval([0, 2])[2] == pytest.approx(1 + 12.7062, abs=1e-3)


def test_estimates_read_as_sentences() -> None:
    (share,) = plots.proportions({"heuristic": [1, 0, 0, 1]})
    assert str(share) == "heuristic: 50.0% (95% interval 15.0–85.0%, n=4)"
    (mean,) = plots.means({"banker": [1, 3]})
    assert str(mean).startswith("banker: 2.00 (95% interval")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plots.wilson(5, 4), "successes"),
        (lambda: plots.wilson(1, 0), "successes"),
        (lambda: plots.wilson(1, 2, level=95), "level"),
        (lambda: plots.mean_interval([1.0]), "2 values"),
        (lambda: plots.t_quantile(0.3, 4), "p=0.3"),
        (lambda: plots.proportion_bars({}), "dict"),
    ],
)
def test_bad_arguments_are_refused(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def chart() -> plots.Chart:
    return plots.proportion_bars(
        {"heuristic": [True, False, False] * 20, "random": [True, False] * 30},
        title="Early death",
        line=1 / 3,
        line_label="claimed: 1 in 3",
    )


def test_two_renderings_give_identical_svg_bytes() -> None:
    first, second = plots.svg(chart()), plots.svg(chart())
    assert first.encode() == second.encode()
    assert "<dc:date>" not in first
    assert first.startswith("<?xml")


def test_charts_show_as_png_with_a_stable_repr() -> None:
    drawn = chart()
    assert repr(drawn) == "<Chart: Early death>"
    assert drawn._repr_png_().startswith(b"\x89PNG")
    assert drawn._repr_png_() == chart()._repr_png_()


def test_bars_are_drawn_at_the_estimates_with_their_intervals() -> None:
    drawn = plots.mean_bars({"a": [1.0, 2.0, 3.0], "b": [-4.0, -2.0]}, title="means")
    ax = drawn.axes[0]
    heights = [bar.get_height() for bar in ax.patches]
    assert heights == pytest.approx([2.0, -3.0])
    low, _ = ax.get_ylim()
    assert low <= plots.mean_interval([-4.0, -2.0])[1]  # the whole interval is in view


def test_a_negative_interval_is_written_with_to_not_a_dash() -> None:
    """ "-2.53–-2.44" reads as a subtraction; a negative lower bound is written "… to …"."""
    loss = plots.Estimate("loser", -2.49, -2.53, -2.44, 3000)
    assert str(loss) == "loser: -2.49 (95% interval -2.53 to -2.44, n=3000)"


@pytest.mark.parametrize("bars", [1, 2, 6, 10])
def test_a_chart_fits_the_lesson_column(bars: int) -> None:
    """A chart's PNG is at most 830 px wide (the output column is 848 px), however many bars."""
    import struct

    groups = {f"group {i}": [True, False, i % 2 == 0] for i in range(bars)}
    png = plots.proportion_bars(groups, title="width")._repr_png_()
    width = struct.unpack(">I", png[16:20])[0]  # the IHDR chunk's width
    assert width <= 830


def test_chapter_07_without_its_packages_shows_one_line_in_a_notebook() -> None:
    """Without numpy, pandas and matplotlib (a core install, or JupyterLite offline), the first
    cell of a chapter-07 lesson shows one line saying what is missing: no traceback, nothing
    chained to the failed import (issue 33: 14-30 lines before)."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import sys, importlib.abc\n"
        "class Missing(importlib.abc.MetaPathFinder):  # as if they were not installed\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('matplotlib', 'pandas', 'numpy', 'tqdm'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Missing())\n"
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance(colors='nocolor')\n"
        "shell.run_cell('from gupai_learn import plots, sim, variants')\n"
        "try:\n"
        "    import gupai_learn.plots\n"
        "except ImportError as error:\n"
        "    print('cause:', error.__cause__, error.__suppress_context__)\n"
    )
    repo = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(repo))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
    shown = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert shown == [
        "✗ Chapter 07 needs numpy, pandas and matplotlib: pip install 'gupai-learn[stats]'",
        "cause: None True",
    ], shown
