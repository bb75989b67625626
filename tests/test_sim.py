"""sim.run: seeded, split-independent rows; events; matches; bad arguments (design.md §9)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from gupai_learn import sim
from gupai_learn.bots import RandomPlayer
from gupai_learn.games import GAMES, tien_gow
from gupai_learn.games.tien_gow.events import columns_before_last, events
from tests.registry import every_game

pd = pytest.importorskip("pandas")

SEATS = range(4)


def rows(**kwargs: Any) -> Any:
    return sim.run("tien_gow", progress=False, **{"deals": 12, "seed": 5, **kwargs})


def test_rows_have_the_documented_columns_and_one_row_per_deal() -> None:
    table = rows()
    assert list(table["deal"]) == list(range(12))
    head = ["seed", "deal", "winner", *(f"pay_{s}" for s in SEATS), "moves"]
    assert list(table.columns[: len(head)]) == head
    assert {"early_death", "early_deaths", "banker", "dead_0", "columns_3"} <= set(table.columns)
    assert table.attrs["game"] == "tien_gow" and table.attrs["seed"] == 5
    assert table["winner"].between(0, 3).all()
    # four plays per trick, 2 to 8 tricks
    assert ((table["moves"] % 4 == 0) & table["moves"].between(8, 32)).all()


def test_payments_are_zero_sum_and_columns_add_up_to_eight() -> None:
    table = rows(deals=40, players="random")
    assert (table[[f"pay_{s}" for s in SEATS]].sum(axis=1) == 0).all()
    assert (table[[f"columns_{s}" for s in SEATS]].sum(axis=1) == 8).all()


def test_same_seed_same_rows_other_seed_other_rows() -> None:
    assert rows().equals(rows())
    assert not rows().equals(rows(seed=6))


def test_deal_seeds_come_from_the_run_seed_and_the_deal_number_only() -> None:
    assert rows(deals=5).equals(rows(deals=12).iloc[:5])
    assert list(rows()["seed"]) == [sim.derive_seed(5, i) for i in range(12)]


def test_a_row_replays_from_its_seed() -> None:
    table = rows(players=["random", "heuristic", "random", "heuristic"])
    row = table.iloc[3]
    deal = sim.play("tien_gow", int(row["seed"]), players=["random", "heuristic"] * 2)
    assert deal.winner == row["winner"]
    assert deal.settle().payments == tuple(row[f"pay_{s}"] for s in SEATS)


def test_two_workers_give_the_rows_of_one() -> None:
    one = rows(deals=30, players="random")
    two = rows(deals=30, players="random", workers=2)
    pd.testing.assert_frame_equal(one, two)


def test_any_executor_gives_the_same_rows() -> None:
    with ThreadPoolExecutor(max_workers=3) as pool:
        pd.testing.assert_frame_equal(rows(executor=pool), rows())


def test_player_objects_are_copied_and_reseeded_for_every_deal() -> None:
    bot = RandomPlayer(123)
    before = bot.rng.getstate()
    mixed = rows(players=[bot, "random", "random", "random"])
    assert bot.rng.getstate() == before  # the caller's player is not used up
    assert mixed.equals(rows(players="random"))  # a RandomPlayer object is the "random" kind


def test_rules_change_the_game() -> None:
    off = rows(deals=40, players="random", rules=tien_gow.Rules(early_death=False))
    on = rows(deals=40, players="random")
    assert not off["early_death"].any() and on["early_death"].any()
    assert off["no_column_at_last"].sum() > 0


def test_a_match_carries_the_banker_and_keeps_running_totals() -> None:
    table = rows(deals=10, match=4)
    assert list(table["match"]) == [0] * 4 + [1] * 4 + [2] * 2
    assert list(table["hand"]) == [0, 1, 2, 3] * 2 + [0, 1]
    assert list(table["deal"]) == list(range(10))
    for _, game in table.groupby("match"):
        assert list(game["banker"].iloc[1:]) == list(game["winner"].iloc[:-1])
        totals = game[[f"pay_{s}" for s in SEATS]].cumsum()
        assert (totals.to_numpy() == game[[f"total_{s}" for s in SEATS]].to_numpy()).all()
    pd.testing.assert_frame_equal(table, rows(deals=10, match=4, workers=2))
    assert len(rows(deals=6, match=True)["match"].unique()) == 1


def test_tien_gow_events_name_the_seats_that_died() -> None:
    for seed in range(30):
        deal = sim.play("tien_gow", seed, players="random")
        found = events(deal)
        before = columns_before_last(deal)
        dead = [found[f"dead_{s}"] for s in SEATS]
        if before is None:
            assert not any(dead)
            continue
        assert dead == [c == 0 for c in before]
        assert found["early_deaths"] == sum(dead) and found["early_death"] == any(dead)
        for seat in SEATS:  # a seat that died played its last tile face down (TG-EARLY-DEATH)
            last = [p for p in deal.last_trick.plays if p.seat == seat][0]
            assert not dead[seat] or not last.face_up


def test_events_need_a_finished_deal() -> None:
    with pytest.raises(ValueError, match="finished"):
        events(tien_gow.Deal.random(seed=1))


def test_a_game_without_events_still_gets_rows() -> None:
    from dataclasses import replace

    bare = replace(GAMES["tien_gow"], events=None)
    table = sim.run(bare, deals=3, progress=False)
    assert "early_death" not in table.columns and len(table) == 3


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deals": 0}, "deals=0"),
        ({"deals": 2.5}, "deals="),
        ({"workers": 0}, "workers=0"),
        ({"seed": -1}, "seed=-1"),
        ({"players": "clever"}, "no 'clever' player"),
        ({"players": ["random"] * 3}, "3 players"),
        ({"players": ["random", "random", "random", object()]}, "not a player"),
        ({"rules": "strict"}, "rules="),
        ({"match": 0}, "match=0"),
        ({"match": "yes"}, "match="),
        ({"executor": "dask"}, "executor="),
        ({"executor": ThreadPoolExecutor(1), "workers": 2}, "not both"),
    ],
)
def test_bad_arguments_are_refused_clearly(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sim.run("tien_gow", progress=False, **kwargs)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no game 'chess'"):
        sim.run("chess", deals=1, progress=False)


def test_a_small_sweep_on_a_local_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        for rules in (tien_gow.Rules(), tien_gow.Rules(mixed_sets=False)):
            here = rows(rules=rules, players="random")
            there = rows(rules=rules, players="random", executor=executor)
            pd.testing.assert_frame_equal(here, there)


@pytest.mark.parametrize("name", every_game())
def test_every_game_gives_the_same_columns_for_every_deal(name: str) -> None:
    table = sim.run(name, players="random", deals=6, seed=2, progress=False)
    # no deal lacks a payment or an event (a drawn deal may have no winner)
    assert len(table) == 6 and not table.drop(columns="winner").isna().any().any()
    assert table["moves"].gt(0).all()


@pytest.mark.parametrize("name", every_game())
def test_every_game_records_its_own_events_and_measures(name: str) -> None:
    """One mechanism (issue 25): each game's events come from its GameInfo, and every
    measure the rule lab offers is a column of a plain ``sim.run``."""
    info = GAMES[name]
    assert info.events is not None and info.measures
    table = sim.run(name, players="random", deals=4, seed=1, progress=False)
    deal = sim.play(name, int(table["seed"].iloc[0]), players="random")
    assert set(info.events(deal)) <= set(table.columns)
    assert {m.column for m in info.measures} <= set(table.columns)


def test_the_progress_bar_counts_the_deals(capsys: pytest.CaptureFixture[str]) -> None:
    sim.run("tien_gow", deals=3, players="random", progress=True)
    assert "Tien Gow" in capsys.readouterr().err
