"""Tien Gow's reference card: every lead class with its ranking, as plain data.

Everything on the card comes from the engine: the classes are :data:`~.combos.KINDS` in their
order, grouped in three parts by the suits of their tiles (civil, military, mixed), their
names :data:`~.combos.KIND_NAMES`, the rungs :func:`~gupai_learn.games.tien_gow.combinations`
grouped by rank (plays of equal rank share a rung, e.g. the two nines), the families
:data:`~.combos.FAMILY`, and the Supreme pair is marked by its combination's ``led_only``
(TG-SUPREME). The tiles' own English and Chinese names make the captions.
Rule ids: TG-SET, TG-LEAD-CLASS, TG-LEAD-FAMILY, TG-BEAT-COUNT, TG-BEAT-STRICT, TG-BEAT-TIE,
TG-SUPREME.

    >>> card = reference_card()
    >>> [ladder.title for ladder in card.parts[0].ladders]
    ['Civil single', 'Civil pair']
"""

from __future__ import annotations

from itertools import groupby

from gupai_learn import decks
from gupai_learn.engine.reference import Ladder, Part, Reference, Rung
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.combos import (
    ALL_COMBOS,
    FAMILY,
    FAMILY_RANK,
    KIND_NAMES,
    KINDS,
    NUMBER_NAME,
)
from gupai_learn.games.tien_gow.rules import Rules
from gupai_learn.tiles import Tile

_DEFAULT = Rules()

#: How each class is ordered or made up, in a few words (the ruling's TG-LEAD-CLASS table).
_NOTES = {
    "single-civil": "high → low",
    "single-military": "high → low, by pips",
    "civil-pair": "two identical tiles",
    "military-pair": "two of equal pips",
    "mixed-pair": "a head + one of its family",
    "triplet-2c1m": "",
    "triplet-1c2m": "",
    "quartet": "a civil pair + its family's military pair",
    "supreme": "",
}
_RULES = {"supreme": ("TG-SUPREME",)}

TITLE = "Tien Gow 天九 · reference card"
RULES_IN_PLAY = (
    "Lead one class below (TG-LEAD-CLASS); every other player then plays as many tiles "
    "(TG-BEAT-COUNT).",
    "A play goes face up only if it is of the lead's class and strictly higher than the trick's "
    "high play; equal never beats, and no class beats another (TG-BEAT-STRICT, TG-BEAT-TIE). "
    "Anything else goes face down.",
)
CIVIL, MILITARY, MIXED = "Civil 文", "Military 武", "Mixed 文 + 武"
#: What holds for every class of a part (TG-SET); the mixed part's note is :func:`families`.
CIVIL_NOTE = "Two tiles of each kind; pairs rank in the same order as the singles."
MILITARY_NOTE = "One tile of each; they rank by their pips, and equal pips tie (TG-BEAT-TIE)."


def reference_card(rules: Rules = _DEFAULT) -> Reference:
    """The card for ``rules``: the lead classes in three parts, civil, military and mixed (with
    ``mixed_sets=False`` the mixed classes are left out)."""
    ladders: dict[str, list[Ladder]] = {}
    for kind in KINDS:
        found = _ladder(kind, rules)
        if found is not None:
            ladders.setdefault(_part_of(found), []).append(found)
    notes = {CIVIL: CIVIL_NOTE, MILITARY: MILITARY_NOTE, MIXED: families()}
    parts = tuple(Part(title, tuple(group), notes[title]) for title, group in ladders.items())
    return Reference(TITLE, parts, RULES_IN_PLAY)


def families() -> str:
    """Which military tiles each civil head goes with in mixed plays, strongest family first
    (TG-LEAD-FAMILY): ``"Families, strongest first: Heaven 天 + nines 雜九 › ..."``."""
    military = {t.pips: t for t in decks.chinese() if t.is_military}
    kin = [
        f"{head.name} {head.chinese_name} + {NUMBER_NAME[pips]}s {military[pips].chinese_name}"
        for head, pips in sorted(FAMILY.items(), key=lambda item: -FAMILY_RANK[item[1]])
    ]
    return f"Families, strongest first: {' › '.join(kin)} (TG-LEAD-FAMILY)."


def _part_of(ladder: Ladder) -> str:
    suits = {piece.suit for piece in ladder.rungs[0].plays[0]}
    return CIVIL if suits == {"civil"} else MILITARY if suits == {"military"} else MIXED


def class_title(kind: str) -> str:
    """A class's heading from its engine name: ``"a civil pair"`` → ``"Civil pair"``."""
    name = _split_native(KIND_NAMES[kind])[0]
    for article in ("a ", "an ", "the "):
        name = name.removeprefix(article)
    return name[:1].upper() + name[1:]


def _ladder(kind: str, rules: Rules) -> Ladder | None:
    found = sorted(
        (c for c in ALL_COMBOS[rules.mixed_sets].values() if c.kind == kind), key=lambda c: -c.rank
    )
    if not found:
        return None
    rungs = tuple(_rung(kind, list(same)) for _, same in groupby(found, key=lambda c: c.rank))
    return Ladder(class_title(kind), rungs, _NOTES[kind], _RULES.get(kind, ()))


def _rung(kind: str, same: list[Combination]) -> Rung:
    label, sublabel = _caption(kind, same[0])
    plays = tuple(tuple(c.pieces) for c in same)
    return Rung(plays, label, sublabel, led_only=any(c.led_only for c in same))


def _caption(kind: str, combo: Combination) -> tuple[str, str]:
    """Two caption lines: an English name and the Chinese one."""
    pieces: tuple[Tile, ...] = tuple(combo.pieces)
    head = pieces[0]
    if kind == "supreme":
        return _split_native(KIND_NAMES[kind])[1], ""
    if kind == "military-pair":
        return f"{head.name}s", head.chinese_name or ""
    if kind == "mixed-pair":
        names = dict.fromkeys(t.chinese_name or "" for t in pieces)
        return combo.name, " + ".join(names)
    return head.name, head.chinese_name or ""


def _split_native(text: str) -> tuple[str, str]:
    """``"the Supreme pair (至尊)"`` → ``("the Supreme pair", "至尊")``."""
    name, _, rest = text.partition(" (")
    return name, rest.removesuffix(")")
