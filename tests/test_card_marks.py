"""A card's mark (Tet-Gow: its tier and set, GameInfo.piece_mark, TT-SET, TT-TIER) is an
argument of each drawing, never a setting kept between drawings: the drawing functions take
``marks=``, the widgets that draw cards take it at construction, and a question that asks for
a card's tier draws its cards without marks."""

from __future__ import annotations

import re

import gupai_learn as gl
from gupai_learn.games import tet_gow
from gupai_learn.render import card_svg, deal_svg, draw_piece, group_svg, piece_view, row_svg
from gupai_learn.render.pieces import PieceOptions
from gupai_learn.render.views import Group

#: A card's corner badge: its tier, "T1" to "T6".
BADGE = re.compile(r">T[1-6]<")


def _marked(svg: str) -> bool:
    return BADGE.search(svg) is not None


def test_a_cards_kept_drawing_is_keyed_by_its_marks() -> None:
    card = gl.Card("Journey")
    assert not _marked(card_svg(card, marks=False))
    assert _marked(card_svg(card))  # not the drawing kept just before
    bare = draw_piece(card, PieceOptions(marks=False))
    assert not _marked(bare.body) and "tier" not in bare.label
    full = draw_piece(card, PieceOptions())
    assert _marked(full.body) and "tier 1" in full.label
    assert not _marked(card_svg(card, tiers=False))  # the old name still works


def test_rows_groups_tricks_and_deals_take_marks() -> None:
    hand = gl.cards("Huntress, Journey, Sea")
    assert _marked(row_svg(hand)) and not _marked(row_svg(hand, marks=False))
    groups = [Group("East", hand)]
    assert _marked(group_svg(groups)) and not _marked(group_svg(groups, marks=False))
    deal = tet_gow.Deal.random(seed=3)
    assert _marked(deal_svg(deal)) and not _marked(deal_svg(deal, marks=False))
    svg, label = piece_view(hand[0], marks=False)
    assert not _marked(svg) and "tier" not in label
    assert _marked(row_svg(hand))  # nothing was switched for the drawings after


def test_show_tiers_leaves_every_other_drawing_as_it_was() -> None:
    picture = tet_gow.show_tiers("Bard, Battle", False)
    assert not _marked(picture._repr_svg_()) and ">Bard<" in str(picture)
    assert _marked(tet_gow.show_tiers("Bard, Battle")._repr_svg_())
    assert _marked(gl.cards("Bard, Battle")._repr_svg_())
    assert _marked(gl.Card("Bard")._repr_svg_())


def test_a_question_on_tiers_draws_its_cards_bare_and_others_keep_theirs() -> None:
    from gupai_learn.puzzles import pictures

    hand = gl.cards("Huntress, Journey")
    assert not _marked(pictures.pieces(hand, hide_class=True))
    assert _marked(pictures.pieces(hand))


def test_the_hand_picker_carries_its_marks() -> None:
    from gupai_learn.widgets import HandPicker

    deal = tet_gow.Deal.random(seed=1)
    bare = HandPicker.for_deal(deal, deal.turn, marks=False)
    assert bare.pieces and not any(_marked(p["svg"]) for p in bare.pieces)
    assert not any("tier" in p["label"] for p in bare.pieces)
    marked = HandPicker.for_deal(deal, deal.turn)
    assert all(_marked(p["svg"]) for p in marked.pieces)
    bare.selected = [0]  # a redraw keeps the choice made at construction
    assert not any(_marked(p["svg"]) for p in bare.pieces)


def test_the_deal_player_and_its_replay_carry_their_marks() -> None:
    from gupai_learn.widgets import DealPlayer, ReplayStepper

    bare = DealPlayer("tet_gow", seed=2, marks=False)
    marked = DealPlayer("tet_gow", seed=2)  # made after: no setting of the first carries over
    assert not _marked(bare.table.value) and _marked(marked.table.value)
    assert not any(_marked(p["svg"]) for p in bare.picker.pieces)
    while not bare.deal.is_over:
        bare.deal.apply(bare.deal.legal_moves()[0])
    bare._after_move()
    bare.toggle_replay()
    (stepper,) = bare.replay.children
    assert isinstance(stepper, ReplayStepper) and stepper.marks is False
    stepper.go(3)
    assert not _marked(stepper.view.value)
    assert _marked(ReplayStepper(bare.deal, step=3).view.value)


def test_the_review_draws_the_better_move_as_its_player_draws_pieces() -> None:
    from gupai_learn.review import notes_html, review

    deal = tet_gow.Deal.random(seed=2)
    while not deal.is_over:  # the first listed move, whatever it gives away: a slip to review
        deal.apply(deal.legal_moves()[0])
    notes = review(deal, 1)  # seat 1's last decision slips (found by playing it out)
    assert any(n.verdict == "slipped" for n in notes)
    assert _marked(notes_html(deal, notes)) and not _marked(notes_html(deal, notes, False))
