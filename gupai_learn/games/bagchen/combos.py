"""Bagchen combinations: tile names, ranks, the point tiles, and why a play is or is not a lead.

Rule ids (rules/bagchen.md): BG-SET, BG-RANK, BG-COMBO-SKY, BG-COMBO-EARTH, BG-COMBO-MIXED,
BG-MOTHER-SON, BG-HORSE, BG-POINT-ROLL, BG-POINT-PLAY, BG-POINT-PAY, BG-TRICKS.

The explaining classifier :func:`classify_play` is the single source of truth. The table of every
valid combination of the 64-tile set (:func:`tables`, one per dice roll), used by the fast paths,
is built by running that classifier over every sub-multiset of the set, so the two agree.

Interpretations (the ruling leaves these open):

- several point tiles led together count one chip each; when the mothers and sons are the
  points, each mother-and-son pair inside such a lead counts one more (so [4:2][2:1] is worth
  3, as the ruling says, and [4:2][4:2][2:1][2:1] is worth 6);
- with ``earth_any_mix`` an earth combination of unequal tiles ranks by its lowest tile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from gupai_learn import decks
from gupai_learn.engine.trick import Combination
from gupai_learn.tiles import Tile, Tiles, as_tile, display_key
from gupai_learn.verdict import Reason, SetupError, describe_input

MOTHER, SON = Tile(4, 2), Tile(2, 1)
MARE = (Tile(4, 1), SON)
STALLION = (Tile(4, 3), MOTHER)
HEAVEN, MINISTER_SKY = Tile(6, 6), Tile(1, 1)

#: BG-RANK: sky rank groups, 6 (chief) down to 1 (people); equal numbers are equal tiles.
SKY_RANK: dict[Tile, int] = {
    Tile(6, 6): 6,
    Tile(1, 1): 5,
    Tile(4, 4): 4,
    Tile(3, 1): 3,
    Tile(5, 5): 2,
    Tile(3, 3): 2,
    Tile(2, 2): 2,
    Tile(6, 5): 1,
    Tile(6, 4): 1,
    Tile(6, 1): 1,
    Tile(5, 1): 1,
}
SKY_NAMES = {6: "sky chief", 5: "sky minister", 4: "lama", 3: "bird", 2: "sister", 1: "people"}
SKY_PLURAL = {
    6: "sky chiefs",
    5: "sky ministers",
    4: "lamas",
    3: "birds",
    2: "sisters",
    1: "people",
}
EARTH_NAMES = {9: "earth chief", 8: "earth minister", 7: "seven", 6: "mother", 5: "owl", 3: "son"}
EARTH_PLURAL = {
    9: "earth chiefs",
    8: "earth ministers",
    7: "sevens",
    6: "mothers",
    5: "owls",
    3: "sons",
}
#: The sky head of each mixing family and the earth pip total it mixes with (BG-COMBO-MIXED).
FAMILY = {HEAVEN: 9, MINISTER_SKY: 8}
FAMILY_RANK = {9: 2, 8: 1}
FAMILY_NAME = {9: "chief", 8: "minister"}

KINDS = (
    "sky-single",
    "earth-single",
    "sky-combo",
    "earth-combo",
    "mixed-pair",
    "mixed-triplet-2s1e",
    "mixed-triplet-1s2e",
    "mixed-quartet",
    "mother-son",
    "horse",
    "point",
)
KIND_NAMES = {
    "sky-single": "a sky single",
    "earth-single": "an earth single",
    "sky-combo": "a sky combination",
    "earth-combo": "an earth combination",
    "mixed-pair": "a mixed pair",
    "mixed-triplet-2s1e": "a mixed triplet of two sky + one earth",
    "mixed-triplet-1s2e": "a mixed triplet of one sky + two earth",
    "mixed-quartet": "a mixed quartet",
    "mother-son": "mother-and-son",
    "horse": "a horse",
    "point": "a point lead",
}
MIXED_KINDS = frozenset({"mixed-pair", "mixed-triplet-2s1e", "mixed-triplet-1s2e", "mixed-quartet"})
#: The rule that governs each class (the rule a verdict about it cites).
KIND_RULE = {
    "sky-single": "BG-RANK",
    "earth-single": "BG-RANK",
    "sky-combo": "BG-COMBO-SKY",
    "earth-combo": "BG-COMBO-EARTH",
    "mixed-pair": "BG-COMBO-MIXED",
    "mixed-triplet-2s1e": "BG-COMBO-MIXED",
    "mixed-triplet-1s2e": "BG-COMBO-MIXED",
    "mixed-quartet": "BG-COMBO-MIXED",
    "mother-son": "BG-MOTHER-SON",
    "horse": "BG-HORSE",
    "point": "BG-POINT-PLAY",
}
COUNT_WORDS = {2: "pair of", 3: "three", 4: "four"}
NO_POINTS: frozenset[Tile] = frozenset()


# ----- tiles -----------------------------------------------------------------------------------
def is_sky(tile: Tile) -> bool:
    """Sky = the civil suit (BG-SET)."""
    return tile.is_civil


def rank(tile: Tile) -> int:
    """A tile's rank inside its suit (BG-RANK): sky 6 (chief) to 1 (people), earth its pips."""
    return SKY_RANK[tile] if tile.is_civil else tile.pips


def english(tile: Tile) -> str:
    """The tile's Bagchen name in English: "lama", "earth chief", "owl"..."""
    return SKY_NAMES[SKY_RANK[tile]] if tile.is_civil else EARTH_NAMES[tile.pips]


def tile_name(tile: Tile) -> str:
    """Bagchen name with the Chinese tile name beside it: ``"lama 人 Man"`` (no parentheses:
    verdicts put a combination's name in parentheses themselves)."""
    return f"{english(tile)} {tile.chinese_name} {tile.name}"


def canonical(pieces: Iterable[Tile]) -> Tiles:
    """Tiles in display order: sky high to low, then earth high to low."""
    return Tiles(sorted(pieces, key=display_key))


def shown(pieces: Sequence[Tile]) -> str:
    """Tiles written back to back: ``[6:6][6:3]``."""
    return "".join(str(t) for t in pieces)


# ----- the dice roll and the point tiles (BG-POINT-ROLL) ---------------------------------------
def read_roll(value: Any) -> Tile:
    """The tile a roll of two dice names: ``"[2:2]"``, ``"6-3"``, a Tile or two numbers
    ``(6, 3)``; a ValueError naming BG-POINT-ROLL for anything two dice cannot show."""
    why = "a roll is two dice, each showing 1 to 6, e.g. '6-3' or (6, 3) (BG-POINT-ROLL)"
    try:
        if isinstance(value, (tuple, list)) and len(value) == 2:
            a, b = value
            if type(a) is not int or type(b) is not int or not (1 <= a <= 6 and 1 <= b <= 6):
                raise SetupError(why)
            return Tile(a, b)
        tile = as_tile(value)
    except (ValueError, TypeError) as error:
        raise SetupError(f"point={describe_input(value)}: {why}") from error
    if not tile.is_chinese:
        raise SetupError(f"point={describe_input(value)}: a die never shows a blank; {why}")
    return tile


def point_kinds(roll: Tile) -> frozenset[Tile]:
    """BG-POINT-ROLL: the kinds that are points for this roll. A sky roll: its own kind (four
    identical tiles); 4-2 or 2-1: mothers and sons; another earth roll: every earth tile of
    equal rank (6-3: [6:3] and [5:4]). Always four tiles of the set."""
    if roll.is_civil:
        return frozenset({roll})
    if roll in (MOTHER, SON):
        return frozenset({MOTHER, SON})
    return frozenset(t for t in EARTH_KINDS if t.pips == roll.pips)


def point_value(combo: Combination | None) -> int:
    """BG-POINT-PAY: chips a lead collects from each player without a passport: one per point
    tile, one for mother-and-son, one more for each mother-and-son pair of point tiles."""
    if combo is None:
        return 0
    if combo.kind == "mother-son":
        return 1
    if combo.kind != "point":
        return 0
    pieces = combo.pieces
    return len(pieces) + min(pieces.count(MOTHER), pieces.count(SON))


# ----- classification --------------------------------------------------------------------------
def _combo(
    kind: str, value: int, pieces: Sequence[Tile], name: str, led_only: bool = False
) -> Combination:
    return Combination(kind, value, Tiles(pieces), name, KIND_NAMES[kind], led_only)


def classify_play(
    pieces: Sequence[Tile], points: frozenset[Tile] = NO_POINTS, any_mix: bool = False
) -> tuple[Combination | None, list[Reason]]:
    """The combination ``pieces`` make (canonical order) when ``points`` are the point kinds,
    or every reason they make none."""
    tiles = canonical(pieces)
    n = len(tiles)
    if n == 0:
        return None, [Reason("BG-TRICKS", "A lead needs at least one tile.")]
    if n > 4:
        text = f"A lead has one to four tiles; {n} tiles is never a lead."
        return None, [Reason("BG-TRICKS", text)]
    if not all(t.is_chinese for t in tiles):
        return None, []  # BG-SET reasons are given by the caller
    pointed = [t for t in tiles if t in points]
    if pointed:
        return _points(tiles, pointed)
    if n == 1:
        return _single(tiles[0]), []
    sky = [t for t in tiles if t.is_civil]
    earth = [t for t in tiles if t.is_military]
    if not earth:
        return _sky(tiles)
    if not sky:
        return _earth(tiles, any_mix)
    return _mixed(tiles, sky, earth)


def _points(tiles: Tiles, pointed: list[Tile]) -> tuple[Combination | None, list[Reason]]:
    if len(pointed) < len(tiles):
        others = shown([t for t in tiles if t not in pointed])
        text = (
            f"{shown(sorted(set(pointed), key=display_key))} is a point tile this deal: a point "
            f"is never combined with other tiles, so it cannot go with {others}."
        )
        return None, [Reason("BG-POINT-PLAY", text)]
    n = len(tiles)
    combo = _combo("point", 0, tiles, "point" if n == 1 else f"{n} points", True)
    value = point_value(combo)
    if value > n:
        combo = _combo("point", 0, tiles, f"mother-and-son on the point, {value} points", True)
    return combo, []


def _single(tile: Tile) -> Combination:
    kind = "sky-single" if tile.is_civil else "earth-single"
    return _combo(kind, rank(tile), (tile,), tile_name(tile))


def _sky(tiles: Tiles) -> tuple[Combination | None, list[Reason]]:
    first = tiles[0]
    if any(t != first for t in tiles):
        text = (
            f"{shown(tiles)} are different sky tiles: a sky combination is two to four identical "
            "tiles (equal ranks such as the sisters are not enough)."
        )
        return None, [Reason("BG-COMBO-SKY", text)]
    n, r = len(tiles), SKY_RANK[first]
    name = f"{COUNT_WORDS[n]} {SKY_PLURAL[r]} {first.chinese_name}"
    return _combo("sky-combo", r, tiles, name), []


def _earth(tiles: Tiles, any_mix: bool) -> tuple[Combination | None, list[Reason]]:
    t = tuple(tiles)
    if t == (MOTHER, SON):
        return _combo("mother-son", 1, tiles, "mother-and-son", True), []
    horse = _horse(t)
    if horse is not None:
        return horse, []
    ranks = {x.pips for x in t}
    if len(ranks) == 1:
        r = t[0].pips
        name = f"{COUNT_WORDS[len(t)]} {EARTH_PLURAL[r]} {t[0].chinese_name}"
        return _combo("earth-combo", r, tiles, name), []
    if any_mix:
        low = min(ranks)
        name = f"earth mix of {len(t)}, lowest {EARTH_NAMES[low]}"
        return _combo("earth-combo", low, tiles, name), []
    text = (
        f"{shown(tiles)} mixes earth tiles of different ranks: an earth combination is two to "
        "four tiles of equal rank"
    )
    if MOTHER in t or SON in t:
        text += "; a mother and a son go together only as mother-and-son [4:2][2:1] or in a horse"
    return None, [Reason("BG-COMBO-EARTH", text + ".")]


_HORSES = {
    MARE: ("mare", 1, False),
    STALLION: ("stallion", 2, False),
    tuple(canonical(MARE + MARE)): ("double mare", 1, False),
    tuple(canonical(STALLION + STALLION)): ("double stallion", 2, False),
    tuple(canonical(MARE + STALLION)): ("full horse", 3, True),
}


def _horse(t: tuple[Tile, ...]) -> Combination | None:
    """BG-HORSE: mare, stallion, double mare, double stallion, full horse (its own class)."""
    found = _HORSES.get(t)
    if found is None:
        return None
    name, value, led_only = found
    return _combo("horse", value, t, name, led_only)


def _mixed(
    tiles: Tiles, sky: list[Tile], earth: list[Tile]
) -> tuple[Combination | None, list[Reason]]:
    shapes = {
        (1, 1): "mixed-pair",
        (2, 1): "mixed-triplet-2s1e",
        (1, 2): "mixed-triplet-1s2e",
        (2, 2): "mixed-quartet",
    }
    kind = shapes.get((len(sky), len(earth)))
    errors = []
    if kind is None:
        text = (
            f"{shown(tiles)} is not a mixed shape: a mixed combination is one sky + one earth, "
            "two identical sky + one earth, one sky + two earth, or two identical sky + two earth."
        )
        errors.append(Reason("BG-COMBO-MIXED", text))
    if len(set(sky)) > 1:
        text = (
            f"{shown(sky)} are different sky tiles: a mixed combination's sky tiles are identical."
        )
        errors.append(Reason("BG-COMBO-MIXED", text))
    head = sky[0]
    family = FAMILY.get(head)
    if family is None:
        text = (
            f"{head} ({tile_name(head)}) does not mix with earth tiles: only chiefs and ministers "
            "form mixed combinations."
        )
        errors.append(Reason("BG-COMBO-MIXED", text))
    else:
        for tile in dict.fromkeys(earth):
            if tile.pips != family:
                want = FAMILY_NAME[family]
                text = (
                    f"{head} ({tile_name(head)}) mixes only with earth {want}s "
                    f"(pip total {family}); {tile} is {tile_name(tile)}."
                )
                errors.append(Reason("BG-COMBO-MIXED", text))
    if errors or kind is None or family is None:
        return None, errors
    word = {"mixed-pair": "pair", "mixed-quartet": "quartet"}.get(kind, "triplet")
    name = f"{FAMILY_NAME[family]} {word}"
    return _combo(kind, FAMILY_RANK[family], tiles, name), []


# ----- beating -----------------------------------------------------------------------------
def may_beat(challenger: Combination, high: Combination) -> bool:
    """The beat rule (BG-TRICKS and the class rules): a face-up play of the lead's count beats the
    high play when it is of the same class and ranked strictly higher, and neither of them wins
    only when led (mother-and-son, a full horse, a point tile). The deal's fast path, its
    listing of the beating plays and :func:`beat_errors` all ask it."""
    return (
        challenger.kind == high.kind
        and challenger.rank > high.rank
        and not high.led_only
        and not challenger.led_only
    )


def beat_errors(challenger: Combination, high: Combination, high_text: str) -> list[Reason]:
    """Why ``challenger`` (face up, same count) does not beat ``high`` (:func:`may_beat`), in
    the learner's words; empty if it does."""
    if may_beat(challenger, high):
        return []
    mine = f"{shown(challenger.pieces)} ({challenger.name})"
    if challenger.kind == "point":
        return [Reason("BG-POINT-PLAY", f"{mine}: a point tile never beats anything.")]
    if high.kind == "point":
        return [Reason("BG-POINT-PLAY", f"Nothing beats a point: {high_text} wins its trick.")]
    if challenger.kind == "mother-son":
        return [Reason("BG-MOTHER-SON", "Mother-and-son wins only when led; it never beats.")]
    if high.kind == "mother-son":
        return [Reason("BG-MOTHER-SON", "Nothing beats mother-and-son when it is led.")]
    if challenger.led_only or high.led_only:
        return [Reason("BG-HORSE", "A full horse is never beaten and beats nothing.")]
    if challenger.kind != high.kind:
        rule = KIND_RULE[high.kind]
        if "horse" in (challenger.kind, high.kind):
            rule = "BG-HORSE"
        text = (
            f"{mine} is {challenger.kind_name}; {high_text} is {high.kind_name}, and each class "
            "is beaten only by its own class."
        )
        return [Reason(rule, text)]
    rule = KIND_RULE[high.kind] if high.kind in MIXED_KINDS or high.kind == "horse" else "BG-RANK"
    if challenger.rank == high.rank:
        text = f"{mine} ranks equal to {high_text}: equal tiles never beat each other."
        return [Reason("BG-RANK", text)]
    return [Reason(rule, f"{mine} ranks below {high_text}; only a strictly higher play beats.")]


def beat_note(challenger: Combination, high: Combination, high_text: str) -> Reason:
    """The explanation of a successful beat."""
    rule = KIND_RULE[high.kind]
    text = (
        f"{shown(challenger.pieces)} ({challenger.name}) ranks strictly above {high_text}, "
        f"in the same class ({high.kind_name})."
    )
    return Reason("BG-RANK" if rule == "BG-RANK" else rule, text)


# ----- the set and the tables --------------------------------------------------------------------
DECK = decks.chinese_double()
SET_COUNTS: Counter[Tile] = Counter(DECK)
KIND_ORDER: tuple[Tile, ...] = tuple(sorted(SET_COUNTS, key=display_key))
EARTH_KINDS: tuple[Tile, ...] = tuple(t for t in KIND_ORDER if t.is_military)
SKY_KINDS: tuple[Tile, ...] = tuple(t for t in KIND_ORDER if t.is_civil)


def _slot_bases() -> dict[Tile, int]:
    bases: dict[Tile, int] = {}
    for i, tile in enumerate(DECK):
        bases.setdefault(tile, i)
    return bases


#: First slot of each kind in the 64-slot hand mask; its copies fill the next slots in turn.
BASE = _slot_bases()
#: The mask of each kind's slots.
FIELD = {t: ((1 << SET_COUNTS[t]) - 1) << BASE[t] for t in BASE}


def counts_mask(counts: Counter[Tile] | dict[Tile, int]) -> int:
    """Slot mask of a multiset: ``c`` copies of a kind fill its ``c`` lowest slots; 0 if a kind
    is named more often than the set has it (never a mask a hand can hold)."""
    mask = 0
    for tile, c in counts.items():
        if c <= 0:
            continue
        have = SET_COUNTS.get(tile, 0)
        if c > have:
            return 0
        mask |= ((1 << c) - 1) << BASE[tile]
    return mask


def hand_mask(pieces: Iterable[Tile]) -> int:
    """Slot mask of tiles held (or needed); 0 if a kind is named more often than the set has
    it, or a tile is not in the set."""
    mask = 0
    base_of, field_of = BASE, FIELD
    for tile in pieces:
        base = base_of.get(tile)
        if base is None:
            return 0
        field = field_of[tile]
        held = mask & field
        bit = (held << 1 | 1 << base) & ~held & field if held else 1 << base
        if not bit:
            return 0
        mask |= bit
    return mask


def mask_counts(mask: int) -> dict[Tile, int]:
    """Copies held per kind in a slot mask."""
    out = {}
    for tile in KIND_ORDER:
        c = ((mask & FIELD[tile]) >> BASE[tile]).bit_count()
        if c:
            out[tile] = c
    return out


Entry = tuple[int, Combination]


def _multisets(kinds: Sequence[Tile], sizes: Iterable[int]) -> Iterable[tuple[Tile, ...]]:
    for n in sizes:
        for pick in combinations_with_replacement(kinds, n):
            if all(pick.count(t) <= SET_COUNTS[t] for t in set(pick)):
                yield pick


@cache
def base_combos(any_mix: bool) -> tuple[Combination, ...]:
    """Every valid lead of the 64-tile set when no tile is a point."""
    found = []
    for pick in _multisets(KIND_ORDER, range(1, 5)):
        combo, _ = classify_play(pick, NO_POINTS, any_mix)
        if combo is not None:
            found.append(combo)
    return tuple(found)


class Tables:
    """Every valid lead for one set of point kinds, with the slot mask it needs, indexed for the
    fast paths: by tiles, by first tile (leads), and per combination the plays that beat it."""

    def __init__(self, points: frozenset[Tile], any_mix: bool) -> None:
        combos = [c for c in base_combos(any_mix) if not points.intersection(c.pieces)]
        for pick in _multisets(sorted(points, key=display_key), range(1, 5)):
            combo, _ = classify_play(pick, points, any_mix)
            assert combo is not None
            combos.append(combo)
        self.points = points
        entries = [(hand_mask(c.pieces), c) for c in combos]
        self.by_tiles: dict[tuple[Tile, ...], Entry] = {c.pieces: (m, c) for m, c in entries}
        self.anchored: dict[Tile, list[tuple[int, Tiles]]] = {}
        for m, c in entries:
            self.anchored.setdefault(c.pieces[0], []).append((m, c.pieces))  # type: ignore[arg-type]
        groups: dict[tuple[str, int], list[Entry]] = {}
        for m, c in sorted(entries, key=lambda e: -e[1].rank):
            if not c.led_only:
                groups.setdefault((c.kind, len(c.pieces)), []).append((m, c))
        self.above: dict[tuple[Tile, ...], list[tuple[int, Tiles]]] = {}
        for _, c in entries:
            if c.led_only:
                self.above[c.pieces] = []
                continue
            same = groups[(c.kind, len(c.pieces))]
            self.above[c.pieces] = [(m, b.pieces) for m, b in same if may_beat(b, c)]  # type: ignore[misc]
        #: face-up singles by suit that beat a charity lead (point tiles never beat)
        self.suit_singles: dict[str, list[tuple[int, Tiles]]] = {"sky": [], "earth": [], "any": []}
        for tile in KIND_ORDER:
            if tile in points:
                continue
            entry = (1 << BASE[tile], Tiles((tile,)))
            self.suit_singles["sky" if tile.is_civil else "earth"].append(entry)
            self.suit_singles["any"].append(entry)


@cache
def tables(points: frozenset[Tile], any_mix: bool) -> Tables:
    """The :class:`Tables` of a roll's point kinds (cached: 21 rolls at most)."""
    return Tables(points, any_mix)
