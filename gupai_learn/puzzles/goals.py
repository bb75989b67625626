"""What a move puzzle asks a seat to force, and the solver that proves it (issue 34).

A move puzzle of a trick game asks for the game's own goal, the one its solver pursues (the
last trick, the last round); a Bull Fight puzzle asks for first place. Bergen rewards other
things than "the most points of the round": a round is won by reaching the target (BE-GAME),
and on the way a seat scores by going out first (BE-END-DOMINO) or by winning the count of a
blocked round (BE-END-BLOCKED). Each is a :class:`Goal` here, named as a bank entry's
``goal`` field names it:

========== ================================================================================
``win``    the game's solver (``GameInfo.solve``) and its review words
``target`` the seat's running score (match score before the round plus this round's points)
           reaches the game's target before the round ends
``domino`` the seat plays its last tile: it goes out first
``blocked`` the round ends blocked and the seat wins its count
========== ================================================================================

:func:`solve` proves a goal with the engine's search (:func:`gupai_learn.engine.search.solve`);
a goal other than ``win`` reads only what a line game with rounds offers (``round_points``,
``ending``, ``totals``, ``blocked``: the ``scores_rounds`` capability).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from gupai_learn.engine.game import GameInfo, ReviewWords
from gupai_learn.engine.search import SolveResult
from gupai_learn.engine.search import solve as search

__all__ = ["GOALS", "Goal", "achiever", "goal_of", "solve"]


@dataclass(frozen=True)
class Goal:
    """One goal a move puzzle asks for.

    ``name``: the bank's word; ``phrase``: said of a seat ("goes out first"); ``aim``: what a
    prompt asks ("go out first"); ``rules``: the rule ids that reward it; ``reached``:
    ``reached(finished_deal, seat)``, or None for the game's own solver (``win``)."""

    name: str
    phrase: str
    aim: str
    rules: tuple[str, ...]
    reached: Callable[[Any, int], bool] | None = None


def _target(done: Any, seat: int) -> bool:
    return bool(done.totals[seat] >= done.rules.target)


def _domino(done: Any, seat: int) -> bool:
    return done.ending == "domino" and not done.hands[seat]


def _blocked(done: Any, seat: int) -> bool:
    decided = done.blocked
    return done.ending == "blocked" and decided is not None and decided.winner == seat


#: The goals a line game with rounds (Bergen) may ask for besides its solver's.
GOALS: dict[str, Goal] = {
    "target": Goal("target", "reaches the target", "reach the target", ("BE-GAME",), _target),
    "domino": Goal("domino", "goes out first", "go out first", ("BE-END-DOMINO",), _domino),
    "blocked": Goal(
        "blocked",
        "wins the count of the blocked round",
        "win the count of the blocked round",
        ("BE-END-BLOCKED",),
        _blocked,
    ),
}


def _review_words(info: GameInfo) -> ReviewWords:
    """``info``'s review words (what its solver pursues); a game without them: TypeError."""
    if info.review_words is None:
        raise TypeError(f"{info.title} has no review words: it cannot be reviewed")
    return info.review_words


def goal_of(info: GameInfo, name: str = "win") -> Goal:
    """The goal ``name`` of ``info``'s game: ``win`` is the game's solver, in its review words;
    the others (:data:`GOALS`) need a game that scores rounds. A ValueError names a goal the
    game cannot ask."""
    if name == "win":
        words = _review_words(info)
        phrase, rules = words.goal, words.rules
        return Goal("win", phrase, _aim(phrase), rules)
    if name not in GOALS or not info.scores_rounds:
        known = ["win", *GOALS] if info.scores_rounds else ["win"]
        raise ValueError(f"{info.title} has no puzzle goal {name!r}; use {', '.join(known)}")
    return GOALS[name]


def _aim(phrase: str) -> str:
    """A phrase said of a seat turned into what a prompt asks: "finishes first" -> "finish
    first", "takes the last trick" -> "take the last trick"."""
    verb, _, rest = phrase.partition(" ")
    if verb.endswith(("shes", "ches", "sses")):
        verb = verb[:-2]
    elif verb.endswith("s"):
        verb = verb[:-1]
    return f"{verb} {rest}".strip()


def solve(
    info: GameInfo,
    goal: Goal,
    deal: Any,
    seat: int,
    *,
    max_nodes: int,
    memo: dict[Hashable, object] | None = None,
) -> SolveResult:
    """Can ``seat`` force ``goal`` from ``deal``, whatever the others do (within
    ``max_nodes`` positions; ``wins`` None when the budget runs out)?"""
    if goal.reached is None:
        assert info.solve is not None, f"{info.title} has no solver"
        return info.solve(deal, seat, max_nodes=max_nodes, memo=memo)  # type: ignore[no-any-return]
    reached = goal.reached
    return search(deal, seat, lambda d: reached(d, seat), max_nodes=max_nodes, memo=memo)


def achiever(info: GameInfo, goal: Goal, done: Any) -> int | None:
    """The seat that reached ``goal`` in the finished ``done`` (None: no seat did)."""
    if goal.reached is not None:
        reached = goal.reached
        return next((s for s in range(done.n_seats) if reached(done, s)), None)
    pick = _review_words(info).achiever
    if pick is not None:
        return pick(done)
    winner = done.winner
    return winner if isinstance(winner, int) else None
