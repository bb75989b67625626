"""What a finished Tien Gow hand tells a simulation (``GameInfo.events``) and what chapter 07's
rule lab measures (``GameInfo.measures``), design.md §9.

Rule ids (rules/tien_gow.md): TG-EARLY-DEATH, TG-DEAL, TG-STREAK, TG-PAY-ALL, TG-RED-DOT.

    >>> from gupai_learn.bots import RandomPlayer, play_out
    >>> from gupai_learn.games.tien_gow import Deal
    >>> deal = play_out(Deal.random(seed=3), [RandomPlayer(s) for s in range(4)])
    >>> sorted(events(deal))[:4]
    ['banker', 'banker_dead', 'banker_streak', 'banker_won']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.engine.game import Measure
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.tien_gow.deal import Deal

__all__ = ["MEASURES", "columns_before_last", "events"]

SEATS = 4
ALL_COLUMNS = 8


def columns_before_last(deal: Deal) -> tuple[int, ...] | None:
    """Columns per seat when the last trick was led; None when the hand had no last single
    trick (a larger last trick, or a hand won at once by one red dot)."""
    last = deal.last_trick
    if deal.red_dot_seat is not None or last is None or last.size != 1:
        return None
    before = list(deal.columns)
    before[last.winner] -= last.size
    return tuple(before)


def events(deal: Deal) -> dict[str, object]:
    """The events of a finished hand, one flat value each.

    - ``early_death``: TG-EARLY-DEATH struck: the rule is on and at least one seat had no column
      when the last (single) trick was led, so it had to play its last tile face down;
      ``early_deaths`` counts those seats and ``dead_<seat>`` marks each of them;
    - ``no_column_at_last``: seats with no column when the last single trick was led, whether
      the rule is on or off (with it off they may still win the last trick);
    - ``banker``, ``banker_streak`` (TG-DEAL, TG-STREAK), ``banker_won``, ``banker_dead``;
    - ``columns_<seat>``: columns won; ``complete_game``: the winner took all 8 (TG-PAY-ALL);
    - ``red_dot``: the hand was won at once by one red dot (TG-RED-DOT).
    """
    if not deal.is_over:
        raise SetupError("events() needs a finished hand (TG-EARLY-DEATH)")
    before = columns_before_last(deal)
    bare = [before is not None and before[s] == 0 for s in range(SEATS)]
    dead = [b and deal.rules.early_death for b in bare]
    columns = deal.columns if deal.red_dot_seat is None else _red_dot_columns(deal)
    row: dict[str, object] = {
        "early_death": any(dead),
        "early_deaths": sum(dead),
        "no_column_at_last": sum(bare),
        "banker": deal.banker,
        "banker_streak": deal.banker_streak,
        "banker_won": deal.winner == deal.banker,
        "banker_dead": dead[deal.banker],
        "complete_game": max(columns) == ALL_COLUMNS,
        "red_dot": deal.red_dot_seat is not None,
    }
    row.update({f"dead_{s}": dead[s] for s in range(SEATS)})
    row.update({f"columns_{s}": columns[s] for s in range(SEATS)})
    return row


def _red_dot_columns(deal: Deal) -> tuple[int, ...]:
    """TG-RED-DOT: the holder is paid as if he took all 8 columns."""
    return tuple(ALL_COLUMNS if s == deal.red_dot_seat else 0 for s in range(SEATS))


#: What the rule lab compares in Tien Gow.
MEASURES = (
    Measure("hands with an early death", "early_death"),
    Measure("hands the banker wins", "banker_won"),
    Measure("chips won by East, the banker", "pay_0", share=False),
    Measure("hands won with all 8 columns", "complete_game"),
)
