"""The catalogue of puzzles as practice and the progress map read it: every bank puzzle's id,
game, rating and themes in the course's order (:func:`catalogue`, read once, no puzzle made), a
kept puzzle's the same way (:func:`item`), the themes of a game and the stars earned per theme.

It sits below :mod:`~gupai_learn.puzzles.progress` and :mod:`~gupai_learn.puzzles.practice`
(both read it); it reads the banks and the syllabus, never the learner's file: what the learner
holds is given to it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gupai_learn.games import GAMES
from gupai_learn.games import game as find_game
from gupai_learn.puzzles.loader import BANKS, raw, sources
from gupai_learn.puzzles.loader import rating_of as entry_rating


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
class ThemeStars:
    """One theme of one game on the map: the stars earned over its puzzles, of those possible."""

    game: str
    title: str
    theme: str
    earned: int
    possible: int


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
        file = syllabus_file(None)
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


def item(pid: str, kept: Mapping[str, dict[str, Any]]) -> Item | None:
    """The Item of puzzle ``pid``: a bank puzzle, or a kept one (``kept``: the learner's kept
    entries); None when it is neither."""
    found = _banks().by_id.get(pid)
    if found is not None:
        return found
    entry = kept.get(pid)
    if entry is None:
        return None
    try:
        bank = raw(entry["bank"])
        return _item({**entry, "id": pid}, entry["bank"], bank, -1)
    except (KeyError, TypeError, ValueError):
        return None


def themes_of(game: str | None = None) -> tuple[str, ...]:
    """The themes puzzles of ``game`` (every game when None) carry: the game's declared list
    first, in its order, then any other a puzzle carries, in course order."""
    names = [find_game(game).name] if game is not None else list(GAMES)
    found: list[str] = []
    for name in names:
        found += [str(t) for t in getattr(GAMES[name], "themes", ()) or ()]
    found += [t for i in catalogue() if i.game in names for t in i.themes]
    return tuple(dict.fromkeys(found))


def theme_stars(solved: Mapping[str, Any], game: str | None = None) -> list[ThemeStars]:
    """Stars per theme, game by game (one game when ``game`` is given): the best stars earned
    over the puzzles carrying the theme, of three per puzzle. Empty while no puzzle carries a
    theme. ``solved``: the learner's results (each with ``stars``)."""
    names = [find_game(game).name] if game is not None else list(GAMES)
    rows = []
    for name in names:
        items = [i for i in catalogue() if i.game == name]
        for theme in themes_of(name):
            ids = [i.id for i in items if theme in i.themes]
            if not ids:
                continue
            earned = sum(solved[p].stars for p in ids if p in solved)
            rows.append(ThemeStars(name, GAMES[name].title, theme, earned, 3 * len(ids)))
    return rows


def syllabus_file(syllabus: str | Path | None) -> Path:
    """The lessons' ``syllabus.toml``: ``syllabus`` when given, else the one beside the running
    notebook, else the wheel's or the repository's copy."""
    if syllabus is not None:
        return Path(syllabus)
    here = Path("syllabus.toml")
    if here.is_file():
        return here
    package = Path(__file__).resolve().parents[1]  # the wheel's copy, else the repository's
    for folder in (package / "lessons", package.parent / "lessons"):
        if (folder / "syllabus.toml").is_file():
            return folder / "syllabus.toml"
    return package.parent / "lessons" / "syllabus.toml"
