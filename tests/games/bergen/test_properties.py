"""Bergen properties over random rounds under every option (hypothesis): the opening double
leads, a draw keeps the turn and anything else passes it on, the reserved tiles are never
drawn, a pass comes only when nothing fits and nothing may be drawn, the awards add up to the
round's points, and the round ends exactly as the ruling says (a domino, a block, or the
target). What every game shares is in ``tests/test_properties.py``; tile conservation and
``legal_moves`` against ``judge`` under every option are in ``test_deal.py``."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from gupai_learn.games import bergen
from gupai_learn.games.bergen import Rules
from tests.games.bergen.test_deal import RULES

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def nothing_fits(deal: bergen.Deal, seat: int) -> bool:
    """True when no tile of ``seat`` fits an open end of the line."""
    return not any(deal.fits(tile) for tile in deal.hands[seat])


def check_step(deal: bergen.Deal, rules: Rules, reserved: tuple[object, ...]) -> None:
    """One random move of ``deal``, checking what Bergen says about turns, draws and passes."""
    seat, size = deal.turn, len(deal.hands[deal.turn])
    moves = deal.legal_moves()
    move = moves[random.Random(len(deal.history)).randrange(len(moves))]
    if move.kind == "pass":
        assert nothing_fits(deal, seat) and deal.drawable == 0
    if move.kind == "draw":
        assert deal.drawable > 0
        assert rules.may_draw_when_able or nothing_fits(deal, seat)
    deal.apply(move)
    assert tuple(deal.boneyard)[len(deal.boneyard) - rules.reserved :] == reserved
    if move.kind == "draw":
        assert deal.turn == seat and len(deal.hands[seat]) == size + 1
    elif not deal.is_over:
        assert deal.turn == (seat + 1) % rules.players


def check_ending(deal: bergen.Deal, rules: Rules, start: tuple[int, ...]) -> None:
    """The round ended for the reason it gives, and its awards add up."""
    assert deal.ending in ("domino", "blocked", "target")
    totals = deal.totals
    assert totals == tuple(s + r for s, r in zip(start, deal.round_points, strict=True))
    if deal.ending == "domino":
        last_seat = deal.seated_history[-1][0]
        assert not deal.hands[last_seat]
        assert any("BE-END-DOMINO" in a.rules for a in deal.awards)
    elif deal.ending == "blocked":
        assert deal.drawable == 0
        assert all(nothing_fits(deal, s) for s in range(rules.players))
        assert deal.blocked is not None
    else:
        assert max(totals) >= rules.target and deal.blocked is None


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, rules=RULES, start=st.integers(0, 14))
def test_random_rounds_follow_the_turn_draw_and_ending_rules(
    seed: int, rules: Rules, start: int
) -> None:
    scores = tuple(min(start + s, rules.target - 1) for s in range(rules.players))
    deal = bergen.Deal.random(seed=seed, rules=rules, scores=scores)
    opener = deal.turn
    assert deal.opening in deal.hands[opener] and deal.opening[0] == deal.opening[1]
    placements = [m.pieces for m in deal.legal_moves() if m.kind == "play"]
    assert placements == [(deal.opening,)]
    reserved = tuple(deal.boneyard)[len(deal.boneyard) - rules.reserved :]
    while not deal.is_over:
        assert max(deal.totals) < rules.target
        check_step(deal, rules, reserved)
    check_ending(deal, rules, scores)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_awards_add_up_to_the_round_points_and_the_settlement(seed: int, rules: Rules) -> None:
    deal = bergen.Deal.random(seed=seed, rules=rules)
    rng = random.Random(seed)
    while not deal.is_over:
        moves = deal.legal_moves()
        deal.apply(moves[rng.randrange(len(moves))])
        points: Counter[int] = Counter()
        for award in deal.awards:
            assert award.points > 0 and award.rules
            points[award.seat] += award.points
        assert tuple(points[s] for s in range(rules.players)) == deal.round_points
    result = deal.settle()
    assert result.scores == deal.round_points and result.awards == deal.awards


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_the_heuristics_shortcuts_equal_the_built_lines(seed: int, rules: Rules) -> None:
    """What the heuristic reads without building lines equals what built lines show: the lacks
    (``voids``, the ends followed move by move) and each tile's best header (``_headers``,
    made once per ends) against ``Layout.add`` and ``header_points``."""
    from gupai_learn import decks
    from gupai_learn.games.bergen import bots

    rng = random.Random(seed)
    deal = bergen.Deal.random(seed=seed, rules=rules)
    while not deal.is_over:
        assert bots.voids(deal) == _plain_voids(deal)
        line = deal.layout
        tiles = decks.double_six()
        best = [
            max((bots.header_points(line.add(t, end, 0)) for end in line.fits(t)), default=0)
            for t in tiles
        ]
        assert bots._headers(line, tiles) == (best if line.ends is not None else [0] * 28)
        legal = deal.legal_moves()
        deal.apply(legal[rng.randrange(len(legal))])


def _plain_voids(deal: bergen.Deal) -> list[set[int]]:
    """:func:`bots.voids` worked out by building the line with ``Layout.add`` move by move."""
    from gupai_learn.engine.line import Layout

    lacks: list[set[int]] = [set() for _ in range(deal.n_seats)]
    if deal.rules.may_draw_when_able:
        return lacks
    last: list[tuple[int, ...]] = [() for _ in range(deal.n_seats)]
    layout = Layout()
    for seat, move in deal.seated_history:
        if move.kind == "play":
            layout = layout.add(move.pieces[0], move.end, seat)
        elif move.kind == "pass":
            lacks[seat].update(layout.ends or ())
        elif move.kind == "draw":
            last[seat] = layout.ends or ()
    for seat, ends in enumerate(last):
        lacks[seat].update(ends)
    return lacks
