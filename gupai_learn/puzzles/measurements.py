"""The statistics cards' stored measurements (``banks/measured.json``), as a card reads them:
the file, the fingerprint of what a measurement depends on, and the look-up. Making them again
is :mod:`gupai_learn.puzzles.measured` (``python -m gupai_learn.puzzles.measured``); this module
sits below the puzzle kinds, which read it, and imports none of them."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from functools import cache
from importlib.resources import files
from typing import Any

#: The stored file, inside the package (a wheel and the browser site carry it).
FILE = files("gupai_learn.puzzles") / "banks" / "measured.json"
#: The kind whose cards are measured.
KIND = "sim-compare"
#: What a measurement depends on, of a card's entry (its words do not count).
INPUTS = ("game", "variants", "column", "where", "deals", "seed")


def fingerprint(data: Mapping[str, Any], game: str) -> str:
    """A short digest of everything the card's measurement depends on (its ``game``, the
    bank's default, filled in)."""
    inputs = {key: data.get(key) for key in INPUTS} | {"game": data.get("game", game)}
    text = json.dumps(inputs, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@cache
def stored() -> dict[str, Any]:
    """The stored measurements by card id: ``{"inputs": fingerprint, "estimates": [...]}``
    (empty when the file is missing)."""
    if not FILE.is_file():
        return {}
    found: dict[str, Any] = json.loads(FILE.read_text(encoding="utf-8"))
    return found


def lookup(card: str, data: Mapping[str, Any], game: str) -> list[Any] | None:
    """The stored estimates of card ``card`` (one :class:`~gupai_learn.plots.Estimate` per
    side), or None when none is stored for these inputs."""
    from gupai_learn.plots import Estimate  # numpy and friends: only when a card is checked

    entry = stored().get(card)
    if entry is None or entry.get("inputs") != fingerprint(data, game):
        return None
    return [Estimate(**e) for e in entry["estimates"]]
