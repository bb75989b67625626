"""The chapter 07 cards (puzzles/banks/variants.toml): fair comparisons, worded for a learner."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

import gupai_learn

BANK = Path(gupai_learn.__file__).parent / "puzzles" / "banks" / "variants.toml"
ENTRIES = tomllib.loads(BANK.read_text(encoding="utf-8"))["puzzle"]
#: Columns whose fair value depends on how many seats play (a win share: 1 in n).
SHARE_OF_SEATS = re.compile(r"^(won_\d+|leader_wins)$")


def _columns(entry: dict[str, Any]) -> set[str]:
    return {side.get("column") or entry["column"] for side in entry["variants"]}


def _seat_counts(entry: dict[str, Any]) -> set[Any]:
    return {side.get("options", {}).get("players") for side in entry["variants"]}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_a_win_share_is_compared_only_between_tables_of_one_size(entry: dict[str, Any]) -> None:
    """A seat's share of wins is fair at 1 in 3 with three players and 1 in 4 with four: two
    such shares measured at different table sizes say nothing about an edge."""
    if len(_seat_counts(entry)) > 1:
        assert not any(SHARE_OF_SEATS.match(c) for c in _columns(entry)), entry["id"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["id"] for e in ENTRIES])
def test_card_text_speaks_to_a_learner(entry: dict[str, Any]) -> None:
    """No option spelled as code (``mixed_sets``, ``charity = true``) in what a card says."""
    said = " ".join([entry["title"], entry["prompt"], *entry["hints"]])
    assert not re.search(r"\b[a-z]+_[a-z_]+\b|=", said), entry["id"]
    assert "ruling" not in said and "seed" not in said, entry["id"]
