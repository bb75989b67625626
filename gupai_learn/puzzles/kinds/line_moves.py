"""Kinds about a move in a line game: where a tile fits, and a move judged against a goal."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from gupai_learn.engine.moves import Move
from gupai_learn.engine.protocols import LineDealView, capable
from gupai_learn.engine.search import DEFAULT_MAX_NODES
from gupai_learn.puzzles import fair, goals
from gupai_learn.puzzles.kinds.ending import decided
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.line_pictures import _line_and_hand, _line_only, _line_picture
from gupai_learn.puzzles.kinds.speak import RULE_AT_END, correct, incorrect
from gupai_learn.puzzles.model import Feedback, LazySolution, Puzzle, Solution
from gupai_learn.verdict import Reason

if TYPE_CHECKING:
    from gupai_learn.engine.game import PlayedDeal


def line_fit(e: Entry) -> Puzzle:
    """Choice: where ``tile`` may go on the line (``left``, ``right``, ``both``, ``none``: the
    bank's words); the engine judges the tile at each end."""
    deal, tile = e.build(), e["tile"]
    verdicts = {end: deal.judge(f"{tile}>{end}") for end in ("left", "right")}
    fits = tuple(end for end, v in verdicts.items() if v.ok)
    words = {("left",): e["left"], ("right",): e["right"], ("left", "right"): e["both"]}
    truth = words.get(fits, e["none"])
    reasons = [r for v in verdicts.values() for r in v.reasons]

    claims = {e["left"]: ("left",), e["right"]: ("right",), e["both"]: ("left", "right")}

    def check(answer: object) -> Feedback:
        if answer == truth:
            return correct(f"Right: {truth}.", reasons)
        # what is wrong with this answer: an end it claims that refuses the tile (the engine's
        # words), or an end it leaves out, to look at again; never where the tile goes
        claimed = claims.get(answer, ())
        told = [r for end in claimed if not verdicts[end].ok for r in verdicts[end].reasons]
        if not told:  # every end it names takes the tile: what it leaves out is wrong
            other = "both ends" if not claimed else "the other end as well"
            told = [Reason(e.rule("play"), f"Compare {tile} with {other}.")]
        return incorrect(f"Not {answer}: look at the numbers at the ends.", told)

    solution = Solution(truth, f"{tile}: {truth}.", tuple(reasons))
    picture = e.drawing(_line_and_hand, e.game.piece_style)
    choices = (e["left"], e["right"], e["both"], e["none"])
    return e.puzzle("choice", check, solution, picture, {"tile": tile}, choices=choices)


#: The words a move card offers for how the picked tile is played, and the kind of move each
#: makes: a bank's ``ways`` (the same on every card of a game) are some of these.
MOVE_WORDS = {"left": "play", "right": "play", "face down": "discard", "draw": "draw"}
MOVE_WORDS["pass"] = "pass"


def line_move(e: Entry) -> Puzzle:
    """Move: a placement (``[6:4]>left``), a face-down tile, a draw or a pass for the seat to
    act, judged by the engine, then by the ``goal``: ``legal`` (any legal move), ``no-fish``
    (makes no fish), ``fish`` (makes one), ``open`` (leaves only the number ``open`` open),
    ``score`` (scores as many points as any move can), ``win`` (the solver: the seat still
    forces first place, or whatever the game's solver aims at), or one of the goals of a game
    that scores rounds (:data:`gupai_learn.puzzles.goals.GOALS`: ``target``, ``domino``,
    ``blocked``), proved the same way. The card offers the bank's ``ways`` to play a picked
    tile: every kind of move the game has, on every card. The moves that meet the goal are
    found when an answer is checked or the solution asked for, not when the bank loads."""
    start = e.build()
    seat, name, goal = start.turn, start.name(start.turn), e.data.get("goal", "legal")

    @cache
    def best() -> int:
        return max((_gain(start, m, seat) for m in start.legal_moves()), default=0)

    @cache
    def good() -> list[Move]:
        if goal == "win":
            decided(e, start, seat)  # every move's outcome proved (a ValueError if it cannot be)
        return [m for m in start.legal_moves() if _meets(e, start, m, seat, goal, best())]

    choices = tuple(e["ways"])
    unknown = [w for w in choices if w not in MOVE_WORDS]
    if unknown:
        raise ValueError(f"ways {unknown} are not ways to play; use some of {list(MOVE_WORDS)}")

    def check(answer: object) -> Feedback:
        deal = e.build()
        verdict = deal.judge(answer)
        if not verdict.ok:
            return incorrect(f"No: {_refused(answer, verdict.summary)}.", verdict.reasons)
        before = _awards(deal)
        deal.apply(answer)
        gained = [a for a in _awards(deal)[len(before) :] if a.seat == seat]
        # the engine's notes on a legal move, for the rules this card is about (a note on a
        # rule of a later lesson would be met before it is taught)
        notes = [r for r in verdict.reasons if r.rule in e.data.get("rules", ())]
        reasons = [*(notes or verdict.reasons), *(_award_reason(deal, a) for a in gained)]
        made = _made_fish(start, deal)
        if made is not None:
            first = made.explain(seat).splitlines()[0]
            reasons.append(Reason(made.rule, RULE_AT_END.sub(".", first)))
        scored = sum(a.points for a in gained)
        short = scored if goal == "score" and scored < best() else None
        missed = _missed(e, deal, goal, made is not None, short, name)
        if missed is not None:
            return incorrect(missed[0], [*e.why_wrong(deal), *reasons, *missed[1]])
        return correct(f"Yes: {verdict.summary}.", reasons)

    def solution() -> Solution:
        listed = ", ".join(m.words for m in good()) or "none"
        answer = str(good()[0]) if good() else ""
        return Solution(answer, f"Moves that do it: {listed}.", check(answer).reasons)

    # a goal the solver proves depends on every hand: the card draws them all
    solved = goal in SOLVED
    picture = e.drawing(_line_picture if solved else _line_only, e.game.piece_style)
    caption = "" if solved else f"Your hand ({name}):"
    return e.puzzle(
        "move",
        check,
        LazySolution(solution),
        picture,
        {"seat": name},
        pool=start.hands[seat],
        pool_caption=caption,
        choices=choices,
        secrets=lambda: fair.move_secrets(good()),
    )


#: The goals the solver proves (every hand matters to them).
SOLVED = frozenset(("win", *goals.GOALS))


def _refused(answer: Any, summary: str) -> str:
    """Why a move answer is refused, the move said in words ("[3:3] on the left end cannot be
    played now"); the engine's summary as it is for an answer that is no move."""
    try:
        move = answer if isinstance(answer, Move) else Move.parse(answer)
    except (TypeError, ValueError):
        return summary
    return summary.replace(str(move), move.words, 1)


def _made_fish(start: LineDealView, deal: LineDealView) -> Any:
    """The fish a move made (None if it made none, or the line was blocked before it)."""
    after, before = capable(deal, "has_blocker"), capable(start, "has_blocker")
    if after is None or before is None:
        return None
    return after.fish if before.fish is None else None


def _missed(
    e: Entry, deal: LineDealView, goal: str, made: bool, short: int | None, name: str
) -> tuple[str, list[Reason]] | None:
    """How a legal move misses the card's ``goal`` (what that move does, never the right one):
    the sentence and the reasons to add, or None when it meets it."""
    if goal == "no-fish" and made:
        return "That blocks the line: it makes a fish.", []
    if goal == "fish" and not made:
        text = "Legal, but the line is not blocked afterwards."
        return text, [Reason(e.rule("fish"), e["not-blocked"])]
    if goal == "open" and tuple(deal.layout.open_numbers()) != (e["open"],):
        ends = deal.layout.describe_ends()
        return f"Legal, but afterwards {ends}.", [Reason(e["rules"][0], e["not-open"])]
    if goal == "score" and short is not None:  # ``short``: what this move scores, below best
        text = f"Legal, but it scores {short}; another move scores more."
        return text, [Reason(e["rules"][0], e["not-best"])]
    if goal == "win" and not _forces_first(e, deal, deal_seat(deal, name)):
        why = e.data.get("not-won", "After that the others can keep {seat} out of first place.")
        why = why.format(seat=name)
        return why, [Reason(e.rule("places"), why)]
    if goal in goals.GOALS and not _forces_first(e, deal, deal_seat(deal, name)):
        aim = goals.goal_of(e.game, goal)
        why = f"After that the others can make sure {name} does not {aim.aim}."
        return why, [Reason(aim.rules[0], why)]
    return None


def deal_seat(deal: PlayedDeal, name: str) -> int:
    """The seat called ``name`` in ``deal``."""
    return list(deal.seat_names).index(name)


def _meets(e: Entry, start: LineDealView, move: Move, seat: int, goal: str, best: int) -> bool:
    if goal == "score":
        return _gain(start, move, seat) == best
    deal = start.copy()
    deal.apply(move)
    made = _made_fish(start, deal) is not None
    if goal == "no-fish":
        return not made
    if goal == "fish":
        return made
    if goal == "open":
        return tuple(deal.layout.open_numbers()) == (e["open"],)
    if goal in SOLVED:
        return _forces_first(e, deal, seat)
    return True


def _forces_first(e: Entry, deal: LineDealView, seat: int) -> bool:
    """Whether ``seat`` reaches the card's solved goal (``win``: the game's solver, first
    place...; or a goal of :data:`~gupai_learn.puzzles.goals.GOALS`), or surely can from here;
    the solver also judges a finished deal."""
    goal = goals.goal_of(e.game, e.data.get("goal", "win"))
    return bool(goals.solve(e.game, goal, deal, seat, max_nodes=DEFAULT_MAX_NODES).wins)


def _awards(deal: PlayedDeal) -> tuple[Any, ...]:
    """The points scored so far in a deal played for points during play (Bergen); a game
    settled only once the deal is over (Bull Fight) has none to show mid-way."""
    try:
        return tuple(deal.settle().awards)
    except ValueError:
        return ()


def _gain(start: LineDealView, move: Move, seat: int) -> int:
    """The points ``seat`` scores by ``move`` (headers, going out, a blocked round won)."""
    deal = start.copy()
    before = len(_awards(deal))
    deal.apply(move)
    return sum(a.points for a in _awards(deal)[before:] if a.seat == seat)


def _award_reason(deal: PlayedDeal, award: Any) -> Reason:
    """One award as a reason citing its first rule (the others named in the text)."""
    more = f" (with {', '.join(award.rules[1:])})" if len(award.rules) > 1 else ""
    return Reason(
        award.rules[0], f"{deal.name(award.seat)} scores {award.points}: {award.text}{more}"
    )
