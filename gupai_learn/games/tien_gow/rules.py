"""Tien Gow options (rules/tien_gow.md). The defaults are the ruling's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gupai_learn.engine.options import check, named_options, option_table

Direction = Literal["counter-clockwise", "clockwise"]
Streak = Literal["off", "wins", "hands"]


@named_options
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
      has his end payments multiplied by his number of consecutive wins, on top of the banker
      double; ``"hands"``: in his n-th consecutive hand as banker, win or lose, the banker's
      end payments are multiplied by n + 1 *instead of* the banker double: ×2 in his first
      hand (the plain double), ×3 in the second, ×4 in the third, so a banker who loses with
      1 column in his 2nd hand pays 3 × 3 = 9. Neither version touches trick payments. The
      count comes from ``Deal(banker_streak=...)``, counted as each version counts: with
      ``"wins"`` the banker's wins in a row before this hand (the win that gave him the bank
      included; 0 for a first banker drawn by lot), so ``banker_streak=1`` and a win is his
      second in a row (×2); with ``"hands"`` the hands he has already held the bank in a row.
      ``Match`` keeps the count from deal to deal.

    Every option is checked when the rules are made: a switch must be ``True`` or ``False``
    (not ``"no"`` or ``0``), ``zero_column_payment`` the whole number 5 or 4, and a named
    choice one of its names; anything else raises :class:`ValueError` naming the option, the
    value given, what is allowed and the rule id.
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
        check(self, RULE_IDS, _NUMBERS)


#: The rule id behind each option (rules/tien_gow.md).
RULE_IDS: dict[str, str] = {
    "mixed_sets": "TG-LEAD-CLASS",
    "direction": "TG-DEAL",
    "zero_column_payment": "TG-PAY-ZERO",
    "trick_payments": "TG-TRICKPAY",
    "last_trick_bonus": "TG-PAY-LAST",
    "complete_game_bonus": "TG-PAY-ALL",
    "complete_game_exception": "TG-PAY-ALL-EXCEPTION",
    "early_death": "TG-EARLY-DEATH",
    "big_six_captures": "TG-CAPTURE",
    "one_red_dot": "TG-RED-DOT",
    "banker_streak": "TG-STREAK",
}

#: Allowed values of the options that are neither switches nor named choices.
_NUMBERS: dict[str, tuple[int, ...]] = {"zero_column_payment": (5, 4)}


#: Per option: (exact type, allowed values, rule id); checked by ``Rules.__post_init__``.
OPTIONS = option_table(Rules, tuple(RULE_IDS.items()), tuple(_NUMBERS.items()))
