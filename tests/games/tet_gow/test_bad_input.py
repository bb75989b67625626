"""Bad input to a Tet-Gow game: each gets a verdict naming the rule, the state unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import gupai_learn as gl
from gupai_learn.games import tet_gow as tt

HANDS = [
    "Ace of Leaves, End, Castle, Ace of Knots, Author, Cave, Sailor, Savage",
    "Ace of Suns, Bard, Forest, Ace of Wyrms, Calamity, Market, Battle, Origin",
    "Ace of Moons, Huntress, Journey, Lunatic, Chance Meeting, Mountain, Sea, Desert",
    "Ace of Waves, Windfall, Painter, Penitent, Darkness, Merchant, Discovery, Mill",
]


def state(deal: tt.Deal) -> tuple[Any, ...]:
    return (deal.hands, deal.trick, deal.turn, deal.won, deal.history)


def refused(deal: tt.Deal, move: Any, rule: str, *words: str, **kwargs: Any) -> gl.Verdict:
    before = state(deal)
    verdict = deal.judge(move, **kwargs)
    assert not verdict and rule in verdict.rules, verdict
    for word in words:
        assert word in str(verdict), (word, str(verdict))
    with pytest.raises(gl.IllegalPlayError):
        deal.apply(move, seat=kwargs.get("seat"))
    assert state(deal) == before
    return verdict


def test_unknown_card_name() -> None:
    deal = tt.Deal(HANDS)
    refused(deal, "Ace of Leaves + Jurney", "TT-DECK", "Jurney", "Journey")


def test_a_card_not_in_the_hand() -> None:
    deal = tt.Deal(HANDS)
    refused(deal, "Huntress", "TT-DEAL", "Huntress", "East")


def test_cards_of_two_tiers() -> None:
    deal = tt.Deal(HANDS)
    refused(deal, "Ace of Leaves + Ace of Knots", "TT-LEAD", "tier 4", "tier 6")


def test_two_cycle_cards() -> None:
    deal = tt.Deal(HANDS, leader=3)
    refused(deal, "Mill + Discovery", "TT-LEAD", "Mill", "Discovery")
    deal = tt.Deal(
        ["Origin, Sailor", "Sea, Bard", "Huntress, Pact", "Windfall, Author"], won=(2, 2, 1, 1)
    )
    refused(deal, "Origin + Sailor", "TT-LEAD", "at most one")


def test_five_cards_lead() -> None:
    deal = tt.Deal(HANDS, leader=2)
    refused(deal, "Ace of Moons + Huntress + Journey + Lunatic + Mountain", "TT-LEAD", "1 to 4")


def test_a_follow_of_the_wrong_sets() -> None:
    deal = tt.Deal.from_script(HANDS, ["Ace of Leaves + End + Castle"])
    refused(deal, "Ace of Suns + Bard + Ace of Wyrms", "TT-FOLLOW", "Suits + Suits + Inter")


def test_a_follow_of_the_wrong_count() -> None:
    deal = tt.Deal.from_script(HANDS, ["Ace of Leaves + End + Castle"])
    refused(deal, "Ace of Suns + Bard", "TT-FOLLOW", "exactly 3")
    refused(deal, "down:Ace of Suns", "TT-FOLLOW", "exactly 3")


def test_a_follow_that_does_not_beat() -> None:
    deal = tt.Deal.from_script(HANDS, ["Ace of Leaves + End + Castle"])
    refused(deal, "Ace of Wyrms + Calamity + Market", "TT-FOLLOW")


def test_out_of_turn() -> None:
    deal = tt.Deal(HANDS)
    refused(deal, "Ace of Suns", "TT-DEAL", "East's turn", seat=1)


def test_after_the_game() -> None:
    deal = tt.Deal(["Huntress", "Sea", "Bard", "End"], won=(2, 2, 2, 1))
    for move in ("Huntress", "down:Sea", "down:Bard", "down:End"):
        deal.apply(move)
    assert deal.is_over
    refused(deal, "Huntress", "TT-LAST", "over")


def test_a_face_down_lead() -> None:
    deal = tt.Deal(HANDS)
    refused(deal, "down:Ace of Leaves", "TT-LEAD", "face up")


def test_a_cycle_card_with_three_players() -> None:
    deal = tt.Deal.random(seed=1, players=3)
    refused(deal, "Mountain", "TT-THREE", "Mountain")


def test_odd_values_are_refused_not_raised() -> None:
    deal = tt.Deal(HANDS)
    for bad in (None, 3, b"x", {"a": 1}, [1, 2], "", "+", "[6:6]", "x" * 20_000):
        verdict = deal.judge(bad)
        assert not verdict and verdict.reasons


@pytest.mark.parametrize(
    ("kwargs", "rule"),
    [
        ({"hands": HANDS[:3]}, "TT-THREE"),
        ({"hands": [*HANDS[:3], HANDS[0]]}, "TT-DECK"),
        ({"hands": [h.split(", ", 1)[1] for h in HANDS]}, "TT-LEAD"),
        ({"hands": [h.split(", ", 1)[1] for h in HANDS], "won": (0, 1, 0, 0)}, "TT-LAST"),
        ({"hands": HANDS, "leader": 4}, "TT-DEAL"),
        ({"hands": HANDS, "rules": "four"}, "Rules"),
        ({"hands": "Huntress"}, "TT-DEAL"),
    ],
)
def test_bad_deal_arguments_raise_value_errors(kwargs: dict[str, Any], rule: str) -> None:
    with pytest.raises(ValueError, match=rule):
        tt.Deal(**kwargs)
