"""The one door from the browser into a widget: only the traits it may write get through.

Every synced trait of a widget can be written by its front end's comm. :class:`GuardedWidget`
lets through only the traits named in ``FROM_BROWSER`` (a selection, a button press, typed
text), and only values those traits accept; anything else is dropped and the browser is sent
Python's value again. So a page cannot mark a puzzle correct or rewrite what Python computed,
and junk state never raises out of the comm.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypedDict, TypeVar

import anywidget
import traitlets

T = TypeVar("T")


class Change(TypedDict, Generic[T]):
    """What traitlets hands an observer of a trait whose values are ``T``: the trait's
    ``name``, its ``old`` and ``new`` values, the widget that ``owner``s it and the event
    ``type`` (``"change"``)."""

    name: str
    old: T
    new: T
    owner: object
    type: str


class GuardedWidget(anywidget.AnyWidget):
    """An anywidget whose front end may write only the synced traits in ``FROM_BROWSER``."""

    #: Synced traits the browser may set; every other trait is Python's alone.
    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset()

    def set_state(self, sync_data: object) -> None:
        """Apply a state update from the front end: the allowed traits with acceptable values
        only. Python's value of anything refused is sent back, so the page shows it again."""
        if not isinstance(sync_data, dict):
            return
        allowed = {k: v for k, v in sync_data.items() if k in self.FROM_BROWSER}
        refused = [k for k in sync_data if k not in allowed and k in self.keys]
        try:
            super().set_state(allowed)
        except traitlets.TraitError:  # a value of the wrong type: none of the update applies
            refused += list(allowed)
        if refused:
            self.send_state(refused)
