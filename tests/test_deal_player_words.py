"""The deal player and the match table speak each game's words (GameInfo round/won/deal names)."""

from __future__ import annotations

import pytest

from gupai_learn.engine.match import Match
from gupai_learn.games import GAMES
from gupai_learn.widgets.deal_player import DealPlayer, ReplayStepper, table_html


def _first_round_over(player: DealPlayer) -> None:
    """Play the player's seat until one trick (round) is finished and none is in progress."""
    while not player.deal.is_over and not (player.deal.tricks and not player.deal.trick):
        player.deal.apply(player.deal.legal_moves()[0])
        player._after_move()


@pytest.mark.parametrize("name", ["tien_gow", "tet_gow", "bagchen"])
def test_captions_name_the_games_round(name: str) -> None:
    info = GAMES[name]
    player = DealPlayer(name, seed=2)
    if not player.deal.trick and not player.deal.tricks:
        assert f"No {info.round_name} yet." in player.table.value
    _first_round_over(player)
    said = f"{info.round_name.capitalize()} {len(player.deal.tricks)} is over:"
    assert said in player.table.value
    assert f"{info.won_name.capitalize()}s won:" in player.table.value
    other = "round" if info.round_name == "trick" else "trick"
    assert f"{other.capitalize()} {len(player.deal.tricks)} is over" not in player.table.value


def test_tet_gow_says_round_and_game_where_tien_gow_says_trick_and_deal() -> None:
    assert (GAMES["tet_gow"].round_name, GAMES["tet_gow"].deal_name) == ("round", "game")
    assert (GAMES["tien_gow"].round_name, GAMES["tien_gow"].deal_name) == ("trick", "deal")
    player = DealPlayer("tet_gow", seed=1)
    while not player.deal.is_over:
        player.deal.apply(player.deal.legal_moves()[0])
    assert "Game over." in table_html(player.deal)
    stepper = ReplayStepper(player.deal, step=0)
    assert "the game before the first lead" in stepper.caption.value


@pytest.mark.parametrize(("name", "word"), [("tet_gow", "game"), ("tien_gow", "deal")])
def test_the_match_table_heads_its_column_with_the_games_word(name: str, word: str) -> None:
    match = Match(name, seed=1)
    players = [GAMES[name].bot("random", s) for s in range(len(match.deal.seat_names))]
    while not match.deal.is_over:
        match.deal.apply(players[match.deal.turn].choose(match.deal))
    match.next_deal()
    assert f"<tr><th>{word}</th>" in match._repr_html_()
    assert f"1 {word} settled" in repr(match)
