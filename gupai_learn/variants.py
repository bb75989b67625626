"""What chapter 07 measures: simulations with who won each deal, the measures the rule lab
offers, and a side-by-side comparison of two variants (design.md §9).

Each game names its own events and measures in its package (``GameInfo.events`` and
``GameInfo.measures``, e.g. the kinds of fish of a finished Bull Fight deal, or how a Bergen
round ended); :func:`gupai_learn.sim.run` records the events of every deal. :func:`run` adds
``won_<seat>`` (who won the deal) for every game, and :func:`compare` charts one measure under
two variants.

    >>> from gupai_learn import variants
    >>> rows = variants.run("ding_niu", deals=20, seed=1, progress=False)
    >>> "fish_kind" in rows.columns and "won_0" in rows.columns
    True

The constants the chapter's lessons use (``BLOCKED_RULES``, ``FISH_KINDS``) are the games' own,
found here by name in the games' events modules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from gupai_learn import plots, sim
from gupai_learn.engine.deal import seeded
from gupai_learn.engine.game import Measure
from gupai_learn.engine.protocols import PlayedDeal
from gupai_learn.games import GAMES
from gupai_learn.verdict import SetupError, describe_input

__all__ = [
    "EVENTS",
    "MEASURES",
    "AnyMovePlayer",
    "Measure",
    "compare",
    "measure",
    "run",
    "seat_wins",
]


def seat_wins(deal: PlayedDeal) -> dict[str, bool]:
    """``won_<seat>``: whether each seat won the deal; no columns for a game whose deals name
    no single winner (a Bergen round scores points to several seats)."""
    if not hasattr(deal, "winner"):  # genuinely optional: not every game has one winner
        return {}
    winner = deal.winner
    return {f"won_{s}": winner == s for s in range(len(deal.hands))}


#: Each game's own events function (``GameInfo.events``), by game, in the course's order.
EVENTS: dict[str, Callable[[Any], dict[str, object]] | None] = {
    name: info.events for name, info in GAMES.items()
}


class AnyMovePlayer:
    """A player who picks uniformly among *all* legal moves (``deal.legal_moves()``), so it
    also makes the moves the package's random player never makes, such as a Bagchen charity
    lead (a face-down lead with a call, BG-CHARITY)."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seeded(seed)  # the seeds every level and Deal.random take

    def choose(self, deal: PlayedDeal) -> object:
        """A random legal move."""
        moves = deal.legal_moves()
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "AnyMovePlayer()"


def run(game: str, **options: Any) -> Any:
    """:func:`gupai_learn.sim.run` (which records the game's own events) with ``won_<seat>``
    added for every seat."""
    return sim.run(game, events=seat_wins, **options)


# ----- measures --------------------------------------------------------------------------------
#: What the rule lab can compare, per game (``GameInfo.measures``), in the course's order.
MEASURES: dict[str, tuple[Measure, ...]] = {
    name: info.measures for name, info in GAMES.items() if info.measures
}


def measure(game: str, label: str) -> Measure:
    """The measure of ``game`` called ``label`` (ValueError names the ones there are)."""
    offered = MEASURES.get(game, ()) if isinstance(game, str) else ()
    for found in offered:
        if found.label == label:
            return found
    known = "; ".join(m.label for m in offered) or "none"
    named = game if isinstance(game, str) and game in MEASURES else describe_input(game)
    raise SetupError(f"{describe_input(label)} is not a measure of {named}; choose one of: {known}")


def compare(
    game: str,
    variants: Mapping[str, Any],
    what: Measure | str,
    deals: int = 300,
    seed: int = 0,
    players: object = "heuristic",
    **options: object,
) -> tuple[plots.Chart, list[plots.Estimate]]:
    """Play the same seeded deals under each of ``variants`` (``{label: Rules}``) and chart
    ``what`` side by side, with its 95% intervals. ``players``: a kind, or a list (one per
    seat); a Rules with a ``players`` option seats that many. Returns the chart and the
    estimates (one per variant)."""
    found = measure(game, what) if isinstance(what, str) else what
    groups = {}
    for label, rules in variants.items():
        rows = run(game, rules=rules, players=players, deals=deals, seed=seed, **options)
        groups[label] = found.values(rows)
    draw = plots.proportion_bars if found.share else plots.mean_bars
    estimates = plots.proportions(groups) if found.share else plots.means(groups)
    return draw(groups, title=found.label, ylabel=found.label.split(",")[0]), estimates
