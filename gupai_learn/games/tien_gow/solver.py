"""A perfect-information Tien Gow solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` searches every continuation as an AND-OR tree: at
``seat``'s turns one good move is enough; at the other seats' turns every move must still leave
``seat`` the winner (the three others may cooperate against him). Every face-up play and every
distinct face-down discard is considered, under the deal's rules: TG-BEAT-STRICT and TG-BEAT-TIE
(only strictly higher plays of the lead's class go face up), TG-SUPREME, TG-TRICK-WINNER,
TG-EARLY-DEATH (columns matter only as none / some).

The state is a tuple of canonical hands plus the trick in progress; positions are memoised, so
identical civil tiles and equal discards collapse into one entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from gupai_learn.engine.moves import Move
from gupai_learn.games.tien_gow.deal import _TABLES, Deal, hand_mask
from gupai_learn.tiles import Tiles

#: (hands, turn, lead size, high kind, high rank, high seat, plays made, no-column seats, last)
State = tuple[tuple[Tiles, ...], int, int, str, int, int, int, int, bool]


@dataclass(frozen=True)
class SolveResult:
    """``wins``: can the seat force the last trick (None: search budget ran out);
    ``plays``: every first move that keeps the forced win when it is the seat's turn;
    ``nodes``: positions searched."""

    wins: bool | None
    plays: tuple[Move, ...]
    nodes: int


class _Budget(Exception):
    pass


class _Search:
    def __init__(self, deal: Deal, seat: int, max_nodes: int | None) -> None:
        self.seat = seat
        self.tables = _TABLES[deal.rules.mixed_sets]
        self.early_death = deal.rules.early_death
        self.memo: dict[State, bool] = {}
        self.nodes = 0
        self.max_nodes = max_nodes

    # ----- moves ----------------------------------------------------------------------
    def moves(self, state: State) -> list[Move]:
        hands, turn, size, kind, rank, _, played, zero, last = state
        hand = hands[turn]
        if played == 0:
            mask = hand_mask(hand)
            return [
                Move("play", Tiles(c.pieces))
                for need, c in self.tables.by_tiles.values()
                if need & mask == need
            ]
        found: list[Move] = []
        forced = last and bool(zero >> turn & 1)
        if not forced and kind != "supreme":
            mask = hand_mask(hand)
            for need, combo in self.tables.by_kind[kind]:
                if combo.rank <= rank:
                    break
                if need & mask == need:
                    found.append(Move("play", Tiles(combo.pieces)))
        for pick in dict.fromkeys(combinations(hand, size)):
            found.append(Move("discard", Tiles(pick)))
        return found

    def after(self, state: State, action: Move) -> State:
        hands, turn, size, kind, rank, high, played, zero, last = state
        rest = list(hands[turn])
        for tile in action.pieces:
            rest.remove(tile)
        hands = (*hands[:turn], Tiles(rest), *hands[turn + 1 :])
        if action.kind == "play":
            combo = self.tables.by_tiles[Tiles(action.pieces)][1]
            kind, rank, high = combo.kind, combo.rank, turn
        if played == 0:
            size = len(action.pieces)
            last = self.early_death and size == 1 and not rest
        played += 1
        if played < 4:
            return (hands, (turn + 1) % 4, size, kind, rank, high, played, zero, last)
        zero &= ~(1 << high)
        return (hands, high, 0, "", 0, high, 0, zero, False)

    # ----- search ---------------------------------------------------------------------
    def wins(self, state: State) -> bool:
        if state[6] == 0 and not state[0][state[1]]:
            return state[1] == self.seat  # all hands empty: the last trick's winner leads
        known = self.memo.get(state)
        if known is not None:
            return known
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Budget
        children = (self.after(state, a) for a in self.moves(state))
        if state[1] == self.seat:
            result = any(self.wins(c) for c in children)
        else:
            result = all(self.wins(c) for c in children)
        self.memo[state] = result
        return result


def _start(deal: Deal) -> State:
    trick = deal.trick
    zero = sum(1 << s for s, c in enumerate(deal.columns) if c == 0)
    hands = tuple(Tiles(h) for h in deal.hands)
    if not trick:
        return (hands, deal.turn, 0, "", 0, deal.turn, 0, zero, False)
    high = deal.current_high
    assert high is not None and high.combination is not None
    lead = trick[0]
    last = deal.rules.early_death and len(lead.pieces) == 1 and not deal.hands[lead.seat]
    combo = high.combination
    return (
        hands,
        deal.turn,
        len(lead.pieces),
        combo.kind,
        combo.rank,
        high.seat,
        len(trick),
        zero,
        last,
    )


def solve(deal: Deal, seat: int, *, max_nodes: int | None = None) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win.
    ``max_nodes`` bounds the search; if it runs out, ``wins`` is None.
    """
    if deal.is_over:
        return SolveResult(deal.winner == seat, (), 0)
    search = _Search(deal, seat, max_nodes)
    state = _start(deal)
    try:
        if deal.turn != seat:
            return SolveResult(search.wins(state), (), search.nodes)
        good = tuple(a for a in search.moves(state) if search.wins(search.after(state, a)))
    except _Budget:
        return SolveResult(None, (), search.nodes)
    return SolveResult(bool(good), good, search.nodes)


def describe(result: SolveResult) -> Any:
    """A one-line summary for lessons: "wins with [6:6] or [1:1]" / "cannot force it"."""
    if result.wins is None:
        return "unknown (search budget ran out)"
    if not result.wins:
        return "cannot force the last trick"
    if not result.plays:
        return "forces the last trick"
    return "forces the last trick with " + " or ".join(str(a) for a in result.plays)
