"""Game knowledge lives in the games (issues 25, 35): no module outside ``gupai_learn/games/``
names a game in its code (a game's name or title as a string, or an import of a game's
package), and neither does a tool (``tools/``: they read ``GAMES``); docstrings and comments
may use games as examples. The modules still listed in ``KNOWN`` are debts to pay, not a
licence: the list may only shrink."""

from __future__ import annotations

import ast
from pathlib import Path

from gupai_learn.games import GAMES

PACKAGE = Path(__file__).resolve().parent.parent / "gupai_learn"
TOOLS = PACKAGE.parent / "tools"
#: Modules that still name games, and why (remove an entry once its module is clean).
KNOWN: dict[str, str] = {}


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            found.add(id(first.value))
    return found


def _names_a_game(tree: ast.AST) -> list[str]:
    words = set(GAMES) | {info.title for info in GAMES.values()}
    packages = tuple(f"gupai_learn.games.{name}" for name in GAMES)
    docs = _docstrings(tree)
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in words and id(node) not in docs:
            hits.append(f"{node.lineno}: {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            hits += [f"{node.lineno}: import {m}" for m in modules if m.startswith(packages)]
        elif isinstance(node, ast.Import):
            hits += [
                f"{node.lineno}: import {a.name}" for a in node.names if a.name.startswith(packages)
            ]
    return hits


def test_no_generic_module_names_a_game() -> None:
    offenders = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("games/"):
            continue
        hits = _names_a_game(ast.parse(path.read_text(encoding="utf-8")))
        if hits:
            offenders[relative] = hits
    assert set(offenders) <= set(KNOWN), {k: v for k, v in offenders.items() if k not in KNOWN}


def test_no_tool_names_a_game() -> None:
    offenders = {}
    for path in sorted(TOOLS.rglob("*.py")):
        hits = _names_a_game(ast.parse(path.read_text(encoding="utf-8")))
        if hits:
            offenders[path.relative_to(TOOLS).as_posix()] = hits
    assert not offenders, offenders


def test_the_check_sees_a_game_name() -> None:
    code = 'from gupai_learn.games import tien_gow\nGAME = "bergen"\n"""Bergen in a docstring."""'
    assert len(_names_a_game(ast.parse(code))) == 2
