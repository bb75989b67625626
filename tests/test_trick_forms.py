"""Every spelling a user writes of a trick game's move (a Move, its text, the hand's own type,
a tuple or a list, pieces in any order) makes the same move, and the plain spellings a user's
random player writes take the fast path (issue 25: speed on the path a user writes)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES
from tests.registry import every_game

TRICK_GAMES = every_game(lambda info: info.family == "trick")


def _replayed(deal: Any) -> Any:
    copy = deal.restart()
    for earlier in deal.history:
        copy.apply(earlier)
    return copy


@pytest.mark.parametrize("name", TRICK_GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_every_spelling_of_a_move_does_the_same(name: str, seed: int, data: Any) -> None:
    rng = random.Random(seed)
    deal = GAMES[name].Deal.random(seed=seed)
    while not deal.is_over:
        move = data.draw(st.sampled_from(deal.legal_moves()))
        pieces = list(move.pieces)
        rng.shuffle(pieces)
        forms = [move, str(move), type(move.pieces)(pieces), tuple(pieces), pieces]
        results = []
        for form in forms:
            copy = _replayed(deal)
            if isinstance(form, (Move, str)):
                copy.apply(form)
            elif move.call is None:
                (copy.play if move.face_up else copy.discard)(form)
            else:  # a charity lead names its call
                copy.discard(form, call=move.call)
            results.append((copy.history, copy.hands, copy.turn, copy.won))
        assert all(r == results[0] for r in results)
        deal.apply(move)


@pytest.mark.parametrize("name", TRICK_GAMES)
@pytest.mark.parametrize("seed", range(5))
def test_a_users_plain_discard_and_play_skip_the_judge(name: str, seed: int) -> None:
    """A follower's face-down tuple of his own pieces, and a play listed by legal_plays given
    as a tuple, or either written as text, are made without judging them (no classification
    of a face-down play)."""
    rng = random.Random(seed)
    deal = GAMES[name].Deal.random(seed=seed)

    def refuse(*_: Any) -> None:
        raise AssertionError("the careful path was taken")

    deal._judge = refuse
    while not deal.is_over:
        plays = deal.legal_plays()
        trick = deal.trick
        as_text = rng.random() < 0.5
        if trick and (not plays or rng.random() < 0.5):
            hand = deal.hands[deal.turn]
            down = tuple(rng.sample(hand, len(trick[0].pieces)))
            deal.apply(str(Move("discard", down))) if as_text else deal.discard(down)
        else:
            play = tuple(plays[rng.randrange(len(plays))])
            deal.apply(str(Move("play", play))) if as_text else deal.play(play)
