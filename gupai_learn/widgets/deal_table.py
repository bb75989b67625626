"""What the deal player shows of a deal: the table (the trick so far, the high play marked, or a
line game's line and hands), the story (one line per trick or move), who is winning and why,
and where a review's first slip lies on them (:class:`Slip`). Pure functions returning HTML, and
the two small views built on them (:class:`TrickView`, :class:`SettlementView`).

ipywidgets shows an ``HTML`` value as markup, so every sentence (seat names included) is escaped
on its way in (:func:`_text`), every rule id in it drawn as a link to its rule.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets

from gupai_learn.engine.game import GameInfo, PlayedDeal
from gupai_learn.engine.line import LineDeal
from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import TrickDealView, capable
from gupai_learn.engine.settlement import Settlement
from gupai_learn.engine.trick import Trick, TrickDeal, TrickPlay
from gupai_learn.render import deal_svg, row_svg, settlement_html, trick_svg
from gupai_learn.render.line import line_deal_svg, table_line_svg
from gupai_learn.rulebook import link_rules
from gupai_learn.widgets._static import StaticFallback


def _info(deal: PlayedDeal) -> GameInfo:
    return deal.info


def _text(sentence: str) -> str:
    """Plain text made safe inside an HTML element, every rule id in it drawn so that it opens
    its rule (:func:`gupai_learn.rulebook.link_rules`)."""
    return link_rules(sentence, quote=False)


def _shown(play: TrickPlay) -> str:
    """Pieces and their combination's name: "[6:6] Heaven (天)", "[3:1][4:1] Goose-five"."""
    pieces = join(play.pieces)
    return f"{pieces} {play.combination.name}" if play.combination else pieces


@dataclass(frozen=True)
class Slip:
    """The first slip of a reviewed deal, as the pictures mark it: ``index`` (the move's place
    in the history), ``seat`` (who made it) and ``title`` ("slip: trick 3, your lead, East:
    [6:6]; better: …", in words)."""

    index: int
    seat: int
    title: str
    better: Move | None = None

    @classmethod
    def of(cls, deal: PlayedDeal, notes: Sequence[Any]) -> Slip | None:
        """The first note of ``notes`` (from :func:`gupai_learn.review.review`) that slipped,
        as a mark, or None when no move slipped."""
        first = next((n for n in notes if n.verdict == "slipped"), None)
        if first is None:
            return None
        better = f"; better: {first.better.words}" if first.better is not None else ""
        when = first.when or f"move {first.index + 1}"
        said = f"slip: {when}, {deal.name(first.seat)}: {first.played.words}{better}"
        return cls(first.index, first.seat, said, first.better)


def trick_mark(deal: PlayedDeal, plays: Sequence[TrickPlay], slip: Slip | None) -> int | None:
    """Which of ``plays`` (the last ``len(plays)`` moves of ``deal``) is the slip, if any."""
    if slip is None:
        return None
    at = slip.index - (len(deal.history) - len(plays))
    return at if 0 <= at < len(plays) and plays[at].seat == slip.seat else None


def line_mark(deal: PlayedDeal, slip: Slip | None) -> int | None:
    """Where on ``deal``'s line (an index of ``layout.placed``) lies the tile placed by the
    slip, if the slip placed one and it is on the line already; else None."""
    history = deal.history
    if slip is None or slip.index >= len(history) or history[slip.index].kind != "play":
        return None
    move = history[slip.index]
    at = 0 if move.end in (None, "left") else sum(m.kind == "play" for m in history[: slip.index])
    later = history[slip.index + 1 :]
    return at + sum(m.kind == "play" and m.end == "left" for m in later)


def table_html(
    deal: PlayedDeal, seat: int | None = None, slip: Slip | None = None, marks: bool = True
) -> str:
    """The current trick (or the last finished one), the high play marked, and what each seat
    has won. A line game: the line and every hand face up, with the tiles put face down and
    the fish if there is one; when ``seat`` is given (its player's own view, whose line view
    draws the line and its hand), the hands only, the others as backs; a game of another
    family is drawn whole. ``slip``: the move to mark as a slip where it shows (its play in the
    trick shown, its tile on the line). ``marks=False`` leaves out the game's mark on each
    piece (a Tet-Gow card's tier and set)."""
    info = _info(deal)
    over = f"{info.deal_name.capitalize()} over."
    state = over if deal.is_over else f"{deal.name(deal.turn)} to play."
    if isinstance(deal, LineDeal):
        blocker = capable(deal, "has_blocker")
        fish = blocker.fish if blocker is not None else None
        said = f" {fish.explain(seat).splitlines()[0]}" if fish is not None else ""
        title = slip.title if slip is not None else "slip"
        marked = line_mark(deal, slip)
        picture = line_deal_svg(deal, seat=seat, line=seat is None, marked=marked, mark_title=title)
        return f"<div class='gupai-table'>{picture}<p>{_text(state + said)}</p></div>"
    if not isinstance(deal, TrickDeal):
        return f"<div class='gupai-table'>{deal_svg(deal, marks=marks)}<p>{_text(state)}</p></div>"
    plays = list(deal.trick) or (list(deal.tricks[-1].plays) if deal.tricks else [])
    high = deal.current_high if deal.trick else (deal.tricks[-1].high if deal.tricks else None)
    won = ", ".join(f"{deal.name(s)} {c}" for s, c in enumerate(deal.won))
    none = f"<p>No {info.round_name} yet.</p>"
    marked = trick_mark(deal, plays, slip)
    title = slip.title if slip is not None else ""
    picture = (
        trick_svg(plays, deal.seat_names, high, marked=marked, mark_title=title, marks=marks)
        if plays
        else none
    )
    if plays and not deal.trick:  # the finished trick (round), shown as such
        done = deal.tricks[-1]
        number = f"{info.round_name.capitalize()} {len(deal.tricks)}"
        caption = f"{number} is over: {deal.name(done.winner)} took it."
        picture = f"<p><i>{_text(caption)}</i></p>{picture}"
    spare = capable(deal, "has_leftover")  # pieces dealt to nobody, face up (Tet-Gow)
    leftover = spare.leftover if spare is not None else ()
    if leftover:
        side = row_svg(leftover, scale=0.6, marks=marks)
        picture += f"<p><i>Left over, face up for all to see:</i></p>{side}"
    label = info.won_name.capitalize() + "s"
    return f"<div class='gupai-table'>{picture}<p>{_text(f'{label} won: {won}. {state}')}</p></div>"


def story_html(deal: PlayedDeal, slip: Slip | None = None, marks: bool = True) -> str:
    """The deal so far as a list: one line per finished trick (a trick game), or per move (a
    line game, under its line when a slip is marked on it). The trick or move of ``slip`` is
    outlined, titled "slip: … better: …", with the better move drawn beside it (with the
    game's marks on its pieces unless ``marks`` is false)."""
    if isinstance(deal, TrickDeal):
        lines = [narrate(deal, i, t) for i, t in enumerate(deal.tricks, 1)]
        ends = _running([len(t.plays) for t in deal.tricks])
        at = next((k for k, end in enumerate(ends) if slip and slip.index < end), None)
    else:
        lines, at = _moves_told(deal), slip.index if slip is not None else None
    shown = [_text(line) for line in lines]
    if slip is None or at is None or at >= len(shown):
        return "<br>".join(shown)
    above = ""
    where = line_mark(deal, slip) if isinstance(deal, LineDeal) else None
    if where is not None and isinstance(deal, LineDeal):
        line = table_line_svg(deal, marked=where, mark_title=slip.title)
        above = f"<div class='gupai-story-line'>{line}</div>"
    before, after = "<br>".join(shown[:at]), "<br>".join(shown[at + 1 :])
    return above + before + _slip_line(shown[at], slip, marks) + after


def _running(sizes: Sequence[int]) -> list[int]:
    """The running totals of ``sizes``: where each trick's moves end in the history."""
    total, ends = 0, []
    for size in sizes:
        total += size
        ends.append(total)
    return ends


#: The colour of a slip's mark (as in the drawings).
SLIP_COLOUR = "#cf222e"


def _slip_line(line: str, slip: Slip, marks: bool = True) -> str:
    """One line of the story outlined as the slip, its title the slip and the better move, the
    better move drawn beside it."""
    better = ""
    if slip.better is not None:
        pieces = slip.better.pieces
        picture = row_svg(pieces, scale=0.6, marks=marks) if pieces else ""
        drawn = f"<span style='display:inline-block;vertical-align:middle'>{picture}</span>"
        better = f"<div class='gupai-better'>Better: {_text(slip.better.words)} {drawn}</div>"
    style = f"outline:2px dashed {SLIP_COLOUR};outline-offset:1px;padding:3px 6px;margin:6px 2px"
    badge = f"<b style='color:{SLIP_COLOUR}'>\u2717 slip</b>"
    title = html.escape(slip.title, quote=True)
    return f"<div class='gupai-slip' title=\"{title}\" style='{style}'>{badge} {line}{better}</div>"


def narrate(deal: TrickDealView, number: int, trick: Trick) -> str:
    """One sentence per finished trick: who led what, who beat it, who takes what."""
    lead = trick.plays[0]
    parts = [f"{number}. {deal.name(lead.seat)} led {_shown(lead)}"]
    for play in trick.plays[1:]:
        if play.face_up:
            parts.append(f"{deal.name(play.seat)} beat it with {_shown(play)}")
        else:
            parts.append(f"{deal.name(play.seat)} played {len(play.pieces)} face down")
    size = len(lead.pieces)
    won = _info(deal).won_name + ("s" if size > 1 else "")
    return "; ".join(parts) + f". {deal.name(trick.winner)} takes {size} {won}."


def _moves_told(deal: PlayedDeal) -> list[str]:
    """The moves so far, one line each, in words ("2. East: [3:1] on the left end", "3. South:
    a draw"); a face-down tile is told only as "a tile face down" (the table does not see
    which)."""
    return [
        f"{i}. {deal.name(s)}: " + ("a tile face down" if m.kind == "discard" else m.words)
        for i, (s, m) in enumerate(deal.seated_history, 1)
    ]


def winning_text(deal: TrickDealView) -> str:
    """Who holds the current trick and why, in a sentence (the game's trick-winner rule)."""
    high = deal.current_high
    if high is None or high.combination is None:
        return f"{deal.name(deal.turn)} leads: any valid lead ({deal.RULE_LEAD})."
    lead = deal.trick[0]
    combo = high.combination
    why = "nobody has beaten the lead" if high is lead else "it beat everything before it"
    downs = sum(not p.face_up for p in deal.trick)
    beaten = (
        "nothing can take it"
        if combo.led_only
        else f"only {combo.kind_name.split(' (')[0]} ranked higher can take it"
    )
    return (
        f"{deal.name(high.seat)} is winning with {_shown(high)}: {why}; {beaten} "
        f"({deal.RULE_BEAT}). {downs} face down so far ({deal.RULE_FACE_DOWN})."
    )


class TrickView(StaticFallback, ipywidgets.VBox):
    """The trick in progress: plays (face-down ones as backs), the high play marked, and who is
    winning and why (``marks=False``: the pieces without the game's marks). Call
    :meth:`refresh` after moves."""

    def __init__(self, deal: TrickDealView, marks: bool = True) -> None:
        self.deal = deal
        self.marks = bool(marks)
        self.picture = ipywidgets.HTML()
        self.why = ipywidgets.HTML()
        super().__init__([self.picture, self.why])
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the deal."""
        self.picture.value = table_html(self.deal, marks=self.marks)
        self.why.value = f"<p>{_text(winning_text(self.deal))}</p>"

    def __repr__(self) -> str:
        return f"TrickView(plays={len(self.deal.trick)})"


class SettlementView(StaticFallback, ipywidgets.HTML):
    """Who pays whom, line by line, each line with its rule ids."""

    def __init__(self, settlement: Settlement) -> None:
        super().__init__(settlement_html(settlement))
        self.settlement = settlement

    def __repr__(self) -> str:
        return f"SettlementView(payments={self.settlement.payments})"
