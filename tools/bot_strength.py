"""How much stronger is each level of computer player than the one below? (issues 16, 27)

    python tools/bot_strength.py                 # both pairs, 2,000 deals per game, 2 workers
    python tools/bot_strength.py --pairs heuristic-random --deals 500 --workers 1 --games bergen
    python tools/bot_strength.py --pairs strong-heuristic --deals 2000 --games tien_gow \
        --workers 1 --chunk 100 --out part.json   # stores the figures after every 100
    python tools/bot_strength.py --pool a.json b.json --store   # into each game's package

Each game keeps its figures in its own package, ``gupai_learn/games/<game>/strength.json``
(``GameInfo.strength()`` reads them, lesson 07.08 shows them): ``--store`` writes there,
``--out`` into a file of your own (runs split over machines, joined with ``--pool``).

Each pair compares a stronger kind with a weaker one (``strong-heuristic``: the strong player
against the heuristic; ``heuristic-random``: the heuristic against random play). For each game,
half the deals are played with the stronger kind in the even seats and the weaker kind in the
odd seats, the other half the other way round (so no seat's advantage favours either kind). Per
deal, the **margin** is the stronger seats' average result minus the weaker seats' average
result (chips, or points in a game scored in points); the tool prints its mean with a 95%
Student t interval, and the share of deals a stronger seat won (Wilson interval; a game without
a single winner, Bergen, counts the seat with the most points of the round, ties left out).
"Clearly" means the whole margin interval lies above zero.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gupai_learn import plots, sim  # noqa: E402
from gupai_learn.games import GAMES  # noqa: E402

#: The pairs measured by default: (stronger kind, weaker kind).
PAIRS = (("strong", "heuristic"), ("heuristic", "random"))


def table(
    seats: int, strong_even: bool, pair: tuple[str, str] = ("heuristic", "random")
) -> list[str]:
    """One kind per seat, alternating, the stronger kind in the even seats or in the odd ones."""
    first, second = pair if strong_even else pair[::-1]
    return [first if s % 2 == 0 else second for s in range(seats)]


def margins(
    rows: Any, kinds: list[str], pair: tuple[str, str] = ("heuristic", "random")
) -> tuple[list[float], list[bool]]:
    """Per deal: the stronger kind's average minus the weaker's, and whether a stronger seat
    won."""
    ours = [s for s, k in enumerate(kinds) if k == pair[0]]
    theirs = [s for s, k in enumerate(kinds) if k == pair[1]]
    diffs: list[float] = []
    wins: list[bool] = []
    for _, row in rows.iterrows():
        pay = [float(row[f"pay_{s}"]) for s in range(len(kinds))]
        diffs.append(
            sum(pay[s] for s in ours) / len(ours) - sum(pay[s] for s in theirs) / len(theirs)
        )
        winner = row["winner"]
        if winner is None or winner != winner:  # no single winner: the best score of the round
            best = max(pay)
            top = [s for s, p in enumerate(pay) if p == best]
            if len(top) != 1:
                continue
            winner = top[0]
        wins.append(int(winner) in ours)
    return diffs, wins


def measure(
    game: str,
    deals: int,
    workers: int,
    pair: tuple[str, str] = ("heuristic", "random"),
    chunk: int = 0,
    progress: Any = None,
    offset: int = 0,
) -> tuple[str, dict[str, Any]]:
    """The report line of one game and one pair of kinds, and its figures (for ``--out``).

    ``chunk``: play the deals in rounds of this many (half each way round, each round its own
    seeds) and call ``progress(line, figures)`` after each, so a long run that is stopped still
    leaves the figures of the rounds it finished; ``offset`` skips that many rounds' seeds (a
    second process then plays other deals, and ``--pool`` joins the two)."""
    seats = GAMES[game].seats[0]
    diffs: list[float] = []
    wins: list[bool] = []
    start = time.perf_counter()
    size = chunk if 0 < chunk < deals else deals
    for first in range(0, deals, size):
        batch = min(size, deals - first)
        for half, even in ((batch // 2, True), (batch - batch // 2, False)):
            kinds = table(seats, even, pair)
            seed = 16 + even if size == deals else 1000 * (first // size + 1 + offset) + even
            rows = sim.run(
                game, players=kinds, deals=half, seed=seed, workers=workers, progress=False
            )
            d, w = margins(rows, kinds, pair)
            diffs += d
            wins += w
        found = _report(game, seats, pair, diffs, wins, time.perf_counter() - start)
        if progress is not None:
            progress(*found)
    return found


def _report(
    game: str,
    seats: int,
    pair: tuple[str, str],
    diffs: list[float],
    wins: list[bool],
    seconds: float,
) -> tuple[str, dict[str, Any]]:
    margin = plots.means({"margin": diffs})[0]
    share = plots.proportions({"wins": wins})[0]
    verdict = "clearly better" if margin.low > 0 else "NOT clearly better"
    fair = f"fair share {sum(1 for s in range(seats) if s % 2 == 0) / seats:.0%}"
    figures = {
        "margin": round(margin.value, 4),
        "low": round(margin.low, 4),
        "high": round(margin.high, 4),
        "deals": margin.n,
        "sd": round(statistics.stdev(diffs), 4),
        "wins": round(share.value, 4),
        "seconds": round(seconds, 1),
    }
    return (
        f"{game:9} {seats} seats  {pair[0]} - {pair[1]}  margin {margin.value:+.2f} per deal "
        f"(95% {margin.low:+.2f} to {margin.high:+.2f}, n={margin.n});  {pair[0]} seats win "
        f"{share.value:.1%} (95% {share.low:.1%}–{share.high:.1%}, {fair});  {verdict}  "
        f"[{seconds:.1f} s]"
    ), figures


def timing(game: str, deals: int) -> str:
    """The median processor time of one strong move (every move, and the moves with a choice):
    the strong player in seat 0, heuristic players elsewhere. Processor time, not wall time, so
    that a busy machine does not inflate it."""
    info = GAMES[game]
    every: list[float] = []
    chosen: list[float] = []
    for seed in range(deals):
        deal = info.Deal.random(seed=seed)
        players = [info.bot("strong" if s == 0 else "heuristic", seed) for s in range(deal.n_seats)]
        while not deal.is_over:
            choice = len(deal.legal_moves()) > 1
            start = time.process_time()
            move = players[deal.turn].choose(deal)
            spent = (time.process_time() - start) * 1000
            if deal.turn == 0:
                every.append(spent)
                if choice:
                    chosen.append(spent)
            deal.apply(move)
    return (
        f"{game:9} strong move: median {statistics.median(every):.1f} ms of processor time "
        f"({len(every)} moves), {statistics.median(chosen):.1f} ms when there is a choice "
        f"({len(chosen)} moves), slowest {max(every):.0f} ms"
    )


def pool(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One measurement from several runs on different deals (each with its mean ``margin``,
    ``sd`` and ``deals``; an ``sd`` missing is read back from the interval)."""
    sizes, means, spreads = [], [], []
    for part in parts:
        n = int(part["deals"])
        half = (part["high"] - part["low"]) / 2
        sd = part.get("sd") or half / plots.t_quantile(0.975, n - 1) * math.sqrt(n)
        sizes.append(n)
        means.append(part["margin"])
        spreads.append(sd)
    n = sum(sizes)
    mean = sum(k * m for k, m in zip(sizes, means, strict=True)) / n
    squares = sum(
        (k - 1) * sd**2 + k * (m - mean) ** 2
        for k, m, sd in zip(sizes, means, spreads, strict=True)
    )
    sd = math.sqrt(squares / (n - 1))
    half = plots.t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    wins = sum(k * p["wins"] for k, p in zip(sizes, parts, strict=True)) / n
    return {
        "margin": round(mean, 4),
        "low": round(mean - half, 4),
        "high": round(mean + half, 4),
        "deals": n,
        "sd": round(sd, 4),
        "wins": round(wins, 4),
        "seconds": round(sum(p["seconds"] for p in parts), 1),
    }


def store(path: Path, game: str, pair: str, figures: dict[str, Any]) -> None:
    """Merge one result into the JSON file at ``path``: ``{game: {pair: figures}}``."""
    found = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    found.setdefault(game, {})[pair] = figures
    text = json.dumps(found, indent=1, sort_keys=True)
    path.write_text(text + "\n", encoding="utf-8")


def game_file(game: str) -> Path:
    """Where ``game`` keeps its measured strength: ``strength.json`` in its own package."""
    package = importlib.import_module(GAMES[game].package)
    return Path(str(package.__file__)).with_name("strength.json")


def store_in_game(game: str, pair: str, figures: dict[str, Any]) -> None:
    """Merge one result into the game's own file (:func:`game_file`): ``{pair: figures}``."""
    path = game_file(game)
    found = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    found[pair] = figures
    path.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def save(args: argparse.Namespace, game: str, pair: str, figures: dict[str, Any]) -> None:
    """Keep one result where the command line asked: ``--out`` and/or ``--store``."""
    if args.out:
        store(args.out, game, pair, figures)
    if args.store:
        store_in_game(game, pair, figures)


def main(argv: list[str] | None = None) -> int:
    """Measure every game asked for and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument(
        "--pairs", nargs="*", default=[f"{a}-{b}" for a, b in PAIRS], help="e.g. strong-heuristic"
    )
    parser.add_argument("--out", type=Path, help="merge the figures into this JSON file")
    parser.add_argument(
        "--store", action="store_true", help="merge the figures into each game's strength.json"
    )
    parser.add_argument(
        "--chunk", type=int, default=0, help="play in rounds of this many deals, storing each"
    )
    parser.add_argument("--offset", type=int, default=0, help="skip this many rounds' seeds")
    parser.add_argument(
        "--pool",
        nargs="*",
        type=Path,
        help="join these --out files (runs on different deals) into --out and/or --store",
    )
    parser.add_argument(
        "--timing", type=int, default=0, help="only time the strong moves of this many deals"
    )
    args = parser.parse_args(argv)
    if args.pool:
        found: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for path in args.pool:
            for game, pairs in json.loads(path.read_text(encoding="utf-8")).items():
                for pair, figures in pairs.items():
                    found.setdefault(game, {}).setdefault(pair, []).append(figures)
        for game, pairs in found.items():
            for pair, parts in pairs.items():
                save(args, game, pair, pool(parts))
        return 0
    if args.timing:
        for game in args.games:
            print(timing(game, args.timing), flush=True)
        return 0
    for game in args.games:
        for text in args.pairs:
            stronger, _, weaker = text.partition("-")

            def report(line: str, figures: dict[str, Any], game: str = game, text: str = text):
                print(line, flush=True)
                save(args, game, text, figures)

            pair = (stronger, weaker)
            if args.chunk:
                measure(game, args.deals, args.workers, pair, args.chunk, report, args.offset)
            else:
                report(*measure(game, args.deals, args.workers, pair))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
