"""A Bagchen deal: four hands of sixteen from the double set, the dice's point tiles, passports
and charity, every verdict explained.

Rule ids (rules/bagchen.md): BG-SET, BG-DEAL, BG-RANK, BG-COMBO-SKY, BG-COMBO-EARTH,
BG-COMBO-MIXED, BG-MOTHER-SON, BG-HORSE, BG-POINT-ROLL, BG-POINT-PLAY, BG-POINT-PAY, BG-TRICKS,
BG-PASSPORT, BG-PASSPORT-LEAD, BG-REDEAL, BG-FOUR-HEAVENS, BG-SEEK, BG-CHARITY. Settlement
(BG-PAY-NORMAL, BG-PAY-JUMP, BG-SLAM) lives in :mod:`.settle`, the deal before play in
:mod:`.dealing`, the passport's clauses and words in :mod:`.passport`.

Speed: a hand is also a 64-bit slot mask (each kind owns as many slots as the set has copies,
filled from the bottom), and every valid lead has the mask it needs, so listing leads of a
sixteen-tile hand counts by kind instead of enumerating subsets of tiles (:mod:`.masks`).

Interpretations (the ruling leaves them open; each is also said where it is coded):

- a point tile never beats, not even a charity lead of its suit (BG-POINT-PLAY is general);
- a charity lead must name a call (``!sky``, ``!earth`` or ``!any``; "any" = no suit named);
- passport clause (1) is judged from the unseen tiles: the set minus the leader's hand minus
  every tile played face up in this deal (a shown Four Heavens stays in its holder's hand);
- ``Deal.random`` redeals while a seat may ask for it (every such seat asks), and with
  ``seek`` on, every seat with a lone mother or son announces and every holder of a lone
  partner answers (:func:`seek`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from gupai_learn import decks
from gupai_learn.engine.deal import (
    MoveForm,
    Outcome,
    check_played_counts,
    check_players,
    check_rules,
    check_seat,
    seeded,
)
from gupai_learn.engine.moves import Call, Move, quote
from gupai_learn.engine.settlement import Payment
from gupai_learn.engine.trick import Combination, TextMoves, TrickDeal, TrickPlay
from gupai_learn.games.bagchen.combos import (
    HEAVEN,
    KIND_RULE,
    NO_POINTS,
    Tables,
    beat_errors,
    beat_note,
    canonical,
    classify_play,
    hand_mask,
    may_beat,
    point_kinds,
    point_value,
    read_roll,
    shown,
    tables,
)
from gupai_learn.games.bagchen.dealing import (
    HAND_SIZE,
    SEATS,
    TRICKS,
    _check_hands,
    _may_redeal,
    deal_hands,
    roll_dice,
    seek,
    top_kinds,
)
from gupai_learn.games.bagchen.masks import KIND_LANES, mask_without, unseen_mask
from gupai_learn.games.bagchen.passport import (
    _FALLBACKS,
    CLAUSES,
    PASSPORT,
    fallback_tier,
    passport_clause,
    passport_error,
    passport_note,
)
from gupai_learn.games.bagchen.rules import Rules
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import Reason, SetupError

_DEFAULT_RULES = Rules()


#: Move texts read once (a user's random player writes the same few texts again and again).
_TEXT_MOVES = TextMoves(as_tiles)


def _read_tiles(raw: Any) -> Tiles:
    if isinstance(raw, Tile):
        return Tiles((raw,))
    if isinstance(raw, Combination):  # its pieces read again: a Combination can hold anything
        return canonical(as_tiles(tuple(raw.pieces)))
    return canonical(as_tiles(raw))


class Deal(TrickDeal[Tile]):
    """One Bagchen deal. ``Deal(hands, point="[2:2]")``: four hands of equal size (notation or
    tiles); ``point`` is the dice roll naming the point tiles (None: no tile is a point, for
    positions that teach other rules; :meth:`random` always rolls). A full deal has sixteen
    tiles each; an endgame has fewer and gives ``won=`` (tricks each seat has, adding up to 16
    minus the hand size). ``leader`` leads the first trick.
    """

    RULE_TURN = "BG-DEAL"
    RULE_HAND = "BG-DEAL"
    RULE_SET = "BG-SET"
    RULE_COUNT = "BG-TRICKS"
    RULE_LEAD = "BG-TRICKS"
    RULE_OVER = "BG-TRICKS"
    RULE_FACE_DOWN = "BG-TRICKS"
    #: a face-down play may call a suit: only as a charity lead (BG-CHARITY, judged there)
    MOVE_FORMS = {
        "play": MoveForm("a face-up play of tiles"),
        "discard": MoveForm("a face-down play of tiles", call=True),
    }
    RULE_BEAT = "BG-RANK"
    RULE_WINNER = "BG-TRICKS"
    _hand_type = Tiles
    _text_moves = _TEXT_MOVES

    def __init__(
        self,
        hands: Sequence[Any],
        rules: Rules | None = None,
        *,
        leader: int | None = None,
        point: object = None,
        won: Sequence[int] | None = None,
    ) -> None:
        if not isinstance(hands, (list, tuple)):
            raise SetupError(f"hands must be a list of {SEATS} hands, not {quote(hands)} (BG-DEAL)")
        parsed = [canonical(h if type(h) is Tiles else as_tiles(h)) for h in hands]
        _check_hands(parsed)
        self._setup(parsed, rules, point=point, leader=0 if leader is None else leader, won=won)

    def _setup(
        self,
        parsed: list[Tiles],
        rules: Rules | None,
        *,
        point: object = None,
        leader: int = 0,
        won: Sequence[int] | None = None,
    ) -> None:
        """Initialise from four valid hands in display order."""
        if rules is not None and not isinstance(rules, Rules):
            raise SetupError(f"rules={quote(rules)}: give a bagchen.Rules(...) or None")
        check_seat("leader", leader, SEATS, "BG-DEAL")
        roll = point if type(point) is Tile and point.is_chinese else None
        if roll is None and point is not None:
            roll = read_roll(point)
        size = len(parsed[0])
        counts = check_played_counts("won", won, size, HAND_SIZE, SEATS, "BG-TRICKS")
        super().__init__(parsed, leader)
        self.rules = _DEFAULT_RULES if rules is None else rules
        self.point = roll
        self._points = NO_POINTS if roll is None else point_kinds(roll)
        self._tables: Tables = tables(self._points, self.rules.earth_any_mix)
        self._table = self._tables.by_tiles
        self._won = counts
        self._masks = [hand_mask(h) for h in parsed]
        self._seen: Counter[Tile] = Counter()
        self._start_hands = tuple(parsed)
        self._start = dict(
            hands=self._start_hands,
            rules=self.rules,
            point=roll,
            leader=leader,
            won=tuple(counts),
        )
        #: (trick index, payments) of every point lead so far (BG-POINT-PAY)
        self.point_payments: list[tuple[int, tuple[Payment, ...]]] = []
        #: what happened before play: redeals, a mother looking for her son (texts)
        self.log: list[str] = []
        self.redeals = 0
        self.shown: dict[int, Tiles] = self._four_heavens(size)
        self._allowed_cache: tuple[tuple[int, int, int], tuple[list[Tiles], str]] | None = None

    @classmethod
    def random(
        cls,
        *,
        seed: int | random.Random | None = None,
        players: int | None = None,
        leader: int | None = None,
        rules: Rules | None = None,
        point: object = None,
        **kwargs: Any,
    ) -> Deal:
        """Shuffle the 64 tiles with ``random.Random(seed)``, deal sixteen to each seat and roll
        two dice for the point (BG-DEAL, BG-POINT-ROLL). The first leader is drawn at random
        unless ``leader`` is given. With ``redeal`` on, the deal is made again while a seat may
        ask for it (BG-REDEAL); with ``seek`` on, mothers look for sons (BG-SEEK)."""
        rng = seeded(seed)
        rules = check_rules(rules, _DEFAULT_RULES, "bagchen")
        check_players(players, (SEATS,), "BG-DEAL")
        first = decks.randrange(rng, SEATS) if leader is None else leader
        hands, roll, redeals, log = deal_hands(rng, rules, point, cls.SEAT_NAMES)
        deal = cls.__new__(cls)
        deal._setup([Tiles(h) for h in hands], rules, point=roll, leader=first, **kwargs)
        deal.redeals, deal.log = redeals, log
        return deal

    # ----- state ---------------------------------------------------------------------
    @property
    def hands(self) -> tuple[Tiles, ...]:
        """The tiles each seat holds now."""
        return tuple(self._hands)  # type: ignore[arg-type]

    @property
    def point_tiles(self) -> Tiles:
        """BG-POINT-ROLL: the four point tiles of this deal (empty when no roll was given)."""
        return Tiles(t for t in decks.chinese_double() if t in self._points)

    @property
    def winner(self) -> int | None:
        """The seat that took the last trick (it wins the deal); None while in play."""
        return self._tricks[-1].winner if self.is_over and self._tricks else None

    def passport(self, seat: int) -> bool:
        """BG-PASSPORT: has ``seat`` taken six tricks or more?"""
        check_seat("seat", seat, SEATS, "BG-PASSPORT")
        return self._won[seat] >= PASSPORT

    def may_redeal(self, seat: int) -> bool:
        """BG-REDEAL: may ``seat`` ask for a redeal (no chief or minister in its dealt hand)?"""
        check_seat("seat", seat, SEATS, "BG-REDEAL")
        hand = self._start_hands[seat]
        return self.rules.redeal and len(hand) == HAND_SIZE and _may_redeal(hand, self.point)

    def combination(self, pieces: object) -> Combination | None:
        """The combination ``pieces`` make as a lead in this deal (points included), or None."""
        entry = self._tables.by_tiles.get(_read_tiles(pieces))
        return None if entry is None else entry[1]

    def piece_mark(self, tile: Tile) -> str:
        """The word the widgets draw above a tile: "point" for a point tile (BG-POINT-ROLL)."""
        return "point" if tile in self._points else ""

    def is_point(self, tile: object) -> bool:
        """Whether ``tile`` is a point tile in this deal."""
        return _read_tiles(tile)[0] in self._points

    def discard(
        self, pieces: object, *, call: Call | None = None, seat: object = None
    ) -> TrickPlay:
        """Play ``pieces`` face down; ``call`` ("sky", "earth" or "any") makes it a charity lead
        (BG-CHARITY). Raises :class:`IllegalPlayError`, state unchanged."""
        if call is None:
            return super().discard(pieces, seat=seat)
        # pieces and call as given, read and checked by the careful path
        return self._apply_judged(tuple.__new__(Move, ("discard", pieces, None, call)), True, seat)

    # ----- search support ------------------------------------------------------------------
    def copy(self) -> Deal:
        """A copy to play on; masks, seen tiles and point payments too."""
        new = super().copy()
        new._masks = self._masks[:]
        new._seen = self._seen.copy()
        new.point_payments = self.point_payments[:]
        return new

    def state_key(self) -> Hashable:
        """Exact key: hands, turn, trick, tricks won, tiles seen face up and point payments."""
        seen = tuple(sorted(self._seen.items()))
        return (super().state_key(), seen, tuple(self.point_payments))

    def last_trick_key(self) -> Hashable:
        """A coarser key, enough for who takes the last trick: hands, turn, the trick in progress,
        passports (not exact tricks) and the tiles seen face up (passport clause (1))."""
        plays = tuple((p.seat, p.pieces, p.face_up, p.call) for p in self._plays)
        passports = tuple(w >= PASSPORT for w in self._won)
        seen = tuple(sorted(self._seen.items())) if self.rules.passport_leads else ()
        return (*self._masks, self._turn, plays, passports, seen)

    # ----- game hooks ----------------------------------------------------------------------
    def _read(self, raw: object) -> Tiles:
        return _read_tiles(raw)

    def _set_reasons(self, pieces: tuple[Tile, ...]) -> list[Reason]:
        return [
            Reason("BG-SET", f"{t} has a blank end: it is not one of the 64 Chinese tiles.")
            for t in pieces
            if not t.is_chinese
        ]

    # ----- the engine's fast path: the game's mask scheme, lead and beat rules ---------------
    def _need(self, pieces: Sequence[Tile]) -> int:
        return hand_mask(pieces)

    _lead_rule = True

    def _may_lead(self, seat: int, combination: Combination) -> bool:
        """BG-PASSPORT-LEAD: a seat with a passport leads only what its clauses allow."""
        if not self.rules.passport_leads or self._won[seat] < PASSPORT:  # self._restricted
            return True
        return combination.pieces in self._allowed(seat)[0]

    _may_beat = staticmethod(may_beat)

    def _judge_lead(self, who: int, move: Move, out: Outcome) -> None:
        if move.kind == "discard":
            self._judge_charity(who, move, out)
            return
        super()._judge_lead(who, move, out)  # a face-up play with a call: refused as a misfit

    def _judge_charity(self, who: int, move: Move, out: Outcome) -> None:
        """BG-CHARITY: a face-down lead of one tile naming sky, earth or any."""
        name = self.name(who)
        if not self.rules.charity:
            text = "This game is played without charity: every lead is played face up."
            out.errors.append(Reason("BG-CHARITY", text))
        if self.passport(who):
            text = (
                f"{name} has a passport ({self._won[who]} tricks): only a player without a "
                "passport may lead face down (charity)."
            )
            out.errors.append(Reason("BG-CHARITY", text))
        if len(move.pieces) != 1:
            text = f"A charity lead is one tile face down, not {len(move.pieces)}."
            out.errors.append(Reason("BG-CHARITY", text))
        if move.call is None:
            text = "A charity lead names a call: write down:[2:1]!sky, !earth, or !any (no suit)."
            out.errors.append(Reason("BG-CHARITY", text))
        if not out.errors:
            said = "any tile" if move.call == "any" else f"any {move.call} tile"
            text = f"A charity lead calling {move.call}: {said} played face up beats it."
            out.notes.append(Reason("BG-CHARITY", text))

    def _lead_check(
        self, seat: int, pieces: tuple[Tile, ...]
    ) -> tuple[Combination | None, list[Reason]]:
        if not all(t.is_chinese for t in pieces):
            return None, []
        combo, errors = classify_play(pieces, self._points, self.rules.earth_any_mix)
        if combo is not None and self._restricted(seat):
            errors = errors + self._passport_errors(seat, combo)
        return combo, errors

    def _follow_check(
        self, seat: int, pieces: tuple[Tile, ...], lead: TrickPlay, high: TrickPlay
    ) -> tuple[Combination | None, list[Reason]]:
        if len(pieces) != len(lead.pieces) or not all(t.is_chinese for t in pieces):
            return None, []
        combo, why = classify_play(pieces, self._points, self.rules.earth_any_mix)
        if high.combination is None:
            return self._charity_check(pieces[0], combo, lead.call or "any")
        if combo is None:
            rule = KIND_RULE[high.combination.kind]
            text = f"{shown(pieces)} is not a combination of any class, so it cannot go face up."
            return None, [Reason(rule, text), *why]
        return combo, beat_errors(combo, high.combination, self._high_text(high))

    def _charity_check(
        self, tile: Tile, combo: Combination | None, call: str
    ) -> tuple[Combination | None, list[Reason]]:
        if tile in self._points:
            text = f"{tile} is a point tile: a point never beats anything, not even a charity lead."
            return combo, [Reason("BG-POINT-PLAY", text)]
        suit = "sky" if tile.is_civil else "earth"
        if call not in ("any", suit):
            a_suit = "a sky" if suit == "sky" else "an earth"
            text = f"The charity lead called {call}; {tile} is {a_suit} tile: it does not beat it."
            return combo, [Reason("BG-CHARITY", text)]
        return combo, []

    def _high_text(self, high: TrickPlay) -> str:
        combo = high.combination
        assert combo is not None
        what = "the lead" if high is self._plays[0] else f"{self.name(high.seat)}'s high play"
        return f"{what} {shown(combo.pieces)} ({combo.name})"

    def _explain_lead(self, seat: int, combination: Combination) -> list[Reason]:
        kind = combination.kind
        body = f"{shown(combination.pieces)} is {combination.kind_name} ({combination.name})"
        if kind == "point":
            value = point_value(combination)
            notes = [
                Reason("BG-POINT-PLAY", f"{body}: nothing beats a point lead, it takes the trick."),
                Reason(
                    "BG-POINT-PAY",
                    f"It collects {value} chip{'s' * (value > 1)} from each other player "
                    "without a passport.",
                ),
            ]
        elif kind == "mother-son":
            notes = [
                Reason("BG-MOTHER-SON", f"{body}: nothing beats it when led."),
                Reason(
                    "BG-POINT-PAY",
                    "It counts as one point: one chip from each other player without a passport.",
                ),
            ]
        elif combination.led_only:
            notes = [Reason("BG-HORSE", f"{body}: nothing beats a full horse.")]
        else:
            n = len(combination.pieces)
            same = combination.kind_name if n == 1 else f"{combination.kind_name} of {n} tiles"
            notes = [
                Reason(KIND_RULE[kind], f"{body}; only {same} ranked strictly higher beats it.")
            ]
        if self._restricted(seat):
            notes.append(self._passport_note(seat, combination))
        return notes

    def _explain_follow(self, seat: int, combination: Combination, high: TrickPlay) -> list[Reason]:
        if high.combination is None:
            lead = self._plays[0]
            first = Reason(
                "BG-CHARITY",
                f"{shown(combination.pieces)} beats the face-down charity lead calling "
                f"{lead.call}.",
            )
        else:
            first = beat_note(combination, high.combination, self._high_text(high))
        name = self.name(seat)
        text = (
            f"{name} now holds the high play: unless a later play beats it, {name} takes the trick."
        )
        return [first, Reason("BG-TRICKS", text)]

    # ----- listing legal plays ---------------------------------------------------------------
    def _all_leads(self, seat: int) -> list[Tiles]:
        """Every valid lead of the seat's hand, by kind (no passport restriction)."""
        mask = self._masks[seat]
        anchored = self._tables.anchored
        return [  # one comprehension (not one per tile); copies of a tile are listed once
            pieces
            for tile in dict.fromkeys(self._hands[seat])
            for need, pieces in anchored[tile]
            if need & mask == need
        ]

    def _leads(self, seat: int) -> list[Tiles]:
        if self._restricted(seat):
            return list(self._allowed(seat)[0])
        return self._all_leads(seat)

    def _allowed(self, seat: int) -> tuple[list[Tiles], str]:
        """The passport leads of ``seat`` now (cached for the position: a lead listed and then
        played is judged once)."""
        key = (seat, len(self._tricks), len(self._plays))
        cached = self._allowed_cache
        if cached is None or cached[0] != key:
            cached = self._allowed_cache = (
                key,
                self._passport_allowed(seat, self._all_leads(seat)),
            )
        return cached[1]

    def _beats(self, seat: int, lead: TrickPlay, high: Combination | None) -> list[Tiles]:
        mask = self._masks[seat]
        if high is None:  # a charity lead: singles of the called suit
            pool = self._tables.suit_singles[lead.call or "any"]
        elif high.led_only:
            return []
        else:
            pool = self._tables.above[high.pieces]
        return [pieces for need, pieces in pool if need & mask == need]

    def _may_lead_face_down(self, seat: int) -> bool:
        return self.rules.charity and self._won[seat] < PASSPORT

    def _face_down_calls(self, seat: int) -> tuple[Call, ...]:
        return ("sky", "earth", "any")

    # ----- passports (BG-PASSPORT, BG-PASSPORT-LEAD) -------------------------------------------
    def _restricted(self, seat: int) -> bool:
        return self.rules.passport_leads and self._won[seat] >= PASSPORT

    def _unseen_mask(self, seat: int) -> int:
        """Slot mask of the tiles ``seat`` has not seen: the set minus his hand minus every tile
        played face up in this deal."""
        return unseen_mask(self._masks[seat], self._seen)

    def _beaters(self, combo: Combination, unseen: int) -> list[Tiles]:
        """Plays that could still beat ``combo``, made of tiles of the ``unseen`` mask."""
        return [p for need, p in self._tables.above.get(combo.pieces, ()) if need & unseen == need]

    def clause(self, seat: int, combo: Combination) -> int | None:
        """BG-PASSPORT-LEAD: the passport clause (1-4) that allows ``seat`` to lead ``combo``,
        or None when none does."""
        return self._clause(combo, self._unseen_mask(seat), self._rest(seat))

    def _rest(self, seat: int) -> Counter[Tile]:
        """The seat's tiles that are not point tiles (clause 4)."""
        return Counter(t for t in self._hands[seat] if t not in self._points)

    def _clause(self, combo: Combination, unseen: int, rest: Counter[Tile]) -> int | None:
        return passport_clause(self._tables.above, combo, unseen, rest)

    def _passport_allowed(self, seat: int, leads: list[Tiles]) -> tuple[list[Tiles], str]:
        """The leads a passport allows, and the clause or fallback that allows them."""
        by_tiles = self._tables.by_tiles
        combos = [by_tiles[p][1] for p in leads]
        unseen, rest = self._unseen_mask(seat), self._rest(seat)
        allowed = [p for p, c in zip(leads, combos, strict=True) if self._clause(c, unseen, rest)]
        if allowed:
            return allowed, "clauses"
        tiers = [fallback_tier(c) for c in combos]
        best = min(tiers)
        return [p for p, t in zip(leads, tiers, strict=True) if t == best], _FALLBACKS[best]

    def _passport_note(self, seat: int, combo: Combination) -> Reason:
        found = self.clause(seat, combo)
        why = "" if found is not None else self._allowed(seat)[1]
        return passport_note(self._holder(seat), found, why)

    def _passport_errors(self, seat: int, combo: Combination) -> list[Reason]:
        if self._may_lead(seat, combo):  # the lead rule the fast path asks, in words below
            return []
        _, why = self._allowed(seat)
        beaters = self._beaters(combo, self._unseen_mask(seat)) if why == "clauses" else []
        if why == "clauses" and not beaters:  # unbeatable as he sees it: clause (1) allows it
            return []  # (a tile he does not hold is refused by the hand check alone)
        return [passport_error(self._holder(seat), combo, why, beaters[0] if beaters else None)]

    def _holder(self, seat: int) -> str:
        return f"{self.name(seat)} has a passport ({self._won[seat]} tricks)"

    # ----- during play ---------------------------------------------------------------------------
    def _after_play(self, play: TrickPlay) -> None:
        self._masks[play.seat] = mask_without(self._masks[play.seat], play.pieces)
        if play.face_up:
            seen = self._seen
            for tile in play.pieces:
                seen[tile] += 1

    def _trick_done(self, trick: Any) -> None:
        lead = trick.plays[0].combination
        value = point_value(lead)
        if not value:
            return
        leader = trick.leader
        what = "mother-and-son" if lead.kind == "mother-son" else f"point lead {shown(lead.pieces)}"
        pays = tuple(
            Payment(
                s,
                leader,
                value,
                f"{what}: {value} per player without a passport",
                ("BG-POINT-PAY",),
            )
            for s in range(SEATS)
            if s != leader and self._won[s] < PASSPORT
        )
        self.point_payments.append((len(self._tricks) - 1, pays))

    def _four_heavens(self, size: int) -> dict[int, Tiles]:
        """BG-FOUR-HEAVENS: a seat dealt all four [6:6], not points, shows them."""
        if not self.rules.four_heavens or size != HAND_SIZE or HEAVEN in self._points:
            return {}
        return {
            s: Tiles((HEAVEN,) * 4) for s, hand in enumerate(self._hands) if hand.count(HEAVEN) == 4
        }

    # ----- text -----------------------------------------------------------------------------------
    def __repr__(self) -> str:
        if self.is_over:
            return f"<bagchen.Deal over after {len(self._tricks)} tricks>"
        return f"<bagchen.Deal trick {len(self._tricks) + 1}, {self.name(self._turn)} to play>"

    def __str__(self) -> str:
        roll = "no point" if self.point is None else f"point {self.point}: {self.point_tiles}"
        lines = [repr(self), f"  {roll}"]
        for seat, hand in enumerate(self._hands):
            mark = " passport" if self._won[seat] >= PASSPORT else ""
            lines.append(f"  {self.name(seat):5} {self._won[seat]:2} tricks{mark}  {hand}")
        if self._plays:
            lines.append(
                "  trick: " + ", ".join(f"{self.name(p.seat)} {p.move}" for p in self._plays)
            )
        return "\n".join(lines)


#: The deal; the names of the deal before play (:mod:`.dealing`), the passport
#: (:mod:`.passport`) and the masks (:mod:`.masks`) stay importable from here.
__all__ = [
    "CLAUSES",
    "HAND_SIZE",
    "KIND_LANES",
    "PASSPORT",
    "SEATS",
    "TRICKS",
    "Deal",
    "fallback_tier",
    "mask_without",
    "roll_dice",
    "seek",
    "top_kinds",
]
