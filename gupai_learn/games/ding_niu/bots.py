"""Computer players for Bull Fight (random: :class:`gupai_learn.bots.RandomPlayer`).

:class:`HeuristicPlayer` sees only what a player at the table sees: its own hand, its own
face-down tiles, the line, how many tiles each seat holds and has put down, and what those
face-down plays tell (DN-PLAY-MUST: a seat that put a tile face down held nothing that fit the
ends then, and as nobody draws in Bull Fight, it never will). Among its placements it

- plays toward the numbers it holds: it leaves ends that its remaining tiles can follow;
- counts what is out: it prefers ends that few unseen tiles carry, above all ends the next seat
  is known to lack (a seat that cannot add a tile must put one face down, and those pips count
  against it, DN-DISCARD, DN-SCORE-POINTS);
- plays first the tiles that will be hard to place later and sheds heavy tiles;
- makes a fish on purpose when it expects to win the hand (the blocker who wins is paid
  double), and avoids one it expects to lose (the blocker who loses pays 12 alone,
  DN-FISH-PAY): its points are compared with each other seat's expected points;
- when stuck, puts face down the tile that costs least: its pips, times the chance that it
  could still be placed later (a tile no unseen tile can ever lead to costs its pips anyway).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gupai_learn import decks, strong
from gupai_learn.engine.deal import seeded
from gupai_learn.engine.layout import ends_after
from gupai_learn.engine.line import Layout
from gupai_learn.engine.moves import Move
from gupai_learn.games.ding_niu.deal import Deal
from gupai_learn.tiles import Tile

_DECK = tuple(decks.ding_niu())
#: A fish is made only when the bot's points are at most this share of the lowest expected
#: points of another seat.
MARGIN = 0.8
#: Worth of a fish the bot expects to win (or cost of one it expects to lose).
FISH = 100.0
#: Worth of each remaining tile of the bot that fits a new end.
FIT = 3.0
#: Cost of each unseen tile that fits a new end (others may follow).
OPEN = 1.0
#: Worth of leaving the next seat with ends it is known to lack.
STUCK = 8.0
#: Cost of each other tile (unseen or held) that carries the played tile's numbers.
FLEX = 0.5
#: Worth of each pip shed.
PIPS = 0.5


def voids(deal: Any) -> list[set[int]]:
    """Numbers each seat surely lacks: the ends it faced when it put a tile face down (with
    DN-PLAY-MUST on; nobody draws, so a lack lasts). Read from the public moves alone, by
    replaying them: the definition that :attr:`Deal.lacks`, kept as the moves are made (what
    the heuristic and the sampler read), is tested against."""
    lacks: list[set[int]] = [set() for _ in range(deal.n_seats)]
    if not deal.rules.must_play:
        return lacks
    layout = Layout()
    for seat, move in deal.seated_history:
        if move.kind == "play":
            layout = layout.add(move.pieces[0], move.end, seat, deal.rules.arms)
        elif move.kind == "discard":
            lacks[seat].update(layout.open_numbers())
    return lacks


def unseen(deal: Any, seat: int, hands: Sequence[Sequence[Tile]] | None = None) -> list[Tile]:
    """The tiles ``seat`` cannot see: the deck less its hand, its face-down tiles and the line
    (``hands``: ``deal.hands`` when the caller has it already), in no set order. When every
    tile of the deck was dealt these are the other seats' hands and face-down tiles."""
    hands = deal.hands if hands is None else hands
    downs = deal.down
    others = [s for s in range(len(hands)) if s != seat]
    pool = [t for s in others for t in (*hands[s], *downs[s])]
    if len(pool) + len(hands[seat]) + len(downs[seat]) + len(deal.layout) == len(_DECK):
        return pool
    pool = list(_DECK)  # a set-up deal: some tiles were never dealt
    for tile in (*hands[seat], *downs[seat], *deal.layout.tiles):
        pool.remove(tile)
    return pool


class HeuristicPlayer:
    """Plays toward its numbers, blocks the next seat, fishes when it expects to win."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seeded(seed)  # the seeds every level and Deal.random take

    def choose(self, deal: Deal, seat: int | None = None) -> Move:
        """The move for the seat to act (one of ``deal.legal_moves()``).

        Raises the deal's IllegalPlayError when the deal is over or it is another seat's turn
        (``seat``, if given, must be the seat to act)."""
        strong.check_turn(deal, seat)
        moves = deal.legal_moves()
        if len(moves) == 1:
            return moves[0]
        # the hands are read once per decision (each read builds every seat's hand)
        hands = deal.hands
        me = deal.turn
        hidden = unseen(deal, me, hands)
        held = _Counts(hands[me])
        out = _Counts(hidden)
        plays = [m for m in moves if m.kind == "play"]
        if not plays:
            costs = [self._cost(m, held, out) for m in moves]
            least = min(costs)
            cheapest = [m for m, c in zip(moves, costs, strict=True) if c == least]
            return cheapest[0] if len(cheapest) == 1 else min(cheapest, key=str)
        lacks = deal.lacks
        # the best score, ties broken by the move's text (what the text costs is paid only then)
        scores = [self._score(deal, m, hidden, lacks, hands, held, out) for m in plays]
        best = max(scores)
        tied = [m for m, v in zip(plays, scores, strict=True) if v == best]
        return tied[0] if len(tied) == 1 else max(tied, key=str)

    def _score(
        self,
        deal: Any,
        move: Move,
        hidden: list[Tile],
        lacks: Sequence[frozenset[int]],
        hands: Sequence[Sequence[Tile]],
        held: _Counts,
        out: _Counts,
    ) -> float:
        """The worth of ``move`` (a placement): see the module docstring. ``held`` and ``out``
        count the numbers on the seat's hand and on the ``hidden`` tiles; the played tile is
        taken out of the hand's counts here."""
        seat = deal.turn
        tile = move.pieces[0]
        high, low = tile
        value = PIPS * (high + low)
        fish = deal.ends is not None and high != low and deal.fish is None
        if fish and deal._fish_after(tile, move.end) is not None:
            value += FISH if self._would_win(deal, tile, hidden, hands) else -FISH
        left, right = _ends_after(deal, tile, move.end)
        # the hand's count without the played tile (which carries a new end's number)
        value += FIT * (held.touching(left, right) - (left in tile or right in tile))
        value -= OPEN * out.touching(left, right)
        nxt = (seat + 1) % deal.n_seats
        if left in lacks[nxt] and right in lacks[nxt] and hands[nxt]:
            value += STUCK
        # every other tile (unseen or held) carrying the played tile's numbers: not itself
        value -= FLEX * (out.touching(high, low) + held.touching(high, low) - 1)
        return float(value + self.rng.random() * 0.01)

    def _cost(self, move: Move, held: _Counts, out: _Counts) -> float:
        """What putting ``move``'s tile face down costs: its pips times its chance to be placed
        later (judged by how many other unseen or held tiles carry its numbers, copies of the
        tile itself left out; ``held``, ``out``: the counts of the hand and the unseen tiles)."""
        tile: Tile = move.pieces[0]
        high, low = tile
        links = out.touching(high, low) + held.touching(high, low)
        links -= out.copies(high, low) + held.copies(high, low)
        return tile.pips * min(1.0, links / 4)

    def _would_win(
        self, deal: Deal, tile: Tile, hidden: list[Tile], hands: Sequence[Sequence[Tile]]
    ) -> bool:
        """Whether the bot expects first place if the hand ended now: its points against each
        other seat's expected points (the unseen pips spread evenly over the unseen tiles;
        ``hidden``: the tiles the seat cannot see, ``hands``: ``deal.hands``)."""
        seat = deal.turn
        downs = deal.down
        mine: int = hands[seat].pips - tile.pips + downs[seat].pips  # type: ignore[attr-defined]
        if not hidden:
            return True
        each = sum(t.pips for t in hidden) / len(hidden)
        others = _counts(deal, seat, hands, downs)
        return mine <= MARGIN * each * min(others)

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


class _Counts:
    """How many tiles of a group carry each number 0-6 (a double once), and how many copies of
    each tile it holds: enough to count the tiles carrying either of two numbers at once."""

    __slots__ = ("numbers", "per_tile")

    def __init__(self, tiles: Sequence[Tile]) -> None:
        numbers = [0] * 7
        copies: dict[int, int] = {}
        for high, low in tiles:
            numbers[high] += 1
            if high != low:
                numbers[low] += 1
            key = high * 7 + low
            copies[key] = copies.get(key, 0) + 1
        self.numbers = numbers
        #: copies per tile, keyed ``high * 7 + low``
        self.per_tile = copies

    def touching(self, a: int, b: int) -> int:
        """The tiles carrying ``a`` or ``b`` (a tile carrying both counted once)."""
        if a == b:
            return self.numbers[a]
        return self.numbers[a] + self.numbers[b] - self.copies(a, b)

    def copies(self, a: int, b: int) -> int:
        """The copies of the tile [a:b] (either order)."""
        key = a * 7 + b if a >= b else b * 7 + a
        return self.per_tile.get(key, 0)


def _ends_after(deal: Any, tile: Tile, end: str | None) -> tuple[int, int]:
    """The open numbers after ``tile`` goes at ``end``, as a pair (one open end: twice). On a
    two-armed line they are worked out from the ends; otherwise the line is built."""
    if deal.rules.arms == 2:
        return ends_after(deal.ends, tile, end)
    numbers = deal.layout.add(tile, end, deal.turn, deal.rules.arms).open_numbers()
    return numbers[0], numbers[-1]


def _counts(
    deal: Any, seat: int, hands: Sequence[Sequence[Tile]], downs: Sequence[Sequence[Tile]]
) -> Sequence[int]:
    """Tiles each other seat has in hand and face down (what counts against it; ``hands`` and
    ``downs``: the deal's, read once)."""
    return [len(hands[s]) + len(downs[s]) for s in range(deal.n_seats) if s != seat]


def sample_world(deal: object, seat: int, rng: random.Random) -> object:
    """A world for the strong player: the unseen tiles dealt again among the other seats (their
    hands and face-down tiles), no seat holding a number it is known to lack
    (:attr:`Deal.lacks`, what :func:`voids` reads from the public moves); the public history is
    replayed on it (:func:`gupai_learn.strong.replay_sample`)."""
    lacks: tuple[frozenset[int], ...] = deal.lacks  # type: ignore[attr-defined]
    return strong.replay_sample(deal, seat, rng, lambda s, t: lacks[s].isdisjoint(t))


#: Worlds the strong player samples per decision (its rollouts are cheap, and a fish swings
#: the chips by 12).
STRONG_SAMPLES = 20
#: Rollout moves per decision before no new world is sampled (issue 36: set when a move of this
#: heuristic cost about three times a Tien Gow one; it now costs less than one, and the budget is
#: kept so that the player's measured strength still holds).
STRONG_PLIES = 900


def strong_player(
    seed: int | random.Random | None = None,
    *,
    budget_ms: float = strong.DEFAULT_BUDGET_MS,
    samples: int = STRONG_SAMPLES,
    plies: int = STRONG_PLIES,
) -> strong.StrongPlayer:
    """The strong player (:mod:`gupai_learn.strong`): it samples the unseen tiles with
    :func:`sample_world` and plays each candidate out with :class:`HeuristicPlayer`."""
    return strong.StrongPlayer(
        seed,
        sampler=sample_world,
        rollout=HeuristicPlayer,
        budget_ms=budget_ms,
        samples=samples,
        plies=plies,
    )
