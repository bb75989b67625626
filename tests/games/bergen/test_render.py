"""Drawings of Bergen (render/line.py): Western tiles, doubles across, a snake that fits a
notebook column, and the boneyard with its reserved tiles."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from gupai_learn.games import bergen, ding_niu
from gupai_learn.render.line import (
    boneyard_svg,
    deal_style,
    layout_svg,
    line_deal_svg,
    pile_of,
    table_line_svg,
)
from gupai_learn.render.tiles import tile_size

NS = "{http://www.w3.org/2000/svg}"
COLUMN = 900.0


def played(seed: int, moves: int, players: int = 2) -> bergen.Deal:
    """A Bergen round after ``moves`` random moves (placements preferred, so the line grows)."""
    rng = random.Random(seed)
    deal = bergen.Deal.random(seed=seed, players=players)
    for _ in range(moves):
        if deal.is_over:
            break
        legal = deal.legal_moves()
        plays = [m for m in legal if m.kind == "play"] or legal
        deal.apply(plays[rng.randrange(len(plays))])
    return deal


def view_width(svg: str) -> float:
    return float(svg.split('viewBox="0 0 ', 1)[1].split()[0])


def placed_boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """(x, face width, face height, middle height) of every tile on the line, from the SVG."""
    root = ET.fromstring(svg)
    boxes = []
    for g in root.iter(f"{NS}g"):
        if g.get("class") != "gupai-placed":
            continue
        x, y = map(float, re.findall(r"translate\(([-\d.]+),([-\d.]+)", g.get("transform", ""))[0])
        face = next(r for r in g.iter(f"{NS}rect") if r.get("fill") == "#000")  # the shadow
        w, h = float(face.get("width", 0)), float(face.get("height", 0))
        boxes.append((x, w, h, round(y + h / 2, 1)))
    return boxes


@pytest.mark.parametrize("seed", range(12))
def test_every_tile_is_drawn_doubles_across_and_nothing_beyond_the_width(seed: int) -> None:
    deal = played(seed, 60, players=2 + seed % 3)
    svg = layout_svg(deal.layout, style="western")
    width = view_width(svg)
    assert width <= COLUMN
    boxes = placed_boxes(svg)
    assert len(boxes) == len(deal.layout) > 0
    for x, w, _, _ in boxes:
        assert x >= 0 and x + w <= width
    upright = sum(h > w for _, w, h, _ in boxes)
    assert upright == sum(p.tile.is_double for p in deal.layout)


def test_a_wrapped_line_reads_left_to_right_and_its_ends_sit_at_its_end_tiles() -> None:
    deal = played(4, 60)
    svg = layout_svg(deal.layout, style="western")
    boxes = placed_boxes(svg)
    rows: dict[float, list[tuple[float, float]]] = {}
    for x, w, _, middle in boxes:
        rows.setdefault(middle, []).append((x, x + w))
    assert len(rows) >= 3
    # every row runs left to right in the order the tiles lie on the line (like text)
    for row in rows.values():
        assert all(a[1] < b[0] for a, b in zip(row, row[1:], strict=False))
    # every full row spans the same width, and a turn arrow leads to each next row
    full = list(rows.values())[:-1]
    assert len({round(min(r[0] for r in row), 1) for row in full}) == 1
    assert len({round(max(r[1] for r in row), 1) for row in full}) == 1
    assert svg.count("gupai-line-turn") == len(rows) - 1
    # the left end is left of the first tile, the right end right of the last one
    root = ET.fromstring(svg)
    circles = {
        ("left" if "left end" in "".join(g.itertext()) else "right"): float(
            next(g.iter(f"{NS}circle")).get("cx", 0)
        )
        for g in root.iter(f"{NS}g")
        if "gupai-line-end" in (g.get("class") or "")
    }
    first, last = list(rows.values())[0][0], list(rows.values())[-1][-1]
    assert circles["left"] < first[0] and circles["right"] > last[1]
    assert "left end" in svg and "right end" in svg


def test_bergen_tiles_are_western_even_without_a_blank() -> None:
    deal = bergen.Deal(["[6:6] [6:5]", "[5:4] [3:2]"], boneyard=["[1:1]", "[2:1]", "[4:3]"])
    assert deal_style(deal) == "western"
    svg = line_deal_svg(deal)
    assert "gupai-tile-western" in svg and "gupai-tile-chinese" not in svg
    assert "#ffffff" in svg  # a white face
    assert deal_style(ding_niu.Deal.random(seed=1)) == "chinese"


def test_the_boneyard_shows_backs_a_count_and_the_reserved_two() -> None:
    deal = bergen.Deal(["[6:6] [6:5]", "[5:4] [3:2]"], boneyard=["[1:1]", "[2:1]", "[4:3]"])
    assert pile_of(deal) == (3, 2)
    svg = boneyard_svg(3, 2)
    assert svg.count('class="gupai-pile-tile"') == 1
    assert svg.count('class="gupai-reserved"') == 2
    assert "3 tiles (1 to draw, 2 reserved, never drawn)" in svg
    assert "gupai-tile-back" in svg and "gupai-tile-western" not in svg
    table = table_line_svg(deal)
    assert "Boneyard: 3 tiles" in table and view_width(table) <= COLUMN
    assert "Boneyard" in line_deal_svg(deal, seat=0)
    assert "Boneyard" not in line_deal_svg(deal, seat=0, line=False)  # the view draws it


@pytest.mark.parametrize(("count", "reserved", "free"), [(16, 2, 14), (2, 2, 0), (0, 2, 0)])
def test_the_pile_counts(count: int, reserved: int, free: int) -> None:
    svg = boneyard_svg(count, reserved)
    assert svg.count('class="gupai-pile-tile"') == free
    assert svg.count('class="gupai-reserved"') == min(count, reserved)
    assert view_width(svg) <= COLUMN


def test_bad_pile_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="whole numbers"):
        boneyard_svg(-1)
    with pytest.raises(ValueError, match="whole numbers"):
        boneyard_svg(3, "2")  # type: ignore[arg-type]


def test_a_line_game_without_a_boneyard_draws_none() -> None:
    deal = ding_niu.Deal.random(seed=2)
    assert pile_of(deal) is None
    assert "Boneyard" not in line_deal_svg(deal)


def test_a_double_across_is_narrower_than_a_tile_along() -> None:
    assert tile_size("western", "vertical")[0] < tile_size("western", "horizontal")[0]
