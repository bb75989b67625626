"""The Bagchen solver (engine/search.py with Bagchen's goal) on small endgames, and the bots."""

from __future__ import annotations

import random
import time

import pytest

import gupai_learn as gl
from gupai_learn.bots import play_out
from gupai_learn.games import GAMES, bagchen
from gupai_learn.games.bagchen import Deal


def random_endgame(seed: int, size: int, rules: bagchen.Rules | None = None) -> Deal:
    """Random hands of ``size`` tiles each from a shuffled set, tricks spread over the seats."""
    rng = random.Random(seed)
    deck = list(gl.decks.chinese_double())
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(4)]
    left = 16 - size
    won = [left // 4 + (1 if i < left % 4 else 0) for i in range(4)]
    roll = (rng.randint(1, 6), rng.randint(1, 6))
    return Deal(hands, rules, won=won, point=roll, leader=rng.randrange(4))


def test_solver_a_point_or_the_top_tile_forces_the_last_trick() -> None:
    deal = Deal(
        ["[2:2][6:5]", "[6:6][5:1]", "[1:1][6:1]", "[4:4][6:4]"], won=(3, 4, 4, 3), point="2-2"
    )
    result = bagchen.solve(deal, 0)
    assert result.wins is False  # East cannot keep [6:5] from being beaten at the end
    deal = Deal(
        ["[2:2][6:6]", "[1:1][5:1]", "[4:4][6:1]", "[3:1][6:4]"], won=(3, 4, 4, 3), point="2-2"
    )
    result = bagchen.solve(deal, 0)
    assert result.wins and {str(m) for m in result.plays} == {"[2:2]", "[6:6]"}


def test_solver_agrees_with_playing_its_answer() -> None:
    for seed in range(12):
        deal = random_endgame(seed, 2)
        seat = deal.turn
        result = bagchen.solve(deal, seat)
        assert result.wins is not None
        if result.wins:
            assert result.plays and all(deal.judge(m) for m in result.plays)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_solver_small_endgames_are_fast(size: int) -> None:
    times = []
    for seed in range(5):
        deal = random_endgame(seed, size, bagchen.Rules(charity=True))
        start = time.perf_counter()
        assert bagchen.solve(deal, deal.turn).wins is not None
        times.append(time.perf_counter() - start)
    assert sorted(times)[2] < 2.0  # a generous bound; the benchmark reports the real figure


def test_bots_play_whole_deals_legally() -> None:
    info = GAMES["bagchen"]
    for seed in range(4):
        deal = Deal.random(seed=seed, rules=bagchen.Rules(charity=seed % 2 == 1))
        players = [info.bot("heuristic", seed), info.bot("random", seed)] * 2
        play_out(deal, players)
        assert deal.is_over and sum(deal.settle().payments) == 0


def test_heuristic_cashes_points_and_keeps_a_winner() -> None:
    deal = Deal(
        ["[2:2][2:2][6:6]", "[6:5][6:4][5:1]", "[6:1][6:1][5:1]", "[3:3][5:5][3:3]"],
        won=(3, 4, 3, 3),
        point="2-2",
    )
    bot = bagchen.HeuristicPlayer(0)
    assert str(bot.choose(deal)) == "[2:2]"  # cashes a point, keeps the other for the end


def test_heuristic_beats_heuristic_less_often_than_random_loses() -> None:
    wins = 0
    for seed in range(30):
        deal = Deal.random(seed=seed, leader=0)
        players = [bagchen.HeuristicPlayer(seed)] + [
            GAMES["bagchen"].bot("random", seed + s) for s in range(1, 4)
        ]
        play_out(deal, players)
        wins += deal.winner == 0
    assert wins >= 10  # a quarter would be chance
