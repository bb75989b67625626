"""Tien Gow properties over random deals (hypothesis): every deal ends, tiles are conserved,
8 columns in all, payments sum to zero, and the fast ``legal_plays`` is exactly the set of
face-up plays ``judge`` accepts. What every game shares (refusals, copies, replays, spellings of
a move) is in ``tests/test_properties.py``."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import Move
from gupai_learn.games import tien_gow as tg
from gupai_learn.games.tien_gow.combos import canonical
from tests.playing import pieces_everywhere, random_trick_move

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.builds(
    tg.Rules,
    mixed_sets=st.booleans(),
    early_death=st.booleans(),
    trick_payments=st.booleans(),
    one_red_dot=st.booleans(),
    zero_column_payment=st.sampled_from([4, 5]),
    banker_streak=st.sampled_from(["off", "wins", "hands"]),
)


def candidates(deal: tg.Deal) -> set[gl.Tiles]:
    """Every distinct selection of tiles the seat to act could name for a face-up play."""
    hand = deal.hands[deal.turn]
    sizes = [len(deal.trick[0].pieces)] if deal.trick else [1, 2, 3, 4]
    found = set()
    for n in sizes:
        for pick in combinations(hand, n):
            found.add(canonical(pick))
    return found


@settings(max_examples=80, deadline=None)
@given(seed=SEEDS, rules=RULES, streak=st.integers(0, 3))
def test_random_deals_end_conserve_and_settle_to_zero(
    seed: int, rules: tg.Rules, streak: int
) -> None:
    rng = random.Random(seed)
    deal = tg.Deal.random(seed=seed, rules=rules, banker_streak=streak)
    moves = 0
    while not deal.is_over:
        random_trick_move(deal, rng)
        moves += 1
        assert moves <= 32
        assert pieces_everywhere(deal) == Counter(gl.decks.chinese())
    if deal.red_dot_seat is None:
        assert sum(deal.columns) == 8 and len({len(h) for h in deal.hands}) == 1
    result = deal.settle()
    assert sum(result.payments) == 0
    assert all(line.amount > 0 and line.rules for line in result.lines)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, mixed=st.booleans(), early=st.booleans())
def test_legal_plays_are_exactly_what_judge_accepts(seed: int, mixed: bool, early: bool) -> None:
    rng = random.Random(seed)
    deal = tg.Deal.random(seed=seed, rules=tg.Rules(mixed_sets=mixed, early_death=early))
    while not deal.is_over:
        fast = {gl.Tiles(p) for p in deal.legal_plays()}
        judged = {c for c in candidates(deal) if deal.judge(c)}
        assert fast == judged
        assert len(fast) == len(deal.legal_plays())  # no duplicates
        random_trick_move(deal, rng)


@given(seed=SEEDS)
def test_random_deals_match_dealing_the_same_tiles_by_hand(seed: int) -> None:
    """Deal.random's shortcut (sorted positions, masks from positions) gives exactly the deal
    that the checked constructor builds from the same four hands."""
    fast = tg.Deal.random(seed=seed)
    slow = tg.Deal([list(h) for h in fast.hands])
    assert fast.hands == slow.hands
    assert [fast._mask(s) for s in range(4)] == [slow._mask(s) for s in range(4)]
    assert fast.legal_plays() == slow.legal_plays()
    shuffled = list(gl.decks.chinese())
    random.Random(seed).shuffle(shuffled)
    assert [sorted(h) for h in fast.hands] == [
        sorted(shuffled[i * 8 : i * 8 + 8]) for i in range(4)
    ]


def all_moves(deal: tg.Deal) -> set[Move]:
    """Every distinct move the seat to act could name: face-up selections and, for a follower,
    face-down ones of the lead's size."""
    moves = {Move("play", t) for t in candidates(deal)}
    if deal.trick:
        moves |= {Move("discard", t) for t in candidates(deal)}
    return moves


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_legal_moves_are_exactly_what_judge_accepts(seed: int, rules: tg.Rules) -> None:
    rng = random.Random(seed)
    deal = tg.Deal.random(seed=seed, rules=rules)
    while not deal.is_over:
        listed = deal.legal_moves()
        assert len(listed) == len(set(listed))  # no move twice
        accepted = {m for m in all_moves(deal) if deal.judge(m).ok}
        assert {Move(m.kind, canonical(m.pieces)) for m in listed} == accepted
        random_trick_move(deal, rng)
    assert deal.legal_moves() == []
