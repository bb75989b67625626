"""Bagchen reviews within their budgets (issue 36): what a later verdict proved decides an
earlier one, and the lines told never take positions from the verdicts."""

from __future__ import annotations

from typing import Any

import pytest

from gupai_learn import review as review_module
from gupai_learn.games import GAMES
from gupai_learn.review import review


def played(seed: int) -> Any:
    """A Bagchen deal played to the end by the computer players (as the bench's reviews)."""
    info = GAMES["bagchen"]
    deal = info.Deal.random(seed=seed)
    bots = [info.bot("heuristic", seed + s) for s in range(deal.n_seats)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal))
    return deal


def test_lines_never_take_positions_from_the_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line that spends all of its budget leaves every verdict as it was (the lines have a
    budget of their own)."""
    deal = played(7)
    plain = [n.verdict for n in review(deal, 0)]
    real = review_module._line

    def greedy(*args: Any, **kwargs: Any) -> Any:
        found = real(*args, **kwargs)
        args[4].left = 0  # the budget the line was given: all spent
        return found

    monkeypatch.setattr(review_module, "_line", greedy)
    assert [n.verdict for n in review(deal, 0)] == plain
    assert sum(v != "undecided" for v in plain) >= 5


def test_a_decision_before_a_lost_one_is_told_with_the_moves_played() -> None:
    """When the seat's next decision was proved lost, the move before it is lost too (the
    others can play as they did): its verdict is decided and its line starts with the moves
    that were played up to that decision."""
    deal = played(7)
    notes = review(deal, 0)
    history = deal.seated_history
    chained = 0
    for note, later in zip(notes, notes[1:], strict=False):
        if note.verdict == "undecided" or not (later.verdict == "kept" and later.line):
            continue
        between = history[note.index + 1 : later.index]
        shown = min(len(note.line), len(between))
        assert note.line[:shown] == between[:shown], note.when
        chained += 1
    assert chained >= 3
