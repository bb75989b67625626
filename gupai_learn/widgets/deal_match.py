"""A game played to a target (``GameInfo.target``: Bergen's 15 or 10 points, BE-GAME) as the deal
player shows it: the match's scoreboard (seats × rounds, running totals, the target) and the
seat that has reached the target.
"""

from __future__ import annotations

from gupai_learn.engine.match import Match
from gupai_learn.engine.protocols import capable
from gupai_learn.engine.settlement import Settlement
from gupai_learn.widgets.deal_table import _text


def scoreboard_html(match: Match, current: Settlement | None = None) -> str:
    """A match's scoreboard: one row per seat, one column per round (``current``: the finished
    round not yet recorded, shown as the last column; a round still in play whose deal keeps
    ``round_points``, as Bergen's headers, shows them in a column "now"), the running totals
    and the target."""
    names = match.deal.seat_names
    rounds = [s.results for _, s in match.history]
    heads = [str(i) for i in range(1, len(rounds) + 1)]
    if current is not None:
        rounds.append(current.results)
        heads.append(str(len(rounds)))
    elif (scored := capable(match.deal, "scores_rounds")) is not None and not match.deal.is_over:
        rounds.append(tuple(scored.round_points))
        heads.append("now")
    totals = [sum(r[seat] for r in rounds) for seat in range(len(names))]
    head = "".join(f"<th scope='col'>{h}</th>" for h in heads)
    rows = "".join(
        f"<tr><th scope='row'>{_text(name)}</th>"
        + "".join(f"<td>{r[seat]}</td>" for r in rounds)
        + f"<td><b>{totals[seat]}</b></td></tr>"
        for seat, name in enumerate(names)
    )
    rule = f"{match.info.rule_prefix}-GAME"
    goal = f"Game to {match.target} points ({rule})" if match.target else "No target"
    return (
        f"<table class='gupai-scoreboard'><caption>{_text(goal)}</caption>"
        f"<tr><th scope='col'>seat</th>{head}<th scope='col'>total</th></tr>{rows}</table>"
    )


def match_winner(match: Match, current: Settlement | None = None) -> int | None:
    """The seat that has reached the match's target (counting ``current``, the finished round
    not yet recorded), the highest total first; None while nobody has."""
    if match.target is None:
        return None
    totals = list(match.totals)
    if current is not None:
        totals = [t + r for t, r in zip(totals, current.results, strict=True)]
    best = max(totals)
    return totals.index(best) if best >= match.target else None
