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


def test_bergen_heuristic_weighs_whether_the_next_seat_can_follow() -> None:
    """The chance that the next seat can follow the new ends: nothing when none of the tiles it
    may hold fits them, at most 1 scaled by how far its hand has shrunk, and more for ends that
    more of its possible tiles fit."""
    from gupai_learn.games import bergen
    from gupai_learn.games.bergen import bots

    player = bots.HeuristicPlayer(1)
    checked = 0
    for seed in range(30):
        deal = bergen.Deal.random(seed=seed)
        players = [bots.HeuristicPlayer(s) for s in range(2)]
        for _ in range(4 + seed % 5):
            if deal.is_over:
                break
            deal.apply(players[deal.turn].choose(deal))
        if deal.is_over or deal.layout.ends is None:
            continue
        nxt = (deal.turn + 1) % deal.n_seats
        possible = bots.unseen(deal)
        for move in (m for m in deal.legal_moves() if m.kind == "play"):
            after = deal.layout.add(move.pieces[0], move.end, deal.turn)
            fitting = [t for t in possible if after.fits(t)]
            chance = player._follow(deal, after, possible)
            assert 0 <= chance <= 6 / len(deal.hands[nxt]) + 1e-9
            assert (chance == 0) == (not fitting)
            fewer = player._follow(deal, after, [t for t in possible if t not in fitting[:2]])
            assert fewer <= chance
            checked += 1
    assert checked >= 20
