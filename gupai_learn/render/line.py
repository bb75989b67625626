"""Drawing a line game's layout (design.md §5): the line as it grows, and a line deal.

The line is drawn as a *snake*: the first row runs left to right, the next one right to left
under it, and so on, so neighbours on the table stay neighbours on the page and the drawing is
never wider than a notebook column (``viewBox`` + ``max-width:100%``). Each tile lies along the
line with its touching numbers facing each other; doubles lie inline (Ding Niu) or across
(Bergen), as the layout says. Each open end gets a marker with its number; a closed end of a
one-armed line is marked closed.

Pure functions, deterministic text, no rules: the layout says where each tile lies.
"""

from __future__ import annotations

from typing import Any

from gupai_learn.engine.line import Layout, Placed
from gupai_learn.render._svg import group, num, svg_root, tag, text
from gupai_learn.render.pieces import Orientation, PieceOptions, Style, draw_piece
from gupai_learn.render.views import Group, group_svg

#: Tiles per row of the snake before it turns.
PER_ROW = 6
_GAP = 2.0
_MARK = 30.0
_ROW_GAP = 14.0
_OPEN = "#1f6feb"
_CLOSED = "#8c959f"


def _tile(placed: Placed, style: Style | None, flip: bool) -> tuple[str, float, float, str]:
    """One placed tile drawn along the row: (body, width, height, spoken). ``flip`` turns it
    end for end (a tile lying right to left on the page, or with its low end on the left)."""
    orientation: Orientation = "vertical" if placed.across else "horizontal"
    drawing = draw_piece(placed.tile, PieceOptions(style=style, orientation=orientation))
    w, h = drawing.width, drawing.height
    high_left = placed.left == placed.tile.high
    body = drawing.body
    if high_left == flip and not placed.tile.is_double:
        body = tag("g", body, transform=f"rotate(180 {num(w / 2)} {num(h / 2)})")
    spoken = f"{placed.left}-{placed.right}"
    return body, w, h, spoken


def _rows(layout: Layout, per_row: int) -> list[list[Placed]]:
    placed = list(layout.placed)
    return [placed[i : i + per_row] for i in range(0, len(placed), per_row)]


def _marker(number: int | None, is_open: bool, x: float, y: float) -> str:
    colour = _OPEN if is_open else _CLOSED
    shown = str(number) if is_open else "×"
    circle = tag("circle", cx=x, cy=y, r=11.0, fill="#ffffff", stroke=colour, stroke_width=2.0)
    label = text(shown, x, y + 4.5, size=13, weight="bold", fill=colour)
    return group(circle + label, class_="gupai-line-end" + (" gupai-open" if is_open else ""))


def layout_svg(
    layout: Layout,
    *,
    style: Style | None = None,
    per_row: int = PER_ROW,
    scale: float = 1.0,
    caption: str = "",
) -> str:
    """The line as a snake of rows, open ends marked with their numbers."""
    if not layout.placed:
        body = text("(no tile on the line yet)", 110, 24, size=13, fill="#57606a")
        return svg_root(body, 220, 40, label="an empty line", scale=scale, class_="gupai-svg")
    rows = _rows(layout, max(1, per_row))
    drawn = [[_tile(p, style, flip=bool(r % 2)) for p in row] for r, row in enumerate(rows)]
    widths = [sum(d[1] for d in row) + _GAP * (len(row) - 1) for row in drawn]
    inner = max(widths)
    width = inner + 2 * _MARK
    parts: list[str] = []
    y = 22.0 if caption else 4.0
    if caption:
        parts.append(text(caption, 6, 15, size=12, anchor="start", fill="#57606a"))
    ends: dict[str, tuple[float, float]] = {}
    for r, row in enumerate(drawn):
        height = max(d[2] for d in row)
        reverse = r % 2 == 1
        x = _MARK + (inner - widths[r] if reverse else 0.0)
        order = list(reversed(row)) if reverse else row
        for i, (body, w, h, _) in enumerate(order):
            parts.append(group(body, x=x, y=y + (height - h) / 2, class_="gupai-placed"))
            mid = y + height / 2
            if r == 0 and i == 0:
                ends["left"] = (x - _MARK / 2, mid)
            if r == len(drawn) - 1 and i == (0 if reverse else len(order) - 1):
                ends["right"] = ((x - _MARK / 2) if reverse else (x + w + _MARK / 2), mid)
            x += w + _GAP
        y += height + _ROW_GAP
    for end, (ex, ey) in ends.items():
        parts.append(_marker(layout.number(end), end in layout.open, ex, ey))  # type: ignore[arg-type]
    spoken = " ".join(d[3] for row in drawn for d in row)
    label = f"the line, {len(layout)} tiles: {spoken}; {layout.describe_ends()}"
    return svg_root(
        "".join(parts),
        width,
        y - _ROW_GAP + 4,
        label=label,
        scale=scale,
        class_="gupai-svg gupai-line",
    )


def line_deal_svg(
    deal: Any, *, seat: int | None = None, line: bool = True, tell_fish: bool = True
) -> str:
    """A line deal: the line on top (unless ``line=False``), then every hand (face up, or only
    ``seat``'s with the others face down) with the tiles each seat has put face down."""
    groups = []
    downs = getattr(deal, "down", None)
    for s, (name, hand) in enumerate(zip(deal.seat_names, deal.hands, strict=True)):
        hidden = seat is not None and s != seat
        note = ""
        if downs is not None and downs[s]:
            note = f"{len(downs[s])} face down" + ("" if hidden else f": {downs[s]}")
        acting = not deal.is_over and s == deal.turn
        groups.append(Group(name + " (to act)" * acting, hand, hidden, False, note))
    hands = group_svg(groups, layout="column")
    if not line:
        return hands
    drawn = layout_svg(deal.layout, caption=_caption(deal, tell_fish))
    return _stack_svgs([drawn, hands], f"a line deal: {deal.layout.describe_ends()}")


def _caption(deal: Any, tell_fish: bool = True) -> str:
    """The line's caption: its ends, and (unless ``tell_fish`` is off, as in a puzzle that asks
    about it) the fish and its blocker."""
    fish = getattr(deal, "fish", None) if tell_fish else None
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


__all__ = ["PER_ROW", "layout_svg", "line_deal_svg"]
