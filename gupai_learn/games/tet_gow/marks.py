"""What a Tet-Gow card carries in its corner when drawn: its tier over its set (TT-SET,
TT-TIER), the game's ``GameInfo.piece_mark``; and :func:`show_tiers`, which draws cards
with those marks or without them (to test yourself).

    >>> card_mark(Card("Journey"))
    PieceMark(corner='T1', under='Inter', words='Inter, tier 1')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from gupai_learn.cards import Card
from gupai_learn.engine.game import PieceMark
from gupai_learn.games.tet_gow.combos import SET_NAMES, SET_OF, TIER

if TYPE_CHECKING:
    from gupai_learn.render.pieces import Picture

__all__ = ["card_mark", "show_tiers"]


def card_mark(card: Card) -> PieceMark:
    """``card``'s tier and set, as written in its corner and as read aloud."""
    name = SET_NAMES[SET_OF[card]]
    return PieceMark(f"T{TIER[card]}", name.removeprefix("the "), f"{name}, tier {TIER[card]}")


def show_tiers(cards: Card | str | Iterable[Card | str], on: bool = True) -> Picture:
    """A row of ``cards`` drawn with each card's tier and set in its corner or, with
    ``on=False``, without them (to test yourself); other drawings keep their marks."""
    from gupai_learn.render.cards import show_marks  # drawings sit above the games

    return show_marks(cards, on)
