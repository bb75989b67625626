"""Nothing a drawing function makes is wider than the page: JupyterLab's output column is 848 px
wide at 1280 × 900 with the file browser open, so every drawing is shown at most 840 px wide,
at its largest realistic input (a whole set in a row, a 16-tile Bagchen hand, four hands,
a reference card, a long line). Also the pictures that show before a notebook runs."""

from __future__ import annotations

import re

import pytest

import gupai_learn as gl
from gupai_learn import decks
from gupai_learn.bots import play_out
from gupai_learn.games import GAMES
from gupai_learn.render import Group, deal_svg, group_svg, row_svg, suits_svg, tile_svg, trick_svg
from gupai_learn.render._svg import MAX_WIDTH, svg_root
from gupai_learn.render.line import layout_svg, line_deal_svg, table_line_svg
from gupai_learn.render.portable import portable_html, svg_img
from tests.registry import every_game

HEAD = re.compile(r"<svg\b[^>]*>")


def shown_width(svg: str) -> float:
    """The width the outermost ``<svg>`` is shown at (its ``width`` attribute)."""
    head = HEAD.search(svg)
    assert head is not None, svg[:80]
    width = re.search(r'\swidth="([\d.]+)"', head.group(0))
    assert width is not None, head.group(0)
    return float(width.group(1))


def played(game: str, seed: int = 3) -> object:
    info = GAMES[game]
    deal = info.Deal.random(seed=seed)
    return play_out(deal, [info.bot("random", seed + s) for s in range(deal.n_seats)])


def test_the_limit_is_the_column() -> None:
    assert MAX_WIDTH == 840


def test_any_drawing_wider_than_the_column_is_shown_scaled_down() -> None:
    svg = svg_root("", 2000, 100, label="wide")
    assert shown_width(svg) == 840 and 'height="42"' in svg and 'viewBox="0 0 2000 100"' in svg
    assert shown_width(svg_root("", 300, 100, label="narrow", scale=2)) == 600
    assert shown_width(tile_svg(gl.Tile(6, 6), scale=40)) <= 840


def _biggest_trick(game: str) -> str:
    deal = played(game)
    trick = max(deal.tricks, key=lambda t: sum(len(p.pieces) for p in t.plays))  # type: ignore[attr-defined]
    return trick_svg(trick.plays, deal.seat_names, trick.high)  # type: ignore[attr-defined]


ROWS = {
    "the 32-tile Chinese set": lambda: row_svg(decks.chinese()),
    "the 28-tile double-six set": lambda: row_svg(decks.double_six(), style="western"),
    "a 16-tile Bagchen hand": lambda: row_svg(GAMES["bagchen"].Deal.random(seed=1).hands[0]),
    "the set with captions": lambda: row_svg(
        decks.chinese(), labels=[f"{t.name}\nrank {i}" for i, t in enumerate(decks.chinese())]
    ),
    "the 36-card Decktet": lambda: row_svg(decks.decktet()),
    "the six suits": lambda: suits_svg(),
    "Bagchen's four hands in groups": lambda: group_svg(
        [Group(f"seat {s}", h) for s, h in enumerate(GAMES["bagchen"].Deal.random(seed=2).hands)]
    ),
    "a group of the whole set": lambda: group_svg([Group("all", decks.chinese())]),
    "the 64 tiles of Bagchen's double set": lambda: row_svg(decks.chinese_double()),
    "the biggest trick of a deal": lambda: _biggest_trick("bagchen"),
}


@pytest.mark.parametrize("name", sorted(ROWS))
def test_rows_and_groups_fit(name: str) -> None:
    assert shown_width(ROWS[name]()) <= MAX_WIDTH


@pytest.mark.parametrize("game", every_game())
def test_a_whole_deal_fits(game: str) -> None:
    deal = GAMES[game].Deal.random(seed=5)
    assert shown_width(deal_svg(deal)) <= MAX_WIDTH
    done = played(game)
    assert shown_width(deal_svg(done)) <= MAX_WIDTH


@pytest.mark.parametrize("game", every_game(lambda info: info.reference is not None))
def test_reference_cards_fit(game: str) -> None:
    reference = GAMES[game].reference
    assert reference is not None
    assert shown_width(reference()._repr_svg_()) <= MAX_WIDTH


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "line"))
def test_a_long_line_and_its_table_fit(game: str) -> None:
    for seed in range(4):
        deal = played(game, seed)
        for svg in (layout_svg(deal.layout), table_line_svg(deal), line_deal_svg(deal)):
            assert shown_width(svg) <= MAX_WIDTH


def test_an_image_keeps_the_drawing_size_and_label() -> None:
    svg = row_svg(gl.tiles("[6:6] [3:1]"))
    img = svg_img(svg)
    assert img.startswith('<img src="data:image/svg+xml;base64,')
    assert f'width="{shown_width(svg):g}"' in img and "max-width:100%" in img
    assert 'alt="a row of 2 tiles: [6:6] Heaven' in img


def test_html_with_drawings_inside_holds_images_only() -> None:
    inner = '<svg width="5"><svg width="3"></svg><text>x</text></svg>'
    html = f"<p>a</p>{row_svg(gl.tiles('[6:6]'))}<b>b</b>{inner}<i>c</i>"
    out = portable_html(html)
    assert "<svg" not in out and out.count("<img ") == 2
    assert out.startswith("<p>a</p><img ") and "<b>b</b><img " in out and out.endswith("<i>c</i>")
    assert portable_html("<svg width='1'>never closed") == "<svg width='1'>never closed"
