"""Toy Highs (rule prefix TY): three seats, twelve tiles, four each; singles only.

- TY-SET: the twelve tiles of the set (:data:`SET`), one of each; TY-DEAL: four each, the
  seats take turns, the first leader drawn at random;
- TY-LEAD: a lead is one tile, face up; TY-COUNT: the follower plays one tile too;
- TY-BEAT: face up only with more pips than the lead, else face down (always allowed);
- TY-LAST: the higher tile takes the trick and leads the next; the last trick wins the deal;
- TY-PAY: each other seat pays the winner one chip; TY-SWEEP (option ``sweep_double``): two
  chips when the winner took every trick.

The skeleton is a course game's: ``Rules``, combinations, ``Deal``, settlement, bots, solver,
events, ``GAME``.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from gupai_learn import strong
from gupai_learn.bots import RandomPlayer, TrickHeuristic
from gupai_learn.engine.deal import (
    check_played_counts,
    check_players,
    check_rules,
    check_seat,
    check_seed,
)
from gupai_learn.engine.game import GameInfo, Measure, ReviewWords, winner_leads
from gupai_learn.engine.moves import Move, quote
from gupai_learn.engine.options import check, named_options
from gupai_learn.engine.search import DEFAULT_MAX_NODES, SolveResult, solve_game
from gupai_learn.engine.settlement import Payment, Settlement
from gupai_learn.engine.trick import Combination, Lanes, TrickDeal, TrickPlay
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, SetupError, Verdict

SET = Tiles(as_tiles("[6:6] [6:5] [5:5] [5:4] [4:4] [6:1] [4:3] [3:3] [3:2] [2:2] [2:1] [1:1]"))
HAND_SIZE = 4
SEATS = 3
RULE_IDS = {"sweep_double": "TY-SWEEP"}


@named_options
@dataclass(frozen=True)
class Rules:
    """The toy's one option: ``sweep_double`` (TY-SWEEP), a sweep pays two chips."""

    sweep_double: bool = True

    def __post_init__(self) -> None:
        check(self, RULE_IDS)


def single(tile: Tile) -> Combination:
    """A lead or a face-up follow: one tile, ranked by its pips."""
    return Combination("single", tile.pips, (tile,), str(tile), "a single tile")


def classify(pieces: Any, rules: Rules | None = None) -> Combination:
    """The combination of ``pieces`` as a lead (TY-LEAD); IllegalPlayError when none."""
    tiles = _read(pieces)
    if len(tiles) != 1:
        text = f"{len(tiles)} tiles: a lead is one tile."
        raise IllegalPlayError(Verdict.illegal([Reason("TY-LEAD", text)], "not a lead"))
    return single(tiles[0])


def may_beat(challenger: Combination, high: Combination) -> bool:
    """The beat rule (TY-BEAT): more pips. The engine's fast path and the explaining path ask
    it."""
    return challenger.rank > high.rank


def beats(challenger: Any, high: Any, rules: Rules | None = None) -> Verdict:
    """Whether ``challenger`` beats ``high`` face up (TY-BEAT)."""
    mine, theirs = classify(challenger), classify(high)
    if may_beat(mine, theirs):
        return Verdict.legal(f"{mine.name} beats {theirs.name}", [_beat_note(mine, theirs)])
    text = f"{mine.name} has {mine.rank} pips, not more than {theirs.rank}."
    return Verdict.illegal([Reason("TY-BEAT", text)], f"{mine.name} does not beat {theirs.name}")


def _beat_note(mine: Combination, high: Combination) -> Reason:
    return Reason("TY-BEAT", f"{mine.name} has {mine.rank} pips, more than {high.rank}.")


def _read(raw: Any) -> Tiles:
    if isinstance(raw, Combination):
        raw = raw.pieces
    return Tiles(sorted(as_tiles(raw), key=lambda t: (-t.pips, str(t))))


class Deal(TrickDeal[Tile]):
    """A deal of Toy Highs: ``Deal(hands, leader=0, rules=None, won=None)``, ``won`` the
    tricks each seat has taken when the hands are short of four tiles."""

    RULE_TURN = RULE_HAND = "TY-DEAL"
    RULE_SET = "TY-SET"
    RULE_COUNT = "TY-COUNT"
    RULE_LEAD = "TY-LEAD"
    RULE_OVER = RULE_WINNER = "TY-LAST"
    RULE_FACE_DOWN = RULE_BEAT = "TY-BEAT"
    _hand_type = Tiles
    _piece_type = Tile
    #: every valid play (the singles) with the mask of the engine's default scheme
    _table = {Tiles((t,)): (Lanes(SET).need((t,)), single(t)) for t in SET}

    def __init__(
        self,
        hands: Sequence[Any],
        rules: Rules | None = None,
        *,
        leader: int | None = None,
        won: Sequence[int] | None = None,
    ) -> None:
        self.rules = check_rules(rules, Rules(), "toy")
        if not isinstance(hands, (list, tuple)) or len(hands) != SEATS:
            raise SetupError(f"hands={quote(hands)}: give three hands (TY-DEAL)")
        parsed = [_read(h) for h in hands]
        size = len(parsed[0])
        held = [t for h in parsed for t in h]
        if {len(h) for h in parsed} != {size} or not 1 <= size <= HAND_SIZE:
            sizes = [len(h) for h in parsed]
            raise SetupError(f"hands of {sizes} tiles: give 1 to 4 tiles each (TY-DEAL)")
        if len(set(held)) != len(held) or not set(held) <= set(SET):
            raise SetupError("each tile of the set is dealt once at most (TY-SET)")
        counts = check_played_counts("won", won, size, HAND_SIZE, SEATS, "TY-DEAL")
        first = 0 if leader is None else check_seat("leader", leader, SEATS, "TY-DEAL")
        super().__init__(parsed, first)
        self._won = counts
        self._start = dict(hands=tuple(parsed), leader=first, rules=self.rules, won=tuple(counts))

    @classmethod
    def random(
        cls,
        *,
        seed: int | random.Random | None = None,
        players: int | None = None,
        leader: int | None = None,
        rules: Rules | None = None,
    ) -> Deal:
        """Shuffle the set with ``seed`` and deal four tiles each; a random first leader."""
        rng = seed if isinstance(seed, random.Random) else random.Random(check_seed(seed))
        check_players(players, (SEATS,), "TY-DEAL")
        tiles = list(SET)
        rng.shuffle(tiles)
        first = rng.randrange(SEATS) if leader is None else leader
        hands = [tiles[s * HAND_SIZE : (s + 1) * HAND_SIZE] for s in range(SEATS)]
        return cls(hands, leader=first, rules=rules)

    @property
    def winner(self) -> int | None:
        """Who took the last trick, once the deal is over (TY-LAST)."""
        return self._tricks[-1].winner if self.is_over and self._tricks else None

    def _read(self, raw: Any) -> Tiles:
        return _read(raw)

    def _set_reasons(self, pieces: tuple[Tile, ...]) -> list[Reason]:
        return [Reason("TY-SET", f"{t} is not a tile of the set.") for t in pieces if t not in SET]

    def _lead_check(
        self, seat: int, pieces: tuple[Tile, ...]
    ) -> tuple[Combination | None, list[Reason]]:
        if len(pieces) != 1:
            return None, [Reason("TY-LEAD", f"{len(pieces)} tiles: a lead is one tile.")]
        return single(pieces[0]), []

    def _follow_check(
        self, seat: int, pieces: tuple[Tile, ...], lead: TrickPlay, high: TrickPlay
    ) -> tuple[Combination | None, list[Reason]]:
        assert high.combination is not None
        if len(pieces) != 1:
            return None, []
        mine = single(pieces[0])
        if not self._may_beat(mine, high.combination):
            text = f"{mine.name} has {mine.rank} pips, not more than {high.combination.rank}."
            return None, [Reason("TY-BEAT", text)]
        return mine, []

    def _explain_lead(self, seat: int, combination: Combination) -> list[Reason]:
        return [Reason("TY-LEAD", f"{combination.name} leads: any one tile may lead.")]

    def _explain_follow(self, seat: int, combination: Combination, high: TrickPlay) -> list[Reason]:
        assert high.combination is not None
        return [_beat_note(combination, high.combination)]

    _may_beat = staticmethod(may_beat)

    def _leads(self, seat: int) -> list[Tiles]:
        return [Tiles((t,)) for t in self._hands[seat]]

    def _beats(self, seat: int, lead: TrickPlay, high: Combination | None) -> list[Tiles]:
        assert high is not None
        return [Tiles((t,)) for t in self._hands[seat] if may_beat(single(t), high)]

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self.name(self._turn)} to play"
        return f"<toy.Deal trick {len(self._tricks) + 1}, {state}>"


def settle(deal: Deal) -> Settlement:
    """Each other seat pays the winner (TY-PAY), twice after a sweep (TY-SWEEP)."""
    if not deal.is_over or deal.winner is None:
        raise SetupError("settle() needs a finished deal (TY-PAY)")
    winner = deal.winner
    sweep = deal.rules.sweep_double and deal.won[winner] == HAND_SIZE
    amount, rules = (2, ("TY-PAY", "TY-SWEEP")) if sweep else (1, ("TY-PAY",))
    lines = [
        Payment(seat, winner, amount, "the last trick takes the deal", rules)
        for seat in range(SEATS)
        if seat != winner
    ]
    return Settlement.from_lines(deal.seat_names, lines, f"{deal.name(winner)} wins")


class HeuristicPlayer(TrickHeuristic):
    """Leads its lowest tile; beats with its lowest tile that beats, else discards its lowest."""

    def _lead(self, deal: Any, plays: list[Tiles]) -> Tiles:
        return min(plays, key=lambda p: p[0].pips)

    def _follow(self, deal: Any, plays: list[Tiles]) -> Move:
        if plays:
            return Move("play", min(plays, key=lambda p: p[0].pips))
        lowest = min(deal.hands[deal.turn], key=lambda t: t.pips)
        return Move("discard", Tiles((lowest,)))


def solve(
    deal: Deal,
    seat: int,
    max_nodes: int = DEFAULT_MAX_NODES,
    memo: dict[Hashable, object] | None = None,
) -> SolveResult:
    """Can ``seat`` force the last trick? (every hand visible)"""
    return solve_game(deal, seat, (Deal, "Toy Highs"), max_nodes=max_nodes, memo=memo)


def events(deal: Deal) -> dict[str, Any]:
    """Whether the winner swept every trick."""
    if not deal.is_over or deal.winner is None:
        raise SetupError("events() needs a finished deal (TY-LAST)")
    return {"sweep": deal.won[deal.winner] == HAND_SIZE}


GAME = GameInfo(
    name="toy",
    title="Toy Highs",
    chinese="",
    family="trick",
    rule_prefix="TY",
    seats=(SEATS,),
    Rules=Rules,
    Deal=Deal,
    deck=lambda: SET,
    bots={
        "random": RandomPlayer,
        "heuristic": HeuristicPlayer,
        "strong": strong.replaying_player(HeuristicPlayer),
    },
    settle=settle,
    carry=winner_leads,
    classify=classify,
    beats=beats,
    classes={"single": "a single tile"},
    solve=solve,
    events=events,
    measures=(Measure("sweeps", "sweep"),),
    option_rules=RULE_IDS,
    review_words=ReviewWords(goal="takes the last trick and the deal", rules=("TY-LAST",)),
)
