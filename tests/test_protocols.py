"""Typed seams (issue 25): every game's deal is what the engine's Protocols say, a game declares
exactly the capabilities its deals have, and ``copy()`` is deep enough to play on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gupai_learn.engine.line import LineDeal
from gupai_learn.engine.protocols import PlayedDeal, capable, game_of
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.games import GAMES
from tests.registry import every_game

#: What each capability promises a deal has.
PROMISES = {
    "has_banker": ("banker",),
    "has_boneyard": ("boneyard", "drawable"),
    "scores_rounds": ("round_points", "ending"),
    "has_blocker": ("fish", "down", "order"),
    "has_point_tiles": ("point", "point_tiles"),
    "has_leftover": ("leftover",),
}


@pytest.mark.parametrize("name", every_game())
def test_a_game_declares_exactly_what_its_deals_have(name: str) -> None:
    info = GAMES[name]
    deal = info.Deal.random(seed=3)
    assert game_of(deal) is info
    family = TrickDeal if info.family == "trick" else LineDeal
    assert isinstance(deal, family)
    for capability, attributes in PROMISES.items():
        declared = getattr(info, capability)
        assert all(hasattr(deal, a) for a in attributes) == declared, (capability, name)
        assert (capable(deal, capability) is deal) == declared  # type: ignore[call-overload]


def test_capable_of_an_object_of_no_game_is_none() -> None:
    assert game_of(object()) is None
    assert capable(object(), "has_boneyard") is None


def _state(deal: Any) -> tuple[Any, ...]:
    """What a deal shows: history, hands, turn, moves it allows, its key, its public facts."""
    public = {k: repr(v) for k, v in vars(deal).items() if not k.startswith("_")}
    listed = [] if deal.is_over else [str(m) for m in deal.legal_moves()]
    over = str(deal.settle()) if deal.is_over else ""
    return (deal.transcript(), deal.hands, deal.turn, listed, deal.state_key(), public, over)


def _play_out(deal: PlayedDeal, rng: random.Random) -> list[Any]:
    moves = []
    while not deal.is_over:
        options = deal.legal_moves()
        move = options[rng.randrange(len(options))]
        deal.apply(move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("name", every_game())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_playing_on_a_copy_leaves_the_original_unchanged(name: str, seed: int) -> None:
    deal = GAMES[name].Deal.random(seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(2, 9)):  # a position in play
        if deal.is_over:
            break
        options = deal.legal_moves()
        deal.apply(options[rng.randrange(len(options))])
    before = _state(deal)
    twin = deal.copy()
    moves = _play_out(twin, random.Random(seed + 100))
    assert _state(deal) == before
    for move in moves:  # the original plays on to the very same end
        deal.apply(move)
    assert _state(deal) == _state(twin)


def test_a_cards_corner_mark_comes_from_its_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import gupai_learn as gl
    from gupai_learn.games import tet_gow
    from gupai_learn.render import cards

    assert ">T1<" in cards.card_svg("Journey")
    assert ">T1<" not in tet_gow.show_tiers([gl.Card("Journey")], False)._repr_svg_()
    assert ">T1<" in gl.Card("Journey")._repr_svg_()
    monkeypatch.setattr(cards, "_mark_hook", lambda: None)  # a deck no game marks
    drawn = cards.card_svg("Journey")
    assert ">T1<" not in drawn and "tier" not in drawn and ">Journey<" in drawn


def test_chapter_07_constants_are_the_games_own() -> None:
    from gupai_learn import variants
    from gupai_learn.games import bergen, ding_niu
    from gupai_learn.games.bergen.events import BLOCKED_RULES
    from gupai_learn.games.ding_niu.events import FISH_KINDS

    assert bergen.BLOCKED_RULES is BLOCKED_RULES and ding_niu.FISH_KINDS is FISH_KINDS
    with pytest.raises(AttributeError):  # no module __getattr__ finds a game's constant
        variants.BLOCKED_RULES  # noqa: B018
    assert list(variants.MEASURES) == [g for g in GAMES if GAMES[g].measures]
