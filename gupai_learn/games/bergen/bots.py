"""Computer players for Bergen (random: :class:`gupai_learn.bots.RandomPlayer`).

:class:`HeuristicPlayer` sees only what a player at the table sees: its hand, the line, the
number of tiles each seat holds and the size of the boneyard. Among its legal placements it

- takes the most header points now (BE-HEADER-DOUBLE, BE-HEADER-TRIPLE, capped by
  BE-HEADER-CAP);
- avoids handing the next seat a header: for every tile it cannot see, it works out the header
  that tile would make on the new ends, weighted by the chance that the next seat holds it
  (none, for a tile with a number that seat is known to lack: it drew or passed on it, BE-DRAW);
- keeps a double back unless it scores now — a double held is a triple header waiting for its
  number to come up on both ends — and values leaving ends it can turn into its own header;
- leaves ends the next seat is unlikely to follow (a seat that cannot must draw, and each tile
  drawn is one more to get rid of), the more so as that seat's hand shrinks toward a domino;
- prefers ends it can follow (it counts each number's appearances among the tiles it has not
  seen) and sheds heavy tiles (a blocked round is often won on pips, BE-END-BLOCKED);
- goes out when it can (BE-END-DOMINO).

It draws or passes only when it must (the engine offers nothing else).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from gupai_learn import decks, strong
from gupai_learn.engine.deal import seeded
from gupai_learn.engine.layout import ends_after
from gupai_learn.engine.line import Layout
from gupai_learn.engine.moves import ENDS, Move
from gupai_learn.games.bergen.deal import Deal
from gupai_learn.games.bergen.headers import DOUBLE, TRIPLE, capped
from gupai_learn.tiles import Tile, Tiles

_DECK = tuple(decks.double_six())
#: How much a header point is worth against the other preferences.
HEADER_WEIGHT = 100.0
#: How much one point of the next seat's expected header costs.
GIFT_WEIGHT = 60.0
#: How much one point of a header this seat could make on its next turn is worth.
THREAT_WEIGHT = 12.0
#: What going out is worth (the domino scores 2 and ends the round).
DOMINO_WEIGHT = 400.0
#: How much each tile left in hand that fits the new ends is worth.
FIT = 40.0
#: Cost of each hidden tile that carries a number of the new ends.
RARE = 5.0
#: Cost of playing a tile whose numbers many other tiles carry (easy to place later).
FLEX = 10.0
#: Cost of playing a double that scores nothing (it could make a triple header later).
KEEP_DOUBLE = 20.0
#: Worth of each pip shed (a blocked round is won on pips).
PIPS = 2.0
#: Cost of the chance that the next seat can follow the new ends at all (one who cannot must
#: draw, and every tile drawn is a tile more to get rid of); scaled up as its hand shrinks.
FOLLOW = 50.0


def header_points(layout: Layout) -> int:
    """Header points the ends of ``layout`` show (uncapped; 0 for no header)."""
    if layout.ends is None or len(layout) < 2:
        return 0
    first, last = layout.placed[0].tile, layout.placed[-1].tile
    return _points(layout.ends, (first.is_double, last.is_double))


def _points(ends: tuple[int, int], doubles: tuple[bool, bool]) -> int:
    """Header points of two ends (BE-HEADER-DOUBLE, BE-HEADER-TRIPLE), uncapped: the pure
    arithmetic of :func:`~gupai_learn.games.bergen.headers.header`, without its texts."""
    if ends[0] != ends[1]:
        return 0
    return TRIPLE if doubles[0] != doubles[1] else DOUBLE


def best_header(layout: Layout, tiles: Iterable[Tile], seat: int = 0) -> int:
    """The most header points any one of ``tiles`` makes when added to ``layout``."""
    return max(_headers(layout, tiles), default=0)


def _headers(layout: Layout, tiles: Iterable[Tile]) -> list[int]:
    """The most header points each of ``tiles`` alone makes on ``layout``, in order (the layout
    is read once for all of them: the heuristic asks this of every tile another seat may hold;
    each answer is made once per ends and end doubles, :data:`_HEADER_ROWS`)."""
    if layout.ends is None:
        return [0 for _ in tiles]
    ends = layout.ends
    first, last = layout.placed[0].tile.is_double, layout.placed[-1].tile.is_double
    key = (ends, first, last)
    row = _HEADER_ROWS.get(key)
    if row is None:
        row = _HEADER_ROWS[key] = {}
    found = []
    for tile in tiles:
        best = row.get(tile)
        if best is None:
            best = row[tile] = _tile_header(ends, first, last, tile)
        found.append(best)
    return found


#: Per ends and whether the line's first and last tiles are doubles (``_headers``' key), the
#: most header points each tile makes there.
_HEADER_ROWS: dict[tuple[tuple[int, int], bool, bool], dict[Tile, int]] = {}


def _tile_header(ends: tuple[int, int], first: bool, last: bool, tile: Tile) -> int:
    """The most header points ``tile`` makes at either end it fits, on a line with ``ends``
    whose first and last tiles are doubles or not (``first``, ``last``)."""
    left, right = ends
    high, low = tile
    double = high == low
    best = 0
    if left in (high, low):
        new = low if left == high else high
        best = max(best, _points((new, right), (double, last)))
    if right in (high, low):
        new = low if right == high else high
        best = max(best, _points((left, new), (first, double)))
    return best


def _fitting(layout: Layout, tiles: Iterable[Tile]) -> int:
    """How many of ``tiles`` fit an open end of ``layout`` (``layout.fits``, with the ends read
    once when both are open, as a Bergen line's always are)."""
    if layout.ends is None or layout.open != ENDS:
        return sum(1 for t in tiles if layout.fits(t))
    left, right = layout.ends
    return sum(1 for t in tiles if left in t or right in t)


def _carrying(tiles: Iterable[Tile]) -> list[int]:
    """Per number 0-6, how many of ``tiles`` carry it (a double counts once)."""
    found = [0] * 7
    for high, low in tiles:
        found[high] += 1
        if high != low:
            found[low] += 1
    return found


def unseen(deal: Any) -> list[Tile]:
    """The tiles the seat to act cannot see: the deck less its hand and the line."""
    seen = {*deal.hands[deal.turn], *deal.layout.tiles}  # the set has each tile once
    return [t for t in _DECK if t not in seen]


class HeuristicPlayer:
    """Scores headers, denies the next seat its headers, keeps doubles, counts the numbers."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = seeded(seed)  # the seeds every level and Deal.random take

    def choose(self, deal: Deal, seat: int | None = None) -> Move:
        """The move for the seat to act (one of ``deal.legal_moves()``).

        Raises the deal's IllegalPlayError when the deal is over or it is another seat's turn
        (``seat``, if given, must be the seat to act)."""
        strong.check_turn(deal, seat)
        moves = deal.legal_moves()
        plays = [m for m in moves if m.kind == "play"]
        if len(moves) == 1 or not plays:
            return moves[0]
        hidden = unseen(deal)
        lacks = voids(deal)[(deal.turn + 1) % deal.n_seats]
        possible = [t for t in hidden if not lacks.intersection(t)]
        held = deal.hands[deal.turn]
        counts = (_carrying(hidden), _carrying([*hidden, *held]))
        # the best score, ties broken by the move's text (what the text costs is paid only then)
        scores = [self._score(deal, m, hidden, possible, held, counts) for m in plays]
        best = max(scores)
        return max((m for m, v in zip(plays, scores, strict=True) if v == best), key=str)

    def _score(
        self,
        deal: Any,
        move: Move,
        hidden: list[Tile],
        possible: list[Tile],
        held: Sequence[Tile],
        counts: tuple[list[int], list[int]],
    ) -> float:
        """The worth of ``move``; ``possible``: the tiles the next seat may hold; ``held``: the
        seat's hand; ``counts``: per number, the hidden tiles and the hidden or held tiles that
        carry it (:func:`_carrying`)."""
        seat = deal.turn
        tile = move.pieces[0]
        hand = list(held)
        hand.remove(tile)
        after = deal.layout.add(tile, move.end, seat)
        points = header_points(after)
        if points:  # the cap near the target (BE-HEADER-CAP)
            total = deal.scores[seat] + deal.round_points[seat]
            points = capped(points, total, deal.rules.target)
        if not hand:
            return DOMINO_WEIGHT + points
        value = HEADER_WEIGHT * points
        value -= GIFT_WEIGHT * self._gift(deal, after, possible)
        value += THREAT_WEIGHT * best_header(after, hand, seat)
        if tile.is_double and not header_points(after):
            value -= KEEP_DOUBLE  # keep it for a triple header later
        value += FIT * _fitting(after, hand)
        hidden_with, any_with = counts
        for number in set(after.ends or ()):
            value -= RARE * hidden_with[number]
        value += tile.pips * PIPS
        # the other tiles, hidden or held, that carry the tile's numbers (the tile carries each)
        numbers = set(tile)
        value -= FLEX * (sum(any_with[n] for n in numbers) - len(numbers))
        value -= FOLLOW * self._follow(deal, after, possible)
        return float(value + self.rng.random() * 0.01)

    def _gift(self, deal: Any, after: Layout, possible: list[Tile]) -> float:
        """The next seat's expected header on ``after``: each tile it may hold (``possible``:
        hidden, and without a number it is known to lack, :func:`voids`) makes its best header
        with the chance that seat holds it (its tiles among the tiles it may hold)."""
        if not possible:
            return 0.0
        share = min(1.0, _size(deal, (deal.turn + 1) % deal.n_seats) / len(possible))
        per_tile = sorted(_headers(after, possible), reverse=True)
        chance_none = 1.0
        expected = 0.0
        for points in per_tile:  # the best tile it holds decides
            if not points:
                break
            expected += chance_none * share * points
            chance_none *= 1 - share
        return expected

    def _follow(self, deal: Any, after: Layout, possible: list[Tile]) -> float:
        """The chance that the next seat holds a tile for the ends of ``after`` (from the tiles
        it may hold, ``possible``), times how close it is to going out (1 for a full hand, more
        below)."""
        size = _size(deal, (deal.turn + 1) % deal.n_seats)
        if not possible or not size:
            return 0.0
        share = min(1.0, size / len(possible))
        fitting = _fitting(after, possible)
        return (1 - (1 - share) ** fitting) * 6 / size

    def __repr__(self) -> str:
        return "HeuristicPlayer()"


def _size(deal: Any, seat: int) -> int:
    """How many tiles ``seat`` holds (read from the deal's own hands: ``deal.hands`` would
    build every seat's hand to count one)."""
    return len(deal._hands[seat])


def voids(deal: Any) -> list[set[int]]:
    """Numbers each seat surely lacks now, read from the public moves alone (BE-DRAW): a seat
    that passed held nothing for the ends and can never draw again; a seat that drew held
    nothing for the ends then, and every tile it drew but the one it played did not fit either,
    so since its last draw its whole hand lacks those numbers (nothing is known when a seat may
    draw while able to play). Certain for every seat but the one to act, which may be in the
    middle of drawing."""
    lacks: list[set[int]] = [set() for _ in range(deal.n_seats)]
    if deal.rules.may_draw_when_able:
        return lacks
    last: list[tuple[int, ...]] = [() for _ in range(deal.n_seats)]
    ends: tuple[int, int] | None = None  # the line's ends, followed move by move
    for seat, move in deal.seated_history:
        if move.kind == "play":
            ends = ends_after(ends, move.pieces[0], move.end)
        elif move.kind == "pass":
            lacks[seat].update(ends or ())
        elif move.kind == "draw":
            last[seat] = ends or ()
    for seat, ends_then in enumerate(last):
        lacks[seat].update(ends_then)
    return lacks


def sample_world(deal: Any, seat: int, rng: random.Random) -> object:
    """A world for the strong player: a copy of ``deal`` in which the tiles ``seat`` cannot see
    (the other hands and the boneyard, reserved tiles included) are dealt again at random, each
    hand keeping its size and lacking the numbers :func:`voids` proves it lacks."""
    lacks = voids(deal)
    pool = unseen(deal)
    others = [s for s in range(deal.n_seats) if s != seat]
    sizes = [len(h) for h in deal.hands]
    for _ in range(strong.TRIES):
        rng.shuffle(pool)
        rest = pool[:]
        dealt: dict[int, list[Tile]] = {}
        for s in sorted(others, key=lambda s: -len(lacks[s])):
            fits = [t for t in rest if not lacks[s].intersection(t)][: sizes[s]]
            if len(fits) < sizes[s]:
                break
            dealt[s] = fits
            for t in fits:
                rest.remove(t)
        else:
            world = _install(deal, dealt, rest)
            if world is not None:
                return world
    return None


#: How much less likely a sampled world becomes for each past choice of another seat that the
#: heuristic would not have made in it (the opponent model of :func:`modelled_world`).
SURPRISE = 0.25
#: Worlds dealt at most per sample while looking for one that explains the other seats' play.
MODEL_TRIES = 6


def modelled_world(deal: object, seat: int, rng: random.Random) -> object:
    """A world like :func:`sample_world`'s, drawn in proportion to how well it explains the
    other seats' recent choices: each choice a seat made since it last drew (when its hand
    then is known in the world: what it holds now plus what it played since) that
    :class:`HeuristicPlayer` would not have made there makes the world :data:`SURPRISE` times
    as likely (rejection sampling, at most :data:`MODEL_TRIES` worlds; the best one seen if
    none is accepted). Only public moves and the sampled hands are read."""
    choices = _recent_choices(deal, seat)
    best, best_misses = None, None
    for _ in range(MODEL_TRIES):
        world = sample_world(deal, seat, rng)
        if world is None or not choices:
            return world
        misses = sum(1 for c in choices if not _explains(world, c))
        if rng.random() < SURPRISE**misses:
            return world
        if best_misses is None or misses < best_misses:
            best, best_misses = world, misses
    return best


def _recent_choices(deal: Any, seat: int) -> list[tuple[int, int, Layout, tuple[Tile, ...]]]:
    """Each past play by another seat since its last draw or pass, with a choice among several
    placements possible: (history index, seat, line before it, tiles it played from then on)."""
    log = deal.seated_history
    found = []
    layouts = [Layout()]
    for s, move in log:
        after = layouts[-1]
        if move.kind == "play":
            after = after.add(move.pieces[0], move.end, s)
        layouts.append(after)
    for other in range(deal.n_seats):
        if other == seat:
            continue
        later: list[Tile] = []
        for i in range(len(log) - 1, -1, -1):
            s, move = log[i]
            if s != other:
                continue
            if move.kind != "play":
                break
            later.append(move.pieces[0])
            if i and layouts[i].ends is not None:
                found.append((i, other, layouts[i], tuple(later)))
    return found


def _explains(world: Any, choice: tuple[int, int, Layout, tuple[Tile, ...]]) -> bool:
    """Whether :class:`HeuristicPlayer` holding the world's hand would have made that choice."""
    index, other, layout, later = choice
    past = world.copy()
    log = past._log[:index]
    hands = list(past._hands)
    hands[other] = Tiles(sorted([*hands[other], *later], reverse=True))
    for s in range(past.n_seats):
        if s != other:  # only its size matters to the heuristic: what it played since, back
            since = [m.pieces[0] for t, m in past._log[index:] if t == s and m.kind == "play"]
            drawn = sum(1 for t, m in past._log[index:] if t == s and m.kind == "draw")
            size = len(hands[s]) + len(since) - drawn
            hands[s] = Tiles(sorted([*hands[s], *since], reverse=True)[: max(0, size)])
    past._hands = hands
    past._log = log
    past._layout = layout
    past._turn = other
    past._offered = None
    moves = [m for m in past.legal_moves() if m.kind == "play"]
    if len(moves) < 2:
        return True
    return _same_play(layout, HeuristicPlayer(index).choose(past), world._log[index][1])


def _same_play(layout: Layout, one: Move, other: Move) -> bool:
    """Whether two placements on ``layout`` are the same choice: the same tile, leaving the
    same ends (a tile added at either of two equal ends is one choice)."""
    if one.pieces != other.pieces:
        return False
    ends = [sorted(layout.add(m.pieces[0], m.end, 0).ends or ()) for m in (one, other)]
    return ends[0] == ends[1]


def _install(deal: Any, dealt: dict[int, list[Tile]], pile: list[Tile]) -> object:
    """A copy of ``deal`` with ``dealt`` hands and ``pile`` as the boneyard (same public state),
    or None when those hands would have blocked the round already."""
    world = deal.copy()
    for s, tiles in dealt.items():
        world._hands[s] = Tiles(sorted(tiles, reverse=True))
    world._pile = list(pile)
    world._offered = None
    if world._is_blocked():
        return None  # the real round would have been blocked already
    return world


#: Rollout moves per decision before the strong player samples no new world (issue 36: set when
#: a move of this heuristic cost about four times a Tien Gow one; it now costs about as much,
#: and the budget is kept so that the player's measured strength still holds).
STRONG_PLIES = 800


#: The strong player (:mod:`gupai_learn.strong`): it samples the unseen tiles with
#: :func:`modelled_world` and plays each candidate out with :class:`HeuristicPlayer`.
strong_player = strong.replaying_player(HeuristicPlayer, sampler=modelled_world, plies=STRONG_PLIES)
