"""Kinds about a line game's position and its end: the fish, points, settlement, the score
of a play, and whether the round is over."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gupai_learn.engine.moves import Move
from gupai_learn.engine.protocols import LineDealView, capable
from gupai_learn.puzzles.kinds.ending import count_check, settlement_check, settlement_reasons
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.line_moves import _award_reason, _awards
from gupai_learn.puzzles.kinds.line_pictures import _line_and_hand, _line_picture, _told
from gupai_learn.puzzles.kinds.speak import (
    RULE_AT_END,
    correct,
    incorrect,
    read_numbers,
)
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.verdict import Reason, describe_input


def fish(e: Entry) -> Puzzle:
    """Choice: is the line blocked (a fish), and of which kind? ``choices`` are the game's fish
    kinds (``GameInfo.classes``) and ``none``; ``deal.fish`` decides."""
    deal = e.build()
    names = {**e.game.classes, "none": e["none"]}
    found = deal.fish
    truth = names[found.kind] if found is not None else e["none"]
    if found is not None:
        lines = found.explain().splitlines()[:2]
        reasons = [Reason(found.rule, RULE_AT_END.sub(".", line)) for line in lines]
    else:
        reasons = _not_blocked(e, deal)

    ends = deal.layout.describe_ends()
    look = [
        Reason(
            e.rule("fish-classic"),
            f"{ends.capitalize()}: can a non-double off the line still "
            "be added at an open end? A fish is named by the numbers at its ends.",
        )
    ]
    if e.rule("fish-smothered") in e.data.get("rules", ()):  # once its lesson has taught it
        look.append(
            Reason(e.rule("fish-smothered"), "Are some tiles off the line cut off from both ends?")
        )

    def check(answer: object) -> Feedback:
        if answer == truth:
            return correct(f"Right: {truth}.", reasons)
        return incorrect(f"Not {answer}.", look)

    solution = Solution(truth, f"It is {truth}.", tuple(reasons))
    choices = tuple(names[c] for c in e["choices"])
    return e.puzzle(
        "choice", check, solution, e.drawing(_line_picture, e.game.piece_style), choices=choices
    )


def _not_blocked(e: Entry, deal: LineDealView) -> list[Reason]:
    """Why a line is no fish: the tiles off the line that still carry an open number."""
    rest = Counter(t for t in e.game.deck() if not t.is_double)
    rest.subtract(t for t in deal.layout.tiles if not t.is_double)
    numbers = set(deal.layout.open_numbers())
    carriers = sorted({t for t, n in rest.items() if n > 0 and numbers & set(t)}, reverse=True)
    ends = deal.layout.describe_ends()
    text = f"{ends}; off the line, " + (", ".join(map(str, carriers)) or "no tile") + " still "
    text += "carry an open number, so non-doubles can still be added."
    return [
        Reason(e.rule("fish-classic"), text),
        Reason(e.rule("fish-smothered"), "No tile off the line is cut off from both ends."),
    ]


def points(e: Entry) -> Puzzle:
    """Numbers: each seat's points (``deal.points``), per seat."""
    deal = e.build()
    truth, names = list(deal.points), deal.seat_names
    shown = "; ".join(
        f"{deal.name(s)}: face down {deal.down[s] or 'nothing'}, held {deal.hands[s] or 'nothing'}"
        for s in range(deal.n_seats)
    )
    why = Reason(e.rule("points"), f"{shown}.")
    check = count_check(truth, names, why, Reason(e.rule("points"), e["explain"]))
    solution = Solution(tuple(truth), "Each seat's points.", (why,))
    return e.puzzle("numbers", check, solution, e.drawing(_told, e.game.piece_style), labels=names)


def line_settle(e: Entry) -> Puzzle:
    """Numbers: what each seat wins (+) or pays (−) when a finished line deal is settled."""
    deal = e.build()
    settlement = deal.settle()
    check = settlement_check(e, lambda _: "Right.", lambda _: "chips only change hands.")
    solution = Solution(settlement.results, str(settlement), settlement_reasons(settlement))
    picture = e.drawing(_told, e.game.piece_style)
    return e.puzzle("numbers", check, solution, picture, labels=deal.seat_names)


def line_score(e: Entry) -> Puzzle:
    """Numbers: the points the seat to act scores by ``play`` (a header, going out, a blocked
    round won), read off the awards ``deal.settle()`` lists after it. A wrong answer is told
    the ends after the play and the scoring rules that apply, in the bank's ``rule_words``."""
    start = e.build()
    seat, name, play = start.turn, start.name(start.turn), e["play"]
    said = Move.parse(play).words  # the move in a sentence: "[5:3] on the right end"
    verdict = start.judge(play)
    if not verdict.ok:
        raise ValueError(f"{play} is refused: {verdict.summary}")
    after = start.copy()
    after.apply(play)
    gained = [a for a in _awards(after)[len(_awards(start)) :] if a.seat == seat]
    truth = sum(a.points for a in gained)
    ends = Reason(e.rule("header"), f"After {said}, {after.layout.describe_ends()}.")
    right = [*verdict.reasons, ends, *(_award_reason(after, a) for a in gained)]
    # a wrong answer is told the scoring rules of the card (those its lesson has taught), in
    # words without amounts: what to check, not what the play scores
    told = {*e.data.get("rules", ()), *(r for a in gained for r in a.rules), e.rule("header")}
    hints = [Reason(r, w) for r, w in e.bank.get("rule_words", {}).items() if r in told]

    def check(answer: object) -> Feedback:
        values = read_numbers(answer, 1)
        if values is None:
            return incorrect(f"{describe_input(answer)} is not a whole number.")
        if values[0] == truth:
            return correct(f"Right: {said} scores {truth} for {name}.", right)
        return incorrect(f"Not {values[0]}.", [ends, *hints])

    solution = Solution(truth, f"{said} scores {truth}.", tuple(right))
    values = {"seat": name, "play": said}
    return e.puzzle(
        "numbers",
        check,
        solution,
        e.drawing(_line_and_hand, e.game.piece_style),
        values,
        labels=(name,),
    )


def round_end(e: Entry) -> Puzzle:
    """Choice: is the round still in play, blocked, or over by a domino? ``deal.ending``
    decides (``""``, ``"blocked"``, ``"domino"``: the bank's words ``play``, ``blocked``,
    ``domino``); the reasons say who can still play or draw, or why nobody can."""
    deal = e.build()
    words = {"": e["play"], "blocked": e["blocked"], "domino": e["domino"]}
    truth = words.get(deal.ending, e["play"])
    reasons = _why_ended(e, deal)

    # what is wrong with each claim that is not the answer (the reasons above would name it)
    look = {
        e["domino"]: Reason(e.rule("domino"), "Look again: does any hand hold no tile?"),
        e["blocked"]: Reason(
            e.rule("blocked"), "Look again: can nobody place a tile, and nobody draw one?"
        ),
        e["play"]: Reason(
            e.rule("play"), "Look again: can the seat to act, or anyone after, still move?"
        ),
    }

    def check(answer: object) -> Feedback:
        if answer == truth:
            return correct(f"Right: {truth}.", reasons)
        return incorrect(f"Not {answer}.", [look[answer]] if answer in look else [])

    solution = Solution(truth, f"It is {truth}.", tuple(reasons))
    choices = (e["play"], e["blocked"], e["domino"])
    return e.puzzle(
        "choice", check, solution, e.drawing(_line_picture, e.game.piece_style), choices=choices
    )


def _why_ended(e: Entry, deal: Any) -> list[Reason]:
    """Why a line round is over, or what the seat to act can still do (the engine's words)."""
    ends = deal.layout.describe_ends()
    if deal.ending == "domino":
        who = next(deal.name(s) for s, hand in enumerate(deal.hands) if not hand)
        return [Reason(e.rule("domino"), f"{who} has played the last tile: {ends}.")]
    pile = capable(deal, "has_boneyard")
    left = len(pile.boneyard) if pile is not None else 0
    if deal.ending == "blocked":
        text = f"{ends}; no tile in any hand carries either number, and the {left} tiles left "
        text += "in the boneyard are the reserved ones, never drawn: nobody can play or draw."
        return [Reason(e.rule("blocked"), text)]
    move = deal.legal_moves()[0]
    reasons = list(deal.judge(move).reasons)
    players = [
        deal.name(s)
        for s, hand in enumerate(deal.hands)
        if any(deal.layout.fits(t) for t in hand) and s != deal.turn
    ]
    if players:
        text = f"{ends}; {', '.join(players)} could also place a tile."
        reasons.append(Reason(e.rule("play"), text))
    return reasons
