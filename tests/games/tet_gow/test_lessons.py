"""Chapter 06 (Tet-Gow) lessons and their cards: nothing used before it is taught, no card
answered by the lesson just before it."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path
from typing import Any

import nbformat
import pytest

import gupai_learn as gl
from gupai_learn import puzzles

ROOT = Path(__file__).resolve().parents[3]
LESSONS = ROOT / "lessons"
BANK = Path(gl.__file__).parent / "puzzles" / "banks" / "tet_gow.toml"
ENTRIES = {e["id"]: e for e in tomllib.loads(BANK.read_text(encoding="utf-8"))["puzzle"]}
CHAPTER = sorted(LESSONS.glob("06.*.ipynb"))
TIERS_TAUGHT = "06.02"


def _cards(text: str) -> frozenset[str] | None:
    """The cards a string names, or None when it names none (ordinary text)."""
    try:
        return frozenset(str(c) for c in gl.cards(text.replace("down:", "")))
    except Exception:  # noqa: BLE001 - any string that is not a list of cards
        return None


def _card_cells(nb: Any) -> list[tuple[int, str]]:
    """(cell index, puzzle id) of every card shown by the lesson."""
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and "PuzzleCard(ex[" in cell.source:
            found.append((i, cell.source.split('ex["')[1].split('"')[0]))
    return found


def _named_before(nb: Any, index: int) -> list[frozenset[str]]:
    """The card sets named by string literals of the code cells above cell ``index``."""
    named = []
    for cell in nb.cells[:index]:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                cards = _cards(node.value)
                if cards:
                    named.append(cards)
    return named


def _given_away(entry: dict[str, Any], named: list[frozenset[str]]) -> bool:
    """Whether the lesson above set up the card's own question: its tiles, or its hands with
    its moves played (an endgame's hands alone: the solver would answer it)."""
    if "tiles" in entry:
        return _cards(entry["tiles"]) in named
    hands = [_cards(h) for h in entry.get("hands", [])]
    moves = [_cards(m) for m in entry.get("moves", entry.get("offers", []))]
    return bool(hands) and all(h in named for h in hands) and all(m in named for m in moves)


@pytest.mark.parametrize("path", CHAPTER, ids=[p.name for p in CHAPTER])
def test_no_card_is_answered_by_its_lesson_just_before_it(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    shown = [pid for i, pid in _card_cells(nb) if _given_away(ENTRIES[pid], _named_before(nb, i))]
    assert not shown, f"{path.name} sets up these cards' questions above them: {shown}"


def test_cards_before_the_tiers_lesson_need_no_tiers() -> None:
    """Tiers are taught in 06.02: a card of an earlier lesson may not depend on them."""
    early = [p for p in CHAPTER if p.name < TIERS_TAUGHT]
    for path in early:
        for _, pid in _card_cells(nbformat.read(path, as_version=4)):
            card = puzzles.get(pid)
            said = " ".join(
                [card.prompt, *card.hints, card.solution.text]
                + [r.text for r in card.solution.reasons]
            )
            assert "tier" not in said.lower(), f"{path.name}: {pid} needs tiers"
