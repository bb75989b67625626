"""A Bull Fight deal: four hands of six tiles, one line with two open ends, the fish.

Rule ids (rules/ding_niu.md): DN-SET, DN-DEAL, DN-PLAY-ENDS, DN-PLAY-MUST, DN-DISCARD,
DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER; scoring (DN-SCORE-*, DN-FISH-PAY) lives in
:mod:`.settle`.

Seats are numbered in the direction of play (counter-clockwise at the table), so the seat after
``s`` is ``s + 1``. Every turn uses one tile: placed at an open end, or — only when none fits,
unless ``must_play`` is off — put face down (DN-DISCARD). After every non-double the line is
checked for a fish. What happens then follows ``after_fish``; under the default, only doubles
matching an open end may still go down and a seat with none passes (``pass``).

Speed (random playouts run through the public API): ``legal_moves`` lists the common case (a
two-armed line, no fish, ``must_play`` on) and the doubles-or-pass turns after a fish inline,
from per-tile tables of interned moves (a hand's face-down and first-tile moves remembered per
hand); ``apply`` recognises a move it just listed and makes it without judging it again. A
*quick* move (the first tile, a placement, a face-down tile, with doubles inline and no
alternatives to record) is made by :meth:`Deal._place_quickly` from that move's precomputed
table: it notes the placement and the new ends (the :class:`Layout` is built only when read,
see :class:`LineDeal`), checks the fish (memoised by the tiles off the line and the ends) and
decides the end of the hand (a per-number count of held tiles). The property tests show each
shortcut equals the general path (``judge``, ``Layout.add``, ``_finished``, and a twin deal with
the quick paths switched off).

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
from collections import Counter
from collections.abc import Hashable, Sequence
from operator import itemgetter
from typing import Any

from gupai_learn import decks
from gupai_learn.engine.deal import Outcome, check_players, check_seat, check_seed
from gupai_learn.engine.line import (
    FIRST,
    LEFT,
    RIGHT,
    Layout,
    LineDeal,
    Placed,
    placement,
    placement_table,
)
from gupai_learn.engine.moves import PASS, End, Move, quote
from gupai_learn.engine.settlement import Settlement
from gupai_learn.games.ding_niu import settle as scoring
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
from gupai_learn.games.ding_niu.fish import MEMO as FISH_MEMO
from gupai_learn.games.ding_niu.rules import Rules
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import Reason

HAND_SIZE = 6
SEATS = 4
DECK_COUNTS: Counter[Tile] = Counter(decks.ding_niu())
_DEFAULT_RULES = Rules()
_new = tuple.__new__
MISSING: Any = object()
#: The deck in hand order (high tiles first), so sorted positions give sorted hands.
_DECK = tuple(sorted(decks.ding_niu(), reverse=True))
_POSITIONS = range(len(_DECK))


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
    DOUBLES_ACROSS = False
    GAME = "ding_niu"

    _across: bool
    #: True once the hand has ended (a plain attribute, not a property: every step of every
    #: playout reads it; set only by the deal itself)
    is_over: bool = False

    def __init__(
        self, hands: Sequence[Any], rules: Rules | None = None, *, leader: int | None = None
    ) -> None:
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise ValueError(f"hands must be a list of {SEATS} hands, not {quote(hands)} (DN-DEAL)")
        parsed = [Tiles(sorted(as_tiles(h), reverse=True)) for h in hands]
        _check_hands(parsed)
        self._setup(parsed, rules, 0 if leader is None else leader)

    def _setup(self, parsed: list[Tiles], rules: Rules | None, leader: int) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise ValueError(f"rules={quote(rules)}: give a ding_niu.Rules(...) or None")
        check_seat("leader", leader, SEATS, "DN-DEAL")
        self.rules = rules or _DEFAULT_RULES
        self.leader = leader
        self._init_line(parsed, leader, self.rules.arms)
        self._across = self.DOUBLES_ACROSS
        self._down: list[Tiles] = [Tiles()] * SEATS
        self._fish: Fish | None = None
        self._passes = 0
        self._rest = FULL_KEY
        #: the options read after every move, kept at hand
        self._track = self.rules.fish_needs_alternative
        self._must = self.rules.must_play
        self._fish_types = self.rules.fish_types
        self._after_fish = self.rules.after_fish
        #: no fish yet, must_play on, two arms: the common case legal_moves lists inline
        self._simple = self._must and self.rules.arms == 2
        #: ... and no blocker's alternatives to record, doubles inline: _make_move's fast path
        self._quick = self._simple and not self._track and not self._across
        self._fish_memo = _FISH_MEMO.setdefault(self._fish_types, {})
        self._doubles_quick = False
        self.is_over = not any(parsed)
        #: per number 0-6: how many held tiles carry it (a fitting tile is held somewhere?)
        self._held = _FULL_HELD[:] if sum(map(len, parsed)) == len(_DECK) else _held_counts(parsed)
        self._before: tuple[Layout, tuple[Tile, ...]] | None = None
        self._start = dict(hands=tuple(parsed), rules=self.rules, leader=leader)
        if parsed[leader] == () and not self.is_over:
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
        rng = seed if isinstance(seed, random.Random) else random.Random(check_seed(seed))
        draw = rng.random
        keys = [draw() for _ in _DECK]  # one draw per tile, in deck order, as before
        order = sorted(_POSITIONS, key=keys.__getitem__)
        first = int(draw() * SEATS) if leader is None else leader
        hands = [
            _new(Tiles, itemgetter(*sorted(order[i : i + HAND_SIZE]))(_DECK))
            for i in range(0, len(_DECK), HAND_SIZE)
        ]
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
    def order(self) -> tuple[int, ...]:
        """The seats in this hand's playing order, the leader (the "lowest hand") first."""
        return _ORDERS[self.leader]

    @property
    def points(self) -> tuple[int, ...]:
        """Pips counted against each seat so far: its face-down tiles, and once the hand is
        over the tiles left in its hand (DN-SCORE-POINTS)."""
        pips = _PIPS.__getitem__
        if not self.is_over:
            return tuple([sum(map(pips, d)) for d in self._down])
        return tuple([sum(map(pips, d + h)) for d, h in zip(self._down, self._hands, strict=True)])

    @property
    def places(self) -> tuple[int, ...] | None:
        """Seats from first place to fourth once the hand is over (DN-SCORE-PLACES)."""
        if not self.is_over:
            return None
        return scoring.places(self.points, _ORDERS[self.leader], self.rules.tie_break)

    @property
    def winner(self) -> int | None:
        """The seat in first place, once the hand is over."""
        found = self.places
        return found[0] if found else None

    @property
    def doubles_only(self) -> bool:
        """True after a fish under ``after_fish="doubles-then-settle"``: only doubles may go."""
        return self._fish is not None and self.rules.after_fish == "doubles-then-settle"

    def settle(self) -> Settlement:
        """Who pays whom, explained (DN-SCORE-*, DN-FISH-PAY)."""
        return scoring.settle(self)

    def discard(self, tile: Any) -> Any:
        """Put ``tile`` face down (DN-DISCARD): only when no tile fits, unless ``must_play`` is
        off. Raises IllegalPlayError naming the rule, the state unchanged."""
        move = tile if isinstance(tile, Move) else Move.discard(tile)
        return self.apply(move)

    def pass_turn(self) -> Any:
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
        downs = tuple(d.pips for d in self._down)  # type: ignore[attr-defined]
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
        moves = super()._placements(seat)
        if self._fish is not None and self.rules.after_fish == "doubles-then-settle":
            return [m for m in moves if m.pieces[0][0] == m.pieces[0][1]]
        return moves

    def _judge_place_policy(self, seat: int, tile: Tile, end: End | None, out: Outcome) -> None:
        if self.doubles_only and not tile.is_double:
            fish = self._fish
            assert fish is not None
            text = (
                f"After the fish only doubles matching an open end may be added; {tile} is not a "
                f"double."
            )
            out.errors.append(Reason("DN-FISH-BLOCKER", text))
        if out.errors:
            return
        layout = self._layout
        if layout.ends is None:
            out.notes.append(
                Reason("DN-PLAY-ENDS", f"The leader may start the line with any tile: {tile}.")
            )
            return
        number = layout.number(end or "left")
        note = (
            f"{tile} carries a {number}, the number at the {end} end: it goes there, "
            f"{number} to {number}."
        )
        out.notes.append(Reason("DN-PLAY-ENDS", note))
        if not tile.is_double and self._fish is None:
            found = self._fish_after(tile, end)
            if found is not None:
                who = self.name(seat)
                text = f"Careful: this makes {KINDS[found[0]]}, and {who} would be the blocker."
                out.notes.append(Reason("DN-FISH-BLOCKER", text))

    def _judge_other(self, seat: int, move: Move, out: Outcome) -> None:
        if move.kind == "discard":
            self._judge_discard(seat, move, out)
        elif move.kind == "pass":
            self._judge_pass(seat, out)
        else:
            text = "There is no stock to draw from in Bull Fight: all 24 tiles are dealt."
            out.errors.append(Reason("DN-DEAL", text))

    def _judge_discard(self, seat: int, move: Move, out: Outcome) -> None:
        if move.call is not None:
            out.errors.append(Reason("DN-DISCARD", "A face-down tile names no call in Bull Fight."))
        if len(move.pieces) != 1:
            text = f"One tile goes face down per turn, not {len(move.pieces)}."
            out.errors.append(Reason("DN-DISCARD", text))
        if self.doubles_only:
            text = "After the fish nobody puts tiles face down: place a matching double or pass."
            out.errors.append(Reason("DN-FISH-BLOCKER", text))
            return
        fitting = self._fitting(seat)
        if fitting and self.rules.must_play:
            shown = ", ".join(map(str, fitting))
            ends = self._layout.describe_ends()
            text = (
                f"{self.name(seat)} can add {shown} to the line ({ends}), so a tile must be added."
            )
            out.errors.append(Reason("DN-PLAY-MUST", text))
        if not out.errors:
            why = "no tile fits" if not fitting else "the rules let a seat discard instead"
            tile = move.pieces[0]
            who = self.name(seat)
            text = f"{tile} goes face down: {why}; its {tile.pips} pips count against {who}."
            out.notes.append(Reason("DN-DISCARD", text))

    def _judge_pass(self, seat: int, out: Outcome) -> None:
        if not self.doubles_only:
            text = "Nobody passes in Bull Fight: add a tile, or put one face down when none fits."
            out.errors.append(Reason("DN-DISCARD", text))
            return
        fitting = self._fitting(seat)
        if fitting and self.rules.must_play:
            shown = ", ".join(map(str, fitting))
            text = (
                f"{self.name(seat)} holds {shown}, a double matching an open end: it must be added."
            )
            out.errors.append(Reason("DN-PLAY-MUST", text))
            return
        text = "After the fish only matching doubles go down; with none to add, the seat passes."
        out.notes.append(Reason("DN-FISH-BLOCKER", text))

    def _fitting(self, seat: int) -> list[Tile]:
        """The distinct tiles ``seat`` could place now."""
        return sorted({m.pieces[0] for m in self._placements(seat)}, reverse=True)

    def _stuck_moves(self, seat: int, placements: list[Move]) -> list[Move]:
        if placements and self.rules.must_play:
            return []
        if self.doubles_only:
            return [PASS]
        return [_face_down(t) for t in dict.fromkeys(self._hands[seat])]

    # ----- changes -----------------------------------------------------------------------
    def _legal_moves(self) -> list[Move]:
        # the common case: a two-armed line under way, no fish, must_play on
        ends = self._ends
        if ends is None or not self._simple:
            return super()._legal_moves()
        return _fast_moves(self._hands[self._turn], ends)

    def _make_move(self, move: Move) -> Any:
        """The state change of a legal move (:meth:`LineDeal._make_move` with this game's hooks
        written inline: it runs after every move of every simulation)."""
        seat = self._turn
        fast = _QUICK.get(id(move)) if self._quick else None
        if fast is not None:
            return self._place_quickly(seat, move, fast)
        kind = move.kind
        result: Any = None
        hands = self._hands
        if kind == "pass":
            self._log.append((seat, move))
            self._passes += 1
        else:
            tile = move.pieces[0]
            hand = hands[seat]
            i = hand.index(tile)
            hands[seat] = _new(Tiles, hand[:i] + hand[i + 1 :])
            self._log.append((seat, move))
            self._passes = 0
            held = self._held
            held[tile[0]] -= 1
            if tile[0] != tile[1]:
                held[tile[1]] -= 1
            if kind == "play":
                if self._track:
                    self._before = (self._layout, hand)
                end = move.end
                ends = self._ends
                high, low = tile
                if ends is None or end is None or self._arms != 2:
                    layout = self._layout = self._layout.add(tile, end, seat, self._arms)
                    result = layout.placed[0 if end == "left" else -1]
                    numbers = layout.numbers
                else:  # a legal placement on a two-armed line: noted, the Layout made lazily
                    left, right = ends
                    across = self._across and high == low
                    if end == "left":
                        result = _new(
                            Placed, (tile, low if left == high else high, left, seat, across)
                        )
                        self._grow_left += (result,)
                        numbers = self._ends = (result[1], right)
                    else:
                        result = _new(
                            Placed, (tile, right, low if right == high else high, seat, across)
                        )
                        self._grow_right += (result,)
                        numbers = self._ends = (left, result[2])
                if high != low:
                    rest = self._rest = self._rest - WEIGHT[tile]
                    if self._fish is None:
                        found = FISH_MEMO.get((rest, numbers, self._fish_types), MISSING)
                        if found is MISSING:
                            found = fish_by_key(rest, numbers, self._fish_types)
                        if found is not None:
                            self._fish_found(seat, tile, found)
            else:
                self._down[seat] = _new(Tiles, (*self._down[seat], tile))
                result = tile
        line_ends = self._ends if self._arms == 2 else None
        if self._fish is None and line_ends is not None:  # _finished() of a line without a fish
            held = self._held
            left, right = line_ends
            done = not held[left] and not held[right] and not _placeable(hands, line_ends)
        else:
            done = self._finished()
        self.is_over = done
        if not done:
            after = (seat + 1) % SEATS
            self._turn = after if hands[after] else self._next_seat(seat)
        return result

    def _place_quickly(self, seat: int, move: Move, fast: _Quick) -> Any:
        """:meth:`_make_move` for a legal placement or face-down tile on a two-armed line, no
        fish yet, ``must_play`` on, doubles inline and no alternatives recorded (the common
        case of every simulation), from the move's precomputed table (see :data:`_QUICK`)."""
        tile, side, others, made, weight = fast
        hands = self._hands
        hand = hands[seat]
        i = hand.index(tile)
        hands[seat] = hand[:i] + hand[i + 1 :]  # a plain tuple: `hands` makes it Tiles
        self._log.append((seat, move))
        held = self._held
        held[tile[0]] -= 1
        if weight:
            held[tile[1]] -= 1
        result: Any
        if side == _DOWN_SIDE:  # face down (DN-DISCARD): the ends stay
            self._down[seat] = _new(Tiles, (*self._down[seat], tile))
            left, right = ends = self._ends  # type: ignore[misc]
            result = tile
        else:
            if side == LEFT:
                left, right = self._ends  # type: ignore[misc]
                result = made[left][seat]
                self._grow_left += (result,)
                left = others[left]
            elif side == RIGHT:
                left, right = self._ends  # type: ignore[misc]
                result = made[right][seat]
                self._grow_right += (result,)
                right = others[right]
            else:  # the first tile, high number left
                left, right = tile
                result = made[0][seat]
                self._grow_right = (result,)
            ends = self._ends = (left, right)
            if weight:  # a non-double placed: a fish may follow
                rest = self._rest = self._rest - weight
                key = rest * 49 + left * 7 + right
                found = self._fish_memo.get(key, MISSING)
                if found is MISSING:
                    found = self._fish_memo[key] = fish_of_rest(rest, ends, self._fish_types)
                if found is not None:
                    self._fish_found(seat, tile, found)
                    self.is_over = self._finished()
                    if not self.is_over:
                        self._turn = self._next_seat(seat)
                    return result
        if not held[left] and not held[right] and not _placeable(hands, ends):  # type: ignore[arg-type]
            self.is_over = True
        else:
            after = _AFTER[seat]
            self._turn = after if hands[after] else self._next_seat(seat)
        return result

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make (see :meth:`LineDeal.legal_moves`)."""
        if self.is_over:
            return []
        moves: list[Move]
        ends = self._ends
        if self._simple:  # _legal_moves() of the common case, inline
            hand = self._hands[self._turn]
            if ends is None:  # the first tile: any tile, high number left
                moves = _each_tile(_FIRST_MOVES, _FIRSTS_OF, hand)
            else:
                key = ends[0] * 7 + ends[1]
                moves = []
                previous = None
                for tile in hand:  # sorted and interned: copies side by side
                    if tile is not previous:
                        previous = tile
                        moves += _FITS[tile][key]
                if not moves:  # none fits: each tile face down
                    moves = _each_tile(_DOWN, _DOWNS_OF, hand)
        elif self._doubles_quick:  # after the fish: matching doubles, or pass
            key = ends[0] * 7 + ends[1]  # type: ignore[index]
            moves = []
            previous = None
            for tile in self._hands[self._turn]:
                if tile[0] == tile[1] and tile is not previous:
                    previous = tile
                    moves += _FITS[tile][key]
            if not moves:
                moves = [PASS]
        else:
            moves = self._legal_moves()
        self._offered = tuple(moves)
        return moves

    def apply(self, move: Any, *, seat: Any = None) -> Any:
        """Make ``move`` (see :meth:`LineDeal.apply`). A move just listed by
        :meth:`legal_moves` (a Move equal to one listed, state unchanged) is made without
        judging it again; anything else is judged first."""
        offered = self._offered
        if type(move) is Move and offered is not None and seat is None and move in offered:
            self._offered = None
            if self._quick and (fast := _QUICK.get(id(move))) is not None:
                return self._place_quickly(self._turn, move, fast)
            return self._make_move(move)
        return super().apply(move, seat=seat)

    def _fish_after(self, tile: Tile, end: End | None) -> tuple[str, tuple[int, ...], Tiles] | None:
        after = self._layout.add(tile, end, self._turn, self._arms)
        return find_fish(after.open_numbers(), after.tiles, self.rules.fish_types)

    def _fish_found(self, seat: int, tile: Tile, found: Found) -> None:
        """Record the fish ``tile`` just made; the quick paths of a hand without fish end."""
        self._fish = self._make_fish(seat, tile, found)
        self._simple = self._quick = False
        #: legal_moves lists matching doubles or a pass inline (after_fish default, two arms)
        self._doubles_quick = (
            self._must and self._arms == 2 and self._after_fish == "doubles-then-settle"
        )

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
            ends=ends,  # type: ignore[arg-type]
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
        after = self._after_fish
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

    def _over(self) -> bool:
        return self.is_over

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


_DOWN: dict[Tile, Move] = {}
#: The first tile of a two-armed line, per tile (no end to name).
_FIRST_MOVES: dict[Tile, Move] = {t: placement(t, None) for t in DECK_COUNTS}
#: The placements of each tile at the left and at the right end (made once).
_AT_LEFT: dict[Tile, Move] = {t: placement(t, "left") for t in DECK_COUNTS}
_AT_RIGHT: dict[Tile, Move] = {t: placement(t, "right") for t in DECK_COUNTS}
#: Per tile, per ends ``left * 7 + right``: its placements at the ends it fits.
_FITS: dict[Tile, list[tuple[Move, ...]]] = {
    t: [
        ((_AT_LEFT[t],) if left in t else ()) + ((_AT_RIGHT[t],) if right in t else ())
        for left in range(7)
        for right in range(7)
    ]
    for t in DECK_COUNTS
}
#: The pips of each tile (DN-SCORE-POINTS).
_PIPS = {t: t[0] + t[1] for t in DECK_COUNTS}
#: The playing order of a hand per leader, the leader first.
_ORDERS = tuple(tuple((leader + i) % SEATS for i in range(SEATS)) for leader in range(SEATS))
#: The seat after each seat.
_AFTER = tuple((s + 1) % SEATS for s in range(SEATS))
#: Fish found by rest key and ends (``rest * 49 + left * 7 + right``), per ``fish_types``.
_FISH_MEMO: dict[str, dict[int, Any]] = {}

#: Where a quick move puts its tile (see :data:`_QUICK`).
_DOWN_SIDE = 3  # besides LEFT, RIGHT and FIRST (engine.line): face down
#: What :meth:`Deal._place_quickly` needs of a move: its tile, where it goes (``LEFT``,
#: ``RIGHT``, ``FIRST`` tile of the line, ``_DOWN_SIDE``: face down), the number it leaves
#: open per number it covers and the Placed it makes per covered number and seat (see
#: :func:`placement_table`; doubles inline), and its fish weight (0 for a double).
_Quick = tuple[Tile, int, list[int], list[list[Placed]], int]


def _quick(tile: Tile, side: int) -> _Quick:
    others, made = placement_table(tile, side, SEATS, across=False)
    return (tile, side, others, made, 0 if tile[0] == tile[1] else WEIGHT[tile])


#: The quick moves, keyed by ``id`` of the interned Move (each made once and kept alive by the
#: placement table, so its id never changes): one integer look-up instead of hashing a move.
_QUICK: dict[int, _Quick] = {}


_CARRYING: dict[tuple[int, ...], frozenset[Tile]] = {}


def _carrying(numbers: tuple[int, ...]) -> frozenset[Tile]:
    """The deck's non-doubles that carry one of ``numbers`` (made once per numbers)."""
    found = _CARRYING.get(numbers)
    if found is None:
        found = _CARRYING[numbers] = frozenset(
            t for t in DECK_COUNTS if t[0] != t[1] and (t[0] in numbers or t[1] in numbers)
        )
    return found


#: Per hand (a sorted tuple): its first-tile moves, and its face-down moves (see _each_tile).
_FIRSTS_OF: dict[tuple[Tile, ...], tuple[Move, ...]] = {}
_DOWNS_OF: dict[tuple[Tile, ...], tuple[Move, ...]] = {}


def _each_tile(
    moves: dict[Tile, Move], memo: dict[tuple[Tile, ...], tuple[Move, ...]], hand: tuple[Tile, ...]
) -> list[Move]:
    """The move of ``moves`` for each distinct tile of ``hand``, in hand order; remembered per
    hand in ``memo`` (at most one entry per sub-hand of the 24-tile deck, a few thousand)."""
    found = memo.get(hand)
    if found is None:
        found = memo[hand] = tuple(map(moves.__getitem__, dict.fromkeys(hand)))
    return list(found)


def _held_counts(hands: Sequence[tuple[Tile, ...]]) -> list[int]:
    """Per number 0-6, how many tiles of ``hands`` carry it (a double counts once)."""
    held = [0] * 7
    for hand in hands:
        for a, b in hand:
            held[a] += 1
            if a != b:
                held[b] += 1
    return held


_FULL_HELD = _held_counts([_DECK])


def _fast_moves(hand: tuple[Tile, ...], ends: tuple[int, int]) -> list[Move]:
    """The legal moves of a seat holding ``hand`` on a two-armed line with ``ends``, no fish,
    ``must_play`` on: each distinct fitting tile at each end it fits, in hand order, or else
    each distinct tile face down (what :meth:`Deal._legal_moves` lists in that case)."""
    left, right = ends
    moves: list[Move] = []
    previous = None
    for tile in hand:  # hands are sorted: copies of a tile are side by side
        if tile == previous:
            continue
        previous = tile
        if left in tile:
            moves.append(_AT_LEFT[tile])
        if right in tile:
            moves.append(_AT_RIGHT[tile])
    if moves:
        return moves
    return [_DOWN[t] for t in dict.fromkeys(hand)]


def _placeable(hands: Sequence[tuple[Tile, ...]], numbers: tuple[int, ...]) -> bool:
    """Whether a held tile carries a number that can be reached from ``numbers`` through the
    held non-doubles."""
    reach = set(numbers)
    edges = [t for h in hands for t in h if t[0] != t[1]]
    grew = True
    while grew:
        grew = False
        for a, b in edges:
            if (a in reach) != (b in reach):
                reach.update((a, b))
                grew = True
    return any(t[0] in reach or t[1] in reach for h in hands for t in h)


def _face_down(tile: Tile) -> Move:
    """The Move putting ``tile`` face down (made once per tile)."""
    move = _DOWN.get(tile)
    if move is None:
        move = _DOWN[tile] = _new(Move, ("discard", Tiles((tile,)), None, None))
    return move


for _tile, _move in _AT_LEFT.items():
    _QUICK[id(_move)] = _quick(_tile, LEFT)
    _QUICK[id(_AT_RIGHT[_tile])] = _quick(_tile, RIGHT)
    _QUICK[id(placement(_tile, None))] = _quick(_tile, FIRST)
    _QUICK[id(_face_down(_tile))] = _quick(_tile, _DOWN_SIDE)


def _check_hands(hands: list[Tiles]) -> None:
    """ValueErrors for hands that cannot be dealt from one 24-tile deck (DN-SET, DN-DEAL)."""
    counts: Counter[Tile] = Counter()
    for seat, hand in enumerate(hands):
        if len(hand) > HAND_SIZE:
            raise ValueError(
                f"hand {seat} has {len(hand)} tiles; a hand holds at most {HAND_SIZE} (DN-DEAL)"
            )
        counts.update(hand)
    if not counts:
        raise ValueError("every hand is empty: a hand needs tiles to play (DN-DEAL)")
    for tile, n in sorted(counts.items()):
        if tile not in DECK_COUNTS:
            raise ValueError(f"{tile} is not in the Bull Fight deck of 24 tiles (DN-SET)")
        if n > DECK_COUNTS[tile]:
            raise ValueError(
                f"{tile} is dealt {n} times; the deck has {DECK_COUNTS[tile]} (DN-SET)"
            )


__all__ = ["Deal", "HAND_SIZE", "SEATS", "placement"]
