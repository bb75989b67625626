"""Bagchen's passport (BG-PASSPORT, BG-PASSPORT-LEAD): how many tricks give one, the four
clauses that allow a lead, and the fallbacks when no lead fits them. The deal
(:mod:`.deal`) judges a passport holder's lead with these.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from gupai_learn.engine.trick import Combination
from gupai_learn.games.bagchen.combos import MIXED_KINDS, shown
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import Reason

#: BG-PASSPORT: tricks that give a passport.
PASSPORT = 6
CLAUSES = {
    1: "unbeatable as he sees it (his hand and the tiles played face up)",
    2: "a mixed combination of ministers",
    3: "a sky combination ranked above people",
    4: "the one tile or combination he holds besides point tiles",
}

_FALLBACKS = {
    0: "he must lead a sky or horse combination while he holds one",
    1: "with no sky or horse combination he must lead an earth combination",
    2: "with no combination of those he may lead anything",
}


def fallback_tier(combo: Combination) -> int:
    """BG-PASSPORT-LEAD fallbacks: 0 sky or horse combination, 1 earth combination, 2 anything."""
    if len(combo.pieces) >= 2 and combo.kind in ("sky-combo", "horse"):
        return 0
    if len(combo.pieces) >= 2 and combo.kind == "earth-combo":
        return 1
    return 2


def passport_clause(
    above: Mapping[tuple[Tile, ...], Sequence[tuple[int, Tiles]]],
    combo: Combination,
    unseen: int,
    rest: Counter[Tile],
) -> int | None:
    """BG-PASSPORT-LEAD: the clause (1-4) that allows leading ``combo``, or None. ``above``
    holds per combination the slot masks of the plays that beat it, ``unseen`` the mask of
    the tiles the leader has not seen, ``rest`` his tiles that are not point tiles."""
    if combo.led_only:
        return 1
    for need, _ in above.get(combo.pieces, ()):
        if need & unseen == need:
            break
    else:
        return 1
    if combo.kind in MIXED_KINDS and combo.rank == 1:
        return 2
    if combo.kind == "sky-combo" and combo.rank > 1:
        return 3
    if len(combo.pieces) == sum(rest.values()) and rest == Counter(combo.pieces):
        return 4
    return None


def passport_note(holder: str, found: int | None, why: str) -> Reason:
    """Why a passport holder's lead is allowed: the clause ``found``, or (None) the fallback
    ``why`` when no lead of his fits a clause. ``holder`` says who, with his tricks."""
    if found is not None:
        text = f"{holder}; clause ({found}) allows it: {CLAUSES[found]}."
    else:
        text = f"{holder} and no lead fits clauses (1)-(4), so {why}."
    return Reason("BG-PASSPORT-LEAD", text)


def passport_error(holder: str, combo: Combination, why: str, beater: Tiles | None) -> Reason:
    """Why a passport holder may not lead ``combo``: with ``why == "clauses"`` it fits no
    clause and ``beater`` could still beat it; else no lead of his fits a clause and ``combo``
    is not what the fallback ``why`` asks."""
    mine = f"{shown(combo.pieces)} ({combo.name})"
    if why == "clauses" and beater is not None:
        text = (
            f"{holder}, so he may lead only (1) what is unbeatable as he sees it, (2) a minister "
            "mix, (3) a sky combination above people, or (4) his one tile or combination besides "
            f"points. {mine} fits none: {shown(beater)} could still beat it (1)."
        )
    else:
        text = f"{holder} and no lead of his fits clauses (1)-(4), so {why}; {mine} is not one."
    return Reason("BG-PASSPORT-LEAD", text)
