"""Computer players for Bergen (random: :class:`gupai_learn.bots.RandomPlayer`).

:class:`HeuristicPlayer` sees only what a player at the table sees: its hand, the line and the
number of tiles left. Among its legal placements it

- takes the most header points (BE-HEADER-DOUBLE, BE-HEADER-TRIPLE);
- keeps a double back unless it scores now — a double held is a triple header waiting for its
  number to come up on both ends;
- prefers ends it can follow: it counts each number's eight appearances in the set (the seed's
  advice to count suits), and leaves open the numbers of which it holds the most and the
  others can hold the fewest;
- sheds heavy tiles otherwise (a blocked round is often won on pips, BE-END-BLOCKED).

It draws or passes only when it must (the engine offers nothing else).
"""

from __future__ import annotations

import random
from typing import Any

from gupai_learn.engine.moves import Move

#: How much a header point is worth against the other preferences.
HEADER_WEIGHT = 100.0


class HeuristicPlayer:
    """Scores headers, keeps doubles for triple headers, counts the numbers already played."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, deal: Any) -> Move:
        """The move for the seat to act (one of ``deal.legal_moves()``)."""
        moves = deal.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        if len(moves) == 1 or not plays:
            return moves[0]
        return max(plays, key=lambda m: self._score(deal, m))

    def _score(self, deal: Any, move: Move) -> tuple[float, str]:
        tile = move.pieces[0]
        header = deal.header_after(tile, move.end)
        value = HEADER_WEIGHT * header.points
        if tile.is_double and not header.points:
            value -= 20  # keep it for a triple header later
        hand = [t for t in deal.hands[deal.turn] if t != tile]
        after = deal.layout.add(tile, move.end, deal.turn, 2).ends
        for number in set(after):
            mine = sum(number in t for t in hand)
            seen = sum(number in p.tile for p in deal.layout.placed) + (number in tile)
            value += 3 * mine - (8 - seen - mine) * 0.5
        value += tile.pips * 0.3
        return value + self.rng.random() * 0.01, str(move)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"
