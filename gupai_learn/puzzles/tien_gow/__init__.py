"""Tien Gow (天九) puzzles: from naming a lead to taking the last trick.

Every answer is judged by the engine (:mod:`gupai_learn.games.tien_gow`) or its solver, never
by a stored answer alone: a puzzle keeps the *situation* (tiles, a scripted trick, a scripted
end of a deal, an endgame) and asks the engine what the rules say about the learner's answer.
A wrong answer is fed to the engine too, so the feedback names the rule it breaks.

Kinds of puzzle (ids are stable; lessons and tests refer to them), one module each:

- ``tg-deal-NN`` (choice, :mod:`.deals`): who leads, columns, who wins the hand, one red dot.
- ``tg-class-NN`` (choice, :mod:`.leads`): which class is this lead?
- ``tg-lead-NN`` (choice, :mod:`.leads`): may these tiles be led, and if not, why not?
- ``tg-beat-NN`` (tiles, :mod:`.tricks`): pick a play from your hand that beats the table.
- ``tg-trick-NN`` (choice, :mod:`.tricks`): who takes this trick?
- ``tg-pay-NN`` (numbers, :mod:`.payments`): what each seat wins or pays at the end.
- ``tg-end-NN`` (move, :mod:`.endgames`): lead so that you surely take the last trick.

:func:`about_deal` asks three questions about any finished deal (:mod:`.about`).

    >>> from gupai_learn.puzzles import tien_gow
    >>> tien_gow.get("tg-class-01").check("a mixed pair").outcome
    'correct'
"""

from __future__ import annotations

from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Puzzle
from gupai_learn.puzzles.tien_gow import deals, endgames, leads, payments, tricks
from gupai_learn.puzzles.tien_gow.about import about_deal
from gupai_learn.puzzles.tien_gow.common import SCENES, lead_verdict

__all__ = ["about_deal", "bank", "deal_for", "get", "lead_verdict"]


def bank() -> list[Puzzle]:
    """Every Tien Gow puzzle, in learning order."""
    return [
        *deals.puzzles(),
        *leads.puzzles(),
        *tricks.puzzles(),
        *payments.puzzles(),
        *endgames.puzzles(),
    ]


def get(pid: str) -> Puzzle:
    """The puzzle with id ``pid`` (e.g. ``"tg-beat-01"``); KeyError if there is none."""
    for puzzle in bank():
        if puzzle.id == pid:
            return puzzle
    raise KeyError(f"no Tien Gow puzzle {pid!r}")


def deal_for(pid: str) -> tg.Deal:
    """A fresh deal at the moment puzzle ``pid`` asks about (puzzles set in a deal)."""
    if not SCENES:
        bank()
    if pid not in SCENES:
        raise KeyError(f"puzzle {pid!r} is not set in a deal")
    return SCENES[pid].build()[0]
