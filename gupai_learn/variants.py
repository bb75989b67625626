"""What chapter 07 measures: one ``events`` function per game for :func:`gupai_learn.sim.run`,
the measures the rule lab offers, and a side-by-side comparison of two variants (design.md §9).

Tien Gow reports its own events (``GameInfo.events``: early deaths, the banker...). For every
game the functions here add ``won_<seat>`` (who won the deal); for the other games they read a
finished deal and return flat columns:

- Bagchen (rules/bagchen.md): ``passports`` (seats with six tricks or more, BG-PASSPORT),
  ``jump`` and ``jump_points`` (BG-PAY-JUMP), ``big_slam`` (BG-SLAM), ``charity_leads``
  (face-down leads, BG-CHARITY), ``winner_tricks``;
- Bull Fight (rules/ding_niu.md): ``fish`` and ``fish_kind`` (DN-FISH-CLASSIC,
  DN-FISH-SMOTHERED), ``smothered``, ``blocker`` and ``blocker_wins`` (DN-FISH-BLOCKER),
  ``fish_<kind>`` for every kind;
- Bergen (rules/bergen.md): ``ending``, ``blocked`` (BE-END-BLOCKED), ``opener`` (BE-OPEN) and
  ``opener_points``, ``opener_best``; for a blocked round, ``<rule>_winner`` under each of the
  four blocked-round rules on the same final hands, who held the fewest tiles or pips,
  ``<rule>_to_fewest_tiles`` (the rule gives the round to the only seat with fewest tiles)
  and ``<rule>_nobody`` (a blocked round nobody scores);
- Tet-Gow (rules/tet_gow.md): ``leader`` (the first leader, TT-DEAL), ``leader_wins`` and
  ``leader_score`` (TT-SCORE, TT-THREE).

    >>> from gupai_learn import sim, variants
    >>> rows = sim.run("ding_niu", deals=20, seed=1, progress=False, events=variants.ding_niu)
    >>> "fish_kind" in rows.columns
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gupai_learn import plots, sim
from gupai_learn.verdict import SetupError

__all__ = [
    "AnyMovePlayer",
    "BLOCKED_RULES",
    "EVENTS",
    "FISH_KINDS",
    "MEASURES",
    "Measure",
    "bagchen",
    "bergen",
    "compare",
    "ding_niu",
    "run",
    "seat_wins",
    "tet_gow",
    "tien_gow",
]

#: The four blocked-round rules of Bergen (BE-END-BLOCKED), in the ruling's order.
BLOCKED_RULES = ("simple", "american", "german", "hoyle")
#: The kinds of fish of the two-armed game (DN-FISH-CLASSIC, DN-FISH-SMOTHERED).
FISH_KINDS = ("ones", "two-three", "fours", "fives", "smothered-fours", "smothered-fives")


# ----- events per game -------------------------------------------------------------------------
def seat_wins(deal: Any) -> dict[str, bool]:
    """``won_<seat>``: whether each seat won the deal (every game)."""
    winner = getattr(deal, "winner", None)
    return {f"won_{s}": winner == s for s in range(len(deal.hands))}


def tien_gow(deal: Any) -> dict[str, Any]:
    """Tien Gow's own events come from its GameInfo; this adds who won."""
    return seat_wins(deal)


def bagchen(deal: Any) -> dict[str, Any]:
    """Passports, jumps, big slams and charity leads of a finished Bagchen deal."""
    from gupai_learn.games.bagchen.settle import is_slam, jump

    points, _ = jump(deal)
    won = tuple(deal.won)
    return seat_wins(deal) | {
        "passports": sum(deal.passport(s) for s in range(len(won))),
        "jump": points > 0,
        "jump_points": points,
        "big_slam": is_slam(deal),
        "charity_leads": sum(not t.plays[0].face_up for t in deal.tricks),
        "winner_tricks": won[deal.winner] if deal.winner is not None else 0,
    }


def ding_niu(deal: Any) -> dict[str, Any]:
    """The fish of a finished Bull Fight deal: whether there was one, its kind, its blocker."""
    fish = deal.fish
    kind = fish.kind if fish is not None else ""
    row: dict[str, Any] = seat_wins(deal) | {
        "fish": fish is not None,
        "fish_kind": kind,
        "smothered": kind.startswith("smothered"),
        "blocker": fish.blocker if fish is not None else -1,
        "blocker_wins": fish is not None and fish.blocker == deal.winner,
    }
    row.update({f"fish_{k}": kind == k for k in FISH_KINDS})
    return row


def bergen(deal: Any) -> dict[str, Any]:
    """How a Bergen round ended; for a blocked round, the winner under each blocked-round rule
    (the engine's own ``decide_blocked``) on the same final hands."""
    from gupai_learn.games.bergen.settle import decide_blocked, pips

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


def tet_gow(deal: Any) -> dict[str, Any]:
    """The first leader of a finished Tet-Gow game, and how he did."""
    leader = deal.tricks[0].leader
    return seat_wins(deal) | {
        "leader": leader,
        "leader_wins": deal.winner == leader,
        "leader_score": deal.settle().results[leader],
    }


#: The events function of each game (Tien Gow's own are built into its GameInfo).
EVENTS: dict[str, Callable[[Any], dict[str, Any]] | None] = {
    "tien_gow": tien_gow,
    "bagchen": bagchen,
    "ding_niu": ding_niu,
    "bergen": bergen,
    "tet_gow": tet_gow,
}


class AnyMovePlayer:
    """A player who picks uniformly among *all* legal moves (``deal.legal_moves()``), so it
    also makes the moves the package's random player never makes, such as a Bagchen charity
    lead (a face-down lead with a call, BG-CHARITY)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, deal: Any) -> Any:
        """A random legal move."""
        moves = deal.legal_moves()
        return moves[self.rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "AnyMovePlayer()"


def run(game: str, **options: Any) -> Any:
    """:func:`gupai_learn.sim.run` with this module's events for ``game`` added."""
    return sim.run(game, events=EVENTS[game], **options)


# ----- measures --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    """A column to compare: a share of deals (``share``: true/false values) or an average."""

    label: str
    column: str
    share: bool = True

    def values(self, rows: Any) -> list[Any]:
        """The measured values of ``rows`` (a DataFrame)."""
        return list(rows[self.column])


#: What the rule lab can compare, per game.
MEASURES: dict[str, tuple[Measure, ...]] = {
    "tien_gow": (
        Measure("hands with an early death", "early_death"),
        Measure("hands the banker wins", "banker_won"),
        Measure("chips won by East, the banker", "pay_0", share=False),
        Measure("hands won with all 8 columns", "complete_game"),
    ),
    "bagchen": (
        Measure("deals ending in a jump", "jump"),
        Measure("deals with a big slam", "big_slam"),
        Measure("players with a passport, per deal", "passports", share=False),
        Measure("face-down (charity) leads, per deal", "charity_leads", share=False),
    ),
    "ding_niu": (
        Measure("deals ending in a fish", "fish"),
        Measure("smothered fish", "smothered"),
        Measure("deals the blocker wins", "blocker_wins"),
        Measure("fish of fours", "fish_fours"),
    ),
    "bergen": (
        Measure("blocked rounds", "blocked"),
        Measure("rounds the opener scores most", "opener_best"),
        Measure("points of the opener, per round", "opener_points", share=False),
    ),
    "tet_gow": (
        Measure("games the first leader wins", "leader_wins"),
        Measure("score of the first leader", "leader_score", share=False),
    ),
}


def measure(game: str, label: str) -> Measure:
    """The measure of ``game`` called ``label`` (ValueError names the ones there are)."""
    for found in MEASURES[game]:
        if found.label == label:
            return found
    known = "; ".join(m.label for m in MEASURES[game])
    raise SetupError(f"{label!r} is not a measure of {game}; choose one of: {known}")


def compare(
    game: str,
    variants: Mapping[str, Any],
    what: Measure | str,
    deals: int = 300,
    seed: int = 0,
    players: Any = "heuristic",
    **options: Any,
) -> tuple[plots.Chart, list[plots.Estimate]]:
    """Play the same seeded deals under each of ``variants`` (``{label: Rules}``) and chart
    ``what`` side by side, with its 95% intervals. ``players``: a kind, or a list (one per
    seat); a Rules with a ``players`` option seats that many. Returns the chart and the
    estimates (one per variant)."""
    found = measure(game, what) if isinstance(what, str) else what
    groups = {}
    for label, rules in variants.items():
        rows = run(game, rules=rules, players=players, deals=deals, seed=seed, **options)
        groups[label] = found.values(rows)
    draw = plots.proportion_bars if found.share else plots.mean_bars
    estimates = plots.proportions(groups) if found.share else plots.means(groups)
    return draw(groups, title=found.label, ylabel=found.label.split(",")[0]), estimates
