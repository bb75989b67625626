"""Tet-Gow, a trick-taking game for the Decktet inspired by Tien Gow.

Sources: seed ``004_bc3e88efd27ae781.txt`` (Tet-Gow by MY Tian); ruling ``rules/tet_gow.md``
(its tier table rebuilt from the text). Four players (or three), 8 cards each; only the suits
of a card matter: they give its set (Suits, the Cycle, Inter) and its tier (1 = highest). The
winner of the last round wins the game, if he ends with at least 2 tricks.

The skeleton is the same as every game's: :class:`Rules`, sets and plays (:func:`set_of`,
:func:`tier`, :func:`classify`, :func:`beats`), :class:`Deal`, scores, bots, solver.

    >>> from gupai_learn.games import tet_gow
    >>> tet_gow.set_of("Journey"), tet_gow.tier("Journey")
    ('inter', 1)
    >>> bool(tet_gow.beats("Ace of Suns, Bard, Forest", "Ace of Leaves, End, Castle"))
    True
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from gupai_learn import decks
from gupai_learn.bots import RandomPlayer
from gupai_learn.cards import as_cards
from gupai_learn.engine.game import GameInfo, winner_leads
from gupai_learn.engine.moves import quote
from gupai_learn.engine.trick import Combination
from gupai_learn.games.tet_gow.bench import BENCH
from gupai_learn.games.tet_gow.bots import HeuristicPlayer, strong_player
from gupai_learn.games.tet_gow.combos import (
    SET_NAMES,
    SET_OF,
    SETS,
    TIER,
    canonical,
    classify_play,
    follow_note,
    follow_reasons,
    set_of,
    shown,
    signature_name,
    tier,
)
from gupai_learn.games.tet_gow.deal import Deal
from gupai_learn.games.tet_gow.events import MEASURES, events
from gupai_learn.games.tet_gow.marks import card_mark, show_tiers
from gupai_learn.games.tet_gow.reference import reference_card
from gupai_learn.games.tet_gow.review_words import WORDS
from gupai_learn.games.tet_gow.rules import Rules
from gupai_learn.games.tet_gow.settle import Scores, score
from gupai_learn.games.tet_gow.settle import settle as settle_deal
from gupai_learn.games.tet_gow.solver import SolveResult, solve
from gupai_learn.verdict import IllegalPlayError, Reason, SetupError, Verdict

__all__ = [
    "GAME",
    "SETS",
    "SET_NAMES",
    "SET_OF",
    "TIER",
    "Combination",
    "Deal",
    "HeuristicPlayer",
    "Rules",
    "Scores",
    "SolveResult",
    "beats",
    "classify",
    "score",
    "set_of",
    "show_tiers",
    "solve",
    "tier",
]

_DEFAULT = Rules()


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise SetupError(f"rules={quote(rules)}: give a tet_gow.Rules(...)")
    return rules


def _combination(value: object) -> tuple[Combination | None, list[Reason]]:
    if isinstance(value, Combination):
        return value, []
    return classify_play(canonical(as_cards(value)))


def classify(cards: object, rules: Rules = _DEFAULT) -> Combination:
    """The lead ``cards`` make (``.kind`` = their sets, ``.rank`` = 7 − tier, ``.name`` =
    "tier 4"); :class:`IllegalPlayError` listing every TT-LEAD rule they break otherwise."""
    _check_rules(rules)
    combo, reasons = _combination(cards)
    if combo is None:
        pieces = shown(canonical(as_cards(cards)))
        raise IllegalPlayError(Verdict.illegal(reasons, f"{pieces} is not a valid lead"))
    if rules.players == 3 and any(SET_OF[c] == "cycle" for c in combo.pieces):
        text = f"{shown(combo.pieces)} holds a Cycle card, left out for three players."
        raise IllegalPlayError(Verdict.illegal([Reason("TT-THREE", text)], "not in the deck"))
    return combo


def beats(challenger: object, high: object, rules: Rules = _DEFAULT) -> Verdict:
    """Whether ``challenger``, played face up, beats ``high`` (the round's highest face-up play,
    taken to be the lead's sets), with the reasons (TT-FOLLOW)."""
    high_combo = classify(high, rules)
    pieces = canonical(as_cards(challenger))
    high_text = f"{shown(high_combo.pieces)}"
    if len(pieces) != len(high_combo.pieces):
        text = (
            f"{shown(pieces)} is {len(pieces)} cards; {high_text} is {len(high_combo.pieces)}: "
            "a follow has as many cards as the lead."
        )
        return Verdict.illegal([Reason("TT-FOLLOW", text)], "does not beat")
    errors = follow_reasons(pieces, high_combo, high_combo, high_text)
    if errors:
        return Verdict.illegal(errors, f"{shown(pieces)} does not beat {high_text}")
    combo, _ = classify_play(pieces)
    if combo is None:  # two Cycle cards matching a lead that cannot exist
        combo = high_combo
    note = follow_note(combo, high_text, high_combo)
    return Verdict.legal(f"{shown(pieces)} beats {high_text}", [note])


#: The next game of a match (TT-DEAL): the winner of this one leads it.
carry = winner_leads


#: Class ids (a play's sets) → learner's names, for one to four cards (at most one Cycle card).
CLASSES = {
    kind: signature_name(kind)
    for kind in sorted(
        {
            "+".join(sorted(combo, key=SETS.index))
            for n in range(1, 5)
            for combo in combinations_with_replacement(SETS, n)
            if combo.count("cycle") <= 1 and combo.count("suits") <= 2 and combo.count("inter") <= 2
        },
        key=lambda k: (k.count("+"), [SETS.index(p) for p in k.split("+")]),
    )
}


GAME = GameInfo(
    name="tet_gow",
    title="Tet-Gow",
    chinese="",
    family="trick",
    rule_prefix="TT",
    seats=(4, 3),
    Rules=Rules,
    Deal=Deal,
    deck=decks.decktet,
    bots={"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": strong_player},
    carry=carry,
    pieces="cards",
    won_name="trick",
    round_name="round",  # TT-FOLLOW: a round is worth one trick per card led
    deal_name="game",  # TT-DEAL: a match is several games
    reference=reference_card,
    classify=classify,
    beats=beats,
    classes=CLASSES,
    solve=solve,
    events=events,
    measures=MEASURES,
    piece_mark=card_mark,
    has_leftover=True,
    themes=(
        "sets and tiers",
        "leads",
        "beating",
        "trick winner",
        "settlement",
        "last round",
        "lead strength",
        "counting",
        "variants",
    ),
    settle=settle_deal,
    review_words=WORDS,
    bench=BENCH,
    chapter=6,
)
