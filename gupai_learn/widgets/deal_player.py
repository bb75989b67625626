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

The parts live beside it, and their names stay importable from here: the table and the story
(:mod:`.deal_table`), the match's scoreboard (:mod:`.deal_match`), the Review and its
Try-it-again buttons (:mod:`.deal_review`) and the replay (:mod:`.deal_replay`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets

from gupai_learn.bots import Player
from gupai_learn.engine.deal import check_seat, check_seed
from gupai_learn.engine.game import GameInfo, PlayedDeal
from gupai_learn.engine.match import Match
from gupai_learn.engine.moves import Move
from gupai_learn.engine.settlement import Settlement
from gupai_learn.games import GAMES, game
from gupai_learn.verdict import SetupError, describe_input
from gupai_learn.widgets._static import RUN_TO_PLAY, StaticFallback
from gupai_learn.widgets.deal_match import match_winner, scoreboard_html
from gupai_learn.widgets.deal_replay import LEVEL_WORDS, ReplayStepper, who_played, why_played
from gupai_learn.widgets.deal_review import Reviewing
from gupai_learn.widgets.deal_table import (
    SLIP_COLOUR,
    SettlementView,
    Slip,
    TrickView,
    _text,
    line_mark,
    narrate,
    story_html,
    table_html,
    trick_mark,
    winning_text,
)
from gupai_learn.widgets.hand_picker import HandPicker
from gupai_learn.widgets.line_view import LineView

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


class DealPlayer(Reviewing, StaticFallback, ipywidgets.VBox):
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
    settlement. ``marks=False`` draws every piece without the game's mark (a Tet-Gow card's
    tier and set), to test yourself.
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
        marks: bool = True,
        **deal_args: Any,
    ) -> None:
        self.info = _game(game)
        #: whether the pieces show the game's mark (a Tet-Gow card's tier and set), everywhere
        #: this player draws them: the table, the hand, the story, the replay
        self.marks = bool(marks)
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
            else HandPicker.for_deal(self.deal, seat, reference=False, marks=self.marks)
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
        stepper = ReplayStepper(
            self.deal, seat=self.seat, levels=self.played_by(), marks=self.marks
        )
        self.replay.children = (stepper,)

    def _use(self, deal: PlayedDeal, note: str) -> None:
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
        self.table.value = table_html(self.deal, self.seat, marks=self.marks)
        self.story.value = story_html(self.deal, self._slip, self.marks)
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


def _game(name: object) -> GameInfo:
    if name is None:
        return next(iter(GAMES.values()))
    if not isinstance(name, str):
        raise SetupError(f"game={describe_input(name)}: give a game's name from GAMES")
    return game(name)


#: The deal player; its parts live in :mod:`.deal_table`, :mod:`.deal_match`,
#: :mod:`.deal_review` and :mod:`.deal_replay`, and their names stay importable from here.
__all__ = [
    "LEVELS",
    "LEVEL_WORDS",
    "SLIP_COLOUR",
    "DealPlayer",
    "ReplayStepper",
    "SettlementView",
    "Slip",
    "TrickView",
    "level_kind",
    "line_mark",
    "match_winner",
    "narrate",
    "scoreboard_html",
    "story_html",
    "table_html",
    "trick_mark",
    "who_played",
    "why_played",
    "winning_text",
]
