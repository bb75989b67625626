"""The line-game engine (engine/line.py): Layout, Placed, placements and their verdicts."""

from __future__ import annotations

import random

import pytest

from gupai_learn.engine.line import Layout, Placed, placement
from gupai_learn.games import ding_niu
from gupai_learn.tiles import Tile
from gupai_learn.verdict import IllegalPlayError
from tests.registry import every_game


def test_layout_grows_at_both_ends_turning_tiles() -> None:
    line = Layout()
    assert line.ends is None and line.fits(Tile(6, 4)) == ("left", "right") and not line
    line = line.add(Tile(6, 4), None, 0)
    line = line.add(Tile(4, 1), "right", 1).add(Tile(6, 6), "left", 2).add(Tile(6, 2), "left", 3)
    assert str(line) == "[2:6][6:6][6:4][4:1]" and line.ends == (2, 1) and len(line) == 4
    assert [p.seat for p in line] == [3, 2, 0, 1]
    assert line.fits(Tile(2, 2)) == ("left",) and line.fits(Tile(3, 3)) == ()
    assert line.describe_ends() == "the ends show 2 and 1"
    with pytest.raises(ValueError):
        line.add(Tile(3, 3), "left", 0)


def test_layout_is_immutable_and_compares_by_value() -> None:
    a = Layout().add(Tile(6, 4), None, 0)
    b = a.add(Tile(6, 1), "left", 1)
    assert len(a) == 1 and len(b) == 2
    assert b == Layout().add(Tile(6, 4), None, 0).add(Tile(6, 1), "left", 1)
    assert hash(b) == hash(Layout().add(Tile(6, 4), None, 0).add(Tile(6, 1), "left", 1))


def test_doubles_across_is_a_layout_option() -> None:
    line = Layout(doubles_across=True).add(Tile(5, 5), None, 0).add(Tile(5, 1), "right", 1)
    assert line.placed[0].across and not line.placed[1].across
    assert Layout().add(Tile(5, 5), None, 0).placed[0].across is False


def test_one_armed_layout_keeps_one_open_end() -> None:
    line = Layout().add(Tile(6, 4), "left", 0, arms=1)
    assert line.open == ("left",) and line.open_numbers() == (6,)
    assert line.fits(Tile(4, 4)) == () and line.fits(Tile(6, 1)) == ("left",)
    assert "open left end shows 6" in line.describe_ends()


def test_placement_moves_round_trip() -> None:
    move = placement(Tile(6, 4), "right")
    assert str(move) == "[6:4]>right" and Placed(Tile(6, 4), 6, 4, 0).__str__() == "[6:4]"


def test_a_tile_that_fits_no_end_names_both_numbers() -> None:
    deal = ding_niu.Deal.from_script(
        ["[6:2] [1:1]", "[6:5] [3:3]", "[4:4] [2:2]", "[6:6] [5:5]"], ["[6:2]", "[6:5]>left"]
    )
    verdict = deal.judge("[4:4]")
    assert not verdict and "fits no end: it has no 2 and no 5 (the ends show 5 and 2)" in str(
        verdict
    )
    verdict = deal.judge("[4:4]>left")
    assert "[4:4] has no 5, the number at the left end" in str(verdict)


def test_a_legal_placement_explains_itself() -> None:
    deal = ding_niu.Deal.from_script(
        ["[6:2] [1:1]", "[6:5] [3:3]", "[4:4] [2:2]", "[6:6] [5:5]"], ["[6:2]"]
    )
    verdict = deal.judge("[6:5]")
    assert verdict and verdict.summary == "[6:5] goes at the left end, 6 to 6"
    assert deal.fits("[6:5]") == ("left",)


def test_more_than_one_tile_is_refused() -> None:
    deal = ding_niu.Deal.from_script(
        ["[6:2] [1:1]", "[6:5] [6:5]", "[4:4] [2:2]", "[6:6] [5:5]"], ["[6:2]"]
    )
    with pytest.raises(IllegalPlayError) as error:
        deal.apply("[6:5][6:5]")
    assert "One tile goes on the line per turn" in str(error.value)


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "line"))
@pytest.mark.parametrize("seed", range(20))
def test_the_fast_path_keys_moves_by_value_not_by_object(game: str, seed: int) -> None:
    """A move equal to a listed one but built anew (a plain tuple of pieces, not the interned
    object ``legal_moves`` handed out) takes the same fast path and gives the same deal."""
    from gupai_learn.engine.moves import Move
    from gupai_learn.games import GAMES

    rng = random.Random(seed)
    listed = GAMES[game].Deal.random(seed=seed)
    fresh = listed.restart()
    while not listed.is_over:
        legal = listed.legal_moves()
        assert fresh.legal_moves() == legal
        move = legal[rng.randrange(len(legal))]
        rebuilt = Move(move.kind, tuple(move.pieces), move.end, move.call)
        assert rebuilt == move and rebuilt is not move
        assert listed.apply(move) == fresh.apply(rebuilt)
        assert fresh.state_key() == listed.state_key() and fresh.layout == listed.layout
    assert fresh.is_over and fresh.settle() == listed.settle()


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "line"))
@pytest.mark.parametrize("seed", range(12))
def test_a_move_applied_with_nothing_listed_equals_judging_it(game: str, seed: int) -> None:
    """A move applied when nothing was listed since the last move (a replayed history) is
    looked up in the fast listing: every move a seat might name, legal or not, gives what a
    twin deal that judges it gives (the same result or the same refusal, the same logged
    move, the same state)."""
    from gupai_learn.engine.moves import ENDS, PASS, Move
    from gupai_learn.games import GAMES
    from gupai_learn.tiles import Tiles

    rng = random.Random(seed)
    deal = GAMES[game].Deal.random(seed=seed)
    while not deal.is_over:
        hand = deal.hands[deal.turn]
        named = [PASS, Move.draw(), *deal.legal_moves()]
        for tile in set(hand):
            named += [Move("play", (tile,), end) for end in (None, *ENDS)]
            named.append(Move("discard", Tiles((tile,))))
        for move in named:
            listed, judged = deal.copy(), deal.copy()
            listed._offered = judged._offered = None
            judged._fast = False  # the twin that judges every move (and places the slow way)
            assert _outcome(listed, move) == _outcome(judged, move), str(move)
            assert listed.seated_history == judged.seated_history
            assert [type(m.pieces) for _, m in listed.seated_history] == [
                type(m.pieces) for _, m in judged.seated_history
            ]
            assert listed.state_key() == judged.state_key() and listed.layout == judged.layout
        legal = deal.legal_moves()
        deal.apply(legal[rng.randrange(len(legal))])


def _outcome(deal: object, move: object) -> object:
    """What applying ``move`` gives: the result, or the refusal's type and text."""
    try:
        return deal.apply(move)  # type: ignore[attr-defined]
    except ValueError as error:
        return type(error), str(error)


@pytest.mark.parametrize("game", every_game())
def test_is_over_is_one_read_only_property_in_every_game(game: str) -> None:
    """``is_over`` is a property of every game's deal class (no class attribute shadowing the
    engine's property, no instance attribute of that name), read-only, and it follows the
    deal from start to end."""
    import inspect

    from gupai_learn.games import GAMES

    info = GAMES[game]
    assert isinstance(inspect.getattr_static(info.Deal, "is_over"), property)
    deal = info.Deal.random(seed=3)
    bot = info.bot("random", 3)
    assert deal.is_over is False
    while not deal.is_over:
        assert "is_over" not in vars(deal)
        deal.apply(bot.choose(deal))
    assert deal.is_over is True and deal.legal_moves() == []
    with pytest.raises(AttributeError):
        deal.is_over = False  # type: ignore[misc]


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "line"))
def test_a_line_deal_keeps_a_shared_attribute_layout(game: str) -> None:
    """A line deal keeps fewer than 30 attributes of its own: with 30 or more CPython stops
    sharing the attribute layout between deals, and every attribute read and write of the
    fast path slows down (Bull Fight fell from 1.5x to 1.3x the peer that way)."""
    from gupai_learn.games import GAMES

    deal = GAMES[game].Deal.random(seed=1)
    assert len(vars(deal)) < 30
    while not deal.is_over:
        deal.apply(deal.legal_moves()[0])
    assert len(vars(deal)) < 30
