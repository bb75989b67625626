"""What a review finds (:mod:`gupai_learn.review`): a :class:`ReviewNote` per decision, kept,
slipped or undecided, and a :class:`Hint` for the move to make now; and a slip made a puzzle of
the banks' model (issue 34): :func:`slip_entry`, a bank entry set up by :func:`position_entry`
that :func:`gupai_learn.puzzles.from_entry` can make again later (the progress file keeps it)."""

from __future__ import annotations

import dataclasses
import hashlib
import inspect
import json
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.review_words import (
    base_form,
    goal_words,
    line_told,
    move_said,
    position_after,
    reviewed_game,
)
from gupai_learn.tiles import Tile

if TYPE_CHECKING:
    from gupai_learn.engine.deal import BaseDeal
    from gupai_learn.puzzles.model import Puzzle

#: Positions one solve may search while a slip becomes a puzzle, beyond what the review proved
#: (about 0.25 s): a position out of reach is refused in one line rather than kept waiting.
PUZZLE_NODES = 50_000

Verdict = Literal["kept", "slipped", "undecided"]


@dataclass(frozen=True)
class ReviewNote:
    """One decision of the reviewed seat.

    ``index``: the move's place in ``deal.history`` (0 = the first move of the deal);
    ``played``: the move made; ``verdict``: "kept" (the move kept what the seat could force,
    or nothing could be forced any more), "slipped" (a forced goal was there and this move let
    it go) or "undecided" (beyond the solver's budget); ``better``: a move that kept it (only
    for a slip); ``why``: one sentence in the game's words; ``line``: the moves that follow in
    that sentence (seat, move); ``rules``: the rule ids the sentence rests on; ``when``: the
    seat's own turn in the game's unit ("trick 3, your lead", "round 2, you play 3rd", "your
    4th tile"); ``position``: the deal just before the move (not compared); ``proved``: the
    review solver's memo of this deal for the seat."""

    index: int
    seat: int
    played: Move
    verdict: Verdict
    better: Move | None
    why: str
    line: tuple[tuple[int, Move], ...] = ()
    rules: tuple[str, ...] = ()
    when: str = ""
    position: Any = field(default=None, repr=False, compare=False)
    #: what the review's solver proved about this deal for ``seat`` (its memo), so that the
    #: puzzle of a slip starts from it (not compared, not shown)
    proved: dict[Hashable, object] | None = field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        better = f" (better: {self.better.words})" if self.better is not None else ""
        when = self.when or f"move {self.index + 1}"
        return f"{when}, {self.played.words}: {self.verdict}{better}. {self.why}"

    def entry(self) -> dict[str, Any]:
        """This slip as a bank entry (the fields of a ``[[puzzle]]`` table, with ``"bank"``
        naming the game's bank): the position before the slip, the move played as a typical
        wrong answer, hints from the review's line. :func:`gupai_learn.puzzles.from_entry`
        makes the puzzle of it, now or later (the progress file keeps the entry). A ValueError
        for a note that is not a slip."""
        if self.verdict != "slipped" or self.position is None:
            raise ValueError(
                f"only a slip becomes a puzzle: {self.when or 'this move'} was {self.verdict}"
            )
        return slip_entry(self)

    def puzzle(self) -> Puzzle:
        """This slip as a puzzle of the banks' model: the position before it, the move played
        refuted as a wrong answer, every move the solver proves as good as the better one
        accepted, the review's line as a hint (see :meth:`entry`). It is made from what the
        review proved, each solve searching at most :data:`PUZZLE_NODES` more positions; a
        ValueError says so when that is not enough to judge every move (a slip early in the
        deal), or when the note is not a slip."""
        from gupai_learn.puzzles import from_entry  # puzzles sit above this module
        from gupai_learn.puzzles.kinds.ending import Undecided
        from gupai_learn.puzzles.kinds.entry import proved

        entry = self.entry()
        info = reviewed_game(self.position)
        try:
            with proved(info.name, self.seat, self.proved or {}, PUZZLE_NODES):
                return from_entry(entry)
        except ValueError as error:
            if not isinstance(error.__cause__, Undecided):
                raise
            raise ValueError(
                f"{self.when}: too early in the {info.deal_name} to try again: the solver "
                f"cannot judge every move from there within {PUZZLE_NODES:,} positions"
            ) from None


@dataclass(frozen=True)
class Hint:
    """The move to make now: ``move``, ``why`` (one or two sentences), ``rules`` (the ids that
    make it legal and, for a solved hint, the goal's), ``solved`` (True when the solver proved
    that ``move`` forces the goal; False for the computer player's move)."""

    move: Move
    why: str
    rules: tuple[str, ...]
    solved: bool

    def __str__(self) -> str:
        return f"{self.move}: {self.why} ({', '.join(self.rules)})"


# ----- slips as puzzles ---------------------------------------------------------------------
def slip_entry(note: ReviewNote) -> dict[str, Any]:
    """The bank entry of a slip (see :meth:`ReviewNote.entry`): an ``endgame`` (trick games)
    or a ``line-move`` aiming at the solver's goal (line games), set up as the deal's own
    start and the moves played before the slip, with ``"bank"`` naming the game's bank."""
    before = note.position
    info = reviewed_game(before)
    phrase, goal_rules = goal_words(info)
    goal_rule = _goal_rule(info)
    setup = position_entry(before)
    digest = json.dumps([setup, str(note.played)], sort_keys=True).encode("utf-8")
    data: dict[str, Any] = {
        "id": f"slip-{info.name}-{hashlib.sha1(digest).hexdigest()[:10]}",
        "bank": info.name,
        "kind": "endgame" if info.family == "trick" else "line-move",
        "title": f"Try it again: {note.when}",
        "prompt": _slip_prompt(info, before, phrase),
        **setup,
        "hints": [_first_hint(info), _line_hint(info, note)],
        "rules": list(dict.fromkeys([goal_rule, *goal_rules])),
        "wrong": [{"answer": str(note.played), "rule": goal_rule}],
    }
    if info.family == "line":
        data["goal"] = "win"
    return data


def position_entry(deal: BaseDeal[Any]) -> dict[str, Any]:
    """The set-up fields of a bank entry that rebuild ``deal``: its starting ``hands`` and the
    ``moves`` played since, ``leader``, the ``options`` of its rules that differ from the
    ruling and ``state``, the Deal's other keywords that differ from their defaults (the dice's
    point, the draw pile, a match score...), all as plain text and numbers."""
    info = reviewed_game(deal)
    start: dict[str, Any] = dict(deal.restart()._start)  # the constructor's arguments
    hands = [_pieces_text(info, hand) for hand in start.pop("hands")]
    rules = start.pop("rules", None)
    leader = start.pop("leader", None)
    data: dict[str, Any] = {"hands": hands, "moves": [str(m) for m in deal.history]}
    if leader is not None:
        data["leader"] = leader
    if rules is not None:
        ruling = info.Rules()
        options = {
            f.name: getattr(rules, f.name)
            for f in dataclasses.fields(rules)
            if getattr(rules, f.name) != getattr(ruling, f.name)
        }
        if options:
            data["options"] = options
    defaults = inspect.signature(info.Deal).parameters
    state = {
        key: _plain(value)
        for key, value in start.items()
        if value is not None
        and (key not in defaults or _plain(value) != _plain(defaults[key].default))
    }
    if state:
        data["state"] = state
    return data


def _pieces_text(info: GameInfo, pieces: Iterable[Any]) -> str:
    """A hand as a bank writes it: tiles back to back, cards separated by commas."""
    return join(pieces) if info.pieces == "tiles" else ", ".join(map(str, pieces))


def _plain(value: object) -> Any:
    """A Deal keyword's value as TOML/JSON can hold it: numbers and text as they are, a piece as
    its text, a sequence as a list."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Tile):  # a tile is a pair of numbers, said as its text
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return str(value)


def _goal_rule(info: GameInfo) -> str:
    """The rule a refuted move is told with: the bank's ``deal`` role (trick games: who takes
    the last trick) or its ``places`` role (line games: who finishes ahead)."""
    from gupai_learn.puzzles.loader import raw  # puzzles sit above this module

    return str(raw(info.name)["roles"]["deal" if info.family == "trick" else "places"])


def _slip_prompt(info: GameInfo, before: Any, phrase: str) -> str:
    """The question of a slip's puzzle: where in the learner's own deal it stands, everything
    the answer depends on (the hands are drawn; the dice's point, the tiles still to draw in
    their order, the points so far are said), and the goal in the game's words."""
    goal = base_form(phrase)
    if info.family == "trick":
        left = len(before.hands[before.turn])
        pieces = info.pieces if left > 1 else info.pieces[:-1]
        told = f"From your own {info.deal_name}: every hand is shown; you hold {left} {pieces}."
        dice = capable(before, "has_point_tiles")
        if dice is not None:
            told += f" The dice showed {dice.point}."
        act, what = ("play", "play") if before.trick else ("lead", "lead")
        down = " A play may go face down: pick the pieces, then say how." * bool(before.trick)
        return (
            f"{told} You are {{seat}}, to {act}. Which {what} makes sure you {goal}, whatever "
            f"the others do?{down} (Any {what} that does is right.)"
        )
    told = f"From your own {info.deal_name}: every hand is shown"
    pile = capable(before, "has_boneyard")
    if pile is not None:
        drawable = list(pile.boneyard)[: pile.drawable]
        told += (
            f"; the tiles still to draw come in this order: {', '.join(map(str, drawable))}"
            if drawable
            else " and nothing is left to draw"
        )
    rounds = capable(before, "scores_rounds")
    if rounds is not None:
        said = ", ".join(f"{before.name(s)} {p}" for s, p in enumerate(rounds.round_points))
        told += f". Points this round so far: {said}"
    match = getattr(before, "scores", None)  # a match's score before this round (Bergen's cap)
    if match and any(match):
        said = ", ".join(f"{before.name(s)} {p}" for s, p in enumerate(match))
        told += f". The game's score before this round: {said}"
    return (
        f"{told}. You are {{seat}}, to play. Which move makes sure you {goal}, whatever the "
        "others do? (Any move that does is right.)"
    )


def _first_hint(info: GameInfo) -> str:
    if info.family == "trick":
        return f"Count what each seat can still beat: who will lead the last {info.round_name}?"
    return "Look at every hand: after each move you could make, who can answer?"


def _line_hint(info: GameInfo, note: ReviewNote) -> str:
    """The review's line after the move played, in words, up to the seat's own next move
    (which might show the right one)."""
    seat, phrase = note.seat, goal_words(info)[0]
    after = position_after(note.position, note.played)
    mine = next((i for i, (who, _) in enumerate(note.line) if who == seat), len(note.line))
    line, end = note.line[:mine], after.copy()
    for _, move in line:
        end.apply(move)
    said = f"In your {info.deal_name} you {base_form(move_said(note.position, seat, note.played))}"
    if not line:  # the seat moves next: its move would be the answer
        return f"{said}. From there the others can always stop you: count what each still holds."
    return f"{said}: after that, {line_told(after, line, end, seat, phrase, False)}."
