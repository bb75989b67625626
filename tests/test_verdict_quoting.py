"""Quoting bad input in messages (``verdict.describe_input``): a value that breaks while being
shown — a container whose ``len`` or iteration raises, not only a broken ``__repr__`` — is named
by its type, and the message around it still comes as one line instead of an exception."""

from __future__ import annotations

import builtins

import pytest

import gupai_learn as gl
from gupai_learn.games import GAMES
from gupai_learn.verdict import describe_input
from tests.registry import every_game


class list(builtins.list):  # noqa: A001 - reprlib picks its reader by the type's name
    """A list whose length cannot be taken."""

    def __len__(self) -> int:
        raise RuntimeError("no length")


class set(builtins.set):  # noqa: A001
    """A set that cannot be walked through."""

    def __iter__(self) -> builtins.list[int]:  # type: ignore[override]
        raise RuntimeError("no iteration")


BROKEN = [list([1, 2]), set({3}), {"key": set({4})}]


@pytest.mark.parametrize("value", BROKEN, ids=["len", "iter", "nested"])
def test_a_value_that_breaks_while_shown_is_named_by_its_type(value: object) -> None:
    shown = describe_input(value)
    assert shown == f"<a {type(value).__name__} object>"
    assert "RuntimeError" not in shown and "0x" not in shown


@pytest.mark.parametrize("name", every_game())
def test_judge_answers_such_input_in_one_line(name: str) -> None:
    deal = GAMES[name].Deal.random(seed=1)
    verdict = deal.judge(set({1}))
    assert not verdict
    assert "<a set object>" in str(verdict) and verdict.rules
    with pytest.raises(gl.IllegalPlayError, match="<a set object>"):
        deal.apply(set({1}))


def test_notation_errors_quote_it_by_its_type() -> None:
    with pytest.raises(gl.InvalidNotationError, match="cannot read <a set object>"):
        gl.Tile.parse(set({1}))  # type: ignore[arg-type]
