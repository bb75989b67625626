"""The puzzle model: a question about a situation, checked by the engine (learntools style).

A :class:`Puzzle` holds a prompt, a picture of the situation, a checker, graduated hints and a
solution. ``check(answer)`` has three outcomes: ``"correct"``, ``"incorrect"`` (with the reason,
usually the engine's verdict on the learner's answer) and ``"not-attempted"``. It never raises:
a mistyped answer comes back as feedback naming the problem.

Answer kinds: ``"tiles"`` (a :class:`~gupai_learn.tiles.Tiles` or notation text), ``"choice"``
(one of ``choices``, read by meaning: case, spaces and punctuation do not matter; a number among
numeric choices is that number, otherwise an index), ``"numbers"`` (one int per label, e.g. per
seat), ``"move"`` (tiles to play, or ``(tiles, face_up)``).

Puzzles are made by the kinds of :mod:`gupai_learn.puzzles.kinds` from the banks
(``puzzles/banks/<game>.toml``); ``kind`` names the kind, ``position`` gives a fresh deal at the
moment the puzzle asks about (if it is set in a deal), and ``wrong`` lists the bank's typical
wrong answers, each with the rule id its feedback must cite.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Literal

from gupai_learn.puzzles import fair
from gupai_learn.rulebook import rule_html
from gupai_learn.tiles import Tiles
from gupai_learn.verdict import Reason, describe_input, shorten

#: The rating of a puzzle without a measured difficulty, by kind: recognising a piece, a class
#: or a fact is easy (1); applying a rule to a position — what beats, who wins a trick, the
#: settlement, the points of a play — takes a step more (2); a comparison measured by
#: simulation asks for judgement (3). Move puzzles are measured instead: which computer
#: players miss their answer (:func:`gupai_learn.puzzles.generate.rating`).
KIND_RATINGS: dict[str, int] = {
    "piece-fact": 1,
    "count": 1,
    "classify": 1,
    "may-lead": 1,
    "deal-fact": 1,
    "line-fit": 1,
    "fish": 1,
    "round-end": 1,
    "beats": 2,
    "trick-winner": 2,
    "won": 2,
    "points": 2,
    "settle": 2,
    "line-settle": 2,
    "line-score": 2,
    "line-move": 2,
    "endgame": 3,
    "sim-compare": 3,
}

#: Longest feedback sentence shown; longer ones (a checker quoting a huge answer) are cut.
FEEDBACK_LIMIT = 1000

Outcome = Literal["correct", "incorrect", "not-attempted"]
AnswerKind = Literal["tiles", "choice", "numbers", "move"]


@dataclass(frozen=True)
class Feedback:
    """The result of checking an answer: ``outcome``, a sentence, and the rules behind it."""

    outcome: Outcome
    text: str
    reasons: tuple[Reason, ...] = ()

    @property
    def correct(self) -> bool:
        """True for a correct answer."""
        return self.outcome == "correct"

    def __str__(self) -> str:
        lines = [f"{self.outcome}: {self.text}"]
        lines += [f"  - {r}" for r in self.reasons]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        mark = {"correct": "✓", "incorrect": "✗", "not-attempted": "…"}[self.outcome]
        items = "".join(f"<li>{html.escape(r.text)} {rule_html(r.rule)}</li>" for r in self.reasons)
        return (
            f"<div class='gupai-feedback gupai-{self.outcome}'><b>{mark} "
            f"{html.escape(self.outcome)}</b>: {html.escape(self.text)}<ul>{items}</ul></div>"
        )


@dataclass(frozen=True)
class Solution:
    """An answer that passes the puzzle's own check, and why it is right."""

    answer: Any
    text: str
    reasons: tuple[Reason, ...] = ()


class LazySolution(Solution):
    """A solution worked out the first time it is asked for (by the solver, or from a
    measurement), so that loading a bank or showing a card computes nothing it does not show."""

    def __init__(self, work_out: Callable[[], Solution]) -> None:
        object.__setattr__(self, "_work_out", cache(work_out))

    @property  # type: ignore[override]
    def answer(self) -> Any:
        """The answer, worked out on first use."""
        return self._work_out().answer  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def text(self) -> str:
        """What the solution says."""
        return str(self._work_out().text)  # type: ignore[attr-defined]

    @property  # type: ignore[override]
    def reasons(self) -> tuple[Reason, ...]:
        """Why it is right."""
        return tuple(self._work_out().reasons)  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        return "LazySolution(...)"  # never works it out (nor shows it) just to be printed


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. ``picture`` is SVG/HTML text or a function returning it. ``pool`` holds
    the pieces a tiles or move answer is picked from, and ``pool_caption`` says what they are
    ("Your hand (South):"); a picture leaves out what the pool already shows, so a card never
    draws the same hand twice."""

    id: str
    title: str
    prompt: str
    answer_kind: AnswerKind
    checker: Callable[[Any], Feedback]
    solution: Solution
    picture: Callable[[], str] | str = ""
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    pool: Tiles | None = None
    pool_caption: str = ""
    #: How the pieces are drawn: the game's ``piece_style`` ("western" for Bergen), else the
    #: tiles' own default.
    style: Literal["chinese", "western"] | None = None
    hints: tuple[str, ...] = ()
    rules: tuple[str, ...] = field(default=())
    kind: str = ""
    position: Callable[[], Any] | None = None
    wrong: tuple[tuple[Any, str], ...] = ()
    #: The texts that would give the answer away (:mod:`gupai_learn.puzzles.fair`), or a
    #: function giving them when first needed; feedback to a wrong answer never says one.
    secrets: Callable[[], tuple[str, ...]] | tuple[str, ...] = ()
    #: The bank's words for its rules: the place to look when a reason had to be left out.
    rule_words: Mapping[str, str] = field(default_factory=dict)
    #: How hard the puzzle is, 1 (easy) to 5 (hard): a move puzzle's from its measured
    #: ``difficulty`` (:mod:`gupai_learn.puzzles.generate`), other kinds' from what the kind asks
    #: (:data:`KIND_RATINGS`).
    rating: int = 1
    #: Pieces still to play in an endgame (its ``difficulty.depth``), 0 for other kinds: the
    #: second key of a ladder's order.
    depth: int = 0
    #: The ideas of play the puzzle trains, one to three words from its game's short list
    #: ("last trick", "fish", ...): practice can be asked for one theme.
    themes: tuple[str, ...] = ()

    def check(self, answer: object) -> Feedback:
        """Judge ``answer``; never raises, whatever it is given: an answer that cannot be used
        (mistyped, infinite, huge, containing itself, ...) gets "incorrect" feedback naming
        the problem."""
        try:
            feedback = self._check(answer)
            feedback = fair.guard(feedback, self._secrets(), answer, self.rule_words)
        except Exception as error:  # the contract: feedback, never an exception
            return Feedback("incorrect", f"That answer cannot be used: {_problem(error)}")
        if len(feedback.text) > FEEDBACK_LIMIT:  # e.g. a checker that quoted a huge answer
            return replace(feedback, text=shorten(feedback.text, FEEDBACK_LIMIT))
        return feedback

    def _secrets(self) -> tuple[str, ...]:
        return self.secrets() if callable(self.secrets) else self.secrets

    def _check(self, answer: object) -> Feedback:
        if _blank(answer):
            return Feedback("not-attempted", "No answer yet.")
        if self.answer_kind == "numbers":
            odd = _odd_number(answer)
            if odd is not None:
                return Feedback("incorrect", f"That answer cannot be used: {odd}")
        if self.answer_kind == "choice":
            answer = self._choice(answer)
            if self.choices and not (isinstance(answer, str) and answer in self.choices):
                options = ", ".join(repr(c) for c in self.choices)
                shown = describe_input(answer)
                # told so without using an attempt: it is not an answer to the question yet
                text = f"{shown} is not one of the options: {options}."
                return Feedback("not-attempted", text)
        return self.checker(answer)

    def _choice(self, answer: object) -> object:
        """The option ``answer`` names (see :func:`read_choice`), else ``answer`` itself."""
        return read_choice(answer, self.choices)

    def drawing(self) -> str:
        """The picture of the situation as SVG/HTML text."""
        return self.picture() if callable(self.picture) else self.picture

    def __str__(self) -> str:
        return f"{self.id}: {self.prompt}"

    def __repr__(self) -> str:
        # never shows the solution: stored lesson outputs must not reveal answers
        return f"<Puzzle {self.id}: {self.prompt}>"

    def _repr_html_(self) -> str:
        return (
            f"<div class='gupai-puzzle' data-puzzle='{html.escape(self.id)}'>"
            f"<b>{html.escape(self.title)}</b><p>{html.escape(self.prompt)}</p>"
            f"{self.drawing()}{self._pool_html()}</div>"
        )

    def _pool_html(self) -> str:
        """The pool under the picture, where the picture leaves it out (``pool_caption``)."""
        if not self.pool or not self.pool_caption:
            return ""
        from gupai_learn.puzzles import pictures

        return pictures.figure(self.pool_caption, pictures.row_svg(self.pool, style=self.style))


def _key(text: str) -> str:
    """``text`` without case, spaces or punctuation (a number keeps its minus sign): how a
    choice is recognised."""
    key = "".join(ch for ch in text.casefold() if ch.isalnum())
    return "-" + key if key.isdigit() and text.strip().startswith(("-", "−")) else key


def read_choice(answer: object, choices: tuple[str, ...]) -> object:
    """The option ``answer`` names: its text, case, spaces and punctuation aside; a whole number
    is that number when some option is a number, else the option's index. Anything else comes
    back unchanged (the check then says it is not one of the options)."""
    if type(answer) is int and answer.bit_length() > 64:
        return answer  # far too large to be an option (and too long to print)
    if type(answer) is int and not any(_key(c).isdigit() for c in choices):
        return choices[answer] if 0 <= answer < len(choices) else answer
    if type(answer) is int or isinstance(answer, str):
        wanted = _key(str(answer))
        found = [c for c in choices if _key(c) == wanted]
        if wanted and len(found) == 1:
            return found[0]
    return answer


def _blank(answer: object, depth: int = 0) -> bool:
    """True for "no answer yet": None, blank text, or containers holding only those (looked
    into three levels deep, so an answer that contains itself ends the search)."""
    if answer is None:
        return True
    if isinstance(answer, str):
        return not answer.strip()
    if isinstance(answer, (list, tuple, set, frozenset)) and depth < 3:
        return len(answer) == 0 or all(_blank(a, depth + 1) for a in answer)
    return False


def _odd_number(answer: object) -> str | None:
    """Why an answer to a "numbers" puzzle holds something no count of columns or chips can be:
    an infinity, nan, or a number or text far too long (None when there is nothing odd)."""
    items = answer if isinstance(answer, (list, tuple)) else (answer,)
    for item in items[:100]:
        if isinstance(item, float) and not math.isfinite(item):
            return f"{item} is not a whole number."
        if isinstance(item, int) and not -(10**9) < item < 10**9:
            return f"{describe_input(item)} is far too large to be an answer to this question."
        if isinstance(item, str) and len(item) > 1000:
            return f"the text is {len(item):,} characters long: far too long for a few numbers."
    return None


def _problem(error: Exception) -> str:
    """What went wrong with an answer, in a sentence of bounded length."""
    if isinstance(error, RecursionError):
        return "it contains itself or is nested too deeply."
    if isinstance(error, OverflowError):
        return "a number in it is too large, or infinite."
    try:
        text = str(error)
    except Exception:  # an exception whose message cannot be shown
        text = ""
    if not isinstance(error, ValueError):
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return shorten(text or "it is not in the expected form.", 300)
