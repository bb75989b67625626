"""Tiles, notation, names, suits, red pips and the four tile decks (TG-SET, TG-RED, DN-SET,
BE-SET, BG-SET)."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

import gupai_learn as gl
from gupai_learn import decks
from gupai_learn.tiles import as_tiles


@pytest.mark.parametrize("text", ["[6:3]", "6-3", "6:3", "3:6", "63", "36", "[3-6]", " [6 : 3] "])
def test_every_notation_reads_the_same_tile(text: str) -> None:
    assert gl.Tile.parse(text) == gl.Tile(6, 3) == gl.Tile(3, 6)


def test_tiles_are_normalised_interned_and_round_trip() -> None:
    tile = gl.Tile(3, 6)
    assert (tile.high, tile.low, tile.pips, tile.is_double) == (6, 3, 9, False)
    assert str(tile) == "[6:3]"
    assert eval(repr(tile), {"Tile": gl.Tile}) is tile
    assert pickle.loads(pickle.dumps(tile)) is tile
    assert copy.deepcopy(tile) is tile
    assert tile == (6, 3)


def test_several_tiles_with_any_separators() -> None:
    got = gl.tiles("[6:6] 6-3 4:2,2-1;[5:5][5:5]")
    assert got == (
        gl.Tile(6, 6),
        gl.Tile(6, 3),
        gl.Tile(4, 2),
        gl.Tile(2, 1),
        gl.Tile(5, 5),
        gl.Tile(5, 5),
    )
    assert str(gl.tiles("[6:6] 3-6")) == "[6:6] [6:3]"
    assert repr(gl.tiles("6-6 3-6")) == "tiles('[6:6] [6:3]')"
    assert gl.tiles("") == ()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("7-1", "7 is not a pip number"),
        ("[7:1]", "7 is not a pip number"),
        ("6-", "needs two numbers"),
        ("", "empty"),
        ("x", "not tile notation"),
        ("123", "more than two numbers"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, fragment: str) -> None:
    with pytest.raises(gl.InvalidNotationError) as caught:
        gl.Tile.parse(text)
    assert fragment in str(caught.value)
    assert repr(text) in str(caught.value)
    assert "[6:3]" in str(caught.value) or "0 to 6" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_bad_token_in_a_list_is_named() -> None:
    with pytest.raises(gl.InvalidNotationError, match="'x' is not a tile"):
        gl.tiles("6-6 x")
    with pytest.raises(gl.InvalidNotationError, match="'9-9'"):
        gl.tiles("6-6 9-9")


def test_a_tiles_value_is_read_as_it_is() -> None:
    hand = gl.tiles("[6:6] [6:3]")
    assert as_tiles(hand) is hand  # immutable: the hot path copies nothing
    assert as_tiles(tuple(hand)) == hand and type(as_tiles(list(hand))) is gl.Tiles
    assert as_tiles(["[6:6]", gl.Tile(6, 3)]) == hand


def test_error_messages_quote_at_most_80_characters() -> None:
    with pytest.raises(gl.InvalidNotationError) as caught:
        gl.tiles("6-6 " + "x" * 5000)
    assert len(caught.value.text) == 80 and caught.value.text.endswith("…")
    assert len(str(caught.value)) < 300
    with pytest.raises(gl.InvalidNotationError, match="at most 10,000"):
        gl.tiles("6-6 " * 5000)
    with pytest.raises(gl.InvalidNotationError, match="more than 1,000 tiles"):
        gl.tiles([gl.Tile(6, 6)] * 1001)


@pytest.mark.parametrize(
    ("value", "fragment"),
    [
        (None, "None"),
        (7, "an int"),
        ((6, 3), "write Tile(6, 3) or '[6:3]'"),
        (b"[6:6]", "bytes"),
        ({"[6:6]": 1}, "a mapping is not tiles"),
    ],
)
def test_values_that_are_not_notation_are_named(value: object, fragment: str) -> None:
    with pytest.raises(gl.InvalidNotationError) as caught:
        as_tiles(value)  # type: ignore[arg-type]
    with pytest.raises(gl.InvalidNotationError) as caught_one:
        gl.Tile.parse(value)  # type: ignore[arg-type]
    assert fragment in str(caught.value) or fragment in str(caught_one.value)


def test_non_integer_ends_are_refused() -> None:
    with pytest.raises(gl.InvalidNotationError):
        gl.Tile(7, 1)
    with pytest.raises(gl.InvalidNotationError):
        gl.Tile(True, 1)  # type: ignore[arg-type]


def test_chinese_set_tg_set() -> None:
    deck = decks.chinese()
    counts = Counter(deck)
    assert len(deck) == 32
    civil = [t for t in counts if t.suit == "civil"]
    military = [t for t in counts if t.suit == "military"]
    assert len(civil) == 11 and all(counts[t] == 2 for t in civil)
    assert len(military) == 10 and all(counts[t] == 1 for t in military)
    assert all(t.is_double for t in counts if t.is_double) and all(
        t.suit == "civil" for t in counts if t.is_double
    )


def test_names_in_english_and_chinese() -> None:
    assert (gl.Tile(6, 6).name, gl.Tile(6, 6).chinese_name) == ("Heaven", "天")
    assert (gl.Tile(1, 1).name, gl.Tile(1, 1).chinese_name) == ("Earth", "地")
    assert (gl.Tile(2, 1).name, gl.Tile(2, 1).chinese_name) == ("Little three", "丁三")
    assert gl.Tile(4, 2).name == "Big six"
    assert gl.Tile(0, 3).name == "three-blank" and gl.Tile(0, 3).chinese_name is None
    assert gl.Tile(0, 0).name == "double blank" and gl.Tile(0, 0).suit is None


def test_red_pips_tg_red() -> None:
    deck = decks.chinese()
    no_red = [t for t in deck if t.red_pips == 0]
    one_red = [t for t in deck if t.red_pips == 1]
    assert len(no_red) == 13
    assert Counter(no_red) == Counter(gl.tiles("55 55 33 33 22 22 65 65 63 62 53 52 32"))
    assert len(one_red) == 7
    assert Counter(one_red) == Counter(gl.tiles("31 31 61 61 51 51 21"))
    assert gl.Tile(6, 6).red_pips == 6
    assert gl.Tile(4, 4).red_pips == 8
    assert gl.Tile(6, 4).red_pips == 4
    assert gl.Tile(6, 0).red_pips == 0  # Western tiles are one colour


def test_double_chinese_set_bg_set() -> None:
    counts = Counter(decks.chinese_double())
    assert len(decks.chinese_double()) == 64
    assert all(n == (4 if t.suit == "civil" else 2) for t, n in counts.items())


def test_double_six_be_set() -> None:
    deck = decks.double_six()
    assert len(deck) == 28 == len(set(deck))
    assert gl.Tile(0, 0) in deck and gl.Tile(6, 6) in deck


def test_ding_niu_deck_dn_set() -> None:
    deck = decks.ding_niu()
    assert len(deck) == 24
    assert sum(t.is_double for t in deck) == 12
    assert gl.Tile(6, 3) in deck and gl.Tile(6, 2) in deck and gl.Tile(5, 4) not in deck
    singles = [t for t in deck if not t.is_double]
    numbers = Counter(n for t in singles for n in (t.high, t.low))
    assert numbers == {1: 6, 2: 1, 3: 3, 4: 2, 5: 4, 6: 8}


def test_decks_are_the_same_each_call() -> None:
    assert decks.chinese() == decks.chinese()
    assert isinstance(decks.chinese(), gl.Tiles)


def test_display_order_is_the_ranking() -> None:
    assert str(gl.Tiles(sorted(gl.tiles("21 66 63 11"), key=gl.Tile.sort_key))) == (
        "[6:6] [1:1] [6:3] [2:1]"
    )


def test_verdict_text_is_plain_and_deterministic() -> None:
    reason = gl.Reason("TG-BEAT-TIE", "equal never beats")
    verdict = gl.Verdict.illegal([reason], "does not beat")
    assert not verdict and verdict.rules == ("TG-BEAT-TIE",)
    assert str(verdict) == "Not legal: does not beat\n  - equal never beats (TG-BEAT-TIE)"
    assert bool(gl.Verdict.legal("fine"))
    with pytest.raises(ValueError):
        gl.Verdict.illegal([])
    error = gl.IllegalPlayError(verdict)
    assert error.verdict is verdict and isinstance(error, ValueError)
    assert issubclass(gl.AmbiguousPlayError, ValueError)
