"""The heuristic's cheap rollout (``HeuristicPlayer.roll_out``, issue 36) makes the very moves
that choosing and applying them one by one makes, so the strong player's choices stay the same."""

from __future__ import annotations

import random
from typing import Any

from gupai_learn.games import GAMES, bagchen
from gupai_learn.games.bagchen import Deal
from gupai_learn.games.bagchen.bots import HeuristicPlayer


def _start(seed: int) -> Deal:
    """A deal of varied rules (passport leads on or off, charity on or off) after a few
    heuristic moves (0 to 40)."""
    rng = random.Random(seed)
    rules = bagchen.Rules(passport_leads=rng.random() < 0.7, charity=rng.random() < 0.4)
    deal = Deal.random(seed=seed, rules=rules)
    players = [HeuristicPlayer(seed + s) for s in range(4)]
    for _ in range(rng.randrange(41)):
        if deal.is_over:
            break
        deal.apply(players[deal.turn].choose(deal))
    return deal


def _step_by_step(deal: Any, players: list[HeuristicPlayer]) -> int:
    moves = 0
    while not deal.is_over:
        deal.apply(players[deal.turn].choose(deal))
        moves += 1
    return moves


def _state(deal: Any, players: list[HeuristicPlayer]) -> tuple[object, ...]:
    """Everything a rollout leaves behind: the plays (pieces as played, combinations, calls),
    the settlement, and where each player's random source stands."""
    plays = [(p.seat, p.pieces, p.face_up, p.combination, p.call) for p in deal.moves]
    settled = deal.settle()
    return (plays, settled.results, [p.rng.random() for p in players])


def test_roll_out_makes_the_moves_choose_and_apply_make() -> None:
    """From 150 positions (passports, charity, points), the rollout and the step-by-step play
    of the same seeded players end in the same plays, settlement and random-source states."""
    compared = 0
    for seed in range(150):
        deal = _start(seed)
        if deal.is_over:
            continue
        seeds = [seed * 7 + s for s in range(4)]
        twin = deal.copy()
        players = [HeuristicPlayer(s) for s in seeds]
        made = players[0].roll_out(deal, players)
        others = [HeuristicPlayer(s) for s in seeds]
        assert made == _step_by_step(twin, others), seed
        assert _state(deal, players) == _state(twin, others), seed
        compared += 1
    assert compared > 120


def test_strong_player_values_are_the_same_without_the_cheap_rollout(monkeypatch: Any) -> None:
    """The strong player's value of every candidate move (its rollouts on sampled worlds) is
    the same whether its rollouts use ``roll_out`` or choose and apply each move."""
    strong = GAMES["bagchen"].bots["strong"]
    for seed in range(4):
        deal = _start(seed + 1000)
        if deal.is_over:
            continue
        fast = strong(seed, samples=3).values(deal)
        with monkeypatch.context() as patch:
            patch.delattr(HeuristicPlayer, "roll_out")
            slow = strong(seed, samples=3).values(deal)
        assert fast == slow, seed
