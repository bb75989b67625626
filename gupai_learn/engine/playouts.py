"""The playouts and paired timing every game's benchmark rows share
(``python -m gupai_learn.bench``). They sit below the games, so a game's own ``bench.py``
can use them without importing the benchmark, which reaches the reviews and the puzzles."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from gupai_learn.cards import Cards
from gupai_learn.tiles import Tiles


def _moves_per_second(run: Callable[[int], int], seconds: float, seed: int) -> float:
    """Moves per CPU second of ``run(seed) -> moves`` called with successive seeds for
    ``seconds`` of CPU time. CPU time, as for the solver rows: on a shared machine wall-clock
    time would count the neighbours' work too, and the ratio to the peer would swing with it."""
    moves, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        moves += run(seed)
        seed += 1
    return moves / (time.process_time() - start)


def paired_rates(
    ours: Callable[[int], int],
    theirs: Callable[[int], int],
    seconds: float,
    rounds: int,
    slices: int = 10,
) -> tuple[float, float, float]:
    """Median moves/s of ``ours`` and ``theirs`` and the median of the paired ratios.

    Each round is cut into ``slices`` short pairs, ``seconds / slices`` of processor time per
    side, the two taking turns to go first, so that a slow spell of a shared machine (here the
    same code measured 69,000 to 122,000 moves/s from one second to the next) falls on both
    sides of a pair alike: the median ratio of ``rounds * slices`` pairs then varies by about
    1 % from run to run, where one ratio per round varied by 15 %."""
    mine, peer, ratios = [], [], []
    span = seconds / slices
    for r in range(rounds):
        for k in range(slices):
            seed = r * 100_000 + k * 1_000
            if k % 2 == 0:
                peer.append(_moves_per_second(theirs, span, seed))
                mine.append(_moves_per_second(ours, span, seed))
            else:
                mine.append(_moves_per_second(ours, span, seed))
                peer.append(_moves_per_second(theirs, span, seed))
            ratios.append(mine[-1] / peer[-1])
    return statistics.median(mine), statistics.median(peer), statistics.median(ratios)


def trick_random_playout(
    deal_class: Any, seed: int, down: Callable[[random.Random, tuple[object, ...], int], Any]
) -> int:
    """One random deal of a trick game (``deal_class.random``) played to the end through the
    public API, as :func:`tien_gow_random_playout` describes; ``down(rng, hand, n)`` picks the
    pieces of a face-down discard. Returns the number of moves."""
    rng = random.Random(seed)
    draw = rng.random
    deal = deal_class.random(seed=rng)
    moves = 0
    while not deal.is_over:
        plays = deal.legal_plays()
        trick = deal.trick
        pick = int(draw() * (len(plays) + 1 if trick else len(plays)))
        if pick == len(plays):
            deal.discard(down(rng, deal.hands[deal.turn], len(trick[0].pieces)))
        else:
            deal.play(plays[pick])
        moves += 1
    deal.settle()
    return moves


def trick_user_playout(deal_class: Any, seed: int) -> int:
    """One random deal of a trick game played the way a user writes a random player: plays
    from ``legal_plays()``, discards as a plain ``tuple`` sampled from the hand with
    ``random.sample``, every move through ``deal.play``/``deal.discard``. Returns its moves."""
    rng = random.Random(seed)
    deal = deal_class.random(seed=rng)
    moves = 0
    while not deal.is_over:
        plays = deal.legal_plays()
        trick = deal.trick
        pick = rng.randrange(len(plays) + 1) if trick else rng.randrange(len(plays))
        if pick == len(plays):
            deal.discard(tuple(rng.sample(deal.hands[deal.turn], len(trick[0].pieces))))
        else:
            deal.play(plays[pick])
        moves += 1
    deal.settle()
    return moves


def random_tiles(rng: random.Random, hand: tuple[Any, ...], n: int) -> Tiles:
    """``n`` distinct tiles of ``hand`` chosen at random (a random face-down discard)."""
    if n == 1:
        return Tiles((hand[int(rng.random() * len(hand))],))
    return Tiles(rng.sample(hand, n))


def dominoes_random_playout(seed: int) -> int:
    """One random game of the PyPI ``dominoes`` package (double-six, 4 players)."""
    import dominoes

    random.seed(seed)
    draw = random.random
    game = dominoes.Game.new()
    moves = 0
    while game.result is None:
        options = game.valid_moves
        game.make_move(*options[int(draw() * len(options))])
        moves += 1
    return moves


def line_random_playout(deal_class: Any, seed: int) -> int:
    """Play one random deal of a line game (``deal_class``) to the end through the public API:
    each move one of ``deal.legal_moves()``, chosen with ``int(random() * n)`` as the peer
    draws; the deal is settled at the end. Returns the number of moves."""
    rng = random.Random(seed)
    draw = rng.random
    deal = deal_class.random(seed=rng)
    moves = 0
    while not deal.is_over:
        options = deal.legal_moves()
        deal.apply(options[int(draw() * len(options))])
        moves += 1
    deal.settle()
    return moves


def played_down(deal: Any, size: int, rng: random.Random, pack: Callable[..., Any]) -> Any:
    """``deal`` (a trick game) played on by random single leads and random discards (packed
    by ``pack``: Tiles or Cards) until every hand holds ``size`` pieces between tricks."""
    while len(deal.hands[0]) > size or deal.trick:
        plays = [p for p in deal.legal_plays() if len(p) == 1] if not deal.trick else []
        if plays:
            deal.play(plays[rng.randrange(len(plays))])
        else:
            hand = deal.hands[deal.turn]
            deal.discard(pack(rng.sample(hand, len(deal.trick[0].pieces))))
    return deal


def random_cards(draw: Callable[[], float], hand: tuple[Any, ...], n: int) -> Cards:
    """``n`` distinct cards of ``hand`` chosen at random with ``int(random() * m)`` draws (a
    partial Fisher-Yates shuffle, as cheap as the peer's own draws)."""
    pool = list(hand)
    last = len(pool) - 1
    picked = []
    for i in range(n):
        j = int(draw() * (last + 1 - i))
        picked.append(pool[j])
        pool[j] = pool[last - i]
    return Cards(picked)
