"""Tien Gow combinations: the lead classes, their ranks, and why a play is or is not one.

Rule ids (rules/tien_gow.md): TG-LEAD-CLASS (what may be led; the ruling's TG-LEAD-* group),
TG-LEAD-FAMILY (Heaven↔9s, Earth↔8s, Man↔7s, Goose↔5s), TG-SUPREME, TG-BEAT-STRICT,
TG-BEAT-TIE, TG-SET.

The explaining classifier :func:`classify_play` is the single source of truth. The table of every
valid combination in the 32-tile set (:data:`ALL_COMBOS`), used by the fast paths, is built by
running that classifier over every sub-multiset of the set, so the two cannot disagree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from itertools import combinations_with_replacement
from typing import TypeVar

from gupai_learn import decks
from gupai_learn.engine.trick import Combination
from gupai_learn.tiles import CIVIL_TILES, Tile, Tiles, display_key
from gupai_learn.verdict import Reason

V = TypeVar("V")

KINDS = (
    "single-civil",
    "single-military",
    "civil-pair",
    "military-pair",
    "mixed-pair",
    "triplet-2c1m",
    "triplet-1c2m",
    "quartet",
    "supreme",
)
KIND_NAMES = {
    "single-civil": "a civil single",
    "single-military": "a military single",
    "civil-pair": "a civil pair",
    "military-pair": "a military pair",
    "mixed-pair": "a mixed pair",
    "triplet-2c1m": "a triplet of two civil + one military",
    "triplet-1c2m": "a triplet of one civil + two military",
    "quartet": "a quartet",
    "supreme": "the Supreme pair (至尊)",
}
MIXED_KINDS = frozenset({"mixed-pair", "triplet-2c1m", "triplet-1c2m", "quartet"})

#: Civil rank: Heaven 11 down to Big-head six 1.
CIVIL_RANK = {Tile(*ends): 11 - i for i, (ends, _, _) in enumerate(CIVIL_TILES)}
#: Family heads and the military pip total each mixes with (TG-LEAD-FAMILY).
FAMILY = {Tile(6, 6): 9, Tile(1, 1): 8, Tile(4, 4): 7, Tile(3, 1): 5}
FAMILY_RANK = {9: 4, 8: 3, 7: 2, 5: 1}
FAMILY_NAME = {9: "Heaven", 8: "Earth", 7: "Man", 5: "Goose"}
NUMBER_NAME = {9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 3: "three"}


def a_number(pips: int) -> str:
    """ "a nine", "an eight"."""
    word = NUMBER_NAME.get(pips, str(pips))
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


SUPREME = Tiles((Tile(4, 2), Tile(2, 1)))
BIG_SIX, LITTLE_THREE = Tile(4, 2), Tile(2, 1)
RULE_CLASS = "TG-LEAD-CLASS"


def single_rank(tile: Tile) -> int:
    """A tile's rank inside its suit: civil 11..1, military its pip total."""
    return CIVIL_RANK[tile] if tile.is_civil else tile.pips


def canonical(pieces: tuple[Tile, ...]) -> Tiles:
    """Tiles in display order: civil high to low, then military high to low."""
    return Tiles(sorted(pieces, key=display_key))


def shown(pieces: tuple[Tile, ...]) -> str:
    """Tiles written back to back: ``[6:6][6:3]``."""
    return "".join(str(t) for t in pieces)


def _combo(kind: str, rank: int, pieces: tuple[Tile, ...], name: str) -> Combination:
    # TG-SUPREME: the Supreme pair wins when led and never beats as a follow
    return Combination(kind, rank, Tiles(pieces), name, KIND_NAMES[kind], kind == "supreme")


def classify_play(
    pieces: tuple[Tile, ...], mixed_sets: bool = True
) -> tuple[Combination | None, list[Reason]]:
    """The combination ``pieces`` make (canonical order), or every reason they make none."""
    tiles = canonical(pieces)
    n = len(tiles)
    if n == 0:
        return None, [Reason(RULE_CLASS, "A lead needs at least one tile.")]
    if n > 4:
        return None, [Reason(RULE_CLASS, f"A lead has one to four tiles; {n} tiles is never one.")]
    if not all(t.is_chinese for t in tiles):
        return None, []  # TG-SET reasons are given by the deal
    civil = [t for t in tiles if t.is_civil]
    military = [t for t in tiles if t.is_military]
    if n == 1:
        return _single(tiles[0]), []
    if n == 2:
        return _pair(tiles, civil, military, mixed_sets)
    return _set_of_three_or_four(tiles, civil, military, mixed_sets)


def _single(tile: Tile) -> Combination:
    kind = "single-civil" if tile.is_civil else "single-military"
    name = f"{tile.name} {tile.chinese_name}"
    return _combo(kind, single_rank(tile), (tile,), name)


def _pair(
    tiles: Tiles, civil: list[Tile], military: list[Tile], mixed_sets: bool
) -> tuple[Combination | None, list[Reason]]:
    if tuple(tiles) == tuple(SUPREME):
        return _combo("supreme", 1, tiles, "Supreme pair"), []
    if len(civil) == 2:
        if civil[0] == civil[1]:
            return _combo("civil-pair", CIVIL_RANK[civil[0]], tiles, f"{civil[0].name} pair"), []
        text = f"{shown(tiles)} is two different civil tiles: a civil pair is two identical tiles."
        return None, [Reason(RULE_CLASS, text)]
    if len(military) == 2:
        return _military_pair(tiles)
    return _mixed(tiles, civil, military, mixed_sets, "mixed-pair")


def _military_pair(tiles: Tiles) -> tuple[Combination | None, list[Reason]]:
    a, b = tiles
    if BIG_SIX in tiles or LITTLE_THREE in tiles:
        odd = BIG_SIX if BIG_SIX in tiles else LITTLE_THREE
        partner = LITTLE_THREE if odd is BIG_SIX else BIG_SIX
        text = f"{odd} pairs only with {partner}, as the Supreme pair."
        return None, [Reason(RULE_CLASS, text)]
    if a.pips != b.pips:
        text = (
            f"{shown(tiles)} mixes {a_number(a.pips)} and {a_number(b.pips)}: "
            "a military pair is two tiles of the same rank."
        )
        return None, [Reason(RULE_CLASS, text)]
    name = f"pair of {NUMBER_NAME[a.pips]}s"
    return _combo("military-pair", a.pips, tiles, name), []


def _family_errors(civil: list[Tile], military: list[Tile]) -> list[Reason]:
    """TG-LEAD-FAMILY: every civil tile is one family head and every military tile its kin."""
    errors = []
    heads = sorted(set(civil), key=display_key)
    for head in heads:
        if head not in FAMILY:
            errors.append(
                Reason(
                    "TG-LEAD-FAMILY",
                    f"{head} ({head.name}) has no military family: only Heaven, Earth, Man and "
                    "Goose combine with military tiles.",
                )
            )
    head = heads[0]
    family = FAMILY.get(head)
    if family is not None:
        for tile in military:
            if tile.pips != family:
                errors.append(
                    Reason(
                        "TG-LEAD-FAMILY",
                        f"{head} ({head.name}) goes with the {NUMBER_NAME[family]}s; "
                        f"{tile} is {a_number(tile.pips)}.",
                    )
                )
    return errors


def _mixed(
    tiles: Tiles, civil: list[Tile], military: list[Tile], mixed_sets: bool, kind: str
) -> tuple[Combination | None, list[Reason]]:
    errors = []
    if not mixed_sets:
        errors.append(
            Reason(
                RULE_CLASS,
                f"{shown(tiles)} would be {KIND_NAMES[kind]}, but this game is played without "
                "mixed sets: only singles, civil pairs, military pairs and the Supreme pair may "
                "be led.",
            )
        )
    errors += _family_errors(civil, military)
    if errors:
        return None, errors
    family = FAMILY[civil[0]]
    name = _mixed_name(kind, family)
    return _combo(kind, FAMILY_RANK[family], tiles, name), []


def _mixed_name(kind: str, family: int) -> str:
    head = FAMILY_NAME[family]
    if kind == "mixed-pair":
        return f"{head}-{NUMBER_NAME[family]}"
    if kind == "quartet":
        return f"{head} quartet"
    return f"{head} triplet"


def _set_of_three_or_four(
    tiles: Tiles, civil: list[Tile], military: list[Tile], mixed_sets: bool
) -> tuple[Combination | None, list[Reason]]:
    n = len(tiles)
    shapes = {(2, 1): "triplet-2c1m", (1, 2): "triplet-1c2m", (2, 2): "quartet"}
    kind = shapes.get((len(civil), len(military)))
    if kind is None:
        if n == 3:
            text = (
                f"{shown(tiles)} is not a triplet: a triplet is two identical civil tiles with one "
                "military tile of their family, or one civil tile with both military tiles of it."
            )
        else:
            text = (
                f"{shown(tiles)} is not a quartet: the only four-tile lead is a civil pair with "
                "the military pair of the same family."
            )
        return None, [Reason(RULE_CLASS, text)]
    errors = []
    if len(civil) == 2 and civil[0] != civil[1]:
        errors.append(
            Reason(
                RULE_CLASS,
                f"{shown(tuple(civil))} are two different civil tiles: a set needs two identical "
                "ones.",
            )
        )
    if len(military) == 2 and military[0] == military[1]:
        errors.append(Reason(RULE_CLASS, f"{military[0]} cannot be used twice."))
    combo, family_errors = _mixed(tiles, civil, military, mixed_sets, kind)
    errors += family_errors
    return (None, errors) if errors else (combo, [])


def may_beat(challenger: Combination, high: Combination) -> bool:
    """The beat rule (TG-BEAT-STRICT, TG-BEAT-TIE, TG-SUPREME): a face-up play of the lead's
    count beats the high play when it is of the same class and ranked strictly higher, and the
    high play is not the Supreme pair led. The deal's fast path, its listing of the beating
    plays and :func:`beat_errors` all ask it."""
    return challenger.kind == high.kind and challenger.rank > high.rank and not high.led_only


def beat_errors(challenger: Combination, high: Combination, high_text: str) -> list[Reason]:
    """Why ``challenger`` (face up, same count) does not beat ``high`` (:func:`may_beat`), in
    the learner's words; empty if it does."""
    if may_beat(challenger, high):
        return []
    mine = f"{shown(challenger.pieces)} ({challenger.name})"
    if challenger.led_only:
        return [
            Reason(
                "TG-SUPREME",
                "The Supreme pair beats nothing when it follows: it wins only when led.",
            )
        ]
    if high.led_only:
        return [Reason("TG-SUPREME", "Nothing beats the Supreme pair when it is led.")]
    if challenger.kind != high.kind:
        if challenger.kind.startswith("triplet") and high.kind.startswith("triplet"):
            text = (
                f"{mine} is {challenger.kind_name} and {high_text} is {high.kind_name}: "
                "a different make-up never beats."
            )
        else:
            text = (
                f"{mine} is {challenger.kind_name}; the lead is {high.kind_name}, and only "
                f"{_short(high.kind_name)} can beat it."
            )
        return [Reason("TG-BEAT-STRICT", text)]
    if challenger.rank == high.rank:
        return [
            Reason(
                "TG-BEAT-TIE",
                f"{mine} is equal to {high_text}: equal never beats, the earlier play stands.",
            )
        ]
    if challenger.rank < high.rank:
        return [
            Reason(
                "TG-BEAT-STRICT",
                f"{mine} ranks below {high_text}; only a strictly higher play can go face up.",
            )
        ]
    return []


def _short(kind_name: str) -> str:
    return kind_name.split(" (")[0]


def beat_note(challenger: Combination, high: Combination, high_text: str) -> Reason:
    """The explanation of a successful beat: "[4:4][5:2] (Man-seven) ranks above ..."."""
    return Reason(
        "TG-BEAT-STRICT",
        f"{shown(challenger.pieces)} ({challenger.name}) ranks above {high_text}, "
        f"both {_short(high.kind_name).removeprefix('a ')}s.",
    )


def _all_combos(mixed_sets: bool) -> dict[Tiles, Combination]:
    """Every valid combination of the 32-tile set, keyed by its canonical tiles."""
    counts = Counter(decks.chinese())
    kinds = sorted(counts, key=display_key)
    table: dict[Tiles, Combination] = {}
    for n in range(1, 5):
        for pick in combinations_with_replacement(kinds, n):
            if any(pick.count(t) > counts[t] for t in pick):
                continue
            combo, _ = classify_play(pick, mixed_sets)
            if combo is not None:
                table[Tiles(combo.pieces)] = combo
    return table


class PerSetting(Mapping[bool, V]):
    """One value per ``mixed_sets`` setting (``table[True]``, ``table[False]``), each built by
    ``build(flag)`` the first time it is asked for. Building the combination tables classifies
    every sub-multiset of the set: a fifth of a second here, seconds in the browser, which a
    lesson without a Tien Gow deal should not pay when it imports the package."""

    def __init__(self, build: Callable[[bool], V]) -> None:
        self._build = build
        self._built: dict[bool, V] = {}

    def __getitem__(self, mixed_sets: bool) -> V:
        if mixed_sets not in (True, False):
            raise KeyError(mixed_sets)
        flag = bool(mixed_sets)
        if flag not in self._built:
            self._built[flag] = self._build(flag)
        return self._built[flag]

    def __iter__(self) -> Iterator[bool]:
        return iter((True, False))

    def __len__(self) -> int:
        return 2


ALL_COMBOS = PerSetting(_all_combos)
