"""Exercises on the Chinese domino set itself (lesson 01.01): suits, names and red pips.

Answers are computed from the tiles (TG-SET, TG-RED), never stored.
"""

from __future__ import annotations

from typing import Any

from gupai_learn import decks
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.render import row_svg
from gupai_learn.tiles import Tile, tiles
from gupai_learn.verdict import Reason

SUITS = ("civil", "military")


def _suit_puzzle(pid: str, text: str) -> Puzzle:
    tile = Tile.parse(text)
    truth = tile.suit or ""
    why = Reason(
        "TG-SET",
        f"{tile} ({tile.name}, {tile.chinese_name}) is {truth}: "
        + ("it comes in two identical copies." if truth == "civil" else "it is a single tile."),
    )

    def check(answer: Any) -> Feedback:
        if answer == truth:
            return Feedback("correct", f"Yes, {tile} is {truth}.", (why,))
        return Feedback("incorrect", f"No, {tile} is not {answer}.", (why,))

    return Puzzle(
        id=pid,
        title="Civil or military?",
        prompt=f"Which suit does {tile} belong to?",
        answer_kind="choice",
        choices=SUITS,
        picture=row_svg([tile]),
        checker=check,
        hints=(
            "Every double is civil.",
            "Civil kinds come twice in the set: count this tile's copies in gl.decks.chinese().",
        ),
        solution=Solution(truth, f"{tile} is {truth}.", (why,)),
        rules=("TG-SET",),
    )


def _red_count_puzzle(pid: str, red: int) -> Puzzle:
    deck = decks.chinese()
    truth = sum(1 for t in deck if t.red_pips == red)
    what = "no red pip" if red == 0 else f"exactly {red} red pip"
    why = Reason(
        "TG-RED",
        f"{truth} of the 32 tiles have {what}: {tiles([t for t in deck if t.red_pips == red])}.",
    )

    def check(answer: Any) -> Feedback:
        try:
            number = int(answer[0] if isinstance(answer, (list, tuple)) else answer)
        except (TypeError, ValueError):
            return Feedback("incorrect", f"{answer!r} is not a whole number.")
        if number == truth:
            return Feedback("correct", "Right.", (why,))
        side = "more" if number < truth else "fewer"
        reason = Reason("TG-RED", "Every 1 and every 4 is red, and half of [6:6].")
        return Feedback("incorrect", f"Not {number}: there are {side}.", (reason,))

    return Puzzle(
        id=pid,
        title="Red pips",
        prompt=f"How many of the 32 tiles have {what}?",
        answer_kind="numbers",
        labels=("tiles",),
        picture=row_svg(deck),
        checker=check,
        hints=(
            "A pip is red if it is a 1 or a 4 (and on [6:6], one column of each half).",
            "Tiles whose ends are only 2, 3, 5 or 6 (but not [6:6]) have no red pip.",
        ),
        solution=Solution(truth, f"{truth} tiles.", (why,)),
        rules=("TG-RED",),
    )


def bank() -> list[Puzzle]:
    """The 01.01 exercises."""
    return [
        _suit_puzzle("set-suit-01", "[6:3]"),
        _suit_puzzle("set-suit-02", "[5:1]"),
        _red_count_puzzle("set-red-01", 0),
        _red_count_puzzle("set-red-02", 1),
    ]
