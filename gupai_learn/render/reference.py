"""A reference card (:class:`~gupai_learn.engine.reference.Reference`) as one SVG picture.

The card reads top to bottom: the title and the notes, then each part ("Civil", "Military",
...) under a heading with its note. A part's ladders sit side by side in framed panels while they
fit the width and start a new row when they do not; a ladder too long for the width wraps its
rungs onto several lines. Rungs run strongest first, joined by "›"; plays of equal rank on one
rung are joined by "=", or share their common pieces when only the last one differs
("[6:6][6:3] or [5:4]"); a led-only rung gets a red frame and says so in words. A list of
facts (a ladder with ``ordered=False``) keeps its rungs apart by a gap instead of "›"; a rung
marked ``line`` lays its tiles end to end, lying down, doubles across, touching numbers side by
side; a part's ``lines`` are sentences under its heading.

Pieces are drawn small by :func:`~gupai_learn.render.pieces.draw_piece` (tiles now, cards
later). The picture is never wider than ``width`` (980 by default, a notebook column) and shrinks
with a narrower column (``viewBox`` and ``max-width:100%``). The full text of the card is in its
``<desc>`` for screen readers. Nothing here knows a game's rules: the card brings its order and
its marks. Output is deterministic; every text is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gupai_learn.engine.reference import LED_ONLY_TEXT, line_faces
from gupai_learn.render._svg import esc, group, num, svg_root, tag, text, title
from gupai_learn.render.pieces import Orientation, PieceOptions, Style, draw_piece
from gupai_learn.verdict import SetupError, describe_input

if TYPE_CHECKING:
    from gupai_learn.engine.reference import Ladder, Part, Reference, Rung
    from gupai_learn.tiles import Tile

#: Widest picture drawn by default: a notebook column.
WIDTH = 980.0
#: Tiles on the card are drawn at this fraction of their usual size.
TILE_SCALE = 0.5

_MARGIN = 10.0
_PAD = 6.0  # inside a ladder's panel
_GAP = 8.0  # between panels
_PIECE_GAP = 1.5  # between the pieces of one play
#: Room for the words joining equal plays: "=", or "or" between their different last pieces.
_JOINERS = {"=": 11.0, "or": 14.0}
_SEP_W = 12.0  # room for "›" between rungs
_TITLE_SIZE = 17.0
_NOTE_SIZE = 11.5
_NOTE_LINE = 15.0
_PART_SIZE = 12.5
_HEAD_SIZE = 12.0
_HEAD_LINE = 17.0
_CAPTION_SIZE = 11.0
_CAPTION_LINE = 13.0
_LINE_GAP = 6.0  # between two lines of rungs in one panel
#: Widths (in ems) of characters narrower or wider than most, for :func:`_width`.
_EMS = (
    ("ijlI.,:;'|!", 0.32),
    ("ftr()[]-", 0.42),
    (" ", 0.33),
    ("mwMW", 0.92),
    ("0123456789", 0.64),
)
_INK = "#2b2620"
_SOFT = "#5c554a"
_PANEL = "#f4f1e8"
_PANEL_EDGE = "#cfc7b3"
_PART_INK = "#7a4a00"
_LED = "#b42318"
_LED_FILL = "#fdf0ef"


@dataclass(frozen=True)
class _Look:
    """How the card's pieces are drawn: their scale and style (None: each piece chooses)."""

    scale: float
    style: Style | None = None


@dataclass(frozen=True)
class _Box:
    """Something drawn at the origin, with its size (and, for a rung, the pieces' middle)."""

    body: str
    width: float
    height: float
    middle: float = 0.0


def reference_svg(card: Reference, *, width: float = WIDTH, tile_scale: float = TILE_SCALE) -> str:
    """The whole card as one ``<svg>`` at most ``width`` wide, pieces at ``tile_scale``."""
    if not width >= 300:
        raise SetupError(f"width must be at least 300, not {describe_input(width)}")
    if not tile_scale > 0:
        raise SetupError(f"tile_scale must be positive, not {describe_input(tile_scale)}")
    inner = width - 2 * _MARGIN
    blocks = [_header(card, inner)]
    look = _Look(tile_scale, card.style)
    blocks += [_part(part, inner, look) for part in card.parts]
    body, used_w, used_h = _column(blocks, gap=10.0)
    size = (used_w + 2 * _MARGIN, used_h + 2 * _MARGIN)
    return _root(group(body, x=_MARGIN, y=_MARGIN), size, width, card)


def _root(body: str, size: tuple[float, float], most: float, card: Reference) -> str:
    """The ``<svg>`` element: at most ``most`` wide (a piece too big for the width makes the
    drawing scale down), shrinks with its column, names itself and carries the card's text."""
    width, height = size
    background = tag("rect", width=float(width), height=float(height), rx=10, fill="#fffdf7")
    return svg_root(
        tag("desc", esc(str(card))) + background + body,
        width,
        height,
        label=card.title,
        scale=min(1.0, most / width),
        class_="gupai-svg gupai-reference",
    )


# ----- header and parts -------------------------------------------------------------


def _header(card: Reference, inner: float) -> _Box:
    parts = [text(card.title, 0, _TITLE_SIZE, size=_TITLE_SIZE, anchor="start", weight="bold")]
    y = _TITLE_SIZE + 4
    for note in card.notes:
        for line in _wrap(note, _NOTE_SIZE, inner):
            y += _NOTE_LINE
            parts.append(
                text(
                    line, 0, y - 3, size=_NOTE_SIZE, anchor="start", fill=_SOFT, class_="gupai-note"
                )
            )
    width = max(
        [_width(card.title, _TITLE_SIZE, bold=True)] + [_line_width(n, inner) for n in card.notes]
    )
    return _Box("".join(parts), min(width, inner), y + 2)


def _line_width(note: str, inner: float) -> float:
    return max((_width(line, _NOTE_SIZE) for line in _wrap(note, _NOTE_SIZE, inner)), default=0)


def _width(line: str, size: float, bold: bool = False) -> float:
    """A line's width, estimated generously (for wide fonts such as DejaVu Sans) so that
    labels placed side by side never touch, whatever sans-serif font the reader has."""
    em = sum(_em(ch) for ch in line)
    return em * size * (1.08 if bold else 1.0)


def _em(ch: str) -> float:
    if ord(ch) > 0x2E7F:
        return 1.0
    for chars, em in _EMS:
        if ch in chars:
            return em
    return 0.72 if ch.isupper() else 0.62 if ch.islower() else 0.84


def _wrap(words: str, size: float, room: float) -> list[str]:
    """Words in lines no wider than ``room`` (by the width estimate)."""
    lines: list[str] = []
    for word in words.split():
        if lines and _width(f"{lines[-1]} {word}", size) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _part(part: Part, inner: float, look: _Look) -> _Box:
    """A part's heading and note, its sentences, then its ladders flowed into rows of panels."""
    head = _part_heading(part, inner)
    if part.lines:
        said = _sentences(part.lines, inner)
        head = _Box(head.body + group(said.body, y=head.height), inner, head.height + said.height)
    if not part.ladders:
        return head
    panels = [_ladder(ladder, inner, look) for ladder in part.ladders]
    rows = _flow([p.width for p in panels], inner)
    drawn = [_row([panels[i] for i in row]) for row in rows]
    body, _, height = _column(drawn, gap=_GAP)
    return _Box(head.body + group(body, y=head.height), inner, head.height + height)


def _sentences(lines: Sequence[str], inner: float) -> _Box:
    """Sentences one under the other, each wrapped to ``inner``."""
    parts, y = [], 0.0
    for sentence in lines:
        for line in _wrap(sentence, _NOTE_SIZE, inner):
            y += _NOTE_LINE
            parts.append(
                text(
                    line, 0, y - 3, size=_NOTE_SIZE, anchor="start", fill=_INK, class_="gupai-fact"
                )
            )
    return _Box("".join(parts), inner, y + 6)


def _part_heading(part: Part, inner: float) -> _Box:
    """The part's title in capitals and a rule across; its note beside it when it fits,
    else on lines of its own under it."""
    title_text = part.title.upper()
    parts = [
        text(
            title_text,
            0,
            _PART_SIZE,
            size=_PART_SIZE,
            anchor="start",
            weight="bold",
            fill=_PART_INK,
            class_="gupai-part",
        )
    ]
    x = _width(title_text, _PART_SIZE, bold=True) + 10
    inline = x + _width(part.note, _NOTE_SIZE) <= inner
    lines = [part.note] if inline else _wrap(part.note, _NOTE_SIZE, inner)
    for k, line in enumerate(lines):
        parts.append(
            text(
                line,
                x if inline else 0,
                _PART_SIZE + (0 if inline else (k + 1) * _NOTE_LINE),
                size=_NOTE_SIZE,
                anchor="start",
                fill=_SOFT,
                class_="gupai-part-note",
            )
        )
    height = _PART_SIZE + 7 + (0 if inline else len(lines) * _NOTE_LINE)
    return _Box("".join(parts), inner, height)


def _flow(widths: Sequence[float], inner: float) -> list[list[int]]:
    """Indices of panels, in rows no wider than ``inner`` (a panel alone may fill a row)."""
    rows: list[list[int]] = []
    used = 0.0
    for i, w in enumerate(widths):
        if rows and used + _GAP + w <= inner:
            rows[-1].append(i)
            used += _GAP + w
        else:
            rows.append([i])
            used = w
    return rows


def _row(panels: Sequence[_Box]) -> _Box:
    """Panels side by side, all as tall as the tallest."""
    tall = max(p.height for p in panels)
    parts, x = [], 0.0
    for panel in panels:
        parts.append(group(_frame(panel.width, tall) + panel.body, x=x))
        x += panel.width + _GAP
    return _Box("".join(parts), x - _GAP, tall)


def _column(boxes: Sequence[_Box], gap: float) -> tuple[str, float, float]:
    parts, y = [], 0.0
    for box in boxes:
        parts.append(group(box.body, y=y))
        y += box.height + gap
    return "".join(parts), max(b.width for b in boxes), y - gap


def _frame(width: float, height: float) -> str:
    return tag(
        "rect",
        x=0.5,
        y=0.5,
        width=width - 1,
        height=height - 1,
        rx=7,
        fill=_PANEL,
        stroke=_PANEL_EDGE,
        class_="gupai-frame",
    )


# ----- one ladder ------------------------------------------------------------------


def _ladder(ladder: Ladder, inner: float, look: _Look) -> _Box:
    """A ladder's panel contents: its heading, then its rungs in lines that fit ``inner``."""
    rungs = [_rung(r, look) for r in ladder.rungs]
    lines = [
        _rung_line(line, first=k == 0, ordered=ladder.ordered)
        for k, line in enumerate(_rung_lines(rungs, inner - 2 * _PAD))
    ]
    head = _heading(ladder, max(w for _, w, _ in lines))
    parts = [head.body]
    y = _PAD + head.height + 4
    width = head.width
    for body, line_w, line_h in lines:
        parts.append(group(body, x=_PAD, y=y))
        width = max(width, line_w)
        y += line_h + _LINE_GAP
    return _Box("".join(parts), width + 2 * _PAD, y - _LINE_GAP + _PAD)


def _heading(ladder: Ladder, room: float) -> _Box:
    """The class's name in bold, then its note and rule ids in a softer voice: on the same line
    when they fit in ``room`` (the width of the rungs), else on lines of their own below."""
    segments = [x for x in (ladder.note, ", ".join(ladder.rules)) if x]
    head_w = _width(ladder.title, _HEAD_SIZE, bold=True)
    parts = [
        text(
            ladder.title,
            _PAD,
            _PAD + _HEAD_SIZE,
            size=_HEAD_SIZE,
            anchor="start",
            weight="bold",
            class_="gupai-ladder-title",
        )
    ]
    inline = " · ".join(segments)
    if head_w + 8 + _width(inline, _CAPTION_SIZE) <= room:
        x, lines, below = _PAD + head_w + 8, [inline] if inline else [], 0
    else:
        x, below = _PAD, 1
        lines = [ln for seg in segments for ln in _wrap(seg, _CAPTION_SIZE, max(room, head_w))]
    for k, line in enumerate(lines):
        parts.append(
            text(
                line,
                x,
                _PAD + _HEAD_SIZE + (k + below) * _CAPTION_LINE,
                size=_CAPTION_SIZE,
                anchor="start",
                fill=_SOFT,
                class_="gupai-ladder-note",
            )
        )
    widths = [x - _PAD + _width(line, _CAPTION_SIZE) for line in lines]
    height = _HEAD_LINE + below * len(lines) * _CAPTION_LINE
    return _Box("".join(parts), max([head_w, *widths]), height)


def _rung_lines(rungs: Sequence[_Box], room: float) -> list[list[_Box]]:
    """Rungs in lines no wider than ``room``, a separator before every rung but the first."""
    lines: list[list[_Box]] = []
    used = 0.0
    for rung in rungs:
        if lines and used + _SEP_W + rung.width <= room:
            lines[-1].append(rung)
            used += _SEP_W + rung.width
        else:
            used = (_SEP_W if lines else 0.0) + rung.width
            lines.append([rung])
    return lines


def _rung_line(line: Sequence[_Box], first: bool, ordered: bool = True) -> tuple[str, float, float]:
    """One line of rungs, joined by "›" (a continued line starts with one); a list of facts
    (not ``ordered``) leaves a plain gap between its rungs instead."""
    tall = max(r.height for r in line)
    parts, x = [], 0.0
    for i, rung in enumerate(line):
        if ordered and (i or not first):
            parts.append(_separator(x, rung.middle))
            x += _SEP_W
        elif i:
            x += _SEP_W
        parts.append(group(rung.body, x=x))
        x += rung.width
    return "".join(parts), x, tall


def _separator(x: float, middle: float) -> str:
    """The "›" between two rungs, at the height of the pieces' middle."""
    return text(
        "\u203a",
        x + _SEP_W / 2,
        middle + 5,
        size=17,
        fill="#8a8170",
        aria_hidden="true",
        class_="gupai-sep",
    )


def _rung(rung: Rung, look: _Look) -> _Box:
    """Equal plays side by side, the caption centred under them. Plays that differ only in
    their last piece share the rest: ``[6:6][6:3] or [5:4]``; others are joined by "="."""
    items = _lines_of(rung, look) if rung.line else _pieces_of(rung, look)
    tall = max(item.height for item in items if isinstance(item, _Box))
    parts, x = [], 0.0
    for item in items:
        if isinstance(item, _Box):
            parts.append(group(item.body, x=x))
            x += item.width
        else:
            parts.append(_joiner(item, x, tall))
            x += _JOINERS[item]
    lines = [w for w in (rung.label, rung.sublabel) if w]
    if rung.led_only:
        lines.append(LED_ONLY_TEXT)
    width = max([x] + [_width(ln, _CAPTION_SIZE) + 4 for ln in lines])
    shift = (width - x) / 2
    body = group("".join(parts), x=shift) + _caption(lines, width, tall, rung.led_only)
    height = tall + len(lines) * _CAPTION_LINE + 2
    if rung.led_only:
        body = _led_frame(width, height) + body
    return _Box(tag("g", body, class_="gupai-rung"), width, height, tall / 2)


def _lines_of(rung: Rung, look: _Look) -> list[_Box | str]:
    """A rung of short lines of tiles: each play laid end to end, joined by "="."""
    return _joined([_line_play(play, look) for play in rung.plays], "=")


def _line_play(pieces: Sequence[Tile], look: _Look) -> _Box:
    """Tiles laid end to end, lying down, doubles across, each turned so that touching numbers
    sit side by side; all centred on one middle line."""
    drawn = []
    for tile, (left, _) in zip(pieces, line_faces(tuple(pieces)), strict=True):
        across = tile.high == tile.low
        turn: Orientation = "vertical" if across else "horizontal"
        drawing = draw_piece(tile, PieceOptions(style=look.style, orientation=turn))
        body = drawing.body
        if left != tile.high:
            w, h = drawing.width, drawing.height
            body = tag("g", body, transform=f"rotate(180 {num(w / 2)} {num(h / 2)})")
        size = (drawing.width * look.scale, drawing.height * look.scale)
        drawn.append((title(drawing.label) + body, *size))
    scale = look.scale
    tall = max(h for _, _, h in drawn)
    parts, x = [], 0.0
    for body, w, h in drawn:
        move = f"translate({num(x)},{num((tall - h) / 2)}) scale({num(scale)})"
        parts.append(tag("g", body, transform=move))
        x += w + _PIECE_GAP
    return _Box("".join(parts), x - _PIECE_GAP, tall)


def _pieces_of(rung: Rung, look: _Look) -> list[_Box | str]:
    """What a rung shows left to right: drawn plays, and the words joining them."""
    plays = rung.plays
    shared = _shared(plays)
    if shared:
        rest = [_play(play[shared:], look) for play in plays]
        return [_play(plays[0][:shared], look), *_joined(rest, "or")]
    return _joined([_play(play, look) for play in plays], "=")


def _shared(plays: Sequence[Sequence[object]]) -> int:
    """How many leading pieces several plays have in common, when they differ only in their
    last piece; otherwise 0."""
    if len(plays) < 2 or len({len(p) for p in plays}) > 1 or len(plays[0]) < 2:
        return 0
    n = len(plays[0]) - 1
    return n if all(tuple(p[:n]) == tuple(plays[0][:n]) for p in plays) else 0


def _joined(boxes: list[_Box], word: str) -> list[_Box | str]:
    out: list[_Box | str] = [boxes[0]]
    for box in boxes[1:]:
        out += [word, box]
    return out


def _joiner(word: str, x: float, tall: float) -> str:
    size = 13.0 if word == "=" else 10.5
    room = _JOINERS[word]
    return text(word, x + room / 2, tall / 2 + 4, size=size, fill=_SOFT, class_="gupai-join")


def _caption(lines: Sequence[str], width: float, top: float, led_only: bool) -> str:
    parts = []
    for k, line in enumerate(lines):
        marked = led_only and k == len(lines) - 1
        parts.append(
            text(
                line,
                width / 2,
                top + (k + 1) * _CAPTION_LINE - 2,
                size=_CAPTION_SIZE,
                weight="bold" if marked else None,
                fill=_LED if marked else _INK,
                class_="gupai-led-only" if marked else "gupai-caption",
            )
        )
    return "".join(parts)


def _led_frame(width: float, height: float) -> str:
    return tag(
        "rect",
        x=-3,
        y=-3,
        width=width + 6,
        height=height + 5,
        rx=5,
        fill=_LED_FILL,
        stroke=_LED,
        stroke_width="1.2",
        class_="gupai-led-frame",
    )


def _play(pieces: Sequence[object], look: _Look) -> _Box:
    """One play's pieces side by side, drawn at the card's scale and style."""
    scale = look.scale
    parts, x, tall = [], 0.0, 0.0
    for piece in pieces:
        drawing = draw_piece(piece, PieceOptions(style=look.style))
        move = f"translate({num(x)},0) scale({num(scale)})"
        parts.append(tag("g", title(drawing.label) + drawing.body, transform=move))
        x += drawing.width * scale + _PIECE_GAP
        tall = max(tall, drawing.height * scale)
    return _Box("".join(parts), x - _PIECE_GAP, tall)
