"""The shared trick-game skeleton on a made-up game (no Tien Gow rules): a face-down lead that
names a suit — the path Bagchen's charity needs — works end to end through BaseDeal/TrickDeal:
judge, apply, legal_moves, history, transcript, restart and from_script."""

from __future__ import annotations

from typing import Any

import pytest

import gupai_learn as gl
from gupai_learn.engine.deal import MoveForm, Outcome
from gupai_learn.engine.moves import Move
from gupai_learn.engine.trick import Combination, TrickDeal, TrickPlay
from gupai_learn.verdict import Reason

SUIT = {"sky": lambda t: t.is_double, "earth": lambda t: not t.is_double, "any": lambda t: True}


class Charity(TrickDeal[gl.Tile]):
    """Singles only: a higher pip total of the lead's kind (double or not) beats it; the
    leader may instead lead one tile face down naming a suit, and then any face-up tile of
    that suit beats it."""

    RULE_TURN = RULE_HAND = RULE_SET = RULE_OVER = RULE_COUNT = RULE_LEAD = "X"
    #: a face-down play may name a suit (as a lead; judged there)
    MOVE_FORMS = {
        "play": MoveForm("a face-up play"),
        "discard": MoveForm("a face-down play", call=True),
    }

    def __init__(self, hands: Any, leader: int = 0) -> None:
        super().__init__([gl.tiles(h) for h in hands], leader)
        self._start = {"hands": hands, "leader": leader}

    def _read(self, raw: Any) -> tuple[gl.Tile, ...]:
        return gl.tiles(raw) if not isinstance(raw, gl.Tile) else (raw,)

    def _combo(self, pieces: tuple[gl.Tile, ...]) -> Combination:
        kind = "double" if pieces[0].is_double else "plain"
        return Combination(kind, pieces[0].pips, pieces, str(pieces[0]), f"a {kind} single")

    def _lead_check(self, seat: int, pieces: Any) -> tuple[Combination | None, list[Reason]]:
        if len(pieces) != 1:
            return None, [Reason("X", "one tile at a time")]
        return self._combo(pieces), []

    def _follow_check(self, seat: int, pieces: Any, lead: TrickPlay, high: TrickPlay) -> Any:
        mine = self._combo(pieces)
        if high.combination is None:  # a charity lead: any tile of the called suit beats it
            ok = SUIT[lead.call or "any"](pieces[0])
        else:
            top = high.combination
            ok = mine.kind == top.kind and mine.rank > top.rank
        return mine, [] if ok else [Reason("X", "does not beat")]

    def _explain_lead(self, seat: int, combination: Combination) -> list[Reason]:
        return [Reason("X", "a lead")]

    def _explain_follow(self, seat: int, combination: Combination, high: TrickPlay) -> Any:
        return [Reason("X", "beats")]

    def _leads(self, seat: int) -> list[Any]:
        return [gl.Tiles((t,)) for t in dict.fromkeys(self._hands[seat])]

    def _beats(self, seat: int, lead: TrickPlay, high: Combination | None) -> list[Any]:
        return [
            p for p in self._leads(seat) if not self._follow_check(seat, p, lead, self._high)[1]
        ]  # type: ignore[arg-type]

    def _may_lead_face_down(self, seat: int) -> bool:
        return True

    def _face_down_calls(self, seat: int) -> tuple[Any, ...]:
        return ("sky", "earth", "any")

    def _judge_face_down_lead(self, seat: int, move: Move, out: Outcome) -> None:
        if move.call is None:
            out.errors.append(Reason("X", "a face-down lead names sky, earth or any"))
        elif len(move.pieces) != 1:
            out.errors.append(Reason("X", "one tile at a time"))


HANDS = ["[6:6] [2:1]", "[5:5] [3:1]", "[4:4] [6:5]"]


def test_a_charity_lead_goes_down_and_a_tile_of_its_suit_takes_the_trick() -> None:
    deal = Charity(HANDS)
    assert Move.parse("down:[2:1]!sky") in deal.legal_moves()
    assert not deal.judge("down:[2:1]").ok  # no suit named
    deal.apply("down:[2:1]!sky")
    assert deal.trick[0].call == "sky" and not deal.trick[0].face_up
    assert {str(m) for m in deal.legal_plays()} == {"[5:5]"}  # sky: doubles beat it
    deal.apply("[5:5]")
    assert not deal.judge("down:[6:5]!earth").ok  # only a lead names a suit
    deal.apply("down:[6:5]")
    assert deal.tricks[-1].winner == 1 and deal.won == (0, 1, 0)
    assert [str(m) for m in deal.history] == ["down:[2:1]!sky", "[5:5]", "down:[6:5]"]
    assert deal.transcript().splitlines()[0] == "East down:[2:1]!sky"


def test_nobody_beats_a_charity_lead_and_the_leader_takes_it() -> None:
    deal = Charity.from_script(HANDS, ["down:[6:6]!earth", "down:[5:5]", "down:[4:4]"])
    assert deal.tricks[-1].winner == 0 and deal.turn == 0


def test_restart_and_replay_keep_the_subclass_and_the_calls() -> None:
    deal = Charity.from_script(HANDS, ["down:[2:1]!any", "[3:1]"])
    again = Charity.from_script(HANDS, deal.history)
    assert type(deal.restart()) is Charity and again.history == deal.history
    with pytest.raises(gl.IllegalPlayError, match="move 1"):
        Charity.from_script(HANDS, ["[7:7]"])
