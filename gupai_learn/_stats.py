"""Chapter 07's statistics stack (numpy, pandas, matplotlib, tqdm): load it, or say what is missing.

It is an extra (``pip install "gupai-learn[stats]"``), so the engine and chapters 00-06 work
without it. In the browser (JupyterLite, Pyodide) these packages are not carried by the site:
they load from Pyodide's full distribution, which needs the internet.
"""

from __future__ import annotations

import importlib.util
import sys

NEEDS = ("numpy", "pandas", "matplotlib", "tqdm")


class StatsMissing(ImportError):
    """Chapter 07's packages are not installed (or could not be loaded in the browser). A
    notebook shows it as its message alone, one line with no traceback (IPython asks an error
    for ``_render_traceback_``); plain Python prints the usual short traceback."""

    def _render_traceback_(self) -> list[str]:
        return [f"✗ {self}"]


def load_stats() -> None:
    """Make numpy, pandas, matplotlib and tqdm importable, or raise :class:`StatsMissing`, one
    line saying what is missing and how to get it (never chained to the failed import)."""
    if sys.platform == "emscripten" and _load_in_pyodide():
        return
    raise StatsMissing(missing_message()) from None


def stats_missing() -> bool:
    """Whether any package of the statistics stack cannot be imported yet."""
    return not all(map(_findable, NEEDS))


def _findable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a finder that refuses it, or a module set to None
        return False


def missing_message() -> str:
    """What chapter 07 needs and how to get it, here."""
    if sys.platform == "emscripten":
        return (
            "Chapter 07 needs numpy, pandas and matplotlib: in the browser they come from "
            "Pyodide's full distribution on the internet, which this page could not reach"
        )
    return "Chapter 07 needs numpy, pandas and matplotlib: pip install 'gupai-learn[stats]'"


def _load_in_pyodide() -> bool:  # pragma: no cover - runs only in Pyodide
    try:
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.ffi import run_sync  # type: ignore[import-not-found]

        run_sync(pyodide_js.loadPackage(list(NEEDS)))
    except Exception:  # no stack switching in this browser, or no network: say so
        return False
    importlib.invalidate_caches()
    return all(importlib.util.find_spec(name) is not None for name in NEEDS)
