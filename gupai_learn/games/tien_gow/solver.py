"""A perfect-information Tien Gow solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Tien Gow's goal: ``seat`` takes the last trick
(or was dealt the one red dot). Every face-up play and every distinct face-down discard that
``legal_moves()`` lists is considered, under the deal's rules: TG-BEAT-STRICT and TG-BEAT-TIE
(only strictly higher plays of the lead's class go face up), TG-SUPREME, TG-TRICK-WINNER,
TG-EARLY-DEATH.

Positions are memoised with :meth:`Deal.last_trick_key`: columns matter only as none / some, so
positions that differ only in exact columns collide, as do identical civil tiles and equal
discards.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from gupai_learn.engine.moves import Move
from gupai_learn.engine.search import DEFAULT_MAX_NODES, SolveResult, lowest_first, solve_game
from gupai_learn.engine.search import describe as summary
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.combos import single_rank
from gupai_learn.games.tien_gow.deal import _TABLES, SEATS, SLOT, Deal

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "describe", "solve"]


def solve(deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order. ``max_nodes`` bounds the positions searched (the default,
    200,000, takes a few seconds at most; pass a larger number to search longer); when it runs
    out, ``wins`` is None. Endgames of up to five tiles each are usually solved in milliseconds.
    """
    # at the root the seat's winning first moves are listed, so the last trick is searched
    root = deal if deal.turn == seat else None

    def goal(done: Deal) -> bool | None:
        if done.is_over:
            return done.winner == seat
        return None if done is root else _last_trick(done, seat)

    return solve_game(
        deal,
        seat,
        (Deal, "Tien Gow"),
        goal=goal,
        key=rank_key,
        early=True,
        order=_order,
        max_nodes=max_nodes,
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
        labels = _LABELS[masks] = _labels(deal, single)
    trick = None
    if high is not None:
        shown = labels[SEATS] if single is not None else high.pieces
        trick = (len(deal._plays), len(deal._plays[0].pieces), high.seat, shown)
    return (labels, deal._turn, trick, *[not w for w in deal._won], deal._last_single)


#: Labels of the positions seen (by hand masks and high single), and the cache's bound.
_LABELS: dict[Hashable, tuple[Any, ...]] = {}
_CACHE_SIZE = 500_000


def _labels(deal: Deal, single: Any) -> tuple[Any, ...]:
    """Each hand as sorted labels (see :func:`rank_key`), then the high single's label."""
    hands = deal._hands
    free, owners = _free_tiles(deal)
    if single is not None:
        level = _SINGLE[single]
        owners[level] = -1 if owners.get(level, -1) == -1 else _SHARED
    runs = _runs(owners)
    keys: list[Any] = [
        tuple(sorted(runs[_SINGLE[t]] * 64 + (0 if t in free[seat] else _SLOT1[t]) for t in hand))
        for seat, hand in enumerate(hands)
    ]
    keys.append(runs[_SINGLE[single]] if single is not None else None)
    return tuple(keys)


def _free_tiles(deal: Deal) -> tuple[list[frozenset[Any]], dict[tuple[bool, int], int]]:
    """Per seat the tiles in no set of its hand, and each rank level's owner (a seat, or
    :data:`_SHARED` when two seats hold it or one of its tiles is in a set)."""
    free: list[frozenset[Any]] = []
    owners: dict[tuple[bool, int], int] = {}
    for seat, hand in enumerate(deal._hands):
        mine = _free_in(deal, seat)
        free.append(mine)
        for tile in hand:
            level = _SINGLE[tile]
            owner = seat if tile in mine else _SHARED
            owners[level] = owner if owners.get(level, owner) == owner else _SHARED
    return free, owners


#: The tiles in no set, per hand mask and mixed-sets flag.
_FREE: dict[tuple[int, bool], frozenset[Any]] = {}


def _free_in(deal: Deal, seat: int) -> frozenset[Any]:
    """The tiles of ``seat``'s hand that take part in no set of that hand."""
    mask = deal._mask(seat)
    slot = (mask, deal.rules.mixed_sets)
    found = _FREE.get(slot)
    if found is None:
        anchored = deal._tables.anchored
        hand = set(deal._hands[seat])
        in_sets: set[Any] = set()
        for tile in hand:
            for need, pieces in anchored.get(tile, ()):
                if need & mask == need:
                    in_sets.update(pieces)
        found = _FREE[slot] = frozenset(hand - in_sets)
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


def _last_trick(deal: Deal, seat: int) -> bool | None:
    """Whether ``seat`` takes the last trick, worked out without a search once every hand
    still to play holds one tile (None before that). The lead goes face up; each follower in
    turn may beat the high tile (TG-BEAT-STRICT) unless early death sends its tile face down
    (TG-EARLY-DEATH); ``seat`` needs one good choice, the others one refutation."""
    hands = deal._hands
    turn = deal._turn
    if len(hands[turn]) != 1:
        return None
    plays = deal._plays
    if not plays:
        lead = (hands[turn][0],)
        after = (turn + 1) % SEATS
        return _followers(deal, seat, turn, lead, after, SEATS - 1, deal.rules.early_death)
    high = deal._high
    assert high is not None
    if len(high.pieces) != 1:
        return None
    left = SEATS - len(plays)
    return _followers(deal, seat, high.seat, high.pieces, turn, left, deal._last_single)


def _followers(
    deal: Deal,
    seat: int,
    high_seat: int,
    high: tuple[Any, ...],
    first: int,
    left: int,
    last_single: bool,
) -> bool:
    """The rest of the last trick from follower ``first`` on (``left`` followers)."""
    if not left:
        return high_seat == seat
    tile = deal._hands[first][0]
    after = (first + 1) % SEATS
    outcomes = [_followers(deal, seat, high_seat, high, after, left - 1, last_single)]
    if not (last_single and deal._won[first] == 0) and _beats_single(deal, high, tile):
        outcomes.append(_followers(deal, seat, first, (tile,), after, left - 1, last_single))
    return any(outcomes) if first == seat else all(outcomes)


def _beats_single(deal: Deal, high: tuple[Any, ...], tile: Any) -> bool:
    """Whether the single ``tile`` may go face up over the single ``high`` (TG-BEAT-STRICT)."""
    return any(pieces[0] == tile for _, pieces in _TABLES[deal.rules.mixed_sets].above[high])


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
