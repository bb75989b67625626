"""What a finished Bergen round tells a simulation (``GameInfo.events``) and what chapter 07's
rule lab measures (``GameInfo.measures``), design.md §9.

Rule ids (rules/bergen.md): BE-END-DOMINO, BE-END-BLOCKED, BE-OPEN.

    >>> from gupai_learn.bots import RandomPlayer, play_out
    >>> from gupai_learn.games.bergen import Deal
    >>> deal = play_out(Deal.random(seed=3), [RandomPlayer(s) for s in range(2)])
    >>> "hoyle_winner" in events(deal)
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gupai_learn.engine.game import Measure
from gupai_learn.games.bergen.settle import decide_blocked, pips
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.bergen.deal import Deal

__all__ = ["BLOCKED_RULES", "MEASURES", "events"]

#: The four blocked-round rules (BE-END-BLOCKED), in the order the rules list them.
BLOCKED_RULES = ("simple", "american", "german", "hoyle")


def events(deal: Deal) -> dict[str, object]:
    """How a finished round ended, one flat value each.

    - ``ending``, ``blocked`` (BE-END-BLOCKED); ``opener`` (BE-OPEN), ``opener_points`` and
      ``opener_best`` (the opener alone scored most);
    - for a blocked round, ``<rule>_winner`` under each of :data:`BLOCKED_RULES` on the same
      final hands (-1: nobody), the only seat with the ``fewest_tiles`` or ``fewest_pips``
      (-1: a tie or not blocked), ``<rule>_to_fewest_tiles`` (the rule gives the round to that
      seat) and ``<rule>_nobody`` (the rule gives a blocked round to nobody).
    """
    if not deal.is_over:
        raise SetupError("events() needs a finished round (BE-END-DOMINO, BE-END-BLOCKED)")
    opener = deal.seated_history[0][0]
    points = deal.round_points
    row: dict[str, Any] = {
        "ending": deal.ending,
        "blocked": deal.ending == "blocked",
        "opener": opener,
        "opener_points": points[opener],
        "opener_best": points[opener] == max(points) > sorted(points)[-2],
    }
    hands = [tuple(h) for h in deal.hands]
    for rule in BLOCKED_RULES:
        winner = decide_blocked(hands, rule).winner if row["blocked"] else None
        row[f"{rule}_winner"] = -1 if winner is None else winner
    row["fewest_tiles"] = _only_lowest([len(h) for h in hands]) if row["blocked"] else -1
    row["fewest_pips"] = _only_lowest([pips(h) for h in hands]) if row["blocked"] else -1
    for rule in BLOCKED_RULES:
        winner = row[f"{rule}_winner"]
        row[f"{rule}_to_fewest_tiles"] = winner >= 0 and winner == row["fewest_tiles"]
        row[f"{rule}_nobody"] = row["blocked"] and winner < 0
    return row


def _only_lowest(values: list[int]) -> int:
    """The seat with the lowest value, or -1 on a tie."""
    low = min(values)
    return values.index(low) if values.count(low) == 1 else -1


#: What the rule lab compares in Bergen.
MEASURES = (
    Measure("blocked rounds", "blocked"),
    Measure("rounds the opener scores most", "opener_best"),
    Measure("points of the opener, per round", "opener_points", share=False),
)
