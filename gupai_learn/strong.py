"""Strong computer players: determinized search for every game (issue 27).

A card player cannot see the other hands, so neither may a computer player worth the name. The
strong player decides from what its seat knows — its own hand and what it was dealt, every piece
played face up, how many pieces each seat holds or has put face down, and the public facts of
the game (a Bull Fight seat that put a tile face down held nothing that fit; a Bergen seat that
passed holds nothing for the ends) — and from nothing else. For each decision it

1. **samples a world**: it deals the pieces it cannot see among the other seats again, at
   random, consistently with everything public (each game supplies this: :class:`Sampler`);
   the generic :func:`replay_sample` rebuilds the deal from sampled starting hands and replays
   the whole public history on it, so a world in which any seat's past move would have been
   illegal is thrown away;
2. **evaluates every candidate move on that world**: it makes the move and plays the deal out
   with the game's heuristic players (a rollout), then scores the seat's result: its chips or
   points minus the average of the other seats' (zero-sum games: just its result);
3. after ``samples`` worlds, compares every candidate with the heuristic's own choice, world
   by world (every candidate meets the same worlds and the same rollout seeds: common random
   numbers), and leaves the heuristic's choice only for a candidate whose average gain is
   clearly more than chance: above :data:`CONFIDENCE` standard errors of that gain. Of those,
   the one with the largest gain is played.

This is "determinized" or "perfect-information Monte Carlo" search, the ancestor of OpenSpiel's
information-set MCTS (``ismcts``). Reproducible: a seed gives the same moves, because the limits
are counts: at most ``samples`` worlds, and no new world once the rollouts of one decision have
played ``plies`` moves (issue 36: a decision early in a long deal, with many candidates, used to
take several times the median). ``budget_ms`` caps the wall time of one decision as a safety net
(:data:`DEFAULT_BUDGET_MS`): it binds only on a machine too busy to finish the counted work in
time, and then the decision rests on the worlds finished so far.

    >>> from gupai_learn.games import GAMES
    >>> info = GAMES["tien_gow"]
    >>> deal = info.Deal.random(seed=4)
    >>> move = info.bot("strong", seed=1).choose(deal)
    >>> move in deal.legal_moves()
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gupai_learn.engine.game import PlayedDeal

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from gupai_learn.engine.deal import SEED_LIMIT, seeded
from gupai_learn.engine.game import GAMES, Strength
from gupai_learn.engine.moves import Move, quote
from gupai_learn.verdict import IllegalPlayError, Verdict

__all__ = [
    "DEFAULT_BUDGET_MS",
    "DEFAULT_PLIES",
    "DEFAULT_SAMPLES",
    "MAX_BUDGET_MS",
    "MAX_CANDIDATES",
    "Sampler",
    "StrongPlayer",
    "check_turn",
    "measured",
    "replay_sample",
    "replaying_player",
]

#: Worlds sampled per decision (the deterministic limit).
DEFAULT_SAMPLES = 12
#: The largest budget accepted (one minute per move).
MAX_BUDGET_MS = 60_000.0
#: Default cap on the wall time of one decision, in milliseconds. A safety net only: the counted
#: limits (:data:`DEFAULT_SAMPLES` and each game's plies) end a decision in about 150 ms on a
#: quiet machine (issue 36), so the seed alone decides the move, and a machine busy enough to
#: slow that work tenfold (a test run beside a browser) still plays the same moves; past the
#: cap the decision stops after the rollout that crosses it.
DEFAULT_BUDGET_MS = 2_000.0
#: Moves the rollouts of one decision may play before no new world is sampled (a game whose
#: moves cost more passes fewer): a deterministic bound on a decision's work.
DEFAULT_PLIES = 2_000
#: Worlds evaluated at least, whatever the plies (fewer only when the wall-time cap binds).
MIN_SAMPLES = 2
#: The largest sample count accepted, and the largest plies budget.
MAX_SAMPLES = 10_000
MAX_PLIES = 10_000_000
#: Moves compared at most per decision (the heuristic's move, face-up plays first).
MAX_CANDIDATES = 10
#: Attempts at dealing one consistent world before the sample is skipped.
TRIES = 30
#: How many standard errors a candidate's average gain over the heuristic's choice must reach.
CONFIDENCE = 1.0


class Sampler(Protocol):
    """How a game deals the unseen pieces again: ``sampler(deal, seat, rng)`` returns a new
    deal with the same public history in which every piece ``seat`` cannot see has been dealt
    at random consistently with that history (or None when no consistent world was found)."""

    def __call__(self, deal: PlayedDeal, seat: int, rng: random.Random) -> Any: ...


def check_turn(deal: PlayedDeal, seat: object = None) -> None:
    """Raise the deal's own :class:`~gupai_learn.verdict.IllegalPlayError` when no move can be
    made for ``seat`` (default: the seat to act): the deal is over, or it is another seat's turn.
    The reason is the one ``deal.apply`` gives for the same mistake (its rule id included)."""
    if not deal.is_over and (seat is None or seat == deal.turn):
        return
    verdict = deal.judge(Move.pass_(), seat=seat)
    reason = verdict.reasons[0]
    raise IllegalPlayError(Verdict.illegal([reason], "the computer player cannot move now"))


class StrongPlayer:
    """A player that samples the hidden hands and plays each candidate out on every sample.

    ``StrongPlayer(seed, sampler=..., rollout=...)``: ``sampler`` deals a world (see
    :class:`Sampler`), ``rollout`` makes a fresh rollout player for a seat from a seed (the
    game's heuristic); ``samples`` worlds per decision at most, and no new world once the
    rollouts have played ``plies`` moves (at least :data:`MIN_SAMPLES`); ``budget_ms`` caps
    one decision's wall time; ``confidence``: how many standard errors a move's gain over the
    heuristic's choice must reach (a game whose payoffs swing widely asks more).
    Games register it as ``GAMES[g].bot("strong", seed)``.
    """

    def __init__(
        self,
        seed: int | random.Random | None = None,
        *,
        sampler: Sampler,
        rollout: Callable[[int], Any],
        budget_ms: float = DEFAULT_BUDGET_MS,
        samples: int = DEFAULT_SAMPLES,
        confidence: float = CONFIDENCE,
        plies: int = DEFAULT_PLIES,
    ) -> None:
        #: the seed given (None when it was a random.Random, which is drawn from)
        self.seed = seed if type(seed) is int else None
        self.rng = seeded(seed)  # the seeds every level and Deal.random take
        self.confidence = confidence
        self.budget_ms = _check_budget(budget_ms)
        self.samples = _check_samples(samples)
        self.plies = _check_plies(plies)
        self.sampler = sampler
        self.rollout = rollout
        #: worlds evaluated at the last decision (fewer than ``samples`` when the plies or the
        #: time ran out), and the moves its rollouts played
        self.last_samples = 0
        self.last_plies = 0

    def choose(self, deal: Any, seat: int | None = None) -> Move:
        """The move for the seat to act (``seat``, if given, must be that seat). Raises the
        deal's IllegalPlayError when the deal is over or it is another seat's turn."""
        check_turn(deal, seat)
        started = time.perf_counter()
        moves = deal.legal_moves()
        if len(moves) == 1:
            return moves[0]  # type: ignore[no-any-return]
        me = deal.turn
        favourite = self.rollout(self.rng.randrange(SEED_LIMIT)).choose(deal)
        candidates = _candidates(moves, favourite, self.rng)
        scores = self._evaluate(deal, me, candidates, started)
        return candidates[_pick(scores, self.confidence)]

    def values(self, deal: PlayedDeal) -> dict[Move, float]:
        """The average rollout value of each candidate move (for lessons and tests)."""
        check_turn(deal)
        moves = deal.legal_moves()
        favourite = self.rollout(self.rng.randrange(SEED_LIMIT)).choose(deal)
        candidates = _candidates(moves, favourite, self.rng)
        scores = self._evaluate(deal, deal.turn, candidates)
        return {m: sum(v) / max(1, len(v)) for m, v in zip(candidates, scores, strict=True)}

    def _evaluate(
        self, deal: PlayedDeal, me: int, candidates: Sequence[Move], started: float | None = None
    ) -> list[list[float]]:
        """Per candidate, its rollout value on each world sampled: worlds until ``samples``,
        or until the rollouts have played ``plies`` moves (at least :data:`MIN_SAMPLES`
        worlds), or until ``budget_ms`` after ``started`` (default: now) would pass before one
        more world is done, judged by the worlds so far (a world not finished when it passes
        is dropped)."""
        scores: list[list[float]] = [[] for _ in candidates]
        started = time.perf_counter() if started is None else started
        deadline = started + self.budget_ms / 1000
        self.last_samples = self.last_plies = 0
        for _ in range(self.samples):
            if self.last_plies >= self.plies and self.last_samples >= MIN_SAMPLES:
                break
            now = time.perf_counter()
            if self.last_samples and now + (now - started) / self.last_samples > deadline:
                break
            world = self.sampler(deal, me, self.rng)
            seeds = [self.rng.randrange(SEED_LIMIT) for _ in range(deal.n_seats)]
            if world is None:
                continue
            row = self._sample(world, me, candidates, seeds, deadline)
            if row is None:
                break
            for values, value in zip(scores, row, strict=True):
                values.append(value)
            self.last_samples += 1
        return scores

    def _sample(
        self,
        world: PlayedDeal,
        me: int,
        candidates: Sequence[Move],
        seeds: list[int],
        deadline: float,
    ) -> list[float] | None:
        """Every candidate played out on one world, or None when the deadline passes first."""
        row = []
        for move in candidates:
            child = world.copy()
            child.apply(move)
            row.append(self._play_out(child, me, seeds))
            if time.perf_counter() > deadline:
                return None
        return row

    def _play_out(self, deal: PlayedDeal, me: int, seeds: list[int]) -> float:
        """One rollout to the end: the rollout players' own ``roll_out(deal, players)`` when
        they have one (the same moves made more cheaply, returning how many), else each
        player's ``choose`` applied in turn; the seat's value as :meth:`_evaluate` scores it."""
        players = [self.rollout(s) for s in seeds]
        roll_out = getattr(players[0], "roll_out", None)
        if roll_out is not None:
            plies = roll_out(deal, players)
        else:
            plies = 0
            while not deal.is_over:
                deal.apply(players[deal.turn].choose(deal))
                plies += 1
        self.last_plies += plies
        results = deal.settle().results
        others = [r for s, r in enumerate(results) if s != me]
        return float(results[me] - sum(others) / len(others))

    def __repr__(self) -> str:
        return "StrongPlayer()"


def _pick(scores: list[list[float]], confidence: float = CONFIDENCE) -> int:
    """The candidate to play: the one whose gain over candidate 0 (the heuristic's choice),
    world by world, is largest among those above ``confidence`` standard errors; else 0."""
    base = scores[0]
    n = len(base)
    if n < 2:
        return 0
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        gains = [a - b for a, b in zip(scores[i], base, strict=True)]
        mean = sum(gains) / n
        spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n)
        if mean > best_gain and mean > confidence * spread:
            best, best_gain = i, mean
    return best


def _candidates(moves: list[Move], favourite: Move, rng: random.Random) -> list[Move]:
    """The heuristic's move first, then the face-up and line moves, then face-down ones drawn at
    random; at most :data:`MAX_CANDIDATES`."""
    rest = [m for m in moves if m != favourite]
    up = [m for m in rest if m.kind != "discard"]
    down = [m for m in rest if m.kind == "discard"]
    if len(down) > MAX_CANDIDATES:
        down = rng.sample(down, MAX_CANDIDATES)
    return ([favourite] + up + down)[:MAX_CANDIDATES]


def replaying_player(
    rollout: Callable[[int], Any],
    *,
    samples: int = DEFAULT_SAMPLES,
    sampler: Sampler | None = None,
    confidence: float = CONFIDENCE,
    plies: int = DEFAULT_PLIES,
) -> Callable[..., StrongPlayer]:
    """A game's ``strong_player`` factory: ``factory(seed=None, *, budget_ms=..., samples=...,
    plies=...)`` makes a :class:`StrongPlayer` that deals the unseen pieces again with
    ``sampler`` (default :func:`replay_sample`: consistent with the public history and the
    counts) and plays each candidate out with ``rollout`` players (the game's heuristic) on
    every sample; ``samples`` and ``plies`` here are the game's defaults."""
    deal_again: Sampler = sampler if sampler is not None else replay_sample
    default_samples, default_plies = samples, plies

    def strong_player(
        seed: int | random.Random | None = None,
        *,
        budget_ms: float = DEFAULT_BUDGET_MS,
        samples: int = default_samples,
        plies: int = default_plies,
    ) -> StrongPlayer:
        """The strong player (:mod:`gupai_learn.strong`) of this game: at most ``samples``
        sampled worlds per decision and no new one after ``plies`` moves of rollouts, each
        candidate played out with the game's heuristic players; ``budget_ms`` caps one
        decision's wall time."""
        return StrongPlayer(
            seed,
            sampler=deal_again,
            rollout=rollout,
            budget_ms=budget_ms,
            samples=samples,
            confidence=confidence,
            plies=plies,
        )

    return strong_player


# ----- sampling by replay --------------------------------------------------------------------
def replay_sample(
    deal: Any,
    seat: int,
    rng: random.Random,
    allowed: Callable[[int, Any], bool] | None = None,
    start: dict[str, object] | None = None,
) -> object:
    """A world for :class:`StrongPlayer`: the deal rebuilt from sampled starting hands, with its
    public history replayed (None if no consistent world was found in :data:`TRIES` attempts).

    ``seat`` knows its own starting hand and every piece played face up; the other seats'
    face-down pieces and what they hold now are dealt again from the pieces ``seat`` has not
    seen, each seat keeping its counts. ``allowed(s, piece)`` may forbid a piece in seat
    ``s``'s current hand (what the public history proves it lacks). Replaying checks the rest:
    a world in which some past move breaks a rule is dealt again. ``start`` gives the deal's
    constructor arguments (default: those it was made with)."""
    kwargs = dict(start if start is not None else deal._start)
    hands = kwargs.pop("hands")
    history = deal.seated_history
    n = len(hands)
    face_up: list[list[object]] = [[] for _ in range(n)]
    face_down: list[int] = [0] * n
    pool = Counter(piece for s, hand in enumerate(hands) if s != seat for piece in hand)
    for s, move in history:
        if s == seat:
            continue
        if move.kind == "discard":
            face_down[s] += len(move.pieces)
        elif move.pieces:
            face_up[s] += move.pieces
    for s in range(n):
        pool -= Counter(face_up[s])
    unseen = sorted(pool.elements(), key=str)
    now = [len(h) for h in deal.hands]
    for _ in range(TRIES):
        dealt = _deal_out(unseen, seat, now, face_down, allowed, rng)
        if dealt is None:
            continue
        world = _replay(deal, seat, hands, history, face_up, dealt, kwargs)
        if world is not None:
            return world
    return None


def _deal_out(
    unseen: list[object],
    seat: int,
    now: list[int],
    face_down: list[int],
    allowed: Callable[[int, Any], bool] | None,
    rng: random.Random,
) -> list[tuple[list[object], list[object]]] | None:
    """Per seat: (pieces it holds now, pieces it put face down), dealt at random from
    ``unseen``; the seats with restrictions pick first. None if a seat cannot be served."""
    pool = unseen[:]
    rng.shuffle(pool)
    out: list[tuple[list[object], list[object]]] = [([], []) for _ in now]
    others = [s for s in range(len(now)) if s != seat]
    for s in others:
        if allowed is None:
            continue
        ok = [p for p in pool if allowed(s, p)]
        if len(ok) < now[s]:
            return None
        picked = ok[: now[s]]
        for p in picked:
            pool.remove(p)
        out[s][0].extend(picked)
    for s in others:
        if allowed is None:
            out[s][0].extend(pool[: now[s]])
            del pool[: now[s]]
        out[s][1].extend(pool[: face_down[s]])
        del pool[: face_down[s]]
    return out


def _replay(
    deal: PlayedDeal,
    seat: int,
    hands: Sequence[Any],
    history: Sequence[tuple[int, Move]],
    face_up: list[list[object]],
    dealt: list[tuple[list[object], list[object]]],
    kwargs: dict[str, object],
) -> object:
    """The deal rebuilt from the dealt pieces with every public move replayed, or None."""
    start = [
        list(hands[s]) if s == seat else face_up[s] + dealt[s][0] + dealt[s][1]
        for s in range(len(hands))
    ]
    downs = [list(d[1]) for d in dealt]
    world = type(deal)(start, **kwargs)
    try:
        for s, move in history:
            if s != seat and move.kind == "discard":
                size = len(move.pieces)
                pieces, downs[s] = downs[s][:size], downs[s][size:]
                move = Move("discard", tuple(pieces), None, move.call)
            world.apply(move)
    except (IllegalPlayError, ValueError):
        return None
    if world.is_over != deal.is_over or world.turn != deal.turn:
        return None  # the real deal would have ended (or moved on) differently
    return world


# ----- measured strength ---------------------------------------------------------------------
def measured() -> dict[str, Strength]:
    """The stored measurements of the levels against each other, for every game measured:
    ``{game: {"strong-heuristic": figures, "heuristic-random": figures}}``, each with the mean
    ``margin`` per deal, its 95% interval ``low`` to ``high``, the number of ``deals`` and the
    stronger side's ``wins`` share. Each game keeps its own in its package
    (:meth:`GameInfo.strength`, written by ``tools/bot_strength.py --store``; lesson 07.08
    shows them)."""
    return {name: found for name, info in GAMES.items() if (found := info.strength())}


# ----- argument checks -------------------------------------------------------------------------
def _check_budget(budget: Any) -> float:
    if type(budget) not in (int, float):
        raise TypeError(f"budget_ms={quote(budget)}: give a number of milliseconds")
    if not 1 <= budget <= MAX_BUDGET_MS:  # a NaN fails the comparison too
        raise ValueError(
            f"budget_ms={quote(budget)}: give a number of milliseconds from 1 to "
            f"{MAX_BUDGET_MS:,.0f} (default {DEFAULT_BUDGET_MS:,.0f})"
        )
    return float(budget)


def _check_plies(plies: Any) -> int:
    if type(plies) is not int:
        raise TypeError(f"plies={quote(plies)}: give a whole number of moves")
    if not 1 <= plies <= MAX_PLIES:
        raise ValueError(f"plies={plies}: give a whole number from 1 to {MAX_PLIES:,}")
    return plies


def _check_samples(samples: Any) -> int:
    if type(samples) is not int:
        raise TypeError(f"samples={quote(samples)}: give a whole number of sampled deals")
    if not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples={quote(samples)}: give a whole number from 1 to {MAX_SAMPLES:,}")
    return samples
