"""A hand as the Tien Gow endgame search (:mod:`.endgame`) sees it: the set's slots ranked into
levels (tiles of one suit and rank), each hand mask's tiles, sets and levels worked out once
(:class:`_Hand`), and the byte layout of the canonical key of a trick start.
"""

from __future__ import annotations

from typing import Any

from gupai_learn import decks
from gupai_learn.games.tien_gow.combos import single_rank
from gupai_learn.games.tien_gow.dealing import SEATS
from gupai_learn.games.tien_gow.masks import UPPER_SLOTS

#: The tile at each slot of the set (display order: civil high to low, then military).
_SET = tuple(decks.chinese())
_CIVIL_SLOTS = sum(1 << s for s, tile in enumerate(_SET) if tile.is_civil)
_RANK = tuple(single_rank(tile) for tile in _SET)
_IS_CIVIL = tuple(tile.is_civil for tile in _SET)
#: Per slot: the bit of the kind's second copy when the slot is a civil kind's first, else 0.
_UP = tuple(1 << (s + 1) if _IS_CIVIL[s] and not s % 2 else 0 for s in range(len(_SET)))
#: Per slot: every slot of its suit whose tile ranks strictly higher (TG-BEAT-STRICT).
_ABOVE = tuple(
    sum(1 << o for o in range(len(_SET)) if _IS_CIVIL[o] == _IS_CIVIL[s] and _RANK[o] > _RANK[s])
    for s in range(len(_SET))
)
#: The rank levels (tiles of one suit and rank), military low to high, then civil low to high.
_LEVELS = sorted({(_IS_CIVIL[s], _RANK[s]) for s in range(len(_SET))})
_MILITARY_LEVELS = sum(1 for civil, _ in _LEVELS if not civil)
_LEVEL_OF = tuple(_LEVELS.index((_IS_CIVIL[s], _RANK[s])) for s in range(len(_SET)))
_LEVEL_MASK = tuple(
    sum(1 << s for s in range(len(_SET)) if _LEVEL_OF[s] == level) for level in range(len(_LEVELS))
)
#: A level's bit in a hand's level mask: military levels first, then one bit that no level
#: uses (runs of tiles stop there), then the civil levels.
_LEVEL_BIT = tuple(1 << (lv + (lv >= _MILITARY_LEVELS)) for lv in range(len(_LEVELS)))
_BETWEEN_SUITS = 1 << _MILITARY_LEVELS
_ALL_LEVELS = (1 << (len(_LEVELS) + 1)) - 1


def _level_slots(bits: int) -> int:
    """The slots of the levels in a level mask."""
    return sum(_LEVEL_MASK[lv] for lv in range(len(_LEVELS)) if bits & _LEVEL_BIT[lv])


#: The slots of military level masks (6 bits) and of civil level masks (11 bits, shifted down).
_MILITARY_SLOTS = tuple(_level_slots(bits) for bits in range(1 << _MILITARY_LEVELS))
_CIVIL_SHIFT = _MILITARY_LEVELS + 1
_CIVIL_LEVEL_SLOTS = tuple(
    _level_slots(bits << _CIVIL_SHIFT) for bits in range(1 << (len(_LEVELS) - _MILITARY_LEVELS))
)

# The canonical key of a trick start is a byte string: per level a marker byte and one byte per
# seat (how many of the level's tiles the seat holds outside any set, and which it holds in a
# set), a separator between the suits, the levels nobody holds taken out.
_FIELD = 1 + SEATS
_FIELDS = len(_LEVELS) + 1
_EMPTY_FIELD = b"\xff" + bytes(SEATS)


def _field(level: int) -> int:
    """The place of a level's field in the key (the separator sits between the suits)."""
    return level + (level >= _MILITARY_LEVELS)


_MARKERS = sum(0xFF << (8 * _FIELD * _field(lv)) for lv in range(len(_LEVELS))) | (
    0xFE << (8 * _FIELD * _MILITARY_LEVELS)
)
_SEAT_BIT = tuple(1 << s for s in range(SEATS))


class _Hand:
    """What the search needs of one hand mask, worked out once: its tiles (first slots, a
    civil pair twice), the tiles in no set (``free``), its sets (most tiles first), its best
    rank of each suit (0: none), its levels, its levels held by one tile in no set
    (``lone``), its share of the canonical key (``code``), and with two tiles the ways to
    play one and keep the other (``splits``)."""

    __slots__ = (
        "civil",
        "code",
        "combo",
        "distinct",
        "free",
        "levels",
        "lone",
        "military",
        "sets",
        "splits",
        "tiles",
    )

    def __init__(self, mask: int, tables: Any) -> None:
        self.tiles = _tiles_of(mask)
        self.distinct = mask & ~UPPER_SLOTS
        in_sets, sets = 0, []
        for slot in dict.fromkeys(self.tiles):
            for need, pieces in tables.anchored.get(_SET[slot], ()):
                if need & mask == need:
                    in_sets |= need
                    sets.append((need, pieces))
        self.free = mask & ~in_sets
        self.combo = bool(in_sets)
        self.sets = sorted(sets, key=lambda entry: -len(entry[1]))
        self.levels, self.lone, self.code = self._levels(mask)
        civil, military = mask & _CIVIL_SLOTS, mask & ~_CIVIL_SLOTS
        self.civil = _RANK[(civil & -civil).bit_length() - 1] if civil else 0
        self.military = _RANK[(military & -military).bit_length() - 1] if military else 0
        self.splits = _splits(self.tiles)

    def _levels(self, mask: int) -> tuple[int, int, int]:
        """The hand's level mask, its lone levels, and its share of the canonical key (for
        seat 0: shift it by 8 bits per seat)."""
        levels = lone = code = 0
        for level, level_mask in enumerate(_LEVEL_MASK):
            held = mask & level_mask
            if not held:
                continue
            levels |= _LEVEL_BIT[level]
            free = held & self.free
            if free == held and not held & (held - 1):
                lone |= _LEVEL_BIT[level]
            in_set = (held & ~free) >> (level_mask & -level_mask).bit_length() - 1
            byte = free.bit_count() | in_set << 2
            code |= byte << 8 * (_FIELD * _field(level) + 1)
        return levels, lone, code


def _splits(tiles: list[int]) -> tuple[tuple[int, int], ...]:
    """For a hand of two tiles, the ways to play one and keep the other (once when they are
    alike); for any other hand, none."""
    if len(tiles) != 2:
        return ()
    one, two = tiles
    return ((one, two), (two, one)) if one != two else ((one, two),)


def _tiles_of(mask: int) -> list[int]:
    """The tiles of a hand mask as first slots (a civil kind held twice appears twice)."""
    tiles = []
    while mask:
        low = mask & -mask
        mask ^= low
        slot = low.bit_length() - 1
        tiles.append(slot - 1 if _IS_CIVIL[slot] and slot % 2 else slot)
    return tiles


def _without_one(mask: int, slot: int) -> int:
    """A hand mask after one tile (its first slot) left it."""
    up = _UP[slot]
    return mask ^ up if mask & up else mask ^ (1 << slot)
