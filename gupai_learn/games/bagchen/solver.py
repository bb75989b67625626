"""A perfect-information Bagchen solver: can a seat force the last trick?

All hands are visible. ``solve(deal, seat)`` answers with the engine's generic search
(:func:`gupai_learn.engine.search.solve`) at the root, so that the seat's winning first moves
are listed as ``deal.legal_moves()`` lists them, and below the root with a search of its own on
a compact state (issue 26): plain tuples of hands and their slot masks, the trick so far (its
size, the high play or a charity lead's call, the seats still to play), the tricks won (capped
at a passport), the tiles seen face up (passport clause (1)). Its move generation follows the
deal's rules exactly: BG-RANK and the combinations, point tiles (BG-POINT-PLAY), passport leads
(BG-PASSPORT-LEAD), charity (BG-CHARITY) when on; the tests compare it with
``Deal.legal_moves()`` and the plain search on many random positions.

Trick starts are memoised (in the search's memo, so a review's solves share them); every
position the compact search visits counts on the same budget
(:class:`~gupai_learn.engine.search.Meter`).

Interchangeable kinds are merged (issue 36): the people kinds (rank 1, the lowest sky group:
they beat nothing, are beaten alike, and make identical combinations of one rank) are known in
the memo key only by how many of each a hand holds, sorted; the two kinds of earth 9s, and of
earth 8s, only by their total (equal rank, and any two of one rank make an earth combination or
a mixed one alike). The tiles seen face up are keyed the same way (only the totals of a rank
can matter to passport clause (1), and people never at all). Plays that leave the same merged
hand are tried once. A point kind is never merged.

Shortcuts (issue 36, item 4), each argued where it is made and checked in the tests against
the search without them: the last trick is worked out at once (every seat still to play beats
as high as it can; a lone tile is always its own lead, so the tricks won and the tiles seen do
not matter there); a seat's tricks are keyed only once a passport can still matter to a lead
of two tiles or more, and the tiles seen only when some seat may lead under a passport; and
a trick start of any size is settled without searching when the leader leads out its hand
unbeaten by the other side (for one of the others: by the seat alone, its partners playing face
down), and a 2-tile one when the seat keeps a top of every suit the others hold, or the others
cover every suit of the seat (:meth:`_Compact.settled`).

Order (same answers, fewer positions): a trick start tries first the leads the other side seems
unable to beat. The caches of work done per hand (leads, follows, merged masks, shapes, run-outs)
are kept in the memo, so the solves of a review share them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from itertools import combinations
from typing import Any

from gupai_learn.engine.moves import Call, Move
from gupai_learn.engine.search import (
    DEFAULT_MAX_NODES,
    Memo,
    Meter,
    SolveResult,
    check_game,
    lowest_first,
    solve_game,
    without,
)
from gupai_learn.games.bagchen.combos import BASE, FIELD, MIXED_KINDS, SKY_RANK, hand_mask
from gupai_learn.games.bagchen.deal import (
    PASSPORT,
    SEATS,
    Deal,
    fallback_tier,
    mask_without,
)
from gupai_learn.games.bagchen.settled import Settling, Shape, add_seen, seen_mask, unseen_mask

__all__ = ["DEFAULT_MAX_NODES", "SolveResult", "solve"]

#: The first item of the compact search's memo keys (its entries share the search's memo).
_TAG = "bagchen-compact"
#: The same for the last trick's starts (see :meth:`_Compact.last`).
_LAST = "bagchen-last"
#: The same for the compact search's caches (see :class:`_Caches`).
_CACHES = "bagchen-caches"
#: Tiles per hand up to which a trick start is first offered to :meth:`_Compact.settled`.
#: With more its arguments seldom decide and every try costs time: in a whole-deal review
#: (seed 3) they decided about half of the 2-tile trick starts, a fifth of the 3-tile ones,
#: under 1 in 50 with 4 tiles and none with more; solving eight decisions of reviews took
#: 5.8 s of processor time with 2, 6.4 s with 3, 8.1 s with none (14.9 s before any).
_SETTLED = 2
#: A charity lead's calls, in ``legal_moves()`` order.
_CALLS: tuple[Call, ...] = ("sky", "earth", "any")
#: The people kinds (sky rank 1), and the two groups of interchangeable earth kinds (9s, 8s).
_PEOPLE = tuple(t for t, r in SKY_RANK.items() if r == 1)
_EARTH_GROUPS = tuple(
    tuple(t for t in FIELD if not t.is_civil and t.pips == pips) for pips in (9, 8)
)
#: Whether the search merges interchangeable kinds (False: every kind is its own; the tests
#: compare the two).
_MERGE = True
#: Whether the search settles positions by the short arguments of :meth:`_Compact.runs_out`
#: and :meth:`_Compact.last_trick` (False: it searches them out; the tests compare the two).
_BOUNDS = True
#: Whether a trick start tries first the leads the other side seems unable to beat (see
#: :meth:`_Compact.safe_first`; False: the leads' own order; the tests compare the two).
_ORDER = True


def solve(
    deal: Deal, seat: int, *, max_nodes: int = DEFAULT_MAX_NODES, memo: Memo | None = None
) -> SolveResult:
    """Can ``seat`` force winning the last trick from this position, whatever the others do?

    When it is ``seat``'s turn, ``plays`` lists every move that keeps the forced win, in
    ``deal.legal_moves()`` order; ``wins`` is None when ``max_nodes`` positions did not settle
    it."""
    check_game(deal, Deal, "Bagchen")  # a TypeError naming what it needs, before any use
    # at the root the seat's winning first moves are listed, so the root is the deal's own
    root = deal if deal.turn == seat else None
    meter = Meter()
    memo = {} if memo is None else memo
    compact = _Compact(deal, seat, meter, memo)

    def goal(done: Deal) -> bool | None:
        if done.is_over:
            return done.winner == seat
        return None if done is root else compact.value(done)

    return solve_game(
        deal,
        seat,
        (Deal, "Bagchen"),
        goal=goal,
        early=True,
        order=_order,
        max_nodes=max_nodes,
        memo=memo,
        meter=meter,
    )


def _order(deal: Deal, moves: list[Move]) -> list[Move]:
    """Moves in the order the search tries them (same answer, fewer positions): leads of the
    most tiles first; a follower's lowest beating play first, then its face-down plays from the
    last listed."""
    if not deal.trick:
        return sorted(moves, key=lambda m: (m.kind != "play", -len(m.pieces)))
    return lowest_first(moves)


class _Caches:
    """What the compact search works out once per hand and keeps (see :class:`_Compact`)."""

    def __init__(self) -> None:
        self.lead: dict[Hashable, list[Any]] = {}
        self.order: dict[Hashable, list[Any]] = {}
        self.follow: dict[Hashable, list[Any]] = {}
        self.shapes: dict[int, Shape] = {}
        self.runs: dict[tuple[int, ...], bool] = {}
        self.merged_masks: dict[int, int] = {}
        self.merged_seens: dict[int, int] = {}


class _Compact(Settling):
    """The search below the root on plain tuples: hands (display order) and their slot masks,
    the tricks won capped at a passport, the slot mask of the tiles seen face up."""

    def __init__(
        self,
        deal: Deal,
        seat: int,
        meter: Meter,
        memo: Memo,
        merge: bool | None = None,
        bounds: bool | None = None,
    ) -> None:
        self.seat = seat
        self.bounds = _BOUNDS if bounds is None else bounds
        #: tiles a seat keeps at least for the last lead under a passport that can matter:
        #: a lone tile is always its own lead (without charity), so a passport matters only
        #: for leads of two tiles or more (with bounds; see :meth:`lead`)
        self.spare = 2 if self.bounds and not deal.rules.charity else 0
        self.meter = meter
        self.memo = memo
        tables = deal._tables
        self.anchored = tables.anchored
        self.above = tables.above
        self.by_tiles = tables.by_tiles
        self.suit_singles = tables.suit_singles
        self.points = deal._points
        self.passports = deal.rules.passport_leads
        self.charity = deal.rules.charity
        merging = _MERGE if merge is None else merge
        # the caches below depend only on the set's tables, the point kinds, the options and
        # the merging, the same in every solve of a deal: kept in the memo, they serve all
        # the solves that share it (a review's)
        slot = (_CACHES, self.points, deal.rules.earth_any_mix, self.passports, self.charity)
        caches = memo.get((*slot, merging))
        if not isinstance(caches, _Caches):
            caches = memo[(*slot, merging)] = _Caches()
        #: options by hand (and what decides them): see :meth:`leads` and :meth:`follows`
        self.lead_cache = caches.lead
        #: lead options in the order tried (see :meth:`safe_first`)
        self.order_cache = caches.order
        self.follow_cache = caches.follow
        #: what :meth:`settled` reads of a hand (see :meth:`shape`), by mask
        self.shapes = caches.shapes
        #: what :meth:`runs_out` found, by what it reads
        self.run_cache = caches.runs
        #: merged masks (see :meth:`merged`), by mask; the fields merged (none without merging)
        self.merged_masks = caches.merged_masks
        #: the same for the tiles seen face up (see :meth:`merged_seen`), by their mask
        self.merged_seens = caches.merged_seens
        self.people = [BASE[t] for t in _PEOPLE if t not in self.points] if merging else []
        self.groups = [
            (sum(FIELD[t] for t in group), min(BASE[t] for t in group))
            for group in _EARTH_GROUPS
            if merging and (not self.points.intersection(group) or self.points.issuperset(group))
        ]
        people = sum(FIELD[t] for t in _PEOPLE) if merging else 0
        self.sym = sum(0xF << b for b in self.people) | sum(f for f, _ in self.groups)
        self.seen_sym = people | sum(f for f, _ in self.groups)

    # ----- from a deal ---------------------------------------------------------------------
    def value(self, deal: Deal) -> bool:
        """Whether the seat forces the last trick from ``deal`` (not over)."""
        hands = list(deal._hands)
        # each seat's slot mask, then its merged mask (the memo key's part; see :meth:`lead`)
        masks = list(deal._masks) + [self.merged(m) for m in deal._masks]
        won = [min(w, PASSPORT) for w in deal._won]
        seen = seen_mask(deal._seen) if self.passports else 0
        plays = deal._plays
        if not plays:
            return self.lead(hands, masks, deal._turn, won, seen)
        high = deal._high
        assert high is not None
        top = high.combination.pieces if high.combination is not None else None
        size = len(plays[0].pieces)
        left = SEATS - len(plays)
        call = plays[0].call
        return self.follow(hands, masks, won, seen, size, high.seat, top, call, deal._turn, left)

    def moves(self, deal: Deal) -> list[Move]:
        """The moves of ``deal``'s position as this search tries them (the tests compare them
        with ``deal.legal_moves()``: all of them without merging; with it, one of each set of
        moves that differ only by interchangeable kinds)."""
        seat = deal._turn
        hand, mask = deal._hands[seat], deal._masks[seat]
        if not deal._plays:
            won = min(deal._won[seat], PASSPORT)
            seen = seen_mask(deal._seen) if self.passports else 0
            options = [o[:3] for o in self.leads(hand, mask, won, seen)]
        else:
            high = deal._high
            assert high is not None
            pool = self.pool(high.combination, deal._plays[0].call)
            size = len(deal._plays[0].pieces)
            options = [(o[0], o[1], None) for o in self.follows(hand, mask, pool, size)]
        return [
            Move("play" if up else "discard", pieces, None, call) for pieces, up, call in options
        ]

    def pool(self, high: Any, call: Call | None) -> list[tuple[int, Any]]:
        """The plays that beat the high combination (None: a charity lead calling ``call``)."""
        return self.suit_singles[call or "any"] if high is None else self.above[high.pieces]

    # ----- the search ------------------------------------------------------------------------
    def lead(
        self, hands: list[Any], masks: list[int], leader: int, won: list[int], seen: int
    ) -> bool:
        """A trick start: ``leader`` chooses a lead (face up, or a charity lead)."""
        size = len(hands[leader])
        if size == 1 and self.bounds and not self.charity:
            return self.last(hands, masks, leader)
        # a seat that cannot reach a passport any more is like one with no tricks
        reach = PASSPORT - size + self.spare
        if size == self.spare:
            # two tiles each (without charity): only this lead can be made under a passport
            wkey: tuple[int, ...] = (won[leader] >= reach,)
            seen_key = self.merged_seen(seen) if wkey[0] else 0
        else:
            wkey = tuple([w if w >= reach else 0 for w in won])
            merged_seen = self.merged_seens.get(seen)
            seen_key = self.merged_seen(seen) if merged_seen is None else merged_seen
            if self.bounds and max(won) < reach:
                seen_key = 0  # no seat ever leads under a passport: the tiles seen don't matter
        # ``masks`` holds the seats' slot masks, then their merged masks (carried along by
        # every move, from the options' own, so a memo hit costs no merging)
        key = (_TAG, masks[4], masks[5], masks[6], masks[7], leader, wkey, seen_key)
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known is True
        self.meter.tick()
        mine = leader == self.seat
        if self.bounds:
            settled = self.settled(hands, masks, leader, won, seen, size <= _SETTLED)
            if settled is not None:
                memo[key] = settled
                return settled
        found = not mine
        nxt = leader + 1
        # each option is played on the lists themselves and taken back at the end (every
        # call below gives them back as it found them)
        hand, mask, merged = hands[leader], masks[leader], masks[leader + SEATS]
        options = self.leads(hand, mask, won[leader], seen)
        if _ORDER and len(options) > 1:
            options = self.safe_first(options, masks, leader)
        for pieces, up, call, rest_hand, rest_mask, rest_key in options:
            hands[leader] = rest_hand
            masks[leader] = rest_mask
            masks[leader + SEATS] = rest_key
            if up:
                after = add_seen(seen, pieces) if self.passports else seen
                result = self.follow(
                    hands, masks, won, after, len(pieces), leader, pieces, None, nxt, 3
                )
            else:
                result = self.follow(hands, masks, won, seen, 1, leader, None, call, nxt, 3)
            if result is mine:
                found = mine
                break
        hands[leader], masks[leader], masks[leader + SEATS] = hand, mask, merged
        memo[key] = found
        return found

    def follow(
        self,
        hands: list[Any],
        masks: list[int],
        won: list[int],
        seen: int,
        size: int,
        high_seat: int,
        high: tuple[Any, ...] | None,
        call: Call | None,
        first: int,
        left: int,
    ) -> bool:
        """The rest of a trick of ``size`` tiles: ``high`` is the high play's tiles (None: a
        charity lead calling ``call`` is still high), ``left`` seats still to play."""
        if not left:
            if not hands[high_seat]:
                return high_seat == self.seat
            counts = won[:]
            counts[high_seat] = min(PASSPORT, counts[high_seat] + size)
            return self.lead(hands, masks, high_seat, counts, seen)
        self.meter.tick()
        first %= SEATS
        if high is not None and self.bounds and len(hands[first]) == size:
            return self.last_trick(masks, high_seat, high, first, left)
        pool = self.suit_singles[call or "any"] if high is None else self.above[high]
        mine = first == self.seat
        nxt = first + 1
        left -= 1
        # a partner of the high seat against the seat tries its face-down plays first: its
        # side holds the trick already, and its beating tiles may serve later
        partner = not mine and high_seat != self.seat
        hand, mask, merged = hands[first], masks[first], masks[first + SEATS]
        found = not mine
        for pieces, up, rest_hand, rest_mask, rest_key in self.follows(
            hand, mask, pool, size, partner
        ):
            hands[first] = rest_hand
            masks[first] = rest_mask
            masks[first + SEATS] = rest_key
            if up:
                after = add_seen(seen, pieces) if self.passports else seen
                result = self.follow(hands, masks, won, after, size, first, pieces, call, nxt, left)
            else:
                result = self.follow(
                    hands, masks, won, seen, size, high_seat, high, call, nxt, left
                )
            if result is mine:
                found = mine
                break
        hands[first], masks[first], masks[first + SEATS] = hand, mask, merged
        return found

    def safe_first(self, options: list[Any], masks: list[int], leader: int) -> list[Any]:
        """Lead options in the order tried: first those the other side seems unable to beat
        (the leader would keep the lead; judged on the other side's tiles together, which
        is only an order), each part in its own order. Remembered by options and tiles."""
        against = 0
        for other in self.against(masks, leader):
            against |= other
        slot = (id(options), against)
        found = self.order_cache.get(slot)
        if found is None:
            above = self.above
            safe: list[Any] = []
            rest: list[Any] = []
            for option in options:
                beaten = not option[1] or any(
                    need & against == need for need, _ in above.get(option[0], ())
                )
                (rest if beaten else safe).append(option)
            found = self.order_cache[slot] = safe + rest if safe and rest else options
        return found

    def last(self, hands: list[Any], masks: list[int], leader: int) -> bool:
        """The last trick from its start, worked out at once (see :meth:`last_trick`): every
        lead is forced without charity (a lone tile is its own lead, passport or not), so the
        tricks won and the tiles seen do not matter; memoised by hands and leader."""
        key = (_LAST, masks[4], masks[5], masks[6], masks[7], leader)
        known = self.memo.get(key)
        if known is None:
            self.meter.tick()
            known = self.memo[key] = self.last_trick(masks, leader, hands[leader], leader + 1, 3)
        return known is True

    def last_trick(
        self, masks: list[int], high_seat: int, high: tuple[Any, ...], first: int, left: int
    ) -> bool:
        """The rest of the deal's last trick (every hand holds the trick's size, the high play
        is face up), worked out at once: each seat still to play beats with its highest
        beating play when it holds one, and the seat takes the deal when it is high at the end.
        That play is the best for either side: a beating play is of the high play's class and
        count and strictly higher, so whatever beats a higher play beats every lower one; the
        seat keeps no chance when it does not beat, and a higher play leaves the seats after
        it the fewest plays that beat it. The others beating whenever they can only leaves
        the seat fewer chances (a higher high play is harder to beat)."""
        above = self.above
        while left:
            first %= SEATS
            mask = masks[first]
            for need, pieces in above[high]:
                if need & mask == need:
                    high_seat, high = first, pieces
                    break
            first += 1
            left -= 1
        return high_seat == self.seat

    def merged(self, mask: int) -> int:
        """``mask`` with interchangeable kinds merged (see the module docstring): the people
        kinds' counts sorted into the people fields, each earth group's total in its first
        kind's field. Only a key: never searched."""
        found = self.merged_masks.get(mask)
        if found is None:
            found = mask & ~self.sym
            counts = sorted((((mask >> b) & 0xF).bit_count() for b in self.people), reverse=True)
            for base, count in zip(self.people, counts, strict=True):
                found |= ((1 << count) - 1) << base
            for field, base in self.groups:
                found |= ((1 << (mask & field).bit_count()) - 1) << base
            self.merged_masks[mask] = found
        return found

    def merged_seen(self, seen: int) -> int:
        """The tiles seen face up as the key needs them: people left out, each earth group by
        its total (0 when no seat can ever hold a passport: :meth:`lead` passes it then);
        remembered in ``merged_seens``."""
        found = seen & ~self.seen_sym
        for field, base in self.groups:
            found |= ((1 << (seen & field).bit_count()) - 1) << base
        self.merged_seens[seen] = found
        return found

    # ----- move generation -------------------------------------------------------------------
    def follows(
        self,
        hand: tuple[Any, ...],
        mask: int,
        pool: list[tuple[int, Any]],
        size: int,
        down_first: bool = False,
    ) -> list[tuple[Any, bool, tuple[object, ...], int, int]]:
        """A follower's options with the hand, mask and merged mask each leaves: every play
        of ``pool`` (the plays that beat the high one, listed high to low) the hand holds, the
        lowest first, then every distinct face-down play of ``size`` tiles, from the last listed
        (``down_first``: the face-down plays before the beating ones). Cached by hand and pool
        (a hand's tiles are fixed by its mask)."""
        slot = (mask, id(pool), down_first)
        found = self.follow_cache.get(slot)
        if found is None and down_first:
            found = self.follows(hand, mask, pool, size)
            found = [o for o in found if not o[1]] + [o for o in found if o[1]]
            self.follow_cache[slot] = found
        if found is None:
            options = [
                (pieces, True, without(hand, pieces), mask_without(mask, pieces))
                for need, pieces in reversed(pool)
                if need & mask == need
            ]
            options += [
                (pieces, False, without(hand, pieces), mask_without(mask, pieces))
                for pieces in reversed(list(dict.fromkeys(combinations(hand, size))))
            ]
            found = self.follow_cache[slot] = self.distinct(options, 1)
        return found

    def distinct(self, options: list[Any], up_at: int) -> list[Any]:
        """``options`` without those that play the same merged pieces the same way and leave
        the same merged hand as an earlier one (``up_at``: where an option says face up); each
        kept one with the merged mask of the hand it leaves added last."""
        merged, seen, kept = self.merged, set(), []
        for option in options:
            pieces, mask = option[0], option[-1]
            rest = merged(mask)
            slot = (merged(hand_mask(pieces)), option[up_at:-2], rest)
            if slot not in seen:
                seen.add(slot)
                kept.append((*option, rest))
        return kept

    def leads(
        self, hand: tuple[object, ...], mask: int, won: int, seen: int
    ) -> list[tuple[Any, bool, Call | None, tuple[object, ...], int, int]]:
        """Every lead of ``hand`` as ``Deal.legal_moves()`` allows it, most tiles first: the
        face-up leads (a passport's clauses when its holder leads), then the charity leads;
        each with the hand, mask and merged mask it leaves."""
        restricted = self.passports and won >= PASSPORT
        slot = (mask, restricted, seen if restricted else 0, won < PASSPORT)
        found = self.lead_cache.get(slot)
        if found is not None:
            return found
        ups = self.passport_leads(hand, mask, seen) if restricted else self.all_leads(hand, mask)
        options: list[tuple[tuple[Any, ...], bool, Call | None]] = [
            (p, True, None) for p in sorted(ups, key=len, reverse=True)
        ]
        if self.charity and won < PASSPORT:
            options += [((t,), False, c) for t in dict.fromkeys(hand) for c in _CALLS]
        found = self.lead_cache[slot] = self.distinct(
            [(p, up, c, without(hand, p), mask_without(mask, p)) for p, up, c in options], 1
        )
        return found

    def all_leads(self, hand: tuple[Any, ...], mask: int) -> list[tuple[Any, ...]]:
        """Every valid lead of the hand (no passport restriction)."""
        anchored = self.anchored
        return [
            pieces
            for tile in dict.fromkeys(hand)
            for need, pieces in anchored[tile]
            if need & mask == need
        ]

    def passport_leads(
        self, hand: tuple[object, ...], mask: int, seen: int
    ) -> list[tuple[object, ...]]:
        """BG-PASSPORT-LEAD: the leads a passport allows (clauses (1)-(4), else the fallback
        tiers), as :meth:`Deal._passport_allowed` judges them."""
        leads = self.all_leads(hand, mask)
        combos = [self.by_tiles[p][1] for p in leads]
        unseen = unseen_mask(mask, seen)
        rest = Counter(t for t in hand if t not in self.points)
        allowed = [p for p, c in zip(leads, combos, strict=True) if self.clause(c, unseen, rest)]
        if not allowed:
            tiers = [fallback_tier(c) for c in combos]
            best = min(tiers)
            allowed = [p for p, t in zip(leads, tiers, strict=True) if t == best]
        return allowed

    def clause(self, combo: Any, unseen: int, rest: Counter[Any]) -> bool:
        """Whether a passport clause allows leading ``combo`` (see ``Deal._clause``)."""
        if combo.led_only:
            return True
        if all(need & unseen != need for need, _ in self.above.get(combo.pieces, ())):
            return True
        if combo.kind in MIXED_KINDS and combo.rank == 1:
            return True
        if combo.kind == "sky-combo" and combo.rank > 1:
            return True
        return len(combo.pieces) == sum(rest.values()) and rest == Counter(combo.pieces)
