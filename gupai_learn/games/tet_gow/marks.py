"""What a Tet-Gow card carries in its corner when drawn: its tier over its set (TT-SET,
TT-TIER), the game's ``GameInfo.piece_mark``; and :func:`show_tiers`, which switches those
marks off (to test yourself) or on for every drawing.

    >>> card_mark(Card("Journey"))
    PieceMark(corner='T1', under='Inter', words='Inter, tier 1')
"""

from __future__ import annotations

from gupai_learn.cards import Card
from gupai_learn.engine.game import PieceMark
from gupai_learn.games.tet_gow.combos import SET_NAMES, SET_OF, TIER

__all__ = ["card_mark", "show_tiers"]


def card_mark(card: Card) -> PieceMark:
    """``card``'s tier and set, as written in its corner and as read aloud."""
    name = SET_NAMES[SET_OF[card]]
    return PieceMark(f"T{TIER[card]}", name.removeprefix("the "), f"{name}, tier {TIER[card]}")


def show_tiers(on: bool = True) -> None:
    """Write (or, with ``False``, leave out) each card's tier and set on every card drawn from
    now on."""
    from gupai_learn.render.cards import show_marks  # drawings sit above the games

    show_marks(on)
