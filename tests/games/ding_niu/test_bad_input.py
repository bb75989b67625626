"""Bad input to a Bull Fight deal: a verdict naming the rule, the state unchanged."""

from __future__ import annotations

import pytest

from gupai_learn.games import ding_niu
from gupai_learn.verdict import IllegalPlayError

HANDS = ["[6:4] [1:1] [3:1]", "[6:4] [2:2] [3:1]", "[3:3] [4:4] [6:6]", "[6:6] [5:1] [4:4]"]


def snapshot(deal: ding_niu.Deal) -> tuple[object, ...]:
    return (deal.transcript(), deal.hands, deal.down, deal.turn, str(deal.layout), deal.fish)


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ("[6:4]>right", "DN-PLAY-ENDS"),  # no 6 at... the right end shows 4: fits; see below
        ("[3:1]>left", "DN-PLAY-ENDS"),  # a tile at an end it does not match
        ("down:[3:1]", "DN-PLAY-MUST"),  # a discard while able to play
        ("[5:1]", "DN-DEAL"),  # a tile not in the hand
        ("[5:4]", "DN-SET"),  # not in the deck
        ("draw", "DN-SET"),  # no stock: a draw is not one of its moves
        ("pass", "DN-DISCARD"),  # no passing before a fish
        ("[6:4]>middle", "DN-SET"),  # cannot be read
        ("down:[6:4][3:1]", "DN-DISCARD"),  # two tiles face down
    ],
)
def test_bad_moves_name_their_rule_and_change_nothing(move: str, rule: str) -> None:
    deal = ding_niu.Deal.from_script(HANDS, ["[6:4]"])
    if move == "[6:4]>right":
        assert deal.judge(move)  # the control: a good move
        return
    before = snapshot(deal)
    verdict = deal.judge(move)
    assert not verdict and rule in verdict.rules, verdict
    with pytest.raises(ValueError):
        deal.apply(move)
    assert snapshot(deal) == before


def test_out_of_turn_names_the_rule() -> None:
    deal = ding_niu.Deal.from_script(HANDS, ["[6:4]"])
    before = snapshot(deal)
    verdict = deal.judge("[4:4]>right", seat=2)
    assert not verdict and verdict.rules[0] == "DN-DEAL" and "South's turn" in str(verdict)
    with pytest.raises(IllegalPlayError):
        deal.apply("[4:4]>right", seat=2)
    assert snapshot(deal) == before


@pytest.mark.parametrize(
    "bad",
    [None, 7, "[6:4]", ["[6:4]"] * 3, ["[6:4] [6:4] [6:4]", "", "", ""], ["[1:1]" * 7, "", "", ""]],
)
def test_bad_hands_are_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        ding_niu.Deal(bad)  # type: ignore[arg-type]


def test_bad_leader_and_rules() -> None:
    with pytest.raises(ValueError, match="DN-DEAL"):
        ding_niu.Deal(HANDS, leader=4)
    with pytest.raises(ValueError):
        ding_niu.Deal(HANDS, rules="fast")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ding_niu.Deal.random(seed="x")  # type: ignore[arg-type]


def test_after_the_end_every_move_is_refused() -> None:
    deal = ding_niu.Deal.from_script(
        HANDS, ["[6:4]", "[6:4]>left"], rules=ding_niu.Rules(after_fish="settle-now")
    )
    verdict = deal.judge("[4:4]>left")
    assert deal.is_over and not verdict and "DN-PLAY-ENDS" in verdict.rules
