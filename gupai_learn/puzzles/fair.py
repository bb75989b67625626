"""Fair feedback: a wrong answer is told what is wrong with it, never the right answer.

The kinds write their wrong-answer feedback from the learner's answer. As a last guard,
:func:`guard` reads that feedback against the puzzle's *secrets* — the texts that would give the
answer away (the right option, the numbers per seat, the tiles of a right move) — and drops a
reason quoting one, keeping its rule as the place to look. Texts are compared by meaning: case,
spacing and punctuation aside, and tiles with their high end first (``[2:6]`` is ``[6:2]``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gupai_learn.verdict import Reason

_TILE = re.compile(r"\[(\d):(\d)\]")
_WORD = re.compile(r"[+-]?\d+|t\d\d|[^\W\d_]+")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
#: What a count is of: a number followed by one of these says how many.
UNITS: tuple[str, ...] = (
    "point",
    "points",
    "tile",
    "tiles",
    "card",
    "cards",
    "column",
    "columns",
    "trick",
)
UNITS += ("tricks", "chip", "chips", "pip", "pips", "times", "copies")
#: The sentence put in place of a feedback sentence that named the answer.
HIDDEN = "Not right: look again at the rules below."


def _tile(match: re.Match[str]) -> str:
    high, low = sorted(map(int, match.groups()), reverse=True)
    return f" t{high}{low} "


def norm(text: object) -> str:
    """``text`` as words between single spaces, lower case, tiles as ``t62``: how the guard
    compares texts (a needle found in it is a whole-word match)."""
    text = _TILE.sub(_tile, str(text).replace("−", "-"))
    return " " + " ".join(_WORD.findall(text.casefold())) + " "


def choice_secrets(*texts: str) -> tuple[str, ...]:
    """The secrets of a choice: the right option, and a sentence stating it. A number among the
    options is a count (see :func:`number_secrets`)."""
    found: list[str] = []
    for text in texts:
        stripped = text.strip()
        if re.fullmatch(r"[+-]?\d+", stripped):
            found += number_secrets([int(stripped)])
        elif stripped:
            found.append(norm(stripped))
    return tuple(found)


def number_secrets(values: Sequence[int], labels: Sequence[str] = ()) -> tuple[str, ...]:
    """The secrets of a numbers answer: one number followed by what it counts ("3 points",
    "three tiles"); several: each seat named with its number ("South +9", "South: 9") and the
    whole row."""
    if len(values) == 1:
        value = values[0]
        spoken = [str(value)] + ([NUMBER_WORDS[value]] if 2 <= value < len(NUMBER_WORDS) else [])
        counts = [norm(f"{s} {unit}") for s in spoken for unit in UNITS]
        return (*counts, *(norm(f"{verb} {s}") for s in spoken for verb in ("scores", "score")))
    names = [label.split(" (")[0] for label in labels]
    pairs = [norm(f"{n} {v}") for n, v in zip(names, values, strict=False)]
    pairs += [norm(f"{n} {v:+d}") for n, v in zip(names, values, strict=False)]
    return (*pairs, norm(" ".join(map(str, values))))


def move_secrets(moves: Iterable[Any]) -> tuple[str, ...]:
    """The secrets of a tiles or move answer: the pieces of every right move (in their order
    and high first), or the word of a right ``draw`` / ``pass``."""
    found: list[str] = []
    for move in moves:
        kind = getattr(move, "kind", "play")
        if kind in ("draw", "pass"):
            found.append(norm(kind))
            continue
        pieces = list(getattr(move, "pieces", move))
        found.append(norm("".join(map(str, pieces))))
        found.append(norm("".join(sorted(map(str, pieces), reverse=True))))
    return tuple(dict.fromkeys(found))


def leaks(text: str, secrets: Iterable[str], answer: object = "") -> bool:
    """Whether ``text`` says a secret the learner's own ``answer`` does not already say."""
    said, own = norm(text), norm(_spoken(answer))
    return any(s.strip() and s in said and s not in own for s in secrets)


def _spoken(answer: object) -> str:
    """The learner's answer as text (its first 2,000 characters; "" for an answer that cannot
    be written out, e.g. a number too long to print)."""
    try:
        items = answer if isinstance(answer, (list, tuple)) else (answer,)
        return " ".join(str(a)[:2000] for a in items[:20])[:2000]
    except (ValueError, TypeError, RecursionError, OverflowError):
        return ""


def guard(
    feedback: Any, secrets: Sequence[str], answer: object, words: Mapping[str, str] | None = None
) -> Any:
    """``feedback`` to a wrong answer without anything giving the answer away: a reason quoting
    a secret is replaced by its rule and, if the bank has them, the rule's words (the place to
    look); a sentence quoting one becomes :data:`HIDDEN`."""
    if feedback.outcome != "incorrect" or not secrets:
        return feedback
    words = words or {}
    text = HIDDEN if leaks(feedback.text, secrets, answer) else feedback.text
    kept: list[Reason] = []
    for reason in feedback.reasons:
        said = _safe_start(reason.text, secrets, answer)
        if not said:
            said = words.get(reason.rule, "")
        if not said or leaks(said, secrets, answer):
            said = "Look again at this rule."
        kept.append(Reason(reason.rule, said))
    return type(feedback)(feedback.outcome, text, tuple(dict.fromkeys(kept)))


def _safe_start(text: str, secrets: Sequence[str], answer: object) -> str:
    """The longest run of ``text``'s opening clauses (cut after ``.``, ``:`` or ``;``) that says
    no secret, ended with a full stop ("" if even the first clause says one)."""
    clauses = re.split(r"(?<=[.:;])\s+", text.strip())
    for end in range(len(clauses), 0, -1):
        start = " ".join(clauses[:end])
        if not leaks(start, secrets, answer):
            return start if end == len(clauses) else start.rstrip(".:;,") + "."
    return ""
