"""What a learner sees in a stored lesson, checked without running it.

Every lesson under ``lessons/`` is read as stored (the outputs of ``tools/run_lessons.py``) and
each check is one test per lesson, whose failure lists ``cell N`` (0-based, as nbformat counts
cells), the output and the offending word or size:

- **tracebacks**: an error output is one line: a single traceback entry, the error's name and
  message, with no frames (``File "…"``, ``----> ``, ``Traceback (most recent call last)``),
  and the error is a ``LearnerError`` (only those show as one line when the cell runs live;
  ``tools/run_lessons.py`` cuts every stored traceback, so the name is what tells); no stream
  (stderr) shows a traceback either.
- **widths**: nothing is wider than :data:`LIMIT` (JupyterLab's output column is 848 px with the
  file browser open): the ``width`` of every ``<svg>`` and ``<img>``, every ``width:`` or
  ``max-width:`` in px of a style; a table of more than :data:`MAX_COLUMNS` columns must sit in a
  box with a ``max-width`` of at most the limit.
- **widgets**: a stored widget view needs a static picture next to it (``text/html``), or a page
  opened without its kernel says "model not found"; a drawing stored only as ``image/svg+xml``
  shows as text in an untrusted notebook, so it needs ``text/html`` (or a PNG) too.
- **words**: learner text (markdown and what outputs show) never speaks about the code: no
  "the ruling(s)", "this project", "the seed", "seed's", puzzle ids (``bg-set-01``), option
  spellings such as ``charity=True`` in markdown prose; outputs show no raw reprs
  (``Ladder(``, ``Combination(``, ``Move.parse(``, ``PuzzleCard(``, ``<IPython.``,
  ``object at 0x``), no "identical deals: True"; and no code cell holds only ``assert``
  lines (a check a learner cannot act on).
- **columns**: "column" is a Tien Gow word (the other games count tricks). It may appear in the
  Tien Gow chapter (02.*) and in 07.01 and 07.02 (Tien Gow's variants); in chapters 00 and 01 and in
  07.07 (the rule lab, whose first game is Tien Gow) only
  in a sentence or line that names Tien Gow; nowhere else (markdown or outputs).
"""

from __future__ import annotations

import ast
import base64
import functools
import html
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

import gupai_learn  # noqa: F401 - every game's errors defined
import gupai_learn.games  # noqa: F401
from gupai_learn.verdict import LearnerError

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
PATHS = sorted(LESSONS.glob("[0-9][0-9].[0-9][0-9]-*.ipynb"))
LIMIT = 840
MAX_COLUMNS = 8
VIEW = "application/vnd.jupyter.widget-view+json"

DEVELOPER_WORDS = [
    r"\bthe ruling\b",
    r"\brulings\b",
    r"\bthis project\b",
    r"\bthe seed\b",
    r"\bseed's\b",
]
PUZZLE_ID = r"\b(?:tg|bg|dn|be|tt|cs|var)-[a-z]+-\d\d\b"
OPTION_SPELLING = r"\b[a-z_]+=(?:True|False)\b"
RAW_REPRS = [
    r"\bLadder\(",
    r"\bCombination\(",
    r"\bMove\.parse\(",
    r"\bPuzzleCard\(",
    r"<IPython\.",
    r"object at 0x",
    r"identical deals: True",
]
FRAMES = ("Traceback (most recent call last)", 'File "', "----> ", "\x1b[0;32m")
LEARNER_ERRORS: frozenset[str] = frozenset()  # filled below, once the classes exist
TIEN_GOW_FILES = re.compile(r"^(02\.\d\d|07\.01|07\.02)-")
EXPLAINS_TIEN_GOW = re.compile(r"^(00\.\d\d|01\.\d\d|07\.07)-")


def _learner_errors() -> frozenset[str]:
    """The names of every LearnerError class (they show as one line in a notebook)."""
    found, todo = set(), [LearnerError]
    while todo:
        cls = todo.pop()
        found.add(cls.__name__)
        todo += cls.__subclasses__()
    return frozenset(found)


@functools.cache
def lesson(path: Path) -> Any:
    """The stored notebook (read once for all the checks; the checks only read it)."""
    return nbformat.read(path, as_version=4)


def shown(output: Any) -> str:
    """The text a learner sees of an output: its HTML as text (no tags, styles or data URLs),
    else markdown, else plain text; a stream's text; an error's name and message."""
    kind = output.get("output_type")
    if kind == "stream":
        return str(output.get("text", ""))
    if kind == "error":
        return f"{output.get('ename')}: {output.get('evalue')}"
    data = output.get("data", {})
    if "text/html" in data:
        markup = str(data["text/html"])
        # a drawing is stored as an image: its words (captions, labels) are shown too
        drawings = [
            base64.b64decode(b).decode("utf-8")
            for b in re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', markup)
        ]
        return " ".join(as_text(m) for m in [markup, *drawings])
    if "text/markdown" in data:
        return str(data["text/markdown"])
    return str(data.get("text/plain", ""))


def as_text(markup: str) -> str:
    markup = re.sub(r"<style\b.*?</style>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(markup)


def outputs(nb: Any) -> list[tuple[int, int, Any]]:
    return [
        (i, k, out)
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
        for k, out in enumerate(cell.get("outputs", []))
    ]


def prose(markdown: str) -> str:
    """Markdown without its fenced code blocks."""
    return re.sub(r"```.*?```", " ", markdown, flags=re.S)


# ----- the checks: each gives a list of "cell N …: what" ----------------------------------


def traceback_problems(nb: Any) -> list[str]:
    found = []
    for i, k, out in outputs(nb):
        where = f"cell {i} output {k}"
        if out.get("output_type") == "error":
            frames = out.get("traceback", [])
            text = "\n".join(frames)
            if len(frames) > 1 or any(mark in text for mark in FRAMES):
                found.append(f"{where}: a traceback of {len(frames)} entries ({out.get('ename')})")
            elif out.get("ename") not in LEARNER_ERRORS:
                found.append(f"{where}: {out.get('ename')} is no LearnerError: live, a traceback")
        elif out.get("output_type") == "stream" and "Traceback (most recent" in out.get("text", ""):
            found.append(f"{where}: a traceback printed to {out.get('name')}")
    return found


SIZE = re.compile(r"""\swidth=["']?([\d.]+)""")
STYLE_WIDTH = re.compile(r"(?<![-\w])(?:max-)?width\s*:\s*([\d.]+)px")


def markup_of(out: Any) -> list[str]:
    data = out.get("data", {})
    return [str(data[m]) for m in ("text/html", "image/svg+xml") if m in data]


def width_problems(nb: Any) -> list[str]:
    found = []
    for i, k, out in outputs(nb):
        for markup in markup_of(out):
            found += [f"cell {i} output {k}: {w}" for w in too_wide(markup)]
    return found


def too_wide(markup: str) -> list[str]:
    """What in ``markup`` is wider than the limit: elements and styles, and wide tables not in
    a narrow box."""
    found = []
    for head in re.findall(r"<(?:svg|img)\b[^>]*>", markup, flags=re.I):
        size = SIZE.search(head)
        if size and float(size.group(1)) > LIMIT:
            found.append(f"{head[:4]}… {float(size.group(1)):g} px wide")
    for size in STYLE_WIDTH.findall(re.sub(r"data:[^\"')]+", "", markup)):
        if float(size) > LIMIT:
            found.append(f"a style {float(size):g} px wide")
    for table in re.finditer(r"<table\b", markup, flags=re.I):
        row = re.search(r"<tr\b.*?</tr>", markup[table.start() :], flags=re.S | re.I)
        cells = len(re.findall(r"<t[hd]\b", row.group(0), flags=re.I)) if row else 0
        boxed = re.search(r"max-width:\s*(\d+)px", markup[: table.start()])
        if cells > MAX_COLUMNS and not (boxed and int(boxed.group(1)) <= LIMIT):
            found.append(f"a table of {cells} columns in no box of at most {LIMIT} px")
    return found


def widget_problems(nb: Any) -> list[str]:
    found = []
    for i, k, out in outputs(nb):
        data = out.get("data", {})
        if VIEW in data and "text/html" not in data:
            found.append(f"cell {i} output {k}: a widget view with no static picture")
        if "image/svg+xml" in data and not {"text/html", "image/png"} & set(data):
            found.append(f"cell {i} output {k}: a drawing an untrusted notebook cannot show")
    return found


def word_problems(nb: Any) -> list[str]:
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            text = prose(cell.source)
            for pattern in [*DEVELOPER_WORDS, PUZZLE_ID, OPTION_SPELLING]:
                found += [f"cell {i} (markdown): {m!r}" for m in _hits(pattern, text)]
        elif cell.cell_type == "code" and _assert_only(cell.source) and not _hidden(cell):
            found.append(f"cell {i} (code): a visible cell of assert lines only")
    for i, k, out in outputs(nb):
        text = shown(out)
        for pattern in [*DEVELOPER_WORDS, PUZZLE_ID, *RAW_REPRS]:
            found += [f"cell {i} output {k}: {m!r}" for m in _hits(pattern, text)]
    return found


def _hits(pattern: str, text: str) -> list[str]:
    return [m.group(0) for m in re.finditer(pattern, text, flags=re.I)]


def _hidden(cell: Any) -> bool:
    """True when a learner does not see the cell's code (collapsed input or a remove tag)."""
    meta = cell.get("metadata", {})
    return bool(meta.get("jupyter", {}).get("source_hidden")) or "remove-input" in meta.get(
        "tags", []
    )


def _assert_only(source: str) -> bool:
    """True for code made of ``assert`` statements only."""
    try:
        body = ast.parse(source).body
    except SyntaxError:  # IPython magics: not plain Python
        return False
    return bool(body) and all(isinstance(node, ast.Assert) for node in body)


def column_problems(nb: Any, name: str) -> list[str]:
    if TIEN_GOW_FILES.match(name):
        return []
    texts = [(f"cell {i} (markdown)", prose(c.source)) for i, c in enumerate(nb.cells)]
    texts = [t for t, c in zip(texts, nb.cells, strict=True) if c.cell_type == "markdown"]
    texts += [(f"cell {i} output {k}", shown(out)) for i, k, out in outputs(nb)]
    found = []
    for where, text in texts:
        for unit in re.split(r"(?<=[.!?])\s+|\n", text):
            if not re.search(r"\bcolumns?\b", unit, flags=re.I):
                continue
            if EXPLAINS_TIEN_GOW.match(name) and re.search(r"Tien Gow|天九", unit):
                continue
            found.append(f"{where}: {unit.strip()[:90]!r}")
    return found


LEARNER_ERRORS = _learner_errors()

CHECKS = {
    "tracebacks": lambda nb, name: traceback_problems(nb),
    "widths": lambda nb, name: width_problems(nb),
    "widgets": lambda nb, name: widget_problems(nb),
    "words": lambda nb, name: word_problems(nb),
    "columns": column_problems,
}


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize("path", PATHS, ids=[p.name[:5] for p in PATHS])
def test_stored_lesson(path: Path, check: str) -> None:
    problems = CHECKS[check](lesson(path), path.name)
    assert not problems, f"{path.name}: " + "; ".join(problems)


# ----- the checks themselves catch what they should ----------------------------------------


def _nb(*cells: Any) -> Any:
    nb = nbformat.v4.new_notebook()
    nb.cells = list(cells)
    return nb


def _code(*outs: Any, source: str = "x") -> Any:
    cell = nbformat.v4.new_code_cell(source)
    cell.outputs = list(outs)
    return cell


def test_the_checks_catch_each_kind_of_problem() -> None:
    frames = nbformat.v4.new_output(
        "error", ename="ValueError", evalue="bad", traceback=["Traceback", 'File "x.py"', "bad"]
    )
    one = nbformat.v4.new_output(
        "error", ename="SetupError", evalue="bad (BE-OPEN)", traceback=["SetupError: bad (BE-OPEN)"]
    )
    assert traceback_problems(_nb(_code(frames))) and not traceback_problems(_nb(_code(one)))
    bare = nbformat.v4.new_output(
        "error", ename="ValueError", evalue="no double (BE-OPEN)", traceback=["ValueError: …"]
    )
    assert traceback_problems(_nb(_code(bare))) == [
        "cell 0 output 0: ValueError is no LearnerError: live, a traceback"
    ]
    wide = nbformat.v4.new_output("display_data", data={"image/svg+xml": '<svg width="904">'})
    assert width_problems(_nb(_code(wide))) == ["cell 0 output 0: <svg… 904 px wide"]
    row = "<tr>" + "<td>1</td>" * 14 + "</tr>"
    table = nbformat.v4.new_output("display_data", data={"text/html": f"<table>{row}</table>"})
    boxed = nbformat.v4.new_output(
        "display_data", data={"text/html": f"<div style='max-width:840px'><table>{row}</table>"}
    )
    assert width_problems(_nb(_code(table))) and not width_problems(_nb(_code(boxed)))
    view = nbformat.v4.new_output("display_data", data={VIEW: {}, "text/plain": "w"})
    assert widget_problems(_nb(_code(view)))
    text = nbformat.v4.new_markdown_cell("As the ruling says, lead `charity=True`; see bg-set-01.")
    assert len(word_problems(_nb(text))) == 3
    shown_repr = nbformat.v4.new_output("execute_result", data={"text/plain": "Ladder('x')"})
    assert word_problems(_nb(_code(shown_repr)))
    assert word_problems(_nb(_code(source="assert deal.is_over\nassert x == (\n  1)")))
    assert not word_problems(_nb(_code(source="x = 1\nassert x")))
    hidden = _code(source="assert deal.is_over")
    hidden.metadata["jupyter"] = {"source_hidden": True}
    assert not word_problems(_nb(hidden))
    column = nbformat.v4.new_markdown_cell("Bagchen counts columns. Tien Gow counts columns.")
    assert column_problems(_nb(column), "03.00-x.ipynb") == [
        "cell 0 (markdown): 'Bagchen counts columns.'",
        "cell 0 (markdown): 'Tien Gow counts columns.'",
    ]
    assert column_problems(_nb(column), "00.00-x.ipynb") == [
        "cell 0 (markdown): 'Bagchen counts columns.'"
    ]
    assert column_problems(_nb(column), "02.05-x.ipynb") == []
