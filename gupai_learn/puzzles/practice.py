"""Practice: which puzzle to answer next, and the stars per theme (design.md §14, issue 34).

The next puzzle is one that is **due** (:func:`gupai_learn.puzzles.progress.due`: missed
puzzles come back after 1, 3, 7 and 21 days; a slip kept from a deal's review is due until it is
answered), the longest waiting first; when none is due, a **new** one (never answered) whose
rating is nearest the learner's (:func:`~gupai_learn.puzzles.progress.puzzle_elo` puts both on
one scale), in the course's order among equals: the order the lessons use the puzzles in, then
the banks' order. Practice can keep to one game and to one theme.

Choosing reads only the banks' entries — ids, ratings, themes (:func:`catalogue`, read once) —
and the progress file; a puzzle is made only when it is shown (:func:`build`), so a choice takes
a few milliseconds.

    >>> from gupai_learn.games import GAMES
    >>> from gupai_learn.puzzles import practice
    >>> first = next(iter(GAMES))
    >>> pick = practice.next_pick(game=first)
    >>> practice.item(pick.id).game == first
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from gupai_learn.games import GAMES
from gupai_learn.games import game as find_game
from gupai_learn.puzzles import progress, progress_file
from gupai_learn.puzzles.catalogue import Item, ThemeStars, _banks, catalogue, themes_of
from gupai_learn.puzzles.catalogue import item as catalogue_item
from gupai_learn.puzzles.catalogue import theme_stars as catalogue_stars
from gupai_learn.puzzles.loader import make
from gupai_learn.puzzles.model import Puzzle
from gupai_learn.verdict import SetupError, describe_input


@dataclass(frozen=True)
class Pick:
    """The puzzle practice shows next and why: ``"due"`` (missed before, or a kept slip, and
    due today) or ``"new"`` (never answered, rated near the learner)."""

    id: str
    reason: Literal["due", "new"]


def item(pid: str, kept: Mapping[str, dict[str, Any]] | None = None) -> Item | None:
    """The Item of puzzle ``pid``: a bank puzzle, or a kept one (``kept``: the kept entries,
    read from the progress file when not given); None when it is neither."""
    return catalogue_item(pid, progress.kept() if kept is None else kept)


def rating_of(pid: str) -> int | None:
    """Puzzle ``pid``'s rating 1-5 (a bank's or a kept puzzle's), None if it is unknown."""
    found = item(pid)
    return None if found is None else found.rating


def build(pid: str, kept: Mapping[str, dict[str, Any]] | None = None) -> Puzzle:
    """The puzzle ``pid`` made to be shown: a bank's, or a kept one rebuilt from its entry
    (:func:`gupai_learn.puzzles.from_entry`). KeyError when it is neither."""
    found = _banks().entries.get(pid)
    if found is not None:
        entry, data = found
        return make(entry, GAMES[data["game"]], data)
    own = (progress.kept() if kept is None else kept).get(pid)
    if own is None:
        raise KeyError(f"no puzzle {pid!r} in the banks or among your kept puzzles")
    from gupai_learn.puzzles import from_entry

    return from_entry({**own, "id": pid})


def check_choice(game: str | None, theme: str | None) -> tuple[str | None, str | None]:
    """``game`` and ``theme`` as practice uses them (a game's name; a theme some puzzle of it
    carries); a SetupError in one line otherwise."""
    name = None if game is None else find_game(game).name
    if theme is None:
        return name, None
    known = themes_of(name)
    if not isinstance(theme, str) or theme not in known:
        where = f" of {GAMES[name].title}" if name else ""
        listed = ", ".join(known) if known else "none yet"
        raise SetupError(
            f"no puzzle{where} has the theme {describe_input(theme, 60)}; the themes: {listed}"
        )
    return name, theme


def _fits(found: Item | None, game: str | None, theme: str | None) -> bool:
    return (
        found is not None
        and (game is None or found.game == game)
        and (theme is None or theme in found.themes)
    )


def next_pick(
    game: str | None = None,
    theme: str | None = None,
    day: date | None = None,
    skip: Iterable[str] = (),
) -> Pick | None:
    """The puzzle to practise next (see the module's docstring), leaving out the ids ``skip``
    (those already shown this session); None when nothing is left. ``game``/``theme`` as
    :func:`check_choice` accepts them."""
    picks = queue(game, theme, day, skip, limit=1)
    return picks[0] if picks else None


def queue(
    game: str | None = None,
    theme: str | None = None,
    day: date | None = None,
    skip: Iterable[str] = (),
    limit: int | None = None,
) -> list[Pick]:
    """The puzzles practice would show, in order: the due ones, then new ones nearest the
    learner's rating (at most ``limit`` in all)."""
    game, theme = check_choice(game, theme)
    left_out = set(skip)
    state = progress_file.current()
    kept = state.kept
    when = progress._day(day)
    waiting = sorted(
        (r.due, pid) for pid, r in state.practice.items() if r.due is not None and r.due <= when
    )
    picks = [
        Pick(pid, "due")
        for _, pid in waiting
        if pid not in left_out and _fits(item(pid, kept), game, theme)
    ]
    if limit is not None and len(picks) >= limit:
        return picks[:limit]
    level = state.rating.value
    seen = state.practice.keys() | state.solved.keys() | kept.keys() | left_out
    new = [i for i in catalogue() if i.id not in seen and _fits(i, game, theme)]
    new.sort(key=lambda i: (abs(progress.puzzle_elo(i.rating) - level), i.order))
    picks += [Pick(i.id, "new") for i in new]
    return picks if limit is None else picks[:limit]


def theme_stars(
    game: str | None = None, solved: Mapping[str, progress.Result] | None = None
) -> list[ThemeStars]:
    """Stars per theme, game by game (one game when ``game`` is given): the best stars earned
    over the puzzles carrying the theme, of three per puzzle. Empty while no puzzle carries a
    theme. ``solved``: the learner's results (read from the progress file when not given)."""
    return catalogue_stars(progress.load() if solved is None else solved, game)
