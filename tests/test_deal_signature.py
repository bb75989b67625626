"""One Deal signature in every game (design.md §13): ``Deal(hands, rules=…, *, leader=…, …)``
and ``Deal.random(*, seed, players, leader, rules, …)``; an unknown Rules option is a
ValueError naming the valid ones."""

from __future__ import annotations

import inspect
from dataclasses import fields

import pytest

from gupai_learn.games import GAMES
from tests.registry import every_game

NAMES = every_game()


@pytest.mark.parametrize("name", NAMES)
def test_random_takes_the_same_keywords_everywhere(name: str) -> None:
    info = GAMES[name]
    params = inspect.signature(info.Deal.random).parameters
    for keyword in ("seed", "players", "leader", "rules"):
        assert params[keyword].kind is inspect.Parameter.KEYWORD_ONLY, keyword
    for players in info.seats:
        deal = info.Deal.random(seed=3, players=players, rules=info.Rules())
        assert deal.n_seats == players
    again = info.Deal.random(seed=3, players=info.seats[0])
    assert again.hands == info.Deal.random(seed=3).hands


@pytest.mark.parametrize("name", NAMES)
def test_a_table_size_the_game_does_not_know_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="players=7"):
        GAMES[name].Deal.random(seed=0, players=7)


@pytest.mark.parametrize("name", NAMES)
def test_deal_takes_rules_and_leader_by_keyword(name: str) -> None:
    info = GAMES[name]
    params = inspect.signature(info.Deal).parameters
    assert params["leader"].kind is inspect.Parameter.KEYWORD_ONLY
    assert list(params)[:2] == ["hands", "rules"]
    dealt = info.Deal.random(seed=5)
    state = {"boneyard": dealt.boneyard} if name == "bergen" else {}
    if name == "bagchen":
        state["point"] = dealt.point
    if name == "tet_gow":
        state["leftover"] = dealt.leftover
    deal = info.Deal(dealt.hands, rules=dealt.rules, leader=dealt.turn, **state)
    assert deal.turn == dealt.turn and deal.legal_moves() == dealt.legal_moves()


@pytest.mark.parametrize("name", NAMES)
def test_an_unknown_rules_option_names_the_valid_ones(name: str) -> None:
    info = GAMES[name]
    with pytest.raises(ValueError, match="no option 'colour'") as caught:
        info.Rules(colour="red")
    for option in fields(info.Rules):
        assert option.name in str(caught.value)


def test_bergen_leader_is_the_holder_of_the_opening_double() -> None:
    bergen = GAMES["bergen"]
    hands = ["[1:1] [1:0]", "[2:1] [6:6]"]
    deal = bergen.Deal(hands, boneyard=["[5:0]", "[4:0]", "[3:0]"], leader=0)
    assert deal.turn == 0
    with pytest.raises(ValueError, match="BE-OPEN"):
        bergen.Deal(hands, boneyard=["[5:0]"], leader=1)
    with pytest.raises(ValueError, match="BE-OPEN"):
        bergen.Deal.random(seed=0, leader=1)
