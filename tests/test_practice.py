"""Missed puzzles come back, a rating that follows the answers, practice by theme (issue 34,
items 5 and 6): the schedule with given dates, kept slips, the Elo rating and its chart, the
choice of the next puzzle (due first, then new near the rating; ≤ 50 ms), stars per theme
(with the banks' own themes, and with themes given here to banks stripped of theirs, so the
figures do not move when a bank changes), and the practice widget."""

from __future__ import annotations

import dataclasses
import statistics
import time
from collections.abc import Iterator
from datetime import date, timedelta
from typing import Any

import pytest

import gupai_learn as gl
from gupai_learn.games import GAMES
from gupai_learn.puzzles import catalogue, loader, practice, progress
from gupai_learn.verdict import SetupError
from gupai_learn.widgets.practice import Practice

D = date(2030, 1, 10)
PID = "tg-class-01"


def _day(n: int) -> date:
    return D + timedelta(days=n)


@pytest.fixture(autouse=True)
def unthemed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Practice reads banks and games without their themes: each test gives its own (the
    test of the banks' real themes asks for them with ``real_themes``)."""
    real = catalogue.sources

    def stripped(name: str) -> tuple[dict[str, Any], ...]:
        return tuple(
            {**data, "puzzle": [_without_themes(e) for e in data["puzzle"]]} for data in real(name)
        )

    games = {name: dataclasses.replace(info, themes=()) for name, info in GAMES.items()}
    monkeypatch.setattr(catalogue, "sources", stripped)
    monkeypatch.setattr(catalogue, "GAMES", games)
    practice._banks.cache_clear()
    yield
    practice._banks.cache_clear()


def _without_themes(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in entry.items() if key != "themes"}


@pytest.fixture
def real_themes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Undo :func:`unthemed`: the banks and games as they are."""
    monkeypatch.setattr(catalogue, "sources", loader.sources)
    monkeypatch.setattr(catalogue, "GAMES", GAMES)
    practice._banks.cache_clear()
    yield
    practice._banks.cache_clear()


def _live_on(monkeypatch: pytest.MonkeyPatch, day: date) -> None:
    """Make ``day`` today for progress (the card's answers are dated with it)."""
    monkeypatch.setattr(progress, "today", lambda: day)


# ----- the schedule ------------------------------------------------------------------------------


def test_a_missed_card_comes_back_the_next_day_then_three_days_later() -> None:
    progress.record(PID, 2, rating=1, day=D)  # a miss: one hint
    assert progress.due(D) == []
    assert progress.due(_day(1)) == [PID]
    progress.record(PID, 3, rating=1, day=_day(1))  # a clean answer when due
    assert [progress.due(_day(n)) for n in (1, 2, 3)] == [[], [], []]
    assert progress.due(_day(4)) == [PID]  # three days later
    assert progress.reviews()[PID] == progress.Review(2, 3, 3, _day(4))


def test_each_success_pushes_it_further_a_miss_starts_again_and_21_days_learns_it() -> None:
    progress.record(PID, 1, rating=1, day=D)
    day, gaps = D, []
    for _ in range(4):
        review = progress.reviews()[PID]
        day = review.due  # answered on the day it is due
        gaps.append(review.interval)
        progress.record(PID, 3, rating=1, day=day)
    assert gaps == [1, 3, 7, 21]
    assert progress.reviews()[PID].due is None  # learned after the 21-day success
    assert progress.due(day + timedelta(days=400)) == []
    progress.record(PID, 2, rating=1, day=day + timedelta(days=30))  # missed again: tomorrow
    assert progress.reviews()[PID].interval == 1
    assert progress.due(day + timedelta(days=31)) == [PID]


def test_three_stars_the_first_time_is_not_scheduled_and_an_early_success_moves_nothing() -> None:
    progress.record("tg-class-02", 3, rating=1, day=D)
    assert progress.reviews()["tg-class-02"] == progress.Review(1, 3, 0, None)
    assert progress.due(_day(100)) == []
    progress.record(PID, 2, rating=1, day=D)
    progress.record(PID, 3, rating=1, day=_day(1))  # due: now 3 days
    progress.record(PID, 3, rating=1, day=_day(2))  # met again in its lesson, before it is due
    assert progress.reviews()[PID] == progress.Review(3, 3, 3, _day(4))


def test_due_lists_the_longest_waiting_first() -> None:
    progress.record("tg-class-02", 1, rating=1, day=_day(2))
    progress.record(PID, 1, rating=1, day=D)
    assert progress.due(_day(10)) == [PID, "tg-class-02"]
    with pytest.raises(ValueError, match="datetime.date"):
        progress.due("2030-01-10")  # type: ignore[arg-type]


# ----- kept slips --------------------------------------------------------------------------------


def _slip_entry(pid: str = "slip-tg-01") -> dict[str, Any]:
    entry = next(e for e in loader.raw("tien_gow")["puzzle"] if e["id"] == PID)
    return {**entry, "id": pid, "bank": "tien_gow"}


def test_a_kept_slip_is_due_until_answered_and_practice_rebuilds_it() -> None:
    progress.keep("slip-tg-01", _slip_entry(), day=D)
    assert progress.kept()["slip-tg-01"]["bank"] == "tien_gow"
    assert progress.due(D) == progress.due(_day(5)) == ["slip-tg-01"]
    pick = practice.next_pick(day=_day(5))
    assert pick == practice.Pick("slip-tg-01", "due")
    puzzle = practice.build("slip-tg-01")
    assert puzzle.id == "slip-tg-01" and puzzle.check(puzzle.solution.answer).correct
    progress.keep("slip-tg-01", _slip_entry(), day=_day(3))  # kept again: schedule unchanged
    assert progress.reviews()["slip-tg-01"].due == D
    progress.record("slip-tg-01", 3, day=_day(5))  # its rating comes from the kept entry
    assert progress.due(_day(5)) == [] and progress.due(_day(6)) == ["slip-tg-01"]
    assert progress.rating().answers == 1


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ("not a dict", "its bank entry"),
        ({"kind": "classify"}, "its bank entry"),
        ({"bank": "tien_gow", "id": "other"}, "is not"),
        ({"bank": "tien_gow", "tiles": {1, 2}}, "only text, numbers"),
        ({"bank": "tien_gow", "x": "y" * 100_000}, "at most"),
    ],
)
def test_keep_refuses_what_is_not_an_entry_in_one_line(entry: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words) as refused:
        progress.keep("slip-x", entry)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 300
    assert progress.kept() == {}


# ----- the rating --------------------------------------------------------------------------------


def test_the_rating_is_elo_against_the_puzzles_rating_with_a_history_by_day() -> None:
    assert progress.rating() == progress.Rating(1200.0, 0, ())
    progress.record(PID, 3, rating=3, day=D)  # 1200 beats a 1500 puzzle: +40 × 0.849
    progress.record("tg-class-02", 1, rating=1, day=_day(1))  # loses to a 1100 one
    progress.record("tg-class-03", 2, rating=2, day=_day(1))  # a draw with a 1300 one
    shown = progress.rating()
    assert shown.answers == 3
    assert [d for d, _ in shown.history] == [D, _day(1)]  # one point per day
    assert shown.history[0][1] == pytest.approx(1233.96, abs=0.01)
    assert shown.history[1][1] == pytest.approx(shown.value)
    assert shown.value == pytest.approx(1233.96 - 27.35 + 40 * (0.5 - 0.3687), abs=0.02)
    assert str(shown) == f"Your rating: {round(shown.value)} after 3 answers"


def test_a_bank_puzzles_rating_is_looked_up_and_an_unknown_one_leaves_the_rating() -> None:
    progress.record("tg-class-01", 3, day=D)  # a classify puzzle: rating 1 (1100)
    assert progress.rating().value == pytest.approx(1200 + 40 * (1 - 0.6401), abs=0.01)
    progress.record("no-such-01", 1, day=D)
    assert progress.rating().answers == 1


def test_the_chart_is_plain_svg_with_its_dates_said() -> None:
    assert "starts at 1200" in progress.rating_chart(progress.Rating())
    progress.record(PID, 3, rating=3, day=D)
    progress.record("tg-class-02", 3, rating=3, day=_day(2))
    chart = progress.rating_chart(progress.rating())
    assert chart.startswith("<svg") and chart.count("<circle") == 2
    assert "aria-label='Your rating from 2030-01-10 (1234) to 2030-01-12" in chart
    assert "<title>" in chart and "<script" not in chart
    assert "<svg" in progress.rating()._repr_html_()


# ----- choosing the next puzzle ------------------------------------------------------------------


def test_due_puzzles_come_first_then_new_ones_near_the_rating() -> None:
    first = practice.next_pick(day=D)
    assert first is not None and first.reason == "new"
    assert practice.item(first.id).rating in (1, 2)  # a new learner: 1200, between 1 and 2
    progress.record(PID, 1, rating=1, day=D)
    assert practice.next_pick(day=_day(1)) == practice.Pick(PID, "due")
    assert practice.next_pick(day=_day(1), skip=[PID]).reason == "new"
    for i in range(12):  # a strong learner: twelve hard puzzles solved cleanly
        progress.record(f"hard-{i}", 3, rating=5, day=D)
    level = progress.rating().value
    assert level > 1550
    nearest = min(range(1, 6), key=lambda r: abs(progress.puzzle_elo(r) - level))
    new = [p for p in practice.queue(day=D, limit=40) if p.reason == "new"]
    assert nearest >= 3 and {practice.item(p.id).rating for p in new[:10]} == {nearest}


def test_practice_keeps_to_one_game() -> None:
    picks = practice.queue(game="bergen", day=D, limit=30)
    assert picks and {practice.item(p.id).game for p in picks} == {"bergen"}
    with pytest.raises(SetupError, match="no game 'chess'"):
        practice.next_pick(game="chess")


def test_the_next_puzzle_is_chosen_in_at_most_50_ms() -> None:
    for i, found in enumerate(practice.catalogue()[:250]):  # a file a year of practice makes
        progress.record(found.id, 1 + i % 3, rating=found.rating, day=D + timedelta(days=i % 40))
    practice.next_pick(day=_day(60))  # the banks' entries are read once
    times = []
    for _ in range(15):
        start = time.process_time()
        pick = practice.next_pick(day=_day(60), skip=["tg-class-01"])
        times.append(time.process_time() - start)
    assert pick is not None and pick.reason == "due"
    assert statistics.median(times) <= 0.05, times


# ----- themes ------------------------------------------------------------------------------------

THEMES = {
    "tg-class-01": ["lead strength"],
    "tg-class-02": ["lead strength", "counting"],
    "tg-beat-07": ["counting"],
    "be-fit-02": ["header"],
}


@pytest.fixture
def themed(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[str]]]:
    """The banks as read by practice, with the themes of THEMES given to four puzzles."""
    real = catalogue.sources

    def with_themes(name: str) -> tuple[dict[str, Any], ...]:
        return tuple(
            {
                **data,
                "puzzle": [
                    {**e, "themes": THEMES[e["id"]]} if e["id"] in THEMES else e
                    for e in data["puzzle"]
                ],
            }
            for data in real(name)
        )

    monkeypatch.setattr(catalogue, "sources", with_themes)
    practice._banks.cache_clear()
    yield THEMES
    practice._banks.cache_clear()


def test_without_themes_nothing_about_themes_shows() -> None:
    assert practice.theme_stars() == [] and practice.themes_of("tien_gow") == ()
    shown = progress.lesson_map()
    assert shown.themes == () and "By theme" not in str(shown)
    assert "gupai-themes" not in shown._repr_html_()
    with pytest.raises(SetupError, match="the themes: none yet"):
        practice.next_pick(theme="fish")


def test_stars_per_theme_and_practice_by_theme(themed: dict[str, list[str]]) -> None:
    assert practice.themes_of("tien_gow") == ("lead strength", "counting")
    progress.record("tg-class-02", 2, rating=1, day=D)
    rows = {(r.title, r.theme): (r.earned, r.possible) for r in practice.theme_stars()}
    assert rows == {
        ("Tien Gow", "lead strength"): (2, 6),
        ("Tien Gow", "counting"): (2, 6),
        ("Bergen", "header"): (0, 3),
    }
    picks = practice.queue(theme="counting", day=_day(1))
    assert picks == [practice.Pick("tg-class-02", "due"), practice.Pick("tg-beat-07", "new")]
    assert practice.queue(game="bergen", theme="header", day=D) == [
        practice.Pick("be-fit-02", "new")
    ]
    with pytest.raises(SetupError, match="no puzzle of Bergen has the theme 'counting'"):
        practice.queue(game="bergen", theme="counting")
    shown = progress.lesson_map()
    assert "By theme" in str(shown) and "  Tien Gow, counting: 2/6" in str(shown)
    assert "<p><b>By theme</b></p>" in shown._repr_html_()


def test_the_banks_own_themes_are_offered_game_by_game(real_themes: None) -> None:
    for name, info in GAMES.items():
        offered = practice.themes_of(name)
        assert offered[: len(info.themes)] == info.themes, name
        carried = {t for i in practice.catalogue() if i.game == name for t in i.themes}
        assert carried and carried <= set(info.themes), name
        for theme in sorted(carried):
            picks = practice.queue(game=name, theme=theme, day=D, limit=2)
            assert picks and all(theme in practice.item(p.id).themes for p in picks)
    rows = practice.theme_stars()
    assert {r.theme for r in rows} == {t for info in GAMES.values() for t in info.themes} & {
        t for i in practice.catalogue() for t in i.themes
    }


# ----- the widget --------------------------------------------------------------------------------


def _solve(widget: Practice) -> None:
    card = widget.card
    assert card is not None
    answer = card.puzzle.solution.answer
    if card.kind == "choice":
        card.choice = str(answer)
    else:
        pytest.skip(f"the first puzzle is a {card.kind} puzzle")
    assert card.check().correct


def test_the_widget_shows_a_new_puzzle_then_the_missed_one_when_it_is_due(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _live_on(monkeypatch, D)
    first = Practice()
    assert first.pick is not None and first.pick.reason == "new" and first.card is not None
    assert first.board.status.startswith("New puzzle, near your rating")
    assert first.board.summary == "0 more puzzles due today · your rating 1200 after 0 answers"
    assert "starts at 1200" in first.board.chart_html and first.board.themes == []
    assert first.pick_seconds <= 0.05
    first.card.command = "hint"  # one hint: two stars, a miss
    _solve(first)
    assert first.board.status == ("Solved ★★☆. It comes back in 1 day, on 2030-01-11."), (
        first.board.status
    )
    assert "after 1 answer" in first.board.summary and "<svg" in first.board.chart_html
    _live_on(monkeypatch, _day(1))
    later = Practice()
    assert later.pick == practice.Pick(first.pick.id, "due")
    assert later.board.status.startswith("Due today: you answered it 1× before, last with 2 ★")
    later.board.command = "next"
    assert later.pick is not None and later.pick.reason == "new"
    assert later.shown[0] == first.pick.id and later.pick.id != first.pick.id


def test_a_press_it_does_not_offer_gets_one_line_and_changes_nothing() -> None:
    widget = Practice()
    before = widget.pick
    widget.board.command = "theme:fish"  # no puzzle carries the theme
    assert widget.board.message == "'theme:fish' is not available now."
    widget.board.command = "x" * 10_000
    assert len(widget.board.message) < 100 and widget.pick == before


def test_the_widget_practises_one_theme(themed: dict[str, list[str]]) -> None:
    widget = Practice("tien_gow")
    assert [row["theme"] for row in widget.board.themes] == ["lead strength", "counting"]
    widget.board.command = "theme:counting"
    assert widget.theme == "counting" and widget.board.theme == "counting"
    assert widget.pick is not None and widget.pick.id in ("tg-class-02", "tg-beat-07")
    assert widget.board.buttons == ["next", "all themes"]
    widget.board.command = "all themes"
    assert widget.theme is None and widget.board.buttons == ["next"]
    narrow = gl.practice("tien_gow", theme="counting")
    assert narrow.theme == "counting"


def test_when_nothing_is_left_the_widget_says_so() -> None:
    widget = Practice("tien_gow")
    widget.shown = [i.id for i in practice.catalogue()]
    assert widget.next() is None and widget.card is None
    assert "Nothing left to practise today" in widget.holder.children[0].value


def test_the_stored_picture_shows_nothing_of_the_learners_progress() -> None:
    before = Practice().static_html()
    progress.record(PID, 1, rating=1, day=D)
    after = Practice().static_html()
    assert before == after and "Run this cell to answer." in after
    assert "rating" in after and "1200" not in after
    with pytest.raises(SetupError):
        gl.practice(game="chess")
    with pytest.raises(SetupError, match="none yet"):
        gl.practice(theme="fish")
    assert repr(gl.practice("bergen")) == "Practice(game='bergen', theme=None)"


def test_a_kept_entry_that_cannot_be_made_is_passed_over_in_one_line() -> None:
    progress.keep("slip-bad-01", {"bank": "tien_gow", "kind": "no-such-kind"})
    widget = Practice()
    assert widget.shown[0] == "slip-bad-01" and widget.pick is not None
    assert widget.pick.id != "slip-bad-01" and widget.card is not None
    assert widget.board.message.startswith("Puzzle slip-bad-01 could not be made")
    assert "\n" not in widget.board.message


def test_the_browser_may_only_press_the_boards_buttons() -> None:
    widget = Practice()
    before = (widget.board.status, widget.board.summary, widget.pick)
    widget.board.set_state({"status": "Solved ★★★", "summary": "99 due", "themes": [{}]})
    assert (widget.board.status, widget.board.summary, widget.pick) == before
    widget.board.set_state({"command": "next"})
    assert widget.pick is not None and widget.pick != before[2]
