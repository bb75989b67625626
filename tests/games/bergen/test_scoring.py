"""Bergen's headers, the cap near the target and the four blocked-round rules (rules/bergen.md)."""

from __future__ import annotations

import pytest

import gupai_learn as gl
from gupai_learn.games.bergen.headers import cap, header
from gupai_learn.games.bergen.rules import OPTIONS, Rules
from gupai_learn.games.bergen.settle import blocked_winner, decide_blocked

SEED_POSITION = [gl.tiles("[0:0] [2:1]"), gl.tiles("[1:1]"), gl.tiles("[2:2]")]


# --- BE-HEADER-DOUBLE, BE-HEADER-TRIPLE ------------------------------------------------------


def test_equal_ends_without_a_double_make_a_double_header() -> None:
    made = header((4, 4))
    assert (made.points, made.kind) == (2, "double")
    assert made.reasons[0].rule == "BE-HEADER-DOUBLE" and "both ends show 4" in made.reasons[0].text


def test_equal_ends_with_an_uncovered_double_make_a_triple_header() -> None:
    made = header((5, 5), (True, False))
    assert (made.points, made.kind) == (3, "triple")
    assert made.reasons[0].rule == "BE-HEADER-TRIPLE" and "[5:5]" in made.reasons[0].text


def test_a_lone_opening_double_is_a_double_header() -> None:
    made = header((0, 0), (True, True), lone=True)
    assert (made.points, made.kind) == (2, "double") and "[0:0]" in made.reasons[0].text


def test_different_ends_score_nothing() -> None:
    made = header((3, 6), (True, False))
    assert (made.points, made.kind, bool(made)) == (0, "none", False)
    assert "3 and 6" in made.reasons[0].text


# --- BE-HEADER-CAP ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "target", "most"),
    [(0, 15, None), (11, 15, None), (12, 15, 2), (13, 15, 1), (14, 15, 1), (7, 10, 2), (9, 10, 1)],
)
def test_the_cap_near_the_target(total: int, target: int, most: int | None) -> None:
    assert cap(total, target) == most


def test_a_capped_triple_header_says_why() -> None:
    made = header((2, 2), (False, True), total=13, target=15)
    assert (made.points, made.earned, made.kind) == (1, 3, "triple")
    assert [r.rule for r in made.reasons] == ["BE-HEADER-TRIPLE", "BE-HEADER-CAP"]
    assert "2 short of 15" in made.reasons[1].text and "1 instead of 3" in made.reasons[1].text
    three_away = header((2, 2), (False, True), total=12, target=15)
    assert three_away.points == 2


# --- BE-END-BLOCKED: the seed's position under all four rules ---------------------------------


@pytest.mark.parametrize(
    ("rule", "expected"),
    [("german", (1, 2)), ("american", (0, 2)), ("simple", (1, 1)), ("hoyle", (None, 0))],
)
def test_the_seeds_blocked_example(rule: str, expected: tuple[int | None, int]) -> None:
    assert blocked_winner(SEED_POSITION, rule) == expected


def test_the_american_rule_says_which_clause_decided() -> None:
    clauses = decide_blocked(SEED_POSITION, "american").clauses
    texts = [r.text for r in clauses]
    assert texts[0].startswith("(c) every seat holds a double")
    assert "(d)" in texts[2] and "seat 0 is lowest" in texts[3]
    assert all(r.rule == "BE-END-BLOCKED" for r in clauses)


def test_simple_rule_tie_scores_nothing() -> None:
    hands = [gl.tiles("[3:1]"), gl.tiles("[2:2]"), gl.tiles("[6:6]")]
    assert blocked_winner(hands, "simple") == (None, 0)


def test_american_a_lone_double_free_hand_wins_whatever_its_pips() -> None:
    hands = [gl.tiles("[6:5] [6:4]"), gl.tiles("[1:1]"), gl.tiles("[0:0] [1:0]")]
    assert blocked_winner(hands, "american") == (0, 2)


def test_american_nobody_holds_a_double_lowest_pips() -> None:
    hands = [gl.tiles("[6:5]"), gl.tiles("[2:1] [1:0]"), gl.tiles("[4:3]")]
    winner, points = blocked_winner(hands, "american")
    assert (winner, points) == (1, 2)
    assert decide_blocked(hands, "american").clauses[0].text.startswith("(b)")


def test_american_gap_two_double_free_hands_lowest_pips_among_them() -> None:
    hands = [gl.tiles("[6:5]"), gl.tiles("[3:2]"), gl.tiles("[0:0]")]
    assert blocked_winner(hands, "american") == (1, 2)
    tie = [gl.tiles("[6:5]"), gl.tiles("[6:5]"), gl.tiles("[0:0]")]
    assert blocked_winner(tie, "american") == (None, 0)


def test_american_fewest_tiles_when_everyone_holds_a_double() -> None:
    hands = [gl.tiles("[6:6] [5:5]"), gl.tiles("[4:4]"), gl.tiles("[0:0] [1:0] [2:0]")]
    assert blocked_winner(hands, "american") == (1, 2)


def test_german_fewest_doubles_then_fewest_pips() -> None:
    hands = [gl.tiles("[1:1] [2:2]"), gl.tiles("[6:6] [6:5]"), gl.tiles("[0:0] [3:3]")]
    assert blocked_winner(hands, "german") == (1, 2)
    lone_free = [gl.tiles("[6:5] [6:4]"), gl.tiles("[1:1]")]
    assert blocked_winner(lone_free, "german") == (0, 2)
    full_tie = [gl.tiles("[1:1] [2:0]"), gl.tiles("[1:1] [2:0]")]
    assert blocked_winner(full_tie, "german") == (None, 0)


def test_hoyle_lowest_pips_without_a_double_then_ignoring_doubles() -> None:
    hands = [gl.tiles("[6:6]"), gl.tiles("[5:4]"), gl.tiles("[3:2]")]
    assert blocked_winner(hands, "hoyle") == (2, 1)
    all_doubles = [gl.tiles("[1:1] [6:5]"), gl.tiles("[6:6] [2:1]")]
    assert blocked_winner(all_doubles, "hoyle") == (1, 1)


def test_an_unknown_blocked_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="BE-END-BLOCKED"):
        blocked_winner(SEED_POSITION, "french")


# --- options ---------------------------------------------------------------------------------


def test_rules_defaults_follow_the_ruling() -> None:
    rules = Rules()
    assert (rules.players, rules.opening, rules.opening_scores, rules.reserved) == (
        2,
        "lowest",
        True,
        2,
    )
    assert (rules.blocked_rule, rules.may_draw_when_able, rules.target) == ("simple", False, 15)
    assert Rules(players=3).target == 10 and Rules(players=4).hand_size == 5


@pytest.mark.parametrize(
    ("option", "value", "rule"),
    [
        ("players", 1, "BE-DEAL"),
        ("players", 5, "BE-DEAL"),
        ("blocked_rule", "french", "BE-END-BLOCKED"),
        ("reserved", 1, "BE-RESERVE"),
        ("opening", "middle", "BE-OPEN"),
        ("may_draw_when_able", "yes", "BE-DRAW"),
    ],
)
def test_bad_options_are_refused_naming_the_rule(option: str, value: object, rule: str) -> None:
    with pytest.raises(ValueError, match=rule):
        Rules(**{option: value})
    assert OPTIONS[option][2] == rule
