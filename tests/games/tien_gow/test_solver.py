"""The Tien Gow solver against a plain brute force over the public Deal API."""

from __future__ import annotations

import inspect
import random
from itertools import combinations

import pytest

import gupai_learn as gl
from gupai_learn.engine.moves import Move
from gupai_learn.engine.search import DEFAULT_MAX_NODES
from gupai_learn.games import tien_gow as tg
from gupai_learn.games.tien_gow.deal import hand_mask


def options(deal: tg.Deal) -> list[Move]:
    """Every move the seat to act may make, found by asking ``judge`` (no shortcuts)."""
    hand = deal.hands[deal.turn]
    sizes = [len(deal.trick[0].pieces)] if deal.trick else [1, 2, 3, 4]
    found: list[Move] = []
    for n in sizes:
        for pick in dict.fromkeys(combinations(hand, n)):
            tiles = gl.Tiles(pick)
            if deal.judge(tiles):
                found.append(Move("play", tiles))
            if deal.trick and deal.judge(tiles, face_down=True):
                found.append(Move("discard", tiles))
    return found


def after(deal: tg.Deal, action: Move) -> tg.Deal:
    """The deal after ``action``, rebuilt from the start by replaying every move (so the brute
    force does not rely on ``Deal.copy``, which the solver uses)."""
    child = deal.restart()
    for move in (*deal.history, action):
        child.apply(move)
    return child


def brute(deal: tg.Deal, seat: int) -> bool:
    if deal.is_over:
        return deal.winner == seat
    results = [brute(after(deal, action), seat) for action in options(deal)]
    return any(results) if deal.turn == seat else all(results)


def random_endgame(rng: random.Random, size: int, rules: tg.Rules | None = None) -> tg.Deal:
    deck = list(gl.decks.chinese())
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(4)]
    played = 8 - size
    cuts = sorted(rng.randint(0, played) for _ in range(3))
    columns = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], played - cuts[2]]
    return tg.Deal(hands, rules, leader=rng.randrange(4), columns=columns)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_solver_matches_brute_force(size: int) -> None:
    rng = random.Random(size)
    for _ in range({1: 40, 2: 40, 3: 2}[size]):
        deal = random_endgame(rng, size)
        seat = rng.randrange(4)
        result = tg.solve(deal, seat)
        assert result.wins == brute(deal, seat)
        if deal.turn == seat:
            for action in options(deal):
                assert (action in result.plays) == brute(after(deal, action), seat)
            assert result.plays == tuple(m for m in deal.legal_moves() if m in result.plays)


@pytest.mark.parametrize(
    "rules", [tg.Rules(early_death=False), tg.Rules(mixed_sets=False, trick_payments=False)]
)
def test_solver_matches_brute_force_under_other_rules(rules: tg.Rules) -> None:
    rng = random.Random(7)
    for _ in range(15):
        deal = random_endgame(rng, 2, rules)
        seat = rng.randrange(4)
        result = tg.solve(deal, seat)
        assert result.wins == brute(deal, seat)
        assert all(brute(after(deal, play), seat) for play in result.plays)


def test_solver_mid_trick_matches_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(10):
        deal = random_endgame(rng, 2)
        deal.play(rng.choice(deal.legal_plays()))
        seat = rng.randrange(4)
        assert tg.solve(deal, seat).wins == brute(deal, seat)


def test_early_death_decides() -> None:
    # North holds the top tile but has no column: it must go face down (TG-EARLY-DEATH)
    deal = tg.Deal(["51", "55", "22", "66"], columns=(3, 2, 2, 0))
    assert tg.solve(deal, 1).wins is True
    assert tg.solve(deal, 3).wins is False
    alive = tg.Deal(["51", "55", "22", "66"], columns=(3, 2, 1, 1))
    assert tg.solve(alive, 3).wins is True


def test_supreme_lead_wins() -> None:
    deal = tg.Deal(["42 21", "66 66", "11 11", "44 44"], columns=(2, 2, 1, 1))
    result = tg.solve(deal, 0)
    assert result.wins is True
    assert Move("play", gl.tiles("42 21")) in result.plays
    assert tg.solve(deal, 1).wins is False


def test_budget_gives_an_honest_unknown() -> None:
    result = tg.solve(tg.Deal.random(seed=3), 0, max_nodes=50)
    assert result.wins is None and result.nodes == 50


def test_a_budget_is_always_set() -> None:
    default = inspect.signature(tg.solve).parameters["max_nodes"].default
    assert default == DEFAULT_MAX_NODES and isinstance(default, int)
    deal = tg.Deal.random(seed=3)
    with pytest.raises(ValueError, match="max_nodes"):
        tg.solve(deal, 0, max_nodes=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        tg.solve(deal, 4)


def test_finished_deal() -> None:
    deal = tg.Deal(["66", "11", "22", "33"], columns=(2, 2, 2, 1))
    for action in ("66",):
        deal.play(action)
    for _ in range(3):
        deal.discard(deal.hands[deal.turn])
    assert tg.solve(deal, 0).wins is True and tg.solve(deal, 1).wins is False


# ----- the solver's own shortcuts (issue 26): merged tiles and the last two tricks worked out
def exact(deal: tg.Deal, seat: int) -> tuple[bool | None, tuple[Move, ...]]:
    """The generic search with the exact key and nothing worked out ahead: the reference."""
    from gupai_learn.engine.search import solve

    result = solve(deal, seat, lambda d: d.winner == seat, key=tg.Deal.state_key)
    return result.wins, result.plays


RULES = [tg.Rules(), tg.Rules(early_death=False), tg.Rules(mixed_sets=False)]


@pytest.mark.parametrize(("size", "count"), [(2, 120), (3, 40), (4, 4)])
def test_shortcuts_change_no_answer(size: int, count: int) -> None:
    """Merged single tiles (``rank_key``) and the last two tricks worked out on tuples give
    the same answer and the same winning first moves as the exact search, for every seat."""
    rng = random.Random(26 + size)
    for i in range(count):
        deal = random_endgame(rng, size, RULES[i % len(RULES)])
        for _ in range(rng.randrange(3)):  # sometimes start in the middle of a trick
            deal.apply(rng.choice(deal.legal_moves()))
        for seat in range(4):
            result = tg.solve(deal, seat)
            assert (result.wins, result.plays) == exact(deal, seat), (deal.hands, seat)


def test_merged_tiles_share_a_key_only_when_interchangeable() -> None:
    from gupai_learn.games.tien_gow.solver import rank_key

    def key(tile: str) -> object:
        hands = [f"[4:4] {tile}", "[5:2] [2:2]", "[4:4] [3:1]", "[1:1] [6:4]"]
        return rank_key(tg.Deal(hands, columns=(6, 0, 0, 0)))

    # a nine and an eight, both above every other military tile still out: one label
    assert key("[6:3]") == key("[6:2]")
    # the two lowest civil tiles, nothing between them: one label
    assert key("[6:1]") == key("[5:1]")
    # [6:1] is civil: another suit, another future
    assert key("[6:3]") != key("[6:1]")
    # [4:1] is below the second hand's [5:2], [6:3] above it: not interchangeable
    assert key("[6:3]") != key("[4:1]")


def test_the_ending_search_counts_on_the_budget() -> None:
    """Positions the endgame search works out count like the others: the budget is never
    exceeded, a small one gives an honest unknown, and the same position costs the same (a
    position settled at once by a rule costs one)."""
    rng = random.Random(7)
    searched = 0
    while searched < 10:
        deal = random_endgame(rng, 3)
        seat = (deal.turn + 1) % 4  # not the leader's turn: worked out below the root at once
        full = tg.solve(deal, seat)
        assert full.wins is not None and full.nodes >= 1
        assert tg.solve(deal, seat) == full
        searched += full.nodes > 1
        for budget in {0, full.nodes // 2}:
            small = tg.solve(deal, seat, max_nodes=budget)
            assert small.nodes <= budget
            assert small.wins is None


# ----- the endgame search (issue 36): bit masks, merged keys, positions settled by argument
def with_sets(rng: random.Random, size: int, rules: tg.Rules) -> tg.Deal:
    """A random endgame in which the leader and at least one other seat can lead a set, so
    that leads of several sizes and face-down plays of several tiles are searched."""
    while True:
        deal = random_endgame(rng, size, rules)
        sets = [
            any(
                len(p) > 1
                for p in tg.Deal(deal.hands, rules, leader=s, columns=deal.columns).legal_plays()
            )
            for s in range(4)
        ]
        if sets[deal.turn] and sum(sets) >= 2:
            return deal


@pytest.mark.parametrize(("size", "count"), [(2, 60), (3, 100), (4, 16)])
def test_the_endgame_search_agrees_with_the_plain_search(size: int, count: int) -> None:
    """On many small positions (every seat, three rule sets, half of them with sets to lead,
    some in the middle of a trick) the solver gives the exact search's answer and winning
    first moves."""
    rng = random.Random(36 + size)
    for i in range(count):
        rules = RULES[i % len(RULES)]
        deal = with_sets(rng, size, rules) if i % 2 else random_endgame(rng, size, rules)
        for _ in range(rng.randrange(4)):
            deal.apply(rng.choice(deal.legal_moves()))
        for seat in range(4):
            result = tg.solve(deal, seat)
            assert (result.wins, result.plays) == exact(deal, seat), (deal.hands, seat, rules)


def settled_kind(deal: tg.Deal, seat: int) -> str | None:
    """Which argument of the endgame search settles this trick start for ``seat`` at once
    ("T", "A" or "C"), if one does."""
    from gupai_learn.engine.search import Meter
    from gupai_learn.games.tien_gow.endgame import Endgame
    from gupai_learn.games.tien_gow.endgame_settled import _View

    search = Endgame(seat, deal.rules, Meter(), {})
    masks = tuple(hand_mask(h) for h in deal.hands)
    hands = tuple(search.hand(m) for m in masks)
    view = _View(search, masks, hands, search.columns(deal.columns))  # type: ignore[arg-type]
    if view.tops_kept(deal.turn):
        return "T"
    if view.covered():
        return "A"
    if deal.turn == seat and search.runs_out(masks, view):  # type: ignore[arg-type]
        return "C"
    return None


def test_positions_settled_at_once_agree_with_the_plain_search() -> None:
    """Each argument that settles a trick start without searching (T: tops kept to the end,
    A: every suit covered by a seat with a column, C: tricks led out that nobody can beat)
    gives the exact search's answer, on many positions where it applies."""
    rng = random.Random(3600)
    found = {"T": 0, "A": 0, "C": 0}
    tries = 0
    while min(found.values()) < 15:
        tries += 1
        assert tries < 20_000, found
        size = rng.choice((2, 3, 3, 3, 4))
        rules = RULES[tries % len(RULES)]
        deal = with_sets(rng, size, rules) if tries % 3 == 0 else random_endgame(rng, size, rules)
        seat = rng.randrange(4)
        kind = settled_kind(deal, seat)
        if kind is None or found[kind] >= 15:
            continue
        found[kind] += 1
        assert exact(deal, seat)[0] is (kind != "A"), (kind, deal.hands, deal.columns, seat)


def test_five_tile_endgames_are_decided_within_the_default_budget() -> None:
    """The bench's endgames of five tiles each (played down, and dealt at random) are all
    decided within the default budget (before issue 36 one of them was not)."""
    from gupai_learn.games.tien_gow import bench

    for make in (bench.endgame, bench.dealt_endgame):
        for seed in range(30):
            deal = make(seed, 5)
            result = tg.solve(deal, deal.turn)
            assert result.wins is not None, (make.__name__, seed, result.nodes)


@pytest.mark.parametrize(
    "hands",
    [
        ["11 11 62 53", "66 66 63 54", "44 44 52 43", "31 31 41 32"],
        ["11 11 62 53", "66 63 22 51", "44 52 55 33", "31 41 65 64"],
    ],
)
def test_leads_of_every_size_from_one_hand(hands: list[str]) -> None:
    """The leader holds a quartet, so pairs, triplets and the quartet can all be led from one
    trick start, each answered by face-down plays of that many tiles."""
    for leader in range(4):
        deal = tg.Deal(hands, leader=leader, columns=(1, 1, 1, 1))
        for seat in range(4):
            result = tg.solve(deal, seat)
            assert (result.wins, result.plays) == exact(deal, seat), (leader, seat)


def two_tiles_each(seat: int, deal: tg.Deal) -> bool:
    """The endgame search's value of a trick start of two tiles each (worked out at once)."""
    from gupai_learn.engine.search import Meter
    from gupai_learn.games.tien_gow.endgame import Endgame

    meter = Meter()
    value = Endgame(seat, deal.rules, meter, {}).value(deal)
    assert meter.nodes == 1  # one position on the budget, its plays not counted
    return value


@pytest.mark.parametrize("rules", RULES)
def test_two_tiles_each_worked_out_at_once_agree_with_the_plain_search(rules: tg.Rules) -> None:
    """Trick starts of two tiles each (the last two tricks, played out on the tiles without
    the search's bookkeeping) give the exact search's answer for every seat; half of them
    with a set to lead, so that the last trick is sometimes a pair."""
    rng = random.Random(3602)
    pairs = 0
    for i in range(150):
        deal = with_sets(rng, 2, rules) if i % 2 else random_endgame(rng, 2, rules)
        pairs += any(len(p) == 2 for p in deal.legal_plays())
        for seat in range(4):
            assert two_tiles_each(seat, deal) is exact(deal, seat)[0], (deal.hands, seat)
    assert pairs >= 60


class _Forgetful(dict[object, object]):
    """A killer table that keeps nothing: every turn tries its plays in the plain order."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def test_killer_plays_change_the_order_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trying first the play that decided a turn before (the killer table) gives
    the same answer and winning first moves as the plain order, on endgames of four tiles
    each (every seat), and searches fewer positions over them all."""
    from gupai_learn.games.tien_gow.endgame import Endgame

    rng = random.Random(3603)
    deals = [
        with_sets(rng, 4, RULES[i % 3]) if i % 2 else random_endgame(rng, 4) for i in range(12)
    ]
    with_killers = [tg.solve(deal, seat) for deal in deals for seat in range(4)]
    plain_init = Endgame.__init__

    def forgetful(self: Endgame, *args: object) -> None:
        plain_init(self, *args)  # type: ignore[arg-type]
        self.killers = _Forgetful()

    monkeypatch.setattr(Endgame, "__init__", forgetful)
    plain = [tg.solve(deal, seat) for deal in deals for seat in range(4)]
    assert [(r.wins, r.plays) for r in with_killers] == [(r.wins, r.plays) for r in plain]
    assert sum(r.nodes for r in with_killers) < sum(r.nodes for r in plain)
