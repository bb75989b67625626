"""The solver's speed-ups (alpha-beta on the outcome, transpositions, history ordering,
equivalent moves merged) never change an answer: on small random positions of every game,
``GameInfo.solve`` gives exactly what a plain exhaustive search gives (no memo, no ordering,
every move of every seat tried), the list of winning first moves included."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai_learn.games import GAMES
from tests.registry import every_game

Goal = Callable[[Any], bool]

#: Pieces left in all hands (and, in a game with a boneyard, tiles left to draw) below which a
#: random position is small enough for the plain search.
SMALL, SMALL_WITH_BONEYARD = 8, 6


def goal_of(game: str, seat: int) -> Goal:
    """The goal each game's solver pursues for ``seat``: the most points of the round in a
    game that scores rounds, else winning the deal."""
    if GAMES[game].scores_rounds:

        def most_points(d: Any) -> bool:
            mine = d.round_points[seat]
            return all(mine > p for s, p in enumerate(d.round_points) if s != seat)

        return most_points
    return lambda d: d.winner == seat


def plain(deal: Any, seat: int, goal: Goal) -> bool:
    """Every continuation from the definition: one move enough at the seat's turn, all at the
    others' turns."""
    if deal.is_over:
        return goal(deal)
    moves = deal.legal_moves()
    if not moves:
        return goal(deal)
    results = (plain(after(deal, m), seat, goal) for m in moves)
    return any(results) if deal.turn == seat else all(results)


def after(deal: Any, move: Any) -> Any:
    child = deal.copy()
    child.apply(move)
    return child


def small_position(game: str, seed: int) -> Any:
    """A random deal of ``game`` played on by random legal moves until it is small."""
    rng = random.Random(seed)
    deal = GAMES[game].Deal.random(seed=seed)

    boneyard = GAMES[game].has_boneyard

    def size(d: Any) -> int:
        left = sum(len(h) for h in d.hands)
        return left + (d.drawable if boneyard else 0)

    while not deal.is_over and size(deal) > (SMALL_WITH_BONEYARD if boneyard else SMALL):
        moves = deal.legal_moves()
        deal.apply(moves[rng.randrange(len(moves))])
    return deal


@pytest.mark.parametrize("game", every_game())
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 3))
def test_solver_agrees_with_plain_search(game: str, seed: int, pick: int) -> None:
    deal = small_position(game, seed)
    seat = pick % deal.n_seats
    goal = goal_of(game, seat)
    solve = GAMES[game].solve
    assert solve is not None
    result = solve(deal, seat)
    assert result.wins == plain(deal, seat, goal)
    if deal.turn == seat and not deal.is_over:
        wanted = tuple(m for m in deal.legal_moves() if plain(after(deal, m), seat, goal))
        assert result.plays == wanted
    else:
        assert result.plays == ()
