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
  (positions the solver searched to prove the answer), ``score`` (:func:`hardness`: depth,
  alternatives, the refuted moves that look good, whether the computer player falls for one,
  search) and a ``rating`` from 1 to 5: the score's fifth among the game's generated endgames
  (the batch written together), so every game's ladder climbs from 1 to 5;
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
from gupai_learn.review import _Budget, _line, _story, goal_words

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
    others' answer to it in words, and the difficulty figures (see :func:`hardness`)."""

    deal: Any
    seat: int
    move: Move
    tempting: Move
    refutation: str
    depth: int
    alternatives: int
    nodes: int
    traps: int = 0
    fooled: bool = False

    @property
    def score(self) -> float:
        """How hard the position is (:func:`hardness`)."""
        return hardness(self.depth, self.alternatives, self.traps, self.fooled, self.nodes)


# ----- difficulty -------------------------------------------------------------------------------
#: A refuted move looks good when refuting it takes at least this share of the search that
#: proves the winning move (and more than :data:`TRAP_FLOOR` positions): it is not lost at a
#: glance.
TRAP_SHARE = 0.2
TRAP_FLOOR = 20


def hardness(depth: int, alternatives: int, traps: int, fooled: bool, nodes: int) -> float:
    """What makes a position hard, as one number: how deep it is (pieces still to play beyond
    four), how many other moves there are (each doubling adds one), how many of those look good
    but lose (``traps``: half a point each, up to four), whether the computer player's own
    choice loses (``fooled``: three quarters of a point) and, a little, how much search the
    proof took (``nodes``)."""
    choice = math.log2(1 + max(0, alternatives))
    search = 0.4 * math.log10(max(10, nodes))
    return (depth - 4) + choice + 0.5 * min(max(0, traps), 4) + 0.75 * bool(fooled) + search


def cut_points(scores: Sequence[float]) -> tuple[float, ...]:
    """The scores that split ``scores`` (a game's generated endgames) into five equal shares:
    the ratings are fair across games because each game is rated against its own positions
    (a Bergen hand offers two or three moves where a Tien Gow hand offers ten)."""
    ordered = sorted(scores)
    if not ordered:
        return ()
    n = len(ordered)
    return tuple(ordered[min(n - 1, math.ceil(k * n / 5) - 1)] for k in range(1, 5))


def rate(score: float, cuts: Sequence[float]) -> int:
    """1 (easy) to 5 (hard): how many of the game's cut points ``score`` lies above (3 when the
    game has no generated endgames to compare with)."""
    if not cuts:
        return 3
    return 1 + sum(score > cut + 1e-9 for cut in cuts)


def bank_cuts(game: str) -> tuple[float, ...]:
    """The cut points of the game's generated bank (its entries' ``difficulty.score``)."""
    import tomllib

    path = default_path(game)
    if not path.is_file():
        return ()
    bank = tomllib.loads(path.read_text(encoding="utf-8"))
    return cut_points([p["difficulty"]["score"] for p in bank.get("puzzle", ())])


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


@dataclass(frozen=True)
class Measure:
    """Every distinct first move of a position solved: the winners and losers with the
    positions each proof searched, the search in all, and the computer player's choice."""

    winners: tuple[tuple[Move, int], ...]
    losers: tuple[tuple[Move, int], ...]
    nodes: int
    choice: Move

    @property
    def traps(self) -> int:
        """Refuted moves that look good: refuting each took real search (:data:`TRAP_SHARE`)."""
        proof = max((n for _, n in self.winners), default=0)
        floor = max(TRAP_FLOOR, TRAP_SHARE * proof)
        return sum(n >= floor for _, n in self.losers)

    @property
    def fooled(self) -> bool:
        """True when the computer player's own choice loses."""
        return any(m == self.choice for m, _ in self.losers)


def measure(info: GameInfo, deal: Any, budget: int, unique: bool = False) -> Measure | None:
    """Solve every distinct first move of ``deal`` for the seat to move (moves reaching the
    same position count once) within ``budget`` positions in all; None when one stays
    undecided, or, with ``unique``, as soon as a second winning move appears."""
    seat = deal.turn
    solve = info.solve
    assert solve is not None
    spent = 0
    winners: list[tuple[Move, int]] = []
    losers: list[tuple[Move, int]] = []
    for move, child in distinct_moves(deal):
        result = solve(child, seat, max_nodes=max(0, budget - spent))
        spent += result.nodes
        if result.wins is None or (unique and result.wins and winners):
            return None
        (winners if result.wins else losers).append((move, result.nodes))
    choice = info.bot("heuristic", 0).choose(deal.copy())
    return Measure(tuple(winners), tuple(losers), spent, choice)


def distinct_moves(deal: Any) -> Iterator[tuple[Move, Any]]:
    """Each legal move of ``deal`` with the position after it, a position reached twice
    (two identical tiles) given once."""
    seen: set[Hashable] = set()
    for move in deal.legal_moves():
        child = _after(deal, move)
        key = child.state_key()
        if key not in seen:
            seen.add(key)
            yield move, child


def prove(info: GameInfo, deal: Any, budget: int) -> Found | None:
    """A puzzle when exactly one distinct first move forces the goal (each move's outcome
    proved within ``budget`` positions in all), else None."""
    seat = deal.turn
    found = measure(info, deal, budget, unique=True)
    if found is None or len(found.winners) != 1 or not found.losers:
        return None
    tempting = found.choice if found.fooled else max(found.losers, key=lambda ln: ln[1])[0]
    after = _after(deal, tempting)
    line, end = _line(info, after, seat, False, _Budget(budget, budget))
    # the others' answers only: the seat's own later moves might show the right one
    mine = next((i for i, (who, _) in enumerate(line) if who == seat), len(line))
    if mine < len(line):
        line, end = line[:mine], after.copy()
        for _, move in line:
            end.apply(move)
    story = _story(after, line, end, seat, goal_words(info)[0], False)
    depth = depth_of(info, deal, seat)
    move = found.winners[0][0]
    return Found(
        deal,
        seat,
        move,
        tempting,
        story,
        depth,
        len(found.losers),
        found.nodes,
        found.traps,
        found.fooled,
    )


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
def entry(
    info: GameInfo, puzzle: Found, number: int, seed: int, cuts: Sequence[float] | None = None
) -> dict[str, Any]:
    """The bank entry of one puzzle (the format of the banks' endgames), rated against
    ``cuts`` (by default the cut points of the game's generated bank)."""
    goal_rule = _goal_rule(info)
    data: dict[str, object] = {"id": f"{_prefix(info)}-gen-{number:02d}"}
    if info.family == "trick":
        data.update(_trick_setup(info, puzzle))
    else:
        data.update(_line_setup(info, puzzle))
    said = f"after {puzzle.tempting}, {puzzle.refutation}"
    data["hints"] = [_first_hint(info), said[0].upper() + said[1:] + "."]
    data["rules"] = list(dict.fromkeys([goal_rule, *goal_words(info)[1]]))
    data["wrong"] = [{"answer": str(puzzle.tempting), "rule": goal_rule}]
    data["difficulty"] = {
        "rating": rate(puzzle.score, bank_cuts(info.name) if cuts is None else cuts),
        "score": round(puzzle.score, 3),
        "depth": puzzle.depth,
        "alternatives": puzzle.alternatives,
        "nodes": puzzle.nodes,
    }
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
    title, prompt = _line_texts(info, deal)
    data: dict[str, object] = {
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
    verb, _, rest = goal_words(info)[0].partition(" ")
    goal = f"{verb[:-2] if verb.endswith('shes') else verb[:-1]} {rest}"  # "finishes" -> "finish"
    prompt = f"{shown}. You are {{seat}}: which move makes sure you {goal}, whatever the others do?"
    return str(own["title"]), prompt


def _first_hint(info: GameInfo) -> str:
    if info.family == "trick":
        return f"Count what each seat can still beat: who will lead the last {info.round_name}?"
    return "Look at every hand: after each move you could make, who can answer?"


def _number(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def bank_text(info: GameInfo, entries: Sequence[dict[str, object]], argv: Sequence[str]) -> str:
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


def needs_planning(data: dict[str, object]) -> bool:
    """True for a bank entry the solver answers: an endgame, or a line move that must still
    force the goal."""
    return data.get("kind") == "endgame" or (
        data.get("kind") == "line-move" and data.get("goal") == "win"
    )


def rerate(game: str, budget: int = 10**6) -> dict[str, dict[str, Any]]:
    """Measure again every endgame of ``game`` — the generated bank's, then the written ones
    of the game's own bank, rated against the generated ones — and write each ``difficulty``
    table into its file (the rest of each file is left as it is). The new tables by id."""
    import tomllib

    from gupai_learn.puzzles.loader import make, raw, with_bank_tables

    info = GAMES[game]
    path = default_path(game)
    own = with_bank_tables(game, tomllib.loads(path.read_text(encoding="utf-8")))
    measured = {}
    for data in own["puzzle"]:
        deal = make(data, info, own).position
        assert deal is not None
        measured[data["id"]] = measure_entry(info, deal(), budget)
    cuts = cut_points([m["score"] for m in measured.values()])
    for table in measured.values():
        table["rating"] = rate(table["score"], cuts)
    path.write_text(with_difficulties(path.read_text(encoding="utf-8"), measured), "utf-8")
    written: dict[str, dict[str, object]] = {}
    main_bank = raw(game)
    for data in main_bank["puzzle"]:
        if needs_planning(data):
            deal = make(data, info, main_bank).position
            assert deal is not None
            table = measure_entry(info, deal(), budget)
            if table:
                table["rating"] = rate(table["score"], cuts)
                written[data["id"]] = table
    bank_path = path.parent.parent / f"{game}.toml"
    text = bank_path.read_text(encoding="utf-8")
    bank_path.write_text(with_difficulties(text, written), encoding="utf-8")
    return {**measured, **written}


def measure_entry(info: GameInfo, deal: Any, budget: int) -> dict[str, Any]:
    """The figures of one position's ``difficulty`` table (its rating still to be set);
    empty when the solver cannot decide every first move within ``budget``."""
    found = measure(info, deal, budget)
    if found is None:
        return {}
    depth = depth_of(info, deal, deal.turn)
    score = hardness(depth, len(found.losers), found.traps, found.fooled, found.nodes)
    return {
        "rating": 0,
        "score": round(score, 3),
        "depth": depth,
        "alternatives": len(found.losers),
        "nodes": found.nodes,
    }


def with_difficulties(text: str, tables: dict[str, dict[str, object]]) -> str:
    """A bank's text with the ``difficulty`` line of each puzzle in ``tables`` (by id) set:
    an existing line is replaced where it stands, else the line follows the ``id`` line."""
    lines = text.split("\n")
    current = None
    out: list[str] = []
    for i, line in enumerate(lines):
        if line.startswith("[[puzzle]]"):
            current = None
        if line.startswith("id = "):
            current = json.loads(line[len("id = ") :])
            out.append(line)
            if current in tables and not _has_difficulty(lines, i):
                out.append(f"difficulty = {_toml(tables[current])}")
            continue
        if line.startswith("difficulty = ") and current in tables:
            line = f"difficulty = {_toml(tables[current])}"
        out.append(line)
    return "\n".join(out)


def _has_difficulty(lines: list[str], start: int) -> bool:
    """True when the puzzle whose ``id`` line is ``lines[start]`` has a difficulty line."""
    for line in lines[start + 1 :]:
        if line.startswith("[[puzzle]]"):
            return False
        if line.startswith("difficulty = "):
            return True
    return False


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
    parser.add_argument(
        "--rate",
        action="store_true",
        help="measure the game's endgames again and write their ratings (nothing generated)",
    )
    args_list = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(args_list)
    if args.rate:
        if args.game not in GAMES:
            print(f"generate: no game {args.game!r}; nothing written.", file=sys.stderr)
            return 2
        tables = rerate(args.game)
        spread = sorted(t["rating"] for t in tables.values())
        print(f"{len(tables)} endgames rated (ratings {spread})")
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
    # the batch is the game's yardstick: its ratings split it into five equal shares
    cuts = cut_points([p.score for p in found])
    entries = [entry(info, p, i, args.seed, cuts) for i, p in enumerate(found, 1)]
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
