"""A Bergen round: opening, playing, drawing, passing, headers, domino, blocked, the target."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.match import Match
from gupai_learn.engine.moves import DRAW, ENDS, PASS, Move
from gupai_learn.engine.settlement import Award
from gupai_learn.games import bergen
from gupai_learn.tiles import Tiles

Rules = bergen.Rules


def two(a: str, b: str, pile: str = "[6:5] [6:4] [6:3] [6:2]", **rules: object) -> bergen.Deal:
    return bergen.Deal([a, b], boneyard=pile, rules=Rules(**rules))  # type: ignore[arg-type]


# --- BE-SET, BE-DEAL -------------------------------------------------------------------------


def test_the_double_six_set_and_the_deal_sizes() -> None:
    assert len(bergen.GAME.deck()) == 28 and gl.Tile(0, 0) in bergen.GAME.deck()
    for players, size, pile in ((2, 6, 16), (3, 6, 10), (4, 5, 8)):
        deal = bergen.Deal.random(seed=players, players=players)
        assert [len(h) for h in deal.hands] == [size] * players  # BE-DEAL
        assert len(deal.boneyard) == pile
        assert Counter([*deal.boneyard, *(t for h in deal.hands for t in h)]) == Counter(
            bergen.GAME.deck()
        )


@pytest.mark.parametrize(
    ("hands", "match"),
    [
        (["[1:1] [7:1]", "[2:2]"], "not"),
        (["[1:1] [1:1]", "[2:2]"], "BE-SET"),
        (["[1:1]"], "BE-DEAL"),
        (["[1:1] [2:1] [3:1] [4:1] [5:1] [6:1] [0:1]", "[2:2]"], "BE-DEAL"),
        (["[2:1]", "[3:1]"], "BE-OPEN"),
    ],
)
def test_impossible_deals_are_refused(hands: list[str], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        bergen.Deal(hands, boneyard=[])


def test_bad_scores_and_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="BE-GAME"):
        bergen.Deal(["[1:1]", "[2:2]"], scores=(1,))
    with pytest.raises(ValueError, match="bergen.Rules"):
        bergen.Deal(["[1:1]", "[2:2]"], rules="simple")  # type: ignore[arg-type]


# --- BE-OPEN ------------------------------------------------------------------------------------


def test_the_lowest_double_opens_and_scores_a_double_header() -> None:
    deal = two("[4:4] [4:1]", "[2:2] [6:6]")
    assert deal.turn == 1 and deal.opening == gl.Tile(2, 2)
    assert deal.legal_moves() == [Move.parse("[2:2]")]
    refused = deal.judge("[6:6]")
    assert not refused and refused.reasons[0].rule == "BE-OPEN" and "[2:2]" in str(refused)
    deal.play("[2:2]")
    assert deal.round_points == (0, 2)
    assert deal.awards[0].rules == ("BE-HEADER-DOUBLE",)


def test_highest_opening_and_no_score_for_it() -> None:
    deal = two("[4:4] [4:1]", "[2:2] [6:6]", opening="highest", opening_scores=False)
    assert deal.turn == 1 and deal.opening == gl.Tile(6, 6)
    deal.play("[6:6]")
    assert deal.round_points == (0, 0)


def test_random_deals_redeal_until_someone_holds_a_double() -> None:
    for seed in range(200):
        deal = bergen.Deal.random(seed=seed, players=4)
        assert any(t.is_double for h in deal.hands for t in h)
        assert deal.opening in deal.hands[deal.turn]


# --- BE-PLAY -------------------------------------------------------------------------------------


def test_tiles_go_at_an_end_number_to_number_and_doubles_lie_across() -> None:
    deal = two("[1:1] [3:1] [5:5]", "[5:1] [6:6]")
    deal.play("[1:1]")
    verdict = deal.judge("[5:1]")
    assert verdict.ok is False and "both ends" in str(verdict)  # BE-PLAY: say which end
    with pytest.raises(gl.AmbiguousPlayError):
        deal.play("[5:1]")
    deal.play("[5:1]", "right")
    assert deal.ends == (1, 5)
    assert deal.judge("[3:1]").reasons[0].rule == "BE-PLAY"
    deal.play("[5:5]")
    assert deal.layout.placed[-1].across  # a double lies across, never a spinner
    wrong = deal.judge("[6:6]>left")
    assert not wrong and wrong.reasons[0].rule == "BE-PLAY" and "no 1" in str(wrong)


def test_a_seat_that_can_play_must_play_not_draw_nor_pass() -> None:
    deal = two("[1:1] [4:4]", "[2:1] [6:6]")
    deal.play("[1:1]")
    for move, rule in ((DRAW, "BE-DRAW"), (PASS, "BE-PLAY")):
        verdict = deal.judge(move)
        assert not verdict and rule in {r.rule for r in verdict.reasons}
        assert "fits an end" in str(verdict) and "[2:1]" not in str(verdict)  # not the answer
    assert deal.legal_moves() == [Move.parse("[2:1]>left"), Move.parse("[2:1]>right")] or {
        str(m) for m in deal.legal_moves()
    } == {"[2:1]>left", "[2:1]>right"}


def test_may_draw_when_able_lets_a_seat_draw_anyway() -> None:
    deal = two("[1:1] [4:4]", "[2:1] [6:6]", may_draw_when_able=True)
    deal.play("[1:1]")
    assert DRAW in deal.legal_moves() and deal.judge(DRAW)


# --- BE-DRAW, BE-RESERVE -------------------------------------------------------------------------


def test_a_stuck_seat_draws_one_tile_at_a_time_and_keeps_the_turn() -> None:
    deal = two("[1:1] [4:4]", "[6:6] [6:5]", pile="[3:3] [1:0] [5:2] [5:3]")
    deal.play("[1:1]")
    assert deal.turn == 1 and deal.legal_moves() == [DRAW]
    assert deal.draw() == gl.Tile(3, 3)
    assert deal.turn == 1 and deal.legal_moves() == [DRAW]
    assert deal.draw() == gl.Tile(1, 0)
    assert deal.turn == 1 and gl.Tile(1, 0) in deal.hands[1]
    assert DRAW not in deal.legal_moves()


def test_the_reserved_tiles_are_never_drawn_then_the_seat_passes() -> None:
    deal = two("[1:1] [1:0] [4:4]", "[6:6] [6:5]", pile="[5:5] [5:2] [5:3]")
    deal.play("[1:1]")
    deal.draw()
    assert deal.drawable == 0 and len(deal.boneyard) == 2 and not deal.is_over
    refused = deal.judge(DRAW)
    assert not refused and refused.reasons[-1].rule == "BE-RESERVE"
    assert deal.legal_moves() == [PASS]
    deal.pass_turn()
    assert deal.turn == 0


def test_without_reserved_tiles_the_whole_boneyard_is_drawn() -> None:
    deal = two("[1:1] [1:0] [4:4]", "[6:6] [6:5]", pile="[5:5] [5:2]", reserved=0)
    deal.play("[1:1]")
    deal.draw()
    deal.draw()
    assert deal.boneyard == Tiles() and deal.judge(DRAW).reasons[-1].rule == "BE-RESERVE"


def test_passing_while_a_tile_can_be_drawn_is_refused() -> None:
    deal = two("[1:1] [4:4]", "[6:6] [6:5]", pile="[5:5] [5:2] [5:3] [5:0]")
    deal.play("[1:1]")
    verdict = deal.judge(PASS)
    assert not verdict and verdict.reasons[0].rule == "BE-DRAW"


# --- headers during play, the cap ----------------------------------------------------------------


def test_matching_ends_score_double_and_triple_headers() -> None:
    deal = two("[1:1] [4:1] [3:3] [5:0]", "[3:1] [6:6] [4:3]")
    deal.play("[1:1]")  # East: lone double, 2
    deal.play("[3:1]", "left")  # ends 3 and 1: nothing
    deal.play("[4:1]", "right")  # ends 3 and 4: nothing
    deal.play("[4:3]", "right")  # ends 3 and 3: a double header for South
    assert deal.round_points == (2, 2)
    assert deal.header_after("[3:3]", "left").kind == "triple"
    deal.play("[3:3]", "left")  # the uncovered double [3:3] against 3: triple, 3
    assert deal.round_points == (5, 2)
    assert deal.awards[-1].rules == ("BE-HEADER-TRIPLE",)


def test_the_cap_near_the_target_uses_the_running_score() -> None:
    deal = bergen.Deal(
        ["[1:1] [4:1] [3:3]", "[3:1] [6:6] [4:3]"],
        boneyard="[6:5] [6:4] [6:3] [6:2]",
        scores=(13, 11),
    )
    deal.play("[1:1]")  # East is 2 short of 15: the lone double scores 1, not 2
    assert deal.round_points == (1, 0)
    assert deal.awards[0].rules == ("BE-HEADER-DOUBLE", "BE-HEADER-CAP")
    deal.play("[3:1]", "left")
    deal.play("[4:1]", "right")
    deal.play("[4:3]", "right")  # South was exactly 4 short: no cap, 2
    assert deal.round_points == (1, 2)


# --- BE-END-DOMINO, BE-END-BLOCKED, BE-GAME ------------------------------------------------------


def test_going_out_scores_two_uncapped_and_ends_the_round() -> None:
    deal = bergen.Deal(["[1:1] [2:1]", "[6:6] [6:5]"], boneyard="[5:5] [5:2] [5:3]", scores=(13, 0))
    deal.play("[1:1]")  # 2 short of 15: the lone double scores 1
    deal.draw()
    deal.pass_turn()
    deal.play("[2:1]", "right")  # 1 short, yet going out scores its full 2
    assert deal.ending == "domino" and deal.round_points == (3, 0) and deal.totals == (16, 0)
    assert deal.judge("[6:6]").reasons[0].rule == "BE-GAME"


def test_the_domino_award_is_two_points() -> None:
    deal = two("[1:1] [2:1]", "[2:2] [6:6]", pile="[5:5] [5:2] [5:3]")
    deal.play("[1:1]")
    deal.draw()  # South: [5:5] drawn; still stuck
    deal.pass_turn()
    deal.play("[2:1]", "right")
    assert deal.ending == "domino" and deal.awards[-1].points == 2
    assert deal.awards[-1].rules == ("BE-END-DOMINO",)
    assert str(deal.settle()).splitlines()[-1] == "  scores: East +4, West +0"


def test_a_blocked_round_is_settled_by_the_chosen_rule() -> None:
    # nobody can play after the opening: [4:3], [6:6] and [6:5] have no 1; the pile is reserved
    deal = two("[1:1] [4:3]", "[6:6] [6:5]", pile="[4:4] [5:4]", blocked_rule="german")
    deal.play("[1:1]")
    assert deal.is_over and deal.ending == "blocked"
    assert deal.blocked is not None and deal.blocked.winner == 0
    assert deal.awards[-1].rules == ("BE-END-BLOCKED",) and deal.round_points == (4, 0)
    assert "(BE-END-BLOCKED)" in deal.judge("[4:3]").reasons[0].text


def test_the_seeds_blocked_position_through_the_deal() -> None:
    hands = ["[0:0] [2:1]", "[1:1]", "[2:2]"]
    for rule, (winner, points) in {
        "german": (1, 2),
        "american": (0, 2),
        "simple": (1, 1),
    }.items():
        assert bergen.blocked_winner(hands, rule) == (winner, points)


def test_a_round_ends_as_soon_as_a_seat_reaches_the_target() -> None:
    deal = bergen.Deal(
        ["[1:1] [4:1] [6:4]", "[3:1] [6:6] [4:3]"],
        boneyard="[6:5] [5:4] [6:3] [6:2]",
        scores=(9, 0),
        rules=Rules(players=2),
    )
    deal.play("[1:1]")  # 9 + 1 (capped) = 10 of 15: play on
    assert not deal.is_over
    deal2 = bergen.Deal(["[1:1] [2:1]", "[2:2] [6:6]"], boneyard="[6:5] [5:4]", scores=(14, 0))
    deal2.play("[1:1]")
    assert deal2.ending == "target" and deal2.totals == (15, 0)
    refused = deal2.judge("[2:2]")
    assert not refused and refused.reasons[0].rule == "BE-GAME"


def test_a_match_is_played_to_the_target_with_scores_carried() -> None:
    for players, target in ((2, 15), (3, 10), (4, 10)):
        match = Match("bergen", seed=players, players=players)
        assert match.target == target
        bots = [bergen.GAME.bot("heuristic", s) for s in range(players)]
        rounds = 0
        while not match.is_over:
            deal = match.deal
            assert deal.scores == match.totals  # the running score, for the cap
            while not deal.is_over:
                deal.apply(bots[deal.turn].choose(deal))
            match.next_deal()
            rounds += 1
        assert max(match.totals) >= target and rounds < 60


# --- bad input: the state is unchanged -----------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ("[6:6]", "BE-DEAL"),  # not in East's hand
        ("[7:7]", "BE-SET"),
        ("[4:1]>middle", "BE-SET"),
        ("down:[4:1]", "BE-SET"),  # no face-down play in Bergen: not one of its moves
        ("[4:1] [1:0]", "BE-PLAY"),
    ],
)
def test_bad_moves_get_a_verdict_naming_the_rule_and_change_nothing(move: str, rule: str) -> None:
    deal = two("[1:1] [4:1] [1:0]", "[2:2] [6:6]")
    before = (deal.hands, deal.turn, deal.boneyard, deal.history)
    verdict = deal.judge(move)
    assert not verdict and rule in {r.rule for r in verdict.reasons}
    with pytest.raises(ValueError):
        deal.apply(move)
    assert (deal.hands, deal.turn, deal.boneyard, deal.history) == before


def test_out_of_turn_is_refused() -> None:
    deal = two("[1:1] [4:1]", "[2:2] [6:6]")
    verdict = deal.judge("[2:2]", seat=1)
    assert not verdict and verdict.reasons[0].rule == "BE-PLAY"


# --- properties ---------------------------------------------------------------------------------

RULES = st.builds(
    Rules,
    players=st.sampled_from([2, 3, 4]),
    opening=st.sampled_from(["lowest", "highest"]),
    opening_scores=st.booleans(),
    reserved=st.sampled_from([2, 0]),
    blocked_rule=st.sampled_from(["simple", "american", "german", "hoyle"]),
    may_draw_when_able=st.booleans(),
)


def _candidates(deal: bergen.Deal) -> list[Move]:
    found = [PASS, DRAW]
    for tile in deal.hands[deal.turn]:
        found += [Move("play", Tiles((tile,)))]
        found += [Move("play", Tiles((tile,)), end) for end in ENDS]
        found += [Move("discard", Tiles((tile,)))]
    return found


def _accepted(deal: bergen.Deal) -> set[Move]:
    found = set()
    for move in _candidates(deal):
        out = deal._judge(move, False, None)
        if out.ok:
            assert out.move is not None
            found.add(out.move)
    return found


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), rules=RULES)
def test_random_rounds_end_conserve_tiles_and_legal_moves_equal_judge(
    seed: int, rules: Rules
) -> None:
    rng = random.Random(seed)
    deal = bergen.Deal.random(seed=seed, rules=rules)
    full = Counter(bergen.GAME.deck())
    points = [0] * rules.players
    for _ in range(200):
        if deal.is_over:
            break
        moves = deal.legal_moves()
        assert set(moves) == _accepted(deal)
        assert moves, "a seat always has a move while the round is on"
        deal.apply(rng.choice(moves))
        now = list(deal.round_points)
        assert all(b >= a for a, b in zip(points, now, strict=True))  # scores only grow
        points = now
        held = [t for h in deal.hands for t in h]
        assert Counter([*held, *deal.boneyard, *deal.layout.tiles]) == full
    assert deal.is_over
    assert deal.settle().scores == deal.round_points


def test_a_thousand_random_rounds_end() -> None:
    endings: Counter[str] = Counter()
    for seed in range(1000):
        deal = bergen.Deal.random(seed=seed, players=2 + seed % 3)
        bot = bergen.GAME.bot("random", seed)
        steps = 0
        while not deal.is_over:
            deal.apply(bot.choose(deal))
            steps += 1
            assert steps < 100
        endings[deal.ending] += 1
    assert endings["domino"] and endings["blocked"]


def test_the_solver_finds_a_forced_win_in_a_small_endgame() -> None:
    deal = two("[1:1] [2:1]", "[2:2] [6:6]", pile="[6:5] [5:4]")
    result = bergen.solve(deal, 0)
    assert result.wins is True


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_the_inline_placement_grows_the_line_as_layout_add_does(seed: int) -> None:
    """apply grows the line without Layout.add's checks, for speed: after every move
    the line (tiles, turns, doubles across, ends) equals the one Layout.add builds."""
    from gupai_learn.engine.line import Layout

    rng = random.Random(seed)
    deal = bergen.Deal.random(seed=seed)
    line = Layout(doubles_across=True)
    while not deal.is_over:
        legal = deal.legal_moves()
        move = legal[rng.randrange(len(legal))]
        seat = deal.turn
        deal.apply(move)
        if move.kind == "play":
            line = line.add(move.pieces[0], move.end, seat)
        got = deal.layout
        assert got.placed == line.placed and got.open == line.open
        assert (got.ends, got.numbers, got.doubles_across) == (line.ends, line.numbers, True)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rules=RULES,
    start=st.integers(0, 14),
    look=st.booleans(),
)
def test_the_quick_header_awards_equal_header_after(
    seed: int, rules: Rules, start: int, look: bool
) -> None:
    """Placements score their header from the noted ends, memoised, without building the line:
    every award equals what header_after (the line built with Layout.add, then header())
    predicted for that placement, capped by the running score. ``look`` reads the line after
    every move, so both the noted and the built line are exercised."""
    rng = random.Random(seed)
    scores = tuple(min(start + s, rules.target - 1) for s in range(rules.players))
    deal = bergen.Deal.random(seed=seed, rules=rules, scores=scores)
    while not deal.is_over:
        legal = deal.legal_moves()
        move = legal[rng.randrange(len(legal))]
        seat, before = deal.turn, len(deal.awards)
        expected = deal.header_after(move.pieces[0], move.end) if move.kind == "play" else None
        deal.apply(move)
        new = [a for a in deal.awards[before:] if "header" in a.text]
        if expected is not None and expected.points:
            rules_cited = tuple(dict.fromkeys(r.rule for r in expected.reasons))
            text = f"a {expected.kind} header"
            assert new == [Award(seat, expected.points, text, rules_cited)]
        else:
            assert new == []
        if look:
            assert deal.layout.ends == deal.ends
