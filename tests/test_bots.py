"""Computer players: always legal, always finish, and the heuristic beats random play."""

from __future__ import annotations

import statistics

from gupai_learn.bots import RandomPlayer, play_out
from gupai_learn.games import tien_gow as tg
from gupai_learn.games.tien_gow.bots import HeuristicPlayer


def test_random_and_heuristic_players_finish_legal_deals() -> None:
    for seed in range(60):
        players = [
            HeuristicPlayer(seed),
            RandomPlayer(seed),
            HeuristicPlayer(seed + 1),
            RandomPlayer(seed + 1),
        ]
        deal = play_out(tg.Deal.random(seed=seed), players)
        assert deal.is_over and sum(deal.columns) == 8
        assert sum(deal.settle().payments) == 0


def _mean_result(seat_player: type, deals: int = 300) -> float:
    results = []
    for seed in range(deals):
        players = [RandomPlayer(seed * 4 + i) for i in range(4)]
        players[seed % 4] = seat_player(seed)
        deal = play_out(tg.Deal.random(seed=10_000 + seed), players)
        results.append(deal.settle().payments[seed % 4])
    return statistics.mean(results)


def test_heuristic_beats_random_on_average() -> None:
    heuristic = _mean_result(HeuristicPlayer)
    random_seat = _mean_result(RandomPlayer)
    assert heuristic > random_seat + 1.0, (heuristic, random_seat)


def test_player_reprs_are_stable() -> None:
    assert repr(RandomPlayer(3)) == "RandomPlayer()"
    assert repr(HeuristicPlayer()) == "HeuristicPlayer()"
