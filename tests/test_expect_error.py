"""``gl.expect_error()``: a lesson shows a deliberate mistake as one line without raising."""

from __future__ import annotations

import pytest

import gupai_learn as gl
from gupai_learn import rulebook


def test_a_learner_error_is_caught_and_named(capsys: pytest.CaptureFixture[str]) -> None:
    with gl.expect_error() as shown:
        gl.Tile.parse("[7:1]")
    assert isinstance(shown.error, gl.InvalidNotationError)
    assert str(shown).startswith("InvalidNotationError: cannot read '[7:1]'")
    assert "\n" not in str(shown)
    assert "gupai-shown-error" in shown._repr_html_()


def test_a_notebook_shows_the_message_not_the_class_name() -> None:
    """A learner reads what is wrong; the Python class name stays in the text form (issue 33:
    00.01 printed "SetupError")."""
    with gl.expect_error() as shown:
        gl.rule("be-header-tripple")
    drawn = rulebook.closed_text(shown._repr_html_())
    assert "SetupError" not in drawn and drawn.startswith("✗ no rule id 'BE-HEADER-TRIPPLE'")
    assert str(shown).startswith("SetupError: ")


def test_no_error_says_so() -> None:
    with gl.expect_error() as shown:
        gl.Tile.parse("[6:1]")
    assert shown.error is None
    assert "No error" in str(shown)


def test_other_errors_still_raise() -> None:
    with pytest.raises(ZeroDivisionError), gl.expect_error():
        1 / 0  # noqa: B018
