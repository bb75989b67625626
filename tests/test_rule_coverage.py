"""Rule ids both ways (design.md §10), read from the course's own rule book.

1. Every rule id cited under ``gupai_learn/`` (code, puzzles, data files) and in the lessons
   exists in its game's rule book; a group such as ``TG-PAY-*`` names at least one rule-book id.
2. For every game with a package under ``gupai_learn/games/``, every id of its rule book is cited
   by the package code (the rule book itself aside), by a test (this file aside) and by a lesson
   of the game's chapter (the chapter whose ``game`` is that game in ``lessons/syllabus.toml``).
   An engine may land before its chapter: while the chapter's status is "coming" the lesson
   check is skipped, visibly.

Rule ids are read only from the rule book inside the package, ``gupai_learn/rules/<game>.md``,
where each rule is a ``### ID: title`` heading; without it these tests fail rather than pass on
nothing. (``tests/test_rule_book.py`` compares the book's ids with the rulings beside the
repository, when they are there.) An id is a game's prefix and upper-case words joined by
hyphens (``TG-PAY-ALL-EXCEPTION``), written plain, in bold or in backticks; a name ending in
``-*`` is a group, not an id.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

from gupai_learn.games import GAMES as REGISTERED

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "gupai_learn"
#: The course's rule book: one Markdown document per game, each rule under a ``### ID:`` heading.
BOOK = PACKAGE / "rules"

#: The rule-id prefix of each game's ruling (``GameInfo.rule_prefix``).
PREFIXES = {name: info.rule_prefix for name, info in REGISTERED.items()}

#: Games with a package under gupai_learn/games/.
GAMES = sorted(
    p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()
)

#: Files under gupai_learn/ that may cite a rule (code, puzzle banks, widget sources, data).
CITING_SUFFIXES = {".py", ".toml", ".js", ".css", ".md", ".txt", ".json"}


def names(prefix: str, text: str) -> tuple[set[str], set[str]]:
    """The rule ids and the group names (``TG-PAY-*``) with ``prefix`` written in ``text``."""
    pattern = rf"(?<![A-Za-z0-9-]){prefix}-[A-Z0-9]+(?:-[A-Z0-9]+)*(?:-\*)?(?![A-Za-z0-9])"
    found = set(re.findall(pattern, text))
    groups = {name for name in found if name.endswith("*")}
    return found - groups, groups


def ruling_path(game: str) -> Path:
    """``gupai_learn/rules/<game>.md``; the test fails if it is not there."""
    path = BOOK / f"{game}.md"
    if not path.is_file():
        pytest.fail(
            f"the rule book gupai_learn/rules/{game}.md is missing: rule ids are read only from "
            "the package's own rule book"
        )
    return path


def heading_ids(text: str) -> list[str]:
    """The ids of a rule book's ``### ID: title`` headings, in order."""
    return re.findall(r"^### ([A-Z]{2}(?:-[A-Z0-9]+)+): \S", text, flags=re.M)


@cache
def _ruling_ids(game: str) -> frozenset[str]:
    ids = heading_ids(ruling_path(game).read_text(encoding="utf-8"))
    if not ids:
        pytest.fail(f"no {PREFIXES[game]}- rule heading found in gupai_learn/rules/{game}.md")
    return frozenset(ids)


def ruling_ids(game: str) -> list[str]:
    """The rule ids of ``game``'s ruling, sorted."""
    return sorted(_ruling_ids(game))


def game_of(rule: str) -> str:
    """The game whose ruling an id belongs to, by its prefix (KeyError for an unknown one)."""
    by_prefix = {prefix: game for game, prefix in PREFIXES.items()}
    return by_prefix[rule.split("-", 1)[0]]


def lesson_text(path: Path) -> str:
    """Markdown and code of a notebook (outputs left out: they are the engine's words)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(cell.get("source", "")) for cell in notebook.get("cells", []))


def chapter_status(game: str) -> str:
    """The status of ``game``'s chapter in ``lessons/syllabus.toml`` ("ready", "coming" or "")."""
    with (ROOT / "lessons" / "syllabus.toml").open("rb") as handle:
        chapters = tomllib.load(handle)["chapters"]
    return next((c["status"] for c in chapters if c["game"] == game), "")


def chapter_lessons(game: str) -> list[Path]:
    """The notebooks of ``game``'s chapters, as ``lessons/syllabus.toml`` lists them."""
    with (ROOT / "lessons" / "syllabus.toml").open("rb") as handle:
        chapters = tomllib.load(handle)["chapters"]
    return [
        ROOT / "lessons" / lesson["file"]
        for chapter in chapters
        if chapter["game"] == game
        for lesson in chapter.get("lessons", ())
    ]


def package_text() -> str:
    """Every citing file under gupai_learn/, the rule book aside (it defines the ids; citing
    them there proves nothing about the engine)."""
    paths = sorted(
        p
        for p in PACKAGE.rglob("*")
        if p.suffix in CITING_SUFFIXES and p.is_file() and BOOK not in p.parents
    )
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def text_of_tests() -> str:
    """Every test file except this one (which names ids only as examples)."""
    paths = sorted(p for p in (ROOT / "tests").rglob("*.py") if p.name != Path(__file__).name)
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


def lessons_text(paths: list[Path]) -> str:
    """Markdown and code of the given notebooks."""
    return "\n".join(lesson_text(p) for p in paths)


def uncited(game: str, text: str) -> list[str]:
    """The ids of ``game``'s ruling that ``text`` does not cite."""
    ids, _ = names(PREFIXES[game], text)
    return [rule for rule in ruling_ids(game) if rule not in ids]


# --- reading ids -----------------------------------------------------------------------------


def test_names_finds_whole_ids_in_every_writing() -> None:
    text = "(TG-LEAD-CLASS; families TG-LEAD-FAMILY) **TG-PAY-ALL-EXCEPTION** `TG-RED`, TG-RED-DOT."
    ids, groups = names("TG", text)
    assert ids == {
        "TG-LEAD-CLASS",
        "TG-LEAD-FAMILY",
        "TG-PAY-ALL-EXCEPTION",
        "TG-RED",
        "TG-RED-DOT",
    }
    assert not groups


def test_names_tells_groups_from_ids() -> None:
    ids, groups = names("TG", "Settlement (TG-PAY-*) and following (TG-BEAT-*), see TG-PAY-PAR.")
    assert ids == {"TG-PAY-PAR"}
    assert groups == {"TG-PAY-*", "TG-BEAT-*"}


def test_names_ignores_other_prefixes_and_longer_words() -> None:
    ids, _ = names("TG", "XTG-SET, BG-SET, TG-SETs, TG-Set, tg-set, TG-SET-based")
    assert ids == {"TG-SET"}


def test_a_missing_rule_book_fails_with_a_clear_message(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(sys.modules[__name__], "BOOK", tmp_path)
    with pytest.raises(pytest.fail.Exception, match="gupai_learn/rules/tien_gow.md is missing"):
        ruling_path("tien_gow")


def test_heading_ids_reads_only_rule_headings() -> None:
    text = (
        "## TG-PAY-* payments\n### TG-PAY-PAR: Par\nsee TG-PAY-ZERO\n### TG-RED: Red\n###TG-X: no"
    )
    assert heading_ids(text) == ["TG-PAY-PAR", "TG-RED"]


@pytest.mark.parametrize("game", sorted(PREFIXES))
def test_every_rule_book_has_ids(game: str) -> None:
    ids = ruling_ids(game)
    assert ids and all(rule.startswith(PREFIXES[game] + "-") for rule in ids)


@pytest.mark.parametrize("game", sorted(PREFIXES))
def test_each_id_heads_one_rule_only(game: str) -> None:
    ids = heading_ids(ruling_path(game).read_text(encoding="utf-8"))
    assert len(ids) == len(set(ids)), f"a rule id heads two rules in rules/{game}.md"


@pytest.mark.parametrize("game", sorted(PREFIXES))
def test_every_id_word_in_a_rule_book_is_a_rule_of_it(game: str) -> None:
    """Every word starting with the prefix is read as an id or a group, none dropped, and every
    id the book's text names is one of its own headings."""
    prefix = PREFIXES[game]
    text = ruling_path(game).read_text(encoding="utf-8")
    ids, groups = names(prefix, text)
    word = rf"(?<![A-Za-z0-9-]){prefix}-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?:-\*)?"
    loose = set(re.findall(word, text))
    assert loose == ids | groups
    assert ids == set(ruling_ids(game))


# --- direction 1: what is cited exists ---------------------------------------------------------


@pytest.mark.parametrize("game", sorted(PREFIXES))
def test_every_id_the_package_cites_exists(game: str) -> None:
    ids, groups = names(PREFIXES[game], package_text())
    known = set(ruling_ids(game))
    unknown = sorted(ids - known)
    assert not unknown, f"gupai_learn/ cites ids that rules/{game}.md lacks: {unknown}"
    empty = sorted(g for g in groups if not any(r.startswith(g[:-1]) for r in known))
    assert not empty, f"gupai_learn/ cites groups with no id in rules/{game}.md: {empty}"


@pytest.mark.parametrize("game", sorted(PREFIXES))
def test_every_id_a_lesson_names_exists(game: str) -> None:
    text = lessons_text(sorted((ROOT / "lessons").glob("*.ipynb")))
    ids, _ = names(PREFIXES[game], text)
    unknown = sorted(ids - set(ruling_ids(game)))
    assert not unknown, f"lessons name ids that rules/{game}.md lacks: {unknown}"


# --- direction 2: every ruling id is cited -----------------------------------------------------


def test_there_is_a_game_package() -> None:
    assert GAMES, "no package under gupai_learn/games/"
    assert set(GAMES) <= set(PREFIXES), f"no rule-id prefix known for {set(GAMES) - set(PREFIXES)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_is_cited_by_the_engine(game: str) -> None:
    missing = uncited(game, package_text())
    assert not missing, f"gupai_learn/ never cites {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_is_cited_by_a_test(game: str) -> None:
    missing = uncited(game, text_of_tests())
    assert not missing, f"no test cites {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_appears_in_a_lesson_of_its_chapter(game: str) -> None:
    if chapter_status(game) == "coming":
        pytest.skip(f'the {game} chapter is not written yet (status "coming" in syllabus.toml)')
    lessons = chapter_lessons(game)
    assert lessons, f"lessons/syllabus.toml has no lesson in a chapter of {game}"
    missing = uncited(game, lessons_text(lessons))
    assert not missing, f"no lesson of the {game} chapter names {missing}"
