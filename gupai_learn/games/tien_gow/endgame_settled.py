"""Positions of the Tien Gow endgame search decided without searching: short arguments that
settle a trick start exactly (rules T, A and C), each proved in its docstring.

:class:`Settling` is a part of :class:`~gupai_learn.games.tien_gow.endgame.Endgame` (a base of
its class); the tests compare every answer with the plain search, which has none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gupai_learn.games.tien_gow.endgame_hands import (
    _IS_CIVIL,
    _RANK,
    _SEAT_BIT,
    _Hand,
    _without_one,
)
from gupai_learn.games.tien_gow.masks import _without

__all__ = ["Masks", "Settling"]

Masks = tuple[int, int, int, int]


class Settling:
    """The short arguments of the endgame search (a base of its class, which keeps the state
    they read)."""

    if TYPE_CHECKING:  # the endgame search's state and the method these arguments read
        seat: int
        others: tuple[int, ...]
        early_death: bool
        tables: Any

        def hand(self, mask: int) -> _Hand: ...

    def settled(
        self, masks: Masks, hands: tuple[_Hand, ...], leader: int, flags: int
    ) -> bool | None:
        """A trick start's answer when a short argument settles it (rules T, A, C below),
        else None."""
        view = _View(self, masks, hands, flags)
        if view.tops_kept(leader):
            return True
        if view.covered():
            return False
        if leader == self.seat and self.runs_out(masks, view):
            return True
        return None

    def runs_out(self, masks: Masks, view: _View) -> bool:
        """C: the seat, on lead, can lead every tile in tricks that no other seat can beat,
        the last one a single no seat with a column can beat (TG-EARLY-DEATH: the others
        play their last tile face down). Nobody else wins a trick, so nobody gains a column
        on the way; hands only shrink, so what nobody can beat now stays unbeatable."""
        me = view.me
        beaten = [s for s in me.tiles if _RANK[s] < view.tops[not _IS_CIVIL[s]]]
        if not beaten:
            return True
        last = beaten[0]
        if len(beaten) == 1 and _RANK[last] >= view.guards[not _IS_CIVIL[last]]:
            return True
        others = [masks[o] for o in self.others]
        return me.combo and self.cover(masks[self.seat], others, view.tops, view.guards)

    def cover(self, mine: int, others: list[int], tops: Any, guards: Any) -> bool:
        """Whether the hand ``mine`` can be led out as :meth:`runs_out` says (a small search
        over its leads; only tried when the seat holds a set)."""
        me = self.hand(mine)
        if len(me.tiles) == 1:
            slot = me.tiles[0]
            return bool(_RANK[slot] >= guards[not _IS_CIVIL[slot]])
        for _, pieces in me.sets:
            if self.beatable(pieces, others):
                continue
            rest = _without(mine, pieces)
            if not rest or self.cover(rest, others, tops, guards):
                return True
        return any(
            _RANK[slot] >= tops[not _IS_CIVIL[slot]]
            and self.cover(_without_one(mine, slot), others, tops, guards)
            for slot in dict.fromkeys(me.tiles)
        )

    def beatable(self, pieces: Any, hands: list[int]) -> bool:
        """Whether one of ``hands`` holds a play that beats the lead ``pieces``."""
        if self.tables.by_tiles[pieces][1].led_only:
            return False
        above = self.tables.above[pieces]
        return any(need & hand == need for hand in hands for need, _ in above)


class _View:
    """The seat's hand and the best ranks of the others, as the rules of
    :meth:`Settling.settled` read them: per suit (civil, military) the best rank any other seat
    holds (``tops``) and the best a seat with a column holds (``guards``; with
    TG-EARLY-DEATH off, every seat counts)."""

    def __init__(
        self, search: Settling, masks: Masks, hands: tuple[_Hand, ...], flags: int
    ) -> None:
        self.search = search
        self.hands = hands
        self.flags = flags
        self.me = hands[search.seat]
        self.mask = masks[search.seat]
        open_ = not search.early_death
        tops, guards = [0, 0], [0, 0]
        self.sets = False
        for other in search.others:
            hand = hands[other]
            self.sets = self.sets or hand.combo
            ranks = (hand.civil, hand.military)
            guard = open_ or flags & _SEAT_BIT[other]
            for suit in (0, 1):
                tops[suit] = max(tops[suit], ranks[suit])
                if guard:
                    guards[suit] = max(guards[suit], ranks[suit])
        self.tops, self.guards = tops, guards
        self.column = open_ or bool(flags & _SEAT_BIT[search.seat])

    def tops_kept(self, leader: int) -> bool:
        """T: the seat holds a tile of every suit the others hold, higher than all of theirs
        (or, in one suit only, equal to one of theirs: the other copy or the equal military
        tile), and no other seat can lead a set it would have to answer. Then it keeps those
        tops to the end: a follower of a single plays a spare face down, a leader leads a
        spare. With two tiles left, its tops win: on lead it leads the strict one (nobody
        beats it) and then the other; after a single led by another seat it beats with the
        top of that suit (nothing the others hold is higher), or, when the equal tile beats
        or leads, plays face down the top of the suit the winner cannot lead last. With one
        suit in play, or a tie, the last trick may be led by another seat: the seat then
        needs a column to beat (TG-EARLY-DEATH). With three or more tiles a set led by
        another seat could force a top away, so no other seat may hold one; with two, only
        the leader could lead one (the last trick)."""
        me = self.me
        mine = (me.civil, me.military)
        held = self.suits_and_ties(mine)
        if held is None:
            return False
        suits, ties = held
        if len(me.tiles) >= 3:
            if self.sets:
                return False
        elif leader != self.search.seat and self.hands[leader].combo:
            return False
        if not ties and (suits == 2 or self.column):
            return True
        if ties == 1 and suits == 2 and self.column:
            return True
        return not self.column and leader == self.search.seat and self.spare_first()

    def spare_first(self) -> bool:
        """T with a column won first: the seat, on lead without a column, holds a spare that
        nobody can beat (a second tile at least as high as all the others hold in its suit,
        or a tile of a suit they do not hold). It leads it and wins the trick (a column), and
        T holds after it: the others' hands only lose tiles, so their tops only go down."""
        me = self.me
        if len(me.tiles) < 3:
            return False
        for slot in dict.fromkeys(me.tiles):
            suit = not _IS_CIVIL[slot]
            if _RANK[slot] < self.tops[suit]:
                continue
            rest = self.search.hand(_without_one(self.mask, slot))
            if self.kept((rest.civil, rest.military), len(rest.tiles)):
                return True
        return False

    def kept(self, mine: tuple[int, int], size: int) -> bool:
        """T's test for a seat with a column and ``size`` tiles holding tops ``mine`` (on
        lead when two tiles are left)."""
        held = self.suits_and_ties(mine)
        if held is None:
            return False
        suits, ties = held
        if size >= 3 and self.sets:
            return False
        return ties == 0 or (ties == 1 and suits == 2)

    def suits_and_ties(self, mine: tuple[int, int]) -> tuple[int, int] | None:
        """How many suits the others hold, and in how many of them the seat's top (``mine``,
        civil and military rank) equals theirs; None when it is lower in one of them."""
        suits = ties = 0
        for suit in (0, 1):
            if self.tops[suit]:
                suits += 1
                if mine[suit] < self.tops[suit]:
                    return None
                ties += mine[suit] == self.tops[suit]
        return suits, ties

    def covered(self) -> bool:
        """A: the seat holds no set, and each suit it holds is covered to the end by another
        seat with a column holding a higher tile (two different seats when it holds both
        suits). That seat keeps its tile to the end; the last trick is a single (the seat
        cannot lead or beat anything else), and whichever tile the seat keeps, the seat
        covering its suit beats it or is already higher on the table."""
        me = self.me
        if me.combo:
            return False
        search = self.search
        cover: list[list[int]] = [[], []]
        for other in search.others:
            hand = self.hands[other]
            if search.early_death and not self.flags & _SEAT_BIT[other]:
                continue
            if me.civil and hand.civil > me.civil:
                cover[0].append(other)
            if me.military and hand.military > me.military:
                cover[1].append(other)
        if not me.military:
            return bool(cover[0])
        if not me.civil:
            return bool(cover[1])
        return any(a != b for a in cover[0] for b in cover[1])
