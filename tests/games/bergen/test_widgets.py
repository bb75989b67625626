"""Bergen in the game-independent widgets, without a browser: the line view's Draw and Pass
(offered exactly when the rules call for them), and a whole match in the deal player."""

from __future__ import annotations

import random

import pytest

from gupai_learn.games import bergen
from gupai_learn.rulebook import closed_text
from gupai_learn.tiles import Tile
from gupai_learn.widgets import DealPlayer, LineView

BONEYARD = ["[4:4]", "[6:1]", "[1:1]", "[2:1]", "[4:3]"]


def opened(boneyard: list[str] = BONEYARD) -> bergen.Deal:
    """East has opened [6:6]; West holds no 6."""
    deal = bergen.Deal(["[6:6] [6:5] [1:0]", "[5:4] [3:2] [2:0]"], boneyard=boneyard)
    deal.play("[6:6]")
    return deal


def expected_buttons(deal: bergen.Deal, seat: int) -> list[str]:
    if deal.is_over or deal.turn != seat:
        return []
    kinds = [m.kind for m in deal.legal_moves()]
    return [name for kind, name in (("draw", "Draw"), ("pass", "Pass")) if kind in kinds]


def test_draw_and_pass_are_offered_exactly_when_the_rules_call_for_them() -> None:
    seen: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        deal = bergen.Deal.random(seed=seed, players=2 + seed % 3)
        views = [LineView(deal, s) for s in range(deal.n_seats)]
        while not deal.is_over:
            for s, view in enumerate(views):
                view.refresh()
                assert view.buttons == expected_buttons(deal, s)
                seen.update(view.buttons)
            legal = deal.legal_moves()
            deal.apply(legal[rng.randrange(len(legal))])
    assert seen == {"Draw", "Pass"}


def test_a_stuck_seat_is_told_to_draw_and_clicking_draw_draws() -> None:
    deal = opened()
    view = LineView(deal, 1)
    assert view.buttons == ["Draw"]
    assert "No tile of yours fits" in view.verdict_html and "BE-DRAW" in view.verdict_html
    assert "Boneyard: 5 tiles (3 to draw, 2 reserved" in view.line_svg
    view.command = "Draw"
    assert len(deal.hands[1]) == 4 and len(deal.boneyard) == 4 and deal.turn == 1
    assert "You drew [4:4]" in view.message and "(BE-DRAW)" in view.message
    assert "Boneyard: 4 tiles" in view.line_svg
    view.command = "Draw"  # [6:1] now fits: no more drawing
    assert view.buttons == [] and deal.turn == 1
    view.selected = [list(deal.hands[1]).index(Tile(6, 1))]
    view.command = "left"
    assert deal.turn == 0 and len(deal.layout) == 2


def test_pass_when_only_the_reserved_tiles_are_left() -> None:
    deal = opened(["[2:1]", "[4:3]"])
    view = LineView(deal, 1)
    assert view.buttons == ["Pass"]
    assert "BE-DRAW" in view.verdict_html
    view.command = "Draw"  # a stale button: the reserved tiles are never drawn
    assert "BE-RESERVE" in view.message and "BE-RESERVE" in view.verdict_html
    assert deal.turn == 1 and len(deal.boneyard) == 2
    view.command = "Pass"
    assert deal.turn == 0 and "(BE-DRAW)" in view.message
    assert [m.kind for _, m in deal.seated_history] == ["play", "pass"]


@pytest.mark.parametrize(
    ("deal_of", "seat", "command", "rule"),
    [
        (opened, 1, "Pass", "BE-DRAW"),  # tiles are left to draw: draw before passing
        (lambda: bergen.Deal(["[6:6] [6:5]", "[6:4] [2:0]"], boneyard=BONEYARD), 0, "Draw", ""),
        (lambda: _after(opened(), "[6:1]"), 1, "Draw", "BE-DRAW"),  # able to play: no draw
    ],
)
def test_a_refused_click_names_the_rule_and_changes_nothing(
    deal_of: object, seat: int, command: str, rule: str
) -> None:
    deal = deal_of()  # type: ignore[operator]
    before = (deal.state_key(), len(deal.history))
    view = LineView(deal, seat)
    view.command = command
    assert (deal.state_key(), len(deal.history)) == before
    assert view.message.startswith("Not played") or "not available" in view.message
    if rule:
        assert f"({rule})" in view.message and rule in view.verdict_html


def test_off_turn_clicks_are_not_available() -> None:
    deal = opened()
    view = LineView(deal, 0)
    assert view.buttons == [] and "West to play" in view.verdict_html
    view.command = "Draw"
    assert "not available" in view.message and deal.turn == 1


def test_the_line_view_draws_western_tiles() -> None:
    view = LineView(opened(), 1)
    assert "gupai-tile-western" in view.line_svg and "gupai-tile-chinese" not in view.line_svg
    assert all("chinese" not in p["svg"] for p in view.pieces)


def _after(deal: bergen.Deal, *draws: str) -> bergen.Deal:
    """``deal`` after West draws until it holds each of ``draws``."""
    for tile in draws:
        while tile not in map(str, deal.hands[deal.turn]):
            deal.draw()
    return deal


# ----- a whole match in the deal player ------------------------------------------------------


def finish_round(player: DealPlayer, rng: random.Random) -> None:
    """Play the learner's seat at random (through the line view) until the round is over."""
    while not player.deal.is_over:
        legal = player.deal.legal_moves()
        player.picker._make(legal[rng.randrange(len(legal))])  # type: ignore[union-attr]


@pytest.mark.parametrize(("players", "target"), [(2, 15), (3, 10), (4, 10)])
def test_the_deal_player_plays_a_whole_match_to_the_target(players: int, target: int) -> None:
    rng = random.Random(players)
    player = DealPlayer("bergen", seed=players, players=players)
    assert player.match is not None and player.match.target == target
    assert player.board in player.children
    assert f"Game to {target} points (BE-GAME)" in closed_text(player.board.value)
    rounds = 0
    while True:
        finish_round(player, rng)
        rounds += 1
        results = player.deal.settle().results
        totals = [t + r for t, r in zip(player.match.totals, results, strict=True)]
        assert player.board.value.count("<td><b>") == players
        for total in totals:
            assert f"<td><b>{total}</b></td>" in player.board.value
        assert player.board.value.count("<tr>") == players + 1
        if max(totals) >= target:
            break
        assert "click Next round" in player.result.value
        player.next_round()
        assert len(player.match.history) == rounds and not player.deal.is_over
        assert player.match.deal is player.deal
    assert "the match" in player.result.value and "BE-GAME" in player.result.value
    before = len(player.match.history)
    player.next_round()  # the match is over: refused
    assert "The match is over" in player.coach.value and len(player.match.history) == before
    player.new_deal()
    assert player.match.history == [] and "<th scope='col'>1</th>" not in player.board.value
    assert "<th scope='col'>now</th>" in player.board.value  # the new round, in play


def test_next_round_waits_for_the_round_to_end_and_undo_and_hint_still_work() -> None:
    player = DealPlayer("bergen", seed=3)
    deal = player.deal
    player.next_round()
    assert "still in play" in player.coach.value and player.deal is deal
    move = player.hint()
    assert move is not None and move in deal.legal_moves()
    before = deal.seated_history
    player.picker._make(move)  # type: ignore[union-attr]
    assert len(player.deal.seated_history) > len(before)
    points = player.deal.round_points  # the opening double scored already (a header)
    assert any(points) and "<th scope='col'>now</th>" in player.board.value
    for seat, p in enumerate(points):
        assert f"<td>{p}</td><td><b>{p}</b></td>" in player.board.value.split("</tr>")[seat + 1]
    player.undo()
    assert player.match is not None and player.match.deal is player.deal
    assert player.deal.seated_history == before and "Took back" in player.coach.value


def test_a_game_without_a_target_has_no_scoreboard() -> None:
    player = DealPlayer("ding_niu", seed=2)
    assert player.match is None and player.board not in player.children
    row = player.children[2]
    assert [b.description for b in row.children] == [
        "New deal",
        "Undo",
        "Hint",
        "Review",
        "Replay",
        "Reference card",
    ]  # type: ignore[attr-defined]
    bergen_row = DealPlayer("bergen", seed=2).children[3]
    assert "Next round" in [b.description for b in bergen_row.children]  # type: ignore[attr-defined]
