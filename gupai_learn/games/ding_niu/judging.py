"""What the Bull Fight judge says of a placement, a face-down tile and a pass beyond the line
engine's own checks (the deal's ``_judge_place_policy`` and ``_judge_other`` hooks).

Rule ids (rules/ding_niu.md): DN-PLAY-ENDS, DN-PLAY-MUST, DN-DISCARD, DN-FISH-BLOCKER. Each
function adds its errors and notes to the judge's ``out`` and changes nothing else.
"""

from __future__ import annotations

from typing import Protocol

from gupai_learn.engine.deal import Outcome
from gupai_learn.engine.layout import Layout
from gupai_learn.engine.moves import End, Move
from gupai_learn.games.ding_niu.fish import KINDS, Fish, Found
from gupai_learn.games.ding_niu.rules import Rules
from gupai_learn.tiles import Tile
from gupai_learn.verdict import Reason

__all__ = ["discard", "pass_turn", "place_policy"]


class Judged(Protocol):
    """What these checks read of a Bull Fight deal (the deal itself: this module does not
    import it, so the deal may import this one)."""

    rules: Rules

    @property
    def _layout(self) -> Layout: ...

    @property
    def doubles_only(self) -> bool: ...

    @property
    def fish(self) -> Fish | None: ...

    def name(self, seat: int) -> str: ...

    def _fish_after(self, tile: Tile, end: End | None) -> Found | None: ...

    def _fitting(self, seat: int) -> list[Tile]: ...


def place_policy(deal: Judged, seat: int, tile: Tile, end: End | None, out: Outcome) -> None:
    """A placement: only doubles after a fish (DN-FISH-BLOCKER); where the tile goes
    (DN-PLAY-ENDS); a warning when it would make a fish, naming the blocker."""
    if deal.doubles_only and not tile.is_double:
        text = (
            f"After the fish only doubles matching an open end may be added; {tile} is not a "
            f"double."
        )
        out.errors.append(Reason("DN-FISH-BLOCKER", text))
    if out.errors:
        return
    layout = deal._layout
    if layout.ends is None:
        out.notes.append(
            Reason("DN-PLAY-ENDS", f"The leader may start the line with any tile: {tile}.")
        )
        return
    number = layout.number(end or "left")
    note = (
        f"{tile} carries a {number}, the number at the {end} end: it goes there, "
        f"{number} to {number}."
    )
    out.notes.append(Reason("DN-PLAY-ENDS", note))
    if not tile.is_double and deal.fish is None:
        found = deal._fish_after(tile, end)
        if found is not None:
            who = deal.name(seat)
            text = f"Careful: this makes {KINDS[found[0]]}, and {who} would be the blocker."
            out.notes.append(Reason("DN-FISH-BLOCKER", text))


def discard(deal: Judged, seat: int, move: Move, out: Outcome) -> None:
    """A tile put face down: one per turn, none after a fish, only when nothing fits unless
    ``must_play`` is off (DN-DISCARD, DN-PLAY-MUST)."""
    if len(move.pieces) != 1:
        text = f"One tile goes face down per turn, not {len(move.pieces)}."
        out.errors.append(Reason("DN-DISCARD", text))
    if deal.doubles_only:
        text = "After the fish nobody puts tiles face down: place a matching double or pass."
        out.errors.append(Reason("DN-FISH-BLOCKER", text))
        return
    fitting = deal._fitting(seat)
    if fitting and deal.rules.must_play:
        ends = deal._layout.describe_ends()  # which tile fits is for the player to find
        text = f"{deal.name(seat)} holds a tile that fits the line ({ends}), so must add it."
        out.errors.append(Reason("DN-PLAY-MUST", text))
    if not out.errors:
        why = "no tile fits" if not fitting else "the rules let a seat discard instead"
        tile = move.pieces[0]
        who = deal.name(seat)
        text = f"{tile} goes face down: {why}; its {tile.pips} pips count against {who}."
        out.notes.append(Reason("DN-DISCARD", text))


def pass_turn(deal: Judged, seat: int, out: Outcome) -> None:
    """A pass: only after a fish, and only without a matching double to add (DN-DISCARD,
    DN-PLAY-MUST, DN-FISH-BLOCKER)."""
    if not deal.doubles_only:
        text = "Before a fish nobody passes: add a tile, or put one face down when none fits."
        out.errors.append(Reason("DN-DISCARD", text))
        return
    fitting = deal._fitting(seat)
    if fitting and deal.rules.must_play:
        text = f"{deal.name(seat)} holds a double matching an open end: it must be added."
        out.errors.append(Reason("DN-PLAY-MUST", text))
        return
    text = "After the fish only matching doubles go down; with none to add, the seat passes."
    out.notes.append(Reason("DN-FISH-BLOCKER", text))
