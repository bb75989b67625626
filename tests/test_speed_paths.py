"""The speed paths of dealing and of the trick games' user spellings give what the general
paths give (issue 25: every shortcut proved equal to the way it replaces)."""

from __future__ import annotations

import random

import pytest

from gupai_learn import decks
from gupai_learn.games import GAMES
from gupai_learn.verdict import IllegalPlayError
from tests.registry import every_game


@pytest.mark.parametrize("size", [1, 2, 24, 28, 32, 36, 64, 200])
def test_shuffle_draws_as_the_random_module_does(size: int) -> None:
    """``decks.shuffle`` leaves the list and the generator as ``rng.shuffle`` does, so a seed
    deals the same hands as ever; ``decks.randrange`` draws as ``rng.randrange``."""
    for seed in range(40):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        decks.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
        assert [decks.randrange(mine, n) for n in (1, 2, 3, 4, 7, 100)] == [
            theirs.randrange(n) for n in (1, 2, 3, 4, 7, 100)
        ]
        assert mine.random() == theirs.random()


def test_the_fast_shuffle_is_the_one_in_use() -> None:
    """On this Python the module's own check finds that ``decks.shuffle`` draws as the random
    module does, so the fast steps are used (not the fallback to ``rng.shuffle``)."""
    assert decks._EXACT and decks._exact()


def test_shuffle_leaves_a_subclass_of_random_to_its_own_shuffle() -> None:
    """A generator of a subclass may draw differently: it shuffles with its own method."""

    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    rng = Counting(3)
    items = list(range(10))
    decks.shuffle(rng, items)
    assert Counting.calls == 1 and sorted(items) == list(range(10))


def test_bagchen_unseen_mask_is_the_counts_mask_of_the_unseen_tiles() -> None:
    """The per-kind table of Bagchen's unseen mask gives :func:`counts_mask` of the set minus
    the seat's hand minus the tiles played face up, all through random deals."""
    from collections import Counter

    from gupai_learn.games.bagchen.combos import KIND_ORDER, SET_COUNTS, counts_mask

    info = GAMES["bagchen"]
    for seed in range(15):
        deal = info.Deal.random(seed=seed)
        bot = info.bot("random", seed)
        while not deal.is_over:
            for seat in range(deal.n_seats):
                held = Counter(deal.hands[seat])
                seen = Counter(
                    t for trick in deal.tricks for p in trick.plays if p.face_up for t in p.pieces
                )
                seen += Counter(t for p in deal.trick if p.face_up for t in p.pieces)
                want = {t: SET_COUNTS[t] - held[t] - seen[t] for t in KIND_ORDER}
                assert deal._unseen_mask(seat) == counts_mask(want)
            deal.apply(bot.choose(deal))


@pytest.mark.parametrize("game", every_game())
def test_is_over_agrees_with_the_general_test_through_random_deals(game: str) -> None:
    """``is_over`` (a field kept up to date) says what the general test says at every step:
    nothing left to play, or the deal closed before play."""
    info = GAMES[game]
    for seed in range(8):
        deal = info.Deal.random(seed=seed)
        bot = info.bot("random", seed)
        while True:
            over = deal.is_over
            if hasattr(deal, "_left"):  # a trick game: no piece left, or closed
                assert over == (not deal._left or deal._closed)
            assert over == (deal.legal_moves() == [])
            if over:
                break
            deal.apply(bot.choose(deal))


def test_one_red_dot_closes_a_tien_gow_deal_before_play() -> None:
    """A deal that ends before play (one red dot) is over from the start."""
    from gupai_learn.games import tien_gow

    rules = tien_gow.Rules(one_red_dot=True)
    for seed in range(850, 900):  # seed 855 deals one red dot
        deal = tien_gow.Deal.random(seed=seed, rules=rules)
        if deal.red_dot_seat is not None:
            assert deal.is_over and deal.legal_moves() == [] and deal.legal_plays() == []
            return
    pytest.skip("no one-red-dot deal among the seeds tried")


@pytest.mark.parametrize("game", every_game(lambda info: info.family == "trick"))
@pytest.mark.parametrize("seed", range(12))
def test_user_spellings_take_the_same_path_as_listed_moves(game: str, seed: int) -> None:
    """A random deal played with the listed moves, and a twin played as a user writes them
    (plain tuples and lists of the pieces, in any order, through ``play``/``discard``), give
    the same history, the same counts won and the same settlement; a follower's tuple of
    tiles it does not hold, or of the wrong count, is refused by both, the state unchanged."""
    info = GAMES[game]
    rng = random.Random(seed)
    listed = info.Deal.random(seed=seed)
    user = info.Deal.random(seed=seed)
    while not listed.is_over:
        moves = listed.legal_moves()
        assert moves == user.legal_moves()
        move = moves[rng.randrange(len(moves))]
        pieces = list(move.pieces)
        rng.shuffle(pieces)
        spelled = tuple(pieces) if rng.random() < 0.5 else pieces
        if move.kind == "discard" and move.call is None and user.trick:
            mine = user.hands[user.turn]
            other = [p for p in user.hands[(user.turn + 1) % user.n_seats] if p not in mine]
            if other:  # a piece this seat does not hold: refused, nothing changes
                before = user.state_key()
                with pytest.raises(IllegalPlayError):
                    user.discard((other[0], *move.pieces[1:]))
                assert user.state_key() == before
            with pytest.raises(IllegalPlayError):  # the wrong count
                user.discard((*move.pieces, *move.pieces))
            user.discard(spelled)
        elif move.kind == "play" and move.call is None:
            user.play(spelled)
        else:
            user.apply(move)
        listed.apply(move)
        assert user.seated_history == listed.seated_history
        assert user.won == listed.won and user.state_key() == listed.state_key()
    assert user.is_over and user.settle() == listed.settle()


def test_tien_gow_dealt_masks_are_the_hands_masks() -> None:
    """The slot masks a random Tien Gow deal starts with (read from the set's positions) are
    the masks of the hands dealt."""
    from gupai_learn.games.tien_gow.deal import hand_mask

    for seed in range(300):
        deal = GAMES["tien_gow"].Deal.random(seed=seed)
        assert deal._masks == [hand_mask(hand) for hand in deal.hands]
