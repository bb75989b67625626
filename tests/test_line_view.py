"""The line view and the deal player for a line game, without a browser."""

from __future__ import annotations

import html

import pytest

from gupai_learn.games import ding_niu
from gupai_learn.widgets import DealPlayer, LineView, PuzzleCard, ReplayStepper

HANDS = ["[6:4] [1:1] [3:1]", "[6:4] [2:2] [6:1]", "[3:3] [4:4] [6:6]", "[6:6] [5:1] [4:4]"]


def test_first_tile_then_an_end_click() -> None:
    deal = ding_niu.Deal(HANDS)
    view = LineView(deal, 0)
    assert "empty line" in view.line_svg and view.ends[0]["label"] == "start the line"
    assert not view.ends[0]["enabled"]
    view.selected = [0]  # [6:4]
    assert view.ends[0]["enabled"] and "starts the line" in view.verdict_html
    view.command = "left"
    assert deal.ends == (6, 4) and view.selected == [] and view.message.startswith("You played")


def test_both_ends_fit_needs_an_end_and_the_verdict_says_so() -> None:
    deal = ding_niu.Deal.from_script(HANDS, ["[6:4]"])
    view = LineView(deal, 1)
    view.selected = [0]  # [6:4] fits both ends
    assert [e["enabled"] for e in view.ends] == [True, True]
    assert "fits both ends" in view.verdict_html and "click the end" in view.verdict_html
    view.command = "right"
    assert deal.ends == (6, 6) and len(deal.layout) == 2


def test_one_end_fits_a_single_click_places_it() -> None:
    deal = ding_niu.Deal.from_script(HANDS, ["[6:4]"])
    view = LineView(deal, 1)
    assert str(deal.hands[1][1]) == "[6:1]"
    view.selected = [1]  # [6:1]: only the 6 fits
    assert deal.ends == (1, 4) and deal.turn == 2


def test_stuck_seat_puts_a_tile_face_down() -> None:
    deal = ding_niu.Deal(["[6:4] [1:1]", "[3:3] [2:2]", "[4:4] [5:5]", "[6:6] [5:1]"])
    deal.play("[6:4]")
    view = LineView(deal, 1)
    assert view.buttons == ["Put face down"]
    view.command = "Put face down"
    assert "Select the tile" in view.message and deal.turn == 1
    view.selected = [0]
    assert "fits no end" in view.verdict_html
    view.command = "Put face down"
    assert deal.down[1] and deal.turn == 2


def test_off_turn_and_bad_commands_change_nothing() -> None:
    deal = ding_niu.Deal(HANDS)
    view = LineView(deal, 2)
    assert "East to play" in view.verdict_html and view.buttons == []
    view.command = "left"
    assert "not available" in view.message and len(deal.layout) == 0
    with pytest.raises(TypeError):
        LineView("deal", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        LineView(deal, 9)


def test_deal_player_plays_a_whole_line_game() -> None:
    player = DealPlayer(game="ding_niu", seed=2, seat=0)
    assert isinstance(player.picker, LineView)
    steps = 0
    while not player.deal.is_over and steps < 30:
        move = player.hint()
        assert move is not None
        player.deal.apply(move)
        player._after_move()
        steps += 1
    assert player.deal.is_over and "chips" in player.result.value
    assert "DN-SCORE" in player.result.value
    assert "face down" in player.table.value or "<svg" in player.table.value
    played = player.deal.seated_history
    mine = max(i for i, (seat, _) in enumerate(played) if seat == player.seat)
    player.undo()  # back to the learner's last decision, the moves after it taken back too
    assert not player.deal.is_over and player.deal.turn == player.seat
    assert player.deal.seated_history == played[:mine]
    assert html.escape(f"Took back {played[mine][1].words}.") in player.coach.value


def test_replay_stepper_steps_through_a_line_deal() -> None:
    deal = ding_niu.Deal.random(seed=4)
    while not deal.is_over:
        deal.apply(deal.legal_moves()[0])
    stepper = ReplayStepper(deal, step=0)
    assert "before the first lead" in stepper.caption.value
    stepper.go(3)
    assert "Move 3 of" in stepper.caption.value and "The line" in stepper.view.value


def test_puzzle_cards_show_line_puzzles() -> None:
    from gupai_learn import puzzles

    card = PuzzleCard(puzzles.get("dn-move-02"))
    card.selected = [0]
    assert card.check().outcome in ("correct", "incorrect")
    card = PuzzleCard(puzzles.get("dn-fish-01"))
    card.choice = "fours"
    assert card.check().correct


def test_a_line_move_card_says_which_end() -> None:
    from gupai_learn import puzzles

    card = PuzzleCard(puzzles.get("dn-move-01"))
    assert card.choices == ["left", "right", "face down", "pass"]  # every kind of move
    card.selected = [0]  # [6:4]
    card.choice = "left"
    feedback = card.check()
    assert not feedback.correct and "DN-FISH-CLASSIC" in feedback._repr_html_()
    card.choice = "right"
    assert card.check().correct


def test_a_new_deal_clears_the_message_about_the_old_one() -> None:
    deal = ding_niu.Deal(HANDS)
    view = LineView(deal, 0)
    view.selected = [0]
    view.command = "left"
    assert view.message.startswith("You played")
    view.refresh()  # the same deal redrawn: the message stays
    assert view.message.startswith("You played")
    view.deal = ding_niu.Deal(HANDS)  # as the deal player does for a new round or an Undo
    view.refresh()
    assert view.message == ""
