"""Drawings: pure functions that turn tiles, hands, tricks, verdicts and settlements into SVG or
HTML text (design.md §4).

- :func:`tile_svg`: one tile, Chinese or Western, face up or down.
- :func:`card_svg`: one Decktet card (Tet-Gow), face up or down; :func:`suits_svg` the suits.
- :func:`row_svg`: a row of tiles, such as a hand.
- :func:`group_svg` with :class:`Group`: labelled groups, such as the plays of a trick.
- :func:`verdict_html`, :func:`settlement_html`: the tutor's answers.
- :func:`reference_svg`: a game's reference card (its rankings) as one picture.

Nothing here keeps state or applies a rule: callers decide what is selected or high, and the
drawing shows it. Output is deterministic and every piece of text is escaped. Value types draw
themselves in notebooks by importing this package lazily.
"""

from gupai_learn.render.cards import card_svg, describe_card, show_tiers, suits_svg
from gupai_learn.render.html import settlement_html, verdict_html
from gupai_learn.render.pieces import Drawing, Picture, PieceOptions, draw_piece, piece_view
from gupai_learn.render.reference import reference_svg
from gupai_learn.render.tiles import describe_tile, tile_svg
from gupai_learn.render.views import Group, deal_svg, group_svg, row_svg, trick_svg

__all__ = [
    "Drawing",
    "Group",
    "card_svg",
    "PieceOptions",
    "Picture",
    "deal_svg",
    "describe_card",
    "describe_tile",
    "draw_piece",
    "group_svg",
    "piece_view",
    "reference_svg",
    "row_svg",
    "settlement_html",
    "show_tiers",
    "suits_svg",
    "tile_svg",
    "trick_svg",
    "verdict_html",
]
