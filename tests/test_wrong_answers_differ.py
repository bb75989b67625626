"""Two wrong answers of one choice card never get the same feedback: a learner who tries a
second wrong option after a first must see that the Check was heard and what is wrong with
*that* option (the may-lead cards once told every wrong reason "that reason does not hold")."""

from __future__ import annotations

from collections import Counter

import pytest

from gupai_learn import puzzles


def _choice_cards() -> list[puzzles.Puzzle]:
    return [
        p
        for name in puzzles.BANKS
        for p in puzzles.bank(name)
        if p.answer_kind == "choice" and p.choices
    ]


@pytest.mark.parametrize("puzzle", _choice_cards(), ids=lambda p: p.id)
def test_each_wrong_option_has_its_own_feedback(puzzle: puzzles.Puzzle) -> None:
    said = Counter(str(f) for f in map(puzzle.check, puzzle.choices) if not f.correct)
    assert [text for text, count in said.items() if count > 1] == []
