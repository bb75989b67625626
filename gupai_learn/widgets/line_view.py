"""The line view: a line game's table you play on by clicking (Bull Fight today, Bergen next).

Python decides, the browser only draws. The view shows the line (drawn by
:func:`gupai_learn.render.line.layout_svg`, open ends marked), one button per open end, and the
hand of ``seat``. Click a tile to play it: a tile that fits exactly one end goes there with
that one click (the instruction on screen says so); for a tile that fits both ends, click the
end it goes to next. When no tile fits, the buttons the deal's own
``legal_moves()`` offer appear instead ("Put face down" in Bull Fight; "Draw" and "Pass" in
Bergen, only when the rules call for them). Every selection gets the engine's live verdict,
naming the ends and their numbers; a seat that may only draw or pass is told so with the rule;
a draw or pass says what happened and why; a button clicked when the rules do not allow its
move (a stale page) gets the engine's verdict naming the rule, and nothing changes.

The view knows no game: it reads the deal's verbs (``legal_moves``, ``judge``, ``apply``),
``layout``, ``boneyard``/``drawable`` if the game has them (drawn under the line), and
``GameInfo.piece_style``.

Each click costs little: the view redraws only what the click changed (a selection redraws the
hand and the verdict, not the line), and the line goes to the browser in parts
(:func:`gupai_learn.render.line.line_parts`): each tile's drawing is sent once, under a key,
and after that only keys and positions; the boneyard goes only when it changes (a draw). A
view that lacks a drawing (a page opened again while the kernel runs) asks for it by key.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, ClassVar

import traitlets

from gupai_learn.engine.line import LineDeal, placement
from gupai_learn.engine.moves import DRAW, PASS, Move
from gupai_learn.render import piece_view, verdict_html
from gupai_learn.render.line import boneyard_svg, deal_style, line_parts, pile_of, table_line_svg
from gupai_learn.rulebook import link_rules
from gupai_learn.verdict import IllegalPlayError, SetupError, Verdict, describe_input
from gupai_learn.widgets._assets import bundle
from gupai_learn.widgets._commands import CommandWidget
from gupai_learn.widgets._guard import Change
from gupai_learn.widgets._static import RUN_TO_PLAY, StaticFallback, inert_button

__all__ = ["LineView"]

#: What the buttons of moves that are not placements say, by move kind.
OTHER_BUTTONS = {"discard": "Put face down", "draw": "Draw", "pass": "Pass"}


class LineView(StaticFallback, CommandWidget):
    """Play ``seat``'s tiles onto the line of ``deal`` by clicking; ``on_move`` is called after
    each move made here (a driver lets the computer players answer, then calls
    :meth:`refresh`)."""

    RUN_NOTE = RUN_TO_PLAY
    _esm = bundle("pieces.js", "commands.js", "line_view.js")
    _css = bundle("pieces.css", "line_view.css")
    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset({"selected", "command"})

    #: the line in parts: {"head": "<svg ...>", "parts": [svg text | [opening <g>, key]],
    #: "bodies": {key: drawing}} with only the drawings not sent before (line_parts)
    line = traitlets.Dict().tag(sync=True)
    #: the boneyard under the line (a game with one), "" without
    pile_svg = traitlets.Unicode("").tag(sync=True)
    #: the open ends as {"end": "left", "label": "left end: 6", "enabled": bool}
    ends = traitlets.List(traitlets.Dict()).tag(sync=True)
    pieces = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    verdict_html = traitlets.Unicode("").tag(sync=True)
    #: the message as drawn: its rule ids open their rules (kept in step with ``message``)
    message_html = traitlets.Unicode("").tag(sync=True)

    @traitlets.observe("message")
    def _draw_message(self, change: Change[str]) -> None:
        self.message_html = link_rules(change["new"])

    def __init__(
        self, deal: LineDeal, seat: int = 0, on_move: Callable[[], None] | None = None
    ) -> None:
        if not isinstance(deal, LineDeal):
            raise TypeError(f"LineView needs a line game's deal, not {describe_input(deal)}")
        if type(seat) is not int or not 0 <= seat < deal.n_seats:
            raise SetupError(f"seat must be 0-{deal.n_seats - 1}, not {describe_input(seat)}")
        if on_move is not None and not callable(on_move):
            raise TypeError(f"on_move must be a function or None, not {describe_input(on_move)}")
        super().__init__()
        self.deal, self.seat, self.on_move = deal, seat, on_move
        self.style = deal.info.piece_style
        self._sent: dict[str, str] = {}  # the tile drawings the browser has, by key
        self._drawn: tuple[Any, ...] = ()  # what the view shows was drawn for (see _draw)
        self.on_msg(_asked)
        self.refresh()

    # ----- reading -----------------------------------------------------------------------
    @property
    def tile(self) -> Any:
        """The selected tile, or None."""
        hand = self.deal.hands[self.seat]
        picked = [i for i in self.selected if 0 <= i < len(hand)]
        return hand[picked[-1]] if picked else None

    def _mine(self) -> list[Move]:
        """The legal moves of this seat now (none when it is not its turn)."""
        deal = self.deal
        if deal.is_over or deal.turn != self.seat:
            return []
        return deal.legal_moves()

    # ----- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the deal (after moves made elsewhere). A new deal (a new round, New
        deal, Undo) also clears the last message, which spoke of the old one."""
        with self.hold_trait_notifications():
            self.selected = []
            if self.deal is not getattr(self, "_told_of", self.deal):
                self.message = ""
            self._told_of = self.deal
        self._draw()

    @property
    def line_svg(self) -> str:
        """The line (and the boneyard) as one drawing, as a page shows it."""
        return table_line_svg(self.deal)

    def _draw(self) -> None:
        """Redraw what changed since the last drawing: the line and its ends after a move, the
        hand and the verdict after a move or a selection; nothing when nothing changed."""
        deal, tile = self.deal, self.tile
        moved = (deal, len(deal.history))
        now = (*moved, tuple(self.selected))
        if _same(now, self._drawn):
            return
        changed_line = not _same(moved, self._drawn[:2])
        self._drawn = now
        moves = self._mine()
        if changed_line:
            self._send_line()
        chosen = set(self.selected)
        self.pieces = [
            dict(zip(("svg", "label"), self._view(t, i in chosen), strict=True))
            for i, t in enumerate(deal.hands[self.seat])
        ]
        fitting = {m.end for m in moves if m.kind == "play" and tile in m.pieces}
        self.ends = _end_buttons(deal, fitting)
        self.buttons = list(
            dict.fromkeys(OTHER_BUTTONS[m.kind] for m in moves if m.kind in OTHER_BUTTONS)
        )
        self._verdict(tile, moves)

    def _send_line(self) -> None:
        """The line in parts, with only the tile drawings the browser has not had yet; the
        boneyard (it changes only with a draw: unchanged, it is not sent again)."""
        drawn = line_parts(self.deal.layout, style=deal_style(self.deal))
        new = {k: b for k, b in drawn.bodies.items() if self._sent.get(k) != b}
        self._sent.update(new)
        self.line = {"head": drawn.head, "parts": list(drawn.parts), "bodies": new}
        pile = pile_of(self.deal)
        self.pile_svg = boneyard_svg(*pile, style=deal_style(self.deal)) if pile else ""

    def _view(self, tile: object, selected: bool) -> tuple[str, str]:
        return piece_view(tile, selected=selected, style=self.style)

    def _verdict(self, tile: object, moves: list[Move]) -> None:
        deal = self.deal
        if deal.is_over:
            self.verdict_html = "<p class='gupai-prompt'>The hand is over.</p>"
        elif deal.turn != self.seat:
            self.verdict_html = f"<p class='gupai-prompt'>{deal.name(deal.turn)} to play.</p>"
        elif tile is None and _bare(moves) and not any(m.kind == "play" for m in moves):
            # no tile may go on the line: the engine says why the draw (or pass) is due
            stuck = f"No tile of yours fits: {deal.layout.describe_ends()}."
            judged = verdict_html(deal.judge(_bare(moves)[0], seat=self.seat))
            self.verdict_html = f"<p class='gupai-prompt'>{html.escape(stuck)}</p>{judged}"
        elif tile is None:
            text = (
                "Click a tile to play it: a tile that fits one end only goes there at once; "
                "for a tile that fits both ends, then click the end it goes to."
            )
            self.verdict_html = f"<p class='gupai-prompt'>{text}</p>"
        else:
            ends = [m.end for m in moves if m.kind == "play" and tile in m.pieces]
            if len(ends) == 2:  # not a mistake yet: the learner has still to say where
                layout = deal.layout
                text = (
                    f"{tile} fits both ends (left {layout.number('left')}, right "
                    f"{layout.number('right')}): click the end it goes to."
                )
                self.verdict_html = f"<p class='gupai-prompt'>{html.escape(text)}</p>"
                return
            self.verdict_html = verdict_html(deal.judge(Move.play(tile), seat=self.seat))

    # ----- the browser's requests ----------------------------------------------------------
    @traitlets.observe("selected")
    def _on_select(self, change: Change[list[int]]) -> None:
        tile = self.tile
        if tile is not None:
            options = [m for m in self._mine() if tile in m.pieces and m.kind == "play"]
            if len(options) == 1 and self.deal.layout.ends is not None:
                self._make(options[0])  # one end fits: a single click places it
                return
        self._draw()

    def run_command(self, name: str) -> None:
        """Make the move an end or a button asks for; a button the rules do not allow now
        gets the engine's verdict, one not offered a one-line answer."""
        move = self._command_move(name)
        if isinstance(move, str):
            self.message = move
            return
        self._make(move)

    def _command_move(self, name: str) -> Move | str:
        """The move a click asks for: an end (with the selected tile) or another button; or
        the sentence saying why there is none."""
        tile = self.tile
        moves = self._mine()
        if name in ("left", "right") and tile is not None:
            end = None if self.deal.layout.ends is None and self.deal._arms == 2 else name
            wanted = placement(tile, end)  # type: ignore[arg-type]
            return wanted if wanted in moves else Move.play(tile, name)  # type: ignore[arg-type]
        for move in moves:
            if OTHER_BUTTONS.get(move.kind) == name and (
                move.kind != "discard" or (tile is not None and tile in move.pieces)
            ):
                return move
        if name == OTHER_BUTTONS["discard"] and tile is None and name in self.buttons:
            return "Select the tile to put face down first."
        bare = {OTHER_BUTTONS["draw"]: DRAW, OTHER_BUTTONS["pass"]: PASS}
        if name in bare and not self.deal.is_over and self.deal.turn == self.seat:
            # a Draw or Pass the rules do not allow now: the engine names the rule
            return self._refused(bare[name])
        return self.unavailable(name)

    def _refused(self, move: Move) -> str:
        """Why ``move`` may not be made now, in the engine's words (shown as the verdict)."""
        verdict = self.deal.judge(move, seat=self.seat)
        self.verdict_html = verdict_html(verdict)
        self._drawn = self._drawn[:2]  # the verdict shown is this one now: redraw it next time
        return f"Not played: {_said(verdict)}"

    def _make(self, move: Move) -> None:
        bare = not move.pieces  # a draw or a pass: say what the rules made of it
        before = self.deal.judge(move, seat=self.seat) if bare else None
        try:
            result = self.deal.apply(move, seat=self.seat)
        except (IllegalPlayError, ValueError) as error:
            verdict = getattr(error, "verdict", None)
            self.message = f"Not played: {verdict.summary if verdict else error}."
            self._drawn = ()  # redraw all from the deal as it is
            self._draw()
            return
        self.message = f"You played {move.words}."
        if before is not None:
            got = f" You drew {result}." if move.kind == "draw" and result is not None else ""
            self.message = f"You chose {move.words}: {_said(before)}{got}"
        if self.on_move is not None:
            self.on_move()
        self.refresh()

    def static_body(self) -> str:
        """The line, the open ends and the hand as a page shows them before the cell runs."""
        hand = "".join(p["svg"] for p in self.pieces)
        ends = "".join(inert_button(e["label"]) for e in self.ends)
        buttons = "".join(inert_button(b) for b in self.buttons)
        return f"{self.line_svg}<div>{ends}{buttons}</div><div>{hand}</div>"

    def __repr__(self) -> str:
        return f"LineView(seat={self.seat}, line={self.deal.layout})"


def _same(now: tuple[Any, ...], before: tuple[Any, ...]) -> bool:
    """Whether two drawing keys (deal, moves made, selection) are equal: the same deal
    object (never merely an equal one), then equal values."""
    return len(now) == len(before) and bool(now) and now[0] is before[0] and now[1:] == before[1:]


#: The most tile drawings one request may ask for (a line holds at most 28 tiles).
_MOST_ASKED = 64


def _asked(view: LineView, content: Any, buffers: Any) -> None:
    """A browser's request for tile drawings it lacks (``{"want": [key, ...]}``): the answer
    is a message with those of them the view has sent before; anything else is ignored."""
    if not isinstance(content, dict) or not isinstance(content.get("want"), list):
        return
    keys = [k for k in content["want"][:_MOST_ASKED] if isinstance(k, str)]
    view.send({"bodies": {k: view._sent[k] for k in keys if k in view._sent}})


def _bare(moves: list[Move]) -> list[Move]:
    """The moves that name no piece (Bergen's draw and pass)."""
    return [m for m in moves if not m.pieces]


def _said(verdict: Verdict) -> str:
    """A verdict in one line: its reasons, each with its rule id."""
    return " ".join(f"{r.text} ({r.rule})" for r in verdict.reasons) or verdict.summary


def _end_buttons(deal: LineDeal, fitting: set[Any]) -> list[dict[str, Any]]:
    """One button per open end ({"end", "label", "enabled"}); before the first tile, one
    "start the line" button (or, for a one-armed line, one per end the leader may keep open)."""
    layout = deal.layout
    if layout.ends is not None:
        return [
            {"end": e, "label": f"{e} end: {layout.number(e)}", "enabled": e in fitting}
            for e in layout.open
        ]
    if deal._arms == 2:
        return [{"end": "left", "label": "start the line", "enabled": None in fitting}]
    return [
        {"end": e, "label": f"start, keep the {e} end open", "enabled": e in fitting}
        for e in ("left", "right")
    ]
