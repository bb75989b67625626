"""Drawing a line game's layout (design.md §5): the line as it grows, and a line deal.

The line is drawn as a *snake*: the first row runs left to right, the next one right to left
under it, and so on, so neighbours on the table stay neighbours on the page and the drawing is
never wider than a notebook column (``viewBox`` + ``max-width:100%``). A row holds as many
tiles as fit in the width of ``per_row`` tiles lying along it (a double lying across takes
less room), and every full row is spread to the same width, so each turn of the snake sits
right under the tile it follows. Each tile lies along the line with its touching numbers facing
each other; doubles lie inline (Ding Niu) or across (Bergen), as the layout says. Each open end
gets a marker with its number; a closed end of a one-armed line is marked closed.

A game with a boneyard (Bergen) also gets the pile: backs with a count, the reserved tiles —
which are never drawn — apart and marked (:func:`boneyard_svg`). Tiles are drawn in the game's
own style (``GameInfo.piece_style``: Western for Bergen, even for a tile with no blank).

Pure functions, deterministic text, no rules: the layout says where each tile lies.
"""

from __future__ import annotations

from typing import Any

from gupai_learn.engine.line import Layout, Placed
from gupai_learn.render._svg import group, num, svg_root, tag, text, text_width
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

#: Tiles per row of the snake before it turns.
PER_ROW = 6
_GAP = 2.0
_MARK = 30.0
_ROW_GAP = 14.0
_OPEN = "#1f6feb"
_CLOSED = "#8c959f"
#: Any tile: a back looks the same for all.
_ANY_TILE = Tile(6, 6)


def _tile(placed: Placed, style: Style, flip: bool) -> tuple[str, float, float, str]:
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


Drawn = tuple[str, float, float, str]


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
    (so the snake turns right under the tile before), the last keeps the plain gap."""
    gaps = []
    for r, row in enumerate(rows):
        spare = inner - sum(d[1] for d in row)
        full = r < len(rows) - 1 and len(row) > 1
        gaps.append(round(spare / (len(row) - 1), 3) if full else _GAP)
    return gaps


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
    chosen = resolve_style(layout.tiles, style)
    # one flat run first (the flips depend on the row, so the rows are drawn again below)
    flat = [_tile(p, chosen, False) for p in layout.placed]
    room = max(1, per_row) * tile_size(chosen, "horizontal")[0] + _GAP * (max(1, per_row) - 1)
    sizes = _rows(flat, room)
    placed, rows = list(layout.placed), []
    for row in sizes:
        rows.append(placed[: len(row)])
        placed = placed[len(row) :]
    drawn = [[_tile(p, chosen, flip=bool(r % 2)) for p in row] for r, row in enumerate(rows)]
    inner = max(sum(d[1] for d in row) + _GAP * (len(row) - 1) for row in drawn)
    gaps = _gaps(drawn, inner)
    widths = [sum(d[1] for d in row) + gaps[r] * (len(row) - 1) for r, row in enumerate(drawn)]
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
            x += w + gaps[r]
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


def deal_style(deal: Any) -> Style | None:
    """The style a deal's tiles are drawn in: its game's ``piece_style`` (None: by the tile)."""
    from gupai_learn.games import GAMES  # the games sit above the drawings: import late

    info = GAMES.get(getattr(type(deal), "GAME", ""))
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
        raise ValueError(f"count and reserved must be whole numbers, not {count!r}, {reserved!r}")
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


def pile_of(deal: Any) -> tuple[int, int] | None:
    """(tiles in the boneyard, how many of them are reserved) for a deal with a boneyard
    (``deal.boneyard``, and ``deal.drawable`` when some tiles may not be drawn); None without."""
    pile = getattr(deal, "boneyard", None)
    if pile is None:
        return None
    count = len(pile)
    return count, count - getattr(deal, "drawable", count)


def table_line_svg(deal: Any, *, caption: str = "") -> str:
    """The line of a deal in its game's style, with the boneyard under it if it has one."""
    style = deal_style(deal)
    drawn = layout_svg(deal.layout, style=style, caption=caption)
    pile = pile_of(deal)
    if pile is None:
        return drawn
    return _stack_svgs(
        [drawn, boneyard_svg(*pile, style=style)], f"the line and the boneyard: {pile[0]} tiles"
    )


def line_deal_svg(
    deal: Any, *, seat: int | None = None, line: bool = True, tell_fish: bool = True
) -> str:
    """A line deal: the line on top, with the boneyard under it if the game has one (both left
    out with ``line=False``, for a view that draws them itself), then every hand (face up, or
    only ``seat``'s with the others face down) with the tiles each seat has put face down."""
    groups = []
    downs = getattr(deal, "down", None)
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
    drawn = table_line_svg(deal, caption=_caption(deal, tell_fish))
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


__all__ = [
    "PER_ROW",
    "boneyard_svg",
    "deal_style",
    "layout_svg",
    "line_deal_svg",
    "pile_of",
    "table_line_svg",
]
