"""The strong computer players (gupai_learn/strong.py, issue 27): legal, reproducible, checked
arguments, and no peeking at hidden hands."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

import pytest

from gupai_learn import strong
from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES
from gupai_learn.verdict import IllegalPlayError
from tests.registry import every_game

#: Few samples keep the tests quick; the behaviour tested does not depend on the count.
FAST = {"samples": 3, "budget_ms": 60_000}


def _strong(game: str, seed: int) -> Any:
    factory = GAMES[game].bots["strong"]
    return factory(seed, **FAST)


def _midgame(game: str, seed: int, moves: int) -> Any:
    """A deal after ``moves`` moves of heuristic play (or fewer if it ends sooner)."""
    info = GAMES[game]
    deal = info.Deal.random(seed=seed)
    players = [info.bot("heuristic", seed + s) for s in range(deal.n_seats)]
    for _ in range(moves):
        if deal.is_over:
            break
        deal.apply(players[deal.turn].choose(deal))
    return deal


# ----- no peeking ----------------------------------------------------------------------------
def _hidden_swap(game: str, deal: Any, rng: random.Random) -> Any:
    """The same public history with the hidden pieces dealt differently among the other seats:
    every other seat's starting hand = its face-up plays + other unseen pieces (same counts),
    the moves replayed (face-down plays take other pieces). Bergen: the hands and boneyard
    shuffled in a copy. None when the shuffle gives an inconsistent deal."""
    seat = deal.turn
    if game == "bergen":
        from gupai_learn.games.bergen.bots import sample_world

        return sample_world(deal, seat, rng)
    from gupai_learn.games.ding_niu.bots import sample_world as dn_sample

    if game == "ding_niu":
        return dn_sample(deal, seat, rng)
    return strong.replay_sample(deal, seat, rng)


@pytest.mark.parametrize("game", every_game())
def test_no_peeking_same_public_history_same_move(game: str) -> None:
    checked = 0
    for seed in range(80):
        deal = _midgame(game, 500 + seed, 3 + seed % 9)
        if deal.is_over or len(deal.legal_moves()) < 2:
            continue
        other = _hidden_swap(game, deal, random.Random(seed))
        if other is None:
            continue
        me = deal.turn
        assert other.hands[me] == deal.hands[me]
        assert [len(h) for h in other.hands] == [len(h) for h in deal.hands]
        if [Counter(h) for h in other.hands] == [Counter(h) for h in deal.hands]:
            continue  # the shuffle changed nothing: no test
        assert _public(other) == _public(deal)
        first = _strong(game, seed).choose(deal)
        second = _strong(game, seed).choose(other)
        assert first == second, (game, seed, str(first), str(second))
        checked += 1
        if checked == 8:
            break
    assert checked >= 4, f"{game}: too few positions with hidden pieces to shuffle"


def _public(deal: Any) -> list[Any]:
    """What every seat sees: the face-up moves, and only the size of face-down ones."""
    return [
        (s, m.kind, len(m.pieces), m.call) if m.kind == "discard" else (s, str(m))
        for s, m in deal.seated_history
    ]


def test_no_peeking_test_fails_for_a_peeking_player() -> None:
    """The test above can fail: a player that reads another hand tells the two deals apart."""

    class Peeker:
        def choose(self, deal: Any) -> Move:
            moves = deal.legal_moves()
            other = deal.hands[(deal.turn + 1) % deal.n_seats]
            return moves[sum(map(ord, "".join(sorted(map(str, other))))) % len(moves)]

    differs = 0
    for seed in range(20):
        deal = _midgame("tien_gow", 500 + seed, 5)
        other = strong.replay_sample(deal, deal.turn, random.Random(seed))
        if other is not None and len(deal.legal_moves()) > 2:
            differs += Peeker().choose(deal) != Peeker().choose(other)
    assert differs


# ----- legal, reproducible -------------------------------------------------------------------
@pytest.mark.parametrize("game", every_game())
def test_strong_player_finishes_a_deal_legally(game: str) -> None:
    info = GAMES[game]
    deal = info.Deal.random(seed=3)
    players = [
        _strong(game, 7) if s == 0 else info.bot("heuristic", s) for s in range(deal.n_seats)
    ]
    while not deal.is_over:
        move = players[deal.turn].choose(deal)
        assert deal.judge(move).ok, str(move)
        deal.apply(move)
    assert info.bot("strong", 1) is not None


def test_a_seed_gives_the_same_moves() -> None:
    deal = _midgame("tet_gow", 9, 3)
    assert _strong("tet_gow", 5).choose(deal) == _strong("tet_gow", 5).choose(deal)


def test_replayed_worlds_keep_the_public_history_and_my_hand() -> None:
    for seed in range(10):
        deal = _midgame("bagchen", seed, 9)
        world = strong.replay_sample(deal, deal.turn, random.Random(seed))
        assert world is not None
        assert world.hands[deal.turn] == deal.hands[deal.turn]
        assert _public(world) == _public(deal)
        assert world.turn == deal.turn and world.is_over == deal.is_over


def test_bull_fight_worlds_respect_known_lacks() -> None:
    from gupai_learn.games.ding_niu.bots import sample_world, voids

    found = 0
    for seed in range(60):
        deal = _midgame("ding_niu", seed, 14)
        if deal.is_over:
            continue
        lacks = voids(deal)
        if not any(lacks):
            continue
        world = sample_world(deal, deal.turn, random.Random(seed))
        assert world is not None
        for s, numbers in enumerate(lacks):
            if s != deal.turn:
                assert not any(numbers.intersection(t) for t in world.hands[s])
        found += 1
    assert found


# ----- bad input -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seed": -1}, ValueError),
        ({"seed": 2**80}, ValueError),
        ({"seed": 1.5}, ValueError),  # the seeds every level and Deal.random take (issue 32.4)
        ({"seed": "7"}, ValueError),
        ({"seed": True}, ValueError),
        ({"budget_ms": -5}, ValueError),
        ({"budget_ms": math.nan}, ValueError),
        ({"budget_ms": math.inf}, ValueError),
        ({"budget_ms": 10**9}, ValueError),
        ({"budget_ms": "fast"}, TypeError),
        ({"samples": 0}, ValueError),
        ({"samples": 2.0}, TypeError),
        ({"plies": 0}, ValueError),
        ({"plies": 10**9}, ValueError),
        ({"plies": "many"}, TypeError),
    ],
)
def test_bad_seed_or_budget_is_refused(kwargs: dict[str, Any], error: type) -> None:
    seed = kwargs.pop("seed", 1)
    with pytest.raises(error) as caught:
        GAMES["tien_gow"].bots["strong"](seed, **kwargs)
    name = "seed" if not kwargs else next(iter(kwargs))
    assert str(caught.value).startswith(f"{name}=")


# ----- bounded work per decision (issue 36) ----------------------------------------------------
@pytest.mark.parametrize("game", every_game())
def test_a_decision_stops_sampling_once_its_rollouts_played_the_plies(game: str) -> None:
    """No new world after the plies budget is spent (at least two worlds), so an early
    decision with many candidates and long rollouts costs a bounded amount of work; the limit
    is a count, so the seed still decides the move."""
    deal = _midgame(game, 11, 1)
    factory = GAMES[game].bots["strong"]
    default = factory(5, budget_ms=60_000)
    default.choose(deal.copy())
    assert 0 < default.last_plies <= default.plies + default.last_plies / default.last_samples
    tight = factory(5, budget_ms=60_000, plies=1)
    move = tight.choose(deal.copy())
    assert tight.last_samples == strong.MIN_SAMPLES
    again = factory(5, budget_ms=60_000, plies=1)
    assert again.choose(deal.copy()) == move and deal.judge(move).ok


def test_a_decision_stops_at_its_wall_time_budget() -> None:
    """The wall-time cap is a safety net: past it no world is finished, and the move falls
    back on the heuristic's choice (still legal)."""
    deal = _midgame("bagchen", 3, 1)
    player = GAMES["bagchen"].bots["strong"](5, budget_ms=1, samples=50, plies=10**6)
    move = player.choose(deal)
    assert player.last_samples <= 1 and deal.judge(move).ok


def test_bot_with_a_bad_seed_is_refused() -> None:
    with pytest.raises(ValueError, match="seed="):
        GAMES["bergen"].bot("strong", -3)


@pytest.mark.parametrize("game", every_game())
@pytest.mark.parametrize("kind", ["random", "heuristic", "strong"])
def test_finished_deal_and_wrong_seat_give_the_deals_own_error(game: str, kind: str) -> None:
    make = _strong if kind == "strong" else GAMES[game].bot
    deal = _midgame(game, 2, 200)
    assert deal.is_over
    with pytest.raises(IllegalPlayError) as caught:
        make(game, 1).choose(deal) if kind == "strong" else make(kind, 1).choose(deal)
    with pytest.raises(IllegalPlayError) as expected:
        deal.apply(Move.pass_())
    assert caught.value.verdict.reasons == expected.value.verdict.reasons
    fresh = GAMES[game].Deal.random(seed=2)
    wrong = (fresh.turn + 1) % fresh.n_seats
    player = make(game, 1) if kind == "strong" else make(kind, 1)
    with pytest.raises(IllegalPlayError, match="turn"):
        player.choose(fresh, seat=wrong)
    assert fresh.history == ()
    assert fresh.judge(player.choose(fresh, seat=fresh.turn)).ok


# ----- levels in the deal player -------------------------------------------------------------
def test_deal_player_levels() -> None:
    from gupai_learn.widgets.deal_player import DealPlayer

    player = DealPlayer("tet_gow", seed=1, level="strong")
    assert player.level == "strong" and player.levels.value == "strong"
    assert all(type(b).__name__ == "StrongPlayer" for b in player.bots)
    player.levels.value = "easy"  # the choice above the table
    assert player.level == "easy" and "now easy" in player.coach.value
    assert all(type(b).__name__ == "RandomPlayer" for b in player.bots)
    player.new_deal()  # remembered for the next deal
    assert player.level == "easy" and all(type(b).__name__ == "RandomPlayer" for b in player.bots)
    assert DealPlayer("ding_niu", seed=2).level == "normal"
    with pytest.raises(ValueError, match="level='expert'"):
        DealPlayer("ding_niu", level="expert")
    with pytest.raises(ValueError, match="level='hard'"):
        player.set_level("hard")
    assert player.level == "easy"


def test_match_table_says_which_level_played() -> None:
    from gupai_learn.widgets.deal_player import DealPlayer

    player = DealPlayer("bergen", seed=2, level="strong")
    assert "Computer players: strong." in player.board.value


# ----- one factory, the opponent model -------------------------------------------------------
#: The worlds each trick game's strong player samples per decision, where not the default.
SAMPLES = {"tien_gow": 12, "bagchen": 8, "tet_gow": 12}


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "trick"))
def test_trick_games_share_one_factory(game: str) -> None:
    factory = GAMES[game].bots["strong"]
    assert factory.__qualname__.startswith("replaying_player.")
    player = factory(4)
    assert player.samples == SAMPLES.get(game, strong.DEFAULT_SAMPLES)
    assert player.sampler is strong.replay_sample
    assert player.rollout is GAMES[game].bots["heuristic"]
    assert factory(4, samples=2).samples == 2


def _misses(sampler: Any, deal: Any, rng: random.Random, tries: int = 12) -> int:
    from gupai_learn.games.bergen import bots

    choices = bots._recent_choices(deal, deal.turn)
    total = 0
    for _ in range(tries):
        world = sampler(deal, deal.turn, rng)
        total += sum(1 for c in choices if not bots._explains(world, c))
    return total


def test_bergen_worlds_explain_the_other_seats_choices() -> None:
    """The opponent model: worlds in which the other seat's recent choices are what the
    heuristic would have made come up more often than when dealt blindly."""
    from gupai_learn.games.bergen import bots

    modelled = blind = positions = 0
    for seed in range(40):
        deal = _midgame("bergen", 900 + seed, 4 + seed % 7)
        if deal.is_over or not bots._recent_choices(deal, deal.turn):
            continue
        positions += 1
        modelled += _misses(bots.modelled_world, deal, random.Random(seed))
        blind += _misses(bots.sample_world, deal, random.Random(seed))
    assert positions >= 5
    assert modelled < 0.8 * blind, (modelled, blind)


def test_bergen_past_position_is_rebuilt_from_the_world() -> None:
    """In the real deal, played by heuristic players, the other seat's recent choices are
    what the heuristic makes in the rebuilt past positions (its hand then is rebuilt exactly;
    only a rare near-tie broken the other way differs)."""
    from gupai_learn.games.bergen import bots

    explained = total = 0
    for seed in range(30):
        deal = _midgame("bergen", 700 + seed, 3 + seed % 8)
        if deal.is_over:
            continue
        for choice in bots._recent_choices(deal, deal.turn):
            assert deal.seated_history[choice[0]][0] == choice[1] != deal.turn
            total += 1
            explained += bots._explains(deal, choice)
    assert total >= 20
    assert explained >= 0.9 * total, (explained, total)


# ----- the stored measurements (lesson 07.08) ------------------------------------------------
def test_stored_measurements_cover_every_game_and_both_pairs() -> None:
    figures = strong.measured()
    assert set(figures) == set(GAMES)
    for game, pairs in figures.items():
        assert pairs == GAMES[game].strength()  # each game keeps its own, in its package
        assert set(pairs) == {"strong-heuristic", "heuristic-random"}, game
        for pair, found in pairs.items():
            assert found["low"] <= found["margin"] <= found["high"], (game, pair)
            assert 0 <= found["wins"] <= 1 and found["deals"] >= 100, (game, pair)
        normal = pairs["heuristic-random"]
        assert normal["deals"] >= 2000 and normal["low"] > 0, game


def test_the_measuring_tool_stores_where_each_game_reads() -> None:
    """``tools/bot_strength.py --store`` writes the file ``GameInfo.strength()`` reads."""
    import importlib.util
    import json
    from pathlib import Path

    tool = Path(__file__).resolve().parent.parent / "tools" / "bot_strength.py"
    spec = importlib.util.spec_from_file_location("bot_strength", tool)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, info in GAMES.items():
        path = module.game_file(name)
        assert path.parent.name == name
        assert json.loads(path.read_text(encoding="utf-8")) == info.strength()
