"""Combination: a trick game's classified lead or face-up follow (:mod:`gupai_learn.engine.trick`),
in a module of its own so that a game's record (:class:`~gupai_learn.engine.game.GameInfo`,
whose ``classify`` returns one) can name it without importing the deals."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gupai_learn.engine.moves import join

__all__ = ["Combination"]


@dataclass(frozen=True)
class Combination:
    """A valid lead (or a face-up follow) classified by a game.

    ``kind`` is the class id from the ruling (e.g. ``"mixed-pair"``), ``rank`` orders
    combinations of the same kind (higher beats lower), ``name`` is a learner's name
    ("Man-seven") and ``kind_name`` describes the class ("a mixed pair"). ``led_only`` marks a
    combination that wins whenever it is led but never beats anything as a follow (Tien Gow's
    Supreme pair; Bagchen's mother-and-son, full horse and point tiles): nothing of its class
    can beat it either.
    """

    kind: str
    rank: int
    pieces: tuple[Any, ...]
    name: str
    kind_name: str
    led_only: bool = False

    def __str__(self) -> str:
        return f"{join(self.pieces)} ({self.name}, {self.kind_name})"

    def __len__(self) -> int:
        return len(self.pieces)
