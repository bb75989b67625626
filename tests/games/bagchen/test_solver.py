"""The Bagchen solver (engine/search.py with Bagchen's goal) on small endgames, and the bots."""

from __future__ import annotations

import random
import time

import pytest

import gupai_learn as gl
from gupai_learn.bots import play_out
from gupai_learn.engine.search import Meter, SolveResult, solve
from gupai_learn.games import GAMES, bagchen
from gupai_learn.games.bagchen import Deal
from gupai_learn.games.bagchen.solver import _Compact
from gupai_learn.tiles import Tile


def random_endgame(seed: int, size: int, rules: bagchen.Rules | None = None) -> Deal:
    """Random hands of ``size`` tiles each from a shuffled set, tricks spread over the seats."""
    rng = random.Random(seed)
    deck = list(gl.decks.chinese_double())
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(4)]
    left = 16 - size
    won = [left // 4 + (1 if i < left % 4 else 0) for i in range(4)]
    roll = (rng.randint(1, 6), rng.randint(1, 6))
    return Deal(hands, rules, won=won, point=roll, leader=rng.randrange(4))


def test_solver_a_point_or_the_top_tile_forces_the_last_trick() -> None:
    deal = Deal(
        ["[2:2][6:5]", "[6:6][5:1]", "[1:1][6:1]", "[4:4][6:4]"], won=(3, 4, 4, 3), point="2-2"
    )
    result = bagchen.solve(deal, 0)
    assert result.wins is False  # East cannot keep [6:5] from being beaten at the end
    deal = Deal(
        ["[2:2][6:6]", "[1:1][5:1]", "[4:4][6:1]", "[3:1][6:4]"], won=(3, 4, 4, 3), point="2-2"
    )
    result = bagchen.solve(deal, 0)
    assert result.wins and {str(m) for m in result.plays} == {"[2:2]", "[6:6]"}


def test_solver_agrees_with_playing_its_answer() -> None:
    for seed in range(12):
        deal = random_endgame(seed, 2)
        seat = deal.turn
        result = bagchen.solve(deal, seat)
        assert result.wins is not None
        if result.wins:
            assert result.plays and all(deal.judge(m) for m in result.plays)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_solver_small_endgames_are_fast(size: int) -> None:
    times = []
    for seed in range(5):
        deal = random_endgame(seed, size, bagchen.Rules(charity=True))
        start = time.perf_counter()
        assert bagchen.solve(deal, deal.turn).wins is not None
        times.append(time.perf_counter() - start)
    assert sorted(times)[2] < 2.0  # a generous bound; the benchmark reports the real figure


def test_bots_play_whole_deals_legally() -> None:
    info = GAMES["bagchen"]
    for seed in range(4):
        deal = Deal.random(seed=seed, rules=bagchen.Rules(charity=seed % 2 == 1))
        players = [info.bot("heuristic", seed), info.bot("random", seed)] * 2
        play_out(deal, players)
        assert deal.is_over and sum(deal.settle().payments) == 0


def test_heuristic_cashes_points_and_keeps_a_winner() -> None:
    deal = Deal(
        ["[2:2][2:2][6:6]", "[6:5][6:4][5:1]", "[6:1][6:1][5:1]", "[3:3][5:5][3:3]"],
        won=(3, 4, 3, 3),
        point="2-2",
    )
    bot = bagchen.HeuristicPlayer(0)
    assert str(bot.choose(deal)) == "[2:2]"  # cashes a point, keeps the other for the end


def test_heuristic_beats_heuristic_less_often_than_random_loses() -> None:
    wins = 0
    for seed in range(30):
        deal = Deal.random(seed=seed, leader=0)
        players = [bagchen.HeuristicPlayer(seed)] + [
            GAMES["bagchen"].bot("random", seed + s) for s in range(1, 4)
        ]
        play_out(deal, players)
        wins += deal.winner == 0
    assert wins >= 10  # a quarter would be chance


# ----- the compact search (issue 26): same moves, same answers as the deal's own -------------
def compact_position(seed: int) -> Deal:
    """A random small Bagchen position under random options: either a real deal played down
    by random moves (tiles seen face up, passports earned on the way), or random hands with a
    random split of the tricks already won (passports anywhere); sometimes mid-trick."""
    rng = random.Random(seed)
    rules = bagchen.Rules(
        charity=rng.random() < 0.5,
        passport_leads=rng.random() < 0.85,
        earth_any_mix=rng.random() < 0.3,
    )
    size = rng.choice([2, 3, 3, 4])
    if rng.random() < 0.5:
        deal = Deal.random(seed=seed, rules=rules)
        while len(deal.hands[0]) > size or (deal.trick and rng.random() < 0.7):
            moves = deal.legal_moves()
            deal.apply(moves[rng.randrange(len(moves))])
        return deal
    deal = _dealt(rng, size, rules)
    for _ in range(rng.randrange(4)):
        moves = deal.legal_moves()
        deal.apply(moves[rng.randrange(len(moves))])
    return deal


def endgame_position(seed: int) -> Deal:
    """Hands of 2 to 5 tiles each from a shuffled set, without charity, a random split of the
    tricks won (passports anywhere) and passport leads on or off: the endgames where the
    solver's shortcuts decide."""
    rng = random.Random(seed)
    size = rng.choice([2, 3, 3, 4, 4, 5])
    return _dealt(rng, size, None)


def _dealt(rng: random.Random, size: int, rules: bagchen.Rules | None) -> Deal:
    """``size`` tiles each from a shuffled set, the other tricks split at random among the
    seats, a random point roll and leader; ``rules=None``: passport leads on or off at random
    (drawn after the split, where the endgames above always drew them)."""
    deck = list(gl.decks.chinese_double())
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(4)]
    left = 16 - size
    cuts = sorted(rng.randint(0, left) for _ in range(3))
    won = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], left - cuts[2]]
    if rules is None:
        rules = bagchen.Rules(passport_leads=rng.random() < 0.6)
    roll = (rng.randint(1, 6), rng.randint(1, 6))
    return Deal(hands, rules, won=won, point=roll, leader=rng.randrange(4))


def exact(deal: Deal, seat: int) -> SolveResult:
    """The generic search on whole deals with the exact key (no compact state)."""
    return solve(deal, seat, lambda d: d.winner == seat, key=Deal.state_key)


def test_compact_moves_are_the_legal_moves() -> None:
    """At every position of many random lines, the compact search generates exactly the
    moves ``legal_moves()`` lists: leads under passports and charity, beats, face-down plays."""
    checked = passports = 0
    for seed in range(60):
        deal = compact_position(seed)
        rng = random.Random(seed)
        while not deal.is_over:
            compact = _Compact(deal, 0, Meter(), {}, merge=False)
            assert sorted(compact.moves(deal)) == sorted(deal.legal_moves())
            checked += 1
            passports += any(deal.passport(s) for s in range(4)) and not deal.trick
            moves = deal.legal_moves()
            deal.apply(moves[rng.randrange(len(moves))])
    assert checked > 500 and passports > 100


def test_merged_moves_are_one_of_each_interchangeable_set() -> None:
    """With interchangeable kinds merged, the search tries a subset of the legal moves, one of
    each set that differs only by people kinds or by which earth 9 or 8 is played; a move
    with no interchangeable twin is always tried."""
    merged = fewer = 0
    for seed in range(60):
        deal = compact_position(seed)
        if deal.is_over:
            continue
        tried = _Compact(deal, 0, Meter(), {}).moves(deal)
        legal = deal.legal_moves()
        assert set(tried) <= set(legal) and len(set(tried)) == len(tried)
        kinds = [t for m in legal for t in m.pieces]
        assert all(m in tried for m in legal if not set(m.pieces) & INTERCHANGEABLE), seed
        merged += bool(set(kinds) & INTERCHANGEABLE)
        fewer += len(tried) < len(legal)
    assert merged > 20 and fewer > 5


#: The kinds the compact search merges (people; earth 9s; earth 8s), unless they are points.
INTERCHANGEABLE = frozenset(Tile.parse(t) for t in ["65", "64", "61", "51", "63", "54", "62", "53"])


def test_merging_interchangeable_kinds_keeps_every_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compact search with interchangeable kinds merged (issue 36) gives the same value
    and the same winning first moves as without merging on 260 seeded positions (small random
    ones and 4-tile endgames, passports, charity and points included; those the plain search
    decides), in fewer positions."""
    from gupai_learn.games.bagchen import solver

    cases = [compact_position(seed) for seed in range(200)]
    cases += [random_endgame(seed, 4) for seed in range(60)]
    nodes = {False: 0, True: 0}
    decided = 0
    for index, deal in enumerate(cases):
        if deal.is_over:
            continue
        seat = deal.turn if index % 2 else index % 4
        answers = {}
        for merge in (False, True):
            monkeypatch.setattr(solver, "_MERGE", merge)
            result = bagchen.solve(deal, seat, max_nodes=50_000)
            answers[merge] = (result.wins, result.plays)
            nodes[merge] += result.nodes
        if answers[False][0] is None:  # the plain search ran out of positions
            continue
        assert answers[True] == answers[False], index
        decided += 1
    assert decided > 220 and nodes[True] < nodes[False]


def test_compact_search_agrees_with_the_exact_search() -> None:
    """Value and every winning first move equal the generic search's on whole deals."""
    for seed in range(120):
        deal = compact_position(seed)
        if deal.is_over:
            continue
        seat = seed % 4
        found, wanted = bagchen.solve(deal, seat), exact(deal, seat)
        assert (found.wins, found.plays) == (wanted.wins, wanted.plays), seed


def test_bounds_keep_every_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compact search with its shortcuts (issue 36, item 4: a hand led out, tops kept,
    suits covered, the last trick worked out at once, a coarser key for the tricks won)
    gives the same value and the same winning first moves as without them, on 360 seeded
    positions (small random ones, 4- and 5-tile endgames with and without passport leads,
    points everywhere, charity in some), in fewer positions; each shortcut decides some."""
    from gupai_learn.games.bagchen import solver

    fired = {"runs_out": 0, "tops_kept": 0, "covered": 0}
    for name in fired:
        real = getattr(solver._Compact, name)

        def counted(*args: object, _real: object = real, _name: str = name) -> object:
            found = _real(*args)  # type: ignore[operator]
            fired[_name] += bool(found)
            return found

        monkeypatch.setattr(solver._Compact, name, counted)
    cases = [compact_position(seed) for seed in range(200)]
    cases += [endgame_position(seed) for seed in range(600)]
    # without shortcuts; with them as shipped; with the arguments tried at every trick start
    variants = [(False, solver._SETTLED), (True, solver._SETTLED), (True, 16)]
    nodes = [0, 0, 0]
    decided = 0
    for index, deal in enumerate(cases):
        if deal.is_over:
            continue
        seat = deal.turn if index % 2 else index % 4
        answers = []
        for number, (bounds, settled) in enumerate(variants):
            monkeypatch.setattr(solver, "_BOUNDS", bounds)
            monkeypatch.setattr(solver, "_SETTLED", settled)
            result = bagchen.solve(deal, seat, max_nodes=60_000)
            answers.append((result.wins, result.plays))
            nodes[number] += result.nodes
        if answers[0][0] is None:  # the search without shortcuts ran out of positions
            continue
        assert answers[1] == answers[0] and answers[2] == answers[0], index
        decided += 1
    assert decided > 700 and nodes[1] < nodes[0] and nodes[2] < nodes[0]
    assert min(fired.values()) > 20, fired


def test_each_shortcut_claims_only_the_true_value() -> None:
    """Each shortcut of the compact search (a hand led out, tops kept, suits covered), on
    trick starts of 2- to 5-tile endgames for every seat, claims only what the search without
    shortcuts finds there (checked one by one, not only through the root's answer)."""
    from gupai_learn.engine.search import Unknown

    fired = {"runs_out": 0, "tops_kept": 0, "covered": 0}
    for seed in range(2000):
        deal = endgame_position(seed)
        for seat in range(4):
            fast = _Compact(deal, seat, Meter(), {}, bounds=True)
            hands, masks = list(deal._hands), list(deal._masks)
            masks += [fast.merged(m) for m in masks]
            won = [min(w, 6) for w in deal._won]
            shapes = [fast.shape(h, m) for h, m in zip(hands, masks, strict=False)]
            size = len(hands[seat])
            claims = {
                "runs_out": (deal.turn == seat)
                if fast.may_run_out(shapes, deal.turn)
                and fast.runs_out(hands, masks, deal.turn, won[deal.turn], 0)
                else None,
                "tops_kept": True if fast.tops_kept(shapes, won, size) else None,
                "covered": False if fast.covered(shapes, won, size) else None,
            }
            if all(c is None for c in claims.values()):
                continue
            try:
                truth = _Compact(deal, seat, Meter(), {}, bounds=False).value(deal)
            except Unknown:
                continue
            for name, claim in claims.items():
                if claim is not None:
                    assert claim == truth, (seed, seat, name)
                    fired[name] += 1
    assert min(fired.values()) > 15, fired


def plain_values(deals: tuple[Deal, ...], seat: int) -> list[bool] | None:
    """The compact search's value of each deal for ``seat`` without its shortcuts, each with
    its own memo; None when one of them is beyond the default budget."""
    from gupai_learn.engine.search import Unknown

    try:
        return [_Compact(d, seat, Meter(), {}, bounds=False).value(d) for d in deals]
    except Unknown:
        return None


def test_tricks_won_below_a_reachable_passport_do_not_change_the_value() -> None:
    """The compact search's key knows a seat's tricks only once a passport can still matter
    to a lead of two tiles or more (a lone tile is always its own lead): moving tricks
    between two seats that both stay below that mark, or, with two tiles each, between the
    seats other than the leader, never changes the value (searched without shortcuts, each
    from scratch)."""

    compared = 0
    for seed in range(300):
        deal = endgame_position(seed)
        if not deal.rules.passport_leads:
            continue
        size = len(deal.hands[0])
        reach = 6 - size + _Compact(deal, 0, Meter(), {}).spare
        won = list(deal._won)
        low = [s for s in range(4) if won[s] < reach]
        if size != 2 and (len(low) < 2 or won[low[0]] + won[low[1]] == 0):
            continue
        moved = won[:]
        if size == 2:
            # two tiles each: only the leader's tricks can matter (later leads are lone tiles)
            others = [s for s in range(4) if s != deal.turn]
            for seat, source in zip(others, others[1:] + others[:1], strict=True):
                moved[seat] = won[source]
        else:
            total = won[low[0]] + won[low[1]]
            moved[low[0]] = min(total, reach - 1)
            moved[low[1]] = total - moved[low[0]]
            if moved[low[1]] >= reach:
                continue
        if moved == won:
            continue
        other = Deal(deal.hands, deal.rules, won=moved, point=deal.point, leader=deal.turn)
        for seat in range(4):
            values = plain_values((deal, other), seat)
            if values is None:
                continue
            assert values[0] == values[1], (seed, seat)
            compared += 1
    assert compared > 100


def test_a_shared_memo_keeps_positions_with_other_tricks_apart() -> None:
    """Positions that differ only in the tricks won (a passport on one side, none on the
    other) solved one after the other with one memo, as a review solves them, each get their
    own value (the key never merges what a passport can change)."""

    differ = 0
    for seed in range(200):  # 16 pairs of different values by seed 175
        deal = endgame_position(seed)
        if not deal.rules.passport_leads:
            continue
        won = list(deal._won)
        mover = deal.turn if seed % 2 else (deal.turn + 1 + seed % 3) % 4
        giver = max((s for s in range(4) if s != mover), key=lambda s: won[s])
        moved = won[:]
        shift = min(won[giver], max(0, 6 - won[mover])) if won[mover] < 6 else -min(won[mover], 3)
        if not shift:
            continue
        moved[mover] += shift
        moved[giver] -= shift
        other = Deal(deal.hands, deal.rules, won=moved, point=deal.point, leader=deal.turn)
        for seat in range(4):
            truth = plain_values((deal, other), seat)
            if truth is None:
                continue
            memo: dict[object, object] = {}
            shared = [_Compact(d, seat, Meter(), memo).value(d) for d in (deal, other)]
            assert shared == truth, (seed, seat)
            differ += truth[0] != truth[1]
    assert differ > 10


def test_one_of_the_others_leads_out_when_only_the_seat_cannot_beat() -> None:
    """A hand led out by one of the others needs only the seat unable to beat its leads (its
    partners play face down): on trick starts of 2- to 5-tile endgames where a partner could
    beat one of them, the shortcut claims the others' win, and the search without shortcuts
    agrees."""
    from gupai_learn.engine.search import Unknown

    claimed = 0
    for seed in range(1500):
        deal = endgame_position(seed)
        leader = deal.turn
        for seat in range(4):
            if seat == leader:
                continue
            fast = _Compact(deal, seat, Meter(), {}, bounds=True)
            hands, masks = list(deal._hands), list(deal._masks)
            won = min(deal._won[leader], 6)
            partners = [masks[s] for s in range(4) if s != leader]
            if fast.leads_out(hands[leader], masks[leader], won, 0, partners):
                continue  # no partner could beat: the shortcut before this one decided it
            if not fast.runs_out(hands, masks, leader, won, 0):
                continue
            try:
                truth = _Compact(deal, seat, Meter(), {}, bounds=False).value(deal)
            except Unknown:
                continue
            assert truth is False, (seed, seat)
            claimed += 1
    assert claimed > 20, claimed


def test_trying_unbeaten_leads_first_keeps_every_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trying first the leads the other side cannot beat changes only the order: the same
    value and winning first moves on 300 small seeded positions, and on deals played by the
    computer players down to 7 tiles each, in fewer positions there."""
    from gupai_learn.games.bagchen import solver

    small = [compact_position(seed) for seed in range(100)]
    small += [endgame_position(seed) for seed in range(200)]
    nodes = {False: 0, True: 0}
    compared = 0
    for index, deal in enumerate(small + [played_down(seed, 7) for seed in range(1, 12)]):
        if deal.is_over:
            continue
        seat = 0 if index >= len(small) else deal.turn if index % 2 else index % 4
        answers = {}
        for order in (False, True):
            monkeypatch.setattr(solver, "_ORDER", order)
            result = bagchen.solve(deal, seat, max_nodes=60_000)
            answers[order] = (result.wins, result.plays)
            nodes[order] += result.nodes * (index >= len(small))
        if answers[False][0] is None or answers[True][0] is None:
            continue
        assert answers[True] == answers[False], index
        compared += 1
    assert compared > 250 and nodes[True] < nodes[False] * 0.7, nodes


def played_down(seed: int, size: int) -> Deal:
    """A deal played by the computer players until a trick starts with ``size`` tiles each."""
    info = GAMES["bagchen"]
    deal = Deal.random(seed=seed)
    bots = [info.bot("heuristic", seed + s) for s in range(4)]
    while len(deal.hands[0]) > size or deal.trick:
        deal.apply(bots[deal.turn].choose(deal))
    return deal
