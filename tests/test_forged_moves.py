"""A move is exactly what it says (issue 32.3, design.md §14): in every game of ``GAMES``, a
:class:`Move` whose fields do not fit its kind — a call on a plain play, an end on a trick
game's play or a face-down tile, tiles on a draw or a pass, a kind the game does not have, one
piece too many or too few — is refused by ``judge`` with the game's set rule, and ``apply``
raises and changes nothing. ``judge(m).ok`` holds exactly for the moves ``legal_moves()`` lists
(pieces in any order; one shorthand: a placement written without its end when only one end
fits, which is recorded with that end). Objects whose ``__eq__`` or ``__hash__`` raise are
refused in one line at every door, fast paths included."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gupai_learn as gl
from gupai_learn.engine.moves import CALLS, ENDS, Move
from gupai_learn.games import GAMES
from tests.playing import pieces_everywhere, snapshot
from tests.registry import every_game

NAMES = every_game()
KINDS = ("play", "discard", "draw", "pass")
REFUSED = (gl.IllegalPlayError, gl.AmbiguousPlayError)
_new = tuple.__new__


def key(move: Move) -> tuple[Any, ...]:
    """A move up to the order of its pieces."""
    return (move.kind, tuple(sorted(map(str, move.pieces))), move.end, move.call)


def forged(move: Move, spare: Any) -> list[Move]:
    """Variants of a listed ``move``, each with one field replaced: another kind, another end
    (or none), a call (or none), one piece more (``spare``) or one fewer."""
    kind, pieces, end, call = move
    out = [_new(Move, (k, pieces, end, call)) for k in KINDS if k != kind]
    out += [_new(Move, (kind, pieces, e, call)) for e in (None, *ENDS) if e != end]
    out += [_new(Move, (kind, pieces, end, c)) for c in (None, *CALLS) if c != call]
    out.append(_new(Move, (kind, (*pieces, spare), end, call)))
    if pieces:
        out.append(_new(Move, (kind, pieces[:-1], end, call)))
    else:  # a draw or a pass carrying a piece, with every kind of move's fields
        out += [_new(Move, (kind, (spare,), e, None)) for e in (None, "left")]
    return out


def shorthand(deal: Any, move: Move, listed: set[tuple[Any, ...]]) -> bool:
    """The one accepted spelling that is not listed: a placement without its end, when it fits
    exactly one end (the verdict names that end)."""
    if move.kind != "play" or move.end is not None:
        return False
    return sum(key(move._replace(end=e)) in listed for e in ENDS) == 1


def ledger(deal: Any) -> tuple[Any, ...]:
    """Everything a refused move must leave alone (the pieces' ledger included)."""
    return (*snapshot(deal), pieces_everywhere(deal))


def check_forgeries(deal: Any, rng: random.Random) -> int:
    """Forge variants of a few listed moves; check judge ⇔ listed, and that a refusal changes
    nothing. Returns how many forgeries judge accepted (each one listed, or the shorthand)."""
    listed_moves = deal.legal_moves()
    listed = {key(m) for m in listed_moves}
    hand = deal.hands[deal.turn]
    accepted = 0
    for move in rng.sample(listed_moves, min(3, len(listed_moves))):
        for fake in forged(move, rng.choice(hand)):
            verdict = deal.judge(fake)
            assert verdict.ok == (key(fake) in listed or shorthand(deal, fake, listed)), (
                fake,
                verdict,
            )
            if verdict.ok:
                accepted += 1
                continue
            assert verdict.reasons and len(str(verdict)) < 600
            if key(fake) not in listed and fake.kind in deal.MOVE_FORMS:
                form = deal.MOVE_FORMS[fake.kind]
                misfit = (fake.end is not None and not form.end) or (
                    fake.call is not None and not form.call
                )
                if misfit or bool(fake.pieces) != form.pieces:
                    assert deal.RULE_SET in verdict.rules, (fake, verdict)
            before = ledger(deal)
            with pytest.raises(REFUSED):
                deal.apply(fake)
            assert ledger(deal) == before
    return accepted


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_judge_accepts_exactly_the_listed_moves(name: str, seed: int) -> None:
    info = GAMES[name]
    rng = random.Random(seed)
    deal = info.Deal.random(seed=seed)
    deck = pieces_everywhere(deal)
    for step in range(400):
        if deal.is_over:
            break
        if step % 3 == 0:
            check_forgeries(deal, rng)
        listed = deal.legal_moves()
        deal.apply(listed[rng.randrange(len(listed))])
        assert pieces_everywhere(deal) == deck
    assert deal.is_over
    replayed = deal.restart()
    for move in deal.history:
        replayed.apply(move)
    assert replayed.history == deal.history


def test_the_issues_forgeries_are_refused_with_the_set_rule() -> None:
    # the trick games where no move calls a suit (Bagchen's charity does)
    callless = [
        info
        for info in GAMES.values()
        if info.family == "trick" and not any(f.call for f in info.Deal.MOVE_FORMS.values())
    ]
    assert callless, "no trick game without a suit call to forge one on"
    for info in callless:
        deal = info.Deal.random(seed=1)
        fake = deal.legal_moves()[0]._replace(call="earth")
        verdict = deal.judge(fake)
        assert not verdict.ok and verdict.rules == (deal.RULE_SET,)
        assert "calls no suit" in str(verdict)
        with pytest.raises(gl.IllegalPlayError):
            deal.apply(fake)
        assert deal.history == ()
    bergen = GAMES["bergen"].Deal.random(seed=1)
    tile = bergen.hands[bergen.turn][0]
    for kind in ("draw", "pass"):
        verdict = bergen.judge(Move(kind, (tile,)))  # type: ignore[arg-type]
        assert not verdict.ok and verdict.rules == ("BE-SET",)
    deck = pieces_everywhere(bergen)
    with pytest.raises(gl.IllegalPlayError):
        bergen.apply(Move("draw", (tile,)))
    assert pieces_everywhere(bergen) == deck == Counter(gl.decks.double_six())


def test_the_first_tile_of_a_two_armed_line_names_no_end() -> None:
    deal = GAMES["ding_niu"].Deal.random(seed=2)
    first = deal.legal_moves()[0]
    assert first.end is None
    verdict = deal.judge(first._replace(end="left"))
    assert not verdict.ok and "no end to name" in str(verdict)
    assert deal.judge(first).ok


# ----- objects whose __eq__ or __hash__ raise --------------------------------------------


class EqualsNothing:
    """An object whose equality raises."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    __hash__ = object.__hash__


class HashesNothing:
    """An object whose hash and equality raise."""

    def __hash__(self) -> int:
        raise RuntimeError("no hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")


def hostile(move: Move, odd: Any) -> list[Any]:
    """``odd`` at every door of a move: alone, among pieces, as each field of a Move."""
    kind, pieces, end, call = move
    return [
        odd,
        [odd],
        (odd,),
        (*pieces, odd),
        gl.Tiles([odd]),
        _new(Move, (odd, pieces, end, call)),
        _new(Move, (kind, (odd,), end, call)),
        _new(Move, (kind, (*pieces, odd), end, call)),
        _new(Move, (kind, odd, end, call)),
        _new(Move, (kind, pieces, odd, call)),
        _new(Move, (kind, pieces, end, odd)),
        _new(Move, (kind, gl.Tiles([odd]), end, call)),
    ]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("odd", [EqualsNothing, HashesNothing])
def test_raising_objects_are_refused_at_every_door(name: str, odd: type) -> None:
    info = GAMES[name]
    for steps in (0, 1, 2, 5):
        deal = info.Deal.random(seed=4)
        for _ in range(steps):
            if not deal.is_over:
                deal.apply(deal.legal_moves()[0])
        move = deal.legal_moves()[0]
        verbs = [getattr(deal, v) for v in ("apply", "play", "discard") if hasattr(deal, v)]
        for raw in hostile(move, odd()):
            assert not deal.judge(raw).ok
            before = ledger(deal)
            for verb in verbs:
                with pytest.raises((*REFUSED, gl.InvalidNotationError)) as caught:
                    verb(raw)
                assert len(str(caught.value)) < 600  # the odd object quoted short
                assert ledger(deal) == before
        assert not deal.judge(move, seat=odd()).ok
        with pytest.raises(gl.IllegalPlayError):
            deal.apply(move, seat=odd())
