"""Bull Fight computer players and the solver."""

from __future__ import annotations

import random

import pytest

import gupai_learn as gl
from gupai_learn.bots import play_out
from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES, ding_niu
from gupai_learn.games.ding_niu import bots
from gupai_learn.games.ding_niu.fish import find_fish
from gupai_learn.tiles import Tile


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


# ----- the heuristic's counting shortcuts ----------------------------------------------------
def _plain_choice(deal: ding_niu.Deal, seed: int) -> Move:
    """The heuristic's move worked out the plain way (each count a loop over the tiles, the
    line built with Layout.add, the fish found on it, the lacks read from the history): what
    the shortcuts of :class:`ding_niu.HeuristicPlayer` must equal, draw for draw."""
    rng = random.Random(seed)
    moves = deal.legal_moves()
    if len(moves) == 1:
        return moves[0]
    seat, hands = deal.turn, deal.hands
    hidden = list(gl.decks.ding_niu())
    for tile in (*hands[seat], *deal.down[seat], *deal.layout.tiles):
        hidden.remove(tile)
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        costs = {m: _plain_cost(m.pieces[0], [*hidden, *hands[seat]]) for m in moves}
        return min((m for m in moves if costs[m] == min(costs.values())), key=str)
    lacks = bots.voids(deal)
    scores = []
    for move in plays:
        tile = move.pieces[0]
        hand = list(hands[seat])
        hand.remove(tile)
        value = bots.PIPS * tile.pips
        after = deal.layout.add(tile, move.end, seat, deal.rules.arms)
        fish = deal.ends is not None and not tile.is_double and deal.fish is None
        if fish and find_fish(after.open_numbers(), after.tiles, deal.rules.fish_types):
            win = ding_niu.HeuristicPlayer()._would_win(deal, tile, hidden, hands)
            value += bots.FISH if win else -bots.FISH
        ends = set(after.open_numbers())
        value += bots.FIT * sum(1 for t in hand if ends.intersection(t))
        value -= bots.OPEN * sum(1 for t in hidden if ends.intersection(t))
        nxt = (seat + 1) % 4
        if ends <= lacks[nxt] and hands[nxt]:
            value += bots.STUCK
        value -= bots.FLEX * sum(1 for t in (*hidden, *hand) if set(tile).intersection(t))
        scores.append(value + rng.random() * 0.01)
    return max((m for m, v in zip(plays, scores, strict=True) if v == max(scores)), key=str)


def _plain_cost(tile: Tile, seen: list[Tile]) -> float:
    links = sum(1 for t in seen if t != tile and set(tile).intersection(t))
    return tile.pips * min(1.0, links / 4)


@pytest.mark.parametrize(
    "rules",
    [ding_niu.Rules(), ding_niu.Rules(arms=1), ding_niu.Rules(must_play=False)]
    + [ding_niu.Rules(fish_types="any-dead-tile", after_fish="play-on")],
)
def test_the_heuristic_counts_as_the_plain_definition_does(rules: ding_niu.Rules) -> None:
    """Every decision of whole hands (placements, face-down tiles, fishes) equals the plain
    way of working it out, with the same random draws; also in set-up hands that leave tiles
    undealt (the tiles nobody sees are then more than the other seats' tiles)."""
    decided = 0
    for seed in range(40):
        deal = ding_niu.Deal.random(seed=seed, rules=rules)
        if seed % 4 == 3:
            deal = ding_niu.Deal([h[: 2 + seed % 3] for h in deal.hands], rules)
        while not deal.is_over:
            mover = seed * 100 + len(deal.seated_history)
            move = ding_niu.HeuristicPlayer(mover).choose(deal)
            assert move == _plain_choice(deal, mover), (seed, str(deal))
            decided += 1
            deal.apply(move)
    assert decided > 400


#: The strong player's decisions with a choice in seat 0 of seeded hands (heuristic players
#: elsewhere), as the player made them before its rollouts were made cheaper (issue 36).
STRONG_MOVES = {
    0: ["[6:2]>left", "[4:4]>right", "[2:2]>left"],
    1: ["[6:6]", "[2:2]>left", "[6:1]>right"],
    2: ["[6:5]>left", "down:[2:2]"],
    3: ["[4:4]>left", "[6:6]>left", "down:[6:1]"],
    4: ["[3:1]>left", "[6:6]>right", "[6:5]>right"],
}


@pytest.mark.parametrize("seed", sorted(STRONG_MOVES))
def test_the_strong_player_makes_the_moves_it_made(seed: int) -> None:
    """Speed-ups of the rollouts keep every move: same seeds, same decisions."""
    deal = ding_niu.Deal.random(seed=seed)
    strong = ding_niu.strong_player(seed, budget_ms=60_000)
    players = [strong] + [ding_niu.HeuristicPlayer(seed) for _ in range(3)]
    chosen = []
    while not deal.is_over:
        choice = len(deal.legal_moves()) > 1
        move = players[deal.turn].choose(deal)
        if deal.turn == 0 and choice:
            chosen.append(str(move))
        deal.apply(move)
    assert chosen == STRONG_MOVES[seed]
