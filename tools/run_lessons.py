"""Execute lesson notebooks in place and store them clean and deterministic.

    python tools/run_lessons.py                 # every lesson
    python tools/run_lessons.py 01.01-The-Chinese-Domino-Set.ipynb
    python tools/run_lessons.py --times [names]   # measure Run All only: nothing is written

Each notebook runs top to bottom in a fresh python3 kernel with ``lessons/`` as working
directory (cells tagged ``raises-exception`` may raise). ``--times`` prints each lesson's
Run All seconds and writes nothing (:mod:`gupai_learn.lesson_times`, which the benchmark's
``--lessons`` uses too).

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
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from gupai_learn import lesson_times

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


def main(names: list[str]) -> None:
    """Run the named lessons, or all of them (``--times``: only measure them)."""
    measure = "--times" in names
    names = [n for n in names if n != "--times"]
    paths = [LESSONS / n for n in names] if names else lesson_times.lessons_in(LESSONS)
    if measure:
        lesson_times.report(paths)
        return
    # a learner's own progress must not reach the stored outputs: start from none
    with tempfile.TemporaryDirectory() as fresh:
        os.environ["GUPAI_PROGRESS"] = str(Path(fresh) / "progress.json")
        for path in paths:
            run(path)


if __name__ == "__main__":
    main(sys.argv[1:])
