"""What a finished Bull Fight deal tells a simulation (``GameInfo.events``) and what chapter
07's rule lab measures (``GameInfo.measures``), design.md §9.

Rule ids (rules/ding_niu.md): DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER.

    >>> from gupai_learn.bots import RandomPlayer, play_out
    >>> from gupai_learn.games.ding_niu import Deal
    >>> deal = play_out(Deal.random(seed=3), [RandomPlayer(s) for s in range(4)])
    >>> "fish_kind" in events(deal)
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.engine.game import Measure
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.ding_niu.deal import Deal

__all__ = ["FISH_KINDS", "MEASURES", "events"]

#: The kinds of fish of the two-armed game (DN-FISH-CLASSIC, DN-FISH-SMOTHERED).
FISH_KINDS = ("ones", "two-three", "fours", "fives", "smothered-fours", "smothered-fives")


def events(deal: Deal) -> dict[str, object]:
    """The fish of a finished deal, one flat value each: ``fish`` (there was one), its
    ``fish_kind`` ("" without), ``smothered``, its ``blocker`` (-1 without) and
    ``blocker_wins``, and ``fish_<kind>`` for every kind of :data:`FISH_KINDS`."""
    if not deal.is_over:
        raise SetupError("events() needs a finished deal (DN-FISH-CLASSIC)")
    fish = deal.fish
    kind = fish.kind if fish is not None else ""
    row: dict[str, object] = {
        "fish": fish is not None,
        "fish_kind": kind,
        "smothered": kind.startswith("smothered"),
        "blocker": fish.blocker if fish is not None else -1,
        "blocker_wins": fish is not None and fish.blocker == deal.winner,
    }
    row.update({f"fish_{k}": kind == k for k in FISH_KINDS})
    return row


#: What the rule lab compares in Bull Fight.
MEASURES = (
    Measure("deals ending in a fish", "fish"),
    Measure("smothered fish", "smothered"),
    Measure("deals the blocker wins", "blocker_wins"),
    Measure("fish of fours", "fish_fours"),
)
