"""Tien Gow settlement at the end of a hand, one small function per rule (mahjong style).

Rule ids (rules/tien_gow.md): TG-PAY-PAR, TG-PAY-ZERO, TG-PAY-BANKER, TG-PAY-LAST, TG-PAY-ALL,
TG-PAY-ALL-EXCEPTION, TG-TRICKPAY (collected during play, listed first), TG-CAPTURE,
TG-RED-DOT, TG-STREAK.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.engine.trick import Trick
from gupai_learn.games.tien_gow.combos import BIG_SIX, LITTLE_THREE
from gupai_learn.games.tien_gow.rules import Rules
from gupai_learn.verdict import SetupError

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


class Facts(NamedTuple):
    """Everything settlement depends on, read once from a finished deal.

    Settling is a pure function of these facts, so identical outcomes (common in simulations)
    are settled once and the immutable :class:`Settlement` is shared.
    """

    seat_names: tuple[str, ...]
    rules: Rules
    columns: tuple[int, ...]
    winner: int
    banker: int
    banker_streak: int
    red_dot: bool
    trick_payments: tuple[Payment, ...]
    last_trick_bonus: bool
    complete_game_exception: bool
    captured_by: int | None


def settle(deal: Deal) -> Settlement:
    """Settle a finished deal; raises ValueError while the deal is still in play."""
    if not deal.is_over:
        raise SetupError("the hand is still in play: settle() needs a finished deal (TG-PAY-PAR)")
    return settle_facts(facts(deal))


def facts(deal: Deal) -> Facts:
    """The facts of a finished deal that settlement needs."""
    winner = deal.winner
    assert winner is not None
    red_dot = deal.red_dot_seat is not None
    if red_dot:
        columns = tuple(ALL_COLUMNS if s == winner else 0 for s in range(4))
        last = None
    else:
        columns = deal.columns
        last = deal.last_trick
    return Facts(
        deal.seat_names,
        deal.rules,
        columns,
        winner,
        deal.banker,
        deal.banker_streak,
        red_dot,
        tuple(deal.trick_payments),
        last is not None and _last_trick_bonus(deal.rules, last),
        columns[winner] == ALL_COLUMNS and _complete_game_exception(deal, winner),
        None if last is None else _captured_leader(deal.rules, last),
    )


@lru_cache(maxsize=4096)
def settle_facts(f: Facts) -> Settlement:
    """Who pays whom, explained, given the facts of a finished hand."""
    factors, notes = _hand_factors(f)
    lines = list(f.trick_payments)
    for seat in range(4):
        if seat != f.winner:
            lines.append(_end_payment(f, seat, f.columns[seat], factors))
    lines = _big_six_captures(f, lines, notes)
    return Settlement.from_lines(f.seat_names, lines, _outcome(f), notes)


def _outcome(f: Facts) -> str:
    name = f.seat_names[f.winner]
    if f.red_dot:
        return f"{name} wins at once with exactly one red pip (TG-RED-DOT)"
    return f"{name} wins the hand by taking the last trick and is the next banker"


def _hand_factors(f: Facts) -> tuple[list[Factor], list[str]]:
    """Multipliers that apply to every end payment of this hand."""
    factors: list[Factor] = []
    notes: list[str] = []
    if f.last_trick_bonus:
        factors.append(Factor(2, "last-trick bonus", "TG-PAY-LAST"))
    if f.rules.complete_game_bonus and f.columns[f.winner] == ALL_COLUMNS:
        if f.complete_game_exception:
            notes.append(
                f"No complete-game bonus: {f.seat_names[f.winner]} is the banker and his first "
                "lead was unbeatable in his own eyes (TG-PAY-ALL-EXCEPTION)."
            )
        else:
            factors.append(Factor(2, "complete game", "TG-PAY-ALL"))
    return factors, notes


def _last_trick_bonus(rules: Rules, last: Trick) -> bool:
    """TG-PAY-LAST: the last trick won by a quartet, the Supreme pair or the single [2:1]."""
    if not rules.last_trick_bonus:
        return False
    high = last.high
    assert high.combination is not None
    return high.combination.kind in ("quartet", "supreme") or tuple(high.pieces) == (LITTLE_THREE,)


def _complete_game_exception(deal: Deal, winner: int) -> bool:
    return (
        deal.rules.complete_game_exception
        and deal.red_dot_seat is None
        and winner == deal.banker
        and bool(deal.first_lead_unbeatable())
    )


def _captured_leader(rules: Rules, last: Trick) -> int | None:
    """TG-CAPTURE: the seat that led [2:1] to the last trick and lost it to [4:2], if any."""
    if not rules.big_six_captures or last.size != 1:
        return None
    if last.plays[0].pieces[0] != LITTLE_THREE:
        return None
    high = last.high
    if high.pieces[0] != BIG_SIX or high.seat == last.leader:
        return None
    return last.leader


def _end_payment(f: Facts, seat: int, cols: int, hand_factors: list[Factor]) -> Payment:
    """TG-PAY-PAR / TG-PAY-ZERO for one loser, with every multiplier that applies to him."""
    winner = f.winner
    if cols < PAR:
        base = f.rules.zero_column_payment if cols == 0 else PAR - cols
        payer, payee = seat, winner
        why = "no column" if cols == 0 else f"{PAR} − {cols} column{'s' * (cols != 1)}"
        rules = ["TG-PAY-ZERO" if cols == 0 else "TG-PAY-PAR"]
    else:
        base = cols - PAR
        payer, payee = winner, seat
        why = f"{cols} − {PAR} columns above par"
        rules = ["TG-PAY-PAR"]
    amount = base
    text = f"{why}: {base}"
    for factor in [*_pair_factors(f, seat), *hand_factors]:
        amount *= factor.times
        text += f" × {factor.times} {factor.label}"
        rules.append(factor.rule)
    return Payment(payer, payee, amount, text, tuple(rules))


def _pair_factors(f: Facts, seat: int) -> list[Factor]:
    """Multipliers that depend on who pays whom: banker double and the banker streak."""
    if f.banker not in (seat, f.winner):
        return []
    streak, mode = f.banker_streak, f.rules.banker_streak
    if mode == "hands" and streak > 0:
        # TG-STREAK "hands": x(n+1) in the banker's n-th hand in a row, replacing the double
        times = streak + 2
        return [Factor(times, f"banker in his hand no. {streak + 1} in a row", "TG-STREAK")]
    factors = [Factor(2, "banker double", "TG-PAY-BANKER")]
    if mode == "wins" and streak > 0 and f.winner == f.banker:
        # TG-STREAK "wins": on top of the double, x the banker's consecutive wins (streak
        # counts his wins in a row before this hand, the one that gave him the bank included)
        wins = streak + 1
        factors.append(Factor(wins, f"banker's win no. {wins} in a row", "TG-STREAK"))
    return factors


def _big_six_captures(f: Facts, lines: list[Payment], notes: list[str]) -> list[Payment]:
    """TG-CAPTURE: a last single led with [2:1] and won by [4:2]: the [2:1] leader pays what the
    two uninvolved players owe the winner."""
    leader, winner = f.captured_by, f.winner
    if leader is None:
        return lines
    names = f.seat_names
    notes.append(
        f"Big six captures little three: {names[leader]} led [2:1] and {names[winner]} "
        f"won it with [4:2], so {names[leader]} pays for the others (TG-CAPTURE)."
    )
    moved = []
    end = len(f.trick_payments)
    for i, line in enumerate(lines):
        if i >= end and line.payee == winner and line.payer not in (leader, winner):
            text = f"{line.text}, owed by {names[line.payer]}"
            line = Payment(leader, winner, line.amount, text, (*line.rules, "TG-CAPTURE"))
        moved.append(line)
    return moved
