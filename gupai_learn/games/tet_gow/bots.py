"""Computer players for Tet-Gow: the shared random player and a heuristic (see
:class:`HeuristicPlayer`)."""

from __future__ import annotations

from collections.abc import Sequence

from gupai_learn import strong
from gupai_learn.bots import TrickHeuristic
from gupai_learn.cards import Card, Cards
from gupai_learn.engine.moves import Move
from gupai_learn.games.tet_gow.combos import SET_OF, TIER, lead_reasons
from gupai_learn.games.tet_gow.deal import MIN_TRICKS, Deal


def strength(card: Card) -> int:
    """A rough worth of a card: 6 for tier 1 down to 1 for tier 6, Suits cards a little more
    (any one-suit lead or follow can use them)."""
    return (7 - TIER[card]) * 2 + (SET_OF[card] == "suits")


class HeuristicPlayer(TrickHeuristic[Deal, Cards]):
    """A sensible Tet-Gow player.

    - Makes sure of 2 tricks (TT-LAST): while it has fewer, it beats whenever it can and leads
      its strongest play of several cards.
    - Saves a winner for the last round: its strongest card (the *keeper*) is not spent before,
      unless the round is the last or the card is needed for the 2 tricks.
    - Leads its whole hand when that is one valid play (the last round, TT-LEAD).
    - Beats with the cheapest face-up play (the lowest tier that is still higher, TT-FOLLOW);
      otherwise plays its weakest cards face down.
    """

    def _lead(self, deal: Deal, plays: list[Cards]) -> Cards:
        hand = deal.hands[deal.turn]
        if len(hand) <= 4 and not lead_reasons(hand):
            return Cards(hand)
        keep = _keeper(hand)
        pool = [p for p in plays if keep not in p] or plays
        if deal.won[deal.turn] < MIN_TRICKS:
            return max(pool, key=lambda p: (len(p), -TIER[p[0]]))
        multi = [p for p in pool if len(p) > 1 and TIER[p[0]] <= 2]
        if multi:
            return max(multi, key=lambda p: (len(p), -TIER[p[0]]))
        return min(pool, key=lambda p: (-TIER[p[0]], len(p)))

    def _follow(self, deal: Deal, plays: list[Cards]) -> Move:
        hand = deal.hands[deal.turn]
        size = len(deal.trick[0].pieces)
        last = len(hand) == size
        keep = _keeper(hand)
        cheap = sorted(plays, key=lambda p: -TIER[p[0]])
        needy = deal.won[deal.turn] < MIN_TRICKS
        wanted = [p for p in cheap if last or needy or keep not in p]
        if wanted:
            return Move("play", wanted[0])
        weakest = sorted(hand, key=lambda c: (c is keep, strength(c)))[:size]
        return Move("discard", Cards(weakest))


def _keeper(hand: Sequence[Card]) -> Card | None:
    """The card to save for the last round: the strongest one."""
    return max(hand, key=strength) if hand else None


#: The strong player (:mod:`gupai_learn.strong`): it deals the pieces it has not seen again,
#: consistently with the public history and the counts, and plays each candidate out with
#: :class:`HeuristicPlayer` on every sample. Nothing is certain about another seat's hand beyond
#: its count: a seat may put pieces face down even when it could beat.
strong_player = strong.replaying_player(HeuristicPlayer)
