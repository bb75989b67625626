"""Tet-Gow scores at the end of a game (rules/tet_gow.md: TT-SCORE, TT-THREE).

The winner (who took the last round, TT-LAST) scores his tricks + 4, every other player his
tricks − 4; with three players + 2 and − 5. The scores add up to zero. They are returned as a
:class:`Scores`, a :class:`~gupai_learn.engine.settlement.Settlement` whose ``payments`` are the
points: each player's score is written as a line between him and the winner, so the shared
drawings and matches read it like any settlement, and ``scores`` names them as points.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from gupai_learn.engine.settlement import Payment, Settlement

if TYPE_CHECKING:
    from gupai_learn.games.tet_gow.deal import Deal


@dataclass(frozen=True)
class Scores(Settlement):
    """A settlement of points: ``scores`` (= ``payments``) per seat, summing to zero;
    ``explained`` says for each seat how its score is made ("South: 2 tricks + 4 = +6")."""

    explained: tuple[str, ...] = ()

    #: what the numbers count, for a learner's sentence ("You (East): +6 points")
    unit = "point"

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per seat for this game."""
        return self.payments

    def __str__(self) -> str:
        return "\n".join([self.outcome, *(f"  {line}" for line in self.explained)])

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{html.escape(line)}</td></tr>" for line in self.explained)
        return (
            f"<div class='gupai-settlement'><b>{html.escape(self.outcome)}</b>"
            f"<table class='gupai-scores'>{rows}</table></div>"
        )


def settle(deal: Deal) -> Scores:
    """Score a finished game; raises ValueError while it is still in play."""
    if not deal.is_over:
        raise ValueError("the game is still in play: settle() needs a finished game (TT-SCORE)")
    winner = deal.winner
    assert winner is not None
    return score(deal.seat_names, tuple(deal.won), winner, deal.rules.players)


@lru_cache(maxsize=4096)
def score(names: tuple[str, ...], won: tuple[int, ...], winner: int, players: int = 4) -> Scores:
    """The scores of a game with ``won`` tricks per seat, won by ``winner`` (settled once per
    outcome: the result is immutable and shared)."""
    bonus, penalty = (4, 4) if players == 4 else (2, 5)
    rule = "TT-SCORE" if players == 4 else "TT-THREE"
    lines, explained = [], []
    for seat, tricks in enumerate(won):
        if seat == winner:
            mine = tricks + bonus
            explained.append(
                f"{names[seat]} (winner): {_tricks(tricks)} + {bonus} = {_points(mine)} ({rule})"
            )
            continue
        points = tricks - penalty
        text = f"{names[seat]}: {_tricks(tricks)} − {penalty} = {_points(points)}"
        explained.append(f"{text} ({rule})")
        payer, payee = (seat, winner) if points < 0 else (winner, seat)
        lines.append(Payment(payer, payee, abs(points), text, (rule,)))
    outcome = f"{names[winner]} wins the game with the last round (TT-LAST)"
    kept = tuple(line for line in lines if line.amount)  # as Settlement.from_lines does
    return Scores(tuple(names), kept, outcome, (), tuple(explained))


def _tricks(n: int) -> str:
    return f"{n} trick{'s' * (n != 1)}"


def _points(n: int) -> str:
    """``+6 points``, ``−1 point``, ``0 points``."""
    shown = f"{n:+d}".replace("-", "−") if n else "0"
    return f"{shown} point{'s' * (abs(n) != 1)}"
