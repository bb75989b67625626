"""Puzzles: questions about real positions, checked by the rules engine (design.md §7).

The content is data: one TOML bank per game under ``puzzles/banks/``; each puzzle names a kind
(:mod:`gupai_learn.puzzles.kinds`), whose checker asks the engine or the solver, so every
correct answer is accepted and none is stored.

>>> from gupai_learn import puzzles
>>> p = puzzles.get("tg-class-01")
>>> p.check(None).outcome, p.check("A mixed pair").outcome
('not-attempted', 'correct')
"""

from __future__ import annotations

from gupai_learn.games import GAMES
from gupai_learn.puzzles.about import about_deal
from gupai_learn.puzzles.kinds import lead_verdict
from gupai_learn.puzzles.loader import BANKS, index, make, puzzles_of, raw
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.verdict import describe_input

__all__ = [
    "BANKS",
    "Feedback",
    "Puzzle",
    "Solution",
    "about_deal",
    "bank",
    "deal_for",
    "from_entry",
    "get",
    "lead_verdict",
]


def bank(game: str) -> list[Puzzle]:
    """The puzzles of bank ``game`` (a game's name, or ``"chinese_set"``), in learning order."""
    return list(puzzles_of(game))


def get(pid: str) -> Puzzle:
    """The puzzle with id ``pid`` from any bank (e.g. ``"tg-beat-01"``); KeyError if none."""
    try:
        return index()[pid]
    except (KeyError, TypeError):
        raise KeyError(
            f"no puzzle {describe_input(pid)}; ids look like 'tg-beat-01' (see puzzles.bank(game))"
        ) from None


def deal_for(pid: str) -> object:
    """A fresh deal at the moment puzzle ``pid`` asks about (KeyError if it is set in none)."""
    position = get(pid).position
    if position is None:
        raise KeyError(f"puzzle {describe_input(pid)} is not set in a deal")
    return position()


def from_entry(entry: dict[str, object]) -> Puzzle:
    """A puzzle rebuilt from one bank entry (the dict a ``[[puzzle]]`` table of a bank reads as),
    with ``entry["bank"]`` naming the bank whose tables (roles, each kind's defaults) complete
    it. This is how a puzzle that lives outside the banks (a slip of your own, kept in the
    progress file) is made again. A ValueError names what is wrong with the entry."""
    if not isinstance(entry, dict):
        raise TypeError(f"an entry is a dict of a bank's puzzle fields, not {type(entry).__name__}")
    name = entry.get("bank")
    if name not in BANKS:
        raise ValueError(
            f"entry {describe_input(entry.get('id'))} names no bank ('bank' is one of {BANKS})"
        )
    tables = {key: value for key, value in raw(name).items() if key != "puzzle"}
    fields = {key: value for key, value in entry.items() if key != "bank"}
    puzzle = make(fields, GAMES[tables["game"]], tables)
    try:  # a bank works its solutions out when first read; a kept entry must prove it can
        puzzle.solution.answer  # noqa: B018
    except (KeyError, TypeError, ValueError, AssertionError) as error:
        what = f"{type(error).__name__}: {error}"
        raise ValueError(f"puzzle {entry.get('id')!r} cannot be made again: {what}") from error
    return puzzle
