"""Golden playthroughs of Bull Fight: seeded hands played by the bots, each move in Move notation
with its verdict, then the fish and the settlement. Regenerate after a reviewed change with
``GUPAI_UPDATE_GOLDEN=1 pytest tests/games/ding_niu/test_golden.py``."""

from __future__ import annotations

import pytest

from gupai_learn.games import GAMES, ding_niu
from tests.golden_files import as_text, check_golden, closing, played_out

CASES = {
    "ding_niu_seed_1": (1, ding_niu.Rules(), "heuristic"),
    "ding_niu_seed_7_random": (7, ding_niu.Rules(), "random"),
    "ding_niu_seed_42_jie_long": (42, ding_niu.Rules(arms=1, must_play=False), "heuristic"),
}


def playthrough(seed: int, rules: ding_niu.Rules, bot: str) -> str:
    """The hands, each move with its verdict, the final table, the fish, the settlement."""
    deal = ding_niu.Deal.random(seed=seed, rules=rules)
    players = [GAMES["ding_niu"].bot(bot, seed=seed + s) for s in range(4)]
    out = [f"seed {seed}, {bot} players, {rules}", str(deal), ""]
    out += played_out(deal, lambda deal: players[deal.turn].choose(deal))
    out += ["", str(deal)]
    if deal.fish is not None:
        out += ["", deal.fish.explain()]
    return as_text(out + closing(deal))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    text = playthrough(*CASES[name])
    check_golden(name, text)
