"""Drawing a line game's layout (design.md §5): the line as it grows, and a line deal.

The line is drawn in rows read like text, so the drawing is never wider than a notebook
column (``viewBox`` + ``max-width:100%``): the left end is always the first tile of the top row,
the right end always the last tile of the bottom row. A row holds as many tiles as fit in the
width of ``per_row`` tiles lying along it (a double lying across takes less room); every full
row is spread to the same width, and a dashed path with an arrow leads from the end of each row
to the start of the next, so the turn is never in doubt. Each tile lies with its ``left``
number on the left, so touching numbers face each other; doubles lie inline (Ding Niu) or
across (Bergen), as the layout says. Each end gets a marker with its number and the words
"left end" / "right end" (× when a one-armed line's end is closed).

A game with a boneyard (Bergen) also gets the pile: backs with a count, the reserved tiles —
which are never drawn — apart and marked (:func:`boneyard_svg`). Tiles are drawn in the game's
own style (``GameInfo.piece_style``: Western for Bergen, even for a tile with no blank).

Pure functions, deterministic text, no rules: the layout says where each tile lies.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from gupai_learn.engine.layout import Layout, Placed
from gupai_learn.engine.protocols import LineDealView, PlayedDeal, capable, game_of
from gupai_learn.render._svg import (
    group,
    num,
    svg_open,
    svg_root,
    tag,
    text,
    text_width,
    title,
)
from gupai_learn.render.pieces import (
    MARK_HEIGHT,
    Orientation,
    PieceOptions,
    Style,
    draw_piece,
)
from gupai_learn.render.tiles import resolve_style, tile_size
from gupai_learn.render.views import Group, group_svg
from gupai_learn.tiles import Tile
from gupai_learn.verdict import SetupError

#: Tiles per row of the snake before it turns.
PER_ROW = 6
_GAP = 2.0
_MARK = 46.0
_ROW_GAP = 22.0
_OPEN = "#1f6feb"
_CLOSED = "#8c959f"
_TURN = "#8c959f"
_SLIP = "#cf222e"
#: Any tile: a back looks the same for all.
_ANY_TILE = Tile(6, 6)


def _tile(placed: Placed, style: Style) -> Drawn:
    """One placed tile drawn along its row: (body, width, height, spoken, key). Its ``left``
    number is drawn on the left, so touching numbers face each other. The ``key`` names the
    body: equal keys, equal bodies (a view sends each body once, then only its key)."""
    orientation: Orientation = "vertical" if placed.across else "horizontal"
    drawing = draw_piece(placed.tile, PieceOptions(style=style, orientation=orientation))
    w, h = drawing.width, drawing.height
    body = drawing.body
    turned = placed.left != placed.tile.high and not placed.tile.is_double
    if turned:
        body = tag("g", body, transform=f"rotate(180 {num(w / 2)} {num(h / 2)})")
    spoken = f"{placed.left}-{placed.right}"
    tile = placed.tile
    key = f"{tile.high}{tile.low}{style[0]}{orientation[0]}{'r' * turned}"
    return body, w, h, spoken, key


Drawn = tuple[str, float, float, str, str]


@dataclass(frozen=True)
class LineParts:
    """The line as :func:`layout_svg` draws it, in parts a view can send piecemeal: the
    ``<svg>`` opening (size, label, title), then in painting order either SVG text (caption,
    turns, end markers) or a placed tile as ``(opening <g> tag, key)``; ``bodies`` maps each
    key to the tile's drawing. :meth:`svg` joins them into the very text of
    :func:`layout_svg`."""

    head: str
    parts: tuple[str | tuple[str, str], ...]
    bodies: dict[str, str]

    def svg(self) -> str:
        """The whole drawing as one ``<svg>``."""
        return self.head + "".join(self._texts()) + "</svg>"

    def _texts(self) -> Iterator[str]:
        for part in self.parts:
            if isinstance(part, str):
                yield part
            else:
                yield part[0] + self.bodies[part[1]] + "</g>"


def _rows(drawn: list[Drawn], room: float) -> list[list[Drawn]]:
    """The drawn tiles cut into rows no wider than ``room`` (at least one tile a row)."""
    rows: list[list[Drawn]] = [[]]
    used = 0.0
    for d in drawn:
        if rows[-1] and used + _GAP + d[1] > room:
            rows.append([])
            used = 0.0
        used += (_GAP if rows[-1] else 0.0) + d[1]
        rows[-1].append(d)
    return rows


def _gaps(rows: list[list[Drawn]], inner: float) -> list[float]:
    """The gap between the tiles of each row: every row but the last is spread to ``inner``
    (like justified text, so the line visibly runs on to the next row), the last keeps the
    plain gap, so the right end sits right after its last tile."""
    gaps = []
    for r, row in enumerate(rows):
        spare = inner - sum(d[1] for d in row)
        full = r < len(rows) - 1 and len(row) > 1
        gaps.append(round(spare / (len(row) - 1), 3) if full else _GAP)
    return gaps


def _marker(end: str, number: int | None, is_open: bool, x: float, y: float) -> str:
    """An end of the line: a circle with its number (× when closed) over the words
    "left end" / "right end", centred at ``x`` on the row's middle ``y``."""
    colour = _OPEN if is_open else _CLOSED
    shown = str(number) if is_open else "×"
    cy = y - 7.0
    circle = tag("circle", cx=x, cy=cy, r=11.0, fill="#ffffff", stroke=colour, stroke_width=2.0)
    label = text(shown, x, cy + 4.5, size=13, weight="bold", fill=colour)
    word = text(f"{end} end", x, y + 17.0, size=10, weight="bold", fill=colour)
    return group(
        circle + label + word, class_="gupai-line-end" + (" gupai-open" if is_open else "")
    )


def _turn(x_right: float, y_from: float, y_gap: float, y_to: float) -> str:
    """The line running on from the end of one row to the start of the next: a thin path from
    the row's right edge down into the gap, back to the left margin, and down into the next
    row, with an arrow head pointing at the next row's first tile."""
    left = _MARK / 2
    path = (
        f"M{num(x_right)},{num(y_from)} h{num(_MARK / 2 - 4)} V{num(y_gap)} "
        f"H{num(left)} V{num(y_to)} H{num(_MARK - 4)}"
    )
    line = tag("path", d=path, fill="none", stroke=_TURN, stroke_width=1.5, stroke_dasharray="5 3")
    tip = _MARK - 3
    head = tag(
        "path",
        d=f"M{num(tip)},{num(y_to)} l-7,-4.5 v9 z",
        fill=_TURN,
    )
    return group(line + head, class_="gupai-line-turn")


def layout_svg(
    layout: Layout,
    *,
    style: Style | None = None,
    per_row: int = PER_ROW,
    scale: float = 1.0,
    caption: str = "",
    marked: int | None = None,
    mark_title: str = "slip",
) -> str:
    """The line in rows read like text, left end first, open ends marked with their numbers
    and named; a dashed path with an arrow shows where each row runs on to the next. The tile
    at index ``marked`` of ``layout.placed`` (if any) is outlined in red as a slip, with
    ``mark_title`` as its title."""
    return line_parts(
        layout,
        style=style,
        per_row=per_row,
        scale=scale,
        caption=caption,
        marked=marked,
        mark_title=mark_title,
    ).svg()


def line_parts(
    layout: Layout,
    *,
    style: Style | None = None,
    per_row: int = PER_ROW,
    scale: float = 1.0,
    caption: str = "",
    marked: int | None = None,
    mark_title: str = "slip",
) -> LineParts:
    """:func:`layout_svg`'s drawing in parts (:class:`LineParts`), for a view that sends only
    what changed: a move adds one tile's body at most, the rest is keys and positions."""
    if not layout.placed:
        body = text("(no tile on the line yet)", 110, 24, size=13, fill="#57606a")
        head = svg_open(220, 40, label="an empty line", scale=scale, class_="gupai-svg")
        return LineParts(head, (body,), {})
    chosen = resolve_style(layout.tiles, style)
    flat = [_tile(p, chosen) for p in layout.placed]
    room = max(1, per_row) * tile_size(chosen, "horizontal")[0] + _GAP * (max(1, per_row) - 1)
    drawn = _rows(flat, room)
    inner = max(sum(d[1] for d in row) + _GAP * (len(row) - 1) for row in drawn)
    gaps = _gaps(drawn, inner)
    width = inner + 2 * _MARK
    parts: list[str | tuple[str, str]] = []
    y = 22.0 if caption else 4.0
    if caption:
        parts.append(text(caption, 6, 15, size=12, anchor="start", fill="#57606a"))
    ends: dict[str, tuple[float, float]] = {}
    k = 0  # the index in layout.placed of the tile being drawn
    for r, row in enumerate(drawn):
        height = max(d[2] for d in row)
        mid = y + height / 2
        x = _MARK
        for _, w, h, _, key in row:
            top = y + (height - h) / 2
            parts.append((group("", x=x, y=top, class_="gupai-placed")[: -len("</g>")], key))
            if k == marked:
                parts.append(_slip_mark(x, top, w, h, mark_title))
            x += w + gaps[r]
            k += 1
        if r == 0:
            ends["left"] = (_MARK / 2, mid)
        if r == len(drawn) - 1:
            ends["right"] = (x - gaps[r] + _MARK / 2, mid)
        y += height + _ROW_GAP
        if r < len(drawn) - 1:
            parts.append(_turn(_MARK + inner, mid, y - _ROW_GAP / 2, y + _next_mid(drawn[r + 1])))
    for end, (ex, ey) in ends.items():
        is_open = end in layout.open
        parts.append(_marker(end, layout.number(end), is_open, ex, ey))  # type: ignore[arg-type]
    spoken = " ".join(d[3] for row in drawn for d in row)
    rows = f" in {len(drawn)} rows read left to right" if len(drawn) > 1 else ""
    label = f"the line, {len(layout)} tiles{rows}: {spoken}; {layout.describe_ends()}"
    if marked is not None and 0 <= marked < len(layout):
        label += f"; marked: {mark_title}"
    head = svg_open(
        width, y - _ROW_GAP + 4, label=label, scale=scale, class_="gupai-svg gupai-line"
    )
    return LineParts(head, tuple(parts), {d[4]: d[0] for d in flat})


def _slip_mark(x: float, y: float, w: float, h: float, said: str) -> str:
    """A red dashed outline round the tile at (``x``, ``y``), ``w`` by ``h``, with a red ✗
    badge on its corner and ``said`` as the title a pointer shows."""
    outline = tag(
        "rect",
        x=x - 3,
        y=y - 3,
        width=w + 6,
        height=h + 6,
        rx=5.0,
        fill="none",
        stroke=_SLIP,
        stroke_width=3.0,
        stroke_dasharray="5 3",
    )
    badge = tag("circle", cx=x + w, cy=y, r=8.0, fill=_SLIP)
    cross = text("\u2717", x + w, y + 4, size=11, weight="bold", fill="#ffffff")
    return tag("g", title(said) + outline + badge + cross, class_="gupai-slip-mark")


def _next_mid(row: list[Drawn]) -> float:
    """How far below a row's top its middle lies."""
    return max(d[2] for d in row) / 2


def deal_style(deal: PlayedDeal) -> Style | None:
    """The style a deal's tiles are drawn in: its game's ``piece_style`` (None: by the tile)."""
    info = game_of(deal)
    return info.piece_style if info is not None else None


#: Horizontal step between two backs of the boneyard's pile, and the pile's size.
_PILE_STEP = 7.0
_PILE_SCALE = 0.6
_RESERVED = "#9a6a00"


def boneyard_svg(
    count: int, reserved: int = 0, *, style: Style | None = "western", scale: float = 1.0
) -> str:
    """The boneyard, smaller than the tiles in play: ``count`` tiles face down, of which the
    last ``reserved`` are never drawn (Bergen's BE-RESERVE). The tiles that may be drawn lie in
    an overlapping pile; the reserved ones lie apart in a dashed frame marked "reserved"; a
    caption gives the numbers."""
    if type(count) is not int or type(reserved) is not int or count < 0 or reserved < 0:
        raise SetupError(f"count and reserved must be whole numbers, not {count!r}, {reserved!r}")
    return _boneyard(count, reserved, style, scale)


@lru_cache(maxsize=256)  # a boneyard changes only when a tile is drawn: each one drawn once
def _boneyard(count: int, reserved: int, style: Style | None, scale: float) -> str:
    kept = min(reserved, count)
    free = count - kept
    back = draw_piece(_ANY_TILE, PieceOptions(style=style or "western", face_down=True))
    w, h = back.width * _PILE_SCALE, back.height * _PILE_SCALE
    small = tag("g", back.body, transform=f"scale({_PILE_SCALE})")
    parts: list[str] = []
    top = 22.0 + (MARK_HEIGHT if kept else 0.0)
    x = 6.0
    for i in range(free):
        parts.append(group(small, x=x + i * _PILE_STEP, y=top, class_="gupai-pile-tile"))
    if free:
        x += (free - 1) * _PILE_STEP + w + 20.0
    if kept:
        span = kept * w + (kept - 1) * _GAP
        parts.append(_reserve_frame(x, top, span, h))
    for i in range(kept):
        parts.append(group(small, x=x + i * (w + _GAP), y=top, class_="gupai-reserved"))
    words = [f"{free} to draw"] + ([f"{kept} reserved, never drawn"] if kept else [])
    said = f"Boneyard: {count} tile{'s' * (count != 1)} ({', '.join(words)})"
    if not count:
        said = "Boneyard: empty"
    right = x + (kept * (w + _GAP) + 4.0 if kept else 0.0)
    width = max(right, text_width(said, 12) + 12.0) + 6.0
    parts.insert(0, text(said, 6, 14, size=12, anchor="start", fill="#57606a"))
    height = top + (h if count else 0.0) + 6.0
    return svg_root(
        "".join(parts), width, height, label=said, scale=scale, class_="gupai-svg gupai-boneyard"
    )


def _reserve_frame(x: float, top: float, span: float, height: float) -> str:
    """A dashed frame round the reserved tiles with the word "reserved" on top."""
    frame = tag(
        "rect",
        x=x - 4,
        y=top - MARK_HEIGHT,
        width=span + 8,
        height=height + MARK_HEIGHT + 4,
        rx=5.0,
        fill="none",
        stroke=_RESERVED,
        stroke_width=1.5,
        stroke_dasharray="4 3",
    )
    word = text("reserved", x + span / 2, top - 4, size=11, weight="bold", fill=_RESERVED)
    return group(frame + word, class_="gupai-reserve-frame")


def pile_of(deal: PlayedDeal) -> tuple[int, int] | None:
    """(tiles in the boneyard, how many of them are reserved) for a deal of a game with a
    boneyard (``GameInfo.has_boneyard``); None without."""
    found = capable(deal, "has_boneyard")
    if found is None:
        return None
    count = len(found.boneyard)
    return count, count - found.drawable


def table_line_svg(
    deal: LineDealView, *, caption: str = "", marked: int | None = None, mark_title: str = "slip"
) -> str:
    """The line of a deal in its game's style, with the boneyard under it if it has one (the
    tile at ``marked`` outlined as a slip, as in :func:`layout_svg`)."""
    style = deal_style(deal)
    drawn = layout_svg(
        deal.layout, style=style, caption=caption, marked=marked, mark_title=mark_title
    )
    pile = pile_of(deal)
    if pile is None:
        return drawn
    return _stack_svgs(
        [drawn, boneyard_svg(*pile, style=style)], f"the line and the boneyard: {pile[0]} tiles"
    )


def line_deal_svg(
    deal: LineDealView,
    *,
    seat: int | None = None,
    line: bool = True,
    tell_fish: bool = True,
    marked: int | None = None,
    mark_title: str = "slip",
) -> str:
    """A line deal: the line on top, with the boneyard under it if the game has one (both left
    out with ``line=False``, for a view that draws them itself), then every hand (face up, or
    only ``seat``'s with the others face down) with the tiles each seat has put face down.
    ``marked``: a tile of the line outlined as a slip (:func:`layout_svg`)."""
    groups = []
    blocking = capable(deal, "has_blocker")
    downs = blocking.down if blocking is not None else None
    for s, (name, hand) in enumerate(zip(deal.seat_names, deal.hands, strict=True)):
        hidden = seat is not None and s != seat
        note = ""
        if downs is not None and downs[s]:
            note = f"{len(downs[s])} face down" + ("" if hidden else f": {downs[s]}")
        acting = not deal.is_over and s == deal.turn
        groups.append(Group(name + " (to act)" * acting, hand, hidden, False, note))
    style = deal_style(deal)
    hands = group_svg(groups, layout="column", style=style)
    if not line:
        return hands
    caption = _caption(deal, tell_fish)
    drawn = table_line_svg(deal, caption=caption, marked=marked, mark_title=mark_title)
    return _stack_svgs([drawn, hands], f"a line deal: {deal.layout.describe_ends()}")


def _caption(deal: LineDealView, tell_fish: bool = True) -> str:
    """The line's caption: its ends, and (unless ``tell_fish`` is off, as in a puzzle that asks
    about it) the fish and its blocker."""
    blocking = capable(deal, "has_blocker") if tell_fish else None
    fish = blocking.fish if blocking is not None else None
    ends = deal.layout.describe_ends()
    if fish is not None:
        return f"The line ({ends}); fish: {fish.kind}, blocker {deal.name(fish.blocker)}"
    return f"The line ({ends})"


def _size(svg: str) -> tuple[float, float]:
    box = svg.split('viewBox="', 1)[1].split('"', 1)[0].split()
    return float(box[2]), float(box[3])


def _stack_svgs(svgs: list[str], label: str) -> str:
    """Several standalone SVGs one under the other, as one SVG (nested ``<svg>`` elements)."""
    sizes = [_size(s) for s in svgs]
    width = max(w for w, _ in sizes)
    y = 0.0
    parts = []
    for svg, (_, h) in zip(svgs, sizes, strict=True):
        inner = svg.replace("<svg", f'<svg x="0" y="{num(y)}"', 1)
        inner = inner.replace('style="max-width:100%;height:auto" ', "", 1)
        parts.append(inner)
        y += h + 8
    return svg_root("".join(parts), width, y - 8, label=label, class_="gupai-svg gupai-line-deal")


__all__ = [
    "PER_ROW",
    "LineParts",
    "boneyard_svg",
    "deal_style",
    "layout_svg",
    "line_deal_svg",
    "line_parts",
    "pile_of",
    "table_line_svg",
]
