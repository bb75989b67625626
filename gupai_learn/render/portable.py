"""Outputs that show everywhere: before a notebook is trusted, in a viewer, with no kernel.

JupyterLab shows the outputs of an untrusted notebook (every notebook on its first open on a
new machine) only through its *safe* renderers: ``image/svg+xml`` is not one of them, so a
drawing falls back to its text (``<IPython.core.display.SVG object>``), and ``text/html`` is
sanitized, which removes inline ``<svg>`` elements but keeps an ``<img>`` whose source is a
``data:`` URL. So a drawing is stored as HTML holding an image of itself (:func:`svg_img`), and
HTML with drawings inside has them turned into such images (:func:`portable_html`). The
browser shows exactly the same picture, trusted or not.

:func:`install` teaches IPython to display the package's drawings, and IPython's own ``SVG``
and ``HTML`` objects, this way, and, given a way to draw one, to give every widget a static
picture of itself next to its live view (:mod:`gupai_learn.display` gives the widgets' own). It
runs when :mod:`gupai_learn` is imported inside IPython.
"""

from __future__ import annotations

import base64
import html
import re
import sys
from collections.abc import Callable
from typing import Any

from gupai_learn.render._svg import MAX_WIDTH

_SVG_OPEN = re.compile(r"<svg\b", re.IGNORECASE)
_SVG_CLOSE = re.compile(r"</svg\s*>", re.IGNORECASE)
_ATTR = r'\s{name}="([^"]*)"'

#: Classes of the package that draw themselves as SVG (``_repr_svg_``), by module and name
#: (IPython looks them up only once such an object is displayed: nothing is imported here).
SVG_TYPES = (
    ("gupai_learn.tiles", "Tile"),
    ("gupai_learn.tiles", "Tiles"),
    ("gupai_learn.cards", "Card"),
    ("gupai_learn.cards", "Cards"),
    ("gupai_learn.engine.reference", "Reference"),
    ("gupai_learn.engine.deal", "BaseDeal"),
    ("gupai_learn.engine.layout", "Layout"),
    ("gupai_learn.engine.line", "LineDeal"),
    ("gupai_learn.render.pieces", "Picture"),
    ("IPython.core.display", "SVG"),
)
#: Classes that draw themselves as HTML, which may hold drawings.
HTML_TYPES = (
    ("IPython.core.display", "HTML"),
    ("gupai_learn.engine.settlement", "Settlement"),
    ("gupai_learn.engine.match", "Match"),
    ("gupai_learn.puzzles.model", "Feedback"),
    ("gupai_learn.puzzles.model", "Puzzle"),
    ("gupai_learn.puzzles.star_map", "LessonMap"),
    ("gupai_learn.verdict", "Verdict"),
)


def _attr(svg_head: str, name: str) -> str | None:
    found = re.search(_ATTR.format(name=re.escape(name)), svg_head)
    return html.unescape(found.group(1)) if found else None


def svg_img(svg: str) -> str:
    """An ``<img>`` showing ``svg`` from a ``data:`` URL, at the drawing's size (never wider
    than the column: it scales down), with the drawing's label as its text alternative."""
    head = svg[: svg.find(">") + 1]
    label = _attr(head, "aria-label") or "a picture"
    width, height = _attr(head, "width"), _attr(head, "height")
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    size = "".join(
        f' {name}="{html.escape(value)}"'
        for name, value in (("width", width), ("height", height))
        if value
    )
    alt = html.escape(label)
    return (
        f'<img src="data:image/svg+xml;base64,{data}"{size} alt="{alt}" title="{alt}"'
        ' style="max-width:100%;height:auto" class="gupai-picture">'
    )


def portable_html(markup: str) -> str:
    """``markup`` with every outermost ``<svg>…</svg>`` replaced by :func:`svg_img` of it;
    anything else is left as it is."""
    out: list[str] = []
    at = 0
    while (start := _SVG_OPEN.search(markup, at)) is not None:
        end = _svg_end(markup, start.start())
        if end < 0:  # not closed: leave the rest alone
            break
        out += [markup[at : start.start()], svg_img(markup[start.start() : end])]
        at = end
    return "".join(out) + markup[at:]


def _svg_end(markup: str, start: int) -> int:
    """The index just after the ``</svg>`` closing the element opened at ``start`` (nested
    ``<svg>`` elements counted), or -1."""
    depth, at = 0, start
    while True:
        opening = _SVG_OPEN.search(markup, at)
        closing = _SVG_CLOSE.search(markup, at)
        if closing is None:
            return -1
        if opening is not None and opening.start() < closing.start():
            depth, at = depth + 1, opening.end()
            continue
        depth, at = depth - 1, closing.end()
        if depth == 0:
            return at


def _data(value: object) -> object:
    """A ``_repr_*_`` result without its metadata."""
    return value[0] if isinstance(value, tuple) else value


def _svg_as_html(obj: Any) -> str | None:
    svg = _data(obj._repr_svg_())
    return svg_img(svg) if isinstance(svg, str) and svg else None


def _svg_label(obj: Any) -> str | None:
    svg = _data(obj._repr_svg_())
    if not isinstance(svg, str):
        return None
    return f"(a picture: {_attr(svg[: svg.find('>') + 1], 'aria-label') or 'drawing'})"


def _html_portable(obj: Any) -> str | None:
    markup = _data(obj._repr_html_())
    return portable_html(markup) if isinstance(markup, str) else None


def install(shell: Any = None, widget_picture: Callable[[Any], str] | None = None) -> bool:
    """Register the display rules above with IPython (``shell``, default the running one),
    and ``widget_picture(widget) -> HTML`` for every widget when it is given. Returns False
    outside IPython. Registering twice changes nothing."""
    if shell is None:
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    rules: list[tuple[str, tuple[tuple[str, str], ...], Callable[[Any], Any]]] = [
        ("text/html", SVG_TYPES, _svg_as_html),
        ("image/svg+xml", SVG_TYPES, lambda _obj: None),  # the HTML image replaces it
        ("text/html", HTML_TYPES, _html_portable),
    ]
    for mime, types, printer in rules:
        for module, name in types:
            formatters[mime].for_type_by_name(module, name, printer)
    for module, name in (("IPython.core.display", "SVG"), ("gupai_learn.render.pieces", "Picture")):
        formatters["text/plain"].for_type_by_name(module, name, _plain_svg)
    # a wide table scrolls inside the column instead of running past it
    formatters["text/html"].for_type_by_name("pandas", "DataFrame", _frame_html)
    if widget_picture is not None:
        # any widget on the page (a lesson's own boxes too): its static picture, for when the
        # page is opened again without its kernel
        formatters["text/html"].for_type_by_name(
            "ipywidgets.widgets.domwidget", "DOMWidget", widget_picture
        )
    return True


def _frame_html(frame: Any) -> str | None:
    """A pandas table in a box no wider than the column, in a smaller type; wider tables
    scroll sideways inside it."""
    markup = frame._repr_html_()
    if not isinstance(markup, str):
        return None
    return f"{WIDE_TABLE_OPEN}{markup}</div>"


#: The box a table is put in so that it never runs past the column.
WIDE_TABLE_OPEN = (
    f'<div class="gupai-table-box" style="max-width:{MAX_WIDTH}px;overflow-x:auto;font-size:12px">'
)


def _plain_svg(obj: object, printer: Any, cycle: bool) -> None:
    """IPython's ``SVG`` object, or a :class:`~gupai_learn.render.Picture`, as text: what it
    shows (its label), not ``<IPython…SVG object>``."""
    printer.text(_svg_label(obj) or "(a picture)")
