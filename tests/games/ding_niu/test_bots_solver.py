"""Bull Fight computer players and the solver."""

from __future__ import annotations

import random

from gupai_learn.bots import play_out
from gupai_learn.games import GAMES, ding_niu


def test_bots_play_whole_hands_legally() -> None:
    info = GAMES["ding_niu"]
    for seed in range(30):
        deal = ding_niu.Deal.random(seed=seed)
        players = [info.bot("heuristic" if s % 2 else "random", seed=s) for s in range(4)]
        play_out(deal, players)
        assert deal.is_over and sum(deal.settle().payments) == 0


def test_heuristic_sheds_the_heaviest_fitting_tile() -> None:
    deal = ding_niu.Deal.from_script(
        ["[6:2] [1:1]", "[6:6] [6:1] [3:3]", "[4:4] [2:2]", "[5:5] [5:5]"], ["[6:2]"]
    )
    assert str(ding_niu.HeuristicPlayer(0).choose(deal)) == "[6:6]>left"


def test_heuristic_avoids_a_fish_it_would_lose() -> None:
    # South could make the fours fish with [6:4]>left while holding 24 pips: it plays elsewhere
    hands = ["[6:4] [1:1] [3:1]", "[6:4] [6:6] [5:5]", "[3:3] [4:4] [2:2]", "[6:6] [5:1] [4:4]"]
    deal = ding_niu.Deal.from_script(hands, ["[6:4]"])
    choice = ding_niu.HeuristicPlayer(0).choose(deal)
    assert str(choice) != "[6:4]>left"


def test_heuristic_makes_a_fish_it_would_win() -> None:
    hands = ["[6:4] [6:6] [6:5]", "[6:4] [1:1]", "[5:5] [4:4] [3:3]", "[6:6] [5:1] [4:4]"]
    deal = ding_niu.Deal.from_script(hands, ["[6:4]"])
    assert str(ding_niu.HeuristicPlayer(0).choose(deal)) == "[6:4]>left"


def random_endgame(seed: int, size: int) -> ding_niu.Deal:
    """A random hand played by random moves until each seat holds at most ``size`` tiles."""
    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed)
    while not deal.is_over and max(len(h) for h in deal.hands) > size:
        moves = deal.legal_moves()
        deal.apply(moves[rng.randrange(len(moves))])
    return deal


def test_solver_answers_match_brute_force_on_small_endgames() -> None:
    checked = 0
    for seed in range(25):
        deal = random_endgame(seed, 2)
        if deal.is_over:
            continue
        seat = deal.turn
        result = ding_niu.solve(deal, seat)
        assert result.wins is not None
        assert result.wins == _brute(deal, seat)
        for move in result.plays:
            child = deal.copy()
            child.apply(move)
            assert _brute(child, seat)
        checked += 1
    assert checked >= 10


def _brute(deal: ding_niu.Deal, seat: int) -> bool:
    if deal.is_over:
        return deal.winner == seat
    results = []
    for move in deal.legal_moves():
        child = deal.copy()
        child.apply(move)
        results.append(_brute(child, seat))
    return any(results) if deal.turn == seat else all(results)


def test_solver_describe() -> None:
    """The sentence says what the solver found, checked against the brute force: the moves
    that force first place, that it cannot be forced, or that the budget ran out."""
    from gupai_learn.games.ding_niu.solver import describe

    seen = set()
    for seed in range(25):
        deal = random_endgame(seed, 2)
        if deal.is_over:
            continue
        result = ding_niu.solve(deal, deal.turn)
        if _brute(deal, deal.turn):
            moves = " or ".join(str(m) for m in result.plays)
            assert describe(result) == f"forces first place with {moves}"
        else:
            assert describe(result) == "cannot force first place"
        seen.add(result.wins)
    assert seen == {True, False}
    deal = random_endgame(0, 3)
    assert describe(ding_niu.solve(deal, deal.turn, max_nodes=1)) == (
        "unknown (search budget ran out)"
    )
