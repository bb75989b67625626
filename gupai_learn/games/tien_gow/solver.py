"""A perfect-information Tien Gow solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Tien Gow's goal: ``seat`` takes the last trick
(or was dealt the one red dot). Every face-up play and every distinct face-down discard that
``legal_moves()`` lists is considered, under the deal's rules: TG-BEAT-STRICT and TG-BEAT-TIE
(only strictly higher plays of the lead's class go face up), TG-SUPREME, TG-TRICK-WINNER,
TG-EARLY-DEATH.

Positions are memoised with :meth:`Deal.last_trick_key`: columns matter only as none / some, so
positions that differ only in exact columns collide, as do identical civil tiles and equal
discards.
"""

from __future__ import annotations

from typing import Any

from gupai_learn.engine.moves import Move
from gupai_learn.engine.search import DEFAULT_MAX_NODES, SolveResult, check_game
from gupai_learn.engine.search import solve as search
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.deal import _TABLES, Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "describe", "solve"]


def solve(deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order. ``max_nodes`` bounds the positions searched (the default,
    200,000, takes a few seconds at most; pass a larger number to search longer); when it runs
    out, ``wins`` is None. Endgames of up to five tiles each are usually solved in milliseconds.
    """
    check_game(deal, Deal, "Tien Gow")
    return search(
        deal,
        seat,
        lambda d: d.winner == seat,
        key=Deal.last_trick_key,
        order=_order,
        max_nodes=max_nodes,
    )


def _order(deal: Deal, moves: list[Move]) -> list[Move]:
    """Moves in the order the search tries them (the answer does not depend on it; the speed
    does): leads of the most tiles first, strongest of their class first; follows the lowest
    winning play first, then the weakest discards, keeping strong tiles for later. On 4-tile
    endgames this searches about a quarter fewer positions than ``legal_moves()`` order."""
    if not deal.trick:
        by_tiles: dict[Any, tuple[int, Combination]] = _TABLES[deal.rules.mixed_sets].by_tiles
        return sorted(
            moves, key=lambda m: (len(m.pieces), by_tiles[m.pieces][1].rank), reverse=True
        )
    up = 0
    for move in moves:
        if move.kind != "play":
            break
        up += 1
    return moves[up - 1 :: -1] + moves[: up - 1 : -1] if up else moves[::-1]


def describe(result: SolveResult) -> Any:
    """A one-line summary for lessons: "wins with [6:6] or [1:1]" / "cannot force it"."""
    if result.wins is None:
        return "unknown (search budget ran out)"
    if not result.wins:
        return "cannot force the last trick"
    if not result.plays:
        return "forces the last trick"
    return "forces the last trick with " + " or ".join(str(a) for a in result.plays)
