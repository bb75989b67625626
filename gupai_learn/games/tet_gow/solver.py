"""A perfect-information Tet-Gow solver: can a seat force winning the game?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Tet-Gow's goal: ``seat`` wins the last round
(TT-LAST), every face-up play and face-down discard of ``legal_moves()`` considered (TT-LEAD,
TT-FOLLOW). Positions are memoised with :meth:`Deal.winner_key` (tricks count only up to 2).
"""

from __future__ import annotations

from gupai_learn.engine.moves import Move
from gupai_learn.engine.search import DEFAULT_MAX_NODES, Memo, SolveResult, solve_game
from gupai_learn.engine.search import describe as summary
from gupai_learn.games.tet_gow.combos import TIER
from gupai_learn.games.tet_gow.deal import Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "describe", "solve"]


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force winning the game (the last round, TT-LAST) whatever the others do?

    ``plays`` lists, at ``seat``'s turn, every move that keeps the forced win; ``wins`` is None
    when ``max_nodes`` positions were not enough."""
    return solve_game(
        deal,
        seat,
        (Deal, "Tet-Gow"),
        key=Deal.winner_key,
        order=_order,
        max_nodes=max_nodes,
        memo=memo,
    )


def _order(deal: Deal, moves: list[Move]) -> list[Move]:
    """Strong moves first (faster cut-offs, same answer): leads of many cards and high tiers;
    for a follower the face-up plays, then the discards."""
    return sorted(moves, key=lambda m: (m.kind != "play", -len(m.pieces), TIER[m.pieces[0]]))


def describe(result: SolveResult) -> str:
    """A one-line summary: "forces the game with Ace of Moons" / "cannot force the game"."""
    return summary(result, "the game")
