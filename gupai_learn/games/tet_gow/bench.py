"""Tet-Gow's rows of the benchmark (``python -m gupai_learn.bench``), given to the generic
bench by the game's ``GameInfo.bench``: random playouts against the ``dominoes`` package on the
listed and the user's path, and the solver on random endgames.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from gupai_learn.cards import Cards
from gupai_learn.engine.game import Bench
from gupai_learn.engine.playouts import (
    dominoes_random_playout,
    paired_rates,
    played_down,
    random_cards,
    trick_random_playout,
    trick_user_playout,
)
from gupai_learn.games.tet_gow.deal import Deal
from gupai_learn.games.tet_gow.solver import solve


def tet_gow_random_playout(seed: int) -> int:
    """One random Tet-Gow game through the public API (as :func:`tien_gow_random_playout`):
    a follower picks uniformly among its legal face-up plays and one face-down discard."""
    return trick_random_playout(Deal, seed, lambda rng, hand, n: random_cards(rng.random, hand, n))


def tet_gow_user_playout(seed: int) -> int:
    """One random Tet-Gow game played the way a user writes a random player."""
    return trick_user_playout(Deal, seed)


def tet_gow_solver_times(size: int = 3, count: int = 30) -> tuple[float, float]:
    """Median and worst seconds of ``solve`` on random endgames of ``size`` cards each
    (random play down to that size, the seat to lead solving)."""
    times = []
    for seed in range(count):
        deal = _tet_gow_endgame(seed, size)
        start = time.perf_counter()
        solve(deal, deal.turn)
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def _tet_gow_endgame(seed: int, size: int) -> Any:
    """A random Tet-Gow game played by single leads and random discards to ``size`` cards."""
    deal = played_down(Deal.random(seed=seed), size, random.Random(seed), Cards)
    return Deal(list(deal.hands), leader=deal.turn, won=deal.won)


def tet_gow_rows(seconds: float, rounds: int) -> None:
    """Print Tet-Gow's rows: random playouts against the peer, and solver endgames."""
    ours, _, ratio = paired_rates(tet_gow_random_playout, dominoes_random_playout, seconds, rounds)
    print(f"  Tet-Gow random playout, public API  {ours:>12,.0f} moves/s   ratio {ratio:.2f}")
    ours, _, ratio = paired_rates(tet_gow_user_playout, dominoes_random_playout, seconds, rounds)
    print(f"  Tet-Gow user-style random player    {ours:>12,.0f} moves/s   ratio {ratio:.2f}")
    for size in (2, 3):
        median, worst = tet_gow_solver_times(size)
        print(
            f"  Tet-Gow solver, endgame {size} cards each  {median * 1e3:>9.1f} ms   "
            f"(median of 30, worst {worst * 1e3:.1f} ms)"
        )


#: Hand sizes of the solver rows of issue 26 (endgames with this many cards in each hand).
SEARCH_SIZES = (4,)
#: A random endgame of ``size`` cards each, from ``seed`` (the solver rows' positions).
endgame = _tet_gow_endgame


def rows(seconds: float, rounds: int, quick: bool) -> None:
    """Print Tet-Gow's rows (:func:`tet_gow_rows`)."""
    tet_gow_rows(seconds, rounds)


#: The rows the generic bench prints for the game (``GameInfo.bench``).
BENCH = Bench(rows, endgame=_tet_gow_endgame, search_sizes=SEARCH_SIZES)
