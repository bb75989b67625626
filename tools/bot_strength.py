"""Does each game's heuristic player beat its random player? (issue 16, design.md §9)

    python tools/bot_strength.py                 # 2,000 deals per game, 2 worker processes
    python tools/bot_strength.py --deals 500 --workers 1 --games tet_gow bergen

For each game, half the deals are played with heuristic players in the even seats and random
players in the odd seats, the other half the other way round (so no seat's advantage favours
either kind). Per deal, the **margin** is the heuristic seats' average result minus the random
seats' average result (chips, or points in a game scored in points); the tool prints its mean
with a 95% Student t interval, and the share of deals a heuristic seat won (Wilson interval; a
game without a single winner, Bergen, counts the seat with the most points of the round, ties
left out). "Clearly" means the whole margin interval lies above zero.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gupai_learn import plots, sim  # noqa: E402
from gupai_learn.games import GAMES  # noqa: E402


def table(seats: int, heuristic_even: bool) -> list[str]:
    """One kind per seat, alternating, heuristic in the even seats or in the odd ones."""
    first, second = ("heuristic", "random") if heuristic_even else ("random", "heuristic")
    return [first if s % 2 == 0 else second for s in range(seats)]


def margins(rows: Any, kinds: list[str]) -> tuple[list[float], list[bool]]:
    """Per deal: heuristic average minus random average, and whether a heuristic seat won."""
    ours = [s for s, k in enumerate(kinds) if k == "heuristic"]
    theirs = [s for s, k in enumerate(kinds) if k == "random"]
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


def measure(game: str, deals: int, workers: int) -> str:
    """The report line of one game."""
    seats = GAMES[game].seats[0]
    diffs: list[float] = []
    wins: list[bool] = []
    start = time.perf_counter()
    for half, even in ((deals // 2, True), (deals - deals // 2, False)):
        kinds = table(seats, even)
        rows = sim.run(
            game, players=kinds, deals=half, seed=16 + even, workers=workers, progress=False
        )
        d, w = margins(rows, kinds)
        diffs += d
        wins += w
    seconds = time.perf_counter() - start
    margin = plots.means({"margin": diffs})[0]
    share = plots.proportions({"wins": wins})[0]
    verdict = "clearly better" if margin.low > 0 else "NOT clearly better"
    fair = f"fair share {sum(1 for s in range(seats) if s % 2 == 0) / seats:.0%}"
    return (
        f"{game:9} {seats} seats  margin {margin.value:+.2f} per deal "
        f"(95% {margin.low:+.2f} to {margin.high:+.2f}, n={margin.n});  heuristic seats win "
        f"{share.value:.1%} (95% {share.low:.1%}–{share.high:.1%}, {fair});  {verdict}  "
        f"[{seconds:.1f} s]"
    )


def main(argv: list[str] | None = None) -> int:
    """Measure every game asked for and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    for game in args.games:
        print(measure(game, args.deals, args.workers), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
