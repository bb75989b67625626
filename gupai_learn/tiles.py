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
from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any, ClassVar, Literal

from gupai_learn.verdict import InvalidNotationError, describe_input, shorten, type_phrase

Suit = Literal["civil", "military"]

#: Civil tiles from high to low, with English and Chinese names (TG-SET).
CIVIL_TILES: tuple[tuple[tuple[int, int], str, str], ...] = (
    ((6, 6), "Heaven", "天"),
    ((1, 1), "Earth", "地"),
    ((4, 4), "Man", "人"),
    ((3, 1), "Goose", "鵝"),
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

#: What a tile end may show: Chinese tiles have no blanks, Western (double-six) ones do.
PIP_RANGE = "a Chinese tile end shows 1 to 6 pips, a Western one 0 to 6"
_ALLOWED = "write a tile as [6:3], 6-3, 6:3 or 63 (pips 1-6 on Chinese tiles, 0-6 on Western)"
_ALLOWED_MANY = "give text such as '[6:6] [6:3]' or a list of tiles"
#: Longest notation text read, and most tiles read at once (a whole 64-tile double set fits).
MAX_TEXT = 10_000
MAX_TILES = 1_000
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
            why = f"{describe_input(bad)} is not a pip number: {PIP_RANGE}"
            raise InvalidNotationError(_call(a, b), why)
        key = (a, b) if a >= b else (b, a)
        tile = cls._interned.get(key)
        if tile is not None:
            return tile
        for n in key:
            if not 0 <= n <= 6:
                raise InvalidNotationError(
                    _call(a, b), f"{describe_input(n)} is not a pip number: {PIP_RANGE}"
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
            raise InvalidNotationError(text, _why_not_text(text))
        match = _TILE_RE.match(text.strip())
        if match is None:
            raise InvalidNotationError(text, _why_not_a_tile(text.strip()))
        a, b = int(match.group(1)), int(match.group(2))
        for n in (a, b):
            if n > 6:
                raise InvalidNotationError(text, f"{n} is not a pip number: {PIP_RANGE}")
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


def _call(a: object, b: object) -> str:
    return f"Tile({describe_input(a, 30)}, {describe_input(b, 30)})"


def _why_not_text(value: object) -> str:
    """Why a value that is not a string is not one tile's notation."""
    if type(value) is tuple and len(value) == 2 and all(type(n) is int for n in value):
        return f"a pair of numbers is not a tile: write Tile{value} or '[{value[0]}:{value[1]}]'"
    if isinstance(value, (bytes, bytearray)):
        return f"bytes are not text: decode them first; {_ALLOWED}"
    return f"a tile is written as text, not as {type_phrase(value)}; {_ALLOWED}"


def _why_not_a_tile(text: str) -> str:
    if not text:
        return f"it is empty; {_ALLOWED}"
    if len(text) > MAX_TEXT:
        return f"it is {len(text):,} characters long: far too long for one tile; {_ALLOWED}"
    digits = re.findall(r"\d+", text)
    if any(len(d) == 1 and int(d) > 6 for d in digits):
        bad = next(d for d in digits if int(d) > 6)
        return f"{bad} is not a pip number: {PIP_RANGE}"
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
    back to back in brackets. An iterable of tiles or strings is accepted too (not a dict,
    nor bytes). At most :data:`MAX_TILES` tiles and :data:`MAX_TEXT` characters are read.

    Whatever it is given, raises nothing but :class:`InvalidNotationError`, whose message
    quotes at most 80 characters of the input and says what is allowed.
    """
    if isinstance(text, str):
        return _tiles_from_text(text)
    if type(text) is Tiles:  # immutable: nothing to copy or check
        return text
    if type(text) is tuple or type(text) is list:
        for item in text:
            if type(item) is not Tile:
                break
        else:
            if len(text) <= MAX_TILES:
                return Tiles(text)
    return _tiles_from_items(text)


def _tiles_from_text(text: str) -> Tiles:
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(
            text, f"it is {len(text):,} characters long; tile notation is at most {MAX_TEXT:,}"
        )
    tokens = _TOKEN_RE.findall(text)
    if len(tokens) > MAX_TILES:
        raise InvalidNotationError(text, f"it names more than {MAX_TILES:,} tiles")
    found = []
    for token in tokens:
        try:
            found.append(Tile.parse(token))
        except InvalidNotationError as error:
            bad = describe_input(token, 30)
            raise InvalidNotationError(text, f"{bad} is not a tile: {error.why}") from None
    return Tiles(found)


def _tiles_from_items(value: object) -> Tiles:
    """Tiles from an iterable of tiles and notation; anything else is an InvalidNotationError."""
    source = value if type(value) is list or type(value) is tuple else _items(value)
    if len(source) > MAX_TILES:
        raise InvalidNotationError(value, f"it holds more than {MAX_TILES:,} tiles")
    return Tiles([item if isinstance(item, Tile) else Tile.parse(item) for item in source])


def _items(value: Any) -> list[Any]:
    """The first ``MAX_TILES + 1`` items of an iterable that is not text, bytes or a dict."""
    if isinstance(value, (bytes, bytearray, memoryview, Mapping)):
        what = "a mapping" if isinstance(value, Mapping) else "bytes"
        raise InvalidNotationError(value, f"{what} is not tiles; {_ALLOWED_MANY}")
    try:
        return list(islice(value, MAX_TILES + 1))
    except Exception as error:  # not iterable, or an iterator that fails while being read
        if isinstance(error, TypeError):
            why = f"{type_phrase(value)} is neither tile notation nor tiles"
        else:
            why = f"reading it failed ({shorten(type(error).__name__, 40)})"
        raise InvalidNotationError(value, f"{why}; {_ALLOWED_MANY}") from None


def as_tile(value: Tile | str) -> Tile:
    """A tile from a :class:`Tile` or its notation; anything else raises
    :class:`InvalidNotationError`."""
    return value if isinstance(value, Tile) else Tile.parse(value)


def as_tiles(value: Tile | str | Iterable[Tile | str]) -> Tiles:
    """Tiles from one tile, a notation string with one or more tiles, or an iterable; anything
    else raises :class:`InvalidNotationError` (see :func:`tiles`)."""
    if type(value) is Tiles:
        return value
    if isinstance(value, Tile):
        return Tiles((value,))
    return tiles(value)
