"""Decktet cards (TT-DECK): the value type, notation, collections and the decks."""

from __future__ import annotations

import copy
import pickle

import pytest

import gupai_learn as gl
from gupai_learn.cards import ALL_CARDS, CROWNS, SUITS
from gupai_learn.engine.moves import Move


def test_deck_has_36_cards_six_aces_eighteen_numbered_six_crowns() -> None:
    deck = gl.decks.decktet()
    assert len(deck) == 36 and len(set(deck)) == 36
    ranks = [c.rank for c in deck]
    assert ranks.count("Ace") == 6 and ranks.count("Crown") == 6
    assert all(ranks.count(n) == 3 for n in range(2, 10))
    assert [c.suits[0] for c in deck if c.is_crown] == list(SUITS)
    assert [c.name for c in deck if c.is_crown] == list(CROWNS)


def test_twelve_one_suit_and_twenty_four_two_suit_cards() -> None:
    assert sum(len(c.suits) == 1 for c in ALL_CARDS) == 12
    assert sum(len(c.suits) == 2 for c in ALL_CARDS) == 24


def test_three_player_deck_leaves_out_the_cycle() -> None:
    deck = gl.decks.decktet(3)
    assert len(deck) == 24
    assert gl.Card("Mountain") not in deck and gl.Card("Author") not in deck
    assert gl.Card("Journey") in deck and gl.Card("Huntress") in deck
    with pytest.raises(ValueError, match="TT-THREE"):
        gl.decks.decktet(5)


@pytest.mark.parametrize(
    "text", ["Ace of Moons", "ace of moons", "  ACE   OF MOONS ", "Ace Moons", "the Ace of Moons"]
)
def test_aces_read(text: str) -> None:
    assert gl.Card(text) is gl.Card("Ace of Moons")


@pytest.mark.parametrize(
    "text", ["Journey", "the Journey", "3 Journey", "journey", "3 the journey"]
)
def test_numbered_cards_read_with_or_without_the_and_number(text: str) -> None:
    card = gl.Card.parse(text)
    assert card is gl.Card("3 Journey")
    assert card.rank == 3 and card.suits == ("Moons", "Waves") and card.name == "Journey"


def test_crowns_read_and_have_no_number() -> None:
    assert gl.Card("the huntress") is gl.Card("Huntress")
    assert gl.Card("Huntress").rank == "Crown" and gl.Card("Huntress").suits == ("Moons",)


def test_str_round_trips_and_repr_rebuilds() -> None:
    for card in ALL_CARDS:
        assert gl.Card(str(card)) is card
        assert eval(repr(card), {"Card": gl.Card}) is card
    assert (
        str(gl.Card("Journey")) == "3 Journey" and repr(gl.Card("Huntress")) == "Card('Huntress')"
    )


def test_two_suit_cards_list_the_high_suit_first() -> None:
    for card in ALL_CARDS:
        assert list(card.suits) == sorted(card.suits, key=SUITS.index)


def test_cards_are_immutable_hashable_sortable_and_interned() -> None:
    card = gl.Card("Pact")
    with pytest.raises(AttributeError):
        card.name = "x"  # type: ignore[misc]
    assert {card: 1}[gl.Card("9 Pact")] == 1
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy(card) is card
    assert sorted(gl.cards("Huntress, Pact, Ace of Knots")) == list(
        gl.cards("Ace of Knots, Pact, Huntress")
    )


def test_cards_reads_several_separators() -> None:
    found = gl.cards("Ace of Moons, Huntress + 3 Journey; the Sea")
    assert str(found) == "Ace of Moons, Huntress, 3 Journey, Sea"
    assert repr(found) == "cards('Ace of Moons, Huntress, 3 Journey, Sea')"
    assert gl.cards(["Huntress", gl.Card("Sea")]) == gl.cards("Huntress, Sea")


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("Jurney", "did you mean 'Journey'"),
        ("Huntres", "Huntress"),
        ("4 Journey", "the Journey is a 3"),
        ("3 Huntress", "Crown"),
        ("the Excuse", "TT-DECK"),
        ("Watchman", "Pawn"),
        ("", "empty"),
    ],
)
def test_unknown_names_raise_and_suggest(text: str, hint: str) -> None:
    with pytest.raises(gl.InvalidNotationError, match=hint):
        gl.Card(text)


def test_bad_input_to_cards_raises_only_invalid_notation() -> None:
    for bad in (None, 3, b"Huntress", {"a": 1}, [1, 2], "Huntress, Jurney", "x" * 20_000):
        with pytest.raises(gl.InvalidNotationError):
            gl.cards(bad)  # type: ignore[arg-type]


def test_moves_carry_cards_through_a_reader() -> None:
    move = Move.parse("down:Ace of Moons + Huntress", read=gl.cards)
    assert move.kind == "discard" and move.pieces == gl.cards("Ace of Moons, Huntress")
    assert str(move) == "down:Ace of Moons + Huntress"
    assert Move.parse(str(move), read=gl.cards) == move


# ----- drawings (render/cards.py) -------------------------------------------------------------


def test_a_card_draws_its_rank_name_suits_and_tier() -> None:
    from gupai_learn.render import card_svg
    from gupai_learn.render.cards import COLOURS

    svg = card_svg("Journey")
    assert svg.startswith("<svg") and ">3<" in svg and ">Journey<" in svg
    assert COLOURS["Moons"] in svg and COLOURS["Waves"] in svg and COLOURS["Suns"] not in svg
    assert ">T1<" in svg and ">Inter<" in svg
    assert 'aria-label="3 Journey, Moons and Waves; Inter, tier 1"' in svg
    hidden = card_svg("Journey", tiers=False)
    assert ">T1<" not in hidden and "tier" not in hidden
    assert card_svg("Journey") == svg  # deterministic


def test_show_tiers_draws_its_own_row_and_switches_nothing() -> None:
    from gupai_learn.render import show_tiers

    bare = show_tiers(gl.cards("Huntress, Journey"), False)._repr_svg_()
    assert ">Huntress<" in bare and ">T1<" not in bare and "tier" not in bare
    assert ">T1<" in show_tiers("Huntress, Journey")._repr_svg_()
    assert ">T1<" in gl.Card("Huntress")._repr_svg_()  # no setting was left behind


def test_backs_and_selection() -> None:
    from gupai_learn.render import card_svg

    back = card_svg("Huntress", face_down=True)
    assert "Huntress" not in back and "face-down card" in back
    assert "gupai-selection" in card_svg("Huntress", selected=True)


def test_rows_tricks_and_deals_draw_cards_through_draw_piece() -> None:
    from gupai_learn.games import tet_gow as tt
    from gupai_learn.render import draw_piece, piece_view, row_svg
    from gupai_learn.render.pieces import PieceOptions

    assert draw_piece(gl.Card("Sea"), PieceOptions()).label.startswith("Sea")
    row = row_svg(gl.cards("Sea, Bard") + tuple(gl.tiles("[6:6]")))  # cards beside tiles
    assert ">Sea<" in row and ">Bard<" in row
    assert gl.cards("Sea, Bard")._repr_svg_().count("gupai-card-face") == 2
    svg, label = piece_view(gl.Card("End"), selected=True)
    assert "gupai-selection" in svg and label.startswith("End")
    deal = tt.Deal.random(seed=1)
    picture = deal._repr_svg_()
    assert "Left over, face up for all" in picture
    assert all(f">{c.name}<" in picture for c in deal.leftover)
