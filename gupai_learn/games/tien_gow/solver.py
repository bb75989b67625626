"""A perfect-information Tien Gow solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` is the engine's generic search
(:func:`gupai_learn.engine.search.solve`) with Tien Gow's goal: ``seat`` takes the last trick
(or was dealt the one red dot). Every face-up play and every distinct face-down discard that
``legal_moves()`` lists is considered, under the deal's rules: TG-BEAT-STRICT and TG-BEAT-TIE
(only strictly higher plays of the lead's class go face up), TG-SUPREME, TG-TRICK-WINNER,
TG-EARLY-DEATH.

Speed (issue 26), every shortcut checked against the exact search in the tests:

- positions are memoised with :func:`rank_key`: like :meth:`Deal.last_trick_key` (columns only
  as none / some), and single tiles that are interchangeable for the rest of the deal (no set
  in their hand, next to each other in rank, nothing between them) share a label, so moves of
  such tiles are searched once;
- the last three tricks (at most three tiles a hand) are worked out on plain tuples instead
  of deal copies; their positions count on the same budget
  (:class:`~gupai_learn.engine.search.Meter`), and their trick starts go in the search's memo
  (a review's solves share them). There, plays of tiles with one label are tried once, and
  leads of the most tiles go first.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations
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
    without,
)
from gupai_learn.engine.search import describe as summary
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.combos import single_rank
from gupai_learn.games.tien_gow.deal import _TABLES, SEATS, SLOT, Deal, hand_mask
from gupai_learn.games.tien_gow.rules import Rules

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "describe", "solve"]


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order. ``max_nodes`` bounds the positions searched (the default,
    200,000, takes a few seconds at most; pass a larger number to search longer); when it runs
    out, ``wins`` is None. Endgames of up to five tiles each are usually solved in milliseconds.
    """
    check_game(deal, Deal, "Tien Gow")  # a TypeError naming what it needs, before any use
    # at the root the seat's winning first moves are listed, so the last trick is searched
    root = deal if deal.turn == seat else None
    meter = Meter()
    memo = {} if memo is None else memo
    ending = _Ending(seat, deal.rules, meter, memo)

    def goal(done: Deal) -> bool | None:
        if done.is_over:
            return done.winner == seat
        return None if done is root else _last_trick(done, ending)

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


#: Labels of the positions seen (by hand masks and high single), and the cache's bound.
_LABELS: dict[Hashable, tuple[object, ...]] = {}
_CACHE_SIZE = 500_000


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


def _label_maps(hands: Sequence[tuple[Any, ...]], mixed: bool) -> tuple[dict[Any, int], ...]:
    """Per seat, each tile's label at a trick start (see :func:`_labels`)."""
    free, owners = _free_tiles(hands, mixed)
    runs = _runs(owners)
    return tuple(
        {t: runs[_SINGLE[t]] * 64 + (0 if t in free[seat] else _SLOT1[t]) for t in hand}
        for seat, hand in enumerate(hands)
    )


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


def _last_trick(deal: Deal, end: _Ending) -> bool | None:
    """Whether ``seat`` takes the last trick, worked out without the deal's search in the last
    tricks: when every hand still to play holds one tile, or at the start of a trick with at
    most :data:`_ENDING_TILES` tiles in every hand (None before that). The rules are the
    deal's: a lead goes face up, a follower may beat the high play (TG-BEAT-STRICT) or play
    face down, early death sends a last tile face down (TG-EARLY-DEATH); ``seat`` needs one
    good choice, the others one refutation."""
    hands = deal._hands
    turn = deal._turn
    size = len(hands[turn])
    plays = deal._plays
    if not plays and size <= _ENDING_TILES:
        return end.lead(tuple(hands), turn, tuple(deal._won))
    if size != 1:
        return None
    high = deal._high
    assert high is not None
    if len(high.pieces) != 1:
        return None
    tiles = tuple(h[0] if h else None for h in hands)
    left = SEATS - len(plays)
    return end.last(tiles, tuple(deal._won), high.seat, high.pieces, turn, left, deal._last)


#: The first item of the memo keys of the last-tricks search.
_ENDING_TAG = "tien-gow-ending"
#: Tiles per hand from which the rest of the deal is searched on plain tuples.
_ENDING_TILES = 3
_BEAT_SETS: dict[tuple[bool, tuple[object, ...]], frozenset[tuple[object, ...]]] = {}


class _Ending:
    """The last tricks of a Tien Gow deal (at most :data:`_ENDING_TILES` tiles per hand),
    searched on plain tuples of tiles: every lead, every face-up play that beats the high one
    and every face-down play, as ``Deal.legal_moves()`` lists them."""

    def __init__(self, seat: int, rules: Rules, meter: Meter, memo: Memo | None = None) -> None:
        self.seat = seat
        self.mixed = rules.mixed_sets
        self.early_death = rules.early_death
        self.tables = _TABLES[self.mixed]
        self.meter = meter
        #: answers of trick starts already worked out, kept in the search's memo (a review's
        #: solves share them; keys tagged as this search's)
        self.known: dict[Hashable, Any] = {} if memo is None else memo
        #: labels and tile → label maps of the trick starts seen, by hands (this search only:
        #: a process-wide cache of dicts would slow Python's garbage collector for good)
        self.maps: dict[Hashable, tuple[object, ...]] = {}

    def beats(self, high: tuple[Any, ...]) -> frozenset[tuple[object, ...]]:
        """The plays that may go face up over ``high`` (TG-BEAT-STRICT, TG-SUPREME)."""
        slot = (self.mixed, high)
        found = _BEAT_SETS.get(slot)
        if found is None:
            combo = self.tables.by_tiles[high][1]
            above = () if combo.led_only else self.tables.above[high]
            found = _BEAT_SETS[slot] = frozenset(tuple(p) for _, p in above)
        return found

    def lead(self, hands: tuple[Any, ...], leader: int, won: tuple[int, ...]) -> bool:
        """A trick start with a few tiles in every hand."""
        labels, maps = self.labels(hands)
        # trick starts that differ only in interchangeable tiles share their answer
        slot = (_ENDING_TAG, labels, leader, tuple(w > 0 for w in won))
        known: bool | None = self.known.get(slot)
        if known is not None:
            return known
        self.meter.tick()
        hand = hands[leader]
        if len(hand) == 1:
            single = self.early_death
            found = self.last(_ones(hands), won, leader, tuple(hand), leader + 1, 3, single)
        else:
            mine = leader == self.seat
            found = not mine
            for lead in self.leads(hand, maps[leader]):
                rest = list(hands)
                rest[leader] = without(hand, lead)
                if self.follow(rest, won, len(lead), leader, lead, leader + 1, 3, maps) is mine:
                    found = mine
                    break
        self.known[slot] = found
        return found

    def labels(self, hands: tuple[Any, ...]) -> tuple[Any, ...]:
        """The trick start's labels (see :func:`rank_key`) and each seat's tile → label."""
        found = self.maps.get(hands)
        if found is None:
            maps = _label_maps(hands, self.mixed)
            labels = tuple(tuple(sorted(m[t] for t in h)) for m, h in zip(maps, hands, strict=True))
            # a hand whose labels are all different has nothing to merge: no map (faster)
            kept = tuple(
                m if len(set(m.values())) < len(h) else None
                for m, h in zip(maps, hands, strict=True)
            )
            found = self.maps[hands] = (labels, kept)
        return found

    def leads(
        self, hand: tuple[object, ...], labels: dict[Any, int] | None
    ) -> list[tuple[object, ...]]:
        """The distinct leads of ``hand`` (tiles of one label are one lead; ``labels`` None:
        every tile has its own), the most tiles first."""
        by_tiles = self.tables.by_tiles
        picks = [
            pick
            for n in range(len(hand), 0, -1)
            for pick in dict.fromkeys(combinations(hand, n))
            if pick in by_tiles
        ]
        if labels is not None:
            found: dict[tuple[int, ...], tuple[object, ...]] = {}
            for pick in picks:
                found.setdefault(tuple(sorted(labels[t] for t in pick)), pick)
            picks = list(found.values())
        return picks

    def follow(
        self,
        hands: list[Any],
        won: tuple[int, ...],
        size: int,
        high_seat: int,
        high: tuple[object, ...],
        first: int,
        left: int,
        maps: tuple[dict[Any, int] | None, ...],
    ) -> bool:
        """The rest of a trick of ``size`` tiles (not the last trick of single tiles);
        ``maps`` are the trick start's labels (each follower plays once in the trick, so its
        tiles of one label stay interchangeable until the trick ends)."""
        if not left:
            after = list(won)
            after[high_seat] += size
            if not hands[high_seat]:
                return high_seat == self.seat
            return self.lead(tuple(hands), high_seat, tuple(after))
        self.meter.tick()
        first %= SEATS
        hand = hands[first]
        labels = maps[first]
        beats = self.beats(high)
        # every face-up play that beats the high one, then every face-down play (in hand
        # order); plays of tiles of the same labels once
        plays = list(dict.fromkeys(combinations(hand, size)))
        if labels is not None:
            found: dict[tuple[int, ...], tuple[object, ...]] = {}
            for play in plays:
                found.setdefault(tuple(sorted(labels[t] for t in play)), play)
            plays = list(found.values())
        options = [(p, True) for p in plays if p in beats]
        options += [(p, False) for p in plays]
        mine = first == self.seat
        for play, up in options:
            rest = list(hands)
            rest[first] = without(hand, play)
            top, top_seat = (play, first) if up else (high, high_seat)
            if self.follow(rest, won, size, top_seat, top, first + 1, left - 1, maps) is mine:
                return mine
        return not mine

    def last(
        self,
        tiles: tuple[object, ...],
        won: tuple[int, ...],
        high_seat: int,
        high: tuple[object, ...],
        first: int,
        left: int,
        last_single: bool,
    ) -> bool:
        """The rest of the last trick (one tile per hand) from follower ``first`` on."""
        if not left:
            return high_seat == self.seat
        first %= SEATS
        tile = tiles[first]
        after = first + 1
        down = self.last(tiles, won, high_seat, high, after, left - 1, last_single)
        mine = first == self.seat
        if down is mine:
            return mine
        if (last_single and won[first] == 0) or (tile,) not in self.beats(high):
            return down
        return self.last(tiles, won, first, (tile,), after, left - 1, last_single)


def _ones(hands: tuple[Any, ...]) -> tuple[object, ...]:
    return tuple(h[0] for h in hands)


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
