"""Kinds about the end of a trick game's deal: the settlement, what each seat won, and
endgames judged by the solver."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
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

    def add_up(settlement: Any) -> str:
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

    def check(answer: Any) -> Feedback:
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

    def check(answer: Any) -> Feedback:
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


def settlement_reasons(settlement: Any) -> tuple[Reason, ...]:
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


def _payment_rules(e: Entry, values: list[int], truth: list[int], settlement: Any) -> list[Reason]:
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
    """Move: lead so that you surely take the last trick; right when the solver says the seat
    still forces it after the lead, whatever the others do (every such lead is accepted). The
    solver runs when an answer is checked or the solution asked for, not when the bank loads."""
    start = e.build()
    seat, name = start.turn, start.name(start.turn)

    @cache
    def winning() -> tuple[Any, ...]:
        good = set(_solve(e, e.build(), seat).plays)
        return tuple(p for p in start.legal_plays() if Move.play(p) in good)

    def check(answer: Any) -> Feedback:
        deal = e.build()
        verdict = deal.judge(answer)
        if not verdict.ok:
            return incorrect(f"No: {verdict.summary}.", verdict.reasons)
        lead = join(deal.apply(answer).pieces)
        if _forces(e, deal, seat):
            why = f"The solver tried every reply of the others: after {lead}, {name} still takes "
            why += f"the last {e.game.round_name}."
            reasons = [*verdict.reasons, Reason(e.rule("deal"), why)]
            return correct(f"Yes: {lead} wins the last {e.game.round_name} for {name}.", reasons)
        return incorrect(f"{lead} lets the others stop {name}.", _refutation(e, lead, seat))

    def solved() -> Solution:
        found = winning()
        listed = ", ".join(join(w) for w in found) or "none"
        answer = found[0] if found else Tiles(())
        text = f"Leads that force the last {e.game.round_name}: {listed}."
        return Solution(answer, text, check(answer).reasons)

    def secrets() -> tuple[str, ...]:
        return fair.move_secrets(Move.play(w) for w in winning())

    picture = e.drawing(pictures.hands, "Every hand, face up:", won=True)
    return e.puzzle(
        "move",
        check,
        LazySolution(solved),
        picture,
        {"seat": name},
        pool=start.hands[seat],
        secrets=secrets,
    )


def _solve(e: Entry, deal: Any, seat: int) -> Any:
    assert e.game.solve is not None, f"{e.game.name} has no solver"
    return e.game.solve(deal, seat)


def _forces(e: Entry, deal: Any, seat: int) -> bool:
    """Whether ``seat`` takes (or can surely take) the last trick from here."""
    return deal.winner == seat if deal.is_over else bool(_solve(e, deal, seat).wins)


def _refutation(e: Entry, lead: str, seat: int) -> list[Reason]:
    """After a losing lead, one way the others stop ``seat`` (found with the solver): the tricks
    that follow, and the engine's reasons for the plays of the last trick."""
    deal = e.build()
    played = len(deal.tricks)
    deal.apply(lead)
    verdicts = []
    while not deal.is_over:
        want = deal.turn == seat  # seat tries to win; the others try to stop it
        options = deal.legal_moves()
        move = next((m for m in options if _forces(e, _after(deal, m), seat) == want), options[0])
        verdicts.append((deal.turn, deal.judge(move)))
        deal.apply(move)
    # the learner's lead and the replies to it; the later tricks would show the other leads
    first = ", ".join(
        f"{deal.name(p.seat)} " + (join(p.pieces) if p.face_up else "face down")
        for p in deal.tricks[played].plays
    )
    unit = e.game.round_name
    text = f"After {lead}, the others can always stop {deal.name(seat)}: for instance {first}; "
    text += f"in the end {deal.name(deal.winner)} takes the last {unit}."
    # the last trick's rules, as the others' plays show them (the seat's own would name its
    # other pieces: the leads that were right)
    notes = [r for mover, v in verdicts[-deal.n_seats :] if mover != seat for r in v.reasons]
    return [Reason(e.rule("deal"), text), *(r for r in notes if r.rule != e.rule("face-down"))]


def _after(deal: Any, move: Move) -> Any:
    later = deal.restart()
    for m in deal.history:
        later.apply(m)
    later.apply(move)
    return later
