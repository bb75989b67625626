"""Questions about any finished deal (puzzles.about_deal), judged by the engine: the bank's
[[about]] templates made by the same kinds as the puzzles, with the finished deal as position."""

from __future__ import annotations

import pytest

from gupai_learn.bots import RandomPlayer, play_out
from gupai_learn.games import tien_gow as tg
from gupai_learn.games.tien_gow.bots import HeuristicPlayer
from gupai_learn.puzzles import about_deal


def finished(seed: int, players: type = HeuristicPlayer) -> tg.Deal:
    return play_out(tg.Deal.random(seed=seed), [players(seed * 4 + s) for s in range(4)])


@pytest.mark.parametrize("seed", range(12))
def test_solutions_pass_and_wrong_answers_get_reasons(seed: int) -> None:
    deal = finished(seed, RandomPlayer if seed % 2 else HeuristicPlayer)
    for puzzle in about_deal(deal):
        assert puzzle.check(None).outcome == "not-attempted"
        assert puzzle.check(puzzle.solution.answer).correct, puzzle.id
        if puzzle.answer_kind == "numbers":
            wrong = tuple(v + (1 if i == 0 else 0) for i, v in enumerate(puzzle.solution.answer))
        else:
            wrong = next(c for c in puzzle.choices if c != puzzle.solution.answer)
        feedback = puzzle.check(wrong)
        assert feedback.outcome == "incorrect" and feedback.reasons, puzzle.id


def test_the_answers_are_the_engine_state() -> None:
    deal = finished(5)
    winner, columns, pay = about_deal(deal, prefix="d5")
    assert winner.id == "d5-winner" and winner.solution.answer == deal.name(deal.winner)
    assert columns.solution.answer == deal.columns and sum(deal.columns) == 8
    assert pay.solution.answer == deal.settle().payments
    assert [p.kind for p in (winner, columns, pay)] == ["deal-fact", "won", "settle"]
    assert all(p.position is not None and p.position() is deal for p in (winner, columns, pay))


def test_columns_feedback_names_tg_columns_and_the_total() -> None:
    puzzle = about_deal(finished(2))[1]
    feedback = puzzle.check((8, 8, 8, 8))
    assert "add up to 8" in feedback.text and feedback.reasons[0].rule == "TG-COLUMNS"
    assert "four whole numbers" in puzzle.check("two, three").text


def test_winner_feedback_says_columns_do_not_decide() -> None:
    deal = finished(3)
    puzzle = about_deal(deal)[0]
    loser = next(n for s, n in enumerate(deal.seat_names) if s != deal.winner)
    feedback = puzzle.check(loser)
    assert feedback.reasons[0].rule == "TG-TRICK-WINNER" and "last trick" in feedback.text + str(
        feedback.reasons[0]
    )
    assert deal.name(deal.winner) not in feedback.text + " ".join(str(r) for r in feedback.reasons)
    assert "not one of the options" in puzzle.check("Centre").text


def test_a_deal_in_play_is_refused() -> None:
    with pytest.raises(ValueError, match="play it to the end"):
        about_deal(tg.Deal.random(seed=1))


def test_a_seat_no_payment_touches_is_explained_by_par() -> None:
    deal = next(
        d
        for d in map(finished, range(60))
        if any(c == 4 and s != d.winner for s, c in enumerate(d.columns))
    )
    seat = next(s for s, c in enumerate(deal.columns) if c == 4 and s != deal.winner)
    pay = about_deal(deal)[2]
    wrong = tuple(v + 1 if i == seat else v for i, v in enumerate(pay.solution.answer))
    feedback = pay.check(wrong)
    assert feedback.outcome == "incorrect" and "add up to +1" in feedback.text
    assert [r.rule for r in feedback.reasons] == ["TG-PAY-PAR"]
    assert "par" in feedback.reasons[0].text and deal.name(seat) in feedback.reasons[0].text
