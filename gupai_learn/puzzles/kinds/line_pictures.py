"""The pictures of the line games' cards: the line, the hands, the order of play."""

from __future__ import annotations

from typing import Any

from gupai_learn.engine.protocols import LineDealView, capable
from gupai_learn.puzzles import pictures
from gupai_learn.render import row_svg


def _line_picture(deal: LineDealView, style: object = None, tell: bool = False) -> str:
    """The line, and every hand with what each seat put face down, under the order of play;
    Western tiles (``style`` "western", the game's ``piece_style``) are drawn with black pips
    only, hand by hand. ``tell`` names the fish and its blocker (for a question that depends on
    them, never one that asks about them)."""
    from gupai_learn.render.line import line_deal_svg

    if style != "western":
        return pictures.figure(_order(deal), line_deal_svg(deal, tell_fish=tell))
    line = pictures.figure(f"The line ({deal.layout.describe_ends()}):", _line_svg(deal, style))
    return line + "".join(
        pictures.figure(_seat_title(deal, s), _hand_svg(hand, style))
        for s, hand in enumerate(deal.hands)
    )


def _told(deal: LineDealView, style: object = None) -> str:
    """:func:`_line_picture` naming the fish and its blocker."""
    return _line_picture(deal, style, tell=True)


def _order(deal: LineDealView) -> str:
    """The order of play, first player first ("" for a deal that does not say it)."""
    blocking = capable(deal, "has_blocker")
    order = blocking.order if blocking is not None else None
    if not order:
        return ""
    return "Order of play: " + ", ".join(deal.name(s) for s in order) + "."


def _line_svg(deal: LineDealView, style: Any) -> str:
    from gupai_learn.render.line import layout_svg

    return layout_svg(deal.layout, style=style)


def _seat_title(deal: LineDealView, seat: int) -> str:
    """A hand's caption: the seat, whether it acts, and, while the round is in play, its points
    this round (once it is over they would tell who won it)."""
    title = deal.name(seat) + (" (to act)" if not deal.is_over and seat == deal.turn else "")
    rounds = capable(deal, "scores_rounds")
    points = rounds.round_points if rounds is not None else None
    if points is not None and not deal.is_over:
        title += f", {points[seat]} point{'s' * (points[seat] != 1)} this round"
    return title + ":"


def _hand_svg(hand: Any, style: Any) -> str:
    if not hand:
        return '<div style="font:13px sans-serif;color:#57606a">(no tile left)</div>'
    return row_svg(hand, style=style)


def _line_and_hand(deal: LineDealView, style: Any = None) -> str:
    """The line, and the hand of the seat to act (``style``: the game's piece style)."""
    from gupai_learn.render.line import layout_svg

    shown = row_svg(deal.hands[deal.turn], style=style)
    hand = pictures.figure(f"Your hand ({deal.name(deal.turn)}):", shown)
    return pictures.figure("The line:", layout_svg(deal.layout, style=style)) + hand


def _line_only(deal: LineDealView, style: Any = None) -> str:
    """The line alone (the hand to play from is the puzzle's pool, drawn by the card);
    ``style``: the game's piece style."""
    from gupai_learn.render.line import layout_svg

    return pictures.figure("The line:", layout_svg(deal.layout, style=style))
