"""The pictures of puzzles, drawn from the situation (never stored): pieces, a trick on the
table, the hands, the end of a deal. Pure functions returning HTML/SVG text."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from gupai_learn.render import Group, group_svg, row_svg

_CELL = "border-bottom:1px solid #d8dee4;padding:2px 10px;text-align:left"


def figure(title: str, svg: str) -> str:
    """A captioned drawing (HTML)."""
    shown = html.escape(title, quote=False)
    caption = f'<div style="font:13px sans-serif;margin:2px 0">{shown}</div>' if title else ""
    return f'<div class="gupai-puzzle-figure">{caption}{svg}</div>'


def pieces(items: Any) -> str:
    """A row of pieces."""
    return figure("", row_svg(items))


def plays(deal: Any, items: Iterable[Any], caption: str, numbered: bool = False) -> str:
    """Plays of a trick (seat, pieces, face up), the first one marked as the lead."""
    groups = []
    for i, play in enumerate(items):
        label = f"{i + 1}. " * numbered + deal.name(play.seat) + " (lead)" * (i == 0)
        down = not play.face_up
        groups.append(Group(label, play.pieces, face_down=down, note="face down" * down))
    return figure(caption, group_svg(groups))


def table(deal: Any) -> str:
    """The trick so far (the hand to play from is the puzzle's pool, drawn by the card)."""
    return plays(deal, deal.trick, "On the table:")


def hands(deal: Any, caption: str = "", won: bool = False) -> str:
    """Every hand face up, one row per seat (the banker or the seat to act named; a seat marked
    high only while it holds the high play of a trick in progress)."""
    groups = [_hand(deal, seat, won) for seat in range(deal.n_seats)]
    return figure(caption, group_svg(groups, layout="column"))


def _hand(deal: Any, seat: int, won: bool) -> Group:
    name = deal.name(seat)
    if not won:
        return Group(name + " (banker)" * (seat == getattr(deal, "banker", None)), deal.hands[seat])
    count = deal.won[seat]
    unit = _won_name(deal)
    return Group(
        name + " (you, to lead)" * (seat == deal.turn),
        deal.hands[seat],
        highlight=_holds_high(deal, seat),
        note=f"{count} {unit}{'s' * (count != 1)} won",
    )


def _holds_high(deal: Any, seat: int) -> bool:
    """Whether ``seat`` holds the high play of a trick in progress: the only time a "high"
    mark means something (before a lead, or between tricks, nobody holds it)."""
    high = getattr(deal, "current_high", None)
    return bool(deal.trick) and high is not None and high.seat == seat


def _won_name(deal: Any) -> str:
    """What the deal's game calls what a seat wins: "column" (Tien Gow) or "trick"."""
    from gupai_learn.games import GAMES

    info = GAMES.get(getattr(type(deal), "GAME", ""))
    return info.won_name if info is not None else "column"


def last_trick(deal: Any) -> str:
    """What each seat had won before the last trick, and that trick."""
    last = deal.tricks[-1]
    before = list(deal.won)
    before[last.winner] -= last.size
    titles = ("Seat", "Columns before the last trick")
    head = "".join(f'<th style="{_CELL}">{h}</th>' for h in titles)
    rows = "".join(
        f'<tr><td style="{_CELL}">{deal.name(seat)}'
        f"{' (banker)' * (seat == getattr(deal, 'banker', None))}</td>"
        f'<td style="{_CELL}">{count}</td></tr>'
        for seat, count in enumerate(before)
    )
    table = (
        '<table style="border-collapse:collapse;font:13px sans-serif;background:#fff;'
        f'color:#1f2328;margin:4px 0"><tr>{head}</tr>{rows}</table>'
    )
    return table + plays(deal, last.plays, "The last trick:")


def deal_state(deal: Any) -> str:
    """The hands still held, then the end of the last trick if there is one."""
    out = hands(deal) if any(deal.hands) else ""
    return out + (last_trick(deal) if deal.tricks else "")


def offered(deal: Any) -> str:
    """The plays of the last trick, in turn, all drawn face up: what a trick puzzle offers (the
    learner decides which went face down)."""
    shown = [play._replace(face_up=True) for play in deal.tricks[-1].plays]
    return plays(deal, shown, "The tiles each player puts down, in turn:", numbered=True)
