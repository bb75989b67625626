"""Positions of the Bagchen solver settled without searching (issue 36, item 4): short
arguments that decide a trick start exactly, each proved in its docstring, and the slot masks
of the tiles seen face up that the passport rules read (BG-PASSPORT-LEAD).

:class:`Settling` is a part of the solver's compact search
(:class:`gupai_learn.games.bagchen.solver._Compact`); the tests compare every answer with the
search that has none of these shortcuts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gupai_learn.engine.moves import Call
from gupai_learn.games.bagchen.combos import BASE, FIELD, rank
from gupai_learn.games.bagchen.deal import KIND_LANES, PASSPORT, SEATS

__all__ = ["Settling", "Shape", "add_seen", "seen_mask", "unseen_mask"]

#: What the shortcuts read of a hand (see :meth:`Settling.shape`), and its "no such tile".
Shape = tuple[bool, bool, int, int, int, int]
_NONE = 99


class Settling:
    """The short arguments of the compact search (a base of its class, which keeps the state
    they read)."""

    if TYPE_CHECKING:  # the compact search's state and methods these arguments read
        seat: int
        charity: bool
        passports: bool
        points: frozenset[Any]
        above: dict[tuple[Any, ...], list[tuple[int, Any]]]
        shapes: dict[int, Shape]
        run_cache: dict[tuple[int, ...], bool]

        def leads(
            self, hand: tuple[object, ...], mask: int, won: int, seen: int
        ) -> list[tuple[Any, bool, Call | None, tuple[object, ...], int, int]]: ...

        def all_leads(self, hand: tuple[Any, ...], mask: int) -> list[tuple[Any, ...]]: ...

    def settled(
        self,
        hands: list[Any],
        masks: list[int],
        leader: int,
        won: list[int],
        seen: int,
        small: bool = True,
    ) -> bool | None:
        """A trick start's answer when a short argument settles it, else None: the leader
        leads out its hand (:meth:`runs_out`), and when ``small`` (few tiles each) the seat
        keeps a top of every suit the others hold (:meth:`tops_kept`), or the others cover
        every suit of the seat (:meth:`covered`)."""
        get = self.shapes.get
        read = range(SEATS) if small or leader == self.seat else (leader, self.seat)
        some: list[Shape | None] = [None] * SEATS
        for s in read:
            some[s] = get(masks[s]) or self.shape(hands[s], masks[s])
        if self.may_run_out(some, leader) and self.runs_out(
            hands, masks, leader, won[leader], seen
        ):
            return leader == self.seat
        if not small:
            return None
        shapes = [s for s in some if s is not None]
        if self.charity:
            return None  # a face-down lead calling a suit breaks both arguments below
        size = len(hands[self.seat])
        if self.tops_kept(shapes, won, size):
            return True
        if self.covered(shapes, won, size):
            return False
        return None

    def shape(self, hand: tuple[Any, ...], mask: int) -> Shape:
        """What the rules of :meth:`settled` read of a hand: whether it holds a point tile,
        whether it can lead two or more tiles together, its best sky and earth ranks (BG-RANK,
        point tiles left out; 0: none), and its lowest sky and earth ranks among the tiles in
        no lead of two tiles or more (point tiles left out; :data:`_NONE`: none). Remembered
        by mask."""
        found = self.shapes.get(mask)
        if found is None:
            points = self.points
            combos = [p for p in self.all_leads(hand, mask) if len(p) > 1]
            grouped = {t for p in combos for t in p}
            plain = [(t.is_civil, rank(t), t in grouped) for t in hand if t not in points]
            found = (
                len(plain) < len(hand),
                bool(combos),
                max((r for civil, r, _ in plain if civil), default=0),
                max((r for civil, r, _ in plain if not civil), default=0),
                min((r for civil, r, g in plain if civil and not g), default=_NONE),
                min((r for civil, r, g in plain if not civil and not g), default=_NONE),
            )
            self.shapes[mask] = found
        return found

    def never_passport(self, won: int, size: int) -> bool:
        """Whether a seat with ``won`` tricks and ``size`` tiles never leads under a passport
        (BG-PASSPORT-LEAD off, or too few tricks left to reach one)."""
        return not self.passports or won + size < PASSPORT

    def tops_kept(self, shapes: list[Shape], won: list[int], size: int) -> bool:
        """The seat holds, in every suit the others hold, a tile above all of theirs; the
        others hold no point tile and cannot lead two tiles together; the seat never leads
        under a passport. Then every trick is a single (the seat leads singles too), and the
        seat keeps those tops to the end: it follows with a spare face down and leads a spare
        (any single is a lead without a passport). When only the tops are left (one per suit
        the others hold, so at most two, and it holds at least that many), a single led by
        another seat is of a suit they hold and the top of that suit beats it for good; on
        lead, a top wins its trick and the other top the last one. The others' hands only
        lose tiles, so their best ranks only go down and no point or combination appears."""
        seat = self.seat
        _, _, sky, earth, _, _ = shapes[seat]
        tops = [0, 0]
        for other, (point, combo, other_sky, other_earth, _, _) in enumerate(shapes):
            if other == seat:
                continue
            if point or combo:
                return False
            tops[0], tops[1] = max(tops[0], other_sky), max(tops[1], other_earth)
        if (tops[0] and sky <= tops[0]) or (tops[1] and earth <= tops[1]):
            return False
        return size >= bool(tops[0]) + bool(tops[1]) and self.never_passport(won[seat], size)

    def covered(self, shapes: list[Shape], won: list[int], size: int) -> bool:
        """The seat holds no point tile and cannot lead two tiles together; each suit it holds
        is covered by another seat holding a higher tile (two different seats when it holds
        both suits), and no other seat ever leads under a passport. Then the others can keep
        every trick a single (they lead singles) and each covering seat keeps its tile to the
        end (it follows with another face down and leads another, until it has one tile).
        The last trick is a single: led by the seat, the seat covering its suit beats it; led
        by another seat, the seat's last tile either is of another suit or must beat a tile
        that the covering seat has beaten or will beat. Hands only lose tiles, so the covers
        stay higher than every tile the seat keeps."""
        seat = self.seat
        point, combo, sky, earth, _, _ = shapes[seat]
        if point or combo:
            return False
        covers: list[list[int]] = [[], []]
        for other, (_, _, other_sky, other_earth, _, _) in enumerate(shapes):
            if other == seat:
                continue
            if not self.never_passport(won[other], size):
                return False
            if sky and other_sky > sky:
                covers[0].append(other)
            if earth and other_earth > earth:
                covers[1].append(other)
        if not earth:
            return bool(covers[0])
        if not sky:
            return bool(covers[1])
        return any(a != b for a in covers[0] for b in covers[1])

    def runs_out(
        self, hands: list[Any], masks: list[int], leader: int, won: int, seen: int
    ) -> bool:
        """Whether ``leader`` can lead out its whole hand in face-up leads that no seat of the
        other side can beat (the three others when the leader is the seat, else the seat),
        each one a lead it may make then (BG-PASSPORT-LEAD with the tricks it has won by then
        and the tiles it has shown). Then its side wins every trick left, the last one
        included, whatever the other side does: the other side cannot beat, and the leader's
        partners (when it is not the seat) play face down, which a follower always may; so
        every lead stays with the leader. Hands only lose tiles, so a lead the other side
        cannot beat now stays unbeatable; the leader's tricks and the tiles seen change only
        by its own leads (every other play is face down), as followed here. A charity lead
        (face down) is never used. Remembered by what it reads."""
        others = self.against(masks, leader)
        slot = (masks[leader], *others, won, seen if self.passports else 0)
        known = self.run_cache.get(slot)
        if known is None:
            known = self.run_cache[slot] = self.leads_out(hands[leader], slot[0], won, seen, others)
        return known

    def leads_out(
        self, hand: tuple[Any, ...], mask: int, won: int, seen: int, others: list[int]
    ) -> bool:
        """The search of :meth:`runs_out`: leads that none of ``others`` can beat."""
        failed: set[int] = set()
        beaten: dict[tuple[Any, ...], bool] = {}

        def out(hand: tuple[Any, ...], mask: int, won: int, seen: int) -> bool:
            for pieces, up, _, rest_hand, rest_mask, _ in self.leads(hand, mask, won, seen):
                if not up or rest_mask in failed:
                    continue
                lost = beaten.get(pieces)
                if lost is None:
                    lost = beaten[pieces] = self.beatable(pieces, others)
                if lost:
                    continue
                if not rest_hand:
                    return True
                after = add_seen(seen, pieces) if self.passports else seen
                if out(rest_hand, rest_mask, min(PASSPORT, won + len(pieces)), after):
                    return True
                failed.add(rest_mask)
            return False

        return out(hand, mask, won, seen)

    def against(self, masks: list[int], leader: int) -> list[int]:
        """The slot masks of the seats on the other side from ``leader``."""
        if leader != self.seat:
            return [masks[self.seat]]
        return [masks[s] for s in range(SEATS) if s != leader]

    def may_run_out(self, shapes: list[Shape | None], leader: int) -> bool:
        """A quick test that :meth:`runs_out` needs before its search: a tile of the leader's
        in no lead of two tiles or more can only be led alone, so no seat of the other side
        may hold a higher tile of its suit (a point tile is never beaten). Only the leader's
        and the other side's shapes are read."""
        tops = [0, 0]
        for other, shape in enumerate(shapes):
            if other != leader and (leader == self.seat or other == self.seat):
                assert shape is not None
                _, _, sky, earth, _, _ = shape
                tops[0], tops[1] = max(tops[0], sky), max(tops[1], earth)
        mine = shapes[leader]
        assert mine is not None
        _, _, _, _, loose_sky, loose_earth = mine
        return loose_sky >= tops[0] and loose_earth >= tops[1]

    def beatable(self, pieces: tuple[Any, ...], hands: list[int]) -> bool:
        """Whether one of the slot masks ``hands`` holds a play that beats the lead ``pieces``
        (a lead that wins only when led has none)."""
        return any(need & hand == need for need, _ in self.above[pieces] for hand in hands)


def seen_mask(seen: Any) -> int:
    """The slot mask of a count of tiles seen face up (each kind from its lowest slot)."""
    mask = 0
    for tile, count in seen.items():
        mask |= ((1 << count) - 1) << BASE[tile]
    return mask


def add_seen(seen: int, pieces: Sequence[Any]) -> int:
    """``seen`` with ``pieces`` added (each fills its kind's next slot)."""
    for tile in pieces:
        field = FIELD[tile]
        held = seen & field
        seen |= ((held << 1) | (1 << BASE[tile])) & field & ~held
    return seen


def unseen_mask(held: int, seen: int) -> int:
    """Slot mask of the tiles a seat has not seen: the set minus its hand (``held``) minus the
    tiles seen face up (``seen``), each kind from its lowest slot."""
    mask = 0
    for _, field, _, full, lanes in KIND_LANES:
        mask |= lanes[full - (held & field).bit_count() - (seen & field).bit_count()]
    return mask
