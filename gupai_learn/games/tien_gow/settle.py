"""Tien Gow settlement at the end of a hand, one small function per rule (mahjong style).

Rule ids (rules/tien_gow.md): TG-PAY-PAR, TG-PAY-ZERO, TG-PAY-BANKER, TG-PAY-LAST, TG-PAY-ALL,
TG-PAY-ALL-EXCEPTION, TG-TRICKPAY (collected during play, listed first), TG-CAPTURE,
TG-RED-DOT, TG-STREAK.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.games.tien_gow.combos import BIG_SIX, LITTLE_THREE

if TYPE_CHECKING:
    from gupai_learn.games.tien_gow.deal import Deal

PAR = 4
ALL_COLUMNS = 8


@dataclass(frozen=True)
class Factor:
    """A multiplier on end payments, with its label and rule."""

    times: int
    label: str
    rule: str


def settle(deal: Deal) -> Settlement:
    """Settle a finished deal; raises ValueError while the deal is still in play."""
    if not deal.is_over:
        raise ValueError("the hand is still in play: settle() needs a finished deal (TG-PAY-PAR)")
    winner = deal.winner
    assert winner is not None
    columns = [ALL_COLUMNS if s == winner else 0 for s in range(4)]
    if deal.red_dot_seat is None:
        columns = list(deal.columns)
    factors, notes = _hand_factors(deal, winner, columns)
    lines = list(deal.trick_payments)
    for seat in range(4):
        if seat != winner:
            lines.append(_end_payment(deal, seat, winner, columns[seat], factors))
    lines = _big_six_captures(deal, winner, lines, notes)
    outcome = _outcome(deal, winner)
    return Settlement.from_lines(deal.seat_names, lines, outcome, notes)


def _outcome(deal: Deal, winner: int) -> str:
    name = deal.name(winner)
    if deal.red_dot_seat is not None:
        return f"{name} wins at once with exactly one red pip (TG-RED-DOT)"
    return f"{name} wins the hand by taking the last trick and is the next banker"


def _hand_factors(deal: Deal, winner: int, columns: list[int]) -> tuple[list[Factor], list[str]]:
    """Multipliers that apply to every end payment of this hand."""
    factors: list[Factor] = []
    notes: list[str] = []
    if deal.red_dot_seat is None and _last_trick_bonus(deal):
        factors.append(Factor(2, "last-trick bonus", "TG-PAY-LAST"))
    if deal.rules.complete_game_bonus and columns[winner] == ALL_COLUMNS:
        if _complete_game_exception(deal, winner):
            notes.append(
                f"No complete-game bonus: {deal.name(winner)} is the banker and his first lead was "
                "unbeatable in his own eyes (TG-PAY-ALL-EXCEPTION)."
            )
        else:
            factors.append(Factor(2, "complete game", "TG-PAY-ALL"))
    return factors, notes


def _last_trick_bonus(deal: Deal) -> bool:
    """TG-PAY-LAST: the last trick won by a quartet, the Supreme pair or the single [2:1]."""
    if not deal.rules.last_trick_bonus:
        return False
    high = deal.tricks[-1].high
    assert high.combination is not None
    return high.combination.kind in ("quartet", "supreme") or tuple(high.pieces) == (LITTLE_THREE,)


def _complete_game_exception(deal: Deal, winner: int) -> bool:
    return (
        deal.rules.complete_game_exception
        and deal.red_dot_seat is None
        and winner == deal.banker
        and bool(deal.first_lead_unbeatable())
    )


def _end_payment(
    deal: Deal, seat: int, winner: int, cols: int, hand_factors: list[Factor]
) -> Payment:
    """TG-PAY-PAR / TG-PAY-ZERO for one loser, with every multiplier that applies to him."""
    if cols < PAR:
        base = deal.rules.zero_column_payment if cols == 0 else PAR - cols
        payer, payee = seat, winner
        why = "no column" if cols == 0 else f"{PAR} − {cols} columns"
        rules = ["TG-PAY-ZERO" if cols == 0 else "TG-PAY-PAR"]
    else:
        base = cols - PAR
        payer, payee = winner, seat
        why = f"{cols} − {PAR} columns above par"
        rules = ["TG-PAY-PAR"]
    amount = base
    text = f"{why}: {base}"
    for factor in [*_pair_factors(deal, seat, winner), *hand_factors]:
        amount *= factor.times
        text += f" × {factor.times} {factor.label}"
        rules.append(factor.rule)
    return Payment(payer, payee, amount, text, tuple(rules))


def _pair_factors(deal: Deal, seat: int, winner: int) -> list[Factor]:
    """Multipliers that depend on who pays whom: banker double and the banker streak."""
    if deal.banker not in (seat, winner):
        return []
    factors = [Factor(2, "banker double", "TG-PAY-BANKER")]
    streak = deal.banker_streak
    mode = deal.rules.banker_streak
    applies = mode == "hands" or (mode == "wins" and winner == deal.banker)
    if streak > 0 and applies:
        factors.append(Factor(streak + 1, f"banker streak ({streak + 1})", "TG-STREAK"))
    return factors


def _big_six_captures(
    deal: Deal, winner: int, lines: list[Payment], notes: list[str]
) -> list[Payment]:
    """TG-CAPTURE: a last single led with [2:1] and won by [4:2]: the [2:1] leader pays what the
    two uninvolved players owe the winner."""
    if not deal.rules.big_six_captures or deal.red_dot_seat is not None:
        return lines
    last = deal.tricks[-1]
    leader = last.leader
    if last.size != 1 or tuple(last.plays[0].pieces) != (LITTLE_THREE,):
        return lines
    if tuple(last.high.pieces) != (BIG_SIX,) or winner == leader:
        return lines
    notes.append(
        f"Big six captures little three: {deal.name(leader)} led [2:1] and {deal.name(winner)} "
        f"won it with [4:2], so {deal.name(leader)} pays for the others (TG-CAPTURE)."
    )
    moved = []
    end = len(deal.trick_payments)
    for i, line in enumerate(lines):
        if i >= end and line.payee == winner and line.payer not in (leader, winner):
            text = f"{line.text}, owed by {deal.name(line.payer)}"
            line = Payment(leader, winner, line.amount, text, (*line.rules, "TG-CAPTURE"))
        moved.append(line)
    return moved
