"""Golden playthroughs of Bergen: seeded rounds played by the bots, written as text (the deal
and boneyard, each move in Move notation with its verdict and the points it scored, the line at
the end, the ending, the transcript and the settlement) and diffed against ``tests/golden/``.
Regenerate after a reviewed change with
``GUPAI_UPDATE_GOLDEN=1 pytest tests/games/bergen/test_golden.py``."""

from __future__ import annotations

import pytest

from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES, bergen
from tests.golden_files import as_text, check_golden, closing, played_out

#: name: (seed, rules, players' kind, match score before the round); one round ends with a
#: domino, one is blocked, one stops when a seat reaches the target.
CASES: dict[str, tuple[int, bergen.Rules, str, tuple[int, ...] | None]] = {
    "bergen_seed_1": (1, bergen.Rules(), "heuristic", None),
    "bergen_seed_5_three_random": (5, bergen.Rules(players=3), "random", None),
    "bergen_seed_54_four_blocked_american": (
        54,
        bergen.Rules(players=4, blocked_rule="american", reserved=0),
        "heuristic",
        None,
    ),
    "bergen_seed_4_target": (4, bergen.Rules(), "heuristic", (13, 12)),
}


def playthrough(seed: int, rules: bergen.Rules, bot: str, scores: tuple[int, ...] | None) -> str:
    """The round as text, move by move, then how it ended and what it scored."""
    deal = bergen.Deal.random(seed=seed, rules=rules, scores=scores)
    players = [GAMES["bergen"].bot(bot, seed=seed + s) for s in range(rules.players)]
    out = [f"seed {seed}, {bot} players, {rules}, scores before {deal.scores}", str(deal)]
    out += [f"boneyard {deal.boneyard}", ""]
    seen = [0]  # awards already written

    def note(deal: bergen.Deal, move: Move, drawn: object) -> list[str]:
        new = deal.awards[seen[0] :]
        seen[0] = len(deal.awards)
        lines = [f"  drew {drawn}"] if move.kind == "draw" else []
        return lines + [f"  {a.describe(deal.seat_names)}" for a in new]

    out += played_out(deal, lambda deal: players[deal.turn].choose(deal), note)
    start = deal.restart()
    replay = bergen.Deal.from_script(
        start.hands, deal.history, rules=rules, boneyard=start.boneyard, scores=start.scores
    )
    assert replay.transcript() == deal.transcript() and replay.totals == deal.totals
    out += ["", str(deal), "", f"ending: {deal.ending}, totals {deal.totals}"]
    if deal.blocked is not None:
        out += [str(clause) for clause in deal.blocked.clauses]
    return as_text(out + closing(deal))


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    check_golden(name, playthrough(*CASES[name]))
