"""Benchmark: ``python -m gupai_learn.bench [--quick]``.

Prints, per game, random-playout moves per second through the public API (Tien Gow: each
move asks ``deal.legal_plays()`` and applies ``play`` or ``discard``; Bull Fight: it asks
``deal.legal_moves()`` and applies one, as a computer player or a widget would), the time
to list every legal lead of an 8-tile hand, solver times on reference positions, and —
measured in the same run, on the same machine — the PyPI ``dominoes`` package's random
playouts of a double-six line game, reported as the ratio ours / theirs. Each trick game is
measured on two paths: the listed one (plays from ``legal_plays()``, discards as the hand's own
type) and the one a user writes (discards as a plain ``tuple`` from ``random.sample``, choices
with ``randrange``; :func:`trick_user_playout`).

Each game's rows live in its own package (``games/<name>/bench.py``, found through ``GAMES`` by
:func:`game_bench`); this module holds what every game shares: the paired timing, the generic
playouts of a trick or line game, the peer, the solver and review rows, and the simulations.

Then, per game in ``GAMES``, :func:`gupai_learn.sim.run`'s throughput in deals per second with
heuristic players, in one process and in two, and the speed-up. (The playout rows above do not
go through ``sim.run``: it adds computer players' ``choose``, settlement, events and a row per
deal, which the peer's loop does not pay for, so the ratio would no longer compare engines.)

Last, Python's share of a click in each widget (:mod:`gupai_learn.widgets.bench`: hand
picker, line view, card Check, each game's deal player), median and 90th percentile of
processor time per click, driven through the widgets' message handlers in this process.

Figures are medians over several rounds of CPU time (``time.process_time``: a shared machine's
other work does not count); the peer and ours alternate round by round and the ratio is the
median of the per-round ratios, so it is what to compare between runs and machines, not the
absolute numbers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from importlib import import_module
from types import ModuleType
from typing import Any

from gupai_learn.cards import Cards
from gupai_learn.engine.game import GameInfo
from gupai_learn.games import GAMES
from gupai_learn.tiles import Tiles


def game_bench(info: GameInfo) -> ModuleType | None:
    """The game's own rows of the benchmark, ``gupai_learn.games.<name>.bench`` (``rows(seconds,
    rounds, quick)`` prints them; ``endgame(seed, size)`` and ``SEARCH_SIZES`` feed the solver
    rows of issue 26 where the game has them), or None for a game without one."""
    try:
        return import_module(f"gupai_learn.games.{info.name}.bench")
    except ModuleNotFoundError:
        return None


def __getattr__(name: str) -> Any:
    """A function of a game's bench module, by name (``bench.bergen_random_playout``)."""
    for info in GAMES.values():
        module = game_bench(info)
        if module is not None and not name.startswith("__") and hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _moves_per_second(run: Callable[[int], int], seconds: float, seed: int) -> float:
    """Moves per CPU second of ``run(seed) -> moves`` called with successive seeds for
    ``seconds`` of CPU time. CPU time, as for the solver rows: on a shared machine wall-clock
    time would count the neighbours' work too, and the ratio to the peer would swing with it."""
    moves, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        moves += run(seed)
        seed += 1
    return moves / (time.process_time() - start)


def paired_rates(
    ours: Callable[[int], int], theirs: Callable[[int], int], seconds: float, rounds: int
) -> tuple[float, float, float]:
    """Median moves/s of ``ours`` and ``theirs`` and the median of the per-round ratios.

    The two alternate round by round, so a machine that slows down or speeds up during the run
    affects both sides of each ratio alike."""
    mine, peer, ratios = [], [], []
    for r in range(rounds):
        peer.append(_moves_per_second(theirs, seconds, r * 100_000))
        mine.append(_moves_per_second(ours, seconds, r * 100_000))
        ratios.append(mine[-1] / peer[-1])
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def trick_random_playout(
    deal_class: Any, seed: int, down: Callable[[random.Random, tuple[Any, ...], int], Any]
) -> int:
    """One random deal of a trick game (``deal_class.random``) played to the end through the
    public API, as :func:`tien_gow_random_playout` describes; ``down(rng, hand, n)`` picks the
    pieces of a face-down discard. Returns the number of moves."""
    rng = random.Random(seed)
    draw = rng.random
    deal = deal_class.random(seed=rng)
    moves = 0
    while not deal.is_over:
        plays = deal.legal_plays()
        trick = deal.trick
        pick = int(draw() * (len(plays) + 1 if trick else len(plays)))
        if pick == len(plays):
            deal.discard(down(rng, deal.hands[deal.turn], len(trick[0].pieces)))
        else:
            deal.play(plays[pick])
        moves += 1
    deal.settle()
    return moves


def trick_user_playout(deal_class: Any, seed: int) -> int:
    """One random deal of a trick game played the way a user writes a random player: plays
    from ``legal_plays()``, discards as a plain ``tuple`` sampled from the hand with
    ``random.sample``, every move through ``deal.play``/``deal.discard``. Returns its moves."""
    rng = random.Random(seed)
    deal = deal_class.random(seed=rng)
    moves = 0
    while not deal.is_over:
        plays = deal.legal_plays()
        trick = deal.trick
        pick = rng.randrange(len(plays) + 1) if trick else rng.randrange(len(plays))
        if pick == len(plays):
            deal.discard(tuple(rng.sample(deal.hands[deal.turn], len(trick[0].pieces))))
        else:
            deal.play(plays[pick])
        moves += 1
    deal.settle()
    return moves


def random_tiles(rng: random.Random, hand: tuple[Any, ...], n: int) -> Tiles:
    """``n`` distinct tiles of ``hand`` chosen at random (a random face-down discard)."""
    if n == 1:
        return Tiles((hand[int(rng.random() * len(hand))],))
    return Tiles(rng.sample(hand, n))


def dominoes_random_playout(seed: int) -> int:
    """One random game of the PyPI ``dominoes`` package (double-six, 4 players)."""
    import dominoes

    random.seed(seed)
    draw = random.random
    game = dominoes.Game.new()
    moves = 0
    while game.result is None:
        options = game.valid_moves
        game.make_move(*options[int(draw() * len(options))])
        moves += 1
    return moves


def line_random_playout(deal_class: Any, seed: int) -> int:
    """Play one random deal of a line game (``deal_class``) to the end through the public API:
    each move one of ``deal.legal_moves()``, chosen with ``int(random() * n)`` as the peer
    draws; the deal is settled at the end. Returns the number of moves."""
    rng = random.Random(seed)
    draw = rng.random
    deal = deal_class.random(seed=rng)
    moves = 0
    while not deal.is_over:
        options = deal.legal_moves()
        deal.apply(options[int(draw() * len(options))])
        moves += 1
    deal.settle()
    return moves


def played_down(deal: Any, size: int, rng: random.Random, pack: Callable[..., Any]) -> Any:
    """``deal`` (a trick game) played on by random single leads and random discards (packed
    by ``pack``: Tiles or Cards) until every hand holds ``size`` pieces between tricks."""
    while len(deal.hands[0]) > size or deal.trick:
        plays = [p for p in deal.legal_plays() if len(p) == 1] if not deal.trick else []
        if plays:
            deal.play(plays[rng.randrange(len(plays))])
        else:
            hand = deal.hands[deal.turn]
            deal.discard(pack(rng.sample(hand, len(deal.trick[0].pieces))))
    return deal


def sim_rates(game: str, deals: int, workers: int = 2) -> tuple[float, float]:
    """Deals per second of ``sim.run(game, deals=deals)`` (heuristic players, no progress bar)
    in this process and with ``workers`` processes (their start-up included), one after the
    other in the same run. A few deals first warm this process's caches, so that the first
    timing does not pay for them."""
    from gupai_learn import sim

    sim.run(game, deals=min(deals, 20), workers=1, progress=False)
    rates = []
    for count in (1, workers):
        start = time.perf_counter()
        sim.run(game, deals=deals, workers=count, progress=False)
        rates.append(deals / (time.perf_counter() - start))
    return rates[0], rates[1]


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter rounds (about 15 s)")
    parser.add_argument(
        "--solver", action="store_true", help="only the solver and review rows (issue 26)"
    )
    parser.add_argument(
        "--clicks", action="store_true", help="only the widgets' clicks rows (issue 36)"
    )
    args = parser.parse_args(argv)
    if args.solver:
        search_rows(args.quick)
        return
    if args.clicks:
        click_rows(args.quick)
        return
    seconds, rounds = (0.5, 3) if args.quick else (2.0, 5)
    print(f"gupai-learn benchmark ({rounds} rounds of {seconds} s, medians)")
    for info in GAMES.values():
        module = game_bench(info)
        if module is not None:
            module.rows(seconds, rounds, args.quick)
    search_rows(args.quick)
    sim_rows(args.quick)
    click_rows(args.quick)


def click_rows(quick: bool) -> None:
    """Print Python's share of a click per widget (:mod:`gupai_learn.widgets.bench`)."""
    from gupai_learn.widgets import bench as widgets_bench  # ipywidgets: only when asked for

    widgets_bench.rows(quick)


def sim_rows(quick: bool) -> None:
    """Print each game's ``sim.run`` deals/s with heuristic players, in 1 and 2 processes."""
    for name, info in GAMES.items():
        one, two = sim_rates(name, 200 if quick else 1000)
        print(
            f"  {info.title} sim.run, heuristic players: {one:,.0f} deals/s in 1 process, "
            f"{two:,.0f} in 2, speed-up {two / one:.2f}"
        )


def random_cards(draw: Callable[[], float], hand: tuple[Any, ...], n: int) -> Cards:
    """``n`` distinct cards of ``hand`` chosen at random with ``int(random() * m)`` draws (a
    partial Fisher-Yates shuffle, as cheap as the peer's own draws)."""
    pool = list(hand)
    last = len(pool) - 1
    picked = []
    for i in range(n):
        j = int(draw() * (last + 1 - i))
        picked.append(pool[j])
        pool[j] = pool[last - i]
    return Cards(picked)


# ----- solver speed and deal review (issue 26) ------------------------------------------------
def endgame_solve_times(game: str, size: int, count: int) -> tuple[float, float, int, int]:
    """Median and worst CPU seconds, worst positions searched, and how many were decided, of
    the game's solver on ``count`` random endgames with ``size`` pieces in each hand (the seat
    to act solving, every winning first move listed, the default budget). CPU time, because
    the machine may be shared: wall-clock time would measure the neighbours too."""
    module = game_bench(GAMES[game])
    solve = GAMES[game].solve
    if module is None or not hasattr(module, "endgame") or solve is None:
        raise ValueError(f"{GAMES[game].title} has no solver endgames in its bench")
    make = module.endgame
    times, nodes, decided = [], [], 0
    for seed in range(count):
        deal = make(seed, size)
        start = time.process_time()
        result = solve(deal, deal.turn)
        times.append(time.process_time() - start)
        nodes.append(result.nodes)
        decided += result.wins is not None
    return statistics.median(times), max(times), max(nodes), decided


def search_rows(quick: bool) -> None:
    """Print the solver rows of issue 26: each game's endgames of the sizes its bench names
    (``SEARCH_SIZES``: Tien Gow up to 5 tiles each, Bagchen up to 6, Tet-Gow 4 cards), each
    over ``count`` seeded random positions with the median, the worst time, the worst
    positions searched and how many were decided; then the whole-deal review of every game."""
    count = 8 if quick else 30
    for game, info in GAMES.items():
        module = game_bench(info)
        sizes = getattr(module, "SEARCH_SIZES", ())  # optional: not every game has such rows
        title = info.title
        for size in sizes:
            median, worst, nodes, decided = endgame_solve_times(game, size, count)
            print(
                f"  {title} solver, {size} pieces each: median {median * 1e3:.1f} ms, worst "
                f"{worst * 1e3:.1f} ms, worst {nodes:,} positions, {decided}/{count} decided"
            )
    for game, (median, worst, share) in review_times(3 if quick else 10).items():
        print(
            f"  {game} whole-deal review of seat 0: median {median:.2f} s, worst {worst:.2f} s, "
            f"{share:.0%} of decisions decided"
        )


def review_times(count: int) -> dict[str, tuple[float, float, float]]:
    """Per game: median and worst CPU seconds of ``gl.review(deal, 0)`` on ``count`` deals
    played to the end by heuristic players, and the share of seat 0's decisions decided."""
    from gupai_learn.review import review

    rows = {}
    for info in GAMES.values():
        times, decided, total = [], 0, 0
        for seed in range(count):
            deal = info.Deal.random(seed=seed)
            bots = [info.bot("heuristic", seed + i) for i in range(deal.n_seats)]
            while not deal.is_over:
                deal.apply(bots[deal.turn].choose(deal))
            start = time.process_time()
            notes = review(deal, 0)
            times.append(time.process_time() - start)
            decided += sum(n.verdict != "undecided" for n in notes)
            total += len(notes)
        rows[info.title] = (statistics.median(times), max(times), decided / max(1, total))
    return rows


if __name__ == "__main__":
    main()
