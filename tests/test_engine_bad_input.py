"""Bad input at the engine's entry points (Tien Gow, through the shared BaseDeal/TrickDeal):
``judge`` never raises and names the problem; ``play``/``discard``/``apply`` raise only the
documented ValueError subclasses and leave the deal unchanged; constructors refuse bad
arguments with a ValueError naming them."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.games import tien_gow as tg

DOCUMENTED = (gl.IllegalPlayError, gl.InvalidNotationError, gl.AmbiguousPlayError)


def _self_containing() -> list[Any]:
    loop: list[Any] = []
    loop.append(loop)
    return loop


ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
    st.binary(max_size=20),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.lists(st.one_of(st.integers(), st.text(max_size=6), st.none()), max_size=5),
    st.sampled_from(
        [
            "[7:7]",
            "[6:3][6:3]",
            "[6:3] [6:3] [6:3]",
            "down:",
            "down:[6:6]!sky",
            "[6:6]>left",
            "draw",
            "pass",
            "x" * 1_000_000,
            "[6:6]" * 5000,
            gl.Tile(0, 0),
            gl.tiles("[6:6][6:6][6:6]"),
            (gl.Tile(6, 6), "junk"),
            [gl.Tile(6, 6), [gl.Tile(1, 1)]],
            _self_containing(),
            iter(["[6:6]", 3]),
            (t for t in [None]),
            object(),
        ]
    ),
)
SEATS = st.one_of(st.none(), st.integers(-5, 10), st.text(max_size=3), st.floats(), st.booleans())


def snapshot(deal: tg.Deal) -> tuple[Any, ...]:
    return (deal.hands, deal.turn, deal.history, deal.won, deal.is_over)


def a_deal(data: st.DataObject) -> tg.Deal:
    """A fresh deal, or one a few moves in (a follower's turn too)."""
    deal = tg.Deal.random(seed=data.draw(st.integers(0, 50)))
    for _ in range(data.draw(st.integers(0, 6))):
        deal.apply(deal.legal_moves()[0])
    return deal


@settings(max_examples=300, deadline=None)
@given(data=st.data(), move=ODD, seat=SEATS, face_down=st.booleans())
def test_judge_never_raises_and_refusals_change_nothing(
    data: st.DataObject, move: Any, seat: Any, face_down: bool
) -> None:
    deal = a_deal(data)
    before = snapshot(deal)
    verdict = deal.judge(move, seat=seat, face_down=face_down)
    assert isinstance(verdict, gl.Verdict)
    if not verdict.ok:
        assert verdict.reasons and all(r.rule.startswith("TG-") for r in verdict.reasons)
        assert all(len(r.text) < 400 for r in verdict.reasons)  # bad input quoted short
    for verb, down in ((deal.apply, False), (deal.play, False), (deal.discard, True)):
        if deal.judge(move, seat=seat, face_down=down).ok:
            continue  # e.g. pieces that may not go face up but may go face down
        with pytest.raises(DOCUMENTED):
            verb(move, seat=seat)
        assert snapshot(deal) == before


def test_the_messages_name_the_problem() -> None:
    deal = tg.Deal.random(seed=1)
    assert "seat 7" in str(deal.judge("[6:6]", seat=7))
    assert "'a'" in str(deal.judge("[6:6]", seat="a"))
    assert "not a pip number" in str(deal.judge("[7:7]"))
    assert "far too long" in str(deal.judge("x" * 1_000_000))
    assert "There is no draw in this game" in str(deal.judge("draw"))
    assert "face up" in str(deal.judge("down:[6:6]"))  # a lead is never face down here
    deal.play(deal.legal_plays()[0])
    named_twice = deal.judge(gl.tiles("[6:3] [6:3]"), face_down=True)
    assert not named_twice.ok and "TG-DEAL" in named_twice.rules


@pytest.mark.parametrize(
    ("kwargs", "names"),
    [
        ({"leader": -1}, "leader"),
        ({"leader": 4}, "leader"),
        ({"leader": "0"}, "leader"),
        ({"banker": 1.0}, "banker"),
        ({"banker_streak": -1}, "banker_streak"),
        ({"banker_streak": True}, "banker_streak"),
        ({"rules": "fast"}, "rules"),
        ({"first_lead_unbeatable": "yes"}, "first_lead_unbeatable"),
        ({"columns": "0000"}, "columns"),
        ({"columns": (0, 0, 0, 0.0)}, "columns"),
    ],
)
def test_deal_arguments_are_checked(kwargs: dict[str, Any], names: str) -> None:
    with pytest.raises(ValueError, match=names):
        tg.Deal.random(seed=1, **kwargs)
    hands = tg.Deal.random(seed=1).hands
    with pytest.raises(ValueError, match=names):
        tg.Deal(hands, **kwargs)


@pytest.mark.parametrize("seed", ["abc", 1.5, [1], b"x"])
def test_seeds_are_whole_numbers(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed"):
        tg.Deal.random(seed=seed)


@pytest.mark.parametrize(
    "hands", [None, 5, "[6:6]", ["[6:6]"] * 3, ["[6:6]", "[6:6]", "[6:6]", "[7:7]"]]
)
def test_bad_hands_are_refused(hands: Any) -> None:
    with pytest.raises(ValueError):
        tg.Deal(hands)


def test_won_and_columns_are_one_argument() -> None:
    hands = ["[6:6]", "[1:1]", "[4:4]", "[3:1]"]
    deal = tg.Deal(hands, won=(7, 0, 0, 0))
    assert deal.columns == deal.won == (7, 0, 0, 0)
    with pytest.raises(ValueError, match="not both"):
        tg.Deal(hands, won=(7, 0, 0, 0), columns=(7, 0, 0, 0))


@pytest.mark.parametrize("rules", ["x", None, 5, {"mixed_sets": False}])
def test_game_functions_refuse_what_is_not_a_rules(rules: Any) -> None:
    for call in (
        lambda: tg.classify("[6:6]", rules),
        lambda: tg.beats("[6:6]", "[1:1]", rules),
        lambda: tg.combinations("single-civil", rules),
    ):
        with pytest.raises(ValueError, match="Rules"):
            call()
