"""A progress line for long work in a notebook: what is being done, and how far it has got.

A cell that plays hundreds of deals takes seconds; while it runs, one line under it says what
it is doing and how far it has got ("Bergen: 240 of 600 deals played"), updated in place a few
times a second. The line starts empty and is emptied again when the work is done: a stored
lesson keeps one empty output, the same on every run, and a checker that reads only a cell's
first display of it (nbval ignores the updates) reads the same empty line; no widget either (a
stored widget view would say "model not found" on a page opened without its kernel). Work done
within a quarter of a second never shows the line at all.
Outside a notebook the line is a ``tqdm`` bar on the terminal.
"""

from __future__ import annotations

import time
from typing import Protocol

#: Shortest time between two updates of the line (seconds).
EVERY = 0.25


def in_notebook() -> bool:
    """Whether this runs in a notebook's kernel (JupyterLab, Notebook, JupyterLite)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the notebook
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ != "TerminalInteractiveShell"


class Progress(Protocol):
    """What callers use of a progress display: ``update(n)`` after each step, ``close()`` at
    the end (:class:`ProgressLine` and a ``tqdm`` bar both have it)."""

    def update(self, n: int = 1) -> object: ...
    def close(self) -> None: ...


class ProgressLine:
    """One line in the cell's output saying ``what`` is done and how far (``total`` steps of
    ``unit``): ``update(n)`` after each step, ``close()`` at the end (which empties it). Has
    the part of tqdm's interface that callers use."""

    def __init__(self, total: int, what: str, unit: str = "deal") -> None:
        from IPython.display import display

        self.total, self.what, self.unit = total, what, unit
        self.done = 0
        self._shown_at = time.monotonic()  # the first update shows after EVERY seconds
        self._handle = display({"text/plain": ""}, raw=True, display_id=True)

    def _bundle(self) -> dict[str, str]:
        units = self.unit + "s" * (self.total != 1)
        said = f"{self.what}: {self.done:,} of {self.total:,} {units} played …"
        return {"text/plain": said}

    def update(self, n: int = 1) -> None:
        """Count ``n`` more steps done; the line is redrawn at most every :data:`EVERY` s."""
        self.done += n
        now = time.monotonic()
        if now - self._shown_at >= EVERY and self._handle is not None:
            self._shown_at = now
            self._handle.update(self._bundle(), raw=True)

    def close(self) -> None:
        """The work is done: the line is emptied (nothing of it stays in the output)."""
        if self._handle is not None:
            self._handle.update({"text/plain": ""}, raw=True)
            self._handle = None

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def progress_bar(total: int, what: str, unit: str = "deal", show: bool = True) -> Progress:
    """A :class:`ProgressLine` in a notebook, else a ``tqdm`` bar (none when ``show`` is
    false: a bar that shows nothing, with the same interface)."""
    if show and in_notebook():
        return ProgressLine(total, what, unit)
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=what, unit=unit, disable=not show, leave=False)
