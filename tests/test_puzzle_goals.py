"""The goals a move puzzle asks for (gupai_learn/puzzles/goals.py, issue 34): Bergen's goals
its rules reward — reach the target (BE-GAME), go out first (BE-END-DOMINO), win the count of a
blocked round (BE-END-BLOCKED) — proved by the engine's search, checked here against a plain
minimax over every continuation of small positions; a game without rounds has only its own
goal."""

from __future__ import annotations

from typing import Any

import pytest

from gupai_learn.games import GAMES
from gupai_learn.puzzles import goals

BERGEN = GAMES["bergen"]


def minimax(deal: Any, seat: int, goal: goals.Goal) -> bool:
    """Whether ``seat`` forces ``goal``, by trying every move of every seat."""
    assert goal.reached is not None
    if deal.is_over:
        return goal.reached(deal, seat)
    results = []
    for move in deal.legal_moves():
        child = deal.copy()
        child.apply(move)
        results.append(minimax(child, seat, goal))
    return any(results) if deal.turn == seat else all(results)


def endings(count: int) -> list[Any]:
    """Bergen positions near the end of a bot-played round (every hand of three tiles or
    fewer), each with match scores that put the target in reach."""
    found = []
    for seed in range(200):
        deal = BERGEN.Deal.random(seed=seed, scores=(11, 11))
        bots = [BERGEN.bot("heuristic", seed + s) for s in range(2)]
        while not deal.is_over and max(len(h) for h in deal.hands) > 3:
            deal.apply(bots[deal.turn].choose(deal.copy()))
        if not deal.is_over and deal.drawable <= 2:
            found.append(deal)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("name", list(goals.GOALS))
def test_bergen_goals_are_proved_as_a_plain_minimax_finds_them(name: str) -> None:
    goal = goals.goal_of(BERGEN, name)
    positions = endings(8)
    assert len(positions) == 8
    answers = set()
    for deal in positions:
        for seat in range(deal.n_seats):
            proved = goals.solve(BERGEN, goal, deal, seat, max_nodes=10**6).wins
            assert proved == minimax(deal, seat, goal)
            answers.add(proved)
    assert answers == {True, False}  # the positions are not all one way


def test_each_goal_names_the_seat_the_rules_reward() -> None:
    """Read off a finished round's own record: who went out, who won the blocked count (the
    award citing BE-END-BLOCKED), who reached the target."""
    seen = set()
    for deal in endings(8):
        while not deal.is_over:
            deal.apply(deal.legal_moves()[-1])
        seen.add(deal.ending)
        out = [s for s, hand in enumerate(deal.hands) if not hand]
        blocked = [a.seat for a in deal.awards if a.rules[0] == "BE-END-BLOCKED"]
        target = [s for s, t in enumerate(deal.totals) if t >= deal.rules.target]
        expect = {
            "domino": out[0] if deal.ending == "domino" else None,
            "blocked": blocked[0] if blocked else None,
            "target": target[0] if target else None,
        }
        for name, goal in goals.GOALS.items():
            assert goals.achiever(BERGEN, goal, deal) == expect[name], (name, deal)
    assert len(seen) >= 2


def test_a_game_without_rounds_has_only_its_own_goal() -> None:
    own = goals.goal_of(GAMES["tien_gow"])
    assert own.name == "win" and own.aim == "take the last trick and the hand"
    assert goals.goal_of(GAMES["ding_niu"]).aim == "finish first"
    with pytest.raises(ValueError, match="Tien Gow has no puzzle goal 'target'; use win"):
        goals.goal_of(GAMES["tien_gow"], "target")
    with pytest.raises(ValueError, match="no puzzle goal 'most'"):
        goals.goal_of(BERGEN, "most")
