"""Button presses from the browser, handled once for every widget that has buttons.

The front end reports a press by setting the synced ``command`` trait to the button's name
(``send("command", name)`` in ``static/commands.js``). :class:`CommandWidget` clears it at once
(so the same button can be pressed again) and hands the name to the widget's
:meth:`~CommandWidget.run_command`; the widget alone decides what the name means, and answers
in ``message``.
"""

from __future__ import annotations

from typing import ClassVar

import traitlets

from gupai_learn.verdict import describe_input
from gupai_learn.widgets._guard import Change, GuardedWidget

__all__ = ["CommandWidget"]


class CommandWidget(GuardedWidget):
    """A guarded widget whose browser may send button presses through ``command``."""

    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset({"command"})

    #: the name of the button just pressed (emptied again as soon as Python reads it)
    command = traitlets.Unicode("").tag(sync=True)
    #: the buttons offered now, and the one-line answer to the last press
    buttons = traitlets.List(traitlets.Unicode()).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    @traitlets.observe("command")
    def _on_command(self, change: Change[str]) -> None:
        name = change["new"]
        if not name:
            return
        self.command = ""
        self.run_command(name)

    def run_command(self, name: str) -> None:
        """Do what the button ``name`` asks. Widgets with buttons say what each one does; here,
        where no button is offered, every press gets the one-line answer of
        :meth:`unavailable`."""
        self.message = self.unavailable(name)

    @staticmethod
    def unavailable(name: str, when: str = "now") -> str:
        """The one-line answer to a button this widget does not offer ``when``: a stale page,
        or a front end sending names of its own (quoted short, whatever it sent)."""
        return f"{describe_input(name, 40)} is not available {when}."
