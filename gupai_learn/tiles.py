"""Domino tiles: the value type, its notation, names, suits and red pips.

A tile has two ends, each showing 0-6 pips. Chinese tiles (gupai, 骨牌) never show a blank;
the Western double-six set (used by Bergen) does. Tiles are immutable and interned: ``Tile(6, 3)``
always returns the same object, so equality and hashing are cheap.

Notation (one tile): ``[6:3]``, ``6-3``, ``6:3``, ``3:6`` or ``63``; the canonical form written by
``str`` is ``[6:3]``, larger number first. :func:`tiles` reads several at once.

Facts about the Chinese set come from the rulings (``rules/tien_gow.md``, TG-SET and TG-RED):
civil (文) and military (武) suits, traditional names, and which pips are painted red.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar, Literal

from gupai_learn.verdict import InvalidNotationError

Suit = Literal["civil", "military"]

#: Civil tiles from high to low, with English and Chinese names (TG-SET).
CIVIL_TILES: tuple[tuple[tuple[int, int], str, str], ...] = (
    ((6, 6), "Heaven", "天"),
    ((1, 1), "Earth", "地"),
    ((4, 4), "Man", "人"),
    ((3, 1), "Goose", "和"),
    ((5, 5), "Plum flower", "梅"),
    ((3, 3), "Long three", "長三"),
    ((2, 2), "Bench", "板凳"),
    ((6, 5), "Hatchet", "斧頭"),
    ((6, 4), "Partition", "紅頭十"),
    ((6, 1), "Long-leg seven", "高腳七"),
    ((5, 1), "Big-head six", "銅錘六"),
)

#: Military tiles from high to low (equal pip totals rank equally), with names (TG-SET).
MILITARY_TILES: tuple[tuple[tuple[int, int], str, str], ...] = (
    ((6, 3), "Nine", "雜九"),
    ((5, 4), "Nine", "雜九"),
    ((6, 2), "Eight", "雜八"),
    ((5, 3), "Eight", "雜八"),
    ((5, 2), "Seven", "雜七"),
    ((4, 3), "Seven", "雜七"),
    ((4, 2), "Big six", "二四"),
    ((4, 1), "Five", "雜五"),
    ((3, 2), "Five", "雜五"),
    ((2, 1), "Little three", "丁三"),
)

_CHINESE_FACTS: dict[tuple[int, int], tuple[Suit, str, str]] = {
    **{ends: ("civil", en, zh) for ends, en, zh in CIVIL_TILES},
    **{ends: ("military", en, zh) for ends, en, zh in MILITARY_TILES},
}

_NUMBER_WORDS = ("blank", "one", "two", "three", "four", "five", "six")

_ALLOWED = "write a tile as [6:3], 6-3, 6:3 or 63, with numbers 0-6"
_TILE_RE = re.compile(r"^\[?\s*(\d)\s*[:\-]?\s*(\d)\s*\]?$")
_TOKEN_RE = re.compile(r"\[[^\[\]]*\]|[^\s,;\[\]]+|[\[\]]")


class Tile(tuple[int, int]):
    """One domino tile, normalised so that ``high >= low``; a ``(high, low)`` tuple.

    Tiles are interned (``Tile(6, 3) is Tile(3, 6)``) and compare and hash as plain tuples, so
    ``Tile(6, 3) == (6, 3)`` and dictionaries keyed by tiles are fast.

    >>> Tile(3, 6)
    Tile(6, 3)
    >>> str(Tile.parse("3:6")), Tile(6, 3).pips, Tile(6, 3).suit
    ('[6:3]', 9, 'military')
    """

    __slots__ = ()
    _interned: ClassVar[dict[tuple[int, int], Tile]] = {}

    def __new__(cls, a: int, b: int) -> Tile:
        if type(a) is not int or type(b) is not int:
            bad = b if type(a) is int else a
            raise InvalidNotationError(f"Tile({a!r}, {b!r})", f"{bad!r} is not a pip number (0-6)")
        key = (a, b) if a >= b else (b, a)
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        for n in key:
            if not 0 <= n <= 6:
                raise InvalidNotationError(
                    f"Tile({a!r}, {b!r})", f"{n!r} is not a pip number (0-6)"
                )
        tile = super().__new__(cls, key)
        cls._interned[key] = tile
        return tile

    def __getnewargs__(self) -> tuple[int, int]:  # type: ignore[override]
        return (self[0], self[1])

    @property
    def high(self) -> int:
        """The larger end."""
        return self[0]

    @property
    def low(self) -> int:
        """The smaller end."""
        return self[1]

    @property
    def pips(self) -> int:
        """Total pips on both ends."""
        return self[0] + self[1]

    @property
    def is_double(self) -> bool:
        """True when both ends show the same number."""
        return self[0] == self[1]

    @property
    def ordinal(self) -> int:
        """Position 0-27 in the double-six order [0:0], [1:0], [1:1], [2:0], ..."""
        return self[0] * (self[0] + 1) // 2 + self[1]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read one tile from ``[6:3]``, ``6-3``, ``6:3``, ``3:6`` or ``63``.

        Raises :class:`InvalidNotationError` naming the bad text and what is allowed.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(repr(text), f"a tile is written as text; {_ALLOWED}")
        match = _TILE_RE.match(text.strip())
        if match is None:
            raise InvalidNotationError(text, _why_not_a_tile(text.strip()))
        a, b = int(match.group(1)), int(match.group(2))
        for n in (a, b):
            if n > 6:
                raise InvalidNotationError(
                    text, f"{n} is not a pip number: a tile end shows 0 to 6 pips"
                )
        return cls(a, b)

    # ----- Chinese facts -------------------------------------------------------------
    @property
    def is_chinese(self) -> bool:
        """True for the 21 kinds that belong to the Chinese set (no blank end)."""
        return self.low >= 1

    @property
    def suit(self) -> Suit | None:
        """``"civil"`` or ``"military"`` for a Chinese tile, ``None`` for one with a blank."""
        facts = _CHINESE_FACTS.get((self.high, self.low))
        return facts[0] if facts else None

    @property
    def is_civil(self) -> bool:
        """True for a civil (文) tile."""
        return self.suit == "civil"

    @property
    def is_military(self) -> bool:
        """True for a military (武) tile."""
        return self.suit == "military"

    @property
    def name(self) -> str:
        """English name: the Chinese name's translation, or e.g. ``"six-blank"`` for a
        Western tile with a blank."""
        facts = _CHINESE_FACTS.get((self.high, self.low))
        if facts:
            return facts[1]
        if self.is_double:
            return f"double {_NUMBER_WORDS[self.high]}"
        return f"{_NUMBER_WORDS[self.high]}-{_NUMBER_WORDS[self.low]}"

    @property
    def chinese_name(self) -> str | None:
        """Traditional Chinese name (天, 地, 雜九, ...), ``None`` for a tile with a blank."""
        facts = _CHINESE_FACTS.get((self.high, self.low))
        return facts[2] if facts else None

    def red_mask(self) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
        """Which pips are red on a Chinese tile, (high end, low end), TG-RED.

        Every 1 and every 4 is red; on [6:6] one column of three on each half is red.
        A tile with a blank (Western) has no red pips.
        """
        return (_red_end(self.high, self), _red_end(self.low, self))

    @property
    def red_pips(self) -> int:
        """Number of red pips on the Chinese drawing of this tile (TG-RED)."""
        high, low = self.red_mask()
        return sum(high) + sum(low)

    # ----- dunder ------------------------------------------------------------------
    def __str__(self) -> str:
        return f"[{self.high}:{self.low}]"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def sort_key(self) -> int:
        """Traditional display order: civil high to low, then military high to low,
        then tiles with blanks (high to low)."""
        return _ORDER[self]

    def _repr_svg_(self) -> str:
        from gupai_learn.render import tile_svg

        return tile_svg(self)


def _red_end(n: int, tile: Tile) -> tuple[bool, ...]:
    if not tile.is_chinese:
        return (False,) * n
    if n in (1, 4):
        return (True,) * n
    if tile.high == 6 and tile.low == 6:
        # left column of three red, right column white (pips listed row by row, 2 per row)
        return (True, False) * 3
    return (False,) * n


def _display_order() -> dict[Tile, int]:
    chinese = [ends for ends, _, _ in CIVIL_TILES + MILITARY_TILES]
    western = [(h, low) for h in range(6, -1, -1) for low in range(h, -1, -1) if low == 0]
    return {Tile(*ends): i for i, ends in enumerate(chinese + western)}


_ORDER = _display_order()
#: Sort key for the traditional display order (fast: a dictionary lookup).
display_key = _ORDER.__getitem__


def _why_not_a_tile(text: str) -> str:
    if not text:
        return f"it is empty; {_ALLOWED}"
    digits = re.findall(r"\d+", text)
    if any(len(d) == 1 and int(d) > 6 for d in digits):
        bad = next(d for d in digits if int(d) > 6)
        return f"{bad} is not a pip number: a tile end shows 0 to 6 pips"
    if len("".join(digits)) == 1:
        return f"a tile needs two numbers, one for each end; {_ALLOWED}"
    if len("".join(digits)) > 2:
        return f"that is more than two numbers; {_ALLOWED}"
    return f"it is not tile notation; {_ALLOWED}"


class Tiles(tuple[Tile, ...]):
    """A tuple of tiles that prints as notation and draws itself in a notebook.

    >>> tiles("[6:6] 3-6")
    tiles('[6:6] [6:3]')
    """

    __slots__ = ()

    def __str__(self) -> str:
        return " ".join(str(t) for t in self)

    def __repr__(self) -> str:
        return f"tiles({str(self)!r})"

    @property
    def pips(self) -> int:
        """Total pips on all the tiles."""
        return sum(t.pips for t in self)

    def _repr_svg_(self) -> str:
        from gupai_learn.render import row_svg

        return row_svg(self)


def tiles(text: str | Iterable[Tile | str]) -> Tiles:
    """Read several tiles: ``tiles("[6:6] 6-3 4:2,2-1")`` or ``tiles("[5:5][5:5]")``.

    Any of the one-tile notations, separated by spaces, commas or semicolons, or written
    back to back in brackets. An iterable of tiles or strings is accepted too.
    """
    if isinstance(text, str):
        tokens = _TOKEN_RE.findall(text)
        found = []
        for token in tokens:
            try:
                found.append(Tile.parse(token))
            except InvalidNotationError as error:
                raise InvalidNotationError(text, f"{token!r} is not a tile: {error.why}") from None
        return Tiles(found)
    return Tiles(t if isinstance(t, Tile) else Tile.parse(t) for t in text)


def as_tile(value: Tile | str) -> Tile:
    """A tile from a :class:`Tile` or its notation."""
    return value if isinstance(value, Tile) else Tile.parse(value)


def as_tiles(value: Tile | str | Iterable[Tile | str]) -> Tiles:
    """Tiles from one tile, a notation string with one or more tiles, or an iterable."""
    if isinstance(value, Tile):
        return Tiles((value,))
    return tiles(value)
