"""Tet-Gow sets, tiers and plays (rules/tet_gow.md: TT-SET, TT-TIER, TT-LEAD, TT-FOLLOW).

Only a card's suits matter, never its rank number. Each card belongs to one of three **sets**:

- ``"suits"``: the 12 one-suit cards (Aces and Crowns);
- ``"cycle"``: the 12 two-suit cards whose suits are neighbours in the order Moons > Suns >
  Waves > Leaves > Wyrms > Knots, Knots and Moons counting as neighbours;
- ``"inter"``: the other 12 two-suit cards.

and to one of six **tiers** (1 = highest). Inside a set the tier follows the suit order: compare
the higher suit, then the lower one; in the Cycle set the Moons+Knots card is lowest. The tiers
are computed from these rules, not typed in (a test checks them against the ruling's table).

A play (a lead, or a face-up follow) is 1-4 cards of one tier; a lead holds at most one Cycle
card (TT-LEAD); a face-up follow has exactly the lead's multiset of sets, one tier, and that tier
is strictly higher than the round's high play (TT-FOLLOW). A play is a
:class:`~gupai_learn.engine.trick.Combination` whose ``kind`` is its sets (``"suits+suits+inter"``)
and whose ``rank`` is ``7 - tier`` (higher beats lower).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal

from gupai_learn.cards import ALL_CARDS, SUITS, Card, Cards
from gupai_learn.engine.trick import Combination
from gupai_learn.verdict import Reason

SetName = Literal["suits", "cycle", "inter"]

#: The three sets in the order plays are written.
SETS: tuple[SetName, ...] = ("suits", "cycle", "inter")
#: A learner's name of each set.
SET_NAMES: dict[str, str] = {"suits": "Suits", "cycle": "the Cycle", "inter": "Inter"}
TIERS = 6
MAX_LEAD = 4

_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def _set_of(card: Card) -> SetName:
    if len(card.suits) == 1:
        return "suits"
    a, b = _INDEX[card.suits[0]], _INDEX[card.suits[1]]
    if b - a == 1 or (a, b) == (0, len(SUITS) - 1):
        return "cycle"
    return "inter"


def _pair_order(card: Card) -> tuple[int, int]:
    """Where a card's suits stand inside its set: the higher suit, then the lower (TT-TIER);
    the Moons+Knots Cycle card goes last."""
    a = _INDEX[card.suits[0]]
    b = _INDEX[card.suits[-1]]
    if _set_of(card) == "cycle" and (a, b) == (0, len(SUITS) - 1):
        return (len(SUITS), 0)
    return (a, b)


def _tiers() -> dict[Card, int]:
    tiers: dict[Card, int] = {}
    for name in SETS:
        members = [c for c in ALL_CARDS if _set_of(c) == name]
        keys = sorted({_pair_order(c) for c in members})
        assert len(keys) == TIERS, f"the {name} set should have {TIERS} suit patterns"
        for card in members:
            tiers[card] = keys.index(_pair_order(card)) + 1
    return tiers


#: Set and tier of every card of the deck (TT-SET, TT-TIER).
SET_OF: dict[Card, SetName] = {c: _set_of(c) for c in ALL_CARDS}
TIER: dict[Card, int] = _tiers()
#: Card order for hands and plays: by tier (1 first), then set, then deck order.
ORDER: dict[Card, int] = {
    card: i
    for i, card in enumerate(sorted(ALL_CARDS, key=lambda c: (TIER[c], SETS.index(SET_OF[c]), c)))
}


def set_of(card: Card | str) -> SetName:
    """The set of a card (TT-SET): ``"suits"``, ``"cycle"`` or ``"inter"``."""
    return SET_OF[Card(card)]


def tier(card: Card | str) -> int:
    """The tier of a card, 1 (highest) to 6 (TT-TIER)."""
    return TIER[Card(card)]


def canonical(pieces: Iterable[Card]) -> Cards:
    """Cards in the game's order: tier 1 first, then Suits, Cycle, Inter, then deck order."""
    return Cards(sorted(pieces, key=ORDER.__getitem__))


def shown(pieces: Sequence[Card]) -> str:
    """Cards as a play is written: ``Ace of Leaves + End + 7 Castle``."""
    return " + ".join(map(str, pieces))


def signature(pieces: Sequence[Card]) -> str:
    """The multiset of sets of a play as a class id: ``"suits+suits+inter"``."""
    counts = Counter(SET_OF[c] for c in pieces)
    return "+".join(name for name in SETS for _ in range(counts[name]))


def signature_name(kind: str) -> str:
    """A learner's name for a class id: ``"Suits + Suits + Inter"``."""
    return " + ".join(SET_NAMES[part] for part in kind.split("+"))


def described(pieces: Sequence[Card]) -> str:
    """Each card with its set and tier: "Ace of Leaves (Suits, tier 4) + ..."."""
    return " + ".join(f"{c} ({SET_NAMES[SET_OF[c]]}, tier {TIER[c]})" for c in pieces)


def make(pieces: Sequence[Card]) -> Combination:
    """The combination of cards known to form one tier (no checks)."""
    kind = signature(pieces)
    level = TIER[pieces[0]]
    return Combination(
        kind, TIERS + 1 - level, Cards(pieces), f"tier {level}", signature_name(kind)
    )


def tier_reasons(pieces: Sequence[Card], rule: str) -> list[Reason]:
    """TT-LEAD / TT-FOLLOW: the cards of a play must all be of one tier."""
    levels = sorted({TIER[c] for c in pieces})
    if len(levels) <= 1:
        return []
    text = (
        f"{described(pieces)} mixes tiers {', '.join(map(str, levels))}: "
        "all the cards of a face-up play must be of one tier."
    )
    return [Reason(rule, text)]


def lead_reasons(pieces: Sequence[Card]) -> list[Reason]:
    """Every TT-LEAD rule a lead of ``pieces`` breaks: 1-4 cards, one tier, one Cycle card."""
    reasons = []
    if not 1 <= len(pieces) <= MAX_LEAD:
        text = f"A lead is 1 to {MAX_LEAD} cards; {shown(pieces) or 'this'} is {len(pieces)}."
        reasons.append(Reason("TT-LEAD", text))
    reasons += tier_reasons(pieces, "TT-LEAD")
    cycle = [c for c in pieces if SET_OF[c] == "cycle"]
    if len(cycle) > 1:
        text = (
            f"{shown(cycle)} are {len(cycle)} cards of the Set of the Cycle: "
            "a lead may hold at most one."
        )
        reasons.append(Reason("TT-LEAD", text))
    return reasons


def classify_play(pieces: Sequence[Card]) -> tuple[Combination | None, list[Reason]]:
    """The lead ``pieces`` make (canonical order), or every TT-LEAD rule they break."""
    reasons = lead_reasons(pieces)
    if reasons:
        return None, reasons
    return make(pieces), []


def may_beat(challenger: Combination, high: Combination) -> bool:
    """The beat rule (TT-FOLLOW): a face-up play of one tier (the lead's count) beats the
    round's high play when it has exactly its sets and a higher tier. The deal's fast path,
    its listing of the beating plays and :func:`follow_reasons` all ask it."""
    return challenger.kind == high.kind and challenger.rank > high.rank


def follow_reasons(
    pieces: Sequence[Card], lead: Combination, high: Combination, high_text: str
) -> list[Reason]:
    """Every TT-FOLLOW rule a face-up follow of ``pieces`` breaks against ``lead`` and the
    round's current ``high`` play (described by ``high_text``): none when it beats
    (:func:`may_beat`)."""
    if pieces and not tier_reasons(pieces, "TT-FOLLOW") and may_beat(make(pieces), high):
        return []
    reasons = []
    kind = signature(pieces)
    if kind != lead.kind and len(pieces) == len(lead.pieces):
        text = (
            f"{described(pieces)} is {signature_name(kind)}; the lead {shown(lead.pieces)} is "
            f"{lead.kind_name}, and a face-up follow must have exactly the lead's sets."
        )
        reasons.append(Reason("TT-FOLLOW", text))
    mixed = tier_reasons(pieces, "TT-FOLLOW")
    reasons += mixed
    if not mixed and pieces:
        level = TIER[pieces[0]]
        top = TIERS + 1 - high.rank
        if level >= top:
            how = "the same tier" if level == top else "a lower tier"
            text = (
                f"{shown(pieces)} is tier {level}, {how} than {high_text} (tier {top}): "
                f"to go face up it must be tier {top - 1} or higher; play face down instead."
            )
            reasons.append(Reason("TT-FOLLOW", text))
    return reasons


def follow_note(combo: Combination, high_text: str, high: Combination) -> Reason:
    """Why a legal face-up follow beats the high play (TT-FOLLOW)."""
    top = TIERS + 1 - high.rank
    return Reason(
        "TT-FOLLOW",
        f"{shown(combo.pieces)} ({combo.kind_name}, tier {TIERS + 1 - combo.rank}) has the "
        f"lead's sets and is a higher tier than {high_text} (tier {top}).",
    )
