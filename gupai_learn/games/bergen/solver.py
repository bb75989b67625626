"""A perfect-information Bergen solver: can a seat make sure of the most points this round?

All hands and the boneyard's order are visible (the solver may look at the next tile to be
drawn, a learner's puzzle states it). ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with the goal "when the round ends, ``seat`` has
scored strictly more points this round than every other seat", under the deal's rules:
placements (BE-PLAY), drawing and passing (BE-DRAW, BE-RESERVE), headers (BE-HEADER-DOUBLE,
BE-HEADER-TRIPLE, BE-HEADER-CAP), domino and blocked rounds (BE-END-DOMINO, BE-END-BLOCKED).
"""

from __future__ import annotations

from gupai_learn.engine.search import DEFAULT_MAX_NODES, Memo, SolveResult, solve_game
from gupai_learn.games.bergen.deal import Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "solve"]


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force the most points of the round, whatever the others do?"""

    def goal(done: Deal) -> bool:
        mine = done.round_points[seat]
        return all(mine > p for s, p in enumerate(done.round_points) if s != seat)

    return solve_game(deal, seat, (Deal, "Bergen"), goal=goal, max_nodes=max_nodes, memo=memo)
