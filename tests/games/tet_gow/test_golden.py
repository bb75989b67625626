"""Golden playthroughs: seeded Tet-Gow games played by a fixed policy, written as text (each
move in Move notation with its verdict) and diffed against ``tests/golden/``. Regenerate after a
reviewed change with ``GUPAI_UPDATE_GOLDEN=1 pytest tests/games/tet_gow/test_golden.py``."""

from __future__ import annotations

import random

import pytest

from gupai_learn.engine.moves import Move
from gupai_learn.games import tet_gow as tt
from tests.golden_files import as_text, check_golden, closing, played_out
from tests.playing import careless_move

CASES = {"tet_gow_seed_1": (1, 4), "tet_gow_seed_8": (8, 4), "tet_gow_seed_3_three": (3, 3)}


def playthrough(seed: int, players: int) -> str:
    """A transcript: the hands, each move with its verdict headline, the rounds, the scores."""
    rng = random.Random(seed)
    deal = tt.Deal.random(seed=seed, players=players)
    bot = tt.HeuristicPlayer(seed)

    def choose(deal: tt.Deal) -> Move:
        return bot.choose(deal) if deal.turn % 2 == 0 else careless_move(deal, rng)

    out = [f"seed {seed}, {players} players", str(deal), "", *played_out(deal, choose)]
    return as_text(out + closing(deal))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    text = playthrough(*CASES[name])
    check_golden(name, text)


def test_golden_transcript_replays_from_text() -> None:
    """Every move of a finished game, as text, replays to the same game (Move notation)."""
    deal = tt.Deal.random(seed=8)
    bots = [tt.HeuristicPlayer(i) for i in range(4)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal))
    start = deal.restart()
    again = tt.Deal.from_script(
        list(start.hands), [str(m) for m in deal.history], leader=start.turn
    )
    assert again.history == deal.history and again.settle().scores == deal.settle().scores
