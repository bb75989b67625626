"""The package's imports run one way (issue 35, design.md §1): no circle of modules, except the
ones closed by a drawing hook, a lazy import inside a ``_repr_*_`` method (a value type draws
itself through ``render``, as python-chess's do). Every import counts: at the top of a
module, inside a function, and under ``if TYPE_CHECKING:``.

A deal knows its game (``deal.info``) and the games register themselves (``GAMES``), so no
module below the games needs to import them: that would close a circle, and this test would
name it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "gupai_learn"


@dataclass(frozen=True)
class Import:
    """One import of a module of the package by another: where it sits (``"top"``, ``"lazy"``:
    inside a function, ``"typing"``: under TYPE_CHECKING) and the function it sits in."""

    source: str
    target: str
    kind: str
    function: str | None

    @property
    def draws(self) -> bool:
        """A drawing hook: a lazy import inside a ``_repr_*_`` method."""
        return self.kind == "lazy" and (self.function or "").startswith("_repr_")


def modules(package: Path) -> dict[str, Path]:
    """Every module of ``package`` by dotted name (a package by its own name)."""
    found = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


class _Reader(ast.NodeVisitor):
    def __init__(self, name: str, is_package: bool, known: set[str]) -> None:
        self.name, self.is_package, self.known = name, is_package, known
        self.function: str | None = None
        self.typing = False
        self.found: list[Import] = []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer = self.function
        self.function = outer or node.name
        self.generic_visit(node)
        self.function = outer

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if "TYPE_CHECKING" not in ast.unparse(node.test):
            self.generic_visit(node)
            return
        outer, self.typing = self.typing, True
        for child in node.body:
            self.visit(child)
        self.typing = outer
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            here = self.name.split(".") if self.is_package else self.name.split(".")[:-1]
            here = here[: len(here) - (node.level - 1)]
            base = ".".join([*here, *([node.module] if node.module else [])])
        for alias in node.names:
            whole = f"{base}.{alias.name}"
            self._add(whole if whole in self.known else base)

    def _add(self, name: str) -> None:
        while name and name not in self.known:
            name = name.rpartition(".")[0]
        if name and name != self.name:
            kind = "typing" if self.typing else "lazy" if self.function else "top"
            self.found.append(Import(self.name, name, kind, self.function))


def imports(package: Path) -> list[Import]:
    """Every import of one module of ``package`` by another."""
    found = modules(package)
    known = set(found)
    out: list[Import] = []
    for name, path in sorted(found.items()):
        reader = _Reader(name, path.name == "__init__.py", known)
        reader.visit(ast.parse(path.read_text(encoding="utf-8")))
        out += reader.found
    return out


def circles(edges: list[Import]) -> list[list[str]]:
    """The circles of ``edges``: each a list of modules that import each other in a loop
    (Tarjan's strongly connected components of more than one module)."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.source, set()).add(edge.target)
        graph.setdefault(edge.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # deep enough for a package of a few hundred modules
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _ties(edges: list[Import], circle: list[str]) -> Iterator[str]:
    inside = set(circle)
    for edge in edges:
        if edge.source in inside and edge.target in inside:
            where = f" in {edge.function}" if edge.function else ""
            yield f"{edge.source} -> {edge.target} ({edge.kind}{where})"


def test_no_circle_but_drawing_hooks() -> None:
    edges = [edge for edge in imports(PACKAGE) if not edge.draws]
    found = circles(edges)
    assert not found, "\n".join(
        f"a circle of {len(c)} modules:\n  " + "\n  ".join(_ties(edges, c)) for c in found
    )


def test_nothing_below_the_games_imports_them() -> None:
    """The modules the games import, directly or not, never import ``gupai_learn.games``."""
    edges = imports(PACKAGE)
    below: set[str] = set()
    todo = [e.target for e in edges if e.source.startswith("gupai_learn.games")]
    while todo:
        name = todo.pop()
        if name not in below and not name.startswith("gupai_learn.games"):
            below.add(name)
            todo += [e.target for e in edges if e.source == name]
    offenders = [
        f"{e.source} ({e.kind})"
        for e in edges
        if e.source in below and e.target.startswith("gupai_learn.games")
    ]
    assert not offenders, offenders


def test_the_check_sees_a_circle_and_a_drawing_hook(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.sub import b\n"
    )
    (package / "sub" / "b.py").write_text("def f():\n    from pkg import a\n")
    (package / "sub" / "c.py").write_text(
        "from pkg import a\nclass C:\n    def _repr_svg_(self):\n        from . import d\n"
    )
    (package / "sub" / "d.py").write_text("from pkg.sub.c import C\n")
    edges = imports(package)
    assert circles(edges) == [["pkg.a", "pkg.sub.b"], ["pkg.sub.c", "pkg.sub.d"]]
    assert circles([e for e in edges if not e.draws]) == [["pkg.a", "pkg.sub.b"]]
