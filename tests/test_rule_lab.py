"""The rule lab widget and the chapter-07 measures behind it (gupai_learn.variants)."""

from __future__ import annotations

import dataclasses

import ipywidgets
import pytest

from gupai_learn import sim, variants
from gupai_learn.games import GAMES, bergen
from gupai_learn.widgets import RuleLab
from gupai_learn.widgets.rule_lab import Variant, option_widget


# ----- events and measures ----------------------------------------------------------------------
@pytest.mark.parametrize("game", [g for g, f in variants.EVENTS.items() if f is not None])
def test_every_measure_is_a_column_of_its_games_rows(game: str) -> None:
    rows = variants.run(game, deals=30, seed=2, progress=False)
    for found in variants.MEASURES[game]:
        assert found.column in rows.columns, found
        values = found.values(rows)
        assert len(values) == 30
        if found.share:
            assert set(values) <= {True, False}


def test_tien_gow_measures_use_its_own_events() -> None:
    rows = variants.run("tien_gow", deals=20, seed=2, progress=False)
    assert all(m.column in rows.columns for m in variants.MEASURES["tien_gow"])


def test_point_games_report_their_points_not_zero_chips() -> None:
    rows = sim.run("tet_gow", deals=20, seed=1, progress=False)
    pays = rows[[f"pay_{s}" for s in range(4)]]
    assert (pays.sum(axis=1) == 0).all() and (pays.abs().sum(axis=1) > 0).all()


def test_bull_fight_events_agree_with_the_deal() -> None:
    rows = variants.run("ding_niu", deals=60, seed=3, progress=False)
    for _, row in rows.iterrows():
        deal = sim.play("ding_niu", int(row["seed"]))
        assert row["fish"] == (deal.fish is not None)
        if deal.fish is not None:
            assert row["fish_kind"] == deal.fish.kind and row["blocker"] == deal.fish.blocker
            assert row["blocker_wins"] == (deal.fish.blocker == deal.winner)
    assert rows["fish"].any() and not rows["fish"].all()


def test_bergen_blocked_rounds_are_decided_under_every_rule() -> None:
    rows = variants.run("bergen", deals=80, seed=1, progress=False)
    blocked = rows[rows["blocked"]]
    assert len(blocked) > 0
    open_rounds = rows[~rows["blocked"]]
    for rule in bergen.BLOCKED_RULES:
        assert (open_rounds[f"{rule}_winner"] == -1).all()
        assert blocked[f"{rule}_winner"].between(-1, 1).all()
    simple = blocked["simple_winner"] == blocked["fewest_pips"]
    assert simple.all()  # the simple rule: the only lowest pip total, or nobody


def test_bagchen_events_count_passports_and_jumps() -> None:
    rows = variants.run("bagchen", deals=40, seed=1, progress=False)
    assert rows["passports"].between(0, 2).all()  # 16 tricks: at most two seats reach 6
    assert (rows["jump"] == (rows["jump_points"] > 0)).all()
    assert (rows["charity_leads"] == 0).all()  # charity is off by default


def test_an_unknown_measure_is_named() -> None:
    with pytest.raises(ValueError, match="not a measure of bergen"):
        variants.measure("bergen", "early death")


def test_events_must_be_a_function() -> None:
    with pytest.raises(ValueError, match="events="):
        sim.run("tet_gow", deals=2, progress=False, events="fish")


def test_compare_plays_the_same_deals_under_each_variant() -> None:
    rules = GAMES["tien_gow"].Rules
    chart, found = variants.compare(
        "tien_gow",
        {"on": rules(), "off": rules(early_death=False)},
        "hands with an early death",
        deals=60,
        progress=False,
    )
    assert [e.label for e in found] == ["on", "off"] and found[1].value == 0
    assert found[0].value > 0 and "early death" in repr(chart)


# ----- the widget -------------------------------------------------------------------------------
def test_option_widgets_follow_the_option_types() -> None:
    rules = GAMES["bergen"].Rules
    hints = {f.name: f.type for f in dataclasses.fields(rules)}
    assert isinstance(option_widget("x", bool, True), ipywidgets.Checkbox)
    assert isinstance(option_widget("x", int, 2), ipywidgets.IntText)
    made = Variant("bergen", "A").controls
    assert isinstance(made["blocked_rule"], ipywidgets.Dropdown)
    assert list(made["blocked_rule"].options) == list(bergen.BLOCKED_RULES)
    assert set(made) == set(hints)


@pytest.mark.parametrize("game", list(variants.MEASURES))
def test_the_lab_offers_every_game_with_its_options_at_their_defaults(game: str) -> None:
    lab = RuleLab(game, deals=10, progress=False)
    assert lab.sides[0].rules() == GAMES[game].Rules() == lab.sides[1].rules()
    assert list(lab.measure.options) == [m.label for m in variants.MEASURES[game]]


def test_the_lab_compares_two_variants_in_one_chart() -> None:
    lab = RuleLab(deals=40, progress=False)
    lab.sides[1].set("early_death", False)
    lab.sides[1].name.value = ""
    found = lab.run()
    assert [e.label for e in found] == ["A", "early_death=False"]
    assert found[0].value > 0 and found[1].value == 0 and lab.chart is not None
    assert lab.message.splitlines()[1].startswith("early_death=False: 0.0%")


def test_switching_game_rebuilds_the_columns() -> None:
    lab = RuleLab("tien_gow", deals=10, progress=False)
    lab.game.value = "tet_gow"
    assert set(lab.sides[0].controls) == {"players"}
    lab.sides[1].set("players", 3)
    found = lab.run()
    assert len(found) == 2 and lab.measure.value == variants.MEASURES["tet_gow"][0].label


def test_a_refused_option_is_explained_not_raised() -> None:
    lab = RuleLab("bergen", deals=10, progress=False)
    lab.sides[1].set("players", 5)
    assert lab.run() == []
    assert "BE-DEAL" in lab.message and lab.chart is None


def test_two_variants_with_one_name_are_refused() -> None:
    lab = RuleLab("bagchen", deals=10, progress=False)
    lab.sides[1].name.value = "A"
    assert lab.run() == [] and "different names" in lab.message and "different names" in lab.message


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no game 'chess'"):
        RuleLab("chess")
