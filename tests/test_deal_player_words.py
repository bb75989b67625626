"""The deal player and the match table speak each game's words (GameInfo round/won/deal names)."""

from __future__ import annotations

import pytest

from gupai_learn.engine.match import Match
from gupai_learn.games import GAMES
from gupai_learn.widgets.deal_player import DealPlayer, ReplayStepper, table_html
from tests.registry import every_game


def _first_round_over(player: DealPlayer) -> None:
    """Play the player's seat until one trick (round) is finished and none is in progress."""
    while not player.deal.is_over and not (player.deal.tricks and not player.deal.trick):
        player.deal.apply(player.deal.legal_moves()[0])
        player._after_move()


@pytest.mark.parametrize("name", every_game(lambda info: info.family == "trick"))
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


# ----- the replay names who played each seat, at which level -----------------------------------
def _play_out(player: DealPlayer, switch_after: int | None = None, level: str = "strong") -> None:
    """Play the learner's seat with legal moves to the end, switching the computer players to
    ``level`` after ``switch_after`` of the learner's moves."""
    made = 0
    while not player.deal.is_over:
        player.deal.apply(player.deal.legal_moves()[0])
        player._moved()
        made += 1
        if made == switch_after:
            player.set_level(level)


def _span(moves: list[int]) -> str:
    """How the replay names a seat's moves: "move 11", or "moves 2\u20137"."""
    return f"move {moves[0]}" if len(moves) == 1 else f"moves {moves[0]}\u2013{moves[-1]}"


@pytest.mark.parametrize("name", every_game())
def test_the_replay_names_each_seats_level_and_a_switch_honestly(name: str) -> None:
    player = DealPlayer(name, seed=1, seat=0, level="easy")
    _play_out(player, switch_after=2, level="normal")
    moves = player.deal.seated_history
    mine = [i for i, (s, _) in enumerate(moves) if s == 0]
    levels = player.played_by()
    assert len(levels) == len(moves)
    assert all((levels[i] is None) == (s == 0) for i, (s, _) in enumerate(moves))
    switch = mine[2]  # the switch came after the answers to the learner's second move
    assert {levels[i] for i in range(switch) if moves[i][0] != 0} <= {"easy"}
    assert {levels[i] for i in range(switch + 1, len(moves)) if moves[i][0] != 0} == {"normal"}
    player.toggle_replay()
    (stepper,) = player.replay.children
    said = stepper.levels.value
    assert f"{player.deal.name(0)}: you" in said
    for seat in range(1, player.deal.n_seats):
        own = [i + 1 for i, (s, _) in enumerate(moves) if s == seat]
        before = [n for n in own if n - 1 < switch]
        after = [n for n in own if n - 1 > switch]
        expected = f"easy computer player ({_span(before)}), then normal ({_span(after)})"
        assert f"{player.deal.name(seat)}: {expected}" in said
    player.toggle_replay()
    assert player.replay.children == ()


def test_one_level_is_named_once_and_undo_forgets_the_moves_taken_back() -> None:
    player = DealPlayer("tet_gow", seed=2, seat=1, level="strong")
    _play_out(player)
    player.toggle_replay()
    said = player.replay.children[0].levels.value
    assert said.count("strong computer player") == 3 and "South: you" in said
    assert "then" not in said and "moves" not in said
    player.undo()
    assert player.replay.children == ()  # a replay of a deal that has changed is gone
    assert len(player.played_by()) == len(player.deal.history)
    assert set(player.played_by()) <= {"strong", None}


def test_a_replay_given_one_level_names_it_and_refuses_a_wrong_count() -> None:
    from gupai_learn.verdict import SetupError

    deal = GAMES["tien_gow"].Deal.random(seed=4)
    stepper = ReplayStepper(deal, seat=2, levels="normal")
    assert "West: you" in stepper.levels.value
    assert stepper.levels.value.count("normal computer player") == 3
    assert ReplayStepper(deal).levels.value == ""  # nothing recorded, nothing claimed
    with pytest.raises(SetupError, match="one level per move"):
        ReplayStepper(deal, levels=["strong", "normal"])
    with pytest.raises(SetupError, match="seat"):
        ReplayStepper(deal, seat=7)
    assert stepper.review() is None and "not played out" in stepper.notes.value


def test_the_match_table_says_when_the_level_changed_during_the_round() -> None:
    player = DealPlayer("bergen", seed=3, seat=0, level="normal")
    assert "Computer players: normal." in player.board.value
    mine = 0
    while not player.deal.is_over and mine < 2:
        player.deal.apply(player.deal.legal_moves()[0])
        player._moved()
        mine += 1
    player.set_level("strong")
    switch = len(player.deal.history) + 1  # the next move is the first at the new level
    said = f"Computer players: normal, then strong from move {switch}."
    assert said in player.board.value  # said at once, before any strong move
    _play_out(player)
    levels = player.played_by()
    later = [level for level in levels[switch - 1 :] if level is not None]
    assert later and set(later) == {"strong"} and "normal" in levels[: switch - 1]
    first = levels.index("strong") + 1  # the first move a strong player made
    assert f"Computer players: normal, then strong from move {first}." in player.board.value
    player.new_deal()
    assert "Computer players: strong." in player.board.value
