"""Python's share of a click, per widget: the widget rows of ``python -m gupai_learn.bench``.

Each widget is driven in this process through its comm's message handler, as a browser's
message reaches it in a kernel: ``{"method": "update", "state": {...}}`` for a selection or a
button of an anywidget (``selected``, ``choice``, ``command``), ``{"method": "custom",
"content": {"event": "click"}}`` for an ipywidgets button. Every message Python sends back is
encoded as the kernel's session encodes it (JSON, UTF-8) before it would go out. A click's
figure is the processor time of all that (a busy machine's other work does not count), and
the bytes it sent; each row gives the median and the 90th percentile over many clicks.

What the browser adds (the websocket, drawing the answer) is measured by the browser test
``tests/browser/test_click_latency_browser.py``, which prints click → reply per widget.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import comm
from comm.base_comm import BaseComm

from gupai_learn.engine.game import GameInfo
from gupai_learn.games import GAMES


class _Recorder(BaseComm):
    """A comm that sends nothing but encodes each message as a kernel would, and counts it."""

    sent: list[int] = []  # bytes of each message encoded since the last reset (shared)

    def publish_msg(
        self,
        msg_type: str,
        data: Any = None,
        metadata: Any = None,
        buffers: Any = None,
        **keys: Any,
    ) -> None:
        """Encode the message (jupyter_client's ``json_packer``) and count its bytes."""
        packed = json.dumps(data, ensure_ascii=False, allow_nan=False, default=str)
        _Recorder.sent.append(len(packed.encode("utf-8", errors="surrogateescape")))


@contextmanager
def recording() -> Iterator[None]:
    """Inside the block, new widgets get a recording comm (outside a kernel: else the
    kernel's own comms are left alone)."""
    before = comm.create_comm
    comm.create_comm = _Recorder  # type: ignore[assignment]
    try:
        yield
    finally:
        comm.create_comm = before


@contextmanager
def private_progress() -> Iterator[None]:
    """Inside the block, stars earned go to a file of their own, removed after it: a card
    solved by the benchmark must not reach the learner's progress file."""
    from gupai_learn.puzzles import progress

    before = os.environ.get(progress.ENV)
    with tempfile.TemporaryDirectory() as fresh:
        os.environ[progress.ENV] = str(Path(fresh) / "progress.json")
        try:
            yield
        finally:
            if before is None:
                os.environ.pop(progress.ENV, None)
            else:
                os.environ[progress.ENV] = before


def update(widget: Any, **state: Any) -> None:
    """What a browser sends when a synced trait changes (a selection, a button's command)."""
    message = {"content": {"data": {"method": "update", "state": state}}, "buffers": []}
    widget.comm.handle_msg(message)


def press(button: Any) -> None:
    """What a browser sends when an ipywidgets button is clicked."""
    data = {"method": "custom", "content": {"event": "click"}}
    button.comm.handle_msg({"content": {"data": data}, "buffers": []})


def cost(click: Callable[[], Any]) -> tuple[float, int]:
    """Make ``click``: its processor seconds and the bytes it sent."""
    _Recorder.sent.clear()
    start = time.process_time()
    click()
    return time.process_time() - start, sum(_Recorder.sent)


@dataclass
class Clicks:
    """The processor seconds and bytes sent of each click of one kind."""

    name: str
    seconds: list[float]
    sent: list[int]

    def timed(self, click: Callable[[], Any]) -> None:
        """Make ``click`` and note its cost."""
        self.add(*cost(click))

    def add(self, seconds: float, sent: int) -> None:
        """Note one click's processor seconds and bytes sent."""
        self.seconds.append(seconds)
        self.sent.append(sent)

    def row(self) -> str:
        """The row: median and 90th percentile milliseconds, and the median bytes sent."""
        ms = sorted(s * 1e3 for s in self.seconds)
        p90 = statistics.quantiles(ms, n=10)[8] if len(ms) > 1 else ms[0]
        kb = statistics.median(self.sent) / 1e3
        return (
            f"  click, {self.name}: Python {statistics.median(ms):.1f} ms median, "
            f"{p90:.1f} ms p90 ({len(ms)} clicks, {kb:.1f} kB sent median)"
        )


def _first(family: str) -> GameInfo[Any, Any]:
    """The first game of ``family`` ("trick" or "line") in the course's order."""
    return next(info for info in GAMES.values() if info.family == family)


def hand_picker_clicks(clicks: Clicks, rng: random.Random, count: int) -> None:
    """Free play (chapter 02's picker): toggle random tiles of a hand of the first trick game
    of the course (Tien Gow's 8 tiles)."""
    from gupai_learn.widgets import HandPicker

    deal = _first("trick").Deal.random(seed=rng.randrange(1000))
    picker = HandPicker(deal.hands[0])
    for _ in range(count):
        now = set(picker.selected) ^ {rng.randrange(len(picker.hand))}
        clicks.timed(partial(update, picker, selected=sorted(now)))


def line_view_clicks(clicks: Clicks, rng: random.Random, count: int) -> None:
    """A line view of the first line game of the course (Bull Fight): select a tile that fits
    both ends or none (a click that only selects: a placing click is a move, timed with the
    deal player)."""
    from gupai_learn.widgets import LineView

    while len(clicks.seconds) < count:
        deal = _first("line").Deal.random(seed=rng.randrange(10_000))
        while not deal.is_over and len(deal.layout.placed) < 4:
            deal.apply(deal.legal_moves()[0])
        if deal.is_over:
            continue
        view = LineView(deal, deal.turn)
        hand = deal.hands[deal.turn]
        for _ in range(6):
            index = rng.randrange(len(hand))
            ends = {m.end for m in deal.legal_moves() if hand[index] in m.pieces}
            if len(ends) != 1:  # a single fitting end would place the tile
                clicks.timed(partial(update, view, selected=[index]))


def card_check_clicks(clicks: Clicks, solver: Clicks, rng: random.Random, count: int) -> None:
    """Check on puzzle cards of every bank, a wrong answer or the right one (the solution is
    worked out first, outside the timing): cards whose check runs the solver (endgames) are
    counted in ``solver``, the others in ``clicks``."""
    from gupai_learn import puzzles
    from gupai_learn.widgets import PuzzleCard

    cards = [p for name in puzzles.BANKS for p in puzzles.bank(name)]
    for puzzle in rng.sample(cards, min(count, len(cards))):
        answer = puzzle.solution.answer if rng.random() < 0.5 else _wrong(puzzle)
        card = PuzzleCard(puzzle)
        _fill(card, answer)
        kind = solver if puzzle.kind in ("endgame", "line-move") else clicks
        kind.timed(partial(update, card, command="check"))


def _wrong(puzzle: Any) -> Any:
    """A wrong answer of the card's form: another option, other numbers, other pieces."""
    right = puzzle.solution.answer
    if puzzle.answer_kind == "choice":
        return next((c for c in puzzle.choices if c != right), right)
    if puzzle.answer_kind == "numbers":
        values = _values(right)
        return tuple(v + 1 for v in values)
    pool = list(puzzle.pool or ())
    return pool[:1] if pool else right


def _values(answer: Any) -> list[Any]:
    """A numbers answer as a list (a card with one label may keep a bare number)."""
    return list(answer) if isinstance(answer, (list, tuple)) else [answer]


def _fill(card: Any, answer: Any) -> None:
    """Put ``answer`` into the card's form as the browser would (the index of each piece)."""
    if card.kind == "choice":
        card.choice = str(answer)
    elif card.kind == "numbers":
        card.numbers = [str(v) for v in _values(answer)]
    else:
        text = str(answer).split(">")[0].removeprefix("down:")
        pool = list(card.pieces)
        picked = []
        for piece in pool:
            if str(piece) in text and pool.index(piece) not in picked:
                picked.append(pool.index(piece))
        card.selected = picked


def deal_player_clicks(select: Clicks, move: Clicks, game: str, count: int) -> None:
    """A learner's moves in :class:`DealPlayer` (normal computer players): the click that
    selects the pieces (counted in ``select``) and the click that makes the move, the
    computer players' replies and the redrawn table included (``move``); a line game's tile
    that fits one end only is placed by its selecting click (a move)."""
    from gupai_learn.widgets import DealPlayer

    seed = 0
    while len(move.seconds) < count:
        player = DealPlayer(game, seed=seed)
        seed += 1
        rng = random.Random(seed)
        while not player.deal.is_over and len(move.seconds) < count:
            _one_move(player, rng, select, move)


def indices(hand: Any, pieces: Any) -> list[int]:
    """Where ``pieces`` lie in ``hand``, each at its own place (a hand may hold a piece
    twice), in hand order: the selection that picks them."""
    free = list(enumerate(hand))
    found = []
    for piece in pieces:
        at = next(k for k, (_, held) in enumerate(free) if held == piece)
        found.append(free.pop(at)[0])
    return sorted(found)


def _one_move(player: Any, rng: random.Random, select: Clicks, move: Clicks) -> None:
    """One move of the learner's seat through the widget's clicks."""
    from gupai_learn.widgets.hand_picker import BUTTONS, CALLED, ENDS
    from gupai_learn.widgets.line_view import OTHER_BUTTONS, LineView

    deal, view = player.deal, player.picker
    chosen = rng.choice(deal.legal_moves())
    picked = indices(deal.hands[deal.turn], chosen.pieces)
    if isinstance(view, LineView):  # a line view: one tile, then an end unless it went at once
        moves = len(deal.history)
        if picked:
            spent = cost(lambda: update(view, selected=picked[:1]))
            placed = len(player.deal.history) != moves or player.deal is not deal
            (move if placed else select).add(*spent)
            if placed:
                return
        name = (chosen.end or "left") if chosen.kind == "play" else OTHER_BUTTONS[chosen.kind]
        move.timed(lambda: update(view, command=name))
        return
    if picked:
        select.timed(lambda: update(view, selected=picked))
    name = (
        ENDS[chosen.end]
        if chosen.end
        else CALLED[chosen.call]
        if chosen.call
        else BUTTONS[chosen.kind]
    )
    move.timed(lambda: update(view, command=name))


def rows(quick: bool, count: int | None = None) -> None:
    """Print the click rows: hand picker, line view, card Check, each game's deal player
    (``count`` clicks of each, or of each game's moves a quarter of them; default 40 quick,
    else 200)."""
    count = count or (40 if quick else 200)
    rng = random.Random(36)
    with recording(), private_progress():
        found = [Clicks("hand picker, select", [], [])]
        hand_picker_clicks(found[-1], rng, count)
        found.append(Clicks("line view, select", [], []))
        line_view_clicks(found[-1], rng, count)
        checks = Clicks("card Check", [], [])
        solved = Clicks("card Check of a solver card (endgame, line move)", [], [])
        card_check_clicks(checks, solved, rng, count)
        found += [c for c in (checks, solved) if c.seconds]
        for name, info in GAMES.items():
            select = Clicks(f"deal player {info.title}, select", [], [])
            move = Clicks(f"deal player {info.title}, move + computer replies", [], [])
            deal_player_clicks(select, move, name, count // 4)
            found += [c for c in (select, move) if c.seconds]
    for clicks in found:
        print(clicks.row())
