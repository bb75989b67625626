"""Bergen's rows of the benchmark (``python -m gupai_learn.bench``), given to the generic
bench by the game's ``GameInfo.bench``: random playouts against the ``dominoes`` package.
"""

from __future__ import annotations

from gupai_learn.engine.game import Bench
from gupai_learn.engine.playouts import dominoes_random_playout, line_random_playout, paired_rates
from gupai_learn.games.bergen.deal import Deal


def bergen_random_playout(seed: int) -> int:
    """Play one random Bergen round (the ruling's defaults: two players, two reserved tiles) to
    the end through the public API; return its moves, draws and passes included.

    Each move asks ``deal.legal_moves()`` and applies one of them, as a computer player or a
    widget would; headers are scored after every placement, a blocked round is decided, and the
    round is settled at the end."""
    return line_random_playout(Deal, seed)


def bergen_rows(seconds: float, rounds: int) -> None:
    """Print Bergen's row: random playouts against the peer, paired round by round."""
    ours, theirs, ratio = paired_rates(
        bergen_random_playout, dominoes_random_playout, seconds, rounds
    )
    print(f"  dominoes (PyPI) random playout      {theirs:>12,.0f} moves/s   (peer)")
    print(f"  Bergen random playout, public API   {ours:>12,.0f} moves/s   ratio {ratio:.2f}")


def rows(seconds: float, rounds: int, quick: bool) -> None:
    """Print Bergen's row (:func:`bergen_rows`)."""
    bergen_rows(seconds, rounds)


#: The rows the generic bench prints for the game (``GameInfo.bench``).
BENCH = Bench(rows)
