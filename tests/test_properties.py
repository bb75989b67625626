"""Properties every game shares, written once and run for each entry of ``GAMES`` (hypothesis).

Random legal play (and, between the legal moves, random bad input) never breaks the engine's
contract: every piece stays somewhere (hands, moves made, boneyard or set-aside pieces), the
seat recorded for a move is the seat whose turn it was, ``legal_moves`` lists distinct moves
that ``judge`` accepts and nothing once the deal is over, ``judge`` never raises, ``apply``
refuses exactly what ``judge`` refuses and leaves the deal as it was, a copy is independent,
replaying the history on a restarted deal reaches the same position, a move's text does what
the move does, and the settlement adds up. Every spelling of a trick game's move is in
``test_trick_forms.py``; game-specific properties stay in ``tests/games/<game>/test_properties.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES
from tests.playing import pieces_everywhere, play_randomly, snapshot
from tests.registry import every_game

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
NAMES = every_game()


def junk(info: Any) -> st.SearchStrategy[Any]:
    """Inputs a learner (or a fuzzer) might hand to ``judge``: the game's own pieces in any
    number, other games' pieces, moves of every kind, text, numbers and odd objects."""
    own = st.sampled_from(list(info.deck()))
    foreign = st.sampled_from(list(gl.decks.chinese()) + list(gl.decks.decktet()))
    pieces = st.lists(st.one_of(own, own, foreign), max_size=5)
    kinds = st.sampled_from(["play", "discard", "draw", "pass", "jump", None, 3])
    moves = st.builds(
        Move,
        kinds,
        st.one_of(pieces.map(tuple), st.none(), st.integers()),
        st.sampled_from([None, "left", "right", "middle"]),
        st.sampled_from([None, "sky", "earth", "any", "moon"]),
    )
    return st.one_of(
        pieces,
        pieces.map(tuple),
        moves,
        own,
        st.text(max_size=20),
        pieces.map(lambda ps: " ".join(map(str, ps))),
        st.none(),
        st.integers(),
        st.floats(),
        st.lists(st.lists(st.integers(), max_size=2), max_size=2),
    )


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=12, deadline=None)
@given(seed=SEEDS)
def test_random_play_keeps_pieces_turns_and_lists(name: str, seed: int) -> None:
    """Every step: the pieces are all still there, the move is recorded for the seat whose turn
    it was, the listed moves are distinct and judged legal; the deal ends and then lists none."""
    info = GAMES[name]
    rng = random.Random(seed)
    deal = info.Deal.random(seed=seed)
    deck = Counter(info.deck())
    assert pieces_everywhere(deal) == deck
    for _ in range(500):
        if deal.is_over:
            break
        moves = deal.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        move = moves[rng.randrange(len(moves))]
        assert deal.judge(move).ok
        seat = deal.turn
        assert 0 <= seat < deal.n_seats
        others = [s for s in range(deal.n_seats) if s != seat]
        assert not deal.judge(move, seat=rng.choice(others))
        deal.apply(move)
        assert deal.seated_history[-1] == (seat, move)
        assert pieces_everywhere(deal) == deck
    assert deal.is_over and deal.legal_moves() == []
    assert not deal.judge(move)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, data=st.data())
def test_judge_never_raises_and_apply_agrees(name: str, seed: int, data: st.DataObject) -> None:
    """Random input at random points of a deal: ``judge`` answers (never raises); ``apply``
    raises IllegalPlayError (AmbiguousPlayError for a line tile that fits both ends, named
    without one) exactly when ``judge`` refuses, and then the deal is unchanged."""
    info = GAMES[name]
    rng = random.Random(seed)
    deal = info.Deal.random(seed=seed)
    while not deal.is_over:
        hand = list(deal.hands[deal.turn])
        from_hand = st.lists(st.sampled_from(hand), max_size=4) if hand else st.just([])
        raw = data.draw(st.one_of(junk(info), from_hand), label="input")
        verdict = deal.judge(raw)
        assert isinstance(verdict, gl.Verdict) and verdict.ok == bool(verdict)
        before = snapshot(deal)
        if verdict.ok:
            deal.copy().apply(raw)
        else:
            assert verdict.reasons and all(r.rule for r in verdict.reasons)
            with pytest.raises((gl.IllegalPlayError, gl.AmbiguousPlayError)) as refused:
                deal.apply(raw)
            if isinstance(refused.value, gl.IllegalPlayError):
                assert refused.value.verdict == verdict
            else:  # a line tile that fits both ends, named without one
                assert verdict.rules == (deal.RULE_PLAY,)
        assert snapshot(deal) == before
        play_randomly(deal, rng, rng.randrange(1, 6))
    assert not deal.judge(data.draw(junk(info), label="after the end"))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, cut=st.integers(0, 60))
def test_a_copy_is_independent(name: str, seed: int, cut: int) -> None:
    """Playing a copy to the end leaves the original as it was, and the other way round."""
    rng = random.Random(seed)
    deal = GAMES[name].Deal.random(seed=seed)
    play_randomly(deal, rng, cut)
    copy = deal.copy()
    assert copy.state_key() == deal.state_key() and str(copy) == str(deal)
    before = snapshot(deal)
    play_randomly(copy, rng, 500)
    assert snapshot(deal) == before
    if not deal.is_over:
        after = snapshot(copy)
        play_randomly(deal, rng, 500)
        assert snapshot(copy) == after


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_replaying_the_history_and_its_text_gives_the_same_deal(name: str, seed: int) -> None:
    """A restarted deal replaying the history (as moves, and as their text) reaches the same
    position, transcript and settlement; the restarted deal starts from the original hands."""
    info = GAMES[name]
    rng = random.Random(seed)
    deal = info.Deal.random(seed=seed)
    start = deal.hands
    play_randomly(deal, rng, 500)
    fresh = deal.restart()
    assert fresh.hands == start and fresh.history == ()
    as_text = deal.restart()
    for move in deal.history:
        fresh.apply(move)
        as_text.apply(str(move))
    for again in (fresh, as_text):
        assert snapshot(again) == snapshot(deal)
        assert again.transcript() == deal.transcript()
        assert again.settle() == deal.settle()


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_settlement_adds_up(name: str, seed: int) -> None:
    """A finished deal settles: payments add up to zero; scores add up to zero in a game
    played as long as you like, and are never negative in a game played to a target (points
    counted toward it); every settlement line names a rule."""
    info = GAMES[name]
    deal = info.Deal.random(seed=seed)
    play_randomly(deal, random.Random(seed), 500)
    result = deal.settle()
    assert len(result.payments) == len(result.scores) == deal.n_seats
    assert sum(result.payments) == 0
    if info.target is None:
        assert sum(result.scores) == 0
    else:
        assert min(result.scores) >= 0
    assert all(line.rules for line in result.lines)


TRICK_NAMES = every_game(lambda info: info.family == "trick")


@pytest.mark.parametrize("name", TRICK_NAMES)
@pytest.mark.parametrize("seed", range(6))
def test_a_trick_games_fast_paths_play_as_the_judged_path(name: str, seed: int) -> None:
    """A seeded deal played through ``play``/``discard`` as a user writes the moves (the listed
    play as it is, a follower's face-down pieces as a plain tuple) and a twin whose shortcuts are
    switched off (every move judged the careful way) list the same plays at every step, both
    refuse a follower's face-up play that is not listed, and they end with the same history,
    counts won and settlement (issue 25: every fast path proved equal to the general one)."""
    info = GAMES[name]
    rng = random.Random(seed)
    fast = info.Deal.random(seed=seed)
    careful = info.Deal.random(seed=seed)
    careful._fast_combination = lambda raw, seat: None
    careful._fast_discard = lambda raw, seat: None
    while not fast.is_over:
        plays = fast.legal_plays()
        assert plays == careful.legal_plays()
        trick = fast.trick
        if trick:  # the follower's own pieces face up, not among the listed plays: refused
            tried = tuple(rng.sample(fast.hands[fast.turn], len(trick[0].pieces)))
            if sorted(tried, key=str) not in [sorted(p, key=str) for p in plays]:
                before = fast.state_key()
                for deal in (fast, careful):
                    with pytest.raises(gl.IllegalPlayError):
                        deal.play(tried)
                assert fast.state_key() == careful.state_key() == before
        pick = rng.randrange(len(plays) + 1) if trick else rng.randrange(len(plays))
        if pick == len(plays):
            down = tuple(rng.sample(fast.hands[fast.turn], len(trick[0].pieces)))
            fast.discard(down)
            careful.discard(down)
        else:
            fast.play(plays[pick])
            careful.play(plays[pick])
        assert fast.seated_history == careful.seated_history
        assert fast.won == careful.won and fast.state_key() == careful.state_key()
    assert careful.is_over and fast.settle() == careful.settle()
