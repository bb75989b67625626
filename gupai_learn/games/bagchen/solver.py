"""A perfect-information Bagchen solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Bagchen's goal: ``seat`` takes the last trick
(BG-PAY-NORMAL: it wins the deal). Every move ``legal_moves()`` lists is considered under the
deal's rules: BG-RANK and the combinations, point tiles (BG-POINT-PLAY), passport leads
(BG-PASSPORT-LEAD), charity (BG-CHARITY) when on. Positions are memoised with
:meth:`Deal.last_trick_key` (passports, not exact tricks).
"""

from __future__ import annotations

from gupai_learn.engine.moves import Move
from gupai_learn.engine.search import DEFAULT_MAX_NODES, Memo, SolveResult, lowest_first, solve_game
from gupai_learn.games.bagchen.deal import Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "solve"]


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order; ``wins`` is None when ``max_nodes`` positions did not settle
    it."""
    return solve_game(
        deal,
        seat,
        (Deal, "Bagchen"),
        key=Deal.last_trick_key,
        order=_order,
        max_nodes=max_nodes,
        memo=memo,
    )


def _order(deal: Deal, moves: list[Move]) -> list[Move]:
    """Moves in the order the search tries them (same answer, fewer positions): leads of the
    most tiles first; a follower's lowest beating play first, then its face-down plays from the
    last listed. On random 6-tile endgames this searches 2 to 20 times fewer positions."""
    if not deal.trick:
        return sorted(moves, key=lambda m: (m.kind != "play", -len(m.pieces)))
    return lowest_first(moves)
