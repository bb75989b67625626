"""Computer players for Bagchen: the shared random player and a heuristic
(:class:`HeuristicPlayer`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from gupai_learn import decks, strong
from gupai_learn.bots import TrickHeuristic
from gupai_learn.engine.moves import Move
from gupai_learn.games.bagchen.combos import canonical, point_value, rank
from gupai_learn.tiles import Tile, Tiles


def strength(deal: Any, tile: Tile) -> int:
    """A rough worth of a single tile for keeping: a point tile is the surest (it cannot be
    beaten), then sky 1-6 above earth 0-3."""
    if deal.is_point(tile):
        return 20
    return _worth(tile)


def _worth(tile: Tile) -> int:
    return rank(tile) + 4 if tile.is_civil else (rank(tile) - 3) // 2


@cache
def _strengths(points: frozenset[Tile]) -> dict[Tile, int]:
    """Every tile's :func:`strength` in a deal with these point tiles, worked out once (the
    heuristic asks it on every move of every rollout of the strong player)."""
    return {tile: 20 if tile in points else _worth(tile) for tile in set(decks.chinese())}


class HeuristicPlayer(TrickHeuristic):
    """A sensible Bagchen player.

    - Keeps its surest single (a point tile if it has one, else its strongest tile) for the
      last trick, which wins the deal.
    - Cashes points (BG-POINT-PAY): leads point tiles and mother-and-son it does not keep.
    - Plays towards a passport (BG-PASSPORT): under six tricks it beats whenever it can with
      its cheapest winning play and leads its strongest combination of the most tiles.
    - With a passport it leads what the engine allows (BG-PASSPORT-LEAD), cheapest first, and
      beats only tricks of several tiles or the last one; otherwise it discards its weakest
      tiles face down.
    """

    def _keep(self, deal: Any) -> Tile | None:
        hand = deal.hands[deal.turn]
        return max(hand, key=_strengths(deal._points).__getitem__) if hand else None

    def _lead(self, deal: Any, plays: list[Tiles]) -> Tiles:
        hand = deal.hands[deal.turn]
        keep = self._keep(deal)
        pool = [p for p in plays if len(hand) == len(p) or _spares(hand, p, keep)] or plays
        cash = [p for p in pool if point_value(deal.combination(p))]
        if cash:
            return max(cash, key=lambda p: point_value(deal.combination(p)))
        if deal.won[deal.turn] < 6:
            return max(pool, key=lambda p: (len(p), _rank(deal, p)))
        return min(pool, key=lambda p: (_rank(deal, p), -len(p)))

    def _follow(self, deal: Any, plays: list[Tiles]) -> Move:
        hand = deal.hands[deal.turn]
        size = len(deal.trick[0].pieces)
        last = len(hand) == size
        keep = self._keep(deal)
        cheap = sorted(plays, key=lambda p: _rank(deal, p))
        wanted = [p for p in cheap if last or _spares(hand, p, keep)]
        chase = deal.won[deal.turn] < 6 or size > 1 or self.rng.random() < 0.3
        if wanted and (last or chase):
            return Move("play", wanted[0])
        weakest = sorted(hand, key=_strengths(deal._points).__getitem__)[:size]
        return Move("discard", canonical(weakest))


def _rank(deal: Any, play: Tiles) -> int:
    combo = deal.combination(play)
    return combo.rank if combo else 0


def _spares(hand: Tiles, play: Tiles, keep: Tile | None) -> bool:
    """Whether ``play`` leaves a copy of the tile kept for the last trick in the hand."""
    return keep is None or hand.count(keep) > play.count(keep)


#: Worlds the strong player samples per decision (its rollouts are long), and the rollout moves
#: per decision before no new world is sampled (issue 36).
STRONG_SAMPLES = 8
STRONG_PLIES = 1_600


#: The strong player (:mod:`gupai_learn.strong`): it deals the pieces it has not seen again,
#: consistently with the public history and the counts, and plays each candidate out with
#: :class:`HeuristicPlayer` on every sample. Nothing is certain about another seat's hand beyond
#: its count: a seat may put pieces face down even when it could beat.
strong_player = strong.replaying_player(HeuristicPlayer, samples=STRONG_SAMPLES, plies=STRONG_PLIES)
