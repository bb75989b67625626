"""Questions about any finished deal (``<prefix>-winner``, ``-columns``, ``-pay``).

Lesson 02.09 asks them about a deal the learner has just watched or played: who won the hand,
how many columns each seat took, and what each seat wins or pays. The engine's own state
(``deal.winner``, ``deal.columns``, ``deal.settle()``) is the judge, so the questions work for
every deal, including one nobody has seen before.
"""

from __future__ import annotations

from typing import Any

from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.puzzles.tien_gow.common import (
    SEATS,
    blank,
    correct,
    incorrect,
    not_attempted,
    read_choice,
    read_numbers,
)
from gupai_learn.puzzles.tien_gow.payments import (
    _pay_mistakes,
    _pay_reasons,
    _settlement_reasons,
)
from gupai_learn.verdict import Reason


def about_deal(deal: tg.Deal, prefix: str = "deal") -> list[Puzzle]:
    """Three puzzles about ``deal``, which must be over (ValueError otherwise)."""
    if not deal.is_over:
        raise ValueError("ask about a deal once it is over: play it to the end first")
    return [_winner(deal, prefix), _columns(deal, prefix), _payments(deal, prefix)]


def _winner(deal: tg.Deal, prefix: str) -> Puzzle:
    """Who won the hand: the winner of the last trick (or the one-red-dot hand)."""
    winner = deal.winner
    assert winner is not None
    why = _winner_reason(deal)

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("name the seat that won the hand.")
        chosen = read_choice(answer, SEATS)
        if chosen is None:
            return incorrect(f"Choose one of the seats: {', '.join(SEATS)}.")
        if chosen == SEATS[winner]:
            return correct(f"Yes: {chosen} won the hand.", [why])
        columns = deal.columns[SEATS.index(chosen)]
        hint = Reason(
            "TG-TRICK-WINNER",
            f"{chosen} took {columns} column{'s' * (columns != 1)}, but columns do not decide "
            "who wins the hand: only the last trick does.",
        )
        return incorrect(f"No, {chosen} did not win the hand.", [hint])

    return Puzzle(
        id=f"{prefix}-winner",
        title="Who won the hand?",
        prompt="The deal is over. Which seat won the hand (and deals as banker next)?",
        answer_kind="choice",
        choices=SEATS,
        checker=check,
        hints=("Columns do not decide it.", "Look at the last trick only."),
        solution=Solution(SEATS[winner], f"{SEATS[winner]} won the hand.", (why,)),
        rules=("TG-TRICK-WINNER", "TG-DEAL"),
    )


def _winner_reason(deal: tg.Deal) -> Reason:
    if deal.red_dot_seat is not None:
        return Reason("TG-RED-DOT", f"{deal.name(deal.red_dot_seat)} held exactly one red pip.")
    last = deal.tricks[-1]
    return Reason(
        "TG-TRICK-WINNER",
        f"{deal.name(last.winner)} made the last face-up play of the last trick "
        f"({''.join(str(t) for t in last.high.pieces)}).",
    )


def _columns(deal: tg.Deal, prefix: str) -> Puzzle:
    """How many columns each seat won: one per tile of each trick it took."""
    truth = list(deal.columns)

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("give one number per seat.")
        values = read_numbers(answer, len(SEATS))
        if values is None:
            return incorrect("Give four whole numbers, one per seat, e.g. 2, 3, 0, 3.")
        if values == truth:
            return correct("Right.", [_columns_reason(deal)])
        wrong = [SEATS[i] for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t]
        text = "Not quite: look again at " + ", ".join(wrong) + "."
        if sum(values) != sum(truth):
            text += f" The columns add up to {sum(truth)}, one per tile each seat played."
        rule = Reason("TG-COLUMNS", "A trick won with a lead of n tiles is worth n columns.")
        return incorrect(text, [rule])

    return Puzzle(
        id=f"{prefix}-columns",
        title="Count the columns",
        prompt="How many columns did each seat win in this deal (East, South, West, North)?",
        answer_kind="numbers",
        labels=SEATS,
        checker=check,
        hints=(
            "Each trick is worth as many columns as the lead has tiles.",
            "The eight columns of a full deal always add up to 8.",
        ),
        solution=Solution(tuple(truth), "The columns per seat.", (_columns_reason(deal),)),
        rules=("TG-COLUMNS",),
    )


def _columns_reason(deal: tg.Deal) -> Reason:
    taken = ", ".join(
        f"trick {i} ({t.size}) to {deal.name(t.winner)}" for i, t in enumerate(deal.tricks, 1)
    )
    return Reason("TG-COLUMNS", f"Tricks and their columns: {taken}.")


def _payments(deal: tg.Deal, prefix: str) -> Puzzle:
    """What each seat wins or pays in all, as ``deal.settle()`` says."""
    settlement = deal.settle()
    truth = list(settlement.payments)

    def check(answer: Any) -> Feedback:
        if blank(answer):
            return not_attempted("give one number per seat (+ wins, − pays).")
        values = read_numbers(answer, len(SEATS))
        if values is None:
            return incorrect("Give four whole numbers, one per seat, e.g. 6, -2, -2, -2.")
        if values == truth:
            return correct("Right.", _settlement_reasons(settlement))
        reasons = _pay_reasons(values, truth, settlement) or [_square(values, truth)]
        return incorrect(_pay_mistakes(values, truth), reasons)

    return Puzzle(
        id=f"{prefix}-pay",
        title="Settle the deal",
        prompt="What does each seat win (+) or pay (−) in all for this deal?",
        answer_kind="numbers",
        labels=tuple(f"{n} (banker)" if i == deal.banker else n for i, n in enumerate(SEATS)),
        checker=check,
        hints=(
            "Par is 4 columns: a seat below par pays the winner the difference, one above is paid.",
            "A seat with no column pays 5; anything between the banker and another seat doubles.",
            "Then look for bonuses: how was the last trick won? Were there quartet or Supreme "
            "tricks during play?",
        ),
        solution=Solution(tuple(truth), str(settlement), tuple(_settlement_reasons(settlement))),
        rules=tuple(dict.fromkeys(r for line in settlement.lines for r in line.rules)),
    )


def _square(values: list[int], truth: list[int]) -> Reason:
    """Why a seat that no payment touches ends at 0 (it is at par, exactly 4 columns)."""
    seats = [SEATS[i] for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t]
    return Reason(
        "TG-PAY-PAR",
        f"{', '.join(seats)}: no payment involves this seat; exactly 4 columns is par, "
        "neither paid nor paying.",
    )
