"""The puzzle card: a puzzle's prompt and picture, an answer form, Check / Hint / Solution.

The answer form depends on the puzzle: tiles to pick from a pool (``tiles``, ``move``), one option
to choose (``choice``), or a number per label (``numbers``). A ``move`` puzzle may also offer
``choices`` saying how the tiles are played — a line game's ``left`` / ``right`` end,
``face down``, or a word move such as ``pass`` — and the answer is then that move. Check runs
``puzzle.check`` — the engine's judgement — and shows correct / incorrect-with-reason / not
attempted. Hints come one at a time, gentlest first. Attempts are remembered for the session.

Whether the puzzle is solved is Python's alone: it comes from ``puzzle.check`` on the answer
(:attr:`PuzzleCard.solved`), and the browser may write only the answer form and the button
presses, never the outcome or the feedback.
"""

from __future__ import annotations

import html
import weakref
from typing import Any, ClassVar

import traitlets

from gupai_learn.engine.moves import join
from gupai_learn.puzzles import progress
from gupai_learn.puzzles.model import Feedback, Puzzle
from gupai_learn.render import piece_view
from gupai_learn.rulebook import link_rules
from gupai_learn.tiles import Tiles
from gupai_learn.verdict import describe_input
from gupai_learn.widgets._assets import bundle
from gupai_learn.widgets._guard import Change, GuardedWidget
from gupai_learn.widgets._static import RUN_TO_ANSWER, StaticFallback, esc, inert_button

#: Whatever shows solved puzzles (a PuzzleSet further down the page) and wants to hear when a
#: card anywhere solves one: each gets ``solved_elsewhere(puzzle_id, stars)``.
WATCHERS: weakref.WeakSet[Any] = weakref.WeakSet()


class PuzzleCard(StaticFallback, GuardedWidget):
    """One puzzle to answer, with instant feedback."""

    RUN_NOTE = RUN_TO_ANSWER

    _esm = bundle("pieces.js", "puzzle_card.js")
    _css = bundle("pieces.css", "puzzle_card.css")
    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset({"selected", "choice", "numbers", "command"})

    title = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    picture_html = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("").tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the pieces to pick from, each {"svg": drawing, "label": spoken words}, sent together
    pool = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: What the pool is, shown above it ("Your hand (South):"); a default asks for clicks.
    pool_caption = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    choice = traitlets.Unicode("").tag(sync=True)
    numbers = traitlets.List(traitlets.Unicode()).tag(sync=True)
    command = traitlets.Unicode("").tag(sync=True)
    outcome = traitlets.Unicode("").tag(sync=True)
    feedback_html = traitlets.Unicode("").tag(sync=True)
    hints = traitlets.List(traitlets.Unicode()).tag(sync=True)
    has_more_hints = traitlets.Bool(False).tag(sync=True)
    solution_html = traitlets.Unicode("").tag(sync=True)
    attempts = traitlets.Int(0).tag(sync=True)
    #: stars earned by the first correct answer (0 until then); Python's alone
    stars = traitlets.Int(0).tag(sync=True)

    def __init__(self, puzzle: Puzzle) -> None:
        if not isinstance(puzzle, Puzzle):
            raise TypeError(f"PuzzleCard needs a Puzzle, not {describe_input(puzzle)}")
        super().__init__()
        self.puzzle = puzzle
        self.history: list[tuple[Any, str]] = []
        #: The last checked answer's feedback (None before the first check).
        self.feedback: Feedback | None = None
        #: Whether the stars were saved, in words (the save's one-line problem if not).
        self.saved_note = ""
        self.title, self.prompt, self.kind = puzzle.title, puzzle.prompt, puzzle.answer_kind
        self.picture_html = puzzle.drawing()
        self.choices, self.labels = list(puzzle.choices), list(puzzle.labels)
        self.numbers = [""] * len(puzzle.labels)
        self.pool_caption = puzzle.pool_caption or _your_pieces(puzzle)
        self.has_more_hints = bool(puzzle.hints)
        self._draw_pool()

    @property
    def pieces(self) -> Tiles:
        """The tiles the learner picks from (tiles and move puzzles)."""
        return self.puzzle.pool or Tiles(())

    def answer(self) -> Any:
        """The answer the form holds now, in the puzzle's answer format."""
        if self.kind in ("tiles", "move"):
            tiles = type(self.pieces)(  # Tiles, or Cards for a card game
                self.pieces[i] for i in sorted(set(self.selected)) if 0 <= i < len(self.pieces)
            )
            return _how(tiles, self.choice) if self.kind == "move" and self.choice else tiles
        if self.kind == "choice":
            return self.choice or None
        return tuple(self.numbers)

    @property
    def solved(self) -> bool:
        """True once an answer checked by Python was correct (the browser cannot set this)."""
        return any(outcome == "correct" for _, outcome in self.history)

    def check(self) -> Feedback:
        """Check the current answer (what the Check button does)."""
        answer = self.answer()
        if self.kind == "numbers":
            answer = _numbers(self.numbers)
        feedback = self._nothing_picked() or self.puzzle.check(answer)
        self.feedback = feedback
        first = feedback.correct and not self.solved
        if feedback.outcome != "not-attempted":
            self.history.append((answer, feedback.outcome))  # before the traits notify
            self.attempts += 1
        shown = feedback._repr_html_()
        if first:
            self.stars = self._record_stars()
            note = html.escape(self.saved_note)
            shown += f"<p class='gupai-stars'>{_star_text(self.stars)} — {note}</p>"
        self.outcome = feedback.outcome
        self.feedback_html = shown
        return feedback

    def _nothing_picked(self) -> Feedback | None:
        """A move card checked with a place chosen but no piece picked is not an answer yet:
        told what to do first, without using an attempt (the engine could only say the move
        cannot be read)."""
        picked = any(0 <= i < len(self.pieces) for i in self.selected)
        if self.kind != "move" or self.choice not in _PLACES or picked:
            return None
        pieces = _your_pieces(self.puzzle).removeprefix("Your ").rstrip(":")  # tiles, cards
        return Feedback("not-attempted", f"Pick one of your {pieces} first, then where it goes.")

    def _record_stars(self) -> int:
        """Stars for this solve (lichess-style: fewer after wrong tries, hints or the solution),
        saved to the learner's progress file; a file that cannot be written costs no stars."""
        helped = len(self.hints) + (2 if self.solution_html else 0)
        stars = progress.stars_for(self.attempts, helped)
        self.saved_note = "saved to your progress"
        try:
            progress.record(self.puzzle.id, stars, rating=self.puzzle.rating)
        except OSError as error:  # a read-only home, a file not ours: the stars show, not kept
            self.saved_note = str(error)
        for watcher in list(WATCHERS):
            watcher.solved_elsewhere(self.puzzle.id, stars)
        return stars

    def hint(self) -> None:
        """Show one more hint."""
        shown = len(self.hints)
        if shown < len(self.puzzle.hints):
            self.hints = [*self.hints, self.puzzle.hints[shown]]
        self.has_more_hints = len(self.hints) < len(self.puzzle.hints)

    def show_solution(self) -> None:
        """Show the solution with its reasons."""
        solution = self.puzzle.solution
        items = "".join(f"<li>{link_rules(str(r))}</li>" for r in solution.reasons)
        self.solution_html = f"<p>{html.escape(solution.text)}</p><ul>{items}</ul>"

    def _draw_pool(self) -> None:
        chosen = set(self.selected)
        self.pool = [
            dict(
                zip(
                    ("svg", "label"),
                    piece_view(t, selected=i in chosen, style=self.puzzle.style),
                    strict=True,
                )
            )
            for i, t in enumerate(self.pieces)
        ]

    @traitlets.observe("selected")
    def _on_select(self, change: Change[list[int]]) -> None:
        self._draw_pool()

    @traitlets.observe("command")
    def _on_command(self, change: Change[str]) -> None:
        actions = {"check": self.check, "hint": self.hint, "solution": self.show_solution}
        action = actions.get(change["new"])
        if action is not None:
            action()
        if change["new"]:
            self.command = ""

    def static_body(self) -> str:
        """The card as a page shows it before the cell runs: its title, question and picture,
        the tiles or choices to answer with (drawn, not clickable)."""
        parts = [f"<p><b>{esc(self.title)}</b></p>", f"<p>{esc(self.prompt)}</p>"]
        parts.append(self.picture_html)
        if self.kind in ("tiles", "move"):
            tiles = "".join(p["svg"] for p in self.pool)
            parts.append(f"<p>{esc(self.pool_caption)}</p><div>{tiles}</div>")
        if self.choices:
            parts.append("<div>" + "".join(inert_button(c) for c in self.choices) + "</div>")
        for label in self.labels:
            parts.append(f"<p>{esc(label)} {inert_button(' ' * 6)}</p>")
        return "".join(parts)

    def __repr__(self) -> str:
        return f"PuzzleCard({self.puzzle.id!r}, attempts={self.attempts})"


def _your_pieces(puzzle: Puzzle) -> str:
    """The caption over a pool without its own: "Your tiles:", or "Your cards:" when the pool
    holds cards (Tet-Gow)."""
    pool = puzzle.pool or ()
    cards = any(not isinstance(piece, tuple) for piece in pool)  # a Tile is a tuple, a Card not
    return "Your cards:" if cards else "Your tiles:"


#: the choices of a move card that need a piece picked first
_PLACES = ("left", "right", "face up", "face down")


def _how(tiles: Tiles, how: str) -> Any:
    """A move puzzle's answer: the tiles played as ``how`` says (``left``/``right``: at that
    end of the line; ``face up`` or ``face down``; another word: that move, e.g. ``pass``), in
    Move notation."""
    if how == "face up":
        return tiles
    if how == "face down":
        return f"down:{join(tiles)}" if tiles else "down:"
    if how in ("left", "right"):
        return f"{join(tiles)}>{how}" if tiles else f">{how}"
    return how


def _numbers(texts: list[str]) -> Any:
    """Numbers typed in the form; text that is not a whole number is passed on as typed, so the
    puzzle's feedback can name it."""
    out: list[Any] = []
    for text in texts:
        try:
            out.append(int(text.strip()))
        except ValueError:
            out.append(text)
    return tuple(out)


def _star_text(stars: int) -> str:
    """ "★★☆" for 2 stars out of 3."""
    return "★" * stars + "☆" * (3 - stars)
