"""Bagchen hands as 64-bit slot masks (each kind owns as many slots as the set has copies,
filled from the bottom; :func:`~.combos.hand_mask`): the per-kind lanes that count a mask
quickly, and a mask after some tiles left the hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gupai_learn.games.bagchen.combos import BASE, FIELD, KIND_ORDER, SET_COUNTS
from gupai_learn.tiles import Tile

#: Per kind: the tile, its slots' mask and lowest slot, its count in the set, and the mask of
#: ``c`` copies for each count ``c`` (what :func:`counts_mask` makes, one look-up per kind).
KIND_LANES = tuple(
    (
        t,
        FIELD[t],
        BASE[t],
        SET_COUNTS[t],
        [((1 << c) - 1) << BASE[t] for c in range(SET_COUNTS[t] + 1)],
    )
    for t in KIND_ORDER
)


def mask_without(mask: int, pieces: Sequence[Tile]) -> int:
    """A hand mask after removing ``pieces`` (each removal clears its kind's highest slot)."""
    for tile in pieces:
        field = mask & FIELD[tile]
        mask ^= field ^ ((field >> 1) & FIELD[tile])
    return mask


def unseen_mask(held: int, seen: Counter[Tile]) -> int:
    """The slot mask of the tiles a seat has not seen: the set minus its hand mask ``held``
    minus the ``seen`` counts (every tile played face up)."""
    mask = 0
    for tile, field, base, full, lanes in KIND_LANES:  # counts_mask of the unseen counts
        mask |= lanes[full - ((held & field) >> base).bit_count() - seen[tile]]
    return mask
