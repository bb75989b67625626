"""Reference cards: a game's rankings as plain data, for any game (design.md §6).

A learner keeps the card at hand while playing. A game fills the generic structure below from
its own tables (never from a hand-copied list), :mod:`gupai_learn.render.reference` draws it,
and ``str(card)`` gives the same facts as plain text for terminals and screen readers.

- :class:`Rung`: one step of a ladder, the plays that rank **equally** on it (``"[6:3] =
  [5:4]"``), a caption of one or two lines, and ``led_only`` for a play that wins only when led;
- :class:`Ladder`: the rungs of one lead class, strongest first;
- :class:`Part`: ladders read together ("Civil", "Military"), with a note they share;
- :class:`Reference`: the card: a title, a few notes on how plays compare, and its parts.

A card need not rank anything: a line game's card lists facts (how often each number occurs,
the kinds of fish, what a header scores). A ladder with ``ordered=False`` is such a list, its
rungs side by side with no "stronger than" between them; a rung with ``line=True`` shows its
play as a short line of tiles laid end to end; a part may hold only sentences (``lines``).
``card.save("name.svg")`` writes the card as a printable one-page SVG file.

Pieces are whatever the game plays with (tiles today, cards later); the structure only stores
them and prints them with ``str``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from os import PathLike
from pathlib import Path
from typing import Any, Literal

from gupai_learn.verdict import SetupError, describe_input

#: What a led-only rung says about itself (TG-SUPREME and its relatives in other games).
LED_ONLY_TEXT = "wins only when led"


def _as_tuple(value: Any) -> tuple[object, ...]:
    return tuple(value)


def line_faces(pieces: tuple[Any, ...]) -> list[tuple[int, int]]:
    """The numbers of tiles laid end to end, each as (left, right): every tile turned so that
    its left number touches the right number of the tile before it (the first tile turned
    towards the second). Tiles that do not chain keep their high number on the left."""
    faces: list[tuple[int, int]] = []
    for i, tile in enumerate(pieces):
        high, low = tile.high, tile.low
        if faces:
            turned = faces[-1][1] == low and high != low
        else:  # the first tile shows the number the second one carries on its right
            after = pieces[i + 1] if i + 1 < len(pieces) else None
            turned = after is not None and high in (after.high, after.low) and high != low
        faces.append((low, high) if turned else (high, low))
    return faces


@dataclass(frozen=True)
class Rung:
    """Plays that rank equally, with a caption.

    ``plays`` holds one or more plays, each a tuple of pieces; ``label`` and ``sublabel`` are
    the caption's two lines (an English name and the native one); ``led_only`` marks plays that
    win whenever they are led and never beat anything as a follow; ``line`` draws each play as
    a short line of tiles laid end to end (doubles across), touching numbers side by side.
    """

    plays: tuple[tuple[Any, ...], ...]
    label: str = ""
    sublabel: str = ""
    led_only: bool = False
    line: bool = False

    def __post_init__(self) -> None:
        plays = tuple(_as_tuple(play) for play in self.plays)
        if not plays or not all(plays):
            raise SetupError("a rung needs at least one play, and every play a piece")
        object.__setattr__(self, "plays", plays)

    def __str__(self) -> str:
        if self.line:
            shown = " = ".join(
                "".join(f"[{a}:{b}]" for a, b in line_faces(play)) for play in self.plays
            )
        else:
            shown = " = ".join("".join(str(p) for p in play) for play in self.plays)
        words = " ".join(w for w in (self.label, self.sublabel) if w)
        extra = f" ({LED_ONLY_TEXT})" if self.led_only else ""
        return f"{shown}  {words}{extra}".rstrip()


@dataclass(frozen=True)
class Ladder:
    """One lead class: its ``title``, an optional short ``note`` (how it is ordered, what it is
    made of), the rule ids it rests on, and its rungs from strongest to weakest. With
    ``ordered=False`` the rungs are a list of facts in no order of strength."""

    title: str
    rungs: tuple[Rung, ...]
    note: str = ""
    rules: tuple[str, ...] = ()
    ordered: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "rungs", _as_tuple(self.rungs))
        object.__setattr__(self, "rules", _as_tuple(self.rules))

    def lines(self) -> Iterator[str]:
        """The ladder as text: a heading, then one numbered rung per line."""
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        note = f": {self.note}" if self.note else ""
        yield f"{self.title}{note}{rules}"
        for i, rung in enumerate(self.rungs, 1):
            yield f"  {i}. {rung}" if self.ordered else f"  - {rung}"


@dataclass(frozen=True)
class Part:
    """Ladders read together, under one heading (``"Civil 文"``), with an optional ``note``
    that holds for all of them, and ``lines``: sentences shown one per line under the heading
    (a part may hold sentences only, no ladder)."""

    title: str
    ladders: tuple[Ladder, ...]
    note: str = ""
    lines: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "ladders", _as_tuple(self.ladders))
        object.__setattr__(self, "lines", _as_tuple(self.lines))
        if not self.ladders and not self.lines:
            raise SetupError(f"part {self.title!r} needs a ladder or a line of text")


@dataclass(frozen=True)
class Reference:
    """A game's reference card: ``title``, ``notes`` (how plays compare, one sentence each) and
    ``parts``. Draws itself in a notebook, at most ``width`` pixels wide (None: the renderer's
    default, a notebook column), its tiles in the game's ``style`` ("chinese" or "western";
    None: each tile chooses); ``str`` is the plain-text version."""

    title: str
    parts: tuple[Part, ...]
    notes: tuple[str, ...] = ()
    width: float | None = None
    style: Literal["chinese", "western"] | None = None

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
        raise SetupError(f"no ladder {describe_input(title)} on this card; it has {titles}")

    def __str__(self) -> str:
        lines = [self.title, *self.notes]
        for part in self.parts:
            lines += ["", part.title.upper(), *([part.note] if part.note else []), *part.lines]
            for ladder in part.ladders:
                lines += list(ladder.lines())
        return "\n".join(lines)

    def __repr__(self) -> str:
        count = len(self.ladders)
        return f"<Reference {self.title!r}: {count} ladders>"

    def _repr_svg_(self) -> str:
        from gupai_learn.render.reference import reference_svg

        return reference_svg(self) if self.width is None else reference_svg(self, width=self.width)

    def save(self, path: str | PathLike[str]) -> Path:
        """Write the card as a one-page SVG file (open it in a browser and print it) and return
        its path. Only ``.svg`` is written; any other suffix is refused with a ValueError."""
        target = Path(path)
        if target.suffix.lower() != ".svg":
            raise SetupError(
                f"a reference card is saved as .svg, not {target.suffix or 'no suffix'!r}"
            )
        page = '<?xml version="1.0" encoding="UTF-8"?>\n' + self._repr_svg_() + "\n"
        target.write_text(page, encoding="utf-8")
        return target
