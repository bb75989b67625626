"""A perfect-information Bull Fight solver: can a seat force first place?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with the goal "``seat`` is first when the hand ends"
(DN-SCORE-PLACES), under the deal's rules: placements at both ends (DN-PLAY-ENDS), the
obligation to place (DN-PLAY-MUST), face-down tiles (DN-DISCARD) and the fish
(DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER). Positions are memoised with
:meth:`Deal.state_key` (the line's order does not matter, only its open numbers and the
non-doubles on it).
"""

from __future__ import annotations

from gupai_learn.engine.search import DEFAULT_MAX_NODES, Memo, SolveResult, solve_game
from gupai_learn.engine.search import describe as summary
from gupai_learn.games.ding_niu.deal import Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "describe", "solve"]


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force first place from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win. Endgames
    of two or three tiles each are solved in milliseconds."""
    return solve_game(deal, seat, (Deal, "Bull Fight"), max_nodes=max_nodes, memo=memo)


def describe(result: SolveResult) -> str:
    """A one-line summary for lessons: "forces first place with [6:4]>left" / "cannot force
    first place"."""
    return summary(result, "first place")
