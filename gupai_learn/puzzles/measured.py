"""The statistics cards' measurements, made once and stored (``banks/measured.json``).

A statistics card (kind ``sim-compare``, ``banks/variants.toml``) is answered by what seeded
simulations measure. Played when a learner clicks Check, those deals kept the learner waiting
for seconds; so every card's measurement is made here, once, and stored with a fingerprint of
all it depends on (the game, both sides, the column, ``where``, the deals and the seed). A card
reads its stored estimates when the fingerprint matches; a card whose entry changed since plays
its deals again (and ``tests/test_measured.py`` fails until the file is measured again).

    python -m gupai_learn.puzzles.measured     # measure every card again, rewrite the file

The simulations are seeded, so measuring again gives the very same numbers: the test recomputes
each card's measurement and compares it with the stored one.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import asdict
from typing import Any

from gupai_learn.puzzles.measurements import FILE, KIND, fingerprint
from gupai_learn.puzzles.measurements import lookup as lookup  # a card reads it there
from gupai_learn.puzzles.measurements import stored as stored


def cards() -> Iterator[tuple[str, Mapping[str, Any], str]]:
    """Every statistics card of every bank: (id, its entry with its kind's defaults, the
    bank's game)."""
    from gupai_learn.puzzles import loader

    for name in loader.BANKS:
        bank = loader.raw(name)
        defaults = bank.get("kinds", {}).get(KIND, {})
        for data in bank.get("puzzle", ()):
            if data.get("kind") == KIND:
                yield data["id"], {**defaults, **data}, bank["game"]


def measure(data: Mapping[str, Any], game: str) -> list[Any]:
    """The card's estimates, measured now (its seeded deals played under each side)."""
    from gupai_learn.puzzles.kinds.sims import SimVariant, _measure

    played = str(data.get("game", game))
    return [_measure(played, SimVariant(**side), data) for side in data["variants"]]


def as_stored(estimates: list[Any], data: Mapping[str, Any], game: str) -> dict[str, Any]:
    """One card's entry of the file."""
    return {"inputs": fingerprint(data, game), "estimates": [asdict(e) for e in estimates]}


def main(argv: list[str] | None = None) -> int:
    """Measure every statistics card again and rewrite the file, a line per card."""
    found = {}
    everything = list(cards())
    for done, (card, data, game) in enumerate(everything, 1):
        start = time.process_time()
        estimates = measure(data, game)
        found[card] = as_stored(estimates, data, game)
        spent = time.process_time() - start
        print(f"[{done}/{len(everything)}] {card}: {spent:.1f} s", flush=True)
    bad = [c for c, e in found.items() for x in e["estimates"] if not math.isfinite(x["value"])]
    if bad:
        print(f"measured: no deal counted for {', '.join(bad)}", file=sys.stderr)
        return 1
    text = json.dumps(found, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    FILE.write_text(text, encoding="utf-8")  # type: ignore[attr-defined]
    print(f"wrote {len(found)} measurements")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
