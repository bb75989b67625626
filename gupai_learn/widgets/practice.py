"""Practice: today's due puzzles first, then new ones near your rating (``gl.practice()``).

:class:`Practice` is an ipywidgets box of two parts: a :class:`PracticeBoard` (anywidget) that
says how many puzzles are due today, why the puzzle on show was chosen, your rating with its
history as a small chart (plain SVG: no plotting library, so it draws in the browser-only build
too) and your stars per theme, each theme with a button to practise only it; and the
:class:`~gupai_learn.widgets.puzzle_card.PuzzleCard` of the puzzle on show. The card saves its
stars as every card does (:func:`gupai_learn.puzzles.progress.record`), which moves the puzzle's
schedule and the rating; **Next puzzle** shows the next one (:mod:`gupai_learn.puzzles.practice`
chooses it in a few milliseconds; :attr:`Practice.pick_seconds` is the last choice's time).

The browser may only press the board's buttons (``command``): "next", "all themes" or
"theme:<name>" for a theme on the board; Python decides what each means.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

import ipywidgets
import traitlets

from gupai_learn.games import GAMES
from gupai_learn.puzzles import practice, progress
from gupai_learn.puzzles.practice import Pick
from gupai_learn.widgets._assets import bundle
from gupai_learn.widgets._commands import CommandWidget
from gupai_learn.widgets._guard import Change
from gupai_learn.widgets._static import RUN_TO_ANSWER, StaticFallback, esc, inert_button
from gupai_learn.widgets.puzzle_card import PuzzleCard
from gupai_learn.widgets.puzzle_set import rating_dots

__all__ = ["Practice", "PracticeBoard"]

NEXT, ALL = "next", "all themes"
THEME = "theme:"


class PracticeBoard(CommandWidget):
    """The head of a practice session: what is due, why this puzzle, the rating and its chart,
    the stars per theme. Its buttons are handled by the :class:`Practice` that owns it."""

    _esm = bundle("commands.js", "practice.js")
    _css = bundle("practice.css")
    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset({"command"})

    #: "2 puzzles due today · your rating 1242 after 12 answers"
    summary = traitlets.Unicode("").tag(sync=True)
    #: why the puzzle on show was chosen ("Due today: …", "New: …")
    status = traitlets.Unicode("").tag(sync=True)
    #: the rating's history as SVG (made by Python, see progress.rating_chart)
    chart_html = traitlets.Unicode("").tag(sync=True)
    #: stars per theme: {"game", "theme", "earned", "possible", "key"} each; empty without themes
    themes = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: the theme practice keeps to ("" for all)
    theme = traitlets.Unicode("").tag(sync=True)
    #: the scope in words ("Tien Gow", "every game")
    scope = traitlets.Unicode("").tag(sync=True)

    def __init__(self, handler: Callable[[str], str | None]) -> None:
        super().__init__()
        self._handler = handler
        self.buttons = [NEXT]

    def run_command(self, name: str) -> None:
        """Hand a press to the practice; one line for a name it does not offer."""
        answer = self._handler(name)
        self.message = self.unavailable(name) if answer is None else answer


class Practice(StaticFallback, ipywidgets.VBox):
    """A practice session over every game, or ``game``, or one ``theme`` of puzzles, on the
    day :func:`gupai_learn.puzzles.progress.today` says."""

    RUN_NOTE = RUN_TO_ANSWER

    def __init__(self, game: str | None = None, theme: str | None = None) -> None:
        self.game, self.theme = practice.check_choice(game, theme)
        #: the ids shown this session, in order (a skipped one is not shown again today)
        self.shown: list[str] = []
        self.pick: Pick | None = None
        self.card: PuzzleCard | None = None
        #: seconds the last choice of a puzzle took (neither the first reading of the banks'
        #: entries nor the making of the card is included)
        self.pick_seconds = 0.0
        practice.catalogue()  # the banks' entries, read once per process (about 0.3 s)
        self.board = PracticeBoard(self._press)
        self.holder = ipywidgets.Box()
        super().__init__([self.board, self.holder])
        self.next()

    # ----- choosing and showing ----------------------------------------------------------

    def next(self) -> Pick | None:
        """Show the next puzzle to practise (the one on show is not offered again this
        session); None, and a sentence saying so, when nothing is left."""
        for _ in range(20):  # a kept entry that cannot be made any more is passed over
            start = time.perf_counter()
            pick = practice.next_pick(self.game, self.theme, skip=self.shown)
            self.pick_seconds = time.perf_counter() - start
            self.pick = pick
            if pick is None:
                self._show_nothing()
                return None
            self.shown.append(pick.id)
            try:
                puzzle = practice.build(pick.id)
            except (KeyError, ValueError, TypeError) as error:
                self.board.message = f"Puzzle {pick.id} could not be made ({error}); skipped."
                continue
            self.card = PuzzleCard(puzzle)
            self.card.observe(self._on_card, ["stars"])  # set once the solve is saved
            self.holder.children = (self.card,)
            self._refresh()
            return pick
        self._show_nothing()
        return None

    def _show_nothing(self) -> None:
        self.card = None
        what = f"the theme {self.theme!r}" if self.theme else "these puzzles"
        words = f"Nothing left to practise today in {what}. Come back tomorrow."
        self.holder.children = (ipywidgets.HTML(f"<p class='gupai-practice-done'>{esc(words)}"),)
        self._refresh()

    def _on_card(self, change: Change[int]) -> None:
        card = self.card
        if card is None or not card.solved or self.pick is None:
            return
        review = progress.reviews().get(self.pick.id)
        self.board.status = f"Solved {'★' * card.stars}{'☆' * (3 - card.stars)}. " + _when(review)
        self._refresh(status=False)

    # ----- the board ---------------------------------------------------------------------

    def _refresh(self, status: bool = True) -> None:
        board = self.board
        due = [p for p in practice.queue(self.game, self.theme) if p.reason == "due"]
        left = [p for p in due if p.id not in self.shown]
        mark = progress.rating()
        count = f"{len(left)} more puzzle{'s' * (len(left) != 1)} due today"
        answers = f"{mark.answers} answer{'s' * (mark.answers != 1)}"
        board.summary = f"{count} · your rating {round(mark.value)} after {answers}"
        board.scope = GAMES[self.game].title if self.game else "every game"
        board.theme = self.theme or ""
        board.chart_html = progress.rating_chart(mark)
        board.themes = [
            {
                "game": row.title,
                "theme": row.theme,
                "earned": row.earned,
                "possible": row.possible,
                "key": THEME + row.theme,
            }
            for row in practice.theme_stars(self.game)
        ]
        board.buttons = [NEXT, ALL] if self.theme else [NEXT]
        if status:
            board.status = self._why()

    def _why(self) -> str:
        """Why the puzzle on show was chosen, in one sentence."""
        if self.pick is None:
            return ""
        found = practice.item(self.pick.id)
        level = f"difficulty {rating_dots(found.rating)}" if found else ""
        if self.pick.reason == "new":
            return f"New puzzle, near your rating: {level}."
        review = progress.reviews().get(self.pick.id)
        if review is None or review.tries == 0:
            return f"Due today: one of your own slips, kept to try again ({level})."
        return f"Due today: you answered it {review.tries}× before, last with {review.last} ★."

    def _press(self, name: str) -> str | None:
        """What a board button does; the one-line answer (None: not a button offered)."""
        if name == NEXT:
            pick = self.next()
            return "" if pick is not None else "Nothing left to practise today."
        if name == ALL and self.theme:
            self.theme = None
            self.next()
            return "Practising every theme."
        if name.startswith(THEME):
            theme = name[len(THEME) :]
            if theme not in practice.themes_of(self.game):
                return None
            self.theme = theme
            self.next()
            return f"Practising the theme {theme!r}."
        return None

    # ----- pages without a kernel ------------------------------------------------------------

    def static_body(self) -> str:
        """Before the cell runs: what the session does (nothing of the learner's progress)."""
        where = GAMES[self.game].title if self.game else "every game"
        theme = f", theme {self.theme!r}" if self.theme else ""
        head = (
            f"Practice ({where}{theme}): the puzzles due today first, then new ones near "
            "your rating."
        )
        return f"<p><b>{esc(head)}</b></p><div>{inert_button('Next puzzle ▶')}</div>"

    def __repr__(self) -> str:
        return f"Practice(game={self.game!r}, theme={self.theme!r})"


def _when(review: progress.Review | None) -> str:
    """When the puzzle comes back, in words."""
    if review is None or review.due is None:
        if review is not None and review.interval:
            return "Learned: it will not come back."
        return "It will not come back: well done."
    days = (review.due - progress.today()).days
    return f"It comes back in {days} day{'s' * (days != 1)}, on {review.due.isoformat()}."
