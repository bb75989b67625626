"""What a finished Bagchen deal tells a simulation (``GameInfo.events``) and what chapter 07's
rule lab measures (``GameInfo.measures``), design.md §9.

Rule ids (rules/bagchen.md): BG-PASSPORT, BG-PAY-JUMP, BG-SLAM, BG-CHARITY.

    >>> from gupai_learn.bots import RandomPlayer, play_out
    >>> from gupai_learn.games.bagchen import Deal
    >>> deal = play_out(Deal.random(seed=3), [RandomPlayer(s) for s in range(4)])
    >>> sorted(events(deal))[:3]
    ['big_slam', 'charity_leads', 'jump']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gupai_learn.engine.game import Measure
from gupai_learn.games.bagchen.settle import is_slam, jump
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.bagchen.deal import Deal

__all__ = ["MEASURES", "events"]


def events(deal: Deal) -> dict[str, object]:
    """The events of a finished deal, one flat value each.

    - ``passports``: seats with six tricks or more (BG-PASSPORT);
    - ``jump`` and ``jump_points``: the deal ended in a run of point leads, and their points
      (BG-PAY-JUMP); ``big_slam``: the winner took all 16 tricks (BG-SLAM);
    - ``charity_leads``: face-down leads (BG-CHARITY); ``winner_tricks``: the winner's tricks.
    """
    if not deal.is_over:
        raise SetupError("events() needs a finished deal (BG-PAY-NORMAL)")
    points, _ = jump(deal)
    won = tuple(deal.won)
    return {
        "passports": sum(deal.passport(s) for s in range(len(won))),
        "jump": points > 0,
        "jump_points": points,
        "big_slam": is_slam(deal),
        "charity_leads": sum(not t.plays[0].face_up for t in deal.tricks),
        "winner_tricks": won[deal.winner] if deal.winner is not None else 0,
    }


#: What the rule lab compares in Bagchen.
MEASURES = (
    Measure("deals ending in a jump", "jump"),
    Measure("deals with a big slam", "big_slam"),
    Measure("players with a passport, per deal", "passports", share=False),
    Measure("face-down (charity) leads, per deal", "charity_leads", share=False),
)
