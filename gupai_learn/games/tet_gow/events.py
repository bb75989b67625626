"""What a finished Tet-Gow game tells a simulation (``GameInfo.events``) and what chapter 07's
rule lab measures (``GameInfo.measures``), design.md §9.

Rule ids (rules/tet_gow.md): TT-DEAL, TT-SCORE, TT-THREE.

    >>> from gupai_learn.bots import RandomPlayer, play_out
    >>> from gupai_learn.games.tet_gow import Deal
    >>> deal = play_out(Deal.random(seed=3), [RandomPlayer(s) for s in range(4)])
    >>> sorted(events(deal))
    ['leader', 'leader_score', 'leader_wins']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.engine.game import Measure
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.tet_gow.deal import Deal

__all__ = ["MEASURES", "events"]


def events(deal: Deal) -> dict[str, object]:
    """The first leader of a finished game (TT-DEAL), whether he won (``leader_wins``) and his
    score (``leader_score``, TT-SCORE, TT-THREE)."""
    if not deal.is_over:
        raise SetupError("events() needs a finished game (TT-SCORE)")
    leader = deal.tricks[0].leader
    return {
        "leader": leader,
        "leader_wins": deal.winner == leader,
        "leader_score": deal.settle().results[leader],
    }


#: What the rule lab compares in Tet-Gow.
MEASURES = (
    Measure("games the first leader wins", "leader_wins"),
    Measure("score of the first leader", "leader_score", share=False),
)
