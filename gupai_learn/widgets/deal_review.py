"""The deal player's **Review** after a deal (:class:`Reviewing`, mixed into
:class:`~gupai_learn.widgets.deal_player.DealPlayer`): the learner's decisions looked back on,
the first slip marked on the story and the table, and a **Try it again** button per slip that
opens the position before it as a puzzle card, kept in the progress file.
"""

from __future__ import annotations

import contextlib
from typing import Any

import ipywidgets

from gupai_learn.widgets.deal_table import Slip, _text, story_html


def looking_back_html(done: int, total: int) -> str:
    """While a review works (a Bagchen review takes seconds): how far it has come, from the
    last decision back, in words and as a bar."""
    return (
        f"<p class='gupai-looking-back'>Looking back at your {total} decisions, from the "
        f"last: {done} of {total} done <progress value='{done}' max='{max(total, 1)}'>"
        "</progress></p>"
    )


class Reviewing:
    """The Review and Try-it-again buttons of a deal player: the widget sets these attributes
    (the deal, the learner's seat, the coach line, the story, the rows of tries and of the
    slip tried, the slip marked, and whether pieces show the game's marks)."""

    deal: Any
    seat: int
    coach: ipywidgets.HTML
    story: ipywidgets.HTML
    tries: ipywidgets.VBox
    trial: ipywidgets.VBox
    _slip: Slip | None
    marks: bool

    def review(self) -> list[Any] | None:
        """After the deal: each of your decisions, kept or slipped, the first slip marked and
        the move that kept the goal drawn (:func:`gupai_learn.review.review`), and under it a
        "Try it again" button for each slip (:meth:`try_again`)."""
        if not self.deal.is_over:
            self.coach.value = "<p>Review comes after the deal: play it to the end first.</p>"
            return None
        from gupai_learn.review import notes_html
        from gupai_learn.review import review as look_back

        notes = look_back(self.deal, self.seat, progress=self._looking_back)
        self.coach.value = notes_html(self.deal, notes, self.marks)
        self._slip = Slip.of(self.deal, notes)
        self.story.value = story_html(self.deal, self._slip, self.marks)
        self.trial.children = ()
        self.tries.children = tuple(self._offer(n) for n in notes if n.verdict == "slipped")
        return notes

    def _looking_back(self, done: int, total: int) -> None:
        """While the review works: how far it has come, in the coach line."""
        self.coach.value = looking_back_html(done, total)

    def _offer(self, note: Any) -> ipywidgets.Widget:
        """The "Try it again" button of one slip of the review (its puzzle made now, so that
        the button opens it at once), or the line saying why this slip cannot be tried."""
        try:
            puzzle = note.puzzle()
        except ValueError as error:
            said = str(error)
            return ipywidgets.HTML(
                f"<p class='gupai-try-later'>{_text(said[:1].upper() + said[1:])}.</p>"
            )
        label = f"Try it again: {note.when}"
        tip = f"{note.when}: {note.played.words} let it slip; find a move that keeps it"
        button = ipywidgets.Button(
            description=label, tooltip=tip, layout=ipywidgets.Layout(width="auto")
        )
        button.add_class("gupai-try-again")
        button.on_click(lambda _b: self._open(note, puzzle))
        return button

    def try_again(self, note: Any) -> Any:
        """Open the slip of ``note`` (a slipped :class:`~gupai_learn.review.ReviewNote`) as a
        puzzle card under the review: the position before it, to play again. The slip is kept
        in the learner's progress file as it starts (so that it can come back later); solved,
        its stars are saved as any card's are. Returns the card (None, with a one-line reason,
        when the note cannot become a puzzle)."""
        try:
            puzzle = note.puzzle()
        except ValueError as error:
            self.coach.value = f"<p>{_text(f'This move cannot be tried again: {error}.')}</p>"
            return None
        return self._open(note, puzzle)

    def _open(self, note: Any, puzzle: Any) -> Any:
        """Show ``puzzle``, the slip of ``note``, as a card under the review, kept as it starts."""
        from gupai_learn.puzzles import progress
        from gupai_learn.widgets.puzzle_card import PuzzleCard

        with contextlib.suppress(OSError):  # a read-only home: the card works, nothing is kept
            progress.keep(puzzle.id, note.entry())
        said = (
            f"Your slip at {note.when}, to play again: every move that keeps what you could "
            "force is right, and the stars you earn are saved with your progress."
        )
        card = PuzzleCard(puzzle)
        intro = ipywidgets.HTML(f"<p class='gupai-try-intro'>{_text(said)}</p>")
        self.trial.children = (intro, card)
        return card
