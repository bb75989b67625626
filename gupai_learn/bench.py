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

Each game's rows live in its own package (``games/<name>/bench.py``, given to this module by
the game's ``GameInfo.bench``); this module holds what every game shares: the paired timing,
the generic playouts of a trick or line game, the peer, the solver and review rows, and the
simulations.

After the solver rows (issues 26 and 36: endgames of two sets of 30 positions, whole-deal
reviews), the review memory row (issue 32: the peak memory of a fresh process after 5 and after
20 Tien Gow reviews) and the strong player's rows (issue 36: wall and CPU time of each decision
over whole deals, what a learner waits for).

Then, per game in ``GAMES``, :func:`gupai_learn.sim.run`'s throughput in deals per second with
heuristic players, in one process and in two, and the speed-up. (The playout rows above do not
go through ``sim.run``: it adds computer players' ``choose``, settlement, events and a row per
deal, which the peer's loop does not pay for, so the ratio would no longer compare engines.)

Then Python's share of a click in each widget (:mod:`gupai_learn.widgets.bench`: hand
picker, line view, card Check, each game's deal player), median and 90th percentile of
processor time per click, driven through the widgets' message handlers in this process.

Figures are medians over several rounds of CPU time (``time.process_time``: a shared machine's
other work does not count); the peer and ours alternate round by round and the ratio is the
median of the per-round ratios, so it is what to compare between runs and machines, not the
absolute numbers.

With ``--lessons DIR`` (a checkout's ``lessons/``), last, each lesson's Run All in a fresh kernel
(:mod:`gupai_learn.lesson_times`): what a learner waits for, in wall and processor seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from gupai_learn.engine.game import GAMES


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
    parser.add_argument(
        "--lessons",
        metavar="DIR",
        type=Path,
        help="also time Run All of every lesson in DIR (a checkout's lessons/; issue 36)",
    )
    args = parser.parse_args(argv)
    if args.solver:
        search_rows(args.quick)
        memory_rows(args.quick)
        return
    if args.clicks:
        click_rows(args.quick)
        return
    seconds, rounds = (0.5, 3) if args.quick else (2.0, 5)
    print(f"gupai-learn benchmark ({rounds} rounds of {seconds} s, medians)")
    for info in GAMES.values():
        if info.bench is not None:
            info.bench.rows(seconds, rounds, args.quick)
    search_rows(args.quick)
    memory_rows(args.quick)
    strong_rows(args.quick)
    sim_rows(args.quick)
    practice_row(args.quick)
    click_rows(args.quick)
    if args.lessons is not None:
        lesson_rows(args.lessons)


def lesson_rows(folder: Path) -> None:
    """Print Run All seconds of each lesson in ``folder`` (:mod:`gupai_learn.lesson_times`:
    a fresh kernel per lesson, nothing written)."""
    from gupai_learn import lesson_times  # nbclient: only when asked for

    paths = lesson_times.lessons_in(folder)
    print(f"Run All of {len(paths)} lessons in {folder.name}/ (wall and kernel CPU seconds)")
    lesson_times.report(paths)


def strong_move_times(game: str, deals: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of every decision with a choice that the strong player makes in
    seat 0 over ``deals`` whole deals of ``game`` (heuristic players elsewhere, the player's
    default budgets): what a learner waits for at a table of strong players."""
    info = GAMES[game]
    walls: list[float] = []
    cpus: list[float] = []
    for seed in range(deals):
        deal = info.Deal.random(seed=seed)
        players = [info.bot("strong" if s == 0 else "heuristic", seed) for s in range(deal.n_seats)]
        while not deal.is_over:
            timed = deal.turn == 0 and len(deal.legal_moves()) > 1
            wall, cpu = time.perf_counter(), time.process_time()
            move = players[deal.turn].choose(deal)
            if timed:
                walls.append(time.perf_counter() - wall)
                cpus.append(time.process_time() - cpu)
            deal.apply(move)
    return walls, cpus


def strong_rows(quick: bool) -> None:
    """Print each game's strong-player rows (issue 36): wall and CPU time of its decisions
    over whole deals, median, 90th percentile and worst."""
    deals = 3 if quick else 10
    for game, info in GAMES.items():
        if "strong" not in info.bots:
            continue
        walls, cpus = strong_move_times(game, deals)
        shown = []
        for name, times in (("wall", walls), ("CPU", cpus)):
            ms = sorted(t * 1e3 for t in times)
            tenth = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
            shown.append(
                f"{name} median {statistics.median(ms):.0f}, p90 {tenth:.0f}, worst {ms[-1]:.0f}"
            )
        print(f"  {info.title} strong player, {len(walls)} decisions (ms): " + "; ".join(shown))


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


# ----- solver speed and deal review (issue 26) ------------------------------------------------
def endgame_solve_times(
    game: str, size: int, count: int, make: Callable[[int, int], Any] | None = None
) -> tuple[float, float, int, int]:
    """Median and worst CPU seconds, worst positions searched, and how many were decided, of
    the game's solver on ``count`` random endgames with ``size`` pieces in each hand (made by
    ``make(seed, size)``, default the game bench's ``endgame``; the seat to act solving, every
    winning first move listed, the default budget). CPU time, because the machine may be
    shared: wall-clock time would measure the neighbours too."""
    bench, solve = GAMES[game].bench, GAMES[game].solve
    if bench is None or bench.endgame is None or solve is None:
        raise ValueError(f"{GAMES[game].title} has no solver endgames in its bench")
    make = make or bench.endgame
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
    """Print the solver rows of issues 26 and 36: each game's endgames of the sizes its bench
    names (``Bench.search_sizes``: Tien Gow up to 5 tiles each, Bagchen up to 6, Tet-Gow 4
    cards), each over ``count`` seeded random positions of every set its bench names
    (``Bench.endgames``; default its ``endgame``) with the median, the worst time, the worst
    positions searched and how many were decided; then the whole-deal review of every game."""
    count = 8 if quick else 30
    for game, info in GAMES.items():
        sizes = info.bench.search_sizes if info.bench is not None else ()
        sets: Mapping[str, Callable[[int, int], Any] | None] = {"": None}
        if info.bench is not None and info.bench.endgames:
            sets = info.bench.endgames
        for size in sizes:
            for name, make in sets.items():
                median, worst, nodes, decided = endgame_solve_times(game, size, count, make)
                label = f"{info.title} solver, {size} pieces each" + (f" {name}" if name else "")
                print(
                    f"  {label}: median {median * 1e3:.1f} ms, worst {worst * 1e3:.1f} ms, "
                    f"worst {nodes:,} positions, {decided}/{count} decided"
                )
    for game, (median, worst, share) in review_times(3 if quick else 10).items():
        print(
            f"  {game} whole-deal review of seat 0: median {median:.2f} s, worst {worst:.2f} s, "
            f"{share:.0%} of decisions decided"
        )


#: What the memory row's fresh process runs: ``deals`` reviews of different Tien Gow deals (each
#: played to the end by heuristic players), the peak memory in MB printed after ``after`` of
#: them and after the last (the process's resident peak: on Linux its own ``VmHWM``, since
#: ``ru_maxrss`` keeps the peak of the process that started it; elsewhere ``ru_maxrss``, and
#: where ``resource`` is missing, Windows, the peak that ``tracemalloc`` traced).
_MEMORY_CHILD = """
import sys
deals, after = int(sys.argv[1]), int(sys.argv[2])
def own_peak():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 2**10
    except OSError:
        return None
if own_peak() is not None:
    peak = own_peak
else:
    try:
        import resource
        def peak():
            size = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            return size / 2**20 if sys.platform == "darwin" else size / 2**10
    except ImportError:
        import tracemalloc
        tracemalloc.start()
        def peak():
            return tracemalloc.get_traced_memory()[1] / 2**20
from gupai_learn.games import GAMES
from gupai_learn.review import review
info = GAMES["tien_gow"]
for seed in range(deals):
    deal = info.Deal.random(seed=seed)
    bots = [info.bot("heuristic", seed + i) for i in range(deal.n_seats)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal))
    review(deal, 0)
    if seed + 1 in (after, deals):
        print(f"{peak():.1f}", flush=True)
"""


def review_memory(deals: int = 20, after: int = 5) -> tuple[float, float]:
    """Peak memory in MB of a fresh Python process after ``after`` and after ``deals`` reviews
    of different Tien Gow deals (issue 32: the solver's caches must not grow with use)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _MEMORY_CHILD, str(deals), str(after)],
        capture_output=True,
        text=True,
        check=True,
    )
    first, last = (float(line) for line in done.stdout.split())
    return first, last


def memory_rows(quick: bool = False) -> None:
    """Print the review memory row (issue 32): peak memory after 5 and after 20 Tien Gow
    reviews in one process (10 with ``quick``), and the growth between them."""
    deals, after = (10, 5) if quick else (20, 5)
    first, last = review_memory(deals, after)
    print(
        f"  Tien Gow {deals} reviews in one process: peak memory {first:.1f} MB after {after}, "
        f"{last:.1f} MB after {deals} (+{last - first:.1f} MB)"
    )


def review_times(count: int) -> dict[str, tuple[float, float, float]]:
    """Per game: median and worst CPU seconds of ``gl.review(deal, 0)`` on ``count`` deals
    played to the end by heuristic players, and the share of seat 0's decisions decided."""
    from gupai_learn.review import review

    rows = {}
    for info in GAMES.values():
        if info.solve is None or info.review_words is None:
            continue  # a game without a solver has no review
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


def practice_times(answered: int = 250, picks: int = 20) -> tuple[float, float]:
    """CPU seconds to read the banks' entries (once per process) and the median CPU seconds of
    choosing the next practice puzzle, for a learner who has answered ``answered`` puzzles over
    40 days (a temporary progress file; the learner's own is not touched)."""
    import os
    import tempfile
    from datetime import date, timedelta

    from gupai_learn.puzzles import practice, progress

    start = time.process_time()
    items = practice.catalogue()
    read = time.process_time() - start
    before = os.environ.get(progress.ENV)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[progress.ENV] = os.path.join(folder, "progress.json")
        try:
            first = date(2030, 1, 1)
            for i, item in enumerate(items[:answered]):
                day = first + timedelta(days=i % 40)
                progress.record(item.id, 1 + i % 3, rating=item.rating, day=day)
            times = []
            for _ in range(picks):
                start = time.process_time()
                practice.next_pick(day=first + timedelta(days=60))
                times.append(time.process_time() - start)
        finally:
            if before is None:
                os.environ.pop(progress.ENV, None)
            else:
                os.environ[progress.ENV] = before
    return read, statistics.median(times)


def practice_row(quick: bool) -> None:
    """Print how long practice takes to choose its next puzzle (issue 34: at most 50 ms)."""
    read, pick = practice_times(answered=100 if quick else 250)
    print(
        f"  Practice: next puzzle chosen in {pick * 1000:.1f} ms CPU (median; "
        f"{100 if quick else 250} puzzles answered), the banks' entries read once in "
        f"{read:.2f} s"
    )


if __name__ == "__main__":
    main()
