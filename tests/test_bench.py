"""The benchmark's pieces work; they are not timed here (`python -m gupai_learn.bench` is)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gupai_learn import bench
from gupai_learn.engine import playouts
from gupai_learn.games import GAMES
from gupai_learn.games.bagchen import bench as bagchen_bench
from gupai_learn.games.bergen import bench as bergen_bench
from gupai_learn.games.ding_niu import bench as ding_niu_bench
from gupai_learn.games.tet_gow import bench as tet_gow_bench
from gupai_learn.games.tien_gow import bench as tien_gow_bench


def test_tien_gow_playout_plays_a_whole_deal_and_is_seeded() -> None:
    moves = tien_gow_bench.tien_gow_random_playout(7)
    # four plays per trick; at least 2 tricks (leads of 4 tiles), at most 8 (single leads)
    assert moves % 4 == 0 and 8 <= moves <= 32
    assert tien_gow_bench.tien_gow_random_playout(7) == moves


def test_peer_playout_runs() -> None:
    pytest.importorskip("dominoes")
    assert playouts.dominoes_random_playout(7) > 0


def test_paired_rates_alternate_and_give_the_median_ratio() -> None:
    calls: list[str] = []

    def ours(seed: int) -> int:
        calls.append("ours")
        return 2

    def theirs(seed: int) -> int:
        calls.append("theirs")
        return 1

    mine, peer, ratio = playouts.paired_rates(ours, theirs, seconds=0.01, rounds=3)
    assert mine > 0 and peer > 0 and ratio > 0
    assert calls[0] == "theirs" and "ours" in calls
    calls.clear()  # one round of two slices: theirs, ours, then ours, theirs
    playouts.paired_rates(ours, theirs, seconds=0.02, rounds=1, slices=2)
    assert calls[0] == "theirs" and calls[-1] == "theirs" and "ours" in calls
    assert tien_gow_bench.legal_leads_time(samples=5) > 0


def test_tet_gow_playout_and_solver_rows_run() -> None:
    moves = tet_gow_bench.tet_gow_random_playout(7)
    assert moves % 4 == 0 and 8 <= moves <= 32 and tet_gow_bench.tet_gow_random_playout(7) == moves
    median, worst = tet_gow_bench.tet_gow_solver_times(size=2, count=2)
    assert 0 < median <= worst


def test_bagchen_rows_play_whole_deals_and_solve() -> None:
    moves = bagchen_bench.bagchen_random_playout(7)
    assert moves % 4 == 0 and 16 <= moves <= 64 and bagchen_bench.bagchen_random_playout(7) == moves
    assert bagchen_bench.bagchen_legal_leads_time(samples=5) > 0
    deal = bagchen_bench._bagchen_endgame(3, 2)
    assert [len(h) for h in deal.hands] == [2] * 4 and sum(deal.won) == 14


def test_sim_rates_measure_one_and_two_processes() -> None:
    one, two = bench.sim_rates("tien_gow", deals=8)
    assert one > 0 and two > 0


def test_ding_niu_playout_plays_a_whole_hand_and_is_seeded() -> None:
    moves = ding_niu_bench.ding_niu_random_playout(7)
    assert 2 <= moves <= 24 + 8
    assert ding_niu_bench.ding_niu_random_playout(7) == moves


def test_ding_niu_solver_times_run() -> None:
    two, three = ding_niu_bench.ding_niu_solver_times(count=3)
    assert two > 0 and three > 0


def test_bergen_playout_plays_a_whole_round_and_is_seeded() -> None:
    moves = bergen_bench.bergen_random_playout(7)
    # at least the opening and a few plays; at most every tile drawn and played plus passes
    assert 4 <= moves <= 28 + 28 + 40
    assert bergen_bench.bergen_random_playout(7) == moves
    assert len({bergen_bench.bergen_random_playout(s) for s in range(10)}) > 1


def test_bergen_row_prints(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dominoes")
    bergen_bench.bergen_rows(seconds=0.01, rounds=1)
    assert "Bergen random playout" in capsys.readouterr().out


def test_running_the_module_calls_main() -> None:
    """``python -m gupai_learn.bench`` reaches main() (its --help is main's parser)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "gupai_learn.bench", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "--quick" in done.stdout


def test_solver_rows_of_issue_26_run() -> None:
    median, worst, nodes, decided = bench.endgame_solve_times("bagchen", 2, 3)
    assert 0 <= median <= worst and nodes > 0 and decided == 3


def test_main_prints_both_playout_rows_of_every_trick_game_and_the_line_rows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every playout row is printed: the listed path and the user-style path of each trick
    game (Tien Gow's included), Bull Fight's and Bergen's, each with its ratio to the peer.
    The timed and slow parts are replaced by stand-ins that name the playout they were given."""
    seen: list[str] = []

    def rates(ours: object, theirs: object, seconds: float, rounds: int) -> tuple[float, ...]:
        seen.append(getattr(ours, "__name__", ""))
        return 1000.0, 500.0, 2.0

    stand_ins: dict[str, object] = {
        "paired_rates": rates,
        "solver_times": lambda quick: [],
        "bagchen_solver_times": lambda quick: [],
        "tet_gow_solver_times": lambda size=3, count=30: (0.0, 0.0),
        "ding_niu_solver_times": lambda count=20: (0.0, 0.0),
        "move_form_times": lambda samples=2000: {"Tiles": 1.0},
        "legal_leads_time": lambda samples=2000: 0.0,
        "legal_moves_time": lambda samples=2000: 0.0,
        "bagchen_legal_leads_time": lambda samples=2000: 0.0,
    }
    # each game's rows live in its own bench module, which imports what it calls
    benches = [info.bench for info in GAMES.values() if info.bench is not None]
    modules = [bench, *(sys.modules[b.rows.__module__] for b in benches)]
    for module in modules:
        for name, stand_in in stand_ins.items():
            if name in vars(module):
                monkeypatch.setattr(module, name, stand_in)
    for slow in ("search_rows", "memory_rows", "strong_rows", "sim_rows", "click_rows"):
        monkeypatch.setattr(bench, slow, lambda quick: None)
    bench.main(["--quick"])
    out = capsys.readouterr().out
    for info in GAMES.values():
        assert f"{info.title} random playout, public API" in out
        assert f"{info.name}_random_playout" in seen
        if info.family == "trick":
            assert f"{info.title} user-style random player" in out
            assert f"{info.name}_user_playout" in seen
    assert out.count("ratio 2.00") == sum(1 + (i.family == "trick") for i in GAMES.values())


def test_playouts_are_timed_in_cpu_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rates count CPU time, not wall-clock time (the machine may be shared)."""
    clock = iter(range(100))
    monkeypatch.setattr(playouts.time, "process_time", lambda: float(next(clock)))
    wall = iter(range(0, 1000, 10))  # a wall clock racing ahead (other processes running)
    monkeypatch.setattr(playouts.time, "perf_counter", lambda: float(next(wall)))
    # clock 0 at the start, 1: play a deal of 3 moves, 2: stop, 3: the time taken
    assert playouts._moves_per_second(lambda seed: 3, 1.5, 0) == pytest.approx(3 / 3)


def test_practice_row_times_a_choice_without_touching_the_learners_file(
    fresh_progress: Path,
) -> None:
    read, pick = bench.practice_times(answered=20, picks=3)
    assert read >= 0 and 0 < pick < 1
    assert not fresh_progress.exists()


def test_reviews_keep_memory_flat() -> None:
    """Issue 32: reviews of different Tien Gow deals in one process do not pile up solver
    caches (before, ten reviews grew the peak by about 65 MB after the third)."""
    from gupai_learn.bench import review_memory

    first, last = review_memory(deals=10, after=3)
    assert 0 < first <= last <= first + 15, (first, last)


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="Linux's /proc only")
def test_the_memory_row_measures_its_own_process_not_the_one_that_started_it() -> None:
    """The row's fresh process reports its own peak: on Linux ``ru_maxrss`` carries over the
    peak of the process that started it (the bench, after its solver rows), which hid what the
    reviews themselves use and any growth below it."""
    from gupai_learn.bench import review_memory

    ballast = bytearray(300 * 2**20)  # this process's peak now holds 300 MB more
    ballast[:: 2**12] = b"x" * len(ballast[:: 2**12])  # touched, so resident
    first, last = review_memory(deals=2, after=1)
    assert 0 < first <= last < 200, (first, last)
    del ballast


def test_strong_rows_time_decisions_with_a_choice(capsys: pytest.CaptureFixture[str]) -> None:
    walls, cpus = bench.strong_move_times("tet_gow", 1)
    assert walls and len(walls) == len(cpus) and all(t >= 0 for t in walls + cpus)


def test_tien_gow_solver_rows_cover_both_sets_of_endgames() -> None:
    """Issue 36: the played-down endgames and a second set dealt at random, 30 of each."""
    sets = GAMES["tien_gow"].bench.endgames
    assert set(sets) == {"played down", "dealt at random"}
    for make in sets.values():
        median, worst, nodes, decided = bench.endgame_solve_times("tien_gow", 3, 2, make)
        assert 0 <= median <= worst and nodes > 0 and decided == 2
    dealt = sets["dealt at random"](4, 5)
    assert len({len(h) for h in dealt.hands}) == 1 and sum(dealt.columns) == 3
