"""What hands, tricks and tables draw: a *piece* is anything with a face and a back.

Tiles are pieces today; Decktet cards (Tet-Gow) will be too. The views (:mod:`.views`) never ask
what kind of piece they hold: they call :func:`draw_piece`, which dispatches on the type, and
place the :class:`Drawing` it returns. Adding cards means writing a ``cards.py`` beside
``tiles.py`` that registers ``draw_piece`` for ``Card``, plus a ``card_svg`` beside
``tile_svg``; no caller changes.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import singledispatch
from typing import Literal

from gupai_learn.render._svg import svg_root
from gupai_learn.verdict import describe_input

Style = Literal["chinese", "western"]
Orientation = Literal["vertical", "horizontal"]


@dataclass(frozen=True)
class PieceOptions:
    """How to draw one piece. ``style=None`` lets the piece choose (a tile with a blank is
    Western, any other tile Chinese). ``marks=False`` leaves out the mark the game writes on
    a piece (a Tet-Gow card's tier and set), for a question that asks for it."""

    style: Style | None = None
    face_down: bool = False
    selected: bool = False
    dim: bool = False
    orientation: Orientation = "vertical"
    marks: bool = True


@dataclass(frozen=True)
class Drawing:
    """A piece drawn at the origin: its SVG fragment, size, and a spoken description."""

    body: str
    width: float
    height: float
    label: str


@singledispatch
def draw_piece(piece: object, options: PieceOptions) -> Drawing:
    """Draw a piece (a :class:`~gupai_learn.tiles.Tile`, later also a card)."""
    raise TypeError(f"cannot draw {describe_input(piece)}: not a tile or card")


def piece_svg(drawing: Drawing, *, scale: float, tooltip: str | None, kind: str) -> str:
    """A standalone ``<svg>`` holding one drawn piece."""
    return svg_root(
        drawing.body,
        drawing.width,
        drawing.height,
        label=drawing.label,
        tooltip=tooltip,
        scale=scale,
        class_=f"gupai-svg gupai-{kind}-svg",
    )


def piece_view(
    piece: object,
    *,
    selected: bool = False,
    style: Style | None = None,
    mark: str = "",
    marks: bool = True,
) -> tuple[str, str]:
    """One piece for a widget's button: its standalone SVG and the words a screen reader says
    (computed together, so a picture and its label never disagree). A ``mark`` (a word such as
    Bagchen's "point") is drawn as a badge above the piece and said after its name;
    ``marks=False`` leaves out the game's own mark on the piece (a card's tier and set)."""
    drawing = draw_piece(piece, PieceOptions(style=style, selected=selected, marks=marks))
    if mark:
        drawing = marked(drawing, mark)
    kind = type(piece).__name__.lower()
    # the button's aria-pressed already says "selected"
    return piece_svg(drawing, scale=1.0, tooltip=None, kind=kind), drawing.label.removesuffix(
        ", selected"
    )


#: Height of a mark's badge above a piece.
MARK_HEIGHT = 16.0


def marked(drawing: Drawing, mark: str) -> Drawing:
    """``drawing`` with a small badge reading ``mark`` above it (the piece moves down)."""
    w = drawing.width
    word = html.escape(mark)
    badge = (
        f'<g class="gupai-mark"><rect x="{w * 0.08:.1f}" y="1" width="{w * 0.84:.1f}" '
        f'height="{MARK_HEIGHT - 3:.0f}" rx="4" fill="#9a6a00"/>'
        f'<text x="{w / 2:.1f}" y="{MARK_HEIGHT - 5:.0f}" font-size="10" font-family="sans-serif" '
        f'text-anchor="middle" fill="#ffffff">{word}</text></g>'
    )
    body = f'{badge}<g transform="translate(0,{MARK_HEIGHT:.0f})">{drawing.body}</g>'
    label = drawing.label.removesuffix(", selected")
    suffix = ", selected" if label != drawing.label else ""
    return Drawing(body, w, drawing.height + MARK_HEIGHT, f"{label}, {mark}{suffix}")


class Picture:
    """A finished drawing (an SVG document) that shows itself in a notebook; ``str()`` gives
    the SVG text."""

    __slots__ = ("svg",)

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<Picture, {len(self.svg)} characters of SVG>"
