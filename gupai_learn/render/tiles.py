"""Drawing one domino tile, Chinese or Western, face up or face down.

Chinese tiles (design.md §4, rules/tien_gow.md TG-RED) are tall ivory tiles, about 2.5 times as
long as wide, with black and red pips: every 1 and every 4 is red, and on [6:6] the left column
of three on each half is red. The pips follow the gupai conventions: a large single 1, the 2 as
a side-by-side pair at the far end of its half, the 3 on a diagonal (except on [3:3], "long
three", where the two threes make a pair, two pips on the centre line and a pair), 4 as a
square, 5 as a quincunx, 6 as two columns of three. The lower half mirrors the upper one.

Western tiles (rules/bergen.md BE-SET) are two squares long, ivory with black pips of one size,
a bar across the middle, die-face layouts, and empty blank halves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from gupai_learn.render._svg import group, num, tag
from gupai_learn.render.pieces import (
    Drawing,
    Orientation,
    PieceOptions,
    Style,
    draw_piece,
    piece_svg,
)
from gupai_learn.tiles import Tile, as_tile
from gupai_learn.verdict import SetupError, describe_input

Point = tuple[float, float]

#: Free space around the tile face inside its drawing (room for outline and shadow).
PAD = 3.0
_SHADOW = (1.5, 2.5)

_IVORY = "#fbf6e6"
_IVORY_EDGE = "#a89a78"
_IVORY_SIDE = "#d9caa0"
#: Western tiles have a white face and black pips.
_WHITE = "#ffffff"
_WHITE_EDGE = "#8c8c8c"
_WHITE_SIDE = "#d0d0d0"
_BLACK = "#1c1a17"
_RED = "#c8202a"
_BACK = "#2b6a5e"
_BACK_SIDE = "#1b453d"
_BACK_LINE = "#93cbb9"
_SELECTED = "#1f6feb"

_WORDS = ("blank", "one", "two", "three", "four", "five", "six")

# Pip centres inside one half, (across, along) with "along" measured from the tile's end.
# Six is listed row by row, left then right, matching Tile.red_mask (left column red on [6:6]).
_CHINESE_PIPS: dict[int, tuple[Point, ...]] = {
    1: ((22, 27.5),),
    2: ((13, 14), (31, 14)),
    3: ((12, 13), (22, 27.5), (32, 42)),
    4: ((13.5, 18), (30.5, 18), (13.5, 37), (30.5, 37)),
    5: ((12.5, 14), (31.5, 14), (22, 27.5), (12.5, 41), (31.5, 41)),
    6: ((13, 12.5), (31, 12.5), (13, 27.5), (31, 27.5), (13, 42.5), (31, 42.5)),
}
# [3:3] "long three": a pair at each end and two pips either side of the middle.
_LONG_THREE: tuple[Point, ...] = ((13, 14), (31, 14), (22, 45))

_WESTERN_PIPS: dict[int, tuple[Point, ...]] = {
    0: (),
    1: ((26, 26),),
    2: ((14, 14), (38, 38)),
    3: ((14, 14), (26, 26), (38, 38)),
    4: ((14, 14), (38, 14), (14, 38), (38, 38)),
    5: ((14, 14), (38, 14), (26, 26), (14, 38), (38, 38)),
    6: ((14, 14), (38, 14), (14, 26), (38, 26), (14, 38), (38, 38)),
}


@dataclass(frozen=True)
class _Shape:
    """Size and look of one tile style (vertical, in drawing units)."""

    width: float
    height: float
    corner: float
    pip: float
    big_one: float
    mirror_low: bool  # True: the low half mirrors the high one; False: turned half a circle
    divider: tuple[float, str, float]  # inset from the sides, colour, line width


_CHINESE = _Shape(44, 110, 6, 5.3, 8.6, True, (8, "#cbbd97", 1.0))
_WESTERN = _Shape(52, 104, 6, 4.6, 4.6, False, (5, "#7d7260", 1.6))


def describe_tile(tile: Tile, style: Style = "chinese") -> str:
    """Words for a tile, as read aloud: ``"[6:3] Nine 雜九, military"``; Western tiles by their
    numbers: ``"[6:0] six-blank"``."""
    if style == "western" or not tile.is_chinese:
        ends = (
            f"double {_WORDS[tile.high]}"
            if tile.is_double
            else (f"{_WORDS[tile.high]}-{_WORDS[tile.low]}")
        )
        return f"{tile} {ends}"
    return f"{tile} {tile.name} {tile.chinese_name}, {tile.suit}"


def resolve_style(tiles: Sequence[Tile], style: Style | str | None) -> Style:
    """The style to draw tiles in: the one asked for, else Chinese when every tile is. A tile
    with a blank end has no Chinese drawing, so it is always drawn Western."""
    if style is not None and style not in ("chinese", "western"):
        raise SetupError(f"style must be 'chinese', 'western' or None, not {describe_input(style)}")
    if style == "western" or not all(t.is_chinese for t in tiles):
        return "western"
    return "chinese"


def tile_size(style: Style, orientation: Orientation = "vertical") -> tuple[float, float]:
    """Width and height of a tile's drawing (face plus padding and shadow)."""
    shape = _CHINESE if style == "chinese" else _WESTERN
    w, h = shape.width + 2 * PAD + _SHADOW[0], shape.height + 2 * PAD + _SHADOW[1]
    return (w, h) if orientation == "vertical" else (h, w)


def tile_svg(
    tile: Tile | str,
    *,
    style: Style | None = None,
    face_down: bool = False,
    selected: bool = False,
    dim: bool = False,
    orientation: Orientation = "vertical",
    scale: float = 1.0,
    title: str | None = None,
) -> str:
    """One tile as a standalone SVG.

    ``style=None`` draws a Chinese tile when the tile belongs to the Chinese set (no blank),
    else a Western one. ``face_down`` draws the back; ``selected`` adds a blue outline;
    ``dim`` fades the tile. ``title`` replaces the tooltip (the spoken label stays).
    """
    found = as_tile(tile)
    options = PieceOptions(
        resolve_style([found], style), face_down, selected, dim, _check_orientation(orientation)
    )
    return piece_svg(draw_tile(found, options), scale=scale, tooltip=title, kind="tile")


def _check_orientation(orientation: str) -> Orientation:
    if orientation in ("vertical", "horizontal"):
        return cast(Orientation, orientation)
    raise SetupError(
        f"orientation must be 'vertical' or 'horizontal', not {describe_input(orientation)}"
    )


@draw_piece.register
def draw_tile(tile: Tile, options: PieceOptions) -> Drawing:
    """Draw a tile at the origin; see :func:`tile_svg` for the options. A drawing depends on
    nothing else, so each (tile, options) is drawn once and kept: a widget redrawing a hand or
    a line after a click only assembles drawings it has made before."""
    return _drawn_tile(tile, options)


@lru_cache(maxsize=4096)  # 28 tiles × styles × options: a few hundred in a whole course
def _drawn_tile(tile: Tile, options: PieceOptions) -> Drawing:
    style = resolve_style([tile], options.style)
    shape = _CHINESE if style == "chinese" else _WESTERN
    w, h = tile_size(style, options.orientation)
    face_w, face_h = w - 2 * PAD - _SHADOW[0], h - 2 * PAD - _SHADOW[1]
    if options.face_down:
        parts = [
            _frame(face_w, face_h, shape.corner, _BACK, _BACK_SIDE, _BACK_SIDE),
            _lattice(face_w, face_h),
        ]
        label, kind = "a face-down tile", "back"
    else:
        parts = [
            _frame(face_w, face_h, shape.corner, *_FACES[style]),
            _turned(_face(tile, shape, style), shape, options.orientation),
        ]
        label, kind = describe_tile(tile, style), style
    if options.selected:
        parts.append(_outline(face_w, face_h, shape.corner))
        label += ", selected"
    body = group(
        "".join(parts),
        x=PAD,
        y=PAD,
        class_=_classes(kind, options),
        opacity="0.4" if options.dim else None,
    )
    return Drawing(body, w, h, label)


#: Face, side and edge colours of a face-up tile, by style.
_FACES: dict[str, tuple[str, str, str]] = {
    "chinese": (_IVORY, _IVORY_SIDE, _IVORY_EDGE),
    "western": (_WHITE, _WHITE_SIDE, _WHITE_EDGE),
}


def _classes(kind: str, options: PieceOptions) -> str:
    names = ["gupai-tile", f"gupai-tile-{kind}"]
    names += ["gupai-selected"] if options.selected else []
    names += ["gupai-dim"] if options.dim else []
    return " ".join(names)


def _frame(w: float, h: float, corner: float, face: str, side: str, edge: str) -> str:
    """Shadow, the tile's thickness showing below its face, the face, and a bevel line."""
    dx, dy = _SHADOW
    return "".join(
        [
            tag(
                "rect",
                x=dx,
                y=dy,
                width=float(w),
                height=float(h),
                rx=corner,
                fill="#000",
                fill_opacity="0.22",
            ),
            tag("rect", y=2, width=float(w), height=float(h), rx=corner, fill=side),
            tag(
                "rect",
                width=float(w),
                height=float(h),
                rx=corner,
                fill=face,
                stroke=edge,
                stroke_width="0.8",
            ),
            tag(
                "rect",
                x=1.6,
                y=1.6,
                width=float(w - 3.2),
                height=float(h - 3.2),
                rx=corner - 1.5,
                fill="none",
                stroke="#fff",
                stroke_opacity="0.55",
                stroke_width="1",
            ),
        ]
    )


def _outline(w: float, h: float, corner: float) -> str:
    return tag(
        "rect",
        x=-2,
        y=-2,
        width=float(w + 4),
        height=float(h + 4),
        rx=corner + 2,
        fill="none",
        stroke=_SELECTED,
        stroke_width="3",
        class_="gupai-selection",
    )


def _turned(content: str, shape: _Shape, orientation: Orientation) -> str:
    """Face content is laid out upright; a horizontal tile turns it so the high end is left."""
    if orientation == "vertical":
        return content
    return tag("g", content, transform=f"translate(0,{num(shape.width)}) rotate(-90)")


def _face(tile: Tile, shape: _Shape, style: Style) -> str:
    """Divider and pips of an upright tile face, high end on top."""
    inset, colour, line_w = shape.divider
    mid = shape.height / 2
    parts = [
        tag(
            "line",
            x1=inset,
            y1=mid,
            x2=float(shape.width - inset),
            y2=mid,
            stroke=colour,
            stroke_width=float(line_w),
            class_="gupai-divider",
        )
    ]
    red_high, red_low = tile.red_mask() if style == "chinese" else ((), ())
    for n, red, low in ((tile.high, red_high, False), (tile.low, red_low, True)):
        for i, point in enumerate(_pip_points(tile, n, style)):
            x, y = _place(point, shape, low)
            is_red = bool(red) and red[i]
            parts.append(_pip(x, y, _radius(shape, n, style), is_red))
    return "".join(parts)


def _pip_points(tile: Tile, n: int, style: Style) -> tuple[Point, ...]:
    if style == "western":
        return _WESTERN_PIPS[n]
    if tile.high == tile.low == 3:
        return _LONG_THREE
    return _CHINESE_PIPS[n]


def _place(point: Point, shape: _Shape, low: bool) -> Point:
    """Move a point of a half's layout onto the tile: the high half on top as is, the low half
    mirrored (Chinese) or turned half a circle (Western)."""
    x, y = point
    if not low:
        return x, y
    return (x if shape.mirror_low else shape.width - x), shape.height - y


def _radius(shape: _Shape, n: int, style: Style) -> float:
    return shape.big_one if (n == 1 and style == "chinese") else shape.pip


def _pip(x: float, y: float, r: float, red: bool) -> str:
    colour, ring, kind = (_RED, "#8e1218", "red") if red else (_BLACK, "#000", "black")
    return tag(
        "circle",
        cx=float(x),
        cy=float(y),
        r=float(r),
        fill=colour,
        stroke=ring,
        stroke_width="0.6",
        class_=f"gupai-pip gupai-pip-{kind}",
    )


def _lattice(w: float, h: float) -> str:
    """The back: an inner frame and a lattice of diamonds, drawn as one path."""
    x0, y0, x1, y1 = 7.0, 7.0, w - 7.0, h - 7.0
    cols = max(1, round((x1 - x0) / 9))
    sx = (x1 - x0) / cols
    rows = max(1, round((y1 - y0) / sx))
    sy = (y1 - y0) / rows
    cells = []
    for r in range(rows):
        for c in range(cols):
            cx, cy = x0 + (c + 0.5) * sx, y0 + (r + 0.5) * sy
            cells.append(
                f"M{num(cx)} {num(cy - sy / 2)}L{num(cx + sx / 2)} {num(cy)}"
                f"L{num(cx)} {num(cy + sy / 2)}L{num(cx - sx / 2)} {num(cy)}Z"
            )
    frame = tag(
        "rect",
        x=4,
        y=4,
        width=float(w - 8),
        height=float(h - 8),
        rx=3,
        fill="none",
        stroke=_BACK_LINE,
        stroke_width="1.2",
    )
    return frame + tag(
        "path",
        d="".join(cells),
        fill="none",
        stroke=_BACK_LINE,
        stroke_width="0.8",
        stroke_opacity="0.8",
        class_="gupai-back-pattern",
    )
