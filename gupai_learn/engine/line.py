"""Shared machinery of the line games (Bull Fight / Ding Niu, Bergen): a line of tiles with open
ends, number to number (design.md §1-3).

A :class:`Layout` is the line on the table: the :class:`Placed` tiles in line order (left to
right, each turned so that touching numbers match) and the numbers at its open ends. It is
immutable: :meth:`Layout.add` returns a new layout, so copying a deal for a search costs
nothing. The layout, the placement moves and the fast path's tables live in
:mod:`gupai_learn.engine.layout` (importable from here too); this module holds the deal.

:class:`LineDeal` builds on :class:`~gupai_learn.engine.deal.BaseDeal` (turn, end of deal,
reading, pieces in hand) and checks once, for every line game, whether a tile may go at an end.
A game supplies what differs:

- ``RULE_PLAY``: the rule id of "a tile goes at an open end, number to number";
- ``DOUBLES_ACROSS``: how doubles lie (inline for Ding Niu, across for Bergen) — drawing only;
- ``_judge_place_policy(seat, tile, end, out)``: extra conditions on a placement (Ding Niu's
  "only doubles after a fish");
- ``_placements(seat)``: the placements the seat may make (default: every fitting tile, once
  per distinct tile and end; a game narrows it, e.g. to doubles after Ding Niu's fish, and
  tells the fast listing with ``_listing(doubles_only=..., more_when_able=...)``);
- ``_stuck_moves(seat, placements)`` / ``_judge_other(seat, move, out)`` /
  ``_apply_other(seat, move)``: every move that is not a placement — Ding Niu's face-down
  discard, Bergen's draw and pass (``more_when_able``: such moves are offered even when a
  tile fits);
- ``_placed(seat, placed)``: the game's hook after every placement, fast or not — what the
  placement scores or ends (Ding Niu's fish, Bergen's headers and domino) and who acts next;
  it returns what :meth:`apply` reports;
- ``_before_place(seat)``: called before a placement made the general way (Ding Niu keeps
  the line and hand for its "forced fish" option).

One fast placement path, for every line game: on a two-armed line (``_fast``), ``legal_moves``
lists placements from per-ends tables of interned moves, and ``apply`` places a tile from
its move's precomputed table (:func:`placement_table`, keyed by the move itself): it only notes
the placement (``_grow_left`` / ``_grow_right`` and ``_ends``); ``_layout`` folds the notes in
when something reads it. A game switches ``_fast`` off where it needs the built line (a
one-armed line, Ding Niu's forced-fish option). ``legal_moves`` also remembers what it
listed; applying one of those moves (an equal :class:`Move`, state unchanged) skips judging it
again. The property tests show that ``legal_moves()`` is exactly what ``judge`` accepts, and a
twin deal with ``_fast`` off lists and makes the same moves.

The default order of play is seat 0, 1, 2, ... (seats are numbered in the direction of play);
a game's ``_placed`` and ``_apply_other`` may skip seats.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any, ClassVar

from gupai_learn.engine.deal import BaseDeal, MoveForm, Outcome
from gupai_learn.engine.layout import (
    EMPTY_LINES,
    FIRST,
    FIRSTS,
    FITS_AT,
    LEFT,
    QUICK,
    RIGHT,
    Layout,
    Placed,
    Quick,
    fitting_placements,
    folded,
    other_end,
    placement,
    placement_table,
)
from gupai_learn.engine.moves import ENDS, End, Move, is_plain, quote
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import AmbiguousPlayError, IllegalPlayError, Reason, SetupError, Verdict

__all__ = [
    "FIRST",
    "LEFT",
    "PLACEMENT",
    "RIGHT",
    "Layout",
    "LineDeal",
    "LineResult",
    "Placed",
    "fitting_placements",
    "other_end",
    "placement",
    "placement_table",
    "without",
]

_new = tuple.__new__
#: The one move every line game has (:attr:`BaseDeal.MOVE_FORMS`): a tile at an end.
PLACEMENT = MoveForm("a tile placed at an end of the line", end=True)

#: What a line game's move gives back: the tile placed (``Placed``), a tile drawn from the
#: boneyard or put face down (``Tile``), or nothing (a pass).
LineResult = Placed | Tile | None


class LineDeal(BaseDeal[Tile]):
    """One deal of a line game: hands, the layout, the seat to act; placements judged here.

    Subclasses set the rule ids, call :meth:`_init_line` from their constructor and fill in the
    hooks listed in the module docstring."""

    #: the rule id of "a tile goes at an open end, number to number"
    RULE_PLAY: ClassVar[str] = "PLAY"
    #: a line game's moves: a tile placed at an end (a game adds its other kinds)
    MOVE_FORMS: ClassVar[Mapping[str, MoveForm]] = {"play": PLACEMENT}
    #: doubles lie across the line (Bergen) or inline (Ding Niu)
    DOUBLES_ACROSS: ClassVar[bool] = False

    #: the placements' tables of the fast path (see :data:`QUICK`), per doubles' lie: set per
    #: class, so that a deal keeps few attributes of its own (a deal with 30 or more no longer
    #: shares its attribute layout, and every attribute read and write slows down)
    _quick_table: ClassVar[dict[Move, Quick]]

    _arms: int
    #: the line as last built, the placements noted at each end since (by a game's fast
    #: path, in the order placed) and the numbers at the ends now
    _lay: Layout
    _grow_left: tuple[Placed, ...]
    _grow_right: tuple[Placed, ...]
    _ends: tuple[int, int] | None
    _log: list[tuple[int, Move]]
    #: the deal has ended (what :attr:`is_over` reads; set by the game)
    _ended: bool

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._quick_table = QUICK[cls.DOUBLES_ACROSS]

    #: True once the deal has ended (a game sets ``_ended``). A property whose getter is C
    #: code (``attrgetter``): every step of every playout reads it, and a Python getter would
    #: cost a call each time.
    is_over = property(attrgetter("_ended"), doc="True once the deal has ended.")

    def _over(self) -> bool:
        return self._ended

    def _init_line(self, hands: list[Tiles], leader: int, arms: int = 2) -> None:
        """Set the shared state: hands, an empty layout, the leader to act, no history."""
        self._hands = list(hands)
        self._turn = leader
        self._arms = arms
        self._layout = EMPTY_LINES[self.DOUBLES_ACROSS]  # immutable: shared
        self._log = []
        self._ended = False
        self._offered: tuple[Move, ...] | None = None
        #: the fast placement path is on (a two-armed line; a game may switch it off)
        self._fast = arms == 2
        #: only doubles may be placed now (Ding Niu after a fish)
        self._doubles_only = False
        #: moves besides placements are offered even when a tile fits (Bergen's draw when
        #: able, Ding Niu's face-down tile without ``must_play``)
        self._more_when_able = False
        #: either of the two above: the fast listing takes a second look (``_listing``)
        self._special = False

    def _listing(self, *, doubles_only: bool, more_when_able: bool) -> None:
        """Say what the fast listing must respect: only doubles may be placed now, and moves
        besides placements are offered even when a tile fits."""
        self._doubles_only = doubles_only
        self._more_when_able = more_when_able
        self._special = doubles_only or more_when_able

    # ----- state ---------------------------------------------------------------------
    @property
    def _layout(self) -> Layout:
        """The line, built on demand: a game's fast path may only note its placements on a
        two-armed line (``_grow_left``, ``_grow_right``) and set ``_ends``; reading the line
        folds them in (what :meth:`Layout.add` makes one tile at a time)."""
        lay = self._lay
        if self._grow_left or self._grow_right:
            lay = self._lay = folded(lay, self._grow_left, self._grow_right, self._ends)
            self._grow_left = ()
            self._grow_right = ()
        return lay

    @_layout.setter
    def _layout(self, value: Layout) -> None:
        self._lay = value
        self._grow_left = ()
        self._grow_right = ()
        self._ends = value.ends

    @property
    def hands(self) -> tuple[Tiles, ...]:
        """The tiles each seat holds now."""
        return tuple(self._hands)  # type: ignore[arg-type]

    @property
    def layout(self) -> Layout:
        """The line on the table (placed tiles in line order)."""
        return self._layout

    @property
    def ends(self) -> tuple[int, int] | None:
        """The numbers at the (left, right) ends; None before the first tile."""
        return self._ends

    @property
    def seated_history(self) -> tuple[tuple[int, Move], ...]:
        """(seat, move) for every move so far."""
        return tuple(self._log)

    def fits(self, tile: object) -> tuple[End, ...]:
        """The open ends where ``tile`` (a Tile or its notation) could go now."""
        return self._layout.fits(_one_tile(tile))

    # ----- verbs -----------------------------------------------------------------------
    def play(self, tile: object, end: End | None = None) -> LineResult:
        """Place ``tile`` at ``end`` (``"left"`` or ``"right"``); ``end`` may be left out when
        only one end fits. Raises :class:`AmbiguousPlayError` when both fit and no end is given,
        :class:`IllegalPlayError` (every broken rule, state unchanged) when not allowed."""
        if end is not None and (type(end) is not str or end not in ENDS):
            reason = Reason(self.RULE_PLAY, f"An end is 'left' or 'right', not {quote(end)}.")
            raise IllegalPlayError(Verdict.illegal([reason], "no such end"))
        move = Move.play(tile, end) if not isinstance(tile, Move) else tile
        return self.apply(move)

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make (placements with their end, face-down tiles,
        draws and passes). Remembered until the next move, so that applying one of them skips
        judging it again (the fast path; the property tests show it equals what judge accepts)."""
        if self._ended:
            return []
        ends = self._ends
        if self._fast and ends is not None:  # each distinct tile's placements, from tables
            seat = self._turn
            table = FITS_AT[ends[0] * 7 + ends[1]]
            moves: list[Move] = []
            previous = None
            for tile in self._hands[seat]:  # sorted and interned: copies side by side
                if tile is not previous:
                    previous = tile
                    moves += table[tile]
            if not moves:
                moves = self._stuck_moves(seat, moves)
            elif self._special:  # only doubles now, or more moves than placements
                moves = self._special_moves(seat, moves)
        else:
            moves = self._legal_moves()
        self._offered = tuple(moves)
        return moves

    def apply(self, move: object, *, seat: object = None) -> LineResult:
        """Make ``move`` (see :meth:`BaseDeal.apply`); a tile that fits both ends named without
        an end raises :class:`AmbiguousPlayError`, listing the two placements.

        The one state change of every line game's move: a move just listed by
        :meth:`legal_moves` (an equal Move, state unchanged) is made at once; a move when none
        was listed is looked up in the fast listing (:meth:`_listed`); anything else is judged
        first. A placement on a two-armed line is made from its move's table (the line only
        noted), any other the general way; then the game's :meth:`_placed` hook runs."""
        offered = self._offered
        self._offered = None
        if not (
            offered is not None
            and (seat is None or (type(seat) is int and seat == self._turn))
            and is_plain(move, Tile)  # safe to compare with the listed moves
            and move in offered
        ):
            move = self._judged(move, seat) if offered is not None else self._listed(move, seat)
        seat = self._turn
        quick = self._quick_table.get(move) if self._fast else None  # placements only
        if quick is None:
            if move.kind != "play":
                self._log.append((seat, move))
                return self._apply_other(seat, move)
            return self._placed(seat, self._place_generally(seat, move))
        tile, side, others, made = quick
        hands = self._hands
        hand = hands[seat]
        i = hand.index(tile)
        hands[seat] = hand[:i] + hand[i + 1 :]  # a plain tuple: ``hands`` makes it Tiles
        if side == LEFT:
            left, right = self._ends  # type: ignore[misc]
            placed = made[left][seat]
            self._grow_left += (placed,)
            left = others[left]
        elif side == RIGHT:
            left, right = self._ends  # type: ignore[misc]
            placed = made[right][seat]
            self._grow_right += (placed,)
            right = others[right]
        else:  # the first tile of the line, high number left
            left, right = tile
            placed = made[0][seat]
            self._grow_right = (placed,)
        self._ends = (left, right)
        self._log.append((seat, move))
        return self._placed(seat, placed)

    def _listed(self, raw: object, seat: object) -> Move:
        """The legal move ``raw`` names when nothing was listed since the last move (a replayed
        history, a scripted move): on a two-armed line (the fast path), a plain move equal to
        one the listing offers is that move (the listing is exactly what judge accepts: the
        property tests); anything else is judged (:meth:`_judged`)."""
        if (
            self._fast
            and (seat is None or (type(seat) is int and seat == self._turn))
            and is_plain(raw, Tile)  # safe to compare with the listed moves
        ):
            listed = self.legal_moves()
            self._offered = None
            if raw in listed:
                return listed[listed.index(raw)]
        return self._judged(raw, seat)

    def _judged(self, raw: object, seat: object) -> Move:
        """The legal move ``raw`` names, read and judged; else the error naming every broken
        rule (:class:`AmbiguousPlayError` for a tile that fits both ends named without one)."""
        out = self._judge(raw, False, seat)
        if not out.ok:
            if out.detail == "ambiguous" and len(out.errors) == 1 and out.move is not None:
                tile = out.move.pieces[0]
                options = [placement(tile, e) for e in self._layout.fits(tile)]
                raise AmbiguousPlayError(out.errors[0].text, options)
            raise IllegalPlayError(Verdict.illegal(out.errors, self._refusal(out)))
        assert out.move is not None
        return out.move

    # ----- BaseDeal hooks ----------------------------------------------------------------
    def _read(self, raw: Any) -> Tiles:
        if isinstance(raw, Tile):
            return Tiles((raw,))
        return as_tiles(raw)

    def _judge_move(self, seat: int, move: Move, out: Outcome) -> None:
        if move.kind != "play":
            self._judge_other(seat, move, out)
            return
        if len(move.pieces) != 1:
            text = f"One tile goes on the line per turn, not {len(move.pieces)}."
            out.errors.append(Reason(self.RULE_PLAY, text))
            return
        tile = move.pieces[0]
        end = self._judge_end(tile, move.end, out)
        if out.detail != "ambiguous" and (end is not None or self._layout.ends is None):
            out.move = placement(tile, end)
            out.detail = end
        self._judge_place_policy(seat, tile, end, out)

    def _judge_end(self, tile: Tile, end: End | None, out: Outcome) -> End | None:
        """The end ``tile`` goes at, or a reason (RULE_PLAY) why it cannot go there."""
        layout = self._layout
        if layout.ends is None:
            if end is None and self._arms == 1 and not out.errors:
                out.detail = "ambiguous"
                text = (
                    f"{tile} is the first tile of a one-armed line: say which end stays open "
                    f"('{tile}>left' or '{tile}>right')."
                )
                out.errors.append(Reason(self.RULE_PLAY, text))
            if end is not None and self._arms == 2:  # a move is exactly what it says
                text = (
                    f"{tile} would start the line, and the first tile has no end to name "
                    f"yet: write {tile} alone."
                )
                out.errors.append(Reason(self.RULE_PLAY, text))
                return None
            return end
        fits = layout.fits(tile)
        if end is None:
            if len(fits) == 1:
                return fits[0]
            if not fits:
                out.errors.append(Reason(self.RULE_PLAY, self._no_fit_text(tile)))
                return None
            if not out.errors:
                out.detail = "ambiguous"
            n = layout.number("left")
            text = (
                f"{tile} fits both ends (left {n}, right {layout.number('right')}): say where it "
                f"goes, '{tile}>left' or '{tile}>right'."
            )
            out.errors.append(Reason(self.RULE_PLAY, text))
            return None
        if end not in layout.open:
            there = layout.open[0]
            text = (
                f"The {end} end is closed: this line grows only at its {there} end, which "
                f"shows {layout.number(there)}."
            )
            out.errors.append(Reason(self.RULE_PLAY, text))
            return None
        if end not in fits:
            number = layout.number(end)
            text = (
                f"{tile} has no {number}, the number at the {end} end ({layout.describe_ends()})."
            )
            out.errors.append(Reason(self.RULE_PLAY, text))
            return None
        return end

    def _no_fit_text(self, tile: Tile) -> str:
        numbers = sorted(set(self._layout.open_numbers()))
        has = " and no ".join(str(n) for n in numbers)
        return f"{tile} fits no end: it has no {has} ({self._layout.describe_ends()})."

    def _apply_move(self, out: Outcome) -> LineResult:
        """Make a judged, legal move (through :meth:`apply`'s one state change)."""
        assert out.move is not None
        self._offered = (out.move,)
        return self.apply(out.move)

    def _special_moves(self, seat: int, placements: list[Move]) -> list[Move]:
        """The fast listing's placements narrowed to doubles where only doubles may go, then
        the moves offered besides them."""
        if self._doubles_only:
            placements = [m for m in placements if m.pieces[0].is_double]
        return placements + self._stuck_moves(seat, placements)

    def _place_generally(self, seat: int, move: Move) -> Placed:
        """Place a legal move's tile with :meth:`Layout.add` (any line, slower)."""
        tile = move.pieces[0]
        self._before_place(seat)
        self._hands[seat] = without(self._hands[seat], tile)
        layout = self._layout = self._layout.add(tile, move.end, seat, self._arms)
        self._log.append((seat, move))
        return layout.placed[0 if move.end == "left" else -1]

    def _legal_moves(self) -> list[Move]:
        seat = self._turn
        placements = self._placements(seat)
        return placements + self._stuck_moves(seat, placements)

    # ----- line hooks ----------------------------------------------------------------
    def _placements(self, seat: int) -> list[Move]:
        """Every placement ``seat`` may make: each distinct fitting tile at each end it fits
        (the first tile of a two-armed line without an end)."""
        layout = self._layout
        moves: list[Move] = []
        ends = layout.ends
        if ends is None:
            if self._arms == 2:
                return [FIRSTS[t] for t in dict.fromkeys(self._hands[seat])]
            for tile in dict.fromkeys(self._hands[seat]):
                moves += [placement(tile, e) for e in ENDS]
            return moves
        return fitting_placements(self._hands[seat], ends, layout.open)

    def _judge_place_policy(self, seat: int, tile: Tile, end: End | None, out: Outcome) -> None:
        """The game's own conditions on a placement (adds to ``out.errors``/``out.notes``)."""

    def _stuck_moves(self, seat: int, placements: list[Move]) -> list[Move]:
        """The moves besides placements (Ding Niu: face down; Bergen: draw, pass)."""
        return []

    def _judge_other(self, seat: int, move: Move, out: Outcome) -> None:
        """Judge a move that is not a placement; by default there is none."""
        out.errors.append(Reason(self.RULE_PLAY, f"{move} is not a move of this game."))

    def _apply_other(self, seat: int, move: Move) -> Tile | None:
        """Change the state for a legal move that is not a placement, the turn included (a game
        with such moves overrides this with :meth:`_judge_other`; by default no such move is
        ever legal, so this is never reached)."""
        return None

    def _before_place(self, seat: int) -> None:
        """Called before a placement made the general way (default: nothing)."""

    def _placed(self, seat: int, placed: Placed) -> Placed:
        """The game's hook after every placement: what it scores or ends, and who acts next;
        returns what :meth:`apply` reports (default: ``placed``, and the next seat acts)."""
        self._turn = (self._turn + 1) % self.n_seats
        return placed

    def _summary(self, out: Outcome) -> str:
        move = out.move
        if move is not None and move.kind == "play" and len(move.pieces) == 1:
            return self._place_summary(move.pieces[0], move.end)
        return super()._summary(out)

    def _place_summary(self, tile: Tile, end: End | None) -> str:
        if self._layout.ends is None:
            return f"{tile} starts the line"
        number = self._layout.number(end or "left")
        return f"{tile} goes at the {end} end, {number} to {number}"

    def _repr_svg_(self) -> str:
        from gupai_learn.render.line import line_deal_svg

        return line_deal_svg(self)

    # ----- search support ------------------------------------------------------------
    def copy(self) -> Any:
        """A copy to play on (the layout and the noted placements are immutable; the log is
        copied)."""
        new = super().copy()
        new._log = self._log[:]
        return new


def without(hand: tuple[Tile, ...], tile: Tile) -> Tiles:
    """``hand`` with one copy of ``tile`` taken out."""
    i = hand.index(tile)
    return _new(Tiles, hand[:i] + hand[i + 1 :])


def _one_tile(value: Any) -> Tile:
    if isinstance(value, Tile):
        return value
    found = as_tiles(value)
    if len(found) != 1:
        raise SetupError(f"name one tile, not {len(found)}")
    return found[0]
