"""A set of puzzles to work through: pick one, answer it on its card, watch the progress bar.

:class:`PuzzleSet` is an ipywidgets box: a dropdown of the puzzles (each marked with its stars
once solved, in this session or an earlier one: progress is kept in the learner's file),
◀ / ▶ buttons, a progress bar ("3 of 12 solved") and the current :class:`PuzzleCard`. The cards
are made once and kept, so answers, hints and attempts survive moving back and forth.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets

from gupai_learn.puzzles import progress
from gupai_learn.puzzles.model import Puzzle
from gupai_learn.widgets.puzzle_card import PuzzleCard


class PuzzleSet(ipywidgets.VBox):
    """Work through ``puzzles`` one card at a time, with progress shown."""

    def __init__(self, puzzles: Sequence[Puzzle], title: str = "Puzzles") -> None:
        if not puzzles:
            raise ValueError("a puzzle set needs at least one puzzle")
        self.puzzles = list(puzzles)
        self.cards: dict[str, PuzzleCard] = {}
        # what earlier sessions solved (the progress file): a kernel restart loses nothing
        self.saved = {p: r.stars for p, r in progress.load().items()}
        self.solved: set[str] = {p.id for p in self.puzzles if p.id in self.saved}
        self.index = 0
        self.picker = ipywidgets.Dropdown(description="Puzzle", layout={"width": "32em"})
        back = ipywidgets.Button(description="◀ previous", tooltip="previous puzzle")
        forward = ipywidgets.Button(description="next ▶", tooltip="next puzzle")
        back.on_click(lambda _b: self.go(self.index - 1))
        forward.on_click(lambda _b: self.go(self.index + 1))
        self.progress = ipywidgets.IntProgress(
            value=0, min=0, max=len(self.puzzles), description=title
        )
        self.count = ipywidgets.Label()
        self.holder = ipywidgets.Box()
        self._refresh_options()
        self.picker.observe(self._on_pick, names="value")
        bar = ipywidgets.HBox([self.progress, self.count])
        super().__init__([bar, ipywidgets.HBox([back, self.picker, forward]), self.holder])
        self.go(0)

    @property
    def card(self) -> PuzzleCard:
        """The card on show."""
        return self._card(self.puzzles[self.index])

    def go(self, index: int) -> None:
        """Show puzzle number ``index`` (clamped to the set)."""
        self.index = max(0, min(index, len(self.puzzles) - 1))
        self.holder.children = (self.card,)
        if self.picker.value != self.index:
            self.picker.value = self.index

    def _card(self, puzzle: Puzzle) -> PuzzleCard:
        card = self.cards.get(puzzle.id)
        if card is None:
            card = self.cards[puzzle.id] = PuzzleCard(puzzle)
            # attempts too: a check that repeats the last outcome changes no outcome
            card.observe(
                lambda change, pid=puzzle.id: self._on_outcome(pid, change),
                ["outcome", "attempts"],
            )
        return card

    def _on_outcome(self, pid: str, change: dict[str, Any]) -> None:
        # solved is read from the card's own record of Python's checks, not the synced trait
        card = self.cards[pid]
        if card.solved and card.stars > self.saved.get(pid, 0):
            self.saved[pid] = card.stars
        if card.solved and pid not in self.solved:
            self.solved.add(pid)
        self._refresh_options()

    def _refresh_options(self) -> None:
        self.picker.options = [
            # numbered in order (a learner reads titles, never the ids the banks use)
            (f"{self._mark(p.id)} {i + 1}. {p.title}", i)
            for i, p in enumerate(self.puzzles)
        ]
        self.picker.value = self.index
        self.progress.value = len(self.solved)
        stars = sum(self.saved.get(p.id, 0) for p in self.puzzles)
        self.count.value = (
            f"{len(self.solved)} of {len(self.puzzles)} solved · "
            f"{stars} of {3 * len(self.puzzles)} ★"
        )

    def _mark(self, pid: str) -> str:
        if pid not in self.solved:
            return "·"
        return "★" * self.saved.get(pid, 0) or "✓"

    def _on_pick(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and change["new"] != self.index:
            self.go(change["new"])

    def __repr__(self) -> str:
        return f"PuzzleSet({len(self.puzzles)} puzzles, {len(self.solved)} solved)"
