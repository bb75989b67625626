"""gl.review and the hint that explains (gupai_learn/review.py, issue 26): a scripted deal of
every game with a known slip, checked against the solver; kept moves really keep the goal; bad
input is refused with a clear error; hints are legal and, where the solver decides, proved."""

from __future__ import annotations

import functools
import html
import re
from typing import Any

import ipywidgets
import pytest

import gupai_learn as gl
from gupai_learn.games import GAMES
from gupai_learn.review import Hint, ReviewNote, forced_turns, goal_words, hint, notes_html, review
from tests.registry import every_game

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
    notes = list(reviewed(game))
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
    assert note.line and str(note).startswith(f"{note.when}, {note.played.words}: slipped")


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_every_decided_note_agrees_with_the_solver(game: str) -> None:
    deal, seat, _ = scripted(game)
    notes = list(reviewed(game))
    decided = [n for n in notes if n.verdict != "undecided"]
    assert decided, "the last decisions are always within reach"
    first = notes.index(decided[0])
    assert all(n.verdict != "undecided" for n in notes[first:])  # undecided only at the start
    for note in decided:
        kept = wins_after(game, position_before(deal, note.index), note.played, seat)
        assert kept is (note.verdict == "kept" and note.line == ())


def test_the_review_is_the_same_every_time() -> None:
    """And ``gl.review`` is the module called: the same notes as :func:`review`."""
    deal, seat, _ = scripted("tien_gow")
    assert gl.review(deal, seat) == review(deal, seat) == list(reviewed("tien_gow"))


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


@pytest.mark.parametrize("game", every_game())
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
    said = f"Your 3rd tile: {deal.history[slip].words}"  # North's third tile, in words
    assert "the first slip" in shown and html.escape(said) in shown
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


#: Games whose review is slow enough (seconds) that the widgets' own calls in the tests below
#: get the scripted deal's review made once (:func:`reviewed`); the others review for real.
SLOW_REVIEWS = ("bagchen", "tet_gow")


@pytest.fixture
def widget_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """For the scripted deal of a game in :data:`SLOW_REVIEWS`, the review the widgets ask
    for (``gupai_learn.review.review``, with their progress callback) is the one
    :func:`reviewed` made, reported to the callback decision by decision as the real one
    does; anything else is reviewed for real. A review is a pure function of the deal and
    the seat (``test_the_review_is_the_same_every_time``), so the marks the tests read are
    the same; a Bagchen review costs 10-15 s of a CI worker each time, a Tet-Gow one about 4 s."""
    import gupai_learn.review as module

    real = module.review

    def review_once(deal: Any, seat: Any, **options: Any) -> list[ReviewNote]:
        progress = options.pop("progress", None)
        for game in SLOW_REVIEWS:
            done, known, _ = scripted(game)
            if options or seat != known or deal.seated_history != done.seated_history:
                continue
            notes = list(reviewed(game))
            if progress is not None:
                for count in range(len(notes) + 1):
                    progress(count, len(notes))
            return notes
        return real(deal, seat, progress=progress, **options)

    monkeypatch.setattr(module, "review", review_once)


def test_the_widgets_reuse_only_the_scripted_review(widget_reviews: None) -> None:
    """The stand-in above answers the scripted Bagchen deal from :func:`reviewed` (telling
    the progress callback as it goes) and leaves other deals to the real review."""
    import gupai_learn.review as module

    deal, seat, _ = scripted("bagchen")
    told: list[tuple[int, int]] = []
    notes = module.review(deal, seat, progress=lambda done, total: told.append((done, total)))
    assert notes == list(reviewed("bagchen"))
    assert told[0] == (0, len(notes)) and told[-1] == (len(notes), len(notes))
    other, seat, _ = scripted("ding_niu")
    assert module.review(other, seat) == review(other, seat)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
@pytest.mark.usefixtures("widget_reviews")
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
    title = html.escape(f"slip: {first.when}, {deal.name(seat)}: {first.played.words}", quote=True)
    better = html.escape(f"better: {first.better.words}", quote=True)
    assert f'title="{title}' in span and better in span
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


@pytest.mark.parametrize("game", every_game())
def test_each_game_brings_its_own_review_words(game: str) -> None:
    """The words of a review live in the game's package, not in the generic module."""
    from gupai_learn.review import words_of

    info = GAMES[game]
    words = words_of(info)
    assert words.goal and words.rules
    assert all(rule.startswith(info.rule_prefix + "-") for rule in words.rules)
    assert goal_words(info) == (words.goal, words.rules)


# ----- the review speaks of the seat's own turns, in words (issue 34.4, issue 33) ---------------
#: game -> how the scripted slip is said: the seat's own turn in the game's unit.
WHEN = {
    "tien_gow": "trick 5, you play 4th",
    "bagchen": "trick 8, you play 3rd",
    "ding_niu": "your 3rd tile",
    "bergen": "your 7th tile",
    "tet_gow": "round 3, you play 3rd",
}

#: Move notation that a sentence must not show (it belongs where the learner types a move or
#: reads a transcript): a face-down prefix, an end suffix, a charity call.
NOTATION = re.compile(r"down:(?=\S)|(?<![-=])>\s?(left|right)\b|![a-z]")


def notation_in(text: str) -> list[str]:
    """The bits of move notation in ``text`` (HTML tags and attributes left out)."""
    return [m.group(0) for m in NOTATION.finditer(re.sub(r"<[^>]*>", " ", html.unescape(text)))]


def test_the_notation_word_list_catches_what_it_must() -> None:
    assert notation_in("Move 12: down:[5:2]") == ["down:"]
    assert notation_in("2. East: [3:1]>left") == [">left"] and notation_in("[6:1]>right")
    assert notation_in("Hint: down:[2:1]!sky.") == ["down:", "!s"]
    assert not notation_in("[5:2] face down, [6:1] on the right end; left -> right. Yes!")
    assert not notation_in("[3:3] face down: kept.")


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_the_review_names_the_seats_own_turn_in_the_games_unit(game: str) -> None:
    deal, seat, slip = scripted(game)
    notes = list(reviewed(game))
    note = next(n for n in notes if n.index == slip)
    assert note.when == WHEN[game]
    places = {2: "2nd", 3: "3rd", 4: "4th"}
    for n in notes:  # each turn said from its own position, independently of the review
        before = position_before(deal, n.index)
        if GAMES[game].family == "trick":
            number, place = len(before.tricks) + 1, len(before.trick) + 1
            said = "your lead" if place == 1 else f"you play {places[place]}"
            assert n.when == f"{GAMES[game].round_name} {number}, {said}"
        else:
            mine = [m for s, m in deal.seated_history[: n.index + 1] if s == seat]
            tiles = sum(m.kind in ("play", "discard") for m in mine)
            assert re.fullmatch(rf"your {tiles}(st|nd|rd|th) tile", n.when), n.when
    shown = notes_html(deal, notes)
    assert f"{WHEN[game][0].upper()}{WHEN[game][1:]}: {deal.history[slip].words}" in (
        html.unescape(shown)
    )
    assert "Move " not in shown  # no history index


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_the_review_says_how_many_forced_turns_it_left_out(game: str) -> None:
    deal, seat, _ = scripted(game)
    notes = list(reviewed(game))
    mine = sum(s == seat for s, _ in deal.seated_history)
    forced = mine - len(notes)  # every turn with a choice has a note
    assert forced_turns(deal, seat) == forced
    shown = html.unescape(notes_html(deal, notes))
    if forced:
        assert f"Left out: {forced} turn{'s' * (forced != 1)} with only one legal move" in shown
    else:
        assert "Every one of your turns offered a choice." in shown


@pytest.mark.parametrize("game", sorted(SCRIPTS))
@pytest.mark.usefixtures("widget_reviews")
def test_review_lines_hints_and_narration_use_words_not_notation(game: str) -> None:
    """The word list over everything a learner reads as a sentence around a deal: the review
    (its lines, each note, the slip's mark), the hint (the deal player's and gl.review.hint's),
    the story of the hand, the replay's captions and the slip's puzzle (prompt and hints)."""
    from gupai_learn.widgets.deal_player import DealPlayer, ReplayStepper

    deal, seat, slip = scripted(game)
    player = DealPlayer(game, seed=0, seat=seat)
    player._use(deal, "The deal is over.")
    notes = player.review()
    assert notes is not None
    said = [player.coach.value, player.story.value, *map(str, notes)]
    said += [n.why for n in notes]
    stepper = ReplayStepper(deal, seat=seat)
    for step in range(1, len(deal.history) + 1):
        stepper.go(step)
        said.append(stepper.caption.value)
    # hints at the first decision (the computer player's reason) and the last (proved)
    for index in (notes[0].index, notes[-1].index):
        before = position_before(deal, index)
        player._use(before, "Your turn.")
        player.hint()
        said += [player.coach.value, hint(before).why, player.story.value]
    note = next(n for n in notes if n.index == slip)
    puzzle = note.puzzle()
    said += [puzzle.prompt, puzzle.title, *puzzle.hints]
    found = {n for text in said for n in notation_in(text)}
    assert not found, found


# ----- slips become puzzles (issue 34.4) --------------------------------------------------------
@functools.cache
def reviewed(game: str) -> tuple[ReviewNote, ...]:
    """The review of the scripted deal of ``game``, made once for the tests that only read it
    (a note's puzzle adds proved positions to the review's memo, nothing else)."""
    deal, seat, _ = scripted(game)
    return tuple(review(deal, seat))


def _slip(game: str) -> ReviewNote:
    _, _, slip = scripted(game)
    return next(n for n in reviewed(game) if n.index == slip)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_slip_becomes_a_puzzle_of_the_banks_model(game: str) -> None:
    from gupai_learn import puzzles
    from tests.test_puzzle_banks import cites, leading_problems

    note = _slip(game)
    puzzle = note.puzzle()
    assert isinstance(puzzle, puzzles.Puzzle) and puzzle.answer_kind == "move"
    assert puzzle.id == note.puzzle().id and puzzle.id.startswith(f"slip-{game}-")
    # the position before the slip, rebuilt from the entry alone
    assert puzzle.position is not None
    again = puzzle.position()
    assert again.state_key() == note.position.state_key()
    assert again.history == note.position.history and not leading_problems(again)
    # the move played is a typical wrong answer, refuted citing its rule
    assert [answer for answer, _ in puzzle.wrong] == [str(note.played)]
    for answer, rule in puzzle.wrong:
        feedback = puzzle.check(answer)
        assert feedback.outcome == "incorrect" and cites(feedback, rule), feedback
    # every move is judged as the solver judges it: each one as good as the better move counts
    solve = GAMES[game].solve
    assert solve is not None
    right = []
    for move in note.position.legal_moves():
        wins = wins_after(game, note.position, move, note.seat)
        outcome = puzzle.check(str(move)).outcome
        assert outcome == ("correct" if wins else "incorrect"), (move, wins, outcome)
        right += [move] * bool(wins)
    assert note.better in right and note.played not in right
    assert puzzle.check(puzzle.solution.answer).outcome == "correct"
    assert len(puzzle.hints) >= 2 and "{" not in puzzle.prompt and "<svg" in puzzle.drawing()
    assert note.position.name(note.seat) in puzzle.prompt


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_slips_entry_is_plain_data_that_makes_the_same_puzzle_again(game: str) -> None:
    import json

    from gupai_learn import puzzles

    note = _slip(game)
    entry = note.entry()
    kept = json.loads(json.dumps(entry))  # as the progress file keeps it
    assert kept == entry and entry["bank"] == game
    assert entry["kind"] == ("endgame" if GAMES[game].family == "trick" else "line-move")
    again = puzzles.from_entry(kept)
    first = note.puzzle()
    assert (again.id, again.prompt, again.hints, again.wrong) == (
        first.id,
        first.prompt,
        first.hints,
        first.wrong,
    )
    assert again.check(str(note.better)).outcome == "correct"


def test_the_slips_hint_tells_the_others_answers_not_the_seats_next_move() -> None:
    """The review's line, in words, up to the seat's own next move (which might be the
    answer); the better move is never in a hint."""
    for game in SCRIPTS:
        note = _slip(game)
        line_hint = note.puzzle().hints[-1]
        assert line_hint.startswith(f"In your {GAMES[game].deal_name} you ")
        assert note.played.words.split(" on the ")[0] in line_hint
        assert str(note.better) not in line_hint.replace(str(note.played), "")


def test_a_bergen_slip_with_tiles_to_draw_says_their_order() -> None:
    early = next(n for n in reviewed("bergen") if n.verdict == "slipped" and n.index < 20)
    pile = early.position.boneyard[: early.position.drawable]
    assert pile
    prompt = early.puzzle().prompt
    assert "the tiles still to draw come in this order: " + ", ".join(map(str, pile)) in prompt
    assert "Points this round so far: East" in prompt


def test_only_a_slip_becomes_a_puzzle() -> None:
    deal, seat, _ = scripted("ding_niu")
    kept = next(n for n in reviewed("ding_niu") if n.verdict == "kept")
    with pytest.raises(ValueError, match="only a slip becomes a puzzle: your 1st tile was kept"):
        kept.puzzle()
    bare = ReviewNote(0, seat, deal.history[0], "slipped", deal.history[0], "why")
    with pytest.raises(ValueError, match="only a slip"):
        bare.entry()  # a note made by hand, without the position before it


def test_the_deal_player_offers_each_slip_again_and_saves_its_stars() -> None:
    from gupai_learn.puzzles import progress
    from gupai_learn.widgets.deal_player import DealPlayer
    from gupai_learn.widgets.puzzle_card import PuzzleCard

    deal, seat, _ = scripted("bergen")
    player = DealPlayer("bergen", seed=0, seat=seat)
    player._use(deal, "The round is over.")
    assert player.tries.children == ()  # nothing offered before the review
    notes = player.review()
    assert notes is not None
    slips = [n for n in notes if n.verdict == "slipped"]
    buttons = list(player.tries.children)
    assert len(slips) == len(buttons) == 2
    assert [b.description for b in buttons] == [f"Try it again: {n.when}" for n in slips]
    buttons[1].click()
    card = player.trial.children[-1]
    assert isinstance(card, PuzzleCard) and card.puzzle.id == slips[1].puzzle().id
    pid = card.puzzle.id
    assert progress.kept()[pid] == slips[1].entry()  # kept as the learner starts it
    assert pid not in progress.load()
    card.choice, card.command = "left", "check"  # no tile picked: not an answer yet
    assert card.outcome == "not-attempted" and card.attempts == 0
    played = slips[1].played  # the slip itself: a wrong try
    assert played.end is not None
    card.selected = [list(card.pieces).index(played.pieces[0])]
    card.choice, card.command = played.end, "check"
    assert card.outcome == "incorrect"
    better = slips[1].better
    assert better is not None and better.end is not None
    card.selected = [list(card.pieces).index(better.pieces[0])]
    card.choice, card.command = better.end, "check"
    assert card.outcome == "correct" and card.stars == 2
    assert progress.load()[pid].stars == 2  # saved with its stars
    player.new_deal()
    assert player.tries.children == () and player.trial.children == ()


def test_a_trick_slip_is_tried_again_face_down_through_the_card() -> None:
    """Bagchen's slip was a face-up play where face-down ones kept the last trick: the card
    offers "face up" and "face down", and the face-down answer is right."""
    from gupai_learn.widgets.puzzle_card import PuzzleCard

    note = _slip("bagchen")
    card = PuzzleCard(note.puzzle())
    assert card.choices == ["face up", "face down"]
    card.selected = _picked(card.pieces, note.played.pieces)
    card.choice, card.command = "face up", "check"
    assert card.outcome == "incorrect"
    assert note.better is not None and note.better.kind == "discard"
    card.selected = _picked(card.pieces, note.better.pieces)
    card.choice, card.command = "face down", "check"
    assert card.outcome == "correct" and card.stars == 2


def _picked(pool: Any, pieces: Any) -> list[int]:
    """The places in ``pool`` of ``pieces`` (two equal pieces: two places)."""
    free = list(range(len(pool)))
    chosen = []
    for piece in pieces:
        at = next(i for i in free if pool[i] == piece)
        free.remove(at)
        chosen.append(at)
    return sorted(chosen)


def test_a_deep_slip_is_made_from_what_the_review_proved() -> None:
    """Bagchen, seed 0, played by the computer players: East's lead at trick 7 slips. The
    review proves it with what it learnt from the later decisions; the puzzle starts from that
    (its answers judged, the better move right). The same entry alone is decided too since the
    solver's shortcuts (issue 36) and agrees; under a budget too small for it, it is refused in
    one line rather than made with no answer."""
    from gupai_learn import puzzles
    from gupai_learn.puzzles.kinds.entry import proved

    info = GAMES["bagchen"]
    deal = info.Deal.random(seed=0)
    bots = [info.bot("heuristic", s) for s in range(deal.n_seats)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal.copy()))
    note = next(n for n in review(deal, 0) if n.verdict == "slipped")
    assert note.when == "trick 7, your lead"
    puzzle = note.puzzle()
    assert puzzle.check(str(note.better)).outcome == "correct"
    assert puzzle.check(str(note.played)).outcome == "incorrect"
    alone = puzzles.from_entry(note.entry())
    assert alone.check(str(note.better)).outcome == "correct"
    assert alone.check(str(note.played)).outcome == "incorrect"
    with (
        proved("bagchen", 0, {}, max_nodes=100),
        pytest.raises(ValueError, match="cannot decide this position within [0-9,]+ positions"),
    ):
        puzzles.from_entry(note.entry())


def test_a_slip_too_early_to_judge_is_said_so_and_the_others_offered() -> None:
    """Bagchen, seed 8, played by the computer players: East slips at trick 5 (fifteen moves
    to judge, too many for the puzzle's budget beyond what the review proved) and at trick 7.
    The first is refused in one line, the second offered."""
    from gupai_learn.widgets.deal_player import DealPlayer

    info = GAMES["bagchen"]
    deal = info.Deal.random(seed=8)
    bots = [info.bot("heuristic", 80 + s) for s in range(deal.n_seats)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal.copy()))
    player = DealPlayer("bagchen", seed=8, seat=0)
    player._use(deal, "The deal is over.")
    notes = player.review()
    assert notes is not None
    early, late = [n for n in notes if n.verdict == "slipped"]
    assert (early.when, late.when) == ("trick 5, you play 2nd", "trick 7, you play 2nd")
    with pytest.raises(ValueError, match="trick 5, you play 2nd: too early in the deal to try"):
        early.puzzle()
    said, button = player.tries.children
    assert isinstance(said, ipywidgets.HTML) and "Trick 5, you play 2nd: too early" in said.value
    assert isinstance(button, ipywidgets.Button) and button.description.endswith(late.when)
    assert player.try_again(early) is None and "cannot be tried again" in player.coach.value


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


def test_a_review_says_how_far_it_has_come_while_it_works() -> None:
    """A Bagchen review takes seconds: ``progress`` hears (0, n) first and then one call per
    decision; the deal player and the replay show it as a bar until the notes come."""
    from gupai_learn.widgets.deal_player import DealPlayer
    from gupai_learn.widgets.deal_replay import ReplayStepper

    deal, seat, _ = scripted("ding_niu")
    heard: list[tuple[int, int]] = []
    notes = review(deal, seat, progress=lambda done, total: heard.append((done, total)))
    count = len(notes)
    assert count > 1 and heard == [(done, count) for done in range(count + 1)]
    player = DealPlayer("ding_niu", seed=0, seat=seat)
    player.deal = player.picker.deal = deal
    shown: list[str] = []
    player.coach.observe(lambda change: shown.append(change["new"]), "value")
    player.review()
    bars = [value for value in shown if "gupai-looking-back" in value]
    assert len(bars) == count + 1 and f"{count} of {count} done" in bars[-1]
    assert "<progress value='0'" in bars[0] and "gupai-looking-back" not in shown[-1]
    stepper = ReplayStepper(deal, step=0, seat=seat)
    told: list[str] = []
    stepper.notes.observe(lambda change: told.append(change["new"]), "value")
    stepper.review()
    assert sum("gupai-looking-back" in value for value in told) == count + 1
    assert "gupai-looking-back" not in stepper.notes.value
