"""The progress line of long work in a notebook (gupai_learn.working): shown while a simulation
runs, emptied when it is done, so a stored lesson keeps one empty output and no widget."""

from __future__ import annotations

import nbformat
from nbclient import NotebookClient

from gupai_learn import working

CELL = """\
from gupai_learn import sim
rows = sim.run("ding_niu", deals=60, seed=1)
len(rows)"""


def test_a_simulation_in_a_notebook_leaves_an_empty_line_and_its_result() -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    NotebookClient(nb, kernel_name="python3", timeout=120).execute()
    outputs = nb.cells[0].outputs
    shown = [o for o in outputs if o["output_type"] == "display_data"]
    assert [o["data"] for o in shown] == [{"text/plain": ""}], outputs
    assert not [o for o in outputs if o["output_type"] == "stream"], outputs  # no tqdm text
    assert outputs[-1]["data"]["text/plain"] == "60"


class Handle:
    """What IPython's display handle records."""

    def __init__(self) -> None:
        self.shown: list[str] = []

    def update(self, bundle: dict[str, str], raw: bool = False) -> None:
        self.shown.append(bundle["text/plain"])


def test_the_line_says_how_far_and_is_emptied_at_the_end() -> None:
    line = working.ProgressLine.__new__(working.ProgressLine)
    line.total, line.what, line.unit, line.done, line._shown_at = 3, "Bergen", "deal", 0, 0.0
    handle = Handle()
    line._handle = handle  # type: ignore[assignment]
    line.update(2)
    line.update(1)  # within EVERY seconds of the last: not redrawn
    line.close()
    line.close()  # twice: nothing more
    assert handle.shown == ["Bergen: 2 of 3 deals played …", ""]


def test_outside_a_notebook_the_bar_is_tqdm() -> None:
    bar = working.progress_bar(5, "Bergen", show=False)
    bar.update(5)
    bar.close()
    assert type(bar).__module__.startswith("tqdm")
    assert not working.in_notebook()
