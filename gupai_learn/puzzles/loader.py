"""The puzzle banks: ``puzzles/banks/<name>.toml``, each read and made into puzzles once.

A bank names its ``game`` (a key of ``GAMES``), the rule ids its kinds cite (``[roles]``), the
defaults of each kind (``[kinds.<kind>]``: title, prompt, texts), and its puzzles
(``[[puzzle]]``: ``id``, ``kind``, the set-up, ``hints``, ``rules`` and ``wrong`` answers).
A set-up is ``hands`` and the ``moves`` played so far in Move notation, with ``won`` and
``leader`` for a deal taken up mid-way, ``options`` for the game's Rules and ``state`` for the
Deal's other keywords. A move puzzle (an endgame, a line move that must force a goal) carries
``difficulty``: its ``rating`` 1-5 and the evidence it comes from (which computer levels find
the answer, the losing and plausible moves, the depth, the proof's search: see
:class:`gupai_learn.puzzles.generate.Evidence`), measured and written by
``python -m gupai_learn.puzzles.generate GAME --rate``; every other puzzle is rated by its kind.
Each puzzle names one to three ``themes`` from its game's list (``GameInfo.themes``).
"""

from __future__ import annotations

import tomllib
from dataclasses import replace
from functools import cache
from importlib.resources import files
from typing import Any

from gupai_learn.engine.game import GameInfo
from gupai_learn.games import GAMES
from gupai_learn.puzzles.kinds import KINDS, Entry, Setup
from gupai_learn.puzzles.model import KIND_RATINGS, Puzzle
from gupai_learn.verdict import describe_input

_DIR = files("gupai_learn.puzzles") / "banks"
#: The banks by name, one TOML file each under ``puzzles/banks/``; a game's bank has its name.
BANKS = tuple(sorted(f.name[: -len(".toml")] for f in _DIR.iterdir() if f.name.endswith(".toml")))


@cache
def raw(name: str) -> dict[str, Any]:
    """The bank ``name`` as TOML data (ValueError for an unknown bank)."""
    if name not in BANKS:
        raise ValueError(
            f"no puzzle bank for {describe_input(name)}; banks exist for {', '.join(BANKS)}"
        )
    text = (_DIR / f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def puzzles_of(name: str) -> tuple[Puzzle, ...]:
    """Every puzzle of bank ``name``, in its order, then the generated ones of that bank
    (``banks/generated/<name>.toml``, a bank of its own written by
    :mod:`gupai_learn.puzzles.generate`), when there are any."""
    found = []
    for bank in (raw(name), _generated(name)):
        if bank:
            found += [make(data, GAMES[bank["game"]], bank) for data in bank["puzzle"]]
    return tuple(found)


@cache
def sources(name: str) -> tuple[dict[str, Any], ...]:
    """The TOML data :func:`puzzles_of` makes bank ``name``'s puzzles from, in its order: the
    bank, then its generated bank (completed with the bank's tables) when there is one. Each
    entry is made into a puzzle with ``make(entry, GAMES[data["game"]], data)``; practice reads
    ids, ratings and themes here without making every puzzle."""
    generated = _generated(name)
    return (raw(name),) if generated is None else (raw(name), generated)


def _generated(name: str) -> dict[str, Any] | None:
    """The generated bank of ``name``, read with its game bank's tables (roles, rule words,
    each kind's defaults such as the ways to play a line move); its own tables win."""
    path = _DIR / "generated" / f"{name}.toml"
    if not path.is_file():
        return None
    return with_bank_tables(name, tomllib.loads(path.read_text(encoding="utf-8")))


def with_bank_tables(name: str, own: dict[str, Any]) -> dict[str, Any]:
    """A generated bank ``own`` of bank ``name`` completed with that bank's tables."""
    base = {key: value for key, value in raw(name).items() if key != "puzzle"}
    kinds = {**base.get("kinds", {})}
    for kind, defaults in own.get("kinds", {}).items():
        kinds[kind] = {**kinds.get(kind, {}), **defaults}
    return {**base, **own, "kinds": kinds}


@cache
def index() -> dict[str, Puzzle]:
    """Every puzzle of every bank by id (ValueError if two share an id)."""
    found: dict[str, Puzzle] = {}
    for name in BANKS:
        for puzzle in puzzles_of(name):
            if puzzle.id in found:
                raise ValueError(f"two puzzles have the id {puzzle.id!r}")
            found[puzzle.id] = puzzle
    return found


def make(
    data: dict[str, object], game: GameInfo, bank: dict[str, Any], deal: object = None
) -> Puzzle:
    """The puzzle of one bank entry (or, with ``deal``, of a template asked about that deal).

    A ValueError names the puzzle whose entry is wrong, e.g. a scripted move the engine refuses.
    """
    filled = {**bank.get("kinds", {}).get(data.get("kind"), {}), **data}
    try:
        puzzle = KINDS[filled["kind"]](Entry(filled, game, bank, _setup(filled, game), deal))
        themes = tuple(filled.get("themes", ()))
        return replace(puzzle, rating=rating_of(filled), depth=_depth(filled), themes=themes)
    except (KeyError, ValueError, TypeError, AssertionError) as error:
        what = f"{type(error).__name__}: {error}"
        raise ValueError(f"puzzle {data.get('id')!r} of the {bank['game']} bank: {what}") from error


def rating_of(data: dict[str, Any]) -> int:
    """An entry's rating: its measured ``difficulty.rating`` (move puzzles, written by
    ``python -m gupai_learn.puzzles.generate GAME --rate``), else its kind's
    (:data:`~gupai_learn.puzzles.model.KIND_RATINGS`). A ValueError names a rating outside 1-5."""
    measured = data.get("difficulty", {}).get("rating")
    rating = KIND_RATINGS.get(data["kind"], 2) if measured is None else measured
    if type(rating) is not int or not 1 <= rating <= 5:
        raise ValueError(f"a rating is a whole number from 1 to 5, not {describe_input(rating)}")
    return rating


def _depth(data: dict[str, Any]) -> int:
    return int(data.get("difficulty", {}).get("depth", 0))


def _setup(data: dict[str, Any], game: GameInfo) -> Setup | None:
    if "hands" not in data:
        return None
    state = dict(data.get("state", {}))
    state.update({key: data[key] for key in ("won", "leader") if key in data})
    moves = tuple(data.get("moves", ()))
    return Setup(game, tuple(data["hands"]), moves, dict(data.get("options", {})), state)
