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

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any, Literal

from gupai_learn.games import GAMES
from gupai_learn.games import game as find_game
from gupai_learn.puzzles import progress
from gupai_learn.puzzles.loader import BANKS, make, raw, sources
from gupai_learn.puzzles.loader import rating_of as entry_rating
from gupai_learn.puzzles.model import Puzzle
from gupai_learn.verdict import SetupError, describe_input


@dataclass(frozen=True)
class Item:
    """One puzzle as practice sees it, without making it: its id, bank and game, its rating
    1-5, its themes and its place in the course (``order``: smaller comes first)."""

    id: str
    bank: str
    game: str
    rating: int
    themes: tuple[str, ...]
    order: int


@dataclass(frozen=True)
class Pick:
    """The puzzle practice shows next and why: ``"due"`` (missed before, or a kept slip, and
    due today) or ``"new"`` (never answered, rated near the learner)."""

    id: str
    reason: Literal["due", "new"]


@dataclass(frozen=True)
class _Banks:
    """Every bank puzzle as an Item in course order, by id, and each one's entry with the
    bank data that completes it."""

    items: tuple[Item, ...]
    by_id: dict[str, Item]
    entries: dict[str, tuple[dict[str, Any], dict[str, Any]]]


@cache
def _banks() -> _Banks:
    place = _lesson_order()
    found: list[Item] = []
    entries: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    for name in _bank_order():
        for data in sources(name):
            for entry in data["puzzle"]:
                order = place.get(entry["id"], len(place) + len(found))
                found.append(_item(entry, name, data, order))
                entries[entry["id"]] = (entry, data)
    found.sort(key=lambda i: i.order)
    return _Banks(tuple(found), {i.id: i for i in found}, entries)


def catalogue() -> tuple[Item, ...]:
    """Every puzzle of the banks, in course order (read once; no puzzle is made)."""
    return _banks().items


def _item(entry: dict[str, Any], bank: str, data: dict[str, Any], order: int) -> Item:
    filled = {**data.get("kinds", {}).get(entry.get("kind"), {}), **entry}
    themes = tuple(str(t) for t in filled.get("themes", ()))
    game = str(filled.get("game", data["game"]))  # a bank of several games names each one
    return Item(entry["id"], bank, game, entry_rating(filled), themes, order)


def _bank_order() -> list[str]:
    """The banks, game by game in the course's order (a game's own bank after the others of
    the same game that lessons use earlier, such as the tile set's)."""
    games = list(GAMES)
    return sorted(BANKS, key=lambda b: (games.index(raw(b)["game"]), b == raw(b)["game"], b))


def _lesson_order() -> dict[str, int]:
    """Each puzzle id the lessons use, with its place in the reading order (the syllabus);
    empty when no syllabus can be read."""
    try:
        file = progress._syllabus_file(None)
        with file.open("rb") as handle:
            chapters = tomllib.load(handle)["chapters"]
        ids = [
            pid
            for chapter in chapters
            for lesson in chapter.get("lessons", ())
            for pid in lesson.get("puzzles", ())
        ]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}
    return {pid: i for i, pid in reversed(list(enumerate(ids)))}


def item(pid: str, kept: Mapping[str, dict[str, Any]] | None = None) -> Item | None:
    """The Item of puzzle ``pid``: a bank puzzle, or a kept one (``kept``: the kept entries,
    read from the progress file when not given); None when it is neither."""
    found = _banks().by_id.get(pid)
    if found is not None:
        return found
    entry = (progress.kept() if kept is None else kept).get(pid)
    if entry is None:
        return None
    try:
        bank = raw(entry["bank"])
        return _item({**entry, "id": pid}, entry["bank"], bank, -1)
    except (KeyError, TypeError, ValueError):
        return None


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


def themes_of(game: str | None = None) -> tuple[str, ...]:
    """The themes puzzles of ``game`` (every game when None) carry: the game's declared list
    first, in its order, then any other a puzzle carries, in course order."""
    names = [find_game(game).name] if game is not None else list(GAMES)
    found: list[str] = []
    for name in names:
        found += [str(t) for t in getattr(GAMES[name], "themes", ()) or ()]
    found += [t for i in catalogue() if i.game in names for t in i.themes]
    return tuple(dict.fromkeys(found))


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
    state = progress._current()
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
) -> list[progress.ThemeStars]:
    """Stars per theme, game by game (one game when ``game`` is given): the best stars earned
    over the puzzles carrying the theme, of three per puzzle. Empty while no puzzle carries a
    theme. ``solved``: the learner's results (read from the progress file when not given)."""
    solved = progress.load() if solved is None else solved
    names = [find_game(game).name] if game is not None else list(GAMES)
    rows = []
    for name in names:
        items = [i for i in catalogue() if i.game == name]
        for theme in themes_of(name):
            ids = [i.id for i in items if theme in i.themes]
            if not ids:
                continue
            earned = sum(solved[p].stars for p in ids if p in solved)
            rows.append(progress.ThemeStars(name, GAMES[name].title, theme, earned, 3 * len(ids)))
    return rows
