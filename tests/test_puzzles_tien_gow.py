"""The Tien Gow puzzle bank: every puzzle answers through the engine, right and wrong.

Each puzzle's own solution passes its check; a typical wrong answer (listed here, with the rule
the feedback must cite) is rejected with a specific reason; blank answers are "not attempted";
mistyped answers never raise. Endgames accept exactly the leads the solver says win.
"""

from __future__ import annotations

import re

import pytest

import gupai_learn as gl
from gupai_learn import puzzles
from gupai_learn.games import tien_gow as tg
from gupai_learn.puzzles import tien_gow as bank_module

BANK = puzzles.bank("tien_gow")
BY_ID = {p.id: p for p in BANK}

#: A typical wrong answer per puzzle, and a rule id its feedback must cite.
WRONG = {
    "tg-deal-01": ("East", "TG-DEAL"),
    "tg-deal-02": ("12", "TG-COLUMNS"),
    "tg-deal-03": ("South", "TG-DEAL"),
    "tg-deal-04": ("nobody: the hand is played", "TG-RED"),
    "tg-class-01": ("a civil pair", "TG-LEAD-FAMILY"),
    "tg-class-02": ("a military single", "TG-LEAD-CLASS"),
    "tg-class-03": ("a triplet of one civil + two military", "TG-LEAD-CLASS"),
    "tg-class-04": ("a military pair", "TG-SUPREME"),
    "tg-class-05": ("not a valid lead", "TG-LEAD-CLASS"),
    "tg-class-06": ("a mixed pair", "TG-LEAD-CLASS"),
    "tg-lead-01": ("Yes, it is a valid lead", "TG-LEAD-CLASS"),
    "tg-lead-02": ("Yes, it is a valid lead", "TG-LEAD-CLASS"),
    "tg-lead-03": ("Yes, it is a valid lead", "TG-LEAD-FAMILY"),
    "tg-lead-04": (
        "No: two military tiles pair only when their pip totals are equal",
        "TG-LEAD-CLASS",
    ),
    "tg-lead-05": (
        "No: the only four-tile lead is a civil pair with the military pair of its family",
        "TG-LEAD-CLASS",
    ),
    "tg-lead-06": ("Yes, it is a valid lead", "TG-LEAD-CLASS"),
    "tg-lead-07": (
        "No: the civil tile and the military tile are not of one family",
        "TG-LEAD-FAMILY",
    ),
    "tg-beat-01": ("[5:5][5:5]", "TG-BEAT-STRICT"),
    "tg-beat-02": ("[2:2]", "TG-BEAT-STRICT"),
    "tg-beat-03": ("[5:3]", "TG-BEAT-TIE"),
    "tg-beat-04": ("[6:6][6:3][5:4]", "TG-BEAT-STRICT"),
    "tg-beat-05": ("[4:2][2:1]", "TG-SUPREME"),
    "tg-beat-06": ("[6:2][5:3]", "TG-BEAT-COUNT"),
    "tg-trick-01": ("North", "TG-BEAT-STRICT"),
    "tg-trick-02": ("West", "TG-BEAT-TIE"),
    "tg-trick-03": ("South", "TG-BEAT-STRICT"),
    "tg-trick-04": ("South", "TG-SUPREME"),
    "tg-trick-05": ("West", "TG-BEAT-STRICT"),
    "tg-trick-06": ("South", "TG-EARLY-DEATH"),
    "tg-pay-01": ((-2, 9, -2, -3), "TG-PAY-BANKER"),
    "tg-pay-02": ((-6, 0, 11, -5), "TG-PAY-PAR"),
    "tg-pay-03": ((-2, -2, 7, -3), "TG-PAY-LAST"),
    "tg-pay-04": ((-2, -2, 9, -5), "TG-CAPTURE"),
    "tg-pay-05": ((-8, 22, -6, -6), "TG-TRICKPAY"),
    "tg-pay-06": ((30, -10, -10, -10), "TG-PAY-ALL"),
    "tg-pay-07": ((60, -20, -20, -20), "TG-PAY-ZERO"),
    "tg-pay-08": ((-8, -4, -4, 16), "TG-PAY-LAST"),
    "tg-pay-09": ((14, -4, -4, -6), "TG-STREAK"),
}

KINDS = {"tiles", "choice", "numbers", "move"}
RULE_ID = re.compile(r"^TG-[A-Z]+(-[A-Z]+)*$")


def cites(feedback, rule: str) -> bool:
    """The feedback names ``rule``, as a reason's rule or in its text."""
    pattern = re.compile(re.escape(rule) + r"(?![A-Z-])")
    return any(r.rule == rule or pattern.search(r.text) for r in feedback.reasons) or bool(
        pattern.search(feedback.text)
    )


def endgames() -> list:
    return [p for p in BANK if p.answer_kind == "move"]


# ----- the bank as a whole -----------------------------------------------------------------


def test_bank_has_at_least_twenty_puzzles_with_unique_stable_ids():
    ids = [p.id for p in BANK]
    assert len(ids) >= 20
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"tg-[a-z]+-\d\d", i) for i in ids)


def test_bank_covers_every_kind_of_question():
    kinds = {p.answer_kind for p in BANK}
    assert {"tiles", "choice", "numbers"} <= kinds
    families = {p.id.rsplit("-", 1)[0] for p in BANK}
    assert {"tg-class", "tg-lead", "tg-beat", "tg-trick", "tg-pay"} <= families


def test_bank_is_rebuilt_identically():
    again = puzzles.bank("tien_gow")
    assert [p.id for p in again] == [p.id for p in BANK]
    assert [p.prompt for p in again] == [p.prompt for p in BANK]


def test_get_finds_a_puzzle_by_id_and_refuses_unknown_ids():
    assert bank_module.get("tg-beat-01").id == "tg-beat-01"
    with pytest.raises(KeyError):
        bank_module.get("tg-nothing-99")
    assert puzzles.get("tg-beat-01").id == "tg-beat-01"  # the package-level lookup
    assert puzzles.get("set-red-01").id == "set-red-01"
    with pytest.raises(KeyError, match="tg-nothing-99"):
        puzzles.get("tg-nothing-99")


def test_every_puzzle_has_a_wrong_answer_listed_here():
    missing = {p.id for p in BANK if p.answer_kind != "move"} - set(WRONG)
    assert not missing


# ----- each puzzle --------------------------------------------------------------------------


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
def test_puzzle_is_complete(puzzle):
    assert puzzle.answer_kind in KINDS
    assert puzzle.prompt and puzzle.title
    assert len(puzzle.hints) >= 2, "hints are graduated: at least two"
    assert puzzle.rules and all(RULE_ID.match(r) for r in puzzle.rules)
    assert puzzle.solution.text
    picture = puzzle.picture() if callable(puzzle.picture) else puzzle.picture
    assert "<svg" in picture
    if puzzle.answer_kind == "choice":
        assert puzzle.solution.answer in puzzle.choices
    if puzzle.answer_kind == "numbers":
        assert len(puzzle.labels) == 4


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
def test_solution_passes_its_own_check(puzzle):
    feedback = puzzle.check(puzzle.solution.answer)
    assert feedback.outcome == "correct", feedback.text
    assert feedback.reasons, "a right answer is explained too"


@pytest.mark.parametrize("pid", sorted(WRONG))
def test_typical_wrong_answer_gets_a_specific_reason(pid):
    answer, rule = WRONG[pid]
    feedback = BY_ID[pid].check(answer)
    assert feedback.outcome == "incorrect"
    assert cites(feedback, rule), [str(r) for r in feedback.reasons]


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
@pytest.mark.parametrize("blank", [None, "", "   ", (), []], ids=repr)
def test_blank_answer_is_not_attempted(puzzle, blank):
    assert puzzle.check(blank).outcome == "not-attempted"


@pytest.mark.parametrize("puzzle", BANK, ids=lambda p: p.id)
@pytest.mark.parametrize("typo", ["[7:1]", "6-", "Heaven!", 42, 3.5, ("x", "y")], ids=repr)
def test_mistyped_answer_never_raises(puzzle, typo):
    feedback = puzzle.check(typo)
    assert feedback.outcome == "incorrect"
    assert feedback.text


def test_a_mistyped_tile_is_explained_as_notation():
    feedback = BY_ID["tg-beat-01"].check("[7:1][4:4]")
    assert feedback.outcome == "incorrect"
    assert cites(feedback, "TG-SET")
    assert "7" in str(feedback.reasons[0].text)


def test_choices_may_be_given_by_index():
    puzzle = BY_ID["tg-class-01"]
    index = puzzle.choices.index(puzzle.solution.answer)
    assert puzzle.check(index).outcome == "correct"


def test_a_number_among_numeric_choices_is_read_as_that_choice_not_an_index():
    puzzle = BY_ID["tg-deal-02"]
    assert "3" in puzzle.choices and puzzle.choices.index("3") != 3
    assert puzzle.check(int(puzzle.solution.answer)).outcome == "correct"
    assert puzzle.check(3).text == puzzle.check("3").text


# ----- what the answers are, from the engine ------------------------------------------------


def test_beat_puzzles_accept_exactly_the_plays_the_engine_allows_face_up():
    for puzzle in (p for p in BANK if p.id.startswith("tg-beat")):
        deal = bank_module.deal_for(puzzle.id)
        allowed = {gl.Tiles(play) for play in deal.legal_plays()}
        accepted = {
            gl.Tiles(pick)
            for n in range(1, 5)
            for pick in _sub_multisets(puzzle.pool, n)
            if puzzle.check(gl.Tiles(pick)).outcome == "correct"
        }
        assert allowed and accepted == allowed, puzzle.id
        assert gl.Tiles(puzzle.solution.answer) in allowed


def test_beat_01_accepts_man_seven_and_explains_it():
    feedback = BY_ID["tg-beat-01"].check("[4:4][5:2]")
    assert feedback.outcome == "correct"
    assert cites(feedback, "TG-BEAT-STRICT")


def test_beat_04_accepts_either_heaven_triplet():
    puzzle = BY_ID["tg-beat-04"]
    assert puzzle.check("[6:6][6:6][6:3]").outcome == "correct"
    assert puzzle.check("[6:6][6:6][5:4]").outcome == "correct"


def test_beat_06_accepts_either_eight():
    puzzle = BY_ID["tg-beat-06"]
    assert puzzle.check("[6:2]").outcome == "correct"
    assert puzzle.check("[5:3]").outcome == "correct"
    assert cites(puzzle.check("[4:3]"), "TG-BEAT-TIE")


def test_tiles_outside_the_hand_are_refused_by_the_engine():
    feedback = BY_ID["tg-beat-01"].check("[6:6][6:3]")
    assert feedback.outcome == "incorrect"
    assert cites(feedback, "TG-DEAL")


def test_trick_puzzle_explains_a_face_down_play_with_the_engine_verdict():
    feedback = BY_ID["tg-trick-02"].check("West")
    assert cites(feedback, "TG-BEAT-TIE")
    assert cites(feedback, "TG-BEAT-OPTIONAL")


def test_trick_puzzle_explains_a_beaten_play():
    feedback = BY_ID["tg-trick-01"].check("East")
    assert feedback.outcome == "incorrect"
    assert cites(feedback, "TG-TRICK-WINNER")


def test_pay_puzzles_agree_with_the_worked_examples_of_the_ruling():
    # "A banker who loses with 1 column pays 3 x 2 = 6" (tg-pay-02: East has 1 column).
    assert BY_ID["tg-pay-02"].solution.answer[0] == -6
    # Supreme pair led and won by a non-banker: +2 from each non-banker, +4 from the banker.
    supreme = BY_ID["tg-pay-08"].solution
    assert any("Supreme" in r.text and r.rule == "TG-TRICKPAY" for r in supreme.reasons)


def test_pay_answers_may_be_text():
    puzzle = BY_ID["tg-pay-01"]
    assert puzzle.check("-4, 9, -2, -3").outcome == "correct"
    assert puzzle.check("-4 9 -2").outcome == "incorrect"


def test_pay_feedback_does_not_give_the_amounts_away():
    feedback = BY_ID["tg-pay-01"].check((0, 0, 0, 0))
    assert feedback.outcome == "incorrect"
    assert "9" not in " ".join(r.text for r in feedback.reasons)


def test_pay_feedback_notices_a_sum_that_is_not_zero():
    feedback = BY_ID["tg-pay-01"].check((-4, 9, -2, -2))
    assert "add up to 0" in feedback.text


def test_complete_game_exception_is_decided_by_the_engine():
    with_bonus = BY_ID["tg-pay-06"].solution.answer
    without = BY_ID["tg-pay-07"].solution.answer
    assert with_bonus[0] == 60 and without[0] == 30
    assert "TG-PAY-ALL-EXCEPTION" in BY_ID["tg-pay-07"].rules


def test_lead_verdict_explains_leads_like_the_table_does():
    assert bank_module.lead_verdict("[6:6][6:3]").ok
    verdict = bank_module.lead_verdict("[4:4][6:3]")
    assert not verdict.ok and "TG-LEAD-FAMILY" in verdict.rules
    assert tg.classify("[6:6][6:3]").kind == "mixed-pair"


# ----- endgames: judged by the solver ----------------------------------------------------------


@pytest.mark.parametrize("puzzle", endgames(), ids=lambda p: p.id)
def test_endgame_accepts_every_winning_lead_and_rejects_a_losing_one(puzzle):
    deal = bank_module.deal_for(puzzle.id)
    seat = deal.turn
    leads = deal.legal_plays()
    winning, losing = [], []
    for lead in leads:
        after = bank_module.deal_for(puzzle.id)
        after.play(lead)
        result = tg.solve(after, seat)
        (winning if result.wins else losing).append(lead)
    assert winning and losing, "an endgame puzzle needs a right and a wrong lead"
    for lead in winning:
        assert puzzle.check(gl.Tiles(lead)).outcome == "correct"
    for lead in losing:
        feedback = puzzle.check(gl.Tiles(lead))
        assert feedback.outcome == "incorrect"
        assert feedback.reasons


def _sub_multisets(pool, n):
    from itertools import combinations

    seen = set()
    for pick in combinations(sorted(pool, key=gl.Tile.sort_key), n):
        if pick not in seen:
            seen.add(pick)
            yield pick


def test_one_red_dot_puzzle_is_decided_by_the_engine_option():
    puzzle = BY_ID["tg-deal-04"]
    feedback = puzzle.check(puzzle.solution.answer)
    assert cites(feedback, "TG-RED-DOT") and cites(feedback, "TG-RED")
    deal = bank_module.deal_for("tg-deal-04")
    assert deal.rules.one_red_dot and deal.is_over
