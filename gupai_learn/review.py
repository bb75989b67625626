"""Looking back at a finished deal, and a hint that says why (issue 26, design.md §13).

:func:`review` replays a finished deal and, for each decision of one seat, asks the solver
(:mod:`gupai_learn.engine.search`, every hand visible) whether the move played kept what that
seat could force — the last trick, first place, the most points — or let it slip, and why, in
the game's own words: the line by which the others stop the seat after the slip, and a move
that would have kept it. Decisions too far from the end for the solver's budget are marked
"undecided" (the review starts where the solver can see to the end).

:func:`hint` gives the move to make now: the solver's move and why it forces the goal when the
solver decides the position within a small budget (about 0.2 s), otherwise the computer
player's move with its reason in words; both with the rules that make the move legal.

Both use node budgets, never clocks, so the same deal always gets the same review.

``gl.review`` is this module, and calling it is calling :func:`review`:
``gl.review(deal, 0)`` and ``gl.review.hint(deal)``.
"""

from __future__ import annotations

import html
import importlib
import sys
import types
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from gupai_learn.engine.deal import BaseDeal
from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move, join, quote

__all__ = ["Hint", "ReviewNote", "hint", "notes_html", "review"]

#: Positions one solve may search during a review (each decision solves a few positions).
REVIEW_NODES = 20_000
#: Positions a whole review may search before the earlier decisions are left undecided.
REVIEW_TOTAL = 100_000
#: Positions a hint may search (about 0.2 s) before it falls back on the computer player.
HINT_NODES = 8_000
#: Moves of a line told in a sentence before the rest is summed up.
SHOWN_MOVES = 6

Verdict = Literal["kept", "slipped", "undecided"]


@dataclass(frozen=True)
class ReviewWords:
    """A game's words for reviews and hints (``review_words.WORDS`` in the game's package):
    ``goal``, what its solver pursues, said of a seat ("takes the last trick and the hand");
    ``rules``, the rule ids that decide it; ``place_reason``, line games: why a tile is
    placed now, from the tile (None: it fits); ``achiever``, who reached the goal of a
    finished deal (None: ``deal.winner``); ``budgets``, the positions one solve and a whole
    review may search, where the game's positions cost other than most (None:
    :data:`REVIEW_NODES`, :data:`REVIEW_TOTAL`), so that a review takes at most about 3 s."""

    goal: str
    rules: tuple[str, ...]
    place_reason: Callable[[Any], str] | None = None
    achiever: Callable[[Any], int | None] | None = None
    budgets: tuple[int, int] | None = None


def words_of(info: GameInfo) -> ReviewWords:
    """The review words of ``info``'s game, from the ``review_words`` module of its package."""
    package = info.Deal.__module__.rpartition(".")[0]
    words = importlib.import_module(f"{package}.review_words").WORDS
    assert isinstance(words, ReviewWords)
    return words


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
    that sentence (seat, move); ``rules``: the rule ids the sentence rests on."""

    index: int
    seat: int
    played: Move
    verdict: Verdict
    better: Move | None
    why: str
    line: tuple[tuple[int, Move], ...] = ()
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        better = f" (better: {self.better})" if self.better is not None else ""
        return f"move {self.index + 1}, {self.played}: {self.verdict}{better}. {self.why}"


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
    seat: Any,
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
        notes.append(note)
    return notes[::-1]


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
    """The review as HTML for the deal player: one line per decision, the first slip marked
    and its better move drawn, with the sentence why and the rule ids."""
    from gupai_learn.render import row_svg  # drawing sits above the engine: import late

    if not notes:
        return "<p>Nothing to review: no decision in this deal offered a choice.</p>"
    first = next((n for n in notes if n.verdict == "slipped"), None)
    items = []
    for note in notes:
        said = f"Move {note.index + 1}: {note.played} ({VERDICT_WORDS[note.verdict]})"
        if note is not first:
            items.append(f"<li class='gupai-review-{note.verdict}'>{_esc(said)}</li>")
            continue
        better = note.better
        assert better is not None
        picture = row_svg(better.pieces) if better.pieces else ""
        rules = f" ({', '.join(note.rules)})" if note.rules else ""
        items.append(
            f"<li class='gupai-review-slip'><b>{_esc(said)} ← the first slip</b>"
            f"<p>{_esc(note.why + rules)}</p><p>A move that kept it: {_esc(str(better))}</p>"
            f"{picture}</li>"
        )
    head = "No slip: every decided move kept what could be kept." if first is None else ""
    name = deal.name(notes[0].seat)
    return (
        f"<div class='gupai-review'><p>{_esc(name)}'s decisions, looked back on. {head}</p>"
        f"<ol>{''.join(items)}</ol></div>"
    )


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


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


def _line_reason(info: GameInfo, deal: Any, move: Move) -> str:
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


def _say(deal: Any, who: int, move: Move) -> str:
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
def _game_of(deal: Any) -> GameInfo:
    from gupai_learn.games import GAMES  # the games sit above this module's imports

    if not isinstance(deal, BaseDeal):
        raise TypeError(
            f"deal={quote(deal)}: give a game's deal (for example tien_gow.Deal), played to the end"
        )
    info = GAMES.get(type(deal).GAME)
    if info is None or not isinstance(deal, info.Deal) or info.solve is None:
        raise TypeError(f"{type(deal).__name__} is not the deal of a game with a solver")
    return info


def _check_seat(deal: BaseDeal[Any], seat: Any) -> int:
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


def _check_budget(name: str, value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"{name}={quote(value)}: give a whole number of positions, 0 or more")
    return value


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`review` (so ``gl.review(deal, seat)`` works although
    importing ``gupai_learn.review`` makes ``gl.review`` the module)."""

    def __call__(self, deal: Any, seat: Any, **budget: int) -> list[ReviewNote]:
        return review(deal, seat, **budget)


sys.modules[__name__].__class__ = _CallableModule
