"""The puzzle generator (gupai_learn/puzzles/generate.py, issue 26): impossible settings write
nothing, a seed always gives the same puzzles, and every generated entry (in the files under
puzzles/banks/generated/ and in a fresh run) loads as a bank puzzle whose answer the solver
proves to be the only one (equal positions counted once), whose solution passes and whose
wrong answer fails citing its rule."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from gupai_learn.games import GAMES
from gupai_learn.puzzles import generate
from gupai_learn.puzzles.loader import make, raw, with_bank_tables

GENERATED = Path(generate.__file__).parent / "banks" / "generated"
FILES = sorted(GENERATED.glob("*.toml"))


def entries_of(path: Path) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """The entries of a generated file, with the bank the loader reads them with (the game
    bank's tables under the file's own)."""
    bank = with_bank_tables(path.stem, tomllib.loads(path.read_text(encoding="utf-8")))
    return [(bank["game"], data, bank) for data in bank["puzzle"]]


GENERATED_ENTRIES = [e for path in FILES for e in entries_of(path)]


@pytest.mark.parametrize(
    "args, says",
    [
        (["tien_gow", "--count", "0"], "at least one puzzle"),
        (["tien_gow", "--count", "-3"], "at least one puzzle"),
        (["bagchen", "--min-depth", "0"], "1 or more"),
        (["tien_gow", "--min-depth", "9"], "holds only 8 pieces"),
        (["ding_niu", "--min-depth", "7"], "holds only 6 pieces"),
        (["mahjong"], "no game 'mahjong'"),
    ],
)
def test_impossible_settings_say_so_and_write_nothing(
    args: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    target = tmp_path / "out.toml"
    monkeypatch.setattr(generate, "default_path", lambda game: target)
    assert generate.main(args) == 2
    err = capsys.readouterr().err
    assert says in err and "nothing written" in err and len(err.strip().splitlines()) == 1
    assert not target.exists()


def test_a_seed_always_gives_the_same_puzzles() -> None:
    info = GAMES["ding_niu"]
    first = [
        generate.entry(info, p, i, 5) for i, p in enumerate(generate.generate("ding_niu", 2, 4, 5))
    ]
    again = [
        generate.entry(info, p, i, 5) for i, p in enumerate(generate.generate("ding_niu", 2, 4, 5))
    ]
    assert first and first == again


def test_a_fresh_run_writes_a_bank_that_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "ding_niu.toml"
    monkeypatch.setattr(generate, "default_path", lambda game: target)
    assert generate.main(["ding_niu", "--count", "2", "--min-depth", "4", "--seed", "7"]) == 0
    for game, data, bank in entries_of(target):
        check_entry(game, data, bank)


def check_entry(game: str, data: dict[str, Any], bank: dict[str, Any]) -> None:
    info = GAMES[game]
    puzzle = make(data, info, bank)
    assert puzzle.check(puzzle.solution.answer).outcome == "correct"
    for wrong in data["wrong"]:
        feedback = puzzle.check(wrong["answer"])
        assert feedback.outcome == "incorrect"
        assert wrong["rule"] in {r.rule for r in feedback.reasons}
        assert wrong["answer"] not in " ".join(data["hints"][:1])
    start = puzzle_deal(info, data)
    found = generate.prove(info, start, 10**6)
    assert found is not None, "exactly one distinct first move forces the goal"
    name = start.name(start.turn)
    told = " ".join(data["hints"])
    assert f"{name} leads" not in told and f"{name} places" not in told  # never the answer
    difficulty = data["difficulty"]
    assert 1 <= difficulty["rating"] <= 5 and difficulty["depth"] >= 4
    assert difficulty["depth"] == generate.depth_of(info, start, start.turn)


def puzzle_deal(info: Any, data: dict[str, Any]) -> Any:
    state = dict(data.get("state", {}))
    state.update({k: data[k] for k in ("won", "leader") if k in data})
    return info.Deal.from_script(data["hands"], data.get("moves", ()), **state)


@pytest.mark.parametrize(
    "game, data, bank", GENERATED_ENTRIES, ids=[d["id"] for _, d, _ in GENERATED_ENTRIES]
)
def test_every_generated_entry_replays_and_is_proved(
    game: str, data: dict[str, Any], bank: dict[str, Any]
) -> None:
    check_entry(game, data, bank)


def test_generated_banks_copy_their_games_roles() -> None:
    for path in FILES:
        bank = tomllib.loads(path.read_text(encoding="utf-8"))
        assert path.stem == bank["game"] and bank["roles"] == raw(bank["game"])["roles"]
        ids = [p["id"] for p in bank["puzzle"]]
        assert len(ids) == len(set(ids))


def test_the_banks_hold_enough_proved_endgames() -> None:
    """Issue 26: at least 300 puzzles in all, and every game at least 20 generated endgames
    of depth 4 or more (they load with the game's bank)."""
    from gupai_learn import puzzles

    assert sum(len(puzzles.bank(name)) for name in puzzles.BANKS) >= 300
    for game in GAMES:
        deep = [d for g, d, _ in GENERATED_ENTRIES if g == game and d["difficulty"]["depth"] >= 4]
        assert len(deep) >= 20, game
        ids = {p.id for p in puzzles.bank(game)}
        assert {d["id"] for d in deep} <= ids
