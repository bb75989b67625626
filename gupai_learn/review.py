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

This module does the judging (the solves, their budgets, the lines); the notes and the slips
made puzzles are in :mod:`gupai_learn.review_notes`, the sentences in
:mod:`gupai_learn.review_words`, the review drawn as HTML in :mod:`gupai_learn.review_html`.
Every public name is importable from here.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

from gupai_learn.engine.game import GameInfo, PlayedDeal, SolveResult
from gupai_learn.engine.moves import Move, quote
from gupai_learn.review_html import VERDICT_WORDS, notes_html
from gupai_learn.review_notes import (
    PUZZLE_NODES,
    Hint,
    ReviewNote,
    Verdict,
    position_entry,
    slip_entry,
)
from gupai_learn.review_words import (
    forced_turns,
    forced_words,
    goal_words,
    line_told,
    move_reason,
    move_said,
    ordinal,
    position_after,
    reviewed_game,
    rules_of,
    turn_words,
    words_of,
)

__all__ = [
    "HINT_NODES",
    "PUZZLE_NODES",
    "REVIEW_NODES",
    "REVIEW_TOTAL",
    "SHOWN_MOVES",
    "VERDICT_WORDS",
    "Hint",
    "ReviewNote",
    "Verdict",
    "forced_turns",
    "forced_words",
    "goal_words",
    "hint",
    "notes_html",
    "ordinal",
    "position_entry",
    "review",
    "slip_entry",
    "turn_words",
    "words_of",
]

#: Positions one solve may search during a review (each decision solves a few positions).
REVIEW_NODES = 20_000
#: Positions a whole review may search before the earlier decisions are left undecided.
REVIEW_TOTAL = 100_000
#: Positions a hint may search (about 0.2 s) before it falls back on the computer player.
HINT_NODES = 8_000
#: A line's first try of each move searches a share 1/LINE_PROBE of a solve's budget.
LINE_PROBE = 50
#: Moves of a line told in a sentence before the rest is summed up.
SHOWN_MOVES = 6


class _Budget:
    """Positions the solver may still search: at most ``each`` per solve, ``left`` in all."""

    def __init__(self, each: int, total: int) -> None:
        self.each = each
        self.left = total
        #: what the solves of one seat have proved, shared between them (one deal, one goal)
        self.memo: dict[int, dict[Hashable, object]] = {}
        #: the budget of the lines (see :meth:`for_line`)
        self.lines: _Budget | None = None

    def solve(self, info: GameInfo, deal: PlayedDeal, seat: int, cap: int | None = None) -> Any:
        """The game's solver on ``deal`` for ``seat``, within what is left of the budget (and
        ``cap`` positions when given)."""
        assert info.solve is not None
        memo = self.memo.setdefault(seat, {})
        nodes = max(0, min(self.each, self.left, self.each if cap is None else cap))
        result = info.solve(deal, seat, max_nodes=nodes, memo=memo)
        self.left -= result.nodes
        return result

    def for_line(self) -> _Budget:
        """The budget of the lines told after the verdicts (one solve's worth for all of
        them, the same memo): a line only explains, so it never takes positions from the
        verdicts."""
        if self.lines is None:
            self.lines = _Budget(self.each, self.each)
            self.lines.memo = self.memo
        return self.lines


# ----- review ---------------------------------------------------------------------------------
def review(
    deal: Any,
    seat: object,
    *,
    max_nodes: int | None = None,
    total_nodes: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> list[ReviewNote]:
    """Each decision of ``seat`` in the finished ``deal``: kept, slipped or undecided, a better
    move after a slip, and why (the others' answer, in the game's words, with rule ids).
    ``progress``, when given, is called with (decisions looked at, decisions in all) before
    the first and after each one (a Bagchen review can take seconds: the deal player shows it).

    A decision is a turn of ``seat`` with more than one legal move. The solver works back from
    the end: each decision is solved with at most ``max_nodes`` positions; once one is out of
    reach (or ``total_nodes`` are spent) it and every earlier decision are "undecided". The
    budgets default to :data:`REVIEW_NODES` and :data:`REVIEW_TOTAL` (or the game's own
    ``budgets`` in its review words); the lines told after the verdicts have a budget of
    their own (:meth:`_Budget.for_line`). A move made where the seat's next decision was
    proved lost is lost without a search (see :func:`_judge`).
    A TypeError when ``deal`` is not a game's deal; a ValueError when it is not over or
    ``seat`` is not one of its seats."""
    info = reviewed_game(deal)
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
    # whether the seat was proved unable to force the goal from where its next decision
    # stood (at first: the end of the deal); then the moves played from there up to
    # ``known`` keep it so (every position on the way was proved lost for the seat)
    lost = budget.solve(info, deal, seat).wins is False
    known = len(deal.history)
    decisions = _decisions(deal, seat)
    if progress is not None:
        progress(0, len(decisions))
    for index, before, move in reversed(decisions):
        if reachable and budget.left > 0:
            path = deal.seated_history[index + 1 : known] if lost else None
            note, lost_here = _judge(info, before, seat, index, move, budget, path)
            known = known if lost else index + 1
            lost = lost_here
            reachable = note.verdict != "undecided"
        else:
            note = _undecided(index, seat, move, "too far from the end to see every continuation")
        when = turn_words(info, before, seat, move)
        memo = budget.memo.setdefault(seat, {})
        notes.append(dataclasses.replace(note, when=when, position=before, proved=memo))
        if progress is not None:
            progress(len(notes), len(decisions))
    return notes[::-1]


def _decisions(deal: PlayedDeal, seat: int) -> list[tuple[int, PlayedDeal, Move]]:
    """(index, position before the move, move) for every choice ``seat`` had in ``deal``."""
    replay = deal.restart()
    found = []
    for index, (who, move) in enumerate(deal.seated_history):
        if who == seat and len(replay.legal_moves()) > 1:
            found.append((index, replay.copy(), move))
        replay.apply(move)
    return found


def _judge(
    info: GameInfo,
    before: PlayedDeal,
    seat: int,
    index: int,
    move: Move,
    budget: _Budget,
    path: tuple[tuple[int, Move], ...] | None = None,
) -> tuple[ReviewNote, bool]:
    """The note of one decision, and whether ``before`` was proved lost for the seat.

    ``path``: the moves played after ``move`` up to where the seat's next decision stood (or
    the end), when the seat was proved unable to force the goal from there. Then it cannot
    from after ``move`` either, without a search: on the way only the others chose (the
    seat's turns had one legal move), so they can play as they did and keep it from there;
    those moves begin the line told.
    """
    phrase, goal_rules = goal_words(info)
    name = before.name(seat)
    after = position_after(before, move)
    kept = _LOST if path is not None else budget.solve(info, after, seat)
    if kept.wins is None:
        return _undecided(index, seat, move, "too many continuations to see them all"), False
    said = move_said(before, seat, move)
    if kept.wins:
        why = f"{name} {said} and still {phrase}, whatever the others answer."
        return ReviewNote(index, seat, move, "kept", None, why, (), goal_rules), False
    better, open_ = _better(info, before, seat, move, budget)
    if better is None and open_:
        note = _undecided(index, seat, move, "the other moves have too many continuations")
        return note, False
    line, end = _line(info, after, seat, False, budget.for_line(), path or ())
    story = line_told(after, line, end, seat, phrase, False)
    if better is not None:
        why = f"After {name} {said}, {story}."
        rules = rules_of(before, better) + goal_rules
        return ReviewNote(index, seat, move, "slipped", better, why, line, rules), False
    why = f"Nothing could force it any more: after {name} {said}, {story}."
    return ReviewNote(index, seat, move, "kept", None, why, line, goal_rules), True


#: What :func:`_judge` knows of a position proved lost without searching it again.
_LOST = SolveResult(False, (), 0)


def _undecided(index: int, seat: int, move: Move, reason: str) -> ReviewNote:
    return ReviewNote(index, seat, move, "undecided", None, f"Undecided: {reason}.")


def _better(
    info: GameInfo, before: PlayedDeal, seat: int, played: Move, budget: _Budget
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


# ----- hint -----------------------------------------------------------------------------------
def hint(deal: PlayedDeal, *, max_nodes: int = HINT_NODES) -> Hint:
    """The move to make now for the seat to act, and why.

    When the solver proves within ``max_nodes`` positions that a move forces the seat's goal,
    the hint is that move and the reason (the others' best defence and how it ends); otherwise
    the computer player's move with its reason in words, said to be all that is left when the
    solver proved that no move forces the goal (only an undecided position gets the computer
    player's move alone). Always with the rule ids that make the move legal. A TypeError for
    something that is not a game's deal, a ValueError for a deal that is over."""
    info = reviewed_game(deal)
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
    info: GameInfo, deal: PlayedDeal, seat: int, first: Move, nodes: int
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
            story = line_told(child, line, end, seat, phrase, True)
            said = move_said(deal, seat, move)
            why = f"{name} {said} and {phrase} whatever the others do: {story}."
            return Hint(move, why, rules_of(deal, move) + goal_rules, True)
        decided = decided and result.wins is False
        if budget.left <= 0:
            return False
    return decided


def _bot_hint(info: GameInfo, deal: PlayedDeal, move: Move) -> Hint:
    """The computer player's move, its reason in words, and the rules that make it legal."""
    seat = deal.turn
    why = f"{deal.name(seat)} {move_said(deal, seat, move)}: {move_reason(info, deal, move)}."
    return Hint(move, why, rules_of(deal, move), False)


# ----- lines ----------------------------------------------------------------------------------
def _line(
    info: GameInfo,
    deal: PlayedDeal,
    seat: int,
    want: bool,
    budget: _Budget,
    known: tuple[tuple[int, Move], ...] = (),
) -> tuple[tuple[tuple[int, Move], ...], PlayedDeal]:
    """A principal line from ``deal``: the side that forces the result (the seat when
    ``want``, the others when not) makes a move that keeps it (proved by the solver); the other
    side plays the computer player's move (none of its moves escapes). ``known``: moves from
    ``deal`` already known to keep the result (the line starts with them). Stops after
    :data:`SHOWN_MOVES` moves, at the end of the deal, or when a solve runs out of budget;
    returns the line and where it stopped."""
    bot = info.bot("heuristic", 0)
    current = deal.copy()
    line: list[tuple[int, Move]] = list(known[:SHOWN_MOVES])
    for _, move in line:
        current.apply(move)
    while not current.is_over and len(line) < SHOWN_MOVES:
        moves = current.legal_moves()
        if not moves:
            break
        forcing = (current.turn == seat) == want
        pick: Move | None = bot.choose(current.copy()) if not forcing or len(moves) == 1 else None
        if pick is None:
            pick = _forcing(info, current, moves, seat, want, budget)
        if pick is None:
            break
        line.append((current.turn, pick))
        current.apply(pick)
    return tuple(line), current


def _forcing(
    info: GameInfo, deal: PlayedDeal, moves: list[Move], seat: int, want: bool, budget: _Budget
) -> Move | None:
    """The first of ``moves`` proved to keep the result ``want`` for the side to move: each
    move is first probed with a small budget (what the verdict's solves proved is found
    again at once), then solved with the full one."""
    children = [(move, position_after(deal, move)) for move in moves]
    for cap in (max(1, budget.each // LINE_PROBE), budget.each):
        for move, child in children:
            if budget.solve(info, child, seat, cap).wins is want:
                return move
            if budget.left <= 0:
                return None
    return None


# ----- plumbing -------------------------------------------------------------------------------
def _check_seat(deal: PlayedDeal, seat: object) -> int:
    if type(seat) is not int or not 0 <= seat < deal.n_seats:
        raise ValueError(f"seat={quote(seat)}: a seat is a whole number 0 to {deal.n_seats - 1}")
    return seat


def _distinct(
    deal: PlayedDeal, moves: Iterable[Move], skip: Move | None = None
) -> Iterator[tuple[Move, Any]]:
    """Each of ``moves`` with the position after it, a position reached before (two identical
    tiles), or the one ``skip`` reaches, left out."""
    seen: set[Hashable] = set() if skip is None else {position_after(deal, skip).state_key()}
    for move in moves:
        child = position_after(deal, move)
        key = child.state_key()
        if key not in seen:
            seen.add(key)
            yield move, child


def _check_budget(name: str, value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{name}={quote(value)}: give a whole number of positions, 0 or more")
    return value


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`review` (so ``gl.review(deal, seat)`` works although
    importing ``gupai_learn.review`` makes ``gl.review`` the module)."""

    __call__ = staticmethod(review)


sys.modules[__name__].__class__ = _CallableModule
