"""The widgets' front-end files. anywidget imports an ESM from a Blob URL, where relative
imports do not resolve, so code shared by several widgets (``pieces.js``: the piece buttons)
is bundled by hand: placed in front of each widget's own module here, once, at import."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"


def bundle(*names: str) -> str:
    """The files ``names`` from ``static/``, joined in order (shared code first)."""
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in names)
