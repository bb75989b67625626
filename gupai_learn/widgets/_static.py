"""A widget's picture for a page whose kernel is not running.

A notebook stores a widget's output as a reference to a model that lives in the kernel. Opened
again without running (a lesson on its first open, a viewer, a browser reload), that model is
gone and the front end would show "Error displaying widget: model not found". So every widget
of the package also gives, next to its live view, a ``text/html`` picture of itself: what it
shows, drawn inert, and one line saying to run the cell. ``tools/run_lessons.py`` stores only
that picture; once the cell runs, the live widget replaces it.

The picture is deterministic (no ids, no progress, no time) and made only of HTML a sanitizer
keeps: drawings become images (:func:`gupai_learn.render.portable.portable_html`), styles are
inline (the widgets' style sheets are not loaded on such a page).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from gupai_learn.render.portable import portable_html

#: What the note under a widget's picture says, by what the widget is for.
RUN_TO_ANSWER = "Run this cell to answer."
RUN_TO_PLAY = "Run this cell to play."
RUN_TO_USE = "Run this cell to use it."

_BOX = "border:1px solid #d8d0c0;border-radius:6px;padding:8px 12px;max-width:820px"
_BUTTON = (
    "display:inline-block;border:1px solid #bbb;border-radius:4px;padding:1px 8px;"
    "margin:2px 4px 2px 0;color:#555;background:#f4f4f4"
)
_NOTE = "color:#6a5f50;font-style:italic;margin:6px 0 0 0"


def esc(text: str) -> str:
    """Text made safe inside an element."""
    return html.escape(text, quote=False)


def inert_button(label: str) -> str:
    """A button drawn as a grey label (nothing to click before the cell runs)."""
    return f"<span style='{_BUTTON}'>{esc(label)}</span>"


def note(text: str) -> str:
    """The one line under a picture ("Run this cell to answer.")."""
    return f"<p style='{_NOTE}'>{esc(text)}</p>"


def framed(body: str, run_note: str) -> str:
    """``body`` in a frame with ``run_note`` under it, drawings turned into images."""
    return f"<div class='gupai-static' style='{_BOX}'>{portable_html(body)}{note(run_note)}</div>"


def picture_of(widget: object) -> str:
    """The inert HTML of ``widget``: its own :meth:`static_body` if it has one, else what an
    ipywidgets HTML, Label, Button or box shows; nothing for anything else."""
    own = widget.static_body() if isinstance(widget, StaticFallback) else None
    if own is not None:
        return own
    if isinstance(widget, ipywidgets.HTML):
        return str(widget.value)
    if isinstance(widget, ipywidgets.Label):
        return f"<p>{esc(str(widget.value))}</p>" if widget.value else ""
    if isinstance(widget, ipywidgets.Button):
        return inert_button(widget.description)
    if isinstance(widget, ipywidgets.HBox):
        return "<div>" + "".join(picture_of(c) for c in widget.children) + "</div>"
    if isinstance(widget, ipywidgets.Box):
        return "".join(picture_of(c) for c in widget.children)
    if isinstance(widget, ipywidgets.ValueWidget) and hasattr(widget, "description"):
        label = str(widget.description).rstrip(": ")  # "Computer:" is said once, not twice
        said = f"{label}: {widget.value}"  # a form control, as text
        return f"<span style='margin-right:1em'>{esc(said)}</span>"
    return ""


class StaticFallback:
    """Mixin for widgets: adds the inert ``text/html`` picture to the display data.

    A subclass sets ``RUN_NOTE`` and may define ``static_body()``; the default body is what its
    children show (:func:`picture_of`)."""

    RUN_NOTE = RUN_TO_USE

    def static_body(self) -> str | None:
        """The widget's own inert picture; None (the default): what it shows instead."""
        return None

    def static_html(self) -> str:
        """The picture shown where the live widget cannot be: deterministic HTML."""
        own = self.static_body()
        if own is not None:
            body = own
        elif isinstance(self, ipywidgets.HTML):
            body = str(self.value)
        else:
            body = _children(self)
        return framed(body, self.RUN_NOTE)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is None:  # a closed widget shows nothing
            return None
        data, meta = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = {**data, "text/html": self.static_html()}
        return (data, meta) if meta else data


def static_html(widget: object) -> str:
    """The static picture of any widget: its own (:class:`StaticFallback`), or what it shows
    (:func:`picture_of`) framed with "Run this cell to use it."."""
    if isinstance(widget, StaticFallback):
        return widget.static_html()
    return framed(picture_of(widget), RUN_TO_USE)


def _children(widget: object) -> str:
    children = widget.children if isinstance(widget, ipywidgets.Box) else ()
    return "".join(picture_of(c) for c in children)
