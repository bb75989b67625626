"""Drawing one Decktet card (Tet-Gow), face up or face down, in SVG drawn here (no images).

A card is a cream rectangle with rounded corners, about as tall as a Chinese tile so the two
sit well in one row. Its face shows the rank in the top-left corner (``A``, 2-9, or a small
crown), one or two large suit symbols in the suits' colours (high suit on top), and the card's
name at the bottom. The game played with the cards may write a mark small in the top-right
corner (``GameInfo.piece_mark``; Tet-Gow: the card's tier over its set, "T1" over "Suits");
:func:`card_svg` and every drawing of several pieces (rows, tricks, deals, the widgets) take
``marks=False`` to leave it out, and :func:`show_marks` draws a row of cards with or without
them; no setting is kept between drawings.

The six suit symbols are simple shapes, each in its own colour, told apart by shape as well as
colour: Moons a crescent, Suns a disc with rays, Waves three wavy lines, Leaves a leaf with its
vein, Wyrms a coiled serpent, Knots a looped knot. The back is a deep blue with a lattice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache

from gupai_learn.cards import Card
from gupai_learn.engine.game import GAMES, PieceMark
from gupai_learn.render._svg import group, inset_rect, num, tag, text
from gupai_learn.render.pieces import Drawing, Picture, PieceOptions, draw_piece, piece_svg

#: Size of a card's face and the room around it (outline and shadow), in drawing units.
WIDTH, HEIGHT = 72.0, 108.0
PAD = 3.0
_SHADOW = (1.5, 2.0)
_CORNER = 6.0

_FACE = "#fffdf6"
_EDGE = "#9d927a"
_INK = "#2b2620"
_BACK = "#24386b"
_BACK_LINE = "#8ea6dd"
_SELECTED = "#1f6feb"

#: The suits' colours (distinct in hue and lightness).
COLOURS: dict[str, str] = {
    "Moons": "#5a4fa3",
    "Suns": "#e08a00",
    "Waves": "#1c7fc0",
    "Leaves": "#2f8f3a",
    "Wyrms": "#c0392b",
    "Knots": "#7a5230",
}


def show_marks(cards: Card | str | Iterable[Card | str], on: bool = True) -> Picture:
    """A row of ``cards`` (cards or their names) drawn with the game's mark on each (in
    Tet-Gow, its tier and set) or, with ``on=False``, without (to test yourself). Only this
    drawing changes: every other drawing keeps its marks."""
    from gupai_learn.cards import cards as read_cards
    from gupai_learn.render.views import row_svg

    return Picture(row_svg(read_cards(cards), marks=bool(on)))  # type: ignore[arg-type]


#: The name lesson 06.02 teaches for :func:`show_marks` (Tet-Gow's marks are its tiers).
show_tiers = show_marks


def _mark_hook() -> Callable[[Card], PieceMark] | None:
    """The ``piece_mark`` of the card game, when exactly one registered game plays with cards
    and marks them (Tet-Gow); None when none does, or several do (a card drawn on its own
    then belongs to no one game)."""
    hooks = {i.piece_mark for i in GAMES.values() if i.pieces == "cards" and i.piece_mark}
    return hooks.pop() if len(hooks) == 1 else None


def card_mark(card: Card) -> PieceMark | None:
    """The mark the game played with cards writes on ``card``, or None."""
    hook = _mark_hook()
    return hook(card) if hook is not None else None


def card_size() -> tuple[float, float]:
    """Width and height of a card's drawing (face plus padding and shadow)."""
    return WIDTH + 2 * PAD + _SHADOW[0], HEIGHT + 2 * PAD + _SHADOW[1]


def card_svg(
    card: Card | str,
    *,
    face_down: bool = False,
    selected: bool = False,
    dim: bool = False,
    marks: bool = True,
    scale: float = 1.0,
    title: str | None = None,
    tiers: bool | None = None,
) -> str:
    """One card as a standalone SVG; ``marks`` shows or hides the game's mark (Tet-Gow: the
    card's tier and set); ``tiers`` is its old name (when given, it decides)."""
    found = card if isinstance(card, Card) else Card(card)
    shown = marks if tiers is None else tiers
    drawing = draw_card(found, PieceOptions(None, face_down, selected, dim, marks=bool(shown)))
    return piece_svg(drawing, scale=scale, tooltip=title, kind="card")


@draw_piece.register
def draw_card(card: Card, options: PieceOptions) -> Drawing:
    """Draw a card at the origin (see :func:`card_svg`); a horizontal card lies on its side,
    and ``options.marks`` says whether the game's mark is written on it."""
    return _drawn_card(card, options, _mark_hook())


def describe_card(card: Card, marks: bool = True) -> str:
    """Words for a card, as read aloud: "3 Journey, Moons and Waves", then the game's mark
    ("; Inter, tier 1" in Tet-Gow) unless ``marks`` is false."""
    suits = " and ".join(card.suits)
    words = f"{card}, {suits}"
    mark = card_mark(card) if marks else None
    return f"{words}; {mark.words}" if mark is not None else words


@lru_cache(maxsize=1024)  # each (card, options with their marks, game's mark) drawn once
def _drawn_card(card: Card, options: PieceOptions, hook: object) -> Drawing:
    """The drawing of ``card``; ``hook``, the game's mark (:func:`_mark_hook`), is part of the
    key only: a test or a sixth game that changes it gets a new drawing, not a kept one."""
    show = options.marks
    w, h = card_size()
    if options.face_down:
        parts = [_frame(_BACK, "#16244a"), _back()]
        label, kind = "a face-down card", "back"
    else:
        parts = [_frame(_FACE, _EDGE), _face(card, show)]
        label, kind = describe_card(card, show), "face"
    if options.selected:
        parts.append(
            tag(
                "rect",
                x=-2,
                y=-2,
                width=WIDTH + 4,
                height=HEIGHT + 4,
                rx=_CORNER + 2,
                fill="none",
                stroke=_SELECTED,
                stroke_width="3",
                class_="gupai-selection",
            )
        )
        label += ", selected"
    body = "".join(parts)
    if options.orientation == "horizontal":
        body = tag("g", body, transform=f"translate(0,{num(WIDTH)}) rotate(-90)")
        w, h = h, w
    classes = ["gupai-card", f"gupai-card-{kind}"]
    classes += ["gupai-selected"] if options.selected else []
    classes += ["gupai-dim"] if options.dim else []
    body = group(
        body, x=PAD, y=PAD, class_=" ".join(classes), opacity="0.4" if options.dim else None
    )
    return Drawing(body, w, h, label)


def _frame(face: str, edge: str) -> str:
    dx, dy = _SHADOW
    return tag(
        "rect",
        x=dx,
        y=dy,
        width=WIDTH,
        height=HEIGHT,
        rx=_CORNER,
        fill="#000",
        fill_opacity="0.2",
    ) + tag(
        "rect",
        width=WIDTH,
        height=HEIGHT,
        rx=_CORNER,
        fill=face,
        stroke=edge,
        stroke_width="1",
    )


def _back() -> str:
    lines = []
    for i in range(-6, 12):
        x = i * 10.0
        lines.append(f"M{num(x)} 6L{num(x + 60)} 102M{num(x + 60)} 6L{num(x)} 102")
    pattern = tag(
        "path", d="".join(lines), stroke=_BACK_LINE, stroke_width="0.8", stroke_opacity="0.55"
    )
    clip = tag("svg", pattern, x=6, y=6, width=WIDTH - 12, height=HEIGHT - 12, viewBox="6 6 60 96")
    inner = inset_rect(
        WIDTH,
        HEIGHT,
        6,
        rx=3,
        fill="none",
        stroke=_BACK_LINE,
        stroke_width="1.2",
    )
    return clip + inner


def _face(card: Card, marks: bool) -> str:
    parts = [_rank(card)]
    if len(card.suits) == 1:
        parts.append(_symbol(card.suits[0], WIDTH / 2, 52, 17))
    else:
        parts.append(_symbol(card.suits[0], WIDTH / 2, 38, 12.5))
        parts.append(_symbol(card.suits[1], WIDTH / 2, 70, 12.5))
    parts.append(_name(card))
    mark = card_mark(card) if marks else None
    if mark is not None:
        parts.append(_badge(mark))
    return "".join(parts)


def _rank(card: Card) -> str:
    if card.is_crown:
        crown = "M5 17L5 8L9.5 12L13 5L16.5 12L21 8L21 17Z"
        return tag("path", d=crown, fill="#c99a16", stroke=_INK, stroke_width="0.9")
    shown = "A" if card.is_ace else str(card.rank)
    return text(shown, 10, 18, size=15, weight="bold", fill=_INK)


def _name(card: Card) -> str:
    words = card.name
    size = min(10.0, (WIDTH - 8) / (0.56 * len(words)))
    return text(words, WIDTH / 2, HEIGHT - 8, size=round(size, 1), fill=_INK)


def _badge(mark: PieceMark) -> str:
    badge = tag("rect", x=WIDTH - 25, y=4, width=21, height=13, rx=3, fill="#efe9da")
    return (
        badge
        + text(mark.corner, WIDTH - 14.5, 14, size=9.5, weight="bold", fill=_INK)
        + text(mark.under, WIDTH - 14.5, 25, size=7, fill="#6b6354")
    )


def _symbol(suit: str, x: float, y: float, r: float) -> str:
    """A suit symbol centred at (x, y), about ``r`` in radius."""
    colour = COLOURS[suit]
    s = r / 10
    shape = _SHAPES[suit](colour)
    return tag("g", shape, transform=f"translate({num(x)},{num(y)}) scale({num(s)})")


def _moons(colour: str) -> str:
    return tag("path", d="M3 -9.5A10 10 0 1 0 3 9.5A7.6 7.6 0 1 1 3 -9.5Z", fill=colour)


def _suns(colour: str) -> str:
    rays = "".join(
        f"M{num(6.5 * c)} {num(6.5 * s)}L{num(10 * c)} {num(10 * s)}"
        for c, s in (
            (1, 0),
            (0.707, 0.707),
            (0, 1),
            (-0.707, 0.707),
            (-1, 0),
            (-0.707, -0.707),
            (0, -1),
            (0.707, -0.707),
        )
    )
    return tag("circle", r=5.2, fill=colour) + tag(
        "path", d=rays, stroke=colour, stroke_width="2", stroke_linecap="round"
    )


def _waves(colour: str) -> str:
    d = "".join(f"M-10 {y}q2.5 -4 5 0t5 0t5 0t5 0" for y in (-6, 0, 6))
    return tag("path", d=d, fill="none", stroke=colour, stroke_width="2.2", stroke_linecap="round")


def _leaves(colour: str) -> str:
    leaf = tag("path", d="M-8 8C-9 -3 -2 -9 9 -9C9 2 3 9 -8 8Z", fill=colour)
    vein = tag("path", d="M-9 9L5 -5", stroke="#fffdf6", stroke_width="1.1")
    return leaf + vein


def _wyrms(colour: str) -> str:
    body = tag(
        "path",
        d="M-8 9C-12 3 -4 0 0 1C5 2 9 -2 6 -6C4 -9 -1 -8 -2 -5",
        fill="none",
        stroke=colour,
        stroke_width="3",
        stroke_linecap="round",
    )
    return body + tag("circle", cx=-2.3, cy=-5, r=2.4, fill=colour)


def _knots(colour: str) -> str:
    """Two loops crossing at the centre, across and up-down: a four-lobed knot."""
    across = "M0 0C3 -7 10 -7 10 0C10 7 3 7 0 0C-3 -7 -10 -7 -10 0C-10 7 -3 7 0 0Z"
    upright = "M0 0C-7 -3 -7 -10 0 -10C7 -10 7 -3 0 0C-7 3 -7 10 0 10C7 10 7 3 0 0Z"
    return tag(
        "path",
        d=across + upright,
        fill="none",
        stroke=colour,
        stroke_width="2",
        stroke_linejoin="round",
    )


_SHAPES = {
    "Moons": _moons,
    "Suns": _suns,
    "Waves": _waves,
    "Leaves": _leaves,
    "Wyrms": _wyrms,
    "Knots": _knots,
}


def suits_svg(scale: float = 1.0) -> str:
    """The six suit symbols in order, with their names (a legend for lessons)."""
    from gupai_learn.cards import SUITS
    from gupai_learn.render._svg import svg_root

    body = "".join(
        _symbol(suit, 30 + 64 * i, 22, 13) + text(suit, 30 + 64 * i, 52, size=11)
        for i, suit in enumerate(SUITS)
    )
    return svg_root(body, 64 * 6, 60, label="the six suits: " + ", ".join(SUITS), scale=scale)


__all__ = [
    "COLOURS",
    "card_mark",
    "card_size",
    "card_svg",
    "describe_card",
    "draw_card",
    "show_marks",
    "show_tiers",
    "suits_svg",
]
