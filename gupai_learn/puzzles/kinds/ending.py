"""Kinds about the end of a trick game's deal: the settlement, what each seat won, and
endgames judged by the solver."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.engine.settlement import Settlement
from gupai_learn.puzzles import fair, pictures
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.speak import (
    RULE_AT_END,
    WORDS,
    correct,
    incorrect,
    mistakes,
    numbers_please,
    read_numbers,
)
from gupai_learn.puzzles.model import Feedback, LazySolution, Puzzle, Solution
from gupai_learn.tiles import Tiles
from gupai_learn.verdict import Reason


def settle(e: Entry) -> Puzzle:
    """Numbers: what each seat wins (+) or pays (−) in all; ``deal.settle()`` decides."""
    deal = e.build()
    names, n = deal.seat_names, deal.n_seats
    banked = capable(deal, "has_banker")
    banker = banked.banker if banked is not None else None

    def right(truth: list[int]) -> str:
        nets = ", ".join(f"{name} {v:+d}" for name, v in zip(names, truth, strict=True))
        return f"Right: {nets}."

    def add_up(settlement: Settlement) -> str:
        unit = settlement.unit  # "chip", or "point" in a game scored in points
        return f"{unit}s only change hands: the {WORDS[n]} results always add up to 0."

    settlement = deal.settle()
    solution = Solution(settlement.results, str(settlement), settlement_reasons(settlement))
    labels = tuple(name + " (banker)" * (i == banker) for i, name in enumerate(names))
    picture = e.drawing(pictures.last_trick)
    return e.puzzle("numbers", settlement_check(e, right, add_up), solution, picture, labels=labels)


def settlement_check(
    e: Entry, right: Callable[[list[int]], str], add_up: Callable[[Any], str]
) -> Callable[[Any], Feedback]:
    """The check of a settlement card (trick or line game): the answer is each seat's result
    of ``deal.settle()``. Right: ``right(results)`` and every payment line; wrong: the seats
    answered wrongly, ``add_up(settlement)`` when the numbers do not add up to 0, and the rules
    behind those seats' payments (without amounts)."""
    names = e.build().seat_names

    def check(answer: object) -> Feedback:
        values = read_numbers(answer, len(names))
        if values is None:
            return numbers_please(len(names))
        settlement = e.build().settle()
        truth = list(settlement.results)
        if values == truth:
            return correct(right(truth), settlement_reasons(settlement))
        text = mistakes(values, truth, names)
        if sum(values) != 0:
            text += f" Your numbers add up to {sum(values):+d}, but {add_up(settlement)}"
        return incorrect(text, _payment_rules(e, values, truth, settlement))

    return check


def count_check(
    truth: list[int],
    names: Sequence[str],
    right: Reason,
    wrong: Reason,
    total: str = "",
) -> Callable[[Any], Feedback]:
    """The check of a card asking one count per seat (tricks won, points held): right with the
    reason ``right``; wrong naming the seats answered wrongly, ``total`` when the answers do not
    add up to the true total, and the reason ``wrong`` (where to look, not the numbers)."""

    def check(answer: object) -> Feedback:
        values = read_numbers(answer, len(truth))
        if values is None:
            return numbers_please(len(truth))
        if values == truth:
            return correct("Right.", [right])
        text = mistakes(values, truth, names)
        if total and sum(values) != sum(truth):
            text += " " + total
        return incorrect(text, [wrong])

    return check


def settlement_reasons(settlement: Settlement) -> tuple[Reason, ...]:
    """Every payment line as a reason (its first rule; the others named in the text), then the
    notes that name their rule at the end."""
    names, reasons = settlement.seat_names, []
    for line in settlement.lines:
        more = f" (with {', '.join(line.rules[1:])})" if len(line.rules) > 1 else ""
        text = f"{names[line.payer]} pays {names[line.payee]} {line.amount}: {line.text}{more}"
        reasons.append(Reason(line.rules[0], text))
    for award in settlement.awards:  # a game played for points
        more = f" (with {', '.join(award.rules[1:])})" if len(award.rules) > 1 else ""
        text = f"{names[award.seat]} scores {award.points:+d}: {award.text}{more}"
        reasons.append(Reason(award.rules[0], text))
    for note in settlement.notes:
        found = RULE_AT_END.search(note)
        if found:
            reasons.append(Reason(found.group(1), RULE_AT_END.sub("", note)))
    return tuple(reasons)


def _payment_rules(
    e: Entry, values: list[int], truth: list[int], settlement: Settlement
) -> list[Reason]:
    """The rules behind each payment of a seat answered wrongly, in words, without amounts; for
    a seat no payment touches, why it ends at 0."""
    wrong = {i for i, (v, t) in enumerate(zip(values, truth, strict=True)) if v != t}
    words = e.bank["rule_words"]
    names = settlement.seat_names
    reasons = [
        Reason(
            line.rules[0],
            f"{names[line.payer]} pays {names[line.payee]}: "
            + ", ".join([words[line.rules[0]], *(f"{words[r]} ({r})" for r in line.rules[1:])])
            + ".",
        )
        for line in settlement.lines
        if {line.payer, line.payee} & wrong
    ]
    reasons += [
        Reason(a.rules[0], f"{names[a.seat]} scores: " + ", ".join(words[r] for r in a.rules) + ".")
        for a in settlement.awards
        if a.seat in wrong and all(r in words for r in a.rules)
    ]
    seats = ", ".join(names[i] for i in sorted(wrong))
    return reasons or [Reason(e.rule("par"), f"{seats}: {e['untouched']}")]


def won(e: Entry) -> Puzzle:
    """Numbers: what each seat has won (columns or tricks), as ``deal.won`` records it."""
    deal = e.build()
    truth, names = list(deal.won), deal.seat_names
    unit = e.game.round_name
    tricks = ", ".join(
        f"{unit} {i} ({t.size}) to {deal.name(t.winner)}" for i, t in enumerate(deal.tricks, 1)
    )
    why = Reason(e.rule("won"), f"{unit.capitalize()}s and their worth: {tricks}.")
    total = e["total"].format(total=sum(truth))
    check = count_check(truth, names, why, Reason(e.rule("won"), e["explain"]), total)
    solution = Solution(tuple(truth), "What each seat won.", (why,))
    return e.puzzle("numbers", check, solution, labels=names)


def endgame(e: Entry) -> Puzzle:
    """Move: play so that you surely take the last trick: a lead, or, in a trick under way, a
    play face up or face down; right when the solver says the seat still forces it after the
    move, whatever the others do (every such move is accepted). A position where a face-down
    play is legal offers "face up" and "face down" to say how the picked pieces go. The solver
    runs when an answer is checked or the solution is first read, not when the bank loads."""
    start = e.build()
    seat, name = start.turn, start.name(start.turn)
    unit = e.game.round_name

    @cache
    def good() -> frozenset[Move]:
        return frozenset(decided(e, start, seat).plays)

    def check(answer: object) -> Feedback:
        deal = e.build()
        verdict = deal.judge(answer)
        if not verdict.ok:
            return incorrect(f"No: {verdict.summary}.", verdict.reasons)
        deal.apply(answer)
        move = deal.history[-1]
        if _forces(e, deal, seat):
            why = f"The solver tried every reply of the others: after {move.words}, {name} "
            why += f"still takes the last {unit}."
            reasons = [*verdict.reasons, Reason(e.rule("deal"), why)]
            return correct(f"Yes: {move.words} wins the last {unit} for {name}.", reasons)
        told = [*e.why_wrong(deal), *_refutation(e, move, seat)]
        return incorrect(f"{move.words} lets the others stop {name}.", told)

    def solution() -> Solution:
        ups = [p for p in start.legal_plays() if Move.play(p) in good()]
        downs = [m for m in good() if m.kind != "play"]
        listed = ", ".join([join(p) for p in ups] + [m.words for m in downs]) or "none"
        answer: Any = ups[0] if ups else str(downs[0]) if downs else Tiles(())
        said = "Plays" if start.trick else "Leads"
        return Solution(
            answer, f"{said} that force the last {unit}: {listed}.", check(answer).reasons
        )

    picture = e.drawing(_endgame_picture)
    ways = ("face up", "face down") if any(m.kind == "discard" for m in start.legal_moves()) else ()
    return e.puzzle(
        "move",
        check,
        LazySolution(solution),
        picture,
        {"seat": name},
        pool=start.hands[seat],
        choices=ways,
        secrets=lambda: fair.move_secrets(good()),
    )


def _endgame_picture(deal: Any) -> str:
    """Every hand face up with what each seat has won, and the trick under way if there is one."""
    drawn = pictures.hands(deal, "Every hand, face up:", won=True)
    return drawn + (pictures.table(deal) if deal.trick else "")


def _solve(e: Entry, deal: Any, seat: int) -> Any:
    """The game's solver on ``deal`` for ``seat``, with what the puzzle proved before."""
    assert e.game.solve is not None, f"{e.game.name} has no solver"
    return e.game.solve(deal, seat, memo=e.memo(seat), **e.budget())


class Undecided(ValueError):
    """The solver cannot decide a puzzle's position within its budget: the puzzle is not made
    (its answers could not be judged)."""


def decided(e: Entry, deal: Any, seat: int) -> Any:
    """The solver's answer for ``seat`` on the puzzle's position ``deal``; :class:`Undecided`
    when it cannot decide within its budget."""
    result = _solve(e, deal, seat)
    if result.wins is None:
        raise Undecided(f"the solver cannot decide this position within {result.nodes:,} positions")
    return result


def _forces(e: Entry, deal: Any, seat: int) -> bool:
    """Whether ``seat`` takes (or can surely take) the last trick from here."""
    return deal.winner == seat if deal.is_over else bool(_solve(e, deal, seat).wins)


def _refutation(e: Entry, move: Move, seat: int) -> list[Reason]:
    """After a losing ``move``, one way the others stop ``seat`` (found with the solver): the
    rest of that trick, and the engine's reasons for the plays of the last trick."""
    deal = e.build()
    played, before = len(deal.tricks), len(deal.trick)
    deal.apply(move)
    verdicts = []
    while not deal.is_over:
        want = deal.turn == seat  # seat tries to win; the others try to stop it
        options = deal.legal_moves()
        choice = next((m for m in options if _forces(e, _after(deal, m), seat) == want), options[0])
        verdicts.append((deal.turn, deal.judge(choice)))
        deal.apply(choice)
    # the learner's play and the replies to it; the later tricks would show the other leads
    trick, unit = deal.tricks[played], e.game.round_name
    first = ", ".join(
        f"{deal.name(p.seat)} " + (join(p.pieces) if p.face_up else "face down")
        for p in trick.plays[before + (before > 0) :]  # a lead is shown with its answers
    )
    text = f"After {move.words}, the others can always stop {deal.name(seat)}"
    text += f": for instance {first}; " if first else f"; {deal.name(trick.winner)} takes this "
    text += f"{unit} and " if not first else ""
    text += f"in the end {deal.name(deal.winner)} takes the last {unit}."
    # the last trick's rules, as the others' plays show them (the seat's own would name its
    # other pieces: the leads that were right)
    notes = [r for mover, v in verdicts[-deal.n_seats :] if mover != seat for r in v.reasons]
    return [Reason(e.rule("deal"), text), *(r for r in notes if r.rule != e.rule("face-down"))]


def _after(deal: Any, move: Move) -> object:
    later = deal.restart()
    for m in deal.history:
        later.apply(m)
    later.apply(move)
    return later
