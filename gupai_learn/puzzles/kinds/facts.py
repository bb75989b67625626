"""The ``deal-fact`` kind: a named fact of a deal read off the engine, and for each fact what
is wrong with a seat that is not the answer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gupai_learn.engine.moves import join
from gupai_learn.engine.protocols import LineDealView, TrickDealView, capable
from gupai_learn.puzzles import pictures
from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.line_pictures import _line_picture
from gupai_learn.puzzles.kinds.speak import RULE_AT_END, correct, counted, incorrect
from gupai_learn.puzzles.model import Feedback, Puzzle, Solution
from gupai_learn.verdict import Reason


def deal_fact(e: Entry) -> Puzzle:
    """Choice: a fact of the deal (``fact``: ``turn``, ``trick-size`` or ``winner``), read off
    the engine; ``choices`` default to the seats, plus ``none`` if given."""
    deal = e.build()
    fact = FACTS[e["fact"]]
    choices = tuple(e.data.get("choices") or (*deal.seat_names, *_none(e)))

    def check(answer: object) -> Feedback:
        deal = e.build()
        right, reasons = fact(e, deal)
        if answer == right:
            return correct(f"Right: {right}.", reasons)
        # the reasons for the right answer would give it away: what is wrong with this one
        said = "That is not so" if answer in _none(e) else f"Not {answer}"
        seat = deal.seat_names.index(answer) if answer in deal.seat_names else None
        return incorrect(f"{said}.", WHY_NOT[e["fact"]](e, deal, seat))

    right, reasons = fact(e, deal)
    solution = Solution(right, f"The answer is {right}.", tuple(reasons))
    picture = (
        e.drawing(pictures.deal_state)
        if e.game.family == "trick"
        else e.drawing(_line_picture, e.game.piece_style)
    )
    return e.puzzle("choice", check, solution, picture, choices=choices)


def _none(e: Entry) -> tuple[str, ...]:
    return (e["none"],) if "none" in e.data else ()


def _turn(e: Entry, deal: TrickDealView) -> tuple[str, list[Reason]]:
    name, unit = deal.name(deal.turn), e.game.round_name
    if deal.tricks:
        text = f"{name} won the last {unit}, so {name} leads the next."
    else:  # the bank's word for the seat that leads first (Tien Gow: the banker)
        text = f"{name} is {e['first']}, who leads the first {unit}."
    return name, [Reason(e.rule("deal"), text)]


def _trick_size(e: Entry, deal: TrickDealView) -> tuple[str, list[Reason]]:
    trick, unit = deal.tricks[-1], e.game.won_name
    text = (
        f"{deal.name(trick.winner)} took a {e.game.round_name} led with "
        f"{counted(trick.size, e.game.pieces)} and won {counted(trick.size, unit + 's')}: "
        f"one {unit} per {e.game.pieces[:-1]} of the lead."
    )
    return str(trick.size), [Reason(e.rule("won"), text)]


def _winner(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    reasons = _tally(e, deal)
    if deal.winner is None:
        return e["none"], reasons
    name, outcome = deal.name(deal.winner), deal.settle().outcome
    cited = RULE_AT_END.search(outcome)
    if cited:  # a deal won before play (one red dot): the engine names the rule
        return name, [*reasons, Reason(cited.group(1), RULE_AT_END.sub("", outcome))]
    last = deal.tricks[-1]
    high = f"{name} made the last face-up play of the last trick ({join(last.high.pieces)})."
    most, unit = max(range(deal.n_seats), key=lambda s: deal.won[s]), e.game.won_name
    text = f"{outcome}; the number of {unit}s does not decide who wins."
    if most != deal.winner:
        text += f" {deal.name(most)} has the most {unit}s ({deal.won[most]}) but lost the last."
    return name, [*reasons, Reason(e.rule("winner"), high), Reason(e.rule("deal"), text)]


def _tally(e: Entry, deal: TrickDealView, seats: Sequence[int] | None = None) -> list[Reason]:
    """The bank's ``tally`` (an attribute summed over each hand, e.g. red pips) of ``seats``
    (every seat by default), if the bank gives one."""
    if "tally" not in e.data:
        return []
    tally = e["tally"]  # the bank names the attribute to sum (e.g. red pips)
    counts = ", ".join(
        f"{deal.name(s)} {sum(getattr(p, tally['attribute']) for p in deal.hands[s])}"
        for s in (range(deal.n_seats) if seats is None else seats)
    )
    return [Reason(tally["rule"], f"{tally['label']}: {counts}.")]


def _not_winner(e: Entry, deal: TrickDealView, seat: int | None) -> list[Reason]:
    """Why ``seat`` (None: "nobody") is not the winner: its own tally and, for a deal decided
    by its last trick, that the count of won tricks does not decide, the last trick does."""
    if seat is None:
        tally = e.data.get("tally")
        look = f"Count the {tally['label'].lower()} again." if tally else "Look at the hands again."
        return [Reason(tally["rule"] if tally else e.rule("deal"), look)]
    reasons = _tally(e, deal, [seat])
    if deal.tricks:
        name, count = deal.name(seat), deal.won[seat]
        unit, whole = e.game.round_name, e.game.deal_name
        text = f"{name} took {counted(count, e.game.won_name + 's')}, but that count does not "
        text += f"decide who wins the {whole}: only the last {unit} does."
        rule = f"The seat that takes the last {unit} wins the {whole}."
        reasons += [Reason(e.rule("winner"), text), Reason(e.rule("deal"), rule)]
    return reasons


def _not_turn(e: Entry, deal: TrickDealView, seat: int | None) -> list[Reason]:
    """Why ``seat`` does not lead next: it did not take the last trick (or is not the seat
    that leads first, the bank's ``first``)."""
    name = "That seat" if seat is None else deal.name(seat)
    unit = e.game.round_name
    if deal.tricks:
        text = f"{name} did not take the last {unit}, and whoever takes a {unit} leads the next."
    else:
        text = f"{name} is not {e['first']}, who leads the first {unit}."
    return [Reason(e.rule("deal"), text)]


def _not_size(e: Entry, deal: object, seat: int | None) -> list[Reason]:
    """What a trick is worth, without its count."""
    unit, pieces = e.game.won_name, e.game.pieces
    text = f"A {e.game.round_name} is worth one {unit} per {pieces[:-1]} of its lead: count the "
    text += f"{pieces} of the lead."
    return [Reason(e.rule("won"), text)]


def _not_blocker(e: Entry, deal: LineDealView, seat: int | None) -> list[Reason]:
    """Why ``seat`` is not the blocker (None: why "nobody" is wrong)."""
    if seat is None:
        text = "The line is blocked: find the non-double whose placing made the fish."
    else:
        text = f"No tile {deal.name(seat)} placed made a fish; doubles added after one do not "
        text += "move the blame."
    return [Reason(e.rule("fish"), text)]


def _not_first(e: Entry, deal: Any, seat: int | None) -> list[Reason]:
    """Why ``seat`` is not in first place: its own points, and how places are decided (the
    order of play is in the picture: naming it here would name the seats in turn)."""
    rule = f"Fewest points wins. {e['ties']}"
    reasons = [Reason(e.rule("places"), rule)]
    if seat is not None:
        own = f"{deal.name(seat)} has {deal.points[seat]} (pips face down and still held)."
        reasons.insert(0, Reason(e.rule("points"), own))
    return reasons


def _not_blocked_winner(e: Entry, deal: LineDealView, seat: int | None) -> list[Reason]:
    """Why ``seat`` (None: "nobody scores") does not win the blocked round: its own hand and
    the table's rule."""
    seats = [] if seat is None else [seat]
    return [*_hand_tally(e, deal, seats), Reason(e.rule("blocked"), e["how"])]


def _blocker(e: Entry, deal: LineDealView) -> tuple[str, list[Reason]]:
    """Line games: the seat whose tile blocked the line (the bank's ``none`` if none did)."""
    blocking = capable(deal, "has_blocker")
    fish = blocking.fish if blocking is not None else None
    if fish is None:
        return e["none"], [Reason(e.rule("fish"), "Nobody has blocked the line.")]
    name = deal.name(fish.blocker)
    text = f"{name} placed {fish.tile}, the non-double that made the fish; doubles added later "
    text += "do not move the blame."
    first = RULE_AT_END.sub(".", fish.explain().splitlines()[0])
    return name, [Reason(fish.rule, first), Reason(e.rule("fish"), text)]


def _first_place(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    """Line games: the seat in first place, with every seat's points and the tie-break."""
    points = ", ".join(f"{deal.name(s)} {p}" for s, p in enumerate(deal.points))
    order = ", ".join(deal.name(s) for s in deal.order)
    reasons = [
        Reason(e.rule("points"), f"Points (pips face down and still held): {points}."),
        Reason(e.rule("places"), f"Fewest points wins; the playing order was {order}. {e['ties']}"),
    ]
    return deal.name(deal.winner), reasons


def _blocked_winner(e: Entry, deal: Any) -> tuple[str, list[Reason]]:
    """Line games with a blocked round (Bergen): the seat that wins it under the deal's rules
    (the bank's ``none`` if nobody scores), with the clauses the engine applied."""
    decided = deal.blocked
    if decided is None:
        raise ValueError("the round is not blocked")
    name = e["none"] if decided.winner is None else deal.name(decided.winner)
    return name, list(decided.clauses)


def _hand_tally(e: Entry, deal: LineDealView, seats: Sequence[int]) -> list[Reason]:
    """What the blocked-round rules compare for ``seats``: tiles, doubles and pips in hand."""
    parts = []
    for seat in seats:
        hand = deal.hands[seat]
        doubles = sum(t.is_double for t in hand)
        parts.append(
            f"{deal.name(seat)} {hand}: {len(hand)} tile{'s' * (len(hand) != 1)}, "
            f"{doubles} double{'s' * (doubles != 1)}, {sum(t.pips for t in hand)} pips"
        )
    return [Reason(e.rule("blocked"), "Left in hand: " + "; ".join(parts) + ".")] if parts else []


FACTS: dict[str, Callable[[Entry, Any], tuple[str, list[Reason]]]] = {
    "turn": _turn,
    "trick-size": _trick_size,
    "winner": _winner,
    "blocker": _blocker,
    "first-place": _first_place,
    "blocked-winner": _blocked_winner,
}


#: For each fact, what is wrong with a seat (or "nobody") that is not the answer.
WHY_NOT: dict[str, Callable[[Entry, Any, int | None], list[Reason]]] = {
    "turn": _not_turn,
    "trick-size": _not_size,
    "winner": _not_winner,
    "blocker": _not_blocker,
    "first-place": _not_first,
    "blocked-winner": _not_blocked_winner,
}
