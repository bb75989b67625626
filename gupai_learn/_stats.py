"""Chapter 07's statistics stack (numpy, pandas, matplotlib, tqdm): load it, or say what is missing.

It is an extra (``pip install "gupai-learn[stats]"``), so the engine and chapters 00-06 work
without it. In the browser (JupyterLite, Pyodide) these packages are not carried by the site:
they load from Pyodide's full distribution, which needs the internet.
"""

from __future__ import annotations

import importlib.util
import sys

NEEDS = ("numpy", "pandas", "matplotlib", "tqdm")


def load_stats() -> None:
    """Make numpy, pandas, matplotlib and tqdm importable, or raise ImportError in one line."""
    if sys.platform == "emscripten" and _load_in_pyodide():
        return
    raise ImportError(missing_message())


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
