"""The command handler every button widget shares (``widgets/_commands.py`` and
``static/commands.js``): a press is read once and cleared, so the same button can be pressed
again; a name the widget does not offer gets one short line; the shared front-end code is
bundled (offline) in front of each widget's own module."""

from __future__ import annotations

import pytest

from gupai_learn.games import bergen, tien_gow
from gupai_learn.widgets import HandPicker, LineView
from gupai_learn.widgets._commands import CommandWidget


class Counter(CommandWidget):
    """A widget that only counts its presses."""

    def __init__(self) -> None:
        super().__init__()
        self.pressed: list[str] = []

    def run_command(self, name: str) -> None:
        self.pressed.append(name)


def test_a_press_is_run_once_and_cleared_so_it_can_come_again() -> None:
    widget = Counter()
    widget.command = "Draw"
    assert widget.command == "" and widget.pressed == ["Draw"]
    widget.command = "Draw"
    widget.command = ""
    assert widget.pressed == ["Draw", "Draw"]


def test_only_the_command_comes_from_the_browser() -> None:
    widget = Counter()
    widget.set_state({"command": "Pass", "_esm": "alert(1)"})
    assert widget.pressed == ["Pass"]


def test_an_unknown_name_is_quoted_short() -> None:
    line = CommandWidget.unavailable("x" * 500, "here")
    assert line.endswith("is not available here.") and len(line) < 80


@pytest.mark.parametrize(
    "widget",
    [
        lambda: HandPicker.for_deal(tien_gow.Deal.random(seed=1), 0),
        lambda: LineView(bergen.Deal.random(seed=1), 0),
    ],
    ids=["hand picker", "line view"],
)
def test_both_widgets_share_the_handler_and_its_front_end(widget: object) -> None:
    made = widget()  # type: ignore[operator]
    assert isinstance(made, CommandWidget)
    esm = made._esm
    assert esm.count("function commandButtons(") == 1 and "function listen(" in esm
    assert esm.index("function sender(") < esm.index("export default")
    assert "http" not in esm and "import " not in esm
    made.command = "nothing of the kind"
    assert "not available" in made.message and made.command == ""


def test_a_widget_offering_no_buttons_answers_every_press_in_one_line() -> None:
    widget = CommandWidget()
    widget.command = "Draw"
    assert widget.command == "" and widget.message == "'Draw' is not available now."
