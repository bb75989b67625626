"""The ``sim-compare`` kind: two variants measured by seeded simulation (measured once and
stored: :mod:`gupai_learn.puzzles.measured`)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gupai_learn.puzzles.kinds.entry import Entry
from gupai_learn.puzzles.kinds.speak import correct, incorrect
from gupai_learn.puzzles.model import Feedback, LazySolution, Puzzle, Solution
from gupai_learn.verdict import Reason


@dataclass(frozen=True)
class SimVariant:
    """One side of a sim-compare puzzle: its ``label`` (a choice), the Rules ``options``, the
    ``players`` (a kind for every seat, one per seat, or ``"any-move"``: players choosing
    among every legal move, :class:`gupai_learn.variants.AnyMovePlayer`) and, if the two
    sides measure different columns of the same deals, its own ``column``."""

    label: str
    options: Mapping[str, Any] = field(default_factory=dict)
    players: object = "heuristic"
    column: str = ""


class MeasuredSolution(LazySolution):
    """A solution found from the measurement the first time it is asked for (loading a bank
    plays no deal)."""


def _measure(game: str, side: SimVariant, e: Mapping[str, Any]) -> Any:
    """The estimate of the side's column over the entry's seeded deals played under ``side``
    (only the deals where the entry's ``where`` column is true, if it names one)."""
    from gupai_learn import plots, variants  # simulations sit above the puzzles: import late
    from gupai_learn.games import GAMES

    rules = GAMES[game].Rules(**side.options)
    count = GAMES[game].table_size(rules)  # the players the rules seat
    players = side.players
    if players == "any-move":  # every legal move, charity leads included
        players = [variants.AnyMovePlayer()] * count
    elif isinstance(players, str):
        players = [players] * count
    deals, seed = e["deals"], e["seed"]
    rows = variants.run(game, rules=rules, players=players, deals=deals, seed=seed, progress=False)
    if e.get("where"):
        rows = rows[rows[e["where"]]]
    values = list(rows[side.column or e["column"]])
    if all(isinstance(v, bool) or type(v).__name__ == "bool_" for v in values):
        return plots.proportions({side.label: values})[0]
    return plots.means({side.label: values})[0]


def sim_compare(e: Entry) -> Puzzle:
    """Choice: under which of two variants is ``column`` (a share or an average of
    :func:`gupai_learn.variants.run`'s rows, or each side's own ``column``) higher — or ``same``
    when the two 95% intervals overlap. Played on ``deals`` deals from ``seed`` (the entry's
    ``game``, else the bank's), counting only the deals where ``where`` is true if given."""
    game = str(e.data.get("game", e.game.name))
    sides = [SimVariant(**v) for v in e["variants"]]
    same = str(e.data.get("same", "about the same"))
    rule = e["rules"][0]

    def measured() -> Solution:
        # measured once and stored (gupai_learn.puzzles.measured): Check plays no deal
        from gupai_learn.puzzles.measurements import lookup  # numpy: only when checked

        found = lookup(e["id"], e.data, e.bank["game"]) or [
            _measure(game, s, e.data) for s in sides
        ]
        apart = found[0].low > found[1].high or found[1].low > found[0].high
        truth = max(found, key=lambda f: f.value).label if apart else same
        said = "; ".join(str(f) for f in found)
        verdict = "the intervals do not overlap" if apart else "the intervals overlap"
        why = Reason(rule, f"Measured on {e['deals']:,} seeded deals: {said} — {verdict}.")
        return Solution(truth, f"{truth}: {verdict}.", (why,))

    solution = MeasuredSolution(measured)

    def check(answer: object) -> Feedback:
        if answer == solution.answer:
            return correct("Right, as the simulation shows.", solution.reasons)
        # the measurement is the solution: a wrong choice is sent back to the intervals
        look = "Compare the two 95% intervals: if they overlap, neither side is shown higher."
        said = f"Not {answer}: that is not what the measurements show."
        return incorrect(said, [Reason(rule, look)])

    choices = (*(s.label for s in sides), same)
    picture = _versus([s.label for s in sides], str(e.data.get("measure", "")))
    return e.puzzle("choice", check, solution, picture, choices=choices)


def _versus(labels: Sequence[str], what: str) -> str:
    """Two boxes, one per variant, with a question mark between (the answer is not drawn)."""
    boxes = []
    for i, label in enumerate(labels):
        x = 10 + i * 250
        boxes.append(
            f'<rect x="{x}" y="30" width="200" height="50" rx="8" fill="#f6efe6" '
            f'stroke="#8c2d19"/><text x="{x + 100}" y="60" text-anchor="middle" '
            f'font-size="14">{html.escape(label)}</text>'
        )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="470" height="90" '
        'font-family="sans-serif">'
        f'<text x="235" y="18" text-anchor="middle" font-size="13">{html.escape(what)}</text>'
        + "".join(boxes)
        + '<text x="235" y="62" text-anchor="middle" font-size="22">?</text></svg>'
    )
