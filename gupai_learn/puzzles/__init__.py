"""Puzzles: questions about real positions, checked by the rules engine.

>>> from gupai_learn import puzzles
>>> p = puzzles.bank("tien_gow")[0]
>>> p.check(None).outcome
'not-attempted'
>>> puzzles.get("tg-class-01").id
'tg-class-01'
"""

from __future__ import annotations

import importlib

from gupai_learn.puzzles.model import Feedback, Puzzle, Solution

__all__ = ["GAMES", "Feedback", "Puzzle", "Solution", "bank", "get"]

#: Puzzle banks: the Chinese set (lesson 01.01) and one per game.
GAMES = ("chinese_set", "tien_gow")


def bank(game: str) -> list[Puzzle]:
    """The puzzles of ``game`` (e.g. ``"tien_gow"``), in learning order."""
    if game not in GAMES:
        raise ValueError(f"no puzzle bank for {game!r}; banks exist for {', '.join(GAMES)}")
    module = importlib.import_module(f"gupai_learn.puzzles.{game}")
    return list(module.bank())


def get(pid: str) -> Puzzle:
    """The puzzle with id ``pid`` from any bank (e.g. ``"tg-beat-01"``); KeyError if none."""
    for game in GAMES:
        for puzzle in bank(game):
            if puzzle.id == pid:
                return puzzle
    raise KeyError(f"no puzzle {pid!r}; ids look like 'tg-beat-01' (see puzzles.bank(game))")
