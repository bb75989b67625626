"""The trick games' one fast path (``engine/trick.py``, issue 35): whatever it accepts, ``judge``
accepts too, as the same combination. The seat to act offers its own pieces, every single and
pair of its hand and a sample of larger picks, as leads and as follows, face up and face down,
spelled every way a user writes them (a tuple, a list, the hand's own type, a Move, its text);
other seats' pieces and other seats' turns are offered as well. Every game of the trick family
runs, the toy of ``tests/toy`` included: it brings no fast path of its own."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai_learn.engine.moves import Move
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.games import GAMES
from tests.registry import every_game

TRICK = every_game(lambda info: info.family == "trick")


def _picks(hand: tuple[Any, ...], rng: random.Random) -> list[tuple[Any, ...]]:
    """Every single and pair of ``hand`` (copies of a piece once), and some picks of 3 and 4."""
    found = list(dict.fromkeys(combinations(hand, 1)))
    found += list(dict.fromkeys(combinations(hand, 2)))
    for size in (3, 4):
        if len(hand) >= size:
            found += [tuple(rng.sample(hand, size)) for _ in range(6)]
    return found


def _spellings(deal: TrickDeal[Any], pick: tuple[Any, ...], kind: str) -> list[Any]:
    shuffled = list(pick)[::-1]
    plain = [tuple(pick), shuffled, type(deal.hands[deal.turn])(pick), tuple(shuffled)]
    move = Move(kind, tuple(pick))
    return [*plain, move, str(move)]


def _check_position(deal: TrickDeal[Any], rng: random.Random) -> int:
    """Offer the seat's own picks to both fast paths; returns how many the fast path took."""
    taken = 0
    for pick in _picks(deal.hands[deal.turn], rng):
        for raw in _spellings(deal, pick, "play"):
            combo = deal._fast_combination(raw, None)
            if combo is not None:
                judged = deal._judge(raw, False, None)
                assert judged.ok, (str(deal), raw, judged.errors)
                assert judged.detail == combo
                taken += 1
        for raw in _spellings(deal, pick, "discard"):
            down = deal._fast_discard(raw, None)
            if down is not None:
                assert deal.judge(raw, face_down=True).ok, (str(deal), raw)
                assert sorted(map(str, down)) == sorted(map(str, pick))
                taken += 1
    return taken


def _check_strangers(deal: TrickDeal[Any]) -> None:
    """Another seat's pieces, or the seat to act named as another, never take the fast path."""
    other = (deal.turn + 1) % deal.n_seats
    theirs = [p for p in deal.hands[other] if p not in deal.hands[deal.turn]]
    for piece in theirs[:3]:
        assert deal._fast_combination((piece,), None) is None
        assert deal._fast_discard((piece,), None) is None
    mine = deal.hands[deal.turn][:1]
    assert deal._fast_combination(tuple(mine), other) is None
    assert deal._fast_discard(tuple(mine), other) is None


@pytest.mark.parametrize("name", TRICK)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_what_the_fast_path_accepts_judge_accepts(name: str, seed: int) -> None:
    rng = random.Random(seed)
    deal = GAMES[name].Deal.random(seed=seed)
    assert isinstance(deal, TrickDeal)
    taken = 0
    steps = 0
    while not deal.is_over and steps < 24:
        taken += _check_position(deal, rng)
        _check_strangers(deal)
        for play in deal.legal_plays():  # every listed play takes the fast path
            assert deal._fast_combination(play, None) is not None, (str(deal), play)
        moves = deal.legal_moves()
        deal.apply(moves[rng.randrange(len(moves))])
        steps += 1
    assert taken > 0
