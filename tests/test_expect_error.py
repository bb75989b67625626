"""``gl.expect_error()``: a lesson shows a deliberate mistake as one line without raising."""

from __future__ import annotations

import pytest

import gupai_learn as gl


def test_a_learner_error_is_caught_and_named(capsys: pytest.CaptureFixture[str]) -> None:
    with gl.expect_error() as shown:
        gl.Tile.parse("[7:1]")
    assert isinstance(shown.error, gl.InvalidNotationError)
    assert str(shown).startswith("InvalidNotationError: cannot read '[7:1]'")
    assert "\n" not in str(shown)
    assert "gupai-shown-error" in shown._repr_html_()


def test_no_error_says_so() -> None:
    with gl.expect_error() as shown:
        gl.Tile.parse("[6:1]")
    assert shown.error is None
    assert "No error" in str(shown)


def test_other_errors_still_raise() -> None:
    with pytest.raises(ZeroDivisionError), gl.expect_error():
        1 / 0  # noqa: B018
