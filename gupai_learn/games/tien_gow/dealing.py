"""The Tien Gow deal before play: the 32 tiles shuffled and dealt, eight to each of four seats
(TG-DEAL), and the hands and other arguments of a deal set up by hand checked (TG-SET,
TG-DEAL). :class:`~.deal.Deal` calls these; play lives there.
"""

from __future__ import annotations

import random

from gupai_learn import decks
from gupai_learn.engine.deal import check_count, check_seat
from gupai_learn.engine.moves import quote
from gupai_learn.games.tien_gow.masks import SET_COUNTS, _dealt
from gupai_learn.games.tien_gow.rules import Rules
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import SetupError

HAND_SIZE = 8


SEATS = 4


def deal_hands(rng: random.Random) -> list[tuple[Tiles, int]]:
    """Shuffle the set with ``rng`` and deal eight tiles to each seat: per seat its hand (in
    display order) and its hand mask."""
    # Shuffling positions in the set gives the same permutation as shuffling the tiles, and
    # the set is in display order, so sorted positions are sorted hands; no checks needed.
    deck = decks.chinese()
    order = list(range(len(deck)))
    decks.shuffle(rng, order)
    return [_dealt(deck, order[i : i + HAND_SIZE]) for i in range(0, len(deck), HAND_SIZE)]


def _check_hands(hands: list[Tiles]) -> None:
    if len(hands) != SEATS:
        raise SetupError(f"Tien Gow needs {SEATS} hands, not {len(hands)} (TG-DEAL)")
    sizes = {len(h) for h in hands}
    if len(sizes) != 1 or not 1 <= min(sizes) <= HAND_SIZE:
        raise SetupError(
            f"hands must have the same size, 1 to 8 tiles; got {[len(h) for h in hands]} (TG-DEAL)"
        )
    used: dict[Tile, int] = {}
    for hand in hands:
        for tile in hand:
            used[tile] = used.get(tile, 0) + 1
    for tile, n in used.items():
        have = SET_COUNTS.get(tile, 0)
        if n > have:
            raise SetupError(f"{tile} is dealt {n} times but the 32-tile set has {have} (TG-SET)")


def _check_state(
    rules: object, leader: object, banker: object, streak: object, first_lead_unbeatable: object
) -> None:
    """The deal's other arguments, each a ValueError naming it when wrong."""
    if rules is not None and not isinstance(rules, Rules):
        raise SetupError(f"rules={quote(rules)}: give a tien_gow.Rules(...) or None")
    check_seat("leader", leader, SEATS, "TG-DEAL")
    check_seat("banker", banker, SEATS, "TG-DEAL")
    check_count("banker_streak", streak, "TG-STREAK")
    if first_lead_unbeatable is not None and type(first_lead_unbeatable) is not bool:
        raise SetupError(
            f"first_lead_unbeatable={quote(first_lead_unbeatable)}: give True, False or None "
            "(TG-PAY-ALL-EXCEPTION)"
        )
