"""How long a learner waits for Run All of each lesson (issue 36): each lesson runs top to
bottom in a fresh ``python3`` kernel and nothing is written.

Used by ``python -m gupai_learn.bench --lessons DIR`` and ``tools/run_lessons.py --times``.
Wall seconds count the cells only (the kernel's start-up is left out, as for a learner's Run
All in a lesson already open); the kernel's processor seconds are steadier on a shared machine.
Needs ``nbclient`` and ``nbformat`` (the ``test`` extra), imported only when a lesson is timed.
"""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nbclient import NotebookClient

#: A cell that keeps the learner waiting longer than this (processor seconds) is listed.
LONG = 2.0
#: A lesson whose Run All takes longer than this (wall seconds) is named at the end.
TARGET = 10.0
#: run in the kernel before and after the lesson's cells: its processor seconds so far
_CPU = "import time as _gupai_t; print(_gupai_t.process_time())"


def _kernel_cpu(client: NotebookClient) -> float:
    """The kernel's processor seconds so far (a throwaway cell, not stored anywhere)."""
    import nbformat

    cell = nbformat.v4.new_code_cell(_CPU)
    client.execute_cell(cell, 0)
    return float(cell.outputs[0]["text"])


def timed(path: Path) -> tuple[float, float, list[tuple[int, float, float]]]:
    """Run All of ``path`` in a fresh kernel (its folder as working directory), writing nothing:
    the wall seconds of its cells, the kernel's processor seconds, and per code cell (index,
    wall seconds, processor seconds)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(path.parent)}}
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


def _row(wall: float, cpu: float, cells: list[tuple[int, float, float]], name: str) -> str:
    """One lesson's line: its seconds, its slowest cell and the cells over :data:`LONG`."""
    index, slow_wall, slow_cpu = max(cells, key=lambda c: c[2], default=(-1, 0.0, 0.0))
    long = ", ".join(f"{i} ({c:.1f} s)" for i, _, c in cells if c > LONG) or "none"
    return (
        f"  {wall:6.1f} s wall {cpu:6.1f} s cpu  {name}  (slowest cell {index}: "
        f"{slow_wall:.1f} s wall, {slow_cpu:.1f} s cpu; cells over {LONG:.0f} s cpu: {long})"
    )


def report(paths: list[Path]) -> list[tuple[float, str]]:
    """Print each lesson's Run All seconds with its slowest cell, then the lessons over
    :data:`TARGET`; a learner's own progress file is never read or written (a fresh one is
    used). Returns (wall seconds, lesson name) per lesson."""
    rows: list[tuple[float, str]] = []
    before = os.environ.get("GUPAI_PROGRESS")
    with tempfile.TemporaryDirectory() as fresh:
        os.environ["GUPAI_PROGRESS"] = str(Path(fresh) / "progress.json")
        try:
            for path in paths:
                wall, cpu, cells = timed(path)
                rows.append((wall, path.name))
                print(_row(wall, cpu, cells, path.name), flush=True)
        finally:
            if before is None:
                os.environ.pop("GUPAI_PROGRESS", None)
            else:
                os.environ["GUPAI_PROGRESS"] = before
    over = [f"{name} {wall:.1f} s" for wall, name in sorted(rows, reverse=True) if wall > TARGET]
    named = ", ".join(over) or "none"
    print(f"  {len(over)} of {len(rows)} lessons over {TARGET:.0f} s wall: {named}")
    return rows


def lessons_in(folder: Path) -> list[Path]:
    """The lesson notebooks in ``folder`` (``NN.NN-Name.ipynb``), in course order."""
    return sorted(folder.glob("[0-9][0-9].[0-9][0-9]-*.ipynb"))
