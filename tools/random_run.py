"""A random run over every game: many deals, every option sampled, bots, random legal moves and
random illegal moves; the invariants checked after every step (issue 25).

    python tools/random_run.py                        # 10,000 deals per game
    python tools/random_run.py --deals 200 --games bergen ding_niu --seed 7

Per deal: a Rules drawn from every option's allowed values, a table size the game allows, a
seeded shuffle. Per turn: a heuristic or random computer player's move, a random listed move, or
a random attempt (pieces drawn from the game's deck, in any spelling, face up or down, at an
end or not). Invariants:

- ``judge`` never raises; every listed move is judged legal; ``apply`` of a refused move raises
  one of the documented errors and changes nothing (history, hands, turn, state key);
- a deal not over always has a legal move, and ends within a move cap;
- pieces are conserved (hands, pieces played and the boneyard);
- a settlement in chips sums to zero.

Prints one line per game and every violation (at most ``--show`` each); exit status 1 when any
invariant broke.
"""

from __future__ import annotations

import argparse
import random
import sys
import traceback
from collections import Counter
from dataclasses import fields
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gupai_learn.engine.game import GameInfo  # noqa: E402
from gupai_learn.engine.moves import Move  # noqa: E402
from gupai_learn.games import GAMES  # noqa: E402
from gupai_learn.verdict import (  # noqa: E402
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
)

DOCUMENTED = (IllegalPlayError, InvalidNotationError, AmbiguousPlayError)
MOVE_CAP = 2_000


class Broken(Exception):
    """An invariant that does not hold."""


def option_values(info: GameInfo) -> dict[str, list[Any]]:
    """Per Rules option, every value the game accepts (switches, named choices, and the whole
    numbers 0 to 40 that the Rules class does not refuse)."""
    hints = get_type_hints(info.Rules)
    values: dict[str, list[Any]] = {}
    for option in fields(info.Rules):
        hint = hints[option.name]
        if hint is bool:
            values[option.name] = [True, False]
        elif get_origin(hint) is Literal:
            values[option.name] = list(get_args(hint))
        else:
            values[option.name] = [n for n in range(41) if _accepted(info, option.name, n)]
    return values


def _accepted(info: GameInfo, name: str, value: Any) -> bool:
    try:
        info.Rules(**{name: value})
    except ValueError:
        return False
    return True


def sampled_rules(info: GameInfo, values: dict[str, list[Any]], rng: random.Random) -> Any:
    """A Rules with every option drawn at random (a refused mix: the defaults of that option)."""
    chosen = {name: rng.choice(options) for name, options in values.items()}
    try:
        return info.Rules(**chosen)
    except ValueError:
        return info.Rules()


def pieces_now(deal: Any) -> Counter[Any]:
    """Every piece of the deal: in hands, played (history), and left to draw."""
    count: Counter[Any] = Counter()
    for hand in deal.hands:
        count.update(hand)
    for move in deal.history:
        count.update(move.pieces)
    count.update(getattr(deal, "boneyard", ()))
    return count


def snapshot(deal: Any) -> tuple[Any, ...]:
    return (deal.history, deal.hands, deal.turn, deal.is_over, deal.state_key())


def attempt(deal: Any, deck: tuple[Any, ...], rng: random.Random) -> Any:
    """A random move, legal or not, in one of the spellings a user might write."""
    pieces = tuple(rng.choice(deck) for _ in range(rng.randint(1, 4)))
    kind = rng.choice(["play", "discard", "play", "draw", "pass"])
    end = rng.choice([None, None, "left", "right"]) if kind == "play" else None
    move = Move(kind, pieces if kind in ("play", "discard") else (), end, None)  # type: ignore[arg-type]
    form = rng.randrange(4)
    if form == 0:
        return move
    if form == 1:
        return str(move)
    if form == 2:
        return list(pieces)
    return rng.choice([None, 5, "", "down:", "[9:9]", (), Move("play", None)])  # type: ignore[arg-type]


def check_refusal(deal: Any, raw: Any) -> None:
    """``judge`` never raises; a refused move raises a documented error and changes nothing;
    an accepted one is made."""
    try:
        verdict = deal.judge(raw)
    except Exception as error:
        raise Broken(f"judge({raw!r}) raised {error!r}") from error
    before = snapshot(deal)
    try:
        deal.apply(raw)
    except DOCUMENTED:
        if snapshot(deal) != before:
            raise Broken(f"a refused {raw!r} changed the deal") from None
        if verdict.ok:
            raise Broken(f"judge accepted {raw!r} but apply refused it") from None
        return
    except Exception as error:
        raise Broken(f"apply({raw!r}) raised {error!r}") from error
    if not verdict.ok:
        raise Broken(f"judge refused {raw!r} but apply made it")


def play_deal(info: GameInfo, values: dict[str, list[Any]], seed: int) -> None:
    """One deal with random options and players; raises Broken on a violation."""
    rng = random.Random(seed)
    rules = sampled_rules(info, values, rng)
    players = info.table_size(rules)
    deal = info.Deal.random(seed=seed, rules=rules, players=players)
    bots = [info.bot(rng.choice(list(info.bots)), seed + s) for s in range(players)]
    deck = tuple(info.deck())
    start = pieces_now(deal)
    for _ in range(MOVE_CAP):
        if deal.is_over:
            break
        listed = deal.legal_moves()
        if not listed:
            raise Broken("a deal in play has no legal move")
        roll = rng.random()
        if roll < 0.15:
            check_refusal(deal, attempt(deal, deck, rng))
            continue
        move = bots[deal.turn].choose(deal) if roll < 0.6 else rng.choice(listed)
        if rng.random() < 0.2 and not deal.judge(move).ok:
            raise Broken(f"{move} was chosen but judge refuses it")
        deal.apply(move)
        if pieces_now(deal) != start:
            raise Broken(f"pieces not conserved after {move}")
    else:
        raise Broken(f"no end after {MOVE_CAP} moves")
    settlement = deal.settle()
    if settlement.unit == "chip" and sum(settlement.results) != 0:
        raise Broken(f"settlement not zero-sum: {settlement!r}")


def run_game(name: str, deals: int, seed: int, show: int) -> int:
    """Play ``deals`` deals of game ``name``; print and return the number of violations."""
    info = GAMES[name]
    values = option_values(info)
    broken = 0
    for i in range(deals):
        deal_seed = seed * 1_000_003 + i
        try:
            play_deal(info, values, deal_seed)
        except Exception as error:  # a violation, or anything the engine raised unasked
            broken += 1
            if broken <= show:
                print(f"  {name} seed {deal_seed}: {error!r}")
                if not isinstance(error, Broken):
                    traceback.print_exc(limit=4)
    print(f"{info.title}: {deals:,} deals, {broken} violations")
    return broken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--deals", type=int, default=10_000, help="deals per game (10,000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (0)")
    parser.add_argument("--show", type=int, default=5, help="violations printed per game (5)")
    parser.add_argument("--games", nargs="*", default=list(GAMES), help="the games (all)")
    args = parser.parse_args(argv)
    total = sum(run_game(g, args.deals, args.seed, args.show) for g in args.games)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
