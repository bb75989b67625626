"""Every bad input in one line (issue 32.4): the residues the issue found, each refused with a
short message naming the problem — huge seeds bounded like every other number, every solver
asking for a deal of its game, every quote of bad input cut short, every level of computer
player taking the same seeds, a script's odd move quoted short, Bull Fight's empty hands a
SetupError like the other games'."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import gupai_learn as gl
from gupai_learn import sim
from gupai_learn.engine.match import Match
from gupai_learn.games import GAMES
from gupai_learn.verdict import SetupError
from tests.registry import every_game

NAMES = every_game()
HUGE = 10**5000
LONG = "x" * 1_000_000
#: A message quoting bad input stays short: the quote is cut to at most 200 characters.
SHORT = 400


def refused(call: Callable[[], Any], error: type[BaseException] = ValueError) -> str:
    """The one short line ``call`` is refused with."""
    with pytest.raises(error) as caught:
        call()
    text = str(caught.value)
    assert text and len(text) < SHORT, text[:500]
    assert "Exceeds the limit" not in text  # Python's own words about a huge number
    return text


def _deep(depth: int = 100_000) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


# ----- seeds ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [HUGE, -1, 2**63], ids=["huge", "negative", "2**63"])
def test_a_run_refuses_a_seed_out_of_range_in_one_line(seed: int) -> None:
    assert refused(lambda: sim.run("tien_gow", deals=2, seed=seed, progress=False)).startswith(
        "seed="
    )


@pytest.mark.parametrize("name", NAMES)
def test_deals_and_matches_bound_their_seeds(name: str) -> None:
    deal = GAMES[name].Deal
    for seed in (HUGE, -5, 2**63, "abc", 1.5):
        assert refused(lambda s=seed: deal.random(seed=s)).startswith("seed=")
    assert refused(lambda: Match(name, seed=HUGE)).startswith("seed=")
    deal.random(seed=2**63 - 1)  # the largest seed is taken


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", ["random", "heuristic", "strong"])
def test_every_level_takes_the_seeds_deal_random_takes(name: str, level: str) -> None:
    info = GAMES[name]
    for seed in ("abc", 1.5, True, -1, HUGE, [1]):
        text = refused(lambda s=seed: info.bot(level, s))
        assert text.startswith("seed="), text
    deal = info.Deal.random(seed=5)
    for seed in (None, 0, 7, 2**63 - 1, random.Random(3)):
        move = info.bot(level, seed).choose(deal)
        assert deal.judge(move).ok
    again = [info.bot(level, random.Random(9)).choose(deal) for _ in range(2)]
    assert again[0] == again[1]  # a Random seeds as its state does, like Deal.random


def test_the_strong_players_budget_and_samples_are_bounded_in_one_line() -> None:
    make = GAMES["tien_gow"].bots["strong"]
    assert refused(lambda: make(1, budget_ms=HUGE)).startswith("budget_ms=")
    assert refused(lambda: make(1, samples=HUGE)).startswith("samples=")


# ----- solvers --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("odd", ["x", None, 5, object()])
def test_every_solver_asks_for_a_deal_of_its_game(name: str, odd: Any) -> None:
    solve = GAMES[name].solve
    assert solve is not None
    text = refused(lambda: solve(odd, 0), TypeError)
    assert f"needs a {GAMES[name].title} deal" in text
    names = list(GAMES)
    other = GAMES[names[names.index(name) - 1]].Deal.random(seed=1)
    assert "needs a" in refused(lambda: solve(other, 0), TypeError)


# ----- quotes cut short ---------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_an_unknown_player_kind_is_quoted_short(name: str) -> None:
    info = GAMES[name]
    for kind in (LONG, [LONG], {"a": 1}, ["unhashable"]):
        assert "player" in refused(lambda k=kind: info.bot(k))


def test_a_runs_players_are_quoted_short() -> None:
    for players in (LONG, [LONG] * 4, [object()] * 4, ["heuristic", LONG, "random", "random"]):
        refused(lambda p=players: sim.run("tien_gow", players=p, deals=1, progress=False))


def test_a_deal_players_level_and_bots_are_quoted_short() -> None:
    from gupai_learn.widgets import DealPlayer

    for odd in (LONG, [LONG], ["unhashable"]):
        assert refused(lambda o=odd: DealPlayer(level=o)).startswith("level=")
        assert refused(lambda o=odd: DealPlayer(bots=o)).startswith("bots=")


@pytest.mark.parametrize("name", NAMES)
def test_a_scripts_odd_move_is_quoted_short(name: str) -> None:
    info = GAMES[name]
    deal = info.Deal.random(seed=1)
    start = deal._start
    for move in (LONG, [LONG], _deep(), object()):
        text = refused(
            lambda m=move: info.Deal.from_script(**start, moves=[m]), gl.IllegalPlayError
        )
        assert text.startswith("move 1 (")
    assert "moves=" in refused(lambda: info.Deal.from_script(**start, moves=5), SetupError)


# ----- setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_empty_hands_are_a_setup_error_in_every_game(name: str) -> None:
    info = GAMES[name]
    seats = info.Deal.random(seed=1).n_seats
    refused(lambda: info.Deal([[] for _ in range(seats)]), SetupError)
