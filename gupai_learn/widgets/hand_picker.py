"""The hand picker: click tiles (or use the keyboard) and see at once what the selection is.

Python decides, the browser only draws: the front end sends the selected indices and button
presses; Python judges the selection with the rules engine and sends back the verdict.

- Free play: ``HandPicker(tiles)`` says whether the selection is a valid Tien Gow lead and of
  which class (TG-LEAD-CLASS).
- In a deal: ``HandPicker.for_deal(deal, seat)`` judges the selection for that seat in the
  current trick (does it beat the table, and why) and offers Play / Discard buttons that apply it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from gupai_learn.games import tien_gow as tg
from gupai_learn.render import describe_tile, tile_svg, verdict_html
from gupai_learn.tiles import Tiles, as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, Verdict, describe_input
from gupai_learn.widgets._guard import GuardedWidget

STATIC = Path(__file__).parent / "static"
PROMPT = "Select tiles to see what they make."


class HandPicker(GuardedWidget):
    """A hand of tiles to select, with the live verdict for the selection.

    The browser may send only the selection and button presses; everything else is Python's.
    """

    _esm = STATIC / "hand_picker.js"
    _css = STATIC / "hand_picker.css"
    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset({"selected", "command"})

    tiles_svg = traitlets.List(traitlets.Unicode()).tag(sync=True)
    tile_labels = traitlets.List(traitlets.Unicode()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    verdict_html = traitlets.Unicode("").tag(sync=True)
    verdict_ok = traitlets.Bool(False).tag(sync=True)
    buttons = traitlets.List(traitlets.Unicode()).tag(sync=True)
    command = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        tiles: Any = (),
        *,
        deal: tg.Deal | None = None,
        seat: int = 0,
        on_move: Callable[[], None] | None = None,
    ) -> None:
        hand = _checked_hand(tiles, deal, seat)
        if on_move is not None and not callable(on_move):
            raise TypeError(f"on_move must be a function or None, not {describe_input(on_move)}")
        super().__init__()
        self.deal = deal
        self.seat = seat
        self.on_move = on_move
        self._hand = hand
        self._draw()

    @classmethod
    def for_deal(cls, deal: tg.Deal, seat: int) -> HandPicker:
        """A picker for ``seat``'s hand in ``deal``, with Play and Discard."""
        return cls(deal=deal, seat=seat)

    # ----- state -------------------------------------------------------------------------
    @property
    def hand(self) -> Tiles:
        """The tiles shown."""
        return self._hand

    @property
    def selection(self) -> Tiles:
        """The selected tiles, in hand order."""
        return Tiles(self._hand[i] for i in sorted(set(self.selected)) if 0 <= i < len(self._hand))

    def verdict(self) -> Verdict | None:
        """The verdict on the current selection (None when nothing is selected)."""
        picked = self.selection
        if not picked:
            return None
        if self.deal is not None:
            return self.deal.judge(picked, seat=self.seat)
        try:
            combo = tg.classify(picked)
        except IllegalPlayError as error:
            return error.verdict
        text = (
            f"{combo.name} is {combo.kind_name}; only a stronger play of the same class beats it."
        )
        return Verdict.legal(f"a valid lead: {combo.name}", [Reason("TG-LEAD-CLASS", text)])

    # ----- syncing -----------------------------------------------------------------------
    def _draw(self) -> None:
        chosen = set(self.selected)
        self.tiles_svg = [tile_svg(t, selected=i in chosen) for i, t in enumerate(self._hand)]
        self.tile_labels = [describe_tile(t, "chinese") for t in self._hand]
        self.buttons = self._buttons()
        self._judge()

    def _buttons(self) -> list[str]:
        if self.deal is None or self.deal.is_over:
            return []
        return ["Play", "Discard"] if self.deal.trick else ["Play"]

    def _judge(self) -> None:
        verdict = self.verdict()
        if verdict is None:
            self.verdict_ok = False
            over = self.deal is not None and self.deal.is_over
            prompt = "The deal is over: nothing more to play." if over else PROMPT
            self.verdict_html = f"<p class='gupai-prompt'>{prompt}</p>"
        else:
            self.verdict_ok = verdict.ok
            self.verdict_html = verdict_html(verdict)

    @traitlets.observe("selected")
    def _on_select(self, change: dict[str, Any]) -> None:
        self._draw()

    @traitlets.observe("command")
    def _on_command(self, change: dict[str, Any]) -> None:
        name = change["new"]
        if not name:
            return
        self._run(name)
        self.command = ""

    def _run(self, name: str) -> None:
        if self.deal is None or name not in self.buttons:
            self.message = f"{describe_input(name, 40)} is not available here."
            return
        picked = self.selection
        try:
            if name == "Play":
                self.deal.play(picked, seat=self.seat)
            else:
                self.deal.discard(picked, seat=self.seat)
        except IllegalPlayError as error:
            self.message = f"Not played: {error.verdict.summary}."
            self.verdict_ok, self.verdict_html = False, verdict_html(error.verdict)
            return
        shown = "".join(str(t) for t in picked)
        self.message = f"{name}ed {shown}." if name == "Play" else f"Discarded {shown} face down."
        if self.on_move is not None:
            self.on_move()
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the deal (after moves made elsewhere, e.g. by computer players)."""
        if self.deal is not None:
            self._hand = Tiles(self.deal.hands[self.seat])
        self.selected = []
        self._draw()

    def __repr__(self) -> str:
        return f"HandPicker(hand={str(self._hand)!r}, selected={str(self.selection)!r})"


def _checked_hand(tiles: Any, deal: Any, seat: Any) -> Tiles:
    """The hand to show; a clear ValueError/TypeError for arguments that cannot make one."""
    if deal is None:
        return as_tiles(tiles)  # InvalidNotationError (a ValueError) names bad notation
    if not isinstance(deal, tg.Deal):
        raise TypeError(f"deal must be a tien_gow.Deal or None, not {describe_input(deal)}")
    if type(seat) is not int or not 0 <= seat < deal.n_seats:
        raise ValueError(
            f"seat must be a seat number 0-{deal.n_seats - 1}, not {describe_input(seat)}"
        )
    return Tiles(deal.hands[seat])
