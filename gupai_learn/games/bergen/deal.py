"""A Bergen round: hands from a double-six set, a boneyard to draw from, headers as you play.

Rule ids (rules/bergen.md): BE-SET, BE-DEAL, BE-RESERVE, BE-OPEN, BE-PLAY, BE-DRAW; scoring
during play (BE-HEADER-DOUBLE, BE-HEADER-TRIPLE, BE-HEADER-CAP) comes from :mod:`.headers`; the
end of the round (BE-END-DOMINO, BE-END-BLOCKED) from :mod:`.settle`; the target (BE-GAME).

Seats are numbered in the direction of play (clockwise at the table). Every turn is one move:
a tile at an open end, one ``draw`` (the seat then acts again), or ``pass`` when it can neither
play nor draw. Doubles lie across the line and never branch.

Speed (random playouts run through the public API): moves are listed and tiles placed by the
line engine's one fast path (:class:`~gupai_learn.engine.line.LineDeal`), the line noted and
built only when read; this game's hook after a placement (:meth:`Deal._placed`) scores the
header: its award is made once per situation (seat, ends, uncovered doubles, running
total, rules) and read from the noted ends. The property tests compare the line with
``Layout.add`` and each award with :meth:`Deal.header_after`.

Interpretations where the ruling leaves a case open (said here and in the issue note):

- Explicit hands in which nobody holds a double cannot open (BE-OPEN): ``Deal(...)`` raises a
  ValueError asking for a redeal; ``Deal.random`` redeals by itself, from the same seeded stream.
- A seat left with no tile before the round ends cannot happen (playing the last tile ends the
  round), so every seat to act holds at least one tile.
- The round is blocked as soon as no seat can place a tile and only the reserved tiles (or none)
  are left to draw: nobody would do anything but pass, so the passes are not played out.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any

from gupai_learn import decks
from gupai_learn.engine.deal import (
    MoveForm,
    Outcome,
    check_players,
    check_rules,
    check_seat,
    seeded,
)
from gupai_learn.engine.line import PLACEMENT, LineDeal, Placed, placement
from gupai_learn.engine.moves import DRAW, PASS, End, Move, quote
from gupai_learn.engine.settlement import Award, Settlement
from gupai_learn.games.bergen.headers import Header, header
from gupai_learn.games.bergen.rules import Rules
from gupai_learn.games.bergen.settle import BLOCKED_NAMES, DOMINO_POINTS, Blocked, decide_blocked
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import Reason, SetupError

#: The 28 tiles in the order a shuffle starts from, and as a set.
_SET_ORDER: tuple[Tile, ...] = tuple(decks.double_six())
DECK: frozenset[Tile] = frozenset(_SET_ORDER)
_new = tuple.__new__
_NAMES = {2: ("East", "West"), 3: ("East", "South", "West"), 4: ("East", "South", "West", "North")}


class Deal(LineDeal):
    """One Bergen round.

    ``Deal(hands, boneyard=[...], rules=Rules(players=n), scores=(0,) * n)`` takes one hand per
    player and the boneyard in drawing order (the last ``rules.reserved`` tiles are never drawn);
    ``scores`` is the match score before this round (for the cap near the target). The holder of
    the opening double acts first and must lead it (BE-OPEN). ``Deal.random(seed=...)`` shuffles
    the 28 tiles and deals (BE-DEAL), redealing when nobody holds a double.

    >>> deal = Deal(["[1:1] [1:0]", "[2:1] [6:6]"], boneyard=["[5:0]", "[4:0]", "[3:0]"])
    >>> deal.turn, deal.legal_moves()
    (0, [Move.parse('[1:1]')])
    >>> _ = deal.play("[1:1]"); deal.round_points
    (2, 0)
    """

    RULE_TURN = "BE-PLAY"
    RULE_HAND = "BE-DEAL"
    RULE_SET = "BE-SET"
    RULE_OVER = "BE-GAME"
    RULE_PLAY = "BE-PLAY"
    DOUBLES_ACROSS = True
    MOVE_FORMS = {
        "play": PLACEMENT,
        "draw": MoveForm("a draw from the boneyard", pieces=False),
        "pass": MoveForm("a pass", pieces=False),
    }

    def __init__(
        self,
        hands: Sequence[Any],
        rules: Rules | None = None,
        *,
        leader: int | None = None,
        boneyard: Sequence[Any] = (),
        scores: Sequence[int] | None = None,
    ) -> None:
        rules = check_rules(rules, _DEFAULT_RULES, "bergen")
        if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
            raise SetupError(
                f"hands must be a list of {rules.players} hands for {rules.players} players, "
                f"not {quote(hands)} (BE-DEAL)"
            )
        parsed = [Tiles(sorted(as_tiles(h), reverse=True)) for h in hands]
        pile = Tiles(as_tiles(boneyard) if isinstance(boneyard, str) else _tiles(boneyard))
        _check_tiles(parsed, pile, rules)
        self._setup(parsed, pile, rules, _checked_scores(scores, rules), leader)

    def _setup(
        self,
        hands: list[Tiles],
        pile: Tiles,
        rules: Rules,
        scores: tuple[int, ...],
        leader: int | None = None,
    ) -> None:
        opener, double = _opening(hands, rules)
        if leader is not None and check_seat("leader", leader, rules.players, "BE-OPEN") != opener:
            raise ValueError(
                f"leader={leader}: the holder of the {rules.opening} double, {double}, leads: "
                f"seat {opener} (BE-OPEN)"
            )
        self.rules = rules
        self.scores = scores
        self.opening = double
        self._init_line(hands, opener)
        self._listing(doubles_only=False, more_when_able=rules.may_draw_when_able)
        #: what a header depends on besides the line and the seat's total
        self._scoring = (rules.target, rules.opening_scores)
        #: the seat after each seat
        self._after = tuple((s + 1) % rules.players for s in range(rules.players))
        self._reserved = rules.reserved
        self._pile = list(pile)
        self._round = [0] * rules.players
        self._awards: list[Award] = []
        self._ending = ""
        self._blocked: Blocked | None = None
        self._start = dict(
            hands=tuple(hands), boneyard=tuple(pile), rules=rules, scores=scores, leader=opener
        )

    @classmethod
    def random(
        cls,
        *,
        seed: int | random.Random | None = None,
        players: int | None = None,
        leader: int | None = None,
        rules: Rules | None = None,
        scores: Sequence[int] | None = None,
    ) -> Deal:
        """Shuffle the 28 tiles with ``random.Random(seed)`` (or draw from a given Random) and
        deal (BE-DEAL); shuffle again while nobody holds a double (BE-OPEN). ``players`` (2, 3
        or 4) overrides ``rules.players``; ``leader`` can only be None: the holder of the
        opening double leads (BE-OPEN)."""
        rules = check_rules(rules, _DEFAULT_RULES, "bergen")
        check_players(players, (2, 3, 4), "BE-DEAL")
        if leader is not None:
            raise ValueError(
                f"leader={quote(leader)}: a shuffled round is led by the holder of the opening "
                "double; give leader=None (BE-OPEN)"
            )
        if players is not None and players != rules.players:
            rules = replace(rules, players=players)
        rng = seeded(seed)
        size = rules.hand_size
        while True:
            deck = list(_SET_ORDER)
            decks.shuffle(rng, deck)
            hands = [
                _new(Tiles, sorted(deck[i * size : (i + 1) * size], reverse=True))
                for i in range(rules.players)
            ]
            if any(t[0] == t[1] for h in hands for t in h):  # someone holds a double
                break
        deal = cls.__new__(cls)
        deal._setup(
            hands, Tiles(deck[rules.players * size :]), rules, _checked_scores(scores, rules)
        )
        return deal

    # ----- state ---------------------------------------------------------------------------
    @property
    def seat_names(self) -> tuple[str, ...]:
        """East, West for two players; East, South, West for three; all four for four."""
        return _NAMES[self.n_seats]

    @property
    def hands(self) -> tuple[Tiles, ...]:
        """The tiles each seat holds now (placements keep them as plain tuples)."""
        return tuple([_new(Tiles, h) for h in self._hands])

    @property
    def boneyard(self) -> Tiles:
        """The tiles left to draw from, the reserved ones (never drawn) at the end."""
        return Tiles(self._pile)

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (the reserved ones excluded, BE-RESERVE)."""
        return max(0, len(self._pile) - self.rules.reserved)

    @property
    def round_points(self) -> tuple[int, ...]:
        """Points each seat has scored in this round so far."""
        return tuple(self._round)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's running score: the match score before the round plus this round's."""
        return tuple(s + r for s, r in zip(self.scores, self._round, strict=True))

    @property
    def ending(self) -> str:
        """How the round ended: ``"domino"``, ``"blocked"``, ``"target"``, or ``""`` in play."""
        return self._ending

    @property
    def blocked(self) -> Blocked | None:
        """The decision of a blocked round (winner, points, clauses), or None."""
        return self._blocked

    @property
    def awards(self) -> tuple[Award, ...]:
        """Every score of the round so far, explained."""
        return tuple(self._awards)

    def settle(self) -> Settlement:
        """The points of the round, line by line (headers, domino or blocked round)."""
        best = max(self._round)
        leaders = [self.name(s) for s, p in enumerate(self._round) if p == best and best]
        outcome = {
            "domino": "The round ended with a domino.",
            "blocked": "The round was blocked.",
            "target": "The round ended when a seat reached the target.",
            "": "The round is still in play.",
        }[self._ending]
        if leaders:
            outcome += f" Most points this round: {' and '.join(leaders)} ({best})."
        return Settlement.from_awards(self.seat_names, self._awards, outcome)

    # ----- verbs ---------------------------------------------------------------------------
    def draw(self) -> Tile:
        """Draw one tile from the boneyard (BE-DRAW); the same seat then acts again."""
        drawn = self.apply(DRAW)
        assert isinstance(drawn, Tile)  # a draw gives back the tile drawn (_apply_other)
        return drawn

    def pass_turn(self) -> None:
        """Pass: allowed only when the seat can neither play nor draw (BE-DRAW)."""
        self.apply(PASS)

    def header_after(self, tile: object, end: End | None = None) -> Header:
        """What placing ``tile`` at ``end`` would score for the seat to act (nothing changes)."""
        trial = self.copy()
        move = trial._judge(Move.play(tile, end), False, None)
        if not move.ok or move.move is None:
            raise SetupError(Reason("BE-PLAY", "; ".join(r.text for r in move.errors)).text)
        trial._layout = trial._layout.add(move.move.pieces[0], move.move.end, self._turn)
        return trial._header(self._turn)

    # ----- checks ----------------------------------------------------------------------------
    def _set_reasons(self, pieces: tuple[Tile, ...]) -> list[Reason]:
        return [Reason("BE-SET", f"{t} is not a double-six tile.") for t in pieces if t not in DECK]

    def _over_text(self) -> str:
        return {
            "domino": "The round is over: a seat played its last tile (BE-END-DOMINO).",
            "blocked": "The round is over: it was blocked (BE-END-BLOCKED).",
            "target": "The round is over: a seat reached the target (BE-GAME).",
        }.get(self._ending, "The round is over.")

    def _may_place(self, seat: int, tile: Tile, end: End) -> bool:
        return True

    def _placements(self, seat: int) -> list[Move]:
        if self._layout.ends is None:  # only the opening double may start the line (BE-OPEN)
            return [placement(self.opening, None)] if self.opening in self._hands[seat] else []
        return super()._placements(seat)

    def _judge_place_policy(self, seat: int, tile: Tile, end: End | None, out: Outcome) -> None:
        if self._layout.ends is None:
            if tile != self.opening:
                which = self.rules.opening
                text = (
                    f"The round opens with the {which} double held, {self.opening}; "
                    f"{tile} cannot open it."
                )
                out.errors.append(Reason("BE-OPEN", text))
            elif not out.errors:
                text = f"{tile} is the {self.rules.opening} double held: it opens the round."
                out.notes.append(Reason("BE-OPEN", text))
            return
        if out.errors:
            return
        number = self._layout.number(end or "left")
        across = " (across the line)" if tile.is_double else ""
        note = f"{tile} goes at the {end} end{across}, {number} to {number}."
        out.notes.append(Reason("BE-PLAY", note))

    def _judge_other(self, seat: int, move: Move, out: Outcome) -> None:
        fitting = self._fitting(seat)
        if move.kind == "draw":
            if fitting and not self.rules.may_draw_when_able:
                # the error says what is wrong with drawing, never which tile to play
                text = f"{self.name(seat)} holds a tile that fits an end, so must play it."
                out.errors.append(Reason("BE-DRAW", text))
            if not self.drawable:
                out.errors.append(Reason("BE-RESERVE", self._nothing_to_draw()))
            if not out.errors:
                text = f"{self.name(seat)} draws one tile and then acts again."
                out.notes.append(Reason("BE-DRAW", text))
        else:  # a pass (a face-down play, or tiles on a draw, were refused before: MOVE_FORMS)
            if fitting:
                text = f"{self.name(seat)} holds a tile that fits an end."
                out.errors.append(Reason("BE-PLAY", text))
            if self.drawable:
                text = f"{self.drawable} tiles can still be taken from the boneyard: a player "
                text += "passes only when none is left to take."
                out.errors.append(Reason("BE-DRAW", text))
            if not out.errors:
                text = f"{self.name(seat)} can neither play nor draw, and passes."
                out.notes.append(Reason("BE-DRAW", text))

    def _nothing_to_draw(self) -> str:
        left = len(self._pile)
        if left and self.rules.reserved:
            return f"Only the {left} reserved tiles are left in the boneyard; they are never drawn."
        return "The boneyard is empty."

    def _fitting(self, seat: int) -> list[Tile]:
        """The distinct tiles ``seat`` could place now."""
        return sorted({m.pieces[0] for m in self._placements(seat)}, reverse=True)

    # ----- changes (the line engine's hooks: engine/line.py lists moves and places tiles) ----
    def _stuck_moves(self, seat: int, placements: list[Move]) -> list[Move]:
        """A draw when the seat cannot place (or may draw when able) and tiles are left to
        draw (BE-DRAW, BE-RESERVE), else a pass when it cannot place."""
        if len(self._pile) > self._reserved and (not placements or self._more_when_able):
            return [DRAW]
        return [] if placements else [PASS]

    def _apply_other(self, seat: int, move: Move) -> Tile | None:
        """A draw keeps the turn; a pass hands it on; the round is blocked once nobody can
        place and nothing is left to draw."""
        result: Tile | None = None
        if move.kind == "draw":
            result = self._pile.pop(0)
            self._hands[seat] = _new(Tiles, sorted((*self._hands[seat], result), reverse=True))
        else:  # a pass
            self._turn = self._after[seat]
        if len(self._pile) <= self._reserved and self._is_blocked():
            self._finish_blocked()
        return result

    def _placed(self, seat: int, placed: Placed) -> Placed:
        """After a placement: a header when the ends are equal, a domino when the hand is empty
        (BE-END-DOMINO), else the next seat, or a blocked round."""
        left, right = self._ends  # type: ignore[misc]
        if left == right:  # only equal ends make a header
            self._score_header(seat)
        if not self._hands[seat] and not self._ending:
            self._domino(seat)
        if not self._ending:
            self._turn = self._after[seat]
            if len(self._pile) <= self._reserved and self._is_blocked():
                self._finish_blocked()
        return placed

    def _score_header(self, seat: int) -> None:
        """Award the header the (equal) ends make now, if any (BE-HEADER-*), without building
        the line: what it depends on is read from the noted ends and made once."""
        lay, gl, gr = self._lay.placed, self._grow_left, self._grow_right
        first = gl[-1] if gl else lay[0] if lay else gr[0]
        last = gr[-1] if gr else lay[-1] if lay else gl[0]
        lone = len(lay) + len(gl) + len(gr) == 1
        total = self.scores[seat] + self._round[seat]
        key = (seat, self._ends, first.across, last.across, lone, total, self._scoring)
        award = _HEADER_AWARDS.get(key, MISSING)
        if award is MISSING:
            made = self._header(seat)
            award = _HEADER_AWARDS[key] = (
                _made_award(seat, made.points, f"a {made.kind} header", made.reasons)
                if made.points
                else None
            )
        if award is not None:
            self._add_award(award)

    def _domino(self, seat: int) -> None:
        """``seat`` played its last tile: a domino ends the round (BE-END-DOMINO); its points
        are never capped."""
        self._end("domino")
        award = _DOMINOES.get((seat, self.seat_names))
        if award is None:
            text = f"{self.name(seat)} played the last tile: domino"
            award = _DOMINOES[seat, self.seat_names] = _made_award(
                seat, DOMINO_POINTS, text, [Reason("BE-END-DOMINO", text)]
            )
        self._add_award(award)

    def _header(self, seat: int) -> Header:
        layout = self._layout
        assert layout.ends is not None
        first, last = layout.placed[0].tile, layout.placed[-1].tile
        lone = len(layout) == 1
        if lone and not self.rules.opening_scores:
            return Header(0, 0, "none", ())
        total = self.scores[seat] + self._round[seat]
        return header(
            layout.ends,
            (first.is_double, last.is_double),
            lone=lone,
            total=total,
            target=self.rules.target,
        )

    def _award(self, seat: int, points: int, text: str, reasons: Sequence[Reason]) -> None:
        self._add_award(_made_award(seat, points, text, reasons))

    def _add_award(self, award: Award) -> None:
        """Score ``award``; reaching the target ends the round (BE-GAME)."""
        seat = award.seat
        self._awards.append(award)
        self._round[seat] += award.points
        if self.scores[seat] + self._round[seat] >= self.rules.target and not self._ending:
            self._end("target")

    def _is_blocked(self) -> bool:
        """Nothing left to draw and no seat can place (the seat to act is asked first)."""
        ends = self._ends
        if len(self._pile) > self._reserved or ends is None:
            return False
        left, right = ends
        hands, turn = self._hands, self._turn
        n = len(hands)
        return not any(left in t or right in t for k in range(n) for t in hands[(turn + k) % n])

    def _finish_blocked(self) -> None:
        self._end("blocked")
        decided = decide_blocked(self._hands, self.rules.blocked_rule, self.seat_names)
        self._blocked = decided
        if decided.winner is not None:
            text = f"wins the blocked round ({BLOCKED_NAMES[self.rules.blocked_rule]} rule)"
            self._award(decided.winner, decided.points, text, decided.clauses)

    def _end(self, how: str) -> None:
        """End the round: ``how`` is "domino", "blocked" or "target"."""
        self._ending = how
        self._ended = True

    # ----- search support -------------------------------------------------------------------
    def copy(self) -> Deal:
        """A copy to play on."""
        new: Deal = super().copy()
        new._pile = self._pile[:]
        new._round = self._round[:]
        new._awards = self._awards[:]
        return new

    def state_key(self) -> Hashable:
        """Hands, turn, the open ends (which are doubles), the boneyard and the round's points."""
        layout = self._layout
        ends = None
        if layout.ends is not None:
            ends = (layout.ends, layout.placed[0].tile.is_double, layout.placed[-1].tile.is_double)
        hands = tuple(tuple(h) for h in self._hands)
        return (hands, self._turn, ends, tuple(self._pile), tuple(self._round), self._ending)

    # ----- text -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        state = f"over ({self._ending})" if self._ending else f"{self.name(self._turn)} to play"
        return f"<bergen.Deal line {self._layout}, {state}>"

    def __str__(self) -> str:
        lines = [repr(self), f"  line {self._layout}  ends {self.ends}"]
        for seat in range(self.n_seats):
            lines.append(
                f"  {self.name(seat):<5} {Tiles(self._hands[seat])}  {self._round[seat]} pts"
            )
        lines.append(f"  boneyard {len(self._pile)} ({self.drawable} to draw)")
        return "\n".join(lines)


MISSING: Any = object()
#: The header award (or None) per seat, ends, uncovered doubles at the ends, lone opening
#: double, running total and rules: awards are immutable, so each is made once.
_HEADER_AWARDS: dict[tuple[object, ...], Award | None] = {}
#: The domino award per seat and seat names.
_DOMINOES: dict[tuple[int, tuple[str, ...]], Award] = {}


def _made_award(seat: int, points: int, text: str, reasons: Sequence[Reason]) -> Award:
    """An award of ``points`` to ``seat``, citing each rule of ``reasons`` once."""
    return Award(seat, points, text, tuple(dict.fromkeys(r.rule for r in reasons)))


def _tiles(items: Sequence[Any]) -> list[Tile]:
    return [t if isinstance(t, Tile) else as_tiles(t)[0] for t in items]


#: The ruling's defaults (Rules are frozen, so every default deal may share one).
_DEFAULT_RULES = Rules()


def _checked_scores(scores: object, rules: Rules) -> tuple[int, ...]:
    if scores is None:
        return (0,) * rules.players
    if (
        not isinstance(scores, (list, tuple))
        or len(scores) != rules.players
        or any(type(s) is not int or s < 0 for s in scores)
    ):
        raise SetupError(
            f"scores={quote(scores)} must be {rules.players} whole numbers, 0 or more (BE-GAME)"
        )
    return tuple(scores)


def _check_tiles(hands: list[Tiles], pile: Tiles, rules: Rules) -> None:
    """ValueErrors for hands and boneyard that one double-six set cannot hold (BE-SET, BE-DEAL)."""
    counts: Counter[Tile] = Counter(pile)
    for seat, hand in enumerate(hands):
        if not hand or len(hand) > rules.hand_size:
            raise SetupError(
                f"hand {seat} has {len(hand)} tiles; with {rules.players} players a hand holds "
                f"1 to {rules.hand_size} (BE-DEAL)"
            )
        counts.update(hand)
    for tile, n in sorted(counts.items()):
        if tile not in DECK:
            raise SetupError(f"{tile} is not a double-six tile (BE-SET)")
        if n > 1:
            raise SetupError(f"{tile} appears {n} times; the set has one (BE-SET)")


def _opening(hands: list[Tiles], rules: Rules) -> tuple[int, Tile]:
    """The seat holding the opening double and that double (BE-OPEN)."""
    held = [(t, s) for s, h in enumerate(hands) for t in h if t[0] == t[1]]  # the doubles
    if not held:
        raise SetupError("nobody holds a double, so the round cannot open: redeal (BE-OPEN)")
    tile, seat = (min if rules.opening == "lowest" else max)(held)
    check_seat("opener", seat, rules.players, "BE-OPEN")
    return seat, tile


__all__ = ["Deal"]
