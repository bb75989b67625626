"""The line of tiles on a line game's table (:mod:`gupai_learn.engine.line`): a :class:`Layout`
of :class:`Placed` tiles with open ends, number to number, immutable (:meth:`Layout.add`
returns a new one), and the interned placement moves (:func:`placement`).

Also the tables of the line games' one fast placement path: per ends, each tile's placements
(:data:`FITS_AT`), and per placement move what placing it makes (:data:`QUICK`, from
:func:`placement_table`), so that a deal only notes a placement and :func:`folded` builds the
line when something reads it. The deal that judges placements is
:class:`gupai_learn.engine.line.LineDeal`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

from gupai_learn.engine.moves import ENDS, End, Move
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import SetupError

__all__ = [
    "EMPTY_LINES",
    "FIRST",
    "FIRSTS",
    "FITS_AT",
    "LEFT",
    "QUICK",
    "RIGHT",
    "Layout",
    "Placed",
    "Quick",
    "fitting_placements",
    "folded",
    "ends_after",
    "other_end",
    "placement",
    "placement_table",
]

_new = tuple.__new__
_OTHER: dict[str, End] = {"left": "right", "right": "left"}


class Placed(NamedTuple):
    """One tile on the line: ``tile``, the numbers facing ``left`` and ``right``, the ``seat``
    that placed it, and whether it lies ``across`` the line (a double, in games that turn
    doubles; drawing only: the line's numbers are the same either way)."""

    tile: Tile
    left: int
    right: int
    seat: int
    across: bool = False

    def __str__(self) -> str:
        return f"[{self.left}:{self.right}]"


_PLACEMENTS: dict[tuple[Tile, End | None], Move] = {}


def placement(tile: Tile, end: End | None) -> Move:
    """The Move placing ``tile`` at ``end`` (None: the first tile, or an end left to resolve).
    Moves are immutable, so each one is made once and handed out again."""
    move = _PLACEMENTS.get((tile, end))
    if move is None:
        move = _PLACEMENTS[tile, end] = _new(Move, ("play", Tiles((tile,)), end, None))
    return move


class Layout:
    """The line of tiles on the table, immutable.

    ``placed`` holds the tiles in line order; ``ends`` the numbers at the (left, right) ends,
    None before the first tile; ``open`` the end names where tiles may still go (both, or one
    for a one-armed line); ``doubles_across`` says how doubles are drawn.

    >>> line = Layout().add(Tile(6, 4), None, seat=0).add(Tile(6, 4), "left", seat=1)
    >>> str(line), line.ends
    ('[4:6][6:4]', (4, 4))
    """

    __slots__ = ("doubles_across", "ends", "numbers", "open", "placed")

    placed: tuple[Placed, ...]
    ends: tuple[int, int] | None
    open: tuple[End, ...]
    doubles_across: bool
    #: the numbers at the open ends (empty before the first tile)
    numbers: tuple[int, ...]

    def __init__(
        self,
        placed: tuple[Placed, ...] = (),
        open: tuple[End, ...] = ENDS,
        doubles_across: bool = False,
    ) -> None:
        self.placed = tuple(placed)
        self.ends = (self.placed[0].left, self.placed[-1].right) if self.placed else None
        self.open = open
        self.doubles_across = doubles_across
        self.numbers = _numbers(self.ends, open)

    # ----- reading -------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.placed)

    def __iter__(self) -> Iterator[Placed]:
        return iter(self.placed)

    def __bool__(self) -> bool:
        return bool(self.placed)

    def __str__(self) -> str:
        return "".join(map(str, self.placed)) if self.placed else "(empty line)"

    def __repr__(self) -> str:
        return f"<Layout {self}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Layout):
            return NotImplemented
        return (self.placed, self.open) == (other.placed, other.open)

    def __hash__(self) -> int:
        return hash((self.placed, self.open))

    @property
    def tiles(self) -> Tiles:
        """The tiles of the line in line order, as plain tiles."""
        return Tiles(p.tile for p in self.placed)

    def number(self, end: End) -> int | None:
        """The number at ``end`` (None before the first tile)."""
        if self.ends is None:
            return None
        return self.ends[0] if end == "left" else self.ends[1]

    def open_numbers(self) -> tuple[int, ...]:
        """The numbers at the open ends (empty before the first tile)."""
        return self.numbers

    def fits(self, tile: Tile) -> tuple[End, ...]:
        """The open ends ``tile`` may go at (both before the first tile)."""
        ends = self.ends
        if ends is None:
            return ENDS
        a, b = tile
        return tuple(e for e in self.open if (ends[0] if e == "left" else ends[1]) in (a, b))

    def describe_ends(self) -> str:
        """ "the ends show 2 and 5" / "the open end shows 4" / "the line is empty"."""
        if self.ends is None:
            return "the line is empty"
        if len(self.open) == 1:
            return f"the open {self.open[0]} end shows {self.number(self.open[0])}"
        return f"the ends show {self.ends[0]} and {self.ends[1]}"

    # ----- growing -------------------------------------------------------------------
    def add(self, tile: Tile, end: End | None, seat: int, arms: int = 2) -> Layout:
        """A new layout with ``tile`` placed at ``end``, turned so the numbers touch.

        The first tile lies high number left; ``end`` then names the end that stays open when
        the line has one arm (``arms=1``). Raises ValueError when the tile does not fit."""
        across = self.doubles_across and tile.is_double
        high, low = tile
        if self.ends is None:
            first = Placed(tile, high, low, seat, across)
            opened: tuple[End, ...] = ENDS if arms == 2 else (end or "right",)
            return Layout((first,), opened, self.doubles_across)
        if end is None or end not in self.open:
            raise SetupError(f"{tile} needs an open end ({', '.join(self.open)})")
        left, right = self.ends
        if end == "left":
            if left != high and left != low:
                raise SetupError(f"{tile} has no {left}")
            other = low if left == high else high
            new = _new(Placed, (tile, other, left, seat, across))
            return _grown(self, (new,) + self.placed, (other, right))
        if right != high and right != low:
            raise SetupError(f"{tile} has no {right}")
        other = low if right == high else high
        new = _new(Placed, (tile, right, other, seat, across))
        return _grown(self, self.placed + (new,), (left, other))

    def _repr_svg_(self) -> str:
        from gupai_learn.render.line import layout_svg

        return layout_svg(self)


def fitting_placements(
    hand: tuple[Tile, ...], ends: tuple[int, int], open: tuple[End, ...]
) -> list[Move]:
    """Each distinct tile of ``hand`` at each open end it fits, in hand order."""
    left, right = ends
    at_left, at_right = "left" in open, "right" in open
    moves: list[Move] = []
    get = _PLACEMENTS.get
    for tile in dict.fromkeys(hand):
        if at_left and left in tile:
            moves.append(get((tile, "left")) or placement(tile, "left"))
        if at_right and right in tile:
            moves.append(get((tile, "right")) or placement(tile, "right"))
    return moves


#: Where a game's fast path puts a tile (see :func:`placement_table`): at the left end, at
#: the right end, or as the first tile of a two-armed line (high number left).
LEFT, RIGHT, FIRST = range(3)


def placement_table(
    tile: Tile, side: int, seats: int, across: bool
) -> tuple[list[int], list[list[Placed]]]:
    """What a fast path needs to place ``tile`` at ``side`` (LEFT, RIGHT or FIRST) without
    :meth:`Layout.add`: per number 0-6 the tile covers at that end, the number it leaves open
    (-1 when it does not carry it), and the :class:`Placed` it makes per seat (every row the
    same for FIRST); ``across``: the tile lies across the line (drawing only)."""
    high, low = tile
    others = [low if n == high else high if n == low else -1 for n in range(7)]
    made = []
    for n in range(7):
        ends = (others[n], n) if side == LEFT else (n, others[n]) if side == RIGHT else tile
        made.append([_new(Placed, (tile, *ends, s, across)) for s in range(seats)])
    return others, made


def folded(
    layout: Layout,
    left: tuple[Placed, ...],
    right: tuple[Placed, ...],
    ends: tuple[int, int] | None,
) -> Layout:
    """``layout`` of a two-armed line with the tiles noted at its left end (in the order
    placed) and at its right end, and the numbers now at its ``ends``."""
    new = object.__new__(Layout)
    new.placed = (*reversed(left), *layout.placed, *right)
    new.ends = new.numbers = ends  # type: ignore[assignment]
    new.open = layout.open
    new.doubles_across = layout.doubles_across
    return new


def _grown(old: Layout, placed: tuple[Placed, ...], ends: tuple[int, int]) -> Layout:
    """``old`` with new tiles and ends (the fast path of :meth:`Layout.add`)."""
    new = object.__new__(Layout)
    new.placed, new.ends, new.open, new.doubles_across = placed, ends, old.open, old.doubles_across
    new.numbers = ends if len(old.open) == 2 else _numbers(ends, old.open)
    return new


def _numbers(ends: tuple[int, int] | None, open: tuple[End, ...]) -> tuple[int, ...]:
    if ends is None:
        return ()
    return tuple(ends[0] if e == "left" else ends[1] for e in open)


def other_end(end: End) -> End:
    """The other end's name."""
    return _OTHER[end]


def ends_after(ends: tuple[int, int] | None, tile: Tile, end: str | None) -> tuple[int, int]:
    """The ends of a two-armed line with ``ends`` (None: empty) after ``tile``, which fits,
    goes at ``end``: what :meth:`Layout.add` leaves, without building the line (the first tile
    lies high number left). The line games' heuristics read it for every option."""
    high, low = tile
    if ends is None:
        return high, low
    left, right = ends
    if end == "left":
        return (low if left == high else high), right
    return left, (low if right == high else high)


#: The empty two-armed line, doubles inline (False) and across (True).
EMPTY_LINES = {across: Layout(doubles_across=across) for across in (False, True)}

#: Every tile a line game may hold (the double-six set; Ding Niu's deck is part of it).
_LINE_TILES = tuple(Tile(a, b) for a in range(7) for b in range(a + 1))
_SIDES: dict[End | None, int] = {"left": LEFT, "right": RIGHT, None: FIRST}
#: What the fast path needs of a placement: its tile, where it goes (LEFT, RIGHT, FIRST), the
#: number it leaves open per number it covers and the Placed it makes per covered number and
#: seat (:func:`placement_table`).
Quick = tuple[Tile, int, list[int], list[list[Placed]]]
#: The placements' tables, keyed by the move itself, for doubles inline (False) and across.
QUICK: dict[bool, dict[Move, Quick]] = {
    across: {
        placement(t, end): (t, side, *placement_table(t, side, 4, across and t[0] == t[1]))
        for t in _LINE_TILES
        for end, side in _SIDES.items()
    }
    for across in (False, True)
}
#: The first tile of a two-armed line, per tile (no end to name).
FIRSTS: dict[Tile, Move] = {t: placement(t, None) for t in _LINE_TILES}
#: Per ends ``left * 7 + right``: each tile's placements at the ends it fits (left first).
FITS_AT: list[dict[Tile, tuple[Move, ...]]] = [
    {
        t: ((placement(t, "left"),) if left in t else ())
        + ((placement(t, "right"),) if right in t else ())
        for t in _LINE_TILES
    }
    for left in range(7)
    for right in range(7)
]
