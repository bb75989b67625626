"""Reading answers, and the sentences every kind speaks with."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gupai_learn.cards import as_cards
from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move
from gupai_learn.puzzles.model import Feedback
from gupai_learn.tiles import as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, Verdict

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


#: A rule id at the end of an engine sentence: "... (TG-PAY-ALL-EXCEPTION)."
RULE_AT_END = re.compile(r"\s*\(([A-Z]+(?:-[A-Z]+)+)\)\.?$")


_INTEGER = re.compile(r"[+-]?\d+")


def read_numbers(answer: object, n: int) -> list[int] | None:
    """``n`` whole numbers: a number, a sequence, or text with numbers between spaces/commas."""
    if isinstance(answer, str):
        answer = [a for a in re.split(r"[\s,;]+", answer.replace("−", "-")) if a]
    items = [answer] if type(answer) is int else answer
    if not isinstance(items, (list, tuple)) or len(items) != n:
        return None
    values = [_integer(x) for x in items]
    return None if None in values else values  # type: ignore[return-value]


def _integer(value: object) -> int | None:
    """A whole number from an int, a whole float (4.0) or its text; None for anything else
    (fractions, inf, nan, bools, exponents)."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer():
        return int(value)
    if (
        isinstance(value, str)
        and len(value) < 20
        and _INTEGER.fullmatch(value.strip().replace("−", "-"))
    ):
        return int(value.strip().replace("−", "-"))
    return None


def _face_up(answer: object) -> bool:
    """False only for an answer that clearly names a face-down move (tiles or cards)."""
    if isinstance(answer, str):
        return not answer.strip().lower().startswith("down:")
    return not (type(answer) is Move and answer.kind == "discard")


def correct(text: str, reasons: Sequence[Reason] = ()) -> Feedback:
    """A correct answer, explained."""
    return Feedback("correct", text, tuple(reasons))


def incorrect(text: str, reasons: Sequence[Reason] = ()) -> Feedback:
    """A wrong answer, with the rules that refute it."""
    return Feedback("incorrect", text, tuple(dict.fromkeys(reasons)))


def numbers_please(n: int) -> Feedback:
    """The feedback for an answer that is not ``n`` whole numbers."""
    return incorrect(f"Give {WORDS[n]} whole numbers, one per seat, e.g. 6, -2, -2, -2.")


def mistakes(values: Sequence[int], truth: Sequence[int], names: Sequence[str]) -> str:
    """The sentence naming the seats answered wrongly: "Not quite: look again at ..."."""
    wrong = [names[i] for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t]
    return "Not quite: look again at " + ", ".join(wrong) + "."


def read_pieces(game: GameInfo, value: Any) -> Any:
    """Pieces of ``game`` from notation or pieces: cards for a card game, else tiles."""
    return as_cards(value) if game.pieces == "cards" else as_tiles(value)


def lead_verdict(game: GameInfo, pieces: object) -> Verdict:
    """The engine's verdict on leading ``pieces`` as the first play of a deal: seat 0 is dealt
    them, topped up from the rest of the set, so ``Deal.judge`` explains the lead exactly as
    it would at the table."""
    wanted = list(read_pieces(game, pieces))
    rest = Counter(game.deck())
    rest.subtract(wanted)
    pool = list(rest.elements())
    size = len(game.Deal.random(seed=0).hands[0])  # a full hand (some decks leave cards over)
    own = wanted + pool[: size - len(wanted)]
    others = pool[size - len(wanted) :]
    hands = [own] + [others[i * size : (i + 1) * size] for i in range(game.seats[0] - 1)]
    try:
        return game.Deal(hands).judge(Move.play(wanted))
    except ValueError:  # the set cannot deal them (too many, or not in the set)
        assert game.classify is not None
        try:
            game.classify(wanted)
        except IllegalPlayError as error:
            return error.verdict
        raise


def counted(n: int, plural: str) -> str:
    """A number with its noun, singular for one: ``"1 tile"``, ``"0 tiles"``, ``"3 cards"``."""
    return f"{n} {plural[:-1] if n == 1 and plural.endswith('s') else plural}"
