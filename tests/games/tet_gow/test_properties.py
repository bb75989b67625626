"""Tet-Gow properties over random games (hypothesis): every game ends after 8 tricks, cards
are conserved, ``legal_moves()`` is exactly what ``judge`` accepts, the winner ends with at
least 2 tricks (TT-LAST) and scores add up to zero (TT-SCORE, TT-THREE). What every game shares
is in ``tests/test_properties.py``."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import Move
from gupai_learn.games import tet_gow as tt
from gupai_learn.games.tet_gow.combos import canonical
from tests.playing import pieces_everywhere, random_trick_move

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.sampled_from([4, 3])


def all_moves(deal: tt.Deal) -> set[Move]:
    """Every distinct move the seat to act could name (face up, and face down when following)."""
    hand = deal.hands[deal.turn]
    sizes = [len(deal.trick[0].pieces)] if deal.trick else [1, 2, 3, 4]
    picks = {canonical(p) for n in sizes for p in combinations(hand, n)}
    moves = {Move("play", p) for p in picks}
    if deal.trick:
        moves |= {Move("discard", p) for p in picks}
    return moves


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_random_games_end_conserve_and_score_to_zero(seed: int, players: int) -> None:
    rng = random.Random(seed)
    deal = tt.Deal.random(seed=seed, players=players)
    deck = Counter(gl.decks.decktet(players))
    moves = 0
    while not deal.is_over:
        random_trick_move(deal, rng)
        moves += 1
        assert moves <= 8 * players
        assert pieces_everywhere(deal) == deck
    assert sum(deal.won) == 8 and deal.winner is not None
    assert deal.won[deal.winner] >= 2
    scores = deal.settle().scores
    assert sum(scores) == 0
    bonus = 4 if players == 4 else 2
    assert scores[deal.winner] == deal.won[deal.winner] + bonus


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_legal_moves_are_exactly_what_judge_accepts(seed: int, players: int) -> None:
    rng = random.Random(seed)
    deal = tt.Deal.random(seed=seed, players=players)
    while not deal.is_over:
        listed = deal.legal_moves()
        assert len(listed) == len(set(listed))
        accepted = {m for m in all_moves(deal) if deal.judge(m).ok}
        assert {Move(m.kind, canonical(m.pieces)) for m in listed} == accepted
        random_trick_move(deal, rng)
    assert deal.legal_moves() == []


@settings(max_examples=40, deadline=None)
@given(
    challenger=st.lists(st.sampled_from(gl.decks.decktet()), min_size=1, max_size=4, unique=True),
    high=st.lists(st.sampled_from(gl.decks.decktet()), min_size=1, max_size=4, unique=True),
)
def test_beats_agrees_with_the_deal(challenger: list[gl.Card], high: list[gl.Card]) -> None:
    """``tet_gow.beats`` says yes exactly when a follower may play the cards face up over that
    lead in a real deal (TT-FOLLOW)."""
    if set(challenger) & set(high):
        return
    try:
        tt.classify(high)
    except gl.IllegalPlayError:
        return
    rest = [c for c in gl.decks.decktet() if c not in set(challenger) | set(high)]
    size = max(len(challenger), len(high))
    fill = iter(rest)
    hands = [list(high), list(challenger), [], []]
    for hand in hands:
        while len(hand) < 8:
            hand.append(next(fill))
    deal = tt.Deal(hands)
    deal.play(high)
    assert bool(tt.beats(challenger, high)) == bool(deal.judge(challenger)), size
