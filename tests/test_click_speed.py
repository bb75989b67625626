"""Issue 36: a click answered within a frame. Loading a bank solves nothing; a move draws the
line once and sends it in parts (each tile's drawing once, then only its key); a view that lacks
a drawing gets it when it asks; the benchmark's click rows run."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gupai_learn import puzzles
from gupai_learn.games import GAMES, ding_niu
from gupai_learn.puzzles import goals, loader
from gupai_learn.puzzles.kinds import ending
from gupai_learn.render.line import deal_style, layout_svg
from gupai_learn.widgets import DealPlayer, LineView, line_view
from gupai_learn.widgets import bench as clicks
from tests.registry import every_game


def test_loading_every_bank_runs_no_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """Endgame and line-move cards work their solution out when asked, not when loaded."""
    calls: list[str] = []
    real = ending._solve

    def counted(e: Any, deal: Any, seat: int) -> Any:
        calls.append(e["id"])
        return real(e, deal, seat)

    real_goal = goals.solve

    def goal_counted(*args: Any, **kwargs: Any) -> Any:
        calls.append("a goal's solve")
        return real_goal(*args, **kwargs)

    # the line-move kind proves "win" through ending's solver and other goals through goals'
    monkeypatch.setattr(ending, "_solve", counted)
    monkeypatch.setattr(goals, "solve", goal_counted)
    loader.index.cache_clear()
    loader.puzzles_of.cache_clear()
    try:
        found = loader.index()
        assert calls == [], calls[:5]
        endgame = next(p for p in found.values() if p.kind == "endgame")
        assert endgame.check(endgame.solution.answer).correct and calls
    finally:
        loader.index.cache_clear()
        loader.puzzles_of.cache_clear()


def _played(deal: Any, seed: int) -> list[Any]:
    """Random legal moves that finish ``deal``."""
    rng = random.Random(seed)
    moves = []
    probe = deal.copy()
    while not probe.is_over:
        move = rng.choice(probe.legal_moves())
        probe.apply(move)
        moves.append(move)
    return moves


class Browser:
    """What line_view.js keeps: the drawings by key; it rebuilds the line from each update."""

    def __init__(self, view: LineView) -> None:
        self.bodies: dict[str, str] = {}
        self.sent: list[str] = []  # every key whose drawing arrived
        self.view = view
        view.observe(lambda change: self.take(change["new"]), names="line")
        self.take(view.line)

    def take(self, line: dict[str, Any]) -> None:
        self.bodies.update(line["bodies"])
        self.sent += list(line["bodies"])

    def shows(self) -> str:
        line = self.view.line
        text = "".join(
            p if isinstance(p, str) else p[0] + self.bodies[p[1]] + "</g>" for p in line["parts"]
        )
        return line["head"] + text + "</svg>"


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "line"))
def test_the_line_goes_in_parts_each_drawing_once(game: str) -> None:
    for seed in range(3):
        deal = GAMES[game].Deal.random(seed=seed)
        view = LineView(deal, 0)
        browser = Browser(view)
        for move in _played(deal, seed):
            deal.apply(move)
            view.refresh()
            assert browser.shows() == layout_svg(deal.layout, style=deal_style(deal))
        assert len(browser.sent) == len(set(browser.sent)), "a drawing was sent twice"
        assert len(browser.sent) <= len(deal.layout.placed)


def test_a_move_in_the_deal_player_draws_the_line_once(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[int] = []
    real = line_view.line_parts

    def counted(*args: Any, **kwargs: Any) -> Any:
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(line_view, "line_parts", counted)
    player = DealPlayer("bergen", seed=2)
    view = player.picker
    assert isinstance(view, LineView)
    for _ in range(4):
        deal = player.deal
        if deal.is_over:
            break
        move, before = deal.legal_moves()[0], len(deal.history)
        drawn.clear()
        clicks.update(view, selected=[deal.hands[0].index(move.pieces[0])] if move.pieces else [])
        if len(player.deal.history) == before and player.deal is deal:
            name = (move.end or "left") if move.kind == "play" else move.kind.capitalize()
            clicks.update(view, command=name)
        assert len(player.deal.history) > before or player.deal is not deal
        assert len(drawn) == 1, f"the line was drawn {len(drawn)} times for one move"
    deal = player.deal
    hand = deal.hands[0]
    fits = [{m.end for m in deal.legal_moves() if m.kind == "play" and t in m.pieces} for t in hand]
    stays = [i for i, ends in enumerate(fits) if len(ends) != 1]  # selected, not placed
    assert stays and not deal.is_over
    drawn.clear()
    clicks.update(view, selected=stays[:1])  # a selection alone: the line is not drawn again
    clicks.update(view, selected=[])
    assert drawn == []


def test_a_view_that_lacks_a_drawing_gets_it_when_it_asks() -> None:
    deal = ding_niu.Deal.random(seed=4)
    deal.apply(deal.legal_moves()[0])
    view = LineView(deal, deal.turn)
    replies: list[Any] = []
    view.send = replies.append  # type: ignore[method-assign]
    key = next(p[1] for p in view.line["parts"] if not isinstance(p, str))
    custom = {"method": "custom", "content": {"want": [key, "no-such-key", 5]}}
    view.comm.handle_msg({"content": {"data": custom}, "buffers": []})  # type: ignore[union-attr]
    assert replies == [{"bodies": {key: view.line["bodies"][key]}}]
    for junk in ({"want": "x"}, None, [1], {"other": 1}):
        message = {"content": {"data": {"method": "custom", "content": junk}}, "buffers": []}
        view.comm.handle_msg(message)  # type: ignore[union-attr]
    assert len(replies) == 1


def test_the_benchmark_click_rows_run(capsys: pytest.CaptureFixture[str]) -> None:
    clicks.rows(quick=True, count=4)
    out = capsys.readouterr().out
    for name in ("hand picker", "line view", "card Check", *(i.title for i in GAMES.values())):
        assert name in out, out
    assert "ms median" in out and "p90" in out


def test_a_recorded_click_counts_the_bytes_python_sends() -> None:
    with clicks.recording():
        from gupai_learn.widgets import HandPicker

        picker = HandPicker("[6:6] [6:3] [5:5]")
        seconds, sent = clicks.cost(lambda: clicks.update(picker, selected=[0, 1]))
    assert seconds >= 0 and sent > 1000  # the pieces and verdicts went out, encoded
    assert "Heaven-nine" in picker.verdict_html
    assert puzzles  # the module is loaded for the bank test above


def test_importing_the_package_builds_no_combination_table() -> None:
    """The Tien Gow tables are built when a deal first needs them (in the browser site their
    build cost seconds at every kernel start)."""
    import subprocess
    import sys

    code = (
        "import gupai_learn.widgets, gupai_learn.puzzles\n"
        "from gupai_learn.games.tien_gow import combos, deal\n"
        "assert not combos.ALL_COMBOS._built and not deal._TABLES._built\n"
        "gupai_learn.puzzles.bank('chinese_set')\n"
        "assert not combos.ALL_COMBOS._built\n"
        "deal.Deal.random(seed=1).legal_plays()\n"
        "assert list(deal._TABLES._built) == [True], deal._TABLES._built\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_hand_holding_a_piece_twice_selects_each_at_its_own_place() -> None:
    from gupai_learn.tiles import tiles

    hand = tiles("[3:3] [3:3] [5:2] [4:2]")
    assert clicks.indices(hand, tiles("[3:3] [3:3] [4:2]")) == [0, 1, 3]


def test_the_benchmark_leaves_the_learners_progress_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    from gupai_learn.puzzles import progress

    monkeypatch.setenv(progress.ENV, "/nonexistent/dir/progress.json")
    with clicks.private_progress():
        inside = progress.path()
        progress.record("set-suit-01", 3)
        assert "set-suit-01" in progress.load()
    assert str(progress.path()) == "/nonexistent/dir/progress.json" and inside != progress.path()
