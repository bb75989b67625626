"""Golden playthroughs: seeded Tien Gow deals played by a fixed policy, written as text (each
move in Move notation, then its verdict) and
diffed against ``tests/golden/``. Regenerate after a reviewed change with
``GUPAI_UPDATE_GOLDEN=1 pytest tests/games/tien_gow/test_golden.py``."""

from __future__ import annotations

import random

import pytest

from gupai_learn.games import tien_gow as tg
from tests.golden_files import as_text, check_golden, closing, played_out
from tests.playing import careless_move

CASES = {
    "tien_gow_seed_1": (1, tg.Rules()),
    "tien_gow_seed_7_historical": (7, tg.Rules(mixed_sets=False)),
    "tien_gow_seed_42": (42, tg.Rules()),
}


def playthrough(seed: int, rules: tg.Rules) -> str:
    """A transcript: the hands, each trick, each move's verdict headline, the settlement."""
    rng = random.Random(seed)
    deal = tg.Deal.random(seed=seed, rules=rules)
    out = [f"seed {seed}, {rules}", str(deal), ""]
    out += played_out(deal, lambda deal: careless_move(deal, rng))
    return as_text(out + closing(deal))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    text = playthrough(*CASES[name])
    check_golden(name, text)
