"""Puzzle generator: ``python -m gupai_learn.puzzles.generate GAME --count N --min-depth D``
(``--seed S``, ``--max-nodes M``, ``--stdout``).

From seeded deals played to the end by the game's heuristic players, it takes positions with
every hand visible where exactly one first move forces the seat's goal (moves reaching the same
position, such as two identical tiles, count as one), proved by the solver within a node
budget: the last trick (trick games: the seat to lead, between tricks), first place (Bull
Fight) or the most points of the round (Bergen, with nothing left to draw). Each becomes a bank
entry in the format of the banks' endgames (``endgame`` for trick games, ``line-move`` with
``goal = "win"`` for line games) with

- a difficulty: ``depth`` (trick games: pieces in the seat's hand; line games: the fewest
  tiles in any hand), ``alternatives`` (other distinct legal moves, all refuted), ``nodes``
  (positions the solver searched to prove the answer) and a ``rating`` from 1 to 5;
- hints: a general one, then the others' answer to the tempting wrong move (the computer
  player's choice when it is wrong, else the refuted move that took the most search), told in
  the game's words ("after [6:6], South beats with [1:1] ..."), never the right move;
- ``wrong``: that tempting move, refuted by the goal's rule.

The entries go to ``puzzles/banks/generated/<game>.toml`` (a bank of its own: ``game``, the
main bank's ``[roles]`` and kind texts, then the puzzles), or to standard output with
``--stdout``. The same arguments always give the same file. Impossible settings (a count or
depth below 1, a depth beyond a hand, an unknown game) are refused with a one-line reason and
nothing is written.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import Move, join
from gupai_learn.engine.protocols import capable
from gupai_learn.games import GAMES
from gupai_learn.review import GOALS, _Budget, _line, _story

#: Positions the solver may search to prove one puzzle.
MAX_NODES = 60_000
#: Deals tried per puzzle asked for before the generator gives up.
DEALS_PER_PUZZLE = 100
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


class SettingsError(ValueError):
    """Settings no generator run can satisfy (nothing is written)."""


@dataclass(frozen=True)
class Found:
    """One proved puzzle: the position, its only winning move, the refuted tempting move, the
    others' answer to it in words, and the difficulty figures."""

    deal: Any
    seat: int
    move: Move
    tempting: Move
    refutation: str
    depth: int
    alternatives: int
    nodes: int

    @property
    def rating(self) -> int:
        """1 (easy) to 5 (hard): deeper, more alternatives and more search make it harder."""
        search = (math.log10(max(10, self.nodes)) - 2) / 1.5
        score = (self.depth - 3) + self.alternatives / 4 + search
        return max(1, min(5, round(score)))


# ----- checks -----------------------------------------------------------------------------------
def hand_size(info: GameInfo) -> int:
    """Pieces in a hand at the start of a deal of ``info``'s game (default rules)."""
    return len(info.Deal.random(seed=0).hands[0])


def check_settings(game: str, count: Any, min_depth: Any) -> GameInfo:
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
def depth_of(info: GameInfo, deal: Any, seat: int) -> int:
    """Trick games: pieces in the seat's hand; line games: the fewest tiles in any hand."""
    if info.family == "trick":
        return len(deal.hands[seat])
    return min(len(h) for h in deal.hands)


def candidates(info: GameInfo, seed: int, min_depth: int) -> Iterator[Any]:
    """Positions of one bot-played deal worth proving, smallest first: trick games between
    tricks; Bergen with nothing left to draw; each with a choice and a depth of ``min_depth``
    or one more (deeper ones rarely prove within the budget)."""
    deal = info.Deal.random(seed=seed)
    bots = [info.bot("heuristic", seed * 10 + s) for s in range(deal.n_seats)]
    found = []
    while not deal.is_over:
        if _worth(info, deal, min_depth):
            found.append(deal.copy())
        deal.apply(bots[deal.turn].choose(deal.copy()))
    # only the smallest deep-enough positions: the solver proves them quickly
    near = [d for d in found if depth_of(info, d, d.turn) <= min_depth + 1]
    return iter(sorted(near, key=lambda d: depth_of(info, d, d.turn))[:3])


def _worth(info: GameInfo, deal: Any, min_depth: int) -> bool:
    if depth_of(info, deal, deal.turn) < min_depth or len(deal.legal_moves()) < 2:
        return False
    if info.family == "trick":
        return not deal.trick
    pile = capable(deal, "has_boneyard")
    return pile is None or pile.drawable == 0


def prove(info: GameInfo, deal: Any, budget: int) -> Found | None:
    """A puzzle when exactly one distinct first move forces the goal (each move's outcome
    proved within ``budget`` positions in all), else None."""
    seat = deal.turn
    solve = info.solve
    assert solve is not None
    spent = 0
    winners: list[tuple[Move, int]] = []
    losers: list[tuple[Move, int]] = []
    seen: set[Hashable] = set()
    for move in deal.legal_moves():
        child = deal.copy()
        child.apply(move)
        key = child.state_key()
        if key in seen:
            continue
        seen.add(key)
        result = solve(child, seat, max_nodes=max(0, budget - spent))
        spent += result.nodes
        if result.wins is None or (result.wins and winners):
            return None
        (winners if result.wins else losers).append((move, result.nodes))
    if len(winners) != 1 or not losers:
        return None
    tempting = _tempting(info, deal, losers)
    after = _after(deal, tempting)
    line, end = _line(info, after, seat, False, _Budget(budget, budget))
    # the others' answers only: the seat's own later moves might show the right one
    mine = next((i for i, (who, _) in enumerate(line) if who == seat), len(line))
    if mine < len(line):
        line, end = line[:mine], after.copy()
        for _, move in line:
            end.apply(move)
    story = _story(after, line, end, seat, GOALS[info.name][0], False)
    return Found(
        deal, seat, winners[0][0], tempting, story, depth_of(info, deal, seat), len(losers), spent
    )


def _tempting(info: GameInfo, deal: Any, losers: list[tuple[Move, int]]) -> Move:
    """The wrong move a player is likely to try: the computer player's, when it loses; else
    the refuted move whose refutation took the most search."""
    choice = info.bot("heuristic", 0).choose(deal.copy())
    wrong = [m for m, _ in losers]
    if choice in wrong:
        return choice
    return max(losers, key=lambda ln: ln[1])[0]


def _after(deal: Any, move: Move) -> Any:
    child = deal.copy()
    child.apply(move)
    return child


def generate(
    game: str, count: int, min_depth: int, seed: int, max_nodes: int = MAX_NODES
) -> list[Found]:
    """Up to ``count`` proved puzzles from deals seeded from ``seed`` (deterministic)."""
    info = check_settings(game, count, min_depth)
    rng = random.Random(seed)
    found: list[Found] = []
    seen: set[Hashable] = set()
    for _ in range(count * DEALS_PER_PUZZLE):
        for deal in candidates(info, rng.randrange(10**9), min_depth):
            key = deal.state_key()
            if key in seen:
                continue
            seen.add(key)
            puzzle = prove(info, deal, max_nodes)
            if puzzle is not None:
                found.append(puzzle)
                break
        if len(found) >= count:
            break
    return found


# ----- writing TOML -----------------------------------------------------------------------------
def entry(info: GameInfo, puzzle: Found, number: int, seed: int) -> dict[str, Any]:
    """The bank entry of one puzzle (the format of the banks' endgames)."""
    goal_rule = _goal_rule(info)
    data: dict[str, Any] = {"id": f"{_prefix(info)}-gen-{number:02d}"}
    if info.family == "trick":
        data.update(_trick_setup(info, puzzle))
    else:
        data.update(_line_setup(info, puzzle))
    said = f"after {puzzle.tempting}, {puzzle.refutation}"
    data["hints"] = [_first_hint(info), said[0].upper() + said[1:] + "."]
    data["rules"] = list(dict.fromkeys([goal_rule, *GOALS[info.name][1]]))
    data["wrong"] = [{"answer": str(puzzle.tempting), "rule": goal_rule}]
    data["difficulty"] = {
        "rating": puzzle.rating,
        "depth": puzzle.depth,
        "alternatives": puzzle.alternatives,
        "nodes": puzzle.nodes,
    }
    return data


def _trick_setup(info: GameInfo, puzzle: Found) -> dict[str, Any]:
    deal = puzzle.deal
    left = len(deal.hands[puzzle.seat])
    unit = info.round_name
    story = f"{_number(left).capitalize()} {unit}{'s' * (left > 1)} to go."
    dice = capable(deal, "has_point_tiles")
    point = dice.point if dice is not None else None  # the dice roll naming the point tiles
    if point is not None:
        story += f" The dice showed {point}."
    data: dict[str, Any] = {
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


def _line_setup(info: GameInfo, puzzle: Found) -> dict[str, Any]:
    deal = puzzle.deal
    start = deal.restart()
    title, prompt = _line_texts(info, deal)
    data: dict[str, Any] = {
        "kind": "line-move",
        "goal": "win",
        "title": title,
        "prompt": prompt,
        "hands": [join(h) for h in start.hands],
        "moves": [str(m) for m in deal.history],
    }
    if start.turn != 0 and "leader" in start._start:
        data["leader"] = start.turn
    pile = capable(start, "has_boneyard")  # the tiles to draw, in order
    if pile is not None:
        data["state"] = {"boneyard": [str(t) for t in pile.boneyard]}
    return data


def _goal_rule(info: GameInfo) -> str:
    """The rule a refuted move is told with: the bank's ``deal`` role (trick games: who takes
    the last trick) or ``places`` role (line games: who finishes ahead)."""
    from gupai_learn.puzzles.loader import raw

    return str(raw(info.name)["roles"]["deal" if info.family == "trick" else "places"])


def _prefix(info: GameInfo) -> str:
    """The short id prefix of the game's bank ("tg" of "tg-end-01")."""
    from gupai_learn.puzzles.loader import raw

    return str(raw(info.name)["puzzle"][0]["id"]).split("-")[0]


def _line_texts(info: GameInfo, deal: Any) -> tuple[str, str]:
    """The title of the game's own endgames (line-move entries aiming to win) and a prompt
    stating what the answer depends on: the hands, the draw pile, the points so far."""
    from gupai_learn.puzzles.loader import raw

    own = next(p for p in raw(info.name)["puzzle"] if p.get("goal") == "win" and "title" in p)
    shown = "Every hand is shown"
    if info.has_boneyard:
        shown += " and nothing is left to draw"
    rounds = capable(deal, "scores_rounds")
    if rounds is not None:
        told = ", ".join(f"{deal.name(s)} {p}" for s, p in enumerate(rounds.round_points))
        shown += f". Points this round so far: {told}"
    verb, _, rest = GOALS[info.name][0].partition(" ")
    goal = f"{verb[:-2] if verb.endswith('shes') else verb[:-1]} {rest}"  # "finishes" -> "finish"
    prompt = f"{shown}. You are {{seat}}: which move makes sure you {goal}, whatever the others do?"
    return str(own["title"]), prompt


def _first_hint(info: GameInfo) -> str:
    if info.family == "trick":
        return f"Count what each seat can still beat: who will lead the last {info.round_name}?"
    return "Look at every hand: after each move you could make, who can answer?"


def _number(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def bank_text(info: GameInfo, entries: Sequence[dict[str, Any]], argv: Sequence[str]) -> str:
    """A whole bank file: its header (game, roles and kind texts of the game's main bank), then
    the entries."""
    from gupai_learn.puzzles.loader import raw

    main = raw(info.name)
    lines = [
        f"# Generated by: python -m gupai_learn.puzzles.generate {' '.join(argv)}",
        "# Every entry's answer is proved by the solver; regenerate rather than edit.",
        f"game = {_toml(info.name)}",
        "",
        "[roles]",
        *(f"{k} = {_toml(v)}" for k, v in main.get("roles", {}).items()),
    ]
    for kind in ("endgame", "line-move"):
        texts = main.get("kinds", {}).get(kind)
        if texts:
            lines += ["", f"[kinds.{kind}]", *(f"{k} = {_toml(v)}" for k, v in texts.items())]
    for data in entries:
        lines += ["", "[[puzzle]]", *(f"{k} = {_toml(v)}" for k, v in data.items())]
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    """A TOML value: strings (JSON escapes are TOML escapes), integers, lists, inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"
    return "[" + ", ".join(_toml(v) for v in value) + "]"


def default_path(game: str) -> Path:
    """Where a game's generated bank lives: ``puzzles/banks/generated/<game>.toml``."""
    return Path(__file__).parent / "banks" / "generated" / f"{game}.toml"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the generator; 0 when the file was written, 2 for impossible settings."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help=f"one of {', '.join(GAMES)}")
    parser.add_argument("--count", type=int, default=10, help="puzzles wanted (default 10)")
    parser.add_argument("--min-depth", type=int, default=4, help="see the module doc (4)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--max-nodes", type=int, default=MAX_NODES, help="solver budget")
    parser.add_argument("--stdout", action="store_true", help="print instead of writing")
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(args_list)
    try:
        found = generate(args.game, args.count, args.min_depth, args.seed, args.max_nodes)
    except SettingsError as error:
        print(f"generate: {error}; nothing written.", file=sys.stderr)
        return 2
    info = GAMES[args.game]
    if not found:
        print("generate: no position passed the proof; nothing written.", file=sys.stderr)
        return 1
    entries = [entry(info, p, i, args.seed) for i, p in enumerate(found, 1)]
    text = bank_text(info, entries, args_list)
    if args.stdout:
        print(text, end="")
    else:
        path = default_path(args.game)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        ratings = sorted(p.rating for p in found)
        print(f"{len(found)} puzzles (ratings {ratings}) written to {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
