"""One perfect-information solver for every game: can a seat force a goal? (design.md §3)

All hands are visible. :func:`solve` searches every continuation of a deal as an AND-OR tree:
at ``seat``'s turns one good move is enough; at the other seats' turns every move must still
reach the goal (the others may cooperate against the seat). It uses nothing but the deal's own
verbs, so it works for any :class:`~gupai_learn.engine.deal.BaseDeal`:

- ``legal_moves()`` lists the moves of each position, ``copy()`` and ``apply()`` make them;
- a hashable key of each position (``state_key()`` by default) memoises what is known, so
  positions reached in different orders are searched once. A game may pass a coarser key when
  the goal needs less (Tien Gow's "who takes the last trick" needs columns only as none / some);
  the key must then still capture everything the goal and the rest of the deal depend on.

The goal is a function of a deal. By default it is asked only of finished deals (``lambda d:
d.winner == seat``); with ``early=True`` it is asked at every position and answers True or
False once the outcome is settled, None while it is not ("keep searching").

A search never hangs: it expands at most ``max_nodes`` positions (default
:data:`DEFAULT_MAX_NODES`) and then answers "unknown" (``wins=None``). A position that comes
back while it is still being searched (a game whose positions can repeat) also gives "unknown".

    >>> from gupai_learn.games import tien_gow
    >>> deal = tien_gow.Deal(["[6:6]", "[1:1]", "[2:2]", "[3:3]"], columns=(1, 2, 2, 2))
    >>> solve(deal, 0, lambda d: d.winner == 0)
    SolveResult(wins=True, plays=(Move.parse('[6:6]'),), nodes=3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gupai_learn.engine.game import PlayedDeal

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from gupai_learn.engine.deal import BaseDeal
from gupai_learn.engine.game import Memo as Memo
from gupai_learn.engine.game import SolveResult as SolveResult
from gupai_learn.engine.moves import Move, quote
from gupai_learn.verdict import SetupError

D = TypeVar("D", bound=BaseDeal[Any])


#: Positions a search expands before it answers "unknown", unless the caller gives a budget.
DEFAULT_MAX_NODES = 200_000

Goal = Callable[[D], "bool | None"]
Key = Callable[[D], Hashable]
Order = Callable[[D, list[Move]], Sequence[Move]]


class Unknown(Exception):
    """The search cannot answer: budget spent, or a position repeats (a game's own search
    below the root raises it too; :func:`solve` turns it into ``wins=None``)."""


class Meter:
    """Positions searched so far and the budget, shared by the search and a game's own
    shortcut (a goal that works out an ending on its own counts its positions here too, so
    ``SolveResult.nodes`` is all the work and never exceeds the budget)."""

    def __init__(self) -> None:
        self.nodes = 0
        self.limit = DEFAULT_MAX_NODES

    def tick(self) -> None:
        """Count one position; "unknown" once the budget is spent."""
        if self.nodes >= self.limit:
            raise Unknown
        self.nodes += 1


#: Memo mark of a position whose search is under way (seeing it again means a repetition).
_OPEN = object()


class _Search:
    """One search: the seat, the goal, the key, the memo, the move history and the node count.

    Speed, never at the cost of the answer:

    - **alpha-beta on the outcome**: the outcome is won / not won, so a seat's turn stops at
      its first winning move and another seat's turn at its first refutation;
    - **transpositions**: every position's answer is memoised under its key, and before a
      position's moves are searched, the answers already known for its children are looked up
      (a known cut-off ends the position without searching anything);
    - **equivalent pieces merged**: moves that lead to the same key (two interchangeable tiles,
      two discards that leave the same hand) are searched once;
    - **move ordering**: the game's ``order`` first, then the moves that refuted or won most
      often elsewhere in this search (a history table);
    - **the budget kept**: at most ``max_nodes`` positions are expanded, then "unknown".
    """

    def __init__(
        self,
        seat: int,
        goal: Goal[Any],
        key: Key[Any],
        early: bool,
        order: Order[Any] | None,
        max_nodes: int,
        meter: Meter,
        memo: dict[Hashable, object],
    ) -> None:
        self.seat = seat
        self.goal = goal
        self.key = key
        self.early = early
        self.order = order
        self.max_nodes = max_nodes
        self.memo = memo
        self.history: dict[tuple[bool, Move], int] = {}
        self.meter = meter

    def settled(self, deal: BaseDeal[Any]) -> bool | None:
        """The outcome of ``deal`` when it is known without searching, else None."""
        if deal.is_over:
            return self.goal(deal) is True
        if self.early:
            decided = self.goal(deal)
            if decided is not None:
                return bool(decided)
        return None

    def value(self, deal: BaseDeal[Any]) -> bool:
        """Whether the seat forces the goal from ``deal`` (a copy the search may change)."""
        known = self.settled(deal)
        if known is not None:
            return known
        return self.expand(deal, self.key(deal))

    def expand(self, deal: BaseDeal[Any], key: Hashable) -> bool:
        """Search the moves of an unfinished position (memoised under ``key``)."""
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            if known is _OPEN:
                raise Unknown
            return known is True
        self.meter.tick()
        memo[key] = _OPEN
        moves = deal.legal_moves()
        # a position with no move that is not over is judged like a finished deal
        result = self.choose(deal, moves) if moves else self.goal(deal) is True
        memo[key] = result
        return result

    def choose(self, deal: BaseDeal[Any], moves: list[Move]) -> bool:
        """OR over the moves at the seat's turn, AND at the others' turns (cut off early);
        moves leading to a position already tried from here are equivalent and skipped."""
        mine = deal.turn == self.seat
        seen: set[Hashable] = set()
        for move in self.ordered(deal, moves, mine):
            child = deal.copy()
            child.apply(move)
            known = self.settled(child)
            if known is None:
                child_key = self.key(child)
                if child_key in seen:
                    continue
                seen.add(child_key)
                known = self.expand(child, child_key)
            if known is mine:
                self.credit(mine, move)
                return mine
        return not mine

    def ordered(self, deal: BaseDeal[Any], moves: list[Move], mine: bool) -> Sequence[Move]:
        """The game's order, then the history table's best moves first (a stable sort)."""
        if self.order is not None:
            moves = list(self.order(deal, moves))
        history = self.history
        if history and len(moves) > 1:
            moves = sorted(moves, key=lambda m: -history.get((mine, m), 0))
        return moves

    def credit(self, mine: bool, move: Move) -> None:
        """Remember a move that decided a position (tried earlier elsewhere)."""
        slot = (mine, move)
        self.history[slot] = self.history.get(slot, 0) + 1


def solve(
    deal: D,
    seat: int,
    goal: Goal[D],
    *,
    key: Key[D] | None = None,
    early: bool = False,
    order: Order[D] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    meter: Meter | None = None,
    memo: dict[Hashable, object] | None = None,
) -> SolveResult:
    """Can ``seat`` force ``goal`` from this position, whatever the other seats do?

    ``goal(deal)`` is asked of finished deals (True: reached); with ``early=True`` also of every
    position, answering None while the outcome is open. ``key`` maps a position to a hashable
    key (default: ``deal.state_key()``); ``order`` may reorder a position's moves so that
    strong ones are tried first (faster cut-offs, same answer). When it is ``seat``'s turn,
    ``plays`` lists every move that keeps the forced win. After ``max_nodes`` positions the
    answer is "unknown" (``wins=None``); a goal that searches on its own counts its positions
    on ``meter`` (given here, it is reset). ``memo`` keeps what is proved for later searches
    of the same game, seat, goal and key (a review solves many positions of one deal); a
    search that runs out of budget leaves only proved answers in it. ``deal`` itself is never
    changed.
    """
    _check(deal, seat, max_nodes)
    if deal.is_over:
        return SolveResult(goal(deal) is True, (), 0)
    meter = meter or Meter()
    meter.nodes, meter.limit = 0, max_nodes
    if early:
        try:
            decided = goal(deal)
        except Unknown:
            return SolveResult(None, (), meter.nodes)
        if decided is not None:
            return SolveResult(bool(decided), (), meter.nodes)
    memo = {} if memo is None else memo
    search = _Search(seat, goal, key or type(deal).state_key, early, order, max_nodes, meter, memo)
    try:
        if deal.turn != seat:
            return SolveResult(search.value(deal.copy()), (), meter.nodes)
        plays = tuple(move for move in deal.legal_moves() if _after(search, deal, move))
    except (Unknown, RecursionError):
        for open_key in [k for k, v in memo.items() if v is _OPEN]:
            del memo[open_key]
        return SolveResult(None, (), meter.nodes)
    return SolveResult(bool(plays), plays, meter.nodes)


def _after(search: _Search, deal: BaseDeal[Any], move: Move) -> bool:
    child = deal.copy()
    child.apply(move)
    return search.value(child)


def solve_game(
    deal: Any,
    seat: int,
    game: tuple[type[Any], str],
    *,
    max_nodes: int,
    goal: Goal[Any] | None = None,
    key: Key[Any] | None = None,
    early: bool = False,
    order: Order[Any] | None = None,
    meter: Meter | None = None,
    memo: dict[Hashable, object] | None = None,
) -> SolveResult:
    """A game's solver in one call: :func:`check_game` with ``game`` = (its Deal class, its
    title), then :func:`solve` with ``goal`` (default: ``seat`` wins the deal)."""
    check_game(deal, *game)
    if goal is None:
        goal = lambda d: d.winner == seat  # noqa: E731
    return solve(
        deal,
        seat,
        goal,
        key=key,
        early=early,
        order=order,
        max_nodes=max_nodes,
        meter=meter,
        memo=memo,
    )


def describe(result: SolveResult, goal: str) -> str:
    """A one-line summary of a solver's answer for lessons, ``goal`` in the game's words
    ("the last trick"): "forces the last trick with [6:6] or [1:1]", "cannot force the last
    trick", or that the budget ran out."""
    if result.wins is None:
        return "unknown (search budget ran out)"
    if not result.wins:
        return f"cannot force {goal}"
    if not result.plays:
        return f"forces {goal}"
    return f"forces {goal} with " + " or ".join(str(a) for a in result.plays)


def without(hand: tuple[object, ...], pieces: Sequence[Any]) -> tuple[object, ...]:
    """A search state's hand after ``pieces`` left it (one copy each), order kept."""
    rest = list(hand)
    for piece in pieces:
        rest.remove(piece)
    return tuple(rest)


def lowest_first(moves: list[Move]) -> list[Move]:
    """A follower's moves in a good search order for trick games whose ``legal_moves()`` lists
    the face-up plays high to low, then the face-down ones: the lowest face-up play first (it
    takes the trick cheaply), then the rest upwards, then the face-down plays from the last
    listed."""
    up = 0
    for move in moves:
        if move.kind != "play":
            break
        up += 1
    return moves[up - 1 :: -1] + moves[: up - 1 : -1] if up else moves[::-1]


def check_game(deal: PlayedDeal, deal_class: type[Any], title: str) -> None:
    """A TypeError naming the game when a game's solver is given another game's deal."""
    if not isinstance(deal, deal_class):
        info = getattr(type(deal), "info", None)  # anything may be given: say what it is
        other = info.name if info is not None else type(deal).__name__
        raise TypeError(f"the {title} solver needs a {title} deal, not {quote(deal)} ({other})")


def _check(deal: PlayedDeal, seat: object, max_nodes: object) -> None:
    """ValueErrors for arguments a search cannot use."""
    if not isinstance(deal, BaseDeal):
        raise SetupError(f"deal={quote(deal)}: give a game's Deal (any BaseDeal)")
    if type(seat) is not int or not 0 <= seat < deal.n_seats:
        raise SetupError(f"seat={quote(seat)}: a seat is a whole number 0 to {deal.n_seats - 1}")
    if type(max_nodes) is not int or max_nodes < 0:
        raise SetupError(
            f"max_nodes={quote(max_nodes)}: give a whole number of positions, 0 or more "
            f"(default {DEFAULT_MAX_NODES:,}); a larger budget searches longer"
        )
