"""Step through a finished or recorded deal (:class:`ReplayStepper`): every hand face up, why
each move was made (:func:`why_played`), who played each seat at which level
(:func:`who_played`), and its own Review, which jumps to the first slip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets

from gupai_learn.engine.deal import check_seat
from gupai_learn.engine.game import PlayedDeal
from gupai_learn.engine.moves import Move
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.render import deal_svg
from gupai_learn.verdict import SetupError
from gupai_learn.widgets._static import StaticFallback
from gupai_learn.widgets.deal_table import Slip, _info, _shown, _slip_line, _text, table_html

#: How each level's computer player is named in a replay.
LEVEL_WORDS = {"easy": "easy", "normal": "normal", "strong": "strong"}


def who_played(deal: PlayedDeal, levels: str | Sequence[str | None], you: int | None = None) -> str:
    """Who played each seat, in a sentence: "East: you. South: strong computer player. …".
    ``levels`` is one level for every computer seat, or one per move of ``deal`` (None for a
    move of yours or one not recorded); a seat whose level changed during the deal says when
    ("normal computer player (moves 2–10), then strong (moves 14–30)")."""
    moves = deal.seated_history
    per_move = [levels] * len(moves) if isinstance(levels, str) else list(levels)
    parts = []
    for seat in range(deal.n_seats):
        if seat == you:
            parts.append(f"{deal.name(seat)}: you")
            continue
        mine = [(i + 1, per_move[i]) for i, (s, _) in enumerate(moves) if s == seat]
        if isinstance(levels, str) and not mine:
            mine = [(0, levels)]
        parts.append(f"{deal.name(seat)}: {_levels_said(mine)}")
    return "Who played: " + "; ".join(parts) + "."


def _levels_said(moves: list[tuple[int, str | None]]) -> str:
    """One seat's levels over its moves (number, level): one level named once, a change named
    with the moves each level played."""
    runs: list[list[Any]] = []  # [level, first move, last move]
    for number, level in moves:
        if runs and runs[-1][0] == level:
            runs[-1][2] = number
        else:
            runs.append([level, number, number])
    if not runs:
        return "no move yet"
    if len(runs) == 1:
        level = runs[0][0]
        return "not recorded" if level is None else f"{level} computer player"
    said = [
        f"{level or 'not recorded'}{' computer player' * (k == 0 and level is not None)} "
        f"({_span(first, last)})"
        for k, (level, first, last) in enumerate(runs)
    ]
    return ", then ".join(said)


def _span(first: int, last: int) -> str:
    return f"move {first}" if first == last else f"moves {first}\u2013{last}"


def why_played(before: PlayedDeal, move: Move) -> str:
    """One sentence on a move, read from the position ``before`` it: for a face-down play, whether
    the seat had no face-up play the rules allowed or kept its tiles by choice (naming one play it
    could have made); for any other move, the engine's own first reason."""
    verdict = before.judge(move)
    rule = verdict.reasons[0].rule if verdict.reasons else ""
    if move.kind != "discard":
        return verdict.reasons[0].text if verdict.reasons else ""
    who = before.name(before.turn)
    face_up = [m for m in before.legal_moves() if m.kind == "play"]
    if not face_up:
        if not isinstance(before, TrickDeal) or before.current_high is None:
            return f"{who} had no face-up play the rules allow here, so played face down ({rule})."
        return (
            f"{who} held nothing that beats {_shown(before.current_high)} ({before.RULE_BEAT}), "
            f"so these tiles went face down ({rule})."
        )
    return (
        f"{who} could have played {face_up[0]} face up but chose to keep it: playing face "
        f"down is always allowed ({rule})."
    )


class ReplayStepper(StaticFallback, ipywidgets.VBox):
    """Step through ``deal``'s moves: first, back, forward, last; at each step every hand is
    shown face up and the caption says why the last move was made (:func:`why_played`).

    ``step`` is where to start: by default after the last move; ``step=0`` starts before the
    first lead (to watch a deal without seeing how it ends). ``seat`` is the learner's seat,
    the one **Review** looks back on (a finished deal: each decision of that seat, and a jump to
    its first slip, marked on the table). ``levels`` says who played the other seats: one level
    for all ("strong") or one per move (None for the learner's), as :class:`DealPlayer`
    records them; without it the replay names no level. ``marks=False`` draws the pieces
    without the game's mark (a Tet-Gow card's tier and set)."""

    def __init__(
        self,
        deal: PlayedDeal,
        step: int | None = None,
        *,
        seat: int = 0,
        levels: str | Sequence[str | None] | None = None,
        marks: bool = True,
    ) -> None:
        self.moves = deal.seated_history
        self.marks = bool(marks)
        self.start = deal.restart()
        self.seat = check_seat("seat", seat, deal.n_seats, f"{_info(deal).rule_prefix}-DEAL")
        if not isinstance(levels, (str, type(None))) and len(levels) != len(self.moves):
            raise SetupError(f"levels: give one level per move ({len(self.moves)}), or one level")
        self.step = len(self.moves) if step is None else step
        self.slip: Slip | None = None
        self.view = ipywidgets.HTML()
        self.caption = ipywidgets.HTML()
        self.notes = ipywidgets.HTML()
        said = "" if levels is None else who_played(deal, levels, seat)
        self.levels = ipywidgets.HTML(f"<p class='gupai-level'>{_text(said)}</p>" if said else "")
        buttons = []
        for label, delta in (
            ("|◀ first", -(10**6)),
            ("◀ back", -1),
            ("forward ▶", 1),
            ("last ▶|", 10**6),
        ):
            button = ipywidgets.Button(description=label)
            button.on_click(lambda _b, d=delta: self.go(self.step + d))
            buttons.append(button)
        review = ipywidgets.Button(description="Review", tooltip="your decisions, looked back on")
        review.on_click(lambda _b: self.review())
        row = ipywidgets.HBox([*buttons, review])
        super().__init__([row, self.levels, self.caption, self.view, self.notes])
        self.go(self.step)

    def review(self) -> list[Any] | None:
        """Look back on ``seat``'s decisions (:func:`gupai_learn.review.review`) and jump to
        the first slip: the step right after it, the slipped play marked on the table."""
        final = self.position(len(self.moves))
        if not final.is_over:
            self.notes.value = "<p>Review comes after the deal: this one was not played out.</p>"
            return None
        from gupai_learn.review import notes_html
        from gupai_learn.review import review as look_back

        notes = look_back(final, self.seat, progress=self._looking_back)
        self.notes.value = notes_html(final, notes, self.marks)
        self.slip = Slip.of(final, notes)
        self.go(self.step if self.slip is None else self.slip.index + 1)
        return notes

    def _looking_back(self, done: int, total: int) -> None:
        """While the review works: how far it has come, where its notes will be."""
        from gupai_learn.widgets.deal_review import looking_back_html

        self.notes.value = looking_back_html(done, total)

    def position(self, step: int) -> Any:
        """The deal after the first ``step`` moves."""
        deal = self.start.restart()
        for _, move in self.moves[:step]:
            deal.apply(move)
        return deal

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves (clamped to the deal): the table, every hand
        face up, and what the last move was and — for a face-down play — why it went down."""
        self.step = max(0, min(step, len(self.moves)))
        deal = self.position(self.step)
        said = f"the {_info(deal).deal_name} before the first lead"
        if self.step:
            seat, move = self.moves[self.step - 1]
            before = self.position(self.step - 1)
            said = f"{deal.name(seat)}: {move.words}. {why_played(before, move)}"
        caption = _text(f"Move {self.step} of {len(self.moves)} — {said}")
        if self.slip is not None and self.step == self.slip.index + 1:
            caption = _slip_line(caption, self.slip, self.marks)
        self.caption.value = caption if "gupai-slip" in caption else f"<p>{caption}</p>"
        # a line game's table draws every hand already
        hands = deal_svg(deal, marks=self.marks) if isinstance(deal, TrickDeal) else ""
        self.view.value = (
            f"{table_html(deal, slip=self.slip, marks=self.marks)}"
            f"<div class='gupai-hands'>{hands}</div>"
        )

    def __repr__(self) -> str:
        return f"ReplayStepper(step={self.step}, moves={len(self.moves)})"
