"""A set of puzzles to work through: pick one, answer it on its card, watch the progress bar.

:class:`PuzzleSet` is an ipywidgets box: a dropdown of the puzzles (each marked with its stars
once solved, in this session or an earlier one: progress is kept in the learner's file; a card
elsewhere on the page that solves one of the set's puzzles marks it here too),
◀ / ▶ buttons, a progress bar ("3 of 12 solved") and the current :class:`PuzzleCard`. The cards
are made once and kept, so answers, hints and attempts survive moving back and forth.

With ``ladder=True`` the set is a **ladder**: the puzzles climb in difficulty (rating, then
depth, then id; :func:`ladder_order`), each rung shows its rating as dots (●●●○○), the set
opens at the first rung not yet solved, and a "next unsolved" button skips the solved ones.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets

from gupai_learn.puzzles import progress
from gupai_learn.puzzles.model import Puzzle
from gupai_learn.verdict import SetupError, describe_input
from gupai_learn.widgets._guard import Change
from gupai_learn.widgets._static import RUN_TO_ANSWER, StaticFallback, esc, picture_of
from gupai_learn.widgets.puzzle_card import WATCHERS, PuzzleCard


def ladder_order(puzzles: Sequence[Puzzle]) -> list[Puzzle]:
    """``puzzles`` from easy to hard: by rating, then depth (pieces still to play), then id."""
    return sorted(puzzles, key=lambda p: (p.rating, p.depth, p.id))


def rating_dots(rating: int) -> str:
    """A rating as five dots, the first ``rating`` filled: ``●●●○○`` for 3."""
    filled = max(0, min(5, rating))
    return "●" * filled + "○" * (5 - filled)


class PuzzleSet(StaticFallback, ipywidgets.VBox):
    """Work through ``puzzles`` one card at a time, with progress shown; with ``ladder=True``,
    in rising difficulty from the first unsolved one."""

    RUN_NOTE = RUN_TO_ANSWER

    def __init__(
        self, puzzles: Sequence[Puzzle], title: str = "Puzzles", *, ladder: bool = False
    ) -> None:
        if not puzzles:
            raise SetupError("a puzzle set needs at least one puzzle")
        if not isinstance(ladder, bool):
            raise SetupError(f"ladder is True or False, not {describe_input(ladder)}")
        self.ladder = ladder
        self.puzzles = ladder_order(puzzles) if ladder else list(puzzles)
        self.title = title
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
        buttons = [back, self.picker, forward]
        if ladder:
            skip = ipywidgets.Button(description="next unsolved ▶▶", tooltip="next unsolved")
            skip.on_click(lambda _b: self.go(self.next_unsolved(self.index + 1)))
            buttons.append(skip)
        self.progress = ipywidgets.IntProgress(
            value=0, min=0, max=len(self.puzzles), description=title
        )
        self.count = ipywidgets.Label()
        #: A ladder's rung on show and its difficulty ("Rung 3 of 40 · difficulty ●●○○○").
        self.rung = ipywidgets.Label()
        self.holder = ipywidgets.Box()
        self._refresh_options()
        self.picker.observe(self._on_pick, names="value")
        bar = ipywidgets.HBox([self.progress, self.count, *([self.rung] if ladder else [])])
        super().__init__([bar, ipywidgets.HBox(buttons), self.holder])
        self.go(self.next_unsolved(0) if ladder else 0)
        WATCHERS.add(self)  # a card above on the page that solves one of ours updates the list

    @property
    def card(self) -> PuzzleCard:
        """The card on show."""
        return self._card(self.puzzles[self.index])

    def next_unsolved(self, start: int = 0) -> int:
        """The first puzzle from ``start`` on (then from the beginning) not solved yet; the
        last one when every puzzle is solved."""
        count = len(self.puzzles)
        for step in range(count):
            i = (start + step) % count
            if self.puzzles[i].id not in self.solved:
                return i
        return count - 1

    def go(self, index: int) -> None:
        """Show puzzle number ``index`` (clamped to the set)."""
        self.index = max(0, min(index, len(self.puzzles) - 1))
        self.holder.children = (self.card,)
        if self.ladder:
            rating = rating_dots(self.puzzles[self.index].rating)
            self.rung.value = f"Rung {self.index + 1} of {len(self.puzzles)} · difficulty {rating}"
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

    def _on_outcome(self, pid: str, change: Change[str | int]) -> None:
        # solved is read from the card's own record of Python's checks, not the synced trait
        card = self.cards[pid]
        if card.solved and card.stars > self.saved.get(pid, 0):
            self.saved[pid] = card.stars
        if card.solved and pid not in self.solved:
            self.solved.add(pid)
        self._refresh_options()

    def _refresh_options(self) -> None:
        self.picker.options = [(self._label(i, p), i) for i, p in enumerate(self.puzzles)]
        self.picker.value = self.index
        self.progress.value = len(self.solved)
        stars = sum(self.saved.get(p.id, 0) for p in self.puzzles)
        if self.ladder:
            self.count.value = f"{len(self.solved)} of {len(self.puzzles)} solved, ★ {stars}"
            return
        self.count.value = (
            f"{len(self.solved)} of {len(self.puzzles)} solved · "
            f"{stars} of {3 * len(self.puzzles)} ★"
        )

    def _label(self, i: int, puzzle: Puzzle) -> str:
        if self.ladder:
            return f"{self._mark(puzzle.id)} {i + 1}. {rating_dots(puzzle.rating)} {puzzle.title}"
        return f"{self._mark(puzzle.id)} {i + 1}. {puzzle.title}"

    def solved_elsewhere(self, pid: str, stars: int) -> None:
        """A card (this set's or any other on the page) solved ``pid`` with ``stars``: mark it
        here too if it is one of ours."""
        if pid not in {p.id for p in self.puzzles}:
            return
        self.saved[pid] = max(stars, self.saved.get(pid, 0))
        self.solved.add(pid)
        self._refresh_options()

    def _mark(self, pid: str) -> str:
        if pid not in self.solved:
            return "·"
        return "★" * self.saved.get(pid, 0) or "✓"

    def _on_pick(self, change: Change[int | None]) -> None:
        if change["new"] is not None and change["new"] != self.index:
            self.go(change["new"])

    def static_body(self) -> str:
        """Before the cell runs: how many puzzles, and the first one's card (no progress: a
        stored page must not depend on the learner's stars)."""
        count = len(self.puzzles)
        head = f"{self.title}: {count} puzzle{'s' if count != 1 else ''}, the first one below."
        if self.ladder:
            low, high = self.puzzles[0].rating, self.puzzles[-1].rating
            head = (
                f"{self.title}: a ladder of {count} puzzle{'s' if count != 1 else ''}, from "
                f"{rating_dots(low)} to {rating_dots(high)}; the first rung below."
            )
        return f"<p><b>{esc(head)}</b></p>" + str(picture_of(self._card(self.puzzles[0])))

    def __repr__(self) -> str:
        shape = ", a ladder" if self.ladder else ""
        return f"PuzzleSet({len(self.puzzles)} puzzles{shape}, {len(self.solved)} solved)"
