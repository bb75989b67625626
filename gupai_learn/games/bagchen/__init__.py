"""Bagchen, the Tibetan trick game of 64 tiles: Tien Gow's big brother.

Sources: seed ``000_2f7654a3cdec59f9.txt`` (an English adaptation of pagat's Bagchen page);
ruling ``rules/bagchen.md``, which corrects two slips of the seed and settles every option.
Four players, sixteen tiles each from a double Chinese set; two dice name the point tiles;
six tricks give a passport; the winner of the last trick wins the deal.

Same skeleton as every game: :class:`Rules`, combinations (:func:`classify`, :func:`beats`),
:class:`Deal`, settlement, bots, solver, reference card, ``GAME``.

    >>> from gupai_learn.games import bagchen
    >>> bagchen.classify("[3:2][4:1]").name
    'pair of owls 雜五'
    >>> bagchen.classify("[2:2]", point="2-2").kind
    'point'
    >>> bool(bagchen.beats("[3:1][3:1][3:1]", "[5:1][5:1][5:1]"))
    True
"""

from __future__ import annotations

from typing import Any

from gupai_learn import decks
from gupai_learn.bots import RandomPlayer
from gupai_learn.engine.game import GameInfo, winner_leads
from gupai_learn.engine.moves import quote
from gupai_learn.engine.trick import Combination
from gupai_learn.games.bagchen.bench import BENCH
from gupai_learn.games.bagchen.bots import HeuristicPlayer, strong_player
from gupai_learn.games.bagchen.combos import (
    KIND_NAMES,
    KINDS,
    NO_POINTS,
    beat_errors,
    beat_note,
    canonical,
    classify_play,
    point_kinds,
    point_value,
    read_roll,
    shown,
    tile_name,
)
from gupai_learn.games.bagchen.deal import Deal, seek, top_kinds
from gupai_learn.games.bagchen.events import MEASURES, events
from gupai_learn.games.bagchen.reference import reference_card
from gupai_learn.games.bagchen.review_words import WORDS
from gupai_learn.games.bagchen.rules import RULE_IDS, Rules
from gupai_learn.games.bagchen.settle import is_slam, jump
from gupai_learn.games.bagchen.settle import settle as settle_deal
from gupai_learn.games.bagchen.solver import SolveResult, solve
from gupai_learn.tiles import Tile, Tiles, as_tiles
from gupai_learn.verdict import IllegalPlayError, Reason, SetupError, Verdict

__all__ = [
    "GAME",
    "KINDS",
    "KIND_NAMES",
    "Combination",
    "Deal",
    "HeuristicPlayer",
    "Rules",
    "SolveResult",
    "beats",
    "carry",
    "classify",
    "is_slam",
    "jump",
    "point_kinds",
    "point_tiles",
    "point_value",
    "seek",
    "solve",
    "tile_name",
    "top_kinds",
]

_DEFAULT = Rules()


def _rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise SetupError(f"rules={quote(rules)}: give a bagchen.Rules(...)")
    return rules


def _points(point: object) -> frozenset[Tile]:
    return NO_POINTS if point is None else point_kinds(read_roll(point))


def point_tiles(point: object) -> Tiles:
    """BG-POINT-ROLL: the four point tiles a roll names (``point_tiles("6-3")``)."""
    kinds = _points(point)
    return Tiles(t for t in decks.chinese_double() if t in kinds)


def _combination(
    value: Any, rules: Rules, point: object
) -> tuple[Combination | None, list[Reason]]:
    rules = _rules(rules)
    points = _points(point)
    if isinstance(value, Combination):
        return value, []
    pieces = canonical(as_tiles(value))
    blanks = [
        Reason("BG-SET", f"{t} has a blank end: it is not a Chinese tile.")
        for t in pieces
        if not t.is_chinese
    ]
    if blanks:
        return None, blanks
    return classify_play(pieces, points, rules.earth_any_mix)


def classify(tiles: Any, rules: Rules = _DEFAULT, point: object = None) -> Combination:
    """The lead class of ``tiles`` when ``point`` (a dice roll such as ``"2-2"``; None: no
    point) names the point tiles: ``.kind``, ``.rank``, ``.name``. Raises
    :class:`IllegalPlayError` whose verdict gives every reason they are not a valid lead."""
    combo, reasons = _combination(tiles, rules, point)
    if combo is None:
        raise IllegalPlayError(
            Verdict.illegal(reasons, f"{shown(canonical(as_tiles(tiles)))} is not a valid lead")
        )
    return combo


def beats(challenger: Any, high: object, rules: Rules = _DEFAULT, point: object = None) -> Verdict:
    """Whether ``challenger``, played face up, beats ``high`` (the trick's high play), with the
    reasons: same class, same number of tiles, strictly higher rank (BG-RANK, BG-COMBO-*,
    BG-HORSE, BG-MOTHER-SON, BG-POINT-PLAY)."""
    high_combo = classify(high, rules, point)
    combo, reasons = _combination(challenger, rules, point)
    high_text = f"{shown(high_combo.pieces)} ({high_combo.name})"
    refused = f"{shown(canonical(as_tiles(challenger)))} does not beat {high_text}"
    if combo is None:
        text = "it is not a combination of any class, so it cannot go face up."
        return Verdict.illegal([Reason("BG-RANK", text), *reasons], refused)
    if len(combo.pieces) != len(high_combo.pieces):
        mine, theirs = _tile_count(len(combo.pieces)), _tile_count(len(high_combo.pieces))
        text = f"{shown(combo.pieces)} has {mine}; {high_text} has {theirs}."
        return Verdict.illegal([Reason("BG-TRICKS", text)], refused)
    errors = beat_errors(combo, high_combo, high_text)
    if errors:
        return Verdict.illegal(errors, f"{shown(combo.pieces)} does not beat {high_text}")
    note = beat_note(combo, high_combo, high_text)
    return Verdict.legal(f"{shown(combo.pieces)} beats {high_text}", [note])


#: The next deal of a match (BG-DEAL): the winner of the last trick leads it. A big slam
#: (BG-SLAM) never gets here: its settlement names the ``game_winner`` and the Match ends.
carry = winner_leads


GAME = GameInfo(
    name="bagchen",
    title="Bagchen",
    chinese="",
    family="trick",
    rule_prefix="BG",
    seats=(4,),
    Rules=Rules,
    Deal=Deal,
    deck=decks.chinese_double,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": strong_player},
    carry=carry,
    piece_style="chinese",
    won_name="trick",
    reference=reference_card,
    classify=classify,
    beats=beats,
    classes=KIND_NAMES,
    solve=solve,
    events=events,
    measures=MEASURES,
    has_point_tiles=True,
    option_rules=RULE_IDS,
    themes=(
        "classes",
        "beating",
        "trick winner",
        "points",
        "passport",
        "settlement",
        "last trick",
        "lead strength",
        "counting",
        "variants",
    ),
    settle=settle_deal,
    review_words=WORDS,
    bench=BENCH,
    chapter=3,
)


def _tile_count(count: int) -> str:
    """``count`` tiles in words: "1 tile", "2 tiles"."""
    return f"{count} tile{'s' * (count != 1)}"
