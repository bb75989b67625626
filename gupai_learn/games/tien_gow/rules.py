"""Tien Gow options (rules/tien_gow.md). The defaults are the ruling's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Direction = Literal["counter-clockwise", "clockwise"]
Streak = Literal["off", "wins", "hands"]


@dataclass(frozen=True)
class Rules:
    """Every option of the Tien Gow ruling, frozen; ``Rules()`` is the ruling's default game.

    - ``mixed_sets`` (TG-LEAD-CLASS): mixed pairs, triplets and quartets allowed; off = the
      historical game with singles, civil pairs, military pairs and the Supreme pair only.
    - ``direction`` (TG-DEAL): where the next seat sits; seats are always numbered in the
      direction of play, so this changes the drawing of the table, not the rules.
    - ``zero_column_payment`` (TG-PAY-ZERO): what a player with no column pays (5, or 4).
    - ``trick_payments`` (TG-TRICKPAY): Supreme-pair and quartet tricks collect at once.
    - ``last_trick_bonus`` (TG-PAY-LAST), ``complete_game_bonus`` (TG-PAY-ALL),
      ``complete_game_exception`` (TG-PAY-ALL-EXCEPTION), ``early_death`` (TG-EARLY-DEATH),
      ``big_six_captures`` (TG-CAPTURE): on by default.
    - ``one_red_dot`` (TG-RED-DOT): off by default.
    - ``banker_streak`` (TG-STREAK): ``"off"`` (default); ``"wins"``: a banker who wins again
      has his end payments multiplied by his number of consecutive wins; ``"hands"``: in the
      banker's n-th consecutive hand after the first, all his end payments are multiplied by
      n + 1, win or lose. The count comes from ``Deal(banker_streak=...)``.
    """

    mixed_sets: bool = True
    direction: Direction = "counter-clockwise"
    zero_column_payment: int = 5
    trick_payments: bool = True
    last_trick_bonus: bool = True
    complete_game_bonus: bool = True
    complete_game_exception: bool = True
    early_death: bool = True
    big_six_captures: bool = True
    one_red_dot: bool = False
    banker_streak: Streak = "off"

    def __post_init__(self) -> None:
        if self.direction not in ("counter-clockwise", "clockwise"):
            raise ValueError(
                f"direction={self.direction!r}: choose 'counter-clockwise' or 'clockwise' (TG-DEAL)"
            )
        if self.zero_column_payment not in (4, 5):
            raise ValueError(
                f"zero_column_payment={self.zero_column_payment!r}: choose 5 or 4 (TG-PAY-ZERO)"
            )
        if self.banker_streak not in ("off", "wins", "hands"):
            raise ValueError(
                f"banker_streak={self.banker_streak!r}: choose 'off', 'wins' or 'hands' (TG-STREAK)"
            )
