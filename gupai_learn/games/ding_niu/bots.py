"""Computer players for Bull Fight (random: :class:`gupai_learn.bots.RandomPlayer`).

:class:`HeuristicPlayer` sees only what a player at the table sees: its own hand, its own
face-down tiles, the line, how many tiles each seat holds and has put down, and what those
face-down plays tell (DN-PLAY-MUST: a seat that put a tile face down held nothing that fit the
ends then, and as nobody draws in Bull Fight, it never will). Among its placements it

- plays toward the numbers it holds: it leaves ends that its remaining tiles can follow;
- counts what is out: it prefers ends that few unseen tiles carry, above all ends the next seat
  is known to lack (a seat that cannot add a tile must put one face down, and those pips count
  against it, DN-DISCARD, DN-SCORE-POINTS);
- plays first the tiles that will be hard to place later and sheds heavy tiles;
- makes a fish on purpose when it expects to win the hand (the blocker who wins is paid
  double), and avoids one it expects to lose (the blocker who loses pays 12 alone,
  DN-FISH-PAY): its points are compared with each other seat's expected points;
- when stuck, puts face down the tile that costs least: its pips, times the chance that it
  could still be placed later (a tile no unseen tile can ever lead to costs its pips anyway).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gupai_learn import decks, strong
from gupai_learn.engine.deal import seeded
from gupai_learn.engine.line import Layout
from gupai_learn.engine.moves import Move
from gupai_learn.games.ding_niu.deal import Deal
from gupai_learn.games.ding_niu.fish import find_fish
from gupai_learn.tiles import Tile

_DECK = tuple(decks.ding_niu())
#: The numbers on each tile (the heuristic compares them on every move of every rollout).
_NUMBERS = {tile: frozenset(tile) for tile in _DECK}
#: A fish is made only when the bot's points are at most this share of the lowest expected
#: points of another seat.
MARGIN = 0.8
#: Worth of a fish the bot expects to win (or cost of one it expects to lose).
FISH = 100.0
#: Worth of each remaining tile of the bot that fits a new end.
FIT = 3.0
#: Cost of each unseen tile that fits a new end (others may follow).
OPEN = 1.0
#: Worth of leaving the next seat with ends it is known to lack.
STUCK = 8.0
#: Cost of each other tile (unseen or held) that carries the played tile's numbers.
FLEX = 0.5
#: Worth of each pip shed.
PIPS = 0.5


def voids(deal: Any) -> list[set[int]]:
    """Numbers each seat surely lacks: the ends it faced when it put a tile face down (with
    DN-PLAY-MUST on; nobody draws, so a lack lasts). Read from the public moves alone."""
    lacks: list[set[int]] = [set() for _ in range(deal.n_seats)]
    if not deal.rules.must_play:
        return lacks
    layout = Layout()
    for seat, move in deal.seated_history:
        if move.kind == "play":
            layout = layout.add(move.pieces[0], move.end, seat, deal.rules.arms)
        elif move.kind == "discard":
            lacks[seat].update(layout.open_numbers())
    return lacks


def unseen(deal: Any, seat: int) -> list[Tile]:
    """The tiles ``seat`` cannot see: the deck less its hand, its face-down tiles and the line."""
    pool = list(_DECK)
    for tile in (*deal.hands[seat], *deal.down[seat], *deal.layout.tiles):
        pool.remove(tile)
    return pool


class HeuristicPlayer:
    """Plays toward its numbers, blocks the next seat, fishes when it expects to win."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seeded(seed)  # the seeds every level and Deal.random take

    def choose(self, deal: Deal, seat: int | None = None) -> Move:
        """The move for the seat to act (one of ``deal.legal_moves()``).

        Raises the deal's IllegalPlayError when the deal is over or it is another seat's turn
        (``seat``, if given, must be the seat to act)."""
        strong.check_turn(deal, seat)
        moves = deal.legal_moves()
        if len(moves) == 1:
            return moves[0]
        hidden = unseen(deal, deal.turn)
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            costs = [self._cost(deal, m, hidden) for m in moves]
            least = min(costs)
            return min((m for m, c in zip(moves, costs, strict=True) if c == least), key=str)
        lacks = voids(deal)
        # the best score, ties broken by the move's text (what the text costs is paid only then)
        scores = [self._score(deal, m, hidden, lacks) for m in plays]
        best = max(scores)
        return max((m for m, v in zip(plays, scores, strict=True) if v == best), key=str)

    def _score(self, deal: Any, move: Move, hidden: list[Tile], lacks: list[set[int]]) -> float:
        seat = deal.turn
        tile = move.pieces[0]
        hand = list(deal.hands[seat])
        hand.remove(tile)
        value = PIPS * tile.pips
        after = deal.layout.add(tile, move.end, seat, deal.rules.arms)
        if deal.ends is not None and not tile.is_double and deal.fish is None:
            found = find_fish(after.open_numbers(), after.tiles, deal.rules.fish_types)
            if found is not None:
                value += FISH if self._would_win(deal, tile) else -FISH
        ends = set(after.open_numbers())
        numbers = _NUMBERS
        value += FIT * sum(1 for t in hand if ends & numbers[t])
        value -= OPEN * sum(1 for t in hidden if ends & numbers[t])
        nxt = (seat + 1) % deal.n_seats
        if ends <= lacks[nxt] and deal.hands[nxt]:
            value += STUCK
        mine = numbers[tile]
        value -= FLEX * sum(1 for t in (*hidden, *hand) if mine & numbers[t])
        return float(value + self.rng.random() * 0.01)

    def _cost(self, deal: Deal, move: Move, hidden: list[Tile]) -> float:
        """What putting ``move``'s tile face down costs: its pips times its chance to be placed
        later (judged by how many unseen or held tiles carry its numbers)."""
        tile: Tile = move.pieces[0]
        others = [t for t in (*hidden, *deal.hands[deal.turn]) if t != tile]
        mine = _NUMBERS[tile]
        links = sum(1 for t in others if mine & _NUMBERS[t])
        return tile.pips * min(1.0, links / 4)

    def _would_win(self, deal: Deal, tile: Tile) -> bool:
        """Whether the bot expects first place if the hand ended now: its points against each
        other seat's expected points (the unseen pips spread evenly over the unseen tiles)."""
        seat = deal.turn
        hand, down = deal.hands[seat], deal.down[seat]
        mine: int = hand.pips - tile.pips + down.pips
        hidden = unseen(deal, seat)
        if not hidden:
            return True
        each = sum(t.pips for t in hidden) / len(hidden)
        others = _counts(deal, seat)
        return mine <= MARGIN * each * min(others)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


def _counts(deal: Any, seat: int) -> Sequence[int]:
    """Tiles each other seat has in hand and face down (what counts against it)."""
    return [len(deal.hands[s]) + len(deal.down[s]) for s in range(deal.n_seats) if s != seat]


def sample_world(deal: object, seat: int, rng: random.Random) -> object:
    """A world for the strong player: the unseen tiles dealt again among the other seats (their
    hands and face-down tiles), no seat holding a number it is known to lack (:func:`voids`);
    the public history is replayed on it (:func:`gupai_learn.strong.replay_sample`)."""
    lacks = voids(deal)
    return strong.replay_sample(deal, seat, rng, lambda s, t: not lacks[s].intersection(t))


#: Worlds the strong player samples per decision (its rollouts are cheap, and a fish swings
#: the chips by 12).
STRONG_SAMPLES = 20
#: Rollout moves per decision before no new world is sampled (a move of this heuristic costs
#: about three times a Tien Gow one, issue 36).
STRONG_PLIES = 900


def strong_player(
    seed: int | random.Random | None = None,
    *,
    budget_ms: float = strong.DEFAULT_BUDGET_MS,
    samples: int = STRONG_SAMPLES,
    plies: int = STRONG_PLIES,
) -> strong.StrongPlayer:
    """The strong player (:mod:`gupai_learn.strong`): it samples the unseen tiles with
    :func:`sample_world` and plays each candidate out with :class:`HeuristicPlayer`."""
    return strong.StrongPlayer(
        seed,
        sampler=sample_world,
        rollout=HeuristicPlayer,
        budget_ms=budget_ms,
        samples=samples,
        plies=plies,
    )
