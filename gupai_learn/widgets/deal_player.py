"""Play a whole deal of any game against computer players, then replay it.

:class:`DealPlayer` shows the table (the trick so far, the high play marked), your hand as a
:class:`HandPicker`, a narration line per finished trick, and the explained settlement at the
end, with New deal, Undo and Hint. The other seats are played by the game's computer players.
:class:`ReplayStepper` steps through a finished or recorded deal, move by move, names the level of
the computer player at each seat, and has its own Review, which jumps to the first slip.

A game played to a target (``GameInfo.target``: Bergen's 15 or 10 points, BE-GAME) is played
as a whole :class:`~gupai_learn.engine.match.Match`: a scoreboard (seats × rounds, running
totals, the target) sits on top, **Next round** deals the next round once one is over, and the
match ends when a seat reaches the target; **New deal** then starts a new match.

Both are ipywidgets boxes of HTML views around the hand picker: every picture and sentence is
computed in Python from the engine's state, through the deal's own API and the game's
``GameInfo`` (no game is named here). ipywidgets shows an ``HTML`` value as markup, so every
sentence (seat names included) is escaped on its way in (:func:`_text`). Captions use the game's
own words: ``GameInfo.round_name`` for a lead and its answers ("Round 3 is over" in Tet-Gow),
``won_name`` for what seats win (Tien Gow's columns), ``deal_name`` for a whole deal (Tet-Gow's
"game").
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets

from gupai_learn.bots import Player
from gupai_learn.engine.deal import BaseDeal, check_seat, check_seed
from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.line import LineDeal
from gupai_learn.engine.match import Match
from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.engine.settlement import Settlement
from gupai_learn.engine.trick import Trick, TrickDeal, TrickPlay
from gupai_learn.games import GAMES, game
from gupai_learn.render import deal_svg, row_svg, settlement_html, trick_svg
from gupai_learn.render.line import line_deal_svg, table_line_svg
from gupai_learn.rulebook import link_rules
from gupai_learn.verdict import SetupError, describe_input
from gupai_learn.widgets._static import RUN_TO_PLAY, StaticFallback
from gupai_learn.widgets.hand_picker import HandPicker
from gupai_learn.widgets.line_view import LineView


def _info(deal: BaseDeal[Any]) -> GameInfo:
    return deal.info


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
    def of(cls, deal: BaseDeal[Any], notes: Sequence[Any]) -> Slip | None:
        """The first note of ``notes`` (from :func:`gupai_learn.review.review`) that slipped,
        as a mark, or None when no move slipped."""
        first = next((n for n in notes if n.verdict == "slipped"), None)
        if first is None:
            return None
        better = f"; better: {first.better.words}" if first.better is not None else ""
        when = first.when or f"move {first.index + 1}"
        said = f"slip: {when}, {deal.name(first.seat)}: {first.played.words}{better}"
        return cls(first.index, first.seat, said, first.better)


def trick_mark(deal: BaseDeal[Any], plays: Sequence[TrickPlay], slip: Slip | None) -> int | None:
    """Which of ``plays`` (the last ``len(plays)`` moves of ``deal``) is the slip, if any."""
    if slip is None:
        return None
    at = slip.index - (len(deal.history) - len(plays))
    return at if 0 <= at < len(plays) and plays[at].seat == slip.seat else None


def line_mark(deal: BaseDeal[Any], slip: Slip | None) -> int | None:
    """Where on ``deal``'s line (an index of ``layout.placed``) lies the tile placed by the
    slip, if the slip placed one and it is on the line already; else None."""
    history = deal.history
    if slip is None or slip.index >= len(history) or history[slip.index].kind != "play":
        return None
    move = history[slip.index]
    at = 0 if move.end in (None, "left") else sum(m.kind == "play" for m in history[: slip.index])
    later = history[slip.index + 1 :]
    return at + sum(m.kind == "play" and m.end == "left" for m in later)


def table_html(deal: BaseDeal[Any], seat: int | None = None, slip: Slip | None = None) -> str:
    """The current trick (or the last finished one), the high play marked, and what each seat
    has won. A line game: the line and every hand face up, with the tiles put face down and
    the fish if there is one; when ``seat`` is given (its player's own view, whose line view
    draws the line and its hand), the hands only, the others as backs; a game of another
    family is drawn whole. ``slip``: the move to mark as a slip where it shows (its play in the
    trick shown, its tile on the line)."""
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
        return f"<div class='gupai-table'>{deal_svg(deal)}<p>{_text(state)}</p></div>"
    plays = list(deal.trick) or (list(deal.tricks[-1].plays) if deal.tricks else [])
    high = deal.current_high if deal.trick else (deal.tricks[-1].high if deal.tricks else None)
    won = ", ".join(f"{deal.name(s)} {c}" for s, c in enumerate(deal.won))
    none = f"<p>No {info.round_name} yet.</p>"
    marked = trick_mark(deal, plays, slip)
    title = slip.title if slip is not None else ""
    picture = (
        trick_svg(plays, deal.seat_names, high, marked=marked, mark_title=title) if plays else none
    )
    if plays and not deal.trick:  # the finished trick (round), shown as such
        done = deal.tricks[-1]
        number = f"{info.round_name.capitalize()} {len(deal.tricks)}"
        caption = f"{number} is over: {deal.name(done.winner)} took it."
        picture = f"<p><i>{_text(caption)}</i></p>{picture}"
    spare = capable(deal, "has_leftover")  # pieces dealt to nobody, face up (Tet-Gow)
    leftover = spare.leftover if spare is not None else ()
    if leftover:
        side = row_svg(leftover, scale=0.6)
        picture += f"<p><i>Left over, face up for all to see:</i></p>{side}"
    label = info.won_name.capitalize() + "s"
    return f"<div class='gupai-table'>{picture}<p>{_text(f'{label} won: {won}. {state}')}</p></div>"


def _text(sentence: str) -> str:
    """Plain text made safe inside an HTML element, every rule id in it drawn so that it opens
    its rule (:func:`gupai_learn.rulebook.link_rules`)."""
    return link_rules(sentence, quote=False)


def story_html(deal: BaseDeal[Any], slip: Slip | None = None) -> str:
    """The deal so far as a list: one line per finished trick (a trick game), or per move (a
    line game, under its line when a slip is marked on it). The trick or move of ``slip`` is
    outlined, titled "slip: … better: …", with the better move drawn beside it."""
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
    return above + before + _slip_line(shown[at], slip) + after


def _running(sizes: Sequence[int]) -> list[int]:
    """The running totals of ``sizes``: where each trick's moves end in the history."""
    total, ends = 0, []
    for size in sizes:
        total += size
        ends.append(total)
    return ends


#: The colour of a slip's mark (as in the drawings).
SLIP_COLOUR = "#cf222e"


def _slip_line(line: str, slip: Slip) -> str:
    """One line of the story outlined as the slip, its title the slip and the better move, the
    better move drawn beside it."""
    better = ""
    if slip.better is not None:
        picture = row_svg(slip.better.pieces, scale=0.6) if slip.better.pieces else ""
        drawn = f"<span style='display:inline-block;vertical-align:middle'>{picture}</span>"
        better = f"<div class='gupai-better'>Better: {_text(slip.better.words)} {drawn}</div>"
    style = f"outline:2px dashed {SLIP_COLOUR};outline-offset:1px;padding:3px 6px;margin:6px 2px"
    badge = f"<b style='color:{SLIP_COLOUR}'>\u2717 slip</b>"
    title = html.escape(slip.title, quote=True)
    return f"<div class='gupai-slip' title=\"{title}\" style='{style}'>{badge} {line}{better}</div>"


#: How each level's computer player is named in a replay.
LEVEL_WORDS = {"easy": "easy", "normal": "normal", "strong": "strong"}


def who_played(
    deal: BaseDeal[Any], levels: str | Sequence[str | None], you: int | None = None
) -> str:
    """Who played each seat, in a sentence: "East: you. South: strong computer player. …".
    ``levels`` is one level for every computer seat, or one per move of ``deal`` (None for a
    move of yours or one not recorded); a seat whose level changed during the deal says when
    ("normal computer player (moves 2–10), then strong (moves 14–30)")."""
    moves = deal.seated_history
    per_move = [levels] * len(moves) if isinstance(levels, str) else list(levels)
    parts = []
    for seat in range(deal.n_seats):
        if seat == you:
            parts.append(f"{deal.name(seat)}: you")
            continue
        mine = [(i + 1, per_move[i]) for i, (s, _) in enumerate(moves) if s == seat]
        if isinstance(levels, str) and not mine:
            mine = [(0, levels)]
        parts.append(f"{deal.name(seat)}: {_levels_said(mine)}")
    return "Who played: " + "; ".join(parts) + "."


def _levels_said(moves: list[tuple[int, str | None]]) -> str:
    """One seat's levels over its moves (number, level): one level named once, a change named
    with the moves each level played."""
    runs: list[list[Any]] = []  # [level, first move, last move]
    for number, level in moves:
        if runs and runs[-1][0] == level:
            runs[-1][2] = number
        else:
            runs.append([level, number, number])
    if not runs:
        return "no move yet"
    if len(runs) == 1:
        level = runs[0][0]
        return "not recorded" if level is None else f"{level} computer player"
    said = [
        f"{level or 'not recorded'}{' computer player' * (k == 0 and level is not None)} "
        f"({_span(first, last)})"
        for k, (level, first, last) in enumerate(runs)
    ]
    return ", then ".join(said)


def _span(first: int, last: int) -> str:
    return f"move {first}" if first == last else f"moves {first}\u2013{last}"


def winning_text(deal: TrickDeal[Any]) -> str:
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
    winning and why. Call :meth:`refresh` after moves."""

    def __init__(self, deal: TrickDeal[Any]) -> None:
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


class SettlementView(StaticFallback, ipywidgets.HTML):
    """Who pays whom, line by line, each line with its rule ids."""

    def __init__(self, settlement: Settlement) -> None:
        super().__init__(settlement_html(settlement))
        self.settlement = settlement

    def __repr__(self) -> str:
        return f"SettlementView(payments={self.settlement.payments})"


def narrate(deal: TrickDeal[Any], number: int, trick: Trick) -> str:
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


def scoreboard_html(match: Match, current: Settlement | None = None) -> str:
    """A match's scoreboard: one row per seat, one column per round (``current``: the finished
    round not yet recorded, shown as the last column; a round still in play whose deal keeps
    ``round_points``, as Bergen's headers, shows them in a column "now"), the running totals
    and the target."""
    names = match.deal.seat_names
    rounds = [s.results for _, s in match.history]
    heads = [str(i) for i in range(1, len(rounds) + 1)]
    if current is not None:
        rounds.append(current.results)
        heads.append(str(len(rounds)))
    elif (scored := capable(match.deal, "scores_rounds")) is not None and not match.deal.is_over:
        rounds.append(tuple(scored.round_points))
        heads.append("now")
    totals = [sum(r[seat] for r in rounds) for seat in range(len(names))]
    head = "".join(f"<th scope='col'>{h}</th>" for h in heads)
    rows = "".join(
        f"<tr><th scope='row'>{_text(name)}</th>"
        + "".join(f"<td>{r[seat]}</td>" for r in rounds)
        + f"<td><b>{totals[seat]}</b></td></tr>"
        for seat, name in enumerate(names)
    )
    rule = f"{match.info.rule_prefix}-GAME"
    goal = f"Game to {match.target} points ({rule})" if match.target else "No target"
    return (
        f"<table class='gupai-scoreboard'><caption>{_text(goal)}</caption>"
        f"<tr><th scope='col'>seat</th>{head}<th scope='col'>total</th></tr>{rows}</table>"
    )


def match_winner(match: Match, current: Settlement | None = None) -> int | None:
    """The seat that has reached the match's target (counting ``current``, the finished round
    not yet recorded), the highest total first; None while nobody has."""
    if match.target is None:
        return None
    totals = list(match.totals)
    if current is not None:
        totals = [t + r for t, r in zip(totals, current.results, strict=True)]
    best = max(totals)
    return totals.index(best) if best >= match.target else None


def _shown(play: TrickPlay) -> str:
    """Pieces and their combination's name: "[6:6] Heaven (天)", "[3:1][4:1] Goose-five"."""
    pieces = join(play.pieces)
    return f"{pieces} {play.combination.name}" if play.combination else pieces


#: The levels a learner may choose above the table, and the computer player each one seats.
LEVELS = {"easy": "random", "normal": "heuristic", "strong": "strong"}


def level_kind(info: GameInfo, bots: str, level: str | None) -> str:
    """The kind of computer player to seat: ``level`` ("easy", "normal", "strong") if given,
    else ``bots`` (a kind from the game's players). ValueError naming the choices otherwise."""
    if level is not None:
        if type(level) is not str or level not in LEVELS:
            choices = " or ".join(map(repr, LEVELS))
            raise SetupError(f"level={describe_input(level)}: choose {choices}")
        return LEVELS[level]
    if type(bots) is not str or bots not in info.bots:
        raise SetupError(f"bots={describe_input(bots)}: choose {' or '.join(map(repr, info.bots))}")
    return bots


class DealPlayer(StaticFallback, ipywidgets.VBox):
    """You play ``seat`` of a seeded deal of ``game`` (a name from ``GAMES``; default: the first,
    Tien Gow); computer players take the other seats, at the ``level`` chosen above the table
    (easy: random moves, normal: the heuristic, strong: the player that samples the hidden hands
    and plays each move out; ``level=`` sets it, default normal). The choice holds for the
    following deals.

    Buttons: **New deal** (the next seed), **Undo** (back to your previous decision), **Hint**
    (your move now and why, with the rule that allows it), **Review** (after the deal: your
    decisions, the first slip marked on the list of tricks or moves and on the line, a better
    move drawn beside it, and **Try it again** on each slip: the position before it as a puzzle
    card, kept in the progress file and saved with its stars when solved), **Replay** (after
    the deal: step through it, every hand face up, with who played each seat at which level,
    and its own Review). The result is stated in plain words at the end, with the explained
    settlement.
    Your next move clears a hint."""

    RUN_NOTE = RUN_TO_PLAY

    #: the computer players, one per seat (the learner's seat is skipped)
    bots: list[Player]

    def __init__(
        self,
        game: str | None = None,
        seed: int = 0,
        seat: int = 0,
        bots: str = "heuristic",
        level: str | None = None,
        **deal_args: Any,
    ) -> None:
        self.info = _game(game)
        self.seed = check_seed(seed) or 0
        self.seat = check_seat("seat", seat, max(self.info.seats), f"{self.info.rule_prefix}-DEAL")
        self.kind, self.deal_args = level_kind(self.info, bots, level), deal_args
        self.match: Match | None = None
        self._played: dict[int, str] = {}  # history index -> the level that made the move
        self._slip: Slip | None = None
        self.deal = self._new_deal()
        self.table = ipywidgets.HTML()
        self.picker: HandPicker | LineView = (
            LineView(self.deal, seat)
            if self.info.family == "line"
            else HandPicker.for_deal(self.deal, seat, reference=False)  # a button below
        )
        self.picker.on_move = self._moved
        self.coach = ipywidgets.HTML()
        #: after a review: one "Try it again" button per slip, and the slip tried as a puzzle
        self.tries = ipywidgets.VBox()
        self.trial = ipywidgets.VBox()
        self.card = ipywidgets.HTML()
        self.story = ipywidgets.HTML()
        self.result = ipywidgets.HTML()
        self.board = ipywidgets.HTML()
        self.replay = ipywidgets.VBox()
        row = ipywidgets.HBox([self._button(label, act) for label, act in self._controls()])
        self.levels = ipywidgets.ToggleButtons(
            options=[(name.capitalize(), name) for name, kind in LEVELS.items()],
            value=self.level,
            description="Computer:",
            tooltips=["random moves", "a sensible player", "plays each move out on guessed hands"],
        )
        self.levels.observe(lambda change: self.set_level(change["new"]), names="value")
        top: list[ipywidgets.Widget] = [self.board] if self.match is not None else []
        head = ipywidgets.VBox([self.levels, self.table])  # the level chosen above the table
        parts = [*top, head, self.picker, row]
        below = [self.coach, self.tries, self.trial, self.card, self.story, self.result]
        super().__init__([*parts, *below, self.replay])
        self._after_move()

    @property
    def level(self) -> str | None:
        """The level of the computer players ("easy", "normal", "strong"), or None for a kind
        that is none of them."""
        return {kind: name for name, kind in LEVELS.items()}.get(self.kind)

    def set_level(self, level: str) -> None:
        """Seat computer players of ``level`` from now on: for the rest of this deal and the
        deals after it (the choice above the table does the same)."""
        self.kind = level_kind(self.info, self.kind, level)
        self.bots = self._players()
        if self.levels.value != level:
            self.levels.value = level
        self._draw_board()
        self.coach.value = f"<p>{_text(f'The computer players are now {level}.')}</p>"

    # ----- the deal -------------------------------------------------------------------------
    def _players(self) -> list[Player]:
        return [self.info.bot(self.kind, self.seed * 4 + s) for s in range(max(self.info.seats))]

    def _new_deal(self) -> Any:
        self.bots = self._players()
        if self.info.target is not None:  # a game to a target: a whole match (BE-GAME)
            first = dict(self.deal_args)
            rules, players = first.pop("rules", None), first.pop("players", None)
            self.match = Match(self.info, self.seed, rules, players, **first)
            return self.match.deal
        return self.info.Deal.random(seed=self.seed, **self.deal_args)

    def _controls(self) -> list[tuple[str, Any]]:
        buttons: list[tuple[str, Any]] = [
            (self.new_label, self.new_deal),
            ("Undo", self.undo),
            ("Hint", self.hint),
            ("Review", self.review),
            ("Replay", self.toggle_replay),
        ]
        if self.match is not None:
            buttons.insert(1, ("Next round", self.next_round))
        if self.info.reference is not None:
            buttons.append(("Reference card", self.toggle_reference))
        return buttons

    @property
    def new_label(self) -> str:
        """The label of the button that deals again, in the game's own word: "New deal", or
        "New game" where one deal is a game (Tet-Gow, TT-DEAL)."""
        return f"New {self.info.deal_name}"

    def toggle_reference(self) -> None:
        """Show the game's reference card (its rankings) under the table, or hide it again."""
        if self.card.value or self.info.reference is None:
            self.card.value = ""
            return
        drawing = self.info.reference()._repr_svg_()
        self.card.value = f"<div class='gupai-reference'>{drawing}</div>"

    @staticmethod
    def _button(label: str, action: Any) -> ipywidgets.Button:
        button = ipywidgets.Button(description=label, tooltip=label)
        button.on_click(lambda _b: action())
        return button

    def new_deal(self) -> None:
        """Deal again with the next seed (in a game to a target: a new match)."""
        self.seed += 1
        fresh = f"A new {self.info.deal_name}."
        self._use(self._new_deal(), "A new match." if self.match is not None else fresh)

    def next_round(self) -> None:
        """In a match: record the finished round and deal the next (BE-GAME); refused, with the
        reason, while the round is in play or once a seat has reached the target."""
        match = self.match
        if match is None:
            return
        rule = f"{self.info.rule_prefix}-GAME"
        if not self.deal.is_over:
            self.coach.value = "<p>Finish this round first: it is still in play.</p>"
            return
        if match_winner(match, self.deal.settle()) is not None:
            said = f"The match is over ({rule}): {self.new_label} starts a new match."
            self.coach.value = f"<p>{_text(said)}</p>"
            return
        match.deal = self.deal  # the round as played here (after an Undo, a new object)
        match.next_deal()
        self._use(match.deal, f"Round {len(match.history) + 1}.")

    def undo(self) -> None:
        """Take back your last decision (and the computer players' moves after it)."""
        seated = self.deal.seated_history
        mine = [i for i, (s, _) in enumerate(seated) if s == self.seat]
        if not mine:
            self.coach.value = "<p>Nothing to undo yet: you have not moved.</p>"
            return
        earlier = self.deal.restart()
        for _, move in seated[: mine[-1]]:
            earlier.apply(move)
        self._use(earlier, f"Took back {seated[mine[-1]][1].words}.")

    def hint(self) -> Move | None:
        """Your move now and why: the solver's move when it proves the move forces your goal,
        else the computer player's move with its reason; with the rules that allow it."""
        if self.deal.is_over or self.deal.turn != self.seat:
            self.coach.value = "<p>No hint: it is not your turn.</p>"
            return None
        from gupai_learn.review import hint as explain

        found = explain(self.deal)
        said = f"Hint: {found.move.words}. {found.why} ({', '.join(found.rules)})"
        self.coach.value = f"<p class='gupai-hint'>{_text(said)}</p>"
        return found.move

    def review(self) -> list[Any] | None:
        """After the deal: each of your decisions, kept or slipped, the first slip marked and
        the move that kept the goal drawn (:func:`gupai_learn.review.review`), and under it a
        "Try it again" button for each slip (:meth:`try_again`)."""
        if not self.deal.is_over:
            self.coach.value = "<p>Review comes after the deal: play it to the end first.</p>"
            return None
        from gupai_learn.review import notes_html
        from gupai_learn.review import review as look_back

        notes = look_back(self.deal, self.seat)
        self.coach.value = notes_html(self.deal, notes)
        self._slip = Slip.of(self.deal, notes)
        self.story.value = story_html(self.deal, self._slip)
        self.trial.children = ()
        self.tries.children = tuple(self._offer(n) for n in notes if n.verdict == "slipped")
        return notes

    def _offer(self, note: Any) -> ipywidgets.Widget:
        """The "Try it again" button of one slip of the review (its puzzle made now, so that
        the button opens it at once), or the line saying why this slip cannot be tried."""
        try:
            puzzle = note.puzzle()
        except ValueError as error:
            said = str(error)
            return ipywidgets.HTML(
                f"<p class='gupai-try-later'>{_text(said[:1].upper() + said[1:])}.</p>"
            )
        label = f"Try it again: {note.when}"
        tip = f"{note.when}: {note.played.words} let it slip; find a move that keeps it"
        button = ipywidgets.Button(
            description=label, tooltip=tip, layout=ipywidgets.Layout(width="auto")
        )
        button.add_class("gupai-try-again")
        button.on_click(lambda _b: self._open(note, puzzle))
        return button

    def try_again(self, note: Any) -> Any:
        """Open the slip of ``note`` (a slipped :class:`~gupai_learn.review.ReviewNote`) as a
        puzzle card under the review: the position before it, to play again. The slip is kept
        in the learner's progress file as it starts (so that it can come back later); solved,
        its stars are saved as any card's are. Returns the card (None, with a one-line reason,
        when the note cannot become a puzzle)."""
        try:
            puzzle = note.puzzle()
        except ValueError as error:
            self.coach.value = f"<p>{_text(f'This move cannot be tried again: {error}.')}</p>"
            return None
        return self._open(note, puzzle)

    def _open(self, note: Any, puzzle: Any) -> Any:
        """Show ``puzzle``, the slip of ``note``, as a card under the review, kept as it starts."""
        from gupai_learn.puzzles import progress
        from gupai_learn.widgets.puzzle_card import PuzzleCard

        with contextlib.suppress(OSError):  # a read-only home: the card works, nothing is kept
            progress.keep(puzzle.id, note.entry())
        said = (
            f"Your slip at {note.when}, to play again: every move that keeps what you could "
            "force is right, and the stars you earn are saved with your progress."
        )
        card = PuzzleCard(puzzle)
        intro = ipywidgets.HTML(f"<p class='gupai-try-intro'>{_text(said)}</p>")
        self.trial.children = (intro, card)
        return card

    def played_by(self) -> list[str | None]:
        """The level of the computer player that made each move of the deal so far (None for
        your moves)."""
        return [self._played.get(i) for i in range(len(self.deal.history))]

    def levels_said(self) -> str:
        """The level of the computer players in a sentence: "Computer players: normal."; after
        a switch during this deal, each level and the move it began with ("Computer players:
        normal, then strong from move 9.")."""
        changes: list[tuple[int, str]] = []
        for index, level in sorted(self._played.items()):
            if not changes or changes[-1][1] != level:
                changes.append((index, level))
        now = self.level or self.kind
        if not changes or changes[-1][1] != now:
            changes.append((len(self.deal.history), now))  # chosen for the moves to come
        said = [changes[0][1]] + [f"{level} from move {i + 1}" for i, level in changes[1:]]
        return f"Computer players: {', then '.join(said)}."

    def toggle_replay(self) -> None:
        """After the deal: show a :class:`ReplayStepper` of it under the table (every hand face
        up, who played each seat at which level, its own Review), or hide it again. Refused
        while the deal is in play (the replay shows the hidden hands)."""
        if self.replay.children:
            self.replay.children = ()
            return
        if not self.deal.is_over:
            said = "The replay comes after the deal: it shows every hand face up."
            self.coach.value = f"<p>{_text(said)}</p>"
            return
        stepper = ReplayStepper(self.deal, seat=self.seat, levels=self.played_by())
        self.replay.children = (stepper,)

    def _use(self, deal: Any, note: str) -> None:
        self._played = {i: kind for i, kind in self._played.items() if i < len(deal.history)}
        self._slip = None
        self.replay.children = self.tries.children = self.trial.children = ()
        self.deal = self.picker.deal = deal
        self.picker.message = ""  # "Played …" spoke of a move this deal no longer has
        if self.match is not None:
            self.match.deal = deal
        self.coach.value = f"<p>{_text(note)}</p>"
        self.result.value = ""
        self._after_move()

    def _moved(self) -> None:
        """After your move: the last hint or note is about a position that is gone."""
        self.coach.value = ""
        self._after_move()

    def _after_move(self) -> None:
        while not self.deal.is_over and self.deal.turn != self.seat:
            self._played[len(self.deal.history)] = self.level or self.kind
            self.deal.apply(self.bots[self.deal.turn].choose(self.deal))
        self.picker.refresh()
        self.table.value = table_html(self.deal, self.seat)
        self.story.value = story_html(self.deal, self._slip)
        finished = self._draw_board()
        if finished is not None:
            # a settlement draws itself (Tet-Gow's scores as points, chips as payments)
            self.result.value = (
                f"<p><b>{_text(self.outcome(finished))}</b></p>"
                + self._match_news(finished)
                + finished._repr_html_()
            )

    def _draw_board(self) -> Settlement | None:
        """In a match, the scoreboard and the level line; returns the settlement of a finished
        deal (None while it is in play)."""
        finished = self.deal.settle() if self.deal.is_over else None
        if self.match is not None:
            played = _text(self.levels_said())
            self.board.value = (
                scoreboard_html(self.match, finished) + f"<p class='gupai-level'>{played}</p>"
            )
        return finished

    def _match_news(self, finished: Settlement) -> str:
        """In a match, after a round: who has won the match, or that the next round awaits."""
        if self.match is None:
            return ""
        rule = f"{self.info.rule_prefix}-GAME"
        winner = match_winner(self.match, finished)
        if winner is None:
            said = f"Nobody has reached {self.match.target} points yet ({rule}): click Next round."
        else:
            who = "You win" if winner == self.seat else f"{self.deal.name(winner)} wins"
            said = f"{who} the match: {self.match.target} points reached ({rule})."
        return f"<p class='gupai-match-news'>{_text(said)}</p>"

    def outcome(self, settlement: Settlement) -> str:
        """Your result in plain words: "You (East): +3 chips" (or "+3 points" in a game played
        for points)."""
        amount = settlement.results[self.seat]
        unit = settlement.unit + ("" if abs(amount) == 1 else "s")
        return f"You ({self.deal.name(self.seat)}): {amount:+d} {unit}."

    def __repr__(self) -> str:
        return (
            f"DealPlayer(game={self.info.name!r}, seed={self.seed}, seat={self.seat}, "
            f"moves={len(self.deal.history)})"
        )


def _moves_told(deal: BaseDeal[Any]) -> list[str]:
    """The moves so far, one line each, in words ("2. East: [3:1] on the left end", "3. South:
    a draw"); a face-down tile is told only as "a tile face down" (the table does not see
    which)."""
    return [
        f"{i}. {deal.name(s)}: " + ("a tile face down" if m.kind == "discard" else m.words)
        for i, (s, m) in enumerate(deal.seated_history, 1)
    ]


def _game(name: object) -> GameInfo:
    if name is None:
        return next(iter(GAMES.values()))
    if not isinstance(name, str):
        raise SetupError(f"game={describe_input(name)}: give a game's name from GAMES")
    return game(name)


def why_played(before: BaseDeal[Any], move: Move) -> str:
    """One sentence on a move, read from the position ``before`` it: for a face-down play, whether
    the seat had no face-up play the rules allowed or kept its tiles by choice (naming one play it
    could have made); for any other move, the engine's own first reason."""
    verdict = before.judge(move)
    rule = verdict.reasons[0].rule if verdict.reasons else ""
    if move.kind != "discard":
        return verdict.reasons[0].text if verdict.reasons else ""
    who = before.name(before.turn)
    face_up = [m for m in before.legal_moves() if m.kind == "play"]
    if not face_up:
        if not isinstance(before, TrickDeal) or before.current_high is None:
            return f"{who} had no face-up play the rules allow here, so played face down ({rule})."
        return (
            f"{who} held nothing that beats {_shown(before.current_high)} ({before.RULE_BEAT}), "
            f"so these tiles went face down ({rule})."
        )
    return (
        f"{who} could have played {face_up[0]} face up but chose to keep it: playing face "
        f"down is always allowed ({rule})."
    )


class ReplayStepper(StaticFallback, ipywidgets.VBox):
    """Step through ``deal``'s moves: first, back, forward, last; at each step every hand is
    shown face up and the caption says why the last move was made (:func:`why_played`).

    ``step`` is where to start: by default after the last move; ``step=0`` starts before the
    first lead (to watch a deal without seeing how it ends). ``seat`` is the learner's seat,
    the one **Review** looks back on (a finished deal: each decision of that seat, and a jump to
    its first slip, marked on the table). ``levels`` says who played the other seats: one level
    for all ("strong") or one per move (None for the learner's), as :class:`DealPlayer`
    records them; without it the replay names no level."""

    def __init__(
        self,
        deal: BaseDeal[Any],
        step: int | None = None,
        *,
        seat: int = 0,
        levels: str | Sequence[str | None] | None = None,
    ) -> None:
        self.moves = deal.seated_history
        self.start = deal.restart()
        self.seat = check_seat("seat", seat, deal.n_seats, f"{_info(deal).rule_prefix}-DEAL")
        if not isinstance(levels, (str, type(None))) and len(levels) != len(self.moves):
            raise SetupError(f"levels: give one level per move ({len(self.moves)}), or one level")
        self.step = len(self.moves) if step is None else step
        self.slip: Slip | None = None
        self.view = ipywidgets.HTML()
        self.caption = ipywidgets.HTML()
        self.notes = ipywidgets.HTML()
        said = "" if levels is None else who_played(deal, levels, seat)
        self.levels = ipywidgets.HTML(f"<p class='gupai-level'>{_text(said)}</p>" if said else "")
        buttons = []
        for label, delta in (
            ("|◀ first", -(10**6)),
            ("◀ back", -1),
            ("forward ▶", 1),
            ("last ▶|", 10**6),
        ):
            button = ipywidgets.Button(description=label)
            button.on_click(lambda _b, d=delta: self.go(self.step + d))
            buttons.append(button)
        review = ipywidgets.Button(description="Review", tooltip="your decisions, looked back on")
        review.on_click(lambda _b: self.review())
        row = ipywidgets.HBox([*buttons, review])
        super().__init__([row, self.levels, self.caption, self.view, self.notes])
        self.go(self.step)

    def review(self) -> list[Any] | None:
        """Look back on ``seat``'s decisions (:func:`gupai_learn.review.review`) and jump to
        the first slip: the step right after it, the slipped play marked on the table."""
        final = self.position(len(self.moves))
        if not final.is_over:
            self.notes.value = "<p>Review comes after the deal: this one was not played out.</p>"
            return None
        from gupai_learn.review import notes_html
        from gupai_learn.review import review as look_back

        notes = look_back(final, self.seat)
        self.notes.value = notes_html(final, notes)
        self.slip = Slip.of(final, notes)
        self.go(self.step if self.slip is None else self.slip.index + 1)
        return notes

    def position(self, step: int) -> Any:
        """The deal after the first ``step`` moves."""
        deal = self.start.restart()
        for _, move in self.moves[:step]:
            deal.apply(move)
        return deal

    def go(self, step: int) -> None:
        """Show the position after ``step`` moves (clamped to the deal): the table, every hand
        face up, and what the last move was and — for a face-down play — why it went down."""
        self.step = max(0, min(step, len(self.moves)))
        deal = self.position(self.step)
        said = f"the {_info(deal).deal_name} before the first lead"
        if self.step:
            seat, move = self.moves[self.step - 1]
            before = self.position(self.step - 1)
            said = f"{deal.name(seat)}: {move.words}. {why_played(before, move)}"
        caption = _text(f"Move {self.step} of {len(self.moves)} — {said}")
        if self.slip is not None and self.step == self.slip.index + 1:
            caption = _slip_line(caption, self.slip)
        self.caption.value = caption if "gupai-slip" in caption else f"<p>{caption}</p>"
        hands = deal_svg(deal) if isinstance(deal, TrickDeal) else ""  # a line game draws all
        self.view.value = (
            f"{table_html(deal, slip=self.slip)}<div class='gupai-hands'>{hands}</div>"
        )

    def __repr__(self) -> str:
        return f"ReplayStepper(step={self.step}, moves={len(self.moves)})"
