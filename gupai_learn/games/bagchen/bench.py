"""Bagchen's rows of the benchmark (``python -m gupai_learn.bench``), given to the generic
bench by the game's ``GameInfo.bench``: random playouts against the ``dominoes`` package on the
listed and the user's path, the listing of legal leads, and the solver on random endgames.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from gupai_learn.engine.game import Bench
from gupai_learn.engine.playouts import (
    dominoes_random_playout,
    paired_rates,
    played_down,
    random_tiles,
    trick_random_playout,
    trick_user_playout,
)
from gupai_learn.games.bagchen.deal import Deal
from gupai_learn.games.bagchen.rules import Rules
from gupai_learn.games.bagchen.solver import solve
from gupai_learn.tiles import Tiles


def bagchen_random_playout(seed: int) -> int:
    """Play one random Bagchen deal (64 tiles, 16 each) to the end through the public API, as
    :func:`tien_gow_random_playout` does; return its moves."""
    return trick_random_playout(Deal, seed, random_tiles)


def bagchen_user_playout(seed: int) -> int:
    """One random Bagchen deal played the way a user writes a random player."""
    return trick_user_playout(Deal, seed)


def bagchen_legal_leads_time(samples: int = 2000) -> float:
    """Median seconds to list every legal lead of a fresh 16-tile Bagchen hand."""
    times = []
    for seed in range(samples):
        listing = Deal.random(seed=seed).legal_plays
        start = time.perf_counter()
        listing()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bagchen_solver_times(quick: bool) -> list[tuple[str, float, int]]:
    """Median solver seconds on random Bagchen endgames of 1 to 3 tiles each."""
    rows = []
    for size in (1, 2, 3):
        times = []
        count = 10 if quick else 30
        for seed in range(count):
            deal = _bagchen_endgame(seed, size)
            start = time.perf_counter()
            solve(deal, deal.turn)
            times.append(time.perf_counter() - start)
        rows.append((f"endgame, {size} tiles each", statistics.median(times), count))
    return rows


def _bagchen_endgame(seed: int, size: int) -> Any:
    """A random deal played by random single leads down to ``size`` tiles each (passports do
    not restrict the leads on the way down, so a single lead is always there)."""
    start = Deal.random(seed=seed, rules=Rules(passport_leads=False))
    deal = played_down(start, size, random.Random(seed), Tiles)
    return Deal(deal.hands, leader=deal.turn, won=deal.won, point=deal.point)


def bagchen_rows(seconds: float, rounds: int, quick: bool) -> None:
    """Print Bagchen's rows: playouts against the peer, legal leads, solver endgames."""
    ours, _, ratio = paired_rates(bagchen_random_playout, dominoes_random_playout, seconds, rounds)
    print(f"  Bagchen random playout, public API  {ours:>12,.0f} moves/s   ratio {ratio:.2f}")
    ours, _, ratio = paired_rates(bagchen_user_playout, dominoes_random_playout, seconds, rounds)
    print(f"  Bagchen user-style random player    {ours:>12,.0f} moves/s   ratio {ratio:.2f}")
    leads = bagchen_legal_leads_time(500 if quick else 2000)
    print(f"  Bagchen legal leads of 16 tiles     {leads * 1e6:>12.1f} µs")
    for label, secs, count in bagchen_solver_times(quick):
        print(f"  Bagchen solver, {label:<35} {secs * 1e3:>9.1f} ms   (median of {count})")


#: Hand sizes of the solver rows of issue 26 (endgames with this many tiles in each hand).
SEARCH_SIZES = (5, 6)
#: A random endgame of ``size`` tiles each, from ``seed`` (the solver rows' positions).
endgame = _bagchen_endgame


def rows(seconds: float, rounds: int, quick: bool) -> None:
    """Print Bagchen's rows (:func:`bagchen_rows`)."""
    bagchen_rows(seconds, rounds, quick)


#: The rows the generic bench prints for the game (``GameInfo.bench``).
BENCH = Bench(rows, endgame=_bagchen_endgame, search_sizes=SEARCH_SIZES)
