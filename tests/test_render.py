"""Tests for gupai_learn.render: tiles (TG-RED, BE-SET), rows, groups, verdicts, settlements."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gupai_learn import decks
from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.render import (
    Group,
    PieceOptions,
    draw_piece,
    group_svg,
    row_svg,
    settlement_html,
    tile_svg,
    trick_svg,
    verdict_html,
)
from gupai_learn.tiles import Tile, tiles
from gupai_learn.verdict import Reason, Verdict

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parent.parent


def parse(svg: str) -> ET.Element:
    """The SVG as XML (fails if it is not well formed)."""
    return ET.fromstring(svg)


def with_class(svg: str, name: str) -> list[ET.Element]:
    """Elements whose class list holds ``name``."""
    return [e for e in parse(svg).iter() if name in e.get("class", "").split()]


def pips(svg: str, colour: str | None = None) -> list[ET.Element]:
    return with_class(svg, f"gupai-pip-{colour}" if colour else "gupai-pip")


def tile_count(svg: str) -> int:
    return len(with_class(svg, "gupai-tile"))


# ----- one tile ---------------------------------------------------------------------


@pytest.mark.parametrize("tile", decks.chinese(), ids=str)
def test_chinese_pips_and_red_pips_match_the_tile(tile: Tile) -> None:
    svg = tile_svg(tile)
    assert len(pips(svg)) == tile.pips
    assert len(pips(svg, "red")) == tile.red_pips
    assert len(pips(svg, "black")) == tile.pips - tile.red_pips


def test_red_pips_follow_tg_red() -> None:
    red = {str(t): len(pips(tile_svg(t), "red")) for t in tiles("6:6 4:4 1:1 3:1 6:3 2:1 4:2")}
    assert red == {
        "[6:6]": 6,
        "[4:4]": 8,
        "[1:1]": 2,
        "[3:1]": 1,
        "[6:3]": 0,
        "[2:1]": 1,
        "[4:2]": 4,
    }
    counts = [len(pips(tile_svg(t), "red")) for t in decks.chinese()]
    assert counts.count(0) == 13  # TG-RED: 13 tiles without a red pip
    assert counts.count(1) == 7  # and 7 with exactly one


def test_double_six_is_half_red_in_the_left_column() -> None:
    svg = tile_svg("6:6")
    red_x = {float(p.get("cx", "")) for p in pips(svg, "red")}
    black_x = {float(p.get("cx", "")) for p in pips(svg, "black")}
    assert len(pips(svg, "black")) == 6
    assert max(red_x) < min(black_x)


def test_chinese_one_is_drawn_bigger() -> None:
    radii = sorted(float(p.get("r", "")) for p in pips(tile_svg("3:1")))
    assert radii[-1] > 1.4 * radii[0]
    assert len(set(radii[:3])) == 1


def test_two_sits_side_by_side_at_the_far_end() -> None:
    ys = sorted(float(p.get("cy", "")) for p in pips(tile_svg("2:2")))
    assert ys[0] == ys[1] and ys[2] == ys[3]  # two rows of two, side by side
    assert ys[0] < 0.2 * ys[3]  # near the ends, not the middle


@pytest.mark.parametrize("tile", decks.double_six(), ids=str)
def test_western_pips_are_all_black(tile: Tile) -> None:
    svg = tile_svg(tile, style="western")
    assert len(pips(svg)) == tile.pips
    assert pips(svg, "red") == []
    assert len({p.get("r") for p in pips(svg)}) <= 1  # one size


def test_western_blanks() -> None:
    assert pips(tile_svg("0:0")) == []
    assert len(pips(tile_svg("6:0"))) == 6
    assert len(pips(tile_svg("3:2"))) == 5


def test_style_none_follows_the_tile() -> None:
    assert with_class(tile_svg("6:0"), "gupai-tile-western")
    assert with_class(tile_svg("6:3"), "gupai-tile-chinese")
    assert with_class(tile_svg("6:3", style="western"), "gupai-tile-western")
    assert pips(tile_svg("4:1", style="western"), "red") == []


def test_labels_and_accessibility() -> None:
    svg = tile_svg("6:3")
    root = parse(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") == "[6:3] Nine 雜九, military"
    assert root.find(f"{NS}title") is not None
    assert parse(tile_svg("6:0")).get("aria-label") == "[6:0] six-blank"
    assert parse(tile_svg("3:3", style="western")).get("aria-label") == "[3:3] double three"
    assert parse(tile_svg("6:6", selected=True)).get("aria-label") == (
        "[6:6] Heaven 天, civil, selected"
    )


def test_face_down_shows_no_pips_and_hides_the_tile() -> None:
    svg = tile_svg("6:6", face_down=True)
    assert pips(svg) == []
    assert parse(svg).get("aria-label") == "a face-down tile"
    assert "Heaven" not in svg and "6:6" not in svg
    assert with_class(svg, "gupai-tile-back")


def test_options_change_the_drawing() -> None:
    plain = parse(tile_svg("5:1"))
    wide = parse(tile_svg("5:1", orientation="horizontal"))
    assert float(plain.get("height", "")) > float(plain.get("width", ""))
    assert float(wide.get("width", "")) > float(wide.get("height", ""))
    big = parse(tile_svg("5:1", scale=2))
    assert float(big.get("width", "")) == 2 * float(plain.get("width", ""))
    assert big.get("viewBox") == plain.get("viewBox")
    assert with_class(tile_svg("5:1", selected=True), "gupai-selection")
    assert 'opacity="0.4"' in tile_svg("5:1", dim=True)
    assert 'opacity="0.4"' not in tile_svg("5:1")


def test_output_is_deterministic_and_self_contained() -> None:
    for tile in decks.double_six():
        for options in ({}, {"face_down": True}, {"style": "western", "selected": True}):
            first = tile_svg(tile, **options)  # type: ignore[arg-type]
            assert first == tile_svg(tile, **options)  # type: ignore[arg-type]
            assert " id=" not in first and "url(" not in first
            assert re.findall(r"https?://[^\"]*", first) == ["http://www.w3.org/2000/svg"]


def test_title_is_escaped() -> None:
    svg = tile_svg("6:3", title='<script>alert("x")</script>')
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert parse(svg).find(f"{NS}title").text == '<script>alert("x")</script>'  # type: ignore[union-attr]


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="style"):
        tile_svg("6:3", style="korean")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="orientation"):
        tile_svg("6:3", orientation="diagonal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="scale"):
        tile_svg("6:3", scale=0)
    with pytest.raises(TypeError):
        draw_piece("not a tile", PieceOptions())


def test_value_types_draw_themselves() -> None:
    assert Tile(6, 3)._repr_svg_() == tile_svg("6:3")
    hand = tiles("[6:6] 6-3")
    assert tile_count(hand._repr_svg_()) == 2
    assert "Legal" in Verdict.legal("a lead")._repr_html_()


# ----- rows -------------------------------------------------------------------------


def test_row_draws_a_hand_in_one_svg() -> None:
    hand = tiles("6:6 6:6 3:1 4:2 2:1 5:4 1:1 6:5")
    svg = row_svg(hand, selected=[1, 3], face_down=[False] * 7 + [True])
    assert svg.count("<svg") == 1
    assert tile_count(svg) == 8
    assert len(with_class(svg, "gupai-selected")) == 2
    assert len(with_class(svg, "gupai-tile-back")) == 1
    assert len(pips(svg)) == hand.pips - Tile(6, 5).pips
    assert parse(svg).get("aria-label", "").startswith("a row of 8 tiles: [6:6] Heaven")


def test_row_style_is_shared() -> None:
    assert len(with_class(row_svg(decks.double_six()), "gupai-tile-western")) == 28
    assert len(with_class(row_svg(decks.chinese()), "gupai-tile-chinese")) == 32


def test_row_labels_are_escaped_and_counted() -> None:
    svg = row_svg("6:6 2:1", labels=["<script>x</script>", "Little\nthree"])
    assert "<script>" not in svg
    captions = [e.text for e in with_class(svg, "gupai-caption")]
    assert captions == ["<script>x</script>", "Little", "three"]
    with pytest.raises(ValueError):
        row_svg("6:6 2:1", labels=["one"])
    with pytest.raises(ValueError):
        row_svg("6:6 2:1", face_down=[True])


def test_row_of_one_tile() -> None:
    assert tile_count(row_svg(Tile(6, 3))) == 1
    assert len(pips(row_svg(Tile(6, 3)))) == 9


def test_empty_row() -> None:
    svg = row_svg([])
    assert svg.startswith("<svg") and tile_count(svg) == 0
    assert parse(svg).get("aria-label") == "no tiles"


# ----- groups -----------------------------------------------------------------------


def trick() -> list[Group]:
    return [
        Group("South", tiles("6:6 6:3")),
        Group("East", tiles("5:5 5:5"), face_down=True),
        Group("North", tiles("1:1 6:2"), highlight=True, note="Earth-eight"),
        Group("West <&>", ()),
    ]


def test_group_shows_a_trick() -> None:
    svg = group_svg(trick())
    assert svg.count("<svg") == 1
    assert tile_count(svg) == 6
    assert len(with_class(svg, "gupai-tile-back")) == 2
    assert len(with_class(svg, "gupai-group")) == 4
    assert [e.text for e in with_class(svg, "gupai-high-marker")] == ["\u2605 high"]
    assert len(with_class(svg, "gupai-frame-high")) == 1
    assert len(with_class(svg, "gupai-empty-slot")) == 1
    assert [e.text for e in with_class(svg, "gupai-note")] == ["Earth-eight"]
    label = parse(svg).get("aria-label", "")
    assert "North: [1:1] Earth 地, civil; [6:2] Eight 雜八, military (high)" in label
    assert "East: a face-down tile; a face-down tile" in label


def test_trick_svg_labels_seats_backs_face_down_plays_and_frames_the_high_play() -> None:
    from gupai_learn.games import tien_gow

    deal = tien_gow.Deal(["[6:5]", "[1:1]", "[2:2]", "[6:1]"], leader=0, columns=[4, 0, 1, 2])
    deal.play("[6:5]")
    deal.discard("[1:1]")
    deal.play("[2:2]")
    svg = trick_svg(deal.trick, deal.seat_names, high=deal.current_high)
    assert [e.text for e in with_class(svg, "gupai-group-label")] == ["East", "South", "West"]
    assert len(with_class(svg, "gupai-tile-back")) == 1
    assert len(with_class(svg, "gupai-frame-high")) == 1
    assert "West: [2:2]" in parse(svg).get("aria-label", "")


def test_group_escapes_and_is_deterministic() -> None:
    svg = group_svg(trick())
    assert "West &lt;&amp;&gt;" in svg
    assert svg == group_svg(trick())
    assert [e.text for e in with_class(svg, "gupai-group-label")][-1] == "West <&>"


def test_group_column_layout_stacks_groups() -> None:
    row = parse(group_svg(trick()))
    column = parse(group_svg(trick(), layout="column"))
    assert float(row.get("width", "")) > float(row.get("height", ""))
    assert float(column.get("height", "")) > float(column.get("width", ""))
    with pytest.raises(ValueError):
        group_svg(trick(), layout="circle")


# ----- verdicts and settlements ---------------------------------------------------------


def test_verdict_html_illegal() -> None:
    verdict = Verdict.illegal(
        [
            Reason("TG-BEAT-STRICT", "[5:5][5:5] is a civil pair & the lead is <mixed>"),
            Reason("TG-BEAT-COUNT", "three tiles, not two"),
        ]
    )
    out = verdict_html(verdict)
    assert "\u2717" in out and "Not legal" in out and "\u2713" not in out
    assert out.count('<code class="gupai-rule"') == 2
    assert re.findall(r'class="gupai-rule"[^>]*>([^<]*)<', out) == [
        "TG-BEAT-STRICT",
        "TG-BEAT-COUNT",
    ]
    assert "&lt;mixed&gt;" in out and "<mixed>" not in out
    assert out.count("<li>") == 2


def test_verdict_html_legal() -> None:
    out = verdict_html(Verdict.legal("beats [3:1][4:1]", [Reason("TG-BEAT-STRICT", "Man-seven")]))
    assert "\u2713</span> Legal" in out
    assert "Not legal" not in out
    assert "beats [3:1][4:1]" in out and "gupai-verdict-legal" in out


def settlement() -> Settlement:
    return Settlement.from_lines(
        ("South", "East", "North", "<West>"),
        [
            Payment(1, 0, 4, "4 - 0 columns", ("TG-PAY-PAR",)),
            Payment(3, 0, 2, "banker double", ("TG-PAY-BANKER",)),
        ],
        "South wins the hand",
        ("the banker's payments are doubled",),
    )


def test_settlement_html_table() -> None:
    out = settlement_html(settlement())
    assert "South wins the hand" in out
    assert out.count("<tbody><tr>") == 1 and out.count('class="gupai-net"') == 4
    assert re.findall(r'class="gupai-rule"[^>]*>([^<]*)<', out) == ["TG-PAY-PAR", "TG-PAY-BANKER"]
    nets = re.findall(r"Net: ([^<]*)</th><td[^>]*>([^<]*)<", out)
    assert nets == [("South", "+6"), ("East", "-4"), ("North", "0"), ("&lt;West&gt;", "-2")]
    assert "<West>" not in out
    assert "banker double" in out and "the banker&#x27;s payments are doubled" in out


def test_settlement_without_payments() -> None:
    out = settlement_html(Settlement.from_lines(("A", "B"), []))
    assert "No payments." in out and out.count('class="gupai-net"') == 2


# ----- the README picture ---------------------------------------------------------------


def test_readme_picture_is_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location("make_pictures", ROOT / "docs/make_pictures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    svg = module.chinese_set_svg()
    assert tile_count(svg) == 32
    assert len(pips(svg, "red")) == sum(t.red_pips for t in decks.chinese())
    assert (ROOT / "docs/chinese-set.svg").read_text(encoding="utf-8") == svg + "\n"


def test_nothing_is_wider_than_a_notebook_column() -> None:
    """The whole set and the civil ladder wrap instead of running off a 1,000 px column, and
    every drawing may scale down (max-width)."""
    from gupai_learn.games import tien_gow as tg

    ladder = [c.pieces[0] for c in tg.combinations("single-civil")]
    labels = [f"{t.name}\n{t.chinese_name}" for t in ladder]
    for svg in (row_svg(decks.chinese()), row_svg(ladder * 3, labels=labels * 3)):
        width = float(re.search(r'width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
        assert width <= 1000 and "max-width:100%" in svg.split(">", 1)[0]
    assert row_svg(decks.chinese()).count("gupai-tile-chinese") == 32  # nothing dropped


def test_long_groups_and_long_rows_of_groups_wrap() -> None:
    """A group of 22 tiles, and eight groups side by side, stay inside the column too."""
    from gupai_learn.render.views import MAX_WIDTH

    civil = [t for t in decks.chinese() if t.suit == "civil"]
    one = group_svg([Group("Civil", civil)])
    many = group_svg([Group(f"seat {i}", civil[:4]) for i in range(8)])
    for svg in (one, many):
        width = float(re.search(r'width="([\d.]+)"', svg).group(1))  # type: ignore[union-attr]
        assert width <= MAX_WIDTH + 10
    assert one.count("gupai-tile-chinese") == 22 and many.count("gupai-tile-chinese") == 32
    assert many.count("gupai-group-label") == 8
