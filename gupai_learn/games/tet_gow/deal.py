"""A Tet-Gow deal: 8 cards per seat, rounds of 1-4 cards, every verdict explained.

Rule ids (rules/tet_gow.md): TT-DECK, TT-SET, TT-TIER, TT-DEAL, TT-LEAD, TT-FOLLOW, TT-LAST,
TT-THREE. Scores (TT-SCORE, TT-THREE) live in :mod:`.settle`.

Rulings where the text leaves a case open (each chosen so that a real game is unaffected):

- An endgame (hands of fewer than 8 cards) must say how many tricks each seat has won
  (``won=``), and its leader must have won at least one: in a real game every round after the
  first is led by the winner of the previous one. This keeps TT-LAST well defined, since the
  leader of the last round then always ends with 2 tricks or more.
- ``leftover=`` defaults to the cards of the deck in no hand when the hands are full (8 cards,
  four players), and to nothing otherwise; three players never have a leftover (TT-THREE).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import replace
from itertools import combinations
from operator import itemgetter
from typing import Any, cast

from gupai_learn import decks
from gupai_learn.cards import Card, Cards, as_cards
from gupai_learn.engine.deal import (
    MoveForm,
    check_players,
    check_rules,
    check_seat,
    seeded,
)
from gupai_learn.engine.moves import quote
from gupai_learn.engine.trick import Combination, TextMoves, TrickDeal, TrickPlay
from gupai_learn.games.tet_gow.combos import (
    ORDER,
    SET_NAMES,
    SET_OF,
    TIER,
    TIERS,
    canonical,
    classify_play,
    described,
    follow_note,
    follow_reasons,
    make,
    may_beat,
    shown,
)
from gupai_learn.games.tet_gow.rules import Players, Rules
from gupai_learn.verdict import Reason, SetupError

HAND_SIZE = 8
TRICKS = 8
#: Fewest tricks a player must end with to win the game (TT-LAST).
MIN_TRICKS = 2

_DEFAULT_RULES = Rules()

#: Each card's bit; bits follow the game's card order, so a mask lists cards canonically.
BIT: dict[Card, int] = {card: 1 << i for card, i in ORDER.items()}
_BY_BIT: tuple[Card, ...] = tuple(sorted(ORDER, key=ORDER.__getitem__))


def hand_mask(cards: Sequence[Card]) -> int:
    """The bit mask of some cards."""
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def _table() -> tuple[dict[int, Combination], dict[tuple[str, int], list[tuple[int, Cards]]]]:
    """Every valid play (1-4 cards of one tier, at most one Cycle card), by mask, and by class
    and tier (for followers)."""
    by_mask: dict[int, Combination] = {}
    by_kind: dict[tuple[str, int], list[tuple[int, Cards]]] = {}
    for level in range(1, TIERS + 1):
        members = [c for c in _BY_BIT if TIER[c] == level]
        for size in range(1, 5):
            for pick in combinations(members, size):
                combo, errors = classify_play(pick)
                if combo is None:
                    continue
                mask = hand_mask(pick)
                by_mask[mask] = combo
                by_kind.setdefault((combo.kind, level), []).append((mask, Cards(combo.pieces)))
    return by_mask, by_kind


#: Every valid play by its mask; the plays of each (class, tier).
PLAYS, BY_KIND = _table()


#: Every valid play by its cards in the game's order: its mask and combination (a play listed by
#: ``legal_plays`` is recognised with one look-up).
_PLAY_OF: dict[tuple[Card, ...], tuple[int, Combination]] = {
    Cards(combo.pieces): (mask, combo) for mask, combo in PLAYS.items()
}

#: Per (class, rank of the high play): every card some play that beats it (:func:`may_beat`)
#: needs, and those plays, in the order the tiers are listed (one look-up per follower instead
#: of one per tier; a hand holding none of those cards has no face-up answer).
_ABOVE: dict[tuple[str, int], tuple[int, tuple[tuple[int, Cards], ...]]] = {}


def _above(high: Combination) -> tuple[int, tuple[tuple[int, Cards], ...]]:
    """The cards needed by, and the (mask, cards) of, every play that beats ``high``."""
    found = _ABOVE.get((high.kind, high.rank))
    if found is None:
        plays = tuple(
            entry
            for level in range(1, TIERS + 1)
            for entry in BY_KIND.get((high.kind, level), ())
            if may_beat(PLAYS[entry[0]], high)
        )
        union = 0
        for need, _ in plays:
            union |= need
        found = _ABOVE[high.kind, high.rank] = (union, plays)
    return found


def _lead_table() -> list[tuple[int, dict[int, list[Cards]]]]:
    """Per tier: its cards' mask, and for every part of it a hand may hold, the leads that
    part allows (TT-LEAD), in canonical order."""
    tables = []
    for level in range(1, TIERS + 1):
        bits = [BIT[c] for c in _BY_BIT if TIER[c] == level]
        tier_mask = sum(bits)
        leads = [(m, Cards(c.pieces)) for m, c in PLAYS.items() if m & tier_mask == m]
        leads.sort(key=lambda e: (len(e[1]), [ORDER[c] for c in e[1]]))
        table = {}
        for n in range(1, len(bits) + 1):
            for pick in combinations(bits, n):
                part = sum(pick)
                table[part] = [p for m, p in leads if m & part == m]
        tables.append((tier_mask, table))
    return tables


_LEADS = _lead_table()

#: Per table size (4 or 3 players): each card of the deck, in deck order, as its place in the
#: game's order (:data:`ORDER`); and the bit of each place.
_DECK_PLACES = {n: tuple(ORDER[c] for c in decks.decktet(n)) for n in (4, 3)}
_PLACE_BIT = tuple(BIT[c] for c in _BY_BIT)


def _need_mask(cards: Sequence[Card]) -> int:
    """The mask a hand needs to hold ``cards``; 0 when none can (a card named twice, or not
    a card)."""
    need = 0
    for card in cards:
        bit = BIT.get(card, 0)
        if not bit or need & bit:
            return 0
        need |= bit
    return need


_sort_key = ORDER.__getitem__
_new_tuple = tuple.__new__


def _read_cards(raw: object) -> Cards:
    if isinstance(raw, Combination):  # its pieces read again: a Combination can hold anything
        return canonical(as_cards(tuple(raw.pieces)))
    found = as_cards(raw)
    if len(found) > 1:
        return Cards(sorted(found, key=_sort_key))
    return found


#: Move texts read once (a user's random player writes the same few texts again and again).
_TEXT_MOVES = TextMoves(_read_cards)


class Deal(TrickDeal[Card]):
    """One Tet-Gow game (a "deal"): four (or three) hands of 8 cards, eight tricks in all.

    ``Deal(hands, rules=Rules(players=4), leftover=..., leader=0, won=None)`` takes the hands as
    card names (``"Ace of Moons, Huntress, ..."``) or cards. An endgame (fewer cards each) gives
    ``won=``, the tricks each seat has already won (they add up to 8 minus the hand size).
    ``Deal.random(seed=..., players=4)`` shuffles and deals, and picks the first leader at
    random unless ``leader=`` is given (TT-DEAL).
    """

    RULE_TURN = "TT-DEAL"
    RULE_HAND = "TT-DEAL"
    RULE_SET = "TT-DECK"
    RULE_COUNT = "TT-FOLLOW"
    RULE_LEAD = "TT-LEAD"
    RULE_OVER = "TT-LAST"
    RULE_FACE_DOWN = "TT-FOLLOW"
    RULE_BEAT = "TT-FOLLOW"
    RULE_WINNER = "TT-FOLLOW"
    _hand_type = Cards
    PIECE = Card
    _text_moves = _TEXT_MOVES
    _table = _PLAY_OF
    MOVE_FORMS = {
        "play": MoveForm("a face-up play of cards"),
        "discard": MoveForm("a face-down play of cards"),
    }

    def __init__(
        self,
        hands: Sequence[Any],
        rules: Rules | None = None,
        *,
        leader: int | None = None,
        leftover: object = None,
        won: Sequence[int] | None = None,
    ) -> None:
        if leader is None:
            leader = 0
        if not isinstance(hands, (list, tuple)):
            raise SetupError(f"hands must be a list of hands, not {quote(hands)} (TT-DEAL)")
        if rules is not None and not isinstance(rules, Rules):
            raise SetupError(f"rules={quote(rules)}: give a tet_gow.Rules(...) or None")
        if rules is None:
            rules = (
                Rules(players=cast(Players, len(hands))) if len(hands) in (3, 4) else _DEFAULT_RULES
            )
        parsed = [_read_cards(h) for h in hands]
        _check_hands(parsed, rules)
        rest = _leftover(parsed, rules, leftover)
        tricks = _check_won(won, parsed, rules)
        check_seat("leader", leader, rules.players, "TT-DEAL")
        if len(parsed[0]) < HAND_SIZE and tricks[leader] == 0:
            raise SetupError(
                f"leader={leader} has won no trick: in an endgame the leader won the previous "
                "round, so give him at least one trick in won= (TT-LAST)"
            )
        self._setup(parsed, rules, rest, leader, tricks)

    def _setup(
        self,
        parsed: list[Cards],
        rules: Rules,
        rest: Cards,
        leader: int,
        tricks: list[int],
        masks: list[int] | None = None,
    ) -> None:
        """Initialise from checked hands in canonical order (and their masks, when known)."""
        super().__init__(parsed, leader)
        self._masks = [hand_mask(h) for h in parsed] if masks is None else masks
        self.rules = rules
        self._won = tricks
        self._leftover = rest
        self._last = False
        self._start = dict(
            hands=tuple(parsed), rules=rules, leftover=rest, leader=leader, won=tuple(tricks)
        )

    @classmethod
    def random(
        cls,
        *,
        seed: int | random.Random | None = None,
        players: int | None = None,
        leader: int | None = None,
        rules: Rules | None = None,
    ) -> Deal:
        """Shuffle the deck with ``random.Random(seed)`` and deal 8 cards to each seat; the
        first leader is drawn at random unless ``leader`` is given (TT-DEAL). ``players``
        (4 or 3) overrides ``rules.players`` (TT-THREE)."""
        rng = seeded(seed)
        rules = check_rules(rules, _DEFAULT_RULES, "tet_gow")
        check_players(players, (4, 3), "TT-THREE")
        if players is not None and players != rules.players:
            rules = replace(rules, players=cast(Players, players))
        # each card of the deck as its place in the game's order, shuffled: the same draws and
        # the same permutation as shuffling the deck, and sorted places are a sorted hand
        places = list(_DECK_PLACES[rules.players])
        decks.shuffle(rng, places)
        n = rules.players
        dealt = [sorted(places[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(n)]
        if leader is None:
            first = decks.randrange(rng, n)
        else:
            first = check_seat("leader", leader, n, "TT-DEAL")
        # a shuffled deck needs none of the constructor's checks
        deal = cls.__new__(cls)
        parsed = [_new_tuple(Cards, itemgetter(*h)(_BY_BIT)) for h in dealt]
        masks = [sum(itemgetter(*h)(_PLACE_BIT)) for h in dealt]
        rest = _new_tuple(Cards, [_BY_BIT[p] for p in sorted(places[n * HAND_SIZE :])])
        deal._setup(parsed, rules, rest, first, [0] * n, masks)
        return deal

    # ----- state ---------------------------------------------------------------------------
    @property
    def hands(self) -> tuple[Cards, ...]:
        """The cards each seat holds now, strongest tier first."""
        return tuple(self._hands)  # type: ignore[arg-type]

    @property
    def leftover(self) -> Cards:
        """The cards dealt to nobody, face up for all to see (TT-DEAL; none for three)."""
        return self._leftover

    @property
    def winner(self) -> int | None:
        """The seat that won the last round, so the game (TT-LAST); None while in play."""
        return self._tricks[-1].winner if self.is_over and self._tricks else None

    @property
    def is_last_round(self) -> bool:
        """True while the last round is being played (the leader led all his cards)."""
        return self._last

    def must_play_down(self, seat: int) -> bool:
        """TT-LAST: in the last round, a seat whose tricks plus the round's size stay below 2
        must play face down."""
        return self._forced_down(seat)

    # ----- search support ------------------------------------------------------------------
    def state_key(self) -> Hashable:
        """:meth:`TrickDeal.state_key` plus the last-round flag."""
        return (super().state_key(), self._last)

    def winner_key(self) -> Hashable:
        """A coarser key, enough for who wins the game: tricks count only up to 2 (TT-LAST)."""
        plays = tuple((p.seat, p.pieces, p.face_up) for p in self._plays)
        won = tuple(min(w, MIN_TRICKS) for w in self._won)
        return (*self._hands, self._turn, plays, won, self._last)

    # ----- the engine's fast path: the game's mask scheme and beat rule ----------------------
    def _need(self, pieces: Sequence[Card]) -> int:
        return _need_mask(pieces)

    _may_beat = staticmethod(may_beat)

    # ----- game hooks ----------------------------------------------------------------------
    def _read(self, raw: object) -> Cards:
        return _read_cards(raw)

    def _set_reasons(self, pieces: tuple[Card, ...]) -> list[Reason]:
        if self.rules.players == 4:
            return []
        return [
            Reason("TT-THREE", f"{c} is a card of the Set of the Cycle, left out for three.")
            for c in pieces
            if SET_OF[c] == "cycle"
        ]

    def _lead_check(
        self, seat: int, pieces: tuple[Card, ...]
    ) -> tuple[Combination | None, list[Reason]]:
        return classify_play(pieces)

    def _follow_check(
        self, seat: int, pieces: tuple[Card, ...], lead: TrickPlay, high: TrickPlay
    ) -> tuple[Combination | None, list[Reason]]:
        errors = [self._last_reason(seat)] if self._forced_down(seat) else []
        assert lead.combination is not None and high.combination is not None
        if len(pieces) != len(lead.pieces):
            return None, errors
        errors += follow_reasons(pieces, lead.combination, high.combination, self._high_text(high))
        if errors:
            return None, errors
        return make(pieces), []

    def _high_text(self, high: TrickPlay) -> str:
        what = "the lead" if high is self._plays[0] else f"{self.name(high.seat)}'s play"
        return f"{what} {shown(high.pieces)}"

    def _explain_lead(self, seat: int, combination: Combination) -> list[Reason]:
        size = len(combination.pieces)
        level = TIERS + 1 - combination.rank
        if level == 1:
            answer = "Tier 1 is the highest: no face-up play can beat this lead."
        else:
            answer = (
                f"A face-up answer must be {combination.kind_name}, all of one tier higher "
                f"than {level}."
            )
        how = f"{size} cards of one tier, at most one of them from the Cycle" if size > 1 else ""
        notes = [
            Reason(
                "TT-LEAD",
                f"{described(combination.pieces)}: {how or 'a single card'}. {answer}",
            ),
            Reason(
                "TT-FOLLOW",
                f"The round's winner takes {size} trick{'s' * (size > 1)}, one per card led.",
            ),
        ]
        if size == 1:
            notes += card_facts(combination.pieces[0])
        if len(self._hands[seat]) == size:
            notes.append(Reason("TT-LAST", "This is the last round: its winner wins the game."))
        return notes

    def _explain_follow(self, seat: int, combination: Combination, high: TrickPlay) -> list[Reason]:
        assert high.combination is not None
        return [
            follow_note(combination, self._high_text(high), high.combination),
            Reason(
                "TT-FOLLOW",
                f"{self.name(seat)} now holds the round's highest face-up play: unless a later "
                f"play beats it, {self.name(seat)} takes the round.",
            ),
        ]

    def _face_down_notes(self, seat: int, pieces: tuple[Card, ...]) -> list[Reason]:
        notes = [
            Reason(
                "TT-FOLLOW",
                "Played face down: always allowed, even when a face-up play could win; the cards "
                "take no part in the round and are never shown.",
            )
        ]
        if self._forced_down(seat):
            notes.append(self._last_reason(seat))
        return notes

    def _last_reason(self, seat: int) -> Reason:
        size = len(self._plays[0].pieces)
        won = self._won[seat]
        return Reason(
            "TT-LAST",
            f"{self.name(seat)} has {won} trick{'s' * (won != 1)}; even with this last round's "
            f"{size} that is below {MIN_TRICKS}, so the last round must be played face down.",
        )

    def _leads(self, seat: int) -> list[Cards]:
        mask = self._masks[seat]
        found: list[Cards] = []
        for tier_mask, table in _LEADS:
            part = mask & tier_mask
            if part:
                found += table[part]
        return found

    def _beats(self, seat: int, lead: TrickPlay, high: Combination | None) -> list[Cards]:
        assert high is not None and lead.combination is not None
        # TrickDeal.legal_plays has already asked _forced_down (TT-LAST)
        mask = self._masks[seat]
        found = _ABOVE.get((high.kind, high.rank))
        if found is None:
            found = _above(high)
        union, above = found
        if not mask & union:  # none of the cards an answer needs: nothing to list
            return []
        return [p for need, p in above if need & mask == need]

    def _forced_down(self, seat: int) -> bool:
        return self._last and self._won[seat] + len(self._plays[0].pieces) < MIN_TRICKS

    def _after_play(self, play: TrickPlay) -> None:
        pieces = play.pieces
        if len(pieces) == 1:
            mask = BIT[pieces[0]]
        else:
            mask = 0
            for card in pieces:
                mask |= BIT[card]
        self._masks[play.seat] &= ~mask
        if len(self._plays) == 1:
            self._last = not self._hands[play.seat]

    def _trick_done(self, trick: object) -> None:
        self._last = False

    def copy(self) -> Deal:
        """A copy to play on (see :meth:`TrickDeal.copy`); the hand masks too."""
        new = super().copy()
        new._masks = self._masks[:]
        return new

    # ----- text ----------------------------------------------------------------------------
    def __repr__(self) -> str:
        if self.is_over:
            return f"<tet_gow.Deal over after {len(self._tricks)} rounds>"
        return f"<tet_gow.Deal round {len(self._tricks) + 1}, {self.name(self._turn)} to play>"

    def __str__(self) -> str:
        lines = [repr(self)]
        for seat, hand in enumerate(self._hands):
            lines.append(f"  {self.name(seat):5} {self._won[seat]} tricks  {hand}")
        if self._leftover:
            lines.append(f"  left over: {self._leftover}")
        if self._plays:
            lines.append("  round: " + "; ".join(_play_text(self, p) for p in self._plays))
        return "\n".join(lines)

    def transcript(self) -> str:
        """The rounds so far as text, one line per round (golden tests, replays)."""
        out = []
        for i, trick in enumerate(self._tricks, 1):
            plays = "; ".join(_play_text(self, p) for p in trick.plays)
            out.append(f"{i}. {plays} -> {self.name(trick.winner)} +{trick.size}")
        return "\n".join(out)


def _play_text(deal: Deal, play: TrickPlay) -> str:
    return f"{deal.name(play.seat)} {play.move}"


def _check_hands(hands: list[Cards], rules: Rules) -> None:
    n = rules.players
    if len(hands) != n:
        raise SetupError(f"Tet-Gow with {n} players needs {n} hands, not {len(hands)} (TT-DEAL)")
    sizes = {len(h) for h in hands}
    if len(sizes) != 1 or not 1 <= min(sizes) <= HAND_SIZE:
        raise SetupError(
            f"hands must have the same size, 1 to 8 cards; got {[len(h) for h in hands]} (TT-DEAL)"
        )
    _check_unique([c for h in hands for c in h], "dealt")
    if n == 3:
        cycle = [c for h in hands for c in h if SET_OF[c] == "cycle"]
        if cycle:
            raise SetupError(
                f"{shown(cycle)}: the Set of the Cycle is left out for three players (TT-THREE)"
            )


def _check_unique(found: list[Card], what: str) -> None:
    seen: set[Card] = set()
    for card in found:
        if card in seen:
            raise SetupError(f"{card} is {what} twice, but the deck has one (TT-DECK)")
        seen.add(card)


def _leftover(hands: list[Cards], rules: Rules, leftover: object) -> Cards:
    held = {c for h in hands for c in h}
    if rules.players == 3:
        if leftover not in (None, ()) and len(as_cards(leftover)):
            raise SetupError("three players leave nothing over: give leftover=() (TT-THREE)")
        return Cards(())
    if leftover is None:
        if len(hands[0]) < HAND_SIZE:
            return Cards(())
        return canonical(c for c in decks.decktet() if c not in held)
    rest = canonical(as_cards(leftover))
    _check_unique([*held, *rest], "dealt or left over")
    if len(hands[0]) == HAND_SIZE and len(rest) != 4:
        raise SetupError(
            f"leftover={quote(str(rest))}: a full four-player deal leaves exactly 4 cards "
            "face up (TT-DEAL)"
        )
    return rest


def _check_won(won: Sequence[int] | None, hands: list[Cards], rules: Rules) -> list[int]:
    played = HAND_SIZE - len(hands[0])
    n = rules.players
    if won is None:
        if played:
            raise SetupError(
                f"an endgame with {len(hands[0])} cards each needs won= "
                f"(tricks per seat adding up to {played}) (TT-LEAD)"
            )
        return [0] * n
    if (
        not isinstance(won, (list, tuple))
        or len(won) != n
        or any(type(w) is not int or w < 0 for w in won)
        or sum(won) != played
    ):
        raise SetupError(
            f"won={quote(won)} must be {n} whole numbers adding up to {played} (TT-LEAD)"
        )
    return list(won)


__all__ = ["Deal", "HAND_SIZE", "MIN_TRICKS", "SET_NAMES"]


def card_facts(card: Card) -> list[Reason]:
    """A card's set (from its number of suits and whether they are neighbours) and its tier."""
    suits = len(card.suits)
    count = f"{suits} suit{'s' * (suits != 1)}"
    where = SET_NAMES[SET_OF[card]]
    return [
        Reason("TT-SET", f"{card} has {count}: it belongs to the set {where}."),
        Reason("TT-TIER", f"{card} is in tier {TIER[card]} of its set (tier 1 is the highest)."),
    ]
