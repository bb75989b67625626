"""Defects found by a 50,000-deal random run and by bad input (issue 25), one test each: every
one of them failed before its fix."""

from __future__ import annotations

import decimal
from typing import Any

import numpy as np
import pytest

import gupai_learn as gl
from gupai_learn import sim
from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES, bagchen, ding_niu, tien_gow
from tests.registry import every_game

DOCUMENTED = (gl.IllegalPlayError, gl.InvalidNotationError, gl.AmbiguousPlayError)
#: A Bagchen deal in which West, holding a passport, is to lead (issue 25's script).
PASSPORT_SCRIPT = [
    "[5:3]",
    "down:[4:1]",
    "down:[2:2]",
    "[6:3]",
    "[6:4][6:4]",
    "down:[6:1][2:1]",
    "down:[6:1][5:3]",
    "down:[5:5][6:3]",
    "[5:4]",
    "down:[6:4]",
    "down:[6:5]",
    "down:[6:5]",
    "[6:1][6:1]",
    "down:[6:6][3:2]",
    "down:[4:4][4:4]",
    "down:[6:6][2:1]",
]
HUGE = "x" * 1_000_000


def _state(deal: Any) -> tuple[Any, ...]:
    return (deal.history, deal.hands, deal.turn, deal.is_over)


def test_a_passport_holder_naming_a_tile_he_lacks_is_judged() -> None:
    deal = bagchen.Deal.random(seed=0)
    for move in PASSPORT_SCRIPT:
        deal.apply(move)
    assert deal.won[deal.turn] >= 3  # he holds a passport
    verdict = deal.judge("[6:6]")
    assert not verdict.ok and "not in" in str(verdict)
    before = _state(deal)
    with pytest.raises(gl.IllegalPlayError):
        deal.apply("[6:6]")
    assert _state(deal) == before


@pytest.mark.parametrize("name", every_game())
@pytest.mark.parametrize(
    "move",
    [Move("play", None), Move("play", 5), Move("fly", ()), Move("play", (), end="up")],  # type: ignore[arg-type]
    ids=["none", "int", "kind", "end"],
)
def test_a_hand_built_move_is_judged_and_refused(name: str, move: Move) -> None:
    deal = GAMES[name].Deal.random(seed=1)
    verdict = deal.judge(move)
    assert not verdict.ok and verdict.reasons
    before = _state(deal)
    with pytest.raises(DOCUMENTED):
        deal.apply(move)
    assert _state(deal) == before


def test_bull_fight_apply_refuses_a_numpy_number() -> None:
    deal = ding_niu.Deal.random(seed=1)
    deal.legal_moves()
    with pytest.raises(DOCUMENTED):
        deal.apply(np.int64(1))


def test_bull_fight_refuses_four_empty_hands() -> None:
    with pytest.raises(ValueError, match="DN-DEAL"):
        ding_niu.Deal([[], [], [], []])


@pytest.mark.parametrize("rules", [0, "", [], False])
def test_bagchen_refuses_falsy_rules(rules: Any) -> None:
    with pytest.raises(ValueError, match="rules="):
        bagchen.Deal.random(seed=0, rules=rules)
    with pytest.raises(ValueError, match="rules="):
        bagchen.Deal(["[6:6]", "[1:1]", "[2:2]", "[3:3]"], rules=rules)


@pytest.mark.parametrize("value", [1.0, decimal.Decimal(1), np.int64(1), np.bool_(True), 1])
def test_tien_gow_first_lead_flag_is_a_bool(value: Any) -> None:
    with pytest.raises(ValueError, match="first_lead_unbeatable"):
        tien_gow.Deal.random(seed=0, first_lead_unbeatable=value)
    deal = tien_gow.Deal.random(seed=0, first_lead_unbeatable=True)
    assert deal.first_lead_unbeatable() is True


@pytest.mark.parametrize("name", every_game())
def test_a_solver_refuses_another_games_deal(name: str) -> None:
    info = GAMES[name]
    assert info.solve is not None
    for other in GAMES.values():
        if other is not info:
            with pytest.raises(TypeError, match=info.title):
                info.solve(other.Deal.random(seed=1), 0, max_nodes=10)


def test_a_search_counts_no_more_nodes_than_its_budget() -> None:
    result = tien_gow.solve(tien_gow.Deal.random(seed=1), 0, max_nodes=10)
    assert result.wins is None and result.nodes == 10


@pytest.mark.parametrize(
    ("kwargs", "accepted"),
    [
        ({"deals": 10**5000}, "deals=<an integer"),
        ({"deals": 2, "workers": 2**100}, "workers="),
        ({"deals": 2, "match": 10**5000}, "match="),
    ],
)
def test_sim_refuses_huge_numbers_saying_what_it_accepts(
    kwargs: dict[str, Any], accepted: str
) -> None:
    with pytest.raises(ValueError, match="from 1 to") as caught:
        sim.run("tien_gow", progress=False, **kwargs)
    assert str(caught.value).startswith(accepted)


@pytest.mark.parametrize("deals", ["abc", 0, -5, None, 2.5, 10**9])
def test_rule_lab_refuses_deals_it_cannot_run(deals: Any) -> None:
    from gupai_learn.widgets.rule_lab import RuleLab

    with pytest.raises(ValueError, match="deals=.*from 10 to 20,000"):
        RuleLab("ding_niu", deals=deals, progress=False)


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "call",
    [
        lambda bad: gl.reference(bad),
        lambda bad: gl.Match(game=bad),
        lambda bad: sim.run(game=bad, deals=1, progress=False),
        lambda bad: gl.puzzles.bank(bad) if isinstance(bad, str) else gl.reference(bad),
        lambda bad: bagchen.Deal.random(seed=0, point=bad),
    ],
    ids=["reference", "Match", "sim", "bank", "point"],
)
@pytest.mark.parametrize("bad", [HUGE, _nested(5000)], ids=["1MB", "deep"])
def test_huge_input_is_shortened_in_messages(call: Any, bad: Any) -> None:
    with pytest.raises(ValueError) as caught:
        call(bad)
    assert len(str(caught.value)) < 400
