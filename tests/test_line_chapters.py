"""The Bull Fight and Bergen chapters (04, 05): every card reached, each game's reference card
drawn within 840 px, no answer printed before its card, and learner text free of code words.

These read the stored lessons (run them with ``tools/run_lessons.py`` after a change).
"""

from __future__ import annotations

import base64
import json
import re
import tomllib
from pathlib import Path

import pytest

from gupai_learn import puzzles
from gupai_learn.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
SYLLABUS = tomllib.loads((LESSONS / "syllabus.toml").read_text(encoding="utf-8"))
#: The chapters of the line games, by number (``GameInfo.chapter``).
CHAPTERS = {
    f"{info.chapter:02d}": name
    for name, info in GAMES.items()
    if info.family == "line" and info.chapter is not None
}
FILES = sorted(p for number in CHAPTERS for p in LESSONS.glob(f"{number}.*.ipynb"))
CARD = re.compile(r"""PuzzleCard\(ex\[["']([a-z]+-[a-z]+-\d\d)["']\]\)""")
#: Words a learner should never read in these chapters' text (code, or other games' terms).
CODE_WORDS = ("the ruling", "this project", "the seed", "column", "Move.parse(", "Rules(")
#: An option written as code in prose: `name=value` or `name="value"`.
OPTION = re.compile(r"`[a-z_]+=[^`]*`")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def output_text(cell: dict) -> str:
    """Everything a cell shows: its printed text and the plain and HTML forms of its results."""
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        data = out.get("data", {})
        for mime in ("text/plain", "text/html", "image/svg+xml"):
            value = data.get(mime, "")
            parts.append(value if isinstance(value, str) else "".join(value))
    text = "\n".join(parts)
    # drawings are stored as images (so an untrusted notebook shows them): read them back too
    images = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', text)
    return "\n".join([text, *(base64.b64decode(i).decode("utf-8") for i in images)])


@pytest.mark.parametrize("number,game", CHAPTERS.items())
def test_every_puzzle_of_the_game_is_on_a_card_of_its_chapter(number: str, game: str) -> None:
    chapter = next(ch for ch in SYLLABUS["chapters"] if ch["number"] == number)
    listed = {pid for lesson in chapter["lessons"] for pid in lesson.get("puzzles", [])}
    shown = {pid for path in FILES if path.name.startswith(number) for pid in CARD.findall(
        "\n".join(source(c) for c in cells(path)))}  # fmt: skip
    # the generated endgames are on the chapter's shelf of the whole bank, not on cards of their own
    bank = {p.id for p in puzzles.bank(game) if "-gen-" not in p.id}
    assert bank - listed == set(), "puzzles no lesson lists"
    assert bank - shown == set(), "puzzles no lesson shows on a card"


@pytest.mark.parametrize("number,game", CHAPTERS.items())
def test_the_games_reference_card_is_drawn_in_its_chapter(number: str, game: str) -> None:
    drawn = []
    for path in (p for p in FILES if p.name.startswith(number)):
        for cell in cells(path):
            if cell["cell_type"] == "code" and f'gl.reference("{game}")' in source(cell):
                svg = output_text(cell)
                widths = [float(w) for w in re.findall(r'<svg[^>]*?\swidth="([\d.]+)"', svg)]
                assert "gupai-reference" in svg and widths and max(widths) <= 840, path.name
                drawn.append(path.name)
    assert drawn, f"no lesson of chapter {number} draws the {game} reference card"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_answer_is_printed_before_its_card(path: Path) -> None:
    """A card's worked answer (the longer lines of its solution that carry numbers) never
    appears in an output above the card, where a learner would read it before answering."""
    seen = ""
    for cell in cells(path):
        for pid in CARD.findall(source(cell)):
            lines = [ln.strip() for ln in puzzles.get(pid).solution.text.splitlines()]
            telling = [ln for ln in lines if len(ln) >= 30 and any(ch.isdigit() for ch in ln)]
            leaked = [ln for ln in telling if ln in seen]
            assert not leaked, f"{pid}'s answer is printed above its card: {leaked[0]!r}"
        seen += output_text(cell)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_learner_text_has_no_code_words_or_option_spellings(path: Path) -> None:
    for i, cell in enumerate(cells(path)):
        said = source(cell) if cell["cell_type"] == "markdown" else output_text(cell)
        if cell["cell_type"] == "code" and "PuzzleCard(" in source(cell):
            continue  # a card's own text belongs to the puzzle bank
        found = [w for w in CODE_WORDS if w in said]
        assert not found, f"cell {i} says {found}"
        if cell["cell_type"] == "markdown":
            assert not OPTION.findall(said), f"cell {i} spells an option: {OPTION.findall(said)}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_no_cell_is_expected_to_raise(path: Path) -> None:
    tagged = [
        i for i, c in enumerate(cells(path)) if "raises-exception" in c["metadata"].get("tags", [])
    ]
    errors = [i for i, c in enumerate(cells(path)) for o in c.get("outputs", [])
              if o.get("output_type") == "error"]  # fmt: skip
    assert not tagged and not errors
