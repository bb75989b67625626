"""Settlements of a points game (Bergen's kind): awards, scores, text and HTML, match totals."""

from __future__ import annotations

from gupai_learn.engine.settlement import Award, Payment, Settlement
from gupai_learn.render import settlement_html

NAMES = ("East", "South", "West")


def _points() -> Settlement:
    awards = [
        Award(0, 2, "a double header", ("BE-HEADER-DOUBLE",)),
        Award(2, 0, "nothing", ()),
        Award(0, 1, "lowest pips in a blocked round", ("BE-END-BLOCKED",)),
        Award(1, 3, "a triple header", ("BE-HEADER-TRIPLE",)),
    ]
    return Settlement.from_awards(NAMES, awards, "East scores 3 this round")


def test_points_add_up_per_seat_and_zero_awards_are_dropped() -> None:
    done = _points()
    assert done.unit == "point" and len(done.awards) == 3
    assert done.scores == (3, 3, 0) and done.results == (3, 3, 0)
    assert done.payments == (0, 0, 0)  # nobody pays anybody


def test_points_read_as_text_and_html() -> None:
    text = str(_points())
    assert "East scores +2: a double header (BE-HEADER-DOUBLE)" in text
    assert text.splitlines()[-1] == "  scores: East +3, South +3, West +0"
    html = settlement_html(_points())
    assert "Points" in html and "Total: South" in html and "BE-HEADER-TRIPLE" in html
    assert "Payer" not in html
    empty = settlement_html(Settlement.from_awards(NAMES, []))
    assert "Nobody scored." in empty


def test_a_chips_settlement_is_unchanged() -> None:
    chips = Settlement.from_lines(NAMES, [Payment(1, 0, 4, "columns", ("TG-PAY-PAR",))])
    assert chips.unit == "chip" and chips.results == chips.payments == (4, -4, 0)
    assert chips.scores == (0, 0, 0)
    assert str(chips).splitlines()[-1] == "  net: East +4, South -4, West +0"
