"""Bull Fight properties over many random hands (hypothesis, derandomized); what every game
shares (replays, copies, judge never raising) is in ``tests/test_properties.py``."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import ENDS, PASS, Move
from gupai_learn.games import ding_niu
from gupai_learn.games.ding_niu import bots
from gupai_learn.games.ding_niu.fish import find_fish
from gupai_learn.tiles import Tiles

RULES = st.builds(
    ding_niu.Rules,
    arms=st.sampled_from([2, 1]),
    must_play=st.booleans(),
    fish_types=st.sampled_from(["classic+smothered", "classic", "any-dead-tile"]),
    after_fish=st.sampled_from(["doubles-then-settle", "settle-now", "play-on"]),
    fish_needs_alternative=st.booleans(),
    tie_break=st.sampled_from(["seed", "lower-hand-always"]),
)


def candidates(deal: ding_niu.Deal) -> list[Move]:
    """Every move worth judging: each held tile at no end / each end, face down, pass."""
    hand = deal.hands[deal.turn]
    found: list[Move] = [PASS, Move.draw()]
    for tile in set(hand):
        found.append(Move("play", Tiles((tile,))))
        found += [Move("play", Tiles((tile,)), end) for end in ENDS]
        found.append(Move("discard", Tiles((tile,))))
    return found


def accepted(deal: ding_niu.Deal) -> set[Move]:
    """What judge accepts, each as the move it is read as (ends resolved)."""
    found = set()
    for move in candidates(deal):
        if deal.judge(move):
            out = deal._judge(move, False, None)
            assert out.move is not None
            found.add(out.move)
    return found


def conserved(deal: ding_niu.Deal) -> Counter[object]:
    held = [t for h in deal.hands for t in h]
    down = [t for d in deal.down for t in d]
    return Counter(held + down + list(deal.layout.tiles))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_random_hands_end_conserve_tiles_and_legal_moves_equal_judge(
    seed: int, rules: ding_niu.Rules
) -> None:
    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed, rules=rules)
    deck = Counter(gl.decks.ding_niu())
    steps = 0
    while not deal.is_over:
        legal = deal.legal_moves()
        assert legal and len(set(legal)) == len(legal)
        assert set(legal) == accepted(deal)
        move = legal[rng.randrange(len(legal))]
        deal.apply(move)
        assert conserved(deal) == deck
        steps += 1
        assert steps <= 24 + 4 * 4
    assert deal.legal_moves() == []
    payments = deal.settle().payments
    assert sum(payments) == 0
    if deal.fish is None:
        assert sorted(payments) == [-3, -2, -1, 6]
    assert sorted(deal.places or ()) == [0, 1, 2, 3]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_refused_moves_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed)
    while not deal.is_over:
        before = (deal.transcript(), deal.hands, deal.down, deal.turn, str(deal.layout))
        for move in candidates(deal):
            if not deal.judge(move):
                try:
                    deal.apply(move)
                except ValueError:
                    pass
                else:  # pragma: no cover - a refused move was applied
                    raise AssertionError(move)
                assert (
                    deal.transcript(),
                    deal.hands,
                    deal.down,
                    deal.turn,
                    str(deal.layout),
                ) == before
        legal = deal.legal_moves()
        deal.apply(legal[rng.randrange(len(legal))])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_a_fish_is_found_only_after_a_non_double_and_its_blocker_placed_it(seed: int) -> None:
    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed)
    while not deal.is_over:
        had = deal.fish
        legal = deal.legal_moves()
        move = legal[rng.randrange(len(legal))]
        seat = deal.turn
        deal.apply(move)
        if had is None and deal.fish is not None:
            assert move.kind == "play" and not move.pieces[0].is_double
            assert deal.fish.blocker == seat and deal.fish.tile == move.pieces[0]
            assert deal.fish.kind in ding_niu.KINDS


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_the_fast_path_ends_where_judged_text_moves_end(seed: int, rules: ding_niu.Rules) -> None:
    """Moves from legal_moves() skip judging; the same moves given as text are judged: both
    deals end in the same state."""
    rng = random.Random(seed)
    fast = ding_niu.Deal.random(seed=seed, rules=rules)
    slow = fast.restart()
    while not fast.is_over:
        legal = fast.legal_moves()
        move = legal[rng.randrange(len(legal))]
        fast.apply(move)
        slow.apply(str(move))
        assert (fast.hands, fast.down, fast.turn, fast.layout) == (
            slow.hands,
            slow.down,
            slow.turn,
            slow.layout,
        )
    assert slow.is_over and slow.points == fast.points and slow.fish == fast.fish
    assert fast.state_key() == slow.state_key()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_the_inline_move_matches_the_generic_line_and_end_checks(
    seed: int, rules: ding_niu.Rules
) -> None:
    """The fast placement grows the line and Deal._placed decides the end of the hand inline: the
    line equals the one Layout.add builds from the same placements, and the hand ends exactly
    when the generic check (_finished) says so."""
    from gupai_learn.engine.line import Layout
    from gupai_learn.games.ding_niu.deal import _held_counts

    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed, rules=rules)
    line = Layout()
    while not deal.is_over:
        legal = deal.legal_moves()
        move = legal[rng.randrange(len(legal))]
        seat = deal.turn
        deal.apply(move)
        if move.kind == "play":
            line = line.add(move.pieces[0], move.end, seat, rules.arms)
        assert deal.layout == line and deal.layout.placed == line.placed
        assert (deal.layout.ends, deal.layout.numbers) == (line.ends, line.numbers)
        assert deal._held == _held_counts(deal.hands)
        assert deal.is_over == deal._finished()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), look=st.integers(1, 8))
def test_the_lazy_line_folds_to_what_layout_add_builds(seed: int, look: int) -> None:
    """The fast path only notes its placements; the line is built when read. Read every
    ``look`` moves (so several notes fold at once), and from copies taken in between, it
    equals the line Layout.add builds one tile at a time."""
    from gupai_learn.engine.line import Layout

    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed)
    line = Layout()
    copies = []
    count = 0
    while not deal.is_over:
        legal = deal.legal_moves()
        move = legal[rng.randrange(len(legal))]
        seat = deal.turn
        deal.apply(move)
        if move.kind == "play":
            line = line.add(move.pieces[0], move.end, seat)
        count += 1
        if count % 3 == 0:
            copies.append((deal.copy(), line))
        if count % look == 0:
            got = deal.layout
            assert (got.placed, got.open, got.ends, got.numbers) == (
                line.placed,
                line.open,
                line.ends,
                line.numbers,
            )
            assert got.doubles_across is False and deal.ends == line.ends
    assert deal.layout == line and deal.layout.placed == line.placed
    for copy, then in copies:
        assert copy.layout.placed == then.placed and copy.ends == then.ends


def _general(deal: ding_niu.Deal) -> None:
    """Switch ``deal``'s quick paths off, so it lists and makes moves the general way."""
    deal._fast = False


def _state(deal: ding_niu.Deal) -> tuple[object, ...]:
    return (
        deal.hands,
        deal.down,
        deal.turn,
        deal.layout.placed,
        deal.ends,
        deal.fish,
        deal.is_over,
        deal._held,
        deal._rest,
        deal.seated_history,
    )


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.one_of(st.just(ding_niu.Rules()), RULES))
def test_the_quick_paths_equal_the_general_ones(seed: int, rules: ding_niu.Rules) -> None:
    """legal_moves and apply take quick paths (per-move tables) in the common case and after
    a fish; a twin deal with them switched off lists the same moves, reports the same result
    and is in the same state after every move."""
    rng = random.Random(seed)
    quick = ding_niu.Deal.random(seed=seed, rules=rules)
    slow = quick.restart()
    while not quick.is_over:
        _general(slow)
        legal = quick.legal_moves()
        assert legal == slow.legal_moves()
        move = legal[rng.randrange(len(legal))]
        assert quick.apply(move) == slow.apply(move)
        assert _state(quick) == _state(slow)
    assert slow.is_over and quick.settle() == slow.settle()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.one_of(st.just(ding_niu.Rules()), RULES))
def test_kept_lacks_and_fish_checks_equal_the_replayed_and_built_ones(
    seed: int, rules: ding_niu.Rules
) -> None:
    """``deal.lacks`` (kept as moves are made) is what replaying the public moves tells
    (``bots.voids``), in the deal and in a copy; the fish a placement would make, read from the
    memo without building the line, is what the built line shows (``find_fish``)."""
    rng = random.Random(seed)
    deal = ding_niu.Deal.random(seed=seed, rules=rules)
    while not deal.is_over:
        assert [set(s) for s in deal.lacks] == bots.voids(deal)
        legal = deal.legal_moves()
        for move in legal:
            if move.kind == "play" and deal.ends is not None:
                tile = move.pieces[0]
                after = deal.layout.add(tile, move.end, deal.turn, rules.arms)
                built = find_fish(after.open_numbers(), after.tiles, rules.fish_types)
                assert deal._fish_after(tile, move.end) == built
        before = deal.copy()
        deal.apply(legal[rng.randrange(len(legal))])
        assert [set(s) for s in before.lacks] == bots.voids(before)
    assert [set(s) for s in deal.lacks] == bots.voids(deal)
