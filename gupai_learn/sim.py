"""Simulations: many seeded deals played by computer players, one row per deal (design.md §9).

``run`` deals ``deals`` hands of a game, lets computer players play them out, settles them and
returns one row per deal: its seed and number, the winner, the payments (or scores) per seat,
the number of moves, and the game's own events (``GameInfo.events``; in Tien Gow: early deaths,
the banker, the columns). With pandas installed the rows are a ``DataFrame``; without it, a list
of dicts.

    >>> from gupai_learn import sim
    >>> rows = sim.run("tien_gow", deals=8, seed=1, progress=False)
    >>> len(rows), sorted(rows.columns)[:3]
    (8, ['banker', 'banker_dead', 'banker_streak'])

Every deal has its own seed, derived from ``(seed, deal number)`` alone, so the rows do not
depend on how the work is split: ``workers=2`` (two processes) gives the same rows as
``workers=1``, and ``executor=`` sends the work to any :class:`concurrent.futures.Executor`
— a Dask cluster's ``distributed.Client(...).get_executor()`` included. ``play(game, seed)``
replays the deal of any row from its ``seed``.
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gupai_learn.engine.deal import SEED_LIMIT
from gupai_learn.engine.game import GAMES, GameInfo
from gupai_learn.engine.game import game as find
from gupai_learn.engine.moves import quote
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.working import Progress

__all__ = ["derive_seed", "play", "run"]

#: Largest number of deals in one unit of work (keeps the progress bar moving).
MAX_CHUNK = 250
#: Most deals one run (or one match) may ask for, and most worker processes.
MOST_DEALS = 10_000_000
MOST_WORKERS = 256


def derive_seed(seed: int, *parts: int | str) -> int:
    """A seed made from ``seed`` and ``parts`` alone (a hash, the same in every process and
    on every machine): the seed of deal ``i`` of a run is ``derive_seed(seed, i)``."""
    text = ":".join(str(p) for p in (seed, *parts))
    digest = hashlib.blake2b(text.encode(), digest_size=8, person=b"gupai-sim").digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class _Spec:
    """Everything a worker needs to play its share; small and picklable."""

    game: str | GameInfo
    rules: object
    seats: tuple[object, ...]
    seed: int
    match: int
    deals: int
    events: Callable[[Any], dict[str, object]] | None = None

    @property
    def info(self) -> GameInfo:
        return _resolve(self.game)

    @property
    def units(self) -> int:
        """Units of work: deals, or matches of ``match`` deals."""
        return -(-self.deals // self.match) if self.match else self.deals


# ----- playing ---------------------------------------------------------------------------
def play(
    game: str | GameInfo,
    seed: int,
    rules: object = None,
    players: object = None,
) -> object:
    """The finished deal of ``game`` dealt from ``seed`` and played by ``players`` (as in
    :func:`run`): ``play(game, row["seed"], ...)`` replays the deal of a row of an independent
    run with the same rules and players."""
    info = _resolve(game)
    spec = _spec(info, rules, players, seed, deals=1, match=False)
    return _play_deal(info, spec, seed, {})


def _play_deal(info: GameInfo, spec: _Spec, seed: int, carried: dict[str, object]) -> Any:
    deal = info.Deal.random(seed=seed, **_deal_kwargs(info, spec, carried))
    bots = [_bot(info, who, derive_seed(seed, "seat", s)) for s, who in enumerate(spec.seats)]
    while not deal.is_over:
        deal.apply(bots[deal.turn].choose(deal))
    return deal


def _deal_kwargs(info: GameInfo, spec: _Spec, carried: dict[str, object]) -> dict[str, object]:
    return {"rules": spec.rules, "players": len(spec.seats), **carried}


def _bot(info: GameInfo, who: Any, seed: int) -> Any:
    """A fresh player for one deal: a kind's factory with ``seed``, or a copy of a given player
    whose ``rng`` (if it has one) is re-seeded, so no deal depends on the deals before it."""
    if isinstance(who, str):
        return info.bot(who, seed)
    bot = copy.deepcopy(who)
    if isinstance(getattr(bot, "rng", None), random.Random):  # optional: any object may play
        bot.rng.seed(seed)
    return bot


def _row(info: GameInfo, spec: _Spec, deal: Any, seed: int, number: int) -> dict[str, Any]:
    payments = deal.settle().results  # net chips, or points in a game scored in points
    winner = getattr(deal, "winner", None)  # optional: a round scored in points has none
    row: dict[str, object] = {"seed": seed, "deal": number, "winner": winner}
    row.update({f"pay_{s}": p for s, p in enumerate(payments)})
    row["moves"] = len(deal.history)
    if info.events is not None:
        row.update(info.events(deal))
    if spec.events is not None:
        row.update(spec.events(deal))
    return row


def _play_chunk(spec: _Spec, start: int, stop: int) -> list[dict[str, object]]:
    """Rows of units ``start`` to ``stop - 1`` (deals, or whole matches)."""
    info = spec.info
    if not spec.match:
        rows = []
        for i in range(start, stop):
            seed = derive_seed(spec.seed, i)
            rows.append(_row(info, spec, _play_deal(info, spec, seed, {}), seed, i))
        return rows
    return [row for m in range(start, stop) for row in _play_match(info, spec, m)]


def _play_match(info: GameInfo, spec: _Spec, number: int) -> Iterator[dict[str, object]]:
    """The rows of match ``number``: its deals in order, each inheriting from the one before
    (``GameInfo.carry``), with the running totals."""
    seed = derive_seed(spec.seed, "match", number)
    first = number * spec.match
    hands = min(spec.match, spec.deals - first)
    totals = [0] * len(spec.seats)
    state: dict[str, object] = {}
    carried: dict[str, object] = {}
    for hand in range(hands):
        deal_seed = derive_seed(seed, hand)
        deal = _play_deal(info, spec, deal_seed, carried)
        row = {"match": number, "hand": hand, **_row(info, spec, deal, deal_seed, first + hand)}
        for s in range(len(totals)):
            totals[s] += row[f"pay_{s}"]
        row.update({f"total_{s}": t for s, t in enumerate(totals)})
        carried = info.carry(deal, state) if info.carry else {}
        yield row


# ----- running ---------------------------------------------------------------------------
def run(
    game: str | GameInfo,
    rules: object = None,
    players: object = None,
    deals: int = 1000,
    seed: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    match: bool | int = False,
    events: Callable[[Any], dict[str, Any]] | None = None,
) -> object:
    """Play ``deals`` seeded deals of ``game`` and return one row per deal.

    - ``game``: a name from ``GAMES`` (``"tien_gow"``) or a GameInfo; ``rules`` its Rules
      (None: the ruling's defaults);
    - ``players``: one computer player per seat — a kind (``"random"``, ``"heuristic"``) or a
      player object (anything with ``choose(deal)``; it is copied for every deal and its
      ``rng`` re-seeded); one kind alone seats it everywhere; None: the game's heuristic at
      every seat of its default table. The list's length is the number of players;
    - ``seed``: deal ``i`` is dealt from ``derive_seed(seed, i)``, the row's ``seed``;
    - ``workers``: processes to play in (None or 1: this process); ``executor``: any
      :class:`concurrent.futures.Executor` instead (e.g. a Dask ``Client(...).get_executor()``);
      the rows are the same either way;
    - ``progress``: a ``tqdm`` progress bar; ``match``: False for independent deals (each with
      the game's default banker or dealer), True for one match of ``deals`` deals, or a whole
      number ``n`` for matches of ``n`` deals: each deal inherits from the one before it
      (``GameInfo.carry``) and rows gain ``match``, ``hand`` and the running ``total_<seat>``;
    - ``events``: a function of a finished deal returning more columns (``{"name": value}``),
      added after the game's own events (a module-level function, so workers can receive it;
      :mod:`gupai_learn.variants` has one per game).

    Columns: ``seed``, ``deal``, ``winner``, ``pay_<seat>`` (net chips, or points in a game
    scored in points: ``Settlement.results``), ``moves``, then the game's events. Returns a
    pandas DataFrame (with the run's settings in ``.attrs``),
    or a list of dicts without pandas. Bad arguments raise ValueError.
    """
    info = _resolve(game)
    _check_run(deals, workers, executor)
    spec = _spec(info, rules, players, seed, deals, match)
    if events is not None:
        if not callable(events):
            raise SetupError(f"events={quote(events)}: give a function of a finished deal")
        spec = replace(spec, events=events)
    rows = _collect(spec, workers, executor, progress)
    return _table(rows, info, spec)


def _collect(
    spec: _Spec, workers: int | None, executor: Executor | None, progress: bool
) -> list[dict[str, object]]:
    parallel = executor is not None or (workers or 1) > 1
    # in this process, a shown progress line moves on after each twentieth of the deals
    serial = PROGRESS_STEPS if progress else 1
    chunks = _chunks(spec.units, spec.match or 1, (workers or 4) * 4 if parallel else serial)
    bar = _bar(spec, progress)
    try:
        if not parallel:
            return [row for a, b in chunks for row in _tick(bar, _play_chunk(spec, a, b))]
        if executor is not None:
            return _gather(executor, spec, chunks, bar)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            return _gather(pool, spec, chunks, bar)
    finally:
        bar.close()


def _gather(
    executor: Executor, spec: _Spec, chunks: list[tuple[int, int]], bar: Progress
) -> list[dict[str, object]]:
    """Submit every chunk, tick the bar as they finish, and put the rows back in order."""
    futures: dict[Future[list[dict[str, object]]], int] = {
        executor.submit(_play_chunk, spec, a, b): i for i, (a, b) in enumerate(chunks)
    }
    done: list[list[dict[str, object]]] = [[] for _ in chunks]
    for future in as_completed(futures):
        done[futures[future]] = _tick(bar, future.result())
    return [row for part in done for row in part]


def _tick(bar: Progress, rows: list[dict[str, object]]) -> list[dict[str, object]]:
    bar.update(len(rows))
    return rows


#: How many parts a run in this process is played in when its progress is shown.
PROGRESS_STEPS = 20


def _chunks(units: int, per_unit: int, parts: int) -> list[tuple[int, int]]:
    """``(start, stop)`` ranges of units: about ``parts`` of them, none above MAX_CHUNK deals."""
    size = max(1, min(-(-units // parts), MAX_CHUNK // per_unit))
    return [(a, min(a + size, units)) for a in range(0, units, size)]


def _bar(spec: _Spec, progress: bool) -> Progress:
    """The progress shown: in a notebook a line that is emptied when done (nothing stays in a
    stored lesson), else a tqdm bar (:func:`gupai_learn.working.progress_bar`)."""
    from gupai_learn.working import progress_bar

    return progress_bar(spec.deals, spec.info.title, "deal", progress)


def _table(rows: list[dict[str, object]], info: GameInfo, spec: _Spec) -> object:
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover - pandas is a dependency, but may be left out
        return rows
    frame = pd.DataFrame(rows)
    frame.attrs.update(
        game=info.name,
        rules=repr(spec.rules),
        players=[who if isinstance(who, str) else repr(who) for who in spec.seats],
        seed=spec.seed,
        match=spec.match,
    )
    return frame


# ----- checks ----------------------------------------------------------------------------
def _resolve(game: Any) -> GameInfo:
    return game if isinstance(game, GameInfo) else find(game)


def _whole(name: str, value: object, least: int, most: int | None = None) -> None:
    if type(value) is not int or value < least or (most is not None and value > most):
        wanted = f"{least} or more" if most is None else f"from {least} to {most:,}"
        raise SetupError(f"{name}={quote(value)}: give a whole number, {wanted}")


def _check_run(deals: object, workers: object, executor: object) -> None:
    _whole("deals", deals, 1, MOST_DEALS)
    if workers is not None:
        _whole("workers", workers, 1, MOST_WORKERS)
    if executor is not None and not isinstance(executor, Executor):
        raise SetupError(f"executor={quote(executor)}: give a concurrent.futures.Executor")
    if executor is not None and workers is not None:
        raise SetupError("give workers= (processes here) or executor= (your own), not both")


def _spec(
    info: GameInfo, rules: object, players: object, seed: Any, deals: int, match: object
) -> _Spec:
    _whole("seed", seed, 0, SEED_LIMIT - 1)
    if rules is not None and not isinstance(rules, info.Rules):
        raise SetupError(f"rules={quote(rules)}: give a {info.name}.Rules(...) or None")
    if type(match) is int:
        _whole("match", match, 1, MOST_DEALS)
        length = match
    elif type(match) is bool:
        length = deals if match else 0
    else:
        raise SetupError(f"match={quote(match)}: give True, False or a number of deals per match")
    game = info.name if _registered(info) else info
    rules = info.Rules() if rules is None else rules
    return _Spec(game, rules, _seats(info, players, rules), seed, length, deals)


def _registered(info: GameInfo) -> bool:
    return GAMES.get(info.name) is info


def _seats(info: GameInfo, players: object, rules: object) -> tuple[object, ...]:
    """One player (a kind or an object) per seat, checked; one kind alone fills the table the
    rules seat (:meth:`GameInfo.table_size`)."""
    if players is None or isinstance(players, str):
        players = [players or "heuristic"] * info.table_size(rules)
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise SetupError(f"players={quote(players)}: give a list with one player per seat")
    if len(players) not in info.seats:
        allowed = " or ".join(str(n) for n in info.seats)
        raise SetupError(f"{len(players)} players: {info.title} is played by {allowed}")
    for who in players:
        _check_player(info, who)
    return tuple(players)


def _check_player(info: GameInfo, who: object) -> None:
    if isinstance(who, str):
        if who not in info.bots:
            kinds = ", ".join(info.bots)
            raise SetupError(f"{info.title} has no {quote(who)} player; choose {kinds}")
    elif not callable(getattr(who, "choose", None)):  # checking what the user gave
        raise SetupError(f"{quote(who)} is not a player: give a kind or an object with choose()")
