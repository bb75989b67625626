"""Each game's ladder (issues 26 and 34): its puzzles in rising difficulty, every puzzle rated
1 to 5 (move puzzles by measured evidence — which computer levels find the answer, how many
plausible moves lose —, other kinds by what they ask), the same rating rule on every bank, and
a ladder that opens at the first puzzle not yet solved."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from gupai_learn import puzzles
from gupai_learn.games import GAMES
from gupai_learn.puzzles import generate, progress
from gupai_learn.puzzles.loader import make, rating_of, raw
from gupai_learn.puzzles.model import KIND_RATINGS
from gupai_learn.widgets import PuzzleSet
from gupai_learn.widgets.puzzle_set import ladder_order, rating_dots


@pytest.fixture(autouse=True)
def own_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    file = tmp_path / "progress.json"
    monkeypatch.setenv(progress.ENV, str(file))
    return file


@pytest.mark.parametrize("game", list(GAMES))
def test_a_ladder_climbs_by_rating_then_depth_then_id(game: str) -> None:
    shelf = PuzzleSet(puzzles.bank(game), title=game, ladder=True)
    keys = [(p.rating, p.depth, p.id) for p in shelf.puzzles]
    assert keys == sorted(keys) and len(keys) == len(puzzles.bank(game))
    assert shelf.puzzles[0].rating == 1 and shelf.puzzles[-1].rating == 5
    assert shelf.index == 0 and shelf.count.value == f"0 of {len(keys)} solved, ★ 0"
    first = shelf.picker.options[0][0]
    assert rating_dots(shelf.puzzles[0].rating) in first and "●○○○○" in first


def measured(game: str) -> list[tuple[str, dict[str, Any]]]:
    """Every move puzzle of a game's bank (written and generated) with its difficulty table."""
    tables = [(d["id"], d["difficulty"]) for d in raw(game)["puzzle"] if "difficulty" in d]
    path = generate.default_path(game)
    bank = tomllib.loads(path.read_text("utf-8"))
    return tables + [(d["id"], d["difficulty"]) for d in bank["puzzle"]]


@pytest.mark.parametrize("game", list(GAMES))
def test_ratings_follow_the_evidence_on_every_bank(game: str) -> None:
    """Issue 34: a rating is what its evidence says (the same rule for every bank): 4 and 5
    only where the heuristic player fails, 1 where it and the random player mostly succeed;
    the game's move puzzles reach from the heuristic's own to the strong player's misses."""
    tables = measured(game)
    assert tables
    for pid, table in tables:
        evidence = generate.Evidence.from_table(table)
        rating = table["rating"]
        assert rating == generate.rating(evidence), pid
        if rating >= 4:
            assert evidence.heuristic < generate.MOSTLY, pid
        if evidence.heuristic >= generate.MOSTLY and evidence.random >= generate.MOSTLY:
            assert rating == 1, pid
        if evidence.heuristic >= generate.MOSTLY or evidence.random >= generate.MOSTLY:
            assert rating <= 3, pid
    ratings = {t["rating"] for _, t in tables}
    assert max(ratings) == 5 and len(ratings) >= 3, sorted(ratings)


def test_a_new_ladder_opens_at_the_next_unsolved_rung() -> None:
    shelf = PuzzleSet(puzzles.bank("tien_gow"), title="Tien Gow", ladder=True)
    ladder = shelf.puzzles
    progress.record(ladder[0].id, 3)
    progress.record(ladder[1].id, 2)
    progress.record(ladder[3].id, 1)
    again = PuzzleSet(puzzles.bank("tien_gow"), title="Tien Gow", ladder=True)
    assert again.index == 2 and again.card.puzzle is ladder[2]
    assert again.count.value == f"3 of {len(ladder)} solved, ★ 6"
    assert again.picker.options[0][0].startswith("★★★ 1. ●")
    assert again.rung.value == f"Rung 3 of {len(ladder)} · difficulty " + rating_dots(
        ladder[2].rating
    )
    assert again.next_unsolved(3) == 4  # the solved fourth rung is skipped
    plain = PuzzleSet(puzzles.bank("tien_gow"))
    assert plain.index == 0 and plain.puzzles == puzzles.bank("tien_gow")


def test_a_ladder_of_solved_puzzles_opens_at_its_top() -> None:
    few = ladder_order(puzzles.bank("bergen")[:3])
    for p in few:
        progress.record(p.id, 3)
    shelf = PuzzleSet(few, ladder=True)
    assert shelf.index == 2 and shelf.count.value == "3 of 3 solved, ★ 9"


def test_rating_dots_and_bad_ladder_setting() -> None:
    assert rating_dots(3) == "●●●○○" and rating_dots(1) == "●○○○○"
    with pytest.raises(ValueError, match="ladder"):
        PuzzleSet(puzzles.bank("bergen")[:2], ladder="yes")  # type: ignore[arg-type]


def test_kinds_without_a_measure_are_rated_by_what_they_ask() -> None:
    tg = {p.id: p for p in puzzles.bank("tien_gow")}
    assert tg["tg-class-01"].rating == 1 and tg["tg-class-01"].depth == 0
    kinds = {d["kind"] for name in puzzles.BANKS for d in raw(name)["puzzle"]}
    assert kinds <= set(KIND_RATINGS)
    with pytest.raises(ValueError, match="1 to 5"):
        rating_of({"kind": "endgame", "difficulty": {"rating": 7}})


@pytest.mark.parametrize("game", [g for g in GAMES if g in puzzles.BANKS])
def test_written_move_puzzles_carry_their_measured_difficulty(game: str) -> None:
    """Every written move puzzle has the difficulty ``generate --rate`` measures for it now
    (the same figures the generator writes for its own puzzles)."""
    bank = raw(game)
    written = [d for d in bank["puzzle"] if generate.needs_planning(d)]
    assert written
    for data in written:
        deal = make(data, GAMES[game], bank).position
        assert deal is not None
        assert data["difficulty"] == generate.measure_entry(GAMES[game], data, deal(), 10**6)


def test_the_rating_rule() -> None:
    """Which computer levels find the answer decide the band; plausible losing moves add one
    within it."""

    def rated(random: float, heuristic: float, strong: tuple[float, ...], plausible: int) -> int:
        evidence = generate.Evidence(random, heuristic, strong, 4, 3, plausible, 4, 100)
        return generate.rating(evidence)

    assert rated(0.75, 1.0, (1.0, 1.0, 1.0), 3) == 1
    assert rated(0.25, 1.0, (1.0, 1.0, 1.0), 0) == 2
    assert rated(0.25, 1.0, (1.0, 1.0, 1.0), 3) == 3
    assert rated(0.25, 0.0, (1.0, 1.0, 1.0), 0) == 3
    assert rated(0.25, 0.0, (0.0, 1.0, 1.0), 0) == 4
    assert rated(0.25, 0.0, (0.0, 0.0, 0.0), 0) == 5
    assert rated(0.25, 0.0, (0.0, 1.0, 1.0), 3) == 5
    assert rated(0.75, 0.0, (1.0, 1.0, 1.0), 0) == 3  # the heuristic misses it: never 1
    assert rated(0.75, 0.0, (0.0, 0.0, 0.0), 3) == 3  # but random play finds it: at most 3
    table = generate.Evidence(0.25, 0.0, (0.0, 1.0, 1.0), 4, 3, 1, 4, 100).table()
    assert generate.Evidence.from_table(table).table() == table and table["rating"] == 4


@pytest.mark.parametrize("game", list(GAMES))
def test_a_third_of_every_games_ladder_needs_planning(game: str) -> None:
    """Issue 26: at least 35% of each game's puzzles are endgames the solver measures."""
    ladder = puzzles.bank(game)
    planning = [p for p in ladder if p.depth > 0]
    assert len(planning) >= 0.35 * len(ladder), (len(planning), len(ladder))
