"""The benchmark's pieces work; they are not timed here (`python -m gupai_learn.bench` is)."""

from __future__ import annotations

import pytest

from gupai_learn import bench


def test_tien_gow_playout_plays_a_whole_deal_and_is_seeded() -> None:
    moves = bench.tien_gow_random_playout(7)
    # four plays per trick; at least 2 tricks (leads of 4 tiles), at most 8 (single leads)
    assert moves % 4 == 0 and 8 <= moves <= 32
    assert bench.tien_gow_random_playout(7) == moves


def test_peer_playout_runs() -> None:
    pytest.importorskip("dominoes")
    assert bench.dominoes_random_playout(7) > 0


def test_paired_rates_alternate_and_give_the_median_ratio() -> None:
    calls: list[str] = []

    def ours(seed: int) -> int:
        calls.append("ours")
        return 2

    def theirs(seed: int) -> int:
        calls.append("theirs")
        return 1

    mine, peer, ratio = bench.paired_rates(ours, theirs, seconds=0.01, rounds=3)
    assert mine > 0 and peer > 0 and ratio > 0
    assert calls[0] == "theirs" and "ours" in calls
    assert bench.legal_leads_time(samples=5) > 0


def test_tet_gow_playout_and_solver_rows_run() -> None:
    moves = bench.tet_gow_random_playout(7)
    assert moves % 4 == 0 and 8 <= moves <= 32 and bench.tet_gow_random_playout(7) == moves
    median, worst = bench.tet_gow_solver_times(size=2, count=2)
    assert 0 < median <= worst


def test_bagchen_rows_play_whole_deals_and_solve() -> None:
    moves = bench.bagchen_random_playout(7)
    assert moves % 4 == 0 and 16 <= moves <= 64 and bench.bagchen_random_playout(7) == moves
    assert bench.bagchen_legal_leads_time(samples=5) > 0
    deal = bench._bagchen_endgame(3, 2)
    assert [len(h) for h in deal.hands] == [2] * 4 and sum(deal.won) == 14


def test_sim_rates_measure_one_and_two_processes() -> None:
    one, two = bench.sim_rates("tien_gow", deals=8)
    assert one > 0 and two > 0


def test_ding_niu_playout_plays_a_whole_hand_and_is_seeded() -> None:
    moves = bench.ding_niu_random_playout(7)
    assert 2 <= moves <= 24 + 8
    assert bench.ding_niu_random_playout(7) == moves


def test_ding_niu_solver_times_run() -> None:
    two, three = bench.ding_niu_solver_times(count=3)
    assert two > 0 and three > 0


def test_bergen_playout_plays_a_whole_round_and_is_seeded() -> None:
    moves = bench.bergen_random_playout(7)
    # at least the opening and a few plays; at most every tile drawn and played plus passes
    assert 4 <= moves <= 28 + 28 + 40
    assert bench.bergen_random_playout(7) == moves
    assert len({bench.bergen_random_playout(s) for s in range(10)}) > 1


def test_bergen_row_prints(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("dominoes")
    bench.bergen_rows(seconds=0.01, rounds=1)
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
