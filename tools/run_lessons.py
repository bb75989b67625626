"""Execute lesson notebooks in place and store them clean and deterministic.

    python tools/run_lessons.py                 # every lesson
    python tools/run_lessons.py 01.01-The-Chinese-Domino-Set.ipynb
    python tools/run_lessons.py --times [names]   # measure Run All only: nothing is written

Each notebook runs top to bottom in a fresh python3 kernel with ``lessons/`` as working
directory (cells tagged ``raises-exception`` may raise). ``--times`` prints each lesson's
Run All seconds (wall clock, kernel start-up excluded, as a learner's Run All in an open
lesson) and the kernel's processor seconds (steadier on a shared machine), its slowest cell
and the cells over 2 processor seconds (where a progress line should say what they do), and
writes nothing.

Afterwards the widget state that execution stores in ``metadata.widgets`` is removed, so the
file holds outputs but no model state, and running the tool twice leaves no difference. Without
its model a stored widget view could only say "model not found", so a widget output keeps its
static picture (``text/html``: the question, or the table, and "Run this cell …") instead of
the view.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LESSONS = Path(__file__).resolve().parent.parent / "lessons"


#: what JupyterLab writes into a notebook when the course's kernel starts: stored as is, a
#: lesson opens without "unsaved changes" (JupyterLab marks the notebook changed when the
#: kernel's name or language differ from the stored ones, the Python version included)
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def language_info() -> dict[str, object]:
    """The ``language_info`` ipykernel reports for the Python running this script (the lessons'
    kernel: the same virtual environment)."""
    return {
        "codemirror_mode": {"name": "ipython", "version": 3},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3",
        "version": "{}.{}.{}".format(*sys.version_info[:3]),
    }


def clean(nb: nbformat.NotebookNode, name: str = "") -> None:
    """Drop widget state, volatile metadata and traceback frames; give widget views stable ids
    (their state is not stored, so the random ids of a run would only make diffs)."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    nb.metadata["language_info"] = language_info()
    for i, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)
        for k, output in enumerate(cell.get("outputs", [])):
            data = output.get("data", {})
            if WIDGET_VIEW in data and "text/html" in data:
                # the model is not stored, so a page opened later would say "model not found":
                # keep the widget's own static picture instead (running the cell brings it back)
                del data[WIDGET_VIEW]
            view = data.get(WIDGET_VIEW)
            if view:
                view["model_id"] = hashlib.sha1(f"{name}:{i}:{k}".encode()).hexdigest()[:32]
            if output.get("output_type") == "error":
                # the message is what a learner needs; frames would hold this machine's paths
                output["traceback"] = [f"{output['ename']}: {output['evalue']}"]


def run(path: Path) -> None:
    """Execute ``path`` in place."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(LESSONS)}}
    )
    client.execute()
    clean(nb, path.name)
    nbformat.write(nb, path)
    print(f"executed {path.name}")


#: run in the kernel before and after the lesson's cells: its processor seconds so far
_CPU = "import time as _gupai_t; print(_gupai_t.process_time())"


def _kernel_cpu(client: NotebookClient) -> float:
    """The kernel's processor seconds so far (a throwaway cell, not stored anywhere)."""
    cell = nbformat.v4.new_code_cell(_CPU)
    client.execute_cell(cell, 0)
    return float(cell.outputs[0]["text"])


def timed(path: Path) -> tuple[float, float, list[tuple[int, float, float]]]:
    """Run All of ``path`` in a fresh kernel, writing nothing: the wall seconds of its cells,
    the kernel's processor seconds, and per code cell (index, wall seconds, processor seconds)."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(LESSONS)}}
    )
    cells: list[tuple[int, float, float]] = []
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            cpu = _kernel_cpu(client)
            began = time.perf_counter()
            client.execute_cell(cell, index)
            wall = time.perf_counter() - began
            cells.append((index, wall, _kernel_cpu(client) - cpu))
    return sum(c[1] for c in cells), sum(c[2] for c in cells), cells


#: A cell that keeps the learner waiting longer than this (processor seconds) is listed.
LONG = 2.0


def report_times(paths: list[Path]) -> None:
    """Print each lesson's Run All seconds (wall and kernel processor) with its slowest cell and
    the cells over :data:`LONG` processor seconds; then the lessons over 10 s."""
    rows = []
    for path in paths:
        wall, cpu, cells = timed(path)
        rows.append((wall, path.name))
        index, slow_wall, slow_cpu = max(cells, key=lambda c: c[2], default=(-1, 0.0, 0.0))
        long = ", ".join(f"{i} ({c:.1f} s)" for i, _, c in cells if c > LONG) or "none"
        print(
            f"{wall:6.1f} s wall {cpu:6.1f} s cpu  {path.name}  (slowest cell {index}: "
            f"{slow_wall:.1f} s wall, {slow_cpu:.1f} s cpu; cells over {LONG:.0f} s cpu: {long})",
            flush=True,
        )
    over = [f"{name} {wall:.1f} s" for wall, name in sorted(rows, reverse=True) if wall > 10]
    print(f"{len(over)} of {len(rows)} lessons over 10 s wall: {', '.join(over) or 'none'}")


def main(names: list[str]) -> None:
    """Run the named lessons, or all of them (``--times``: only measure them)."""
    measure = "--times" in names
    names = [n for n in names if n != "--times"]
    paths = (
        [LESSONS / n for n in names]
        if names
        else sorted(LESSONS.glob("[0-9][0-9].[0-9][0-9]-*.ipynb"))
    )
    # a learner's own progress must not reach the stored outputs: start from none
    with tempfile.TemporaryDirectory() as fresh:
        os.environ["GUPAI_PROGRESS"] = str(Path(fresh) / "progress.json")
        if measure:
            report_times(paths)
            return
        for path in paths:
            run(path)


if __name__ == "__main__":
    main(sys.argv[1:])
