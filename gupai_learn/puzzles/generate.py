"""Puzzle generator: ``python -m gupai_learn.puzzles.generate GAME --count N --min-depth D``
(``--seed S``, ``--max-nodes M``, ``--stdout``; ``--rate`` measures the game's move puzzles
again instead).

From seeded deals played to the end by the game's heuristic players, it keeps only positions
a rule of thumb gets wrong (issue 34):

- every hand is visible; trick games: the seat to lead, between tricks; Bergen: nothing left
  to draw;
- the seat has at least :data:`MIN_MOVES` distinct legal moves (moves reaching the same
  position, such as two identical tiles, count as one);
- the solver proves that exactly one of them forces the puzzle's goal (:mod:`.goals`): the
  last trick, the last round, first place, or in Bergen a goal its rules reward (reach the
  target, go out first, win the count of a blocked round);
- the heuristic computer player (seeds :data:`HEURISTIC_SEEDS`) does not find that move.

Among those it prefers positions where the strong player at its smallest budget errs too
(it finds twice the puzzles asked for, then keeps those first). Each becomes a bank entry in
the format of the banks' endgames (``endgame`` for trick games, ``line-move`` with its
``goal`` for line games) with

- ``difficulty``: the evidence (:class:`Evidence`: which computer levels find the answer,
  how many moves lose and how many of those look good, the depth and the proof's search)
  and the ``rating`` it gives (:func:`rating`), the same for every puzzle of every bank;
- ``hints``: the idea behind the answer in the game's words (:mod:`.ideas`), then the line
  that wins (the others' best answers, never the first move), then what goes wrong after the
  tempting move (the heuristic's);
- ``wrong``: that tempting move, told with the idea it breaks and that idea's rule;
- ``themes``: the idea's theme (from the game's ``GameInfo.themes``).

The entries go to ``puzzles/banks/generated/<game>.toml`` (a bank of its own: ``game``, the
main bank's ``[roles]`` and kind texts, then the puzzles), or to standard output with
``--stdout``. The same arguments always give the same file. Impossible settings (a count or
depth below 1, a depth beyond a hand, an unknown game) are refused with a one-line reason and
nothing is written.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, cast

from gupai_learn.engine.game import GameInfo, PlayedDeal
from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.engine.trick import TrickDeal
from gupai_learn.games import GAMES
from gupai_learn.puzzles import goals, ideas
from gupai_learn.puzzles.bank_file import (
    bank_text,
    default_path,
    goal_of_entry,
    measure_entry,
    measured_tables,
    needs_planning,
    rating_summary,
    rating_summary_html,
    rerate,
    with_difficulties,
)
from gupai_learn.puzzles.difficulty import (
    HEURISTIC_SEEDS,
    MOSTLY,
    RANDOM_SEEDS,
    STRONG_SAMPLES,
    STRONG_SEEDS,
    TRAP_FLOOR,
    TRAP_SHARE,
    Evidence,
    Measure,
    depth_of,
    distinct_moves,
    evidence,
    measure,
    position_after,
    rating,
)
from gupai_learn.puzzles.goals import Goal

__all__ = [
    "CHOICE",
    "DEALS_PER_PUZZLE",
    "HEURISTIC_SEEDS",
    "MAX_NODES",
    "MIN_MOVES",
    "MOSTLY",
    "NUMBERS",
    "RANDOM_SEEDS",
    "STRONG_SAMPLES",
    "STRONG_SEEDS",
    "TITLES",
    "TRAP_FLOOR",
    "TRAP_SHARE",
    "Evidence",
    "Found",
    "Measure",
    "SettingsError",
    "bank_text",
    "candidates",
    "check_settings",
    "default_path",
    "depth_of",
    "distinct_moves",
    "entry",
    "evidence",
    "generate",
    "goal_of_entry",
    "hand_size",
    "main",
    "measure",
    "measure_entry",
    "measured_tables",
    "needs_planning",
    "prove",
    "rating",
    "rating_summary",
    "rating_summary_html",
    "rerate",
    "settings",
    "with_difficulties",
]

#: Positions the solver may search to prove one puzzle.
MAX_NODES = 60_000
#: Deals tried per puzzle asked for before the generator gives up.
DEALS_PER_PUZZLE = 100
#: Fewest distinct legal moves a generated puzzle offers.
MIN_MOVES = 3


#: Puzzles found per puzzle kept: the generator then keeps those the strong player misses.
CHOICE = 2
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class SettingsError(ValueError):
    """Settings no generator run can satisfy (nothing is written)."""


# ----- checks -----------------------------------------------------------------------------------
def hand_size(info: GameInfo) -> int:
    """Pieces in a hand at the start of a deal of ``info``'s game (default rules)."""
    return len(info.Deal.random(seed=0).hands[0])


def check_settings(game: str, count: object, min_depth: object) -> GameInfo:
    """The game's GameInfo, or a SettingsError naming what is impossible."""
    if game not in GAMES:
        raise SettingsError(f"no game {game!r}; the games are {', '.join(GAMES)}")
    info = GAMES[game]
    if type(count) is not int or count < 1:
        raise SettingsError(f"--count {count}: ask for at least one puzzle")
    if type(min_depth) is not int or min_depth < 1:
        raise SettingsError(f"--min-depth {min_depth}: a depth is a whole number, 1 or more")
    size = hand_size(info)
    if min_depth > size:
        raise SettingsError(
            f"--min-depth {min_depth}: a {info.title} hand holds only {size} pieces, so no "
            "position is that deep"
        )
    return info


# ----- finding positions ------------------------------------------------------------------------
def candidates(info: GameInfo, seed: int, min_depth: int) -> Iterator[Any]:
    """Positions of one bot-played deal worth proving, smallest first: trick games between
    tricks; Bergen with nothing left to draw; each with at least :data:`MIN_MOVES` moves and a
    depth of ``min_depth`` or one more (deeper ones rarely prove within the budget). A trick
    game's position is rebuilt as its bank entry will be (hands, what each seat has won, the
    leader) and asked of every seat that could lead it (one that has won a trick), the seat
    that does lead it first."""
    deal = info.Deal.random(seed=seed)
    bots = [info.bot("heuristic", seed * 10 + s) for s in range(deal.n_seats)]
    found = []
    while not deal.is_over:
        if _worth(info, deal, min_depth):
            found.append(deal.copy())
        deal.apply(bots[deal.turn].choose(deal.copy()))
    near = [d for d in found if depth_of(info, d, d.turn) <= min_depth + 1]
    for position in sorted(near, key=lambda d: depth_of(info, d, d.turn))[:3]:
        if info.family != "trick":
            yield position
            continue
        won = cast(TrickDeal[Any], position).won  # a trick game's deal
        others = [s for s in range(position.n_seats) if s != position.turn and won[s]]
        for leader in (position.turn, *others):
            again = _led_by(info, position, leader)
            if len(again.legal_moves()) >= MIN_MOVES:
                yield again


def _led_by(info: GameInfo, deal: Any, leader: int) -> Any:
    """A trick game's position between tricks rebuilt from its hands, what each seat has won
    and the dice's point (what its bank entry keeps), led by ``leader``."""
    dice = capable(deal, "has_point_tiles")
    extra = {"point": str(dice.point)} if dice is not None else {}
    return info.Deal([list(h) for h in deal.hands], won=list(deal.won), leader=leader, **extra)


def _worth(info: GameInfo, deal: Any, min_depth: int) -> bool:
    if depth_of(info, deal, deal.turn) < min_depth or len(deal.legal_moves()) < MIN_MOVES:
        return False
    if info.family == "trick":
        return not deal.trick
    pile = capable(deal, "has_boneyard")
    return pile is None or pile.drawable == 0


def settings(
    info: GameInfo, deal: PlayedDeal, turn: int
) -> Iterator[tuple[Goal, Any, dict[str, Any]]]:
    """The goals a position may be asked with, each with the position to ask it of and the
    set-up's extra state: the game's own goal; in a game that scores rounds (Bergen) going out
    first, winning the blocked count and reaching the target from a few running scores (the
    match scores before the round chosen so that each seat is a few points short; the round
    is replayed under them, headers capped near the target). ``turn`` rotates the order, so
    that a bank mixes its goals."""
    if not info.scores_rounds:
        yield goals.goal_of(info, "win"), deal, {}
        return
    asked: list[tuple[Goal, Any, dict[str, Any]]] = [
        (goals.GOALS["domino"], deal, {}),
        (goals.GOALS["blocked"], deal, {}),
    ]
    for short in ((2, 3), (3, 2), (4, 3), (3, 4), (2, 2)):
        placed = _with_scores(info, deal, short)
        if placed is not None:
            asked.append((goals.GOALS["target"], placed[0], {"scores": placed[1]}))
    kinds = ["domino", "blocked", "target"]
    first = kinds[turn % len(kinds)]
    yield from sorted(asked, key=lambda a: a[0].name != first)


def _with_scores(info: GameInfo, deal: Any, short: tuple[int, int]) -> tuple[Any, list[int]] | None:
    """``deal`` replayed from match scores that leave the seat to act ``short[0]`` points
    short of the target and every other seat ``short[1]`` (before capping), or None when the
    replay ends the round early or a score would be negative."""
    target = deal.rules.target
    seat = deal.turn
    points = deal.round_points
    scores = [
        target - (short[0] if s == seat else short[1]) - points[s] for s in range(deal.n_seats)
    ]
    if min(scores) < 0:
        return None
    start = deal.restart()
    try:
        again = type(deal).from_script(
            list(start.hands),
            deal.history,
            rules=deal.rules,
            boneyard=list(start.boneyard),
            scores=scores,
        )
    except ValueError:
        return None
    if again.is_over or again.turn != seat:
        return None
    return again, scores


# ----- proving puzzles --------------------------------------------------------------------------
@dataclass(frozen=True)
class Found:
    """One proved puzzle: the position and the goal it is asked with (``state``: the set-up's
    extra state, such as Bergen's match scores), its winning move, the tempting move (the
    heuristic's), the evidence, the idea and the hints."""

    deal: Any
    seat: int
    goal: Goal
    move: Move
    tempting: Move
    evidence: Evidence
    idea: ideas.Idea
    hints: tuple[str, ...]
    state: dict[str, Any]

    @property
    def depth(self) -> int:
        """Pieces still to play (see :func:`depth_of`)."""
        return self.evidence.depth


def prove(
    info: GameInfo, deal: PlayedDeal, budget: int, goal: Goal | None = None, state: Any = None
) -> Found | None:
    """A puzzle when the seat to move has :data:`MIN_MOVES` distinct moves or more, exactly
    one of them forces ``goal`` (default: the game's own) within ``budget`` positions in all,
    and the heuristic player finds it with none of its seeds; else None."""
    goal = goal or goals.goal_of(info, "win")
    seat = deal.turn
    if sum(1 for _ in distinct_moves(deal)) < MIN_MOVES:
        return None
    picks = [info.bot("heuristic", s).choose(deal.copy()) for s in HEURISTIC_SEEDS]
    found = measure(info, goal, deal, budget, unique=True, first=picks)
    if found is None or len(found.winners) != 1:
        return None
    move = found.winners[0][0]
    tempting = picks[0]
    told = ideas.tell(info, goal, deal, seat, move, tempting, budget)
    if told is None:
        return None
    idea, hints = told
    # measured again in the legal moves' order, as ``--rate`` measures it (same figures)
    again = measure(info, goal, deal, budget)
    measured = evidence(info, deal, again if again is not None else found)
    return Found(deal, seat, goal, move, tempting, measured, idea, hints, dict(state or {}))


#: A position after a move (the tests' name for it).
_after = position_after


def generate(
    game: str, count: int, min_depth: int, seed: int, max_nodes: int = MAX_NODES
) -> list[Found]:
    """Up to ``count`` proved puzzles from deals seeded from ``seed`` (deterministic):
    :data:`CHOICE` times as many are found, then those the strong player misses at its
    smallest budget come first (each group in the order found)."""
    info = check_settings(game, count, min_depth)
    rng = random.Random(seed)
    found: list[Found] = []
    seen: set[Hashable] = set()
    for number in range(count * DEALS_PER_PUZZLE):
        puzzle = _one_of(info, rng.randrange(10**9), min_depth, max_nodes, seen, len(found))
        if puzzle is not None:
            found.append(puzzle)
            _progress(game, number + 1, len(found), count * CHOICE)
        if len(found) >= count * CHOICE:
            break
    fooled = [p for p in found if p.evidence.strong[0] < MOSTLY]
    rest = [p for p in found if p.evidence.strong[0] >= MOSTLY]
    return (fooled + rest)[:count]


def _one_of(
    info: GameInfo, seed: int, min_depth: int, budget: int, seen: set[Hashable], turn: int
) -> Found | None:
    """The first puzzle among the candidate positions of one deal (None: none passed)."""
    for deal in candidates(info, seed, min_depth):
        for goal, asked, state in settings(info, deal, turn):
            key = (goal.name, json.dumps(state), asked.state_key())
            if key in seen:
                continue
            seen.add(key)
            puzzle = prove(info, asked, budget, goal, state)
            if puzzle is not None:
                return puzzle
    return None


def _progress(game: str, deals: int, found: int, wanted: int) -> None:
    """One progress line on standard error (the runs are long)."""
    print(f"generate {game}: {deals} deals, {found}/{wanted} puzzles", file=sys.stderr, flush=True)


# ----- bank entries -----------------------------------------------------------------------------
def entry(info: GameInfo, puzzle: Found, number: int) -> dict[str, Any]:
    """The bank entry of one puzzle (the format of the banks' endgames); ``themes`` last."""
    data: dict[str, Any] = {"id": f"{_prefix(info)}-gen-{number:02d}"}
    if info.family == "trick":
        data.update(_trick_setup(info, puzzle))
    else:
        data.update(_line_setup(info, puzzle))
    idea = puzzle.idea
    data["hints"] = list(puzzle.hints)
    data["rules"] = list(dict.fromkeys([idea.rule, *puzzle.goal.rules]))
    data["wrong"] = [{"answer": str(puzzle.tempting), "rule": idea.rule, "why": idea.why}]
    data["difficulty"] = puzzle.evidence.table()
    data["themes"] = list(idea.themes)
    return data


def _trick_setup(info: GameInfo, puzzle: Found) -> dict[str, object]:
    deal = puzzle.deal
    left = len(deal.hands[puzzle.seat])
    unit = info.round_name
    story = f"{_number(left).capitalize()} {unit}{'s' * (left > 1)} to go."
    dice = capable(deal, "has_point_tiles")
    point = dice.point if dice is not None else None  # the dice roll naming the point tiles
    if point is not None:
        story += f" The dice showed {point}."
    data: dict[str, object] = {
        "kind": "endgame",
        "story": story,
        "hands": [
            join(h) if info.pieces == "tiles" else ", ".join(map(str, h)) for h in deal.hands
        ],
        "won": list(deal.won),
        "leader": puzzle.seat,
    }
    if point is not None:
        data["state"] = {"point": str(point)}
    return data


def _line_setup(info: GameInfo, puzzle: Found) -> dict[str, object]:
    deal = puzzle.deal
    start = deal.restart()
    title, prompt = _line_texts(info, deal, puzzle.goal)
    data: dict[str, Any] = {
        "kind": "line-move",
        "goal": puzzle.goal.name,
        "title": title,
        "prompt": prompt,
        "hands": [join(h) for h in start.hands],
        "moves": [str(m) for m in deal.history],
    }
    if start.turn != 0 and "leader" in start._start:
        data["leader"] = start.turn
    state: dict[str, Any] = {}
    pile = capable(start, "has_boneyard")  # the tiles to draw, in order
    if pile is not None:
        state["boneyard"] = [str(t) for t in pile.boneyard]
    state.update(puzzle.state)
    if state:
        data["state"] = state
    return data


#: The titles of Bergen's goals (a game's own goal keeps its bank's endgame title).
TITLES = {
    "target": "Reach the target",
    "domino": "Go out first",
    "blocked": "Win the blocked count",
}


def _line_texts(info: GameInfo, deal: Any, goal: Goal) -> tuple[str, str]:
    """The title of the card and a prompt stating what the answer depends on: the hands, the
    draw pile, the running scores and the target, the rule of a blocked round."""
    from gupai_learn.puzzles.loader import raw

    shown = "Every hand is shown"
    if info.has_boneyard:
        shown += " and nothing is left to draw"
    shown += "."
    if goal.name == "target":
        totals = ", ".join(f"{deal.name(s)} {t}" for s, t in enumerate(deal.totals))
        shown += f" The game is played to {deal.rules.target} points; the scores now, this "
        shown += f"round's points included: {totals}."
    elif goal.name == "blocked":
        shown += f" A blocked round goes by the {deal.rules.blocked_rule} rule."
    prompt = f"{shown} You are {{seat}}: which move makes sure you {goal.aim}, "
    prompt += "whatever the others do?"
    if goal.name in TITLES:
        return TITLES[goal.name], prompt
    own = next(p for p in raw(info.name)["puzzle"] if p.get("goal") == "win" and "title" in p)
    return str(own["title"]), prompt


def _prefix(info: GameInfo) -> str:
    """The short id prefix of the game's bank ("tg" of "tg-end-01")."""
    from gupai_learn.puzzles.loader import raw

    return str(raw(info.name)["puzzle"][0]["id"]).split("-")[0]


def _number(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the generator; 0 when the file was written, 2 for impossible settings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of {', '.join(GAMES)}")
    parser.add_argument("--count", type=int, default=10, help="puzzles wanted (default 10)")
    parser.add_argument("--min-depth", type=int, default=4, help="see the module doc (4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES, help="solver budget")
    parser.add_argument("--stdout", action="store_true", help="print instead of writing")
    parser.add_argument(
        "--rate",
        action="store_true",
        help="measure the game's move puzzles again and write their ratings (nothing generated)",
    )
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(args_list)
    if args.rate:
        if args.game not in GAMES:
            print(f"generate: no game {args.game!r}; nothing written.", file=sys.stderr)
            return 2
        tables = rerate(args.game)
        spread = sorted(t["rating"] for t in tables.values())
        print(f"{len(tables)} move puzzles rated (ratings {spread})")
        return 0
    try:
        found = generate(args.game, args.count, args.min_depth, args.seed, args.max_nodes)
    except SettingsError as error:
        print(f"generate: {error}; nothing written.", file=sys.stderr)
        return 2
    info = GAMES[args.game]
    if not found:
        print("generate: no position passed the proof; nothing written.", file=sys.stderr)
        return 1
    entries = [entry(info, p, i) for i, p in enumerate(found, 1)]
    text = bank_text(info, entries, args_list)
    if args.stdout:
        print(text, end="")
    else:
        path = default_path(args.game)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        ratings = sorted(e["difficulty"]["rating"] for e in entries)
        print(f"{len(found)} puzzles (ratings {ratings}) written to {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
