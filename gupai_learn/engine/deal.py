"""BaseDeal: what every game's deal shares, trick games and line games alike (design.md §3).

Like OpenSpiel's ``State``, the base class checks once, for every game, what does not depend on
the game's rules: is the deal over, is it this seat's turn, can the move be read, are the pieces
in the hand. A game writes only its own rule checks and state change:

- ``_read(raw)``: notation or pieces → a tuple of pieces (may raise InvalidNotationError);
- ``_set_reasons(pieces)``: pieces that do not belong to the game's set;
- ``_judge_move(seat, move, out)``: the game's rule checks, adding to ``out.errors`` (every
  broken rule, not only the first) and, for a legal move, ``out.notes`` (why it is legal);
- ``_apply_move(out)``: change the state for a judged, legal move;
- ``_legal_moves()``: every move the seat to act may make (a fast path; a property test must
  show it equals what ``judge`` accepts);
- ``_over()``: whether the deal has ended.

A game also declares its kinds of move (:attr:`BaseDeal.MOVE_FORMS`: which kinds it has, and
for each whether it carries pieces, a line end, a charity call); the shared checks refuse any
move whose fields do not fit its kind before the game's own rules are asked (the game's
``RULE_SET``), so a move that is judged legal is exactly one that ``legal_moves`` lists.

``judge`` never raises; ``apply`` is judge + change, or :class:`IllegalPlayError` with the state
unchanged.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Self, TypeVar, cast

from gupai_learn.cards import Cards
from gupai_learn.engine.moves import Move, is_plain, join, quote
from gupai_learn.tiles import Tile, Tiles
from gupai_learn.verdict import (
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
    Reason,
    SetupError,
    Verdict,
    shorten,
)

if TYPE_CHECKING:
    from gupai_learn.engine.game import GameInfo
    from gupai_learn.engine.settlement import Settlement

P = TypeVar("P", bound=Hashable)
D = TypeVar("D", bound="BaseDeal[Any]")
R = TypeVar("R")

#: What reading odd input may raise besides InvalidNotationError (all turned into reasons).
_READ_ERRORS = (InvalidNotationError, TypeError, ValueError, OverflowError, RecursionError)


class MoveForm(NamedTuple):
    """What one kind of move carries in a game (see :attr:`BaseDeal.MOVE_FORMS`).

    ``said`` names the kind in a learner's words, one move ("a face-up play of tiles", "a
    tile placed at an end of the line");
    ``pieces``: True for one piece or more, False for none (a draw, a pass); ``end``: it may
    name a line end; ``call``: it may name a charity call (whether it must, and the count of
    pieces, are the game's own rules)."""

    said: str
    pieces: bool = True
    end: bool = False
    call: bool = False


#: Each kind of move in a sentence, for a kind a game does not have.
KIND_WORDS = {
    "play": "a face-up play",
    "discard": "a face-down play",
    "draw": "a draw",
    "pass": "a pass",
}

#: Tuple types whose items the readers trust without looking (the engine makes them); a
#: user can build one around anything, so on the careful path they are read as plain tuples.
_TRUSTED = (Tiles, Cards)


@dataclass
class Outcome:
    """A judged move: the broken rules (``errors``) and, if legal, why (``notes``).

    ``move`` is the move as read (pieces in the game's canonical order); ``detail`` is what the
    game found out while judging (a trick game's combination, a line game's end)."""

    move: Move | None = None
    detail: Any = None
    errors: list[Reason] = field(default_factory=list)
    notes: list[Reason] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when no rule is broken."""
        return not self.errors


class BaseDeal(ABC, Generic[P]):
    """One deal of any game: seats, turn, hands, history; judge, apply, legal_moves."""

    #: Rule ids the shared checks cite; each game points them at its own ruling.
    RULE_TURN: ClassVar[str] = "TURN"
    RULE_HAND: ClassVar[str] = "HAND"
    RULE_SET: ClassVar[str] = "SET"
    RULE_OVER: ClassVar[str] = "OVER"
    SEAT_NAMES: ClassVar[tuple[str, ...]] = ("East", "South", "West", "North")
    #: The deal's game, set on the game's Deal class when its GameInfo is built.
    info: ClassVar[GameInfo]
    #: The type of the game's pieces (a move's pieces are exactly of this type once read).
    PIECE: ClassVar[type] = Tile
    #: The kinds of move the game has, and what each carries. A move of another kind, or with
    #: a field its kind does not carry (an end, a call, pieces on a draw), is refused with
    #: ``RULE_SET`` before the game's rules are asked. Default: pieces face up or face down.
    MOVE_FORMS: ClassVar[Mapping[str, MoveForm]] = {
        "play": MoveForm("a face-up play"),
        "discard": MoveForm("a face-down play"),
    }

    _hands: list[tuple[P, ...]]
    _turn: int
    #: the constructor's arguments, for :meth:`restart`
    _start: dict[str, object]

    # ----- state -------------------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return len(self._hands)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Display names of the seats, seat 0 first."""
        return self.SEAT_NAMES[: self.n_seats]

    def name(self, seat: int) -> str:
        """Display name of a seat."""
        return self.seat_names[seat]

    #: Seat to act (meaningless once :attr:`is_over`); a C getter: read at every step.
    turn = property(attrgetter("_turn"), doc="Seat to act (meaningless once is_over).")

    @property
    def hands(self) -> tuple[tuple[P, ...], ...]:
        """What each seat holds now."""
        return tuple(self._hands)

    @property
    def is_over(self) -> bool:
        """True once the deal has ended."""
        return self._over()

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move made so far, in order."""
        return tuple(move for _, move in self.seated_history)

    @property
    @abstractmethod
    def seated_history(self) -> tuple[tuple[int, Move], ...]:
        """(seat, move) for every move made so far, in order (transcripts, replays, undo)."""

    # ----- public verbs ------------------------------------------------------------------
    def judge(self, move: object, *, face_down: bool = False, seat: object = None) -> Verdict:
        """Whether ``seat`` (default: the seat to act) may make ``move`` now, and why.

        ``move`` is a :class:`Move`, its text, or pieces (face up unless ``face_down``).
        Never raises: every broken rule is listed in the verdict.
        """
        out = self._judge(move, face_down, seat)
        if not out.ok:
            return Verdict.illegal(out.errors, self._refusal(out))
        return Verdict.legal(self._summary(out), out.notes)

    def apply(self, move: object, *, seat: object = None) -> object:
        """Make ``move`` (a :class:`Move` or its text); raises :class:`IllegalPlayError` naming
        every broken rule, the state unchanged. Returns what the game records for the move."""
        out = self._judge(move, False, seat)
        if not out.ok:
            raise IllegalPlayError(Verdict.illegal(out.errors, self._refusal(out)))
        return self._apply_move(out)

    def settle(self) -> Settlement:
        """Who pays whom (or who scores what) in the finished deal, explained line by line:
        the game's own settlement (``GameInfo.settle``)."""
        settle = type(self).info.settle
        if settle is None:
            raise NotImplementedError(f"{type(self).__name__} has no settlement")
        return settle(self)

    def legal_moves(self) -> list[Move]:
        """Every move the seat to act may make (face-down plays, draws and passes included)."""
        if self._over():
            return []
        return self._legal_moves()

    @classmethod
    def random(cls, *args: Any, **kwargs: Any) -> Self:
        """A shuffled deal, reproducible from its seed: each game defines its own (design.md
        §13: ``Deal.random(*, seed=None, players=None, leader=None, rules=None, ...)``)."""
        raise NotImplementedError(f"{cls.__name__} deals no random deal")

    def restart(self: D) -> D:
        """A fresh deal of the same game from this deal's starting position."""
        return type(self)(**self._start)

    @classmethod
    def from_script(
        cls: type[D], hands: Sequence[Any], moves: Iterable[Any], **kwargs: object
    ) -> D:
        """A deal from ``hands`` after playing ``moves`` (Moves or their text) in order.

        Raises :class:`IllegalPlayError` naming the first move that is not allowed (quoted
        short), :class:`SetupError` when ``moves`` is not a sequence of moves."""
        deal = cls(hands, **kwargs)  # type: ignore[call-arg]
        if isinstance(moves, (str, bytes, Mapping)) or not isinstance(moves, Iterable):
            raise SetupError(f"moves={quote(moves)}: give a list of moves (Moves or their text)")
        for i, move in enumerate(moves, 1):
            try:
                deal.apply(move)
            except (IllegalPlayError, AmbiguousPlayError) as error:
                error.args = (f"move {i} ({deal._shown(move)}): {error.args[0]}",)
                raise
        return deal

    def transcript(self) -> str:
        """The moves so far as text, one per line: ``East [6:6]`` (golden tests, replays)."""
        return "\n".join(f"{self.name(s)} {m}" for s, m in self.seated_history)

    def _repr_svg_(self) -> str:
        from gupai_learn.render import deal_svg

        return deal_svg(self)

    # ----- search support (engine/search.py) ---------------------------------------------
    def copy(self: D) -> D:
        """A copy to play on: moves applied to it leave this deal unchanged.

        Fast (no ``copy.deepcopy``): the attributes are shared, and the lists a move changes
        are copied; a game whose moves change other mutable attributes extends this."""
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new._hands = self._hands[:]
        return new

    def state_key(self) -> Hashable:
        """A hashable key of the position: two continuations of the same deal with equal keys
        have the same future (moves, and the facts of the finished deal), however they were
        reached. Default: each hand as a sorted tuple, and the seat to act; a game adds what
        else its future depends on."""
        return (tuple(map(_hand_key, self._hands)), self._turn)

    # ----- the shared checks -------------------------------------------------------------
    def _judge(self, raw: object, face_down: bool, seat: object) -> Outcome:
        out = Outcome()
        if self._over():
            out.errors.append(Reason(self.RULE_OVER, self._over_text()))
            return out
        who = self._seat_check(seat, out)
        try:
            move = self._read_move(raw, face_down)
        except _READ_ERRORS as error:
            out.errors.append(Reason(self.RULE_SET, _unreadable(raw, error)))
            return out
        out.move = move
        misfits = self._form_reasons(move)
        if misfits:  # not a move of this game: its rules are not asked
            out.errors += misfits
            return out
        out.errors += self._set_reasons(move.pieces)
        if who is not None:
            out.errors += self._hand_reasons(who, move.pieces)
        self._judge_move(self._turn if who is None else who, move, out)
        return out

    def _seat_check(self, seat: object, out: Outcome) -> int | None:
        """The seat judged: the seat to act by default; a reason when it is not its turn."""
        if seat is None:
            return self._turn
        if type(seat) is not int or not 0 <= seat < self.n_seats:
            text = f"There is no seat {quote(seat)}: seats are numbered 0 to {self.n_seats - 1}."
            out.errors.append(Reason(self.RULE_TURN, text))
            return None
        if seat != self._turn:
            text = f"It is {self.name(self._turn)}'s turn, not {self.name(seat)}'s."
            out.errors.append(Reason(self.RULE_TURN, text))
        return seat

    def _read_move(self, raw: object, face_down: bool) -> Move:
        """The move ``raw`` names, its pieces in the game's canonical order."""
        if type(raw) in _TRUSTED:
            raw = tuple(cast(Iterable[object], raw))
        elif type(raw) is Move and type(raw.pieces) in _TRUSTED:
            raw = raw._replace(pieces=tuple(raw.pieces))
        move = Move.coerce(raw, self._read, face_down)
        pieces = self._read(move.pieces) if move.pieces else move.pieces
        return move._replace(pieces=pieces) if pieces is not move.pieces else move

    def _form_reasons(self, move: Move) -> list[Reason]:
        """Why ``move``'s fields do not fit its kind in this game (``RULE_SET``): a kind the
        game does not have, an end or a call its kind does not carry, pieces on a kind that
        takes none (or none on one that takes some)."""
        form = self.MOVE_FORMS.get(move.kind)
        if form is None:
            forms = [f.said for f in self.MOVE_FORMS.values()]
            kinds = " or ".join([", ".join(forms[:-1]), forms[-1]] if len(forms) > 2 else forms)
            text = f"There is no {KIND_WORDS[move.kind][2:]} in this game: a move is {kinds}."
            return [Reason(self.RULE_SET, text)]
        said = form.said
        found = []
        if move.end is not None and not form.end:
            found.append(f"{said} names no end, but this one names the {move.end} end")
        if move.call is not None and not form.call:
            found.append(f"{said} calls no suit, but this one calls {move.call}")
        if move.pieces and not form.pieces:
            shown = shorten(join(move.pieces), 60)
            found.append(f"{said} names no pieces, but this one names {shown}")
        if not move.pieces and form.pieces:
            found.append(f"{said} names at least one piece, and this one names none")
        return [Reason(self.RULE_SET, text[0].upper() + text[1:] + ".") for text in found]

    def _plain_input(self, raw: object) -> bool:
        """True when ``raw`` is safe for a fast path to compare and hash: text, one piece, a
        :class:`Move` of plain fields, or a tuple or list of pieces, each exactly of the
        game's piece type. Anything else (an object whose ``__eq__`` or ``__hash__`` raises
        among them) goes the careful way, which reads it before comparing anything."""
        kind = type(raw)
        piece = self.PIECE
        if kind is str or kind is piece:
            return True
        if kind is Move:
            return is_plain(raw, piece)
        if not isinstance(raw, (tuple, list)):
            return False
        for p in raw:  # noqa: SIM110 - a plain loop: cheaper than all() for one to four pieces
            if type(p) is not piece:
                return False
        return True

    def _shown(self, raw: object) -> str:
        """``raw`` quoted short for a message: a plain move as its notation, anything else by
        :func:`~gupai_learn.verdict.describe_input`."""
        if type(raw) is str:
            return shorten(raw)
        if self._plain_input(raw) and type(raw) is Move:
            return shorten(str(raw))
        return quote(raw)

    def _hand_reasons(self, who: int, pieces: tuple[P, ...]) -> list[Reason]:
        held = Counter(self._hands[who])
        reasons = []
        for piece, wanted in sorted(Counter(pieces).items(), key=lambda kv: str(kv[0])):
            have = held.get(piece, 0)
            if have == 0:
                text = f"{piece} is not in {self.name(who)}'s hand."
            elif wanted > have:
                text = f"{piece} is named {wanted} times but {self.name(who)} holds {have}."
            else:
                continue
            reasons.append(Reason(self.RULE_HAND, text))
        return reasons

    def _over_text(self) -> str:
        return "The deal is over: nothing more can be played."

    def _refusal(self, out: Outcome) -> str:
        if out.move is None:
            return "the move cannot be read" if out.errors[0].rule == self.RULE_SET else "no move"
        return f"{out.move} cannot be played now"

    def _summary(self, out: Outcome) -> str:
        return str(out.move)

    # ----- hooks a game fills in ---------------------------------------------------------
    @abstractmethod
    def _read(self, raw: object) -> tuple[P, ...]:
        """Parse notation (or pieces) into a tuple of pieces in canonical order."""

    def _set_reasons(self, pieces: tuple[P, ...]) -> list[Reason]:
        """Reasons why pieces do not belong to the game's set (none by default)."""
        return []

    @abstractmethod
    def _judge_move(self, seat: int, move: Move, out: Outcome) -> None:
        """The game's own rule checks for ``move`` by ``seat``."""

    @abstractmethod
    def _apply_move(self, out: Outcome) -> object:
        """Change the state for a legal move; returns what the game records."""

    @abstractmethod
    def _legal_moves(self) -> list[Move]:
        """Every legal move of the seat to act (the deal is not over)."""

    @abstractmethod
    def _over(self) -> bool:
        """True once the deal has ended."""


def _unreadable(raw: object, error: Exception) -> str:
    """A learner's sentence for input that cannot be read as a move."""
    if isinstance(error, InvalidNotationError):
        return f"Cannot read {error.text!r}: {error.why}."
    return f"Cannot read {quote(raw)} as a move: write it like '[6:3]' or 'down:[5:1]'."


def _hand_key(hand: Sequence[Any]) -> tuple[object, ...]:
    """A hand as a tuple that does not depend on the order of its pieces (search keys)."""
    try:
        return tuple(sorted(hand))
    except TypeError:  # pieces without an order: equal pieces hash alike, so this is canonical
        return tuple(sorted(hand, key=hash))


# ----- argument checks shared by every game's constructor --------------------------------
def check_seat(name: str, value: object, seats: int, rule: str) -> int:
    """``value`` if it is a seat number (0 to ``seats - 1``), else a ValueError naming ``name``."""
    if type(value) is not int or not 0 <= value < seats:
        text = f"a seat is a whole number 0 to {seats - 1} ({rule})"
        raise SetupError(f"{name}={quote(value)}: {text}")
    return value


def check_played_counts(
    name: str, value: object, size: int, hand_size: int, seats: int, rule: str
) -> list[int]:
    """An endgame's per-seat counts of what each seat has won so far (``columns=``, ``won=``):
    ``seats`` whole numbers adding up to the ``hand_size - size`` tricks played; zeros for a
    full deal when ``value`` is None. A ValueError naming ``name`` and ``rule`` otherwise."""
    played = hand_size - size
    if value is not None and (
        not isinstance(value, (list, tuple)) or any(type(c) is not int for c in value)
    ):
        raise SetupError(f"{name}={quote(value)} must be {seats} whole numbers ({rule})")
    if value is None:
        if played:
            raise SetupError(
                f"an endgame with {size} tiles each needs {name}= (adding up to {played})"
            )
        return [0] * seats
    if len(value) != seats or sum(value) != played or min(value) < 0:
        raise SetupError(
            f"{name}={list(value)} must be {seats} numbers adding up to {played} ({rule})"
        )
    return list(value)


def check_count(name: str, value: object, rule: str) -> int:
    """``value`` if it is a whole number >= 0, else a ValueError naming ``name``."""
    if type(value) is not int or value < 0:
        raise SetupError(f"{name}={quote(value)}: give a whole number, 0 or more ({rule})")
    return value


#: Seeds are whole numbers below this (2**63): what ``random.Random`` takes, what the
#: simulations derive and the strong player draws; bounded like every other number.
SEED_LIMIT = 2**63


def check_seed(seed: object, name: str = "seed") -> int | None:
    """A seed for ``random.Random``: None or a whole number from 0 to 2**63 - 1 (a ValueError
    naming ``name`` otherwise)."""
    if seed is not None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
        raise SetupError(
            f"{name}={quote(seed)}: give a whole number from 0 to 2**63 - 1 (or None for a "
            "fresh shuffle)"
        )
    return seed


def seeded(seed: object) -> random.Random:
    """The random source ``seed`` names, the same for every deal and every computer player: a
    :class:`random.Random` as given (drawn from, so one generator can serve many), else a new
    one seeded with :func:`check_seed` (None: a fresh shuffle)."""
    return seed if isinstance(seed, random.Random) else random.Random(check_seed(seed))


def check_rules(rules: object, default: R, game: str) -> R:
    """``rules`` if it is of the type of ``default`` (the game's ruling), ``default`` for None,
    else a ValueError (a falsy value such as ``0`` or ``""`` is refused, not taken for None)."""
    if rules is None:
        return default
    if not isinstance(rules, type(default)):
        raise SetupError(f"rules={quote(rules)}: give a {game}.Rules(...) or None")
    return rules


def check_players(players: object, allowed: Sequence[int], rule: str) -> int | None:
    """``players`` if it is None or one of the ``allowed`` table sizes, else a ValueError."""
    if players is not None and (type(players) is not int or players not in allowed):
        counts = " or ".join(str(n) for n in allowed)
        raise SetupError(f"players={quote(players)}: this game is played by {counts} ({rule})")
    return players
