"""Play a whole Tien Gow deal against computer players, then replay it.

:class:`DealPlayer` shows the table (the trick so far, the high play marked), your hand as a
:class:`HandPicker` with Play / Discard, a narration line per finished trick, and the explained
settlement at the end. The other seats are played by :mod:`gupai_learn.bots`.
:class:`ReplayStepper` steps through a finished or recorded deal, move by move.

Both are ipywidgets boxes of HTML views around the hand picker: every picture and sentence is
computed in Python from the engine's state. ipywidgets shows an ``HTML`` value as markup, so
every sentence (seat names included) is escaped on its way in (:func:`_text`).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets

from gupai_learn.bots import HeuristicPlayer, Player, RandomPlayer
from gupai_learn.engine.settlement import Settlement
from gupai_learn.engine.trick import Trick, TrickPlay
from gupai_learn.games import tien_gow as tg
from gupai_learn.render import settlement_html, trick_svg
from gupai_learn.widgets.hand_picker import HandPicker


def table_html(deal: tg.Deal) -> str:
    """The current trick (or the last finished one), the high play marked, and the columns."""
    plays = list(deal.trick) or (list(deal.tricks[-1].plays) if deal.tricks else [])
    high = deal.current_high if deal.trick else (deal.tricks[-1].high if deal.tricks else None)
    columns = ", ".join(f"{deal.name(s)} {c}" for s, c in enumerate(deal.columns))
    state = "Deal over." if deal.is_over else f"{deal.name(deal.turn)} to play."
    picture = trick_svg(plays, deal.seat_names, high) if plays else "<p>No trick yet.</p>"
    return f"<div class='gupai-table'>{picture}<p>{_text(f'Columns: {columns}. {state}')}</p></div>"


def _text(sentence: str) -> str:
    """Plain text made safe inside an HTML element (quotes need no escaping there)."""
    return html.escape(sentence, quote=False)


def winning_text(deal: tg.Deal) -> str:
    """Who holds the current trick and why, in a sentence (TG-TRICK-WINNER)."""
    high = deal.current_high
    if high is None or high.combination is None:
        return f"{deal.name(deal.turn)} leads: any valid lead (TG-LEAD-CLASS)."
    lead = deal.trick[0]
    combo = high.combination
    why = "nobody has beaten the lead" if high is lead else "it beat everything before it"
    downs = sum(not p.face_up for p in deal.trick)
    return (
        f"{deal.name(high.seat)} is winning with {_shown(high)}: {why}; "
        f"only {combo.kind_name.split(' (')[0]} ranked higher can take it (TG-BEAT-STRICT). "
        f"{downs} face down so far (TG-BEAT-OPTIONAL)."
    )


class TrickView(ipywidgets.VBox):
    """The trick in progress: plays (face-down ones as backs), the high play marked, and who is
    winning and why. Call :meth:`refresh` after moves."""

    def __init__(self, deal: tg.Deal) -> None:
        self.deal = deal
        self.picture = ipywidgets.HTML()
        self.why = ipywidgets.HTML()
        super().__init__([self.picture, self.why])
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the deal."""
        self.picture.value = table_html(self.deal)
        self.why.value = f"<p>{_text(winning_text(self.deal))}</p>"

    def __repr__(self) -> str:
        return f"TrickView(plays={len(self.deal.trick)})"


class SettlementView(ipywidgets.HTML):
    """Who pays whom, line by line, each line with its rule ids."""

    def __init__(self, settlement: Settlement) -> None:
        super().__init__(settlement_html(settlement))
        self.settlement = settlement

    def __repr__(self) -> str:
        return f"SettlementView(payments={self.settlement.payments})"


def narrate(deal: tg.Deal, number: int, trick: Trick) -> str:
    """One sentence per finished trick: who led what, who beat it, who takes the columns."""
    lead = trick.plays[0]
    parts = [f"{number}. {deal.name(lead.seat)} led {_shown(lead)}"]
    for play in trick.plays[1:]:
        if play.face_up:
            parts.append(f"{deal.name(play.seat)} beat it with {_shown(play)}")
        else:
            parts.append(f"{deal.name(play.seat)} played {len(play.pieces)} face down")
    size = len(lead.pieces)
    plural = "s" if size > 1 else ""
    return "; ".join(parts) + f". {deal.name(trick.winner)} takes {size} column{plural}."


def _shown(play: TrickPlay) -> str:
    tiles = "".join(str(t) for t in play.pieces)
    return f"{tiles} ({play.combination.name})" if play.combination else tiles


class DealPlayer(ipywidgets.VBox):
    """You play ``seat`` of a seeded Tien Gow deal; computer players take the other seats."""

    def __init__(
        self, seed: int = 0, seat: int = 0, bots: str = "heuristic", **deal_args: Any
    ) -> None:
        self.deal = tg.Deal.random(seed=seed, **deal_args)
        self.seat = seat
        self.seed = seed
        self.bots: list[Player] = [
            HeuristicPlayer(seed * 4 + s) if bots == "heuristic" else RandomPlayer(seed * 4 + s)
            for s in range(4)
        ]
        self.table = ipywidgets.HTML()
        self.picker = HandPicker.for_deal(self.deal, seat)
        self.picker.on_move = self._after_move
        self.story = ipywidgets.HTML()
        self.result = ipywidgets.HTML()
        super().__init__([self.table, self.picker, self.story, self.result])
        self._after_move()

    def _after_move(self) -> None:
        while not self.deal.is_over and self.deal.turn != self.seat:
            self.deal.apply(self.bots[self.deal.turn].choose(self.deal))
        self.picker.refresh()
        self.table.value = table_html(self.deal)
        lines = [narrate(self.deal, i, t) for i, t in enumerate(self.deal.tricks, 1)]
        self.story.value = "<br>".join(_text(line) for line in lines)
        if self.deal.is_over:
            self.result.value = settlement_html(self.deal.settle())

    def __repr__(self) -> str:
        return f"DealPlayer(seed={self.seed}, seat={self.seat}, moves={len(self.deal.moves)})"


class ReplayStepper(ipywidgets.VBox):
    """Step through ``deal``'s moves: first, back, forward, last.

    ``step`` is where to start: by default after the last move; ``step=0`` starts before the
    first lead (to watch a deal without seeing how it ends)."""

    def __init__(self, deal: tg.Deal, step: int | None = None) -> None:
        self.moves = deal.moves
        self.start = deal.restart()
        self.step = len(self.moves) if step is None else step
        self.view = ipywidgets.HTML()
        self.caption = ipywidgets.HTML()
        buttons = []
        for label, delta in (
            ("⏮ first", -(10**6)),
            ("◀ back", -1),
            ("forward ▶", 1),
            ("last ⏭", 10**6),
        ):
            button = ipywidgets.Button(description=label)
            button.on_click(lambda _b, d=delta: self.go(self.step + d))
            buttons.append(button)
        super().__init__([ipywidgets.HBox(buttons), self.caption, self.view])
        self.go(self.step)

    def position(self, step: int) -> tg.Deal:
        """The deal after the first ``step`` moves."""
        deal = self.start.restart()
        for play in self.moves[:step]:
            (deal.play if play.face_up else deal.discard)(play.pieces)
        return deal

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves (clamped to the deal)."""
        self.step = max(0, min(step, len(self.moves)))
        deal = self.position(self.step)
        last = self.moves[self.step - 1] if self.step else None
        said = f"{deal.name(last.seat)}: {last}" if last else "the deal before the first lead"
        self.caption.value = f"<p>{_text(f'Move {self.step} of {len(self.moves)} — {said}')}</p>"
        self.view.value = table_html(deal)

    def __repr__(self) -> str:
        return f"ReplayStepper(step={self.step}, moves={len(self.moves)})"
