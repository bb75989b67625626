"""The pictures of puzzles, drawn from the situation (never stored): pieces, a trick on the
table, the hands, the end of a deal. Pure functions returning HTML/SVG text."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

from gupai_learn.engine.protocols import PlayedDeal, TrickDealView, capable, game_of
from gupai_learn.engine.trick import TrickPlay
from gupai_learn.render import Group, group_svg, row_svg

_CELL = "border-bottom:1px solid #d8dee4;padding:2px 10px;text-align:left"


def figure(title: str, svg: str) -> str:
    """A captioned drawing (HTML)."""
    shown = html.escape(title, quote=False)
    caption = f'<div style="font:13px sans-serif;margin:2px 0">{shown}</div>' if title else ""
    return f'<div class="gupai-puzzle-figure">{caption}{svg}</div>'


def pieces(items: Any, hide_class: bool = False) -> str:
    """A row of pieces; ``hide_class`` leaves out what a piece says of its own class — a
    card's set and tier printed on its face, a tile's suit in its spoken label and tooltip —
    for a question that asks for it."""
    if not hide_class:
        return figure("", row_svg(items))
    drawn = row_svg(items, marks=False)
    suits = (getattr(p, "suit", None) for p in items)  # optional: a tile has a suit, a card not
    for suit in {str(s) for s in suits if s}:
        drawn = re.sub(rf", {re.escape(suit)}(?=[;.\"<])", "", drawn)
    return figure("", drawn)


def plays(
    deal: PlayedDeal, items: Iterable[TrickPlay], caption: str, numbered: bool = False
) -> str:
    """Plays of a trick (seat, pieces, face up), the first one marked as the lead."""
    groups = []
    for i, play in enumerate(items):
        label = f"{i + 1}. " * numbered + deal.name(play.seat) + " (lead)" * (i == 0)
        down = not play.face_up
        groups.append(Group(label, play.pieces, face_down=down, note="face down" * down))
    return figure(caption, group_svg(groups))


def table(deal: TrickDealView) -> str:
    """The trick so far (the hand to play from is the puzzle's pool, drawn by the card)."""
    return plays(deal, deal.trick, "On the table:")


def hands(deal: TrickDealView, caption: str = "", won: bool = False) -> str:
    """Every hand face up, one row per seat (the banker or the seat to act named; a seat marked
    high only while it holds the high play of a trick in progress)."""
    groups = [_hand(deal, seat, won) for seat in range(deal.n_seats)]
    return figure(caption, group_svg(groups, layout="column"))


def _banker(deal: PlayedDeal) -> int | None:
    """The banker's seat, in a game with a banker (``GameInfo.has_banker``)."""
    banked = capable(deal, "has_banker")
    return banked.banker if banked is not None else None


def _hand(deal: TrickDealView, seat: int, won: bool) -> Group:
    name = deal.name(seat)
    if not won:
        return Group(name + " (banker)" * (seat == _banker(deal)), deal.hands[seat])
    count = deal.won[seat]
    unit = _won_name(deal)
    return Group(
        name + (" (you, to play)" if deal.trick else " (you, to lead)") * (seat == deal.turn),
        deal.hands[seat],
        highlight=_holds_high(deal, seat),
        note=f"{count} {unit}{'s' * (count != 1)} won",
    )


def _holds_high(deal: TrickDealView, seat: int) -> bool:
    """Whether ``seat`` holds the high play of a trick in progress: the only time a "high"
    mark means something (before a lead, or between tricks, nobody holds it)."""
    high = deal.current_high
    return bool(deal.trick) and high is not None and high.seat == seat


def _won_name(deal: PlayedDeal) -> str:
    """What the deal's game calls what a seat wins: "column" (Tien Gow) or "trick"."""
    info = game_of(deal)
    return info.won_name if info is not None else "column"


def last_trick(deal: TrickDealView) -> str:
    """What each seat had won before the last trick, and that trick."""
    last = deal.tricks[-1]
    before = list(deal.won)
    before[last.winner] -= last.size
    banker = _banker(deal)
    titles = ("Seat", f"{_won_name(deal).capitalize()}s won before the trick just played")
    head = "".join(f'<th style="{_CELL}">{h}</th>' for h in titles)
    rows = "".join(
        f'<tr><td style="{_CELL}">{deal.name(seat)}'
        f"{' (banker)' * (seat == banker)}</td>"
        f'<td style="{_CELL}">{count}</td></tr>'
        for seat, count in enumerate(before)
    )
    table = (
        '<table style="border-collapse:collapse;font:13px sans-serif;background:#fff;'
        f'color:#1f2328;margin:4px 0"><tr>{head}</tr>{rows}</table>'
    )
    return table + plays(deal, last.plays, "The trick just played:")


def deal_state(deal: TrickDealView) -> str:
    """The hands still held, then the end of the last trick if there is one."""
    out = hands(deal) if any(deal.hands) else ""
    return out + (last_trick(deal) if deal.tricks else "")


def offered(deal: TrickDealView) -> str:
    """The plays of the last trick, in turn, all drawn face up: what a trick puzzle offers (the
    learner decides which went face down)."""
    shown = [play._replace(face_up=True) for play in deal.tricks[-1].plays]
    info = game_of(deal)
    pieces = info.pieces if info is not None else "tiles"  # Tet-Gow's are cards
    return plays(deal, shown, f"The {pieces} each player puts down, in turn:", numbered=True)


def lead_position(deal: TrickDealView, lead: Any) -> str:
    """What a lead in a position depends on, as the seat to lead sees it: the pieces asked
    about, his hand and what he has won, the point tiles of the deal if it has them, and every
    piece he has seen played face up (the others' hands stay hidden, as at the table)."""
    seat, unit = deal.turn, _won_name(deal)
    won = deal.won[seat]
    parts = [figure("The lead asked about:", row_svg(lead))]
    title = f"Your hand ({deal.name(seat)}, {won} {unit}{'s' * (won != 1)} won):"
    parts.append(figure(title, row_svg(deal.hands[seat])))
    dice = capable(deal, "has_point_tiles")
    if dice is not None:
        points = dice.point_tiles
        said = f"Point tiles this deal (named by the dice, {dice.point}): {points}."
        parts.append(figure(said if points else "No point tiles this deal.", ""))
    played = [*(p for t in deal.tricks for p in t.plays), *deal.trick]
    seen = [p.pieces for p in played if p.face_up]
    if seen:
        parts.append(figure("Played face up so far:", row_svg([x for s in seen for x in s])))
    else:
        parts.append(figure("Played face up so far: nothing you have seen.", ""))
    return "".join(parts)
