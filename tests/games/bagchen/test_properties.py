"""Bagchen properties over random deals (hypothesis): every deal ends after 16 tricks, the 64
tiles are conserved, settlement is zero-sum, and the fast ``legal_moves`` is exactly what
``judge`` accepts (leads with passports and charity included). What every game shares is in
``tests/test_properties.py``."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import Move
from gupai_learn.games import bagchen
from gupai_learn.games.bagchen.combos import canonical
from tests.playing import pieces_everywhere

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RULES = st.builds(
    bagchen.Rules,
    charity=st.booleans(),
    seek=st.booleans(),
    passport_leads=st.booleans(),
    earth_any_mix=st.booleans(),
    redeal=st.booleans(),
)


def random_move(deal: bagchen.Deal, rng: random.Random) -> None:
    moves = deal.legal_moves()
    deal.apply(moves[rng.randrange(len(moves))])


@settings(max_examples=25, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_random_deals_end_conserve_and_settle_to_zero(seed: int, rules: bagchen.Rules) -> None:
    rng = random.Random(seed)
    deal = bagchen.Deal.random(seed=seed, rules=rules)
    moves = 0
    while not deal.is_over:
        random_move(deal, rng)
        moves += 1
        assert moves <= 64
        assert pieces_everywhere(deal) == Counter(gl.decks.chinese_double())
    assert sum(deal.won) == 16 and all(not h for h in deal.hands)
    result = deal.settle()
    assert sum(result.payments) == 0
    assert all(line.amount > 0 and line.rules for line in result.lines)


def candidates(deal: bagchen.Deal) -> set[Move]:
    """Every distinct move the seat to act could name: face up and face down, with every call
    for a single face-down lead."""
    hand = deal.hands[deal.turn]
    sizes = [len(deal.trick[0].pieces)] if deal.trick else [1, 2, 3, 4]
    found: set[Move] = set()
    for n in sizes:
        for pick in set(combinations(hand, n)):
            tiles = canonical(pick)
            found.add(Move.play(tiles))
            found.add(Move.discard(tiles))
            if not deal.trick and n == 1:
                found.update(Move.discard(tiles, call) for call in ("sky", "earth", "any"))
    return found


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, charity=st.booleans(), passports=st.booleans())
def test_legal_moves_are_exactly_what_judge_accepts(
    seed: int, charity: bool, passports: bool
) -> None:
    rng = random.Random(seed)
    rules = bagchen.Rules(charity=charity, passport_leads=passports)
    deal = bagchen.Deal.random(seed=seed, rules=rules)
    bot = bagchen.HeuristicPlayer(seed)  # it chases tricks, so passports come into play
    while not deal.is_over:
        listed = set(deal.legal_moves())
        judged = {m for m in candidates(deal) if deal.judge(m)}
        assert listed == judged, str(deal)
        if rng.random() < 0.5:
            deal.apply(bot.choose(deal))
        else:
            random_move(deal, rng)
