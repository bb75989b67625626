"""What ``beats`` says when a play does not beat: a whole sentence naming both plays."""

from __future__ import annotations

import pytest

from gupai_learn.games import bagchen, tien_gow


@pytest.mark.parametrize(
    ("beats", "challenger", "high", "expected"),
    [
        (bagchen.beats, "[3:1] [3:1]", "[5:1] [5:1] [5:1]", "[3:1][3:1] does not beat [5:1]"),
        (tien_gow.beats, "[6:6]", "[5:5] [5:5]", "[6:6] does not beat [5:5][5:5]"),
        (tien_gow.beats, "[6:6] [3:3]", "[5:5] [5:5]", "[6:6][3:3] does not beat [5:5][5:5]"),
    ],
)
def test_a_play_that_does_not_beat_is_named_in_the_summary(
    beats: object, challenger: str, high: str, expected: str
) -> None:
    verdict = beats(challenger, high)  # type: ignore[operator]
    assert not verdict.ok
    assert verdict.summary.startswith(expected)


def test_a_single_against_a_pair_counts_one_tile() -> None:
    assert "[6:6] has 1 tile; [5:5][5:5] (Plum flower pair) has 2 tiles." in str(
        tien_gow.beats("[6:6]", "[5:5] [5:5]")
    )
