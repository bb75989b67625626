"""Settlement: who pays whom at the end of a deal, line by line, each line with its rules.

Every game's ``deal.settle()`` returns a :class:`Settlement`. In a game played for chips,
``payments`` is the net result per seat and ``lines`` the explained breakdown a learner reads
("West pays East 6: 4 - 1 columns, banker double"); payments always sum to zero. In a game
played for points (Bergen), ``awards`` say who scored what and why ("East scores 2: a double
header"), ``scores`` adds them up per seat, and nobody pays anybody. ``results`` is whichever
of the two the game counts, so a :class:`~gupai_learn.engine.match.Match` can add it up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Payment:
    """One explained payment: ``payer`` gives ``amount`` to ``payee`` (seat numbers)."""

    payer: int
    payee: int
    amount: int
    text: str
    rules: tuple[str, ...] = ()

    def describe(self, names: Sequence[str]) -> str:
        """A sentence naming the seats: "West pays East 6: 4 - 1 columns (TG-PAY-PAR)"."""
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{names[self.payer]} pays {names[self.payee]} {self.amount}: {self.text}{rules}"


@dataclass(frozen=True)
class Award:
    """Points scored: ``seat`` scores ``points`` (a points game such as Bergen)."""

    seat: int
    points: int
    text: str
    rules: tuple[str, ...] = ()

    def describe(self, names: Sequence[str]) -> str:
        """A sentence naming the seat: "East scores 2: a double header (BE-HEADER-DOUBLE)"."""
        rules = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{names[self.seat]} scores {self.points:+d}: {self.text}{rules}"


@dataclass(frozen=True)
class Settlement:
    """The result of a deal: net ``payments`` per seat and the explained ``lines``.

    ``outcome`` is a one-line headline ("South wins the hand with the last trick");
    ``notes`` are explanations that move no chips (multipliers, exceptions that applied).
    ``game_winner`` is the seat that won the whole game with this deal (Bagchen's big slam):
    a :class:`~gupai_learn.engine.match.Match` ends there. None (every other deal): play goes on.
    """

    seat_names: tuple[str, ...]
    lines: tuple[Payment, ...]
    outcome: str = ""
    notes: tuple[str, ...] = ()
    awards: tuple[Award, ...] = ()
    unit: str = "chip"
    game_winner: int | None = None

    @classmethod
    def from_lines(
        cls,
        seat_names: Sequence[str],
        lines: Iterable[Payment],
        outcome: str = "",
        notes: Iterable[str] = (),
        *,
        game_winner: int | None = None,
    ) -> Settlement:
        """Build a settlement of chip payments, dropping zero-amount lines."""
        kept = tuple(p for p in lines if p.amount != 0)
        return cls(tuple(seat_names), kept, outcome, tuple(notes), game_winner=game_winner)

    @classmethod
    def from_awards(
        cls,
        seat_names: Sequence[str],
        awards: Iterable[Award],
        outcome: str = "",
        notes: Iterable[str] = (),
    ) -> Settlement:
        """Build a settlement of points scored, dropping zero awards."""
        kept = tuple(a for a in awards if a.points != 0)
        return cls(tuple(seat_names), (), outcome, tuple(notes), kept, "point")

    @property
    def scores(self) -> tuple[int, ...]:
        """Points scored per seat (all zero in a chips game)."""
        total = [0] * len(self.seat_names)
        for a in self.awards:
            total[a.seat] += a.points
        return tuple(total)

    @property
    def results(self) -> tuple[int, ...]:
        """What the game counts per seat: points scored, or net chips."""
        return self.scores if self.unit == "point" else self.payments

    @property
    def payments(self) -> tuple[int, ...]:
        """Net chips won (+) or lost (-) per seat; the sum is zero."""
        net = [0] * len(self.seat_names)
        for p in self.lines:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return tuple(net)

    def __repr__(self) -> str:
        pairs = zip(self.seat_names, self.results, strict=True)
        shown = ", ".join(f"{n} {v:+d}" for n, v in pairs)
        return f"<Settlement in {self.unit}s: {shown}>"

    def __str__(self) -> str:
        out = [self.outcome] if self.outcome else []
        out += [f"  {p.describe(self.seat_names)}" for p in self.lines]
        out += [f"  {a.describe(self.seat_names)}" for a in self.awards]
        out += [f"  note: {n}" for n in self.notes]
        pairs = zip(self.seat_names, self.results, strict=True)
        if self.unit == "point":
            out.append("  scores: " + ", ".join(f"{n} {v:+d}" for n, v in pairs))
        else:
            out.append("  net: " + ", ".join(f"{n} {v:+d}" for n, v in pairs))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from gupai_learn.render import settlement_html

        return settlement_html(self)
