"""Golden playthroughs: seeded Bagchen deals played by the heuristic players, written as text
(the deal, each move in Move notation with its verdict, the settlement) and diffed against
``tests/golden/``. Regenerate after a reviewed change with
``GUPAI_UPDATE_GOLDEN=1 pytest tests/games/bagchen/test_golden.py``."""

from __future__ import annotations

import pytest

from gupai_learn.games import bagchen
from tests.golden_files import as_text, check_golden, closing, played_out

CASES = {
    "bagchen_seed_1": (1, bagchen.Rules()),
    "bagchen_seed_8_charity": (8, bagchen.Rules(charity=True, seek=True)),
}


def playthrough(seed: int, rules: bagchen.Rules) -> str:
    """A transcript: the deal, each move with its verdict headline, the settlement."""
    deal = bagchen.Deal.random(seed=seed, rules=rules)
    players = [bagchen.HeuristicPlayer(seed + seat) for seat in range(4)]
    out = [f"seed {seed}, {rules}", *deal.log, str(deal), ""]
    out += played_out(deal, lambda deal: players[deal.turn].choose(deal))
    replay = bagchen.Deal.from_script(
        deal.restart().hands,
        deal.history,
        rules=rules,
        point=deal.point,
        leader=deal.tricks[0].leader,
    )
    assert replay.won == deal.won
    return as_text(out + closing(deal))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    text = playthrough(*CASES[name])
    check_golden(name, text)
