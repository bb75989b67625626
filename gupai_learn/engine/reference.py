"""Reference cards: a game's rankings as plain data, for any game (design.md §6).

A learner keeps the card at hand while playing. A game fills the generic structure below from
its own tables (never from a hand-copied list), :mod:`gupai_learn.render.reference` draws it,
and ``str(card)`` gives the same facts as plain text for terminals and screen readers.

- :class:`Rung`: one step of a ladder, the plays that rank **equally** on it (``"[6:3] =
  [5:4]"``), a caption of one or two lines, and ``led_only`` for a play that wins only when led;
- :class:`Ladder`: the rungs of one lead class, strongest first;
- :class:`Part`: ladders read together ("Civil", "Military"), with a note they share;
- :class:`Reference`: the card: a title, a few notes on how plays compare, and its parts.

Pieces are whatever the game plays with (tiles today, cards later); the structure only stores
them and prints them with ``str``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

#: What a led-only rung says about itself (TG-SUPREME and its relatives in other games).
LED_ONLY_TEXT = "wins only when led"


def _as_tuple(value: Any) -> tuple[Any, ...]:
    return tuple(value)


@dataclass(frozen=True)
class Rung:
    """Plays that rank equally, with a caption.

    ``plays`` holds one or more plays, each a tuple of pieces; ``label`` and ``sublabel`` are
    the caption's two lines (an English name and the native one); ``led_only`` marks plays that
    win whenever they are led and never beat anything as a follow.
    """

    plays: tuple[tuple[Any, ...], ...]
    label: str = ""
    sublabel: str = ""
    led_only: bool = False

    def __post_init__(self) -> None:
        plays = tuple(_as_tuple(play) for play in self.plays)
        if not plays or not all(plays):
            raise ValueError("a rung needs at least one play, and every play a piece")
        object.__setattr__(self, "plays", plays)

    def __str__(self) -> str:
        shown = " = ".join("".join(str(p) for p in play) for play in self.plays)
        words = " ".join(w for w in (self.label, self.sublabel) if w)
        extra = f" ({LED_ONLY_TEXT})" if self.led_only else ""
        return f"{shown}  {words}{extra}".rstrip()


@dataclass(frozen=True)
class Ladder:
    """One lead class: its ``title``, an optional short ``note`` (how it is ordered, what it is
    made of), the rule ids it rests on, and its rungs from strongest to weakest."""

    title: str
    rungs: tuple[Rung, ...]
    note: str = ""
    rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "rungs", _as_tuple(self.rungs))
        object.__setattr__(self, "rules", _as_tuple(self.rules))

    def lines(self) -> Iterator[str]:
        """The ladder as text: a heading, then one numbered rung per line."""
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        note = f": {self.note}" if self.note else ""
        yield f"{self.title}{note}{rules}"
        for i, rung in enumerate(self.rungs, 1):
            yield f"  {i}. {rung}"


@dataclass(frozen=True)
class Part:
    """Ladders read together, under one heading (``"Civil 文"``), with an optional ``note``
    that holds for all of them."""

    title: str
    ladders: tuple[Ladder, ...]
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladders", _as_tuple(self.ladders))


@dataclass(frozen=True)
class Reference:
    """A game's reference card: ``title``, ``notes`` (how plays compare, one sentence each) and
    ``parts``. Draws itself in a notebook, at most ``width`` pixels wide (None: the renderer's
    default, a notebook column); ``str`` is the plain-text version."""

    title: str
    parts: tuple[Part, ...]
    notes: tuple[str, ...] = ()
    width: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "parts", _as_tuple(self.parts))
        object.__setattr__(self, "notes", _as_tuple(self.notes))

    @property
    def ladders(self) -> tuple[Ladder, ...]:
        """Every ladder of the card, in reading order."""
        return tuple(ladder for part in self.parts for ladder in part.ladders)

    def ladder(self, title: str) -> Ladder:
        """The ladder called ``title``; a ValueError naming the titles when there is none."""
        for ladder in self.ladders:
            if ladder.title == title:
                return ladder
        titles = ", ".join(repr(ladder.title) for ladder in self.ladders)
        raise ValueError(f"no ladder {title!r} on this card; it has {titles}")

    def __str__(self) -> str:
        lines = [self.title, *self.notes]
        for part in self.parts:
            lines += ["", part.title.upper(), *([part.note] if part.note else [])]
            for ladder in part.ladders:
                lines += list(ladder.lines())
        return "\n".join(lines)

    def __repr__(self) -> str:
        count = len(self.ladders)
        return f"<Reference {self.title!r}: {count} ladders>"

    def _repr_svg_(self) -> str:
        from gupai_learn.render.reference import reference_svg

        return reference_svg(self) if self.width is None else reference_svg(self, width=self.width)
