"""The trick games' one fast path (see :mod:`gupai_learn.engine.trick`): :class:`FastPlays`,
the part of :class:`~gupai_learn.engine.trick.TrickDeal` that vouches for a plainly spelled
play or discard without judging it (the game's table of valid plays, the hand's mask, the
game's lead and beat predicates), and what it needs: :class:`Lanes`, the default mask scheme,
and :class:`TextMoves`, move texts read once. Anything the fast path does not vouch for is
judged the careful way by the deal."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from gupai_learn.engine.combination import Combination
from gupai_learn.engine.moves import Move
from gupai_learn.engine.trick_play import TrickPlay, may_beat

P = TypeVar("P", bound=Hashable)


class FastPlays(Generic[P]):
    """The fast path of a trick game's deal (a base of
    :class:`~gupai_learn.engine.trick.TrickDeal`, which keeps the state it reads)."""

    if TYPE_CHECKING:  # the deal's state and hooks this path reads (TrickDeal has them)
        PIECE: ClassVar[type]
        _hands: list[tuple[P, ...]]
        _turn: int
        _left: int
        _closed: bool
        _last: bool
        _masks: list[int]
        _high: TrickPlay | None
        _plays: tuple[TrickPlay, ...]
        _hand_type: ClassVar[type[tuple[Any, ...]]]

        def _read(self, raw: object) -> tuple[P, ...]: ...

        def _forced_down(self, seat: int) -> bool: ...

        def _plain_input(self, raw: object) -> bool: ...

    #: Every valid play of the game, by its pieces in the game's order: the mask a hand needs
    #: to hold them and their combination. A game sets it (for its rules); none: no fast path.
    _table: Mapping[tuple[Any, ...], tuple[int, Combination]] = {}
    #: Move texts read once (:class:`TextMoves`); None: made on first use from the game's
    #: reader (a game whose reading depends on the deal gives its own).
    _text_moves: ClassVar[TextMoves | None] = None

    #: Face-down plays as given -> (the mask a hand needs, the pieces in the game's order); one
    #: table per game (each subclass gets its own).
    _down_cache: ClassVar[dict[tuple[object, ...], tuple[int, tuple[object, ...]]]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls._down_cache = {}

    def _fast_read(self, raw: object) -> tuple[str, Any] | None:
        """(kind, pieces) of a plain play or discard when that is cheap to see (a Move with no
        end or call, or its text); None means "read it the careful way"."""
        if type(raw) is Move:
            return (raw.kind, raw.pieces) if raw.call is None and raw.end is None else None
        if type(raw) is not str:
            return None
        texts = self._text_moves
        if texts is None:
            texts = type(self)._text_moves = TextMoves(self._read)
        return texts(raw)

    def _fast_combination(self, raw: object, seat: object) -> Combination | None:
        """The combination of a face-up play the fast path vouches for: the seat to act holds
        it (the mask), it is in the game's table, and the game's ``_may_lead`` or (the right
        count, no forced face-down play) ``_may_beat`` allows it; None: judge it fully."""
        if (seat is not None and seat != self._turn) or not self._left or self._closed:
            return None
        kind = type(raw)
        entry = None
        if kind is self._hand_type or kind is tuple:  # a listed play: one look-up
            try:  # hashing or comparing the caller's items may fail: then judged carefully
                entry = self._table.get(raw)  # type: ignore[call-overload]
            except Exception:
                return None
        if entry is None:
            if not self._plain_input(raw):
                return None
            entry = self._fast_entry(raw)
            if entry is None:
                return None
        need, combo = entry
        turn = self._turn
        mask = self._masks[turn]
        if mask < 0:
            mask = self._masks[turn] = self._mask(turn)
        if need & mask != need:
            return None
        high = self._high
        if high is None:
            return combo if not self._lead_rule or self._may_lead(turn, combo) else None
        top = high.combination
        if top is None or len(combo.pieces) != len(self._plays[0].pieces):
            return None  # a face-down (charity) lead, or not the lead's count: judged
        if self._last and self._forced_down(turn):
            return None
        return combo if self._may_beat(combo, top) else None

    def _fast_entry(self, raw: object) -> tuple[int, Combination] | None:
        """The table's entry of ``raw`` spelled plainly as a face-up play (pieces in another
        order than the table's, a list, a Move, its text)."""
        kind = type(raw)
        if kind is tuple or kind is self._hand_type:
            pieces: tuple[object, ...] = raw  # type: ignore[assignment]
            if len(pieces) < 2 or not self._all_pieces(pieces):
                return None
        else:
            found = self._plain(raw, "play")
            if found is None:
                return None
            pieces = found
            entry = self._table.get(pieces)
            if entry is not None or len(pieces) < 2:
                return entry
        return self._table.get(self._read(pieces))

    def _fast_discard(self, raw: object, seat: object) -> tuple[P, ...] | None:
        """The pieces of a face-down follow the fast path vouches for (in the game's order): the
        seat to act holds them and they are as many as the lead's; None: judge it fully."""
        plays = self._plays
        if not plays or (seat is not None and seat != self._turn) or not self._table:
            return None  # no trick to follow, another seat named, or a game with no fast path
        kind = type(raw)
        entry = None
        if kind is tuple or kind is self._hand_type:  # the usual spelling: one look-up
            try:  # hashing or comparing the caller's items may fail: then judged carefully
                entry = self._down_cache.get(raw)  # type: ignore[call-overload]
            except Exception:
                return None
        if entry is None:
            if not self._plain_input(raw):
                return None
            entry = self._down_entry(raw)
            if entry is None:
                return None
        need, pieces = entry
        if len(pieces) != len(plays[0].pieces):
            return None
        turn = self._turn
        mask = self._masks[turn]
        if mask < 0:
            mask = self._masks[turn] = self._mask(turn)
        return pieces if need and need & mask == need else None

    def _down_entry(self, raw: object) -> tuple[int, tuple[P, ...]] | None:
        """(the mask a hand needs, the pieces in the game's order) of ``raw`` spelled plainly
        as pieces to put face down; made once per spelling."""
        cache = self._down_cache
        kind = type(raw)
        if kind is tuple or kind is self._hand_type:  # not made yet (the caller looked)
            pieces: tuple[Any, ...] = raw  # type: ignore[assignment]
        else:
            found = self._plain(raw, "discard")
            if found is None:
                return None
            pieces = found
        if not pieces or not self._all_pieces(pieces):
            return None
        entry = (self._need(pieces), self._read(pieces))
        if len(cache) < _CACHE_LIMIT:
            cache[tuple(pieces)] = entry
        return entry

    def _plain(self, raw: object, kind: str) -> tuple[object, ...] | None:
        """The pieces of ``raw`` when it plainly names a move of ``kind``: a list of pieces, a
        Move of that kind with no end or call, or its text; None otherwise."""
        if type(raw) is list:
            pieces: tuple[object, ...] = tuple(raw)
        else:
            found = self._fast_read(raw)
            if found is None or found[0] != kind:
                return None
            pieces = found[1]
        return pieces if self._all_pieces(pieces) else None

    def _all_pieces(self, pieces: tuple[object, ...]) -> bool:
        """Whether every item is one of the game's pieces (a plain loop: one to four items)."""
        if type(pieces) is self._hand_type:
            return True
        piece = self.PIECE
        for item in pieces:  # noqa: SIM110 - a plain loop: cheaper than all() for 1-4 items
            if type(item) is not piece:
                return False
        return True

    #: Whether the game restricts leads beyond its table (it then gives ``_may_lead``).
    _lead_rule: ClassVar[bool] = False

    def _may_lead(self, seat: int, combination: Combination) -> bool:
        """Whether ``seat`` may lead ``combination`` (a play of the table): the game's lead
        rule beyond the table (Bagchen's passports), asked when ``_lead_rule`` is set."""
        return True

    #: Whether ``combination`` (face up, the lead's count) beats the trick's ``high``: the
    #: game's beat rule as a plain function, which its explaining path asks too.
    _may_beat = staticmethod(may_beat)

    def _need(self, pieces: Sequence[P]) -> int:
        """The mask a hand needs to hold ``pieces`` (0: no hand can). Default: the lanes of the
        game's deck (:class:`Lanes`); a game with a faster scheme gives its own."""
        return _lanes_of(type(self)).need(pieces)

    def _mask(self, seat: int) -> int:
        """The mask of ``seat``'s hand (made when ``_masks`` holds -1 for it)."""
        return self._need(self._hands[seat])


#: The most face-down spellings remembered per game.
_CACHE_LIMIT = 100_000


class Lanes:
    """A mask scheme for any deck: each kind of piece owns a lane of as many bits as the deck
    has copies of it, and ``c`` copies fill the lane's ``c`` lowest bits, so that one hand
    holds another's pieces exactly when its mask covers the other's."""

    def __init__(self, deck: Iterable[Hashable]) -> None:
        counts: dict[Hashable, int] = {}
        for piece in deck:
            counts[piece] = counts.get(piece, 0) + 1
        self._lanes: dict[Hashable, tuple[int, int]] = {}
        base = 0
        for piece, count in counts.items():
            self._lanes[piece] = (base, count)
            base += count

    def need(self, pieces: Iterable[Hashable]) -> int:
        """The mask of ``pieces``; 0 when a piece is not in the deck or named too often."""
        held: dict[Hashable, int] = {}
        for piece in pieces:
            held[piece] = held.get(piece, 0) + 1
        mask = 0
        for piece, count in held.items():
            lane = self._lanes.get(piece)
            if lane is None or count > lane[1]:
                return 0
            mask |= ((1 << count) - 1) << lane[0]
        return mask


def _lanes_of(deal_class: type[Any]) -> Lanes:  # a TrickDeal subclass
    """The lanes of a deal class's game (made once per class, from ``info.deck()``)."""
    found: Lanes | None = deal_class.__dict__.get("_lanes")
    if found is None:
        found = Lanes(deal_class.info.deck())
        deal_class._lanes = found
    return found


class TextMoves:
    """A game's move texts read once: ``moves(text)`` is ``(kind, pieces)`` of a plain play or
    discard written as text (no end, no call), or None for anything else (read it the careful
    way). Remembers at most ``limit`` texts (a game has few distinct moves)."""

    def __init__(self, read: Callable[[Any], tuple[object, ...]], limit: int = 50_000) -> None:
        self._read = read
        self._limit = limit
        self._seen: dict[str, tuple[str, tuple[object, ...]] | None] = {}

    def __call__(self, text: str) -> tuple[str, tuple[object, ...]] | None:
        seen = self._seen
        if text in seen:
            return seen[text]
        found: tuple[str, tuple[object, ...]] | None
        try:
            move = Move.parse(text, self._read)
            plain = move.end is None and move.call is None
            found = (move.kind, move.pieces) if plain else None
        except (ValueError, TypeError):
            found = None
        if len(seen) < self._limit:
            seen[text] = found
        return found
