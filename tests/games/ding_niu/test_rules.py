"""Bull Fight rules, one block per rule id of rules/ding_niu.md, with the seed's examples."""

from __future__ import annotations

from collections import Counter

import pytest

import gupai_learn as gl
from gupai_learn.engine.moves import Move
from gupai_learn.games import GAMES, ding_niu
from gupai_learn.games.ding_niu.fish import find_fish
from gupai_learn.tiles import Tile, tiles
from gupai_learn.verdict import AmbiguousPlayError, IllegalPlayError

# the seed's fish: [6:4] led, the second [6:4] added six to six
FOURS = ["[6:4] [1:1] [3:1]", "[6:4] [2:2] [3:1]", "[3:3] [4:4] [6:6]", "[6:6] [5:1] [4:4]"]


def script(hands: list[str], moves: list[str], **kw: object) -> ding_niu.Deal:
    return ding_niu.Deal.from_script(hands, moves, **kw)


def smothered_fours() -> ding_niu.Deal:
    """A scripted hand in which North's [6:5] smothers the fours (DN-FISH-SMOTHERED)."""
    return script(
        [
            "[6:1] [5:5] [5:1] [2:2] [1:1] [1:1]",
            "[6:6] [6:6] [6:5] [6:4] [3:1] [2:2]",
            "[6:4] [6:3] [6:1] [5:5] [4:4] [3:3]",
            "[6:5] [6:2] [5:1] [4:4] [3:3] [3:1]",
        ],
        [
            "[6:1]",
            "[6:5]>left",
            "[5:5]>left",
            "[3:1]>right",
            "[5:5]>left",
            "[3:1]>right",
            "[6:1]>right",
            "[6:5]>right",
        ],
    )


# ----- DN-SET --------------------------------------------------------------------------------


def test_dn_set_deck_has_24_tiles_and_the_seed_counts() -> None:
    deck = gl.decks.ding_niu()
    assert len(deck) == 24 and sum(t.is_double for t in deck) == 12
    ends = Counter(n for t in deck if not t.is_double for n in t)
    assert ends == {1: 6, 2: 1, 3: 3, 4: 2, 5: 4, 6: 8}
    assert GAMES["ding_niu"].deck() == deck


def test_dn_set_a_removed_military_tile_is_refused() -> None:
    with pytest.raises(ValueError, match="DN-SET"):
        ding_niu.Deal(["[2:1]", "", "", ""])
    deal = ding_niu.Deal(["[6:4]", "[6:4]", "[1:1]", "[2:2]"])
    verdict = deal.judge("[5:4]")
    assert not verdict and "DN-SET" in verdict.rules


# ----- DN-DEAL -------------------------------------------------------------------------------
def test_dn_deal_four_hands_of_six_and_a_random_first_leader() -> None:
    leaders = set()
    for seed in range(20):
        deal = ding_niu.Deal.random(seed=seed)
        assert [len(h) for h in deal.hands] == [6, 6, 6, 6]
        assert sorted(t for h in deal.hands for t in h) == sorted(gl.decks.ding_niu())
        assert deal.turn == deal.leader
        leaders.add(deal.leader)
    assert leaders == {0, 1, 2, 3}
    assert ding_niu.Deal.random(seed=3).hands == ding_niu.Deal.random(seed=3).hands


def test_dn_deal_out_of_turn_and_not_in_hand_are_refused() -> None:
    deal = ding_niu.Deal(FOURS)
    verdict = deal.judge("[6:4]", seat=1)
    assert not verdict and verdict.rules == ("DN-DEAL",) and "East's turn" in str(verdict)
    verdict = deal.judge("[5:1]")
    assert not verdict and "DN-DEAL" in verdict.rules and "not in East's hand" in str(verdict)


def test_dn_deal_the_winner_leads_the_next_hand() -> None:
    match = gl.Match("ding_niu", seed=3)
    deal = match.deal
    while not deal.is_over:
        deal.apply(deal.legal_moves()[0])
    winner = deal.winner
    assert match.next_deal().leader == winner


# ----- DN-PLAY-ENDS --------------------------------------------------------------------------
def test_dn_play_ends_tiles_go_at_both_ends_number_to_number() -> None:
    deal = ding_niu.Deal(["[6:4] [1:1]", "[6:1] [2:2]", "[4:4] [3:3]", "[6:6] [5:1]"])
    deal.play("[6:4]")
    assert deal.ends == (6, 4)
    deal.play("[6:1]")  # only the 6 fits: no end needed
    assert deal.ends == (1, 4) and str(deal.layout) == "[1:6][6:4]"
    deal.play("[4:4]", "right")  # doubles inline
    assert deal.ends == (1, 4) and deal.layout.placed[-1].across is False
    deal.play("[5:1]")
    assert deal.ends == (5, 4)
    assert [p.seat for p in deal.layout] == [3, 1, 0, 2]


def test_dn_play_ends_a_tile_at_an_end_it_does_not_match_names_the_numbers() -> None:
    deal = script(["[6:2] [1:1]", "[6:4] [3:3]", "[4:4] [2:2]", "[6:6] [5:5]"], ["[6:2]"])
    before = deal.transcript(), deal.hands
    verdict = deal.judge("[6:4]>right")
    assert not verdict and verdict.rules == ("DN-PLAY-ENDS",)
    assert "[6:4] has no 2" in str(verdict) and "the ends show 6 and 2" in str(verdict)
    with pytest.raises(IllegalPlayError):
        deal.play("[6:4]", "right")
    assert (deal.transcript(), deal.hands) == before
    assert deal.judge("[6:4]>left")


def test_dn_play_ends_both_ends_fit_is_ambiguous_even_for_equal_numbers() -> None:
    deal = script(["[6:4] [1:1]", "[6:4] [3:3]", "[4:4] [2:2]", "[6:6] [5:5]"], ["[6:4]"])
    with pytest.raises(AmbiguousPlayError) as error:
        deal.play("[6:4]")
    assert {str(m) for m in error.value.options} == {"[6:4]>left", "[6:4]>right"}
    assert isinstance(error.value, ValueError)
    assert len(deal.layout) == 1
    deal.play("[6:4]", "left")
    assert deal.ends == (4, 4)


def test_dn_play_ends_an_end_that_is_not_left_or_right() -> None:
    deal = script(FOURS, ["[6:4]"])
    with pytest.raises(IllegalPlayError) as error:
        deal.play("[6:4]", "middle")  # type: ignore[arg-type]
    assert "DN-PLAY-ENDS" in error.value.verdict.rules
    assert not deal.judge("[6:4]>up") and len(deal.layout) == 1


def test_dn_play_ends_one_arm_jie_long() -> None:
    rules = ding_niu.Rules(arms=1)
    hands = ["[6:4] [1:1]", "[6:1] [4:4]", "[4:4] [3:3]", "[6:6] [5:1]"]
    deal = ding_niu.Deal(hands, rules)
    with pytest.raises(AmbiguousPlayError):
        deal.play("[6:4]")
    deal.play("[6:4]", "right")  # the 4 stays open
    assert deal.layout.open == ("right",)
    verdict = deal.judge("[6:1]>left")
    assert not verdict and "closed" in str(verdict) and "DN-PLAY-ENDS" in verdict.rules
    assert [str(m) for m in deal.legal_moves()] == ["[4:4]>right"]


# ----- DN-PLAY-MUST --------------------------------------------------------------------------
def test_dn_play_must_a_seat_that_can_add_must() -> None:
    deal = script(FOURS, ["[6:4]"])
    verdict = deal.judge("down:[3:1]")
    assert not verdict and verdict.rules == ("DN-PLAY-MUST",) and "fits the line" in str(verdict)
    assert "[6:4]" not in str(verdict), "the error says what is wrong, not which tile to add"
    loose = script(FOURS, ["[6:4]"], rules=ding_niu.Rules(must_play=False))
    assert loose.judge("down:[3:1]")
    assert Move.parse("down:[3:1]") in loose.legal_moves()


# ----- DN-DISCARD ----------------------------------------------------------------------------
def test_dn_discard_a_stuck_seat_puts_one_tile_face_down() -> None:
    deal = script(["[6:4] [1:1]", "[3:3] [2:2]", "[4:4] [5:5]", "[6:6] [5:1]"], ["[6:4]"])
    assert all(m.kind == "discard" for m in deal.legal_moves())
    assert not deal.judge("down:[3:3][2:2]")
    deal.discard("[3:3]")
    assert deal.down[1] == tiles("[3:3]") and deal.points[1] == 6
    assert not deal.judge("pass") and "DN-DISCARD" in deal.judge("pass").rules


# ----- DN-SCORE-POINTS, DN-SCORE-PLACES, DN-SCORE-PAY ----------------------------------------
def test_dn_score_places_the_seed_example_both_ways() -> None:
    order = (0, 1, 2, 3)  # Adam, Boris, Valentina, George
    assert ding_niu.places((10, 5, 5, 10), order) == (1, 2, 3, 0)
    assert ding_niu.places((10, 15, 15, 10), order) == (0, 3, 2, 1)
    assert ding_niu.places((10, 5, 5, 10), order, "lower-hand-always") == (1, 2, 0, 3)
    # the order starts at the leader
    assert ding_niu.places((5, 10, 10, 5), (3, 0, 1, 2)) == (3, 0, 2, 1)


def _finish(deal: ding_niu.Deal) -> ding_niu.Deal:
    while not deal.is_over:
        deal.apply(deal.legal_moves()[0])
    return deal


def test_dn_score_points_face_down_plus_held() -> None:
    deal = script(["[6:4] [1:1]", "[3:3] [2:2]", "[4:4] [5:5]", "[6:6] [5:1]"], ["[6:4]"])
    deal.discard("[3:3]")
    assert deal.points == (0, 6, 0, 0)  # held tiles count only once the hand is over
    _finish(deal)
    held = [h.pips for h in deal.hands]
    assert deal.points == tuple(d.pips + h for d, h in zip(deal.down, held, strict=True))


def test_dn_score_pay_six_chips_one_two_three() -> None:
    for seed in range(40):
        deal = _finish(ding_niu.Deal.random(seed=seed))
        if deal.fish is None:
            break
    settlement = deal.settle()
    places = deal.places
    assert places is not None
    expected = {places[0]: 6, places[1]: -1, places[2]: -2, places[3]: -3}
    assert settlement.payments == tuple(expected[s] for s in range(4))
    assert "DN-SCORE-PAY" in {r for line in settlement.lines for r in line.rules}


# ----- the fish: DN-FISH-CLASSIC, DN-FISH-SMOTHERED, DN-FISH-BLOCKER, DN-FISH-PAY -----
def test_dn_fish_classic_the_seed_example_fours() -> None:
    deal = script(FOURS, ["[6:4]", "[6:4]>left"])
    fish = deal.fish
    assert fish is not None and fish.kind == "fours" and fish.blocker == 1
    assert fish.rule == "DN-FISH-CLASSIC" and fish.dead_numbers == (4,)
    assert "blocker" in str(fish) and "[6:4] on the line" in str(fish)


def test_dn_fish_classic_four_to_four_is_not_a_fish() -> None:
    deal = script(FOURS, ["[6:4]", "[6:4]>right"])
    assert deal.ends == (6, 6) and deal.fish is None


def test_dn_fish_classic_the_four_kinds() -> None:
    assert find_fish((1, 1), tiles("[3:1][3:1][6:1][6:1][5:1][5:1]"), "classic")[0] == "ones"
    assert find_fish((2, 3), tiles("[6:2][6:3][3:1][3:1]"), "classic")[0] == "two-three"
    assert find_fish((5, 5), tiles("[6:5][6:5][5:1][5:1]"), "classic")[0] == "fives"
    assert find_fish((6, 6), tiles("[6:4][6:4]"), "classic") is None


def test_dn_fish_smothered_fives_and_killed_fours() -> None:
    """DN-FISH-SMOTHERED: dead tiles with a 5, then with a 4."""
    # the seed's picture: fives left only on the [5:1]s, every other 1 on the line
    line = tiles("[3:1][6:1][6:5][6:5][6:1][3:1]")
    found = find_fish((3, 3), line, "classic+smothered")
    assert found is not None and found[0] == "smothered-fives" and found[2] == tiles("[5:1][5:1]")
    assert find_fish((3, 3), line, "classic") is None
    deal = smothered_fours()
    fish = deal.fish
    assert fish is not None and fish.kind == "smothered-fours" and fish.blocker == 3
    assert fish.dead == tiles("[6:4][6:4][6:3][6:2]")


def test_dn_fish_smothered_any_dead_tile_option() -> None:
    # ends 5 and 1; off the line only [5:1], [6:3], [6:2]: no 6 or 3 can be reached again
    line = tiles("[5:5][5:5][6:5][6:4][6:4][6:5][5:1][1:1][6:1][6:1][3:1][3:1]")
    assert find_fish((5, 1), line, "classic+smothered") is None
    found = find_fish((5, 1), line, "any-dead-tile")
    assert found is not None and found[0] == "smothered" and found[2] == tiles("[6:3][6:2]")


def test_dn_fish_blocker_doubles_still_go_down_and_the_blame_stays() -> None:
    deal = script(FOURS, ["[6:4]", "[6:4]>left"])
    assert deal.doubles_only and not deal.is_over
    assert deal.turn == 2 and [str(m) for m in deal.legal_moves()] == ["[4:4]>left", "[4:4]>right"]
    verdict = deal.judge("[3:3]>left")
    assert not verdict and "DN-PLAY-ENDS" in verdict.rules
    deal.play("[4:4]", "left")
    assert deal.turn == 3 and deal.fish is not None and deal.fish.blocker == 1
    deal.play("[4:4]", "right")
    assert deal.is_over and deal.fish.blocker == 1


def test_dn_fish_blocker_non_doubles_refused_and_passes() -> None:
    hands = ["[6:4] [3:1] [1:1]", "[6:4] [5:1] [2:2]", "[3:3] [6:6] [5:5]", "[4:4] [6:1] [1:1]"]
    deal = script(hands, ["[6:4]", "[6:4]>left"])
    assert deal.turn == 2 and deal.legal_moves() == [Move.parse("pass")]
    assert "DN-FISH-BLOCKER" in deal.judge("down:[3:3]").rules
    deal.pass_turn()
    refused = deal.judge("[6:1]>left")
    assert not refused.ok and "DN-FISH-BLOCKER" in refused.rules
    deal.play("[4:4]", "left")
    assert deal.is_over


def test_dn_fish_after_fish_options() -> None:
    now = script(FOURS, ["[6:4]", "[6:4]>left"], rules=ding_niu.Rules(after_fish="settle-now"))
    assert now.is_over and now.fish is not None
    on = script(FOURS, ["[6:4]", "[6:4]>left"], rules=ding_niu.Rules(after_fish="play-on"))
    assert not on.is_over and all(m.kind == "play" for m in on.legal_moves())
    _finish(on)
    assert on.fish is not None and on.fish.blocker == 1


def test_dn_fish_pay_winning_blocker_doubles_losing_blocker_pays_twelve() -> None:
    """DN-FISH-PAY: +12 -2 -4 -6 for a winning blocker; 12 alone from a losing one."""
    won = script(
        [
            "[6:4] [6:3] [6:2] [6:1] [5:1] [3:3]",
            "[6:4] [6:1] [5:1] [3:3] [2:2] [2:2]",
            "[6:6] [6:6] [6:5] [5:5] [4:4] [1:1]",
            "[6:5] [5:5] [4:4] [3:1] [3:1] [1:1]",
        ],
        ["[6:4]", "[6:4]>left", "[4:4]>left", "[4:4]>right"],
    )
    assert won.fish is not None and won.winner == won.fish.blocker == 1
    assert won.settle().payments == (-4, 12, -6, -2)
    lost = script(
        [
            "[6:6] [6:5] [6:2] [5:1] [3:3] [3:3]",
            "[6:4] [6:3] [6:1] [5:1] [4:4] [2:2]",
            "[6:6] [6:4] [6:1] [5:5] [3:1] [1:1]",
            "[6:5] [5:5] [4:4] [3:1] [2:2] [1:1]",
        ],
        [
            "[6:5]",
            "[6:4]>left",
            "[6:4]>left",
            "[6:5]>left",
            "[5:1]>left",
            "[5:1]>left",
            "[5:5]>right",
            "[5:5]>right",
        ],
    )
    fish = lost.fish
    assert fish is not None and fish.kind == "fives" and fish.blocker != lost.winner
    pay = lost.settle().payments
    assert pay[fish.blocker] == -12 and pay[lost.winner] == 12 and pay.count(0) == 2


FORCED = (
    [
        "[6:2] [6:1] [5:1] [5:1] [3:3] [2:2]",
        "[6:5] [6:3] [5:5] [4:4] [3:1] [1:1]",
        "[6:6] [6:5] [5:5] [4:4] [3:1] [2:2]",
        "[6:6] [6:4] [6:4] [6:1] [3:3] [1:1]",
    ],
    [
        "[6:2]",
        "[6:3]>left",
        "[2:2]>right",
        "[3:3]>left",
        "[3:3]>left",
        "[3:1]>left",
        "[3:1]>left",
        "pass",
        "[2:2]>right",
    ],
)


def test_dn_fish_pay_needs_alternative_option() -> None:
    # West's only fitting tile was [3:1], and it made the two-three fish either way
    rules = ding_niu.Rules(fish_needs_alternative=True)
    deal = script(*FORCED, rules=rules)
    fish = deal.fish
    assert fish is not None and fish.kind == "two-three" and fish.blocker == 2 and fish.forced
    assert deal.is_over and deal.winner == 0
    assert deal.settle().payments == (6, -1, -3, -2)
    strict = script(*FORCED)
    assert strict.fish is not None and not strict.fish.forced
    assert strict.settle().payments == (12, 0, -12, 0)


def test_fish_explains_itself_without_revealing_other_hands() -> None:
    deal = smothered_fours()
    fish = deal.fish
    assert fish is not None
    everything = fish.explain()
    assert "in South's hand" in everything and "in West's hand" in everything
    south = fish.explain(1)
    assert "in your hand" in south and "West's hand" not in south
    assert "held or face down by another player" in south


def test_rules_refuse_bad_values() -> None:
    with pytest.raises(ValueError, match="DN-PLAY-ENDS"):
        ding_niu.Rules(arms=3)
    with pytest.raises(ValueError, match="DN-PLAY-MUST"):
        ding_niu.Rules(must_play="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="DN-SCORE-PLACES"):
        ding_niu.Rules(tie_break="later")  # type: ignore[arg-type]
    assert Tile(6, 4) in gl.decks.ding_niu()


@pytest.mark.parametrize(
    "rules",
    [
        ding_niu.Rules(),
        ding_niu.Rules(fish_needs_alternative=True),
        ding_niu.Rules(tie_break="lower-hand-always", after_fish="settle-now"),
        ding_niu.Rules(fish_types="any-dead-tile", after_fish="play-on"),
    ],
)
def test_shared_payment_lines_are_those_made_afresh(rules: ding_niu.Rules) -> None:
    """DN-SCORE-PAY, DN-FISH-PAY: the payment lines and notes a settlement shares with earlier
    hands of the same ranking and fish are those made afresh for it (settled again, in the
    other order, with nothing shared)."""
    import random

    from gupai_learn.games.ding_niu import settle as scoring

    finished = []
    for seed in range(150):
        deal = ding_niu.Deal.random(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not deal.is_over:
            moves = deal.legal_moves()
            deal.apply(moves[rng.randrange(len(moves))])
        finished.append(deal)
    shared = [deal.settle() for deal in finished]
    assert any(deal.fish is not None for deal in finished)
    scoring._PAID.clear()
    for deal, settlement in reversed(list(zip(finished, shared, strict=True))):
        assert deal.settle() == settlement
        scoring._PAID.clear()


def test_the_shared_payment_table_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table of shared payment lines keeps at most its size; hands settled past that are
    settled afresh, the same."""
    from gupai_learn.games.ding_niu import settle as scoring

    finished = []
    for seed in range(40):
        deal = ding_niu.Deal.random(seed=seed)
        while not deal.is_over:
            deal.apply(deal.legal_moves()[-1])
        finished.append(deal)
    monkeypatch.setattr(scoring, "_PAID", {})
    expected = [deal.settle() for deal in finished]
    assert len(scoring._PAID) > 3
    monkeypatch.setattr(scoring, "_PAID", {})
    monkeypatch.setattr(scoring, "_PAID_SIZE", 3)
    assert [deal.settle() for deal in finished] == expected
    assert len(scoring._PAID) == 3
