"""Hardened input: odd values thrown at every door a learner (or a browser) can reach.

The contract (design.md): bad input gets a clear error naming the problem, and nothing else —
notation readers raise only InvalidNotationError, options only ValueError, ``Deal.judge`` and
``Puzzle.check`` never raise, a widget's comm never raises and never changes a deal, and every
string that reaches HTML is escaped.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn import decks, puzzles
from gupai_learn.games import tien_gow as tg
from gupai_learn.games.tien_gow.rules import OPTIONS
from gupai_learn.puzzles.kinds import read_numbers
from gupai_learn.puzzles.model import FEEDBACK_LIMIT, Feedback, Puzzle
from gupai_learn.puzzles.pictures import figure
from gupai_learn.tiles import as_tile, as_tiles
from gupai_learn.verdict import QUOTE_LIMIT, describe_input
from gupai_learn.widgets import (
    DealPlayer,
    HandPicker,
    PuzzleCard,
    PuzzleSet,
    ReplayStepper,
    TrickView,
)

FAST = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
SOME = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

# ----- the odd values ---------------------------------------------------------------------


class Unprintable:
    """An object whose str, repr, equality and iteration all fail."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("no iter")

    __hash__ = object.__hash__


def _self_list() -> list[Any]:
    value: list[Any] = []
    value.append(value)
    return value


def _deep_list(depth: int = 50_000) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _failing_generator() -> Iterator[str]:
    yield "[6:6]"
    raise ZeroDivisionError("halfway")


#: Factories (so that generators are fresh each time) of the classes of odd input.
SPECIALS: list[Callable[[], Any]] = [
    lambda: None,
    lambda: True,
    lambda: -1,
    lambda: 10**5000,
    lambda: -(10**5000),
    lambda: float("inf"),
    lambda: float("-inf"),
    lambda: float("nan"),
    lambda: 2.5,
    lambda: {},
    lambda: {"[6:6]": 1},
    lambda: b"[6:6]",
    lambda: bytearray(b"6-6"),
    lambda: "x" * 1_000_000,
    lambda: "[6:6] " * 200_000,
    lambda: "9" * 5000,
    _self_list,
    _deep_list,
    lambda: ["[6:6]", 3],
    lambda: [gl.Tile(6, 6), None],
    lambda: (6, 3),
    lambda: [(6, 3), (5, 4)],
    lambda: "[7:7]",
    lambda: "[6:3][6:3]",
    lambda: "[6:6",
    lambda: "6-",
    lambda: "６:３",  # full-width digits
    lambda: "\u202e[6:6]\x00",
    lambda: "\ud800",
    lambda: (t for t in ["[6:6]", "[6:6]"]),
    _failing_generator,
    lambda: itertools.repeat(gl.Tile(6, 6)),
    lambda: iter(()),
    Unprintable,
    object,
    lambda: [Unprintable()],
    lambda: [float("inf")] * 4,
    lambda: [10**5000] * 4,
    lambda: ["−2", "−2", "6", "−2"],
]

NOTATION_LIKE = [
    "[6:6]",
    "[6:3]",
    "[7:7]",
    "[6:3][6:3]",
    "[4:2][2:1]",
    "[1:1][1:1][6:2][5:3]",
    "6-6 3-6",
    "00",
    "[0:0]",
    "[6:6][",
    "]]",
    "East",
    "civil",
    "check",
    "Play",
]


def _generator(items: list[Any]) -> Iterator[Any]:
    return (item for item in items)


ATOMS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.binary(max_size=10),
    st.sampled_from(NOTATION_LIKE),
    st.sampled_from(list(decks.double_six())),
)
NESTED = st.recursive(
    ATOMS,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.tuples(children, children),
        st.dictionaries(st.text(max_size=3), children, max_size=3),
        st.builds(_generator, st.lists(children, max_size=6)),
    ),
    max_leaves=12,
)
ANYTHING = st.one_of(NESTED, st.sampled_from(SPECIALS).map(lambda make: make()))


# ----- notation readers --------------------------------------------------------------------


@FAST
@given(ANYTHING)
def test_notation_readers_raise_only_invalid_notation(value: Any) -> None:
    for read in (gl.Tile.parse, gl.tiles, as_tile, as_tiles):
        try:
            result = read(value)
        except gl.InvalidNotationError as error:
            assert len(error.text) <= QUOTE_LIMIT and error.why
            assert len(str(error)) < 400, str(error)
        else:
            pieces = (result,) if isinstance(result, gl.Tile) else result
            assert all(type(t) is gl.Tile for t in pieces)


@pytest.mark.parametrize("make", SPECIALS)
def test_each_class_of_odd_input_is_refused_or_read(make: Callable[[], Any]) -> None:
    for read in (gl.Tile.parse, gl.tiles, as_tile, as_tiles):
        try:
            read(make())
        except gl.InvalidNotationError as error:
            assert len(str(error)) < 400


def test_describe_input_never_raises_and_stays_short() -> None:
    for make in SPECIALS:
        shown = describe_input(make())
        assert 0 < len(shown) <= QUOTE_LIMIT
    assert describe_input(10**5000) == "<an integer of about 5001 digits>"
    assert describe_input(Unprintable()) == "<a Unprintable object>"


# ----- options -----------------------------------------------------------------------------


@FAST
@given(st.sampled_from(sorted(OPTIONS)), ANYTHING)
def test_rules_accept_only_the_documented_values(option: str, value: Any) -> None:
    kind, allowed, rule = OPTIONS[option]
    valid = type(value) is kind and value in allowed
    try:
        rules = tg.Rules(**{option: value})
    except ValueError as error:
        assert not valid
        assert option in str(error) and f"({rule})" in str(error)
        assert len(str(error)) < 300
    else:
        assert valid and getattr(rules, option) == value


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"early_death": "no"}, "early_death must be True or False, not 'no' (a str)"),
        ({"mixed_sets": "no"}, "(TG-LEAD-CLASS)"),
        ({"one_red_dot": 1}, "not 1 (an int)"),
        ({"zero_column_payment": 5.0}, "the whole number 5 or 4, not 5.0 (a float)"),
        ({"zero_column_payment": True}, "(TG-PAY-ZERO)"),
        ({"direction": "up"}, "'counter-clockwise', 'clockwise'"),
        ({"banker_streak": None}, "(TG-STREAK)"),
    ],
)
def test_rules_name_the_option_the_value_and_the_rule(
    options: dict[str, Any], fragment: str
) -> None:
    with pytest.raises(ValueError) as caught:
        tg.Rules(**options)
    assert fragment in str(caught.value)
    with pytest.raises(ValueError):  # replace() checks too
        dataclasses.replace(tg.Rules(), **options)


def test_every_option_has_a_rule_id() -> None:
    assert set(OPTIONS) == {f.name for f in dataclasses.fields(tg.Rules)}
    assert all(rule.startswith("TG-") for _, _, rule in OPTIONS.values())


# ----- the engine's readers ----------------------------------------------------------------


@FAST
@given(ANYTHING)
def test_classify_and_beats_raise_only_their_documented_errors(value: Any) -> None:
    calls = (
        lambda: tg.classify(value),
        lambda: tg.beats(value, "[6:6]"),
        lambda: tg.beats("[6:6]", value),
    )
    for call in calls:
        try:
            result = call()
        except (gl.IllegalPlayError, gl.InvalidNotationError) as error:
            assert str(error)
        else:
            assert isinstance(result, (gl.Verdict, tg.Combination))


@FAST
@given(ANYTHING, st.booleans())
def test_judge_never_raises_and_play_changes_nothing(value: Any, face_down: bool) -> None:
    # Only odd *pieces* here: an odd seat= still raises inside the engine (left to its rewrite).
    for deal in (tg.Deal.random(seed=3), _after_a_lead()):
        before = (deal.hands, deal.turn, deal.trick, deal.moves)
        verdict = deal.judge(value, face_down=face_down)
        assert isinstance(verdict, gl.Verdict) and (verdict.ok or verdict.reasons)
        if not verdict.ok:
            with pytest.raises(gl.IllegalPlayError):
                (deal.discard if face_down else deal.play)(value)
            assert (deal.hands, deal.turn, deal.trick, deal.moves) == before


def _after_a_lead() -> tg.Deal:
    deal = tg.Deal.random(seed=3)
    deal.play(deal.legal_plays()[0])
    return deal


# ----- puzzles -----------------------------------------------------------------------------

ALL_PUZZLES: list[Puzzle] = puzzles.bank("tien_gow") + puzzles.bank("chinese_set")


def _assert_feedback(feedback: Any) -> None:
    assert isinstance(feedback, Feedback)
    assert feedback.outcome in ("correct", "incorrect", "not-attempted")
    assert feedback.text and len(feedback.text) <= FEEDBACK_LIMIT
    feedback._repr_html_()  # and it draws


@FAST
@given(st.sampled_from(ALL_PUZZLES), ANYTHING)
def test_puzzle_check_never_raises(puzzle: Puzzle, answer: Any) -> None:
    _assert_feedback(puzzle.check(answer))


@pytest.mark.parametrize("puzzle", ALL_PUZZLES, ids=lambda p: p.id)
def test_every_puzzle_turns_every_class_of_odd_answer_into_feedback(puzzle: Puzzle) -> None:
    for make in SPECIALS:
        _assert_feedback(puzzle.check(make()))


def test_odd_numbers_are_named() -> None:
    puzzle = next(p for p in ALL_PUZZLES if p.answer_kind == "numbers" and len(p.labels) == 4)
    assert "inf is not a whole number" in puzzle.check([float("inf")] * 4).text
    assert "far too large" in puzzle.check([10**5000] * 4).text
    assert "far too long" in puzzle.check("9" * 5000).text
    assert puzzle.check(_self_list()).outcome == "incorrect"
    truth = list(puzzle.solution.answer)
    assert puzzle.check(truth).correct
    assert puzzle.check(" ".join(str(n).replace("-", "\u2212") for n in truth)).correct


def test_read_numbers_takes_only_whole_numbers() -> None:
    assert read_numbers("2, 3 0 3", 4) == [2, 3, 0, 3]
    assert read_numbers(["\u22122", "+3", 4.0, 5], 4) == [-2, 3, 4, 5]
    for odd in ([2.5, 1, 1, 1], [True, 1, 1, 1], [float("nan")] * 4, ["1e3", 1, 1, 1], 7, None):
        assert read_numbers(odd, 4) is None
    assert read_numbers(itertools.count(), 4) is None  # endless: more than four


# ----- widgets: constructors ---------------------------------------------------------------


@SOME
@given(ANYTHING)
def test_hand_picker_takes_tiles_or_says_why_not(value: Any) -> None:
    try:
        picker = HandPicker(value)
    except (ValueError, TypeError) as error:
        assert str(error)
    else:
        assert all(type(t) is gl.Tile for t in picker.hand)


@SOME
@given(ANYTHING, ANYTHING)
def test_hand_picker_for_a_deal_checks_its_arguments(deal: Any, seat: Any) -> None:
    for args in ({"deal": deal}, {"deal": tg.Deal.random(seed=1), "seat": seat}):
        try:
            HandPicker(**args)
        except (ValueError, TypeError) as error:
            assert str(error)


@pytest.mark.parametrize("make", SPECIALS)
def test_puzzle_card_needs_a_puzzle(make: Callable[[], Any]) -> None:
    with pytest.raises(TypeError, match="needs a Puzzle"):
        PuzzleCard(make())


# ----- widgets: what the browser may send --------------------------------------------------


def front_end_sends(widget: Any, state: Any) -> None:
    """What a browser (or a page pretending to be one) sends over the widget's comm."""
    message = {"content": {"data": {"method": "update", "state": state}}, "buffers": []}
    widget.comm.handle_msg(message)


def _choice_card() -> tuple[PuzzleCard, str]:
    puzzle = next(p for p in ALL_PUZZLES if p.answer_kind == "choice")
    return PuzzleCard(puzzle), puzzle.solution.answer


def test_the_browser_cannot_mark_a_puzzle_solved() -> None:
    card, _ = _choice_card()
    sent: list[Any] = []
    card.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    forged = {
        "outcome": "correct",
        "feedback_html": "<b>✓ correct</b>",
        "attempts": 1,
        "solution_html": "<img src=x onerror=alert(1)>",
        "title": "<script>alert(1)</script>",
    }
    front_end_sends(card, forged)
    assert card.outcome == "" and card.attempts == 0 and card.solution_html == ""
    assert card.feedback_html == "" and card.title == card.puzzle.title
    assert not card.solved and card.feedback is None
    assert sent and set(forged) <= set(sent[-1])  # Python's values go back to the browser


def test_a_puzzle_set_counts_only_what_python_checked() -> None:
    puzzle = next(p for p in ALL_PUZZLES if p.answer_kind == "choice")
    deck = PuzzleSet([puzzle])
    front_end_sends(deck.card, {"outcome": "correct"})
    assert deck.solved == set() and not deck.card.solved
    deck.card.outcome = "correct"  # even Python code setting the trait does not solve it
    assert deck.solved == set()
    front_end_sends(deck.card, {"choice": puzzle.solution.answer, "command": "check"})
    assert deck.card.outcome == "correct" and deck.card.solved and deck.solved == {puzzle.id}


def test_a_right_answer_from_the_browser_still_counts() -> None:
    card, truth = _choice_card()
    front_end_sends(card, {"choice": "not an option", "command": "check"})
    assert card.outcome == "not-attempted" and not card.solved  # told so, no attempt used
    front_end_sends(card, {"choice": truth, "command": "check"})
    assert card.outcome == "correct" and card.solved and card.attempts == 1


TRAIT_NAMES = sorted(
    set(PuzzleCard.class_trait_names(sync=True)) | set(HandPicker.class_trait_names(sync=True))
)
STATES = st.one_of(
    st.dictionaries(st.sampled_from(TRAIT_NAMES) | st.text(max_size=8), ANYTHING, max_size=4),
    ANYTHING,
)


@SOME
@given(st.sampled_from(ALL_PUZZLES), STATES)
def test_junk_from_the_browser_never_raises_and_outcome_stays_pythons(
    puzzle: Puzzle, state: Any
) -> None:
    card = PuzzleCard(puzzle)
    front_end_sends(card, state)
    expected = card.feedback.outcome if card.feedback is not None else ""
    assert card.outcome == expected
    assert card.solved == (expected == "correct")


@SOME
@given(STATES)
def test_junk_from_the_browser_never_changes_a_deal(state: Any) -> None:
    deal = tg.Deal.random(seed=1)
    picker = HandPicker.for_deal(deal, 0)
    if isinstance(state, dict) and state.get("command") in ("Play", "Face down"):
        state = {**state, "command": "Pass"}  # a real button press may rightly play
    before = (deal.hands, deal.turn, deal.trick, deal.moves)
    front_end_sends(picker, state)
    assert (deal.hands, deal.turn, deal.trick, deal.moves) == before
    assert picker.hand == deal.hands[0]


def test_a_junk_button_name_is_quoted_short() -> None:
    picker = HandPicker.for_deal(tg.Deal.random(seed=1), 0)
    front_end_sends(picker, {"command": "<b>" + "x" * 10_000})
    assert "not available" in picker.message and len(picker.message) < 100


# ----- escaping ----------------------------------------------------------------------------

EVIL = ("<script>alert(1)</script>", '"><img src=x onerror=alert(1)>', "West", "North")


def _markup(*values: str) -> str:
    return "\n".join(values)


def _assert_escaped(markup: str) -> None:
    assert "<script" not in markup and "<img" not in markup
    assert "&lt;script&gt;" in markup


def test_seat_names_reach_the_table_escaped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tg.Deal, "SEAT_NAMES", EVIL)
    player = DealPlayer(seed=2, seat=0)
    _play_out(player.deal)
    player._after_move()
    view = TrickView(player.deal)
    stepper = ReplayStepper(player.deal, step=3)
    _assert_escaped(
        _markup(
            player.table.value,
            player.story.value,
            player.result.value,
            view.picture.value,
            view.why.value,
            stepper.caption.value,
            stepper.view.value,
        )
    )


def _play_out(deal: tg.Deal) -> None:
    """Finish the deal: the first legal play, else tiles face down."""
    while not deal.is_over:
        plays = deal.legal_plays()
        if plays:
            deal.play(plays[0])
        else:
            deal.discard(deal.hands[deal.turn][: len(deal.trick[0].pieces)])


def test_texts_reach_html_escaped() -> None:
    _assert_escaped(figure(EVIL[0] + EVIL[1], ""))
    card, _ = _choice_card()
    card.choice = EVIL[0]
    card.check()
    _assert_escaped(card.feedback_html)


def test_plain_text_is_unchanged_by_escaping() -> None:
    assert "East's hand" in figure("East's hand", "")


def test_learner_errors_show_as_one_line_in_jupyter() -> None:
    """IPython shows a learner's mistake as its message, not as a traceback into the package."""
    from gupai_learn.verdict import AmbiguousPlayError, IllegalPlayError, InvalidNotationError

    try:
        gl.Tile.parse("[7:1]")
    except InvalidNotationError as error:
        lines = error._render_traceback_()
    assert len(lines) == 1 and "InvalidNotationError" in lines[0]
    assert "7 is not a pip number" in lines[0] and "tiles.py" not in lines[0]
    assert issubclass(IllegalPlayError, ValueError) and issubclass(AmbiguousPlayError, ValueError)


@pytest.mark.parametrize("bank", ["ding_niu", "bergen"])
def test_a_move_card_checked_with_no_piece_picked_asks_for_one(bank: str) -> None:
    """An end (or face down) chosen with nothing picked is not an answer: the card says what to
    do first, counts no attempt and records nothing; once a tile is picked the engine judges."""
    from gupai_learn import puzzles

    puzzle = next(p for p in puzzles.bank(bank) if p.answer_kind == "move")
    card = PuzzleCard(puzzle)
    card.choice = "left"
    feedback = card.check()
    assert feedback.outcome == "not-attempted" and card.attempts == 0 and card.history == []
    assert feedback.text == "Pick one of your tiles first, then where it goes."
    card.selected = [0]
    assert card.check().outcome in ("correct", "incorrect") and card.attempts == 1
