"""gl.review and the hint that explains (gupai_learn/review.py, issue 26): a scripted deal of
every game with a known slip, checked against the solver; kept moves really keep the goal; bad
input is refused with a clear error; hints are legal and, where the solver decides, proved."""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets
import pytest

import gupai_learn as gl
from gupai_learn.games import GAMES
from gupai_learn.review import Hint, ReviewNote, goal_words, hint, review

#: game -> (seed of Deal.random, reviewed seat, index of the slip in the history, the moves).
SCRIPTS: dict[str, tuple[int, int, int, list[str]]] = {
    "tien_gow": (
        0,
        1,
        19,
        [
            "[1:1]",
            "down:[5:1]",
            "down:[6:1]",
            "down:[2:1]",
            "[3:1][4:1]",
            "down:[6:5][6:4]",
            "down:[2:2][3:2]",
            "down:[6:5][6:4]",
            "[5:1]",
            "down:[5:2]",
            "[3:3]",
            "[5:5]",
            "[2:2]",
            "down:[6:1]",
            "down:[4:3]",
            "[5:5]",
            "[3:1]",
            "down:[4:2]",
            "down:[3:3]",
            "down:[6:3]",
            "[5:3]",
            "down:[6:2]",
            "down:[4:4]",
            "[5:4]",
            "[1:1]",
            "down:[4:4]",
            "[6:6]",
            "down:[6:6]",
        ],
    ),
    "bagchen": (
        1,
        1,
        30,
        [
            "[4:1][3:2]",
            "[5:2][5:2]",
            "[6:2][5:3]",
            "down:[6:4][6:3]",
            "[6:5][6:5][6:5]",
            "down:[5:5][6:1][5:1]",
            "down:[6:5][6:4][5:3]",
            "down:[6:2][4:3][4:1]",
            "[1:1][1:1]",
            "[6:6][6:6]",
            "down:[6:4][6:1]",
            "down:[6:3][5:4]",
            "[2:1]",
            "down:[5:1]",
            "down:[5:4]",
            "down:[3:2]",
            "[1:1][1:1]",
            "down:[3:3][5:1]",
            "down:[6:4][6:1]",
            "down:[5:1][4:3]",
            "[4:4]",
            "down:[3:3]",
            "[6:6]",
            "down:[5:5]",
            "[3:1]",
            "[4:4]",
            "down:[5:5]",
            "down:[2:2]",
            "[2:2][2:2]",
            "down:[3:3][2:2]",
            "[4:4][4:4]",
            "down:[5:5][6:1]",
            "[3:1]",
            "down:[3:3]",
            "down:[3:1]",
            "down:[3:1]",
            "[2:1]",
            "down:[4:2]",
            "down:[6:6]",
            "down:[4:2]",
        ],
    ),
    "ding_niu": (
        0,
        3,
        10,
        [
            "[6:5]",
            "[6:6]>left",
            "[6:6]>left",
            "[6:5]>left",
            "[5:5]>right",
            "[5:1]>right",
            "[5:5]>left",
            "[5:1]>left",
            "[6:1]>left",
            "[6:3]>left",
            "[3:3]>left",
            "down:[6:4]",
            "[6:1]>right",
            "[3:1]>left",
            "[3:1]>left",
            "[6:2]>right",
            "pass",
            "[2:2]>right",
            "[3:3]>left",
            "[2:2]>right",
        ],
    ),
    "bergen": (
        0,
        0,
        28,
        [
            "[0:0]",
            "[6:0]>right",
            "[2:0]>left",
            "[6:2]>left",
            "draw",
            "draw",
            "draw",
            "[6:1]>left",
            "[6:4]>right",
            "[2:1]>left",
            "[5:4]>right",
            "[5:2]>right",
            "draw",
            "draw",
            "draw",
            "draw",
            "draw",
            "draw",
            "draw",
            "draw",
            "[3:2]>left",
            "[2:2]>right",
            "[5:3]>left",
            "draw",
            "draw",
            "draw",
            "pass",
            "[5:1]>left",
            "[1:0]>left",
            "[5:0]>left",
            "pass",
            "[6:5]>left",
            "[6:3]>left",
            "[3:1]>left",
            "[1:1]>left",
            "[4:1]>left",
            "[4:3]>left",
            "[3:0]>left",
            "[4:0]>left",
            "pass",
            "[4:4]>left",
        ],
    ),
    "tet_gow": (
        0,
        0,
        10,
        [
            "Bard + 5 Forest",
            "down:4 Battle + 5 Soldier",
            "down:Ace of Knots + Windfall",
            "down:2 Author + 6 Market",
            "9 Merchant",
            "7 Castle",
            "2 Desert",
            "6 Lunatic",
            "Sea + 2 Origin",
            "down:3 Savage + Calamity",
            "down:6 Penitent + End",
            "down:7 Cave + 9 Darkness",
            "Ace of Wyrms",
            "down:8 Mill",
            "Ace of Moons",
            "down:3 Painter",
            "7 Chance Meeting",
            "down:4 Sailor",
            "down:Ace of Leaves",
            "3 Journey",
            "4 Mountain",
            "down:Huntress",
            "down:Ace of Suns",
            "down:9 Pact",
        ],
    ),
}


def scripted(game: str) -> tuple[Any, int, int]:
    seed, seat, slip, moves = SCRIPTS[game]
    deal = GAMES[game].Deal.random(seed=seed)
    for move in moves:
        deal.apply(move)
    assert deal.is_over
    return deal, seat, slip


def position_before(deal: Any, index: int) -> Any:
    replay = deal.restart()
    for move in deal.history[:index]:
        replay.apply(move)
    return replay


def wins_after(game: str, deal: Any, move: Any, seat: int) -> bool | None:
    child = deal.copy()
    child.apply(move)
    solve = GAMES[game].solve
    assert solve is not None
    return solve(child, seat).wins


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_the_known_slip_is_found_and_the_better_move_keeps_the_goal(game: str) -> None:
    deal, seat, slip = scripted(game)
    notes = gl.review(deal, seat)
    assert all(isinstance(n, ReviewNote) and n.seat == seat for n in notes)
    assert [n.index for n in notes] == sorted(n.index for n in notes)
    note = next(n for n in notes if n.index == slip)
    assert note.verdict == "slipped" and note.played == deal.history[slip]
    before = position_before(deal, slip)
    assert note.better is not None and note.better != note.played
    assert wins_after(game, before, note.better, seat) is True
    assert wins_after(game, before, note.played, seat) is False
    name = deal.name(seat)
    assert note.why.startswith(f"After {name} ")
    assert "from there" in note.why or "in the end" in note.why
    assert set(goal_words(GAMES[game])[1]) <= set(note.rules)
    assert note.line and str(note).startswith(f"move {slip + 1}, {note.played}: slipped")


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_every_decided_note_agrees_with_the_solver(game: str) -> None:
    deal, seat, _ = scripted(game)
    notes = review(deal, seat)
    decided = [n for n in notes if n.verdict != "undecided"]
    assert decided, "the last decisions are always within reach"
    first = notes.index(decided[0])
    assert all(n.verdict != "undecided" for n in notes[first:])  # undecided only at the start
    for note in decided:
        kept = wins_after(game, position_before(deal, note.index), note.played, seat)
        assert kept is (note.verdict == "kept" and note.line == ())


def test_the_review_is_the_same_every_time() -> None:
    deal, seat, _ = scripted("tien_gow")
    assert review(deal, seat) == review(deal, seat)


def test_a_zero_budget_leaves_every_decision_undecided() -> None:
    deal, seat, _ = scripted("ding_niu")
    notes = review(deal, seat, max_nodes=0)
    assert notes and {n.verdict for n in notes} == {"undecided"}


def test_bad_input_is_refused_with_a_clear_error() -> None:
    deal, _, _ = scripted("tien_gow")
    with pytest.raises(ValueError, match="seat=4: a seat is a whole number 0 to 3"):
        review(deal, 4)
    with pytest.raises(ValueError, match="seat"):
        review(deal, "East")
    unfinished = GAMES["bagchen"].Deal.random(seed=3)
    with pytest.raises(ValueError, match="finished deal"):
        review(unfinished, 0)
    for bad in ("[6:6] [1:1]", None, [deal]):
        with pytest.raises(TypeError, match="give a game's deal"):
            review(bad, 0)
    with pytest.raises(ValueError, match="max_nodes"):
        review(deal, 0, max_nodes=-1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_is_a_legal_move_with_a_reason_and_its_rules(game: str) -> None:
    deal = GAMES[game].Deal.random(seed=5)
    found = hint(deal)
    assert isinstance(found, Hint) and deal.judge(found.move).ok
    assert found.why and found.rules and deal.name(deal.turn) in found.why
    assert all(r.startswith(GAMES[game].rule_prefix) for r in found.rules)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_hint_near_the_end_is_proved_by_the_solver(game: str) -> None:
    deal, seat, slip = scripted(game)
    before = position_before(deal, slip)
    found = hint(before, max_nodes=200_000)
    assert found.solved and "whatever the others do" in found.why
    assert wins_after(game, before, found.move, seat) is True
    assert set(goal_words(GAMES[game])[1]) <= set(found.rules)


def test_a_hint_after_the_end_is_refused() -> None:
    deal, _, _ = scripted("bergen")
    with pytest.raises(ValueError, match="over"):
        hint(deal)
    with pytest.raises(TypeError):
        hint("not a deal")


def test_the_deal_players_review_button_marks_the_first_slip() -> None:
    from gupai_learn.widgets.deal_player import DealPlayer

    player = DealPlayer("ding_niu", seed=0, seat=3)
    rows = [w for w in player.children if isinstance(w, ipywidgets.HBox)]
    assert "Review" in [b.description for row in rows for b in row.children]
    assert player.review() is None and "play it to the end first" in player.coach.value
    deal, seat, slip = scripted("ding_niu")
    player.deal = player.picker.deal = deal
    notes = player.review()
    assert notes is not None and [n.index for n in notes if n.verdict == "slipped"][0] == slip
    shown = player.coach.value
    assert (
        "the first slip" in shown and html.escape(f"Move {slip + 1}: {deal.history[slip]}") in shown
    )
    assert "<svg" in shown and "DN-SCORE-PLACES" in shown
    assert shown.count("the first slip") == 1


def test_the_deal_players_hint_says_why() -> None:
    from gupai_learn.widgets.deal_player import DealPlayer

    player = DealPlayer("tien_gow", seed=2)
    move = player.hint()
    assert move is not None and player.deal.judge(move).ok
    assert "Hint:" in player.coach.value and "TG-" in player.coach.value


# ----- the slip marked where it happened, in the deal player and in the replay -----------------
def _marked_span(shown: str) -> str:
    """The one story line marked as the slip (the whole span, its title included)."""
    assert shown.count("class='gupai-slip'") == 1
    found = re.search(r"<div class='gupai-slip'.*?</div></div>", shown, re.S)
    assert found is not None
    return found.group(0)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_the_first_slip_is_marked_on_the_list_the_line_and_the_replay(game: str) -> None:
    from gupai_learn.widgets.deal_player import (
        DealPlayer,
        ReplayStepper,
        line_mark,
        narrate,
        trick_mark,
    )

    deal, seat, _ = scripted(game)
    player = DealPlayer(game, seed=0, seat=seat)
    player._use(deal, "The deal is over.")
    assert "gupai-slip" not in player.story.value  # nothing marked before the review
    notes = player.review()
    assert notes is not None
    first = next(n for n in notes if n.verdict == "slipped")
    assert first.better is not None
    span = _marked_span(player.story.value)
    title = html.escape(f"slip: move {first.index + 1}", quote=True)
    assert f'title="{title}' in span and html.escape(f"better: {first.better}", quote=True) in span
    assert ("<svg" in span) == bool(first.better.pieces)  # the better move drawn beside it
    if hasattr(deal, "tricks"):  # the marked line is the trick the slip was played in
        before = position_before(deal, first.index)
        number = len(before.tricks) + 1
        told = narrate(deal, number, deal.tricks[number - 1])
        assert html.escape(told, quote=False).split(" (")[0][:40] in span
        assert f"{number}. " in span
    else:  # a line game: the move's own line, and its tile outlined on the line
        assert f"{first.index + 1}. {deal.name(seat)}" in span
        where = line_mark(deal, player._slip)
        if deal.history[first.index].kind == "play":
            placed = deal.layout.placed[where]
            assert (placed.tile, placed.seat) == (deal.history[first.index].pieces[0], seat)
            assert player.story.value.count("gupai-slip-mark") == 1
    # the replay: its own Review jumps to the step right after the slip, marked on the table
    stepper = ReplayStepper(deal, step=0, seat=seat)
    assert "gupai-slip" not in stepper.view.value
    assert [n.index for n in stepper.review() or []] == [n.index for n in notes]
    assert stepper.step == first.index + 1
    assert "gupai-slip" in stepper.caption.value and "gupai-review-slip" in stepper.notes.value
    assert stepper.view.value.count("gupai-slip-mark") == 1
    now = stepper.position(stepper.step)
    if hasattr(now, "tricks"):
        plays = list(now.trick) or list(now.tricks[-1].plays)
        marked = trick_mark(now, plays, stepper.slip)
        assert marked is not None and plays[marked].seat == seat
    stepper.go(0)
    assert "gupai-slip" not in stepper.caption.value


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_the_mark_finds_every_move_where_it_lies(game: str) -> None:
    """Every play of a whole deal, marked in turn: on the trick shown right after it, the
    marked play is that seat's; on the line, the marked tile is that tile, placed by that
    seat, at every later step."""
    from gupai_learn.widgets.deal_player import Slip, line_mark, trick_mark

    deal, _, _ = scripted(game)
    replay = deal.restart()
    for index, (seat, move) in enumerate(deal.seated_history):
        replay.apply(move)
        slip = Slip(index, seat, "slip")
        if hasattr(replay, "tricks"):
            plays = list(replay.trick) or list(replay.tricks[-1].plays)
            at = trick_mark(replay, plays, slip)
            assert at is not None and plays[at].seat == seat
            assert sorted(plays[at].pieces) == sorted(move.pieces)
            continue
        for later in (replay, deal):
            at = line_mark(later, slip)
            if move.kind != "play":
                assert at is None
                continue
            assert at is not None
            placed = later.layout.placed[at]
            assert (placed.tile, placed.seat) == (move.pieces[0], seat)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_brings_its_own_review_words(game: str) -> None:
    """The words of a review live in the game's package, not in the generic module."""
    from gupai_learn.review import words_of

    info = GAMES[game]
    words = words_of(info)
    assert words.goal and words.rules
    assert all(rule.startswith(info.rule_prefix + "-") for rule in words.rules)
    assert goal_words(info) == (words.goal, words.rules)


def test_a_hint_says_when_nothing_forces_the_goal_and_only_then() -> None:
    """Issue 36: the computer player's move alone is the hint only when the solver could not
    decide; when it proved that no move forces the goal, the hint says so first."""
    from gupai_learn.games import tien_gow

    lost = tien_gow.Deal(["51 61", "66 11", "44 31", "55 33"], columns=(1, 1, 2, 2))
    assert tien_gow.solve(lost, 0).wins is False
    found = hint(lost)
    assert not found.solved and found.why.startswith("No move makes sure East")
    assert lost.judge(found.move).ok and set(goal_words(GAMES["tien_gow"])[1]) <= set(found.rules)
    undecided = hint(lost, max_nodes=0)
    assert not undecided.solved and "No move makes sure" not in undecided.why
    assert undecided.move == found.move
