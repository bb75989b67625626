"""How a Bergen round ends and what it scores (rules/bergen.md, BE-END-DOMINO, BE-END-BLOCKED).

A seat that plays its last tile *dominoes* and scores 2 (never capped). When nobody can play and
only the reserved tiles are left, the round is *blocked*, and one of four rules names its winner;
:func:`blocked_winner` applies the chosen rule clause by clause and :func:`blocked_reasons` says
which clause decided.

Interpretation (American rule, clause d): "the player holding the lowest double wins" is read
over all hands, not only those tied on tile count — this is the reading that gives the seed's
example (A=[0:0][2:1], B=[1:1], C=[2:2]) to A, as the ruling requires.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gupai_learn.tiles import Tile, as_tiles
from gupai_learn.verdict import Reason, SetupError, describe_input

#: Points for dominoing (BE-END-DOMINO) and for winning a blocked round under each rule.
DOMINO_POINTS = 2
BLOCKED_POINTS = {"simple": 1, "american": 2, "german": 2, "hoyle": 1}
#: Each rule's name in a learner's words. ``"hoyle"`` is the no-double rule: it comes from
#: other descriptions of the game, not from the source (which credits older Hoyles with the
#: simple rule), so no learner text calls it Hoyle's.
BLOCKED_NAMES = {"simple": "simple", "american": "American", "german": "German"}
BLOCKED_NAMES["hoyle"] = "no-double"

#: One hand per seat: tiles, or their notation ("[0:0] [2:1]").
Hands = Sequence[Sequence[Tile] | str]
Read = Sequence[Sequence[Tile]]


@dataclass(frozen=True)
class Blocked:
    """The decision of a blocked round: the winning seat (None: nobody scores), its points and
    the clauses applied, in order, each a Reason citing BE-END-BLOCKED."""

    winner: int | None
    points: int
    clauses: tuple[Reason, ...]


def blocked_winner(
    hands: Hands, rule: str = "simple", names: Sequence[str] | None = None
) -> tuple[int | None, int]:
    """``(seat, points)`` for a blocked round under ``rule`` ("simple", "american", "german",
    "hoyle"); ``(None, 0)`` when nobody scores. Seats are the hands' positions."""
    decided = decide_blocked(hands, rule, names)
    return decided.winner, decided.points


def blocked_reasons(
    hands: Hands, rule: str = "simple", names: Sequence[str] | None = None
) -> tuple[Reason, ...]:
    """The clauses that decided a blocked round, in the order they were applied."""
    return decide_blocked(hands, rule, names).clauses


def decide_blocked(
    hands: Hands, rule: str = "simple", names: Sequence[str] | None = None
) -> Blocked:
    """The full decision of a blocked round under ``rule``, with its clauses; ``names`` (one
    per hand) name the seats in the clauses, "seat 0", "seat 1"... by default."""
    read = [as_tiles(h) if isinstance(h, str) else tuple(h) for h in hands]
    if type(rule) is not str or rule not in BLOCKED_POINTS:
        choices = ", ".join(BLOCKED_POINTS)
        raise SetupError(
            f"blocked rule {describe_input(rule)} is not one of {choices} (BE-END-BLOCKED)"
        )
    if len(read) < 2:
        raise SetupError(f"a blocked round needs 2 to 4 hands, not {len(read)} (BE-DEAL)")
    if names is not None and len(names) != len(read):
        raise SetupError(f"give one name per hand: {len(names)} names for {len(read)} hands")
    clauses = _Clauses(names or [f"seat {s}" for s in range(len(read))])
    seat = _DECIDERS[rule](read, clauses)
    points = 0 if seat is None else BLOCKED_POINTS[rule]
    tail = "nobody scores" if seat is None else f"{clauses.names[seat]} scores {points}"
    clauses.append(f"{BLOCKED_NAMES[rule]} rule: {tail}")
    return Blocked(seat, points, tuple(Reason("BE-END-BLOCKED", c) for c in clauses))


class _Clauses(list[str]):
    """The clauses applied so far, and the seats' names to write them with."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__()
        self.names = list(names)

    def seats(self, seats: Sequence[int]) -> str:
        """The seats' names, joined with commas."""
        return ", ".join(self.names[s] for s in seats)


def pips(hand: Sequence[Tile]) -> int:
    """The pips left in a hand."""
    return sum(t.pips for t in hand)


def doubles(hand: Sequence[Tile]) -> list[Tile]:
    """The doubles in a hand."""
    return [t for t in hand if t.is_double]


def _lowest(seats: Sequence[int], key: dict[int, int], what: str, clauses: _Clauses) -> int | None:
    """The seat with the lowest ``key`` among ``seats``, or None on a tie for lowest."""
    best = min(key[s] for s in seats)
    low = [s for s in seats if key[s] == best]
    listing = ", ".join(f"{clauses.names[s]} {key[s]}" for s in seats)
    if len(low) > 1:
        clauses.append(f"{what}: {listing} — a tie for the lowest")
        return None
    clauses.append(f"{what}: {listing} — {clauses.names[low[0]]} is lowest")
    return low[0]


def _simple(hands: Read, clauses: _Clauses) -> int | None:
    totals = {s: pips(h) for s, h in enumerate(hands)}
    return _lowest(list(totals), totals, "pips in hand", clauses)


def _american(hands: Read, clauses: _Clauses) -> int | None:
    seats = list(range(len(hands)))
    free = [s for s in seats if not doubles(hands[s])]
    totals = {s: pips(hands[s]) for s in seats}
    if len(free) == 1:
        clauses.append(f"(a) only {clauses.names[free[0]]} holds no double: it wins")
        return free[0]
    if len(free) == len(seats):
        clauses.append("(b) nobody holds a double: the lowest pip total wins")
        return _lowest(seats, totals, "pips in hand", clauses)
    if free:
        clauses.append(
            f"(gap) {clauses.seats(free)} hold no double: the lowest pip total among them wins"
        )
        return _lowest(free, totals, "pips in hand", clauses)
    counts = {s: len(hands[s]) for s in seats}
    clauses.append("(c) every seat holds a double: the fewest tiles wins, pips not counted")
    fewest = _lowest(seats, counts, "tiles in hand", clauses)
    if fewest is not None:
        return fewest
    low = {s: min(t.high for t in doubles(hands[s])) for s in seats}
    clauses.append("(d) a tie, and everyone holds a double: the lowest double wins")
    return _lowest(seats, low, "lowest double held", clauses)


def _german(hands: Read, clauses: _Clauses) -> int | None:
    seats = list(range(len(hands)))
    totals = {s: pips(hands[s]) for s in seats}
    free = [s for s in seats if not doubles(hands[s])]
    if len(free) == 1:
        clauses.append(f"only {clauses.names[free[0]]} holds no double: it wins")
        return free[0]
    if free:
        clauses.append(f"{clauses.seats(free)} hold no double: fewest pips among them")
        return _lowest(free, totals, "pips in hand", clauses)
    counts = {s: len(doubles(hands[s])) for s in seats}
    best = min(counts.values())
    fewest = [s for s in seats if counts[s] == best]
    listing = ", ".join(f"{clauses.names[s]} {counts[s]}" for s in seats)
    if len(fewest) == 1:
        clauses.append(f"doubles held: {listing} — {clauses.names[fewest[0]]} holds the fewest")
        return fewest[0]
    clauses.append(f"doubles held: {listing} — a tie: fewest pips among the tied seats")
    return _lowest(fewest, totals, "pips in hand", clauses)


def _hoyle(hands: Read, clauses: _Clauses) -> int | None:
    seats = list(range(len(hands)))
    free = [s for s in seats if not doubles(hands[s])]
    if free:
        clauses.append("the lowest pip total among the hands without a double wins")
        return _lowest(free, {s: pips(hands[s]) for s in free}, "pips in hand", clauses)
    clauses.append("every hand holds a double: pip totals are compared leaving the doubles out")
    plain = {s: sum(t.pips for t in hands[s] if not t.is_double) for s in seats}
    return _lowest(seats, plain, "pips without doubles", clauses)


_DECIDERS = {"simple": _simple, "american": _american, "german": _german, "hoyle": _hoyle}
