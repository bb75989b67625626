"""Shared machinery of the trick games (Tien Gow, Bagchen, Tet-Gow).

A deal is a sequence of tricks. The leader plays a *combination* face up; every other seat in
turn plays the same number of pieces (tiles or cards), face up only if the play is of the lead's
class and ranks strictly above the trick's current high, otherwise face down. The last face-up
play takes the trick; its player collects one column (or trick) per piece of the lead and leads
next.

This module knows nothing of tiles or of any one game's classes. :class:`TrickDeal` builds on
:class:`~gupai_learn.engine.deal.BaseDeal` (turn, end of deal, reading, pieces in hand) and
checks the count of a follow once for every trick game; a game supplies the parts that differ:

- ``_read(pieces)``: parse notation into pieces (may raise :class:`InvalidNotationError`);
- ``_lead_check(seat, pieces)``: the combination a lead makes, or the reasons it is not one;
- ``_follow_check(seat, pieces, lead, high)``: whether a face-up follow beats, and why;
- ``_leads(seat)`` / ``_beats(seat, lead, high)``: the legal face-up plays (listing);
- for the one fast path (below): ``_table``, every valid play with the mask a hand needs to
  hold it; ``_may_lead(seat, combination)`` and ``_may_beat(combination, high)``, the game's
  lead and beat rules as short predicates, which its explaining path asks too; ``_need`` and
  ``_mask``, its mask scheme (default: :class:`Lanes` over the game's deck);
- ``_forced_down(seat)``: a seat that must play face down (Tien Gow's early death), asked
  only once the game has set ``_last`` (its last trick or round is under way);
- ``_may_lead_face_down(seat)`` / ``_judge_face_down_lead``: a face-down lead (Bagchen's
  charity), with the calls it may name in ``_face_down_calls(seat)``;
- ``_trick_done(trick)``: hooks such as payments for special tricks.

The one fast path: ``play``, ``discard`` and ``apply`` first try :meth:`TrickDeal._fast_combination`
and :meth:`TrickDeal._fast_discard`, which read the plain spellings (the hand's own type, a
tuple or list of pieces, a Move, its text), look the play up in the game's table, check the
hand's mask and ask the game's predicates; anything they do not vouch for is judged the
careful way. A property test offers every seat its own pieces as leads and follows and
checks that whatever the fast path accepts, ``judge`` accepts (``tests/test_trick_fast_path.py``).

The fast path lives in :mod:`gupai_learn.engine.trick_fast` (:class:`FastPlays`, a base of
:class:`TrickDeal`, with :class:`Lanes` and :class:`TextMoves`), a trick's records
(:class:`TrickPlay`, :class:`Trick`, :func:`may_beat`) in :mod:`gupai_learn.engine.trick_play`;
every name is importable from here too.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Sequence
from itertools import combinations
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

from gupai_learn.engine.combination import Combination as Combination
from gupai_learn.engine.deal import BaseDeal, Outcome
from gupai_learn.engine.moves import Call, Move, join
from gupai_learn.engine.trick_fast import FastPlays, Lanes, TextMoves
from gupai_learn.engine.trick_play import Trick, TrickPlay, may_beat
from gupai_learn.verdict import IllegalPlayError, Reason, Verdict

__all__ = [
    "Combination",
    "FastPlays",
    "Lanes",
    "TextMoves",
    "Trick",
    "TrickDeal",
    "TrickPlay",
    "may_beat",
]

P = TypeVar("P", bound=Hashable)
TD = TypeVar("TD", bound="TrickDeal[Any]")
_new_tuple = tuple.__new__


class TrickDeal(BaseDeal[P], FastPlays[P]):
    """Base class of a trick game's deal; see the module docstring for the hooks. Its fast path
    is :class:`~gupai_learn.engine.trick_fast.FastPlays`; this class judges and explains."""

    RULE_COUNT: ClassVar[str] = "COUNT"
    RULE_LEAD: ClassVar[str] = "LEAD"
    RULE_FACE_DOWN: ClassVar[str] = "FACE-DOWN"
    #: the rule that a face-up follow must beat the high play, and who takes the trick
    RULE_BEAT: ClassVar[str] = "BEAT"
    RULE_WINNER: ClassVar[str] = "WINNER"

    def __init__(self, hands: Sequence[tuple[P, ...]], leader: int = 0) -> None:
        self._hands = list(hands)
        self._turn = leader
        #: the plays of the trick in progress (a tuple: ``trick`` hands it out as it is)
        self._plays: tuple[TrickPlay, ...] = ()
        self._tricks: list[Trick] = []
        self._won = [0] * len(hands)
        self._high: TrickPlay | None = None
        self._n = len(hands)
        #: set by a game whose deal ends before play (Tien Gow's one red dot), with _close()
        self._closed = False
        self._left = sum(len(h) for h in self._hands)
        #: the deal has ended: no piece left, or closed (what is_over reads)
        self._ended = not self._left
        #: the last trick (or round) is under way: a game's forced face-down play (Tien Gow's
        #: early death, Tet-Gow's last round) may apply; until then ``legal_plays`` need not ask
        self._last = False
        #: each seat's hand as a mask of the game's scheme (-1: made when first needed)
        self._masks: list[int] = [-1] * len(hands)

    # ----- state -----------------------------------------------------------------------
    #: Plays of the current trick so far (empty: the seat to act leads); a C getter, as for
    #: ``is_over``: a playout asks it at every step.
    trick = property(
        attrgetter("_plays"),
        doc="Plays of the current trick so far (empty: the seat to act leads).",
    )

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
        """Every play so far with its seat and combination, in order (replays)."""
        return tuple(p for t in self._tricks for p in t.plays) + tuple(self._plays)

    @property
    def seated_history(self) -> tuple[tuple[int, Move], ...]:
        """(seat, move) for every play so far, in order."""
        return tuple((p.seat, p.move) for p in self.moves)

    #: True once every piece has been played (or the deal ended before play). A property
    #: whose getter is C code (``attrgetter``): playout loops ask it before every move, and a
    #: Python getter would cost a call each time.
    is_over = property(
        attrgetter("_ended"),
        doc="True once every piece has been played (or the deal ended before play).",
    )

    @property
    def current_high(self) -> TrickPlay | None:
        """The current trick's high play (its last face-up play), or None before the lead."""
        return self._high

    def _over(self) -> bool:
        return self._ended

    def _close(self) -> None:
        """End the deal before play (Tien Gow's one red dot)."""
        self._closed = self._ended = True

    # ----- public verbs ----------------------------------------------------------------
    # A fast path vouches for a play only when the seat is None or a whole number and the
    # input is plain: either a tuple found in the game's own tables (the hot path: a failed
    # hash or comparison there sends it to the careful way, and the pieces played are the
    # table's own, never the caller's objects) or, for any other spelling, input that
    # ``_plain_input`` passes (text, pieces of the game's type, a Move of plain fields).
    # Anything else is judged the careful way, which reads it before comparing or hashing it.
    def play(self, pieces: object, *, seat: object = None) -> TrickPlay:
        """Play ``pieces`` face up; raises :class:`IllegalPlayError` (state unchanged)."""
        if seat is None or type(seat) is int:
            fast = self._fast_combination(pieces, seat)
            if fast is not None:
                return self._apply(fast.pieces, fast)
        return self._apply_judged(pieces, False, seat)

    def discard(self, pieces: object, *, seat: object = None) -> TrickPlay:
        """Play ``pieces`` face down; raises :class:`IllegalPlayError` (state unchanged)."""
        if seat is None or type(seat) is int:
            down = self._fast_discard(pieces, seat)
            if down is not None:
                return self._apply(down, None)
        return self._apply_judged(pieces, True, seat)

    def apply(self, move: object, *, seat: object = None) -> TrickPlay:
        """Make ``move`` (a :class:`Move`, its text, or pieces to play face up)."""
        if (seat is None or type(seat) is int) and self._plain_input(move):
            found = self._fast_read(move)
            if found is not None:
                kind, pieces = found
                if kind == "play":
                    return self.play(pieces, seat=seat)
                if kind == "discard":
                    return self.discard(pieces, seat=seat)
        return self._apply_judged(move, False, seat)

    def legal_plays(self) -> list[Any]:
        """Every legal face-up play for the seat to act (face-down discards not listed)."""
        if not self._left or self._closed:
            return []
        if not self._plays:
            return self._leads(self._turn)
        if self._last and self._forced_down(self._turn):
            return []
        high = self._high
        assert high is not None  # the lead, face up or (a charity lead) face down
        return self._beats(self._turn, self._plays[0], high.combination)

    def _legal_moves(self) -> list[Move]:
        seat = self._turn
        moves = [_new_tuple(Move, ("play", p, None, None)) for p in self.legal_plays()]
        if self._plays:
            moves += self._discards(seat, len(self._plays[0].pieces))
        elif self._may_lead_face_down(seat):
            moves += [
                _new_tuple(Move, ("discard", (piece,), None, call))
                for piece in dict.fromkeys(self._hands[seat])
                for call in self._face_down_calls(seat)
            ]
        return moves

    def _discards(self, seat: int, size: int) -> list[Move]:
        """Every distinct face-down play of ``size`` pieces from ``seat``'s hand."""
        picks = dict.fromkeys(combinations(self._hands[seat], size))
        make = self._hand_type
        return [_new_tuple(Move, ("discard", make(p), None, None)) for p in picks]

    # ----- the trick checks ------------------------------------------------------------
    def _judge_move(self, seat: int, move: Move, out: Outcome) -> None:
        if move.kind not in ("play", "discard") or move.end is not None:
            text = f"{move} is not a move of a trick game: play pieces face up or face down."
            out.errors.append(Reason(self.RULE_LEAD, text))
            return
        if self._plays:
            self._judge_follow(seat, move, out)
        else:
            self._judge_lead(seat, move, out)

    def _judge_lead(self, who: int, move: Move, out: Outcome) -> None:
        if move.kind == "discard":
            if not self._may_lead_face_down(who):
                text = "A lead is always played face up; only followers play face down."
                out.errors.append(Reason(self.RULE_LEAD, text))
                return
            self._judge_face_down_lead(who, move, out)
            return
        combination, errors = self._lead_check(who, move.pieces)
        out.detail = combination
        out.errors += errors
        if combination is not None and not out.errors:
            out.notes += self._explain_lead(who, combination)

    def _judge_follow(self, who: int, move: Move, out: Outcome) -> None:
        size = len(self._plays[0].pieces)
        if len(move.pieces) != size:
            lead = self._plays[0]
            out.errors.append(
                Reason(
                    self.RULE_COUNT,
                    f"{self.name(lead.seat)} led {size} piece{'s' * (size > 1)}, so every "
                    f"follower plays exactly {size}; this play has {len(move.pieces)}.",
                )
            )
        if move.call is not None:
            text = f"Only a face-down lead names a suit; a follower's {move} cannot."
            out.errors.append(Reason(self.RULE_LEAD, text))
        if move.kind == "discard":
            out.notes += self._face_down_notes(who, move.pieces)
            return
        high = self.current_high
        assert high is not None
        combination, errors = self._follow_check(who, move.pieces, self._plays[0], high)
        out.detail = combination
        out.errors += errors
        if combination is not None and not out.errors:
            out.notes += self._explain_follow(who, combination, high)

    def _refusal(self, out: Outcome) -> str:
        if out.move is None:
            return "the play cannot be read" if out.errors[0].rule == self.RULE_SET else "no play"
        if not out.move.pieces:
            return f"{out.move} cannot be played now"
        return f"{join(out.move.pieces)} cannot be played now"

    def _summary(self, out: Outcome) -> str:
        assert out.move is not None
        shown = join(out.move.pieces)
        combination = out.detail
        if out.move.kind == "discard" or combination is None:
            call = f", calling {out.move.call}" if out.move.call else ""
            return f"{shown} face down{call}"
        verb = "lead" if not self._plays else "beats the table"
        return f"{shown} {verb}: {combination.name}, {combination.kind_name}"

    # ----- applying moves --------------------------------------------------------------
    def _apply_judged(self, raw: object, face_down: bool, seat: object) -> TrickPlay:
        out = self._judge(raw, face_down, seat)
        if not out.ok:
            raise IllegalPlayError(Verdict.illegal(out.errors, self._refusal(out)))
        return self._apply_move(out)

    def _apply_move(self, out: Outcome) -> TrickPlay:
        assert out.move is not None
        face_up = out.move.kind == "play"
        return self._apply(out.move.pieces, out.detail if face_up else None, out.move.call)

    def _apply(
        self, pieces: tuple[P, ...], combination: Combination | None, call: Call | None = None
    ) -> TrickPlay:
        seat = self._turn
        rest = list(self._hands[seat])
        for piece in pieces:  # pieces of the hand (vouched for or judged): no checks
            rest.remove(piece)
        self._hands[seat] = _new_tuple(self._hand_type, rest)
        left = self._left = self._left - len(pieces)
        if not left:
            self._ended = True
        # tuple.__new__ skips NamedTuple's Python-level constructor (this is the hot path)
        play = _new_tuple(TrickPlay, (seat, pieces, combination is not None, combination, call))
        plays = self._plays
        if combination is not None or not plays:
            self._high = play
        plays = self._plays = plays + (play,)
        self._after_play(play)
        if len(plays) == self._n:
            self._finish_trick(plays)
        else:
            self._turn = (seat + 1) % self._n
        return play

    def _finish_trick(self, plays: tuple[TrickPlay, ...]) -> None:
        trick = _new_tuple(Trick, (plays,))
        high = self._high
        winner = plays[0].seat if high is None else high.seat
        self._plays = ()
        self._high = None
        self._tricks.append(trick)
        self._won[winner] += len(plays[0].pieces)
        self._turn = winner
        self._trick_done(trick)

    #: The tuple type hands are kept in (a game may use a subclass that draws itself).
    _hand_type: ClassVar[type[tuple[Any, ...]]] = tuple

    # ----- search support (engine/search.py) -------------------------------------------
    def copy(self: TD) -> TD:
        """A copy to play on (see :meth:`BaseDeal.copy`): the trick in progress, the finished
        tricks and the counts won are copied too."""
        new = super().copy()
        new._tricks = self._tricks[:]
        new._won = self._won[:]
        new._masks = self._masks[:]
        return new

    def state_key(self) -> Hashable:
        """The hands and turn (:meth:`BaseDeal.state_key`), the plays of the trick in progress
        and the columns or tricks won per seat."""
        plays = tuple((p.seat, p.pieces, p.face_up, p.call) for p in self._plays)
        return (super().state_key(), plays, tuple(self._won))

    # ----- hooks a game fills in -------------------------------------------------------

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
    def _beats(self, seat: int, lead: TrickPlay, high: Combination | None) -> list[Any]:
        """Every legal face-up follow for ``seat`` (fast path; must agree with ``judge``)."""

    def _forced_down(self, seat: int) -> bool:
        return False

    def _may_lead_face_down(self, seat: int) -> bool:
        return False

    def _face_down_calls(self, seat: int) -> tuple[Call, ...]:
        """The suits a face-down lead may name (Bagchen's charity)."""
        return ()

    def _judge_face_down_lead(self, seat: int, move: Move, out: Outcome) -> None:
        """Judge a face-down lead where a game allows one (Bagchen's charity)."""

    def _face_down_notes(self, seat: int, pieces: tuple[P, ...]) -> list[Reason]:
        """Why a face-down follow is allowed."""
        text = "Played face down: it takes no part in the trick and is never shown."
        return [Reason(self.RULE_FACE_DOWN, text)]

    def _after_play(self, play: TrickPlay) -> None:
        """After a play (a game keeping its masks up to date updates them here); by default
        the seat's mask is made again when next needed."""
        self._masks[play.seat] = -1

    def _trick_done(self, trick: Trick) -> None:
        pass
