"""A review drawn for the deal player (:mod:`gupai_learn.review`): each decision on one line in
the seat's own turns and in words, the first slip marked with its better move drawn."""

from __future__ import annotations

import html

from gupai_learn.engine.game import PlayedDeal
from gupai_learn.review_notes import ReviewNote
from gupai_learn.review_words import forced_turns, forced_words

#: How each verdict reads in the review list.
VERDICT_WORDS = {"kept": "kept", "slipped": "slipped", "undecided": "too early to tell"}


def notes_html(deal: PlayedDeal, notes: list[ReviewNote], marks: bool = True) -> str:
    """The review as HTML for the deal player: one line per decision, said in the seat's own
    turns and in words (no move notation), the first slip marked and its better move drawn,
    with the sentence why and the rule ids; how many forced turns were left out. ``marks=False``
    draws the better move without the game's marks, as the player that asks draws its pieces."""
    from gupai_learn.render import row_svg  # drawing sits above the engine: import late

    if not notes:
        return "<p>Nothing to review: no decision in this deal offered a choice.</p>"
    first = next((n for n in notes if n.verdict == "slipped"), None)
    items = []
    for note in notes:
        when = note.when or f"move {note.index + 1}"
        said = f"{_capital(when)}: {note.played.words} ({VERDICT_WORDS[note.verdict]})"
        if note is not first:
            items.append(f"<li class='gupai-review-{note.verdict}'>{_esc(said)}</li>")
            continue
        better = note.better
        assert better is not None
        picture = row_svg(better.pieces, marks=marks) if better.pieces else ""
        rules = f" ({', '.join(note.rules)})" if note.rules else ""
        items.append(
            f"<li class='gupai-review-slip'><b>{_esc(said)} ← the first slip</b>"
            f"<p>{_esc(note.why + rules)}</p><p>A move that kept it: {_esc(better.words)}</p>"
            f"{picture}</li>"
        )
    head = "No slip: every decided move kept what could be kept. " if first is None else ""
    seat = notes[0].seat
    name = deal.name(seat)
    return (
        f"<div class='gupai-review'><p>{_esc(name)}'s decisions, looked back on. {head}"
        f"{_esc(forced_words(forced_turns(deal, seat)))}</p><ol>{''.join(items)}</ol></div>"
    )


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _esc(text: str) -> str:
    return html.escape(text, quote=False)
