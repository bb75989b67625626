"""A perfect-information Tien Gow solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Tien Gow's goal: ``seat`` takes the last trick
(or was dealt the one red dot). At the root every face-up play and every distinct face-down
discard that ``legal_moves()`` lists is considered, so that every winning first move is listed;
every position after that is worked out by :class:`~gupai_learn.games.tien_gow.endgame.Endgame`,
a search on bit masks under the deal's rules: TG-BEAT-STRICT and TG-BEAT-TIE (only strictly
higher plays of the lead's class go face up), TG-SUPREME, TG-TRICK-WINNER, TG-EARLY-DEATH.

Speed (issues 26 and 36), every shortcut checked against the exact search in the tests: trick
starts memoised under a key that merges interchangeable tiles, plays of interchangeable tiles
tried once, the last two tricks played out on the tiles at once, killer plays tried first,
and positions that a short argument decides (a top tile of each suit kept to the end, each
suit covered by a seat with a column, tricks led out that nobody can beat) answered without
searching; see :mod:`.endgame`. The bench's endgames of five tiles each take at most about
71,000 positions.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from gupai_learn.engine.moves import Move
from gupai_learn.engine.search import (
    DEFAULT_MAX_NODES,
    Memo,
    Meter,
    SolveResult,
    check_game,
    lowest_first,
    solve_game,
)
from gupai_learn.engine.search import describe as summary
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.combos import single_rank
from gupai_learn.games.tien_gow.deal import _TABLES, SEATS, SLOT, Deal, hand_mask
from gupai_learn.games.tien_gow.endgame import Endgame

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "describe", "solve"]


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order. ``max_nodes`` bounds the positions searched (the default,
    200,000, takes about a second at most; pass a larger number to search longer); when it
    runs out, ``wins`` is None. Endgames of up to five tiles each are decided within the
    default budget, usually in milliseconds. ``memo`` keeps what is proved for later solves
    of the same deal, seat and rules (a review's).
    """
    check_game(deal, Deal, "Tien Gow")  # a TypeError naming what it needs, before any use
    # at the root the seat's winning first moves are listed; below it the endgame search
    root = deal if deal.turn == seat else None
    meter = Meter()
    memo = {} if memo is None else memo
    below = Endgame(seat, deal.rules, meter, memo)

    def goal(done: Deal) -> bool | None:
        if done.is_over:
            return done.winner == seat
        return None if done is root else below.value(done)

    return solve_game(
        deal,
        seat,
        (Deal, "Tien Gow"),
        goal=goal,
        key=rank_key,
        early=True,
        order=_order,
        max_nodes=max_nodes,
        memo=memo,
        meter=meter,
    )


#: Each tile's single: (civil?, rank inside its suit), and its slot (an identity as a number).
_SINGLE = {tile: (tile.is_civil, single_rank(tile)) for tile in SLOT}
_SLOT1 = {tile: slot + 1 for tile, slot in SLOT.items()}
#: Mark of a rank level that is not one seat's alone (shared, or a tile used in a set).
_SHARED = -2


def rank_key(deal: Deal) -> Hashable:
    """The position's key with interchangeable tiles merged (enough for the last trick).

    Like :meth:`Deal.last_trick_key`, but a tile that takes part in no set of its hand (it can
    only ever be played alone) is known only by its place among the singles still out: tiles
    of one suit that sit next to each other in rank, all in one hand with no other tile (or
    the high single on the table) between them, get the same label. They beat and lose to
    exactly the same tiles for the rest of the deal, so searching one of them is enough.
    Tiles that can form a set keep their identity (and their place)."""
    high = deal._high
    single = high.pieces[0] if high is not None and len(high.pieces) == 1 else None
    masks = (*map(deal._mask, range(SEATS)), single, deal.rules.mixed_sets)
    labels = _LABELS.get(masks)
    if labels is None:
        if len(_LABELS) > _CACHE_SIZE:
            _LABELS.clear()
        labels = _LABELS[masks] = _labels(deal._hands, single, deal.rules.mixed_sets)
    trick = None
    if high is not None:
        shown = labels[SEATS] if single is not None else high.pieces
        trick = (len(deal._plays), len(deal._plays[0].pieces), high.seat, shown)
    return (labels, deal._turn, trick, *[not w for w in deal._won], deal._last)


#: Labels of the positions seen (by hand masks and high single), and the bound of this cache and
#: of :data:`_FREE` (issue 32). Only the root's key is asked now (the search below keeps its own
#: tables for one solve), and an entry is well under 1 KB, so each stays under a few MB however
#: long a process runs; when full it starts again.
_LABELS: dict[Hashable, tuple[Any, ...]] = {}
_CACHE_SIZE = 4_096


def _labels(hands: Sequence[tuple[Any, ...]], single: Any, mixed: bool) -> tuple[object, ...]:
    """Each hand as sorted labels (see :func:`rank_key`), then the high single's label."""
    free, owners = _free_tiles(hands, mixed)
    if single is not None:
        level = _SINGLE[single]
        owners[level] = -1 if owners.get(level, -1) == -1 else _SHARED
    runs = _runs(owners)
    keys: list[object] = [
        tuple(sorted(runs[_SINGLE[t]] * 64 + (0 if t in free[seat] else _SLOT1[t]) for t in hand))
        for seat, hand in enumerate(hands)
    ]
    keys.append(runs[_SINGLE[single]] if single is not None else None)
    return tuple(keys)


def _free_tiles(
    hands: Sequence[tuple[Any, ...]], mixed: bool
) -> tuple[list[frozenset[Any]], dict[tuple[bool, int], int]]:
    """Per seat the tiles in no set of its hand, and each rank level's owner (a seat, or
    :data:`_SHARED` when two seats hold it or one of its tiles is in a set)."""
    free: list[frozenset[Any]] = []
    owners: dict[tuple[bool, int], int] = {}
    for seat, hand in enumerate(hands):
        mine = _free_in(hand, mixed)
        free.append(mine)
        for tile in hand:
            level = _SINGLE[tile]
            owner = seat if tile in mine else _SHARED
            owners[level] = owner if owners.get(level, owner) == owner else _SHARED
    return free, owners


#: The tiles in no set, per hand and mixed-sets flag.
_FREE: dict[tuple[tuple[object, ...], bool], frozenset[Any]] = {}


def _free_in(hand: tuple[Any, ...], mixed: bool) -> frozenset[Any]:
    """The tiles of ``hand`` that take part in no set of that hand."""
    slot = (hand, mixed)
    found = _FREE.get(slot)
    if found is None:
        if len(_FREE) > _CACHE_SIZE:
            _FREE.clear()
        mask = hand_mask(hand)
        anchored = _TABLES[mixed].anchored
        tiles = set(hand)
        in_sets: set[Any] = set()
        for tile in tiles:
            for need, pieces in anchored.get(tile, ()):
                if need & mask == need:
                    in_sets.update(pieces)
        found = _FREE[slot] = frozenset(tiles - in_sets)
    return found


def _runs(owners: dict[tuple[bool, int], int]) -> dict[tuple[bool, int], int]:
    """A run number per rank level, with its suit: neighbouring levels of one suit owned by
    one seat share their run; a shared level is a run of its own."""
    runs: dict[tuple[bool, int], int] = {}
    run, last_suit, last_owner = 0, None, _SHARED
    for level in sorted(owners):
        owner = owners[level]
        if level[0] != last_suit or owner != last_owner or owner == _SHARED:
            run += 1
        runs[level] = run * 2 + level[0]
        last_suit, last_owner = level[0], owner
    return runs


def _order(deal: Deal, moves: list[Move]) -> list[Move]:
    """Moves in the order the search tries them (the answer does not depend on it; the speed
    does): leads of the most tiles first, strongest of their class first; follows the lowest
    winning play first, then the weakest discards, keeping strong tiles for later. On 4-tile
    endgames this searches about a quarter fewer positions than ``legal_moves()`` order."""
    if not deal.trick:
        by_tiles: dict[Any, tuple[int, Combination]] = _TABLES[deal.rules.mixed_sets].by_tiles
        return sorted(
            moves, key=lambda m: (len(m.pieces), by_tiles[m.pieces][1].rank), reverse=True
        )
    return lowest_first(moves)


def describe(result: SolveResult) -> str:
    """A one-line summary for lessons: "forces the last trick with [6:6] or [1:1]" /
    "cannot force the last trick"."""
    return summary(result, "the last trick")
