"""Computer players for Bull Fight (random: :class:`gupai_learn.bots.RandomPlayer`).

:class:`HeuristicPlayer` sees only what a player at the table sees: its own hand, its own
face-down tiles, the line and how many tiles the others have put down. It

- adds a tile when it may, preferring the move that sheds the most pips;
- avoids a placement that makes a fish it would probably lose (DN-FISH-PAY: the blocker who
  does not win pays 12 alone), and makes one when it would probably win: its own points are
  compared with the others' *expected* points (the pips it cannot see, spread evenly over the
  others' tiles), with a safety margin;
- when stuck, puts its heaviest tile face down (DN-DISCARD).
"""

from __future__ import annotations

import random
from typing import Any

from gupai_learn import decks
from gupai_learn.engine.moves import Move
from gupai_learn.games.ding_niu.fish import find_fish

_DECK_PIPS = sum(t.pips for t in decks.ding_niu())
#: A fish is made only when the bot's points are at most this share of the lowest expected
#: points of another seat.
MARGIN = 0.8


class HeuristicPlayer:
    """Sheds heavy tiles; makes a fish it expects to win, avoids one it expects to lose."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, deal: Any) -> Move:
        """The move for the seat to act (one of ``deal.legal_moves()``)."""
        moves = deal.legal_moves()
        if len(moves) == 1:
            return moves[0]
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            return max(moves, key=lambda m: (m.pieces[0].pips if m.pieces else 0, str(m)))
        return max(plays, key=lambda m: self._score(deal, m))

    def _score(self, deal: Any, move: Move) -> tuple[float, str]:
        tile = move.pieces[0]
        value = float(tile.pips)
        if not tile.is_double and deal.fish is None and deal.ends is not None:
            after = deal.layout.add(tile, move.end, deal.turn, deal.rules.arms)
            if find_fish(after.open_numbers(), after.tiles, deal.rules.fish_types) is not None:
                value += 100 if self._would_win(deal, tile) else -100
        return value + self.rng.random() * 0.01, str(move)

    def _would_win(self, deal: Any, tile: Any) -> bool:
        """Whether the bot expects first place if the hand ended now: its points against each
        other seat's expected points (the unseen pips spread evenly over the unseen tiles)."""
        seat = deal.turn
        hand, down = deal.hands[seat], deal.down[seat]
        mine = hand.pips - tile.pips + down.pips
        line = deal.layout.tiles
        unseen_pips = _DECK_PIPS - line.pips - hand.pips - down.pips
        unseen_tiles = 24 - len(line) - len(hand) - len(down)
        if unseen_tiles <= 0:
            return True
        each = unseen_pips / unseen_tiles
        others = [len(deal.hands[s]) + len(deal.down[s]) for s in range(4) if s != seat]
        return mine <= MARGIN * each * min(others)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"
