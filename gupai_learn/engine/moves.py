"""One move type and one notation for every game (design.md §2-3).

A :class:`Move` is what a player does on their turn. Its text form round-trips through
:meth:`Move.parse` and ``str``, like python-chess's ``Move.from_uci``/``uci()``:

======================  ==========================================================
``[6:6][6:3]``          play these pieces face up (a lead or a follow)
``down:[5:1][2:2]``     play them face down (a trick game's discard, Ding Niu's
                        forced discard)
``[6:4]>right``         a line game: this tile at the right (or ``left``) end
``draw`` / ``pass``     Bergen: take a tile from the boneyard / pass the turn
``down:[2:1]!sky``      Bagchen's charity: a face-down lead naming ``sky``,
                        ``earth`` or ``any``
======================  ==========================================================

Pieces are tiles by default; a game whose pieces are cards passes its own reader to
:meth:`Move.parse`. Moves are small immutable tuples (fast to create, hash and compare), so
``legal_moves()`` can hand out many of them and tables can keep them ready-made.

    >>> m = Move.parse("down:[5:1][2:2]")
    >>> m.kind, str(m)
    ('discard', 'down:[5:1][2:2]')
    >>> Move.parse(str(m)) == m
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal, NamedTuple

from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import InvalidNotationError, describe_input, shorten

Kind = Literal["play", "discard", "draw", "pass"]
End = Literal["left", "right"]
Call = Literal["sky", "earth", "any"]
Reader = Callable[[Any], tuple[object, ...]]

ENDS: tuple[End, ...] = ("left", "right")
CALLS: tuple[Call, ...] = ("sky", "earth", "any")
_WORDS: dict[str, Kind] = {"draw": "draw", "pass": "pass"}
_DOWN = "down:"
#: Longest text quoted back in an error message.
QUOTE = 80

_new = tuple.__new__


def clip(text: str) -> str:
    """``text`` cut to about :data:`QUOTE` characters, for quoting bad input in a message."""
    return shorten(text, QUOTE)


#: A short, safe ``repr`` of any bad input for a message (never raises).
quote = describe_input


class Move(NamedTuple):
    """A move: ``kind`` (``"play"``, ``"discard"``, ``"draw"``, ``"pass"``), the ``pieces``
    played, the line ``end`` chosen (``"left"``/``"right"`` or None) and Bagchen's charity
    ``call`` (``"sky"``/``"earth"``/``"any"`` or None).

    Build one with :meth:`parse`, :meth:`play`, :meth:`discard`, :meth:`draw` or
    :meth:`pass_`; the plain constructor does not check its arguments.
    """

    kind: Kind
    pieces: tuple[Any, ...] = ()
    end: End | None = None
    call: Call | None = None

    # ----- constructors -----------------------------------------------------------------
    @classmethod
    def play(cls, pieces: object, end: End | None = None) -> Move:
        """Play ``pieces`` face up (a tile, tiles, or their notation), optionally at ``end``."""
        if end is not None and not _word(end, ENDS):
            raise InvalidNotationError(quote(end), "an end is 'left' or 'right'")
        return _new(cls, ("play", _pieces(pieces), end, None))

    @classmethod
    def discard(cls, pieces: object, call: Call | None = None) -> Move:
        """Play ``pieces`` face down; ``call`` names the suit of a Bagchen charity lead."""
        if call is not None and not _word(call, CALLS):
            raise InvalidNotationError(quote(call), "a charity call is 'sky', 'earth' or 'any'")
        return _new(cls, ("discard", _pieces(pieces), None, call))

    @classmethod
    def draw(cls) -> Move:
        """Take a tile from the boneyard (Bergen)."""
        return DRAW

    @classmethod
    def pass_(cls) -> Move:
        """Pass the turn (Bergen, when nothing fits and the boneyard is closed)."""
        return PASS

    @classmethod
    def parse(cls, text: str, read: Reader | None = None) -> Move:
        """Read a move from its notation (see the module docstring).

        ``read`` turns the pieces part into pieces (default: tiles). Raises
        :class:`InvalidNotationError` naming what cannot be read.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(quote(text), "a move is written as text, e.g. '[6:3]'")
        if len(text) > 10_000:
            raise InvalidNotationError(clip(text), "that is far too long to be a move")
        body = text.strip()
        word = _WORDS.get(body.lower())
        if word is not None:
            return DRAW if word == "draw" else PASS
        if body.lower().startswith(_DOWN):
            return _parse_down(body[len(_DOWN) :], text, read)
        return _parse_up(body, text, read)

    @classmethod
    def coerce(cls, value: object, read: Reader | None = None, face_down: bool = False) -> Move:
        """A move from a :class:`Move`, its text, or the pieces themselves (a tile, a tuple or
        list of pieces, :class:`~gupai_learn.tiles.Tiles`); ``face_down`` applies to pieces
        given without a kind. Raises :class:`InvalidNotationError` for anything else."""
        if type(value) is Move:
            return value if _well_formed(value) else _checked(value, read)
        if isinstance(value, str):
            move = cls.parse(value, read)
            if face_down and move.kind == "play" and move.end is None:
                return _new(cls, ("discard", move.pieces, None, None))
            return move
        pieces = read(value) if read is not None else _pieces(value)
        return _new(cls, ("discard" if face_down else "play", tuple(pieces), None, None))

    # ----- reading ------------------------------------------------------------------------
    @property
    def face_up(self) -> bool:
        """True for a face-up play (a lead, a follow, or a tile placed on a line)."""
        return self.kind == "play"

    def __str__(self) -> str:
        kind = self.kind
        if kind == "draw" or kind == "pass":
            return kind
        shown = join(self.pieces)
        if kind == "discard":
            return f"{_DOWN}{shown}" + (f"!{self.call}" if self.call else "")
        return f"{shown}>{self.end}" if self.end else shown

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def words(self) -> str:
        """The move said in a sentence, not in notation: ``"[5:2] face down"``, ``"[6:1] on
        the right end"``, ``"[2:1] face down, calling sky"``, ``"a draw"``, ``"a pass"``; a
        face-up play is its pieces. Use it in hints, reviews and prompts; keep :func:`str` where
        the learner types or reads a transcript."""
        return spoken(self)


DRAW = _new(Move, ("draw", (), None, None))
PASS = _new(Move, ("pass", (), None, None))


_KINDS = frozenset(("play", "discard", "draw", "pass"))


def _word(value: object, allowed: Iterable[str]) -> bool:
    """True when ``value`` is text (exactly a ``str``) and one of ``allowed``; its type is
    checked first, so an object whose ``__eq__`` or ``__hash__`` raises is simply not a word."""
    return type(value) is str and value in allowed


def is_plain(move: Any, piece: type) -> bool:
    """True when ``move`` is a :class:`Move` whose every field is of the type its constructors
    make: kind, end and call plain words (or None), pieces a tuple of ``piece`` objects (exactly
    that type). Such a move is safe to compare and hash (a fast path may look it up); any other
    is read the careful way."""
    if type(move) is not Move or not _word(move.kind, _KINDS):
        return False
    end, call, pieces = move.end, move.call, move.pieces
    if (end is not None and not _word(end, ENDS)) or (call is not None and not _word(call, CALLS)):
        return False
    if not isinstance(pieces, tuple):
        return False
    for p in pieces:  # noqa: SIM110 - a plain loop: cheaper than all() for a few pieces
        if type(p) is not piece:
            return False
    return True


def _well_formed(move: Move) -> bool:
    """True when a Move's fields are what its constructors make (pieces a tuple, known words),
    each field's type checked before its value is compared."""
    return (
        isinstance(move.pieces, tuple)
        and _word(move.kind, _KINDS)
        and (move.end is None or _word(move.end, ENDS))
        and (move.call is None or _word(move.call, CALLS))
    )


def _checked(move: Move, read: Reader | None) -> Move:
    """A Move built by hand with odd fields, read again the careful way, or an
    InvalidNotationError saying which field cannot be read."""
    if not _word(move.kind, _KINDS):
        raise InvalidNotationError(quote(move.kind), "a move is a play, a discard, draw or pass")
    if move.end is not None and not _word(move.end, ENDS):
        raise InvalidNotationError(quote(move.end), "an end is 'left' or 'right'")
    if move.call is not None and not _word(move.call, CALLS):
        raise InvalidNotationError(quote(move.call), "a charity call is 'sky', 'earth' or 'any'")
    pieces = read(move.pieces) if read is not None else _pieces(move.pieces)
    return _new(Move, (move.kind, tuple(pieces), move.end, move.call))


def spoken(move: Move) -> str:
    """See :attr:`Move.words`."""
    kind = move.kind
    if kind == "draw":
        return "a draw"
    if kind == "pass":
        return "a pass"
    shown = join(move.pieces)
    if kind == "discard":
        return f"{shown} face down" + (f", calling {move.call}" if move.call else "")
    return f"{shown} on the {move.end} end" if move.end else shown


def join(pieces: Iterable[Any]) -> str:
    """Pieces as move text: tiles back to back (``[6:6][6:3]``), other pieces with ``+``."""
    shown = [str(p) for p in pieces]
    if all(s.startswith("[") for s in shown):
        return "".join(shown)
    return " + ".join(shown)


def _pieces(value: Any) -> tuple[object, ...]:
    """Tiles from a tile, tiles or notation; other pieces (cards) pass through a sequence."""
    if type(value) is Tiles:
        return value
    if (
        isinstance(value, (tuple, list))
        and value
        and not isinstance(value, Tile)
        and _foreign(value)
    ):
        return tuple(value)
    return as_tiles(value)


def _foreign(items: tuple[object, ...] | list[object]) -> bool:
    """True when no item is a tile or text (the pieces are cards or another game's pieces)."""
    return not any(isinstance(p, (Tile, str)) for p in items)


def _read(body: str, text: str, read: Reader | None) -> tuple[object, ...]:
    if not body.strip():
        raise InvalidNotationError(clip(text), "no pieces are named")
    try:
        return tuple((read or as_tiles)(body))
    except InvalidNotationError as error:
        raise InvalidNotationError(clip(text), error.why) from None


def _suffix(body: str, mark: str, allowed: tuple[str, ...], text: str) -> tuple[str, Any]:
    """Split ``body`` at its last ``mark`` (``!sky``, ``>left``): the rest and the word after it,
    which must be one of ``allowed`` (None when there is no mark)."""
    if mark not in body:
        return body, None
    body, _, said = body.rpartition(mark)
    word = said.strip().lower()
    if word not in allowed:
        options = " or ".join(mark + a for a in allowed)
        shown = describe_input(said.strip(), 30)
        raise InvalidNotationError(clip(text), f"{shown} cannot follow {mark}: {options}")
    return body, word


def _parse_down(body: str, text: str, read: Reader | None) -> Move:
    body, call = _suffix(body, "!", CALLS, text)
    return _new(Move, ("discard", _read(body, text, read), None, call))


def _parse_up(body: str, text: str, read: Reader | None) -> Move:
    body, end = _suffix(body, ">", ENDS, text)
    return _new(Move, ("play", _read(body, text, read), end, None))
