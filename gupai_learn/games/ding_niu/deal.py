"""A Bull Fight deal: four hands of six tiles, one line with two open ends, the fish.

Rule ids (rules/ding_niu.md): DN-SET, DN-DEAL, DN-PLAY-ENDS, DN-PLAY-MUST, DN-DISCARD,
DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER; scoring (DN-SCORE-*, DN-FISH-PAY) lives in
:mod:`.settle`.

Seats are numbered in the direction of play (counter-clockwise at the table), so the seat after
``s`` is ``s + 1``. Every turn uses one tile: placed at an open end, or — only when none fits,
unless ``must_play`` is off — put face down (DN-DISCARD). After every non-double the line is
checked for a fish. What happens then follows ``after_fish``; under the default, only doubles
matching an open end may still go down and a seat with none passes (``pass``).

Speed (random playouts run through the public API): moves are listed and tiles placed by the
line engine's one fast path (:class:`~gupai_learn.engine.line.LineDeal`); this game's hook
after a placement (:meth:`Deal._placed`) checks the fish, memoised by the tiles off the line and
the ends, and decides the end of the hand from a per-number count of held tiles; the same memo
answers which fish a placement would make (:meth:`Deal._fish_after`, for the judge and the
heuristic), and the numbers each seat is known to lack are kept as face-down tiles go down
(:attr:`Deal.lacks`). The property tests show each shortcut equals the general path
(``judge``, ``Layout.add``, ``find_fish``, ``_finished``, the lacks replayed from the history,
and a twin deal with the fast path switched off). Its tables are in :mod:`.tables`; shuffling,
dealing and checking dealt hands in :mod:`.dealing`.

Interpretations where the ruling leaves a case open (said here and in the report):

- The hand also ends as soon as no seat can ever place a tile again: no held tile carries a
  number that can be reached from an open end through the non-doubles still held (the tiles
  then count where they are — the result is the same as discarding them one by one).
- A seat with no tile left is skipped (hands of unequal size only arise in set-ups).
- Under ``after_fish="doubles-then-settle"`` a seat holding a matching double must place it
  when ``must_play`` is on; with ``must_play`` off it may pass instead.
- The first tile of a two-armed line needs no end; an end named for it is accepted and
  dropped (it lies high number left).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from gupai_learn.engine.deal import MoveForm, Outcome, check_players, check_seat, seeded
from gupai_learn.engine.line import (
    PLACEMENT,
    Layout,
    LineDeal,
    LineResult,
    Placed,
    placement,
)
from gupai_learn.engine.moves import PASS, End, Move, quote
from gupai_learn.games.ding_niu import judging
from gupai_learn.games.ding_niu.dealing import (
    _DECK,
    DECK_COUNTS,
    HAND_SIZE,
    SEATS,
    _check_hands,
    deal_hands,
)
from gupai_learn.games.ding_niu.fish import (
    FULL_KEY,
    KINDS,
    WEIGHT,
    Fish,
    Found,
    find_fish,
    fish_by_key,
    fish_of_rest,
)
from gupai_learn.games.ding_niu.ranking import places
from gupai_learn.games.ding_niu.rules import Rules
from gupai_learn.games.ding_niu.tables import (
    _AFTER,
    _DOWN,
    _DOWNS_OF,
    _FIRSTS_OF,
    _FISH_MEMO,
    _FULL_HELD,
    _ORDERS,
    _PIPS,
    _carrying,
    _held_counts,
    _placeable,
)
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import Reason, SetupError

_DEFAULT_RULES = Rules()
#: No seat lacks anything yet (:attr:`Deal.lacks`).
_NO_LACKS: tuple[frozenset[int], ...] = (frozenset(),) * SEATS
_new = tuple.__new__
MISSING: Any = object()


class Deal(LineDeal):
    """One Bull Fight hand.

    ``Deal(hands, rules=Rules(), leader=0)`` takes four hands (notation strings or tiles) of
    at most six tiles from the 24-tile deck; ``Deal.random(seed=...)`` shuffles, deals six
    each and draws the first leader at random (DN-DEAL).

    >>> deal = Deal(["[6:4] [1:1]", "[6:4] [2:2]", "[3:3] [5:5]", "[6:6] [1:5]"])
    >>> deal.play("[6:4]"); deal.play("[6:4]", "left")
    Placed(tile=Tile(6, 4), left=6, right=4, seat=0, across=False)
    Placed(tile=Tile(6, 4), left=4, right=6, seat=1, across=False)
    >>> deal.fish.kind, deal.fish.blocker
    ('fours', 1)
    """

    RULE_TURN = "DN-DEAL"
    RULE_HAND = "DN-DEAL"
    RULE_SET = "DN-SET"
    RULE_OVER = "DN-PLAY-ENDS"
    RULE_PLAY = "DN-PLAY-ENDS"
    MOVE_FORMS = {
        "play": PLACEMENT,
        "discard": MoveForm("a tile put face down"),
        "pass": MoveForm("a pass", pieces=False),
    }
    DOUBLES_ACROSS = False

    #: the line and hand before the last placement made the general way (only kept under
    #: ``fish_needs_alternative``, for :meth:`_forced`)
    _before: tuple[Layout, tuple[Tile, ...]] | None = None

    def __init__(
        self, hands: Sequence[Any], rules: Rules | None = None, *, leader: int | None = None
    ) -> None:
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise SetupError(f"hands must be a list of {SEATS} hands, not {quote(hands)} (DN-DEAL)")
        parsed = [Tiles(sorted(as_tiles(h), reverse=True)) for h in hands]
        _check_hands(parsed)
        self._setup(parsed, rules, 0 if leader is None else leader)

    def _setup(self, parsed: list[Tiles], rules: Rules | None, leader: int) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise SetupError(f"rules={quote(rules)}: give a ding_niu.Rules(...) or None")
        check_seat("leader", leader, SEATS, "DN-DEAL")
        self.rules = rules or _DEFAULT_RULES
        self.leader = leader
        self._init_line(parsed, leader, self.rules.arms)
        self._down: list[Tiles] = [Tiles()] * SEATS
        #: per seat, the numbers it surely lacks (:attr:`lacks`): kept as moves are made
        self._lacks: tuple[frozenset[int], ...] = _NO_LACKS
        self._fish: Fish | None = None
        self._passes = 0
        self._rest = FULL_KEY
        #: the option read at every turn, kept at hand (few attributes: see LineDeal)
        self._must = self.rules.must_play
        #: the engine's fast placements note the line; a forced-fish check needs it built
        self._fast = self._fast and not self.rules.fish_needs_alternative
        #: without must_play a face-down tile is offered even when a tile fits
        self._listing(doubles_only=False, more_when_able=not self._must)
        #: a two-armed line without a fish yet: :meth:`_placed` decides the end inline
        self._plain = self._arms == 2
        self._fish_memo = _FISH_MEMO.setdefault(self.rules.fish_types, {})
        self._ended = not any(parsed)
        #: per number 0-6: how many held tiles carry it (a fitting tile is held somewhere?)
        self._held = _FULL_HELD[:] if sum(map(len, parsed)) == len(_DECK) else _held_counts(parsed)
        self._start = dict(hands=tuple(parsed), rules=self.rules, leader=leader)
        if parsed[leader] == () and not self._ended:
            self._turn = self._next_seat(leader)

    @classmethod
    def random(
        cls,
        *,
        seed: int | random.Random | None = None,
        players: int | None = None,
        leader: int | None = None,
        rules: Rules | None = None,
    ) -> Deal:
        """Shuffle the 24 tiles with ``random.Random(seed)`` (or draw from a given Random), deal
        six to each seat and, unless ``leader`` is given, draw the first leader (DN-DEAL);
        ``players`` can only be 4."""
        check_players(players, (SEATS,), "DN-DEAL")
        rng = seeded(seed)
        hands = deal_hands(rng)
        first = int(rng.random() * SEATS) if leader is None else leader
        deal = cls.__new__(cls)
        deal._setup(hands, rules, first)
        return deal

    # ----- state -----------------------------------------------------------------------
    @property
    def hands(self) -> tuple[Tiles, ...]:
        """The tiles each seat holds now (the quick moves keep them as plain tuples)."""
        return tuple([_new(Tiles, h) for h in self._hands])

    @property
    def fish(self) -> Fish | None:
        """The fish of this hand (its ``.kind`` and ``.blocker``), or None."""
        return self._fish

    @property
    def down(self) -> tuple[Tiles, ...]:
        """The tiles each seat has put face down (DN-DISCARD)."""
        return tuple(self._down)

    @property
    def lacks(self) -> tuple[frozenset[int], ...]:
        """Per seat, the numbers it surely lacks, read from the public moves alone: the open
        numbers it faced each time it put a tile face down (with ``must_play`` on, DN-PLAY-MUST:
        it held nothing that fit then, and as nobody draws, it never will; off, nothing)."""
        return self._lacks

    @property
    def order(self) -> tuple[int, ...]:
        """The seats in this hand's playing order, the leader (the "lowest hand") first."""
        return _ORDERS[self.leader]

    @property
    def points(self) -> tuple[int, ...]:
        """Pips counted against each seat so far: its face-down tiles, and once the hand is
        over the tiles left in its hand (DN-SCORE-POINTS)."""
        pips = _PIPS.__getitem__
        d = self._down
        if self._ended:
            h = self._hands
            return (  # four seats, written out: every settlement of every simulation reads this
                sum(map(pips, d[0] + h[0])),
                sum(map(pips, d[1] + h[1])),
                sum(map(pips, d[2] + h[2])),
                sum(map(pips, d[3] + h[3])),
            )
        return (
            sum(map(pips, d[0])),
            sum(map(pips, d[1])),
            sum(map(pips, d[2])),
            sum(map(pips, d[3])),
        )

    @property
    def places(self) -> tuple[int, ...] | None:
        """Seats from first place to fourth once the hand is over (DN-SCORE-PLACES)."""
        if not self.is_over:
            return None
        return places(self.points, _ORDERS[self.leader], self.rules.tie_break)

    @property
    def winner(self) -> int | None:
        """The seat in first place, once the hand is over."""
        found = self.places
        return found[0] if found else None

    @property
    def doubles_only(self) -> bool:
        """True after a fish under ``after_fish="doubles-then-settle"``: only doubles may go."""
        return self._fish is not None and self.rules.after_fish == "doubles-then-settle"

    def discard(self, tile: object) -> LineResult:
        """Put ``tile`` face down (DN-DISCARD): only when no tile fits, unless ``must_play`` is
        off. Raises IllegalPlayError naming the rule, the state unchanged."""
        move = tile if isinstance(tile, Move) else Move.discard(tile)
        return self.apply(move)

    def pass_turn(self) -> LineResult:
        """Pass after a fish when no matching double is held (``after_fish`` default)."""
        return self.apply(PASS)

    # ----- search support ----------------------------------------------------------------
    def copy(self) -> Deal:
        """A copy to play on."""
        new: Deal = super().copy()
        new._down = self._down[:]
        new._held = self._held[:]
        return new

    def state_key(self) -> Hashable:
        """What the future depends on: hands, turn, open numbers, the non-doubles on the line,
        the points face down, the fish and the passes in a row."""
        lay = self._lay  # the noted placements are read as they are, without folding them
        placed = (*lay.placed, *self._grow_left, *self._grow_right)
        table = tuple(sorted([p[0] for p in placed if p[0][0] != p[0][1]]))
        fish = self._fish
        fish_key = (fish.kind, fish.blocker, fish.forced) if fish else None
        downs = tuple(d.pips for d in self._down)
        hands = tuple(tuple(h) for h in self._hands)
        return (hands, self._turn, self._ends, lay.open, table, downs, fish_key, self._passes)

    # ----- checks ------------------------------------------------------------------------
    def _set_reasons(self, pieces: tuple[Tile, ...]) -> list[Reason]:
        return [
            Reason("DN-SET", f"{t} is not in the Bull Fight deck of 24 tiles.")
            for t in pieces
            if t not in DECK_COUNTS
        ]

    def _over_text(self) -> str:
        if self._fish is not None:
            kind = KINDS[self._fish.kind]
            return f"The hand is over: it was settled after {kind} (DN-FISH-BLOCKER)."
        return "The hand is over: nothing more can be placed."

    def _placements(self, seat: int) -> list[Move]:
        hand = self._hands[seat]
        if self._ends is None and self._arms == 2:  # the first tile: remembered per hand
            found = _FIRSTS_OF.get(hand)
            if found is None:
                found = _FIRSTS_OF[hand] = tuple(super()._placements(seat))
            return list(found)
        moves = super()._placements(seat)
        if self._fish is not None and self.rules.after_fish == "doubles-then-settle":
            return [m for m in moves if m.pieces[0][0] == m.pieces[0][1]]
        return moves

    def _judge_place_policy(self, seat: int, tile: Tile, end: End | None, out: Outcome) -> None:
        judging.place_policy(self, seat, tile, end, out)

    def _judge_other(self, seat: int, move: Move, out: Outcome) -> None:
        # a draw, or a field its kind does not carry, was refused before (MOVE_FORMS)
        if move.kind == "discard":
            judging.discard(self, seat, move, out)
        else:
            judging.pass_turn(self, seat, out)

    def _fitting(self, seat: int) -> list[Tile]:
        """The distinct tiles ``seat`` could place now."""
        return sorted({m.pieces[0] for m in self._placements(seat)}, reverse=True)

    def _stuck_moves(self, seat: int, placements: list[Move]) -> list[Move]:
        if placements and self._must:
            return []
        if self._doubles_only:
            return [PASS]
        hand = self._hands[seat]
        found = _DOWNS_OF.get(hand)
        if found is None:
            found = _DOWNS_OF[hand] = tuple([_DOWN[t] for t in dict.fromkeys(hand)])
        return list(found)

    # ----- changes (the line engine's hooks: engine/line.py places the tile) -------------
    def _before_place(self, seat: int) -> None:
        # the line and hand before a placement, for _forced (DN-FISH-PAY)
        if self.rules.fish_needs_alternative:
            self._before = (self._layout, self._hands[seat])

    def _placed(self, seat: int, placed: Placed) -> Placed:
        """After a placement: the tile leaves the held counts, a non-double may make a fish
        (memoised by the tiles off the line and the open numbers), then the hand may end.
        Before any fish on a two-armed line (``_plain``, most moves of every simulation) the
        end of the hand is decided inline: it needs a held tile carrying an end number, or
        one reachable through the held non-doubles (:meth:`_finished`)."""
        tile = placed[0]
        high, low = tile
        held = self._held
        held[high] -= 1
        if not self._plain:
            return self._placed_generally(seat, tile, placed)
        ends: Any = self._ends
        left, right = ends
        if high != low:
            held[low] -= 1
            rest = self._rest = self._rest - WEIGHT[tile]
            found = self._fish_memo.get(rest * 49 + left * 7 + right, MISSING)
            if found is not None:  # a fish, or not asked yet
                if found is MISSING:
                    found = fish_of_rest(rest, ends, self.rules.fish_types)
                    self._fish_memo[rest * 49 + left * 7 + right] = found
                if found is not None:
                    self._fish_found(seat, tile, found)
                    self._end_turn(seat)
                    return placed
        hands = self._hands
        if held[left] or held[right]:  # else blocked for good (see _placeable)
            after = _AFTER[seat]
            self._turn = after if hands[after] else self._next_seat(seat)
        else:
            self._ended = True
        return placed

    def _placed_generally(self, seat: int, tile: Tile, placed: Placed) -> Placed:
        """:meth:`_placed` after a fish or on a one-armed line (the held count of the tile's
        first number already taken)."""
        self._passes = 0
        if tile[0] != tile[1]:
            self._held[tile[1]] -= 1
            rest = self._rest = self._rest - WEIGHT[tile]
            if self._fish is None:
                found = fish_by_key(rest, self._open_numbers(), self.rules.fish_types)
                if found is not None:
                    self._fish_found(seat, tile, found)
        self._end_turn(seat)
        return placed

    def _apply_other(self, seat: int, move: Move) -> Tile | None:
        """A face-down tile (DN-DISCARD) or a pass after the fish. Before any fish on a
        two-armed line (``_plain``) the end of the hand is decided inline, as :meth:`_placed`
        does; otherwise by :meth:`_end_turn`."""
        if move.kind == "pass":
            self._passes += 1
            self._end_turn(seat)
            return None
        tile: Tile = move.pieces[0]
        hands = self._hands
        hand = hands[seat]
        i = hand.index(tile)
        hands[seat] = hand[:i] + hand[i + 1 :]
        self._down[seat] = _new(Tiles, (*self._down[seat], tile))
        if self._must:  # the seat held nothing for these ends, and never will (DN-PLAY-MUST)
            self._lack(seat, self._open_numbers())
        self._passes = 0
        held = self._held
        high, low = tile
        held[high] -= 1
        if high != low:
            held[low] -= 1
        ends = self._ends
        if not self._plain or ends is None:
            self._end_turn(seat)
        elif held[ends[0]] or held[ends[1]]:  # else blocked for good (see _placeable)
            after = _AFTER[seat]
            self._turn = after if hands[after] else self._next_seat(seat)
        else:
            self._ended = True
        return tile

    def _lack(self, seat: int, numbers: tuple[int, ...]) -> None:
        """Note that ``seat`` lacks ``numbers`` (:attr:`lacks`; a new tuple: copies share it)."""
        lacks = list(self._lacks)
        lacks[seat] = lacks[seat].union(numbers)
        self._lacks = tuple(lacks)

    def _end_turn(self, seat: int) -> None:
        """Decide the end of the hand after ``seat``'s move, else the next seat to act."""
        hands = self._hands
        ends = self._ends if self._arms == 2 else None
        if self._fish is None and ends is not None:  # _finished() of a line without a fish
            held = self._held
            left, right = ends
            done = not held[left] and not held[right]  # (see _placeable)
        else:
            done = self._finished()
        self._ended = done
        if not done:
            after = _AFTER[seat]
            self._turn = after if hands[after] else self._next_seat(seat)

    def _fish_after(self, tile: Tile, end: End | None) -> Found | None:
        """The fish placing ``tile`` at ``end`` would make (it must fit there), or None. On a
        two-armed line past the first tile it is read from the memo :meth:`_placed` fills (the
        tiles off the line as a rest key, and the new ends) without building the line."""
        ends = self._ends
        if self._arms != 2 or ends is None or end is None:
            after = self._layout.add(tile, end, self._turn, self._arms)
            return find_fish(after.open_numbers(), after.tiles, self.rules.fish_types)
        left, right = ends
        high, low = tile
        if end == "left":
            left = low if left == high else high
        else:
            right = low if right == high else high
        rest = self._rest - WEIGHT.get(tile, 0)
        key = rest * 49 + left * 7 + right
        found = self._fish_memo.get(key, MISSING)
        if found is MISSING:
            found = self._fish_memo[key] = fish_of_rest(rest, (left, right), self.rules.fish_types)
        return found  # type: ignore[no-any-return]

    def _fish_found(self, seat: int, tile: Tile, found: Found) -> None:
        """Record the fish ``tile`` just made; under the default only doubles may follow."""
        self._fish = self._make_fish(seat, tile, found)
        self._listing(
            doubles_only=self.rules.after_fish == "doubles-then-settle",
            more_when_able=not self._must,
        )
        self._plain = False

    def _make_fish(self, seat: int, tile: Tile, found: tuple[str, tuple[int, ...], Tiles]) -> Fish:
        kind, numbers, dead = found
        carries = _carrying(numbers)
        lay = self._lay  # the line in order, without folding the noted placements
        line = (*reversed(self._grow_left), *lay.placed, *self._grow_right)
        where: list[tuple[Tile, str, int | None]] = [
            (p[0], "line", None) for p in line if p[0] in carries
        ]
        for s in range(SEATS):
            for label, tiles in (("down", self._down[s]), ("hand", self._hands[s])):
                if not carries.isdisjoint(tiles):
                    where += [(t, label, s) for t in tiles if t in carries]
        ends = self._open_numbers()
        return Fish(
            kind=kind,
            blocker=seat,
            tile=tile,
            ends=ends,
            dead_numbers=numbers,
            dead=dead,
            where=tuple(where),
            forced=self._forced(seat, tile),
            move=len(self._log),
            seat_names=self.seat_names,
        )

    def _forced(self, seat: int, tile: Tile) -> bool:
        """Whether the blocker had no move that made no fish (DN-FISH-PAY option)."""
        if not self.rules.fish_needs_alternative or self._before is None:
            return False
        layout, hand = self._before
        if not self.rules.must_play:
            return False  # a face-down tile was always allowed instead
        for other in set(hand):
            for end in layout.fits(other):
                after = layout.add(other, end, seat, self._arms)
                if (
                    other.is_double
                    or find_fish(after.open_numbers(), after.tiles, self.rules.fish_types) is None
                ):
                    return False
        return True

    def _open_numbers(self) -> tuple[int, ...]:
        """The numbers at the open ends (read from the noted ends of a two-armed line, so the
        line is not built)."""
        if self._arms == 2:
            return self._ends or ()
        return self._layout.numbers

    def _next_seat(self, seat: int) -> int:
        for step in range(1, SEATS + 1):
            nxt = (seat + step) % SEATS
            if self._hands[nxt]:
                return nxt
        return seat

    def _finished(self) -> bool:
        hands = self._hands
        fish = self._fish
        after = self.rules.after_fish
        if fish is None or after == "play-on":
            return not self._can_ever_place() or not any(hands)
        if not any(hands):
            return True
        if after == "settle-now":
            return True
        if after == "doubles-then-settle":
            if self._passes >= len(hands) - hands.count(()):  # every seat holding passed
                return True
            numbers = self._open_numbers()
            for hand in hands:
                for high, low in hand:
                    if high == low and high in numbers:
                        return False
            return True
        return not self._can_ever_place()

    def _can_ever_place(self) -> bool:
        """Whether some held tile may still be placed one day (see the module docstring)."""
        numbers = self._open_numbers()
        if not numbers:
            return True
        for hand in self._hands:
            for tile in hand:
                for n in numbers:
                    if n in tile:
                        return True
        return _placeable(self._hands, numbers)

    # ----- text ----------------------------------------------------------------------------
    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.name(self._turn)} to play"
        return f"<ding_niu.Deal line {self._layout}, {state}>"

    def __str__(self) -> str:
        lines = [repr(self), f"  line {self._layout}  ends {self.ends}"]
        for seat in range(SEATS):
            down = f"  down {self._down[seat]}" if self._down[seat] else ""
            lines.append(f"  {self.name(seat):<5} {Tiles(self._hands[seat])}{down}")
        if self._fish is not None:
            lines.append(f"  fish: {self._fish.kind}, blocker {self.name(self._fish.blocker)}")
        return "\n".join(lines)


#: The deal; the deal before play (:mod:`.dealing`) and the fast path's tables
#: (:mod:`.tables`) keep their names importable from here.
__all__ = ["DECK_COUNTS", "HAND_SIZE", "SEATS", "Deal", "_held_counts", "placement"]
