"""Verdicts: the answer to "is this legal, and why?", and the errors built on them.

A :class:`Verdict` is ``ok`` or not and carries :class:`Reason` objects. Each reason names a rule
id from the rulings (``rules/*.md``, e.g. ``TG-BEAT-STRICT``) and says in a learner's words what
the rule means for the tiles at hand. A rejected play lists **every** rule it breaks; an accepted
one explains itself too.

All errors are :class:`ValueError` subclasses, split by meaning as python-chess does: the text
will not parse (:class:`InvalidNotationError`), the play is not allowed here
(:class:`IllegalPlayError`), or the play could mean more than one thing
(:class:`AmbiguousPlayError`); a set-up a game cannot use is a :class:`SetupError`. All of them
are :class:`LearnerError`: one line in a notebook, never a traceback.
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from dataclasses import dataclass

#: How many characters of a bad input an error message quotes at most.
QUOTE_LIMIT = 80


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


class LearnerError(ValueError):
    """Base of the errors a learner meets in a lesson. In IPython and Jupyter they show as one
    short line (the error's name and its message) instead of a traceback through the package:
    the message already names the problem and the rule. ``%xmode`` has no effect on them; a
    developer who wants the traceback catches the error or calls ``traceback.print_exc()``."""

    def _render_traceback_(self) -> list[str]:
        """The lines IPython shows for this error (its display hook for exceptions)."""
        return [f"\x1b[0;31m{type(self).__name__}\x1b[0m: {self}"]


class InvalidNotationError(LearnerError):
    """Text that does not name a tile or card; the message says what was wrong and what is
    allowed. ``text`` is the bad text cut to :data:`QUOTE_LIMIT` characters ("…" marks a cut),
    or for a value that is not text a short description of it (:func:`describe_input`), so a
    huge or strange input never makes a huge message."""

    def __init__(self, text: object, why: str) -> None:
        if isinstance(text, str):
            self.text = shorten(text)
            shown = repr(self.text)
        else:
            self.text = shown = describe_input(text)
        self.why = why
        super().__init__(f"cannot read {shown}: {why}")


class IllegalPlayError(LearnerError):
    """A play the rules do not allow; ``.verdict`` holds every broken rule."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(str(verdict))


class AmbiguousPlayError(LearnerError):
    """A play that could be made in more than one way (e.g. a tile that fits both ends of a
    line); ``.options`` lists the possibilities."""

    def __init__(self, message: str, options: Iterable[object] = ()) -> None:
        self.options = tuple(options)
        super().__init__(message)


class SetupError(LearnerError):
    """A set-up a game cannot start from or settle: hands, seats, options or a position given
    by the learner (say, Bergen hands in which nobody holds a double). The message names the
    problem and the rule; in a notebook it shows as one line."""


class ShownError:
    """What :func:`expect_error` caught: the error (or ``None`` when the code ran without one).

    It draws itself as one line, so a lesson can show a deliberate mistake without a cell that
    raises (Run All never stops at it, in JupyterLite too): in a notebook the message alone,
    marked ✗ (a learner reads what is wrong, not the name of a Python class); as text (``str``,
    ``repr``) the error's name and its message, for scripts and tests."""

    def __init__(self) -> None:
        self.error: ValueError | None = None

    def __str__(self) -> str:
        if self.error is None:
            return "No error: the engine accepted it."
        return f"{type(self.error).__name__}: {self.error}"

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        from gupai_learn.rulebook import link_rules

        if self.error is None:
            return f"<div class='gupai-shown-ok'><b>{link_rules(str(self))}</b></div>"
        said = f"✗ {self.error}"
        return f"<div class='gupai-shown-error'><b>{link_rules(said)}</b></div>"


class expect_error:  # noqa: N801 - used like a function: ``with gl.expect_error():``
    """Show the error a mistake gets, as one line, instead of stopping the notebook::

        with gl.expect_error():
            gl.Tile.parse("[7:1]")

    shows ``✗ cannot read '[7:1]': …`` (printed: ``InvalidNotationError: cannot read …``).
    Only a learner's mistake (a ``ValueError``, which every error of the engine is) is caught;
    anything else still raises.
    If the code runs without an error, the line says so. In IPython the line is displayed when
    the ``with`` block ends; elsewhere it is printed.
    """

    def __init__(self) -> None:
        self.shown = ShownError()

    def __enter__(self) -> ShownError:
        return self.shown

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: object
    ) -> bool:
        if error is not None and not isinstance(error, ValueError):
            return False
        self.shown.error = error if isinstance(error, ValueError) else None
        try:
            from IPython.display import display
        except ImportError:  # pragma: no cover - plain Python
            print(self.shown)
        else:
            display(self.shown)
        return True


# ----- quoting bad input ----------------------------------------------------------------


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to at most ``limit`` characters, ending in "…" when it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _ShortRepr(reprlib.Repr):
    """reprlib with long text cut at the end and huge integers described, not printed (Python
    refuses to print an int of more than 4,300 digits)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = self.maxother = self.maxlong = QUOTE_LIMIT

    def repr_str(self, x: str, level: int) -> str:
        return repr(shorten(x, self.maxstring - 2))

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1} digits>"
        return super().repr_int(x, level)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            return shorten(repr(x), self.maxother)
        except Exception:  # a broken __repr__: name the type only (no memory address)
            return f"<a {type(x).__name__} object>"


_SHORT_REPR = _ShortRepr()


def type_phrase(value: object) -> str:
    """The type of ``value`` with its article, for messages: "an int", "a list"."""
    name = type(value).__name__
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


def describe_input(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short representation of any value for an error message: at most ``limit`` characters,
    safe for values that contain themselves, are nested deeply, are huge, or whose ``repr``
    raises. Never raises."""
    try:
        shown = _SHORT_REPR.repr(value)
    except Exception:  # a broken __repr__, __iter__ or __len__: name the type only
        shown = f"<a {type(value).__name__} object>"
    return shorten(shown, limit)
