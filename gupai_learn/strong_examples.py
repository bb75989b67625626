"""Where the strong computer player and the normal one disagree (lesson 07.08), found once and
stored.

For a game, :func:`disagreement` plays a few seeded deals with normal (heuristic) players and
stops at the first position where the strong player would choose another move and expects at
least half a point (or chip) more from it. The search takes seconds per game, so what it finds
is stored in ``strong_examples.json``: the deal's seed, the moves played up to the position,
both choices, and the strong player's value of every move it tried. :func:`stored` gives the
same finding at once, the position rebuilt from the seed and the moves.

    python -m gupai_learn.strong_examples      # search again, rewrite the file

``tests/test_strong_examples.py`` searches again and compares with the file.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

from gupai_learn.games import GAMES
from gupai_learn.strong import StrongPlayer

#: The stored findings, one per game (inside the package: a wheel and the browser site carry it).
FILE = files("gupai_learn") / "strong_examples.json"
#: A move counts as a disagreement when the strong player values it this much above the normal one.
MARGIN = 0.5


@dataclass(frozen=True)
class Disagreement:
    """A position (``deal``), the normal player's move (``choice``), the strong player's
    (``other``) and the strong player's value of each move it tried (``values``, by notation);
    ``seed`` is the deal's seed."""

    deal: Any
    choice: Any
    other: Any
    values: dict[str, float]
    seed: int


def disagreement(
    game: str, seeds: Iterable[int] = range(40), samples: int = 24
) -> Disagreement | None:
    """The first position of normal play (deals of ``seeds``) where the strong player chooses
    differently and expects at least :data:`MARGIN` more from its own move; None if none."""
    info = GAMES[game]
    strong = info.bots["strong"]
    for seed in seeds:
        deal = info.Deal.random(seed=seed)
        normal = [info.bot("heuristic", seed * 10 + s) for s in range(deal.n_seats)]
        while not deal.is_over:
            choice = normal[deal.turn].choose(deal)
            if len(deal.legal_moves()) > 1:
                other = strong(seed, samples=samples, budget_ms=60_000).choose(deal)
                if str(other) != str(choice):
                    again = strong(seed, samples=samples, budget_ms=60_000)
                    assert isinstance(again, StrongPlayer)  # the game's strong level
                    values = {str(m): v for m, v in again.values(deal).items()}
                    if values[str(other)] > values.get(str(choice), float("-inf")) + MARGIN:
                        return Disagreement(deal, choice, other, values, seed)
            deal.apply(choice)
    return None


def as_stored(found: Disagreement | None) -> dict[str, Any] | None:
    """A finding as the file keeps it."""
    if found is None:
        return None
    return {
        "seed": found.seed,
        "moves": [str(m) for m in found.deal.history],
        "choice": str(found.choice),
        "other": str(found.other),
        "values": found.values,
    }


def stored(game: str) -> Disagreement | None:
    """The stored finding of ``game`` (what :func:`disagreement` returns with its defaults),
    the position rebuilt from the seed and the moves; moves given as notation."""
    entry = json.loads(FILE.read_text(encoding="utf-8"))[game]
    if entry is None:
        return None
    deal = GAMES[game].Deal.random(seed=entry["seed"])
    for move in entry["moves"]:
        deal.apply(move)
    return Disagreement(deal, entry["choice"], entry["other"], entry["values"], entry["seed"])


def main() -> int:
    """Search every game again and rewrite the file, a line per game."""
    found = {}
    for game in GAMES:
        found[game] = as_stored(disagreement(game))
        print(f"{game}: {'found' if found[game] else 'none'}", flush=True)
    text = json.dumps(found, indent=1, ensure_ascii=False) + "\n"
    FILE.write_text(text, encoding="utf-8")  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    sys.exit(main())
