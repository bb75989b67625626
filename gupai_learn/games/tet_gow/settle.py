"""Tet-Gow scores at the end of a game (rules/tet_gow.md: TT-SCORE, TT-THREE).

The winner (who took the last round, TT-LAST) scores his tricks + 4, every other player his
tricks − 4; with three players + 2 and − 5. The scores add up to zero. They are returned as a
:class:`~gupai_learn.engine.settlement.Settlement` of points: one
:class:`~gupai_learn.engine.settlement.Award` per seat, so ``scores`` (= ``results``) gives the
points per seat and a :class:`~gupai_learn.engine.match.Match` adds them up.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from gupai_learn.engine.settlement import Award, Settlement
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.tet_gow.deal import Deal


#: Kept for readers of earlier code: a Tet-Gow result is a Settlement of points.
Scores = Settlement


def settle(deal: Deal) -> Settlement:
    """Score a finished game; raises ValueError while it is still in play."""
    if not deal.is_over:
        raise SetupError("the game is still in play: settle() needs a finished game (TT-SCORE)")
    winner = deal.winner
    assert winner is not None
    return score(deal.seat_names, tuple(deal.won), winner, deal.rules.players)


@lru_cache(maxsize=4096)
def score(
    names: tuple[str, ...], won: tuple[int, ...], winner: int, players: int = 4
) -> Settlement:
    """The scores of a game with ``won`` tricks per seat, won by ``winner`` (settled once per
    outcome: the result is immutable and shared)."""
    bonus, penalty = (4, 4) if players == 4 else (2, 5)
    rule = "TT-SCORE" if players == 4 else "TT-THREE"
    awards = []
    for seat, tricks in enumerate(won):
        if seat == winner:
            points = tricks + bonus
            text = f"{_tricks(tricks)} + {bonus} for taking the last round"
        else:
            points = tricks - penalty
            text = f"{_tricks(tricks)} − {penalty}"
        awards.append(Award(seat, points, text, (rule,)))
    mine = won[winner] + bonus
    outcome = (
        f"{names[winner]} wins the game with the last round: "
        f"{_tricks(won[winner])} + {bonus} = {mine:+d} points"
    )
    return Settlement.from_awards(names, awards, outcome)


def _tricks(n: int) -> str:
    return f"{n} trick{'s' * (n != 1)}"
