"""Golden playthroughs of Bull Fight: seeded hands played by the bots, each move in Move notation
with its verdict, then the fish and the settlement. Regenerate after a reviewed change with
``GUPAI_UPDATE_GOLDEN=1 pytest tests/test_ding_niu_golden.py``."""

from __future__ import annotations

import pytest

from gupai_learn.games import GAMES, ding_niu
from tests.golden_files import check_golden

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
    while not deal.is_over:
        move = players[deal.turn].choose(deal)
        out.append(f"{deal.name(deal.turn)} {move}: {deal.judge(move)}")
        deal.apply(move)
    out += ["", str(deal), ""]
    if deal.fish is not None:
        out += [deal.fish.explain(), ""]
    out += [deal.transcript(), "", str(deal.settle())]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    text = playthrough(*CASES[name])
    check_golden(name, text)
