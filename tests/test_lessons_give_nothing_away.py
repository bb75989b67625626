"""No lesson answers a card just above it (chapters 01-07: every chapter with cards).

A card that asks about two or more tiles ("Which class is [3:2][4:1]?", "May you lead
[6:6][6:2]?") is given away when the lesson's code or text above it shows those same tiles (with
their verdict printed under them); a card built on a deal is given away when the code above plays
that very deal: its hands, its moves and its trick counts. A few cards ask about an object the
lesson has to name to teach it at all (the Supreme pair, the stallion, the full horse): they are
listed, with the reason, and checked to be so.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path
from typing import Any

import nbformat
import pytest

import gupai_learn as gl
from gupai_learn import puzzles

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted(p for p in (ROOT / "lessons").glob("*.ipynb") if "01" <= p.name[:2] <= "07")
BANKS = Path(gl.__file__).parent / "puzzles" / "banks"
ENTRIES = {
    entry["id"]: entry
    for bank in puzzles.BANKS
    for entry in tomllib.loads((BANKS / f"{bank}.toml").read_text(encoding="utf-8"))["puzzle"]
}
#: Cards whose tiles are a named object the lesson must show to teach it.
NAMED = {
    "tg-class-04": "the Supreme pair [4:2][2:1] is one pair of tiles: 02.02 teaches it by name",
    "bg-class-05": "the stallion [4:3][4:2] is defined by its tiles in 03.04",
    "bg-class-06": "the full horse is mare + stallion, defined by its tiles in 03.04",
}
CARD = re.compile(r"""(?:PuzzleCard\(ex\[|puzzles\.get\()["']([a-z]+-[a-z]+-\d\d)["']""")
GROUP = re.compile(r"(?:\[\d:\d\]\s?){2,}")


def tile_set(text: str) -> tuple[str, ...] | None:
    """The tiles a string names, sorted; None when it is not a list of tiles."""
    try:
        tiles = gl.tiles(text.replace("down:", ""))
    except ValueError:
        return None
    return tuple(sorted(str(t) for t in tiles)) or None


def shown_above(nb: Any, index: int) -> set[Any]:
    """What the cells above ``index`` name: every group of tiles (string literals in code, tile
    groups in text) and every literal list of whole numbers in code (trick counts)."""
    shown: set[Any] = set()
    for cell in nb.cells[:index]:
        if cell.cell_type != "code":
            shown |= {s for s in map(tile_set, GROUP.findall(cell.source)) if s}
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                shown.add(tile_set(node.value))
            elif isinstance(node, (ast.List, ast.Tuple)):
                values = [getattr(item, "value", None) for item in node.elts]
                if values and all(type(v) is int for v in values):
                    shown.add(tuple(values))
    shown.discard(None)
    return shown


def given_away(entry: dict[str, Any], shown: set[Any]) -> bool:
    """Whether the lesson above shows the card's own tiles, or plays the card's own deal."""
    if "tiles" in entry:
        tiles = tile_set(entry["tiles"])
        return tiles is not None and len(tiles) > 1 and tiles in shown
    hands = [tile_set(h) for h in entry.get("hands", [])]
    moves = [tile_set(m) for m in entry.get("moves", [])]
    counts = [tuple(entry["won"])] if "won" in entry else []
    played = [*hands, *moves, *counts]
    return bool(hands) and all(item in shown for item in played)


def cards(nb: Any) -> list[tuple[int, str]]:
    """(cell index, puzzle id) of every card a lesson shows."""
    return [
        (i, pid)
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        for pid in CARD.findall(cell.source)
    ]


@pytest.mark.parametrize("path", LESSONS, ids=[p.name[:5] for p in LESSONS])
def test_no_card_is_answered_just_above_it(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    found = [
        pid
        for i, pid in cards(nb)
        if pid not in NAMED and given_away(ENTRIES[pid], shown_above(nb, i))
    ]
    assert not found, f"{path.name} shows these cards' own tiles or deal above them: {found}"


def test_the_named_exceptions_are_shown_cards_of_these_chapters() -> None:
    placed = {pid for path in LESSONS for _, pid in cards(nbformat.read(path, as_version=4))}
    assert set(NAMED) <= placed
    assert all("tiles" in ENTRIES[pid] for pid in NAMED)
