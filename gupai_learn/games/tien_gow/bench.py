"""Tien Gow's rows of the benchmark (``python -m gupai_learn.bench``), given to the generic
bench by the game's ``GameInfo.bench``: random playouts against the ``dominoes`` package on the
listed and the user's path, the listing of legal leads and moves, a move in each accepted form,
and the solver on reference endgames.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from gupai_learn import decks
from gupai_learn.engine.game import Bench
from gupai_learn.engine.moves import Move
from gupai_learn.engine.playouts import (
    dominoes_random_playout,
    paired_rates,
    played_down,
    random_tiles,
    trick_random_playout,
    trick_user_playout,
)
from gupai_learn.games.tien_gow.deal import HAND_SIZE, Deal
from gupai_learn.games.tien_gow.solver import solve
from gupai_learn.tiles import Tiles


def tien_gow_random_playout(seed: int) -> int:
    """Play one random Tien Gow deal to the end through the public API; return its moves.

    A follower picks uniformly among its legal face-up plays and one face-down discard (of
    random tiles). Both playouts draw with ``int(random() * n)``, so neither pays for a
    slower idiom of the random module."""
    return trick_random_playout(Deal, seed, random_tiles)


def tien_gow_user_playout(seed: int) -> int:
    """One random Tien Gow deal played the way a user writes a random player (see
    :func:`trick_user_playout`)."""
    return trick_user_playout(Deal, seed)


def move_form_times(samples: int = 2000) -> dict[str, float]:
    """Median µs of one legal move given in each accepted form (a lead of two tiles when the
    hand has one, and a follower's face-down pair): ``Tiles``, ``Move``, text, tuple, list."""
    rng = random.Random(1)
    forms: dict[str, Callable[[Move], Any]] = {
        "Tiles": lambda m: m.pieces,
        "Move": lambda m: m,
        "text": str,
        "tuple": lambda m: tuple(m.pieces),
        "list": lambda m: list(m.pieces),
    }
    times: dict[str, list[float]] = {name: [] for name in forms}
    for seed in range(samples):
        for name, form in forms.items():
            deal = Deal.random(seed=seed)
            leads = [p for p in deal.legal_plays() if len(p) == 2]
            if not leads:
                break
            move = Move("play", leads[0])
            if seed % 2:  # time the follower's discard instead of the lead
                deal.apply(move)
                move = Move("discard", Tiles(rng.sample(deal.hands[deal.turn], 2)))
            verb = deal.apply if name in ("Move", "text") or move.face_up else deal.discard
            if name in ("Tiles", "tuple", "list") and move.face_up:
                verb = deal.play
            arg = form(move)
            start = time.perf_counter()
            verb(arg)
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(ts) * 1e6 for name, ts in times.items()}


def legal_moves_time(samples: int = 2000) -> float:
    """Median seconds of ``legal_moves()`` for a fresh 8-tile hand (every move as a Move)."""
    return _median_listing("legal_moves", samples)


def _median_listing(method: str, samples: int) -> float:
    """Median seconds of ``deal.<method>()`` on fresh deals."""
    times = []
    for seed in range(samples):
        listing = getattr(Deal.random(seed=seed), method)
        start = time.perf_counter()
        listing()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def legal_leads_time(samples: int = 2000) -> float:
    """Median seconds to list every legal lead of a fresh 8-tile hand."""
    return _median_listing("legal_plays", samples)


def solver_times(quick: bool) -> list[tuple[str, float, int]]:
    """Median solver seconds per reference set: (label, seconds, positions)."""
    rows = []
    for size, count in ((2, 30), (3, 30), (4, 30 if not quick else 10)):
        times = []
        for seed in range(count):
            deal = _endgame(seed, size)
            start = time.perf_counter()
            solve(deal, deal.turn)
            times.append(time.perf_counter() - start)
        rows.append((f"endgame, {size} tiles each", statistics.median(times), count))
    budget = 100_000
    for seed in range(1 if quick else 2):
        deal = Deal.random(seed=seed)
        start = time.perf_counter()
        result = solve(deal, 0, max_nodes=budget)
        verdict = "unknown" if result.wins is None else str(result.wins)
        label = f"full deal {seed}: {verdict}, {result.nodes:,} nodes"
        rows.append((label, time.perf_counter() - start, 1))
    return rows


def _endgame(seed: int, size: int) -> Any:
    """A reference endgame: a random deal played by random moves down to ``size`` tiles each
    (single leads only, so every hand shrinks evenly)."""
    deal = played_down(Deal.random(seed=seed), size, random.Random(seed), Tiles)
    return Deal(deal.hands, leader=deal.turn, columns=deal.columns)


def dealt_endgame(seed: int, size: int) -> Any:
    """A second set of reference endgames (issue 36): ``size`` tiles dealt to each seat at
    random from the 32, the columns already won shared out at random, a random leader. The
    played-down endgames all have the leader holding every column so far; these do not."""
    rng = random.Random(10_000 + seed)
    deck = list(decks.chinese())
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(4)]
    played = HAND_SIZE - size
    cuts = sorted(rng.randint(0, played) for _ in range(3))
    columns = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], played - cuts[2]]
    return Deal(hands, leader=rng.randrange(4), columns=columns)


#: Hand sizes of the solver rows of issue 26 (endgames with this many tiles in each hand).
SEARCH_SIZES = (4, 5)
#: A reference endgame of ``size`` tiles each, from ``seed`` (the solver rows' positions).
endgame = _endgame
#: Every set of reference endgames, by name (the solver rows print one row per set and size).
ENDGAMES = {"played down": _endgame, "dealt at random": dealt_endgame}


def rows(seconds: float, rounds: int, quick: bool) -> None:
    """Print Tien Gow's rows: playouts on both paths against the peer, listings, move forms,
    solver endgames."""
    ours, theirs, ratio = paired_rates(
        tien_gow_random_playout, dominoes_random_playout, seconds, rounds
    )
    print(f"  dominoes (PyPI) random playout      {theirs:>12,.0f} moves/s   (peer)")
    print(f"  Tien Gow random playout, public API {ours:>12,.0f} moves/s   ratio {ratio:.2f}")
    ours, theirs, ratio = paired_rates(
        tien_gow_user_playout, dominoes_random_playout, seconds, rounds
    )
    print(f"  Tien Gow user-style random player   {ours:>12,.0f} moves/s   ratio {ratio:.2f}")
    leads = legal_leads_time()
    print(f"  Tien Gow legal leads of 8 tiles     {leads * 1e6:>12.1f} µs")
    print(f"  Tien Gow legal_moves() of 8 tiles   {legal_moves_time() * 1e6:>12.1f} µs")
    forms = move_form_times(500 if quick else 2000)
    fastest = min(forms.values())
    shown = ", ".join(f"{k} {v:.2f}" for k, v in forms.items())
    print(
        f"  Tien Gow one move by form (µs): {shown}; slowest/fastest "
        f"{max(forms.values()) / fastest:.2f}"
    )
    for label, secs, count in solver_times(quick):
        print(f"  Tien Gow solver, {label:<34} {secs * 1e3:>9.1f} ms   (median of {count})")


#: The rows the generic bench prints for the game (``GameInfo.bench``).
BENCH = Bench(rows, endgame=_endgame, search_sizes=SEARCH_SIZES, endgames=ENDGAMES)
