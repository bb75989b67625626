"""Each game's ladder (issue 26 item 2): its puzzles in rising difficulty, every puzzle rated
1 to 5 (endgames measured by the solver, other kinds by what they ask), every game's endgames
spread from 1 to 5, and a ladder that opens at the first puzzle not yet solved."""

from __future__ import annotations

import tomllib
from pathlib import Path

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


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_endgames_spread_from_one_to_five(game: str) -> None:
    """The generated endgames of each game hold every rating, and none has most of them."""
    rated = [p.rating for p in puzzles.bank(game) if p.depth >= 4]
    counts = [rated.count(r) for r in range(1, 6)]
    assert all(counts) and max(counts) <= len(rated) // 2, counts


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


def _written_endgames(game: str) -> list[dict]:
    """The hand-written endgames of ``game``'s bank (none when it has no bank)."""
    if game not in puzzles.BANKS:
        return []
    return [d for d in raw(game)["puzzle"] if generate.needs_planning(d)]


@pytest.mark.parametrize("game", [g for g in GAMES if _written_endgames(g)])
def test_written_endgames_carry_a_measured_rating(game: str) -> None:
    """Every written endgame has the difficulty the solver measures for it (the same figures
    the generator writes), rated against its game's generated endgames."""
    bank = raw(game)
    cuts = generate.bank_cuts(game)
    written = _written_endgames(game)
    for data in written:
        deal = make(data, GAMES[game], bank).position
        assert deal is not None
        table = generate.measure_entry(GAMES[game], deal(), 10**6)
        table["rating"] = generate.rate(table["score"], cuts)
        assert data["difficulty"] == table, data["id"]


def test_generated_ratings_are_their_scores_place_in_the_game() -> None:
    for path in sorted(Path(generate.__file__).parent.glob("banks/generated/*.toml")):
        tables = [p["difficulty"] for p in tomllib.loads(path.read_text("utf-8"))["puzzle"]]
        cuts = generate.cut_points([t["score"] for t in tables])
        assert [t["rating"] for t in tables] == [generate.rate(t["score"], cuts) for t in tables]


def test_hardness_grows_with_what_makes_a_position_hard() -> None:
    base = generate.hardness(4, 1, 0, False, 100)
    assert generate.hardness(5, 1, 0, False, 100) > base
    assert generate.hardness(4, 3, 0, False, 100) > base
    assert generate.hardness(4, 1, 1, False, 100) > base
    assert generate.hardness(4, 1, 0, True, 100) > base
    assert generate.hardness(4, 1, 0, False, 10_000) > base
    assert generate.cut_points([1.0, 2.0, 3.0, 4.0, 5.0]) == (1.0, 2.0, 3.0, 4.0)
    assert [generate.rate(s, (1.0, 2.0, 3.0, 4.0)) for s in (1, 2, 3, 4, 5)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_third_of_every_games_ladder_needs_planning(game: str) -> None:
    """Issue 26: at least 35% of each game's puzzles are endgames the solver measures."""
    ladder = puzzles.bank(game)
    planning = [p for p in ladder if p.depth > 0]
    assert len(planning) >= 0.35 * len(ladder), (len(planning), len(ladder))
