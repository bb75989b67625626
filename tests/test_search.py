"""The generic search (engine/search.py) and what it needs from a deal: ``copy()`` and
``state_key()``. Answers are checked against a brute force that rebuilds every continuation
by replaying the moves from the start (it uses neither ``copy`` nor the memo)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gupai_learn.engine.deal import BaseDeal, MoveForm, Outcome, _hand_key
from gupai_learn.engine.moves import PASS, Move
from gupai_learn.engine.search import DEFAULT_MAX_NODES, Meter, SolveResult, solve
from gupai_learn.games import tien_gow as tg
from gupai_learn.verdict import Reason
from tests.games.tien_gow.test_solver import random_endgame

Goal = Callable[[Any], "bool | None"]


# ----- a tiny made-up game: race to a target total ------------------------------------------
class Race(BaseDeal[int]):
    """Each seat holds numbers; on its turn it plays one (adding it to a shared total) or, with
    an empty hand, passes. The seat that brings the total to ``target`` or more wins; the deal
    also ends when every hand is empty (no winner). ``stall=True`` lets a seat pass at any
    time, so positions can repeat."""

    MOVE_FORMS = {"play": MoveForm("a number played"), "pass": MoveForm("a pass", pieces=False)}

    def __init__(self, hands: Any, target: int = 10, leader: int = 0, stall: bool = False) -> None:
        self._hands = [tuple(h) for h in hands]
        self._turn = leader
        self.target = target
        self.stall = stall
        self.total = 0
        self.winner: int | None = None
        self._moves: list[tuple[int, Move]] = []
        self._start = dict(hands=tuple(self._hands), target=target, leader=leader, stall=stall)

    @property
    def seated_history(self) -> tuple[tuple[int, Move], ...]:
        return tuple(self._moves)

    def copy(self) -> Race:
        new = super().copy()
        new._moves = self._moves[:]
        return new

    def state_key(self) -> Any:
        return (super().state_key(), self.total)

    def _read(self, raw: Any) -> tuple[int, ...]:
        if isinstance(raw, str):
            return tuple(int(x) for x in raw.replace("+", " ").split())
        return tuple(int(x) for x in raw)

    def _judge_move(self, seat: int, move: Move, out: Outcome) -> None:
        if move.kind == "pass":
            if self._hands[seat] and not self.stall:
                out.errors.append(Reason("RACE", "Only a seat with nothing left may pass."))
        elif move.kind != "play" or len(move.pieces) != 1:
            out.errors.append(Reason("RACE", "Play exactly one number."))

    def _apply_move(self, out: Outcome) -> Move:
        move = out.move
        assert move is not None
        seat = self._turn
        if move.kind == "play":
            hand = list(self._hands[seat])
            hand.remove(move.pieces[0])
            self._hands[seat] = tuple(hand)
            self.total += move.pieces[0]
            if self.total >= self.target:
                self.winner = seat
        self._moves.append((seat, move))
        self._turn = (seat + 1) % self.n_seats
        return move

    def _legal_moves(self) -> list[Move]:
        hand = self._hands[self._turn]
        moves = [Move("play", (n,)) for n in dict.fromkeys(hand)]
        return moves + [PASS] if self.stall or not hand else moves

    def _over(self) -> bool:
        return self.winner is not None or (not self.stall and not any(self._hands))


def winner_is(seat: int) -> Goal:
    """The goal "``seat`` wins the deal"."""
    return lambda deal: deal.winner == seat


def replayed(deal: Any, move: Move) -> Any:
    """``deal`` after ``move``, rebuilt from its start (independent of ``copy``)."""
    child = deal.restart()
    for m in (*deal.history, move):
        child.apply(m)
    return child


def brute(deal: Any, seat: int, goal: Goal) -> bool:
    """Every continuation, no memo, no copies: the AND-OR answer from the definition."""
    if deal.is_over:
        return goal(deal) is True
    results = [brute(replayed(deal, m), seat, goal) for m in deal.legal_moves()]
    return any(results) if deal.turn == seat else all(results)


def random_race(rng: random.Random) -> Race:
    seats = rng.choice([2, 3])
    hands = [[rng.randint(1, 5) for _ in range(rng.randint(0, 3))] for _ in range(seats)]
    return Race(hands, target=rng.randint(4, 14), leader=rng.randrange(seats))


def test_race_matches_brute_force_with_every_listed_play() -> None:
    rng = random.Random(1)
    for _ in range(150):
        deal = random_race(rng)
        seat = rng.randrange(deal.n_seats)
        goal = winner_is(seat)
        result = solve(deal, seat, goal)
        assert result.wins == brute(deal, seat, goal)
        if deal.turn == seat and not deal.is_over:
            wanted = tuple(m for m in deal.legal_moves() if brute(replayed(deal, m), seat, goal))
            assert result.plays == wanted
        else:
            assert result.plays == ()


def test_an_early_goal_gives_the_same_answers_with_fewer_nodes() -> None:
    rng = random.Random(2)
    fewer = 0
    for _ in range(100):
        deal = random_race(rng)
        seat = rng.randrange(deal.n_seats)

        def at_end(d: Race, s: int = seat) -> bool:
            return d.winner == s

        def early(d: Race, s: int = seat) -> bool | None:
            if d.winner is not None:
                return d.winner == s
            # nobody can reach the target with what is left: decided before the end
            return False if d.total + sum(map(sum, d.hands)) < d.target else None

        late, soon = solve(deal, seat, at_end), solve(deal, seat, early, early=True)
        assert (late.wins, late.plays) == (soon.wins, soon.plays)
        assert soon.nodes <= late.nodes
        fewer += soon.nodes < late.nodes
    assert fewer > 0


def test_an_early_goal_that_decides_at_once() -> None:
    deal = Race([[1, 2], [3]], target=20)
    result = solve(deal, 0, lambda d: d.total == 0 or None, early=True)
    assert result == SolveResult(True, (), 0)


def test_a_goal_that_searches_on_its_own_counts_on_the_meter() -> None:
    """A goal may work out an ending itself: the positions it ticks on the meter count in
    ``nodes``, and the budget stops it with an honest unknown (at the root too)."""
    meter = Meter()

    def costly(d: Race) -> bool | None:
        if d.winner is not None or d.is_over:
            return d.winner == 0
        for _ in range(10):  # ten positions of its own work before answering
            meter.tick()
        return None if d.total == 0 else d.total >= 2

    deal = Race([[1, 2], [3, 1]], target=20, leader=1)
    deal.apply("3")
    assert solve(deal, 1, costly, early=True, meter=meter) == SolveResult(True, (), 10)
    assert solve(deal, 1, costly, early=True, meter=meter, max_nodes=5).wins is None
    deal = Race([[1, 2], [3, 1]], target=20)
    full = solve(deal, 0, costly, early=True, meter=meter)
    # the root (open) and its two first moves, each worked out at once
    assert full == SolveResult(True, (Move("play", (2,)),), 30)
    for budget in (0, 9, 19, 29):
        small = solve(deal, 0, costly, early=True, meter=meter, max_nodes=budget)
        assert small.wins is None and small.nodes <= budget


def test_a_finished_deal_is_judged_by_the_goal() -> None:
    deal = Race([[5], [1]], target=5)
    deal.apply("5")
    assert deal.is_over
    assert solve(deal, 0, winner_is(0)) == SolveResult(True, (), 0)
    assert solve(deal, 1, winner_is(1)) == SolveResult(False, (), 0)


def test_the_deal_searched_is_left_unchanged() -> None:
    deal = Race([[1, 2, 3], [2, 4]], target=7)
    deal.apply("2")
    before = (deal.history, deal.hands, deal.turn, deal.total, deal.state_key())
    for seat in (0, 1):
        solve(deal, seat, winner_is(seat))
    assert (deal.history, deal.hands, deal.turn, deal.total, deal.state_key()) == before


# ----- never hang, never raise --------------------------------------------------------------
def test_budget_gives_unknown_not_an_exception() -> None:
    deal = tg.Deal.random(seed=11)
    for budget in (0, 1, 500):
        result = solve(deal, 0, winner_is(0), max_nodes=budget)
        assert result.wins is None and result.plays == () and result.nodes == budget
    small = tg.Deal(["[6:6]", "[1:1]", "[2:2]", "[3:3]"], columns=(1, 2, 2, 2))
    assert solve(small, 1, winner_is(1), max_nodes=0).wins is None


def test_every_solver_defaults_to_the_engines_budget() -> None:
    import inspect

    from gupai_learn.games import GAMES

    solvers = [solve] + [info.solve for info in GAMES.values() if info.solve is not None]
    for solver in solvers:
        default = inspect.signature(solver).parameters["max_nodes"].default
        assert default == DEFAULT_MAX_NODES, solver


@pytest.mark.parametrize("bad", [None, -1, 1.5, "10", True])
def test_bad_budget_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        solve(Race([[1], [2]]), 0, lambda d: True, max_nodes=bad)


def test_bad_seat_is_refused() -> None:
    for bad in (2, -1, "0", None):
        with pytest.raises(ValueError, match="seat"):
            solve(Race([[1], [2]]), bad, lambda d: True)  # type: ignore[arg-type]


def test_repeating_positions_give_unknown() -> None:
    # Both hands are empty and stalling is allowed: the seats can pass forever.
    loop = Race([[], []], stall=True)
    result = solve(loop, 0, winner_is(0), max_nodes=10**9)
    assert result.wins is None and result.nodes < 10


def test_a_very_long_game_gives_unknown() -> None:
    # 5000 moves deep: deeper than Python's recursion allows, answered "unknown".
    deal = Race([[1] * 2500, [1] * 2500], target=10**6)
    result = solve(deal, 0, winner_is(0), max_nodes=10**9)
    assert result.wins is None


# ----- Tien Gow endgames with other goals (the exact state_key) -----------------------------
def columns_goal(seat: int, at_least: int) -> Goal:
    return lambda d: d.columns[seat] >= at_least


def test_tien_gow_columns_goal_matches_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(25):
        deal = random_endgame(rng, 2)
        seat = rng.randrange(4)
        goal = columns_goal(seat, deal.columns[seat] + rng.randint(1, 2))
        result = solve(deal, seat, goal)
        assert result.wins == brute(deal, seat, goal)
        for play in result.plays:
            assert brute(replayed(deal, play), seat, goal)


def test_tien_gow_settlement_goal_matches_brute_force() -> None:
    # a goal that needs the exact position: the seat gains chips at settlement
    rng = random.Random(4)
    for _ in range(20):
        deal = random_endgame(rng, 2)
        seat = rng.randrange(4)

        def goal(d: tg.Deal, s: int = seat) -> bool:
            return d.settle().payments[s] > 0

        assert solve(deal, seat, goal).wins == brute(deal, seat, goal)


def test_tien_gow_early_goal_agrees() -> None:
    rng = random.Random(5)
    for _ in range(25):
        deal = random_endgame(rng, 3)
        seat = rng.randrange(4)
        need = deal.columns[seat] + 3

        def early(d: tg.Deal, s: int = seat, n: int = need) -> bool | None:
            if d.columns[s] >= n:
                return True
            # a seat gains at most a column per tile it still plays, and the trick in
            # progress if it has played to it already
            played = any(p.seat == s for p in d.trick)
            most = d.columns[s] + len(d.hands[s]) + (len(d.trick[0].pieces) if played else 0)
            return False if most < n else None

        late = solve(deal, seat, columns_goal(seat, need))
        soon = solve(deal, seat, early, early=True)
        assert (late.wins, late.plays) == (soon.wins, soon.plays)
        assert soon.nodes <= late.nodes


def test_move_order_does_not_change_the_answer() -> None:
    rng = random.Random(6)
    for _ in range(25):
        deal = random_endgame(rng, 3)
        seat = rng.randrange(4)
        goal = winner_is(seat)
        plain = solve(deal, seat, goal)
        backwards = solve(deal, seat, goal, order=lambda d, moves: moves[::-1])
        assert (plain.wins, plain.plays) == (backwards.wins, backwards.plays)
        tien_gow = tg.solve(deal, seat)  # its own key and move order
        assert (plain.wins, set(plain.plays)) == (tien_gow.wins, set(tien_gow.plays))


# ----- copy() and state_key() --------------------------------------------------------------
def snapshot(deal: tg.Deal) -> tuple[Any, ...]:
    """Everything of a deal a move may change, seen through its public API."""
    return (
        deal.history,
        deal.hands,
        deal.turn,
        deal.trick,
        deal.tricks,
        deal.columns,
        deal.current_high,
        tuple(deal.trick_payments),
        deal.first_lead,
        deal.is_over,
        deal.legal_moves(),
        deal.state_key(),
    )


def play_randomly(deal: Any, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if deal.is_over:
            return
        deal.apply(rng.choice(deal.legal_moves()))


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, before=st.integers(0, 31), after=st.integers(1, 31), pays=st.booleans())
def test_copy_is_independent(seed: int, before: int, after: int, pays: bool) -> None:
    rng = random.Random(seed)
    deal = tg.Deal.random(seed=seed, rules=tg.Rules(trick_payments=pays, one_red_dot=False))
    play_randomly(deal, rng, before)
    original = snapshot(deal)
    twin = deal.copy()
    assert type(twin) is type(deal) and snapshot(twin) == original
    play_randomly(twin, rng, after)
    assert snapshot(deal) == original
    # the copy plays on like a deal rebuilt from the start with the same moves
    rebuilt = deal.restart()
    for move in twin.history:
        rebuilt.apply(move)
    assert snapshot(rebuilt) == snapshot(twin)
    # and the original still plays on by itself
    play_randomly(deal, rng, 32)
    assert deal.is_over


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_race_copy_is_independent(seed: int) -> None:
    rng = random.Random(seed)
    deal = random_race(rng)
    before = (deal.history, deal.hands, deal.turn, deal.total, deal.winner, deal.state_key())
    twin = deal.copy()
    play_randomly(twin, rng, 10)
    assert (deal.history, deal.hands, deal.turn, deal.total, deal.winner) == before[:5]
    assert deal.state_key() == before[5]


def transposed() -> tuple[tg.Deal, tg.Deal]:
    """Two routes to one position: South discards [1:2] then [3:1], or the other way round."""
    hands = ["[6:6] [1:1] [4:4]", "[2:1] [3:1] [6:1]", "[5:3] [4:1] [6:3]", "[5:2] [4:3] [6:5]"]
    first = ["[6:6]", "down:[2:1]", "down:[5:3]", "down:[5:2]"]
    first += ["[1:1]", "down:[3:1]", "down:[4:1]", "down:[4:3]"]
    swapped = ["[6:6]", "down:[3:1]", "down:[5:3]", "down:[5:2]"]
    swapped += ["[1:1]", "down:[2:1]", "down:[4:1]", "down:[4:3]"]
    one = tg.Deal.from_script(hands, first, columns=(2, 1, 1, 1))
    two = tg.Deal.from_script(hands, swapped, columns=(2, 1, 1, 1))
    return one, two


def regrouped() -> tuple[tg.Deal, tg.Deal]:
    """Two routes to one position made of different moves, and not as many: East leads the
    Heaven pair in one trick (4 moves), or its two Heaven tiles in two tricks (8 moves); the
    others put the same tiles face down, and East takes two columns either way."""
    hands = ["[6:6] [6:6] [1:1]", "[2:1] [3:1] [6:1]", "[5:3] [4:1] [6:3]", "[5:2] [4:3] [6:5]"]
    pair = ["[6:6][6:6]", "down:[2:1][3:1]", "down:[5:3][4:1]", "down:[5:2][4:3]"]
    singles = ["[6:6]", "down:[2:1]", "down:[5:3]", "down:[5:2]"]
    singles += ["[6:6]", "down:[3:1]", "down:[4:1]", "down:[4:3]"]
    one = tg.Deal.from_script(hands, pair, columns=(2, 1, 1, 1))
    two = tg.Deal.from_script(hands, singles, columns=(2, 1, 1, 1))
    return one, two


@pytest.mark.parametrize("routes", [transposed, regrouped])
def test_state_key_of_transposed_positions(routes: Any) -> None:
    """The key is the position, not the way there: neither the moves' order (transposed), nor
    which moves and how many (regrouped) may leak into it."""
    one, two = routes()
    assert one.history != two.history
    assert one.state_key() == two.state_key()
    assert one.last_trick_key() == two.last_trick_key()
    assert hash(one.state_key()) == hash(two.state_key())


def test_regrouped_routes_differ_in_their_moves_and_their_number() -> None:
    """What makes the second fixture see a key that counts or collects the moves made."""
    one, two = regrouped()
    assert len(one.history) != len(two.history) and set(one.history) != set(two.history)
    assert (one.hands, one.turn, one.won) == (two.hands, two.turn, two.won)


def test_exact_key_sees_columns_the_coarse_key_does_not() -> None:
    hands = ["[6:6]", "[1:1]", "[2:2]", "[3:3]"]
    a = tg.Deal(hands, columns=(1, 2, 2, 2))
    b = tg.Deal(hands, columns=(4, 1, 1, 1))
    c = tg.Deal(hands, columns=(7, 0, 0, 0))
    assert a.state_key() != b.state_key()
    assert a.last_trick_key() == b.last_trick_key()  # every seat has some column
    assert a.last_trick_key() != c.last_trick_key()  # early death differs


def test_state_key_changes_with_each_move() -> None:
    deal = tg.Deal.random(seed=2)
    seen = {deal.state_key()}
    while not deal.is_over:
        deal.apply(deal.legal_moves()[-1])
        key = deal.state_key()
        assert key not in seen
        seen.add(key)


def test_default_key_ignores_the_order_of_pieces() -> None:
    assert Race([[3, 1, 2], [5]]).state_key() == Race([[1, 2, 3], [5]]).state_key()
    assert Race([[3, 1, 2], [5]]).state_key() != Race([[1, 2], [3, 5]]).state_key()
    # pieces without an order (complex numbers) still give one key per hand
    assert _hand_key((1j, 2, 1j)) == _hand_key((1j, 1j, 2)) == _hand_key((2, 1j, 1j))


def supreme_deal() -> tg.Deal:
    """East leads the Supreme pair; the others pay for it (TG-TRICKPAY)."""
    hands = ["[4:2] [2:1] [6:6]", "[1:1] [5:5] [6:1]", "[3:3] [2:2] [6:3]", "[4:4] [5:3] [6:5]"]
    return tg.Deal(hands, columns=(2, 1, 1, 1))


def test_copy_keeps_trick_payments_apart() -> None:
    deal = supreme_deal()
    twin = deal.copy()
    for move in ("[4:2][2:1]", "down:[1:1][5:5]", "down:[3:3][2:2]", "down:[4:4][5:3]"):
        twin.apply(move)
    assert twin.trick_payments and not deal.trick_payments
    assert twin.columns == (4, 1, 1, 1) and deal.columns == (2, 1, 1, 1)


def test_exact_key_sees_trick_payments() -> None:
    deal = supreme_deal()
    for move in ("[4:2][2:1]", "down:[1:1][5:5]", "down:[3:3][2:2]", "down:[4:4][5:3]"):
        deal.apply(move)
    unpaid = deal.copy()
    unpaid.trick_payments.clear()
    assert unpaid.state_key() != deal.state_key()
    assert unpaid.last_trick_key() == deal.last_trick_key()


def test_a_shared_memo_changes_no_answer() -> None:
    """Searches of one seat and goal may share what they proved (a review does): the answers
    stay those of fresh searches, and a search that runs out of budget leaves only proved
    answers behind (no mark of a position still being searched)."""
    rng = random.Random(5)
    memo: dict[Any, object] = {}
    for _ in range(25):
        deal = random_endgame(rng, 3)
        short = tg.solve(deal, 0, max_nodes=5, memo=memo)
        assert short.nodes <= 5
        assert all(value is True or value is False for value in memo.values())
        shared, fresh = tg.solve(deal, 0, memo=memo), tg.solve(deal, 0)
        assert (shared.wins, shared.plays) == (fresh.wins, fresh.plays)
    assert memo
