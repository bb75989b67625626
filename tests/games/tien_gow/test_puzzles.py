"""The Tien Gow puzzle bank: what the answers are, from the engine and the solver.

The checks every bank shares (solutions pass, typical wrong answers fail citing their rule,
blank and mistyped answers) are in tests/test_puzzle_banks.py; here, what the Tien Gow kinds accept
and explain. Beat puzzles accept exactly the plays the engine allows face up; endgames exactly
the leads the solver says win.
"""

from __future__ import annotations

import re
import tomllib
from itertools import combinations
from pathlib import Path

import pytest

import gupai_learn as gl
from gupai_learn import puzzles
from gupai_learn.games import GAMES
from gupai_learn.games import tien_gow as tg
from tests.test_lessons_meta import NOT_YET_ON_CARDS
from tests.test_puzzle_banks import cites

BANK = puzzles.bank("tien_gow")
BY_ID = {p.id: p for p in BANK}
GAME = GAMES["tien_gow"]


def endgames() -> list[puzzles.Puzzle]:
    return [p for p in BANK if p.kind == "endgame"]


def test_bank_has_every_kind_of_question_with_stable_ids() -> None:
    ids = [p.id for p in BANK if "-gen-" not in p.id]  # the hand-written bank (generated: 20 more)
    assert len(ids) == 47 and all(re.fullmatch(r"tg-[a-z]+-\d\d", i) for i in ids)
    assert {p.answer_kind for p in BANK} == {"tiles", "choice", "numbers", "move"}
    families = {i.rsplit("-", 1)[0] for i in ids}
    assert families == {"tg-deal", "tg-class", "tg-lead", "tg-beat", "tg-trick", "tg-pay", "tg-end"}


def test_get_finds_a_puzzle_by_id_and_refuses_unknown_ids() -> None:
    assert puzzles.get("tg-beat-01").id == "tg-beat-01"
    assert puzzles.get("set-red-01").id == "set-red-01"
    with pytest.raises(KeyError, match="tg-nothing-99"):
        puzzles.get("tg-nothing-99")
    with pytest.raises(ValueError, match="no puzzle bank"):
        puzzles.bank("chess")


def test_deal_for_gives_a_fresh_deal_or_refuses() -> None:
    first = puzzles.deal_for("tg-beat-01")
    first.play("[4:4][5:2]")
    assert puzzles.deal_for("tg-beat-01").turn == 1, "a fresh deal each time"
    with pytest.raises(KeyError, match="not set in a deal"):
        puzzles.deal_for("tg-class-01")


# ----- reading answers -------------------------------------------------------------------------


def test_choices_are_read_by_meaning() -> None:
    puzzle = BY_ID["tg-class-01"]
    for spelled in ("a mixed pair", "A Mixed Pair", "  a mixed-pair!", "amixedpair"):
        assert puzzle.check(spelled).outcome == "correct", spelled
    assert puzzle.check(puzzle.choices.index("a mixed pair")).outcome == "correct"  # an index


def test_a_number_among_numeric_choices_is_that_number_never_an_index() -> None:
    puzzle = BY_ID["tg-deal-02"]
    assert puzzle.choices == ("1", "3", "4", "12") and puzzle.solution.answer == "3"
    assert puzzle.check(3).outcome == "correct"  # index 3 would be "12"
    assert puzzle.check(3).text == puzzle.check("3").text == puzzle.check(" 3 ").text
    assert puzzle.check(1).outcome == "incorrect" and "Not 1" in puzzle.check(1).text
    assert "not one of the options" in puzzle.check(7).text
    assert "not one of the options" in puzzle.check(-3).text
    assert "not one of the options" in puzzle.check("-3").text


def test_a_label_that_is_not_an_option_is_told_so() -> None:
    for text in ("Centre", "a pair"):
        feedback = BY_ID["tg-class-01"].check(text)
        # told so without using an attempt
        assert feedback.outcome == "not-attempted" and "not one of the options" in feedback.text


def test_pay_answers_may_be_text() -> None:
    puzzle = BY_ID["tg-pay-01"]
    assert puzzle.check("-4, 9, -2, -3").outcome == "correct"
    assert puzzle.check("−4 +9 −2 −3").outcome == "correct"  # typographic minus signs
    assert puzzle.check(("-4", "9", "-2", "-3")).outcome == "correct"  # the card's form
    assert "four whole numbers" in puzzle.check("-4 9 -2").text
    assert "four whole numbers" in puzzle.check((-4, 9.5, -2, -3)).text


def test_a_mistyped_tile_is_explained_as_notation() -> None:
    feedback = BY_ID["tg-beat-01"].check("[7:1][4:4]")
    assert feedback.outcome == "incorrect"
    assert cites(feedback, "TG-SET")
    assert "7" in str(feedback.reasons[0].text)


def test_a_face_down_answer_does_not_beat_the_table() -> None:
    feedback = BY_ID["tg-beat-01"].check("down:[4:4][5:2]")
    assert feedback.outcome == "incorrect" and "face up" in feedback.text


# ----- what the answers are, from the engine ------------------------------------------------


def _sub_multisets(pool: gl.Tiles, n: int):
    seen = set()
    for pick in combinations(sorted(pool, key=gl.Tile.sort_key), n):
        if pick not in seen:
            seen.add(pick)
            yield pick


def test_beat_puzzles_accept_exactly_the_plays_the_engine_allows_face_up() -> None:
    for puzzle in (p for p in BANK if p.kind == "beats"):
        deal = puzzles.deal_for(puzzle.id)
        allowed = {gl.Tiles(play) for play in deal.legal_plays()}
        accepted = {
            gl.Tiles(pick)
            for n in range(1, 5)
            for pick in _sub_multisets(puzzle.pool, n)
            if puzzle.check(gl.Tiles(pick)).outcome == "correct"
        }
        assert allowed and accepted == allowed, puzzle.id
        assert gl.Tiles(puzzle.solution.answer) in allowed


def test_beat_01_accepts_man_seven_and_explains_it() -> None:
    feedback = BY_ID["tg-beat-01"].check("[4:4][5:2]")
    assert feedback.outcome == "correct"
    assert cites(feedback, "TG-BEAT-STRICT")


def test_beat_04_accepts_either_heaven_triplet() -> None:
    puzzle = BY_ID["tg-beat-04"]
    assert puzzle.check("[6:6][6:6][6:3]").outcome == "correct"
    assert puzzle.check("[6:6][6:6][5:4]").outcome == "correct"


def test_beat_06_accepts_either_eight() -> None:
    puzzle = BY_ID["tg-beat-06"]
    assert puzzle.check("[6:2]").outcome == "correct"
    assert puzzle.check("[5:3]").outcome == "correct"
    assert cites(puzzle.check("[4:3]"), "TG-BEAT-TIE")


def test_tiles_outside_the_hand_are_refused_by_the_engine() -> None:
    feedback = BY_ID["tg-beat-01"].check("[6:6][6:3]")
    assert feedback.outcome == "incorrect"
    assert cites(feedback, "TG-DEAL")


def test_trick_puzzle_explains_a_face_down_play_with_the_engine_verdict() -> None:
    feedback = BY_ID["tg-trick-02"].check("West")
    assert cites(feedback, "TG-BEAT-TIE")
    assert cites(feedback, "TG-BEAT-OPTIONAL")


def test_trick_puzzle_explains_a_beaten_play() -> None:
    feedback = BY_ID["tg-trick-01"].check("East")
    assert feedback.outcome == "incorrect"
    assert cites(feedback, "TG-TRICK-WINNER")


def test_trick_puzzles_play_each_offer_face_up_exactly_when_the_engine_allows_it() -> None:
    for puzzle in (p for p in BANK if p.kind == "trick-winner"):
        deal = puzzles.deal_for(puzzle.id)
        replay = deal.restart()
        for move in deal.history[: -deal.n_seats]:
            replay.apply(move)
        for play in deal.tricks[-1].plays:
            assert replay.judge(gl.Move.play(play.pieces)).ok == play.face_up, puzzle.id
            replay.apply(play.move)
        assert puzzle.solution.answer == deal.name(deal.tricks[-1].winner)


def test_pay_puzzles_agree_with_the_worked_examples_of_the_ruling() -> None:
    # "A banker who loses with 1 column pays 3 x 2 = 6" (tg-pay-02: East has 1 column).
    assert BY_ID["tg-pay-02"].solution.answer[0] == -6
    # Supreme pair led and won by a non-banker: +2 from each non-banker, +4 from the banker.
    supreme = BY_ID["tg-pay-08"].solution
    trick = [r for r in supreme.reasons if r.rule == "TG-TRICKPAY"]
    assert [r.text.split(":")[0] for r in trick] == [
        "East pays North 4",
        "South pays North 2",
        "West pays North 2",
    ]


def test_pay_feedback_does_not_give_the_amounts_away() -> None:
    feedback = BY_ID["tg-pay-01"].check((0, 0, 0, 0))
    assert feedback.outcome == "incorrect"
    assert "9" not in " ".join(r.text for r in feedback.reasons)


def test_pay_feedback_notices_a_sum_that_is_not_zero() -> None:
    feedback = BY_ID["tg-pay-01"].check((-4, 9, -2, -2))
    assert "add up to 0" in feedback.text


def test_complete_game_exception_is_decided_by_the_engine() -> None:
    with_bonus = BY_ID["tg-pay-06"].solution.answer
    without = BY_ID["tg-pay-07"].solution.answer
    assert with_bonus[0] == 60 and without[0] == 30
    assert "TG-PAY-ALL-EXCEPTION" in BY_ID["tg-pay-07"].rules


def test_the_fixed_pay_puzzles_are_led_by_a_seat_that_won_a_trick() -> None:
    """tg-pay-05 and tg-pay-08 once had a seat with no column lead (TG-DEAL)."""
    for pid, leader in (("tg-pay-05", 1), ("tg-pay-08", 3)):
        deal = puzzles.deal_for(pid)
        start = deal.restart()
        assert start.turn == leader and start.won[leader] > 0
        assert deal.tricks[-1].winner == leader  # and they still take the trick they lead


def test_lead_verdict_explains_leads_like_the_table_does() -> None:
    assert puzzles.lead_verdict(GAME, "[6:6][6:3]").ok
    verdict = puzzles.lead_verdict(GAME, "[4:4][6:3]")
    assert not verdict.ok and "TG-LEAD-FAMILY" in verdict.rules
    too_many = puzzles.lead_verdict(GAME, "[6:6][6:6][6:6]")  # a third Heaven: not in the set
    assert not too_many.ok and too_many.reasons
    assert tg.classify("[6:6][6:3]").kind == "mixed-pair"


def test_one_red_dot_puzzle_is_decided_by_the_engine_option() -> None:
    puzzle = BY_ID["tg-deal-04"]
    feedback = puzzle.check(puzzle.solution.answer)
    assert cites(feedback, "TG-RED-DOT") and cites(feedback, "TG-RED")
    deal = puzzles.deal_for("tg-deal-04")
    assert deal.rules.one_red_dot and deal.is_over


# ----- endgames: judged by the solver ----------------------------------------------------------


@pytest.mark.parametrize("puzzle", endgames(), ids=lambda p: p.id)
def test_endgame_accepts_every_winning_lead_and_rejects_a_losing_one(puzzle) -> None:
    deal = puzzles.deal_for(puzzle.id)
    seat = deal.turn
    winning, losing = [], []
    for lead in deal.legal_plays():
        after = puzzles.deal_for(puzzle.id)
        after.play(lead)
        (winning if tg.solve(after, seat).wins else losing).append(lead)
    assert winning and losing, "an endgame puzzle needs a right and a wrong lead"
    for lead in winning:
        assert puzzle.check(gl.Tiles(lead)).outcome == "correct"
    for lead in losing:
        feedback = puzzle.check(gl.Tiles(lead))
        assert feedback.outcome == "incorrect"
        assert cites(feedback, "TG-DEAL")
        assert any("for instance" in r.text for r in feedback.reasons)


# ----- puzzles in their lessons ----------------------------------------------------------------

SYLLABUS = Path(__file__).resolve().parents[3] / "lessons" / "syllabus.toml"


def lessons_in_order() -> list[dict]:
    with SYLLABUS.open("rb") as handle:
        chapters = tomllib.load(handle)["chapters"]
    return [lesson for chapter in chapters for lesson in chapter.get("lessons", ())]


def test_a_puzzle_needs_only_rules_taught_by_its_lesson_or_before() -> None:
    """E.g. a settlement in 02.06 may not need the last-trick bonus, taught in 02.07: the rules
    its solution cites (the engine's, from the deal) are all in the syllabus up to its lesson."""
    taught: set[str] = set()
    early = []
    for lesson in lessons_in_order():
        taught |= set(lesson["rules"])
        for pid in lesson["puzzles"]:
            puzzle = puzzles.get(pid)
            cited = {r.rule for r in puzzle.solution.reasons} | set(puzzle.rules)
            early += [(lesson["file"], pid, rule) for rule in sorted(cited - taught)]
    # a lesson listed in test_lessons_meta's NOT_YET_ON_CARDS (none at present) may still order
    # puzzles ahead of their rules: reported as an expected failure until it is reworked
    pending = [e for e in early if e[0].startswith(NOT_YET_ON_CARDS)]
    assert not [e for e in early if e not in pending], early
    if pending:
        chapters = "/".join(sorted({e[0][:2] for e in pending}))
        pytest.xfail(f"{len(pending)} puzzles of chapter(s) {chapters} come before their rules")


def test_settlement_lesson_puzzles_have_no_last_trick_bonus() -> None:
    settlement = next(x for x in lessons_in_order() if x["file"].startswith("02.06"))
    for pid in settlement["puzzles"]:
        rules = {r.rule for r in puzzles.get(pid).solution.reasons}
        assert "TG-PAY-LAST" not in rules and "TG-PAY-ALL" not in rules, pid
    paid_at_once = [
        p
        for p in settlement["puzzles"]
        if any(r.rule == "TG-TRICKPAY" for r in puzzles.get(p).solution.reasons)
    ]
    assert paid_at_once, "02.06 teaches the trick payments: a card of it uses them"


@pytest.mark.parametrize("pid", ["tg-beat-07", "tg-beat-08"])
def test_single_beat_puzzles_have_exactly_one_beating_tile(pid: str) -> None:
    deal = puzzles.deal_for(pid)
    hand = deal.hands[deal.turn]
    beating = [t for t in hand if deal.judge(gl.Tiles((t,))).ok]
    assert len(beating) == 1
    puzzle = BY_ID[pid]
    assert puzzle.check(gl.Tiles(beating)).outcome == "correct"
    for tile in hand:
        if tile not in beating:
            assert puzzle.check(gl.Tiles((tile,))).outcome == "incorrect"


def test_no_hand_is_marked_high_without_a_trick_in_progress() -> None:
    """The endgame pictures show the hands before a lead: nobody holds a high play."""
    for puzzle in endgames():
        assert "gupai-high-marker" not in puzzle.drawing(), puzzle.id
    assert "\u2605 high" not in puzzles.deal_for("tg-end-01")._repr_svg_()
    deal = puzzles.deal_for("tg-end-01")
    deal.play(deal.legal_plays()[0])  # a trick in progress: its leader holds the high play
    assert deal._repr_svg_().count("gupai-high-marker") == 1
