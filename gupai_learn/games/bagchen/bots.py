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

    def _keep(self, deal: Any, hand: Tiles | None = None) -> Tile | None:
        """The tile kept for the last trick (``hand``: the seat's, when already read)."""
        hand = deal.hands[deal.turn] if hand is None else hand
        return max(hand, key=_strengths(deal._points).__getitem__) if hand else None

    def _lead(self, deal: Any, plays: list[Tiles]) -> Tiles:
        turn = deal._turn
        hand = deal._hands[turn]
        keep = self._keep(deal, hand)
        size = len(hand)
        pool = [p for p in plays if size == len(p) or _spares(hand, p, keep)] or plays
        # each play's combination looked up once (the rollouts ask this on every lead); max
        # and min keep the first of equals, as before
        by_tiles = deal._tables.by_tiles
        combos = [(p, _table_combination(by_tiles, deal, p)) for p in pool]
        cash = [(value, p) for p, c in combos if (value := point_value(c))]
        if cash:
            return max(cash, key=_first)[1]
        if deal._won[turn] < 6:
            return max(combos, key=lambda e: (len(e[0]), _combo_rank(e[1])))[0]
        return min(combos, key=lambda e: (_combo_rank(e[1]), -len(e[0])))[0]

    def _follow(self, deal: Any, plays: list[Tiles]) -> Move:
        turn = deal._turn
        hand = deal._hands[turn]
        size = len(deal._plays[0].pieces)
        last = len(hand) == size
        strengths = _strengths(deal._points)
        keep = max(hand, key=strengths.__getitem__) if hand else None
        chase = deal._won[turn] < 6 or size > 1 or self.rng.random() < 0.3
        if last or chase:
            # the cheapest play that spares the kept tile: of the lowest rank, the first
            # listed (what a stable sort by rank puts first); ranks looked up once each
            by_tiles = deal._tables.by_tiles
            best, low = None, 0
            for play in plays:
                if last or _spares(hand, play, keep):
                    ranked = _combo_rank(_table_combination(by_tiles, deal, play))
                    if best is None or ranked < low:
                        best, low = play, ranked
            if best is not None:
                return Move("play", best)
        weakest = sorted(hand, key=strengths.__getitem__)[:size]
        return Move("discard", canonical(weakest))

    def roll_out(self, deal: Any, players: list[Any]) -> int:
        """Play ``deal`` to the end with ``players`` (one heuristic player per seat) and return
        how many moves were made: the strong player's rollouts (:mod:`gupai_learn.strong`).

        The same moves and the same deal as ``deal.apply(players[deal.turn].choose(deal))``
        until the deal is over, made more cheaply: ``choose`` checks that the deal is not
        over and that no other seat was named (the loop asks neither), wraps each legal play
        in a new tuple of the same tiles (equal, so every comparison and the pieces chosen
        are the same) and asks ``_lead`` or ``_follow`` as here; ``apply`` reads the move
        (a face-up play or a face-down follow: the heuristic never leads face down) and
        hands its pieces to ``play`` or ``discard``, which take the fast path
        (``_fast_combination``, ``_fast_discard``) asked here directly, and the checked
        path when it declines. The players' random sources are drawn in the same order."""
        plays_of = deal.legal_plays
        moves = 0
        while not deal.is_over:
            player = players[deal._turn]
            plays = plays_of()
            if deal._plays:
                move = player._follow(deal, plays)
            else:
                move = Move("play", player._lead(deal, plays))
            pieces = move.pieces
            if move.kind == "play":
                combination = deal._fast_combination(pieces, None)
                if combination is None:
                    deal.play(pieces)
                else:
                    deal._apply(combination.pieces, combination)
            else:
                down = deal._fast_discard(pieces, None)
                if down is None:
                    deal.discard(pieces)
                else:
                    deal._apply(down, None)
            moves += 1
        return moves


def _rank(deal: Any, play: Tiles) -> int:
    combo = _combination(deal, play)
    return combo.rank if combo else 0


def _combination(deal: Any, play: Tiles) -> Any:
    """``deal.combination(play)``, looked up at once for a play listed by the deal (its tiles
    already in canonical order, as every table entry's are)."""
    entry = deal._tables.by_tiles.get(play)
    return entry[1] if entry is not None else deal.combination(play)


def _first(entry: tuple[int, Tiles]) -> int:
    return entry[0]


def _table_combination(by_tiles: dict[Any, Any], deal: Any, play: Tiles) -> Any:
    """:func:`_combination` with the deal's table already read."""
    entry = by_tiles.get(play)
    return entry[1] if entry is not None else deal.combination(play)


def _combo_rank(combo: Any) -> int:
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
