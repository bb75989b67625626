"""What every kind of Tien Gow puzzle shares: reading answers, feedback, pictures, and
:class:`Scene`, a position reached by playing a script through the engine."""

from __future__ import annotations

import html
import operator
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from gupai_learn import decks
from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles.model import Feedback
from gupai_learn.render import Group, row_svg
from gupai_learn.tiles import Tiles, as_tiles
from gupai_learn.verdict import (
    IllegalPlayError,
    InvalidNotationError,
    Reason,
    Verdict,
    describe_input,
)

SEATS = tg.Deal.SEAT_NAMES
NOT_A_LEAD = "not a valid lead"


# ----- reading answers ----------------------------------------------------------------


def blank(answer: Any, depth: int = 0) -> bool:
    """True for "no answer yet": None, empty text, an empty selection, a form left empty
    (containers are looked into three levels deep, so one that contains itself is not blank)."""
    if answer is None:
        return True
    if isinstance(answer, str):
        return not answer.strip()
    if isinstance(answer, (list, tuple, set, frozenset)) and depth < 3:
        return all(blank(item, depth + 1) for item in answer)
    return False


def read_tiles(answer: Any) -> tuple[Tiles | None, Reason | None]:
    """Tiles from notation or tiles; a mistyped tile gives a TG-SET reason, never an error."""
    try:
        return as_tiles(answer), None
    except InvalidNotationError as error:
        return None, Reason("TG-SET", f"{error.text!r} cannot be read: {error.why}.")
    except (TypeError, ValueError) as error:
        return None, Reason("TG-SET", f"{describe_input(answer)} is not tile notation ({error}).")


def read_choice(answer: Any, choices: Sequence[str]) -> str | None:
    """The chosen option: its text, or its index in ``choices``."""
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(choices):
        return choices[answer]
    if isinstance(answer, str):
        wanted = answer.strip().lower()
        for choice in choices:
            if choice.lower() == wanted:
                return choice
    return None


def read_numbers(answer: Any, n: int) -> list[int] | None:
    """``n`` whole numbers from a sequence (or a text with numbers separated by spaces/commas);
    None when the answer holds anything else: a fraction, an infinity, a number of more than
    nine digits, True/False, text that is not a number."""
    if isinstance(answer, str):
        items: Any = answer.replace(",", " ").split()
    elif isinstance(answer, (bytes, bytearray, dict)):
        return None
    else:
        try:
            items = list(islice(answer, n + 1))
        except Exception:  # not a sequence, or one that fails while being read
            return None
    values = [_whole(x) for x in items]
    if len(values) != n or any(v is None for v in values):
        return None
    return [v for v in values if v is not None]


_WHOLE_TEXT = re.compile(r"[+-]?\d{1,9}")


def _whole(value: Any) -> int | None:
    """A whole number of at most nine digits from an int, an integral float or its text."""
    number: Any = None
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-")  # the minus sign the prompts print
        number = int(text) if _WHOLE_TEXT.fullmatch(text) else None
    elif isinstance(value, float):
        number = int(value) if value.is_integer() else None  # inf and nan are not integral
    elif not isinstance(value, bool):
        try:
            number = operator.index(value)  # int, or an integer type such as numpy's
        except Exception:
            number = None
    return number if number is not None and abs(number) < 10**9 else None


def correct(text: str, reasons: Sequence[Reason] = ()) -> Feedback:
    return Feedback("correct", text, tuple(reasons))


def incorrect(text: str, reasons: Sequence[Reason] = ()) -> Feedback:
    return Feedback("incorrect", text, tuple(reasons))


def not_attempted(what: str) -> Feedback:
    return Feedback("not-attempted", f"No answer yet: {what}", ())


def wrong_choice(choices: Sequence[str]) -> Feedback:
    listed = "; ".join(choices)
    return incorrect(f"Choose one of the options: {listed}.")


# ----- pictures -------------------------------------------------------------------------


def figure(title: str, svg: str) -> str:
    """A captioned drawing (HTML); ``title`` is plain text."""
    shown = html.escape(title, quote=False)
    caption = f'<div style="font:13px sans-serif;margin:2px 0">{shown}</div>' if title else ""
    return f'<div class="gupai-puzzle-figure">{caption}{svg}</div>'


def tiles_picture(text: str) -> Callable[[], str]:
    return lambda: figure("", row_svg(as_tiles(text)))


# ----- engine helpers -------------------------------------------------------------------


def lead_verdict(pieces: Any) -> Verdict:
    """The engine's verdict on leading ``pieces`` as the first play of a deal.

    Seat 0 is dealt those tiles (topped up from the rest of the set) so that ``Deal.judge``
    explains the lead exactly as it would at the table.
    """
    wanted = as_tiles(pieces)
    rest = Counter(decks.chinese())
    rest.subtract(wanted)
    if len(wanted) > 8 or min(rest.values()) < 0:
        try:
            tg.classify(wanted)
        except IllegalPlayError as error:
            return error.verdict
    pool = list(rest.elements())
    own = list(wanted) + pool[: 8 - len(wanted)]
    others = pool[8 - len(wanted) :]
    deal = tg.Deal([own, others[0:8], others[8:16], others[16:24]])
    return deal.judge(wanted)


@dataclass(frozen=True)
class Scene:
    """A position reached by playing a script through the engine.

    ``hands`` are the four hands at the start (equal sizes), ``columns`` what each seat had
    already won (omit for a full deal), ``script`` the plays in order: ``"up:[6:6]"`` face up,
    ``"down:[5:1]"`` face down, or plain notation: face up if the engine allows it, else face
    down ("offered"). Extra keyword arguments go to :class:`tien_gow.Deal`.
    """

    hands: tuple[str, str, str, str]
    script: tuple[str, ...] = ()
    columns: tuple[int, ...] | None = None
    leader: int = 0
    banker: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def start(self) -> tg.Deal:
        """A fresh deal at the start of the script."""
        return tg.Deal(
            list(self.hands),
            columns=self.columns,
            leader=self.leader,
            banker=self.banker,
            **self.options,
        )

    def build(self) -> tuple[tg.Deal, list[tuple[int, Tiles, Verdict]]]:
        """Play the script; returns the deal and, per play, (seat, tiles, face-up verdict)."""
        deal = self.start()
        record = []
        for step in self.script:
            verb, _, text = step.partition(":")
            if verb not in ("up", "down"):
                verb, text = "", step
            pieces = as_tiles(text)
            seat = deal.turn
            verdict = deal.judge(pieces)
            if verb == "down" or (not verb and not verdict.ok):
                deal.discard(pieces)
            else:
                deal.play(pieces)
            record.append((seat, pieces, verdict))
        return deal, record


#: The scene behind each puzzle that is set in a deal, by puzzle id (filled as puzzles are made).
SCENES: dict[str, Scene] = {}


def played_groups(plays: Sequence[Any]) -> list[Group]:
    return [
        Group(
            f"{SEATS[p.seat]}" + (" (lead)" if i == 0 else ""),
            p.pieces,
            face_down=not p.face_up,
            note="" if p.face_up else "face down",
        )
        for i, p in enumerate(plays)
    ]


def columns_table(deal: tg.Deal) -> str:
    last = deal.tricks[-1]
    before = list(deal.columns)
    before[last.winner] -= last.size
    cell = "border-bottom:1px solid #d8dee4;padding:2px 10px;text-align:left"
    head = "".join(
        f'<th style="{cell}">{h}</th>' for h in ("Seat", "Columns before the last trick")
    )
    rows = []
    for seat, name in enumerate(SEATS):
        mark = " (banker)" if seat == deal.banker else ""
        rows.append(
            f'<tr><td style="{cell}">{html.escape(name + mark, quote=False)}</td>'
            f'<td style="{cell}">{before[seat]}</td></tr>'
        )
    return (
        '<table style="border-collapse:collapse;font:13px sans-serif;background:#fff;'
        f'color:#1f2328;margin:4px 0"><tr>{head}</tr>{"".join(rows)}</table>'
    )


RULE_AT_END = re.compile(r"\s*\((TG-[A-Z-]+)\)\.?$")


def without_rule(text: str) -> str:
    """A sentence without the "(TG-...)" the engine puts at its end."""
    return RULE_AT_END.sub("", text)
