"""Verdicts: the answer to "is this legal, and why?", and the errors built on them.

A :class:`Verdict` is ``ok`` or not and carries :class:`Reason` objects. Each reason names a rule
id from the rulings (``rules/*.md``, e.g. ``TG-BEAT-STRICT``) and says in a learner's words what
the rule means for the tiles at hand. A rejected play lists **every** rule it breaks; an accepted
one explains itself too.

All errors are :class:`ValueError` subclasses, split by meaning as python-chess does: the text
will not parse (:class:`InvalidNotationError`), the play is not allowed here
(:class:`IllegalPlayError`), or the play could mean more than one thing
(:class:`AmbiguousPlayError`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    """One rule applied to one situation: ``rule`` is a rule id, ``text`` a learner sentence."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


@dataclass(frozen=True)
class Verdict:
    """Whether a play is legal, with the reasons.

    ``bool(verdict)`` is ``verdict.ok``. ``summary`` is a one-line headline ("Legal lead: a civil
    pair"); ``reasons`` explain it rule by rule. ``str`` gives plain, deterministic text.
    """

    ok: bool
    reasons: tuple[Reason, ...] = ()
    summary: str = ""

    @classmethod
    def legal(cls, summary: str, reasons: Iterable[Reason] = ()) -> Verdict:
        """An accepted play with its explanation."""
        return cls(True, tuple(reasons), summary)

    @classmethod
    def illegal(cls, reasons: Iterable[Reason], summary: str = "") -> Verdict:
        """A rejected play; ``reasons`` must name every broken rule."""
        found = tuple(reasons)
        if not found:
            raise ValueError("an illegal verdict needs at least one reason")
        return cls(False, found, summary or "Not allowed")

    def __bool__(self) -> bool:
        return self.ok

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids cited, in order."""
        return tuple(r.rule for r in self.reasons)

    def __str__(self) -> str:
        head = ("Legal: " if self.ok else "Not legal: ") + self.summary
        return "\n".join([head, *(f"  - {r}" for r in self.reasons)])

    def _repr_html_(self) -> str:
        from gupai_learn.render import verdict_html

        return verdict_html(self)


class InvalidNotationError(ValueError):
    """Text that does not name a tile or card; the message says what was wrong and what is
    allowed."""

    def __init__(self, text: str, why: str) -> None:
        self.text = text
        self.why = why
        super().__init__(f"cannot read {text!r}: {why}")


class IllegalPlayError(ValueError):
    """A play the rules do not allow; ``.verdict`` holds every broken rule."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(str(verdict))


class AmbiguousPlayError(ValueError):
    """A play that could be made in more than one way (e.g. a tile that fits both ends of a
    line); ``.options`` lists the possibilities."""

    def __init__(self, message: str, options: Iterable[object] = ()) -> None:
        self.options = tuple(options)
        super().__init__(message)
