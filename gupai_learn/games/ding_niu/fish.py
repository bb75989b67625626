"""The fish (算賬, Suan Zhang): a Bull Fight line that no non-double can ever join again.

Rule ids (rules/ding_niu.md): DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER. The fish
depends only on what is face up: the open ends and the non-double tiles on the line. ``U``
below is every non-double of the 24-tile deck that is *not* on the line — in a hand or face
down, nobody at the table can tell which.

- classic (DN-FISH-CLASSIC): U is not empty and no tile of U carries an open end's number.
  With this deck only four kinds can happen: ones (ends 1-1), two-three (2-3), fours (4-4)
  and fives (5-5). Reason: a line of non-doubles is a path, so a number that shows at exactly
  one end has been used an odd number of times; only 2 (once) and 3 (three times) are odd in
  the deck, and a 6-6 fish would need the single [6:2] on the line, which leaves a 2 at an
  end for good.
- smothered (DN-FISH-SMOTHERED): join the numbers 1-6 by one edge per tile of U; a tile of U
  is *dead* when its numbers are not connected to an open end's number. A dead tile with a 4
  makes "smothered-fours", with a 5 "smothered-fives" (both: the number with more dead tiles,
  fours on a tie). Under ``fish_types="any-dead-tile"`` any other dead tile makes a fish of
  kind ``"smothered"`` (dead fours and fives keep their names).

A one-armed line (``arms=1``, Connect the Dragon) has a single open number; its classic fish
is named by that number ("ones", "two-three" for a 2 or a 3, "fours", "fives", and "sixes",
which only a one-armed line can make). These are interpretations: the ruling names the kinds of
the two-armed game only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gupai_learn import decks
from gupai_learn.tiles import Tile, Tiles

__all__ = [
    "CLASSIC_KINDS",
    "CLASS_NAMES",
    "KINDS",
    "NON_DOUBLES",
    "Fish",
    "dead_tiles",
    "find_fish",
]

#: Every non-double of the deck, with its count (DN-SET).
NON_DOUBLES: Counter[Tile] = Counter(t for t in decks.ding_niu() if not t.is_double)

#: The classic kinds by the open numbers (sorted).
CLASSIC_KINDS: dict[tuple[int, ...], str] = {
    (1, 1): "ones",
    (2, 3): "two-three",
    (4, 4): "fours",
    (5, 5): "fives",
}
#: One open number (a one-armed line): the kind its number names.
_ONE_ARM_KINDS = {1: "ones", 2: "two-three", 3: "two-three", 4: "fours", 5: "fives", 6: "sixes"}

#: Every kind a fish may have, with a learner's name.
KINDS: dict[str, str] = {
    "ones": "a fish of ones",
    "two-three": "a two-three fish",
    "fours": "a fish of fours",
    "fives": "a fish of fives",
    "sixes": "a fish of sixes",
    "smothered-fours": "killed fours (a smothered fish)",
    "smothered-fives": "smothered fives (a smothered fish)",
    "smothered": "a smothered fish",
}


#: Short names of the kinds, for choices (``GameInfo.classes``).
CLASS_NAMES: dict[str, str] = {
    "ones": "ones",
    "two-three": "two-three",
    "fours": "fours",
    "fives": "fives",
    "sixes": "sixes",
    "smothered-fours": "smothered fours",
    "smothered-fives": "smothered fives",
    "smothered": "smothered",
}


def off_table(table: Iterable[Tile]) -> Counter[Tile]:
    """U: the deck's non-doubles that are not among ``table`` (the tiles on the line)."""
    rest = NON_DOUBLES.copy()
    for tile in table:
        if tile[0] != tile[1]:
            rest[tile] -= 1
    return +rest


#: The non-double kinds, and the weight of one copy of each in a "rest key" (base 3 digits):
#: the tiles off the line as one whole number, for the fast fish check of a deal.
ND_KINDS: tuple[Tile, ...] = tuple(sorted(NON_DOUBLES, reverse=True))
WEIGHT: dict[Tile, int] = {t: 3**i for i, t in enumerate(ND_KINDS)}
FULL_KEY = sum(NON_DOUBLES[t] * WEIGHT[t] for t in ND_KINDS)

Found = tuple[str, tuple[int, ...], Tiles]
MEMO: dict[tuple[int, tuple[int, ...], str], Found | None] = {}


def rest_of(key: int) -> Counter[Tile]:
    """The tiles off the line that a rest key stands for."""
    return Counter({t: n for t in ND_KINDS if (n := key // WEIGHT[t] % 3)})


def fish_by_key(key: int, open_numbers: tuple[int, ...], fish_types: str) -> Found | None:
    """:func:`find_fish` for the tiles off the line given as a rest key (memoised: a deal
    asks this after every non-double, and the answers repeat)."""
    memo = (key, open_numbers, fish_types)
    if memo in MEMO:
        return MEMO[memo]
    found = MEMO[memo] = fish_of_rest(key, open_numbers, fish_types)
    return found


def fish_of_rest(key: int, open_numbers: tuple[int, ...], fish_types: str) -> Found | None:
    """:func:`find_fish` for the tiles off the line given as a rest key (not memoised: for a
    caller that keeps its own memo)."""
    return _find(open_numbers, rest_of(key), fish_types)


def reachable(numbers: Iterable[int], tiles: Iterable[tuple[int, int]]) -> set[int]:
    """The numbers reachable from ``numbers`` by the ``tiles``: a tile with one number already
    reached brings in its other one (a double brings nothing new), until none does."""
    reach = set(numbers)
    edges = [(a, b) for a, b in tiles if a != b]
    grew = True
    while grew:
        grew = False
        for a, b in edges:
            if (a in reach) != (b in reach):
                reach.update((a, b))
                grew = True
    return reach


def dead_tiles(open_numbers: Sequence[int], rest: Counter[Tile]) -> list[Tile]:
    """The tiles of ``rest`` whose numbers cannot be reached from an open number through the
    other tiles of ``rest`` (each copy listed)."""
    reach = reachable(open_numbers, rest)
    return sorted((t for t, n in rest.items() for _ in range(n) if t[0] not in reach), reverse=True)


def find_fish(open_numbers: Sequence[int], table: Iterable[Tile], fish_types: str) -> Found | None:
    """The fish the line makes, as (kind, dead numbers, dead tiles), or None.

    ``open_numbers``: the numbers at the open ends; ``table``: the tiles on the line;
    ``fish_types``: the Rules option (DN-FISH-SMOTHERED)."""
    return _find(tuple(open_numbers), off_table(table), fish_types)


def _find(open_numbers: Sequence[int], rest: Counter[Tile], fish_types: str) -> Found | None:
    if not rest or not open_numbers:
        return None
    ends = tuple(sorted(open_numbers))
    if not any(n in t for t in rest for n in ends):
        kind = CLASSIC_KINDS.get(ends) if len(ends) == 2 else _ONE_ARM_KINDS[ends[0]]
        dead = Tiles(sorted((t for t, n in rest.items() for _ in range(n)), reverse=True))
        return kind or "smothered", tuple(sorted(set(ends))), dead
    if fish_types == "classic":
        return None
    smothered = Tiles(dead_tiles(ends, rest))
    fours = sum(4 in t for t in smothered)
    fives = sum(5 in t for t in smothered)
    if fours or fives:
        number = 4 if fours >= fives else 5
        kind = "smothered-fours" if number == 4 else "smothered-fives"
        return kind, (number,), smothered
    if smothered and fish_types == "any-dead-tile":
        numbers = tuple(sorted({n for t in smothered for n in t}))
        return "smothered", numbers, smothered
    return None


Where = tuple[Tile, str, int | None]


@dataclass(frozen=True)
class Fish:
    """A fish: its ``kind`` (see :data:`KINDS`), the ``blocker`` seat whose non-double
    ``tile`` made it (DN-FISH-BLOCKER), the ``ends`` (open numbers), the ``dead_numbers``, the
    ``dead`` tiles (off the line, never addable), ``where`` (every non-double carrying a dead
    number: (tile, "line" | "down" | "hand", seat or None)), ``forced`` (the blocker had no
    move that made no fish; only ``fish_needs_alternative`` uses it), ``move`` (its number in
    the deal's history, from 1) and the ``seat_names``.

    ``str(fish)`` and :meth:`explain` say which numbers are dead and where their tiles are;
    ``explain(seat)`` tells it as ``seat`` sees it, never naming another player's tiles."""

    kind: str
    blocker: int
    tile: Tile
    ends: tuple[int, ...]
    dead_numbers: tuple[int, ...]
    dead: Tiles
    where: tuple[Where, ...]
    forced: bool
    move: int
    seat_names: tuple[str, ...]

    @property
    def name(self) -> str:
        """The kind in a learner's words ("a fish of fours")."""
        return KINDS[self.kind]

    @property
    def rule(self) -> str:
        """DN-FISH-CLASSIC or DN-FISH-SMOTHERED."""
        return "DN-FISH-SMOTHERED" if self.kind.startswith("smothered") else "DN-FISH-CLASSIC"

    def explain(self, seat: int | None = None) -> str:
        """Why this is a fish and where the tiles of the dead numbers are.

        ``seat``: tell it as that seat sees it (its own hand and face-down tiles named, the
        others' only as "held or face down by another player"); None tells everything."""
        blocker = self.seat_names[self.blocker]
        numbers = " and ".join(str(n) for n in self.dead_numbers)
        ends = " and ".join(str(n) for n in self.ends)
        head = f"{self.name[0].upper()}{self.name[1:]}"
        lines = [f"{head}: the open ends show {ends} ({self.rule})."]
        if self.rule == "DN-FISH-CLASSIC":
            lines.append(
                f"No non-double off the line carries a {numbers}, so no non-double can ever be "
                "added again."
            )
        else:
            dead = ", ".join(map(str, self.dead))
            lines.append(
                f"The tiles {dead} can never be reached from the open ends: the tiles that "
                f"could lead to them are used up, so the {numbers}s are dead."
            )
        places = [f"{tile} {self._place(kind, owner, seat)}" for tile, kind, owner in self.where]
        if places:
            lines.append(f"The non-doubles with a {numbers}: " + "; ".join(places) + ".")
        lines.append(
            f"{blocker} placed {self.tile}, the tile that made the fish, so {blocker} is the "
            "blocker (DN-FISH-BLOCKER)."
        )
        return "\n".join(lines)

    def _place(self, kind: str, owner: int | None, seat: int | None) -> str:
        if kind == "line":
            return "on the line"
        assert owner is not None
        if seat is None:
            name = self.seat_names[owner]
            return f"in {name}'s hand" if kind == "hand" else f"face down before {name}"
        if owner == seat:
            return "in your hand" if kind == "hand" else "face down before you"
        return "held or face down by another player"

    def __str__(self) -> str:
        return self.explain()
