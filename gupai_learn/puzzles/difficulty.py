"""How hard a move puzzle is, measured (issue 34): every distinct first move of a position solved
for a goal (:func:`measure`), the computer levels' tries at it (:func:`evidence`) and the rating
1-5 those give (:func:`rating`), the same scale for every bank. The generator
(:mod:`gupai_learn.puzzles.generate`) keeps the positions this measures as hard; the banks'
ratings are measured again with it (:mod:`gupai_learn.puzzles.bank_file`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gupai_learn.engine.game import GameInfo, PlayedDeal, Player
from gupai_learn.engine.moves import Move
from gupai_learn.puzzles import goals
from gupai_learn.puzzles.goals import Goal

#: The heuristic player's seeds: a generated puzzle's answer is found by none of them.
HEURISTIC_SEEDS = (0, 1, 2)
#: The random player's seeds (its share of right answers is measured over these).
RANDOM_SEEDS = tuple(range(24))
#: The strong player's budgets (worlds sampled per decision), smallest first, and its seeds.
STRONG_SAMPLES = (4, 12, 36)
STRONG_SEEDS = (0, 1, 2)
#: A computer level "finds" a puzzle when at least this share of its tries is right.
MOSTLY = 0.5

#: A deal of any game, given back as the same type.
DealT = TypeVar("DealT", bound=PlayedDeal)


@dataclass(frozen=True)
class Evidence:
    """What makes a move puzzle hard, measured: the share of tries in which each computer
    level finds a right move (``random`` over :data:`RANDOM_SEEDS`, ``heuristic`` over
    :data:`HEURISTIC_SEEDS`, ``strong`` per budget of :data:`STRONG_SAMPLES`), the distinct
    legal ``moves``, the ``losing`` ones, the ``plausible`` losing ones (a computer player
    chose it, or refuting it took real search: :data:`TRAP_SHARE`), the ``depth`` (trick
    games: pieces in the seat's hand; line games: the fewest tiles in any hand) and the
    positions the proof searched (``nodes``)."""

    random: float
    heuristic: float
    strong: tuple[float, ...]
    moves: int
    losing: int
    plausible: int
    depth: int
    nodes: int

    def table(self) -> dict[str, Any]:
        """The bank entry's ``difficulty`` table: the rating, then the evidence."""
        return {
            "rating": rating(self),
            "random": round(self.random, 3),
            "heuristic": round(self.heuristic, 3),
            "strong": [round(s, 3) for s in self.strong],
            "moves": self.moves,
            "losing": self.losing,
            "plausible": self.plausible,
            "depth": self.depth,
            "nodes": self.nodes,
        }

    @classmethod
    def from_table(cls, table: dict[str, Any]) -> Evidence:
        """The evidence a ``difficulty`` table holds (its rating left out)."""
        fields = {k: v for k, v in table.items() if k != "rating"}
        fields["strong"] = tuple(fields["strong"])
        return cls(**fields)


def rating(evidence: Evidence) -> int:
    """1 (easy) to 5 (hard), from the evidence alone, the same scale for every bank:

    - the heuristic player finds the answer (in most of its tries): 1 when the random player
      mostly finds it too, else 2;
    - the heuristic misses it: 3 when the strong player finds it at every budget, 4 when it
      misses at some budget, 5 when it misses at every budget;
    - one more when three or more losing moves are plausible;
    - at most 3 when the heuristic or the random player mostly finds it (a coin toss is no
      hard puzzle), and 1 when both do.
    """
    heuristic, random_ = evidence.heuristic >= MOSTLY, evidence.random >= MOSTLY
    if heuristic and random_:
        return 1
    if heuristic:
        base = 2
    else:
        misses = sum(s < MOSTLY for s in evidence.strong)
        base = 3 if misses == 0 else 5 if misses == len(evidence.strong) else 4
    bumped = base + (evidence.plausible >= 3)
    return min(3 if heuristic or random_ else 5, bumped)


#: A refuted move looks good when refuting it takes at least this share of the search that
#: proves the winning move (and more than :data:`TRAP_FLOOR` positions): it is not lost at a
#: glance.
TRAP_SHARE = 0.2
TRAP_FLOOR = 20


def depth_of(info: GameInfo, deal: PlayedDeal, seat: int) -> int:
    """Trick games: pieces in the seat's hand; line games: the fewest tiles in any hand."""
    if info.family == "trick":
        return len(deal.hands[seat])
    return min(len(h) for h in deal.hands)


def distinct_moves(deal: PlayedDeal) -> Iterator[tuple[Move, Any]]:
    """Each legal move of ``deal`` with the position after it, a position reached twice
    (two identical tiles) given once."""
    seen: set[Hashable] = set()
    for move in deal.legal_moves():
        child = position_after(deal, move)
        key = child.state_key()
        if key not in seen:
            seen.add(key)
            yield move, child


@dataclass(frozen=True)
class Measure:
    """Every distinct first move of a position solved for a goal: the winners and losers with
    the positions each proof searched, and the search in all."""

    winners: tuple[tuple[Move, int], ...]
    losers: tuple[tuple[Move, int], ...]
    nodes: int

    @property
    def traps(self) -> frozenset[Move]:
        """Refuted moves that look good: refuting each took real search (:data:`TRAP_SHARE`)."""
        proof = max((n for _, n in self.winners), default=0)
        floor = max(TRAP_FLOOR, TRAP_SHARE * proof)
        return frozenset(m for m, n in self.losers if n >= floor)


def measure(
    info: GameInfo,
    goal: Goal,
    deal: PlayedDeal,
    budget: int,
    unique: bool = False,
    first: Sequence[Move] = (),
) -> Measure | None:
    """Solve every distinct first move of ``deal`` for the seat to move within ``budget``
    positions in all, the moves ``first`` before the others; None when one stays undecided,
    or, with ``unique``, as soon as one of ``first`` wins or a second winning move appears."""
    seat = deal.turn
    spent = 0
    memo: dict[Hashable, object] = {}
    winners: list[tuple[Move, int]] = []
    losers: list[tuple[Move, int]] = []
    moves = list(distinct_moves(deal))
    keys = [child.state_key() for _, child in moves]
    early = {keys.index(position_after(deal, m).state_key()) for m in first}
    for i in [*sorted(early), *(i for i in range(len(moves)) if i not in early)]:
        move, child = moves[i]
        result = goals.solve(info, goal, child, seat, max_nodes=max(0, budget - spent), memo=memo)
        spent += result.nodes
        if result.wins is None:
            return None
        if result.wins and unique and (winners or i in early):
            return None
        (winners if result.wins else losers).append((move, result.nodes))
    return Measure(tuple(winners), tuple(losers), spent)


def evidence(info: GameInfo, deal: PlayedDeal, found: Measure) -> Evidence:
    """The computer levels' tries on ``deal`` and the figures of ``found``."""
    right = {position_after(deal, m).state_key() for m, _ in found.winners}
    chosen: set[Hashable] = set()

    def share(make: Callable[[int], Player], seeds: Iterable[int]) -> float:
        picks = [make(seed).choose(deal.copy()) for seed in seeds]
        keys = [position_after(deal, m).state_key() for m in picks]
        chosen.update(keys)
        return sum(k in right for k in keys) / len(keys)

    found_random = share(lambda s: info.bot("random", s), RANDOM_SEEDS)
    chosen.clear()  # a random pick is no sign that a move looks good
    found_heuristic = share(lambda s: info.bot("heuristic", s), HEURISTIC_SEEDS)
    strong = tuple(share(_strong(info, n), STRONG_SEEDS) for n in STRONG_SAMPLES)
    looked = {m for m, _ in found.losers if position_after(deal, m).state_key() in chosen}
    return Evidence(
        random=found_random,
        heuristic=found_heuristic,
        strong=strong,
        moves=len(found.winners) + len(found.losers),
        losing=len(found.losers),
        plausible=len(looked | found.traps),
        depth=depth_of(info, deal, deal.turn),
        nodes=found.nodes,
    )


def _strong(info: GameInfo, samples: int) -> Callable[[int], Player]:
    """The strong player of ``info``'s game with ``samples`` worlds per decision, by seed."""
    return lambda seed: info.bots["strong"](seed, samples=samples)


def position_after(deal: DealT, move: Move) -> DealT:
    """A copy of ``deal`` with ``move`` played."""
    child = deal.copy()
    child.apply(move)
    return child
