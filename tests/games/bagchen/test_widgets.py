"""Bagchen in the game-independent widgets and drawings, reached only through the registry."""

from __future__ import annotations

from gupai_learn import puzzles
from gupai_learn.games import bagchen
from gupai_learn.render import deal_svg
from gupai_learn.widgets import DealPlayer, HandPicker, PuzzleCard, ReplayStepper


def test_free_picker_names_a_bagchen_lead() -> None:
    picker = HandPicker("[4:3] [4:2] [4:1] [2:1]", game="bagchen")
    picker.selected = [0, 1]
    assert picker.verdict_ok and "stallion" in picker.verdict_html
    picker.selected = [0, 2]
    assert not picker.verdict_ok and "BG-COMBO-EARTH" in picker.verdict_html


def test_deal_player_plays_a_bagchen_deal_to_the_settlement() -> None:
    player = DealPlayer(game="bagchen", seed=2, seat=1, bots="heuristic")
    assert len(player.picker.hand) == 16
    while not player.deal.is_over:
        player.deal.apply(player.deal.legal_moves()[0])
        player._after_move()
    assert "chip" in player.result.value
    replay = ReplayStepper(player.deal, step=0)
    replay.go(5)
    assert replay.step == 5
    player.toggle_reference()
    assert "<svg" in player.card.value


def test_deal_player_with_charity_on() -> None:
    player = DealPlayer(game="bagchen", seed=4, rules=bagchen.Rules(charity=True))
    assert player.deal.rules.charity


def test_puzzle_cards_of_the_bank() -> None:
    card = PuzzleCard(puzzles.get("bg-class-01"))
    assert card is not None
    picture = deal_svg(bagchen.Deal.random(seed=1))
    assert picture.startswith("<svg")


def test_reference_card_ladders_come_from_the_engine() -> None:
    card = bagchen.reference_card()
    assert [p.title for p in card.parts] == ["Sky 天", "Earth 地", "Mixed", "Special"]
    for ladder in card.ladders:
        ranks = []
        for rung in ladder.rungs:
            combos = [bagchen.classify(play) for play in rung.plays]
            assert len({(c.kind, c.rank) for c in combos}) == 1, ladder.title
            ranks.append(combos[0].rank)
        assert ranks == sorted(ranks, reverse=True) and len(set(ranks)) == len(ranks)
    sisters = card.ladder("Sky single").rungs[4]
    assert sisters.label == "sister" and len(sisters.plays) == 3
    assert card.ladder("Full horse").rungs[0].led_only


def test_picker_offers_charity_calls_and_plays_one() -> None:
    deal = bagchen.Deal(
        ["[2:1]", "[5:1]", "[6:3]", "[2:2]"], bagchen.Rules(charity=True), won=(3, 4, 4, 4)
    )
    picker = HandPicker.for_deal(deal, 0)
    assert "Face down, calling sky" in picker.buttons and "Play" in picker.buttons
    picker.selected = [0]
    picker.command = "Face down, calling sky"
    assert deal.trick[0].call == "sky" and "calling sky" in picker.message


def test_module_doctests() -> None:
    import doctest

    from gupai_learn.games.bagchen import reference

    assert doctest.testmod(bagchen).failed == 0
    assert doctest.testmod(reference).failed == 0


def test_picker_marks_the_point_tiles() -> None:
    deal = bagchen.Deal(
        ["[2:2][6:6]", "[6:5][6:4]", "[5:1][6:1]", "[3:3][5:5]"], won=(3, 4, 4, 3), point="2-2"
    )
    picker = HandPicker.for_deal(deal, 0)
    marks = ["gupai-mark" in p["svg"] for p in picker.pieces]
    assert marks == [False, True] or marks == [True, False]
    labels = [p["label"] for p in picker.pieces]
    assert sum(label.endswith(", point") for label in labels) == 1
