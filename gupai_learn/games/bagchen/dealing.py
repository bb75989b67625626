"""The Bagchen deal before play: the dealt hands checked (BG-SET, BG-DEAL), the chief and
minister kinds a seat needs to keep its hand (BG-REDEAL), the dice (BG-POINT-ROLL) and a
mother looking for her son (BG-SEEK). :class:`~.deal.Deal` calls these; play lives there.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

from gupai_learn import decks
from gupai_learn.engine.deal import BaseDeal
from gupai_learn.games.bagchen.combos import (
    KIND_ORDER,
    MOTHER,
    NO_POINTS,
    SET_COUNTS,
    SON,
    point_kinds,
    rank,
    read_roll,
    tile_name,
)
from gupai_learn.games.bagchen.rules import Rules
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import SetupError

HAND_SIZE = 16
SEATS = 4
TRICKS = 16


@cache
def top_kinds(points: frozenset[Tile]) -> frozenset[Tile]:
    """BG-REDEAL: the chief and minister kinds of each suit: the two highest rank groups that are
    not points (point [1:1]: the sky's are [6:6] and [4:4])."""
    out: set[Tile] = set()
    for suit in (True, False):
        kinds = [t for t in KIND_ORDER if t.is_civil is suit and t not in points]
        ranks = sorted({rank(t) for t in kinds}, reverse=True)[:2]
        out.update(t for t in kinds if rank(t) in ranks)
    return frozenset(out)


def _may_redeal(hand: Sequence[Tile], roll: Tile | None) -> bool:
    top: frozenset[Tile] = _top_for_roll(roll)
    return top.isdisjoint(hand)


@cache
def _top_for_roll(roll: Tile | None) -> frozenset[Tile]:
    return top_kinds(NO_POINTS if roll is None else point_kinds(roll))


def roll_dice(rng: random.Random) -> Tile:
    """Two dice as the tile they name."""
    draw = rng.random
    return Tile(int(draw() * 6) + 1, int(draw() * 6) + 1)


def deal_hands(
    rng: random.Random, rules: Rules, point: object, names: Sequence[str]
) -> tuple[list[list[Tile]], Tile, int, list[str]]:
    """Shuffle and deal the 64 tiles, sixteen to each seat, and roll the point (BG-DEAL,
    BG-POINT-ROLL; a given ``point`` is read instead); with ``rules.redeal`` deal again while
    a seat may ask for it (BG-REDEAL, at most 100 times), then with ``rules.seek`` let mothers
    look for sons (BG-SEEK). Returns the hands, the roll, the number of redeals and what
    happened, in words."""
    deck = decks.chinese_double()
    redeals, log = 0, []
    while True:
        order = list(range(len(deck)))
        decks.shuffle(rng, order)
        hands = [[deck[i] for i in sorted(order[s * 16 : s * 16 + 16])] for s in range(SEATS)]
        roll = read_roll(point) if point is not None else roll_dice(rng)
        asks = [s for s in range(SEATS) if rules.redeal and _may_redeal(hands[s], roll)]
        if not asks or redeals >= 100:
            break
        redeals += 1
        asker = names[asks[0]]
        log.append(f"{asker} holds no chief or minister and asks for a redeal (BG-REDEAL).")
    if rules.seek:
        log += seek(hands, roll, rng, names)
    return hands, roll, redeals, log


def seek(
    hands: list[list[Tile]],
    roll: Tile,
    rng: random.Random,
    names: Sequence[str] = BaseDeal.SEAT_NAMES,
) -> list[str]:
    """BG-SEEK, mother looks for son, done in place on ``hands``; returns what happened.

    A seat holding one mother and no son (or one son and no mother) announces, unless mothers and
    sons are the point; the first seat after it holding a lone partner answers. Both roll two
    dice (ties roll again); the higher sum receives the other's tile, so holds mother-and-son and
    seventeen tiles. The seat left with fifteen rolls for a tile to get back: a roll naming a
    point, a mother, a son or a tile the other does not hold is rolled again; an earth roll may
    be paid with any equal tile (the first in display order). Stakes are returned."""
    log: list[str] = []
    points = point_kinds(roll)
    if MOTHER in points:
        return log
    for seeker in range(SEATS):
        lone = _lone(hands[seeker])
        if lone is None:
            continue
        wanted = SON if lone == MOTHER else MOTHER
        answer = next(
            (
                s
                for s in ((seeker + k) % SEATS for k in range(1, SEATS))
                if _lone(hands[s]) == wanted
            ),
            None,
        )
        if answer is None:
            continue
        winner, loser = _contest(seeker, answer, rng)
        given = wanted if winner == seeker else lone
        hands[loser].remove(given)
        hands[winner].append(given)
        back = _tile_back(hands[winner], points, rng)
        hands[winner].remove(back)
        hands[loser].append(back)
        for h in (hands[winner], hands[loser]):
            h.sort(key=lambda t: KIND_ORDER.index(t))
        log.append(
            f"{names[seeker]}'s {tile_name(lone)} looks for a partner; {names[answer]} answers. "
            f"{names[winner]} wins the dice and takes {given}, giving back {back} (BG-SEEK)."
        )
    return log


def _lone(hand: Sequence[Tile]) -> Tile | None:
    m, s = hand.count(MOTHER), hand.count(SON)
    if m == 1 and s == 0:
        return MOTHER
    if s == 1 and m == 0:
        return SON
    return None


def _contest(a: int, b: int, rng: random.Random) -> tuple[int, int]:
    while True:
        x, y = rng.randint(1, 6) + rng.randint(1, 6), rng.randint(1, 6) + rng.randint(1, 6)
        if x != y:
            return (a, b) if x > y else (b, a)


def _tile_back(hand: Sequence[Tile], points: frozenset[Tile], rng: random.Random) -> Tile:
    while True:
        named = roll_dice(rng)
        kinds = (
            [named]
            if named.is_civil
            else [t for t in KIND_ORDER if t.is_military and t.pips == named.pips]
        )
        if named in (MOTHER, SON) or any(k in points for k in kinds):
            continue
        held = [k for k in kinds if k in hand]
        if held:
            return held[0]


def _check_hands(hands: list[Tiles]) -> None:
    if len(hands) != SEATS:
        raise SetupError(f"Bagchen needs {SEATS} hands, not {len(hands)} (BG-DEAL)")
    sizes = {len(h) for h in hands}
    if len(sizes) != 1 or not 1 <= min(sizes) <= HAND_SIZE:
        raise SetupError(
            f"hands must have the same size, 1 to 16 tiles; got {[len(h) for h in hands]} (BG-DEAL)"
        )
    used = Counter(t for h in hands for t in h)
    for tile, n in used.items():
        if not tile.is_chinese:
            raise SetupError(f"{tile} has a blank end: it is not in the 64-tile set (BG-SET)")
        if n > SET_COUNTS[tile]:
            raise SetupError(
                f"{tile} is dealt {n} times but the 64-tile set has {SET_COUNTS[tile]} (BG-SET)"
            )
