"""What a trick is made of (:mod:`gupai_learn.engine.trick`): one seat's :class:`TrickPlay`, a
finished :class:`Trick`, and the plain beat rule :func:`may_beat` every trick game starts from."""

from __future__ import annotations

from typing import Any, NamedTuple

from gupai_learn.engine.combination import Combination
from gupai_learn.engine.moves import Call, Move

_new_tuple = tuple.__new__


class TrickPlay(NamedTuple):
    """One seat's play in a trick: face up with its combination, or face down (with the suit a
    Bagchen charity lead calls)."""

    seat: int
    pieces: tuple[Any, ...]
    face_up: bool
    combination: Combination | None = None
    call: Call | None = None

    @property
    def move(self) -> Move:
        """The play as a :class:`Move`."""
        kind = "play" if self.face_up else "discard"
        return _new_tuple(Move, (kind, self.pieces, None, self.call))

    def __str__(self) -> str:
        return str(self.move)


class Trick(NamedTuple):
    """A finished trick: its plays in order, the first being the lead."""

    plays: tuple[TrickPlay, ...]

    @property
    def leader(self) -> int:
        """Seat that led."""
        return self.plays[0].seat

    @property
    def lead(self) -> Combination | None:
        """The lead's combination (None for a face-down charity lead)."""
        return self.plays[0].combination

    @property
    def size(self) -> int:
        """Pieces per play (the lead's count)."""
        return len(self.plays[0].pieces)

    @property
    def high(self) -> TrickPlay:
        """The current high play: the last face-up play, else the lead (TG-TRICK-WINNER)."""
        plays = self.plays
        for i in range(len(plays) - 1, 0, -1):
            if plays[i].face_up:
                return plays[i]
        return plays[0]

    @property
    def winner(self) -> int:
        """Seat of the current high play."""
        return self.high.seat


def may_beat(challenger: Combination, high: Combination) -> bool:
    """The usual beat rule of a trick game: the same class, ranked strictly higher, neither of
    them a play that wins only when led (a game gives its own as ``TrickDeal._may_beat``)."""
    return (
        challenger.kind == high.kind
        and challenger.rank > high.rank
        and not high.led_only
        and not challenger.led_only
    )
