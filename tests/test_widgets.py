"""The hand picker without a browser: simulate the front end and read back what it would show."""

from __future__ import annotations

from pathlib import Path

import ipywidgets
import pytest

from gupai_learn.games import tien_gow as tg
from gupai_learn.rulebook import closed_text
from gupai_learn.widgets import HandPicker


def front_end_selects(widget: HandPicker, indices: list[int]) -> None:
    """What the browser sends when the learner clicks tiles."""
    message = {
        "content": {"data": {"method": "update", "state": {"selected": indices}}},
        "buffers": [],
    }
    widget.comm.handle_msg(message)  # type: ignore[union-attr]


def test_free_play_names_the_lead_class() -> None:
    picker = HandPicker("[6:6] [6:3] [5:5] [4:2] [2:1]")
    assert "Select tiles" in picker.verdict_html and not picker.verdict_ok
    front_end_selects(picker, [0, 1])
    assert picker.verdict_ok and "Heaven-nine" in picker.verdict_html
    assert "aria-pressed" not in picker.pieces[0]["svg"]  # the drawing is Python's; JS adds state
    assert picker.pieces[0]["label"].startswith("[6:6] Heaven")
    front_end_selects(picker, [0, 2])
    assert not picker.verdict_ok and "TG-LEAD-CLASS" in picker.verdict_html
    front_end_selects(picker, [3, 4])
    assert picker.verdict_ok and "Supreme" in picker.verdict_html


def test_selected_tiles_are_drawn_selected() -> None:
    picker = HandPicker("[6:6] [6:3]")
    before = [p["svg"] for p in picker.pieces]
    picker.selected = [1]
    assert picker.pieces[0]["svg"] == before[0] and picker.pieces[1]["svg"] != before[1]


def test_deal_mode_judges_and_plays() -> None:
    deal = tg.Deal.random(seed=1)
    picker = HandPicker.for_deal(deal, 0)
    assert picker.buttons == ["Play"]
    picker.selected = [1, 2]  # [4:4][4:4]
    assert picker.verdict_ok and "civil pair" in picker.verdict_html
    picker.command = "Play"
    assert deal.turn == 1 and len(picker.hand) == 6 and picker.selected == []
    assert picker.message.startswith("Played")
    assert picker.command == ""


def test_refused_play_changes_nothing() -> None:
    deal = tg.Deal.random(seed=1)
    picker = HandPicker.for_deal(deal, 0)
    before = (deal.hands, deal.turn, deal.trick)
    picker.selected = [0, 2]  # [6:6][4:4]: not a lead
    assert not picker.verdict_ok and "TG-LEAD-CLASS" in picker.verdict_html
    picker.command = "Play"
    assert (deal.hands, deal.turn, deal.trick) == before
    assert picker.message.startswith("Not played")
    picker.command = "Face down"  # a leader has no Face down button
    assert "not available" in picker.message and (deal.hands, deal.turn) == before[:2]


def test_follower_sees_beat_verdict_and_discard() -> None:
    deal = tg.Deal.random(seed=1)
    deal.play("[4:4][4:4]")
    picker = HandPicker.for_deal(deal, 1)
    # South holds nothing that beats a civil pair: legal_moves() calls for Face down only
    assert picker.buttons == ["Face down"] and not deal.legal_plays()
    picker.selected = [0, 6]  # [6:6][6:3]: a mixed pair against a civil pair
    assert not picker.verdict_ok and "TG-BEAT-STRICT" in picker.verdict_html
    picker.command = "Face down"
    assert deal.turn == 2 and deal.trick[-1].face_up is False


def test_repr_is_stable() -> None:
    picker = HandPicker("[6:6] [6:3]")
    picker.selected = [1]
    assert repr(picker) == "HandPicker(hand='[6:6] [6:3]', selected='[6:3]')"


# ----- puzzle card ----------------------------------------------------------------------

from gupai_learn import puzzles  # noqa: E402
from gupai_learn.widgets import PuzzleCard  # noqa: E402

BANK = {p.id: p for p in puzzles.bank("tien_gow")}


def test_puzzle_card_choice_right_wrong_and_empty() -> None:
    puzzle = BANK["tg-class-01"]
    card = PuzzleCard(puzzle)
    card.command = "check"
    assert card.outcome == "not-attempted" and card.attempts == 0
    wrong = next(c for c in puzzle.choices if c != puzzle.solution.answer)
    card.choice = wrong
    card.command = "check"
    assert card.outcome == "incorrect" and card.attempts == 1
    card.choice = puzzle.solution.answer
    card.command = "check"
    assert card.outcome == "correct" and card.attempts == 2
    assert [o for _, o in card.history] == ["incorrect", "correct"]
    assert card.command == ""


def test_puzzle_card_hints_graduate_and_solution_shows() -> None:
    puzzle = BANK["tg-beat-01"]
    card = PuzzleCard(puzzle)
    assert card.hints == [] and card.solution_html == ""
    card.command = "hint"
    assert card.hints == [puzzle.hints[0]]
    for _ in range(len(puzzle.hints) + 2):
        card.command = "hint"
    assert card.hints == list(puzzle.hints) and not card.has_more_hints
    card.command = "solution"
    assert puzzle.solution.text.split(".")[0] in card.solution_html


def test_puzzle_card_tiles_answer_from_the_pool() -> None:
    puzzle = BANK["tg-beat-01"]
    card = PuzzleCard(puzzle)
    assert len(card.pool) == len(puzzle.pool or ())
    answer = puzzle.solution.answer
    card.selected = [i for i, t in enumerate(card.pieces) if t in answer][: len(answer)]
    assert card.check().outcome == "correct"


def test_puzzle_card_numbers() -> None:
    puzzle = BANK["tg-pay-01"]
    card = PuzzleCard(puzzle)
    assert len(card.numbers) == len(puzzle.labels) > 0
    card.numbers = [str(n) for n in puzzle.solution.answer]
    assert card.check().outcome == "correct"
    card.numbers = ["x"] + card.numbers[1:]
    assert card.check().outcome == "incorrect"
    assert repr(card) == "PuzzleCard('tg-pay-01', attempts=2)"


# ----- deal player and replay -------------------------------------------------------------

from gupai_learn.widgets import DealPlayer, ReplayStepper  # noqa: E402


def _play_my_turn(player: DealPlayer) -> None:
    deal, picker = player.deal, player.picker
    plays = deal.legal_plays()
    if plays:
        want = list(plays[0])
        chosen = []
        for i, tile in enumerate(picker.hand):
            if tile in want:
                want.remove(tile)
                chosen.append(i)
        picker.selected = chosen
        picker.command = "Play"
    else:
        picker.selected = list(range(len(deal.trick[0].pieces)))
        picker.command = "Face down"


def test_deal_player_reaches_the_settlement() -> None:
    player = DealPlayer(seed=3)
    assert player.deal.turn == 0 and "No trick yet" in player.table.value
    _play_my_turn(player)
    assert player.deal.turn == 0 or player.deal.tricks  # bots answered until it is my turn
    assert player.story.value.startswith("1. East led")
    while not player.deal.is_over:
        _play_my_turn(player)
    assert "net" in player.result.value.lower() or "TG-PAY" in player.result.value
    assert player.picker.buttons == []
    assert "deal is over" in player.picker.verdict_html
    moves = len(player.deal.history)
    assert repr(player) == f"DealPlayer(game='tien_gow', seed=3, seat=0, moves={moves})"


def test_replay_steps_back_and_forth() -> None:
    player = DealPlayer(seed=5, bots="random")
    while not player.deal.is_over:
        _play_my_turn(player)
    replay = ReplayStepper(player.deal)
    total = len(player.deal.moves)
    assert replay.step == total
    replay.go(0)
    assert "Move 0 of" in replay.caption.value
    replay.go(4)
    assert replay.position(4).tricks[0].plays == player.deal.tricks[0].plays
    replay.go(total + 10)
    assert replay.step == total and replay.position(total).columns == player.deal.columns
    assert repr(replay) == f"ReplayStepper(step={total}, moves={total})"
    from_start = ReplayStepper(player.deal, step=0)
    assert from_start.step == 0 and "before the first lead" in from_start.caption.value


def _replayed(script: list[str]) -> ReplayStepper:
    from gupai_learn.games import tien_gow

    hands = ["[3:3] [1:1]", "[2:2] [6:5]", "[6:6] [5:1]", "[4:4] [2:1]"]
    return ReplayStepper(tien_gow.Deal.from_script(hands, script, columns=(2, 2, 1, 1)))


def test_replay_shows_every_hand_and_why_each_face_down_play_went_down() -> None:
    replay = _replayed(["[3:3]", "down:[6:5]", "down:[5:1]", "down:[2:1]"])
    replay.go(1)  # all four hands, face up: every tile still held is drawn
    for held in ("[1:1]", "[2:2]", "[6:5]", "[6:6]", "[5:1]", "[4:4]", "[2:1]"):
        assert held in replay.view.value
    replay.go(2)  # South's civil [2:2] ranks below [3:3]; [6:5] is military
    assert "South held nothing that beats [3:3]" in replay.caption.value
    assert "(TG-BEAT-STRICT), so these tiles went face down (TG-BEAT-OPTIONAL)" in closed_text(
        replay.caption.value
    )
    replay.go(3)  # West could have taken the trick with Heaven
    assert "West could have played [6:6] face up but chose to keep it" in replay.caption.value
    replay.go(4)
    assert "North could have played [4:4] face up" in replay.caption.value


from gupai_learn.widgets import SettlementView, TrickView  # noqa: E402


def test_trick_view_says_who_is_winning_and_why() -> None:
    deal = tg.Deal(["51", "55", "22", "66"], columns=(3, 2, 1, 1))
    view = TrickView(deal)
    assert "East leads" in view.why.value
    deal.play("51")
    deal.play("55")
    deal.discard("22")
    view.refresh()
    assert "South is winning with [5:5]" in view.why.value and "1 face down" in view.why.value
    assert "★ high" in view.picture.value
    assert repr(view) == "TrickView(plays=3)"


def test_settlement_view_lists_rules() -> None:
    deal = tg.Deal(["66", "11", "63", "21"], columns=(3, 1, 3, 0), banker=3)
    deal.play("66")
    for _ in range(3):
        deal.discard(deal.hands[deal.turn])
    view = SettlementView(deal.settle())
    assert "TG-PAY-ZERO" in view.value and "TG-PAY-BANKER" in view.value
    assert repr(view) == "SettlementView(payments=(14, -3, -1, -10))"


def test_puzzle_set_counts_solved_puzzles_and_keeps_cards() -> None:
    from gupai_learn.puzzles import bank
    from gupai_learn.widgets import PuzzleSet

    puzzles = bank("tien_gow")[:4]
    shelf = PuzzleSet(puzzles)
    assert shelf.count.value == "0 of 4 solved · 0 of 12 ★" and shelf.progress.max == 4
    first = shelf.card
    first.choice = "no such option"
    first.check()
    assert shelf.solved == set() and first.attempts == 0  # not an option: told, no attempt
    wrong = next(c for c in puzzles[0].choices if c != puzzles[0].solution.answer)
    first.choice = wrong
    first.check()
    assert shelf.solved == set()  # a wrong answer is not progress
    first.choice = puzzles[0].solution.answer
    first.check()
    assert shelf.count.value.startswith("1 of 4 solved") and shelf.progress.value == 1
    assert shelf.picker.options[0][0].startswith("★★ ")  # solved at the second try: 2 stars
    shelf.go(2)
    assert shelf.card.puzzle is puzzles[2] and shelf.picker.value == 2
    shelf.picker.value = 0  # the dropdown, as the browser would set it
    assert shelf.card is first and first.attempts == 2  # the same card, answers kept
    shelf.go(99)
    assert shelf.index == 3
    assert repr(shelf) == "PuzzleSet(4 puzzles, 1 solved)"


def test_deal_player_coaches_new_deal_undo_and_hint() -> None:
    player = DealPlayer(seed=5, seat=0)
    start = player.deal.hands[0]
    hint = player.hint()
    assert hint is not None and player.deal.judge(hint).ok
    assert "Hint:" in player.coach.value and hint.words in player.coach.value
    player.deal.apply(hint)  # play the hint, as the picker would
    player._after_move()
    made = len(player.deal.history)
    player.undo()
    assert player.deal.history == () and player.deal.hands[0] == start  # back to my decision
    assert "Took back" in player.coach.value and made > 1
    player.new_deal()
    assert player.seed == 6 and player.deal.hands[0] != start


def test_deal_player_states_the_result_in_plain_words() -> None:
    player = DealPlayer(seed=3, seat=2, bots="random")
    while not player.deal.is_over:
        player.deal.apply(player.deal.legal_moves()[0])
        player._after_move()
    mine = player.deal.settle().payments[2]
    assert f"You (West): {mine:+d} chip" in player.result.value


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"seed": "abc"}, "seed"),
        ({"seat": 5}, "seat"),
        ({"game": "chess"}, "chess"),
        ({"bots": "genius"}, "bots"),
    ],
)
def test_deal_player_refuses_bad_arguments(kwargs: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        DealPlayer(**kwargs)  # type: ignore[arg-type]


def test_widgets_reach_games_only_through_the_registry() -> None:
    import gupai_learn.widgets as widgets

    folder = Path(widgets.__file__).parent
    for path in folder.glob("*.py"):
        assert "tien_gow" not in path.read_text(), path.name


def test_deal_player_shows_the_reference_card_on_one_click() -> None:
    player = DealPlayer(seed=1)
    player.toggle_reference()
    assert "<svg" in player.card.value and "Supreme pair" in player.card.value
    player.toggle_reference()
    assert player.card.value == ""


def test_stars_are_saved_and_a_new_shelf_remembers_them() -> None:
    from gupai_learn.puzzles import progress
    from gupai_learn.widgets import PuzzleSet

    progress.reset()
    puzzle = BANK["tg-class-01"]
    card = PuzzleCard(puzzle)
    card.choice = "zzz"  # not an option: no attempt used
    card.check()
    card.command = "hint"
    card.choice = str(puzzle.solution.answer)
    assert card.check().correct and card.stars == 2  # one hint: two stars
    assert "★★☆" in card.feedback_html
    again = PuzzleSet([puzzle, BANK["tg-class-02"]])  # as after a kernel restart
    assert "1 of 2 solved · 2 of 6 ★" in again.count.value
    progress.reset()


def test_narration_reads_cleanly_and_a_finished_trick_says_so() -> None:
    player = DealPlayer(seed=3, seat=0)
    player.deal.apply(player.deal.legal_moves()[0])
    player._after_move()
    assert "))" not in player.story.value  # "[6:6] Heaven (天)", never "(Heaven (天))"
    if not player.deal.trick:  # East's trick is over when the others have played
        assert "is over:" in player.table.value and "took it" in player.table.value


def test_a_tile_with_a_blank_is_drawn_western_even_in_a_chinese_game() -> None:
    picker = HandPicker("[0:0] [6:0]")  # no Chinese drawing exists for a blank end
    assert [p["label"] for p in picker.pieces] == ["[0:0] double blank", "[6:0] six-blank"]


def test_the_picker_shows_and_hides_the_reference_card() -> None:
    picker = HandPicker("[6:6] [2:1]")
    assert picker.has_reference and picker.reference_html == ""
    picker.command = "Reference card"
    assert "<svg" in picker.reference_html and "Heaven" in picker.reference_html
    assert picker.command == "" and picker.selected == []
    picker.command = "Reference card"
    assert picker.reference_html == ""
    quiet = HandPicker("[6:6]", reference=False)
    quiet.command = "Reference card"
    assert not quiet.has_reference and quiet.reference_html == ""
    assert "not available" in quiet.message


def test_the_deal_player_offers_one_reference_button_not_two() -> None:
    player = DealPlayer(seed=2)
    assert not player.picker.has_reference
    row = next(c for c in player.children if isinstance(c, ipywidgets.HBox))
    labels = [b.description for b in row.children]
    assert labels.count("Reference card") == 1


def test_the_verdict_one_click_away_is_computed_ahead_by_python() -> None:
    picker = HandPicker("[6:6] [6:3] [5:5]")
    assert picker.ahead["for"] == ""
    front_end_selects(picker, [0])
    assert picker.ahead["for"] == "0"
    after = {}
    for i in range(3):
        clone = HandPicker("[6:6] [6:3] [5:5]")
        front_end_selects(clone, sorted({0} ^ {i}))
        after[str(i)] = clone.verdict_html
    assert {k: v for k, v in picker.ahead.items() if k != "for"} == after
    assert "Select tiles" in picker.ahead["0"]  # un-selecting the only tile


@pytest.mark.parametrize("pid", ["tg-beat-01", "bg-beat-01", "tt-beat-01", "dn-move-01"])
def test_a_card_draws_the_hand_once(pid: str) -> None:
    """The hand to pick from is the card's pool: the picture leaves it out, the caption names
    it, and the plain (non-widget) display still shows it under the picture."""
    puzzle = puzzles.get(pid)
    card = PuzzleCard(puzzle)
    assert puzzle.pool and card.pool_caption.startswith("Your hand (")
    assert "Your hand" not in card.picture_html
    assert len(card.pool) == len(puzzle.pool)
    assert puzzle.pool_caption in puzzle._repr_html_()


def test_a_bergen_card_draws_western_tiles() -> None:
    """A card's pool follows the game's piece style: Bergen's tiles are Western."""
    move = next(p for p in puzzles.bank("bergen") if p.pool)
    card = PuzzleCard(move)
    assert move.style == "western" and "gupai-tile-western" in card.pool[0]["svg"]
    assert puzzles.get("tg-beat-01").style == "chinese"


def test_a_marked_play_and_a_marked_tile_are_outlined_with_their_title() -> None:
    from gupai_learn.games import GAMES
    from gupai_learn.render import trick_svg
    from gupai_learn.render.line import layout_svg, line_deal_svg

    deal = GAMES["tien_gow"].Deal.random(seed=1)
    for _ in range(3):
        deal.apply(deal.legal_moves()[0])
    plays = list(deal.trick)
    plain = trick_svg(plays, deal.seat_names, deal.current_high)
    assert "gupai-slip" not in plain
    marked = trick_svg(plays, deal.seat_names, deal.current_high, marked=1, mark_title="slip: a")
    assert marked.count("gupai-slip-mark") == 1 and "<title>slip: a</title>" in marked
    assert marked.index("gupai-slip-mark") > marked.index(f">{deal.name(plays[1].seat)}<")
    assert marked.index("gupai-slip-mark") < marked.index(f">{deal.name(plays[2].seat)}<")
    line = GAMES["ding_niu"].Deal.random(seed=1)
    for _ in range(6):
        line.apply(line.legal_moves()[0])
    assert "gupai-slip" not in layout_svg(line.layout)
    drawn = layout_svg(line.layout, marked=0, mark_title="slip: b")
    assert drawn.count("gupai-slip-mark") == 1 and "<title>slip: b</title>" in drawn
    assert "marked: slip: b" in drawn  # said to a screen reader too
    assert line_deal_svg(line, marked=0).count("gupai-slip-mark") == 1
    assert "gupai-slip" not in line_deal_svg(line, seat=0, line=False, marked=0)


def test_the_deal_player_offers_a_replay_with_its_own_review() -> None:
    player = DealPlayer("tet_gow", seed=2, level="strong")
    labels = [
        b.description
        for row in player.children
        if isinstance(row, ipywidgets.HBox)
        for b in row.children
    ]
    assert "Replay" in labels and "Review" in labels
    player.toggle_replay()  # refused in play: the replay shows every hand
    assert player.replay.children == () and "after the deal" in player.coach.value
    while not player.deal.is_over:
        player.deal.apply(player.deal.legal_moves()[0])
        player._moved()
    player.toggle_replay()
    (stepper,) = player.replay.children
    assert isinstance(stepper, ReplayStepper)
    assert "Review" in [b.description for b in stepper.children[0].children]
    assert stepper.step == len(player.deal.history)


# ----- the buttons' words (issue 33) -------------------------------------------------------


def test_play_with_nothing_selected_asks_for_a_selection() -> None:
    deal = tg.Deal.random(seed=1)
    picker = HandPicker.for_deal(deal, 0)
    picker.command = "Play"
    assert picker.message == "Select a tile first." and deal.history == ()
    follower = tg.Deal.random(seed=1)
    follower.play("[4:4][4:4]")
    down = HandPicker.for_deal(follower, 1)
    down.command = "Face down"
    assert down.message == "Select a tile first." and follower.turn == 1


def test_a_face_down_play_is_said_in_words() -> None:
    deal = tg.Deal.random(seed=1)
    deal.play("[4:4][4:4]")
    picker = HandPicker.for_deal(deal, 1)
    picker.selected = [0, 1]
    picker.command = "Face down"
    assert picker.message.startswith("Played [") and picker.message.endswith("face down.")
    assert "down:" not in picker.message and "Discard" not in picker.message


def test_undo_and_new_deal_clear_the_line_under_the_buttons() -> None:
    player = DealPlayer(seed=5, seat=0)
    picker = player.picker
    assert isinstance(picker, HandPicker)
    picker.selected = [0]
    picker.command = "Play"
    assert picker.message.startswith("Played")
    player.undo()
    assert picker.message == "" and "Took back" in player.coach.value
    picker.selected = [0]
    picker.command = "Play"
    player.new_deal()
    assert picker.message == ""


def test_tet_gow_ends_a_game_not_a_deal() -> None:
    player = DealPlayer("tet_gow", seed=2, bots="random")
    import ipywidgets

    row = next(c for c in player.children if isinstance(c, ipywidgets.HBox))
    labels = [b.description for b in row.children]
    assert labels[0] == "New game" and "New deal" not in labels
    while not player.deal.is_over:
        player.deal.apply(player.deal.legal_moves()[0])
        player._after_move()
    assert "The game is over" in player.picker.verdict_html
    assert "deal is over" not in player.picker.verdict_html
