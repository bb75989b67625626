"""The Tet-Gow solver (engine search with the game's goal) and the computer players."""

from __future__ import annotations

import random
import statistics

import gupai_learn as gl
from gupai_learn.bots import RandomPlayer, play_out
from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES
from gupai_learn.games import tet_gow as tt
from gupai_learn.games.tet_gow.solver import describe


def brute(deal: tt.Deal, seat: int) -> bool:
    """Can ``seat`` force winning the game? Plain minimax, no memo (the reference)."""
    if deal.is_over:
        return deal.winner == seat
    results = []
    for move in deal.legal_moves():
        child = deal.copy()
        child.apply(move)
        results.append(brute(child, seat))
    return any(results) if deal.turn == seat else all(results)


def endgame(seed: int, size: int) -> tt.Deal:
    """A random position with ``size`` cards each, reached by random play."""
    rng = random.Random(seed)
    while True:
        deal = tt.Deal.random(seed=rng.randrange(10**9))
        players = [RandomPlayer(rng.randrange(10**9)) for _ in range(4)]
        while not deal.is_over and not (len(deal.hands[deal.turn]) == size and not deal.trick):
            deal.apply(players[deal.turn].choose(deal))
        if not deal.is_over:
            return deal


def test_solver_agrees_with_brute_force_on_small_endgames() -> None:
    for seed in range(25):
        deal = endgame(seed, 1 + seed % 2)
        for seat in range(4):
            result = tt.solve(deal, seat)
            assert result.wins == brute(deal, seat), (seed, seat)


def test_solver_lists_the_winning_lead() -> None:  # TT-LAST
    deal = tt.Deal(
        ["Huntress, Windfall", "Ace of Suns, Bard", "Sea, Ace of Waves", "End, Calamity"],
        won=(3, 1, 1, 1),
    )
    result = tt.solve(deal, 0)
    # leading the Huntress first loses: the last round would go to the Ace of Suns
    assert result.wins and result.plays == (Move.parse("Windfall", read=gl.cards),)
    assert "Windfall" in describe(result)


def test_players_finish_legal_games() -> None:
    for seed in range(40):
        players = [
            tt.HeuristicPlayer(seed),
            RandomPlayer(seed),
            tt.HeuristicPlayer(seed + 1),
            RandomPlayer(seed + 1),
        ]
        deal = play_out(tt.Deal.random(seed=seed), players)
        assert deal.is_over and sum(deal.won) == 8 and sum(deal.settle().scores) == 0
        three = play_out(tt.Deal.random(seed=seed, players=3), players[:3])
        assert three.is_over and sum(three.settle().scores) == 0


def _mean_score(player: type, games: int = 300) -> float:
    results = []
    for seed in range(games):
        players = [RandomPlayer(seed * 4 + i) for i in range(4)]
        players[seed % 4] = player(seed)
        deal = play_out(tt.Deal.random(seed=10_000 + seed), players)
        results.append(deal.settle().scores[seed % 4])
    return statistics.mean(results)


def test_heuristic_beats_random_on_average() -> None:
    heuristic, random_seat = _mean_score(tt.HeuristicPlayer), _mean_score(RandomPlayer)
    assert heuristic > random_seat + 1.0, (heuristic, random_seat)


def test_heuristic_keeps_its_best_card_and_gets_two_tricks() -> None:  # TT-LAST
    wins_with_two = 0
    for seed in range(100):
        players = [RandomPlayer(seed * 4 + i) for i in range(4)]
        players[0] = tt.HeuristicPlayer(seed)
        deal = play_out(tt.Deal.random(seed=seed), players)
        wins_with_two += deal.won[0] >= 2
    assert wins_with_two >= 80


def test_bots_are_registered() -> None:
    info = GAMES["tet_gow"]
    assert repr(info.bot("heuristic", seed=1)) == "HeuristicPlayer()"
    assert repr(info.bot("random", seed=1)) == "RandomPlayer()"
