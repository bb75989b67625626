"""Bergen's puzzle bank and chapter 05 (rules/bergen.md): the kinds it needs answer from the
engine, and the seed's blocked example reads with the seats' names."""

from __future__ import annotations

import pytest

from gupai_learn import puzzles
from gupai_learn.games import bergen
from gupai_learn.puzzles.loader import raw

SEED = ["[0:0] [2:1]", "[1:1]", "[2:2]"]


def test_blocked_clauses_name_the_seats_when_given_names() -> None:
    decided = bergen.decide_blocked(SEED, "german", ("A", "B", "C"))
    texts = [r.text for r in decided.clauses]
    assert decided.winner == 1 and "B is lowest" in texts[-2] and texts[-1].endswith("B scores 2")
    assert "seat 1 is lowest" in bergen.decide_blocked(SEED, "german").clauses[-2].text
    with pytest.raises(ValueError, match="one name per hand"):
        bergen.decide_blocked(SEED, "german", ("A", "B"))


def test_a_blocked_deal_names_its_seats_in_the_clauses() -> None:
    bank = {p.id: p for p in puzzles.bank("bergen")}
    deal = bank["be-block-01"].position()
    assert deal.ending == "blocked" and deal.blocked is not None
    assert all("seat " not in r.text for r in deal.blocked.clauses)


BANK = {p.id: p for p in puzzles.bank("bergen")}


def test_the_bank_has_the_puzzles_the_issue_asks_for() -> None:
    kinds = {p.kind for p in BANK.values()}
    assert len(BANK) >= 25
    assert {"line-score", "line-move", "round-end", "deal-fact", "line-fit"} <= kinds
    rules = {r for p in BANK.values() for r in p.rules}
    assert {"BE-HEADER-CAP", "BE-END-BLOCKED", "BE-END-DOMINO", "BE-RESERVE"} <= rules


@pytest.mark.parametrize("pid", [i for i, p in BANK.items() if p.kind == "line-score"])
def test_a_score_puzzle_agrees_with_header_after(pid: str) -> None:
    """The kind reads the awards after the play; Deal.header_after asks the headers alone."""
    puzzle = BANK[pid]
    deal = puzzle.position()
    (entry,) = [d for d in raw("bergen")["puzzle"] if d["id"] == pid]
    tile, _, end = entry["play"].partition(">")  # the play the card asks about, in notation
    header = deal.header_after(tile, end or None)
    going_out = len(deal.hands[deal.turn]) == 1
    assert puzzle.solution.answer == header.points + 2 * going_out


@pytest.mark.parametrize("pid", [i for i in BANK if i.startswith("be-block-")])
def test_a_blocked_puzzle_agrees_with_blocked_winner(pid: str) -> None:
    deal = BANK[pid].position()
    seat, points = bergen.blocked_winner(deal.hands, deal.rules.blocked_rule)
    assert BANK[pid].solution.answer == ("nobody scores" if seat is None else deal.name(seat))
    assert points == {None: 0}.get(seat, bergen.settle.BLOCKED_POINTS[deal.rules.blocked_rule])


def test_the_seed_example_under_the_three_books() -> None:
    """German → B, American → A, simple → B (+1): the seed's blocked position (South is B)."""
    assert [BANK[f"be-block-0{i}"].solution.answer for i in (1, 2, 3)] == ["South", "East", "South"]
    assert BANK["be-block-01"].position().round_points[1] == 1


def test_a_score_move_puzzle_refuses_a_legal_play_that_scores_less() -> None:
    feedback = BANK["be-where-02"].check("[4:2]>left")
    assert feedback.outcome == "incorrect" and "scores 2" in feedback.text
    assert BANK["be-where-02"].check("[4:2]>right").outcome == "correct"


def test_a_chapter_05_puzzle_needs_only_rules_taught_by_its_lesson_or_before() -> None:
    """The lessons of chapter 05 in order: each card cites only rule ids that its lesson or an
    earlier one of the chapter teaches (lessons/syllabus.toml)."""
    import tomllib
    from pathlib import Path

    syllabus = Path(__file__).resolve().parents[3] / "lessons" / "syllabus.toml"
    chapter = next(
        c
        for c in tomllib.loads(syllabus.read_text(encoding="utf-8"))["chapters"]
        if c["game"] == "bergen"
    )
    taught: set[str] = set()
    early = []
    for lesson in chapter.get("lessons", ()):
        taught |= set(lesson["rules"])
        for pid in lesson["puzzles"]:
            early += [(lesson["file"], pid, r) for r in BANK[pid].rules if r not in taught]
    assert chapter["status"] == "ready" and not early, early


@pytest.mark.parametrize("pid", sorted(BANK))
def test_a_picture_shows_points_only_while_the_round_is_in_play(pid: str) -> None:
    """Once a round is over, its points would tell who won it (a blocked round's award)."""
    puzzle = BANK[pid]
    if puzzle.position is None:
        return
    shown = "points this round" in puzzle.drawing()
    assert not (shown and puzzle.position().is_over)
    assert shown or not pid.startswith("be-endgame-"), "an endgame states the points so far"
