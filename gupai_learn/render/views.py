"""Several pieces in one picture: a hand (:func:`row_svg`), labelled groups
(:func:`group_svg`: a tally of columns, the two suits of a set) and the plays of a trick
(:func:`trick_svg`).

The views place what :func:`~gupai_learn.render.pieces.draw_piece` draws, so they will show
cards as well as tiles once cards can be drawn. They draw what the caller decided: which play is
high, which tiles are selected; they never apply a rule themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gupai_learn.engine.protocols import PlayedDeal, capable
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.render._svg import MAX_WIDTH as SVG_MAX_WIDTH
from gupai_learn.render._svg import group, inset_rect, svg_root, tag, text, text_width, title
from gupai_learn.render.pieces import Drawing, PieceOptions, Style, draw_piece
from gupai_learn.render.tiles import resolve_style, tile_size
from gupai_learn.tiles import Tile, as_tile, as_tiles
from gupai_learn.verdict import SetupError, describe_input

#: Room above a row for selected tiles, which are lifted (a cue that does not rely on colour).
LIFT = 10.0
_LINE = 14.0  # height of one line of label text
_LABEL_SIZE = 11.5
_PANEL = "#f4f1e8"
_PANEL_EDGE = "#cfc7b3"
_HIGH_FILL = "#fff3d1"
_HIGH_EDGE = "#b7791f"
_HIGH_TEXT = "#7a4a00"
_SLIP = "#cf222e"
_PAD = 8.0
#: The widest a drawing may be before it wraps (the notebook column is 848 px with the file
#: browser open; the frame around a drawing takes a few pixels more).
MAX_WIDTH = float(SVG_MAX_WIDTH - 8)


@dataclass(frozen=True)
class Group:
    """A labelled set of tiles drawn together, e.g. one seat's play in a trick.

    ``face_down`` draws every tile as a back; ``highlight`` marks the group with a frame and
    the word "high"; ``note`` is a line under the tiles; ``labels`` are optional captions, one
    per tile (a ``"\\n"`` starts a new line); ``mark`` (a sentence such as "slip: … better:
    …") outlines the group in red with the word "slip" and gives it that sentence as its title.
    """

    label: str
    tiles: Sequence[Tile]
    face_down: bool = False
    highlight: bool = False
    note: str = ""
    labels: Sequence[str] = field(default=())
    mark: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "tiles", _pieces(self.tiles))
        object.__setattr__(self, "labels", tuple(self.labels))


@dataclass(frozen=True)
class _Block:
    """Pieces laid out side by side, with what a screen reader should say about them."""

    body: str
    width: float
    height: float
    spoken: tuple[str, ...]


def row_svg(
    tiles: Iterable[Tile | str] | Tile | str,
    *,
    style: Style | None = None,
    face_down: bool | Sequence[bool] = False,
    selected: Iterable[int] = (),
    gap: float = 6.0,
    scale: float = 1.0,
    labels: Sequence[str] | None = None,
    max_width: float = MAX_WIDTH,
    marks: bool = True,
) -> str:
    """A row of tiles (a hand) in one SVG.

    ``style=None`` draws every tile Chinese when all belong to the Chinese set, else all
    Western. ``face_down`` is one flag for all tiles or one per tile; ``selected`` holds the
    indices of selected tiles (drawn lifted and outlined); ``labels`` are captions under the
    tiles, one per tile, ``"\\n"`` for a new line. A row wider than ``max_width`` wraps into
    several rows of equal length (the whole set fits a notebook column). ``marks=False``
    leaves out the game's mark on each piece (a Tet-Gow card's tier and set).
    """
    found = _pieces(tiles)
    if not found:
        return svg_root("", 40, 20, label="no tiles", scale=scale, class_="gupai-svg gupai-row")
    down = _per_tile(face_down, len(found), "face_down")
    picked = set(selected)
    chosen = _style_of(found, style)
    options = [PieceOptions(chosen, down[i], i in picked, marks=marks) for i in range(len(found))]
    captions = _per_tile_labels(labels, len(found))
    block = _lay_out(found, options, captions, gap, LIFT)
    if block.width > max_width:
        block = _wrapped(found, options, captions, gap, block, max_width)
    body = block.body
    if labels is not None:
        body = tag("rect", width=block.width, height=block.height, rx=6, fill=_PANEL) + body
    spoken = f"a row of {_count(len(found), found)}: " + "; ".join(block.spoken)
    return svg_root(
        body, block.width, block.height, label=spoken, scale=scale, class_="gupai-svg gupai-row"
    )


def group_svg(
    groups: Sequence[Group],
    *,
    style: Style | None = None,
    scale: float = 1.0,
    layout: str = "row",
    marks: bool = True,
) -> str:
    """Labelled groups of tiles in one SVG, side by side (``layout="row"``) or one under the
    other (``layout="column"``). A highlighted group gets a frame and the word "high";
    ``marks=False`` leaves out the game's mark on each piece."""
    if layout not in ("row", "column"):
        raise SetupError(f"layout must be 'row' or 'column', not {describe_input(layout)}")
    everything = [t for g in groups for t in g.tiles]
    chosen = _style_of(everything, style)
    if not groups:
        return svg_root("", 40, 20, label="no groups", scale=scale, class_="gupai-svg gupai-groups")
    natural = [_group_box(g, chosen, marks=marks) for g in groups]
    if layout == "row":
        size = (0.0, max(b.height for b in natural))
    else:
        size = (max(b.width for b in natural), 0.0)
    boxes = [_group_box(g, chosen, size, centred=layout == "row", marks=marks) for g in groups]
    body, width, height = _stack(boxes, layout == "row") if layout == "column" else _rows(boxes)
    spoken = ". ".join(" ".join(box.spoken) for box in boxes)
    return svg_root(body, width, height, label=spoken, scale=scale, class_="gupai-svg gupai-groups")


def trick_svg(
    plays: Sequence[Any],
    names: Sequence[str],
    high: object = None,
    *,
    marked: int | None = None,
    mark_title: str = "slip",
    marks: bool = True,
) -> str:
    """The plays of a trick (objects with ``seat``, ``pieces``, ``face_up``) side by side, each
    labelled ``names[seat]``; face-down plays as backs, the play ``high`` framed; the play at
    index ``marked`` (if any) outlined as a slip, ``mark_title`` its title; ``marks=False``
    leaves out the game's mark on each piece."""
    return group_svg(
        [
            Group(
                names[p.seat],
                p.pieces,
                face_down=not p.face_up,
                highlight=p is high,
                mark=mark_title if i == marked else "",
            )
            for i, p in enumerate(plays)
        ],
        marks=marks,
    )


def deal_svg(deal: PlayedDeal, *, marks: bool = True) -> str:
    """Any game's deal at a glance: every hand face up, one under the other, each labelled with
    its seat (and tricks or columns won, where the deal counts them), the seat to act named.
    The "high" frame marks only the holder of the high play of a trick in progress (a deal
    of a trick game); before a lead or between tricks nothing is high. Reads the shared deal
    API (``hands``, ``seat_names``, ``turn``, ``is_over``), a trick deal's ``won`` and
    ``current_high``, and the pieces left over where the game has them. ``marks=False`` leaves
    out the game's mark on each piece."""
    tricks = deal if isinstance(deal, TrickDeal) else None
    won = tricks.won if tricks is not None else None
    high = tricks.current_high if tricks is not None and tricks.trick else None
    groups = [
        Group(
            name + ("" if deal.is_over or seat != deal.turn else " (to act)"),
            hand,
            highlight=high is not None and seat == high.seat,
            note="" if won is None else f"{won[seat]} won",
        )
        for seat, (name, hand) in enumerate(zip(deal.seat_names, deal.hands, strict=True))
    ]
    spare = capable(deal, "has_leftover")  # pieces dealt to nobody, face up
    if spare is not None and spare.leftover:
        groups.append(Group("Left over, face up for all", spare.leftover))
    return group_svg(groups, layout="column", marks=marks)


# ----- laying out -------------------------------------------------------------------


def _pieces(items: Iterable[Tile | str] | Tile | str) -> tuple[Tile, ...]:
    """Tiles from notation; anything else (a tile, later a card) is kept for draw_piece."""
    if isinstance(items, (str, Tile)):  # notation, or one tile (a Tile is a tuple too)
        return tuple(as_tiles(items))
    return tuple(as_tile(item) if isinstance(item, str) else item for item in items)


def _style_of(pieces: Sequence[object], style: Style | None) -> Style:
    return resolve_style([p for p in pieces if isinstance(p, Tile)], style)


def _per_tile(value: bool | Sequence[bool], n: int, name: str) -> list[bool]:
    if isinstance(value, bool):
        return [value] * n
    flags = [bool(v) for v in value]
    if len(flags) != n:
        raise SetupError(f"{name} has {len(flags)} flags for {n} tiles")
    return flags


def _per_tile_labels(labels: Sequence[str] | None, n: int) -> list[str]:
    if labels is None:
        return [""] * n
    if isinstance(labels, str) or len(labels) != n:
        raise SetupError(f"labels must be a sequence of {n} captions, one per tile")
    return [str(label) for label in labels]


def _count(n: int, pieces: Sequence[object] = ()) -> str:
    """ "1 tile", "3 tiles"; "1 card", "3 cards" for Decktet cards (a Tile is a tuple, a card
    is not)."""
    noun = "card" if pieces and not isinstance(pieces[0], tuple) else "tile"
    return f"1 {noun}" if n == 1 else f"{n} {noun}s"


def _lay_out(
    items: Sequence[object],
    options: Sequence[PieceOptions],
    labels: Sequence[str],
    gap: float,
    lift: float,
    least_slot: float = 0.0,
) -> _Block:
    """Pieces left to right, each centred in a slot; with captions, all slots are as wide as
    the widest caption line (and at least ``least_slot``), so the row reads like a table."""
    drawings = [draw_piece(item, opts) for item, opts in zip(items, options, strict=True)]
    lines = [label.split("\n") if label else [] for label in labels]
    top = lift + max((d.height for d in drawings), default=0.0)
    widest = max((text_width(ln, _LABEL_SIZE) + 6 for ls in lines for ln in ls), default=0.0)
    widest = max(widest, least_slot)
    parts: list[str] = []
    x = 0.0
    for drawing, opts, caption in zip(drawings, options, lines, strict=True):
        slot = max(drawing.width, widest)
        parts.append(_placed(drawing, x + (slot - drawing.width) / 2, 0 if opts.selected else lift))
        parts += [
            text(
                ln,
                x + slot / 2,
                top + (k + 1) * _LINE - 2,
                size=_LABEL_SIZE,
                class_="gupai-caption",
            )
            for k, ln in enumerate(caption)
        ]
        x += slot + gap
    caption_h = max((len(ls) for ls in lines), default=0) * _LINE
    height = top + (caption_h + 4 if caption_h else 0)
    return _Block("".join(parts), max(x - gap, 0.0), height, tuple(d.label for d in drawings))


def _wrapped(
    items: Sequence[object],
    options: Sequence[PieceOptions],
    labels: Sequence[str],
    gap: float,
    whole: _Block,
    max_width: float,
    lift: float = LIFT,
) -> _Block:
    """``whole`` (one long row) laid out again as rows of at most ``max_width``, evenly filled."""
    slot = (whole.width + gap) / len(items)
    fits = max(1, int((max_width + gap) // slot))
    rows = -(-len(items) // fits)
    per_row = -(-len(items) // rows)
    widest = max(
        (text_width(ln, _LABEL_SIZE) + 6 for s in labels for ln in s.split("\n") if ln), default=0.0
    )  # one slot width for every row, so the rows line up
    blocks = [
        _lay_out(
            items[i : i + per_row],
            options[i : i + per_row],
            labels[i : i + per_row],
            gap,
            lift,
            widest,
        )
        for i in range(0, len(items), per_row)
    ]
    body, width, height = _stack(blocks, across=False)
    return _Block(body, width, height, tuple(s for b in blocks for s in b.spoken))


def _placed(drawing: Drawing, x: float, y: float) -> str:
    return group(title(drawing.label) + drawing.body, x=x, y=y)


def _group_box(
    g: Group,
    style: Style,
    least: tuple[float, float] = (0.0, 0.0),
    centred: bool = True,
    marks: bool = True,
) -> _Block:
    """One group: a panel with the label on top, the tiles (centred or to the left), and the
    note under them; at least ``least`` (width, height) so that neighbouring panels line up."""
    tiles = _group_tiles(g, style, marks) if g.tiles else _empty_slot(style)
    marker = "\u2605 high" if g.highlight else ""
    head_w = text_width(g.label, 14) + (text_width(marker, 13) + 12 if marker else 0)
    width = max(tiles.width, head_w, text_width(g.note, 11.5)) + 2 * _PAD
    width = max(width, least[0])
    note_h = (_LINE + 2 if g.note else 0) + (_LINE + 2 if g.mark else 0)
    height = max(_PAD + 18 + tiles.height + note_h + _PAD, least[1])
    parts = [
        _panel(width, height, g.highlight),
        text(
            g.label,
            _PAD,
            _PAD + 12,
            size=13,
            anchor="start",
            weight="bold",
            class_="gupai-group-label",
        ),
        group(tiles.body, x=_PAD + (width - 2 * _PAD - tiles.width) / 2 * centred, y=_PAD + 18),
    ]
    if marker:
        parts.append(
            text(
                marker,
                width - _PAD,
                _PAD + 12,
                size=12,
                anchor="end",
                weight="bold",
                fill=_HIGH_TEXT,
                class_="gupai-high-marker",
            )
        )
    if g.note:
        parts.append(
            text(
                g.note,
                width / 2,
                height - _PAD - 3,
                size=11,
                font_style="italic",
                fill="#5c554a",
                class_="gupai-note",
            )
        )
    cls = "gupai-group gupai-high" if g.highlight else "gupai-group"
    if g.mark:
        below = _LINE + 2 if g.note else 0.0  # the word sits above the note
        parts.append(_slip_mark(width, height, height - _PAD - 3 - below, g.mark))
        cls += " gupai-slip"
    return _Block(tag("g", "".join(parts), class_=cls), width, height, _spoken(g, tiles))


def _slip_mark(width: float, height: float, y: float, said: str) -> str:
    """A group marked as a slip: a red dashed outline, the word "slip" at ``y`` on its left,
    and ``said`` as the title a pointer shows."""
    outline = inset_rect(
        width,
        height,
        1.5,
        rx=8,
        fill="none",
        stroke=_SLIP,
        stroke_width="3",
        stroke_dasharray="6 3",
    )
    word = text("\u2717 slip", _PAD, y, size=12, anchor="start", weight="bold", fill=_SLIP)
    return tag("g", title(said) + outline + word, class_="gupai-slip-mark")


def _group_tiles(g: Group, style: Style, marks: bool = True) -> _Block:
    """A group's tiles in a row, wrapped into even rows when the row would not fit a column."""
    options = [PieceOptions(style, g.face_down, marks=marks) for _ in g.tiles]
    labels = _per_tile_labels(g.labels or None, len(g.tiles))
    row = _lay_out(g.tiles, options, labels, 4, 0)
    room = MAX_WIDTH - 2 * _PAD - 4
    return row if row.width <= room else _wrapped(g.tiles, options, labels, 4, row, room, 0)


def _spoken(g: Group, tiles: _Block) -> tuple[str, ...]:
    what = "; ".join(tiles.spoken) if g.tiles else "no tiles"
    words = [f"{g.label}: {what}"]
    words += ["(high)"] if g.highlight else []
    words += [f"({g.mark})"] if g.mark else []
    words += [f"({g.note})"] if g.note else []
    return tuple(words)


def _panel(width: float, height: float, high: bool) -> str:
    fill, edge, line = (_HIGH_FILL, _HIGH_EDGE, "3") if high else (_PANEL, _PANEL_EDGE, "1")
    inset = 1.5 if high else 0.5
    return inset_rect(
        width,
        height,
        inset,
        rx=8,
        fill=fill,
        stroke=edge,
        stroke_width=line,
        class_="gupai-frame-high" if high else "gupai-frame",
    )


def _empty_slot(style: Style) -> _Block:
    """Where a group has no tiles yet: a dashed outline the size of a tile."""
    w, h = tile_size(style)
    body = tag(
        "rect",
        x=3,
        y=3,
        width=w - 8,
        height=h - 9,
        rx=6,
        fill="none",
        stroke="#a39b88",
        stroke_width="1.2",
        stroke_dasharray="4 3",
        class_="gupai-empty-slot",
    )
    return _Block(body, w, h, ())


def _rows(boxes: Sequence[_Block]) -> tuple[str, float, float]:
    """Boxes side by side, starting a new line of boxes where the next would pass
    :data:`MAX_WIDTH` (the trick of four hands fits; a long row of groups wraps)."""
    lines: list[list[_Block]] = [[]]
    used = 0.0
    for box in boxes:
        if lines[-1] and used + box.width + 10 > MAX_WIDTH:
            lines.append([])
            used = 0.0
        lines[-1].append(box)
        used += box.width + 10
    if len(lines) == 1:
        return _stack(boxes, across=True)
    stacked = [_Block(*_stack(line, across=True), ()) for line in lines]
    return _stack(stacked, across=False)


def _stack(boxes: Sequence[_Block], across: bool) -> tuple[str, float, float]:
    """Boxes side by side (``across``) or one under the other, with a small margin around."""
    gap, parts, pos = 10.0, [], 0.0
    tall = max(b.height for b in boxes)
    wide = max(b.width for b in boxes)
    for box in boxes:
        x, y = (pos, 0.0) if across else (0.0, pos)
        parts.append(group(box.body, x=x + 2, y=y + 2))
        pos += (box.width if across else box.height) + gap
    size = (pos - gap + 4, tall + 4) if across else (wide + 4, pos - gap + 4)
    return "".join(parts), size[0], size[1]
