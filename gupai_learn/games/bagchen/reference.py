"""Bagchen's reference card: every lead class with its ranking, read from the engine's tables.

Parts: sky singles and combinations, earth singles and combinations, mixed combinations of
chiefs and ministers, and the special leads (mother-and-son, horses). Captions give the
Bagchen name in English with the Chinese tile name beside it. Rule ids: BG-RANK,
BG-COMBO-SKY, BG-COMBO-EARTH, BG-COMBO-MIXED, BG-MOTHER-SON, BG-HORSE, BG-POINT-PLAY.

    >>> card = reference_card()
    >>> [ladder.title for ladder in card.parts[0].ladders]
    ['Sky single', 'Sky pair']
"""

from __future__ import annotations

from itertools import groupby

from gupai_learn.engine.reference import Ladder, Part, Reference, Rung
from gupai_learn.engine.trick import Combination
from gupai_learn.games.bagchen.combos import KIND_RULE, base_combos, english
from gupai_learn.games.bagchen.rules import Rules

_DEFAULT = Rules()
TITLE = "Bagchen · reference card"
NOTES = (
    "Lead one tile or one combination; every other player plays as many tiles (BG-TRICKS).",
    "A play goes face up only if it is of the lead's class, has as many tiles and ranks "
    "strictly higher; equal tiles never beat each other (BG-RANK). Anything else goes face down.",
    "Point tiles (named by the dice) are led alone or together, never beat and are never beaten "
    "(BG-POINT-PLAY).",
)
#: (part title, ladder title, kind, number of tiles, note)
_LADDERS = (
    ("Sky 天", "Sky single", "sky-single", 1, "four of each kind; equal groups tie"),
    (
        "Sky 天",
        "Sky pair",
        "sky-combo",
        2,
        "identical tiles; three or four alike rank the same way",
    ),
    ("Earth 地", "Earth single", "earth-single", 1, "by pips; equal totals tie"),
    (
        "Earth 地",
        "Earth pair",
        "earth-combo",
        2,
        "equal rank; three or four alike rank the same way",
    ),
    ("Mixed", "Mixed pair", "mixed-pair", 2, "chiefs above ministers; triplets and quartets too"),
    ("Special", "Mother-and-son", "mother-son", 2, ""),
    ("Special", "Horse", "horse", 2, "its own class"),
    ("Special", "Four-tile horse", "horse", 4, "its own class"),
    ("Special", "Full horse", "horse", 4, "mare + stallion"),
)


def reference_card(rules: Rules = _DEFAULT) -> Reference:
    """The card: sky, earth, mixed and special leads, strongest first on each ladder."""
    parts: dict[str, list[Ladder]] = {}
    combos = base_combos(rules.earth_any_mix)
    for part, title, kind, size, note in _LADDERS:
        alone = title == "Full horse"  # led only: it ranks on no ladder with the others
        found = sorted(
            (
                c
                for c in combos
                if c.kind == kind
                and len(c.pieces) == size
                and (kind != "horse" or c.led_only == alone)
            ),
            key=lambda c: -c.rank,
        )
        rungs = tuple(_rung(list(same)) for _, same in groupby(found, key=lambda c: c.rank))
        parts.setdefault(part, []).append(Ladder(title, rungs, note, (KIND_RULE[kind],)))
    notes = {
        "Sky 天": "Sky: chief › minister › lama › bird › sisters › people.",
        "Earth 地": "Earth: chiefs (9) › ministers (8) › sevens › mother › owls (5) › son.",
        "Mixed": "Only chiefs and ministers mix: [6:6] with the 9s, [1:1] with the 8s.",
        "Special": "Mother-and-son wins when led; a stallion beats a mare.",
    }
    return Reference(TITLE, tuple(Part(t, tuple(ls), notes[t]) for t, ls in parts.items()), NOTES)


def _rung(same: list[Combination]) -> Rung:
    head = same[0]
    first = head.pieces[0]
    if head.kind in ("sky-single", "earth-single", "sky-combo", "earth-combo"):
        label = english(first)
        sub = " ".join(dict.fromkeys(t.chinese_name or "" for c in same for t in c.pieces))
    else:
        label, sub = head.name, ""
    plays = tuple(tuple(c.pieces) for c in same)
    return Rung(plays, label, sub, led_only=any(c.led_only for c in same))
