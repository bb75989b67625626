"""Computer players for Tien Gow: the shared random player and a heuristic (see
:class:`HeuristicPlayer`)."""

from __future__ import annotations

from collections.abc import Sequence

from gupai_learn import decks, strong
from gupai_learn.bots import TrickHeuristic
from gupai_learn.engine.moves import Move
from gupai_learn.games.tien_gow.combos import ALL_COMBOS, single_rank
from gupai_learn.games.tien_gow.deal import Deal
from gupai_learn.tiles import Tile, Tiles


def strength(tile: Tile) -> int:
    """A rough worth of a single tile for keeping or throwing away: civil 1-11, military 1-7."""
    found = _STRENGTH.get(tile)
    return found if found is not None else _strength(tile)


def _strength(tile: Tile) -> int:
    return single_rank(tile) if tile.is_civil else tile.pips - 2


#: Each tile's :func:`strength`, and its rank as the single to keep (civil first), worked out
#: once: the heuristic asks them on every move of every rollout of the strong player.
_STRENGTH = {tile: _strength(tile) for tile in decks.chinese()}
_KEEP = {tile: (tile.is_civil, _STRENGTH[tile]) for tile in decks.chinese()}


class HeuristicPlayer(TrickHeuristic[Deal, Tiles]):
    """A sensible Tien Gow player.

    - Cashes trick payments (TG-TRICKPAY): leads the Supreme pair or a quartet when it holds one.
    - Avoids early death (TG-EARLY-DEATH): with no column yet, it takes a trick when it cheaply
      can, and leads its surest winner.
    - Keeps its strongest single for the last trick (the hand goes to the last trick's winner)
      and does not spend it earlier.
    - Beats with the cheapest winning play (TG-BEAT-STRICT); otherwise discards its weakest
      tiles face down (TG-BEAT-OPTIONAL).
    """

    def _lead(self, deal: Deal, plays: list[Tiles]) -> Tiles:
        hand = deal.hands[deal.turn]
        cash = [p for p in plays if _kind(deal, p) in ("supreme", "quartet")]
        if cash:
            return cash[0]
        keep = _best_single(hand)
        candidates = [p for p in plays if len(hand) == 1 or keep not in p]
        pool = candidates or plays
        if deal.won[deal.turn] == 0:
            return max(pool, key=lambda p: (_rank(deal, p), len(p)))
        multi = [p for p in pool if len(p) > 1]
        if multi:
            return max(multi, key=lambda p: (len(p), _rank(deal, p)))
        return min(pool, key=lambda p: _rank(deal, p))

    def _follow(self, deal: Deal, plays: list[Tiles]) -> Move:
        hand = deal.hands[deal.turn]
        size = len(deal.trick[0].pieces)
        last = len(hand) == size
        keep = _best_single(hand)
        cheap = sorted(plays, key=lambda p: _rank(deal, p))
        wanted = [p for p in cheap if last or keep not in p or len(hand) == 1]
        if wanted and (last or deal.won[deal.turn] == 0 or size > 1 or self.rng.random() < 0.5):
            return Move("play", wanted[0])
        weakest = sorted(hand, key=strength)[:size]
        return Move("discard", Tiles(weakest))


def _kind(deal: Deal, play: Tiles) -> str:
    combo = ALL_COMBOS[deal.rules.mixed_sets].get(play)
    return combo.kind if combo else ""


def _rank(deal: Deal, play: Tiles) -> int:
    combo = ALL_COMBOS[deal.rules.mixed_sets].get(play)
    return combo.rank if combo else 0


def _best_single(hand: Sequence[Tile]) -> Tile | None:
    """The tile to save for the last trick: the strongest civil, else the strongest military."""
    if not hand:
        return None
    return max(hand, key=_KEEP.__getitem__)


#: The strong player (:mod:`gupai_learn.strong`): it deals the pieces it has not seen again,
#: consistently with the public history and the counts, and plays each candidate out with
#: :class:`HeuristicPlayer` on every sample. Nothing is certain about another seat's hand beyond
#: its count: a seat may put pieces face down even when it could beat.
strong_player = strong.replaying_player(HeuristicPlayer)
