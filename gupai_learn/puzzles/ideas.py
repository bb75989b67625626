"""The idea behind a generated puzzle's answer, and its hints, in the game's words (issue 34).

A generated move puzzle has one winning move and a tempting one (the heuristic player's). Two
lines are played out to the end with every hand visible (:func:`line`): after the winning move
the seat keeps the goal whatever the others answer, after the tempting move the others take it
away. What differs between them is the idea, found by the first of these that holds:

trick games
  - **the whole hand at once** (``lead strength``): the winning lead is the last trick itself;
  - **keep the winner** (theme ``last trick``, or ``points`` for a point tile): the seat takes
    the last trick with pieces the tempting lead spends;
  - **draw it out** (``lead strength``): the seat that takes the last trick after the tempting
    lead holds a piece which, after the winning lead, it has to spend earlier;
  - **no column, no last trick** (``early death`` / ``last round``): after the tempting lead
    the seat ends with too few tricks to play the last one face up (TG-EARLY-DEATH, TT-LAST);
  - **give the lead / keep the lead** (``lead strength``): one line wins the first trick and
    the other gives it away;
  - **count** (``counting``): what is still out decides it.

line games
  - **the fish** (``fish``, ``blocker``): a fish made by the seat, or by another seat, decides
    one of the lines (DN-FISH-BLOCKER, DN-FISH-PAY);
  - **the target** (Bergen's ``target``): how the winning line reaches it (going out, a header
    under the cap near the target, a blocked round);
  - **headers** (``header``): after the tempting move another seat scores a header;
  - **stuck** (``face-down choice`` / ``domino``): after the tempting move the seat has to put
    tiles face down or pass while the winning line keeps it playing;
  - **shut out** (``counting``): after the winning move the others have to pass or put tiles
    face down more often: it leaves ends they cannot answer;
  - **pips** (``blocked count``, ``places``): the winning line ends with fewer pips in hand;
  - **count** (``counting``): the numbers still out decide it.

The hints are: the idea; the line that wins, the others' answers told without the first move;
then what the others do after the tempting move. A hint that would name a winning move is left
out (:mod:`gupai_learn.puzzles.fair`).

This module plays the lines and tells the hints; the ideas themselves are found in
:mod:`gupai_learn.puzzles.idea_finders` (their names are importable from here too).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, TypeVar

from gupai_learn.engine.game import GameInfo, PlayedDeal
from gupai_learn.engine.moves import Move
from gupai_learn.puzzles import fair, goals
from gupai_learn.puzzles.goals import Goal
from gupai_learn.puzzles.idea_finders import (
    LINE_IDEAS,
    TRICK_IDEAS,
    Idea,
    Line,
    Lines,
    count_line,
    count_trick,
)

__all__ = [
    "LINE_IDEAS",
    "SHOWN_MOVES",
    "TRICK_IDEAS",
    "Idea",
    "Line",
    "Lines",
    "first_idea",
    "line",
    "say",
    "tell",
    "told",
]

#: Moves of the winning line told in the second hint before the rest is summed up.
SHOWN_MOVES = 8

#: A deal of any game, given back as the same type.
DealT = TypeVar("DealT", bound=PlayedDeal)


# ----- lines ------------------------------------------------------------------------------------
class _Solver:
    """The goal's solver for one seat, its proofs shared by every position of one puzzle."""

    def __init__(self, info: GameInfo, goal: Goal, seat: int, budget: int) -> None:
        self.info, self.goal, self.seat, self.budget = info, goal, seat, budget
        self.memo: dict[Hashable, object] = {}

    def wins(self, deal: PlayedDeal) -> bool | None:
        """Whether the seat forces the goal from ``deal`` (None: beyond the budget)."""
        if deal.is_over:
            return goals.achiever(self.info, self.goal, deal) == self.seat
        found = goals.solve(
            self.info, self.goal, deal, self.seat, max_nodes=self.budget, memo=self.memo
        )
        return found.wins  # type: ignore[no-any-return]


def line(solver: _Solver, deal: PlayedDeal, want: bool) -> tuple[Line, Any] | None:
    """The line from ``deal`` to the end of the deal: the side that forces the result (the
    seat when ``want``, the others when not) makes a move that keeps it; the other side plays
    the heuristic player's move (none of its moves escapes). The line and the finished deal,
    or None when a solve runs out of budget."""
    bot = solver.info.bot("heuristic", 0)
    current = deal.copy()
    played: list[tuple[int, Move]] = []
    while not current.is_over:
        moves = current.legal_moves()
        forcing = (current.turn == solver.seat) == want
        pick = bot.choose(current.copy()) if not forcing or len(moves) == 1 else None
        for move in moves if pick is None else ():
            known = solver.wins(_after(current, move))
            if known is None:
                return None
            if known is want:
                pick = move
                break
        if pick is None:
            return None
        played.append((current.turn, pick))
        current.apply(pick)
    return tuple(played), current


def _after(deal: DealT, move: Move) -> DealT:
    child = deal.copy()
    child.apply(move)
    return child


# ----- words ------------------------------------------------------------------------------------
def say(deal: PlayedDeal, who: int, move: Move) -> str:
    """A move in a sentence, after the seat's name: "leads [6:6]", "beats with [5:5]", "plays
    [1:1] face down", "plays [6:4] on the left end", "draws", "passes"."""
    if move.kind == "draw":
        return "draws"
    if move.kind == "pass":
        return "passes"
    trick = getattr(deal, "trick", None)
    if trick is None:
        return f"puts {move.words}" if move.kind == "discard" else f"plays {move.words}"
    if move.kind == "discard":
        return f"leads {move.words}" if not trick else f"plays {move.words}"
    return f"leads {move.words}" if not trick else f"beats with {move.words}"


def told(
    deal: PlayedDeal, played: Line, limit: int = SHOWN_MOVES, secrets: Sequence[str] = ()
) -> str:
    """The moves of ``played`` from ``deal`` in words, a run of draws by one seat said once;
    after ``limit`` moves, or before the first move whose words would say one of ``secrets``,
    "and so on"."""
    replay = deal.copy()
    runs: list[tuple[int, str]] = []
    cut = len(played) > limit
    for who, move in played[:limit]:
        words = f"{replay.name(who)} {say(replay, who, move)}"
        if fair.leaks(words, secrets):
            cut = True
            break
        if runs and runs[-1][1] == words and move.kind == "draw":
            runs[-1] = (runs[-1][0] + 1, words)
        else:
            runs.append((1, words))
        replay.apply(move)
    said = [words if n == 1 else f"{words} {n} times" for n, words in runs]
    return ", ".join(said) + (", and so on" if cut and said else "")


# ----- the idea and the hints -------------------------------------------------------------------
def tell(
    info: GameInfo, goal: Goal, deal: PlayedDeal, seat: int, move: Move, tempting: Move, budget: int
) -> tuple[Idea, tuple[str, ...]] | None:
    """The idea of a puzzle and its hints (see the module doc), or None when the lines cannot
    be worked out within ``budget`` positions per solve or no hint can be said without naming
    the answer."""
    solver = _Solver(info, goal, seat, budget)
    won = line(solver, _after(deal, move), True)
    lost = line(solver, _after(deal, tempting), False)
    if won is None or lost is None:
        return None
    won_line, lost_line = ((seat, move), *won[0]), ((seat, tempting), *lost[0])
    finding = Lines(info, goal, deal, seat, won_line, won[1], lost_line, lost[1])
    secrets = fair.move_secrets([move])
    idea = first_idea(finding, secrets)
    name = deal.name(seat)
    after = _after(deal, move)
    answers = told(after, won[0], secrets=secrets)
    winning = f"The line that wins: after your {_unit_word(info)}, {answers}; "
    winning += f"in the end {name} {goal.phrase}."
    answered = told(_after(deal, tempting), lost[0], secrets=secrets)
    refuted = f"Not {tempting.words}: after it, {answered}; "
    refuted += f"in the end {_achiever_words(info, goal, lost[1], name)}."
    said = [h for h, moves in ((winning, answers), (refuted, answered)) if moves]
    hints = [idea.text, *(h for h in said if not fair.leaks(h, secrets))]
    if len(hints) < 2:  # both lines would name the answer: where to look instead
        hints.append(_where_to_look(info))
    return idea, tuple(hints)


def _where_to_look(info: GameInfo) -> str:
    """A second hint when neither line can be told without naming the answer."""
    if info.family == "trick":
        unit = info.round_name
        return (
            "Play each lead out in your head: after it, who can still beat you, and who leads "
            f"the last {unit}?"
        )
    return (
        "Look at every hand: after each move you could make, who can answer it, and who runs "
        "out of moves first?"
    )


def first_idea(found: Lines, secrets: Sequence[str]) -> Idea:
    """The first idea of the family's list that holds and names no winning move (see the
    module doc); the counting idea when none does."""
    trick = found.info.family == "trick"
    detectors = TRICK_IDEAS if trick else LINE_IDEAS
    for detect in detectors:
        idea = detect(found)
        # the feedback to the tempting move may name that move, which the learner gave
        said = str(found.tempting)
        if idea is None or fair.leaks(idea.text, secrets):
            continue
        if not fair.leaks(idea.why, secrets, said):
            return idea
    return count_trick(found) if trick else count_line(found)


def _unit_word(info: GameInfo) -> str:
    return "lead" if info.family == "trick" else "move"


def _achiever_words(info: GameInfo, goal: Goal, done: PlayedDeal, name: str) -> str:
    seat = goals.achiever(info, goal, done)
    if seat is None:
        return f"{name} does not {goal.aim}"
    return f"{done.name(seat)} {goal.phrase}"
