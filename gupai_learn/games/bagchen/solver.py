"""A perfect-information Bagchen solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Bagchen's goal: ``seat`` takes the last trick
(BG-PAY-NORMAL: it wins the deal). Every move ``legal_moves()`` lists is considered under the
deal's rules: BG-RANK and the combinations, point tiles (BG-POINT-PLAY), passport leads
(BG-PASSPORT-LEAD), charity (BG-CHARITY) when on. Positions are memoised with
:meth:`Deal.last_trick_key` (passports, not exact tricks).
"""

from __future__ import annotations

from gupai_learn.engine.search import DEFAULT_MAX_NODES, SolveResult, check_game
from gupai_learn.engine.search import solve as search
from gupai_learn.games.bagchen.deal import Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "solve"]


def solve(deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order; ``wins`` is None when ``max_nodes`` positions did not settle
    it."""
    check_game(deal, Deal, "Bagchen")
    return search(
        deal, seat, lambda d: d.winner == seat, key=Deal.last_trick_key, max_nodes=max_nodes
    )
