"""Tet-Gow, one test (at least) per rule id of rules/tet_gow.md, with the seed's examples."""

from __future__ import annotations

import re

import pytest

import gupai_learn as gl
from gupai_learn.games import GAMES
from gupai_learn.games import tet_gow as tt

# The ruling's tier table (TT-TIER), typed in independently of the engine's computation.
TABLE = {
    "suits": [
        "Ace of Moons, Huntress",
        "Ace of Suns, Bard",
        "Ace of Waves, Sea",
        "Ace of Leaves, End",
        "Ace of Wyrms, Calamity",
        "Ace of Knots, Windfall",
    ],
    "cycle": ["Mountain, Diplomat, Pact", "Discovery", "Origin, Sailor, Mill", "Savage",
              "Battle, Soldier, Betrayal", "Author"],
    "inter": ["Journey, Lunatic", "Forest, Chance Meeting", "Desert, Penitent", "Painter, Castle",
              "Cave, Darkness", "Market, Merchant"],
}  # fmt: skip

SEED_HANDS = [
    "Ace of Leaves, End, Castle, Ace of Knots, Author, Cave, Sailor, Savage",
    "Ace of Suns, Bard, Forest, Ace of Wyrms, Calamity, Market, Battle, Origin",
    "Ace of Moons, Huntress, Journey, Lunatic, Chance Meeting, Mountain, Sea, Desert",
    "Ace of Waves, Windfall, Painter, Penitent, Darkness, Merchant, Discovery, Mill",
]


def test_deck_is_36_cards_without_pawns_courts_excuse() -> None:  # TT-DECK
    assert len(tt.GAME.deck()) == 36
    deal = tt.Deal.random(seed=3)
    assert sorted(c for h in deal.hands for c in h) + sorted(deal.leftover) != []
    assert sorted([*(c for h in deal.hands for c in h), *deal.leftover]) == sorted(
        gl.decks.decktet()
    )


@pytest.mark.parametrize("name", ["suits", "cycle", "inter"])
def test_sets_and_tiers_match_the_ruling_table(name: str) -> None:  # TT-SET, TT-TIER
    for level, row in enumerate(TABLE[name], 1):
        for card in gl.cards(row):
            assert tt.set_of(card) == name and tt.tier(card) == level, card


def test_each_set_has_twelve_cards_and_cycle_tiers_hold_3_1_3_1_3_1() -> None:  # TT-SET
    for name in ("suits", "cycle", "inter"):
        assert sum(tt.set_of(c) == name for c in gl.decks.decktet()) == 12
    sizes = [
        sum(tt.set_of(c) == "cycle" and tt.tier(c) == t for c in gl.decks.decktet())
        for t in range(1, 7)
    ]
    assert sizes == [3, 1, 3, 1, 3, 1]


def test_moons_knots_is_the_lowest_cycle_card() -> None:  # TT-TIER
    assert tt.tier("Author") == 6 and tt.set_of("Author") == "cycle"


def test_set_of_and_tier_accept_names() -> None:
    assert tt.set_of("the journey") == "inter" and tt.tier("3 Journey") == 1


def test_deal_gives_8_each_and_4_face_up() -> None:  # TT-DEAL
    deal = tt.Deal.random(seed=11)
    assert [len(h) for h in deal.hands] == [8, 8, 8, 8] and len(deal.leftover) == 4
    leaders = {tt.Deal.random(seed=s).turn for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert tt.Deal.random(seed=11, leader=2).turn == 2


def test_explicit_hands_take_the_leftover() -> None:  # TT-DEAL
    deal = tt.Deal(
        SEED_HANDS,
        leftover="Ace of Wyrms, Pact, Diplomat, Betrayal".replace("Ace of Wyrms", "Soldier"),
    )
    assert set(deal.leftover) == set(gl.cards("Soldier, Pact, Diplomat, Betrayal"))
    inferred = tt.Deal(SEED_HANDS)
    assert inferred.leftover == deal.leftover
    with pytest.raises(ValueError, match="TT-DEAL"):
        tt.Deal(SEED_HANDS, leftover="Soldier, Pact")
    with pytest.raises(ValueError, match="TT-DECK"):
        tt.Deal(SEED_HANDS, leftover="Soldier, Pact, Diplomat, Huntress")


def test_leads_of_one_to_four_cards_of_one_tier() -> None:  # TT-LEAD
    assert tt.classify("Ace of Leaves, End, Castle").name == "tier 4"
    assert (
        tt.classify("Ace of Moons, Huntress, Journey, Mountain").kind == "suits+suits+cycle+inter"
    )
    with pytest.raises(gl.IllegalPlayError) as error:
        tt.classify("Ace of Moons, Bard")
    assert error.value.verdict.rules == ("TT-LEAD",)
    assert "tier 1" in str(error.value) and "tier 2" in str(error.value)


def test_a_lead_holds_at_most_one_cycle_card() -> None:  # TT-LEAD
    with pytest.raises(gl.IllegalPlayError, match="Set of the Cycle") as error:
        tt.classify("Mountain, Pact")
    assert error.value.verdict.rules == ("TT-LEAD",)


def test_every_broken_lead_rule_is_listed() -> None:  # TT-LEAD
    deal = tt.Deal(SEED_HANDS, leader=2)
    verdict = deal.judge("Ace of Moons, Huntress, Mountain, Journey, Lunatic")
    assert not verdict and verdict.rules == ("TT-LEAD",)
    assert "5" in str(verdict)
    verdict = deal.judge("Mountain, Sea")
    assert not verdict and "tier 1" in str(verdict) and "tier 3" in str(verdict)


def test_seed_example_only_two_answers_beat() -> None:  # TT-FOLLOW
    deal = tt.Deal(SEED_HANDS, leader=0)
    deal.play("Ace of Leaves, End, Castle")
    assert deal.judge("Ace of Suns, Bard, Forest")
    deal.play("Ace of Suns, Bard, Forest")
    plays = {str(gl.cards(p)) for p in deal.legal_plays()}
    assert plays == {"Ace of Moons, Huntress, 3 Journey", "Ace of Moons, Huntress, 6 Lunatic"}
    refused = deal.judge("Ace of Moons, Huntress, Chance Meeting")
    assert not refused and refused.rules == ("TT-FOLLOW",) and "mixes tiers 1, 2" in str(refused)


def test_seed_example_every_answer_judged() -> None:  # TT-FOLLOW
    deal = tt.Deal.from_script(
        SEED_HANDS, ["Ace of Leaves + End + 7 Castle", "Ace of Suns + Bard + 5 Forest"]
    )
    verdict = deal.judge("Ace of Moons + Huntress + Mountain")
    assert not verdict and verdict.rules == ("TT-FOLLOW",)
    assert "Suits + Suits + the Cycle" in str(verdict) and "Suits + Suits + Inter" in str(verdict)
    ok = deal.judge("Ace of Moons + Huntress + Journey")
    assert ok and "tier 1" in str(ok) and "tier 2" in str(ok)


def test_a_follow_must_be_strictly_higher_than_every_face_up_play() -> None:  # TT-FOLLOW
    deal = tt.Deal(SEED_HANDS, leader=1)
    deal.play("Ace of Wyrms, Calamity")  # tier 5
    assert deal.judge("Ace of Moons, Huntress")
    deal.play("Ace of Moons, Huntress")  # tier 1
    verdict = deal.judge("Ace of Waves, Windfall")
    assert not verdict and verdict.rules == ("TT-FOLLOW",)


def test_same_tier_does_not_beat() -> None:  # TT-FOLLOW
    assert not tt.beats("Ace of Leaves", "End")
    assert tt.beats("Ace of Waves", "End")
    assert not tt.beats("Ace of Waves, Sea", "End")


def test_face_down_always_allowed_even_when_able_to_beat() -> None:  # TT-FOLLOW
    deal = tt.Deal(SEED_HANDS, leader=0)
    deal.play("Ace of Leaves, End, Castle")
    assert deal.legal_plays()
    verdict = deal.judge("down:Calamity, Market, Battle")
    assert verdict and "TT-FOLLOW" in verdict.rules


def test_x_card_lead_gives_x_tricks_and_the_lead() -> None:  # TT-FOLLOW
    deal = tt.Deal.from_script(
        SEED_HANDS,
        [
            "Ace of Leaves + End + Castle",
            "Ace of Suns + Bard + Forest",
            "Ace of Moons + Huntress + Journey",
            "down:Penitent + Darkness + Merchant",
        ],
    )
    assert deal.won == (0, 0, 3, 0) and deal.turn == 2 and len(deal.tricks) == 1


def test_last_round_below_two_tricks_is_played_face_down() -> None:  # TT-LAST
    deal = tt.Deal(
        ["Ace of Knots", "Huntress", "Windfall", "Ace of Suns"], won=(4, 0, 2, 1), leader=0
    )
    deal.play("Ace of Knots")
    assert deal.is_last_round and deal.must_play_down(1)
    assert deal.legal_plays() == []
    verdict = deal.judge("Huntress")
    assert not verdict and "TT-LAST" in verdict.rules
    deal.discard("Huntress")
    assert not deal.must_play_down(2)
    deal.discard("Windfall")
    deal.play("Ace of Suns")
    assert deal.is_over and deal.winner == 3 and deal.won == (4, 0, 2, 2)


def test_two_card_last_round_lets_a_player_with_no_trick_win() -> None:  # TT-LAST
    hands = [
        "Ace of Knots, Windfall",
        "Ace of Moons, Huntress",
        "Sea, Ace of Waves",
        "Cave, Market",
    ]
    deal = tt.Deal(hands, won=(6, 0, 0, 0), leader=0)
    deal.play("Ace of Knots, Windfall")
    assert not deal.must_play_down(1)
    deal.play("Ace of Moons, Huntress")
    deal.discard("Sea, Ace of Waves")
    deal.discard("Cave, Market")
    assert deal.winner == 1 and deal.settle().scores == (2, 6, -4, -4)


def test_seed_scoring_example() -> None:  # TT-SCORE
    result = tt.score(("A", "B", "C", "D"), (5, 1, 0, 2), 3)
    assert result.scores == (1, -3, -4, 6) and sum(result.scores) == 0
    assert all("TT-SCORE" in line.rules for line in result.awards)


def test_three_players_drop_the_cycle_and_score_plus_2_minus_5() -> None:  # TT-THREE
    deal = tt.Deal.random(seed=5, players=3)
    assert deal.rules.players == 3 and deal.leftover == () and len(deal.hands) == 3
    assert not any(tt.set_of(c) == "cycle" for h in deal.hands for c in h)
    result = tt.score(("East", "South", "West"), (3, 4, 1), 0, players=3)
    assert result.scores == (5, -1, -4) and "TT-THREE" in result.awards[0].rules
    with pytest.raises(ValueError, match="TT-THREE"):
        tt.Deal(["Mountain", "Sea", "Bard"], won=(3, 2, 2))


def test_rules_refuse_bad_values() -> None:  # TT-DEAL, TT-THREE
    for bad in (2, 5, "4", 4.0, True):
        with pytest.raises(ValueError, match="TT-THREE"):
            tt.Rules(players=bad)  # type: ignore[arg-type]


def test_match_carries_the_winner_as_next_leader() -> None:  # TT-DEAL, TT-SCORE
    match = gl.Match("tet_gow", seed=4)
    bots = [GAMES["tet_gow"].bot("heuristic", seed=i) for i in range(4)]
    for _ in range(3):
        from gupai_learn.bots import play_out

        play_out(match.deal, bots)
        winner = match.deal.winner
        match.next_deal()
        assert match.deal.turn == winner
    assert sum(match.totals) == 0 and len(match.history) == 3
    three = gl.Match("tet_gow", seed=4, players=3)
    assert three.deal.rules.players == 3


def test_registered_as_a_card_game() -> None:
    info = GAMES["tet_gow"]
    assert info.pieces == "cards" and info.won_name == "trick" and info.seats == (4, 3)
    assert info.classify("Journey, Lunatic").kind == "inter+inter"
    assert "suits+suits+inter" in info.classes


def test_reference_card_is_the_tier_table() -> None:  # TT-SET, TT-TIER
    card = gl.reference("tet_gow")
    assert [ladder.title for ladder in card.ladders] == ["Suits", "the Cycle", "Inter"]
    for ladder, name in zip(card.ladders, ("suits", "cycle", "inter"), strict=True):
        rows = [{play[0] for play in rung.plays} for rung in ladder.rungs]
        assert rows == [set(gl.cards(row)) for row in TABLE[name]]
    assert "TT-LEAD" in str(card) and "TT-LAST" in str(card)
    assert card._repr_svg_().count("gupai-card-face") == 36


def test_reference_card_fits_beside_a_deal() -> None:
    """Drawn at most 900 px wide (narrower than a notebook column), every panel inside."""
    svg = gl.reference("tet_gow")._repr_svg_()
    width = float(re.findall(r'<svg[^>]* width="([\d.]+)"', svg)[0])
    panels = [float(w) for w in re.findall(r'<rect[^>]* width="([\d.]+)"[^>]*gupai-frame', svg)]
    assert width <= 900 and len(panels) == 3  # one panel per set
    assert max(panels) + 2 * 10 <= width  # inside the card's margins: no scrolling, no clipping


def test_the_deal_player_plays_a_whole_game_with_no_widget_changes() -> None:
    from gupai_learn.widgets import DealPlayer

    player = DealPlayer(game="tet_gow", seed=2, seat=1)
    assert "Left over" in player.table.value or "left over" in player.table.value.lower()
    while not player.deal.is_over:
        move = player.hint()
        assert move is not None
        picks = [player.picker.hand.index(c) for c in move.pieces]
        player.picker.selected = picks
        player.picker.command = "Play" if move.kind == "play" else "Face down"
    assert "points" in player.result.value or "point" in player.result.value
    player.toggle_reference()
    assert "Tet-Gow" in player.card.value
    three = DealPlayer(game="tet_gow", seed=2, seat=0, players=3)
    assert len(three.deal.hands) == 3


def test_the_hand_picker_reads_card_names_outside_a_deal() -> None:  # TT-LEAD
    from gupai_learn.widgets import HandPicker

    picker = HandPicker("Ace of Moons, Huntress, Sea", game="tet_gow")
    picker.selected = [0, 1]
    verdict = picker.verdict()
    assert verdict is not None and verdict.ok and "tier 1" in str(verdict)
    picker.selected = [0, 2]
    verdict = picker.verdict()
    assert verdict is not None and not verdict.ok and verdict.rules == ("TT-LEAD",)
    assert all("gupai-card" in piece["svg"] for piece in picker.pieces)
    with pytest.raises(gl.InvalidNotationError, match="Journey"):
        HandPicker("Jurney", game="tet_gow")


def test_puzzle_feedback_calls_a_round_a_round() -> None:  # TT-FOLLOW: a round's worth is tricks
    from gupai_learn import puzzles

    assert GAMES["tet_gow"].round_name == "round" and GAMES["tien_gow"].round_name == "trick"
    round_winner = puzzles.get("tt-round-01")
    assert round_winner.solution.text.endswith("takes the round.")
    assert "takes the round" in str(round_winner.check(round_winner.solution.answer))
    endgame = puzzles.get("tt-end-01")
    assert "force the last round" in endgame.solution.text
    assert "wins the last round" in str(endgame.check(endgame.solution.answer))
    tien_gow = next(p for p in puzzles.bank("tien_gow") if p.kind == "trick-winner")
    assert tien_gow.solution.text.endswith("takes the trick.")


@pytest.mark.parametrize("players", [4, 3])
def test_questions_about_a_finished_game(players: int) -> None:  # TT-FOLLOW, TT-SCORE, TT-THREE
    from gupai_learn.bots import play_out
    from gupai_learn.puzzles import about_deal

    bots = [tt.HeuristicPlayer(seat) for seat in range(players)]
    game = play_out(tt.Deal.random(seed=5, players=players), bots)
    tricks, scores = about_deal(game, prefix="g")
    assert tricks.check(list(game.won)).correct and "round 1 (" in str(tricks.check(game.won))
    assert "add up to 8" in str(tricks.check([0] * players))
    assert scores.check(list(game.settle().scores)).correct
    assert not scores.check([0] * players).correct
    with pytest.raises(ValueError, match="over"):
        about_deal(tt.Deal.random(seed=5))


@pytest.mark.parametrize("players", [4, 3])
def test_a_random_deal_is_the_shuffled_deck_dealt_in_order(players: int) -> None:  # TT-DEAL
    """``Deal.random`` deals what shuffling the deck itself with the same generator deals: eight
    cards each in turn from the top (each hand in the game's order), the rest face up, then the
    leader drawn; each hand's mask is the mask of its cards."""
    import random

    from gupai_learn import decks
    from gupai_learn.games.tet_gow.deal import ORDER, hand_mask

    for seed in range(200):
        deal = tt.Deal.random(seed=seed, players=players)
        rng = random.Random(seed)
        deck = list(decks.decktet(players))
        decks.shuffle(rng, deck)
        dealt = [sorted(deck[i * 8 : i * 8 + 8], key=ORDER.__getitem__) for i in range(players)]
        assert [list(h) for h in deal.hands] == dealt
        assert all(type(h) is gl.Cards for h in deal.hands)
        assert list(deal.leftover) == sorted(deck[players * 8 :], key=ORDER.__getitem__)
        assert deal.turn == decks.randrange(rng, players)
        assert deal._masks == [hand_mask(h) for h in deal.hands]
