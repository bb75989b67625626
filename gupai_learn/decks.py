"""The decks of the five games, as :class:`~gupai_learn.tiles.Tiles` in a fixed order.

- :func:`chinese`: the 32-tile Chinese set (TG-SET): 11 civil kinds twice, 10 military once.
- :func:`chinese_double`: two Chinese sets, 64 tiles (Bagchen, BG-SET).
- :func:`double_six`: the Western double-six set, 28 tiles with blanks (Bergen, BE-SET).
- :func:`ding_niu`: the Chinese set without eight military tiles, 24 tiles (Bull Fight, DN-SET).
- :func:`decktet`: the 36 Decktet cards of Tet-Gow (TT-DECK), or 24 for three players (TT-THREE).

The order is the traditional one (civil high to low, then military), so a printed deck reads
like a ranking table.

:func:`shuffle` and :func:`randrange` are ``rng.shuffle`` and ``rng.randrange`` made without
their per-draw Python calls: the same draws, so a seed deals the same hands as before
(checked against the random module when this module loads, and by the tests).
"""

from __future__ import annotations

import random
from functools import cache
from typing import TypeVar

from gupai_learn.cards import ALL_CARDS, Cards
from gupai_learn.tiles import CIVIL_TILES, MILITARY_TILES, Tile, Tiles, display_key
from gupai_learn.verdict import SetupError, describe_input

#: The type of the items a shuffle reorders.
T = TypeVar("T")

#: The eight military tiles that the Bull Fight deck leaves out (DN-SET).
DING_NIU_REMOVED = tuple(
    Tile(a, b) for a, b in ((2, 1), (4, 1), (3, 2), (4, 2), (5, 2), (4, 3), (5, 3), (5, 4))
)


@cache
def chinese() -> Tiles:
    """The 32 tiles of one Chinese set, civil pairs first (high to low), then military."""
    civil = [Tile(*ends) for ends, _, _ in CIVIL_TILES for _ in range(2)]
    military = [Tile(*ends) for ends, _, _ in MILITARY_TILES]
    return Tiles(civil + military)


@cache
def chinese_double() -> Tiles:
    """Two Chinese sets (64 tiles): each civil kind 4 times, each military tile twice."""
    one = chinese()
    return Tiles(sorted(one + one, key=display_key))


@cache
def double_six() -> Tiles:
    """The 28 Western tiles [0:0] to [6:6], in order [0:0], [1:0], [1:1], ..."""
    return Tiles(Tile(h, low) for h in range(7) for low in range(h + 1))


@cache
def ding_niu() -> Tiles:
    """The 24-tile Bull Fight deck: the Chinese set without eight military tiles."""
    return Tiles(t for t in chinese() if t not in DING_NIU_REMOVED)


@cache
def decktet(players: int = 4) -> Cards:
    """The Tet-Gow deck in deck order (Aces, 2 to 9, Crowns): 36 Decktet cards without Pawns,
    Courts and the Excuse (TT-DECK); with ``players=3`` the 12 cards of the Set of the Cycle
    are taken out too, leaving 24 (TT-THREE)."""
    if players == 4:
        return Cards(ALL_CARDS)
    if players == 3:
        return Cards(c for c in ALL_CARDS if not _is_cycle(c))
    raise SetupError(
        f"players={describe_input(players)}: Tet-Gow is played by 4 or 3 (TT-DEAL, TT-THREE)"
    )


def _is_cycle(card: object) -> bool:
    """True for a two-suit card whose suits are neighbours in the suit order (TT-SET)."""
    from gupai_learn.cards import SUITS

    suits: tuple[str, ...] = getattr(card, "suits", ())
    if len(suits) != 2:
        return False
    a, b = SUITS.index(suits[0]), SUITS.index(suits[1])
    return b - a == 1 or (a, b) == (0, len(SUITS) - 1)


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws from
    ``rng``, the same order), without a Python call per draw: every ``Deal.random`` shuffles,
    and a 64-tile deck would pay 63 calls. A subclass of Random (or a Python whose shuffle
    draws differently) gets ``rng.shuffle`` itself."""
    if type(rng) is not random.Random or not _EXACT:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, n, k in _STEPS.get(len(items)) or _steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: Per list size, the steps of :func:`shuffle`: the place filled, the count ``n`` it draws
#: below and the bits ``n.bit_length()`` each draw reads (made once per size).
_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The steps of :func:`shuffle` for a list of ``size`` items, from the last place down."""
    made = tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    if len(_STEPS) < 1000:
        _STEPS[size] = made
    return made


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for a whole number ``n > 0`` (the same draw), without its Python
    calls; other generators and versions get ``rng.randrange`` itself."""
    if type(rng) is not random.Random or not _EXACT:
        return rng.randrange(n)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j


_EXACT = False


def _exact() -> bool:
    """Whether :func:`shuffle` and :func:`randrange` draw as this Python's random module does
    (its ``_randbelow`` reads ``n.bit_length()`` random bits and retries above ``n``)."""
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(70)), list(range(70))
        shuffle(mine, a)
        theirs.shuffle(b)
        if a != b or [randrange(mine, n) for n in (1, 3, 4, 17)] != [
            theirs.randrange(n) for n in (1, 3, 4, 17)
        ]:
            return False
    return True


_EXACT = True
_EXACT = _exact()
