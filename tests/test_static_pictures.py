"""Pages before running: every widget carries a static picture of itself (its question, its
table) for a page whose kernel is gone; stored lessons keep that picture instead of a widget
view; drawings are displayed as HTML images, which an untrusted notebook shows too. And the
deal player's and puzzle list's small promises (issue 22 item 12)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import ipywidgets
import nbformat
import pytest
from IPython.core.formatters import DisplayFormatter
from IPython.display import HTML, SVG

import gupai_learn as gl
from gupai_learn import puzzles
from gupai_learn.bots import play_out
from gupai_learn.display import install
from gupai_learn.games import GAMES
from gupai_learn.render import Picture, row_svg
from gupai_learn.widgets import (
    DealPlayer,
    HandPicker,
    LineView,
    Practice,
    PuzzleCard,
    PuzzleSet,
    ReplayStepper,
    RuleLab,
    TrickView,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import run_lessons  # noqa: E402

VIEW = "application/vnd.jupyter.widget-view+json"


def bundle(widget: Any) -> dict[str, Any]:
    found = widget._repr_mimebundle_()
    return dict(found[0] if isinstance(found, tuple) else found)


WIDGETS = {
    "a card": lambda: PuzzleCard(puzzles.get("tg-end-02")),
    "a choice card": lambda: PuzzleCard(
        next(p for p in puzzles.bank("bagchen") if p.answer_kind == "choice")
    ),
    "a puzzle list": lambda: PuzzleSet(puzzles.bank("tien_gow")[:3], title="Tien Gow"),
    "a deal player": lambda: DealPlayer("bagchen", seed=2),
    "a line game's player": lambda: DealPlayer("ding_niu", seed=2),
    "a match": lambda: DealPlayer("bergen", seed=2),
    "a hand picker": lambda: HandPicker(gl.tiles("[6:6] [1:1] [4:2]"), game="tien_gow"),
    "a line view": lambda: LineView(GAMES["ding_niu"].Deal.random(seed=1)),
    "a replay": lambda: ReplayStepper(GAMES["tien_gow"].Deal.random(seed=1), step=0),
    "a trick view": lambda: TrickView(GAMES["tien_gow"].Deal.random(seed=1)),
    "the rule lab": lambda: RuleLab("ding_niu", progress=False),
    "a practice session": lambda: Practice("bergen"),
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_every_widget_has_a_static_picture(name: str) -> None:
    data = bundle(WIDGETS[name]())
    assert VIEW in data  # live, the widget itself
    picture = data["text/html"]
    assert "Run this cell to" in picture
    assert "<svg" not in picture  # drawings as images: a sanitizer keeps those
    assert "<script" not in picture and "model" not in picture
    assert picture == bundle(WIDGETS[name]())["text/html"]  # deterministic
    assert "::" not in picture  # a control's label ends in one colon ("Computer: normal")


def test_a_cards_picture_asks_its_question_with_its_choices() -> None:
    puzzle = next(p for p in puzzles.bank("bagchen") if p.answer_kind == "choice")
    picture = bundle(PuzzleCard(puzzle))["text/html"]
    assert puzzle.title in picture and "Run this cell to answer." in picture
    for choice in puzzle.choices:
        assert f">{choice}</span>" in picture
    tiles = PuzzleCard(puzzles.get("tg-end-02"))
    assert bundle(tiles)["text/html"].count('class="gupai-picture"') >= len(tiles.pool)


def test_a_lists_picture_does_not_depend_on_progress() -> None:
    shelf = PuzzleSet(puzzles.bank("tien_gow")[:3], title="Tien Gow")
    before = bundle(shelf)["text/html"]
    card = shelf.card
    card.choice = card.puzzle.solution.answer if card.kind == "choice" else ""
    card.selected = [i for i, t in enumerate(card.pieces) if t in card.puzzle.solution.answer]
    card.check()
    assert shelf.solved and bundle(shelf)["text/html"] == before


def test_a_lessons_own_box_gets_a_picture_too() -> None:
    formatter = DisplayFormatter()
    assert install(SimpleNamespace(display_formatter=formatter))
    box = ipywidgets.VBox([ipywidgets.HTML("<p>Play your deal to the end above.</p>")])
    data, _ = formatter.format(box)
    assert VIEW in data and "Play your deal to the end above." in data["text/html"]
    assert "Run this cell to use it." in data["text/html"]
    card, _ = formatter.format(PuzzleCard(puzzles.get("tg-end-02")))
    assert "Run this cell to answer." in card["text/html"]


def test_drawings_display_as_images_that_an_untrusted_page_shows() -> None:
    formatter = DisplayFormatter()
    install(SimpleNamespace(display_formatter=formatter))
    hand = gl.tiles("[6:6] [3:1]")
    data, _ = formatter.format(hand)
    assert "image/svg+xml" not in data and data["text/html"].startswith('<img src="data:image/svg')
    assert data["text/plain"] == repr(hand)
    data, _ = formatter.format(SVG(row_svg(hand)))
    assert data["text/html"].startswith("<img ") and "IPython" not in data["text/plain"]
    assert data["text/plain"].startswith("(a picture: a row of 2 tiles")
    data, _ = formatter.format(Picture(row_svg(hand)))  # the lessons' way: no parse, no look-up
    assert data["text/html"].startswith("<img ") and "image/svg+xml" not in data
    assert data["text/plain"].startswith("(a picture: a row of 2 tiles")
    data, _ = formatter.format(HTML(f"<b>hand</b>{row_svg(hand)}"))
    assert data["text/html"].startswith("<b>hand</b><img ") and "<svg" not in data["text/html"]
    info = GAMES["tien_gow"]
    deal = play_out(info.Deal.random(seed=1), [info.bot("random", s) for s in range(4)])
    data, _ = formatter.format(deal.settle())
    assert "text/html" in data and "<svg" not in data["text/html"]


def test_outside_ipython_nothing_is_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "IPython", SimpleNamespace(get_ipython=lambda: None))
    assert install() is False
    monkeypatch.delitem(sys.modules, "IPython")
    assert install() is False


def _stored(data: dict[str, Any]) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("x")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    nb.cells.append(cell)
    return nb


def test_stored_lessons_keep_the_picture_not_the_view() -> None:
    view = {"model_id": "f" * 32, "version_major": 2, "version_minor": 0}
    nb = _stored({VIEW: dict(view), "text/html": "<p>Run this cell</p>", "text/plain": "w"})
    run_lessons.clean(nb, "x.ipynb")
    assert set(nb.cells[0].outputs[0].data) == {"text/html", "text/plain"}
    bare = _stored({VIEW: dict(view), "text/plain": "w"})  # no picture: the view is kept
    run_lessons.clean(bare, "x.ipynb")
    assert VIEW in bare.cells[0].outputs[0].data


# ----- the deal player and the puzzle list ----------------------------------------------


def test_a_move_clears_the_last_hint() -> None:
    player = DealPlayer(seed=5, seat=0)
    hint = player.hint()
    assert hint is not None and "Hint:" in player.coach.value
    player.deal.apply(hint)
    player.picker.on_move()  # what the picker calls after it applied a move
    assert player.coach.value == ""
    player.new_deal()
    assert "A new deal." in player.coach.value  # a note of the deal player's own stays


def test_the_line_view_says_what_one_click_does() -> None:
    view = LineView(GAMES["ding_niu"].Deal.random(seed=1))
    while view.deal.turn != view.seat:
        view.deal.apply(view.deal.legal_moves()[0])
    view.refresh()
    assert "fits one end only goes there at once" in view.verdict_html
    moves = [m for m in view.deal.legal_moves() if m.kind == "play"]
    single = next(
        (
            i
            for i, t in enumerate(view.deal.hands[view.seat])
            if len([m.end for m in moves if t in m.pieces]) == 1
        ),
        None,
    )
    if single is not None and view.deal.layout.ends is not None:
        before = len(view.deal.history)
        view.selected = [single]
        assert len(view.deal.history) > before  # played at once, as the words say


def test_a_puzzle_list_hears_of_a_card_solved_above_it() -> None:
    shelf = PuzzleSet(puzzles.bank("bagchen")[:5], title="Bagchen")
    target = shelf.puzzles[3]
    above = PuzzleCard(target)  # the same puzzle on its own card, higher on the page
    assert above.puzzle.solution.answer is not None
    if above.kind == "choice":
        above.choice = above.puzzle.solution.answer
    elif above.kind in ("tiles", "move"):
        wanted = list(above.puzzle.solution.answer)
        above.selected = [i for i, t in enumerate(above.pieces) if t in wanted]
    else:
        above.numbers = [str(n) for n in above.puzzle.solution.answer]
    assert above.check().correct
    assert target.id in shelf.solved
    assert shelf.picker.options[3][0].startswith("★★★ 4. ")
    assert shelf.count.value.startswith("1 of 5 solved")


def test_puzzle_lists_show_no_puzzle_ids() -> None:
    shelf = PuzzleSet(puzzles.bank("bagchen")[:5])
    for label, _ in shelf.picker.options:
        assert not any(p.id in label for p in shelf.puzzles), label


def test_a_wide_table_scrolls_inside_the_column() -> None:
    pandas = pytest.importorskip("pandas")
    formatter = DisplayFormatter()
    install(SimpleNamespace(display_formatter=formatter))
    frame = pandas.DataFrame({f"measure_{i}": [i] for i in range(14)})
    data, _ = formatter.format(frame)
    assert data["text/html"].startswith('<div class="gupai-table-box" style="max-width:840px;')
    assert "measure_13" in data["text/html"]
