"""A Tien Gow deal: four hands, eight tricks' worth of tiles, every verdict explained.

Rule ids (rules/tien_gow.md): TG-SET, TG-DEAL, TG-BEAT-COUNT, TG-BEAT-STRICT, TG-BEAT-TIE,
TG-BEAT-OPTIONAL, TG-SUPREME, TG-TRICK-WINNER, TG-COLUMNS, TG-EARLY-DEATH, TG-TRICKPAY,
TG-RED-DOT. Settlement lives in :mod:`.settle`.

Speed: hands are also kept as bit masks over the 32 tile slots (a civil kind has two slots, a
military tile one), and every valid combination has a mask of the slots it needs, so listing
legal plays is a handful of integer ANDs (:mod:`.masks`). Plays found in that table skip
re-classification. Shuffling, dealing and checking the hands is :mod:`.dealing`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from gupai_learn.engine.deal import (
    MoveForm,
    Outcome,
    check_played_counts,
    check_players,
    seeded,
)
from gupai_learn.engine.moves import quote
from gupai_learn.engine.settlement import Payment
from gupai_learn.engine.trick import Combination, TextMoves, TrickDeal, TrickPlay
from gupai_learn.games.tien_gow.combos import (
    ALL_COMBOS,
    FAMILY,
    FAMILY_NAME,
    MIXED_KINDS,
    NUMBER_NAME,
    beat_errors,
    beat_note,
    canonical,
    classify_play,
    may_beat,
    shown,
)
from gupai_learn.games.tien_gow.dealing import (
    HAND_SIZE,
    SEATS,
    _check_hands,
    _check_state,
    deal_hands,
)
from gupai_learn.games.tien_gow.masks import (
    _TABLES,
    BIT,
    SET_COUNTS,
    SLOT,
    UPPER,
    UPPER_SLOTS,
    _need_mask,
    _without,
    hand_mask,
)
from gupai_learn.games.tien_gow.rules import Rules
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import Reason, SetupError

#: TG-TRICKPAY: what each other seat pays the winner of a trick won by these classes.
_TRICK_PAYMENT = {"supreme": 2, "quartet": 4}


def _read_tiles(raw: Any) -> Tiles:
    if isinstance(raw, Tile):
        return Tiles((raw,))
    if isinstance(raw, Combination):  # its pieces read again: a Combination can hold anything
        return canonical(as_tiles(tuple(raw.pieces)))
    return canonical(as_tiles(raw))


#: Move texts read once (a user's random player writes the same few texts again and again).
_TEXT_MOVES = TextMoves(_read_tiles)


_DEFAULT_RULES = Rules()


class Deal(TrickDeal[Tile]):
    """One Tien Gow hand. Seat 0 is the banker by default and leads the first trick.

    ``Deal(hands)`` takes four hands of equal size (notation strings or tiles). A full deal has
    eight tiles each; an endgame has fewer and must say how many ``columns`` each seat has
    already won (they add up to 8 minus the hand size). ``Deal.random(seed=...)`` shuffles
    and deals the 32 tiles.
    """

    RULE_TURN = "TG-DEAL"
    RULE_HAND = "TG-DEAL"
    RULE_SET = "TG-SET"
    RULE_COUNT = "TG-BEAT-COUNT"
    RULE_LEAD = "TG-LEAD-CLASS"
    RULE_OVER = "TG-COLUMNS"
    RULE_FACE_DOWN = "TG-BEAT-OPTIONAL"
    RULE_BEAT = "TG-BEAT-STRICT"
    RULE_WINNER = "TG-TRICK-WINNER"
    _hand_type = Tiles
    _text_moves = _TEXT_MOVES
    MOVE_FORMS = {
        "play": MoveForm("a face-up play of tiles"),
        "discard": MoveForm("a face-down play of tiles"),
    }

    def __init__(
        self,
        hands: Sequence[Any],
        rules: Rules | None = None,
        *,
        leader: int | None = None,
        banker: int = 0,
        won: Sequence[int] | None = None,
        columns: Sequence[int] | None = None,
        banker_streak: int = 0,
        first_lead_unbeatable: bool | None = None,
    ) -> None:
        if not isinstance(hands, (list, tuple)):
            raise SetupError(f"hands must be a list of {SEATS} hands, not {quote(hands)} (TG-DEAL)")
        parsed = [canonical(h if type(h) is Tiles else as_tiles(h)) for h in hands]
        _check_hands(parsed)
        if won is not None and columns is not None:
            raise SetupError("give won= or its alias columns=, not both (TG-COLUMNS)")
        self._setup(
            parsed,
            rules,
            leader=leader,
            banker=banker,
            columns=columns if won is None else won,
            banker_streak=banker_streak,
            first_lead_unbeatable=first_lead_unbeatable,
        )

    def _setup(
        self,
        parsed: list[Tiles],
        rules: Rules | None,
        *,
        leader: int | None = None,
        banker: int = 0,
        columns: Sequence[int] | None = None,
        banker_streak: int = 0,
        first_lead_unbeatable: bool | None = None,
    ) -> None:
        """Initialise from four valid hands in display order (the checks are done); seat 0
        leads unless ``leader`` is given."""
        size = len(parsed[0])
        if leader is None:
            leader = 0
        won = check_played_counts("columns", columns, size, HAND_SIZE, SEATS, "TG-COLUMNS")
        _check_state(rules, leader, banker, banker_streak, first_lead_unbeatable)
        super().__init__(parsed, leader)
        self.rules = rules or _DEFAULT_RULES
        self.banker = banker
        self.banker_streak = banker_streak
        self._won = list(won)
        self._masks = [-1] * SEATS  # made when first needed
        self._tables = _TABLES[self.rules.mixed_sets]
        self._table = self._tables.by_tiles
        self._start_hands = tuple(parsed)
        self._start = dict(
            hands=self._start_hands,
            rules=self.rules,
            leader=leader,
            banker=banker,
            columns=tuple(won),
            banker_streak=banker_streak,
            first_lead_unbeatable=first_lead_unbeatable,
        )
        self._full = size == HAND_SIZE
        self._first_lead: Combination | None = None
        self._first_unbeatable = first_lead_unbeatable
        self._last = False
        self.trick_payments: list[Payment] = []
        self.red_dot_seat = self._find_red_dot() if self.rules.one_red_dot and self._full else None
        if self.red_dot_seat is not None:
            self._close()

    @classmethod
    def random(
        cls,
        *,
        seed: int | random.Random | None = None,
        players: int | None = None,
        leader: int | None = None,
        rules: Rules | None = None,
        **kwargs: Any,
    ) -> Deal:
        """Shuffle the 32 tiles with ``random.Random(seed)`` and deal eight to each seat.

        ``seed`` may also be a :class:`random.Random` to draw from (a simulation that deals
        many hands from one generator); ``players`` can only be 4; seat 0 leads unless
        ``leader`` is given. Other keywords are those of :class:`Deal`."""
        check_players(players, (SEATS,), "TG-DEAL")
        dealt = deal_hands(seeded(seed))  # sorted hands from the set's order: no checks needed
        deal = cls.__new__(cls)
        deal._setup([hand for hand, _ in dealt], rules, leader=leader, **kwargs)
        deal._masks = [mask for _, mask in dealt]
        return deal

    # ----- state ---------------------------------------------------------------------
    @property
    def hands(self) -> tuple[Tiles, ...]:
        """The tiles each seat holds now."""
        return tuple(self._hands)  # type: ignore[arg-type]

    @property
    def columns(self) -> tuple[int, ...]:
        """Columns won so far per seat (TG-COLUMNS)."""
        return tuple(self._won)

    @property
    def winner(self) -> int | None:
        """The seat that won the hand (last trick, or one red dot); None while in play."""
        if self.red_dot_seat is not None:
            return self.red_dot_seat
        return self._tricks[-1].winner if self.is_over and self._tricks else None

    @property
    def first_lead(self) -> Combination | None:
        """The banker's first lead of the hand, if this deal saw it."""
        return self._first_lead

    def first_lead_unbeatable(self) -> bool | None:
        """TG-PAY-ALL-EXCEPTION: could no play from the tiles outside the banker's hand beat his
        first lead? None when this deal did not start from a full hand."""
        if self._first_unbeatable is not None:
            return self._first_unbeatable
        if self._first_lead is None or not self._full:
            return None
        return unbeatable_in_own_eyes(self._first_lead, self._start_hands[self.banker], self.rules)

    # ----- search support (engine/search.py) -----------------------------------------
    def copy(self) -> Deal:
        """A copy to play on (see :meth:`TrickDeal.copy`); hand masks and trick payments too."""
        new = super().copy()
        new._masks = self._masks[:]
        new.trick_payments = self.trick_payments[:]
        return new

    def state_key(self) -> Hashable:
        """Exact key (:meth:`TrickDeal.state_key`) plus what settlement needs besides the
        columns: the trick payments so far and the banker's first lead; and the last-trick
        flag of TG-EARLY-DEATH."""
        payments = tuple(self.trick_payments)
        return (super().state_key(), payments, self._first_lead, self._last)

    def last_trick_key(self) -> Hashable:
        """A coarser key, enough for who takes the last trick: the hands, the turn, the trick in
        progress as (plays made, lead size, high seat, high tiles), columns only as none / some
        (TG-EARLY-DEATH) and the last-trick flag. Positions that differ only in exact columns,
        trick payments or the first lead collide."""
        plays = self._plays
        high = self._high
        trick = (len(plays), len(plays[0].pieces), high.seat, high.pieces) if high else None
        return (*self._hands, self._turn, trick, *[not w for w in self._won], self._last)

    # ----- game hooks -----------------------------------------------------------------
    def _read(self, raw: object) -> Tiles:
        return _read_tiles(raw)

    def _set_reasons(self, pieces: tuple[Tile, ...]) -> list[Reason]:
        return [
            Reason("TG-SET", f"{t} has a blank end: it is not one of the 32 Chinese tiles.")
            for t in pieces
            if not t.is_chinese
        ]

    def _judge(self, raw: object, face_down: bool, seat: object) -> Outcome:
        if self.red_dot_seat is not None:
            out = super()._judge(raw, face_down, seat)
            out.errors = [
                Reason(
                    "TG-RED-DOT",
                    f"{self.name(self.red_dot_seat)} was dealt exactly one red pip and won at "
                    "once: the hand is not played.",
                )
            ]
            return out
        return super()._judge(raw, face_down, seat)

    def _mask(self, seat: int) -> int:
        mask = self._masks[seat]
        if mask < 0:
            mask = self._masks[seat] = hand_mask(self._hands[seat])
        return mask

    # ----- the engine's fast path: the game's mask scheme and beat rule -------------------
    def _need(self, pieces: Sequence[Tile]) -> int:
        return _need_mask(pieces)

    _may_beat = staticmethod(may_beat)

    def _lead_check(
        self, seat: int, pieces: tuple[Tile, ...]
    ) -> tuple[Combination | None, list[Reason]]:
        if not all(t.is_chinese for t in pieces):
            return None, []
        return classify_play(pieces, self.rules.mixed_sets)

    def _follow_check(
        self, seat: int, pieces: tuple[Tile, ...], lead: TrickPlay, high: TrickPlay
    ) -> tuple[Combination | None, list[Reason]]:
        errors = []
        if self._forced_down(seat):
            errors.append(self._early_death_reason(seat))
        if len(pieces) != len(lead.pieces) or not all(t.is_chinese for t in pieces):
            return None, errors
        combo, why = classify_play(pieces, self.rules.mixed_sets)
        if combo is None:
            text = f"{shown(pieces)} is not a combination of any class, so it cannot go face up."
            return None, [*errors, Reason("TG-BEAT-STRICT", text), *why]
        assert high.combination is not None
        return combo, errors + beat_errors(combo, high.combination, self._high_text(high))

    def _high_text(self, high: TrickPlay) -> str:
        combo = high.combination
        assert combo is not None
        what = "the lead" if high is self._plays[0] else f"{self.name(high.seat)}'s high play"
        return f"{what} {shown(combo.pieces)} ({combo.name})"

    def _explain_lead(self, seat: int, combination: Combination) -> list[Reason]:
        if combination.led_only:
            return [
                Reason("TG-SUPREME", "The Supreme pair wins whenever it is led: nothing beats it.")
            ]
        kind = combination.kind_name
        notes = [
            Reason(
                "TG-LEAD-CLASS",
                f"{shown(combination.pieces)} is {kind} ({combination.name}); only "
                f"{kind.split(' (')[0]} ranked strictly higher can beat it.",
            )
        ]
        if combination.kind in MIXED_KINDS:
            family = FAMILY[combination.pieces[0]]
            notes.append(
                Reason(
                    "TG-LEAD-FAMILY", f"{FAMILY_NAME[family]} goes with the {NUMBER_NAME[family]}s."
                )
            )
        return notes

    def _explain_follow(self, seat: int, combination: Combination, high: TrickPlay) -> list[Reason]:
        assert high.combination is not None
        return [
            beat_note(combination, high.combination, self._high_text(high)),
            Reason(
                "TG-TRICK-WINNER",
                f"{self.name(seat)} now holds the high play: unless a later play beats it, "
                f"{self.name(seat)} takes the trick.",
            ),
        ]

    def _face_down_notes(self, seat: int, pieces: tuple[Tile, ...]) -> list[Reason]:
        notes = super()._face_down_notes(seat, pieces)
        if self._forced_down(seat):
            notes.append(self._early_death_reason(seat))
        return notes

    def _early_death_reason(self, seat: int) -> Reason:
        return Reason(
            "TG-EARLY-DEATH",
            f"{self.name(seat)} has won no column before the last trick, so the last tile "
            "must go face down (early death).",
        )

    def _leads(self, seat: int) -> list[Tiles]:
        mask = self._masks[seat]
        if mask < 0:
            mask = self._mask(seat)
        leads_of = self._tables.leads_of
        found: list[Tiles] = []
        previous = None
        for tile in self._hands[seat]:
            if tile is previous:  # a hand is in display order: copies side by side
                continue
            previous = tile
            single, combos = leads_of[tile]
            found.append(single)
            if combos:
                for need, pieces in combos:
                    if need & mask == need:
                        found.append(pieces)
        return found

    def _beats(self, seat: int, lead: TrickPlay, high: Combination | None) -> list[Tiles]:
        assert high is not None
        if high.led_only:
            return []
        mask = self._masks[seat]
        if mask < 0:
            mask = self._mask(seat)
        union, above = self._tables.beats_of[high.pieces]
        if not mask & union:  # no slot any answer needs: nothing to list
            return []
        return [pieces for need, pieces in above if need & mask == need]

    def _forced_down(self, seat: int) -> bool:
        """TG-EARLY-DEATH: on the last trick (a single), a seat with no column plays face down."""
        return self._last and self._won[seat] == 0

    def _after_play(self, play: TrickPlay) -> None:
        seat, pieces = play.seat, play.pieces
        mask = self._masks[seat]
        if mask >= 0:
            if len(pieces) == 1:
                upper = UPPER[pieces[0]]
                self._masks[seat] = mask ^ (upper if mask & upper else BIT[pieces[0]])
            else:
                self._masks[seat] = _without(mask, pieces)
        if len(self._plays) == 1:
            # every hand held one tile when this single was led: the last trick
            self._last = not self._hands[seat] and len(play.pieces) == 1 and self.rules.early_death
            if not self._tricks and self._full and seat == self.banker:
                self._first_lead = play.combination

    def _trick_done(self, trick: Any) -> None:
        # every face-up play of a trick is of the lead's class (TG-BEAT-STRICT), so the lead
        # names the class that won it without looking for the high play
        kind = trick.plays[0].combination.kind
        amount = _TRICK_PAYMENT.get(kind)
        if amount is None or not self.rules.trick_payments:
            return
        what = "the Supreme pair" if kind == "supreme" else "a quartet"
        for seat in range(SEATS):
            if seat == trick.winner:
                continue
            factor = 2 if self.banker in (seat, trick.winner) else 1
            text = f"{self.name(trick.winner)} won a trick with {what}: {amount}"
            rules: tuple[str, ...] = ("TG-TRICKPAY",)
            if factor == 2:
                text += " × 2 banker double"
                rules += ("TG-PAY-BANKER",)
            self.trick_payments.append(Payment(seat, trick.winner, amount * factor, text, rules))

    def _find_red_dot(self) -> int | None:
        for seat, hand in enumerate(self._hands):
            if sum(t.red_pips for t in hand) == 1:
                return seat
        return None

    # ----- text -------------------------------------------------------------------------
    def __repr__(self) -> str:
        if self.is_over:
            return f"<tien_gow.Deal over after {len(self._tricks)} tricks>"
        return f"<tien_gow.Deal trick {len(self._tricks) + 1}, {self.name(self._turn)} to play>"

    def __str__(self) -> str:
        lines = [repr(self)]
        for seat, hand in enumerate(self._hands):
            lines.append(f"  {self.name(seat):5} {self._won[seat]} col  {hand}")
        if self._plays:
            lines.append("  trick: " + ", ".join(_play_text(self, p) for p in self._plays))
        return "\n".join(lines)

    def transcript(self) -> str:
        """The tricks so far as text, one line per trick (for replays and golden tests)."""
        out = []
        for i, trick in enumerate(self._tricks, 1):
            plays = ", ".join(_play_text(self, p) for p in trick.plays)
            out.append(f"{i}. {plays} -> {self.name(trick.winner)} +{trick.size}")
        return "\n".join(out)


def _play_text(deal: Deal, play: TrickPlay) -> str:
    return f"{deal.name(play.seat)} {play.move}"


def unbeatable_in_own_eyes(lead: Combination, hand: Sequence[Tile], rules: Rules) -> bool:
    """TG-PAY-ALL-EXCEPTION: True if no play made from the tiles outside ``hand`` could beat
    ``lead`` (a combination led from that hand)."""
    if lead.led_only:
        return True
    outside = SET_COUNTS - Counter(hand)
    for combo in ALL_COMBOS[rules.mixed_sets].values():
        if combo.kind == lead.kind and combo.rank > lead.rank:
            need = Counter(combo.pieces)
            if all(outside[t] >= n for t, n in need.items()):
                return False
    return True


#: The deal; the names solver.py, bench.py and tests import from here that now live in
#: :mod:`.dealing` and :mod:`.masks` are re-exported.
__all__ = [
    "HAND_SIZE",
    "SEATS",
    "SLOT",
    "UPPER_SLOTS",
    "_TABLES",
    "Deal",
    "_without",
    "hand_mask",
    "unbeatable_in_own_eyes",
]
