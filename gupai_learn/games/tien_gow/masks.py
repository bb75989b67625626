"""Tien Gow's hands as bit masks, for speed: the 32 tile slots (a civil kind has two slots, a
military tile one), a hand's mask, and every valid combination with the mask of the slots it
needs (:class:`_Tables`), so listing legal plays is a handful of integer ANDs. The deal
(:mod:`.deal`) keeps its hands in both forms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import itemgetter

from gupai_learn import decks
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.combos import ALL_COMBOS, KINDS, PerSetting, may_beat
from gupai_learn.tiles import Tile, Tiles


def _slot_bases() -> dict[Tile, int]:
    bases: dict[Tile, int] = {}
    for i, tile in enumerate(decks.chinese()):
        bases.setdefault(tile, i)
    return bases


SLOT = _slot_bases()
SET_COUNTS = Counter(decks.chinese())


#: Slot bit of each tile's first copy, and of its second copy (0 for military tiles).
BIT = {tile: 1 << slot for tile, slot in SLOT.items()}
UPPER = {tile: (bit << 1 if tile.is_civil else 0) for tile, bit in BIT.items()}


def _without(mask: int, pieces: Sequence[Tile]) -> int:
    """A hand mask after removing ``pieces`` (a second copy lives in the upper slot)."""
    for tile in pieces:
        upper = UPPER[tile]
        mask ^= upper if mask & upper else BIT[tile]
    return mask


#: The upper slot of every civil kind (a civil kind fills slots 2k and 2k+1 of the set).
UPPER_SLOTS = sum(UPPER.values())


def _positions_mask(positions: Sequence[int]) -> int:
    """:func:`hand_mask` of the tiles at these positions of the set: a lone second copy of a
    civil kind moves down to its kind's first slot."""
    return _slots_mask(sum(map(_POSITION_BIT.__getitem__, positions)))


def _slots_mask(mask: int) -> int:
    """The mask of the set's positions ``mask`` as a hand mask (a lone second copy of a civil
    kind moves down to its kind's first slot)."""
    lone = mask & UPPER_SLOTS & ~(mask << 1)
    return mask ^ (lone | lone >> 1)


#: The bit of each position of the set.
_POSITION_BIT = tuple(1 << p for p in range(len(decks.chinese())))


def _dealt(deck: Tiles, positions: list[int]) -> tuple[Tiles, int]:
    """The hand of the tiles at ``positions`` of the set (sorted positions: a hand in display
    order) and its hand mask, read with one getter."""
    get = itemgetter(*sorted(positions))
    return tuple.__new__(Tiles, get(deck)), _slots_mask(sum(get(_POSITION_BIT)))


def hand_mask(hand: Sequence[Tile]) -> int:
    """Bit mask of a hand: identical civil tiles fill their kind's two slots in turn."""
    mask = 0
    for tile in hand:
        bit = 1 << SLOT[tile]
        mask |= bit << 1 if mask & bit else bit
    return mask


Entry = tuple[int, Combination]


class _Tables:
    """Every valid combination with the slot mask it needs, indexed three ways."""

    def __init__(self, mixed_sets: bool) -> None:
        entries = [(hand_mask(c.pieces), c) for c in ALL_COMBOS[mixed_sets].values()]
        #: by kind, high to low (for followers)
        self.by_kind: dict[str, list[Entry]] = {k: [] for k in KINDS}
        for entry in sorted(entries, key=lambda e: -e[1].rank):
            self.by_kind[entry[1].kind].append(entry)
        #: by canonical tiles (to recognise a play)
        self.by_tiles: dict[tuple[Tile, ...], Entry] = {
            Tiles(c.pieces): (need, c) for need, c in entries
        }
        #: multi-tile combinations by their first tile (to list leads)
        self.anchored: dict[Tile, list[tuple[int, Tiles]]] = {}
        for need, c in entries:
            if len(c.pieces) > 1:
                self.anchored.setdefault(c.pieces[0], []).append((need, Tiles(c.pieces)))
        self.singles = {t: Tiles((t,)) for t in SLOT}
        #: per combination (by its tiles): every slot some combination in ``above`` needs, and
        #: ``above`` itself (a hand holding none of those slots has no face-up answer)
        self.beats_of: dict[tuple[Tile, ...], tuple[int, list[tuple[int, Tiles]]]] = {}
        #: per tile: its single, and the multi-tile combinations anchored on it (to list leads
        #: with one look-up per tile)
        self.leads_of: dict[Tile, tuple[Tiles, tuple[tuple[int, Tiles], ...]]] = {
            t: (self.singles[t], tuple(self.anchored.get(t, ()))) for t in SLOT
        }
        #: per combination (by its tiles): the slot masks and tiles of every combination of
        #: its class that beats it, high to low (for followers)
        self.above: dict[tuple[Tile, ...], list[tuple[int, Tiles]]] = {
            Tiles(c.pieces): [
                (need, Tiles(b.pieces)) for need, b in self.by_kind[c.kind] if may_beat(b, c)
            ]
            for _, c in entries
        }
        for pieces, above in self.above.items():
            union = 0
            for need, _ in above:
                union |= need
            self.beats_of[pieces] = (union, above)


_TABLES = PerSetting(_Tables)  # each built on first use


def _need_mask(pieces: Sequence[Tile]) -> int:
    """The slot mask a hand needs to hold ``pieces``; 0 when no hand can (a military tile named
    twice, a civil kind three times, a tile outside the set)."""
    mask = 0
    for tile in pieces:
        bit = BIT.get(tile)
        if bit is None:
            return 0
        if mask & bit:
            upper = UPPER[tile]
            if not upper or mask & upper:
                return 0
            bit = upper
        mask |= bit
    return mask
