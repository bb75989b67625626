"""gupai-learn: an interactive rules tutor for Chinese domino games and their relatives.

The public names (design.md §2)::

    import gupai_learn as gl
    gl.Tile(6, 3) == gl.Tile.parse("[6:3]") == gl.Tile.parse("3-6")
    gl.tiles("[6:6] 6-3 4:2,2-1")
    gl.cards("Ace of Moons, Huntress, 3 Journey")  # Decktet cards (Tet-Gow)
    gl.decks.chinese()           # the 32-tile Chinese set
    gl.Verdict, gl.Reason        # "is this legal, and why?"
    gl.Move.parse("down:[5:1]")  # one notation for every game's moves
    gl.Match("tien_gow", seed=1) # deal after deal, with running totals
    gl.reference("tien_gow")     # the game's rankings on one card
    gl.rule("TG-BEAT-STRICT")    # one rule of the course's rule book (gl.rules(game): all)
    gl.glossary("fish")          # one term of the glossary (gl.glossary(): every term)
    gl.review(deal, 0)           # each decision of seat 0 in a finished deal: kept or slipped
    gl.practice()                # today's due puzzles, then new ones near your rating

Games live in :mod:`gupai_learn.games` (imported here, so that every game is registered
whatever module is imported first), drawings in :mod:`gupai_learn.render`, widgets in
:mod:`gupai_learn.widgets`, puzzles in :mod:`gupai_learn.puzzles`.
"""

from typing import Any

from gupai_learn import decks, games, review
from gupai_learn.cards import Card, Cards, cards
from gupai_learn.engine.game import first_game
from gupai_learn.engine.game import game as find_game
from gupai_learn.engine.match import Match
from gupai_learn.engine.moves import Move
from gupai_learn.engine.reference import Reference
from gupai_learn.rulebook import Glossary, Rule, RuleList, Term, glossary, rule, rules
from gupai_learn.tiles import Tile, Tiles, tiles
from gupai_learn.verdict import (
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
    Reason,
    SetupError,
    Verdict,
    expect_error,
)

__all__ = [
    "AmbiguousPlayError",
    "Card",
    "Cards",
    "Glossary",
    "IllegalPlayError",
    "InvalidNotationError",
    "Match",
    "Move",
    "Reason",
    "Rule",
    "RuleList",
    "Term",
    "Tile",
    "Tiles",
    "Verdict",
    "cards",
    "decks",
    "expect_error",
    "games",
    "glossary",
    "practice",
    "reference",
    "review",
    "rule",
    "rules",
    "tiles",
]
__version__ = "0.1.0"


def reference(game: str | None = None) -> Reference:
    """The reference card of ``game`` (None: the first game of the course): for a trick game
    every lead class with its ranking, strongest first; for a line game the set, the scoring
    and how a hand or round ends.

    It draws itself in a notebook (one picture, as wide as a notebook column at most);
    ``print(card)`` gives the same facts as plain text and ``card.save("name.svg")`` writes a
    printable page. A ValueError names the games when ``game`` is unknown or has no card yet.
    """
    info = first_game() if game is None else find_game(game)
    if info.reference is None:
        raise SetupError(f"{info.display_name()} has no reference card yet")
    return info.reference()


def practice(game: str | None = None, theme: str | None = None) -> Any:
    """A practice session (a widget): the puzzles due today first — missed ones come back after
    1, 3, 7 and 21 days, and your own slips kept from a deal's review — then new ones near your
    rating, with your rating's history and your stars per theme. ``game`` keeps to one game,
    ``theme`` to the puzzles of one theme; a SetupError names a game or theme that is not
    there. See :mod:`gupai_learn.puzzles.progress` for the schedule and the rating."""
    from gupai_learn.widgets.practice import Practice  # widgets sit above the engine

    return Practice(game, theme)


# In a notebook, drawings are shown as images inside HTML, which show before it is trusted too.
from gupai_learn.display import install as _install_display  # noqa: E402

_install_display()
