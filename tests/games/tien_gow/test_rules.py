"""Tien Gow: at least one test per rule id of rules/tien_gow.md, on scripted positions."""

from __future__ import annotations

import pytest

import gupai_learn as gl
from gupai_learn.games import tien_gow as tg
from gupai_learn.games.tien_gow import Deal, Rules

# ----- helpers --------------------------------------------------------------------------


def endgame(hands: str, columns: tuple[int, ...], **kwargs: object) -> Deal:
    """Hands as 'E | S | W | N' notation."""
    return Deal([h.strip() for h in hands.split("|")], columns=columns, **kwargs)  # type: ignore[arg-type]


def play_all(deal: Deal, *moves: str) -> Deal:
    """Apply moves; 'down:...' plays face down."""
    for move in moves:
        if move.startswith("down:"):
            deal.discard(move[5:])
        else:
            deal.play(move)
    return deal


# ----- TG-SET / TG-DEAL -----------------------------------------------------------------


def test_random_deal_gives_eight_tiles_each_tg_deal() -> None:
    deal = Deal.random(seed=4)
    assert [len(h) for h in deal.hands] == [8, 8, 8, 8]
    assert sorted(t for h in deal.hands for t in h) == sorted(gl.decks.chinese())
    assert deal.turn == 0 and deal.banker == 0
    assert Deal.random(seed=4).hands == deal.hands


def test_bad_hands_are_refused_tg_set() -> None:
    with pytest.raises(ValueError, match="TG-SET"):
        Deal(["63 63", "11 11", "22 22", "33 33"], columns=(2, 2, 2, 0))
    with pytest.raises(ValueError, match="TG-DEAL"):
        Deal(["66", "11"], columns=(7, 0))
    with pytest.raises(ValueError, match="columns"):
        Deal(["66", "11", "22", "33"])


def test_out_of_turn_and_not_in_hand_tg_deal() -> None:
    deal = endgame("66 | 11 | 63 | 21", (2, 2, 2, 1))
    verdict = deal.judge("[1:1]", seat=1)
    assert not verdict and "TG-DEAL" in verdict.rules
    assert "East's turn" in str(verdict)
    verdict = deal.judge("[4:4]")
    assert not verdict and "not in East's hand" in str(verdict)


def test_blank_tile_is_not_chinese_tg_set() -> None:
    deal = endgame("66 | 11 | 63 | 21", (2, 2, 2, 1))
    assert "TG-SET" in deal.judge("[3:0]").rules
    assert "TG-SET" in deal.judge("[7:1]").rules


def test_winner_of_a_trick_leads_the_next_tg_deal() -> None:
    deal = endgame("66 51 | 11 52 | 63 32 | 21 41", (2, 2, 2, 0), leader=1)
    play_all(deal, "11", "down:63", "down:21", "down:51")
    assert deal.turn == 1  # South kept the lead: nobody beat [1:1] (only [6:6] could)


# ----- TG-LEAD-CLASS / TG-LEAD-FAMILY -------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "kind"),
    [
        ("66", "single-civil"),
        ("63", "single-military"),
        ("55 55", "civil-pair"),
        ("41 32", "military-pair"),
        ("66 63", "mixed-pair"),
        ("66 66 54", "triplet-2c1m"),
        ("11 62 53", "triplet-1c2m"),
        ("44 44 52 43", "quartet"),
        ("42 21", "supreme"),
    ],
)
def test_every_lead_class_tg_lead_class(tiles: str, kind: str) -> None:
    assert tg.classify(tiles).kind == kind


@pytest.mark.parametrize(
    ("tiles", "rule", "fragment"),
    [
        ("66 11", "TG-LEAD-CLASS", "two different civil tiles"),
        ("63 62", "TG-LEAD-CLASS", "same rank"),
        ("42 63", "TG-LEAD-CLASS", "Supreme"),
        ("21 41", "TG-LEAD-CLASS", "Supreme"),
        ("44 63", "TG-LEAD-FAMILY", "sevens"),
        ("55 54", "TG-LEAD-FAMILY", "no military family"),
        ("66 66 11 11", "TG-LEAD-CLASS", "quartet"),
        ("66 66 66", "TG-LEAD-CLASS", "triplet"),
        ("66 63 54 11 11", "TG-LEAD-CLASS", "one to four"),
    ],
)
def test_invalid_leads_say_why(tiles: str, rule: str, fragment: str) -> None:
    with pytest.raises(gl.IllegalPlayError) as caught:
        tg.classify(tiles)
    verdict = caught.value.verdict
    assert rule in verdict.rules
    assert fragment in str(verdict)


def test_every_broken_rule_is_listed() -> None:
    deal = Deal.random(seed=1)
    verdict = deal.judge("[6:6][1:1][2:1]", seat=2)
    assert set(verdict.rules) >= {"TG-DEAL", "TG-LEAD-CLASS", "TG-LEAD-FAMILY"}
    assert len(verdict.reasons) >= 4


def test_mixed_sets_off_is_the_historical_game() -> None:
    old = Rules(mixed_sets=False)
    assert tg.classify("66 66", old).kind == "civil-pair"
    assert tg.classify("42 21", old).kind == "supreme"
    with pytest.raises(gl.IllegalPlayError, match="played without mixed sets"):
        tg.classify("66 63", old)
    assert len(tg.ALL_COMBOS[False]) < len(tg.ALL_COMBOS[True])


def test_legal_lead_is_explained() -> None:
    deal = endgame("66 63 | 11 62 | 44 52 | 31 41", (1, 1, 2, 2))
    verdict = deal.judge("[6:6][6:3]")
    assert verdict and "Heaven-nine" in verdict.summary
    assert {"TG-LEAD-CLASS", "TG-LEAD-FAMILY"} <= set(verdict.rules)


# ----- following and beating ------------------------------------------------------------


def test_same_count_tg_beat_count() -> None:
    deal = endgame("66 63 | 11 62 | 44 52 | 31 41", (1, 1, 2, 2))
    deal.play("[6:6][6:3]")
    verdict = deal.judge("[1:1]")
    assert not verdict and "TG-BEAT-COUNT" in verdict.rules
    assert "TG-BEAT-COUNT" in deal.judge("[1:1]", face_down=True).rules


def test_seed_examples_tg_beat_strict() -> None:
    assert tg.beats("[4:4][5:2]", "[3:1][4:1]")
    civil = tg.beats("[5:5][5:5]", "[3:1][4:1]")
    assert not civil and "TG-BEAT-STRICT" in civil.rules and "mixed pair" in str(civil)
    assert tg.beats("[6:6][6:6][6:3]", "[1:1][1:1][5:3]")
    make_up = tg.beats("[6:6][6:3][5:4]", "[1:1][1:1][5:3]")
    assert not make_up and "make-up" in str(make_up)
    assert tg.beats("[6:6][6:6]", "[1:1][1:1]")
    assert not tg.beats("[6:6][6:6]", "[5:2][4:3]")
    assert not tg.beats("[1:1]", "[6:6]")


def test_equal_never_beats_tg_beat_tie() -> None:
    tie = tg.beats("[6:6][5:4]", "[6:6][6:3]")
    assert not tie and tie.rules == ("TG-BEAT-TIE",)
    assert not tg.beats("[5:4]", "[6:3]")


def test_current_high_may_be_a_follower() -> None:
    deal = endgame("51 | 55 | 22 | 66", (2, 2, 2, 1))
    play_all(deal, "51", "55")
    verdict = deal.judge("[2:2]")
    assert not verdict and "South's high play" in str(verdict)


def test_face_down_is_always_allowed_tg_beat_optional() -> None:
    deal = endgame("51 | 66 | 22 | 11", (2, 2, 2, 1))
    deal.play("51")
    verdict = deal.judge("[6:6]", face_down=True)
    assert verdict and "TG-BEAT-OPTIONAL" in verdict.rules
    deal.discard("[6:6]")
    assert deal.trick[-1].face_up is False
    assert (
        "TG-LEAD-CLASS"
        in endgame("51 | 66 | 22 | 11", (2, 2, 2, 1)).judge("51", face_down=True).rules
    )


def test_supreme_wins_when_led_and_never_beats_tg_supreme() -> None:
    deal = endgame("42 21 | 66 66 | 11 11 | 44 44", (2, 2, 1, 1))
    assert deal.judge("[4:2][2:1]").rules == ("TG-SUPREME",)
    deal.play("[4:2][2:1]")
    assert deal.legal_plays() == []
    assert "TG-SUPREME" in deal.judge("[6:6][6:6]").rules
    assert "TG-SUPREME" in tg.beats("[4:2][2:1]", "[5:2][4:3]").rules


def test_last_face_up_play_takes_the_trick_tg_trick_winner() -> None:
    deal = endgame("51 32 | 55 41 | 22 62 | 66 43", (2, 2, 1, 1))
    play_all(deal, "51", "55", "down:22", "66")
    assert deal.tricks[-1].winner == 3 and deal.turn == 3
    assert deal.columns == (2, 2, 1, 2)


def test_columns_per_trick_tg_columns() -> None:
    deal = endgame("66 66 63 | 11 11 62 | 44 44 52 | 31 31 41", (2, 2, 1, 0))
    deal.play("[6:6][6:6][6:3]")
    for _ in range(3):
        deal.discard(deal.hands[deal.turn])
    assert deal.columns == (5, 2, 1, 0)
    assert deal.is_over and sum(deal.columns) == 8


def test_full_deal_has_eight_columns() -> None:
    deal = Deal.random(seed=11)
    while not deal.is_over:
        plays = deal.legal_plays()
        if plays:
            deal.play(plays[0])
        else:
            deal.discard(gl.Tiles(deal.hands[deal.turn][: len(deal.trick[0].pieces)]))
    assert sum(deal.columns) == 8 and len(deal.moves) >= 8


# ----- early death ------------------------------------------------------------------------


def test_early_death_forces_face_down_tg_early_death() -> None:
    deal = endgame("51 | 55 | 22 | 66", (3, 2, 2, 0))
    deal.play("51")
    assert deal.legal_plays() == [gl.tiles("55")]
    deal.play("55")
    deal.discard("22")
    assert deal.legal_plays() == []
    verdict = deal.judge("66")
    assert not verdict and "TG-EARLY-DEATH" in verdict.rules
    down = deal.judge("66", face_down=True)
    assert down and "TG-EARLY-DEATH" in down.rules
    with pytest.raises(gl.IllegalPlayError):
        deal.play("66")
    deal.discard("66")
    assert deal.winner == 1


def test_early_death_off() -> None:
    deal = endgame("51 | 55 | 22 | 66", (3, 2, 2, 0), rules=Rules(early_death=False))
    play_all(deal, "51", "55", "down:22", "66")
    assert deal.winner == 3


def test_no_early_death_on_a_last_pair() -> None:
    deal = endgame("51 51 | 55 55 | 22 22 | 66 66", (3, 2, 1, 0))
    play_all(deal, "51 51", "55 55", "down:22 22")
    assert deal.judge("66 66")


# ----- bad input loses nothing --------------------------------------------------------------


def test_refused_play_leaves_the_deal_unchanged() -> None:
    deal = Deal.random(seed=2)
    before = (deal.hands, deal.trick, deal.turn, deal.columns, deal.tricks)
    for bad in ("[7:1]", "[6:6][1:1]", "", "[6:6] [6:6] [6:6] [6:6] [6:6]"):
        with pytest.raises(gl.IllegalPlayError) as caught:
            deal.play(bad)
        assert not caught.value.verdict
    with pytest.raises(gl.IllegalPlayError):
        deal.play(deal.hands[1][:1], seat=1)
    with pytest.raises(gl.IllegalPlayError):
        deal.discard(deal.hands[0][:1])  # a leader never plays face down
    assert (deal.hands, deal.trick, deal.turn, deal.columns, deal.tricks) == before


def test_nothing_is_played_after_the_end() -> None:
    deal = endgame("66 | 11 | 22 | 33", (2, 2, 2, 1))
    play_all(deal, "66", "down:11", "down:22", "down:33")
    assert deal.is_over and deal.legal_plays() == []
    assert "TG-COLUMNS" in deal.judge("66").rules


# ----- settlement -----------------------------------------------------------------------


def test_par_zero_and_banker_double() -> None:
    # TG-PAY-PAR, TG-PAY-ZERO, TG-PAY-BANKER; North (banker) has no column: early death too
    deal = endgame("66 | 11 | 63 | 21", (3, 1, 3, 0), banker=3)
    play_all(deal, "66", "down:11", "down:63", "down:21")
    result = deal.settle()
    assert result.payments == (14, -3, -1, -10)
    text = str(result)
    assert "TG-PAY-PAR" in text and "TG-PAY-ZERO" in text and "TG-PAY-BANKER" in text
    assert sum(result.payments) == 0


def test_zero_column_option_pays_four() -> None:
    deal = endgame("66 | 11 | 63 | 21", (3, 1, 3, 0), banker=3, rules=Rules(zero_column_payment=4))
    play_all(deal, "66", "down:11", "down:63", "down:21")
    assert deal.settle().payments == (12, -3, -1, -8)


def test_above_par_is_refunded() -> None:
    deal = endgame("66 | 11 | 63 | 21", (1, 6, 0, 0), banker=2)
    play_all(deal, "66", "down:11", "down:63", "down:21")
    # South 6 columns: East pays 2; West (banker) 0 columns: 5 x 2; North 0: 5
    assert deal.settle().payments == (-2 + 10 + 5, 2, -10, -5)


def test_seed_example_banker_with_one_column_pays_six() -> None:
    deal = endgame("66 | 11 | 63 | 21", (3, 1, 3, 0), banker=1)
    play_all(deal, "66", "down:11", "down:63", "down:21")
    assert deal.settle().payments[1] == -6


def test_last_trick_bonus_little_three_tg_pay_last() -> None:
    deal = endgame("21 | 66 | 11 | 44", (1, 2, 2, 2), banker=1)
    play_all(deal, "21", "down:66", "down:11", "down:44")
    result = deal.settle()
    assert result.payments == (16, -8, -4, -4)
    assert "TG-PAY-LAST" in str(result)
    off = endgame("21 | 66 | 11 | 44", (1, 2, 2, 2), banker=1, rules=Rules(last_trick_bonus=False))
    play_all(off, "21", "down:66", "down:11", "down:44")
    assert off.settle().payments == (8, -4, -2, -2)


def test_quartet_trick_payment_and_last_bonus_tg_trickpay() -> None:
    deal = endgame("66 66 63 54 | 11 11 22 22 | 44 44 33 33 | 55 55 51 51", (1, 1, 1, 1), banker=2)
    deal.play("66 66 63 54")
    for _ in range(3):
        deal.discard(deal.hands[deal.turn])
    result = deal.settle()
    trick_lines = [p for p in result.lines if "TG-TRICKPAY" in p.rules]
    assert [p.amount for p in trick_lines] == [4, 8, 4]
    # end: 4 - 1 = 3 each, x2 last-trick bonus, x2 more for the banker
    assert result.payments == (4 + 8 + 4 + 6 + 12 + 6, -10, -20, -10)


def test_supreme_trick_payment_banker_double() -> None:
    deal = endgame("42 21 51 | 66 66 61 | 11 11 65 | 44 44 64", (2, 2, 0, 1), banker=0)
    deal.play("42 21")
    for _ in range(3):
        deal.discard(deal.hands[deal.turn][:2])
    assert [p.amount for p in deal.trick_payments] == [4, 4, 4]
    off = endgame(
        "42 21 51 | 66 66 61 | 11 11 65 | 44 44 64", (2, 2, 0, 1), rules=Rules(trick_payments=False)
    )
    off.play("42 21")
    assert off.trick_payments == []


def test_complete_game_and_its_exception_tg_pay_all() -> None:
    deal = endgame("66 | 11 | 63 | 21", (7, 0, 0, 0), banker=1)
    play_all(deal, "66", "down:11", "down:63", "down:21")
    assert "TG-PAY-ALL" in str(deal.settle())
    assert deal.settle().payments == (40, -20, -10, -10)
    banker = endgame("66 | 11 | 63 | 21", (7, 0, 0, 0), banker=0, first_lead_unbeatable=True)
    play_all(banker, "66", "down:11", "down:63", "down:21")
    result = banker.settle()
    assert "TG-PAY-ALL-EXCEPTION" in str(result) and result.payments == (30, -10, -10, -10)


def test_unbeatable_in_own_eyes_tg_pay_all_exception() -> None:
    rules = Rules()

    def unbeatable(lead: str, hand: str) -> bool:
        return tg.unbeatable_in_own_eyes(tg.classify(lead), gl.tiles(hand), rules)

    assert unbeatable("66", "66 51 52 41 32 22 33 55")
    assert unbeatable("66 54", "66 54 51 52 41 32 22 33")
    assert unbeatable("42 21", "42 21 51 52 41 32 22 33")
    assert unbeatable("11 11", "11 11 66 52 41 32 22 33")
    assert not unbeatable("11 11", "11 11 44 52 41 32 22 33")
    assert unbeatable("11", "11 66 66 52 41 32 22 33")
    assert not unbeatable("11", "11 66 44 52 41 32 22 33")


def test_exception_computed_from_a_full_deal() -> None:
    deal = Deal(
        [
            "66 66 63 54 11 11 62 53",
            "44 44 52 43 31 31 41 32",
            "55 55 33 33 22 22 65 65",
            "64 64 61 61 51 51 42 21",
        ]
    )
    play_all(deal, "66 66 63 54", "down:44 44 52 43", "down:55 55 33 33", "down:64 64 61 61")
    play_all(deal, "11 11 62 53", "down:31 31 41 32", "down:22 22 65 65", "down:51 51 42 21")
    assert deal.columns == (8, 0, 0, 0)
    assert deal.first_lead_unbeatable() is True
    result = deal.settle()
    assert "TG-PAY-ALL-EXCEPTION" in str(result)
    assert "TG-PAY-ALL)" not in str(result).replace("TG-PAY-ALL-EXCEPTION", "")


def test_big_six_captures_little_three_tg_capture() -> None:
    deal = endgame("21 | 42 | 66 | 11", (2, 2, 2, 1), banker=0)
    play_all(deal, "21", "42", "down:66", "down:11")
    result = deal.settle()
    assert deal.winner == 1
    assert result.payments == (-4 - 2 - 3, 9, 0, 0)
    assert "TG-CAPTURE" in str(result) and "TG-PAY-LAST" not in str(result)
    off = endgame("21 | 42 | 66 | 11", (2, 2, 2, 1), rules=Rules(big_six_captures=False))
    play_all(off, "21", "42", "down:66", "down:11")
    assert off.settle().payments == (-4, 9, -2, -3)


def test_one_red_dot_wins_at_once_tg_red_dot() -> None:
    hands = [
        "55 55 33 33 22 22 65 21",
        "66 66 11 11 44 44 31 31",
        "65 64 64 61 61 51 51 63",
        "54 62 53 52 43 42 41 32",
    ]
    assert sum(t.red_pips for t in gl.tiles(hands[0])) == 1
    deal = Deal(hands, rules=Rules(one_red_dot=True))
    assert deal.is_over and deal.winner == 0 and deal.legal_plays() == []
    assert "TG-RED-DOT" in deal.judge("55").rules
    result = deal.settle()
    assert result.payments == (60, -20, -20, -20)
    assert "TG-RED-DOT" in result.outcome
    assert not Deal(hands).is_over  # off by default


def test_banker_streak_both_versions_tg_streak() -> None:
    def settle(mode: str, streak: int, banker: int) -> tuple[int, ...]:
        deal = endgame(
            "66 | 11 | 63 | 21",
            (3, 1, 3, 0),
            banker=banker,
            banker_streak=streak,
            rules=Rules(banker_streak=mode),  # type: ignore[arg-type]
        )
        play_all(deal, "66", "down:11", "down:63", "down:21")
        return deal.settle().payments

    # banker East wins a second time in a row: x2 on top of the banker double
    assert settle("wins", 1, 0) == (2 * 2 * (3 + 1 + 5), -12, -4, -20)
    assert settle("off", 1, 0) == (18, -6, -2, -10)
    # "hands": the multiplier replaces the banker double: x3 in the banker's 2nd hand in a row
    # (the ruling's example: a banker losing with 1 column pays 3 x 3 = 9), x4 in his 3rd
    assert settle("hands", 1, 1) == (15, -9, -1, -5)
    assert settle("hands", 2, 1) == (18, -12, -1, -5)
    assert settle("hands", 0, 1) == settle("off", 0, 1) == (12, -6, -1, -5)  # 1st hand: x2
    assert settle("wins", 2, 1)[1] == -6  # "wins" only counts when the banker wins


def test_rules_options_are_validated() -> None:
    with pytest.raises(ValueError, match="TG-PAY-ZERO"):
        Rules(zero_column_payment=3)
    with pytest.raises(ValueError, match="TG-DEAL"):
        Rules(direction="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="TG-STREAK"):
        Rules(banker_streak="always")  # type: ignore[arg-type]
    assert Rules(direction="clockwise").direction == "clockwise"


def test_settle_needs_a_finished_deal() -> None:
    with pytest.raises(ValueError, match="still in play"):
        Deal.random(seed=1).settle()


def test_combinations_lists_a_class_strongest_first_and_follows_the_rules():
    mixed = tg.combinations("mixed-pair")
    assert len(mixed) == 8 and [c.name for c in mixed[::2]] == [
        "Heaven-nine",
        "Earth-eight",
        "Man-seven",
        "Goose-five",
    ]
    assert [c.rank for c in tg.combinations("military-pair")] == [9, 8, 7, 5]
    assert tg.combinations("quartet", tg.Rules(mixed_sets=False)) == []
    with pytest.raises(ValueError, match="civil-pair"):
        tg.combinations("pair")
