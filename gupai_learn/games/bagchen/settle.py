"""Bagchen settlement at the end of a deal, one small function per rule.

Rule ids (rules/bagchen.md): BG-POINT-PAY (point leads, collected during play and listed first),
BG-PAY-NORMAL (6 tricks is par: the winner of the last trick collects 6 − t from each player
with t < 6 and pays t − 6 to each with t > 6), BG-PAY-JUMP (a deal ended by a run of point
leads: those leads collect nothing, and the normal settlement is multiplied by 2 × their
points), BG-SLAM (all 16 tricks: the whole game; the normal settlement is still paid, and the
settlement's ``game_winner`` names the seat, which ends a Match).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.games.bagchen.combos import point_value
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.bagchen.deal import Deal

PAR = 6
ALL_TRICKS = 16


def jump(deal: Deal) -> tuple[int, tuple[int, ...]]:
    """BG-PAY-JUMP: the points of the unbroken run of point leads that ended the deal, and the
    indices of those tricks ((0, ()) when the last trick was not won by a point lead)."""
    points, run = 0, []
    for i in range(len(deal.tricks) - 1, -1, -1):
        value = point_value(deal.tricks[i].lead)
        if not value:
            break
        points += value
        run.append(i)
    return points, tuple(run)


def settle(deal: Deal) -> Settlement:
    """Settle a finished deal; raises ValueError while it is still in play."""
    if not deal.is_over:
        raise SetupError(
            "the deal is still in play: settle() needs a finished deal (BG-PAY-NORMAL)"
        )
    winner = deal.winner
    assert winner is not None
    names = deal.seat_names
    points, run = jump(deal)
    lines = [p for i, pays in deal.point_payments if i not in run for p in pays]
    times = 2 * points if points else 1
    notes = []
    if points:
        notes.append(
            f"Jump: the deal ended with {len(run)} point lead{'s' * (len(run) > 1)} worth "
            f"{points} point{'s' * (points > 1)}; they collect no chips and the settlement is "
            f"multiplied by 2 × {points} = {times} (BG-PAY-JUMP)."
        )
    for seat in range(deal.n_seats):
        if seat != winner:
            lines.append(_normal(deal.won[seat], seat, winner, times))
    slam = winner if is_slam(deal) else None
    return Settlement.from_lines(names, lines, _outcome(deal, winner), notes, game_winner=slam)


def _normal(tricks: int, seat: int, winner: int, times: int) -> Payment:
    """BG-PAY-NORMAL for one player, times the jump multiplier."""
    rules: tuple[str, ...] = ("BG-PAY-NORMAL",) + (("BG-PAY-JUMP",) if times > 1 else ())
    jump_text = f" × {times} jump" if times > 1 else ""
    if tricks < PAR:
        base = PAR - tricks
        text = f"{PAR} − {tricks} trick{'s' * (tricks != 1)}: {base}{jump_text}"
        return Payment(seat, winner, base * times, text, rules)
    base = tricks - PAR
    text = f"{tricks} − {PAR} tricks above par: {base}{jump_text}"
    return Payment(winner, seat, base * times, text, rules)


def _outcome(deal: Deal, winner: int) -> str:
    name = deal.seat_names[winner]
    if deal.won[winner] == ALL_TRICKS:
        return f"{name} took all 16 tricks: a big slam, which wins the whole game (BG-SLAM)"
    return f"{name} wins the deal by taking the last trick and leads the next one"


def is_slam(deal: Deal) -> bool:
    """BG-SLAM: did the winner of a finished deal take all 16 tricks?"""
    winner = deal.winner
    return winner is not None and deal.won[winner] == ALL_TRICKS
