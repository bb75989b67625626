"""Looking back at a finished deal, and a hint that says why (issue 26, design.md §13).

:func:`review` replays a finished deal and, for each decision of one seat, asks the solver
(:mod:`gupai_learn.engine.search`, every hand visible) whether the move played kept what that
seat could force — the last trick, first place, the most points — or let it slip, and why, in
the game's own words: the line by which the others stop the seat after the slip, and a move
that would have kept it. Decisions too far from the end for the solver's budget are marked
"undecided" (the review starts where the solver can see to the end). Each decision is said
as the seat's own turn in the game's unit ("trick 3, your lead", "your 4th tile") and every
move in words ("[5:2] face down"), never in notation; the turns with a single legal move are
left out, and the review says how many.

A slip becomes a puzzle of the banks' model (issue 34): :meth:`ReviewNote.puzzle`, made from
:meth:`ReviewNote.entry`, a bank entry that :func:`gupai_learn.puzzles.from_entry` can make
again later (the progress file keeps it).

:func:`hint` gives the move to make now: the solver's move and why it forces the goal when the
solver decides the position within a small budget (about 0.2 s), otherwise the computer
player's move with its reason in words; both with the rules that make the move legal.

Both use node budgets, never clocks, so the same deal always gets the same review.

``gl.review`` is this module, and calling it is calling :func:`review`:
``gl.review(deal, 0)`` and ``gl.review.hint(deal)``.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import inspect
import json
import sys
import types
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from gupai_learn.engine.deal import BaseDeal
from gupai_learn.engine.game import GameInfo, ReviewWords
from gupai_learn.engine.moves import Move, join, quote
from gupai_learn.engine.protocols import capable, game_of
from gupai_learn.tiles import Tile

if TYPE_CHECKING:
    from gupai_learn.puzzles.model import Puzzle

__all__ = [
    "PUZZLE_NODES",
    "Hint",
    "ReviewNote",
    "forced_turns",
    "hint",
    "notes_html",
    "position_entry",
    "review",
    "slip_entry",
    "turn_words",
]

#: Positions one solve may search during a review (each decision solves a few positions).
REVIEW_NODES = 20_000
#: Positions a whole review may search before the earlier decisions are left undecided.
REVIEW_TOTAL = 100_000
#: Positions a hint may search (about 0.2 s) before it falls back on the computer player.
HINT_NODES = 8_000
#: Positions one solve may search while a slip becomes a puzzle, beyond what the review proved
#: (about 0.25 s): a position out of reach is refused in one line rather than kept waiting.
PUZZLE_NODES = 50_000
#: Moves of a line told in a sentence before the rest is summed up.
SHOWN_MOVES = 6

Verdict = Literal["kept", "slipped", "undecided"]


def words_of(info: GameInfo) -> ReviewWords:
    """The review words of ``info``'s game (``GameInfo.review_words``; a game without them
    has no review: TypeError)."""
    if info.review_words is None:
        raise TypeError(f"{info.title} has no review words: it cannot be reviewed")
    return info.review_words


def goal_words(info: GameInfo) -> tuple[str, tuple[str, ...]]:
    """What the game's solver pursues, in the game's words, and the rules that decide it."""
    words = words_of(info)
    return words.goal, words.rules


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
        info = _game_of(self.position)
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


class _Budget:
    """Positions the solver may still search: at most ``each`` per solve, ``left`` in all."""

    def __init__(self, each: int, total: int) -> None:
        self.each = each
        self.left = total
        #: what the solves of one seat have proved, shared between them (one deal, one goal)
        self.memo: dict[int, dict[Hashable, object]] = {}

    def solve(self, info: GameInfo, deal: Any, seat: int) -> Any:
        """The game's solver on ``deal`` for ``seat``, within what is left of the budget."""
        assert info.solve is not None
        memo = self.memo.setdefault(seat, {})
        result = info.solve(deal, seat, max_nodes=max(0, min(self.each, self.left)), memo=memo)
        self.left -= result.nodes
        return result


# ----- review ---------------------------------------------------------------------------------
def review(
    deal: Any,
    seat: object,
    *,
    max_nodes: int | None = None,
    total_nodes: int | None = None,
) -> list[ReviewNote]:
    """Each decision of ``seat`` in the finished ``deal``: kept, slipped or undecided, a better
    move after a slip, and why (the others' answer, in the game's words, with rule ids).

    A decision is a turn of ``seat`` with more than one legal move. The solver works back from
    the end: each decision is solved with at most ``max_nodes`` positions; once one is out of
    reach (or ``total_nodes`` are spent) it and every earlier decision are "undecided". The
    budgets default to :data:`REVIEW_NODES` and :data:`REVIEW_TOTAL` (or the game's own
    ``budgets`` in its review words).
    A TypeError when ``deal`` is not a game's deal; a ValueError when it is not over or
    ``seat`` is not one of its seats."""
    info = _game_of(deal)
    if not deal.is_over:
        raise ValueError(
            "review looks back at a finished deal: play this one to the end first "
            f"({len(deal.history)} moves so far)"
        )
    seat = _check_seat(deal, seat)
    each, total = words_of(info).budgets or (REVIEW_NODES, REVIEW_TOTAL)
    each = each if max_nodes is None else max_nodes
    total = total if total_nodes is None else total_nodes
    budget = _Budget(_check_budget("max_nodes", each), _check_budget("total_nodes", total))
    notes: list[ReviewNote] = []
    reachable = True
    for index, before, move in reversed(_decisions(deal, seat)):
        if reachable and budget.left > 0:
            note = _judge(info, before, seat, index, move, budget)
            reachable = note.verdict != "undecided"
        else:
            note = _undecided(index, seat, move, "too far from the end to see every continuation")
        when = turn_words(info, before, seat, move)
        memo = budget.memo.setdefault(seat, {})
        notes.append(dataclasses.replace(note, when=when, position=before, proved=memo))
    return notes[::-1]


def forced_turns(deal: BaseDeal[Any], seat: int) -> int:
    """How many turns of ``seat`` in ``deal`` offered a single legal move (a review leaves
    them out: there was nothing to choose)."""
    replay = deal.restart()
    forced = 0
    for who, move in deal.seated_history:
        if who == seat and len(replay.legal_moves()) == 1:
            forced += 1
        replay.apply(move)
    return forced


def turn_words(info: GameInfo, before: Any, seat: int, move: Move) -> str:
    """The seat's turn in the game's unit, from the position ``before`` its move: "trick 3,
    your lead", "round 2, you play 3rd" (trick games), "your 4th tile" (line games; a draw or
    a pass: "your turn after your 3rd tile")."""
    if info.family == "trick":
        number = len(before.tricks) + 1
        place = "your lead" if not before.trick else f"you play {ordinal(len(before.trick) + 1)}"
        return f"{info.round_name} {number}, {place}"
    tiles = sum(who == seat and m.kind in ("play", "discard") for who, m in before.seated_history)
    if move.kind in ("play", "discard"):
        return f"your {ordinal(tiles + 1)} tile"
    return f"your turn after your {ordinal(tiles)} tile" if tiles else "your turn before any tile"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st."""
    last = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{last}"


def _decisions(deal: BaseDeal[Any], seat: int) -> list[tuple[int, BaseDeal[Any], Move]]:
    """(index, position before the move, move) for every choice ``seat`` had in ``deal``."""
    replay = deal.restart()
    found = []
    for index, (who, move) in enumerate(deal.seated_history):
        if who == seat and len(replay.legal_moves()) > 1:
            found.append((index, replay.copy(), move))
        replay.apply(move)
    return found


def _judge(
    info: GameInfo, before: BaseDeal[Any], seat: int, index: int, move: Move, budget: _Budget
) -> ReviewNote:
    """The note of one decision."""
    phrase, goal_rules = goal_words(info)
    name = before.name(seat)
    after = _after(before, move)
    kept = budget.solve(info, after, seat)
    if kept.wins is None:
        return _undecided(index, seat, move, "too many continuations to see them all")
    said = _say(before, seat, move)
    if kept.wins:
        why = f"{name} {said} and still {phrase}, whatever the others answer."
        return ReviewNote(index, seat, move, "kept", None, why, (), goal_rules)
    better, open_ = _better(info, before, seat, move, budget)
    if better is None and open_:
        return _undecided(index, seat, move, "the other moves have too many continuations")
    line, end = _line(info, after, seat, False, budget)
    story = _story(after, line, end, seat, phrase, False)
    if better is not None:
        why = f"After {name} {said}, {story}."
        rules = _rules_of(before, better) + goal_rules
        return ReviewNote(index, seat, move, "slipped", better, why, line, rules)
    why = f"Nothing could force it any more: after {name} {said}, {story}."
    return ReviewNote(index, seat, move, "kept", None, why, line, goal_rules)


def _undecided(index: int, seat: int, move: Move, reason: str) -> ReviewNote:
    return ReviewNote(index, seat, move, "undecided", None, f"Undecided: {reason}.")


def _better(
    info: GameInfo, before: BaseDeal[Any], seat: int, played: Move, budget: _Budget
) -> tuple[Move | None, bool]:
    """A move other than ``played`` that keeps the goal, and whether some move stayed
    undecided. Moves reaching the same position are tried once; an undecided move ends the
    search (the budget is spent)."""
    for move, child in _distinct(before, before.legal_moves(), skip=played):
        result = budget.solve(info, child, seat)
        if result.wins:
            return move, False
        if result.wins is None:
            return None, True
    return None, False


#: How each verdict reads in the review list.
VERDICT_WORDS = {"kept": "kept", "slipped": "slipped", "undecided": "too early to tell"}


def notes_html(deal: BaseDeal[Any], notes: list[ReviewNote]) -> str:
    """The review as HTML for the deal player: one line per decision, said in the seat's own
    turns and in words (no move notation), the first slip marked and its better move drawn,
    with the sentence why and the rule ids; how many forced turns were left out."""
    from gupai_learn.render import row_svg  # drawing sits above the engine: import late

    if not notes:
        return "<p>Nothing to review: no decision in this deal offered a choice.</p>"
    first = next((n for n in notes if n.verdict == "slipped"), None)
    items = []
    for note in notes:
        when = note.when or f"move {note.index + 1}"
        said = f"{_capital(when)}: {note.played.words} ({VERDICT_WORDS[note.verdict]})"
        if note is not first:
            items.append(f"<li class='gupai-review-{note.verdict}'>{_esc(said)}</li>")
            continue
        better = note.better
        assert better is not None
        picture = row_svg(better.pieces) if better.pieces else ""
        rules = f" ({', '.join(note.rules)})" if note.rules else ""
        items.append(
            f"<li class='gupai-review-slip'><b>{_esc(said)} ← the first slip</b>"
            f"<p>{_esc(note.why + rules)}</p><p>A move that kept it: {_esc(better.words)}</p>"
            f"{picture}</li>"
        )
    head = "No slip: every decided move kept what could be kept. " if first is None else ""
    seat = notes[0].seat
    name = deal.name(seat)
    return (
        f"<div class='gupai-review'><p>{_esc(name)}'s decisions, looked back on. {head}"
        f"{_esc(forced_words(forced_turns(deal, seat)))}</p><ol>{''.join(items)}</ol></div>"
    )


def forced_words(forced: int) -> str:
    """How many forced turns a review left out, in a sentence."""
    if forced == 0:
        return "Every one of your turns offered a choice."
    turns = "turn" if forced == 1 else "turns"
    return f"Left out: {forced} {turns} with only one legal move (nothing to choose)."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


# ----- slips as puzzles ---------------------------------------------------------------------
def slip_entry(note: ReviewNote) -> dict[str, Any]:
    """The bank entry of a slip (see :meth:`ReviewNote.entry`): an ``endgame`` (trick games)
    or a ``line-move`` aiming at the solver's goal (line games), set up as the deal's own
    start and the moves played before the slip, with ``"bank"`` naming the game's bank."""
    before = note.position
    info = _game_of(before)
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
    info = _game_of(deal)
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


def _plain(value: Any) -> Any:
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
    goal = _base_form(phrase)
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


def _base_form(phrase: str) -> str:
    """A goal said of a seat, said to the learner: "takes the last trick" -> "take the last
    trick", "finishes first" -> "finish first"."""
    verb, _, rest = phrase.partition(" ")
    verb = verb[:-2] if verb.endswith(("shes", "ches", "sses")) else verb[:-1]
    return f"{verb} {rest}"


def _first_hint(info: GameInfo) -> str:
    if info.family == "trick":
        return f"Count what each seat can still beat: who will lead the last {info.round_name}?"
    return "Look at every hand: after each move you could make, who can answer?"


def _line_hint(info: GameInfo, note: ReviewNote) -> str:
    """The review's line after the move played, in words, up to the seat's own next move
    (which might show the right one)."""
    seat, phrase = note.seat, goal_words(info)[0]
    after = _after(note.position, note.played)
    mine = next((i for i, (who, _) in enumerate(note.line) if who == seat), len(note.line))
    line, end = note.line[:mine], after.copy()
    for _, move in line:
        end.apply(move)
    said = f"In your {info.deal_name} you {_base_form(_say(note.position, seat, note.played))}"
    if not line:  # the seat moves next: its move would be the answer
        return f"{said}. From there the others can always stop you: count what each still holds."
    return f"{said}: after that, {_story(after, line, end, seat, phrase, False)}."


# ----- hint -----------------------------------------------------------------------------------
def hint(deal: Any, *, max_nodes: int = HINT_NODES) -> Hint:
    """The move to make now for the seat to act, and why.

    When the solver proves within ``max_nodes`` positions that a move forces the seat's goal,
    the hint is that move and the reason (the others' best defence and how it ends); otherwise
    the computer player's move with its reason in words, said to be all that is left when the
    solver proved that no move forces the goal (only an undecided position gets the computer
    player's move alone). Always with the rule ids that make the move legal. A TypeError for
    something that is not a game's deal, a ValueError for a deal that is over."""
    info = _game_of(deal)
    if deal.is_over:
        raise ValueError("the deal is over: there is no move left to hint at")
    seat = deal.turn
    bot_move = info.bot("heuristic", 0).choose(deal.copy())
    solved = _solved_hint(info, deal, seat, bot_move, _check_budget("max_nodes", max_nodes))
    if isinstance(solved, Hint):
        return solved
    found = _bot_hint(info, deal, bot_move)
    if not solved:
        return found
    phrase, goal_rules = goal_words(info)
    name = deal.name(seat)
    why = f"No move makes sure {name} {phrase} any more: the others can stop every one. "
    return Hint(found.move, why + found.why, found.rules + goal_rules, False)


def _solved_hint(
    info: GameInfo, deal: BaseDeal[Any], seat: int, first: Move, nodes: int
) -> Hint | bool:
    """The solver's hint: a move proved to force the goal (the computer player's own move
    tried first); else True when every move was proved not to force it within ``nodes``
    positions, False when some move stayed undecided."""
    moves = [first] + [m for m in deal.legal_moves() if m != first]
    budget = _Budget(nodes, nodes)
    decided = True
    for move, child in _distinct(deal, moves):
        result = budget.solve(info, child, seat)
        if result.wins:
            phrase, goal_rules = goal_words(info)
            line, end = _line(info, child, seat, True, _Budget(nodes, nodes))
            name = deal.name(seat)
            story = _story(child, line, end, seat, phrase, True)
            why = f"{name} {_say(deal, seat, move)} and {phrase} whatever the others do: {story}."
            return Hint(move, why, _rules_of(deal, move) + goal_rules, True)
        decided = decided and result.wins is False
        if budget.left <= 0:
            return False
    return decided


def _bot_hint(info: GameInfo, deal: BaseDeal[Any], move: Move) -> Hint:
    """The computer player's move, its reason in words, and the rules that make it legal."""
    seat = deal.turn
    why = f"{deal.name(seat)} {_say(deal, seat, move)}: {_reason(info, deal, move)}."
    return Hint(move, why, _rules_of(deal, move), False)


def _reason(info: GameInfo, deal: Any, move: Move) -> str:
    """Why a sensible player makes ``move`` here, in words (no search behind it)."""
    if len(deal.legal_moves()) == 1:
        return "it is the only move the rules allow here"
    if info.family == "line":
        return _line_reason(info, deal, move)
    hand = deal.hands[deal.turn]
    if not deal.trick:
        if len(move.pieces) > 1:
            return f"a lead of {len(move.pieces)} wins that many at once if nobody can beat it"
        if len(hand) == 1:
            return f"it is the last {info.round_name}: everything rests on this tile"
        return "a single that costs little now, keeping the strongest tiles for the end"
    if move.kind == "play":
        return "it beats the table, and no cheaper play in the hand does"
    if not deal.legal_plays():
        return "nothing in the hand beats the table, so the weakest pieces go face down"
    return "beating here would spend strength that the last tricks need; the weakest go"


def _line_reason(info: GameInfo, deal: object, move: Move) -> str:
    if move.kind == "draw":
        return "no tile in the hand fits either end, so a tile must be drawn"
    if move.kind == "pass":
        return "no tile fits and nothing may be drawn, so the turn passes"
    if move.kind == "discard":
        return "no tile fits either end, so one goes face down"
    tile = move.pieces[0]
    reason = words_of(info).place_reason
    return reason(tile) if reason is not None else f"{tile} fits at an end of the line"


# ----- lines and sentences --------------------------------------------------------------------
def _line(
    info: GameInfo, deal: BaseDeal[Any], seat: int, want: bool, budget: _Budget
) -> tuple[tuple[tuple[int, Move], ...], BaseDeal[Any]]:
    """A principal line from ``deal``: the side that forces the result (the seat when
    ``want``, the others when not) makes a move that keeps it (proved by the solver); the other
    side plays the computer player's move (none of its moves escapes). Stops after
    :data:`SHOWN_MOVES` moves, at the end of the deal, or when a solve runs out of budget;
    returns the line and where it stopped."""
    bot = info.bot("heuristic", 0)
    current = deal.copy()
    line: list[tuple[int, Move]] = []
    while not current.is_over and len(line) < SHOWN_MOVES:
        moves = current.legal_moves()
        if not moves:
            break
        forcing = (current.turn == seat) == want
        pick: Move | None = bot.choose(current.copy()) if not forcing or len(moves) == 1 else None
        if pick is None:
            for move in moves:
                result = budget.solve(info, _after(current, move), seat)
                if result.wins is want:
                    pick = move
                    break
        if pick is None:
            break
        line.append((current.turn, pick))
        current.apply(pick)
    return tuple(line), current


def _story(
    start: BaseDeal[Any],
    line: tuple[tuple[int, Move], ...],
    end: Any,
    seat: int,
    phrase: str,
    want: bool,
) -> str:
    """The line told in words (a run of draws by one seat said once), then how it ends."""
    replay = start.copy()
    said: list[str] = []
    runs: list[tuple[int, str]] = []
    for who, move in line:
        words = f"{replay.name(who)} {_say(replay, who, move)}"
        if runs and runs[-1][1] == words and move.kind == "draw":
            runs[-1] = (runs[-1][0] + 1, words)
        else:
            runs.append((1, words))
        replay.apply(move)
    said = [words if n == 1 else f"{words} {n} times" for n, words in runs]
    text = ", ".join(said) if said else "the deal ends"
    name = start.name(seat)
    if end.is_over:
        winner = _achiever(_game_of(end), end)
        taker = "no seat alone" if winner is None else end.name(winner)
        return text + f"; in the end {taker} {phrase}"
    if want:
        return text + f"; from there {name} still {phrase}, whatever the others do"
    return text + f"; from there the others keep it from {name}, whatever {name} does"


def _achiever(info: GameInfo, done: Any) -> int | None:
    """Who reached the goal of a finished deal (the game's words may say; else the winner)."""
    achiever = words_of(info).achiever
    if achiever is not None:
        return achiever(done)
    winner = done.winner
    return winner if isinstance(winner, int) else None


def _say(deal: object, who: int, move: Move) -> str:
    """A move in the game's words: "leads [6:6]", "plays [5:1] face down", "places [6:4] on
    the left"."""
    shown = join(move.pieces)
    if move.kind == "draw":
        return "draws"
    if move.kind == "pass":
        return "passes"
    if move.end is not None:
        return f"places {shown} on the {move.end}"
    trick = getattr(deal, "trick", None)
    if trick is None:  # a line game: the first tile, or a face-down tile
        return f"lays {shown} face down" if move.kind == "discard" else f"sets down {shown}"
    if move.kind == "discard":
        call = f" calling {move.call}" if move.call else ""
        return f"leads {shown} face down{call}" if not trick else f"plays {shown} face down"
    return f"leads {shown}" if not trick else f"beats with {shown}"


def _rules_of(deal: BaseDeal[Any], move: Move) -> tuple[str, ...]:
    """The rule ids the engine cites for ``move`` being legal here."""
    return tuple(dict.fromkeys(r.rule for r in deal.judge(move).reasons))


# ----- plumbing -------------------------------------------------------------------------------
def _game_of(deal: object) -> GameInfo:
    if not isinstance(deal, BaseDeal):
        raise TypeError(
            f"deal={quote(deal)}: give a game's deal (for example tien_gow.Deal), played to the end"
        )
    info = game_of(deal)
    if info is None or info.solve is None or info.review_words is None:
        raise TypeError(f"{type(deal).__name__} is not the deal of a game with a solver")
    return info


def _check_seat(deal: BaseDeal[Any], seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < deal.n_seats:
        raise ValueError(f"seat={quote(seat)}: a seat is a whole number 0 to {deal.n_seats - 1}")
    return seat


def _distinct(
    deal: BaseDeal[Any], moves: Iterable[Move], skip: Move | None = None
) -> Iterator[tuple[Move, Any]]:
    """Each of ``moves`` with the position after it, a position reached before (two identical
    tiles), or the one ``skip`` reaches, left out."""
    seen: set[Hashable] = set() if skip is None else {_after(deal, skip).state_key()}
    for move in moves:
        child = _after(deal, move)
        key = child.state_key()
        if key not in seen:
            seen.add(key)
            yield move, child


def _after(deal: BaseDeal[Any], move: Move) -> Any:
    child = deal.copy()
    child.apply(move)
    return child


def _check_budget(name: str, value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{name}={quote(value)}: give a whole number of positions, 0 or more")
    return value


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`review` (so ``gl.review(deal, seat)`` works although
    importing ``gupai_learn.review`` makes ``gl.review`` the module)."""

    def __call__(self, deal: object, seat: object, **budget: int) -> list[ReviewNote]:
        return review(deal, seat, **budget)


sys.modules[__name__].__class__ = _CallableModule
