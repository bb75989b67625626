"""Move: one notation for every game's moves (design.md §2-3)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import DRAW, PASS, Move, quote

TEXTS = [
    "[6:6][6:3]",
    "down:[5:1][2:2]",
    "[6:4]>right",
    "[6:4]>left",
    "draw",
    "pass",
    "down:[2:1]!sky",
    "down:[2:1]!earth",
    "down:[2:1]!any",
    "[0:0]",
]


@pytest.mark.parametrize("text", TEXTS)
def test_text_round_trips_and_repr_rebuilds(text: str) -> None:
    move = Move.parse(text)
    assert str(move) == text
    assert eval(repr(move), {"Move": Move}) == move  # noqa: S307 - repr rebuilds the move
    assert hash(move) == hash(Move.parse(text))


def test_kinds_and_fields() -> None:
    assert Move.parse("down:[5:1][2:2]").kind == "discard"
    assert not Move.parse("down:[5:1]").face_up and Move.parse("[5:1]").face_up
    assert Move.parse("[6:4]>right").end == "right"
    assert Move.parse("down:[2:1]!sky").call == "sky"
    assert Move.parse("draw") is DRAW and Move.parse(" PASS ") is PASS
    assert Move.parse("[6:6] [6:3]") == Move.parse("[6:6][6:3]")  # spaces between tiles
    assert Move.parse("6-6 63").pieces == (gl.Tile(6, 6), gl.Tile(6, 3))


def test_constructors_agree_with_the_notation() -> None:
    assert Move.play("[6:6][6:3]") == Move.parse("[6:6][6:3]")
    assert Move.play(gl.Tile(6, 4), end="left") == Move.parse("[6:4]>left")
    assert Move.discard("[2:1]", call="any") == Move.parse("down:[2:1]!any")
    assert Move.draw() == DRAW and Move.pass_() == PASS
    assert Move.coerce(gl.tiles("[5:1]"), face_down=True) == Move.parse("down:[5:1]")
    assert Move.coerce("[5:1]", face_down=True) == Move.parse("down:[5:1]")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("[6:4]>up", ">left or >right"),
        ("down:[2:1]!heaven", "!sky or !earth or !any"),
        ("down:", "no pieces"),
        ("[7:1]", "7 is not a pip number"),
        ("", "no pieces"),
        ("x" * 20_000, "far too long"),
    ],
)
def test_bad_notation_names_the_problem(text: str, why: str) -> None:
    with pytest.raises(gl.InvalidNotationError, match=why) as caught:
        Move.parse(text)
    assert len(str(caught.value)) < 300  # the bad input is quoted short


def test_constructor_arguments_are_checked() -> None:
    with pytest.raises(gl.InvalidNotationError, match="left"):
        Move.play("[6:4]", end="up")  # type: ignore[arg-type]
    with pytest.raises(gl.InvalidNotationError, match="sky"):
        Move.discard("[6:4]", call="heaven")  # type: ignore[arg-type]


def test_other_pieces_pass_through_with_their_own_reader() -> None:
    class Card(str):
        pass

    def read(text: object) -> tuple[Card, ...]:
        return tuple(Card(p.strip()) for p in str(text).split("+"))

    move = Move.parse("Huntress + Ace of Moons", read)
    assert move.pieces == ("Huntress", "Ace of Moons")
    assert str(move) == "Huntress + Ace of Moons"


@given(st.one_of(st.none(), st.integers(), st.floats(), st.text(max_size=50), st.binary()))
def test_parse_raises_only_invalid_notation(value: object) -> None:
    with contextlib.suppress(gl.InvalidNotationError):
        Move.parse(value)  # type: ignore[arg-type]


def test_quote_is_short_and_safe() -> None:
    class Bad:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert quote(Bad()) == "<a Bad object>"
    assert len(quote("y" * 1000)) <= 82


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("down:[5:2]", "[5:2] face down"),
        ("[6:1]>right", "[6:1] on the right end"),
        ("[6:4]>left", "[6:4] on the left end"),
        ("down:[2:1]!sky", "[2:1] face down, calling sky"),
        ("draw", "a draw"),
        ("pass", "a pass"),
        ("[6:6][6:3]", "[6:6][6:3]"),
    ],
)
def test_move_words_say_it_in_a_sentence(text: str, said: str) -> None:
    assert Move.parse(text).words == said
