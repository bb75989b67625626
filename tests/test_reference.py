"""Reference cards: the Tien Gow card agrees with the engine, and its drawing fits a notebook."""

from __future__ import annotations

import dataclasses
import doctest
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

import gupai_learn as gl
from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.reference import LED_ONLY_TEXT, Ladder, Part, Reference, Rung
from gupai_learn.games import GAMES, tien_gow
from gupai_learn.games.tien_gow import reference as tg_reference
from gupai_learn.render import reference_svg
from gupai_learn.tiles import Tile, tiles

NS = "{http://www.w3.org/2000/svg}"
CARD = gl.reference("tien_gow")
SVG = CARD._repr_svg_()


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(svg: str, name: str) -> list[ET.Element]:
    return [e for e in parse(svg).iter() if name in e.get("class", "").split()]


def ladder_of(kind: str, card: Reference = CARD) -> Ladder:
    return card.ladder(tg_reference.class_title(kind))


def plays(ladder: Ladder) -> list[tuple[Tile, ...]]:
    return [tuple(play) for rung in ladder.rungs for play in rung.plays]


def view_box(svg: str) -> tuple[float, float]:
    _, _, width, height = (float(v) for v in parse(svg).get("viewBox", "").split())
    return width, height


# ----- the content agrees with the engine -------------------------------------------


def test_every_lead_class_has_one_ladder_in_the_engines_order() -> None:
    titles = [ladder.title for ladder in CARD.ladders]
    assert sorted(titles) == sorted(tg_reference.class_title(k) for k in tien_gow.KINDS)
    for part in CARD.parts:  # inside a part, the classes keep the order of KINDS
        kinds = [tien_gow.classify(ladder.rungs[0].plays[0]).kind for ladder in part.ladders]
        assert kinds == sorted(kinds, key=tien_gow.KINDS.index)


@pytest.mark.parametrize("kind", tien_gow.KINDS)
def test_each_ladder_lists_the_engines_combinations_in_order(kind: str) -> None:
    expected = [tuple(c.pieces) for c in tien_gow.combinations(kind)]
    assert plays(ladder_of(kind)) == expected


@pytest.mark.parametrize("kind", tien_gow.KINDS)
def test_rungs_hold_equal_ranks_and_fall_strictly(kind: str) -> None:
    ranks = [
        {tien_gow.classify(play).rank for play in rung.plays} for rung in ladder_of(kind).rungs
    ]
    assert all(len(same) == 1 for same in ranks)  # equal plays share a rung (TG-BEAT-TIE)
    flat = [same.pop() for same in ranks]
    assert flat == sorted(flat, reverse=True) and len(set(flat)) == len(flat)


def test_civil_ladder_is_the_engines_civil_order_with_both_names() -> None:
    ladder = ladder_of("single-civil")
    order = [c.pieces[0] for c in tien_gow.combinations("single-civil")]
    assert [rung.plays for rung in ladder.rungs] == [((t,),) for t in order]
    assert [(r.label, r.sublabel) for r in ladder.rungs] == [
        (t.name, t.chinese_name) for t in order
    ]
    assert ladder.rungs[0].label == "Heaven" and ladder.rungs[-1].sublabel == "銅錘六"


def test_military_singles_show_equal_tiles_as_equal() -> None:
    rungs = ladder_of("single-military").rungs
    shown = [" = ".join(str(play[0]) for play in rung.plays) for rung in rungs]
    assert shown == ["[6:3] = [5:4]", "[6:2] = [5:3]", "[5:2] = [4:3]", "[4:2]", "[4:1] = [3:2]",
                     "[2:1]"]  # fmt: skip
    assert "[6:3] = [5:4]  Nine 雜九" in str(CARD)


def test_civil_pairs_rank_like_civil_singles_as_the_note_says() -> None:
    singles = [rung.plays[0][0] for rung in ladder_of("single-civil").rungs]
    pairs = [rung.plays[0] for rung in ladder_of("civil-pair").rungs]
    assert pairs == [(t, t) for t in singles]
    assert "same order as the singles" in tg_reference.CIVIL_NOTE


def test_only_the_supreme_pair_is_led_only() -> None:
    marked = [(ladder.title, rung) for ladder in CARD.ladders for rung in ladder.rungs]
    for _, rung in marked:
        assert rung.led_only == any(tien_gow.classify(p).led_only for p in rung.plays)
    led_only = [rung.plays for _, rung in marked if rung.led_only]
    assert led_only == [(tuple(tiles("[4:2][2:1]")),)]
    supreme = ladder_of("supreme").rungs[0]
    assert supreme.label == "至尊" and supreme.sublabel == ""
    assert f"[4:2][2:1]  至尊 ({LED_ONLY_TEXT})" in str(CARD)


def test_mixed_pairs_name_their_family() -> None:
    rungs = ladder_of("mixed-pair").rungs
    assert [r.label for r in rungs] == ["Heaven-nine", "Earth-eight", "Man-seven", "Goose-five"]
    assert rungs[0].sublabel == "天 + 雜九"
    heads = [r.plays[0][0] for r in rungs]
    note = tg_reference.families()
    assert [note.index(f"{h.name} {h.chinese_name}") for h in heads] == sorted(
        note.index(f"{h.name} {h.chinese_name}") for h in heads
    )
    for rung in rungs:  # every play of a rung is the head with one tile of its family
        assert {tien_gow.classify(p).name for p in rung.plays} == {rung.label}


def test_parts_group_the_classes_by_suit() -> None:
    by_part = {part.title: [ladder.title for ladder in part.ladders] for part in CARD.parts}
    assert by_part == {
        "Civil 文": ["Civil single", "Civil pair"],
        "Military 武": ["Military single", "Military pair", "Supreme pair"],
        "Mixed 文 + 武": [
            "Mixed pair",
            "Triplet of two civil + one military",
            "Triplet of one civil + two military",
            "Quartet",
        ],
    }
    for part in CARD.parts:
        suits = {t.suit for ladder in part.ladders for p in plays(ladder) for t in p}
        assert len(suits) == (2 if part.title.startswith("Mixed") else 1)


def test_without_mixed_sets_the_mixed_classes_are_left_out() -> None:
    card = tg_reference.reference_card(tien_gow.Rules(mixed_sets=False))
    assert [part.title for part in card.parts] == ["Civil 文", "Military 武"]
    assert "Families" not in str(card)
    assert reference_svg(card).startswith("<svg")


def test_text_version_lists_every_ladder_with_numbered_rungs() -> None:
    text = str(CARD)
    lines = text.splitlines()
    assert lines[0] == tg_reference.TITLE
    for ladder in CARD.ladders:
        assert any(line.startswith(ladder.title) for line in lines)
    assert "  1. [6:6]  Heaven 天" in lines and "  11. [5:1]  Big-head six 銅錘六" in lines
    assert "<" not in text  # plain text, no markup
    assert repr(CARD) == "<Reference 'Tien Gow 天九 · reference card': 9 ladders>"


def test_module_doctest() -> None:
    assert doctest.testmod(tg_reference).failed == 0


# ----- gl.reference and GameInfo ---------------------------------------------------------


def test_gl_reference_goes_through_the_game_registry() -> None:
    assert GAMES["tien_gow"].reference is tg_reference.reference_card
    assert gl.reference() == gl.reference("tien_gow") == tg_reference.reference_card()
    with pytest.raises(ValueError, match="no game 'chess'"):
        gl.reference("chess")


def test_a_game_without_a_card_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = dataclasses.replace(GAMES["tien_gow"], reference=None)
    monkeypatch.setitem(GAMES, "tien_gow", bare)
    with pytest.raises(ValueError, match="has no reference card yet"):
        gl.reference("tien_gow")
    assert {f.name: f.default for f in dataclasses.fields(GameInfo)}["reference"] is None


def test_rung_needs_pieces() -> None:
    with pytest.raises(ValueError):
        Rung(())
    with pytest.raises(ValueError):
        Rung(((),))
    with pytest.raises(ValueError, match="no ladder 'Sextet'"):
        CARD.ladder("Sextet")


# ----- the drawing ------------------------------------------------------------------


def test_card_fits_a_notebook_column() -> None:
    root = parse(SVG)
    assert float(root.get("width", "")) <= 840  # the column is 848 px with the file browser open
    assert view_box(SVG)[0] <= 1000
    assert "max-width:100%" in root.get("style", "")
    assert float(root.get("height", "")) < 900  # compact: one screen or so


Placed = tuple[ET.Element, float, float, float]


def translations(root: ET.Element) -> Iterator[Placed]:
    """Every element with its absolute (x, y) origin and scale (translate/scale only)."""

    def walk(e: ET.Element, x: float, y: float, s: float) -> Iterator[Placed]:
        for move in re.findall(r"(translate|scale)\(([^)]*)\)", e.get("transform", "")):
            numbers = [float(v) for v in move[1].split(",")]
            if move[0] == "translate":
                x, y = x + s * numbers[0], y + s * (numbers[1] if len(numbers) > 1 else 0)
            else:
                s *= numbers[0]
        yield e, x, y, s
        for child in e:
            yield from walk(child, x, y, s)

    yield from walk(root, 0.0, 0.0, 1.0)


@pytest.mark.parametrize("width", [1000, 980, 720, 400])
def test_nothing_is_drawn_outside_the_card(width: int) -> None:
    svg = reference_svg(CARD, width=width)
    box_w, box_h = view_box(svg)
    assert box_w <= width
    for element, x, y, scale in translations(parse(svg)):
        classes = element.get("class", "").split()
        if "gupai-frame" in classes:
            right = x + float(element.get("x", "0")) + float(element.get("width", ""))
            bottom = y + float(element.get("y", "0")) + float(element.get("height", ""))
            assert right <= box_w and bottom <= box_h
        if "gupai-tile" in classes:
            assert x >= 0 and x + 47.5 * scale <= box_w and y + 115 * scale <= box_h


def test_every_piece_is_drawn_once_per_play_or_shared() -> None:
    drawn = len(with_class(SVG, "gupai-tile"))
    expected = 0
    for ladder in CARD.ladders:
        for rung in ladder.rungs:
            firsts = {tuple(p[:-1]) for p in rung.plays}
            shared = len(rung.plays) > 1 and len(firsts) == 1 and len(rung.plays[0]) > 1
            expected += (
                len(rung.plays[0]) - 1 + len(rung.plays)
                if shared
                else sum(len(p) for p in rung.plays)
            )
    assert drawn == expected
    assert len(with_class(SVG, "gupai-led-only")) == 1
    assert len(with_class(SVG, "gupai-led-frame")) == 1


def test_equal_plays_are_joined_by_equals_or_share_their_head() -> None:
    a, b, c = tiles("[6:6] [6:3] [5:4]")
    card = Reference("t", (Part("p", (Ladder("l", (Rung(((a, b), (a, c)), "x"),)),)),))
    svg = reference_svg(card)
    assert len(with_class(svg, "gupai-tile")) == 3
    assert [e.text for e in with_class(svg, "gupai-join")] == ["or"]
    card = Reference("t", (Part("p", (Ladder("l", (Rung(((b,), (c,)), "x"),)),)),))
    assert [e.text for e in with_class(reference_svg(card), "gupai-join")] == ["="]


def test_drawing_is_deterministic_and_readable() -> None:
    assert gl.reference()._repr_svg_() == SVG
    root = parse(SVG)
    assert root.get("role") == "img" and root.get("aria-label") == CARD.title
    desc = root.find(f"{NS}desc")
    assert desc is not None and desc.text == str(CARD)
    captions = [e.text for e in with_class(SVG, "gupai-caption")]
    assert "高腳七" in captions and "Long-leg seven" in captions


def test_every_text_is_escaped() -> None:
    nasty = "<b>&\"'"
    rung = Rung(((Tile(6, 6),),), nasty, nasty)
    card = Reference(nasty, (Part(nasty, (Ladder(nasty, (rung,), nasty, (nasty,)),), nasty),),
                     (nasty,))  # fmt: skip
    root = parse(reference_svg(card))
    texts = [e.text for e in root.iter() if e.text]
    assert nasty in texts and nasty.upper() in texts
    assert root.get("aria-label") == nasty


def test_bad_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="width"):
        reference_svg(CARD, width=100)
    with pytest.raises(ValueError, match="tile_scale"):
        reference_svg(CARD, tile_scale=0)
