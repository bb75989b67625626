"""Shared machinery of the trick games (Tien Gow, Bagchen, Tet-Gow).

A deal is a sequence of tricks. The leader plays a *combination* face up; every other seat in
turn plays the same number of pieces (tiles or cards), face up only if the play is of the lead's
class and ranks strictly above the trick's current high, otherwise face down. The last face-up
play takes the trick; its player collects one column (or trick) per piece of the lead and leads
next.

This module knows nothing of tiles or of any one game's classes. A game subclasses
:class:`TrickDeal` and supplies the parts that differ, the way OpenSpiel games fill in a shared
``State``:

- ``_read(pieces)``: parse notation into pieces (may raise :class:`InvalidNotationError`);
- ``_lead_check(seat, pieces)``: the combination a lead makes, or the reasons it is not one;
- ``_follow_check(seat, pieces, lead, high)``: whether a face-up follow beats, and why;
- ``_leads(seat)`` / ``_beats(seat, lead, high)``: the legal face-up plays (fast path);
- ``_forced_down(seat)``: a seat that must play face down (Tien Gow's early death);
- ``_trick_done(trick)``: hooks such as payments for special tricks.

The shared part checks turn, end of deal, pieces in hand and count once, for every game, and
collects **every** broken rule into one :class:`~gupai_learn.verdict.Verdict`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, NamedTuple, TypeVar

from gupai_learn.verdict import IllegalPlayError, InvalidNotationError, Reason, Verdict

P = TypeVar("P", bound=Hashable)
_new_tuple = tuple.__new__


@dataclass(frozen=True)
class Combination:
    """A valid lead (or a face-up follow) classified by a game.

    ``kind`` is the class id from the ruling (e.g. ``"mixed-pair"``), ``rank`` orders
    combinations of the same kind (higher beats lower), ``name`` is a learner's name
    ("Man-seven") and ``kind_name`` describes the class ("a mixed pair").
    """

    kind: str
    rank: int
    pieces: tuple[Any, ...]
    name: str
    kind_name: str

    def __str__(self) -> str:
        return f"{''.join(str(p) for p in self.pieces)} ({self.name}, {self.kind_name})"

    def __len__(self) -> int:
        return len(self.pieces)


class TrickPlay(NamedTuple):
    """One seat's play in a trick: face up with its combination, or face down."""

    seat: int
    pieces: tuple[Any, ...]
    face_up: bool
    combination: Combination | None = None

    def __str__(self) -> str:
        shown = "".join(str(p) for p in self.pieces)
        return shown if self.face_up else f"face down {shown}"


class Action(NamedTuple):
    """A move a player (or a solver) chooses: play ``pieces`` face up, or discard them."""

    kind: Literal["play", "discard"]
    pieces: tuple[Any, ...]

    def __str__(self) -> str:
        shown = "".join(str(p) for p in self.pieces)
        return shown if self.kind == "play" else f"face down {shown}"

    def apply(self, deal: TrickDeal[Any]) -> TrickPlay:
        """Make this move on ``deal`` (raises IllegalPlayError if it is not allowed)."""
        if self.kind == "play":
            return deal.play(self.pieces)
        return deal.discard(self.pieces)


class Trick(NamedTuple):
    """A finished trick: its plays in order, the first being the lead."""

    plays: tuple[TrickPlay, ...]

    @property
    def leader(self) -> int:
        """Seat that led."""
        return self.plays[0].seat

    @property
    def lead(self) -> Combination:
        """The lead's combination."""
        combo = self.plays[0].combination
        assert combo is not None
        return combo

    @property
    def size(self) -> int:
        """Pieces per play (the lead's count)."""
        return len(self.plays[0].pieces)

    @property
    def high(self) -> TrickPlay:
        """The current high play: the last face-up play (TG-TRICK-WINNER)."""
        for play in reversed(self.plays):
            if play.face_up:
                return play
        raise ValueError("a trick always has a face-up lead")

    @property
    def winner(self) -> int:
        """Seat of the current high play."""
        return self.high.seat


@dataclass
class _Outcome:
    """A judged play: the broken rules (``errors``) and, if legal, its explanation (``notes``).

    ``combination`` is None for a face-down play."""

    pieces: tuple[Any, ...] = ()
    combination: Combination | None = None
    errors: list[Reason] = field(default_factory=list)
    notes: list[Reason] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


class TrickDeal(ABC, Generic[P]):
    """Base class of a trick game's deal; see the module docstring for the hooks."""

    #: Rule ids the shared checks cite; each game points them at its own ruling.
    RULE_TURN: ClassVar[str] = "TURN"
    RULE_HAND: ClassVar[str] = "HAND"
    RULE_SET: ClassVar[str] = "SET"
    RULE_COUNT: ClassVar[str] = "COUNT"
    RULE_LEAD: ClassVar[str] = "LEAD"
    RULE_OVER: ClassVar[str] = "OVER"
    RULE_FACE_DOWN: ClassVar[str] = "FACE-DOWN"
    SEAT_NAMES: ClassVar[tuple[str, ...]] = ("East", "South", "West", "North")

    def __init__(self, hands: Sequence[tuple[P, ...]], leader: int = 0) -> None:
        self._hands: list[tuple[P, ...]] = list(hands)
        self._turn = leader
        self._plays: list[TrickPlay] = []
        self._tricks: list[Trick] = []
        self._won = [0] * len(hands)
        self._high: TrickPlay | None = None
        self._n = len(hands)
        #: set by a game whose deal ends before play (Tien Gow's one red dot)
        self._closed = False
        self._left = sum(len(h) for h in self._hands)

    # ----- state -----------------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        """Number of seats at the table."""
        return len(self._hands)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """Display names of the seats, seat 0 first."""
        return self.SEAT_NAMES[: self.n_seats]

    @property
    def turn(self) -> int:
        """Seat to act (meaningless once :attr:`is_over`)."""
        return self._turn

    @property
    def hands(self) -> tuple[tuple[P, ...], ...]:
        """What each seat holds now."""
        return tuple(self._hands)

    @property
    def trick(self) -> tuple[TrickPlay, ...]:
        """Plays of the current trick so far (empty: the seat to act leads)."""
        return tuple(self._plays)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Finished tricks, in order."""
        return tuple(self._tricks)

    @property
    def last_trick(self) -> Trick | None:
        """The most recent finished trick (the deal's last once :attr:`is_over`), or None."""
        return self._tricks[-1] if self._tricks else None

    @property
    def won(self) -> tuple[int, ...]:
        """Columns (Tien Gow) or tricks (Bagchen, Tet-Gow) won so far per seat."""
        return tuple(self._won)

    @property
    def moves(self) -> tuple[TrickPlay, ...]:
        """Every play so far, in order (for replays and transcripts)."""
        return tuple(p for t in self._tricks for p in t.plays) + tuple(self._plays)

    @property
    def is_over(self) -> bool:
        """True once every piece has been played (or the deal ended before play)."""
        return not self._left or self._closed

    @property
    def current_high(self) -> TrickPlay | None:
        """The current trick's high play (its last face-up play), or None before the lead."""
        return self._high

    def name(self, seat: int) -> str:
        """Display name of a seat."""
        return self.seat_names[seat]

    # ----- public verbs ----------------------------------------------------------------
    def judge(self, pieces: Any, *, face_down: bool = False, seat: int | None = None) -> Verdict:
        """Whether ``seat`` (default: the seat to act) may play ``pieces`` now, and why.

        Never raises for a bad play: every broken rule is listed in the verdict.
        """
        outcome = self._judge(pieces, face_down, seat)
        if not outcome.ok:
            return Verdict.illegal(outcome.errors, self._refusal(outcome))
        return Verdict.legal(self._summary(outcome, face_down), outcome.notes)

    def play(self, pieces: Any, *, seat: int | None = None) -> TrickPlay:
        """Play ``pieces`` face up; raises :class:`IllegalPlayError` (state unchanged)."""
        fast = self._fast_combination(pieces, seat)
        if fast is not None:
            return self._apply(fast.pieces, fast)
        return self._apply_judged(pieces, face_down=False, seat=seat)

    def discard(self, pieces: Any, *, seat: int | None = None) -> TrickPlay:
        """Play ``pieces`` face down; raises :class:`IllegalPlayError` (state unchanged)."""
        fast = self._fast_discard(pieces, seat)
        if fast is not None:
            return self._apply(fast, None)
        return self._apply_judged(pieces, face_down=True, seat=seat)

    def legal_plays(self) -> list[tuple[P, ...]]:
        """Every legal face-up play for the seat to act (face-down discards not listed)."""
        if not self._left or self._closed:
            return []
        if not self._plays:
            return self._leads(self._turn)
        if self._forced_down(self._turn):
            return []
        high = self._high
        assert high is not None and high.combination is not None
        return self._beats(self._turn, self._plays[0], high.combination)

    # ----- the shared checks -----------------------------------------------------------
    def _judge(self, raw: Any, face_down: bool, seat: int | None) -> _Outcome:
        out = _Outcome()
        who = self._turn if seat is None else seat
        if self.is_over:
            out.errors.append(
                Reason(self.RULE_OVER, "The deal is over: nothing more can be played.")
            )
            return out
        if who != self._turn:
            out.errors.append(self._turn_reason(who))
        try:
            out.pieces = self._read(raw)
        except InvalidNotationError as error:
            out.errors.append(Reason(self.RULE_SET, f"Cannot read {error.text!r}: {error.why}."))
            return out
        out.errors += self._set_reasons(out.pieces)
        out.errors += self._hand_reasons(who, out.pieces)
        if self._plays:
            self._judge_follow(who, face_down, out)
        else:
            self._judge_lead(who, face_down, out)
        return out

    def _turn_reason(self, who: int) -> Reason:
        if not 0 <= who < self.n_seats:
            return Reason(
                self.RULE_TURN, f"There is no seat {who}: seats run 0 to {self.n_seats - 1}."
            )
        return Reason(
            self.RULE_TURN,
            f"It is {self.name(self._turn)}'s turn, not {self.name(who)}'s.",
        )

    def _hand_reasons(self, who: int, pieces: tuple[P, ...]) -> list[Reason]:
        if not 0 <= who < self.n_seats:
            return []
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

    def _judge_lead(self, who: int, face_down: bool, out: _Outcome) -> None:
        if face_down and not self._may_lead_face_down(who):
            out.errors.append(
                Reason(
                    self.RULE_LEAD,
                    "A lead is always played face up; only followers play face down.",
                )
            )
            return
        if face_down:
            self._judge_face_down_lead(who, out)
            return
        combination, errors = self._lead_check(who, out.pieces)
        out.combination = combination
        out.errors += errors
        if combination is not None and not out.errors:
            out.notes += self._explain_lead(who, combination)

    def _judge_follow(self, who: int, face_down: bool, out: _Outcome) -> None:
        size = len(self._plays[0].pieces)
        if len(out.pieces) != size:
            lead = self._plays[0]
            out.errors.append(
                Reason(
                    self.RULE_COUNT,
                    f"{self.name(lead.seat)} led {size} piece{'s' * (size > 1)}, so every "
                    f"follower plays exactly {size}; this play has {len(out.pieces)}.",
                )
            )
        if face_down:
            out.notes += self._face_down_notes(who, out.pieces)
            return
        high = self.current_high
        assert high is not None and high.combination is not None
        combination, errors = self._follow_check(who, out.pieces, self._plays[0], high)
        out.combination = combination
        out.errors += errors
        if combination is not None and not out.errors:
            out.notes += self._explain_follow(who, combination, high)

    def _refusal(self, out: _Outcome) -> str:
        if not out.pieces:
            return "the play cannot be read" if out.errors[0].rule == self.RULE_SET else "no play"
        return f"{''.join(str(p) for p in out.pieces)} cannot be played now"

    def _summary(self, out: _Outcome, face_down: bool) -> str:
        shown = "".join(str(p) for p in out.pieces)
        if face_down or out.combination is None:
            return f"{shown} face down"
        verb = "lead" if not self._plays else "beats the table"
        return f"{shown} {verb}: {out.combination.name}, {out.combination.kind_name}"

    # ----- applying moves --------------------------------------------------------------
    def _apply_judged(self, raw: Any, face_down: bool, seat: int | None) -> TrickPlay:
        outcome = self._judge(raw, face_down, seat)
        if not outcome.ok:
            raise IllegalPlayError(Verdict.illegal(outcome.errors, self._refusal(outcome)))
        return self._apply(outcome.pieces, outcome.combination)

    def _apply(self, pieces: tuple[P, ...], combination: Combination | None) -> TrickPlay:
        seat = self._turn
        hand = list(self._hands[seat])
        for piece in pieces:
            hand.remove(piece)
        self._hands[seat] = self._hand_type(hand)
        self._left -= len(pieces)
        # tuple.__new__ skips NamedTuple's Python-level constructor (this is the hot path)
        play = _new_tuple(TrickPlay, (seat, pieces, combination is not None, combination))
        plays = self._plays
        plays.append(play)
        if combination is not None:
            self._high = play
        self._after_play(play)
        if len(plays) == self._n:
            self._finish_trick(plays)
        else:
            self._turn = (seat + 1) % self._n
        return play

    def _finish_trick(self, plays: list[TrickPlay]) -> None:
        trick = _new_tuple(Trick, (tuple(plays),))
        high = self._high
        winner = plays[0].seat if high is None else high.seat
        self._plays = []
        self._high = None
        self._tricks.append(trick)
        self._won[winner] += len(plays[0].pieces)
        self._turn = winner
        self._trick_done(trick)

    #: The tuple type hands are kept in (a game may use a subclass that draws itself).
    _hand_type: ClassVar[type[tuple[Any, ...]]] = tuple

    # ----- hooks a game fills in -------------------------------------------------------
    @abstractmethod
    def _read(self, raw: Any) -> tuple[P, ...]:
        """Parse notation (or pieces) into a tuple of pieces."""

    def _set_reasons(self, pieces: tuple[P, ...]) -> list[Reason]:
        return []

    def _fast_combination(self, raw: Any, seat: int | None) -> Combination | None:
        """A shortcut for plays a game can vouch for cheaply; None means "judge it fully"."""
        return None

    def _fast_discard(self, raw: Any, seat: int | None) -> tuple[P, ...] | None:
        """A shortcut for face-down plays a game can vouch for cheaply (canonical pieces)."""
        return None

    @abstractmethod
    def _lead_check(
        self, seat: int, pieces: tuple[P, ...]
    ) -> tuple[Combination | None, list[Reason]]:
        """The combination a lead makes and the rules it breaks."""

    @abstractmethod
    def _follow_check(
        self, seat: int, pieces: tuple[P, ...], lead: TrickPlay, high: TrickPlay
    ) -> tuple[Combination | None, list[Reason]]:
        """The combination a face-up follow makes and the rules it breaks."""

    @abstractmethod
    def _explain_lead(self, seat: int, combination: Combination) -> list[Reason]:
        """Why a legal lead is legal."""

    @abstractmethod
    def _explain_follow(self, seat: int, combination: Combination, high: TrickPlay) -> list[Reason]:
        """Why a legal face-up follow beats the current high."""

    @abstractmethod
    def _leads(self, seat: int) -> list[Any]:
        """Every legal lead for ``seat`` (fast path; must agree with ``judge``)."""

    @abstractmethod
    def _beats(self, seat: int, lead: TrickPlay, high: Combination) -> list[Any]:
        """Every legal face-up follow for ``seat`` (fast path; must agree with ``judge``)."""

    def _forced_down(self, seat: int) -> bool:
        return False

    def _may_lead_face_down(self, seat: int) -> bool:
        return False

    def _judge_face_down_lead(self, seat: int, out: _Outcome) -> None:
        """Judge a face-down lead where a game allows one (Bagchen's charity)."""

    def _face_down_notes(self, seat: int, pieces: tuple[P, ...]) -> list[Reason]:
        """Why a face-down follow is allowed."""
        text = "Played face down: it takes no part in the trick and is never shown."
        return [Reason(self.RULE_FACE_DOWN, text)]

    def _after_play(self, play: TrickPlay) -> None:
        pass

    def _trick_done(self, trick: Trick) -> None:
        pass
