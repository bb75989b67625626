"""Lessons as a learner first meets them, in a real browser: opened without running (untrusted,
as on a first open, and trusted), and a run lesson after the page is reloaded. No output may
say "Error displaying widget: model not found", the browser console stays free of errors, and
each exercise shows its question (the static picture stored for it).

JupyterLab windows long notebooks (only cells near the viewport are in the page), so the test
scrolls through every cell and reads the outputs of each as it comes into view.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from tests.browser.conftest import REPO, Lab, open_and_run, wait_idle

pytestmark = pytest.mark.browser

NOT_FOUND = "model not found"
VIEW = "application/vnd.jupyter.widget-view+json"
#: one lesson with exercises from each of three chapters, opened without running
UNRUN = [
    "01.01-The-Chinese-Domino-Set.ipynb",
    "03.09-Puzzles.ipynb",
    "05.02-Opening-and-Playing.ipynb",
]
RELOADED = "02.09-Play-a-Deal.ipynb"


def first_question(name: str) -> str:
    """The question of the first exercise stored in lesson ``name`` (read from the file: the
    paragraph after the card's title in its static picture)."""
    nb = nbformat.read(REPO / "lessons" / name, as_version=4)
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            markup = out.get("data", {}).get("text/html", "")
            if "Run this cell to answer." in markup:
                found = re.search(r"</b></p><p>(.*?)</p>", markup, flags=re.S)
                if found:
                    return re.sub(r"<[^>]+>", "", found.group(1))
    raise AssertionError(f"{name} stores no exercise with its question")


def every_output(page: Any) -> dict[int, str]:
    """The text of each cell's outputs, cell by cell, scrolling every cell into view."""
    count = int(page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length"))
    seen: dict[int, str] = {}
    for index in range(count):
        page.evaluate(
            "async (i) => { const nb = window.jupyterapp.shell.currentWidget.content;"
            " nb.activeCellIndex = i; await nb.scrollToItem(i, 'center'); }",
            index,
        )
        page.wait_for_timeout(150)
        texts = page.evaluate(
            """() => {
                const nb = window.jupyterapp.shell.currentWidget.content;
                return nb.widgets.map((cell, i) => [i, cell.node.isConnected ?
                    [...cell.node.querySelectorAll('.jp-OutputArea-output')]
                        .map(o => o.textContent).join('\\n') : null]);
            }"""
        )
        for i, text in texts:
            if text is not None:
                seen[i] = text
    return seen


def console_errors(page: Any) -> list[str]:
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: found.append(str(e)))
    return found


def open_unrun(page: Any, lab: Lab, name: str) -> None:
    """Open lesson ``name`` as a learner first meets it: as shipped, with no kernel. The test
    modules share one JupyterLab, and one before this may have run the lesson: its kernel is
    shut down and the session's copy made again first."""
    sessions = page.request.get(f"{lab.url}/api/sessions?token={lab.token}").json()
    for session in sessions:
        if session["path"] == name:
            page.request.delete(f"{lab.url}/api/sessions/{session['id']}?token={lab.token}")
    shutil.copy(REPO / "lessons" / name, lab.root / name)
    page.goto(lab.notebook_url(name))
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    wait_idle(page)
    page.wait_for_timeout(1500)  # outputs render after the kernel is up


def assert_not_marked_changed(page: Any, name: str) -> None:
    """A lesson just opened has no "unsaved changes" (JupyterLab marks it when the stored kernel
    name or language differ from what the kernel reports; the Python version is part of it,
    so the check needs the Python the lessons were last run with)."""
    stored = nbformat.read(REPO / "lessons" / name, as_version=4).metadata["language_info"]
    if stored.get("version") != "{}.{}.{}".format(*sys.version_info[:3]):
        return  # another Python: JupyterLab writes its version, and the mark is honest
    assert not page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")


def check_page(seen: dict[int, str], question: str | None = None) -> None:
    broken = [i for i, text in seen.items() if NOT_FOUND in text]
    assert broken == [], f"cells {broken} say 'model not found'"
    reprs = [i for i, text in seen.items() if re.search(r"<IPython\.|PuzzleCard\(", text)]
    assert reprs == [], f"cells {reprs} show an object's repr instead of its picture"
    if question is not None:
        squash = " ".join(question.split())
        assert any(squash in " ".join(t.split()) for t in seen.values()), question


@pytest.mark.parametrize("name", UNRUN)
def test_an_unrun_lesson_shows_each_exercise_with_its_question(
    page: Any, lab: Lab, name: str
) -> None:
    errors = console_errors(page)
    open_unrun(page, lab, name)  # a copy made for this session: not trusted
    assert_not_marked_changed(page, name)
    check_page(every_output(page), first_question(name))
    # trusted (as after "Trust notebook"): the stored pictures, never a widget error
    page.evaluate(
        "() => { for (const c of window.jupyterapp.shell.currentWidget.content.model.cells)"
        " { c.trusted = true; } }"
    )
    page.wait_for_timeout(1000)
    check_page(every_output(page), first_question(name))
    assert errors == []
    for path in lab.screenshot_path(f"unrun-{name[:5]}.png"):
        page.screenshot(path=str(path))


def test_a_run_lesson_after_a_reload_and_after_its_kernel_ended_shows_no_widget_error(
    page: Any, lab: Lab
) -> None:
    """Run and save a lesson with a deal player, then open it again twice (one run serves
    both):

    - after a reload of the page, its kernel still running: every widget is drawn and the
      deal player is live;
    - after its kernel is shut down (JupyterLab closed overnight) and the page reloaded: the
      saved widget views have no model in the new kernel. JupyterLab can keep the widgets'
      state in the notebook on save (``@jupyter-widgets/jupyterlab-manager:plugin``
      ``saveState``, set in ``binder/overrides.json``, which ``make lab``, Binder and these
      tests use); then each widget is drawn from that state instead of "model not found".
    """
    errors = console_errors(page)
    open_and_run(page, lab, RELOADED)
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_timeout(1500)
    _reload(page)
    seen = every_output(page)
    check_page(seen)
    assert any("New deal" in t for t in seen.values())  # the deal player is there, live
    assert errors == []
    for path in lab.screenshot_path("reloaded.png"):
        page.screenshot(path=str(path))
    assert_state_saved(lab.root / RELOADED)
    seen = _reopen_after_kernel_ends(page)
    if any(NOT_FOUND in text for text in seen.values()):
        # jupyterlab-manager (its static/160.*.js) can run two restores at once on a new
        # kernel: one from the kernel when it connects, one from the notebook's saved state when
        # the document opens. The first to end marks the manager restored, and a view whose
        # model is still being made from the saved state gives up after 2 s. On a loaded
        # machine that race is lost now and then (seen once in CI: five cells), so a second
        # reopening decides; a state that is missing fails both.
        del errors[:]
        seen = _reopen_after_kernel_ends(page)
    check_page(seen)
    assert errors == []


def assert_state_saved(path: Path) -> None:
    """Every widget view stored in the outputs of the saved notebook at ``path`` has its model
    in the widget state saved with it."""
    nb = nbformat.read(path, as_version=4)
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    views = [
        out["data"][VIEW]["model_id"]
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if VIEW in out.get("data", {})
    ]
    assert views, "the saved lesson shows no widget"
    assert [m for m in views if m not in state] == []


def _reopen_after_kernel_ends(page: Any) -> dict[int, str]:
    """Shut the lesson's kernel down, reload the page (a new kernel starts), and read every
    output."""
    page.evaluate(
        "async () => { await window.jupyterapp.shell.currentWidget.sessionContext.shutdown(); }"
    )
    page.wait_for_timeout(1500)
    _reload(page)
    return every_output(page)


def _reload(page: Any) -> None:
    """Reload the page and wait for the notebook, its kernel and its outputs."""
    page.reload()
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    wait_idle(page)
    page.wait_for_timeout(2000)


def test_the_lessons_checked_here_exist() -> None:
    for name in [*UNRUN, RELOADED]:
        assert Path(REPO / "lessons" / name).exists(), name
