"""The Bull Fight deal before play: the 24-tile deck, six tiles to each of four seats shuffled
and dealt (DN-DEAL), and dealt hands checked against the deck (DN-SET, DN-DEAL).
:class:`~.deal.Deal` deals with these; play lives there.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import starmap
from operator import itemgetter

from gupai_learn import decks
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import SetupError

HAND_SIZE = 6
SEATS = 4
DECK_COUNTS: Counter[Tile] = Counter(decks.ding_niu())
_new = tuple.__new__
#: The deck in hand order (high tiles first), so sorted positions give sorted hands.
_DECK = tuple(sorted(decks.ding_niu(), reverse=True))
_POSITIONS = range(len(_DECK))
#: One empty argument list per tile of the deck (``starmap`` draws a key per tile).
_NO_ARGS = ((),) * len(_DECK)


def _hand(positions: list[int]) -> Tiles:
    """The hand dealt the deck's tiles at ``positions`` (sorted positions: a sorted hand)."""
    return _new(Tiles, itemgetter(*sorted(positions))(_DECK))


def deal_hands(rng: random.Random) -> list[Tiles]:
    """Shuffle the deck with ``rng`` (one draw per tile, in deck order) and deal six tiles to
    each seat, each hand sorted (DN-DEAL)."""
    # starmap: the draws without a loop
    keys = list(starmap(rng.random, _NO_ARGS))
    order = sorted(_POSITIONS, key=keys.__getitem__)
    return [_hand(order[0:6]), _hand(order[6:12]), _hand(order[12:18]), _hand(order[18:24])]


def _check_hands(hands: list[Tiles]) -> None:
    """ValueErrors for hands that cannot be dealt from one 24-tile deck (DN-SET, DN-DEAL)."""
    counts: Counter[Tile] = Counter()
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            raise SetupError(
                f"hand {seat} has {len(hand)} tiles; a hand holds at most {HAND_SIZE} (DN-DEAL)"
            )
        counts.update(hand)
    if not counts:
        raise SetupError("every hand is empty: a hand needs tiles to play (DN-DEAL)")
    for tile, n in sorted(counts.items()):
        if tile not in DECK_COUNTS:
            raise SetupError(f"{tile} is not in the Bull Fight deck of 24 tiles (DN-SET)")
        if n > DECK_COUNTS[tile]:
            raise SetupError(
                f"{tile} is dealt {n} times; the deck has {DECK_COUNTS[tile]} (DN-SET)"
            )
