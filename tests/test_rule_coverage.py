"""Rule coverage (design.md §7): every rule id of a ruling is cited by a test and by the engine.
(Coverage by lessons is checked once a game's chapter exists: see issue notes.)

Rule ids are read from the ruling, ``../shared/rules/<game>.md`` beside the repository, when it is
there (CI has it); otherwise from the copy of the id list kept below. Group names ending in ``*``
(``TG-PAY-*``) are not ids. This file itself is not counted as a citing test, since it holds the
copy of the list.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_RULES = ROOT.parent / "shared" / "rules"

#: Per game: its rule-id prefix, and the ids of its ruling (the copy used without ``shared/``).
GAMES = {
    "tien_gow": (
        "TG",
        [
            "TG-BEAT-COUNT",
            "TG-BEAT-OPTIONAL",
            "TG-BEAT-STRICT",
            "TG-BEAT-TIE",
            "TG-CAPTURE",
            "TG-COLUMNS",
            "TG-DEAL",
            "TG-EARLY-DEATH",
            "TG-LEAD-CLASS",
            "TG-LEAD-FAMILY",
            "TG-PAY-ALL",
            "TG-PAY-ALL-EXCEPTION",
            "TG-PAY-BANKER",
            "TG-PAY-LAST",
            "TG-PAY-PAR",
            "TG-PAY-ZERO",
            "TG-RED",
            "TG-RED-DOT",
            "TG-SET",
            "TG-STREAK",
            "TG-SUPREME",
            "TG-TRICK-WINNER",
            "TG-TRICKPAY",
        ],
    ),
}


def ruling_ids(game: str) -> list[str]:
    """The rule ids of ``game``'s ruling: from the shared file if present, else the copy."""
    prefix, copy = GAMES[game]
    path = SHARED_RULES / f"{game}.md"
    if not path.exists():
        return sorted(copy)
    found = re.findall(rf"\b{prefix}-[A-Z]+(?:-[A-Z]+)*(?:-\*)?", path.read_text())
    return sorted({f for f in found if not f.endswith("*")})


def cited(rule: str, text: str) -> bool:
    """``rule`` appears in ``text`` as a whole id (TG-PAY-ALL is not cited by
    TG-PAY-ALL-EXCEPTION)."""
    return re.search(rf"(?<![A-Z-]){re.escape(rule)}(?![A-Z-]|-[A-Z])", text) is not None


def texts(paths) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def lesson_text(path: Path) -> str:
    """Markdown and code of a notebook (outputs left out: they are the engine's words)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(cell.get("source", "")) for cell in notebook.get("cells", []))


def test_the_copy_of_the_ids_matches_the_shared_ruling():
    for game, (_, copy) in GAMES.items():
        path = SHARED_RULES / f"{game}.md"
        if not path.exists():
            pytest.skip("shared/ is not beside the repository")
        assert ruling_ids(game) == sorted(copy), f"update the copy of {game}'s ids here"


def test_cited_matches_whole_ids_only():
    assert cited("TG-PAY-ALL", "see TG-PAY-ALL.")
    assert not cited("TG-PAY-ALL", "see TG-PAY-ALL-EXCEPTION")
    assert not cited("TG-RED", "(TG-RED-DOT)")
    assert cited("TG-RED", "`TG-RED`, and")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_is_cited_by_a_test(game):
    tests = [p for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name]
    corpus = texts(tests)
    missing = [r for r in ruling_ids(game) if not cited(r, corpus)]
    assert not missing, f"no test cites {missing}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_is_cited_by_the_engine(game):
    corpus = texts((ROOT / "gupai_learn").rglob("*.py"))
    missing = [r for r in ruling_ids(game) if not cited(r, corpus)]
    assert not missing, f"the engine never cites {missing}"


#: Per game: the lessons that teach it (its chapter).
CHAPTERS = {"tien_gow": "02.*.ipynb"}


@pytest.mark.parametrize("game", sorted(CHAPTERS))
def test_every_rule_id_appears_in_a_lesson(game):
    lessons = sorted((ROOT / "lessons").glob(CHAPTERS[game]))
    assert lessons, f"no lessons for {game}"
    corpus = "\n".join(lesson_text(p) for p in lessons)
    missing = [r for r in ruling_ids(game) if not cited(r, corpus)]
    assert not missing, f"no lesson of {game} names {missing}"
