"""Settlement: who pays whom at the end of a deal, line by line, each line with its rules.

Every game's ``deal.settle()`` returns a :class:`Settlement`. ``payments`` is the net result per
seat; ``lines`` is the explained breakdown a learner reads ("West pays East 6: 4 - 1 columns,
banker double"). Payments between players always sum to zero.
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
class Settlement:
    """The result of a deal: net ``payments`` per seat and the explained ``lines``.

    ``outcome`` is a one-line headline ("South wins the hand with the last trick");
    ``notes`` are explanations that move no chips (multipliers, exceptions that applied).
    """

    seat_names: tuple[str, ...]
    lines: tuple[Payment, ...]
    outcome: str = ""
    notes: tuple[str, ...] = ()

    @classmethod
    def from_lines(
        cls,
        seat_names: Sequence[str],
        lines: Iterable[Payment],
        outcome: str = "",
        notes: Iterable[str] = (),
    ) -> Settlement:
        """Build a settlement, dropping zero-amount lines."""
        kept = tuple(p for p in lines if p.amount != 0)
        return cls(tuple(seat_names), kept, outcome, tuple(notes))

    @property
    def payments(self) -> tuple[int, ...]:
        """Net chips won (+) or lost (-) per seat; the sum is zero."""
        net = [0] * len(self.seat_names)
        for p in self.lines:
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return tuple(net)

    def __str__(self) -> str:
        out = [self.outcome] if self.outcome else []
        out += [f"  {p.describe(self.seat_names)}" for p in self.lines]
        out += [f"  note: {n}" for n in self.notes]
        nets = ", ".join(f"{n} {v:+d}" for n, v in zip(self.seat_names, self.payments, strict=True))
        out.append(f"  net: {nets}")
        return "\n".join(out)

    def _repr_html_(self) -> str:
        from gupai_learn.render import settlement_html

        return settlement_html(self)
