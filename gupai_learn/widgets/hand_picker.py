"""The hand picker: click pieces (or use the keyboard) and see at once what the selection is.

Python decides, the browser only draws: the front end sends the selected indices and button
presses; Python judges the selection with the rules engine and sends back the verdict. The
picker knows no game: it reads the deal's own verbs and the game's ``GameInfo``.

- Free play: ``HandPicker(tiles, game=name)`` says whether the selection is a valid lead
  and of which class (the game's ``classify``).
- In a deal: ``HandPicker.for_deal(deal, seat)`` judges the selection for that seat and offers
  the buttons the deal's ``legal_moves()`` call for — Play and Face down in a trick game; Left,
  Right, Draw and Pass in a line game — and applies the chosen move. A button that needs
  pieces, pressed with none selected, asks for a selection first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import traitlets

from gupai_learn.cards import as_cards
from gupai_learn.engine.deal import BaseDeal
from gupai_learn.engine.game import GameInfo, PlayedDeal
from gupai_learn.engine.moves import CALLS, Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.games import GAMES, game
from gupai_learn.render import piece_view, verdict_html
from gupai_learn.tiles import as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, SetupError, Verdict, describe_input
from gupai_learn.widgets._assets import bundle
from gupai_learn.widgets._commands import CommandWidget
from gupai_learn.widgets._guard import Change
from gupai_learn.widgets._static import RUN_TO_PLAY, StaticFallback, inert_button

__all__ = ["HandPicker"]
#: Button label of each kind of move (a line game's play is named by its end); a discard is
#: "Face down", the words every lesson and hint use for it.
BUTTONS = {"play": "Play", "discard": "Face down", "draw": "Draw", "pass": "Pass"}
ENDS = {"left": "Left", "right": "Right"}
END_OF = {label: end for end, label in ENDS.items()}
#: the command of the reference-card toggle
REFERENCE = "Reference card"
#: A face-down lead that names a suit (Bagchen's charity): one button per call.
CALLED = {call: f"Face down, calling {call}" for call in CALLS}
CALL_OF = {label: call for call, label in CALLED.items()}


class HandPicker(StaticFallback, CommandWidget):
    """A hand of tiles to select, with the live verdict for the selection.

    ``marks=False`` draws the pieces without the game's mark (a Tet-Gow card's tier and set),
    to test yourself. The browser may send only the selection and button presses; everything
    else is Python's.
    """

    RUN_NOTE = RUN_TO_PLAY
    _esm = bundle("pieces.js", "commands.js", "hand_picker.js")
    _css = bundle("pieces.css", "hand_picker.css")
    FROM_BROWSER: ClassVar[frozenset[str]] = frozenset({"selected", "command"})

    #: each piece as {"svg": drawing, "label": what a screen reader says}, sent together
    pieces = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.List(traitlets.Int()).tag(sync=True)
    verdict_html = traitlets.Unicode("").tag(sync=True)
    verdict_ok = traitlets.Bool(False).tag(sync=True)
    #: piece index → the verdict's HTML if that piece were toggled (computed by Python), and
    #: under "for" the selection these were computed from
    ahead = traitlets.Dict().tag(sync=True)
    #: whether the "Reference card" toggle is offered, and the card while it is shown
    has_reference = traitlets.Bool(False).tag(sync=True)
    reference_html = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        tiles: object = (),
        *,
        deal: PlayedDeal | None = None,
        seat: int = 0,
        on_move: Callable[[], None] | None = None,
        game: str | None = None,
        reference: bool = True,
        marks: bool = True,
    ) -> None:
        hand = _checked_hand(tiles, deal, seat, game)
        if on_move is not None and not callable(on_move):
            raise TypeError(f"on_move must be a function or None, not {describe_input(on_move)}")
        self.info = _game_of(deal, game)
        super().__init__()
        self.deal = deal
        self.seat = seat
        self.on_move = on_move
        self._hand = hand
        #: whether each piece shows the game's mark (a Tet-Gow card's tier and set)
        self.marks = bool(marks)
        self.has_reference = bool(reference) and self.info.reference is not None
        self._draw()

    @classmethod
    def for_deal(
        cls, deal: PlayedDeal, seat: int, *, reference: bool = True, marks: bool = True
    ) -> HandPicker:
        """A picker for ``seat``'s hand in ``deal``, with the buttons its moves call for."""
        return cls(deal=deal, seat=seat, reference=reference, marks=marks)

    def toggle_reference(self) -> None:
        """Show the game's reference card (its rankings) under the hand, or hide it again."""
        if self.reference_html or not self.has_reference or self.info.reference is None:
            self.reference_html = ""
            return
        drawing = self.info.reference()._repr_svg_()
        self.reference_html = f"<div class='gupai-reference'>{drawing}</div>"

    # ----- state -------------------------------------------------------------------------
    @property
    def hand(self) -> tuple[Any, ...]:
        """The pieces shown."""
        return self._hand

    @property
    def selection(self) -> tuple[Any, ...]:
        """The selected pieces, in hand order."""
        return self._pieces(self.selected)

    def _pieces(self, indices: Iterable[int]) -> tuple[Any, ...]:
        picked = (self._hand[i] for i in sorted(set(indices)) if 0 <= i < len(self._hand))
        return type(self._hand)(picked)

    def verdict(self, indices: Iterable[int] | None = None) -> Verdict | None:
        """The verdict on the current selection, or on the pieces at ``indices`` (None when
        nothing is selected)."""
        picked = self.selection if indices is None else self._pieces(indices)
        if not picked:
            return None
        if self.deal is not None:
            return self.deal.judge(picked, seat=self.seat)
        return _free_verdict(self.info, picked)

    # ----- syncing -----------------------------------------------------------------------
    def _draw(self) -> None:
        chosen = set(self.selected)
        style = self.info.piece_style
        # a deal may mark pieces (Bagchen's point tiles) with a word: ``deal.piece_mark(p)``
        points = capable(self.deal, "has_point_tiles")
        mark_of = points.piece_mark if points is not None else None
        self.pieces = [
            dict(
                zip(
                    ("svg", "label"),
                    piece_view(
                        p,
                        selected=i in chosen,
                        style=style,
                        mark=mark_of(p) if mark_of else "",
                        marks=self.marks,
                    ),
                    strict=True,
                )
            )
            for i, p in enumerate(self._hand)
        ]
        self.buttons = self._buttons()
        self._judge()

    def _buttons(self) -> list[str]:
        """The buttons the seat's legal moves call for (none outside a deal or off turn)."""
        deal = self.deal
        if deal is None or deal.is_over or deal.turn != self.seat:
            return []
        names = [
            ENDS[m.end] if m.end else CALLED[m.call] if m.call else BUTTONS[m.kind]
            for m in deal.legal_moves()
        ]
        return list(dict.fromkeys(names))

    def _judge(self) -> None:
        verdict = self.verdict()
        self.verdict_ok = verdict is not None and verdict.ok
        self.verdict_html = self._shown(verdict)
        # the verdict one click away, for each piece: the browser shows it at once on a click
        # (still Python's words), then the round trip confirms it
        chosen = set(self.selected)
        ahead = {str(i): self._shown(self.verdict(chosen ^ {i})) for i in range(len(self._hand))}
        self.ahead = {"for": ",".join(map(str, sorted(chosen))), **ahead}

    def _shown(self, verdict: Verdict | None) -> str:
        """The verdict as HTML, or the prompt when nothing is selected."""
        if verdict is not None:
            return verdict_html(verdict)
        over = self.deal is not None and self.deal.is_over
        prompt = (
            f"The {self.info.deal_name} is over: nothing more to play."
            if over
            else f"Select {self.info.pieces} to see what they make."
        )
        return f"<p class='gupai-prompt'>{prompt}</p>"

    @traitlets.observe("selected")
    def _on_select(self, change: Change[list[int]]) -> None:
        self._draw()

    def run_command(self, name: str) -> None:
        """Toggle the reference card, or make the move the button ``name`` asks for with the
        current selection; a button not offered now gets a one-line answer."""
        if name == REFERENCE and self.has_reference:
            self.toggle_reference()
            return
        if self.deal is None or name not in self.buttons:
            self.message = self.unavailable(name, "here")
            return
        move = self._move(name)
        if move.kind in ("play", "discard") and not move.pieces:
            self.message = f"Select {_one(self.info.pieces)} first."
            return
        try:
            self.deal.apply(move, seat=self.seat)
        except IllegalPlayError as error:
            self.message = f"Not played: {error.verdict.summary}."
            self.verdict_ok, self.verdict_html = False, verdict_html(error.verdict)
            return
        self.message = _said(move)
        if self.on_move is not None:
            self.on_move()
        self.refresh()

    def _move(self, name: str) -> Move:
        """The move a button makes with the current selection."""
        picked = self.selection
        if name in ("Draw", "Pass"):
            return Move.parse(name.lower())
        if name == BUTTONS["discard"]:
            return Move("discard", picked)
        if name in CALL_OF:
            return Move("discard", picked, None, CALL_OF[name])
        return Move("play", picked, END_OF.get(name))  # type: ignore[arg-type]

    def refresh(self) -> None:
        """Redraw from the deal (after moves made elsewhere, e.g. by computer players)."""
        if self.deal is not None:
            self._hand = self.deal.hands[self.seat]
        self.selected = []
        self._draw()

    def static_body(self) -> str:
        """The hand and the buttons as a page shows them before the cell runs (inert)."""
        hand = "".join(p["svg"] for p in self.pieces)
        buttons = "".join(inert_button(b) for b in self.buttons)
        return f"<div>{hand}</div><div>{buttons}</div>"

    def __repr__(self) -> str:
        hand, picked = (" ".join(map(str, pieces)) for pieces in (self._hand, self.selection))
        return f"HandPicker(hand={hand!r}, selected={picked!r})"


def _checked_hand(
    tiles: Any, deal: PlayedDeal | None, seat: Any, name: Any = None
) -> tuple[Any, ...]:
    """The hand to show; a clear ValueError/TypeError for arguments that cannot make one."""
    if deal is None:
        if isinstance(name, str) and name in GAMES and GAMES[name].pieces == "cards":
            return as_cards(tiles)
        return as_tiles(tiles)  # InvalidNotationError (a ValueError) names bad notation
    if not isinstance(deal, BaseDeal):
        raise TypeError(f"deal must be a game's Deal or None, not {describe_input(deal)}")
    if type(seat) is not int or not 0 <= seat < deal.n_seats:
        raise SetupError(
            f"seat must be a seat number 0-{deal.n_seats - 1}, not {describe_input(seat)}"
        )
    return deal.hands[seat]


def _game_of(deal: PlayedDeal | None, name: str | None) -> GameInfo:
    """The GameInfo of the deal's game, or of ``name`` (default: the first game) for free play."""
    if deal is not None:
        found: GameInfo = deal.info
        return found
    return game(name or next(iter(GAMES)))


def _free_verdict(info: GameInfo, picked: tuple[Any, ...]) -> Verdict:
    """Outside a deal: is the selection a valid lead of ``info``'s game, and of which class?"""
    if info.classify is None:
        return Verdict.legal(join(picked), [])
    try:
        combo = info.classify(picked)
    except IllegalPlayError as error:
        return error.verdict
    if combo.led_only:
        text = f"{combo.name} is {combo.kind_name}: it wins whenever it is led; nothing beats it."
    else:
        text = f"{combo.name} is {combo.kind_name}; only a stronger play of its class beats it."
    deal_class = info.Deal
    assert issubclass(deal_class, TrickDeal)  # a game that classifies leads plays tricks
    return Verdict.legal(f"a valid lead: {combo.name}", [Reason(deal_class.RULE_LEAD, text)])


def _said(move: Move) -> str:
    """What the message line says after a move."""
    if move.kind in ("draw", "pass"):
        return "Drew a tile." if move.kind == "draw" else "Passed."
    return f"Played {move.words}."


def _one(pieces: str) -> str:
    """The words for one piece: ``"a tile"`` for ``"tiles"``, ``"a card"`` for ``"cards"``."""
    return f"a {pieces.removesuffix('s')}"
