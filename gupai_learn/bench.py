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

Then, per game in ``GAMES``, :func:`gupai_learn.sim.run`'s throughput in deals per second with
heuristic players, in one process and in two, and the speed-up. (The playout rows above do not
go through ``sim.run``: it adds computer players' ``choose``, settlement, events and a row per
deal, which the peer's loop does not pay for, so the ratio would no longer compare engines.)

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
from typing import Any

from gupai_learn.cards import Cards
from gupai_learn.engine.moves import Move
from gupai_learn.games import bagchen, ding_niu, tet_gow, tien_gow
from gupai_learn.tiles import Tiles


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


def tien_gow_random_playout(seed: int) -> int:
    """Play one random Tien Gow deal to the end through the public API; return its moves.

    A follower picks uniformly among its legal face-up plays and one face-down discard (of
    random tiles). Both playouts draw with ``int(random() * n)``, so neither pays for a
    slower idiom of the random module."""
    return trick_random_playout(tien_gow.Deal, seed, _random_tiles)


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


def tien_gow_user_playout(seed: int) -> int:
    """One random Tien Gow deal played the way a user writes a random player (see
    :func:`trick_user_playout`)."""
    return trick_user_playout(tien_gow.Deal, seed)


def tet_gow_user_playout(seed: int) -> int:
    """One random Tet-Gow game played the way a user writes a random player."""
    return trick_user_playout(tet_gow.Deal, seed)


def bagchen_user_playout(seed: int) -> int:
    """One random Bagchen deal played the way a user writes a random player."""
    return trick_user_playout(bagchen.Deal, seed)


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
            deal = tien_gow.Deal.random(seed=seed)
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
        listing = getattr(tien_gow.Deal.random(seed=seed), method)
        start = time.perf_counter()
        listing()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _random_tiles(rng: random.Random, hand: tuple[Any, ...], n: int) -> Tiles:
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


def ding_niu_random_playout(seed: int) -> int:
    """Play one random Bull Fight hand to the end through the public API; return its moves.

    Each move asks ``deal.legal_moves()`` and applies one of them, as a computer player or a
    widget would; the engine checks for a fish after every non-double, and the hand is settled
    at the end."""
    return line_random_playout(ding_niu.Deal, seed)


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


def ding_niu_solver_times(count: int = 20) -> tuple[float, float]:
    """Median seconds to solve Bull Fight endgames of up to 2 and 3 tiles per hand."""
    medians = []
    for size in (2, 3):
        times = []
        for seed in range(count):
            rng = random.Random(seed)
            deal = ding_niu.Deal.random(seed=seed)
            while not deal.is_over and max(len(h) for h in deal.hands) > size:
                options = deal.legal_moves()
                deal.apply(options[rng.randrange(len(options))])
            if deal.is_over:
                continue
            start = time.perf_counter()
            ding_niu.solve(deal, deal.turn)
            times.append(time.perf_counter() - start)
        medians.append(statistics.median(times))
    return medians[0], medians[1]


def legal_leads_time(samples: int = 2000) -> float:
    """Median seconds to list every legal lead of a fresh 8-tile hand."""
    return _median_listing("legal_plays", samples)


def solver_times(quick: bool) -> list[tuple[str, float, int]]:
    """Median solver seconds per reference set: (label, seconds, positions)."""
    solve = getattr(tien_gow, "solve", None)
    if solve is None:
        return []
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
        deal = tien_gow.Deal.random(seed=seed)
        start = time.perf_counter()
        result = solve(deal, 0, max_nodes=budget)
        verdict = "unknown" if result.wins is None else str(result.wins)
        label = f"full deal {seed}: {verdict}, {result.nodes:,} nodes"
        rows.append((label, time.perf_counter() - start, 1))
    return rows


def _endgame(seed: int, size: int) -> Any:
    """A reference endgame: a random deal played by random moves down to ``size`` tiles each
    (single leads only, so every hand shrinks evenly)."""
    deal = _played_down(tien_gow.Deal.random(seed=seed), size, random.Random(seed), Tiles)
    return tien_gow.Deal(deal.hands, leader=deal.turn, columns=deal.columns)


def _played_down(deal: Any, size: int, rng: random.Random, pack: Callable[..., Any]) -> Any:
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


# ----- Bagchen ------------------------------------------------------------------------------
def bagchen_random_playout(seed: int) -> int:
    """Play one random Bagchen deal (64 tiles, 16 each) to the end through the public API, as
    :func:`tien_gow_random_playout` does; return its moves."""
    return trick_random_playout(bagchen.Deal, seed, _random_tiles)


def bagchen_legal_leads_time(samples: int = 2000) -> float:
    """Median seconds to list every legal lead of a fresh 16-tile Bagchen hand."""
    times = []
    for seed in range(samples):
        listing = bagchen.Deal.random(seed=seed).legal_plays
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
            bagchen.solve(deal, deal.turn)
            times.append(time.perf_counter() - start)
        rows.append((f"endgame, {size} tiles each", statistics.median(times), count))
    return rows


def _bagchen_endgame(seed: int, size: int) -> Any:
    """A random deal played by random single leads down to ``size`` tiles each (passports do
    not restrict the leads on the way down, so a single lead is always there)."""
    rng = random.Random(seed)
    deal = bagchen.Deal.random(seed=seed, rules=bagchen.Rules(passport_leads=False))
    while len(deal.hands[0]) > size or deal.trick:
        plays = [p for p in deal.legal_plays() if len(p) == 1] if not deal.trick else []
        if plays:
            deal.play(plays[rng.randrange(len(plays))])
        else:
            hand = deal.hands[deal.turn]
            deal.discard(Tiles(rng.sample(hand, len(deal.trick[0].pieces))))
    won = deal.won
    return bagchen.Deal(deal.hands, leader=deal.turn, won=won, point=deal.point)


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


def sim_rates(game: str, deals: int, workers: int = 2) -> tuple[float, float]:
    """Deals per second of ``sim.run(game, deals=deals)`` (heuristic players, no progress bar)
    in this process and with ``workers`` processes (their start-up included), one after the
    other in the same run."""
    from gupai_learn import sim

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
    args = parser.parse_args(argv)
    if args.solver:
        search_rows(args.quick)
        return
    seconds, rounds = (0.5, 3) if args.quick else (2.0, 5)
    print(f"gupai-learn benchmark ({rounds} rounds of {seconds} s, medians)")
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
    forms = move_form_times(500 if args.quick else 2000)
    fastest = min(forms.values())
    shown = ", ".join(f"{k} {v:.2f}" for k, v in forms.items())
    print(
        f"  Tien Gow one move by form (µs): {shown}; slowest/fastest "
        f"{max(forms.values()) / fastest:.2f}"
    )
    for label, secs, count in solver_times(args.quick):
        print(f"  Tien Gow solver, {label:<34} {secs * 1e3:>9.1f} ms   (median of {count})")
    tet_gow_rows(seconds, rounds)
    bagchen_rows(seconds, rounds, args.quick)
    ours, theirs, ratio = paired_rates(
        ding_niu_random_playout, dominoes_random_playout, seconds, rounds
    )
    print(f"  dominoes (PyPI) random playout      {theirs:>12,.0f} moves/s   (peer)")
    print(f"  Bull Fight random playout, public API {ours:>10,.0f} moves/s   ratio {ratio:.2f}")
    two, three = ding_niu_solver_times(10 if args.quick else 20)
    print(f"  Bull Fight solver, endgames of 2 / 3 tiles: {two * 1e3:.1f} / {three * 1e3:.1f} ms")
    bergen_rows(seconds, rounds)
    search_rows(args.quick)
    sim_rows(args.quick)


def sim_rows(quick: bool) -> None:
    """Print each game's ``sim.run`` deals/s with heuristic players, in 1 and 2 processes."""
    from gupai_learn.games import GAMES

    for name, info in GAMES.items():
        one, two = sim_rates(name, 200 if quick else 1000)
        print(
            f"  {info.title} sim.run, heuristic players: {one:,.0f} deals/s in 1 process, "
            f"{two:,.0f} in 2, speed-up {two / one:.2f}"
        )


def tet_gow_random_playout(seed: int) -> int:
    """One random Tet-Gow game through the public API (as :func:`tien_gow_random_playout`):
    a follower picks uniformly among its legal face-up plays and one face-down discard."""
    return trick_random_playout(
        tet_gow.Deal, seed, lambda rng, hand, n: _random_cards(rng.random, hand, n)
    )


def _random_cards(draw: Callable[[], float], hand: tuple[Any, ...], n: int) -> Cards:
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


def tet_gow_solver_times(size: int = 3, count: int = 30) -> tuple[float, float]:
    """Median and worst seconds of ``tet_gow.solve`` on random endgames of ``size`` cards each
    (random play down to that size, the seat to lead solving)."""
    times = []
    for seed in range(count):
        deal = _tet_gow_endgame(seed, size)
        start = time.perf_counter()
        tet_gow.solve(deal, deal.turn)
        times.append(time.perf_counter() - start)
    return statistics.median(times), max(times)


def _tet_gow_endgame(seed: int, size: int) -> Any:
    """A random Tet-Gow game played by single leads and random discards to ``size`` cards."""
    deal = _played_down(tet_gow.Deal.random(seed=seed), size, random.Random(seed), Cards)
    return tet_gow.Deal(list(deal.hands), leader=deal.turn, won=deal.won)


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


def bergen_random_playout(seed: int) -> int:
    """Play one random Bergen round (the ruling's defaults: two players, two reserved tiles) to
    the end through the public API; return its moves, draws and passes included.

    Each move asks ``deal.legal_moves()`` and applies one of them, as a computer player or a
    widget would; headers are scored after every placement, a blocked round is decided, and the
    round is settled at the end."""
    from gupai_learn.games import bergen

    return line_random_playout(bergen.Deal, seed)


def bergen_rows(seconds: float, rounds: int) -> None:
    """Print Bergen's row: random playouts against the peer, paired round by round."""
    ours, theirs, ratio = paired_rates(
        bergen_random_playout, dominoes_random_playout, seconds, rounds
    )
    print(f"  dominoes (PyPI) random playout      {theirs:>12,.0f} moves/s   (peer)")
    print(f"  Bergen random playout, public API   {ours:>12,.0f} moves/s   ratio {ratio:.2f}")


# ----- solver speed and deal review (issue 26) ------------------------------------------------
def endgame_solve_times(game: str, size: int, count: int) -> tuple[float, float, int, int]:
    """Median and worst CPU seconds, worst positions searched, and how many were decided, of
    the game's solver on ``count`` random endgames with ``size`` pieces in each hand (the seat
    to act solving, every winning first move listed, the default budget). CPU time, because
    the machine may be shared: wall-clock time would measure the neighbours too."""
    make = {"tien_gow": _endgame, "bagchen": _bagchen_endgame, "tet_gow": _tet_gow_endgame}[game]
    from gupai_learn.games import GAMES

    solve = GAMES[game].solve
    assert solve is not None
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
    """Print the solver rows of issue 26: Tien Gow endgames of up to 5 tiles each, Bagchen of
    up to 6, each with its median, worst time and worst positions searched."""
    count = 8 if quick else 30
    for game, title, sizes in (("tien_gow", "Tien Gow", (4, 5)), ("bagchen", "Bagchen", (5, 6))):
        for size in sizes:
            median, worst, nodes, decided = endgame_solve_times(game, size, count)
            print(
                f"  {title} solver, {size} tiles each: median {median * 1e3:.1f} ms, worst "
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
    from gupai_learn.games import GAMES
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
