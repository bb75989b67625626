"""The tables Bull Fight's fast path reads, each made once: the moves of a tile or hand, the
pips of each tile, the seat order, the fish found per rest and ends, and what any held tile
can still reach (the counts and the search that decide when the hand is blocked for good).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gupai_learn.engine.moves import Move
from gupai_learn.games.ding_niu.dealing import _DECK, DECK_COUNTS, SEATS, _new
from gupai_learn.games.ding_niu.fish import reachable
from gupai_learn.tiles import Tile, Tiles

#: Each tile of the deck put face down (DN-DISCARD), made once.
_DOWN: dict[Tile, Move] = {t: _new(Move, ("discard", Tiles((t,)), None, None)) for t in DECK_COUNTS}
#: Per hand (a sorted tuple): its first-tile moves, and its face-down moves (at most one entry
#: per sub-hand of the 24-tile deck).
_FIRSTS_OF: dict[tuple[Tile, ...], tuple[Move, ...]] = {}
_DOWNS_OF: dict[tuple[Tile, ...], tuple[Move, ...]] = {}
#: The pips of each tile (DN-SCORE-POINTS).
_PIPS = {t: t[0] + t[1] for t in DECK_COUNTS}
#: The playing order of a hand per leader, the leader first.
_ORDERS = tuple(tuple((leader + i) % SEATS for i in range(SEATS)) for leader in range(SEATS))
#: The seat after each seat.
_AFTER = tuple((s + 1) % SEATS for s in range(SEATS))
#: Fish found by rest key and ends (``rest * 49 + left * 7 + right``), per ``fish_types``.
_FISH_MEMO: dict[str, dict[int, Any]] = {}

_CARRYING: dict[tuple[int, ...], frozenset[Tile]] = {}


def _carrying(numbers: tuple[int, ...]) -> frozenset[Tile]:
    """The deck's non-doubles that carry one of ``numbers`` (made once per numbers)."""
    found = _CARRYING.get(numbers)
    if found is None:
        found = _CARRYING[numbers] = frozenset(
            t for t in DECK_COUNTS if t[0] != t[1] and (t[0] in numbers or t[1] in numbers)
        )
    return found


def _held_counts(hands: Sequence[tuple[Tile, ...]]) -> list[int]:
    """Per number 0-6, how many tiles of ``hands`` carry it (a double counts once)."""
    held = [0] * 7
    for hand in hands:
        for a, b in hand:
            held[a] += 1
            if a != b:
                held[b] += 1
    return held


_FULL_HELD = _held_counts([_DECK])


def _placeable(hands: Sequence[tuple[Tile, ...]], numbers: tuple[int, ...]) -> bool:
    """Whether a held tile carries a number that can be reached from ``numbers`` through the
    held non-doubles (the general test, read by :meth:`Deal._can_ever_place`).

    When no held tile carries one of ``numbers`` the answer is False without looking further:
    the search cannot grow from numbers no tile touches (the ends change only when a tile goes
    down at one of them). The fast paths (:meth:`Deal._placed`, :meth:`Deal._apply_other`,
    :meth:`Deal._end_turn`) read only that from the held counts; a property test shows they end
    the hand exactly where :meth:`Deal._finished` does."""
    reach = reachable(numbers, (t for h in hands for t in h))
    return any(t[0] in reach or t[1] in reach for h in hands for t in h)
