"""Bull Fight's rows of the benchmark (``python -m gupai_learn.bench``), given to the generic
bench by the game's ``GameInfo.bench``: random playouts against the ``dominoes`` package and the
solver on endgames.
"""

from __future__ import annotations

import random
import statistics
import time

from gupai_learn.engine.game import Bench
from gupai_learn.engine.playouts import dominoes_random_playout, line_random_playout, paired_rates
from gupai_learn.games.ding_niu.deal import Deal
from gupai_learn.games.ding_niu.solver import solve


def ding_niu_random_playout(seed: int) -> int:
    """Play one random Bull Fight hand to the end through the public API; return its moves.

    Each move asks ``deal.legal_moves()`` and applies one of them, as a computer player or a
    widget would; the engine checks for a fish after every non-double, and the hand is settled
    at the end."""
    return line_random_playout(Deal, seed)


def ding_niu_solver_times(count: int = 20) -> tuple[float, float]:
    """Median seconds to solve Bull Fight endgames of up to 2 and 3 tiles per hand."""
    medians = []
    for size in (2, 3):
        times = []
        for seed in range(count):
            rng = random.Random(seed)
            deal = Deal.random(seed=seed)
            while not deal.is_over and max(len(h) for h in deal.hands) > size:
                options = deal.legal_moves()
                deal.apply(options[rng.randrange(len(options))])
            if deal.is_over:
                continue
            start = time.perf_counter()
            solve(deal, deal.turn)
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times))
    return medians[0], medians[1]


def rows(seconds: float, rounds: int, quick: bool) -> None:
    """Print Bull Fight's rows: random playouts against the peer, solver endgames."""
    ours, theirs, ratio = paired_rates(
        ding_niu_random_playout, dominoes_random_playout, seconds, rounds
    )
    print(f"  dominoes (PyPI) random playout      {theirs:>12,.0f} moves/s   (peer)")
    print(f"  Bull Fight random playout, public API {ours:>10,.0f} moves/s   ratio {ratio:.2f}")
    two, three = ding_niu_solver_times(10 if quick else 20)
    print(f"  Bull Fight solver, endgames of 2 / 3 tiles: {two * 1e3:.1f} / {three * 1e3:.1f} ms")


#: The rows the generic bench prints for the game (``GameInfo.bench``).
BENCH = Bench(rows)
