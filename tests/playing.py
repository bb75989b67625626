"""Helpers the property and golden tests share: random play, where every piece is, and what
must not change when a move is refused."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from gupai_learn.engine.moves import Move

#: Where a game keeps pieces that are in no hand and in no move (the probes live here only).
ASIDE = ("boneyard", "leftover")


def pieces_everywhere(deal: Any) -> Counter[Any]:
    """Every piece of the deal: in hands, in the moves made, and put aside (boneyard, leftover)."""
    found: Counter[Any] = Counter(p for hand in deal.hands for p in hand)
    found.update(p for move in deal.history for p in move.pieces)
    for name in ASIDE:
        found.update(getattr(deal, name, ()))
    return found


def snapshot(deal: Any) -> tuple[Any, ...]:
    """What must not change when a move is refused or a copy is played on."""
    return (str(deal), deal.seated_history, deal.hands, deal.turn, deal.is_over, deal.state_key())


def play_randomly(deal: Any, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal moves."""
    for _ in range(steps):
        if deal.is_over:
            return
        moves = deal.legal_moves()
        deal.apply(moves[rng.randrange(len(moves))])


def random_trick_move(deal: Any, rng: random.Random, down: float = 0.4) -> None:
    """One move of a trick game as a careless player makes it: a follower puts random pieces of
    his hand face down (with chance ``down``, or when nothing beats the lead), else a random
    face-up play from ``legal_plays``."""
    plays = deal.legal_plays()
    if deal.trick and (not plays or rng.random() < down):
        hand = deal.hands[deal.turn]
        deal.discard(tuple(rng.sample(list(hand), len(deal.trick[0].pieces))))
    else:
        deal.play(rng.choice(plays))


def careless_move(deal: Any, rng: random.Random, down: float = 0.3) -> Move:
    """The move a careless trick player names (golden playthroughs): a follower puts his last
    pieces face down (with chance ``down``, or when nothing beats the lead), else a random
    face-up play from ``legal_plays``."""
    plays = deal.legal_plays()
    if deal.trick and (not plays or rng.random() < down):
        hand = deal.hands[deal.turn]
        return Move("discard", type(hand)(hand[-len(deal.trick[0].pieces) :]))
    return Move("play", plays[rng.randrange(len(plays))])
