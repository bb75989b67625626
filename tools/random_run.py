"""A random run over every game: many deals, every option sampled, bots, random legal moves and
random illegal moves; the invariants checked after every step (issues 25 and 32).

    python tools/random_run.py                        # 10,000 deals per game
    python tools/random_run.py --deals 200 --games bergen ding_niu --seed 7
    python tools/random_run.py --levels random heuristic   # without the (slow) strong player

Per deal: a Rules drawn from every option's allowed values, a table size the game allows, a
seeded shuffle. Per turn: a heuristic or random computer player's move, a random listed move, or
an attempt of one of these kinds:

- random pieces drawn from the game's deck, in any spelling, face up or down, at an end or not;
- a forged move: a listed move with one field replaced (another kind, another end or none, a
  call or none, one piece more or fewer, pieces on a draw or a pass);
- a hostile object (its ``__eq__``, or its ``__hash__`` and ``__eq__``, raise) alone, among
  pieces, as any field of a Move, or as the ``seat``.

Invariants:

- ``judge`` never raises; every listed move is judged legal; ``apply`` of a refused move raises
  one of the documented errors and changes nothing (history, hands, turn, state key, pieces);
- a Move is exactly what it says: ``judge`` accepts a forged move only when it is listed (pieces
  in any order; or a placement without its end where exactly one end fits);
- a deal not over always has a legal move, and ends within a move cap;
- pieces are conserved (hands, pieces played and the boneyard);
- replaying the history on the restarted deal gives the same history;
- a settlement in chips sums to zero.

Prints one line per game and every violation (at most ``--show`` each); exit status 1 when any
invariant broke.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import fields
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gupai_learn.engine.game import GameInfo  # noqa: E402
from gupai_learn.engine.moves import CALLS, ENDS, Move  # noqa: E402
from gupai_learn.games import GAMES  # noqa: E402
from gupai_learn.verdict import (  # noqa: E402
    AmbiguousPlayError,
    IllegalPlayError,
    InvalidNotationError,
    describe_input,
)

DOCUMENTED = (IllegalPlayError, InvalidNotationError, AmbiguousPlayError)
MOVE_CAP = 2_000
KINDS = ("play", "discard", "draw", "pass")
_new = tuple.__new__
#: What one game's run did: moves made, attempts judged and tried (random, forged, hostile).
TALLY: Counter[str] = Counter()
_ORDER = ("moves", "random attempts", "forged moves", "forged but listed (judged legal)")


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
    return (deal.history, deal.hands, deal.turn, deal.is_over, deal.state_key(), pieces_now(deal))


class EqualsNothing:
    """An object whose equality raises."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "EqualsNothing()"


class HashesNothing:
    """An object whose hash and equality raise."""

    def __hash__(self) -> int:
        raise RuntimeError("no hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no eq")

    def __repr__(self) -> str:
        return "HashesNothing()"


def forged(move: Move, spare: Any, rng: random.Random) -> Move:
    """A listed ``move`` with one field replaced: another kind, end or call, one piece more
    (``spare``) or fewer, or pieces on a move that takes none."""
    kind, pieces, end, call = move
    field = rng.randrange(5)
    if field == 0:
        kind = rng.choice([k for k in KINDS if k != kind])
    elif field == 1:
        end = rng.choice([e for e in (None, *ENDS) if e != end])
    elif field == 2:
        call = rng.choice([c for c in (None, *CALLS) if c != call])
    elif field == 3 or not pieces:
        pieces = (*pieces, spare)
    else:
        pieces = pieces[:-1]
    return _new(Move, (kind, pieces, end, call))


def hostile(move: Move, rng: random.Random) -> Any:
    """An object whose ``__eq__`` (or ``__hash__``) raises, at one door of a move."""
    odd = rng.choice([EqualsNothing, HashesNothing])()
    kind, pieces, end, call = move
    return rng.choice(
        [
            odd,
            [odd],
            (*pieces, odd),
            _new(Move, (odd, pieces, end, call)),
            _new(Move, (kind, (*pieces, odd), end, call)),
            _new(Move, (kind, odd, end, call)),
            _new(Move, (kind, pieces, odd, call)),
            _new(Move, (kind, pieces, end, odd)),
        ]
    )


def shown(raw: Any) -> str:
    """``raw`` quoted short for a report (never raises, whatever its ``__repr__`` does)."""
    return describe_input(raw)


def key(move: Move) -> tuple[Any, ...]:
    """A move up to the order of its pieces."""
    return (move.kind, tuple(sorted(map(str, move.pieces))), move.end, move.call)


def listed_or_shorthand(move: Move, listed: list[Move]) -> bool:
    """True when ``move`` is a listed move (pieces in any order), or a placement without its
    end that fits exactly one end (the one shorthand judge accepts)."""
    keys = {key(m) for m in listed}
    if key(move) in keys:
        return True
    if move.kind != "play" or move.end is not None:
        return False
    return sum(key(move._replace(end=e)) in keys for e in ENDS) == 1


def attempt(deal: Any, deck: tuple[Any, ...], rng: random.Random) -> Any:
    """A random move, legal or not, in one of the spellings a user might write."""
    pieces = tuple(rng.choice(deck) for _ in range(rng.randint(1, 4)))
    kind = rng.choice(["play", "discard", "play", "draw", "pass"])
    end = rng.choice([None, None, "left", "right"]) if kind == "play" else None
    carried = pieces if kind in ("play", "discard") or rng.random() < 0.3 else ()  # draw + tiles
    move = Move(kind, carried, end, None)  # type: ignore[arg-type]
    form = rng.randrange(4)
    if form == 0:
        return move
    if form == 1:
        return str(move)
    if form == 2:
        return list(pieces)
    return rng.choice([None, 5, "", "down:", "[9:9]", (), Move("play", None)])  # type: ignore[arg-type]


def check_refusal(deal: Any, raw: Any, seat: Any = None) -> None:
    """``judge`` never raises; a refused move raises a documented error and changes nothing;
    an accepted one is made."""
    try:
        verdict = deal.judge(raw, seat=seat)
    except Exception as error:
        raise Broken(f"judge({shown(raw)}) raised {error!r}") from error
    before = snapshot(deal)
    try:
        deal.apply(raw, seat=seat)
    except DOCUMENTED:
        if snapshot(deal) != before:
            raise Broken(f"a refused {shown(raw)} changed the deal") from None
        if verdict.ok:
            raise Broken(f"judge accepted {shown(raw)} but apply refused it") from None
        return
    except Exception as error:
        raise Broken(f"apply({shown(raw)}) raised {error!r}") from error
    if not verdict.ok:
        raise Broken(f"judge refused {shown(raw)} but apply made it")


def check_forgery(deal: Any, listed: list[Move], rng: random.Random) -> None:
    """A forged variant of a listed move: judged legal exactly when it is listed; refused and
    made exactly as :func:`check_refusal` says."""
    fake = forged(rng.choice(listed), rng.choice(deal.hands[deal.turn]), rng)
    try:
        ok = deal.judge(fake).ok
    except Exception as error:
        raise Broken(f"judge({shown(fake)}) raised {error!r}") from error
    TALLY["forged moves"] += 1
    TALLY["forged but listed (judged legal)"] += ok
    if ok != listed_or_shorthand(fake, listed):
        said = "accepted the forged move" if ok else "refused the listed move"
        raise Broken(f"judge {said} {shown(fake)}")
    check_refusal(deal, fake)


def check_hostile(deal: Any, listed: list[Move], rng: random.Random) -> None:
    """An object whose ``__eq__``/``__hash__`` raise, at a door of a move or as the seat:
    refused by judge, and by apply with a documented error, the deal unchanged."""
    TALLY["hostile objects"] += 1
    if rng.random() < 0.2:
        raw, seat = rng.choice(listed), rng.choice([EqualsNothing, HashesNothing])()
    else:
        raw, seat = hostile(rng.choice(listed), rng), None
    try:
        ok = deal.judge(raw, seat=seat).ok
    except Exception as error:
        raise Broken(f"judge({shown(raw)}) raised {error!r}") from error
    if ok:
        raise Broken(f"judge accepted {shown(raw)} (a hostile object)")
    check_refusal(deal, raw, seat)


def play_deal(
    info: GameInfo, values: dict[str, list[Any]], seed: int, levels: list[str] | None = None
) -> None:
    """One deal with random options and players (of ``levels``, default every level the game
    has); raises Broken on a violation."""
    rng = random.Random(seed)
    rules = sampled_rules(info, values, rng)
    players = info.table_size(rules)
    deal = info.Deal.random(seed=seed, rules=rules, players=players)
    kinds = [k for k in info.bots if levels is None or k in levels]
    bots = [info.bot(rng.choice(kinds), seed + s) for s in range(players)]
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
            TALLY["random attempts"] += 1
            check_refusal(deal, attempt(deal, deck, rng))
            continue
        if roll < 0.27:
            check_forgery(deal, listed, rng)
            continue
        if roll < 0.30:
            check_hostile(deal, listed, rng)
            continue
        move = bots[deal.turn].choose(deal) if roll < 0.6 else rng.choice(listed)
        if rng.random() < 0.2 and not deal.judge(move).ok:
            raise Broken(f"{move} was chosen but judge refuses it")
        deal.apply(move)
        TALLY["moves"] += 1
        if pieces_now(deal) != start:
            raise Broken(f"pieces not conserved after {move}")
    else:
        raise Broken(f"no end after {MOVE_CAP} moves")
    replayed = deal.restart()
    for move in deal.history:
        replayed.apply(move)
    if replayed.history != deal.history:
        raise Broken("replaying the history gives another history")
    settlement = deal.settle()
    if settlement.unit == "chip" and sum(settlement.results) != 0:
        raise Broken(f"settlement not zero-sum: {settlement!r}")


def run_game(name: str, deals: int, seed: int, show: int, levels: list[str] | None = None) -> int:
    """Play ``deals`` deals of game ``name``; print and return the number of violations (and a
    progress line every tenth of the run, with the processor time so far)."""
    info = GAMES[name]
    values = option_values(info)
    broken = 0
    TALLY.clear()
    start = time.process_time()
    for i in range(deals):
        if i and deals >= 100 and i % (deals // 10) == 0:
            used = time.process_time() - start
            print(f"  {name}: {i:,} deals, {broken} violations, {used:,.0f} s", flush=True)
        deal_seed = seed * 1_000_003 + i
        try:
            play_deal(info, values, deal_seed, levels)
        except Exception as error:  # a violation, or anything the engine raised unasked
            broken += 1
            if broken <= show:
                print(f"  {name} seed {deal_seed}: {error!r}")
                if not isinstance(error, Broken):
                    traceback.print_exc(limit=4)
    used = time.process_time() - start
    print(f"{info.title}: {deals:,} deals, {broken} violations ({used:,.0f} s)", flush=True)
    said = sorted(TALLY.items(), key=lambda kv: (_ORDER + (kv[0],)).index(kv[0]))
    print("  " + ", ".join(f"{n:,} {what}" for what, n in said), flush=True)
    return broken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("--deals", type=int, default=10_000, help="deals per game (10,000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (0)")
    parser.add_argument("--show", type=int, default=5, help="violations printed per game (5)")
    parser.add_argument("--games", nargs="*", default=list(GAMES), help="the games (all)")
    parser.add_argument(
        "--levels", nargs="*", default=None, help="computer players seated (default: every level)"
    )
    args = parser.parse_args(argv)
    total = sum(run_game(g, args.deals, args.seed, args.show, args.levels) for g in args.games)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
