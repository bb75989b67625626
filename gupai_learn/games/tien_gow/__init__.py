"""Tien Gow (天九), the classic Chinese trick-taking game with 32 tiles.

Sources: seed ``001_81018c6b564607b8.txt`` (pagat's Tien Gow page); ruling
``rules/tien_gow.md``, which settles every gap and option. Four players, eight tiles each; the
winner of the last trick wins the hand.

The module's skeleton is the same for every game: :class:`Rules` (options), combinations
(:func:`classify`, :func:`beats`), :class:`Deal` (state and verbs), settlement, solver.

    >>> from gupai_learn.games import tien_gow
    >>> tien_gow.classify("[6:6] [6:3]").name
    'Heaven-nine'
    >>> bool(tien_gow.beats("[4:4][5:2]", "[3:1][4:1]"))
    True
"""

from __future__ import annotations

from typing import Any

from gupai_learn import decks
from gupai_learn.bots import RandomPlayer
from gupai_learn.engine.game import GameInfo
from gupai_learn.engine.moves import quote
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tien_gow.bench import BENCH
from gupai_learn.games.tien_gow.bots import HeuristicPlayer, strong_player
from gupai_learn.games.tien_gow.combos import (
    ALL_COMBOS,
    KIND_NAMES,
    KINDS,
    beat_errors,
    beat_note,
    canonical,
    classify_play,
    shown,
)
from gupai_learn.games.tien_gow.deal import Deal, unbeatable_in_own_eyes
from gupai_learn.games.tien_gow.events import MEASURES, events
from gupai_learn.games.tien_gow.reference import reference_card
from gupai_learn.games.tien_gow.review_words import WORDS
from gupai_learn.games.tien_gow.rules import RULE_IDS, Rules
from gupai_learn.games.tien_gow.settle import settle as settle_deal
from gupai_learn.games.tien_gow.solver import SolveResult, solve
from gupai_learn.tiles import as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, SetupError, Verdict

__all__ = [
    "ALL_COMBOS",
    "KINDS",
    "KIND_NAMES",
    "GAME",
    "Combination",
    "Deal",
    "HeuristicPlayer",
    "Rules",
    "SolveResult",
    "beats",
    "classify",
    "combinations",
    "solve",
    "unbeatable_in_own_eyes",
]

_DEFAULT = Rules()


def _rules(rules: object) -> Rules:
    """``rules`` if it is a Rules, else a ValueError naming it."""
    if not isinstance(rules, Rules):
        raise SetupError(f"rules={quote(rules)}: give a tien_gow.Rules(...)")
    return rules


def _combination(value: Any, rules: Rules) -> tuple[Combination | None, list[Reason]]:
    rules = _rules(rules)
    if isinstance(value, Combination):
        return value, []
    pieces = canonical(as_tiles(value))
    blanks = [
        Reason("TG-SET", f"{t} has a blank end: it is not a Chinese tile.")
        for t in pieces
        if not t.is_chinese
    ]
    if blanks:
        return None, blanks
    return classify_play(pieces, rules.mixed_sets)


def classify(tiles: Any, rules: Rules = _DEFAULT) -> Combination:
    """The lead class of ``tiles`` (``.kind``, ``.rank``, ``.name``).

    Raises :class:`IllegalPlayError` whose verdict gives every reason they are not a valid lead.
    """
    combo, reasons = _combination(tiles, rules)
    if combo is None:
        raise IllegalPlayError(
            Verdict.illegal(reasons, f"{shown(canonical(as_tiles(tiles)))} is not a valid lead")
        )
    return combo


def combinations(kind: str, rules: Rules = _DEFAULT) -> list[Combination]:
    """Every combination of class ``kind`` (one of :data:`KINDS`) the set can make under
    ``rules``, strongest first; e.g. ``combinations("mixed-pair")`` lists the eight mixed pairs."""
    rules = _rules(rules)
    if kind not in KINDS:
        raise SetupError(f"unknown class {quote(kind)}; the classes are {', '.join(KINDS)}")
    found = [c for c in ALL_COMBOS[rules.mixed_sets].values() if c.kind == kind]
    return sorted(found, key=lambda c: -c.rank)


def beats(challenger: Any, high: object, rules: Rules = _DEFAULT) -> Verdict:
    """Whether ``challenger``, played face up, beats ``high`` (the trick's current high play of
    the lead's class), with the reasons (TG-BEAT-STRICT, TG-BEAT-TIE, TG-SUPREME)."""
    high_combo = classify(high, rules)
    combo, reasons = _combination(challenger, rules)
    high_text = f"{shown(high_combo.pieces)} ({high_combo.name})"
    refused = f"{shown(canonical(as_tiles(challenger)))} does not beat {high_text}"
    if combo is None:
        text = "it is not a combination of any class, so it cannot go face up."
        return Verdict.illegal([Reason("TG-BEAT-STRICT", text), *reasons], refused)
    if len(combo.pieces) != len(high_combo.pieces):
        mine, theirs = _tile_count(len(combo.pieces)), _tile_count(len(high_combo.pieces))
        text = f"{shown(combo.pieces)} has {mine}; {high_text} has {theirs}."
        return Verdict.illegal([Reason("TG-BEAT-COUNT", text)], refused)
    errors = beat_errors(combo, high_combo, high_text)
    if errors:
        return Verdict.illegal(errors, f"{shown(combo.pieces)} does not beat {high_text}")
    note = beat_note(combo, high_combo, high_text)
    return Verdict.legal(f"{shown(combo.pieces)} beats {high_text}", [note])


def carry(finished: Deal, state: dict[str, object]) -> dict[str, object]:
    """The next deal of a match (TG-DEAL, TG-STREAK): the winner of the hand is the next banker
    and leads, and ``banker_streak`` is his streak coming into it, counted as the rules'
    version of TG-STREAK counts it (see :func:`next_streak`)."""
    winner = finished.winner
    assert winner is not None, "carry() needs a finished deal"
    streak = next_streak(finished, winner)
    state["banker_streak"] = streak
    return {"banker": winner, "leader": winner, "banker_streak": streak, "rules": finished.rules}


def next_streak(finished: Deal, winner: int) -> int:
    """The next banker's ``banker_streak`` (TG-STREAK).

    With ``"wins"`` it counts his wins in a row so far, the win that gave him the bank
    included: a player who wins the bank from another starts at 1, so winning again as banker
    is his second win in a row (×2). Otherwise (``"hands"``, ``"off"``) it counts the hands he
    has already held the bank in a row: 0 for a new banker, since a banker keeps the bank only
    by winning.
    """
    kept = winner == finished.banker
    if finished.rules.banker_streak == "wins":
        return finished.banker_streak + 1 if kept else 1
    return finished.banker_streak + 1 if kept else 0


GAME = GameInfo(
    name="tien_gow",
    title="Tien Gow",
    chinese="天九",
    family="trick",
    rule_prefix="TG",
    seats=(4,),
    Rules=Rules,
    Deal=Deal,
    deck=decks.chinese,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": strong_player},
    carry=carry,
    piece_style="chinese",
    won_name="column",
    classify=classify,
    reference=reference_card,
    beats=beats,
    classes=KIND_NAMES,
    solve=solve,
    events=events,
    measures=MEASURES,
    has_banker=True,
    option_rules=RULE_IDS,
    themes=(
        "the set",
        "classes",
        "beating",
        "trick winner",
        "face-down choice",
        "settlement",
        "early death",
        "last trick",
        "lead strength",
        "counting",
        "variants",
    ),
    settle=settle_deal,
    review_words=WORDS,
    bench=BENCH,
    chapter=2,
)


def _tile_count(count: int) -> str:
    """``count`` tiles in words: "1 tile", "2 tiles"."""
    return f"{count} tile{'s' * (count != 1)}"
