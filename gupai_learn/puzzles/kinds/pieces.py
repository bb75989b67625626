"""Kinds about single pieces: a fact of one piece, a count over the set."""

from __future__ import annotations

from gupai_learn.puzzles import pictures
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.speak import WORDS, correct, counted, incorrect, read_numbers
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.render import row_svg
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import Reason, describe_input

#: Widest a card's picture of the whole set is drawn (px): a notebook's output column is 848.
PICTURE_WIDTH = 820


def piece_fact(e: Entry) -> Puzzle:
    """Choice: an attribute of one piece (``fact``), e.g. a tile's suit."""
    piece = Tile.parse(e["piece"])
    truth = str(getattr(piece, e["fact"]))  # the bank names the attribute asked about
    copies = list(e.game.deck()).count(piece)
    held = f"it comes in {WORDS[copies]} identical copies."
    held = "it is a single tile." if copies == 1 else held
    named = f"{piece} ({piece.name}, {piece.chinese_name})"
    why = Reason(e["rules"][0], f"{named} is {truth}: {held}")
    look = Reason(e["rules"][0], f"{named}: {held}")  # the fact to look at, not the answer

    def check(answer: object) -> Feedback:
        if answer == truth:
            return correct(f"Yes, {piece} is {truth}.", [why])
        return incorrect(f"No, {piece} is not {answer}.", [look])

    solution = Solution(truth, f"{piece} is {truth}.", (why,))
    picture = pictures.pieces([piece], hide_class=True)  # its label would name the answer
    return e.puzzle("choice", check, solution, picture, choices=tuple(e["choices"]))


def count(e: Entry) -> Puzzle:
    """Numbers: how many pieces of the set have ``fact`` equal to ``equals``."""
    deck = e.game.deck()
    found = [p for p in deck if getattr(p, e["fact"]) == e["equals"]]  # named by the bank
    truth, rule, unit = len(found), e["rules"][0], e.game.pieces  # "tiles" or "cards"
    shown = ", ".join(map(str, found)) if unit == "cards" else str(Tiles(found))
    have = "has" if truth == 1 else "have"
    why = Reason(rule, f"{truth} of the {len(deck)} {unit} {have} {e['what']}: {shown}.")

    def check(answer: object) -> Feedback:
        values = read_numbers(answer, 1)
        if values is None:
            return incorrect(f"{describe_input(answer)} is not a whole number.")
        if values[0] == truth:
            return correct("Right.", [why])
        side = "more" if values[0] < truth else "fewer"
        return incorrect(f"Not {values[0]}: there are {side}.", [Reason(rule, e["explain"])])

    solution = Solution(truth, f"{counted(truth, unit)}.", (why,))
    labels = tuple(e["labels"])
    return e.puzzle(
        "numbers",
        check,
        solution,
        row_svg(deck, max_width=PICTURE_WIDTH),
        {"size": len(deck)},
        labels=labels,
    )
