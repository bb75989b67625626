"""The ``count`` kind says "1 tile" and "has" for one, "tiles" and "have" otherwise."""

from __future__ import annotations

import pytest

from gupai_learn.games import GAMES
from gupai_learn.puzzles.kinds import counted
from gupai_learn.puzzles.loader import make, raw


def _count(fact: str, equals: object) -> tuple[str, str]:
    """A Bergen count puzzle (one double-six set, 28 tiles) about ``fact == equals``: its
    solution and its reason's text."""
    data = {
        "id": "test-count",
        "kind": "count",
        "fact": fact,
        "equals": equals,
        "what": "that",
        "labels": ["tiles"],
        "title": "t",
        "prompt": "p",
        "explain": "e",
        "rules": ["BE-SET"],
    }
    puzzle = make(data, GAMES["bergen"], raw("bergen"))
    return puzzle.solution.text, puzzle.solution.reasons[0].text


@pytest.mark.parametrize(("n", "said"), [(0, "0 tiles"), (1, "1 tile"), (2, "2 tiles")])
def test_counted_is_singular_for_one(n: int, said: str) -> None:
    assert counted(n, "tiles") == said
    assert counted(n, "cards") == said.replace("tile", "card")


def test_a_count_of_one_reads_in_the_singular() -> None:
    none_text, none_why = _count("pips", 99)
    assert none_text == "0 tiles." and "0 of the 28 tiles have that" in none_why
    many_text, many_why = _count("is_double", True)
    assert many_text.endswith(" tiles.") and " tiles have that" in many_why
    one_text, one_why = _count("pips", 0)  # the double blank alone
    assert one_text == "1 tile." and "1 of the 28 tiles has that" in one_why
