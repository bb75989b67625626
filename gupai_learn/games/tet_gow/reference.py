"""Tet-Gow's reference card: the tier table of the three sets, as plain data.

Everything on the card comes from the engine's tables (:data:`~.combos.SET_OF`,
:data:`~.combos.TIER`), never from a hand-copied list: one ladder per set (Suits, the Cycle,
Inter), one rung per tier from 1 (highest) to 6, the cards of a tier side by side as equals
(TT-SET, TT-TIER). The notes say how plays are led and beaten (TT-LEAD, TT-FOLLOW, TT-LAST).

    >>> card = reference_card()
    >>> [ladder.title for ladder in card.ladders]
    ['Suits', 'the Cycle', 'Inter']
"""

from __future__ import annotations

from gupai_learn import decks
from gupai_learn.engine.reference import Ladder, Part, Reference, Rung
from gupai_learn.games.tet_gow.combos import SET_NAMES, SET_OF, SETS, TIER, TIERS, canonical

TITLE = "Tet-Gow · reference card"
#: The card is drawn at most this wide (px): its widest ladder, the Cycle's, needs about 780, and
#: a card narrower than the notebook column opens beside a deal without a scroll bar.
WIDTH = 900.0
RULES_IN_PLAY = (
    "Lead 1 to 4 cards of one tier, at most one of them from the Cycle (TT-LEAD).",
    "To go face up, a follower plays the lead's sets exactly, all of one tier, higher than "
    "every face-up play so far; anything else goes face down, which is always allowed "
    "(TT-FOLLOW). The winner takes one trick per card led.",
    "The last round's winner wins the game, but only with 2 tricks or more (TT-LAST).",
)
_NOTES = {
    "suits": "one suit: the Aces and the Crowns",
    "cycle": "two neighbouring suits (Knots and Moons count as neighbours)",
    "inter": "two suits that are not neighbours",
}


def reference_card() -> Reference:
    """The card: the three sets, each a ladder of six tiers, strongest first."""
    ladders = tuple(_ladder(name) for name in SETS)
    note = "Suit order: Moons › Suns › Waves › Leaves › Wyrms › Knots (TT-DECK, TT-TIER)."
    return Reference(TITLE, (Part("Sets and tiers", ladders, note),), RULES_IN_PLAY, WIDTH)


def _ladder(name: str) -> Ladder:
    rungs = []
    for level in range(1, TIERS + 1):
        members = canonical(c for c in decks.decktet() if SET_OF[c] == name and TIER[c] == level)
        suits = " + ".join(dict.fromkeys("–".join(c.suits) for c in members))
        rungs.append(Rung(tuple((c,) for c in members), f"tier {level}", suits))
    title = SET_NAMES[name]
    return Ladder(
        title[:1].upper() + title[1:] if name != "cycle" else title,
        tuple(rungs),
        _NOTES[name],
        ("TT-SET", "TT-TIER"),
    )
