"""Bagchen rules, one group of tests per rule id of rules/bagchen.md, with the ruling's worked
examples; positions are small endgames (``won=`` gives the tricks already taken)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import gupai_learn as gl
from gupai_learn.engine.match import Match
from gupai_learn.engine.moves import join
from gupai_learn.games import GAMES, bagchen
from gupai_learn.games.bagchen import Deal, Rules, beats, classify

DECK = gl.decks.chinese_double()


def full(*given: str, point: Any = None, rules: Rules | None = None, leader: int = 0) -> Deal:
    """A full deal: the hands given (seat 0 first) topped up to 16 tiles from the rest of the set,
    in set order, and the remaining seats dealt the rest."""
    rest = Counter(DECK)
    hands = [list(gl.tiles(h)) for h in given]
    for hand in hands:
        rest.subtract(hand)
    pool = list(rest.elements())
    out = []
    for seat in range(4):
        hand = hands[seat] if seat < len(hands) else []
        need = 16 - len(hand)
        out.append(hand + pool[:need])
        pool = pool[need:]
    return Deal(out, rules, point=point, leader=leader)


def plays(deal: Deal) -> list[str]:
    """The legal face-up plays in Move notation."""
    return [join(p) for p in deal.legal_plays()]


def rules_of(verdict: gl.Verdict) -> set[str]:
    return {r.rule for r in verdict.reasons}


def unchanged(deal: Deal, move: Any) -> gl.Verdict:
    """Apply a move that must be refused; the deal must not change. Returns the verdict."""
    before = (deal.hands, deal.history, deal.won, deal.turn)
    with pytest.raises(gl.IllegalPlayError) as caught:
        deal.apply(move)
    assert (deal.hands, deal.history, deal.won, deal.turn) == before
    return caught.value.verdict


# ----- BG-SET, BG-DEAL -------------------------------------------------------------------------
def test_set_has_four_of_each_sky_kind_and_two_of_each_earth_tile() -> None:
    counts = Counter(DECK)
    assert len(DECK) == 64 and GAMES["bagchen"].deck() == DECK
    assert all(counts[t] == (4 if t.is_civil else 2) for t in counts)
    assert len(counts) == 21


def test_set_refuses_a_tile_with_a_blank_and_a_fifth_copy() -> None:
    deal = full()
    verdict = deal.judge("[6:0]")
    assert not verdict and "BG-SET" in rules_of(verdict)
    with pytest.raises(ValueError, match="BG-SET"):
        Deal(["[6:6] [6:6]", "[6:6] [6:6]", "[6:6] [1:1]", "[1:1] [1:1]"], won=(14, 0, 0, 0))


def test_deal_is_sixteen_each_and_the_first_leader_is_drawn() -> None:
    deal = Deal.random(seed=3)
    assert [len(h) for h in deal.hands] == [16] * 4
    assert Counter(t for h in deal.hands for t in h) == Counter(DECK)
    leaders = {Deal.random(seed=s).turn for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert Deal.random(seed=3).hands == deal.hands and Deal.random(seed=3).point == deal.point


def test_deal_turn_and_hand_checks_cite_bg_deal() -> None:
    deal = full("[6:6]")
    assert "BG-DEAL" in rules_of(deal.judge("[6:6]", seat=1))
    assert "BG-DEAL" in rules_of(deal.judge("[6:3] [6:3] [6:3]"))
    with pytest.raises(ValueError, match="BG-DEAL"):
        Deal(["[6:6]", "[1:1]"])
    with pytest.raises(ValueError, match="BG-DEAL"):
        Deal(["[6:6]", "[1:1]", "[4:4]", "[3:1]"], won=(15, 0, 0, 0), leader=4)


def test_match_carries_the_winner_as_next_leader() -> None:
    match = Match("bagchen", seed=5)
    deal = match.deal
    while not deal.is_over:
        deal.apply(deal.legal_moves()[0])
    nxt = match.next_deal()
    assert nxt.turn == deal.winner and len(match.history) == 1


# ----- BG-RANK --------------------------------------------------------------------------------
def test_rank_sky_order_and_equal_groups() -> None:
    order = ["[6:6]", "[1:1]", "[4:4]", "[3:1]", "[5:5]", "[6:5]"]
    for high, low in zip(order, order[1:], strict=False):
        assert beats(high, low) and not beats(low, high)
    for a, b in [("[3:3]", "[5:5]"), ("[2:2]", "[3:3]"), ("[6:5]", "[5:1]"), ("[6:1]", "[6:4]")]:
        verdict = beats(a, b)
        assert not verdict and "BG-RANK" in rules_of(verdict) and "equal" in str(verdict)


def test_rank_earth_as_in_tien_gow() -> None:
    order = ["[6:3]", "[6:2]", "[5:2]", "[4:2]", "[4:1]", "[2:1]"]
    for high, low in zip(order, order[1:], strict=False):
        assert beats(high, low)
    assert not beats("[5:4]", "[6:3]") and not beats("[3:2]", "[4:1]")
    assert "BG-RANK" in rules_of(beats("[6:6]", "[2:1]"))  # sky never beats earth


def test_rank_in_play_equal_goes_face_down_and_the_first_keeps_the_trick() -> None:
    deal = Deal(["[3:3]", "[5:5]", "[2:2]", "[4:4]"], won=(3, 4, 4, 4))
    deal.apply("[3:3]")
    assert "BG-RANK" in rules_of(deal.judge("[5:5]"))
    deal.apply("down:[5:5]")
    deal.apply("down:[2:2]")
    deal.apply("[4:4]")
    assert deal.winner == 3


# ----- BG-COMBO-SKY ---------------------------------------------------------------------------
def test_combo_sky_identical_tiles_and_the_corrected_example() -> None:
    assert classify("[3:1][3:1][3:1]").kind == "sky-combo"
    assert beats("[3:1][3:1][3:1]", "[5:1][5:1][5:1]")  # the ruling's correction
    assert not beats("[5:1][5:1][5:1]", "[3:1][3:1][3:1]")
    assert "BG-TRICKS" in rules_of(beats("[3:1][3:1]", "[5:1][5:1][5:1]"))
    assert "BG-RANK" in rules_of(beats("[6:4][6:4][6:4]", "[5:1][5:1][5:1]"))
    with pytest.raises(gl.IllegalPlayError) as caught:
        classify("[3:3][3:3][2:2]")
    assert rules_of(caught.value.verdict) == {"BG-COMBO-SKY"}
    assert classify("[6:6][6:6][6:6][6:6]").name.startswith("four sky chiefs")


# ----- BG-COMBO-EARTH -------------------------------------------------------------------------
def test_combo_earth_equal_rank_and_the_worked_example() -> None:
    owls = classify("[3:2][4:1]")
    assert owls.kind == "earth-combo"
    assert beats("[6:3][6:3]", "[3:2][4:1]") and beats("[4:2][4:2]", "[3:2][4:1]")
    assert classify("[4:2][4:2]").kind == "earth-combo"  # a pair of mothers, not mother-and-son
    assert classify("[6:3][6:3][5:4]").kind == "earth-combo"
    with pytest.raises(gl.IllegalPlayError) as caught:
        classify("[6:3][6:2]")
    assert rules_of(caught.value.verdict) == {"BG-COMBO-EARTH"}


def test_combo_earth_any_mix_option() -> None:
    mixed = Rules(earth_any_mix=True)
    combo = classify("[6:3][6:2]", mixed)
    assert combo.kind == "earth-combo" and combo.rank == 8
    assert beats("[6:3][5:2]", "[6:2][4:1]", mixed)


# ----- BG-COMBO-MIXED -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "tiles", ["[6:6][6:3]", "[6:6][6:3][6:3]", "[6:6][6:6][5:4]", "[6:6][6:6][6:3][6:3]"]
)
def test_combo_mixed_valid_shapes(tiles: str) -> None:
    assert classify(tiles).kind.startswith("mixed")


@pytest.mark.parametrize("tiles", ["[4:4][5:2]", "[6:6][6:2]", "[1:1][6:3]", "[3:1][4:1]"])
def test_combo_mixed_only_chiefs_and_ministers_of_their_family(tiles: str) -> None:
    with pytest.raises(gl.IllegalPlayError) as caught:
        classify(tiles)
    assert rules_of(caught.value.verdict) == {"BG-COMBO-MIXED"}


def test_combo_mixed_chiefs_beat_ministers_of_the_same_shape() -> None:
    assert beats("[6:6][6:3]", "[1:1][6:2]")
    assert beats("[6:6][6:6][6:3][5:4]", "[1:1][1:1][6:2][5:3]")
    assert not beats("[6:6][6:3][6:3]", "[1:1][1:1][6:2]")  # different make-up
    assert not beats("[6:6][5:4]", "[6:6][6:3]")


# ----- BG-MOTHER-SON, BG-HORSE ----------------------------------------------------------------
def test_mother_and_son_wins_when_led_and_never_beats() -> None:
    combo = classify("[4:2][2:1]")
    assert combo.kind == "mother-son" and combo.led_only
    assert "BG-MOTHER-SON" in rules_of(beats("[4:2][2:1]", "[4:1][3:2]"))
    assert "BG-MOTHER-SON" in rules_of(beats("[6:3][6:3]", "[4:2][2:1]"))
    deal = Deal(["[4:2][2:1]", "[6:3][5:4]", "[6:6][6:3]", "[4:3][5:2]"], won=(2, 4, 4, 4))
    deal.apply("[4:2][2:1]")
    assert deal.legal_plays() == []
    assert "BG-MOTHER-SON" in rules_of(deal.judge("[6:3][5:4]"))


def test_horses_form_their_own_class() -> None:
    assert classify("[4:1][2:1]").name == "mare" and classify("[4:3][4:2]").name == "stallion"
    assert beats("[4:3][4:2]", "[4:1][2:1]")
    assert not beats("[4:1][2:1]", "[4:3][4:2]")
    assert "BG-HORSE" in rules_of(beats("[4:3][4:2]", "[3:2][4:1]"))
    assert "BG-HORSE" in rules_of(beats("[6:3][6:3]", "[4:3][4:2]"))
    assert beats("[4:3][4:3][4:2][4:2]", "[4:1][4:1][2:1][2:1]")
    full_horse = classify("[4:3][4:2][4:1][2:1]")
    assert full_horse.name == "full horse" and full_horse.led_only
    assert not beats("[4:3][4:2][4:1][2:1]", "[4:1][4:1][2:1][2:1]")
    assert not beats("[4:3][4:3][4:2][4:2]", "[4:3][4:2][4:1][2:1]")


# ----- BG-POINT-ROLL --------------------------------------------------------------------------
def test_point_roll_worked_examples() -> None:
    assert bagchen.point_tiles("2-2") == gl.tiles("[2:2] [2:2] [2:2] [2:2]")
    assert bagchen.point_tiles("6-3") == gl.tiles("[6:3] [6:3] [5:4] [5:4]")
    assert bagchen.point_tiles("4-2") == bagchen.point_tiles((1, 2))
    assert bagchen.point_tiles("2-1") == gl.tiles("[4:2] [4:2] [2:1] [2:1]")


def test_point_roll_every_roll_makes_four_point_tiles() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            assert len(bagchen.point_tiles((a, b))) == 4
    assert Deal.random(seed=1).point is not None and len(Deal.random(seed=1).point_tiles) == 4


@pytest.mark.parametrize("roll", ["7-1", (0, 3), (7, 1), "[6:0]", 63.5, "x"])
def test_point_roll_that_is_not_two_dice_is_refused(roll: Any) -> None:
    with pytest.raises(ValueError, match="BG-POINT-ROLL"):
        Deal(["[6:6]", "[1:1]", "[4:4]", "[3:1]"], won=(15, 0, 0, 0), point=roll)
    with pytest.raises(ValueError, match="BG-POINT-ROLL"):
        classify("[6:6]", point=roll)


# ----- BG-POINT-PLAY --------------------------------------------------------------------------
def test_point_tiles_are_never_combined() -> None:
    with pytest.raises(gl.IllegalPlayError) as caught:
        classify("[6:6][6:3]", point="6-3")
    assert rules_of(caught.value.verdict) == {"BG-POINT-PLAY"}
    with pytest.raises(gl.IllegalPlayError):
        classify("[4:1][2:1]", point="2-1")  # a mare of point tiles is no lead
    with pytest.raises(gl.IllegalPlayError):
        classify("[4:3][4:2][4:1][2:1]", point="4-2")  # nor a full horse
    assert classify("[2:2][2:2]", point="2-2").kind == "point"


def test_point_lead_in_play_combination_refused_state_unchanged() -> None:
    deal = full("[2:2] [3:3]", point="2-2")
    verdict = unchanged(deal, "[2:2][3:3]")
    assert "BG-POINT-PLAY" in rules_of(verdict)


def test_point_never_beats_and_is_never_beaten() -> None:
    assert "BG-POINT-PLAY" in rules_of(beats("[2:2]", "[6:5]", point="2-2"))
    assert "BG-POINT-PLAY" in rules_of(beats("[6:6]", "[2:2]", point="2-2"))
    deal = Deal(["[5:5]", "[2:2]", "[6:6]", "[4:4]"], won=(3, 4, 4, 4), point="2-2")
    deal.apply("[5:5]")
    assert "BG-POINT-PLAY" in rules_of(deal.judge("[2:2]"))
    deal = Deal(["[2:2]", "[6:6]", "[1:1]", "[4:4]"], won=(3, 4, 4, 4), point="2-2")
    deal.apply("[2:2]")
    assert deal.legal_plays() == [] and not deal.judge("[6:6]")


def test_several_points_led_together_win_as_many_tricks() -> None:
    deal = Deal(
        ["[6:3][5:4]", "[6:6][6:6]", "[4:4][4:4]", "[1:1][1:1]"], won=(2, 4, 4, 4), point="6-3"
    )
    deal.apply("[6:3][5:4]")
    for _ in range(3):
        deal.apply(deal.legal_moves()[0])
    assert deal.won == (4, 4, 4, 4) and deal.winner == 0


# ----- BG-POINT-PAY ---------------------------------------------------------------------------
def test_point_pay_one_chip_per_point_from_each_player_without_passport() -> None:
    deal = Deal(
        ["[2:2][2:2][6:6]", "[6:5][6:5][6:4]", "[5:1][5:1][6:1]", "[6:1][6:1][6:4]"],
        won=(1, 6, 3, 3),
        point="2-2",
    )
    deal.apply("[2:2][2:2]")
    for _ in range(3):
        deal.apply(deal.legal_moves()[-1])
    ((index, pays),) = deal.point_payments
    assert index == 0 and {(p.payer, p.amount) for p in pays} == {(2, 2), (3, 2)}
    assert all(p.rules == ("BG-POINT-PAY",) for p in pays)  # South has a passport: pays nothing


def test_mother_and_son_counts_one_point_or_three_on_the_point() -> None:
    plain = classify("[4:2][2:1]")
    on_point = classify("[4:2][2:1]", point="4-2")
    assert bagchen.point_value(plain) == 1 and bagchen.point_value(on_point) == 3
    assert bagchen.point_value(classify("[4:3][4:2][4:1][2:1]")) == 0  # a full horse is no point
    assert bagchen.point_value(classify("[4:2]", point="2-1")) == 1


# ----- BG-TRICKS, BG-PASSPORT -----------------------------------------------------------------
def test_tricks_n_tiles_count_n_tricks() -> None:
    deal = Deal(
        ["[6:6][6:6][6:6]", "[5:1][5:1][5:1]", "[6:5][6:5][6:5]", "[6:4][6:4][6:4]"],
        won=(3, 4, 3, 3),
    )
    deal.apply("[6:6][6:6][6:6]")
    for _ in range(3):
        deal.apply(deal.legal_moves()[-1])
    assert deal.won == (6, 4, 3, 3) and sum(deal.won) == 16 and deal.is_over


def test_passport_at_six_tricks() -> None:
    deal = Deal(["[6:6]", "[1:1]", "[4:4]", "[3:1]"], won=(6, 5, 4, 0))
    assert deal.passport(0) and not deal.passport(1)
    with pytest.raises(ValueError, match="BG-PASSPORT"):
        deal.passport(4)


# ----- BG-PASSPORT-LEAD -----------------------------------------------------------------------
def test_passport_clause_1_unbeatable_as_he_sees_it() -> None:
    hands = [
        "[6:6][6:6][6:6][6:6][1:1][5:1]",
        "[6:5][6:5][6:4][6:4][6:1][5:2]",
        "[5:5][5:5][3:3][3:3][2:2][4:3]",
        "[5:1][5:1][6:1][6:1][2:2][3:2]",
    ]
    deal = Deal(hands, won=(2, 3, 3, 2))
    deal.apply("[6:6][6:6][6:6][6:6]")
    for _ in range(3):
        deal.apply(deal.legal_moves()[-1])
    assert deal.passport(0) and deal.turn == 0
    verdict = deal.judge("[1:1]")
    assert verdict.ok and "clause (1)" in str(verdict.reasons)
    refused = deal.judge("[5:1]")
    assert not refused and rules_of(refused) == {"BG-PASSPORT-LEAD"}
    assert plays(deal) == ["[1:1]"]


def test_passport_clause_1_needs_the_heavens_seen() -> None:
    deal = Deal(["[1:1][5:1]", "[6:5][6:4]", "[3:3][2:2]", "[5:5][6:1]"], won=(6, 4, 2, 2))
    assert not deal.passport(1)
    verdict = deal.judge("[1:1]")  # no clause fits any lead: the last fallback, anything
    assert verdict.ok and "anything" in str(verdict.reasons)


def test_passport_clause_2_minister_mix() -> None:
    deal = Deal(
        ["[1:1][6:2][5:1]", "[6:5][6:4][6:1]", "[3:3][2:2][5:5]", "[5:5][6:1][3:3]"],
        won=(6, 3, 2, 2),
    )
    assert "clause (2)" in str(deal.judge("[1:1][6:2]").reasons)
    assert plays(deal) == ["[1:1][6:2]"]
    verdict = unchanged(deal, "[5:1]")
    assert rules_of(verdict) == {"BG-PASSPORT-LEAD"} and "fits none" in str(verdict)
    assert "[1:1][6:2]" not in str(verdict), "an error never names the move to make instead"


def test_passport_clause_3_sky_combination_above_people() -> None:
    deal = Deal(
        [
            "[4:4][4:4][5:1][5:1][6:2]",
            "[6:5][6:4][6:1][3:1][3:1]",
            "[3:3][2:2][5:5][3:1][3:1]",
            "[5:5][6:1][3:3][2:2][2:2]",
        ],
        won=(6, 3, 1, 1),
    )
    assert "clause (3)" in str(deal.judge("[4:4][4:4]").reasons)
    assert "BG-PASSPORT-LEAD" in rules_of(deal.judge("[5:1][5:1]"))
    assert set(plays(deal)) == {"[4:4][4:4]"}


def test_passport_clause_4_points_plus_one_combination() -> None:
    deal = Deal(
        ["[2:2][6:5][6:5]", "[6:4][6:4][6:1]", "[3:3][5:5][5:5]", "[5:1][6:1][3:3]"],
        won=(6, 3, 2, 2),
        point="2-2",
    )
    assert "clause (4)" in str(deal.judge("[6:5][6:5]").reasons)
    assert "clause (1)" in str(deal.judge("[2:2]").reasons)
    assert set(plays(deal)) == {"[2:2]", "[6:5][6:5]"}
    assert "BG-PASSPORT-LEAD" in rules_of(deal.judge("[6:5]"))


def test_passport_fallbacks_sky_or_horse_then_earth_then_anything() -> None:
    sky = Deal(
        [
            "[5:1][5:1][6:2][4:1]",
            "[6:4][6:4][6:1][3:3]",
            "[3:3][5:5][5:5][2:2]",
            "[6:1][3:3][2:2][2:2]",
        ],
        won=(6, 3, 2, 1),
    )
    assert set(plays(sky)) == {"[5:1][5:1]"}
    refused = sky.judge("[6:2]")
    assert rules_of(refused) == {"BG-PASSPORT-LEAD"} and "sky or horse" in str(refused)
    earth = Deal(
        ["[6:2][5:3][5:1]", "[6:4][6:4][6:1]", "[3:3][5:5][5:5]", "[6:1][3:3][2:2]"],
        won=(6, 3, 2, 2),
    )
    assert set(plays(earth)) == {"[6:2][5:3]"}
    assert "earth combination" in str(earth.judge("[6:2][5:3]").reasons)


def test_passport_leads_option_off_leads_freely() -> None:
    hands = ["[1:1][6:2][5:1]", "[6:5][6:4][6:1]", "[3:3][2:2][5:5]", "[5:5][6:1][3:3]"]
    free = Deal(hands, Rules(passport_leads=False), won=(6, 3, 2, 2))
    assert free.judge("[5:1]").ok and len(free.legal_plays()) == 4


# ----- BG-PAY-NORMAL, BG-PAY-JUMP, BG-SLAM --------------------------------------------------
def finish(deal: Deal, leads: list[str]) -> Deal:
    """East leads each of ``leads``; the others discard their last tiles."""
    for lead in leads:
        deal.apply(lead)
        for _ in range(3):
            size = len(deal.trick[0].pieces)
            deal.discard(deal.hands[deal.turn][-size:])
    return deal


def test_pay_normal_a_loser_with_four_tricks_pays_two() -> None:
    deal = finish(
        Deal(
            ["[6:6][2:2]", "[6:5][6:4]", "[5:1][6:1]", "[3:3][5:5]"], won=(3, 4, 4, 3), point="2-2"
        ),
        ["[2:2]", "[6:6]"],
    )
    result = deal.settle()
    assert result.payments == (10, -3, -3, -4)  # 1 point chip each, then 2, 2 and 3
    assert {r for line in result.lines for r in line.rules} == {"BG-POINT-PAY", "BG-PAY-NORMAL"}
    assert "BG-PAY-NORMAL" in {r for line in result.lines for r in line.rules}


def test_pay_normal_above_six_is_paid_by_the_winner() -> None:
    deal = finish(Deal(["[6:6]", "[6:5]", "[5:1]", "[3:3]"], won=(2, 8, 3, 2)), ["[6:6]"])
    assert deal.settle().payments == (3 + 4 - 2, 2, -3, -4)


def test_pay_jump_the_seeds_example_multiplies_by_four() -> None:
    deal = finish(
        Deal(
            ["[2:2][4:2][2:1]", "[6:5][6:4][6:1]", "[5:1][6:1][5:5]", "[3:3][5:5][3:3]"],
            won=(3, 4, 4, 2),
            point="2-2",
        ),
        ["[2:2]", "[4:2][2:1]"],
    )
    assert bagchen.jump(deal) == (2, (1, 0))
    result = deal.settle()
    assert result.payments == (32, -8, -8, -16)  # (2, 2, 4) × 2 × 2 points, no point chips
    assert all("BG-PAY-JUMP" in line.rules for line in result.lines)
    assert "BG-PAY-JUMP" in " ".join(result.notes)


def test_pay_jump_counts_only_the_final_run() -> None:
    deal = finish(
        Deal(
            ["[2:2][6:6]", "[6:5][6:4]", "[5:1][6:1]", "[3:3][5:5]"], won=(3, 4, 4, 3), point="2-2"
        ),
        ["[6:6]", "[2:2]"],
    )
    assert bagchen.jump(deal) == (1, (1,))
    assert deal.settle().payments == (14, -4, -4, -6)


def test_big_slam_is_its_own_outcome_and_names_the_game_winner() -> None:
    deal = finish(Deal(["[6:6]", "[6:5]", "[5:1]", "[3:3]"], won=(15, 0, 0, 0)), ["[6:6]"])
    result = deal.settle()
    assert "big slam" in result.outcome and "BG-SLAM" in result.outcome
    assert result.payments == (18, -6, -6, -6) and bagchen.is_slam(deal)
    assert result.game_winner == 0


def test_a_deal_without_a_slam_names_no_game_winner() -> None:
    deal = finish(Deal(["[6:6]", "[6:5]", "[5:1]", "[3:3]"], won=(14, 1, 0, 0)), ["[6:6]"])
    assert not bagchen.is_slam(deal) and deal.settle().game_winner is None
    assert bagchen.carry(deal, {}) == {"leader": 0, "rules": deal.rules}


def test_settle_before_the_end_is_refused() -> None:
    with pytest.raises(ValueError, match="BG-PAY-NORMAL"):
        Deal.random(seed=1).settle()


# ----- BG-REDEAL, BG-FOUR-HEAVENS, BG-SEEK ----------------------------------------------------
def test_redeal_without_chief_or_minister_and_the_shift_past_a_point() -> None:
    weak = "[4:4]x4 [3:1]x4 [5:5]x4 [3:3]x4".replace("x4", "")
    hand = " ".join([weak.split()[i // 4] for i in range(16)])
    deal = full("[6:6]", hand)
    assert deal.may_redeal(1) and not deal.may_redeal(0)
    assert not full("[6:6]", hand, point="1-1").may_redeal(1)  # [4:4] moves up
    assert not full("[6:6]", hand, rules=Rules(redeal=False)).may_redeal(1)
    assert bagchen.top_kinds(frozenset({gl.Tile(1, 1)})) >= {gl.Tile(6, 6), gl.Tile(4, 4)}


def test_redeal_in_random_deals() -> None:
    for seed in range(60):
        deal = Deal.random(seed=seed)
        assert not any(deal.may_redeal(s) for s in range(4))
    assert any(Deal.random(seed=s).redeals for s in range(200))


def test_four_heavens_are_shown_unless_they_are_points() -> None:
    deal = full("[6:6] [6:6] [6:6] [6:6]")
    assert deal.shown == {0: gl.tiles("[6:6] [6:6] [6:6] [6:6]")}
    assert full("[6:6] [6:6] [6:6] [6:6]", point="6-6").shown == {}
    assert full("[6:6] [6:6] [6:6] [6:6]", rules=Rules(four_heavens=False)).shown == {}


def test_seek_mother_finds_son_by_dice() -> None:
    deck = list(DECK)
    deck.remove(gl.Tile(4, 2)), deck.remove(gl.Tile(4, 2))
    deck.remove(gl.Tile(2, 1)), deck.remove(gl.Tile(2, 1))
    hands = [
        [gl.Tile(4, 2)] + deck[0:15],
        [gl.Tile(4, 2), gl.Tile(2, 1)] + deck[15:29],
        [gl.Tile(2, 1)] + deck[29:44],
        deck[44:60],
    ]
    before = Counter(t for h in hands for t in h)
    log = bagchen.seek(hands, gl.Tile(6, 6), random.Random(2))
    assert len(log) == 1 and "BG-SEEK" in log[0]
    assert [len(h) for h in hands] == [16] * 4 and Counter(t for h in hands for t in h) == before
    pairs = [s for s in (0, 2) if gl.Tile(4, 2) in hands[s] and gl.Tile(2, 1) in hands[s]]
    assert len(pairs) == 1
    assert bagchen.seek([list(h) for h in hands], gl.Tile(2, 1), random.Random(2)) == []


def test_seek_option_in_random_deals() -> None:
    found = [Deal.random(seed=s, rules=Rules(seek=True)).log for s in range(30)]
    assert any("BG-SEEK" in " ".join(log) for log in found)


# ----- BG-CHARITY -----------------------------------------------------------------------------
CHARITY = Rules(charity=True)


def charity_deal(rules: Rules = CHARITY, won: tuple[int, ...] = (3, 4, 4, 4)) -> Deal:
    return Deal(["[2:1]", "[5:1]", "[6:3]", "[2:2]"], rules, won=won, point="2-2")


def test_charity_is_off_by_default() -> None:
    deal = charity_deal(Rules())
    verdict = unchanged(deal, "down:[2:1]!sky")
    assert rules_of(verdict) == {"BG-CHARITY"}
    assert all(m.kind == "play" for m in deal.legal_moves())


def test_charity_lead_beaten_by_any_tile_of_the_called_suit() -> None:
    deal = charity_deal()
    assert {str(m) for m in deal.legal_moves()} >= {"down:[2:1]!sky", "down:[2:1]!any"}
    deal.discard("[2:1]", call="sky")
    assert deal.judge("[5:1]").ok  # the lowest sky tile beats it
    deal.apply("[5:1]")
    assert "BG-RANK" in rules_of(deal.judge("[6:3]"))  # then normal beating
    deal.apply("down:[6:3]")
    assert "BG-POINT-PLAY" in rules_of(deal.judge("[2:2]"))  # a point never beats
    deal.apply("down:[2:2]")
    assert deal.winner == 1


def test_charity_call_earth_and_nobody_beats() -> None:
    deal = charity_deal()
    deal.apply("down:[2:1]!earth")
    assert "BG-CHARITY" in rules_of(deal.judge("[5:1]"))
    deal.apply("down:[5:1]")
    deal.apply("down:[6:3]")
    deal.apply("down:[2:2]")
    assert deal.winner == 0


def test_charity_refused_to_a_passport_holder_two_tiles_or_no_call() -> None:
    deal = charity_deal(won=(6, 4, 3, 2))
    verdict = unchanged(deal, "down:[2:1]!any")
    assert "passport" in str(verdict) and rules_of(verdict) == {"BG-CHARITY"}
    two = Deal(["[2:1][4:1]", "[5:1][6:1]", "[6:3][5:4]", "[3:3][5:5]"], CHARITY, won=(2, 4, 4, 4))
    assert "BG-CHARITY" in rules_of(two.judge("down:[2:1][4:1]!sky"))
    assert "BG-CHARITY" in rules_of(two.judge("down:[2:1]"))


# ----- verdicts and bad input -----------------------------------------------------------------
def test_mixed_non_chief_pair_is_refused_in_play() -> None:
    deal = full("[4:4] [5:2]")
    verdict = unchanged(deal, "[4:4][5:2]")
    assert rules_of(verdict) == {"BG-COMBO-MIXED"}


def test_bad_rules_options_name_their_rule() -> None:
    for name, rule in [
        ("charity", "BG-CHARITY"),
        ("seek", "BG-SEEK"),
        ("redeal", "BG-REDEAL"),
        ("four_heavens", "BG-FOUR-HEAVENS"),
    ]:
        with pytest.raises(ValueError, match=rule):
            Rules(**{name: 1})
    with pytest.raises(ValueError, match="rules"):
        Deal(["[6:6]", "[1:1]", "[4:4]", "[3:1]"], "no", won=(15, 0, 0, 0))  # type: ignore[arg-type]


def test_unreadable_moves_and_the_registry() -> None:
    deal = full()
    assert not deal.judge("[9:9]") and not deal.judge(None)
    info = GAMES["bagchen"]
    assert info.classify is classify and info.rule_prefix == "BG"
    assert info.bot("random", 1).choose(deal) in deal.legal_moves()
    assert "BG-COMBO-SKY" in str(bagchen.reference_card())


def test_big_slam_ends_the_match_game() -> None:
    match = Match("bagchen", seed=1)
    hands = ["[6:6]", "[6:5]", "[5:1]", "[3:3]"]
    slam = match.deal = finish(Deal(hands, won=(15, 0, 0, 0)), ["[6:6]"])
    assert not match.is_over and match.winner is None
    assert match.next_deal() is slam  # the match ends: no new deal
    assert match.is_over and match.winner == 0 and match.totals == (18, -6, -6, -6)
    with pytest.raises(ValueError, match="East won the whole game in deal 1"):
        match.next_deal()
    assert "The match is over" in match._repr_html_()


def test_a_match_goes_on_after_a_deal_without_a_slam() -> None:
    match = Match("bagchen", seed=1)
    match.deal = finish(Deal(["[6:6]", "[6:5]", "[5:1]", "[3:3]"], won=(14, 1, 0, 0)), ["[6:6]"])
    nxt = match.next_deal()
    assert not match.is_over and match.winner is None and nxt.turn == 0 and not nxt.is_over
