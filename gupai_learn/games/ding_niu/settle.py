"""Bull Fight settlement: points, places and chips (rules/ding_niu.md).

- DN-SCORE-POINTS: a seat's points are the pips on its face-down tiles and on the tiles left in
  its hand; fewest is best.
- DN-SCORE-PLACES: first place to the fewest points, a tie to the **earlier** seat in the
  hand's playing order (the leader is the "lowest hand"); among the other places ties go to
  the **later** seat (option ``tie_break="lower-hand-always"``: every tie to the earlier seat).
- DN-SCORE-PAY: the winner receives 6 chips: 2nd place pays 1, 3rd 2, 4th 3.
- DN-FISH-PAY: after a fish, a blocker who wins collects double (12 = 2 + 4 + 6); a blocker
  who does not win pays 12 to the winner alone. With ``fish_needs_alternative`` a blocker who
  had no move that avoided the fish pays no penalty (plain payments); winning, he still
  collects double.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.games.ding_niu.ranking import places
from gupai_learn.verdict import SetupError

if TYPE_CHECKING:
    from gupai_learn.games.ding_niu.deal import Deal
    from gupai_learn.games.ding_niu.fish import Fish

#: What 2nd, 3rd and 4th place pay the winner (DN-SCORE-PAY).
PLACE_PAYMENTS = (1, 2, 3)
#: What a losing blocker pays the winner alone (DN-FISH-PAY).
FISH_PENALTY = 12
_PLACE_NAMES = ("1st", "2nd", "3rd", "4th")
_POINTS_NOTE = "points = pips face down + pips still held (DN-SCORE-POINTS)"


#: Payments are immutable and few (a ranking of four seats, doubled or not): each is made once.
_PAYMENTS: dict[tuple[tuple[int, ...], tuple[str, ...], bool], list[Payment]] = {}
_PENALTIES: dict[tuple[int, int, tuple[str, ...]], Payment] = {}


def place_payments(ranking: Sequence[int], names: Sequence[str], double: bool) -> list[Payment]:
    """DN-SCORE-PAY (doubled by DN-FISH-PAY when ``double``): each loser pays the winner."""
    key = (tuple(ranking), tuple(names), double)
    made = _PAYMENTS.get(key)
    if made is None:
        made = _PAYMENTS[key] = _place_payments(ranking, names, double)
    return list(made)


def _place_payments(ranking: Sequence[int], names: Sequence[str], double: bool) -> list[Payment]:
    winner = ranking[0]
    factor = 2 if double else 1
    rules = ("DN-SCORE-PAY", "DN-FISH-PAY") if double else ("DN-SCORE-PAY",)
    lines = []
    for place, (seat, amount) in enumerate(zip(ranking[1:], PLACE_PAYMENTS, strict=True), 2):
        text = f"{_PLACE_NAMES[place - 1]} place pays {amount}"
        text += ", doubled because the winner made the fish" if double else ""
        lines.append(Payment(seat, winner, amount * factor, text, rules))
    return lines


def fish_penalty(blocker: int, winner: int, names: Sequence[str]) -> Payment:
    """DN-FISH-PAY: a blocker who did not win pays the winner 12, and nobody else pays."""
    key = (blocker, winner, tuple(names))
    made = _PENALTIES.get(key)
    if made is None:
        made = _PENALTIES[key] = _fish_penalty(blocker, winner, names)
    return made


def _fish_penalty(blocker: int, winner: int, names: Sequence[str]) -> Payment:
    text = f"{names[blocker]} made the fish and did not win, so pays {FISH_PENALTY} alone"
    return Payment(blocker, winner, FISH_PENALTY, text, ("DN-FISH-PAY",))


def settle(deal: Deal) -> Settlement:
    """The settlement of a finished hand (ValueError while it is in play)."""
    if not deal.is_over:
        raise SetupError("the hand is still in play: settle it once it is over")
    names = deal.seat_names
    points = deal.points
    rules = deal.rules
    ranking = places(points, deal.order, rules.tie_break)
    fish = deal.fish
    alternative = rules.fish_needs_alternative
    key = (ranking, names, fish and (fish.blocker, fish.kind, fish.forced and alternative))
    paid = _PAID.get(key)
    if paid is None:
        paid = _payments(ranking, names, fish, alternative)
        if len(_PAID) < _PAID_SIZE:  # keep the table bounded, whatever names a table uses
            _PAID[key] = paid
    shown = ", ".join([f"{names[s]} {points[s]}" for s in ranking])
    winner = names[ranking[0]]
    outcome = f"{winner} wins the hand with the fewest points (DN-SCORE-PLACES): {shown}."
    return Settlement(names, paid[0], outcome, paid[1])


#: The payment lines and notes of a hand, per ranking, seat names and what the fish decides
#: (its blocker, kind, and whether it was forced under ``fish_needs_alternative``): few, each
#: made once and shared (they are immutable).
_PAID: dict[Any, tuple[tuple[Payment, ...], tuple[str, ...]]] = {}
#: The most hands :data:`_PAID` keeps (a table of the default names needs a few hundred).
_PAID_SIZE = 4096


def _payments(
    ranking: tuple[int, ...], names: Sequence[str], fish: Fish | None, alternative: bool
) -> tuple[tuple[Payment, ...], tuple[str, ...]]:
    """The payment lines and notes of a hand ranked ``ranking`` after ``fish`` (or none):
    DN-SCORE-PAY, DN-FISH-PAY (``alternative``: the ``fish_needs_alternative`` option)."""
    winner = ranking[0]
    notes = [_POINTS_NOTE]
    if fish is None:
        lines = place_payments(ranking, names, double=False)
    elif fish.blocker == winner:
        lines = place_payments(ranking, names, double=True)
        notes.append(f"{names[winner]} made the fish ({fish.kind}) and won: payments double.")
    elif fish.forced and alternative:
        lines = place_payments(ranking, names, double=False)
        notes.append(f"{names[fish.blocker]} made the fish with no other move: no penalty.")
    else:
        lines = [fish_penalty(fish.blocker, winner, names)]
    # every amount here is above zero: what from_lines would keep, without its filter
    return tuple(lines), tuple(notes)
