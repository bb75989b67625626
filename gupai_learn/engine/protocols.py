"""Typed seams between generic code and the games' deals (issue 25).

Generic code (drawings, puzzles, simulations) speaks to a deal through these Protocols instead
of probing it with ``getattr``: :class:`PlayedDeal` is what every deal offers,
:class:`TrickDealView` and :class:`LineDealView` add each family's state, and the small
capability Protocols name what only some games have. Which game has which capability is a
question for its :class:`~gupai_learn.engine.game.GameInfo` (``has_banker``, ``has_boneyard``
...): :func:`capable` answers it for a deal and gives the deal back typed, or None.

    >>> from gupai_learn.games import GAMES
    >>> deal = GAMES["bergen"].Deal.random(seed=1)
    >>> capable(deal, "has_boneyard") is deal, capable(deal, "has_banker")
    (True, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, cast, overload

from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.game import PlayedDeal as PlayedDeal

if TYPE_CHECKING:
    from gupai_learn.engine.layout import Layout
    from gupai_learn.engine.trick import Trick, TrickPlay
    from gupai_learn.tiles import Tile

__all__ = [
    "Blocker",
    "Capability",
    "HasBanker",
    "HasBlocker",
    "HasBoneyard",
    "HasLeftover",
    "HasPointTiles",
    "LineDealView",
    "PlayedDeal",
    "ScoresRounds",
    "TrickDealView",
    "capable",
    "game_of",
]

#: The capabilities a GameInfo declares, each a boolean field of that name.
Capability = Literal[
    "has_banker", "has_boneyard", "scores_rounds", "has_blocker", "has_point_tiles", "has_leftover"
]


class TrickDealView(PlayedDeal, Protocol):
    """A trick game's deal (``engine.trick.TrickDeal``): the trick in play, the finished
    tricks, each seat's tricks (or columns) won, the current high play, and the ids of the
    rules a lead, a beat and a face-down play are judged by."""

    RULE_LEAD: ClassVar[str]
    RULE_BEAT: ClassVar[str]
    RULE_FACE_DOWN: ClassVar[str]

    @property
    def trick(self) -> tuple[TrickPlay, ...]: ...
    @property
    def tricks(self) -> tuple[Trick, ...]: ...
    @property
    def won(self) -> tuple[int, ...]: ...
    @property
    def current_high(self) -> TrickPlay | None: ...


class LineDealView(PlayedDeal, Protocol):
    """A line game's deal (``engine.line.LineDeal``): the line on the table."""

    @property
    def layout(self) -> Layout: ...


class HasBanker(Protocol):
    """A seat is the banker, who pays and collects double (Tien Gow)."""

    @property
    def banker(self) -> int: ...


class HasBoneyard(Protocol):
    """Tiles left undealt, drawn in order; the last ones may be reserved (Bergen)."""

    @property
    def boneyard(self) -> Sequence[Tile]: ...
    @property
    def drawable(self) -> int: ...


class ScoresRounds(Protocol):
    """A round scores points to several seats and ends in a named way (Bergen)."""

    @property
    def round_points(self) -> tuple[int, ...]: ...
    @property
    def ending(self) -> str | None: ...


class Blocker(Protocol):
    """The tile that blocked the line, its kind and the seat that placed it (a fish)."""

    kind: str
    blocker: int
    tile: Tile
    rule: str

    def explain(self, seat: int | None = None) -> str: ...


class HasBlocker(Protocol):
    """A seat can block the line with one tile; seats put tiles face down and the hand has an
    order of play (Bull Fight)."""

    @property
    def fish(self) -> Blocker | None: ...
    @property
    def down(self) -> tuple[tuple[Tile, ...], ...]: ...
    @property
    def order(self) -> tuple[int, ...]: ...


class HasPointTiles(Protocol):
    """The dice name point tiles, which collect when they lead (Bagchen); the widgets write
    ``piece_mark(tile)`` ("point") above them."""

    @property
    def point(self) -> object: ...
    @property
    def point_tiles(self) -> tuple[Tile, ...]: ...
    def piece_mark(self, tile: Tile) -> str: ...


class HasLeftover(Protocol):
    """Pieces dealt to nobody, shown face up (Tet-Gow with three players)."""

    @property
    def leftover(self) -> tuple[Any, ...]: ...


def game_of(deal: object) -> GameInfo | None:
    """The GameInfo of ``deal``'s game (``deal.info``, set on its class when the GameInfo was
    built), None for anything that is not the deal of a game."""
    found = getattr(type(deal), "info", None)  # optional: any object may be asked
    return found if isinstance(found, GameInfo) else None


@overload
def capable(deal: object, what: Literal["has_banker"]) -> HasBanker | None: ...
@overload
def capable(deal: object, what: Literal["has_boneyard"]) -> HasBoneyard | None: ...
@overload
def capable(deal: object, what: Literal["scores_rounds"]) -> ScoresRounds | None: ...
@overload
def capable(deal: object, what: Literal["has_blocker"]) -> HasBlocker | None: ...
@overload
def capable(deal: object, what: Literal["has_point_tiles"]) -> HasPointTiles | None: ...
@overload
def capable(deal: object, what: Literal["has_leftover"]) -> HasLeftover | None: ...
def capable(deal: object, what: Capability) -> object:
    """``deal`` itself, typed as the capability ``what``, when its game declares it on its
    GameInfo; None otherwise (or for a deal of no registered game)."""
    info = game_of(deal)
    return cast(Any, deal) if info is not None and getattr(info, what) else None
