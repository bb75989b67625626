"""The registry of games (GAMES/GameInfo) and Match, deal after deal (design.md §2-3)."""

from __future__ import annotations

import dataclasses

import pytest

import gupai_learn as gl
from gupai_learn.bots import play_out
from gupai_learn.engine.settlement import Settlement
from gupai_learn.games import GAMES, game, tien_gow
from tests.registry import every_game


@pytest.mark.parametrize("name", every_game())
def test_every_game_is_registered_with_its_skeleton(name: str) -> None:
    info = GAMES[name]
    assert info.name == name and info.family in ("trick", "line")
    deal = info.Deal.random(seed=1)
    assert len(deal.hands) in info.seats
    assert isinstance(info.Rules(), info.Rules)
    assert {"random", "heuristic"} <= set(info.bots)
    undealt = (*getattr(deal, "boneyard", ()), *getattr(deal, "leftover", ()))
    dealt = [t for h in deal.hands for t in h]
    assert sorted(info.deck(), key=str) == sorted(dealt + list(undealt), key=str)


def test_unknown_game_and_bot_are_named() -> None:
    with pytest.raises(ValueError, match="tien_gow"):
        game("mahjong")
    with pytest.raises(ValueError, match="heuristic"):
        GAMES["tien_gow"].bot("genius")


def play(match: gl.Match, deals: int) -> None:
    bots = [match.info.bot("heuristic", seat) for seat in range(match.players)]
    for _ in range(deals):
        play_out(match.deal, bots)
        match.next_deal()


def test_match_is_reproducible_and_totals_add_up() -> None:
    a, b = gl.Match("tien_gow", seed=5), gl.Match("tien_gow", seed=5)
    play(a, 5)
    play(b, 5)
    assert a.totals == b.totals and len(a.history) == 5
    assert sum(a.totals) == 0  # chips are zero-sum
    by_deal = [s.payments for _, s in a.history]
    assert a.totals == tuple(sum(col) for col in zip(*by_deal, strict=True))


def test_the_winner_banks_next_and_the_match_counts_the_streak() -> None:
    match = gl.Match("tien_gow", seed=2, rules=tien_gow.Rules(banker_streak="hands"))
    bots = [match.info.bot("heuristic", seat) for seat in range(4)]
    for _ in range(12):
        finished = play_out(match.deal, bots)
        nxt = match.next_deal()
        assert nxt.banker == nxt.turn == finished.winner  # TG-DEAL: the winner banks and leads
        kept = finished.winner == finished.banker
        assert nxt.banker_streak == (finished.banker_streak + 1 if kept else 0)  # TG-STREAK


def test_a_streak_reaches_the_settlement() -> None:
    rules = tien_gow.Rules(banker_streak="hands")
    plain = tien_gow.Deal.random(seed=9, rules=rules)
    third = tien_gow.Deal.random(seed=9, rules=rules, banker_streak=2)
    bots = [GAMES["tien_gow"].bot("heuristic", s) for s in range(4)]
    play_out(plain, bots)
    bots = [GAMES["tien_gow"].bot("heuristic", s) for s in range(4)]
    play_out(third, bots)
    end_plain = plain.settle().payments[plain.banker] - sum(
        p.amount if p.payee == plain.banker else -p.amount
        for p in plain.trick_payments
        if plain.banker in (p.payer, p.payee)
    )
    end_third = third.settle().payments[third.banker] - sum(
        p.amount if p.payee == third.banker else -p.amount
        for p in third.trick_payments
        if third.banker in (p.payer, p.payee)
    )
    assert end_third == 2 * end_plain  # x4 replaces x2 for the banker's end payments


def test_bad_match_arguments() -> None:
    with pytest.raises(ValueError, match="played by 4"):
        gl.Match("tien_gow", players=3)
    with pytest.raises(ValueError, match="seed"):
        gl.Match("tien_gow", seed="abc")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Rules"):
        gl.Match("tien_gow", rules="fast")
    match = gl.Match("tien_gow", seed=1)
    with pytest.raises(ValueError, match="still in play"):
        match.next_deal()


def test_target_ends_the_match() -> None:
    match = gl.Match("tien_gow", seed=4, target=1)
    play(match, 1)
    while not match.is_over:
        play(match, 1)
    assert max(match.totals) >= 1
    with pytest.raises(ValueError, match="over"):
        match.next_deal()


class _WonTheGame(tien_gow.Deal):
    """A Tien Gow deal whose settlement says its winner won the whole game."""

    def settle(self) -> Settlement:
        return dataclasses.replace(super().settle(), game_winner=self.winner)


def test_a_settlement_naming_a_game_winner_ends_any_match() -> None:
    info = dataclasses.replace(GAMES["tien_gow"], Deal=_WonTheGame)
    match = gl.Match(info, seed=3)
    play_out(match.deal, [info.bot("random", seat) for seat in range(4)])
    last = match.deal
    assert match.next_deal() is last and match.is_over and match.winner == last.winner
    with pytest.raises(ValueError, match="won the whole game in deal 1"):
        match.next_deal()


@pytest.mark.parametrize("name", every_game())
def test_ordinary_deals_name_no_game_winner_and_the_match_goes_on(name: str) -> None:
    match = gl.Match(name, seed=7)
    play(match, 2)
    assert all(s.game_winner is None for _, s in match.history)
    assert match.winner is None and len(match.history) == 2


def wins_in_a_row(winners: list[int]) -> int:
    """How many of the last hands (the latest included) the latest winner won in a row."""
    run = 0
    for seat in reversed(winners):
        if seat != winners[-1]:
            break
        run += 1
    return run


@pytest.mark.parametrize(("seed", "expected"), [(8, [1, 1, 2, 1, 2, 3, 4, 1]), (2, None)])
def test_a_banker_who_won_the_bank_and_wins_again_is_paid_for_his_second_win(
    seed: int, expected: list[int] | None
) -> None:
    """TG-STREAK "wins", played through Match: a player who wins the bank from another and
    then wins as banker is on his 2nd consecutive win, so his end payments are ×2 on top of the
    banker double (then ×3, ×4 ...); the first banker, drawn by lot, starts at his first win;
    trick payments never change. Seed 8: South wins the bank from North and wins again (×2);
    North wins it back, then wins three more (×2, ×3, ×4)."""
    from gupai_learn.games.tien_gow.settle import facts, settle_facts

    match = gl.Match("tien_gow", seed=seed, rules=tien_gow.Rules(banker_streak="wins"))
    bots = [match.info.bot("heuristic", seat) for seat in range(4)]
    winners: list[int] = []
    factors = []
    for _ in range(8):
        deal = play_out(match.deal, bots)
        winners.append(deal.winner)
        match.next_deal()
        paid = match.history[-1][1]
        plain = settle_facts(facts(deal)._replace(rules=tien_gow.Rules()))  # the streak off
        tricks = len(deal.trick_payments)
        assert paid.lines[:tricks] == plain.lines[:tricks]  # trick payments: no streak
        times = wins_in_a_row(winners) if deal.winner == deal.banker else 1
        ends = [line.amount for line in paid.lines[tricks:]]
        assert ends == [times * line.amount for line in plain.lines[tricks:]]
        assert (times > 1) == any("TG-STREAK" in line.rules for line in paid.lines)
        factors.append(times)
    if expected is not None:
        assert factors == expected
    assert max(factors) >= 2  # the case is met
