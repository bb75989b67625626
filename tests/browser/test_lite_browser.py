"""The JupyterLite site (``make lite``): lessons run in the browser with no server and no network.

The site in ``_site/`` is served on 127.0.0.1 and every other request is aborted. One lesson of
each chapter 00-06 opens in a fresh browser profile, runs top to bottom in Pyodide, and a card
is answered wrong, then right; in 01.01 the star is still there after a reload (the browser's
storage); and no request left 127.0.0.1. When ``_site/`` is missing the fixture builds it
(``tools/lite/build.py``; downloads are cached in ``.lite-cache/``). The timings are printed
(run with ``-s``). About 4-5 minutes on two busy cores: the marker ``lite`` selects or skips
them; ``make test`` runs them.
"""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import REPO, built_site

pytestmark = [pytest.mark.browser, pytest.mark.lite]

SITE = REPO / "_site"
#: one lesson per chapter 00-06 (the overviews are short; each of 01-06 has a card with options)
LESSONS = (
    "00.00-Start.ipynb",
    "01.01-The-Chinese-Domino-Set.ipynb",
    "02.00-Tien-Gow-Overview.ipynb",
    "03.00-Bagchen-Overview.ipynb",
    "04.00-Bull-Fight-Overview.ipynb",
    "05.00-Bergen-Overview.ipynb",
    "06.02-Sets-and-Tiers.ipynb",
)
TIMES: dict[str, list[float]] = {"kernel ready": [], "run all": [], "click to reply": []}
LOADED: dict[str, set[str]] = {}  # lesson -> the site's files its page asked for


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The built site served on 127.0.0.1; its address."""
    built_site(SITE)
    spec = importlib.util.spec_from_file_location("gupai_lite_serve", REPO / "tools/lite/serve.py")
    assert spec is not None and spec.loader is not None
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    server = serve.start(SITE)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


OUTSIDE: list[str] = []


@pytest.fixture(scope="module")
def lite_browser(browser: Any) -> Iterator[Any]:
    """The session's headless Chromium (one Playwright per process: a second one started
    beside it refuses to run); the timings are printed at the module's end."""
    yield browser
    print("\nJupyterLite timings (s):", {k: [round(t, 2) for t in v] for k, v in TIMES.items()})
    for lesson, paths in LOADED.items():
        files = [SITE / p for p in paths if (SITE / p).is_file()]
        print(f"{lesson}: {sum(f.stat().st_size for f in files) / 1e6:.1f} MB of the site loaded")


@pytest.fixture
def lite(lite_browser: Any, site: str) -> Iterator[Any]:
    """A fresh browser profile (empty storage, as a first visit) in which every request that
    does not go to the site is aborted and noted in OUTSIDE."""

    def only_local(route: Any) -> None:
        url = route.request.url
        if url.startswith((site + "/", "data:", "blob:")):
            route.continue_()
        else:
            OUTSIDE.append(url)
            route.abort()

    context = lite_browser.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/*", only_local)
    context.on("request", lambda r: None if r.url.startswith(site) else OUTSIDE.append(r.url))
    yield context
    context.close()


KERNEL_IDLE = """() => {
    const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const c = w && w.sessionContext;
    const k = c && c.session && c.session.kernel;
    return !!k && k.status === 'idle' && c.isReady;
}"""

# run the first code cell that has not run and everything below it (Run All stops at a cell
# that raises; the next round goes on after it); -1 when every code cell has run
RUN_REST = """async () => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    const i = nb.widgets.findIndex(c => c.model.type === 'code' && !c.model.executionCount
                                        && c.model.sharedModel.getSource().trim() !== '');
    if (i < 0) return -1;
    nb.activeCellIndex = i;
    await window.jupyterapp.commands.execute('notebook:run-all-below');
    return i;
}"""


def _wait_idle(page: Any, timeout: float = 180) -> None:
    deadline, calm = time.monotonic() + timeout, 0
    while calm < 3:
        assert time.monotonic() < deadline, "the Pyodide kernel did not become idle"
        calm = calm + 1 if page.evaluate(KERNEL_IDLE) else 0
        page.wait_for_timeout(300)


def _shown(page: Any) -> None:
    page.locator(".jp-Notebook").filter(visible=True).first.wait_for(timeout=120_000)


def _open(page: Any, site: str, lesson: str) -> None:
    start = time.monotonic()
    page.goto(f"{site}/lab/index.html?path={lesson}", timeout=120_000)
    _shown(page)
    _wait_idle(page)
    TIMES["kernel ready"].append(time.monotonic() - start)


def _run_all(page: Any) -> None:
    """Clear the stored outputs, then run every code cell (going on after a cell that raises)."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    start = time.monotonic()
    for _ in range(20):
        if page.evaluate(RUN_REST) < 0:
            break
        page.wait_for_timeout(500)
        _wait_idle(page)
    TIMES["run all"].append(time.monotonic() - start)


def _check(page: Any, card: Any, option: int) -> str:
    feedback = card.locator(".gupai-card-feedback")
    card.locator("input[type='radio']").nth(option).check()
    before = feedback.inner_text()
    start = time.monotonic()
    card.locator("button.gupai-card-check").click()
    page.wait_for_function(
        "([el, before]) => el.innerText !== before && el.innerText.trim() !== ''",
        arg=[feedback.element_handle(), before],
    )
    TIMES["click to reply"].append(time.monotonic() - start)
    return str(feedback.inner_text())


RERUN_CARD_CELL = """(card) => {
    const nb = window.jupyterapp.shell.currentWidget.content;
    nb.activeCellIndex = nb.widgets.findIndex(c => c.node.contains(card));
    return window.jupyterapp.commands.execute('notebook:run-cell');
}"""


def _answer_wrong_then_right(page: Any) -> list[str]:
    """The first card with options: its first option, then the others until one is right. When
    the first option was right at once, the card's cell runs again (a fresh card) and a known
    wrong option goes first. The feedback texts, in order."""
    cards = page.locator(".jp-OutputArea-output .gupai-card:has(input[type='radio'])")
    assert cards.count() >= 1, "no card with options"
    card = cards.first
    card.scroll_into_view_if_needed()
    said = [_check(page, card, 0)]
    order = list(range(1, card.locator("input[type='radio']").count()))
    if "incorrect" not in said[0].lower():  # right at once: see a wrong answer on a fresh card
        page.evaluate(RERUN_CARD_CELL, card.element_handle())
        page.wait_for_timeout(500)
        _wait_idle(page)
        card = cards.first
        said, order = [_check(page, card, 1)], [0]
    for option in order:
        if "incorrect" not in said[-1].lower():
            break
        said.append(_check(page, card, option))
    return said


def _errors(page: Any) -> list[str]:
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    return [errors.nth(i).inner_text() for i in range(errors.count())]


#: run code in the open notebook's kernel; what it printed
KERNEL_SAYS = """async (code) => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    const future = kernel.requestExecute({code});
    let said = '';
    future.onIOPub = (msg) => {
        if (msg.header.msg_type === 'stream') said += msg.content.text;
        if (msg.header.msg_type === 'error') said += msg.content.ename + ': ' + msg.content.evalue;
    };
    await future.done;
    return said;
}"""
#: a module of the learner's, saved in the lessons' folder (the browser's drive)
MINE = """() => window.jupyterapp.serviceManager.contents.save('gupai_probe_mine.py',
    {type: 'file', format: 'text', content: 'WHERE = "the drive"\\n'})"""


def _the_learners_folder_is_the_kernels(page: Any) -> None:
    """The kernel's current folder is the lessons' (the drive), searched last for modules
    (``tools/lite/build.py``, ``drive_after_kernel``): a module saved there imports."""
    page.evaluate(MINE)
    code = "import os, sys, gupai_probe_mine\n"
    code += "print(os.getcwd(), sys.path.count(''), sys.path[-1] == '', gupai_probe_mine.WHERE)"
    assert page.evaluate(KERNEL_SAYS, code).strip() == "/drive 1 True the drive"


SAVED = """async () => (await window.jupyterapp.serviceManager.contents
    .get('gupai-progress.json', {content: true, format: 'text'})).content"""


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_runs_in_the_browser(lite: Any, site: str, lesson: str) -> None:
    page = lite.new_page()
    console: list[str] = []  # the page's console errors (a resource missing, a script failing)
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    loaded = LOADED.setdefault(lesson, set())
    lite.on("request", lambda r: loaded.add(r.url[len(site) + 1 :].split("?")[0]))
    _open(page, site, lesson)
    _run_all(page)
    notebook = page.locator(".jp-Notebook").filter(visible=True).first
    assert page.locator(".jp-OutputArea-output").count() > 0
    assert not [e for e in _errors(page) if "Traceback" in e], _errors(page)
    if lesson.startswith("00."):
        assert "Your stars: 0 of" in notebook.inner_text()  # a first visit: no stars yet
        _the_learners_folder_is_the_kernels(page)
        assert console == [], console
        return
    said = _answer_wrong_then_right(page)
    assert "incorrect" in said[0].lower() and "incorrect" not in said[-1].lower(), said
    assert "correct" in said[-1].lower()
    if lesson.startswith("01."):  # the star is in the browser's storage, after a reload too
        page.reload()
        _shown(page)
        _wait_idle(page)
        solved = json.loads(page.evaluate(SAVED))["solved"]
        assert len(solved) == 1, solved
    assert console == [], console


def test_no_request_left_127_0_0_1() -> None:
    """Run after the lessons above: none of their requests went anywhere but the site."""
    assert TIMES["kernel ready"], "run with the lesson tests"
    assert OUTSIDE == [], sorted(set(OUTSIDE))[:10]


def test_the_site_carries_what_chapters_00_to_06_need() -> None:
    """Every wheel the kernel loads at start is in the site; nothing is fetched by name."""
    lock = json.loads((SITE / "static/pyodide/pyodide-lock.json").read_text(encoding="utf-8"))
    carried = {n for n, p in lock["packages"].items() if "://" not in p["file_name"]}
    assert {"gupai-learn", "anywidget", "ipywidgets", "ipython", "comm", "psygnal"} <= carried
    for name in carried:
        assert (SITE / "static/pyodide" / lock["packages"][name]["file_name"]).is_file(), name
    config = json.loads((SITE / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./")
    # the kernel loads everything at once, installs nothing through piplite, leaves jedi out
    # (parso with it) and IPython's terminal out of the start
    start = set(kernel["loadPyodideOptions"]["packages"])
    assert {"micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi"} <= start
    assert "parso" not in carried and lock["packages"]["jedi"]["version"].endswith("left.out")
    # psygnal's probe of mypy_extensions is answered in site-packages (not by listing the drive)
    assert "mypy-extensions" in lock["packages"]["psygnal"]["depends"]
    assert lock["packages"]["mypy-extensions"]["version"].endswith("left.out")
    assert "prompt-toolkit" in carried
    assert "prompt-toolkit" not in lock["packages"]["ipython"]["depends"]
    assert Path(SITE / "files" / "syllabus.toml").is_file()
