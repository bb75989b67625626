"""The Tien Gow solver's search below the root, on bit masks (issue 36).

:func:`gupai_learn.games.tien_gow.solver.solve` expands the root position with the engine's
generic search (so that the winning first moves are listed as ``legal_moves()`` lists them)
and asks :class:`Endgame` for every position after that. The goal is Tien Gow's: the seat takes
the last trick. The rules are the deal's: TG-LEAD-CLASS (the leads), TG-BEAT-STRICT and
TG-BEAT-TIE (a follower may beat the high play with a strictly higher play of its class, or
play face down: TG-BEAT-OPTIONAL), TG-SUPREME, TG-TRICK-WINNER, TG-EARLY-DEATH.

How it stays exact and fast (the tests compare it with the plain search on many positions):

- **hands are slot masks** (as ``Deal`` keeps them: a civil kind's two copies fill slots 2k and
  2k+1) and what a hand offers (its tiles, the tiles in no set, its sets, its best tile of each
  suit) is worked out once per mask;
- **trick starts are memoised** under a canonical key: for each rank level in play, military
  then civil, which seat holds how many of its tiles outside any set and which tiles in a set.
  Levels nobody holds are left out, so positions that differ only in tiles that are out of
  play, or in which of two equal military tiles a seat holds alone, share their answer (the
  idea of :func:`~gupai_learn.games.tien_gow.solver.rank_key`). The keys go in the search's
  memo, so that a review's solves share them;
- **interchangeable tiles are tried once**: tiles of one seat that are next to each other among
  the tiles in play, each alone at its level and in no set of its hand, beat and lose to the
  same tiles for the rest of the deal; a lead or a play of one of them stands for all;
- **the last trick is worked out at once**: every other seat beats when it may (a higher play
  never helps the seat), the seat beats when it can;
- **the last two tricks are played out on the tiles**: a trick start of two tiles each costs
  one position; its plays (two leads, two tiles each follower may play face up or face down)
  are tried directly on the tiles, without the masks, keys and budget of the search above;
- **killer plays first**: the play that last decided a turn (a lead, or a follower's play,
  with the same hand at the same place over the same high play) is tried first the next time;
  an order only, every play is still tried when it does not decide (about a quarter fewer
  positions on the bench's endgames of five tiles each);
- **positions decided without searching** (:meth:`Endgame.settled`), each a short argument
  given where it is checked: the seat keeps a top tile of every suit the others hold to the
  end (T); each suit of the seat is covered to the end by another seat that has a column (A);
  the seat leads out tricks nobody can beat (C).

Every position searched counts on the shared budget (:class:`~gupai_learn.engine.search.Meter`):
each trick start looked up for the first time and each follower's turn (but not those of the
last two tricks, played out at once).

A hand as the search sees it, and the layout of the key, live in :mod:`.endgame_hands`; the
short arguments (T, A, C) in :mod:`.endgame_settled`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import combinations
from typing import Any

from gupai_learn.engine.search import Memo, Meter, Unknown
from gupai_learn.games.tien_gow.deal import SEATS, Deal
from gupai_learn.games.tien_gow.endgame_hands import (
    _ABOVE,
    _ALL_LEVELS,
    _BETWEEN_SUITS,
    _CIVIL_LEVEL_SLOTS,
    _CIVIL_SHIFT,
    _EMPTY_FIELD,
    _FIELD,
    _FIELDS,
    _LEVEL_BIT,
    _LEVEL_MASK,
    _LEVEL_OF,
    _MARKERS,
    _MILITARY_LEVELS,
    _MILITARY_SLOTS,
    _SEAT_BIT,
    _SET,
    _UP,
    _Hand,
    _tiles_of,
    _without_one,
)
from gupai_learn.games.tien_gow.endgame_settled import Masks, Settling
from gupai_learn.games.tien_gow.masks import _TABLES, SLOT, UPPER_SLOTS, _without
from gupai_learn.games.tien_gow.rules import Rules


class Endgame(Settling):
    """The search below the root for ``seat``'s goal, the last trick (see the module
    docstring). ``memo`` keeps the answers of trick starts (shared by a review's solves);
    ``meter`` counts the positions searched and ends the search when the budget is spent."""

    def __init__(self, seat: int, rules: Rules, meter: Meter, memo: Memo) -> None:
        self.seat = seat
        self.others = tuple(s for s in range(SEATS) if s != seat)
        self.early_death = rules.early_death
        self.tables = _TABLES[rules.mixed_sets]
        self.meter = meter
        self.memo = memo
        #: answers by exact hands, leader and columns (this search only: cheaper to look up)
        self.seen: dict[Hashable, bool] = {}
        self.hands: dict[int, _Hand] = {}
        #: killer plays (an order only: every play is still tried): the play that last
        #: decided a turn, tried first the next time that turn comes with the same hand. Keys:
        #: (leader, hand) for a lead; (follower, followers after it, high tiles, hand) for a
        #: follower of a set; after a single the same packed in one number (hand, high slot,
        #: followers after it, follower)
        self.killers: dict[Hashable, Any] = {}

    def hand(self, mask: int) -> _Hand:
        """What the search needs of a hand mask (worked out once)."""
        found = self.hands.get(mask)
        if found is None:
            found = self.hands[mask] = _Hand(mask, self.tables)
        return found

    def tick(self) -> None:
        """Count one position on the budget (:meth:`Meter.tick`, inlined where it is hot)."""
        meter = self.meter
        if meter.nodes >= meter.limit:
            raise Unknown
        meter.nodes += 1

    # ----- from a deal -----------------------------------------------------------------------
    def value(self, deal: Deal) -> bool:
        """Whether the seat forces the last trick from ``deal`` (not over), whoever is to act."""
        masks = [deal._mask(s) for s in range(SEATS)]
        flags = self.columns(deal._won)
        plays = deal._plays
        if not plays:
            return self.start((masks[0], masks[1], masks[2], masks[3]), deal._turn, flags)
        high = deal._high
        assert high is not None
        size, left, first = len(plays[0].pieces), SEATS - len(plays), deal._turn
        if size > 1:
            context = self.context(masks, 0)
            return self.follow(masks, flags, size, high.seat, high.pieces, first, left, context)
        top = SLOT[high.pieces[0]]
        if not masks[plays[0].seat]:  # the last trick: every hand held one tile
            tiles = [self.hand(m).tiles[0] if m else -1 for m in masks]
            return self.finish_last(tiles, flags, high.seat, top, first, left, deal._last)
        context = self.context(masks, 1 << top)
        return self.follow1(masks, flags, high.seat, top, first, left, context[0])

    def columns(self, won: Sequence[int]) -> int:
        """The seats with a column as bits (TG-EARLY-DEATH; 0 when that rule is off)."""
        if not self.early_death:
            return 0
        return sum(_SEAT_BIT[s] for s in range(SEATS) if won[s])

    # ----- trick starts ----------------------------------------------------------------------
    def start(self, masks: Masks, leader: int, flags: int) -> bool:
        """A trick start: ``leader`` leads; ``flags``: the seats with a column."""
        exact = (masks, leader, flags)
        known = self.seen.get(exact)
        if known is not None:
            return known
        hand = self.hand
        hands = (hand(masks[0]), hand(masks[1]), hand(masks[2]), hand(masks[3]))
        if len(hands[0].tiles) == 1:
            tiles = [h.tiles[0] for h in hands]
            found = self.finish_last(
                tiles, flags, leader, tiles[leader], leader + 1, 3, self.early_death
            )
        else:
            found = self.known(masks, hands, leader, flags)
        self.seen[exact] = found
        return found

    def known(self, masks: Masks, hands: tuple[_Hand, ...], leader: int, flags: int) -> bool:
        """A trick start of two or more tiles each, from the memo or searched (and memoised)."""
        code = _MARKERS | hands[0].code | hands[1].code << 8 | hands[2].code << 16
        code |= hands[3].code << 24
        key = (code.to_bytes(_FIELD * _FIELDS, "little").replace(_EMPTY_FIELD, b""), leader, flags)
        known = self.memo.get(key)
        if known is None:
            self.tick()
            found = self.searched(masks, hands, leader, flags)
            self.memo[key] = found
            return found
        return known is True

    def searched(self, masks: Masks, hands: tuple[_Hand, ...], leader: int, flags: int) -> bool:
        """A trick start not in the memo: two tiles each worked out at once, else settled by
        a short argument or searched."""
        if len(hands[0].tiles) == 2:
            return self.two_left(masks, hands, leader, flags)
        found = self.settled(masks, hands, leader, flags)
        if found is None:
            found = self.lead(masks, hands[leader], leader, flags)
        return found

    # ----- two tiles each: the last two tricks worked out at once ----------------------------
    def two_left(self, masks: Masks, hands: tuple[_Hand, ...], leader: int, flags: int) -> bool:
        """A trick start with two tiles each, worked out without counting its plays (one
        position on the budget): every play of the two tricks left is tried, as the search
        would, but on the tiles directly. A set led now takes both of the leader's tiles, so
        it is the last trick (:meth:`last_set`); a single leaves each seat one tile, and the
        last trick is :meth:`finish_last`'s."""
        mine = leader == self.seat
        for _, pieces in hands[leader].sets:
            if self.last_set(masks, leader, pieces) is mine:
                return mine
        splits = [h.splits for h in hands]
        kept = [0, 0, 0, 0]
        for lead, keep in splits[leader]:
            kept[leader] = keep
            if self.two_follow(splits, kept, flags, leader, lead, leader + 1, 3) is mine:
                return mine
        return not mine

    def two_follow(
        self, splits: list[tuple[tuple[int, int], ...]], kept: list[int], flags: int,
        top_seat: int, top: int, first: int, left: int,
    ) -> bool:  # fmt: skip
        """The rest of the second-last trick, a single, with two tiles in each follower's
        hand (``splits``: per seat, the ways to play one and keep the other): each follower
        plays one face up (when it is higher in the lead's suit: TG-BEAT-STRICT) or face down
        (TG-BEAT-OPTIONAL) and keeps the other (``kept``, changed as it goes); then the
        trick's winner leads the last trick with the tile it kept (the column it just took
        does not matter: TG-EARLY-DEATH bites on followers only)."""
        first &= 3
        mine = first == self.seat
        above = _ABOVE[top]
        after, left = first + 1, left - 1
        for play, keep in splits[first]:
            kept[first] = keep
            for high_seat, high in (
                ((first, play), (top_seat, top)) if above >> play & 1 else ((top_seat, top),)
            ):
                if left:
                    result = self.two_follow(splits, kept, flags, high_seat, high, after, left)
                else:
                    lead = kept[high_seat]
                    result = self.finish_last(
                        kept, flags, high_seat, lead, high_seat + 1, 3, self.early_death
                    )
                if result is mine:
                    return mine
        return not mine

    def last_set(self, masks: Masks, leader: int, pieces: Any) -> bool:
        """The last trick led with the set ``pieces`` (all the leader's tiles): every other
        seat beats it when its hand is a higher set of that class (TG-BEAT-STRICT; a higher
        play on the table never helps the seat), the seat when it can; the Supreme pair is
        never beaten (TG-SUPREME). TG-EARLY-DEATH bites on singles only."""
        top, high = pieces, leader
        for step in (1, 2, 3):
            seat = (leader + step) & 3
            if self.tables.by_tiles[top][1].led_only:
                break
            for need, higher in self.tables.above[top]:
                if need & masks[seat] == need:
                    top, high = higher, seat
                    break
        return high == self.seat

    def lead(self, masks: Masks, hand: _Hand, leader: int, flags: int) -> bool:
        """Every distinct lead of ``leader`` (TG-LEAD-CLASS), the most tiles first; the seat
        needs one that wins, the others one that refutes. The lead that last decided a trick
        start of this leader with this hand is tried first (:attr:`killers`, an order only)."""
        context = self.context(masks, 0)
        mine = leader == self.seat
        work = list(masks)
        place = (leader, masks[leader])
        killer = self.killers.get(place)
        leads: list[Any] = [pieces for _, pieces in hand.sets]
        singles = context[0][leader]
        while singles:
            low = singles & -singles
            singles ^= low
            leads.append(low.bit_length() - 1)
        if killer is not None and killer in leads:
            leads.remove(killer)
            leads.insert(0, killer)
        for lead in leads:
            if self.led(work, flags, leader, lead, context) is mine:
                self.killers[place] = lead
                return mine
        return not mine

    def led(self, work: list[int], flags: int, leader: int, lead: Any, context: list[Any]) -> bool:
        """The trick after ``leader`` leads ``lead`` (a set's tiles, or a single's slot)."""
        mask = work[leader]
        if isinstance(lead, int):
            work[leader] = _without_one(mask, lead)
            result = self.follow1(work, flags, leader, lead, leader + 1, 3, context[0])
        else:
            work[leader] = _without(mask, lead)
            result = self.follow(work, flags, len(lead), leader, lead, leader + 1, 3, context)
        work[leader] = mask
        return result

    def context(self, masks: Sequence[int], high: int) -> list[Any]:
        """What a trick's followers share: per seat one tile of each run of interchangeable
        tiles (a mask; ``high``: the bit of a high single already on the table, whose level
        breaks runs), then the hands, the high bit, the labels (worked out when a face-down
        play of several tiles needs them) and the face-down plays found so far."""
        hands = [self.hand(m) for m in masks]
        extra = _LEVEL_BIT[_LEVEL_OF[high.bit_length() - 1]] if high else 0
        levels = [h.levels for h in hands]
        taken = levels[0] | levels[1] | levels[2] | levels[3] | extra | _BETWEEN_SUITS
        gaps = ~taken & _ALL_LEVELS
        reps = []
        for seat, h in enumerate(hands):
            others = extra
            for other in range(SEATS):
                if other != seat:
                    others |= levels[other]
            own = h.lone & ~others
            # an own level whose next lower level in play is the seat's own too: same run
            run_on = own & ((own << 1) + gaps)
            if run_on:
                slots = _MILITARY_SLOTS[run_on & 0x3F] | _CIVIL_LEVEL_SLOTS[run_on >> _CIVIL_SHIFT]
                reps.append(h.distinct & ~slots)
            else:
                reps.append(h.distinct)
        return [reps, tuple(masks), high, None, {}]

    # ----- the rest of a trick ---------------------------------------------------------------
    def follow1(
        self, masks: list[int], flags: int, top_seat: int, top: int, first: int, left: int,
        reps: list[int],
    ) -> bool:  # fmt: skip
        """The rest of a trick led with a single (not the last trick): each follower beats the
        high tile ``top`` (a slot) with a higher one of its suit, the lowest first, or plays a
        tile face down, the weakest first; but first the play that decided the follower's
        turn the last time it held this hand at this place of a trick over this high tile
        (:attr:`killers`: an order only, every play is still tried). ``masks`` is changed and
        restored."""
        meter = self.meter
        if meter.nodes >= meter.limit:
            raise Unknown
        meter.nodes += 1
        first &= 3
        mask = masks[first]
        mine = first == self.seat
        after, left = first + 1, left - 1
        options = reps[first] & mask
        beats = options & _ABOVE[top]
        place = mask << 9 | top << 4 | left << 2 | first  # (hand, high, place) as one number
        killer = self.killers.get(place)
        if killer is not None:  # tried first, so taken out of the plain order (if in it)
            if killer[1]:
                beats &= ~(1 << killer[0])
            else:
                options &= ~(1 << killer[0])
        while True:
            if killer is not None:
                slot, beat = killer
                killer = None
            elif beats:
                slot, beat = beats.bit_length() - 1, True
                beats ^= 1 << slot
            elif options:
                slot, beat = options.bit_length() - 1, False
                options ^= 1 << slot
            else:
                return not mine
            high_seat, high = (first, slot) if beat else (top_seat, top)
            up = _UP[slot]
            masks[first] = mask ^ up if mask & up else mask ^ (1 << slot)
            if left:
                result = self.follow1(masks, flags, high_seat, high, after, left, reps)
            elif not masks[high_seat]:
                result = high_seat == self.seat
            else:  # the trick's end, the next start looked up here (the hottest path)
                won = flags | _SEAT_BIT[high_seat] if self.early_death else 0
                hands = (masks[0], masks[1], masks[2], masks[3])
                seen = self.seen.get((hands, high_seat, won))
                result = self.start(hands, high_seat, won) if seen is None else seen
            masks[first] = mask
            if result is mine:
                self.killers[place] = (slot, beat)
                return mine

    def trick_won(self, masks: list[int], flags: int, winner: int) -> bool:
        """After the trick: ``winner`` leads the next, or took the last trick."""
        if not masks[winner]:
            return winner == self.seat
        if self.early_death:
            flags |= _SEAT_BIT[winner]
        return self.start((masks[0], masks[1], masks[2], masks[3]), winner, flags)

    def follow(
        self, masks: list[int], flags: int, size: int, top_seat: int, top: Any, first: int,
        left: int, context: list[Any],
    ) -> bool:  # fmt: skip
        """The rest of a trick led with ``size`` > 1 tiles (``top``: the high play's tiles):
        each follower beats it with a higher play of its class, the lowest first (not the
        Supreme pair, TG-SUPREME), or plays ``size`` tiles face down."""
        self.tick()
        first &= 3
        mask = masks[first]
        mine = first == self.seat
        after, left = first + 1, left - 1
        options: list[tuple[int, int, Any]] = []
        if not self.tables.by_tiles[top][1].led_only:
            options += [
                (_without(mask, pieces), first, pieces)
                for need, pieces in reversed(self.tables.above[top])
                if need & mask == need
            ]
        options += [(rest, top_seat, top) for rest in self.downs(mask, size, first, context)]
        place = (first, left, top, mask)
        killer = self.killers.get(place)
        if killer is not None and killer in options:
            options.remove(killer)
            options.insert(0, killer)
        for option in options:
            rest, high_seat, high = option
            masks[first] = rest
            if left:
                result = self.follow(masks, flags, size, high_seat, high, after, left, context)
            else:
                result = self.trick_won(masks, flags, high_seat)
            masks[first] = mask
            if result is mine:
                self.killers[place] = option
                return mine
        return not mine

    def downs(self, mask: int, size: int, seat: int, context: list[Any]) -> list[int]:
        """The hands left by the distinct face-down plays of ``size`` tiles, the weakest
        tiles first (plays of interchangeable tiles once)."""
        found: list[int] | None = context[4].get((seat, size))
        if found is None:
            labels = self.labels(context)[seat]
            distinct: dict[tuple[int, ...], int] = {}
            for pick in combinations(reversed(self.hand(mask).tiles), size):
                label = tuple(sorted(labels[slot] for slot in pick))
                if label not in distinct:
                    distinct[label] = _without(mask, [_SET[slot] for slot in pick])
            found = context[4][seat, size] = list(distinct.values())
        return found

    def labels(self, context: list[Any]) -> list[dict[int, int]]:
        """Each seat's tiles (first slots) with a label: interchangeable tiles share theirs
        (their run of levels), a tile in a set has its own."""
        if context[3] is None:
            context[3] = _labels(context[1], context[2], [self.hand(m) for m in context[1]])
        found: list[dict[int, int]] = context[3]
        return found

    # ----- the last trick --------------------------------------------------------------------
    def finish_last(
        self, tiles: list[int], flags: int, top_seat: int, top: int, first: int, left: int,
        early_death: bool,
    ) -> bool:  # fmt: skip
        """The rest of the last trick (one tile each, as first slots), worked out at once:
        every other seat beats the high tile when it can and may (a higher play on the table
        never helps the seat), the seat beats it when it can; with ``early_death`` a seat with
        no column plays face down (TG-EARLY-DEATH)."""
        seat = self.seat
        while left:
            first &= 3
            tile = tiles[first]
            if (not early_death or flags & _SEAT_BIT[first]) and _ABOVE[top] >> tile & 1:
                top_seat, top = first, tile
            elif first == seat:
                return False
            first += 1
            left -= 1
        return top_seat == seat


def _labels(masks: Sequence[int], high: int, hands: list[_Hand]) -> list[dict[int, int]]:
    """Per seat, each tile (first slot) with its label: tiles alone at their level, in no
    set, next to each other among the tiles in play and of one seat share a run number; a
    tile in a set gets its own label. ``high``: the bit of a high single on the table."""
    labels: list[dict[int, int]] = [{} for _ in range(SEATS)]
    run, last_owner, last_civil = 0, -1, False
    for level, level_mask in enumerate(_LEVEL_MASK):
        held = [m & level_mask for m in masks]
        if not any(held) and not high & level_mask:
            continue
        owner = _owner(held, hands, bool(high & level_mask))
        civil = level >= _MILITARY_LEVELS
        if owner != last_owner or owner < 0 or civil != last_civil:
            run += 1
        last_owner, last_civil = owner, civil
        for seat, bits in enumerate(held):
            for slot in _tiles_of(bits & ~UPPER_SLOTS):
                labels[seat][slot] = run if hands[seat].free >> slot & 1 else 1000 + slot
    return labels


def _owner(held: list[int], hands: list[_Hand], high: bool) -> int:
    """The seat holding a level alone with one tile in no set of its hand, else -1."""
    holders = [s for s, bits in enumerate(held) if bits]
    if high or len(holders) != 1:
        return -1
    seat = holders[0]
    bits = held[seat]
    return seat if not bits & (bits - 1) and bits & hands[seat].free else -1
