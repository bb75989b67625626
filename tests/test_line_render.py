"""Drawings of line layouts and line deals (render/line.py)."""

from __future__ import annotations

import random

from gupai_learn.engine.line import Layout
from gupai_learn.games import ding_niu
from gupai_learn.render.line import layout_svg, line_deal_svg
from gupai_learn.tiles import Tile


def played(seed: int, moves: int) -> ding_niu.Deal:
    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed)
    for _ in range(moves):
        if deal.is_over:
            break
        legal = deal.legal_moves()
        deal.apply(legal[rng.randrange(len(legal))])
    return deal


def test_layout_draws_itself_deterministically_and_fits_a_column() -> None:
    deal = played(1, 14)
    svg = deal.layout._repr_svg_()
    assert svg == layout_svg(deal.layout) and svg.startswith("<svg")
    assert 'style="max-width:100%;height:auto"' in svg
    width = float(svg.split('viewBox="0 0 ', 1)[1].split()[0])
    assert width <= 960
    assert svg.count('class="gupai-placed"') == len(deal.layout)
    assert "the ends show" in svg and "gupai-open" in svg


def test_an_empty_line_and_a_one_armed_line() -> None:
    assert "empty line" in layout_svg(Layout())
    one = Layout().add(Tile(6, 4), "right", 0, arms=1)
    svg = layout_svg(one)
    assert svg.count("gupai-line-end") == 2 and svg.count("gupai-open") == 1


def test_doubles_across_are_drawn_upright() -> None:
    across = Layout(doubles_across=True).add(Tile(5, 5), None, 0).add(Tile(5, 1), "right", 1)
    inline = Layout().add(Tile(5, 5), None, 0).add(Tile(5, 1), "right", 1)
    assert layout_svg(across) != layout_svg(inline)


def test_a_deal_draws_the_line_and_every_hand() -> None:
    deal = played(3, 9)
    svg = deal._repr_svg_()
    assert svg == line_deal_svg(deal) and "The line" in svg
    for name in deal.seat_names:
        assert name in svg
    hidden = line_deal_svg(deal, seat=0)
    assert hidden != svg


def test_a_puzzle_picture_never_names_the_fish() -> None:
    from gupai_learn import puzzles

    # a card that asks about the fish never names it; a settlement card, whose payments depend
    # on who made it (DN-FISH-PAY), does
    for puzzle in puzzles.bank("ding_niu"):
        picture = puzzle.picture() if callable(puzzle.picture) else str(puzzle.picture or "")
        told = "fish:" in picture or "blocker " in picture
        fish = puzzle.position is not None and puzzle.position().fish is not None
        assert told == (puzzle.kind in ("line-settle", "points") and fish), puzzle.id
